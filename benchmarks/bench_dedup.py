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
* **Throughput and memory**, whole dedup (corefprep: ``corefprep dedup`` signing the filter's
  kept documents from its parquet, bands, clusters, result; datatrove: signatures, buckets,
  cluster, filter), at N and 4N documents, the same documents and cores: each system once with
  its process tree's peak PSS sampled every 100 ms by a process that imports nothing of either venv
  (``tree_mem.py``), then ``--rounds`` timed runs
  without sampling, the two systems alternating (corefprep, datatrove, corefprep, datatrove ...);
  documents/s from the fastest timed run. What datatrove removed is read from its output by a
  process of its own after the measured one has ended (``datatrove_minhash.py --read``).
* **Scale**: the band and cluster steps alone on synthetic signature files of ``--synthetic``
  and 4x that many documents (peak PSS; the target is <= 1 GiB at 1M documents).
* **Cost in a run**: ``prepare --rules llm --objective clm`` wall time with ``--dedup none`` and
  ``--dedup minhash`` (whitespace words: the target is <= 25%; and Kiwi words on
  ``--kiwi-docs`` documents, where the filter's own analysis is reused).
* **Kiwi words**: ``corefprep dedup`` signing with Kiwi words itself (the filter ran with
  ``--dedup none``) against datatrove's Kiwi splitter as shipped (its text simplification
  NFD-decomposes Hangul, so Kiwi sees jamo) on ``--kiwi-docs`` documents, and with datatrove's
  NFD step off as well on ``--kiwi-nfc-docs`` (Kiwi on NFC text through datatrove's splitter runs
  at a few documents a second), alternating as above; seconds, documents/s and peak PSS.

    python benchmarks/bench_dedup.py --docs 20000 --workers 2      # what `make bench-dedup` runs
    python benchmarks/bench_dedup.py --docs 2000 --kiwi-docs 500 --kiwi-nfc-docs 100 --synthetic 100000 --rounds 1
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterable
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
from common import DT_PYTHON, corefprep_cmd, ensure_datatrove_venv, locate_shared  # noqa: E402
from tree_mem import read_curve  # noqa: E402

SAMPLER = HERE / "tree_mem.py"
VENV_PYTHON = Path(sys.executable)


DT_SCRIPT = HERE / "datatrove_minhash.py"
MiB = 1 << 20
SPACE = ["--rules", "llm", "--words", "space"]
KIWI = ["--rules", "llm"]  # words: Kiwi, the rule set's default


# --- measuring ----------------------------------------------------------------------------------


def run_measured(cmd: list[str], sample: bool = True, **kw: Any) -> tuple[float, int, str]:
    """(seconds, peak PSS of the process tree in bytes, stdout) of a command. PSS, not RSS: forked
    workers and memory-mapped files share pages, which RSS would count once per process. The
    sampler is a process of its own that imports nothing of the measured venv (``tree_mem.py``,
    standard library only, run with ``-I -S``): a sampler that had pyarrow and corefprep loaded
    took its share of their pages, and corefprep's peak read 143 MiB instead of 171 in a small
    test. Reading PSS costs CPU, so timed runs pass ``sample=False`` (peak 0) and memory is
    measured apart."""
    t0 = time.perf_counter()
    p = subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, **kw)
    with tempfile.NamedTemporaryFile(suffix=".csv") as curve:
        sampler = (subprocess.Popen([sys.executable, "-I", "-S", str(SAMPLER), "--root", str(p.pid), "--every", "0.1",
                                     "--out", curve.name]) if sample else None)
        out, err = p.communicate()
        secs = time.perf_counter() - t0
        peak = 0
        if sampler is not None:
            sampler.wait()
            peak = read_curve(curve.name)[1]
    if p.returncode != 0:
        raise SystemExit(f"{' '.join(cmd[:3])} failed ({p.returncode}):\n{err[-3000:]}")
    return secs, peak, out


# --- the corpus ---------------------------------------------------------------------------------


def data(*args: str) -> Any:
    """What ``dedup_data.py`` answers (JSON): the corpus, the kept shards and the results are read and
    written by that short-lived process, so that this one, alive while the systems are measured,
    maps none of pyarrow's, numpy's or corefprep's pages (PSS would give it its share of them)."""
    r = subprocess.run([str(VENV_PYTHON), str(HERE / "dedup_data.py"), *args], check=True, capture_output=True,
                       text=True)
    return json.loads(r.stdout)


def corpus_with_copies(shared: Path, docs: int, into: Path) -> dict[str, Any]:
    planted = data("corpus", str(shared), str(docs), str(into))
    return {k: [tuple(pair) for pair in v] for k, v in planted.items()}


def kept_shards(out: Path, into: Path, shards: int) -> int:
    return int(data("kept-shards", str(out), str(into), str(shards)))


# --- the two systems ----------------------------------------------------------------------------


def env() -> dict[str, str]:
    return {**os.environ, "HF_HUB_OFFLINE": "1", "TOKENIZERS_PARALLELISM": "false"}


def corefprep_filtered(src: Path, out: Path, workers: int, words: list[str]) -> None:
    """The filter's kept documents, without signatures (so the dedup stage signs them itself; not timed)."""
    if not (out / "work" / "filter").exists():
        subprocess.run([*corefprep_cmd(), "filter", str(src), "--output-dir", str(out), "--workers", str(workers),
                        "--no-progress", *words, "--dedup", "none"], check=True, env=env(),
                       stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)


def corefprep_run(src: Path, out: Path, workers: int, words: list[str], sample: bool, seed: int = 1) -> dict[str, Any]:
    """One ``corefprep dedup`` of the filtered ``out`` from scratch (signing included): seconds, or
    peak PSS when ``sample``, and what it removed."""
    cmd = [*corefprep_cmd(), "dedup", str(src), "--output-dir", str(out), "--workers", str(workers), "--no-progress",
           *words, "--dedup", "minhash", "--dedup-seed", str(seed)]
    shutil.rmtree(out / "work" / "dedup", ignore_errors=True)
    secs, peak, _ = run_measured(cmd, sample=sample, env=env())
    r = data("result", str(out / "work" / "dedup" / "result"))
    return {"seconds": secs, "peak": peak, "removed": set(r["removed"]), "documents": r["documents"],
            "clustered": {int(d): c for d, c in r["clustered"].items()}}


def datatrove_run(shards: Path, work: Path, workers: int, words: str, sample: bool, nfd: bool = True) -> dict[str, Any]:
    """datatrove's four stages from scratch: seconds, or peak PSS when ``sample``. What they removed is
    read afterwards by a process of its own, outside the measurement."""
    shutil.rmtree(work, ignore_errors=True)
    base = [str(DT_PYTHON), str(DT_SCRIPT), "--input", str(shards), "--work", str(work)]
    secs, peak, out = run_measured([*base, "--workers", str(workers), "--words", words, *([] if nfd else ["--no-nfd"])],
                                   sample=sample)
    stages = json.loads(out.strip().splitlines()[-1])["seconds"]
    r = json.loads(subprocess.run([*base, "--read"], check=True, capture_output=True, text=True).stdout)
    shutil.rmtree(work, ignore_errors=True)
    return {"seconds": secs, "peak": peak, "stages": stages, "removed": {int(x) for x in r["removed"]},
            "clustered": {int(x): c for x, c in r["clusters"].items()}}


def alternate(runs: dict[str, Any], rounds: int) -> dict[str, dict[str, Any]]:
    """Each system's runs in turn (a, b, a, b ...): one sampled for memory, then ``rounds`` timed; the
    fastest timed run's seconds, the sampled run's peak and removed sets."""
    best: dict[str, dict[str, Any]] = {}
    for sample in (True, *([False] * rounds)):
        for name, run in runs.items():
            r = run(sample)
            if sample:
                best[name] = {**r, "seconds": float("inf")}
            elif r["seconds"] < best[name]["seconds"]:
                best[name]["seconds"], best[name]["stages"] = r["seconds"], r.get("stages", {})
    return best


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


def kiwi_comparison(shared: Path, docs: int, src: Path, workers: int, rounds: int, nfc: bool) -> dict[str, Any]:
    """Kiwi words on a corpus of ``docs``: ``corefprep dedup`` signing the filter's kept documents
    itself (the filter ran with --dedup none) against datatrove's Kiwi splitter as shipped (its text
    simplification NFD-decomposes Hangul, so Kiwi sees jamo) and, with ``nfc``, with that step off."""
    corpus_with_copies(shared, docs, src)
    out, shards = src.with_name(src.name + "_cp"), src.with_name(src.name + "_shards")
    corefprep_filtered(src, out, workers, KIWI)
    kept = kept_shards(out, shards, 2 * workers)
    runs = {"corefprep": lambda sample: corefprep_run(src, out, workers, KIWI, sample),
            "datatrove_nfd": lambda sample: datatrove_run(shards, src.with_name("dt_nfd"), workers, "kiwi", sample)}
    if nfc:
        runs["datatrove_nfc"] = lambda sample: datatrove_run(shards, src.with_name("dt_nfc"), workers, "kiwi", sample,
                                                             nfd=False)
    k = alternate(runs, rounds)
    r: dict[str, Any] = {"documents": kept, "rounds": rounds, **{name: {
        "seconds": x["seconds"], "peak_mib": x["peak"] / MiB, "removed": len(x["removed"]),
        "clustered_jaccard_vs_corefprep": jaccard(x["clustered"], k["corefprep"]["clustered"])}
        for name, x in k.items()}}
    if nfc:
        r["nfd_vs_nfc_clustered_jaccard"] = jaccard(k["datatrove_nfd"]["clustered"], k["datatrove_nfc"]["clustered"])
    shutil.rmtree(out, ignore_errors=True)
    shutil.rmtree(shards, ignore_errors=True)
    return r


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


DATATROVE = {"datatrove": "matched", "datatrove_shipped": "space"}  # run name -> datatrove_minhash.py --words


def words_check(shards: Path) -> dict[str, int]:
    """Document by document: do datatrove's signature step (``--words matched``) and corefprep's
    ``--dedup-words space`` hash the same words? Each side prints an md5 of every document's words."""
    theirs = json.loads(subprocess.run([str(DT_PYTHON), str(DT_SCRIPT), "--input", str(shards), "--work",
                                        str(shards / "unused"), "--words", "matched", "--words-digest"],
                                       check=True, capture_output=True, text=True).stdout)
    ours = data("words-digest", str(shards))
    return {"documents": len(ours), "same": sum(x == y for x, y in zip(ours, theirs, strict=True))}


def one_size(shared: Path, tmp: Path, label: str, n: int, w: int, rounds: int, log: Any) -> dict[str, Any]:
    """corefprep dedup against datatrove's stages, with matched words and with datatrove's text
    cleaning as shipped, on a corpus of ``n`` documents plus planted copies."""
    log(f"[{label}] corpus of {n:,} documents plus copies")
    src = tmp / f"in_{label}"
    planted = corpus_with_copies(shared, n, src)
    log(f"[{label}] corefprep filter (not timed), then corefprep dedup and datatrove (two word units) alternating")
    cp_out, shards = tmp / f"cp_{label}", tmp / f"shards_{label}"
    corefprep_filtered(src, cp_out, w, SPACE)
    kept = kept_shards(cp_out, shards, 2 * w)
    runs: dict[str, Any] = {"corefprep": lambda sample: corefprep_run(src, cp_out, w, SPACE, sample)}
    for name, words in DATATROVE.items():
        runs[name] = lambda sample, words=words: datatrove_run(shards, tmp / f"dt_{label}", w, words, sample)
    got = alternate(runs, rounds)
    ours = got["corefprep"]
    kept_docs = set(data("kept-docs", str(cp_out)))
    size: dict[str, Any] = {"documents": kept, "words": words_check(shards),
                            "corefprep": {"seconds": ours["seconds"], "peak_mib": ours["peak"] / MiB,
                                          "removed": len(ours["removed"]), "clustered": len(ours["clustered"]),
                                          "planted": planted_rates(planted, ours["clustered"], kept_docs)}}
    for name in DATATROVE:
        theirs = got[name]
        size[name] = {"seconds": theirs["seconds"], "peak_mib": theirs["peak"] / MiB, "stages": theirs["stages"],
                      "removed": len(theirs["removed"]), "clustered": len(theirs["clustered"]),
                      "planted": planted_rates(planted, theirs["clustered"], kept_docs),
                      "removed_jaccard": jaccard(ours["removed"], theirs["removed"]),
                      "clustered_jaccard": jaccard(ours["clustered"], theirs["clustered"])}
    if label == "N":
        # the same dedup with other hash functions: how much two correct MinHash runs differ
        # on this corpus (its many pairs near the threshold are caught by chance)
        other = corefprep_run(src, cp_out, w, SPACE, sample=False, seed=2)
        size["seed2"] = {"removed_jaccard": jaccard(ours["removed"], other["removed"]),
                         "clustered_jaccard": jaccard(ours["clustered"], other["clustered"])}
    for d in (cp_out, tmp / f"dt_{label}", shards):
        shutil.rmtree(d, ignore_errors=True)
    return size


def kiwi_part(shared: Path, tmp: Path, a: argparse.Namespace, log: Any) -> dict[str, Any]:
    """The Kiwi-word comparisons and what Kiwi-word dedup costs a clm run."""
    w, out = a.workers, {}
    log(f"[kiwi] {a.kiwi_docs:,} documents: corefprep dedup signing with Kiwi words, datatrove's Kiwi "
        "splitter as shipped, alternating")
    ksrc = tmp / "kiwi_in"
    out["kiwi"] = kiwi_comparison(shared, a.kiwi_docs, ksrc, w, a.rounds, nfc=False)
    if a.kiwi_nfc_docs:
        log(f"[kiwi] {a.kiwi_nfc_docs:,} documents: the same, and datatrove's splitter without its NFD step")
        out["kiwi_nfc"] = kiwi_comparison(shared, a.kiwi_nfc_docs, tmp / "kiwi_nfc_in", w, 1, nfc=True)
    log("[kiwi] prepare --objective clm, --dedup none vs minhash (Kiwi words)")
    runs: dict[str, list[float]] = {"none": [], "minhash": []}
    for dedup in ("none", "minhash"):
        runs[dedup].append(prepare_seconds(ksrc, tmp / "run", w, KIWI, dedup))
    out["overhead_kiwi"] = {k: min(v) for k, v in runs.items()}
    return out


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--docs", type=int, default=20000, help="N: documents of the bench corpus (before copies)")
    ap.add_argument("--workers", type=int, default=2)
    ap.add_argument("--kiwi-docs", type=int, default=2000, help="documents of the Kiwi-word comparison (corefprep's "
                    "dedup signing with Kiwi words against datatrove's Kiwi splitter as shipped; 0: skip)")
    ap.add_argument("--rounds", type=int, default=2, help="timed runs of each system, alternating (after one "
                    "memory-sampled run of each)")
    ap.add_argument("--kiwi-nfc-docs", type=int, default=200, help="documents of the comparison with datatrove's "
                    "Kiwi splitter without its NFD step, which analyses a few documents a second (0: skip)")
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
            sizes[label] = one_size(shared, tmp, label, n, w, a.rounds, log)
            if label == "N":
                log("[N] prepare --objective clm, --dedup none vs minhash (whitespace words), alternating")
                runs: dict[str, list[float]] = {"none": [], "minhash": []}
                for dedup in ("none", "minhash", "minhash", "none"):
                    runs[dedup].append(prepare_seconds(tmp / "in_N", tmp / "run", w, SPACE, dedup))
                results["overhead_space"] = {k: min(v) for k, v in runs.items()}
            shutil.rmtree(tmp / f"in_{label}", ignore_errors=True)
        results["sizes"] = sizes

        if a.kiwi_docs:
            results.update(kiwi_part(shared, tmp, a, log))

        if a.synthetic:
            log(f"[scale] band + cluster steps on synthetic signatures: {a.synthetic:,} and {4 * a.synthetic:,}")
            results["synthetic"] = [synthetic(n, w, tmp) for n in (a.synthetic, 4 * a.synthetic)]

    print(report(results))
    if a.json:
        Path(a.json).write_text(json.dumps(results, indent=1, default=str))
    return 0


def report(r: dict[str, Any]) -> str:
    out = [f"bench_dedup: {r['docs']:,} bench-corpus documents (+10% planted copies), {r['workers']} workers", ""]
    for name, what in (("datatrove", "datatrove given corefprep's words (its text cleaning off): the targets"),
                       ("datatrove_shipped", "datatrove's text cleaning as shipped, then whitespace words")):
        out.append(what)
        rows = [("size", "kept docs", "corefprep s", "datatrove s", "docs/s ratio", "corefprep peak", "datatrove peak",
                 "removed cp/dt", "removed J", "clustered J")]
        for label, s in r["sizes"].items():
            cp, dt = s["corefprep"], s[name]
            rows.append((label, f"{s['documents']:,}", f"{cp['seconds']:.1f}", f"{dt['seconds']:.1f}",
                         f"{dt['seconds'] / cp['seconds']:.2f}x", f"{cp['peak_mib']:.0f} MiB",
                         f"{dt['peak_mib']:.0f} MiB", f"{cp['removed']:,}/{dt['removed']:,}",
                         f"{dt['removed_jaccard']:.3f}", f"{dt['clustered_jaccard']:.3f}"))
        out += [table(rows), ""]
    for label, s in r["sizes"].items():
        wc = s["words"]
        out.append(f"words checked at {label}: {wc['same']:,} of {wc['documents']:,} documents give datatrove "
                   "(--words matched) and corefprep the same words")
    cp_n, cp_4n = r["sizes"]["N"]["corefprep"]["peak_mib"], r["sizes"]["4N"]["corefprep"]["peak_mib"]
    dt_4n = r["sizes"]["4N"]["datatrove"]["peak_mib"]
    ratio = r["sizes"]["N"]["datatrove"]["seconds"] / r["sizes"]["N"]["corefprep"]["seconds"]
    ratio4 = r["sizes"]["4N"]["datatrove"]["seconds"] / r["sizes"]["4N"]["corefprep"]["seconds"]
    out.append(f"targets (matched words): docs/s {ratio:.2f}x / {ratio4:.2f}x datatrove's at N / 4N (>= 3x); "
               f"peak PSS (sampled by a process that maps neither venv) corefprep 4N/N {cp_4n / cp_n:.2f}x "
               f"(<= 1.2x), corefprep/datatrove at 4N {cp_4n / dt_4n:.2f}x (<= 1x)")
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
    if "overhead_kiwi" in r:
        o = r["overhead_kiwi"]
        out.append(f"prepare --rules llm (Kiwi words) --objective clm, {r['kiwi']['documents']:,} kept docs: "
                   f"--dedup none {o['none']:.1f}s, minhash {o['minhash']:.1f}s: +{o['minhash'] / o['none'] - 1:.1%}")
    for key in ("kiwi", "kiwi_nfc"):
        if key in r:
            out.append("")
            out.append(kiwi_table(r[key]))
    for s in r.get("synthetic", []):
        out.append(f"synthetic {s['n']:,} documents: band + cluster steps {s['seconds']:.1f}s, peak "
                   f"{s['peak'] / MiB:.0f} MiB (incl. writing the signatures), {s['removed']:,} removed")
    return "\n".join(out)


def kiwi_table(k: dict[str, Any]) -> str:
    rounds = "the faster of 2 timed runs" if k["rounds"] > 1 else "one timed run"
    out = [f"Kiwi words, {k['documents']:,} kept docs (corefprep's dedup signs them itself: the filter ran with "
           f"--dedup none; {rounds} each, alternating; peak from a separate sampled run):"]
    rows = [("", "seconds", "docs/s", "peak", "removed", "clustered J vs corefprep")]
    for name, what in (("corefprep", "corefprep dedup (Kiwi words, NFC)"),
                       ("datatrove_nfd", "datatrove, Kiwi splitter as shipped (NFD: Kiwi sees jamo)"),
                       ("datatrove_nfc", "datatrove, Kiwi splitter, NFD step off")):
        if name in k:
            x = k[name]
            rows.append((what, f"{x['seconds']:.1f}", f"{k['documents'] / x['seconds']:.0f}",
                         f"{x['peak_mib']:.0f} MiB", f"{x['removed']:,}", f"{x['clustered_jaccard_vs_corefprep']:.3f}"))
    out.append(table(rows))
    if "nfd_vs_nfc_clustered_jaccard" in k:
        out.append(f"datatrove NFD vs not: clustered J {k['nfd_vs_nfc_clustered_jaccard']:.3f}")
    return "\n".join(out)


if __name__ == "__main__":
    sys.exit(main())
