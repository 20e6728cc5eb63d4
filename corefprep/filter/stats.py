"""Finished batches as the later stages and the operator see them (SPEC 2.2).

A batch is finished when its parquet file and its stats record exist and agree (size and content
hash); both are written to a temporary name and renamed, so a killed run never leaves something
that looks finished. Here: reading that record back, choosing batches (``--batches 52-102,7``),
the one-line summary, corpus totals and the quarantine list.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterable
from pathlib import Path
from typing import Any

import orjson

from ..core.atomic import atomic_write_bytes, file_sha256, read_json
from ..core.errors import UsageError
from ..core.plural import count
from ..core.workdir import WorkDir
from .records import BatchStats


def read_stats(work: WorkDir, k: int) -> BatchStats | None:
    """Batch k's stats record as written (not checked against its parquet); None when there is
    none or it is not a whole record."""
    d = read_json(work.batch_stats(k))
    if not isinstance(d, dict):
        return None
    try:
        return BatchStats.from_json(d)
    except (TypeError, KeyError, ValueError):
        return None


def stats_problem(work: WorkDir, k: int) -> str | None:
    """Why batch k's files, which look finished, cannot be trusted (a stats record that is not a whole
    record, a parquet that does not match it); None when they can, or when there is nothing yet."""
    path = work.batch_stats(k)
    if not path.exists():
        return None
    stats = read_stats(work, k)
    if stats is None:
        return f"{path} is not a whole stats record"
    pq = work.batch_parquet(k)
    if not pq.exists():
        return f"{pq} is missing"
    if not _whole(pq, stats.parquet_bytes, stats.parquet_sha256):
        return f"{pq} does not match its stats record (size or SHA-256)"
    return None


def batch_done(work: WorkDir, k: int, config_id: str | None = None) -> BatchStats | None:
    """The stats of batch k when it is finished and intact (under ``config_id`` when given), else None.

    Checks the parquet's size and content hash against the stats record (and those of the values
    and examples files it wrote), so a truncated or swapped file is recomputed rather than trusted.
    """
    stats = read_stats(work, k)
    pq = work.batch_parquet(k)
    if stats is None or not pq.exists():
        return None
    if config_id is not None and stats.config_id != config_id:
        return None
    if not _whole(pq, stats.parquet_bytes, stats.parquet_sha256):
        return None
    # the side files count too when the batch wrote them (batches of corefprep 0.2 have none)
    if stats.values_sha256 and not _whole(work.batch_values(k), stats.values_bytes, stats.values_sha256):
        return None
    if stats.rejected_sha256 and not _whole(work.batch_rejected(k), stats.rejected_bytes, stats.rejected_sha256):
        return None
    return stats


def _whole(path: Path, size: int, sha256: str) -> bool:
    try:
        if path.stat().st_size != size:
            return False
    except OSError:
        return False
    return file_sha256(path) == sha256


def parse_batch_spec(spec: str, num_batches: int | None = None) -> list[int]:
    """``"52-102,7"`` -> sorted batch numbers. Ranges are inclusive. Out of range is a usage error."""
    out: set[int] = set()
    for part in spec.split(","):
        part = part.strip()
        if not part:
            continue
        m = re.fullmatch(r"(\d+)(?:-(\d+))?", part)
        if not m:
            raise UsageError(f"--batches: {part!r} is not a batch number or range like 52-102")
        lo = int(m.group(1))
        hi = int(m.group(2)) if m.group(2) is not None else lo
        if hi < lo:
            raise UsageError(f"--batches: range {part!r} runs backwards")
        out.update(range(lo, hi + 1))
    if not out:
        raise UsageError("--batches is empty; give numbers or ranges like 52-102,7")
    if num_batches is not None and max(out) >= num_batches:
        raise UsageError(
            f"--batches asks for batch {max(out)} but the inputs make only {num_batches} batches "
            f"(0-{num_batches - 1})"
        )
    return sorted(out)


def batch_line(s: BatchStats) -> str:
    """The one-line summary printed when a batch finishes."""
    q = f", {len(s.quarantined)} quarantined" if s.quarantined else ""
    if s.worker_deaths:
        q += f", {count(s.worker_deaths, 'worker death')} (their work was handed out again)"
    if s.pii_docs:
        q += f", personal data {PII_DONE.get(s.pii_mode, s.pii_mode)} in {s.pii_docs:,} ({pii_kinds(s.pii)})"
    if s.redecided_from:
        q += (f", re-decided: {s.decided_from_values:,} of {s.kiwi_docs:,} past the cheap rules from recorded "
              "values")
    return (f"batch {s.batch:05d} [{s.start}-{s.end - 1}]: {s.documents:,} docs, {s.passed:,} passed "
            f"({s.pass_rate:.1%}), {s.rejected_total:,} rejected, {s.malformed_total:,} malformed{q}, "
            f"{s.docs_per_s or 0:,.0f} docs/s")


PII_DONE = {"redact": "redacted", "tag": "tagged"}


def pii_kinds(counts: dict[str, int]) -> str:
    """``3 mobile, 1 email``: spans per kind, the most found first."""
    return ", ".join(f"{n:,} {kind}" for kind, n in sorted(counts.items(), key=lambda kv: (-kv[1], kv[0])))


def describe_pii(modes: list[str], docs: int, counts: dict[str, int]) -> str:
    """What the finished batches did with personal data, for status and the report."""
    done = "/".join(PII_DONE.get(m, m) for m in modes if m != "off")
    if not done:
        return "not looked for (--pii off)"
    if not docs:
        return f"none found in the kept documents ({done} when found)"
    return f"{done} in {docs:,} kept documents: {pii_kinds(counts)}"


def totals_of(batch_stats: Iterable[BatchStats]) -> dict[str, Any]:
    """Documents, passed, rejected and malformed per reason over the given batches, and the
    personal data found in the kept documents (spans per kind, documents holding any)."""
    rej: Counter[str] = Counter()
    mal: Counter[str] = Counter()
    pii: Counter[str] = Counter()
    docs = passed = pii_docs = 0
    for s in batch_stats:
        docs += s.documents
        passed += s.passed
        rej.update(s.rejected)
        mal.update(s.malformed)
        pii.update(s.pii)
        pii_docs += s.pii_docs
    return {"documents": docs, "passed": passed, "rejected": dict(sorted(rej.items())),
            "malformed": dict(sorted(mal.items())), "pii": dict(sorted(pii.items())), "pii_docs": pii_docs}


def write_quarantine(work: WorkDir, stats: Iterable[BatchStats]) -> int:
    """``work/quarantine.jsonl``: every quarantined document of the finished batches, one JSON
    object per line in doc_index order (rewritten whole, so a recomputed batch never leaves stale
    entries). Returns how many there are."""
    entries = sorted((q for s in stats for q in s.quarantined), key=lambda q: q.doc_index)
    if not entries and not work.quarantine.exists():
        return 0
    data = b"".join(orjson.dumps(q.as_dict(), option=orjson.OPT_SORT_KEYS) + b"\n" for q in entries)
    atomic_write_bytes(work.quarantine, data)
    return len(entries)
