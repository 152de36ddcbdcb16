// Pattern: the forms upstream mlir-air's pipeline prints, which air-check reads
//   unchanged: newer channel types and their attributes (packet_ids,
//   keep_pkt_header, buffer_resources), discardable attributes on transfers
//   (id, metadata, air.tile_dma_channel), empty offsets with non-empty sizes
//   and strides, a segment with an `unroll` space and `attributes`, explicit
//   hierarchy terminators, a synchronous transfer with a dependency list
//   (`[%t]` without `async`), and a broadcast get indexed at the herd tile.
// Semantics: docs/semantics.md sections 1 (what the verifier accepts) and 5
//   (broadcast gets); a synchronous pipeline ordered by data dependences
//   (section 3).
// Source: the textual grammar of mlir-air's AIR.td (read with the search
//   tool); the program is ours.
module {
  air.channel @s [1, 1] {channel_type = "npu_dma_stream"}
  air.channel @p [1, 1] {channel_type = "npu_dma_packet", keep_pkt_header = true, packet_ids = [0, 1]}
  air.channel @b [1, 1] {broadcast_shape = [1, 2], buffer_resources = 2 : i64}
  func.func @forms(%arg0: memref<64xi32>, %arg1: memref<64x64xi32>) {
    %c1 = arith.constant 1 : index
    %t0 = air.wait_all async
    air.launch (%lx, %ly) in (%sx=%c1, %sy=%c1) args(%a=%arg0, %m2=%arg1) : memref<64xi32>, memref<64x64xi32> attributes {id = 1 : i32} {
      %c1_l = arith.constant 1 : index
      %c64_l = arith.constant 64 : index
      %c8 = arith.constant 8 : index
      %ta = air.wait_all async
      air.channel.put [%ta] @s[] (%a[] [%c64_l] [%c1_l]) {id = 2 : i32, metadata = @airMemcpyId2} : (memref<64xi32>)
      air.channel.put @p[] (%m2[] [%c8, %c64_l] [%c64_l, %c1_l]) {id = 3 : i32} : (memref<64x64xi32>)
      air.segment @seg unroll (%ux, %uy) in (%usx=%c1_l, %usy=%c1_l) attributes {x_loc = 0 : i64, y_loc = 2 : i64} {
        %c1_s = arith.constant 1 : index
        %c2_s = arith.constant 2 : index
        %l2 = memref.alloc() : memref<64xi32, 1 : i32>
        %l2b = memref.alloc() : memref<8x64xi32, 1 : i32>
        air.channel.get @s[] (%l2[] [] []) {id = 4 : i32} : (memref<64xi32, 1 : i32>)
        air.channel.get @p[] (%l2b[] [] []) {air.tile_dma_channel = 0 : i32, id = 5 : i32} : (memref<8x64xi32, 1 : i32>)
        air.channel.put @b[] (%l2[] [] []) {id = 6 : i32} : (memref<64xi32, 1 : i32>)
        air.herd @h tile (%tx, %ty) in (%hsx=%c1_s, %hsy=%c2_s) attributes {link_with = "kernel.o", x_loc = 0 : i64, y_loc = 2 : i64} {
          %l1 = memref.alloc() : memref<64xi32, 2 : i32>
          air.channel.get @b[%tx, %ty] (%l1[] [] []) {id = 7 : i32} : (memref<64xi32, 2 : i32>)
          memref.dealloc %l1 : memref<64xi32, 2 : i32>
          air.herd_terminator
        }
        memref.dealloc %l2 : memref<64xi32, 1 : i32>
        memref.dealloc %l2b : memref<8x64xi32, 1 : i32>
        air.segment_terminator
      }
      air.launch_terminator
    }
    return
  }
}
