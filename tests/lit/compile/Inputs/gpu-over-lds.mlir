// Two L2 buffers of 40 KiB each in one segment: 80 KiB of workgroup memory,
// over the 64 KiB a workgroup of mi300x has. One launch instance: several
// would each copy all of %a in and out at once, a data race.
module {
  func.func @f(%a: memref<10240xf32>) {
    %n = arith.constant 1 : index
    air.launch (%x) in (%nx=%n) args(%la=%a) : memref<10240xf32> {
      air.segment @s args(%sa=%la) : memref<10240xf32> {
        %c64 = arith.constant 64 : index
        %c1 = arith.constant 1 : index
        %b0 = memref.alloc() : memref<10240xf32, 1>
        %b1 = memref.alloc() : memref<10240xf32, 1>
        air.dma_memcpy_nd (%b0[] [] [], %sa[] [] []) : (memref<10240xf32, 1>, memref<10240xf32>)
        air.dma_memcpy_nd (%b1[] [] [], %b0[] [] []) : (memref<10240xf32, 1>, memref<10240xf32, 1>)
        air.dma_memcpy_nd (%sa[] [] [], %b1[] [] []) : (memref<10240xf32>, memref<10240xf32, 1>)
        memref.dealloc %b0 : memref<10240xf32, 1>
        memref.dealloc %b1 : memref<10240xf32, 1>
      }
    }
    return
  }
}
