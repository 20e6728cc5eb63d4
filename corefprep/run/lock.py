"""One run per output directory, also across hosts sharing it: the lock is a lease (SPEC 2.2)."""

from __future__ import annotations

import json
import os
import socket
import sys
import time
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

from ..core.atomic import atomic_write_json, read_json
from ..core.errors import LockedError
from ..core.workdir import WorkDir, clean_leftovers

# A run refreshes its lease on the lock every LEASE_SECONDS / 3. Another host may take the lock
# over only after watching it go unrefreshed for LEASE_SECONDS (a dead run on the same host is
# taken over at once: its death can be proven there).
LEASE_SECONDS = 120.0


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
