"""Merge tokenized chunks into the final dataset directory (SPEC 2.5).

The final directory is written under a temporary name and renamed into place; a ``_COMPLETE``
marker written last tells trainers (and ranks waiting in corefprep.training) that it is whole.
"""

from __future__ import annotations

import os
import shutil
import time
from pathlib import Path
from typing import Any

from .batches import atomic_write_json

COMPLETE_MARKER = "_COMPLETE"


def default_num_shards(total_bytes: int) -> int:
    # ~500 MB shards: big enough to stream, small enough to copy and checksum
    return max(1, min(1024, total_bytes // (500 << 20) + 1))


def merge_chunks(
    chunk_dirs: list[Path],
    final_dir: Path,
    metadata: dict[str, Any],
    stats: list[dict[str, Any]],
    num_shards: int | None = None,
) -> int:
    from datasets import concatenate_datasets, disable_progress_bars, load_from_disk

    disable_progress_bars()
    parts = [load_from_disk(str(d)) for d in chunk_dirs]
    if not parts:
        raise ValueError("no chunks to merge")
    ds = concatenate_datasets(parts) if len(parts) > 1 else parts[0]
    size = sum(f.stat().st_size for d in chunk_dirs for f in d.glob("*.arrow"))
    shards = num_shards or default_num_shards(size)
    shards = max(1, min(shards, len(ds))) if len(ds) else 1
    tmp = final_dir.with_name(f".{final_dir.name}.tmp-{os.getpid()}")
    shutil.rmtree(tmp, ignore_errors=True)
    ds.save_to_disk(str(tmp), num_shards=shards)
    metadata = {**metadata, "num_samples": len(ds), "num_shards": shards}
    atomic_write_json(tmp / "metadata.json", metadata)
    atomic_write_json(tmp / "stats.json", stats)
    if final_dir.exists():
        old = final_dir.with_name(f".{final_dir.name}.old-{os.getpid()}")
        os.replace(final_dir, old)
        shutil.rmtree(old, ignore_errors=True)
    os.replace(tmp, final_dir)
    atomic_write_json(final_dir / COMPLETE_MARKER, {"num_samples": len(ds), "finished_at": _now()})
    return len(ds)


def _now() -> str:
    return time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime())
