"""The supervisor on the Ray engine (actors on one Ray instance for the module): every scenario
of tests/fixtures/supervision.py, as on the local engine."""

from __future__ import annotations

from pathlib import Path

import pytest
from fixtures import supervision as sv
from fixtures.units import pickle_by_value

from corefprep.parallel import EngineConfig
from corefprep.parallel.ray import RayWorkers

ray = pytest.importorskip("ray")
pytestmark = pytest.mark.slow


@pytest.fixture(scope="module", autouse=True)
def ray_instance():
    pickle_by_value()
    ray.init(address="local", num_cpus=2, include_dashboard=False, log_to_driver=False,
             object_store_memory=100 * 2**20)
    yield
    ray.shutdown()


@pytest.mark.parametrize("scenario", sv.SCENARIOS, ids=[s.__name__ for s in sv.SCENARIOS])
def test_scenario(scenario, tmp_path: Path) -> None:
    scenario(lambda: RayWorkers(EngineConfig(engine="ray", workers=2), tmp_path / "beats"), tmp_path)


@pytest.mark.parametrize("hang", ["hang", "gil"])
def test_a_hanging_document_is_timed_out_from_outside(tmp_path: Path, hang: str) -> None:
    """"gil": the actor is stuck inside C with the GIL held; the driver kills it."""
    sv.a_hanging_document_is_timed_out_from_outside(
        lambda: RayWorkers(EngineConfig(engine="ray", workers=2), tmp_path / "beats"), tmp_path, hang)
