// What the executor cannot run is `unsupported`, with the reason and the
// op: sizes that are not constants, AIR ops inside ops it does not run,
// tokens the program does not produce. Compute without AIR ops is skipped.
// RUN: air-opt --split-input-file --air-run-skeleton %s -o /dev/null | FileCheck %s

// CHECK: skeleton: unsupported: {{.*}}unsupported.mlir:[[#@LINE+5]]:7: 'air.herd' size #0 is not a constant: it depends on argument #0 of @symbolic
func.func @symbolic(%n: index) {
  air.launch () in () args(%m=%n) : index {
    air.segment @s args(%sm=%m) : index {
      %c2 = arith.constant 2 : index
      air.herd @h tile (%x, %y) in (%sx=%sm, %sy=%c2) {
      }
    }
  }
  return
}

// -----

// CHECK: skeleton: unsupported: {{.*}}:[[#@LINE+7]]:7: 'affine.for' holds AIR ops, which the executor does not run inside this op
air.channel @c []

func.func @affine_loop() {
  air.launch () in () {
    air.segment @s {
      %l2 = memref.alloc() : memref<16xi32, 1>
      affine.for %i = 0 to 4 {
        air.channel.put @c[] (%l2[] [] []) : (memref<16xi32, 1>)
      }
    }
  }
  return
}

// -----

// CHECK: skeleton: unsupported: {{.*}}:[[#@LINE+2]]:8: 'air.wait_all' waits for a token the program does not produce: it depends on argument #0 of @token_argument
func.func @token_argument(%t: !air.token) {
  %0 = air.wait_all async [%t]
  return
}

// -----

// A loop bound loaded from memory is not a constant.
// CHECK: skeleton: unsupported: {{.*}}:[[#@LINE+9]]:5: 'scf.for' upper bound is not a constant: it depends on the result of 'memref.load' at [[#@LINE+7]]:10
air.channel @c []

func.func @loaded_bound(%m: memref<1xindex>) {
  air.launch () in () args(%lm=%m) : memref<1xindex> {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %n = memref.load %lm[%c0] : memref<1xindex>
    %u = arith.addi %n, %c1 : index
    scf.for %i = %c0 to %u step %c1 {
      air.segment @s {
        %l2 = memref.alloc() : memref<16xi32, 1>
        air.channel.put @c[] (%l2[] [] []) : (memref<16xi32, 1>)
        air.channel.get @c[] (%l2[] [] []) : (memref<16xi32, 1>)
      }
    }
  }
  return
}

// -----

// Compute without AIR ops (a loop over loaded values, a call to a kernel) is
// skipped.
// CHECK: skeleton: completed (0 transfers)
func.func private @kernel(memref<16xi32, 2>)

func.func @compute_only() {
  air.launch () in () {
    air.segment @s {
      %c1 = arith.constant 1 : index
      air.herd @h tile (%x) in (%n=%c1) {
        %c0 = arith.constant 0 : index
        %c16 = arith.constant 16 : index
        %l1 = memref.alloc() : memref<16xi32, 2>
        %v = memref.load %l1[%c0] : memref<16xi32, 2>
        %b = arith.index_cast %v : i32 to index
        scf.for %i = %c0 to %b step %c16 {
          func.call @kernel(%l1) : (memref<16xi32, 2>) -> ()
        }
      }
    }
  }
  return
}
