// What is wrong: each of the 2 launch instances puts its 256-element slice on
//   @per_launch[%lx], indexed by the launch id %lx, and the herd of that
//   instance gets from @per_launch[%hx] with %hx bound to the same launch id
//   through args(...). Launch instances are may-be-parallel work units
//   scheduled in time (seed 000 2.1); a launch id does not name a fixed
//   physical channel, and air-to-aie cannot resolve the index.
// Rule broken: channel-index-resolution (seed 000 sections 2.1 and 2.5):
//   channel indices may depend only on spatial ids (herd/segment ids,
//   scf.parallel ivs), not on launch ids.
// Fix: do not index by the launch id: declare @per_launch [1] and use
//   @per_launch[%c0] on both sides; only the slice offset %off (a memref
//   offset, not a channel index) depends on %lx.
#mul256 = affine_map<()[s0] -> (s0 * 256)>
module {
  air.channel @per_launch [2]
  func.func @slices(%src: memref<512xf32>) {
    %c2 = arith.constant 2 : index
    // (one annotation matches the note of both errors below)
    // expected-note@+1 {{the launch id comes from here}}
    air.launch (%lx) in (%nlx=%c2) args(%ls=%src) : memref<512xf32> {
      %c1 = arith.constant 1 : index
      %c256 = arith.constant 256 : index
      %off = affine.apply #mul256()[%lx]
      // expected-note@+2 {{hint: index the channel with a spatial id, or move the iteration space from the launch to a segment, whose ids are spatial}}
      // expected-error@+1 {{the channel index of this put on @per_launch depends on a launch id; air-to-aie resolves channel indices only from herd and segment ids and scf.parallel ivs, and drops this transfer}}
      %p = air.channel.put async @per_launch[%lx] (%ls[%off] [%c256] [%c1]) : (memref<512xf32>)
      %s = air.segment @slice_seg async args(%ix=%lx) : index {
        %c1_s = arith.constant 1 : index
        air.herd @slice_herd tile (%tx, %ty) in (%sx=%c1_s, %sy=%c1_s) args(%hx=%ix) : index {
          %l1 = memref.alloc() : memref<256xf32, 2>
          // expected-error@+2 {{the channel index of this get on @per_launch depends on a launch id; air-to-aie resolves channel indices only from herd and segment ids and scf.parallel ivs, and drops this transfer}}
          // expected-note@+1 {{hint: index the channel with a spatial id, or move the iteration space from the launch to a segment, whose ids are spatial}}
          air.channel.get @per_launch[%hx] (%l1[] [] []) : (memref<256xf32, 2>)
          memref.dealloc %l1 : memref<256xf32, 2>
          air.herd_terminator
        }
        air.segment_terminator
      }
      air.wait_all [%p, %s]
      air.launch_terminator
    }
    return
  }
}
