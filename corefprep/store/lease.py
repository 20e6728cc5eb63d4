"""One run per output directory on object storage: a lease object taken by conditional write.

The lease is ``work/.lease.json`` under the output URL, naming its holder (pid, host, command,
start, lease length). It is created with ``If-None-Match: *`` (refused with 412 when the object
exists), so of two runs starting at once exactly one gets it. The holder renews it with
``If-Match: <its last ETag>`` (:mod:`corefprep.store.terms` gives the times), so a renewal never
overwrites a lease another run has taken over, and every renewal that gets through moves the run's
fence (:mod:`corefprep.core.fence`): a holder that cannot renew in time stops writing by itself,
before any other host may take over. A refused renewal means the lease is lost: the fence falls at
once and the run stops in one line. The lease is deleted with ``If-Match`` on release, so a
release never deletes another run's lease.

Taking a lease that is held:

- on this host, by a process that is dead: at once (its death is proven here), by a PUT
  conditional on the ETag read (of two runs doing so, one wins);
- on another host: only after watching it stay unchanged for the lease plus its margin, on this
  host's monotonic clock; a change seen meanwhile means its holder is alive, and the run is refused
  naming it. No clock of another host is ever compared with this one's (the ``refreshed`` time in
  the record is for people reading ``status``);
- ``--break-lock``: at once, whoever holds it;
- a lease that vanished meanwhile is created (``If-None-Match: *``), never written with an empty
  ``If-Match`` (which an S3 server may take for no condition).

Conditional requests are checked before they are relied on: a run that has created the lease
creates it once more, which must be refused, and deletes it with a wrong ETag, which must be refused
too. A store that ignores ``If-None-Match`` would let a second run in: it is refused in one line
unless ``--break-lock`` says the operator keeps runs apart, as is any scheme other than S3. A store
that ignores a conditional delete is noted (:attr:`StoreLease.conditional_deletes`): the lease is
then deleted on release only while the run still holds it.
"""

from __future__ import annotations

import os
import socket
import sys
import threading
import time
import uuid
from dataclasses import dataclass
from typing import Any

import orjson

from ..core import stop
from ..core.errors import LockedError
from ..core.fence import FENCE, LEASE, Fence, LeaseLost
from ..core.log import say
from .client import Refused, StoreError, call, delete_object, get_object, not_implemented, put_object
from .lock import host_id
from .terms import Terms
from .urls import filesystem, scheme_of

# hidden, like every name the mirror leaves alone: the lease is the store's own, never a stage's file
LEASE_NAME = "work/.lease.json"
_CONDITIONAL_SCHEMES = ("s3", "s3a")
_NO_SUCH_ETAG = '"00000000000000000000000000000000"'


@dataclass(frozen=True)
class Holder:
    record: dict[str, Any]
    etag: str

    def describe(self) -> str:
        r = self.record
        started = r.get("started")
        since = f", started {time.strftime('%Y-%m-%d %H:%M:%S', time.localtime(started))}" if started else ""
        return f"pid {r.get('pid')} on {r.get('hostname') or r.get('host')}{since}"

    def lease_seconds(self, default: float) -> float:
        seconds = self.record.get("lease_seconds")
        return float(seconds) if isinstance(seconds, int | float) and seconds > 0 else default


class StoreLease:
    """The lease on the output directory at ``url`` (an S3 URL)."""

    def __init__(self, url: str, command: str | None, terms: Terms | None = None, *, fence: Fence = FENCE,
                 token: str | None = None):
        self.url = url.rstrip("/")
        self.terms = terms or Terms()
        self.fence = fence  # this process's (another only for tests holding two leases in one process)
        self.record = {"pid": os.getpid(), "host": host_id(), "hostname": socket.gethostname(),
                       "token": token or uuid.uuid4().hex, "started": time.time(), "command": command,
                       "lease_seconds": self.terms.seconds}
        # a client of its own, with short timeouts and no fence (a renewal is what moves the fence)
        self.fs, root = filesystem(self.url, timing=self.terms.renew_timing())
        self.bucket, _, prefix = root.rstrip("/").partition("/")
        self.key = f"{prefix}/{LEASE_NAME}" if prefix else LEASE_NAME
        self.where = f"{self.url}/{LEASE_NAME}"
        self.etag: str | None = None
        self.conditional_deletes = True
        self.lost: str | None = None  # why the lease was lost while held (the run stopped writing)
        self._stop = threading.Event()
        self._renewer: threading.Thread | None = None
        self._unwatch: Any = None
        self._sent = 0.0  # when the write that last made the lease ours was sent (monotonic)

    # --- taking and giving back --------------------------------------------------------------

    def acquire(self, *, break_lock: bool = False) -> None:
        if scheme_of(self.url) not in _CONDITIONAL_SCHEMES:
            return self._unguarded(break_lock, "no conditional write corefprep knows for this store")
        for _ in range(5):
            if self._create():
                return self._check_conditions(break_lock)
            holder = self.read()
            if holder is None:  # released between the two requests
                continue
            if self._is_mine(holder):  # our create went through, its answer was lost, its retry refused
                return self._start_renewing(self._sent)
            taken = self._take_over(holder, break_lock)
            if taken:
                return
        raise LockedError(f"{self.url}: its lease changed hands again and again while this run tried to take it; rerun")

    def _check_conditions(self, break_lock: bool) -> None:
        """Created: prove the store honours the conditions the lease relies on, then hold it."""
        try:  # the lease exists now: creating it again must be refused
            again = call(self.where, "write", lambda: put_object(self.fs, self.bucket, self.key, self._body(),
                                                                   IfNoneMatch="*"))
        except Refused:
            again = None
        if again is not None:
            self.etag = again
            return self._unguarded(break_lock, "this store does not honour conditional writes (If-None-Match)")
        self._check_conditional_delete()
        self._start_renewing(self._sent)

    def _check_conditional_delete(self) -> None:
        """Deleting the lease with a wrong ETag must be refused; a store that deletes it anyway (or
        knows no conditional delete) is noted, and the lease taken again."""
        try:
            call(self.where, "delete", lambda: delete_object(self.fs, self.bucket, self.key, _NO_SUCH_ETAG))
        except Refused:
            return  # as it should be
        except StoreError as exc:
            if not not_implemented(exc.__cause__ or exc):
                raise
        self.conditional_deletes = False
        if self.read() is None and not self._create():
            holder = self.read()
            raise LockedError(_locked_message(self.url, holder) if holder else f"{self.url}: its lease changed "
                              "hands while this run took it; rerun")

    def _unguarded(self, break_lock: bool, why: str) -> None:
        """No lease can keep a second run out here: refuse, or go on under --break-lock."""
        if self.etag is not None:
            self.etag, etag = None, self.etag
            try:
                call(self.where, "delete", lambda: delete_object(self.fs, self.bucket, self.key, etag))
            except (Refused, StoreError):
                pass
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
        if self._unwatch is not None:
            self._unwatch()
        etag, self.etag = self.etag, None
        if etag is not None and (self.lost is None or self.conditional_deletes):
            try:  # conditional: never another run's lease
                call(self.where, "delete", lambda: delete_object(self.fs, self.bucket, self.key, etag))
            except (Refused, StoreError):
                pass  # taken over meanwhile, or the store is down: the lease expires by itself
        if self._renewer is not None:  # (a lease never held fences nothing)
            self.fence.release(LEASE)

    def read(self) -> Holder | None:
        got = call(self.where, "read", lambda: get_object(self.fs, self.bucket, self.key), missing_ok=True)
        if got is None:
            return None
        etag, body = got
        try:
            record = orjson.loads(body)
        except orjson.JSONDecodeError:
            record = {}
        return Holder(record if isinstance(record, dict) else {}, etag)

    # --- the conditional writes --------------------------------------------------------------

    def _body(self) -> bytes:
        return orjson.dumps({**self.record, "refreshed": time.time()})

    def _create(self) -> bool:
        self._sent = time.monotonic()
        try:
            self.etag = call(self.where, "write", lambda: put_object(self.fs, self.bucket, self.key, self._body(),
                                                                       IfNoneMatch="*"))
        except Refused:
            return False
        return True

    def _take_over(self, holder: Holder, break_lock: bool) -> bool:
        """Take ``holder``'s lease over; False when it vanished meanwhile (create it instead)."""
        if break_lock:
            print(f"corefprep: --break-lock: taking over the lease of {holder.describe()}", file=sys.stderr)
        elif holder.record.get("host") == host_id():
            if _pid_alive(holder.record.get("pid")):
                raise LockedError(_locked_message(self.url, holder))
        else:
            watched = self._watch_unchanged(holder)
            if watched is None:
                return False
        sent = time.monotonic()
        try:
            self.etag = call(self.where, "write", lambda: put_object(self.fs, self.bucket, self.key, self._body(),
                                                                       IfMatch=holder.etag))
        except Refused:  # another run took it over first, or it was released
            now = self.read()
            if now is None:
                return False
            raise LockedError(_locked_message(self.url, now)) from None
        self._sent = sent
        self._check_conditional_delete()
        self._start_renewing(self._sent)
        return True

    def _watch_unchanged(self, holder: Holder) -> Holder | None:
        """Another host's lease, once watched unchanged for the takeover wait; None if it vanished.
        A change means its holder renews it: refused, naming it."""
        wait = Terms(holder.lease_seconds(self.terms.seconds)).takeover_after
        wait = max(wait, self.terms.takeover_after)
        renews = Terms(holder.lease_seconds(self.terms.seconds)).renew_every
        print(f"corefprep: {self.url} is held by {holder.describe()} (another host); watching its lease: a live run "
              f"renews it within {renews:.3g} s, a dead one's is taken over after {wait:.3g} s unchanged "
              "(--break-lock skips the wait)", file=sys.stderr)
        deadline = time.monotonic() + wait
        while time.monotonic() < deadline:
            time.sleep(max(0.0, min(2.0, renews / 2, deadline - time.monotonic())))
            try:
                now = self.read()
            except StoreError:
                continue  # unknown, not unchanged: the wait goes on (the deadline does not move back)
            if now is None:
                return None
            if now.etag != holder.etag:
                raise LockedError(_locked_message(self.url, now))
        return holder

    # --- renewing ----------------------------------------------------------------------------

    def _start_renewing(self, sent: float) -> None:
        self.fence.hold(LEASE, sent + self.terms.writes_for, self.url)
        self._unwatch = self.fence.watch(self._fell)
        self._renewer = threading.Thread(target=self._renew_loop, args=(sent,), name="corefprep-store-lease",
                                         daemon=True)
        self._renewer.start()

    def _fell(self, why: str) -> None:
        """The fence fell (the lease was lost, or no renewal got through in time): the main
        thread stops with that error; every write is refused from now on anyway."""
        if self._stop.is_set():
            return
        self.lost = self.lost or why
        if not stop.interrupt_main(LeaseLost(self.lost)):
            say(self.lost)  # no main thread to stop: the run's next write fails with it

    def _renew_loop(self, last: float) -> None:
        t = self.terms
        next_at, failing = last + t.renew_every, False
        while not self._stop.wait(max(0.0, next_at - time.monotonic())):
            sent = time.monotonic()
            try:
                etag = self._renew()
            except StoreError as exc:
                if not failing:
                    say(f"renewing the lease of {self.url} failed ({exc}); retrying every {t.retry_every:.0f} s — this "
                        f"run stops writing if none gets through within {t.writes_for - (sent - last):.0f} s")
                failing, next_at = True, sent + t.retry_every
                continue
            if etag is None:
                self.lost = (f"{self.url}: this run's lease was taken over by another run; it stopped writing to "
                             "the store")
                self.fence.lose(LEASE, self.lost)
                return
            if failing:
                say(f"renewing the lease of {self.url} works again ({sent - last:.0f} s since the last renewal)")
            self.etag, last, failing = etag, sent, False
            self.fence.hold(LEASE, sent + t.writes_for, self.url)
            next_at = sent + t.renew_every

    def _renew(self) -> str | None:
        """The new ETag; None when the lease is no longer ours."""
        etag = self.etag
        if etag is None:
            return None
        try:
            return call(self.where, "renewal", lambda: put_object(self.fs, self.bucket, self.key, self._body(),
                                                                    IfMatch=etag))
        except Refused:
            now = self.read()
            if now is not None and self._is_mine(now):
                return now.etag  # the renewal went through, its answer was lost, its retry refused
            return None


def _pid_alive(pid: Any) -> bool:
    import psutil

    return isinstance(pid, int) and psutil.pid_exists(pid)


def _locked_message(url: str, holder: Holder) -> str:
    return (f"{url} is in use by another corefprep run ({holder.describe()}); wait for it to finish or use another "
            "--output-dir — if that run is dead (its host crashed), rerun with --break-lock")
