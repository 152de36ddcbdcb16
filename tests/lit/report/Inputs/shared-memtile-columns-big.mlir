// As shared-memtile-columns.mlir, but each instance holds 320 KiB of L2:
// together more than one memory tile, so the instances are given different
// columns of memory tiles, and two four-column instances do not fit
// npu1_4col side by side (not a proof: a finer split of L2 might).
air.channel @a [1, 1]
air.channel @b [1, 1]
func.func @two_instances(%x: memref<81920xi32>, %y: memref<81920xi32>) {
  air.launch () in () args(%ax=%x, %ay=%y) : memref<81920xi32>, memref<81920xi32> {
    %c0 = arith.constant 0 : index
    air.channel.put @a[%c0, %c0] (%ax[] [] []) : (memref<81920xi32>)
    air.channel.put @b[%c0, %c0] (%ay[] [] []) : (memref<81920xi32>)
    %c2 = arith.constant 2 : index
    %c1 = arith.constant 1 : index
    air.segment @pair unroll(%ux, %uy) in (%sx=%c2, %sy=%c1) attributes {x_size = 4 : i64, y_size = 2 : i64} {
      %c0_s = arith.constant 0 : index
      %buf = memref.alloc() : memref<81920xi32, 1 : i32>
      %first = arith.cmpi eq, %ux, %c0_s : index
      scf.if %first {
        air.channel.get @a[%c0_s, %c0_s] (%buf[] [] []) : (memref<81920xi32, 1 : i32>)
      } else {
        air.channel.get @b[%c0_s, %c0_s] (%buf[] [] []) : (memref<81920xi32, 1 : i32>)
      }
      %c1_s = arith.constant 1 : index
      air.herd @h tile (%tx, %ty) in (%hx=%c1_s, %hy=%c1_s) {
      }
      memref.dealloc %buf : memref<81920xi32, 1 : i32>
    }
  }
  return
}
