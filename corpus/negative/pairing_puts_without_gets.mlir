// What is wrong: each tile of the 1x2 herd puts its result block on
//   @results[%tx, %ty], but nothing ever gets from @results (the segment
//   forgot to gather the blocks back). With depth 1 each put blocks forever.
// Rule broken: seed 000 section 2.5, "Balance requirement" and "Deadlock
//   conditions": every put must be matched by a get on the same channel
//   index; a put waiting for a get that can never execute deadlocks
//   (channel-pairing).
// Fix: in the segment, get each block back into L2, e.g. an scf.parallel over
//   %j in [0, 2) doing air.channel.get @results[%c0, %j] (%l2[%off] [%c256]
//   [%c1]), and copy the L2 buffer to %dst.
#mul256 = affine_map<()[s0] -> (s0 * 256)>
module {
  air.channel @inputs [1, 2]
  // expected-error@+2 {{channel @results has 1 put but no get: the puts block forever once it is full}}
  // expected-note@+1 {{hint: add the matching air.channel.get in the consumer, or remove the unmatched transfers}}
  air.channel @results [1, 2]
  func.func @square(%src: memref<512xi32>, %dst: memref<512xi32>) {
    air.launch () in () args(%ls=%src, %ld=%dst) : memref<512xi32>, memref<512xi32> {
      air.segment @sq_seg args(%ss=%ls, %sd=%ld) : memref<512xi32>, memref<512xi32> {
        %c0 = arith.constant 0 : index
        %c1 = arith.constant 1 : index
        %c2 = arith.constant 2 : index
        %c256 = arith.constant 256 : index
        scf.parallel (%j) = (%c0) to (%c2) step (%c1) {
          %off = affine.apply #mul256()[%j]
          %sent0 = air.channel.put async @inputs[%c0, %j] (%ss[%off] [%c256] [%c1]) : (memref<512xi32>)
          scf.reduce
        }
        air.herd @sq tile (%tx, %ty) in (%sx=%c1, %sy=%c2) {
          %c0_h = arith.constant 0 : index
          %c1_h = arith.constant 1 : index
          %c256_h = arith.constant 256 : index
          %l1 = memref.alloc() : memref<256xi32, 2>
          air.channel.get @inputs[%tx, %ty] (%l1[] [] []) : (memref<256xi32, 2>)
          scf.for %i = %c0_h to %c256_h step %c1_h {
            %v = memref.load %l1[%i] : memref<256xi32, 2>
            %s = arith.muli %v, %v : i32
            memref.store %s, %l1[%i] : memref<256xi32, 2>
          }
          // expected-note@+1 {{put here}}
          air.channel.put @results[%tx, %ty] (%l1[] [] []) : (memref<256xi32, 2>)
          memref.dealloc %l1 : memref<256xi32, 2>
          air.herd_terminator
        }
        air.segment_terminator
      }
      air.launch_terminator
    }
    return
  }
}
