"""The work directory's lock (one run per output directory, across hosts) and its manifest.

Holders are real processes that take the lock with ``run_lock`` and sleep; another host's run is a
lease marker naming another host, as filelock writes it there.
"""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
import time

import pytest
from fixtures import minicorpus as mc
from fixtures.background import Repeating
from fixtures.tiers import slow_fixture

import corefprep.store.lock as workdir
from corefprep.core.errors import LockedError
from corefprep.core.workdir import WorkDir
from corefprep.store.lock import lock_is_live, read_lock_holder, run_lock
from corefprep.store.terms import Terms

HOLD = """
import sys, time
from pathlib import Path
from corefprep.core.workdir import WorkDir
from corefprep.store.lock import run_lock
with run_lock(WorkDir(Path(sys.argv[1])), command="holder"):
    print("held", flush=True)
    time.sleep(120)
"""


@pytest.fixture
@slow_fixture
def holder(tmp_path):
    """A live process holding the lock of tmp_path/out."""
    p = subprocess.Popen([sys.executable, "-c", HOLD, str(tmp_path / "out")], stdout=subprocess.PIPE, text=True)
    assert p.stdout is not None and p.stdout.readline().strip() == "held"
    yield p
    p.kill()
    p.wait()


SHORT = Terms(1.5)  # renewed every 0.19 s, taken over after 2 s unchanged


def _foreign_marker(work: WorkDir, host: str = "other-host", age: float = 0.0, terms: Terms = SHORT) -> None:
    """The lease marker a run on another host writes (filelock's protocol 2 record); ``age``: its
    modification time that far in the past (negative: the file server's clock is ahead)."""
    work.root.mkdir(parents=True, exist_ok=True)
    work.lock.write_text(f"filelock/2\npid=4242\nhost={host}\nmode=lease\ntoken={'ab' * 16}\n"
                         f"duration={terms.takeover_after!r}\n")
    if age:
        t = time.time() - age
        os.utime(work.lock, (t, t))


class Renewing(Repeating):
    """Another host's live run: its marker touched every 0.1 s (with the times of a file server
    whose clock is ``age`` seconds behind)."""

    def __init__(self, work: WorkDir, age: float = 0.0):
        super().__init__()
        self.work, self.age = work, age

    def tick(self) -> None:
        t = time.time() - self.age
        os.utime(self.work.lock, (t, t))


def test_a_live_run_is_refused_naming_its_pid_and_its_lock_is_left_alone(tmp_path, holder):
    work = WorkDir(tmp_path / "out")
    before = work.lock.read_bytes()
    with pytest.raises(LockedError, match=f"pid {holder.pid} on .*--break-lock"):
        with run_lock(work):
            pass
    assert work.lock.read_bytes() == before
    live = lock_is_live(work)
    assert live is not None and live["pid"] == holder.pid and live["command"] == "holder"


def test_a_killed_run_is_taken_over_at_once_and_the_lock_released_after(tmp_path, holder):
    work = WorkDir(tmp_path / "out")
    holder.kill()
    holder.wait()
    t0 = time.monotonic()
    with run_lock(work):
        assert read_lock_holder(work)["pid"] == os.getpid()
        assert time.monotonic() - t0 < 5
    assert not work.lock.exists()
    assert lock_is_live(work) is None


def test_the_lock_is_released_when_the_run_fails(tmp_path):
    work = WorkDir(tmp_path)
    with pytest.raises(RuntimeError):
        with run_lock(work):
            raise RuntimeError("boom")
    assert not work.lock.exists()


@pytest.mark.parametrize("age", [0.0, 600.0])
def test_another_hosts_live_run_is_refused_and_break_lock_is_the_way_out(tmp_path, capsys, age):
    """Refused as soon as its renewal is seen, whatever the file server's clock says (here also ten
    minutes behind: a lock that looks old by its time but is being renewed)."""
    work = WorkDir(tmp_path / "out")
    _foreign_marker(work, age=age)
    with Renewing(work, age=age):
        t0 = time.monotonic()
        with pytest.raises(LockedError, match="pid 4242 on other-host.*--break-lock"):
            with run_lock(work, terms=SHORT):
                pass
        assert time.monotonic() - t0 < SHORT.takeover_after
    assert "other-host" in work.lock.read_text()
    with run_lock(work, break_lock=True, terms=SHORT):
        assert read_lock_holder(work)["pid"] == os.getpid()
    assert "--break-lock: removing the lock of pid 4242 on other-host" in capsys.readouterr().err


@pytest.mark.parametrize("age", [60.0, -600.0])
def test_another_hosts_abandoned_lock_is_taken_over_after_watching_it_unchanged(tmp_path, capsys, age):
    """Finding 4: never sooner than the takeover wait on this host's clock (a lock whose time says
    it is old is still watched), never refused for ever (a file server whose clock is ten minutes
    ahead makes an abandoned lock look fresh)."""
    work = WorkDir(tmp_path / "out")
    _foreign_marker(work, age=age)
    t0 = time.monotonic()
    with run_lock(work, terms=SHORT):
        waited = time.monotonic() - t0
        assert read_lock_holder(work)["pid"] == os.getpid()
    assert SHORT.takeover_after <= waited < SHORT.takeover_after + 3
    assert "watching its lock" in capsys.readouterr().err


def test_waiting_for_an_abandoned_lease_ends_when_its_run_refreshes_it(tmp_path):
    """A run waiting for another host's lease to expire gives up as soon as that lease is
    refreshed again (its run was only slow), rather than waiting out the whole lease."""
    import threading

    work = WorkDir(tmp_path / "out")
    _foreign_marker(work, age=60)
    threading.Timer(0.5, os.utime, (work.lock, None)).start()  # the other host's heartbeat
    t0 = time.monotonic()
    with pytest.raises(LockedError, match="pid 4242 on other-host"):
        with run_lock(work, terms=SHORT):
            pass
    assert time.monotonic() - t0 < 1.5
    assert "other-host" in work.lock.read_text()


@pytest.mark.parametrize("content", ["", json.dumps({"pid": 999_999_999, "host": __import__("socket").gethostname(),
                                                     "started": 0})])
def test_lock_files_of_older_versions_and_killed_writers_are_taken_over(tmp_path, content, monkeypatch):
    monkeypatch.setattr(workdir, "STARTING_GRACE_SECONDS", 1.0)
    work = WorkDir(tmp_path)
    work.root.mkdir(parents=True)
    work.lock.write_text(content)
    t = time.time() - 60
    os.utime(work.lock, (t, t))
    with run_lock(work):
        assert read_lock_holder(work)["pid"] == os.getpid()


def test_cli_refuses_a_live_run_then_resumes_after_it_died(tmp_path, tmp_path_factory, holder, capsys):
    corpus = mc.mini_corpus(tmp_path_factory)
    out = tmp_path / "out"
    argv = ["filter", str(corpus), "-o", str(out), "--batch-docs", "4", "--workers", "1", "--no-progress"]
    capsys.readouterr()
    assert mc.run_cli(argv) == 1
    err = capsys.readouterr().err
    assert "in use" in err and str(holder.pid) in err and len(err.strip().splitlines()) == 1
    assert not (out / "work" / "filter").exists()
    holder.kill()
    holder.wait()
    assert mc.run_cli(argv) == 0
    assert not (out / "work" / "LOCK").exists()
    assert len(list((out / "work" / "filter").glob("batch_*.parquet"))) == 7


def test_a_second_run_on_a_live_runs_stage_touches_nothing_in_it(tmp_path, tmp_path_factory, holder, s3_server,
                                                                  capsys):
    """Finding 9: the stage of a live run (its files not uploaded yet, so not on the store) is
    locked before the second run pulls: the second run is refused and every file stays."""
    corpus = mc.mini_corpus(tmp_path_factory)
    stage = tmp_path / "out"  # the holder's directory, used as a stage
    finished = {stage / "work" / "filter" / "batch_00000.parquet": b"rows of the live run",
                stage / "work" / "filter" / "batch_00000.json": b"{}"}
    for path, data in finished.items():
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(data)
    record = (stage / "work" / "run.json").read_bytes()
    url = s3_server.bucket("stage-of-a-live-run") + "/out"
    capsys.readouterr()
    assert mc.run_cli(["filter", str(corpus), "-o", url, "--stage-dir", str(stage), "--batch-docs", "4",
                       "--workers", "1", "--no-progress"]) == 1
    err = capsys.readouterr().err
    assert "in use" in err and str(holder.pid) in err
    assert all(path.read_bytes() == data for path, data in finished.items())
    assert (stage / "work" / "run.json").read_bytes() == record
    assert not s3_server.keys("stage-of-a-live-run")  # nor was the store's lease taken



# --------------------------------------------------------------------------- a lock file naming nobody yet

def _lock_file(work: WorkDir, content: str, age: float = 0.0) -> tuple[int, int]:
    work.root.mkdir(parents=True, exist_ok=True)
    work.lock.write_text(content)
    if age:
        t = time.time() - age
        os.utime(work.lock, (t, t))
    st = work.lock.stat()
    return st.st_ino, st.st_mtime_ns


@pytest.mark.parametrize("content", ["", "filelock/2\npid=42", "filelock/2\npid=4242\nhost=other-h"])
def test_a_marker_being_written_is_left_alone_and_its_run_named_once_written(tmp_path, content, monkeypatch):
    """filelock creates its marker empty and writes it right after: a run that finds it so (empty
    or cut short) must neither delete it nor name a "pid None"; once the marker is written, the
    run is refused naming its holder."""
    import threading

    monkeypatch.setattr(workdir, "STARTING_GRACE_SECONDS", 3.0)
    work = WorkDir(tmp_path / "out")
    before = _lock_file(work, content)
    holder = read_lock_holder(work)
    assert holder["pid"] is None and holder["starting"]
    live = lock_is_live(work)
    assert live is not None and live["starting"]  # a run that is starting is live
    finished = f"filelock/2\npid=4242\nhost=other-h\nmode=lease\ntoken={'ab' * 16}\nduration={SHORT.takeover_after!r}\n"
    threading.Timer(0.5, lambda: work.lock.write_text(finished)).start()  # (same file, written in place)
    with pytest.raises(LockedError, match=r"in use by another corefprep run \(pid 4242 on other-h") as refused:
        with run_lock(work, terms=SHORT):
            pass
    assert "None" not in str(refused.value)
    assert work.lock.stat().st_ino == before[0] and work.lock.read_text() == finished


@pytest.mark.parametrize("content", ["", "filelock/2\npid=42"])
def test_a_marker_left_half_written_by_a_killed_run_is_taken_over_after_the_grace(tmp_path, content, monkeypatch):
    """Watched unchanged for the grace on this host's clock (its time, set by the file server,
    is not read: here it is an hour ahead)."""
    monkeypatch.setattr(workdir, "STARTING_GRACE_SECONDS", 1.0)
    work = WorkDir(tmp_path / "out")
    _lock_file(work, content, age=-3600)
    t0 = time.monotonic()
    with run_lock(work, terms=SHORT):
        assert read_lock_holder(work)["pid"] == os.getpid()
    assert time.monotonic() - t0 >= 1.0


def test_break_lock_on_a_marker_being_written_names_no_pid_none(tmp_path, capsys):
    work = WorkDir(tmp_path / "out")
    _lock_file(work, "")
    with run_lock(work, break_lock=True):
        assert read_lock_holder(work)["pid"] == os.getpid()
    err = capsys.readouterr().err
    assert "--break-lock: removing the lock of a run that is starting" in err and "None" not in err


def test_an_older_corefprep_json_lock_of_another_host_is_named_by_its_pid(tmp_path, capsys):
    """Named while it is watched, taken over once it stayed unchanged for the takeover wait."""
    work = WorkDir(tmp_path / "out")
    _lock_file(work, json.dumps({"pid": 4242, "host": "other-host", "started": 0}))
    t0 = time.monotonic()
    with run_lock(work, terms=SHORT):
        assert time.monotonic() - t0 >= SHORT.takeover_after
    assert "locked by pid 4242 on other-host (another host); watching its lock" in capsys.readouterr().err


def test_a_lock_file_replaced_after_it_was_inspected_is_not_removed(tmp_path):
    """A stale file is removed only if it is still the very file inspected: a fresh marker that
    replaced it meanwhile (a run not honouring the guard) stays."""
    work = WorkDir(tmp_path / "out")
    _lock_file(work, "", age=60)
    inspected = os.lstat(work.lock)
    work.lock.unlink()
    _lock_file(work, "")  # another run's marker, created since
    workdir._unlink_if_same(work, inspected)
    assert work.lock.exists()
    workdir._unlink_if_same(work, os.lstat(work.lock))
    assert not work.lock.exists()


def test_the_guard_file_stays_and_a_stuck_guard_ends_in_a_refusal(tmp_path, monkeypatch):
    """work/.lock-guard survives runs (clean_leftovers runs inside run_lock); a run stuck while
    holding it (here: this test's own flock) makes the next one give up after the timeout."""
    import fcntl

    work = WorkDir(tmp_path / "out")
    with run_lock(work):
        pass
    guard = work.root / workdir.GUARD_NAME
    assert guard.exists()
    monkeypatch.setattr(workdir, "GUARD_TIMEOUT_SECONDS", 0.5)
    fd = os.open(guard, os.O_RDWR)
    try:
        fcntl.flock(fd, fcntl.LOCK_EX)
        t0 = time.monotonic()
        with pytest.raises(LockedError, match="another corefprep run has been taking its lock for over 0 s"):
            with run_lock(work):
                pass
        assert time.monotonic() - t0 < 5
    finally:
        os.close(fd)
    assert not work.lock.exists()


# --------------------------------------------------------------------------- many runs started at once

# 30 rounds of 6 racers: 180 simultaneous starts per guard. A hold of 0.1 s is hundreds of times the
# time a take-over needs, so two holders at once would overlap visibly (make test runs this alone).
RACERS, ROUNDS, HOLD_S = 6, 30, 0.1

# One racer: for each round, waits for that round's start signal (a file naming a start instant),
# leaves at that instant with the other racers and tries the round's lock. The winner holds it
# HOLD_S seconds; every racer logs what it got as one JSON line (one write to an O_APPEND file).
# With "no-flock" the guard cannot be taken (as on a filesystem without flock): the age rule alone
# must keep a marker being written.
RACER = r"""
import json, os, sys, time
from pathlib import Path
import filelock, filelock._soft._lease, psutil  # imported now: run_lock imports them lazily
from corefprep.core.errors import LockedError
from corefprep.core.workdir import WorkDir
from corefprep.store.lock import run_lock

base, rounds, hold = Path(sys.argv[1]), int(sys.argv[2]), float(sys.argv[3])
if sys.argv[4] == "no-flock":  # a filesystem without flock: the guard cannot be taken
    import errno, fcntl
    def no_flock(fd, operation):
        raise OSError(errno.ENOSYS, "flock: Function not implemented")
    fcntl.flock = no_flock
log = os.open(base / "log", os.O_WRONLY | os.O_APPEND | os.O_CREAT, 0o644)
say = lambda *fields: os.write(log, (json.dumps(fields) + "\n").encode())
say(-1, "ready", os.getpid())
for r in range(rounds):
    go, deadline = base / f"go-{r}", time.monotonic() + 60
    while not go.exists():
        if time.monotonic() > deadline:
            sys.exit("no start signal")
        time.sleep(0.001)
    start = float(go.read_text())
    time.sleep(max(0.0, start - time.time() - 0.003))
    while time.time() < start:
        pass  # the last few ms spun, so every racer leaves at the same instant
    try:
        with run_lock(WorkDir(base / f"out-{r}")):
            held = time.time()
            time.sleep(hold)
            released = time.time()
        say(r, "held", os.getpid(), held, released)
    except LockedError as e:
        say(r, "refused", os.getpid(), str(e))
"""


def _log_lines(base) -> list[list]:
    path = base / "log"
    text = path.read_text() if path.exists() else ""
    return [json.loads(line) for line in text.split("\n")[:-1]]  # the last: "" or a line being written


def _wait_for_lines(base, round_: int, n: int, procs) -> list[list]:
    deadline = time.monotonic() + 30
    while len(lines := [x for x in _log_lines(base) if x[0] == round_]) < n:
        assert all(p.poll() in (None, 0) for p in procs), "a racer failed"
        assert time.monotonic() < deadline, f"round {round_}: only {len(lines)} of {n} racers reported"
        time.sleep(0.01)
    return lines


def _start_round(base, round_: int) -> None:
    tmp = base / f".go-{round_}.tmp"
    tmp.write_text(repr(time.time() + 0.05))
    tmp.rename(base / f"go-{round_}")  # whole when it appears


def _check_round(round_: int, lines: list[list], pids: set[int]) -> None:
    held = sorted((x[3], x[4], x[2]) for x in lines if x[1] == "held")
    assert held, f"round {round_}: nobody got the lock"
    for (_, end, first), (start, _, second) in zip(held, held[1:], strict=False):
        assert start >= end, f"round {round_}: pids {first} and {second} held the lock at the same time"
    for message in (x[3] for x in lines if x[1] == "refused"):
        named = re.search(r"\(pid (\d+) on ", message)
        assert "None" not in message, f"round {round_}: {message}"
        assert (named and int(named[1]) in pids) or "starting" in message, f"round {round_}: {message}"


@pytest.mark.slow
@pytest.mark.serial
@pytest.mark.parametrize("guard", ["flock", "no-flock"])
def test_simultaneous_starts_give_one_holder_at_a_time(tmp_path, guard):
    """RACERS processes try one output directory's lock at the same instant, ROUNDS times: never
    two holders at once, and every refused one names a racing holder (or one that is starting)."""
    procs = [subprocess.Popen([sys.executable, "-c", RACER, str(tmp_path), str(ROUNDS), str(HOLD_S), guard])
             for _ in range(RACERS)]
    try:
        pids = {p.pid for p in procs}
        _wait_for_lines(tmp_path, -1, RACERS, procs)
        for r in range(ROUNDS):
            _start_round(tmp_path, r)
            _check_round(r, _wait_for_lines(tmp_path, r, RACERS, procs), pids)
    finally:
        for p in procs:
            p.kill()
            p.wait()


# --------------------------------------------------------------------------- a holder that lost its lock


def test_a_holder_whose_lock_was_taken_over_stops_writing(tmp_path):
    """Finding 2 (the lock file's side): another host breaks the lock and writes its own marker;
    within a renewal period this run's writes are refused."""
    from corefprep.core.atomic import atomic_write_bytes
    from corefprep.core.fence import LeaseLost

    work = WorkDir(tmp_path / "out")
    with run_lock(work, terms=SHORT):
        atomic_write_bytes(work.root / "before.json", b"{}")
        work.lock.unlink()
        _foreign_marker(work)  # another host's run, after --break-lock
        time.sleep(3 * SHORT.renew_every)
        with pytest.raises(LeaseLost, match="taken over or removed"):
            atomic_write_bytes(work.root / "after.json", b"{}")
    assert not (work.root / "after.json").exists() and "other-host" in work.lock.read_text()


def test_a_holder_whose_filesystem_stops_answering_stops_writing_before_a_takeover(tmp_path, monkeypatch):
    """Renewals fail (an NFS server gone): the run stops writing two thirds of the lease after the
    last renewal that got through, a third of the lease before any other host may take over."""
    from corefprep.core.atomic import atomic_write_bytes
    from corefprep.core.fence import FENCE, LeaseLost

    work = WorkDir(tmp_path / "out")
    with run_lock(work, terms=SHORT):
        time.sleep(SHORT.renew_every)
        real_utime = os.utime

        def unanswered(path, *a, **kw):
            if str(path) == str(work.lock):
                raise OSError(5, "Input/output error")
            return real_utime(path, *a, **kw)

        monkeypatch.setattr(os, "utime", unanswered)
        failing_since = time.monotonic()
        atomic_write_bytes(work.root / "during.json", b"{}")  # still within the fence
        time.sleep(SHORT.writes_for + SHORT.renew_every)
        assert FENCE.until() <= failing_since + SHORT.writes_for
        with pytest.raises(LeaseLost, match="could not be renewed in time"):
            atomic_write_bytes(work.root / "after.json", b"{}")
        monkeypatch.setattr(os, "utime", real_utime)
    assert (work.root / "during.json").exists() and not (work.root / "after.json").exists()
