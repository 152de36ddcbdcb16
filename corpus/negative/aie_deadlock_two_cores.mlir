// What is wrong: two cores each acquire the lock the other releases before
//   releasing their own. Both locks start at 0, so each core waits for the
//   other forever (each lock has a releaser, so aie-lock-protocol's part 1
//   is satisfied; only the order of the two processes deadlocks).
// Rule broken: aie-deadlock (every core reaches aie.end in every
//   interleaving of the cores and BD chains).
// Fix: let one core release first, or start one lock at 1 (init = 1).
// Seed: 004 (aie.use_lock, aie.core), issue 10 ("a lock deadlock between
//   two cores").
module {
  aie.device(npu1_1col) {
    %t2 = aie.tile(0, 2)
    %t3 = aie.tile(0, 3)
    %ready2 = aie.lock(%t2, 0) {init = 0 : i32, sym_name = "ready2"}
    %ready3 = aie.lock(%t3, 0) {init = 0 : i32, sym_name = "ready3"}
    %core2 = aie.core(%t2) {
      // expected-error@+1 {{deadlock: the core of tile (0, 2) waits to acquire 1 from lock "ready3" (value 0) and can never go on}}
      aie.use_lock(%ready3, AcquireGreaterEqual, 1)
      // expected-note@+1 {{lock "ready2" is released here, by the core of tile (0, 2), which is blocked}}
      aie.use_lock(%ready2, Release, 1)
      aie.end
    }
    %core3 = aie.core(%t3) {
      // expected-note@+1 {{the core of tile (0, 3) waits to acquire 1 from lock "ready2" (value 0), also forever}}
      aie.use_lock(%ready2, AcquireGreaterEqual, 1)
      // expected-note@+1 {{lock "ready3" is released here, by the core of tile (0, 3), which is blocked}}
      aie.use_lock(%ready3, Release, 1)
      aie.end
    }
  }
}
