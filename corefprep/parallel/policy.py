"""The one rule for both engines: what happens when a unit of parallel work fails.

Every supervised step, local or on Ray, follows this table. "Fresh worker" means a new process
(local: the workers are replaced together; Ray: a new actor), never the one that failed.

==================================================  ==========================================  ====================
what happened                                       default                                     ``--strict``
==================================================  ==========================================  ====================
the unit's worker died (a signal, the OOM killer,   the unit runs again on a fresh worker,      the same
a crash) in a step without documents, or between    counted as a failed attempt
documents
it made no progress past its time limit             its worker is killed from outside; then as  the same
(``--unit-timeout``, or derived)                    above
its worker died on document *d*, the first time     the unit runs again, not counted            a failed attempt
the same on *d* again                               *d* quarantined (``worker_died``); the      a failed attempt
                                                    rest of the unit runs again
*d* ran past ``--doc-timeout``                      its worker is killed from outside; *d*      a failed attempt
                                                    quarantined (``timeout``); the rest runs
                                                    again
a failed attempt                                    after ``--retries`` of them (default 2) the run stops:
                                                    "<step>: unit <unit> failed 3 times: <cause>"
the unit's own code raised: a bug (a rule that      the run stops at once with that error's     the same
raises included), a full disk, an unreadable        own message, naming the step and the unit
input, a corefprep error
a worker died while it held no unit                 the units in flight run again; the          the same
                                                    ``--retries + 1``-th such death stops the
                                                    run
==================================================  ==========================================  ====================

A quarantined document keeps its verdict in every later run of its unit without being looked at
again; deaths are counted per document, never per worker, so a fresh worker times a hanging
document out again.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Protocol

from .units import Lost, Recovery, SetAside, Unit

QUARANTINE_AFTER_DEATHS = 2  # deaths on one document that set it aside


class Policy(Protocol):
    def lost(self, lost: Lost) -> Recovery: ...


class RetryUnit:
    """Steps without documents: any loss is a failed attempt of the unit."""

    def lost(self, lost: Lost) -> Recovery:
        return Recovery(lost.unit, True, lost.describe())


@dataclass
class DocumentFaults:
    """Steps with documents (filter, signing, the doctor's sample): a document that kills or hangs
    its workers is set aside (quarantined) rather than failing its unit, unless ``strict``.

    ``without(unit, item)`` is the unit with that document taken out (it is then answered by the
    set-aside record instead of by a worker)."""

    strict: bool
    without: Callable[[Unit, int], Unit | None]
    item_name: str = "document"
    deaths: Counter[int] = field(default_factory=Counter)  # doc -> workers it killed
    quarantined: dict[int, SetAside] = field(default_factory=dict)
    lost_workers: int = 0

    def lost(self, lost: Lost) -> Recovery:
        self.lost_workers += 1
        cause = lost.describe(self.item_name)
        doc = lost.item
        if self.strict or doc is None:
            return Recovery(lost.unit, True, cause)
        if lost.timed_out is not None:
            return self._set_aside(lost.unit, doc, "timeout", cause)
        self.deaths[doc] += 1
        if self.deaths[doc] < QUARANTINE_AFTER_DEATHS:
            return Recovery(lost.unit, False, cause)
        return self._set_aside(lost.unit, doc, "worker_died", f"{cause} ({self.deaths[doc]} workers died on it)")

    def _set_aside(self, unit: Unit, doc: int, reason: str, detail: str) -> Recovery:
        aside = SetAside(unit, doc, reason, detail)
        self.quarantined[doc] = aside
        return Recovery(self.without(unit, doc), False, detail, aside)
