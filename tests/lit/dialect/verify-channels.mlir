// Channel declarations and references (compute model 2.5).
// RUN: air-opt %s --split-input-file --verify-diagnostics

func.func @undeclared(%m: memref<4xi32, 1>) {
  // expected-error@+1 {{'air.channel.put' op names channel @nowhere, which is not declared; declare it at module scope with 'air.channel @nowhere [...]'}}
  air.channel.put @nowhere[] (%m[] [] []) : (memref<4xi32, 1>)
  return
}

// -----

// expected-note@+1 {{channel declared here}}
air.channel @c [2, 2]
func.func @index_count(%m: memref<4xi32, 1>, %i: index) {
  // expected-error@+1 {{'air.channel.get' op has 1 channel indices, but channel @c has rank 2; give no indices or exactly 2}}
  air.channel.get @c[%i] (%m[] [] []) : (memref<4xi32, 1>)
  return
}

// -----

// expected-note@+1 {{channel declared here}}
air.channel @c [2, 2]
func.func @index_range(%m: memref<4xi32, 1>) {
  %c0 = arith.constant 0 : index
  %c2 = arith.constant 2 : index
  // expected-error@+1 {{'air.channel.put' op channel index #1 is 2, outside [0, 2) of channel @c}}
  air.channel.put @c[%c0, %c2] (%m[] [] []) : (memref<4xi32, 1>)
  return
}

// -----

// An empty index list names a single channel of any shape: upstream writes
// `@chan[]` for a [1, 1] channel.
air.channel @one [1, 1]
func.func @empty_indices_ok(%m: memref<4xi32, 1>) {
  air.channel.put @one[] (%m[] [] []) : (memref<4xi32, 1>)
  return
}

// -----

// expected-error@+1 {{'air.channel' op depth must be at least 1, but is 0}}
air.channel @d [] {depth = 0}

// -----

// expected-error@+1 {{'air.channel' op unknown channel_type "dma_teleport"; expected "dma_stream", "dma_packet" or "cascade" (optionally with the "npu_" prefix)}}
air.channel @t [] {channel_type = "dma_teleport"}

// -----

// expected-error@+1 {{'air.channel' op bundle dimensions must be positive integers}}
air.channel @z [0, 4]

// -----

// expected-error@+1 {{'air.channel' op broadcast_shape has rank 1 but the channel bundle has rank 2}}
air.channel @b [1, 4] {broadcast_shape = [4]}

// -----

// expected-error@+1 {{'air.channel' op broadcast_shape dimension 0 is 4, but the bundle's is 2; NumPy broadcasting needs 1 or 4}}
air.channel @b [2, 4] {broadcast_shape = [4, 4]}

// -----

air.channel @c []
func.func @pattern_lengths(%m: memref<4x4xi32, 1>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  // expected-error@+1 {{'air.channel.put' op src sizes and strides must have the same number of dimensions, but got 2 and 1}}
  air.channel.put @c[] (%m[%c0, %c0] [%c4, %c4] [%c1]) : (memref<4x4xi32, 1>)
  return
}

// -----

air.channel @c []
func.func @get_pattern_lengths(%m: memref<4x4xi32, 1>) {
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  // expected-error@+1 {{'air.channel.get' op dst sizes and strides must have the same number of dimensions, but got 1 and 2}}
  air.channel.get @c[] (%m[] [%c4] [%c4, %c1]) : (memref<4x4xi32, 1>)
  return
}

// -----

func.func @dma_pattern_lengths(%a: memref<4xi32, 1>, %b: memref<4xi32>) {
  %c4 = arith.constant 4 : index
  // expected-error@+1 {{'air.dma_memcpy_nd' op dst sizes and strides must have the same number of dimensions, but got 1 and 0}}
  air.dma_memcpy_nd (%a[] [%c4] [], %b[] [] []) : (memref<4xi32, 1>, memref<4xi32>)
  return
}

// -----

func.func @dma_src_pattern_lengths(%a: memref<4xi32, 1>, %b: memref<4xi32>) {
  %c1 = arith.constant 1 : index
  // expected-error@+1 {{'air.dma_memcpy_nd' op src sizes and strides must have the same number of dimensions, but got 0 and 1}}
  air.dma_memcpy_nd (%a[] [] [], %b[] [] [%c1]) : (memref<4xi32, 1>, memref<4xi32>)
  return
}

// -----

// Only sizes and strides must agree, as upstream's verifier says: the
// offsets may have any length.
air.channel @c []
func.func @offsets_any_length(%m: memref<4x4xi32, 1>, %a: memref<4xi32, 1>, %b: memref<4xi32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  air.channel.put @c[] (%m[%c0, %c0, %c0] [%c4, %c4] [%c4, %c1]) : (memref<4x4xi32, 1>)
  air.channel.get @c[] (%m[%c0] [] []) : (memref<4x4xi32, 1>)
  air.dma_memcpy_nd (%a[%c0] [] [], %b[] [%c4] [%c1]) : (memref<4xi32, 1>, memref<4xi32>)
  return
}

// -----

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

// -----

// expected-note@+1 {{channel declared here}}
air.channel @row [1, 1] {broadcast_shape = [1, 2]}
func.func @broadcast_get_index_range(%m: memref<4xi32, 2>) {
  %c0 = arith.constant 0 : index
  %c2 = arith.constant 2 : index
  // expected-error@+1 {{'air.channel.get' op channel index #1 is 2, outside [0, 2) of the broadcast_shape of channel @row}}
  air.channel.get @row[%c0, %c2] (%m[] [] []) : (memref<4xi32, 2>)
  return
}

// -----

// expected-note@+1 {{channel declared here}}
air.channel @row [1, 1] {broadcast_shape = [1, 2]}
func.func @broadcast_get_index_negative(%m: memref<4xi32, 2>) {
  %c0 = arith.constant 0 : index
  %m1 = arith.constant -1 : index
  // expected-error@+1 {{'air.channel.get' op channel index #0 is -1, which is negative; dimension 0 of the broadcast_shape of channel @row is 1, where a get matches every destination, but its index must still be at least 0}}
  air.channel.get @row[%m1, %c0] (%m[] [] []) : (memref<4xi32, 2>)
  return
}

// -----

// A put addresses the bundle, whatever the broadcast.
// expected-note@+1 {{channel declared here}}
air.channel @cols [1, 4] {broadcast_shape = [4, 4]}
func.func @broadcast_put_index_range(%m: memref<4xi32, 1>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  // expected-error@+1 {{'air.channel.put' op channel index #0 is 1, outside [0, 1) of channel @cols}}
  air.channel.put @cols[%c1, %c0] (%m[] [] []) : (memref<4xi32, 1>)
  return
}

// -----

// expected-note@+1 {{channel declared here}}
air.channel @all [] {broadcast_shape = [4]}
func.func @broadcast_get_index_count(%m: memref<4xi32, 2>, %i: index) {
  // expected-error@+1 {{'air.channel.get' op has 2 channel indices, but the broadcast_shape of channel @all has rank 1; give no indices or exactly 1}}
  air.channel.get @all[%i, %i] (%m[] [] []) : (memref<4xi32, 2>)
  return
}
