"""Assemble the final dataset from finished Arrow files without rewriting their rows (SPEC 2.5).

The tokenize stage writes each chunk's rows once, as Arrow stream files in the format
``datasets`` uses. The final dataset directory is those files, hard-linked under the names
``save_to_disk`` gives its shards, plus the ``state.json`` and ``dataset_info.json`` that
``load_from_disk`` reads: merging costs a few file-system operations per chunk instead of a full
copy of the data (and no extra disk space). Where hard links are impossible the files are copied.

The directory is built under a temporary name and renamed into place; a ``_COMPLETE`` marker
written last tells trainers (and ranks waiting in corefprep.training) that it is whole.
"""

from __future__ import annotations

import dataclasses
import errno
import json
import os
import shutil
import time
from pathlib import Path
from typing import Any, NamedTuple

from ..core.atomic import atomic_write_json, remove_path, temp_path
from ..core.fence import FENCE
from .markers import Output


def link_or_copy(src: Path, dst: Path) -> str:
    """Hard-link ``src`` to ``dst`` (same file, no copy); copy where the file system cannot."""
    try:
        os.link(src, dst)
        return "link"
    except OSError as exc:
        if exc.errno not in (errno.EXDEV, errno.EPERM, errno.ENOTSUP, errno.EOPNOTSUPP, errno.EMLINK):
            raise
    shutil.copyfile(src, dst)
    return "copy"


def dataset_from_files(files: list[Path]) -> Any:
    """The rows of ``files`` (Arrow stream files of one schema) as one memory-mapped Dataset."""
    from datasets import Dataset, concatenate_datasets

    parts = [Dataset.from_file(str(f)) for f in files]
    if not parts:
        raise ValueError("no files to assemble")
    return concatenate_datasets(parts) if len(parts) > 1 else parts[0]


def shard_names(n: int) -> list[str]:
    """The file names ``save_to_disk`` gives n shards (``load_from_disk`` reads them from state.json)."""
    return [f"data-{i:05d}-of-{n:05d}.arrow" for i in range(n)]


def write_dataset_dir(files: list[Path], out_dir: Path, fingerprint: str) -> int:
    """Make ``out_dir`` (which must not exist) a ``load_from_disk`` directory holding ``files``.

    The shards are the files themselves, linked in order; their schemas must agree (checked by
    ``datasets`` when they are concatenated). Returns the number of rows.
    """
    ds = dataset_from_files(files)
    out_dir.mkdir(parents=True)
    names = shard_names(len(files))
    for src, name in zip(files, names, strict=True):
        link_or_copy(src, out_dir / name)
    state = {
        "_data_files": [{"filename": name} for name in names],
        "_fingerprint": fingerprint,
        "_format_columns": None,
        "_format_kwargs": {},
        "_format_type": None,
        "_output_all_columns": False,
        "_split": None,
    }
    info = dataclasses.asdict(ds.info)
    (out_dir / "state.json").write_text(json.dumps(state, indent=2, sort_keys=True), encoding="utf-8")
    (out_dir / "dataset_info.json").write_text(json.dumps({k: info[k] for k in sorted(info)}, indent=2),
                                               encoding="utf-8")
    return len(ds)


class Assembled(NamedTuple):
    rows: int
    seconds: float  # linking and describing it (metadata.json's "merge")


def assemble_dataset(
    files: list[Path],
    final_dir: Path,
    metadata: dict[str, Any],
    stats: list[dict[str, Any]],
    fingerprint: str,
) -> Assembled:
    """Build the final dataset from ``files`` (rows in order) with ``metadata.json`` and
    ``stats.json`` beside them; returns its rows and the seconds it took. ``fingerprint`` (of what the dataset
    was made from) goes into the marker so an up-to-date dataset is recognised on the next run."""
    t0 = time.monotonic()
    clean_merge_leftovers(final_dir)
    tmp = temp_path(final_dir)
    try:
        rows = write_dataset_dir(files, tmp, fingerprint)
        seconds = time.monotonic() - t0
        timings = {**metadata.get("timings", {}), "merge": round(seconds, 3)}
        metadata = {**metadata, "num_samples": rows, "num_shards": len(files), "timings": timings}
        atomic_write_json(tmp / "metadata.json", metadata)
        atomic_write_json(tmp / "stats.json", stats)
        _fsync_dir(tmp)
    except BaseException:
        shutil.rmtree(tmp, ignore_errors=True)  # a failed merge (full disk...) gives its space back
        raise
    replace_dataset_dir(tmp, final_dir)
    Output.dataset(final_dir).mark(fingerprint, shard_names(len(files)), num_samples=rows)
    return Assembled(rows, seconds)


def replace_dataset_dir(new: Path, final_dir: Path) -> None:
    """Put the finished directory ``new`` in place of ``final_dir``."""
    FENCE.check()
    if final_dir.exists():
        # Unmark the old dataset first: whatever is left of it if we are killed now is never
        # taken for a complete dataset.
        Output.dataset(final_dir).unmark()
        old = final_dir.with_name(f".{final_dir.name}.old-{os.getpid()}")
        os.replace(final_dir, old)
        shutil.rmtree(old, ignore_errors=True)
    os.replace(new, final_dir)


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


def _fsync_dir(d: Path) -> None:
    fd = os.open(d, os.O_RDONLY)
    try:
        os.fsync(fd)
    finally:
        os.close(fd)
