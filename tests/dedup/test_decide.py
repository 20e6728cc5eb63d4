"""The band, cluster and result steps in bounded chunks (corefprep/dedup/bands.py, decide.py): on
signature files with planted exact and near copies, the stage's result equals a plain in-memory
reference (every signature loaded, a union-find over the band keys, exact copies told by their
hash), and shrinking every chunk size to a few documents gives the same files.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import numpy as np
import pyarrow.parquet as pq
import pytest

from corefprep.core.workdir import WorkDir
from corefprep.dedup import bands, decide
from corefprep.dedup.result import result_dir
from corefprep.dedup.stage import run_dedup
from corefprep.filter.records import BatchStats
from corefprep.parallel import EngineConfig
from corefprep.signatures.minhash import Signer
from corefprep.signatures.store import signature_dir, write_signatures

SIGNER = Signer("minhash", "space", bands=4, rows=2)
BATCH_DOCS = 100


def _corpus(root: Path, batches: int = 3, seed: int = 5) -> tuple[WorkDir, dict[int, BatchStats], np.ndarray]:
    """Signature files of ``batches`` filter batches: kept documents with gaps in doc_index, a few
    too short for a shingle, exact copies (hash and bands) and near copies (some bands)."""
    rng = np.random.default_rng(seed)
    work = WorkDir(root)
    (root / "work").mkdir(parents=True, exist_ok=True)
    done, parts = {}, []
    for k in range(batches):
        start = k * BATCH_DOCS
        kept = np.sort(rng.choice(np.arange(start, start + BATCH_DOCS), size=80, replace=False))
        recs = np.zeros(len(kept), dtype=SIGNER.dtype)
        recs["doc_index"] = kept
        recs["shingles"] = np.where(rng.random(len(kept)) < 0.1, 0, 50)
        recs["exact"] = rng.integers(0, 2**63, (len(kept), 2), dtype=np.uint64)
        recs["bands"] = rng.integers(0, 2**63, (len(kept), SIGNER.bands), dtype=np.uint64)
        parts.append(recs)
        done[k] = BatchStats(batch=k, start=start, end=start + BATCH_DOCS, documents=BATCH_DOCS, passed=len(kept),
                             rejected={}, malformed={}, rows=len(kept), parquet_bytes=0, parquet_sha256=f"sha{k}",
                             config_id="test")
    allrecs = np.concatenate(parts)
    n = len(allrecs)
    # copies of earlier documents, some across batches: exact ones, and near ones sharing a band or two
    src, dst = rng.integers(0, n // 2, 40), rng.integers(n // 2, n, 40)
    allrecs["exact"][dst[:15]] = allrecs["exact"][src[:15]]
    allrecs["bands"][dst[:15]] = allrecs["bands"][src[:15]]
    allrecs["shingles"][dst[:15]] = allrecs["shingles"][src[:15]]
    for i in range(15, 40):
        b = int(rng.integers(0, SIGNER.bands))
        allrecs["bands"][dst[i], b] = allrecs["bands"][src[i], b]
    allrecs["bands"][dst[30:40], 0] = allrecs["bands"][src[30], 0]  # one big cluster: a chain through band 0
    for k in range(batches):
        write_signatures(signature_dir(work, SIGNER), SIGNER, k, allrecs[k * 80:(k + 1) * 80], f"sha{k}")
    return work, done, allrecs


def _reference(recs: np.ndarray) -> dict[int, tuple[int, str]]:
    """Removed document -> (kept document, reason), from all signatures held at once."""
    docs = recs["doc_index"].tolist()
    parent = {d: d for d in docs}

    def find(x: int) -> int:
        while parent[x] != x:
            x = parent[x]
        return x

    keys: list[list[Any]] = [[tuple(e) for e in recs["exact"].tolist()]]
    for b in range(SIGNER.bands):
        keys.append([key if s > 0 else None for key, s in zip(recs["bands"][:, b].tolist(), recs["shingles"].tolist(),
                                                                strict=True)])
    for unit in keys:
        first: dict[Any, int] = {}
        for d, key in zip(docs, unit, strict=True):
            if key is None:
                continue
            if key in first:
                ra, rb = find(d), find(first[key])
                parent[max(ra, rb)] = min(ra, rb)
            else:
                first[key] = d
    exact = dict(zip(docs, keys[0], strict=True))
    return {d: (find(d), "duplicate_exact" if exact[d] == exact[find(d)] else "duplicate_near")
            for d in docs if find(d) != d}


def _run(root: Path, workers: int = 1) -> tuple[Path, dict[int, tuple[int, str]], Any]:
    work, done, recs = _corpus(root)
    result = run_dedup(work, done, SIGNER, EngineConfig(workers=workers), progress=False)
    t = pq.read_table(result_dir(work) / "removed.parquet")
    removed = {d: (of, reason) for d, of, reason in zip(t.column("doc_index").to_pylist(),
                                                         t.column("duplicate_of").to_pylist(),
                                                         t.column("reason").to_pylist(), strict=True)}
    return result_dir(work), removed, result


def _summary(d: Path) -> dict[str, Any]:
    s = json.loads((d / "summary.json").read_text())
    del s["removed_file"]  # where it is
    return s


def test_the_result_equals_an_in_memory_reference(tmp_path):
    d, removed, result = _run(tmp_path / "a")
    _, _, recs = _corpus(tmp_path / "ref")
    expect = _reference(recs)
    assert removed == expect
    assert {r for _, r in expect.values()} == {"duplicate_exact", "duplicate_near"}
    assert result.removed.tolist() == sorted(expect)
    clusters = pq.read_table(d / "clusters.parquet").to_pydict()
    sizes: dict[int, int] = {}
    for kept in [*expect.values()]:
        sizes[kept[0]] = sizes.get(kept[0], 1) + 1
    assert dict(zip(clusters["doc_index"], clusters["cluster"], strict=True)) == {
        **{k: k for k in sizes}, **{doc: kept for doc, (kept, _) in expect.items()}}
    assert max(clusters["dup_count"]) >= 5  # the chain is one cluster
    assert result.summary.removed == len(expect) and result.summary.no_shingle > 0


@pytest.mark.parametrize("workers", [1, 2])
def test_tiny_chunks_give_the_same_files(tmp_path, monkeypatch, workers):
    d, removed, _ = _run(tmp_path / "default")
    default = {name: (d / name).read_bytes() for name in ("removed.parquet", "clusters.parquet")}
    # a band in 16 key-range parts, signatures and edges read 7 at a time, the result written 5 documents at a time
    monkeypatch.setattr(bands, "PART_DOCS", 16)
    monkeypatch.setattr(bands, "READ_RECORDS", 7)
    monkeypatch.setattr(decide, "CHUNK", 5)
    d2, removed2, _ = _run(tmp_path / "tiny", workers)
    assert removed2 == removed
    for name, data in default.items():
        assert (d2 / name).read_bytes() == data, name
    assert _summary(d2) == _summary(d)
    # row groups of 3 rows: other bytes, the same rows
    monkeypatch.setattr(decide, "RESULT_ROWS", 3)
    d3, removed3, _ = _run(tmp_path / "groups", workers)
    assert removed3 == removed
    assert pq.ParquetFile(d3 / "removed.parquet").metadata.num_row_groups > 1
    for name in ("removed.parquet", "clusters.parquet"):
        assert pq.read_table(d3 / name).equals(pq.read_table(d / name))
