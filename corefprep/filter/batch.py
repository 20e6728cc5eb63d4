"""The filter stage's unit of work: compute batch k (SPEC 2.2, 2.3).

:func:`compute_batch` is the one function that turns the documents ``k*B <= doc_index < (k+1)*B``
into ``work/filter/batch_NNNNN.parquet`` and its stats record. Every engine calls it: the local
engine with a :class:`~corefprep.filter.workers.WorkerDecider` deciding documents in forked worker
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

from ..core.atomic import atomic_write_json, atomic_write_with, file_sha256, temp_path
from ..core.errors import CorefprepError, InputError
from ..core.heap import give_back
from ..io.documents import Document
from ..pii import count_kinds
from ..pii.kept import as_rows, clear_of, written_text
from ..signatures.store import signature_dir, write_signatures
from .context import FilterContext
from .examples import Examples
from .faults import RULE_FAILED, BatchFaults, RulesFailed
from .kept_rows import KeptRows
from .prior import Prior, from_prior, load_prior
from .records import QUARANTINE_REASONS, BatchCpu, BatchStats, Busy, Quarantined, Verdict
from .values import KEPT, ValuesTable, malformed_verdict, write_values

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
# --pii tag: the kept text as it was, and where its personal data is (code points, end exclusive)
PII_FIELD = pa.field("pii", pa.list_(pa.struct([("kind", pa.string()), ("start", pa.int32()), ("end", pa.int32())])))
TAGGED_SCHEMA = BATCH_SCHEMA.append(PII_FIELD)

# Document lengths (characters) are counted in these bins for the report: geometric steps of
# ~25% from 10 characters to ~1.3M, so both short web snippets and whole books are told apart.
LENGTH_EDGES: tuple[int, ...] = tuple(sorted({round(10 * 1.25**i) for i in range(53)}))


class Decider(Protocol):
    """Decides the documents that passed the cheap rules: in supervised worker processes (local
    engine) or in this process (Ray actor). Yields (document, verdict) in any order; a verdict with
    reason RULE_FAILED means the rules raised on that document. Worker deaths and timeouts are
    answered by ``faults`` (the batch's policy), which may quarantine a document."""

    workers: int

    def decide(self, docs: Iterator[Document], faults: BatchFaults,
               expected: int = 0) -> Iterator[tuple[Document, Verdict]]: ...

    # True when it decides in this process (its deciding CPU is then not the reading process's own)
    in_process: bool

    def busy(self) -> Busy: ...  # time spent deciding, cumulative


class ReadWatch(Protocol):
    """Told which document the cheap rules are reading (the Ray actor's beat), so that a
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
    # CPU seconds of this process's main thread: reading and parsing, the cheap rules (and their
    # bookkeeping), taking verdicts in and writing the files; and the workers' Kiwi and signing
    read_cpu: float = 0.0
    cheap_cpu: float = 0.0
    write_cpu: float = 0.0
    kiwi_cpu: float = 0.0
    sign_cpu: float = 0.0
    decided_from_values: int = 0  # re-deciding: documents past the cheap rules settled without a worker
    pii: Counter[str] = field(default_factory=Counter)  # spans of personal data per kind (kept documents)
    pii_docs: int = 0

    def accounted(self) -> int:
        return self.passed + sum(self.rejected.values()) + sum(self.malformed.values())

    def quarantine(self, doc: Document, verdict: Verdict, detail: str | None) -> None:
        """``detail``: the verdict's error as the run shows it (see Judge.shown)."""
        self.rejected[verdict.reason or ""] += 1
        self.quarantined.append(Quarantined(doc.doc_index, doc.source, doc.line, doc.doc_id, verdict.reason or "",
                                            detail))


def length_bin(n: int) -> int:
    return max(0, bisect.bisect_right(LENGTH_EDGES, n) - 1)


def survivors_of(ctx: FilterContext, docs: Iterable[Document], tally: BatchTally, sink: BatchSink,
                 skip: Mapping[int, Verdict] | None = None, watch: ReadWatch | None = None,
                 prior: Prior | None = None) -> Iterator[Document]:
    """Count malformed records and cheap-rule rejections; yield the documents that go on to a worker.

    Documents in ``skip`` (quarantined in an earlier attempt) get their verdict without being
    looked at again. With a ``prior`` (re-deciding the batch), a document whose verdict its
    recorded values settle is settled here, in ``sink``, and only the others go on; a document the
    earlier decision quarantined keeps that verdict when it passes the cheap rules."""
    t = time.perf_counter()
    for doc in _read_timed(docs, tally):
        c = time.thread_time()
        goes_on = _screen(ctx, doc, tally, sink, skip, watch, prior)
        tally.cheap_cpu += time.thread_time() - c
        if goes_on:
            tally.read_seconds += time.perf_counter() - t
            yield doc
            t = time.perf_counter()
    tally.read_seconds += time.perf_counter() - t


def _read_timed(docs: Iterable[Document], tally: BatchTally) -> Iterator[Document]:
    """``docs``, with the CPU seconds spent reading them (decompressing, parsing) in the tally."""
    it = iter(docs)
    while True:
        c = time.thread_time()
        doc = next(it, None)
        tally.read_cpu += time.thread_time() - c
        if doc is None:
            return
        yield doc


def _screen(ctx: FilterContext, doc: Document, tally: BatchTally, sink: BatchSink, skip: Mapping[int, Verdict] | None,
            watch: ReadWatch | None, prior: Prior | None) -> bool:
    """One document through the cheap rules: False when it is settled here, True when it goes on."""
    tally.documents += 1
    if doc.malformed is not None:
        if ctx.strict:
            raise InputError(f"{doc.source}:{doc.line}: malformed record ({doc.malformed}); "
                             "fix the input or drop --strict to count and skip it")
        tally.malformed[doc.malformed] += 1
        sink.values.set_verdict(doc.doc_index, malformed_verdict(doc.malformed))
        if len(tally.malformed_examples) < MAX_EXAMPLES:
            tally.malformed_examples.append(f"{doc.source}:{doc.line} {doc.malformed}")
        return False
    tally.chars_in[length_bin(len(doc.text or ""))] += 1
    if skip and doc.doc_index in skip:
        sink.set_aside(doc, skip[doc.doc_index])
        return False
    known = prior.values(doc.doc_index) if prior is not None else None
    if watch is not None:
        watch.reading(doc.doc_index)
    try:
        reason, values = ctx.judge.cheap(doc, known)
    except Exception as exc:  # a rule's bug, not the data's: the attempt fails naming the document
        raise _rules_failed(ctx, doc, exc) from exc
    if watch is not None:
        watch.idle()
    sink.values.set_values(doc.doc_index, values)
    if reason is not None:
        tally.rejected[reason] += 1
        sink.reject(doc, reason)
        return False
    if prior is not None and doc.doc_index in prior.quarantined:
        # quarantined when the batch was decided before, and it still reaches the workers' rules:
        # it keeps that verdict rather than killing or hanging workers again
        sink.set_aside(doc, prior.quarantined[doc.doc_index])
        return False
    if prior is not None:
        try:
            verdict = from_prior(ctx, prior, doc, values)
        except Exception as exc:  # as above: a rule's bug
            raise _rules_failed(ctx, doc, exc) from exc
        if verdict is not None:
            tally.decided_from_values += 1
            sink.settle(doc, verdict)
            return False
    return True


def _rules_failed(ctx: FilterContext, doc: Document, exc: Exception) -> RulesFailed:
    return RulesFailed(doc.doc_index // ctx.batch_docs, doc.doc_index, f"{type(exc).__name__}: {exc}")


class BatchSink:
    """Where a batch's verdicts go, in whatever order they come: rows of kept documents, dedup
    signatures, every document's verdict and values, rejected examples."""

    def __init__(self, ctx: FilterContext, tally: BatchTally, k: int):
        self.ctx, self.tally, self.k = ctx, tally, k
        self.names = ctx.source_names()
        lo, hi = ctx.bounds(k)
        spill = temp_path(ctx.work.filter_dir / f"batch_{k:05d}.kept.arrow")
        self.kept = KeptRows(spill, TAGGED_SCHEMA if ctx.judge.pii == "tag" else BATCH_SCHEMA)
        self.sigs: list[bytes] = []
        self.other_sigs: list[bytes] = []
        self.pii_mode = ctx.judge.pii
        self.values = ValuesTable(ctx.judge.rules, lo, hi)
        self.examples = Examples(ctx.keep_rejected)

    def _shown(self, error: str | None) -> str | None:
        return None if error is None else self.ctx.judge.shown(error)

    def set_aside(self, doc: Document, v: Verdict) -> None:
        """A document quarantined earlier keeps its verdict without being decided again."""
        self.tally.kiwi_docs += 1  # it reached a decider in the attempt that quarantined it
        self.tally.quarantine(doc, v, self._shown(v.error))
        self.reject(doc, v.reason or "")

    def reject(self, doc: Document, reason: str) -> None:
        self.values.set_verdict(doc.doc_index, reason)
        self.examples.offer(doc, reason)

    def settle(self, doc: Document, v: Verdict) -> None:
        """A verdict on a document that passed the cheap rules (from a worker, or from its values)."""
        tally = self.tally
        if v.reason == RULE_FAILED:
            raise RulesFailed(self.k, doc.doc_index, v.error or "")
        tally.kiwi_docs += 1
        tally.kiwi_chars += v.kiwi_chars
        tally.kiwi_cpu += v.kiwi_cpu
        tally.sign_cpu += v.sign_cpu
        self.values.set_values(doc.doc_index, v.values)
        if v.reason is not None:
            self.reject(doc, v.reason)
            if v.reason in QUARANTINE_REASONS:
                tally.quarantine(doc, v, self._shown(v.error))
                return
            tally.rejected[v.reason] += 1
            if v.error and len(tally.kiwi_errors) < MAX_EXAMPLES:
                tally.kiwi_errors.append(f"doc_index {doc.doc_index}: {self._shown(v.error)}")
            return
        self.values.set_verdict(doc.doc_index, KEPT)
        if v.signature is not None:
            self.sigs.append(v.signature)
        if v.other_signature is not None:
            self.other_sigs.append(v.other_signature)
        text, entities = doc.text or "", v.entities
        if v.pii:
            tally.pii.update(count_kinds(v.pii))
            tally.pii_docs += 1
            if self.pii_mode == "redact":
                text, entities = written_text("redact", text, v.pii), clear_of(entities, v.pii)
        tally.passed += 1
        tally.chars_kept[length_bin(len(text))] += 1
        row = {
            "doc_index": doc.doc_index,
            "doc_id": doc.doc_id,
            "source": self.names.get(doc.source, doc.source),
            "url": doc.url,
            "text": text,
            "entities": [{"form": f, "starts": [m[0] for m in ms], "ends": [m[1] for m in ms]} for f, ms in entities],
        }
        if self.pii_mode == "tag":
            row["pii"] = as_rows(v.pii)
        self.kept.add(row, len(text))


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
    """Filter batch k, write its parquet, values, examples and stats atomically, return the stats.

    ``docs`` may hand in the batch's documents from a stream the caller keeps open across
    consecutive batches; by default the batch opens its own range. A batch in ``ctx.redecide``
    starts from what its earlier decision recorded (:mod:`corefprep.filter.prior`). Raises
    RulesFailed when a rule raised, UnitFailed (from the supervisor) when a unit of it failed after
    its retries, and CorefprepError when the documents read do not match the counted inputs.
    """
    lo, hi = ctx.bounds(k)
    t0, c0 = time.monotonic(), time.process_time()
    busy0 = decider.busy()
    deaths0 = faults.lost_workers
    prior = load_prior(ctx, k) if k in ctx.redecide else None
    tally = BatchTally()
    ctx.work.filter_dir.mkdir(parents=True, exist_ok=True)
    sink = BatchSink(ctx, tally, k)
    try:
        if prior is not None:
            sink.values.preload(prior.recorded, prior.groups)
        stream = survivors_of(ctx, ctx.documents(k) if docs is None else docs, tally, sink, faults.quarantined,
                              watch, prior)
        _settle_all(decider.decide(stream, faults, expected=hi - lo), sink, progress)
        _check_counts(ctx, k, tally)
        w = time.thread_time()
        files = _write_files(ctx, k, sink)
    finally:
        sink.kept.discard()
    del sink  # the batch's values and kept rows, before their memory is handed back
    give_back()
    tally.write_cpu += time.thread_time() - w
    seconds = time.monotonic() - t0
    busy = decider.busy() - busy0
    cpu = _batch_cpu(tally, busy, time.process_time() - c0 - (busy.cpu if decider.in_process else 0.0))
    stats = BatchStats(
        batch=k, start=lo, end=hi, documents=tally.documents, passed=tally.passed,
        rejected=dict(sorted(tally.rejected.items())), malformed=dict(sorted(tally.malformed.items())),
        rows=files.rows, parquet_bytes=files.parquet_bytes, parquet_sha256=files.parquet_sha256,
        config_id=ctx.config_id, malformed_examples=tally.malformed_examples, kiwi_errors=tally.kiwi_errors,
        quarantined=sorted(tally.quarantined, key=lambda q: q.doc_index), kiwi_docs=tally.kiwi_docs,
        kiwi_chars=tally.kiwi_chars, values_bytes=files.values_bytes, values_sha256=files.values_sha256,
        rejected_bytes=files.rejected_bytes, rejected_sha256=files.rejected_sha256, keep_rejected=ctx.keep_rejected,
        redecided_from=prior.config_id if prior is not None else None,
        decided_from_values=tally.decided_from_values,
        pii_mode=ctx.judge.pii, pii=dict(sorted(tally.pii.items())), pii_docs=tally.pii_docs,
        chars_in=tally.chars_in, chars_kept=tally.chars_kept,
        read_seconds=round(tally.read_seconds, 3), worker_deaths=faults.lost_workers - deaths0,
        worker_seconds=round(busy.wall, 3), worker_cpu_seconds=round(busy.cpu, 3), cpu=cpu, seconds=round(seconds, 3),
        docs_per_s=round(tally.documents / seconds, 1) if seconds > 0 else None, workers=decider.workers,
        engine=ctx.engine, attempts=faults.attempts, host=os.uname().nodename,
        finished_at=time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime()),
        # engine details (the Ray node that computed it); a callable is read now, at the batch's end
        extra={key: value() if callable(value) else value for key, value in (extra or {}).items()},
    )
    atomic_write_json(ctx.work.batch_stats(k), stats.to_json())
    ctx.work.failed_marker(k).unlink(missing_ok=True)
    return stats


def _batch_cpu(tally: BatchTally, busy: Busy, parent: float) -> BatchCpu:
    rules = max(0.0, busy.cpu - tally.kiwi_cpu - tally.sign_cpu)
    return BatchCpu(read=tally.read_cpu, cheap=tally.cheap_cpu, write=tally.write_cpu, parent=parent,
                    kiwi=tally.kiwi_cpu, rules=rules, sign=tally.sign_cpu, between=busy.between)


def _settle_all(verdicts: Iterator[tuple[Document, Verdict]], sink: BatchSink,
                progress: Callable[[int, int], None] | None) -> None:
    """Every verdict into the sink, as the decider yields them, with the progress callback now and then."""
    tally = sink.tally
    last_report = 0.0
    for doc, verdict in verdicts:
        c = time.thread_time()
        sink.settle(doc, verdict)
        tally.write_cpu += time.thread_time() - c
        if progress is not None and (now := time.monotonic()) - last_report > 0.25:
            progress(tally.documents, tally.passed)
            last_report = now
    if progress is not None:
        progress(tally.documents, tally.passed)


@dataclass(frozen=True)
class BatchFiles:
    """What a batch wrote, as its stats record names it."""

    rows: int
    parquet_bytes: int
    parquet_sha256: str
    values_bytes: int
    values_sha256: str
    rejected_bytes: int
    rejected_sha256: str


def _write_files(ctx: FilterContext, k: int, sink: BatchSink) -> BatchFiles:
    """The batch's values, rejected examples, kept rows and signatures, each written atomically (the
    stats record, written after these by the caller, is what marks the batch done)."""
    rows = len(sink.kept)
    rules = ctx.judge.rules
    values_path = ctx.work.batch_values(k)
    meta = {"rules": rules.name, "config_id": ctx.config_id, "groups": rules.group_keys()}
    values_table = sink.values.to_table(meta)
    atomic_write_with(values_path, lambda tmp: write_values(tmp, values_table))
    rejected_path = ctx.work.batch_rejected(k)
    if ctx.keep_rejected > 0:
        examples = sink.examples.table(rules, sink.values, sink.names, ctx.judge)
        atomic_write_with(rejected_path, lambda tmp: pq.write_table(examples, tmp, compression="zstd"))
    else:
        rejected_path.unlink(missing_ok=True)
    parquet = ctx.work.batch_parquet(k)
    atomic_write_with(parquet, sink.kept.write)
    parquet_sha = file_sha256(parquet)
    if ctx.signer is not None:
        if len(sink.sigs) != rows:
            raise CorefprepError(f"batch {k}: {rows} kept documents but {len(sink.sigs)} signatures; this is a "
                                 "bug, please report it")
        records = np.frombuffer(b"".join(sink.sigs), dtype=ctx.signer.dtype)
        others = np.frombuffer(b"".join(sink.other_sigs), dtype=ctx.signer.dtype)
        write_signatures(signature_dir(ctx.work, ctx.signer), ctx.signer, k, records, parquet_sha, others=others)
    kept_examples = ctx.keep_rejected > 0
    return BatchFiles(rows, parquet.stat().st_size, parquet_sha, values_path.stat().st_size,
                      file_sha256(values_path), rejected_path.stat().st_size if kept_examples else 0,
                      file_sha256(rejected_path) if kept_examples else "")


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

