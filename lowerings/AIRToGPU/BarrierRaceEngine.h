//===- BarrierRaceEngine.h - barrier-separated accesses, in isl --*- C++ -*-===//
//
// The engine of the GPU after-check, free of MLIR so it can be tested
// alone. A kernel is a list of statements, each a read, a write or a
// barrier, over the dims
//
//     t0, t1, t2          the thread (0 <= ti < block[i])
//     k0, ..., k(d-1)     counters of the loops around it (outermost first)
//
// and parameters (values uniform across the block: block ids, kernel
// arguments). Every expression is isl syntax over those names. The
// schedule of a statement is its place in one thread's program order, a
// vector [p0, c0, p1, c1, ..., pd] of positions in each block and loop
// counters (or branch numbers), compared lexicographically after padding
// with zeros.
//
// Barriers are uniform (every thread of the block executes the same
// instances; the front end refuses a barrier under thread-dependent control
// flow), so the n-th barrier of one thread meets the n-th of every other.
// An access X of thread t and an access Y of thread u != t to the same
// element of one buffer, at least one a write, are separated iff some
// barrier instance lies strictly between their schedules, one way or the
// other. Everything else is a race.
//
//===----------------------------------------------------------------------===//
#ifndef AIRCHECK_LOWERINGS_AIRTOGPU_BARRIERRACEENGINE_H
#define AIRCHECK_LOWERINGS_AIRTOGPU_BARRIERRACEENGINE_H

#include <array>
#include <cstdint>
#include <string>
#include <vector>

namespace aircheck {

struct RaceStatement {
  enum class Kind { Read, Write, Barrier } kind = Kind::Read;
  /// The workgroup buffer (empty for a barrier).
  std::string buffer;
  /// Number of enclosing loop counters, named k0..k(depth-1).
  unsigned depth = 0;
  /// Constraints on t0..t2, k0.., the parameters; "" = none. For an access
  /// it may over-approximate (more instances only find more pairs); for a
  /// barrier it must be exact.
  std::string domain;
  /// The schedule, as above.
  std::vector<std::string> schedule;
  /// The element accessed, one expression per buffer dimension; an empty
  /// string is an index the front end could not model (any element).
  std::vector<std::string> index;
};

struct RaceProgram {
  std::array<int64_t, 3> block = {1, 1, 1};
  std::vector<std::string> params;
  std::vector<RaceStatement> statements;
};

struct RaceResult {
  enum class Verdict { NoRace, Race, Unknown } verdict = Verdict::NoRace;
  /// A race: the two statements (indices into `statements`) and a witness
  /// (the two threads and loop counters, as text).
  size_t first = 0, second = 0;
  std::string witness;
  /// Unknown: why (an isl error or its operation budget).
  std::string why;
};

/// Checks every pair of accesses to one buffer, at least one a write.
/// `maxOperations` bounds isl (0: IslContext's default).
RaceResult checkBarrierRaces(const RaceProgram &program,
                             unsigned long maxOperations = 0);

} // namespace aircheck

#endif
