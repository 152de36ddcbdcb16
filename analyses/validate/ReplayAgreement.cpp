//===- ReplayAgreement.cpp - the replay against the stream relations ------===//
#include "analyses/validate/ReplayAgreement.h"

#include "llvm/ADT/StringExtras.h"

#include <array>
#include <optional>
#include <sstream>

using namespace mlir;
using namespace aircheck;
using namespace aircheck::validate;

namespace {
template <typename T> std::string text(const T &x) {
  std::ostringstream s;
  s << x;
  return s.str();
}
} // namespace

namespace {
/// Tag::who of the replay's Computed tags -> the relations' kind-2 number:
/// the design's buffers (StreamRelations::computed), the program's
/// instances (ProgramStreams::computed).
std::map<int, int64_t> numbering(const StreamRelations &relations,
                                 const DesignDelivery &replay) {
  std::map<int, int64_t> out;
  for (auto [w, buffer] : llvm::enumerate(relations.computed))
    if (int b = replay.bufferIndex(buffer); b >= 0)
      out[b] = (int64_t)w;
  return out;
}
std::map<int, int64_t> numbering(const ProgramStreams &streams,
                                 const ProgramDelivery &replay) {
  std::map<int, int64_t> out;
  for (auto [i, pl] : llvm::enumerate(replay.places)) {
    auto c = pl.kind == Place::CoreBuffer ? streams.computed.find(pl.alloc)
                                          : streams.computed.end();
    if (c != streams.computed.end())
      out[(int)i] = c->second.who(pl.key());
  }
  return out;
}
} // namespace

bool aircheck::validate::sameFills(const FillLog &log,
                                   const isl::map &relation, isl::ctx ctx,
                                   std::string &witness, bool explicitPieces,
                                   const std::map<int, int64_t> &computedWho) {
  // (A relation with two images at an entry differs from the run there.)
  isl::set defined(ctx, "{ X[e] : false }");
  // With `explicitPieces`, the relation as explicit quasi-affine pieces,
  // once: each run is then compared by substitution, not by composing
  // relations with existentials (where it has two images at an entry,
  // the runs' comparison tells). Which is cheaper depends on the relation.
  std::optional<isl::map> function;
  if (explicitPieces)
    function = relation.as_pw_multi_aff().as_map();
  const isl::map &pieces = function ? *function : relation;
  // Run i (i < count) of a group, its entry j (j < the run's length).
  auto group = [&](const FillLog::Run &r, int64_t count, int64_t dElement,
                   int64_t dTag) {
    int64_t len = r.tags.count;
    std::ostringstream at;
    at << "{ [i, j] -> X[e] : 0 <= i < " << count << " and 0 <= j < " << len
       << " and e = " << r.at << " + " << len << " * i + j }";
    isl::map entries(ctx, at.str());
    if (r.tags.first.kind == Tag::Undefined)
      return true; // no image: the domain check below
    // An argument's element, V[1, g, 0, t]; a core's value for a hand-off,
    // V[2, w, r, t], w the relations' number of the replay's buffer.
    int64_t kind = 1, who = r.tags.first.who, round = 0;
    if (r.tags.first.kind == Tag::Computed) {
      auto it = computedWho.find(r.tags.first.who);
      if (it == computedWho.end()) {
        witness = "the replay logs entry " + std::to_string(r.at) +
                  " with a core's value of a buffer the relations do not "
                  "stream";
        return false;
      }
      kind = 2;
      who = it->second;
      round = r.tags.first.round;
    } else if (r.tags.first.kind != Tag::Argument) {
      witness = "the replay logs entry " + std::to_string(r.at) +
                " with a tag that is neither an argument's element nor a "
                "core's value";
      return false;
    }
    defined = defined.unite(entries.range());
    std::ostringstream want;
    want << "{ [i, j] -> [D[a] -> V[" << kind << ", " << who << ", "
         << round << ", t]] : 0 <= i < "
         << count << " and 0 <= j < " << len << " and a = " << r.element
         << " + " << dElement << " * i + " << r.step << " * j and t = "
         << r.tags.first.element << " + " << dTag << " * i + "
         << r.tags.step << " * j }";
    isl::map expected(ctx, want.str());
    isl::map got = entries.apply_range(pieces);
    if (got.is_equal(expected))
      return true;
    isl::map extra = got.subtract(expected);
    witness = !extra.is_empty()
                  ? "only the relations have " + text(extra.sample())
                  : "only the replay has " +
                        text(expected.subtract(got).sample());
    witness += " (i: the run of the group starting at entry " +
               std::to_string(r.at) + ", j: the entry in it)";
    return false;
  };
  for (const FillLog::Group &g : log.groups)
    if (!group(g.first, g.count, g.element, g.tag))
      return false;
  if (log.open && !group(*log.open, 1, 0, 0))
    return false;
  // No entry beyond the log's defined ones (an emptiness test per piece;
  // the relation's domain would be a projection of each).
  isl::map beyond = relation.intersect_domain(defined.complement());
  if (beyond.is_empty())
    return true;
  witness = "only the relations have " + text(beyond.sample());
  return false;
}

namespace {
/// `sameFills` with the relation as it is, then, past isl's budget, as
/// explicit pieces; nullopt when both run out.
std::optional<bool> compareOne(const FillLog &log, const isl::map &relation,
                               IslContext &isl, std::string &witness,
                               const std::map<int, int64_t> &computedWho) {
  for (bool explicitPieces : {false, true}) {
    isl.resetBudget();
    try {
      return sameFills(log, relation, isl.get(), witness, explicitPieces,
                       computedWho);
    } catch (const isl::exception &) {
    }
  }
  return std::nullopt;
}
} // namespace

Agreement aircheck::validate::compareWithReplay(
    const StreamRelations &relations, const DesignDelivery &replay,
    IslContext &isl) {
  Agreement out;
  std::map<int, int64_t> computedWho = numbering(relations, replay);
  for (auto &[buffer, relation] : relations.fills) {
    int b = replay.bufferIndex(buffer);
    auto it = b < 0 ? replay.fills.end() : replay.fills.find(b);
    FillLog none;
    const FillLog &log = it == replay.fills.end() ? none : it->second;
    std::string witness;
    std::optional<bool> same =
        compareOne(log, relation, isl, witness, computedWho);
    if (!same)
      ++out.undecided;
    else if (*same)
      ++out.agree;
    else
      out.differ.push_back({buffer, witness});
  }
  return out;
}


namespace {
/// Whether argument `g`'s final tags `tags` are `function`'s ({ A[g, t] ->
/// V[...] } on the elements written, the host's element elsewhere), run by
/// run (an affine progression of one kind, who and round); nullopt past
/// isl's budget. `computedWho`: the function's number of each Computed
/// tag's buffer.
std::optional<bool> sameResults(const isl::pw_multi_aff &function, unsigned g,
                                const TagArray &tags,
                                const std::map<int, int64_t> &computedWho,
                                IslContext &isl, std::string &witness) {
  try {
    isl.resetBudget();
    isl::ctx ctx = isl.get();
    std::string G = std::to_string(g), N = std::to_string(tags.size());
    isl::set all(ctx, "{ A[" + G + ", t] : 0 <= t < " + N + " }");
    if (!function.domain().is_subset(all)) {
      witness = "the relations write " +
                text(function.domain().subtract(all).sample()) +
                ", outside the argument";
      return false;
    }
    auto asTuple = [&](Tag t, std::array<int64_t, 3> &v) {
      if (t.kind == Tag::Argument) {
        v = {1, t.who, 0};
        return true;
      }
      auto it = computedWho.find(t.who);
      if (t.kind != Tag::Computed || it == computedWho.end())
        return false;
      v = {2, it->second, (int64_t)t.round};
      return true;
    };
    for (int64_t e = 0; e < tags.size();) {
      Tag first = tags[e];
      std::array<int64_t, 3> v;
      if (!asTuple(first, v)) {
        witness = "the replay leaves element " + std::to_string(e) +
                  " with a tag that is neither an argument's element nor "
                  "a value of a buffer the relations number";
        return false;
      }
      int64_t len = 1, step = 0;
      if (e + 1 < tags.size()) {
        Tag next = tags[e + 1];
        if (next.kind == first.kind && next.who == first.who &&
            next.round == first.round) {
          step = next.element - first.element;
          while (e + len < tags.size()) {
            Tag t = tags[e + len];
            if (t.kind != first.kind || t.who != first.who ||
                t.round != first.round ||
                t.element != first.element + step * len)
              break;
            ++len;
          }
        }
      }
      std::ostringstream at, want, host;
      at << "{ [j] -> A[" << G << ", " << e << " + j] : 0 <= j < " << len
         << " }";
      want << "{ [j] -> V[" << v[0] << ", " << v[1] << ", " << v[2] << ", "
           << first.element << " + " << step << " * j] : 0 <= j < " << len
           << " }";
      host << "{ [j] -> V[1, " << G << ", 0, " << e << " + j] : 0 <= j < "
           << len << " }";
      isl.resetBudget(); // each run its own budget
      // The function pulled back to the run (explicit pieces, cheap), the
      // host's element where it has none.
      isl::pw_multi_aff run =
          function.pullback(isl::pw_multi_aff(ctx, at.str()));
      isl::map hostMap(ctx, host.str());
      isl::map got = run.as_map().unite(
          hostMap.intersect_domain(hostMap.domain().subtract(run.domain())));
      isl::map expected(ctx, want.str());
      if (!got.is_equal(expected)) {
        isl::map extra = got.subtract(expected);
        witness = "element " + std::to_string(e) + " + j: " +
                  (!extra.is_empty()
                       ? "only the relations have " + text(extra.sample())
                       : "only the replay has " +
                             text(expected.subtract(got).sample()));
        return false;
      }
      e += len;
    }
    return true;
  } catch (const isl::exception &) {
    return std::nullopt;
  }
}
} // namespace

Agreement aircheck::validate::compareResultsWithReplay(
    const StreamRelations &relations, const DesignDelivery &replay,
    IslContext &isl, std::vector<unsigned> &differingArgs) {
  Agreement out;
  std::map<int, int64_t> computedWho = numbering(relations, replay);
  for (auto &[g, function] : relations.results) {
    std::string witness;
    std::optional<bool> same =
        g < replay.arguments.size()
            ? sameResults(function, g, replay.arguments[g], computedWho, isl,
                          witness)
            : std::nullopt;
    if (!same) {
      ++out.undecided;
    } else if (*same) {
      ++out.agree;
    } else {
      out.differ.push_back(
          {replay.sequence, "argument " + std::to_string(g) + ": " + witness});
      differingArgs.push_back(g);
    }
  }
  return out;
}

Agreement aircheck::validate::compareResultsWithReplay(
    const ProgramStreams &streams, const ProgramDelivery &replay) {
  Agreement out;
  std::map<int, int64_t> computedWho = numbering(streams, replay);
  for (auto &[g, function] : streams.results) {
    std::string witness;
    std::optional<bool> same =
        g >= 0 && (size_t)g < replay.arguments.size()
            ? sameResults(function, g, replay.arguments[g], computedWho,
                          *streams.isl, witness)
            : std::nullopt;
    if (!same)
      ++out.undecided;
    else if (*same)
      ++out.agree;
    else
      out.differ.push_back({replay.func, "argument " + std::to_string(g) +
                                             ": " + witness});
  }
  return out;
}

Agreement aircheck::validate::compareWithReplay(const ProgramStreams &streams,
                                                const ProgramDelivery &replay) {
  Agreement out;
  std::map<int, int64_t> computedWho = numbering(streams, replay);
  std::map<Operation *, isl::set> ran; // per alloc: the instances replayed
  for (size_t i = 0; i < replay.places.size(); ++i) {
    const Place &pl = replay.places[i];
    auto it = pl.kind == Place::CoreBuffer ? streams.fills.find(pl.alloc)
                                           : streams.fills.end();
    if (it == streams.fills.end())
      continue;
    llvm::SmallVector<int64_t, 2> key = pl.key();
    isl::map rel = it->second;
    unsigned n = rel.domain().tuple_dim();
    if (key.size() + 1 != n) {
      ++out.undecided;
      continue;
    }
    std::string witness;
    std::optional<bool> same;
    try {
      streams.isl->resetBudget();
      isl_map *m = rel.copy();
      std::vector<std::string> point;
      for (unsigned k = 0; k < key.size(); ++k) {
        m = isl_map_fix_si(m, isl_dim_in, k, key[k]);
        point.push_back(std::to_string(key[k]));
      }
      m = isl_map_project_out(m, isl_dim_in, 0, key.size());
      m = isl_map_set_tuple_name(m, isl_dim_in, "X");
      isl::map one = isl::manage(m);
      isl::set instance(rel.ctx(), "{ X[" + llvm::join(point, ", ") + "] }");
      if (n == 1)
        instance = isl::set(rel.ctx(), "{ X[] }");
      auto [r, fresh] = ran.try_emplace(pl.alloc, instance);
      if (!fresh)
        r->second = r->second.unite(instance);
      auto f = replay.fills.find((int)i);
      FillLog none;
      same = compareOne(f == replay.fills.end() ? none : f->second, one,
                        *streams.isl, witness, computedWho);
    } catch (const isl::exception &) {
    }
    if (!same)
      ++out.undecided;
    else if (*same)
      ++out.agree;
    else
      out.differ.push_back(
          {pl.alloc, "the instance with segment and herd ids (" +
                         llvm::join(llvm::map_range(key, [](int64_t v) {
                                      return std::to_string(v);
                                    }),
                                    ", ") +
                         "): " + witness});
  }
  // No instance the replay does not run.
  for (auto &[alloc, rel] : streams.fills) {
    try {
      streams.isl->resetBudget();
      isl::set dom = rel.domain();
      unsigned n = dom.tuple_dim();
      isl::set keys = isl::manage(isl_set_set_tuple_name(
          isl_set_project_out(dom.release(), isl_dim_set, n - 1, 1), "X"));
      auto r = ran.find(alloc);
      isl::set extra = r == ran.end() ? keys : keys.subtract(r->second);
      if (!extra.is_empty())
        out.differ.push_back(
            {alloc, "only the relations fill instance " +
                        text(extra.sample())});
    } catch (const isl::exception &) {
      ++out.undecided;
    }
  }
  return out;
}
