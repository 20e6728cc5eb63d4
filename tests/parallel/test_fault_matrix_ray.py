"""The fault matrix on the Ray engine (see tests/fixtures/matrix.py), on one Ray instance for the
module: {kill, hang, raise} x {counting, filter, signing, bands} x {default, --strict}, the hang in a
C call that holds the GIL, and a full disk in each step that writes. The doctor measures the
machine it runs on, so its units always run on local workers (its cells are in
tests/parallel/test_fault_matrix.py)."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from fixtures import matrix as mx
from fixtures.faults import _pickle_by_value
from fixtures.reliability import Corpus

ray = pytest.importorskip("ray")
# In make soak, not make test: on Ray these cells take minutes of starting actors and waiting out
# time limits, and what they check is covered in make test by the supervisor's scenarios on Ray
# (tests/parallel/test_ray.py, test_ray_faults.py), the filter on Ray (tests/filter/engines/) and
# this same matrix on the local engine (test_fault_matrix.py), whose policy both engines share.
pytestmark = [pytest.mark.slow, pytest.mark.soak, pytest.mark.timeout(900)]


@pytest.fixture(scope="module")
def clean(wellformed: Corpus, tmp_path_factory: pytest.TempPathFactory) -> mx.Clean:
    os.environ.setdefault("HF_HUB_OFFLINE", "1")
    _pickle_by_value()
    ray.init(address="local", num_cpus=2, include_dashboard=False, log_to_driver=False,
             object_store_memory=200 * 2**20)
    try:
        yield mx.make_clean(wellformed, tmp_path_factory.mktemp("clean-ray"), "ray")
    finally:
        ray.shutdown()


# --strict changes nothing for the steps without documents (the local matrix runs both modes for
# them and finds the same outcome); here they run in the default mode only
CELLS = [(step, fault, mode) for step in ("count", "filter", "sign", "bands") for fault in mx.FAULTS
         for mode in (mx.MODES if step in ("filter", "sign") else ("default",))]
@pytest.mark.parametrize("cell", CELLS, ids=["-".join(c) for c in CELLS])
def test_cell(clean: mx.Clean, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, cell: tuple[str, str, str]) -> None:
    mx.run_cell(clean, tmp_path, monkeypatch, *cell)


def test_a_rule_stuck_in_a_catastrophic_regular_expression_is_timed_out(clean: mx.Clean, tmp_path: Path,
                                                                          monkeypatch: pytest.MonkeyPatch) -> None:
    """The actor is stuck inside ``re`` with the GIL held: the driver kills it from outside."""
    mx.regex_cell(clean, tmp_path, monkeypatch)


@pytest.mark.parametrize("step", ["count", "filter", "sign", "bands"])
def test_a_full_disk_during_a_steps_write(clean: mx.Clean, tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                          step: str) -> None:
    mx.full_disk_cell(clean, tmp_path, monkeypatch, step)
