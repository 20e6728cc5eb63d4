"""Kept documents as token ids, one set of files per filter batch (the clm tokenize stage).

Every kept document is encoded once, by the tokenizer's own ``encode_batch`` (its Rust threads do
the parallel work, fed one call ahead from a thread), and stored framed as ``[BOS] tokens [EOS]``,
documents back to back in ``doc_index`` order, in ``work/tokenized/clm-<key>/``:

* ``batch_NNNNN.ids``: the ids, raw little-endian, in the smallest unsigned type that holds the
  vocabulary (read back a piece at a time, so a batch never has to fit in memory);
* ``batch_NNNNN.docs.npy``: one ``(doc_index, framed length)`` int64 pair per document;
* ``batch_NNNNN.json``: written last, so it marks the pair whole: the filter batch's parquet
  SHA-256 (the batch's content), counts and the ids' byte size.

``<key>`` names the tokenizer (a hash of its tokenizer.json), the framing (EOS/BOS ids) and the id
type, nothing else: ``--seq-len``, ``--keep-last``, ``--no-pack``, the output format, worker and
chunk settings only change how these files are packed (:mod:`corefprep.clm.packing`), which is cheap.
A rerun re-encodes exactly the batches whose parquet changed; a batch that kept no document has an
empty pair and contributes nothing.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from functools import cached_property
from itertools import groupby
from pathlib import Path
from typing import Any, NamedTuple

import numpy as np

from ..core.atomic import atomic_write_json, atomic_write_with, clean_temp_files, config_hash, read_json
from ..core.errors import CorefprepError
from ..core.log import progress_bar, say
from ..core.workdir import WorkDir
from ..filter.records import BatchStats
from ..tokenizer.info import manage_clm_parallelism
from ..tokenizer.specials import DocSpecials

ENCODING_VERSION = 1  # bump when the files' layout or the encoding call changes


def document_backend(backend: Any) -> Any:
    """A copy of the tokenizer that reads special-token strings inside documents as plain text.

    Web text sometimes contains ``<|endoftext|>`` or ``</s>`` literally; encoded as the special
    token it would end a document in the middle of its text. Only corefprep's own BOS/EOS mark
    document boundaries. (A copy: the caller's tokenizer keeps its behaviour.)"""
    from tokenizers import Tokenizer

    doc = Tokenizer.from_str(backend.to_str())
    doc.encode_special_tokens = True
    return doc


@dataclass(frozen=True)
class DocEncoder:
    """Texts -> framed ids; pure apart from the tokenizer call."""

    backend: Any  # from document_backend()
    specials: DocSpecials
    dtype: np.dtype

    def encode(self, texts: list[str]) -> tuple[np.ndarray, np.ndarray]:
        """(ids of ``[BOS] tokens [EOS]`` per text, back to back; each framed document's length)."""
        return self.arrays(self.run(texts))

    def run(self, texts: list[str]) -> list[Any]:
        """The tokenizer's own batch encoding (Rust threads; the GIL is released meanwhile)."""
        fast = getattr(self.backend, "encode_batch_fast", None)  # tokenizers >= 0.20: no offsets computed
        return (fast or self.backend.encode_batch)(texts, add_special_tokens=False)

    def arrays(self, encs: list[Any]) -> tuple[np.ndarray, np.ndarray]:
        # one numpy conversion per document's id list, then one concatenation: a third less time
        # than a generator over every id (the lists themselves are what Encoding.ids returns)
        parts = [np.array(e.ids, dtype=self.dtype) for e in encs]
        body_lens = np.fromiter(map(len, parts), dtype=np.int64, count=len(parts))
        body = np.concatenate(parts) if parts else np.zeros(0, dtype=self.dtype)
        return frame_documents(body, body_lens, self.specials.bos_id, self.specials.eos_id)


def frame_documents(body: np.ndarray, body_lens: np.ndarray, bos_id: int | None,
                    eos_id: int) -> tuple[np.ndarray, np.ndarray]:
    """Insert BOS (if any) before and EOS after each document of ``body`` (lengths ``body_lens``)."""
    extra = 2 if bos_id is not None else 1
    lens = body_lens + extra
    ends = np.cumsum(lens)  # one past each framed document
    out = np.empty(int(ends[-1]) if len(ends) else 0, dtype=body.dtype)
    is_body = np.ones(len(out), dtype=bool)
    is_body[ends - 1] = False
    out[ends - 1] = eos_id
    if bos_id is not None:
        starts = ends - lens
        is_body[starts] = False
        out[starts] = bos_id
    out[is_body] = body
    return out, lens


@dataclass(frozen=True)
class BatchTokens:
    """One filter batch's framed documents on disk."""

    batch: int
    ids_path: Path
    docs_path: Path
    documents: int
    tokens: int
    dtype: np.dtype

    def read(self, lo: int, hi: int) -> np.ndarray:
        """Ids ``lo:hi`` of the batch's stream, read from the file (only what is asked is in memory,
        unlike a memory map whose touched pages would all count as the process' memory)."""
        hi = min(hi, self.tokens)
        if hi <= lo:
            return np.zeros(0, dtype=self.dtype)
        return np.fromfile(self.ids_path, dtype=self.dtype, count=hi - lo, offset=lo * self.dtype.itemsize)

    def docs(self) -> np.ndarray:
        """(documents, 2) int64: doc_index and framed length of each document."""
        return np.load(self.docs_path).reshape(-1, 2)

    def without(self, removed: np.ndarray) -> BatchTokens | SelectedTokens:
        """The batch without the documents whose ``removed`` flag is set (one per document)."""
        if not removed.any():
            return self
        return SelectedTokens(self, ~removed)


@dataclass(frozen=True)
class SelectedTokens:
    """Some documents of a batch's token files (deduplication removed the others), read as one
    stream exactly like a :class:`BatchTokens`: packing and the Megatron export see only these."""

    base: BatchTokens
    keep: np.ndarray  # bool, one per document of the base batch

    @property
    def batch(self) -> int:
        return self.base.batch

    @property
    def dtype(self) -> np.dtype:
        return self.base.dtype

    @cached_property
    def _layout(self) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
        """(kept docs rows, their start in the base stream, their start in this stream)."""
        docs = self.base.docs()
        starts = np.concatenate([[0], np.cumsum(docs[:, 1])[:-1]]).astype(np.int64) if len(docs) else np.zeros(0)
        kept = docs[self.keep]
        mine = np.concatenate([[0], np.cumsum(kept[:, 1])[:-1]]).astype(np.int64) if len(kept) else np.zeros(0)
        return kept, starts[self.keep].astype(np.int64), mine

    @property
    def documents(self) -> int:
        return int(self.keep.sum())

    @property
    def tokens(self) -> int:
        return int(self._layout[0][:, 1].sum())

    def docs(self) -> np.ndarray:
        return self._layout[0]

    def read(self, lo: int, hi: int) -> np.ndarray:
        """Ids ``lo:hi`` of the kept documents' stream: the base file read a run of kept documents
        at a time."""
        kept, base_starts, mine = self._layout
        hi = min(hi, self.tokens)
        if hi <= lo or not len(kept):
            return np.zeros(0, dtype=self.dtype)
        first = int(np.searchsorted(mine, lo, side="right")) - 1
        last = int(np.searchsorted(mine, hi, side="left"))
        out = []
        i = first
        while i < last:
            j = i + 1  # extend over documents that follow each other in the base stream too
            while j < last and base_starts[j] == base_starts[j - 1] + kept[j - 1, 1]:
                j += 1
            a = max(lo, int(mine[i]))
            b = min(hi, int(mine[j - 1] + kept[j - 1, 1]))
            out.append(self.base.read(int(base_starts[i]) + a - int(mine[i]), int(base_starts[i]) + b - int(mine[i])))
            i = j
        return np.concatenate(out) if out else np.zeros(0, dtype=self.dtype)


# a batch's token files, or the documents dedup kept of them: packing and export read either
Tokens = BatchTokens | SelectedTokens


@dataclass(frozen=True)
class TokenStore:
    """Where one tokenizer + framing keeps its per-batch files."""

    root: Path
    key: str
    dtype: np.dtype

    def files(self, k: int) -> tuple[Path, Path, Path]:
        stem = f"batch_{k:05d}"
        return self.root / f"{stem}.ids", self.root / f"{stem}.docs.npy", self.root / f"{stem}.json"

    def load(self, k: int, fingerprint: str) -> BatchTokens | None:
        """Batch k's files if they are whole and were made from the batch's current content."""
        ids, docs, meta = self.files(k)
        rec = read_json(meta)
        if not rec or rec.get("fingerprint") != fingerprint or rec.get("key") != self.key:
            return None
        try:
            if ids.stat().st_size != rec["tokens"] * self.dtype.itemsize or not docs.is_file():
                return None
            if "docs_bytes" in rec and docs.stat().st_size != rec["docs_bytes"]:
                return None
        except (OSError, KeyError):
            return None
        return BatchTokens(k, ids, docs, int(rec["documents"]), int(rec["tokens"]), self.dtype)


def token_store(work_tokenized: Path, info: dict[str, Any], specials: DocSpecials, dtype: np.dtype) -> TokenStore:
    key = config_hash({"v": ENCODING_VERSION, "tokenizer": info["sha256"], "eos": specials.eos_id,
                       "bos": specials.bos_id, "dtype": dtype.str, "special_strings": "plain text"})
    return TokenStore(work_tokenized / f"clm-{key}", key, dtype)


# Documents per tokenizer call. Small calls cost the tokenizer less CPU than one large call (its
# encodings, offsets and token strings included, take fresh pages and a larger heap), start the
# first call sooner and leave less to convert after the last one (bench_clm: 250 documents per call
# against 1,000 and one call of everything). A call also stops at ENCODE_CHARS characters, so very
# long documents do not pile up. IN_FLIGHT calls run at once: 2 measured no better than 1.
ENCODE_DOCS = 250
ENCODE_CHARS = 1_000_000
IN_FLIGHT = 1


def iter_kept_texts(parquet: Path) -> Iterator[tuple[np.ndarray, list[str]]]:
    """(doc_index, text) of a filter batch's kept documents in doc_index order, a slice at a time."""
    import pyarrow.parquet as pq

    pf = pq.ParquetFile(parquet)
    index = pf.read(columns=["doc_index"]).column("doc_index").to_numpy()
    if len(index) and not (np.diff(index) > 0).all():  # the filter writes sorted rows; never rely on it
        table = pf.read(columns=["doc_index", "text"]).take(np.argsort(index, kind="stable"))
        parts: Iterator[Any] = iter(table.to_batches(max_chunksize=ENCODE_DOCS))
    else:
        parts = pf.iter_batches(batch_size=ENCODE_DOCS, columns=["doc_index", "text"])
    for rb in parts:
        doc_index, texts = rb.column("doc_index").to_numpy(), rb.column("text").to_pylist()
        lo = 0
        while lo < len(texts):  # cut at ENCODE_CHARS (at least one document per slice)
            hi, chars = lo + 1, len(texts[lo])
            while hi < len(texts) and chars + len(texts[hi]) <= ENCODE_CHARS:
                chars += len(texts[hi])
                hi += 1
            yield doc_index[lo:hi], texts[lo:hi]
            lo = hi


class Slice(NamedTuple):
    """Kept documents of one filter batch, in doc_index order, as the tokenizer is given them."""

    batch: int
    doc_index: np.ndarray
    texts: list[str]


class EncodedSlice(NamedTuple):
    batch: int
    doc_index: np.ndarray
    ids: np.ndarray  # framed documents back to back
    lens: np.ndarray  # each framed document's length


def kept_slices(work: WorkDir, batches: list[int]) -> Iterator[Slice]:
    """The kept documents of ``batches``, in order, a slice at a time; a batch that kept none gives
    one empty slice, so that its (empty) files are written all the same."""
    for k in batches:
        empty = True
        for doc_index, texts in iter_kept_texts(work.batch_parquet(k)):
            empty = False
            yield Slice(k, doc_index, texts)
        if empty:
            yield Slice(k, np.zeros(0, dtype=np.int64), [])


def encoded_slices(encoder: DocEncoder, slices: Iterator[Slice]) -> Iterator[EncodedSlice]:
    """Each slice encoded, in order. Up to IN_FLIGHT slices, of this batch or the next ones, are with
    the tokenizer (in threads: it releases the GIL) while the caller converts, writes and reads: its
    Rust threads never wait for Python, nor for one call's last document or the next call's start."""
    from collections import deque
    from concurrent.futures import Future, ThreadPoolExecutor

    with ThreadPoolExecutor(IN_FLIGHT, thread_name_prefix="encode") as pool:
        pending: deque[tuple[Slice, Future[list[Any]]]] = deque()
        for piece in slices:
            pending.append((piece, pool.submit(encoder.run, piece.texts)))
            if len(pending) > IN_FLIGHT:
                done, fut = pending.popleft()
                yield EncodedSlice(done.batch, done.doc_index, *encoder.arrays(fut.result()))
        while pending:
            done, fut = pending.popleft()
            yield EncodedSlice(done.batch, done.doc_index, *encoder.arrays(fut.result()))


def write_batch_files(store: TokenStore, k: int, fingerprint: str, parts: Iterator[EncodedSlice],
                      progress: Callable[[int], Any] | None = None) -> BatchTokens:
    """Filter batch k's encoded slices into the store (temporary names, then renamed; the record
    last)."""
    ids_path, docs_path, meta_path = store.files(k)
    meta_path.unlink(missing_ok=True)  # from here on the old pair no longer counts as whole
    t0 = time.monotonic()
    doc_rows: list[np.ndarray] = []
    tokens = 0

    def write_ids(tmp: Path) -> None:
        nonlocal tokens
        with open(tmp, "wb") as f:
            for part in parts:
                f.write(memoryview(part.ids))
                tokens += len(part.ids)
                doc_rows.append(np.stack([part.doc_index.astype(np.int64), part.lens], axis=1))
                if progress is not None:
                    progress(len(part.lens))

    atomic_write_with(ids_path, write_ids)
    docs = np.concatenate(doc_rows) if doc_rows else np.zeros((0, 2), dtype=np.int64)
    atomic_write_with(docs_path, lambda tmp: _save_npy(tmp, docs))
    atomic_write_json(meta_path, {"key": store.key, "fingerprint": fingerprint, "batch": k,
                                  "documents": len(docs), "tokens": tokens, "dtype": store.dtype.str,
                                  "docs_bytes": docs_path.stat().st_size, "seconds": round(time.monotonic() - t0, 3)})
    return BatchTokens(k, ids_path, docs_path, len(docs), tokens, store.dtype)


def encode_batches(work: WorkDir, store: TokenStore, done: dict[int, BatchStats], todo: list[int],
                   encoder: DocEncoder, progress: Callable[[int], Any] | None = None) -> Iterator[BatchTokens]:
    """Batches ``todo`` encoded into the store, in order, through one stream of slices (so the
    tokenizer never waits for a batch's files to be written or the next parquet to be opened)."""
    stream = encoded_slices(encoder, kept_slices(work, todo))
    for k, parts in groupby(stream, key=lambda part: part.batch):
        yield write_batch_files(store, k, done[k].parquet_sha256, parts, progress)


def _save_npy(path: Path, arr: np.ndarray) -> None:
    with open(path, "wb") as f:  # a file object: np.save would append ".npy" to a temporary name
        np.save(f, arr)


def run_doc_tokens(work: WorkDir, done: dict[int, BatchStats], tok: Any, specials: DocSpecials,
                   info: dict[str, Any], dtype: np.dtype, *, num_proc: int = 1,
                   progress: bool = True) -> tuple[TokenStore, list[BatchTokens]]:
    """The clm tokenize stage: every filter batch's token files, reusing those already made."""
    t0 = time.monotonic()
    store = token_store(work.tokenized_dir, info, specials, dtype)
    store.root.mkdir(parents=True, exist_ok=True)
    clean_temp_files(store.root)
    _remove_stale(store, set(done))
    have = {k: store.load(k, done[k].parquet_sha256) for k in sorted(done)}
    todo = [k for k, b in have.items() if b is None]
    if todo:
        manage_clm_parallelism(num_proc)
        encoder = DocEncoder(document_backend(tok.backend_tokenizer), specials, dtype)
        bar = progress_bar(sum(done[k].passed for k in todo), "tokenize", enabled=progress)
        try:
            for made in encode_batches(work, store, done, todo, encoder, progress=bar.update):
                k = made.batch
                if made.documents != done[k].passed:
                    raise CorefprepError(
                        f"filter batch {k} records {done[k].passed} kept documents but its parquet holds "
                        f"{made.documents}; rerun with --batches {k} to recompute it"
                    )
                have[k] = made
        finally:
            bar.close()
    out = [b for b in have.values() if b is not None]
    docs = sum(b.documents for b in out)
    toks = sum(b.tokens for b in out)
    say(f"tokenize: {docs:,} documents, {toks:,} tokens ({len(todo)} of {len(out)} batches encoded now, the rest "
        f"reused) in {time.monotonic() - t0:.1f}s")
    return store, out


def _remove_stale(store: TokenStore, batches: set[int]) -> None:
    """Files of batches the run no longer has (an earlier, longer input list)."""
    for p in store.root.glob("batch_*"):
        try:
            k = int(p.name[6:11])
        except ValueError:
            continue
        if k not in batches:
            p.unlink(missing_ok=True)
