// The ACDG: dependency edges through args(...), loop-carried edges kept
// apart from first-iteration edges, scf.parallel reduce, branch yields,
// channel edges, affinity groups.
// RUN: air-opt --air-print-async-graph %s -o /dev/null | FileCheck %s

air.channel @c [2]
func.func @graph(%buf: memref<64xi32>) {
  // CHECK-DAG: dependency: air.wait_all@[[#@LINE+1]]:{{[0-9]+}} -> air.launch@[[#@LINE+2]]:{{[0-9]+}}
  %t0 = air.wait_all async
  %l = air.launch async [%t0] () in () args(%b=%buf, %tin=%t0) : memref<64xi32>, !air.token {
    // A token passed through args(...) depends on its producer outside.
    // CHECK-DAG: dependency: air.wait_all@[[#@LINE-3]]:{{[0-9]+}} -> air.segment@[[#@LINE+1]]:{{[0-9]+}}
    %s = air.segment @s async [%tin] args(%sb=%b) : memref<64xi32> {
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %c2 = arith.constant 2 : index
      %c4 = arith.constant 4 : index
      %l2 = memref.alloc() : memref<64xi32, 1 : i32>
      %init = air.wait_all async
      // CHECK-DAG: dependency: air.wait_all@[[#@LINE-1]]:{{[0-9]+}} -> scf.for@[[#@LINE+1]]:{{[0-9]+}}
      %r = scf.for %k = %c0 to %c4 step %c1 iter_args(%tk = %init) -> (!air.token) {
        // First iteration waits for the init; later ones for the yield.
        // CHECK-DAG: dependency: air.wait_all@[[#@LINE-4]]:{{[0-9]+}} -> scf.parallel@[[#@LINE+2]]:{{[0-9]+}}
        // CHECK-DAG: loop-carried: scf.parallel@[[#@LINE+1]]:{{[0-9]+}} -> scf.parallel@[[#@LINE+1]]:{{[0-9]+}}
        %p = scf.parallel (%i) = (%c0) to (%c2) step (%c1) init (%tk) -> !air.token {
          // CHECK-DAG: reduce: air.channel.put@[[#@LINE+1]]:{{[0-9]+}} -> scf.parallel@[[#@LINE-1]]:{{[0-9]+}}
          %put = air.channel.put async [%tk] @c[%i] (%l2[] [] []) : (memref<64xi32, 1 : i32>)
          scf.reduce(%put : !air.token) {
          ^bb0(%x: !air.token, %y: !air.token):
            %m = air.wait_all async [%x, %y]
            scf.reduce.return %m : !air.token
          }
        }
        scf.yield %p : !air.token
      }
      // CHECK-DAG: dependency: scf.for@[[#@LINE-15]]:{{[0-9]+}} -> air.herd@[[#@LINE+1]]:{{[0-9]+}}
      %h = air.herd @h async [%r] tile (%x) in (%n=%c2) {
        %l1 = memref.alloc() : memref<64xi32, 2 : i32>
        %c0h = arith.constant 0 : index
        %c1h = arith.constant 1 : index
        %c4h = arith.constant 4 : index
        scf.for %k = %c0h to %c4h step %c1h {
          // CHECK-DAG: channel: air.channel.put@{{[0-9]+}}:{{[0-9]+}} -> air.channel.get@[[#@LINE+1]]:{{[0-9]+}}
          %g = air.channel.get async @c[%x] (%l1[] [] []) : (memref<64xi32, 2 : i32>)
        }
      }
    }
  }
  return
}
