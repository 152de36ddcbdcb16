//===- AIEFuzzer.cpp - libFuzzer over `air-check lint` on aie designs ------===//
//
// Each input is an aie design (what mlir-aie users write and what `air-check
// compile` emits) run through lint as `air-check lint --format=json` runs
// it: parse, the verifier guard, verify, every aie-level check, and the
// report's tile model (`air-check report`). Crash recovery is off, so a
// crash reaches libFuzzer with its sanitizer report.
//
// The mutator (fuzz/TextMutator.h) swaps aie op names and keywords, renames
// block labels and SSA values, rewrites numbers and moves lines. Seeds are
// the aie designs of corpus/ and tests/ and what compile writes for the
// corpus programs (bench/fuzz.sh aie).
//
//===----------------------------------------------------------------------===//
#include "fuzz/TextMutator.h"
#include "tools/Registration.h"
#include "tools/air-check/AIEReport.h"
#include "tools/air-check/Lint.h"
#include "tools/frontend/SafeParse.h"
#include "tools/frontend/VerifyGuard.h"

#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/IR/Verifier.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/raw_ostream.h"

#include <cstdint>

using namespace aircheck;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  LintOptions options;
  options.format = OutputFormat::Json; // nothing printed
  auto buffer = llvm::MemoryBuffer::getMemBufferCopy(
      llvm::StringRef(reinterpret_cast<const char *>(data), size), "fuzz.mlir");
  LintOutcome outcome = lintBuffer("fuzz.mlir", std::move(buffer), options);
  if (outcome.result.status != "clean" && outcome.result.status != "findings")
    return 0;
  // What `air-check report` reads of a design that verifies.
  mlir::DialectRegistry registry;
  registerDialects(registry);
  mlir::MLIRContext ctx(registry, mlir::MLIRContext::Threading::DISABLED);
  mlir::ScopedDiagnosticHandler quiet(&ctx, [](mlir::Diagnostic &) {
    return mlir::success();
  });
  mlir::ParserConfig config(&ctx, /*verifyAfterParse=*/false);
  mlir::OwningOpRef<mlir::ModuleOp> module = parseModule(
      llvm::StringRef(reinterpret_cast<const char *>(data), size), config);
  if (module && mlir::succeeded(checkVerifierPreconditions(*module)) &&
      mlir::succeeded(mlir::verify(*module)))
    for (OutputFormat format : {OutputFormat::Json, OutputFormat::Html})
      (void)writeAIEReport(*module, "fuzz.mlir", format, llvm::nulls());
  return 0;
}

static const aircheck::fuzz::Dictionary kAIE = {
    {"aie.device", "aie.tile", "aie.buffer", "aie.lock", "aie.use_lock",
     "aie.core", "aie.mem", "aie.memtile_dma", "aie.shim_dma", "aie.dma_start",
     "aie.dma_bd", "aie.next_bd", "aie.end", "aie.flow",
     "aie.shim_dma_allocation", "aie.runtime_sequence",
     "aiex.dma_configure_task_for", "aiex.dma_configure_task",
     "aiex.dma_start_task", "aiex.dma_await_task", "aiex.dma_free_task",
     "aiex.npu.dma_memcpy_nd", "aiex.npu.dma_wait", "aiex.runtime_sequence",
     "aie.logical_tile", "aie.dma", "aie.cascade_flow", "aiex.npu.write32",
     "aiex.npu.push_queue", "aiex.configure", "aiex.run",
     "#aie.packet_info<pkt_type = 0, pkt_id = 1>", "packet", "len", "?",
     "CoreTile", "[", "]", "scf.for", "scf.yield",
     "memref.load", "memref.store", "arith.constant"},
    {"S2MM", "MM2S", "DMA", "Core", "North", "South", "East", "West",
     "AcquireGreaterEqual", "Acquire", "Release", "npu1_4col", "npu1_1col",
     "xcvc1902", "npu2", "^bb1", "^bb2", "%tile_0_2", "%lock_0_2", "%buf0",
     "{", "}", "(", ")", ",", ":", "0", "1", "2", "4", "-1", "64",
     "memref<64xi32, 2 : i32>", "memref<16x16xf32, 2 : i32>", "repeat_count",
     "bd_id", "init", "sym_name"}};

extern "C" size_t LLVMFuzzerCustomMutator(uint8_t *data, size_t size,
                                          size_t maxSize, unsigned seed) {
  return aircheck::fuzz::mutate(kAIE, data, size, maxSize, seed);
}

extern "C" size_t LLVMFuzzerCustomCrossOver(const uint8_t *data1, size_t size1,
                                            const uint8_t *data2, size_t size2,
                                            uint8_t *out, size_t maxOutSize,
                                            unsigned seed) {
  return aircheck::fuzz::crossOver(data1, size1, data2, size2, out, maxOutSize,
                                   seed);
}
