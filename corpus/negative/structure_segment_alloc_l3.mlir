// What is wrong: the segment body allocates its staging buffer in memory
//   space 0 (L3, system memory).
// Rule broken: seed 000 section 1.2 and 2.2: a segment owns L2 memory (space
//   1), allocated in its body with memref.alloc; L3 (space 0) is system
//   memory, passed into the hierarchy from the host through args(...).
// Fix: allocate the staging buffer as memref<1024xi8, 1>.
module {
  func.func @stage(%src: memref<1024xi8>, %dst: memref<1024xi8>) {
    air.launch () in () args(%ls=%src, %ld=%dst) : memref<1024xi8>, memref<1024xi8> {
      // expected-note@+1 {{enclosing 'air.segment' is here}}
      air.segment @stage_seg args(%ss=%ls, %sd=%ld) : memref<1024xi8>, memref<1024xi8> {
        // expected-error@+1 {{'memref.alloc' op inside 'air.segment' must allocate in L2 or L1 (memory space 1 or 2), but allocates in L3 (memory space 0)}}
        %stage = memref.alloc() : memref<1024xi8>
        air.dma_memcpy_nd (%stage[] [] [], %ss[] [] []) : (memref<1024xi8>, memref<1024xi8>)
        air.dma_memcpy_nd (%sd[] [] [], %stage[] [] []) : (memref<1024xi8>, memref<1024xi8>)
        memref.dealloc %stage : memref<1024xi8>
        air.segment_terminator
      }
      air.launch_terminator
    }
    return
  }
}
