#!/usr/bin/env python3
"""Seek, don't stream: the time to start a batch must not grow with the batch's position (issue 7).

Builds (once, cached in ``benchmarks/.cache/seek/``) a corpus of ``--files`` zstd JSONL files of
``--docs-per-file`` documents each with ``<shared>/tools/make_bench_corpus.py``, then, side by side:

* the record-count pass (the first run's only full read: records counted, bytes hashed): one process
  vs ``--workers`` processes;
* for batch 0, a middle batch and the last batch (batches of ``--batch-docs``, which straddle file
  boundaries so some batches start inside a compressed file): seconds until the batch's first
  document is read, with the cached per-file counts (what corefprep does: open the file that holds
  the batch's first doc_index) and without them (the old way: stream every earlier record).

    python benchmarks/bench_seek.py                      # 12 files x 20,000 = 240,000 documents
    python benchmarks/bench_seek.py --files 10 --docs-per-file 2000 --batch-docs 1500   # quick
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
REPO = HERE.parent
sys.path.insert(0, str(REPO))

from corefprep.core.workdir import WorkDir  # noqa: E402
from corefprep.filter.context import FilterContext  # noqa: E402
from corefprep.filter.judge import Judge  # noqa: E402
from corefprep.io.counts import count_inputs  # noqa: E402
from corefprep.io.read import iter_documents  # noqa: E402
from corefprep.io.resolve import resolve_inputs  # noqa: E402
from corefprep.parallel import EngineConfig  # noqa: E402
from corefprep.rules.v2 import V2Rules  # noqa: E402


def shared_dir() -> Path | None:
    env = os.environ.get("COREFPREP_SHARED")
    for c in ([Path(env)] if env else []) + [REPO.parent / "shared", Path("/work/shared")]:
        if (c / "tools" / "make_bench_corpus.py").is_file():
            return c
    return None


def build_corpus(shared: Path, files: int, docs: int) -> Path:
    out = HERE / ".cache" / "seek" / f"{files}x{docs}"
    out.mkdir(parents=True, exist_ok=True)
    for i in range(files):
        path = out / f"part{i:03d}.jsonl.zst"
        if not path.exists():
            tmp = path.with_name(f".{path.name}.tmp")
            subprocess.run([sys.executable, str(shared / "tools" / "make_bench_corpus.py"), "--docs", str(docs),
                            "--out", str(tmp), "--seed", str(1000 + i)], check=True, capture_output=True)
            tmp.rename(path)
    return out


def time_to_first(files: list, start: int, stop: int, counts: list[int] | None) -> tuple[float, int]:
    t0 = time.perf_counter()
    doc = next(iter_documents(files, "text", start, stop, counts=counts))
    return time.perf_counter() - t0, doc.doc_index


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--files", type=int, default=12)
    ap.add_argument("--docs-per-file", type=int, default=20_000)
    ap.add_argument("--batch-docs", type=int, default=15_000)
    ap.add_argument("--workers", type=int, default=2)
    ap.add_argument("--repeats", type=int, default=3)
    a = ap.parse_args()
    shared = shared_dir()
    if shared is None:
        print("bench_seek: skipped — the shared directory with tools/make_bench_corpus.py was not found")
        return 0
    corpus = build_corpus(shared, a.files, a.docs_per_file)
    files = resolve_inputs([str(corpus)])
    size = sum(f.size for f in files)
    print(f"corpus: {len(files)} files, {size / 2**20:,.0f} MiB zstd, in {corpus}")

    rows: list[tuple[str, str, str, str]] = []
    count_times = {}
    for workers in (1, a.workers):
        ts = []
        for _ in range(a.repeats):
            with tempfile.TemporaryDirectory() as d:
                t0 = time.perf_counter()
                counted = count_inputs(WorkDir(Path(d)), files, "text", EngineConfig(workers=workers),
                                       progress=False)
                counts = [c.records for c in counted]
                ts.append(time.perf_counter() - t0)
        count_times[workers] = statistics.median(ts)
    total = sum(counts)
    rows.append(("record-count pass (first run only)", f"{count_times[1]:.2f} s (1 process)",
                 f"{count_times[a.workers]:.2f} s ({a.workers} processes)",
                 f"{count_times[1] / count_times[a.workers]:.2f}x faster"))

    def batch_row(label: str, batch_docs: int, k: int, with_stream: bool) -> float:
        ctx = FilterContext(WorkDir(Path("/nonexistent")), tuple(files), tuple(counts), "text", Judge(V2Rules()),
                            batch_docs, total, "bench")
        lo, hi = ctx.bounds(k)
        seek = statistics.median(time_to_first(files, lo, hi, counts)[0] for _ in range(a.repeats))
        file_index = next(i for i in range(len(counts)) if sum(counts[: i + 1]) > lo)
        inside = lo - sum(counts[:file_index])
        where = f"{label} batch {k} (doc_index {lo:,} = file {file_index} + {inside:,} records)"
        if with_stream:
            stream = statistics.median(time_to_first(files, lo, hi, None)[0] for _ in range(max(1, a.repeats - 2)))
            rows.append((where, f"{seek:.3f} s (seek)", f"{stream:.3f} s (stream)",
                         f"stream/seek {stream / max(seek, 1e-4):.0f}x"))
        else:
            rows.append((where, f"{seek:.3f} s (seek)", "", ""))
        return seek

    # 1. batches of one file each: every batch starts at a file's first record
    aligned = a.docs_per_file
    last_aligned = -(-total // aligned) - 1
    first = batch_row("aligned", aligned, 0, True)
    last = batch_row("aligned", aligned, last_aligned, True)
    rows.append(("aligned: last batch / batch 0, seeking", f"{last:.3f} s", f"{first:.3f} s",
                 f"{last / max(first, 1e-4):.2f}x"))
    # 2. batches that straddle files: a batch may start deep inside a compressed file, which is
    #    skipped by decompressing; that costs the same early or late in the corpus
    straddle = a.batch_docs
    nb = -(-total // straddle)
    by_offset: dict[int, list[tuple[int, float]]] = {}
    for k in range(nb):
        lo = k * straddle
        file_index = next(i for i in range(len(counts)) if sum(counts[: i + 1]) > lo)
        by_offset.setdefault(lo - sum(counts[:file_index]), []).append((k, 0.0))
    for offset, ks in sorted(by_offset.items()):
        early, late = ks[0][0], ks[-1][0]
        t_early = batch_row("straddling", straddle, early, False)
        t_late = batch_row("straddling", straddle, late, late == nb - 1) if late != early else t_early
        rows.append((f"straddling, {offset:,} records into a file: batch {late} / batch {early}", f"{t_late:.3f} s",
                     f"{t_early:.3f} s", f"{t_late / max(t_early, 1e-4):.2f}x"))

    print(f"\n{total:,} documents in {len(files)} files; batches of {aligned:,} (aligned with the files) and of "
          f"{straddle:,} (straddling them); {a.repeats} repeats (medians)\n")
    widths = [max(len(r[i]) for r in rows) for i in range(4)]
    for r in rows:
        print("  ".join(c.ljust(w) for c, w in zip(r, widths, strict=True)))
    print("\nWith the cached counts a batch opens the file that holds its first document: its start costs at most "
          "skipping records inside that one file, the same early or late in the corpus; streaming (the old way) "
          "grows with every earlier record.")
    return 0


if __name__ == "__main__":
    sys.exit(main())
