#!/usr/bin/env python3
"""Deduplication benchmark (issue 15): corefprep's dedup stage side by side with datatrove's four
MinHash stages, on the same kept documents and the same cores, in one run.

* **Corpus.** ``make_bench_corpus.py --docs N`` (recombined dev-corpus text: many near-duplicates
  of its own) plus planted copies of a random tenth of it, in a second file after it: half exact
  copies, a quarter lightly edited (one word replaced, one appended), a quarter sharing only a
  150-character prefix with the original (these must be kept). ``corefprep filter --rules llm
  --words space --dedup none`` keeps what both systems then deduplicate (not timed).
* **Agreement.** Removed sets and clustered sets of ``corefprep dedup`` (whitespace words) and
  datatrove (given a whitespace splitter, its text simplification otherwise as shipped), as
  Jaccard of the sets; and each system's recall of the planted exact / edited copies and its
  false positives on the prefix copies. The two keep different copies of a cluster (corefprep
  the lowest doc_index; datatrove the root of its union-by-size forest), so the clustered sets
  are the fairer comparison.
* **Throughput and memory**, whole dedup (corefprep: sign from the filter's parquet, bands,
  clusters, result; datatrove: signatures, buckets, cluster, filter), at N and 4N documents:
  documents/s and peak PSS of each process tree (psutil, sampled every 100 ms).
* **Scale**: the band and cluster steps alone on synthetic signature files of ``--synthetic``
  and 4x that many documents (peak PSS; the target is <= 1 GiB at 1M documents).
* **Cost in a run**: ``prepare --rules llm --objective clm`` wall time with ``--dedup none`` and
  ``--dedup minhash`` (whitespace words: the target is <= 25%; and Kiwi words on
  ``--kiwi-docs`` documents, where the filter's own analysis is reused).
* **NFD**: datatrove's Korean splitter on text its simplification NFD-decomposed (as shipped)
  and with that step off, against corefprep's Kiwi-word dedup (NFC), on ``--kiwi-docs`` documents.

    python benchmarks/bench_dedup.py --docs 20000 --workers 2      # what `make bench-dedup` runs
    python benchmarks/bench_dedup.py --docs 2000 --kiwi-docs 500 --synthetic 100000   # quick check
"""

from __future__ import annotations

import argparse
import json
import os
import random
import shutil
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Iterable
from pathlib import Path
from typing import Any

import orjson
import psutil
import pyarrow.parquet as pq
import zstandard

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
from bench import ensure_corpus, iter_texts, locate_shared  # noqa: E402
from bench_llm_rules import DT_PYTHON, corefprep_cmd, ensure_datatrove_venv  # noqa: E402

DT_SCRIPT = HERE / "datatrove_minhash.py"
MiB = 1 << 20
SPACE = ["--rules", "llm", "--words", "space"]


# --- measuring ----------------------------------------------------------------------------------


def run_measured(cmd: list[str], sample: bool = True, **kw: Any) -> tuple[float, int, str]:
    """(seconds, peak PSS of the process tree in bytes, stdout) of a command. PSS, not RSS: forked
    workers and memory-mapped files share pages, which RSS would count once per process. Reading
    PSS costs CPU, so timed runs pass ``sample=False`` (peak 0) and memory is measured apart."""
    t0 = time.perf_counter()
    p = subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, **kw)
    peak = [0]
    stop = threading.Event()

    def sampler() -> None:
        try:
            root = psutil.Process(p.pid)
        except psutil.NoSuchProcess:
            return
        while not stop.is_set():
            try:
                procs = [root, *root.children(recursive=True)]
                peak[0] = max(peak[0], sum(p.memory_full_info().pss for p in procs))
            except psutil.Error:
                pass
            stop.wait(0.1)

    th = threading.Thread(target=sampler, daemon=True)
    if sample:
        th.start()
    out, err = p.communicate()
    stop.set()
    if sample:
        th.join()
    if p.returncode != 0:
        raise SystemExit(f"{' '.join(cmd[:3])} failed ({p.returncode}):\n{err[-3000:]}")
    return time.perf_counter() - t0, peak[0], out


# --- the corpus ---------------------------------------------------------------------------------


def write_jsonl_zst(path: Path, records: Iterable[dict[str, Any]]) -> None:
    with open(path, "wb") as f, zstandard.ZstdCompressor(level=3).stream_writer(f) as w:
        for r in records:
            w.write(orjson.dumps(r) + b"\n")


def corpus_with_copies(shared: Path, docs: int, into: Path, share: float = 0.1, seed: int = 0) -> dict[str, Any]:
    """``into``/a.jsonl.zst (the bench corpus) and b_copies.jsonl.zst; returns what was planted:
    {"exact"|"edited"|"prefix": [(copy doc_index, original doc_index)]}."""
    src = ensure_corpus(shared, docs, seed)
    texts = list(iter_texts(src))
    into.mkdir(parents=True, exist_ok=True)
    shutil.copyfile(src, into / "a.jsonl.zst")
    rng = random.Random(seed)
    picked = rng.sample(range(len(texts)), int(len(texts) * share))
    planted: dict[str, list[tuple[int, int]]] = {"exact": [], "edited": [], "prefix": []}
    copies = []
    for j, i in enumerate(picked):
        kind = "exact" if j % 4 < 2 else ("edited" if j % 4 == 2 else "prefix")
        t = texts[i]
        if kind == "edited":
            words = t.split(" ")
            words[len(words) // 2] = "바뀐낱말"
            t = " ".join(words) + " 덧붙인말."
        elif kind == "prefix":
            t = t[:150] + " " + texts[rng.randrange(len(texts))]
        planted[kind].append((len(texts) + len(copies), i))
        copies.append({"id": f"copy{j}", "text": t})
    write_jsonl_zst(into / "b_copies.jsonl.zst", copies)
    return planted


def kept_shards(out: Path, into: Path, shards: int) -> int:
    """The filter's kept documents as JSONL shards for datatrove, in doc_index order."""
    rows: list[tuple[int, str]] = []
    for p in sorted((out / "work" / "filter").glob("batch_*.parquet")):
        t = pq.read_table(p, columns=["doc_index", "text"])
        rows += zip(t.column("doc_index").to_pylist(), t.column("text").to_pylist(), strict=True)
    rows.sort()
    into.mkdir(parents=True, exist_ok=True)
    per = -(-len(rows) // shards)
    for k in range(shards):
        part = rows[k * per:(k + 1) * per]
        (into / f"{k:05d}.jsonl").write_bytes(b"".join(orjson.dumps({"id": str(d), "text": t}) + b"\n"
                                                      for d, t in part))
    return len(rows)


# --- the two systems ----------------------------------------------------------------------------


def env() -> dict[str, str]:
    return {**os.environ, "HF_HUB_OFFLINE": "1", "TOKENIZERS_PARALLELISM": "false"}


def corefprep_dedup(src: Path, out: Path, workers: int, words: list[str], seed: int = 1) -> dict[str, Any]:
    common = [str(src), "--output-dir", str(out), "--workers", str(workers), "--no-progress", *words]
    if not (out / "work" / "filter").exists():
        subprocess.run([*corefprep_cmd(), "filter", *common, "--dedup", "none"], check=True, env=env(),
                       stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    cmd = [*corefprep_cmd(), "dedup", *common, "--dedup", "minhash", "--dedup-seed", str(seed)]
    shutil.rmtree(out / "work" / "dedup", ignore_errors=True)
    _, peak, _ = run_measured(cmd, env=env())  # memory, apart from the timed run
    shutil.rmtree(out / "work" / "dedup", ignore_errors=True)
    secs, _, _ = run_measured(cmd, sample=False, env=env())
    d = out / "work" / "dedup" / "result"
    removed = set(pq.read_table(d / "removed.parquet").column("doc_index").to_pylist())
    cl = pq.read_table(d / "clusters.parquet")
    summary = json.loads((d / "summary.json").read_text())
    return {"seconds": secs, "peak": peak, "removed": removed, "documents": summary["documents"],
            "clustered": dict(zip(cl.column("doc_index").to_pylist(), cl.column("cluster").to_pylist(), strict=True))}


def datatrove_dedup(shards: Path, work: Path, workers: int, words: str, nfd: bool = True) -> dict[str, Any]:
    def cmd(w: Path) -> list[str]:
        return [str(DT_PYTHON), str(DT_SCRIPT), "--input", str(shards), "--work", str(w), "--workers", str(workers),
                "--words", words, *([] if nfd else ["--no-nfd"])]

    peak = 0
    if words == "space":  # memory apart from the timed run (the Kiwi runs are only timed)
        _, peak, _ = run_measured(cmd(work.with_name(work.name + "_mem")))
        shutil.rmtree(work.with_name(work.name + "_mem"), ignore_errors=True)
    secs, _, out = run_measured(cmd(work), sample=False)
    r = json.loads(out.strip().splitlines()[-1])
    return {"seconds": secs, "peak": peak, "stages": r["seconds"], "removed": {int(x) for x in r["removed"]},
            "clustered": {int(x): c for x, c in r["clusters"].items()}}


def jaccard(a: Iterable[int], b: Iterable[int]) -> float:
    a, b = set(a), set(b)
    return len(a & b) / len(a | b) if a | b else 1.0


def planted_rates(planted: dict[str, list[tuple[int, int]]], clustered: dict[int, int],
                  kept_docs: set[int]) -> dict[str, float]:
    """Share of the planted pairs (both documents kept by the filter) put in one cluster: the
    recall of the exact and edited copies, and for the prefix copies a false-positive rate. (A
    prefix copy's remainder is another bench document, itself often a near-duplicate of others:
    only a cluster shared with the original it borrowed the prefix from is an error.)"""
    out = {}
    for kind in ("exact", "edited", "prefix"):
        pairs = [(c, o) for c, o in planted[kind] if c in kept_docs and o in kept_docs]
        hit = sum(1 for c, o in pairs if c in clustered and clustered.get(o) == clustered[c])
        out[kind] = hit / len(pairs) if pairs else float("nan")
    return out


# --- synthetic scale ----------------------------------------------------------------------------


SYNTH_CHILD = r'''
import json, resource, sys, time
from pathlib import Path
import numpy as np
sys.path.insert(0, sys.argv[3])
from corefprep.core.workdir import WorkDir
from corefprep.dedup.stage import run_dedup
from corefprep.filter.config import EngineConfig
from corefprep.filter.records import BatchStats
from corefprep.signatures.minhash import Signer
from corefprep.signatures.store import signature_dir, write_signatures

n, root = int(sys.argv[1]), Path(sys.argv[2])
signer = Signer("minhash", "space")
work = WorkDir(root)
per = 100_000
rng = np.random.default_rng(0)
done = {}
for k in range(-(-n // per)):
    m = min(per, n - k * per)
    recs = np.zeros(m, dtype=signer.dtype)
    recs["doc_index"] = np.arange(k * per, k * per + m)
    recs["shingles"] = 200
    recs["exact"] = rng.integers(0, 2**63, (m, 2), dtype=np.uint64)
    recs["bands"] = rng.integers(0, 2**63, (m, signer.bands), dtype=np.uint64)
    # a tenth are copies of an earlier document of the batch: a third exact, the rest share half the bands
    src = rng.integers(0, max(1, m // 2), m // 10)
    dst = rng.integers(m // 2, m, m // 10)
    recs["bands"][dst[: len(dst) // 3]] = recs["bands"][src[: len(src) // 3]]
    recs["exact"][dst[: len(dst) // 3]] = recs["exact"][src[: len(src) // 3]]
    recs["bands"][dst[len(dst) // 3:], :7] = recs["bands"][src[len(src) // 3:], :7]
    write_signatures(signature_dir(work, signer), signer, k, recs, f"synthetic{k}")
    done[k] = BatchStats(batch=k, start=k * per, end=k * per + m, documents=m, passed=m, rejected={}, malformed={},
                         rows=m, parquet_bytes=0, parquet_sha256=f"synthetic{k}", config_id="synthetic")
t = time.perf_counter()
r = run_dedup(work, done, signer, EngineConfig(workers=int(sys.argv[4])), progress=False)
print(json.dumps({"seconds": time.perf_counter() - t, "removed": r.summary.removed,
                  "maxrss": resource.getrusage(resource.RUSAGE_SELF).ru_maxrss * 1024}))
'''


def synthetic(n: int, workers: int, tmp: Path) -> dict[str, Any]:
    root = tmp / f"synth_{n}"
    (root / "work").mkdir(parents=True, exist_ok=True)
    # the signature files are written by the child before the stage runs: measure the stage
    # alone by sampling only while it runs (the child prints its own peak as a cross-check)
    secs, peak, out = run_measured([sys.executable, "-c", SYNTH_CHILD, str(n), str(root), str(HERE.parent),
                                    str(workers)], env=env())
    r = json.loads(out.strip().splitlines()[-1])
    shutil.rmtree(root, ignore_errors=True)
    return {"n": n, "seconds": r["seconds"], "peak": peak, "removed": r["removed"]}


# --- a whole run --------------------------------------------------------------------------------


def prepare_seconds(src: Path, out: Path, workers: int, words: list[str], dedup: str) -> float:
    shutil.rmtree(out, ignore_errors=True)
    secs, _, _ = run_measured([*corefprep_cmd(), "prepare", str(src), "--output-dir", str(out), "--objective", "clm",
                               "--workers", str(workers), "--no-progress", *words, "--dedup", dedup], sample=False,
                              env=env())
    shutil.rmtree(out, ignore_errors=True)
    return secs


# --- report -------------------------------------------------------------------------------------


def table(rows: list[tuple[str, ...]]) -> str:
    widths = [max(len(r[i]) for r in rows) for i in range(len(rows[0]))]
    lines = ["  ".join(c.ljust(w) for c, w in zip(r, widths, strict=True)).rstrip() for r in rows]
    lines.insert(1, "  ".join("-" * w for w in widths))
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--docs", type=int, default=20000, help="N: documents of the bench corpus (before copies)")
    ap.add_argument("--workers", type=int, default=2)
    ap.add_argument("--kiwi-docs", type=int, default=600, help="documents of the Kiwi-word and NFD comparisons "
                    "(datatrove's Kiwi 0.21 splitter analyses NFC text at a few thousand characters/s)")
    ap.add_argument("--synthetic", type=int, default=1_000_000, help="documents of the synthetic scale run (0: skip)")
    ap.add_argument("--shared", default=None, help="the shared directory (default: ../shared)")
    ap.add_argument("--json", default=None, help="also write the results here")
    a = ap.parse_args(argv)
    shared = locate_shared(a.shared)
    if shared is None:
        print("bench_dedup: ../shared (make_bench_corpus.py) not found; skipped")
        return 0
    ensure_datatrove_venv()
    results: dict[str, Any] = {"docs": a.docs, "workers": a.workers}
    w = a.workers

    def log(msg: str) -> None:
        print(msg, file=sys.stderr, flush=True)

    with tempfile.TemporaryDirectory(prefix="bench_dedup_") as tmp_s:
        tmp = Path(tmp_s)
        sizes: dict[str, dict[str, Any]] = {}
        for label, n in (("N", a.docs), ("4N", 4 * a.docs)):
            log(f"[{label}] corpus of {n:,} documents plus copies")
            src = tmp / f"in_{label}"
            planted = corpus_with_copies(shared, n, src)
            log(f"[{label}] corefprep filter + dedup (whitespace words)")
            ours = corefprep_dedup(src, tmp / f"cp_{label}", w, SPACE)
            kept = kept_shards(tmp / f"cp_{label}", tmp / f"shards_{label}", 2 * w)
            log(f"[{label}] datatrove MinHash on the same {kept:,} kept documents")
            theirs = datatrove_dedup(tmp / f"shards_{label}", tmp / f"dt_{label}", w, "space")
            kept_docs = set()
            for p in sorted((tmp / f"cp_{label}" / "work" / "filter").glob("batch_*.parquet")):
                kept_docs |= set(pq.read_table(p, columns=["doc_index"]).column("doc_index").to_pylist())
            sizes[label] = {
                "documents": kept,
                "corefprep": {"seconds": ours["seconds"], "peak_mib": ours["peak"] / MiB,
                              "removed": len(ours["removed"]), "clustered": len(ours["clustered"]),
                              "planted": planted_rates(planted, ours["clustered"], kept_docs)},
                "datatrove": {"seconds": theirs["seconds"], "peak_mib": theirs["peak"] / MiB,
                              "stages": theirs["stages"], "removed": len(theirs["removed"]),
                              "clustered": len(theirs["clustered"]),
                              "planted": planted_rates(planted, theirs["clustered"], kept_docs)},
                "removed_jaccard": jaccard(ours["removed"], theirs["removed"]),
                "clustered_jaccard": jaccard(ours["clustered"], theirs["clustered"]),
            }
            if label == "N":
                # the same dedup with other hash functions: how much two correct MinHash runs differ
                # on this corpus (its many pairs near the threshold are caught by chance)
                other = corefprep_dedup(src, tmp / f"cp_{label}", w, SPACE, seed=2)
                sizes[label]["seed2"] = {"removed_jaccard": jaccard(ours["removed"], other["removed"]),
                                         "clustered_jaccard": jaccard(ours["clustered"], other["clustered"])}
            for d in ("cp", "dt", "shards"):
                shutil.rmtree(tmp / f"{d}_{label}", ignore_errors=True)
            if label == "N":
                log("[N] prepare --objective clm, --dedup none vs minhash (whitespace words), alternating")
                runs: dict[str, list[float]] = {"none": [], "minhash": []}
                for dedup in ("none", "minhash", "minhash", "none"):
                    runs[dedup].append(prepare_seconds(src, tmp / "run", w, SPACE, dedup))
                results["overhead_space"] = {k: min(v) for k, v in runs.items()}
            shutil.rmtree(src, ignore_errors=True)
        results["sizes"] = sizes

        log(f"[kiwi] {a.kiwi_docs:,} documents: Kiwi words, datatrove with and without NFD")
        ksrc = tmp / "kiwi_in"
        corpus_with_copies(shared, a.kiwi_docs, ksrc)
        kw = ["--rules", "llm"]  # words: Kiwi (the rule set's default), reused by the dedup
        ours_k = corefprep_dedup(ksrc, tmp / "cp_kiwi", w, kw)
        kept_k = kept_shards(tmp / "cp_kiwi", tmp / "shards_kiwi", 2 * w)
        dt_nfd = datatrove_dedup(tmp / "shards_kiwi", tmp / "dt_nfd", w, "kiwi", nfd=True)
        dt_nfc = datatrove_dedup(tmp / "shards_kiwi", tmp / "dt_nfc", w, "kiwi", nfd=False)
        results["kiwi"] = {
            "documents": kept_k,
            "corefprep": {"seconds": ours_k["seconds"], "removed": len(ours_k["removed"])},
            "datatrove_nfd": {"seconds": dt_nfd["seconds"], "removed": len(dt_nfd["removed"]),
                              "clustered_jaccard_vs_corefprep": jaccard(dt_nfd["clustered"], ours_k["clustered"])},
            "datatrove_nfc": {"seconds": dt_nfc["seconds"], "removed": len(dt_nfc["removed"]),
                              "clustered_jaccard_vs_corefprep": jaccard(dt_nfc["clustered"], ours_k["clustered"])},
            "nfd_vs_nfc_clustered_jaccard": jaccard(dt_nfd["clustered"], dt_nfc["clustered"]),
        }
        log("[kiwi] prepare --objective clm, --dedup none vs minhash (Kiwi words)")
        runs = {"none": [], "minhash": []}
        for dedup in ("none", "minhash"):
            runs[dedup].append(prepare_seconds(ksrc, tmp / "run", w, kw, dedup))
        results["overhead_kiwi"] = {k: min(v) for k, v in runs.items()}

        if a.synthetic:
            log(f"[scale] band + cluster steps on synthetic signatures: {a.synthetic:,} and {4 * a.synthetic:,}")
            results["synthetic"] = [synthetic(n, w, tmp) for n in (a.synthetic, 4 * a.synthetic)]

    print(report(results))
    if a.json:
        Path(a.json).write_text(json.dumps(results, indent=1, default=str))
    return 0


def report(r: dict[str, Any]) -> str:
    out = [f"bench_dedup: {r['docs']:,} bench-corpus documents (+10% planted copies), {r['workers']} workers", ""]
    rows = [("size", "kept docs", "corefprep s", "datatrove s", "docs/s ratio", "corefprep peak", "datatrove peak",
             "removed cp/dt", "removed J", "clustered J")]
    for label, s in r["sizes"].items():
        cp, dt = s["corefprep"], s["datatrove"]
        rows.append((label, f"{s['documents']:,}", f"{cp['seconds']:.1f}", f"{dt['seconds']:.1f}",
                     f"{dt['seconds'] / cp['seconds']:.2f}x", f"{cp['peak_mib']:.0f} MiB", f"{dt['peak_mib']:.0f} MiB",
                     f"{cp['removed']:,}/{dt['removed']:,}", f"{s['removed_jaccard']:.3f}",
                     f"{s['clustered_jaccard']:.3f}"))
    out.append(table(rows))
    out.append("")
    rows = [("planted copies (N)", "corefprep", "datatrove")]
    n = r["sizes"]["N"]
    for kind, what in (("exact", "exact copies caught"), ("edited", "edited copies caught"),
                       ("prefix", "prefix-only copies joined to the original (want 0)")):
        rows.append((what, f"{n['corefprep']['planted'][kind]:.3f}", f"{n['datatrove']['planted'][kind]:.3f}"))
    out.append(table(rows))
    if "seed2" in n:
        out.append(f"corefprep seed 1 vs seed 2 (N, the chance part of any MinHash): removed J "
                   f"{n['seed2']['removed_jaccard']:.3f}, clustered J {n['seed2']['clustered_jaccard']:.3f}")
    out.append("datatrove stages (N): " + ", ".join(f"{k} {v:.1f}s" for k, v in n["datatrove"]["stages"].items()))
    o = r["overhead_space"]
    out.append(f"\nprepare --rules llm --words space --objective clm: --dedup none {o['none']:.1f}s, minhash "
               f"{o['minhash']:.1f}s: +{o['minhash'] / o['none'] - 1:.1%}")
    o = r["overhead_kiwi"]
    out.append(f"prepare --rules llm (Kiwi words) --objective clm, {r['kiwi']['documents']:,} kept docs: --dedup none "
               f"{o['none']:.1f}s, minhash {o['minhash']:.1f}s: +{o['minhash'] / o['none'] - 1:.1%}")
    k = r["kiwi"]
    out.append(f"\nKiwi words, {k['documents']:,} kept docs: corefprep removed {k['corefprep']['removed']:,} in "
               f"{k['corefprep']['seconds']:.1f}s; datatrove as shipped (NFD) {k['datatrove_nfd']['removed']:,} in "
               f"{k['datatrove_nfd']['seconds']:.1f}s (clustered J vs corefprep "
               f"{k['datatrove_nfd']['clustered_jaccard_vs_corefprep']:.3f}); datatrove without NFD "
               f"{k['datatrove_nfc']['removed']:,} in {k['datatrove_nfc']['seconds']:.1f}s (J "
               f"{k['datatrove_nfc']['clustered_jaccard_vs_corefprep']:.3f}); NFD vs not: J "
               f"{k['nfd_vs_nfc_clustered_jaccard']:.3f}")
    for s in r.get("synthetic", []):
        out.append(f"synthetic {s['n']:,} documents: band + cluster steps {s['seconds']:.1f}s, peak "
                   f"{s['peak'] / MiB:.0f} MiB (incl. writing the signatures), {s['removed']:,} removed")
    return "\n".join(out)


if __name__ == "__main__":
    sys.exit(main())
