"""What a run knows about its inputs before any batch: records per input and each file's content hash.

Batch boundaries need the number of records of every input up front, and the work manifest needs
to know whether an input is the one the finished batches were made from. Both are computed once and
cached in ``work/input_counts.json`` under the input's path, size and modification time:

- a file is counted (decompressed and split into records, in parallel across files) and its bytes
  hashed (SHA-256) on the first run;
- a file whose modification time changed but not its size (``touch``, a copy with ``cp -p``
  missing, a restore from backup) is hashed again: the same bytes keep their count and their
  identity, so resuming never has to recompute a batch for an input that did not change;
- a hub input is counted by streaming its split once; its identity is its data fingerprint.
"""

from __future__ import annotations

import hashlib
import multiprocessing as mp
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

from ..core.atomic import atomic_write_json, read_json
from ..core.log import progress_bar
from ..core.workdir import WorkDir
from .documents import InputFile
from .read import count_records


@dataclass(frozen=True)
class InputCount:
    records: int
    sha256: str | None  # of the file's bytes; None for a hub input (its fingerprint identifies it)


def input_signature(f: InputFile, count: InputCount) -> list[object]:
    """How the work manifest records an input: a file by its size and content hash, a hub input by
    its data files' fingerprint (in the path entry, so changed data reads as "input added/removed")."""
    if f.hub is not None:
        return [f"{f.path} (data {f.hub.fingerprint})", f.size, 0]
    return [f.path, f.size, f"sha256:{count.sha256}"]


def file_sha256(path: str) -> str:
    with open(path, "rb") as fh:
        return hashlib.file_digest(fh, "sha256").hexdigest()


def _entry(value: Any) -> tuple[int | None, str | None]:
    """(records, sha256) of a cache entry; entries of older corefprep versions are bare counts."""
    if isinstance(value, int):
        return value, None
    if isinstance(value, dict) and isinstance(value.get("records"), int):
        return value["records"], value.get("sha256")
    return None, None


@dataclass(frozen=True)
class _Job:
    index: int
    file: InputFile
    text_field: str
    known_records: int | None  # a count that holds if the content is the one hashed before
    known_sha256: str | None  # None: the count is already known to belong to this file


def _run_job(job: _Job) -> tuple[int, int, str]:
    sha = file_sha256(job.file.path)
    if job.known_records is not None and job.known_sha256 in (None, sha):
        return job.index, job.known_records, sha
    return job.index, count_records(job.file, job.text_field), sha


def _run_jobs(jobs: list[_Job], workers: int) -> Iterator[tuple[int, int, str]]:
    procs = min(workers, len(jobs))
    if procs <= 1:
        yield from map(_run_job, jobs)
        return
    # biggest files first, so one huge file at the end does not leave the other cores idle
    jobs = sorted(jobs, key=lambda j: -j.file.size)
    with mp.get_context("fork").Pool(procs) as pool:
        yield from pool.imap_unordered(_run_job, jobs)


def count_inputs(work: WorkDir, files: list[InputFile], text_field: str, workers: int = 1,
                 progress: bool = True) -> list[InputCount]:
    """Records and content hash per input, from the cache where it still holds (module docstring).
    Hub inputs are streamed once each in this process, files counted and hashed in parallel."""
    cache_path = work.input_counts
    cache: dict[str, Any] = read_json(cache_path) or {}
    out: dict[int, InputCount] = {}
    jobs: list[_Job] = []
    for i, f in enumerate(files):
        records, sha = _entry(cache.get(f.count_key))
        if f.kind == "hf":
            if records is None:
                records = _count_hub(f, progress)
                cache[f.count_key] = {"records": records}
                _save(work, cache)  # now: a long count is never repeated
            out[i] = InputCount(records, None)
        elif records is not None and sha is not None:
            out[i] = InputCount(records, sha)
        elif records is not None:  # counted by an older corefprep: only the hash is missing
            jobs.append(_Job(i, f, text_field, records, None))
        else:  # same path and size under another mtime: the same bytes if the hash says so
            old = next((_entry(v) for k, v in cache.items()
                        if k.rpartition("|")[0] == f"{f.path}|{f.size}" and _entry(v)[1] is not None), (None, None))
            jobs.append(_Job(i, f, text_field, old[0], old[1]) if old[0] is not None
                        else _Job(i, f, text_field, None, None))
    if jobs:
        bar = progress_bar(sum(j.file.size for j in jobs), f"counting records in {len(jobs)} file(s)", unit="B",
                           unit_scale=True, enabled=progress)
        try:
            for i, records, sha in _run_jobs(jobs, workers):
                f = files[i]
                # one entry per path: the one for its current size and mtime
                for key in [k for k in cache if k.rpartition("|")[0].rpartition("|")[0] == f.path]:
                    del cache[key]
                cache[f.count_key] = {"records": records, "sha256": sha}
                out[i] = InputCount(records, sha)
                bar.update(f.size)
        finally:
            bar.close()
        _save(work, cache)
    return [out[i] for i in range(len(files))]


def _save(work: WorkDir, cache: dict[str, Any]) -> None:
    work.root.mkdir(parents=True, exist_ok=True)
    atomic_write_json(work.input_counts, cache)


def _count_hub(f: InputFile, progress: bool) -> int:
    from .hub import count_rows

    total = f.hub.num_examples if f.hub is not None else None
    bar = progress_bar(total, f"counting records in {f.name}", unit="doc", unit_scale=True, enabled=progress)
    try:
        return count_rows(f, bar.update)
    finally:
        bar.close()
