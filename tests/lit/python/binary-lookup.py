# Which binary the package runs: $AIR_CHECK, else the install prefix's bin,
# else PATH (docs/python.md).
# RUN: rm -rf %t && mkdir -p %t/site %t/bin
# RUN: %python %s %air_prefix %t | FileCheck %s
import os
import shutil
import subprocess
import sys

prefix, tmp = sys.argv[1], sys.argv[2]
exe = os.path.join(prefix, "bin", "air-check")
probe = "import air_check; print(air_check.binary()); print(air_check.lint('module {\\n  func.func @f() {\\n    return\\n  }\\n}').ok)"


def run(env_extra, pythonpath):
    env = dict(os.environ, PYTHONPATH=pythonpath, **env_extra)
    p = subprocess.run([sys.executable, "-c", probe], env=env, capture_output=True, text=True)
    out = (p.stdout + p.stderr.strip().splitlines()[-1:][0] if p.stderr.strip() else p.stdout)
    return out.replace(tmp, "TMP").replace(prefix, "PREFIX")


site = os.environ["PYTHONPATH"]
print("installed:", run({}, site).split())
# CHECK: installed: ['PREFIX/bin/air-check', 'True']

# $AIR_CHECK first: a wrapper that logs, then runs the real one.
wrapper = os.path.join(tmp, "bin", "air-check")
with open(wrapper, "w") as f:
    f.write("#!/bin/sh\necho ran >> %s/log\nexec %s \"$@\"\n" % (tmp, exe))
os.chmod(wrapper, 0o755)
print("AIR_CHECK:", run({"AIR_CHECK": wrapper}, site).split(), open(os.path.join(tmp, "log")).read().split())
# CHECK: AIR_CHECK: ['TMP/bin/air-check', 'True'] ['ran']
print("bad AIR_CHECK:", run({"AIR_CHECK": os.path.join(tmp, "nothing")}, site).strip())
# CHECK: bad AIR_CHECK: air_check._errors.NotInstalled: AIR_CHECK names 'TMP/nothing', which is not an executable file

# A copy of the package with no bin folder next to it: PATH, else nothing.
shutil.copytree(os.path.join(site, "air_check"), os.path.join(tmp, "site", "air_check"))
copy = os.path.join(tmp, "site")
print("PATH:", run({"PATH": os.path.join(prefix, "bin") + os.pathsep + os.environ["PATH"]}, copy).split())
# CHECK: PATH: ['PREFIX/bin/air-check', 'True']
print("none:", run({"PATH": "/nonexistent"}, copy).strip())
# CHECK: none: air_check._errors.NotInstalled: no air-check binary: not next to the package (<prefix>/bin), not on PATH, and AIR_CHECK is not set
