// A bare herd handed an L1 memref by its function: on a GPU, L1 is a
// thread's private memory and cannot come from the host. (Once an exit 3:
// LLVM's AMDGPU back end could not select its store.)
func.func @f(%a: memref<16xi32, 2>) {
  %c1 = arith.constant 1 : index
  air.herd tile (%x, %y) in (%sx=%c1, %sy=%c1) args(%m=%a) : memref<16xi32, 2> {
    %c0 = arith.constant 0 : index
    %v = arith.constant 1 : i32
    memref.store %v, %m[%c0] : memref<16xi32, 2>
  }
  return
}
