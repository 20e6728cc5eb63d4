"""Smoke test for benchmarks/bench_clm.py: the side-by-side clm benchmark runs end to end on a tiny
bench corpus and prints its table (needs ../shared for the corpus generator; skipped otherwise)."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest
from fixtures.shared import SHARED, needs_shared

REPO = Path(__file__).resolve().parents[1]


@pytest.mark.slow
@pytest.mark.soak  # about 20 s of CPU: make bench-clm runs the real one
@needs_shared
def test_bench_clm_runs(capsys, monkeypatch):
    # the shared directory the tests found (it may not sit at <repo>/../shared, e.g. in a CI clone)
    monkeypatch.setenv("COREFPREP_SHARED", str(SHARED))
    sys.path.insert(0, str(REPO / "benchmarks"))
    import bench_clm

    assert bench_clm.main(["--docs", "24", "--repeats", "1"]) == 0
    out = capsys.readouterr().out
    assert "docs/s at N" in out and "peak tree PSS, N → 4N" in out
    assert out.count("| bundled WordPiece") == 5 and out.count("| byte-level BPE") == 5
