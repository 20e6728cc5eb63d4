"""How long each stage of a run took: one immutable record that stages extend and return.

It is what ``metadata.json`` calls ``timings`` (stage -> seconds, in the order the stages ran) and
what the run's closing events report. A stage never writes into a record it was given: it returns
the record with its own stage added (:meth:`Timings.with_stage`).
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class StageTime:
    stage: str
    seconds: float


@dataclass(frozen=True)
class Timings:
    stages: tuple[StageTime, ...] = ()

    def with_stage(self, stage: str, seconds: float) -> Timings:
        """This record with ``stage`` taking ``seconds`` (rounded to the millisecond; a stage that
        ran before is replaced in place)."""
        t = StageTime(stage, round(seconds, 3))
        if stage in self:
            return Timings(tuple(t if s.stage == stage else s for s in self.stages))
        return Timings((*self.stages, t))

    def __contains__(self, stage: object) -> bool:
        return any(s.stage == stage for s in self.stages)

    def __getitem__(self, stage: str) -> float:
        for s in self.stages:
            if s.stage == stage:
                return s.seconds
        raise KeyError(stage)

    def as_dict(self) -> dict[str, float]:
        return {s.stage: s.seconds for s in self.stages}
