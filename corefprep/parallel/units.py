"""What the supervisor runs and what it reports: steps, units, lost workers, failures."""

from __future__ import annotations

import errno
import signal
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from ..core.errors import CorefprepError
from .beat import Beat


@dataclass(frozen=True)
class Step:
    """One parallel step of a run: a name for the operator and the function each unit runs.

    ``fn(args, beat)`` and ``init(*init_args)`` must be importable top-level functions (local
    workers are forked, Ray pickles them). ``init`` runs once in every fresh worker (Kiwi is loaded
    there; with ``prefork`` loading it in this process first, forked workers share its pages). A
    step with documents sets ``item_limit`` (``--doc-timeout``): each document must finish within
    it. A step without documents gets a limit per unit derived from its size (see
    :mod:`corefprep.parallel.limits`).
    """

    name: str  # "counting inputs", "filter", "dedup signing", "dedup bands", "doctor"
    fn: Callable[[Any, Beat], Any]
    init: Callable[..., None] | None = None
    init_args: tuple[Any, ...] = ()
    prefork: Callable[[], Any] | None = None  # runs in this process before local workers are forked
    item_limit: float | None = None  # seconds per item (document); None: the step has no items
    unit_limit: float | None = None  # --unit-timeout: a fixed limit per unit of a step without items
    floor_rate: float = 1.0  # size per second assumed for the derived limit before any unit is measured
    memory: int = 256 * 2**20  # bytes one worker needs (Ray places actors by it)
    cpus: float = 0.9  # CPU reserved per Ray actor (see corefprep.parallel.ray)


@dataclass(frozen=True)
class Unit:
    """One piece of a step's work. ``key`` is how the operator reads it ("band-07", a file name)."""

    key: str
    args: Any
    size: float = 1.0  # in the step's own measure (bytes, documents, signatures)


@dataclass(frozen=True)
class Lost:
    """A worker is gone while it ran ``unit``: it died, or was killed for running too long."""

    unit: Unit
    item: int | None  # the document it was on; None between documents or in a step without them
    how: str  # "was killed by signal 9", "exited with code 1", "(a Ray actor) died: ..."
    timed_out: float | None = None  # killed for making no progress this many seconds

    def describe(self, item_name: str = "document") -> str:
        if self.timed_out is not None:
            if self.item is not None:
                return (f"{item_name} {self.item} ran past --doc-timeout ({self.timed_out:.0f} s); its worker was "
                        "killed")
            return f"no progress for {self.timed_out:.0f} s (its time limit); its worker was killed"
        where = f" on {item_name} {self.item}" if self.item is not None else ""
        return f"a worker {self.how}{where}"


@dataclass(frozen=True)
class SetAside:
    """An item a policy took out of its unit (a quarantined document) and why."""

    unit: Unit
    item: int
    reason: str  # "worker_died", "timeout"
    detail: str


@dataclass(frozen=True)
class Recovery:
    """What a policy makes of a lost unit."""

    redo: Unit | None  # runs again on a fresh worker; None: nothing of it is left to do
    counted: bool  # a failed attempt: after --retries of them the step fails
    cause: str  # said when retrying, and in the failing line
    set_aside: SetAside | None = None


def how_it_ended(exitcode: int | None) -> str:
    if exitcode is None:
        return "was lost"
    if exitcode < 0:
        try:
            name = signal.Signals(-exitcode).name
        except ValueError:
            name = f"signal {-exitcode}"
        return f"was killed by signal {-exitcode} ({name})"
    return f"exited with code {exitcode}"


class UnitFailed(CorefprepError):
    """A unit failed after its retries: the step and the run stop."""

    def __init__(self, step: str, unit: Unit, attempts: int, cause: str):
        super().__init__(f"{step}: unit {unit.key} failed {attempts} time{'s' if attempts != 1 else ''}: {cause}; "
                         "fix the cause and rerun the same command (finished units are kept)")
        self.step, self.unit, self.attempts, self.cause = step, unit, attempts, cause


class UnitError(CorefprepError):
    """A unit's own code raised: never retried (a bug, a full disk, an unreadable file)."""

    def __init__(self, step: str, unit: Unit, exc: BaseException):
        self.step, self.unit, self.internal = step, unit, not isinstance(exc, OSError)
        where = f"{step}: unit {unit.key}"
        if isinstance(exc, OSError):
            path = f" ({exc.filename})" if getattr(exc, "filename", None) else ""
            if exc.errno in (errno.ENOSPC, errno.EDQUOT):
                text = f"{where}: no space left on the device{path}"
            else:
                text = f"{where}: {exc.strerror or exc}{path}"
        else:
            text = f"{where} raised {type(exc).__name__}: {exc} (a bug in corefprep)"
        super().__init__(text)


@dataclass
class Attempts:
    """Failed attempts per unit, and deaths of workers that held no unit."""

    retries: int
    failed: dict[str, int] = field(default_factory=dict)
    idle_deaths: int = 0

    def count(self, unit: Unit) -> int:
        self.failed[unit.key] = self.failed.get(unit.key, 0) + 1
        return self.failed[unit.key]
