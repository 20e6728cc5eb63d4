"""Read input documents: resolve paths, then stream records with a global ``doc_index``.

Supported inputs are ``*.jsonl``, ``*.jsonl.gz``, ``*.jsonl.zst`` (one JSON object per line; HPLT
v1.2, v2 and v3 layouts), ``*.parquet`` (one row per document) and ``*.txt`` (one document per
block of lines separated by blank lines). ``hf://datasets/NAME[:CONFIG][@SPLIT]`` inputs are a
dataset split streamed with ``datasets.load_dataset(..., streaming=True)`` (see :mod:`corefprep.hub`);
they take their place in the input order like a file.

Every record gets a ``doc_index``: its 0-based position in the concatenation of all inputs in
the order :func:`resolve_inputs` returns them. Malformed records (bad JSON, bad UTF-8, missing or
non-string text) keep their index and are yielded with ``text=None`` and a ``malformed`` reason,
so that nothing disappears without a count. A truncated or corrupt compressed file, or an I/O
error, stops reading with an :class:`~corefprep.errors.InputError` naming the file and the last
line read in full.

Reading is streaming and constant-memory: compressed data is decompressed in chunks, split into
lines chunk by chunk, and parquet files are read by record batches. ``iter_documents(start=...)``
skips the records before ``start`` without parsing them (jsonl/txt) or without reading them at
all (whole parquet row groups), and stops as soon as ``stop`` is reached.
"""

from __future__ import annotations

import glob
import gzip
import logging
import os
import stat
import zlib
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass
from functools import partial
from typing import TYPE_CHECKING

import orjson
import zstandard

from corefprep.errors import InputError
from corefprep.hub import is_hub_spec

if TYPE_CHECKING:
    from corefprep.hub import HubSource

__all__ = [
    "SUPPORTED_SUFFIXES",
    "Document",
    "InputFile",
    "MALFORMED_REASONS",
    "ignored_files",
    "iter_documents",
    "resolve_inputs",
]

log = logging.getLogger("corefprep")

SUPPORTED_SUFFIXES = (".jsonl.zst", ".jsonl.gz", ".jsonl", ".parquet", ".txt")
MALFORMED_REASONS = ("invalid_json", "invalid_utf8", "not_an_object", "missing_text", "text_not_string")

_KIND_BY_SUFFIX = {suffix: suffix[1:] for suffix in SUPPORTED_SUFFIXES}
_READ_CHUNK = 1 << 20  # bytes of (decompressed) data handed to the line splitter at a time
_ZSTD_IN_CHUNK = 1 << 17  # compressed bytes fed to the zstd decoder at a time (~0.5-1 MB out)
_ZSTD_MAX_WINDOW = 1 << 31  # accept files written with `zstd --long=31`
_PARQUET_BATCH_ROWS = 2048
_BOM = b"\xef\xbb\xbf"
_MISSING = object()
_GLOB_CHARS = frozenset("*?[")

# Looked up from the module at the start of each file so tests can observe/patch them.
_loads = orjson.loads


# ----------------------------------------------------------------------------------------------
# Data classes


@dataclass(frozen=True, slots=True)
class Document:
    """One input record. ``text`` is ``None`` exactly when ``malformed`` names a reason."""

    doc_index: int
    text: str | None
    source: str
    line: int
    record_id: str | None
    url: str | None
    malformed: str | None

    @property
    def doc_id(self) -> str:
        """The record's own id, or ``<file name>:<line>`` when it has none."""
        if self.record_id:
            return self.record_id
        return f"{os.path.basename(self.source)}:{self.line}"


@dataclass(frozen=True, slots=True)
class InputFile:
    path: str  # a hub input's is its canonical spec, hf://datasets/NAME[:CONFIG]@SPLIT
    kind: str  # "jsonl" | "jsonl.gz" | "jsonl.zst" | "parquet" | "txt" | "hf"
    size: int  # a hub input: bytes of its split's data files (as listed by the hub or on disk)
    mtime_ns: int  # a hub input has none: 0 (its fingerprint identifies its content instead)
    # How rows name this file (their `source`): the path as the user gave it for a relative file
    # argument, else relative to the directory or glob it was found under; never the absolute
    # path of the user's machine in every row. metadata.json maps names to full paths.
    name: str = ""
    hub: HubSource | None = None  # what a kind "hf" input streams (dataset, config, split, revision, fingerprint)

    def signature(self) -> list[object]:
        """How the work dir's manifest records this input: a file by its size and mtime, a hub input
        by its data files' fingerprint (in the path entry, so changed data reads as "input added/removed")."""
        if self.hub is not None:
            return [f"{self.path} (data {self.hub.fingerprint})", self.size, 0]
        return [self.path, self.size, self.mtime_ns]

    @property
    def count_key(self) -> str:
        """Key of this input's record count in work/input_counts.json."""
        if self.hub is not None:
            return f"{self.path}|{self.hub.fingerprint}"
        return f"{self.path}|{self.size}|{self.mtime_ns}"


# ----------------------------------------------------------------------------------------------
# Resolving inputs


def _kind_of(path: str) -> str | None:
    name = os.path.basename(path).lower()
    for suffix in SUPPORTED_SUFFIXES:
        if name.endswith(suffix) and len(name) > len(suffix):
            return _KIND_BY_SUFFIX[suffix]
    return None


def _suffix_list() -> str:
    return ", ".join(SUPPORTED_SUFFIXES[:-1]) + " or " + SUPPORTED_SUFFIXES[-1]


def _has_glob(spec: str) -> bool:
    return any(c in _GLOB_CHARS for c in spec)


def _check_readable(path: str) -> None:
    if not os.access(path, os.R_OK):
        raise InputError(f"{path}: file is not readable (permission denied); fix its permissions and rerun")
    try:
        with open(path, "rb"):
            pass
    except OSError as exc:
        reason = exc.strerror or str(exc)
        raise InputError(
            f"{path}: file cannot be opened ({reason}); fix the file or its permissions and rerun"
        ) from exc


def _walk_dir(root: str) -> tuple[list[str], list[str]]:
    """All regular files under ``root`` (recursive, sorted by path): (supported, ignored).

    Hidden entries (names starting with ".") are ignored, as are files of other types.
    """
    supported: list[str] = []
    ignored: list[str] = []

    def onerror(exc: OSError) -> None:
        where = exc.filename or root
        raise InputError(
            f"{where}: directory cannot be listed ({exc.strerror or exc}); fix its permissions and rerun"
        )

    for dirpath, dirnames, filenames in os.walk(root, onerror=onerror):
        hidden_dirs = [d for d in dirnames if d.startswith(".")]
        ignored.extend(os.path.join(dirpath, d) for d in hidden_dirs)
        dirnames[:] = [d for d in dirnames if not d.startswith(".")]
        for name in filenames:
            path = os.path.join(dirpath, name)
            if name.startswith(".") or _kind_of(path) is None or not os.path.isfile(path):
                ignored.append(path)
            else:
                supported.append(path)
    supported.sort()
    ignored.sort()
    return supported, ignored


def _glob_root(pattern: str) -> str:
    """The directory part of a glob pattern before its first wildcard."""
    parts = pattern.split(os.sep)
    for i, part in enumerate(parts):
        if _has_glob(part):
            return os.sep.join(parts[:i]) or (os.sep if pattern.startswith(os.sep) else ".")
    return os.path.dirname(pattern)


def _display_name(spec: str, path: str) -> str:
    """How rows name ``path``, found through the user's argument ``spec`` (see InputFile.name)."""
    expanded = os.path.expanduser(spec)
    if os.path.isdir(expanded):
        root = expanded
    elif not os.path.lexists(expanded) and _has_glob(expanded):
        root = _glob_root(expanded)
    else:
        return spec if not os.path.isabs(spec) else os.path.basename(path)
    return os.path.relpath(path, root)


def _expand_spec(spec: str) -> tuple[list[str], list[str]]:
    """One input spec -> (candidate files in order, ignored paths). Raises InputError."""
    path = os.path.expanduser(spec)
    if not os.path.lexists(path) and _has_glob(path):
        matches = sorted(glob.glob(path, recursive=True))
        if not matches:
            raise InputError(f"{spec}: the pattern matches no files; check the path and quoting and rerun")
        files: list[str] = []
        ignored: list[str] = []
        for match in matches:
            if os.path.isdir(match):
                sub, sub_ignored = _walk_dir(match)
                files.extend(sub)
                ignored.extend(sub_ignored)
            elif os.path.isfile(match) and _kind_of(match) is not None:
                files.append(match)
            else:
                ignored.append(match)
        if not files:
            raise InputError(
                f"{spec}: the pattern matches {len(matches)} path(s) but no supported input files "
                f"({_suffix_list()}); point it at such files"
            )
        return files, ignored
    if not os.path.exists(path):
        if os.path.lexists(path):
            raise InputError(f"{spec}: broken symbolic link; fix the link or remove it from the inputs")
        raise InputError(f"{spec}: no such file or directory; check the path and rerun")
    if os.path.isdir(path):
        files, ignored = _walk_dir(path)
        if not files:
            raise InputError(
                f"{spec}: directory contains no supported input files ({_suffix_list()}); "
                "point at a directory or files that hold them"
            )
        return files, ignored
    if not os.path.isfile(path):
        raise InputError(f"{spec}: not a regular file or directory; pass a file, glob or directory")
    if _kind_of(path) is None:
        raise InputError(
            f"{spec}: unsupported file type; inputs must end in {_suffix_list()} — rename or convert the file"
        )
    return [path], []


def resolve_inputs(specs: list[str]) -> list[InputFile]:
    """Files, globs and directories -> ordered list of input files (see module docstring).

    Order: specs in the given order; a glob's matches and a directory's files (recursive) sorted
    by path; the same file reached twice (also through another path or a symlink) is kept at its
    first occurrence only. Unsupported or hidden files inside a directory are skipped with a
    warning (see :func:`ignored_files`). An ``hf://`` spec is one input, resolved (and pinned to a
    revision) by :func:`corefprep.hub.resolve_hub`. Any problem raises :class:`InputError`.
    """
    result: list[InputFile] = []
    seen: set[tuple[int, int]] = set()
    names: set[str] = set()
    for spec in specs:
        if isinstance(spec, os.PathLike):
            spec = os.fspath(spec)
        if is_hub_spec(spec):
            hub_input = _resolve_hub(spec)
            if all(f.path != hub_input.path for f in result):
                names.add(hub_input.name)
                result.append(hub_input)
            continue
        files, ignored = _expand_spec(spec)
        if ignored:
            shown = ", ".join(ignored[:3]) + (f" and {len(ignored) - 3} more" if len(ignored) > 3 else "")
            log.warning("%s: ignoring %d unsupported or hidden path(s): %s", spec, len(ignored), shown)
        for path in files:
            try:
                st = os.stat(path)
            except OSError as exc:
                raise InputError(
                    f"{path}: cannot be read ({exc.strerror or exc}); check the file and rerun"
                ) from exc
            key = (st.st_dev, st.st_ino)
            if key in seen:
                continue
            if not stat.S_ISREG(st.st_mode):
                raise InputError(f"{path}: not a regular file; pass regular files only")
            _check_readable(path)
            seen.add(key)
            name = _display_name(spec, path)
            if name in names:  # two directories holding files of the same name: keep them apart
                name = path
            names.add(name)
            result.append(InputFile(path=path, kind=_kind_of(path) or "", size=st.st_size,
                                    mtime_ns=st.st_mtime_ns, name=name))
    return result


def _resolve_hub(spec: str) -> InputFile:
    from corefprep.hub import resolve_hub

    path, name, size, src = resolve_hub(spec)
    return InputFile(path=path, kind="hf", size=size, mtime_ns=0, name=name, hub=src)


def ignored_files(specs: list[str]) -> list[str]:
    """Paths under the given directories/globs that :func:`resolve_inputs` skips (sorted per spec).

    Specs that do not exist are left out here (resolve_inputs reports them).
    """
    out: list[str] = []
    for spec in specs:
        if is_hub_spec(spec):  # one dataset split: nothing in it is skipped
            continue
        try:
            _, ignored = _expand_spec(os.fspath(spec))
        except InputError:
            continue
        out.extend(ignored)
    return out


# ----------------------------------------------------------------------------------------------
# Byte streams


class _TruncatedError(Exception):
    """A compressed stream ended in the middle of a frame/member."""


def _open_binary(path: str):
    """Open a file for reading raw bytes (a seam for tests that simulate I/O errors)."""
    return open(path, "rb")


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
# Per-format readers. Each yields the Documents with local index in [skip, limit) and returns the
# number of records it counted (all of them, unless it stopped at `limit`).


def _corrupt(f: InputFile, last_line: int) -> InputError:
    return InputError(
        f"{f.path}: corrupt or truncated {f.kind} data after line {last_line}; the batches finished "
        "before it are kept — repair or remove the file and rerun"
    )


def _read_error(f: InputFile, where: str, exc: OSError) -> InputError:
    return InputError(
        f"{f.path}: read error {where} ({exc.strerror or exc}); check the file and the disk and rerun"
    )


def _open(f: InputFile):
    try:
        return _open_binary(f.path)
    except OSError as exc:
        raise InputError(
            f"{f.path}: cannot be opened ({exc.strerror or exc}); check that it still exists and is "
            "readable and rerun"
        ) from exc


def _iter_jsonl(f: InputFile, text_field: str, base: int, skip: int, limit: int):
    loads = _loads
    decode_error = orjson.JSONDecodeError
    source = f.path
    missing = _MISSING
    n = 0  # records seen (local index of the next record)
    lineno = 0
    fh = _open(f)
    try:
        for lines in _line_batches(_CHUNKERS[f.kind](fh)):
            if n < skip:
                # Cheap skip: count non-blank lines of the whole batch without parsing them.
                count = len(lines) - lines.count(b"") - sum(map(bytes.isspace, lines))
                if n + count <= skip:
                    n += count
                    lineno += len(lines)
                    continue
            for line in lines:
                lineno += 1
                if not line or line.isspace():
                    continue
                if n < skip:
                    n += 1
                    continue
                if n >= limit:
                    return n
                idx = base + n
                n += 1
                try:
                    rec = loads(line)
                except decode_error:
                    try:
                        line.decode("utf-8")
                        reason = "invalid_json"
                    except UnicodeDecodeError:
                        reason = "invalid_utf8"
                    yield Document(idx, None, source, lineno, None, None, reason)
                    continue
                if type(rec) is not dict:
                    yield Document(idx, None, source, lineno, None, None, "not_an_object")
                    continue
                rid = rec.get("id")
                if rid is not None and type(rid) is not str:
                    rid = str(rid)
                url = rec.get("url")
                if url is None:
                    url = rec.get("u")
                if url is not None and type(url) is not str:
                    url = str(url)
                text = rec.get(text_field, missing)
                if type(text) is str:
                    yield Document(idx, text, source, lineno, rid, url, None)
                elif text is missing or text is None:
                    yield Document(idx, None, source, lineno, rid, url, "missing_text")
                else:
                    yield Document(idx, None, source, lineno, rid, url, "text_not_string")
    except _CORRUPT_ERRORS as exc:
        raise _corrupt(f, lineno) from exc
    except OSError as exc:
        raise _read_error(f, f"after line {lineno}", exc) from exc
    finally:
        fh.close()
    return n


def _iter_txt(f: InputFile, text_field: str, base: int, skip: int, limit: int):
    source = f.path
    n = 0
    lineno = 0
    block: list[str] = []
    block_lines = 0  # physical lines in the current block (including undecodable ones)
    block_start = 0
    block_bad = False

    def emit() -> Document:
        if block_bad:
            return Document(base + n, None, source, block_start, None, None, "invalid_utf8")
        return Document(base + n, "\n".join(block), source, block_start, None, None, None)

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


def _iter_parquet(f: InputFile, text_field: str, base: int, skip: int, limit: int):
    import pyarrow as pa
    import pyarrow.parquet as pq

    source = f.path
    fh = _open(f)
    row = 0
    try:
        try:
            pf = pq.ParquetFile(fh)
            names = pf.schema_arrow.names
            meta = pf.metadata
        except (pa.ArrowException, OSError) as exc:
            raise InputError(
                f"{source}: not a readable parquet file ({exc}); repair or remove the file and rerun"
            ) from exc
        if text_field not in names:
            raise InputError(
                f"{source}: no text column {text_field!r} (its columns are: {', '.join(names) or 'none'}); "
                "pass the right one with --text-field"
            )
        columns = [text_field]
        id_col = "id" if "id" in names else None
        url_col = "url" if "url" in names else ("u" if "u" in names else None)
        for col in (id_col, url_col):
            if col is not None and col not in columns:
                columns.append(col)
        id_pos = columns.index(id_col) if id_col else -1
        url_pos = columns.index(url_col) if url_col else -1
        total = meta.num_rows

        # Choose the row groups that overlap [skip, limit) from metadata alone.
        groups: list[int] = []
        first_row = None
        start_of_group = 0
        for g in range(meta.num_row_groups):
            size = meta.row_group(g).num_rows
            end = start_of_group + size
            if end > skip and start_of_group < limit and size:
                groups.append(g)
                if first_row is None:
                    first_row = start_of_group
            start_of_group = end
        if not groups:
            return min(total, limit)
        row = first_row or 0
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
                urls = part.column(url_pos).to_pylist() if url_pos >= 0 else None
                first = row + lo
                for i, text in enumerate(texts):
                    r = first + i
                    rid = ids[i] if ids is not None else None
                    if rid is not None and type(rid) is not str:
                        rid = str(rid)
                    url = urls[i] if urls is not None else None
                    if url is not None and type(url) is not str:
                        url = str(url)
                    if type(text) is str:
                        yield Document(base + r, text, source, r + 1, rid, url, None)
                    elif text is None:
                        yield Document(base + r, None, source, r + 1, rid, url, "missing_text")
                    else:
                        yield Document(base + r, None, source, r + 1, rid, url, "text_not_string")
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


def _iter_hub(f: InputFile, text_field: str, base: int, skip: int, limit: int):
    from corefprep.hub import iter_hub  # imports datasets: only when a hub input is read

    return (yield from iter_hub(f, text_field, base, skip, limit))


_READERS = {
    "jsonl": _iter_jsonl,
    "jsonl.gz": _iter_jsonl,
    "jsonl.zst": _iter_jsonl,
    "txt": _iter_txt,
    "parquet": _iter_parquet,
    "hf": _iter_hub,
}


def iter_documents(
    files: list[InputFile],
    text_field: str = "text",
    start: int = 0,
    stop: int | None = None,
    counts: list[int] | None = None,
) -> Iterator[Document]:
    """Stream the documents with ``start <= doc_index < stop`` from ``files`` in order.

    Memory stays constant. With ``counts`` (records per file, from :func:`count_records`), files
    that end before ``start`` are never opened: reading starts in the file that holds ``start``
    (seek, don't stream). Inside that file, records before ``start`` are counted without being
    parsed (jsonl, txt) or skipped by row group (parquet). Reading ends as soon as ``stop`` is
    reached, without opening later files. Raises :class:`InputError` for a corrupt/truncated
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
        reader = _READERS.get(f.kind)
        if reader is None:
            raise InputError(f"{f.path}: unsupported input kind {f.kind!r}; use {_suffix_list()} files")
        count = yield from reader(f, text_field, base, max(0, start - base), limit - base)
        base += count
        if base >= limit:
            return


def count_records(f: InputFile, text_field: str = "text") -> int:
    """Number of records in one file (malformed ones included), without parsing them."""
    if f.kind == "hf":
        from corefprep.hub import count_rows

        return count_rows(f)
    gen = _READERS[f.kind](f, text_field, 0, 1 << 62, 1 << 62)
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
        from corefprep.hub import peek_fields as peek_hub

        return peek_hub(f, n)
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

