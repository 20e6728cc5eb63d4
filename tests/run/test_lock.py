"""The work directory's lock (one run per output directory, across hosts) and its manifest.

Holders are real processes that take the lock with ``run_lock`` and sleep; another host's run is a
lease marker naming another host, as filelock writes it there.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import time

import pytest
from fixtures import minicorpus as mc

import corefprep.run.lock as workdir
from corefprep.core.errors import LockedError
from corefprep.core.workdir import WorkDir
from corefprep.run.lock import lock_is_live, read_lock_holder, run_lock

HOLD = """
import sys, time
from pathlib import Path
from corefprep.core.workdir import WorkDir
from corefprep.run.lock import run_lock
with run_lock(WorkDir(Path(sys.argv[1])), command="holder"):
    print("held", flush=True)
    time.sleep(120)
"""


@pytest.fixture
def holder(tmp_path):
    """A live process holding the lock of tmp_path/out."""
    p = subprocess.Popen([sys.executable, "-c", HOLD, str(tmp_path / "out")], stdout=subprocess.PIPE, text=True)
    assert p.stdout is not None and p.stdout.readline().strip() == "held"
    yield p
    p.kill()
    p.wait()


def _foreign_marker(work: WorkDir, host: str = "other-host", age: float = 0.0) -> None:
    """The lease marker a run on another host writes (filelock's protocol 2 record)."""
    work.root.mkdir(parents=True, exist_ok=True)
    work.lock.write_text(f"filelock/2\npid=4242\nhost={host}\nmode=lease\ntoken={'ab' * 16}\n"
                         f"duration={workdir.LEASE_SECONDS!r}\n")
    if age:
        t = time.time() - age
        os.utime(work.lock, (t, t))


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


def test_another_hosts_live_run_is_refused_and_break_lock_is_the_way_out(tmp_path, capsys):
    work = WorkDir(tmp_path / "out")
    _foreign_marker(work)
    with pytest.raises(LockedError, match="pid 4242 on other-host.*--break-lock"):
        with run_lock(work):
            pass
    assert "other-host" in work.lock.read_text()
    with run_lock(work, break_lock=True):
        assert read_lock_holder(work)["pid"] == os.getpid()
    assert "--break-lock: removing the lock of pid 4242 on other-host" in capsys.readouterr().err


def test_another_hosts_abandoned_lock_is_taken_over_when_its_lease_expires(tmp_path, monkeypatch, capsys):
    monkeypatch.setattr(workdir, "LEASE_SECONDS", 2.0)
    work = WorkDir(tmp_path / "out")
    _foreign_marker(work, age=60)  # not refreshed for a minute: its host is gone
    t0 = time.monotonic()
    with run_lock(work):
        waited = time.monotonic() - t0
        assert read_lock_holder(work)["pid"] == os.getpid()
    assert 1.5 <= waited < 10
    assert "waiting up to 2 s" in capsys.readouterr().err


@pytest.mark.parametrize("content", ["", json.dumps({"pid": 999_999_999, "host": __import__("socket").gethostname(),
                                                     "started": 0})])
def test_lock_files_of_older_versions_and_killed_writers_are_taken_over(tmp_path, content):
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
