// A core that gets before it puts on a rendezvous channel it also feeds:
// the get waits for a put that comes after it.
module {
  air.channel @loop [1, 1]
  func.func @stuck() {
    %c1 = arith.constant 1 : index
    air.herd @h tile (%tx, %ty) in (%sx=%c1, %sy=%c1) {
      %b = memref.alloc() : memref<16xi32, 2 : i32>
      air.channel.get @loop[] (%b[] [] []) : (memref<16xi32, 2 : i32>)
      air.channel.put @loop[] (%b[] [] []) : (memref<16xi32, 2 : i32>)
    }
    return
  }
}
