"""Causal-LM rows (SPEC 2.5, objective clm): the kept documents' token stream cut into blocks.

The tokenize stage (:mod:`corefprep.clm.doc_tokens`) leaves every filter batch's kept documents framed
as ``[BOS] tokens [EOS]``. Packing reads those files in batch order, a piece at a time, as one stream and cuts it into
rows of exactly ``--seq-len`` tokens; the remainder of each piece is carried into the next piece,
the next batch and the next Arrow file, so only the corpus' final partial block is lost (kept as a
shorter last row with ``--keep-last``). Nothing else decides where a row starts: workers, map or
writer batch sizes, chunking and interruptions cannot change the dataset. ``--no-pack`` writes one
row per document instead, its first ``--seq-len`` tokens.

Rows go straight into the final dataset's Arrow files (``datasets``' ArrowWriter), a piece at a
time, so memory stays flat whatever the corpus size; :func:`corefprep.output.dataset.assemble_dataset`
turns them into the ``load_from_disk`` directory without copying. Packing is cheap (array slicing),
so it is simply redone whenever any batch changed.
"""

from __future__ import annotations

import os
import shutil
import time
from collections.abc import Callable, Iterable, Iterator
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any, NamedTuple

import numpy as np

from ..core.atomic import config_hash, temp_path
from ..core.errors import CorefprepError
from ..core.log import say
from ..core.timings import Timings
from ..dedup.result import DedupResult, dedup_metadata
from ..filter.records import BatchStats
from ..filter.stats import totals_of
from ..output.dataset import assemble_dataset
from ..output.markers import Output
from ..output.metadata import Provenance, base_metadata
from ..tokenizer.config import TokenizeConfig
from .doc_tokens import Tokens, TokenStore

PACK_VERSION = 1  # bump when the row layout changes
SHARD_BYTES = 500 << 20  # token ids per Arrow file of the final dataset (save_to_disk's default shard size)


def clm_features(dtype: np.dtype, *, packed: bool, doc_boundaries: bool, dup_count: bool = False) -> Any:
    """Columns of clm rows: ``input_ids`` (smallest unsigned id type), ``length``; packed rows may
    add ``doc_starts``, per-document rows carry their ``doc_index`` (and, when the run deduplicated,
    ``dup_count``: how many copies the document had). No ``labels``: for causal LM they are the
    input ids, which trainers shift themselves."""
    from datasets import Features, Sequence, Value

    cols: dict[str, Any] = {"input_ids": Sequence(Value(dtype.name)), "length": Value("int32")}
    if packed and doc_boundaries:
        cols["doc_starts"] = Sequence(Value("int32"))
    if not packed:
        cols["doc_index"] = Value("int64")
        if dup_count:
            cols["dup_count"] = Value("int32")
    return Features(cols)


@dataclass(frozen=True)
class RowBatch:
    """Consecutive rows: their ids back to back and each row's length (+ optional columns)."""

    ids: np.ndarray
    lengths: np.ndarray  # int32
    doc_starts: tuple[np.ndarray, np.ndarray] | None = None  # (offsets back to back, count per row)
    doc_index: np.ndarray | None = None  # int64, one per row (per-document rows)
    dup_count: np.ndarray | None = None  # int32, one per row (per-document rows of a deduplicated run)

    def __len__(self) -> int:
        return len(self.lengths)


@dataclass
class PackStats:
    documents: int = 0
    document_tokens: int = 0  # framed: BOS/EOS included
    rows: int = 0
    tokens: int = 0  # stored in rows
    dropped_tail_tokens: int = 0  # packed: the corpus' final partial block (unless --keep-last)
    truncated_documents: int = 0  # per-document rows: documents longer than --seq-len
    truncated_tokens: int = 0


class BlockPacker:
    """Cuts a token stream fed piece by piece into blocks of exactly ``seq_len`` tokens, carrying
    the remainder (and the document starts in it) from one piece to the next."""

    def __init__(self, seq_len: int, dtype: np.dtype, boundaries: bool):
        self.seq_len, self.boundaries = seq_len, boundaries
        self.carry = np.zeros(0, dtype=dtype)
        self.carry_starts = np.zeros(0, dtype=np.int64)

    def feed(self, ids: np.ndarray, starts: np.ndarray) -> RowBatch | None:
        """``starts``: where documents begin within ``ids`` (ascending). Returns the whole blocks."""
        s = self.seq_len
        piece = np.concatenate([self.carry, ids]) if len(self.carry) else np.asarray(ids)
        starts = np.concatenate([self.carry_starts, np.asarray(starts, dtype=np.int64) + len(self.carry)])
        n = len(piece) // s
        cut = n * s
        bounds = np.searchsorted(starts, np.arange(n + 1, dtype=np.int64) * s)
        self.carry = np.array(piece[cut:])  # a copy: the piece's buffer is not kept alive by the carry
        self.carry_starts = starts[bounds[-1]:] - cut
        if n == 0:
            return None
        return RowBatch(np.ascontiguousarray(piece[:cut]), np.full(n, s, dtype=np.int32),
                        self._starts(starts, bounds, n))

    def finish(self) -> RowBatch | None:
        """The final partial block (``--keep-last``), or None when the stream ended on a block edge."""
        if len(self.carry) == 0:
            return None
        rows = RowBatch(self.carry, np.array([len(self.carry)], dtype=np.int32),
                        self._starts(self.carry_starts, np.array([0, len(self.carry_starts)]), 1))
        self.carry = self.carry[:0]
        self.carry_starts = self.carry_starts[:0]
        return rows

    def _starts(self, starts: np.ndarray, bounds: np.ndarray, n: int) -> tuple[np.ndarray, np.ndarray] | None:
        if not self.boundaries:
            return None
        counts = np.diff(bounds)
        block = np.repeat(np.arange(n, dtype=np.int64), counts)
        return (starts[bounds[0]:bounds[-1]] - block * self.seq_len).astype(np.int32), counts


def _doc_starts(lens: np.ndarray) -> np.ndarray:
    return np.concatenate([[0], np.cumsum(lens)[:-1]]).astype(np.int64) if len(lens) else lens.astype(np.int64)


def iter_packed_rows(batches: Iterable[Tokens], seq_len: int, keep_last: bool, boundaries: bool,
                     piece_tokens: int, stats: PackStats) -> Iterator[RowBatch]:
    """Blocks of the whole stream, a piece (about ``piece_tokens`` tokens) at a time."""
    packer: BlockPacker | None = None
    for b in batches:
        packer = packer or BlockPacker(seq_len, b.dtype, boundaries)
        if b.documents == 0:
            continue
        starts = _doc_starts(b.docs()[:, 1])
        stats.documents += b.documents
        stats.document_tokens += b.tokens
        for lo in range(0, b.tokens, piece_tokens):
            hi = min(lo + piece_tokens, b.tokens)
            a, z = np.searchsorted(starts, [lo, hi])
            rows = packer.feed(b.read(lo, hi), starts[a:z] - lo)
            if rows is not None:
                yield rows
    if packer is None:
        return
    last = packer.finish()
    if last is not None and keep_last:
        yield last
    elif last is not None:
        stats.dropped_tail_tokens = len(last.ids)


def iter_document_rows(batches: Iterable[Tokens], seq_len: int, docs_per_piece: int,
                       stats: PackStats, dup_counts: Callable[[np.ndarray], np.ndarray] | None = None
                       ) -> Iterator[RowBatch]:
    """One row per document: its first ``seq_len`` framed tokens (a cut document loses its end,
    EOS included, so a row ending in EOS is a whole document)."""
    for b in batches:
        if b.documents == 0:
            continue
        docs = b.docs()
        lens = docs[:, 1]
        starts = _doc_starts(lens)
        stats.documents += b.documents
        stats.document_tokens += b.tokens
        for lo in range(0, len(docs), docs_per_piece):
            st, ln = starts[lo:lo + docs_per_piece], lens[lo:lo + docs_per_piece]
            keep = np.minimum(ln, seq_len)
            span = b.read(int(st[0]), int(st[-1] + ln[-1]))
            out_at = np.cumsum(keep) - keep
            idx = np.arange(int(keep.sum()), dtype=np.int64) + np.repeat(st - st[0] - out_at, keep)
            stats.truncated_documents += int((ln > seq_len).sum())
            stats.truncated_tokens += int((ln - keep).sum())
            doc_index = docs[lo:lo + docs_per_piece, 0]
            yield RowBatch(span[idx], keep.astype(np.int32), doc_index=doc_index,
                           dup_count=dup_counts(doc_index) if dup_counts is not None else None)


def rows_table(rows: RowBatch, features: Any) -> Any:
    """The rows as a pyarrow Table of ``features``' schema (built from numpy, no per-token objects)."""
    import pyarrow as pa

    def lists(values: np.ndarray, counts: np.ndarray) -> Any:
        offsets = np.zeros(len(counts) + 1, dtype=np.int32)
        np.cumsum(counts, out=offsets[1:])
        return pa.ListArray.from_arrays(pa.array(offsets), pa.array(values))

    cols = {"input_ids": lists(rows.ids, rows.lengths), "length": pa.array(rows.lengths, type=pa.int32())}
    if "doc_starts" in features:
        assert rows.doc_starts is not None
        cols["doc_starts"] = lists(*rows.doc_starts)
    if "doc_index" in features:
        assert rows.doc_index is not None
        cols["doc_index"] = pa.array(rows.doc_index, type=pa.int64())
    if "dup_count" in features:
        assert rows.dup_count is not None
        cols["dup_count"] = pa.array(rows.dup_count, type=pa.int32())
    schema = features.arrow_schema
    return pa.Table.from_arrays([cols[name] for name in schema.names], schema=schema)


class ShardWriter:
    """Rows into Arrow files of ``rows_per_shard`` rows each (the last one shorter), in order."""

    def __init__(self, directory: Path, features: Any, rows_per_shard: int, writer_batch_size: int):
        self.directory, self.features = directory, features
        self.rows_per_shard, self.writer_batch_size = rows_per_shard, writer_batch_size
        self.files: list[Path] = []
        self._writer: Any = None
        self._rows = 0

    def write(self, table: Any) -> None:
        while table.num_rows:
            if self._writer is None:
                self._open()
            take = min(table.num_rows, self.rows_per_shard - self._rows)
            self._writer.write_table(table.slice(0, take), writer_batch_size=self.writer_batch_size)
            self._rows += take
            table = table.slice(take)
            if self._rows == self.rows_per_shard:
                self._close()

    def _open(self) -> None:
        from datasets.arrow_writer import ArrowWriter

        path = self.directory / f"rows-{len(self.files):05d}.arrow"
        self.files.append(path)
        self._writer = ArrowWriter(features=self.features, path=str(path), writer_batch_size=self.writer_batch_size)
        self._rows = 0

    def _close(self) -> None:
        self._writer.finalize()
        self._writer = None
        with open(self.files[-1], "rb") as f:
            os.fsync(f.fileno())

    def close(self) -> list[Path]:
        if self._writer is not None:
            self._close()
        return self.files


def write_rows(batches: list[Tokens], out_dir: Path, *, seq_len: int, packed: bool, keep_last: bool,
               doc_boundaries: bool, dtype: np.dtype, writer_batch_size: int,
               dup_counts: Callable[[np.ndarray], np.ndarray] | None = None) -> tuple[list[Path], PackStats]:
    """Pack (or, ``packed=False``, truncate per document) the batches' documents into Arrow files
    in ``out_dir``; returns the files in row order and the counts."""
    features = clm_features(dtype, packed=packed, doc_boundaries=doc_boundaries, dup_count=dup_counts is not None)
    stats = PackStats()
    rows_per_shard = max(1, SHARD_BYTES // (seq_len * dtype.itemsize))
    writer = ShardWriter(out_dir, features, rows_per_shard, writer_batch_size)
    rows_per_piece = max(1, min(writer_batch_size, rows_per_shard))
    if packed:
        it = iter_packed_rows(batches, seq_len, keep_last, doc_boundaries, rows_per_piece * seq_len, stats)
    else:
        it = iter_document_rows(batches, seq_len, rows_per_piece, stats, dup_counts)
    for rows in it:
        writer.write(rows_table(rows, features))
        stats.rows += len(rows)
        stats.tokens += len(rows.ids)
    return writer.close(), stats


# --- the final dataset -------------------------------------------------------------------------


def _pack_fingerprint(cfg: TokenizeConfig, store: TokenStore, batches: list[Tokens],
                      done: dict[int, BatchStats], dedup: DedupResult | None) -> str:
    return config_hash({"v": PACK_VERSION, "tokens": store.key, **({"dedup": dedup.fingerprint} if dedup else {}),
                        "batches": [[b.batch, done[b.batch].parquet_sha256] for b in batches],
                        "seq_len": cfg.seq_len, "pack": cfg.pack, "keep_last": cfg.keep_last,
                        "doc_boundaries": cfg.doc_boundaries, "shard_bytes": SHARD_BYTES})


class Packed(NamedTuple):
    rows: int
    timings: Timings  # the run's, with "pack" (and the dataset's "merge") when it was built now


def build_clm_dataset(final: Path, cfg: TokenizeConfig, store: TokenStore, batches: list[Tokens],
                      info: dict[str, Any], done: dict[int, BatchStats], timings: Timings, *,
                      writer_batch_size: int, provenance: Provenance, dedup: DedupResult | None = None) -> Packed:
    """``<output-dir>/clm_<rules>_<seq-len>/`` from the token files (without the documents dedup
    removed)."""
    fingerprint = _pack_fingerprint(cfg, store, batches, done, dedup)
    marker = Output.dataset(final).up_to_date(fingerprint)
    if marker and not provenance.force:
        say(f"pack: {final} is up to date ({marker.get('num_samples'):,} rows)")
        return Packed(int(marker.get("num_samples", 0)), timings)
    t0 = time.monotonic()
    work = temp_path(store.root / "pack")  # a killed run's leftover is removed by the next one (TEMP_NAME)
    shutil.rmtree(work, ignore_errors=True)
    work.mkdir(parents=True)
    try:
        files, stats = write_rows(batches, work, seq_len=cfg.seq_len, packed=cfg.pack, keep_last=cfg.keep_last,
                                  doc_boundaries=cfg.doc_boundaries, dtype=store.dtype,
                                  writer_batch_size=writer_batch_size,
                                  dup_counts=dedup.dup_counts if dedup is not None else None)
        if stats.rows == 0:
            raise CorefprepError(
                f"the kept documents hold {stats.document_tokens:,} tokens, less than one {cfg.seq_len}-token block; "
                "lower --seq-len, pass --keep-last, or give more input"
            )
        timings = timings.with_stage("pack", time.monotonic() - t0)
        metadata = clm_metadata(cfg, info, stats, store.dtype, done, timings, provenance, dedup)
        built = assemble_dataset(files, final, metadata, [done[k].to_json() for k in sorted(done)],
                                 fingerprint=fingerprint)
        rows, timings = built.rows, timings.with_stage("merge", built.seconds)
    finally:
        shutil.rmtree(work, ignore_errors=True)  # the dataset holds hard links to the files
    what = "blocks" if cfg.pack else "document rows"
    tail = (f", {stats.dropped_tail_tokens:,} tokens of the final partial block dropped" if cfg.pack else
            f", {stats.truncated_documents:,} documents cut to {cfg.seq_len} tokens")
    say(f"pack: {stats.documents:,} documents, {stats.tokens:,} tokens -> {rows:,} {what} of {cfg.seq_len}{tail} "
        f"-> {final}")
    return Packed(rows, timings)


def clm_metadata(cfg: TokenizeConfig, info: dict[str, Any], stats: PackStats, dtype: np.dtype,
                 done: dict[int, BatchStats], timings: Timings, provenance: Provenance,
                 dedup: DedupResult | None = None) -> dict[str, Any]:
    counts = asdict(stats)
    return base_metadata(
        "clm", sources=provenance.sources, documents=totals_of(done[k] for k in sorted(done)), tokenizer=info,
        config=provenance.config, timings=timings, objective="clm", layout="packed" if cfg.pack else "documents",
        seq_len=cfg.seq_len, columns=list(clm_features(dtype, packed=cfg.pack, doc_boundaries=cfg.doc_boundaries,
                                                       dup_count=dedup is not None)),
        **dedup_metadata(dedup),
        id_dtype=dtype.name, num_documents=counts.pop("documents"), num_document_tokens=counts.pop("document_tokens"),
        num_blocks=counts.pop("rows"), num_tokens=counts.pop("tokens"),
        **({"dropped_tail_tokens": counts["dropped_tail_tokens"]} if cfg.pack else
           {"truncated_documents": counts["truncated_documents"], "truncated_tokens": counts["truncated_tokens"]}),
    )
