"""What every figure of a report shares: size, style, colours, axis formats and the PNG encoding.

Figures are drawn with matplotlib's object API on the Agg canvas: no pyplot and no global backend,
so that a report made inside another program (a notebook, a trainer) leaves its matplotlib as it was.
"""

from __future__ import annotations

import io
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any, NamedTuple

from .status import duration

DPI = 100
WIDTH = 10.0  # inches: 1000 px wide at DPI
ACCENT, KEPT, WARN = "#3b6ea8", "#3a9a5b", "#c0504d"


class Canvas(NamedTuple):
    fig: Any  # matplotlib.figure.Figure
    ax: Any  # 2-d array of Axes, also for a single one


class Drawn(NamedTuple):
    """A plot function's result: the figure and the caption the page prints under it."""

    fig: Any
    caption: str


@contextmanager
def plot_style(hangul_family: str | None) -> Iterator[None]:
    """Settings for every figure of a report; Hangul falls back to ``hangul_family`` glyph by glyph."""
    import matplotlib

    families = ["DejaVu Sans"] + ([hangul_family] if hangul_family else [])
    with matplotlib.rc_context({"font.family": families, "axes.unicode_minus": False, "font.size": 10,
                                "axes.titlesize": 11, "axes.spines.top": False, "axes.spines.right": False,
                                "axes.grid": True, "grid.alpha": 0.3}):
        yield


def new_figure(height: float, nrows: int = 1, ncols: int = 1, **kw: Any) -> Canvas:
    from matplotlib.backends.backend_agg import FigureCanvasAgg
    from matplotlib.figure import Figure

    fig = Figure(figsize=(WIDTH, height), layout="constrained")
    FigureCanvasAgg(fig)
    return Canvas(fig, fig.subplots(nrows, ncols, squeeze=False, **kw))


def png_bytes(fig: Any) -> bytes:
    buf = io.BytesIO()
    fig.savefig(buf, format="png", dpi=DPI)
    return buf.getvalue()


def batch_axis(ax: Any, ks: list[int]) -> None:
    """Batch numbers are whole: a handful of batches get a tick each (one batch would otherwise be
    drawn on an axis of -0.04 … 0.04), many get whole-number ticks."""
    if len(set(ks)) <= 12:
        ax.set_xticks(sorted(set(ks)))
        ax.set_xlim(min(ks) - 0.6, max(ks) + 0.6)
    else:
        ax.xaxis.get_major_locator().set_params(integer=True)


def plain_log_ticks(axis: Any) -> None:
    """Log-axis ticks at 1, 2, 5, 10, 20, 50 ... as plain numbers instead of powers of ten."""
    from matplotlib.ticker import FuncFormatter, LogLocator, NullFormatter

    axis.set_major_locator(LogLocator(base=10, subs=(1.0, 2.0, 5.0)))
    axis.set_major_formatter(FuncFormatter(lambda v, _pos: f"{v:,.0f}" if v >= 1 else f"{v:g}"))
    axis.set_minor_formatter(NullFormatter())


def compact(v: float, _pos: Any = None) -> str:
    """Axis numbers without an offset: 950, 12k, 3.5M."""
    for unit, div in (("B", 1e9), ("M", 1e6), ("k", 1e3)):
        if abs(v) >= div:
            return f"{v / div:.3g}{unit}"
    return f"{v:.3g}"


def share(n: int, total: int) -> str:
    """``n`` in % of ``total``, with a significant digit even for tiny shares."""
    x = 100 * n / total if total else 0.0
    return f"{x:.1f}%" if x >= 0.1 or x == 0 else f"{x:.2g}%"


def secs(s: float) -> str:
    return f"{s:.2f} s" if s < 10 else duration(s)
