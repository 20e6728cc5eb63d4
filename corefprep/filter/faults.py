"""One retry and quarantine machine for both engines (SPEC 2.3 and 5: no fault makes a run hang).

An engine reports what went wrong while a batch was computed; :class:`BatchFaults` (one per batch,
kept across its attempts) says what happens next. The local engine's Pool and the Ray driver ask
the same questions and get the same answers:

========================================================  ===============================  ===============
fault                                                     default                          ``--strict``
========================================================  ===============================  ===============
a worker (or Ray actor) dies on document *d*, first time  *d*'s work is handed out again   attempt fails
the same, second time on *d*                              *d* quarantined: ``worker_died``  attempt fails
*d* runs past ``--doc-timeout`` (its worker is killed)    *d* quarantined: ``timeout``      attempt fails
a worker dies between documents                           its work handed out again;       attempt fails
                                                          the 3rd such death in an
                                                          attempt fails it
a rule raises on *d* (a bug; Kiwi's errors are counted    attempt fails                    attempt fails
as ``kiwi_error``)
an attempt fails                                          the batch is retried ``--retries`` times, then the
                                                          run stops naming the batch and the document
========================================================  ===============================  ===============

"Handed out again" is the local engine's chunk or the Ray engine's whole batch; it is not a failed
attempt. A quarantined document keeps its verdict in every later attempt of its batch without being
read by the rules or decided again. Everything here is keyed by document, never by worker: a retry
starts with fresh workers and fresh per-worker state, so nothing one attempt saw can stop the next
one from timing out a hanging document.
"""

from __future__ import annotations

import time
from collections import Counter
from dataclasses import dataclass, field
from typing import NamedTuple

from ..core.atomic import atomic_write_json
from ..core.errors import BatchFailedError
from ..core.workdir import WorkDir
from .records import Verdict

# The reason a decider reports for a document on which the rules raised (never a row's reason:
# the batch attempt fails, naming the document).
RULE_FAILED = "__rule_failed__"

QUARANTINE_AFTER_DEATHS = 2  # deaths on one document that set it aside
UNATTRIBUTED_DEATHS = 3  # deaths between documents that fail an attempt


class FaultPolicy(NamedTuple):
    retries: int
    doc_timeout: float
    strict: bool


class AttemptFailed(Exception):
    """One attempt of a batch failed; the message names the document when one is known."""

    def __init__(self, cause: str, doc_index: int | None = None):
        super().__init__(cause, doc_index)  # both in args: the exception crosses from Ray actors pickled
        self.cause, self.doc_index = cause, doc_index

    def __str__(self) -> str:
        return self.cause


class WorkerLost(NamedTuple):
    """What an engine knows about a worker (or Ray actor) that is gone."""

    doc_index: int | None  # the document it was on; None between documents
    how: str  # "was killed by signal 9", "exited with code 1", "(Ray) actor died: ..."
    timed_out_after: float | None = None  # it was killed for running past --doc-timeout this long

    def describe(self) -> str:
        if self.timed_out_after is not None:
            return (f"document {self.doc_index} ran past --doc-timeout ({self.timed_out_after:.0f} s); its worker was "
                    "killed")
        where = f"on document {self.doc_index}" if self.doc_index is not None else "between documents"
        return f"a worker {self.how} {where}"


def quarantine_verdict(doc_index: int, reason: str, detail: str) -> Verdict:
    return Verdict(doc_index, reason, [], 0, detail)


@dataclass
class BatchFaults:
    batch: int
    lo: int
    hi: int
    policy: FaultPolicy
    deaths: Counter[int] = field(default_factory=Counter)  # doc_index -> workers it killed
    quarantined: dict[int, Verdict] = field(default_factory=dict)
    attempts: int = 0  # times the batch was started (a Ray batch handed out again counts)
    failures: int = 0  # attempts failed
    unattributed: int = 0  # deaths between documents since the last failed attempt
    lost_workers: int = 0  # every death, for the batch's stats

    def begin(self) -> int:
        """The batch (or, on Ray, the batch handed out again) starts computing."""
        self.attempts += 1
        return self.attempts

    def worker_lost(self, lost: WorkerLost) -> Verdict | None:
        """A worker is gone. Returns the quarantine verdict of its document when that document is set
        aside (the rest of its work goes on), None when its work is to be handed out again; raises
        AttemptFailed when the attempt fails (``--strict``, or too many deaths between documents)."""
        self.lost_workers += 1
        if self.policy.strict:
            raise AttemptFailed(lost.describe(), lost.doc_index)
        doc = lost.doc_index
        if doc is None:
            self.unattributed += 1
            if self.unattributed >= UNATTRIBUTED_DEATHS:
                raise AttemptFailed(f"{lost.describe()} ({self.unattributed} times in this attempt)")
            return None
        if lost.timed_out_after is not None:
            verdict = quarantine_verdict(doc, "timeout", lost.describe())
        else:
            self.deaths[doc] += 1
            if self.deaths[doc] < QUARANTINE_AFTER_DEATHS:
                return None
            verdict = quarantine_verdict(doc, "worker_died", f"{lost.describe()} ({self.deaths[doc]} workers died "
                                                             "on it)")
        self.quarantined[doc] = verdict
        return verdict

    def attempt_failed(self) -> bool:
        """Count a failed attempt; True when the batch may be tried again."""
        self.failures += 1
        self.unattributed = 0
        return self.failures <= self.policy.retries

    def give_up(self, work: WorkDir, cause: str, engine: str = "local") -> BatchFailedError:
        """The error that stops the run, after the batch's failure marker is written."""
        atomic_write_json(work.failed_marker(self.batch), {"batch": self.batch, "start": self.lo, "end": self.hi,
                                                           "error": cause, "attempts": self.failures,
                                                           "engine": engine, "at": time.time()})
        where = " on Ray" if engine == "ray" else ""
        return BatchFailedError(
            f"batch {self.batch} (documents {self.lo}-{self.hi - 1}) failed {self.failures} times{where}: {cause}; fix "
            "the cause and rerun the same command to resume from this batch"
        )
