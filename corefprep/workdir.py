"""An output directory's intermediate state: its paths, its manifest and its lock (SPEC 2.2).

``<output-dir>/work/`` holds everything a run needs to resume: filter batches, sample chunks,
tokenized chunks, the manifest that records the settings the batches were made with, the cached
per-file record counts and the lock that keeps a second run out.
"""

from __future__ import annotations

import json
import os
import socket
import sys
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from .atomic import atomic_write_json, clean_temp_files, config_hash, is_temp_name, read_json
from .errors import ConfigMismatchError, LockedError

MANIFEST_VERSION = 1

# A run refreshes its lease on the lock every LEASE_SECONDS / 3. Another host may take the lock
# over only after watching it go unrefreshed for LEASE_SECONDS (a dead run on the same host is
# taken over at once: its death can be proven there).
LEASE_SECONDS = 120.0


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

    @property
    def run_record(self) -> Path:
        """Who holds the lock, since when, running what (for `status` and lock messages)."""
        return self.root / "run.json"

    @property
    def input_counts(self) -> Path:
        return self.root / "input_counts.json"

    @property
    def quarantine(self) -> Path:
        return self.root / "quarantine.jsonl"

    def batch_parquet(self, k: int) -> Path:
        return self.filter_dir / f"batch_{k:05d}.parquet"

    def batch_stats(self, k: int) -> Path:
        return self.filter_dir / f"batch_{k:05d}.json"

    def failed_marker(self, k: int) -> Path:
        return self.filter_dir / f"batch_{k:05d}.failed.json"


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
    if not old or old.get("config_id") != cid:
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


def read_lock_holder(work: WorkDir) -> dict[str, Any] | None:
    """Who the lock file names (pid, host, seconds since its last refresh), or None when free.

    The lock is filelock's lease marker: ``key=value`` lines naming the holder's pid and host.
    """
    try:
        content = work.lock.read_text(encoding="utf-8", errors="replace")
        age = time.time() - work.lock.stat().st_mtime
    except OSError:
        return None
    fields = dict(line.partition("=")[::2] for line in content.splitlines() if "=" in line)
    pid = fields.get("pid", "")
    holder: dict[str, Any] = {"pid": int(pid) if pid.isdigit() else None, "host": fields.get("host"),
                              "refreshed_s_ago": round(max(0.0, age), 1)}
    run = read_json(work.run_record) or {}
    if run.get("pid") == holder["pid"] and run.get("host") == holder["host"]:
        holder.update({k: run[k] for k in ("started", "command") if k in run})
    return holder


def lock_is_live(work: WorkDir) -> dict[str, Any] | None:
    """The holder of a lock that a live run holds (as far as this host can tell), else None."""
    import psutil

    holder = read_lock_holder(work)
    if holder is None or holder["pid"] is None:
        return None
    if holder["host"] == _host():
        return holder if psutil.pid_exists(holder["pid"]) else None
    return holder if holder["refreshed_s_ago"] < LEASE_SECONDS else None


def _host() -> str:
    from filelock._identity import host_name  # the name filelock records in its markers

    return host_name()


@contextmanager
def run_lock(work: WorkDir, *, break_lock: bool = False, command: str | None = None) -> Iterator[None]:
    """One run per output directory, also across hosts sharing the directory.

    The lock is a lease (filelock.SoftFileLease): an existence marker naming this process and
    host, refreshed by a background thread. A run on the same host that died is taken over at
    once. A marker from another host is honoured while it is being refreshed; one that looks
    abandoned (not refreshed for two refresh periods) is waited for until the lease expires and
    then taken over. ``break_lock`` removes any marker first: for an operator who knows the other
    run is dead.

    Holding the lock proves no other run is writing here, so the temporary files of killed runs
    are removed right after it is taken.
    """
    import filelock

    work.root.mkdir(parents=True, exist_ok=True)
    if break_lock and work.lock.exists():
        holder = read_lock_holder(work) or {}
        print(f"corefprep: --break-lock: removing the lock of pid {holder.get('pid')} on {holder.get('host')}",
              file=sys.stderr)
        work.lock.unlink(missing_ok=True)
    _drop_foreign_marker(work)
    lease = filelock.SoftFileLease(str(work.lock), lease_duration=LEASE_SECONDS, timeout=0)
    try:
        lease.acquire()
    except filelock.Timeout:
        holder = read_lock_holder(work) or {}
        abandoned = holder.get("host") not in (None, _host()) and \
            holder.get("refreshed_s_ago", 0) > 2 * LEASE_SECONDS / 3
        if not abandoned:
            raise LockedError(_locked_message(work, holder)) from None
        print(f"corefprep: the lock of pid {holder.get('pid')} on {holder.get('host')} has not been refreshed for "
              f"{holder.get('refreshed_s_ago'):.0f} s; waiting up to {LEASE_SECONDS:.0f} s for its lease to expire "
              "(--break-lock skips the wait)", file=sys.stderr)
        try:
            lease.acquire(timeout=LEASE_SECONDS + 10)
        except filelock.Timeout:
            raise LockedError(_locked_message(work, read_lock_holder(work) or {})) from None
    try:
        atomic_write_json(work.run_record, {"pid": os.getpid(), "host": _host(), "hostname": socket.gethostname(),
                                            "started": time.time(), "command": command})
        clean_leftovers(work)
        yield
    finally:
        lease.release()


def _drop_foreign_marker(work: WorkDir) -> None:
    """Remove a lock file that is not a lease marker and names no live run: one left by an older
    corefprep (a JSON record) or an empty file from a writer killed mid-write. filelock never
    reclaims those by itself."""
    import psutil

    try:
        content = work.lock.read_text(encoding="utf-8", errors="replace")
        age = time.time() - work.lock.stat().st_mtime
    except OSError:
        return
    if content.startswith("filelock/"):
        return
    old = None
    try:
        old = json.loads(content)
    except ValueError:
        pass
    if isinstance(old, dict) and isinstance(old.get("pid"), int):
        if old.get("host") == socket.gethostname() and psutil.pid_exists(old["pid"]):
            return  # an older corefprep run that is still alive: let the lease refuse
        if old.get("host") not in (None, socket.gethostname()):
            return
    elif content.strip() and age < 10:
        return  # possibly being written right now
    work.lock.unlink(missing_ok=True)


def _locked_message(work: WorkDir, holder: dict[str, Any]) -> str:
    where = f"pid {holder.get('pid')} on {holder.get('host')}"
    age = holder.get("refreshed_s_ago")
    seen = f", lock refreshed {age:.0f} s ago" if isinstance(age, int | float) else ""
    return (f"{work.output_dir} is in use by another corefprep run ({where}{seen}); wait for it to finish or use "
            "another --output-dir — if that run is dead (its host crashed), rerun with --break-lock")
