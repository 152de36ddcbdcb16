// As places_ping_pong.mlir, but the pong loop waits for the trip's start
// (%t), not for the ping loop: in each trip of %k the two loops' puts are
// not ordered, so which get each meets depends on the schedule. The
// symbolic proof does not apply; the check against the ordering model
// says why.
air.channel @c []
func.func @ping_pong(%n: index) {
  air.launch () in () args(%ln=%n) : index {
    air.segment @s args(%sn=%ln) : index {
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %c2 = arith.constant 2 : index
      %h = air.herd @consumer async tile (%x) in (%nx=%c1) args(%hn=%sn) : index {
        %c0h = arith.constant 0 : index
        %c1h = arith.constant 1 : index
        %c4h = arith.constant 4 : index
        %b = memref.alloc() : memref<16xi32, 2 : i32>
        scf.for %i = %c0h to %hn step %c1h {
          scf.for %j = %c0h to %c4h step %c1h {
            air.channel.get @c[] (%b[] [] []) : (memref<16xi32, 2 : i32>)
          }
        }
      }
      %ping = memref.alloc() : memref<16xi32, 1 : i32>
      %pong = memref.alloc() : memref<16xi32, 1 : i32>
      %t0 = air.wait_all async
      %r = scf.for %k = %c0 to %sn step %c1 iter_args(%t = %t0) -> (!air.async.token) {
        %d0 = scf.for %a = %c0 to %c2 step %c1 iter_args(%u = %t) -> (!air.async.token) {
          %p = air.channel.put async [%u] @c[] (%ping[] [] []) : (memref<16xi32, 1 : i32>)
          scf.yield %p : !air.async.token
        }
        %d1 = scf.for %a = %c0 to %c2 step %c1 iter_args(%u = %t) -> (!air.async.token) {
          %p = air.channel.put async [%u] @c[] (%pong[] [] []) : (memref<16xi32, 1 : i32>)
          scf.yield %p : !air.async.token
        }
        %both = air.wait_all async [%d0, %d1]
        scf.yield %both : !air.async.token
      }
      air.wait_all [%r]
    }
  }
  return
}
