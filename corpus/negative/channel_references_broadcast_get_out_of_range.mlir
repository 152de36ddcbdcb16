// What is wrong: @w [1, 1] {broadcast_shape = [2, 1]} broadcasts one weight
//   block to two single-tile herds, one per destination row; herd @second
//   reads @w[2, 1], but a get on a broadcast channel addresses
//   broadcast_shape, and index #0 must lie in [0, 2). (Index #1 is fine:
//   broadcast_shape is 1 there, so any non-negative get index matches every
//   destination, as air-to-aie zeroes it.)
// Rule broken: seed 000 section 2.5: the indices of a get select a
//   destination of the broadcast, so a constant index must lie inside
//   broadcast_shape in every dimension larger than 1.
// Fix: read @w[1, 1] (or @w[1, 0]) in herd @second.
module {
  // expected-note@+1 {{channel declared here}}
  air.channel @w [1, 1] {broadcast_shape = [2, 1]}
  func.func @two_consumers(%src: memref<256xi32>) {
    air.launch () in () args(%ls=%src) : memref<256xi32> {
      air.segment @w_seg args(%ss=%ls) : memref<256xi32> {
        %c0 = arith.constant 0 : index
        %c1 = arith.constant 1 : index
        %c2 = arith.constant 2 : index
        %l2 = memref.alloc() : memref<256xi32, 1>
        air.dma_memcpy_nd (%l2[] [] [], %ss[] [] []) : (memref<256xi32, 1>, memref<256xi32>)
        %p = air.channel.put async @w[%c0, %c0] (%l2[] [] []) : (memref<256xi32, 1>)
        %h0 = air.herd @first async tile (%tx, %ty) in (%sx=%c1, %sy=%c1) {
          %c0_h = arith.constant 0 : index
          %l1 = memref.alloc() : memref<256xi32, 2>
          air.channel.get @w[%c0_h, %c0_h] (%l1[] [] []) : (memref<256xi32, 2>)
          memref.dealloc %l1 : memref<256xi32, 2>
          air.herd_terminator
        }
        %h1 = air.herd @second async tile (%tx, %ty) in (%sx=%c1, %sy=%c1) {
          %c1_h = arith.constant 1 : index
          %c2_h = arith.constant 2 : index
          %l1 = memref.alloc() : memref<256xi32, 2>
          // expected-error@+1 {{'air.channel.get' channel index #0 is 2, outside [0, 2) of the broadcast_shape of channel @w}}
          air.channel.get @w[%c2_h, %c1_h] (%l1[] [] []) : (memref<256xi32, 2>)
          memref.dealloc %l1 : memref<256xi32, 2>
          air.herd_terminator
        }
        air.wait_all [%p, %h0, %h1]
        memref.dealloc %l2 : memref<256xi32, 1>
        air.segment_terminator
      }
      air.launch_terminator
    }
    return
  }
}
