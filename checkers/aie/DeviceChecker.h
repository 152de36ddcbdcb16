//===- DeviceChecker.h - an aie check that reads one device -----*- C++ -*-===//
#ifndef AIRCHECK_CHECKERS_AIE_DEVICECHECKER_H
#define AIRCHECK_CHECKERS_AIE_DEVICECHECKER_H

#include "analyses/aie/AIEDesign.h"
#include "checkers/Checker.h"

namespace aircheck::aiecheck {

/// An aie-level check that looks at each device with a model on its own.
class DeviceChecker : public Checker {
public:
  CheckLevel level() const override { return CheckLevel::AIE; }
  void run(CheckContext &ctx) override {
    for (Device &d : collectDevices(ctx.module))
      if (d.model)
        check(d);
  }

protected:
  virtual void check(Device &d) = 0;
};

/// An aie-level check over the dispatch model of each device: it does not
/// run where aie-lock-protocol or aie-locks reported an error (an acquire
/// nothing releases, a lock value out of range: the model's premises).
class DispatchChecker : public Checker {
public:
  CheckLevel level() const override { return CheckLevel::AIE; }
  void run(CheckContext &ctx) override {
    if (ctx.errorsOf("aie-lock-protocol") || ctx.errorsOf("aie-locks"))
      return;
    for (Device &d : collectDevices(ctx.module))
      if (d.model)
        check(ctx, d);
  }

protected:
  virtual void check(CheckContext &ctx, Device &d) = 0;
};

} // namespace aircheck::aiecheck

#endif
