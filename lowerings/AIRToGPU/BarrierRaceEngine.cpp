//===- BarrierRaceEngine.cpp - barrier-separated accesses, in isl ---------===//
#include "lowerings/AIRToGPU/BarrierRaceEngine.h"

#include "solvers/IslSupport.h"

#include <algorithm>
#include <optional>
#include <sstream>

using namespace aircheck;

namespace {
struct Builder {
  const RaceProgram &prog;
  isl::ctx ctx;
  size_t timeDims = 1;

  std::string paramPrefix() const {
    std::string s = "[";
    for (size_t i = 0; i < prog.params.size(); ++i)
      s += (i ? ", " : "") + prog.params[i];
    return s + "] -> ";
  }
  static std::string tupleName(size_t i) { return "S" + std::to_string(i); }
  static std::string dims(const RaceStatement &s) {
    std::string d = "t0, t1, t2";
    for (unsigned k = 0; k < s.depth; ++k)
      d += ", k" + std::to_string(k);
    return d;
  }
  std::string domainText(const RaceStatement &s) const {
    std::ostringstream os;
    os << "0 <= t0 < " << prog.block[0] << " and 0 <= t1 < " << prog.block[1]
       << " and 0 <= t2 < " << prog.block[2];
    for (unsigned k = 0; k < s.depth; ++k)
      os << " and k" << k << " >= 0";
    if (!s.domain.empty())
      os << " and (" << s.domain << ")";
    return os.str();
  }
  isl::set domain(size_t i) const {
    const RaceStatement &s = prog.statements[i];
    return isl::set(ctx, paramPrefix() + "{ " + tupleName(i) + "[" + dims(s) +
                             "] : " + domainText(s) + " }");
  }
  /// Statement instances -> time.
  isl::map schedule(size_t i) const {
    const RaceStatement &s = prog.statements[i];
    std::string t;
    for (size_t d = 0; d < timeDims; ++d)
      t += (d ? ", " : "") +
           (d < s.schedule.size() ? "(" + s.schedule[d] + ")" : std::string("0"));
    return isl::map(ctx, paramPrefix() + "{ " + tupleName(i) + "[" + dims(s) +
                             "] -> T[" + t + "] }")
        .intersect_domain(domain(i));
  }
  /// Statement instances -> the element of the buffer they touch.
  isl::map access(size_t i) const {
    const RaceStatement &s = prog.statements[i];
    std::string out, cons;
    for (size_t d = 0; d < s.index.size(); ++d) {
      out += (d ? ", " : "") + ("e" + std::to_string(d));
      if (!s.index[d].empty())
        cons += (cons.empty() ? "" : " and ") + ("e" + std::to_string(d)) +
                " = (" + s.index[d] + ")";
    }
    return isl::map(ctx, paramPrefix() + "{ " + tupleName(i) + "[" + dims(s) +
                             "] -> B_" + s.buffer + "[" + out + "]" +
                             (cons.empty() ? "" : " : " + cons) + " }")
        .intersect_domain(domain(i));
  }
  /// { T[a] -> T[b] : a <lex b }
  isl::map lexLess() const {
    std::string a, b, cond;
    for (size_t d = 0; d < timeDims; ++d) {
      a += (d ? ", " : "") + ("a" + std::to_string(d));
      b += (d ? ", " : "") + ("b" + std::to_string(d));
      std::string clause;
      for (size_t e = 0; e < d; ++e)
        clause += "a" + std::to_string(e) + " = b" + std::to_string(e) + " and ";
      clause += "a" + std::to_string(d) + " < b" + std::to_string(d);
      cond += (d ? " or (" : "(") + clause + ")";
    }
    return isl::map(ctx, "{ T[" + a + "] -> T[" + b + "] : " + cond + " }");
  }
  /// Pairs of instances of statements i and j run by different threads.
  isl::map otherThread(size_t i, size_t j) const {
    const RaceStatement &a = prog.statements[i], &b = prog.statements[j];
    std::string da = "t0, t1, t2", db = "u0, u1, u2";
    for (unsigned k = 0; k < a.depth; ++k)
      da += ", k" + std::to_string(k);
    for (unsigned k = 0; k < b.depth; ++k)
      db += ", m" + std::to_string(k);
    return isl::map(ctx, "{ " + tupleName(i) + "[" + da + "] -> " +
                             tupleName(j) + "[" + db +
                             "] : t0 != u0 or t1 != u1 or t2 != u2 }");
  }
};
} // namespace

RaceResult aircheck::checkBarrierRaces(const RaceProgram &prog,
                                       unsigned long maxOperations) {
  RaceResult result;
  IslContext islctx(maxOperations);
  Builder b{prog, islctx.get()};
  for (const RaceStatement &s : prog.statements)
    b.timeDims = std::max(b.timeDims, s.schedule.size());
  try {
    // Time points of barrier instances, and the pairs of time points with a
    // barrier strictly between them.
    isl::map lt = b.lexLess();
    std::optional<isl::set> barriers;
    for (size_t i = 0; i < prog.statements.size(); ++i)
      if (prog.statements[i].kind == RaceStatement::Kind::Barrier) {
        isl::set times = b.domain(i).apply(b.schedule(i));
        barriers = barriers ? barriers->unite(times) : times;
      }
    std::optional<isl::map> separated;
    if (barriers)
      separated = lt.intersect_range(*barriers).apply_range(
          lt.intersect_domain(*barriers));

    for (size_t i = 0; i < prog.statements.size(); ++i) {
      const RaceStatement &si = prog.statements[i];
      if (si.kind == RaceStatement::Kind::Barrier)
        continue;
      for (size_t j = i; j < prog.statements.size(); ++j) {
        const RaceStatement &sj = prog.statements[j];
        if (sj.kind == RaceStatement::Kind::Barrier || sj.buffer != si.buffer ||
            (si.kind != RaceStatement::Kind::Write &&
             sj.kind != RaceStatement::Kind::Write))
          continue;
        islctx.resetBudget();
        isl::map conflict = b.access(i)
                                .apply_range(b.access(j).reverse())
                                .intersect(b.otherThread(i, j));
        if (conflict.is_empty())
          continue;
        if (separated) {
          isl::map si2sj = b.schedule(i)
                               .apply_range(*separated)
                               .apply_range(b.schedule(j).reverse());
          isl::map sj2si = b.schedule(j)
                               .apply_range(*separated)
                               .apply_range(b.schedule(i).reverse())
                               .reverse();
          conflict = conflict.subtract(si2sj).subtract(sj2si);
        }
        if (conflict.is_empty())
          continue;
        result.verdict = RaceResult::Verdict::Race;
        result.first = i;
        result.second = j;
        isl::point p = conflict.wrap().sample_point();
        std::vector<std::string> c = islx::coordinates(p, isl_dim_set);
        std::ostringstream os;
        size_t n = 0;
        auto side = [&](const RaceStatement &s) {
          os << "thread (" << c[n] << ", " << c[n + 1] << ", "
             << c[n + 2] << ")";
          n += 3;
          if (s.depth) {
            os << " at loop iteration" << (s.depth > 1 ? "s" : "") << " [";
            for (unsigned k = 0; k < s.depth; ++k)
              os << (k ? ", " : "") << c[n++];
            os << "]";
          }
        };
        side(si);
        os << " and ";
        side(sj);
        std::vector<std::string> pc = islx::coordinates(p, isl_dim_param);
        if (!pc.empty()) {
          os << ", with ";
          for (size_t k = 0; k < pc.size() && k < prog.params.size(); ++k)
            os << (k ? ", " : "") << prog.params[k] << " = " << pc[k];
        }
        result.witness = os.str();
        return result;
      }
    }
  } catch (const isl::exception &e) {
    result.verdict = RaceResult::Verdict::Unknown;
    result.why = islx::reason(e);
  }
  return result;
}
