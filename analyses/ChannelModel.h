//===- ChannelModel.h - channels, their accesses, their balance -*- C++ -*-===//
//
// For every declared channel: each put and get with, per box of its
// instances, the set of channel indices it addresses (in the destination
// space of a broadcast) and how many instances address each of them; the
// elements each transfer moves. From those, the balance of counts and of
// volumes per channel index, as a partition of the index space into regions
// on which both sides are quasi-polynomials over the parameters.
//
// Built once per module as an MLIR analysis and shared by the checkers.
//
//===----------------------------------------------------------------------===//
#ifndef AIRCHECK_ANALYSES_CHANNELMODEL_H
#define AIRCHECK_ANALYSES_CHANNELMODEL_H

#include "analyses/PolyhedralModel.h"
#include "dialects/AIR/AIRDialect.h"

#include "mlir/Pass/AnalysisManager.h"

#include <map>
#include <tuple>

namespace aircheck {

struct ChannelAccess {
  mlir::Operation *op = nullptr;
  bool isPut = false;
  /// The put or get, read through the one interface both implement.
  air::ChannelOpInterface transfer() const {
    return mlir::cast<air::ChannelOpInterface>(op);
  }
  const Instances *instances = nullptr;
  /// Per box: the channel indices addressed and the instances per index.
  struct Part {
    isl::set indices;
    std::vector<isl::pw_aff> perIndex; // factors of the count
  };
  std::vector<Part> parts;
  /// The same with the ids of the enclosing launch leading the index, so
  /// that puts and gets are compared per launch instance (empty outside a
  /// launch with an iteration space).
  std::vector<Part> launchParts;
  /// Elements moved by one transfer, as factors; empty when unknown.
  std::vector<isl::pw_aff> elements;
  std::optional<Unknown> unknown;       // counts not exact
  std::optional<Unknown> volumeUnknown; // element count not exact
  /// Dims the channel index depends on. A get on a broadcast channel
  /// addresses index 0 in every dimension where broadcast_shape is 1
  /// (whatever it writes there matches every destination), so what it
  /// writes there counts for neither indexDims nor indexMap.
  std::vector<bool> indexDims;
  /// Instances -> channel index (in the space the op addresses).
  std::optional<isl::map> indexMap; // optional: a null isl object cannot be copied
  /// In the else-branch of an scf.if whose branches carry the same traffic:
  /// the then-branch stands for both, so this access is not counted again.
  bool representedByOtherBranch = false;
};

/// An scf.if with a non-affine condition whose branches put or get
/// differently on a channel: balance cannot hold on both paths.
struct BranchMismatch {
  mlir::Operation *ifOp;
  std::string channel;
  std::vector<mlir::Operation *> thenOps, elseOps;
};

/// One region of the index space on which both sides are one polynomial.
struct BalanceRegion {
  isl::set indices;
  PwQPoly puts, gets;
  std::vector<mlir::Operation *> putOps, getOps;
};

/// The verdict on one region: balanced, a counterexample, or unknown.
struct RegionVerdict {
  enum class Kind { Balanced, Unbalanced, Unknown } kind = Kind::Balanced;
  /// At a sample point: the parameter values, the channel index, both sides.
  std::string paramValues, index;
  long putValue = 0, getValue = 0;
  /// The sample as a one-point set (parameters and index).
  std::optional<isl::set> sample;
  std::string why; // for Unknown
};

struct ChannelInfo {
  mutable air::ChannelOp decl;
  llvm::SmallVector<int64_t> shape, broadcastShape;
  std::vector<ChannelAccess> puts, gets;
  /// Rank of the index space gets address (the broadcast shape's if any).
  unsigned rank() const {
    return broadcastShape.empty() ? shape.size() : broadcastShape.size();
  }
  bool isBroadcast() const { return !broadcastShape.empty(); }
  /// The first access whose counts are not exact, if any.
  const ChannelAccess *firstUnknown() const;
  const ChannelAccess *firstVolumeUnknown() const;
};

class ChannelModel {
public:
  ChannelModel(mlir::Operation *module, mlir::AnalysisManager &am);

  std::vector<ChannelInfo> &channels() { return infos; }
  llvm::ArrayRef<BranchMismatch> branchMismatches() const { return mismatches; }
  PolyhedralModel &poly() { return *polyModel; }

  /// Partition of the index space of `c` with put and get counts (or, with
  /// `volume`, elements) on each region; computed once per channel and kind
  /// and shared by the checks. Throws isl::exception on failure.
  const std::vector<BalanceRegion> &balance(const ChannelInfo &c, bool volume,
                                            bool perLaunch = false);
  /// Decides one region.
  RegionVerdict decide(const BalanceRegion &r);
  /// Puts and gets of `regions` at a one-point set (std::nullopt when no
  /// region holds it, or a value is not an integer).
  std::optional<std::pair<long, long>> valuesAt(const std::vector<BalanceRegion> &regions,
                                                isl::set sample);

  /// "[0, 1]" for the set of all indices of a channel of this rank.
  isl::set indexUniverse(const ChannelInfo &c);

private:
  void buildAccess(ChannelInfo &info, ChannelAccess &acc);
  /// Per box of `in`: the indices `f` reaches (through the broadcast `lift`,
  /// "[src] -> [dst] : c", with `liftPrefix` dims carried through) and the
  /// instances per index, counting the dims not in `keep`.
  std::vector<ChannelAccess::Part>
  computeParts(ChannelAccess &acc, const Instances &in, isl::map f,
               const std::vector<bool> &keep, const std::string &lift,
               const std::string &liftPrefix);
  /// Compares the branches of scf.if ops whose condition is not affine.
  void compareOpaqueBranches();

  PolyhedralModel *polyModel;
  std::vector<ChannelInfo> infos;
  std::vector<BranchMismatch> mismatches;
  std::map<std::tuple<mlir::Operation *, bool, bool>, std::vector<BalanceRegion>>
      balances;
  std::vector<BalanceRegion> computeBalance(const ChannelInfo &c, bool volume,
                                            bool perLaunch);
};

} // namespace aircheck

#endif
