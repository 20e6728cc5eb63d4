"""Repetition measures of Gopher (Rae et al. 2021, table A1), as FineWeb-2 applies them.

Lines:
- duplicate-line fraction: of the lines (split on runs of newlines), the share that repeat an
  earlier line;
- duplicated-line characters (FineWeb's variant): characters of non-blank lines that repeat an
  earlier line, over the characters of the text other than newlines.

Word n-grams (an n-gram is a sequence of n words; equal sequences are the same n-gram):
- top n-gram character fraction: the most frequent n-gram (the first to occur among equally
  frequent ones) times its count, its length counted with one space between words, over the text
  length;
- duplicate n-gram character fraction: scanning left to right, an n-gram seen before adds its
  characters (words joined without spaces) and the scan jumps past it, otherwise it is remembered
  and the scan moves one word; the sum over the text length.

The n-gram measures work on integer ids with numpy: each n-gram gets an exact id built from the
(n-1)-gram's id and the next word's id, so no n-gram strings are ever joined; the sequential
duplicate scan only visits positions whose n-gram occurs more than once in the document.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

import numpy as np

_NEWLINES = re.compile("\n+")


def duplicate_line_fraction(text: str) -> float:
    """Share of the lines (split on runs of newlines, kept as they are) that repeat an earlier line."""
    lines = _NEWLINES.split(text)
    return (len(lines) - len(set(lines))) / len(lines)


def duplicated_line_chars(lines: list[str]) -> int:
    """Characters of the lines that repeat an earlier line."""
    seen: set[str] = set()
    dup = 0
    for line in lines:
        if line in seen:
            dup += len(line)
        else:
            seen.add(line)
    return dup


def ngram_ids(ids: np.ndarray, n_max: int) -> Iterator[tuple[int, np.ndarray, np.ndarray, np.ndarray]]:
    """For n = 1..n_max (while the text has n words): (n, ids of the n-grams at each start position,
    count of each n-gram id, first start position of each n-gram id)."""
    _, kn, counts = np.unique(ids, return_inverse=True, return_counts=True)
    first = _first_positions(kn, len(counts))
    yield 1, kn, counts, first
    words = kn  # dense word ids
    vocab = len(counts)
    for n in range(2, n_max + 1):
        if len(ids) < n:
            return
        pair = kn[:-1].astype(np.int64) * vocab + words[n - 1:]
        _, kn, counts = np.unique(pair, return_inverse=True, return_counts=True)
        yield n, kn, counts, _first_positions(kn, len(counts))


def _first_positions(kn: np.ndarray, k: int) -> np.ndarray:
    first = np.full(k, len(kn), dtype=np.int64)
    np.minimum.at(first, kn, np.arange(len(kn), dtype=np.int64))
    return first


def top_ngram_chars(n: int, kn: np.ndarray, counts: np.ndarray, first: np.ndarray, cum: np.ndarray) -> int:
    """Characters covered by the most frequent n-gram: count x length with spaces between words."""
    top = counts.max()
    pos = int(first[counts == top].min())
    return int(top) * int(cum[pos + n] - cum[pos] + n - 1)


def duplicate_ngram_chars(n: int, kn: np.ndarray, counts: np.ndarray, cum: np.ndarray) -> int:
    """Characters of n-grams seen earlier in the greedy left-to-right scan (module docstring)."""
    candidates = np.flatnonzero(counts[kn] > 1)
    if candidates.size == 0:
        return 0
    keys = kn[candidates].tolist()
    seen: set[int] = set()
    repeated, nxt = 0, 0
    for pos, key in zip(candidates.tolist(), keys, strict=True):
        if pos < nxt:  # inside an n-gram the scan jumped over
            continue
        if key in seen:
            repeated += int(cum[pos + n] - cum[pos])
            nxt = pos + n
        else:
            seen.add(key)
            nxt = pos + 1
    return repeated
