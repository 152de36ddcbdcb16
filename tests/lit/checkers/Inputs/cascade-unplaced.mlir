// A cascade between two herds that are not placed: adjacency is unknown.
// expected-warning@+1 {{the cascade adjacency of channel @cas is unknown: herd @west and herd @east are not placed; give both x_loc and y_loc}}
air.channel @cas [] {channel_type = "cascade"}
func.func @f() {
  air.launch () in () {
    air.segment @s {
      %c1 = arith.constant 1 : index
      %w = air.herd @west async tile (%x) in (%n=%c1) {
        %b = memref.alloc() : memref<16xi32, 2 : i32>
        // expected-note@+1 {{put here}}
        %p = air.channel.put async @cas[] (%b[] [] []) : (memref<16xi32, 2 : i32>)
      }
      %e = air.herd @east async tile (%x) in (%n=%c1) {
        %b = memref.alloc() : memref<16xi32, 2 : i32>
        // expected-note@+1 {{get here}}
        %g = air.channel.get async @cas[] (%b[] [] []) : (memref<16xi32, 2 : i32>)
      }
    }
  }
  return
}
