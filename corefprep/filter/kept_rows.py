"""A batch's kept rows, held within a bound however many of its documents the batch keeps.

The deciders' verdicts come in any order, and a batch's parquet lists its documents in
``doc_index`` order. Rows are gathered in memory one run at a time; a full run is sorted and
spilled to an Arrow IPC file beside the batch, under a hidden temporary name (so a killed
writer's leftover is swept by the next run, :mod:`corefprep.core.atomic`). The parquet is then
written a row group at a time, each group taken from the few runs that hold its rows: the parent
holds one run and one row group, not the batch. (Holding the batch cost ~1.3 GB at 100,000
documents a batch with the llm rules, which keep ~88% of them.)

Row groups are cut by the rows in ``doc_index`` order alone (:data:`GROUP_ROWS`,
:data:`GROUP_CHARS`), never by when runs were spilled, so the file's bytes are a function of the
kept rows: the same on every engine, retry and arrival order. A batch that fits one group is
written exactly as ``pyarrow.parquet.write_table`` writes the whole table.
"""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import numpy as np
import pyarrow as pa
import pyarrow.parquet as pq

RUN_ROWS = 1_024  # rows gathered in memory before they are sorted and spilled
RUN_CHARS = 8_000_000  # or characters of text, whichever comes first
GROUP_ROWS = 4_096  # a row group of the batch's parquet, in doc_index order
GROUP_CHARS = 8_000_000
CACHED_RUNS = 4  # spilled runs kept read while groups are written (arrival is nearly in order)


class KeptRows:
    """The kept rows of one batch: :meth:`add` them in any order, then :meth:`write` the parquet
    once, and :meth:`discard` the spill file whatever happened."""

    def __init__(self, spill: Path, schema: pa.Schema) -> None:
        self.spill, self.schema = spill, schema
        self.count = 0
        self._rows: list[dict[str, Any]] = []
        self._run_ids: list[int] = []  # the rows' doc_index values, in arrival order
        self._run_lengths: list[int] = []  # and their texts' lengths
        self._chars = 0
        self._writer: pa.ipc.RecordBatchFileWriter | None = None
        self._spilled = 0  # runs in the spill file
        self._ids: list[np.ndarray] = []  # per run (spilled ones first), its doc_index values in order
        self._lengths: list[np.ndarray] = []  # and its texts' lengths

    def __len__(self) -> int:
        return self.count

    def add(self, row: dict[str, Any], chars: int) -> None:
        """One kept row; ``chars`` is the length of its text (the caller has it)."""
        self._rows.append(row)
        self._run_ids.append(row["doc_index"])
        self._run_lengths.append(chars)
        self._chars += chars
        self.count += 1
        if len(self._rows) >= RUN_ROWS or self._chars >= RUN_CHARS:
            self._spill(self._sorted_run())

    def _sorted_run(self) -> pa.RecordBatch:
        ids = np.array(self._run_ids, dtype=np.int64)
        order = np.argsort(ids, kind="stable")
        rows = [self._rows[i] for i in order.tolist()]
        self._ids.append(ids[order])
        self._lengths.append(np.array(self._run_lengths, dtype=np.int64)[order])
        self._rows, self._run_ids, self._run_lengths, self._chars = [], [], [], 0
        return pa.RecordBatch.from_pylist(rows, schema=self.schema)

    def _spill(self, run: pa.RecordBatch) -> None:
        if self._writer is None:
            options = pa.ipc.IpcWriteOptions(compression="lz4")
            self._writer = pa.ipc.new_file(str(self.spill), self.schema, options=options)
        self._writer.write_batch(run)
        self._spilled += 1

    def write(self, path: Path) -> None:
        """The parquet at ``path`` (zstd), its rows in doc_index order."""
        last = self._sorted_run()  # the run still in memory is never spilled
        if self._writer is not None:
            self._writer.close()
            self._writer = None
        ids, lengths = np.concatenate(self._ids), np.concatenate(self._lengths)
        run_of = np.repeat(np.arange(len(self._ids)), [len(a) for a in self._ids])
        at = np.concatenate([np.arange(len(a)) for a in self._ids])
        order = np.argsort(ids, kind="stable")
        runs = _Runs(self.spill if self._spilled else None, last, self._spilled)
        try:
            with pq.ParquetWriter(str(path), self.schema, compression="zstd") as out:
                if self.count == 0:
                    out.write_table(self.schema.empty_table())
                for lo, hi in _groups(lengths[order]):
                    picked = order[lo:hi]
                    out.write_table(runs.rows(run_of[picked], at[picked]), row_group_size=hi - lo)
        finally:
            runs.close()

    def discard(self) -> None:
        """Closes and removes the spill file (after :meth:`write`, or on a failure before it)."""
        if self._writer is not None:
            try:
                self._writer.close()
            except (OSError, pa.ArrowException):
                pass  # the file goes anyway; a full disk may refuse its footer
            self._writer = None
        self.spill.unlink(missing_ok=True)


def _groups(lengths: np.ndarray) -> Iterator[tuple[int, int]]:
    """Row ranges of the parquet's groups: cut after GROUP_ROWS rows, or after the row that brings
    the group's text to GROUP_CHARS."""
    lo, chars = 0, 0
    for i, n in enumerate(lengths.tolist()):
        chars += n
        if i + 1 - lo >= GROUP_ROWS or chars >= GROUP_CHARS:
            yield lo, i + 1
            lo, chars = i + 1, 0
    if lo < len(lengths):
        yield lo, len(lengths)


class _Runs:
    """Rows taken from the sorted runs: the spilled ones read back from the IPC file (a few kept
    read), the last one from memory."""

    def __init__(self, spill: Path | None, last: pa.RecordBatch, spilled: int) -> None:
        self._file = None if spill is None else pa.OSFile(str(spill))
        self._reader = None if self._file is None else pa.ipc.open_file(self._file)
        self._last, self._spilled = last, spilled
        self._cache: OrderedDict[int, pa.RecordBatch] = OrderedDict()

    def _run(self, r: int) -> pa.RecordBatch:
        if r == self._spilled:
            return self._last
        if r in self._cache:
            self._cache.move_to_end(r)
            return self._cache[r]
        assert self._reader is not None
        run = self._cache[r] = self._reader.get_batch(r)
        if len(self._cache) > CACHED_RUNS:
            self._cache.popitem(last=False)
        return run

    def close(self) -> None:
        self._cache.clear()
        if self._file is not None:
            self._file.close()

    def rows(self, run_of: np.ndarray, at: np.ndarray) -> pa.Table:
        """Row ``at[i]`` of run ``run_of[i]`` for each i, in that order."""
        pieces, where = [], []
        for r in np.unique(run_of).tolist():
            mine = np.flatnonzero(run_of == r)
            pieces.append(self._run(r).take(pa.array(at[mine])))
            where.append(mine)
        table = pa.Table.from_batches(pieces, schema=self._last.schema)
        return table.take(pa.array(np.argsort(np.concatenate(where), kind="stable")))
