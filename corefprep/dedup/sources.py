"""The signature files a dedup reads: this run's finished batches, and with ``--dedup-against`` an
earlier output directory's (its documents numbered below ours)."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ..core.errors import CorefprepError, UsageError
from ..core.manifest import read_manifest
from ..core.workdir import WorkDir
from ..filter.records import BatchStats
from ..rules.kiwi import kiwi_version
from ..signatures.minhash import Signer
from ..signatures.store import signature_dir, signatures_valid


@dataclass(frozen=True)
class Source:
    """Signature files of one output directory's finished batches (this run's, or an earlier one's)."""

    directory: Path
    batches: tuple[int, ...]
    offset: int  # added to its doc_index: an earlier run's documents get negative ids, below ours
    label: str  # "" for this run, else the earlier output directory
    records: tuple[dict[str, Any], ...]


def this_run(work: WorkDir, done: dict[int, BatchStats], signer: Signer) -> Source:
    directory = signature_dir(work, signer)
    recs = []
    for k in sorted(done):
        rec = signatures_valid(directory, signer, k, done[k].parquet_sha256)
        if rec is None:
            raise CorefprepError(f"filter batch {k} has no signatures; this is a bug, please report it")
        recs.append({**rec, "batch": k})
    return Source(directory, tuple(sorted(done)), 0, "", tuple(recs))


def earlier_run(path: Path, signer: Signer) -> Source:
    """``--dedup-against DIR``: the signatures of another output directory's finished batches."""
    from ..filter.stats import read_stats

    work = WorkDir(Path(path))
    manifest = read_manifest(work)
    if manifest is None:
        raise UsageError(f"--dedup-against {path}: no corefprep run there (no work/manifest.json)")
    total, batch_docs = manifest.total_docs, manifest.batch_docs
    directory = signature_dir(work, signer)
    recs, batches = [], []
    for k in range(-(-total // batch_docs)):
        stats = read_stats(work, k)
        rec = signatures_valid(directory, signer, k, stats.parquet_sha256) if stats else None
        if rec is None:
            kiwi = f", {kiwi_version()}" if signer.uses_kiwi else ""
            raise CorefprepError(
                f"--dedup-against {path}: batch {k} has no signatures made with this run's dedup settings "
                f"(mode {signer.mode}, {signer.words} words, {signer.ngram}-grams, {signer.bands}x{signer.rows}"
                f"{kiwi}); run `corefprep dedup` there with the same settings first")
        recs.append({**rec, "batch": k})
        batches.append(k)
    return Source(directory, tuple(batches), -total, str(path), tuple(recs))
