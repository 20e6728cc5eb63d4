"""Deciding documents: a Pool of forked worker processes (local engine) or this process (Ray actors).

:class:`KiwiPool` is a ``multiprocessing.Pool`` whose workers inherit a warmed-up Kiwi from the
parent (copy-on-write, see :mod:`corefprep.kiwi`) and apply the rule set's ``decide`` to chunks of
survivors. The parent keeps every chunk it has handed out until its results are back, and a
shared table tells which document each worker is on and since when. That is what makes a single
document unable to stop a night's run:

- a worker that dies (segfault, OOM kill) loses its chunk: the chunk is handed out again; a
  document on which workers died twice is *quarantined* (rejected as ``worker_died``) and the
  rest of its chunk goes on;
- a document that runs past ``doc_timeout`` has its worker killed and is quarantined as
  ``timeout`` at once;
- a pool that stops making progress (all workers idle while chunks are out, e.g. a worker killed
  while it held the task queue's lock) is rebuilt and the chunks handed out again.

With ``strict`` the first death or timeout stops the batch instead (the caller retries it and
then stops the run naming the document).
"""

from __future__ import annotations

import math
import multiprocessing as mp
import multiprocessing.pool
import os
import queue
import signal
import threading
import time
from collections import Counter
from collections.abc import Iterator
from multiprocessing.context import ForkContext, ForkProcess
from typing import Any, NamedTuple

from .errors import BatchFailedError
from .filter import DocResult, Survivor
from .kiwi import load_kiwi

NUM_SLOTS = 4096
_FIELDS = 4  # per slot: pid, chunk id, doc_index (-1 between documents), start (monotonic ns)
POLL_SECONDS = 0.5
STALL_SECONDS = 60.0  # all workers idle this long while chunks are out: rebuild the pool
TERMINATE_WAIT = 10.0  # a Pool.terminate() stuck this long is freed of a dead worker's queue lock
UNATTRIBUTED_DEATHS = 3  # a chunk that loses this many workers between documents fails the batch

# --- worker side ----------------------------------------------------------------------------

_RULES: Any = None
_KIWI: Any = None
_SLOTS: Any = None
_FAULTS: dict[int, str] = {}


def _init_worker(rules: Any, slots: Any) -> None:
    global _RULES, _KIWI, _SLOTS, _FAULTS
    _RULES, _SLOTS = rules, slots
    # Ctrl-C goes to the parent, which stops the Pool; workers must not print tracebacks.
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    _KIWI = load_kiwi() if rules.uses_kiwi else None  # inherited from the parent through fork
    _FAULTS = parse_faults(os.environ.get("COREFPREP_FAULTS", ""))


def parse_faults(spec: str) -> dict[int, str]:
    """Fault injection for the reliability tests: ``raise@12,kill@40,kill-once@7:/tmp/marker,hang@9``
    (``-once`` faults create their marker file and do not fire again while it exists)."""
    faults: dict[int, str] = {}
    for part in filter(None, (p.strip() for p in spec.split(","))):
        action, _, rest = part.partition("@")
        idx, _, arg = rest.partition(":")
        faults[int(idx)] = f"{action}:{arg}"
    return faults


def inject_fault(doc_index: int, faults: dict[int, str]) -> None:
    action, _, arg = faults[doc_index].partition(":")
    if action == "raise" or (action == "raise-once" and not os.path.exists(arg)):
        if arg:
            open(arg, "w").close()
        raise RuntimeError(f"injected fault on document {doc_index}")
    if action == "hang":
        while True:  # like a native call that never returns
            time.sleep(3600)
    if action == "kill" or (action == "kill-once" and not os.path.exists(arg)):
        if arg:
            open(arg, "w").close()
        os.kill(os.getpid(), signal.SIGKILL)


class _ChunkOut(NamedTuple):
    chunk_id: int
    wall: float
    cpu: float
    results: list[tuple[Any, ...]]


def _decide_chunk(chunk_id: int, items: list[tuple[int, str, str | None]]) -> _ChunkOut:
    t0, c0 = time.perf_counter(), time.process_time()
    pid = os.getpid()
    base = (pid % NUM_SLOTS) * _FIELDS
    slots = _SLOTS
    slots[base + 2] = -1
    slots[base], slots[base + 1] = pid, chunk_id
    out = []
    for doc_index, text, url in items:
        slots[base + 3] = time.monotonic_ns()
        slots[base + 2] = doc_index
        try:
            if _FAULTS and doc_index in _FAULTS:
                inject_fault(doc_index, _FAULTS)
            d = _RULES.decide(text, _KIWI, url=url)
        except Exception as exc:  # not Kiwi (that is a counted reason): a bug or a poisoned input
            out.append((doc_index, "__error__", [], 0, f"{type(exc).__name__}: {exc}"))
            continue
        out.append((doc_index, d.reason, d.entities, d.kiwi_chars, d.error))
    slots[base + 2] = -1
    return _ChunkOut(chunk_id, time.perf_counter() - t0, time.process_time() - c0, out)


# --- parent side ----------------------------------------------------------------------------


class _TrackedProcess(ForkProcess):
    """Pool worker that registers itself, so a worker killed by a signal is seen even after the
    Pool has quietly replaced it."""

    registry: list[ForkProcess] = []

    def start(self) -> None:
        super().start()
        _TrackedProcess.registry.append(self)

    def run(self) -> None:
        # A SIGTERM handler installed in the parent (Ray's local node installs one that drains the
        # node over gRPC, which hangs after fork) must not run in a worker that Pool.terminate stops.
        signal.signal(signal.SIGTERM, signal.SIG_DFL)
        super().run()


class _TrackedContext(ForkContext):
    Process = _TrackedProcess  # type: ignore[assignment]


class WorkerDied(Exception):
    """A worker died (with --strict, or too often between documents to tell which one killed it)."""

    def __init__(self, pid: int, exitcode: int, doc_index: int | None, timed_out: float | None = None):
        self.pid, self.exitcode, self.doc_index, self.timed_out = pid, exitcode, doc_index, timed_out
        super().__init__(self.describe())

    def describe(self) -> str:
        where = f"on document {self.doc_index}" if self.doc_index is not None else "(document unknown)"
        if self.timed_out is not None:
            return f"document {self.doc_index} ran past --doc-timeout ({self.timed_out:.0f} s); its worker was killed"
        how = f"killed by signal {-self.exitcode}" if self.exitcode < 0 else f"exited with code {self.exitcode}"
        return f"a worker was {how} {where}"


class _Chunk(NamedTuple):
    items: list[Survivor]
    unattributed_deaths: int


def auto_chunksize(expected_docs: int, workers: int, chunksize: int) -> int:
    """Chunks small enough that every worker gets several, so none idles at the end of a batch."""
    return max(1, min(chunksize, math.ceil(expected_docs / (workers * 8))))


class KiwiPool:
    """A Pool of rule-deciding workers that survives across batches (see the module docstring)."""

    def __init__(self, rules: Any, workers: int, maxtasksperchild: int = 1000, *, chunksize: int = 2000,
                 doc_timeout: float = 120.0, strict: bool = False):
        self.rules, self.workers, self.maxtasksperchild = rules, workers, maxtasksperchild
        self.chunksize, self.doc_timeout, self.strict = chunksize, doc_timeout, strict
        self.slots = mp.get_context("fork").RawArray("q", _FIELDS * NUM_SLOTS)
        self.pool: Any = None
        self._wall = self._cpu = 0.0
        self._next_id = 0
        self.deaths: Counter[int] = Counter()  # doc_index -> workers it killed
        self.timed_out: dict[int, float] = {}  # doc_index -> seconds it had run when killed
        self.unattributed = 0  # workers that died between documents
        self.rebuilds = 0

    @property
    def death_count(self) -> int:
        """Workers that died (not retired) since this Pool object was made."""
        return sum(self.deaths.values()) + self.unattributed

    def __enter__(self) -> KiwiPool:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def busy_seconds(self) -> tuple[float, float]:
        return self._wall, self._cpu

    def get(self) -> Any:
        if self.pool is None:
            if self.rules.uses_kiwi:
                load_kiwi()
            _TrackedProcess.registry.clear()
            self.pool = mp.pool.Pool(
                self.workers,
                initializer=_init_worker,
                initargs=(self.rules, self.slots),
                maxtasksperchild=self.maxtasksperchild,
                context=_TrackedContext(),
            )
        return self.pool

    def close(self, terminate: bool = True) -> None:
        """Stop the workers. Always by terminate: a chunk lost with a dead worker stays in the
        Pool's task cache forever, and ``Pool.close(); join()`` would wait for it."""
        if self.pool is None:
            return
        pool, self.pool = self.pool, None
        stopper = threading.Thread(target=pool.terminate, daemon=True, name="corefprep-pool-terminate")
        stopper.start()
        stopper.join(TERMINATE_WAIT)
        if stopper.is_alive():
            # terminate() first takes the task queue's lock; a worker killed while it held that lock
            # (waiting for a task) never gives it back. Nobody else can hold it now: free it.
            try:
                pool._inqueue._rlock.release()
            except (ValueError, AttributeError):
                pass
            stopper.join(60)
        pool.join()

    # -- deciding ------------------------------------------------------------------------------

    def decide(self, survivors: Iterator[Survivor], expected: int = 0) -> Iterator[tuple[Survivor, DocResult]]:
        """Decide every survivor; yields (survivor, result) as chunks come back, in no fixed order."""
        size = auto_chunksize(expected, self.workers, self.chunksize) if expected else self.chunksize
        limit = 3 * self.workers  # chunks out at once: every worker busy, memory bounded
        inflight: dict[int, _Chunk] = {}
        results: queue.SimpleQueue[Any] = queue.SimpleQueue()
        exhausted = False
        last_progress = time.monotonic()
        last_watch = 0.0
        try:
            while True:
                while not exhausted and len(inflight) < limit:
                    items = _take(survivors, size)
                    if not items:
                        exhausted = True
                        break
                    self._submit(_Chunk(items, 0), inflight, results)
                if not inflight:
                    if exhausted:
                        return
                    continue
                try:
                    msg = results.get(timeout=POLL_SECONDS)
                except queue.Empty:
                    msg = None
                if isinstance(msg, BaseException):
                    raise msg
                if msg is not None:
                    chunk = inflight.pop(msg.chunk_id, None)
                    if chunk is not None:  # else: a chunk handed out again came back twice
                        last_progress = time.monotonic()
                        self._wall += msg.wall
                        self._cpu += msg.cpu
                        by_index = {s.doc_index: s for s in chunk.items}
                        for r in msg.results:
                            if r[1] == "__error__":
                                raise BatchFailedError(f"document {r[0]} made a worker fail ({r[4]})")
                            yield by_index[r[0]], DocResult(*r)
                now = time.monotonic()
                if now - last_watch >= POLL_SECONDS:
                    last_watch = now
                    quarantined, progressed = self._watch(inflight, results, now - last_progress)
                    if progressed:
                        last_progress = now
                    yield from quarantined
        except BaseException:
            self.close(terminate=True)
            raise

    def _submit(self, chunk: _Chunk, inflight: dict[int, _Chunk], results: queue.SimpleQueue[Any]) -> None:
        cid = self._next_id
        self._next_id += 1
        inflight[cid] = chunk
        self.get().apply_async(_decide_chunk, (cid, [(s.doc_index, s.text, s.url) for s in chunk.items]),
                               callback=results.put, error_callback=results.put)

    def _watch(self, inflight: dict[int, _Chunk], results: queue.SimpleQueue[Any],
               idle_for: float) -> tuple[list[tuple[Survivor, DocResult]], bool]:
        """Deaths, timeouts and stalls: returns (quarantined documents, whether chunks were re-sent)."""
        out: list[tuple[Survivor, DocResult]] = []
        resent = False
        now_ns = time.monotonic_ns()
        busy = False
        for p in list(_TrackedProcess.registry):
            pid, code = p.pid or -1, p.exitcode
            base = (pid % NUM_SLOTS) * _FIELDS
            own = self.slots[base] == pid
            chunk_id = self.slots[base + 1] if own else -1
            doc = self.slots[base + 2] if own else -1
            if code is None:  # alive: is it past the timeout?
                if doc >= 0:
                    busy = True
                    ran = (now_ns - self.slots[base + 3]) / 1e9
                    if ran > self.doc_timeout and doc not in self.timed_out:
                        self.timed_out[doc] = ran
                        os.kill(pid, signal.SIGKILL)
                continue
            _TrackedProcess.registry.remove(p)
            if code == 0:
                continue  # retired after maxtasksperchild
            chunk = inflight.pop(chunk_id, None)
            if chunk is None:
                continue  # its chunk is unknown; the stall check below hands everything out again
            resent = True
            remaining = chunk.items
            if doc >= 0:
                timed_out = self.timed_out.get(doc)
                self.deaths[doc] += 1
                if self.strict:
                    raise WorkerDied(pid, code, doc, timed_out)
                if timed_out is not None or self.deaths[doc] >= 2:
                    reason = "timeout" if timed_out is not None else "worker_died"
                    detail = WorkerDied(pid, code, doc, timed_out).describe()
                    surv = next(s for s in chunk.items if s.doc_index == doc)
                    out.append((surv, DocResult(doc, reason, [], 0, detail)))
                    remaining = [s for s in chunk.items if s.doc_index != doc]
                deaths = chunk.unattributed_deaths
            else:
                self.unattributed += 1
                deaths = chunk.unattributed_deaths + 1
                if deaths >= UNATTRIBUTED_DEATHS or self.strict:
                    raise WorkerDied(pid, code, None)
            if remaining:
                self._submit(_Chunk(remaining, deaths), inflight, results)
        if inflight and not busy and idle_for > STALL_SECONDS and results.empty():
            # Chunks are out but no worker is on a document: their results are lost (a worker died
            # while taking a task, leaving the Pool's queue locked). Start over with a fresh Pool.
            self.rebuilds += 1
            self.close(terminate=True)
            lost = list(inflight.values())
            inflight.clear()
            for chunk in lost:
                self._submit(chunk, inflight, results)
            resent = True
        return out, resent


def _take(it: Iterator[Survivor], n: int) -> list[Survivor]:
    out = []
    for s in it:
        out.append(s)
        if len(out) >= n:
            break
    return out


class InProcessDecider:
    """Decides survivors in this process (a Ray actor holds one Kiwi and uses this).

    A document cannot be interrupted here, so ``doc_timeout`` is enforced by a watchdog thread
    that calls ``on_timeout(survivor, seconds)``: the Ray engine records the document and ends the
    actor, and the batch's retry skips it.
    """

    def __init__(self, rules: Any, kiwi: Any = None, *, doc_timeout: float | None = None,
                 on_timeout: Any = None):
        self.rules = rules
        self.kiwi = kiwi if kiwi is not None or not rules.uses_kiwi else load_kiwi()
        self.workers = 1
        self.doc_timeout, self.on_timeout = doc_timeout, on_timeout
        self._wall = self._cpu = 0.0
        self._current: tuple[Survivor, float] | None = None
        self._watchdog: threading.Thread | None = None

    def busy_seconds(self) -> tuple[float, float]:
        return self._wall, self._cpu

    def decide(self, survivors: Iterator[Survivor], expected: int = 0) -> Iterator[tuple[Survivor, DocResult]]:
        if self.doc_timeout and self.on_timeout is not None and self._watchdog is None:
            self._watchdog = threading.Thread(target=self._watch, daemon=True, name="corefprep-doc-timeout")
            self._watchdog.start()
        rules, kiwi = self.rules, self.kiwi
        for s in survivors:
            t0, c0 = time.perf_counter(), time.process_time()
            self._current = (s, time.monotonic())
            try:
                d = rules.decide(s.text, kiwi, url=s.url)
            except Exception as exc:
                raise BatchFailedError(f"document {s.doc_index} made the rules fail ({type(exc).__name__}: "
                                       f"{exc})") from exc
            finally:
                self._current = None
                self._wall += time.perf_counter() - t0
                self._cpu += time.process_time() - c0
            yield s, DocResult(s.doc_index, d.reason, d.entities, d.kiwi_chars, d.error)

    def _watch(self) -> None:
        while True:
            time.sleep(1.0)
            cur = self._current
            if cur is not None and time.monotonic() - cur[1] > (self.doc_timeout or math.inf):
                self.on_timeout(cur[0], time.monotonic() - cur[1])
                return
