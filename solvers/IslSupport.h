//===- IslSupport.h - a bounded isl context and quasi-polynomials -*- C++ -*-===//
//
// isl's C++ interface (isl/cpp.h) covers sets, maps and affine functions; the
// counts air-check compares are products of trip counts, i.e.
// quasi-polynomials, which the C++ interface of isl 0.25 lacks. PwQPoly wraps
// the few C functions we need. IslContext bounds every isl operation so that
// no analysis can hang: past the bound isl gives up and the C++ interface
// throws isl::exception, which callers turn into an `unknown` verdict.
//
//===----------------------------------------------------------------------===//
#ifndef AIRCHECK_SOLVERS_ISLSUPPORT_H
#define AIRCHECK_SOLVERS_ISLSUPPORT_H

#include <isl/cpp.h>
#include <isl/polynomial.h>

#include <chrono>
#include <optional>
#include <string>
#include <vector>

namespace aircheck {

class IslContext {
public:
  /// `maxOperations` bounds each top-level analysis step (see resetBudget);
  /// 0 takes the process default (setDefaultMaxOperations, else 20000000).
  explicit IslContext(unsigned long maxOperations = 0);
  /// The bound of contexts created later with the default (lint's hidden
  /// --isl-max-operations, for tests of the budget).
  static void setDefaultMaxOperations(unsigned long n);
  /// The wall-clock bound of each step in contexts created later (0: none;
  /// default 60 s). isl's operation budget counts pivots, and a pivot's cost
  /// grows with the size of its numbers, so 20 million of them can run for
  /// hours (a lexmax over a mutated BD walk did): the operation budget
  /// alone does not keep an analysis from hanging. Past the bound the
  /// context is aborted: every isl operation in it fails, the C++
  /// interface throws isl::exception (an abort, or whatever the call in
  /// progress makes of it: the parser's syntax error), and callers turn
  /// that into `unknown` (islx::reason names the limit). resetBudget
  /// re-arms it.
  static void setDefaultTimeLimit(std::chrono::milliseconds limit);
  static std::chrono::milliseconds defaultTimeLimit();
  ~IslContext();
  IslContext(const IslContext &) = delete;
  IslContext &operator=(const IslContext &) = delete;

  isl::ctx get() const { return isl::ctx(raw); }
  isl_ctx *getRaw() const { return raw; }
  /// Starts a fresh operation budget and a fresh step time limit (unless a
  /// whole IslDeadline around it has passed: that one stays).
  void resetBudget();
  /// Whether the current step ran past its time limit.
  bool timedOut() const;

private:
  isl_ctx *raw;
};

/// A wall-clock bound on all of isl's work in one context while it lives,
/// beside the per-step limit of IslContext (the validation functions' whole
/// verdict, --functions-time-limit). Past `limit` the context is aborted
/// until the deadline is destroyed; resetBudget does not resume it. One
/// watcher thread serves every context and deadline of the process.
class IslDeadline {
public:
  IslDeadline(isl_ctx *ctx, std::chrono::milliseconds limit);
  ~IslDeadline();
  IslDeadline(const IslDeadline &) = delete;
  IslDeadline &operator=(const IslDeadline &) = delete;
  /// Whether the limit was reached (isl's failures since are its doing).
  bool expired() const;

private:
  isl_ctx *ctx;
};

/// Pieces of isl's C API that the C++ interface of 0.25 lacks. Each
/// checks what the C call returns: a C call that fails (an operation past
/// the budget, say) returns NULL, and wrapping that NULL would only fail
/// later with isl's uninformative "NULL input"; these throw the context's
/// own error instead.
namespace islx {
/// `ptr`, or the last error of `ctx` as an isl::exception when it is NULL.
template <typename T> T *checked(isl_ctx *ctx, T *ptr) {
  if (!ptr)
    isl::exception::throw_last_error(isl::ctx(ctx));
  return ptr;
}
/// The parameter space, and the set space with `n` dims.
isl::space paramSpace(isl::ctx ctx);
isl::space setSpace(isl::ctx ctx, unsigned n);
isl::set projectOut(isl::set s, unsigned pos);
isl::map projectOutIn(isl::map m, unsigned pos);
isl::set nonnegSet(isl::pw_aff a);
/// Why isl gave up, for an `unknown`'s reason: isl's own message, or where
/// a context's step ran past its time limit (IslContext), the limit.
std::string reason(const isl::exception &e);
/// The constant `v` on `domain`.
isl::pw_aff constantOn(isl::set domain, long v);
/// `f` written out and read back: the same function, with the integer
/// divisions that chains of pullbacks leave nested and repeated rebuilt
/// once each by isl's parser. Comparing functions so rebuilt is several
/// times cheaper (seed 003's GEMM: 8x).
isl::pw_multi_aff reparsed(const isl::pw_multi_aff &f);
/// The coordinates of a point of kind `type` (isl_dim_set, isl_dim_param),
/// as text.
std::vector<std::string> coordinates(const isl::point &pt, isl_dim_type type);

/// The statement a set space stands for, as a key: its tuple and number of
/// dims (what isl compares; dims' names do not count).
std::string statementKey(const isl::space &set);

/// Whether an affine schedule of `events` puts every wait (an instance
/// relation: the range waits for the domain) strictly forward in time: a
/// proof that the waits have no cycle, for every value of the parameters.
/// Waits of instances outside `events` are not part of the graph. Only the
/// waits inside one strongly connected component of the statements (the
/// spaces) can close a cycle, so each component is scheduled on its own,
/// after the statements that only pass waits on are composed away (see
/// eliminatePassThrough). isl's scheduler with Feautrier's algorithm (any
/// schedule will do; the default one also optimises bands for locality, an
/// integer program that can run for minutes without consulting isl's
/// operation bound), SCCs one after another; the schedule is checked, not
/// trusted. Throws isl::exception when isl gives up (its operation budget).
bool scheduleOrdersEveryWait(const isl::union_set &events,
                             const isl::union_map &waits);
/// The waits that can close a cycle, one relation per strongly connected
/// component of the statements (over `events`' instances, the statements
/// that only pass waits on composed away): the waits have a cycle iff one
/// of these has.
std::vector<isl::union_map> cyclicComponents(const isl::union_set &events,
                                             const isl::union_map &waits);
} // namespace islx

/// A piecewise quasi-polynomial over parameters only (a count). isl does not
/// align the parameters of quasi-polynomials: every operand of one operation
/// must be built over the same parameter space.
class PwQPoly {
public:
  PwQPoly() = default;
  explicit PwQPoly(isl_pw_qpolynomial *p) : p(p) {}
  PwQPoly(const PwQPoly &o);
  PwQPoly &operator=(PwQPoly o);
  PwQPoly(PwQPoly &&o) noexcept : p(o.p) { o.p = nullptr; }
  ~PwQPoly();

  static PwQPoly zero(isl::space paramSpace);
  static PwQPoly fromPwAff(isl::pw_aff a);
  static PwQPoly constant(isl::space paramSpace, long v);

  PwQPoly operator+(const PwQPoly &o) const;
  PwQPoly operator-(const PwQPoly &o) const;
  PwQPoly operator*(const PwQPoly &o) const;

  /// Zero for every parameter value in `context` (a parameter set)?
  bool isZeroOn(isl::set context) const;
  /// The value at the parameter point `pt` (as an integer when it is one).
  std::optional<long> evalAt(isl::point pt) const;
  /// Whether it depends on some parameter.
  bool involvesParams() const;
  /// Whether it depends on parameter number `i`.
  bool involvesParam(unsigned i) const;
  bool valid() const { return p != nullptr; }

private:
  isl_pw_qpolynomial *p = nullptr;
};

} // namespace aircheck

#endif
