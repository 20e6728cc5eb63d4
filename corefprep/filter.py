"""The filter stage's unit of work: compute batch k (SPEC 2.2, 2.3).

:func:`compute_batch` is the one function that turns the documents ``k*B <= doc_index <
(k+1)*B`` into ``work/filter/batch_NNNNN.parquet`` and its stats record. Every engine calls it:
the local engine with a :class:`~corefprep.workers.KiwiPool` deciding documents in forked worker
processes, the Ray engine inside an actor with an in-process decider. The batch reads its own
``doc_index`` range (starting in the file that holds it, thanks to the cached per-file record
counts), runs the cheap rules itself and hands only their survivors to the decider, so the bytes
it writes depend on nothing but the inputs and the rules.
"""

from __future__ import annotations

import bisect
import math
import os
import time
from collections import Counter
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, field
from typing import Any, NamedTuple, Protocol

import pyarrow as pa
import pyarrow.parquet as pq

from .atomic import atomic_write_json, atomic_write_with, file_sha256, read_json
from .batches import batch_range
from .errors import CorefprepError, InputError
from .readers import Document, InputFile, iter_documents
from .workdir import WorkDir

MAX_EXAMPLES = 20  # malformed records / Kiwi errors quoted per batch (all are counted)
QUARANTINE_REASONS = ("worker_died", "timeout")

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

# Document lengths (characters) are counted in these bins for the report: geometric steps of
# ~25% from 10 characters to ~1.3M, so both short web snippets and whole books are told apart.
LENGTH_EDGES: tuple[int, ...] = tuple(sorted({round(10 * 1.25**i) for i in range(53)}))


class Survivor(NamedTuple):
    """A document that passed the cheap rules, on its way to the decider."""

    doc_index: int
    text: str
    url: str | None
    doc_id: str
    source: str  # the file's name as rows record it (InputFile.name)
    path: str  # the file's full path, for the operator (quarantine, errors)
    line: int


class DocResult(NamedTuple):
    """The decider's verdict on one survivor (a rules Decision plus engine outcomes)."""

    doc_index: int
    reason: str | None  # None: kept
    entities: list[Any]  # [(form, [(start, end), ...]), ...]
    kiwi_chars: int = 0
    error: str | None = None


class Decider(Protocol):
    """Decides survivors: in worker processes (local engine) or in this process (Ray actor)."""

    workers: int

    def decide(self, survivors: Iterator[Survivor], expected: int = 0) -> Iterator[tuple[Survivor, DocResult]]: ...

    def busy_seconds(self) -> tuple[float, float]: ...  # (wall, cpu) spent deciding, cumulative


@dataclass(frozen=True)
class FilterContext:
    """Everything a batch needs besides its number: picklable, so a Ray actor on another node can
    compute any batch from it."""

    work: WorkDir
    files: tuple[InputFile, ...]
    counts: tuple[int, ...]  # records per file, cached in work/input_counts.json
    text_field: str
    rules: Any
    batch_docs: int
    total_docs: int
    config_id: str
    strict: bool = False
    engine: str = "local"

    def bounds(self, k: int) -> tuple[int, int]:
        """doc_index range of batch k; the last batch ends with the inputs."""
        lo, hi = batch_range(k, self.batch_docs)
        return lo, min(hi, self.total_docs)

    @property
    def num_batches(self) -> int:
        return math.ceil(self.total_docs / self.batch_docs)

    def documents(self, k: int) -> Iterator[Document]:
        """Batch k's documents, read starting in the file that holds its first doc_index."""
        lo, hi = self.bounds(k)
        return iter_documents(list(self.files), self.text_field, lo, hi, counts=list(self.counts))

    def documents_from(self, start: int) -> Iterator[Document]:
        """Every document from ``start`` to the end of the inputs (one stream for many batches)."""
        return iter_documents(list(self.files), self.text_field, start, None, counts=list(self.counts))


@dataclass
class BatchTally:
    """What one batch saw, counted as it streams by (bounded: histograms and a few examples)."""

    documents: int = 0
    passed: int = 0
    rejected: Counter[str] = field(default_factory=Counter)
    malformed: Counter[str] = field(default_factory=Counter)
    malformed_examples: list[str] = field(default_factory=list)
    kiwi_errors: list[str] = field(default_factory=list)
    quarantined: list[dict[str, Any]] = field(default_factory=list)
    kiwi_docs: int = 0
    kiwi_chars: int = 0
    chars_in: list[int] = field(default_factory=lambda: [0] * len(LENGTH_EDGES))
    chars_kept: list[int] = field(default_factory=lambda: [0] * len(LENGTH_EDGES))
    read_seconds: float = 0.0  # reading, parsing and cheap rules in this process

    def accounted(self) -> int:
        return self.passed + sum(self.rejected.values()) + sum(self.malformed.values())


def length_bin(n: int) -> int:
    return max(0, bisect.bisect_right(LENGTH_EDGES, n) - 1)


def survivors_of(docs: Iterable[Document], rules: Any, tally: BatchTally, names: dict[str, str],
                 strict: bool = False) -> Iterator[Survivor]:
    """Count malformed records and cheap-rule rejections; yield the documents that go on."""
    cheap = rules.cheap
    t = time.perf_counter()
    for doc in docs:
        tally.documents += 1
        if doc.malformed is not None:
            if strict:
                raise InputError(f"{doc.source}:{doc.line}: malformed record ({doc.malformed}); "
                                 "fix the input or drop --strict to count and skip it")
            tally.malformed[doc.malformed] += 1
            if len(tally.malformed_examples) < MAX_EXAMPLES:
                tally.malformed_examples.append(f"{doc.source}:{doc.line} {doc.malformed}")
            continue
        text: str = doc.text  # type: ignore[assignment]
        tally.chars_in[length_bin(len(text))] += 1
        reason = cheap(text, url=doc.url)
        if reason is not None:
            tally.rejected[reason] += 1
            continue
        tally.read_seconds += time.perf_counter() - t
        yield Survivor(doc.doc_index, text, doc.url, doc.doc_id, names.get(doc.source, doc.source), doc.source,
                       doc.line)
        t = time.perf_counter()
    tally.read_seconds += time.perf_counter() - t


def compute_batch(
    ctx: FilterContext,
    k: int,
    decider: Decider,
    *,
    docs: Iterable[Document] | None = None,
    progress: Callable[[int, int], None] | None = None,
    attempt: int = 1,
    extra: dict[str, Any] | None = None,
) -> dict[str, Any]:
    """Filter batch k, write its parquet and stats atomically, return the stats.

    ``docs`` may hand in the batch's documents from a stream the caller keeps open across
    consecutive batches; by default the batch opens its own range. Raises CorefprepError when the
    documents read do not match the counted inputs, and the decider's errors as they are.
    """
    lo, hi = ctx.bounds(k)
    t0 = time.monotonic()
    wall0, cpu0 = decider.busy_seconds()
    deaths0 = getattr(decider, "death_count", 0)
    tally = BatchTally()
    names = {f.path: f.name or f.path for f in ctx.files}
    rows: list[dict[str, Any]] = []
    stream = survivors_of(ctx.documents(k) if docs is None else docs, ctx.rules, tally, names, ctx.strict)
    last_report = 0.0
    for surv, res in decider.decide(stream, expected=hi - lo):
        _collect(tally, rows, surv, res)
        if progress is not None and (now := time.monotonic()) - last_report > 0.25:
            progress(tally.documents, tally.passed)
            last_report = now
    if progress is not None:
        progress(tally.documents, tally.passed)
    _check_counts(ctx, k, tally)
    rows.sort(key=lambda row: row["doc_index"])
    parquet = ctx.work.batch_parquet(k)
    ctx.work.filter_dir.mkdir(parents=True, exist_ok=True)
    atomic_write_with(parquet, lambda tmp: pq.write_table(rows_to_table(rows), tmp, compression="zstd"))
    seconds = time.monotonic() - t0
    wall1, cpu1 = decider.busy_seconds()
    stats = {
        "batch": k,
        "start": lo,
        "end": hi,
        "documents": tally.documents,
        "passed": tally.passed,
        "rejected": dict(sorted(tally.rejected.items())),
        "malformed": dict(sorted(tally.malformed.items())),
        "malformed_examples": tally.malformed_examples,
        "kiwi_errors": tally.kiwi_errors,
        "quarantined": sorted(tally.quarantined, key=lambda q: q["doc_index"]),
        "kiwi_docs": tally.kiwi_docs,
        "kiwi_chars": tally.kiwi_chars,
        "chars_in": tally.chars_in,
        "chars_kept": tally.chars_kept,
        "read_seconds": round(tally.read_seconds, 3),
        "worker_deaths": getattr(decider, "death_count", 0) - deaths0,
        "worker_seconds": round(wall1 - wall0, 3),
        "worker_cpu_seconds": round(cpu1 - cpu0, 3),
        "seconds": round(seconds, 3),
        "docs_per_s": round(tally.documents / seconds, 1) if seconds > 0 else None,
        "rows": len(rows),
        "parquet_bytes": parquet.stat().st_size,
        "parquet_sha256": file_sha256(parquet),
        "config_id": ctx.config_id,
        "workers": decider.workers,
        "engine": ctx.engine,
        "attempts": attempt,
        "host": os.uname().nodename,
        "finished_at": time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime()),
        # engine details (the Ray node that computed it); a callable is read now, at the batch's end
        **{key: value() if callable(value) else value for key, value in (extra or {}).items()},
    }
    atomic_write_json(ctx.work.batch_stats(k), stats)
    ctx.work.failed_marker(k).unlink(missing_ok=True)
    return stats


def _collect(tally: BatchTally, rows: list[dict[str, Any]], surv: Survivor, res: DocResult) -> None:
    tally.kiwi_docs += 1
    tally.kiwi_chars += res.kiwi_chars
    if res.reason is not None:
        tally.rejected[res.reason] += 1
        if res.reason in QUARANTINE_REASONS:
            tally.quarantined.append({"doc_index": surv.doc_index, "file": surv.path, "line": surv.line,
                                      "doc_id": surv.doc_id, "reason": res.reason, "detail": res.error})
        elif res.error and len(tally.kiwi_errors) < MAX_EXAMPLES:
            tally.kiwi_errors.append(f"doc_index {surv.doc_index}: {res.error}")
        return
    tally.passed += 1
    tally.chars_kept[length_bin(len(surv.text))] += 1
    rows.append(
        {
            "doc_index": surv.doc_index,
            "doc_id": surv.doc_id,
            "source": surv.source,
            "url": surv.url,
            "text": surv.text,
            "entities": [
                {"form": f, "starts": [m[0] for m in ms], "ends": [m[1] for m in ms]} for f, ms in res.entities
            ],
        }
    )


def _check_counts(ctx: FilterContext, k: int, tally: BatchTally) -> None:
    lo, hi = ctx.bounds(k)
    if tally.documents == 0:
        raise CorefprepError(
            f"batch {k} read 0 documents although the inputs hold {ctx.total_docs:,}; the inputs changed "
            "during the run — rerun to recount them"
        )
    if tally.documents != hi - lo:
        raise CorefprepError(
            f"batch {k} read {tally.documents:,} documents where {hi - lo:,} were counted; the inputs changed "
            "during the run — rerun with --force"
        )
    if tally.accounted() != tally.documents:
        raise CorefprepError(
            f"batch {k}: passed + rejected + malformed = {tally.accounted()} but the batch had "
            f"{tally.documents} documents; this is a bug, please report it"
        )
    if tally.malformed.get("missing_text") == tally.documents:
        raise InputError(
            f"batch {k}: none of its {tally.documents:,} records has the text field {ctx.text_field!r}; pass the "
            "right one with --text-field"
        )


def rows_to_table(rows: list[dict[str, Any]]) -> pa.Table:
    return pa.Table.from_pylist(rows, schema=BATCH_SCHEMA)


def batch_line(s: dict[str, Any]) -> str:
    """The one-line summary printed when a batch finishes."""
    mal = sum(s["malformed"].values())
    rate = s["passed"] / s["documents"] if s["documents"] else 0.0
    quarantined = len(s.get("quarantined", []))
    q = f", {quarantined} quarantined" if quarantined else ""
    if s.get("worker_deaths"):
        q += f", {s['worker_deaths']} worker death(s) (their chunks were handed out again)"
    return (f"batch {s['batch']:05d} [{s['start']}-{s['end'] - 1}]: {s['documents']:,} docs, "
            f"{s['passed']:,} passed ({rate:.1%}), {sum(s['rejected'].values()):,} rejected, {mal:,} malformed{q}, "
            f"{s['docs_per_s'] or 0:,.0f} docs/s")


def write_quarantine(work: WorkDir, stats: Iterable[dict[str, Any]]) -> int:
    """``work/quarantine.jsonl``: every quarantined document of the finished batches, one JSON
    object per line in doc_index order (rewritten whole, so a recomputed batch never leaves stale
    entries). Returns how many there are."""
    import orjson

    entries = sorted((q for s in stats for q in s.get("quarantined", [])), key=lambda q: q["doc_index"])
    if not entries and not work.quarantine.exists():
        return 0
    data = b"".join(orjson.dumps(q, option=orjson.OPT_SORT_KEYS) + b"\n" for q in entries)
    from .atomic import atomic_write_bytes

    atomic_write_bytes(work.quarantine, data)
    return len(entries)


def read_stats(work: WorkDir, k: int) -> dict[str, Any] | None:
    return read_json(work.batch_stats(k))
