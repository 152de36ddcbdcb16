// Pattern: the channel_type attribute values other than cascade. Operand a
//   travels on a packet-switched channel ("dma_packet"), operand b on an
//   NPU-prefixed stream channel ("npu_dma_stream"), and the result returns
//   on "npu_dma_packet"; @ctl has no channel_type (defaults to
//   "dma_stream"). A 1x2 herd computes a - b on 256-element blocks and uses
//   @ctl to report how many elements of its block were negative.
//   Segment-side puts/gets run directly from L3 in reduced 1-D scf.parallel
//   loops over the two tile indices.
//   Per index: one put and one get on each channel.
// Source: seed 000 (AIR compute model), Section 2.5 (channel_type values
//   "dma_stream" (default), "dma_packet", "cascade") and Section 3 (dma_stream
//   -> circuit-switched streaming, dma_packet -> packet-switched overlay).
#mul256 = affine_map<()[s0] -> (s0 * 256)>
module {
  air.channel @in_pkt [1, 2] {channel_type = "dma_packet"}
  air.channel @in_str [1, 2] {channel_type = "npu_dma_stream"}
  air.channel @out_pkt [1, 2] {channel_type = "npu_dma_packet"}
  air.channel @ctl [1, 2]
  func.func @sub_blocks(%a: memref<512xi32>, %b: memref<512xi32>, %c: memref<512xi32>, %n: memref<2xi32>) {
    air.launch () in () args(%la=%a, %lb=%b, %lc=%c, %ln=%n) : memref<512xi32>, memref<512xi32>, memref<512xi32>, memref<2xi32> {
      %ts = air.segment @types_seg async args(%sa=%la, %sb=%lb, %sc=%lc, %sn=%ln) : memref<512xi32>, memref<512xi32>, memref<512xi32>, memref<2xi32> {
        %c0 = arith.constant 0 : index
        %c1 = arith.constant 1 : index
        %c2 = arith.constant 2 : index
        %c256 = arith.constant 256 : index
        %t0 = air.wait_all async
        %io = scf.parallel (%j) = (%c0) to (%c2) step (%c1) init (%t0) -> !air.async.token {
          %off = affine.apply #mul256()[%j]
          %pa = air.channel.put async [%t0] @in_pkt[%c0, %j] (%sa[%off] [%c256] [%c1]) {id = 1 : i32} : (memref<512xi32>)
          %pb = air.channel.put async [%t0] @in_str[%c0, %j] (%sb[%off] [%c256] [%c1]) {id = 2 : i32} : (memref<512xi32>)
          %gc = air.channel.get async [%t0] @out_pkt[%c0, %j] (%sc[%off] [%c256] [%c1]) {id = 3 : i32} : (memref<512xi32>)
          %gn = air.channel.get async [%t0] @ctl[%c0, %j] (%sn[%j] [%c1] [%c1]) {id = 4 : i32} : (memref<2xi32>)
          %all = air.wait_all async [%pa, %pb, %gc, %gn]
          scf.reduce(%all : !air.async.token) {
          ^bb0(%x: !air.async.token, %y: !air.async.token):
            %m = air.wait_all async [%x, %y]
            scf.reduce.return %m : !air.async.token
          }
        }
        %h = air.herd @sub async tile (%tx, %ty) in (%nx=%c1, %ny=%c2) {
          %c0_h = arith.constant 0 : index
          %c1_h = arith.constant 1 : index
          %c256_h = arith.constant 256 : index
          %zero = arith.constant 0 : i32
          %one = arith.constant 1 : i32
          %l1a = memref.alloc() : memref<256xi32, 2 : i32>
          %l1b = memref.alloc() : memref<256xi32, 2 : i32>
          %cnt = memref.alloc() : memref<1xi32, 2 : i32>
          air.channel.get @in_pkt[%tx, %ty] (%l1a[] [] []) {id = 5 : i32} : (memref<256xi32, 2 : i32>)
          air.channel.get @in_str[%tx, %ty] (%l1b[] [] []) {id = 6 : i32} : (memref<256xi32, 2 : i32>)
          %neg = scf.for %i = %c0_h to %c256_h step %c1_h iter_args(%acc = %zero) -> (i32) {
            %u = memref.load %l1a[%i] : memref<256xi32, 2 : i32>
            %v = memref.load %l1b[%i] : memref<256xi32, 2 : i32>
            %d = arith.subi %u, %v : i32
            memref.store %d, %l1a[%i] : memref<256xi32, 2 : i32>
            %isneg = arith.cmpi slt, %d, %zero : i32
            %inc = arith.select %isneg, %one, %zero : i32
            %nacc = arith.addi %acc, %inc : i32
            scf.yield %nacc : i32
          }
          memref.store %neg, %cnt[%c0_h] : memref<1xi32, 2 : i32>
          air.channel.put @out_pkt[%tx, %ty] (%l1a[] [] []) {id = 7 : i32} : (memref<256xi32, 2 : i32>)
          air.channel.put @ctl[%tx, %ty] (%cnt[] [] []) {id = 8 : i32} : (memref<1xi32, 2 : i32>)
          memref.dealloc %l1a : memref<256xi32, 2 : i32>
          memref.dealloc %l1b : memref<256xi32, 2 : i32>
          memref.dealloc %cnt : memref<1xi32, 2 : i32>
          air.herd_terminator
        }
        air.wait_all [%io, %h]
        air.segment_terminator
      }
      air.wait_all [%ts]
      air.launch_terminator
    }
    return
  }
}
