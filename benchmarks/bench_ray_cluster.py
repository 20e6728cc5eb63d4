#!/usr/bin/env python3
"""The Ray engine on a cluster whose nodes share nothing but the store, losing a node mid-run,
against the local engine on the same cores (issue 38).

On the bench corpus (``<shared>/tools/make_bench_corpus.py``, cached in ``benchmarks/.cache/``):

1. **Local.** ``corefprep filter`` with the local engine, from and to local disk, ``--workers``
   processes; then ``corefprep merge`` (samples, tokenize, merge) for the dataset.
2. **Cluster.** ``--nodes`` Ray nodes of ``--node-cpus`` CPU each on this machine
   (``ray.cluster_utils.Cluster``), each with its own Ray temporary directory and scratch directory,
   every Python process of each node carrying the audit hook of ``tests/fixtures/deny_hook`` that
   refuses (and logs) any touch of the driver's directory, of the local copy of the corpus and of
   the other nodes' scratch. Inputs and output on ``s3://`` served by moto's S3 server on loopback,
   in this process (so the store's CPU is charged to this side, as in ``bench_s3.py``). The command
   joins the cluster with ``--ray-address``, the cluster already up (as a real one would be: its
   start is not timed); once ``--remove-after`` of the batches are in the driver's stage, a node
   other than the head that runs a batch is removed (``Cluster.remove_node``), and the run must
   finish on the nodes left. Then ``corefprep merge`` the same way.

Printed: each side's wall clock of ``corefprep filter`` and documents/s, their ratio (target >=
0.8 on the same cores: with the default 3 nodes of 1 CPU on 2 cores, the nodes left after the
removal hold as many CPUs as the local run's workers), whether the batch parquets and the dataset
(content hash) on the store are the local run's, the node removed, the attempts on denied paths
(must be none), and the requests the store answered during the cluster's filter, per batch, by
kind (inputs read, the actors' deliveries, the driver's output, the lease), and where each side's cores
went: the CPU seconds of every process of each side by kind, sampled each second, beside what the
batches' own stats records account for.

    python benchmarks/bench_ray_cluster.py                         # 200,000 documents (long)
    python benchmarks/bench_ray_cluster.py --docs 2000 --batch-docs 250   # smoke
"""

from __future__ import annotations

import argparse
import os
import shutil
import socket
import subprocess
import sys
import tempfile
import threading
import time
from collections import Counter
from pathlib import Path
from typing import Any

import orjson
import psutil

HERE = Path(__file__).resolve().parent
REPO = HERE.parent
sys.path.insert(0, str(HERE))
sys.path.insert(0, str(REPO / "tests"))

from bench import ray_bench_corpus  # noqa: E402
from fixtures.minicorpus import dataset_hash  # noqa: E402
from fixtures.s3 import ACCESS_KEY, REGION, SECRET_KEY, S3Server  # noqa: E402
from fixtures.shared_nothing import RemoveNodeWhen, SharedNothing  # noqa: E402

BUCKET = "bench-cluster"
SEQ = "512"


class CountingStore:
    """moto's S3 server on loopback in a thread of this process, counting the requests it answers
    by kind (see :meth:`kind`) and method."""

    def __init__(self) -> None:
        import logging

        from moto.moto_server.werkzeug_app import DomainDispatcherApplication, MotoRequestHandler, create_backend_app
        from werkzeug.serving import make_server

        logging.getLogger("werkzeug").setLevel(logging.ERROR)
        app = DomainDispatcherApplication(create_backend_app)
        self.counts: Counter[tuple[str, str]] = Counter()
        self._lock = threading.Lock()

        def counted(environ: dict[str, Any], start_response: Any) -> Any:
            method = environ["REQUEST_METHOD"]
            if method == "PUT" and environ.get("HTTP_X_AMZ_COPY_SOURCE"):
                method = "PUT (copy)"  # the driver putting a delivered file into place, on the store
            key = (self.kind(environ.get("PATH_INFO", ""), environ.get("QUERY_STRING", "")), method)
            with self._lock:
                self.counts[key] += 1
            return app(environ, start_response)

        with socket.socket() as s:
            s.bind(("127.0.0.1", 0))
            port = s.getsockname()[1]
        self._server = make_server("127.0.0.1", port, counted, threaded=True, request_handler=MotoRequestHandler)
        threading.Thread(target=self._server.serve_forever, daemon=True).start()
        self.endpoint = f"http://127.0.0.1:{port}"

    @staticmethod
    def kind(path: str, query: str) -> str:
        """What a request (path-style: ``/bucket/key``) is about: the inputs, the actors' deliveries
        (``work/.incoming/``), the lease, or the rest of the output; a listing by its prefix."""
        from urllib.parse import parse_qs

        key = path.split("/", 2)[2] if path.count("/") >= 2 else ""
        listing = not key and "list-type" in query
        if listing:
            key = parse_qs(query).get("prefix", [""])[0]
        if key.startswith("in/"):
            kind = "inputs"
        elif "/work/.incoming" in f"/{key}":
            kind = "deliveries"
        elif key.endswith("work/.lease.json"):
            kind = "lease"
        else:
            kind = "output"
        return f"{kind} (listing)" if listing else kind

    def take(self) -> Counter[tuple[str, str]]:
        with self._lock:
            counts, self.counts = self.counts, Counter()
        return counts

    def env(self) -> dict[str, str]:
        return {"AWS_ACCESS_KEY_ID": ACCESS_KEY, "AWS_SECRET_ACCESS_KEY": SECRET_KEY, "AWS_DEFAULT_REGION": REGION,
                "AWS_ENDPOINT_URL": self.endpoint}

    def close(self) -> None:
        self._server.shutdown()


class CpuByKind:
    """CPU seconds of this process and of every process below it, by kind, sampled each second from
    a thread while a command runs: where the cores went (a process that ends keeps what its last
    sample saw, so up to a second of each is missed)."""

    def __init__(self) -> None:
        self._first: dict[tuple[int, float], float] = {}
        self._last: dict[tuple[int, float], tuple[str, float]] = {}
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._run, daemon=True)
        self._t0 = time.time()

    def __enter__(self) -> CpuByKind:
        self._t0 = time.time()
        self._sample()
        self._thread.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self._stop.set()
        self._thread.join()
        self._sample()

    def _run(self) -> None:
        while not self._stop.wait(1.0):
            self._sample()

    def _sample(self) -> None:
        me = psutil.Process()
        for proc in [me, *me.children(recursive=True)]:
            try:
                with proc.oneshot():
                    key, times = (proc.pid, proc.create_time()), proc.cpu_times()
                    kind = self.kind(proc, me)
            except psutil.Error:
                continue
            cpu = times.user + times.system
            # a process born while sampling counts from its start; one already running from now
            self._first.setdefault(key, 0.0 if key[1] > self._t0 else cpu)
            self._last[key] = (kind, cpu)

    @staticmethod
    def kind(proc: psutil.Process, me: psutil.Process) -> str:
        if proc.pid == me.pid:
            return "this script (moto's S3 server; the node remover's polling)"
        name, cmd = proc.name(), " ".join(proc.cmdline()[:3])
        if "corefprep" in cmd and name != "raylet":
            return "corefprep command (the driver; the local engine's parent)"
        if name.startswith("ray::"):
            return name.split(".")[0]
        if "corefprep" in name:
            return "corefprep command (the driver; the local engine's parent)"
        return name if name in ("raylet", "gcs_server") else "other (Ray's agents, dashboard, log monitors, workers)"

    def by_kind(self) -> Counter[str]:
        out: Counter[str] = Counter()
        for key, (kind, cpu) in self._last.items():
            out[kind] += cpu - self._first[key]
        return out


def corefprep_bin() -> str:
    exe = Path(sys.executable).with_name("corefprep")
    return str(exe) if exe.exists() else "corefprep"


def run(stage: str, source: str, out: str, a: argparse.Namespace, *extra: str) -> float:
    cmd = [corefprep_bin(), stage, source, "-o", out, "--batch-docs", str(a.batch_docs), "--seq-len", SEQ,
           "--no-progress", *extra]
    t0 = time.perf_counter()
    proc = subprocess.run(cmd, env={**os.environ, "HF_HUB_OFFLINE": "1"}, capture_output=True, text=True)
    seconds = time.perf_counter() - t0
    if proc.returncode != 0:
        raise SystemExit(f"bench_ray_cluster: {' '.join(cmd)} failed ({proc.returncode}):\n{proc.stderr[-3000:]}")
    return seconds


def parquets(out: Path) -> dict[str, bytes]:
    return {p.name: p.read_bytes() for p in sorted((out / "work" / "filter").glob("batch_*.parquet"))}


def cluster_side(corpus: Path, root: Path, a: argparse.Namespace, store: CountingStore) -> dict[str, Any]:
    """The cluster's filter (timed, a node removed mid-run) and merge; what it gave."""
    url = S3Server(store.endpoint).upload(corpus, f"s3://{BUCKET}/in")
    driver = root / "driver"
    driver.mkdir(parents=True)
    stage = driver / "stage"
    sn = SharedNothing(root, deny=[driver, corpus.parent], nodes=a.nodes, cpus=a.node_cpus).start()
    try:
        refused = sn.probe()
        assert all(r["refused"] == ["open", "listdir", "stat"] for r in refused.values()), refused
        sn.forget()
        extra = ["--stage-dir", str(stage), "--engine", "ray", "--ray-address", sn.address]
        batches = -(-a.docs // a.batch_docs)
        ready = max(1, round(batches * a.remove_after))
        store.take()
        with (RemoveNodeWhen(sn, lambda: len(list((stage / "work" / "filter").glob("batch_*.json"))) >= ready) as rm,
              CpuByKind() as cpu):
            seconds = run("filter", f"{url}/{corpus.name}", f"s3://{BUCKET}/out", a, *extra)
        requests = store.take()
        run("merge", f"{url}/{corpus.name}", f"s3://{BUCKET}/out", a, *extra)
        stored = S3Server(store.endpoint).download(f"s3://{BUCKET}/out", root / "stored")
        stats = [orjson.loads(p.read_bytes()) for p in (stored / "work" / "filter").glob("batch_*.json")]
        return {"seconds": seconds, "cpu": cpu.by_kind(), "requests": requests, "batches": batches, "stored": stored,
                "removed": rm.node, "busy": rm.busy, "error": rm.error, "after": ready, "attempts": sn.attempts(),
                "unarmed": {s["actor_pid"] for s in stats} - sn.armed(),
                "nodes": len({s["ray_node"] for s in stats})}
    finally:
        sn.shutdown()


def cpu_table(local_s: float, local_cpu: Counter[str], c: dict[str, Any]) -> None:
    cores = len(os.sched_getaffinity(0))
    print(f"\nwhere the {cores} cores went during each side's filter (CPU seconds, sampled each second):")
    print("| process | local | cluster |\n|---|---:|---:|")
    for kind in sorted(set(local_cpu) | set(c["cpu"]), key=lambda k: -(local_cpu[k] + c["cpu"][k])):
        print(f"| {kind} | {local_cpu[kind]:,.1f} | {c['cpu'][kind]:,.1f} |")
    for label, side in (("in the batches' own records: deciding (workers, actors)", "decide"),
                        ("in the batches' own records: reading, cheap rules, writing", "around")):
        print(f"| {label} | {c['local_batches'][side]:,.1f} | {c['batches_cpu'][side]:,.1f} |")
    here, there = sum(local_cpu.values()), sum(c["cpu"].values())
    print(f"| all | {here:,.1f} | {there:,.1f} |")
    print(f"| share of the cores' time | {here / (cores * local_s):.0%} | {there / (cores * c['seconds']):.0%} |")


def batches_cpu(out: Path) -> dict[str, float]:
    """CPU seconds the finished batches' stats records account for (the attempt that wrote each)."""
    stats = [orjson.loads(p.read_bytes()) for p in (out / "work" / "filter").glob("batch_*.json")]
    return {"decide": sum(s["worker_cpu_seconds"] for s in stats),
            "around": sum(s["cpu"]["read"] + s["cpu"]["cheap"] + s["cpu"]["write"] for s in stats)}


def report(a: argparse.Namespace, local_s: float, c: dict[str, Any], same: bool, same_dataset: bool) -> None:
    ratio = local_s / c["seconds"]
    print(f"\nbench_ray_cluster: filter of {a.docs:,} documents in {c['batches']} batches of {a.batch_docs:,}, "
          f"{os.cpu_count()} CPUs\n")
    print("| run | wall clock | docs/s |\n|---|---:|---:|")
    print(f"| local engine, {a.workers} workers, local disk | {local_s:.1f} s | {a.docs / local_s:,.1f} |")
    print(f"| Ray, {a.nodes} nodes x {a.node_cpus} CPU sharing nothing, s3:// (moto), a node removed | "
          f"{c['seconds']:.1f} s | {a.docs / c['seconds']:,.1f} |")
    print(f"| **ratio Ray / local** | | **{ratio:.2f}x** (target >= 0.8x) {'OK' if ratio >= 0.8 else 'BELOW'} |")
    print(f"\nbatch parquets on the store byte-identical to the local run's: {'yes' if same else 'NO'} "
          f"({c['batches']} batches); dataset (content hash): {'same' if same_dataset else 'DIFFERENT'}")
    node, error = c["removed"], f" (failed: {c['error']})" if c["error"] else ""
    print(f"node removed: {'none' if node is None else f'node {node.index}'}{error}, once {c['after']} batch(es) were "
          f"in, {'while it ran a batch' if c['busy'] else 'idle'}; batches computed on {c['nodes']} node(s)")
    print(f"attempts on denied paths: {len(c['attempts'])}; batches by an actor without the hook: {len(c['unarmed'])}")
    by_kind: Counter[str] = Counter()
    for (kind, _method), n in c["requests"].items():
        by_kind[kind] += n
    total = sum(by_kind.values())
    print(f"\nstore requests during the cluster's filter: {total:,} = {total / c['batches']:.1f} per batch")
    print("| kind | method | requests | per batch |\n|---|---|---:|---:|")
    for (kind, method), n in sorted(c["requests"].items(), key=lambda kv: (-kv[1], kv[0])):
        print(f"| {kind} | {method} | {n:,} | {n / c['batches']:.1f} |")


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--docs", type=int, default=200_000)
    ap.add_argument("--batch-docs", type=int, default=2_500)
    ap.add_argument("--workers", type=int, default=2, help="the local engine's workers")
    ap.add_argument("--nodes", type=int, default=3, help="Ray nodes, the head included (at least 2: one is removed)")
    ap.add_argument("--node-cpus", type=int, default=1)
    ap.add_argument("--remove-after", type=float, default=0.25,
                    help="share of the batches in the driver's stage before a node is removed")
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--shared", default=None)
    a = ap.parse_args()
    if a.nodes < 2:
        ap.error("--nodes must be at least 2: the head stays, another node is removed")
    corpus = ray_bench_corpus("bench_ray_cluster", a.shared, a.docs, a.seed)
    if corpus is None:
        return 0
    print(f"corpus: {corpus.name} ({corpus.stat().st_size / 2**20:.1f} MiB zstd)", file=sys.stderr, flush=True)
    store = CountingStore()
    os.environ.update(store.env())  # the commands and the cluster's nodes (started below) reach it
    root = Path(tempfile.mkdtemp(prefix="corefprep-bench-cluster-"))
    try:
        S3Server(store.endpoint).bucket(BUCKET)
        local = root / "local"
        with CpuByKind() as local_cpu:
            local_s = run("filter", str(corpus), str(local), a, "--workers", str(a.workers))
        print(f"  local filter: {local_s:.1f} s", file=sys.stderr, flush=True)
        run("merge", str(corpus), str(local), a, "--workers", str(a.workers))
        c = cluster_side(corpus, root / "cluster", a, store)
        print(f"  cluster filter: {c['seconds']:.1f} s", file=sys.stderr, flush=True)
        c["batches_cpu"], c["local_batches"] = batches_cpu(c["stored"]), batches_cpu(local)
        same = parquets(c["stored"]) == parquets(local)
        name = f"entity_coref_v2_{SEQ}"
        same_dataset = dataset_hash(c["stored"] / name) == dataset_hash(local / name)
        report(a, local_s, c, same, same_dataset)
        cpu_table(local_s, local_cpu.by_kind(), c)
    finally:
        store.close()
        shutil.rmtree(root, ignore_errors=True)
    ok = same and same_dataset and not c["attempts"] and not c["unarmed"] and c["removed"] is not None
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
