// Pattern: compute-model dependency lists on air.channel.put/get. The lists
//   come right after the channel indices:
//     %p = air.channel.put async @tl_in[%c0, %j] [dependency = [%d]] (...)
//   and also on the blocking form inside the herd:
//     air.channel.put @tl_out[%tx, %ty] [dependency = [%e]] (...)
//   The segment fills L2, scatters two 256-element halves to a 1x2 herd,
//   and gathers the results in place; each gather waits (through its list)
//   for the put that last read that half. Per index: one put and one get
//   on each channel.
// Source: seed 000 (AIR compute model), Section 2.5 (async put/get syntax
//   with [dependency = [...]] after the indices) and Section 1.5 (dependency
//   lists are the successor of air.async.token dependency chains).
module {
  air.channel @tl_in [1, 2]
  air.channel @tl_out [1, 2]
  func.func @cube(%buf: memref<512xi32>) {
    air.launch () in () args(%lb=%buf) : memref<512xi32> {
      air.segment @tl_seg args(%sb=%lb) : memref<512xi32> {
        %c0 = arith.constant 0 : index
        %c1 = arith.constant 1 : index
        %c2 = arith.constant 2 : index
        %c256 = arith.constant 256 : index
        %l2 = memref.alloc() : memref<512xi32, 1 : i32>
        %d = air.dma_memcpy_nd async (%l2[] [] [], %sb[] [] []) {id = 1 : i32} : (memref<512xi32, 1 : i32>, memref<512xi32>)
        %p0 = air.channel.put async @tl_in[%c0, %c0] [dependency = [%d]] (%l2[%c0] [%c256] [%c1]) {id = 2 : i32} : (memref<512xi32, 1 : i32>)
        %p1 = air.channel.put async @tl_in[%c0, %c1] [dependency = [%d]] (%l2[%c256] [%c256] [%c1]) {id = 3 : i32} : (memref<512xi32, 1 : i32>)
        %h = air.herd @cube_herd async tile (%tx, %ty) in (%nx=%c1, %ny=%c2) {
          %c0_h = arith.constant 0 : index
          %c1_h = arith.constant 1 : index
          %c256_h = arith.constant 256 : index
          %a = memref.alloc() : memref<256xi32, 2 : i32>
          air.channel.get @tl_in[%tx, %ty] (%a[] [] []) {id = 4 : i32} : (memref<256xi32, 2 : i32>)
          %e = air.execute {
            scf.for %i = %c0_h to %c256_h step %c1_h {
              %v = memref.load %a[%i] : memref<256xi32, 2 : i32>
              %v2 = arith.muli %v, %v : i32
              %v3 = arith.muli %v2, %v : i32
              memref.store %v3, %a[%i] : memref<256xi32, 2 : i32>
            }
          }
          air.channel.put @tl_out[%tx, %ty] [dependency = [%e]] (%a[] [] []) {id = 5 : i32} : (memref<256xi32, 2 : i32>)
          memref.dealloc %a : memref<256xi32, 2 : i32>
          air.herd_terminator
        }
        %g0 = air.channel.get async @tl_out[%c0, %c0] [dependency = [%p0]] (%l2[%c0] [%c256] [%c1]) {id = 6 : i32} : (memref<512xi32, 1 : i32>)
        %g1 = air.channel.get async @tl_out[%c0, %c1] [dependency = [%p1]] (%l2[%c256] [%c256] [%c1]) {id = 7 : i32} : (memref<512xi32, 1 : i32>)
        %w = air.dma_memcpy_nd async [%g0, %g1] (%sb[] [] [], %l2[] [] []) {id = 8 : i32} : (memref<512xi32>, memref<512xi32, 1 : i32>)
        air.wait_all [%w, %h]
        memref.dealloc %l2 : memref<512xi32, 1 : i32>
        air.segment_terminator
      }
      air.launch_terminator
    }
    return
  }
}
