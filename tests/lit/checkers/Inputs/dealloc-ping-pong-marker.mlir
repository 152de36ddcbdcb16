// Clean: a dealloc in a loop of a buffer allocated outside it is upstream's
// ping-pong marker (docs/semantics.md 4c), not a free.
module {
  air.channel @in [1, 1]
  func.func @ping_pong_marker() {
    %c1 = arith.constant 1 : index
    air.herd @h tile (%x, %y) in (%nx=%c1, %ny=%c1) {
      %c0 = arith.constant 0 : index
      %c1h = arith.constant 1 : index
      %c4 = arith.constant 4 : index
      %ta, %a = air.execute -> (memref<8xi32, 2>) {
        %m = memref.alloc() : memref<8xi32, 2>
        air.execute_terminator %m : memref<8xi32, 2>
      }
      %l = scf.for %k = %c0 to %c4 step %c1h iter_args(%t = %ta) -> (!air.async.token) {
        %g = air.channel.get async [%t] @in[%x, %y] (%a[] [] []) : (memref<8xi32, 2>)
        %d = air.execute {
          memref.dealloc %a : memref<8xi32, 2>
        }
        scf.yield %g : !air.async.token
      }
    }
    %l3 = memref.alloc() : memref<8xi32>
    %c0 = arith.constant 0 : index
    %c4 = arith.constant 4 : index
    scf.for %k = %c0 to %c4 step %c1 {
      air.channel.put @in[%c0, %c0] (%l3[] [] []) : (memref<8xi32>)
    }
    return
  }
}
