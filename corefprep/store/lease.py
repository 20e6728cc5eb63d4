"""One run per output directory on object storage: a lease object taken by conditional write.

The lease is ``work/.lease.json`` under the output URL, naming its holder (pid, host, command,
start). It is created with ``If-None-Match: *`` (the PUT fails with 412 when the object exists), so
of two runs starting at once exactly one gets it. The holder renews it every LEASE_SECONDS / 3 with
``If-Match: <its last ETag>``, so a renewal never overwrites a lease another run has taken over; a
run whose renewal is refused has lost the lease and stops uploading at once. It is deleted with
``If-Match`` on release.

A holder on this host whose process is dead is taken over at once, by a PUT conditional on the
ETag read (of two runs doing so, one wins). Another host's lease is taken over only after this run
has watched it go unrefreshed for LEASE_SECONDS, measured on this host's clock (clocks of
different hosts never compared). ``--break-lock`` takes any lease over.

Conditional writes are checked before they are relied on: a run that has created the lease creates
it once more, which must be refused. A store that ignores ``If-None-Match`` (an old S3-compatible
server) lets that through, and would let a second run in. Such a store, and any scheme other than
S3 (no conditional write this module knows for it), is refused in one line unless ``--break-lock``
says the operator keeps runs apart.
"""

from __future__ import annotations

import os
import socket
import sys
import threading
import time
import uuid
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Any

import orjson

from ..core.errors import LockedError, first_line
from .lock import LEASE_SECONDS, host_id
from .mirror import StoreError
from .urls import filesystem, scheme_of

# hidden, like every name the mirror leaves alone: the lease is the store's own, never a stage's file
LEASE_NAME = "work/.lease.json"
_CONDITIONAL_SCHEMES = ("s3", "s3a")


@dataclass(frozen=True)
class Holder:
    record: dict[str, Any]
    etag: str

    def describe(self) -> str:
        r = self.record
        started = r.get("started")
        since = f", started {time.strftime('%Y-%m-%d %H:%M:%S', time.localtime(started))}" if started else ""
        return f"pid {r.get('pid')} on {r.get('hostname') or r.get('host')}{since}"


class StoreLease:
    """The lease on the output directory at ``url`` (an S3 URL)."""

    def __init__(self, url: str, command: str | None):
        self.url = url.rstrip("/")
        self.fs, root = filesystem(self.url)
        self.bucket, _, prefix = root.rstrip("/").partition("/")
        self.key = f"{prefix}/{LEASE_NAME}" if prefix else LEASE_NAME
        self.record = {"pid": os.getpid(), "host": host_id(), "hostname": socket.gethostname(),
                       "token": uuid.uuid4().hex, "started": time.time(), "command": command}
        self.etag: str | None = None
        self.lost: str | None = None  # why the lease was lost while held (the run must stop writing)
        self._stop = threading.Event()
        self._renewer: threading.Thread | None = None

    # --- taking and giving back --------------------------------------------------------------

    def acquire(self, *, break_lock: bool = False) -> None:
        if scheme_of(self.url) not in _CONDITIONAL_SCHEMES:
            return self._unguarded(break_lock, "no conditional write corefprep knows for this store")
        if self._create():
            if not self._create_is_exclusive():
                return self._unguarded(break_lock, "this store does not honour conditional writes (If-None-Match)")
            return self._start_renewing()
        # refused: the store honours the condition, and someone holds the lease
        holder = self.read()
        if holder is None:  # released between the two requests
            if self._create():
                return self._start_renewing()
            holder = self.read()
            if holder is None:
                raise LockedError(f"{self.url}: its lease changed hands again and again while this run tried to "
                                  "take it; rerun")
        if not self._is_mine(holder):  # (mine: our create went through, its answer was lost, its retry refused)
            self._take_over(holder, break_lock)
        self._start_renewing()

    def _create_is_exclusive(self) -> bool:
        """Whether creating the lease again, now that it exists, is refused. A store that ignores
        If-None-Match lets it through (writing our own record over itself: no harm done), and would
        let a second run in the same way."""
        again = self._put(IfNoneMatch="*")
        if again is None:
            return True
        self.etag = again
        return False

    def _unguarded(self, break_lock: bool, why: str) -> None:
        """No lease can keep a second run out here: refuse, or go on under --break-lock."""
        if self.etag is not None:
            self.release()
        if not break_lock:
            raise LockedError(f"{self.url}: {why}, so corefprep cannot keep a second run out; make sure no other "
                              "run writes here and rerun with --break-lock")
        print(f"corefprep: {self.url}: {why}; --break-lock: writing without a lease", file=sys.stderr)

    def _is_mine(self, holder: Holder) -> bool:
        if holder.record.get("token") != self.record["token"]:
            return False
        self.etag = holder.etag
        return True

    def release(self) -> None:
        self._stop.set()
        if self._renewer is not None:
            self._renewer.join()
        if self.etag is not None and self.lost is None:
            try:
                self.fs.call_s3("delete_object", Bucket=self.bucket, Key=self.key, IfMatch=self.etag)
            except OSError:
                pass  # taken over meanwhile, or the store is down: the lease expires by itself
        self.etag = None

    def read(self) -> Holder | None:
        try:
            etag, body = _get(self.fs, self.bucket, self.key)
        except FileNotFoundError:
            return None
        except OSError as exc:
            raise StoreError(f"{self.url}/{LEASE_NAME}: read failed: {first_line(exc)}") from None
        try:
            record = orjson.loads(body)
        except orjson.JSONDecodeError:
            record = {}
        return Holder(record if isinstance(record, dict) else {}, etag)

    # --- the conditional writes --------------------------------------------------------------

    def _put(self, **condition: str) -> str | None:
        """PUT the lease under ``condition``; its ETag, or None when the condition did not hold."""
        body = orjson.dumps({**self.record, "refreshed": time.time()})
        try:
            out = self.fs.call_s3("put_object", Bucket=self.bucket, Key=self.key, Body=body,
                                  ContentType="application/json", **condition)
        except OSError as exc:
            if _precondition_failed(exc):
                return None
            raise StoreError(f"{self.url}/{LEASE_NAME}: write failed: {first_line(exc)}") from None
        return str(out["ETag"])

    def _create(self) -> bool:
        self.etag = self._put(IfNoneMatch="*")
        return self.etag is not None

    def _take_over(self, holder: Holder, break_lock: bool) -> None:
        if break_lock:
            print(f"corefprep: --break-lock: taking over the lease of {holder.describe()}", file=sys.stderr)
        elif holder.record.get("host") == host_id():
            if _pid_alive(holder.record.get("pid")):
                raise LockedError(_locked_message(self.url, holder))
        else:
            holder = self._wait_unrefreshed(holder)
        self.etag = self._put(IfMatch=holder.etag)
        if self.etag is None:  # another run took it over first
            now = self.read()
            raise LockedError(_locked_message(self.url, now or holder))

    def _wait_unrefreshed(self, holder: Holder) -> Holder:
        """Another host's lease, once it has gone unrefreshed for LEASE_SECONDS (watched here)."""
        refreshed = holder.record.get("refreshed")
        if isinstance(refreshed, int | float) and time.time() - refreshed < 2 * LEASE_SECONDS / 3:
            raise LockedError(_locked_message(self.url, holder))
        print(f"corefprep: the lease of {holder.describe()} on {self.url} looks abandoned; watching it for "
              f"{LEASE_SECONDS:.0f} s before taking it over (--break-lock skips the wait)", file=sys.stderr)
        deadline = time.monotonic() + LEASE_SECONDS
        while time.monotonic() < deadline:
            time.sleep(min(5.0, LEASE_SECONDS / 10))
            now = self.read()
            if now is None:
                return Holder({}, "")
            if now.etag != holder.etag:
                raise LockedError(_locked_message(self.url, now))
        return holder

    # --- renewing ----------------------------------------------------------------------------

    def _start_renewing(self) -> None:
        self._renewer = threading.Thread(target=self._renew_loop, name="corefprep-store-lease", daemon=True)
        self._renewer.start()

    def _renew_loop(self) -> None:
        while not self._stop.wait(LEASE_SECONDS / 3):
            try:
                etag = self._put(IfMatch=self.etag or "")
            except StoreError as exc:
                print(f"corefprep: renewing the lease failed ({exc}); retrying", file=sys.stderr)
                continue
            if etag is None:
                now = self.read()
                if now is not None and self._is_mine(now):
                    continue  # the renewal went through, its answer was lost, its retry found it
                self.lost = (f"{self.url}: this run's lease was taken over by another run; it stopped writing to "
                             "the store")
                print(f"corefprep: {self.lost}", file=sys.stderr)
                return
            self.etag = etag


@contextmanager
def store_lease(url: str, *, break_lock: bool, command: str | None) -> Iterator[StoreLease]:
    lease = StoreLease(url, command)
    lease.acquire(break_lock=break_lock)
    try:
        yield lease
    finally:
        lease.release()


def _precondition_failed(exc: BaseException) -> bool:
    """Whether a store error is a 412 (If-None-Match / If-Match did not hold)."""
    if isinstance(exc, FileExistsError):
        return True
    cause = exc.__cause__
    response = getattr(cause, "response", None)
    if isinstance(response, dict):
        return response.get("ResponseMetadata", {}).get("HTTPStatusCode") == 412 or \
            response.get("Error", {}).get("Code") == "PreconditionFailed"
    return "pre-condition" in str(exc).lower()


def _get(fs: Any, bucket: str, key: str) -> tuple[str, bytes]:
    """An object's ETag and bytes from one GET (so they belong together), on s3fs's event loop."""
    from fsspec.asyn import sync

    async def get() -> tuple[str, bytes]:
        out = await fs._call_s3("get_object", Bucket=bucket, Key=key)
        async with out["Body"] as stream:
            return str(out["ETag"]), await stream.read()

    return sync(fs.loop, get)


def _pid_alive(pid: Any) -> bool:
    import psutil

    return isinstance(pid, int) and psutil.pid_exists(pid)


def _locked_message(url: str, holder: Holder) -> str:
    return (f"{url} is in use by another corefprep run ({holder.describe()}); wait for it to finish or use another "
            "--output-dir — if that run is dead (its host crashed), rerun with --break-lock")
