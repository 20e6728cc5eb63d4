"""The filter's side of the one fault rule (:mod:`corefprep.parallel.policy`), for both engines.

A batch's :class:`BatchFaults` is the policy its units run under: a document that kills two
workers, or runs past ``--doc-timeout``, is quarantined (a :class:`~corefprep.filter.records.Verdict`
with reason ``worker_died`` or ``timeout``) and keeps that verdict in every later run of its unit
without being read by the rules or decided again; with ``--strict`` either is a failed attempt of
the unit instead. The unit is a chunk of documents on the local engine and the whole batch on Ray.

A rule that raises is a bug, not the data's fault: the batch fails at once (:class:`RulesFailed`),
on either engine, naming the document. When a unit fails after ``--retries``, or the rules fail,
the batch's failure marker is written and the run stops naming the batch and the document; the
next run resumes from that batch.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass, field

from ..core.atomic import atomic_write_json
from ..core.errors import BatchFailedError, CorefprepError
from ..core.workdir import WorkDir
from ..parallel import DocumentFaults, Lost, Recovery, Unit
from .records import Verdict

# The reason a decider reports for a document on which the rules raised (never a row's reason:
# the batch fails, naming the document).
RULE_FAILED = "__rule_failed__"


class RulesFailed(CorefprepError):
    """The rules raised on a document: a bug in the rule set, never retried."""

    def __init__(self, batch: int, doc_index: int, error: str):
        super().__init__(f"batch {batch}: document {doc_index} made the rules fail ({error})")
        self.batch, self.doc_index, self.error = batch, doc_index, error
        self.cause = (f"document {doc_index} made the rules fail ({error}); that is a bug in the rule set, not in the "
                      "data, so it is not retried")

    def __reduce__(self) -> tuple[type[RulesFailed], tuple[int, int, str]]:
        return RulesFailed, (self.batch, self.doc_index, self.error)  # it crosses from Ray actors pickled


def quarantine_verdict(doc_index: int, reason: str, detail: str) -> Verdict:
    return Verdict(doc_index, reason, [], 0, detail)


@dataclass
class BatchFaults:
    """One batch's faults across the runs of its units (see the module docstring)."""

    batch: int
    lo: int
    hi: int
    strict: bool  # a death or timeout on a document is a failed attempt, never a quarantine
    without: Callable[[Unit, int], Unit | None] = lambda unit, doc: None
    quarantined: dict[int, Verdict] = field(default_factory=dict)
    failures: int = 0  # failed attempts of its units
    docs: DocumentFaults = field(init=False)

    def __post_init__(self) -> None:
        self.docs = DocumentFaults(self.strict, self._without)

    def _without(self, unit: Unit, doc: int) -> Unit | None:
        aside = self.docs.quarantined[doc]
        self.quarantined[doc] = quarantine_verdict(doc, aside.reason, aside.detail)
        return self.without(unit, doc)

    def lost(self, lost: Lost) -> Recovery:
        recovery = self.docs.lost(lost)
        if recovery.counted:
            self.failures += 1
        return recovery

    @property
    def attempts(self) -> int:
        return 1 + self.failures

    @property
    def lost_workers(self) -> int:
        return self.docs.lost_workers

    def give_up(self, work: WorkDir, cause: str, attempts: int, engine: str = "local") -> BatchFailedError:
        """The error that stops the run, after the batch's failure marker is written."""
        atomic_write_json(work.failed_marker(self.batch), {"batch": self.batch, "start": self.lo, "end": self.hi,
                                                           "error": cause, "attempts": attempts,
                                                           "engine": engine, "at": time.time()})
        where = " on Ray" if engine == "ray" else ""
        times = f" {attempts} times" if attempts > 1 else ""
        return BatchFailedError(
            f"batch {self.batch} (documents {self.lo}-{self.hi - 1}) failed{times}{where}: {cause}; fix the cause "
            "and rerun the same command to resume from this batch"
        )
