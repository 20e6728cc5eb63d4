"""Signing filter batches that have no signatures for the run's settings yet.

The filter signs its kept documents as it decides them (the words of the rules' own analysis are
reused). A batch filtered before deduplication was asked for, or under other dedup settings, is
signed here from its parquet, as units of the supervised ``dedup signing`` step on the run's
engine: one unit per batch, which reads the batch's kept documents, signs them and writes the
batch's signature file itself (a finished unit is on disk, whatever happens to the others).

With Kiwi words each document is marked on the unit's beat, so the fault rule is the filter's: a
document that kills two workers, or on which Kiwi runs past ``--doc-timeout``, is set aside and
gets its exact hash only, which needs no Kiwi (``--strict``: a failed attempt instead). Such a
document is still removed when it is an exact copy, it is not compared for near-duplicates, and
the signature file names it (``unsigned_near``), as does the dedup summary.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field, replace
from typing import Any, NamedTuple

import numpy as np
import pyarrow.parquet as pq

from ..core.log import progress_bar, say
from ..core.workdir import WorkDir
from ..filter.records import BatchStats
from ..parallel import Beat, DocumentFaults, EngineConfig, Step, Unit, supervised
from ..rules.kiwi import load_kiwi
from ..signatures.minhash import Signer
from ..signatures.store import signature_dir, signatures_valid, write_signatures

READ_ROWS = 1000
BLOCK_DOCS = 250  # documents signed in one vector pass (whitespace words and exact hashes)


@dataclass(frozen=True)
class SignJob:
    """One unit: a finished batch to sign, with the documents already set aside (exact hash only)."""

    work: WorkDir
    batch: int
    parquet_sha256: str
    set_aside: frozenset[int] = field(default_factory=frozenset)


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


def _kept_rows(work: WorkDir, k: int) -> Iterator[tuple[list[int], list[str]]]:
    pf = pq.ParquetFile(work.batch_parquet(k))
    for rb in pf.iter_batches(batch_size=READ_ROWS, columns=["doc_index", "text"]):
        yield rb.column("doc_index").to_pylist(), rb.column("text").to_pylist()


def _blocks(work: WorkDir, k: int) -> Iterator[list[tuple[int, str]]]:
    block: list[tuple[int, str]] = []
    for indices, texts in _kept_rows(work, k):
        block.extend(zip(indices, texts, strict=True))
        while len(block) >= BLOCK_DOCS:
            yield block[:BLOCK_DOCS]
            block = block[BLOCK_DOCS:]
    if block:
        yield block


def sign_batch(job: SignJob, beat: Beat) -> Signed:
    """Sign one batch's kept documents and write its signature file."""
    signer: Signer = _SIGNER
    parts: list[bytes] = []
    unsigned: list[int] = []
    done = 0
    if signer.uses_kiwi:
        for indices, texts in _kept_rows(job.work, job.batch):
            for doc_index, text in zip(indices, texts, strict=True):
                if doc_index in job.set_aside:
                    parts.append(signer.sign_exact(doc_index, text or ""))
                    unsigned.append(doc_index)
                else:
                    beat.on(doc_index)
                    parts.append(signer.sign(doc_index, text or "", None, _KIWI))
                    beat.off()
                done += 1
                beat.count(done)
    else:  # whitespace words or exact hashes: a vector pass per block (nothing here can hang on a document)
        for block in _blocks(job.work, job.batch):
            parts.append(signer.sign_many(block))
            done += len(block)
            beat.count(done)
    records = np.frombuffer(b"".join(parts), dtype=signer.dtype)
    write_signatures(signature_dir(job.work, signer), signer, job.batch, records, job.parquet_sha256, unsigned)
    return Signed(len(records), unsigned)


# --- parent side ----------------------------------------------------------------------------


def _without(unit: Unit, doc: int) -> Unit:
    job: SignJob = unit.args
    return Unit(unit.key, replace(job, set_aside=job.set_aside | {doc}), unit.size)


def sign_step(signer: Signer, cfg: EngineConfig) -> Step:
    return Step("dedup signing", sign_batch, init=_init_signer, init_args=(signer,),
                prefork=load_kiwi if signer.uses_kiwi else None,
                item_limit=cfg.doc_timeout if signer.uses_kiwi else None, unit_limit=cfg.unit_timeout,
                floor_rate=2_000.0, memory=(900 if signer.uses_kiwi else 300) * 2**20)


def sign_missing(work: WorkDir, done: dict[int, BatchStats], signer: Signer, cfg: EngineConfig, *,
                 progress: bool = True) -> int:
    """Sign every finished batch whose signatures are missing or stale; returns how many were signed."""
    directory = signature_dir(work, signer)
    todo = [k for k in sorted(done) if signatures_valid(directory, signer, k, done[k].parquet_sha256) is None]
    if not todo:
        return 0
    say(f"dedup: signing the kept documents of {len(todo)} filter batch(es) ({signer.words} words)")
    units = [Unit(f"batch {k}", SignJob(work, k, done[k].parquet_sha256), done[k].passed) for k in todo]
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
                _say_unsigned(out.unit.args.batch, out.result.unsigned)
    finally:
        bar.close()
    return len(todo)


def _say_unsigned(k: int, unsigned: list[int]) -> None:
    if not unsigned:
        return
    shown = ", ".join(map(str, sorted(unsigned)[:10])) + (", ..." if len(unsigned) > 10 else "")
    say(f"dedup: {len(unsigned)} document(s) of batch {k} could not be signed (their worker died or they ran past "
        f"--doc-timeout: doc_index {shown}); they are deduplicated by their exact hash only")
