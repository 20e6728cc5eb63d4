"""How long a running unit may go without progress before the supervisor kills its worker.

Progress is any change of the unit's beat: a document started or finished, a count. The limit is

- ``--doc-timeout`` while the unit is on a document (steps with documents);
- between documents (reading the next ones, writing a batch's files) the larger of that and
  :data:`BETWEEN_ITEMS_SECONDS`;
- for steps without documents (counting inputs, dedup bands), ``--unit-timeout`` when given, else
  derived from the units finished so far: :data:`SLACK` times what the slowest of them took for
  its size, at least :data:`MIN_UNIT_SECONDS`. Before any unit has finished, the step's floor rate
  (a throughput far below what any machine measured here does) stands in for the measurement.

A unit whose beat cannot be read for a while (on Ray without a shared directory, when its node's
beat reader does not answer) is not known to be stuck meanwhile, so that time never counts against
its limit; but nothing may wait forever: once its beat has been unknown for :data:`UNSEEN_TIMES` its limit,
and at least :data:`UNSEEN_MIN_SECONDS`, its worker is killed and the unit runs again on a fresh
one, a failed attempt that blames no document (:meth:`Limits.unseen`).
"""

from __future__ import annotations

from .beat import NO_ITEM, BeatRecord
from .units import Step, Unit

BETWEEN_ITEMS_SECONDS = 600.0
MIN_UNIT_SECONDS = 60.0
SLACK = 10.0
UNSEEN_TIMES = 3.0
# Room for a beat reader that stopped answering to be given up and replaced, and for the new one to
# answer (see corefprep.parallel.ray_beats.READER_SECONDS), twice over.
UNSEEN_MIN_SECONDS = 120.0


class Limits:
    def __init__(self, step: Step):
        self.step = step
        self.seconds_per_size: float | None = None  # the slowest finished unit's

    def finished(self, unit: Unit, seconds: float) -> None:
        if unit.size > 0 and seconds > 0:
            rate = seconds / unit.size
            self.seconds_per_size = max(rate, self.seconds_per_size or 0.0)

    def of(self, unit: Unit, beat: BeatRecord | None) -> float:
        step = self.step
        if step.item_limit is not None:
            on_item = beat is not None and beat.item != NO_ITEM
            return step.item_limit if on_item else max(step.item_limit, BETWEEN_ITEMS_SECONDS)
        if step.unit_limit is not None:
            return step.unit_limit
        if self.seconds_per_size is None:
            return max(MIN_UNIT_SECONDS, unit.size / step.floor_rate)
        return max(MIN_UNIT_SECONDS, SLACK * self.seconds_per_size * unit.size)

    def unseen(self, unit: Unit, beat: BeatRecord | None) -> float:
        """How long the beat of ``unit`` (last known as ``beat``) may stay unknown."""
        return max(UNSEEN_TIMES * self.of(unit, beat), UNSEEN_MIN_SECONDS)
