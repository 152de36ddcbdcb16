// A channel that crosses launch instances: instance 0 puts, instance 1 gets
// (scf.if on the launch id). Launch instances are may-be-parallel (seed 000
// 2.1): run one at a time, instance 0 waits forever for a get in an
// instance that never starts; run all at once, each instance has FIFOs of its
// own (the instances are independent), and the put and the get never meet.
// RUN: air-opt --air-run-skeleton %s -o /dev/null | FileCheck %s --check-prefix=SERIAL
// RUN: air-opt --air-run-skeleton=launch-mode=serial %s -o /dev/null | FileCheck %s --check-prefix=SERIAL
// RUN: air-opt --air-run-skeleton=launch-mode=parallel %s -o /dev/null | FileCheck %s --check-prefix=PARALLEL

// SERIAL: skeleton: deadlock
// PARALLEL: skeleton: deadlock
// PARALLEL-NEXT: blocked: {{.*}}launch-crossing.mlir:{{[0-9]+}}:9: air.channel.put in @crossing, launch (0), segment @producer: put #0 on @c[] waits for get #0
// PARALLEL-NEXT: blocked: {{.*}}launch-crossing.mlir:{{[0-9]+}}:9: air.channel.get in @crossing, launch (1), segment @consumer: get #0 on @c[] waits for put #0
air.channel @c []

func.func @crossing() {
  %c2 = arith.constant 2 : index
  air.launch (%i) in (%n=%c2) {
    %c0 = arith.constant 0 : index
    %first = arith.cmpi eq, %i, %c0 : index
    scf.if %first {
      air.segment @producer {
        %buf = memref.alloc() : memref<16xi32, 1>
        // SERIAL-NEXT: blocked: {{.*}}:[[#@LINE+1]]:9: air.channel.put in @crossing, launch (0), segment @producer: put #0 on @c[] waits for get #0
        air.channel.put @c[] (%buf[] [] []) : (memref<16xi32, 1>)
      }
    } else {
      air.segment @consumer {
        %buf = memref.alloc() : memref<16xi32, 1>
        air.channel.get @c[] (%buf[] [] []) : (memref<16xi32, 1>)
      }
    }
  }
  return
}
// SERIAL-NOT: blocked:
