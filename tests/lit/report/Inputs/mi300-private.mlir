// A herd whose tiles each hold 192 KiB of L1: over the 131056 bytes of
// scratch a thread of mi300x can address.
module {
  func.func @f() {
    %c1 = arith.constant 1 : index
    air.launch (%x) in (%nx=%c1) {
      air.segment @s {
        %c64 = arith.constant 64 : index
        %c1_s = arith.constant 1 : index
        air.herd @fat tile (%tx, %ty) in (%ntx=%c64, %nty=%c1_s) {
          %b = memref.alloc() : memref<49152xf32, 2>
          memref.dealloc %b : memref<49152xf32, 2>
        }
      }
    }
    return
  }
}
