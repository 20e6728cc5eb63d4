"""Candidate pairs, one band at a time, from the signature files on disk (no in-memory index).

For one band (or the exact hashes) every signed document contributes its key; sorting the
(key, doc_index) pairs puts documents sharing the key next to each other, lowest doc_index first,
and each of them gets one edge to that first document (a star per group: what the clusters need,
never the group's n² pairs). A band of a big corpus is done in parts, by the top bits of its keys,
so that one part's arrays stay under :data:`PART_DOCS` documents. Each band's edges are written to
``band_BB.npy`` (``exact.npy``) with a record naming the signature files they came from, so a
resumed run redoes only what is missing or stale.
"""

from __future__ import annotations

import hashlib
import math
from pathlib import Path
from typing import Any

import numpy as np

from ..core.atomic import atomic_write_json, atomic_write_with, read_json
from ..signatures.minhash import Signer
from ..signatures.store import load_signatures

EDGE_DTYPE = np.dtype([("doc", "<i8"), ("keeper", "<i8")])
PART_DOCS = 8_000_000  # documents per part of a band: ~24 bytes each while sorting, ~200 MB


def band_names(signer: Signer) -> list[str]:
    """The units of work: the exact hashes, then (minhash) each band."""
    names = ["exact"]
    if signer.mode == "minhash":
        names += [f"band_{b:02d}" for b in range(signer.bands)]
    return names


def inputs_fingerprint(records: list[dict[str, Any]]) -> str:
    """Of the signature files a band reads (their records: key, batch content, size)."""
    h = hashlib.sha256()
    for r in records:
        h.update(repr(sorted(r.items())).encode())
    return h.hexdigest()[:16]


def _keys(sig: np.ndarray, name: str) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """(doc_index, key high, key low) of the documents that take part in this unit."""
    if name == "exact":
        return np.asarray(sig["doc_index"]), np.asarray(sig["exact"][:, 0]), np.asarray(sig["exact"][:, 1])
    b = int(name.split("_")[1])
    mask = np.asarray(sig["shingles"]) > 0  # too short for a shingle: exact hash only
    keys = np.asarray(sig["bands"][:, b])[mask]
    return np.asarray(sig["doc_index"])[mask], keys, np.zeros(len(keys), dtype=np.uint64)


def group_edges(docs: np.ndarray, hi: np.ndarray, lo: np.ndarray) -> np.ndarray:
    """One edge (doc, first doc of its group) per document that shares its key with a lower one."""
    if not len(docs):
        return np.zeros(0, dtype=EDGE_DTYPE)
    order = np.lexsort((docs, lo, hi))
    d, h, l_ = docs[order], hi[order], lo[order]
    starts = np.ones(len(d), dtype=bool)
    starts[1:] = (h[1:] != h[:-1]) | (l_[1:] != l_[:-1])
    group = np.cumsum(starts) - 1
    keeper = d[starts][group]
    mask = ~starts
    out = np.empty(int(mask.sum()), dtype=EDGE_DTYPE)
    out["doc"], out["keeper"] = d[mask], keeper[mask]
    return out


def compute_band(files: list[tuple[Path, int, int]], signer: Signer, name: str, out: Path, fingerprint: str) -> int:
    """The edges of one unit over the signature ``files`` ((directory, batch, offset added to its
    doc_index)), written to ``out``; returns their number. Reads the files memory-mapped, one part
    of the key space at a time."""
    sigs = [(load_signatures(directory, signer, k), offset) for directory, k, offset in files]
    n = sum(len(s) for s, _ in sigs)
    parts = max(1, 2 ** math.ceil(math.log2(max(1, n / PART_DOCS))))
    shift = np.uint64(64 - int(math.log2(parts))) if parts > 1 else None
    pieces = []
    for part in range(parts):
        d_parts, h_parts, l_parts = [], [], []
        for s, offset in sigs:
            d, h, lo = _keys(s, name)
            d = d + np.int64(offset)
            if shift is not None:
                sel = (h >> shift) == np.uint64(part)
                d, h, lo = d[sel], h[sel], lo[sel]
            d_parts.append(d)
            h_parts.append(h)
            l_parts.append(lo)
        pieces.append(group_edges(np.concatenate(d_parts) if d_parts else np.zeros(0, np.int64),
                                  np.concatenate(h_parts) if h_parts else np.zeros(0, np.uint64),
                                  np.concatenate(l_parts) if l_parts else np.zeros(0, np.uint64)))
    edges = np.concatenate(pieces) if pieces else np.zeros(0, dtype=EDGE_DTYPE)

    def write(tmp: Path) -> None:
        with open(tmp, "wb") as f:
            np.save(f, edges, allow_pickle=False)

    out.parent.mkdir(parents=True, exist_ok=True)
    marker = out.with_suffix(".json")
    marker.unlink(missing_ok=True)
    atomic_write_with(out, write)
    atomic_write_json(marker, {"inputs": fingerprint, "edges": len(edges), "bytes": out.stat().st_size})
    return len(edges)


def band_done(out: Path, fingerprint: str) -> bool:
    rec = read_json(out.with_suffix(".json"))
    try:
        return bool(rec) and rec.get("inputs") == fingerprint and out.stat().st_size == rec.get("bytes")
    except OSError:
        return False


def load_edges(out: Path) -> np.ndarray:
    return np.load(out, allow_pickle=False)
