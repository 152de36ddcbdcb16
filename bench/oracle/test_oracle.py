#!/usr/bin/env python3
"""Tests of the oracle itself: hand-written programs whose verdicts the
seed or docs/semantics.md state, and the explorer's reductions against
every interleaving on random programs.

Run: python3 bench/oracle/test_oracle.py
"""
import os
import random
import sys
import unittest

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

from oracle.explorer import explore                       # noqa: E402
from oracle.generator import generate                     # noqa: E402
from oracle.minimise import minimise                      # noqa: E402
from oracle.model import (Affine, Buffer, Channel, For, Herd, Launch, Parallel,  # noqa: E402
                          Program, Segment, Transfer, WaitAll)
from oracle.printer import print_program                  # noqa: E402
from oracle.semantics import unroll                       # noqa: E402


def verdicts(prog):
    return tuple(explore(unroll(prog, m)).verdict() for m in ("serial", "parallel"))


def seg_prog(chans, body, herds=(), launch_shape=()):
    l2 = Buffer("l2", 1)
    seg = Segment("s", allocs=[l2], body=body(l2) + list(herds))
    return Program(chans, [], [Launch("L", launch_shape, body=[seg])])


def herd(body, shape=(1,)):
    l1 = Buffer("l1", 2)
    h = Herd("h", shape, allocs=[l1])
    h.body = body(l1, h.ids)
    return h


class Seed(unittest.TestCase):
    def test_minimal_deadlock(self):
        # seed 000 2.5: a put and then a get of one depth-1 channel in one
        # segment body (channel order keeps them in program order)
        c = Channel("c", (), 1)
        p = seg_prog([c], lambda b: [Transfer("put", c, (), b), Transfer("get", c, (), b)])
        self.assertEqual(verdicts(p), ("deadlock", "deadlock"))

    def test_minimal_deadlock_depth2(self):
        c = Channel("c", (), 2)
        p = seg_prog([c], lambda b: [Transfer("put", c, (), b), Transfer("get", c, (), b)])
        self.assertEqual(verdicts(p), ("complete", "complete"))

    def test_herd_producer_consumer(self):
        # co-resident: the segment body's put and a herd's get
        c = Channel("c", (), 1)
        h = herd(lambda b, ids: [Transfer("get", c, (), b)])
        p = seg_prog([c], lambda b: [Transfer("put", c, (), b)], [h])
        self.assertEqual(verdicts(p), ("complete", "complete"))

    def test_sync_herd_body_order(self):
        # a herd body is sequential: get before put on a rendezvous with a
        # segment body that puts after it gets
        a, b_ = Channel("a", (), 1), Channel("b", (), 1)
        h = herd(lambda b, ids: [Transfer("get", a, (), b), Transfer("put", b_, (), b)])
        l2b = Buffer("m", 1)
        p = seg_prog([a, b_], lambda b: [Transfer("get", b_, (), b), Transfer("put", a, (), l2b)], [h])
        p.body[0].body[0].allocs.append(l2b)
        # the get (writes l2) and the put (reads m) do not depend on each
        # other and are on different channels: they run at once
        self.assertEqual(verdicts(p), ("complete", "complete"))

    def test_run_ahead(self):
        # depth N lets a producer run N - 1 transfers ahead: three puts before
        # three gets in one herd body need depth 4
        for depth, want in ((1, "deadlock"), (3, "deadlock"), (4, "complete")):
            c = Channel("c", (), depth)
            h = herd(lambda b, ids: [For(3, [Transfer("put", c, (), b)]),
                                     For(3, [Transfer("get", c, (), b)])])
            p = seg_prog([c], lambda b: [], [h])
            self.assertEqual(verdicts(p), (want, want), "depth %d" % depth)

    def test_token_wait(self):
        # an async put that waits for a token of a get it feeds: a cycle
        c = Channel("c", (), 1)

        def body(b):
            g = Transfer("get", c, (), b, True)
            return [g, Transfer("put", c, (), b, True, [g])]
        p = seg_prog([c], body)
        self.assertEqual(verdicts(p), ("deadlock", "deadlock"))


class Broadcast(unittest.TestCase):
    def test_all_destinations(self):
        c = Channel("b", (1, 1), 1, (2, 2))
        h = herd(lambda b, ids: [Transfer("get", c, ids, b)], (2, 2))
        p = seg_prog([c], lambda b: [Transfer("put", c, (0, 0), b)], [h])
        self.assertEqual(verdicts(p), ("complete", "complete"))

    def test_size_one_dimension_matches_every_index(self):
        # broadcast_shape [1, 2]: a get's index in the size-1 dimension is 0
        c = Channel("b", (1, 1), 1, (1, 2))
        h = herd(lambda b, ids: [Transfer("get", c, ids, b)], (2, 2))
        p = seg_prog([c], lambda b: [Transfer("put", c, (0, 0), b), Transfer("put", c, (0, 0), b)], [h])
        # two puts, two gets per destination; the segment body's two puts
        # keep their order and each meets two tiles
        self.assertEqual(verdicts(p), ("complete", "complete"))

    def test_missing_destination_blocks_the_put(self):
        c = Channel("b", (1,), 1, (3,))
        h = herd(lambda b, ids: [Transfer("get", c, ids, b)], (2,))
        p = seg_prog([c], lambda b: [Transfer("put", c, (0,), b)], [h])
        self.assertEqual(verdicts(p), ("deadlock", "deadlock"))


class Launches(unittest.TestCase):
    def test_host_channel_shared_by_instances(self):
        # semantics.md 3: the host's channel is one FIFO for every instance
        c = Channel("c", (), 1)
        a = Buffer("a", 0)
        h = herd(lambda b, ids: [Transfer("get", c, (), b)])
        seg = Segment("s", body=[h])
        p = Program([c], [a], [For(2, [Transfer("put", c, (), a)]), Launch("L", (2,), body=[seg])])
        self.assertEqual(verdicts(p), ("complete", "complete"))

    def test_host_relay_through_two_instances(self):
        # the host puts twice and gets twice; each of two instances relays
        # one transfer (which instance meets which is up to the schedule)
        i, o = Channel("in", ()), Channel("out", ())
        a, b = Buffer("a", 0), Buffer("b", 0)
        h = herd(lambda l1, ids: [Transfer("get", i, (), l1), Transfer("put", o, (), l1)])
        p = Program([i, o], [a, b], [For(2, [Transfer("put", i, (), a)]),
                                     Launch("L", (2,), body=[Segment("s", body=[h])]),
                                     For(2, [Transfer("get", o, (), b)])])
        self.assertEqual(verdicts(p), ("complete", "complete"))

    def test_two_launches_never_meet(self):
        c = Channel("c", (), 1)
        a = Buffer("a", 0)
        p = Program([c], [a], [Launch("L", body=[Transfer("put", c, (), a)]),
                               Launch("L", body=[Transfer("get", c, (), a)])])
        self.assertEqual(verdicts(p), ("deadlock", "deadlock"))

    def test_bare_herds_are_launches(self):
        # section 2: each bare herd is a launch; launches run one after another
        c = Channel("c", (), 1)
        h1 = herd(lambda b, ids: [Transfer("put", c, (), b)])
        h2 = herd(lambda b, ids: [Transfer("get", c, (), b)])
        p = Program([c], [], [h1, h2])
        self.assertEqual(verdicts(p), ("deadlock", "deadlock"))

    def test_bare_herd_with_host(self):
        # issue 18.1's shape: host scf.parallel of puts, a bare 2x2 herd,
        # host scf.parallel of gets
        a, c_ = Channel("a", (2, 2)), Channel("c", (2, 2))
        A, C = Buffer("A", 0), Buffer("C", 0)
        h = herd(lambda b, ids: [Transfer("get", a, ids, b), Transfer("put", c_, ids, b)], (2, 2))
        p1, p2 = Parallel((2, 2)), Parallel((2, 2))
        p1.body = [Transfer("put", a, p1.ivs, A)]
        p2.body = [Transfer("get", c_, p2.ivs, C)]
        p = Program([a, c_], [A, C], [p1, h, p2])
        self.assertEqual(verdicts(p), ("complete", "complete"))


class Ordering(unittest.TestCase):
    def test_data_dependence_orders(self):
        # a get writing the buffer a later put reads: the put waits for it
        c, d = Channel("c", (), 1), Channel("d", (), 1)
        h = herd(lambda b, ids: [Transfer("put", d, (), b), Transfer("get", c, (), b)])
        p = seg_prog([c, d], lambda b: [Transfer("get", d, (), b), Transfer("put", c, (), b)], [h])
        self.assertEqual(verdicts(p), ("complete", "complete"))
        # the other way round: the put waits for the get that needs the herd's
        # put, which comes after the herd's get of the put: a cycle
        h = herd(lambda b, ids: [Transfer("get", c, (), b), Transfer("put", d, (), b)])
        p = seg_prog([c, d], lambda b: [Transfer("get", d, (), b), Transfer("put", c, (), b)], [h])
        self.assertEqual(verdicts(p), ("deadlock", "deadlock"))

    def test_async_ops_order_by_tokens_only(self):
        c = Channel("c", (), 1)

        def body(b):
            return [Transfer("put", c, (), b, True), Transfer("get", c, (), b, True)]
        self.assertEqual(verdicts(seg_prog([c], body)), ("complete", "complete"))

    def test_barrier(self):
        c = Channel("c", (), 1)

        def body(b):
            t = Transfer("put", c, (), b, True)
            return [t, WaitAll(False, [t]), Transfer("get", c, (), b, True)]
        self.assertEqual(verdicts(seg_prog([c], body)), ("deadlock", "deadlock"))

    def test_token_loop_waits_for_earlier_sync_ops(self):
        # an scf.for carrying a token is an op with a token: it still waits
        # for the earlier synchronous ops it depends on (channel order)
        c = Channel("c", (), 2)
        m = Buffer("m", 1)

        def body(b):
            loop = For(2, inits=[WaitAll(True)])
            loop.body = [Transfer("get", c, (), m, True, [loop.iter_args[0]])]
            loop.yields = [loop.body[0]]
            return [For(2, [Transfer("put", c, (), b)]), loop.inits[0], loop]
        p = seg_prog([c], body)
        p.body[0].body[0].allocs.append(m)
        self.assertEqual(verdicts(p), ("deadlock", "deadlock"))

    def test_racing_puts(self):
        # two places put, one gets in a fixed order: which put meets which
        # get depends on the schedule; here every schedule completes
        c = Channel("c", (), 1)
        h1 = herd(lambda b, ids: [Transfer("put", c, (), b)])
        h2 = herd(lambda b, ids: [For(2, [Transfer("get", c, (), b)])])
        p = seg_prog([c], lambda b: [Transfer("put", c, (), b, True)], [h1, h2])
        self.assertEqual(verdicts(p), ("complete", "complete"))

    def test_mixed(self):
        # herds A and B race to put on c; the segment gets c, puts d to A,
        # gets c again. If B's put is taken first, A's put waits for the
        # second get, which waits (token) for the put of d, which waits for
        # A's get of d, which comes after A's put: a cycle
        c, d = Channel("c", (), 1), Channel("d", (), 1)
        ha = herd(lambda b, ids: [Transfer("put", c, (), b), Transfer("get", d, (), b)])
        hb = herd(lambda b, ids: [Transfer("put", c, (), b)])
        m = Buffer("m", 1)

        def body(b):
            g1 = Transfer("get", c, (), b, True)
            pd = Transfer("put", d, (), m, True, [g1])
            return [g1, pd, Transfer("get", c, (), b, True, [pd])]
        p = seg_prog([c, d], body, [ha, hb])
        p.body[0].body[0].allocs.append(m)
        self.assertEqual(verdicts(p), ("mixed", "mixed"))


class Explorer(unittest.TestCase):
    def test_reductions_are_exact(self):
        rng = random.Random(11)
        n = 0
        while n < 60:
            p = generate(rng, max_transfers=10)
            for m in ("serial", "parallel"):
                g = unroll(p, m)
                got = {r: explore(g, 200000, r).verdict() for r in ("none", "eager", "stubborn")}
                if "too-big" in got.values():
                    continue
                self.assertEqual(len(set(got.values())), 1, (got, print_program(p)[0]))
            n += 1

    def test_witness(self):
        c = Channel("c", (), 1)
        p = seg_prog([c], lambda b: [Transfer("put", c, (), b), Transfer("get", c, (), b)])
        r = explore(unroll(p, "parallel"))
        self.assertIn("put #0 on @c[] of launch instance [] waits for get #0", r.witness[0][0])


class Tools(unittest.TestCase):
    def test_printer_threads_args(self):
        c = Channel("c", (2,), 1)
        a = Buffer("a", 0)
        seg = Segment("s", (2,))
        h = herd(lambda b, ids: [Transfer("get", c, (Affine(0, ((seg.ids[0], 1),)),), b)], (1,))
        seg.body = [Transfer("put", c, seg.ids, a), h]
        text, _ = print_program(Program([c], [a], [Launch("L", body=[seg])]))
        self.assertIn("air.segment @s unroll(", text)
        self.assertIn("args(", text)

    def test_minimise(self):
        c, d = Channel("c", (), 1), Channel("d", (), 1)
        p = seg_prog([c, d], lambda b: [Transfer("put", d, (), b, True), Transfer("put", c, (), b),
                                       Transfer("get", c, (), b), Transfer("get", d, (), b, True)])
        small = minimise(p, lambda q: verdicts(q)[0] == "deadlock")
        self.assertEqual([ch.name for ch in small.channels], ["c"])


if __name__ == "__main__":
    unittest.main()
