// access-bounds (issue 22): every transfer and load or store stays inside
// its buffer, for every instance and every size (isl).
// RUN: air-check lint --verify-diagnostics %s
// RUN: air-check lint --show-proofs %S/Inputs/access-bounds-clean.mlir 2>&1 | FileCheck %s --check-prefix=CLEAN
// CLEAN: proven: every access in bounds: {{[0-9]+}} accesses, for every instance and every size (isl) [access-bounds]
// CLEAN: air-check: 1 file, 0 errors, 0 warnings
module {
  air.channel @rows [1]
  air.channel @tiles [2, 1]
  air.channel @loaded [1]
  // The put reads 33 rows of a 32x32 L1 buffer into a 33x32 L2 buffer: the
  // channel balances, and the put reads past the end.
  func.func @put_past_end() {
    air.launch () in () {
      air.segment @s {
        %c1 = arith.constant 1 : index
        %l2 = memref.alloc() : memref<33x32xi32, 1 : i32>
        %g = air.channel.get async @rows[] (%l2[] [] []) : (memref<33x32xi32, 1 : i32>)
        air.herd @h tile (%x, %y) in (%nx=%c1, %ny=%c1) {
          %c0 = arith.constant 0 : index
          %c1h = arith.constant 1 : index
          %c32 = arith.constant 32 : index
          %c33 = arith.constant 33 : index
          // expected-note@+1 {{the buffer, 32x32 elements}}
          %l1 = memref.alloc() : memref<32x32xi32, 2 : i32>
          // expected-error-re@+2 {{access out of bounds: 'air.channel.put' at {{[0-9]+:[0-9]+}} reads linear position 1024 ([32, 0] in row-major order), past its end at 1024 of a buffer of 1024 elements (32x32), at herd @h tile (0, 0)}}
          // expected-note@+1 {{hint: the pattern's last element is the sum of (offset + size - 1) * stride over its dimensions; shrink a size or an offset so that it stays below the buffer's element count}}
          air.channel.put @rows[] (%l1[%c0, %c0] [%c33, %c32] [%c32, %c1h]) : (memref<32x32xi32, 2 : i32>)
        }
      }
    }
    return
  }
  // Tile (1, 0) of a 2x1 herd gets rows 16..31 of an L1 buffer of 24 rows:
  // the tile (0, 0) stays inside, the other does not.
  func.func @one_tile_outside() {
    air.launch () in () {
      air.segment @s {
        %c0 = arith.constant 0 : index
        %c1 = arith.constant 1 : index
        %c2 = arith.constant 2 : index
        %src = memref.alloc() : memref<16x8xi32, 1 : i32>
        air.channel.put @tiles[%c0, %c0] (%src[] [] []) : (memref<16x8xi32, 1 : i32>)
        air.channel.put @tiles[%c1, %c0] (%src[] [] []) : (memref<16x8xi32, 1 : i32>)
        air.herd @h tile (%x, %y) in (%nx=%c2, %ny=%c1) {
          %c0h = arith.constant 0 : index
          %c1h = arith.constant 1 : index
          %c8 = arith.constant 8 : index
          %c16 = arith.constant 16 : index
          %row = arith.muli %x, %c16 : index
          // expected-note@+1 {{the buffer, 24x8 elements}}
          %l1 = memref.alloc() : memref<24x8xi32, 2 : i32>
          // expected-error-re@+2 {{access out of bounds: 'air.channel.get' at {{[0-9]+:[0-9]+}} writes linear position 192 ([24, 0] in row-major order), past its end at 192 of a buffer of 192 elements (24x8), at herd @h tile (1, 0)}}
          // expected-note@+1 {{hint: the pattern's last element}}
          air.channel.get @tiles[%x, %y] (%l1[%row, %c0h] [%c16, %c8] [%c8, %c1h]) : (memref<24x8xi32, 2 : i32>)
        }
      }
    }
    return
  }
  // A load whose linear position is inside the buffer but whose column is
  // not: MLIR's memref semantics bounds every index by its dimension.
  func.func @load_column(%out: memref<4xi32>) {
    air.launch () in () args(%o=%out) : memref<4xi32> {
      // expected-note@+1 {{the buffer, 4x8 elements}}
      %b = memref.alloc() : memref<4x8xi32>
      %c0 = arith.constant 0 : index
      %c4 = arith.constant 4 : index
      %c1 = arith.constant 1 : index
      scf.for %i = %c0 to %c4 step %c1 {
        %j = arith.addi %i, %c4 : index
        %j2 = arith.addi %j, %c1 : index
        // expected-error-re@+2 {{access out of bounds: 'memref.load' at {{[0-9]+:[0-9]+}} reads element [3, 8] of a 4x8 buffer: index 1 is 8, outside [0, 8), at scf.for@{{[0-9]+:[0-9]+}} trip (3)}}
        // expected-note@+1 {{hint: bound each index by its dimension's size}}
        %v = memref.load %b[%i, %j2] : memref<4x8xi32>
        memref.store %v, %o[%i] : memref<4xi32>
      }
    }
    return
  }
  // Inside for %n <= 64 only: the finding names a size where it is not.
  // The copy reads %n elements of a 64-element buffer and writes them into
  // a 128-element one: the source is past its end for %n > 64, the
  // destination for %n > 128.
  func.func @symbolic(%n: index) {
    air.launch () in () args(%ln=%n) : index {
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      // expected-note@+1 {{the buffer, 64 elements}}
      %a = memref.alloc() : memref<64xi32>
      // expected-note@+1 {{the buffer, 128 elements}}
      %b = memref.alloc() : memref<128xi32>
      // expected-error-re@+4 {{access out of bounds: 'air.dma_memcpy_nd' at {{[0-9]+:[0-9]+}} reads linear position 64 ([64] in row-major order), past its end at 64 of a buffer of 64 elements (64), at its only instance, with {{.*}} = 65 (not for every value of the sizes)}}
      // expected-error-re@+3 {{access out of bounds: 'air.dma_memcpy_nd' at {{[0-9]+:[0-9]+}} writes linear position 128 ([128] in row-major order), past its end at 128 of a buffer of 128 elements (128), at its only instance, with {{.*}} = 129 (not for every value of the sizes)}}
      // expected-note@+2 {{hint: the source pattern's last element}}
      // expected-note@+1 {{hint: the destination pattern's last element}}
      air.dma_memcpy_nd (%b[%c0] [%ln] [%c1], %a[%c0] [%ln] [%c1]) : (memref<128xi32>, memref<64xi32>)
    }
    return
  }
  // An offset loaded from memory: which elements the put reads is not
  // modelled, so its bounds are unknown, never a pass.
  func.func @loaded_offset(%offs: memref<1xindex>) {
    air.launch () in () args(%lo=%offs) : memref<1xindex> {
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %c8 = arith.constant 8 : index
      %off = memref.load %lo[%c0] : memref<1xindex>
      %a = memref.alloc() : memref<64xi32>
      // expected-warning-re@+1 {{access bounds are unknown: which elements 'air.channel.put' at {{[0-9]+:[0-9]+}} touches is not modelled: in its pattern, the value defined by 'memref.load' at {{[0-9]+:[0-9]+}} is not an affine function of the enclosing ids and induction variables}}
      %p = air.channel.put async @loaded[] (%a[%off] [%c8] [%c1]) : (memref<64xi32>)
      %b = memref.alloc() : memref<8xi32>
      %g = air.channel.get async @loaded[] (%b[] [] []) : (memref<8xi32>)
      air.wait_all [%p, %g]
    }
    return
  }
  // An offset before the buffer's start.
  func.func @before_start() {
    air.launch () in () {
      %cm1 = arith.constant -1 : index
      %c1 = arith.constant 1 : index
      %c8 = arith.constant 8 : index
      // expected-note@+1 {{the buffer, 16 elements}}
      %a = memref.alloc() : memref<16xi32>
      %b = memref.alloc() : memref<8xi32>
      // expected-error-re@+2 {{access out of bounds: 'air.dma_memcpy_nd' at {{[0-9]+:[0-9]+}} reads linear position -1, before its start of a buffer of 16 elements (16), at its only instance}}
      // expected-note@+1 {{hint: the source pattern's last element}}
      air.dma_memcpy_nd (%b[] [] [], %a[%cm1] [%c8] [%c1]) : (memref<8xi32>, memref<16xi32>)
    }
    return
  }
}
