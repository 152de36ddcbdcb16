// Calls inside a kernel: to a declaration (nothing links it; once an exit 3
// in LLVM's AMDGPU back end) and one passing L2 memory (the lowering gives
// it the LDS address space; the callee's signature would not match).
func.func private @ext(memref<1024xi32>)
func.func @kernel(%m: memref<1024xi32, 1>) {
  return
}
func.func @f(%arg0: memref<1024xi32>) {
  %c1 = arith.constant 1 : index
  air.launch (%lx) in (%lsx=%c1) args(%a0=%arg0) : memref<1024xi32> {
    air.segment @s args(%v=%a0) : memref<1024xi32> {
      func.call @ext(%v) : (memref<1024xi32>) -> ()
      %l2 = memref.alloc() : memref<1024xi32, 1>
      func.call @kernel(%l2) : (memref<1024xi32, 1>) -> ()
    }
  }
  return
}
