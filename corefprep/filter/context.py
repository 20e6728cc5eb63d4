"""Everything a filter batch needs besides its number (SPEC 2.2).

Picklable, so that a Ray actor on another node can compute any batch from it: the inputs and their
record counts (a batch seeks to the file that holds its first ``doc_index``), the judge, the batch
size and the config id the batch's stats are stamped with.
"""

from __future__ import annotations

import math
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any

from ..core.workdir import WorkDir
from ..io.documents import Document, InputFile
from ..io.read import DocCursor, iter_documents
from ..signatures.minhash import Signer
from ..store.incoming import Drops
from ..store.urls import given_storage_options
from .judge import Judge


def batch_range(k: int, batch_docs: int) -> tuple[int, int]:
    return k * batch_docs, (k + 1) * batch_docs


@dataclass(frozen=True)
class FilterContext:
    work: WorkDir
    files: tuple[InputFile, ...]
    counts: tuple[int, ...]  # records per file, cached in work/input_counts.json
    text_field: str
    judge: Judge
    batch_docs: int
    total_docs: int
    config_id: str
    strict: bool = False
    engine: str = "local"
    signer: Signer | None = None  # the run deduplicates: kept documents are signed where they are decided
    keep_rejected: int = 0  # rejected documents kept as examples per reason and batch
    # batches computed again from what their earlier decision recorded (corefprep.filter.prior)
    redecide: frozenset[int] = frozenset()
    # the output directory's store URL: a Ray actor reads a batch's earlier files there, not in
    # ``work`` (which is the driver's stage directory, on another machine)
    store_url: str | None = None
    # where this run's Ray actors deliver what they finish (corefprep.store.incoming); None: the
    # local engine, whose batches the driver writes itself
    drops: Drops | None = None
    # --storage-options, for a Ray actor reading inputs from a store (a forked worker inherits them);
    # never printed: the field stays out of the repr
    storage_options: dict[str, Any] = field(default_factory=given_storage_options, repr=False,
                                              compare=False)

    def bounds(self, k: int) -> tuple[int, int]:
        """doc_index range of batch k; the last batch ends with the inputs."""
        lo, hi = batch_range(k, self.batch_docs)
        return lo, min(hi, self.total_docs)

    @property
    def num_batches(self) -> int:
        return math.ceil(self.total_docs / self.batch_docs)

    def documents(self, k: int) -> Iterator[Document]:
        """Batch k's documents, read starting in the file that holds its first doc_index."""
        lo, hi = self.bounds(k)
        return iter_documents(list(self.files), self.text_field, lo, hi, counts=list(self.counts),
                              meta_fields=self.judge.meta_fields)

    def cursor(self) -> DocCursor:
        """A reader of batch after batch in increasing order that keeps a JSONL file open between them."""
        return DocCursor(list(self.files), self.text_field, list(self.counts), self.judge.meta_fields)

    def source_names(self) -> dict[str, str]:
        """How rows name each input (InputFile.name) by its path."""
        return {f.path: f.name or f.path for f in self.files}
