"""The driver (the `corefprep` process) and its workers under signals (issue 35, review finding 5),
with real processes: the CLI in a process of its own, its workers found as its children.

- SIGKILL of the driver, mid-filter or while dedup signs: every worker is gone within seconds,
  also one stuck inside a C call that holds the GIL (the kernel's death signal, not a pipe it
  would have to watch).
- SIGTERM, and Ctrl-C (SIGINT to the process group, as a terminal sends it): the run unwinds, says
  one line, exits 143 or 130, leaves no worker, keeps its finished batches and releases its lock: the
  same command, run again at once, finishes with the undisturbed run's dataset.
- SIGSTOP then SIGCONT of the driver: the run completes as if nothing happened.
- SIGSTOP of a worker on a document: the document runs past --doc-timeout, the supervisor kills the
  worker, the document is quarantined and the run finishes.

Runs are kept long enough to be caught mid-filter by the tests' fault injection
(``fixtures.faults``: a document on which a worker spins in C, hangs or sleeps, after it has
created a marker file saying so).
"""

from __future__ import annotations

import json
import os
import shutil
import signal
import subprocess
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import psutil
import pytest
from fixtures import matrix as mx
from fixtures.cli import (
    FINAL_NAME,
    RUN_OPTS,
    assert_one_sentence,
    dataset_digest,
    filter_rows,
    kill_group,
    leftovers,
    popen_cli,
    run_cli,
)
from fixtures.reliability import Corpus, Reference

pytestmark = [pytest.mark.slow, pytest.mark.timeout(600)]
LIMIT = 120.0  # seconds to reach a moment of a run
GONE = 5.0  # seconds within which the workers of a dead driver must be gone


def _wait_for(p: subprocess.Popen[str], moment: Callable[[], bool], what: str) -> None:
    deadline = time.monotonic() + LIMIT
    while not moment():
        if p.poll() is not None:
            raise AssertionError(f"the run ended before {what}: {p.communicate()[1][-2000:]}")
        assert time.monotonic() < deadline, f"never reached: {what}"
        time.sleep(0.02)


def _workers(p: subprocess.Popen[str]) -> list[psutil.Process]:
    """The driver's live descendants: its worker processes."""
    try:
        kids = psutil.Process(p.pid).children(recursive=True)
    except psutil.NoSuchProcess:
        return []
    return [k for k in kids if _alive(k)]


def _alive(proc: psutil.Process) -> bool:
    try:
        return proc.status() != psutil.STATUS_ZOMBIE
    except psutil.NoSuchProcess:
        return False


def _still_alive(procs: list[psutil.Process], within: float) -> list[psutil.Process]:
    """Those of ``procs`` still alive after ``within`` seconds (fewer as soon as they go)."""
    deadline = time.monotonic() + within
    left = [w for w in procs if _alive(w)]
    while left and time.monotonic() < deadline:
        time.sleep(0.05)
        left = [w for w in left if _alive(w)]
    return left


def _kill_all(procs: list[psutil.Process]) -> None:
    """The test's own cleanup: a worker left behind would spin for ever."""
    for w in procs:
        try:
            w.kill()
        except psutil.NoSuchProcess:
            pass


def _spinning(p: subprocess.Popen[str], seconds: float) -> bool:
    """Whether a worker has spent ``seconds`` of CPU: the injected catastrophic regex, in C."""
    for w in _workers(p):
        try:
            t = w.cpu_times()
        except psutil.NoSuchProcess:
            continue
        if t.user + t.system >= seconds:
            return True
    return False


def _sigkill_driver_then_check_workers(p: subprocess.Popen[str]) -> None:
    workers = _workers(p)
    assert workers, "no worker to watch"
    try:
        os.kill(p.pid, signal.SIGKILL)  # the driver alone: its workers are not told
        p.communicate(timeout=60)
        left = _still_alive(workers, GONE)
        assert not left, f"workers alive {GONE:.0f} s after their driver was killed: {[w.pid for w in left]}"
    finally:
        _kill_all(workers)
        kill_group(p)


# ----------------------------------------------------------------------------------------------
# SIGKILL of the driver


def test_sigkill_of_the_driver_mid_filter_leaves_no_worker(corpus: Corpus, tmp_path: Path) -> None:
    """One worker spins in C holding the GIL on a document of the last batch; the other has
    finished its units and waits for the next in the executor's call queue."""
    stuck = tmp_path / "stuck"
    doc = corpus.kiwi_docs[2][1]
    # one batch: its 14 documents for Kiwi make two chunks, one on each worker
    p = popen_cli(["filter", *corpus.args, "-o", tmp_path / "out", *RUN_OPTS, "--batch-docs", "60"],
                  CP_TEST_FAULTS=f"gil@{doc}:{stuck}")
    try:
        _wait_for(p, lambda: stuck.exists() and len(_workers(p)) == 2, "a worker stuck in C on a document")
    except BaseException:
        _kill_all(_workers(p))
        kill_group(p)
        raise
    _sigkill_driver_then_check_workers(p)


@pytest.fixture(scope="module")
def filtered(wellformed: Corpus, warm_kiwi: object, tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The filter's batches of the corpus (no signatures: the dedup stage signs them with Kiwi)."""
    out = tmp_path_factory.mktemp("signals") / "filtered"
    rc, err = mx.cli(["filter", *wellformed.args, "-o", out, *RUN_OPTS, *mx.CHECK_OPTS])
    assert rc == 0, err
    return out


def test_sigkill_of_the_driver_while_dedup_signs_leaves_no_worker(wellformed: Corpus, filtered: Path,
                                                                   tmp_path: Path) -> None:
    """The dedup stage signs the kept documents with Kiwi's words on workers; one spins in C on a
    document of batch 1 (what review finding 5 feared: a worker that finishes its unit and writes
    its file after the next run has taken the lock)."""
    out = tmp_path / "out"
    shutil.copytree(filtered, out)
    args = ["dedup", *wellformed.args, "-o", out, *RUN_OPTS, *mx.CHECK_OPTS, "--dedup", "minhash",
            "--dedup-words", "kiwi"]
    p = popen_cli(args, CP_TEST_STEP_FAULTS=f"sign:gil@{mx.SIGN_DOC}")
    try:
        _wait_for(p, lambda: _spinning(p, 1.0), "a signing worker stuck in C")
    except BaseException:
        _kill_all(_workers(p))
        kill_group(p)
        raise
    _sigkill_driver_then_check_workers(p)


# ----------------------------------------------------------------------------------------------
# SIGTERM and Ctrl-C


@pytest.mark.parametrize("how, code, said", [
    ("SIGTERM to the driver", 143, "stopped by SIGTERM"),
    pytest.param("SIGTERM to the process group", 143, "stopped by SIGTERM",  # systemd's or a container's stop
                 marks=pytest.mark.soak),  # (the driver's own SIGTERM above is the same path, in make test)
    pytest.param("Ctrl-C (SIGINT to the process group)", 130, "interrupted",
                 marks=pytest.mark.soak),  # (tests/run/test_reliability.py's Ctrl-C is make test's)
])
def test_a_stop_signal_mid_filter_unwinds_cleanly_and_the_same_command_finishes(
        how: str, code: int, said: str, corpus: Corpus, reference: Reference, tmp_path: Path) -> None:
    out, hung, log = tmp_path / "out", tmp_path / "hung", tmp_path / "events.jsonl"
    args = ["prepare", *corpus.args, "-o", out, *RUN_OPTS]
    p = popen_cli([*args, "--log-json", log], CP_TEST_FAULTS=f"hang@{corpus.kiwi_docs[2][1]}:{hung}")
    workers: list[psutil.Process] = []
    try:
        _wait_for(p, lambda: hung.exists() and (out / "work" / "filter" / "batch_00000.json").exists(),
                  "batch 0 done and a worker on a document of batch 2")
        workers = _workers(p)
        sig = signal.SIGTERM if how.startswith("SIGTERM") else signal.SIGINT
        if how.endswith("driver"):
            os.kill(p.pid, sig)
        else:
            os.killpg(p.pid, sig)
        _, err = p.communicate(timeout=60)
        left = _still_alive(workers, GONE)
    finally:
        _kill_all(workers)
        if p.poll() is None:
            kill_group(p)
    assert p.returncode == code, err
    assert_one_sentence(err, said, "finished batches are kept", "rerun the same command")
    assert workers and not left, "a worker outlived the run"
    assert not (out / "work" / "LOCK").exists() and leftovers(out) == []
    last = json.loads(log.read_text().splitlines()[-1])
    assert last["event"] == "error" and last["exit_code"] == code
    assert (out / "work" / "filter" / "batch_00000.parquet").exists()

    again = run_cli(args)  # at once: the lock was released
    assert again.returncode == 0, again.stderr
    assert "in use" not in again.stderr and "batch 00000" not in again.stderr  # batch 0 kept, not redone
    assert dataset_digest(out / FINAL_NAME) == (reference.rows, reference.digest)
    assert filter_rows(out) == reference.filter_rows


# ----------------------------------------------------------------------------------------------
# SIGSTOP


def test_sigstop_then_sigcont_of_the_driver_and_the_run_completes(corpus: Corpus, reference: Reference,
                                                                   tmp_path: Path) -> None:
    out, slow = tmp_path / "out", tmp_path / "slow"
    p = popen_cli(["filter", *corpus.args, "-o", out, *RUN_OPTS],
                  CP_TEST_FAULTS=f"slow@{corpus.kiwi_docs[1][1]}:{slow}")
    try:
        _wait_for(p, slow.exists, "a worker on a slow document")
        os.kill(p.pid, signal.SIGSTOP)  # the workers go on; the driver does not collect their results
        time.sleep(4)
        assert p.poll() is None and psutil.Process(p.pid).status() == psutil.STATUS_STOPPED
        os.kill(p.pid, signal.SIGCONT)
        _, err = p.communicate(timeout=LIMIT)
    finally:
        if p.poll() is None:
            kill_group(p)
    assert p.returncode == 0, err
    assert "corefprep:" not in err and "Traceback" not in err
    assert filter_rows(out) == reference.filter_rows
    assert not (out / "work" / "quarantine.jsonl").exists() or not (out / "work" / "quarantine.jsonl").read_text()


def test_a_stopped_worker_s_document_runs_past_doc_timeout_and_is_quarantined(corpus: Corpus, reference: Reference,
                                                                               tmp_path: Path) -> None:
    """One worker (so that the one on the document is known): SIGSTOP it while it is on a document;
    the supervisor, reading its beat from outside, kills it at --doc-timeout."""
    out, slow = tmp_path / "out", tmp_path / "slow"
    doc = corpus.kiwi_docs[2][1]
    p = popen_cli(["filter", *corpus.args, "-o", out, *RUN_OPTS, "--workers", "1", "--doc-timeout", "5"],
                  CP_TEST_FAULTS=f"slow@{doc}:{slow}")
    stopped: list[psutil.Process] = []
    try:
        _wait_for(p, slow.exists, "the worker on the document")
        stopped = _workers(p)
        assert len(stopped) == 1
        stopped[0].suspend()  # SIGSTOP
        _, err = p.communicate(timeout=LIMIT)
        left = _still_alive(stopped, 0)
    finally:
        _kill_all(stopped)
        if p.poll() is None:
            kill_group(p)
    assert p.returncode == 0, err
    assert not left, "the stopped worker was not killed"
    entries = [json.loads(ln) for ln in (out / "work" / "quarantine.jsonl").read_text().splitlines()]
    assert [(e["doc_index"], e["reason"]) for e in entries] == [(doc, "timeout")]
    assert filter_rows(out) == [r for r in reference.filter_rows if r["doc_index"] != doc]


def test_sigterm_mid_filter_on_a_local_ray_node_unwinds_cleanly(corpus: Corpus, tmp_path: Path) -> None:
    """A local Ray node puts its own SIGTERM handler in place (it would exit 15 without a word):
    corefprep's is put back after it, so SIGTERM stops a Ray run as it stops a local one, and the
    node's processes (the actors with it) are shut down with the run."""
    pytest.importorskip("ray")
    out, hung = tmp_path / "out", tmp_path / "hung"
    p = popen_cli(["filter", *corpus.args, "-o", out, *RUN_OPTS, "--engine", "ray"],
                  CP_TEST_FAULTS=f"hang@{corpus.kiwi_docs[2][1]}:{hung}")
    ray_processes: list[psutil.Process] = []
    try:
        # (a batch an actor finished is kept once the driver has taken its delivery in)
        _wait_for(p, lambda: hung.exists() and (out / "work" / "filter" / "batch_00000.parquet").exists(),
                  "an actor on a document of batch 2, batch 0 in place")
        ray_processes = _workers(p)
        os.kill(p.pid, signal.SIGTERM)
        _, err = p.communicate(timeout=LIMIT)
        left = _still_alive(ray_processes, 15.0)
    finally:
        _kill_all(ray_processes)
        if p.poll() is None:
            kill_group(p)
    assert p.returncode == 143, err
    assert_one_sentence(err, "stopped by SIGTERM", "rerun the same command")
    assert ray_processes and not left, [w.pid for w in left]
    assert not (out / "work" / "LOCK").exists()
    assert (out / "work" / "filter" / "batch_00000.parquet").exists()


def test_sigterm_of_a_run_on_a_store_releases_its_lease(corpus: Corpus, s3_server: Any, tmp_path: Path) -> None:
    """The store's lease is given back as the run unwinds: the same command starts again at once."""
    s3_server.bucket("sigterm")
    hung = tmp_path / "hung"
    args = ["filter", *corpus.args, "-o", "s3://sigterm/out", "--stage-dir", tmp_path / "stage", *RUN_OPTS]
    p = popen_cli(args, CP_TEST_FAULTS=f"hang@{corpus.kiwi_docs[2][1]}:{hung}")
    try:
        _wait_for(p, lambda: hung.exists() and bool(s3_server.keys("sigterm", "out/work/.lease")),
                  "a worker on a document of batch 2, the lease taken")
        os.kill(p.pid, signal.SIGTERM)
        _, err = p.communicate(timeout=LIMIT)
    finally:
        if p.poll() is None:
            kill_group(p)
    assert p.returncode == 143, err
    assert_one_sentence(err, "stopped by SIGTERM")
    assert not s3_server.keys("sigterm", "out/work/.lease")
    assert s3_server.keys("sigterm", "out/work/filter/batch_00000.parquet")  # uploaded as it unwound
    again = run_cli(args)
    assert again.returncode == 0 and "in use" not in again.stderr, again.stderr
