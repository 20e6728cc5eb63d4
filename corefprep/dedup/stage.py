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

Steps 2 to 4 read and write in bounded chunks (:mod:`corefprep.dedup.bands`,
:mod:`corefprep.dedup.decide`): their memory is a few numbers per document, not the signatures.

Every step's output records what it was made from, so a killed run redoes only the unfinished
steps and a rerun with nothing changed does nothing. Nothing depends on the workers, the batch
size or the engine: the kept set is a function of the documents and the settings.
"""

from __future__ import annotations

import shutil
import time
from dataclasses import dataclass
from pathlib import Path

import numpy as np

from ..core.atomic import atomic_write_json, config_hash, remove_path
from ..core.log import say
from ..core.plural import count
from ..core.workdir import WorkDir
from ..filter.records import BatchStats
from ..parallel import Beat, EngineConfig, Step, Unit, supervised
from ..rules.kiwi import kiwi_version
from ..signatures.minhash import Signer
from ..store.incoming import Drops, move_into_place
from .bands import band_done, band_names, compute_band, inputs_fingerprint
from .decide import documents, roots, write_result
from .result import DedupResult, DedupSummary, load_result, result_dir
from .sign import sign_missing
from .sources import Source, earlier_run, this_run

RESULT_VERSION = 1


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


def _take_band(out: Path, bands_dir: Path) -> None:
    """Move a band an actor wrote (its edges, then the marker that says they are whole) into place."""
    for src in (out, out.with_suffix(".json")):
        move_into_place(src, bands_dir / src.name)


def _band_step(cfg: EngineConfig) -> Step:
    # sorting a band's keys runs at millions of documents a second here; the floor is far below
    return Step("dedup bands", band_unit, unit_limit=cfg.unit_timeout, floor_rate=100_000.0, memory=1 << 30)


def run_dedup(work: WorkDir, done: dict[int, BatchStats], signer: Signer, cfg: EngineConfig, *,
              against: Path | None = None, progress: bool = True, drops: Drops | None = None) -> DedupResult:
    """Deduplicate the kept documents of the finished batches ``done``; returns the result. On
    Ray, each band is written under a place of its own in ``drops`` and moved into place here
    (:mod:`corefprep.store.incoming`): an actor never writes where a later run reads."""
    t0 = time.monotonic()
    sign_missing(work, done, signer, cfg, progress=progress)
    sources = [this_run(work, done, signer)]
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
        place = work.output_dir / drops.place() if cfg.engine == "ray" and drops is not None else None
        jobs = [Unit(u, BandJob(files, signer, u, (place or bands_dir) / f"{u}.npy", fingerprint), size)
                for u in todo]
        with supervised(_band_step(cfg), cfg, beats_dir=work.dedup_dir) as sup:
            for done_unit in sup.run(jobs):  # each unit wrote its edge file; a finished one is kept
                if place is not None:
                    _take_band(done_unit.unit.args.out, bands_dir)
        if place is not None:
            shutil.rmtree(place, ignore_errors=True)
    result = _cluster(work, done, signer, sources, bands_dir, units, result_key)
    say(f"dedup: {_line(result.summary)} in {time.monotonic() - t0:.1f}s ({len(todo)} of {count(len(units), 'unit')} "
        "computed now)")
    return result


def _cluster(work: WorkDir, done: dict[int, BatchStats], signer: Signer, sources: list[Source], bands_dir: Path,
             units: list[str], result_key: str) -> DedupResult:
    docs = documents(sources, signer)
    root, first_exact = roots(docs, bands_dir, units)
    d = result_dir(work)
    remove_path(d)  # an older result: its summary (the marker) goes first with it
    d.mkdir(parents=True, exist_ok=True)
    order = sorted(done)
    decided = write_result(d, docs, root, first_exact, sources,
                           np.array([done[k].start for k in order], dtype=np.int64), np.array(order, dtype=np.int64))
    removed = np.concatenate([np.zeros(0, np.int64), *decided.removed])
    clustered = np.concatenate([np.zeros(0, np.int64), *decided.clustered])
    mine = len(docs.ids) - docs.mine
    # quarantined while being signed: an exact hash only (see corefprep.dedup.sign)
    unsigned = sorted(d for r in sources[-1].records for d in r.get("unsigned_near", []))
    summary = DedupSummary(
        fingerprint=result_key,
        mode=signer.mode,
        settings={"words": signer.words, "ngram": signer.ngram, "bands": signer.bands, "rows": signer.rows,
                  "seed": signer.seed, **({"kiwi": kiwi_version()} if signer.uses_kiwi else {})}
        if signer.mode == "minhash" else {},
        signer=signer.key,
        documents=mine,
        removed=len(removed),
        clustered=len(clustered),
        kept=mine - len(removed),
        by_reason={r: decided.by_reason.get(r, 0) for r in ("duplicate_exact", "duplicate_near")},
        no_shingle=docs.no_shingle - len(unsigned) if signer.mode == "minhash" else 0,
        unsigned_near=len(unsigned),
        unsigned_near_docs=unsigned,
        batches={str(k): {"parquet_sha256": done[k].parquet_sha256, **dict(decided.per_batch.get(k, {}))}
                 for k in sorted(done)},
        cluster_sizes={str(size): n for size, n in sorted(decided.cluster_sizes.items())},
        against=[s.label for s in sources if s.label],
        removed_file=str(d / "removed.parquet"),
    )
    atomic_write_json(d / "summary.json", summary.to_json())
    return DedupResult(signer.mode, result_key, removed, clustered,
                       np.concatenate([np.zeros(0, np.int32), *decided.dup_counts]), summary)


def _line(s: DedupSummary) -> str:
    r = s.by_reason
    share = s.removed / s.documents if s.documents else 0.0
    unsigned = (f"; {s.unsigned_near:,} could not be signed and were compared by their exact hash only"
                if s.unsigned_near else "")
    return (f"{s.removed:,} of {s.documents:,} kept documents removed ({share:.1%}): "
            f"{r.get('duplicate_exact', 0):,} exact, {r.get('duplicate_near', 0):,} near duplicates{unsigned}")
