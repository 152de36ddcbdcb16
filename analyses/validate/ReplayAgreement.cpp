//===- ReplayAgreement.cpp - the replay against the stream relations ------===//
#include "analyses/validate/ReplayAgreement.h"

#include <sstream>

using namespace mlir;
using namespace aircheck;
using namespace aircheck::validate;

std::optional<isl::map>
aircheck::validate::fillRelation(const FillLog &log, isl::ctx ctx) {
  isl::map out(ctx, "{ X[e, a] -> A[g, t] : false }");
  // One piece per group: run i (i < count) of it, entry j (j < the run's
  // length) of that run.
  auto piece = [&](const FillLog::Run &r, int64_t count, int64_t dElement,
                   int64_t dTag) -> bool {
    if (r.tags.first.kind != Tag::Argument)
      return false;
    int64_t len = r.tags.count;
    std::ostringstream s;
    s << "{ X[e, a] -> A[" << r.tags.first.who << ", t] : exists (i, j : 0 <= i < "
      << count << " and 0 <= j < " << len << " and e = " << r.at << " + "
      << len << " * i + j and a = " << r.element << " + " << dElement
      << " * i + " << r.step << " * j and t = " << r.tags.first.element
      << " + " << dTag << " * i + " << r.tags.step << " * j) }";
    out = out.unite(isl::map(ctx, s.str()));
    return true;
  };
  for (const FillLog::Group &g : log.groups)
    if (!piece(g.first, g.count, g.element, g.tag))
      return std::nullopt;
  if (log.open && !piece(*log.open, 1, 0, 0))
    return std::nullopt;
  return out.coalesce();
}

Agreement aircheck::validate::compareWithReplay(
    const StreamRelations &relations, const DesignDelivery &replay,
    isl::ctx ctx) {
  Agreement out;
  for (auto &[buffer, relation] : relations.fills) {
    int b = replay.bufferIndex(buffer);
    auto it = b < 0 ? replay.fills.end() : replay.fills.find(b);
    isl::map logged = isl::map::empty(relation.get_space());
    if (it != replay.fills.end()) {
      std::optional<isl::map> r = fillRelation(it->second, ctx);
      if (!r) {
        out.differ.push_back(
            {buffer, "the replay logs a tag that is no argument's element"});
        continue;
      }
      logged = *r;
    }
    if (logged.is_equal(relation)) {
      ++out.agree;
      continue;
    }
    std::ostringstream witness;
    isl::map onlyRelation = relation.subtract(logged),
             onlyReplay = logged.subtract(relation);
    if (!onlyRelation.is_empty())
      witness << "only the relations have " << onlyRelation.sample();
    else
      witness << "only the replay has " << onlyReplay.sample();
    out.differ.push_back({buffer, witness.str()});
  }
  return out;
}
