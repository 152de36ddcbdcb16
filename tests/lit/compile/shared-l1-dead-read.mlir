// A shared L1 buffer whose last herd only reads it into a value nothing
// uses (upstream's air-to-aie tests have this form): the lowered core
// leaves the read out, so no core of the design uses the buffer for that
// herd. Validation reads no turn for it: a read nothing uses takes nothing
// from the buffer (docs/validate.md, "Shared L1"). The writers' turns
// validate; the reader still acquires both writers' locks.
// RUN: %air_check_bin compile --target=npu1_4col %s -o %t.mlir 2>&1 | FileCheck %s --check-prefix=DIAG --allow-empty
// RUN: FileCheck %s < %t.mlir
// RUN: %air_check_bin validate --target=npu1_4col %s %t.mlir | FileCheck %s --check-prefix=SAME

// DIAG-NOT: {{error|warning}}
// SAME: moves the data of
// CHECK: %[[R:.*]] = aie.lock(%{{.*}}) {init = 0 : i32, sym_name = "{{buf[0-9]+}}_turn2"}
// CHECK: aie.core(
// CHECK: vector.transfer_write
// CHECK: aie.core(
// CHECK-NEXT: aie.use_lock(%[[R]], AcquireGreaterEqual, 2)
// CHECK-NOT: vector.transfer_read
// CHECK: aie.end

module {
  func.func @dead_read() {
    %c1 = arith.constant 1 : index
    air.launch (%lx, %ly) in (%nx=%c1, %ny=%c1) {
      air.segment @seg {
        %c1_s = arith.constant 1 : index
        %c2_s = arith.constant 2 : index
        %tile = memref.alloc() : memref<2x32xi16, 2 : i32>
        air.herd @write tile (%tx, %ty) in (%sx=%c2_s, %sy=%c1_s) args(%t=%tile) : memref<2x32xi16, 2 : i32> attributes {x_loc = 0 : i64, y_loc = 2 : i64} {
          %c0 = arith.constant 0 : index
          %seven = arith.constant dense<7> : vector<32xi16>
          vector.transfer_write %seven, %t[%tx, %c0] {in_bounds = [true]} : vector<32xi16>, memref<2x32xi16, 2 : i32>
        }
        air.herd @peek tile (%tx, %ty) in (%sx=%c1_s, %sy=%c1_s) args(%t=%tile) : memref<2x32xi16, 2 : i32> attributes {x_loc = 0 : i64, y_loc = 3 : i64} {
          %c0 = arith.constant 0 : index
          %pad = arith.constant 0 : i16
          %v = vector.transfer_read %t[%c0, %c0], %pad {in_bounds = [true]} : memref<2x32xi16, 2 : i32>, vector<32xi16>
        }
        memref.dealloc %tile : memref<2x32xi16, 2 : i32>
      }
    }
    return
  }
}
