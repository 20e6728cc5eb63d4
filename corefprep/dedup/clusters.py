"""Clusters: the connected components of the candidate edges, found with numpy arrays.

Documents are numbered densely in ``doc_index`` order (documents of an earlier run given with
``--dedup-against`` first, with negative ids), every edge joins a document to the lowest document of
its band group, and a union-find over the dense numbers hooks the larger root under the smaller one
until nothing changes, compressing paths as it goes. A component's root is then its lowest
document: the one kept. Memory is a few arrays of one integer per document, whatever the number of
edges (they come a chunk at a time).
"""

from __future__ import annotations

from collections.abc import Iterable

import numpy as np


def compress(parent: np.ndarray) -> np.ndarray:
    """Point every node at its root (pointer jumping)."""
    while True:
        grand = parent[parent]
        if np.array_equal(grand, parent):
            return parent
        parent = grand


def union(parent: np.ndarray, a: np.ndarray, b: np.ndarray) -> np.ndarray:
    """Join the nodes ``a[i]`` and ``b[i]``; roots stay the lowest node of their component."""
    while len(a):
        parent = compress(parent)
        ra, rb = parent[a], parent[b]
        differ = ra != rb
        if not differ.any():
            break
        ra, rb = ra[differ], rb[differ]
        a, b = a[differ], b[differ]
        np.minimum.at(parent, np.maximum(ra, rb), np.minimum(ra, rb))
    return compress(parent)


def components(n: int, edges: Iterable[tuple[np.ndarray, np.ndarray]]) -> np.ndarray:
    """The root (lowest member) of every node 0..n-1 after joining each (a, b) pair of ``edges``."""
    parent = np.arange(n, dtype=np.int64)
    for a, b in edges:
        parent = union(parent, a.astype(np.int64, copy=False), b.astype(np.int64, copy=False))
    return parent
