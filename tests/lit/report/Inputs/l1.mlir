// Two 40 KiB buffers: live together in @together, one after the other in
// @sequential (the first is freed before the second is allocated).
func.func @f() {
  air.launch () in () {
    air.segment @s {
      %c1 = arith.constant 1 : index
      air.herd @together tile (%x) in (%sx=%c1) {
        %a = memref.alloc() : memref<10240xi32, 2 : i32>
        %b = memref.alloc() : memref<10240xi32, 2 : i32>
        memref.dealloc %a : memref<10240xi32, 2 : i32>
        memref.dealloc %b : memref<10240xi32, 2 : i32>
      }
      air.herd @sequential tile (%x) in (%sx=%c1) {
        %a = memref.alloc() : memref<10240xi32, 2 : i32>
        memref.dealloc %a : memref<10240xi32, 2 : i32>
        %b = memref.alloc() : memref<10240xi32, 2 : i32>
        memref.dealloc %b : memref<10240xi32, 2 : i32>
      }
    }
  }
  return
}
