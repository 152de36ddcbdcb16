// Memory levels: spaces 0, 1, 2 are L3, L2, L1 (compute model 1.2); a herd
// allocates in L1, a segment in L2 or L1.
// RUN: air-opt %s --split-input-file --verify-diagnostics

func.func @herd_allocates_l2() {
  air.launch () in () {
    air.segment {
      %c1 = arith.constant 1 : index
      // expected-note@+1 {{enclosing 'air.herd' is here}}
      air.herd tile (%x) in (%s=%c1) {
        // expected-error@+1 {{'memref.alloc' op inside 'air.herd' must allocate in L1 (memory space 2), but allocates in L2 (memory space 1)}}
        %m = memref.alloc() : memref<16xi32, 1>
      }
    }
  }
  return
}

// -----

func.func @segment_allocates_l3() {
  air.launch () in () {
    // expected-note@+1 {{enclosing 'air.segment' is here}}
    air.segment {
      // expected-error@+1 {{'memref.alloc' op inside 'air.segment' must allocate in L2 or L1 (memory space 1 or 2), but allocates in L3 (memory space 0)}}
      %m = memref.alloc() : memref<16xi32>
    }
  }
  return
}

// -----

func.func @segment_alloca_bad_space() {
  air.launch () in () {
    // expected-note@+1 {{enclosing 'air.segment' is here}}
    air.segment {
      // expected-error@+1 {{'memref.alloca' op inside 'air.segment' must allocate in L2 or L1 (memory space 1 or 2), but allocates in memory space 3}}
      %m = memref.alloca() : memref<16xi32, 3>
    }
  }
  return
}

// -----

func.func @dma_space_three(%a: memref<4xi32, 3>, %b: memref<4xi32>) {
  // expected-error@+1 {{'air.dma_memcpy_nd' op destination memref has memory space 3; AIR memory spaces are 0 (L3), 1 (L2) and 2 (L1)}}
  air.dma_memcpy_nd (%a[] [] [], %b[] [] []) : (memref<4xi32, 3>, memref<4xi32>)
  return
}

// -----

air.channel @c []
func.func @put_named_space(%a: memref<4xi32, #gpu.address_space<workgroup>>) {
  // expected-error@+1 {{'air.channel.put' op source memref has a non-integer memory space; AIR memory spaces are 0 (L3), 1 (L2) and 2 (L1)}}
  air.channel.put @c[] (%a[] [] []) : (memref<4xi32, #gpu.address_space<workgroup>>)
  return
}

// -----

// A launch body may allocate at any level; L1 scratch in a herd is fine.
func.func @levels_ok() {
  air.launch () in () {
    %l3 = memref.alloc() : memref<16xi32>
    air.segment {
      %l2 = memref.alloc() : memref<16xi32, 1 : i32>
      %l1s = memref.alloc() : memref<16xi32, 2 : i32>
      %c1 = arith.constant 1 : index
      air.herd tile (%x) in (%s=%c1) {
        %l1 = memref.alloc() : memref<16xi32, 2 : i32>
      }
    }
  }
  return
}
