"""Streaming documents with their global ``doc_index`` from the resolved inputs, and what a run
learns about its inputs before any batch (record counts, field names).

Every record gets a ``doc_index``: its 0-based position in the concatenation of all inputs in
the order :func:`corefprep.io.resolve.resolve_inputs` returns them. ``iter_documents(start=...)``
seeks: with the per-file record counts it opens the file that holds ``start`` and skips records
only inside it; it stops as soon as ``stop`` is reached. A :class:`DocCursor` reads many ranges in
increasing order (the batches one process computes) keeping a JSONL file open between them.
"""

from __future__ import annotations

from collections.abc import Generator, Iterator
from itertools import accumulate

from ..core.errors import InputError
from . import formats
from .documents import Document, InputFile
from .formats import READERS, JsonlReader, suffix_list
from .hub import count_rows, iter_hub
from .hub import peek_fields as peek_hub


def iter_documents(
    files: list[InputFile],
    text_field: str = "text",
    start: int = 0,
    stop: int | None = None,
    counts: list[int] | None = None,
    meta_fields: tuple[str, ...] = (),
) -> Iterator[Document]:
    """Stream the documents with ``start <= doc_index < stop`` from ``files`` in order.

    Memory stays constant. With ``counts`` (records per file, from :func:`count_records`), files
    that end before ``start`` are never opened: reading starts in the file that holds ``start``
    (seek, don't stream). Inside that file, records before ``start`` are counted without being
    parsed (jsonl, txt) or skipped by row group (parquet). Reading ends as soon as ``stop`` is
    reached, without opening later files. ``meta_fields`` names the record fields kept in each
    document's ``meta`` besides its URL. Raises :class:`InputError` for a corrupt/truncated
    compressed file, a parquet file without the text column, or an I/O error.
    """
    if start < 0:
        raise ValueError("start must be >= 0")
    if counts is not None and len(counts) != len(files):
        raise ValueError("counts must give one record count per file")
    limit = float("inf") if stop is None else stop
    if limit <= start:
        return
    base = 0
    for i, f in enumerate(files):
        if counts is not None and base + counts[i] <= start:
            base += counts[i]
            continue
        count = yield from _reader_for(f)(f, text_field, base, max(0, start - base), limit - base, meta_fields)
        base += count
        if base >= limit:
            return


def _reader_for(f: InputFile):
    reader = iter_hub if f.kind == "hf" else READERS.get(f.kind)
    if reader is None:
        raise InputError(f"{f.path}: unsupported input kind {f.kind!r}; use {suffix_list()} files")
    return reader


class DocCursor:
    """The inputs read over many ``doc_index`` ranges in increasing order, with the per-file record
    counts.

    A range that starts where the last one stopped, or further on in the same JSONL file, goes on
    with the file's open :class:`~corefprep.io.formats.JsonlReader`: a process that computes the
    batches of one big compressed file in turn, or every other one of them as a Ray actor does,
    decompresses it once. Any other range opens the file that holds its start, as
    :func:`iter_documents` does. One range is read at a time: asking for the next one closes the
    last. Raises what :func:`iter_documents` raises.
    """

    def __init__(self, files: list[InputFile], text_field: str, counts: list[int],
                 meta_fields: tuple[str, ...] = ()):
        if len(counts) != len(files):
            raise ValueError("counts must give one record count per file")
        self.files, self.counts = list(files), list(counts)
        self.text_field, self.meta_fields = text_field, meta_fields
        self._starts = [0, *accumulate(self.counts)]
        self._open: tuple[int, JsonlReader] | None = None
        self._live: Generator[Document, None, None] | None = None

    def range(self, lo: int, hi: int) -> Iterator[Document]:
        """The documents with ``lo <= doc_index < hi``."""
        if self._live is not None:
            self._live.close()
        self._live = self._range(lo, hi)
        return self._live

    def close(self) -> None:
        if self._live is not None:
            self._live.close()
            self._live = None
        self._drop()

    def _range(self, lo: int, hi: int) -> Generator[Document, None, None]:
        for i, f in enumerate(self.files):
            base, end = self._starts[i], self._starts[i + 1]
            if end <= lo:
                continue
            if base >= hi:
                return
            skip = max(0, lo - base)
            if f.kind.startswith("jsonl"):
                yield from self._reader(i, skip).take(skip, hi - base)
            else:
                yield from _reader_for(f)(f, self.text_field, base, skip, hi - base, self.meta_fields)

    def _reader(self, i: int, skip: int) -> JsonlReader:
        if self._open is not None:
            j, reader = self._open
            if j == i and not reader.broken and reader.n <= skip:
                return reader
        self._drop()
        reader = JsonlReader(self.files[i], self.text_field, self._starts[i], self.meta_fields)
        self._open = (i, reader)
        return reader

    def _drop(self) -> None:
        if self._open is not None:
            self._open[1].close()
            self._open = None


def count_records(f: InputFile, text_field: str = "text") -> int:
    """Number of records in one file (malformed ones included), without parsing them."""
    if f.kind == "hf":
        return count_rows(f)
    gen = READERS[f.kind](f, text_field, 0, 1 << 62, 1 << 62)
    while True:
        try:
            next(gen)
        except StopIteration as stop:
            return int(stop.value or 0)


def peek_fields(f: InputFile, n: int = 20) -> tuple[int, set[str]]:
    """(records looked at, their field names) for the first ``n`` JSON-object records of a JSONL file.

    Reads only the start of the file (one decompressed chunk or so); a hub input's first records
    are streamed. Other kinds have no fields to peek at (parquet's columns are checked when it is
    opened): (0, empty set).
    """
    if f.kind == "hf":
        return peek_hub(f, n)
    return formats.peek_jsonl_fields(f, n)


def check_text_field(files: list[InputFile], text_field: str, n: int = 20) -> None:
    """Stop in seconds, before any batch, when a file's first records lack the text field: a
    wrong --text-field would otherwise count every record of a long run as malformed."""
    for f in files:
        seen, fields = peek_fields(f, n)
        if seen and text_field not in fields:
            shown = ", ".join(sorted(fields)[:12]) + (", ..." if len(fields) > 12 else "")
            raise InputError(
                f"{f.path}: none of its first {seen} records has the text field {text_field!r} (their fields: "
                f"{shown}); pass the right one with --text-field"
            )
