"""Bounded statistics (corefprep/core/histogram.py): fixed bins, exact count/min/max/mean, median from
the bins (exact for one-unit bins), compared with Python's statistics module."""

from __future__ import annotations

import random
import statistics

import numpy as np
import pytest

from corefprep.core.histogram import Histogram


@pytest.mark.parametrize("n", [1, 2, 7, 1000, 70_001])  # 70,001 crosses the internal flush size
def test_one_unit_bins_give_exact_statistics(n):
    rng = random.Random(n)
    values = [rng.randint(10, 2000) for _ in range(n)]
    h = Histogram.uniform(10, 2000)
    for v in values:
        h.add(v)
    st = h.stats()
    assert st["min"] == min(values) and st["max"] == max(values)
    assert st["mean"] == round(statistics.fmean(values), 2)
    assert st["median"] == statistics.median(values)
    assert int(h.counts.sum()) == n


def test_wide_bins_interpolate_the_median_within_a_bin():
    rng = random.Random(1)
    values = [rng.randint(0, 100_000) for _ in range(5001)]
    h = Histogram.uniform(0, 100_000, max_bins=1000)  # bins of 101
    h.extend(np.asarray(values))
    width = int(h.edges[1] - h.edges[0])
    assert width == 101 and len(h.counts) <= 1000
    assert abs(h.stats()["median"] - statistics.median(values)) <= width
    assert h.stats()["max"] == max(values)  # exact whatever the bins


def test_values_outside_the_edges_are_counted_and_kept_exact():
    h = Histogram([10, 50, 100])
    h.extend([5, 10, 49, 50, 99, 100, 5000])
    d = h.as_dict()
    assert d == {"edges": [10, 50, 100], "counts": [2, 2], "below": 1, "above": 2}
    assert h.stats()["min"] == 5 and h.stats()["max"] == 5000
    assert 50 <= h.stats()["median"] < 100  # the true median (50) is in that bin
    assert h.distribution() == {"10-49": 2, "50-99": 2}


def test_as_dict_sums_adjacent_bins():
    h = Histogram.uniform(0, 999)
    h.extend(np.arange(1000))
    d = h.as_dict(max_bins=10)
    assert len(d["counts"]) == 10 and d["counts"] == [100] * 10
    assert d["edges"] == list(range(0, 1001, 100))


def test_empty_and_bad_edges():
    assert Histogram.uniform(0, 9).stats() == {"min": 0, "max": 0, "mean": 0.0, "median": 0.0}
    with pytest.raises(ValueError):
        Histogram([3, 3])
