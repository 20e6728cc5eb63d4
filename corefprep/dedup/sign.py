"""Signing filter batches that have no signatures for the run's settings yet.

The filter signs its kept documents as it decides them (the words of the rules' own analysis are
reused). A batch filtered before deduplication was asked for, or under other dedup settings, is
signed here from its parquet, as units of the supervised ``dedup signing`` step on the run's
engine: one unit per batch, which reads the batch's kept documents a few hundred at a time, signs
them and appends their records to the batch's signature file as it goes (a finished unit is on
disk, whatever happens to the others; a worker holds a block of records, not the batch's). With
fewer batches than workers, a batch is signed in parts (row ranges), one per worker, each into a
file of its own, and the parent copies them into the batch's file when the last part is in.

With Kiwi words each document is marked on the unit's beat, so the fault rule is the filter's: a
document that kills two workers, or on which Kiwi runs past ``--doc-timeout``, is set aside and
gets its exact hash only, which needs no Kiwi (``--strict``: a failed attempt instead). Such a
document is still removed when it is an exact copy, it is not compared for near-duplicates, and
the signature file names it (``unsigned_near``), as does the dedup summary.
"""

from __future__ import annotations

import itertools
from collections import Counter
from collections.abc import Iterator
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any, NamedTuple

import pyarrow as pa
import pyarrow.parquet as pq

from ..core.log import progress_bar, say
from ..core.plural import count
from ..core.workdir import WorkDir
from ..filter.records import BatchStats
from ..parallel import Beat, DocumentFaults, EngineConfig, Step, Unit, supervised
from ..rules.kiwi import load_kiwi
from ..signatures.minhash import Signer, code_point_tables
from ..signatures.store import (
    RecordSink,
    batch_records_path,
    forget_batch,
    join_parts,
    part_records_path,
    record_file,
    record_written,
    remove_parts,
    signature_dir,
    signatures_valid,
)

READ_ROWS = 250  # rows decoded at a time: the reader's memory grows with it
# read a batch's parquet a page at a time: its one row group of text (hundreds of MB for a
# 200,000-document batch) is otherwise read whole, which made the stage's memory grow with the batch
READ_BUFFER = 1 << 20
BLOCK_DOCS = 250  # documents signed in one vector pass (whitespace words and exact hashes)
# Fewer batches than workers are signed in parts so that every worker has one: 2 parts on 2 cores
# sign ~2x as fast (one batch is the common case: --batch-docs 200000 keeps fewer documents than
# that). A second worker reading the parquet costs its decoding buffers; the console script has
# Arrow use the C library's allocator, which gives them back (corefprep/launch.py).
PART_ROWS = 100  # fewest documents of a part


@dataclass(frozen=True)
class SignJob:
    """One unit: a finished batch to sign, with the documents already set aside (exact hash only);
    or, when there are fewer batches than workers, one part of a batch (its ``rows`` of the parquet)."""

    work: WorkDir
    batch: int
    parquet_sha256: str
    set_aside: frozenset[int] = field(default_factory=frozenset)
    rows: tuple[int, int] | None = None  # a part's rows; None: the whole batch, whose file the unit writes


class Signed(NamedTuple):
    documents: int
    unsigned: list[int]


# --- worker side ----------------------------------------------------------------------------

_SIGNER: Any = None
_KIWI: Any = None


def _init_signer(signer: Signer) -> None:
    global _SIGNER, _KIWI
    _SIGNER = signer
    _KIWI = load_kiwi() if signer.uses_kiwi else None  # the parent's, through fork (local engine)


def _kept_rows(work: WorkDir, k: int, rows: tuple[int, int] | None) -> Iterator[tuple[list[int], list[str]]]:
    pf = pq.ParquetFile(work.batch_parquet(k), buffer_size=READ_BUFFER, pre_buffer=False)
    lo, hi = rows or (0, pf.metadata.num_rows)
    at, pool = 0, pa.default_memory_pool()
    for rb in pf.iter_batches(batch_size=READ_ROWS, columns=["doc_index", "text"], use_threads=False):
        end = at + rb.num_rows
        if end > lo:  # the rows before a part's are decoded and passed over
            part = rb.slice(max(lo - at, 0), min(hi, end) - max(lo, at))
            yield part.column("doc_index").to_pylist(), part.column("text").to_pylist()
            pool.release_unused()  # Arrow's allocator otherwise keeps the decoded pages' memory (~30 MB)
        at = end
        if at >= hi:
            break


def _blocks(work: WorkDir, k: int, rows: tuple[int, int] | None) -> Iterator[list[tuple[int, str]]]:
    block: list[tuple[int, str]] = []
    for indices, texts in _kept_rows(work, k, rows):
        block.extend(zip(indices, texts, strict=True))
        while len(block) >= BLOCK_DOCS:
            yield block[:BLOCK_DOCS]
            block = block[BLOCK_DOCS:]
    if block:
        yield block


def sign_batch(job: SignJob, beat: Beat) -> Signed:
    """Sign one batch's kept documents (or a part's) into its signature file (or the part's)."""
    signer: Signer = _SIGNER
    directory = signature_dir(job.work, signer)
    directory.mkdir(parents=True, exist_ok=True)
    if job.rows is None:
        lo, hi = 0, pq.ParquetFile(job.work.batch_parquet(job.batch)).metadata.num_rows
        path = batch_records_path(directory, job.batch)
        forget_batch(directory, job.batch)
    else:
        (lo, hi), path = job.rows, part_records_path(directory, job.batch, job.rows)
    unsigned: list[int] = []
    with record_file(path, signer.dtype, hi - lo) as records:
        _sign_rows(job, signer, records, unsigned, beat)
    if job.rows is None:
        record_written(directory, signer, job.batch, job.parquet_sha256, unsigned)
    return Signed(hi - lo, unsigned)


def _sign_rows(job: SignJob, signer: Signer, records: RecordSink, unsigned: list[int], beat: Beat) -> None:
    if signer.uses_kiwi:
        for indices, texts in _kept_rows(job.work, job.batch, job.rows):
            for doc_index, text in zip(indices, texts, strict=True):
                if doc_index in job.set_aside:
                    records.add(signer.sign_exact(doc_index, text or ""))
                    unsigned.append(doc_index)
                else:
                    beat.on(doc_index)
                    records.add(signer.sign(doc_index, text or "", None, _KIWI))
                    beat.off()
                beat.count(records.n)
    else:  # whitespace words or exact hashes: a vector pass per block (nothing here can hang on a document)
        for block in _blocks(job.work, job.batch, job.rows):
            records.add(signer.sign_many(block))
            beat.count(records.n)


# --- parent side ----------------------------------------------------------------------------


def _without(unit: Unit, doc: int) -> Unit:
    job: SignJob = unit.args
    return Unit(unit.key, replace(job, set_aside=job.set_aside | {doc}), unit.size)


def sign_step(signer: Signer, cfg: EngineConfig) -> Step:
    return Step("dedup signing", sign_batch, init=_init_signer, init_args=(signer,),
                prefork=load_kiwi if signer.uses_kiwi else code_point_tables,  # shared by the forked workers
                item_limit=cfg.doc_timeout if signer.uses_kiwi else None, unit_limit=cfg.unit_timeout,
                floor_rate=2_000.0, memory=(900 if signer.uses_kiwi else 300) * 2**20)


def sign_missing(work: WorkDir, done: dict[int, BatchStats], signer: Signer, cfg: EngineConfig, *,
                 progress: bool = True) -> int:
    """Sign every finished batch whose signatures are missing or stale; returns how many were signed."""
    directory = signature_dir(work, signer)
    todo = [k for k in sorted(done) if signatures_valid(directory, signer, k, done[k].parquet_sha256) is None]
    if not todo:
        return 0
    say(f"dedup: signing the kept documents of {count(len(todo), 'filter batch', 'filter batches')} "
        f"({signer.words} words)")
    for k in todo:  # the parts an interrupted run left: a batch's parts are all of this run's
        remove_parts(directory, k)
    units = _units(work, done, todo, cfg.workers or 1)
    expected = Counter(u.args.batch for u in units)
    parts: dict[int, list[tuple[tuple[int, int], Signed]]] = {}  # a batch's parts signed so far
    policy = DocumentFaults(cfg.strict, _without)
    bar = progress_bar(sum(u.size for u in units), "sign", enabled=progress)
    signed = 0
    try:
        with supervised(sign_step(signer, cfg), cfg, beats_dir=work.dedup_dir) as sup:
            def tick() -> None:
                bar.n = signed + sup.progress()
                bar.update(0)

            for out in sup.run(units, policy, tick=tick):
                if out.set_aside is not None:
                    say(f"dedup: {out.unit.key}: {out.set_aside.detail}; document {out.set_aside.item} is "
                        "deduplicated by its exact hash only")
                    continue
                signed += out.result.documents
                job: SignJob = out.unit.args
                if job.rows is None:
                    _say_unsigned(job.batch, out.result.unsigned)
                else:
                    parts.setdefault(job.batch, []).append((job.rows, out.result))
                    if _write_parts(directory, signer, job, parts[job.batch], expected[job.batch]):
                        del parts[job.batch]
    finally:
        bar.close()
    return len(todo)


def _units(work: WorkDir, done: dict[int, BatchStats], todo: list[int], workers: int) -> list[Unit]:
    """One unit per batch; when there are fewer batches than ``workers``, each batch in parts (of
    at least PART_ROWS documents) so that every worker has one."""
    units = []
    for k in todo:
        rows = pq.ParquetFile(work.batch_parquet(k)).metadata.num_rows
        n = max(1, min(-(-workers // len(todo)), rows // PART_ROWS))
        if n == 1:
            units.append(Unit(f"batch {k}", SignJob(work, k, done[k].parquet_sha256), rows))
            continue
        cuts = [rows * i // n for i in range(n + 1)]
        units += [Unit(f"batch {k} part {i + 1}/{n}", SignJob(work, k, done[k].parquet_sha256, rows=(a, b)), b - a)
                  for i, (a, b) in enumerate(itertools.pairwise(cuts))]
    return units


def _write_parts(directory: Path, signer: Signer, job: SignJob, got: list[tuple[tuple[int, int], Signed]],
                 expected: int) -> bool:
    """The batch's signature file, once all ``expected`` parts are in ``got``; whether it was written."""
    if len(got) < expected:
        return False
    got = sorted(got, key=lambda part: part[0])
    unsigned = sorted(d for _, r in got for d in r.unsigned)
    join_parts(directory, signer, job.batch, [part_records_path(directory, job.batch, rows) for rows, _ in got],
               job.parquet_sha256, unsigned)
    _say_unsigned(job.batch, unsigned)
    return True


def _say_unsigned(k: int, unsigned: list[int]) -> None:
    if not unsigned:
        return
    shown = ", ".join(map(str, sorted(unsigned)[:10])) + (", ..." if len(unsigned) > 10 else "")
    say(f"dedup: {count(len(unsigned), 'document')} of batch {k} could not be signed (their worker died or they ran "
        f"past --doc-timeout: doc_index {shown}); they are deduplicated by their exact hash only")
