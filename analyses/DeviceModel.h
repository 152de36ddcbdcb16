//===- DeviceModel.h - the devices resources are checked against -*- C++ -*-===//
//
// Loads the device data files of analyses/devices (one JSON file a device,
// every value with its public source; see the README there) into the few
// numbers the resource analysis compares against.
//
//===----------------------------------------------------------------------===//
#ifndef AIRCHECK_ANALYSES_DEVICEMODEL_H
#define AIRCHECK_ANALYSES_DEVICEMODEL_H

#include "llvm/Support/Error.h"

#include <optional>
#include <string>
#include <vector>

namespace aircheck {

struct DeviceModel {
  std::string name, kind, description, arch;

  // AIE arrays.
  int64_t columns = 0, rows = 0;
  std::vector<std::string> rowKinds; // "shim", "memtile", "compute"
  int64_t computeTiles = 0, memtiles = 0;
  /// L1 bytes a compute tile has for buffers (data memory less the stack).
  int64_t l1BufferBytes = 0, l1Bytes = 0, stackBytes = 0;
  int64_t memtileBytes = 0;
  int64_t computeDmaS2MM = 0, computeDmaMM2S = 0, computeBDs = 0, computeLocks = 0;
  int64_t memtileDmaS2MM = 0, memtileDmaMM2S = 0, memtileBDs = 0, memtileLocks = 0;
  std::vector<int64_t> shimDmaColumns;
  int64_t shimDmaS2MM = 0, shimDmaMM2S = 0;

  // The per-tile figures the aie-level checks read (0 = unknown).
  int64_t computeLockMax = 0, memtileLockMax = 0, shimLocks = 0, shimLockMax = 0;
  int64_t shimBDs = 0;
  int64_t computeBdDims = 0, memtileBdDims = 0, shimBdDims = 0;
  int64_t coreStreamIn = 0, coreStreamOut = 0;
  /// Tasks a DMA channel's task queue holds (0 = unknown).
  int64_t dmaTaskQueueDepth = 0;
  /// The most words a stream from a task queue (a shim MM2S channel) holds
  /// in front of the receiving BD (`stream_buffer_words`, measured); 0:
  /// not known, only the least buffering (a rendezvous) is modelled.
  int64_t streamBufferWords = 0;
  /// Memory-tile channels whose BDs are restricted to an id range (the
  /// parity split): channel -> [first, last] BD id.
  std::vector<std::pair<std::vector<int64_t>, std::pair<int64_t, int64_t>>>
      memtileBdRanges;
  /// Memory-tile DMA channels that may reach the east/west neighbour
  /// memory tiles' buffers and locks.
  std::vector<int64_t> memtileNeighbourChannels;
  /// Set when `current_mlir_aie_variant` gives the pinned mlir-aie's
  /// geometry (npu1: 4 columns, every column with a shim DMA); the aie
  /// checks use it, since they read that version's programs.
  int64_t pinnedColumns = 0;
  std::vector<int64_t> pinnedShimDmaColumns;

  // GPUs.
  int64_t xcds = 0, cusPerXcd = 0, ldsBytesPerCu = 0, maxWavesPerCu = 0;
  int64_t maxWorkgroupThreads = 0;
  /// The LLVM processor name (e.g. "gfx942"); empty when the model has none.
  std::string llvmTarget;
  /// Private (scratch) bytes one thread may use, and work-items per grid
  /// dimension (0 = unknown).
  int64_t maxScratchBytesPerLane = 0, maxGridWorkItems = 0;

  bool isAIE() const { return kind == "aie"; }
  bool isGPU() const { return kind == "gpu"; }
  /// Rows holding compute tiles, bottom to top.
  std::vector<int64_t> computeRows() const;
  /// The bank (an index into memtileBdRanges) whose BDs memory-tile
  /// channel `channel` reaches, or -1 where none restricts it.
  int memtileBdBank(int64_t channel) const;
};

/// The folder of device files: $AIRCHECK_DEVICES; else, for an installed
/// binary, <prefix>/share/air-check/devices next to <prefix>/bin (found from
/// the executable's own path, so it runs from any directory); else the one
/// in the source tree this binary was built from (the build tree's binary).
std::string deviceDirectory();

/// <dir of the executable>/../share/air-check/devices, whether or not it
/// exists; empty if the executable's path is unknown.
std::string installedDeviceDirectory();

/// Names of the devices in `dir`, sorted.
std::vector<std::string> listDevices(const std::string &dir);

llvm::Expected<DeviceModel> loadDevice(const std::string &name,
                                       const std::string &dir);

} // namespace aircheck

#endif
