"""The input formats: compressed byte streams split into lines, and one reader per file kind.

Each reader yields the :class:`~corefprep.io.documents.Document` records whose local index (the
record's position in its file) lies in ``[skip, limit)`` and returns the number of records it
counted (all of them, unless it stopped at ``limit``). Malformed records (bad JSON, bad UTF-8,
missing or non-string text) are yielded with ``text=None`` and a ``malformed`` reason, so that
nothing disappears without a count. A truncated or corrupt compressed file, or an I/O error,
stops reading with an :class:`~corefprep.core.errors.InputError` naming the file and the last
line read in full.

Reading is streaming and constant-memory: compressed data is decompressed in chunks, split into
lines chunk by chunk, and parquet files are read by record batches. Records before ``skip`` are
counted without being parsed (jsonl, txt) or not read at all (whole parquet row groups).
"""

from __future__ import annotations

import gzip
import zlib
from collections.abc import Callable, Generator, Iterable, Iterator, Mapping
from functools import partial
from typing import Any

import orjson
import zstandard

from ..core.errors import InputError
from ..store.urls import is_url
from .documents import NO_META, Document, InputFile
from .storage import open_input

SUPPORTED_SUFFIXES = (".jsonl.zst", ".jsonl.gz", ".jsonl", ".parquet", ".txt")
MALFORMED_REASONS = ("invalid_json", "invalid_utf8", "not_an_object", "missing_text", "text_not_string")

_READ_CHUNK = 1 << 20  # bytes of (decompressed) data handed to the line splitter at a time
_ZSTD_IN_CHUNK = 1 << 17  # compressed bytes fed to the zstd decoder at a time (~0.5-1 MB out)
_ZSTD_MAX_WINDOW = 1 << 31  # accept files written with `zstd --long=31`
_PARQUET_BATCH_ROWS = 2048
_BOM = b"\xef\xbb\xbf"
_MISSING = object()
# Record fields that name a document's URL, first found wins (HPLT v2 calls it "u").
URL_FIELDS = ("url", "u")

# Looked up from the module at the start of each file so tests can observe/patch them.
_loads = orjson.loads


def suffix_list() -> str:
    return ", ".join(SUPPORTED_SUFFIXES[:-1]) + " or " + SUPPORTED_SUFFIXES[-1]


def record_meta(get: Callable[[str], Any], meta_fields: tuple[str, ...]) -> Mapping[str, Any]:
    """A record's meta mapping: its URL (from ``url`` or ``u``, as a string) and the fields named in
    ``meta_fields`` that it has. ``get(name)`` returns the field or None."""
    url = get("url")
    if url is None:
        url = get("u")
    if url is None and not meta_fields:
        return NO_META
    out: dict[str, Any] = {}
    if url is not None:
        out["url"] = url if type(url) is str else str(url)
    for name in meta_fields:
        value = get(name)
        if value is not None:
            out[name] = value
    return out if out else NO_META


# --- byte streams ----------------------------------------------------------------------------------


class _TruncatedError(Exception):
    """A compressed stream ended in the middle of a frame/member."""


def _open_binary(path: str):
    """Open an input for reading raw bytes: a local file, or a store URL read by ranged requests (a
    seam for tests that simulate I/O errors)."""
    return open_input(path)


def _plain_chunks(fh) -> Iterator[bytes]:
    return iter(partial(fh.read, _READ_CHUNK), b"")


def _gzip_chunks(fh) -> Iterator[bytes]:
    gz = gzip.GzipFile(fileobj=fh, mode="rb")
    try:
        yield from iter(partial(gz.read, _READ_CHUNK), b"")
    finally:
        gz.close()


def _zstd_chunks(fh) -> Iterator[bytes]:
    """Decompress all frames of a zstd stream; raise _TruncatedError if the last one is incomplete.

    zstandard's stream_reader returns a silent EOF on a truncated frame, so frames are decoded
    with decompressobj(), which reports whether it reached the end of the frame.
    """
    dctx = zstandard.ZstdDecompressor(max_window_size=_ZSTD_MAX_WINDOW)
    dobj = None
    in_frame = False
    read = fh.read
    while True:
        data = read(_ZSTD_IN_CHUNK)
        if not data:
            if in_frame:
                raise _TruncatedError("zstd frame incomplete at end of file")
            return
        while data:
            if dobj is None:
                dobj = dctx.decompressobj()
            out = dobj.decompress(data)
            in_frame = True
            if out:
                yield out
            if dobj.eof:
                data = dobj.unused_data
                dobj = None
                in_frame = False
            else:
                data = b""


_CHUNKERS: dict[str, Callable[..., Iterator[bytes]]] = {
    "jsonl": _plain_chunks,
    "txt": _plain_chunks,
    "jsonl.gz": _gzip_chunks,
    "jsonl.zst": _zstd_chunks,
}

# Errors meaning "the compressed data is bad" (as opposed to an I/O failure).
_CORRUPT_ERRORS = (zstandard.ZstdError, _TruncatedError, gzip.BadGzipFile, EOFError, zlib.error)


def _line_batches(chunks: Iterable[bytes]) -> Iterator[list[bytes]]:
    """Split a byte stream into lists of lines (without the b"\\n"), one list per chunk.

    A leading UTF-8 BOM is dropped. A final line without newline is yielded too; an incomplete
    final line is never yielded if the chunk source raises.
    """
    pending: list[bytes] = []
    first = True
    for chunk in chunks:
        parts = chunk.split(b"\n")
        if len(parts) == 1:
            pending.append(chunk)
            continue
        if pending:
            pending.append(parts[0])
            parts[0] = b"".join(pending)
            pending = []
        tail = parts.pop()
        if tail:
            pending.append(tail)
        if first:
            first = False
            if parts[0].startswith(_BOM):
                parts[0] = parts[0][3:]
        yield parts
    if pending:
        last = b"".join(pending)
        if first and last.startswith(_BOM):
            last = last[3:]
        yield [last]


# ----------------------------------------------------------------------------------------------
# Per-format readers (see the module docstring).


def _corrupt(f: InputFile, last_line: int) -> InputError:
    return InputError(
        f"{f.path}: corrupt or truncated {f.kind} data after line {last_line}; the batches finished "
        "before it are kept — repair or remove the file and rerun"
    )


def _read_error(f: InputFile, where: str, exc: OSError) -> InputError:
    # (a store's error has been retried by its client already: what is left is not transient)
    check = "the store and the network" if is_url(f.path) else "the file and the disk"
    return InputError(f"{f.path}: read error {where} ({exc.strerror or exc}); check {check} and rerun")


def _open(f: InputFile):
    try:
        fh = _open_binary(f.path)
    except OSError as exc:
        raise InputError(
            f"{f.path}: cannot be opened ({exc.strerror or exc}); check that it still exists and is "
            "readable and rerun"
        ) from exc
    size = getattr(fh, "size", None)  # a store's object: the size the store gives now
    if is_url(f.path) and isinstance(size, int) and size != f.size:
        fh.close()
        raise InputError(f"{f.path}: changed since the run listed it ({f.size:,} bytes then, {size:,} now); rerun to "
                         "read it as it is")
    return fh


class JsonlReader:
    """One JSONL input read forward, range after range.

    A range that starts further on is reached by counting the lines in between without parsing
    them, from where the last range stopped: a process that computes batch after batch of one big
    compressed file decompresses it once, instead of again from its start for every batch (which
    made the k-th batch cost k batches of reading). Records are handed out by their local index
    (their position in the file); ``take`` may only move forward. After an error the reader is
    ``broken``: the file must be opened again.
    """

    def __init__(self, f: InputFile, text_field: str, base: int, meta_fields: tuple[str, ...] = ()):
        self.f, self.text_field, self.base, self.meta_fields = f, text_field, base, meta_fields
        self.n = 0  # local index of the next record
        self.lineno = 0  # lines read in full
        self.broken = False
        self._lines: list[bytes] = []  # the current chunk's lines; those from _i on are unread
        self._i = 0
        self._taking = False
        self._fh = _open(f)
        self._chunks = _line_batches(_CHUNKERS[f.kind](self._fh))

    def close(self) -> None:
        self._chunks.close()
        self._fh.close()

    def take(self, skip: int, limit: int) -> Generator[Document, None, int]:
        """Yield the records whose local index is in ``[skip, limit)``; return the local index where
        reading stopped (``limit``, or the number of records at the end of the file). The records
        before ``skip`` are counted, not parsed. A take left unfinished leaves the reader after the
        last record it yielded."""
        if skip < self.n or self.broken or self._taking:
            raise ValueError(f"{self.f.path}: a JSONL reader reads forward, one range at a time")
        self._taking = True
        n, lineno, lines, i = self.n, self.lineno, self._lines, self._i
        base, source, text_field, meta_fields = self.base, self.f.path, self.text_field, self.meta_fields
        try:
            while True:
                if i >= len(lines):
                    lines, i = next(self._chunks, None), 0
                    if lines is None:
                        lines = []
                        return n
                if n < skip:
                    # cheap skip: count the non-blank lines left in the chunk without parsing them
                    rest = lines[i:] if i else lines
                    count = len(rest) - rest.count(b"") - sum(map(bytes.isspace, rest))
                    if n + count <= skip:
                        n += count
                        lineno += len(rest)
                        i = len(lines)
                        continue
                while i < len(lines):
                    line = lines[i]
                    if not line or line.isspace():
                        i += 1
                        lineno += 1
                        continue
                    if n < skip:
                        n += 1
                        i += 1
                        lineno += 1
                        continue
                    if n >= limit:
                        return n
                    i += 1
                    lineno += 1
                    n += 1
                    yield _record(line, base + n - 1, lineno, source, text_field, meta_fields)
        except _CORRUPT_ERRORS as exc:
            self.broken = True
            raise _corrupt(self.f, lineno) from exc
        except OSError as exc:
            self.broken = True
            raise _read_error(self.f, f"after line {lineno}", exc) from exc
        finally:
            self.n, self.lineno, self._lines, self._i = n, lineno, lines, i
            self._taking = False


def _record(line: bytes, idx: int, lineno: int, source: str, text_field: str,
            meta_fields: tuple[str, ...]) -> Document:
    """One JSONL line as a Document; a line that is not a usable record is one with its reason."""
    try:
        rec = _loads(line)
    except orjson.JSONDecodeError:
        try:
            line.decode("utf-8")
            reason = "invalid_json"
        except UnicodeDecodeError:
            reason = "invalid_utf8"
        return Document(idx, None, source, lineno, None, NO_META, reason)
    if type(rec) is not dict:
        return Document(idx, None, source, lineno, None, NO_META, "not_an_object")
    rid = rec.get("id")
    if rid is not None and type(rid) is not str:
        rid = str(rid)
    meta = record_meta(rec.get, meta_fields)
    text = rec.get(text_field, _MISSING)
    if type(text) is str:
        return Document(idx, text, source, lineno, rid, meta, None)
    if text is _MISSING or text is None:
        return Document(idx, None, source, lineno, rid, meta, "missing_text")
    return Document(idx, None, source, lineno, rid, meta, "text_not_string")


def _iter_jsonl(f: InputFile, text_field: str, base: int, skip: int, limit: int, meta_fields: tuple[str, ...] = ()):
    reader = JsonlReader(f, text_field, base, meta_fields)
    try:
        return (yield from reader.take(skip, limit))
    finally:
        reader.close()


def _iter_txt(f: InputFile, text_field: str, base: int, skip: int, limit: int, meta_fields: tuple[str, ...] = ()):
    source = f.path
    n = 0
    lineno = 0
    block: list[str] = []
    block_lines = 0  # physical lines in the current block (including undecodable ones)
    block_start = 0
    block_bad = False

    def emit() -> Document:
        if block_bad:
            return Document(base + n, None, source, block_start, None, NO_META, "invalid_utf8")
        return Document(base + n, "\n".join(block), source, block_start, None, NO_META, None)

    fh = _open(f)
    try:
        for lines in _line_batches(_CHUNKERS[f.kind](fh)):
            for raw in lines:
                lineno += 1
                if raw.endswith(b"\r"):
                    raw = raw[:-1]
                try:
                    s = raw.decode("utf-8")
                except UnicodeDecodeError:
                    s = None
                if s is not None and (not s or s.isspace()):
                    if block_lines:
                        if n >= limit:
                            return n
                        if n >= skip:
                            yield emit()
                        n += 1
                        block = []
                        block_lines = 0
                        block_bad = False
                    continue
                if not block_lines:
                    block_start = lineno
                block_lines += 1
                if s is None:
                    block_bad = True
                elif not block_bad and n >= skip:
                    block.append(s)
        if block_lines:
            if n >= limit:
                return n
            if n >= skip:
                yield emit()
            n += 1
    except OSError as exc:
        raise _read_error(f, f"after line {lineno}", exc) from exc
    finally:
        fh.close()
    return n


def _iter_parquet(f: InputFile, text_field: str, base: int, skip: int, limit: int,
                  meta_fields: tuple[str, ...] = ()):
    import pyarrow as pa
    import pyarrow.parquet as pq

    source = f.path
    fh = _open(f)
    row = 0
    try:
        try:
            pf = pq.ParquetFile(fh)
            names = pf.schema_arrow.names
            pmeta = pf.metadata
        except (pa.ArrowException, OSError) as exc:
            raise InputError(
                f"{source}: not a readable parquet file ({exc}); repair or remove the file and rerun"
            ) from exc
        if text_field not in names:
            raise InputError(
                f"{source}: no text column {text_field!r} (its columns are: {', '.join(names) or 'none'}); "
                "pass the right one with --text-field"
            )
        columns, id_pos, meta_cols = _parquet_columns(names, text_field, meta_fields)
        total = pmeta.num_rows
        groups, first_row = _overlapping_groups(pmeta, skip, limit)
        if not groups:
            return min(total, limit)
        row = first_row
        batches = pf.iter_batches(batch_size=_PARQUET_BATCH_ROWS, row_groups=groups, columns=columns,
                                  use_threads=False)
        for batch in batches:
            size = batch.num_rows
            lo = max(0, skip - row)
            hi = min(size, limit - row)
            if lo < hi:
                part = batch.slice(lo, hi - lo) if (lo or hi < size) else batch
                texts = part.column(0).to_pylist()
                ids = part.column(id_pos).to_pylist() if id_pos >= 0 else None
                metas = [(name, part.column(pos).to_pylist()) for name, pos in meta_cols]
                first = row + lo
                for i, text in enumerate(texts):
                    r = first + i
                    rid = ids[i] if ids is not None else None
                    if rid is not None and type(rid) is not str:
                        rid = str(rid)
                    meta = _row_meta(metas, i) if metas else NO_META
                    if type(text) is str:
                        yield Document(base + r, text, source, r + 1, rid, meta, None)
                    elif text is None:
                        yield Document(base + r, None, source, r + 1, rid, meta, "missing_text")
                    else:
                        yield Document(base + r, None, source, r + 1, rid, meta, "text_not_string")
            row += size
            if row >= limit:
                return limit
    except (pa.ArrowException, OSError) as exc:
        raise InputError(
            f"{source}: corrupt or truncated parquet data after row {row}; the batches finished before it "
            "are kept — repair or remove the file and rerun"
        ) from exc
    finally:
        fh.close()
    return total


def _parquet_columns(names: list[str], text_field: str,
                     meta_fields: tuple[str, ...]) -> tuple[list[str], int, list[tuple[str, int]]]:
    """The columns to read (the text first), the id column's position (-1: none) and the meta
    columns: the URL under its own name, then the fields a rule asked for."""
    columns = [text_field]
    id_col = "id" if "id" in names else None
    url_col = next((c for c in URL_FIELDS if c in names), None)
    for col in (id_col, url_col, *meta_fields):
        if col is not None and col in names and col not in columns:
            columns.append(col)
    id_pos = columns.index(id_col) if id_col else -1
    meta_cols = [("url", columns.index(url_col))] if url_col else []
    meta_cols += [(c, columns.index(c)) for c in meta_fields if c in columns and c != "url"]
    return columns, id_pos, meta_cols


def _overlapping_groups(pmeta: Any, skip: int, limit: int) -> tuple[list[int], int]:
    """The row groups that overlap rows [skip, limit), from the file's metadata alone, and the
    first row of the first of them."""
    groups: list[int] = []
    first_row = None
    start_of_group = 0
    for g in range(pmeta.num_row_groups):
        size = pmeta.row_group(g).num_rows
        end = start_of_group + size
        if end > skip and start_of_group < limit and size:
            groups.append(g)
            if first_row is None:
                first_row = start_of_group
        start_of_group = end
    return groups, first_row or 0


def _row_meta(metas: list[tuple[str, list[Any]]], i: int) -> Mapping[str, Any]:
    out = {name: values[i] for name, values in metas if values[i] is not None}
    if "url" in out and type(out["url"]) is not str:
        out["url"] = str(out["url"])
    return out or NO_META


# Readers by input kind; hub inputs ("hf") are read by corefprep.io.hub.iter_hub.
READERS: dict[str, Callable[..., Any]] = {
    "jsonl": _iter_jsonl,
    "jsonl.gz": _iter_jsonl,
    "jsonl.zst": _iter_jsonl,
    "txt": _iter_txt,
    "parquet": _iter_parquet,
}


def peek_jsonl_fields(f: InputFile, n: int = 20) -> tuple[int, set[str]]:
    """(records looked at, their field names) for the first ``n`` JSON-object records of a JSONL
    file (other kinds: (0, empty set)). Reads only the start of the file."""
    if not f.kind.startswith("jsonl"):
        return 0, set()
    seen = 0
    fields: set[str] = set()
    fh = _open(f)
    try:
        for lines in _line_batches(_CHUNKERS[f.kind](fh)):
            for line in lines:
                if not line or line.isspace():
                    continue
                try:
                    rec = _loads(line)
                except orjson.JSONDecodeError:
                    continue
                if type(rec) is dict:
                    seen += 1
                    fields.update(rec)
                if seen >= n:
                    return seen, fields
    except _CORRUPT_ERRORS:
        pass  # the batch that reaches the damage reports it, naming the last good line
    except OSError as exc:
        raise _read_error(f, "at its start", exc) from exc
    finally:
        fh.close()
    return seen, fields
