"""The local engine: a step's units on worker processes of this machine.

Each worker is a ``concurrent.futures.ProcessPoolExecutor`` of one forked process (a step's
``prefork`` loads Kiwi in this process first, so every worker shares its pages copy-on-write).
The executor turns its worker's death into ``BrokenProcessPool`` instead of waiting for it, and
one executor per worker means a death costs only that worker's units: the others go on. Each
worker writes its beat (:class:`~corefprep.parallel.beat.RowBeat`) into memory shared with this
process, so when it dies this module knows which unit it was running, and on which document:

- the unit it was running is reported :class:`Died` (with how the process ended, and the time it
  had made no progress when the supervisor killed it);
- units only queued behind it are reported :class:`Requeue` (they run again, not counted);
- a worker that dies between units is an :class:`IdleDeath`;
- the worker is replaced by a fresh process when it is next needed.

After ``--maxtasksperchild`` units a worker is drained and replaced, which bounds what a leak can
grow to; the other workers go on meanwhile.
"""

from __future__ import annotations

import multiprocessing as mp
import os
import signal
import threading
import time
from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, wait
from concurrent.futures.process import BrokenProcessPool
from dataclasses import dataclass, field
from multiprocessing.context import ForkContext, ForkProcess
from typing import Any, NamedTuple

from ..core.heap import frozen_for_fork
from ..core.stop import die_with_parent, parent_pid
from .beat import FIELDS, NO_ITEM, BeatRecord, RowBeat, read_row
from .events import Died, Event, Finished, IdleDeath, Raised, Requeue, Seen
from .units import Step, how_it_ended

EXIT_WAIT = 5.0  # seconds for a dead worker's executor to fail its futures and reap it
CLOSE_WAIT = 30.0  # seconds a clean shutdown may take before the worker is killed
# A worker that has not begun its first unit this long after it was started is stuck in the step's
# init (the forked workers' Kiwi is the parent's, so init takes milliseconds): it is killed.
START_SECONDS = 300.0

# --- worker side ----------------------------------------------------------------------------

_BEAT: RowBeat | None = None
_FN: Any = None
_INIT_ERROR: BaseException | None = None


def _worker_init(table: Any, fn: Any, init: Any, init_args: tuple[Any, ...]) -> None:
    global _BEAT, _FN, _INIT_ERROR
    # However the driver ends (SIGKILL included), its workers go with it, at once: a worker left
    # behind holds Kiwi's memory, and one that finishes its unit could write a file after the next
    # run has taken the lock. The executor forks this process from the thread that submits to it,
    # the supervisor's, which keeps using the worker until it closes it (why and the limits: see
    # die_with_parent).
    die_with_parent(parent_pid())
    # Ctrl-C goes to the parent, which stops the workers. A SIGTERM handler inherited from the
    # parent (Ray's local node installs one) must not run here: SIGTERM ends a worker at once.
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    signal.signal(signal.SIGTERM, signal.SIG_DFL)
    _BEAT, _FN = RowBeat(table, 0), fn
    try:
        if init is not None:
            init(*init_args)
    except BaseException as exc:  # noqa: BLE001 - reported by every unit, as the unit's own error
        _INIT_ERROR = exc


class _Out(NamedTuple):
    result: Any
    seconds: float


def _run_unit(uid: int, args: Any) -> _Out:
    beat = _BEAT
    assert beat is not None
    if _INIT_ERROR is not None:
        raise _INIT_ERROR
    t0 = time.perf_counter()
    beat.begin(uid)
    try:
        result = _FN(args, beat)
    finally:
        beat.end()
    return _Out(result, time.perf_counter() - t0)


# --- parent side ----------------------------------------------------------------------------


@dataclass
class _Worker:
    """One worker process, behind an executor of its own."""

    executor: ProcessPoolExecutor
    table: Any  # its beat
    futures: dict[Future[_Out], int] = field(default_factory=dict)  # queued or running units by uid
    procs: list[Any] = field(default_factory=list)  # the Process the executor started (on its first submit)
    submitted: int = 0
    killed: float | None = None  # seconds without progress when the supervisor killed it
    born: float = field(default_factory=time.monotonic)

    def beat(self) -> BeatRecord:
        return read_row(self.table, 0)

    @property
    def process(self) -> Any:
        return self.procs[0] if self.procs else None


def _recording_context(procs: list[Any]) -> ForkContext:
    """A fork context whose processes put themselves in ``procs`` when they start: how this
    module learns its worker's exit code without reaching into the executor."""

    class Worker(ForkProcess):
        def start(self) -> None:
            # the imports and Kiwi's wrapper stay shared with the worker (1 MB copied, not 39)
            with frozen_for_fork():
                super().start()
            procs.append(self)

    class Context(ForkContext):
        Process = Worker  # type: ignore[assignment]

    return Context()


class LocalWorkers:
    """The local engine (see the module docstring)."""

    def __init__(self, workers: int, *, max_units_per_worker: int | None = None, window: int | None = None):
        self.workers = max(1, workers)
        self.max_units = max_units_per_worker
        self.per_worker = max(1, (window or 2 * self.workers) // self.workers)  # units queued or running on each
        self.step: Step | None = None
        self._slots: list[_Worker | None] = [None] * self.workers
        self._owner: dict[Future[_Out], _Worker] = {}
        self.started = 0  # worker processes started

    def start(self, step: Step) -> None:
        self.step = step

    # -- submitting ------------------------------------------------------------------------------

    def _room(self, i: int) -> int:
        w = self._slots[i]
        if w is None:
            return self.per_worker
        if self.max_units is not None and w.submitted >= self.max_units:
            if w.futures:
                return 0  # drain, then replace it
            self._retire(i)
            return self.per_worker
        room = self.per_worker - len(w.futures)
        return room if self.max_units is None else min(room, self.max_units - w.submitted)

    def free(self) -> int:
        return sum(max(0, self._room(i)) for i in range(self.workers))

    def submit(self, uid: int, args: Any) -> None:
        i = max(range(self.workers), key=self._room)
        w = self._slots[i] or self._new_worker(i)
        try:
            fut = w.executor.submit(_run_unit, uid, args)
            w.submitted += 1
        except (BrokenProcessPool, RuntimeError) as exc:  # it died since the last poll: sorted out there
            fut = Future()
            fut.set_exception(BrokenProcessPool(str(exc)))
        w.futures[fut] = uid
        self._owner[fut] = w

    def _new_worker(self, i: int) -> _Worker:
        step = self.step
        assert step is not None
        if step.prefork is not None:
            step.prefork()
        table = mp.get_context("fork").RawArray("q", FIELDS)
        procs: list[Any] = []
        ex = ProcessPoolExecutor(1, mp_context=_recording_context(procs), initializer=_worker_init,
                                 initargs=(table, step.fn, step.init, step.init_args))
        self._slots[i] = w = _Worker(ex, table, procs=procs)
        self.started += 1
        return w

    # -- watching --------------------------------------------------------------------------------

    def beats(self) -> dict[int, Seen]:
        out = {}
        now = time.monotonic()  # read in shared memory: the beat as it is now
        for w in self._slots:
            if w is not None and w.futures:
                rec = w.beat()
                if rec.pid > 0 and rec.unit in w.futures.values():
                    out[rec.unit] = Seen(rec, now, now)
        return out

    def kill(self, uid: int, seconds: float) -> None:
        for w in self._slots:
            if w is not None and w.futures:
                rec = w.beat()
                if rec.unit == uid and rec.pid > 0:
                    w.killed = seconds
                    _sigkill(rec.pid)

    def poll(self, timeout: float) -> list[Event]:
        if not self._owner:
            time.sleep(timeout)
            return []
        self._kill_stuck_starters()
        done, _ = wait(list(self._owner), timeout=timeout, return_when=FIRST_COMPLETED)
        events: list[Event] = []
        broken: list[_Worker] = []
        for fut in done:
            w = self._owner.get(fut)
            if w is None:
                continue  # sorted out with its worker's death below
            if isinstance(fut.exception(), BrokenProcessPool):
                if w not in broken:
                    broken.append(w)
                continue
            events.append(self._collect(w, fut))
        for w in broken:
            events += self._after_death(w)
        return events

    def _kill_stuck_starters(self) -> None:
        """A worker stuck in the step's init never marks a unit, so no limit would ever catch it."""
        now = time.monotonic()
        for w in self._slots:
            if (w is not None and w.futures and w.process is not None and w.beat().pid == 0
                    and now - w.born > START_SECONDS):
                _sigkill(w.process.pid)

    def _collect(self, w: _Worker, fut: Future[_Out]) -> Event:
        uid = w.futures.pop(fut)
        del self._owner[fut]
        try:
            out = fut.result()
        except BaseException as exc:  # noqa: BLE001 - the unit's own error, judged by the supervisor
            return Raised(uid, exc)
        return Finished(uid, out.result, out.seconds)

    # -- a dead worker -----------------------------------------------------------------------------

    def _after_death(self, w: _Worker) -> list[Event]:
        """The units of a worker whose process is gone: the one it ran died with it, the rest go again."""
        wait(list(w.futures), timeout=EXIT_WAIT)  # the executor fails every one of them at once
        rec = w.beat()
        code = _exit_code(w.process)
        events: list[Event] = []
        running = rec.unit if rec.pid > 0 else -1
        for fut, uid in list(w.futures.items()):
            if fut.done() and not isinstance(fut.exception(), BrokenProcessPool):
                events.append(self._collect(w, fut))
            elif uid == running:
                item = rec.item if rec.item != NO_ITEM else None
                events.append(Died(uid, item, how_it_ended(code), w.killed))
            else:
                events.append(Requeue(uid))
        if running not in w.futures.values():
            events.append(IdleDeath(how_it_ended(code)))
        self._discard(w)
        return events

    def _discard(self, w: _Worker) -> None:
        for fut in w.futures:
            self._owner.pop(fut, None)
        w.futures.clear()
        if w.process is not None and w.process.exitcode is None:
            _sigkill(w.process.pid)
        w.executor.shutdown(wait=False, cancel_futures=True)
        self._slots = [None if s is w else s for s in self._slots]

    def _retire(self, i: int) -> None:
        """Replace a drained worker (--maxtasksperchild), or one no longer wanted."""
        w = self._slots[i]
        if w is None:
            return
        stopper = threading.Thread(target=w.executor.shutdown, kwargs={"wait": True}, daemon=True)
        stopper.start()
        stopper.join(CLOSE_WAIT)
        self._discard(w)

    def close(self) -> None:
        for i, w in enumerate(self._slots):
            if w is None:
                continue
            if w.futures:  # stopped early (an error, Ctrl-C): nothing of theirs is wanted
                self._discard(w)
            else:
                self._retire(i)


def _exit_code(process: Any) -> int | None:
    """The dead worker's exit code, once its executor has reaped it."""
    if process is None:
        return None
    deadline = time.monotonic() + EXIT_WAIT
    while process.exitcode is None and time.monotonic() < deadline:
        time.sleep(0.01)
    return process.exitcode


def _sigkill(pid: int) -> None:
    try:
        os.kill(pid, signal.SIGKILL)
    except ProcessLookupError:
        pass
