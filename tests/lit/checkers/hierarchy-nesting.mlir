// hierarchy-nesting (seed 000 2.1-2.3): a herd sits in a segment, a segment
// in a launch or another segment, a launch at the top, nothing inside a
// herd. A bare herd or segment (upstream's parser accepts one, and its
// pipeline wraps it) is a warning, an error under --strict, and lint
// analyses the program wrapped as upstream wraps it (air-opt
// --air-wrap-hierarchy shows the wrapping). Anything inside a herd, or a
// launch inside another hierarchy op, has no such meaning: an error. The op
// verifier leaves all of it to lint.
// RUN: rm -rf %t && split-file %s %t

// Bare herds and segments: warnings, exit 0.
// RUN: air-check lint --verify-diagnostics %t/herd-in-launch.mlir %t/herd-in-func.mlir %t/segment-in-func.mlir
// RUN: air-check lint %t/herd-in-launch.mlir %t/herd-in-func.mlir %t/segment-in-func.mlir 2> %t/warn; test $? -eq 0
// RUN: FileCheck %s --check-prefix=WARN < %t/warn
// WARN: herd-in-launch.mlir:7:5: warning: 'air.herd' is not nested inside an 'air.segment' (seed 000 2.3); analysed as upstream's wrapping leaves it, in a one-instance 'air.segment' of its own
// WARN: herd-in-func.mlir:5:3: warning: 'air.herd' is not nested inside an 'air.segment' (seed 000 2.3); analysed as upstream's wrapping leaves it, in a one-instance 'air.launch' and 'air.segment' of its own (air-insert-launch-around-herd, insert-segment=true)
// WARN: segment-in-func.mlir:4:3: warning: 'air.segment' is not nested inside an 'air.launch' (seed 000 2.2); analysed as upstream's wrapping leaves it, in a one-instance 'air.launch' of its own
// WARN: air-check: 3 files, 0 errors, 3 warnings

// Under --strict the same findings are errors, exit 1.
// RUN: air-check lint --strict %t/herd-in-launch.mlir %t/herd-in-func.mlir %t/segment-in-func.mlir 2> %t/strict; test $? -eq 1
// RUN: FileCheck %s --check-prefix=STRICT < %t/strict
// STRICT: herd-in-launch.mlir:7:5: error: 'air.herd' is not nested inside an 'air.segment' (seed 000 2.3); analysed as upstream's wrapping leaves it, in a one-instance 'air.segment' of its own
// STRICT: herd-in-launch.mlir:3:3: note: the nearest enclosing hierarchy op is this 'air.launch'
// STRICT: herd-in-launch.mlir:7:5: note: hint: wrap it yourself so the program means the same in every tool
// STRICT: herd-in-func.mlir:5:3: error: 'air.herd' is not nested inside an 'air.segment' (seed 000 2.3); analysed as upstream's wrapping leaves it, in a one-instance 'air.launch' and 'air.segment' of its own (air-insert-launch-around-herd, insert-segment=true)
// STRICT: herd-in-func.mlir:5:3: note: hint: wrap it yourself so the program means the same in every tool
// STRICT: segment-in-func.mlir:4:3: error: 'air.segment' is not nested inside an 'air.launch' (seed 000 2.2); analysed as upstream's wrapping leaves it, in a one-instance 'air.launch' of its own
// STRICT: segment-in-func.mlir:4:3: note: hint: wrap it yourself so the program means the same in every tool
// STRICT: air-check: 3 files, 3 errors, 0 warnings
// RUN: not air-check lint --strict --format=json %t/herd-in-launch.mlir | FileCheck %s --check-prefix=STRICT-JSON
// STRICT-JSON: "rule": "hierarchy-nesting",
// STRICT-JSON-NEXT: "severity": "error"
// RUN: air-check lint --format=json %t/herd-in-launch.mlir | FileCheck %s --check-prefix=JSON
// JSON: "rule": "hierarchy-nesting",
// JSON-NEXT: "severity": "warning"

// The programs moved from corpus/negative, where a warning does not fail.
// RUN: air-check lint --verify-diagnostics %S/Inputs/hierarchy-nesting-herd-in-launch.mlir %S/Inputs/hierarchy-nesting-herd-in-func.mlir %S/Inputs/hierarchy-nesting-segment-in-func.mlir
// RUN: not air-check lint --strict %S/Inputs/hierarchy-nesting-herd-in-launch.mlir %S/Inputs/hierarchy-nesting-herd-in-func.mlir %S/Inputs/hierarchy-nesting-segment-in-func.mlir 2>&1 | FileCheck %s --check-prefix=STRICT-INPUTS
// STRICT-INPUTS: air-check: 3 files, 3 errors, 0 warnings

// Lint goes on analysing the wrapped program: it finds the imbalance behind
// a bare herd, and proves a bare segment deadlock-free.
// RUN: air-check lint --verify-diagnostics %t/bare-herd-unbalanced.mlir
// RUN: air-check lint --show-proofs %t/bare-segment-proven.mlir 2>&1 | FileCheck %s --check-prefix=PROVEN
// PROVEN: bare-segment-proven.mlir:3:3: warning: 'air.segment' is not nested inside an 'air.launch'
// PROVEN: proven: deadlock freedom, for every schedule (symbolic: {{.*}}) [deadlock-freedom]
// PROVEN: air-check: 1 file, 0 errors, 1 warning
// --disable=hierarchy-nesting silences the warning, not the analysis.
// RUN: air-check lint --show-proofs --disable=hierarchy-nesting %t/bare-segment-proven.mlir 2>&1 | FileCheck %s --check-prefix=DISABLED
// DISABLED-NOT: warning
// DISABLED: proven: deadlock freedom
// DISABLED: air-check: 1 file, 0 errors, 0 warnings

// Nothing inside a herd, no launch inside a hierarchy op: errors, exit 1,
// also without --strict.
// RUN: air-check lint --verify-diagnostics %t/herd-in-herd.mlir %t/segment-in-herd.mlir %t/launch-in-herd.mlir %t/launch-in-segment.mlir %t/launch-in-launch.mlir
// RUN: air-check lint %t/herd-in-herd.mlir %t/segment-in-herd.mlir %t/launch-in-herd.mlir %t/launch-in-segment.mlir %t/launch-in-launch.mlir 2> %t/err; test $? -eq 1
// RUN: FileCheck %s --check-prefix=ERR < %t/err
// ERR: air-check: 5 files, 5 errors, 0 warnings

// Nested segments are allowed (compute model 4.2).
// RUN: air-check lint %t/nested-segments-ok.mlir 2>&1 | FileCheck %s --check-prefix=OK
// OK: air-check: 1 file, 0 errors, 0 warnings

// The op verifier accepts every one of these nestings.
// RUN: air-opt %t/herd-in-herd.mlir > /dev/null 2>&1
// RUN: air-opt %t/segment-in-herd.mlir > /dev/null 2>&1
// RUN: air-opt %t/launch-in-herd.mlir > /dev/null 2>&1
// RUN: air-opt %t/launch-in-segment.mlir > /dev/null 2>&1
// RUN: air-opt %t/launch-in-launch.mlir > /dev/null 2>&1

//--- herd-in-launch.mlir
func.func @herd_in_launch() {
  // expected-note@+1 {{the nearest enclosing hierarchy op is this 'air.launch'}}
  air.launch () in () {
    %c1 = arith.constant 1 : index
    // expected-warning@+2 {{'air.herd' is not nested inside an 'air.segment' (seed 000 2.3); analysed as upstream's wrapping leaves it, in a one-instance 'air.segment' of its own}}
    // expected-note@+1 {{hint: wrap it yourself so the program means the same in every tool}}
    air.herd tile (%x) in (%s=%c1) {
    }
  }
  return
}

//--- herd-in-func.mlir
func.func @herd_in_func() {
  %c1 = arith.constant 1 : index
  // expected-warning@+2 {{'air.herd' is not nested inside an 'air.segment' (seed 000 2.3); analysed as upstream's wrapping leaves it, in a one-instance 'air.launch' and 'air.segment' of its own (air-insert-launch-around-herd, insert-segment=true)}}
  // expected-note@+1 {{hint: wrap it yourself so the program means the same in every tool}}
  air.herd tile (%x) in (%s=%c1) {
  }
  return
}

//--- segment-in-func.mlir
func.func @segment_in_func() {
  // expected-warning@+2 {{'air.segment' is not nested inside an 'air.launch' (seed 000 2.2); analysed as upstream's wrapping leaves it, in a one-instance 'air.launch' of its own}}
  // expected-note@+1 {{hint: wrap it yourself so the program means the same in every tool}}
  air.segment @s {
    air.segment_terminator
  }
  return
}

//--- bare-herd-unbalanced.mlir
// Tile 1 of the bare herd gets from @c[1], which nothing puts.
// expected-error@+2 {{channel @c is unbalanced at index [1]: 0 puts but 1 get (0 elements put, 64 got); the side with more transfers blocks forever}}
// expected-note@+1 {{hint: every put needs a matching get at the same channel index}}
air.channel @c [2]
func.func @herd_in_func(%a: memref<64xi32>) {
  %c0 = arith.constant 0 : index
  %c2 = arith.constant 2 : index
  air.channel.put @c[%c0] (%a[] [] []) : (memref<64xi32>)
  // expected-warning@+2 {{'air.herd' is not nested inside an 'air.segment'}}
  // expected-note@+1 {{hint: wrap it yourself}}
  air.herd @h tile (%x) in (%n=%c2) {
    %l1 = memref.alloc() : memref<64xi32, 2 : i32>
    // expected-note@+1 {{get here}}
    air.channel.get @c[%x] (%l1[] [] []) : (memref<64xi32, 2 : i32>)
  }
  return
}

//--- bare-segment-proven.mlir
air.channel @c []
func.func @segment_in_func(%a: memref<64xi32>) {
  air.segment @s args(%sa=%a) : memref<64xi32> {
    %l2 = memref.alloc() : memref<64xi32, 1 : i32>
    air.dma_memcpy_nd (%l2[] [] [], %sa[] [] []) : (memref<64xi32, 1 : i32>, memref<64xi32>)
    %p = air.channel.put async @c[] (%l2[] [] []) : (memref<64xi32, 1 : i32>)
    %c1 = arith.constant 1 : index
    air.herd @h tile (%x) in (%n=%c1) {
      %l1 = memref.alloc() : memref<64xi32, 2 : i32>
      air.channel.get @c[] (%l1[] [] []) : (memref<64xi32, 2 : i32>)
    }
  }
  return
}

//--- herd-in-herd.mlir
func.func @herd_in_herd() {
  air.launch () in () {
    air.segment {
      %c1 = arith.constant 1 : index
      // expected-note@+1 {{the enclosing 'air.herd'}}
      air.herd tile (%x) in (%s=%c1) {
        %c2 = arith.constant 1 : index
        // expected-error@+1 {{'air.herd' is nested inside an 'air.herd', but a herd is the innermost level of the hierarchy (seed 000 2.3)}}
        air.herd tile (%y) in (%t=%c2) {
        }
      }
    }
  }
  return
}

//--- segment-in-herd.mlir
func.func @segment_in_herd() {
  air.launch () in () {
    air.segment {
      %c1 = arith.constant 1 : index
      // expected-note@+1 {{the enclosing 'air.herd'}}
      air.herd tile (%x) in (%s=%c1) {
        // expected-error@+1 {{'air.segment' is nested inside an 'air.herd', but a herd is the innermost level of the hierarchy (seed 000 2.3)}}
        air.segment @inner {
          air.segment_terminator
        }
      }
    }
  }
  return
}

//--- launch-in-herd.mlir
func.func @launch_in_herd() {
  air.launch () in () {
    air.segment {
      %c1 = arith.constant 1 : index
      // expected-note@+1 {{the enclosing 'air.herd'}}
      air.herd tile (%x) in (%s=%c1) {
        // expected-error@+1 {{'air.launch' is nested inside an 'air.herd', but a herd is the innermost level of the hierarchy (seed 000 2.3)}}
        air.launch () in () {
        }
      }
    }
  }
  return
}

//--- launch-in-segment.mlir
func.func @launch_in_segment() {
  air.launch () in () {
    // expected-note@+1 {{the enclosing 'air.segment'}}
    air.segment {
      // expected-error@+1 {{'air.launch' is the outermost level of the hierarchy but is nested inside 'air.segment' (seed 000 2.1)}}
      air.launch () in () {
      }
    }
  }
  return
}

//--- launch-in-launch.mlir
func.func @launch_in_launch() {
  // expected-note@+1 {{the enclosing 'air.launch'}}
  air.launch () in () {
    // expected-error@+1 {{'air.launch' is the outermost level of the hierarchy but is nested inside 'air.launch' (seed 000 2.1)}}
    air.launch () in () {
    }
  }
  return
}

//--- nested-segments-ok.mlir
func.func @nested_segments_ok() {
  air.launch () in () {
    %c8 = arith.constant 8 : index
    air.segment @xcd unroll(%x) in (%sx=%c8) attributes {backend_granularity = "XCD"} {
      %c4 = arith.constant 4 : index
      air.segment @cu unroll(%y) in (%sy=%c4) {
        %c32 = arith.constant 32 : index
        air.herd tile (%w) in (%sw=%c32) {
        }
      }
    }
  }
  return
}
