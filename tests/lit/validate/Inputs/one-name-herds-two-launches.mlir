// Input of validate/one-name-herds-two-launches.test: two herd ops of one
// name receive into one segment-level L1 buffer (one copy per tile), in a
// launch of two instances.
module {
  air.channel @Load [1, 1]
  air.channel @Half0 [1, 1] {broadcast_shape = [1, 2]}
  air.channel @Half1 [1, 1] {broadcast_shape = [1, 2]}
  air.channel @Out0 [1, 2]
  air.channel @Out1 [1, 2]
  func.func @two_passes(%a: memref<64xi32>, %b: memref<256xi32>) {
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    air.launch (%lx, %ly) in (%nx=%c2, %ny=%c1) args(%x=%a, %y=%b) : memref<64xi32>, memref<256xi32> {
      %c0_l = arith.constant 0 : index
      %c1_l = arith.constant 1 : index
      %c32_l = arith.constant 32 : index
      %c64_l = arith.constant 64 : index
      %c96_l = arith.constant 96 : index
      %c128_l = arith.constant 128 : index
      %base = arith.muli %lx, %c128_l : index
      %o0 = arith.addi %base, %c0_l : index
      %o1 = arith.addi %base, %c32_l : index
      %o2 = arith.addi %base, %c64_l : index
      %o3 = arith.addi %base, %c96_l : index
      air.channel.put @Load[] (%x[] [] []) : (memref<64xi32>)
      air.segment @seg {
        %c0_s = arith.constant 0 : index
        %c1_s = arith.constant 1 : index
        %c2_s = arith.constant 2 : index
        %c32_s = arith.constant 32 : index
        %l2 = memref.alloc() : memref<64xi32, 1 : i32>
        %landing = memref.alloc() : memref<32xi32, 2 : i32>
        air.channel.get @Load[] (%l2[] [] []) : (memref<64xi32, 1 : i32>)
        air.channel.put @Half0[] (%l2[%c0_s] [%c32_s] [%c1_s]) : (memref<64xi32, 1 : i32>)
        air.herd @stage tile (%tx, %ty) in (%sx=%c1_s, %sy=%c2_s) args(%l=%landing) : memref<32xi32, 2 : i32> {
          %c0 = arith.constant 0 : index
          %c1_h = arith.constant 1 : index
          %c32 = arith.constant 32 : index
          %out = memref.alloc() : memref<32xi32, 2 : i32>
          air.channel.get @Half0[%tx, %ty] (%l[] [] []) : (memref<32xi32, 2 : i32>)
          scf.for %i = %c0 to %c32 step %c1_h {
            %v = memref.load %l[%i] : memref<32xi32, 2 : i32>
            %w = arith.addi %v, %v : i32
            memref.store %w, %out[%i] : memref<32xi32, 2 : i32>
          }
          air.channel.put @Out0[%tx, %ty] (%out[] [] []) : (memref<32xi32, 2 : i32>)
          memref.dealloc %out : memref<32xi32, 2 : i32>
        }
        air.channel.put @Half1[] (%l2[%c32_s] [%c32_s] [%c1_s]) : (memref<64xi32, 1 : i32>)
        air.herd @stage tile (%tx, %ty) in (%sx=%c1_s, %sy=%c2_s) args(%l=%landing) : memref<32xi32, 2 : i32> {
          %c0 = arith.constant 0 : index
          %c1_h = arith.constant 1 : index
          %c32 = arith.constant 32 : index
          %out = memref.alloc() : memref<32xi32, 2 : i32>
          air.channel.get @Half1[%tx, %ty] (%l[] [] []) : (memref<32xi32, 2 : i32>)
          scf.for %i = %c0 to %c32 step %c1_h {
            %v = memref.load %l[%i] : memref<32xi32, 2 : i32>
            %w = arith.muli %v, %v : i32
            memref.store %w, %out[%i] : memref<32xi32, 2 : i32>
          }
          air.channel.put @Out1[%tx, %ty] (%out[] [] []) : (memref<32xi32, 2 : i32>)
          memref.dealloc %out : memref<32xi32, 2 : i32>
        }
        memref.dealloc %landing : memref<32xi32, 2 : i32>
        memref.dealloc %l2 : memref<64xi32, 1 : i32>
      }
      air.channel.get @Out0[%c0_l, %c0_l] (%y[%o0] [%c32_l] [%c1_l]) : (memref<256xi32>)
      air.channel.get @Out0[%c0_l, %c1_l] (%y[%o1] [%c32_l] [%c1_l]) : (memref<256xi32>)
      air.channel.get @Out1[%c0_l, %c0_l] (%y[%o2] [%c32_l] [%c1_l]) : (memref<256xi32>)
      air.channel.get @Out1[%c0_l, %c1_l] (%y[%o3] [%c32_l] [%c1_l]) : (memref<256xi32>)
    }
    return
  }
}
