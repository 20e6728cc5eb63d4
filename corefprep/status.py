"""`corefprep status`: what a work directory holds, batch by batch (SPEC section 3)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from .atomic import read_json
from .errors import CorefprepError
from .merge import COMPLETE_MARKER
from .workdir import WorkDir


def collect_status(output_dir: Path) -> dict[str, Any]:
    work = WorkDir(Path(output_dir))
    manifest = read_json(work.manifest)
    if manifest is None:
        raise CorefprepError(f"{output_dir} holds no corefprep run (no work/manifest.json); check the path")
    cfg = manifest.get("filter_config", {})
    total = cfg.get("total_docs", 0)
    batch_docs = cfg.get("batch_docs", 1) or 1
    num_batches = -(-total // batch_docs)
    cid = manifest.get("config_id")
    batches = []
    for k in range(num_batches):
        lo, hi = k * batch_docs, min((k + 1) * batch_docs, total)
        stats = read_json(work.batch_stats(k))
        failed = read_json(work.failed_marker(k))
        if stats and stats.get("config_id") == cid and work.batch_parquet(k).exists():
            state = "done"
        elif failed:
            state = "failed"
        else:
            state = "pending"
        row: dict[str, Any] = {"batch": k, "state": state, "start": lo, "end": hi}
        if state == "done" and stats:
            row.update({key: stats[key] for key in ("documents", "passed", "rejected", "malformed", "seconds",
                                                   "docs_per_s")})
        else:
            row.update({"documents": hi - lo, "passed": 0, "rejected": {}, "malformed": {}})
        if failed and state == "failed":
            row["error"] = failed.get("error")
        batches.append(row)
    done = [b for b in batches if b["state"] == "done"]
    rejected: dict[str, int] = {}
    malformed: dict[str, int] = {}
    for b in done:
        for r, n in b["rejected"].items():
            rejected[r] = rejected.get(r, 0) + n
        for r, n in b["malformed"].items():
            malformed[r] = malformed.get(r, 0) + n
    datasets = []
    for d in sorted(Path(output_dir).iterdir()):
        # hidden names are a merge in progress (.NAME.tmp-PID) or an old dataset being replaced
        # (.NAME.old-PID): never a dataset to hand to a trainer, even with a marker inside
        if d.name.startswith(".") or d.name == "work" or not d.is_dir():
            continue
        marker = read_json(d / COMPLETE_MARKER)
        if marker:
            datasets.append({"path": str(d), "num_samples": marker.get("num_samples")})
    return {
        "output_dir": str(output_dir),
        "inputs_documents": total,
        "batch_docs": batch_docs,
        "num_batches": num_batches,
        "done": len(done),
        "pending": sum(1 for b in batches if b["state"] == "pending"),
        "failed": sum(1 for b in batches if b["state"] == "failed"),
        "totals": {
            "documents": sum(b["documents"] for b in done),
            "passed": sum(b["passed"] for b in done),
            "rejected": dict(sorted(rejected.items())),
            "malformed": dict(sorted(malformed.items())),
        },
        "batches": batches,
        "datasets": datasets,
    }


def format_status(st: dict[str, Any]) -> str:
    lines = [f"{st['output_dir']}: {st['inputs_documents']:,} input documents in {st['num_batches']} batches of "
             f"{st['batch_docs']:,} — {st['done']} done, {st['pending']} pending, {st['failed']} failed"]
    lines.append(f"{'batch':>6} {'state':<8} {'docs':>10} {'passed':>9} {'pass%':>7} {'malformed':>9} {'docs/s':>9}")
    for b in st["batches"]:
        if b["state"] == "done":
            rate = b["passed"] / b["documents"] if b["documents"] else 0.0
            lines.append(f"{b['batch']:>6} {'done':<8} {b['documents']:>10,} {b['passed']:>9,} {rate:>7.1%} "
                         f"{sum(b['malformed'].values()):>9,} {b.get('docs_per_s') or 0:>9,.0f}")
        else:
            extra = f"  {b['error']}" if b.get("error") else ""
            blank = " " * 38
            lines.append(f"{b['batch']:>6} {b['state']:<8} {b['documents']:>10,} {blank}{extra}")
    t = st["totals"]
    lines.append(f"total: {t['documents']:,} documents done, {t['passed']:,} passed, "
                 f"{sum(t['rejected'].values()):,} rejected, {sum(t['malformed'].values()):,} malformed")
    if t["rejected"]:
        lines.append("rejected: " + ", ".join(f"{r} {n:,}" for r, n in sorted(t["rejected"].items(),
                                                                             key=lambda x: -x[1])))
    if t["malformed"]:
        lines.append("malformed: " + ", ".join(f"{r} {n:,}" for r, n in t["malformed"].items()))
    for d in st["datasets"]:
        lines.append(f"dataset: {d['path']} ({d['num_samples']:,} samples)")
    return "\n".join(lines)
