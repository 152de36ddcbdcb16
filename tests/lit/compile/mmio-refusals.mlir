// An npu_mmio channel becomes its buffers' initial values only where that
// is what the program reads (lowerings/AIRToAIE/MmioInit.h); the rest is
// refused by name.
// RUN: air-opt --air-wrap-hierarchy --air-to-aie-verified=device=npu1_4col %s -split-input-file -verify-diagnostics

// The core writes the buffer the constant fills: a second round would read
// what the core wrote, where the program reads the constant again.
memref.global "private" constant @k : memref<8xi32> = dense<3>
air.channel @m [] {channel_type = "npu_mmio"}
func.func @core_writes() {
  %g = memref.get_global @k : memref<8xi32>
  %c1 = arith.constant 1 : index
  air.launch (%lx) in (%sx = %c1) args(%a = %g) : memref<8xi32> {
    air.channel.put @m[] (%a[] [] []) : (memref<8xi32>)
    air.segment @seg {
      %c1_0 = arith.constant 1 : index
      air.herd @h tile (%tx, %ty) in (%nx = %c1_0, %ny = %c1_0) attributes {x_loc = 0 : i64, y_loc = 2 : i64} {
        %c0 = arith.constant 0 : index
        %c7 = arith.constant 7 : i32
        %b = memref.alloc() : memref<8xi32, 2>
        // expected-error @+1 {{[compile-unsupported] the buffer an npu_mmio get fills is written by something else}}
        air.channel.get @m[] (%b[] [] []) : (memref<8xi32, 2>)
        // expected-note @+1 {{written here}}
        memref.store %c7, %b[%c0] : memref<8xi32, 2>
        memref.dealloc %b : memref<8xi32, 2>
      }
    }
  }
  return
}

// -----

// The host sends an argument: its data is not known when the design is
// built.
air.channel @m [] {channel_type = "npu_mmio"}
func.func @from_argument(%arg0: memref<8xi32>) {
  %c1 = arith.constant 1 : index
  air.launch (%lx) in (%sx = %c1) args(%a = %arg0) : memref<8xi32> {
    // expected-error @+1 {{[compile-unsupported] an npu_mmio put must send a memref.global with a dense initializer}}
    air.channel.put @m[] (%a[] [] []) : (memref<8xi32>)
    air.segment @seg {
      %c1_0 = arith.constant 1 : index
      air.herd @h tile (%tx, %ty) in (%nx = %c1_0, %ny = %c1_0) attributes {x_loc = 0 : i64, y_loc = 2 : i64} {
        %b = memref.alloc() : memref<8xi32, 2>
        air.channel.get @m[] (%b[] [] []) : (memref<8xi32, 2>)
        memref.dealloc %b : memref<8xi32, 2>
      }
    }
  }
  return
}

// -----

// A get that fills half its buffer.
memref.global "private" constant @k : memref<4xi32> = dense<3>
air.channel @m [] {channel_type = "npu_mmio"}
func.func @part() {
  %g = memref.get_global @k : memref<4xi32>
  %c1 = arith.constant 1 : index
  air.launch (%lx) in (%sx = %c1) args(%a = %g) : memref<4xi32> {
    air.channel.put @m[] (%a[] [] []) : (memref<4xi32>)
    air.segment @seg {
      %c1_0 = arith.constant 1 : index
      air.herd @h tile (%tx, %ty) in (%nx = %c1_0, %ny = %c1_0) attributes {x_loc = 0 : i64, y_loc = 2 : i64} {
        %c0 = arith.constant 0 : index
        %c1_1 = arith.constant 1 : index
        %c4 = arith.constant 4 : index
        %b = memref.alloc() : memref<8xi32, 2>
        // expected-error @+1 {{[compile-unsupported] an npu_mmio get must fill its buffer whole}}
        air.channel.get @m[] (%b[%c0] [%c4] [%c1_1]) : (memref<8xi32, 2>)
        memref.dealloc %b : memref<8xi32, 2>
      }
    }
  }
  return
}

// -----

// Element types that differ.
memref.global "private" constant @k : memref<8xi16> = dense<3>
air.channel @m [] {channel_type = "npu_mmio"}
func.func @types() {
  %g = memref.get_global @k : memref<8xi16>
  %c1 = arith.constant 1 : index
  air.launch (%lx) in (%sx = %c1) args(%a = %g) : memref<8xi16> {
    air.channel.put @m[] (%a[] [] []) : (memref<8xi16>)
    air.segment @seg {
      %c1_0 = arith.constant 1 : index
      air.herd @h tile (%tx, %ty) in (%nx = %c1_0, %ny = %c1_0) attributes {x_loc = 0 : i64, y_loc = 2 : i64} {
        %b = memref.alloc() : memref<4xi32, 2>
        // expected-error @+1 {{[compile-unsupported] an npu_mmio get's buffer ('memref<4xi32, 2>') must have the element type and count of the memref.global it is sent ('memref<8xi16>')}}
        air.channel.get @m[] (%b[] [] []) : (memref<4xi32, 2>)
        memref.dealloc %b : memref<4xi32, 2>
      }
    }
  }
  return
}

// -----

// A put that sends half the global.
memref.global "private" constant @k : memref<8xi32> = dense<3>
air.channel @m [] {channel_type = "npu_mmio"}
func.func @half_put() {
  %g = memref.get_global @k : memref<8xi32>
  %c1 = arith.constant 1 : index
  air.launch (%lx) in (%sx = %c1) args(%a = %g) : memref<8xi32> {
    %c0 = arith.constant 0 : index
    %c1_1 = arith.constant 1 : index
    %c4 = arith.constant 4 : index
    // expected-error @+1 {{[compile-unsupported] an npu_mmio put must send its memref.global whole}}
    air.channel.put @m[] (%a[%c0] [%c4] [%c1_1]) : (memref<8xi32>)
    air.segment @seg {
      %c1_0 = arith.constant 1 : index
      air.herd @h tile (%tx, %ty) in (%nx = %c1_0, %ny = %c1_0) attributes {x_loc = 0 : i64, y_loc = 2 : i64} {
        %b = memref.alloc() : memref<4xi32, 2>
        air.channel.get @m[] (%b[] [] []) : (memref<4xi32, 2>)
        memref.dealloc %b : memref<4xi32, 2>
      }
    }
  }
  return
}

// -----

// A get that fills a memory tile's buffer: the lowering writes initial
// values into core memories only.
memref.global "private" constant @k : memref<8xi32> = dense<3>
air.channel @m [] {channel_type = "npu_mmio"}
air.channel @d [] {channel_type = "dma_stream"}
func.func @into_l2() {
  %g = memref.get_global @k : memref<8xi32>
  %c1 = arith.constant 1 : index
  air.launch (%lx) in (%sx = %c1) args(%a = %g) : memref<8xi32> {
    air.channel.put @m[] (%a[] [] []) : (memref<8xi32>)
    air.segment @seg {
      %c1_0 = arith.constant 1 : index
      %l2 = memref.alloc() : memref<8xi32, 1>
      // expected-error @+1 {{[compile-unsupported] an npu_mmio get must fill a core's L1 buffer}}
      air.channel.get @m[] (%l2[] [] []) : (memref<8xi32, 1>)
      air.channel.put @d[] (%l2[] [] []) : (memref<8xi32, 1>)
      air.herd @h tile (%tx, %ty) in (%nx = %c1_0, %ny = %c1_0) attributes {x_loc = 0 : i64, y_loc = 2 : i64} {
        %b = memref.alloc() : memref<8xi32, 2>
        air.channel.get @d[] (%b[] [] []) : (memref<8xi32, 2>)
        memref.dealloc %b : memref<8xi32, 2>
      }
      memref.dealloc %l2 : memref<8xi32, 1>
    }
  }
  return
}

// -----

// Two constants for one buffer: one initial value cannot be both.
memref.global "private" constant @k3 : memref<8xi32> = dense<3>
memref.global "private" constant @k4 : memref<8xi32> = dense<4>
air.channel @m3 [] {channel_type = "npu_mmio"}
air.channel @m4 [] {channel_type = "npu_mmio"}
func.func @two_constants() {
  %g3 = memref.get_global @k3 : memref<8xi32>
  %g4 = memref.get_global @k4 : memref<8xi32>
  %c1 = arith.constant 1 : index
  air.launch (%lx) in (%sx = %c1) args(%a = %g3, %b4 = %g4) : memref<8xi32>, memref<8xi32> {
    air.channel.put @m3[] (%a[] [] []) : (memref<8xi32>)
    air.channel.put @m4[] (%b4[] [] []) : (memref<8xi32>)
    air.segment @seg {
      %c1_0 = arith.constant 1 : index
      air.herd @h tile (%tx, %ty) in (%nx = %c1_0, %ny = %c1_0) attributes {x_loc = 0 : i64, y_loc = 2 : i64} {
        %b = memref.alloc() : memref<8xi32, 2>
        air.channel.get @m3[] (%b[] [] []) : (memref<8xi32, 2>)
        // expected-error @+1 {{[compile-unsupported] two npu_mmio gets fill one buffer with different constants}}
        air.channel.get @m4[] (%b[] [] []) : (memref<8xi32, 2>)
        memref.dealloc %b : memref<8xi32, 2>
      }
    }
  }
  return
}

// -----

// The core sends the buffer the constant fills on a stream: refused (one
// buffer is either an initial value or a stream's).
memref.global "private" constant @k : memref<8xi32> = dense<3>
air.channel @m [] {channel_type = "npu_mmio"}
air.channel @o [] {channel_type = "dma_stream"}
func.func @sent_on(%out: memref<8xi32>) {
  %g = memref.get_global @k : memref<8xi32>
  %c1 = arith.constant 1 : index
  air.launch (%lx) in (%sx = %c1) args(%a = %g, %r = %out) : memref<8xi32>, memref<8xi32> {
    air.channel.put @m[] (%a[] [] []) : (memref<8xi32>)
    air.channel.get @o[] (%r[] [] []) : (memref<8xi32>)
    air.segment @seg {
      %c1_0 = arith.constant 1 : index
      air.herd @h tile (%tx, %ty) in (%nx = %c1_0, %ny = %c1_0) attributes {x_loc = 0 : i64, y_loc = 2 : i64} {
        %b = memref.alloc() : memref<8xi32, 2>
        air.channel.get @m[] (%b[] [] []) : (memref<8xi32, 2>)
        // expected-error @+1 {{[compile-unsupported] transfers a buffer an npu_mmio channel fills}}
        air.channel.put @o[] (%b[] [] []) : (memref<8xi32, 2>)
        memref.dealloc %b : memref<8xi32, 2>
      }
    }
  }
  return
}

// -----

// A write through a view: the subview is followed to its uses, and
// linalg.fill's stated effect is a write.
memref.global "private" constant @k : memref<8xi32> = dense<3>
air.channel @m [] {channel_type = "npu_mmio"}
func.func @view_written() {
  %g = memref.get_global @k : memref<8xi32>
  %c1 = arith.constant 1 : index
  air.launch (%lx) in (%sx = %c1) args(%a = %g) : memref<8xi32> {
    air.channel.put @m[] (%a[] [] []) : (memref<8xi32>)
    air.segment @seg {
      %c1_0 = arith.constant 1 : index
      air.herd @h tile (%tx, %ty) in (%nx = %c1_0, %ny = %c1_0) attributes {x_loc = 0 : i64, y_loc = 2 : i64} {
        %z = arith.constant 0 : i32
        %b = memref.alloc() : memref<8xi32, 2>
        // expected-error @+1 {{[compile-unsupported] the buffer an npu_mmio get fills is written by something else}}
        air.channel.get @m[] (%b[] [] []) : (memref<8xi32, 2>)
        %v = memref.subview %b[0] [4] [1] : memref<8xi32, 2> to memref<4xi32, strided<[1]>, 2>
        // expected-note @+1 {{written here}}
        linalg.fill ins(%z : i32) outs(%v : memref<4xi32, strided<[1]>, 2>)
        memref.dealloc %b : memref<8xi32, 2>
      }
    }
  }
  return
}
