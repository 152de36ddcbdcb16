// What is wrong: the channel @link declares channel_type = "dma_circuit",
//   which is not a channel type.
// Rule broken: seed 000 section 2.5: channel_type is one of "dma_stream"
//   (default), "dma_packet" or "cascade".
// Fix: use channel_type = "dma_stream" (circuit-switched streaming), or omit
//   the attribute.
module {
  // expected-error@+1 {{'air.channel' op unknown channel_type "dma_circuit"; expected "dma_stream", "dma_packet" or "cascade" (optionally with the "npu_" prefix)}}
  air.channel @link [1, 1] {channel_type = "dma_circuit"}
  func.func @pass(%src: memref<256xi32>) {
    air.launch () in () args(%ls=%src) : memref<256xi32> {
      air.segment @pass_seg args(%ss=%ls) : memref<256xi32> {
        %c1 = arith.constant 1 : index
        %p = air.channel.put async @link[] (%ss[] [] []) : (memref<256xi32>)
        %h = air.herd @sink async tile (%tx, %ty) in (%sx=%c1, %sy=%c1) {
          %l1 = memref.alloc() : memref<256xi32, 2>
          air.channel.get @link[%tx, %ty] (%l1[] [] []) : (memref<256xi32, 2>)
          memref.dealloc %l1 : memref<256xi32, 2>
          air.herd_terminator
        }
        air.wait_all [%p, %h]
        air.segment_terminator
      }
      air.launch_terminator
    }
    return
  }
}
