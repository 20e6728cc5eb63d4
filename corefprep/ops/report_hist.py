"""Histograms for the report: the shapes metadata.json records them in, coarser bins, mean and median.

Pure arithmetic on bins; reading them from a run is `report_data`'s job.
"""

from __future__ import annotations

from typing import Any, NamedTuple


class Hist(NamedTuple):
    """Counts in bins [edges[i], edges[i+1])."""

    edges: list[float]
    counts: list[int]


class HistStats(NamedTuple):
    n: int
    mean: float
    median: float


class _Bin(NamedTuple):
    lo: int
    hi: int  # exclusive
    count: int


def histogram_of(obj: Any) -> Hist | None:
    """A histogram as metadata.json records one: ``{"edges": [...], "counts": [...]}``, or bins
    labelled ``"lo-hi"`` (inclusive) such as ``distance_distribution``; None for anything else."""
    if isinstance(obj, dict) and "edges" in obj and "counts" in obj:
        edges, counts = list(obj["edges"]), list(obj["counts"])
        if len(edges) == len(counts) + 1 and counts:
            return Hist([float(e) for e in edges], [int(c) for c in counts])
        return None
    if isinstance(obj, dict) and obj:
        return _labelled_histogram(obj)
    return None


def _labelled_histogram(obj: dict[Any, Any]) -> Hist | None:
    """Bins labelled ``"lo-hi"``; None unless every label is one and the bins leave no gap."""
    bins = []
    for label, n in obj.items():
        lo, sep, hi = str(label).partition("-")
        if not sep or not lo.strip().isdigit() or not hi.strip().isdigit():
            return None
        bins.append(_Bin(int(lo), int(hi) + 1, int(n)))
    bins.sort()
    if any(a.hi != b.lo for a, b in zip(bins, bins[1:], strict=False)):
        return None  # not contiguous
    return Hist([float(b.lo) for b in bins] + [float(bins[-1].hi)], [b.count for b in bins])


def rebin(h: Hist, max_bins: int = 64) -> Hist:
    """Adjacent bins summed so that there are at most ``max_bins``."""
    step = -(-len(h.counts) // max_bins)
    if step <= 1:
        return h
    counts = [sum(h.counts[i : i + step]) for i in range(0, len(h.counts), step)]
    edges = [h.edges[i] for i in range(0, len(h.counts), step)] + [h.edges[-1]]
    return Hist(edges, counts)


def hist_stats(h: Hist) -> HistStats:
    """Mean and median from the bins (bin midpoints; exact for unit-wide bins)."""
    n = sum(h.counts)
    if not n:
        return HistStats(0, 0.0, 0.0)
    # a unit-wide bin holds one integer value, whose midpoint would be off by a half
    mids = [(a + b) / 2 if b - a > 1 else a for a, b in zip(h.edges, h.edges[1:], strict=False)]
    mean = sum(m * c for m, c in zip(mids, h.counts, strict=True)) / n
    seen = 0
    median = mids[-1]
    for m, c in zip(mids, h.counts, strict=True):
        seen += c
        if seen * 2 >= n:
            median = m
            break
    return HistStats(n, mean, median)
