air.channel @c [2, 2] {depth = 0}
func.func @f(%m: memref<4xi32, 1>, %i: index) {
  air.channel.get @c[%i, %i] (%m[] [] []) : (memref<4xi32, 1>)
  return
}
