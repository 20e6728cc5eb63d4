"""The stages wired together: filter -> samples -> tokenize -> merge, each resumable (SPEC 2)."""

from __future__ import annotations

import math
import os
import shutil
import sys
import time
from collections import Counter
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pyarrow.parquet as pq

from . import __version__
from .atomic import atomic_write_json, clean_temp_files, config_hash, file_sha256, read_json
from .batches import batch_done, batch_range, parse_batch_spec
from .errors import BatchFailedError, CorefprepError
from .filter import FilterPool, WorkerDied, filter_batch, rows_to_table
from .merge import COMPLETE_MARKER, assemble_dataset
from .readers import Document, InputFile, count_records, iter_documents, resolve_inputs
from .rules.v2 import V2Rules
from .samples import SampleConfig, build_sample_chunks
from .tokenize import (
    TokenizeConfig,
    load_fast_tokenizer,
    tokenize_chunk,
    tokenizer_info,
)
from .workdir import WorkDir, check_manifest, run_lock

BUNDLED_SAMPLE = Path(__file__).parent / "data" / "sample"
DATASET_VERSION = "2"


def usable_cores() -> int:
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except AttributeError:  # not Linux
        return max(1, os.cpu_count() or 1)


def _env_int(name: str, default: int) -> int:
    v = os.environ.get(name)
    try:
        return int(v) if v else default
    except ValueError:
        raise CorefprepError(f"environment variable {name}={v!r} is not an integer") from None


@dataclass
class RunOptions:
    inputs: list[str] = field(default_factory=list)
    output_dir: Path = Path("prepared_datasets")
    text_field: str = "text"
    batch_docs: int = 200_000
    workers: int = field(default_factory=usable_cores)
    chunksize: int = 2000
    maxtasksperchild: int = 1000
    strict: bool = False
    force: bool = False
    break_lock: bool = False
    batches: str | None = None
    retries: int = 2
    filter: Any = field(default_factory=V2Rules)
    samples: SampleConfig = field(default_factory=SampleConfig)
    tokenize: TokenizeConfig = field(default_factory=TokenizeConfig)
    tok_chunk: int = 1_000_000
    num_proc: int = field(default_factory=lambda: _env_int("DATASET_NUM_PROC", usable_cores()))
    # documents per map batch; each yields ~10 rows of ~1000 token ids, so keep it modest
    map_batch_size: int = field(default_factory=lambda: _env_int("DATASET_BATCH_SIZE", 100))
    writer_batch_size: int = field(default_factory=lambda: _env_int("DATASET_WRITER_BATCH_SIZE", 1000))
    progress: bool = True
    max_samples: int | None = None

    @property
    def work(self) -> WorkDir:
        return WorkDir(Path(self.output_dir))

    @property
    def dataset_name(self) -> str:
        kind = "entity_coref" if self.tokenize.objective == "entity-mlm" else "clm"
        return f"{kind}_v{DATASET_VERSION}_{self.tokenize.seq_len}"

    @property
    def final_dir(self) -> Path:
        return Path(self.output_dir) / self.dataset_name

    def input_specs(self) -> list[str]:
        return self.inputs or [str(BUNDLED_SAMPLE)]


def say(msg: str) -> None:
    from tqdm import tqdm

    tqdm.write(msg, file=sys.stderr)


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


def run_samples(opts: RunOptions, done: dict[int, dict[str, Any]]) -> tuple[list[Any], dict[str, Any]]:
    t0 = time.monotonic()
    hashes = {k: s["parquet_sha256"] for k, s in done.items()}
    chunks, stats = build_sample_chunks(opts.work, sorted(done), hashes, opts.samples, opts.tok_chunk,
                                        max_samples=opts.max_samples)
    summary = stats.summary()
    written = sum(1 for c in chunks if c.written)
    atomic_write_json(opts.work.samples_dir / "index.json",
                      {"chunks": [{"index": c.index, "fingerprint": c.fingerprint, "samples": c.samples}
                                  for c in chunks], "summary": summary})
    say(f"samples: {summary['num_samples']:,} samples from {summary['num_documents_with_samples']:,} documents, "
        f"{summary['num_unique_entities']:,} entities, {len(chunks)} chunk(s) ({written} written) "
        f"in {time.monotonic() - t0:.1f}s")
    return chunks, summary


@dataclass
class _BatchChunk:
    """A filter batch seen as a tokenize chunk (the clm objective tokenizes kept documents)."""

    index: int
    fingerprint: str
    samples: int
    path: Path


def _prepare_clm(opts: RunOptions, stages: tuple[str, ...], done: dict[int, dict[str, Any]],
                 result: dict[str, Any], timings: dict[str, float]) -> dict[str, Any]:
    chunks = [_BatchChunk(k, s["parquet_sha256"], s["passed"], opts.work.batch_parquet(k))
              for k, s in sorted(done.items()) if s["passed"] > 0]
    if not chunks:
        raise CorefprepError("no document passed the filter; see `corefprep status` for the rejection reasons")
    if "tokenize" not in stages and "merge" not in stages:
        return result
    t0 = time.monotonic()
    dirs, tok_meta = run_tokenize(opts, chunks)  # type: ignore[arg-type]
    timings["tokenize"] = round(time.monotonic() - t0, 3)
    if "merge" not in stages:
        return result
    summary = {"num_samples": sum(c.samples for c in chunks), "num_documents_with_samples": len(chunks)}
    n = run_merge(opts, dirs, summary, tok_meta, done, timings)
    return {**result, "samples": n, "dataset": str(opts.final_dir), "timings": timings}


def _tok_key(opts: RunOptions, info: dict[str, Any]) -> str:
    return config_hash({"tokenize": opts.tokenize.as_dict(), "tokenizer": info["sha256"],
                        "vocab": info["vocab_size"]})


def run_tokenize(opts: RunOptions, chunks: list[Any]) -> tuple[list[Path], dict[str, Any]]:
    from tqdm import tqdm

    t0 = time.monotonic()
    tok = load_fast_tokenizer(opts.tokenize.model)
    info = tokenizer_info(tok, opts.tokenize.model)
    key = _tok_key(opts, info)
    tdir = opts.work.tokenized_dir / key
    tdir.mkdir(parents=True, exist_ok=True)
    clean_temp_files(tdir)
    dirs: list[Path] = []
    dropped = 0
    clm = opts.tokenize.objective == "clm"
    bar = tqdm(total=sum(c.samples for c in chunks), unit="sample", desc="tokenize", file=sys.stderr,
               disable=not opts.progress, dynamic_ncols=True)
    try:
        for c in chunks:
            out = tdir / f"chunk_{c.index:05d}"
            meta = tdir / f"chunk_{c.index:05d}.json"
            old = read_json(meta)
            if old and old.get("fingerprint") == c.fingerprint and all((out / f).is_file()
                                                                       for f in old.get("files", [None])):
                dropped += old.get("dropped", 0)
                rows, files = old.get("rows", 1), old["files"]
            else:
                meta.unlink(missing_ok=True)
                t1 = time.monotonic()
                rows, files = tokenize_chunk(c.path, out, tok, opts.tokenize, num_proc=opts.num_proc,
                                             batch_size=opts.map_batch_size,
                                             writer_batch_size=opts.writer_batch_size)
                lost = 0 if clm else c.samples - rows
                atomic_write_json(meta, {"fingerprint": c.fingerprint, "samples": c.samples, "rows": rows,
                                         "files": files, "dropped": lost,
                                         "seconds": round(time.monotonic() - t1, 3)})
                dropped += lost
            if rows > 0:  # a chunk whose samples were all dropped has nothing to merge
                dirs.extend(out / f for f in files)
            bar.update(c.samples)
    finally:
        bar.close()
    # chunk dirs of an older, longer sample list
    for p in tdir.glob("chunk_*"):
        if int(p.name.split(".")[0].split("_")[1]) >= len(chunks):
            shutil.rmtree(p, ignore_errors=True) if p.is_dir() else p.unlink(missing_ok=True)
    elapsed = time.monotonic() - t0
    if clm:
        say(f"tokenize: {sum(c.samples for c in chunks):,} documents packed into {opts.tokenize.seq_len}-token "
            f"blocks in {len(chunks)} chunk(s), {elapsed:.1f}s")
    else:
        say(f"tokenize: {sum(c.samples for c in chunks):,} samples in {len(chunks)} chunk(s), {dropped:,} dropped "
            f"(antecedent and mention do not fit one {opts.tokenize.seq_len}-token window), {elapsed:.1f}s")
    return dirs, {"tokenizer": info, "dropped_samples": dropped, "key": key}


def run_merge(opts: RunOptions, dirs: list[Path], sample_summary: dict[str, Any], tok_meta: dict[str, Any],
              done: dict[int, dict[str, Any]], timings: dict[str, float]) -> int:
    final = opts.final_dir
    fingerprint = config_hash([tok_meta["key"], [d.relative_to(opts.work.root).as_posix() for d in dirs],
                               [read_json(d.parent.with_suffix(".json")) for d in dirs]])
    marker = read_json(final / COMPLETE_MARKER)
    if marker and marker.get("fingerprint") == fingerprint and not opts.force:
        say(f"merge: {final} is up to date ({marker.get('num_samples'):,} samples)")
        return int(marker.get("num_samples", 0))
    if not dirs:
        raise CorefprepError(
            f"every sample was dropped: no antecedent and mention fit one {opts.tokenize.seq_len}-token window; "
            "raise --seq-len"
        )
    t0 = time.monotonic()
    batch_stats = [done[k] for k in sorted(done)]
    totals = totals_of(batch_stats)
    metadata = {
        "dataset_type": "entity_coref" if opts.tokenize.objective == "entity-mlm" else "clm",
        "version": DATASET_VERSION,
        "corefprep_version": __version__,
        "seq_len": opts.tokenize.seq_len,
        "created_at": time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime()),
        "sources": opts.input_specs(),
        "documents": totals,
        **({"max_entity_freq": opts.samples.max_entity_freq} if opts.tokenize.objective == "entity-mlm" else {}),
        **{k: v for k, v in sample_summary.items() if k != "num_samples"},
        "samples_before_tokenize": sample_summary["num_samples"],
        "dropped_samples": tok_meta["dropped_samples"],
        "tokenizer": tok_meta["tokenizer"],
        "config": {
            "filter": opts.filter.as_dict(),
            "samples": opts.samples.as_dict(),
            "tokenize": opts.tokenize.as_dict(),
            "batch_docs": opts.batch_docs,
            "tok_chunk": opts.tok_chunk,
            "text_field": opts.text_field,
        },
        "timings": timings,
    }
    n = assemble_dataset(dirs, final, metadata, batch_stats, fingerprint=fingerprint)
    timings["merge"] = round(time.monotonic() - t0, 3)
    say(f"merge: {n:,} samples -> {final} in {timings['merge']:.1f}s")
    return n


def totals_of(batch_stats: list[dict[str, Any]]) -> dict[str, Any]:
    rej: Counter[str] = Counter()
    mal: Counter[str] = Counter()
    docs = passed = 0
    for s in batch_stats:
        docs += s["documents"]
        passed += s["passed"]
        rej.update(s["rejected"])
        mal.update(s["malformed"])
    return {"documents": docs, "passed": passed, "rejected": dict(sorted(rej.items())),
            "malformed": dict(sorted(mal.items()))}


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
            return _prepare_clm(opts, stages, done, result, timings)
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
