"""Index-safe batches (SPEC 2.2).

Batch k holds the documents with ``k*B <= doc_index < (k+1)*B``: boundaries depend only on the
inputs, so any batch can be recomputed alone. A batch is finished when its parquet file and its
stats record exist and agree (size and content hash); both are written to a temporary name and
renamed, so a killed run never leaves something that looks finished.
"""

from __future__ import annotations

import re
from typing import Any

from .atomic import file_sha256, read_json
from .errors import UsageError
from .workdir import WorkDir


def batch_range(k: int, batch_docs: int) -> tuple[int, int]:
    return k * batch_docs, (k + 1) * batch_docs


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


def batch_done(work: WorkDir, k: int, config_id: str | None = None) -> dict[str, Any] | None:
    """The stats of batch k when it is finished and intact, else None.

    Checks the parquet's size and content hash against the stats record, so a truncated or
    swapped file is recomputed rather than trusted.
    """
    stats = read_json(work.batch_stats(k))
    pq = work.batch_parquet(k)
    if not stats or not pq.exists():
        return None
    if config_id is not None and stats.get("config_id") != config_id:
        return None
    try:
        if pq.stat().st_size != stats.get("parquet_bytes"):
            return None
    except OSError:
        return None
    if file_sha256(pq) != stats.get("parquet_sha256"):
        return None
    return stats
