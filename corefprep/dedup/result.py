"""What deduplication decided, as the later stages, ``status`` and the report read it.

``work/dedup/result/`` holds, once the stage is done:

- ``removed.parquet``: one row per removed document: ``doc_index``, ``duplicate_of`` (the kept
  document of its cluster), ``duplicate_of_run`` (empty for this run, else the earlier output
  directory given with ``--dedup-against``), ``reason`` (``duplicate_exact``: the same text after NFC
  and whitespace; ``duplicate_near``: a MinHash near-duplicate) and ``batch``;
- ``clusters.parquet``: every document of a cluster of two or more: ``doc_index``, ``cluster`` (its
  kept document) and ``dup_count`` (the cluster's size, earlier runs' copies included);
- ``summary.json``, written last: what the result was made from (its fingerprint), the counts per
  reason and per filter batch, and the cluster sizes.
"""

from __future__ import annotations

from dataclasses import dataclass, fields
from pathlib import Path
from typing import Any

import numpy as np

from ..core.atomic import read_json
from ..core.workdir import WorkDir

REASONS = ("duplicate_exact", "duplicate_near")


def result_dir(work: WorkDir) -> Path:
    return work.dedup_dir / "result"


@dataclass(frozen=True)
class DedupSummary:
    """``summary.json``: what the result was made from and what it removed (written last)."""

    fingerprint: str
    mode: str
    settings: dict[str, Any]  # the MinHash settings (and the Kiwi version with Kiwi words)
    signer: str
    documents: int  # this run's signed documents
    removed: int
    clustered: int  # documents in clusters of two or more
    kept: int
    by_reason: dict[str, int]
    no_shingle: int  # too short for one shingle: compared by their exact hash only
    unsigned_near: int  # could not be signed (quarantined while signed): exact hash only
    unsigned_near_docs: list[int]
    batches: dict[str, dict[str, Any]]  # filter batch -> its parquet's SHA-256 and removed per reason
    cluster_sizes: dict[str, int]
    against: list[str]  # earlier output directories (--dedup-against)
    removed_file: str

    def to_json(self) -> dict[str, Any]:
        return {f.name: getattr(self, f.name) for f in fields(self)}

    @classmethod
    def from_json(cls, d: dict[str, Any]) -> DedupSummary:
        """A summary as written (fields a corefprep version did not write read as empty)."""
        empty: dict[str, Any] = {"settings": {}, "by_reason": {}, "batches": {}, "cluster_sizes": {}, "against": [],
                                 "unsigned_near_docs": [], "fingerprint": "", "mode": "", "signer": "",
                                 "removed_file": ""}
        return cls(**{f.name: d.get(f.name, empty.get(f.name, 0)) for f in fields(cls)})


@dataclass(frozen=True)
class DedupResult:
    mode: str
    fingerprint: str
    removed: np.ndarray  # sorted doc_index of this run's removed documents
    cluster_docs: np.ndarray  # sorted doc_index of this run's documents in clusters of two or more
    cluster_sizes: np.ndarray  # aligned with cluster_docs
    summary: DedupSummary

    def removed_mask(self, doc_index: np.ndarray) -> np.ndarray:
        """Which of ``doc_index`` are removed."""
        return _member(self.removed, np.asarray(doc_index, dtype=np.int64))

    def dup_counts(self, doc_index: np.ndarray) -> np.ndarray:
        """How many copies each document had (1: unique)."""
        d = np.asarray(doc_index, dtype=np.int64)
        out = np.ones(len(d), dtype=np.int32)
        if len(self.cluster_docs):
            pos = np.searchsorted(self.cluster_docs, d)
            pos = np.minimum(pos, len(self.cluster_docs) - 1)
            hit = self.cluster_docs[pos] == d
            out[hit] = self.cluster_sizes[pos[hit]]
        return out


def _member(sorted_values: np.ndarray, values: np.ndarray) -> np.ndarray:
    if not len(sorted_values):
        return np.zeros(len(values), dtype=bool)
    pos = np.minimum(np.searchsorted(sorted_values, values), len(sorted_values) - 1)
    return sorted_values[pos] == values


def read_summary(work: WorkDir) -> DedupSummary | None:
    """The summary of the dedup result on disk, when there is one (not checked against its files)."""
    s = read_json(result_dir(work) / "summary.json")
    return DedupSummary.from_json(s) if isinstance(s, dict) else None


def load_result(work: WorkDir, fingerprint: str | None = None) -> DedupResult | None:
    """The result on disk (when it was made from ``fingerprint``, if given) and whole."""
    import pyarrow.parquet as pq

    s = read_summary(work)
    if s is None or (fingerprint is not None and s.fingerprint != fingerprint):
        return None
    d = result_dir(work)
    try:
        removed = pq.ParquetFile(d / "removed.parquet").read(columns=["doc_index"]).column("doc_index").to_numpy()
        cl = pq.ParquetFile(d / "clusters.parquet").read(columns=["doc_index", "dup_count"])
    except (OSError, ValueError):
        return None
    if len(removed) != s.removed or cl.num_rows != s.clustered:
        return None
    return DedupResult(s.mode, s.fingerprint, np.sort(removed.astype(np.int64)),
                       cl.column("doc_index").to_numpy().astype(np.int64),
                       cl.column("dup_count").to_numpy().astype(np.int32), s)


def dedup_metadata(dedup: DedupResult | None) -> dict[str, Any]:
    """What an output's metadata.json says about deduplication (nothing when the run did not)."""
    if dedup is None:
        return {}
    s = dedup.summary
    return {"dedup": {"mode": dedup.mode, "settings": s.settings, "documents": s.documents, "removed": s.removed,
                      "by_reason": s.by_reason, "against": s.against, "fingerprint": dedup.fingerprint}}
