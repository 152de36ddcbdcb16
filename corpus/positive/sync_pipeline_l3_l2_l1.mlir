// Pattern: the canonical synchronous pipeline (no tokens anywhere), the form
//   upstream moved its examples to in mlir-air PR #1672. The launch body puts
//   the L3 input and gets the L3 result; the segment gets the input into L2,
//   puts it to the herd, gets the herd's result and puts it back to L3; the
//   herd gets, computes and puts. Every get comes after its producer in
//   source order.
// Semantics: under the ordering model (docs/semantics.md, "Ordering") the
//   launch body's put, its segment and its get have no data dependence, so
//   they run at once; in the segment body each put waits for the get that
//   fills its buffer (read after write). Proven deadlock-free.
// Source: seed 000 sections 1.2 and 2.5 (L3 -> L2 -> L1 through channels);
//   the shape of upstream's channel examples after mlir-air PR #1672.
module {
  air.channel @In [1, 1]
  air.channel @ToHerd [1, 1]
  air.channel @FromHerd [1, 1]
  air.channel @Out [1, 1]
  func.func @scale(%arg0: memref<1024xi32>, %arg1: memref<1024xi32>) {
    air.launch () in () args(%in=%arg0, %out=%arg1) : memref<1024xi32>, memref<1024xi32> {
      air.channel.put @In[] (%in[] [] []) : (memref<1024xi32>)
      air.segment @seg {
        %c1 = arith.constant 1 : index
        %l2in = memref.alloc() : memref<1024xi32, 1 : i32>
        %l2out = memref.alloc() : memref<1024xi32, 1 : i32>
        air.channel.get @In[] (%l2in[] [] []) : (memref<1024xi32, 1 : i32>)
        air.channel.put @ToHerd[] (%l2in[] [] []) : (memref<1024xi32, 1 : i32>)
        air.herd @core tile (%tx, %ty) in (%sx=%c1, %sy=%c1) {
          %c0 = arith.constant 0 : index
          %c1_0 = arith.constant 1 : index
          %c1024 = arith.constant 1024 : index
          %buf = memref.alloc() : memref<1024xi32, 2 : i32>
          air.channel.get @ToHerd[%tx, %ty] (%buf[] [] []) : (memref<1024xi32, 2 : i32>)
          scf.for %i = %c0 to %c1024 step %c1_0 {
            %v = memref.load %buf[%i] : memref<1024xi32, 2 : i32>
            %w = arith.addi %v, %v : i32
            memref.store %w, %buf[%i] : memref<1024xi32, 2 : i32>
          }
          air.channel.put @FromHerd[%tx, %ty] (%buf[] [] []) : (memref<1024xi32, 2 : i32>)
          memref.dealloc %buf : memref<1024xi32, 2 : i32>
        }
        air.channel.get @FromHerd[] (%l2out[] [] []) : (memref<1024xi32, 1 : i32>)
        air.channel.put @Out[] (%l2out[] [] []) : (memref<1024xi32, 1 : i32>)
        memref.dealloc %l2in : memref<1024xi32, 1 : i32>
        memref.dealloc %l2out : memref<1024xi32, 1 : i32>
      }
      air.channel.get @Out[] (%out[] [] []) : (memref<1024xi32>)
    }
    return
  }
}
