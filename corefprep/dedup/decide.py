"""From the units' edge files to the result (steps 3 and 4 of the stage), in bounded chunks.

Memory is a few arrays of one number per document (every document's doc_index, its root, the first
document sharing its exact hash, its cluster's size) and one chunk: signature files, edge files and
result rows are read and written :data:`CHUNK` at a time, never all at once.

A removed document is ``duplicate_exact`` when its text is its kept document's: the kept document is
the lowest of the cluster, so when the two share the exact hash it is also the lowest of that hash's
group, which is the document the exact unit joined every other member of the group to. So the exact
unit's edges tell which removed documents are exact copies; no document's hash is held.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path

import numpy as np
import pyarrow as pa
import pyarrow.parquet as pq

from ..core.atomic import atomic_writing
from ..core.errors import CorefprepError
from ..signatures.minhash import Signer
from ..signatures.store import signature_chunks, signature_count
from .bands import edge_chunks
from .clusters import components
from .sources import Source

CHUNK = 1 << 18  # documents, signature records or edges handled at a time
RESULT_ROWS = 1 << 20  # rows per row group: pyarrow's default, so a file is what one write_table made
REMOVED = pa.schema([("doc_index", pa.int64()), ("duplicate_of", pa.int64()), ("duplicate_of_run", pa.string()),
                     ("reason", pa.string()), ("batch", pa.int32())])
CLUSTERED = pa.schema([("doc_index", pa.int64()), ("cluster", pa.int64()), ("dup_count", pa.int32())])


@dataclass(frozen=True)
class Documents:
    """Every signed document, numbered densely in doc_index order (an earlier run's first)."""

    ids: np.ndarray  # doc_index plus its source's offset, increasing
    starts: np.ndarray  # the first number of each source
    no_shingle: int  # this run's documents too short for one shingle

    @property
    def mine(self) -> int:
        """The first number of this run's documents (the last source)."""
        return int(self.starts[-1]) if len(self.starts) else 0


def documents(sources: list[Source], signer: Signer) -> Documents:
    """Read the signature files' doc_index and shingle count, a chunk at a time."""
    ids = np.empty(sum(signature_count(s.directory, k) for s in sources for k in s.batches), dtype=np.int64)
    starts, pos, no_shingle = [], 0, 0
    for i, s in enumerate(sources):
        starts.append(pos)
        for k in s.batches:
            for chunk in signature_chunks(s.directory, signer, k, CHUNK):
                ids[pos:pos + len(chunk)] = chunk["doc_index"].astype(np.int64) + s.offset
                pos += len(chunk)
                if i == len(sources) - 1:
                    no_shingle += int(np.count_nonzero(chunk["shingles"] == 0))
    # each file is in doc_index order and the files follow each other: increasing unless two name one document
    if len(ids) > 1 and np.any(ids[1:] <= ids[:-1]):
        raise CorefprepError("two signatures name the same document; delete work/dedup and rerun")
    return Documents(ids, np.array(starts, dtype=np.int64), no_shingle)


def roots(docs: Documents, bands_dir: Path, units: list[str]) -> tuple[np.ndarray, np.ndarray]:
    """(every document's root, the first document sharing its exact hash), from the edge files."""
    first_exact = np.arange(len(docs.ids), dtype=np.int64)

    def edges() -> Iterator[tuple[np.ndarray, np.ndarray]]:
        for u in units:
            for e in edge_chunks(bands_dir / f"{u}.npy", CHUNK):
                a, b = np.searchsorted(docs.ids, e["doc"]), np.searchsorted(docs.ids, e["keeper"])
                if u == "exact":
                    first_exact[a] = b
                yield a, b

    return components(len(docs.ids), edges()), first_exact


class _Rows:
    """A parquet file written a row group at a time (at the temporary name ``atomic_writing``
    gives, which renames it into place)."""

    def __init__(self, tmp: Path, schema: pa.Schema):
        self.schema = schema
        self.writer = pq.ParquetWriter(tmp, schema)
        self.held: list[pa.Table] = []
        self.rows = 0
        self.written = False

    def add(self, columns: dict[str, np.ndarray]) -> None:
        table = pa.table({f.name: pa.array(columns[f.name], type=f.type) for f in self.schema})
        self.held.append(table)
        self.rows += table.num_rows
        while self.rows >= RESULT_ROWS:
            t = pa.concat_tables(self.held)
            self._write(t.slice(0, RESULT_ROWS))
            self.held, self.rows = [t.slice(RESULT_ROWS)], t.num_rows - RESULT_ROWS

    def _write(self, table: pa.Table) -> None:
        self.writer.write_table(table)
        self.written = True

    def finish(self) -> None:
        if self.rows or not self.written:
            self._write(pa.concat_tables(self.held) if self.held else self.schema.empty_table())
        self.writer.close()


@dataclass
class Decided:
    """What the result files hold, as the summary and the later stages need it."""

    removed: list[np.ndarray] = field(default_factory=list)  # doc_index, increasing
    clustered: list[np.ndarray] = field(default_factory=list)
    dup_counts: list[np.ndarray] = field(default_factory=list)
    per_batch: dict[int, Counter[str]] = field(default_factory=dict)
    by_reason: Counter[str] = field(default_factory=Counter)
    cluster_sizes: Counter[int] = field(default_factory=Counter)


def write_result(d: Path, docs: Documents, root: np.ndarray, first_exact: np.ndarray, sources: list[Source],
                 batch_starts: np.ndarray, batch_ids: np.ndarray) -> Decided:
    """``removed.parquet`` and ``clusters.parquet`` of this run's documents, a chunk at a time."""
    sizes = np.bincount(root, minlength=len(root))
    offsets = np.array([s.offset for s in sources], dtype=np.int64)
    labels = np.array([s.label for s in sources], dtype=object)
    cluster_roots = np.zeros(len(root), dtype=bool)  # roots of the clusters (of 2+) this run's documents are in
    out = Decided()
    with atomic_writing(d / "removed.parquet") as removed_tmp, atomic_writing(d / "clusters.parquet") as clusters_tmp:
        files = _Rows(removed_tmp, REMOVED), _Rows(clusters_tmp, CLUSTERED)
        for lo in range(docs.mine, len(root), CHUNK):
            pos = np.arange(lo, min(len(root), lo + CHUNK))
            rem = pos[root[pos] != pos]
            keeper = root[rem]
            origin = np.searchsorted(docs.starts, keeper, side="right") - 1
            reasons = np.where(first_exact[rem] == keeper, "duplicate_exact", "duplicate_near")
            batch = batch_ids[np.searchsorted(batch_starts, docs.ids[rem], side="right") - 1]
            files[0].add({"doc_index": docs.ids[rem], "duplicate_of": docs.ids[keeper] - offsets[origin],
                          "duplicate_of_run": labels[origin], "reason": reasons, "batch": batch})
            clustered = pos[sizes[root[pos]] > 1]
            files[1].add({"doc_index": docs.ids[clustered],
                          "cluster": docs.ids[root[clustered]] - offsets[np.searchsorted(docs.starts, root[clustered],
                                                                                         side="right") - 1],
                          "dup_count": sizes[root[clustered]]})
            cluster_roots[root[clustered]] = True
            out.removed.append(docs.ids[rem])
            out.clustered.append(docs.ids[clustered])
            out.dup_counts.append(sizes[root[clustered]].astype(np.int32))
            for k, r in zip(batch.tolist(), reasons.tolist(), strict=True):
                out.per_batch.setdefault(k, Counter())[r] += 1
            out.by_reason.update(reasons.tolist())
        for f in files:
            f.finish()
    out.cluster_sizes = Counter(sizes[np.flatnonzero(cluster_roots)].tolist())
    return out
