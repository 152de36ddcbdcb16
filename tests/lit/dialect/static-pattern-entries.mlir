// Offsets, sizes and strides written as integers (upstream mlir-air's newer
// printed form, `%buf[0, 0] [32, 32] [64, 1]`), alone or mixed with
// operands: they parse, print back as written, keep the generic form's
// static_* attributes, and count as constants in the channel checks and the
// executor.
// RUN: split-file %s %t
// RUN: air-opt %t/main.mlir | FileCheck %s
// RUN: air-opt %t/main.mlir | air-opt | FileCheck %s
// RUN: air-opt %t/main.mlir --mlir-print-op-generic | FileCheck %s --check-prefix=GENERIC
// RUN: air-opt %t/main.mlir --mlir-print-op-generic | air-opt | FileCheck %s
// RUN: air-check lint --show-proofs %t/main.mlir 2>&1 | FileCheck %s --check-prefix=LINT
// RUN: not air-check lint %t/volume.mlir 2>&1 | FileCheck %s --check-prefix=VOLUME
// RUN: not air-opt %t/bad-generic.mlir 2>&1 | FileCheck %s --check-prefix=BAD

// CHECK: air.channel.put @c[] (%{{.*}}[0, %{{.*}}] [16, 16] [32, 1]) {id = 1 : i32} : (memref<32x32xi32>)
// CHECK: air.dma_memcpy_nd (%{{.*}}[] [] [], %{{.*}}[%{{.*}}] [64] [1]) : (memref<64xi32, 2>, memref<64xi32, 1>)
// CHECK: air.channel.get @c[] (%{{.*}}[] [16, 16] [16, 1]) : (memref<16x16xi32, 2>)
// GENERIC: static_offsets = array<i64: 0, -9223372036854775808>, static_sizes = array<i64: 16, 16>, static_strides = array<i64: 32, 1>
// GENERIC: static_src_sizes = array<i64: 64>, static_src_strides = array<i64: 1>
// LINT: proven: deadlock freedom
// LINT: air-check: 1 file, 0 errors, 0 warnings

//--- main.mlir
air.channel @c [1]
func.func @statics(%a: memref<32x32xi32>) {
  %c1 = arith.constant 1 : index
  air.launch (%l) in (%n=%c1) args(%src=%a) : memref<32x32xi32> {
    %c0 = arith.constant 0 : index
    air.channel.put @c[] (%src[0, %c0] [16, 16] [32, 1]) {id = 1 : i32} : (memref<32x32xi32>)
    air.segment @s {
      %one = arith.constant 1 : index
      %zero = arith.constant 0 : index
      %l2 = memref.alloc() : memref<64xi32, 1>
      air.herd @h tile (%x, %y) in (%sx=%one, %sy=%one) args(%m=%l2, %z=%zero) : memref<64xi32, 1>, index {
        %b = memref.alloc() : memref<16x16xi32, 2>
        %v = memref.alloc() : memref<64xi32, 2>
        air.dma_memcpy_nd (%v[] [] [], %m[%z] [64] [1]) : (memref<64xi32, 2>, memref<64xi32, 1>)
        air.channel.get @c[] (%b[] [16, 16] [16, 1]) : (memref<16x16xi32, 2>)
        memref.dealloc %b : memref<16x16xi32, 2>
        memref.dealloc %v : memref<64xi32, 2>
      }
      memref.dealloc %l2 : memref<64xi32, 1>
    }
  }
  return
}

//--- volume.mlir
// Integer sizes count: 256 elements put, 128 got.
air.channel @c [1]
func.func @volume(%a: memref<32x32xi32>) {
  %c1 = arith.constant 1 : index
  air.launch (%l) in (%n=%c1) args(%src=%a) : memref<32x32xi32> {
    air.channel.put @c[] (%src[0, 0] [16, 16] [32, 1]) : (memref<32x32xi32>)
    air.segment @s {
      %one = arith.constant 1 : index
      air.herd @h tile (%x, %y) in (%sx=%one, %sy=%one) {
        %b = memref.alloc() : memref<8x16xi32, 2>
        air.channel.get @c[] (%b[] [] []) : (memref<8x16xi32, 2>)
        memref.dealloc %b : memref<8x16xi32, 2>
      }
    }
  }
  return
}
// VOLUME: 256 elements

//--- bad-generic.mlir
// A static list must leave as many places for operands as the list has.
air.channel @c [1]
func.func @bad(%m: memref<64xi32>) {
  %c0 = arith.constant 0 : index
  "air.channel.put"(%m, %c0) <{chan_name = @c, operandSegmentSizes = array<i32: 0, 0, 0, 0, 1, 1, 0, 0, 0>, static_offsets = array<i64: 0>}> : (memref<64xi32>, index) -> ()
  return
}
// BAD: 'static_offsets' leaves 0 places for operands, but the list has 1
