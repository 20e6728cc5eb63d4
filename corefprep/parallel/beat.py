"""A worker's heartbeat: which unit it runs, which item (document) it is on, since when.

A unit function is handed a :class:`Beat` and marks each item it starts (``on``), the gaps between
items (``off``) and how many items it has done (``count``). Each mark is a few stores into memory
the supervisor can read without asking the worker, so it is still readable when the worker is
stuck inside a C call that holds the GIL, and what was stored last survives the worker being killed.
That is what lets the supervisor, from outside, time out an item and blame a death on it.

- local workers write one row of a table shared with the parent (:class:`RowBeat`);
- Ray actors write a small memory-mapped file the driver reads (:class:`FileBeat`);
- code run in this process gets :class:`NullBeat`.
"""

from __future__ import annotations

import mmap
import os
import struct
import time
from pathlib import Path
from typing import Any, NamedTuple

NO_ITEM = -1
FIELDS = 5  # pid, unit id, item (NO_ITEM between items), stamp (monotonic ns, changes with every mark), count
_RECORD = struct.Struct("<5q")


class BeatRecord(NamedTuple):
    pid: int
    unit: int  # -1: no unit
    item: int
    stamp: int
    count: int


class Beat:
    """What a unit function marks as it goes (this base marks nothing)."""

    def on(self, item: int) -> None:
        """Work on ``item`` (a doc_index) starts now."""

    def off(self) -> None:
        """Between items."""

    def count(self, n: int) -> None:
        """Items done so far in this unit: progress for the operator, and for the time limit."""


NullBeat = Beat


class RowBeat(Beat):
    """One row of the parent's shared table (a ``multiprocessing`` RawArray of int64)."""

    def __init__(self, table: Any, row: int):
        self.table, self.base = table, row * FIELDS

    def begin(self, unit: int) -> None:
        t, b = self.table, self.base
        t[b + 2] = NO_ITEM
        t[b + 4] = 0
        t[b + 3] = time.monotonic_ns()
        t[b], t[b + 1] = os.getpid(), unit

    def end(self) -> None:
        t, b = self.table, self.base
        t[b + 1] = -1
        t[b + 2] = NO_ITEM

    def on(self, item: int) -> None:
        t, b = self.table, self.base
        t[b + 3] = time.monotonic_ns()
        t[b + 2] = item

    def off(self) -> None:
        t, b = self.table, self.base
        t[b + 2] = NO_ITEM
        t[b + 3] = time.monotonic_ns()

    def count(self, n: int) -> None:
        t, b = self.table, self.base
        t[b + 4] = n
        t[b + 3] = time.monotonic_ns()


def read_row(table: Any, row: int) -> BeatRecord:
    b = row * FIELDS
    return BeatRecord(*table[b:b + FIELDS])


class FileBeat(Beat):
    """A memory-mapped record in a file the driver can read (a Ray actor's beat)."""

    def __init__(self, path: Path, unit: int):
        fd = os.open(path, os.O_RDWR | os.O_CREAT | os.O_TRUNC, 0o644)
        try:
            # Allocated now, not when the first store touches the page: on a full disk that store
            # would be a SIGBUS that kills the actor (retried as a death, Kiwi loaded again), where
            # this is an ENOSPC the unit reports at once, naming the file.
            os.posix_fallocate(fd, 0, _RECORD.size)
            self.map: mmap.mmap | None = mmap.mmap(fd, _RECORD.size)
        finally:
            os.close(fd)
        self.pid, self.unit, self.item, self.n = os.getpid(), unit, NO_ITEM, 0
        self._store()

    def _store(self) -> None:
        if self.map is not None:
            _RECORD.pack_into(self.map, 0, self.pid, self.unit, self.item, time.monotonic_ns(), self.n)

    def on(self, item: int) -> None:
        self.item = item
        self._store()

    def off(self) -> None:
        self.item = NO_ITEM
        self._store()

    def count(self, n: int) -> None:
        self.n = n
        self._store()

    def close(self) -> None:
        if self.map is not None:
            self.map.close()
            self.map = None


def read_file(path: Path) -> BeatRecord | None:
    try:
        data = path.read_bytes()
    except OSError:
        return None
    if len(data) < _RECORD.size:
        return None
    return BeatRecord(*_RECORD.unpack_from(data))
