"""The local engine's decider: chunks of documents as units of the supervised ``filter`` step.

The reader (this process) hands the documents that passed the cheap rules, a chunk at a time, to
the one supervisor (:mod:`corefprep.parallel`), which runs them on forked worker processes that
share this process's warmed-up Kiwi copy-on-write. Each worker marks every document it starts, so
a worker that dies or runs past ``--doc-timeout`` is blamed on that document, and the batch's
:class:`~corefprep.filter.faults.BatchFaults` decides: the chunk again, or the document quarantined
and the rest of its chunk again, or a failed attempt.
"""

from __future__ import annotations

import math
import time
from collections.abc import Iterator
from typing import Any, NamedTuple

from ..core.log import say
from ..io.documents import Document
from ..parallel import Beat, EngineConfig, Step, Supervisor, Unit
from ..parallel.local import LocalWorkers
from ..rules.kiwi import load_kiwi
from ..signatures.minhash import Signer
from .deciders import decide_one
from .faults import BatchFaults
from .judge import Judge
from .records import Busy, Verdict

WINDOW_PER_WORKER = 3  # chunks queued or running per worker: every worker busy, memory bounded

# --- worker side ----------------------------------------------------------------------------

_JUDGE: Any = None
_SIGNER: Any = None
_KIWI: Any = None


def needs_kiwi(judge: Judge, signer: Signer | None) -> bool:
    return judge.uses_kiwi or (signer is not None and signer.uses_kiwi)


_CPU_MARK = 0.0  # this worker's CPU clock when it last finished deciding (or started)


def _init_worker(judge: Judge, signer: Signer | None) -> None:
    global _JUDGE, _SIGNER, _KIWI, _CPU_MARK
    _JUDGE, _SIGNER = judge, signer
    _KIWI = load_kiwi() if needs_kiwi(judge, signer) else None  # the parent's, through fork
    _CPU_MARK = time.process_time()


class _ChunkOut(NamedTuple):
    verdicts: list[Verdict]
    busy: Busy


def _decide_chunk(docs: list[Document], beat: Beat) -> _ChunkOut:
    global _CPU_MARK
    t0, c0 = time.perf_counter(), time.process_time()
    between = c0 - _CPU_MARK  # since the last chunk: returning its verdicts, taking this one in
    out = []
    for doc in docs:
        beat.on(doc.doc_index)
        out.append(decide_one(_JUDGE, _KIWI, doc, _SIGNER))
    beat.off()
    _CPU_MARK = time.process_time()
    return _ChunkOut(out, Busy(time.perf_counter() - t0, _CPU_MARK - c0, between))


# --- parent side ----------------------------------------------------------------------------


# Guided chunk sizes: each chunk is about 1/GUIDE of a worker's share of the documents still to
# come, so chunks are large mid-batch (few hand-offs) and shrink toward the batch's end, where a big
# last chunk would keep one worker busy while the others idle. Measured on the 20k bench corpus with
# 2 workers: fixed chunks of 1,250 left the workers idle ~10 core-seconds of a 25 s batch, guided
# ones ~1. The first chunks double from MIN_CHUNK, so no worker waits at the start for a big chunk
# to be read.
GUIDE = 4
MIN_CHUNK = 8
# A chunk is also cut at this many characters of text. The parent holds every document of the
# chunks in flight (WINDOW_PER_WORKER per worker) and their pickled copies while they are sent, so
# chunks counted in documents only let the parent's heap follow the longest run of long documents:
# its high-water mark rose batch after batch (+49, +17, then 2-5 MiB a batch of 100,000 on the 1M
# run), and glibc keeps a high-water mark. 1M characters is ~25 s of Kiwi, so hand-offs stay rare.
CHUNK_CHARS = 1_000_000


class ChunkSizer:
    """How many documents the next chunk takes, from how far the batch has got. The documents
    reaching the workers are a share of those read (the cheap rules reject the rest): that share,
    measured so far, turns the batch's unread documents into the work still to come."""

    def __init__(self, expected_docs: int, workers: int, chunksize: int):
        self.expected, self.workers, self.cap = expected_docs, workers, chunksize
        self.first: int | None = None
        self.taken = 0
        self.cuts = 0
        self.chars = 0  # of the chunk being filled

    def cut(self) -> None:
        """A chunk was handed on."""
        self.cuts += 1
        self.chars = 0

    def take(self, doc: Document) -> None:
        """A document that goes to the workers, in reading order."""
        if self.first is None:
            self.first = doc.doc_index
        self.taken += 1
        self.chars += len(doc.text or "")

    def full(self, docs: int, doc_index: int) -> bool:
        """Whether the chunk being filled, ``docs`` documents up to ``doc_index``, is to be cut."""
        return docs >= self.size(doc_index) or self.chars >= CHUNK_CHARS

    def size(self, doc_index: int) -> int:
        """The size of the chunk being filled when the last document taken was ``doc_index``."""
        if not self.expected or self.first is None:
            return self.cap
        read = doc_index - self.first + 1
        to_come = max(0, self.expected - read) * self.taken / read
        guided = math.ceil(to_come / (self.workers * GUIDE))
        return max(MIN_CHUNK, min(self.cap, guided, MIN_CHUNK << min(self.cuts, 30)))


def filter_step(judge: Judge, signer: Signer | None, doc_timeout: float) -> Step:
    return Step("filter", _decide_chunk, init=_init_worker, init_args=(judge, signer),
                prefork=load_kiwi if needs_kiwi(judge, signer) else None, item_limit=doc_timeout)


def _without(unit: Unit, doc: int) -> Unit | None:
    rest = [d for d in unit.args if d.doc_index != doc]
    return Unit(unit.key, rest, len(rest)) if rest else None


class WorkerDecider:
    """Decides documents on supervised local workers that live across batches."""

    in_process = False

    def __init__(self, judge: Judge, cfg: EngineConfig, *, signer: Signer | None = None):
        self.workers = cfg.workers or 1
        self.chunksize = cfg.chunksize or 2000
        engine = LocalWorkers(self.workers, max_units_per_worker=cfg.maxtasksperchild,
                              window=WINDOW_PER_WORKER * self.workers)
        self.step = filter_step(judge, signer, cfg.doc_timeout)
        self.sup = Supervisor(self.step, engine, retries=cfg.retries, say=say)
        self._busy = Busy()

    def __enter__(self) -> WorkerDecider:
        self.sup.__enter__()
        if self.step.prefork is not None:
            # Kiwi is loaded before the first batch starts, so its seconds are the run's start-up and
            # not batch 0's (the workers fork from this process when the batch hands them work)
            self.step.prefork()
        return self

    def __exit__(self, *exc: object) -> None:
        self.sup.__exit__(*exc)

    def busy(self) -> Busy:
        return self._busy

    def decide(self, docs: Iterator[Document], faults: BatchFaults,
               expected: int = 0) -> Iterator[tuple[Document, Verdict]]:
        """Decide every document; yields (document, verdict) as chunks come back, in no fixed order."""
        sizer = ChunkSizer(expected, self.workers, self.chunksize)
        faults.without = _without
        for out in self.sup.run(_chunks(docs, sizer, faults.batch), faults):
            if out.set_aside is not None:
                doc = next(d for d in out.unit.args if d.doc_index == out.set_aside.item)
                yield doc, faults.quarantined[doc.doc_index]
                continue
            self._busy += out.result.busy
            yield from zip(out.unit.args, out.result.verdicts, strict=True)


def _chunks(docs: Iterator[Document], sizer: ChunkSizer, batch: int) -> Iterator[Unit]:
    chunk: list[Document] = []
    for doc in docs:
        chunk.append(doc)
        sizer.take(doc)
        if sizer.full(len(chunk), doc.doc_index):
            yield _unit(chunk, batch)
            sizer.cut()
            chunk = []
    if chunk:
        yield _unit(chunk, batch)


def _unit(chunk: list[Document], batch: int) -> Unit:
    return Unit(f"batch {batch} documents {chunk[0].doc_index}-{chunk[-1].doc_index}", chunk, len(chunk))
