"""The one supervisor of every unit of parallel work (counting inputs, filter, signing, bands,
the doctor's sample): it hands a step's units to the run's engine, watches their beats, kills a
worker whose unit makes no progress past its limit, and answers every lost unit by the one rule
of :mod:`corefprep.parallel.policy`. Nothing it runs can hang the run: a unit either finishes, is
redone on a fresh worker, or the run stops naming the step and the unit.
"""

from __future__ import annotations

import itertools
import time
from collections import deque
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass
from typing import Any

from ..core.errors import CorefprepError
from .events import Died, Engine, Finished, IdleDeath, Raised, Requeue, Seen
from .limits import Limits
from .policy import Policy, RetryUnit
from .units import Attempts, Lost, SetAside, Step, Unit, UnitError, UnitFailed

POLL_SECONDS = 0.25
# Looks at the workers further apart than this mean the driver itself was away (stopped, suspended,
# or its caller took that long over an outcome): a beat left unread meanwhile says nothing of its
# reader, so a unit's beat counts as unknown only from the look that follows.
WATCH_GAP_SECONDS = 10.0


@dataclass(frozen=True)
class Outcome:
    """A finished unit's result, or an item a policy set aside (``result`` is then None)."""

    unit: Unit
    result: Any = None
    set_aside: SetAside | None = None


@dataclass
class _Running:
    """A unit handed to the engine, as the supervisor watches it (times on this process's monotonic clock)."""

    unit: Unit
    mark: tuple[int, int, int] | None = None  # its beat last seen (stamp, item, count); None: not started
    since: float = 0.0  # when that beat was first seen (it changed by then)
    killed: bool = False  # its worker was killed: its death is on its way
    unseen: float | None = None  # killed after its beat was unknown this long (not for a lack of progress)

    def look(self, seen: Seen) -> float:
        """Take in the beat seen; how long the unit is known to have made no progress."""
        beat = seen.beat
        mark = (beat.stamp, beat.item, beat.count)
        if mark != self.mark:
            self.mark, self.since = mark, seen.arrived
        return seen.as_of - self.since


class Supervisor:
    """Runs units of one step on an engine; use as a context manager (the workers live until exit)."""

    def __init__(self, step: Step, engine: Engine, *, retries: int, say: Callable[[str], None] | None = None):
        self.step, self.engine, self.retries = step, engine, max(0, retries)
        self.say = say or (lambda _line: None)
        self.limits = Limits(step)
        self._ids = itertools.count()
        self._running: dict[int, _Running] = {}
        self._looked = float("-inf")  # the last look at the workers
        self._looking_since = 0.0  # since when the looks have followed each other closely

    def __enter__(self) -> Supervisor:
        self.engine.start(self.step)
        return self

    def __exit__(self, *exc: object) -> None:
        self.engine.close()

    @property
    def workers(self) -> int:
        return self.engine.workers

    def progress(self) -> int:
        """Items counted by the units running now (see Beat.count)."""
        return sum(seen.beat.count for seen in self.engine.beats().values())

    def run(self, units: Iterable[Unit], policy: Policy | None = None, *,
            tick: Callable[[], None] | None = None) -> Iterator[Outcome]:
        """Run ``units`` (taken lazily, as the engine has room); yields outcomes as they come.
        ``tick`` is called after every look at the workers (a progress bar)."""
        policy = policy or RetryUnit()
        try:
            yield from self._run(iter(units), policy, tick)
        finally:
            if self._running:  # stopped early (an error, or the caller stopped reading): nothing of theirs is wanted
                self._running.clear()
                self.engine.close()

    def _run(self, source: Iterator[Unit], policy: Policy, tick: Callable[[], None] | None) -> Iterator[Outcome]:
        attempts = Attempts(self.retries)
        redo: deque[Unit] = deque()
        exhausted = False
        while True:
            while self.engine.free() > 0:
                unit = redo.popleft() if redo else None if exhausted else next(source, None)
                if unit is None:
                    exhausted = True
                    break
                self._submit(unit)
            if not self._running and not redo and exhausted:
                return
            for event in self.engine.poll(POLL_SECONDS):
                yield from self._handle(event, policy, attempts, redo)
            self._watch()
            if tick is not None:
                tick()

    def _submit(self, unit: Unit) -> None:
        uid = next(self._ids)
        self._running[uid] = _Running(unit)
        self.engine.submit(uid, unit.args)

    def _handle(self, event: Any, policy: Policy, attempts: Attempts, redo: deque[Unit]) -> Iterator[Outcome]:
        if isinstance(event, IdleDeath):
            attempts.idle_deaths += 1
            cause = f"a worker {event.how} while it held no unit"
            if attempts.idle_deaths > self.retries:
                raise CorefprepError(f"{self.step.name}: {cause} ({attempts.idle_deaths} times); fix the cause and "
                                     "rerun the same command (finished units are kept)")
            self.say(f"{self.step.name}: {cause}; going on with fresh workers")
            return
        running = self._running.pop(event.uid)
        unit = running.unit
        if isinstance(event, Finished):
            self.limits.finished(unit, event.seconds)
            yield Outcome(unit, event.result)
        elif isinstance(event, Requeue):
            redo.append(unit)
        elif isinstance(event, Raised):
            if isinstance(event.exc, CorefprepError):
                raise event.exc  # already says what to do, naming its input or batch
            raise UnitError(self.step.name, unit, event.exc) from event.exc
        elif isinstance(event, Died):
            recovery = policy.lost(self._lost(running, event))
            if recovery.set_aside is not None:
                yield Outcome(unit, None, recovery.set_aside)
            if recovery.counted:
                n = attempts.count(unit)
                if n > self.retries:
                    raise UnitFailed(self.step.name, unit, n, recovery.cause)
                self.say(f"{self.step.name}: unit {unit.key}: {recovery.cause}; retrying on a fresh worker "
                         f"({n}/{self.retries})")
            elif recovery.set_aside is None and recovery.redo is not None:
                self.say(f"{self.step.name}: unit {unit.key}: {recovery.cause}; handed out again")
            if recovery.redo is not None:
                redo.append(recovery.redo)

    @staticmethod
    def _lost(running: _Running, event: Died) -> Lost:
        if running.unseen is not None:  # nothing is known against its document: it is not blamed
            return Lost(running.unit, None, f"was killed after its progress could not be read for {running.unseen:.0f} "
                        "s", None)
        return Lost(running.unit, event.item, event.how, event.timed_out)

    def _watch(self) -> None:
        """Kill the worker of a unit known to have made no progress for longer than its limit, or
        whose progress has been unknown for far longer (see :class:`~corefprep.parallel.events.Seen`
        and :meth:`~corefprep.parallel.limits.Limits.unseen`)."""
        now = time.monotonic()
        if now - self._looked > WATCH_GAP_SECONDS:
            self._looking_since = now
        self._looked = now
        beats = self.engine.beats()
        for uid, running in self._running.items():
            seen = beats.get(uid)
            if seen is None or running.killed:
                continue  # queued (nothing of it can be stuck yet), or its death is on its way
            stuck = running.look(seen)
            if stuck > self.limits.of(running.unit, seen.beat):
                running.killed = True
                self.engine.kill(uid, stuck)
            elif now - max(seen.as_of, self._looking_since) > self.limits.unseen(running.unit, seen.beat):
                running.killed, running.unseen = True, now - seen.as_of
                self.engine.kill(uid, None)
