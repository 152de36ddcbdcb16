// A herd body whose loops only allocate and free L1 buffers: once the
// deallocs go (the buffers live as long as the design) the loops are dead
// and go too, the outer one with the inner one inside it. Erasing both the
// outer loop and what it held freed the inner ops twice (a crash found on
// upstream's programs, bench/upstream_programs.py --compile).
// RUN: air-check compile --target=npu1_4col %s -o %t.aie.mlir
// RUN: FileCheck %s < %t.aie.mlir
// CHECK: aie.core(%{{.*}}) {
// CHECK-NOT: scf.for
// CHECK: aie.end
func.func @dead_loops() {
  %c1 = arith.constant 1 : index
  air.launch (%lx) in (%nx=%c1) {
    air.segment @seg {
      %one = arith.constant 1 : index
      %h = air.herd @h async tile (%tx, %ty) in (%sx=%one, %sy=%one) {
        %c0 = arith.constant 0 : index
        %c1_h = arith.constant 1 : index
        %c4 = arith.constant 4 : index
        %t0 = air.wait_all async
        %outer = scf.for %i = %c0 to %c4 step %c1_h iter_args(%ti = %t0) -> (!air.async.token) {
          %ta, %a = air.execute [%ti] -> (memref<16xi32, 2>) {
            %m = memref.alloc() : memref<16xi32, 2>
            air.execute_terminator %m : memref<16xi32, 2>
          }
          %inner = scf.for %j = %c0 to %c4 step %c1_h iter_args(%tj = %ta) -> (!air.async.token) {
            %tb, %b = air.execute [%tj] -> (memref<16xi32, 2>) {
              %m = memref.alloc() : memref<16xi32, 2>
              air.execute_terminator %m : memref<16xi32, 2>
            }
            %fb = air.execute [%tb] {
              memref.dealloc %b : memref<16xi32, 2>
            }
            scf.yield %fb : !air.async.token
          }
          %fa = air.execute [%inner] {
            memref.dealloc %a : memref<16xi32, 2>
          }
          scf.yield %fa : !air.async.token
        }
      }
    }
  }
  return
}
