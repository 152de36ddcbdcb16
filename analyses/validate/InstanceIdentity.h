//===- InstanceIdentity.h - which herd instance a core runs, from isl -*- C++ -*-===//
//
// The identification a symbolic verdict needs (docs/validate.md, "What
// remains"): which herd instance each core of a design runs, read from the
// two sides' functions and the code, not from the replays. A core's code
// names its herd and pairs its buffers with the herd's allocs (CoreCode.h:
// the memory operations agree op for op under one alloc -> buffer map);
// its instance is the one whose fills, alloc by alloc, are exactly its
// buffers' (RelationEquality's matchingInstances, intersected over its
// buffers: a GEMM's A buffer names a row of instances, its B buffer a
// column). What cores send (kind-2 tags) is renamed from the cores
// already named, so cores are named in rounds, producers first.
//
// Not named, with the reason: a core whose code is no single herd's body
// (shared tiles, herds whose code depends on their ids), a buffer either
// side does not cover, a buffer of the core's tile its code does not
// name, data several instances receive alike (the code comparison of
// SpecialisedCode.h would decide; not yet read here).
//
//===----------------------------------------------------------------------===//
#ifndef AIRCHECK_ANALYSES_VALIDATE_INSTANCEIDENTITY_H
#define AIRCHECK_ANALYSES_VALIDATE_INSTANCEIDENTITY_H

#include "analyses/validate/ProgramStreams.h"
#include "analyses/validate/StreamRelations.h"

#include "mlir/IR/BuiltinOps.h"

#include <map>
#include <set>
#include <string>
#include <vector>

namespace aircheck::validate {

struct InstanceIdentity {
  struct Named {
    mlir::Operation *herd = nullptr;
    std::vector<int64_t> key; // segment ids, then herd ids
    /// The core's buffers by the herd's allocs (its code's reading).
    std::map<mlir::Operation *, mlir::Operation *> bufferOf;
    /// Its tile's buffers a DMA fills that its code does not name.
    std::vector<mlir::Operation *> unnamed;
    /// Whether that instance is the only one that receives its data (else
    /// the one left once the cores named before took theirs).
    bool only = false;
    /// The memory operations of the herd body and of the core, paired in
    /// order (what the code comparison compares).
    std::vector<mlir::Operation *> herdOps, coreOps;
    /// Its buffers (of `bufferOf`) whose fills naming it compared with the
    /// instance's, and found equal (under the final renaming of core
    /// buffers: a buffer is compared once every core whose values it
    /// carries is named). The verdict need not compare them again.
    std::set<mlir::Operation *> proven;
    /// Whether it was named by choice: several instances left receive its
    /// data alike (a broadcast to a herd whose tiles send nothing back,
    /// say), and none is told apart by the other cores; the lexmin was
    /// taken. A verdict reached under such a naming holds where it finds
    /// the design equivalent (the naming is its witness); a difference
    /// found under it may be the naming's, not the design's.
    bool alike = false;
  };
  /// Per core (aie.core op) named.
  std::map<mlir::Operation *, Named> named;
  /// Per core not named: why.
  std::map<mlir::Operation *, std::string> notNamed;
  /// The reason of a core whose buffers no instance left receives alike.
  static constexpr const char *kNoInstance = "no instance receives its data";
  /// For such a core, where one is read: its first buffer whose fills no
  /// instance that fits its buffers before has, against the first of
  /// those instances (the entry, and what each side delivers there).
  std::map<mlir::Operation *, std::string> witnesses;
  /// Such cores whose data no instance receives at all (not only none that
  /// other cores left): a difference whatever the naming.
  std::set<mlir::Operation *> receivedByNone;
  /// Kind-2 tags: each design buffer's number (StreamRelations::computed)
  /// to its instance's in the program (ProgramStreams::computed).
  std::map<int64_t, int64_t> computedOf;
};

/// Names the herd instance of each core of `device` from `design`'s and
/// `program`'s functions (one isl context) and the code. isl errors (past
/// the budget) throw isl::exception.
InstanceIdentity identifyInstances(mlir::ModuleOp program,
                                   mlir::Operation *device,
                                   const ProgramStreams &programSide,
                                   const StreamRelations &design,
                                   const std::vector<int> &argumentOf);

} // namespace aircheck::validate

#endif
