// A channel transfer inside air.execute is outside the skeleton the
// executor runs: the proof is unknown, with the op and a hint that does not
// suggest constant sizes (they already are).
// RUN: air-check lint --verify-diagnostics %s
air.channel @c [1, 1]
func.func @wrapped() {
  // expected-note @+2 {{hint: the proof runs the program's synchronisation skeleton; this construct is outside what it runs (docs/lint.md)}}
  // expected-note @+1 {{the proof for every size does not apply: an air.execute holds transfers or hierarchy ops}}
  air.launch () in () {
    air.segment @s {
      %one = arith.constant 1 : index
      %l2 = memref.alloc() : memref<16xi32, 1>
      // expected-warning @+1 {{deadlock freedom is unknown: the proof runs the program on concrete sizes, and here 'air.execute' holds AIR ops, which the executor does not run}}
      %e = air.execute {
        air.channel.put @c[] (%l2[] [] []) : (memref<16xi32, 1>)
      }
      air.herd @h tile (%x, %y) in (%sx=%one, %sy=%one) {
        %b = memref.alloc() : memref<16xi32, 2>
        air.channel.get @c[%x, %y] (%b[] [] []) : (memref<16xi32, 2>)
        memref.dealloc %b : memref<16xi32, 2>
      }
    }
  }
  return
}
