// The block reduce with every tile writing its partial sum into slot 0 of
// the LDS buffer: the tiles race on that element. The race is the
// program's (the herd's own accesses), so compile refuses it (exit 1).
#slice = affine_map<()[s0] -> (s0 * 512)>
#thread = affine_map<()[s0, s1] -> (s0 + s1 * 16)>
module {
  func.func @block_sums(%x: memref<32768xf32>, %sums: memref<64xf32>) {
    %c64 = arith.constant 64 : index
    air.launch (%bx) in (%nbx=%c64) args(%lx=%x, %ls=%sums) : memref<32768xf32>, memref<64xf32> {
      air.segment @block args(%sbx=%bx, %sx=%lx, %ss=%ls) : index, memref<32768xf32>, memref<64xf32> {
        %c0 = arith.constant 0 : index
        %c1 = arith.constant 1 : index
        %c32 = arith.constant 32 : index
        %fz = arith.constant 0.0 : f32
        %base = affine.apply #slice()[%sbx]
        %lds = memref.alloc() : memref<32xf32, 1>
        %total = memref.alloc() : memref<1xf32, 1>
        air.herd @threads tile (%tx, %ty) in (%ntx=%c32, %nty=%c1) args(%hx=%sx, %hl=%lds, %hb=%base) : memref<32768xf32>, memref<32xf32, 1>, index {
          %c0_h = arith.constant 0 : index
          %c1_h = arith.constant 1 : index
          %c16 = arith.constant 16 : index
          %fz_h = arith.constant 0.0 : f32
          %off = affine.apply #thread()[%hb, %tx]
          %vals = memref.alloc() : memref<16xf32, 2>
          %part = memref.alloc() : memref<1xf32, 2>
          air.dma_memcpy_nd (%vals[] [] [], %hx[%off] [%c16] [%c1_h]) {id = 1 : i32} : (memref<16xf32, 2>, memref<32768xf32>)
          %s = scf.for %i = %c0_h to %c16 step %c1_h iter_args(%acc = %fz_h) -> (f32) {
            %v = memref.load %vals[%i] : memref<16xf32, 2>
            %n = arith.addf %acc, %v : f32
            scf.yield %n : f32
          }
          memref.store %s, %part[%c0_h] : memref<1xf32, 2>
          air.dma_memcpy_nd (%hl[%c0_h] [%c1_h] [%c1_h], %part[] [] []) {id = 2 : i32} : (memref<32xf32, 1>, memref<1xf32, 2>)
          gpu.barrier
          memref.dealloc %vals : memref<16xf32, 2>
          memref.dealloc %part : memref<1xf32, 2>
          air.herd_terminator
        }
        %sum = scf.for %i = %c0 to %c32 step %c1 iter_args(%acc = %fz) -> (f32) {
          %v = memref.load %lds[%i] : memref<32xf32, 1>
          %n = arith.addf %acc, %v : f32
          scf.yield %n : f32
        }
        memref.store %sum, %total[%c0] : memref<1xf32, 1>
        air.dma_memcpy_nd (%ss[%sbx] [%c1] [%c1], %total[] [] []) {id = 3 : i32} : (memref<64xf32>, memref<1xf32, 1>)
        memref.dealloc %lds : memref<32xf32, 1>
        memref.dealloc %total : memref<1xf32, 1>
        air.segment_terminator
      }
      air.launch_terminator
    }
    return
  }
}
