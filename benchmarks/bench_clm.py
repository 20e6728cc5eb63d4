#!/usr/bin/env python3
"""clm output path benchmark: corefprep's tokenize+pack against the tokenizer's own ``encode_batch_fast``.

On the same kept texts, with the same cores, side by side in one run (alternating subprocesses, each
side a fresh process):

* **throughput** (the headline): documents/s of corefprep's clm tokenize + pack + final dataset
  (``prepare_clm``: reading the filter's parquet batches, per-batch token files, packing into
  2048-token blocks, the ``load_from_disk`` directory) against one call of the tokenizer's own
  ``encode_batch_fast`` (no character offsets) on the same texts already in memory, at N and 4N
  documents. Target ≥ 1.0×. For information, the same against ``encode_batch`` (offsets computed)
  and documents per CPU-second.
* **where corefprep's extra time goes**: the CPU seconds of corefprep's Python thread (reading the
  parquet batches, ids into numpy, writing the files, packing, the final dataset: everything but
  the tokenizer's Rust work) and of the rest of its process (the tokenizer's threads).
* **memory**: peak PSS of corefprep's process tree (psutil, sampled) at N and 4N documents with the
  same filter batch size. Target 4N / N ≤ 1.15×.

Library imports and, on the tokenizer's side, loading the tokenizer and reading the texts happen
before the timed part (corefprep's timed part loads its tokenizer and reads the parquets itself).
Each tokenizer side runs in a fresh process too: measured after another pass over the same texts in
one process, ``encode_batch_fast`` would find the allocator's heap grown and the BPE word cache
filled by that pass.

Tokenizers: the bundled Korean WordPiece and a byte-level BPE (GPT/Llama style, 16k vocab,
``<|endoftext|>``) trained on the corpus on the fly. Texts: the bench corpus made by
``<shared>/tools/make_bench_corpus.py`` (cached in ``benchmarks/.cache/``); every document counts
as kept (the filter is not what is measured), written as the filter's parquet batches.

    python benchmarks/bench_clm.py --docs 5000 --repeats 2   # what `make bench-clm` runs (~6 minutes)
    python benchmarks/bench_clm.py --docs 500 --repeats 1    # quick check
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
REPO = HERE.parent
sys.path.insert(0, str(HERE))
from bench import CACHE, MiB, ensure_corpus, iter_texts, run_tracked  # noqa: E402
from common import locate_shared  # noqa: E402

SEQ_LEN = 2048


# --- set-up (parent) ---------------------------------------------------------------------------


def write_filtered(texts: list[str], out: Path, batch_docs: int) -> None:
    """``out/work/filter/batch_NNNNN.parquet`` as the filter writes them (every text kept) and
    ``out/done.json``: the batch stats prepare_clm reads."""
    import pyarrow as pa
    import pyarrow.parquet as pq

    from corefprep.core.atomic import file_sha256
    from corefprep.core.workdir import WorkDir
    from corefprep.filter.batch import BATCH_SCHEMA
    from corefprep.filter.records import BatchStats

    work = WorkDir(out)
    work.filter_dir.mkdir(parents=True, exist_ok=True)
    done = {}
    for k, lo in enumerate(range(0, len(texts), batch_docs)):
        rows = [{"doc_index": i, "doc_id": f"d{i}", "source": "bench", "url": None, "text": t, "entities": []}
                for i, t in enumerate(texts[lo:lo + batch_docs], start=lo)]
        path = work.batch_parquet(k)
        pq.write_table(pa.Table.from_pylist(rows, schema=BATCH_SCHEMA), path, compression="zstd")
        done[k] = BatchStats(batch=k, start=lo, end=lo + len(rows), documents=len(rows), passed=len(rows),
                             rejected={}, malformed={}, rows=len(rows), parquet_bytes=path.stat().st_size,
                             parquet_sha256=file_sha256(path), config_id="bench").to_json()
    (out / "done.json").write_text(json.dumps(done), encoding="utf-8")


def train_bpe(texts: list[str], directory: Path) -> Path:
    from tokenizers import Tokenizer, decoders, models, pre_tokenizers, trainers

    if (directory / "tokenizer.json").is_file():
        return directory
    tok = Tokenizer(models.BPE())
    tok.pre_tokenizer = pre_tokenizers.ByteLevel(add_prefix_space=False)
    tok.decoder = decoders.ByteLevel()
    tok.train_from_iterator(texts, trainers.BpeTrainer(vocab_size=16000, special_tokens=["<|endoftext|>"],
                                                       initial_alphabet=pre_tokenizers.ByteLevel.alphabet(),
                                                       show_progress=False))
    directory.mkdir(parents=True, exist_ok=True)
    tok.save(str(directory / "tokenizer.json"))
    return directory


# --- the measured sides (children) ------------------------------------------------------------

CALLS = ("encode_batch_fast", "encode_batch")  # the tokenizer's side: the headline call first


def child_tokenizer(call: str, data: Path, model: Path, result: Path) -> None:
    """One call of the tokenizer's own ``call`` over the same texts, held in memory."""
    import pyarrow.parquet as pq
    from tokenizers import Tokenizer

    texts: list[str] = []
    for p in sorted((data / "work" / "filter").glob("batch_*.parquet")):
        texts += pq.read_table(p, columns=["text"]).column("text").to_pylist()
    tok = Tokenizer.from_file(str(model / "tokenizer.json"))
    getattr(tok, call)(texts[:50], add_special_tokens=False)  # warm-up: its thread pool started
    t0, c0 = time.perf_counter(), time.process_time()
    encs = getattr(tok, call)(texts, add_special_tokens=False)
    seconds, cpu = time.perf_counter() - t0, time.process_time() - c0  # cpu: all threads, Rust's included
    out = {"documents": len(texts), "tokens": sum(len(e.ids) for e in encs), "seconds": seconds, "cpu": cpu}
    result.write_text(json.dumps(out), encoding="utf-8")


def child_corefprep(data: Path, model: Path, result: Path, batch_docs: int) -> None:
    """corefprep's clm tokenize + pack + final dataset from the filter's parquet batches."""
    import datasets.arrow_writer  # noqa: F401  imports outside the timed part, as on the tokenizer's side
    import pyarrow.parquet  # noqa: F401

    from corefprep.clm.stage import prepare_clm
    from corefprep.core.timings import Timings
    from corefprep.filter.config import FilterConfig
    from corefprep.filter.records import BatchStats
    from corefprep.run.options import RunOptions
    from corefprep.run.plan import apply_plan
    from corefprep.tokenizer.config import TokenizeConfig

    shutil.rmtree(data / "work" / "tokenized", ignore_errors=True)  # nothing reused from an earlier run
    opts = apply_plan(RunOptions(output_dir=data, filter=FilterConfig(batch_docs=batch_docs), progress=False,
                                 tokenize=TokenizeConfig(model=str(model), seq_len=SEQ_LEN, objective="clm")))
    shutil.rmtree(opts.final_dir, ignore_errors=True)
    done = {int(k): BatchStats.from_json(v) for k, v in json.loads((data / "done.json").read_text()).items()}
    t0, c0, m0 = time.perf_counter(), time.process_time(), time.thread_time()
    res = prepare_clm(opts.work, done, opts.tokenize, opts.map, final=opts.final_dir, megatron=opts.megatron_prefix,
                      provenance=opts.provenance(), timings=Timings(), build=True, progress=False)
    seconds, cpu, main_cpu = time.perf_counter() - t0, time.process_time() - c0, time.thread_time() - m0
    meta = json.loads((opts.final_dir / "metadata.json").read_text())
    out = {"documents": meta["num_documents"], "tokens": meta["num_document_tokens"], "rows": res.rows,
           "seconds": seconds, "cpu": cpu, "main_cpu": main_cpu, "timings": res.timings.as_dict()}
    result.write_text(json.dumps(out), encoding="utf-8")


# --- parent ------------------------------------------------------------------------------------


def run_child(kind: str, data: Path, model: Path, batch_docs: int, log_dir: Path) -> dict[str, Any]:
    result = log_dir / f"{kind}-{time.monotonic_ns()}.json"
    env = {k: v for k, v in os.environ.items() if k != "TOKENIZERS_PARALLELISM"}  # both: Rust threads on
    env.update(HF_HUB_OFFLINE="1", HF_DATASETS_OFFLINE="1", PYTHONUNBUFFERED="1",
               HF_DATASETS_CACHE=str(log_dir / "hf_cache"))
    cmd = [sys.executable, __file__, "--child", kind, "--data", str(data), "--model", str(model), "--result",
           str(result), "--batch-docs", str(batch_docs)]
    tr = run_tracked(cmd, result.with_suffix(".log"), env, interval=0.1)
    out = json.loads(result.read_text())
    out["peak_pss"] = tr.peak
    out["wall"] = tr.wall
    return out


def med(xs: list[float]) -> float:
    return statistics.median(xs) if xs else float("nan")


def measure(data: Path, model: Path, batch_docs: int, repeats: int, log_dir: Path) -> dict[str, list[dict[str, Any]]]:
    """``repeats`` rounds of encode_batch_fast, corefprep, encode_batch (in that order, alternating)."""
    runs: dict[str, list[dict[str, Any]]] = {kind: [] for kind in (*CALLS, "corefprep")}
    for _ in range(repeats):
        for kind in (CALLS[0], "corefprep", CALLS[1]):
            runs[kind].append(run_child(kind, data, model, batch_docs, log_dir))
    return runs


def rate(runs: list[dict[str, Any]], per: str = "seconds") -> float:
    return med([r["documents"] / r[per] for r in runs])


def table_rows(label: str, small: dict[str, list[dict[str, Any]]], big: dict[str, list[dict[str, Any]]]
               ) -> list[tuple[str, ...]]:
    fast, ours, slow = (small[k] for k in (*CALLS[:1], "corefprep", CALLS[1]))
    f1, c1, f4, c4 = rate(fast), rate(ours), rate(big[CALLS[0]]), rate(big["corefprep"])
    s1, fc, cc = rate(slow), rate(fast, "cpu"), rate(ours, "cpu")
    p1, p4 = med([r["peak_pss"] for r in ours]), med([r["peak_pss"] for r in big["corefprep"]])
    return [
        (f"{label}: docs/s at N", "encode_batch_fast", f"{f1:,.0f}", f"{c1:,.0f}", f"{c1 / f1:.2f}×", "≥ 1.0×"),
        (f"{label}: docs/s at 4N", "encode_batch_fast", f"{f4:,.0f}", f"{c4:,.0f}", f"{c4 / f4:.2f}×", "≥ 1.0×"),
        (f"{label}: docs/s at N (info)", "encode_batch", f"{s1:,.0f}", f"{c1:,.0f}", f"{c1 / s1:.2f}×", ""),
        (f"{label}: docs per CPU-second at N (info)", "encode_batch_fast", f"{fc:,.0f}", f"{cc:,.0f}",
         f"{cc / fc:.2f}×", ""),
        (f"{label}: peak tree PSS, N → 4N (MiB)", "", f"{p1 / MiB:,.0f}", f"{p4 / MiB:,.0f}", f"{p4 / p1:.2f}×",
         "≤ 1.15×"),
    ]


def cpu_split(label: str, n: int, runs: dict[str, list[dict[str, Any]]]) -> str:
    """Where corefprep's CPU goes next to the tokenizer's own call (medians, seconds)."""
    ours, fast = runs["corefprep"], runs[CALLS[0]]
    main_cpu, cpu, wall = (med([r[k] for r in ours]) for k in ("main_cpu", "cpu", "seconds"))
    return (f"{label} at {n:,} docs: encode_batch_fast {med([r['seconds'] for r in fast]):.2f}s wall, "
            f"{med([r['cpu'] for r in fast]):.2f}s CPU; corefprep {wall:.2f}s wall, {cpu:.2f}s CPU = "
            f"{cpu - main_cpu:.2f}s tokenizer threads + {main_cpu:.2f}s Python thread (read parquet, ids to "
            f"numpy, write, pack, dataset)")


def print_table(rows: list[tuple[str, ...]]) -> None:
    head = ("metric", "tokenizer's call", "tokenizer", "corefprep", "ratio", "target")
    widths = [max(len(r[i]) for r in [head, *rows]) for i in range(len(head))]
    for i, r in enumerate([head, *rows]):
        print("| " + " | ".join(c.ljust(w) if j < 2 else c.rjust(w) for j, (c, w) in
                                enumerate(zip(r, widths, strict=True))) + " |")
        if i == 0:
            print("|" + "|".join("-" * (w + 2) for w in widths) + "|")


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--docs", type=int, default=5000, help="N: documents of the smaller run (default 5000)")
    ap.add_argument("--repeats", type=int, default=2, help="alternating rounds of the three sides, at N and at 4N")
    ap.add_argument("--batch-docs", type=int, default=0, help="filter batch size (default N / 4)")
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--shared", default=None)
    ap.add_argument("--keep", action="store_true", help="keep the run directory")
    ap.add_argument("--out-json", type=Path, default=None)
    ap.add_argument("--child", choices=[*CALLS, "corefprep"], help=argparse.SUPPRESS)
    ap.add_argument("--data", type=Path, help=argparse.SUPPRESS)
    ap.add_argument("--model", type=Path, help=argparse.SUPPRESS)
    ap.add_argument("--result", type=Path, help=argparse.SUPPRESS)
    a = ap.parse_args(argv)
    if a.child in CALLS:
        child_tokenizer(a.child, a.data, a.model, a.result)
        return 0
    if a.child == "corefprep":
        child_corefprep(a.data, a.model, a.result, a.batch_docs)
        return 0

    shared = locate_shared(a.shared)
    if shared is None:
        print("bench-clm: skipped — the shared directory with tools/make_bench_corpus.py was not found "
              "(set COREFPREP_SHARED or place it at <repo>/../shared)")
        return 0
    t_start = time.perf_counter()
    n = a.docs
    batch_docs = a.batch_docs or max(1, n // 4)
    corpus = ensure_corpus(shared, 4 * n, a.seed)
    texts = list(iter_texts(corpus))
    root = Path(tempfile.mkdtemp(prefix="corefprep-bench-clm-"))
    results: dict[str, Any] = {"docs": n, "batch_docs": batch_docs, "cores": len(os.sched_getaffinity(0)),
                               "seq_len": SEQ_LEN, "tokenizers": {}}
    try:
        data = {1: root / "n1", 4: root / "n4"}
        write_filtered(texts[:n], data[1], batch_docs)
        write_filtered(texts, data[4], batch_docs)
        models = {"bundled WordPiece (8k)": REPO / "corefprep" / "data" / "tokenizer",
                  "byte-level BPE (16k)": train_bpe(texts[:3000], CACHE / f"bench_clm_bpe_{corpus.stem}")}
        rows, notes = [], []
        for label, model in models.items():
            small = measure(data[1], model, batch_docs, a.repeats, root)
            big = measure(data[4], model, batch_docs, a.repeats, root)
            results["tokenizers"][label] = {"n": small, "4n": big}
            rows += table_rows(label, small, big)
            notes += [cpu_split(label, n, small), cpu_split(label, 4 * n, big)]
            last = big["corefprep"][-1]
            stages = ", ".join(f"{k} {v:.1f}s" for k, v in last["timings"].items())
            print(f"{label}: 4N run {last['documents']:,} docs, {last['tokens']:,} tokens, {last['rows']:,} rows; "
                  f"stages {stages}", file=sys.stderr)
        print(f"\nclm tokenize+pack: N = {n:,} documents (4N = {4 * n:,}), filter batches of {batch_docs:,}, "
              f"seq_len {SEQ_LEN}, {results['cores']} cores, {a.repeats} alternating repeat(s), medians\n")
        print_table(rows)
        print("\nCPU (medians): " + "\n               ".join(notes))
        print(f"\ntotal {time.perf_counter() - t_start:.0f}s; load average {os.getloadavg()[0]:.2f}")
        if a.out_json:
            a.out_json.write_text(json.dumps(results, indent=2), encoding="utf-8")
    finally:
        if not a.keep:
            shutil.rmtree(root, ignore_errors=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
