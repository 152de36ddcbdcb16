// Nesting rules of the compute model (seed 000 2.1 and 2.2, "Nesting
// constraints"): herd only in a segment, segment only in a launch or a
// segment, nothing hierarchical inside a herd, launch outermost.
// RUN: air-opt %s --split-input-file --verify-diagnostics

func.func @herd_in_launch() {
  // expected-note@+1 {{nearest enclosing hierarchy op is this 'air.launch'}}
  air.launch () in () {
    %c1 = arith.constant 1 : index
    // expected-error@+1 {{'air.herd' op must be nested inside an 'air.segment'}}
    air.herd tile (%x) in (%s=%c1) {
    }
  }
  return
}

// -----

func.func @herd_in_func() {
  %c1 = arith.constant 1 : index
  // expected-error@+1 {{'air.herd' op must be nested inside an 'air.segment'}}
  air.herd tile (%x) in (%s=%c1) {
  }
  return
}

// -----

func.func @herd_in_herd() {
  air.launch () in () {
    air.segment {
      %c1 = arith.constant 1 : index
      // expected-note@+1 {{enclosing 'air.herd'}}
      air.herd tile (%x) in (%s=%c1) {
        %c2 = arith.constant 1 : index
        // expected-error@+1 {{'air.herd' op must not be nested inside an 'air.herd': a herd is the innermost level of the hierarchy}}
        air.herd tile (%y) in (%t=%c2) {
        }
      }
    }
  }
  return
}

// -----

func.func @segment_in_func() {
  // expected-error@+1 {{'air.segment' op must be nested inside an 'air.launch' or another 'air.segment'}}
  air.segment @s {
    air.segment_terminator
  }
  return
}

// -----

func.func @segment_in_herd() {
  air.launch () in () {
    air.segment {
      %c1 = arith.constant 1 : index
      // expected-note@+1 {{enclosing 'air.herd'}}
      air.herd tile (%x) in (%s=%c1) {
        // expected-error@+1 {{'air.segment' op must not be nested inside an 'air.herd'}}
        air.segment @inner {
          air.segment_terminator
        }
      }
    }
  }
  return
}

// -----

func.func @launch_in_segment() {
  air.launch () in () {
    // expected-note@+1 {{enclosing 'air.segment'}}
    air.segment {
      // expected-error@+1 {{'air.launch' op is the outermost hierarchy level and must not be nested inside 'air.segment'}}
      air.launch () in () {
      }
    }
  }
  return
}

// -----

// Nested segments are allowed (compute model 4.2).
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
