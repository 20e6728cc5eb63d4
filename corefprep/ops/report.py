"""`corefprep report`: PNG plots and one self-contained HTML page about a run.

The page shows what the numbers in `corefprep status` and metadata.json mean for a corpus: how
the pass rate and speed moved from batch to batch, why documents were rejected, how long the
documents were before and after the filter, which entities the samples are about, how far a
mention sits from its antecedent, how many tokens a row holds and where the time went. Each
plot reads only what a run leaves behind (batch stats, the final dataset's metadata.json and,
when the metadata holds no token histogram, the dataset's ``length`` column, streamed), and a
plot whose data is missing (a run stopped after the filter, a clm dataset without entities)
becomes a note saying why.

The work is split by concept: `report_data` reads the run into typed records (`report_hist`
holds the histogram arithmetic), `report_plots` draws one picture per function on the canvas
`report_canvas` sets up (Korean names with `report_hangul`'s font or romanised), and
`report_page` writes the HTML. This module puts them together; the names other modules and the
tests use are importable from here.
"""

from __future__ import annotations

from pathlib import Path

from ..core.atomic import atomic_write_bytes
from ..core.errors import CorefprepError
from .report_canvas import plot_style, png_bytes
from .report_data import DatasetData, NoData, RunData, load_run, load_tables, token_counts
from .report_hangul import find_hangul_font, romanize
from .report_hist import Hist, histogram_of
from .report_page import render_html
from .report_plots import (
    Plot,
    build_plots,
    plot_batches,
    plot_dedup,
    plot_distances,
    plot_entities,
    plot_lengths,
    plot_rejections,
    plot_timings,
    plot_tokens,
)
from .report_plots import draw_plot as _draw

__all__ = [
    "DatasetData",
    "Hist",
    "NoData",
    "Plot",
    "RunData",
    "_draw",
    "build_plots",
    "find_hangul_font",
    "histogram_of",
    "load_run",
    "plot_batches",
    "plot_dedup",
    "plot_distances",
    "plot_entities",
    "plot_lengths",
    "plot_rejections",
    "plot_style",
    "plot_timings",
    "plot_tokens",
    "png_bytes",
    "romanize",
    "token_counts",
    "write_report",
]


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
    # looked up in this module's namespace when called, so that a test can make it find no font
    hangul = find_hangul_font()
    with plot_style(hangul):
        plots = build_plots(run, hangul)
    for p in plots:
        if p.png is not None:
            atomic_write_bytes(out / f"{p.key}.png", p.png)
    page = out / "report.html"
    tables = load_tables(run.output_dir)
    atomic_write_bytes(page, render_html(run, plots, hangul, tables).encode("utf-8"))
    return page
