"""Megatron-LM / NeMo export (``--format megatron``): an indexed dataset ``.bin`` + ``.idx`` pair.

The pair is what Megatron's ``preprocess_data.py`` makes and ``--data-path PREFIX`` reads
(megatron-core's ``IndexedDataset``, format version 1), one sequence per kept document, in
``doc_index`` order, framed as in the HF dataset: ``[BOS] tokens [EOS]`` (BOS per tokenizer/option).

* ``PREFIX.bin``: every document's ids back to back, in the index's dtype.
* ``PREFIX.idx``: the 9-byte magic ``MMIDIDX\\0\\0``, then little-endian: uint64 version (1),
  uint8 dtype code, uint64 sequence count N, uint64 document-index count (N + 1), N int32 sequence
  lengths, N int64 byte offsets of the sequences in ``.bin``, and the N + 1 int64 document
  indices (0, 1, ..., N: each document is one sequence).

Megatron's dtype codes have no unsigned 32-bit type: vocabularies up to 65,536 ids use uint16
(code 8), larger ones int32 (code 4), as Megatron's own tools do.

Both files are written under temporary names from the per-batch token files, one batch at a time
(memory stays flat), then renamed; ``PREFIX._COMPLETE`` is written last and records a fingerprint
of what the pair was made from, so a rerun with nothing changed does nothing and an interrupted one
starts the pair again.
"""

from __future__ import annotations

import struct
import time
from pathlib import Path
from typing import Any, NamedTuple

import numpy as np

from ..core.atomic import atomic_write_with, config_hash, temp_path
from ..core.log import say
from ..core.timings import Timings
from ..dedup.result import DedupResult, dedup_metadata
from ..filter.records import BatchStats
from ..filter.stats import totals_of
from ..output.markers import Output
from ..output.metadata import Provenance, base_metadata
from .doc_tokens import Tokens, TokenStore

INDEX_MAGIC = b"MMIDIDX\x00\x00"
INDEX_VERSION = 1
DTYPE_CODES = {"uint8": 1, "int8": 2, "int16": 3, "int32": 4, "int64": 5, "float64": 6, "float32": 7, "uint16": 8}
COPY_TOKENS = 1 << 24  # ids converted and written per step


def megatron_dtype(ids: np.dtype) -> np.dtype:
    return np.dtype("<u2") if ids.itemsize <= 2 else np.dtype("<i4")


def write_bin(batches: list[Tokens], path: Path, dtype: np.dtype) -> int:
    """Every batch's ids back to back in ``dtype``; returns the number of tokens."""
    n = 0
    with open(path, "wb") as f:
        for b in batches:
            for lo in range(0, b.tokens, COPY_TOKENS):
                f.write(b.read(lo, lo + COPY_TOKENS).astype(dtype).tobytes())
            n += b.tokens
    return n


def write_idx(batches: list[Tokens], path: Path, dtype: np.dtype) -> int:
    """The index of the documents of ``batches`` (one sequence each); returns the document count."""
    n = sum(b.documents for b in batches)
    with open(path, "wb") as f:
        f.write(INDEX_MAGIC)
        f.write(struct.pack("<Q", INDEX_VERSION))
        f.write(struct.pack("<B", DTYPE_CODES[dtype.name]))
        f.write(struct.pack("<Q", n))
        f.write(struct.pack("<Q", n + 1))
        for b in batches:
            f.write(b.docs()[:, 1].astype("<i4").tobytes())
        offset = 0
        for b in batches:
            lens = b.docs()[:, 1]
            ends = np.cumsum(lens)
            f.write(((offset + ends - lens) * dtype.itemsize).astype("<i8").tobytes())
            offset += int(ends[-1]) if len(ends) else 0
        for lo in range(0, n + 1, COPY_TOKENS):
            f.write(np.arange(lo, min(n + 1, lo + COPY_TOKENS), dtype="<i8").tobytes())
    return n


class Exported(NamedTuple):
    documents: int
    timings: Timings  # the run's, with "megatron" when the pair was written now


def export_megatron(prefix: Path, store: TokenStore, batches: list[Tokens], info: dict[str, Any],
                    done: dict[int, BatchStats], timings: Timings, *, provenance: Provenance,
                    dedup: DedupResult | None = None) -> Exported:
    """Write (or find up to date) the .bin/.idx pair at ``prefix`` (without the documents dedup
    removed)."""
    out = Output.megatron(prefix)
    bin_path, idx_path = prefix.with_name(prefix.name + ".bin"), prefix.with_name(prefix.name + ".idx")
    dtype = megatron_dtype(store.dtype)
    fingerprint = config_hash({"v": INDEX_VERSION, "tokens": store.key, "dtype": dtype.str,
                               **({"dedup": dedup.fingerprint} if dedup else {}),
                               "batches": [[b.batch, done[b.batch].parquet_sha256] for b in batches]})
    marker = out.up_to_date(fingerprint)
    if marker and not provenance.force and "files" in marker:
        say(f"megatron: {prefix}.bin/.idx are up to date ({marker.get('num_documents'):,} documents)")
        return Exported(int(marker["num_documents"]), timings)
    t0 = time.monotonic()
    out.unmark()  # from here on the pair on disk no longer counts as finished
    tokens = docs = 0

    def bin_file(tmp: Path) -> None:
        nonlocal tokens
        tokens = write_bin(batches, tmp, dtype)

    def idx_file(tmp: Path) -> None:
        nonlocal docs
        docs = write_idx(batches, tmp, dtype)

    for path in (bin_path, idx_path):
        temp_path(path).unlink(missing_ok=True)
    atomic_write_with(bin_path, bin_file)
    atomic_write_with(idx_path, idx_file)
    timings = timings.with_stage("megatron", time.monotonic() - t0)
    metadata = base_metadata(
        "megatron_indexed", sources=provenance.sources, documents=totals_of(done[k] for k in sorted(done)),
        tokenizer=info, config=provenance.config, timings=timings, path_prefix=str(prefix),
        index_version=INDEX_VERSION, dtype=dtype.name, num_documents=docs, num_tokens=tokens,
        **dedup_metadata(dedup))
    out.finish(metadata, fingerprint, [bin_path.name, idx_path.name], num_documents=docs, num_tokens=tokens)
    say(f"megatron: {docs:,} documents, {tokens:,} tokens ({dtype.name}) -> {prefix}.bin/.idx "
        f"in {timings['megatron']:.1f}s")
    return Exported(docs, timings)
