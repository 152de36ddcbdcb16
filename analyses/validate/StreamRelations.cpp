//===- StreamRelations.cpp - a design's streams as isl relations ----------===//
#include "analyses/validate/StreamRelations.h"

#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/STLExtras.h"

#include <optional>
#include <set>
#include <sstream>

using namespace mlir;
using namespace aircheck;
using namespace aircheck::validate;
using namespace aircheck::aiecheck;

namespace {

/// A stream as pieces of isl text over `S[p]` and its length.
struct Stream {
  std::string relation; // "S[p] -> A[g, t] : ..." pieces joined by ';'
  int64_t length = 0;
  std::string notCovered; // why the stream is not modelled
};

std::string join(const std::vector<std::string> &parts, const char *sep) {
  std::string out;
  for (size_t i = 0; i < parts.size(); ++i)
    out += (i ? sep : "") + parts[i];
  return out;
}

/// "c0 * v0 + c1 * v1 + ..." (0 when empty).
std::string linear(const std::vector<std::pair<int64_t, std::string>> &terms) {
  std::vector<std::string> parts;
  for (auto &[c, v] : terms)
    parts.push_back(std::to_string(c) + " * " + v);
  return parts.empty() ? "0" : join(parts, " + ");
}

/// The runtime sequence of `device` (one at most), or null.
Operation *runtimeSequence(aie::DeviceOp device, std::string &why) {
  Operation *found = nullptr;
  for (Operation &op : device.getBodyBlock())
    if (isa<aie::RuntimeSequenceOp, aiex::RuntimeSequenceOp>(op)) {
      if (found) {
        why = "a device with two runtime sequences";
        return nullptr;
      }
      found = &op;
    }
  return found;
}

/// Per shim MM2S channel (column, channel), its stream from the runtime
/// sequence's tasks.
std::map<std::pair<int64_t, int64_t>, Stream>
shimStreams(aie::DeviceOp device, std::string &why) {
  std::map<std::pair<int64_t, int64_t>, Stream> out;
  Operation *seq = runtimeSequence(device, why);
  if (!seq) {
    if (why.empty())
      why = "a design without a runtime sequence";
    return out;
  }
  Block &body = seq->getRegion(0).front();
  // Arguments some task writes: what a later task reads of them is what
  // was written (not covered), not the host's elements.
  llvm::DenseSet<Value> written;
  for (Operation &op : body)
    if (auto task = dyn_cast<aiex::NpuDmaMemcpyNdOp>(op)) {
      aie::ShimDMAAllocationOp alloc =
          allocationNamed(device, task.getMetadata());
      if (!alloc || alloc.getChannelDir() != aie::DMAChannelDir::MM2S)
        written.insert(task.getMemref());
    }
  for (Operation &op : body) {
    if (isa<aiex::NpuDmaWaitOp, aiex::NpuSyncOp>(op))
      continue;
    auto task = dyn_cast<aiex::NpuDmaMemcpyNdOp>(op);
    if (!task) {
      why = "the runtime sequence holds '" + op.getName().getStringRef().str() +
            "', which the stream relations do not read";
      out.clear();
      return out;
    }
    aie::ShimDMAAllocationOp alloc =
        allocationNamed(device, task.getMetadata());
    if (!alloc || alloc.getChannelDir() != aie::DMAChannelDir::MM2S)
      continue; // results: not part of the fills
    std::optional<int64_t> col;
    if (alloc.getTile()) {
      if (auto t = aie::getTileOf(alloc.getTile()))
        col = coordOf(t).first;
    } else if (alloc.getCol()) {
      col = *alloc.getCol();
    }
    if (!col)
      continue;
    Stream &s = out[{*col, (int64_t)alloc.getChannelIndex()}];
    if (!s.notCovered.empty())
      continue;
    auto arg = dyn_cast<BlockArgument>(task.getMemref());
    if (!arg || arg.getOwner() != &body) {
      s.notCovered = "a runtime task on a memref that is not an argument of "
                     "the runtime sequence";
      continue;
    }
    if (written.count(arg)) {
      s.notCovered = "a runtime task reads an argument a task writes";
      continue;
    }
    if (task.getPacket() || alloc.getPktId() || alloc.getPktType()) {
      s.notCovered = "a runtime task whose words carry a packet header";
      continue;
    }
    if (!task.getOffsets().empty() || !task.getSizes().empty() ||
        !task.getStrides().empty()) {
      s.notCovered = "a runtime task with runtime values in its pattern";
      continue;
    }
    ArrayRef<int64_t> off = task.getStaticOffsets(),
                      size = task.getStaticSizes(),
                      stride = task.getStaticStrides();
    if (off.size() != 4 || size.size() != 4 || stride.size() != 4) {
      s.notCovered = "a runtime task without four offsets, sizes, strides";
      continue;
    }
    int64_t st[4] = {stride[0], stride[1], stride[2],
                     stride[3] == 0 ? 1 : stride[3]};
    int64_t base = off[3];
    for (int k = 0; k < 3; ++k)
      base += off[k] * st[k];
    int64_t count = 1;
    for (int64_t sz : size)
      count *= sz;
    if (count <= 0)
      continue;
    // Position within the task: ((i0 * s1 + i1) * s2 + i2) * s3 + i3.
    std::vector<std::pair<int64_t, std::string>> pos, elem;
    int64_t weight = 1;
    for (int k = 3; k >= 0; --k) {
      pos.push_back({weight, "i" + std::to_string(k)});
      elem.push_back({st[k], "i" + std::to_string(k)});
      weight *= size[k];
    }
    std::ostringstream piece;
    piece << "S[p] -> A[" << arg.getArgNumber() << ", t] : exists (i0, i1, "
          << "i2, i3 : ";
    for (int k = 0; k < 4; ++k)
      piece << "0 <= i" << k << " < " << size[k] << " and ";
    piece << "p = " << s.length << " + " << linear(pos) << " and t = " << base
          << " + " << linear(elem) << ")";
    s.relation += (s.relation.empty() ? "" : "; ") + piece.str();
    s.length += count;
  }
  return out;
}

/// The buffer a BD writes, when it names an aie.buffer directly.
aie::BufferOp bdBuffer(aie::DMABDOp bd) {
  return bd.getBuffer().getDefiningOp<aie::BufferOp>();
}

/// The pattern of `bd` as ("q", "a") constraints over its dims j0, j1, ...:
/// position q within the BD and element a of its buffer; its length.
struct BDPattern {
  std::vector<std::string> dims;
  std::string bounds, q, a;
  int64_t length = 0;
};

std::optional<BDPattern> patternOf(aie::DMABDOp bd, std::string &why) {
  auto type = dyn_cast<MemRefType>(bd.getBuffer().getType());
  if (!type || !type.hasStaticShape()) {
    why = "a BD on a buffer without a static shape";
    return std::nullopt;
  }
  if (bd.getPacket() || bd.getPadBefore() || bd.getPadAfter()) {
    why = "a padded BD or one with a packet header";
    return std::nullopt;
  }
  BDPattern p;
  int64_t offset = bd.getOffsetOrDefault();
  int64_t len = bd.getLen() ? int64_t(*bd.getLen())
                            : type.getNumElements() - offset;
  auto sizes = bd.getSizes(), strides = bd.getStrides();
  std::vector<int64_t> sz, st;
  if (!sizes || sizes->empty()) {
    sz = {len};
    st = {1};
  } else {
    if (!strides || strides->size() != sizes->size()) {
      why = "a BD whose sizes and strides differ in number";
      return std::nullopt;
    }
    sz.assign(sizes->begin(), sizes->end());
    st.assign(strides->begin(), strides->end());
  }
  int64_t count = 1;
  for (int64_t s : sz)
    count *= s;
  if (count != len) {
    why = "a BD whose sizes do not move its len";
    return std::nullopt;
  }
  std::vector<std::pair<int64_t, std::string>> q, a;
  std::vector<std::string> bounds;
  int64_t weight = 1;
  for (size_t k = sz.size(); k-- > 0;) {
    std::string j = "j" + std::to_string(k);
    p.dims.push_back(j);
    bounds.push_back("0 <= " + j + " < " + std::to_string(sz[k]));
    q.push_back({weight, j});
    a.push_back({st[k], j});
    weight *= sz[k];
  }
  p.bounds = join(bounds, " and ");
  p.q = linear(q);
  p.a = std::to_string(offset) + " + " + linear(a);
  p.length = len;
  return p;
}

} // namespace

StreamRelations aircheck::validate::deriveStreamRelations(Device &d,
                                                          isl::ctx ctx) {
  StreamRelations out;
  aie::DeviceOp device = d.op;

  // Every BD that writes each buffer (an S2MM BD), by the chain it is in.
  std::map<Operation *, std::vector<std::pair<Operation *, size_t>>> writers;
  std::vector<std::pair<Coord, BDChain>> chains;
  bool regionForm = false, viewedWrite = false;
  for (Operation *program : dmaPrograms(device)) {
    std::optional<Coord> tile = tileOfOp(program);
    program->walk([&](aie::DMAOp) { regionForm = true; });
    if (!tile)
      continue;
    for (BDChain &chain : chainsOf(program))
      chains.push_back({*tile, std::move(chain)});
  }
  for (size_t c = 0; c < chains.size(); ++c) {
    BDChain &chain = chains[c].second;
    if (chain.start.getChannelDir() != aie::DMAChannelDir::S2MM)
      continue;
    for (aie::DMABDOp bd : chain.bds) {
      if (aie::BufferOp b = bdBuffer(bd))
        writers[b].push_back({bd, c});
      else
        viewedWrite = true;
    }
  }
  // Cores that take cascade words write their buffers too (fills).
  std::set<Coord> cascadeTiles;
  device.walk([&](aie::GetCascadeOp g) {
    if (auto core = g->getParentOfType<aie::CoreOp>())
      if (auto t = tileOfOp(core))
        cascadeTiles.insert(*t);
  });

  // DMA channels packet flows end at (their words interleave by packet).
  std::set<std::pair<Coord, int64_t>> packetDests;
  device.walk([&](aie::PacketDestOp dest) {
    if (dest.getBundle() != aie::WireBundle::DMA)
      return;
    if (auto t = aie::getTileOf(dest.getTile()))
      packetDests.insert({coordOf(t), (int64_t)dest.getChannel()});
  });

  std::string seqWhy;
  auto streams = shimStreams(device, seqWhy);

  for (auto &[bufferOp, bds] : writers) {
    auto buffer = cast<aie::BufferOp>(bufferOp);
    std::optional<Coord> tile = tileOfOp(buffer);
    if (!tile || d.kindOf(*tile) != TileKind::Compute)
      continue;
    auto refuse = [&](std::string why) { out.notCovered[buffer] = why; };
    if (regionForm) {
      refuse("a design with aie.dma BD regions");
      continue;
    }
    if (viewedWrite) {
      refuse("a design with an S2MM BD on a view of a buffer");
      continue;
    }
    if (cascadeTiles.count(*tile)) {
      refuse("a buffer of a core that takes cascade words");
      continue;
    }
    size_t c = bds.front().second;
    if (llvm::any_of(bds, [&](auto &w) { return w.second != c; })) {
      refuse("a buffer several S2MM channels write");
      continue;
    }
    BDChain &chain = chains[c].second;
    Coord chainTile = chains[c].first;
    if (chain.start.getRepeatCount() && *chain.start.getRepeatCount() != 0) {
      refuse("a chain with a repeat count");
      continue;
    }
    if (packetDests.count({chainTile, chain.start.getChannelIndex()})) {
      refuse("a channel a packet flow feeds");
      continue;
    }
    aie::FlowOp flow = flowInto(device, chainTile, chain.start.getChannelIndex());
    if (!flow) {
      refuse("a channel no circuit flow feeds");
      continue;
    }
    aie::TileOp src = aie::getTileOf(flow.getSource());
    if (!src || flow.getSourceBundle() != aie::WireBundle::DMA ||
        d.kindOf(coordOf(src)) != TileKind::ShimNoc) {
      refuse("a channel fed from another tile than a shim tile's DMA");
      continue;
    }
    if (!seqWhy.empty()) {
      refuse(seqWhy);
      continue;
    }
    auto sit = streams.find({coordOf(src).first, flow.getSourceChannel()});
    if (sit == streams.end()) {
      refuse("a shim channel no runtime task drives");
      continue;
    }
    const Stream &stream = sit->second;
    if (!stream.notCovered.empty()) {
      refuse(stream.notCovered);
      continue;
    }
    if (stream.length == 0) {
      refuse("a shim channel whose tasks move nothing");
      continue;
    }
    // The chain's BDs: their patterns, where each starts in one pass of
    // the chain, and where each of this buffer's starts in its log.
    std::vector<BDPattern> patterns;
    std::string why;
    int64_t pass = 0, logPass = 0;
    std::vector<int64_t> starts, logStarts;
    for (aie::DMABDOp bd : chain.bds) {
      std::optional<BDPattern> p = patternOf(bd, why);
      if (!p)
        break;
      starts.push_back(pass);
      logStarts.push_back(logPass);
      pass += p->length;
      if (bdBuffer(bd) == buffer)
        logPass += p->length;
      patterns.push_back(std::move(*p));
    }
    if (!why.empty()) {
      refuse(why);
      continue;
    }
    if (pass <= 0) {
      refuse("a chain that moves nothing");
      continue;
    }
    std::vector<std::string> pieces;
    for (size_t i = 0; i < chain.bds.size(); ++i) {
      if (bdBuffer(chain.bds[i]) != buffer)
        continue;
      const BDPattern &p = patterns[i];
      std::ostringstream piece;
      piece << "S[p] -> X[e, a] : exists (u";
      for (const std::string &j : p.dims)
        piece << ", " << j;
      piece << " : u >= 0 and " << (chain.loops ? "" : "u = 0 and ")
            << p.bounds << " and p = " << pass << " * u + " << starts[i]
            << " + " << p.q << " and e = " << logPass << " * u + "
            << logStarts[i] << " + " << p.q << " and a = " << p.a << " and "
            << pass << " * u + " << starts[i] + p.length
            << " <= " << stream.length << ")";
      pieces.push_back(piece.str());
    }
    isl::map writes(ctx, "{ " + join(pieces, "; ") + " }");
    isl::map source(ctx, "{ " + stream.relation + " }");
    out.fills[buffer] = writes.reverse().apply_range(source);
  }
  return out;
}
