"""The supervisor on the Ray engine (actors on one Ray instance for the module): every scenario
of tests/fixtures/supervision.py, as on the local engine."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from fixtures import supervision as sv
from fixtures.units import local_ray, note_init, pid_unit, toy_units

from corefprep.parallel import EngineConfig
from corefprep.parallel.ray import RayWorkers

ray = pytest.importorskip("ray")
pytestmark = pytest.mark.slow


@pytest.fixture(scope="module", autouse=True)
def ray_instance():
    yield from local_ray(ray)


@pytest.mark.parametrize("scenario", sv.SCENARIOS, ids=[s.__name__ for s in sv.SCENARIOS])
def test_scenario(scenario, tmp_path: Path) -> None:
    scenario(lambda: RayWorkers(EngineConfig(engine="ray", workers=2), tmp_path / "beats"), tmp_path)


@pytest.mark.parametrize("hang", ["hang", "gil"])
def test_a_hanging_document_is_timed_out_from_outside(tmp_path: Path, hang: str) -> None:
    """"gil": the actor is stuck inside C with the GIL held; the driver kills it."""
    sv.a_hanging_document_is_timed_out_from_outside(
        lambda: RayWorkers(EngineConfig(engine="ray", workers=2), tmp_path / "beats"), tmp_path, hang)


# Without a directory the driver and the nodes share (an output on object storage), each actor's
# beat stays on its node and a reader actor there reads it: the scenarios that need the beats.
ON_NODE = [sv.a_unit_without_progress_is_killed_at_its_limit, sv.a_document_that_kills_two_workers_is_set_aside,
           sv.a_run_stopped_early_leaves_nothing_behind]


@pytest.mark.parametrize("scenario", ON_NODE, ids=[s.__name__ for s in ON_NODE])
def test_scenario_with_beats_on_the_actors_nodes(scenario, tmp_path: Path) -> None:
    from corefprep.parallel.ray_beats import node_beat_path

    scenario(lambda: RayWorkers(EngineConfig(engine="ray", workers=2), None), tmp_path)
    # every beat file removed, by its actor or, for a dead or stopped one, by its node's reader (and
    # on the driver's node by the driver)
    assert not [p for p in node_beat_path("x").parent.iterdir() if f"-{os.getpid()}-" in p.name]


def test_a_document_hanging_with_the_gil_held_is_timed_out_with_beats_on_the_actors_nodes(tmp_path: Path) -> None:
    """The actor is stuck in C holding the GIL: its node's reader, a process of its own, still reads its beat."""
    sv.a_hanging_document_is_timed_out_from_outside(
        lambda: RayWorkers(EngineConfig(engine="ray", workers=2), None), tmp_path, "gil")


def _pids(tmp_path: Path, tag: str, memory: int) -> set[int]:
    from corefprep.parallel import Step, Supervisor

    step = Step(tag, pid_unit, init=note_init, init_args=(str(tmp_path / "inits"), tag), memory=memory, cpus=0.5)
    with Supervisor(step, RayWorkers(EngineConfig(engine="ray", workers=2), tmp_path / "beats"), retries=1) as sup:
        return {o.result for o in sup.run(toy_units(6, seconds=0.2))}


def test_actors_a_step_leaves_idle_serve_the_sessions_next_step_of_their_size(tmp_path: Path) -> None:
    """The process (with Kiwi loaded, for the real steps) is kept; each step's init runs on it once.
    A step that needs more memory than the kept actors reserved gets actors of its own."""
    first = _pids(tmp_path, "first", 64 * 2**20)
    second = _pids(tmp_path, "second", 32 * 2**20)
    bigger = _pids(tmp_path, "bigger", 128 * 2**20)
    assert second <= first and not bigger & first
    inits = [ln.split() for ln in (tmp_path / "inits").read_text().splitlines()]
    for tag, pids in (("first", first), ("second", second), ("bigger", bigger)):
        ran = [int(pid) for t, pid in inits if t == tag]
        assert sorted(ran) == sorted(set(ran)) and set(ran) >= pids  # once per actor that served the step


def test_a_step_stopped_early_and_run_again_takes_its_kept_actors_first(tmp_path: Path, monkeypatch) -> None:
    """A step whose caller stops reading keeps its idle actor (with the CPU it reserves); run again,
    the step takes it before asking Ray for new actors, so the cluster's CPUs are never all held by
    actors it no longer uses (a new actor then waited out ACTOR_START_SECONDS for room)."""
    import time

    from fixtures.units import Toy, toy_unit

    import corefprep.parallel.ray as engine
    from corefprep.parallel import Step, Supervisor, Unit

    monkeypatch.setattr(engine, "ACTOR_START_SECONDS", 30.0)
    step = Step("toy", toy_unit, memory=64 * 2**20, cpus=0.5)  # four of them fill the two CPUs
    first = [Unit("fast", Toy((0,)), 1), Unit("slow", Toy((1, 2, 3), seconds=3.0), 3)]
    with Supervisor(step, RayWorkers(EngineConfig(engine="ray", workers=4), tmp_path / "beats"), retries=0) as sup:
        for _ in sup.run(first):
            break  # "fast" is done, its actor idle; "slow" is dropped
        t0 = time.monotonic()
        again = sorted(o.unit.key for o in sup.run(toy_units(4)))
        took = time.monotonic() - t0
    assert again == ["u0", "u1", "u2", "u3"]
    assert took < 20, f"{took:.0f} s: an actor waited for room its kept actor held"
