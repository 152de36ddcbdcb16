// Pattern: element-wise vector add, asynchronous form with tokens and channels.
//   The segment streams 1 KiB chunks of a and b into per-tile channels
//   (one scf.parallel instance per herd tile, reduced with air.wait_all) and
//   drains the result channel back to L3. The 1x2 herd runs a ping-pong loop:
//   per iteration it receives a "ping" and a "pong" chunk, each added in an
//   air.execute region and sent back. Loop-carried tokens keep the ping
//   buffers, the pong buffers and the FIFO order of gets independent.
//   Per channel index: 16 iterations x 2 transfers on each side.
// Source: seed 002 (MLIR-AIR paper), Section 6, Listing 3 (vector add in AIR
//   with @channel_0/1/2 [1, 2], segment-side puts/gets, herd-side ping-pong
//   scf.for with three iter_args, final air.wait_all in the segment).
module {
  air.channel @chan_a [1, 2]
  air.channel @chan_b [1, 2]
  air.channel @chan_c [1, 2]
  func.func @eltwise_add_async(%arg0: memref<65536xf32>, %arg1: memref<65536xf32>, %arg2: memref<65536xf32>) {
    %c1 = arith.constant 1 : index
    %l = air.launch async (%lx, %ly) in (%nlx=%c1, %nly=%c1) args(%a=%arg0, %b=%arg1, %c=%arg2) : memref<65536xf32>, memref<65536xf32>, memref<65536xf32> attributes {id = 1 : i32} {
      %s = air.segment @eltwise_add_0 async args(%sa=%a, %sb=%b, %sc=%c) : memref<65536xf32>, memref<65536xf32>, memref<65536xf32> attributes {id = 2 : i32} {
        %c0 = arith.constant 0 : index
        %c1_0 = arith.constant 1 : index
        %c2 = arith.constant 2 : index
        %c1024 = arith.constant 1024 : index
        %c2048 = arith.constant 2048 : index
        %c32768 = arith.constant 32768 : index
        %t0 = air.wait_all async
        // L3 -> L1 stream of a
        %pa = scf.parallel (%j) = (%c0) to (%c2) step (%c1_0) init (%t0) -> !air.async.token {
          %base = arith.muli %j, %c32768 : index
          %la = scf.for %k = %c0 to %c32768 step %c2048 iter_args(%tk = %t0) -> (!air.async.token) {
            %o0 = arith.addi %base, %k : index
            %o1 = arith.addi %o0, %c1024 : index
            %p0 = air.channel.put async [%tk] @chan_a[%c0, %j] (%sa[%o0] [%c1024] [%c1_0]) {id = 1 : i32} : (memref<65536xf32>)
            %p1 = air.channel.put async [%p0] @chan_a[%c0, %j] (%sa[%o1] [%c1024] [%c1_0]) {id = 2 : i32} : (memref<65536xf32>)
            scf.yield %p1 : !air.async.token
          }
          scf.reduce(%la : !air.async.token) {
          ^bb0(%lhs: !air.async.token, %rhs: !air.async.token):
            %m = air.wait_all async [%lhs, %rhs]
            scf.reduce.return %m : !air.async.token
          }
        }
        // L3 -> L1 stream of b
        %pb = scf.parallel (%j) = (%c0) to (%c2) step (%c1_0) init (%t0) -> !air.async.token {
          %base = arith.muli %j, %c32768 : index
          %lb = scf.for %k = %c0 to %c32768 step %c2048 iter_args(%tk = %t0) -> (!air.async.token) {
            %o0 = arith.addi %base, %k : index
            %o1 = arith.addi %o0, %c1024 : index
            %p0 = air.channel.put async [%tk] @chan_b[%c0, %j] (%sb[%o0] [%c1024] [%c1_0]) {id = 3 : i32} : (memref<65536xf32>)
            %p1 = air.channel.put async [%p0] @chan_b[%c0, %j] (%sb[%o1] [%c1024] [%c1_0]) {id = 4 : i32} : (memref<65536xf32>)
            scf.yield %p1 : !air.async.token
          }
          scf.reduce(%lb : !air.async.token) {
          ^bb0(%lhs: !air.async.token, %rhs: !air.async.token):
            %m = air.wait_all async [%lhs, %rhs]
            scf.reduce.return %m : !air.async.token
          }
        }
        // L1 -> L3 stream of c
        %gc = scf.parallel (%j) = (%c0) to (%c2) step (%c1_0) init (%t0) -> !air.async.token {
          %base = arith.muli %j, %c32768 : index
          %lc = scf.for %k = %c0 to %c32768 step %c2048 iter_args(%tk = %t0) -> (!air.async.token) {
            %o0 = arith.addi %base, %k : index
            %o1 = arith.addi %o0, %c1024 : index
            %g0 = air.channel.get async [%tk] @chan_c[%c0, %j] (%sc[%o0] [%c1024] [%c1_0]) {id = 5 : i32} : (memref<65536xf32>)
            %g1 = air.channel.get async [%g0] @chan_c[%c0, %j] (%sc[%o1] [%c1024] [%c1_0]) {id = 6 : i32} : (memref<65536xf32>)
            scf.yield %g1 : !air.async.token
          }
          scf.reduce(%lc : !air.async.token) {
          ^bb0(%lhs: !air.async.token, %rhs: !air.async.token):
            %m = air.wait_all async [%lhs, %rhs]
            scf.reduce.return %m : !air.async.token
          }
        }
        %h = air.herd @herd_0 async tile (%tx, %ty) in (%sx=%c1_0, %sy=%c2) attributes {id = 3 : i32} {
          %c0_h = arith.constant 0 : index
          %c1_h = arith.constant 1 : index
          %c1024_h = arith.constant 1024 : index
          %c2048_h = arith.constant 2048 : index
          %c32768_h = arith.constant 32768 : index
          %t1, %a_ping = air.execute -> (memref<1024xf32, 2 : i32>) {
            %m = memref.alloc() : memref<1024xf32, 2 : i32>
            air.execute_terminator %m : memref<1024xf32, 2 : i32>
          }
          %t2, %b_ping = air.execute -> (memref<1024xf32, 2 : i32>) {
            %m = memref.alloc() : memref<1024xf32, 2 : i32>
            air.execute_terminator %m : memref<1024xf32, 2 : i32>
          }
          %t3, %c_ping = air.execute -> (memref<1024xf32, 2 : i32>) {
            %m = memref.alloc() : memref<1024xf32, 2 : i32>
            air.execute_terminator %m : memref<1024xf32, 2 : i32>
          }
          %t4, %a_pong = air.execute -> (memref<1024xf32, 2 : i32>) {
            %m = memref.alloc() : memref<1024xf32, 2 : i32>
            air.execute_terminator %m : memref<1024xf32, 2 : i32>
          }
          %t5, %b_pong = air.execute -> (memref<1024xf32, 2 : i32>) {
            %m = memref.alloc() : memref<1024xf32, 2 : i32>
            air.execute_terminator %m : memref<1024xf32, 2 : i32>
          }
          %t6, %c_pong = air.execute -> (memref<1024xf32, 2 : i32>) {
            %m = memref.alloc() : memref<1024xf32, 2 : i32>
            air.execute_terminator %m : memref<1024xf32, 2 : i32>
          }
          %init = air.wait_all async [%t1, %t2, %t3, %t4, %t5, %t6]
          // iter_args: ping buffers free, pong buffers free, order of gets
          %r:3 = scf.for %k = %c0_h to %c32768_h step %c2048_h iter_args(%ping = %init, %pong = %init, %order = %init) -> (!air.async.token, !air.async.token, !air.async.token) {
            %ga0 = air.channel.get async [%ping, %order] @chan_a[%tx, %ty] (%a_ping[] [] []) {id = 7 : i32} : (memref<1024xf32, 2 : i32>)
            %gb0 = air.channel.get async [%ping, %order] @chan_b[%tx, %ty] (%b_ping[] [] []) {id = 8 : i32} : (memref<1024xf32, 2 : i32>)
            %e0 = air.execute [%ga0, %gb0] {
              scf.for %i = %c0_h to %c1024_h step %c1_h {
                %x = memref.load %a_ping[%i] : memref<1024xf32, 2 : i32>
                %y = memref.load %b_ping[%i] : memref<1024xf32, 2 : i32>
                %z = arith.addf %x, %y : f32
                memref.store %z, %c_ping[%i] : memref<1024xf32, 2 : i32>
              }
            }
            %pc0 = air.channel.put async [%e0, %pong] @chan_c[%tx, %ty] (%c_ping[] [] []) {id = 9 : i32} : (memref<1024xf32, 2 : i32>)
            %ga1 = air.channel.get async [%pong, %ga0] @chan_a[%tx, %ty] (%a_pong[] [] []) {id = 10 : i32} : (memref<1024xf32, 2 : i32>)
            %gb1 = air.channel.get async [%pong, %gb0] @chan_b[%tx, %ty] (%b_pong[] [] []) {id = 11 : i32} : (memref<1024xf32, 2 : i32>)
            %e1 = air.execute [%ga1, %gb1] {
              scf.for %i = %c0_h to %c1024_h step %c1_h {
                %x = memref.load %a_pong[%i] : memref<1024xf32, 2 : i32>
                %y = memref.load %b_pong[%i] : memref<1024xf32, 2 : i32>
                %z = arith.addf %x, %y : f32
                memref.store %z, %c_pong[%i] : memref<1024xf32, 2 : i32>
              }
            }
            %pc1 = air.channel.put async [%e1, %pc0] @chan_c[%tx, %ty] (%c_pong[] [] []) {id = 12 : i32} : (memref<1024xf32, 2 : i32>)
            %next = air.wait_all async [%ga1, %gb1]
            scf.yield %pc0, %pc1, %next : !air.async.token, !air.async.token, !air.async.token
          }
          %done = air.wait_all async [%r#0, %r#1, %r#2]
          %d1 = air.execute [%done] {
            memref.dealloc %a_ping : memref<1024xf32, 2 : i32>
          }
          %d2 = air.execute [%done] {
            memref.dealloc %b_ping : memref<1024xf32, 2 : i32>
          }
          %d3 = air.execute [%done] {
            memref.dealloc %c_ping : memref<1024xf32, 2 : i32>
          }
          %d4 = air.execute [%done] {
            memref.dealloc %a_pong : memref<1024xf32, 2 : i32>
          }
          %d5 = air.execute [%done] {
            memref.dealloc %b_pong : memref<1024xf32, 2 : i32>
          }
          %d6 = air.execute [%done] {
            memref.dealloc %c_pong : memref<1024xf32, 2 : i32>
          }
          air.herd_terminator
        }
        air.wait_all [%pa, %pb, %gc, %h]
        air.segment_terminator
      }
      air.launch_terminator
    }
    air.wait_all [%l]
    return
  }
}
