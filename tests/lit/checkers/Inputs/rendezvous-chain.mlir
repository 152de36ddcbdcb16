// Clean: an L3 tile sent to L2 and got back in two loops of the launch,
// ordered only through two channels without indices (the k-th put meets
// the k-th get, so trip 0 of the send precedes every get back after it).
module {
  air.channel @c2 []
  air.channel @c7 []
  func.func @f(%C: memref<64x64xi32>) {
    air.launch () in () args(%c = %C) : memref<64x64xi32> {
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %c2 = arith.constant 2 : index
      %w0 = air.wait_all async
      %p = scf.for %k = %c0 to %c2 step %c1 iter_args(%t = %w0) -> (!air.async.token) {
        %x = air.channel.put async [%t] @c2[] (%c[] [] []) : (memref<64x64xi32>)
        scf.yield %x : !air.async.token
      }
      %w1 = air.wait_all async
      %g = scf.for %k = %c0 to %c2 step %c1 iter_args(%t = %w1) -> (!air.async.token) {
        %x = air.channel.get async [%t] @c7[] (%c[] [] []) : (memref<64x64xi32>)
        scf.yield %x : !air.async.token
      }
      %s = air.segment @s async {
        %z0 = arith.constant 0 : index
        %z1 = arith.constant 1 : index
        %z2 = arith.constant 2 : index
        %w = air.wait_all async
        %l = scf.for %k = %z0 to %z2 step %z1 iter_args(%t = %w) -> (!air.async.token) {
          %ta, %b = air.execute -> (memref<64x64xi32, 1>) {
            %m = memref.alloc() : memref<64x64xi32, 1>
            air.execute_terminator %m : memref<64x64xi32, 1>
          }
          %gg = air.channel.get async [%ta, %t] @c2[] (%b[] [] []) : (memref<64x64xi32, 1>)
          %h = air.herd @h async [%gg] tile (%x, %y) in (%nx=%z1, %ny=%z1) {
          }
          %pp = air.channel.put async [%h] @c7[] (%b[] [] []) : (memref<64x64xi32, 1>)
          %td = air.execute [%pp] {
            memref.dealloc %b : memref<64x64xi32, 1>
          }
          %n = air.wait_all async [%pp, %gg]
          scf.yield %n : !air.async.token
        }
      }
    }
    return
  }
}
