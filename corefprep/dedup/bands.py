"""Candidate pairs, one band at a time, from the signature files on disk (no in-memory index).

For one band (or the exact hashes) every signed document contributes its key; sorting the
(key, doc_index) pairs puts documents sharing the key next to each other, lowest doc_index first,
and each of them gets one edge to that first document (a star per group: what the clusters need,
never the group's n² pairs). A band of a big corpus is done in parts, by the top bits of its keys,
so that one part's arrays stay under :data:`PART_DOCS` documents; each part is a pass over the
signature files, read :data:`READ_RECORDS` records at a time, and its edges are appended to the
edge file as soon as they are found, so a unit's memory does not grow with the corpus. Each
band's edges are written to ``band_BB.npy`` (``exact.npy``) with a record naming the signature
files they came from, so a resumed run redoes only what is missing or stale.
"""

from __future__ import annotations

import hashlib
import math
from collections.abc import Iterator
from pathlib import Path
from typing import Any, BinaryIO

import numpy as np

from ..core.atomic import atomic_write_json, atomic_writing, read_json
from ..signatures.minhash import Signer
from ..signatures.store import npy_chunks, signature_chunks, signature_count

EDGE_DTYPE = np.dtype([("doc", "<i8"), ("keeper", "<i8")])
PART_DOCS = 1_000_000  # documents per part of a band: ~60 bytes each while sorting, ~60 MB
READ_RECORDS = 1 << 16  # signature records read at a time (~9 MB with 14 bands)


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


def _keys(sig: np.ndarray, name: str) -> tuple[np.ndarray, np.ndarray, np.ndarray | None]:
    """(doc_index, key high, key low or None) of the documents that take part in this unit."""
    if name == "exact":
        return sig["doc_index"], sig["exact"][:, 0], sig["exact"][:, 1]
    b = int(name.split("_")[1])
    mask = sig["shingles"] > 0  # too short for a shingle: exact hash only
    return sig["doc_index"][mask], sig["bands"][mask, b], None


def group_edges(docs: np.ndarray, hi: np.ndarray, lo: np.ndarray | None) -> np.ndarray:
    """One edge (doc, first doc of its group) per document that shares its key with a lower one
    (a key is ``hi``, or the pair ``hi``, ``lo``)."""
    if not len(docs):
        return np.zeros(0, dtype=EDGE_DTYPE)
    order = np.lexsort((docs, hi) if lo is None else (docs, lo, hi))
    d, h = docs[order], hi[order]
    starts = np.ones(len(d), dtype=bool)
    starts[1:] = h[1:] != h[:-1]
    del h
    if lo is not None:
        l_ = lo[order]
        starts[1:] |= l_[1:] != l_[:-1]
        del l_
    del order
    keeper = d[starts][np.cumsum(starts) - 1]
    mask = ~starts
    out = np.empty(int(mask.sum()), dtype=EDGE_DTYPE)
    out["doc"], out["keeper"] = d[mask], keeper[mask]
    return out


def _part(files: list[tuple[Path, int, int]], signer: Signer, name: str,
          select: tuple[np.uint64, np.uint64] | None) -> tuple[np.ndarray, np.ndarray, np.ndarray | None]:
    """The unit's (doc_index, key high, key low) of the documents whose key's top bits are
    ``select`` (shift, value), or of all; read a chunk of records at a time."""
    d_parts, h_parts, l_parts = [], [], []
    for directory, k, offset in files:
        for chunk in signature_chunks(directory, signer, k, READ_RECORDS):
            d, h, lo = _keys(chunk, name)
            if select is not None:
                sel = (h >> select[0]) == select[1]
                d, h, lo = d[sel], h[sel], (None if lo is None else lo[sel])
            d_parts.append(d + np.int64(offset))
            h_parts.append(np.ascontiguousarray(h))
            if lo is not None:
                l_parts.append(np.ascontiguousarray(lo))
    docs = np.concatenate(d_parts) if d_parts else np.zeros(0, np.int64)
    hi = np.concatenate(h_parts) if h_parts else np.zeros(0, np.uint64)
    return docs, hi, (np.concatenate(l_parts) if name == "exact" and l_parts else None)


def compute_band(files: list[tuple[Path, int, int]], signer: Signer, name: str, out: Path, fingerprint: str) -> int:
    """The edges of one unit over the signature ``files`` ((directory, batch, offset added to its
    doc_index)), written to ``out``; returns their number. One part of the key space at a time
    (each a pass over the files, read in chunks), its edges appended to the file as it is done
    (the header, which holds their count, is written again at the end): memory follows
    :data:`PART_DOCS`, not the number of documents."""
    n = sum(signature_count(directory, k) for directory, k, _ in files)
    bits = math.ceil(math.log2(max(1, n / PART_DOCS)))
    out.parent.mkdir(parents=True, exist_ok=True)
    marker = out.with_suffix(".json")
    marker.unlink(missing_ok=True)
    count = 0
    with atomic_writing(out) as tmp, open(tmp, "wb") as f:
        header = _edges_header(f, 0)  # rewritten with the count once it is known
        for part in range(2**bits):
            select = (np.uint64(64 - bits), np.uint64(part)) if bits else None
            edges = group_edges(*_part(files, signer, name, select))
            f.write(memoryview(edges))
            count += len(edges)
        f.seek(0)
        if _edges_header(f, count) != header:  # np.save's padding makes it 128 bytes for any count
            raise AssertionError(f"{out}: the edge file's header changed size")
    atomic_write_json(marker, {"inputs": fingerprint, "edges": count, "bytes": out.stat().st_size})
    return count


def _edges_header(f: BinaryIO, count: int) -> int:
    """The ``.npy`` header of ``count`` edges (what np.save writes before the data); its length."""
    start = f.tell()
    np.lib.format.write_array_header_1_0(
        f, {"descr": np.lib.format.dtype_to_descr(EDGE_DTYPE), "fortran_order": False, "shape": (count,)})
    return f.tell() - start


def band_done(out: Path, fingerprint: str) -> bool:
    rec = read_json(out.with_suffix(".json"))
    try:
        return bool(rec) and rec.get("inputs") == fingerprint and out.stat().st_size == rec.get("bytes")
    except OSError:
        return False


def load_edges(out: Path) -> np.ndarray:
    return np.load(out, allow_pickle=False)


def edge_chunks(out: Path, rows: int) -> Iterator[np.ndarray]:
    """A unit's edges, ``rows`` at a time."""
    return npy_chunks(out, rows)
