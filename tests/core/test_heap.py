"""core.heap: what a batch freed goes back to the system before the next batch."""

import numpy as np
import pyarrow as pa
import pytest

from corefprep.core.heap import _malloc_trim, give_back


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
