#!/usr/bin/env python3
"""Tests of the aie oracle itself: handwritten designs whose verdicts
docs/aie.md's prose states, the lit tests' designs with the verdicts their
expected diagnostics give, and the printer/parser round trip.

Run: python3 bench/aie_oracle/test_aie_oracle.py
"""
import os
import random
import sys
import unittest

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.dirname(HERE))
ROOT = os.path.dirname(os.path.dirname(HERE))

from aie_oracle.explorer import explore                   # noqa: E402
from aie_oracle.generator import generate, generate_cascade  # noqa: E402
from aie_oracle.parser import parse                       # noqa: E402
from aie_oracle.printer import print_design               # noqa: E402

PIPE = """
module {
  aie.device(npu1_1col) @pipe {
    %shim = aie.tile(0, 0)
    %t = aie.tile(0, 2)
    %prod = aie.lock(%t, 0) {init = 1 : i32, sym_name = "prod"}
    %cons = aie.lock(%t, 1) {init = 0 : i32, sym_name = "cons"}
    %buf = aie.buffer(%t) {sym_name = "buf"} : memref<16xi32>
    %mem = aie.mem(%t) {
      %0 = aie.dma_start(S2MM, 0, ^bd, ^end)
    ^bd:
      aie.use_lock(%prod, AcquireGreaterEqual, 1)
      aie.dma_bd(%buf : memref<16xi32>, 0, 16)
      aie.use_lock(%cons, Release, 1)
      aie.next_bd ^bd
    ^end:
      aie.end
    }
    %core = aie.core(%t) {
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %cN = arith.constant TRIPS : index
      scf.for %i = %c0 to %cN step %c1 {
        aie.use_lock(%cons, AcquireGreaterEqual, 1)
        aie.use_lock(%prod, Release, 1)
      }
      aie.end
    }
    aie.flow(%shim, DMA : 0, %t, DMA : 0)
    aie.shim_dma_allocation @in(%shim, MM2S, 0)
    aie.runtime_sequence(%a: memref<64xi32>) {
HOST
    }
  }
}
"""


def pipe(trips, host):
    return parse(PIPE.replace("TRIPS", str(trips)).replace("HOST", host))


def push(words):
    return ("aiex.npu.dma_memcpy_nd(%%a[0, 0, 0, 0][1, 1, 1, %d][0, 0, 0, 1]) "
            "{id = 0 : i64, metadata = @in} : memref<64xi32>\n" % words)


WAIT = "aiex.npu.dma_wait {symbol = @in}\n"


class Handwritten(unittest.TestCase):
    def test_pipe_clean(self):
        # 64 words in one task into 4 BDs of 16, the core takes 4: ok
        self.assertEqual(explore(pipe(4, push(64) + WAIT)).verdict, "ok")

    def test_pipe_half_words_per_task(self):
        # 8 tasks of 8 words, a wait every four: each BD filled by two tasks
        host = (push(8) * 4 + WAIT) * 2
        self.assertEqual(explore(pipe(4, host)).verdict, "ok")

    def test_pipe_overflow(self):
        # the fifth push without a wait finds 4 unfinished tasks
        r = explore(pipe(4, push(8) * 8 + WAIT))
        self.assertEqual(r.verdict, "overflow")
        self.assertEqual(explore(pipe(4, push(8) * 8 + WAIT), polling=True).verdict, "ok")

    def test_pipe_core_wants_more(self):
        # the core takes 5 buffers, the host sends 4: the core is stuck
        self.assertEqual(explore(pipe(5, push(64) + WAIT)).verdict, "deadlock")

    def test_pipe_core_takes_fewer(self):
        # the core takes 2 buffers of the 4 sent: the chain fills a third and
        # waits for the core to free it; the host's wait never returns
        r = explore(pipe(2, push(64) + WAIT))
        self.assertEqual(r.verdict, "deadlock")
        # with 3, the freed buffer takes the fourth BD: ok
        self.assertEqual(explore(pipe(3, push(64) + WAIT)).verdict, "ok")
        # without the wait, the dispatch ends with 16 words left in the shim
        r = explore(pipe(2, push(64)))
        self.assertEqual(r.verdict, "unclean")

    def test_no_wait_but_drains(self):
        # no wait, but every word can still move: a clean end
        self.assertEqual(explore(pipe(4, push(64))).verdict, "ok")

    def test_half_bd(self):
        # 24 words: the second BD is half full when the queue is empty; the
        # core waits for it for ever
        r = explore(pipe(1, push(24) + WAIT))
        self.assertEqual(r.verdict, "unclean")
        self.assertEqual(explore(pipe(2, push(24) + WAIT)).verdict, "deadlock")

    def test_zero_words(self):
        # a task of 0 words finishes at once (findings/zero_word_task.mlir)
        zero = ("aiex.npu.dma_memcpy_nd(%a[0, 0, 0, 0][1, 1, 0, 16][0, 0, 0, 1]) "
                "{id = 1 : i64, metadata = @in} : memref<64xi32>\n")
        self.assertEqual(explore(pipe(1, push(16) + zero + WAIT)).verdict, "ok")
        self.assertEqual(explore(pipe(1, zero + WAIT)).verdict, "deadlock")   # the core waits

    def test_livelock_is_a_deadlock(self):
        # two chains hand buffers around for ever while the core waits on a
        # lock nothing releases: the core can never move again
        text = """
module {
  aie.device(npu1_1col) @live {
    %t2 = aie.tile(0, 2)
    %t3 = aie.tile(0, 3)
    %b2 = aie.buffer(%t2) : memref<8xi32>
    %b3 = aie.buffer(%t3) : memref<8xi32>
    %never = aie.lock(%t2, 0) {init = 0 : i32, sym_name = "never"}
    %x = aie.lock(%t2, 1) {init = 1 : i32, sym_name = "x"}
    %m2 = aie.mem(%t2) {
      %0 = aie.dma_start(MM2S, 0, ^a, ^end)
    ^a:
      aie.use_lock(%x, AcquireGreaterEqual, 1)
      aie.dma_bd(%b2 : memref<8xi32>, 0, 8)
      aie.use_lock(%x, Release, 1)
      aie.next_bd ^a
    ^end:
      aie.end
    }
    %m3 = aie.mem(%t3) {
      %0 = aie.dma_start(S2MM, 0, ^a, ^end)
    ^a:
      aie.dma_bd(%b3 : memref<8xi32>, 0, 8)
      aie.next_bd ^a
    ^end:
      aie.end
    }
    %c = aie.core(%t2) {
      aie.use_lock(%never, AcquireGreaterEqual, 1)
      aie.end
    }
    aie.flow(%t2, DMA : 0, %t3, DMA : 0)
  }
}
"""
        r = explore(parse(text))
        self.assertEqual(r.verdict, "deadlock")
        self.assertGreater(r.states, 1)

    def test_competing_acquires(self):
        # two cores acquire one lock of value 1 and give it back: ok in every
        # order; one of them not giving it back: the other may starve
        text = """
module {
  aie.device(npu1_1col) @share {
    %t2 = aie.tile(0, 2)
    %t3 = aie.tile(0, 3)
    %l = aie.lock(%t2, 0) {init = 1 : i32, sym_name = "l"}
    %c2 = aie.core(%t2) {
      aie.use_lock(%l, AcquireGreaterEqual, 1)
      aie.use_lock(%l, Release, 1)
      aie.end
    }
    %c3 = aie.core(%t3) {
      aie.use_lock(%l, AcquireGreaterEqual, 1)
      RELEASE
      aie.end
    }
  }
}
"""
        ok = text.replace("RELEASE", "aie.use_lock(%l, Release, 1)")
        self.assertEqual(explore(parse(ok)).verdict, "ok")
        self.assertEqual(explore(parse(text.replace("RELEASE", ""))).verdict, "deadlock")


class LitDesigns(unittest.TestCase):
    """The designs of tests/lit/checkers/aie-host.mlir and aie-deadlock.mlir,
    with the verdicts their expected diagnostics state."""

    def check(self, path, expected, polling=False):
        with open(os.path.join(ROOT, "tests", "lit", "checkers", path)) as f:
            src = f.read()
        for name, verdict in expected.items():
            with self.subTest(name=name):
                self.assertEqual(explore(parse(src, name), polling=polling).verdict, verdict)

    def test_host(self):
        self.check("aie-host.mlir", {
            "host_waits_forever": "deadlock", "eight_pushes": "overflow",
            "waits_every_four": "ok", "words_left": "unclean", "bd_half_full": "unclean",
            "no_core": "ok", "wait_on_another_channel": "overflow",
            "wait_on_another_channel_swapped": "overflow"})

    def test_host_polling(self):
        self.check("aie-host.mlir", {"eight_pushes": "ok", "wait_on_another_channel": "ok"},
                   polling=True)

    def test_deadlock(self):
        self.check("aie-deadlock.mlir", {
            "two_cores": "deadlock", "through_flow": "deadlock",
            "chain_waits_after_core": "ok", "forever": "ok", "forever_deadlock": "deadlock"})


CASCADE = """
module {
  aie.device(npu1_1col) @c {
    %t2 = aie.tile(0, 2)
    %t3 = aie.tile(0, 3)
    %x = aie.lock(%t3, 0) {init = 0 : i32, sym_name = "x"}
    %core_0_2 = aie.core(%t2) {
      %s
      aie.end
    }
    %core_0_3 = aie.core(%t3) {
      %cv = arith.constant dense<0> : vector<16xi32>
      %s
      aie.end
    }
    aie.cascade_flow(%t3, %t2)
  }
}
"""

PUT = "aie.put_cascade(%cv : vector<16xi32>)"
GET = "%g = aie.get_cascade() : vector<16xi32>"
ACQ = "aie.use_lock(%x, AcquireGreaterEqual, 1)"
REL = "aie.use_lock(%x, Release, 1)"


def cascade(receiver, sender):
    return parse(CASCADE.replace("%s", "\n      ".join(receiver), 1)
                 .replace("%s", "\n      ".join(sender), 1))


class Cascades(unittest.TestCase):
    """docs/aie.md, "Cascade streams": a stream holds from 1 to 4 values,
    every room is explored, and the first that is not fine is the verdict."""

    def test_values_pass_down(self):
        self.assertEqual(explore(cascade([GET] * 4, [PUT] * 4)).verdict, "ok")

    def test_two_puts_before_the_hand_off_need_room_for_two(self):
        r = explore(cascade([ACQ, GET, GET], [PUT, PUT, REL]))
        self.assertEqual(r.verdict, "deadlock")
        self.assertIn("room 1", r.detail)

    def test_five_puts_before_the_hand_off_never_fit(self):
        r = explore(cascade([ACQ] + [GET] * 5, [PUT] * 5 + [REL]))
        self.assertEqual(r.verdict, "deadlock")

    def test_get_before_put_waits_for_ever(self):
        r = explore(cascade([GET, REL], [ACQ, PUT]))
        self.assertEqual(r.verdict, "deadlock")


class RoundTrip(unittest.TestCase):
    def test_print_parse_print(self):
        for i in range(100):
            d, desc = generate(random.Random(i), "d%d" % i)
            t = print_design(d, desc)
            self.assertEqual(print_design(parse(t), desc), t, "design %d" % i)

    def test_cascades(self):
        for i in range(50):
            d, desc = generate_cascade(random.Random(i), "d%d" % i)
            t = print_design(d, desc)
            self.assertEqual(print_design(parse(t), desc), t, "design %d" % i)


if __name__ == "__main__":
    unittest.main()
