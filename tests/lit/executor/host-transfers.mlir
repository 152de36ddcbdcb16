// Transfers in the function body (the host) meet the launch's (issue 18):
// a channel the host puts to or gets from is one FIFO for the host and every
// launch instance, also when the instances run at once. Forms: a bare
// segment (upstream's add-one shape), an explicit one-instance launch, a
// bare 2x2 herd between scf.parallel loops of transfers, and a launch of two
// instances sharing the host's channel (which put each instance meets
// depends on the schedule: unknown, never a deadlock).
// RUN: rm -rf %t && split-file %s %t
// RUN: air-opt --air-wrap-hierarchy %t/bare-segment.mlir | air-opt --air-run-skeleton=launch-mode=parallel -o /dev/null | FileCheck %s --check-prefix=RUN4
// RUN: air-opt --air-wrap-hierarchy %t/bare-segment.mlir | air-opt --air-run-skeleton=launch-mode=serial -o /dev/null | FileCheck %s --check-prefix=RUN4
// RUN4: skeleton: completed (4 transfers)
// RUN: air-check lint --show-proofs %t/bare-segment.mlir %t/launch.mlir %t/bare-herd.mlir 2>&1 | FileCheck %s --check-prefix=PROVEN
// PROVEN: bare-segment.mlir:{{.*}}proven: deadlock freedom, for every schedule (symbolic: {{.*}})
// PROVEN: launch.mlir:{{.*}}proven: deadlock freedom, for every schedule (symbolic: {{.*}})
// PROVEN: bare-herd.mlir:{{.*}}proven: deadlock freedom, for every schedule (symbolic: {{.*}})
// PROVEN: air-check: 3 files, 0 errors, 2 warnings
// RUN: air-opt --air-run-skeleton=launch-mode=parallel %t/two-instances.mlir -o /dev/null | FileCheck %s --check-prefix=TWO
// TWO: skeleton: completed (4 transfers)
// TWO-NEXT: every schedule: unknown: get #0 and get #1 on @in[] are not ordered
// RUN: air-check lint %t/two-instances.mlir 2>&1 | FileCheck %s --check-prefix=TWO-LINT
// TWO-LINT: warning: deadlock freedom is unknown: a run completed, but get #0 and get #1 on @in[] are not ordered
// TWO-LINT-NOT: error
// TWO-LINT: air-check: 1 file, 0 errors, 1 warning

//--- bare-segment.mlir
air.channel @in []
air.channel @out []
air.channel @l1in [1, 1]
air.channel @l1out [1, 1]
func.func @add_one(%a: memref<64xi32>, %b: memref<64xi32>) {
  air.channel.put @in[] (%a[] [] []) : (memref<64xi32>)
  air.segment @seg {
    %c1 = arith.constant 1 : index
    %l2in = memref.alloc() : memref<64xi32, 1>
    %l2out = memref.alloc() : memref<64xi32, 1>
    air.channel.get @in[] (%l2in[] [] []) : (memref<64xi32, 1>)
    air.channel.put @l1in[] (%l2in[] [] []) : (memref<64xi32, 1>)
    air.herd tile (%x, %y) in (%sx=%c1, %sy=%c1) {
      %buf = memref.alloc() : memref<64xi32, 2>
      air.channel.get @l1in[%x, %y] (%buf[] [] []) : (memref<64xi32, 2>)
      air.channel.put @l1out[%x, %y] (%buf[] [] []) : (memref<64xi32, 2>)
    }
    air.channel.get @l1out[] (%l2out[] [] []) : (memref<64xi32, 1>)
    air.channel.put @out[] (%l2out[] [] []) : (memref<64xi32, 1>)
  }
  air.channel.get @out[] (%b[] [] []) : (memref<64xi32>)
  return
}

//--- launch.mlir
air.channel @in []
air.channel @out []
func.func @add_one(%a: memref<64xi32>, %b: memref<64xi32>) {
  air.channel.put @in[] (%a[] [] []) : (memref<64xi32>)
  air.launch () in () {
    air.segment @seg {
      %c1 = arith.constant 1 : index
      air.herd tile (%x, %y) in (%sx=%c1, %sy=%c1) {
        %buf = memref.alloc() : memref<64xi32, 2>
        air.channel.get @in[] (%buf[] [] []) : (memref<64xi32, 2>)
        air.channel.put @out[] (%buf[] [] []) : (memref<64xi32, 2>)
      }
    }
  }
  air.channel.get @out[] (%b[] [] []) : (memref<64xi32>)
  return
}

//--- bare-herd.mlir
air.channel @a [2, 2]
air.channel @c [2, 2]
func.func @copy(%A: memref<64x64xi32>, %C: memref<64x64xi32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c32 = arith.constant 32 : index
  %c64 = arith.constant 64 : index
  scf.parallel (%i, %j) = (%c0, %c0) to (%c2, %c2) step (%c1, %c1) {
    %oi = arith.muli %i, %c32 : index
    %oj = arith.muli %j, %c32 : index
    air.channel.put @a[%i, %j] (%A[%oi, %oj] [%c32, %c32] [%c64, %c1]) : (memref<64x64xi32>)
    scf.reduce
  }
  air.herd @h tile (%x, %y) in (%sx=%c2, %sy=%c2) {
    %buf = memref.alloc() : memref<32x32xi32, 2>
    air.channel.get @a[%x, %y] (%buf[] [] []) : (memref<32x32xi32, 2>)
    air.channel.put @c[%x, %y] (%buf[] [] []) : (memref<32x32xi32, 2>)
  }
  scf.parallel (%i, %j) = (%c0, %c0) to (%c2, %c2) step (%c1, %c1) {
    %oi = arith.muli %i, %c32 : index
    %oj = arith.muli %j, %c32 : index
    air.channel.get @c[%i, %j] (%C[%oi, %oj] [%c32, %c32] [%c64, %c1]) : (memref<64x64xi32>)
    scf.reduce
  }
  return
}

//--- two-instances.mlir
air.channel @in []
air.channel @out []
func.func @add_one(%a: memref<64xi32>, %b: memref<64xi32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c32 = arith.constant 32 : index
  air.channel.put @in[] (%a[%c0] [%c32] [%c1]) : (memref<64xi32>)
  air.channel.put @in[] (%a[%c32] [%c32] [%c1]) : (memref<64xi32>)
  air.launch (%l) in (%ls=%c2) {
    air.segment @seg {
      %c1s = arith.constant 1 : index
      air.herd tile (%x, %y) in (%sx=%c1s, %sy=%c1s) {
        %buf = memref.alloc() : memref<32xi32, 2>
        air.channel.get @in[] (%buf[] [] []) : (memref<32xi32, 2>)
        air.channel.put @out[] (%buf[] [] []) : (memref<32xi32, 2>)
      }
    }
  }
  air.channel.get @out[] (%b[%c0] [%c32] [%c1]) : (memref<64xi32>)
  air.channel.get @out[] (%b[%c32] [%c32] [%c1]) : (memref<64xi32>)
  return
}
