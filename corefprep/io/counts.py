"""What a run knows about its inputs before any batch: records per input and each file's content hash.

Batch boundaries need the number of records of every input up front, and the work manifest needs
to know whether an input is the one the finished batches were made from. Both are computed once and
cached in ``work/input_counts.json`` under the input's path, size and modification time:

- a file is counted (decompressed and split into records) and its bytes hashed (SHA-256) on the
  first run: one unit per file of the supervised ``counting inputs`` step, on the run's engine, so
  a counting worker that dies or hangs is redone on a fresh one (or the run stops naming the
  file), and every file counted is saved at once, so a rerun never counts it again;
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
import time
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any, NamedTuple

from ..core.atomic import atomic_write_json, read_json
from ..core.log import progress_bar
from ..core.plural import count
from ..core.workdir import WorkDir
from ..parallel import Beat, EngineConfig, Step, Unit, supervised
from .documents import InputFile
from .read import count_records
from .storage import open_input

# Size per second assumed for a unit's time limit before any has finished: counting (decompress
# and split) runs at 100+ MB/s per core here, hashing faster; both floors are far below.
COUNT_FLOOR_BYTES_PER_S = 2e6
HASH_FLOOR_BYTES_PER_S = 5e6
SAVE_EVERY_SECONDS = 5.0


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
    identity = count.sha256 or ""
    return [f.path, f.size, identity if ":" in identity else f"sha256:{identity}"]  # a store's own id: "etag:..."


def legacy_signature(f: InputFile) -> list[object] | None:
    """How an older corefprep recorded a local dataset directory (by its files' paths, sizes and
    mtimes): the same input while those still hold."""
    if f.hub is None or not f.hub.local:
        return None
    return [f"{f.path} (data {f.hub.fingerprint})", f.size, 0]


def file_sha256(path: str) -> str:
    with open_input(path) as fh:
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


class Counted(NamedTuple):
    index: int
    records: int
    sha256: str


def count_unit(job: _Job, beat: Beat) -> Counted:
    """One unit of the counting step: hash a file and, unless its count is known, count it."""
    # an object whose store keeps a trusted content id is not read twice: the id stands for the hash
    sha = job.file.store_id or file_sha256(job.file.path)
    if job.known_records is not None and job.known_sha256 in (None, sha):
        return Counted(job.index, job.known_records, sha)
    return Counted(job.index, count_records(job.file, job.text_field), sha)


def _units(jobs: list[_Job]) -> list[Unit]:
    # biggest files first, so one huge file at the end does not leave the other cores idle
    return [Unit(j.file.name or j.file.path, j, max(1, j.file.size)) for j in sorted(jobs, key=lambda j: -j.file.size)]


def count_inputs(work: WorkDir, files: list[InputFile], text_field: str, cfg: EngineConfig | None = None,
                 progress: bool = True) -> list[InputCount]:
    """Records and content hash per input, from the cache where it still holds (module docstring).
    Hub inputs are streamed once each in this process, files counted and hashed in parallel."""
    cfg = cfg or EngineConfig(workers=1)
    cache_path = work.input_counts
    cache: dict[str, Any] = read_json(cache_path) or {}
    out: dict[int, InputCount] = {}
    jobs: list[_Job] = []
    for i, f in enumerate(files):
        records, sha = _entry(cache.get(f.count_key))
        if f.hub is not None and f.hub.data_files:
            out[i] = _local_dataset(work, cache, f, cfg, progress)
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
        _count_files(work, cache, files, jobs, cfg, progress, out)
    return [out[i] for i in range(len(files))]


def _count_files(work: WorkDir, cache: dict[str, Any], files: list[InputFile], jobs: list[_Job], cfg: EngineConfig,
                 progress: bool, out: dict[int, InputCount]) -> None:
    """Count and hash ``jobs`` under the supervisor; every finished file is in the cache on disk
    within seconds (and when the step stops, whatever stopped it)."""
    step = Step("counting inputs", count_unit, unit_limit=cfg.unit_timeout, floor_rate=COUNT_FLOOR_BYTES_PER_S)
    bar = progress_bar(sum(j.file.size for j in jobs), f"counting records in {count(len(jobs), 'file')}", unit="B",
                       unit_scale=True, enabled=progress)
    saved = time.monotonic()
    try:
        with supervised(step, cfg, beats_dir=work.root) as sup:
            for done in sup.run(_units(jobs)):
                c: Counted = done.result
                f = files[c.index]
                # one entry per path: the one for its current size and mtime
                for key in [k for k in cache if k.rpartition("|")[0].rpartition("|")[0] == f.path]:
                    del cache[key]
                cache[f.count_key] = {"records": c.records, "sha256": c.sha256}
                out[c.index] = InputCount(c.records, c.sha256)
                bar.update(f.size)
                if time.monotonic() - saved > SAVE_EVERY_SECONDS:
                    _save(work, cache)
                    saved = time.monotonic()
    finally:
        bar.close()
        _save(work, cache)


def _same_path(cache: dict[str, Any], path: str) -> list[str]:
    return [k for k in cache if k.rpartition("|")[0] == path]


def _local_dataset(work: WorkDir, cache: dict[str, Any], f: InputFile, cfg: EngineConfig, progress: bool) -> InputCount:
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
    hashed = dict(_hash_files(work, todo, cfg, progress, f.name or f.path))
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


def hash_unit(path: str, beat: Beat) -> str:
    return file_sha256(path)


def _hash_files(work: WorkDir, todo: list[tuple[str, int]], cfg: EngineConfig, progress: bool,
                name: str) -> Iterator[tuple[str, str]]:
    if not todo:
        return
    step = Step("hashing data files", hash_unit, unit_limit=cfg.unit_timeout, floor_rate=HASH_FLOOR_BYTES_PER_S)
    bar = progress_bar(sum(size for _, size in todo), f"hashing {count(len(todo), 'data file')} of {name}", unit="B",
                       unit_scale=True, enabled=progress)
    units = [Unit(p, p, max(1, size)) for p, size in sorted(todo, key=lambda t: -t[1])]
    try:
        with supervised(step, cfg, beats_dir=work.root) as sup:
            for done in sup.run(units):
                bar.update(done.unit.size)
                yield done.unit.args, done.result
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
