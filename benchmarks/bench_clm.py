#!/usr/bin/env python3
"""clm output path benchmark: corefprep's tokenize+pack against the tokenizer's own ``encode_batch``.

On the same kept texts, with the same cores, side by side in one run (alternating subprocesses):

* **throughput**: documents/s of corefprep's clm tokenize + pack + final dataset (``prepare_clm``:
  per-batch token files, packing into 2048-token blocks, the ``load_from_disk`` directory) against
  the tokenizer's own ``encode_batch`` of the same texts held in memory (and, for information,
  ``encode_batch_fast``, which skips the character offsets corefprep does not need). Target ≥ 0.8×.
* **memory**: peak PSS of corefprep's process tree (psutil, sampled) at N and 4N documents with the
  same filter batch size. Target 4N / N ≤ 1.15×.

Library imports happen before the timed part on both sides (a run pays them once, not per document).

Tokenizers: the bundled Korean WordPiece and a byte-level BPE (GPT/Llama style, 16k vocab,
``<|endoftext|>``) trained on the corpus on the fly. Texts: the bench corpus made by
``<shared>/tools/make_bench_corpus.py`` (cached in ``benchmarks/.cache/``); every document counts
as kept (the filter is not what is measured), written as the filter's parquet batches.

    python benchmarks/bench_clm.py --docs 5000          # what `make bench-clm` runs (a few minutes)
    python benchmarks/bench_clm.py --docs 500 --repeats 1   # quick check
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
from bench import CACHE, MiB, ensure_corpus, iter_texts, locate_shared, run_tracked  # noqa: E402

SEQ_LEN = 2048


# --- set-up (parent) ---------------------------------------------------------------------------


def write_filtered(texts: list[str], out: Path, batch_docs: int) -> None:
    """``out/work/filter/batch_NNNNN.parquet`` as the filter writes them (every text kept) and
    ``out/done.json``: the batch stats prepare_clm reads."""
    import pyarrow.parquet as pq

    from corefprep.core.atomic import file_sha256
    from corefprep.core.workdir import WorkDir
    from corefprep.filter.batch import rows_to_table
    from corefprep.filter.records import BatchStats

    work = WorkDir(out)
    work.filter_dir.mkdir(parents=True, exist_ok=True)
    done = {}
    for k, lo in enumerate(range(0, len(texts), batch_docs)):
        rows = [{"doc_index": i, "doc_id": f"d{i}", "source": "bench", "url": None, "text": t, "entities": []}
                for i, t in enumerate(texts[lo:lo + batch_docs], start=lo)]
        path = work.batch_parquet(k)
        pq.write_table(rows_to_table(rows), path, compression="zstd")
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


# --- the two measured sides (children) ---------------------------------------------------------


def child_encode_batch(data: Path, model: Path, result: Path) -> None:
    """The tokenizer's own encode_batch (and encode_batch_fast) over the same texts, in memory."""
    import pyarrow.parquet as pq
    from tokenizers import Tokenizer

    texts: list[str] = []
    for p in sorted((data / "work" / "filter").glob("batch_*.parquet")):
        texts += pq.read_table(p, columns=["text"]).column("text").to_pylist()
    tok = Tokenizer.from_file(str(model / "tokenizer.json"))
    tok.encode_batch(texts[:50], add_special_tokens=False)  # warm-up, as corefprep does
    out: dict[str, Any] = {"documents": len(texts)}
    for name in ("encode_batch", "encode_batch_fast"):
        t0, c0 = time.perf_counter(), time.process_time()
        encs = getattr(tok, name)(texts, add_special_tokens=False)
        out[f"{name}_seconds"] = time.perf_counter() - t0
        out[f"{name}_cpu"] = time.process_time() - c0  # all threads of the process (Rust's included)
        out["tokens"] = sum(len(e.ids) for e in encs)
        del encs
    result.write_text(json.dumps(out), encoding="utf-8")


def child_corefprep(data: Path, model: Path, result: Path, batch_docs: int) -> None:
    """corefprep's clm tokenize + pack + final dataset from the filter's parquet batches."""
    import datasets.arrow_writer  # noqa: F401  imports outside the timed part, as on the encode_batch side
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
    t0, c0 = time.perf_counter(), time.process_time()
    res = prepare_clm(opts.work, done, opts.tokenize, opts.map, final=opts.final_dir, megatron=opts.megatron_prefix,
                      provenance=opts.provenance(), timings=Timings(), build=True, progress=False)
    seconds, cpu = time.perf_counter() - t0, time.process_time() - c0
    meta = json.loads((opts.final_dir / "metadata.json").read_text())
    out = {"documents": meta["num_documents"], "tokens": meta["num_tokens"], "rows": res.rows,
           "seconds": seconds, "cpu": cpu, "timings": res.timings.as_dict()}
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


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--docs", type=int, default=5000, help="N: documents of the smaller run (default 5000)")
    ap.add_argument("--repeats", type=int, default=3, help="alternating encode_batch / corefprep pairs at N")
    ap.add_argument("--batch-docs", type=int, default=0, help="filter batch size (default N / 4)")
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--shared", default=None)
    ap.add_argument("--keep", action="store_true", help="keep the run directory")
    ap.add_argument("--out-json", type=Path, default=None)
    ap.add_argument("--child", choices=["encode_batch", "corefprep"], help=argparse.SUPPRESS)
    ap.add_argument("--data", type=Path, help=argparse.SUPPRESS)
    ap.add_argument("--model", type=Path, help=argparse.SUPPRESS)
    ap.add_argument("--result", type=Path, help=argparse.SUPPRESS)
    a = ap.parse_args(argv)
    if a.child == "encode_batch":
        child_encode_batch(a.data, a.model, a.result)
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
        rows = []
        for label, model in models.items():
            base, ours = [], []
            for _ in range(a.repeats):
                base.append(run_child("encode_batch", data[1], model, batch_docs, root))
                ours.append(run_child("corefprep", data[1], model, batch_docs, root))
            big_base = run_child("encode_batch", data[4], model, batch_docs, root)
            big = run_child("corefprep", data[4], model, batch_docs, root)
            b_rate = med([r["documents"] / r["encode_batch_seconds"] for r in base])
            f_rate = med([r["documents"] / r["encode_batch_fast_seconds"] for r in base])
            c_rate = med([r["documents"] / r["seconds"] for r in ours])
            c_rate4 = big["documents"] / big["seconds"]
            b_rate4 = big_base["documents"] / big_base["encode_batch_seconds"]
            b_cpu = med([r["documents"] / r["encode_batch_cpu"] for r in base])
            c_cpu = med([r["documents"] / r["cpu"] for r in ours])
            p1 = med([r["peak_pss"] for r in ours])
            results["tokenizers"][label] = {"encode_batch": base, "corefprep": ours, "encode_batch_4n": big_base,
                                            "corefprep_4n": big}
            rows += [
                (f"{label}: docs/s at N", f"{b_rate:,.0f}", f"{c_rate:,.0f}", f"{c_rate / b_rate:.2f}×", "≥ 0.8×"),
                (f"{label}: docs/s at N vs encode_batch_fast (info)", f"{f_rate:,.0f}", f"{c_rate:,.0f}",
                 f"{c_rate / f_rate:.2f}×", ""),
                (f"{label}: docs/s at 4N (one run each)", f"{b_rate4:,.0f}", f"{c_rate4:,.0f}",
                 f"{c_rate4 / b_rate4:.2f}×", "≥ 0.8×"),
                (f"{label}: docs per CPU-second at N (info)", f"{b_cpu:,.0f}", f"{c_cpu:,.0f}", f"{c_cpu / b_cpu:.2f}×",
                 ""),
                (f"{label}: peak tree PSS, N → 4N (MiB)", f"{p1 / MiB:,.0f}", f"{big['peak_pss'] / MiB:,.0f}",
                 f"{big['peak_pss'] / p1:.2f}×", "≤ 1.15×"),
            ]
            stages = ", ".join(f"{k} {v:.1f}s" for k, v in big["timings"].items())
            print(f"{label}: 4N run {big['documents']:,} docs, {big['tokens']:,} tokens, {big['rows']:,} rows; "
                  f"stages {stages}", file=sys.stderr)
        print(f"\nclm tokenize+pack: N = {n:,} documents (4N = {4 * n:,}), filter batches of {batch_docs:,}, "
              f"seq_len {SEQ_LEN}, {results['cores']} cores, {a.repeats} repeat(s), medians\n")
        head = ("metric", "encode_batch", "corefprep", "ratio", "target")
        widths = [max(len(r[i]) for r in [head, *rows]) for i in range(5)]
        for i, r in enumerate([head, *rows]):
            print("| " + " | ".join(c.ljust(w) if j == 0 else c.rjust(w) for j, (c, w) in
                                    enumerate(zip(r, widths, strict=True))) + " |")
            if i == 0:
                print("|" + "|".join("-" * (w + 2) for w in widths) + "|")
        print(f"\ntotal {time.perf_counter() - t_start:.0f}s; load average {os.getloadavg()[0]:.2f}")
        if a.out_json:
            a.out_json.write_text(json.dumps(results, indent=2), encoding="utf-8")
    finally:
        if not a.keep:
            shutil.rmtree(root, ignore_errors=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
