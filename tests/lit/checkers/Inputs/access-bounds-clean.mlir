// Every access inside its buffer: the four tiles of a 2x2 herd each get a
// 32x32 quadrant of a 64x64 L2 buffer, a loop stores every element of a
// row it owns, and a fill writes a subview of rows 16..31.
module {
  air.channel @quad [2, 2]
  func.func @quadrants(%in: memref<64x64xi32>) {
    air.launch () in () args(%a=%in) : memref<64x64xi32> {
      air.segment @s args(%sa=%a) : memref<64x64xi32> {
        %c0 = arith.constant 0 : index
        %c1 = arith.constant 1 : index
        %c2 = arith.constant 2 : index
        %c32 = arith.constant 32 : index
        %c64 = arith.constant 64 : index
        %l2 = memref.alloc() : memref<64x64xi32, 1 : i32>
        %t0 = air.dma_memcpy_nd async (%l2[] [] [], %sa[] [] []) : (memref<64x64xi32, 1 : i32>, memref<64x64xi32>)
        %ts = scf.parallel (%i, %j) = (%c0, %c0) to (%c2, %c2) step (%c1, %c1) init (%t0) -> !air.async.token {
          %r = arith.muli %i, %c32 : index
          %c = arith.muli %j, %c32 : index
          %t = air.channel.put async [%t0] @quad[%i, %j] (%l2[%r, %c] [%c32, %c32] [%c64, %c1]) : (memref<64x64xi32, 1 : i32>)
          scf.reduce(%t : !air.async.token) {
          ^bb0(%x: !air.async.token, %y: !air.async.token):
            %w = air.wait_all async [%x, %y]
            scf.reduce.return %w : !air.async.token
          }
        }
        air.herd @h tile (%x, %y) in (%nx=%c2, %ny=%c2) {
          %z = arith.constant 0 : index
          %one = arith.constant 1 : index
          %n32 = arith.constant 32 : index
          %v0 = arith.constant 7 : i32
          %l1 = memref.alloc() : memref<32x32xi32, 2 : i32>
          air.channel.get @quad[%x, %y] (%l1[] [] []) : (memref<32x32xi32, 2 : i32>)
          scf.for %k = %z to %n32 step %one {
            memref.store %v0, %l1[%x, %k] : memref<32x32xi32, 2 : i32>
          }
          %sv = memref.subview %l1[16, 0] [16, 32] [1, 1] : memref<32x32xi32, 2 : i32> to memref<16x32xi32, strided<[32, 1], offset: 512>, 2 : i32>
          linalg.fill ins(%v0 : i32) outs(%sv : memref<16x32xi32, strided<[32, 1], offset: 512>, 2 : i32>)
          memref.dealloc %l1 : memref<32x32xi32, 2 : i32>
        }
        air.wait_all [%ts]
      }
    }
    return
  }
}
