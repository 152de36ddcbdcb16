// A herd argument that is a constant reaches the core as that constant, and
// a branch on it (through an index_cast) is decided in the core: only the
// taken case is lowered, so the other case's transfer, which the run never
// reaches, needs no BD (it was refused as unserved before).
// RUN: %air_check_bin compile --target=npu1_4col %s -o %t.mlir 2>&1 | FileCheck %s --check-prefix=DIAG --allow-empty
// RUN: FileCheck %s < %t.mlir

// DIAG-NOT: warning
// DIAG-NOT: error

// CHECK:      aie.core(
// CHECK-NOT:    scf.index_switch
// CHECK:        arith.muli
// CHECK-NOT:    arith.addi
// CHECK:        aie.end

module {
  air.channel @In [1, 1]
  air.channel @Out [1, 1]
  func.func @mode(%a: memref<64xi32>, %b: memref<64xi32>) {
    %c1 = arith.constant 1 : index
    air.launch (%lx) in (%nx=%c1) args(%x=%a, %y=%b) : memref<64xi32>, memref<64xi32> {
      air.channel.put @In[] (%x[] [] []) : (memref<64xi32>)
      air.segment @seg {
        %c1_s = arith.constant 1 : index
        %scale = arith.constant 1 : i32
        air.herd @h tile (%tx, %ty) in (%hx=%c1_s, %hy=%c1_s) args(%m=%scale) : i32 {
          %c0 = arith.constant 0 : index
          %c1_h = arith.constant 1 : index
          %c64 = arith.constant 64 : index
          %mode = arith.index_cast %m : i32 to index
          %in = memref.alloc() : memref<64xi32, 2 : i32>
          %out = memref.alloc() : memref<64xi32, 2 : i32>
          air.channel.get @In[%tx, %ty] (%in[] [] []) : (memref<64xi32, 2 : i32>)
          scf.index_switch %mode
          case 0 {
            // Never taken: the mode is 1.
            scf.for %i = %c0 to %c64 step %c1_h {
              %v = memref.load %in[%i] : memref<64xi32, 2 : i32>
              %w = arith.addi %v, %v : i32
              memref.store %w, %out[%i] : memref<64xi32, 2 : i32>
            }
            air.channel.put @Out[%tx, %ty] (%out[] [] []) : (memref<64xi32, 2 : i32>)
            scf.yield
          }
          default {
            scf.for %i = %c0 to %c64 step %c1_h {
              %v = memref.load %in[%i] : memref<64xi32, 2 : i32>
              %w = arith.muli %v, %v : i32
              memref.store %w, %in[%i] : memref<64xi32, 2 : i32>
            }
            air.channel.put @Out[%tx, %ty] (%in[] [] []) : (memref<64xi32, 2 : i32>)
            scf.yield
          }
          memref.dealloc %in : memref<64xi32, 2 : i32>
          memref.dealloc %out : memref<64xi32, 2 : i32>
        }
      }
      air.channel.get @Out[] (%y[] [] []) : (memref<64xi32>)
    }
    return
  }
}
