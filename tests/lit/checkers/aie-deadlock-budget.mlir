// aie-deadlock's state budget: four cores take turns on one mutex (a lock of
// init 1 they all acquire and release), 100 times each. The acquires compete,
// so the search interleaves them (steps that commute with every other are
// taken first, but these do not): far more than the 200000 states lint
// explores, so deadlock freedom is unknown, with the reason.
// RUN: air-check lint --verify-diagnostics %s
module {
  // expected-warning@+1 {{deadlock freedom of the array is unknown: more than 200000 states of the array to explore}}
  aie.device(npu1) {
    %t02 = aie.tile(0, 2)
    %t03 = aie.tile(0, 3)
    %t04 = aie.tile(0, 4)
    %t13 = aie.tile(1, 3)
    %mutex = aie.lock(%t03, 0) {init = 1 : i32}
    %core02 = aie.core(%t02) {
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %c100 = arith.constant 100 : index
      scf.for %i = %c0 to %c100 step %c1 {
        aie.use_lock(%mutex, AcquireGreaterEqual, 1)
        aie.use_lock(%mutex, Release, 1)
      }
      aie.end
    }
    %core03 = aie.core(%t03) {
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %c100 = arith.constant 100 : index
      scf.for %i = %c0 to %c100 step %c1 {
        aie.use_lock(%mutex, AcquireGreaterEqual, 1)
        aie.use_lock(%mutex, Release, 1)
      }
      aie.end
    }
    %core04 = aie.core(%t04) {
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %c100 = arith.constant 100 : index
      scf.for %i = %c0 to %c100 step %c1 {
        aie.use_lock(%mutex, AcquireGreaterEqual, 1)
        aie.use_lock(%mutex, Release, 1)
      }
      aie.end
    }
    %core13 = aie.core(%t13) {
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %c100 = arith.constant 100 : index
      scf.for %i = %c0 to %c100 step %c1 {
        aie.use_lock(%mutex, AcquireGreaterEqual, 1)
        aie.use_lock(%mutex, Release, 1)
      }
      aie.end
    }
  }
}