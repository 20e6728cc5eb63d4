#!/usr/bin/env python3
"""``--engine ray`` against ``--engine local`` on one machine, and the local engine's reader ceiling (issue 9).

Side by side, in one run, on the bench corpus (``<shared>/tools/make_bench_corpus.py``, cached in
``benchmarks/.cache/``):

1. **Overhead bound.** ``corefprep filter`` with each engine on the same corpus, the same
   ``--workers`` CPUs and the same batches, alternating engines ``--repeats`` times: documents/s
   (wall clock of the whole command, Ray start-up included) and their ratio. The batch parquets of
   the two engines are compared byte for byte.
   Then the stages that stay on the driver (samples, tokenize, merge: ``corefprep merge``) are
   timed against the filter.
2. **Reader ceiling.** The local engine has one reader: the parent decompresses, parses JSON and
   applies the cheap rules for every Kiwi worker. Measured in this process: documents/s that one
   reader sustains, and documents/s (of input) that one Kiwi worker sustains on the documents the
   reader passes on. Their ratio is the number of Kiwi workers at which the single reader becomes
   the bottleneck; past it the Ray engine's per-batch readers (every actor reads its own batch)
   keep scaling.

    python benchmarks/bench_ray.py                       # 20,000 documents, 2 workers
    python benchmarks/bench_ray.py --docs 2000 --repeats 1   # quick
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
sys.path.insert(0, str(HERE))

from bench import ray_bench_corpus  # noqa: E402

from corefprep.core.workdir import WorkDir  # noqa: E402
from corefprep.filter.batch import BatchTally, survivors_of  # noqa: E402
from corefprep.filter.context import FilterContext  # noqa: E402
from corefprep.filter.engines.ray import ACTOR_MEMORY  # noqa: E402
from corefprep.filter.judge import Judge  # noqa: E402
from corefprep.io.counts import count_inputs  # noqa: E402
from corefprep.io.resolve import resolve_inputs  # noqa: E402
from corefprep.parallel import EngineConfig  # noqa: E402
from corefprep.rules import make_rules  # noqa: E402
from corefprep.rules.kiwi import load_kiwi  # noqa: E402


def corefprep_bin() -> str:
    exe = Path(sys.executable).with_name("corefprep")
    return str(exe) if exe.exists() else "corefprep"


def run_filter(corpus: Path, out: Path, engine: str, a: argparse.Namespace, stage: str = "filter") -> float:
    cmd = [corefprep_bin(), stage, str(corpus), "-o", str(out), "--engine", engine, "--workers",
           str(a.workers), "--batch-docs", str(a.batch_docs), "--rules", a.rules, "--no-progress"]
    env = dict(os.environ, HF_HUB_OFFLINE="1")
    t0 = time.perf_counter()
    proc = subprocess.run(cmd, env=env, capture_output=True, text=True)
    seconds = time.perf_counter() - t0
    if proc.returncode != 0:
        raise SystemExit(f"bench_ray: {' '.join(cmd)} failed ({proc.returncode}):\n{proc.stderr[-2000:]}")
    return seconds


def parquets(out: Path) -> dict[str, bytes]:
    return {p.name: p.read_bytes() for p in sorted((out / "work" / "filter").glob("batch_*.parquet"))}


def batch_stats(out: Path) -> list[dict]:
    import orjson

    return [orjson.loads(p.read_bytes()) for p in sorted((out / "work" / "filter").glob("batch_*.json"))]


def reader_ceiling(corpus: Path, a: argparse.Namespace) -> dict[str, float]:
    """Docs/s of one reader (decompress + JSON + cheap rules) and of one Kiwi worker, this process."""
    rules = make_rules(a.rules)
    files = resolve_inputs([str(corpus)])
    with tempfile.TemporaryDirectory() as d:
        counted = count_inputs(WorkDir(Path(d)), files, "text", EngineConfig(workers=1), progress=False)
        counts = [c.records for c in counted]
    total = sum(counts)
    judge = Judge(rules)
    ctx = FilterContext(WorkDir(Path("/nonexistent")), tuple(files), tuple(counts), "text", judge, total, total,
                        "bench")
    best = float("inf")
    survivors: list = []
    for _ in range(a.repeats):
        tally = BatchTally()
        t0 = time.perf_counter()
        survivors = list(survivors_of(ctx, ctx.documents(0), tally))
        best = min(best, time.perf_counter() - t0)
    reader_dps = total / best
    kiwi = load_kiwi() if rules.uses_kiwi else None
    sample = survivors[: a.kiwi_sample]
    t0 = time.perf_counter()
    for s in sample:
        judge.decide(s, kiwi)
    kiwi_seconds = time.perf_counter() - t0
    survive = len(survivors) / total
    # one worker's rate in *input* documents: it only sees the survivors of the cheap rules
    worker_dps = len(sample) / kiwi_seconds / survive
    return {"documents": total, "reader_dps": reader_dps, "survive": survive,
            "kiwi_survivors_ps": len(sample) / kiwi_seconds, "worker_dps": worker_dps,
            "saturation_workers": reader_dps / worker_dps}


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--docs", type=int, default=20_000)
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--workers", type=int, default=2)
    ap.add_argument("--batch-docs", type=int, default=2_500)
    ap.add_argument("--rules", default="v2")
    ap.add_argument("--repeats", type=int, default=2)
    ap.add_argument("--kiwi-sample", type=int, default=1_500, help="survivors Kiwi decides for the per-worker rate")
    ap.add_argument("--shared", default=None)
    a = ap.parse_args()
    corpus = ray_bench_corpus("bench_ray", a.shared, a.docs, a.seed)
    if corpus is None:
        return 0
    print(f"corpus: {corpus.name} ({corpus.stat().st_size / 2**20:.1f} MiB zstd), {a.workers} workers, "
          f"batches of {a.batch_docs:,}, rules {a.rules}, {os.cpu_count()} CPUs", flush=True)

    times: dict[str, list[float]] = {"local": [], "ray": []}
    outputs: dict[str, Path] = {}
    stats: dict[str, list[dict]] = {}
    with tempfile.TemporaryDirectory(prefix="bench_ray_") as d:
        for r in range(a.repeats):
            for engine in ("local", "ray") if r % 2 == 0 else ("ray", "local"):
                out = Path(d) / f"{engine}{r}"
                seconds = run_filter(corpus, out, engine, a)
                times[engine].append(seconds)
                print(f"  repeat {r + 1}: {engine:5s} {seconds:7.1f} s  {a.docs / seconds:6.1f} docs/s", flush=True)
                outputs[engine], stats[engine] = out, batch_stats(out)
        identical = parquets(outputs["ray"]) == parquets(outputs["local"])
        n_batches = len(stats["ray"])
        # what stays on the driver: samples + tokenize + merge of the filtered batches
        driver_s = run_filter(corpus, outputs["local"], "local", a, stage="merge")
    local_s, ray_s = statistics.median(times["local"]), statistics.median(times["ray"])
    ratio = local_s / ray_s
    rss = [s.get("actor_peak_rss_mib") for s in stats["ray"] if s.get("actor_peak_rss_mib")]
    read_local = sum(s["read_seconds"] for s in stats["local"])
    print("\n1. overhead bound (median wall clock of `corefprep filter`, Ray start-up included)")
    print(f"   local engine  {local_s:7.1f} s  {a.docs / local_s:7.1f} docs/s")
    print(f"   ray engine    {ray_s:7.1f} s  {a.docs / ray_s:7.1f} docs/s")
    print(f"   ray / local throughput: {ratio:.2f}x (target >= 0.80)  "
          f"{'OK' if ratio >= 0.8 else 'BELOW TARGET'}")
    print(f"   batch parquets byte-identical across engines: {identical} ({n_batches} batches)")
    if rss:
        print(f"   Ray actor peak RSS: max {max(rss)} MiB over {len(rss)} batches (declared: "
              f"{ACTOR_MEMORY // 2**20} MiB)")
    print(f"   local engine's reader (parent) busy {read_local:.1f} s of {local_s:.1f} s wall: at this pace it "
          f"would be busy all the time with ~{a.workers * local_s / max(read_local, 1e-9):.0f} workers")
    print(f"   after the filter, on the driver: samples + tokenize + merge {driver_s:.1f} s "
          f"= {driver_s / local_s:.0%} of the local filter's wall clock")

    c = reader_ceiling(corpus, a)
    print("\n2. reader ceiling (one process, this machine)")
    print(f"   one reader (zstd + JSON + cheap rules): {c['reader_dps']:8.0f} docs/s "
          f"({c['survive']:.0%} go on to Kiwi)")
    print(f"   one Kiwi worker: {c['kiwi_survivors_ps']:.1f} survivors/s = {c['worker_dps']:.1f} input docs/s")
    print(f"   the local engine's single reader saturates at ~{c['saturation_workers']:.0f} Kiwi workers; past "
          "that the Ray engine's per-batch readers keep scaling")
    return 0 if identical else 1


if __name__ == "__main__":
    sys.exit(main())
