// A channel from L3 to L3: both ends are shim DMAs, and their allocations
// need two names (once an exit 3: the aie verifier's "redefinition of
// symbol" in the lowered design).
air.channel @c [1, 1]
air.channel @d [1, 1]
func.func @f(%a: memref<64xi32>, %b: memref<64xi32>) {
  air.launch () in () args(%x=%a, %y=%b) : memref<64xi32>, memref<64xi32> {
    %t = air.channel.put async @c[] (%x[] [] []) : (memref<64xi32>)
    %g = air.channel.get async @c[] (%y[] [] []) : (memref<64xi32>)
    %t2 = air.channel.put async @d[] (%x[] [] []) : (memref<64xi32>)
    air.segment @s {
      %c1 = arith.constant 1 : index
      air.herd tile (%tx, %ty) in (%sx=%c1, %sy=%c1) {
        %l = memref.alloc() : memref<64xi32, 2>
        air.channel.get @d[] (%l[] [] []) : (memref<64xi32, 2>)
      }
    }
    air.wait_all [%t, %g, %t2]
  }
  return
}
