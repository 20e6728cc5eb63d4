"""Tuning the rules from what a run recorded: rejected documents to read, and what nearby thresholds
would keep.

Every batch records each document's verdict and measured values (:mod:`corefprep.filter.values`),
so how many documents a threshold keeps at another value is the rules' checks applied to those
columns (:func:`corefprep.rules.checks.evaluate_columns`), a table, not a run. A document whose
verdict at the other value needs a value the filter never measured (it stopped at an earlier rule,
and the value needs Kiwi or is after the first failure) is counted as unknown: a re-run with that
value measures it (and only such documents).
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from typing import Any

import numpy as np
import pyarrow.parquet as pq

from ..core.errors import CorefprepError
from ..core.workdir import WorkDir
from ..filter.examples import PII_METADATA
from ..filter.values import read_values
from ..rules import ENGINE_REASONS, Rules
from ..rules.checks import evaluate_columns

FACTORS = (0.5, 0.75, 1.0, 1.25, 1.5)
SWEEP_DOCS = 2_000_000  # documents the sweep reads at most (the first batches'); enough for a share


@dataclass
class SweepRow:
    field: str
    value: Any
    current: bool
    kept: int
    unknown: int


@dataclass
class Sweep:
    rows: list[SweepRow]
    documents: int  # documents the table is over
    left_out: int  # malformed records, Kiwi errors and quarantined documents (no verdict to move)
    batches: int  # batches read
    of_batches: int


def nearby(value: Any) -> list[Any]:
    """A threshold's value and a few around it (a share stays in [0, 1])."""
    if isinstance(value, bool):
        return [value, not value]
    if isinstance(value, int):
        if value == 0:
            return [0, 1, 2, 3, 5]
        return sorted({max(0, round(value * f)) for f in FACTORS})
    if isinstance(value, float):
        out = {round(value * f, 4) for f in FACTORS}
        if value <= 1:
            out = {min(v, 1.0) for v in out}
        return sorted(out)
    return []


def sweepable(rules: Rules) -> list[str]:
    """The thresholds of the checks that apply, in check order (numbers and switches only)."""
    seen: dict[str, None] = {}
    for c in rules.checks:
        if c.applies(rules) or any(isinstance(getattr(rules, t, None), bool) for t in c.thresholds):
            for t in c.thresholds:
                if isinstance(getattr(rules, t, None), bool | int | float):
                    seen[t] = None
    return list(seen)


def sweep(work: WorkDir, rules: Rules, max_docs: int = SWEEP_DOCS) -> Sweep:
    """How many documents each threshold of ``rules`` keeps at nearby values, from the recorded values."""
    paths = sorted(work.filter_dir.glob("values_*.parquet"))
    if not paths:
        raise CorefprepError("the run's batches recorded no values (made by an older corefprep)")
    variants: list[tuple[str, Any, Rules]] = []
    for field in sweepable(rules):
        for v in nearby(getattr(rules, field)):
            try:
                variants.append((field, v, dataclasses.replace(rules, **{field: v})))  # type: ignore[type-var]
            except (CorefprepError, ValueError):
                continue  # e.g. a minimum above its maximum
    kept = np.zeros(len(variants), dtype=np.int64)
    unknown = np.zeros(len(variants), dtype=np.int64)
    docs = left_out = used = 0
    for path in paths:
        if docs >= max_docs:
            break
        rec = read_values(path, rules)
        verdicts = rec.verdicts.astype(str)
        decided = ~np.char.startswith(verdicts, "malformed:") & ~np.isin(verdicts, ENGINE_REASONS)
        left_out += int((~decided).sum())
        n = int(decided.sum())
        cols = {k: v[decided] for k, v in rec.columns.items()}
        present = {g.name: rec.present[g.name][decided] if g.name in rec.present else np.zeros(n, dtype=bool)
                   for g in rules.groups}
        for i, (_, _, r) in enumerate(variants):
            verdict, unk = evaluate_columns(r, cols, present, n)
            kept[i] += int(((verdict == -1) & ~unk).sum())
            unknown[i] += int(unk.sum())
        docs += n
        used += 1
    rows = [SweepRow(f, v, getattr(rules, f) == v, int(kept[i]), int(unknown[i]))
            for i, (f, v, _) in enumerate(variants)]
    return Sweep(rows, docs, left_out, used, len(paths))


@dataclass
class Example:
    batch: int
    doc_index: int
    reason: str
    where: str
    doc_id: str
    measured: float | None
    limit: str | None
    chars: int
    text: str


def examples_shown(work: WorkDir) -> set[str]:
    """How the batches' rejected examples show personal data ("redacted", "as the input had it"; a
    batch of an older corefprep says neither)."""
    shown = set()
    for path in sorted(work.filter_dir.glob("rejected_*.parquet")):
        metadata = pq.read_schema(path).metadata or {}
        shown.add(metadata.get(PII_METADATA.encode(), b"unknown").decode())
    return shown


def rejected_examples(work: WorkDir, per_reason: int = 3) -> list[Example]:
    """The first rejected documents per reason that the batches kept to read (--keep-rejected)."""
    found: dict[str, list[Example]] = {}
    for path in sorted(work.filter_dir.glob("rejected_*.parquet")):
        k = int(path.stem.split("_")[1])
        cols = ["doc_index", "reason", "source", "line", "doc_id", "measured", "limit", "text_chars", "text"]
        for r in pq.ParquetFile(path).read(columns=cols).to_pylist():
            lst = found.setdefault(r["reason"], [])
            if len(lst) < per_reason:
                lst.append(Example(k, r["doc_index"], r["reason"], f"{r['source']}:{r['line']}", r["doc_id"],
                                   r["measured"], r["limit"], r["text_chars"], r["text"]))
    return [e for reason in sorted(found) for e in found[reason]]
