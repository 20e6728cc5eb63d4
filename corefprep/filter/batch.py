"""The filter stage's unit of work: compute batch k (SPEC 2.2, 2.3).

:func:`compute_batch` is the one function that turns the documents ``k*B <= doc_index < (k+1)*B``
into ``work/filter/batch_NNNNN.parquet`` and its stats record. Every engine calls it: the local
engine with a :class:`~corefprep.filter.pool.KiwiPool` deciding documents in forked worker
processes, the Ray engine inside an actor with an in-process decider. The batch reads its own
``doc_index`` range, runs the cheap rules itself and hands only their survivors to the decider, so
the bytes it writes depend on nothing but the inputs and the rules.
"""

from __future__ import annotations

import bisect
import os
import time
from collections import Counter
from collections.abc import Callable, Iterable, Iterator, Mapping
from dataclasses import dataclass, field
from typing import Any, Protocol

import numpy as np
import pyarrow as pa
import pyarrow.parquet as pq

from ..core.atomic import atomic_write_json, atomic_write_with, file_sha256
from ..core.errors import CorefprepError, InputError
from ..io.documents import Document
from ..signatures.store import signature_dir, write_signatures
from .context import FilterContext
from .faults import RULE_FAILED, AttemptFailed, BatchFaults
from .records import QUARANTINE_REASONS, BatchStats, Quarantined, Verdict

MAX_EXAMPLES = 20  # malformed records / Kiwi errors quoted per batch (all are counted)

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


class Decider(Protocol):
    """Decides the documents that passed the cheap rules: in worker processes (local engine) or in
    this process (Ray actor). Yields (document, verdict) in any order; a verdict with reason
    RULE_FAILED means the rules raised on that document. Worker deaths and timeouts go to
    ``faults``, which may quarantine a document or fail the attempt (AttemptFailed)."""

    workers: int

    def decide(self, docs: Iterator[Document], faults: BatchFaults,
               expected: int = 0) -> Iterator[tuple[Document, Verdict]]: ...

    def busy_seconds(self) -> tuple[float, float]: ...  # (wall, cpu) spent deciding, cumulative


class ReadWatch(Protocol):
    """Told which document the cheap rules are reading (the Ray actor's heartbeat), so that a
    process that dies while reading is blamed on the right document."""

    def reading(self, doc_index: int) -> None: ...

    def idle(self) -> None: ...


@dataclass
class BatchTally:
    """What one batch saw, counted as it streams by (bounded: histograms and a few examples)."""

    documents: int = 0
    passed: int = 0
    rejected: Counter[str] = field(default_factory=Counter)
    malformed: Counter[str] = field(default_factory=Counter)
    malformed_examples: list[str] = field(default_factory=list)
    kiwi_errors: list[str] = field(default_factory=list)
    quarantined: list[Quarantined] = field(default_factory=list)
    kiwi_docs: int = 0
    kiwi_chars: int = 0
    chars_in: list[int] = field(default_factory=lambda: [0] * len(LENGTH_EDGES))
    chars_kept: list[int] = field(default_factory=lambda: [0] * len(LENGTH_EDGES))
    read_seconds: float = 0.0  # reading, parsing and cheap rules in this process

    def accounted(self) -> int:
        return self.passed + sum(self.rejected.values()) + sum(self.malformed.values())

    def quarantine(self, doc: Document, verdict: Verdict) -> None:
        self.rejected[verdict.reason or ""] += 1
        self.quarantined.append(Quarantined(doc.doc_index, doc.source, doc.line, doc.doc_id, verdict.reason or "",
                                            verdict.error))


def length_bin(n: int) -> int:
    return max(0, bisect.bisect_right(LENGTH_EDGES, n) - 1)


def survivors_of(ctx: FilterContext, docs: Iterable[Document], tally: BatchTally,
                 skip: Mapping[int, Verdict] | None = None, watch: ReadWatch | None = None) -> Iterator[Document]:
    """Count malformed records and cheap-rule rejections; yield the documents that go on.

    Documents in ``skip`` (quarantined in an earlier attempt) get their verdict without being
    looked at again."""
    judge = ctx.judge
    t = time.perf_counter()
    for doc in docs:
        tally.documents += 1
        if doc.malformed is not None:
            if ctx.strict:
                raise InputError(f"{doc.source}:{doc.line}: malformed record ({doc.malformed}); "
                                 "fix the input or drop --strict to count and skip it")
            tally.malformed[doc.malformed] += 1
            if len(tally.malformed_examples) < MAX_EXAMPLES:
                tally.malformed_examples.append(f"{doc.source}:{doc.line} {doc.malformed}")
            continue
        tally.chars_in[length_bin(len(doc.text or ""))] += 1
        if skip and doc.doc_index in skip:
            tally.kiwi_docs += 1  # it reached a decider in the attempt that quarantined it
            tally.quarantine(doc, skip[doc.doc_index])
            continue
        if watch is not None:
            watch.reading(doc.doc_index)
        try:
            reason = judge.cheap(doc)
        except Exception as exc:  # a rule's bug, not the data's: the attempt fails naming the document
            raise AttemptFailed(f"document {doc.doc_index} made the rules fail ({type(exc).__name__}: {exc})",
                                doc.doc_index) from exc
        if watch is not None:
            watch.idle()
        if reason is not None:
            tally.rejected[reason] += 1
            continue
        tally.read_seconds += time.perf_counter() - t
        yield doc
        t = time.perf_counter()
    tally.read_seconds += time.perf_counter() - t


def compute_batch(
    ctx: FilterContext,
    k: int,
    decider: Decider,
    faults: BatchFaults,
    *,
    docs: Iterable[Document] | None = None,
    progress: Callable[[int, int], None] | None = None,
    watch: ReadWatch | None = None,
    extra: dict[str, Any] | None = None,
) -> BatchStats:
    """Filter batch k, write its parquet and stats atomically, return the stats.

    ``docs`` may hand in the batch's documents from a stream the caller keeps open across
    consecutive batches; by default the batch opens its own range. Raises AttemptFailed when the
    attempt fails (a rule raised, or ``faults`` says so) and CorefprepError when the documents read
    do not match the counted inputs.
    """
    lo, hi = ctx.bounds(k)
    t0 = time.monotonic()
    wall0, cpu0 = decider.busy_seconds()
    deaths0 = faults.lost_workers
    tally = BatchTally()
    names = ctx.source_names()
    rows: list[dict[str, Any]] = []
    sigs: list[bytes] = []
    stream = survivors_of(ctx, ctx.documents(k) if docs is None else docs, tally, faults.quarantined, watch)
    last_report = 0.0
    for doc, verdict in decider.decide(stream, faults, expected=hi - lo):
        _collect(tally, rows, doc, verdict, names)
        if verdict.signature is not None and verdict.reason is None:
            sigs.append(verdict.signature)
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
    parquet_sha = file_sha256(parquet)
    if ctx.signer is not None:
        if len(sigs) != len(rows):
            raise CorefprepError(f"batch {k}: {len(rows)} kept documents but {len(sigs)} signatures; this is a bug, "
                                 "please report it")
        records = np.frombuffer(b"".join(sigs), dtype=ctx.signer.dtype)
        write_signatures(signature_dir(ctx.work, ctx.signer), ctx.signer, k, records, parquet_sha)
    seconds = time.monotonic() - t0
    wall1, cpu1 = decider.busy_seconds()
    stats = BatchStats(
        batch=k, start=lo, end=hi, documents=tally.documents, passed=tally.passed,
        rejected=dict(sorted(tally.rejected.items())), malformed=dict(sorted(tally.malformed.items())),
        rows=len(rows), parquet_bytes=parquet.stat().st_size, parquet_sha256=parquet_sha,
        config_id=ctx.config_id, malformed_examples=tally.malformed_examples, kiwi_errors=tally.kiwi_errors,
        quarantined=sorted(tally.quarantined, key=lambda q: q.doc_index), kiwi_docs=tally.kiwi_docs,
        kiwi_chars=tally.kiwi_chars, chars_in=tally.chars_in, chars_kept=tally.chars_kept,
        read_seconds=round(tally.read_seconds, 3), worker_deaths=faults.lost_workers - deaths0,
        worker_seconds=round(wall1 - wall0, 3), worker_cpu_seconds=round(cpu1 - cpu0, 3), seconds=round(seconds, 3),
        docs_per_s=round(tally.documents / seconds, 1) if seconds > 0 else None, workers=decider.workers,
        engine=ctx.engine, attempts=faults.attempts, host=os.uname().nodename,
        finished_at=time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime()),
        # engine details (the Ray node that computed it); a callable is read now, at the batch's end
        extra={key: value() if callable(value) else value for key, value in (extra or {}).items()},
    )
    atomic_write_json(ctx.work.batch_stats(k), stats.to_json())
    ctx.work.failed_marker(k).unlink(missing_ok=True)
    return stats


def _collect(tally: BatchTally, rows: list[dict[str, Any]], doc: Document, v: Verdict, names: dict[str, str]) -> None:
    if v.reason == RULE_FAILED:
        raise AttemptFailed(f"document {doc.doc_index} made the rules fail ({v.error})", doc.doc_index)
    tally.kiwi_docs += 1
    tally.kiwi_chars += v.kiwi_chars
    if v.reason is not None:
        if v.reason in QUARANTINE_REASONS:
            tally.quarantine(doc, v)
            return
        tally.rejected[v.reason] += 1
        if v.error and len(tally.kiwi_errors) < MAX_EXAMPLES:
            tally.kiwi_errors.append(f"doc_index {doc.doc_index}: {v.error}")
        return
    text = doc.text or ""
    tally.passed += 1
    tally.chars_kept[length_bin(len(text))] += 1
    rows.append(
        {
            "doc_index": doc.doc_index,
            "doc_id": doc.doc_id,
            "source": names.get(doc.source, doc.source),
            "url": doc.url,
            "text": text,
            "entities": [
                {"form": f, "starts": [m[0] for m in ms], "ends": [m[1] for m in ms]} for f, ms in v.entities
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
