"""The report's pictures: one function per plot, and the list of plots a page shows.

Each ``plot_*`` function returns the figure and its caption, or raises `NoData` when the run does
not hold its data (a run stopped after the filter, a clm dataset without entities); `draw_plot`
turns either into a `Plot` for the page.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from ..core.plural import count, noun
from ..filter.batch import LENGTH_EDGES
from ..filter.records import QUARANTINE_REASONS
from .report_canvas import (
    ACCENT,
    KEPT,
    WARN,
    Drawn,
    batch_axis,
    compact,
    new_figure,
    plain_log_ticks,
    png_bytes,
    secs,
    share,
)
from .report_data import (
    DatasetData,
    NoData,
    RunData,
    cluster_sizes,
    duplicate_share,
    length_totals,
    stage_timings,
    token_counts,
)
from .report_hangul import romanize
from .report_hist import Hist, hist_stats, histogram_of, rebin
from .status import duration

TOKEN_HIST_KEYS = ("length_distribution", "token_length_distribution", "tokens_per_row", "length_histogram")
DISTANCE_HIST_KEYS = ("distance_histogram",)


@dataclass
class Plot:
    key: str  # file stem of the PNG
    title: str
    caption: str = ""
    png: bytes | None = None
    note: str | None = None  # why there is no plot (or a remark beside it)


def draw_plot(key: str, title: str, fn: Callable[..., Drawn], *args: Any) -> Plot:
    """One plot, or a note when its data is missing or not what this corefprep expects."""
    p = Plot(key, title)
    try:
        fig, p.caption = fn(*args)
        p.png = png_bytes(fig)
    except NoData as exc:
        p.note = str(exc)
    except (KeyError, TypeError, ValueError, IndexError) as exc:
        # the records of another corefprep version, or edited by hand: one plot the less, the
        # rest of the report still made, and the page says what was wrong
        p.note = f"the run's records hold data this plot cannot read ({type(exc).__name__}: {exc})"
    return p


def build_plots(run: RunData, hangul: str | None) -> list[Plot]:
    plots = [
        draw_plot("batches", "Pass rate and speed per batch", plot_batches, run),
        draw_plot("rejections", "Rejections and malformed records by reason", plot_rejections, run),
        draw_plot("lengths", "Document length before and after the filter", plot_lengths, run),
        draw_plot("dedup", "Duplicates", plot_dedup, run),
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
            draw_plot(f"entities{tag}", "Entities" + suffix, plot_entities, ds, hangul),
            draw_plot(f"distances{tag}", "Antecedent-mention distance" + suffix, plot_distances, ds),
            draw_plot(f"tokens{tag}", "Tokens per row" + suffix, plot_tokens, ds),
        ]
    plots.append(draw_plot("timings", "Timings", plot_timings, run))
    return plots


# --- the filter and deduplication -----------------------------------------------------------


def plot_batches(run: RunData) -> Drawn:
    stats = run.stats
    if not stats:
        raise NoData("no filter batch is finished yet")
    st = run.status
    ks = [s.batch for s in stats]
    rate = [100 * s.pass_rate for s in stats]
    speed = [s.docs_per_s or 0.0 for s in stats]
    fig, ax = new_figure(5.0, 2, 1, sharex=True)
    style = {"marker": "o" if len(ks) <= 60 else None, "markersize": 3, "linewidth": 1.2}
    ax[0, 0].plot(ks, rate, color=ACCENT, **style)
    overall = 100 * st.pass_rate if st.pass_rate is not None else None
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
    failed = [b.batch for b in st.failed_batches]
    for a in (ax[0, 0], ax[1, 0]):
        for k in failed:
            a.axvspan(k - 0.5, k + 0.5, color=WARN, alpha=0.25, linewidth=0)
    batch_axis(ax[1, 0], ks)
    caption = (f"{count(len(stats), 'finished batch', 'finished batches')} of up to {st.batch_docs:,} documents; "
               f"{st.docs_per_s or 0:,.0f} docs/s over {noun(len(stats), 'it', 'all of them')}")
    if failed:
        caption += f"; failed batches shaded red ({len(failed)})"
    few = few_batches_note(len(stats), st.batch_docs)
    if few:
        ax[0, 0].text(0.5, 0.5, few_batches_mark(len(stats)), transform=ax[0, 0].transAxes, ha="center",
                      va="center", fontsize=9, color="grey")
        caption += ". " + few
    return Drawn(fig, caption)


# Fewer finished batches than this make the per-batch plots a point or two: they say why.
FEW_BATCHES = 3


def few_batches_note(batches: int, batch_docs: int) -> str | None:
    """Why a per-batch plot has only a point or two (None when it has enough)."""
    if batches >= FEW_BATCHES:
        return None
    return (f"With {count(batches, 'batch')}, these plots have {count(batches, 'point')}: a batch holds up to "
            f"--batch-docs {batch_docs:,} documents, so a small corpus is one batch. A smaller --batch-docs gives "
            "more points and the same dataset")


def few_batches_mark(batches: int) -> str:
    return f"{count(batches, 'batch')} only: see the caption"


def plot_dedup(run: RunData) -> Drawn:
    d = run.status.dedup
    if d is None:
        raise NoData("the run did not deduplicate (--dedup none)")
    sizes = cluster_sizes(d)
    removed = duplicate_share(run.status, d)
    fig, ax = new_figure(3.8, 1, 2)
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
    b.plot(removed.batches, removed.values, color=WARN, marker="o" if len(removed.batches) <= 60 else None,
           markersize=3, linewidth=1.2)
    b.set_ylim(0, max(max(removed.values, default=0) * 1.2, 1.0))
    b.set_ylabel("removed (% of kept)")
    b.set_xlabel("batch")
    b.set_title("duplicates removed per batch")
    batch_axis(b, removed.batches)
    r = d.by_reason
    caption = (f"{d.mode}: {d.removed:,} of {d.documents:,} kept documents removed "
               f"({r.get('duplicate_exact', 0):,} exact, {r.get('duplicate_near', 0):,} near) in "
               f"{sum(sizes.values()):,} clusters; each cluster keeps its lowest doc_index")
    if not d.up_to_date:
        caption += " — out of date: filter batches changed since"
    return Drawn(fig, caption)


def plot_rejections(run: RunData) -> Drawn:
    from matplotlib.ticker import FuncFormatter

    t = run.status.totals
    if not t.documents:
        raise NoData("no filter batch is finished yet")
    rej = sorted(t.rejected.items(), key=lambda x: x[1])
    mal = sorted(t.malformed.items(), key=lambda x: x[1])
    if not rej and not mal:
        raise NoData("every document passed: nothing was rejected or malformed")
    panels = [(items, color, what) for items, color, what in ((rej, ACCENT, "rejected"), (mal, WARN, "malformed"))
              if items]
    fig, ax = new_figure(1.0 + 0.3 * (len(rej) + len(mal)) + 0.5 * len(panels), len(panels), 1,
                         height_ratios=[len(items) + 1 for items, _c, _w in panels])
    for a, (items, color, what) in zip(ax[:, 0], panels, strict=True):
        names = [r for r, _ in items]
        counts = [n for _, n in items]
        bars = a.barh(names, counts, color=color)
        a.bar_label(bars, labels=[f"{n:,} ({share(n, t.documents)})" for n in counts], padding=3, fontsize=8)
        a.set_xlim(0, max(counts) * 1.3)
        a.xaxis.get_major_locator().set_params(integer=True)
        a.xaxis.set_major_formatter(FuncFormatter(compact))
        a.set_title(f"{what}: {sum(counts):,} of {t.documents:,} documents, by reason")
        a.grid(axis="y", visible=False)
    ax[-1, 0].set_xlabel("documents")
    quarantined = [r for r in QUARANTINE_REASONS if t.rejected.get(r)]
    caption = "Each document is counted once, under the first rule it failed."
    if not mal:
        caption += " No record was malformed."
    if not rej:
        caption += " No document was rejected."
    if quarantined:
        caption += " worker_died / timeout are quarantined documents (table below)."
    return Drawn(fig, caption)


def plot_lengths(run: RunData) -> Drawn:
    from matplotlib.ticker import FuncFormatter

    n = len(LENGTH_EDGES)
    totals = length_totals(run.stats)
    if not totals.batches:
        raise NoData("the finished batches hold no length histograms (they were made by an older corefprep)")
    nz = [i for i, c in enumerate(totals.read) if c]
    if not nz:
        raise NoData("no well-formed document was read")
    lo, hi = nz[0], nz[-1] + 1
    # the last bin is open-ended: drawn a bin's growth (25%) wide
    edges = list(LENGTH_EDGES[lo:hi]) + [LENGTH_EDGES[hi] if hi < n else LENGTH_EDGES[-1] * 1.25]
    fig, ax = new_figure(3.8)
    a = ax[0, 0]
    a.stairs(totals.read[lo:hi], edges, fill=True, color=ACCENT, alpha=0.35, label=f"read ({sum(totals.read):,})")
    a.stairs(totals.kept[lo:hi], edges, fill=True, color=KEPT, alpha=0.8, label=f"kept ({sum(totals.kept):,})")
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
    plain_log_ticks(a.xaxis)
    a.yaxis.set_major_formatter(FuncFormatter(lambda v, _pos: f"{v:,.0f}"))
    a.legend(loc="best", fontsize=8)
    a.set_title("document length before and after the filter")
    skipped = len(run.stats) - totals.batches
    caption = "Bins grow by 25% each; counts on a log scale (kept documents are usually a small share)."
    if skipped:
        caption += f" {count(skipped, 'batch')} without length histograms {noun(skipped, 'is', 'are')} left out."
    return Drawn(fig, caption)


def plot_timings(run: RunData) -> Drawn:
    stage_t = stage_timings(run.datasets)
    if not run.stats and not stage_t:
        raise NoData("no batch is finished and no dataset records its timings yet")
    panels = int(bool(stage_t)) + int(bool(run.stats))
    fig, ax = new_figure(4.2, 1, panels, width_ratios=[1, 1.6][:panels] if panels == 2 else None)
    if stage_t:
        a = ax[0, 0]
        names = list(stage_t)[::-1]
        bars = a.barh(names, [stage_t[n] for n in names], color=ACCENT)
        a.bar_label(bars, labels=[secs(stage_t[n]) for n in names], padding=3, fontsize=8)
        a.set_xlim(0, max(stage_t.values()) * 1.35 or 1)
        a.set_title("seconds per stage (the run that built the dataset)")
        a.grid(axis="y", visible=False)
    if run.stats:
        b = ax[0, panels - 1]
        ks = [s.batch for s in run.stats]
        batch_secs = [float(s.seconds or 0) for s in run.stats]
        reads = [float(s.read_seconds or 0) for s in run.stats]
        if len(ks) <= 60:
            b.bar(ks, batch_secs, color=ACCENT, alpha=0.8, label="batch", width=0.8)
            b.bar(ks, reads, color=KEPT, alpha=0.9, label="reading + cheap rules", width=0.8)
        else:  # hundreds of bars turn into noise; lines show the trend
            b.plot(ks, batch_secs, color=ACCENT, linewidth=1, label="batch")
            b.plot(ks, reads, color=KEPT, linewidth=1, label="reading + cheap rules")
        b.set_ylim(0, max(batch_secs) * 1.3 or 1)
        b.legend(loc="upper right", fontsize=8, ncols=2)
        b.set_xlabel("batch")
        b.set_ylabel("seconds")
        batch_axis(b, ks)
        b.set_title("seconds per filter batch")
    caption = f"Filtering took {duration(run.status.filter_seconds or 0)} over {count(len(run.stats), 'batch')}."
    few = few_batches_note(len(run.stats), run.status.batch_docs) if run.stats else None
    if few:
        caption += f" {few}."
    caption += (" Stage times come from the final dataset's metadata.json." if stage_t else
                " Stage times are recorded with the final dataset (none yet).")
    return Drawn(fig, caption)


# --- a final dataset ------------------------------------------------------------------------


def plot_entities(ds: DatasetData, hangul: str | None) -> Drawn:
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
    fig, ax = new_figure(4.6, 1, 2, width_ratios=[1.1, 1])
    a = ax[0, 0]
    ranks = list(range(1, len(pairs) + 1))
    counts = [n for _, n in pairs]
    a.loglog(ranks, counts, marker="o", markersize=3, linewidth=1, color=ACCENT)
    cap = meta.get("max_entity_freq")
    if cap and cap <= max(counts) * 2:  # a cap far above every count would squash the curve
        a.axhline(cap, color=WARN, linestyle="--", linewidth=1, label=f"--max-entity-freq {cap:,}")
        a.legend(loc="upper right", fontsize=8)
    plain_log_ticks(a.xaxis)
    plain_log_ticks(a.yaxis)
    a.set_xlabel("entity rank")
    a.set_ylabel("samples")
    a.set_title("rank-frequency (log-log)")
    b = ax[0, 1]
    shown = pairs[:15][::-1]  # barh draws bottom-up: the most frequent on top
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
    return Drawn(fig, caption)


def plot_distances(ds: DatasetData) -> Drawn:
    meta = ds.metadata
    if meta.get("dataset_type") == "clm":
        raise NoData(f"{ds.name} is a clm dataset: it has no antecedent-mention pairs")
    h = next((histogram_of(meta[k]) for k in DISTANCE_HIST_KEYS if histogram_of(meta.get(k))), None)
    labelled = meta.get("distance_distribution")
    if h is None and not (isinstance(labelled, dict) and labelled):
        raise NoData(f"{ds.name}'s metadata.json has no distance distribution")
    fig, ax = new_figure(3.6)
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
    return Drawn(fig, caption)


def plot_tokens(ds: DatasetData) -> Drawn:
    meta = ds.metadata
    h: Hist | None = next((histogram_of(meta[k]) for k in TOKEN_HIST_KEYS if histogram_of(meta.get(k))), None)
    source = "the dataset's metadata.json"
    rows = None
    if h is None:
        h, rows = token_counts(ds.path)
        source = "the dataset's rows (metadata.json has no token histogram)"
    st = hist_stats(h)
    h = rebin(h, 64)
    fig, ax = new_figure(3.6)
    a = ax[0, 0]
    a.stairs(h.counts, h.edges, fill=True, color=ACCENT, alpha=0.8)
    seq = meta.get("seq_len")
    if isinstance(seq, int):
        a.axvline(seq, color=WARN, linestyle="--", linewidth=1, label=f"--seq-len {seq:,}")
        a.legend(loc="upper left", fontsize=8)
    _widen_thin_bins(a, h)
    a.set_xlabel("tokens per row")
    a.set_ylabel("rows")
    a.set_title("tokens per row")
    caption = (f"{rows if rows is not None else st.n:,} rows: median {st.median:,.0f}, mean {st.mean:,.1f} "
               f"tokens; from {source}.")
    return Drawn(fig, caption)


def _widen_thin_bins(a: Any, h: Hist) -> None:
    """A few exact lengths (clm blocks are all --seq-len long) would be hairlines: drawn as bars
    wide enough to see, labelled with how many rows each holds."""
    lo, hi = a.get_xlim()
    occupied = [(float(e0), float(e1), int(c)) for e0, e1, c in zip(h.edges[:-1], h.edges[1:], h.counts, strict=True)
                if c]
    if occupied and sum(e1 - e0 for e0, e1, _ in occupied) < (hi - lo) / 40:
        bars = a.bar([(e0 + e1) / 2 for e0, e1, _ in occupied], [c for *_, c in occupied], width=(hi - lo) / 60,
                     color=ACCENT, alpha=0.8)
        a.bar_label(bars, labels=[f"{c:,}" for *_, c in occupied], padding=2, fontsize=8)
        a.set_xlim(lo, hi)
