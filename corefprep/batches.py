"""Index-safe batches and the work directory that makes runs resumable (SPEC 2.2).

Batch k holds the documents with ``k*B <= doc_index < (k+1)*B``: boundaries depend only on the
inputs, so any batch can be recomputed alone. A batch is finished when its parquet file and its
stats record exist and agree (row count and content hash); both are written to a temporary name
and renamed, so a killed run never leaves something that looks finished.
"""

from __future__ import annotations

import hashlib
import json
import os
import re
import socket
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import orjson
import psutil

from .errors import ConfigMismatchError, LockedError, UsageError

MANIFEST_VERSION = 1


@dataclass(frozen=True)
class WorkDir:
    """Paths of one output directory's intermediate state."""

    output_dir: Path

    @property
    def root(self) -> Path:
        return self.output_dir / "work"

    @property
    def filter_dir(self) -> Path:
        return self.root / "filter"

    @property
    def samples_dir(self) -> Path:
        return self.root / "samples"

    @property
    def tokenized_dir(self) -> Path:
        return self.root / "tokenized"

    @property
    def manifest(self) -> Path:
        return self.root / "manifest.json"

    @property
    def lock(self) -> Path:
        return self.root / "LOCK"

    def batch_parquet(self, k: int) -> Path:
        return self.filter_dir / f"batch_{k:05d}.parquet"

    def batch_stats(self, k: int) -> Path:
        return self.filter_dir / f"batch_{k:05d}.json"

    def failed_marker(self, k: int) -> Path:
        return self.filter_dir / f"batch_{k:05d}.failed.json"


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


def file_sha256(path: Path) -> str:
    h = hashlib.sha256()
    with open(path, "rb") as f:
        for block in iter(lambda: f.read(1 << 20), b""):
            h.update(block)
    return h.hexdigest()


def config_hash(obj: Any) -> str:
    return hashlib.sha256(orjson.dumps(obj, option=orjson.OPT_SORT_KEYS)).hexdigest()[:16]


def atomic_write_bytes(path: Path, data: bytes) -> None:
    """Write then rename, with fsync, so readers see the old file or the whole new one."""
    tmp = path.with_name(f".{path.name}.tmp-{os.getpid()}")
    try:
        with open(tmp, "wb") as f:
            f.write(data)
            f.flush()
            os.fsync(f.fileno())
        os.replace(tmp, path)
    except BaseException:
        tmp.unlink(missing_ok=True)
        raise


def atomic_write_json(path: Path, obj: Any) -> None:
    atomic_write_bytes(path, orjson.dumps(obj, option=orjson.OPT_INDENT_2 | orjson.OPT_SORT_KEYS) + b"\n")


def read_json(path: Path) -> Any | None:
    try:
        return orjson.loads(path.read_bytes())
    except (FileNotFoundError, orjson.JSONDecodeError):
        return None


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


# What writers use while a file or directory is not finished: ``.NAME.tmp-PID`` (atomic writes,
# filter batches, tokenized chunks, the final dataset), ``.NAME.tmp`` (samples chunks) and
# ``.NAME.old-PID`` (a final dataset being replaced). Finished names never start with a dot.
TEMP_NAME = re.compile(r"^\..+\.(?:tmp|tmp-\d+|old-\d+)$")


def is_temp_name(name: str) -> bool:
    return TEMP_NAME.match(name) is not None


def clean_temp_files(directory: Path) -> int:
    """Remove leftovers of killed writers (temporary files and directories, see TEMP_NAME)."""

    n = 0
    if not directory.is_dir():
        return 0
    for p in directory.iterdir():
        if is_temp_name(p.name):
            remove_path(p)
            n += 1
    return n


def remove_path(p: Path) -> None:
    """Delete a file or a directory tree (never following a symlink into its target)."""
    import shutil

    if p.is_dir() and not p.is_symlink():
        shutil.rmtree(p, ignore_errors=True)
    else:
        p.unlink(missing_ok=True)


def clean_leftovers(work: WorkDir) -> int:
    """Remove every temporary file or directory a killed run left in the output directory and its
    work directory. Only safe while holding the lock (no live run is writing them)."""
    dirs = [work.output_dir, work.root, work.filter_dir, work.samples_dir, work.tokenized_dir]
    if work.tokenized_dir.is_dir():
        dirs += sorted(p for p in work.tokenized_dir.iterdir() if p.is_dir() and not is_temp_name(p.name))
    return sum(clean_temp_files(d) for d in dirs)


# --- manifest -------------------------------------------------------------------------------


def check_manifest(work: WorkDir, filter_config: dict[str, Any], force: bool) -> str:
    """Record the filter config; refuse to mix batches made under another one.

    Returns the config id stamped into every batch's stats. With ``force`` the old batches are
    left in place but no longer count as done (their stats carry the old id).
    """
    cid = config_hash(filter_config)
    old = read_json(work.manifest)
    if old and old.get("config_id") != cid and not force:
        diff = describe_difference(old.get("filter_config", {}), filter_config)
        raise ConfigMismatchError(
            f"{work.output_dir} holds batches made with other settings ({diff}); rerun with --force "
            "to recompute them, or choose another --output-dir"
        )
    atomic_write_json(
        work.manifest,
        {
            "version": MANIFEST_VERSION,
            "config_id": cid,
            "filter_config": filter_config,
            "updated_at": time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime()),
        },
    )
    return cid


def describe_difference(old: dict[str, Any], new: dict[str, Any], limit: int = 4) -> str:
    """What changed between two recorded configs, naming the innermost setting (``rules.min_chars:
    800 -> 900``) and, for inputs, the files added, removed or modified."""
    diffs: list[str] = []
    for key in sorted(set(old) | set(new)):
        a, b = old.get(key), new.get(key)
        if a == b:
            continue
        if key == "inputs" and isinstance(a, list) and isinstance(b, list):
            diffs.extend(_inputs_difference(a, b))
        else:
            _difference(key, a, b, diffs)
    if not diffs:
        return "unknown difference"
    more = f", and {len(diffs) - limit} more" if len(diffs) > limit else ""
    return "; ".join(diffs[:limit]) + more


def _difference(where: str, a: Any, b: Any, out: list[str]) -> None:
    if isinstance(a, dict) and isinstance(b, dict):
        for key in sorted(set(a) | set(b)):
            if a.get(key) != b.get(key):
                _difference(f"{where}.{key}", a.get(key), b.get(key), out)
    elif a != b:
        out.append(f"{where}: {_short(a)} -> {_short(b)}")


def _inputs_difference(old: list[Any], new: list[Any]) -> list[str]:
    """Inputs are recorded as [path, size, mtime_ns] in order."""

    def by_path(entries: list[Any]) -> dict[str, Any]:
        return {e[0]: e[1:] for e in entries if isinstance(e, list | tuple) and e}

    a, b = by_path(old), by_path(new)
    out = []
    added = [p for p in b if p not in a]
    removed = [p for p in a if p not in b]
    changed = [p for p in b if p in a and a[p] != b[p]]
    if added:
        out.append("input added: " + _names(added))
    if removed:
        out.append("input removed: " + _names(removed))
    for p in changed[:2]:
        (size_a, *_), (size_b, *_) = a[p], b[p]
        what = f"size {size_a} -> {size_b}" if size_a != size_b else "modification time changed"
        out.append(f"input {p} was modified ({what})")
    if len(changed) > 2:
        out.append(f"{len(changed) - 2} more inputs were modified")
    if not out and list(a) != list(b):
        out.append("inputs are in another order")
    return out


def _names(paths: list[str]) -> str:
    return ", ".join(paths[:3]) + (f" and {len(paths) - 3} more" if len(paths) > 3 else "")


def _short(v: Any) -> str:
    s = json.dumps(v, ensure_ascii=False)
    return s if len(s) <= 60 else s[:57] + "..."


# --- lock -----------------------------------------------------------------------------------


@contextmanager
def run_lock(work: WorkDir) -> Iterator[None]:
    """One run per output directory. A lock left by a dead process is taken over.

    Holding the lock proves no other run is writing here, so the temporary files of killed runs
    are removed right after it is taken (they are never mistaken for finished work anyway: that
    is what their names are for).
    """
    work.root.mkdir(parents=True, exist_ok=True)
    me = {"pid": os.getpid(), "host": socket.gethostname(), "started": time.time()}
    for _attempt in range(3):
        try:
            fd = os.open(work.lock, os.O_CREAT | os.O_EXCL | os.O_WRONLY, 0o644)
        except FileExistsError:
            holder = read_json(work.lock) or {}
            if _holder_alive(holder):
                raise LockedError(
                    f"{work.output_dir} is in use by another corefprep run (pid {holder.get('pid')} on "
                    f"{holder.get('host')}); wait for it to finish or use another --output-dir"
                ) from None
            # Stale: its process is gone (killed run). Take it over.
            work.lock.unlink(missing_ok=True)
            continue
        with os.fdopen(fd, "wb") as f:
            f.write(orjson.dumps(me))
        break
    else:
        raise LockedError(f"could not take the lock {work.lock}; remove it if no corefprep run is active")
    try:
        clean_leftovers(work)
        yield
    finally:
        holder = read_json(work.lock) or {}
        if holder.get("pid") == me["pid"]:
            work.lock.unlink(missing_ok=True)


def _holder_alive(holder: dict[str, Any]) -> bool:
    pid = holder.get("pid")
    if not isinstance(pid, int):
        return False  # unreadable lock: a writer died between create and write
    if holder.get("host") not in (None, socket.gethostname()):
        return True  # cannot check another machine's processes; be safe
    if pid == os.getpid():
        return False
    try:
        p = psutil.Process(pid)
        return p.status() != psutil.STATUS_ZOMBIE and p.create_time() <= holder.get("started", 0) + 1
    except psutil.Error:
        return False
