// Channel declarations and references (compute model 2.5).
// RUN: air-opt %s --split-input-file --verify-diagnostics

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
