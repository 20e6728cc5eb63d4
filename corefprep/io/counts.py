"""What a run knows about its inputs before any batch: records per input and each file's content hash.

Batch boundaries need the number of records of every input up front, and the work manifest needs
to know whether an input is the one the finished batches were made from. Both are computed once and
cached in ``work/input_counts.json`` under the input's path, size and modification time:

- a file is counted (decompressed and split into records, in parallel across files) and its bytes
  hashed (SHA-256) on the first run;
- a file whose modification time changed but not its size (``touch``, a copy with ``cp -p``
  missing, a restore from backup) is hashed again: the same bytes keep their count and their
  identity, so resuming never has to recompute a batch for an input that did not change;
- a hub input is counted by streaming its split once; its identity is its data fingerprint: on
  the hub its data files' blob ids, for a local directory (``hf://datasets/./dir``) the SHA-256 of
  each data file's bytes, kept in the input's cache entry by file, size and mtime, so a directory
  whose files were only touched is rehashed (once) and keeps its count and identity.
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
    fingerprint: str | None = None  # a hub input's data identity (a local directory's: of its files' bytes)


def input_signature(f: InputFile, count: InputCount) -> list[object]:
    """How the work manifest records an input: a file by its size and content hash, a hub input by
    its data files' fingerprint (in the path entry, so changed data reads as "input added/removed")."""
    if f.hub is not None:
        return [f"{f.path} (data {count.fingerprint or f.hub.fingerprint})", f.size, 0]
    return [f.path, f.size, f"sha256:{count.sha256}"]


def legacy_signature(f: InputFile) -> list[object] | None:
    """How an older corefprep recorded a local dataset directory (by its files' paths, sizes and
    mtimes): the same input while those still hold."""
    if f.hub is None or not f.hub.local:
        return None
    return [f"{f.path} (data {f.hub.fingerprint})", f.size, 0]


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
        if f.hub is not None and f.hub.data_files:
            out[i] = _local_dataset(work, cache, f, workers, progress)
        elif f.kind == "hf":
            if records is None:
                records = _count_hub(f, progress)
                cache[f.count_key] = {"records": records}
                _save(work, cache)  # now: a long count is never repeated
            out[i] = InputCount(records, None, f.hub.fingerprint if f.hub is not None else None)
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


def _same_path(cache: dict[str, Any], path: str) -> list[str]:
    return [k for k in cache if k.rpartition("|")[0] == path]


def _local_dataset(work: WorkDir, cache: dict[str, Any], f: InputFile, workers: int, progress: bool) -> InputCount:
    """Records and identity of a local dataset directory: the hash of its data files' bytes, each
    file hashed again only when its size or mtime changed; the count is reused when the bytes are
    the ones counted before, whatever the mtimes."""
    assert f.hub is not None
    entry = cache.get(f.count_key)
    if isinstance(entry, dict) and isinstance(entry.get("records"), int) and entry.get("data"):
        return InputCount(entry["records"], None, entry["data"])
    known: dict[str, list[Any]] = {}  # data file -> [size, mtime_ns, sha256] from this path's entries
    counted: dict[str, int] = {}  # data identity -> records, from this path's entries
    for key in _same_path(cache, f.path):
        old = cache[key]
        if isinstance(old, dict):
            known.update(old.get("files") or {})
            if old.get("data") and isinstance(old.get("records"), int):
                counted[old["data"]] = old["records"]
    todo = [(p, size) for p, size, mtime in f.hub.data_files if known.get(p, [None, None])[:2] != [size, mtime]]
    hashed = dict(_hash_files(todo, workers, progress, f.name or f.path))
    h = hashlib.sha256()
    files: dict[str, list[Any]] = {}
    for p, size, mtime in f.hub.data_files:
        sha = hashed.get(p) or known[p][2]
        files[p] = [size, mtime, sha]
        h.update(f"{p}\t{size}\t{sha}\n".encode())
    data = h.hexdigest()[:16]
    records = counted.get(data)
    if records is None and isinstance(entry, dict) and isinstance(entry.get("records"), int):
        records = entry["records"]  # counted by an older corefprep under these very files
    if records is None:
        records = _count_hub(f, progress)
    for key in _same_path(cache, f.path):
        del cache[key]
    cache[f.count_key] = {"records": records, "data": data, "files": files}
    _save(work, cache)  # now: a long count is never repeated
    return InputCount(records, None, data)


def _hash_one(path: str) -> tuple[str, str]:
    return path, file_sha256(path)


def _hash_files(todo: list[tuple[str, int]], workers: int, progress: bool, name: str) -> Iterator[tuple[str, str]]:
    if not todo:
        return
    bar = progress_bar(sum(size for _, size in todo), f"hashing {len(todo)} data file(s) of {name}", unit="B",
                       unit_scale=True, enabled=progress)
    sizes = dict(todo)
    try:
        if min(workers, len(todo)) <= 1:
            results: Iterator[tuple[str, str]] = map(_hash_one, sizes)
            for p, sha in results:
                bar.update(sizes[p])
                yield p, sha
            return
        with mp.get_context("fork").Pool(min(workers, len(todo))) as pool:
            for p, sha in pool.imap_unordered(_hash_one, sorted(sizes, key=lambda q: -sizes[q])):
                bar.update(sizes[p])
                yield p, sha
    finally:
        bar.close()


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
