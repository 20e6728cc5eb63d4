"""A driver that started its own Ray instance (``--engine ray``) SIGKILLed in the middle of the
filter: what goes with it, how soon, and what the next run removes. Ray, not corefprep, ends the
processes here (corefprep's actors are ordinary ones, owned by the driver): this checks that nothing
of corefprep's keeps them alive, and measures what Ray's own agents do."""

from __future__ import annotations

import os
import signal
import time
from pathlib import Path

import psutil
import pytest
from fixtures.cli import kill_group, popen_cli
from fixtures.minicorpus import run_cli
from fixtures.shared import SAMPLE

ray = pytest.importorskip("ray")
pytestmark = pytest.mark.slow

# A local Ray node's two agents: the raylet starts them, and when it is gone they try for 60 s to
# tell the (dead) GCS so before they exit (ray/_private/process_watcher.py); no setting shortens it.
AGENTS = {"ray::DashboardAgent", "ray::RuntimeEnvAgent"}
ARGS = ["--workers", "2", "--batch-docs", "20", "--no-progress"]


def _gone(p: psutil.Process) -> bool:
    try:
        return p.status() == psutil.STATUS_ZOMBIE  # dead, not yet reaped: holds nothing
    except psutil.NoSuchProcess:
        return True


def _left(procs: dict[psutil.Process, str], within: float, *, but: set[str] = frozenset()) -> dict[psutil.Process, str]:
    """``procs`` still alive once only those named in ``but`` are, or after ``within`` seconds."""
    deadline = time.monotonic() + within
    while True:
        left = {p: name for p, name in procs.items() if not _gone(p)}
        if set(left.values()) <= but or time.monotonic() > deadline:
            return left
        time.sleep(0.1)


def test_a_killed_drivers_actors_go_within_seconds_and_its_beat_files_with_the_next_run(tmp_path: Path) -> None:
    out = tmp_path / "out"
    p = popen_cli(["prepare", SAMPLE, "-o", out, "--engine", "ray", *ARGS])
    try:
        deadline = time.monotonic() + 240
        while not list((out / "work" / "filter").glob(".filter-*.beat.tmp")):  # an actor is on a batch
            assert p.poll() is None, p.communicate()
            assert time.monotonic() < deadline, "the filter never started"
            time.sleep(0.05)
        procs = {}
        for child in psutil.Process(p.pid).children(recursive=True):  # its Ray instance, actors included
            try:
                procs[child] = child.name()
            except psutil.NoSuchProcess:
                continue
        os.kill(p.pid, signal.SIGKILL)  # the driver alone, as the OOM killer would
        p.communicate(timeout=60)
        killed = time.monotonic()
        assert [n for n in procs.values() if n.startswith("ray::UnitActor")], procs
        left = _left(procs, within=10, but=AGENTS)
        assert set(left.values()) <= AGENTS, left  # actors, workers, raylet, GCS: gone within 10 s
        assert time.monotonic() - killed < 10
        # Ray's agents exit on their own about a minute later (make soak waits them out); not here
        for agent in left:
            agent.kill()
    finally:
        if p.poll() is None:
            kill_group(p)
    assert list((out / "work" / "filter").glob(".filter-*.beat.tmp"))  # left by the killed actors
    assert run_cli(["prepare", str(SAMPLE), "-o", str(out), *ARGS]) == 0  # the next run (either engine)
    assert not list((out / "work" / "filter").glob(".filter-*.beat.tmp"))


@pytest.fixture
def cluster():
    """A two-node Ray cluster on loopback, its processes children of this one (not connected to it)."""
    from ray.cluster_utils import Cluster

    sigterm = signal.getsignal(signal.SIGTERM)
    c = Cluster(initialize_head=True, head_node_args={"num_cpus": 1, "include_dashboard": False,
                                                      "object_store_memory": 100 * 2**20})
    c.add_node(num_cpus=1, object_store_memory=100 * 2**20)
    c.wait_for_nodes()
    yield c
    c.shutdown()
    signal.signal(signal.SIGTERM, sigterm)  # the head node's handler must not outlive it


def _actors() -> dict[psutil.Process, str]:
    found = {}
    for p in psutil.Process().children(recursive=True):
        try:
            name = p.name()
        except psutil.NoSuchProcess:
            continue
        if name.startswith("ray::UnitActor") and not _gone(p):
            found[p] = name
    return found


@pytest.mark.soak  # (a cluster of two nodes; the local instance's case above is in make test)
def test_a_killed_driver_that_joined_a_cluster_takes_its_actors_with_it(tmp_path: Path, cluster) -> None:
    """The cluster stays up; the actors the driver owned are killed by Ray within seconds."""
    out = tmp_path / "out"
    p = popen_cli(["prepare", SAMPLE, "-o", out, "--engine", "ray", "--ray-address", cluster.address, *ARGS])
    try:
        deadline = time.monotonic() + 240
        while not list((out / "work" / "filter").glob(".filter-*.beat.tmp")):
            assert p.poll() is None, p.communicate()
            assert time.monotonic() < deadline, "the filter never started"
            time.sleep(0.05)
        actors = _actors()
        os.kill(p.pid, signal.SIGKILL)
        p.communicate(timeout=60)
    finally:
        if p.poll() is None:
            kill_group(p)
    assert actors
    assert _left(actors, within=10) == {}
    assert all(node["Alive"] for node in _nodes(cluster))


def _nodes(cluster) -> list[dict]:
    ray.init(address=cluster.address, log_to_driver=False)
    try:
        return ray.nodes()
    finally:
        ray.shutdown()
