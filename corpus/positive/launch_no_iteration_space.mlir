// Pattern: a launch with no iteration space (air.launch () in ()) holding a
//   transpose. The data goes L3 -> L2 -> L1 -> L2 -> L3 through four
//   single-element channels. The launch body puts the 64x32 source into
//   @in_l3 and gets the 32x64 result from @out_l3. The segment does the
//   transpose in the access pattern of its put to @to_core (sizes [32, 64],
//   strides [1, 32]). A 1x1 herd receives the transposed tile, doubles it
//   and sends it back. One put and one get per channel, always in different
//   bodies; all launch- and segment-level channel ops are async.
// Source: seed 000 (AIR compute model), Section 2.1 ("Declares an optional
//   iteration space"; Section 4.2 uses a launch with no iteration space) and
//   Section 2.4 (offsets/sizes/strides follow memref.subview conventions);
//   seed 002 (paper) Section 5.2.2 (channel ops may cross hierarchy levels,
//   e.g. a put that is an immediate child of air.launch).
module {
  air.channel @in_l3 []
  air.channel @to_core []
  air.channel @from_core []
  air.channel @out_l3 []
  func.func @transpose_double(%src: memref<64x32xi32>, %dst: memref<32x64xi32>) {
    air.launch () in () args(%a=%src, %b=%dst) : memref<64x32xi32>, memref<32x64xi32> {
      %p_in = air.channel.put async @in_l3[] (%a[] [] []) {id = 1 : i32} : (memref<64x32xi32>)
      %seg = air.segment @transpose_seg async {
        %c0 = arith.constant 0 : index
        %c1 = arith.constant 1 : index
        %c32 = arith.constant 32 : index
        %c64 = arith.constant 64 : index
        %ta, %l2a = air.execute -> (memref<64x32xi32, 1 : i32>) {
          %m = memref.alloc() : memref<64x32xi32, 1 : i32>
          air.execute_terminator %m : memref<64x32xi32, 1 : i32>
        }
        %tb, %l2b = air.execute -> (memref<32x64xi32, 1 : i32>) {
          %m = memref.alloc() : memref<32x64xi32, 1 : i32>
          air.execute_terminator %m : memref<32x64xi32, 1 : i32>
        }
        %g_in = air.channel.get async [%ta] @in_l3[] (%l2a[] [] []) {id = 2 : i32} : (memref<64x32xi32, 1 : i32>)
        %p_core = air.channel.put async [%g_in] @to_core[] (%l2a[%c0, %c0] [%c32, %c64] [%c1, %c32]) {id = 3 : i32} : (memref<64x32xi32, 1 : i32>)
        %h = air.herd @doubler async tile (%tx, %ty) in (%sx=%c1, %sy=%c1) {
          %c0_h = arith.constant 0 : index
          %c1_h = arith.constant 1 : index
          %c32_h = arith.constant 32 : index
          %c64_h = arith.constant 64 : index
          %t1, %tile = air.execute -> (memref<32x64xi32, 2 : i32>) {
            %m = memref.alloc() : memref<32x64xi32, 2 : i32>
            air.execute_terminator %m : memref<32x64xi32, 2 : i32>
          }
          %g = air.channel.get async [%t1] @to_core[] (%tile[] [] []) {id = 4 : i32} : (memref<32x64xi32, 2 : i32>)
          %e = air.execute [%g] {
            scf.for %i = %c0_h to %c32_h step %c1_h {
              scf.for %j = %c0_h to %c64_h step %c1_h {
                %v = memref.load %tile[%i, %j] : memref<32x64xi32, 2 : i32>
                %w = arith.addi %v, %v : i32
                memref.store %w, %tile[%i, %j] : memref<32x64xi32, 2 : i32>
              }
            }
          }
          %p = air.channel.put async [%e] @from_core[] (%tile[] [] []) {id = 5 : i32} : (memref<32x64xi32, 2 : i32>)
          %f = air.execute [%p] {
            memref.dealloc %tile : memref<32x64xi32, 2 : i32>
          }
          air.herd_terminator
        }
        %g_core = air.channel.get async [%tb] @from_core[] (%l2b[] [] []) {id = 6 : i32} : (memref<32x64xi32, 1 : i32>)
        %p_out = air.channel.put async [%g_core] @out_l3[] (%l2b[] [] []) {id = 7 : i32} : (memref<32x64xi32, 1 : i32>)
        %f1 = air.execute [%p_core] {
          memref.dealloc %l2a : memref<64x32xi32, 1 : i32>
        }
        %f2 = air.execute [%p_out] {
          memref.dealloc %l2b : memref<32x64xi32, 1 : i32>
        }
        air.wait_all [%h, %f1, %f2]
        air.segment_terminator
      }
      %g_out = air.channel.get async @out_l3[] (%b[] [] []) {id = 8 : i32} : (memref<32x64xi32>)
      air.wait_all [%p_in, %seg, %g_out]
      air.launch_terminator
    }
    return
  }
}
