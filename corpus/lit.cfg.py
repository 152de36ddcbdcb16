# corpus/ as a lit suite. Programs carry no RUN lines; the directory says
# what each must do:
#   positive/  lints clean (exit 0) and round-trips: parse, print, parse
#              again gives the same IR (compared in generic form) and the
#              same custom printing.
#   negative/  carries expected-error/-warning/-note annotations that
#              `air-check lint --verify-diagnostics` must match exactly, and
#              plain `air-check lint` must exit 1 (or 2 for a parse error).
import os
import sys

sys.path.insert(0, os.path.join(config.air_source_dir, "tests", "lit"))
import corpusformat  # noqa: E402

config.name = "air-check-corpus"
config.test_format = corpusformat.CorpusFormat()
config.test_source_root = os.path.dirname(__file__)
config.test_exec_root = os.path.join(os.path.dirname(config.air_bin_dir), "corpus")
config.excludes = ["lit.cfg.py", "lit.site.cfg.py.in", "README.md"]
