// Two cores that use one buffer with no lock between them race only where
// their elements meet, one writing: aie-data-race reads each core's
// elements from its loads and stores (analyses/aie/CoreFootprint.h), loops
// over their whole ranges. @rows: one core stores row 0 in a loop, the
// other writes a vector into row 1 (apart, proved). @strided: even and odd
// elements (apart). @overlap: the vector reaches into the loop's elements
// (a race). @view: a store through a subview counts the whole buffer.
// RUN: air-check lint --verify-diagnostics %s
// RUN: not air-check lint --show-proofs %s 2>&1 | FileCheck %s --check-prefix=PROOF
// PROOF: :[[@LINE+3]]:3: proven: no core touches a buffer while another core may use it, one of them writing; 1 core/core pair(s) on a shared buffer touch elements apart (their loads and stores over their loops' ranges) [aie-data-race]
// PROOF: :[[@LINE+24]]:3: proven: no core touches a buffer while another core may use it, one of them writing; 1 core/core pair(s) on a shared buffer touch elements apart
module {
  aie.device(npu1_1col) @rows {
    %t2 = aie.tile(0, 2)
    %t3 = aie.tile(0, 3)
    %shared = aie.buffer(%t2) {sym_name = "shared"} : memref<2x16xi32>
    %c2 = aie.core(%t2) {
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %c16 = arith.constant 16 : index
      %c7 = arith.constant 7 : i32
      scf.for %i = %c0 to %c16 step %c1 {
        memref.store %c7, %shared[%c0, %i] : memref<2x16xi32>
      }
      aie.end
    }
    %c3 = aie.core(%t3) {
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %v = arith.constant dense<3> : vector<16xi32>
      vector.transfer_write %v, %shared[%c1, %c0] {in_bounds = [true]} : vector<16xi32>, memref<2x16xi32>
      aie.end
    }
  }
  aie.device(npu1_1col) @strided {
    %t2 = aie.tile(0, 2)
    %t3 = aie.tile(0, 3)
    %shared = aie.buffer(%t2) {sym_name = "shared"} : memref<32xi32>
    %c2 = aie.core(%t2) {
      %c0 = arith.constant 0 : index
      %c2_ = arith.constant 2 : index
      %c32 = arith.constant 32 : index
      %c7 = arith.constant 7 : i32
      scf.for %i = %c0 to %c32 step %c2_ {
        memref.store %c7, %shared[%i] : memref<32xi32>
      }
      aie.end
    }
    %c3 = aie.core(%t3) {
      %c1 = arith.constant 1 : index
      %c2_ = arith.constant 2 : index
      %c32 = arith.constant 32 : index
      %c5 = arith.constant 5 : i32
      scf.for %i = %c1 to %c32 step %c2_ {
        memref.store %c5, %shared[%i] : memref<32xi32>
      }
      aie.end
    }
  }
  aie.device(npu1_1col) @overlap {
    %t2 = aie.tile(0, 2)
    %t3 = aie.tile(0, 3)
    %shared = aie.buffer(%t2) {sym_name = "shared"} : memref<2x16xi32>
    %c2 = aie.core(%t2) {
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %c16 = arith.constant 16 : index
      %c7 = arith.constant 7 : i32
      scf.for %i = %c0 to %c16 step %c1 {
        // expected-error @+3 {{aie data race: the core of tile (0, 2) writes buffer @shared here while the core of tile (0, 3) may be writing it: no lock orders the two cores' code}}
        // expected-note @+2 {{a reachable state}}
        // expected-note @+1 {{hint: give the cores turns with the buffer: each acquires a lock before touching it and releases the other's after, or have them touch elements apart}}
        memref.store %c7, %shared[%c0, %i] : memref<2x16xi32>
      }
      aie.end
    }
    %c3 = aie.core(%t3) {
      %c0 = arith.constant 0 : index
      %c8 = arith.constant 8 : index
      %v = arith.constant dense<3> : vector<8xi32>
      // expected-note @+1 {{the other core's write}}
      vector.transfer_write %v, %shared[%c0, %c8] {in_bounds = [true]} : vector<8xi32>, memref<2x16xi32>
      aie.end
    }
  }
  aie.device(npu1_1col) @view {
    %t2 = aie.tile(0, 2)
    %t3 = aie.tile(0, 3)
    %shared = aie.buffer(%t2) {sym_name = "shared"} : memref<2x16xi32>
    %c2 = aie.core(%t2) {
      %c0 = arith.constant 0 : index
      %c7 = arith.constant 7 : i32
      %row = memref.subview %shared[0, 0] [1, 16] [1, 1] : memref<2x16xi32> to memref<16xi32, strided<[1]>>
      // expected-error @+3 {{aie data race: the core of tile (0, 2) writes buffer @shared here while the core of tile (0, 3) may be writing it}}
      // expected-note @+2 {{a reachable state}}
      // expected-note @+1 {{hint: give the cores turns}}
      memref.store %c7, %row[%c0] : memref<16xi32, strided<[1]>>
      aie.end
    }
    %c3 = aie.core(%t3) {
      %c1 = arith.constant 1 : index
      %c0 = arith.constant 0 : index
      %c5 = arith.constant 5 : i32
      // expected-note @+1 {{the other core's write}}
      memref.store %c5, %shared[%c1, %c0] : memref<2x16xi32>
      aie.end
    }
  }
}
