"""A million documents on one machine: does anything grow as the batches pile up? (issue 38)

    python benchmarks/bench_scale.py --docs 1000000 --files 4 --clm-docs 250000 --workers 2

Hours on 2 cores; ``make bench-scale`` runs it. Every phase keeps its result in
``--dir``/results.json and is skipped when run again, so a stopped benchmark goes on where it
stopped; ``--dir``/progress.log says where it is (``tail -f`` it).

Phases:

1. the corpus: ``--files`` HPLT-layout ``.jsonl.zst`` files made by the shared
   ``make_bench_corpus.py`` (seeds 1..files, so no exact duplicates within a file; across files the
   generator may repeat a text, which the run counts), and a ``--ref-docs`` file for the reference;
2. ``ref``: the default entity-mlm path on ``--ref-docs`` documents, the memory reference;
3. ``mlm``: the default entity-mlm path on every file, ``--batch-docs`` per batch, so each batch's
   line is one row of the per-100k table;
4. ``ops`` on the finished ``mlm`` run: ``status`` and ``report`` times, ``explain --doc-index`` on a
   document of the last batch, and ``--batches K`` recomputing a middle batch, with the final
   dataset's files hashed before and after;
5. ``clm``: ``prepare --rules llm --words CLM_WORDS --objective clm --dedup minhash`` on the first
   ``--clm-docs`` documents.

Memory is the PSS of each command's whole process tree, sampled every ``--every`` seconds by
``tree_mem.py`` in its own standard-library-only interpreter (so it shares no pages with the run).
The per-batch docs/s are the batches' own ``batch_done`` events. Outputs: the tables on stdout,
``results.json`` and the memory curve as a PNG (``--png``).
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import statistics
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))
from common import HERE, REPO, corefprep_cmd  # noqa: E402  (standard library only)
from tree_mem import read_curve  # noqa: E402  (standard library only)

SAMPLER = HERE / "tree_mem.py"

MiB = 1024 * 1024


class Bench:
    def __init__(self, a: argparse.Namespace):
        self.a = a
        self.dir = Path(a.dir).resolve()
        self.dir.mkdir(parents=True, exist_ok=True)
        self.results_path = self.dir / "results.json"
        self.results: dict[str, Any] = json.loads(self.results_path.read_text()) if self.results_path.exists() else {}
        self.cli = corefprep_cmd()

    def log(self, msg: str) -> None:
        line = f"{time.strftime('%Y-%m-%d %H:%M:%S')} {msg}"
        print(line, file=sys.stderr, flush=True)
        with open(self.dir / "progress.log", "a") as f:
            f.write(line + "\n")

    def keep(self, phase: str, value: Any) -> None:
        self.results[phase] = value
        tmp = self.results_path.with_suffix(".tmp")
        tmp.write_text(json.dumps(self.results, indent=1))
        os.replace(tmp, self.results_path)

    def env(self) -> dict[str, str]:
        env = dict(os.environ)
        env.update(HF_HUB_OFFLINE="1", HF_DATASETS_OFFLINE="1", TRANSFORMERS_OFFLINE="1",
                   HF_DATASETS_CACHE=str(self.dir / "hf_cache"), PYTHONUNBUFFERED="1")
        return env

    # --- the corpus ---------------------------------------------------------------------------

    def corpus_file(self, name: str, docs: int, seed: int) -> Path:
        path = self.dir / "corpus" / name
        if not path.exists():
            path.parent.mkdir(exist_ok=True)
            self.log(f"corpus: {docs:,} docs (seed {seed}) -> {path.name}")
            subprocess.run([sys.executable, str(Path(self.a.shared) / "tools" / "make_bench_corpus.py"),
                            "--docs", str(docs), "--seed", str(seed), "--out", str(path)],
                           check=True, stdout=subprocess.DEVNULL)
        return path

    def corpus(self) -> list[Path]:
        per = self.a.docs // self.a.files
        return [self.corpus_file(f"kor_Hang_{i}.jsonl.zst", per, i) for i in range(1, self.a.files + 1)]

    # --- one tracked command ------------------------------------------------------------------

    def tracked(self, name: str, cmd: list[str]) -> dict[str, Any]:
        """Run ``cmd`` with its process tree's PSS sampled; its stderr goes to ``name``.log."""
        curve_path, log_path = self.dir / f"{name}.mem.csv", self.dir / f"{name}.log"
        self.log(f"{name}: {' '.join(cmd)}")
        t0 = time.monotonic()
        with open(log_path, "w") as log:
            p = subprocess.Popen(cmd, stdout=log, stderr=subprocess.STDOUT, env=self.env())
            sampler = subprocess.Popen([sys.executable, "-I", "-S", str(SAMPLER), "--root", str(p.pid),
                                        "--every", str(self.a.every), "--out", str(curve_path)])
            rc = p.wait()
        wall = time.monotonic() - t0
        sampler.wait()
        curve, peak = read_curve(str(curve_path))
        self.log(f"{name}: exit {rc} after {wall:.0f} s, peak PSS {peak / MiB:,.0f} MiB")
        if rc != 0:
            raise SystemExit(f"{name} failed (exit {rc}); see {log_path}")
        return {"wall": wall, "peak_pss": peak, "samples": len(curve), "curve": str(curve_path)}

    def timed(self, cmd: list[str]) -> tuple[float, str]:
        t0 = time.monotonic()
        r = subprocess.run(cmd, capture_output=True, text=True, env=self.env())
        if r.returncode != 0:
            raise SystemExit(f"{' '.join(cmd)} failed: {r.stderr.strip().splitlines()[-1:]}")
        return time.monotonic() - t0, r.stdout

    # --- the runs -----------------------------------------------------------------------------

    def prepare_cmd(self, out: Path, inputs: list[Path], extra: list[str]) -> list[str]:
        return [*self.cli, "prepare", *map(str, inputs), "-o", str(out), "--workers", str(self.a.workers),
                "--batch-docs", str(self.a.batch_docs), "--log-json", str(out.parent / f"{out.name}.events.jsonl"),
                *extra]

    def run(self, name: str, inputs: list[Path], extra: list[str]) -> dict[str, Any]:
        if name in self.results:
            return self.results[name]
        out = self.dir / name
        if out.exists():
            subprocess.run(["rm", "-rf", str(out)], check=True)
        events = out.parent / f"{name}.events.jsonl"
        events.unlink(missing_ok=True)
        res = self.tracked(name, self.prepare_cmd(out, inputs, extra))
        res["batches"] = batch_rows(events, out)
        res["stages"] = stage_seconds(events)
        res["sizes"] = sizes(out)
        self.keep(name, res)
        return res

    def compile_corefprep(self) -> None:
        """Compile the corefprep these commands import, as ``pip install`` does: where the
        environment sets PYTHONDONTWRITEBYTECODE (this machine does) and the tree has no compiled
        files, every command would compile the package first (the 1.04 s `status` of the first 1M run did)."""
        env = {k: v for k, v in self.env().items() if k != "PYTHONDONTWRITEBYTECODE"}
        code = "import corefprep, os; print(os.path.dirname(corefprep.__file__))"
        where = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env=env,
                               check=True).stdout.strip()
        subprocess.run([sys.executable, "-m", "compileall", "-q", where], env=env, check=True)

    def ops(self, inputs: list[Path]) -> dict[str, Any]:
        if "ops" in self.results:
            return self.results["ops"]
        out = self.dir / "mlm"
        self.compile_corefprep()
        status = [self.timed([*self.cli, "status", str(out)])[0] for _ in range(3)]
        report_s, _ = self.timed([*self.cli, "report", str(out), "--out", str(self.dir / "report")])
        batches = self.results["mlm"]["batches"]
        last = batches[-1]
        doc = sum(b["documents"] for b in batches[:-1]) + last["documents"] // 2
        explain_s, _ = self.timed([*self.cli, "explain", str(out), "--doc-index", str(doc)])
        before = dataset_digest(out)
        middle = batches[len(batches) // 2]["batch"]
        self.log(f"ops: recomputing batch {middle}")
        cmd = [*self.prepare_cmd(out, inputs, []), "--batches", str(middle)]
        recompute = self.tracked("recompute", cmd)
        after = dataset_digest(out)
        res = {"status_s": statistics.median(status), "report_s": report_s, "explain_s": explain_s,
               "explain_doc": doc, "recompute_batch": middle, "recompute_s": recompute["wall"],
               "recompute_peak_pss": recompute["peak_pss"], "identical": before == after, "files": len(before)}
        self.keep("ops", res)
        return res


# --- reading a finished run ---------------------------------------------------------------------


def events_of(path: Path) -> list[dict[str, Any]]:
    return [json.loads(line) for line in path.read_text().splitlines() if line.strip()]


def batch_rows(events: Path, out: Path) -> list[dict[str, Any]]:
    """Each batch's line: its ``batch_done`` event, and from its stats file the CPU its workers and
    the parent spent on it. Docs per worker CPU-second does not move when something else shares the
    machine (wall docs/s does): a batch that costs more per document as the run grows shows there."""
    rows = []
    for e in events_of(events):
        if e.get("event") == "run_done":
            break  # later lines are the ops phase's recomputation, logged to the same file
        if e.get("event") != "batch_done":
            continue
        row = {k: e.get(k) for k in ("batch", "documents", "passed", "seconds", "docs_per_s", "kiwi_docs")}
        stats = out / "work" / "filter" / f"batch_{e['batch']:05d}.json"
        if stats.exists():
            st = json.loads(stats.read_text())
            row["worker_cpu"] = st.get("worker_cpu_seconds")
            row["parent_cpu"] = st.get("cpu", {}).get("parent")
        rows.append(row)
    return rows


def stage_seconds(events: Path) -> dict[str, float]:
    return {e["stage"]: e["seconds"] for e in events_of(events) if e.get("event") == "stage_done"}


def tree_bytes(path: Path) -> int:
    return sum(f.stat().st_size for f in path.rglob("*") if f.is_file()) if path.exists() else 0


def sizes(out: Path) -> dict[str, int]:
    work = out / "work"
    res = {f"work/{d.name}": tree_bytes(d) for d in sorted(work.iterdir()) if d.is_dir()} if work.exists() else {}
    res["work (all)"] = tree_bytes(work)
    for d in sorted(out.iterdir()):
        if d.is_dir() and d.name != "work":
            res[d.name] = tree_bytes(d)
    return res


def dataset_digest(out: Path) -> dict[str, str]:
    """sha256 of every file of the final dataset(s): everything under OUTPUT_DIR but work/."""
    res = {}
    for f in sorted(out.rglob("*")):
        rel = f.relative_to(out)
        if f.is_file() and rel.parts[0] != "work":
            res[str(rel)] = hashlib.sha256(f.read_bytes()).hexdigest()
    return res


# --- printing -----------------------------------------------------------------------------------


def per_batch_table(name: str, res: dict[str, Any]) -> None:
    rows = res["batches"]
    rates = [r["docs_per_s"] for r in rows]
    first = rates[0]
    print(f"\n### {name}: per batch ({sum(r['documents'] for r in rows):,} docs, wall {res['wall']:,.0f} s)\n")
    print("| batch | documents | passed | filter s | docs/s | vs batch 0 | docs per worker CPU-s | parent CPU-s |")
    print("|---|---|---|---|---|---|---|---|")
    for r in rows:
        per_cpu = r["documents"] / r["worker_cpu"] if r.get("worker_cpu") else float("nan")
        print(f"| {r['batch']} | {r['documents']:,} | {r['passed']:,} | {r['seconds']:.1f} | {r['docs_per_s']:.1f} "
              f"| {r['docs_per_s'] / first:.3f} | {per_cpu:.1f} | {r.get('parent_cpu') or float('nan'):.1f} |")
    spread = (max(rates) - min(rates)) / statistics.median(rates)
    print(f"\nspread of docs/s (max-min)/median: {spread:.1%} (target: flat within 10%)")
    per = [r["documents"] / r["worker_cpu"] for r in rows if r.get("worker_cpu")]
    if per:
        print(f"spread of docs per worker CPU-second: {(max(per) - min(per)) / statistics.median(per):.1%}")
    print("stages (s): " + ", ".join(f"{k} {v:,.1f}" for k, v in res["stages"].items()))
    print("sizes: " + ", ".join(f"{k} {v / MiB:,.1f} MiB" for k, v in res["sizes"].items()))


def plot(results: dict[str, Any], png: Path) -> None:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    fig, ax = plt.subplots(figsize=(8, 3.6), dpi=110)
    for name in ("mlm", "ref", "clm"):
        if name in results:
            curve, _ = read_curve(results[name]["curve"])
            ax.plot([c[0] / 60 for c in curve], [c[1] / MiB for c in curve], label=f"{name} ({results[name]['label']})",
                    linewidth=1)
    ax.set_xlabel("minutes since the run started")
    ax.set_ylabel("PSS of the process tree (MiB)")
    ax.set_ylim(bottom=0)
    ax.grid(alpha=0.3)
    ax.legend(loc="lower right", fontsize=8)
    fig.tight_layout()
    png.parent.mkdir(parents=True, exist_ok=True)
    fig.savefig(png)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--docs", type=int, default=1_000_000)
    ap.add_argument("--files", type=int, default=4)
    ap.add_argument("--ref-docs", type=int, default=100_000)
    ap.add_argument("--clm-docs", type=int, default=250_000)
    ap.add_argument("--clm-words", choices=("kiwi", "space"), default="kiwi",
                    help="the clm run's --words: kiwi (the llm rules' default) has Kiwi analyse every document "
                         "whole (hours for 250k documents on 2 cores); space needs no Kiwi")
    ap.add_argument("--workers", type=int, default=2)
    ap.add_argument("--batch-docs", type=int, default=100_000)
    ap.add_argument("--every", type=float, default=2.0, help="seconds between memory samples")
    ap.add_argument("--dir", default=str(HERE / ".scale"))
    ap.add_argument("--shared", default=str(REPO.parent / "shared"))
    ap.add_argument("--png", default=str(REPO / "docs" / "assets" / "scale_memory.png"))
    a = ap.parse_args(argv)
    b = Bench(a)
    files = b.corpus()
    ref = b.corpus_file(f"ref_{a.ref_docs}.jsonl.zst", a.ref_docs, 101)
    # "250k of the million": the first file when the sizes agree, else a file of its own
    same = a.clm_docs == a.docs // a.files
    clm_in = files[0] if same else b.corpus_file(f"clm_{a.clm_docs}.jsonl.zst", a.clm_docs, 201)
    b.log("corpus ready")
    r = b.run("ref", [ref], [])
    r["label"] = f"entity-mlm, {a.ref_docs:,} docs"
    m = b.run("mlm", files, [])
    m["label"] = f"entity-mlm, {a.docs:,} docs"
    ops = b.ops(files)
    c = b.run("clm", [clm_in], ["--rules", "llm", "--words", a.clm_words, "--objective", "clm", "--dedup", "minhash"])
    c["label"] = f"clm + llm rules ({a.clm_words} words) + minhash, {a.clm_docs:,} docs"
    for name in ("mlm", "clm", "ref"):
        if any("worker_cpu" not in row for row in b.results[name]["batches"]):
            # kept by an older version of this script; the stats files of batches recomputed since
            # (the ops phase's) give their recomputation's CPU, not the run's
            b.results[name]["batches"] = batch_rows(b.dir / f"{name}.events.jsonl", b.dir / name)
        per_batch_table(name, b.results[name])
    print(f"\npeak PSS: mlm {m['peak_pss'] / MiB:,.0f} MiB vs ref {r['peak_pss'] / MiB:,.0f} MiB "
          f"= {m['peak_pss'] / r['peak_pss']:.3f}x (target: within 1.10x); clm {c['peak_pss'] / MiB:,.0f} MiB")
    print(f"status {ops['status_s']:.2f} s (< 1 s), report {ops['report_s']:.1f} s (< 30 s), "
          f"explain --doc-index {ops['explain_doc']} {ops['explain_s']:.1f} s, "
          f"--batches {ops['recompute_batch']} {ops['recompute_s']:.0f} s, dataset identical after: {ops['identical']} "
          f"({ops['files']} files)")
    plot(b.results, Path(a.png))
    print(f"memory curve: {a.png}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
