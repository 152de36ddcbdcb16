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
