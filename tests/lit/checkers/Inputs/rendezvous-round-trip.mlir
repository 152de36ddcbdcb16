// Clean: the C tile a segment sends to a herd and gets back (data-race, via
// two channels of depth 1, the k-th of each side meeting in one trip).
module {
  air.channel @to_herd [2, 2]
  air.channel @from_herd [2, 2]
  func.func @c_tile_round_trip() {
    air.launch () in () {
      %s = air.segment @s async {
        %c0 = arith.constant 0 : index
        %c1 = arith.constant 1 : index
        %c2 = arith.constant 2 : index
        %c4 = arith.constant 4 : index
        %c8 = arith.constant 8 : index
        %c16 = arith.constant 16 : index
        %ta, %l2 = air.execute -> (memref<16x16xi32, 1>) {
          %m = memref.alloc() : memref<16x16xi32, 1>
          air.execute_terminator %m : memref<16x16xi32, 1>
        }
        %loop = scf.for %k = %c0 to %c4 step %c1 iter_args(%t = %ta) -> (!air.async.token) {
          %send = scf.parallel (%i, %j) = (%c0, %c0) to (%c2, %c2) step (%c1, %c1) init (%t) -> !air.async.token {
            %r = affine.apply affine_map<(d0) -> (d0 * 8)>(%i)
            %q = affine.apply affine_map<(d0) -> (d0 * 8)>(%j)
            %p = air.channel.put async [%t] @to_herd[%i, %j] (%l2[%r, %q] [%c8, %c8] [%c16, %c1]) : (memref<16x16xi32, 1>)
            scf.reduce(%p : !air.async.token) {
            ^bb0(%x: !air.async.token, %y: !air.async.token):
              %w = air.wait_all async [%x, %y]
              scf.reduce.return %w : !air.async.token
            }
          }
          %back = scf.parallel (%i, %j) = (%c0, %c0) to (%c2, %c2) step (%c1, %c1) init (%t) -> !air.async.token {
            %r = affine.apply affine_map<(d0) -> (d0 * 8)>(%i)
            %q = affine.apply affine_map<(d0) -> (d0 * 8)>(%j)
            %g = air.channel.get async [%t] @from_herd[%i, %j] (%l2[%r, %q] [%c8, %c8] [%c16, %c1]) : (memref<16x16xi32, 1>)
            scf.reduce(%g : !air.async.token) {
            ^bb0(%x: !air.async.token, %y: !air.async.token):
              %w = air.wait_all async [%x, %y]
              scf.reduce.return %w : !air.async.token
            }
          }
          %h = air.herd @h async [%t] tile (%x, %y) in (%nx=%c2, %ny=%c2) {
            %tb, %b = air.execute -> (memref<8x8xi32, 2>) {
              %m = memref.alloc() : memref<8x8xi32, 2>
              air.execute_terminator %m : memref<8x8xi32, 2>
            }
            %g = air.channel.get async [%tb] @to_herd[%x, %y] (%b[] [] []) : (memref<8x8xi32, 2>)
            %p = air.channel.put async [%g] @from_herd[%x, %y] (%b[] [] []) : (memref<8x8xi32, 2>)
            %d = air.execute [%p] {
              memref.dealloc %b : memref<8x8xi32, 2>
            }
          }
          %n = air.wait_all async [%send, %back, %h]
          scf.yield %n : !air.async.token
        }
        %td = air.execute [%loop] {
          memref.dealloc %l2 : memref<16x16xi32, 1>
        }
      }
    }
    return
  }
}
