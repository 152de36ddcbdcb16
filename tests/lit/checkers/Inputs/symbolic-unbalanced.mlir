// The get side runs a fixed 4 trips; the put side %k trips.
// expected-error@+2 {{when %arg1 of @symbolic = 1: 1 put but 4 gets (1024 elements put, 4096 got)}}
// expected-note@+1 {{hint: every put needs a matching get}}
air.channel @c [8]
func.func @symbolic(%buf: memref<1024xi32>, %k: index) {
  %c1 = arith.constant 1 : index
  air.launch (%l) in (%nl=%c1) args(%b=%buf, %kk=%k) : memref<1024xi32>, index {
    air.segment @s args(%sb=%b, %sk=%kk) : memref<1024xi32>, index {
      %c0 = arith.constant 0 : index
      %c1s = arith.constant 1 : index
      %c8 = arith.constant 8 : index
      %l2 = memref.alloc() : memref<1024xi32, 1 : i32>
      scf.parallel (%i) = (%c0) to (%c8) step (%c1s) {
        scf.for %t = %c0 to %sk step %c1s {
          // expected-note@+1 {{put here}}
          %put = air.channel.put async @c[%i] (%l2[] [] []) : (memref<1024xi32, 1 : i32>)
        }
        scf.reduce
      }
      air.herd @h tile (%x) in (%nx=%c8) {
        %c0h = arith.constant 0 : index
        %c1h = arith.constant 1 : index
        %c4h = arith.constant 4 : index
        %l1 = memref.alloc() : memref<1024xi32, 2 : i32>
        scf.for %t = %c0h to %c4h step %c1h {
          // expected-note@+1 {{get here}}
          air.channel.get @c[%x] (%l1[] [] []) : (memref<1024xi32, 2 : i32>)
        }
      }
    }
  }
  return
}
