"""core.heap: what a batch freed goes back to the system before the next batch."""

import numpy as np
import pyarrow as pa
import pytest

from corefprep.core.heap import _malloc_trim, frozen_for_fork, give_back


def _private_dirty_mib() -> float:
    with open("/proc/self/smaps_rollup") as f:
        for line in f:
            if line.startswith("Private_Dirty:"):
                return int(line.split()[1]) / 1024
    pytest.skip("no /proc/self/smaps_rollup here")


def test_freed_arrow_buffers_and_heap_chunks_are_handed_back():
    pa.array(np.arange(10)).cast(pa.float64())  # Arrow's one-time set-up (~30 MiB) is not what is measured
    give_back()
    before = _private_dirty_mib()
    # Arrow buffers (Arrow's own pool) and ~2 KB Python objects (the C heap), every 50th kept, so
    # the heap cannot simply shrink from its top: what a batch's writing and documents leave behind
    tables = [pa.array(np.arange(1_000_000) * i).cast(pa.float64()) for i in range(12)]
    texts = [b"\xea" * 2048 + i.to_bytes(4, "little") for i in range(60_000)]
    kept = texts[::50]
    del tables, texts
    held = _private_dirty_mib()
    give_back()
    after = _private_dirty_mib()
    assert held - before > 60  # the test allocated and freed enough to see
    assert after - before < 24, f"{after - before:.0f} MiB still held of the {held - before:.0f} freed"
    assert len(kept) == 1200


def test_malloc_trim_is_found_on_this_glibc_machine():
    assert _malloc_trim() is not None


def _collect_and_report(q):
    import gc

    before = _private_dirty_mib()
    gc.collect()  # a full collection writes to the header of every object it walks
    q.put(_private_dirty_mib() - before)


def _copied_by_child_gc(frozen: bool) -> float:
    import multiprocessing as mp

    ctx = mp.get_context("fork")
    q = ctx.Queue()
    p = ctx.Process(target=_collect_and_report, args=(q,))
    if frozen:
        with frozen_for_fork():
            p.start()
    else:
        p.start()
    copied = q.get(timeout=60)
    p.join()
    return copied


def test_a_child_forked_while_frozen_does_not_copy_what_it_inherits():
    """The records a stage holds (here 400,000 small lists, ~40 MB) stay shared with a process
    forked inside frozen_for_fork, even when that child collects; outside it, the child's first
    full collection copies every page that holds one. The parent collects its own cycles again after."""
    import gc

    records = [[i, str(i)] for i in range(400_000)]
    shared = _copied_by_child_gc(frozen=True)
    copied = _copied_by_child_gc(frozen=False)
    assert gc.get_freeze_count() == 0
    assert copied > 20, f"the unfrozen child copied only {copied:.0f} MiB: the test shows nothing"
    assert shared < copied / 4, f"{shared:.0f} MiB copied with the objects frozen, {copied:.0f} without"
    assert len(records) == 400_000
