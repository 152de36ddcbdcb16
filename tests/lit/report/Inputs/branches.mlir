// A runtime flag picks a 48 KiB or a 40 KiB scratch buffer: the peak is the
// larger branch (48 KiB fits), not their sum (88 KiB would not).
func.func @f(%flag: i1) {
  air.launch () in () args(%lf=%flag) : i1 {
    air.segment @s args(%sf=%lf) : i1 {
      %c1 = arith.constant 1 : index
      air.herd @pick tile (%x) in (%n=%c1) args(%hf=%sf) : i1 {
        scf.if %hf {
          %a = memref.alloc() : memref<12288xi32, 2 : i32>
          memref.dealloc %a : memref<12288xi32, 2 : i32>
        } else {
          %b = memref.alloc() : memref<10240xi32, 2 : i32>
          memref.dealloc %b : memref<10240xi32, 2 : i32>
        }
      }
    }
  }
  return
}
