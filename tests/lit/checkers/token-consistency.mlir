// token-consistency (seed 000 1.5): dependency (happens-before), affinity
// (one partition, one after the other) and concurrency (overlapping, on
// distinct tiles) tokens must all hold together. z3 decides; a clash is one
// error with a minimal set of the constraints involved, in the program's
// words, and a note at each op; a consistent program gets a witness
// schedule under --show-proofs.
// RUN: rm -rf %t && split-file %s %t
// RUN: air-check lint --verify-diagnostics %t/affinity-and-concurrency.mlir %t/chain.mlir %t/loop-carried.mlir %t/partition.mlir %t/overlapping-placement.mlir
// RUN: air-check lint --verify-diagnostics --device=npu1_4col %t/over-device.mlir %t/stamped.mlir %t/five.mlir
// z3 out of its resource limit: unknown, a warning, never a pass.
// RUN: env AIRCHECK_TOKEN_RLIMIT=1 air-check lint --show-proofs %t/concurrency-fits.mlir 2>&1 | FileCheck %s --check-prefix=UNKNOWN
// UNKNOWN: concurrency-fits.mlir:4:10: warning: whether the token constraints of this op can hold together is unknown: z3 gave no verdict within its limits (5000 ms, rlimit 1): {{.+}}
// UNKNOWN-NOT: proven: token constraints
// UNKNOWN: air-check: 1 file, 0 errors, 1 warning
// Program order: synchronous ops of a herd body, or of a loop body, run one
// after the other.
// RUN: air-check lint --verify-diagnostics %t/herd-body.mlir %t/loop-body.mlir
// RUN: air-check lint %t/affinity-and-concurrency.mlir %t/chain.mlir %t/loop-carried.mlir %t/partition.mlir %t/overlapping-placement.mlir 2> %t/err; test $? -eq 1
// RUN: FileCheck %s --check-prefix=SUMMARY < %t/err
// SUMMARY: air-check: 5 files, 5 errors, 0 warnings
// The findings are the rule's own.
// RUN: not air-check lint --format=json %t/chain.mlir | FileCheck %s --check-prefix=JSON
// JSON: "rule": "token-consistency",
// JSON-NEXT: "severity": "error"
// RUN: air-check lint --disable=token-consistency %t/affinity-and-concurrency.mlir %t/chain.mlir %t/loop-carried.mlir %t/partition.mlir %t/overlapping-placement.mlir
//
// Two 4x4 segments with one affinity token share one partition, one after
// the other: they fit npu1_4col (16 tiles), resource-fit and placement
// included, and the proof shows a schedule.
// RUN: air-check lint --show-proofs --device=npu1_4col %t/affinity-fits.mlir 2>&1 | FileCheck %s --check-prefix=AFF
// AFF: affinity-fits.mlir:4:10: proven: token constraints hold together (dependency, affinity, concurrency, npu1_4col's tiles); a witness schedule: @first runs 0-1 (holds its resources 0-1, columns 0-3, rows 2-5), {{.*}}@second runs 1-2 (holds its resources 1-2, columns 0-3, rows 2-5){{.*}}[token-consistency]
// AFF: air-check: 1 file, 0 errors, 0 warnings
// RUN: air-check report --device=npu1_4col %t/affinity-fits.mlir | FileCheck %s --check-prefix=AFFREPORT
// AFFREPORT: compute tiles 16 16 100.0%
// AFFREPORT: verdict: fits
//
// Two 2x4 herds with one concurrency token fit side by side.
// RUN: air-check lint --show-proofs --device=npu1_4col %t/concurrency-fits.mlir 2>&1 | FileCheck %s --check-prefix=CONC
// CONC: concurrency-fits.mlir:4:10: proven: token constraints hold together {{.*}}@A runs {{.*}}columns {{[02]}}-{{[13]}}, rows 2-5){{.*}}@B runs {{.*}}columns {{[02]}}-{{[13]}}, rows 2-5)
// CONC: air-check: 1 file, 0 errors, 0 warnings
//
// One affinity token allocated outside two launches: launch-token-scope
// reports each launch; token-consistency leaves the group alone.
// RUN: air-check lint --verify-diagnostics %t/two-launches.mlir
// RUN: air-check lint --disable=launch-token-scope %t/two-launches.mlir 2>&1 | FileCheck %s --check-prefix=TWO
// TWO: air-check: 1 file, 0 errors, 0 warnings

//--- affinity-and-concurrency.mlir
func.func @f() {
  air.launch () in () {
    %ta = air.token.alloc : !air.token
    %tc = air.token.alloc : !air.token
    // expected-error@+2 {{token constraints cannot all hold: affinity %ta requires @A and @B to run one after the other; concurrency %tc requires @A and @B to overlap}}
    // expected-note@+1 {{@A: affinity %ta with @B, one after the other; concurrency %tc with @B, overlapping}}
    %a = air.segment @A async [affinity = [%ta]] [concurrency = [%tc]] {
      %c2 = arith.constant 2 : index
      air.herd @ha tile (%x, %y) in (%sx=%c2, %sy=%c2) {
      }
    }
    // expected-note@+1 {{@B: affinity %ta with @A, one after the other; concurrency %tc with @A, overlapping}}
    %b = air.segment @B async [affinity = [%ta]] [concurrency = [%tc]] {
      %c2 = arith.constant 2 : index
      air.herd @hb tile (%x, %y) in (%sx=%c2, %sy=%c2) {
      }
    }
    air.wait_all [%a, %b]
  }
  return
}

//--- chain.mlir
func.func @f() {
  air.launch () in () {
    %tc = air.token.alloc : !air.token
    // expected-error@+2 {{token constraints cannot all hold: the chain @A -> the 'air.wait_all' at 10:10 -> @B (a dependency token) orders @A before @B; concurrency %tc requires @A and @B to overlap}}
    // expected-note@+1 {{@A: ordered before the 'air.wait_all' at 10:10; concurrency %tc with @B, overlapping}}
    %a = air.segment @A async [concurrency = [%tc]] {
    }
    %u = air.wait_all async
    // expected-note@+1 {{the 'air.wait_all' at 10:10: waits for @A; ordered before @B}}
    %w = air.wait_all async [%u, %a]
    // expected-note@+1 {{@B: waits for the 'air.wait_all' at 10:10; concurrency %tc with @A, overlapping}}
    %b = air.segment @B async [dependency = [%w]] [concurrency = [%tc]] {
    }
    air.wait_all [%b]
  }
  return
}

//--- loop-carried.mlir
func.func @f() {
  air.launch () in () {
    %tc = air.token.alloc : !air.token
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c4 = arith.constant 4 : index
    // expected-error@+2 {{token constraints cannot all hold: the chain @A -> the 'scf.for' at 12:10 -> @B (the init of the scf.for's carried token; the scf.for's result, its carried token) orders @A before @B; concurrency %tc requires @A and @B to overlap}}
    // expected-note@+1 {{@A: ordered before the 'scf.for' at 12:10; concurrency %tc with @B, overlapping}}
    %a = air.segment @A async [concurrency = [%tc]] {
    }
    // expected-note@+1 {{the 'scf.for' at 12:10: waits for @A; ordered before @B}}
    %r = scf.for %i = %c0 to %c4 step %c1 iter_args(%t = %a) -> (!air.token) {
      %e = air.wait_all async [%t]
      scf.yield %e : !air.token
    }
    // expected-note@+1 {{@B: waits for the 'scf.for' at 12:10; concurrency %tc with @A, overlapping}}
    %b = air.segment @B async [dependency = [%r]] [concurrency = [%tc]] {
    }
    air.wait_all [%b]
  }
  return
}

//--- partition.mlir
func.func @f() {
  air.launch () in () {
    %ta = air.token.alloc : !air.token
    // expected-error@+2 {{token constraints cannot all hold: affinity %ta binds @A (2x4 columns x rows, its x_size and y_size) and @B (4x4 tiles for its herd) to one hardware partition}}
    // expected-note@+1 {{@A: affinity %ta: shares one partition, reserves 2x4 (x_size, y_size)}}
    %a = air.segment @A async [affinity = [%ta]] attributes {x_loc = 0 : i64, y_loc = 2 : i64, x_size = 2 : i64, y_size = 4 : i64} {
      %c2 = arith.constant 2 : index
      air.herd @ha tile (%x, %y) in (%sx=%c2, %sy=%c2) {
      }
    }
    // expected-note@+1 {{@B: affinity %ta: shares one partition, needs 4x4 tiles for its herd}}
    %b = air.segment @B async [dependency = [%a]] [affinity = [%ta]] {
      %c4 = arith.constant 4 : index
      air.herd @hb tile (%x, %y) in (%sx=%c4, %sy=%c4) {
      }
    }
    air.wait_all [%b]
  }
  return
}

//--- overlapping-placement.mlir
func.func @f() {
  air.launch () in () {
    %tc = air.token.alloc : !air.token
    // expected-error@+2 {{token constraints cannot all hold: @a at columns 0-1, rows 2-3 and @b at columns 1-2, rows 2-3 overlap, and concurrency %tc requires both to be live at once}}
    // expected-note@+1 {{@a: concurrency %tc with @b, overlapping; is placed at columns 0-1, rows 2-3; holds 4 compute tiles}}
    %a = air.segment @a async [concurrency = [%tc]] attributes {x_loc = 0 : i64, y_loc = 2 : i64} {
      %c2 = arith.constant 2 : index
      air.herd @ha tile (%x, %y) in (%sx=%c2, %sy=%c2) {
      }
    }
    // expected-note@+1 {{@b: concurrency %tc with @a, overlapping; is placed at columns 1-2, rows 2-3; holds 4 compute tiles}}
    %b = air.segment @b async [concurrency = [%tc]] attributes {x_loc = 1 : i64, y_loc = 2 : i64} {
      %c2 = arith.constant 2 : index
      air.herd @hb tile (%x, %y) in (%sx=%c2, %sy=%c2) {
      }
    }
    air.wait_all [%a, %b]
  }
  return
}

//--- over-device.mlir
func.func @f() {
  // expected-error@+1 {{the air.launch at 3:3 requires 32 compute tiles for its co-resident segments, but npu1_4col has 16}}
  air.launch () in () {
    %tc = air.token.alloc : !air.token
    // expected-error@+2 {{token constraints cannot all hold: concurrency %tc requires @A and @B to overlap; npu1_4col has 16 compute tiles (4 columns x 4 compute rows)}}
    // expected-note@+1 {{@A: concurrency %tc with @B, overlapping; holds 16 compute tiles}}
    %a = air.segment @A async [concurrency = [%tc]] {
      %c4 = arith.constant 4 : index
      air.herd @ha tile (%x, %y) in (%sx=%c4, %sy=%c4) {
      }
    }
    // expected-note@+1 {{@B: concurrency %tc with @A, overlapping; holds 16 compute tiles}}
    %b = air.segment @B async [concurrency = [%tc]] {
      %c4 = arith.constant 4 : index
      air.herd @hb tile (%x, %y) in (%sx=%c4, %sy=%c4) {
      }
    }
    air.wait_all [%a, %b]
  }
  return
}

//--- affinity-fits.mlir
func.func @f() {
  air.launch () in () {
    %ta = air.token.alloc : !air.token
    %a = air.segment @first async [affinity = [%ta]] {
      %c4 = arith.constant 4 : index
      air.herd @ha tile (%x, %y) in (%sx=%c4, %sy=%c4) {
      }
    }
    %b = air.segment @second async [dependency = [%a]] [affinity = [%ta]] {
      %c4 = arith.constant 4 : index
      air.herd @hb tile (%x, %y) in (%sx=%c4, %sy=%c4) {
      }
    }
    air.wait_all [%b]
  }
  return
}

//--- concurrency-fits.mlir
func.func @f() {
  air.launch () in () {
    %tc = air.token.alloc : !air.token
    %a = air.segment @A async [concurrency = [%tc]] {
      %c2 = arith.constant 2 : index
      %c4 = arith.constant 4 : index
      air.herd @ha tile (%x, %y) in (%sx=%c2, %sy=%c4) {
      }
    }
    %b = air.segment @B async [concurrency = [%tc]] {
      %c2 = arith.constant 2 : index
      %c4 = arith.constant 4 : index
      air.herd @hb tile (%x, %y) in (%sx=%c2, %sy=%c4) {
      }
    }
    air.wait_all [%a, %b]
  }
  return
}

//--- two-launches.mlir
func.func @f() {
  %ta = air.token.alloc : !air.token
  // expected-error@+1 {{'air.launch' op passes a token into its body that is used in an affinity list; only dependency tokens may cross the launch boundary (compute model 1.5)}}
  air.launch () in () args(%t=%ta) : !air.token {
    // expected-note@+1 {{used in the affinity list here}}
    air.segment @A [affinity = [%t]] {
    }
  }
  // expected-error@+1 {{'air.launch' op passes a token into its body that is used in an affinity list; only dependency tokens may cross the launch boundary (compute model 1.5)}}
  air.launch () in () args(%t=%ta) : !air.token {
    // expected-note@+1 {{used in the affinity list here}}
    air.segment @B [affinity = [%t]] {
    }
  }
  return
}

//--- herd-body.mlir
air.channel @c0 [] {channel_type = "dma_stream"}
func.func @f() {
  air.launch () in () {
    air.segment @s {
      %c1 = arith.constant 1 : index
      air.herd @h tile (%x, %y) in (%sx=%c1, %sy=%c1) {
        %tc = air.token.alloc : !air.token
        %l1 = memref.alloc() : memref<16xi32, 2>
        // expected-error@+2 {{token constraints cannot all hold: the 'air.channel.put' at 13:9 waits for the 'air.channel.put' at 11:9 (program order after a synchronous op); concurrency %tc requires the 'air.channel.put' at 11:9 and the 'air.channel.put' at 13:9 to overlap}}
        // expected-note@+1 {{the 'air.channel.put' at 11:9: ordered before the 'air.channel.put' at 13:9; concurrency %tc with the 'air.channel.put' at 13:9, overlapping}}
        air.channel.put @c0[] [concurrency = [%tc]] (%l1[] [] []) : (memref<16xi32, 2>)
        // expected-note@+1 {{the 'air.channel.put' at 13:9: waits for the 'air.channel.put' at 11:9; concurrency %tc with the 'air.channel.put' at 11:9, overlapping}}
        air.channel.put @c0[] [concurrency = [%tc]] (%l1[] [] []) : (memref<16xi32, 2>)
        memref.dealloc %l1 : memref<16xi32, 2>
      }
      air.herd @g tile (%x, %y) in (%sx=%c1, %sy=%c1) {
        %l1 = memref.alloc() : memref<16xi32, 2>
        air.channel.get @c0[] (%l1[] [] []) : (memref<16xi32, 2>)
        air.channel.get @c0[] (%l1[] [] []) : (memref<16xi32, 2>)
        memref.dealloc %l1 : memref<16xi32, 2>
      }
    }
  }
  return
}

//--- loop-body.mlir
// @c, outside the loop, may overlap both; @a and @b, synchronous in one
// loop body, may not overlap each other.
func.func @f() {
  air.launch () in () {
    air.segment @s {
      %tc = air.token.alloc : !air.token
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %c2 = arith.constant 2 : index
      scf.for %i = %c0 to %c2 step %c1 {
        // expected-error@+2 {{token constraints cannot all hold: @b waits for @a (program order after a synchronous op); concurrency %tc requires @a and @b to overlap}}
        // expected-note@+1 {{@a: ordered before @b; concurrency %tc with @b, overlapping}}
        air.herd @a tile (%x, %y) in (%sx=%c1, %sy=%c1) [concurrency = [%tc]] {
        }
        // expected-note@+1 {{@b: waits for @a; concurrency %tc with @a, overlapping}}
        air.herd @b tile (%x, %y) in (%sx=%c1, %sy=%c1) [concurrency = [%tc]] {
        }
      }
      air.herd @c tile (%x, %y) in (%sx=%c1, %sy=%c1) [concurrency = [%tc]] {
      }
    }
  }
  return
}

//--- stamped.mlir
// A segment's instances all run at once (seed 000 2.2): 4 x 4 tiles, and
// one more for @one, which must overlap it.
func.func @f() {
  // expected-error@+1 {{the air.launch at 5:3 requires 17 compute tiles for its co-resident segments, but npu1_4col has 16}}
  air.launch () in () {
    %tc = air.token.alloc : !air.token
    %c2 = arith.constant 2 : index
    // expected-error@+2 {{token constraints cannot all hold: concurrency %tc requires @stamp and @one to overlap; npu1_4col has 16 compute tiles (4 columns x 4 compute rows)}}
    // expected-note@+1 {{@stamp: concurrency %tc with @one, overlapping; holds 16 compute tiles (4 instances of 4, all live at once)}}
    %a = air.segment @stamp async unroll(%i, %j) in (%ni=%c2, %nj=%c2) [concurrency = [%tc]] {
      %c2h = arith.constant 2 : index
      air.herd @ha tile (%x, %y) in (%sx=%c2h, %sy=%c2h) {
      }
    }
    // expected-note@+1 {{@one: concurrency %tc with @stamp, overlapping; holds 1 compute tile}}
    %b = air.segment @one async [concurrency = [%tc]] {
      %c1 = arith.constant 1 : index
      air.herd @hb tile (%x, %y) in (%sx=%c1, %sy=%c1) {
      }
    }
    air.wait_all [%a, %b]
  }
  return
}

//--- five.mlir
// Five 2x2 segments that must be live at one instant: 20 tiles on 16.
func.func @f() {
  // expected-error@+1 {{the air.launch at 4:3 requires 20 compute tiles for its co-resident segments, but npu1_4col has 16}}
  air.launch () in () {
    %tc = air.token.alloc : !air.token
    // expected-error@+2 {{token constraints cannot all hold: concurrency %tc requires @a, @b, @c, @d and @e to be live at one instant; npu1_4col has 16 compute tiles (4 columns x 4 compute rows)}}
    // expected-note@+1 {{@a: concurrency %tc, live at one instant with the 4 others; holds 4 compute tiles}}
    %s0 = air.segment @a async [concurrency = [%tc]] {
      %c2 = arith.constant 2 : index
      air.herd tile (%x, %y) in (%sx=%c2, %sy=%c2) {
      }
    }
    // expected-note@+1 {{@b: concurrency %tc, live at one instant with the 4 others; holds 4 compute tiles}}
    %s1 = air.segment @b async [concurrency = [%tc]] {
      %c2 = arith.constant 2 : index
      air.herd tile (%x, %y) in (%sx=%c2, %sy=%c2) {
      }
    }
    // expected-note@+1 {{@c: concurrency %tc, live at one instant with the 4 others; holds 4 compute tiles}}
    %s2 = air.segment @c async [concurrency = [%tc]] {
      %c2 = arith.constant 2 : index
      air.herd tile (%x, %y) in (%sx=%c2, %sy=%c2) {
      }
    }
    // expected-note@+1 {{@d: concurrency %tc, live at one instant with the 4 others; holds 4 compute tiles}}
    %s3 = air.segment @d async [concurrency = [%tc]] {
      %c2 = arith.constant 2 : index
      air.herd tile (%x, %y) in (%sx=%c2, %sy=%c2) {
      }
    }
    // expected-note@+1 {{@e: concurrency %tc, live at one instant with the 4 others; holds 4 compute tiles}}
    %s4 = air.segment @e async [concurrency = [%tc]] {
      %c2 = arith.constant 2 : index
      air.herd tile (%x, %y) in (%sx=%c2, %sy=%c2) {
      }
    }
    air.wait_all [%s0, %s1, %s2, %s3, %s4]
  }
  return
}
