// aie-cascade.mlir's design that is proven: four vectors passed south.
module {
  aie.device(npu1_1col) @pipe {
    %t3 = aie.tile(0, 3)
    %t2 = aie.tile(0, 2)
    %src = aie.buffer(%t3) {sym_name = "src"} : memref<64xi32>
    %dst = aie.buffer(%t2) {sym_name = "dst"} : memref<64xi32>
    aie.cascade_flow(%t3, %t2)
    %c3 = aie.core(%t3) {
      %c0 = arith.constant 0 : index
      %c16 = arith.constant 16 : index
      %c64 = arith.constant 64 : index
      %z = arith.constant 0 : i32
      scf.for %i = %c0 to %c64 step %c16 {
        %v = vector.transfer_read %src[%i], %z {in_bounds = [true]} : memref<64xi32>, vector<16xi32>
        aie.put_cascade(%v : vector<16xi32>)
      }
      aie.end
    }
    %c2 = aie.core(%t2) {
      %c0 = arith.constant 0 : index
      %c16 = arith.constant 16 : index
      %c64 = arith.constant 64 : index
      scf.for %i = %c0 to %c64 step %c16 {
        %v = aie.get_cascade() : vector<16xi32>
        vector.transfer_write %v, %dst[%i] {in_bounds = [true]} : vector<16xi32>, memref<64xi32>
      }
      aie.end
    }
  }
}
