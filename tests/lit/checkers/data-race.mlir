// data-race (issue 22): op instances that may run at once and touch one
// element of a buffer, one writing.
// RUN: air-check lint --verify-diagnostics %s
module {
  air.channel @out [1, 1]
  air.channel @rows [2]
  air.channel @out2 [1, 1]
  // upstream mlir-air #1559: fill, matmul and the output put of one herd
  // each wait only for the alloc: the put may read C while the matmul
  // writes it.
  func.func @fill_matmul_put() {
    air.launch () in () {
      air.segment @s {
        %c1 = arith.constant 1 : index
        %h = air.herd @h async tile (%x, %y) in (%nx=%c1, %ny=%c1) {
          %cst = arith.constant 0 : i32
          %ta, %a = air.execute -> (memref<8x8xi32, 2>) {
            %m = memref.alloc() : memref<8x8xi32, 2>
            air.execute_terminator %m : memref<8x8xi32, 2>
          }
          %tc, %c = air.execute -> (memref<8x8xi32, 2>) {
            // expected-note-re@+3 {{the buffer 'linalg.fill' at {{[0-9]+:[0-9]+}} and 'linalg.matmul' at {{[0-9]+:[0-9]+}} share}}
            // expected-note-re@+2 {{the buffer 'linalg.fill' at {{[0-9]+:[0-9]+}} and 'air.channel.put' at {{[0-9]+:[0-9]+}} share}}
            // expected-note-re@+1 {{the buffer 'linalg.matmul' at {{[0-9]+:[0-9]+}} and 'air.channel.put' at {{[0-9]+:[0-9]+}} share}}
            %m = memref.alloc() : memref<8x8xi32, 2>
            air.execute_terminator %m : memref<8x8xi32, 2>
          }
          %tf = air.execute [%tc] {
            // expected-note-re@+2 {{the other access (herd @h tile (0, 0)), racing with 'linalg.matmul' at {{[0-9]+:[0-9]+}}}}
            // expected-note-re@+1 {{the other access (herd @h tile (0, 0)), racing with 'air.channel.put' at {{[0-9]+:[0-9]+}}}}
            linalg.fill ins(%cst : i32) outs(%c : memref<8x8xi32, 2>)
          }
          %tm = air.execute [%ta, %tc] {
            // expected-error-re@+3 {{data race: 'linalg.matmul' at {{[0-9]+:[0-9]+}} reads element [0, 0] of a buffer that 'linalg.fill' at {{[0-9]+:[0-9]+}} writes, and the two may run at once: no token, blocking op or dependence orders them (herd @h tile (0, 0) against herd @h tile (0, 0))}}
            // expected-note-re@+2 {{hint: add the token of 'air.execute' at {{[0-9]+:[0-9]+}} (holding 'linalg.fill') to the dependency list of 'air.execute' at {{[0-9]+:[0-9]+}} (the missing edge)}}
            // expected-note-re@+1 {{the other access (herd @h tile (0, 0)), racing with 'air.channel.put' at {{[0-9]+:[0-9]+}}}}
            linalg.matmul ins(%a, %a : memref<8x8xi32, 2>, memref<8x8xi32, 2>) outs(%c : memref<8x8xi32, 2>)
          }
          // expected-error-re@+4 {{data race: 'air.channel.put' at {{[0-9]+:[0-9]+}} reads element [0, 0] of a buffer that 'linalg.fill' at {{[0-9]+:[0-9]+}} writes, and the two may run at once: no token, blocking op or dependence orders them (herd @h tile (0, 0) against herd @h tile (0, 0))}}
          // expected-note-re@+3 {{hint: add the token of 'air.execute' at {{[0-9]+:[0-9]+}} (holding 'linalg.fill') to the dependency list of 'air.channel.put' at {{[0-9]+:[0-9]+}} (the missing edge)}}
          // expected-error-re@+2 {{data race: 'air.channel.put' at {{[0-9]+:[0-9]+}} reads element [0, 0] of a buffer that 'linalg.matmul' at {{[0-9]+:[0-9]+}} writes, and the two may run at once: no token, blocking op or dependence orders them (herd @h tile (0, 0) against herd @h tile (0, 0))}}
          // expected-note-re@+1 {{hint: add the token of 'air.execute' at {{[0-9]+:[0-9]+}} (holding 'linalg.matmul') to the dependency list of 'air.channel.put' at {{[0-9]+:[0-9]+}} (the missing edge)}}
          %tp = air.channel.put async [%tc] @out[%x, %y] (%c[] [] []) : (memref<8x8xi32, 2>)
          air.wait_all [%tf, %tm, %tp]
        }
      }
      %c0 = arith.constant 0 : index
      %l3 = memref.alloc() : memref<8x8xi32>
      air.channel.get @out[%c0, %c0] (%l3[] [] []) : (memref<8x8xi32>)
    }
    return
  }

  // The fix: the matmul waits for the fill, the put for the matmul.
  func.func @chained() {
    air.launch () in () {
      air.segment @s {
        %c1 = arith.constant 1 : index
        %h = air.herd @h async tile (%x, %y) in (%nx=%c1, %ny=%c1) {
          %cst = arith.constant 0 : i32
          %tc, %c = air.execute -> (memref<8x8xi32, 2>) {
            %m = memref.alloc() : memref<8x8xi32, 2>
            air.execute_terminator %m : memref<8x8xi32, 2>
          }
          %tf = air.execute [%tc] {
            linalg.fill ins(%cst : i32) outs(%c : memref<8x8xi32, 2>)
          }
          %tm = air.execute [%tf] {
            linalg.matmul ins(%c, %c : memref<8x8xi32, 2>, memref<8x8xi32, 2>) outs(%c : memref<8x8xi32, 2>)
          }
          %tp = air.channel.put async [%tm] @out2[%x, %y] (%c[] [] []) : (memref<8x8xi32, 2>)
          air.wait_all [%tp]
        }
      }
      %c0 = arith.constant 0 : index
      %l3 = memref.alloc() : memref<8x8xi32>
      air.channel.get @out2[%c0, %c0] (%l3[] [] []) : (memref<8x8xi32>)
    }
    return
  }
  // Two unordered gets into one L2 buffer: rows 0-3 and rows 4-7 are
  // disjoint (no race); rows 0-4 and 4-7 share row 4.
  func.func @l2_rows(%src: memref<64xi32>) {
    air.launch () in () args(%s=%src) : memref<64xi32> {
      air.segment @s args(%ss=%s) : memref<64xi32> {
        %c0 = arith.constant 0 : index
        %c1 = arith.constant 1 : index
        %c4 = arith.constant 4 : index
        %c5 = arith.constant 5 : index
        %c8 = arith.constant 8 : index
        %t, %l2 = air.execute -> (memref<8x8xi32, 1>) {
          // expected-note-re@+1 {{the buffer 'air.channel.get' at {{[0-9]+:[0-9]+}} and 'air.channel.get' at {{[0-9]+:[0-9]+}} share}}
          %m = memref.alloc() : memref<8x8xi32, 1>
          air.execute_terminator %m : memref<8x8xi32, 1>
        }
        %t0 = air.channel.get async [%t] @rows[%c0] (%l2[%c0, %c0] [%c4, %c8] [%c8, %c1]) : (memref<8x8xi32, 1>)
        %t1 = air.channel.get async [%t] @rows[%c1] (%l2[%c4, %c0] [%c4, %c8] [%c8, %c1]) : (memref<8x8xi32, 1>)
        // expected-note-re@+1 {{the other access (its only instance), racing with 'air.channel.get' at {{[0-9]+:[0-9]+}}}}
        %t2 = air.channel.get async [%t0, %t1] @rows[%c0] (%l2[%c0, %c0] [%c5, %c8] [%c8, %c1]) : (memref<8x8xi32, 1>)
        // expected-error-re@+2 {{data race: 'air.channel.get' at {{[0-9]+:[0-9]+}} writes element [4, 0] of a buffer that 'air.channel.get' at {{[0-9]+:[0-9]+}} writes, and the two may run at once: no token, blocking op or dependence orders them (its only instance against its only instance)}}
        // expected-note-re@+1 {{hint: add the token of 'air.channel.get' at {{[0-9]+:[0-9]+}} to the dependency list of 'air.channel.get' at {{[0-9]+:[0-9]+}} (the missing edge)}}
        %t3 = air.channel.get async [%t0, %t1] @rows[%c1] (%l2[%c4, %c0] [%c4, %c8] [%c8, %c1]) : (memref<8x8xi32, 1>)
        air.wait_all [%t2, %t3]
      }
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %c32 = arith.constant 32 : index
      %c40 = arith.constant 40 : index
      air.channel.put @rows[%c0] (%s[%c0] [%c32] [%c1]) : (memref<64xi32>)
      air.channel.put @rows[%c1] (%s[%c0] [%c32] [%c1]) : (memref<64xi32>)
      air.channel.put @rows[%c0] (%s[%c0] [%c40] [%c1]) : (memref<64xi32>)
      air.channel.put @rows[%c1] (%s[%c0] [%c32] [%c1]) : (memref<64xi32>)
    }
    return
  }

  // Herd tiles run at once: each writes its own row of the L2 buffer (no
  // race), or each writes row 0 (a race between tiles).
  func.func @tiles() {
    air.launch () in () {
      air.segment @s {
        %c2 = arith.constant 2 : index
        %c1 = arith.constant 1 : index
        // expected-note-re@+1 {{the buffer 'air.dma_memcpy_nd' at {{[0-9]+:[0-9]+}} and 'air.dma_memcpy_nd' at {{[0-9]+:[0-9]+}} share}}
        %l2 = memref.alloc() : memref<2x8xi32, 1>
        air.herd @own tile (%x, %y) in (%nx=%c2, %ny=%c1) args(%b=%l2) : memref<2x8xi32, 1> {
          %c0 = arith.constant 0 : index
          %c1_h = arith.constant 1 : index
          %c8 = arith.constant 8 : index
          %v = memref.alloc() : memref<8xi32, 2>
          air.dma_memcpy_nd (%b[%x, %c0] [%c1_h, %c8] [%c8, %c1_h], %v[] [] []) : (memref<2x8xi32, 1>, memref<8xi32, 2>)
        }
        air.herd @same tile (%x, %y) in (%nx=%c2, %ny=%c1) args(%b=%l2) : memref<2x8xi32, 1> {
          %c0 = arith.constant 0 : index
          %c1_h = arith.constant 1 : index
          %c8 = arith.constant 8 : index
          %v = memref.alloc() : memref<8xi32, 2>
          // expected-error-re@+3 {{data race: 'air.dma_memcpy_nd' at {{[0-9]+:[0-9]+}} writes element [0, 0] of a buffer that 'air.dma_memcpy_nd' at {{[0-9]+:[0-9]+}} writes, and the two may run at once: instances that differ in herd tile id run at once (herd @same tile (1, 0) against herd @same tile (0, 0))}}
          // expected-note-re@+2 {{the other access (herd @same tile (0, 0)), racing with 'air.dma_memcpy_nd' at {{[0-9]+:[0-9]+}}}}
          // expected-note@+1 {{hint: order the two with a token (the later one waiting for the earlier), or give them disjoint parts of the buffer}}
          air.dma_memcpy_nd (%b[%c0, %c0] [%c1_h, %c8] [%c8, %c1_h], %v[] [] []) : (memref<2x8xi32, 1>, memref<8xi32, 2>)
        }
      }
    }
    return
  }
  // Each launch instance writes %w elements from 8 * %x on: disjoint for
  // %w <= 8, a race between instances above; past the buffer's end for
  // %w > 40.
  func.func @launches(%out: memref<64xi32>, %w: index) {
    %c4 = arith.constant 4 : index
    air.launch (%x) in (%nx=%c4) args(%o=%out, %lw=%w) : memref<64xi32>, index {
      %c1 = arith.constant 1 : index
      %c8 = arith.constant 8 : index
      %off = arith.muli %x, %c8 : index
      %v = memref.alloc() : memref<16xi32, 1>
      // The destination moves %lw elements, the source its 16: unbalanced
      // where %lw is not 16 (dma-volume-balance).
      // expected-error@+9 {{this dma_memcpy_nd reads 16 elements from its source and writes 0 into its destination (when %arg1 of @launches = 0); the side that expects more waits forever for the rest (upstream's air-to-aie gives each side its own BD)}}
      // expected-note@+8 {{hint: give the source and the destination patterns the same number of elements (the product of their sizes, padding included)}}
      // expected-error-re@+7 {{data race: 'air.dma_memcpy_nd' at {{[0-9]+:[0-9]+}} writes element [8] of a buffer that 'air.dma_memcpy_nd' at {{[0-9]+:[0-9]+}} writes, and the two may run at once: instances that differ in launch id run at once (launch (1) against launch (0)), with %arg1 of @launches = 9}}
      // expected-note-re@+6 {{the other access (launch (0)), racing with 'air.dma_memcpy_nd' at {{[0-9]+:[0-9]+}}}}
      // expected-note@+5 {{the buffer is a function argument}}
      // expected-note@+4 {{hint: order the two with a token (the later one waiting for the earlier), or give them disjoint parts of the buffer}}
      // expected-error-re@+3 {{access out of bounds: 'air.dma_memcpy_nd' at {{[0-9]+:[0-9]+}} writes linear position 64 ([64] in row-major order), past its end at 64 of a buffer of 64 elements (64), at launch (0), with %arg1 of @launches = 65 (not for every value of the sizes)}}
      // expected-note@+2 {{the buffer (64 elements) is a function argument}}
      // expected-note@+1 {{hint: the destination pattern's last element is the sum of (offset + size - 1) * stride over its dimensions; shrink a size or an offset so that it stays below the buffer's element count}}
      air.dma_memcpy_nd (%o[%off] [%lw] [%c1], %v[] [] []) : (memref<64xi32>, memref<16xi32, 1>)
    }
    return
  }
}
