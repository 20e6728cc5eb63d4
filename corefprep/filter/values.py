"""Every document's verdict and measured values: ``work/filter/values_NNNNN.parquet``.

One row per input document of the batch, kept or not, malformed included, in ``doc_index`` order:
``doc_index``, ``verdict`` (``kept``, the rejection reason, or ``malformed:<reason>``) and one
column per value the rule set measures (:attr:`corefprep.rules.RuleSet.groups`), null where the
filter never measured it (it stops at a document's first failing rule). The file's metadata
records the rule set, the config id the batch was decided under and, per group of values, the key
of what it was measured with (the settings it depends on, the rules' code, the Kiwi version), so
a later run knows which recorded values it may reuse (:mod:`corefprep.filter.prior`).

A batch accumulates its values in numpy columns the size of the batch, whatever order the
workers' verdicts come back in; written as Parquet with zstd, that is a few bytes per document.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np
import orjson
import pyarrow as pa
import pyarrow.compute as pc
import pyarrow.parquet as pq

from ..rules import Rules

VALUES_VERSION = 1
KEPT = "kept"
META_KEY = b"corefprep"
NUMERIC = ("int", "float")
MENTIONS = pa.list_(pa.struct([("form", pa.string()), ("start", pa.int32()), ("end", pa.int32())]))


def _python(kind: str, columns: dict[str, np.ndarray], lists: dict[str, Any], name: str, i: int) -> Any:
    """One recorded value as the rules measure it (a Python number, or a list of tuples)."""
    if kind == "int":
        return int(columns[name][i])
    if kind == "float":
        return float(columns[name][i])
    return list(lists[name][i])


def malformed_verdict(reason: str) -> str:
    return f"malformed:{reason}"


class ValuesTable:
    """One batch's verdicts and values while it is computed."""

    def __init__(self, rules: Rules, lo: int, hi: int):
        self.rules, self.lo, self.n = rules, lo, hi - lo
        self.kinds = {c.name: c.kind for g in rules.groups for c in g.columns}
        self.columns = {name: np.zeros(self.n, dtype=np.int64 if kind == "int" else np.float64)
                        for name, kind in self.kinds.items() if kind in NUMERIC}
        # lists (what an analysis found) for the few documents that have them, by position
        self.lists: dict[str, dict[int, list[Any]]] = {name: {} for name, kind in self.kinds.items()
                                                        if kind not in NUMERIC}
        self.present = {g.name: np.zeros(self.n, dtype=bool) for g in rules.groups}
        self._first = {g.name: g.columns[0].name for g in rules.groups if g.columns}
        self.verdict = np.full(self.n, -1, dtype=np.int32)
        self._codes: dict[str, int] = {}

    def set_values(self, doc_index: int, values: Mapping[str, Any] | None) -> None:
        if not values:
            return
        i = doc_index - self.lo
        for name, v in values.items():
            col = self.columns.get(name)
            if col is not None:
                col[i] = v
            elif name in self.lists:
                self.lists[name][i] = v
        for g, first in self._first.items():
            if first in values:
                self.present[g][i] = True

    def set_verdict(self, doc_index: int, verdict: str) -> None:
        code = self._codes.setdefault(verdict, len(self._codes))
        self.verdict[doc_index - self.lo] = code

    def values_of(self, doc_index: int) -> dict[str, Any]:
        """The values recorded so far for one document, as Python numbers."""
        i = doc_index - self.lo
        out: dict[str, Any] = {}
        for g in self.rules.groups:
            if self.present[g.name][i]:
                for c in g.columns:
                    out[c.name] = _python(c.kind, self.columns, self.lists, c.name, i)
        return out

    def preload(self, recorded: Recorded, groups: set[str]) -> None:
        """Start from an earlier decision's values of ``groups`` (those still valid): values this
        batch measures again are the same, and the others stay on record for the next change."""
        for g in self.rules.groups:
            if g.name not in groups or g.name not in recorded.present:
                continue
            mask = recorded.present[g.name]
            self.present[g.name] |= mask
            for c in g.columns:
                if c.kind in NUMERIC:
                    self.columns[c.name][mask] = recorded.columns[c.name][mask]
                else:
                    self.lists[c.name].update({int(i): recorded.lists[c.name][i] for i in np.flatnonzero(mask)})

    def to_table(self, meta: dict[str, Any]) -> pa.Table:
        names = [""] * len(self._codes)
        for verdict, code in self._codes.items():
            names[code] = verdict
        if (self.verdict < 0).any():
            missing = int(np.flatnonzero(self.verdict < 0)[0]) + self.lo
            raise RuntimeError(f"document {missing} has no verdict; this is a bug, please report it")
        arrays: dict[str, pa.Array] = {
            "doc_index": pa.array(np.arange(self.lo, self.lo + self.n, dtype=np.int64)),
            "verdict": pa.DictionaryArray.from_arrays(pa.array(self.verdict, pa.int32()),
                                                      pa.array(names, pa.string())),
        }
        for g in self.rules.groups:
            missing_mask = ~self.present[g.name]
            for c in g.columns:
                if c.kind in NUMERIC:
                    typ = pa.int32() if c.kind == "int" else pa.float64()
                    arrays[c.name] = pa.array(self.columns[c.name], mask=missing_mask, type=typ)
                else:
                    found = self.lists[c.name]
                    arrays[c.name] = pa.array([[{"form": f, "start": a, "end": b} for f, a, b in found[i]]
                                               if i in found else None for i in range(self.n)], type=MENTIONS)
        table = pa.table(arrays)
        return table.replace_schema_metadata({META_KEY: orjson.dumps({"version": VALUES_VERSION, **meta})})


def write_values(path: Path, table: pa.Table) -> None:
    # dictionary-coded verdicts, delta-coded integers (doc_index counts up by one; lengths and
    # counts are close to their neighbours'), no per-column statistics: ~5 bytes per document
    ints = [f.name for f in table.schema if pa.types.is_integer(f.type)]
    pq.write_table(table, path, compression="zstd", compression_level=9, use_dictionary=["verdict"],
                   column_encoding={name: "DELTA_BINARY_PACKED" for name in ints}, write_statistics=False)


@dataclass
class Recorded:
    """A values file read back: numpy columns (0 where null), presence per group, verdicts."""

    lo: int
    doc_index: np.ndarray
    verdicts: np.ndarray  # object array of verdict strings
    columns: dict[str, np.ndarray]
    present: dict[str, np.ndarray]
    meta: dict[str, Any]
    lists: dict[str, list[Any]]  # non-numeric columns by position (None where not measured)

    def value(self, kind: str, name: str, i: int) -> Any:
        return _python(kind, self.columns, self.lists, name, i)

    @property
    def group_keys(self) -> dict[str, str]:
        return dict(self.meta.get("groups", {}))

    def __len__(self) -> int:
        return len(self.doc_index)


def read_values(path: Path, rules: Rules) -> Recorded:
    """The values file at ``path``, with the columns ``rules`` knows (others are ignored)."""
    table = pq.ParquetFile(path).read()
    meta = orjson.loads((table.schema.metadata or {}).get(META_KEY, b"{}"))
    doc_index = table.column("doc_index").to_numpy()
    verdicts = np.asarray(table.column("verdict").cast(pa.string()).to_pylist(), dtype=object)
    columns: dict[str, np.ndarray] = {}
    lists: dict[str, list[Any]] = {}
    present: dict[str, np.ndarray] = {}
    names = set(table.column_names)
    for g in rules.groups:
        if not g.columns or any(c.name not in names for c in g.columns):
            continue
        present[g.name] = table.column(g.columns[0].name).is_valid().to_numpy(zero_copy_only=False)
        for c in g.columns:
            col = table.column(c.name)
            if c.kind in NUMERIC:
                columns[c.name] = pc.fill_null(col, 0).to_numpy().astype(np.int64 if c.kind == "int" else np.float64)
            else:
                lists[c.name] = [None if v is None else [(m["form"], m["start"], m["end"]) for m in v]
                                 for v in col.to_pylist()]
    lo = int(doc_index[0]) if len(doc_index) else 0
    return Recorded(lo, doc_index, verdicts, columns, present, meta, lists)
