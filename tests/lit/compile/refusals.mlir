// What the NPU lowering does not lower is refused by name at the op, never
// dropped. Each case runs the lowering pass alone (air-check compile runs it
// after the checks).
// RUN: air-opt --air-wrap-hierarchy --air-to-aie-verified=device=npu1_4col %s -split-input-file -verify-diagnostics

func.func @memcpy_in_l1() {
  %c1 = arith.constant 1 : index
  air.herd @h tile (%tx, %ty) in (%sx=%c1, %sy=%c1) {
    %a = memref.alloc() : memref<64xi32, 2 : i32>
    %b = memref.alloc() : memref<64xi32, 2 : i32>
    // expected-error @+1 {{[compile-unsupported] a dma_memcpy_nd in a herd must have exactly one side in the tile's L1}}
    air.dma_memcpy_nd (%a[] [] [], %b[] [] []) : (memref<64xi32, 2 : i32>, memref<64xi32, 2 : i32>)
  }
  return
}

// -----

// expected-error @+1 {{[compile-unsupported] a channel of type 'cascade'; the lowering builds circuit-switched DMA streams only}}
air.channel @casc [1, 1] {channel_type = "cascade"}
func.func @cascade() {
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  air.herd @h tile (%tx, %ty) in (%sx=%c2, %sy=%c1) {
    %b = memref.alloc() : memref<16xi32, 2 : i32>
    %c0 = arith.constant 0 : index
    %first = arith.cmpi eq, %tx, %c0 : index
    scf.if %first {
      air.channel.put @casc[] (%b[] [] []) : (memref<16xi32, 2 : i32>)
    } else {
      air.channel.get @casc[] (%b[] [] []) : (memref<16xi32, 2 : i32>)
    }
  }
  return
}

// -----

// Two herds given the same tiles: no placement, so no design.
air.channel @c [1, 1]
func.func @shared_tiles(%a: memref<16xi32>) {
  %c1 = arith.constant 1 : index
  // expected-error @+1 {{[compile-unsupported] no placement: no placement of the air.launch}}
  air.launch (%lx, %ly) in (%nx=%c1, %ny=%c1) args(%x=%a) : memref<16xi32> {
    air.segment @seg {
      %c1_s = arith.constant 1 : index
      %t0 = air.herd @first async tile (%tx, %ty) in (%sx=%c1_s, %sy=%c1_s) attributes {x_loc = 0 : i64, y_loc = 2 : i64} {
        %b = memref.alloc() : memref<16xi32, 2 : i32>
      }
      %t1 = air.herd @second async [%t0] tile (%tx, %ty) in (%sx=%c1_s, %sy=%c1_s) attributes {x_loc = 0 : i64, y_loc = 2 : i64} {
        %b = memref.alloc() : memref<16xi32, 2 : i32>
      }
    }
  }
  return
}

// -----

air.channel @c [1, 1]
func.func @segment_compute(%a: memref<256xi32>) {
  %c1 = arith.constant 1 : index
  air.launch (%lx, %ly) in (%nx=%c1, %ny=%c1) args(%x=%a) : memref<256xi32> {
    air.segment @seg {
      %c0 = arith.constant 0 : index
      %c7 = arith.constant 7 : i32
      %l2 = memref.alloc() : memref<256xi32, 1 : i32>
      // expected-error @+1 {{[compile-unsupported] 'memref.store' in a segment body; only herds compute}}
      memref.store %c7, %l2[%c0] : memref<256xi32, 1 : i32>
      air.channel.put @c[] (%l2[] [] []) : (memref<256xi32, 1 : i32>)
      %c1_s = arith.constant 1 : index
      air.herd @h tile (%tx, %ty) in (%sx=%c1_s, %sy=%c1_s) {
        %b = memref.alloc() : memref<256xi32, 2 : i32>
        air.channel.get @c[%tx, %ty] (%b[] [] []) : (memref<256xi32, 2 : i32>)
      }
    }
  }
  return
}

// -----

// Three input streams into one core: a compute tile has two S2MM channels.
air.channel @a [1, 1]
air.channel @b [1, 1]
air.channel @c [1, 1]
func.func @three_inputs(%x: memref<16xi32>, %y: memref<16xi32>, %z: memref<16xi32>) {
  %c1 = arith.constant 1 : index
  air.launch (%lx, %ly) in (%nx=%c1, %ny=%c1) args(%xa=%x, %ya=%y, %za=%z) : memref<16xi32>, memref<16xi32>, memref<16xi32> {
    air.channel.put @a[] (%xa[] [] []) : (memref<16xi32>)
    air.channel.put @b[] (%ya[] [] []) : (memref<16xi32>)
    air.channel.put @c[] (%za[] [] []) : (memref<16xi32>)
    air.segment @seg {
      %c1_s = arith.constant 1 : index
      air.herd @h tile (%tx, %ty) in (%sx=%c1_s, %sy=%c1_s) {
        %b0 = memref.alloc() : memref<16xi32, 2 : i32>
        %b1 = memref.alloc() : memref<16xi32, 2 : i32>
        %b2 = memref.alloc() : memref<16xi32, 2 : i32>
        air.channel.get @a[%tx, %ty] (%b0[] [] []) : (memref<16xi32, 2 : i32>)
        air.channel.get @b[%tx, %ty] (%b1[] [] []) : (memref<16xi32, 2 : i32>)
        // expected-error @+1 {{[compile-unsupported] does not fit: tile (0, 2) needs 3 S2MM channels, and npu1_4col has 2}}
        air.channel.get @c[%tx, %ty] (%b2[] [] []) : (memref<16xi32, 2 : i32>)
      }
    }
  }
  return
}

// -----

// A core reading a received buffer after the window its lock pair gives it.
air.channel @a [1, 1]
func.func @use_after_window(%x: memref<16xi32>) {
  %c1 = arith.constant 1 : index
  air.launch (%lx, %ly) in (%nx=%c1, %ny=%c1) args(%xa=%x) : memref<16xi32> {
    %c0 = arith.constant 0 : index
    %c2 = arith.constant 2 : index
    %c1_l = arith.constant 1 : index
    scf.for %i = %c0 to %c2 step %c1_l {
      air.channel.put @a[] (%xa[] [] []) : (memref<16xi32>)
    }
    air.segment @seg {
      %c1_s = arith.constant 1 : index
      air.herd @h tile (%tx, %ty) in (%sx=%c1_s, %sy=%c1_s) {
        %c0_h = arith.constant 0 : index
        %c1_h = arith.constant 1 : index
        %c2_h = arith.constant 2 : index
        %b0 = memref.alloc() : memref<16xi32, 2 : i32>
        scf.for %i = %c0_h to %c2_h step %c1_h {
          air.channel.get @a[%tx, %ty] (%b0[] [] []) : (memref<16xi32, 2 : i32>)
        }
        // expected-error @+2 {{[compile-unsupported] uses a buffer a DMA fills or drains outside the block of its transfers}}
        // expected-note @-3 {{the transfer}}
        %v = memref.load %b0[%c0_h] : memref<16xi32, 2 : i32>
      }
    }
  }
  return
}
