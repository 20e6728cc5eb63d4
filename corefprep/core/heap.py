"""Keeping a long-lived process's memory from growing: freed memory handed back to the system
between batches, and the objects a forked child inherits kept out of its garbage collector.

The filter's parent lives for the whole run. Writing a batch's files builds Arrow tables whose
buffers Arrow's allocator keeps for reuse after they are freed (~35 MiB for a batch of 100,000
documents, measured), and glibc keeps the pages of freed heap chunks below its top. Neither is a
leak, but both stay resident through the next batch, so a run of many batches sat higher than a
run of one. :func:`give_back` returns both at a batch's end; it costs a few milliseconds.
"""

from __future__ import annotations

import ctypes
import ctypes.util
import gc
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from functools import cache

import pyarrow as pa


@cache
def _malloc_trim() -> Callable[[int], int] | None:
    """glibc's malloc_trim, or None where the C library has none (musl, macOS)."""
    name = ctypes.util.find_library("c")
    if name is None:
        return None
    try:
        fn = ctypes.CDLL(name).malloc_trim
    except (OSError, AttributeError):
        return None
    fn.argtypes, fn.restype = [ctypes.c_size_t], ctypes.c_int
    return fn  # type: ignore[no-any-return]


def give_back() -> None:
    """Return the memory Arrow's pool and the C heap keep for reuse to the system."""
    pa.default_memory_pool().release_unused()
    trim = _malloc_trim()
    if trim is not None:
        trim(0)


@contextmanager
def frozen_for_fork() -> Iterator[None]:
    """Processes forked inside this block inherit this process's objects frozen.

    A forked child's collector would otherwise walk every object it inherited at its first full
    collection and write to each one's header, copying every page that holds one (39 MB with the
    CLI's imports, measured in a forked filter worker; more after a stage has built its records).
    The child keeps them frozen; this process unfreezes them when the block ends, so its own
    cycles are still collected."""
    gc.freeze()
    try:
        yield
    finally:
        gc.unfreeze()
