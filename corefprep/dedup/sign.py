"""Signing filter batches that have no signatures for the run's settings yet.

The filter signs its kept documents as it decides them (the words of the rules' own analysis are
reused). A batch filtered before deduplication was asked for, or under other dedup settings, is
signed here from its parquet: with Kiwi words its kept documents go through the same Pool (and
fault machine) as the filter's, deciding nothing but signing everything; with whitespace words (or
exact hashes only) whole batches are signed in plain worker processes.

A document the fault machine quarantines while it is being signed (it killed its worker twice, or
Kiwi ran past ``--doc-timeout`` on it) gets its exact hash only, which needs no Kiwi: it is still
removed when it is an exact copy, it is not compared for near-duplicates, and the signature file
names it (``unsigned_near``), as does the dedup summary.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from typing import Any, ClassVar

import numpy as np
import pyarrow.parquet as pq

from ..core.errors import CorefprepError
from ..core.log import progress_bar, say
from ..core.workdir import WorkDir
from ..filter.faults import BatchFaults, FaultPolicy
from ..filter.judge import Judge
from ..filter.pool import KiwiPool
from ..filter.records import QUARANTINE_REASONS, BatchStats
from ..io.documents import Document
from ..rules.base import Decision
from ..signatures.minhash import Signer
from ..signatures.store import signature_dir, signatures_valid, write_signatures

READ_ROWS = 1000
BLOCK_DOCS = 250  # documents per task of the signing workers


@dataclass(frozen=True)
class KeepAll:
    """A rule set that keeps every document: the Pool then only signs them."""

    name: ClassVar[str] = "sign"
    reasons: ClassVar[tuple[str, ...]] = ()
    meta_fields: ClassVar[tuple[str, ...]] = ()

    @property
    def uses_kiwi(self) -> bool:
        return False  # the signer loads Kiwi itself when its words are Kiwi's

    def cheap(self, text: str, meta: Mapping[str, Any] | None = None) -> str | None:
        return None

    def decide(self, text: str, kiwi: Any, meta: Mapping[str, Any] | None = None) -> Decision:
        return Decision(None, [])

    def as_dict(self) -> dict[str, Any]:
        return {"rules": self.name}

    def decision_dict(self) -> dict[str, Any]:
        return self.as_dict()


def _kept_rows(work: WorkDir, k: int) -> Iterator[tuple[list[int], list[str]]]:
    pf = pq.ParquetFile(work.batch_parquet(k))
    for rb in pf.iter_batches(batch_size=READ_ROWS, columns=["doc_index", "text"]):
        yield rb.column("doc_index").to_pylist(), rb.column("text").to_pylist()


def _kept_documents(work: WorkDir, k: int) -> Iterator[Document]:
    source = str(work.batch_parquet(k))
    for indices, texts in _kept_rows(work, k):
        for doc_index, text in zip(indices, texts, strict=True):
            yield Document(doc_index, text, source, 0, None)


def _sign_block(args: tuple[Signer, list[tuple[int, str]]]) -> bytes:
    signer, docs = args
    return signer.sign_many(docs)


def _blocks(work: WorkDir, k: int) -> Iterator[list[tuple[int, str]]]:
    block: list[tuple[int, str]] = []
    for indices, texts in _kept_rows(work, k):
        block.extend(zip(indices, texts, strict=True))
        while len(block) >= BLOCK_DOCS:
            yield block[:BLOCK_DOCS]
            block = block[BLOCK_DOCS:]
    if block:
        yield block


def _sign_without_kiwi(work: WorkDir, done: dict[int, BatchStats], todo: list[int], signer: Signer, workers: int,
                       progress: bool) -> None:
    # Whitespace words and exact hashes cannot crash or hang a worker: blocks of a batch's kept
    # documents go to plain worker processes (a dead one breaks the executor, which says so), not
    # through the Kiwi Pool, a bounded number of blocks ahead so memory stays flat.
    import multiprocessing as mp
    from collections import deque
    from concurrent.futures import Future, ProcessPoolExecutor

    bar = progress_bar(sum(done[k].passed for k in todo), "sign", enabled=progress)
    ex = ProcessPoolExecutor(workers, mp_context=mp.get_context("fork")) if workers > 1 else None
    try:
        for k in todo:
            parts: list[bytes] = []
            window: deque[Future[bytes]] = deque()
            for block in _blocks(work, k):
                if ex is None:
                    parts.append(_sign_block((signer, block)))
                    bar.update(len(block))
                    continue
                window.append(ex.submit(_sign_block, (signer, block)))
                if len(window) >= 2 * workers:
                    parts.append(window.popleft().result())
                    bar.update(len(parts[-1]) // signer.dtype.itemsize)
            while window:
                parts.append(window.popleft().result())
                bar.update(len(parts[-1]) // signer.dtype.itemsize)
            write_signatures(signature_dir(work, signer), signer, k, signer.records(b"".join(parts)),
                             done[k].parquet_sha256)
    finally:
        if ex is not None:
            ex.shutdown(cancel_futures=True)
        bar.close()


def sign_missing(work: WorkDir, done: dict[int, BatchStats], signer: Signer, *, workers: int, policy: FaultPolicy,
                 progress: bool = True) -> int:
    """Sign every finished batch whose signatures are missing or stale; returns how many were signed."""
    directory = signature_dir(work, signer)
    todo = [k for k in sorted(done) if signatures_valid(directory, signer, k, done[k].parquet_sha256) is None]
    if not todo:
        return 0
    say(f"dedup: signing the kept documents of {len(todo)} filter batch(es) ({signer.words} words)")
    if not signer.uses_kiwi:
        _sign_without_kiwi(work, done, todo, signer, workers, progress)
        return len(todo)
    bar = progress_bar(sum(done[k].passed for k in todo), "sign", enabled=progress)
    try:
        with KiwiPool(Judge(KeepAll()), workers, signer=signer) as pool:
            for k in todo:
                faults = BatchFaults(k, done[k].start, done[k].end, policy)
                sigs = []
                unsigned = []
                for doc, verdict in pool.decide(_kept_documents(work, k), faults, expected=done[k].passed):
                    if verdict.signature is not None:
                        sigs.append(verdict.signature)
                    elif verdict.reason in QUARANTINE_REASONS:
                        sigs.append(signer.sign_exact(doc.doc_index, doc.text or ""))
                        unsigned.append(doc.doc_index)
                    else:
                        why = verdict.error or verdict.reason
                        raise CorefprepError(f"signing document {doc.doc_index} failed ({why}); this is a bug, please "
                                             "report it")
                    bar.update(1)
                if unsigned:
                    shown = ", ".join(map(str, sorted(unsigned)[:10])) + (", ..." if len(unsigned) > 10 else "")
                    say(f"dedup: {len(unsigned)} document(s) of batch {k} could not be signed (their worker died or "
                        f"they ran past --doc-timeout: doc_index {shown}); they are deduplicated by their exact hash "
                        "only")
                records = np.frombuffer(b"".join(sigs), dtype=signer.dtype)
                write_signatures(directory, signer, k, records, done[k].parquet_sha256, unsigned)
    finally:
        bar.close()
    return len(todo)
