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
    assert "2 documents of batch 2 could not be signed" in err
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
    assert "2 documents quarantined while being signed were compared by exact hash only (doc_index 41, 52)" \
        in r.stdout
    # the record stays what it is: a rerun without the fault has nothing to redo
    assert "dedup: up to date" in _ok(["dedup", src, "-o", faulty, *ARGS, *KIWI])
    assert _removed(faulty) == removed


_PART_BASE = ["서울시는 오늘 새 버스 노선을 발표했다고 밝혔다.", "부산의 바다는 여름마다 많은 사람들로 붐빈다고 한다.",
              "한국어 형태소 분석기는 문장을 작은 단위로 나누어 줍니다."]
# one filter batch of 200 documents, 45 of them kept (doc_index 1, 4, 7, ...)
_PART_DOCS = [(3 * i + 1, f"{_PART_BASE[i % 3]} {i}번째 문서입니다. " * (1 + i % 4)) for i in range(45)]


def _one_batch() -> dict[int, Any]:
    from corefprep.filter.records import BatchStats

    return {0: BatchStats(batch=0, start=0, end=200, documents=200, passed=len(_PART_DOCS), rejected={},
                          malformed={}, rows=len(_PART_DOCS), parquet_bytes=0, parquet_sha256="sha",
                          config_id="test")}


def _signed(root: Path, signer: Any, workers: int) -> tuple[Any, dict[str, Any]]:
    """The batch's signature records and record file, as the dedup stage signs them on ``workers``."""
    import numpy as np
    import pyarrow as pa

    from corefprep.core.workdir import WorkDir
    from corefprep.dedup import sign
    from corefprep.parallel import EngineConfig
    from corefprep.signatures.store import load_signatures, signature_dir

    work = WorkDir(root)
    work.filter_dir.mkdir(parents=True)
    pq.write_table(pa.table({"doc_index": [d for d, _ in _PART_DOCS], "text": [t for _, t in _PART_DOCS]}),
                   work.batch_parquet(0))
    sign.sign_missing(work, _one_batch(), signer, EngineConfig(workers=workers), progress=False)
    meta = json.loads((signature_dir(work, signer) / "batch_00000.json").read_text())
    return np.array(load_signatures(signature_dir(work, signer), signer, 0)), meta


@pytest.mark.parametrize("words", ["kiwi", "space"])
def test_a_batch_signed_in_parts_is_the_batch_signed_whole(tmp_path, monkeypatch, words):
    import numpy as np

    from corefprep.core.workdir import WorkDir
    from corefprep.dedup import sign
    from corefprep.signatures.minhash import Signer
    from corefprep.signatures.store import part_records_path, signature_dir

    signer = Signer("minhash", words)
    whole, whole_meta = _signed(tmp_path / "whole", signer, 1)
    monkeypatch.setattr(sign, "PART_ROWS", 10)
    units = sign._units(WorkDir(tmp_path / "whole"), _one_batch(), [0], 3)
    assert [u.args.rows for u in units] == [(0, 15), (15, 30), (30, 45)]
    # each part signs its rows (whitespace words: the vector pass over blocks of them)
    sign._init_signer(signer)
    beat = type("Beat", (), {"on": lambda self, d: None, "off": lambda self: None, "count": lambda self, n: None})()
    directory = signature_dir(WorkDir(tmp_path / "whole"), signer)
    for u in units:
        assert sign.sign_batch(u.args, beat).documents == 15
    pieces = [np.load(part_records_path(directory, 0, u.args.rows)).tobytes() for u in units]
    assert b"".join(pieces) == whole.tobytes() and len(whole) == len(_PART_DOCS)
    # 3 workers, either word unit: the batch in 3 parts, signed on 3 workers, put together by the parent
    made: list[int] = []
    real_units = sign._units
    monkeypatch.setattr(sign, "_units", lambda *a: made.append(len(u := real_units(*a))) or u)
    parts, parts_meta = _signed(tmp_path / "parts", signer, 3)
    assert made == [3]
    assert parts.tobytes() == whole.tobytes()
    assert parts_meta == whole_meta
    assert sorted(p.name for p in signature_dir(WorkDir(tmp_path / "parts"), signer).iterdir()) == [
        "batch_00000.json", "batch_00000.npy"]  # the parts' files are gone


def test_a_worker_killed_while_it_signs_a_part_is_replaced_and_the_file_is_the_whole_batchs(tmp_path, monkeypatch):
    """SIGKILL of the worker that signs the middle part (whitespace words, one batch, two workers):
    the part is handed out again on a fresh worker, and the batch's signatures are those of the
    batch signed whole by one worker."""
    import os
    import signal

    from corefprep.dedup import sign
    from corefprep.signatures.minhash import Signer

    signer = Signer("minhash", "space")
    whole, whole_meta = _signed(tmp_path / "whole", signer, 1)
    monkeypatch.setattr(sign, "PART_ROWS", 10)
    marker = tmp_path / "killed-once"
    real = sign.sign_batch

    def killed_once(job: Any, beat: Any) -> Any:  # runs in the forked worker
        if job.rows == (15, 30) and not marker.exists():
            marker.touch()
            os.kill(os.getpid(), signal.SIGKILL)
        return real(job, beat)

    monkeypatch.setattr(sign, "sign_batch", killed_once)
    parts, parts_meta = _signed(tmp_path / "parts", signer, 3)
    assert marker.exists()
    assert parts.tobytes() == whole.tobytes()
    assert parts_meta == whole_meta
