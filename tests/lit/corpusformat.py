"""lit test format for corpus/: programs without RUN lines, judged by the
directory they sit in. Kept in a module (not in lit.cfg.py) so that lit's
worker processes can unpickle it."""
import os
import subprocess

import lit.formats
import lit.Test


def _run(cmd, stdin=None):
    p = subprocess.run(cmd, input=stdin, capture_output=True, text=True, timeout=120)
    return p.returncode, p.stdout, p.stderr


class CorpusFormat(lit.formats.TestFormat):
    def getTestsInDirectory(self, testSuite, path_in_suite, litConfig, localConfig):
        source_path = testSuite.getSourcePath(path_in_suite)
        for name in sorted(os.listdir(source_path)):
            if name.endswith(".mlir") and os.path.isfile(os.path.join(source_path, name)):
                yield lit.Test.Test(testSuite, path_in_suite + (name,), localConfig)

    def execute(self, test, litConfig):
        path = test.getSourcePath()
        kind = test.path_in_suite[0]
        tool = lambda name: os.path.join(test.config.air_bin_dir, name)
        log = []

        def fail(msg):
            return lit.Test.FAIL, "\n".join(log + [msg])

        if kind == "positive":
            # Clean, and proven deadlock-free; or, where a proof is out of
            # reach, exactly the `unknown` warnings the program annotates.
            text = open(path, encoding="utf-8").read()
            if "expected-" in text:
                if "expected-error" in text:
                    return fail("a positive program must not expect errors")
                rc, out, err = _run([tool("air-check"), "lint", "--verify-diagnostics", path])
                log.append("$ air-check lint --verify-diagnostics %s  (exit %d)\n%s%s" % (path, rc, out, err))
                if rc != 0:
                    return fail("diagnostics do not match the annotations")
                rc, out, err = _run([tool("air-check"), "lint", path])
                log.append("$ air-check lint %s  (exit %d)\n%s" % (path, rc, err))
                if rc != 0 or " 0 errors" not in err:
                    return fail("expected lint to exit 0 without errors")
            else:
                rc, out, err = _run([tool("air-check"), "lint", "--show-proofs", path])
                log.append("$ air-check lint --show-proofs %s  (exit %d)\n%s" % (path, rc, err))
                if rc != 0 or "0 errors, 0 warnings" not in err:
                    return fail("expected a clean lint (exit 0, no findings)")
                # aie designs too: aie-deadlock proves "deadlock freedom of
                # the array".
                if "proven: deadlock freedom" not in err:
                    return fail("expected deadlock freedom to be proven")
            rc, printed, err = _run([tool("air-opt"), path])
            if rc != 0:
                return fail("air-opt failed:\n" + err)
            rc, reprinted, err = _run([tool("air-opt"), "-"], stdin=printed)
            if rc != 0:
                return fail("re-parsing the printed IR failed:\n" + err + "\n" + printed)
            if printed != reprinted:
                return fail("print -> parse -> print changed the IR:\n" + printed + "\n---\n" + reprinted)
            rc, generic1, err1 = _run([tool("air-opt"), "-mlir-print-op-generic", path])
            rc2, generic2, err2 = _run([tool("air-opt"), "-mlir-print-op-generic", "-"], stdin=printed)
            if rc or rc2 or generic1 != generic2:
                return fail("the re-parsed IR differs from the original (generic form)")
            return lit.Test.PASS, ""

        if kind == "negative":
            text = open(path, encoding="utf-8").read()
            if "expected-" not in text:
                return fail("a negative program must annotate the diagnostics it expects")
            rc, out, err = _run([tool("air-check"), "lint", "--verify-diagnostics", path])
            log.append("$ air-check lint --verify-diagnostics %s  (exit %d)\n%s%s" % (path, rc, out, err))
            if rc != 0:
                return fail("diagnostics do not match the annotations")
            rc, out, err = _run([tool("air-check"), "lint", path])
            if rc not in (1, 2):
                return fail("plain lint exited %d; a negative program must fail" % rc)
            return lit.Test.PASS, ""

        return lit.Test.UNSUPPORTED, "not under positive/ or negative/"
