// What is wrong: one token from air.token.alloc is passed into two
//   launches and used in the affinity lists of a segment in each, asking
//   segments of two launches to share a partition.
// Rule broken: seed 000 section 1.5, "Scope rule": only dependency tokens
//   may be passed into the body of a launch; affinity and concurrency
//   tokens never cross the launch boundary. (token-consistency leaves such
//   a group to this rule.)
// Fix: to bind the launches to one partition, put %aff in the launches'
//   own affinity lists (allowed on air.launch); or allocate a token inside
//   each launch body for its own segments.
module {
  func.func @twice(%x: memref<1024xi32>) {
    %aff = air.token.alloc : !air.token
    // expected-error@+1 {{'air.launch' op passes a token into its body that is used in an affinity list; only dependency tokens may cross the launch boundary (compute model 1.5)}}
    %l1 = air.launch async () in () args(%a=%x, %t=%aff) : memref<1024xi32>, !air.token {
      // expected-note@+1 {{used in the affinity list here}}
      air.segment @first args(%sa=%a) : memref<1024xi32> [affinity = [%t]] {
        %l2 = memref.alloc() : memref<1024xi32, 1>
        air.dma_memcpy_nd (%l2[] [] [], %sa[] [] []) : (memref<1024xi32, 1>, memref<1024xi32>)
        memref.dealloc %l2 : memref<1024xi32, 1>
      }
    }
    // expected-error@+1 {{'air.launch' op passes a token into its body that is used in an affinity list; only dependency tokens may cross the launch boundary (compute model 1.5)}}
    %l2 = air.launch async () in () args(%a=%x, %t=%aff) : memref<1024xi32>, !air.token [dependency = [%l1]] {
      // expected-note@+1 {{used in the affinity list here}}
      air.segment @second args(%sa=%a) : memref<1024xi32> [affinity = [%t]] {
        %l2 = memref.alloc() : memref<1024xi32, 1>
        air.dma_memcpy_nd (%l2[] [] [], %sa[] [] []) : (memref<1024xi32, 1>, memref<1024xi32>)
        memref.dealloc %l2 : memref<1024xi32, 1>
      }
    }
    air.wait_all [%l2]
    return
  }
}
