//===- Report.h - `air-check report` -----------------------------*- C++ -*-===//
#ifndef AIRCHECK_TOOLS_AIRCHECK_REPORT_H
#define AIRCHECK_TOOLS_AIRCHECK_REPORT_H

#include "tools/air-check/Lint.h"

#include <string>

namespace aircheck {

struct ReportOptions {
  std::string device;
  /// --target: a device to compile for; stands for --device when that is
  /// not given, and the HTML page draws the design compile writes.
  std::string target;
  OutputFormat format = OutputFormat::Text;
};

/// Prints what each launch, segment and herd of `path` holds against the
/// device. Returns the exit code: 0 fits, 1 over capacity or unknown,
/// 2 unreadable input, parse error or unknown device.
int runReport(llvm::StringRef path, const ReportOptions &options,
              llvm::raw_ostream &os);

/// `air-check report --list-devices`.
void listDeviceModels(llvm::raw_ostream &os);

} // namespace aircheck

#endif
