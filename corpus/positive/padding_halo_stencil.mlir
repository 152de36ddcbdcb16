// Pattern: zero padding at the edges of a halo exchange. A 1x4 herd runs
//   a three-point stencil over a 64-element signal, 16 outputs per tile.
//   Each tile needs its 16 elements and one neighbour on each side (18);
//   the memory tile sends them from the L2 copy of the signal, and the
//   two outer tiles' missing neighbours are zeros the DMA inserts:
//   `pad_before = array<i32: 1>` on tile 0's put, `pad_after` on tile 3's,
//   so every put moves 18 elements, the size each get takes (padding
//   counts in the volume balance, docs/semantics.md 4c). Each tile puts
//   its 16 results back; the launch gathers them into the output.
// Source: upstream mlir-air's padding on channel.put (air_channel_pad,
//   test/xrt/52_dma_pad_passthrough), lowered by air-to-aie as memory-tile
//   MM2S BD padding; seed 000 (AIR compute model), Sections 2.3-2.5
//   (herds, channels).
module {
  air.channel @in [1]
  air.channel @halo [4]
  air.channel @out [4]
  func.func @stencil(%x: memref<64xi32>, %y: memref<64xi32>) {
    %c1 = arith.constant 1 : index
    air.launch (%l) in (%nl=%c1) args(%a=%x, %b=%y) : memref<64xi32>, memref<64xi32> {
      %c0 = arith.constant 0 : index
      %c1_l = arith.constant 1 : index
      %c4 = arith.constant 4 : index
      %c16 = arith.constant 16 : index
      air.channel.put @in[] (%a[] [] []) : (memref<64xi32>)
      air.segment @seg {
        %c0_s = arith.constant 0 : index
        %c1_s = arith.constant 1 : index
        %c2_s = arith.constant 2 : index
        %c3_s = arith.constant 3 : index
        %c4_s = arith.constant 4 : index
        %c15 = arith.constant 15 : index
        %c17 = arith.constant 17 : index
        %c18 = arith.constant 18 : index
        %c31 = arith.constant 31 : index
        %c47 = arith.constant 47 : index
        %l2 = memref.alloc() : memref<64xi32, 1>
        air.channel.get @in[] (%l2[] [] []) : (memref<64xi32, 1>)
        air.channel.put @halo[%c0_s] (%l2[%c0_s] [%c17] [%c1_s]) {pad_before = array<i32: 1>, pad_after = array<i32: 0>} : (memref<64xi32, 1>)
        air.channel.put @halo[%c1_s] (%l2[%c15] [%c18] [%c1_s]) : (memref<64xi32, 1>)
        air.channel.put @halo[%c2_s] (%l2[%c31] [%c18] [%c1_s]) : (memref<64xi32, 1>)
        air.channel.put @halo[%c3_s] (%l2[%c47] [%c17] [%c1_s]) {pad_before = array<i32: 0>, pad_after = array<i32: 1>} : (memref<64xi32, 1>)
        air.herd @h tile (%tx) in (%sx=%c4_s) {
          %c0_h = arith.constant 0 : index
          %c1_h = arith.constant 1 : index
          %c2_h = arith.constant 2 : index
          %c16_h = arith.constant 16 : index
          %win = memref.alloc() : memref<18xi32, 2>
          %res = memref.alloc() : memref<16xi32, 2>
          air.channel.get @halo[%tx] (%win[] [] []) : (memref<18xi32, 2>)
          scf.for %i = %c0_h to %c16_h step %c1_h {
            %i1 = arith.addi %i, %c1_h : index
            %i2 = arith.addi %i, %c2_h : index
            %p = memref.load %win[%i] : memref<18xi32, 2>
            %q = memref.load %win[%i1] : memref<18xi32, 2>
            %r = memref.load %win[%i2] : memref<18xi32, 2>
            %pq = arith.addi %p, %q : i32
            %s = arith.addi %pq, %r : i32
            memref.store %s, %res[%i] : memref<16xi32, 2>
          }
          air.channel.put @out[%tx] (%res[] [] []) : (memref<16xi32, 2>)
          memref.dealloc %win : memref<18xi32, 2>
          memref.dealloc %res : memref<16xi32, 2>
        }
        memref.dealloc %l2 : memref<64xi32, 1>
      }
      scf.parallel (%t) = (%c0) to (%c4) step (%c1_l) {
        %o = arith.muli %t, %c16 : index
        air.channel.get @out[%t] (%b[%o] [%c16] [%c1_l]) : (memref<64xi32>)
        scf.reduce
      }
    }
    return
  }
}
