"""Bounded statistics over many integers: fixed-bin histograms with exact count, min, max and mean.

The samples stage sees one distance per sample (hundreds of millions on a large corpus) and the
merge stage one length per row; keeping them all to report a median does not scale. A histogram
over fixed bins costs the same whatever the corpus size; with bins one unit wide (the default for
ranges up to ``max_bins`` values) its median is exact, otherwise it is interpolated within a bin.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

import numpy as np

_FLUSH = 1 << 16  # values buffered before they are binned (one numpy call per flush, not per value)


class Histogram:
    """Counts of integers in the bins ``[edges[i], edges[i + 1])``; values outside the edges are
    counted below/above and still enter count, min, max and mean exactly."""

    def __init__(self, edges: Iterable[int]):
        self.edges = np.asarray(list(edges), dtype=np.int64)
        if len(self.edges) < 2 or np.any(np.diff(self.edges) <= 0):
            raise ValueError("histogram edges must be at least two increasing integers")
        # index 0: below edges[0]; index i: bin i-1; index len(edges): at or above edges[-1]
        self._counts = np.zeros(len(self.edges) + 1, dtype=np.int64)
        self.n = 0
        self.total = 0
        self.min: int | None = None
        self.max: int | None = None
        self._pending: list[int] = []

    @classmethod
    def uniform(cls, lo: int, hi: int, max_bins: int = 4096) -> Histogram:
        """Equal bins covering the integers lo..hi (inclusive), one unit wide when they fit."""
        width = max(1, -(-(hi - lo + 1) // max_bins))
        return cls(range(lo, hi + 1 + width, width))

    def add(self, value: int) -> None:
        self._pending.append(value)
        if len(self._pending) >= _FLUSH:
            self._flush()

    def extend(self, values: Iterable[int] | np.ndarray) -> None:
        if isinstance(values, np.ndarray):
            self._flush()
            self._bin(values.astype(np.int64, copy=False))
            return
        self._pending.extend(values)
        if len(self._pending) >= _FLUSH:
            self._flush()

    def _flush(self) -> None:
        if self._pending:
            v = np.asarray(self._pending, dtype=np.int64)
            self._pending = []
            self._bin(v)

    def _bin(self, v: np.ndarray) -> None:
        if not len(v):
            return
        np.add.at(self._counts, np.searchsorted(self.edges, v, side="right"), 1)
        self.n += len(v)
        self.total += int(v.sum())
        lo, hi = int(v.min()), int(v.max())
        self.min = lo if self.min is None else min(self.min, lo)
        self.max = hi if self.max is None else max(self.max, hi)

    @property
    def counts(self) -> np.ndarray:
        """Counts per bin (without the values below or above the edges)."""
        self._flush()
        return self._counts[1:-1].copy()

    def _value_at(self, rank: int) -> float:
        """The ``rank``-th smallest value (0-based), exact in one-unit bins, else interpolated."""
        cum = np.cumsum(self._counts)
        b = int(np.searchsorted(cum, rank, side="right"))
        assert self.min is not None and self.max is not None
        if b == 0:
            return float(self.min)
        if b == len(self._counts) - 1:
            return float(self.max)
        lo, hi = int(self.edges[b - 1]), int(self.edges[b])
        if hi - lo == 1:
            return float(lo)
        frac = (rank - int(cum[b - 1]) + 0.5) / int(self._counts[b])
        return float(min(max(lo + frac * (hi - lo), self.min), self.max))

    def stats(self) -> dict[str, float]:
        """min, max, mean (exact) and median (from the bins); zeros when empty."""
        self._flush()
        if not self.n:
            return {"min": 0, "max": 0, "mean": 0.0, "median": 0.0}
        median = (self._value_at((self.n - 1) // 2) + self._value_at(self.n // 2)) / 2
        return {"min": self.min, "max": self.max, "mean": round(self.total / self.n, 2), "median": round(median, 2)}

    def as_dict(self, max_bins: int = 100) -> dict[str, Any]:
        """Edges and counts for a plot, adjacent bins summed so that there are at most ``max_bins``."""
        self._flush()
        inner = self._counts[1:-1]
        step = max(1, -(-len(inner) // max_bins))
        idx = np.arange(0, len(inner), step)
        counts = np.add.reduceat(inner, idx) if len(inner) else inner
        edges = np.append(self.edges[idx], self.edges[-1])
        return {"edges": edges.tolist(), "counts": counts.tolist(), "below": int(self._counts[0]),
                "above": int(self._counts[-1])}

    def distribution(self) -> dict[str, int]:
        """Counts per bin labelled ``"lo-hi"`` (inclusive integer bounds)."""
        self._flush()
        return {f"{int(a)}-{int(b) - 1}": int(c)
                for a, b, c in zip(self.edges[:-1], self.edges[1:], self._counts[1:-1], strict=True)}
