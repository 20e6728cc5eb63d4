"""The stages wired together: filter -> samples -> tokenize -> merge, each resumable (SPEC 2)."""

from __future__ import annotations

import math
import os
import sys
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import Any

from .atomic import atomic_write_json, clean_temp_files, read_json
from .batches import batch_done, parse_batch_spec
from .engines.local import run_filter_local
from .errors import CorefprepError
from .filter import FilterContext
from .merge import run_merge, totals_of
from .options import RunOptions
from .packing import prepare_clm
from .plan import plan_in_use
from .preflight import enforce, run_preflight
from .progress import EventLog, bar_style, say
from .readers import InputFile, check_text_field, count_records, resolve_inputs
from .samples import run_samples
from .tokenize import run_tokenize, validate_tokenizer
from .workdir import WorkDir, check_manifest, run_lock

# --- filter ---------------------------------------------------------------------------------


@dataclass
class FilterPlan:
    ctx: FilterContext
    todo: list[int]
    done: dict[int, dict[str, Any]]  # batches found intact when planning, with their stats

    @property
    def num_batches(self) -> int:
        return self.ctx.num_batches

    @property
    def total_docs(self) -> int:
        return self.ctx.total_docs


def plan_filter(opts: RunOptions) -> FilterPlan:
    work = opts.work
    files = resolve_inputs(opts.input_specs())
    check_text_field(files, opts.text_field)
    counts = record_counts(work, files, opts.text_field, opts.workers, opts.progress)
    total = sum(counts)
    if total == 0:
        raise CorefprepError("the inputs hold no records; check the paths (and --text-field)")
    num_batches = math.ceil(total / opts.batch_docs)
    fcfg = {
        "rules": opts.filter.decision_dict(),
        "text_field": opts.text_field,
        "batch_docs": opts.batch_docs,
        "inputs": [f.signature() for f in files],
        "total_docs": total,
    }
    # a usage error must not touch the work dir, so the spec is checked before the manifest
    spec = parse_batch_spec(opts.batches, num_batches) if opts.batches else None
    cid = check_manifest(work, fcfg, opts.force)
    ctx = FilterContext(work, tuple(files), tuple(counts), opts.text_field, opts.filter, opts.batch_docs, total, cid,
                        strict=opts.strict, engine=opts.engine)
    done: dict[int, dict[str, Any]] = {}
    if not (opts.force and spec is None):
        for k in range(num_batches):
            stats = batch_done(work, k, cid)
            if stats is not None:
                done[k] = stats
    if spec is not None:
        todo = spec
    elif opts.force:
        todo = list(range(num_batches))
    else:
        todo = [k for k in range(num_batches) if k not in done]
    return FilterPlan(ctx, todo, done)


def record_counts(work: WorkDir, files: list[InputFile], text_field: str, workers: int = 1,
                  progress: bool = True) -> list[int]:
    """Records per input file, remembered by (path, size, mtime) -- a hub input by (path, data fingerprint) --
    so reruns and single batches never count again. The first run counts files in parallel (they
    are independent), with a bar; hub inputs are streamed once each in this process."""
    from tqdm import tqdm

    cache_path = work.input_counts
    cache = read_json(cache_path) or {}
    keys = [f.count_key for f in files]
    missing = [i for i, key in enumerate(keys) if key not in cache and files[i].kind != "hf"]
    for i, key in enumerate(keys):
        if key not in cache and files[i].kind == "hf":
            cache[key] = _count_hub(files[i], progress)
            work.root.mkdir(parents=True, exist_ok=True)
            atomic_write_json(cache_path, cache)  # now: a long count is never repeated
    if missing:
        total_bytes = sum(files[i].size for i in missing)
        bar = tqdm(total=total_bytes, unit="B", unit_scale=True, desc=f"counting records in {len(missing)} file(s)",
                   disable=not progress, file=sys.stderr, **bar_style())
        try:
            for i, n in _count_files([files[i] for i in missing], missing, text_field, workers):
                cache[keys[i]] = n
                bar.update(files[i].size)
        finally:
            bar.close()
        work.root.mkdir(parents=True, exist_ok=True)
        atomic_write_json(cache_path, cache)
    return [int(cache[key]) for key in keys]


def _count_hub(f: InputFile, progress: bool) -> int:
    from tqdm import tqdm

    from .hub import count_rows

    total = f.hub.num_examples if f.hub is not None else None
    with tqdm(total=total, unit="doc", unit_scale=True, desc=f"counting records in {f.name}", disable=not progress,
              file=sys.stderr, **bar_style()) as bar:
        return count_rows(f, bar.update)


def _count_one(args: tuple[InputFile, int, str]) -> tuple[int, int]:
    f, i, text_field = args
    return i, count_records(f, text_field)


def _count_files(files: list[InputFile], ids: list[int], text_field: str, workers: int) -> Iterator[tuple[int, int]]:
    jobs = [(f, i, text_field) for f, i in zip(files, ids, strict=True)]
    procs = min(workers, len(jobs))
    if procs <= 1:
        yield from map(_count_one, jobs)
        return
    import multiprocessing as mp

    # biggest files first, so one huge file at the end does not leave the other cores idle
    jobs.sort(key=lambda j: -j[0].size)
    with mp.get_context("fork").Pool(procs) as pool:
        yield from pool.imap_unordered(_count_one, jobs)


def run_filter(opts: RunOptions, plan: FilterPlan, events: EventLog) -> dict[int, dict[str, Any]]:
    """Run the batches in plan.todo with the chosen engine; returns their stats."""
    work = opts.work
    work.filter_dir.mkdir(parents=True, exist_ok=True)
    clean_temp_files(work.filter_dir)
    if not plan.todo:
        say(f"filter: all {plan.num_batches} batches already done ({plan.total_docs:,} documents)")
        return {}
    if opts.engine == "ray":
        from .engines.ray import run_filter_ray

        return run_filter_ray(opts, plan.ctx, plan.todo, events)
    return run_filter_local(opts, plan.ctx, plan.todo, events)


# --- samples, tokenize, merge ---------------------------------------------------------------


# --- whole runs -----------------------------------------------------------------------------


def _require_all_done(plan: FilterPlan, done: dict[int, Any]) -> None:
    missing = [k for k in range(plan.num_batches) if k not in done]
    if missing:
        shown = ",".join(map(str, missing[:10])) + ("..." if len(missing) > 10 else "")
        raise CorefprepError(
            f"{len(missing)} of {plan.num_batches} filter batches are not done (batches {shown}); run "
            "`corefprep filter` (or prepare) without --batches first"
        )


def prepare(opts: RunOptions, stages: tuple[str, ...] = ("filter", "samples", "tokenize", "merge"),
            on_stage: Callable[[str], None] | None = None) -> dict[str, Any]:
    work = opts.work
    timings: dict[str, float] = {}
    if opts.engine == "ray" and "filter" in stages:
        from .engines.ray import import_ray

        import_ray()  # without the extra: one line saying how to install it, before anything runs
    enforce(run_preflight(opts), say)  # unreadable inputs, unwritable output dir, too little disk: now
    if "tokenize" in stages or "merge" in stages:
        validate_tokenizer(opts.tokenize)  # a tokenizer unfit for the objective fails now, not after the filter
    with run_lock(work, break_lock=opts.break_lock, command=" ".join(sys.argv)), \
            EventLog(opts.log_json, output_dir=str(opts.output_dir)) as events:
        t0 = time.monotonic()
        command = " ".join([os.path.basename(sys.argv[0]), *sys.argv[1:]])  # corefprep, not its full path
        events.emit("run_start", stages=list(stages), command=command, pid=os.getpid())
        plan = plan_filter(opts)
        say(plan_in_use(opts).describe())  # after the inputs are counted: a bad input's error stays alone
        new: dict[int, dict[str, Any]] = {}
        if "filter" in stages:
            events.emit("stage_start", stage="filter", batches=len(plan.todo), of_batches=plan.num_batches)
            new = run_filter(opts, plan, events)
        timings["filter"] = round(time.monotonic() - t0, 3)
        if "filter" in stages:
            events.emit("stage_done", stage="filter", seconds=timings["filter"], batches_run=len(new))
        done = dict(sorted({**plan.done, **new}.items()))
        result: dict[str, Any] = {"batches": plan.num_batches, "done": len(done), **totals_of(list(done.values()))}
        later = [s for s in stages if s != "filter"]
        if not later:
            return result
        if opts.batches and len(done) < plan.num_batches:
            say(f"{plan.num_batches - len(done)} batches are still pending; stopping after the filter stage")
            return result
        _require_all_done(plan, done)
        if opts.tokenize.objective == "clm":
            events.emit("stage_start", stage="tokenize")
            res = prepare_clm(opts, stages, done, result, timings)
            for stage in ("tokenize", "merge"):  # clm runs both inside prepare_clm; their timings tell which ran
                if stage in timings:
                    events.emit("stage_done", stage=stage, seconds=timings[stage])
            return res
        events.emit("stage_start", stage="samples", documents=result["passed"])
        t1 = time.monotonic()
        chunks, summary = run_samples(opts, done)
        timings["samples"] = round(time.monotonic() - t1, 3)
        events.emit("stage_done", stage="samples", seconds=timings["samples"], samples=summary["num_samples"],
                    chunks=len(chunks))
        if stages == ("samples",):
            return {**result, "samples": summary["num_samples"]}
        if not chunks:
            raise CorefprepError(
                "no samples were produced: no kept document has a repeated entity; see `corefprep status "
                f"{opts.output_dir}` for the rejection reasons"
            )
        events.emit("stage_start", stage="tokenize", samples=summary["num_samples"], chunks=len(chunks))
        t2 = time.monotonic()
        dirs, tok_meta = run_tokenize(opts, chunks)
        timings["tokenize"] = round(time.monotonic() - t2, 3)
        events.emit("stage_done", stage="tokenize", seconds=timings["tokenize"],
                    dropped_samples=tok_meta["dropped_samples"])
        if "merge" not in stages:
            return {**result, "samples": summary["num_samples"]}
        events.emit("stage_start", stage="merge")
        t3 = time.monotonic()
        n = run_merge(opts, dirs, summary, tok_meta, done, timings)
        events.emit("stage_done", stage="merge", seconds=round(time.monotonic() - t3, 3), rows=n,
                    dataset=str(opts.final_dir))
        return {**result, "samples": n, "dataset": str(opts.final_dir), "timings": timings}
