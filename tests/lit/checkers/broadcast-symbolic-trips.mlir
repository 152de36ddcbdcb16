// A broadcast fed and read in K loops whose trip count is a function
// argument (issue 18.2). For K < 32 no trip runs: nothing is sent and no get
// waits, so that is not an uncovered destination. A destination that puts
// send to and no get reads is still an error, with the parameter values.
// RUN: rm -rf %t && split-file %s %t
// RUN: air-check lint --disable=deadlock-freedom %t/covered.mlir 2>&1 | FileCheck %s --check-prefix=CLEAN
// CLEAN-NOT: broadcast_shape
// CLEAN: air-check: 1 file, 0 errors, 0 warnings
// RUN: air-check lint --verify-diagnostics --disable=deadlock-freedom,channel-count-balance %t/uncovered.mlir

//--- covered.mlir
air.channel @A [2, 1] {broadcast_shape = [2, 2]}
func.func @mm(%a: memref<64x1024xi32>, %K: index) {
  air.launch () in () args(%aa=%a, %kk=%K) : memref<64x1024xi32>, index {
    air.segment @s args(%sa=%aa, %sk=%kk) : memref<64x1024xi32>, index {
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %c2 = arith.constant 2 : index
      %c32 = arith.constant 32 : index
      %l2 = memref.alloc() : memref<64x32xi32, 1>
      scf.for %k = %c0 to %sk step %c32 {
        air.channel.put @A[%c0, %c0] (%l2[%c0, %c0] [%c32, %c32] [%c32, %c1]) : (memref<64x32xi32, 1>)
        air.channel.put @A[%c1, %c0] (%l2[%c32, %c0] [%c32, %c32] [%c32, %c1]) : (memref<64x32xi32, 1>)
      }
      air.herd @h tile (%x, %y) in (%sx=%c2, %sy=%c2) args(%hk=%sk) : index {
        %z = arith.constant 0 : index
        %s = arith.constant 32 : index
        %buf = memref.alloc() : memref<32x32xi32, 2>
        scf.for %k = %z to %hk step %s {
          air.channel.get @A[%x, %y] (%buf[] [] []) : (memref<32x32xi32, 2>)
        }
      }
    }
  }
  return
}

//--- uncovered.mlir
// The herd is 2x1: column 1 of the broadcast is sent to and never read.
// expected-error@+1 {{broadcast_shape [2, 2] of channel @A does not match the index space of its gets: destination [1, 1] is sent to but never read (when %arg1 of @mm = 1)}}
air.channel @A [2, 1] {broadcast_shape = [2, 2]}
func.func @mm(%a: memref<64x1024xi32>, %K: index) {
  air.launch () in () args(%aa=%a, %kk=%K) : memref<64x1024xi32>, index {
    air.segment @s args(%sa=%aa, %sk=%kk) : memref<64x1024xi32>, index {
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %c2 = arith.constant 2 : index
      %c32 = arith.constant 32 : index
      %l2 = memref.alloc() : memref<64x32xi32, 1>
      scf.for %k = %c0 to %sk step %c32 {
        // expected-note@+1 {{sent to it from here}}
        air.channel.put @A[%c0, %c0] (%l2[%c0, %c0] [%c32, %c32] [%c32, %c1]) : (memref<64x32xi32, 1>)
        // expected-note@+1 {{sent to it from here}}
        air.channel.put @A[%c1, %c0] (%l2[%c32, %c0] [%c32, %c32] [%c32, %c1]) : (memref<64x32xi32, 1>)
      }
      air.herd @h tile (%x, %y) in (%sx=%c2, %sy=%c1) args(%hk=%sk) : index {
        %z = arith.constant 0 : index
        %s = arith.constant 32 : index
        %buf = memref.alloc() : memref<32x32xi32, 2>
        scf.for %k = %z to %hk step %s {
          // expected-note@+1 {{get here}}
          air.channel.get @A[%x, %y] (%buf[] [] []) : (memref<32x32xi32, 2>)
        }
      }
    }
  }
  return
}
