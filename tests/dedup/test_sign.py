"""Signing in the dedup stage (corefprep/dedup/sign.py): batches the filter did not sign are signed
from their parquet; with Kiwi words through the Pool and its fault machine. A document quarantined
while it is signed keeps its exact hash, so it is still an exact duplicate, and is counted.

Runs the real CLI on the corpus of known duplicates (tests/fixtures/dupcorpus.py), the faults
installed by the tests' harness (tests/fixtures/faults.py).
"""

from __future__ import annotations

import json
import shutil
from pathlib import Path
from typing import Any

import pyarrow.parquet as pq
import pytest
from fixtures import dupcorpus
from fixtures.cli import run_cli, status_json

ARGS = [*dupcorpus.LLM_SPACE, "--no-progress", "--workers", "2", "--batch-docs", "20"]
KIWI = ["--dedup", "minhash", "--dedup-words", "kiwi"]


def _ok(args: list[Any], **env: str) -> str:
    r = run_cli(args, **env)
    assert r.returncode == 0, r.stderr[-3000:]
    return r.stderr


def _removed(out: Path) -> dict[int, tuple[int, str]]:
    t = pq.read_table(out / "work" / "dedup" / "result" / "removed.parquet")
    return {d: (of, reason) for d, of, reason in zip(t.column("doc_index").to_pylist(),
                                                      t.column("duplicate_of").to_pylist(),
                                                      t.column("reason").to_pylist(), strict=True)}


def _summary(out: Path) -> dict[str, Any]:
    return json.loads((out / "work" / "dedup" / "result" / "summary.json").read_text())


@pytest.mark.slow
def test_a_document_quarantined_while_signed_is_still_an_exact_duplicate_and_counted(tmp_path):
    corpus = dupcorpus.build(tmp_path / "in")
    exact, edited = 41, 52  # an exact copy of document 1, a lightly edited copy of document 11
    assert (corpus.kind[exact], corpus.copy_of[exact], corpus.kind[edited], corpus.copy_of[edited]) == (
        "exact", 1, "edited", 11)
    src = corpus.path.parent
    clean = tmp_path / "clean"
    _ok(["filter", src, "-o", clean, *ARGS, "--dedup", "none"])
    faulty = tmp_path / "faulty"
    shutil.copytree(clean, faulty)
    _ok(["dedup", src, "-o", clean, *ARGS, *KIWI])
    assert _summary(clean)["unsigned_near"] == 0
    assert _removed(clean)[edited] == (11, "duplicate_near")
    # both copies kill the worker signing them, twice: both are quarantined
    err = _ok(["dedup", src, "-o", faulty, *ARGS, *KIWI], CP_TEST_STEP_FAULTS=f"sign:kill@{exact},kill@{edited}")
    assert "2 document(s) of batch 2 could not be signed" in err
    removed = _removed(faulty)
    assert removed[exact] == (1, "duplicate_exact")  # its exact hash still finds its original
    assert edited not in removed  # without band keys a near copy cannot be found
    assert removed == {d: r for d, r in _removed(clean).items() if d != edited}
    s = _summary(faulty)
    assert (s["unsigned_near"], s["unsigned_near_docs"]) == (2, [exact, edited])
    assert s["no_shingle"] == _summary(clean)["no_shingle"]
    sig = json.loads(next((faulty / "work" / "dedup").glob("sig-*/batch_00002.json")).read_text())
    assert sig["unsigned_near"] == [exact, edited]
    st = status_json(faulty)
    assert st["stages"]["dedup"]["unsigned_near"] == 2
    r = run_cli(["status", faulty])
    assert "2 document(s) quarantined while being signed were compared by their exact hash only (doc_index 41, 52)" \
        in r.stdout
    # the record stays what it is: a rerun without the fault has nothing to redo
    assert "dedup: up to date" in _ok(["dedup", src, "-o", faulty, *ARGS, *KIWI])
    assert _removed(faulty) == removed
