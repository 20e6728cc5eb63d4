"""Deciding documents in this process: what a Ray actor does (and tests, without a Pool).

A document cannot be interrupted inside the process deciding it, so ``doc_timeout`` is enforced
by a watchdog thread that calls ``on_overrun(doc_index, seconds)`` once when the document being
decided has run too long: the Ray actor marks its heartbeat and ends itself, and the driver's
fault machine quarantines the document (see :mod:`corefprep.filter.faults`).
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable, Iterator
from typing import Any, Protocol

from ..io.documents import Document
from ..rules.kiwi import load_kiwi
from ..signatures.minhash import Signer
from .faults import RULE_FAILED, BatchFaults
from .judge import Judge
from .records import Verdict


class DecideWatch(Protocol):
    """Told which document is being decided (the Ray actor's heartbeat)."""

    def deciding(self, doc_index: int) -> None: ...

    def idle(self) -> None: ...


def decide_one(judge: Judge, kiwi: Any, doc: Document, signer: Signer | None = None) -> Verdict:
    """The verdict on one document, with its dedup signature when it is kept and the run
    deduplicates (made from the words the rules' analysis left, where they match the signer's).
    The rules raising (a bug, not Kiwi) becomes a RULE_FAILED verdict that fails the batch attempt
    naming the document."""
    try:
        d = judge.decide(doc, kiwi)
        sig = None
        if signer is not None and d.reason is None:
            sig = signer.sign(doc.doc_index, doc.text or "", d.kiwi_words, kiwi)
    except Exception as exc:  # noqa: BLE001 - reported with the document, not swallowed
        return Verdict(doc.doc_index, RULE_FAILED, [], 0, f"{type(exc).__name__}: {exc}")
    return Verdict(doc.doc_index, d.reason, d.entities, d.kiwi_chars, d.error, sig, d.values)


class InProcessDecider:
    workers = 1

    def __init__(self, judge: Judge, kiwi: Any = None, *, doc_timeout: float | None = None,
                 on_overrun: Callable[[int, float], None] | None = None, watch: DecideWatch | None = None,
                 signer: Signer | None = None):
        self.judge, self.signer = judge, signer
        needs_kiwi = judge.uses_kiwi or (signer is not None and signer.uses_kiwi)
        self.kiwi = kiwi if kiwi is not None or not needs_kiwi else load_kiwi()
        self.doc_timeout, self.on_overrun, self.watch = doc_timeout, on_overrun, watch
        self._wall = self._cpu = 0.0
        self._current: tuple[int, float] | None = None
        self._stop = threading.Event()
        self._watchdog: threading.Thread | None = None

    def busy_seconds(self) -> tuple[float, float]:
        return self._wall, self._cpu

    def decide(self, docs: Iterator[Document], faults: BatchFaults,
               expected: int = 0) -> Iterator[tuple[Document, Verdict]]:
        if self.doc_timeout and self.on_overrun is not None and self._watchdog is None:
            self._watchdog = threading.Thread(target=self._watch, daemon=True, name="corefprep-doc-timeout")
            self._watchdog.start()
        judge, kiwi, watch, signer = self.judge, self.kiwi, self.watch, self.signer
        for doc in docs:
            t0, c0 = time.perf_counter(), time.process_time()
            if watch is not None:
                watch.deciding(doc.doc_index)
            self._current = (doc.doc_index, time.monotonic())
            try:
                verdict = decide_one(judge, kiwi, doc, signer)
            finally:
                self._current = None
                if watch is not None:
                    watch.idle()
                self._wall += time.perf_counter() - t0
                self._cpu += time.process_time() - c0
            yield doc, verdict

    def stop(self) -> None:
        self._stop.set()

    def _watch(self) -> None:
        limit = float(self.doc_timeout or 0)
        while not self._stop.wait(0.5):
            cur = self._current
            if cur is not None and time.monotonic() - cur[1] > limit and self.on_overrun is not None:
                self.on_overrun(cur[0], time.monotonic() - cur[1])
                return
