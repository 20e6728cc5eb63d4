"""The records every stage passes along: an input (:class:`InputFile`) and one of its records
(:class:`Document`).

A document carries the fields every stage needs (its text, where it came from, its global
``doc_index``) and, in one ``meta`` mapping, the record's other fields that a rule or a row reads:
``url`` always (HPLT v2 calls it ``u``), plus whatever a rule set asks for by name
(:attr:`corefprep.rules.Rules.meta_fields`). A rule that needs another field of the records names
it there and reads ``meta[name]``: no reader, worker or engine changes.
"""

from __future__ import annotations

import os
from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field
from typing import Any


class _NoMeta(Mapping[str, Any]):
    """The meta mapping of documents without extra fields (most of them): one shared, read-only,
    picklable instance (documents travel to worker processes and Ray actors)."""

    __slots__ = ()

    def __getitem__(self, key: str) -> Any:
        raise KeyError(key)

    def __iter__(self) -> Iterator[str]:
        return iter(())

    def __len__(self) -> int:
        return 0

    def __repr__(self) -> str:
        return "NO_META"

    def __hash__(self) -> int:  # immutable, so a dataclass may use it as a default
        return 0

    def __reduce__(self) -> tuple[Any, ...]:
        return (_no_meta, ())


def _no_meta() -> _NoMeta:
    return NO_META


NO_META = _NoMeta()


@dataclass(frozen=True, slots=True)
class Document:
    """One input record. ``text`` is ``None`` exactly when ``malformed`` names a reason."""

    doc_index: int
    text: str | None
    source: str  # the input's path (InputFile.path)
    line: int  # 1-based line (jsonl, txt: the block's first line) or row (parquet, hub)
    record_id: str | None
    meta: Mapping[str, Any] = field(default=NO_META)
    malformed: str | None = None

    @property
    def doc_id(self) -> str:
        """The record's own id, or ``<file name>:<line>`` when it has none."""
        if self.record_id:
            return self.record_id
        return f"{os.path.basename(self.source)}:{self.line}"

    @property
    def url(self) -> str | None:
        url = self.meta.get("url")
        return url if url is None or type(url) is str else str(url)


@dataclass(frozen=True, slots=True)
class HubSource:
    """A resolved hub input (kept on its InputFile; picklable for local and Ray workers)."""

    name: str
    config: str | None
    split: str
    local: bool
    # The hub commit every batch reads ("" for a local directory: it has no commits).
    revision: str
    # Hash of the split's data files (see corefprep.io.hub): what the manifest and the count
    # cache compare, so that only a change of this split's data counts as a changed input. For a
    # local directory it hashes the files' paths, sizes and mtimes: the count cache's key only; the
    # manifest records the hash of their bytes (corefprep.io.counts).
    fingerprint: str
    # The split's row count in the dataset's own metadata, when it has one: only the count bar's
    # total and the preflight estimate use it (it is written by the dataset's author, so the
    # batches rely on the exact count instead)
    num_examples: int | None = None
    # A local directory's data files as (path, size, mtime_ns), in read order: what is hashed
    data_files: tuple[tuple[str, int, int], ...] = ()


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
    # An object in a store (path is its URL): the content identity the store keeps for it (see
    # corefprep.io.storage.identity), or None when it keeps none we trust (its bytes are hashed then)
    store_id: str | None = None

    @property
    def count_key(self) -> str:
        """Key of this input's record count in work/input_counts.json (a file's entry also holds
        its content hash, so a file whose mtime alone changed is recognised, see io.counts)."""
        if self.hub is not None:
            return f"{self.path}|{self.hub.fingerprint}"
        if self.store_id is not None:
            return f"{self.path}|{self.size}|{self.store_id}"
        return f"{self.path}|{self.size}|{self.mtime_ns}"
