// Which channel a put or get names, and with how many indices (seed 000
// 2.5), is the lint rule channel-references: upstream's verifiers accept
// these programs, so air-opt parses and verifies them, and lint reports
// them without stopping the other checks.
// RUN: rm -rf %t && split-file %s %t
// RUN: air-opt %t/undeclared.mlir -o /dev/null
// RUN: air-check lint --verify-diagnostics --disable=channel-pairing,deadlock-freedom,channel-count-balance %t/undeclared.mlir
// RUN: air-opt %t/index_count.mlir -o /dev/null
// RUN: air-check lint --verify-diagnostics --disable=channel-pairing,deadlock-freedom,channel-count-balance %t/index_count.mlir
// RUN: air-opt %t/index_range.mlir -o /dev/null
// RUN: air-check lint --verify-diagnostics --disable=channel-pairing,deadlock-freedom,channel-count-balance %t/index_range.mlir
// RUN: air-opt %t/empty_indices_ok.mlir -o /dev/null
// RUN: air-check lint --verify-diagnostics --disable=channel-pairing,deadlock-freedom,channel-count-balance %t/empty_indices_ok.mlir
// RUN: air-opt %t/broadcast_get_indices_ok.mlir -o /dev/null
// RUN: air-check lint --verify-diagnostics --disable=channel-pairing,deadlock-freedom,channel-count-balance %t/broadcast_get_indices_ok.mlir
// RUN: air-opt %t/broadcast_get_index_range.mlir -o /dev/null
// RUN: air-check lint --verify-diagnostics --disable=channel-pairing,deadlock-freedom,channel-count-balance %t/broadcast_get_index_range.mlir
// RUN: air-opt %t/broadcast_get_index_negative.mlir -o /dev/null
// RUN: air-check lint --verify-diagnostics --disable=channel-pairing,deadlock-freedom,channel-count-balance %t/broadcast_get_index_negative.mlir
// RUN: air-opt %t/broadcast_put_index_range.mlir -o /dev/null
// RUN: air-check lint --verify-diagnostics --disable=channel-pairing,deadlock-freedom,channel-count-balance %t/broadcast_put_index_range.mlir
// RUN: air-opt %t/broadcast_get_index_count.mlir -o /dev/null
// RUN: air-check lint --verify-diagnostics --disable=channel-pairing,deadlock-freedom,channel-count-balance %t/broadcast_get_index_count.mlir
// RUN: air-check lint %t/leading_zero_ok.mlir 2>&1 | FileCheck %s --check-prefix=CLEAN
// RUN: air-check lint --verify-diagnostics --disable=channel-pairing,deadlock-freedom,channel-count-balance,broadcast-coverage %t/leading_index_varies.mlir
// CLEAN: 1 file, 0 errors, 0 warnings

//--- undeclared.mlir
func.func @undeclared(%m: memref<4xi32, 1>) {
  // expected-note@+2 {{hint: declare it with 'air.channel @nowhere [...]'}}
  // expected-error@+1 {{'air.channel.put' names channel @nowhere, which is not declared (seed 000 2.5: a channel is declared once, at module scope)}}
  air.channel.put @nowhere[] (%m[] [] []) : (memref<4xi32, 1>)
  return
}

//--- index_count.mlir
// expected-note@+1 {{channel declared here}}
air.channel @c [2, 2]
func.func @index_count(%m: memref<4xi32, 1>, %i: index) {
  // expected-note@+2 {{hint: give no indices or exactly 2}}
  // expected-error@+1 {{'air.channel.get' has 1 channel indices, but channel @c has rank 2; the indices select one channel of the array (seed 000 2.5)}}
  air.channel.get @c[%i] (%m[] [] []) : (memref<4xi32, 1>)
  return
}

//--- index_range.mlir
// expected-note@+1 {{channel declared here}}
air.channel @c [2, 2]
func.func @index_range(%m: memref<4xi32, 1>) {
  %c0 = arith.constant 0 : index
  %c2 = arith.constant 2 : index
  // expected-error@+1 {{'air.channel.put' channel index #1 is 2, outside [0, 2) of channel @c}}
  air.channel.put @c[%c0, %c2] (%m[] [] []) : (memref<4xi32, 1>)
  return
}

//--- empty_indices_ok.mlir
// An empty index list names a single channel of any shape: upstream writes
// `@chan[]` for a [1, 1] channel.
air.channel @one [1, 1]
func.func @empty_indices_ok(%m: memref<4xi32, 1>) {
  air.channel.put @one[] (%m[] [] []) : (memref<4xi32, 1>)
  return
}

//--- broadcast_get_indices_ok.mlir
// A get on a broadcast channel addresses broadcast_shape, not the bundle: in
// a dimension where broadcast_shape is 1 any non-negative index matches
// every destination; elsewhere it lies in [0, broadcast_shape[i]).
air.channel @row [1, 1] {broadcast_shape = [1, 2]}
air.channel @cols [1, 4] {broadcast_shape = [4, 4]}
air.channel @all [] {broadcast_shape = [4]}
func.func @broadcast_get_indices_ok(%m: memref<4xi32, 2>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %c7 = arith.constant 7 : index
  air.channel.get @row[%c1, %c1] (%m[] [] []) : (memref<4xi32, 2>)
  air.channel.get @row[%c7, %c0] (%m[] [] []) : (memref<4xi32, 2>)
  air.channel.get @cols[%c3, %c3] (%m[] [] []) : (memref<4xi32, 2>)
  air.channel.get @all[%c3] (%m[] [] []) : (memref<4xi32, 2>)
  return
}

//--- broadcast_get_index_range.mlir
// expected-note@+1 {{channel declared here}}
air.channel @row [1, 1] {broadcast_shape = [1, 2]}
func.func @broadcast_get_index_range(%m: memref<4xi32, 2>) {
  %c0 = arith.constant 0 : index
  %c2 = arith.constant 2 : index
  // expected-error@+1 {{'air.channel.get' channel index #1 is 2, outside [0, 2) of the broadcast_shape of channel @row}}
  air.channel.get @row[%c0, %c2] (%m[] [] []) : (memref<4xi32, 2>)
  return
}

//--- broadcast_get_index_negative.mlir
// expected-note@+1 {{channel declared here}}
air.channel @row [1, 1] {broadcast_shape = [1, 2]}
func.func @broadcast_get_index_negative(%m: memref<4xi32, 2>) {
  %c0 = arith.constant 0 : index
  %m1 = arith.constant -1 : index
  // expected-error@+1 {{'air.channel.get' channel index #0 is -1, which is negative; dimension 0 of the broadcast_shape of channel @row is 1, where a get matches every destination, but its index must still be at least 0}}
  air.channel.get @row[%m1, %c0] (%m[] [] []) : (memref<4xi32, 2>)
  return
}

//--- broadcast_put_index_range.mlir
// A put addresses the bundle, whatever the broadcast.
// expected-note@+1 {{channel declared here}}
air.channel @cols [1, 4] {broadcast_shape = [4, 4]}
func.func @broadcast_put_index_range(%m: memref<4xi32, 1>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  // expected-error@+1 {{'air.channel.put' channel index #0 is 1, outside [0, 1) of channel @cols}}
  air.channel.put @cols[%c1, %c0] (%m[] [] []) : (memref<4xi32, 1>)
  return
}

//--- broadcast_get_index_count.mlir
// expected-note@+1 {{channel declared here}}
air.channel @all [] {broadcast_shape = [4]}
func.func @broadcast_get_index_count(%m: memref<4xi32, 2>, %i: index) {
  // expected-note@+2 {{hint: give no indices or exactly 1}}
  // expected-error@+1 {{'air.channel.get' has 2 channel indices, but the broadcast_shape of channel @all has rank 1; the indices select one channel of the array (seed 000 2.5)}}
  air.channel.get @all[%i, %i] (%m[] [] []) : (memref<4xi32, 2>)
  return
}

//--- leading_zero_ok.mlir
// A leading index past the rank that is 0 in every instance (the id of a
// herd dimension of size 1) selects nothing: the two ids of a 1x2 herd
// address the 1-D broadcast space [2], as NumPy reads shape [1, 2] against
// [2]. The whole program is clean, every check on.
air.channel @b [1] {broadcast_shape = [2]}
func.func @leading_zero_ok(%in: memref<8xi32>) {
  %c1 = arith.constant 1 : index
  air.launch (%lx) in (%sx = %c1) args(%a = %in) : memref<8xi32> {
    %c0 = arith.constant 0 : index
    air.channel.put @b[%c0] (%a[] [] []) : (memref<8xi32>)
    air.segment @seg {
      %c1_0 = arith.constant 1 : index
      %c2 = arith.constant 2 : index
      air.herd @h tile (%tx, %ty) in (%nx = %c1_0, %ny = %c2) {
        %buf = memref.alloc() : memref<8xi32, 2>
        air.channel.get @b[%tx, %ty] (%buf[] [] []) : (memref<8xi32, 2>)
        memref.dealloc %buf : memref<8xi32, 2>
      }
    }
  }
  return
}

//--- leading_index_varies.mlir
// The leading index ranges over 2 ids: it selects something the 1-D space
// has no dimension for.
// expected-note@+1 {{channel declared here}}
air.channel @b [1] {broadcast_shape = [2]}
func.func @leading_index_varies(%in: memref<8xi32>) {
  %c1 = arith.constant 1 : index
  air.launch (%lx) in (%sx = %c1) args(%a = %in) : memref<8xi32> {
    %c0 = arith.constant 0 : index
    air.channel.put @b[%c0] (%a[] [] []) : (memref<8xi32>)
    air.segment @seg {
      %c1_0 = arith.constant 1 : index
      %c2 = arith.constant 2 : index
      air.herd @h tile (%tx, %ty) in (%nx = %c2, %ny = %c2) {
        %buf = memref.alloc() : memref<8xi32, 2>
        // expected-note@+2 {{leading indices past the rank are allowed only where each is 0 in every instance}}
        // expected-error@+1 {{'air.channel.get' has 2 channel indices, but the broadcast_shape of channel @b has rank 1}}
        air.channel.get @b[%tx, %ty] (%buf[] [] []) : (memref<8xi32, 2>)
        memref.dealloc %buf : memref<8xi32, 2>
      }
    }
  }
  return
}
