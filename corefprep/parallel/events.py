"""What an engine reports about the units it runs, for the supervisor to act on."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, NamedTuple, Protocol

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


class Seen(NamedTuple):
    """A running unit's beat as the engine knows it, dated on the driver's monotonic clock.

    The beat was read at some moment between ``as_of`` and ``arrived``: it is known to have been
    this beat at ``as_of`` at the latest, and a change it shows happened by ``arrived``. A beat
    read directly (memory shared with the worker, a file the driver reads) has both ``now``; a beat
    a node's reader read on request has ``as_of`` the moment the request was sent and ``arrived``
    the moment its answer came. So the supervisor measures a unit's time without progress from
    the ``arrived`` of the answer that first showed its beat to the ``as_of`` of the latest answer
    that still shows it: a reader that answers late (or never) can make a unit's state unknown, never
    make it look stuck.
    """

    beat: BeatRecord
    as_of: float
    arrived: float


class Engine(Protocol):
    """Where a step's units run: :class:`~corefprep.parallel.local.LocalWorkers` or
    :class:`~corefprep.parallel.ray.RayWorkers`."""

    workers: int

    def start(self, step: Step) -> None: ...

    def free(self) -> int: ...  # units it takes now

    def submit(self, uid: int, args: Any) -> None: ...

    def poll(self, timeout: float) -> list[Event]: ...

    def beats(self) -> dict[int, Seen]: ...  # running units' beats by uid (a unit not yet started: none)

    # Kill the worker of unit ``uid``: it ran ``seconds`` past its limit (reported back as the
    # Died's ``timed_out``), or None: killed for another reason the supervisor keeps itself.
    def kill(self, uid: int, seconds: float | None) -> None: ...

    def close(self) -> None: ...
