// Pattern: a synchronous producer herd followed by its synchronous consumer
//   herd in one segment body, joined by a rendezvous (depth-1) channel.
// Semantics: the two herds share no data (they meet only through the
//   channel), so under the ordering model (docs/semantics.md, "Ordering")
//   they are co-resident and run at once, as seed 000 2.1 and 2.5 count
//   different herds as concurrent contexts. The producer's put meets the
//   consumer's get; proven deadlock-free.
// Source: seed 000 section 2.5 (channels between herds).
module {
  air.channel @Link [1, 1] {depth = 1 : i64}
  func.func @pipe() {
    air.launch () in () {
      air.segment @seg {
        %c1 = arith.constant 1 : index
        air.herd @producer tile (%tx, %ty) in (%sx=%c1, %sy=%c1) {
          %c0 = arith.constant 0 : index
          %c1_0 = arith.constant 1 : index
          %c4 = arith.constant 4 : index
          %buf = memref.alloc() : memref<256xi32, 2 : i32>
          scf.for %i = %c0 to %c4 step %c1_0 {
            air.channel.put @Link[%tx, %ty] (%buf[] [] []) : (memref<256xi32, 2 : i32>)
          }
          memref.dealloc %buf : memref<256xi32, 2 : i32>
        }
        air.herd @consumer tile (%tx, %ty) in (%sx=%c1, %sy=%c1) {
          %c0 = arith.constant 0 : index
          %c1_0 = arith.constant 1 : index
          %c4 = arith.constant 4 : index
          %buf = memref.alloc() : memref<256xi32, 2 : i32>
          scf.for %i = %c0 to %c4 step %c1_0 {
            air.channel.get @Link[%tx, %ty] (%buf[] [] []) : (memref<256xi32, 2 : i32>)
          }
          memref.dealloc %buf : memref<256xi32, 2 : i32>
        }
      }
    }
    return
  }
}
