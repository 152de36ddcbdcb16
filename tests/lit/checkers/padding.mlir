// Upstream's padding (docs/semantics.md 4c): a put with pad_before and
// pad_after moves its pattern with zeros around it, before[d] + size[d] +
// after[d] elements along each dimension. A 13-element put padded by 2 and
// 1 moves 16, which a 16-element get takes: balanced, and the run's
// matching of whole transfers agrees (upstream's air_channel_pad form; the
// volume and deadlock checks used to count 13). A 2-D one padded to 16x16
// balances a 256-element get; padded by one row too many it does not.
// RUN: air-check lint --verify-diagnostics %s
// RUN: air-check lint --verify-diagnostics --device=npu1_4col %s
module {
  air.channel @L3ToL2 [1, 1]
  air.channel @L2ToL1 [1, 1]
  air.channel @Rows [1, 1]
  // expected-error @+2 {{channel @Over moves 272 elements in but 256 out at index [0, 0], over 1 transfer each way; the transfer sizes of its puts and gets differ}}
  // expected-note @+1 {{hint: give the put and the get the same [sizes]}}
  air.channel @Over [1, 1]
  func.func @pad(%arg0: memref<16xi32>, %arg1: memref<14x13xi32>) {
    %c1 = arith.constant 1 : index
    air.launch (%tx) in (%sx=%c1) args(%a=%arg0, %b=%arg1) : memref<16xi32>, memref<14x13xi32> {
      air.channel.put @L3ToL2[] (%a[] [] []) : (memref<16xi32>)
      air.channel.put @Rows[] (%b[] [] []) : (memref<14x13xi32>)
      air.segment @seg {
        %c0_s = arith.constant 0 : index
        %c1_s = arith.constant 1 : index
        %c13_s = arith.constant 13 : index
        %c14_s = arith.constant 14 : index
        %l2 = memref.alloc() : memref<16xi32, 1>
        %l2b = memref.alloc() : memref<14x13xi32, 1>
        air.channel.get @L3ToL2[] (%l2[] [] []) : (memref<16xi32, 1>)
        air.channel.get @Rows[] (%l2b[] [] []) : (memref<14x13xi32, 1>)
        air.channel.put @L2ToL1[] (%l2[%c0_s] [%c13_s] [%c1_s]) {pad_before = array<i32: 2>, pad_after = array<i32: 1>} : (memref<16xi32, 1>)
        // expected-note @+1 {{put here}}
        air.channel.put @Over[] (%l2b[%c0_s, %c0_s] [%c14_s, %c13_s] [%c13_s, %c1_s]) {pad_before = array<i32: 0, 2>, pad_after = array<i32: 3, 1>} : (memref<14x13xi32, 1>)
        air.herd @h tile (%hx, %hy) in (%hsx=%c1_s, %hsy=%c1_s) {
          %l1 = memref.alloc() : memref<16xi32, 2>
          %l1b = memref.alloc() : memref<16x16xi32, 2>
          air.channel.get @L2ToL1[] (%l1[] [] []) : (memref<16xi32, 2>)
          // expected-note @+1 {{get here}}
          air.channel.get @Over[] (%l1b[] [] []) : (memref<16x16xi32, 2>)
          memref.dealloc %l1 : memref<16xi32, 2>
          memref.dealloc %l1b : memref<16x16xi32, 2>
        }
        memref.dealloc %l2 : memref<16xi32, 1>
        memref.dealloc %l2b : memref<14x13xi32, 1>
      }
    }
    return
  }
}
