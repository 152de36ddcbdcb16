# lit configuration for air-check's tool tests.
import os
import lit.formats

config.name = "air-check"
# External shell: tests check exact exit codes with `$?`.
config.test_format = lit.formats.ShTest(execute_external=True)
config.suffixes = [".mlir", ".test"]
config.excludes = ["Inputs", "lit.cfg.py", "lit.site.cfg.py.in", "corpusformat.py", "__pycache__"]
config.test_source_root = os.path.dirname(__file__)
config.test_exec_root = os.path.join(os.path.dirname(config.air_bin_dir), "tests", "lit")
config.environment["PATH"] = os.pathsep.join(
    [config.air_bin_dir, config.llvm_tools_dir, config.environment.get("PATH", os.environ.get("PATH", ""))])
config.substitutions.append(("%air_src", config.air_source_dir))
config.substitutions.append(("%air_check_bin", os.path.join(config.air_bin_dir, "air-check")))
config.substitutions.append(("%air_build", os.path.dirname(config.air_bin_dir)))
