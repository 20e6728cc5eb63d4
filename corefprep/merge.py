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

from .atomic import atomic_write_json, remove_path

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
    fingerprint: str | None = None,
) -> int:
    """Returns the number of rows. ``fingerprint`` (of the inputs) goes into the marker so an
    up-to-date dataset is recognised on the next run."""
    from datasets import concatenate_datasets, disable_progress_bars, load_from_disk

    t0 = time.monotonic()

    disable_progress_bars()
    parts = [load_from_disk(str(d)) for d in chunk_dirs]
    if not parts:
        raise ValueError("no chunks to merge")
    ds = concatenate_datasets(parts) if len(parts) > 1 else parts[0]
    size = sum(f.stat().st_size for d in chunk_dirs for f in d.glob("*.arrow"))
    shards = num_shards or default_num_shards(size)
    shards = max(1, min(shards, len(ds))) if len(ds) else 1
    clean_merge_leftovers(final_dir)
    tmp = final_dir.with_name(f".{final_dir.name}.tmp-{os.getpid()}")
    try:
        ds.save_to_disk(str(tmp), num_shards=shards)
        timings = {**metadata.get("timings", {}), "merge": round(time.monotonic() - t0, 3)}
        metadata = {**metadata, "num_samples": len(ds), "num_shards": shards, "timings": timings}
        atomic_write_json(tmp / "metadata.json", metadata)
        atomic_write_json(tmp / "stats.json", stats)
    except BaseException:
        shutil.rmtree(tmp, ignore_errors=True)  # a failed merge (full disk...) gives its space back
        raise
    if final_dir.exists():
        # Unmark the old dataset first: whatever is left of it if we are killed now is never
        # taken for a complete dataset.
        (final_dir / COMPLETE_MARKER).unlink(missing_ok=True)
        old = final_dir.with_name(f".{final_dir.name}.old-{os.getpid()}")
        os.replace(final_dir, old)
        shutil.rmtree(old, ignore_errors=True)
    os.replace(tmp, final_dir)
    atomic_write_json(final_dir / COMPLETE_MARKER,
                      {"num_samples": len(ds), "finished_at": _now(), "fingerprint": fingerprint})
    return len(ds)


def clean_merge_leftovers(final_dir: Path) -> int:
    """Remove what killed merges left beside ``final_dir``: ``.NAME.tmp-PID`` (a dataset being
    written) and ``.NAME.old-PID`` (an old dataset being replaced). The caller holds the output
    directory's lock, so no live run owns them."""
    n = 0
    prefixes = (f".{final_dir.name}.tmp-", f".{final_dir.name}.old-")
    if not final_dir.parent.is_dir():
        return 0
    for p in final_dir.parent.iterdir():
        if p.name.startswith(prefixes):
            remove_path(p)
            n += 1
    return n


def _now() -> str:
    return time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime())
