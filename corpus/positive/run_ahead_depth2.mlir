// Pattern: the producer runs one transfer ahead of its consumer before it
//   reads an acknowledgement; @data has depth 2, which allows exactly that.
// Source: seed 000 (AIR compute model), section 2.5, "Capacity and depth"
//   (depth 2: the producer may issue one transfer ahead of the consumer).
module {
  air.channel @data [] {depth = 2}
  air.channel @ack []
  func.func @run_ahead() {
    air.launch () in () {
      air.segment @s {
        %c1 = arith.constant 1 : index
        %p = air.herd @producer async tile (%x) in (%n=%c1) {
          %buf = memref.alloc() : memref<16xi32, 2>
          air.channel.put @data[] (%buf[] [] []) : (memref<16xi32, 2>)
          air.channel.put @data[] (%buf[] [] []) : (memref<16xi32, 2>)
          air.channel.get @ack[] (%buf[] [] []) : (memref<16xi32, 2>)
        }
        %c = air.herd @consumer async tile (%x) in (%n=%c1) {
          %buf = memref.alloc() : memref<16xi32, 2>
          air.channel.get @data[] (%buf[] [] []) : (memref<16xi32, 2>)
          air.channel.put @ack[] (%buf[] [] []) : (memref<16xi32, 2>)
          air.channel.get @data[] (%buf[] [] []) : (memref<16xi32, 2>)
        }
        air.wait_all [%p, %c]
      }
    }
    return
  }
}
