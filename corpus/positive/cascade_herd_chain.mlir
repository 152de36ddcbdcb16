// Pattern: a cascade channel between adjacent tiles of one herd. A 4x1 herd
//   placed on one row (x_loc = 0, y_loc = 2) computes 16-lane partial sums of
//   its 1024-element chunk. The partials flow west to east over
//   @cascade [3] {channel_type = "cascade"}: tile 0 puts index 0; tile i
//   (1 <= i <= 2) gets index i-1, adds, and puts index i; tile 3 gets
//   index 2, adds, and writes the final 16 lanes to L2. Each cascade index
//   has exactly one producer tile and one consumer tile (a different,
//   concurrently running herd instance); the branches are chosen by tile
//   coordinate with scf.if. Input comes from the segment over @cas_in [4, 1].
// Source: seed 000 (AIR compute model), Section 2.5 (channel_type "cascade":
//   core-to-core cascade between adjacent tiles), Section 2.3 ("Reshaping is
//   inhibited automatically when the herd body uses cascade channels") and
//   Section 3 (cascade -> core cascade interface; herd tile (x, y) at
//   (x_loc + x, y_loc + y)).
#mul1024 = affine_map<()[s0] -> (s0 * 1024)>
module {
  air.channel @cas_in [4, 1]
  air.channel @cascade [3] {channel_type = "cascade"}
  func.func @cascade_sum(%src: memref<4096xi32>, %dst: memref<16xi32>) {
    %c1 = arith.constant 1 : index
    %tl = air.launch async (%lx) in (%nlx=%c1) args(%a=%src, %b=%dst) : memref<4096xi32>, memref<16xi32> {
      %ts = air.segment @cascade_seg async args(%sa=%a, %sb=%b) : memref<4096xi32>, memref<16xi32> attributes {x_loc = 0 : i64, x_size = 4 : i64, y_loc = 2 : i64, y_size = 1 : i64} {
        %c0 = arith.constant 0 : index
        %c1_s = arith.constant 1 : index
        %c4 = arith.constant 4 : index
        %c1024 = arith.constant 1024 : index
        %t1, %l2 = air.execute -> (memref<4096xi32, 1 : i32>) {
          %m = memref.alloc() : memref<4096xi32, 1 : i32>
          air.execute_terminator %m : memref<4096xi32, 1 : i32>
        }
        %t2, %res = air.execute -> (memref<16xi32, 1 : i32>) {
          %m = memref.alloc() : memref<16xi32, 1 : i32>
          air.execute_terminator %m : memref<16xi32, 1 : i32>
        }
        %din = air.dma_memcpy_nd async [%t1] (%l2[] [] [], %sa[] [] []) {id = 1 : i32} : (memref<4096xi32, 1 : i32>, memref<4096xi32>)
        %scatter = scf.parallel (%i) = (%c0) to (%c4) step (%c1_s) init (%din) -> !air.async.token {
          %off = affine.apply #mul1024()[%i]
          %p = air.channel.put async [%din] @cas_in[%i, %c0] (%l2[%off] [%c1024] [%c1_s]) {id = 2 : i32} : (memref<4096xi32, 1 : i32>)
          scf.reduce(%p : !air.async.token) {
          ^bb0(%x: !air.async.token, %y: !air.async.token):
            %m = air.wait_all async [%x, %y]
            scf.reduce.return %m : !air.async.token
          }
        }
        %h = air.herd @reduce_row async [%t2] tile (%tx, %ty) in (%sx=%c4, %sy=%c1_s) args(%hres=%res) : memref<16xi32, 1 : i32> attributes {x_loc = 0 : i64, y_loc = 2 : i64} {
          %c0_h = arith.constant 0 : index
          %c1_h = arith.constant 1 : index
          %c3 = arith.constant 3 : index
          %c16 = arith.constant 16 : index
          %c64 = arith.constant 64 : index
          %zero = arith.constant 0 : i32
          %in = memref.alloc() : memref<1024xi32, 2 : i32>
          %acc = memref.alloc() : memref<16xi32, 2 : i32>
          %prev = memref.alloc() : memref<16xi32, 2 : i32>
          air.channel.get @cas_in[%tx, %ty] (%in[] [] []) {id = 3 : i32} : (memref<1024xi32, 2 : i32>)
          linalg.fill ins(%zero : i32) outs(%acc : memref<16xi32, 2 : i32>)
          scf.for %blk = %c0_h to %c64 step %c1_h {
            %base = arith.muli %blk, %c16 : index
            scf.for %l = %c0_h to %c16 step %c1_h {
              %idx = arith.addi %base, %l : index
              %v = memref.load %in[%idx] : memref<1024xi32, 2 : i32>
              %s = memref.load %acc[%l] : memref<16xi32, 2 : i32>
              %n = arith.addi %s, %v : i32
              memref.store %n, %acc[%l] : memref<16xi32, 2 : i32>
            }
          }
          %is_first = arith.cmpi eq, %tx, %c0_h : index
          scf.if %is_first {
            air.channel.put @cascade[%tx] (%acc[] [] []) {id = 4 : i32} : (memref<16xi32, 2 : i32>)
          } else {
            %west = arith.subi %tx, %c1_h : index
            air.channel.get @cascade[%west] (%prev[] [] []) {id = 5 : i32} : (memref<16xi32, 2 : i32>)
            scf.for %l = %c0_h to %c16 step %c1_h {
              %p = memref.load %prev[%l] : memref<16xi32, 2 : i32>
              %s = memref.load %acc[%l] : memref<16xi32, 2 : i32>
              %n = arith.addi %s, %p : i32
              memref.store %n, %acc[%l] : memref<16xi32, 2 : i32>
            }
            %is_last = arith.cmpi eq, %tx, %c3 : index
            scf.if %is_last {
              air.dma_memcpy_nd (%hres[] [] [], %acc[] [] []) {id = 6 : i32} : (memref<16xi32, 1 : i32>, memref<16xi32, 2 : i32>)
            } else {
              air.channel.put @cascade[%tx] (%acc[] [] []) {id = 7 : i32} : (memref<16xi32, 2 : i32>)
            }
          }
          memref.dealloc %in : memref<1024xi32, 2 : i32>
          memref.dealloc %acc : memref<16xi32, 2 : i32>
          memref.dealloc %prev : memref<16xi32, 2 : i32>
          air.herd_terminator
        }
        %dout = air.dma_memcpy_nd async [%h] (%sb[] [] [], %res[] [] []) {id = 8 : i32} : (memref<16xi32>, memref<16xi32, 1 : i32>)
        %f1 = air.execute [%scatter] {
          memref.dealloc %l2 : memref<4096xi32, 1 : i32>
        }
        %f2 = air.execute [%dout] {
          memref.dealloc %res : memref<16xi32, 1 : i32>
        }
        air.segment_terminator
      }
      air.launch_terminator
    }
    air.wait_all [%tl]
    return
  }
}
