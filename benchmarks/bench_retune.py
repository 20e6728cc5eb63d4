#!/usr/bin/env python3
"""Re-deciding under changed thresholds against a fresh run (issue 16).

On the bench corpus (``ensure_corpus`` of ``bench.py``), a base run of each rule set (v2 with
the entity-mlm objective, llm with clm and its defaults: Kiwi words, MinHash dedup) in batches of
``--batch-docs`` (default: 8 batches). Then, for each threshold change, side by side and
alternating:

* **re-decide**: a copy of the base run's output directory, ``corefprep prepare`` with the
  change (the whole CLI, timed);
* **fresh**: ``corefprep prepare`` with the change into an empty directory (timed).

Per change: the documents sent to Kiwi again (``kiwi_docs - decided_from_values`` summed over the
recomputed batches) as a share of the corpus and of the fresh run's Kiwi documents, Kiwi
characters against the fresh run's, both wall times and their ratio (target <= 0.2x for the cheap
rules and for loosening the NNP share), the filter stage alone (the batches' ``seconds``), and
whether the re-decided run left what the fresh one did: every batch parquet byte for byte, every
document's verdict (values files), the dedup signatures and the final dataset's content digest.
A difference is described down to the batch and documents. Then the bytes of the values and
rejected-example files of both base runs, per document and as a share of the batch files. The
exit status is 1 when any change is not identical.

    python benchmarks/bench_retune.py --docs 20000 --workers 2      # what `make bench-retune` runs
    python benchmarks/bench_retune.py --docs 2000 --rule-sets v2    # quick check
"""

from __future__ import annotations

import argparse
import hashlib
import json
import math
import shlex
import shutil
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import orjson
import pyarrow.parquet as pq

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
from bench import child_env, ensure_corpus, machine_info, med  # noqa: E402
from common import REPO, corefprep_cmd, locate_shared  # noqa: E402

# What each base run is made with, besides the corpus, the output directory and the common options.
RULE_SETS: dict[str, list[str]] = {
    "v2": [],  # the defaults: entity-mlm, the bundled tokenizer, no dedup
    "llm": ["--rules", "llm", "--objective", "clm"],  # Kiwi words, MinHash dedup
}
# The batch stats a fresh and a re-decided run must agree on (timings and provenance may differ).
COUNTS = ("batch", "documents", "passed", "rejected", "malformed", "rows", "parquet_bytes", "parquet_sha256")


@dataclass(frozen=True)
class Change:
    name: str
    rules: str
    options: tuple[str, ...]
    target: float | None = None  # re-decide / fresh wall time, at most


CHANGES = (
    Change("v2 no-op rerun (reference)", "v2", ()),
    Change("v2 tighten a cheap rule", "v2", ("--min-chars", "1000"), 0.2),
    Change("v2 loosen a cheap rule", "v2", ("--max-chars", "3000"), 0.2),
    Change("v2 tighten a Kiwi rule", "v2", ("--max-nnp-share", "0.15")),
    Change("v2 loosen the NNP share", "v2", ("--min-nnp-share", "0.03", "--max-nnp-share", "0.3"), 0.2),
    Change("v2 pronoun rule off", "v2", ("--keep-pronouns",)),
    Change("llm no-op rerun (reference)", "llm", ()),
    Change("llm tighten a line rule", "llm", ("--min-punct-line-frac", "0.1")),
    Change("llm loosen a word rule", "llm", ("--min-alpha-word-frac", "0.7")),
)


def log(msg: str, t0: float) -> None:
    print(f"[{time.perf_counter() - t0:6.0f}s] {msg}", file=sys.stderr, flush=True)


# --- running ------------------------------------------------------------------------------------


def prepare(corpus: Path, out: Path, options: list[str], logfile: Path) -> float:
    """Wall seconds of one whole ``corefprep prepare`` (interpreter start and Kiwi load included:
    that is what a user waits for)."""
    cmd = [*corefprep_cmd(), "prepare", str(corpus), "--output-dir", str(out), *options]
    with open(logfile, "wb") as f:
        t0 = time.perf_counter()
        code = subprocess.run(cmd, stdout=f, stderr=subprocess.STDOUT, env=child_env(out.parent), cwd=REPO).returncode
        secs = time.perf_counter() - t0
    if code != 0:
        tail = logfile.read_text(encoding="utf-8", errors="replace").splitlines()[-15:]
        raise RuntimeError(f"{shlex.join(cmd)} exited with {code}; last lines of {logfile}:\n" + "\n".join(tail))
    return secs


def filter_dir(out: Path) -> Path:
    return out / "work" / "filter"


def batch_stats(out: Path) -> dict[str, dict[str, Any]]:
    return {p.name: orjson.loads(p.read_bytes()) for p in sorted(filter_dir(out).glob("batch_*.json"))}


@dataclass
class KiwiWork:
    batches: int = 0  # batches computed by this run (re-decided or not)
    redecided: int = 0  # of those, re-decided from recorded values
    kiwi_docs: int = 0  # documents past the cheap rules
    from_values: int = 0  # of those, decided from recorded values
    kiwi_chars: int = 0
    filter_seconds: float = 0.0  # the batches' own seconds (the filter stage without start-up)

    @property
    def sent(self) -> int:
        return self.kiwi_docs - self.from_values


def kiwi_work(out: Path, before: dict[str, dict[str, Any]] | None = None) -> KiwiWork:
    """What the run that last wrote ``out`` computed. A batch whose stats equal ``before``'s was
    skipped as done, so it cost nothing (its stats still describe the base run's work)."""
    w = KiwiWork()
    for name, s in batch_stats(out).items():
        if before is not None and before.get(name) == s:
            continue
        w.batches += 1
        w.redecided += bool(s.get("redecided_from"))
        w.kiwi_docs += s.get("kiwi_docs", 0)
        w.from_values += s.get("decided_from_values", 0)
        w.kiwi_chars += s.get("kiwi_chars", 0)
        w.filter_seconds += s.get("seconds", 0.0)
    return w


# --- comparing ----------------------------------------------------------------------------------


def final_dataset(out: Path) -> Path:
    found = [p for p in out.iterdir() if p.is_dir() and (p / "_COMPLETE").exists()]
    if len(found) != 1:
        raise RuntimeError(f"{out}: expected one finished dataset, found {[p.name for p in found]}")
    return found[0]


def dataset_digest(path: Path) -> tuple[int, str]:
    """(rows, sha256 over column names, features and every row in order): the content, whatever
    Arrow's file layout (the same digest as tests/fixtures/cli.py)."""
    from datasets import load_from_disk

    ds = load_from_disk(str(path), keep_in_memory=False)
    h = hashlib.sha256(orjson.dumps([ds.column_names, ds.features.to_dict()]))
    for row in ds:
        h.update(orjson.dumps(row))
    return len(ds), h.hexdigest()


def _short(v: Any, n: int = 60) -> str:
    s = repr(v)
    return s if len(s) <= n else s[: n - 3] + "..."


def diff_batch(a: Path, b: Path, limit: int = 5) -> list[str]:
    """How two batch parquets differ: which documents, which columns."""
    ta, tb = pq.read_table(a), pq.read_table(b)
    out: list[str] = []
    if ta.schema != tb.schema:
        out.append(f"schema differs: {ta.schema.names} vs {tb.schema.names}")
    da, db = ta.column("doc_index").to_pylist(), tb.column("doc_index").to_pylist()
    only_a, only_b = sorted(set(da) - set(db)), sorted(set(db) - set(da))
    if only_a:
        out.append(f"kept only when re-decided: doc_index {only_a[:limit]}{' ...' if len(only_a) > limit else ''}")
    if only_b:
        out.append(f"kept only when fresh: doc_index {only_b[:limit]}{' ...' if len(only_b) > limit else ''}")
    if da != db and not only_a and not only_b:
        out.append("same documents in another order")
    ra = {r["doc_index"]: r for r in ta.to_pylist()}
    rb = {r["doc_index"]: r for r in tb.to_pylist()}
    shown = 0
    for d in sorted(set(ra) & set(rb)):
        cols = [c for c in ra[d] if ra[d][c] != rb[d].get(c)]
        if cols:
            if shown < limit:
                out.append(f"doc_index {d}: " + "; ".join(
                    f"{c} {_short(ra[d][c])} vs {_short(rb[d].get(c))}" for c in cols))
            shown += 1
    if shown > limit:
        out.append(f"... {shown - limit} more documents with other values")
    if not out:
        meta_a, meta_b = ta.schema.metadata or {}, tb.schema.metadata or {}
        out.append("same rows; the file bytes differ" + (" (schema metadata differs)" if meta_a != meta_b else ""))
    return out


def diff_verdicts(a: Path, b: Path, limit: int = 5) -> list[str]:
    ta, tb = pq.read_table(a), pq.read_table(b)
    va, vb = ta.column("verdict").to_pylist(), tb.column("verdict").to_pylist()
    if va == vb:
        return []
    ia = ta.column("doc_index").to_pylist()
    bad = [i for i in range(min(len(va), len(vb))) if va[i] != vb[i]]
    out = [f"{len(bad)} verdicts differ" + (f" (rows {len(va)} vs {len(vb)})" if len(va) != len(vb) else "")]
    for i in bad[:limit]:
        ra = {k: v for k, v in ta.slice(i, 1).to_pylist()[0].items() if v is not None}
        rb = {k: v for k, v in tb.slice(i, 1).to_pylist()[0].items() if v is not None}
        out.append(f"doc_index {ia[i]}: re-decided {va[i]!r} vs fresh {vb[i]!r}; values re-decided {ra} "
                   f"vs fresh {rb}")
    return out


def compare(redecided: Path, fresh: Path) -> list[str]:
    """Every way the re-decided run's output differs from the fresh run's (empty: identical)."""
    diffs: list[str] = []
    a, b = filter_dir(redecided), filter_dir(fresh)
    names_a = sorted(p.name for p in a.glob("batch_*.parquet"))
    names_b = sorted(p.name for p in b.glob("batch_*.parquet"))
    if names_a != names_b:
        diffs.append(f"batch files differ: {names_a} vs {names_b}")
    for name in sorted(set(names_a) & set(names_b)):
        if (a / name).read_bytes() != (b / name).read_bytes():
            diffs.append(f"{name} not byte-identical: " + " | ".join(diff_batch(a / name, b / name)))
    sa, sb = batch_stats(redecided), batch_stats(fresh)
    for name in sorted(set(sa) | set(sb)):
        ca = {k: sa.get(name, {}).get(k) for k in COUNTS}
        cb = {k: sb.get(name, {}).get(k) for k in COUNTS}
        if ca != cb:
            diffs.append(f"{name} counts differ: " + ", ".join(
                f"{k} {ca[k]!r} vs {cb[k]!r}" for k in COUNTS if ca[k] != cb[k]))
    for p in sorted(b.glob("values_*.parquet")):
        if not (a / p.name).exists():
            diffs.append(f"{p.name} missing when re-decided")
            continue
        d = diff_verdicts(a / p.name, p)
        if d:
            diffs.append(f"{p.name}: " + " | ".join(d))
    for sig in sorted((fresh / "work" / "dedup").glob("sig-*/batch_*.npy")):
        mine = redecided / sig.relative_to(fresh)
        if not mine.exists() or mine.read_bytes() != sig.read_bytes():
            diffs.append(f"dedup signatures {sig.relative_to(fresh)} differ")
    try:
        fa, fb = final_dataset(redecided), final_dataset(fresh)
        if fa.name != fb.name:
            diffs.append(f"final dataset named {fa.name} vs {fb.name}")
        else:
            ga, gb = dataset_digest(fa), dataset_digest(fb)
            if ga != gb:
                diffs.append(f"final dataset {fa.name}: {ga[0]} rows, digest {ga[1][:12]} vs {gb[0]} rows, "
                             f"digest {gb[1][:12]}")
    except RuntimeError as e:
        diffs.append(str(e))
    return diffs


# --- sizes --------------------------------------------------------------------------------------


def glob_bytes(directory: Path, pattern: str) -> int:
    return sum(p.stat().st_size for p in directory.glob(pattern))


def side_file_sizes(out: Path) -> dict[str, int]:
    d = filter_dir(out)
    return {"documents": sum(s["documents"] for s in batch_stats(out).values()),
            "values": glob_bytes(d, "values_*.parquet"), "rejected": glob_bytes(d, "rejected_*.parquet"),
            "batch_parquets": glob_bytes(d, "batch_*.parquet"),
            "work_filter": sum(p.stat().st_size for p in d.rglob("*") if p.is_file())}


# --- the benchmark ------------------------------------------------------------------------------


@dataclass
class Result:
    change: Change
    redecide_seconds: list[float] = field(default_factory=list)
    fresh_seconds: list[float] = field(default_factory=list)
    redecided: KiwiWork = field(default_factory=KiwiWork)
    fresh: KiwiWork = field(default_factory=KiwiWork)
    differences: list[str] = field(default_factory=list)

    @property
    def identical(self) -> bool:
        return not self.differences

    @property
    def ratio(self) -> float:
        f = med(self.fresh_seconds)
        return med(self.redecide_seconds) / f if f else float("nan")

    def to_json(self) -> dict[str, Any]:
        return {"change": self.change.name, "rules": self.change.rules, "options": list(self.change.options),
                "target": self.change.target, "redecide_seconds": self.redecide_seconds,
                "fresh_seconds": self.fresh_seconds, "ratio": self.ratio,
                "redecided": {**self.redecided.__dict__, "sent": self.redecided.sent},
                "fresh": {**self.fresh.__dict__, "sent": self.fresh.sent},
                "identical": self.identical, "differences": self.differences}


@dataclass
class Base:
    rules: str
    out: Path  # the output directory every change starts from
    seconds: list[float]
    stats: dict[str, dict[str, Any]]
    work: KiwiWork
    sizes: dict[str, int]


def run_base(rules: str, corpus: Path, root: Path, common: list[str], repeats: int, keep: bool,
             t0: float) -> Base:
    seconds = []
    for r in range(repeats):
        out = root / f"{rules}_base" if r == 0 else root / f"{rules}_base_r{r}"
        log(f"{rules} base run {r + 1}/{repeats} ...", t0)
        seconds.append(prepare(corpus, out, [*common, *RULE_SETS[rules]], root / f"{out.name}.log"))
        if r and not keep:
            shutil.rmtree(out, ignore_errors=True)
    out = root / f"{rules}_base"
    return Base(rules, out, seconds, batch_stats(out), kiwi_work(out), side_file_sizes(out))


def run_change(change: Change, base: Base, corpus: Path, root: Path, common: list[str], repeats: int,
               keep: bool, t0: float) -> Result:
    res = Result(change)
    options = [*common, *RULE_SETS[change.rules], *change.options]
    slug = "".join(ch if ch.isalnum() else "_" for ch in change.name.lower())
    noop = not change.options
    for r in range(repeats):
        redecided, fresh = root / f"{slug}_redecided_r{r}", root / f"{slug}_fresh_r{r}"
        # alternate which goes first, so drift in the machine's load hits both alike
        order = ("redecide", "fresh") if r % 2 == 0 else ("fresh", "redecide")
        for what in order:
            if what == "redecide":
                shutil.copytree(base.out, redecided, symlinks=True)
                log(f"{change.name}: re-decide {r + 1}/{repeats} ...", t0)
                res.redecide_seconds.append(prepare(corpus, redecided, options, root / f"{redecided.name}.log"))
            elif not noop:
                log(f"{change.name}: fresh {r + 1}/{repeats} ...", t0)
                res.fresh_seconds.append(prepare(corpus, fresh, options, root / f"{fresh.name}.log"))
        if noop:
            fresh = base.out  # a fresh run with the base's settings is the base run
        if r == 0:
            res.redecided = kiwi_work(redecided, base.stats)
            res.fresh = kiwi_work(fresh)
        for d in compare(redecided, fresh):
            if d not in res.differences:
                res.differences.append(f"repeat {r + 1}: {d}" if repeats > 1 else d)
        if not keep:
            shutil.rmtree(redecided, ignore_errors=True)
            if not noop:
                shutil.rmtree(fresh, ignore_errors=True)
    if noop:
        res.fresh_seconds = list(base.seconds)
    return res


def chosen(change: Change, words: str) -> bool:
    wanted = [w.strip().lower() for w in words.split(",") if w.strip()]
    return not wanted or any(w in change.name.lower() for w in wanted)


# --- report -------------------------------------------------------------------------------------


def table(rows: list[list[str]]) -> str:
    widths = [max(len(r[i]) for r in rows) for i in range(len(rows[0]))]

    def line(r: list[str]) -> str:
        return "| " + " | ".join(c.ljust(w) if i == 0 else c.rjust(w)
                                 for i, (c, w) in enumerate(zip(r, widths, strict=True))) + " |"

    return "\n".join([line(rows[0]), "|" + "|".join("-" * (w + 2) for w in widths) + "|",
                      *(line(r) for r in rows[1:])])


def pct(a: float, b: float) -> str:
    return f"{a / b:.1%}" if b else "-"


def result_rows(results: list[Result], documents: int) -> list[list[str]]:
    rows = [["change", "options", "Kiwi docs again", "of corpus", "of fresh Kiwi docs",
             "Kiwi chars re-decide / fresh", "re-decide s", "fresh s", "ratio", "target", "filter s re / fresh",
             "identical"]]
    for r in results:
        re_, fr = r.redecided, r.fresh
        ratio = r.ratio
        target = "-"
        if r.change.target is not None:
            ok = "?" if math.isnan(ratio) else ("yes" if ratio <= r.change.target else "NO")
            target = f"≤ {r.change.target:g}× {ok}"
        rows.append([
            r.change.name, " ".join(r.change.options) or "(same)", f"{re_.sent:,}", pct(re_.sent, documents),
            pct(re_.sent, fr.kiwi_docs),
            f"{re_.kiwi_chars:,} / {fr.kiwi_chars:,} ({pct(re_.kiwi_chars, fr.kiwi_chars)})",
            f"{med(r.redecide_seconds):.1f}", f"{med(r.fresh_seconds):.1f}", f"{ratio:.2f}×", target,
            f"{re_.filter_seconds:.1f} / {fr.filter_seconds:.1f}", "yes" if r.identical else "NO",
        ])
    return rows


def size_rows(bases: list[Base]) -> list[list[str]]:
    rows = [["base run", "documents", "file", "bytes", "bytes/doc", "of batch parquets", "of work/filter"]]
    for b in bases:
        s = b.sizes
        for kind, label in (("values", "values_*.parquet"), ("rejected", "rejected_*.parquet (examples)"),
                            ("batch_parquets", "batch_*.parquet (kept rows)")):
            rows.append([b.rules, f"{s['documents']:,}", label, f"{s[kind]:,}",
                         f"{s[kind] / max(1, s['documents']):.2f}", pct(s[kind], s["batch_parquets"]),
                         pct(s[kind], s["work_filter"])])
    return rows


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--docs", type=int, default=20000, help="documents in the bench corpus (default 20000)")
    ap.add_argument("--workers", type=int, default=2)
    ap.add_argument("--batches", type=int, default=8, help="filter batches the corpus is cut into (default 8)")
    ap.add_argument("--batch-docs", type=int, default=None, help="documents per batch (default: --docs / --batches)")
    ap.add_argument("--repeats", type=int, default=1, help="timed runs of each kind; medians are shown (default 1)")
    ap.add_argument("--seq-len", type=int, default=2048)
    ap.add_argument("--seed", type=int, default=0, help="corpus seed")
    ap.add_argument("--rule-sets", default="v2,llm",
                    help="which base runs and their changes (default v2,llm; llm with Kiwi words is the slow one)")
    ap.add_argument("--changes", default="",
                    help="only the changes whose name contains one of these comma-separated words (default: all)")
    ap.add_argument("--keep-rejected", type=int, default=None,
                    help="--keep-rejected of every run (default: corefprep's, 3)")
    ap.add_argument("--corefprep-args", default="", help="extra options for every corefprep invocation")
    ap.add_argument("--work-dir", type=Path, default=None, help="where runs go (default: a temp dir)")
    ap.add_argument("--keep", action="store_true", help="keep every run directory")
    ap.add_argument("--json", type=Path, default=None, help="also write the results here")
    ap.add_argument("--shared", default=None, help="shared dir with tools/make_bench_corpus.py "
                                                   "(default: $COREFPREP_SHARED or <repo>/../shared)")
    a = ap.parse_args(argv)
    sets = [s.strip() for s in a.rule_sets.split(",") if s.strip()]
    if a.docs < 1 or a.workers < 1 or a.repeats < 1 or a.batches < 1:
        ap.error("--docs, --workers, --batches and --repeats must be at least 1")
    if not sets or set(sets) - set(RULE_SETS):
        ap.error(f"--rule-sets: choose among {', '.join(RULE_SETS)}")
    shared = locate_shared(a.shared)
    if shared is None:
        print("bench_retune: skipped — the shared directory with tools/make_bench_corpus.py was not found "
              "(set COREFPREP_SHARED or place it at <repo>/../shared)")
        return 0

    t0 = time.perf_counter()
    command = shlex.join([sys.executable, *sys.argv]) if argv is None else shlex.join(["bench_retune.py", *argv])
    info = machine_info()
    corpus = ensure_corpus(shared, a.docs, a.seed)
    batch_docs = a.batch_docs or -(-a.docs // a.batches)
    common = ["--workers", str(a.workers), "--no-progress", "--batch-docs", str(batch_docs), "--seq-len",
              str(a.seq_len), *(["--keep-rejected", str(a.keep_rejected)] if a.keep_rejected is not None else []),
              *shlex.split(a.corefprep_args)]
    if a.work_dir is not None:
        a.work_dir.mkdir(parents=True, exist_ok=True)
    root = Path(tempfile.mkdtemp(prefix="corefprep-bench-retune-", dir=a.work_dir))
    bases: list[Base] = []
    results: list[Result] = []
    try:
        for rules in sets:
            base = run_base(rules, corpus, root, common, a.repeats, a.keep, t0)
            bases.append(base)
            for change in (c for c in CHANGES if c.rules == rules and chosen(c, a.changes)):
                results.append(run_change(change, base, corpus, root, common, a.repeats, a.keep, t0))
    finally:
        if not a.keep:
            shutil.rmtree(root, ignore_errors=True)

    documents = bases[0].sizes["documents"]
    total = time.perf_counter() - t0
    v = info["versions"]
    print()
    print(f"command: {command}")
    print(f"machine: {info['cpu']}, {info['cores']} cores ({info['usable_cores']} usable), python {info['python']}, "
          f"kiwipiepy {v['kiwipiepy']}, corefprep {v['corefprep']} @ {info['commit']}; load average "
          f"{info['loadavg_start'][0]} at start")
    print(f"corpus: {corpus.name}: {documents:,} docs in {-(-documents // batch_docs)} batches of {batch_docs:,}; "
          f"{a.workers} workers; medians of {a.repeats} run(s) each")
    for b in bases:
        print(f"base {b.rules} ({' '.join(RULE_SETS[b.rules]) or 'defaults'}): {med(b.seconds):.1f}s, "
              f"{b.work.kiwi_docs:,} docs past the cheap rules, {b.work.kiwi_chars:,} chars analysed by Kiwi, "
              f"filter batches {b.work.filter_seconds:.1f}s")
    print()
    print(table(result_rows(results, documents)))
    print()
    print("Kiwi docs again: documents past the cheap rules that the re-decide run could not decide from the "
          "recorded values (kiwi_docs - decided_from_values over the batches it computed). Wall times: the "
          "whole `corefprep prepare` (start-up, Kiwi load, later stages). filter s: the batches' own seconds. "
          "identical: batch parquets byte for byte, every verdict, dedup signatures, final dataset digest.")
    print()
    print(table(size_rows(bases)))
    for r in results:
        if r.differences:
            print()
            print(f"NOT identical: {r.change.name} ({' '.join(r.change.options)}):")
            for d in r.differences:
                print(f"  - {d}")
    print(f"\ntotal bench time: {total:.0f}s" + (f"; runs kept in {root}" if a.keep else ""))
    if a.json:
        a.json.write_text(json.dumps({
            "command": command, "machine": info, "corpus": str(corpus), "documents": documents,
            "batch_docs": batch_docs, "workers": a.workers, "repeats": a.repeats,
            "bases": [{"rules": b.rules, "options": RULE_SETS[b.rules], "seconds": b.seconds,
                       "kiwi": b.work.__dict__, "sizes": b.sizes} for b in bases],
            "results": [r.to_json() for r in results], "total_seconds": total,
        }, indent=1, ensure_ascii=False, default=str))
    return 1 if any(r.differences for r in results) else 0


if __name__ == "__main__":
    sys.exit(main())
