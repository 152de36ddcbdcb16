// Pattern: loop-based double buffering with two iter_arg token chains.
//   Inside the segment an scf.for, unrolled by two, streams 1024-element
//   tiles through two L2 buffers (ping, pong). The loop carries two tokens,
//   one per buffer, each signalled when that buffer has been written back
//   to L3. The ping chain (DMA in -> herd -> DMA out) and the pong chain
//   do not depend on each other, so the DMA into one buffer overlaps the
//   herd working on the other (pipeline depth D = 2). The two herds
//   (@relu_ping and @relu_pong, 1x2 each) clamp negatives to zero in L1.
//   Tokens are spelled !air.token (the compute-model name).
// Source: seed 000 (AIR compute model), Section 2.2 "scf.for -- loop-carried
//   token dependencies" (pipeline depth, double buffering with one token per
//   chain) and Section 2.1 "Loop-based pipelining".
#mul512 = affine_map<()[s0] -> (s0 * 512)>
module {
  func.func @relu_stream(%in: memref<16384xi32>, %out: memref<16384xi32>) {
    air.launch () in () args(%a=%in, %b=%out) : memref<16384xi32>, memref<16384xi32> {
      %ts = air.segment @stream_seg async args(%sa=%a, %sb=%b) : memref<16384xi32>, memref<16384xi32> {
        %c0 = arith.constant 0 : index
        %c1 = arith.constant 1 : index
        %c2 = arith.constant 2 : index
        %c1024 = arith.constant 1024 : index
        %c2048 = arith.constant 2048 : index
        %c16384 = arith.constant 16384 : index
        %tp, %ping = air.execute -> (memref<1024xi32, 1 : i32>) {
          %m = memref.alloc() : memref<1024xi32, 1 : i32>
          air.execute_terminator %m : memref<1024xi32, 1 : i32>
        }
        %tq, %pong = air.execute -> (memref<1024xi32, 1 : i32>) {
          %m = memref.alloc() : memref<1024xi32, 1 : i32>
          air.execute_terminator %m : memref<1024xi32, 1 : i32>
        }
        %r:2 = scf.for %k = %c0 to %c16384 step %c2048 iter_args(%ping_free = %tp, %pong_free = %tq) -> (!air.token, !air.token) {
          %k1 = arith.addi %k, %c1024 : index
          // ping chain
          %in0 = air.dma_memcpy_nd async [%ping_free] (%ping[] [] [], %sa[%k] [%c1024] [%c1]) {id = 1 : i32} : (memref<1024xi32, 1 : i32>, memref<16384xi32>)
          %h0 = air.herd @relu_ping async [%in0] tile (%tx, %ty) in (%sx=%c1, %sy=%c2) args(%buf=%ping) : memref<1024xi32, 1 : i32> {
            %c0_h = arith.constant 0 : index
            %c1_h = arith.constant 1 : index
            %c512 = arith.constant 512 : index
            %zero = arith.constant 0 : i32
            %off = affine.apply #mul512()[%ty]
            %t1, %l1 = air.execute -> (memref<512xi32, 2 : i32>) {
              %m = memref.alloc() : memref<512xi32, 2 : i32>
              air.execute_terminator %m : memref<512xi32, 2 : i32>
            }
            %d1 = air.dma_memcpy_nd async [%t1] (%l1[] [] [], %buf[%off] [%c512] [%c1_h]) {id = 2 : i32} : (memref<512xi32, 2 : i32>, memref<1024xi32, 1 : i32>)
            %e1 = air.execute [%d1] {
              scf.for %i = %c0_h to %c512 step %c1_h {
                %v = memref.load %l1[%i] : memref<512xi32, 2 : i32>
                %m = arith.maxsi %v, %zero : i32
                memref.store %m, %l1[%i] : memref<512xi32, 2 : i32>
              }
            }
            %d2 = air.dma_memcpy_nd async [%e1] (%buf[%off] [%c512] [%c1_h], %l1[] [] []) {id = 3 : i32} : (memref<1024xi32, 1 : i32>, memref<512xi32, 2 : i32>)
            %f1 = air.execute [%d2] {
              memref.dealloc %l1 : memref<512xi32, 2 : i32>
            }
            air.herd_terminator
          }
          %out0 = air.dma_memcpy_nd async [%h0] (%sb[%k] [%c1024] [%c1], %ping[] [] []) {id = 4 : i32} : (memref<16384xi32>, memref<1024xi32, 1 : i32>)
          // pong chain (independent of the ping chain)
          %in1 = air.dma_memcpy_nd async [%pong_free] (%pong[] [] [], %sa[%k1] [%c1024] [%c1]) {id = 5 : i32} : (memref<1024xi32, 1 : i32>, memref<16384xi32>)
          %h1 = air.herd @relu_pong async [%in1] tile (%tx, %ty) in (%sx=%c1, %sy=%c2) args(%buf=%pong) : memref<1024xi32, 1 : i32> {
            %c0_h = arith.constant 0 : index
            %c1_h = arith.constant 1 : index
            %c512 = arith.constant 512 : index
            %zero = arith.constant 0 : i32
            %off = affine.apply #mul512()[%ty]
            %t1, %l1 = air.execute -> (memref<512xi32, 2 : i32>) {
              %m = memref.alloc() : memref<512xi32, 2 : i32>
              air.execute_terminator %m : memref<512xi32, 2 : i32>
            }
            %d1 = air.dma_memcpy_nd async [%t1] (%l1[] [] [], %buf[%off] [%c512] [%c1_h]) {id = 6 : i32} : (memref<512xi32, 2 : i32>, memref<1024xi32, 1 : i32>)
            %e1 = air.execute [%d1] {
              scf.for %i = %c0_h to %c512 step %c1_h {
                %v = memref.load %l1[%i] : memref<512xi32, 2 : i32>
                %m = arith.maxsi %v, %zero : i32
                memref.store %m, %l1[%i] : memref<512xi32, 2 : i32>
              }
            }
            %d2 = air.dma_memcpy_nd async [%e1] (%buf[%off] [%c512] [%c1_h], %l1[] [] []) {id = 7 : i32} : (memref<1024xi32, 1 : i32>, memref<512xi32, 2 : i32>)
            %f1 = air.execute [%d2] {
              memref.dealloc %l1 : memref<512xi32, 2 : i32>
            }
            air.herd_terminator
          }
          %out1 = air.dma_memcpy_nd async [%h1] (%sb[%k1] [%c1024] [%c1], %pong[] [] []) {id = 8 : i32} : (memref<16384xi32>, memref<1024xi32, 1 : i32>)
          scf.yield %out0, %out1 : !air.token, !air.token
        }
        %f0 = air.execute [%r#0] {
          memref.dealloc %ping : memref<1024xi32, 1 : i32>
        }
        %f1 = air.execute [%r#1] {
          memref.dealloc %pong : memref<1024xi32, 1 : i32>
        }
        air.segment_terminator
      }
      air.wait_all [%ts]
      air.launch_terminator
    }
    return
  }
}
