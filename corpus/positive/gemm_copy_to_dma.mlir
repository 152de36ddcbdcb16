// Pattern: bf16 GEMM after air-par-to-herd, air-par-to-launch
//   {has-air-segment=true} and air-copy-to-dma, still synchronous (no tokens).
//   air.launch 2x2 -> air.segment (L2 panels filled by a k loop of
//   air.dma_memcpy_nd) -> air.herd 4x4 with L1 tiles, a k loop of L2 -> L1
//   DMAs and calls to external kernels (@zero_bf16, @matmul_bf16 declared
//   with link_with = "mm.o"); results go L1 -> L2 -> L3. Every DMA has an
//   id and explicit offsets/sizes/strides in elements.
//   C[256x256] = A[256x512] * B[512x256].
// Source: seed 003 (GEMM case study), sections "air-linalg-to-func" (private
//   kernel declarations with link_with), "air-par-to-herd",
//   "air-par-to-launch" and "air-copy-to-dma" (memref.copy -> DMAs with ids).
#mul128 = affine_map<()[s0] -> (s0 * 128)>
#mul32 = affine_map<()[s0] -> (s0 * 32)>
module {
  func.func private @zero_bf16(memref<32x32xbf16, 2 : i32>) attributes {link_with = "mm.o", llvm.emit_c_interface}
  func.func private @matmul_bf16(memref<32x64xbf16, 2 : i32>, memref<64x32xbf16, 2 : i32>, memref<32x32xbf16, 2 : i32>) attributes {link_with = "mm.o", llvm.emit_c_interface}
  func.func @gemm_bf16_sync(%arg0: memref<256x512xbf16>, %arg1: memref<512x256xbf16>, %arg2: memref<256x256xbf16>) {
    %c2 = arith.constant 2 : index
    air.launch (%lx, %ly) in (%nlx=%c2, %nly=%c2) args(%A=%arg0, %B=%arg1, %C=%arg2) : memref<256x512xbf16>, memref<512x256xbf16>, memref<256x256xbf16> {
      air.segment @segment_0 args(%ix=%lx, %iy=%ly, %sA=%A, %sB=%B, %sC=%C) : index, index, memref<256x512xbf16>, memref<512x256xbf16>, memref<256x256xbf16> {
        %c0 = arith.constant 0 : index
        %c1 = arith.constant 1 : index
        %c4 = arith.constant 4 : index
        %c128 = arith.constant 128 : index
        %c256 = arith.constant 256 : index
        %c512 = arith.constant 512 : index
        %row = affine.apply #mul128()[%ix]
        %col = affine.apply #mul128()[%iy]
        %l2a = memref.alloc() : memref<128x512xbf16, 1 : i32>
        %l2b = memref.alloc() : memref<512x128xbf16, 1 : i32>
        %l2c = memref.alloc() : memref<128x128xbf16, 1 : i32>
        scf.for %k = %c0 to %c512 step %c128 {
          air.dma_memcpy_nd (%l2a[%c0, %k] [%c128, %c128] [%c512, %c1], %sA[%row, %k] [%c128, %c128] [%c512, %c1]) {id = 1 : i32} : (memref<128x512xbf16, 1 : i32>, memref<256x512xbf16>)
          air.dma_memcpy_nd (%l2b[%k, %c0] [%c128, %c128] [%c128, %c1], %sB[%k, %col] [%c128, %c128] [%c256, %c1]) {id = 2 : i32} : (memref<512x128xbf16, 1 : i32>, memref<512x256xbf16>)
        }
        air.herd @herd_0 tile (%tx, %ty) in (%sx=%c4, %sy=%c4) args(%hA=%l2a, %hB=%l2b, %hC=%l2c) : memref<128x512xbf16, 1 : i32>, memref<512x128xbf16, 1 : i32>, memref<128x128xbf16, 1 : i32> attributes {link_with = "mm.o"} {
          %c0_h = arith.constant 0 : index
          %c1_h = arith.constant 1 : index
          %c32 = arith.constant 32 : index
          %c64 = arith.constant 64 : index
          %c128_h = arith.constant 128 : index
          %c512_h = arith.constant 512 : index
          %r0 = affine.apply #mul32()[%tx]
          %q0 = affine.apply #mul32()[%ty]
          %acc = memref.alloc() : memref<32x32xbf16, 2 : i32>
          func.call @zero_bf16(%acc) : (memref<32x32xbf16, 2 : i32>) -> ()
          scf.for %k = %c0_h to %c512_h step %c64 {
            %la = memref.alloc() : memref<32x64xbf16, 2 : i32>
            %lb = memref.alloc() : memref<64x32xbf16, 2 : i32>
            air.dma_memcpy_nd (%la[] [] [], %hA[%r0, %k] [%c32, %c64] [%c512_h, %c1_h]) {id = 3 : i32} : (memref<32x64xbf16, 2 : i32>, memref<128x512xbf16, 1 : i32>)
            air.dma_memcpy_nd (%lb[] [] [], %hB[%k, %q0] [%c64, %c32] [%c128_h, %c1_h]) {id = 4 : i32} : (memref<64x32xbf16, 2 : i32>, memref<512x128xbf16, 1 : i32>)
            func.call @matmul_bf16(%la, %lb, %acc) : (memref<32x64xbf16, 2 : i32>, memref<64x32xbf16, 2 : i32>, memref<32x32xbf16, 2 : i32>) -> ()
            memref.dealloc %la : memref<32x64xbf16, 2 : i32>
            memref.dealloc %lb : memref<64x32xbf16, 2 : i32>
          }
          air.dma_memcpy_nd (%hC[%r0, %q0] [%c32, %c32] [%c128_h, %c1_h], %acc[] [] []) {id = 5 : i32} : (memref<128x128xbf16, 1 : i32>, memref<32x32xbf16, 2 : i32>)
          memref.dealloc %acc : memref<32x32xbf16, 2 : i32>
          air.herd_terminator
        }
        air.dma_memcpy_nd (%sC[%row, %col] [%c128, %c128] [%c256, %c1], %l2c[] [] []) {id = 6 : i32} : (memref<256x256xbf16>, memref<128x128xbf16, 1 : i32>)
        memref.dealloc %l2a : memref<128x512xbf16, 1 : i32>
        memref.dealloc %l2b : memref<512x128xbf16, 1 : i32>
        memref.dealloc %l2c : memref<128x128xbf16, 1 : i32>
        air.segment_terminator
      }
      air.launch_terminator
    }
    return
  }
}
