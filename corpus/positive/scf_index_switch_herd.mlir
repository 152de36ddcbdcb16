// Pattern: a 1x4 herd whose tiles take different roles by scf.index_switch on
//   the tile id: tile 0 reads the first half of the input, tile 1 the second
//   half, and the other tiles (the default region) each read a block of a
//   second input. The L2 side puts once per destination.
// Semantics: the polyhedral model restricts a case region to the instances
//   whose switch value equals the case, and the default region to the rest
//   (a disjoint union of boxes), so balance is exact per channel index; the
//   executor takes the branch the value selects.
// Source: upstream mlir-air programs select tile roles with scf.index_switch
//   (read to learn the form; this program is ours).
module {
  air.channel @Half [2]
  air.channel @Rest [4]
  func.func @roles(%a: memref<512xi32>, %b: memref<1024xi32>) {
    air.launch () in () args(%la=%a, %lb=%b) : memref<512xi32>, memref<1024xi32> {
      air.segment @seg args(%sa=%la, %sb=%lb) : memref<512xi32>, memref<1024xi32> {
        %c0 = arith.constant 0 : index
        %c1 = arith.constant 1 : index
        %c2 = arith.constant 2 : index
        %c3 = arith.constant 3 : index
        %c4 = arith.constant 4 : index
        %c256 = arith.constant 256 : index
        %c512 = arith.constant 512 : index
        %c768 = arith.constant 768 : index
        air.channel.put @Half[%c0] (%sa[%c0] [%c256] [%c1]) : (memref<512xi32>)
        air.channel.put @Half[%c1] (%sa[%c256] [%c256] [%c1]) : (memref<512xi32>)
        air.channel.put @Rest[%c2] (%sb[%c512] [%c256] [%c1]) : (memref<1024xi32>)
        air.channel.put @Rest[%c3] (%sb[%c768] [%c256] [%c1]) : (memref<1024xi32>)
        air.herd @workers tile (%tx, %ty) in (%sx=%c4, %sy=%c1) {
          %buf = memref.alloc() : memref<256xi32, 2 : i32>
          scf.index_switch %tx
          case 0 {
            air.channel.get @Half[%tx] (%buf[] [] []) : (memref<256xi32, 2 : i32>)
            scf.yield
          }
          case 1 {
            air.channel.get @Half[%tx] (%buf[] [] []) : (memref<256xi32, 2 : i32>)
            scf.yield
          }
          default {
            air.channel.get @Rest[%tx] (%buf[] [] []) : (memref<256xi32, 2 : i32>)
          }
          memref.dealloc %buf : memref<256xi32, 2 : i32>
        }
      }
    }
    return
  }
}
