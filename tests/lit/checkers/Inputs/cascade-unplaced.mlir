// A cascade between two herds that are not placed: their placement
// decides. @west's tile x sends to @east's tile 3 - x: a get's ids minus
// its put's are 3, 1, -1 and -3, and no placement by translation makes
// each get's tile a neighbour of its put's.
air.channel @cas [4] {channel_type = "cascade"}
func.func @f() {
  air.launch () in () {
    air.segment @s {
      %c4 = arith.constant 4 : index
      %w = air.herd @west async tile (%x) in (%n=%c4) {
        %b = memref.alloc() : memref<16xi32, 2 : i32>
        // expected-error@+2 {{cascade channel @cas joins herd @west and herd @east so that no placement makes every put's tile a neighbour of its get's: a get's tile ids minus its put's are}}
        // expected-note@+1 {{hint: index the channel so that every tile sends to the tile with the same ids in the other herd}}
        %p = air.channel.put async @cas[%x] (%b[] [] []) : (memref<16xi32, 2 : i32>)
      }
      %e = air.herd @east async tile (%x) in (%n=%c4) {
        %c3 = arith.constant 3 : index
        %i = arith.subi %c3, %x : index
        %b = memref.alloc() : memref<16xi32, 2 : i32>
        // expected-note@+1 {{the get}}
        %g = air.channel.get async @cas[%i] (%b[] [] []) : (memref<16xi32, 2 : i32>)
      }
    }
  }
  return
}
