// What is wrong: in source order, the segment body gets the herd's result
//   before it dispatches the herd that puts it (synchronous, token-less form).
//   air-check's ordering model runs the get beside the herd (no data
//   dependence orders them), so the program is not a deadlock; but read as a
//   synchronous program in source order it waits forever.
// Rule broken: mlir-air #1671 (sync-program-order); the form upstream fixed
//   in its examples (mlir-air PR #1672).
// Fix: issue the get after the herd.
module {
  air.channel @result [1, 1]
  func.func @f() {
    air.launch () in () {
      air.segment @s {
        %out = memref.alloc() : memref<16xi32, 1 : i32>
        // expected-error@+2 {{this get on @result comes before herd @producer, which holds the put it waits for: read in source order, with herds and segments running to completion when reached and channels buffering without bound, the get waits forever (mlir-air #1671). An interpreter, air-runner or a backend without air-dependency hangs here; the NPU pipeline runs it only because air-dependency reorders it}}
        // expected-note@+1 {{hint: move the get after herd @producer}}
        air.channel.get @result[] (%out[] [] []) : (memref<16xi32, 1 : i32>)
        %c1 = arith.constant 1 : index
        // expected-note@+1 {{dispatched after the get in the segment body}}
        air.herd @producer tile (%x, %y) in (%sx=%c1, %sy=%c1) {
          %l1 = memref.alloc() : memref<16xi32, 2 : i32>
          // expected-note@+1 {{the put}}
          air.channel.put @result[%x, %y] (%l1[] [] []) : (memref<16xi32, 2 : i32>)
        }
      }
    }
    return
  }
}
