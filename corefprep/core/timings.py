"""How long each stage of a run took: one immutable record that stages extend and return.

It is what ``metadata.json`` calls ``timings`` (stage -> seconds, in the order the stages ran) and
what the run's closing events report. A stage never writes into a record it was given: it returns
the record with its own stage added (:meth:`Timings.with_stage`).
"""

from __future__ import annotations

from dataclasses import dataclass, field


@dataclass(frozen=True)
class Timings:
    seconds: dict[str, float] = field(default_factory=dict)  # never written into: with_stage makes a new record

    def with_stage(self, stage: str, seconds: float) -> Timings:
        """This record with ``stage`` taking ``seconds`` (rounded to the millisecond; a stage that
        ran before keeps its place)."""
        return Timings({**self.seconds, stage: round(seconds, 3)})

    def __contains__(self, stage: object) -> bool:
        return stage in self.seconds

    def __getitem__(self, stage: str) -> float:
        return self.seconds[stage]

    def as_dict(self) -> dict[str, float]:
        return dict(self.seconds)
