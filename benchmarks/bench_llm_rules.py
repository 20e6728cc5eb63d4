#!/usr/bin/env python3
"""Rule set ``llm`` against datatrove running FineWeb-2's kor_Hang filters (issue 8).

Side by side in one run:

* decision agreement (kept / rejected) between ``corefprep filter --rules llm`` and datatrove on
  the dev corpus and on a bench corpus of ``--docs`` documents (``make_bench_corpus.py``), with
  the disagreements broken down by rule (corefprep's first failing rule, datatrove's reason); also
  with corefprep's own extra rules (length bounds, Hangul share) off, which is the port's fidelity;
* throughput of the real CLI (``corefprep filter``, ``--workers``) against datatrove's
  ``LocalPipelineExecutor`` with the same number of workers, on the same ``--speed-docs``
  documents split into shards (datatrove parallelises over files, so both read the same shards);
* the word splitters: single-process documents/s of the rules with Kiwi words and with the cheap
  splitter (and of datatrove's three filters), and how often the two splitters decide differently.

datatrove runs in its own virtualenv, ``benchmarks/.venv-datatrove`` (``setup_datatrove_venv.sh``,
created on first use), never in corefprep's. Its decisions on a corpus take long (its Korean
splitter uses Kiwi's SkipBigram model), so they are cached in ``benchmarks/.cache/`` under a key
made of the input files' hashes, the thresholds and the versions: the first run computes them
(tens of minutes on 2 cores for 20,000 documents), later runs reuse them. The throughput rows are
measured afresh every run.

    python benchmarks/bench_llm_rules.py --docs 20000 --workers 2     # what `make bench-llm` runs
"""

from __future__ import annotations

import argparse
import gzip
import hashlib
import io
import json
import os
import shlex
import shutil
import subprocess
import sys
import tempfile
import time
from collections import Counter
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import orjson
import pyarrow.parquet as pq
import zstandard

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
from bench import CACHE, ensure_corpus  # noqa: E402
from common import DT_PYTHON, corefprep_cmd, ensure_datatrove_venv, locate_shared  # noqa: E402

DT_SCRIPT = HERE / "datatrove_kor_hang.py"
EXTRA_REASONS = ("too_short", "too_long", "low_hangul")  # corefprep's rules that FineWeb-2 does not have

Key = tuple[str, str]  # (input file name, md5 of the text)


# --- corpora ------------------------------------------------------------------------------------


def read_records(path: Path) -> Iterator[dict[str, Any]]:
    with open(path, "rb") as raw:
        for line in io.TextIOWrapper(zstandard.ZstdDecompressor().stream_reader(raw), encoding="utf-8"):
            if line.strip():
                yield orjson.loads(line)


def text_key(name: str, text: str) -> Key:
    return name, hashlib.md5(text.encode("utf-8", "surrogatepass")).hexdigest()


def corpus_docs(directory: Path) -> list[tuple[Key, str]]:
    """(key, text) of every document of the directory's .jsonl.zst files, in reading order."""
    return [(text_key(p.name, r["text"]), r["text"]) for p in sorted(directory.glob("*.jsonl.zst"))
            for r in read_records(p)]


def shard(source: Path, out_dir: Path, shard_docs: int, limit: int | None = None) -> Path:
    """Split ``source`` (its first ``limit`` documents) into files of ``shard_docs`` consecutive
    documents. Cached: a marker beside the directory (not in it: the readers would see it)."""
    done = out_dir.with_name(out_dir.name + ".done")
    if done.exists():
        return out_dir
    shutil.rmtree(out_dir, ignore_errors=True)
    out_dir.mkdir(parents=True)
    lines: list[str] = []

    def flush(k: int) -> None:
        data = "".join(lines).encode("utf-8")
        (out_dir / f"part_{k:03d}.jsonl.zst").write_bytes(zstandard.ZstdCompressor(level=3).compress(data))
        lines.clear()

    k = n = 0
    with open(source, "rb") as raw:
        for line in io.TextIOWrapper(zstandard.ZstdDecompressor().stream_reader(raw), encoding="utf-8"):
            if limit is not None and n >= limit:
                break
            if line.strip():
                lines.append(line if line.endswith("\n") else line + "\n")
                n += 1
                if len(lines) == shard_docs:
                    flush(k)
                    k += 1
    if lines:
        flush(k)
    done.touch()
    return out_dir


def first_files(corpus: Path, docs: int, shard_docs: int, into: Path) -> Path:
    """A directory of links to the first files of ``corpus`` holding ``docs`` documents."""
    into.mkdir(parents=True, exist_ok=True)
    for p in sorted(corpus.glob("*.jsonl.zst"))[:-(-docs // shard_docs)]:
        (into / p.name).symlink_to(p)
    return into


def files_digest(directory: Path) -> str:
    h = hashlib.sha256()
    for p in sorted(directory.glob("*.jsonl.zst")):
        h.update(p.name.encode())
        h.update(hashlib.sha256(p.read_bytes()).digest())
    return h.hexdigest()


# --- datatrove ----------------------------------------------------------------------------------


def datatrove_config() -> dict[str, Any]:
    """FineWeb-2's kor_Hang thresholds, taken from corefprep's llm defaults (the same numbers)."""
    from corefprep.rules.llm import DUP_NGRAMS, TOP_NGRAMS, LlmRules

    r = LlmRules()
    return {
        "dup_line_frac": r.max_dup_line_frac,
        "top_n_grams": [[n, getattr(r, f"max_top_{n}gram_frac")] for n in TOP_NGRAMS],
        "dup_n_grams": [[n, getattr(r, f"max_dup_{n}gram_frac")] for n in DUP_NGRAMS],
        "char_duplicates_ratio": r.max_dup_line_chars,
        "line_punct_thr": r.min_punct_line_frac,
        "new_line_ratio": r.max_newline_ratio,
        "min_doc_words": r.min_words,
        "max_doc_words": r.max_words,
        "min_avg_word_length": r.min_mean_word_length,
        "max_avg_word_length": r.max_mean_word_length,
        "max_non_alpha_words_ratio": r.min_alpha_word_frac,
        "stopwords": list(r.stopwords),
        "min_stop_words": r.min_stopwords,
    }


def datatrove_versions() -> str:
    code = ("from importlib.metadata import version as v; "
            "print(v('datatrove'), v('kiwipiepy'), v('kiwipiepy_model'))")
    return subprocess.run([str(DT_PYTHON), "-c", code], capture_output=True, text=True, check=True).stdout.strip()


@dataclass
class DtRun:
    decisions: dict[Key, str | None]  # None: kept; else datatrove's filter reason
    seconds: float
    documents: int


def run_datatrove(corpus: Path, out: Path, workers: int) -> DtRun:
    """datatrove's pipeline on every file of ``corpus`` (one task per file), timed."""
    files = len(list(corpus.glob("*.jsonl.zst")))
    shutil.rmtree(out, ignore_errors=True)
    t0 = time.perf_counter()
    r = subprocess.run([str(DT_PYTHON), str(DT_SCRIPT), "pipeline", "--input", str(corpus), "--output", str(out),
                        "--config", json.dumps(datatrove_config()), "--tasks", str(files), "--workers", str(workers)],
                       capture_output=True, text=True)
    wall = time.perf_counter() - t0
    if r.returncode != 0:
        raise SystemExit(f"datatrove failed on {corpus}:\n{r.stderr[-3000:]}")
    summary = json.loads(r.stdout.strip().splitlines()[-1])
    decisions = {(name, md5): reason for name, d in read_datatrove_output(out).items() for md5, reason in d.items()}
    return DtRun(decisions, wall, summary["documents"])


def read_datatrove_output(out: Path) -> dict[str, dict[str, str | None]]:
    """Decisions found in a datatrove output directory, by input file name then text md5 (a file
    still being written, or cut short by a kill, is read as far as it goes)."""
    found: dict[str, dict[str, str | None]] = {}
    for path in sorted(out.glob("kept/*.jsonl.gz")) + sorted(out.glob("removed/*/*.jsonl.gz")):
        try:
            with gzip.open(path, "rt", encoding="utf-8") as f:
                for line in f:
                    d = json.loads(line)
                    name, md5 = text_key(Path(d["metadata"]["file_path"]).name, d["text"])
                    found.setdefault(name, {})[md5] = d["metadata"].get("filter_reason")
        except (EOFError, OSError, json.JSONDecodeError):
            continue
    return found


def datatrove_decisions(corpus: Path, workers: int, log: Any = print) -> DtRun:
    """datatrove's decisions on every file of ``corpus``, cached per file (by content, thresholds
    and versions) in ``benchmarks/.cache/datatrove/``: an interrupted first run keeps the files its
    finished tasks covered, and a corpus that shares files with another reuses them."""
    cfg = hashlib.sha256(json.dumps([datatrove_config(), datatrove_versions()]).encode()).hexdigest()[:12]
    store = CACHE / "datatrove"
    run_dir = store / f"run_{cfg}"  # datatrove's own output, harvested per finished file
    store.mkdir(parents=True, exist_ok=True)
    files = sorted(corpus.glob("*.jsonl.zst"))
    entry = {p.name: store / f"{hashlib.sha256(p.read_bytes()).hexdigest()[:20]}_{cfg}.json" for p in files}

    def harvest() -> None:
        found = read_datatrove_output(run_dir)
        for p in files:
            got = found.get(p.name, {})
            want = {text_key(p.name, r["text"])[1] for r in read_records(p)}
            if not entry[p.name].exists() and want and want <= set(got):
                entry[p.name].write_text(json.dumps({k: got[k] for k in want}), encoding="utf-8")

    seconds = 0.0
    missing = [p for p in files if not entry[p.name].exists()]
    if missing and run_dir.exists():
        harvest()
        missing = [p for p in files if not entry[p.name].exists()]
    if missing:
        log(f"datatrove decisions on {len(missing)} file(s) of {corpus} (not cached yet; the slow part) ...")
        todo = store / f"todo_{cfg}"
        shutil.rmtree(todo, ignore_errors=True)
        todo.mkdir()
        for p in missing:
            (todo / p.name).symlink_to(p.resolve())
        seconds = run_datatrove(todo, run_dir, workers).seconds
        harvest()
        shutil.rmtree(todo, ignore_errors=True)
    decisions: dict[Key, str | None] = {}
    for p in files:
        decisions.update({(p.name, md5): r for md5, r in json.loads(entry[p.name].read_text("utf-8")).items()})
    return DtRun(decisions, seconds, len(decisions))


# --- corefprep ------------------------------------------------------------------------------------


@dataclass
class CpRun:
    kept: set[Key]
    rejected: dict[str, int]
    seconds: float
    documents: int


def run_corefprep(corpus: Path, out: Path, workers: int, extra: list[str]) -> CpRun:
    shutil.rmtree(out, ignore_errors=True)
    env = {**os.environ, "HF_HUB_OFFLINE": "1", "TOKENIZERS_PARALLELISM": "false"}
    t0 = time.perf_counter()
    subprocess.run([*corefprep_cmd(), "filter", str(corpus), "--output-dir", str(out), "--rules", "llm",
                    "--workers", str(workers), "--no-progress", *extra], check=True, env=env,
                   stdout=subprocess.DEVNULL)
    wall = time.perf_counter() - t0
    st = json.loads(subprocess.run([*corefprep_cmd(), "status", str(out), "--json"], check=True, env=env,
                                   capture_output=True, text=True).stdout)
    kept: set[Key] = set()
    for p in sorted((out / "work" / "filter").glob("batch_*.parquet")):
        t = pq.read_table(p, columns=["source", "text"])
        kept.update(text_key(Path(s).name, x) for s, x in zip(t.column("source").to_pylist(),
                                                              t.column("text").to_pylist(), strict=True))
    return CpRun(kept, st["totals"]["rejected"], wall, st["totals"]["documents"])


# --- comparison -----------------------------------------------------------------------------------


@dataclass
class Agreement:
    documents: int
    agree: int
    fw2_agree: int  # with corefprep's extra rules off
    pairs: Counter  # (corefprep's first failing rule or "kept", datatrove's reason or "kept") -> n

    @property
    def rate(self) -> float:
        return self.agree / self.documents if self.documents else float("nan")

    @property
    def fw2_rate(self) -> float:
        return self.fw2_agree / self.documents if self.documents else float("nan")


def compare(docs: list[tuple[Key, str]], ours: CpRun, theirs: DtRun, kiwi: Any) -> Agreement:
    from corefprep.rules.llm import LlmRules, judge

    rules = LlmRules()
    fw2_only = LlmRules(min_chars=0, max_chars=10**12, min_hangul_letter_ratio=0.0)
    agree = fw2 = 0
    pairs: Counter = Counter()
    for key, text in docs:
        we_keep = key in ours.kept
        they_keep = theirs.decisions[key] is None
        agree += we_keep == they_keep
        if not we_keep and rules.cheap(text) in EXTRA_REASONS:
            # rejected by a rule of ours that FineWeb-2 does not have: what would its rules alone say?
            fw2 += (judge(fw2_only, text, kiwi) is None) == they_keep
        else:
            fw2 += we_keep == they_keep
        if we_keep != they_keep:
            # which rule (corefprep's decision again, in this process) against datatrove's reason
            pairs[(judge(rules, text, kiwi) or "kept", theirs.decisions[key] or "kept")] += 1
    return Agreement(len(docs), agree, fw2, pairs)


def splitter_agreement(docs: list[tuple[Key, str]], a: CpRun, b: CpRun) -> float:
    same = sum((k in a.kept) == (k in b.kept) for k, _ in docs)
    return same / len(docs) if docs else float("nan")


def per_core_rates(texts: list[str], kiwi: Any) -> dict[str, float]:
    """Single-process documents/s of the whole rule set (cheap + decide) per splitter."""
    from corefprep.rules.llm import LlmRules, judge

    out = {}
    for words in ("kiwi", "space"):
        rules = LlmRules(words=words)
        k = kiwi if rules.uses_kiwi else None
        t0 = time.perf_counter()
        for t in texts:
            judge(rules, t, k)
        out[words] = len(texts) / (time.perf_counter() - t0)
    return out


def datatrove_texts(texts: list[str], work: Path) -> tuple[list[str | None], float]:
    """datatrove's reason for each text (None: kept) and its single-process documents/s, its three
    filters called directly (no executor)."""
    src = work / "texts.jsonl"
    src.write_text("".join(json.dumps({"text": t}, ensure_ascii=False) + "\n" for t in texts), encoding="utf-8")
    r = subprocess.run([str(DT_PYTHON), str(DT_SCRIPT), "texts", "--texts", str(src), "--config",
                        json.dumps(datatrove_config())], capture_output=True, text=True, check=True)
    lines = [json.loads(line) for line in r.stdout.splitlines() if line.startswith("{")]
    return [d["reason"] for d in lines[:-1]], lines[-1]["docs_per_s"]


# --- report ---------------------------------------------------------------------------------------


def table(rows: list[tuple[str, ...]]) -> str:
    widths = [max(len(r[i]) for r in rows) for i in range(len(rows[0]))]
    lines = ["| " + " | ".join(c.ljust(w) for c, w in zip(r, widths, strict=True)) + " |" for r in rows]
    lines.insert(1, "|" + "|".join("-" * (w + 2) for w in widths) + "|")
    return "\n".join(lines)


def dev_breakdown(dev: Path, kiwi: Any) -> str:
    """Per dev file: documents, kept, and rejections per reason (corefprep's rules, in this process)."""
    from corefprep.rules.llm import LlmRules, judge

    rules = LlmRules()
    rows = [("file", "docs", "kept", "rejected by reason")]
    for p in sorted(dev.glob("*.jsonl.zst")):
        c = Counter(judge(rules, r["text"], kiwi) for r in read_records(p))
        kept = c.pop(None, 0)
        rows.append((p.name, str(kept + sum(c.values())), str(kept),
                     ", ".join(f"{k} {v}" for k, v in c.most_common()) or "-"))
    return table(rows)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description="corefprep --rules llm against datatrove's FineWeb-2 kor_Hang filters")
    ap.add_argument("--docs", type=int, default=20000, help="documents in the bench corpus (default 20000)")
    ap.add_argument("--speed-docs", type=int, default=1000,
                    help="documents of the bench corpus both systems are timed on (default 1000)")
    ap.add_argument("--workers", type=int, default=2)
    ap.add_argument("--agree-docs", type=int, default=None,
                    help="documents of the bench corpus the agreement is measured on (default: all --docs; "
                         "whole --shard-docs files)")
    ap.add_argument("--shard-docs", type=int, default=2500, help="documents per file the bench corpus is split "
                                                                 "into (datatrove runs one task per file)")
    ap.add_argument("--per-core-docs", type=int, default=100, help="documents for the single-process rates")
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--shared", default=None, help="shared dir (default: $COREFPREP_SHARED or <repo>/../shared)")
    ap.add_argument("--work-dir", type=Path, default=None)
    ap.add_argument("--keep", action="store_true", help="keep the run directories")
    ap.add_argument("--out-json", type=Path, default=None)
    ap.add_argument("--prepare", action="store_true",
                    help="only compute and cache datatrove's decisions on both corpora (the slow part), then stop")
    a = ap.parse_args(argv)

    shared = locate_shared(a.shared)
    if shared is None:
        print("bench-llm: skipped — the shared directory with the dev corpus and tools was not found")
        return 0
    command = shlex.join(["python", "benchmarks/bench_llm_rules.py", *(sys.argv[1:] if argv is None else argv)])
    t_start = time.perf_counter()
    ensure_datatrove_venv()
    dev = shared / "corpus" / "dev"
    bench_file = ensure_corpus(shared, a.docs, a.seed)
    agree_docs = min(a.agree_docs or a.docs, a.docs)
    shards = shard(bench_file, CACHE / f"llm_shards_{a.docs}_s{a.seed}_n{a.shard_docs}", a.shard_docs)
    # the timed slice in 4 files per worker, so datatrove's tasks keep every worker busy to the end
    speed_shard = -(-a.speed_docs // (4 * a.workers))
    speed = shard(bench_file, CACHE / f"llm_speed_{a.speed_docs}_s{a.seed}_n{speed_shard}", speed_shard, a.speed_docs)
    work = Path(tempfile.mkdtemp(prefix="corefprep-bench-llm-", dir=a.work_dir))
    bench = first_files(shards, agree_docs, a.shard_docs, work / "bench")
    bench_name = f"bench corpus ({len(corpus_docs(bench)):,} of {a.docs:,} docs)"

    def log(msg: str) -> None:
        print(f"[{time.perf_counter() - t_start:6.0f}s] {msg}", file=sys.stderr, flush=True)

    if a.prepare:
        for corpus in (dev, bench):
            run = datatrove_decisions(corpus, a.workers, log)
            log(f"datatrove decisions cached for {corpus}: {run.documents:,} docs")
        shutil.rmtree(work, ignore_errors=True)
        return 0

    from corefprep.rules.kiwi import load_kiwi

    kiwi = load_kiwi()
    res: dict[str, Any] = {"command": command, "datatrove": datatrove_versions(), "loadavg_start": os.getloadavg()}
    try:
        agreements: dict[str, Agreement] = {}
        splitters: dict[str, float] = {}
        for name, corpus in (("dev corpus", dev), (bench_name, bench)):
            theirs = datatrove_decisions(corpus, a.workers, log)
            log(f"{name}: corefprep filter --rules llm ...")
            ours = run_corefprep(corpus, work / "cp", a.workers, [])
            ours_space = run_corefprep(corpus, work / "cp_space", a.workers, ["--words", "space"])
            docs = corpus_docs(corpus)
            missing = [k for k, _ in docs if k not in theirs.decisions]
            if missing:
                raise SystemExit(f"datatrove has no decision for {len(missing)} documents of {corpus}")
            agreements[name] = compare(docs, ours, theirs, kiwi)
            splitters[name] = splitter_agreement(docs, ours, ours_space)
            res[name] = {"documents": len(docs), "agreement": agreements[name].rate,
                         "agreement_fw2_rules_only": agreements[name].fw2_rate,
                         "kiwi_vs_space_agreement": splitters[name],
                         "corefprep_kept": len(ours.kept), "corefprep_rejected": ours.rejected,
                         "datatrove_kept": sum(v is None for v in theirs.decisions.values()),
                         "disagreements": {f"{k[0]} / {k[1]}": v for k, v in agreements[name].pairs.items()}}

        # throughput, side by side on the same shards: datatrove, corefprep (kiwi), corefprep (space)
        log(f"speed: datatrove on {a.speed_docs:,} docs ...")
        dt = run_datatrove(speed, work / "dt_speed", a.workers)
        log("speed: corefprep ...")
        cp = run_corefprep(speed, work / "cp_speed", a.workers, [])
        cp_space = run_corefprep(speed, work / "cp_speed_space", a.workers, ["--words", "space"])
        sample = [t for _, t in corpus_docs(speed)][:a.per_core_docs]
        log("per-core rates ...")
        per_core = per_core_rates(sample, kiwi)
        dt_core = datatrove_texts(sample, work)[1]
    finally:
        if not a.keep:
            shutil.rmtree(work, ignore_errors=True)

    rows = [("metric", "datatrove", "corefprep", "ratio / value", "target", "ok")]
    for name, ag in agreements.items():
        rows.append((f"agreement kept/rejected, {name}", "", "", f"{ag.rate:.4f}", "≥ 0.97",
                     "yes" if ag.rate >= 0.97 else "NO"))
        rows.append((f"  same, FineWeb-2 rules only (length, Hangul off), {name}", "", "", f"{ag.fw2_rate:.4f}",
                     "", ""))
    dt_rate, cp_rate = dt.documents / dt.seconds, cp.documents / cp.seconds
    sp_rate = cp_space.documents / cp_space.seconds
    rows.append((f"docs/s, {a.workers} workers, {a.speed_docs:,} docs (wall, CLI vs LocalPipelineExecutor)",
                 f"{dt_rate:,.1f}", f"{cp_rate:,.1f}", f"{cp_rate / dt_rate:.1f}×", "≥ 2×",
                 "yes" if cp_rate >= 2 * dt_rate else "NO"))
    rows.append(("  same, corefprep --words space", f"{dt_rate:,.1f}", f"{sp_rate:,.1f}", f"{sp_rate / dt_rate:.1f}×",
                 "", ""))
    rows.append((f"docs/s per core, single process, {len(sample)} docs (kiwi words)", f"{dt_core:,.1f}",
                 f"{per_core['kiwi']:,.1f}", f"{per_core['kiwi'] / dt_core:.1f}×", "", ""))
    rows.append(("  same, corefprep --words space", f"{dt_core:,.1f}", f"{per_core['space']:,.1f}",
                 f"{per_core['space'] / dt_core:.1f}×", "", ""))
    for name, v in splitters.items():
        rows.append((f"corefprep kiwi vs space words: same decision, {name}", "", "", f"{v:.4f}", "", ""))
    res.update(speed={"docs": a.speed_docs, "datatrove_docs_per_s": dt_rate, "corefprep_docs_per_s": cp_rate,
                      "corefprep_space_docs_per_s": sp_rate, "datatrove_seconds": dt.seconds,
                      "corefprep_seconds": cp.seconds, "corefprep_space_seconds": cp_space.seconds},
               per_core={"datatrove": dt_core, **per_core}, loadavg_end=os.getloadavg())

    print(f"\n{command}\ndatatrove {res['datatrove']} (its own venv); corefprep with kiwipiepy "
          f"{_version('kiwipiepy')}; load average at start {res['loadavg_start'][0]:.2f}, end "
          f"{res['loadavg_end'][0]:.2f}\n")
    print(table(rows))
    for name, ag in agreements.items():
        if ag.pairs:
            print(f"\ndisagreements, {name} (corefprep's first failing rule / datatrove's reason):")
            print(table([("corefprep", "datatrove", "documents"),
                         *((k[0], k[1], str(v)) for k, v in ag.pairs.most_common())]))
    print("\ndev corpus, corefprep --rules llm per file:")
    print(dev_breakdown(dev, kiwi))
    if a.out_json:
        a.out_json.write_text(json.dumps(res, indent=2, ensure_ascii=False, default=list), encoding="utf-8")
    print(f"\n({time.perf_counter() - t_start:.0f}s)")
    return 0


def _version(pkg: str) -> str:
    from importlib.metadata import version

    return version(pkg)


if __name__ == "__main__":
    sys.exit(main())
