//===- RelationEquality.cpp - design function against program function ----===//
#include "analyses/validate/RelationEquality.h"

#include "solvers/IslSupport.h"

#include <isl/aff.h>

#include <optional>
#include <sstream>

using namespace aircheck;
using namespace aircheck::validate;

namespace {
/// "1, 2" for {1, 2}.
std::string listOf(const std::vector<int64_t> &key) {
  std::string out;
  for (size_t i = 0; i < key.size(); ++i)
    out += (i ? ", " : "") + std::to_string(key[i]);
  return out;
}

/// The box of `s`'s bounds, { x : lo_i <= x_i <= hi_i }, where each is a
/// constant (no parameters, not unbounded); nullopt otherwise.
std::optional<isl::set> boxOf(const isl::set &s) {
  if (isl_set_dim(s.get(), isl_dim_param) != 0 || s.is_empty())
    return std::nullopt;
  isl::set box = isl::set::universe(s.space());
  for (unsigned i = 0, n = s.tuple_dim(); i < n; ++i) {
    isl::val lo = s.dim_min_val(i), hi = s.dim_max_val(i);
    if (!lo.is_int() || !hi.is_int())
      return std::nullopt;
    box = isl::manage(isl_set_lower_bound_val(box.release(), isl_dim_set, i,
                                              lo.release()));
    box = isl::manage(isl_set_upper_bound_val(box.release(), isl_dim_set, i,
                                              hi.release()));
  }
  return box;
}
} // namespace

bool aircheck::validate::sameSet(const isl::set &a, const isl::set &b) {
  // Where `b` is its box (a program's result domain is often the whole
  // buffer, written as a union of walks' pieces), `a` equals it when it
  // lies in the box and covers it: two inclusions, of which the one that
  // subtracts `a` from a box is far cheaper than subtracting it from `b`
  // (seed 003's GEMM: 2.3 s against 12.7 s). Only `b`'s bounds are read:
  // a design's convoluted set can make even its lexmin dear.
  std::optional<isl::set> box = boxOf(b);
  if (box && box->is_subset(b))
    return a.is_subset(*box) && box->is_subset(a);
  return a.is_equal(b);
}

isl::pw_multi_aff
aircheck::validate::atInstance(const isl::pw_multi_aff &program,
                               const std::vector<int64_t> &key) {
  // Pulled back along { X[e] -> X[key..., e] }: the instance's ids fixed.
  std::string ids = key.empty() ? "" : listOf(key) + ", ";
  return program.pullback(
      isl::pw_multi_aff(program.ctx(), "{ X[e] -> X[" + ids + "e] }"));
}

std::vector<int64_t> aircheck::validate::keyOf(const isl::point &p) {
  std::vector<int64_t> key;
  for (const std::string &c : islx::coordinates(p, isl_dim_set))
    key.push_back(std::stoll(c));
  return key;
}

namespace {

template <typename T> std::string show(const T &x) {
  std::ostringstream s;
  s << x;
  return s.str();
}

/// The entry of a one-point set of X[e], as a number.
std::string entryOf(const isl::set &s) {
  isl::point p = s.sample_point();
  return show(isl::manage(
      isl_point_get_coordinate_val(p.get(), isl_dim_set, s.tuple_dim() - 1)));
}

/// What `f` gives at the entry `at` (one point), in words: "%arg0[33]
/// into element 5" for a fill's [D[a] -> V[k, w, r, x]], "%arg0[33]" for
/// a result's V[k, w, r, x] (kind 1 an argument's element, in the
/// function's numbering; kind 2 what a core computed).
std::string valueAt(const isl::pw_multi_aff &f, const isl::set &at) {
  isl::set range = f.intersect_domain(at).as_map().range();
  if (range.is_empty())
    return "nothing";
  isl::point p = range.sample_point();
  isl::space space = range.get_space();
  bool wrapped = isl_space_is_wrapping(space.get()) == isl_bool_true;
  isl_size n = isl_space_dim(space.get(), isl_dim_set);
  std::vector<std::string> c;
  for (isl_size i = 0; i < n; ++i)
    c.push_back(show(isl::manage(
        isl_point_get_coordinate_val(p.get(), isl_dim_set, i))));
  if (c.size() < 4)
    return show(range);
  // The tag is the last four coordinates; a fill's place comes before.
  size_t t = c.size() - 4;
  std::string tag =
      c[t] == "1" ? "%arg" + c[t + 1] + "[" + c[t + 3] + "]"
                  : "what core buffer #" + c[t + 1] + " computed at " +
                        c[t + 3] + " for its hand-off #" + c[t + 2];
  if (!wrapped || t == 0)
    return tag;
  std::string place;
  for (size_t i = 0; i < t; ++i)
    place += (i ? ", " : "") + c[i];
  return tag + " into element [" + place + "]";
}

/// The renaming of tags from the design's numbering to the program's, as
/// isl text over `wrap(V)` (V the tag; "[D[a] -> V]" for fills, "V" for
/// results): an argument h to argumentOf[h], a core buffer w to its
/// instance computedOf[w]; empty where nothing is renamed.
std::string renaming(const std::vector<int> &argumentOf,
                     const std::map<int64_t, int64_t> &computedOf,
                     bool fills) {
  auto wrap = [&](const std::string &v) {
    return fills ? "[D[a] -> " + v + "]" : v;
  };
  std::ostringstream ren;
  bool any = false;
  for (size_t k = 0; k < argumentOf.size(); ++k)
    if (argumentOf[k] >= 0) {
      ren << (any ? "; " : "") << wrap("V[q, h, r, t]") << " -> "
          << wrap("V[1, " + std::to_string(argumentOf[k]) + ", 0, t]")
          << " : q = 1 and r = 0 and h = " << k;
      any = true;
    }
  // A core's values: the design's buffer to the program's instance.
  for (auto [w, pw] : computedOf) {
    ren << (any ? "; " : "") << wrap("V[q, h, r, t]") << " -> "
        << wrap("V[2, " + std::to_string(pw) + ", r, t]")
        << " : q = 2 and h = " << w;
    any = true;
  }
  return any ? "{ " + ren.str() + " }" : "";
}

/// `design` in the function's numbering of arguments: composed with
/// { [D[a] -> V[1, h, 0, t]] -> [D[a] -> V[1, argumentOf[h], 0, t]] } (and
/// the core buffers' renaming), so an entry carrying an argument the
/// function lacks (or a tag of a buffer not paired) falls out of the
/// domain.
isl::pw_multi_aff inFunctionNumbering(const isl::pw_multi_aff &design,
                                      const std::vector<int> &argumentOf,
                                      const std::map<int64_t, int64_t> &computedOf) {
  isl::ctx ctx = design.ctx();
  std::string ren = renaming(argumentOf, computedOf, true);
  if (ren.empty())
    return isl::map(ctx, "{ X[e] -> [D[a] -> V[k, w, r, x]] : false }")
        .as_pw_multi_aff();
  return isl::pw_multi_aff(ctx, ren).pullback(design);
}

/// The leading dims of a set of X[k..., e]: { X[k...] }.
isl::set keysOf(const isl::set &s) {
  unsigned n = s.tuple_dim();
  return isl::manage(isl_set_set_tuple_name(
      isl_set_project_out(s.copy(), isl_dim_set, n - 1, 1), "X"));
}

/// The pieces of a function: (domain, expression), disjoint domains.
std::vector<std::pair<isl::set, isl::multi_aff>>
piecesOf(const isl::pw_multi_aff &f) {
  std::vector<std::pair<isl::set, isl::multi_aff>> out;
  f.foreach_piece(
      [&](isl::set s, isl::multi_aff m) { out.emplace_back(s, m); });
  return out;
}

/// Where two functions differ in some output, on the entries both
/// define: per pair of pieces whose domains meet, the entries where an
/// output of the two expressions' difference is not zero (emptiness
/// checks of sets, never a difference of relations, and no gist of the
/// pieces, which made isl_pw_multi_aff_sub the dearest step on seed 003's
/// GEMM).
isl::set differences(const isl::pw_multi_aff &a, const isl::pw_multi_aff &b) {
  isl::set out = a.domain().subtract(a.domain());
  std::vector<std::pair<isl::set, isl::multi_aff>> bs = piecesOf(b);
  for (auto &[da, fa] : piecesOf(a))
    for (auto &[db, fb] : bs) {
      isl::set both = da.intersect(db);
      if (both.is_empty() || fa.plain_is_equal(fb))
        continue;
      isl::multi_aff diff = fa.sub(fb);
      for (unsigned k = 0, n = diff.size(); k < n; ++k) {
        isl::aff dk = diff.at(k);
        if (isl_aff_plain_is_zero(dk.get()) == isl_bool_true)
          continue;
        isl::set nonZero = isl::manage(isl_pw_aff_non_zero_set(
            isl_pw_aff_alloc(both.copy(), dk.copy())));
        if (!nonZero.is_empty())
          out = out.unite(nonZero);
      }
    }
  return out;
}
} // namespace

isl::set aircheck::validate::instancesOf(const isl::pw_multi_aff &program) {
  return keysOf(program.domain());
}

namespace {
/// The instances (at most 16) at which `program` gives an entry of `d` (a
/// design function in the program's numbering) the value `d` gives it;
/// nullopt where there are more, or `d` has no entry.
std::optional<std::vector<std::vector<int64_t>>>
fewCandidates(const isl::pw_multi_aff &d, const isl::pw_multi_aff &program,
              const std::string &ks) {
  isl::set entries = d.domain();
  if (entries.is_empty())
    return std::nullopt;
  // Any entry will do; its lexmin can cost minutes where the domain's
  // pieces carry divisions (gemm_broadcast_pattern), a sample does not.
  isl::set first(entries.sample_point());
  isl::set value = d.intersect_domain(first).as_map().range();
  isl::set at(d.ctx(), "{ X[" + ks + "e] : e = " + entryOf(first) + " }");
  isl::set found = keysOf(program.intersect_domain(at)
                              .as_map()
                              .intersect_range(value)
                              .domain());
  struct Walk {
    std::vector<std::vector<int64_t>> keys;
    bool many = false;
  } walk;
  isl_stat r = isl_set_foreach_point(
      found.get(),
      [](isl_point *p, void *user) -> isl_stat {
        auto *w = static_cast<Walk *>(user);
        isl::point pt = isl::manage(p);
        if (w->keys.size() == 16) {
          w->many = true;
          return isl_stat_error; // enough: stop the walk
        }
        w->keys.push_back(keyOf(pt));
        return isl_stat_ok;
      },
      &walk);
  if (walk.many || r != isl_stat_ok)
    return std::nullopt;
  return walk.keys;
}
} // namespace

isl::set aircheck::validate::matchingInstances(
    const isl::pw_multi_aff &design, const isl::pw_multi_aff &program,
    const std::vector<int> &argumentOf,
    const std::map<int64_t, int64_t> &computedOf, const isl::set *within) {
  isl::ctx ctx = design.ctx();
  isl::set pd = program.domain();
  isl::set keys = keysOf(pd);
  isl::pw_multi_aff d = inFunctionNumbering(design, argumentOf, computedOf);
  if (!d.domain().is_equal(design.domain()))
    return keys.subtract(keys);
  unsigned nk = keys.tuple_dim();
  std::string ks;
  for (unsigned i = 0; i < nk; ++i)
    ks += "k" + std::to_string(i) + ", ";
  // The instances that give one of the design's entries its value: where
  // they are few, each is compared whole (sameRelation), which costs a
  // fraction of the comparison over every instance at once below (seed
  // 003's GEMM: a buffer broadcast along a row has 4 such instances).
  if (std::optional<std::vector<std::vector<int64_t>>> few =
          fewCandidates(d, program, ks)) {
    isl::set out = keys.subtract(keys);
    for (const std::vector<int64_t> &key : *few) {
      isl::set one(ctx, "{ X[" + listOf(key) + "] }");
      if (within && !one.is_subset(*within))
        continue;
      std::string witness;
      if (sameRelation(design, atInstance(program, key), argumentOf, witness,
                       computedOf))
        out = out.unite(one);
    }
    return out;
  }
  // The design's function at every instance: { X[k..., e] -> [D -> A] }.
  isl::set anyEntry = isl::manage(isl_set_set_tuple_name(
      isl_set_add_dims(keys.copy(), isl_dim_set, 1), "X"));
  isl::pw_multi_aff lifted =
      d.pullback(isl::pw_multi_aff(ctx, "{ X[" + ks + "e] -> X[e] }"))
          .intersect_domain(anyEntry);
  // An instance differs where the entries differ, or an entry's place or
  // tag.
  isl::set dd = lifted.domain();
  isl::set bad = keysOf(dd.subtract(pd))
                     .unite(keysOf(pd.subtract(dd)))
                     .unite(keysOf(differences(lifted, program)));
  return keys.subtract(bad);
}

bool aircheck::validate::sameRelation(const isl::pw_multi_aff &design,
                                      const isl::pw_multi_aff &program,
                                      const std::vector<int> &argumentOf,
                                      std::string &witness,
                                      const std::map<int64_t, int64_t> &computedOf) {
  isl::pw_multi_aff d = inFunctionNumbering(design, argumentOf, computedOf);
  isl::set dd = d.domain(), pd = program.domain();
  if (!dd.is_equal(design.domain())) {
    witness = "entry " + entryOf(design.domain().subtract(dd)) +
              ": the design carries a runtime-sequence argument the "
              "function does not have";
    return false;
  }
  if (!sameSet(dd, pd)) {
    isl::set only = dd.subtract(pd);
    witness = !only.is_empty()
                  ? "only the design fills entry " + entryOf(only)
                  : "only the program fills entry " +
                        entryOf(pd.subtract(dd));
    return false;
  }
  // One domain: the two are equal where no output differs.
  isl::set differ = differences(d, program);
  if (differ.is_empty())
    return true;
  isl::set at = differ.sample();
  witness = "entry " + entryOf(at) + " of the buffer's fills: the design "
            "delivers " + valueAt(d, at) + ", the program " +
            valueAt(program, at);
  return false;
}

bool aircheck::validate::sameResults(
    const isl::pw_multi_aff &design, int designArg,
    const isl::pw_multi_aff &program, int programArg,
    const std::vector<int> &argumentOf,
    const std::map<int64_t, int64_t> &computedOf, std::string &witness) {
  isl::ctx ctx = design.ctx();
  std::string ren = renaming(argumentOf, computedOf, false);
  if (ren.empty()) {
    witness = "no argument corresponds";
    return false;
  }
  // Tags renamed, then the element A[g', t] read as the function's A[g, t].
  isl::pw_multi_aff d =
      isl::pw_multi_aff(ctx, ren)
          .pullback(design)
          .pullback(isl::pw_multi_aff(
              ctx, "{ A[g, t] -> A[" + std::to_string(designArg) +
                       ", t] : g = " + std::to_string(programArg) + " }"));
  isl::set dd = d.domain(), pd = program.domain();
  isl::set lost = design.domain().apply(
                      isl::map(ctx, "{ A[g, t] -> A[" +
                                        std::to_string(programArg) +
                                        ", t] }"))
                      .subtract(dd);
  if (!lost.is_empty()) {
    witness = "element " + entryOf(lost) +
              ": the design leaves a tag of an argument or a buffer that "
              "has no counterpart in the program";
    return false;
  }
  if (!sameSet(dd, pd)) {
    isl::set only = dd.subtract(pd);
    witness = !only.is_empty()
                  ? "only the design writes element " + entryOf(only)
                  : "only the program writes element " +
                        entryOf(pd.subtract(dd));
    return false;
  }
  // Piece by piece of the program's function, each with a fresh budget:
  // a result inverted from a walk has many pieces with divisions of their
  // own, and their product with the design's at once runs long.
  isl::set differ = pd.subtract(pd);
  std::vector<isl::pw_multi_aff> pieces;
  isl_pw_multi_aff_foreach_piece(
      program.get(),
      [](isl_set *set, isl_multi_aff *ma, void *user) -> isl_stat {
        static_cast<std::vector<isl::pw_multi_aff> *>(user)->push_back(
            isl::manage(isl_pw_multi_aff_alloc(set, ma)));
        return isl_stat_ok;
      },
      &pieces);
  for (const isl::pw_multi_aff &piece : pieces) {
    isl_ctx_reset_operations(ctx.get());
    differ = differ.unite(
        differences(d.intersect_domain(piece.domain()), piece));
    if (!differ.is_empty())
      break;
  }
  if (differ.is_empty())
    return true;
  isl::set at = differ.sample();
  witness = "element " + entryOf(at) + ": the design leaves " +
            valueAt(d, at) + ", the program " + valueAt(program, at);
  return false;
}
