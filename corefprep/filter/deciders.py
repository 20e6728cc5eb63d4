"""Deciding one document, and documents in this process: what a worker does for each document,
and what a Ray actor (and tests) do for a whole batch.

A document cannot be interrupted inside the process deciding it, so no time limit is kept here:
the supervisor (:mod:`corefprep.parallel`) reads the beat from outside and kills the process.
"""

from __future__ import annotations

import time
from collections.abc import Iterator
from typing import Any, Protocol

from ..io.documents import Document
from ..rules.kiwi import load_kiwi
from ..signatures.minhash import Signer
from .faults import RULE_FAILED, BatchFaults
from .judge import Judge
from .kept import sign_kept
from .records import Busy, Verdict


class DecideWatch(Protocol):
    """Told which document is being decided (the Ray actor's beat)."""

    def deciding(self, doc_index: int) -> None: ...

    def idle(self) -> None: ...


def decide_one(judge: Judge, kiwi: Any, doc: Document, signer: Signer | None = None) -> Verdict:
    """The verdict on one document, with its dedup signature when it is kept and the run
    deduplicates (made from the words the rules' analysis left, where they match the signer's).
    A kept document's personal data is found here too (:mod:`corefprep.filter.kept`). The rules
    raising (a bug, not Kiwi) becomes a RULE_FAILED verdict that fails the batch, naming the
    document."""
    try:
        d = judge.decide(doc, kiwi)
        if d.reason is not None:
            return Verdict(doc.doc_index, d.reason, d.entities, d.kiwi_chars, d.error, None, d.values,
                           kiwi_cpu=d.kiwi_cpu)
        t = time.thread_time()
        kept = sign_kept(judge.pii, signer, doc.doc_index, doc.text or "", d.kiwi_words, d.kiwi_tokens, kiwi)
        sign_cpu = time.thread_time() - t
    except Exception as exc:  # noqa: BLE001 - reported with the document, not swallowed
        return Verdict(doc.doc_index, RULE_FAILED, [], 0, f"{type(exc).__name__}: {exc}")
    return Verdict(doc.doc_index, None, d.entities, d.kiwi_chars, d.error, kept.signature, d.values, kept.pii,
                   kept.other_signature, kiwi_cpu=d.kiwi_cpu, sign_cpu=sign_cpu)


class InProcessDecider:
    """Decides documents in this process, marking each on ``watch`` (the Ray actor's beat, which
    the driver reads to time a document out and to blame a death on it)."""

    workers = 1
    in_process = True

    def __init__(self, judge: Judge, kiwi: Any = None, *, watch: DecideWatch | None = None,
                 signer: Signer | None = None):
        self.judge, self.signer = judge, signer
        needs_kiwi = judge.uses_kiwi or (signer is not None and signer.uses_kiwi)
        self.kiwi = kiwi if kiwi is not None or not needs_kiwi else load_kiwi()
        self.watch = watch
        self._busy = Busy()

    def busy(self) -> Busy:
        return self._busy

    def decide(self, docs: Iterator[Document], faults: BatchFaults,
               expected: int = 0) -> Iterator[tuple[Document, Verdict]]:
        judge, kiwi, watch, signer = self.judge, self.kiwi, self.watch, self.signer
        for doc in docs:
            t0, c0 = time.perf_counter(), time.process_time()
            if watch is not None:
                watch.deciding(doc.doc_index)
            try:
                verdict = decide_one(judge, kiwi, doc, signer)
            finally:
                if watch is not None:
                    watch.idle()
                self._busy += Busy(time.perf_counter() - t0, time.process_time() - c0)
            yield doc, verdict
