"""Clusters and candidate edges: the numpy union-find against a plain one, band groups as stars
to their lowest document, and a band split into key-range parts giving the edges of one part."""

from __future__ import annotations

import numpy as np
import pytest

from corefprep.dedup import bands
from corefprep.dedup.bands import compute_band, group_edges, load_edges
from corefprep.dedup.clusters import components
from corefprep.signatures.minhash import Signer
from corefprep.signatures.store import load_signatures, write_signatures


def _plain_components(n: int, pairs: list[tuple[int, int]]) -> list[int]:
    parent = list(range(n))

    def find(x: int) -> int:
        while parent[x] != x:
            x = parent[x]
        return x

    for a, b in pairs:
        ra, rb = find(a), find(b)
        if ra != rb:
            parent[max(ra, rb)] = min(ra, rb)
    return [find(x) for x in range(n)]


@pytest.mark.parametrize("seed", range(6))
def test_components_equal_a_plain_union_find_and_root_at_the_lowest_member(seed):
    rng = np.random.default_rng(seed)
    n = int(rng.integers(1, 400))
    m = int(rng.integers(0, 2 * n))
    a, b = rng.integers(0, n, m), rng.integers(0, n, m)
    # edges arrive in several pieces, as the bands do
    cuts = sorted(rng.integers(0, m + 1, 3).tolist()) if m else []
    pieces = [(a[lo:hi], b[lo:hi]) for lo, hi in zip([0, *cuts], [*cuts, m], strict=True)]
    roots = components(n, pieces)
    expect = _plain_components(n, list(zip(a.tolist(), b.tolist(), strict=True)))
    assert roots.tolist() == expect
    for r in set(expect):
        assert r == min(i for i in range(n) if expect[i] == r)


def test_a_long_chain_is_one_component():
    n = 5000
    order = np.random.default_rng(1).permutation(n)
    roots = components(n, [(order[:-1], order[1:])])
    assert (roots == 0).all()


def test_no_edges_and_no_documents():
    assert components(0, []).tolist() == []
    assert components(3, [(np.zeros(0, np.int64), np.zeros(0, np.int64))]).tolist() == [0, 1, 2]


def test_a_group_sharing_a_key_is_a_star_to_its_lowest_document():
    docs = np.array([9, 4, 7, 2, 8, 5], dtype=np.int64)
    hi = np.array([1, 1, 2, 1, 3, 2], dtype=np.uint64)
    lo = np.zeros(6, dtype=np.uint64)
    e = group_edges(docs, hi, lo)
    assert sorted(zip(e["doc"].tolist(), e["keeper"].tolist(), strict=True)) == [(4, 2), (7, 5), (9, 2)]
    assert len(group_edges(np.zeros(0, np.int64), np.zeros(0, np.uint64), np.zeros(0, np.uint64))) == 0


def test_a_band_in_key_range_parts_gives_the_same_edges(tmp_path, monkeypatch):
    signer = Signer("minhash", "space", bands=3, rows=2)
    rng = np.random.default_rng(3)
    directory = tmp_path / "sig"
    files = []
    for k in range(3):
        recs = np.zeros(200, dtype=signer.dtype)
        recs["doc_index"] = np.arange(k * 200, (k + 1) * 200)
        recs["shingles"] = rng.integers(0, 3, 200)  # a third of them too short: no band keys
        recs["bands"] = rng.integers(0, 40, (200, 3)).astype(np.uint64) * np.uint64(0x9E3779B97F4A7C15)
        recs["exact"][:, 0] = rng.integers(0, 50, 200).astype(np.uint64) << np.uint64(58)
        recs["exact"][:, 1] = rng.integers(0, 2, 200).astype(np.uint64)
        write_signatures(directory, signer, k, recs, f"sha{k}")
        files.append((directory, k, 0))
    for name in ("exact", "band_01"):
        compute_band(files, signer, name, tmp_path / f"one_{name}.npy", "fp")
        monkeypatch.setattr(bands, "PART_DOCS", 50)  # 600 documents: 16 parts
        compute_band(files, signer, name, tmp_path / f"parts_{name}.npy", "fp")
        monkeypatch.setattr(bands, "PART_DOCS", 8_000_000)
        one, parts = load_edges(tmp_path / f"one_{name}.npy"), load_edges(tmp_path / f"parts_{name}.npy")
        assert sorted(one.tolist()) == sorted(parts.tolist()) and len(one) > 100
        # against the definition: each document joined to the lowest document sharing its key
        sig = np.concatenate([load_signatures(directory, signer, k) for k in range(3)])
        if name == "exact":
            keys = [tuple(x) for x in sig["exact"].tolist()]
            take = np.ones(len(sig), dtype=bool)
        else:
            keys = sig["bands"][:, 1].tolist()
            take = sig["shingles"] > 0
        first: dict = {}
        expect = []
        for d, key, t in zip(sig["doc_index"].tolist(), keys, take.tolist(), strict=True):
            if not t:
                continue
            if key in first:
                expect.append((d, first[key]))
            else:
                first[key] = d
        assert sorted(one.tolist()) == sorted(expect)


def test_empty_and_few_word_documents_are_matched_only_by_their_exact_hash(tmp_path):
    signer = Signer("minhash", "space")
    texts = ["", " ", "한국어", "한국어", "서울 부산", "부산 서울", "가 나 다 라 마 바", "가 나 다 라 마 바 사"]
    recs = signer.records(b"".join(signer.sign(i, t) for i, t in enumerate(texts)))
    assert recs["shingles"].tolist() == [0, 0, 0, 0, 0, 0, 2, 3]
    directory = tmp_path / "sig"
    write_signatures(directory, signer, 0, recs, "sha")
    files = [(directory, 0, 0)]
    edges = []
    for name in bands.band_names(signer):
        compute_band(files, signer, name, tmp_path / f"{name}.npy", "fp")
        e = load_edges(tmp_path / f"{name}.npy")
        edges.append((e["doc"], e["keeper"]))
    roots = components(len(texts), iter(edges))
    # "" and " " are the same text after whitespace; the two word orders are not; the last pair
    # shares 2 of 3 shingles (Jaccard 0.67: caught with probability 1 - (1 - 0.67^8)^14 = 0.35)
    assert roots[:6].tolist() == [0, 0, 2, 2, 4, 5]
