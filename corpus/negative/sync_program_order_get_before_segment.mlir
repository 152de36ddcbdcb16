// What is wrong: in source order, the launch body gets the result from @Out
//   before it dispatches the segment that puts it: the form of mlir-air issue
//   #1671 at launch level. The ordering model runs the get beside the segment
//   (no data dependence orders them), so the program completes there, but
//   read as a synchronous program in source order the get waits forever.
// Rule broken: mlir-air #1671 (sync-program-order); upstream fixed this form
//   in its examples (mlir-air PR #1672).
// Fix: move the get after the segment.
module {
  air.channel @In [1, 1]
  air.channel @Out [1, 1]
  func.func @copy(%arg0: memref<256xi32>, %arg1: memref<256xi32>) {
    air.launch () in () args(%in=%arg0, %out=%arg1) : memref<256xi32>, memref<256xi32> {
      air.channel.put @In[] (%in[] [] []) : (memref<256xi32>)
      // expected-error @+2 {{this get on @Out comes before segment @seg, which holds the put it waits for: read in source order, with herds and segments running to completion when reached and channels buffering without bound, the get waits forever (mlir-air #1671). An interpreter, air-runner or a backend without air-dependency hangs here; the NPU pipeline runs it only because air-dependency reorders it}}
      // expected-note @+1 {{hint: move the get after segment @seg}}
      air.channel.get @Out[] (%out[] [] []) : (memref<256xi32>)
      // expected-note @+1 {{dispatched after the get in the launch body}}
      air.segment @seg {
        %l2 = memref.alloc() : memref<256xi32, 1 : i32>
        air.channel.get @In[] (%l2[] [] []) : (memref<256xi32, 1 : i32>)
        // expected-note @+1 {{the put}}
        air.channel.put @Out[] (%l2[] [] []) : (memref<256xi32, 1 : i32>)
        memref.dealloc %l2 : memref<256xi32, 1 : i32>
      }
    }
    return
  }
}
