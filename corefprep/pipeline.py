"""The stages wired together: filter -> samples -> tokenize -> merge, each resumable (SPEC 2)."""

from __future__ import annotations

import math
import os
import sys
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import Any

import pyarrow.parquet as pq

from .atomic import atomic_write_json, clean_temp_files, file_sha256, read_json
from .batches import batch_done, batch_range, parse_batch_spec
from .errors import BatchFailedError, CorefprepError
from .filter import FilterPool, WorkerDied, filter_batch, rows_to_table
from .merge import run_merge, totals_of
from .options import RunOptions
from .packing import prepare_clm
from .progress import say
from .readers import Document, InputFile, count_records, iter_documents, resolve_inputs
from .samples import run_samples
from .tokenize import run_tokenize, validate_tokenizer
from .workdir import WorkDir, check_manifest, run_lock

# --- filter ---------------------------------------------------------------------------------


@dataclass
class FilterPlan:
    files: list[InputFile]
    total_docs: int
    num_batches: int
    config_id: str
    todo: list[int]
    done: dict[int, dict[str, Any]]  # batches found intact when planning, with their stats

    def bounds(self, k: int, batch_docs: int) -> tuple[int, int]:
        """doc_index range of batch k; the last batch ends with the inputs."""
        lo, hi = batch_range(k, batch_docs)
        return lo, min(hi, self.total_docs)


def plan_filter(opts: RunOptions) -> FilterPlan:
    work = opts.work
    files = resolve_inputs(opts.input_specs())
    counts = _record_counts(work, files, opts.text_field)
    total = sum(counts)
    if total == 0:
        raise CorefprepError("the inputs hold no records; check the paths (and --text-field)")
    num_batches = math.ceil(total / opts.batch_docs)
    fcfg = {
        "rules": opts.filter.decision_dict(),
        "text_field": opts.text_field,
        "batch_docs": opts.batch_docs,
        "inputs": [[f.path, f.size, f.mtime_ns] for f in files],
        "total_docs": total,
    }
    # a usage error must not touch the work dir, so the spec is checked before the manifest
    spec = parse_batch_spec(opts.batches, num_batches) if opts.batches else None
    cid = check_manifest(work, fcfg, opts.force)
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
    return FilterPlan(files, total, num_batches, cid, todo, done)


def _record_counts(work: WorkDir, files: list[InputFile], text_field: str) -> list[int]:
    """Records per input file, remembered by (path, size, mtime) so reruns do not re-count."""
    cache_path = work.root / "input_counts.json"
    cache = read_json(cache_path) or {}
    out = []
    changed = False
    for f in files:
        key = f"{f.path}|{f.size}|{f.mtime_ns}"
        if key not in cache:
            cache[key] = count_records(f, text_field)
            changed = True
        out.append(cache[key])
    if changed:
        work.root.mkdir(parents=True, exist_ok=True)
        atomic_write_json(cache_path, cache)
    return out


class DocStream:
    """One pass over the inputs shared by consecutive batches: reopening the inputs for every
    batch would decompress everything before it again."""

    def __init__(self, files: list[InputFile], text_field: str):
        self.files, self.text_field = files, text_field
        self.it: Iterator[Document] | None = None
        self.pos = -1

    def batch(self, lo: int, hi: int) -> Iterator[Document]:
        if self.it is None or self.pos != lo:
            self.it = iter_documents(self.files, self.text_field, start=lo)
            self.pos = lo
        while self.pos < hi:
            doc = next(self.it, None)
            if doc is None:
                self.it = None
                return
            self.pos = doc.doc_index + 1
            yield doc


def run_filter(opts: RunOptions, plan: FilterPlan) -> dict[int, dict[str, Any]]:
    """Run the batches in plan.todo; returns their stats."""
    from tqdm import tqdm

    work = opts.work
    work.filter_dir.mkdir(parents=True, exist_ok=True)
    clean_temp_files(work.filter_dir)
    if not plan.todo:
        say(f"filter: all {plan.num_batches} batches already done ({plan.total_docs:,} documents)")
        return {}
    todo_docs = sum(hi - lo for lo, hi in (plan.bounds(k, opts.batch_docs) for k in plan.todo))
    say(f"filter: {len(plan.todo)} of {plan.num_batches} batches to do ({todo_docs:,} documents, "
        f"{opts.workers} workers)")
    bar = tqdm(total=todo_docs, unit="doc", desc="filter", disable=not opts.progress, file=sys.stderr,
               dynamic_ncols=True, smoothing=0.1)
    passed_total = 0
    finished: dict[int, dict[str, Any]] = {}
    try:
        stream = DocStream(plan.files, opts.text_field)
        with FilterPool(opts.filter, opts.workers, opts.maxtasksperchild) as fpool:
            for k in plan.todo:
                stats = _run_batch_with_retries(opts, plan, stream, fpool, k, bar, passed_total)
                passed_total += stats["passed"]
                finished[k] = stats
                say(_batch_line(stats))
    finally:
        bar.close()
    return finished


def _run_batch_with_retries(opts: RunOptions, plan: FilterPlan, stream: DocStream, fpool: FilterPool, k: int,
                            bar: Any, passed_before: int) -> dict[str, Any]:
    work = opts.work
    lo, hi = plan.bounds(k, opts.batch_docs)
    attempts = opts.retries + 1
    for attempt in range(1, attempts + 1):
        start_n = bar.n
        try:
            stats = _run_batch(opts, plan, stream, fpool, k, lo, hi, bar, passed_before, attempt)
            work.failed_marker(k).unlink(missing_ok=True)
            return stats
        except (WorkerDied, BatchFailedError) as exc:
            bar.n = start_n
            bar.refresh()
            fpool.close(terminate=True)
            cause = _cause(exc)
            if attempt < attempts:
                say(f"batch {k:05d}: {cause}; retrying ({attempt}/{opts.retries})")
                continue
            atomic_write_json(work.failed_marker(k), {"batch": k, "start": lo, "end": hi, "error": cause,
                                                      "attempts": attempt, "at": time.time()})
            raise BatchFailedError(
                f"batch {k} (documents {lo}-{hi - 1}) failed {attempt} times: {cause}; fix the cause and "
                "rerun the same command to resume from this batch"
            ) from None
    raise AssertionError("unreachable")


def _cause(exc: BaseException) -> str:
    if isinstance(exc, WorkerDied):
        how = f"killed by signal {-exc.exitcode}" if exc.exitcode < 0 else f"exited with code {exc.exitcode}"
        where = f"on document {exc.doc_index}" if exc.doc_index is not None else "(document unknown)"
        return f"a worker was {how} {where}"
    return str(exc)


def _run_batch(opts: RunOptions, plan: FilterPlan, stream: DocStream, fpool: FilterPool, k: int, lo: int, hi: int,
               bar: Any, passed_before: int, attempt: int = 1) -> dict[str, Any]:
    work = opts.work
    t0 = time.monotonic()
    base = bar.n

    def progress(done: int, passed: int) -> None:
        bar.n = base + done
        bar.set_postfix(passed=f"{passed_before + passed:,}", batch=k, refresh=False)
        bar.refresh()

    docs = stream.batch(lo, hi)
    res = filter_batch(fpool, docs, expected_docs=hi - lo, chunksize=opts.chunksize, strict=opts.strict,
                       progress=progress)
    if res.documents == 0:
        raise CorefprepError(
            f"batch {k} read 0 documents although the inputs hold {plan.total_docs:,}; the inputs changed "
            "during the run — rerun to recount them"
        )
    if res.documents != hi - lo:
        raise CorefprepError(
            f"batch {k} read {res.documents:,} documents where {hi - lo:,} were counted; the inputs changed "
            "during the run — rerun with --force"
        )
    if res.accounted() != res.documents:
        raise CorefprepError(
            f"batch {k}: passed + rejected + malformed = {res.accounted()} but the batch had "
            f"{res.documents} documents; this is a bug, please report it"
        )
    parquet = work.batch_parquet(k)
    tmp = parquet.with_name(f".{parquet.name}.tmp-{os.getpid()}")
    try:
        pq.write_table(rows_to_table(res.rows), tmp, compression="zstd")
        with open(tmp, "rb") as f:
            os.fsync(f.fileno())
        os.replace(tmp, parquet)
    except BaseException:
        tmp.unlink(missing_ok=True)
        raise
    seconds = time.monotonic() - t0
    stats = {
        "batch": k,
        "start": lo,
        "end": hi,
        "documents": res.documents,
        "passed": res.passed,
        "rejected": dict(sorted(res.rejected.items())),
        "malformed": dict(sorted(res.malformed.items())),
        "malformed_examples": res.malformed_examples,
        "kiwi_errors": res.kiwi_errors,
        "kiwi_docs": res.kiwi_docs,
        "kiwi_chars": res.kiwi_chars,
        "worker_seconds": round(res.worker_seconds, 3),
        "worker_cpu_seconds": round(res.worker_cpu_seconds, 3),
        "seconds": round(seconds, 3),
        "docs_per_s": round(res.documents / seconds, 1) if seconds > 0 else None,
        "rows": len(res.rows),
        "parquet_bytes": parquet.stat().st_size,
        "parquet_sha256": file_sha256(parquet),
        "config_id": plan.config_id,
        "workers": opts.workers,
        "attempts": attempt,
        "finished_at": time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime()),
    }
    atomic_write_json(work.batch_stats(k), stats)
    bar.n = base + res.documents
    bar.refresh()
    return stats


def _batch_line(s: dict[str, Any]) -> str:
    mal = sum(s["malformed"].values())
    rate = s["passed"] / s["documents"] if s["documents"] else 0.0
    return (f"batch {s['batch']:05d} [{s['start']}-{s['end'] - 1}]: {s['documents']:,} docs, "
            f"{s['passed']:,} passed ({rate:.1%}), {sum(s['rejected'].values()):,} rejected, {mal:,} malformed, "
            f"{s['docs_per_s'] or 0:,.0f} docs/s")


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
    if "tokenize" in stages or "merge" in stages:
        validate_tokenizer(opts.tokenize)  # a tokenizer unfit for the objective fails now, not after the filter
    with run_lock(work, break_lock=opts.break_lock, command=" ".join(sys.argv)):
        t0 = time.monotonic()
        plan = plan_filter(opts)
        new = run_filter(opts, plan) if "filter" in stages else {}
        timings["filter"] = round(time.monotonic() - t0, 3)
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
            return prepare_clm(opts, stages, done, result, timings)
        t1 = time.monotonic()
        chunks, summary = run_samples(opts, done)
        timings["samples"] = round(time.monotonic() - t1, 3)
        if stages == ("samples",):
            return {**result, "samples": summary["num_samples"]}
        if not chunks:
            raise CorefprepError(
                "no samples were produced: no kept document has a repeated entity; see `corefprep status "
                f"{opts.output_dir}` for the rejection reasons"
            )
        t2 = time.monotonic()
        dirs, tok_meta = run_tokenize(opts, chunks)
        timings["tokenize"] = round(time.monotonic() - t2, 3)
        if "merge" not in stages:
            return {**result, "samples": summary["num_samples"]}
        n = run_merge(opts, dirs, summary, tok_meta, done, timings)
        return {**result, "samples": n, "dataset": str(opts.final_dir), "timings": timings}
