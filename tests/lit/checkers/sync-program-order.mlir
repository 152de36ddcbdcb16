// sync-program-order (mlir-air #1671): one error per producer, with a note at
// every get that waits for it; no finding when the get comes after its
// producer, when a put before it in the body may feed it, or when the get is
// asynchronous.
// RUN: split-file %s %t
// RUN: air-check lint --verify-diagnostics --disable=deadlock-freedom %t/two-gets.mlir %t/host.mlir
// RUN: air-check lint %t/clean.mlir 2>&1 | FileCheck %s --check-prefix=CLEAN
// CLEAN: air-check: 1 file, 0 errors, 0 warnings

//--- two-gets.mlir
air.channel @A [1, 1]
air.channel @B [1, 1]
func.func @two() {
  air.launch () in () {
    air.segment @s {
      %a = memref.alloc() : memref<16xi32, 1 : i32>
      %b = memref.alloc() : memref<16xi32, 1 : i32>
      // expected-error @+2 {{this get on @A comes before herd @producer, which holds the put it waits for}}
      // expected-note @+1 {{hint: move the gets after herd @producer}}
      air.channel.get @A[] (%a[] [] []) : (memref<16xi32, 1 : i32>)
      // expected-note @+1 {{this get on @B also waits for a put inside it}}
      air.channel.get @B[] (%b[] [] []) : (memref<16xi32, 1 : i32>)
      %c1 = arith.constant 1 : index
      // expected-note @+1 {{dispatched after the gets in the segment body}}
      air.herd @producer tile (%x, %y) in (%sx=%c1, %sy=%c1) {
        %l1 = memref.alloc() : memref<16xi32, 2 : i32>
        // expected-note @+1 {{the put}}
        air.channel.put @A[%x, %y] (%l1[] [] []) : (memref<16xi32, 2 : i32>)
        // expected-note @+1 {{the put}}
        air.channel.put @B[%x, %y] (%l1[] [] []) : (memref<16xi32, 2 : i32>)
      }
    }
  }
  return
}

//--- host.mlir
// At function level: the host gets before the launch that puts.
air.channel @R [1, 1]
func.func @host(%out: memref<16xi32>) {
  // expected-error @+2 {{this get on @R comes before the air.launch at 8:3, which holds the put it waits for}}
  // expected-note @+1 {{hint: move the get after the air.launch at 8:3}}
  air.channel.get @R[] (%out[] [] []) : (memref<16xi32>)
  // expected-note @+1 {{dispatched after the get in the function body}}
  air.launch () in () {
    air.segment @s {
      %l2 = memref.alloc() : memref<16xi32, 1 : i32>
      // expected-note @+1 {{the put}}
      air.channel.put @R[] (%l2[] [] []) : (memref<16xi32, 1 : i32>)
    }
  }
  return
}

//--- clean.mlir
// The get after its producer; a get fed by a put earlier in the body; an
// asynchronous get ordered by its token.
air.channel @A [1, 1]
air.channel @B [1, 1]
air.channel @C [1, 1]
func.func @clean(%in: memref<16xi32>) {
  air.launch () in () args(%i=%in) : memref<16xi32> {
    air.channel.put @B[] (%i[] [] []) : (memref<16xi32>)
    air.segment @s {
      %c1 = arith.constant 1 : index
      %a = memref.alloc() : memref<16xi32, 1 : i32>
      %b = memref.alloc() : memref<16xi32, 1 : i32>
      %c = memref.alloc() : memref<16xi32, 1 : i32>
      %t = air.channel.get async @C[] (%c[] [] []) : (memref<16xi32, 1 : i32>)
      air.herd @producer tile (%x, %y) in (%sx=%c1, %sy=%c1) {
        %l1 = memref.alloc() : memref<16xi32, 2 : i32>
        air.channel.put @A[%x, %y] (%l1[] [] []) : (memref<16xi32, 2 : i32>)
        air.channel.put @C[%x, %y] (%l1[] [] []) : (memref<16xi32, 2 : i32>)
      }
      air.channel.get @A[] (%a[] [] []) : (memref<16xi32, 1 : i32>)
      air.channel.get @B[] (%b[] [] []) : (memref<16xi32, 1 : i32>)
      air.wait_all [%t]
    }
  }
  return
}
