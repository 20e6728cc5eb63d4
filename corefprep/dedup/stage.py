"""The dedup stage (SPEC 2.3a): after the filter, before samples / document tokens.

1. every finished filter batch has a signature file for the run's settings (made by the filter
   itself, else by :mod:`corefprep.dedup.sign`);
2. each unit (the exact hashes, then each MinHash band) becomes an edge file
   (:mod:`corefprep.dedup.bands`): units of the supervised ``dedup bands`` step on the run's
   engine (local worker processes, or Ray actors with ``--engine ray``);
3. the edges become clusters (:mod:`corefprep.dedup.clusters`); each keeps its lowest
   ``doc_index`` and the others are removed, as ``duplicate_exact`` (the same text after NFC and
   whitespace as the kept one) or ``duplicate_near``;
4. the result is written (:mod:`corefprep.dedup.result`), ``summary.json`` last.

Every step's output records what it was made from, so a killed run redoes only the unfinished
steps and a rerun with nothing changed does nothing. Nothing depends on the workers, the batch
size or the engine: the kept set is a function of the documents and the settings.
"""

from __future__ import annotations

import time
from collections import Counter
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np
import pyarrow as pa
import pyarrow.parquet as pq

from ..core.atomic import atomic_write_json, atomic_write_with, config_hash, remove_path
from ..core.errors import CorefprepError, UsageError
from ..core.log import say
from ..core.manifest import read_manifest
from ..core.workdir import WorkDir
from ..filter.records import BatchStats
from ..parallel import Beat, EngineConfig, Step, Unit, supervised
from ..rules.kiwi import kiwi_version
from ..signatures.minhash import Signer
from ..signatures.store import load_signatures, signature_dir, signatures_valid
from .bands import band_done, band_names, compute_band, inputs_fingerprint, load_edges
from .clusters import components
from .result import DedupResult, DedupSummary, load_result, result_dir
from .sign import sign_missing

RESULT_VERSION = 1


@dataclass(frozen=True)
class Source:
    """Signature files of one output directory's finished batches (this run's, or an earlier one's)."""

    directory: Path
    batches: tuple[int, ...]
    offset: int  # added to its doc_index: an earlier run's documents get negative ids, below ours
    label: str  # "" for this run, else the earlier output directory
    records: tuple[dict[str, Any], ...]


def _this_run(work: WorkDir, done: dict[int, BatchStats], signer: Signer) -> Source:
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


@dataclass(frozen=True)
class BandJob:
    """One unit of the band step: one band (or the exact hashes) over every signature file."""

    files: list[tuple[Path, int, int]]  # (signature directory, batch, offset added to its doc_index)
    signer: Signer
    name: str
    out: Path
    fingerprint: str


def band_unit(job: BandJob, beat: Beat) -> int:
    return compute_band(job.files, job.signer, job.name, job.out, job.fingerprint)


def _band_step(cfg: EngineConfig) -> Step:
    # sorting a band's keys runs at millions of documents a second here; the floor is far below
    return Step("dedup bands", band_unit, unit_limit=cfg.unit_timeout, floor_rate=100_000.0, memory=1 << 30)


def run_dedup(work: WorkDir, done: dict[int, BatchStats], signer: Signer, cfg: EngineConfig, *,
              against: Path | None = None, progress: bool = True) -> DedupResult:
    """Deduplicate the kept documents of the finished batches ``done``; returns the result."""
    t0 = time.monotonic()
    sign_missing(work, done, signer, cfg, progress=progress)
    sources = [_this_run(work, done, signer)]
    if against is not None:
        sources.insert(0, earlier_run(against, signer))
    files = [(s.directory, k, s.offset) for s in sources for k in s.batches]
    fingerprint = inputs_fingerprint([{**r, "offset": s.offset, "label": s.label} for s in sources for r in s.records])
    result_key = config_hash({"v": RESULT_VERSION, "signer": signer.key, "inputs": fingerprint})
    old = load_result(work, result_key)
    if old is not None:
        say(f"dedup: up to date ({_line(old.summary)})")
        return old
    bands_dir = work.dedup_dir / f"bands-{signer.key}"
    units = band_names(signer)
    todo = [u for u in units if not band_done(bands_dir / f"{u}.npy", fingerprint)]
    if todo:
        size = sum(int(r.get("records", 0)) for s in sources for r in s.records) or 1  # signatures each band reads
        jobs = [Unit(u, BandJob(files, signer, u, bands_dir / f"{u}.npy", fingerprint), size) for u in todo]
        with supervised(_band_step(cfg), cfg, beats_dir=work.dedup_dir) as sup:
            for _ in sup.run(jobs):
                pass  # each unit wrote its edge file; a finished one is kept whatever comes next
    result = _cluster(work, done, signer, sources, bands_dir, units, result_key)
    say(f"dedup: {_line(result.summary)} in {time.monotonic() - t0:.1f}s ({len(todo)} of {len(units)} units "
        "computed now)")
    return result


def _ids(sources: list[Source], signer: Signer) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
    """(ids in increasing order, exact hashes, shingle counts, which source) of every signed document."""
    ids, exact, shingles, origin = [], [], [], []
    for i, s in enumerate(sources):
        for k in s.batches:
            sig = load_signatures(s.directory, signer, k)  # mapped: only these three fields are read
            ids.append(sig["doc_index"].astype(np.int64) + s.offset)
            exact.append(sig["exact"])
            shingles.append(sig["shingles"])
            origin.append(np.full(len(sig), i, dtype=np.int16))
    if not ids:
        return np.zeros(0, np.int64), np.zeros((0, 2), np.uint64), np.zeros(0, np.int32), np.zeros(0, np.int16)
    all_ids = np.concatenate(ids)
    order = np.argsort(all_ids, kind="stable")
    return all_ids[order], np.concatenate(exact)[order], np.concatenate(shingles)[order], np.concatenate(origin)[order]


def _cluster(work: WorkDir, done: dict[int, BatchStats], signer: Signer, sources: list[Source], bands_dir: Path,
             units: list[str], result_key: str) -> DedupResult:
    ids, exact, shingles, origin = _ids(sources, signer)
    if len(ids) > 1 and np.any(ids[1:] == ids[:-1]):
        raise CorefprepError("two signatures name the same document; delete work/dedup and rerun")

    def edges() -> Any:
        for u in units:
            e = load_edges(bands_dir / f"{u}.npy")
            yield np.searchsorted(ids, e["doc"]), np.searchsorted(ids, e["keeper"])

    roots = components(len(ids), edges())
    mine = origin == len(sources) - 1  # this run's documents (an earlier run's come first)
    removed = mine & (roots != np.arange(len(ids)))
    same_text = np.all(exact == exact[roots], axis=1)
    sizes = np.bincount(roots, minlength=len(ids))
    size_of = sizes[roots]
    offsets = np.array([s.offset for s in sources], dtype=np.int64)
    keeper_origin = origin[roots]
    rem = np.flatnonzero(removed)
    starts = np.array(sorted(s.start for s in done.values()), dtype=np.int64)
    batch_of = np.array(sorted(done), dtype=np.int64)[np.searchsorted(starts, ids[rem], side="right") - 1]
    reasons = np.where(same_text[rem], "duplicate_exact", "duplicate_near")
    d = result_dir(work)
    remove_path(d)  # an older result: its summary (the marker) goes first with it
    d.mkdir(parents=True, exist_ok=True)
    removed_table = pa.table({
        "doc_index": pa.array(ids[rem], type=pa.int64()),
        "duplicate_of": pa.array(ids[roots[rem]] - offsets[keeper_origin[rem]], type=pa.int64()),
        "duplicate_of_run": pa.array([sources[int(o)].label for o in keeper_origin[rem]], type=pa.string()),
        "reason": pa.array(reasons.tolist(), type=pa.string()),
        "batch": pa.array(batch_of, type=pa.int32()),
    })
    clustered = np.flatnonzero(mine & (size_of > 1))
    cluster_table = pa.table({
        "doc_index": pa.array(ids[clustered], type=pa.int64()),
        "cluster": pa.array(ids[roots[clustered]] - offsets[keeper_origin[clustered]], type=pa.int64()),
        "dup_count": pa.array(size_of[clustered], type=pa.int32()),
    })
    atomic_write_with(d / "removed.parquet", lambda tmp: pq.write_table(removed_table, tmp))
    atomic_write_with(d / "clusters.parquet", lambda tmp: pq.write_table(cluster_table, tmp))
    per_batch: dict[int, Counter[str]] = {}
    for k, r in zip(batch_of.tolist(), reasons.tolist(), strict=True):
        per_batch.setdefault(k, Counter())[r] += 1
    cluster_sizes = Counter(sizes[np.unique(roots[clustered])].tolist()) if len(clustered) else Counter()
    by_reason = Counter(reasons.tolist())
    # quarantined while being signed: an exact hash only (see corefprep.dedup.sign)
    unsigned = sorted(d for r in sources[-1].records for d in r.get("unsigned_near", []))
    summary = DedupSummary(
        fingerprint=result_key,
        mode=signer.mode,
        settings={"words": signer.words, "ngram": signer.ngram, "bands": signer.bands, "rows": signer.rows,
                  "seed": signer.seed, **({"kiwi": kiwi_version()} if signer.uses_kiwi else {})}
        if signer.mode == "minhash" else {},
        signer=signer.key,
        documents=int(mine.sum()),
        removed=len(rem),
        clustered=len(clustered),
        kept=int(mine.sum()) - len(rem),
        by_reason={r: by_reason.get(r, 0) for r in ("duplicate_exact", "duplicate_near")},
        no_shingle=int(np.count_nonzero(mine & (shingles == 0))) - len(unsigned) if signer.mode == "minhash" else 0,
        unsigned_near=len(unsigned),
        unsigned_near_docs=unsigned,
        batches={str(k): {"parquet_sha256": done[k].parquet_sha256, **dict(per_batch.get(k, {}))}
                 for k in sorted(done)},
        cluster_sizes={str(size): n for size, n in sorted(cluster_sizes.items())},
        against=[s.label for s in sources if s.label],
        removed_file=str(d / "removed.parquet"),
    )
    atomic_write_json(d / "summary.json", summary.to_json())
    return DedupResult(signer.mode, result_key, np.sort(ids[rem]), ids[clustered], size_of[clustered].astype(np.int32),
                       summary)


def _line(s: DedupSummary) -> str:
    r = s.by_reason
    share = s.removed / s.documents if s.documents else 0.0
    unsigned = (f"; {s.unsigned_near:,} could not be signed and were compared by their exact hash only"
                if s.unsigned_near else "")
    return (f"{s.removed:,} of {s.documents:,} kept documents removed ({share:.1%}): "
            f"{r.get('duplicate_exact', 0):,} exact, {r.get('duplicate_near', 0):,} near duplicates{unsigned}")
