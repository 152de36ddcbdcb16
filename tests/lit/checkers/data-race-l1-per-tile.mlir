// An L1 buffer (memory space 2) allocated outside a herd is one copy per
// tile (seed 000 1.2: L1 is a tile's own memory; upstream's GPU lowering
// gives each work-item its own): two tiles writing "it" do not race. The
// same with an L2 buffer is a race. A pattern with one offset per buffer
// dimension and a pattern of another rank (`%b[%r, %k] [8] [8]`, upstream's
// GPU programs) starts at the row-major position of the offsets.
// RUN: air-check lint --verify-diagnostics %s
module {
  func.func @per_tile() {
    air.launch () in () {
      air.segment @s {
        %c2 = arith.constant 2 : index
        %c1 = arith.constant 1 : index
        %l1 = memref.alloc() : memref<16xi32, 2>
        // expected-note-re@+1 {{the buffer 'linalg.fill' at {{[0-9]+:[0-9]+}} and 'linalg.fill' at {{[0-9]+:[0-9]+}} share}}
        %l2 = memref.alloc() : memref<16xi32, 1>
        air.herd @h tile (%x, %y) in (%nx=%c2, %ny=%c1) args(%b=%l1, %s=%l2) : memref<16xi32, 2>, memref<16xi32, 1> {
          %v = arith.constant 1 : i32
          linalg.fill ins(%v : i32) outs(%b : memref<16xi32, 2>)
          // expected-error-re@+3 {{data race: 'linalg.fill' at {{[0-9]+:[0-9]+}} writes element [0] of a buffer that 'linalg.fill' at {{[0-9]+:[0-9]+}} writes, and the two may run at once: {{.*}}}}
          // expected-note-re@+2 {{the other access ({{.*}}), racing with 'linalg.fill' at {{[0-9]+:[0-9]+}}}}
          // expected-note@+1 {{hint: order the two}}
          linalg.fill ins(%v : i32) outs(%s : memref<16xi32, 1>)
        }
      }
    }
    return
  }
  func.func @offsets_per_dimension() {
    air.launch () in () {
      air.segment @s {
        %c1 = arith.constant 1 : index
        %c0 = arith.constant 0 : index
        %c7 = arith.constant 7 : index
        %c8 = arith.constant 8 : index
        %c9 = arith.constant 9 : index
        // expected-note@+1 {{the buffer, 16x8 elements}}
        %a = memref.alloc() : memref<16x8xi32, 1>
        air.herd @h tile (%x, %y) in (%nx=%c1, %ny=%c1) args(%ha=%a) : memref<16x8xi32, 1> {
          %z = arith.constant 0 : index
          %s = arith.constant 7 : index
          %e = arith.constant 9 : index
          %n8 = arith.constant 8 : index
          %col = memref.alloc() : memref<8xi32, 2>
          // Column 7, rows 0..7: inside.
          air.dma_memcpy_nd (%col[] [] [], %ha[%z, %s] [%n8] [%n8]) : (memref<8xi32, 2>, memref<16x8xi32, 1>)
          // Column 7 from row 9: rows 9..16, the last past the end.
          // expected-error-re@+2 {{access out of bounds: 'air.dma_memcpy_nd' at {{[0-9]+:[0-9]+}} reads linear position 135 ([16, 7] in row-major order), past its end at 128 of a buffer of 128 elements (16x8), at herd @h tile (0, 0)}}
          // expected-note@+1 {{hint: the source pattern's last element}}
          air.dma_memcpy_nd (%col[] [] [], %ha[%e, %s] [%n8] [%n8]) : (memref<8xi32, 2>, memref<16x8xi32, 1>)
        }
      }
    }
    return
  }
}
