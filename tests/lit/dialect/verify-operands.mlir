// Arities: iteration spaces, args(...) bindings, placement attributes, and
// isolation of hierarchy bodies (compute model 1.1, 2.2, 2.3).
// RUN: air-opt %s --split-input-file --verify-diagnostics

func.func @herd_three_dims() {
  air.launch () in () {
    air.segment {
      %c1 = arith.constant 1 : index
      // expected-error@+1 {{'air.herd' op a herd is a 0-D, 1-D or 2-D array of tiles, but has 3 dimensions}}
      air.herd tile (%x, %y, %z) in (%a=%c1, %b=%c1, %c=%c1) {
      }
    }
  }
  return
}

// -----

func.func @space_arity(%n: index) {
  // expected-error@+1 {{iteration space has 2 induction variables but 1 sizes}}
  air.launch (%x, %y) in (%sx=%n) {
  }
  return
}

// -----

func.func @args_types(%m: memref<4xi32>) {
  // expected-error@+1 {{args(...) binds 2 values but lists only 1 types}}
  air.launch () in () args(%a=%m, %b=%m) : memref<4xi32> {
  }
  return
}

// -----

func.func @negative_placement() {
  air.launch () in () {
    // expected-error@+1 {{'air.segment' op attribute 'x_loc' must be a non-negative integer}}
    air.segment @s attributes {x_loc = -1 : i64} {
    }
  }
  return
}

// -----

func.func @zero_size_placement() {
  air.launch () in () {
    // expected-error@+1 {{'air.segment' op attribute 'y_size' must be a positive integer}}
    air.segment @s y_size=0 {
    }
  }
  return
}

// -----

func.func @link_with_not_string() {
  air.launch () in () {
    air.segment {
      %c1 = arith.constant 1 : index
      // expected-error@+1 {{'air.herd' op attribute 'link_with' must be a string}}
      air.herd tile (%x) in (%s=%c1) attributes {link_with = 3 : i32} {
      }
    }
  }
  return
}

// -----

func.func @not_isolated(%m: memref<4xi32>) {
  air.launch () in () {
    %c0 = arith.constant 0 : index
    // Bodies are isolated and may shadow names, so the outer name is not
    // visible at all.
    // expected-error@+1 {{use of undeclared SSA value name}}
    %v = memref.load %m[%c0] : memref<4xi32>
  }
  return
}

// -----

func.func @missing_body() {
  // expected-error@+1 {{expected a body region}}
  air.launch () in ()
  return
}

// -----

func.func @zero_size() {
  air.launch () in () {
    air.segment {
      %c0 = arith.constant 0 : index
      // expected-error@+1 {{'air.herd' op iteration-space size #0 is 0; sizes must be positive}}
      air.herd tile (%x) in (%s=%c0) {
      }
    }
  }
  return
}
