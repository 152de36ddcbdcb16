// Two launch ops joined by a channel: launches of one function run one after
// another in program order (the ordering model, as upstream lowers them), in
// either launch mode, so the producer's put never meets its get, and the
// second launch waits for the first. Lint reports this program
// (launch-crossing).
// RUN: air-opt --air-run-skeleton %s -o /dev/null | FileCheck %s --check-prefix=SERIAL
// RUN: air-opt --air-run-skeleton=launch-mode=parallel %s -o /dev/null | FileCheck %s --check-prefix=PARALLEL

// SERIAL: skeleton: deadlock
// SERIAL-NEXT: blocked: {{.*}}two-launches.mlir:[[#@LINE+9]]:12: air.channel.put in @f, launch, segment @producer: put #0 on @handoff[0, 0] waits for get #0
// SERIAL-NEXT: blocked: {{.*}}two-launches.mlir:[[#@LINE+11]]:3: air.launch in @f: waits for air.launch at [[#@LINE+6]]:8, which the ordering model runs first
// PARALLEL: skeleton: deadlock
// PARALLEL-NEXT: blocked: {{.*}}put #0 on @handoff[0, 0] waits for get #0
// PARALLEL-NEXT: blocked: {{.*}}air.launch in @f: waits for air.launch
air.channel @handoff [1, 1]
func.func @f(%buf: memref<64xi32>) {
  %t = air.launch async () in () args(%b=%buf) : memref<64xi32> {
    air.segment @producer args(%sb=%b) : memref<64xi32> {
      %p = air.channel.put async @handoff[] (%sb[] [] []) : (memref<64xi32>)
    }
  }
  air.launch () in () {
    air.segment @consumer {
      %l2 = memref.alloc() : memref<64xi32, 1 : i32>
      %g = air.channel.get async @handoff[] (%l2[] [] []) : (memref<64xi32, 1 : i32>)
    }
  }
  return
}
