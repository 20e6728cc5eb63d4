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
from .records import Verdict

WINDOW_PER_WORKER = 3  # chunks queued or running per worker: every worker busy, memory bounded

# --- worker side ----------------------------------------------------------------------------

_JUDGE: Any = None
_SIGNER: Any = None
_KIWI: Any = None


def needs_kiwi(judge: Judge, signer: Signer | None) -> bool:
    return judge.uses_kiwi or (signer is not None and signer.uses_kiwi)


def _init_worker(judge: Judge, signer: Signer | None) -> None:
    global _JUDGE, _SIGNER, _KIWI
    _JUDGE, _SIGNER = judge, signer
    _KIWI = load_kiwi() if needs_kiwi(judge, signer) else None  # the parent's, through fork


class _ChunkOut(NamedTuple):
    verdicts: list[Verdict]
    wall: float
    cpu: float


def _decide_chunk(docs: list[Document], beat: Beat) -> _ChunkOut:
    t0, c0 = time.perf_counter(), time.process_time()
    out = []
    for doc in docs:
        beat.on(doc.doc_index)
        out.append(decide_one(_JUDGE, _KIWI, doc, _SIGNER))
    beat.off()
    return _ChunkOut(out, time.perf_counter() - t0, time.process_time() - c0)


# --- parent side ----------------------------------------------------------------------------


def auto_chunksize(expected_docs: int, workers: int, chunksize: int) -> int:
    """Chunks small enough that every worker gets several, so none idles at the end of a batch."""
    return max(1, min(chunksize, math.ceil(expected_docs / (workers * 8))))


def filter_step(judge: Judge, signer: Signer | None, doc_timeout: float) -> Step:
    return Step("filter", _decide_chunk, init=_init_worker, init_args=(judge, signer),
                prefork=load_kiwi if needs_kiwi(judge, signer) else None, item_limit=doc_timeout)


def _without(unit: Unit, doc: int) -> Unit | None:
    rest = [d for d in unit.args if d.doc_index != doc]
    return Unit(unit.key, rest, len(rest)) if rest else None


class WorkerDecider:
    """Decides documents on supervised local workers that live across batches."""

    def __init__(self, judge: Judge, cfg: EngineConfig, *, signer: Signer | None = None):
        self.workers = cfg.workers or 1
        self.chunksize = cfg.chunksize or 2000
        engine = LocalWorkers(self.workers, max_units_per_worker=cfg.maxtasksperchild,
                              window=WINDOW_PER_WORKER * self.workers)
        self.sup = Supervisor(filter_step(judge, signer, cfg.doc_timeout), engine, retries=cfg.retries, say=say)
        self._wall = self._cpu = 0.0

    def __enter__(self) -> WorkerDecider:
        self.sup.__enter__()
        return self

    def __exit__(self, *exc: object) -> None:
        self.sup.__exit__(*exc)

    def busy_seconds(self) -> tuple[float, float]:
        return self._wall, self._cpu

    def decide(self, docs: Iterator[Document], faults: BatchFaults,
               expected: int = 0) -> Iterator[tuple[Document, Verdict]]:
        """Decide every document; yields (document, verdict) as chunks come back, in no fixed order."""
        size = auto_chunksize(expected, self.workers, self.chunksize) if expected else self.chunksize
        faults.without = _without
        for out in self.sup.run(_chunks(docs, size, faults.batch), faults):
            if out.set_aside is not None:
                doc = next(d for d in out.unit.args if d.doc_index == out.set_aside.item)
                yield doc, faults.quarantined[doc.doc_index]
                continue
            self._wall += out.result.wall
            self._cpu += out.result.cpu
            yield from zip(out.unit.args, out.result.verdicts, strict=True)


def _chunks(docs: Iterator[Document], size: int, batch: int) -> Iterator[Unit]:
    chunk: list[Document] = []
    for doc in docs:
        chunk.append(doc)
        if len(chunk) >= size:
            yield _unit(chunk, batch)
            chunk = []
    if chunk:
        yield _unit(chunk, batch)


def _unit(chunk: list[Document], batch: int) -> Unit:
    return Unit(f"batch {batch} documents {chunk[0].doc_index}-{chunk[-1].doc_index}", chunk, len(chunk))
