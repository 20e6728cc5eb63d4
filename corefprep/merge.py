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
from collections import Counter
from pathlib import Path
from typing import Any

from . import __version__
from .atomic import atomic_write_json, config_hash, read_json, remove_path, temp_path
from .errors import CorefprepError
from .progress import say

COMPLETE_MARKER = "_COMPLETE"


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


def write_dataset_dir(files: list[Path], out_dir: Path, fingerprint: str) -> int:
    """Make ``out_dir`` (which must not exist) a ``load_from_disk`` directory holding ``files``.

    The shards are the files themselves, linked in order; their schemas must agree (checked by
    ``datasets`` when they are concatenated). Returns the number of rows.
    """
    ds = dataset_from_files(files)
    out_dir.mkdir(parents=True)
    n = len(files)
    names = [f"data-{i:05d}-of-{n:05d}.arrow" for i in range(n)]
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


def assemble_dataset(
    files: list[Path],
    final_dir: Path,
    metadata: dict[str, Any],
    stats: list[dict[str, Any]],
    fingerprint: str,
) -> int:
    """Build the final dataset from ``files`` (rows in order) with ``metadata.json`` and
    ``stats.json`` beside them; returns the number of rows. ``fingerprint`` (of what the dataset
    was made from) goes into the marker so an up-to-date dataset is recognised on the next run."""
    t0 = time.monotonic()
    clean_merge_leftovers(final_dir)
    tmp = temp_path(final_dir)
    try:
        rows = write_dataset_dir(files, tmp, fingerprint)
        timings = {**metadata.get("timings", {}), "merge": round(time.monotonic() - t0, 3)}
        metadata = {**metadata, "num_samples": rows, "num_shards": len(files), "timings": timings}
        atomic_write_json(tmp / "metadata.json", metadata)
        atomic_write_json(tmp / "stats.json", stats)
        _fsync_dir(tmp)
    except BaseException:
        shutil.rmtree(tmp, ignore_errors=True)  # a failed merge (full disk...) gives its space back
        raise
    replace_dataset_dir(tmp, final_dir)
    atomic_write_json(final_dir / COMPLETE_MARKER, {"num_samples": rows, "finished_at": _now(),
                                                    "fingerprint": fingerprint})
    return rows


def replace_dataset_dir(new: Path, final_dir: Path) -> None:
    """Put the finished directory ``new`` in place of ``final_dir``."""
    if final_dir.exists():
        # Unmark the old dataset first: whatever is left of it if we are killed now is never
        # taken for a complete dataset.
        (final_dir / COMPLETE_MARKER).unlink(missing_ok=True)
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


def _now() -> str:
    return time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime())


# --- the stage ---------------------------------------------------------------------------------


def run_merge(opts: Any, dirs: list[Path], sample_summary: dict[str, Any], tok_meta: dict[str, Any],
              done: dict[int, dict[str, Any]], timings: dict[str, float]) -> int:
    final = opts.final_dir
    fingerprint = config_hash([tok_meta["key"], [d.relative_to(opts.work.root).as_posix() for d in dirs],
                               [read_json(d.parent.with_suffix(".json")) for d in dirs]])
    marker = read_json(final / COMPLETE_MARKER)
    if marker and marker.get("fingerprint") == fingerprint and not opts.force:
        say(f"merge: {final} is up to date ({marker.get('num_samples'):,} samples)")
        return int(marker.get("num_samples", 0))
    if not dirs:
        raise CorefprepError(
            f"every sample was dropped: no antecedent and mention fit one {opts.tokenize.seq_len}-token window; "
            "raise --seq-len"
        )
    t0 = time.monotonic()
    batch_stats = [done[k] for k in sorted(done)]
    totals = totals_of(batch_stats)
    metadata = {
        "dataset_type": "entity_coref" if opts.tokenize.objective == "entity-mlm" else "clm",
        "version": opts.dataset_version,
        "corefprep_version": __version__,
        "seq_len": opts.tokenize.seq_len,
        "created_at": time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime()),
        "sources": opts.input_specs(),
        "documents": totals,
        **({"max_entity_freq": opts.samples.max_entity_freq} if opts.tokenize.objective == "entity-mlm" else {}),
        **{k: v for k, v in sample_summary.items() if k != "num_samples"},
        "samples_before_tokenize": sample_summary["num_samples"],
        "dropped_samples": tok_meta["dropped_samples"],
        **_length_summary(dirs, opts.tokenize.seq_len),
        "tokenizer": tok_meta["tokenizer"],
        "config": {
            "filter": opts.filter.as_dict(),
            "samples": opts.samples.as_dict(),
            "tokenize": opts.tokenize.as_dict(),
            "batch_docs": opts.batch_docs,
            "tok_chunk": opts.tok_chunk,
            "text_field": opts.text_field,
        },
        "timings": timings,
    }
    n = assemble_dataset(dirs, final, metadata, batch_stats, fingerprint=fingerprint)
    timings["merge"] = round(time.monotonic() - t0, 3)
    say(f"merge: {n:,} samples -> {final} in {timings['merge']:.1f}s")
    return n


def _length_summary(files: list[Path], seq_len: int) -> dict[str, Any]:
    """Statistics and a histogram of the tokens per row (the ``length`` column)."""
    from .histogram import Histogram

    hist = Histogram.uniform(0, seq_len, max_bins=seq_len + 1)
    for part in dataset_from_files(files).data.column("length").chunks:
        hist.extend(part.to_numpy())
    return {"length_stats": hist.stats(), "length_distribution": hist.as_dict(max_bins=64)}


def totals_of(batch_stats: list[dict[str, Any]]) -> dict[str, Any]:
    rej: Counter[str] = Counter()
    mal: Counter[str] = Counter()
    docs = passed = 0
    for s in batch_stats:
        docs += s["documents"]
        passed += s["passed"]
        rej.update(s["rejected"])
        mal.update(s["malformed"])
    return {"documents": docs, "passed": passed, "rejected": dict(sorted(rej.items())),
            "malformed": dict(sorted(mal.items()))}
