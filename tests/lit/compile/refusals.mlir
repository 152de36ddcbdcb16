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

// -----

// Only one function may hold AIR ops.
air.channel @c [1, 1]
func.func @first(%a: memref<16xi32>) {
  %c1 = arith.constant 1 : index
  air.herd @h tile (%tx, %ty) in (%sx=%c1, %sy=%c1) args(%x=%a) : memref<16xi32> {
    %b = memref.alloc() : memref<16xi32, 2 : i32>
    air.dma_memcpy_nd (%b[] [] [], %x[] [] []) : (memref<16xi32, 2 : i32>, memref<16xi32>)
  }
  return
}
// expected-error @+1 {{[compile-unsupported] a second function with AIR ops; the lowering builds one aie.device for one function}}
func.func @second(%a: memref<16xi32>) {
  %c1 = arith.constant 1 : index
  air.herd @h2 tile (%tx, %ty) in (%sx=%c1, %sy=%c1) args(%x=%a) : memref<16xi32> {
    %b = memref.alloc() : memref<16xi32, 2 : i32>
    air.dma_memcpy_nd (%b[] [] [], %x[] [] []) : (memref<16xi32, 2 : i32>, memref<16xi32>)
  }
  return
}
// expected-note @-17 {{the first}}

// -----

// A segment of 65 instances: each instance becomes a segment of its own up
// to 64.
func.func @unrolled(%a: memref<32xi32>) {
  %c1 = arith.constant 1 : index
  air.launch (%lx) in (%nx=%c1) args(%x=%a) : memref<32xi32> {
    %c65 = arith.constant 65 : index
    // expected-error @+1 {{[compile-unsupported] a segment iteration space of 65 instances; the lowering makes each instance a segment of its own, up to 64 of constant sizes}}
    air.segment @seg unroll(%sx) in (%ux=%c65) args(%sa=%x) : memref<32xi32> {
      %c1_s = arith.constant 1 : index
      air.herd @h tile (%tx, %ty) in (%hx=%c1_s, %hy=%c1_s) args(%ha=%sa) : memref<32xi32> {
        %b = memref.alloc() : memref<16xi32, 2 : i32>
        air.dma_memcpy_nd (%b[] [] [], %ha[] [] []) : (memref<16xi32, 2 : i32>, memref<32xi32>)
      }
    }
  }
  return
}

// -----

// An unranked L3 argument the program reads whole: the runtime sequence
// names it by the extent its transfers reach (compile/unranked-arg.mlir),
// and a whole-buffer transfer has none.
func.func @unranked(%a: memref<*xi32>) {
  %c1 = arith.constant 1 : index
  air.launch (%lx) in (%nx=%c1) args(%x=%a) : memref<*xi32> {
    %c0 = arith.constant 0 : index
    %c1_l = arith.constant 1 : index
    %c16 = arith.constant 16 : index
    air.segment @seg args(%sa=%x) : memref<*xi32> {
      %c1_s = arith.constant 1 : index
      air.herd @h tile (%tx, %ty) in (%hx=%c1_s, %hy=%c1_s) args(%ha=%sa) : memref<*xi32> {
        %b = memref.alloc() : memref<16xi32, 2 : i32>
        // expected-error @+1 {{[compile-unsupported] a transfer of unranked argument #0 that names the whole buffer: without a shape it has no extent (give the sizes and strides, or a ranked memref type)}}
        air.dma_memcpy_nd (%b[] [] [], %ha[] [] []) : (memref<16xi32, 2 : i32>, memref<*xi32>)
      }
    }
  }
  return
}

// -----

// Compute on a host scalar argument reaches no core.
// expected-error @+1 {{[compile-unsupported] argument #1 is not a memref and is used; the runtime sequence passes memrefs only}}
func.func @scalar(%a: memref<16xi32>, %n: index) {
  %c1 = arith.constant 1 : index
  air.launch (%lx) in (%nx=%c1) args(%x=%a, %m=%n) : memref<16xi32>, index {
    air.segment @seg args(%sa=%x, %sm=%m) : memref<16xi32>, index {
      %c1_s = arith.constant 1 : index
      air.herd @h tile (%tx, %ty) in (%hx=%c1_s, %hy=%c1_s) args(%ha=%sa, %hm=%sm) : memref<16xi32>, index {
        %c7 = arith.constant 7 : i32
        %b = memref.alloc() : memref<16xi32, 2 : i32>
        air.dma_memcpy_nd (%b[] [] [], %ha[] [] []) : (memref<16xi32, 2 : i32>, memref<16xi32>)
        memref.store %c7, %b[%hm] : memref<16xi32, 2 : i32>
      }
    }
  }
  return
}

// -----

// A view of an L1 buffer is not lowered: a BD names a buffer.
air.channel @c [1, 1]
func.func @view(%a: memref<32xi32>) {
  %c1 = arith.constant 1 : index
  air.launch (%lx) in (%nx=%c1) args(%x=%a) : memref<32xi32> {
    air.channel.put @c[] (%x[] [] []) : (memref<32xi32>)
    air.segment @seg {
      %c1_s = arith.constant 1 : index
      air.herd @h tile (%tx, %ty) in (%hx=%c1_s, %hy=%c1_s) {
        %b = memref.alloc() : memref<64xi32, 2 : i32>
        %v = memref.subview %b[0] [32] [1] : memref<64xi32, 2 : i32> to memref<32xi32, strided<[1]>, 2 : i32>
        // expected-error @+1 {{[compile-unsupported] the L1 memref it transfers is not a memref.alloc (a view or a block argument is not lowered)}}
        air.channel.get @c[%tx, %ty] (%v[] [] []) : (memref<32xi32, strided<[1]>, 2 : i32>)
      }
    }
  }
  return
}

// -----

// Two tiles put into one channel index: merging streams needs packets.
// expected-error @+1 {{[compile-unsupported] @c[0, 0] is fed from 2 places; the lowering gives each channel index one DMA stream with one producer and one consumer}}
air.channel @c [1, 1]
func.func @merge(%a: memref<32xi32>) {
  %c1 = arith.constant 1 : index
  air.launch (%lx) in (%nx=%c1) args(%x=%a) : memref<32xi32> {
    %c0 = arith.constant 0 : index
    %c16 = arith.constant 16 : index
    %c1_l = arith.constant 1 : index
    air.channel.get @c[] (%x[%c0] [%c16] [%c1_l]) : (memref<32xi32>)
    air.channel.get @c[] (%x[%c16] [%c16] [%c1_l]) : (memref<32xi32>)
    air.segment @seg {
      %c1_s = arith.constant 1 : index
      %c2_s = arith.constant 2 : index
      air.herd @h tile (%tx, %ty) in (%hx=%c2_s, %hy=%c1_s) {
        %c0_h = arith.constant 0 : index
        %b = memref.alloc() : memref<16xi32, 2 : i32>
        // expected-note @+1 {{one of them}}
        air.channel.put @c[%c0_h, %c0_h] (%b[] [] []) : (memref<16xi32, 2 : i32>)
      }
    }
  }
  return
}

// -----

// A core that receives into one buffer from two channels, one from L3 and
// one from L2: two streams whose far ends are not on one tile cannot be
// merged into one (MergeStreams.h).
air.channel @a [1, 1]
air.channel @b [1, 1]
air.channel @c [1, 1]
func.func @two_streams(%x: memref<16xi32>, %y: memref<16xi32>) {
  %c1 = arith.constant 1 : index
  air.launch (%lx) in (%nx=%c1) args(%xa=%x, %ya=%y) : memref<16xi32>, memref<16xi32> {
    air.channel.put @a[] (%xa[] [] []) : (memref<16xi32>)
    air.channel.put @c[] (%ya[] [] []) : (memref<16xi32>)
    air.segment @seg {
      %c1_s = arith.constant 1 : index
      %l2 = memref.alloc() : memref<16xi32, 1 : i32>
      air.channel.get @c[] (%l2[] [] []) : (memref<16xi32, 1 : i32>)
      air.channel.put @b[] (%l2[] [] []) : (memref<16xi32, 1 : i32>)
      air.herd @h tile (%tx, %ty) in (%hx=%c1_s, %hy=%c1_s) {
        // expected-error @+1 {{[compile-unsupported] an L1 buffer that more than one channel transfer stream uses}}
        %buf = memref.alloc() : memref<16xi32, 2 : i32>
        // expected-note @+1 {{the gets on @a[0, 0]}}
        air.channel.get @a[%tx, %ty] (%buf[] [] []) : (memref<16xi32, 2 : i32>)
        // expected-note @+1 {{the gets on @b[0, 0]}}
        air.channel.get @b[%tx, %ty] (%buf[] [] []) : (memref<16xi32, 2 : i32>)
      }
    }
  }
  return
}

// -----

// A herd argument the core itself reads.
func.func @core_reads_arg(%a: memref<16xi32>) {
  %c1 = arith.constant 1 : index
  air.launch (%lx) in (%nx=%c1) args(%x=%a) : memref<16xi32> {
    air.segment @seg args(%sa=%x) : memref<16xi32> {
      %c1_s = arith.constant 1 : index
      %c5 = arith.constant 5 : i32
      %l2 = memref.alloc() : memref<16xi32, 1 : i32>
      air.dma_memcpy_nd (%l2[] [] [], %sa[] [] []) : (memref<16xi32, 1 : i32>, memref<16xi32>)
      // expected-error @+1 {{[compile-unsupported] herd argument #0 is used in the body; a core reaches only its own L1 buffers and constants}}
      air.herd @h tile (%tx, %ty) in (%hx=%c1_s, %hy=%c1_s) args(%k=%l2) : memref<16xi32, 1 : i32> {
        %c0 = arith.constant 0 : index
        %b = memref.alloc() : memref<16xi32, 2 : i32>
        air.dma_memcpy_nd (%b[] [] [], %k[] [] []) : (memref<16xi32, 2 : i32>, memref<16xi32, 1 : i32>)
        // expected-note @+1 {{used here}}
        %v = memref.load %k[%c0] : memref<16xi32, 1 : i32>
        memref.store %v, %b[%c0] : memref<16xi32, 2 : i32>
      }
    }
  }
  return
}

// -----

// An L1 buffer from the segment that one tile writes and another reads:
// upstream's air-to-aie shares it between the two cores (its shared L1
// lowering, with locks it infers); a copy per tile would be another program.
func.func @outer_l1_by_id() {
  %c1 = arith.constant 1 : index
  air.launch (%lx) in (%nx=%c1) {
    air.segment @seg {
      %c1_s = arith.constant 1 : index
      %c2 = arith.constant 2 : index
      %shared = memref.alloc() : memref<16xi32, 2 : i32>
      // expected-note @+1 {{the herd}}
      air.herd @h tile (%tx, %ty) in (%hx=%c2, %hy=%c1_s) args(%s=%shared) : memref<16xi32, 2 : i32> {
        %c0 = arith.constant 0 : index
        %c7 = arith.constant 7 : i32
        %first = arith.cmpi eq, %tx, %c0 : index
        // expected-note @+1 {{the op that depends on the ids}}
        scf.if %first {
          memref.store %c7, %s[%c0] : memref<16xi32, 2 : i32>
        } else {
          // expected-error @+1 {{[compile-unsupported] uses an L1 buffer from outside the herd under an 'scf.if' that depends on the tile's ids}}
          %v = memref.load %s[%c0] : memref<16xi32, 2 : i32>
          %own = memref.alloc() : memref<16xi32, 2 : i32>
          memref.store %v, %own[%c0] : memref<16xi32, 2 : i32>
        }
      }
    }
  }
  return
}

// -----

// An L1 buffer from the segment that two herds on different tiles use is
// one buffer that their cores take turns with, in program order
// (SharedL1.h): herds that may run at once have no such order.
func.func @shared_l1_at_once() {
  %c1 = arith.constant 1 : index
  air.launch (%lx) in (%nx=%c1) {
    air.segment @seg {
      %c1_s = arith.constant 1 : index
      // expected-note @+1 {{the buffer}}
      %shared = memref.alloc() : memref<16xi32, 2 : i32>
      // expected-note @+1 {{the other herd}}
      %t = air.herd @first async tile (%tx, %ty) in (%hx=%c1_s, %hy=%c1_s) args(%s=%shared) : memref<16xi32, 2 : i32> attributes {x_loc = 0 : i64, y_loc = 2 : i64} {
        %c0 = arith.constant 0 : index
        %v = memref.load %s[%c0] : memref<16xi32, 2 : i32>
      }
      // expected-error @+1 {{[compile-unsupported] shares an L1 buffer with @first, on other tiles, and may start before it completes}}
      %u = air.herd @second async tile (%tx, %ty) in (%hx=%c1_s, %hy=%c1_s) args(%s=%shared) : memref<16xi32, 2 : i32> attributes {x_loc = 0 : i64, y_loc = 3 : i64} {
        %c0 = arith.constant 0 : index
        %v = memref.load %s[%c0] : memref<16xi32, 2 : i32>
      }
      air.wait_all [%t, %u]
    }
  }
  return
}

// -----

// Cores that share a buffer must all reach its tile's memory: (0, 2) and
// (2, 2) are not neighbours.
func.func @shared_l1_far_apart() {
  %c1 = arith.constant 1 : index
  air.launch (%lx) in (%nx=%c1) {
    air.segment @seg {
      %c1_s = arith.constant 1 : index
      // expected-note @+1 {{hint: place the herds (x_loc, y_loc) next to each other}}
      %shared = memref.alloc() : memref<16xi32, 2 : i32>
      // expected-note @+1 {{a herd that uses it}}
      air.herd @producer tile (%tx, %ty) in (%hx=%c1_s, %hy=%c1_s) args(%s=%shared) : memref<16xi32, 2 : i32> attributes {x_loc = 0 : i64, y_loc = 2 : i64} {
        %c0 = arith.constant 0 : index
        %c7 = arith.constant 7 : i32
        memref.store %c7, %s[%c0] : memref<16xi32, 2 : i32>
      }
      // expected-error @+2 {{[compile-unsupported] shares an L1 buffer with herds whose cores reach no common memory: the tiles (0, 2) (2, 2) are not all neighbours of one of them}}
      // expected-note @+1 {{a herd that uses it}}
      air.herd @consumer tile (%tx, %ty) in (%hx=%c1_s, %hy=%c1_s) args(%s=%shared) : memref<16xi32, 2 : i32> attributes {x_loc = 2 : i64, y_loc = 2 : i64} {
        %c0 = arith.constant 0 : index
        %v = memref.load %s[%c0] : memref<16xi32, 2 : i32>
        %w = memref.alloc() : memref<16xi32, 2 : i32>
        memref.store %v, %w[%c0] : memref<16xi32, 2 : i32>
      }
    }
  }
  return
}

// -----

// Two herds of several tiles in a row would hand the buffer from one group
// of cores to another, which needs a barrier. (@right reads what @left
// wrote, so the ordering model puts @left first; two herds that only read
// it would have no order, and be refused as herds that may run at once.)
func.func @shared_l1_groups_in_a_row() {
  %c1 = arith.constant 1 : index
  air.launch (%lx) in (%nx=%c1) {
    air.segment @seg {
      %c1_s = arith.constant 1 : index
      %c2 = arith.constant 2 : index
      // expected-note @+1 {{the buffer}}
      %shared = memref.alloc() : memref<16xi32, 2 : i32>
      // expected-note @+1 {{the other herd}}
      air.herd @left tile (%tx, %ty) in (%hx=%c2, %hy=%c1_s) args(%s=%shared) : memref<16xi32, 2 : i32> attributes {x_loc = 0 : i64, y_loc = 2 : i64} {
        %c7 = arith.constant 7 : i32
        memref.store %c7, %s[%tx] : memref<16xi32, 2 : i32>
      }
      // expected-error @+1 {{[compile-unsupported] shares an L1 buffer with @left, and both have several tiles}}
      air.herd @right tile (%tx, %ty) in (%hx=%c2, %hy=%c1_s) args(%s=%shared) : memref<16xi32, 2 : i32> attributes {x_loc = 0 : i64, y_loc = 3 : i64} {
        %v = memref.load %s[%tx] : memref<16xi32, 2 : i32>
        %w = memref.alloc() : memref<16xi32, 2 : i32>
        memref.store %v, %w[%tx] : memref<16xi32, 2 : i32>
      }
    }
  }
  return
}

// -----

// The cores of a herd of several tiles run at once: where they write a
// shared buffer, the design's race check must read their elements apart;
// through a view it reads the whole buffer, so the lowering refuses first.
func.func @shared_l1_written_through_a_view() {
  %c1 = arith.constant 1 : index
  air.launch (%lx) in (%nx=%c1) {
    air.segment @seg {
      %c1_s = arith.constant 1 : index
      %c2 = arith.constant 2 : index
      // expected-note @+1 {{the buffer}}
      %shared = memref.alloc() : memref<2x8xi32, 2 : i32>
      air.herd @producers tile (%tx, %ty) in (%hx=%c2, %hy=%c1_s) args(%s=%shared) : memref<2x8xi32, 2 : i32> attributes {x_loc = 0 : i64, y_loc = 2 : i64} {
        %c0 = arith.constant 0 : index
        %c7 = arith.constant 7 : i32
        %row = memref.subview %s[%tx, 0] [1, 8] [1, 1] : memref<2x8xi32, 2 : i32> to memref<8xi32, strided<[1], offset: ?>, 2 : i32>
        // expected-error @+1 {{[compile-unsupported] writes an L1 buffer that herds on other tiles share, on each of the herd's tiles at once, through an access whose elements the design's race check does not read}}
        memref.store %c7, %row[%c0] : memref<8xi32, strided<[1], offset: ?>, 2 : i32>
      }
      air.herd @consumer tile (%tx, %ty) in (%hx=%c1_s, %hy=%c1_s) args(%s=%shared) : memref<2x8xi32, 2 : i32> attributes {x_loc = 0 : i64, y_loc = 3 : i64} {
        %c0 = arith.constant 0 : index
        %v = memref.load %s[%c0, %c0] : memref<2x8xi32, 2 : i32>
        %w = memref.alloc() : memref<16xi32, 2 : i32>
        memref.store %v, %w[%c0] : memref<16xi32, 2 : i32>
      }
    }
  }
  return
}

// -----

// An L1 buffer from the segment that two herds of one name use (one copy
// per tile, shared by both) and one fills by a transfer: the other's use
// is outside any transfer of its own, so no lock hands it the buffer.
air.channel @fill [1, 1]
func.func @outer_l1_transfer_two_herds(%a: memref<16xi32>) {
  %c1 = arith.constant 1 : index
  air.launch (%lx) in (%nx=%c1) args(%x=%a) : memref<16xi32> {
    air.channel.put @fill[] (%x[] [] []) : (memref<16xi32>)
    air.segment @seg {
      %c1_s = arith.constant 1 : index
      // expected-note @+1 {{the buffer}}
      %shared = memref.alloc() : memref<16xi32, 2 : i32>
      %t = air.herd @stage async tile (%tx, %ty) in (%hx=%c1_s, %hy=%c1_s) args(%s=%shared) : memref<16xi32, 2 : i32> {
        air.channel.get @fill[%tx, %ty] (%s[] [] []) : (memref<16xi32, 2 : i32>)
      }
      air.herd @stage [%t] tile (%tx, %ty) in (%hx=%c1_s, %hy=%c1_s) args(%s=%shared) : memref<16xi32, 2 : i32> {
        %c0 = arith.constant 0 : index
        // expected-error @+1 {{[compile-unsupported] uses an L1 buffer from outside the herd that a DMA fills or drains for another herd on this tile, without a transfer of its own to hand it over; the DMA could race with it}}
        %v = memref.load %s[%c0] : memref<16xi32, 2 : i32>
        %own = memref.alloc() : memref<16xi32, 2 : i32>
        memref.store %v, %own[%c0] : memref<16xi32, 2 : i32>
      }
    }
  }
  return
}

// -----

// An L1 buffer from the segment that herds of two names use, one filling it
// by a transfer: herds of other names run on other tiles, so the copy the
// transfer fills is not the other herd's.
air.channel @fill2 [1, 1]
func.func @outer_l1_transfer_two_names(%a: memref<16xi32>) {
  %c1 = arith.constant 1 : index
  air.launch (%lx) in (%nx=%c1) args(%x=%a) : memref<16xi32> {
    air.channel.put @fill2[] (%x[] [] []) : (memref<16xi32>)
    air.segment @seg {
      %c1_s = arith.constant 1 : index
      %shared = memref.alloc() : memref<16xi32, 2 : i32>
      %t = air.herd @first async tile (%tx, %ty) in (%hx=%c1_s, %hy=%c1_s) args(%s=%shared) : memref<16xi32, 2 : i32> {
        // expected-error @+1 {{[compile-unsupported] an L1 buffer from outside the herds that 2 herd ops of different names use, transferred in one of them: a tile's copy with transfers from herds on other tiles is not lowered}}
        air.channel.get @fill2[%tx, %ty] (%s[] [] []) : (memref<16xi32, 2 : i32>)
      }
      air.herd @second [%t] tile (%tx, %ty) in (%hx=%c1_s, %hy=%c1_s) args(%s=%shared) : memref<16xi32, 2 : i32> {
        %c0 = arith.constant 0 : index
        %v = memref.load %s[%c0] : memref<16xi32, 2 : i32>
        %own = memref.alloc() : memref<16xi32, 2 : i32>
        memref.store %v, %own[%c0] : memref<16xi32, 2 : i32>
      }
    }
  }
  return
}

// -----

// Herds of one name share their tiles, one body after the other: the first
// cannot wait for what the second sends.
air.channel @hand [1, 1]
air.channel @Out [1, 1]
func.func @same_name_wait(%b: memref<16xi32>) {
  %c1 = arith.constant 1 : index
  air.launch (%lx) in (%nx=%c1) args(%y=%b) : memref<16xi32> {
    air.segment @seg {
      %c1_s = arith.constant 1 : index
      air.herd @stage tile (%tx, %ty) in (%hx=%c1_s, %hy=%c1_s) {
        %got = memref.alloc() : memref<16xi32, 2 : i32>
        // expected-error @+1 {{[compile-unsupported] receives on @hand what a herd that shares tile (0, 2) with this one sends; the tile's core runs this herd's body first, and would wait for ever}}
        air.channel.get @hand[%tx, %ty] (%got[] [] []) : (memref<16xi32, 2 : i32>)
        air.channel.put @Out[%tx, %ty] (%got[] [] []) : (memref<16xi32, 2 : i32>)
      }
      // expected-note @+1 {{the herd that sends it}}
      air.herd @stage tile (%tx, %ty) in (%hx=%c1_s, %hy=%c1_s) {
        %c0 = arith.constant 0 : index
        %c7 = arith.constant 7 : i32
        %made = memref.alloc() : memref<16xi32, 2 : i32>
        memref.store %c7, %made[%c0] : memref<16xi32, 2 : i32>
        air.channel.put @hand[%tx, %ty] (%made[] [] []) : (memref<16xi32, 2 : i32>)
      }
    }
    air.channel.get @Out[] (%y[] [] []) : (memref<16xi32>)
  }
  return
}

// -----

// An L3 transfer of five dimensions that do not merge.
air.channel @c [1, 1]
func.func @five_dims(%a: memref<2x2x2x2x2xi32>) {
  %c1 = arith.constant 1 : index
  air.launch (%lx) in (%nx=%c1) args(%x=%a) : memref<2x2x2x2x2xi32> {
    // expected-error @+1 {{[compile-unsupported] an L3 transfer of 5 dimensions; npu.dma_memcpy_nd takes four}}
    air.channel.put @c[] (%x[0, 0, 0, 0, 0] [2, 2, 2, 2, 2] [1, 4, 2, 16, 8]) : (memref<2x2x2x2x2xi32>)
    air.segment @seg {
      %c1_s = arith.constant 1 : index
      air.herd @h tile (%tx, %ty) in (%hx=%c1_s, %hy=%c1_s) {
        %b = memref.alloc() : memref<32xi32, 2 : i32>
        air.channel.get @c[%tx, %ty] (%b[] [] []) : (memref<32xi32, 2 : i32>)
      }
    }
  }
  return
}

// -----

// A BD walking four dimensions on a compute tile (its DMA walks three).
air.channel @c [1, 1]
func.func @four_dims(%a: memref<32xi32>) {
  %c1 = arith.constant 1 : index
  air.launch (%lx) in (%nx=%c1) args(%x=%a) : memref<32xi32> {
    air.channel.put @c[] (%x[] [] []) : (memref<32xi32>)
    air.segment @seg {
      %c1_s = arith.constant 1 : index
      air.herd @h tile (%tx, %ty) in (%hx=%c1_s, %hy=%c1_s) {
        %b = memref.alloc() : memref<2x2x2x2x2xi32, 2 : i32>
        // expected-error @+1 {{[compile-unsupported] needs a BD of 4 dimensions; tile (0, 2) walks at most 3}}
        air.channel.get @c[%tx, %ty] (%b[0, 0, 0, 0] [2, 2, 2, 2] [1, 2, 4, 8]) : (memref<2x2x2x2x2xi32, 2 : i32>)
      }
    }
  }
  return
}

// -----

// A herd in a loop whose trip count is a host argument's.
func.func @loop_herd(%a: memref<16xi32>, %n: index) {
  %c1 = arith.constant 1 : index
  air.launch (%lx) in (%nx=%c1) args(%x=%a, %m=%n) : memref<16xi32>, index {
    air.segment @seg args(%sa=%x, %sm=%m) : memref<16xi32>, index {
      %c0 = arith.constant 0 : index
      %c1_s = arith.constant 1 : index
      scf.for %i = %c0 to %sm step %c1_s {
        // expected-error @+1 {{[compile-unsupported] a herd inside a loop whose trip count is not a constant; a core runs a herd body a fixed number of times}}
        air.herd @h tile (%tx, %ty) in (%hx=%c1_s, %hy=%c1_s) args(%ha=%sa) : memref<16xi32> {
          %b = memref.alloc() : memref<16xi32, 2 : i32>
          air.dma_memcpy_nd (%b[] [] [], %ha[] [] []) : (memref<16xi32, 2 : i32>, memref<16xi32>)
        }
      }
    }
  }
  return
}

// -----

// A segment inside a segment.
func.func @nested(%a: memref<16xi32>) {
  %c1 = arith.constant 1 : index
  air.launch (%lx) in (%nx=%c1) args(%x=%a) : memref<16xi32> {
    air.segment @outer args(%sa=%x) : memref<16xi32> {
      // expected-error @+1 {{[compile-unsupported] a nested segment}}
      air.segment @inner args(%ia=%sa) : memref<16xi32> {
        %c1_s = arith.constant 1 : index
        air.herd @h tile (%tx, %ty) in (%hx=%c1_s, %hy=%c1_s) args(%ha=%ia) : memref<16xi32> {
          %b = memref.alloc() : memref<16xi32, 2 : i32>
          air.dma_memcpy_nd (%b[] [] [], %ha[] [] []) : (memref<16xi32, 2 : i32>, memref<16xi32>)
        }
      }
    }
  }
  return
}

// -----

// The segment sends an L1 buffer of its own: L1 belongs to a core.
air.channel @c [1, 1]
func.func @segment_l1() {
  %c1 = arith.constant 1 : index
  air.launch (%lx) in (%nx=%c1) {
    air.segment @seg {
      %c1_s = arith.constant 1 : index
      %l1 = memref.alloc() : memref<16xi32, 2 : i32>
      // expected-error @+1 {{[compile-unsupported] an L1 buffer is transferred outside the herd that allocates it (the lowering gives each core its own L1)}}
      air.channel.put @c[] (%l1[] [] []) : (memref<16xi32, 2 : i32>)
      air.herd @h tile (%tx, %ty) in (%hx=%c1_s, %hy=%c1_s) {
        %b = memref.alloc() : memref<16xi32, 2 : i32>
        air.channel.get @c[%tx, %ty] (%b[] [] []) : (memref<16xi32, 2 : i32>)
      }
    }
  }
  return
}

// -----

// Padding out of L1: mlir-aie pads what a memory tile sends only
// (compile/padding.mlir has what compiles).
func.func @padded(%a: memref<8x8xi32>) {
  %c1 = arith.constant 1 : index
  air.launch (%lx) in (%nx=%c1) args(%x=%a) : memref<8x8xi32> {
    air.segment @seg args(%sx=%x) : memref<8x8xi32> {
      %one = arith.constant 1 : index
      %l2 = memref.alloc() : memref<8x8xi32, 1>
      air.dma_memcpy_nd (%l2[] [] [], %sx[] [] []) : (memref<8x8xi32, 1>, memref<8x8xi32>)
      air.herd @h tile (%tx, %ty) in (%nhx=%one, %nhy=%one) args(%m=%l2) : memref<8x8xi32, 1> {
        %c0 = arith.constant 0 : index
        %c1_h = arith.constant 1 : index
        %c5 = arith.constant 5 : index
        %c6 = arith.constant 6 : index
        %c8 = arith.constant 8 : index
        %b = memref.alloc() : memref<8x8xi32, 2>
        // expected-error @+1 {{[compile-unsupported] pads a transfer out of L1; the design pads what a memory tile sends only (mlir-aie writes padding into memory-tile MM2S BDs)}}
        air.dma_memcpy_nd (%m[] [] [], %b[%c0, %c0] [%c6, %c5] [%c8, %c1_h]) {pad_before = array<i32: 1, 1>, pad_after = array<i32: 1, 2>} : (memref<8x8xi32, 1>, memref<8x8xi32, 2>)
        memref.dealloc %b : memref<8x8xi32, 2>
      }
      memref.dealloc %l2 : memref<8x8xi32, 1>
    }
  }
  return
}

// -----

// No segment or herd: nothing runs on the array; a copy between two L3
// buffers alone is not an NPU design.
air.channel @c [1, 1]
// expected-error @+1 {{[compile-unsupported] no segment or herd: nothing of the program runs on the array}}
func.func @no_herd(%a: memref<64xi32>, %b: memref<64xi32>) {
  air.launch () in () args(%x=%a, %y=%b) : memref<64xi32>, memref<64xi32> {
    %t = air.channel.put async @c[] (%x[] [] []) : (memref<64xi32>)
    %g = air.channel.get async @c[] (%y[] [] []) : (memref<64xi32>)
    air.wait_all [%t, %g]
  }
  return
}

// -----

// Offsets that index a 32x16 buffer ([1, 1]: element 17) with strides of
// 32 and 2: the pattern starts at 17 (docs/semantics.md 4b), which no
// dimension can carry in the lowering's per-dimension form (no size 1, and
// neither stride divides 17).
func.func @start_not_expressible(%a: memref<32x16xi32>) {
  %c1 = arith.constant 1 : index
  air.herd @h tile (%tx, %ty) in (%sx=%c1, %sy=%c1) args(%x=%a) : memref<32x16xi32> {
    %c1_h = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %c4 = arith.constant 4 : index
    %c8 = arith.constant 8 : index
    %c32 = arith.constant 32 : index
    %buf = memref.alloc() : memref<8x4xi32, 2 : i32>
    // expected-error @+1 {{[compile-unsupported] a pattern whose offsets index its buffer (one per dimension) while its strides are not the buffer's}}
    air.dma_memcpy_nd (%buf[] [] [], %x[%c1_h, %c1_h] [%c8, %c4] [%c32, %c2]) : (memref<8x4xi32, 2 : i32>, memref<32x16xi32>)
  }
  return
}

// -----

// Three streams into one core, none of which can share a channel with
// another: their other ends are in L3, in L2 and in another core
// (MergeStreams.h merges two only where both come from L2, or both from L3).
module {
  air.channel @ChanB [1, 1]
  air.channel @ChanC [1, 1]
  func.func @three_kinds(%a: memref<16xi32>, %b: memref<16xi32>) {
    %c1 = arith.constant 1 : index
    air.launch (%lx, %ly) in (%nx=%c1, %ny=%c1) args(%la=%a, %lb=%b) : memref<16xi32>, memref<16xi32> {
      air.segment @seg args(%sa=%la, %sb=%lb) : memref<16xi32>, memref<16xi32> {
        %c1_0 = arith.constant 1 : index
        %l2b = memref.alloc() : memref<16xi32, 1>
        air.dma_memcpy_nd (%l2b[] [] [], %sb[] [] []) : (memref<16xi32, 1>, memref<16xi32>)
        air.channel.put @ChanB[] (%l2b[] [] []) : (memref<16xi32, 1>)
        air.herd @producer tile (%tx, %ty) in (%hx=%c1_0, %hy=%c1_0) attributes {x_loc = 0 : i64, y_loc = 3 : i64} {
          %bc = memref.alloc() : memref<16xi32, 2>
          air.channel.put @ChanC[%tx, %ty] (%bc[] [] []) : (memref<16xi32, 2>)
          memref.dealloc %bc : memref<16xi32, 2>
        }
        air.herd @consumer tile (%tx, %ty) in (%hx=%c1_0, %hy=%c1_0) args(%ha=%sa) : memref<16xi32> attributes {x_loc = 0 : i64, y_loc = 2 : i64} {
          %ba = memref.alloc() : memref<16xi32, 2>
          %bb = memref.alloc() : memref<16xi32, 2>
          %bc = memref.alloc() : memref<16xi32, 2>
          air.dma_memcpy_nd (%ba[] [] [], %ha[] [] []) : (memref<16xi32, 2>, memref<16xi32>)
          air.channel.get @ChanB[%tx, %ty] (%bb[] [] []) : (memref<16xi32, 2>)
          // expected-error @+1 {{[compile-unsupported] does not fit: tile (0, 2) needs 3 S2MM channels, and npu1_4col has 2; streams share a channel only where each goes to one place, their other ends are both in L2 or both in L3, and their transfers interleave alike at both ends}}
          air.channel.get @ChanC[%tx, %ty] (%bc[] [] []) : (memref<16xi32, 2>)
          memref.dealloc %ba : memref<16xi32, 2>
          memref.dealloc %bb : memref<16xi32, 2>
          memref.dealloc %bc : memref<16xi32, 2>
        }
        memref.dealloc %l2b : memref<16xi32, 1>
      }
    }
    return
  }
}

// -----

// The launch reads %out too: writing it in place of %tmp would change what
// the launch reads, so the copy stays, and the runtime sequence cannot run it.
func.func @copy_out_to_a_read_argument(%in: memref<64xi32>, %out: memref<64xi32>) {
  %c1 = arith.constant 1 : index
  %tmp = memref.alloc() : memref<64xi32>
  air.launch (%lx, %ly) in (%nx=%c1, %ny=%c1) args(%la=%in, %lo=%out, %lt=%tmp) : memref<64xi32>, memref<64xi32>, memref<64xi32> {
    air.segment @seg args(%sa=%la, %so=%lo, %st=%lt) : memref<64xi32>, memref<64xi32>, memref<64xi32> {
      %c1_0 = arith.constant 1 : index
      air.herd @h tile (%tx, %ty) in (%hx=%c1_0, %hy=%c1_0) args(%ha=%sa, %ho=%so, %ht=%st) : memref<64xi32>, memref<64xi32>, memref<64xi32> {
        %buf = memref.alloc() : memref<64xi32, 2 : i32>
        %acc = memref.alloc() : memref<64xi32, 2 : i32>
        air.dma_memcpy_nd (%buf[] [] [], %ha[] [] []) : (memref<64xi32, 2 : i32>, memref<64xi32>)
        air.dma_memcpy_nd (%acc[] [] [], %ho[] [] []) : (memref<64xi32, 2 : i32>, memref<64xi32>)
        air.dma_memcpy_nd (%ht[] [] [], %buf[] [] []) : (memref<64xi32>, memref<64xi32, 2 : i32>)
        memref.dealloc %buf : memref<64xi32, 2 : i32>
        memref.dealloc %acc : memref<64xi32, 2 : i32>
      }
    }
  }
  // expected-error @+1 {{[compile-unsupported] 'memref.copy' in a function body; only herds compute (a function body becomes DMA programs, which cannot run it); a copy is left out only between an argument and a host buffer of the program's own}}
  memref.copy %tmp, %out : memref<64xi32> to memref<64xi32>
  return
}

// -----

// A cascade loop moves its buffer whole (upstream's air-to-aie flattens it
// the same way); a put of part of it is refused.
air.channel @PartCasc [1, 1] {channel_type = "npu_cascade"}
func.func @cascade_of_part() {
  %c1 = arith.constant 1 : index
  air.segment @seg {
    %c1_s = arith.constant 1 : index
    air.herd @west tile (%tx, %ty) in (%sx=%c1_s, %sy=%c1_s) {
      %c0 = arith.constant 0 : index
      %c1_h = arith.constant 1 : index
      %c16 = arith.constant 16 : index
      %a = memref.alloc() : memref<32xi32, 2 : i32>
      // expected-error @+1 {{[compile-unsupported] a cascade transfer of part of a buffer (a cascade loop moves its buffer whole, in row-major order); the lowering moves whole buffers in 512-bit words}}
      air.channel.put @PartCasc[%tx, %ty] (%a[%c0] [%c16] [%c1_h]) : (memref<32xi32, 2 : i32>)
      memref.dealloc %a : memref<32xi32, 2 : i32>
    }
    air.herd @east tile (%tx, %ty) in (%sx=%c1_s, %sy=%c1_s) {
      %b = memref.alloc() : memref<16xi32, 2 : i32>
      air.channel.get @PartCasc[%tx, %ty] (%b[] [] []) : (memref<16xi32, 2 : i32>)
      memref.dealloc %b : memref<16xi32, 2 : i32>
    }
  }
  return
}

// -----

// Ten i32 are 320 bits: not a whole number of 512-bit cascade words.
air.channel @ShortCasc [1, 1] {channel_type = "npu_cascade"}
func.func @cascade_of_a_part_word() {
  air.segment @seg {
    %c1_s = arith.constant 1 : index
    air.herd @west tile (%tx, %ty) in (%sx=%c1_s, %sy=%c1_s) {
      %a = memref.alloc() : memref<10xi32, 2 : i32>
      // expected-error @+1 {{[compile-unsupported] a cascade transfer of a buffer of 320 bits, not a whole number of 512-bit cascade words; the lowering moves whole buffers in 512-bit words}}
      air.channel.put @ShortCasc[%tx, %ty] (%a[] [] []) : (memref<10xi32, 2 : i32>)
      memref.dealloc %a : memref<10xi32, 2 : i32>
    }
    air.herd @east tile (%tx, %ty) in (%sx=%c1_s, %sy=%c1_s) {
      %b = memref.alloc() : memref<10xi32, 2 : i32>
      // expected-error @+1 {{[compile-unsupported] a cascade transfer of a buffer of 320 bits, not a whole number of 512-bit cascade words; the lowering moves whole buffers in 512-bit words}}
      air.channel.get @ShortCasc[%tx, %ty] (%b[] [] []) : (memref<10xi32, 2 : i32>)
      memref.dealloc %b : memref<10xi32, 2 : i32>
    }
  }
  return
}

// -----

// A cascade moves words, not typed elements: a put of i32 met by a get of
// f32 (the same count, the same bits) would reinterpret them; refused.
air.channel @TypedCasc [1, 1] {channel_type = "npu_cascade"}
func.func @cascade_of_other_types() {
  air.segment @seg {
    %c1_s = arith.constant 1 : index
    air.herd @west tile (%tx, %ty) in (%sx=%c1_s, %sy=%c1_s) {
      %a = memref.alloc() : memref<16xi32, 2 : i32>
      // expected-error @+1 {{[compile-unsupported] a cascade put and the get it meets move buffers of different element types or sizes}}
      air.channel.put @TypedCasc[%tx, %ty] (%a[] [] []) : (memref<16xi32, 2 : i32>)
      memref.dealloc %a : memref<16xi32, 2 : i32>
    }
    air.herd @east tile (%tx, %ty) in (%sx=%c1_s, %sy=%c1_s) {
      %b = memref.alloc() : memref<16xf32, 2 : i32>
      // expected-note @+1 {{the get}}
      air.channel.get @TypedCasc[%tx, %ty] (%b[] [] []) : (memref<16xf32, 2 : i32>)
      memref.dealloc %b : memref<16xf32, 2 : i32>
    }
  }
  return
}

// -----

// A cascade joins two cores: a put from a segment's L2 has no core to run
// its loop.
air.channel @SegCasc [1, 1] {channel_type = "npu_cascade"}
func.func @cascade_from_l2() {
  air.segment @seg {
    %c1_s = arith.constant 1 : index
    %l2 = memref.alloc() : memref<16xi32, 1 : i32>
    // expected-error @+1 {{[compile-unsupported] a cascade put or get outside a herd's L1; a cascade joins two cores}}
    air.channel.put @SegCasc[] (%l2[] [] []) : (memref<16xi32, 1 : i32>)
    air.herd @east tile (%tx, %ty) in (%sx=%c1_s, %sy=%c1_s) {
      %b = memref.alloc() : memref<16xi32, 2 : i32>
      air.channel.get @SegCasc[%tx, %ty] (%b[] [] []) : (memref<16xi32, 2 : i32>)
      memref.dealloc %b : memref<16xi32, 2 : i32>
    }
    memref.dealloc %l2 : memref<16xi32, 1 : i32>
  }
  return
}
