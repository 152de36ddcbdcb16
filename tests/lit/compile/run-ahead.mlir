// A producer one transfer ahead of its consumer before it reads an
// acknowledgement, which @data's depth 2 allows (seed 000 2.5). The lowering
// gives each endpoint the program's own buffers, not depth-many: a core's
// put only releases its buffer's consumer lock and goes on, and a get's
// window ends after the buffer's last use, so the DMAs hold the slack the
// run-ahead needs. The lowered design is proven deadlock-free.
// RUN: %air_check_bin compile --target=npu1_4col %s -o %t.mlir
// RUN: %air_check_bin lint --show-proofs %t.mlir 2>&1 | FileCheck %s
// CHECK: proven: deadlock freedom of the array
module {
  air.channel @data [] {depth = 2}
  air.channel @ack []
  func.func @run_ahead() {
    air.launch () in () {
      air.segment @s {
        %c1 = arith.constant 1 : index
        %p = air.herd @producer async tile (%x) in (%n=%c1) {
          %d = memref.alloc() : memref<16xi32, 2>
          %k = memref.alloc() : memref<16xi32, 2>
          air.channel.put @data[] (%d[] [] []) : (memref<16xi32, 2>)
          air.channel.put @data[] (%d[] [] []) : (memref<16xi32, 2>)
          air.channel.get @ack[] (%k[] [] []) : (memref<16xi32, 2>)
        }
        %c = air.herd @consumer async tile (%x) in (%n=%c1) {
          %d = memref.alloc() : memref<16xi32, 2>
          %k = memref.alloc() : memref<16xi32, 2>
          air.channel.get @data[] (%d[] [] []) : (memref<16xi32, 2>)
          air.channel.put @ack[] (%k[] [] []) : (memref<16xi32, 2>)
          air.channel.get @data[] (%d[] [] []) : (memref<16xi32, 2>)
        }
        air.wait_all [%p, %c]
      }
    }
    return
  }
}
