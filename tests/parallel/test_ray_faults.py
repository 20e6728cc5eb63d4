"""Faults of the Ray engine's own parts, on one Ray instance for the module (issue 35): the beat
reader of a node without a shared directory killed or stopped, a kept actor whose set-up for the
next step hangs, beat files whose writer is gone. Each test has a hard deadline of its own: the
defects they guard against were hangs."""

from __future__ import annotations

import os
import re
import signal
import subprocess
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import psutil
import pytest
from fixtures import supervision as sv
from fixtures.background import gone_within
from fixtures.units import Toy, local_ray, toy_unit, toy_units, without

import corefprep.parallel.limits as limits
import corefprep.parallel.ray as engine
import corefprep.parallel.ray_beats as ray_beats
from corefprep.parallel import DocumentFaults, EngineConfig, Outcome, Step, Supervisor, Unit, UnitFailed
from corefprep.parallel.beat import FileBeat, read_file
from corefprep.parallel.ray_beats import node_beat_path

ray = pytest.importorskip("ray")
pytestmark = pytest.mark.slow  # (generous bounds: they hold beside the rest of the suite)


@pytest.fixture(scope="module", autouse=True)
def ray_instance():
    yield from local_ray(ray)


class _Late(AssertionError):
    pass


def _run(sup: Supervisor, units: list[Unit], policy: Any, within: float,
         tick: Callable[[], None] = lambda: None) -> list[tuple[float, Any]]:
    """The outcomes with the time each came (the step's error last, if it stopped); fails the test
    if the step is still running after ``within`` seconds."""
    t0 = time.monotonic()

    def watch() -> None:
        if time.monotonic() - t0 > within:
            raise _Late(f"the step was still running after {within:.0f} s")
        tick()

    out: list[tuple[float, Any]] = []
    try:
        for outcome in sup.run(units, policy, tick=watch):
            out.append((time.monotonic(), outcome))
    except (UnitFailed, OSError) as exc:
        out.append((time.monotonic(), exc))
    return out


def _on_item(sup: Supervisor, item: int, last: int | None = None) -> bool:
    """Some beat shows ``item`` (or any of ``item``..``last``: a loaded machine's reader may answer
    too late to see a one-second item)."""
    last = item if last is None else last
    return any(item <= seen.beat.item <= last for seen in sup.engine.beats().values())


def _readers() -> list[psutil.Process]:
    """The beat readers of this module's Ray instance (its raylet is a child of this process)."""
    found = []
    for p in psutil.Process().children(recursive=True):
        try:
            if p.name().startswith("ray::BeatReader") and p.status() not in (psutil.STATUS_ZOMBIE, psutil.STATUS_DEAD):
                found.append(p)
        except psutil.Error:
            continue
    return found


def _reader() -> psutil.Process:
    """The newest reader: the engine's (a killed one of an earlier test may not be gone yet)."""
    return max(_readers(), key=lambda p: p.create_time())


def _mine() -> list[str]:
    """Beat files on this node left by this process's engines."""
    return [p.name for p in node_beat_path("x").parent.iterdir() if f"-{os.getpid()}-" in p.name]


def _node_engine() -> engine.RayWorkers:
    return engine.RayWorkers(EngineConfig(engine="ray", workers=2), None)  # no shared directory: NodeBeats


# make test: the reader killed as the review did it (finding 6); SIGKILL of its process in make soak
@pytest.mark.parametrize("how", ["ray.kill", pytest.param("SIGKILL", marks=pytest.mark.soak)])
def test_a_hanging_document_is_timed_out_when_its_nodes_beat_reader_is_killed(how: str) -> None:
    """The reader dies while the document hangs: it is replaced, and the new one's answers show the
    beat unchanged, so the document is timed out as if nothing had happened (before: the node's
    units had no beat any more and the document hung for good)."""
    limit, units = 4.0, toy_units(3, action="hang", at=6)
    killed: list[tuple[float, int]] = []

    with Supervisor(sv.step(item_limit=limit), _node_engine(), retries=2) as sup:
        def kill_reader() -> None:
            if killed or not _on_item(sup, 6):
                return
            reader = _reader()
            if how == "ray.kill":
                [record] = sup.engine.node_beats.readers.values()  # type: ignore[attr-defined]
                ray.kill(record.actor)
            else:
                os.kill(reader.pid, signal.SIGKILL)
            killed.append((time.monotonic(), reader.pid))

        out = _run(sup, units, DocumentFaults(False, without), within=60, tick=kill_reader)
        assert killed, "the document never showed on its beat"
        assert {r.pid for r in _readers()} - {killed[0][1]}  # another reader reads that node now
    [(when, aside)] = [(t, o.set_aside) for t, o in out if isinstance(o, Outcome) and o.set_aside is not None]
    assert (aside.item, aside.reason) == (6, "timeout")
    assert when - killed[0][0] < limit + 15  # the limit, a reader started, a margin for a loaded machine
    assert sv.results([o for _, o in out]) == {"u0": [0, 2, 4, 6], "u1": [8, 10, 14], "u2": [16, 18, 20, 22]}
    assert _mine() == []


# make test: finding 7 as reviewed (the reader stays stopped); its replacement after silence in make soak
@pytest.mark.parametrize(("reader_seconds", "replaced"),
                         [(ray_beats.READER_SECONDS, False), pytest.param(3.0, True, marks=pytest.mark.soak)],
                         ids=["stays-stopped", "replaced"])
def test_a_stopped_beat_reader_never_gets_a_healthy_unit_killed(monkeypatch: pytest.MonkeyPatch,
                                                                reader_seconds: float, replaced: bool) -> None:
    """A unit advancing one document a second, a 4 s limit, its node's reader stopped (SIGSTOP) for
    the rest of the unit: its progress is unknown, never stuck. Before: the last answer stood for the
    beat, frozen, and the healthy unit was killed and its document quarantined. With a short
    READER_SECONDS the stopped reader is also killed and replaced while the unit runs."""
    monkeypatch.setattr(ray_beats, "READER_SECONDS", reader_seconds)
    unit = Unit("u0", Toy(tuple(range(12)), seconds=1.0), 12)
    stopped: list[psutil.Process] = []
    try:
        with Supervisor(sv.step(item_limit=4.0), _node_engine(), retries=2) as sup:
            def stop_reader() -> None:
                if not stopped and _on_item(sup, 1, 8):
                    reader = _reader()
                    reader.send_signal(signal.SIGSTOP)
                    stopped.append(reader)

            out = _run(sup, [unit], DocumentFaults(False, without), within=60, tick=stop_reader)
            assert stopped, "the unit never showed on its beat"
            others = {r.pid for r in _readers() if r.create_time() > stopped[0].create_time()}
    finally:
        for p in stopped:
            if p.is_running():
                p.send_signal(signal.SIGCONT)
    assert stopped
    outcomes = [o for _, o in out]
    assert [o for o in outcomes if not isinstance(o, Outcome) or o.set_aside is not None] == []
    assert sv.results(outcomes) == {"u0": [2 * i for i in range(12)]}
    assert bool(others) == replaced  # a fresh reader took over the node, or none was needed


def test_a_unit_whose_beats_stay_unknown_is_retried_as_a_failed_attempt_never_blaming_its_document(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """The reader stopped for good (never replaced here) while a document hangs: nothing is known
    against the document, so once the beat has been unknown for Limits.unseen the actor is killed
    and the unit counts a failed attempt (before: the frozen beat timed the document out and
    quarantined it)."""
    monkeypatch.setattr(ray_beats, "READER_SECONDS", 3600.0)
    monkeypatch.setattr(limits, "UNSEEN_MIN_SECONDS", 5.0)
    stopped: list[psutil.Process] = []
    try:
        with Supervisor(sv.step(item_limit=1.0), _node_engine(), retries=0) as sup:
            def stop_reader() -> None:
                if not stopped and _on_item(sup, 6):
                    reader = _reader()
                    reader.send_signal(signal.SIGSTOP)
                    stopped.append(reader)

            out = _run(sup, toy_units(2, action="hang", at=6), DocumentFaults(False, without), within=60,
                       tick=stop_reader)
    finally:
        for p in stopped:
            if p.is_running():
                p.send_signal(signal.SIGCONT)
    assert stopped
    err = out[-1][1]
    assert isinstance(err, UnitFailed), err
    said = re.fullmatch(r"toy: unit u1 failed 1 time: a worker was killed after its progress could not be read for "
                        r"(\d+) s; fix the cause and rerun the same command \(finished units are kept\)", str(err))
    assert said is not None, err
    assert 5 <= int(said.group(1)) < 10  # Limits.unseen: 3 x 1 s, at least UNSEEN_MIN_SECONDS
    assert [o for _, o in out if isinstance(o, Outcome) and o.set_aside is not None] == []


@pytest.mark.parametrize("beats_dir", ["shared", pytest.param("on-node", marks=pytest.mark.soak)])
def test_an_actor_stopped_on_a_document_is_killed_at_its_limit_and_the_document_set_aside(
        tmp_path: Path, beats_dir: str) -> None:
    """SIGSTOP of the actor itself (not its reader): its beat stops changing, it is killed (Ray
    kills a stopped process a few seconds after being asked) and the document quarantined."""
    limit, stopped = 3.0, []
    shared = tmp_path / "beats" if beats_dir == "shared" else None
    workers = engine.RayWorkers(EngineConfig(engine="ray", workers=2), shared)
    with Supervisor(sv.step(item_limit=limit), workers, retries=2) as sup:
        def stop_actor() -> None:
            for seen in sup.engine.beats().values():
                if not stopped and seen.beat.item == 5:  # 1.5 s on each document: it is still on it
                    os.kill(seen.beat.pid, signal.SIGSTOP)
                    stopped.append((time.monotonic(), seen.beat.pid))

        out = _run(sup, toy_units(3, seconds=1.5), DocumentFaults(False, without), within=60, tick=stop_actor)
    assert stopped
    [(when, aside)] = [(t, o.set_aside) for t, o in out if isinstance(o, Outcome) and o.set_aside is not None]
    assert (aside.item, aside.reason) == (5, "timeout")
    assert when - stopped[0][0] < limit + 15
    assert gone_within(stopped[0][1], 15)  # Ray kills a stopped process after its grace period
    assert sv.results([o for _, o in out]) == {"u0": [0, 2, 4, 6], "u1": [8, 12, 14], "u2": [16, 18, 20, 22]}


def _step(tag: str, **kw: Any) -> Step:
    return Step(tag, toy_unit, memory=64 * 2**20, cpus=0.5, **kw)


# make test: finding 8 (kept actors); fresh ones, timed by the same record, in make soak
@pytest.mark.parametrize("actors", ["kept", pytest.param("fresh", marks=pytest.mark.soak)])
def test_an_actor_whose_set_up_for_a_step_hangs_ends_the_step_in_one_line(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, actors: str) -> None:
    """The step's init hangs: on actors kept from a first step of the session, or on fresh ones.
    Each set-up is killed at SETUP_SECONDS, a failed attempt, and after the retries the step stops
    naming itself and the unit (before: kept actors were taken as started and nothing timed their
    set-up, so the step waited forever; a fresh one was given up after ACTOR_START_SECONDS as one
    Ray could not place)."""
    cfg = EngineConfig(engine="ray", workers=2)
    if actors == "kept":
        with Supervisor(_step("first"), engine.RayWorkers(cfg, tmp_path / "beats"), retries=0) as sup:
            assert len(sv.results([o for _, o in _run(sup, toy_units(2), None, within=60)])) == 2
        assert engine.WARM.idle  # the second step's unit first goes to one of these
    else:
        engine.release_actors()
    monkeypatch.setattr(engine, "SETUP_SECONDS", 3.0)
    said: list[str] = []
    t0 = time.monotonic()
    with Supervisor(_step("second", init=time.sleep, init_args=(3600,)), engine.RayWorkers(cfg, tmp_path / "beats"),
                    retries=1, say=said.append) as sup:
        out = _run(sup, toy_units(1), None, within=45)
    err = out[-1][1]
    assert isinstance(err, UnitFailed), err
    assert str(err) == ("second: unit u0 failed 2 times: a worker was killed: its set-up (the step's init) ran past "
                        "3 s; fix the cause and rerun the same command (finished units are kept)")
    assert said == ["second: unit u0: a worker was killed: its set-up (the step's init) ran past 3 s; retrying on a "
                    "fresh worker (1/1)"]
    assert time.monotonic() - t0 < 30


def test_beat_files_whose_writer_is_gone_are_removed_by_the_nodes_reader_as_it_starts(tmp_path: Path) -> None:
    """A killed actor (or a killed driver's actors) leave their beat files on the node; the node's
    reader removes every one whose writer's pid is no longer alive when it starts (seen here while
    the step still runs), and keeps the files of live writers."""
    gone = subprocess.Popen(["true"])
    gone.wait()
    stale, live = node_beat_path(".toy-1-dead-1-1.beat.tmp"), node_beat_path(".toy-1-live-1-1.beat.tmp")
    for path, pid in ((stale, gone.pid), (live, os.getpid())):
        beat = FileBeat(path, 1)
        beat.pid = pid
        beat.count(0)  # stored with that writer
        beat.close()
    assert [read_file(p).pid for p in (stale, live)] == [gone.pid, os.getpid()]  # type: ignore[union-attr]
    while_running: list[bool] = []
    gate = tmp_path / "gate"  # unit 1 holds its first item until a reader has been seen to answer
    try:
        with Supervisor(sv.step(), _node_engine(), retries=0) as sup:
            def look() -> None:
                if not while_running and any(seen.beat.stamp for seen in sup.engine.beats().values()):
                    while_running.append(stale.exists())  # a reader answered: it has started
                    gate.touch()

            units = toy_units(2, action="gate", at=4, marker=str(gate))
            out = _run(sup, units, None, within=60, tick=look)
        assert len(sv.results([o for _, o in out])) == 2
        assert while_running == [False]
        assert read_file(live) is not None
    finally:
        stale.unlink(missing_ok=True)
        live.unlink(missing_ok=True)
