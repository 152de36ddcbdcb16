//===- RelationEquality.cpp - design relation against program relation ----===//
#include "analyses/validate/RelationEquality.h"

#include <optional>
#include <sstream>

using namespace aircheck;
using namespace aircheck::validate;

isl::map aircheck::validate::atInstance(const isl::map &program,
                                        const std::vector<int64_t> &key) {
  isl_map *m = program.copy();
  for (unsigned k = 0; k < key.size(); ++k)
    m = isl_map_fix_si(m, isl_dim_in, k, key[k]);
  m = isl_map_project_out(m, isl_dim_in, 0, key.size());
  return isl::manage(isl_map_set_tuple_name(m, isl_dim_in, "X"));
}

namespace {
/// `design` in the function's numbering of arguments; nullopt when it
/// carries a runtime-sequence argument the function does not have.
std::optional<isl::map>
inFunctionNumbering(const isl::map &design,
                    const std::vector<int> &argumentOf) {
  isl::ctx ctx = design.ctx();
  // { [D[a] -> A[g', t]] -> [D[a] -> A[g, t]] } and the g' it maps.
  std::ostringstream ren, mapped;
  ren << "{ [D[a] -> A[h, t]] -> [D[a] -> A[g, t]] : false";
  mapped << "{ A[h, t] : false";
  for (size_t k = 0; k < argumentOf.size(); ++k)
    if (argumentOf[k] >= 0) {
      ren << " or (h = " << k << " and g = " << argumentOf[k] << ")";
      mapped << " or h = " << k;
    }
  ren << " }";
  mapped << " }";
  isl::set carried = design.range().unwrap().range();
  if (!carried.subtract(isl::set(ctx, mapped.str())).is_empty())
    return std::nullopt;
  return design.apply_range(isl::map(ctx, ren.str())).coalesce();
}

/// The leading dims of a set of X[k..., e]: { X[k...] }.
isl::set keysOf(const isl::set &s) {
  unsigned n = s.tuple_dim();
  return isl::manage(isl_set_set_tuple_name(
      isl_set_project_out(s.copy(), isl_dim_set, n - 1, 1), "X"));
}
} // namespace

isl::set aircheck::validate::matchingInstances(
    const isl::map &design, const isl::map &program,
    const std::vector<int> &argumentOf) {
  isl::ctx ctx = design.ctx();
  isl::set keys = keysOf(program.domain());
  std::optional<isl::map> d = inFunctionNumbering(design, argumentOf);
  if (!d)
    return keys.subtract(keys);
  // The design's relation at every instance: { X[k..., e] -> [D -> A] }.
  unsigned nk = keys.tuple_dim();
  std::vector<std::string> k;
  for (unsigned i = 0; i < nk; ++i)
    k.push_back("k" + std::to_string(i));
  std::string ks;
  for (const std::string &x : k)
    ks += x + ", ";
  isl::set anyEntry = isl::manage(isl_set_set_tuple_name(
      isl_set_add_dims(keys.copy(), isl_dim_set, 1), "X"));
  isl::map lifted = isl::map(ctx, "{ X[" + ks + "e] -> X[e] }")
                        .intersect_domain(anyEntry)
                        .apply_range(*d);
  // An instance differs where the entries differ, or a part of an entry.
  isl::set dd = lifted.domain(), pd = program.domain();
  isl::set bad = keysOf(dd.subtract(pd)).unite(keysOf(pd.subtract(dd)));
  for (bool where : {true, false}) {
    isl::map dp = where ? lifted.range_factor_domain()
                        : lifted.range_factor_range();
    isl::map pp = where ? program.range_factor_domain()
                        : program.range_factor_range();
    if (!dp.is_single_valued() || !pp.is_single_valued())
      return keys.subtract(keys);
    bad = bad.unite(keysOf(dd.subtract(dp.intersect(pp).domain())));
  }
  return keys.subtract(bad);
}

bool aircheck::validate::sameRelation(const isl::map &design,
                                      const isl::map &program,
                                      const std::vector<int> &argumentOf,
                                      std::string &witness) {
  std::optional<isl::map> d = inFunctionNumbering(design, argumentOf);
  if (!d) {
    witness = "the design carries a runtime-sequence argument the function "
              "does not have";
    return false;
  }
  isl::map renumbered = *d;
  isl::map prog = program.coalesce();
  auto show = [](const char *what, const auto &x) {
    std::ostringstream s;
    s << what << x;
    return s.str();
  };
  // Both relations are compared as two functions of the entry: where it is
  // written and what it carries. A relation whose two parts are functions
  // on one domain is their product, so equal parts are equal relations.
  isl::map dPlaces = renumbered.range_factor_domain().coalesce(),
           pPlaces = prog.range_factor_domain().coalesce();
  isl::set dd = dPlaces.domain().coalesce(), pd = pPlaces.domain().coalesce();
  if (!dd.is_equal(pd)) {
    isl::set only = dd.subtract(pd);
    witness = !only.is_empty()
                  ? show("only the design fills entry ", only.sample())
                  : show("only the program fills entry ",
                         pd.subtract(dd).sample());
    return false;
  }
  // Per part: both functions, and they agree on every entry of the
  // domain (an intersection and a set difference over the entries alone:
  // far cheaper than a difference of the relations).
  for (bool where : {true, false}) {
    isl::map d = where ? renumbered.range_factor_domain()
                       : renumbered.range_factor_range();
    isl::map p = where ? prog.range_factor_domain()
                       : prog.range_factor_range();
    if (!d.is_single_valued() || !p.is_single_valued()) {
      witness = std::string("a relation with two ") +
                (where ? "places" : "tags") + " for one entry";
      return false;
    }
    isl::set differ = dd.subtract(d.intersect(p).domain());
    if (differ.is_empty())
      continue;
    isl::set at = differ.sample();
    witness = show("entry ", at) + ": the design has " +
              show("", d.intersect_domain(at)) + ", the program " +
              show("", p.intersect_domain(at));
    return false;
  }
  return true;
}
