// Seed 000_3402c488c9f6c083.txt, lines 287-301 (section 2.2, "scf.parallel
// — broadcast and tree-reduction of tokens"): one init token broadcast to
// every instance, instance tokens merged pairwise by air.wait_all in
// scf.reduce. The completion: the channel declaration, the enclosing
// function, launch and segment, the values `%lb0` … `%s1` and `%t_in`, the
// transfer after `air.channel.put async [%t_in] @ch[%i, %j] …`, and a herd
// that gets from every channel of the bundle.
//
// RUN: air-opt %s | FileCheck %s
// RUN: air-opt %s | air-opt | FileCheck %s
// RUN: air-opt %s -mlir-print-op-generic > %t.a && air-opt %s | air-opt -mlir-print-op-generic > %t.b && diff %t.a %t.b

// CHECK: air.channel @ch [2, 2]
air.channel @ch [2, 2]

// CHECK-LABEL: func.func @scf_parallel_tokens
// CHECK: %[[IN:.*]] = air.wait_all async
// CHECK: scf.parallel (%[[I:.*]], %[[J:.*]]) = (%{{.*}}, %{{.*}}) to (%{{.*}}, %{{.*}}) step (%{{.*}}, %{{.*}}) init (%[[IN]]) -> !air.async.token {
// CHECK: %[[INST:.*]] = air.channel.put async [%[[IN]]] @ch[%[[I]], %[[J]]] (
// CHECK: scf.reduce(%[[INST]] : !air.async.token) {
// CHECK: ^bb0(%[[A:.*]]: !air.async.token, %[[B:.*]]: !air.async.token):
// CHECK: %[[MERGE:.*]] = air.wait_all async [%[[A]], %[[B]]]
// CHECK: scf.reduce.return %[[MERGE]] : !air.async.token
// CHECK: air.herd @consumers async
// CHECK: air.channel.get @ch[%{{.*}}, %{{.*}}]
func.func @scf_parallel_tokens() {
  %c1 = arith.constant 1 : index
  air.launch (%lx) in (%lsx=%c1) {
    air.segment @broadcast_reduce {
      %lb0 = arith.constant 0 : index
      %lb1 = arith.constant 0 : index
      %ub0 = arith.constant 2 : index
      %ub1 = arith.constant 2 : index
      %s0 = arith.constant 1 : index
      %s1 = arith.constant 1 : index
      %c64 = arith.constant 64 : index
      %c1_0 = arith.constant 1 : index
      %t_alloc, %l2 = air.execute -> (memref<256xi32, 1>) {
        %alloc = memref.alloc() : memref<256xi32, 1>
        air.execute_terminator %alloc : memref<256xi32, 1>
      }
      %t_in = air.wait_all async [%t_alloc]
%t_out = scf.parallel (%i, %j) = (%lb0, %lb1) to (%ub0, %ub1) step (%s0, %s1)
    init (%t_in) -> !air.token {
  // All instances may start as soon as %t_in is signaled.
  %off = arith.addi %i, %j : index
  %t_instance = air.channel.put async [%t_in] @ch[%i, %j] (%l2[%off] [%c64] [%c1_0]) : (memref<256xi32, 1>)
  scf.reduce(%t_instance : !air.token) {
  ^bb0(%a: !air.token, %b: !air.token):
    %t_merge = air.wait_all async [%a, %b]
    scf.reduce.return %t_merge : !air.token
  }
}
// %t_out is signaled only when ALL instances have completed.
      %t_herd = air.herd @consumers async tile (%x, %y) in (%sx=%ub0, %sy=%ub1) {
        %l1 = memref.alloc() : memref<64xi32, 2>
        air.channel.get @ch[%x, %y] (%l1[] [] []) : (memref<64xi32, 2>)
        memref.dealloc %l1 : memref<64xi32, 2>
      }
      %t_dealloc = air.execute [%t_out, %t_herd] {
        memref.dealloc %l2 : memref<256xi32, 1>
      }
    }
  }
  return
}
