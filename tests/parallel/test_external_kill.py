"""A worker killed with SIGKILL from outside, as the kernel's OOM killer kills one, during each of
counting the inputs, signing and the bands (the real CLI in a process of its own): the run ends.
It finishes with the clean run's result (the lost unit was redone on a fresh worker), or stops in
one line and a plain rerun finishes with that result."""

from __future__ import annotations

import os
import shutil
import signal
import time
from pathlib import Path

import psutil
import pytest
from fixtures import matrix as mx
from fixtures.cli import filter_rows, popen_cli, run_cli
from fixtures.reliability import Corpus

pytestmark = [pytest.mark.slow, pytest.mark.timeout(600)]
LIMIT = 180.0


@pytest.fixture(scope="module")
def clean(wellformed: Corpus, warm_kiwi: object, tmp_path_factory: pytest.TempPathFactory) -> mx.Clean:
    os.environ.setdefault("HF_HUB_OFFLINE", "1")
    return mx.make_clean(wellformed, tmp_path_factory.mktemp("clean-kill"), "local")


def _derived_limits(args: list[object]) -> list[object]:
    """The matrix's arguments without its 1-second unit limit: the slow unit takes 2 s."""
    i = args.index("--unit-timeout")
    return [*args[:i], *args[i + 2:]]


def _kill_workers_during(args: list[object], slow: str) -> tuple[int, str, int]:
    """Run the CLI with one unit of a step made slow (so the step is caught running); SIGKILL every
    worker process of it once. Returns (exit code, stderr, workers killed)."""
    p = popen_cli(args, CP_TEST_STEP_FAULTS=slow)
    parent = psutil.Process(p.pid)
    killed, seen = 0, None
    t0 = time.monotonic()
    while p.poll() is None and time.monotonic() - t0 < LIMIT:
        kids = [c for c in parent.children() if c.status() != psutil.STATUS_ZOMBIE] if not killed else []
        if kids and seen is None:
            seen = time.monotonic()
        if kids and seen is not None and time.monotonic() - seen > 0.5:
            for c in kids:
                os.kill(c.pid, signal.SIGKILL)
                killed += 1
        time.sleep(0.02)
    try:
        _, err = p.communicate(timeout=max(1.0, LIMIT - (time.monotonic() - t0)))
    except Exception:
        os.killpg(p.pid, signal.SIGKILL)
        raise AssertionError("the run did not end: it waits for a killed worker") from None
    return p.returncode, err, killed


def _ends_with_the_clean_result(rc: int, err: str, args: list[object], check: object) -> None:
    assert "Traceback" not in err, err
    if rc != 0:  # stopped: in one line, and the same command finishes
        mx.one_line(err, "failed")
        r = run_cli(args, timeout=LIMIT)
        assert r.returncode == 0, r.stderr
    check()  # type: ignore[operator]


def test_counting(clean: mx.Clean, tmp_path: Path) -> None:
    out = tmp_path / "out"
    args = _derived_limits(clean.filter_args(out))
    rc, err, killed = _kill_workers_during(args, "count:slow@part2.jsonl")
    assert killed >= 1
    _ends_with_the_clean_result(rc, err, args, lambda: filter_rows(out) == clean.rows or pytest.fail("rows differ"))
    assert rc == 0 and "counting inputs: unit part2.jsonl" in err  # redone on a fresh worker


def test_signing(clean: mx.Clean, tmp_path: Path) -> None:
    out = tmp_path / "out"
    shutil.copytree(clean.filtered, out)
    args = _derived_limits(clean.dedup_args(out, "kiwi"))
    rc, err, killed = _kill_workers_during(args, f"sign:slow@{mx.SIGN_DOC}")
    assert killed >= 1
    _ends_with_the_clean_result(rc, err, args,
                                lambda: mx.removed(out) == mx.removed(clean.kiwi_dedup) or pytest.fail("differ"))
    assert rc == 0 and "dedup signing: unit batch " in err


def test_bands(clean: mx.Clean, tmp_path: Path) -> None:
    out = tmp_path / "out"
    shutil.copytree(clean.space_dedup, out)
    shutil.rmtree(out / "work" / "dedup" / "result")
    for p in (out / "work" / "dedup").glob("bands-*"):
        shutil.rmtree(p)
    args = _derived_limits(clean.dedup_args(out, "space"))
    rc, err, killed = _kill_workers_during(args, f"bands:slow@name='{mx.BAND}'")
    assert killed >= 1
    _ends_with_the_clean_result(rc, err, args,
                                lambda: mx.removed(out) == mx.removed(clean.space_dedup) or pytest.fail("differ"))
    assert rc == 0 and f"dedup bands: unit {mx.BAND}" in err
