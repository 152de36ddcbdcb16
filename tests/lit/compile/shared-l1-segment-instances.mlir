// A shared L1 buffer in a segment of two instances (unrolled onto two
// columns): each instance's alloc is a buffer of its own, with a ring of
// its own, and validation reads each buffer's turns as one instance's
// (docs/validate.md, "Shared L1": the instances run at once, seed 000
// 2.2). With the second ring's first turn given to @offset, validate names
// that buffer's turn 0.
// RUN: %air_check_bin compile --target=npu1_4col %s -o %t.mlir 2>&1 | FileCheck %s --check-prefix=DIAG --allow-empty
// RUN: FileCheck %s < %t.mlir
// RUN: %air_check_bin validate --target=npu1_4col %s %t.mlir
// RUN: awk '/_turn0"/ { n0++; if (n0 == 2) sub(/init = 1/, "init = 0") } /_turn1"/ { n1++; if (n1 == 2) sub(/init = 0/, "init = 1") } { print }' %t.mlir > %t.swapped.mlir
// RUN: not %air_check_bin validate --target=npu1_4col %s %t.swapped.mlir 2>&1 | FileCheck %s --check-prefix=SWAPPED

// DIAG-NOT: {{error|warning}}
// Two rings, one per instance's buffer.
// CHECK: %[[A0:.*]] = aie.lock(%{{.*}}) {init = 1 : i32, sym_name = "[[S0:buf[0-9]+]]_turn0"}
// CHECK: %[[A1:.*]] = aie.lock(%{{.*}}) {init = 0 : i32, sym_name = "[[S0]]_turn1"}
// CHECK: %[[B0:.*]] = aie.lock(%{{.*}}) {init = 1 : i32, sym_name = "[[S1:buf[0-9]+]]_turn0"}
// CHECK: %[[B1:.*]] = aie.lock(%{{.*}}) {init = 0 : i32, sym_name = "[[S1]]_turn1"}
// SWAPPED: error: [translation-validation] the design does not move the program's data: buffer {{buf[0-9]+}} (shared by cores of several tiles): turn 0 (round 0) is core ({{[0-9]+}}, {{[0-9]+}})'s, of herd @offset, where the program's round has herd @scale there

#mul64 = affine_map<()[s0] -> (s0 * 64)>
module {
  air.channel @seg_in [2, 1]
  air.channel @seg_out [2, 1]
  func.func @halves(%src: memref<128xi32>, %dst: memref<128xi32>) {
    %c1 = arith.constant 1 : index
    air.launch (%lx) in (%nlx=%c1) args(%a=%src, %b=%dst) : memref<128xi32>, memref<128xi32> {
      %c0 = arith.constant 0 : index
      %c1_l = arith.constant 1 : index
      %c2 = arith.constant 2 : index
      %c64 = arith.constant 64 : index
      scf.parallel (%i) = (%c0) to (%c2) step (%c1_l) {
        %off = affine.apply #mul64()[%i]
        air.channel.put @seg_in[%i, %c0] (%a[%off] [%c64] [%c1_l]) : (memref<128xi32>)
      }
      air.segment @half unroll(%si, %sj) in (%nsi=%c2, %nsj=%c1_l) attributes {x_loc = 0 : i64, x_size = 1 : i64, y_loc = 2 : i64, y_size = 4 : i64} {
        %c1_s = arith.constant 1 : index
        %l2in = memref.alloc() : memref<64xi32, 1 : i32>
        %l2out = memref.alloc() : memref<64xi32, 1 : i32>
        air.channel.get @seg_in[%si, %sj] (%l2in[] [] []) : (memref<64xi32, 1 : i32>)
        %scratch = memref.alloc() : memref<64xi32, 2 : i32>
        air.herd @scale tile (%tx, %ty) in (%sx=%c1_s, %sy=%c1_s) args(%s=%scratch, %in2=%l2in) : memref<64xi32, 2 : i32>, memref<64xi32, 1 : i32> attributes {x_loc = 0 : i64, y_loc = 2 : i64} {
          %c0_h = arith.constant 0 : index
          %c1_h = arith.constant 1 : index
          %c64_h = arith.constant 64 : index
          %three = arith.constant 3 : i32
          %in = memref.alloc() : memref<64xi32, 2 : i32>
          air.dma_memcpy_nd (%in[] [] [], %in2[] [] []) : (memref<64xi32, 2 : i32>, memref<64xi32, 1 : i32>)
          scf.for %k = %c0_h to %c64_h step %c1_h {
            %v = memref.load %in[%k] : memref<64xi32, 2 : i32>
            %w = arith.muli %v, %three : i32
            memref.store %w, %s[%k] : memref<64xi32, 2 : i32>
          }
          memref.dealloc %in : memref<64xi32, 2 : i32>
        }
        air.herd @offset tile (%tx, %ty) in (%sx=%c1_s, %sy=%c1_s) args(%s=%scratch, %out2=%l2out) : memref<64xi32, 2 : i32>, memref<64xi32, 1 : i32> attributes {x_loc = 0 : i64, y_loc = 3 : i64} {
          %c0_h = arith.constant 0 : index
          %c1_h = arith.constant 1 : index
          %c64_h = arith.constant 64 : index
          %one = arith.constant 1 : i32
          %out = memref.alloc() : memref<64xi32, 2 : i32>
          scf.for %k = %c0_h to %c64_h step %c1_h {
            %v = memref.load %s[%k] : memref<64xi32, 2 : i32>
            %w = arith.addi %v, %one : i32
            memref.store %w, %out[%k] : memref<64xi32, 2 : i32>
          }
          air.dma_memcpy_nd (%out2[] [] [], %out[] [] []) : (memref<64xi32, 1 : i32>, memref<64xi32, 2 : i32>)
          memref.dealloc %out : memref<64xi32, 2 : i32>
        }
        air.channel.put @seg_out[%si, %sj] (%l2out[] [] []) : (memref<64xi32, 1 : i32>)
        memref.dealloc %scratch : memref<64xi32, 2 : i32>
      }
      scf.parallel (%i) = (%c0) to (%c2) step (%c1_l) {
        %off = affine.apply #mul64()[%i]
        air.channel.get @seg_out[%i, %c0] (%b[%off] [%c64] [%c1_l]) : (memref<128xi32>)
      }
    }
    return
  }
}
