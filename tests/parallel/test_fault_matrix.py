"""The fault matrix on the local engine (see tests/fixtures/matrix.py): {kill, hang, raise} x
{counting, filter, signing, bands, doctor} x {default, --strict}, plus a hang inside a C call that
holds the GIL and a full disk in each step that writes."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from fixtures import matrix as mx
from fixtures.reliability import Corpus

pytestmark = [pytest.mark.slow, pytest.mark.timeout(600)]


@pytest.fixture(scope="module")
def clean(wellformed: Corpus, warm_kiwi: object, tmp_path_factory: pytest.TempPathFactory) -> mx.Clean:
    os.environ.setdefault("HF_HUB_OFFLINE", "1")
    return mx.make_clean(wellformed, tmp_path_factory.mktemp("clean-local"), "local")


CELLS = [(step, fault, mode) for step in mx.CELLS for fault in mx.FAULTS for mode in mx.MODES]


@pytest.mark.parametrize("cell", CELLS, ids=["-".join(c) for c in CELLS])
def test_cell(clean: mx.Clean, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, cell: tuple[str, str, str]) -> None:
    mx.run_cell(clean, tmp_path, monkeypatch, *cell)


def test_a_rule_stuck_in_a_catastrophic_regular_expression_is_timed_out(clean: mx.Clean, tmp_path: Path,
                                                                          monkeypatch: pytest.MonkeyPatch) -> None:
    """A test rule set whose rule backtracks forever inside ``re`` (C code holding the GIL) on one
    document: the parent kills the worker and quarantines the document."""
    mx.regex_cell(clean, tmp_path, monkeypatch)


@pytest.mark.parametrize("step", ["count", "filter", "sign", "bands"])
def test_a_full_disk_during_a_steps_write(clean: mx.Clean, tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                          step: str) -> None:
    mx.full_disk_cell(clean, tmp_path, monkeypatch, step)
