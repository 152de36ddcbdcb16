// Cascade streams between cores (aie.cascade_flow, aie.put_cascade,
// aie.get_cascade). The dispatch model gives each stream two locks, its
// room and its count of values: a put takes room and gives a value, a get
// the reverse. The hardware holds up to 4 values (two 2-deep FIFOs), and
// how many a stream holds when it matters is not fixed: aie-deadlock
// searches every room from 1 to 4. @pipe passes four vectors south and is
// proven for every room. @relies puts two values before the receiver may
// take one: with room for 1 the sender blocks, so the design relies on the
// cascade's buffering. @always deadlocks with any room. @north points a
// cascade north (AIE2 cascades go east or south), twice. @noflow gets from
// a cascade no flow reaches: unknown.
// RUN: air-check lint --checks=aie-deadlock,aie-flows --verify-diagnostics %s
// RUN: air-check lint --show-proofs --checks=aie-deadlock %S/Inputs/cascade-pipe.mlir 2>&1 | FileCheck %s
// RUN: not air-check lint --checks=aie-deadlock --allow-fabric-buffering %s 2>&1 | FileCheck %s --check-prefix=ALLOW
// CHECK: proven: deadlock freedom of the array: in every interleaving of 2 core(s) and 0 BD chain(s) over their locks and flows ({{[0-9]+}} states), every core reaches aie.end or keeps running (stream ends no BD chain drives taken as always ready), for every room of the cascade streams from 1 to 4 values
// ALLOW: warning: deadlock: the core of tile (0, 3) waits to acquire 1 from the room of the cascade stream
// ALLOW: note: {{.*}}the design relies on the cascade's buffering (allowed by --allow-fabric-buffering)
// ALLOW: error: deadlock: the core of tile (0, 3) waits to acquire 1 from lock "x"
module {
  aie.device(npu1_1col) @relies {
    %t3 = aie.tile(0, 3)
    %t2 = aie.tile(0, 2)
    %x = aie.lock(%t3, 0) {init = 0 : i32, sym_name = "x"}
    aie.cascade_flow(%t3, %t2)
    %c3 = aie.core(%t3) {
      %v = arith.constant dense<1> : vector<16xi32>
      aie.put_cascade(%v : vector<16xi32>)
      // expected-error @+2 {{deadlock: the core of tile (0, 3) waits to acquire 1 from the room of the cascade stream from tile (0, 3) to tile (0, 2) (value 0) and can never go on}}
      // expected-note @+1 {{with each cascade stream holding 1 value(s); every room from 1 to 4 (two 2-deep FIFOs) is searched; with 4 it does not happen: the design relies on the cascade's buffering; hint: let the receiving core take the values before the sender needs their room, or accept it with --allow-fabric-buffering}}
      aie.put_cascade(%v : vector<16xi32>)
      // expected-note @+1 {{lock "x" is released here, by the core of tile (0, 3), which is blocked}}
      aie.use_lock(%x, Release, 1)
      aie.end
    }
    %c2 = aie.core(%t2) {
      // expected-note @+1 {{the core of tile (0, 2) waits to acquire 1 from lock "x" (value 0), also forever}}
      aie.use_lock(%x, AcquireGreaterEqual, 1)
      // expected-note @+1 {{the room of the cascade stream from tile (0, 3) to tile (0, 2) is released here, by the core of tile (0, 2), which is blocked}}
      %a = aie.get_cascade() : vector<16xi32>
      // expected-note @+1 {{the room of the cascade stream from tile (0, 3) to tile (0, 2) is released here, by the core of tile (0, 2), which is blocked}}
      %b = aie.get_cascade() : vector<16xi32>
      aie.end
    }
  }
  aie.device(npu1_1col) @always {
    %t3 = aie.tile(0, 3)
    %t2 = aie.tile(0, 2)
    %x = aie.lock(%t3, 0) {init = 0 : i32, sym_name = "x"}
    aie.cascade_flow(%t3, %t2)
    %c3 = aie.core(%t3) {
      %v = arith.constant dense<1> : vector<16xi32>
      // expected-error @+2 {{deadlock: the core of tile (0, 3) waits to acquire 1 from lock "x" (value 0) and can never go on}}
      // expected-note @+1 {{with each cascade stream holding 1 value(s); every room from 1 to 4 (two 2-deep FIFOs) is searched, and it happens with 4 too}}
      aie.use_lock(%x, AcquireGreaterEqual, 1)
      // expected-note @+1 {{the count of values on the cascade stream from tile (0, 3) to tile (0, 2) is released here, by the core of tile (0, 3), which is blocked}}
      aie.put_cascade(%v : vector<16xi32>)
      aie.end
    }
    %c2 = aie.core(%t2) {
      // expected-note @+1 {{the core of tile (0, 2) waits to acquire 1 from the count of values on the cascade stream from tile (0, 3) to tile (0, 2) (value 0), also forever}}
      %a = aie.get_cascade() : vector<16xi32>
      // expected-note @+1 {{lock "x" is released here, by the core of tile (0, 2), which is blocked}}
      aie.use_lock(%x, Release, 1)
      aie.end
    }
  }
  // expected-warning @+1 {{deadlock freedom of the array is unknown: two cascade streams out of, or into, one tile}}
  aie.device(npu1_1col) @north {
    %t3 = aie.tile(0, 3)
    %t2 = aie.tile(0, 2)
    // expected-error @+1 {{a cascade stream from tile (0, 2) to tile (0, 3): on AIE2 a core's cascade goes to its east or south neighbour; hint: place the receiving core there}}
    aie.cascade_flow(%t2, %t3)
    // expected-error @+2 {{a cascade stream from tile (0, 2) to tile (0, 3): on AIE2 a core's cascade goes to its east or south neighbour}}
    // expected-note @+1 {{here}}
    aie.cascade_flow(%t2, %t3)
  }
  // expected-warning @+1 {{deadlock freedom of the array is unknown: a get_cascade on a tile no aie.cascade_flow reaches}}
  aie.device(npu1_1col) @noflow {
    %t2 = aie.tile(0, 2)
    %c2 = aie.core(%t2) {
      // expected-note @+1 {{here}}
      %a = aie.get_cascade() : vector<16xi32>
      aie.end
    }
  }
}
