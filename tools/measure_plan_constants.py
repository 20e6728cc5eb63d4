"""Measure the constants corefprep.run.plan and corefprep.run.preflight are built on.

    python tools/measure_plan_constants.py memory [INPUT ...] [--workers 4]
    python tools/measure_plan_constants.py footprint [INPUT ...] [--seq-len 2048]
    python tools/measure_plan_constants.py mapmem [INPUT ...] [--docs 10000]

``memory``: the parent's memory with a warmed-up Kiwi (RSS and USS before/after ``load_kiwi``),
then a real ``FilterPool`` of N forked workers running one batch of the inputs, sampling every
worker's USS (private memory: what each worker adds on top of the pages it shares with the
parent) and PSS every 0.2 s; and the bytes one document in flight costs (its str in the parent
plus its pickled form, averaged over the documents that pass the cheap rules).

``footprint``: runs ``corefprep prepare`` on the inputs for each objective and prints the bytes
each stage leaves on disk per input document and per decompressed input byte (hard-linked files
are counted once: the final dataset links the tokenized chunks).

``mapmem``: runs the filter and samples stages on the inputs, then tokenizes ``--docs`` documents
of the samples chunks (repeated as needed) with the tokenize stage's own ``tokenize_chunk``
(entity-mlm, the bundled tokenizer, seq-len 2048, num_proc 2: the stage that runs ``datasets.map``)
at map batch sizes 100 and 1,000, sampling the map processes' USS.

Default inputs: the bundled sample. Numbers go into the constants of corefprep/run/plan.py and
corefprep/run/preflight.py with the command that produced them.
"""

from __future__ import annotations

import argparse
import os
import pickle
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path
from typing import Any

import psutil

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))


def _mib(n: float) -> str:
    return f"{n / 2**20:,.1f} MiB"


def memory(inputs: list[str], workers: int, docs: int) -> None:
    from corefprep.core.workdir import WorkDir
    from corefprep.filter.batch import compute_batch
    from corefprep.filter.context import FilterContext
    from corefprep.filter.faults import BatchFaults
    from corefprep.filter.judge import Judge
    from corefprep.filter.workers import WorkerDecider
    from corefprep.io.read import iter_documents
    from corefprep.io.resolve import resolve_inputs
    from corefprep.parallel import EngineConfig
    from corefprep.rules.kiwi import load_kiwi
    from corefprep.rules.v2 import V2Rules

    me = psutil.Process()
    before = me.memory_full_info()
    load_kiwi()
    after = me.memory_full_info()
    print(f"parent before Kiwi: RSS {_mib(before.rss)}, USS {_mib(before.uss)}")
    print(f"parent with warmed-up Kiwi: RSS {_mib(after.rss)} (+{_mib(after.rss - before.rss)}), "
          f"USS {_mib(after.uss)} (+{_mib(after.uss - before.uss)})")

    judge = Judge(V2Rules())
    files = resolve_inputs(inputs)
    texts = []
    survivors = []
    for d in iter_documents(files, stop=docs, meta_fields=judge.meta_fields):
        texts.append(d)
        if d.text is not None and judge.cheap(d) is None:
            survivors.append(d)
    if survivors:
        # what travels to a worker is the Document itself (text, source, line, id, meta)
        per = [sys.getsizeof(d.text) + len(pickle.dumps(d)) for d in survivors]
        chars = sum(len(d.text) for d in survivors) / len(survivors)
        print(f"documents read: {len(texts):,}; cheap-rule survivors: {len(survivors):,} "
              f"(mean {chars:,.0f} chars); bytes per document in flight (str + pickle): "
              f"mean {sum(per) / len(per):,.0f}, max {max(per):,}")

    peak: dict[int, tuple[int, int]] = {}
    stop = threading.Event()

    def sample() -> None:
        while not stop.is_set():
            for c in me.children():
                try:
                    m = c.memory_full_info()
                except psutil.Error:
                    continue
                u, p = peak.get(c.pid, (0, 0))
                peak[c.pid] = (max(u, m.uss), max(p, m.pss))
            time.sleep(0.2)

    t = threading.Thread(target=sample, daemon=True)
    t.start()
    t0 = time.monotonic()
    with tempfile.TemporaryDirectory() as tmp:
        # one real filter batch (the batch's parquet goes to a scratch work directory)
        ctx = FilterContext(WorkDir(Path(tmp)), tuple(files), (), "text", judge, max(1, len(texts)), len(texts),
                            "measure")
        with WorkerDecider(judge, EngineConfig(workers=workers, chunksize=50)) as fpool:
            res = compute_batch(ctx, 0, fpool, BatchFaults(0, 0, len(texts), False),
                                docs=iter(texts))
            time.sleep(0.5)  # one more sample of the finished workers
    stop.set()
    t.join()
    parent_end = me.memory_full_info()
    print(f"filter: {res.documents:,} docs, {res.kiwi_docs:,} to Kiwi, {res.passed:,} passed in "
          f"{time.monotonic() - t0:.1f}s with {workers} workers")
    for pid, (u, p) in sorted(peak.items()):
        print(f"  worker {pid}: peak USS {_mib(u)}, peak PSS {_mib(p)}")
    if peak:
        print(f"worker peak USS: max {_mib(max(u for u, _ in peak.values()))}; parent after the batch: "
              f"RSS {_mib(parent_end.rss)}, USS {_mib(parent_end.uss)}")


def _tree_bytes(root: Path) -> int:
    seen: set[tuple[int, int]] = set()
    total = 0
    for dirpath, _dirs, names in os.walk(root):
        for n in names:
            st = os.stat(os.path.join(dirpath, n))
            key = (st.st_dev, st.st_ino)
            if key not in seen:
                seen.add(key)
                total += st.st_size
    return total


def footprint(inputs: list[str], seq_len: int) -> None:
    import json

    from corefprep.io.read import count_records
    from corefprep.io.resolve import resolve_inputs
    from corefprep.run.preflight import estimate_input

    files = resolve_inputs(inputs)
    docs = sum(count_records(f) for f in files)
    est = estimate_input(files)
    print(f"inputs: {len(files)} file(s), {docs:,} documents (estimated from samples: {est.documents:,}), "
          f"{est.compressed_bytes:,} bytes on disk, ~{est.decompressed_bytes:,} bytes decompressed")
    exe = [sys.executable, "-m", "corefprep"]
    for objective in ("entity-mlm", "clm"):
        with tempfile.TemporaryDirectory() as tmp:
            out = Path(tmp)
            cmd = [*exe, "prepare", *inputs, "--output-dir", str(out), "--objective", objective,
                   "--seq-len", str(seq_len), "--no-progress", "--workers", "2"]
            env = {**os.environ, "HF_HUB_OFFLINE": "1"}
            subprocess.run(cmd, check=True, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
            kept = sum(json.loads(p.read_text())["passed"] for p in (out / "work" / "filter").glob("batch_*.json"))
            sizes = {}
            for stage in ("filter", "samples", "tokenized"):
                p = out / "work" / stage
                sizes[stage] = _tree_bytes(p) if p.exists() else 0
            total = _tree_bytes(out)
            sizes["final"] = total - _tree_bytes(out / "work")
            print(f"{objective} (seq-len {seq_len}): {kept:,} of {docs:,} documents kept ({kept / docs:.2%}); "
                  f"total {total:,} bytes")
            for k, v in sizes.items():
                print(f"  {k}: {v:,} bytes, {v / docs:,.1f} per input doc, {v / max(1, kept):,.0f} per kept doc")


def _sample_rows(inputs: list[str], work: Path) -> Any:
    """The samples chunks' rows (documents with their samples) of a real filter + samples run."""
    import pyarrow as pa

    from corefprep.run.options import RunOptions
    from corefprep.run.pipeline import prepare
    from corefprep.tokenizer.config import MapConfig

    opts = RunOptions(inputs=inputs, output_dir=work, progress=False, map=MapConfig(tok_chunk=1_000_000))
    prepare(opts, ("filter",))
    prepare(opts, ("samples",))
    tables = []
    for p in sorted((work / "work" / "samples").glob("chunk_*.arrow")):
        with pa.OSFile(str(p), "rb") as src:
            tables.append(pa.ipc.open_stream(src).read_all())
    if not tables:
        raise SystemExit("mapmem: the inputs gave no samples; pass inputs with kept documents")
    return pa.concat_tables(tables)


def mapmem(inputs: list[str], docs: int) -> None:
    import shutil

    import pyarrow as pa

    from corefprep.coref.tokenize import MIN_ROWS_PER_PROC, tokenize_chunk
    from corefprep.tokenizer.config import BUNDLED_TOKENIZER, TokenizeConfig
    from corefprep.tokenizer.load import load_fast_tokenizer

    tok = load_fast_tokenizer(str(BUNDLED_TOKENIZER))
    me = psutil.Process()
    with tempfile.TemporaryDirectory() as tmp:
        rows = _sample_rows(inputs, Path(tmp) / "run")
        # the documents of the samples chunks, repeated up to --docs (a map batch is documents)
        table = pa.concat_tables([rows] * (docs // rows.num_rows + 1)).slice(0, docs)
        src = Path(tmp) / "chunk.arrow"
        with pa.OSFile(str(src), "wb") as sink, pa.ipc.new_stream(sink, table.schema) as writer:
            writer.write_table(table, max_chunksize=1000)
        print(f"{table.num_rows:,} documents with {sum(map(len, table.column('samples').to_pylist())):,} samples")
        for batch in (100, 1000):
            peak: dict[int, int] = {}
            stop = threading.Event()

            def sample(stop: threading.Event = stop, peak: dict[int, int] = peak) -> None:
                while not stop.is_set():
                    for c in me.children(recursive=True):
                        try:
                            peak[c.pid] = max(peak.get(c.pid, 0), c.memory_full_info().uss)
                        except psutil.Error:
                            pass
                    time.sleep(0.1)

            t = threading.Thread(target=sample, daemon=True)
            t.start()
            out = Path(tmp) / f"out{batch}"
            shutil.rmtree(out, ignore_errors=True)
            n, _ = tokenize_chunk(src, out, tok, TokenizeConfig(seq_len=2048), num_proc=2, batch_size=batch,
                                  writer_batch_size=1000)
            stop.set()
            t.join()
            seen = ", ".join(_mib(u) for u in sorted(peak.values(), reverse=True)[:2]) or (
                f"none (one process: fewer than {2 * MIN_ROWS_PER_PROC:,} documents; pass more --docs)")
            print(f"map batch {batch}: {n:,} rows; map processes' peak USS: {seen}")


def main() -> int:
    p = argparse.ArgumentParser()
    sub = p.add_subparsers(dest="cmd", required=True)
    m = sub.add_parser("memory")
    m.add_argument("inputs", nargs="*")
    m.add_argument("--workers", type=int, default=4)
    m.add_argument("--docs", type=int, default=3000)
    f = sub.add_parser("footprint")
    f.add_argument("inputs", nargs="*")
    f.add_argument("--seq-len", type=int, default=2048)
    mm = sub.add_parser("mapmem")
    mm.add_argument("inputs", nargs="*")
    mm.add_argument("--docs", type=int, default=10000)
    a = p.parse_args()
    inputs = a.inputs or [str(REPO / "corefprep" / "data" / "sample")]
    if a.cmd == "memory":
        memory(inputs, a.workers, a.docs)
    elif a.cmd == "mapmem":
        mapmem(inputs, a.docs)
    else:
        footprint(inputs, a.seq_len)
    return 0


if __name__ == "__main__":
    sys.exit(main())
