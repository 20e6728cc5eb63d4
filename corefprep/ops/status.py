"""`corefprep status`: what an output directory holds and how far its run is (SPEC section 3).

The summary comes first: batches done / pending / failed, documents passed and rejected with the
main reasons, quarantined documents, the filter's speed over the finished batches and the time
the pending ones need at that speed, whether a run holds the directory now, and the state of the
later stages (samples chunks, tokenized chunks, final datasets). Batches are listed one per line
only when asked (``--batches``) or when they failed; ``--json`` always carries the full list.

Everything here reads small JSON records and directory listings: no parquet file is opened or
hashed, so status stays quick on thousands of batches.
"""

from __future__ import annotations

import calendar
import time
from pathlib import Path
from typing import Any

import psutil

from ..core.atomic import read_json
from ..core.errors import CorefprepError
from ..core.manifest import read_manifest
from ..core.plural import count, noun
from ..core.workdir import WorkDir
from ..dedup.result import REASONS, read_summary
from ..filter.records import BatchCpu
from ..filter.stats import describe_pii, read_stats
from ..output.markers import COMPLETE_MARKER, list_outputs
from ..run.remote import store_holder, view
from ..store.lock import LEASE_SECONDS, describe_holder, lock_is_live, read_lock_holder

TOP_REASONS = 6  # rejection reasons named in the summary line (the JSON has them all)
# The parts of the filter's CPU (BatchCpu), as the cpu line names them: the workers' first, then
# the reading process's
CPU_PARTS = (("kiwi", "inside Kiwi"), ("rules", "rule code"), ("sign", "signing kept documents"),
             ("between", "workers' IPC"), ("read", "reading inputs"), ("cheap", "cheap rules"),
             ("handoff", "handing out documents"), ("write", "writing batches"))
BATCH_FIELDS = ("documents", "passed", "rejected", "malformed", "seconds", "docs_per_s", "kiwi_docs",
                "redecided_from", "decided_from_values", "pii_mode", "pii", "pii_docs")


# --- collecting -----------------------------------------------------------------------------


def collect_status_of(where: Path | str) -> dict[str, Any]:
    """:func:`collect_status` of a local output directory, or of one on a store (a local copy of it
    brought up to date, the run on it read off the store's lease)."""
    if not isinstance(where, str):
        return collect_status(where)
    local = view(where)
    try:
        st = _renamed(collect_status(local), str(local), where)
    except CorefprepError as exc:
        raise CorefprepError(str(exc).replace(str(local), where)) from None
    holder = store_holder(where)
    if holder is not None:
        st["run"] = _store_run(holder)
    return st


def _store_run(holder: dict[str, Any]) -> dict[str, Any]:
    """The run holding a store's lease, as status shows it. On this host its process says whether
    it lives; a run on another host is judged by the age of its last renewal, read with that host's
    clock: an estimate for the operator only (a run that takes a lease over watches it instead)."""
    refreshed, here = holder.pop("refreshed", None), holder.pop("here", False)
    lease = float(holder.pop("lease_seconds", LEASE_SECONDS))
    age = time.time() - refreshed if isinstance(refreshed, int | float) else lease
    live = psutil.pid_exists(holder["pid"]) if here and isinstance(holder.get("pid"), int) else age < lease
    return {"live": live, "stale_lock": not live, "refreshed_s_ago": round(max(0.0, age), 1), **holder}


def _renamed(value: Any, old: str, new: str) -> Any:
    """``value`` with every string that starts with ``old`` starting with ``new`` instead."""
    if isinstance(value, str):
        return new + value[len(old):] if value.startswith(old) else value
    if isinstance(value, dict):
        return {k: _renamed(v, old, new) for k, v in value.items()}
    if isinstance(value, list):
        return [_renamed(v, old, new) for v in value]
    return value


def collect_status(output_dir: Path) -> dict[str, Any]:
    output_dir = Path(output_dir)
    work = WorkDir(output_dir)
    manifest = read_manifest(work)
    if manifest is None:
        raise CorefprepError(f"{output_dir} holds no corefprep run (no work/manifest.json); check the path")
    total, batch_docs, num_batches = manifest.total_docs, manifest.batch_docs, manifest.num_batches
    shas: dict[int, str] = {}
    batches = batch_rows(work, manifest.config_id, total, batch_docs, num_batches, shas)
    done = [b for b in batches if b["state"] == "done"]
    pending = [b for b in batches if b["state"] != "done"]
    dedup = dedup_state(work, shas, done)
    totals = _totals(done)
    rate = filter_rate(done)
    live = lock_is_live(work)
    stages = later_stages(work, batches)
    return {
        "output_dir": str(output_dir),
        "inputs_documents": total,
        "batch_docs": batch_docs,
        "num_batches": num_batches,
        "done": len(done),
        "pending": sum(1 for b in batches if b["state"] == "pending"),
        "failed": sum(1 for b in batches if b["state"] == "failed"),
        "totals": totals,
        "pass_rate": round(totals["passed"] / totals["documents"], 6) if totals["documents"] else None,
        "quarantined": sum(b.get("quarantined", 0) for b in done),
        "redecided": {"batches": sum(1 for b in done if b.get("redecided_from")),
                      "documents": sum(b["kiwi_docs"] for b in done if b.get("redecided_from")),
                      "from_values": sum(b.get("decided_from_values", 0) for b in done if b.get("redecided_from")),
                      "pending": sum(1 for b in pending if b.get("earlier") == "redecide"),
                      "pending_afresh": sum(1 for b in pending if b.get("earlier") == "recompute")},
        "quarantine_file": str(work.quarantine),
        "filter_seconds": rate["seconds"],
        "docs_per_s": rate["docs_per_s"],
        "cpu": cpu_state(done),
        "pending_documents": sum(b["documents"] for b in pending),
        "eta_seconds": eta_seconds(sum(b["documents"] for b in pending), rate["docs_per_s"]),
        "run": run_state(work, live),
        "batches": batches,
        "stages": {**stages, "dedup": dedup},
        # complete datasets, as trainers see them (the details are in stages.datasets)
        "datasets": [{"path": d["path"], "num_samples": d["num_samples"], "kind": d["kind"]} for d in stages["datasets"]
                     if d["complete"]],
    }


def batch_rows(work: WorkDir, config_id: str | None, total: int, batch_docs: int,
               num_batches: int, shas: dict[int, str] | None = None) -> list[dict[str, Any]]:
    """One record per batch: done (stats under this config and a parquet beside them), failed (a
    failure marker) or pending. Only existence is checked; `prepare` verifies hashes on resume."""
    rows = []
    for k in range(num_batches):
        lo, hi = k * batch_docs, min((k + 1) * batch_docs, total)
        stats = read_stats(work, k)
        failed = read_json(work.failed_marker(k))
        if stats is not None and stats.config_id == config_id and work.batch_parquet(k).exists():
            state = "done"
        elif failed:
            state = "failed"
        else:
            state = "pending"
        row: dict[str, Any] = {"batch": k, "state": state, "start": lo, "end": hi}
        if stats is not None and state == "done":
            row.update({key: getattr(stats, key) for key in BATCH_FIELDS})
            row["quarantined"] = len(stats.quarantined)
            row["engine"] = stats.engine
            row["finished_at"] = stats.finished_at
            row["cpu"] = stats.cpu.to_json()
            if shas is not None:
                shas[k] = stats.parquet_sha256
        else:
            row.update({"documents": hi - lo, "passed": 0, "rejected": {}, "malformed": {}, "pii": {}, "pii_docs": 0})
            if stats is not None and work.batch_parquet(k).exists():
                # decided before under other settings: the next run re-decides it from its recorded
                # values (computes it afresh when it has none: an older corefprep made it)
                row["earlier"] = "redecide" if stats.values_sha256 else "recompute"
        if state == "failed":
            row["error"] = failed.get("error")
            row["attempts"] = failed.get("attempts")
        rows.append(row)
    return rows


def dedup_state(work: WorkDir, shas: dict[int, str], done: list[dict[str, Any]]) -> dict[str, Any] | None:
    """The dedup result, when there is one. When it was made from exactly the finished batches, the
    documents it removed count as rejected (duplicate_exact, duplicate_near) in those batches and
    in the totals, so passed + rejected + malformed still adds up to the documents read."""
    s = read_summary(work)
    if s is None:
        return None
    made_from = {int(k): v.get("parquet_sha256") for k, v in s.batches.items()}
    current = made_from == shas and len(done) == len(made_from)
    out = {"mode": s.mode, "settings": s.settings, "documents": s.documents, "removed": s.removed,
           "by_reason": s.by_reason, "cluster_sizes": s.cluster_sizes, "against": s.against,
           "removed_file": s.removed_file, "up_to_date": current, "unsigned_near": s.unsigned_near,
           "unsigned_near_docs": s.unsigned_near_docs}
    if current:
        per = s.batches
        for b in done:
            for reason in REASONS:
                n = int(per.get(str(b["batch"]), {}).get(reason, 0))
                if n:
                    b["passed"] -= n
                    b["rejected"] = dict(sorted({**b["rejected"], reason: n}.items()))
    return out


def _totals(done: list[dict[str, Any]]) -> dict[str, Any]:
    rejected: dict[str, int] = {}
    malformed: dict[str, int] = {}
    pii: dict[str, int] = {}
    for b in done:
        for r, n in b["rejected"].items():
            rejected[r] = rejected.get(r, 0) + n
        for r, n in b["malformed"].items():
            malformed[r] = malformed.get(r, 0) + n
        for r, n in b.get("pii", {}).items():
            pii[r] = pii.get(r, 0) + n
    return {
        "documents": sum(b["documents"] for b in done),
        "passed": sum(b["passed"] for b in done),
        "rejected": dict(sorted(rejected.items())),
        "malformed": dict(sorted(malformed.items())),
        "pii": dict(sorted(pii.items())),
        "pii_docs": sum(b.get("pii_docs", 0) for b in done),
        "pii_modes": sorted({b["pii_mode"] for b in done if b.get("pii_mode")}),
    }


def _epoch(stamp: str | None) -> float | None:
    try:
        return float(calendar.timegm(time.strptime(stamp or "", "%Y-%m-%dT%H:%M:%SZ")))
    except ValueError:
        return None


def filter_rate(done: list[dict[str, Any]]) -> dict[str, float | None]:
    """Documents per second of filtering over the finished batches.

    The local engine runs one batch at a time, so its batches' seconds add up. Ray runs several at
    once: there the time is the union of the batches' [finished - seconds, finished] intervals,
    so overlapping batches count once. Time between runs never counts."""
    seconds = 0.0
    intervals: list[tuple[float, float]] = []
    for b in done:
        s = float(b.get("seconds") or 0.0)
        end = _epoch(b.get("finished_at"))
        if b.get("engine") == "ray" and end is not None:
            intervals.append((end - s, end))
        else:
            seconds += s
    intervals.sort()
    cur_lo = cur_hi = None
    for lo, hi in intervals:
        if cur_hi is None or lo > cur_hi:
            if cur_hi is not None:
                seconds += cur_hi - cur_lo  # type: ignore[operator]
            cur_lo, cur_hi = lo, hi
        else:
            cur_hi = max(cur_hi, hi)
    if cur_hi is not None:
        seconds += cur_hi - cur_lo  # type: ignore[operator]
    docs = sum(b["documents"] for b in done)
    return {"seconds": round(seconds, 3), "docs_per_s": round(docs / seconds, 1) if seconds > 0 and docs else None}


def cpu_state(done: list[dict[str, Any]]) -> dict[str, Any] | None:
    """Where the finished batches' CPU seconds went, summed (None when no batch recorded it: a
    batch finished by an older corefprep has no ``cpu``; such batches are left out of the sums)."""
    recorded = [c for c in (BatchCpu.from_json(b.get("cpu")) for b in done) if c.total > 0]
    if not recorded:
        return None
    cpu = BatchCpu.summed(recorded)
    return {"batches": len(recorded), "seconds": round(cpu.total, 3),
            **{name: round(getattr(cpu, name), 3) for name, _ in CPU_PARTS}}


def eta_seconds(pending_docs: int, docs_per_s: float | None) -> float | None:
    if pending_docs == 0:
        return 0.0
    if not docs_per_s:
        return None
    return round(pending_docs / docs_per_s, 1)


def run_state(work: WorkDir, live: dict[str, Any] | None) -> dict[str, Any]:
    """Is a run holding the directory now? Else what the lock file (a killed run's) or the record
    of the last run say."""
    if live is not None:
        return {"live": True, **live}
    holder = read_lock_holder(work)
    if holder is not None:
        return {"live": False, "stale_lock": True, **holder}
    last = read_json(work.run_record) or {}
    return {"live": False, "stale_lock": False,
            **{k: last[k] for k in ("pid", "host", "started", "command") if k in last}}


def later_stages(work: WorkDir, batches: list[dict[str, Any]]) -> dict[str, Any]:
    return {"samples": samples_state(work, batches), "tokenized": tokenized_state(work),
            "datasets": list_outputs(work.output_dir)}


def samples_state(work: WorkDir, batches: list[dict[str, Any]]) -> dict[str, Any] | None:
    """Sample chunks written so far; the index is written when the stage ends, so chunks without
    an index (or an index older than a filter batch) mean the stage must run (again)."""
    d = work.samples_dir
    if not d.is_dir():
        return None
    metas = sorted(p for p in d.glob("chunk_*.json") if not p.name.startswith("."))
    index_path = d / "index.json"
    index = read_json(index_path)
    out: dict[str, Any] = {"chunks": len(metas), "samples": 0, "complete": False, "up_to_date": None}
    if index is not None:
        listed = index.get("chunks", [])
        summary = index.get("summary", {})
        out.update({
            "chunks": len(listed),
            "samples": sum(c.get("samples", 0) for c in listed),
            "documents": summary.get("num_documents_with_samples"),
            "entities": summary.get("num_unique_entities"),
            "fingerprints": [c.get("fingerprint") for c in listed],
            "complete": all((d / f"chunk_{c['index']:05d}.arrow").exists() for c in listed),
        })
        # a batch finished after the index was written makes the samples out of date
        written = index_path.stat().st_mtime
        newest = max((work.batch_stats(b["batch"]).stat().st_mtime for b in batches if b["state"] == "done"),
                     default=0.0)
        out["up_to_date"] = newest <= written and all(b["state"] == "done" for b in batches)
    else:
        out["samples"] = sum((read_json(p) or {}).get("samples", 0) for p in metas)
    return out


def tokenized_state(work: WorkDir) -> list[dict[str, Any]]:
    """Per tokenizer/settings key (work/tokenized/<key>/): chunks tokenized and their rows, newest first."""
    d = work.tokenized_dir
    if not d.is_dir():
        return []
    out = []
    for key_dir in d.iterdir():
        if not key_dir.is_dir() or key_dir.name.startswith("."):
            continue
        # --objective clm: no samples; each filter batch's kept documents encoded to a token file
        clm = key_dir.name.startswith("clm-")
        metas = [read_json(p) or {} for p in key_dir.glob("batch_*.json" if clm else "chunk_*.json")
                 if not p.name.startswith(".")]
        state: dict[str, Any] = {"key": key_dir.name, "objective": "clm" if clm else "entity-mlm",
                                 "modified": key_dir.stat().st_mtime}
        if clm:
            state.update(batches=len(metas), documents=sum(m.get("documents", 0) for m in metas),
                         tokens=sum(m.get("tokens", 0) for m in metas))
        else:
            state.update(chunks=len(metas), rows=sum(m.get("rows", 0) for m in metas),
                         dropped=sum(m.get("dropped", 0) for m in metas),
                         fingerprints=sorted(m.get("fingerprint") for m in metas if m.get("fingerprint")))
        out.append(state)
    return sorted(out, key=lambda t: -t["modified"])


# --- formatting -----------------------------------------------------------------------------


def duration(seconds: float) -> str:
    """3 h 12 min, 11 min, 45 s."""
    s = int(round(seconds))
    if s < 90:
        return f"{s} s"
    if s < 3600 * 2:
        return f"{round(s / 60)} min"
    if s < 86400 * 2:
        return f"{s // 3600} h {s % 3600 // 60:02d} min"
    return f"{s / 86400:.1f} days"


def _when(epoch: float | None) -> str:
    if not epoch:
        return "?"
    return time.strftime("%Y-%m-%d %H:%M:%S UTC", time.gmtime(epoch))


def _reasons(counts: dict[str, int], top: int | None = TOP_REASONS) -> str:
    ranked = sorted(counts.items(), key=lambda x: (-x[1], x[0]))
    shown = ranked if top is None or len(ranked) <= top + 2 else ranked[:top]
    text = ", ".join(f"{r} {n:,}" for r, n in shown)
    if len(ranked) > len(shown):
        text += f", and {len(ranked) - len(shown)} more (--json lists all)"
    return text


def _command(command: str | None) -> str:
    """The recorded command line, its program shown by name (``corefprep``), not by its full path."""
    if not command:
        return ""
    program, _, args = command.partition(" ")
    return f": {' '.join(x for x in (Path(program).name, args) if x)}"


def _run_line(run: dict[str, Any]) -> str:
    who = describe_holder(run)
    cmd = _command(run.get("command"))
    if run["live"]:
        since = f" since {_when(run['started'])} ({duration(time.time() - run['started'])} ago)" \
            if run.get("started") else ""
        return f"run: LIVE — {who}{since}, lock refreshed {run.get('refreshed_s_ago', 0):.0f} s ago{cmd}"
    if run.get("stale_lock") and run.get("pid") is None:
        return (f"run: none live; a killed run left an empty or half-written lock file "
                f"({run.get('refreshed_s_ago', 0):.0f} s old); the next run takes it over")
    if run.get("stale_lock"):
        return (f"run: none live; a dead run left its lock ({who}, refreshed {run.get('refreshed_s_ago', 0):.0f} s "
                f"ago); the next run takes it over (--break-lock if its host is gone){cmd}")
    if run.get("pid") is None:
        return "run: none live"
    return f"run: none live (last: {who}, started {_when(run.get('started'))}){cmd}"


def _speed_line(st: dict[str, Any]) -> str:
    rate = st["docs_per_s"]
    if rate is None:
        return "speed: no finished batch yet"
    line = (f"speed: {rate:,.0f} docs/s over {count(st['done'], 'finished batch', 'finished batches')} "
            f"({duration(st['filter_seconds'])} of filtering)")
    left = st["pending"] + st["failed"]
    if left == 0:
        return line + "; every batch is done"
    eta = st["eta_seconds"]
    rest = f"{count(left, 'batch')} left ({count(st['pending_documents'], 'document')})"
    if st["run"]["live"]:
        return line + f"; ETA {duration(eta)} at that speed for the {rest}"
    return line + f"; {rest}: about {duration(eta)} at that speed once a run resumes (none is live)"


def describe_cpu(cpu: dict[str, Any], done: int) -> str:
    """The filter's CPU by part (:func:`cpu_state`), as status and the report say it. Kiwi's share
    is what more cores speed up; a large share elsewhere (reading, say) points at another cause."""
    total = cpu["seconds"]
    parts = ", ".join(f"{label} {cpu[name] / total:.1%}" for name, label in CPU_PARTS if cpu[name] > 0)
    older = done - cpu["batches"]
    note = f"; {count(older, 'older batch', 'older batches')} recorded none" if older else ""
    return f"{total:,.1f} s in the finished batches{note} — {parts}"


def _stage_lines(st: dict[str, Any]) -> list[str]:
    lines = []
    stages = st["stages"]
    d = stages.get("dedup")
    if d is not None:
        share = d["removed"] / d["documents"] if d.get("documents") else 0.0
        r = d.get("by_reason", {})
        state = "" if d["up_to_date"] else " (out of date: filter batches changed since; the next run redoes it)"
        unsigned = ""
        if d.get("unsigned_near"):
            docs = d.get("unsigned_near_docs") or []
            shown = ", ".join(map(str, docs[:5])) + (", ..." if len(docs) > 5 else "")
            unsigned = (f"; {count(d['unsigned_near'], 'document')} quarantined while being signed "
                        f"{noun(d['unsigned_near'], 'was', 'were')} compared by exact hash only (doc_index {shown})")
        lines.append(f"dedup: {d['mode']}, {d['removed']:,} of {d['documents']:,} kept documents removed ({share:.1%}: "
                     f"{r.get('duplicate_exact', 0):,} exact, {r.get('duplicate_near', 0):,} near), listed in "
                     f"{d['removed_file']}{unsigned}{state}")
    sm = stages["samples"]
    tok = stages["tokenized"]
    clm_only = sm is None and bool(tok) and all(t.get("objective") == "clm" for t in tok)
    if clm_only:
        lines.append("samples: none (--objective clm packs the kept documents themselves)")
    elif sm is None:
        lines.append("samples: not built yet")
    else:
        state = "complete" if sm["complete"] else "incomplete (the samples stage did not finish)"
        if sm["complete"] and sm["up_to_date"] is False:
            state = "out of date (filter batches changed since; the next samples/prepare run rebuilds them)"
        extra = ""
        if sm.get("documents") is not None:
            extra = f" from {count(sm['documents'], 'document')}, {count(sm.get('entities') or 0, 'entity')},"
        lines.append(f"samples: {count(sm['samples'], 'sample')}{extra} in {count(sm['chunks'], 'chunk')}, {state}")
    if not tok:
        lines.append("tokenized: nothing yet")
    for i, t in enumerate(tok):
        older = "" if i == 0 else " (older settings)"
        if t.get("objective") == "clm":
            done = sum(1 for b in st["batches"] if b["state"] == "done")
            lines.append(f"tokenized{older}: {t['batches']} of {count(done, 'finished filter batch')}, "
                         f"{count(t['documents'], 'document')}, {count(t['tokens'], 'token')} "
                         f"[work/tokenized/{t['key']}]")
            continue
        chunks = count(t["chunks"], "chunk")
        if i == 0 and sm is not None and sm.get("fingerprints"):
            current = len(set(sm["fingerprints"]) & set(t["fingerprints"]))
            chunks = f"{current} of {count(len(sm['fingerprints']), 'samples chunk')}"
        lines.append(f"tokenized{older}: {chunks}, {count(t['rows'], 'row')}, {count(t['dropped'], 'sample')} "
                     f"dropped [work/tokenized/{t['key']}]")
    if not stages["datasets"]:
        lines.append("dataset: none yet")
    for d in stages["datasets"]:
        kind = ", ".join(str(x) for x in (d["dataset_type"], f"seq_len {d['seq_len']}" if d["seq_len"] else None) if x)
        if d["kind"] == "megatron":
            label, what = "megatron", "documents"
            shown = f"{d['path']}.bin/.idx"
        else:
            label, what = "dataset", "rows" if d["dataset_type"] == "clm" else "samples"
            shown = d["path"]
        if d["complete"]:
            rows = count(d["num_samples"], what[:-1])
            lines.append(f"{label}: {shown} ({rows}, complete{', ' + kind if kind else ''})")
        else:
            lines.append(f"{label}: {shown} INCOMPLETE (no {COMPLETE_MARKER} marker; it was interrupted — rerun to "
                         "finish it)")
    return lines


def batch_table(batches: list[dict[str, Any]]) -> list[str]:
    lines = [f"{'batch':>6} {'state':<8} {'docs':>10} {'passed':>9} {'pass%':>7} {'malformed':>9} {'docs/s':>9}"]
    for b in batches:
        if b["state"] == "done":
            rate = b["passed"] / b["documents"] if b["documents"] else 0.0
            lines.append(f"{b['batch']:>6} {'done':<8} {b['documents']:>10,} {b['passed']:>9,} {rate:>7.1%} "
                         f"{sum(b['malformed'].values()):>9,} {b.get('docs_per_s') or 0:>9,.0f}")
        else:
            extra = f"  {b['error']}" if b.get("error") else ""
            lines.append(f"{b['batch']:>6} {b['state']:<8} {b['documents']:>10,} {' ' * 38}{extra}".rstrip())
    return lines


def format_status(st: dict[str, Any], show_batches: list[int] | None = None) -> str:
    """The summary; then the batches in ``show_batches`` and every failed one."""
    t = st["totals"]
    rej = sum(t["rejected"].values())
    mal = sum(t["malformed"].values())
    rate = f" ({st['pass_rate']:.1%})" if st["pass_rate"] is not None else ""
    lines = [
        f"{st['output_dir']}: {count(st['inputs_documents'], 'input document')} in "
        f"{count(st['num_batches'], 'batch')} of {st['batch_docs']:,} — {st['done']} done, {st['pending']} pending, "
        f"{st['failed']} failed",
        _run_line(st["run"]),
        f"total: {count(t['documents'], 'document')} done, {t['passed']:,} passed{rate}, {rej:,} rejected, "
        f"{mal:,} malformed, {st['quarantined']:,} quarantined",
    ]
    if t["rejected"]:
        lines.append("rejected: " + _reasons(t["rejected"]))
    if t["malformed"]:
        lines.append("malformed: " + _reasons(t["malformed"], top=None))
    if t.get("pii_docs"):
        lines.append("personal data: " + describe_pii(t["pii_modes"], t["pii_docs"], t["pii"]))
    if st["quarantined"]:
        lines.append(f"quarantined: {count(st['quarantined'], 'document')} (worker_died / timeout) listed in "
                     f"{st['quarantine_file']}")
    lines.append(_speed_line(st))
    if st.get("cpu"):
        lines.append("cpu: " + describe_cpu(st["cpu"], st["done"]))
    r = st.get("redecided") or {}
    if r.get("batches"):
        analysed = r["documents"] - r["from_values"]
        lines.append(f"re-decided: {count(r['batches'], 'batch')} from their recorded values after a settings change; "
                     f"of {count(r['documents'], 'document')} past the cheap rules {analysed:,} "
                     f"{noun(analysed, 'was', 'were')} analysed again")
    if r.get("pending") or r.get("pending_afresh"):
        afresh = (f", {r['pending_afresh']} computed afresh (no recorded values)" if r.get("pending_afresh")
                  else "")
        lines.append(f"settings changed: {count(r['pending'], 'pending batch', 'pending batches')} will be "
                     f"re-decided from their recorded values{afresh}")
    lines += _stage_lines(st)
    wanted = set(show_batches or [])
    shown = [b for b in st["batches"] if b["batch"] in wanted or b["state"] == "failed"]
    if shown:
        failed_only = not wanted
        lines.append("failed batches:" if failed_only else "batches:")
        lines += batch_table(shown)
    return "\n".join(lines)
