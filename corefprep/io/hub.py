"""Hugging Face hub inputs: ``hf://datasets/NAME[:CONFIG][@SPLIT]`` read with ``load_dataset(streaming=True)``.

A hub input is one more kind of :class:`~corefprep.io.documents.InputFile` (``kind="hf"``): its records
get a global ``doc_index`` after the inputs before it, batches read their own range of it, and a
record whose text is missing or not a string is counted as malformed with its row number (1-based)
as its line, exactly as for a parquet file.

NAME is a hub dataset id (``HPLT/HPLT2.0_cleaned``) or a local directory that ``load_dataset``
accepts (a directory of JSONL/Parquet/CSV files, optionally with a README that declares configs).
Both go through the same ``datasets.load_dataset(NAME, CONFIG, split=SPLIT, streaming=True)``
call; only resolving the dataset differs: a hub dataset is pinned to the commit its ``main``
points to when the run starts (every batch streams that commit, even if the dataset changes
during a long run). What identifies the input's content for the work manifest and the count cache
is its *fingerprint*: a hash of the split's data files only (their repo paths and git blob ids on
the hub), so a commit that touches other files of the repository (a README, another language's
config) invalidates nothing. A local directory's data files are hashed by their bytes when the run
counts its inputs (:mod:`corefprep.io.counts`, cached by path, size and modification time): a
``touch`` changes nothing, a changed byte changes the input.

Resolving (:func:`resolve_hub`) happens before any batch and turns every way a hub name can fail
(offline, no network, unknown or gated dataset, unknown config or split) into one
:class:`~corefprep.core.errors.InputError` sentence. Counting (:func:`count_rows`) streams the split
once; the pipeline caches the count by input path and fingerprint.
"""

from __future__ import annotations

import hashlib
import logging
import os
import re
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Any, NamedTuple

from ..core.errors import InputError
from .documents import NO_META, Document, HubSource, InputFile
from .formats import record_meta

__all__ = ["HubSource", "count_rows", "is_hub_spec", "iter_hub", "parse_hub_spec", "peek_fields", "resolve_hub"]

HUB_PREFIX = "hf://"
_DATASETS_PREFIX = "hf://datasets/"
DEFAULT_SPLIT = "train"
HUB_TIMEOUT = 15.0  # seconds for the one metadata request that resolves a hub name
_ROWS_PER_BATCH = 1000  # rows converted to Python at a time while reading
_COUNT_ROWS_PER_BATCH = 10_000  # rows per Arrow table while counting (never converted to Python)
# NAME, then optional :CONFIG and @SPLIT at the end (neither may hold "/", ":" or "@", so a local
# path keeps any of those characters in its directories)
_SPEC = re.compile(r"^(?P<name>.+?)(?::(?P<config>[^:@/]+))?(?:@(?P<split>[^:@/]+))?$")
_REPO_ID = re.compile(r"^[A-Za-z0-9][A-Za-z0-9._-]*(/[A-Za-z0-9][A-Za-z0-9._-]*)?$")
_TRUE = {"1", "true", "yes", "on"}


@dataclass(frozen=True, slots=True)
class HubRef:
    """What an ``hf://`` spec asks for, before anything is resolved."""

    name: str  # hub dataset id, or a local directory (made absolute)
    config: str | None
    split: str
    local: bool
    given: str  # NAME as the user wrote it


def is_hub_spec(spec: object) -> bool:
    return isinstance(spec, str) and spec.startswith(HUB_PREFIX)


def parse_hub_spec(spec: str) -> HubRef:
    """``hf://datasets/NAME[:CONFIG][@SPLIT]`` or ``hf://NAME[:CONFIG][@SPLIT]`` -> HubRef.

    NAME is a local directory when one exists at that path (``hf:///abs/dir``,
    ``hf://datasets/./rel/dir``), else a hub dataset id (``owner/name``).
    """
    rest = spec[len(_DATASETS_PREFIX):] if spec.startswith(_DATASETS_PREFIX) else spec[len(HUB_PREFIX):]
    m = _SPEC.match(rest)
    if not rest or m is None:
        raise InputError(f"{spec}: no dataset name after hf://; write hf://datasets/NAME[:CONFIG][@SPLIT]")
    name, config, split = m.group("name"), m.group("config"), m.group("split") or DEFAULT_SPLIT
    path = os.path.expanduser(name)
    if os.path.isdir(path):
        return HubRef(os.path.abspath(path), config, split, True, name)
    if name.startswith((".", "/", "~")) or not _REPO_ID.match(name):
        raise InputError(
            f"{spec}: {name!r} is neither a local directory nor a hub dataset id (owner/name); check the name or path"
        )
    return HubRef(name, config, split, False, name)


def display_spec(ref: HubRef) -> tuple[str, str]:
    """(canonical path, row name) of a hub input: the path names the dataset fully, the name is what
    rows record as their ``source`` (no absolute path of this machine for a local directory)."""
    tail = (f":{ref.config}" if ref.config else "") + f"@{ref.split}"
    path = f"{_DATASETS_PREFIX}{ref.name}{tail}"
    if ref.local and os.path.isabs(os.path.expanduser(ref.given)):
        return path, f"{_DATASETS_PREFIX}{os.path.basename(ref.name)}{tail}"
    return path, f"{_DATASETS_PREFIX}{ref.given}{tail}"


# --- resolving ---------------------------------------------------------------------------------


def hub_offline() -> bool:
    """Whether the user switched the hub off (HF_HUB_OFFLINE / HF_DATASETS_OFFLINE)."""
    if any(os.environ.get(v, "").strip().lower() in _TRUE for v in ("HF_HUB_OFFLINE", "HF_DATASETS_OFFLINE")):
        return True
    try:
        from huggingface_hub import constants
    except ImportError:
        return False
    return bool(constants.HF_HUB_OFFLINE)


def _download_hint(name: str) -> str:
    return (f"download it once with `hf download {name} --repo-type dataset --local-dir DIR` and pass DIR "
            "(or hf://datasets/DIR)")


def _first_line(exc: BaseException) -> str:
    text = str(exc).strip().splitlines()
    return f"{type(exc).__name__}: {text[0]}" if text else type(exc).__name__


class RepoFile(NamedTuple):
    size: int | None
    blob: str | None  # git blob id (changes with the content), or the LFS sha256


def hub_commit(ref: HubRef, spec: str) -> tuple[str, dict[str, RepoFile]]:
    """(commit sha of the dataset's main branch, size and blob id of each file in it) in one request.

    Fails in seconds with one InputError sentence when the hub cannot be asked or says no.
    """
    if hub_offline():
        raise InputError(f"{spec}: the Hugging Face hub is switched off here (HF_HUB_OFFLINE), so {ref.name} cannot "
                         f"be streamed; {_download_hint(ref.name)}, or unset HF_HUB_OFFLINE")
    from huggingface_hub import HfApi
    from huggingface_hub.errors import GatedRepoError, OfflineModeIsEnabled, RepositoryNotFoundError

    try:
        info = HfApi().dataset_info(ref.name, timeout=HUB_TIMEOUT, files_metadata=True)
    except OfflineModeIsEnabled:
        raise InputError(f"{spec}: the Hugging Face hub is switched off here (offline mode), so {ref.name} cannot be "
                         f"streamed; {_download_hint(ref.name)}") from None
    except GatedRepoError:
        raise InputError(f"{spec}: {ref.name} is gated on the hub; accept its terms at "
                         f"https://huggingface.co/datasets/{ref.name} and log in with `hf auth login`") from None
    except RepositoryNotFoundError:
        raise InputError(f"{spec}: the hub has no dataset {ref.name!r} (or it is private: log in with `hf auth "
                         "login`); check the name") from None
    except Exception as exc:  # network errors come from httpx/ssl/socket alike: one sentence for all
        raise InputError(f"{spec}: the Hugging Face hub cannot be reached ({_first_line(exc)}); check the network, "
                         f"or {_download_hint(ref.name)}") from None
    listing = {s.rfilename: RepoFile(s.size, s.blob_id or (s.lfs.sha256 if s.lfs else None))
               for s in (info.siblings or [])}
    return str(info.sha), listing


def _repo_path(url: str) -> str:
    """``hf://datasets/owner/name@rev/dir/file`` (or without ``@rev``) -> ``dir/file``."""
    rest = url[len(_DATASETS_PREFIX):]
    _, at, after = rest.partition("@")
    if at:
        return after.partition("/")[2]
    parts = rest.split("/", 2)
    return parts[2] if len(parts) == 3 else ""


def split_files(urls: list[str], listing: dict[str, RepoFile], commit: str = "") -> tuple[int, str]:
    """(bytes, fingerprint) of a split's data files, in the order datasets reads them.

    ``hf://datasets/NAME@REV/PATH`` URLs are looked up in the repo's listing: bytes as listed,
    fingerprint over path and blob id (a file the listing does not give is fingerprinted by the
    commit, so a change of it is never missed). Local paths are stat'ed: fingerprint over path,
    size and modification time, only a cache key (what identifies a local directory is the hash of
    its data files' bytes, see :func:`local_data_files` and :mod:`corefprep.io.counts`).
    """
    total = 0
    h = hashlib.sha256()
    for url in urls:
        if url.startswith(_DATASETS_PREFIX):
            path = _repo_path(url)
            entry = listing.get(path, RepoFile(None, None))
            total += entry.size or 0
            h.update(f"{path}\t{entry.blob or 'commit ' + commit}\n".encode())
        else:
            try:
                st = os.stat(url)
            except OSError:
                h.update(f"{url}\tmissing\n".encode())
                continue
            total += st.st_size
            h.update(f"{url}\t{st.st_size}\t{st.st_mtime_ns}\n".encode())
    return total, h.hexdigest()[:16]


def local_data_files(urls: list[str]) -> tuple[tuple[str, int, int], ...]:
    """(path, size, mtime_ns) of a local split's data files, in the order datasets reads them
    (a missing file is left out: the stat fingerprint already says so)."""
    out = []
    for url in urls:
        if url.startswith(_DATASETS_PREFIX):
            continue
        try:
            st = os.stat(url)
        except OSError:
            continue
        out.append((url, st.st_size, st.st_mtime_ns))
    return tuple(out)


def _open_builder(ref: HubRef, spec: str, revision: str | None) -> Any:
    """The dataset's builder (what load_dataset builds first), with config and split checked."""
    import datasets

    try:
        builder = datasets.load_dataset_builder(ref.name, ref.config, revision=revision)
    except InputError:
        raise
    except Exception as exc:  # unknown config, no data files, a save_to_disk directory, network: say which
        raise InputError(f"{spec}: datasets cannot open it ({_first_line(exc)}); fix the name, config or "
                         "directory and rerun") from None
    data_files = builder.config.data_files or {}
    known = [str(s) for s in data_files] or [str(s) for s in (builder.info.splits or {})]
    if known and ref.split not in known:
        raise InputError(f"{spec}: no split {ref.split!r} (it has: {', '.join(known)}); name one with @SPLIT")
    return builder


def resolve_hub(spec: str) -> tuple[str, str, int, HubSource]:
    """One ``hf://`` spec -> (canonical path, row name, data bytes, HubSource), or one InputError.

    Asks the hub (one metadata request, plus what ``load_dataset_builder`` reads: the dataset card
    and the file listing) or looks at the local directory; reads no records.
    """
    ref = parse_hub_spec(spec)
    revision, listing = ("", {}) if ref.local else hub_commit(ref, spec)
    builder = _open_builder(ref, spec, revision or None)
    urls = [str(u) for u in (builder.config.data_files or {}).get(ref.split, [])]
    size, fingerprint = split_files(urls, listing, revision)
    if not urls:  # a builder without data files (none here so far): its own hash stands for the data
        fingerprint = f"{revision or builder.hash}"
    splits = builder.info.splits or {}
    num = splits[ref.split].num_examples if ref.split in splits else None
    path, name = display_spec(ref)
    src = HubSource(ref.name, ref.config, ref.split, ref.local, revision, fingerprint, int(num) if num else None,
                    local_data_files(urls) if ref.local else ())
    return path, name, size, src


# --- reading -----------------------------------------------------------------------------------


def open_stream(f: InputFile) -> Any:
    """The input's split as a ``datasets.IterableDataset`` (nothing is read until it is iterated)."""
    import datasets

    src = f.hub
    assert src is not None
    try:
        return datasets.load_dataset(src.name, src.config, split=src.split, streaming=True,
                                     revision=None if src.local else src.revision)
    except Exception as exc:
        hint = "check the directory" if src.local else "check the network, or " + _download_hint(src.name)
        raise InputError(f"{f.path}: cannot be opened for streaming ({_first_line(exc)}); {hint} and rerun") from None


class _LastError(logging.Filter):
    """Keeps (and silences) the error datasets' builders log before raising: it names the data file."""

    def __init__(self) -> None:
        super().__init__()
        self.message: str | None = None

    def filter(self, record: logging.LogRecord) -> bool:
        if record.levelno >= logging.ERROR:
            self.message = record.getMessage().strip().splitlines()[0]
            return False
        return True


@contextmanager
def _builder_errors() -> Iterator[_LastError]:
    """While a stream is read: catch what datasets' format builders log as errors, so the one
    sentence corefprep prints can name the data file instead of datasets printing a second line."""
    catcher = _LastError()
    names = [n for n in list(logging.Logger.manager.loggerDict) if n.startswith("datasets.packaged_modules")]
    loggers = [logging.getLogger(n) for n in names]
    for lg in loggers:
        lg.addFilter(catcher)
    try:
        yield catcher
    finally:
        for lg in loggers:
            lg.removeFilter(catcher)


def _read_failed(f: InputFile, row: int, exc: BaseException, logged: str | None = None) -> InputError:
    src = f.hub
    if src is not None and src.local:
        hint = ("pass the directory without hf:// so that corefprep reads its files itself (a broken record is then "
                "counted as malformed), or repair the file")
    else:
        name = src.name if src is not None else f.path
        hint = (f"rerun when the network is back, or {_download_hint(name)}, where corefprep reads the files itself "
                "and counts a broken record as malformed")
    return InputError(f"{f.path}: reading stopped after row {row} ({logged or _first_line(exc)}); the batches "
                      f"finished before it are kept — {hint}")


def iter_hub(f: InputFile, text_field: str, base: int, skip: int, limit: float,
             meta_fields: tuple[str, ...] = ()) -> Iterator[Document]:
    """Documents with local index in [skip, limit) of a hub input; returns the records it counted
    (all of them unless it stopped at ``limit``). Mirrors the parquet reader: one text column, ids
    from ``id``, urls from ``url`` or ``u``, row numbers (1-based) as lines."""
    ds = open_stream(f)
    names = list(ds.column_names or [])  # empty when the builder learns its columns only by reading
    if names and text_field not in names:
        raise InputError(f"{f.path}: no text column {text_field!r} (its columns are: {', '.join(names)}); pass the "
                         "right one with --text-field")
    if names:  # convert only what a Document keeps
        url_col = "url" if "url" in names else "u"
        wanted = (text_field, "id", url_col, *meta_fields)
        ds = ds.select_columns([c for c in dict.fromkeys(wanted) if c in names])
    if skip:
        ds = ds.skip(skip)  # datasets skips whole Arrow tables without turning rows into Python objects
    with _builder_errors() as logged:
        row = yield from _hub_documents(f, ds, text_field, base, skip, limit, logged, meta_fields)
    return row


def _hub_documents(f: InputFile, ds: Any, text_field: str, base: int, skip: int, limit: float,
                   logged: _LastError, meta_fields: tuple[str, ...]) -> Iterator[Document]:
    source = f.path
    row = skip
    try:
        for batch in ds.iter(batch_size=_ROWS_PER_BATCH):
            size = len(next(iter(batch.values()), []))
            texts = batch.get(text_field) or [None] * size
            ids = batch.get("id")
            # the columns a document's meta is made of (the URL and any field a rule asked for)
            meta_cols = {name: batch[name] for name in ("url", "u", *meta_fields) if name in batch}
            for i, text in enumerate(texts):
                if row >= limit:
                    return row
                rid = ids[i] if ids is not None else None
                if rid is not None and type(rid) is not str:
                    rid = str(rid)
                meta = record_meta(_row_getter(meta_cols, i), meta_fields) if meta_cols else NO_META
                if type(text) is str:
                    yield Document(base + row, text, source, row + 1, rid, meta, None)
                elif text is None:
                    yield Document(base + row, None, source, row + 1, rid, meta, "missing_text")
                else:
                    yield Document(base + row, None, source, row + 1, rid, meta, "text_not_string")
                row += 1
    except InputError:
        raise
    except Exception as exc:  # the stream's own errors: network, a corrupt data file
        raise _read_failed(f, row, exc, logged.message) from None
    return row


def _row_getter(cols: dict[str, list[Any]], i: int) -> Callable[[str], Any]:
    return lambda name: cols[name][i] if name in cols else None


def count_rows(f: InputFile, on_rows: Callable[[int], None] | None = None) -> int:
    """Records in the input's split, streamed once as Arrow tables (no row becomes a Python object).

    ``on_rows`` is called with each table's row count (for a progress bar)."""
    ds = open_stream(f)
    total = 0
    with _builder_errors() as logged:
        try:
            for table in ds.with_format("arrow").iter(batch_size=_COUNT_ROWS_PER_BATCH):
                total += table.num_rows
                if on_rows is not None:
                    on_rows(table.num_rows)
        except InputError:
            raise
        except Exception as exc:
            raise _read_failed(f, total, exc, logged.message) from None
    return total


def peek_fields(f: InputFile, n: int = 20) -> tuple[int, set[str]]:
    """(records looked at, their field names) for the first ``n`` records of the split."""
    ds = open_stream(f)
    seen = 0
    fields: set[str] = set()
    with _builder_errors() as logged:
        try:
            for rec in ds.take(n):
                seen += 1
                fields.update(rec)
        except Exception as exc:
            raise _read_failed(f, seen, exc, logged.message) from None
    return seen, fields
