"""The design model of the aie oracle: small aie designs as Python objects.

A Design is one `aie.device`: tiles (by coordinates), locks, buffers, the
cores' lock programs, BD chains, flows between DMA channels, shim DMA
allocations and the host's runtime sequence. The printer (printer.py)
writes it in the textual forms air-check reads (docs/aie.md, "Syntax");
the parser (parser.py) reads that subset back, so handwritten designs and
saved findings can be explored too; the explorer (explorer.py) gives it
the semantics of docs/aie.md's prose, "The deadlock analysis".
"""


class Lock:
    def __init__(self, name, tile, lid, init):
        self.name = name          # sym_name, also the SSA name
        self.tile = tile          # (col, row)
        self.lid = lid
        self.init = init

    def __repr__(self):
        return "Lock(%s, %r, %d, init=%d)" % (self.name, self.tile, self.lid, self.init)


class UseLock:
    """aie.use_lock(%lock, AcquireGreaterEqual | Release, v)."""

    def __init__(self, lock, kind, value=1):
        assert kind in ("acq", "rel")
        self.lock = lock
        self.kind = kind
        self.value = value

    def __repr__(self):
        return "%s(%s,%d)" % (self.kind, self.lock.name, self.value)


class For:
    """scf.for with constant bounds 0..trips step 1; trips == FOREVER is
    mlir-aie's forever loop (4294967295)."""

    def __init__(self, trips, body):
        self.trips = trips
        self.body = body

    def __repr__(self):
        return "For(%d, %r)" % (self.trips, self.body)


FOREVER = 4294967295


class Cascade:
    """aie.cascade_flow(%src, %dst): the core of src passes values to the
    core of dst (south or east on AIE2)."""

    def __init__(self, src, dst):
        self.src, self.dst = src, dst


class CPut:
    """aie.put_cascade of one value on `cascade`."""

    def __init__(self, cascade):
        self.cascade = cascade

    def __repr__(self):
        return "put"


class CGet:
    """aie.get_cascade of one value from `cascade`."""

    def __init__(self, cascade):
        self.cascade = cascade

    def __repr__(self):
        return "get"


class Core:
    def __init__(self, tile, body):
        self.tile = tile
        self.body = body          # UseLock, CPut, CGet and For


class Block:
    """A block of a BD chain: use_locks, one dma_bd, use_locks."""

    def __init__(self, buf, words, pre=(), post=()):
        self.buf = buf            # (name, size in i32)
        self.words = words
        self.pre = list(pre)
        self.post = list(post)


class Chain:
    """A dma_start and its blocks, in order; the last block's next_bd leads
    to block `loop_to` (None: to aie.end, and the chain runs repeat+1
    times)."""

    def __init__(self, tile, direction, channel, blocks, loop_to=None, repeat=0):
        self.tile = tile
        self.dir = direction      # "MM2S" or "S2MM"
        self.ch = channel
        self.blocks = blocks
        self.loop_to = loop_to
        self.repeat = repeat

    @property
    def port(self):
        return (self.tile, self.dir, self.ch)

    def __repr__(self):
        return "Chain(%r %s %d)" % (self.tile, self.dir, self.ch)


class Flow:
    """aie.flow(%src, DMA : sch, %dst, DMA : dch): src's MM2S sch feeds
    dst's S2MM dch."""

    def __init__(self, src, sch, dst, dch):
        self.src, self.sch, self.dst, self.dch = src, sch, dst, dch


class Alloc:
    """aie.shim_dma_allocation @name(%shim, dir, ch)."""

    def __init__(self, name, tile, direction, channel):
        self.name = name
        self.tile = tile
        self.dir = direction
        self.ch = channel

    @property
    def port(self):
        return (self.tile, self.dir, self.ch)


class Push:
    """A task pushed onto an allocation's channel: words in 32-bit words.
    style "memcpy": aiex.npu.dma_memcpy_nd with sizes `sizes` (product =
    words); style "task": dma_configure_task_for + dma_start_task (a BD of
    `bd_words`, repeat_count `repeat`: words = bd_words * (repeat+1)), and
    `await_it` puts a dma_await_task right after the start."""

    def __init__(self, alloc, sizes=None, style="memcpy", bd_words=0, repeat=0,
                 await_it=False):
        self.alloc = alloc
        self.style = style
        self.sizes = sizes
        self.bd_words = bd_words
        self.repeat = repeat
        self.await_it = await_it

    @property
    def words(self):
        if self.style == "memcpy":
            p = 1
            for s in self.sizes:
                p *= s
            return p
        return self.bd_words * (self.repeat + 1)

    def __repr__(self):
        return "Push(%s,%d%s)" % (self.alloc.name, self.words, ",await" if self.await_it else "")


class Await:
    """aiex.dma_await_task(%t) of a task pushed earlier in the same body (a
    Push of style "task")."""

    def __init__(self, push):
        self.push = push

    def __repr__(self):
        return "Await(%r)" % self.push


class Wait:
    """aiex.npu.dma_wait {symbol = @alloc}."""

    def __init__(self, alloc):
        self.alloc = alloc

    def __repr__(self):
        return "Wait(%s)" % self.alloc.name


class Design:
    def __init__(self, device="npu1_1col", name="d"):
        self.device = device
        self.name = name
        self.tiles = []           # (col, row), shims first
        self.locks = []
        self.buffers = []         # (name, tile, size)
        self.cores = []
        self.chains = []
        self.flows = []
        self.allocs = []
        self.cascades = []        # Cascade
        self.host = None          # None: no runtime sequence; else a list of Push, Wait, For
        self.host_args = []       # (name, size) of the sequence's memref arguments

    def tile(self, col, row):
        if (col, row) not in self.tiles:
            self.tiles.append((col, row))
        return (col, row)

    def lock(self, tile, init, name=None):
        lid = sum(1 for l in self.locks if l.tile == tile)
        l = Lock(name or "l%d_%d_%d" % (tile[0], tile[1], lid), tile, lid, init)
        self.locks.append(l)
        return l

    def buffer(self, tile, size, name=None):
        name = name or "b%d_%d_%d" % (tile[0], tile[1], sum(1 for b in self.buffers if b[1] == tile))
        self.buffers.append((name, tile, size))
        return (name, size)
