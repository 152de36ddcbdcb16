#!/bin/sh
# Draws the example pages of this folder again (run from the repository's
# root, after a build): each page is what the command beside it writes.
set -u
B=${AIR_CHECK:-build/bin/air-check}
D=docs/examples
# The AIR page with --target: a GEMM with a broadcast, placed, and the
# design compile writes for it (four flows fanning out from the memory tile).
$B report --target=npu1_4col --format=html corpus/positive/broadcast_gemm_2x2_size1.mlir > $D/gemm_broadcast_target.html
# The aie page of that design, as compile writes it.
$B compile --target=npu1_4col corpus/positive/broadcast_gemm_2x2_size1.mlir -o $D/gemm_broadcast.aie.mlir
$B report --format=html $D/gemm_broadcast.aie.mlir > $D/gemm_broadcast_design.html
# A corpus GEMM compile does not lower: the placement, and why no design.
$B report --target=npu1_4col --format=html corpus/positive/gemm_dma_to_channel.mlir > $D/gemm_4x4_target.html
# The aie page: a packet merge (two dashed packet flows into one port).
$B report --format=html $D/packet_merge.mlir > $D/packet_merge_report.html
# The seed's minimal deadlock (sync-order-deadlock), and a cycle across
# two herds (deadlock-freedom), drawn by lint.
$B lint --format=html corpus/negative/sync_order_minimal_deadlock.mlir > $D/minimal_deadlock_lint.html
$B lint --format=html corpus/negative/deadlock_cross_herd_cycle.mlir > $D/cross_herd_cycle_lint.html
# A ping-pong whose two pipelines cross: a cycle of 4 across loop
# iterations, ops blocked behind it in grey.
$B lint --format=html tests/lit/executor/ping-pong-crossed.mlir > $D/ping_pong_crossed_lint.html
# aie-deadlock: head-of-line blocking on a shared packet channel.
$B lint --format=html tests/lit/checkers/aie-packets.mlir > $D/aie_head_of_line_lint.html
exit 0
