"""The local engine's decider: a Pool of forked worker processes that share one warmed-up Kiwi.

:class:`KiwiPool` is a ``multiprocessing.Pool`` whose workers inherit the parent's Kiwi
copy-on-write (see :mod:`corefprep.rules.kiwi`) and apply the judge's ``decide`` to chunks of
documents. The parent keeps every chunk it has handed out until its results are back, and a table
shared with the workers says which document each worker is on and since when. Each worker owns one
row of that table, given to it by the parent when it starts (never derived from its pid, so two
workers can never read each other's row). That is what turns a dying or hanging worker into a
precise fault for :class:`~corefprep.filter.faults.BatchFaults`:

- a worker that dies (segfault, OOM kill) loses its chunk; the faults machine quarantines its
  document or has the chunk handed out again;
- a document that runs past ``doc_timeout`` has its worker killed; the kill is remembered by the
  worker's pid, so a retry with fresh workers times the document out again;
- a pool that stops making progress (all workers idle while chunks are out, e.g. a worker killed
  while it held the task queue's lock) is rebuilt and the chunks handed out again.
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
from collections.abc import Iterator
from multiprocessing.context import ForkContext, ForkProcess
from typing import Any, NamedTuple

from ..io.documents import Document
from ..rules.kiwi import load_kiwi
from ..signatures.minhash import Signer
from .deciders import decide_one
from .faults import BatchFaults, WorkerLost
from .judge import Judge
from .records import Verdict

MAX_SLOTS = 4096  # rows of the shared table: workers alive at once, retired ones until noticed
_FIELDS = 4  # per row: pid, chunk id, doc_index (-1 between documents), start (monotonic ns)
POLL_SECONDS = 0.5
STALL_SECONDS = 60.0  # all workers idle this long while chunks are out: rebuild the pool
TERMINATE_WAIT = 10.0  # a Pool.terminate() stuck this long is freed of a dead worker's queue lock

# --- worker side ----------------------------------------------------------------------------

_JUDGE: Any = None
_SIGNER: Any = None
_KIWI: Any = None
_TABLE: Any = None
_ROW = -1  # this worker's row of the table, set by the parent before the fork


def _needs_kiwi(judge: Judge, signer: Signer | None) -> bool:
    return judge.uses_kiwi or (signer is not None and signer.uses_kiwi)


def _init_worker(judge: Judge, table: Any, signer: Signer | None) -> None:
    global _JUDGE, _SIGNER, _KIWI, _TABLE
    _JUDGE, _SIGNER, _TABLE = judge, signer, table
    # Ctrl-C goes to the parent, which stops the Pool; workers must not print tracebacks.
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    _KIWI = load_kiwi() if _needs_kiwi(judge, signer) else None  # inherited from the parent through fork


class _ChunkOut(NamedTuple):
    chunk_id: int
    wall: float
    cpu: float
    verdicts: list[Verdict]


def _decide_chunk(chunk_id: int, docs: list[Document]) -> _ChunkOut:
    t0, c0 = time.perf_counter(), time.process_time()
    base = _ROW * _FIELDS
    table = _TABLE
    table[base + 2] = -1
    table[base], table[base + 1] = os.getpid(), chunk_id
    out = []
    for doc in docs:
        table[base + 3] = time.monotonic_ns()
        table[base + 2] = doc.doc_index
        out.append(decide_one(_JUDGE, _KIWI, doc, _SIGNER))
    table[base + 2] = -1
    return _ChunkOut(chunk_id, time.perf_counter() - t0, time.process_time() - c0, out)


# --- parent side ----------------------------------------------------------------------------


class _Rows:
    """Which rows of the table are free (the Pool starts workers from its own thread)."""

    def __init__(self) -> None:
        self._free = list(range(MAX_SLOTS - 1, -1, -1))
        self._lock = threading.Lock()

    def take(self) -> int:
        with self._lock:
            if not self._free:
                raise RuntimeError("corefprep: no free worker slot; this is a bug, please report it")
            return self._free.pop()

    def give_back(self, row: int) -> None:
        with self._lock:
            self._free.append(row)


def _context(rows: _Rows, started: list[Any]) -> ForkContext:
    """A fork context whose processes take a row of the table before they fork and register
    themselves, so a worker killed by a signal is seen even after the Pool quietly replaced it."""

    class Worker(ForkProcess):
        row = -1

        def start(self) -> None:
            self.row = rows.take()
            super().start()
            started.append(self)

        def run(self) -> None:
            global _ROW
            _ROW = self.row
            # A SIGTERM handler installed in the parent (Ray's local node installs one that drains the
            # node over gRPC, which hangs after fork) must not run in a worker that Pool.terminate stops.
            signal.signal(signal.SIGTERM, signal.SIG_DFL)
            super().run()

    class Context(ForkContext):
        Process = Worker  # type: ignore[assignment]

    return Context()


class _Chunk(NamedTuple):
    docs: list[Document]


def auto_chunksize(expected_docs: int, workers: int, chunksize: int) -> int:
    """Chunks small enough that every worker gets several, so none idles at the end of a batch."""
    return max(1, min(chunksize, math.ceil(expected_docs / (workers * 8))))


def _how(exitcode: int) -> str:
    return f"was killed by signal {-exitcode}" if exitcode < 0 else f"exited with code {exitcode}"


class KiwiPool:
    """A Pool of rule-deciding workers that survives across batches (see the module docstring)."""

    def __init__(self, judge: Judge, workers: int, maxtasksperchild: int = 1000, *, chunksize: int = 2000,
                 doc_timeout: float = 120.0, signer: Signer | None = None):
        self.judge, self.workers, self.maxtasksperchild, self.signer = judge, workers, maxtasksperchild, signer
        self.chunksize, self.doc_timeout = chunksize, doc_timeout
        self.table = mp.get_context("fork").RawArray("q", _FIELDS * MAX_SLOTS)
        self.pool: Any = None
        self._rows = _Rows()
        self._procs: list[Any] = []  # every worker this pool started that has not been seen dead yet
        self._overrun: dict[int, tuple[int, float]] = {}  # pid -> (doc_index, seconds) of a worker we killed
        self._wall = self._cpu = 0.0
        self._next_id = 0
        self.rebuilds = 0

    def __enter__(self) -> KiwiPool:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def busy_seconds(self) -> tuple[float, float]:
        return self._wall, self._cpu

    def get(self) -> Any:
        if self.pool is None:
            if _needs_kiwi(self.judge, self.signer):
                load_kiwi()
            self.pool = mp.pool.Pool(
                self.workers,
                initializer=_init_worker,
                initargs=(self.judge, self.table, self.signer),
                maxtasksperchild=self.maxtasksperchild,
                context=_context(self._rows, self._procs),
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
        # every worker is gone: their rows are free, and nothing they did carries over
        for p in self._procs:
            self._rows.give_back(p.row)
        self._procs.clear()
        self._overrun.clear()

    # -- deciding ------------------------------------------------------------------------------

    def decide(self, docs: Iterator[Document], faults: BatchFaults,
               expected: int = 0) -> Iterator[tuple[Document, Verdict]]:
        """Decide every document; yields (document, verdict) as chunks come back, in no fixed order."""
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
                    items = _take(docs, size)
                    if not items:
                        exhausted = True
                        break
                    self._submit(_Chunk(items), inflight, results)
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
                        by_index = {d.doc_index: d for d in chunk.docs}
                        for v in msg.verdicts:
                            yield by_index[v.doc_index], v
                now = time.monotonic()
                if now - last_watch >= POLL_SECONDS:
                    last_watch = now
                    quarantined, progressed = self._watch(inflight, results, faults, now - last_progress)
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
        self.get().apply_async(_decide_chunk, (cid, chunk.docs), callback=results.put, error_callback=results.put)

    def _watch(self, inflight: dict[int, _Chunk], results: queue.SimpleQueue[Any], faults: BatchFaults,
               idle_for: float) -> tuple[list[tuple[Document, Verdict]], bool]:
        """Deaths, timeouts and stalls: returns (quarantined documents, whether work was handed out again)."""
        out: list[tuple[Document, Verdict]] = []
        resent = False
        now_ns = time.monotonic_ns()
        busy = False
        table = self.table
        for p in list(self._procs):
            base = p.row * _FIELDS
            own = table[base] == p.pid
            chunk_id = table[base + 1] if own else -1
            doc = table[base + 2] if own else -1
            code = p.exitcode
            if code is None:  # alive: is it past the timeout?
                if doc >= 0:
                    busy = True
                    ran = (now_ns - table[base + 3]) / 1e9
                    if ran > self.doc_timeout and p.pid not in self._overrun:
                        self._overrun[p.pid] = (doc, ran)
                        os.kill(p.pid, signal.SIGKILL)
                continue
            self._procs.remove(p)
            self._rows.give_back(p.row)
            overrun = self._overrun.pop(p.pid, None)
            if code == 0:
                continue  # retired after maxtasksperchild
            chunk = inflight.pop(chunk_id, None)
            if chunk is None:
                continue  # its chunk is unknown; the stall check below hands everything out again
            resent = True
            if overrun is not None:
                lost = WorkerLost(overrun[0], _how(code), overrun[1])
            else:
                lost = WorkerLost(doc if doc >= 0 else None, _how(code))
            remaining = chunk.docs
            verdict = faults.worker_lost(lost)  # raises AttemptFailed when the attempt fails
            if verdict is not None:
                set_aside = next((d for d in chunk.docs if d.doc_index == verdict.doc_index), None)
                if set_aside is not None:
                    out.append((set_aside, verdict))
                remaining = [d for d in chunk.docs if d.doc_index != verdict.doc_index]
            if remaining:
                self._submit(_Chunk(remaining), inflight, results)
        if inflight and not busy and idle_for > STALL_SECONDS and results.empty():
            # Chunks are out but no worker is on a document: their results are lost (a worker died
            # while taking a task, leaving the Pool's queue locked). Start over with a fresh Pool.
            self.rebuilds += 1
            self.close(terminate=True)
            lost_chunks = list(inflight.values())
            inflight.clear()
            for chunk in lost_chunks:
                self._submit(chunk, inflight, results)
            resent = True
        return out, resent


def _take(it: Iterator[Document], n: int) -> list[Document]:
    out = []
    for d in it:
        out.append(d)
        if len(out) >= n:
            break
    return out
