"""What a report reads from an output directory, as typed records.

`load_run` reads what the plots need (the run's status, finished batches' stats, the rules and
the final datasets' metadata.json); `load_tables` what the page's tables need beyond that
(rejected examples and the threshold sweep). The rest derives series from those records; the plots
call it while drawing, so that a record holding data of an unexpected shape becomes a note on the
page, not a failed report.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, NamedTuple

from ..core.atomic import read_json
from ..core.errors import CorefprepError
from ..core.manifest import read_manifest
from ..core.workdir import WorkDir
from ..dedup.result import REASONS as DEDUP_REASONS
from ..dedup.result import read_summary
from ..filter.batch import LENGTH_EDGES
from ..filter.records import BatchStats
from ..filter.stats import read_stats
from ..run.manifest import recorded_rules
from .report_hist import Hist
from .status import collect_status
from .tuning import Example, Sweep, examples_shown, rejected_examples, sweep

STAGE_ORDER = ("filter", "samples", "tokenize", "merge")


class NoData(Exception):
    """A plot's data is not in this run (yet); the message says why, for the page."""


# --- the run's status -----------------------------------------------------------------------


@dataclass
class BatchRow:
    batch: int
    state: str  # done, failed or pending
    passed: int  # after deduplication, when the dedup result is up to date
    rejected: dict[str, int]
    error: str | None = None  # a failed batch's


@dataclass
class Totals:
    """Over the finished batches."""

    documents: int
    passed: int
    rejected: dict[str, int]
    malformed: dict[str, int]
    pii: dict[str, int] = field(default_factory=dict)  # spans of personal data per kind, in kept documents
    pii_docs: int = 0
    pii_modes: list[str] = field(default_factory=list)  # what the batches did with it (--pii)


@dataclass
class LiveRun:
    live: bool
    pid: int | None = None
    host: str | None = None


@dataclass
class SamplesState:
    samples: int
    chunks: int
    complete: bool


@dataclass
class OutputState:
    """A dataset in the output directory, finished or not."""

    path: str
    kind: str
    complete: bool
    num_samples: int | None


@dataclass
class DedupState:
    # values as the dedup summary holds them, unchecked: a plot reading an odd one becomes a note
    mode: Any
    documents: Any
    removed: Any
    by_reason: dict[str, Any]
    cluster_sizes: dict[str, Any] | None
    up_to_date: bool
    per_batch: dict[str, dict[str, Any]]  # documents removed per batch (a string) and reason


@dataclass
class RunStatus:
    """What `corefprep status` reports, the part a report shows."""

    inputs_documents: int
    batch_docs: int
    num_batches: int
    done: int
    pending: int
    failed: int
    totals: Totals
    pass_rate: float | None
    quarantined: int
    quarantine_file: str | None
    filter_seconds: float | None
    docs_per_s: float | None
    eta_seconds: float | None
    cpu: dict[str, Any] | None  # where the finished batches' CPU went (status's cpu_state)
    run: LiveRun
    batches: list[BatchRow]
    samples: SamplesState | None
    outputs: list[OutputState]
    dedup: DedupState | None

    @property
    def failed_batches(self) -> list[BatchRow]:
        return [b for b in self.batches if b.state == "failed"]


def _status_of(output_dir: Path, st: dict[str, Any]) -> RunStatus:
    """The typed view of `collect_status`'s record."""
    t = st["totals"]
    live = st["run"]
    stages = st["stages"]
    sm = stages["samples"]
    return RunStatus(
        inputs_documents=st["inputs_documents"], batch_docs=st["batch_docs"], num_batches=st["num_batches"],
        done=st["done"], pending=st["pending"], failed=st["failed"],
        totals=Totals(t["documents"], t["passed"], t["rejected"], t["malformed"], t.get("pii", {}),
                      t.get("pii_docs", 0), t.get("pii_modes", [])),
        pass_rate=st["pass_rate"], quarantined=st["quarantined"], quarantine_file=st["quarantine_file"],
        filter_seconds=st["filter_seconds"], docs_per_s=st["docs_per_s"], eta_seconds=st["eta_seconds"],
        cpu=st.get("cpu"),
        run=LiveRun(live["live"], live.get("pid"), live.get("host")),
        batches=[BatchRow(b["batch"], b["state"], b["passed"], b["rejected"], b.get("error")) for b in st["batches"]],
        samples=SamplesState(sm["samples"], sm["chunks"], sm["complete"]) if sm is not None else None,
        outputs=[OutputState(d["path"], d["kind"], d["complete"], d["num_samples"]) for d in stages["datasets"]],
        dedup=_dedup_of(output_dir, stages.get("dedup")),
    )


def _dedup_of(output_dir: Path, d: dict[str, Any] | None) -> DedupState | None:
    if d is None:
        return None
    summary = read_summary(WorkDir(output_dir))
    per = summary.batches if summary is not None else {}
    return DedupState(d["mode"], d["documents"], d["removed"], d.get("by_reason", {}), d.get("cluster_sizes"),
                      bool(d.get("up_to_date")), per)


# --- the run --------------------------------------------------------------------------------


@dataclass
class DatasetData:
    path: Path
    metadata: dict[str, Any]  # its metadata.json, as the corefprep that made it wrote it

    @property
    def name(self) -> str:
        return self.path.name


@dataclass
class RunData:
    """What a report reads from an output directory."""

    output_dir: Path
    status: RunStatus
    stats: list[BatchStats]  # finished batches' stats records, in batch order
    rules: dict[str, Any]  # the thresholds the batches were made with
    datasets: list[DatasetData] = field(default_factory=list)


def load_run(output_dir: Path) -> RunData:
    output_dir = Path(output_dir)
    raw = collect_status(output_dir)  # raises the usual error for a directory without a run
    status = _status_of(output_dir, raw)
    work = WorkDir(output_dir)
    stats = []
    for b in status.batches:
        if b.state == "done":
            s = read_stats(work, b.batch)
            if s is not None:
                stats.append(s)
    manifest = read_manifest(work)
    rules = manifest.rules if manifest is not None else {}
    datasets = [DatasetData(Path(d.path), read_json(Path(d.path) / "metadata.json") or {})
                for d in status.outputs if d.complete and d.kind == "dataset"]
    return RunData(output_dir, status, stats, rules, datasets)


@dataclass
class PageTables:
    """The page's tables that read more of the run than the plots do."""

    examples: list[Example]  # a few rejected documents per reason
    examples_shown: set[str]  # how their personal data shows: "redacted", "as the input had it"
    at_offset: set[str]  # reasons whose measured value is a position in the text
    has_rules: bool  # False: the run has no manifest, so no thresholds to vary
    sweep: Sweep | None = None
    sweep_error: str | None = None  # why there is no sweep although there are rules


def load_tables(output_dir: Path) -> PageTables:
    work = WorkDir(output_dir)
    examples, shown = rejected_examples(work, per_reason=2), examples_shown(work)
    rules = recorded_rules(work)
    if rules is None:
        return PageTables(examples, shown, set(), has_rules=False)
    at_offset = {c.reason for c in rules.checks if c.at_offset}
    try:
        sw = sweep(work, rules)
    except CorefprepError as exc:  # e.g. batches of an older corefprep, without recorded values: said on the page
        return PageTables(examples, shown, at_offset, has_rules=True, sweep_error=str(exc))
    return PageTables(examples, shown, at_offset, has_rules=True, sweep=sw)


# --- series the plots draw ------------------------------------------------------------------


class TokenCounts(NamedTuple):
    hist: Hist  # unit-wide bins 0..max
    rows: int


class Series(NamedTuple):
    batches: list[int]
    values: list[float]


class LengthTotals(NamedTuple):
    """Documents per length bin (`LENGTH_EDGES`) over the batches that record them."""

    read: list[int]
    kept: list[int]
    batches: int  # batches that recorded both histograms


def dataset_files(path: Path) -> list[Path]:
    """The Arrow files of a ``save_to_disk`` directory, in row order."""
    state = read_json(path / "state.json") or {}
    return [path / f["filename"] for f in state.get("_data_files", []) if "filename" in f]


def token_counts(path: Path) -> TokenCounts:
    """Tokens per row of a saved dataset, from its ``length`` column (else the length of its
    ``input_ids`` lists), streamed one record batch at a time from the memory-mapped files, so
    that a dataset larger than memory can be counted."""
    import numpy as np
    import pyarrow as pa
    import pyarrow.compute as pc

    files = dataset_files(path)
    if not files:
        raise NoData(f"{path.name} has no data files listed in its state.json")
    acc = np.zeros(1, dtype=np.int64)
    rows = 0
    for f in files:
        with pa.memory_map(str(f)) as source:
            reader = pa.ipc.open_stream(source)
            names = reader.schema.names
            if "length" not in names and "input_ids" not in names:
                raise NoData(f"{path.name} has neither a length nor an input_ids column")
            for rb in reader:
                if "length" in names:
                    col = rb.column(names.index("length"))
                else:
                    col = pc.list_value_length(rb.column(names.index("input_ids")))
                v = col.to_numpy(zero_copy_only=False).astype(np.int64)
                if not len(v):
                    continue
                counts = np.bincount(v)
                if len(counts) > len(acc):
                    acc = np.pad(acc, (0, len(counts) - len(acc)))
                acc[: len(counts)] += counts
                rows += len(v)
    if rows == 0:
        raise NoData(f"{path.name} has no rows")
    return TokenCounts(Hist([float(i) for i in range(len(acc) + 1)], acc.tolist()), rows)


def length_totals(stats: list[BatchStats]) -> LengthTotals:
    n = len(LENGTH_EDGES)
    read = [0] * n
    kept = [0] * n
    seen = 0
    for s in stats:
        a, b = s.chars_in, s.chars_kept
        # batches of an older corefprep have no histograms, or ones with other bins: left out
        if isinstance(a, list) and isinstance(b, list) and len(a) == n and len(b) == n:
            read = [x + y for x, y in zip(read, a, strict=True)]
            kept = [x + y for x, y in zip(kept, b, strict=True)]
            seen += 1
    return LengthTotals(read, kept, seen)


def duplicate_share(status: RunStatus, dedup: DedupState) -> Series:
    """Per finished batch: the documents deduplication removed, in % of those the filter kept."""
    # status counts the removed documents as rejected (when the result is up to date): add them back
    passed = {b.batch: b.passed + sum(b.rejected.get(r, 0) for r in DEDUP_REASONS)
              for b in status.batches if b.state == "done"}
    ks = sorted(passed)
    per = dedup.per_batch
    share = [100 * sum(int(per.get(str(k), {}).get(r, 0)) for r in DEDUP_REASONS) / passed[k] if passed[k] else 0.0
             for k in ks]
    return Series(ks, share)


def cluster_sizes(dedup: DedupState) -> dict[int, int]:
    """Clusters by the number of documents in them."""
    return {int(k): int(v) for k, v in (dedup.cluster_sizes or {}).items()}


def stage_timings(datasets: list[DatasetData]) -> dict[str, float]:
    """Seconds per stage, in pipeline order, from the first dataset that records them; {} if none does."""
    for ds in datasets:
        t = ds.metadata.get("timings")
        if isinstance(t, dict) and t:
            stage_t = {str(k): float(v) for k, v in t.items() if isinstance(v, int | float)}
            order = {name: i for i, name in enumerate(STAGE_ORDER)}
            return dict(sorted(stage_t.items(), key=lambda kv: order.get(kv[0], len(order))))
    return {}
