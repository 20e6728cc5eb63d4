"""The stages wired together (SPEC 2): filter -> samples -> tokenize -> merge, each resumable.

::

    filter    corefprep.filter     inputs -> work/filter/batch_NNNNN.parquet + stats (+ signatures)
    dedup     corefprep.dedup      signatures -> work/dedup/result/ (removed documents, clusters)
    samples   corefprep.coref      kept documents -> work/samples/chunk_NNNNN.arrow   (entity-mlm)
    tokenize  corefprep.coref      samples chunks -> work/tokenized/<key>/chunk_NNNNN/ (entity-mlm)
              corefprep.clm        kept documents -> work/tokenized/clm-<key>/batch_NNNNN.ids (clm)
    merge     corefprep.coref      chunks linked -> <output-dir>/entity_coref_<rules>_<seq-len>/
              corefprep.clm        token files packed -> <output-dir>/clm_<rules>_<seq-len>/ (+ Megatron)

Before anything runs: the preflight checks (inputs, output directory, disk), the tokenizer's fit
for the objective, and the lock on the output directory.
"""

from __future__ import annotations

import dataclasses
import os
import sys
import time
from contextlib import ExitStack
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ..clm.stage import prepare_clm
from ..core.errors import CorefprepError, UsageError
from ..core.log import EventLog, say
from ..core.plural import count, noun
from ..core.timings import Timings
from ..coref.merge import run_merge
from ..coref.samples import run_samples
from ..coref.tokenize import run_tokenize
from ..dedup.result import DedupResult, DedupSummary
from ..dedup.stage import earlier_run, run_dedup
from ..filter.records import BatchStats
from ..filter.stats import totals_of
from ..parallel.ray import import_ray, ray_session
from ..store.own import Owned, owned
from ..store.terms import Terms
from ..tokenizer.specials import validate_tokenizer
from .filter_stage import plan_filter, require_all_done, run_filter
from .options import RunOptions, command_line
from .plan import apply_plan, is_planned
from .preflight import enforce, run_preflight
from .remote import published, staged

STAGES = ("filter", "dedup", "samples", "tokenize", "merge")


@dataclass
class RunResult:
    """What a run did (the CLI's closing line and the run_done event)."""

    batches: int
    done: int
    totals: dict[str, Any]  # documents, passed, rejected and malformed by reason (finished batches)
    samples: int | None = None  # samples built (samples stage) or rows of the final output
    rows_kind: str = "samples"  # what `samples` counts: "samples" or "rows"
    tokens: int | None = None  # clm tokenize without a merge
    dataset: Path | str | None = None  # a URL when the output is on a store
    megatron: Path | str | None = None
    dedup: DedupSummary | None = None  # when the run deduplicated
    timings: Timings = field(default_factory=Timings)

    @property
    def documents(self) -> int:
        return int(self.totals["documents"])

    @property
    def passed(self) -> int:
        return int(self.totals["passed"])


def prepare(opts: RunOptions, stages: tuple[str, ...] = STAGES) -> RunResult:
    """Run ``stages`` of the pipeline for ``opts``; every stage keeps what is done and unchanged."""
    if not is_planned(opts):
        opts = apply_plan(opts)
    opts = staged(opts)  # an output on a store is worked on in a local stage directory
    if opts.engine.engine == "ray" and "filter" in stages:
        import_ray()  # without the extra: one line saying how to install it, before anything runs
    tokenizes = "tokenize" in stages or "merge" in stages
    preflight = run_preflight(opts, for_run=True, tokenizes=tokenizes)
    enforce(preflight, say)  # unreadable inputs, unwritable output dir, too little disk: now
    if tokenizes:
        validate_tokenizer(opts.tokenize)  # a tokenizer unfit for the objective fails now, not after the filter
    if opts.dedup.dedup_against is not None and stages != ("filter",):
        _check_against(opts)  # an earlier run without usable signatures fails now, not after the filter
    command = opts.command or command_line(sys.argv)
    if not opts.lease_seconds > 0:
        raise UsageError("--lease-seconds must be a positive number of seconds")
    with owned(Path(opts.output_dir), opts.output_url, command=command, break_lock=opts.break_lock,
               terms=Terms(opts.lease_seconds), upload_every=opts.upload_every) as store, \
            EventLog(opts.log_json, output_dir=opts.output_name) as events, ExitStack() as on_ray:
        if opts.engine.engine == "ray" and {"filter", "dedup"} & set(stages):
            # one Ray session for every step that runs on it (counting, filter, signing, bands);
            # closed before the stages that fork processes of their own
            on_ray.enter_context(ray_session(opts.engine))
        events.emit("run_start", stages=list(stages), command=command, pid=os.getpid())
        for w in preflight.warnings:  # said on stderr already; a log collector sees them too
            events.emit("warning", check=w.check, message=w.message)
        result = _run_stages(opts, stages, events, on_ray, store)
    if opts.output_url is not None:  # name the outputs where they were uploaded, not in the stage
        result.dataset = published(opts, result.dataset)
        result.megatron = published(opts, result.megatron)
    return result


def _run_stages(opts: RunOptions, stages: tuple[str, ...], events: EventLog, on_ray: ExitStack,
                store: Owned) -> RunResult:
    t0 = time.monotonic()
    plan = plan_filter(opts)
    say(opts.plan.describe() + _dedup_plan(opts))  # after the inputs are counted: a bad input's error stays alone
    new: dict[int, BatchStats] = {}
    if "filter" in stages:
        events.emit("stage_start", stage="filter", batches=len(plan.todo), of_batches=plan.num_batches)
        new = run_filter(opts, plan, events, store)
    timings = Timings().with_stage("filter", time.monotonic() - t0)
    if "filter" in stages:
        events.emit("stage_done", stage="filter", seconds=timings["filter"], batches_run=len(new))
    done = dict(sorted({**plan.done, **new}.items()))
    result = RunResult(plan.num_batches, len(done), totals_of(done.values()), timings=timings)
    if stages == ("filter",):
        return result
    if opts.batches and len(done) < plan.num_batches:
        left = plan.num_batches - len(done)
        say(f"{count(left, 'batch')} {noun(left, 'is', 'are')} still pending; stopping after the filter stage")
        return result
    require_all_done(plan, done)
    if not opts.engine.shared_dir:
        # signing and banding read and write the work directory: without one the Ray nodes share,
        # they run on this machine (the filter, where the time goes, ran on the cluster)
        on_ray.close()
        opts = opts.replace(engine=dataclasses.replace(opts.engine, engine="local"))
    dedup = _dedup(opts, done, result, events, store)
    on_ray.close()
    if stages == ("dedup",):
        return result
    if opts.tokenize.objective == "clm":
        return _clm(opts, stages, done, result, events, dedup)
    return _entity_mlm(opts, stages, done, result, events, dedup)


def _dedup_plan(opts: RunOptions) -> str:
    signer = opts.signer()
    if signer is None:
        return "; dedup none"
    if signer.mode == "exact":
        return "; dedup exact"
    return (f"; dedup minhash ({signer.words} words, {signer.ngram}-grams, {signer.bands} bands x {signer.rows} "
            "hashes)")


def _check_against(opts: RunOptions) -> None:
    signer = opts.signer()
    against = Path(opts.dedup.dedup_against or "")
    if signer is None:
        raise UsageError("--dedup-against needs deduplication: add --dedup exact or --dedup minhash")
    if against.resolve() == Path(opts.output_dir).resolve() or \
            (opts.output_url is not None and opts.copies.get(str(against)) == opts.output_url):
        raise UsageError("--dedup-against names this run's own output directory")
    earlier_run(against, signer)


def _dedup(opts: RunOptions, done: dict[int, BatchStats], result: RunResult, events: EventLog,
           store: Owned) -> DedupResult | None:
    signer = opts.signer()
    if signer is None:
        return None
    events.emit("stage_start", stage="dedup", documents=result.passed)
    t0 = time.monotonic()
    dedup = run_dedup(opts.work, done, signer, opts.engine, against=opts.dedup.dedup_against, progress=opts.progress,
                      drops=store.drops)
    result.timings = result.timings.with_stage("dedup", time.monotonic() - t0)
    s = dedup.summary
    result.dedup = s
    events.emit("stage_done", stage="dedup", seconds=result.timings["dedup"], documents=s.documents,
                removed=s.removed, by_reason=s.by_reason, kept=s.kept)
    return dedup


def _clm(opts: RunOptions, stages: tuple[str, ...], done: dict[int, BatchStats], result: RunResult,
         events: EventLog, dedup: DedupResult | None) -> RunResult:
    if "tokenize" not in stages and "merge" not in stages:
        return result  # `corefprep samples` with clm: there are no samples
    events.emit("stage_start", stage="tokenize")
    clm = prepare_clm(opts.work, done, opts.tokenize, opts.map, final=opts.final_dir, megatron=opts.megatron_prefix,
                      provenance=opts.provenance(), timings=result.timings, build="merge" in stages,
                      progress=opts.progress, dedup=dedup)
    result.timings = clm.timings
    for stage in ("tokenize", "merge"):  # clm runs both in prepare_clm; their timings tell which ran
        if stage in result.timings:
            events.emit("stage_done", stage=stage, seconds=result.timings[stage])
    result.tokens = clm.tokens
    result.rows_kind = "rows"
    if clm.megatron is not None:
        result.megatron, result.dataset, result.samples = clm.megatron, clm.megatron, clm.megatron_documents
    if clm.dataset is not None:
        result.dataset, result.samples = clm.dataset, clm.rows
    return result


def _entity_mlm(opts: RunOptions, stages: tuple[str, ...], done: dict[int, BatchStats], result: RunResult,
                events: EventLog, dedup: DedupResult | None) -> RunResult:
    events.emit("stage_start", stage="samples", documents=result.passed)
    built = run_samples(opts.work, done, opts.samples, opts.tokenize, opts.map.tok_chunk or 1_000_000,
                        progress=opts.progress, dedup=dedup)
    chunks, summary = built.chunks, built.summary
    result.timings = result.timings.with_stage("samples", built.seconds)
    events.emit("stage_done", stage="samples", seconds=result.timings["samples"], samples=summary.num_samples,
                chunks=len(chunks))
    result.samples = summary.num_samples
    if stages == ("samples",):
        return result
    if not chunks:
        raise CorefprepError(
            "no samples were produced: no kept document has a repeated entity; see `corefprep status "
            f"{opts.output_name}` for the rejection reasons"
        )
    events.emit("stage_start", stage="tokenize", samples=summary.num_samples, chunks=len(chunks))
    tokenized = run_tokenize(opts.work, chunks, opts.tokenize, opts.map, progress=opts.progress)
    result.timings = result.timings.with_stage("tokenize", tokenized.seconds)
    events.emit("stage_done", stage="tokenize", seconds=result.timings["tokenize"],
                dropped_samples=tokenized.dropped_samples)
    if "merge" not in stages:
        return result
    events.emit("stage_start", stage="merge")
    t3 = time.monotonic()
    merged = run_merge(opts.work.root, opts.final_dir, tokenized, summary, done, result.timings,
                       seq_len=opts.tokenize.seq_len, max_entity_freq=opts.samples.max_entity_freq,
                       provenance=opts.provenance(), dedup=dedup)
    if merged.seconds is not None:
        result.timings = result.timings.with_stage("merge", merged.seconds)
    events.emit("stage_done", stage="merge", seconds=round(time.monotonic() - t3, 3), rows=merged.rows,
                dataset=published(opts, opts.final_dir))
    result.samples, result.dataset = merged.rows, opts.final_dir
    return result
