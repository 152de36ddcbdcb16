// Two herds named @work in one segment that the program lets run at once
// (async, no dependency between them): 2x2 tiles each. Upstream's
// placement gives herds of one name the same tiles, one body after the
// other on each core (docs/semantics.md 7): 4 compute tiles, not 8.
module {
  func.func @twice(%a: memref<64xi32>, %b: memref<64xi32>) {
    air.launch () in () args(%la=%a, %lb=%b) : memref<64xi32>, memref<64xi32> {
      air.segment @seg args(%sa=%la, %sb=%lb) : memref<64xi32>, memref<64xi32> {
        %c2 = arith.constant 2 : index
        %h0 = air.herd @work async tile (%x, %y) in (%nx=%c2, %ny=%c2) args(%p=%sa) : memref<64xi32> {
          %buf = memref.alloc() : memref<16xi32, 2 : i32>
          memref.dealloc %buf : memref<16xi32, 2 : i32>
        }
        %h1 = air.herd @work async tile (%x, %y) in (%nx=%c2, %ny=%c2) args(%q=%sb) : memref<64xi32> {
          %buf = memref.alloc() : memref<16xi32, 2 : i32>
          memref.dealloc %buf : memref<16xi32, 2 : i32>
        }
        air.wait_all [%h0, %h1]
      }
    }
    return
  }
}
