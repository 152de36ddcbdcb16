//===- DeviceModel.cpp - device data files ---------------------------------===//
#include "analyses/DeviceModel.h"

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/JSON.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"

#include <algorithm>
#include <cstdlib>

using namespace aircheck;
namespace json = llvm::json;

#ifndef AIRCHECK_DEVICE_DIR
#define AIRCHECK_DEVICE_DIR "analyses/devices"
#endif

std::string aircheck::installedDeviceDirectory() {
  // The address of any function in this binary lets getMainExecutable find
  // it where /proc/self/exe is missing.
  static int anchor;
  std::string exe = llvm::sys::fs::getMainExecutable("", &anchor);
  if (exe.empty())
    return "";
  llvm::SmallString<256> dir(llvm::sys::path::parent_path(exe));
  llvm::sys::path::append(dir, "..", "share", "air-check", "devices");
  llvm::sys::path::remove_dots(dir, /*remove_dot_dot=*/true);
  return std::string(dir);
}

std::string aircheck::deviceDirectory() {
  if (const char *env = std::getenv("AIRCHECK_DEVICES"))
    return env;
  std::string installed = installedDeviceDirectory();
  if (!installed.empty() && llvm::sys::fs::is_directory(installed))
    return installed;
  return AIRCHECK_DEVICE_DIR;
}

std::vector<std::string> aircheck::listDevices(const std::string &dir) {
  std::vector<std::string> names;
  std::error_code ec;
  for (llvm::sys::fs::directory_iterator it(dir, ec), end; it != end && !ec;
       it.increment(ec)) {
    llvm::StringRef path = it->path();
    if (path.ends_with(".json"))
      names.push_back(llvm::sys::path::stem(path).str());
  }
  std::sort(names.begin(), names.end());
  return names;
}

int DeviceModel::memtileBdBank(int64_t channel) const {
  for (auto [k, bank] : llvm::enumerate(memtileBdRanges))
    if (llvm::is_contained(bank.first, channel))
      return (int)k;
  return -1;
}

std::vector<int64_t> DeviceModel::computeRows() const {
  std::vector<int64_t> out;
  for (size_t r = 0; r < rowKinds.size(); ++r)
    if (rowKinds[r] == "compute")
      out.push_back(r);
  return out;
}

/// Reads the integer at a dotted path under "values"; 0 when absent or not
/// a number (an "unknown" value in the file).
static int64_t num(const json::Object *values, llvm::StringRef path) {
  const json::Object *o = values;
  llvm::SmallVector<llvm::StringRef> parts;
  path.split(parts, '.');
  for (size_t i = 0; o && i + 1 < parts.size(); ++i)
    o = o->getObject(parts[i]);
  if (!o)
    return 0;
  return o->getInteger(parts.back()).value_or(0);
}

llvm::Expected<DeviceModel> aircheck::loadDevice(const std::string &name,
                                                 const std::string &dir) {
  llvm::SmallString<256> path(dir);
  llvm::sys::path::append(path, name + ".json");
  auto buf = llvm::MemoryBuffer::getFile(path);
  if (!buf) {
    std::string known;
    for (const std::string &n : listDevices(dir))
      known += (known.empty() ? "" : ", ") + n;
    if (known.empty())
      known = "none found in " + dir;
    return llvm::createStringError(buf.getError(), "unknown device '%s' (known: %s)",
                                   name.c_str(), known.c_str());
  }
  auto doc = json::parse((*buf)->getBuffer());
  if (!doc)
    return llvm::createStringError(llvm::inconvertibleErrorCode(),
                                   "device file %s: %s", path.c_str(),
                                   llvm::toString(doc.takeError()).c_str());
  const json::Object *root = doc->getAsObject();
  const json::Object *v = root ? root->getObject("values") : nullptr;
  if (!v)
    return llvm::createStringError(llvm::inconvertibleErrorCode(),
                                   "device file %s has no \"values\"",
                                   path.c_str());
  DeviceModel d;
  d.name = name;
  d.kind = root->getString("kind").value_or("").str();
  d.description = root->getString("description").value_or("").str();
  d.arch = v->getString("arch").value_or("").str();
  if (d.isAIE()) {
    d.columns = num(v, "columns");
    d.rows = num(v, "rows");
    if (const json::Array *kinds = v->getArray("row_kinds"))
      for (const json::Value &k : *kinds)
        d.rowKinds.push_back(k.getAsString().value_or("").str());
    d.computeTiles = num(v, "compute_tile_count");
    d.memtiles = num(v, "memtile_count");
    d.l1Bytes = num(v, "compute_tile.data_memory_bytes");
    d.stackBytes = num(v, "compute_tile.stack_reservation_bytes_default");
    d.l1BufferBytes = num(v, "compute_tile.buffer_bytes_available_with_default_stack");
    d.computeDmaS2MM = num(v, "compute_tile.dma_channels.S2MM");
    d.computeDmaMM2S = num(v, "compute_tile.dma_channels.MM2S");
    d.computeBDs = num(v, "compute_tile.buffer_descriptors");
    d.computeLocks = num(v, "compute_tile.locks");
    d.memtileBytes = num(v, "memtile.bytes");
    d.memtileDmaS2MM = num(v, "memtile.dma_channels.S2MM");
    d.memtileDmaMM2S = num(v, "memtile.dma_channels.MM2S");
    d.memtileBDs = num(v, "memtile.buffer_descriptors");
    d.memtileLocks = num(v, "memtile.locks");
    if (const json::Object *shim = v->getObject("shim"))
      if (const json::Array *cols = shim->getArray("noc_columns"))
        for (const json::Value &c : *cols)
          d.shimDmaColumns.push_back(c.getAsInteger().value_or(-1));
    d.shimDmaS2MM = num(v, "shim.dma_channels_per_noc_column.S2MM");
    d.shimDmaMM2S = num(v, "shim.dma_channels_per_noc_column.MM2S");
    d.computeLockMax = num(v, "compute_tile.lock_max_value");
    d.memtileLockMax = num(v, "memtile.lock_max_value");
    d.shimLocks = num(v, "shim.locks");
    d.shimLockMax = num(v, "shim.lock_max_value");
    d.shimBDs = num(v, "shim.buffer_descriptors");
    d.computeBdDims = num(v, "compute_tile.bd_max_dimensions");
    d.memtileBdDims = num(v, "memtile.bd_max_dimensions");
    d.shimBdDims = num(v, "shim.bd_max_dimensions");
    d.coreStreamIn = num(v, "compute_tile.core_stream_ports.in");
    d.coreStreamOut = num(v, "compute_tile.core_stream_ports.out");
    d.dmaTaskQueueDepth = num(v, "dma_task_queue_depth");
    d.streamBufferWords = std::max<int64_t>(0, num(v, "stream_buffer_words"));
    auto ints = [](const json::Array *a) {
      std::vector<int64_t> out;
      if (a)
        for (const json::Value &x : *a)
          out.push_back(x.getAsInteger().value_or(-1));
      return out;
    };
    if (const json::Object *mt = v->getObject("memtile")) {
      if (const json::Array *ranges = mt->getArray("bd_channel_access"))
        for (const json::Value &r : *ranges)
          if (const json::Object *o = r.getAsObject()) {
            std::vector<int64_t> ids = ints(o->getArray("bd_ids"));
            if (ids.size() == 2)
              d.memtileBdRanges.push_back(
                  {ints(o->getArray("channels")), {ids[0], ids[1]}});
          }
      if (const json::Object *n = mt->getObject("neighbour_access"))
        d.memtileNeighbourChannels = ints(n->getArray("channels_mlir_aie"));
    }
    if (const json::Object *pinned = v->getObject("current_mlir_aie_variant")) {
      d.pinnedColumns = pinned->getInteger("columns").value_or(0);
      d.pinnedShimDmaColumns = ints(pinned->getArray("shim_noc_columns"));
    }
  } else if (d.isGPU()) {
    d.xcds = num(v, "xcds");
    d.cusPerXcd = num(v, "cus_per_xcd_enabled");
    d.ldsBytesPerCu = num(v, "lds_bytes_per_cu");
    d.maxWavesPerCu = num(v, "max_waves_per_cu");
    d.maxWorkgroupThreads = num(v, "max_workgroup_threads");
    d.llvmTarget = v->getString("llvm_target").value_or("").str();
    d.maxScratchBytesPerLane = num(v, "private_memory.max_scratch_bytes_per_lane");
    d.maxGridWorkItems = num(v, "max_grid_work_items_per_dimension");
  } else {
    return llvm::createStringError(llvm::inconvertibleErrorCode(),
                                   "device file %s: kind must be \"aie\" or \"gpu\"",
                                   path.c_str());
  }
  return d;
}
