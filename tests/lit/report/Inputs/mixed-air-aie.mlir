// An AIR program and an aie.device in one module (as between air-to-aie
// and the removal of the AIR ops).
module {
  func.func @f() {
    air.launch () in () {
      air.segment @s {
        %c1 = arith.constant 1 : index
        air.herd @h tile (%x) in (%sx=%c1) {
          %a = memref.alloc() : memref<256xi32, 2 : i32>
          memref.dealloc %a : memref<256xi32, 2 : i32>
        }
      }
    }
    return
  }
  aie.device(npu1_1col) {
    %t = aie.tile(0, 2)
    %b = aie.buffer(%t) : memref<256xi32>
  }
}
