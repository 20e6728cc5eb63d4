"""Streaming documents with their global ``doc_index`` from the resolved inputs, and what a run
learns about its inputs before any batch (record counts, field names).

Every record gets a ``doc_index``: its 0-based position in the concatenation of all inputs in
the order :func:`corefprep.io.resolve.resolve_inputs` returns them. ``iter_documents(start=...)``
seeks: with the per-file record counts it opens the file that holds ``start`` and skips records
only inside it; it stops as soon as ``stop`` is reached.
"""

from __future__ import annotations

from collections.abc import Iterator

from ..core.errors import InputError
from . import formats
from .documents import Document, InputFile
from .formats import READERS, suffix_list
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
        reader = iter_hub if f.kind == "hf" else READERS.get(f.kind)
        if reader is None:
            raise InputError(f"{f.path}: unsupported input kind {f.kind!r}; use {suffix_list()} files")
        count = yield from reader(f, text_field, base, max(0, start - base), limit - base, meta_fields)
        base += count
        if base >= limit:
            return


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
