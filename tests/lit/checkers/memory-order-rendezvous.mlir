// buffer-lifetime and data-race through a channel rendezvous (docs/semantics.md
// 3a): a get on a depth-1 channel completes together with its put, so what
// waits for every put (here: the herd's token) waits for the get too.
// RUN: air-check lint --verify-diagnostics %s
// RUN: air-check lint --show-proofs %S/Inputs/rendezvous-round-trip.mlir 2>&1 | FileCheck %s --check-prefix=ROUND
// ROUND: proven: no data race: 4 pairs of accesses, for every schedule and every size (isl) [data-race]
// ROUND: proven: every buffer use precedes its dealloc: 4 pairs
// ROUND: 0 errors, 0 warnings
// RUN: sed -e 's/air.channel @to_herd \[2, 2\]/air.channel @to_herd [2, 2] {depth = 2}/' %S/Inputs/rendezvous-round-trip.mlir > %t.mlir
// RUN: not air-check lint %t.mlir 2>&1 | FileCheck %s --check-prefix=DEPTH2
// DEPTH2: error: data race: 'air.channel.get' at {{[0-9]+}}:18 writes element [{{[0-9]+}}, {{[0-9]+}}] of a buffer that 'air.channel.put' at {{[0-9]+}}:18 reads, and the two may run at once
// DEPTH2: 1 error
// RUN: air-check lint --show-proofs %S/Inputs/rendezvous-chain.mlir 2>&1 | FileCheck %s --check-prefix=CHAIN
// CHAIN: proven: no data race: {{[0-9]+}} pairs of accesses
// CHAIN: 0 errors, 0 warnings
// RUN: air-check lint --show-proofs %S/Inputs/dealloc-ping-pong-marker.mlir 2>&1 | FileCheck %s --check-prefix=MARKER
// MARKER: proven: every buffer use precedes its dealloc: 0 pairs, for every schedule and every size (isl); 1 dealloc(s) in a loop of a buffer allocated outside it read as upstream's per-trip marker, not a free [buffer-lifetime]
// MARKER: 0 errors
module {
  air.channel @gather [1, 1]
  air.channel @drain []
  air.channel @gather2 [1, 1] {depth = 2}
  air.channel @drain2 []
  // The segment's get into L2 has no token the dealloc waits for, but the
  // dealloc waits for the herd, whose put meets the get.
  func.func @ordered_by_rendezvous() {
    air.launch () in () {
      %s = air.segment @s async {
        %c0 = arith.constant 0 : index
        %c1 = arith.constant 1 : index
        %ta, %l2 = air.execute -> (memref<8x8xi32, 1>) {
          %m = memref.alloc() : memref<8x8xi32, 1>
          air.execute_terminator %m : memref<8x8xi32, 1>
        }
        %g = air.channel.get async [%ta] @gather[%c0, %c0] (%l2[] [] []) : (memref<8x8xi32, 1>)
        %h = air.herd @h async [%ta] tile (%x, %y) in (%nx=%c1, %ny=%c1) {
          %l1 = memref.alloc() : memref<8x8xi32, 2>
          air.channel.put @gather[%x, %y] (%l1[] [] []) : (memref<8x8xi32, 2>)
          memref.dealloc %l1 : memref<8x8xi32, 2>
        }
        %p = air.channel.put async [%h] @drain[] (%l2[] [] []) : (memref<8x8xi32, 1>)
        %td = air.execute [%p] {
          memref.dealloc %l2 : memref<8x8xi32, 1>
        }
      }
      %l3 = memref.alloc() : memref<8x8xi32>
      air.channel.get @drain[] (%l3[] [] []) : (memref<8x8xi32>)
    }
    return
  }
  // With depth 2 the put completes before its get does: the get may still
  // write the buffer when it is read and freed.
  func.func @depth_two() {
    air.launch () in () {
      %s = air.segment @s async {
        %c0 = arith.constant 0 : index
        %c1 = arith.constant 1 : index
        %ta, %l2 = air.execute -> (memref<8x8xi32, 1>) {
          // expected-note@+2 {{the buffer 'air.channel.get'}}
          // expected-note-re@+1 {{{{^}}the buffer{{$}}}}
          %m = memref.alloc() : memref<8x8xi32, 1>
          air.execute_terminator %m : memref<8x8xi32, 1>
        }
        // expected-error-re@+2 {{use after free: 'air.channel.get' at {{[0-9]+:[0-9]+}} (its only instance) may touch the buffer after 'memref.dealloc' at {{[0-9]+:[0-9]+}} (its only instance) frees it: nothing orders the use before the dealloc}}
        // expected-note@+1 {{the other access (its only instance), racing with 'air.channel.put'}}
        %g = air.channel.get async [%ta] @gather2[%c0, %c0] (%l2[] [] []) : (memref<8x8xi32, 1>)
        %h = air.herd @h async [%ta] tile (%x, %y) in (%nx=%c1, %ny=%c1) {
          %l1 = memref.alloc() : memref<8x8xi32, 2>
          air.channel.put @gather2[%x, %y] (%l1[] [] []) : (memref<8x8xi32, 2>)
          memref.dealloc %l1 : memref<8x8xi32, 2>
        }
        // expected-error@+2 {{data race: 'air.channel.put'}}
        // expected-note@+1 {{hint: add the token of 'air.channel.get'}}
        %p = air.channel.put async [%h] @drain2[] (%l2[] [] []) : (memref<8x8xi32, 1>)
        %td = air.execute [%p] {
          // expected-note@+2 {{here the buffer is freed}}
          // expected-note@+1 {{hint: make the dealloc wait for the use's token (or for a wait_all of every use)}}
          memref.dealloc %l2 : memref<8x8xi32, 1>
        }
      }
      %l3 = memref.alloc() : memref<8x8xi32>
      air.channel.get @drain2[] (%l3[] [] []) : (memref<8x8xi32>)
    }
    return
  }
}
