#!/usr/bin/env python3
"""What ``--pii redact`` costs a ``--rules llm --objective clm`` run (issue 26: at most +5% wall).

The whole ``corefprep prepare`` (filter with Kiwi-word MinHash signing, dedup, clm tokenize and
pack), three ways, in rotating order, ``--repeats`` times each, on the same corpus and cores; the
fastest of each is compared:

* **before**: the commit before personal data was handled (``--before``, a temporary git
  worktree), which does no PII work at all;
* **off**: this checkout with ``--pii off``, which with a dedup signer still looks for personal data
  and signs such a document's redacted text too (so a later switch to redact needs no Kiwi);
* **redact**: this checkout with ``--pii redact``, the default of ``--rules llm``.

Every arm runs as ``python -m corefprep`` with its tree on ``PYTHONPATH``. Wall time and the CPU
seconds of the whole process tree (workers included) are both taken: on a shared VM the wall time
of one run varies by several percent, its CPU time much less. Then the personal-data work alone is
timed in this process on the redacting run's kept texts (finding spans in every one; redacting and
MinHash-signing both texts of those with spans), as a share of the run's CPU. Two corpora:

* the bench corpus (``bench.py``'s, real Korean documents), which holds little personal data;
* the same corpus with a contact line (a mobile number and an email, or a landline) appended to
  every ``--rich-every``-th document: the worst case for redaction's one extra cost, which is
  Kiwi analysing the redacted text of a kept document that holds personal data, for its dedup
  signature.

After the runs, the kept texts of the two choices are compared: equal for every document the
redacting run found nothing in, and equal outside the spans for the others.

    python benchmarks/bench_pii_cost.py --docs 5000 --workers 2 --repeats 2   # make bench-pii
"""

from __future__ import annotations

import argparse
import io
import random
import resource
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import orjson
import pyarrow.parquet as pq
import zstandard

sys.path.insert(0, str(Path(__file__).resolve().parent))
from bench import ensure_corpus  # noqa: E402
from common import locate_shared  # noqa: E402
from compare_commits import add_worktree, child_env, remove_worktree  # noqa: E402

REPO = Path(__file__).resolve().parents[1]
ARMS = ("before", "off", "redact")


def rich_copy(corpus: Path, every: int, seed: int) -> Path:
    """The corpus with a line of made-up contact details appended to every ``every``-th document."""
    out = corpus.with_name(corpus.name.replace(".jsonl.zst", f"_pii{every}.jsonl.zst"))
    if out.exists():
        return out
    rng = random.Random(seed)
    lines = []
    with open(corpus, "rb") as raw:
        for i, line in enumerate(io.TextIOWrapper(zstandard.ZstdDecompressor().stream_reader(raw), encoding="utf-8")):
            rec = orjson.loads(line)
            if i % every == 0 and isinstance(rec.get("text"), str):
                n = rng.randrange(10**8)
                if i % (2 * every) == 0:
                    phone = f"010-{n // 10**4:04d}-{n % 10**4:04d}"
                    rec["text"] += f"\n문의: {phone} 또는 user{n % 997}@naver.com으로 연락 주세요."
                else:
                    rec["text"] += f"\n대표전화 02-{2000 + n % 7000}-{n % 10**4:04d} (평일 9시~18시)"
            lines.append(orjson.dumps(rec))
    out.write_bytes(zstandard.ZstdCompressor().compress(b"\n".join(lines) + b"\n"))
    return out


def run(corpus: Path, out: Path, arm: str, a: argparse.Namespace, before: Path) -> tuple[float, float]:
    shutil.rmtree(out, ignore_errors=True)
    cmd = [sys.executable, "-m", "corefprep", "prepare", str(corpus), "-o", str(out), "--rules", "llm", "--objective",
           "clm", "--workers", str(a.workers), "--no-progress", *([] if arm == "before" else ["--pii", arm])]
    t0, c0 = time.perf_counter(), _children_cpu()
    # the cwd holds no corefprep/ directory, which `python -m` would put ahead of PYTHONPATH
    subprocess.run(cmd, check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, cwd=out.parent,
                   env=child_env(before if arm == "before" else REPO))
    return time.perf_counter() - t0, _children_cpu() - c0


def _children_cpu() -> float:
    """CPU seconds of every finished descendant (a reaped worker's time counts in its parent's)."""
    r = resource.getrusage(resource.RUSAGE_CHILDREN)
    return r.ru_utime + r.ru_stime


def pii_work_seconds(out: Path) -> float:
    """CPU seconds of the personal-data work on the kept texts of ``out``, done here once more."""
    from corefprep.pii import find_pii, mask_text
    from corefprep.signatures.minhash import Signer

    signer = Signer("minhash", "kiwi")
    texts = list(kept(out).values())
    c0 = time.process_time()
    for i, text in enumerate(texts):
        spans = find_pii(text)
        if spans:  # the redacted text and its signature, and the other one (words read off the text)
            masked = mask_text(text, spans)
            for t in (text, masked):
                signer.sign(i, t, t.split())
    return time.process_time() - c0


def kept(out: Path) -> dict[int, str]:
    texts: dict[int, str] = {}
    for p in sorted((out / "work" / "filter").glob("batch_*.parquet")):
        t = pq.read_table(p, columns=["doc_index", "text"])
        texts.update(zip(t.column("doc_index").to_pylist(), t.column("text").to_pylist(), strict=True))
    return texts


def pii_docs(out: Path) -> tuple[int, dict[str, int]]:
    docs, kinds = 0, {}
    for p in sorted((out / "work" / "filter").glob("batch_*.json")):
        s = orjson.loads(p.read_bytes())
        docs += s.get("pii_docs", 0)
        for k, n in s.get("pii", {}).items():
            kinds[k] = kinds.get(k, 0) + n
    return docs, kinds


def compare(off: Path, redact: Path) -> str:
    """Kept texts equal where nothing was found, and equal outside the redacted characters elsewhere."""
    a, b = kept(off), kept(redact)
    if a.keys() != b.keys():
        return f"DIFFERENT kept sets ({len(a)} vs {len(b)})"
    changed = [i for i in a if a[i] != b[i]]
    bad = [i for i in changed if len(a[i]) != len(b[i])
           or any(x != y and not (x.isalnum() and y in "0x０ｘ") for x, y in zip(a[i], b[i], strict=True))]
    found, _ = pii_docs(redact)
    return (f"{len(a) - len(changed):,} of {len(a):,} kept texts byte-identical, {len(changed):,} redacted "
            f"({found:,} with personal data found), {len(bad)} changed outside a redaction")


def measure(name: str, corpus: Path, a: argparse.Namespace, tmp: Path, before: Path) -> dict[str, object]:
    times: dict[str, list[float]] = {arm: [] for arm in ARMS}
    cpu: dict[str, list[float]] = {arm: [] for arm in ARMS}
    for r in range(a.repeats):
        for arm in ARMS[r % 3:] + ARMS[:r % 3]:  # each arm first in turn: none always runs on a cold cache
            wall, used = run(corpus, tmp / f"{name}-{arm}", arm, a, before)
            times[arm].append(wall)
            cpu[arm].append(used)
            print(f"  {name} {arm}: {wall:.1f}s wall, {used:.1f}s CPU", file=sys.stderr, flush=True)
    docs, kinds = pii_docs(tmp / f"{name}-redact")
    return {"corpus": name, "wall": {m: min(t) for m, t in times.items()}, "cpu": {m: min(t) for m, t in cpu.items()},
            "pii_docs": docs, "kinds": kinds, "pii_work": pii_work_seconds(tmp / f"{name}-redact"),
            "check": compare(tmp / f"{name}-off", tmp / f"{name}-redact"), "all": {"wall": times, "cpu": cpu}}


def main() -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--docs", type=int, default=5000)
    p.add_argument("--workers", type=int, default=2)
    p.add_argument("--repeats", type=int, default=2)
    p.add_argument("--rich-every", type=int, default=5, help="a contact line in every N-th document of the rich corpus")
    p.add_argument("--seed", type=int, default=0)
    p.add_argument("--shared", default=None, help="the shared directory (default: $COREFPREP_SHARED or ../shared)")
    p.add_argument("--before", default="2a72350", help="the commit before personal data was handled")
    a = p.parse_args()
    shared = locate_shared(a.shared)
    if shared is None:
        print("skipped: the shared corpus tools are not there (../shared)", file=sys.stderr)
        return 0
    base = ensure_corpus(shared, a.docs, a.seed)
    corpora = {"bench": base, f"bench+pii/{a.rich_every}": rich_copy(base, a.rich_every, a.seed)}
    rows = []
    with tempfile.TemporaryDirectory(prefix="bench_pii_cost_") as tmp:
        before = Path(tmp) / "before-tree"
        add_worktree(REPO, a.before, before)
        try:
            for name, path in corpora.items():
                rows.append(measure(name.replace("/", "_"), path, a, Path(tmp), before))
        finally:
            remove_worktree(REPO, before)
    print(f"\ncorefprep prepare --rules llm --objective clm, {a.docs:,} documents, {a.workers} workers, fastest (wall) "
          f"and least (CPU) of {a.repeats}; before = {a.before}\n")
    print("| corpus | kept docs with personal data | measure | before | --pii off | --pii redact | redact / before "
          "| redact / off |")
    print("|---|---:|---|---:|---:|---:|---:|---:|")
    for r in rows:
        for measure_ in ("wall", "cpu"):
            m = r[measure_]
            print(f"| {r['corpus']} | {r['pii_docs']:,} | {measure_} (s) | {m['before']:.1f} | {m['off']:.1f} | "
                  f"{m['redact']:.1f} | {m['redact'] / m['before']:.3f}x | {m['redact'] / m['off']:.3f}x |")
    print()
    for r in rows:
        share = r["pii_work"] / r["cpu"]["redact"]
        print(f"{r['corpus']}: the personal-data work alone, timed in-process: {r['pii_work']:.2f} CPU s = "
              f"{share:.2%} of the redacting run's CPU")
    print()
    for r in rows:
        all_times = {k: {m: [round(x, 1) for x in v] for m, v in d.items()} for k, d in r["all"].items()}
        print(f"{r['corpus']}: {r['check']}; spans {r['kinds']}; all times {all_times}")
    return 0 if all("0 changed outside" in str(r["check"]) for r in rows) else 1


if __name__ == "__main__":
    sys.exit(main())
