"""The filter stage: one batch of documents through the rules, Kiwi in a process Pool (SPEC 2.3).

The parent reads documents, applies the cheap rules and feeds only survivors to the Pool, with a
bound on how many are in flight so memory does not grow with the input. Kiwi is loaded once in
the parent before the Pool forks, so workers share its model pages copy-on-write instead of each
loading ~500 MB. Workers return only the decision and entity mentions, plus the text of the few
documents that pass. A worker that dies (OOM killer, segfault) is noticed within a second and the
batch is retried; it never hangs and never loses documents silently.
"""

from __future__ import annotations

import math
import multiprocessing as mp
import multiprocessing.pool
import os
import signal
import threading
import time
from collections import Counter
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, field
from multiprocessing.context import ForkContext, ForkProcess
from typing import Any

import pyarrow as pa

from .errors import BatchFailedError, InputError
from .kiwi import load_kiwi
from .readers import Document

MAX_MALFORMED_EXAMPLES = 20

BATCH_SCHEMA = pa.schema(
    [
        ("doc_index", pa.int64()),
        ("doc_id", pa.string()),
        ("source", pa.string()),
        ("url", pa.string()),
        ("text", pa.string()),
        (
            "entities",
            pa.list_(
                pa.struct(
                    [("form", pa.string()), ("starts", pa.list_(pa.int32())), ("ends", pa.list_(pa.int32()))]
                )
            ),
        ),
    ]
)

# --- worker side ----------------------------------------------------------------------------

_KIWI: Any = None
_RULES: Any = None
_SLOTS: Any = None  # shared (pid, doc_index) table: which document each worker is on
_FAULTS: dict[int, str] = {}
NUM_SLOTS = 4096


def _init_worker(rules: Any, slots: Any) -> None:
    global _RULES, _SLOTS, _FAULTS, _KIWI
    _RULES, _SLOTS = rules, slots
    # Ctrl-C goes to the parent, which stops the Pool; workers must not print tracebacks.
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    _KIWI = load_kiwi() if rules.uses_kiwi else None  # inherited from the parent through fork
    _FAULTS = _parse_faults(os.environ.get("COREFPREP_FAULTS", ""))


def _parse_faults(spec: str) -> dict[int, str]:
    """Fault injection for the reliability tests: ``raise@12,kill@40,kill-once@7:/tmp/marker``."""
    faults: dict[int, str] = {}
    for part in filter(None, (p.strip() for p in spec.split(","))):
        action, _, rest = part.partition("@")
        idx, _, arg = rest.partition(":")
        faults[int(idx)] = f"{action}:{arg}"
    return faults


def _inject(doc_index: int) -> None:
    action, _, arg = _FAULTS[doc_index].partition(":")
    if action == "raise":
        raise RuntimeError(f"injected fault on document {doc_index}")
    if action == "kill" or (action == "kill-once" and not os.path.exists(arg)):
        if arg:
            open(arg, "w").close()
        os.kill(os.getpid(), signal.SIGKILL)


def _filter_chunk(items: list[tuple[int, str, str, str, str | None]]) -> tuple[float, float, list[tuple[Any, ...]]]:
    t0, c0 = time.perf_counter(), time.process_time()
    out = [_filter_one(item) for item in items]
    return time.perf_counter() - t0, time.process_time() - c0, out


def _filter_one(item: tuple[int, str, str, str, str | None]) -> tuple[Any, ...]:
    doc_index, text = item[0], item[1]
    pid = os.getpid()
    slot = pid % NUM_SLOTS
    _SLOTS[2 * slot], _SLOTS[2 * slot + 1] = pid, doc_index
    try:
        if _FAULTS and doc_index in _FAULTS:
            _inject(doc_index)
        d = _RULES.decide(text, _KIWI)
    except Exception as exc:  # not Kiwi (that is a counted reason): a bug or a poisoned input
        return (doc_index, "__error__", None, 0, f"{type(exc).__name__}: {exc}")
    if d.reason is not None:
        return (doc_index, d.reason, None, d.kiwi_chars, d.error)
    return (doc_index, None, d.entities, d.kiwi_chars, None, *item[1:])


# --- parent side ----------------------------------------------------------------------------


class _TrackedProcess(ForkProcess):
    """Pool worker that registers itself, so a worker killed by a signal is seen even after the
    Pool has quietly replaced it."""

    registry: list[ForkProcess] = []

    def start(self) -> None:
        super().start()
        _TrackedProcess.registry.append(self)


class _TrackedContext(ForkContext):
    Process = _TrackedProcess  # type: ignore[assignment]


class WorkerDied(Exception):
    def __init__(self, pid: int, exitcode: int, doc_index: int | None):
        self.pid, self.exitcode, self.doc_index = pid, exitcode, doc_index
        super().__init__(f"worker {pid} exited with code {exitcode} on document {doc_index}")


class FilterPool:
    """A Pool of Kiwi workers that survives across batches and is rebuilt after a worker death."""

    def __init__(self, cfg: Any, workers: int, maxtasksperchild: int = 1000):
        self.cfg, self.workers, self.maxtasksperchild = cfg, workers, maxtasksperchild
        self.slots = mp.get_context("fork").RawArray("q", 2 * NUM_SLOTS)
        self.pool: Any = None

    def __enter__(self) -> FilterPool:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close(terminate=exc[0] is not None)

    def get(self) -> Any:
        if self.pool is None:
            if self.cfg.uses_kiwi:
                load_kiwi()
            _TrackedProcess.registry.clear()
            self.pool = mp.pool.Pool(
                self.workers,
                initializer=_init_worker,
                initargs=(self.cfg, self.slots),
                maxtasksperchild=self.maxtasksperchild,
                context=_TrackedContext(),
            )
        return self.pool

    def dead_worker(self) -> WorkerDied | None:
        for p in list(_TrackedProcess.registry):
            code = p.exitcode
            if code is None:
                continue
            _TrackedProcess.registry.remove(p)
            if code != 0:
                slot = (p.pid or 0) % NUM_SLOTS
                doc = self.slots[2 * slot + 1] if self.slots[2 * slot] == p.pid else None
                return WorkerDied(p.pid or -1, code, doc)
        return None

    def close(self, terminate: bool = False) -> None:
        if self.pool is None:
            return
        if terminate:
            self.pool.terminate()
        else:
            self.pool.close()
        self.pool.join()
        self.pool = None


@dataclass
class BatchResult:
    documents: int = 0
    passed: int = 0
    rejected: Counter[str] = field(default_factory=Counter)
    malformed: Counter[str] = field(default_factory=Counter)
    malformed_examples: list[str] = field(default_factory=list)
    kiwi_docs: int = 0
    kiwi_chars: int = 0
    worker_seconds: float = 0.0  # time workers spent deciding documents (Kiwi and the rules around it)
    worker_cpu_seconds: float = 0.0  # the CPU time of that (less than the wall time when cores are shared)
    kiwi_errors: list[str] = field(default_factory=list)
    rows: list[dict[str, Any]] = field(default_factory=list)

    def accounted(self) -> int:
        return self.passed + sum(self.rejected.values()) + sum(self.malformed.values())


def auto_chunksize(expected_docs: int, workers: int, chunksize: int) -> int:
    """Chunks small enough that every worker gets several, so none idles at the end of a batch."""
    return max(1, min(chunksize, math.ceil(expected_docs / (workers * 8))))


def filter_batch(
    fpool: FilterPool,
    docs: Iterable[Document],
    *,
    expected_docs: int,
    chunksize: int = 2000,
    strict: bool = False,
    progress: Callable[[int, int], None] | None = None,
) -> BatchResult:
    """Run one batch's documents through the rules. Results are keyed by doc_index, so the order
    in which workers finish never matters; rows come back sorted by doc_index."""
    cfg = fpool.cfg
    res = BatchResult()
    cs = auto_chunksize(expected_docs, fpool.workers, chunksize)
    # chunks queued or running: enough to keep every worker busy, few enough to bound memory
    in_flight = threading.BoundedSemaphore(3 * fpool.workers)
    stop = threading.Event()
    reader_error: list[BaseException] = []

    def wait_for_room() -> bool:
        while not in_flight.acquire(timeout=0.5):
            if stop.is_set():
                return False
        return True

    def feed() -> Iterator[list[tuple[Any, ...]]]:
        # Runs in the Pool's task-feeding thread. Chunks are made here rather than by Pool's own
        # chunksize so the results iterator keeps next(timeout=...), which the dead-worker check needs.
        chunk: list[tuple[Any, ...]] = []
        try:
            for doc in docs:
                if stop.is_set():
                    return
                res.documents += 1
                if doc.malformed is not None:
                    if strict:
                        raise InputError(f"{doc.source}:{doc.line}: malformed record ({doc.malformed}); "
                                         "fix the input or drop --strict to count and skip it")
                    res.malformed[doc.malformed] += 1
                    if len(res.malformed_examples) < MAX_MALFORMED_EXAMPLES:
                        res.malformed_examples.append(f"{doc.source}:{doc.line} {doc.malformed}")
                    continue
                reason = cfg.cheap(doc.text)  # type: ignore[arg-type]
                if reason is not None:
                    res.rejected[reason] += 1
                    continue
                chunk.append((doc.doc_index, doc.text, doc.doc_id, doc.source, doc.url))
                if len(chunk) >= cs:
                    if not wait_for_room():
                        return
                    yield chunk
                    chunk = []
            if chunk and wait_for_room():
                yield chunk
        except BaseException as exc:  # surfaced by the consumer loop below
            reader_error.append(exc)

    pool = fpool.get()
    it = pool.imap_unordered(_filter_chunk, feed(), chunksize=1)
    last_report = time.monotonic()
    try:
        while True:
            try:
                results = it.next(timeout=1.0)
            except StopIteration:
                break
            except mp.TimeoutError:
                dead = fpool.dead_worker()
                if dead is not None:
                    raise dead from None
                continue
            in_flight.release()
            busy, cpu, results = results
            res.worker_seconds += busy
            res.worker_cpu_seconds += cpu
            for r in results:
                _collect(res, r)
            now = time.monotonic()
            if progress is not None and now - last_report > 0.25:
                progress(res.documents, res.passed)
                last_report = now
    except BaseException:
        stop.set()
        fpool.close(terminate=True)
        raise
    if reader_error:
        raise reader_error[0]
    if progress is not None:
        progress(res.documents, res.passed)
    res.rows.sort(key=lambda row: row["doc_index"])
    return res


def _collect(res: BatchResult, r: tuple[Any, ...]) -> None:
    doc_index, reason = r[0], r[1]
    res.kiwi_docs += 1
    res.kiwi_chars += r[3]
    if reason == "__error__":
        raise BatchFailedError(f"document {doc_index} made a worker fail ({r[4]})")
    if reason is not None:
        res.rejected[reason] += 1
        if r[4] and len(res.kiwi_errors) < MAX_MALFORMED_EXAMPLES:
            res.kiwi_errors.append(f"doc_index {doc_index}: {r[4]}")
        return
    res.passed += 1
    _, _, entities, _, _, text, doc_id, source, url = r
    res.rows.append(
        {
            "doc_index": doc_index,
            "doc_id": doc_id,
            "source": source,
            "url": url,
            "text": text,
            "entities": [
                {"form": f, "starts": [m[0] for m in ms], "ends": [m[1] for m in ms]} for f, ms in entities
            ],
        }
    )


def rows_to_table(rows: list[dict[str, Any]]) -> pa.Table:
    return pa.Table.from_pylist(rows, schema=BATCH_SCHEMA)
