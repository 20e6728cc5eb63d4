"""One run per output directory, also across hosts sharing it: the lock is a lease (SPEC 2.2).

The lease is filelock's (``SoftFileLease``), with the times of :mod:`corefprep.store.terms`: its
holder keeps renewing it, and each renewal that gets through moves the run's fence
(:mod:`corefprep.core.fence`), so a holder whose filesystem stops answering (an NFS server gone) stops
writing by itself before another host may take the lock over; a holder that finds its lock file
replaced or removed stops at once. A run on another host takes the lock over only once it has
watched the lock file stay unchanged for the lease plus its margin on its own monotonic clock (the
file's modification time, set by the file server's clock, is compared only with itself); a change
seen meanwhile means its holder is alive, and the run is refused naming it.

Taking the lock is one short section that corefprep runs serialise with an OS lock (flock) on a
guard file, ``work/.lock-guard``, which is never deleted: read the lock file, drop it if it is a
dead run's, create the lease marker. filelock creates its marker empty (O_CREAT|O_EXCL) and writes
the holder's record into it right after, so without the guard a run starting at the same moment
could find that empty marker, take it for a killed writer's, delete it and hold the lock too. With
the guard no corefprep run sees another's half-written marker; and a lock file that is empty or
not a whole record is still only dropped once it has stayed so for STARTING_GRACE_SECONDS (a run
not honouring the guard, a filesystem without flock), and only if it is the very file inspected.
"""

from __future__ import annotations

import errno
import functools
import json
import os
import socket
import sys
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from typing import TYPE_CHECKING, Any

from ..core import stop
from ..core.atomic import atomic_write_json, read_json
from ..core.errors import LockedError
from ..core.fence import FENCE, LOCK, LeaseLost
from ..core.log import say
from ..core.workdir import WorkDir, clean_leftovers
from .terms import LEASE_SECONDS, Terms

if TYPE_CHECKING:
    import filelock

__all__ = ["LEASE_SECONDS", "describe_holder", "hold_lock", "lock_is_live", "read_lock_holder", "record_run",
           "run_lock"]
# A lock file that is empty or not a whole record is a run writing it (a matter of microseconds)
# until it has stayed so this long; only then is it a killed writer's, to be taken over.
STARTING_GRACE_SECONDS = 10.0
# The guarded section takes milliseconds; a run that holds the guard this long is stopped or its
# filesystem hangs, and waiting on it must end in a clear refusal, not a hang.
GUARD_TIMEOUT_SECONDS = 30.0
# Never removed (clean_leftovers removes temporary names only): every run must flock one inode.
GUARD_NAME = ".lock-guard"
# flock() errors of a filesystem that has no locks (the section then runs unguarded), and those
# that mean another process holds it (some filesystems say EACCES)
_NO_FLOCK = {errno.ENOSYS, errno.EOPNOTSUPP, errno.ENOLCK}
_FLOCK_BUSY = {errno.EAGAIN, errno.EWOULDBLOCK, errno.EACCES}


def read_lock_holder(work: WorkDir) -> dict[str, Any] | None:
    """Who the lock file names (pid, host, seconds since its last refresh), or None when free.

    The lock is filelock's lease marker (``key=value`` lines naming the holder's pid and host) or
    an older corefprep's JSON record. A file that names nobody yet (empty or partly written) has
    pid and host None and ``starting``: True while younger than STARTING_GRACE_SECONDS (a run is
    writing it), False after (a writer killed mid-write left it).
    """
    found = _read_settled(work)
    if found is None:
        return None
    content, age = found
    record = _parse_record(content)
    holder: dict[str, Any] = {"pid": None, "host": None, **(record or {}), "refreshed_s_ago": round(max(0.0, age), 1)}
    if record is None:
        holder["starting"] = age < STARTING_GRACE_SECONDS
    run = read_json(work.run_record) or {}
    if record is not None and run.get("pid") == holder["pid"] and run.get("host") == holder["host"]:
        holder.update({k: run[k] for k in ("started", "command") if k in run})
    return holder


def lock_is_live(work: WorkDir) -> dict[str, Any] | None:
    """The holder of a lock that a live run holds (as far as this host can tell), else None.

    A run that is starting (its lock file not written yet) is live.
    """
    import psutil

    holder = read_lock_holder(work)
    if holder is None:
        return None
    if holder["pid"] is None:
        return holder if holder["starting"] else None
    if _on_this_host(holder):
        return holder if psutil.pid_exists(holder["pid"]) else None
    return holder if holder["refreshed_s_ago"] < LEASE_SECONDS else None


def describe_holder(holder: dict[str, Any]) -> str:
    """A holder (read_lock_holder's) as messages name it: never "pid None", whatever the lock
    file holds."""
    if holder.get("pid") is not None:
        return f"pid {holder['pid']} on {holder.get('host')}"
    if holder.get("starting", True):
        return "a run that is starting (its lock is being written)"
    return "a killed run (its lock file was left empty or half-written)"


@functools.cache
def host_id() -> str:
    """This host as filelock names it in its markers (the host name and, in a container, its pid
    namespace), read off a marker of our own in a private directory: filelock's own function for it
    is not public."""
    import tempfile

    import filelock

    with tempfile.TemporaryDirectory(prefix="corefprep-host-") as d:
        probe = os.path.join(d, "probe")
        lease = filelock.SoftFileLease(probe, lease_duration=60.0, timeout=0)
        lease.acquire()
        try:
            with open(probe, encoding="utf-8", errors="replace") as f:
                content = f.read()
        finally:
            lease.release()
    fields = dict(line.partition("=")[::2] for line in content.splitlines() if "=" in line)
    return fields.get("host") or socket.gethostname()


def _on_this_host(holder: dict[str, Any]) -> bool:
    # an older corefprep's JSON record names the host as socket.gethostname() spells it
    return holder["host"] == (socket.gethostname() if holder.get("legacy") else host_id())


@contextmanager
def run_lock(work: WorkDir, *, break_lock: bool = False, command: str | None = None,
             terms: Terms | None = None) -> Iterator[None]:
    """Hold the lock (:func:`hold_lock`) and record the run (:func:`record_run`): a run on a
    local output directory."""
    with hold_lock(work, break_lock=break_lock, terms=terms):
        record_run(work, command)
        yield


@contextmanager
def hold_lock(work: WorkDir, *, break_lock: bool = False, terms: Terms | None = None) -> Iterator[None]:
    """One run per output directory, also across hosts sharing the directory.

    The lock is a lease (filelock.SoftFileLease): an existence marker naming this process and
    host, renewed while it is held (:class:`_Keeper`, which moves the run's fence). A run on the
    same host that died is taken over at once. Another host's marker is watched (see the module
    doc). ``break_lock`` removes any marker first: for an operator who knows the other run is dead.
    Taking the lock is serialised between corefprep runs (the guard, see above).

    Nothing in the directory is touched before the lock is held.
    """
    import filelock

    terms = terms or Terms()
    work.root.mkdir(parents=True, exist_ok=True)
    keeper = _Keeper(work, terms)
    lease = filelock.SoftFileLease(str(work.lock), lease_duration=terms.takeover_after, timeout=0,
                                   on_compromise=keeper.compromised)
    with _guarded(work):
        if break_lock:
            _break_lock(work)
        holder = _take_or_name_holder(work, lease)
    if holder is not None:
        _wait_for_abandoned(work, lease, holder, terms)
    keeper.start()
    try:
        yield
    finally:
        keeper.stop()
        lease.release()


def record_run(work: WorkDir, command: str | None) -> None:
    """Under the lock: who holds it, since when, running what (``work/run.json``, for `status` and
    lock messages); then remove what killed runs left half-written (no live run writes them now)."""
    atomic_write_json(work.run_record, {"pid": os.getpid(), "host": host_id(), "hostname": socket.gethostname(),
                                        "started": time.time(), "command": command})
    clean_leftovers(work)


class _Keeper:
    """Renews this run's hold on the lock file and moves the fence with each renewal that got
    through: it checks that the lock file is still the one this run created, then touches it.
    filelock's own heartbeat renews it too; this one is what the fence trusts (filelock would
    report a failing renewal only after the lease itself)."""

    def __init__(self, work: WorkDir, terms: Terms):
        self.path, self.terms = work.lock, terms
        self._stop = threading.Event()
        self._thread: threading.Thread | None = None
        self._unwatch: Any = None
        self._identity: tuple[int, int] | None = None

    def start(self) -> None:
        sent = time.monotonic()
        st = os.lstat(self.path)
        self._identity = (st.st_dev, st.st_ino)
        FENCE.hold(LOCK, sent + self.terms.writes_for, str(self.path.parent.parent))
        self._unwatch = FENCE.watch(self._fell)
        self._thread = threading.Thread(target=self._loop, args=(sent,), name="corefprep-lock", daemon=True)
        self._thread.start()

    def stop(self) -> None:
        self._stop.set()
        if self._thread is not None:
            self._thread.join(timeout=self.terms.renew_every + 5)
        if self._unwatch is not None:
            self._unwatch()
            FENCE.release(LOCK)

    def compromised(self, compromise: Any) -> None:
        """filelock's heartbeat found the marker gone or replaced."""
        if not self._stop.is_set():
            FENCE.lose(LOCK, f"the lock {self.path} was taken over or removed ({compromise.reason}); this run "
                             "stopped writing")

    def _fell(self, why: str) -> None:
        if not self._stop.is_set() and not stop.interrupt_main(LeaseLost(why)):
            say(why)  # no main thread to stop: the run's next write fails with it

    def _loop(self, last: float) -> None:
        t = self.terms
        next_at = last + t.renew_every
        while not self._stop.wait(max(0.0, next_at - time.monotonic())):
            sent = time.monotonic()
            try:
                st = os.lstat(self.path)
                if (st.st_dev, st.st_ino) != self._identity:
                    raise FileNotFoundError
                os.utime(self.path)
            except FileNotFoundError:
                FENCE.lose(LOCK, f"the lock {self.path} was taken over or removed by another run; this run stopped "
                                 "writing")
                return
            except OSError:
                next_at = sent + t.retry_every  # the filesystem does not answer: again soon (the fence decides)
                continue
            FENCE.hold(LOCK, sent + t.writes_for, str(self.path.parent.parent))
            next_at = sent + t.renew_every


@contextmanager
def _guarded(work: WorkDir) -> Iterator[None]:
    """Hold the guard (an flock on work/.lock-guard, shared with every corefprep run) for a
    section that reads, drops or creates the lock file; refuse with LockedError after
    GUARD_TIMEOUT_SECONDS. Closing the descriptor releases the flock, also when a run is killed."""
    # read-only is enough for flock: runs of other accounts sharing the directory take it too
    fd = os.open(work.root / GUARD_NAME, os.O_RDONLY | os.O_CREAT, 0o644)
    try:
        _flock_within(fd, work)
        yield
    finally:
        os.close(fd)


def _flock_within(fd: int, work: WorkDir) -> None:
    """An exclusive flock on fd, polled until GUARD_TIMEOUT_SECONDS; none on a filesystem (or a
    platform) without flock, where STARTING_GRACE_SECONDS alone keeps a marker being written."""
    try:
        import fcntl
    except ImportError:
        return
    give_up = time.monotonic() + GUARD_TIMEOUT_SECONDS
    while True:
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
            return
        except OSError as e:
            if e.errno in _NO_FLOCK:
                return
            if e.errno not in _FLOCK_BUSY:
                raise
        if time.monotonic() >= give_up:
            raise LockedError(f"{work.output_dir} is in use: another corefprep run has been taking its lock for over "
                              f"{GUARD_TIMEOUT_SECONDS:.0f} s (it is stopped, or the filesystem hangs); wait for it "
                              "or use another --output-dir")
        time.sleep(0.01)


def _break_lock(work: WorkDir) -> None:
    if not work.lock.exists():
        return
    holder = read_lock_holder(work) or {}
    print(f"corefprep: --break-lock: removing the lock of {describe_holder(holder)}", file=sys.stderr)
    work.lock.unlink(missing_ok=True)


def _take_or_name_holder(work: WorkDir, lease: filelock.SoftFileLease) -> dict[str, Any] | None:
    """Under the guard: take the lock (None), else who holds it. A holder that released between
    the failed attempt and the reading is retried, so the answer always names one."""
    import filelock

    for _ in range(3):
        _drop_foreign_marker(work)
        try:
            lease.acquire()
            return None
        except filelock.Timeout:
            pass
        except filelock.LeaseSettingsMismatch:
            holder = read_lock_holder(work) or {}
            raise LockedError(f"{work.output_dir} is locked by {describe_holder(holder)} with another lease length "
                              "than this run's; every run on one output must use the same --lease-seconds (if that "
                              "run is dead, rerun with --break-lock)") from None
        holder = read_lock_holder(work)
        if holder is not None:
            return holder
    return {"pid": None, "host": None, "starting": True}  # taken and released three times in a row


def _wait_for_abandoned(work: WorkDir, lease: filelock.SoftFileLease, holder: dict[str, Any], terms: Terms) -> None:
    """Take the lock over once filelock has watched its marker unchanged long enough (another
    host's lease: the takeover wait; a marker naming nobody: STARTING_GRACE_SECONDS), else raise
    LockedError: at once for a live run on this host, as soon as the marker changes otherwise (its
    run renews it, or another run took it). Each attempt runs under the guard."""
    if holder.get("host") == host_id():
        raise LockedError(_locked_message(work, holder))  # alive here (filelock takes a dead one's at once)
    unnamed = holder.get("pid") is None
    wait = STARTING_GRACE_SECONDS if unnamed else terms.takeover_after
    if not unnamed:
        print(f"corefprep: {work.output_dir} is locked by {describe_holder(holder)} (another host); watching its lock: "
              f"a live run renews it within {terms.renew_every:.3g} s, a dead one's is taken over after {wait:.3g} s "
              "unchanged (--break-lock skips the wait)", file=sys.stderr)
    seen = _marker_key(work)
    deadline = time.monotonic() + wait + min(10.0, 1 + wait / 10)
    while time.monotonic() < deadline:
        time.sleep(min(1.0, wait / 10))
        with _guarded(work):
            now = _take_or_name_holder(work, lease)
        if now is None:
            return
        if _marker_key(work) != seen:  # renewed or replaced: a live run holds it
            raise LockedError(_locked_message(work, read_lock_holder(work) or now))
    raise LockedError(_locked_message(work, read_lock_holder(work) or holder))


def _marker_key(work: WorkDir) -> tuple[int, int, int, int] | None:
    """What changes when the lock file is renewed or replaced (times of the file server's clock,
    compared only with each other)."""
    try:
        st = os.lstat(work.lock)
    except OSError:
        return None
    return st.st_ino, st.st_mtime_ns, st.st_ctime_ns, st.st_size


# marker key -> when this process first saw it (monotonic): how long a marker naming nobody has
# stayed unchanged, watched here
_UNNAMED_SEEN: dict[tuple[str, tuple[int, int, int, int]], float] = {}


def _drop_foreign_marker(work: WorkDir) -> None:
    """Remove a lock file that no live run can be behind, which filelock never reclaims by itself:
    one left by an older corefprep (a JSON record) whose run is dead, or one naming nobody (empty,
    partly written, unreadable) that this process has watched stay unchanged for
    STARTING_GRACE_SECONDS. Called under the guard, so no corefprep run is writing a marker meanwhile."""
    import psutil

    try:
        content, st = _read_lock_file(work)
    except OSError:
        return
    record = _parse_record(content)
    if record is None:
        key = (str(work.lock), (st.st_ino, st.st_mtime_ns, st.st_ctime_ns, st.st_size))
        first = _UNNAMED_SEEN.setdefault(key, time.monotonic())
        if time.monotonic() - first < STARTING_GRACE_SECONDS:
            return  # a run may be writing it right now
    elif not record.get("legacy"):
        return  # a lease marker: filelock decides whether its holder is dead
    elif record["host"] is not None and (record["host"] != socket.gethostname() or psutil.pid_exists(record["pid"])):
        return  # an older corefprep run that may be alive (here or on another host): let the lease refuse
    _unlink_if_same(work, st)


def _unlink_if_same(work: WorkDir, inspected: os.stat_result) -> None:
    """Unlink the lock file only if it is still the file inspected: a run not honouring the guard
    may have replaced it by its own marker since (unlinking by name alone would delete that)."""
    try:
        now = os.lstat(work.lock)
    except OSError:
        return
    if (now.st_dev, now.st_ino, now.st_mtime_ns, now.st_size) == \
            (inspected.st_dev, inspected.st_ino, inspected.st_mtime_ns, inspected.st_size):
        work.lock.unlink(missing_ok=True)


def _read_lock_file(work: WorkDir) -> tuple[str, os.stat_result]:
    """The lock file's content and its stat, both from one open file (so they belong together);
    O_NONBLOCK so that something odd at the lock's path (a FIFO) cannot block the reading."""
    fd = os.open(work.lock, os.O_RDONLY | os.O_NONBLOCK)
    try:
        return os.read(fd, 4096).decode("utf-8", errors="replace"), os.fstat(fd)
    finally:
        os.close(fd)


def _read_settled(work: WorkDir) -> tuple[str, float] | None:
    """(content, age) of the lock file, None when there is none. A young file naming nobody yet is
    read again for up to 0.1 s: filelock writes the record right after creating the file."""
    give_up = time.monotonic() + 0.1
    while True:
        try:
            content, st = _read_lock_file(work)
        except OSError:
            return None
        age = time.time() - st.st_mtime
        if _parse_record(content) is not None or age >= STARTING_GRACE_SECONDS or time.monotonic() >= give_up:
            return content, age
        time.sleep(0.02)


def _parse_record(content: str) -> dict[str, Any] | None:
    """pid and host of a whole lock record, None while it names nobody (empty, partly written).

    filelock writes its marker as ``filelock/2`` then ``key=value`` lines, each ending in a newline
    (a missing last newline is a write cut short); an older corefprep wrote a JSON object.
    """
    if content.startswith("filelock/"):
        fields = dict(line.partition("=")[::2] for line in content.splitlines() if "=" in line)
        pid, host = fields.get("pid", ""), fields.get("host")
        if not content.endswith("\n") or not pid.isdigit() or not host:
            return None
        return {"pid": int(pid), "host": host}
    try:
        old = json.loads(content)
    except ValueError:
        return None
    if isinstance(old, dict) and isinstance(old.get("pid"), int):
        return {"pid": old["pid"], "host": old.get("host"), "legacy": True}
    return None


def _locked_message(work: WorkDir, holder: dict[str, Any]) -> str:
    age = holder.get("refreshed_s_ago")
    seen = f", lock refreshed {age:.0f} s ago" if isinstance(age, int | float) and holder.get("pid") else ""
    return (f"{work.output_dir} is in use by another corefprep run ({describe_holder(holder)}{seen}); wait for it to "
            "finish or use another --output-dir — if that run is dead (its host crashed), rerun with --break-lock")
