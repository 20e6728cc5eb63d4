"""The Ray engine after its cluster shrank (a node left): the step goes on with what the nodes left
can place, instead of waiting ACTOR_START_SECONDS for an actor no node can start. The driver's
bookkeeping alone, with a stand-in for Ray (no Ray is started here); the whole story, a node
removed from a three-node cluster mid-run: tests/filter/engines/test_ray_shared_nothing.py."""

from __future__ import annotations

import time
from typing import Any

import pytest

import corefprep.parallel.ray as engine
from corefprep.core.errors import CorefprepError
from corefprep.parallel import EngineConfig, Step
from corefprep.parallel.events import Requeue
from corefprep.parallel.ray import RECOUNT_SECONDS, RUNNING, STARTING, RayWorkers, _Actor, _Call

MIB = 2**20


class _Ray:
    """What RayWorkers asks of Ray here: no call answers, kills are noted."""

    def __init__(self) -> None:
        self.killed: list[str] = []

    def kill(self, handle: Any) -> None:
        self.killed.append(handle)

    def wait(self, refs: list[Any], num_returns: int, timeout: float) -> tuple[list[Any], list[Any]]:
        return [], refs


def _unit(args: Any, beat: Any) -> None:
    return None


def _workers(monkeypatch, slots: int) -> tuple[RayWorkers, _Ray]:
    """Three actors asked for: one running a unit, two still starting (the newest asked for last),
    while the cluster's live nodes now hold ``slots``."""
    ray = _Ray()
    w = RayWorkers(EngineConfig(engine="ray", workers=3), None)
    w.ray, w.step, w.workers = ray, Step("filter", _unit, memory=100 * MIB), 3
    long_ago = time.monotonic() - 3 * RECOUNT_SECONDS
    w.actors = [_Actor("running", 0.9, 100 * MIB, RUNNING, long_ago, "r1", _Call(1, None)),
                _Actor("older", 0.9, 100 * MIB, STARTING, long_ago, "s2", _Call(2, None)),
                _Actor("newest", 0.9, 100 * MIB, STARTING, long_ago + 1, "s3", _Call(3, None))]
    w._counted = long_ago
    monkeypatch.setattr(engine, "actor_slots", lambda ray, cpus, memory: (slots, f"{slots} CPUs"))
    return w, ray


def test_an_actor_starting_past_the_recount_on_a_shrunk_cluster_is_given_up_and_its_unit_handed_out(
        monkeypatch) -> None:
    w, ray = _workers(monkeypatch, slots=2)
    events = w.poll(0.0)
    assert ray.killed == ["newest"] and w.workers == 2
    assert events == [Requeue(3)]  # handed out again, not a failure of its unit
    assert w.free() == 0  # the two actors left are the cluster's room: nothing more is asked of Ray
    assert w.poll(0.0) == []  # counted just now: not again before RECOUNT_SECONDS


def test_a_cluster_that_kept_its_room_changes_nothing(monkeypatch) -> None:
    w, ray = _workers(monkeypatch, slots=3)
    assert w.poll(0.0) == [] and ray.killed == [] and w.workers == 3


def test_a_cluster_left_without_room_ends_the_step_in_one_sentence(monkeypatch) -> None:
    w, _ = _workers(monkeypatch, slots=0)
    with pytest.raises(CorefprepError, match="no node of the Ray cluster is left with room"):
        w.poll(0.0)
