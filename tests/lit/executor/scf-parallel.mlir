// scf.parallel (seed 000 2.2, "broadcast and tree-reduction of tokens"):
// every iteration starts once the init token is signalled and puts on its
// own channel; the loop's token joins the iterations' tokens; a 2x2 herd
// gets from each channel.
// RUN: air-opt --air-run-skeleton %s -o /dev/null | FileCheck %s

// CHECK: skeleton: completed (4 transfers)
air.channel @ch [2, 2]

func.func @scf_parallel_tokens() {
  %c1 = arith.constant 1 : index
  air.launch (%lx) in (%lsx=%c1) {
    air.segment @broadcast_reduce {
      %c0 = arith.constant 0 : index
      %c1_0 = arith.constant 1 : index
      %c2 = arith.constant 2 : index
      %t_alloc, %l2 = air.execute -> (memref<256xi32, 1>) {
        %alloc = memref.alloc() : memref<256xi32, 1>
        air.execute_terminator %alloc : memref<256xi32, 1>
      }
      %t_in = air.wait_all async [%t_alloc]
      %t_out = scf.parallel (%i, %j) = (%c0, %c0) to (%c2, %c2) step (%c1_0, %c1_0) init (%t_in) -> !air.token {
        %t_instance = air.channel.put async [%t_in] @ch[%i, %j] (%l2[] [] []) : (memref<256xi32, 1>)
        scf.reduce(%t_instance : !air.token) {
        ^bb0(%a: !air.token, %b: !air.token):
          %t_merge = air.wait_all async [%a, %b]
          scf.reduce.return %t_merge : !air.token
        }
      }
      %t_herd = air.herd @consumers async tile (%x, %y) in (%sx=%c2, %sy=%c2) {
        %l1 = memref.alloc() : memref<64xi32, 2>
        air.channel.get @ch[%x, %y] (%l1[] [] []) : (memref<64xi32, 2>)
      }
      air.wait_all [%t_out, %t_herd]
    }
  }
  return
}
