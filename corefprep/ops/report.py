"""`corefprep report`: PNG plots and one self-contained HTML page about a run.

The page shows what the numbers in `corefprep status` and metadata.json mean for a corpus: how
the pass rate and speed moved from batch to batch, why documents were rejected, how long the
documents were before and after the filter, which entities the samples are about, how far a
mention sits from its antecedent, how many tokens a row holds and where the time went. Each
plot reads only what a run leaves behind (batch stats, the final dataset's metadata.json and,
when the metadata holds no token histogram, the dataset's ``length`` column, streamed), and a
plot whose data is missing (a run stopped after the filter, a clm dataset without entities)
becomes a note saying why.

Plots are drawn with matplotlib's object API on the Agg canvas (no pyplot, no global backend),
and the page embeds them as base64 PNGs: one file that opens anywhere, offline.
"""

from __future__ import annotations

import base64
import html
import importlib.util
import io
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, NamedTuple

from ..core.atomic import atomic_write_bytes, read_json
from ..core.errors import CorefprepError
from ..core.workdir import WorkDir
from ..dedup.result import REASONS as DEDUP_REASONS
from ..dedup.result import read_summary
from ..filter.batch import LENGTH_EDGES
from ..filter.records import QUARANTINE_REASONS, BatchStats
from ..filter.stats import read_stats
from ..run.manifest import recorded_rules
from .status import collect_status, duration
from .tuning import SweepRow, rejected_examples, sweep

DPI = 100
WIDTH = 10.0  # inches: 1000 px wide at DPI
MAX_TABLE_ROWS = 200
TOKEN_HIST_KEYS = ("length_distribution", "token_length_distribution", "tokens_per_row", "length_histogram")
DISTANCE_HIST_KEYS = ("distance_histogram",)
ACCENT, KEPT, WARN = "#3b6ea8", "#3a9a5b", "#c0504d"


class NoData(Exception):
    """A plot's data is not in this run (yet); the message says why, for the page."""


class Hist(NamedTuple):
    """Counts in bins [edges[i], edges[i+1])."""

    edges: list[float]
    counts: list[int]


@dataclass
class Plot:
    key: str  # file stem of the PNG
    title: str
    caption: str = ""
    png: bytes | None = None
    note: str | None = None  # why there is no plot (or a remark beside it)


@dataclass
class DatasetData:
    path: Path
    metadata: dict[str, Any]

    @property
    def name(self) -> str:
        return self.path.name


@dataclass
class RunData:
    """What a report reads from an output directory."""

    output_dir: Path
    status: dict[str, Any]
    stats: list[BatchStats]  # finished batches' stats records, in batch order
    rules: dict[str, Any]  # the thresholds the batches were made with
    datasets: list[DatasetData] = field(default_factory=list)


# --- reading the run ------------------------------------------------------------------------


def load_run(output_dir: Path) -> RunData:
    output_dir = Path(output_dir)
    status = collect_status(output_dir)  # raises the usual error for a directory without a run
    work = WorkDir(output_dir)
    stats = []
    for b in status["batches"]:
        if b["state"] == "done":
            s = read_stats(work, b["batch"])
            if s is not None:
                stats.append(s)
    manifest = read_json(work.manifest) or {}
    rules = manifest.get("filter_config", {}).get("rules", {})
    datasets = []
    for d in status["stages"]["datasets"]:
        if d["complete"] and d["kind"] == "dataset":
            datasets.append(DatasetData(Path(d["path"]), read_json(Path(d["path"]) / "metadata.json") or {}))
    return RunData(output_dir, status, stats, rules, datasets)


def histogram_of(obj: Any) -> Hist | None:
    """A histogram as metadata.json records one: ``{"edges": [...], "counts": [...]}``, or bins
    labelled ``"lo-hi"`` (inclusive) such as ``distance_distribution``; None for anything else."""
    if isinstance(obj, dict) and "edges" in obj and "counts" in obj:
        edges, counts = list(obj["edges"]), list(obj["counts"])
        if len(edges) == len(counts) + 1 and counts:
            return Hist([float(e) for e in edges], [int(c) for c in counts])
        return None
    if isinstance(obj, dict) and obj:
        bins = []
        for label, n in obj.items():
            lo, sep, hi = str(label).partition("-")
            if not sep or not lo.strip().isdigit() or not hi.strip().isdigit():
                return None
            bins.append((int(lo), int(hi) + 1, int(n)))
        bins.sort()
        if any(a[1] != b[0] for a, b in zip(bins, bins[1:], strict=False)):
            return None  # not contiguous
        return Hist([float(b[0]) for b in bins] + [float(bins[-1][1])], [b[2] for b in bins])
    return None


def dataset_files(path: Path) -> list[Path]:
    """The Arrow files of a ``save_to_disk`` directory, in row order."""
    state = read_json(path / "state.json") or {}
    return [path / f["filename"] for f in state.get("_data_files", []) if "filename" in f]


def token_counts(path: Path) -> tuple[Hist, int]:
    """Tokens per row of a saved dataset, from its ``length`` column (else the length of its
    ``input_ids`` lists), streamed one record batch at a time from the memory-mapped files.
    Returns unit-wide bins 0..max and the number of rows."""
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
    return Hist([float(i) for i in range(len(acc) + 1)], acc.tolist()), rows


def rebin(h: Hist, max_bins: int = 64) -> Hist:
    """Adjacent bins summed so that there are at most ``max_bins``."""
    step = -(-len(h.counts) // max_bins)
    if step <= 1:
        return h
    counts = [sum(h.counts[i : i + step]) for i in range(0, len(h.counts), step)]
    edges = [h.edges[i] for i in range(0, len(h.counts), step)] + [h.edges[-1]]
    return Hist(edges, counts)


def hist_stats(h: Hist) -> dict[str, float]:
    """Mean and median from the bins (bin midpoints; exact for unit-wide bins)."""
    n = sum(h.counts)
    if not n:
        return {"n": 0, "mean": 0.0, "median": 0.0}
    mids = [(a + b) / 2 if b - a > 1 else a for a, b in zip(h.edges, h.edges[1:], strict=False)]
    mean = sum(m * c for m, c in zip(mids, h.counts, strict=True)) / n
    seen = 0
    median = mids[-1]
    for m, c in zip(mids, h.counts, strict=True):
        seen += c
        if seen * 2 >= n:
            median = m
            break
    return {"n": n, "mean": mean, "median": median}


# --- Hangul in plots ------------------------------------------------------------------------

# families that cover Hangul, looked up among the fonts matplotlib already knows
HANGUL_FAMILIES = ("NanumGothic", "NanumBarunGothic", "Noto Sans CJK KR", "Noto Sans KR", "Noto Sans CJK JP",
                   "Source Han Sans KR", "UnDotum", "Baekmuk Gulim", "Malgun Gothic", "Apple SD Gothic Neo",
                   "AppleGothic", "WenQuanYi Zen Hei", "Droid Sans Fallback")


def _covers_hangul(path: str | Path) -> bool:
    from matplotlib.ft2font import FT2Font

    try:
        charmap = FT2Font(str(path)).get_charmap()
    except (OSError, RuntimeError, ValueError):
        return False
    return 0xAC00 in charmap and 0xD7A3 in charmap  # 가 and 힣, the ends of the syllable block


def find_hangul_font() -> str | None:
    """The family name of a font with Hangul syllables, registered with matplotlib; None if none.

    First NanumGothic as the koreanize-matplotlib package ships it (a corefprep dependency, so
    every install and CI draws the same glyphs; the file is used without importing the package,
    whose import changes matplotlib's global settings), then system fonts (fonts-nanum,
    fonts-noto-cjk ...)."""
    from matplotlib import font_manager

    spec = importlib.util.find_spec("koreanize_matplotlib")
    for loc in (spec.submodule_search_locations or []) if spec else []:
        path = Path(loc) / "fonts" / "NanumGothic.ttf"
        if path.is_file() and _covers_hangul(path):
            if not any(Path(e.fname) == path for e in font_manager.fontManager.ttflist):
                font_manager.fontManager.addfont(str(path))
            return str(font_manager.FontProperties(fname=str(path)).get_name())
    for entry in font_manager.fontManager.ttflist:
        if entry.name in HANGUL_FAMILIES and _covers_hangul(entry.fname):
            return str(entry.name)
    return None


_INITIALS = ["g", "kk", "n", "d", "tt", "r", "m", "b", "pp", "s", "ss", "", "j", "jj", "ch", "k", "t", "p", "h"]
_VOWELS = ["a", "ae", "ya", "yae", "eo", "e", "yeo", "ye", "o", "wa", "wae", "oe", "yo", "u", "wo", "we", "wi", "yu",
           "eu", "ui", "i"]
_FINALS = ["", "k", "k", "k", "n", "n", "n", "t", "l", "k", "m", "l", "l", "l", "p", "l", "m", "p", "p", "t", "t",
           "ng", "t", "t", "k", "t", "p", "t"]


def romanize(text: str) -> str:
    """Hangul syllables spelled in Latin letters (Revised Romanization, syllable by syllable,
    without the sound changes across syllables); other characters are kept."""
    out = []
    for ch in text:
        code = ord(ch) - 0xAC00
        if 0 <= code < 11172:
            out.append(_INITIALS[code // 588] + _VOWELS[code % 588 // 28] + _FINALS[code % 28])
        else:
            out.append(ch)
    return "".join(out)


# --- drawing --------------------------------------------------------------------------------


@contextmanager
def plot_style(hangul_family: str | None) -> Iterator[None]:
    """Settings for every figure of a report; Hangul falls back to ``hangul_family`` glyph by glyph."""
    import matplotlib

    families = ["DejaVu Sans"] + ([hangul_family] if hangul_family else [])
    with matplotlib.rc_context({"font.family": families, "axes.unicode_minus": False, "font.size": 10,
                                "axes.titlesize": 11, "axes.spines.top": False, "axes.spines.right": False,
                                "axes.grid": True, "grid.alpha": 0.3}):
        yield


def _batch_axis(ax: Any, ks: list[int]) -> None:
    """Batch numbers are whole: a handful of batches get a tick each (one batch would otherwise be
    drawn on an axis of -0.04 … 0.04), many get whole-number ticks."""
    if len(set(ks)) <= 12:
        ax.set_xticks(sorted(set(ks)))
        ax.set_xlim(min(ks) - 0.6, max(ks) + 0.6)
    else:
        ax.xaxis.get_major_locator().set_params(integer=True)


def _figure(height: float, nrows: int = 1, ncols: int = 1, **kw: Any) -> tuple[Any, Any]:
    from matplotlib.backends.backend_agg import FigureCanvasAgg
    from matplotlib.figure import Figure

    fig = Figure(figsize=(WIDTH, height), layout="constrained")
    FigureCanvasAgg(fig)
    return fig, fig.subplots(nrows, ncols, squeeze=False, **kw)


def png_bytes(fig: Any) -> bytes:
    buf = io.BytesIO()
    fig.savefig(buf, format="png", dpi=DPI)
    return buf.getvalue()


def _plain_log_ticks(axis: Any) -> None:
    """Log-axis ticks at 1, 2, 5, 10, 20, 50 ... as plain numbers instead of powers of ten."""
    from matplotlib.ticker import FuncFormatter, LogLocator, NullFormatter

    axis.set_major_locator(LogLocator(base=10, subs=(1.0, 2.0, 5.0)))
    axis.set_major_formatter(FuncFormatter(lambda v, _pos: f"{v:,.0f}" if v >= 1 else f"{v:g}"))
    axis.set_minor_formatter(NullFormatter())


def _compact(v: float, _pos: Any = None) -> str:
    """Axis numbers without an offset: 950, 12k, 3.5M."""
    for unit, div in (("B", 1e9), ("M", 1e6), ("k", 1e3)):
        if abs(v) >= div:
            return f"{v / div:.3g}{unit}"
    return f"{v:.3g}"


def _share(n: int, total: int) -> str:
    x = 100 * n / total if total else 0.0
    return f"{x:.1f}%" if x >= 0.1 or x == 0 else f"{x:.2g}%"


def _secs(s: float) -> str:
    return f"{s:.2f} s" if s < 10 else duration(s)


STAGE_ORDER = ("filter", "samples", "tokenize", "merge")


def plot_batches(run: RunData) -> tuple[Any, str]:
    stats = run.stats
    if not stats:
        raise NoData("no filter batch is finished yet")
    ks = [s.batch for s in stats]
    rate = [100 * s.pass_rate for s in stats]
    speed = [s.docs_per_s or 0.0 for s in stats]
    fig, ax = _figure(5.0, 2, 1, sharex=True)
    style = {"marker": "o" if len(ks) <= 60 else None, "markersize": 3, "linewidth": 1.2}
    ax[0, 0].plot(ks, rate, color=ACCENT, **style)
    overall = 100 * run.status["pass_rate"] if run.status["pass_rate"] is not None else None
    if overall is not None:
        ax[0, 0].axhline(overall, color="grey", linestyle="--", linewidth=1, label=f"all batches {overall:.1f}%")
        ax[0, 0].legend(loc="upper right", fontsize=8)
    ax[0, 0].set_ylabel("pass rate (%)")
    ax[0, 0].set_ylim(0, max(max(rate) * 1.2, 1.0))
    ax[0, 0].set_title("documents kept per batch")
    ax[1, 0].plot(ks, speed, color=KEPT, **style)
    ax[1, 0].set_ylabel("documents / s")
    ax[1, 0].set_ylim(0, max(max(speed) * 1.15, 1.0))
    ax[1, 0].set_xlabel("batch")
    failed = [b["batch"] for b in run.status["batches"] if b["state"] == "failed"]
    for a in (ax[0, 0], ax[1, 0]):
        for k in failed:
            a.axvspan(k - 0.5, k + 0.5, color=WARN, alpha=0.25, linewidth=0)
    _batch_axis(ax[1, 0], ks)
    caption = (f"{len(stats)} finished batches of {run.status['batch_docs']:,} documents; "
               f"{run.status['docs_per_s'] or 0:,.0f} docs/s over all of them")
    if failed:
        caption += f"; failed batches shaded red ({len(failed)})"
    return fig, caption


def plot_dedup(run: RunData) -> tuple[Any, str]:
    d = run.status["stages"].get("dedup")
    if d is None:
        raise NoData("the run did not deduplicate (--dedup none)")
    sizes = {int(k): int(v) for k, v in (d.get("cluster_sizes") or {}).items()}
    per = (read_summary(WorkDir(run.output_dir)) or {}).get("batches", {})
    passed = {b["batch"]: b["passed"] + sum(b["rejected"].get(r, 0) for r in DEDUP_REASONS)
              for b in run.status["batches"] if b["state"] == "done"}
    ks = sorted(passed)
    share = [100 * sum(int(per.get(str(k), {}).get(r, 0)) for r in DEDUP_REASONS) / passed[k] if passed[k] else 0.0
             for k in ks]
    fig, ax = _figure(3.8, 1, 2)
    a = ax[0, 0]
    if sizes:
        xs = sorted(sizes)
        a.bar([str(x) for x in xs] if len(xs) <= 30 else xs, [sizes[x] for x in xs], color=ACCENT)
        if max(sizes.values()) >= 20:  # many pairs, few big clusters: both visible
            a.set_yscale("log")
    a.set_xlabel("documents in the cluster")
    a.set_ylabel("clusters")
    a.set_title("cluster sizes")
    b = ax[0, 1]
    b.plot(ks, share, color=WARN, marker="o" if len(ks) <= 60 else None, markersize=3, linewidth=1.2)
    b.set_ylim(0, max(max(share, default=0) * 1.2, 1.0))
    b.set_ylabel("removed (% of kept)")
    b.set_xlabel("batch")
    b.set_title("duplicates removed per batch")
    _batch_axis(b, ks)
    r = d.get("by_reason", {})
    caption = (f"{d['mode']}: {d['removed']:,} of {d['documents']:,} kept documents removed "
               f"({r.get('duplicate_exact', 0):,} exact, {r.get('duplicate_near', 0):,} near) in "
               f"{sum(sizes.values()):,} clusters; each cluster keeps its lowest doc_index")
    if not d.get("up_to_date"):
        caption += " — out of date: filter batches changed since"
    return fig, caption


def plot_rejections(run: RunData) -> tuple[Any, str]:
    t = run.status["totals"]
    if not t["documents"]:
        raise NoData("no filter batch is finished yet")
    rej = sorted(t["rejected"].items(), key=lambda x: x[1])
    mal = sorted(t["malformed"].items(), key=lambda x: x[1])
    if not rej and not mal:
        raise NoData("every document passed: nothing was rejected or malformed")
    panels = [(items, color, what) for items, color, what in ((rej, ACCENT, "rejected"), (mal, WARN, "malformed"))
              if items]
    fig, ax = _figure(1.0 + 0.3 * (len(rej) + len(mal)) + 0.5 * len(panels), len(panels), 1,
                      height_ratios=[len(items) + 1 for items, _c, _w in panels])
    for a, (items, color, what) in zip(ax[:, 0], panels, strict=True):
        names = [r for r, _ in items]
        counts = [n for _, n in items]
        bars = a.barh(names, counts, color=color)
        a.bar_label(bars, labels=[f"{n:,} ({_share(n, t['documents'])})" for n in counts], padding=3, fontsize=8)
        a.set_xlim(0, max(counts) * 1.3)
        a.xaxis.get_major_locator().set_params(integer=True)
        from matplotlib.ticker import FuncFormatter

        a.xaxis.set_major_formatter(FuncFormatter(_compact))
        a.set_title(f"{what}: {sum(counts):,} of {t['documents']:,} documents, by reason")
        a.grid(axis="y", visible=False)
    ax[-1, 0].set_xlabel("documents")
    quarantined = [r for r in QUARANTINE_REASONS if t["rejected"].get(r)]
    caption = "Each document is counted once, under the first rule it failed."
    if not mal:
        caption += " No record was malformed."
    if not rej:
        caption += " No document was rejected."
    if quarantined:
        caption += " worker_died / timeout are quarantined documents (table below)."
    return fig, caption


def plot_lengths(run: RunData) -> tuple[Any, str]:
    n = len(LENGTH_EDGES)
    chars_in = [0] * n
    kept = [0] * n
    seen = 0
    for s in run.stats:
        a, b = s.chars_in, s.chars_kept
        if isinstance(a, list) and isinstance(b, list) and len(a) == n and len(b) == n:
            chars_in = [x + y for x, y in zip(chars_in, a, strict=True)]
            kept = [x + y for x, y in zip(kept, b, strict=True)]
            seen += 1
    if not seen:
        raise NoData("the finished batches hold no length histograms (they were made by an older corefprep)")
    nz = [i for i, c in enumerate(chars_in) if c]
    if not nz:
        raise NoData("no well-formed document was read")
    lo, hi = nz[0], nz[-1] + 1
    edges = list(LENGTH_EDGES[lo:hi]) + [LENGTH_EDGES[hi] if hi < n else LENGTH_EDGES[-1] * 1.25]
    fig, ax = _figure(3.8)
    a = ax[0, 0]
    a.stairs(chars_in[lo:hi], edges, fill=True, color=ACCENT, alpha=0.35, label=f"read ({sum(chars_in):,})")
    a.stairs(kept[lo:hi], edges, fill=True, color=KEPT, alpha=0.8, label=f"kept ({sum(kept):,})")
    a.set_xscale("log")
    a.set_yscale("symlog", linthresh=1)
    a.set_ylim(bottom=0)
    a.set_xlabel("characters per document (log scale)")
    a.set_ylabel("documents")
    for key, label in (("min_chars", "--min-chars"), ("max_chars", "--max-chars")):
        v = run.rules.get(key)
        if isinstance(v, int | float) and v > 0:
            a.axvline(v, color="grey", linestyle="--", linewidth=1)
            a.annotate(f"{label} {v:,}", (v, 0), xycoords=("data", "axes fraction"), xytext=(3, 4),
                       textcoords="offset points", fontsize=8, color="dimgrey",
                       bbox={"boxstyle": "round,pad=0.2", "facecolor": "white", "edgecolor": "none", "alpha": 0.8})
    _plain_log_ticks(a.xaxis)
    from matplotlib.ticker import FuncFormatter

    a.yaxis.set_major_formatter(FuncFormatter(lambda v, _pos: f"{v:,.0f}"))
    a.legend(loc="best", fontsize=8)
    a.set_title("document length before and after the filter")
    skipped = len(run.stats) - seen
    caption = "Bins grow by 25% each; counts on a log scale (kept documents are usually a small share)."
    if skipped:
        caption += f" {skipped} batches without length histograms are left out."
    return fig, caption


def plot_entities(ds: DatasetData, hangul: str | None) -> tuple[Any, str]:
    meta = ds.metadata
    top = meta.get("top_entities")
    if meta.get("dataset_type") == "clm":
        raise NoData(f"{ds.name} is a clm dataset: it has no entities")
    if not top:
        raise NoData(f"{ds.name}'s metadata.json lists no entities (top_entities)")
    pairs = [(str(e), int(n)) for e, n in top if int(n) > 0]
    if not pairs:
        raise NoData(f"{ds.name}'s metadata.json lists no entity with samples")
    name = (lambda s: s) if hangul else romanize
    fig, ax = _figure(4.6, 1, 2, width_ratios=[1.1, 1])
    a = ax[0, 0]
    ranks = list(range(1, len(pairs) + 1))
    counts = [n for _, n in pairs]
    a.loglog(ranks, counts, marker="o", markersize=3, linewidth=1, color=ACCENT)
    cap = meta.get("max_entity_freq")
    if cap and cap <= max(counts) * 2:
        a.axhline(cap, color=WARN, linestyle="--", linewidth=1, label=f"--max-entity-freq {cap:,}")
        a.legend(loc="upper right", fontsize=8)
    _plain_log_ticks(a.xaxis)
    _plain_log_ticks(a.yaxis)
    a.set_xlabel("entity rank")
    a.set_ylabel("samples")
    a.set_title("rank-frequency (log-log)")
    b = ax[0, 1]
    shown = pairs[:15][::-1]
    bars = b.barh([name(e) for e, _ in shown], [n for _, n in shown], color=ACCENT)
    b.bar_label(bars, labels=[f"{n:,}" for _, n in shown], padding=3, fontsize=8)
    b.set_xlim(0, max(counts) * 1.2)
    b.set_title(f"top {len(shown)} entities")
    b.grid(axis="y", visible=False)
    total = meta.get("num_unique_entities")
    caption = f"Samples per entity for the {len(pairs)} most frequent entities"
    caption += f" of {total:,}." if isinstance(total, int) else "."
    if not hangul:
        caption += (" No font with Hangul was found, so entity names are romanised (install the koreanize-matplotlib "
                    "package or a Hangul font such as fonts-nanum); the table below has the original names.")
    return fig, caption


def plot_distances(ds: DatasetData) -> tuple[Any, str]:
    meta = ds.metadata
    if meta.get("dataset_type") == "clm":
        raise NoData(f"{ds.name} is a clm dataset: it has no antecedent-mention pairs")
    h = next((histogram_of(meta[k]) for k in DISTANCE_HIST_KEYS if histogram_of(meta.get(k))), None)
    labelled = meta.get("distance_distribution")
    if h is None and not (isinstance(labelled, dict) and labelled):
        raise NoData(f"{ds.name}'s metadata.json has no distance distribution")
    fig, ax = _figure(3.6)
    a = ax[0, 0]
    if h is not None:
        h = rebin(h, 60)
        a.stairs(h.counts, h.edges, fill=True, color=ACCENT, alpha=0.8)
        a.set_xlabel("characters from the antecedent's start to the mention's")
    else:
        items = sorted(labelled.items(), key=lambda kv: int(str(kv[0]).split("-")[0]) if
                       str(kv[0]).split("-")[0].isdigit() else 0)
        bars = a.bar([str(k) for k, _ in items], [int(v) for _, v in items], color=ACCENT)
        a.bar_label(bars, labels=[f"{int(v):,}" for _, v in items], padding=2, fontsize=8)
        a.set_xlabel("characters from the antecedent's start to the mention's (bins of unequal width)")
        a.grid(axis="x", visible=False)
    a.set_ylabel("samples")
    a.set_title("antecedent-mention distance")
    st = meta.get("distance_stats") or {}
    caption = "Samples by distance (before tokenization drops the pairs that do not fit one window)."
    if st:
        caption += (f" min {st.get('min', 0):,}, median {st.get('median', 0):,.0f}, mean {st.get('mean', 0):,.0f}, "
                    f"max {st.get('max', 0):,} characters.")
    return fig, caption


def plot_tokens(ds: DatasetData) -> tuple[Any, str]:
    meta = ds.metadata
    h = next((histogram_of(meta[k]) for k in TOKEN_HIST_KEYS if histogram_of(meta.get(k))), None)
    source = "the dataset's metadata.json"
    rows = None
    if h is None:
        h, rows = token_counts(ds.path)
        source = "the dataset's rows (metadata.json has no token histogram)"
    st = hist_stats(h)
    h = rebin(h, 64)
    fig, ax = _figure(3.6)
    a = ax[0, 0]
    a.stairs(h.counts, h.edges, fill=True, color=ACCENT, alpha=0.8)
    seq = meta.get("seq_len")
    if isinstance(seq, int):
        a.axvline(seq, color=WARN, linestyle="--", linewidth=1, label=f"--seq-len {seq:,}")
        a.legend(loc="upper left", fontsize=8)
    lo, hi = a.get_xlim()
    occupied = [(float(e0), float(e1), int(c)) for e0, e1, c in zip(h.edges[:-1], h.edges[1:], h.counts, strict=True)
                if c]
    if occupied and sum(e1 - e0 for e0, e1, _ in occupied) < (hi - lo) / 40:
        # a few exact lengths (clm blocks are all --seq-len long) would be hairlines: draw them
        # wide enough to see and say how many rows each holds
        bars = a.bar([(e0 + e1) / 2 for e0, e1, _ in occupied], [c for *_, c in occupied], width=(hi - lo) / 60,
                     color=ACCENT, alpha=0.8)
        a.bar_label(bars, labels=[f"{c:,}" for *_, c in occupied], padding=2, fontsize=8)
        a.set_xlim(lo, hi)
    a.set_xlabel("tokens per row")
    a.set_ylabel("rows")
    a.set_title("tokens per row")
    caption = (f"{rows if rows is not None else st['n']:,} rows: median {st['median']:,.0f}, mean {st['mean']:,.1f} "
               f"tokens; from {source}.")
    return fig, caption


def plot_timings(run: RunData) -> tuple[Any, str]:
    stage_t: dict[str, float] = {}
    for ds in run.datasets:
        t = ds.metadata.get("timings")
        if isinstance(t, dict) and t:
            stage_t = {str(k): float(v) for k, v in t.items() if isinstance(v, int | float)}
            order = {name: i for i, name in enumerate(STAGE_ORDER)}
            stage_t = dict(sorted(stage_t.items(), key=lambda kv: order.get(kv[0], len(order))))
            break
    if not run.stats and not stage_t:
        raise NoData("no batch is finished and no dataset records its timings yet")
    panels = int(bool(stage_t)) + int(bool(run.stats))
    fig, ax = _figure(4.2, 1, panels, width_ratios=[1, 1.6][:panels] if panels == 2 else None)
    if stage_t:
        a = ax[0, 0]
        names = list(stage_t)[::-1]
        bars = a.barh(names, [stage_t[n] for n in names], color=ACCENT)
        a.bar_label(bars, labels=[_secs(stage_t[n]) for n in names], padding=3, fontsize=8)
        a.set_xlim(0, max(stage_t.values()) * 1.35 or 1)
        a.set_title("seconds per stage (the run that built the dataset)")
        a.grid(axis="y", visible=False)
    if run.stats:
        b = ax[0, panels - 1]
        ks = [s.batch for s in run.stats]
        secs = [float(s.seconds or 0) for s in run.stats]
        reads = [float(s.read_seconds or 0) for s in run.stats]
        if len(ks) <= 60:
            b.bar(ks, secs, color=ACCENT, alpha=0.8, label="batch", width=0.8)
            b.bar(ks, reads, color=KEPT, alpha=0.9, label="reading + cheap rules", width=0.8)
        else:  # hundreds of bars turn into noise; lines show the trend
            b.plot(ks, secs, color=ACCENT, linewidth=1, label="batch")
            b.plot(ks, reads, color=KEPT, linewidth=1, label="reading + cheap rules")
        b.set_ylim(0, max(secs) * 1.3 or 1)
        b.legend(loc="upper right", fontsize=8, ncols=2)
        b.set_xlabel("batch")
        b.set_ylabel("seconds")
        _batch_axis(b, ks)
        b.set_title("seconds per filter batch")
    caption = f"Filtering took {duration(run.status['filter_seconds'] or 0)} over {len(run.stats)} batches."
    caption += (" Stage times come from the final dataset's metadata.json." if stage_t else
                " Stage times are recorded with the final dataset (none yet).")
    return fig, caption


# --- the page -------------------------------------------------------------------------------


def _draw(key: str, title: str, fn: Callable[..., tuple[Any, str]], *args: Any) -> Plot:
    """One plot, or a note when its data is missing or not what this corefprep expects."""
    p = Plot(key, title)
    try:
        fig, p.caption = fn(*args)
        p.png = png_bytes(fig)
    except NoData as exc:
        p.note = str(exc)
    except (KeyError, TypeError, ValueError, IndexError) as exc:
        p.note = f"the run's records hold data this plot cannot read ({type(exc).__name__}: {exc})"
    return p


def build_plots(run: RunData, hangul: str | None) -> list[Plot]:
    plots = [
        _draw("batches", "Pass rate and speed per batch", plot_batches, run),
        _draw("rejections", "Rejections and malformed records by reason", plot_rejections, run),
        _draw("lengths", "Document length before and after the filter", plot_lengths, run),
        _draw("dedup", "Duplicates", plot_dedup, run),
    ]
    if not run.datasets:
        note = "no final dataset yet (the run stopped before the merge, or is still running)"
        for key, title in (("entities", "Entities"), ("distances", "Antecedent-mention distance"),
                           ("tokens", "Tokens per row")):
            plots.append(Plot(key, title, note=note))
    for ds in run.datasets:
        suffix = f" — {ds.name}" if len(run.datasets) > 1 else ""
        tag = f"_{ds.name}" if len(run.datasets) > 1 else ""
        plots += [
            _draw(f"entities{tag}", "Entities" + suffix, plot_entities, ds, hangul),
            _draw(f"distances{tag}", "Antecedent-mention distance" + suffix, plot_distances, ds),
            _draw(f"tokens{tag}", "Tokens per row" + suffix, plot_tokens, ds),
        ]
    plots.append(_draw("timings", "Timings", plot_timings, run))
    return plots


def _table(headers: list[str], rows: list[list[Any]], more: int = 0, more_where: str = "", css: str = "") -> str:
    head = "".join(f"<th>{html.escape(h)}</th>" for h in headers)
    body = "".join("<tr>" + "".join(f"<td>{html.escape(str(c))}</td>" for c in r) + "</tr>" for r in rows)
    extra = f'<p class="note">{more:,} more {html.escape(more_where)}</p>' if more else ""
    cls = f' class="{css}"' if css else ""
    return f"<table{cls}><thead><tr>{head}</tr></thead><tbody>{body}</tbody></table>{extra}"


def quarantine_table(run: RunData) -> str:
    entries = sorted((q for s in run.stats for q in s.quarantined), key=lambda q: q.doc_index)
    if not entries:
        return '<p class="fine">No document was quarantined.</p>'
    rows = [[q.doc_index, q.reason, f"{q.file}:{q.line}", q.doc_id, q.detail or ""] for q in entries[:MAX_TABLE_ROWS]]
    where = f"in {run.status['quarantine_file'] or 'work/quarantine.jsonl'}"
    return _table(["doc_index", "reason", "file:line", "doc_id", "detail"], rows, len(entries) - len(rows), where)


def malformed_table(run: RunData) -> str:
    examples = [(s.batch, e) for s in run.stats for e in s.malformed_examples]
    if not examples:
        return '<p class="fine">No record was malformed.</p>'
    total = sum(s.malformed_total for s in run.stats)
    rows = [[k, e] for k, e in examples[:MAX_TABLE_ROWS]]
    return _table(["batch", "file:line and reason"], rows, total - len(rows),
                  "(each batch quotes its first few; all are counted)")


def entity_table(ds: DatasetData, hangul: str | None) -> str:
    top = ds.metadata.get("top_entities") or []
    if not top or ds.metadata.get("dataset_type") == "clm":
        return ""
    rows = [[i + 1, e, n] + ([] if hangul else [romanize(str(e))]) for i, (e, n) in enumerate(top[:50])]
    return _table(["rank", "entity", "samples"] + ([] if hangul else ["romanised"]), rows)


def summary_rows(run: RunData) -> list[list[str]]:
    st = run.status
    t = st["totals"]
    rej = sum(t["rejected"].values())
    mal = sum(t["malformed"].values())
    rate = f" ({st['pass_rate']:.1%})" if st["pass_rate"] is not None else ""
    live = st["run"]
    rows = [
        ["batches", f"{st['done']} done, {st['pending']} pending, {st['failed']} failed of {st['num_batches']} "
                    f"(batches of {st['batch_docs']:,})"],
        ["documents", f"{t['documents']:,} of {st['inputs_documents']:,} filtered: {t['passed']:,} passed{rate}, "
                      f"{rej:,} rejected, {mal:,} malformed, {st['quarantined']:,} quarantined"],
        ["speed", f"{st['docs_per_s'] or 0:,.0f} docs/s over the finished batches "
                  f"({duration(st['filter_seconds'] or 0)} of filtering)"
                  + (f"; ETA {duration(st['eta_seconds'])} for the rest" if st["eta_seconds"] else "")],
        ["run", f"live: pid {live.get('pid')} on {live.get('host')}" if live["live"] else "no run is live"],
    ]
    failed = [b for b in st["batches"] if b["state"] == "failed"]
    if failed:
        shown = "; ".join(f"{b['batch']}: {b.get('error') or '?'}" for b in failed[:5])
        rows.append(["failed batches", shown + (f"; and {len(failed) - 5} more" if len(failed) > 5 else "")])
    sm = st["stages"]["samples"]
    if sm is not None:
        rows.append(["samples", f"{sm['samples']:,} in {sm['chunks']} chunk(s)" + ("" if sm["complete"] else
                                                                                   ", incomplete")])
    for d in st["stages"]["datasets"]:
        state = f"{d['num_samples']:,} rows" if d["complete"] else "INCOMPLETE (no _COMPLETE marker)"
        rows.append(["dataset", f"{d['path']}: {state}"])
    return rows


CSS = """
body { font-family: system-ui, -apple-system, "Segoe UI", "Noto Sans KR", "Noto Sans CJK KR", "NanumGothic",
       "Malgun Gothic", "Apple SD Gothic Neo", sans-serif; margin: 0 auto; max-width: 1040px; padding: 16px 20px;
       color: #1f2328; line-height: 1.45; }
h1 { font-size: 1.5em; margin-bottom: 0.2em; }
h3 { font-size: 1.0em; margin-top: 1.2em; }
h2 { font-size: 1.15em; margin-top: 1.8em; border-bottom: 1px solid #d0d7de; padding-bottom: 0.2em; }
.sub { color: #59636e; margin-top: 0; }
img { max-width: 100%; height: auto; display: block; }
.caption { color: #59636e; font-size: 0.9em; margin: 0.3em 0 0; }
.note { background: #fff8e5; border-left: 4px solid #d4a72c; padding: 6px 10px; font-size: 0.92em; }
.fine { background: #f6f8fa; border-left: 4px solid #8c959f; padding: 6px 10px; font-size: 0.92em; }
table { border-collapse: collapse; font-size: 0.88em; margin: 0.5em 0; }
th, td { border: 1px solid #d0d7de; padding: 3px 8px; text-align: left; vertical-align: top;
         overflow-wrap: anywhere; }
th { background: #f6f8fa; }
tr:nth-child(even) td { background: #fafbfc; }
table.summary td:first-child { font-weight: 600; white-space: nowrap; }
table.examples td:nth-child(1) { white-space: nowrap; }
table.examples td:nth-child(2), table.examples td:nth-child(3) { min-width: 9em; max-width: 14em; }
table.examples td:nth-child(4) { min-width: 24em; }
table.sweep td { white-space: nowrap; }
table.sweep td.now { background: #e7f0fa; }
.unknown { color: #8c6d1f; font-size: 0.9em; }
"""


def examples_table(run: RunData) -> str:
    """A few rejected documents per reason, with the value that failed (--keep-rejected)."""
    examples = rejected_examples(WorkDir(run.output_dir), per_reason=2)
    if not examples:
        return ('<p class="fine">The batches kept no rejected documents to read (--keep-rejected 0, or a run of an '
                'older corefprep).</p>')
    rules = recorded_rules(WorkDir(run.output_dir))
    at_offset = {c.reason for c in rules.checks if c.at_offset} if rules is not None else set()
    rows = []
    for e in examples:
        measured = "" if e.measured is None else _number(e.measured)
        if e.reason in at_offset and e.measured is not None and 0 <= e.measured < len(e.text):
            measured = f"at {measured}: {e.text[int(e.measured):int(e.measured) + 6]}"
        if e.limit:
            measured += f" (passes: {e.limit})"
        text = " ".join(e.text.split())
        rows.append([e.reason, measured, f"{e.where}, doc_index {e.doc_index}, {e.chars:,} chars",
                     text[:160] + ("…" if len(text) > 160 else "")])
    caption = ('<p class="caption">The first documents of each reason (in input order) that the batches kept to '
               'read, with what the rule that rejected them measured; all of them, with every measured value, are '
               'in work/filter/rejected_NNNNN.parquet (<code>corefprep explain FILE:LINE</code> shows every rule on '
               'one).</p>')
    return caption + _table(["reason", "measured", "document", "text"], rows, css="examples")


def _number(v: float) -> str:
    return f"{v:,.0f}" if float(v).is_integer() else f"{v:.4g}"


def sweep_table(run: RunData) -> str:
    """How many documents each threshold keeps at nearby values, from the recorded values."""
    work = WorkDir(run.output_dir)
    rules = recorded_rules(work)
    if rules is None:
        return '<p class="note">The run has no manifest: no rules to vary.</p>'
    try:
        sw = sweep(work, rules)
    except CorefprepError as exc:
        return f'<p class="note">{html.escape(str(exc))}</p>'
    now = next((r.kept for r in sw.rows if r.current), None)
    by_field: dict[str, list[SweepRow]] = {}
    for r in sw.rows:
        by_field.setdefault(r.field, []).append(r)
    width = max(len(v) for v in by_field.values())
    body = []
    for name, variants in by_field.items():
        cells = []
        for r in variants:
            change = "" if now is None or r.current else f" ({r.kept - now:+,})"
            unknown = f'<br><span class="unknown">+{r.unknown:,} unknown</span>' if r.unknown else ""
            cls = ' class="now"' if r.current else ""
            cells.append(f"<td{cls}><b>{html.escape(str(r.value))}</b>: {r.kept:,}{change}{unknown}</td>")
        cells += ["<td></td>"] * (width - len(variants))
        body.append(f"<tr><td>--{html.escape(name.replace('_', '-'))}</td>{''.join(cells)}</tr>")
    over = (f"over the {sw.documents:,} documents of the first {sw.batches} of {sw.of_batches} batches"
            if sw.batches < sw.of_batches else f"over all {sw.documents:,} decided documents")
    note = (f'<p class="caption">Documents kept with one threshold at another value and the others as the run had '
            f'them (the value it had is shaded), {over}, before deduplication ({sw.left_out:,} malformed, Kiwi-error '
            'or quarantined documents left out). "unknown": documents whose verdict at that value needs a value the '
            'filter never measured (it stopped at an earlier rule); rerunning with that value analyses only those. '
            'Computed from the recorded values, no document analysed.</p>')
    head = "<tr><th>threshold</th>" + f"<th colspan=\"{width}\">value: documents kept (change)</th></tr>"
    return note + f'<table class="sweep"><thead>{head}</thead><tbody>{"".join(body)}</tbody></table>'


def render_html(run: RunData, plots: list[Plot], hangul: str | None) -> str:
    out = [f"<!DOCTYPE html><html lang=\"en\"><head><meta charset=\"utf-8\"><title>corefprep report — "
           f"{html.escape(str(run.output_dir))}</title><style>{CSS}</style></head><body>"]
    out.append(f"<h1>corefprep report</h1><p class=\"sub\">{html.escape(str(run.output_dir))} — made "
               f"{time.strftime('%Y-%m-%d %H:%M:%S UTC', time.gmtime())}</p>")
    summary = "".join(f"<tr><td>{html.escape(k)}</td><td>{html.escape(v)}</td></tr>" for k, v in summary_rows(run))
    out.append(f"<table class=\"summary\"><tbody>{summary}</tbody></table>")
    for p in plots:
        out.append(f"<h2 id=\"{html.escape(p.key)}\">{html.escape(p.title)}</h2>")
        if p.png is not None:
            data = base64.b64encode(p.png).decode("ascii")
            out.append(f"<img src=\"data:image/png;base64,{data}\" alt=\"{html.escape(p.title)}\">")
            if p.caption:
                out.append(f"<p class=\"caption\">{html.escape(p.caption)}</p>")
        if p.note:
            out.append(f"<p class=\"note\">{html.escape(p.note)}</p>")
        if p.key == "rejections":
            out.append("<h3 id=\"examples\">Rejected documents to read</h3>")
            out.append(examples_table(run))
            out.append("<h3 id=\"thresholds\">What nearby thresholds would keep</h3>")
            out.append(sweep_table(run))
        if p.key.startswith("entities") and p.png is not None:
            ds = next((d for d in run.datasets if p.key in ("entities", f"entities_{d.name}")), None)
            if ds is not None:
                out.append("<details><summary>top entities</summary>" + entity_table(ds, hangul) + "</details>")
    out.append("<h2 id=\"quarantine\">Quarantined documents</h2>")
    out.append("<p class=\"caption\">Documents that killed their worker twice (worker_died) or ran past "
               "--doc-timeout (timeout); they count as rejected.</p>")
    out.append(quarantine_table(run))
    out.append("<h2 id=\"malformed\">Malformed records</h2>")
    out.append(malformed_table(run))
    out.append("</body></html>\n")
    return "\n".join(out)


def write_report(output_dir: Path, out_dir: Path | None = None) -> Path:
    """Write the PNGs and ``report.html`` into ``out_dir`` (default OUTPUT_DIR/report); returns the page."""
    try:
        import matplotlib  # noqa: F401
    except ImportError:
        raise CorefprepError("corefprep report needs matplotlib; install it with `pip install matplotlib`") from None
    run = load_run(Path(output_dir))
    out = Path(out_dir) if out_dir is not None else Path(output_dir) / "report"
    try:
        out.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise CorefprepError(f"cannot create the report directory {out} ({exc.strerror})") from None
    hangul = find_hangul_font()
    with plot_style(hangul):
        plots = build_plots(run, hangul)
    for p in plots:
        if p.png is not None:
            atomic_write_bytes(out / f"{p.key}.png", p.png)
    page = out / "report.html"
    atomic_write_bytes(page, render_html(run, plots, hangul).encode("utf-8"))
    return page

