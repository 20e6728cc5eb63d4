"""What an engine reports about the units it runs, for the supervisor to act on."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Protocol

from .beat import BeatRecord
from .units import Step


@dataclass(frozen=True)
class Finished:
    uid: int
    result: Any  # what the step's function returned
    seconds: float  # the unit's own time in its worker (for the derived time limits)


@dataclass(frozen=True)
class Raised:
    """The unit's own code raised (in the worker): never retried."""

    uid: int
    exc: BaseException


@dataclass(frozen=True)
class Died:
    """The unit's worker is gone: it died, or the supervisor killed it (``timed_out`` seconds)."""

    uid: int
    item: int | None
    how: str
    timed_out: float | None = None


@dataclass(frozen=True)
class Requeue:
    """The unit was lost with a worker that was not its own (the local workers are replaced
    together): it runs again, and it is not its failure."""

    uid: int


@dataclass(frozen=True)
class IdleDeath:
    """A worker died while it held no unit."""

    how: str


Event = Finished | Raised | Died | Requeue | IdleDeath


class Engine(Protocol):
    """Where a step's units run: :class:`~corefprep.parallel.local.LocalWorkers` or
    :class:`~corefprep.parallel.ray.RayWorkers`."""

    workers: int

    def start(self, step: Step) -> None: ...

    def free(self) -> int: ...  # units it takes now

    def submit(self, uid: int, args: Any) -> None: ...

    def poll(self, timeout: float) -> list[Event]: ...

    def beats(self) -> dict[int, BeatRecord]: ...  # running units' beats by uid

    def kill(self, uid: int, seconds: float) -> None: ...  # its worker ran past its limit

    def close(self) -> None: ...
