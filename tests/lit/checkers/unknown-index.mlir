// A channel index that is not affine: the balance is `unknown` (a warning
// with the reason and the op), never a silent pass.
// RUN: air-check lint --verify-diagnostics %s

// expected-warning@+1 {{the put/get balance of channel @diag is unknown: channel index #0: the product at 20:14 of two non-constant values is not affine}}
air.channel @diag [4]
func.func @f(%buf: memref<64xi32>) {
  air.launch () in () args(%b=%buf) : memref<64xi32> {
    air.segment @s {
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %c4 = arith.constant 4 : index
      %l2 = memref.alloc() : memref<64xi32, 1 : i32>
      scf.parallel (%i) = (%c0) to (%c4) step (%c1) {
        %sent0 = air.channel.put async @diag[%i] (%l2[] [] []) : (memref<64xi32, 1 : i32>)
        scf.reduce
      }
      %c2 = arith.constant 2 : index
      air.herd tile (%x, %y) in (%nx=%c2, %ny=%c2) {
        %p = arith.muli %x, %y : index
        %l1 = memref.alloc() : memref<64xi32, 2 : i32>
        // expected-note@+2 {{the analysis stops at this air.channel.get}}
        // expected-note@-3 {{because of this}}
        air.channel.get @diag[%p] (%l1[] [] []) : (memref<64xi32, 2 : i32>)
      }
    }
  }
  return
}
