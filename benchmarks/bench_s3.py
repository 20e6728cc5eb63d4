#!/usr/bin/env python3
"""The filter from and to object storage against the same run on local disk (issue 25).

Side by side, in one run: ``corefprep filter`` on the bench corpus
(``<shared>/tools/make_bench_corpus.py``, cached in ``benchmarks/.cache/``) from local disk to a local
output directory, and the same corpus from ``s3://`` to an ``s3://`` output directory on moto's S3
server on loopback (started here, in a thread of this process: the store's own CPU competes with the
filter's on the same cores, which a real store does not). The two commands alternate ``--repeats``
times with the same ``--workers``; printed: documents/s of each (wall clock of the whole command),
their ratio (target >= 0.8), the peak PSS of each command's process tree, and whether the batch
files on the store are byte-identical to the local ones. ``--sizes`` runs the s3 side on corpora of
several sizes to show that peak memory does not grow with the input's size (objects are read by
ranged requests of a fixed block size).

    python benchmarks/bench_s3.py                        # 20,000 documents, 2 workers, 2 repeats
    python benchmarks/bench_s3.py --docs 4000 --repeats 1 --sizes 4000,16000
"""

from __future__ import annotations

import argparse
import logging
import os
import socket
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

import psutil

HERE = Path(__file__).resolve().parent
REPO = HERE.parent
sys.path.insert(0, str(HERE))

from bench import ensure_corpus, tree_pss  # noqa: E402
from common import locate_shared  # noqa: E402

ACCESS, SECRET, BUCKET = "bench-access", "bench-secret", "bench"


def corefprep_bin() -> str:
    exe = Path(sys.executable).with_name("corefprep")
    return str(exe) if exe.exists() else "corefprep"


def start_store() -> tuple[object, dict[str, str]]:
    from moto.server import ThreadedMotoServer

    logging.getLogger("werkzeug").setLevel(logging.ERROR)
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    server = ThreadedMotoServer(ip_address="127.0.0.1", port=port, verbose=False)
    server.start()
    env = {"AWS_ACCESS_KEY_ID": ACCESS, "AWS_SECRET_ACCESS_KEY": SECRET, "AWS_DEFAULT_REGION": "us-east-1",
           "AWS_ENDPOINT_URL": f"http://127.0.0.1:{port}"}
    return server, env


def upload(env: dict[str, str], path: Path) -> str:
    import boto3

    client = boto3.client("s3", endpoint_url=env["AWS_ENDPOINT_URL"], aws_access_key_id=ACCESS,
                          aws_secret_access_key=SECRET, region_name="us-east-1")
    if BUCKET not in {b["Name"] for b in client.list_buckets().get("Buckets", [])}:
        client.create_bucket(Bucket=BUCKET)
    client.upload_file(str(path), BUCKET, f"corpus/{path.name}")
    return f"s3://{BUCKET}/corpus/{path.name}"


def run(source: str, out: str, a: argparse.Namespace, env: dict[str, str], *extra: str) -> tuple[float, int]:
    """(wall seconds, peak PSS of the command's process tree in bytes)."""
    cmd = [corefprep_bin(), "filter", source, "-o", out, "--workers", str(a.workers), "--batch-docs",
           str(a.batch_docs), "--no-progress", *extra]
    t0 = time.perf_counter()
    proc = subprocess.Popen(cmd, env={**os.environ, **env, "HF_HUB_OFFLINE": "1"}, stdout=subprocess.DEVNULL,
                            stderr=subprocess.PIPE, text=True)
    peak, root = 0, psutil.Process(proc.pid)
    done = threading.Event()

    def sample() -> None:
        nonlocal peak
        while not done.is_set():
            peak = max(peak, tree_pss(root).total)
            time.sleep(0.2)

    sampler = threading.Thread(target=sample, daemon=True)
    sampler.start()
    _, err = proc.communicate()
    done.set()
    sampler.join()
    if proc.returncode != 0:
        sys.exit(f"bench_s3: {' '.join(cmd)} failed:\n{err}")
    return time.perf_counter() - t0, peak


def batches(out: Path) -> dict[str, bytes]:
    return {p.name: p.read_bytes() for p in sorted((out / "work" / "filter").glob("batch_*.parquet"))}


def stored_batches(env: dict[str, str], prefix: str) -> dict[str, bytes]:
    """The batch files of the output ``s3://bench/<prefix>`` as the store holds them."""
    import boto3

    client = boto3.client("s3", endpoint_url=env["AWS_ENDPOINT_URL"], aws_access_key_id=ACCESS,
                          aws_secret_access_key=SECRET, region_name="us-east-1")
    pages = client.get_paginator("list_objects_v2").paginate(Bucket=BUCKET, Prefix=f"{prefix}/work/filter/batch_")
    keys = sorted(o["Key"] for page in pages for o in page.get("Contents", []) if o["Key"].endswith(".parquet"))
    return {k.rsplit("/", 1)[-1]: client.get_object(Bucket=BUCKET, Key=k)["Body"].read() for k in keys}


def run_side(side: str, r: int, corpus: Path, url: str, root: Path, a: argparse.Namespace,
             env: dict[str, str]) -> tuple[float, int]:
    if side == "local":
        return run(str(corpus), str(root / f"local_{r}"), a, env)
    return run(url, f"s3://{BUCKET}/out_{r}", a, env, "--stage-dir", str(root / f"stage_{r}"))


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--docs", type=int, default=20000)
    ap.add_argument("--workers", type=int, default=2)
    ap.add_argument("--batch-docs", type=int, default=2500)
    ap.add_argument("--repeats", type=int, default=2)
    ap.add_argument("--sizes", default="", help="also: peak memory of the s3 side on corpora of these sizes")
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--shared", default=None)
    a = ap.parse_args()
    shared = locate_shared(a.shared)
    if shared is None:
        print("bench_s3: skipped — the shared directory with tools/make_bench_corpus.py was not found")
        return 0
    server, env = start_store()
    try:
        corpus = ensure_corpus(shared, a.docs, a.seed)
        url = upload(env, corpus)
        root = Path(tempfile.mkdtemp(prefix="corefprep-bench-s3-"))
        results: dict[str, list[tuple[float, int]]] = {"local": [], "s3": []}
        for r in range(a.repeats):
            for side in (("local", "s3") if r % 2 == 0 else ("s3", "local")):
                results[side].append(run_side(side, r, corpus, url, root, a, env))
                print(f"  {side} run {r + 1}: {results[side][-1][0]:.1f} s, peak PSS "
                      f"{results[side][-1][1] / 2**20:,.0f} MiB", file=sys.stderr, flush=True)
        same = batches(root / "local_0") == stored_batches(env, "out_0")
        report(a, results, same)
        for n in [int(x) for x in a.sizes.split(",") if x.strip()]:
            sized = upload(env, ensure_corpus(shared, n, a.seed))
            wall, peak = run(sized, f"s3://{BUCKET}/size_{n}", a, env, "--stage-dir", str(root / f"size_{n}"))
            print(f"| s3, {n:,} documents | {n / wall:,.1f} docs/s | peak PSS {peak / 2**20:,.0f} MiB |")
    finally:
        server.stop()  # type: ignore[attr-defined]
    return 0


def report(a: argparse.Namespace, results: dict[str, list[tuple[float, int]]], same: bool) -> None:
    def best(side: str) -> tuple[float, int]:
        return min(w for w, _ in results[side]), max(p for _, p in results[side])

    (lw, lp), (sw, sp) = best("local"), best("s3")
    print(f"\nbench_s3: filter of {a.docs:,} documents, {a.workers} workers, {a.repeats} repeats (fastest shown, "
          f"peak PSS the highest)\n")
    print("| inputs and output | docs/s | peak PSS |\n|---|---:|---:|")
    print(f"| local disk | {a.docs / lw:,.1f} | {lp / 2**20:,.0f} MiB |")
    print(f"| s3:// to s3:// (moto on loopback) | {a.docs / sw:,.1f} | {sp / 2**20:,.0f} MiB |")
    print(f"| **ratio s3 / local** | **{lw / sw:.2f}×** (target ≥ 0.8×) | {sp / lp:.2f}× |")
    print(f"\nbatch files on the store byte-identical to the local run's: {'yes' if same else 'NO'}")


if __name__ == "__main__":
    sys.exit(main())
