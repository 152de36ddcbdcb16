// Forms of upstream mlir-air that air-check accepts (issue 18.3), each
// parsed, verified, printed in upstream's form, and read back; the packet
// demux's dest(...) is also run by the executor.
// RUN: rm -rf %t && split-file %s %t
// RUN: air-opt %t/forms.mlir | FileCheck %s
// RUN: air-opt %t/forms.mlir | air-opt -o /dev/null
// RUN: air-opt --air-run-skeleton %t/demux.mlir -o /dev/null | FileCheck %s --check-prefix=SKEL
// RUN: air-check lint --show-proofs %t/demux.mlir 2>&1 | FileCheck %s --check-prefix=LINT

// CHECK: ml_program.global private mutable @state(dense<0> : tensor<4xi32>) : tensor<4xi32>
// CHECK: func.func @heap(%{{.*}}: memref<32xi32, #air.symmetric_heap>, %{{.*}}: index)
// A herd of one tile, as upstream's canonicalizer prints it.
// CHECK: air.herd @one tile () in ()
// Extra types in args(...) are dropped, as upstream's parser ignores them.
// CHECK: air.herd @h tile (%{{.*}}, %{{.*}}) in (%{{.*}}=%{{.*}}, %{{.*}}=%{{.*}}) args(%{{.*}}=%{{.*}}) : memref<32xi32, #air.symmetric_heap> {
// CHECK: air.channel.put @fan[%{{.*}}, %{{.*}}] (%{{.*}}[] [] []) dest(%{{.*}}) : (memref<16xi32, 1>)

// The two puts go to the one destination each names.
// SKEL: skeleton: completed (2 transfers)
// LINT: warning: the put/get balance of channel @fan is unknown: its destination is chosen at run time (dest)
// LINT: proven: deadlock freedom, for every schedule at these sizes

//--- forms.mlir
ml_program.global private mutable @state(dense<0> : tensor<4xi32>) : tensor<4xi32>
air.channel @fan [1, 1] {broadcast_shape = [1, 2], channel_type = "npu_dma_packet"}
func.func @heap(%m: memref<32xi32, #air.symmetric_heap>, %d: index) {
  %c1 = arith.constant 1 : index
  air.herd @one tile () in () {
  }
  air.herd @h tile (%x, %y) in (%sx=%c1, %sy=%c1) args(%a=%m) : memref<32xi32, #air.symmetric_heap>, index {
    %c0 = arith.constant 0 : index
    %v = memref.load %a[%c0] : memref<32xi32, #air.symmetric_heap>
  }
  %l2 = memref.alloc() : memref<16xi32, 1>
  %c0 = arith.constant 0 : index
  air.channel.put @fan[%c0, %c0] (%l2[] [] []) dest(%d) : (memref<16xi32, 1>)
  return
}

//--- demux.mlir
air.channel @fan [1, 1] {broadcast_shape = [1, 2], channel_type = "npu_dma_packet"}
func.func @demux() {
  air.launch () in () {
    air.segment @s {
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %c2 = arith.constant 2 : index
      %l2 = memref.alloc() : memref<16xi32, 1>
      %p0 = air.channel.put async @fan[%c0, %c0] (%l2[] [] []) dest(%c1) : (memref<16xi32, 1>)
      %p1 = air.channel.put async [%p0] @fan[%c0, %c0] (%l2[] [] []) dest(%c0) : (memref<16xi32, 1>)
      air.herd @h tile (%x, %y) in (%sx=%c1, %sy=%c2) {
        %b = memref.alloc() : memref<16xi32, 2>
        air.channel.get @fan[%x, %y] (%b[] [] []) : (memref<16xi32, 2>)
      }
      air.wait_all [%p1]
    }
  }
  return
}
