#!/usr/bin/env python3
"""corefprep's Korean PII detector against other projects' detectors (issue 26).

On ``benchmarks/pii/eval.jsonl`` (``pii/build_eval.py``: real Korean sentences with fake PII written
into them the ways web text writes it, and hard negatives), side by side:

* corefprep: ``corefprep.pii.find_pii``, in this interpreter;
* datatrove's ``PIIFormatter``, presidio-analyzer's pattern recognizers and Dolma's ``pii_regex_v1``,
  each in a virtualenv of its own (``setup_pii_venvs.sh``, created on first use) through
  ``pii_peers.py``, so corefprep's virtualenv never imports them;
* the Polyglot-Ko pipeline's rules, re-stated in ``pii_peers.py`` (no package ships them).

Per kind: precision and recall. A found span is right for kind K when it overlaps a gold span of
kind K; a peer's "phone" counts for whichever phone kind (mobile, landline) the gold span has, and
its precision is shown under both. A span on a positive record that overlaps no gold span of its
kind, and every span on a negative record, is a false positive. "—": the peer has no such kind.
Also the share of negative records left untouched (no span at all). Then, for corefprep, every miss
and every false positive with its context, the list to fix the detector from.

    python benchmarks/bench_pii.py          # what `make bench-pii` runs
"""

from __future__ import annotations

import argparse
import json
import os
import shlex
import subprocess
import sys
import time
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
EVAL = HERE / "pii" / "eval.jsonl"
PEERS_SCRIPT = HERE / "pii_peers.py"
SETUP = HERE / "setup_pii_venvs.sh"
KINDS = ("rrn", "mobile", "landline", "email", "ip", "card", "account")
PHONE_KINDS = ("mobile", "landline")
# peer -> the virtualenv whose python runs it (None: this interpreter; the re-statement needs nothing)
PEER_VENVS: dict[str, Path | None] = {"datatrove": HERE / ".venv-pii", "presidio": HERE / ".venv-pii",
                                      "dolma": HERE / ".venv-pii-dolma", "polyglot-ko": None}
# what each system reports, in corefprep's kinds ("phone": a phone number of either kind)
SYSTEM_KINDS: dict[str, set[str]] = {"corefprep": set(KINDS), "datatrove": {"email", "ip"},
                                     "presidio": {"rrn", "email", "ip", "card", "phone"},
                                     "dolma": {"email", "phone", "ip"},
                                     "polyglot-ko": {"email", "ip", "card", "rrn", "phone", "account"}}
# the targets for corefprep
RECALL_TARGET = {"rrn": 0.99, "mobile": 0.99, "email": 0.99}
NEG_TARGET = 0.99
# on the out-of-sample set (issue 36)
OOS_RECALL, OOS_PRECISION, OOS_LOOKALIKES = 0.97, 0.99, 0.995

Span = tuple[str, int, int]


def load(path: Path) -> list[dict]:
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines() if line.strip()]


# --- running the systems ----------------------------------------------------------------------------


def corefprep_spans(records: list[dict]) -> tuple[str, dict[str, list[Span]], float]:
    from corefprep.pii import DETECTORS_VERSION, find_pii

    t0 = time.perf_counter()
    out = {r["id"]: [(s.kind, s.start, s.end) for s in find_pii(r["text"])] for r in records}
    return f"corefprep (detectors {DETECTORS_VERSION})", out, time.perf_counter() - t0


def ensure_venvs() -> None:
    if not all((v / ".installed-v1").exists() for v in PEER_VENVS.values() if v is not None):
        print("setting up the peers' virtualenvs (once) ...", file=sys.stderr, flush=True)
        subprocess.run(["bash", str(SETUP)], check=True)


def peer_spans(peer: str, eval_path: Path) -> tuple[str, dict[str, list[Span]], float]:
    venv = PEER_VENVS[peer]
    python = str(venv / "bin" / "python") if venv is not None else sys.executable
    t0 = time.perf_counter()
    r = subprocess.run([python, str(PEERS_SCRIPT), peer, str(eval_path)], capture_output=True, text=True,
                       env={**os.environ, "PYTHONWARNINGS": "ignore"})
    seconds = time.perf_counter() - t0
    if r.returncode != 0:
        raise SystemExit(f"peer {peer} failed:\n{r.stderr[-3000:]}")
    d = json.loads(r.stdout)
    return d["version"], {k: [tuple(s) for s in v] for k, v in d["spans"].items()}, seconds


# --- scoring --------------------------------------------------------------------------------------


def fits(pred_kind: str, gold_kind: str) -> bool:
    return pred_kind == gold_kind or (pred_kind == "phone" and gold_kind in PHONE_KINDS)


def overlaps(a: Span | dict, b: Span | dict) -> bool:
    a_s, a_e = (a["start"], a["end"]) if isinstance(a, dict) else a[1:]
    b_s, b_e = (b["start"], b["end"]) if isinstance(b, dict) else b[1:]
    return a_s < b_e and b_s < a_e


@dataclass
class Score:
    name: str
    kinds: set[str]  # the kinds this system reports ("phone" stands for both phone kinds)
    gold: Counter = field(default_factory=Counter)  # gold spans per kind
    found: Counter = field(default_factory=Counter)  # gold spans per kind overlapped by a fitting span
    predicted: Counter = field(default_factory=Counter)  # predicted spans per predicted kind
    right: Counter = field(default_factory=Counter)  # of those, overlapping a gold span they fit
    negatives: int = 0
    untouched: int = 0
    decoys: int = 0  # look-alikes annotated in the records (the out-of-sample set has them)
    decoys_untouched: int = 0  # of those, overlapped by no span of the system
    misses: list[tuple[dict, dict]] = field(default_factory=list)  # (record, gold span)
    false_pos: list[tuple[dict, Span]] = field(default_factory=list)  # (record, predicted span)

    def covers(self, kind: str) -> bool:
        return kind in self.kinds or (kind in PHONE_KINDS and "phone" in self.kinds)

    def pred_kind(self, kind: str) -> str:
        return "phone" if kind in PHONE_KINDS and "phone" in self.kinds else kind

    def precision(self, kind: str) -> float | None:
        k = self.pred_kind(kind)
        return self.right[k] / self.predicted[k] if self.predicted[k] else None

    def recall(self, kind: str) -> float | None:
        return self.found[kind] / self.gold[kind] if self.gold[kind] else None

    def f1(self, kind: str) -> float:
        p, r = self.precision(kind) or 0.0, self.recall(kind) or 0.0
        return 2 * p * r / (p + r) if p + r else 0.0

    @property
    def neg_untouched(self) -> float:
        return self.untouched / self.negatives if self.negatives else float("nan")

    @property
    def lookalikes_untouched(self) -> float:
        return self.decoys_untouched / self.decoys if self.decoys else float("nan")


def score(name: str, kinds: set[str], records: list[dict], spans: dict[str, list[Span]]) -> Score:
    sc = Score(name, kinds)
    for r in records:
        pred = spans.get(r["id"], [])
        gold = r["spans"]
        if r["label"] == "neg":
            sc.negatives += 1
            sc.untouched += not pred
        for d in r.get("decoys", ()):
            sc.decoys += 1
            sc.decoys_untouched += not any(overlaps(p, d) for p in pred)
        for g in gold:
            sc.gold[g["kind"]] += 1
            if any(fits(p[0], g["kind"]) and overlaps(p, g) for p in pred):
                sc.found[g["kind"]] += 1
            elif sc.covers(g["kind"]):
                sc.misses.append((r, g))
        for p in pred:
            sc.predicted[p[0]] += 1
            if any(fits(p[0], g["kind"]) and overlaps(p, g) for g in gold):
                sc.right[p[0]] += 1
            else:
                sc.false_pos.append((r, p))
    return sc


# --- report ---------------------------------------------------------------------------------------


def table(rows: list[tuple[str, ...]]) -> str:
    widths = [max(len(r[i]) for r in rows) for i in range(len(rows[0]))]
    lines = ["| " + " | ".join(c.ljust(w) for c, w in zip(r, widths, strict=True)) + " |" for r in rows]
    lines.insert(1, "|" + "|".join("-" * (w + 2) for w in widths) + "|")
    return "\n".join(lines)


def fmt(x: float | None) -> str:
    return "—" if x is None else f"{x:.3f}"


def cell(sc: Score, kind: str) -> str:
    if not sc.covers(kind):
        return "—"
    p = fmt(sc.precision(kind)) if sc.predicted[sc.pred_kind(kind)] else "n/a"
    return f"{p} / {fmt(sc.recall(kind))}"


def excerpt(text: str, start: int, end: int, width: int = 30) -> str:
    head = ("…" if start > width else "") + text[max(0, start - width):start]
    tail = text[end:end + width] + ("…" if end + width < len(text) else "")
    return (head + "⟦" + text[start:end] + "⟧" + tail).replace("\n", " ")


def targets(ours: Score, peers: list[Score]) -> list[tuple[str, str, str, str]]:
    rows = []
    for kind, t in RECALL_TARGET.items():
        r = ours.recall(kind) or 0.0
        rows.append((f"corefprep recall, {kind}", f"{r:.3f}", f"≥ {t}", "yes" if r >= t else "NO"))
    rows.append(("corefprep negatives untouched", f"{ours.neg_untouched:.3f}", f"≥ {NEG_TARGET}",
                 "yes" if ours.neg_untouched >= NEG_TARGET else "NO"))
    for kind in KINDS:
        behind = [f"{p.name} {p.f1(kind):.3f}" for p in peers if p.covers(kind) and p.f1(kind) >= ours.f1(kind)]
        rows.append((f"corefprep F1 ahead of every peer, {kind}", f"{ours.f1(kind):.3f}", "> each peer",
                     "yes" if not behind else "NO (" + ", ".join(behind) + ")"))
    return rows


def targets_oos(ours: Score) -> list[tuple[str, str, str, str]]:
    """Issue 36's targets on the out-of-sample set: recall >= 0.97 and precision >= 0.99 per kind,
    and >= 99.5% of the look-alikes untouched."""
    rows = []
    for kind in KINDS:
        r, p = ours.recall(kind) or 0.0, ours.precision(kind) or 0.0
        rows.append((f"corefprep recall, {kind}", f"{r:.3f}", f"≥ {OOS_RECALL}", "yes" if r >= OOS_RECALL else "NO"))
        rows.append((f"corefprep precision, {kind}", f"{p:.3f}", f"≥ {OOS_PRECISION}",
                     "yes" if p >= OOS_PRECISION else "NO"))
    rows.append(("corefprep look-alikes untouched", f"{ours.lookalikes_untouched:.4f}", f"≥ {OOS_LOOKALIKES}",
                 "yes" if ours.lookalikes_untouched >= OOS_LOOKALIKES else "NO"))
    return rows


def misses_by_form(ours: Score) -> list[tuple[str, str, str]]:
    """The misses counted by how the value was written (the part of its form after the kind)."""
    forms: Counter[tuple[str, str]] = Counter()
    for r, g in ours.misses:
        parts = r["form"].split("+")  # one form per value, in the order of the spans
        form = (parts[r["spans"].index(g)] if len(parts) == len(r["spans"]) else
                next((f for f in parts if f.startswith(g["kind"] + "/")), g["kind"]))
        forms[(g["kind"], form.split("/")[-1])] += 1
    return [(kind, how, str(n)) for (kind, how), n in forms.most_common()]


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description="corefprep's Korean PII detector against datatrove, presidio, "
                                             "Dolma and Polyglot-Ko's rules")
    ap.add_argument("--eval", type=Path, default=EVAL, help="evaluation set (default benchmarks/pii/eval.jsonl)")
    ap.add_argument("--peers", default=",".join(PEER_VENVS), help="comma-separated peers to run (default: all)")
    ap.add_argument("--out-json", type=Path, default=HERE / ".cache" / "pii.json",
                    help="write the numbers here (default benchmarks/.cache/pii.json)")
    a = ap.parse_args(argv)
    command = shlex.join(["python", "benchmarks/bench_pii.py", *(sys.argv[1:] if argv is None else argv)])
    records = load(a.eval)
    peers = [p for p in a.peers.split(",") if p]
    if unknown := sorted(set(peers) - set(PEER_VENVS)):
        ap.error(f"--peers: unknown {', '.join(unknown)}; choose from {', '.join(PEER_VENVS)} (corefprep always runs)")
    if any(PEER_VENVS[p] is not None for p in peers):
        ensure_venvs()

    runs = [corefprep_spans(records)] + [peer_spans(p, a.eval) for p in peers]
    scores = [score(key, SYSTEM_KINDS[key], records, spans)
              for (_, spans, _), key in zip(runs, ["corefprep", *peers], strict=True)]
    ours, others = scores[0], scores[1:]

    labels = Counter(r["label"] for r in records)
    print(f"\n{command}\n{a.eval.name}: {len(records)} records ({labels['pos']} positive, {labels['neg']} negative); "
          f"gold spans {dict(ours.gold)}\n")
    for (name, _, seconds), sc in zip(runs, scores, strict=True):
        print(f"  {sc.name:12s} {name} ({seconds:.1f}s)")
    print("\nprecision / recall per kind (a peer's phone precision is one number, shown under both phone kinds):\n")
    rows = [("kind", *(s.name for s in scores))]
    for kind in KINDS:
        rows.append((kind, *(cell(s, kind) for s in scores)))
    rows.append(("negatives untouched", *(f"{s.neg_untouched:.3f} ({s.untouched}/{s.negatives})" for s in scores)))
    oos = ours.decoys > 0
    if oos:
        rows.append(("look-alikes untouched", *(f"{s.lookalikes_untouched:.4f} ({s.decoys_untouched}/{s.decoys})"
                                                for s in scores)))
    print(table(rows))
    goals = targets_oos(ours) if oos else targets(ours, others)
    print(f"\ntargets ({'issue 36, out of sample' if oos else 'issue 26'}):\n")
    print(table([("target", "value", "wanted", "ok"), *goals]))
    if ours.misses:
        print("\ncorefprep misses by how the value was written:\n")
        print(table([("kind", "written as", "misses"), *misses_by_form(ours)]))

    print(f"\ncorefprep misses ({len(ours.misses)}):")
    for r, g in ours.misses:
        print(f"  {r['id']:28s} {r['form']:45s} {excerpt(r['text'], g['start'], g['end'])}")
    print(f"\ncorefprep false positives ({len(ours.false_pos)}):")
    for r, p in ours.false_pos:
        print(f"  {r['id']:28s} {r['form']:45s} {p[0]:8s} {excerpt(r['text'], p[1], p[2])}")

    res: dict[str, Any] = {"command": command, "eval": str(a.eval.relative_to(HERE.parent)) if a.eval.is_relative_to(
        HERE.parent) else str(a.eval), "records": len(records), "positives": labels["pos"], "negatives": labels["neg"],
        "gold_spans": dict(ours.gold), "systems": {}}
    for (name, _, seconds), sc in zip(runs, scores, strict=True):
        res["systems"][sc.name] = {
            "version": name, "seconds": seconds,
            "kinds": {k: {"precision": sc.precision(k), "recall": sc.recall(k), "f1": sc.f1(k)}
                      for k in KINDS if sc.covers(k)},
            "negatives_untouched": sc.neg_untouched,
            "lookalikes_untouched": sc.lookalikes_untouched if sc.decoys else None,
            "false_positives": len(sc.false_pos), "misses": len(sc.misses)}
    res["corefprep_misses"] = [{"id": r["id"], "form": r["form"], "kind": g["kind"], "value": g["value"]}
                               for r, g in ours.misses]
    res["corefprep_false_positives"] = [{"id": r["id"], "form": r["form"], "kind": p[0], "text": r["text"][p[1]:p[2]]}
                                        for r, p in ours.false_pos]
    res["targets"] = [dict(zip(("target", "value", "wanted", "ok"), t, strict=True)) for t in goals]
    a.out_json.parent.mkdir(parents=True, exist_ok=True)
    a.out_json.write_text(json.dumps(res, indent=2, ensure_ascii=False), encoding="utf-8")
    print(f"\nnumbers in {a.out_json}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
