"""The supervisor on the local engine (forked workers under a ProcessPoolExecutor): every scenario
of tests/fixtures/supervision.py, plus what only a local engine has (idle workers, replacement
after --maxtasksperchild)."""

from __future__ import annotations

import os
import signal
import time
from pathlib import Path

import pytest
from fixtures import supervision as sv
from fixtures.units import toy_units

from corefprep.core.errors import CorefprepError
from corefprep.parallel import Supervisor
from corefprep.parallel.local import LocalWorkers


def make() -> LocalWorkers:
    return LocalWorkers(2)


@pytest.mark.parametrize("scenario", sv.SCENARIOS, ids=[s.__name__ for s in sv.SCENARIOS])
def test_scenario(scenario, tmp_path: Path) -> None:
    scenario(make, tmp_path)


@pytest.mark.parametrize("hang", ["hang", "gil"])
def test_a_hanging_document_is_timed_out_from_outside(tmp_path: Path, hang: str) -> None:
    """"gil": a catastrophic regular expression, stuck inside C with the GIL held; no thread of the
    worker could time it out, the parent does."""
    sv.a_hanging_document_is_timed_out_from_outside(make, tmp_path, hang)


def test_a_worker_that_exits_by_itself_is_a_lost_worker(tmp_path: Path) -> None:
    out = sv.run(make, toy_units(3, action="exit"), retries=1)
    assert isinstance(out[-1], CorefprepError) and "failed 2 times: a worker exited with code 3" in str(out[-1])


def _idle_workers_killed(retries: int) -> list[object]:
    engine = LocalWorkers(2)
    out: list[object] = []
    try:
        with Supervisor(sv.step(), engine, retries=retries) as sup:
            out.extend(sup.run(toy_units(2)))
            for w in engine._slots:
                os.kill(w.process.pid, signal.SIGKILL)  # type: ignore[union-attr]  # idle: between units
            time.sleep(0.2)
            out.extend(sup.run(toy_units(4, seconds=0.05)))
    except CorefprepError as exc:
        out.append(exc)
    return out


def test_workers_killed_while_idle_are_replaced_and_too_many_such_deaths_stop_the_step() -> None:
    out = _idle_workers_killed(retries=2)
    assert not isinstance(out[-1], Exception), out[-1]
    assert len(out) == 2 + 4  # every unit of both runs
    err = _idle_workers_killed(retries=0)[-1]
    assert isinstance(err, CorefprepError) and "toy: a worker was killed by signal 9" in str(err)
    assert "while it held no unit" in str(err)


def test_every_worker_is_replaced_after_maxtasksperchild_units() -> None:
    engine = LocalWorkers(2, max_units_per_worker=2)
    with Supervisor(sv.step(), engine, retries=0) as sup:
        got = sv.results(list(sup.run(toy_units(12))))
    assert len(got) == 12
    assert engine.started == 6  # each worker replaced after 2 units


def test_no_worker_outlives_the_supervisor(tmp_path: Path) -> None:
    import psutil

    engine = LocalWorkers(2)
    with Supervisor(sv.step(), engine, retries=0) as sup:
        for _ in sup.run(toy_units(4, seconds=0.5)):
            break
    time.sleep(0.2)
    assert [c for c in psutil.Process().children() if c.status() != psutil.STATUS_ZOMBIE] == []


def _hanging_init() -> None:
    time.sleep(3600)


def test_a_worker_stuck_in_the_steps_init_is_killed(monkeypatch: pytest.MonkeyPatch) -> None:
    from fixtures.units import toy_unit

    import corefprep.parallel.local as local
    from corefprep.parallel import Step

    monkeypatch.setattr(local, "START_SECONDS", 1.0)
    t0 = time.monotonic()
    with pytest.raises(CorefprepError, match="toy: a worker was killed by signal 9 .* while it held no unit"):
        with Supervisor(Step("toy", toy_unit, init=_hanging_init), LocalWorkers(1), retries=1) as sup:
            list(sup.run(toy_units(2)))
    assert time.monotonic() - t0 < 30


def _dirtied_by_a_full_collection(_job: object, _beat: object) -> int:
    """Bytes of this process's memory that one full garbage collection made private."""
    import gc

    def private() -> int:
        with open("/proc/self/smaps_rollup") as f:
            return next(int(line.split()[1]) * 1024 for line in f if line.startswith("Private_Dirty:"))

    before = private()
    gc.collect()
    return private() - before


def test_a_workers_garbage_collection_copies_no_page_of_the_parent() -> None:
    """A forked worker shares the parent's pages until it writes to them; a full collection in the
    worker would write to the header of every object it inherited (here ~90 MB of them, as the
    CLI's imports and Kiwi's wrapper are in a run) unless the parent froze them before the fork."""
    from corefprep.parallel import Step
    from corefprep.parallel.units import Unit

    ballast = [{"k": i, "v": [i]} for i in range(300_000)]
    try:
        with Supervisor(Step("gc", _dirtied_by_a_full_collection), LocalWorkers(1), retries=0) as sup:
            (out,) = list(sup.run([Unit("u0", None, 1)]))
    finally:
        del ballast
    assert out.result < 16 * 2**20, out.result


class _Cycle:
    def __init__(self) -> None:
        self.me = self


def test_the_parent_still_collects_its_own_cycles_after_a_worker_forks() -> None:
    """The objects frozen for the fork are the child's to keep frozen: a cycle the parent held when
    a worker started is still freed by the parent's collector (a frozen one never would be)."""
    import gc
    import weakref

    from corefprep.parallel import Step
    from corefprep.parallel.units import Unit

    cycle = _Cycle()
    alive = weakref.ref(cycle)
    with Supervisor(Step("gc", _dirtied_by_a_full_collection), LocalWorkers(1), retries=0) as sup:
        list(sup.run([Unit("u0", None, 1)]))
    del cycle
    gc.collect()
    assert alive() is None and gc.get_freeze_count() == 0
