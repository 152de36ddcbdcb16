// DMA channels per tile: flows whose transfers run on disjoint tiles of a
// herd (conditions on the tile ids) never need a channel of one tile
// together; the asynchronous form air-dependency prints (a chain of
// affine.if, each yielding a token) is counted per tile, not summed. The
// same three gets on every tile do need three channels.
// RUN: split-file %s %t
// RUN: air-check lint --device=npu1_4col %t/rows.mlir 2>&1 | FileCheck %s --check-prefix=ROWS
// ROWS-NOT: DMA channels
// ROWS: air-check: 1 file, 0 errors
// RUN: not air-check lint --device=npu1_4col %t/every-tile.mlir 2>&1 | FileCheck %s --check-prefix=EVERY
// EVERY: error: herd @h needs 3 DMA channels in (S2MM) per tile at once, but a compute tile of npu1_4col has 2

//--- rows.mlir
#row0 = affine_set<()[s0, s1] : (s0 >= 0, s1 == 0)>
#row1 = affine_set<()[s0, s1] : (s0 >= 0, s1 - 1 == 0)>
#row2 = affine_set<()[s0, s1] : (s0 >= 0, s1 - 2 == 0)>
air.channel @a [1, 1]
air.channel @b [1, 1]
air.channel @c [1, 1]
func.func @rows(%in: memref<32xi32>) {
  %l = air.launch async () in () args(%i=%in) : memref<32xi32> {
    %pa = air.channel.put async @a[] (%i[] [] []) : (memref<32xi32>)
    %pb = air.channel.put async @b[] (%i[] [] []) : (memref<32xi32>)
    %pc = air.channel.put async @c[] (%i[] [] []) : (memref<32xi32>)
    %s = air.segment @s async {
      %one = arith.constant 1 : index
      %three = arith.constant 3 : index
      %h = air.herd @h async tile (%x, %y) in (%sx=%one, %sy=%three) {
        %t, %buf = air.execute -> (memref<32xi32, 2>) {
          %m = memref.alloc() : memref<32xi32, 2>
          air.execute_terminator %m : memref<32xi32, 2>
        }
        %r0 = affine.if #row0()[%x, %y] -> !air.async.token {
          %g = air.channel.get async [%t] @a[] (%buf[] [] []) : (memref<32xi32, 2>)
          affine.yield %g : !air.async.token
        } else {
          affine.yield %t : !air.async.token
        }
        %r1 = affine.if #row1()[%x, %y] -> !air.async.token {
          %g = air.channel.get async [%r0] @b[] (%buf[] [] []) : (memref<32xi32, 2>)
          affine.yield %g : !air.async.token
        } else {
          affine.yield %r0 : !air.async.token
        }
        %r2 = affine.if #row2()[%x, %y] -> !air.async.token {
          %g = air.channel.get async [%r1] @c[] (%buf[] [] []) : (memref<32xi32, 2>)
          affine.yield %g : !air.async.token
        } else {
          affine.yield %r1 : !air.async.token
        }
        %d = air.execute [%r2] {
          memref.dealloc %buf : memref<32xi32, 2>
        }
      }
    }
  }
  return
}

//--- every-tile.mlir
air.channel @a [1, 1]
air.channel @b [1, 1]
air.channel @c [1, 1]
func.func @every(%in: memref<32xi32>) {
  %l = air.launch async () in () args(%i=%in) : memref<32xi32> {
    %s = air.segment @s async {
      %one = arith.constant 1 : index
      %h = air.herd @h async tile (%x, %y) in (%sx=%one, %sy=%one) {
        %t, %buf = air.execute -> (memref<32xi32, 2>) {
          %m = memref.alloc() : memref<32xi32, 2>
          air.execute_terminator %m : memref<32xi32, 2>
        }
        %ga = air.channel.get async [%t] @a[] (%buf[] [] []) : (memref<32xi32, 2>)
        %gb = air.channel.get async [%t] @b[] (%buf[] [] []) : (memref<32xi32, 2>)
        %gc = air.channel.get async [%t] @c[] (%buf[] [] []) : (memref<32xi32, 2>)
      }
    }
    %pa = air.channel.put async @a[] (%i[] [] []) : (memref<32xi32>)
    %pb = air.channel.put async @b[] (%i[] [] []) : (memref<32xi32>)
    %pc = air.channel.put async @c[] (%i[] [] []) : (memref<32xi32>)
  }
  return
}
