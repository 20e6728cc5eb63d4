"""Signature files, one per filter batch: ``work/dedup/sig-<key>/batch_NNNNN.npy`` holds the
signature records of the batch's kept documents in ``doc_index`` order, and ``batch_NNNNN.json``
(written last) the key, the filter batch's parquet SHA-256 (its content), the record count and the
file's size, and the documents that have an exact hash only because they could not be signed
(``unsigned_near``). A signature file counts only for the batch content and settings it was made
from."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any, BinaryIO

import numpy as np

from ..core.atomic import atomic_write_json, atomic_write_with, atomic_writing, read_json
from ..core.workdir import WorkDir
from .minhash import Signer

JOIN_ROWS = 8192  # records copied at a time from a part into its batch's file


def signature_dir(work: WorkDir, signer: Signer) -> Path:
    return work.dedup_dir / f"sig-{signer.key}"


def _paths(directory: Path, k: int) -> tuple[Path, Path]:
    return directory / f"batch_{k:05d}.npy", directory / f"batch_{k:05d}.json"


def _others_path(directory: Path, k: int) -> Path:
    return directory / f"other_{k:05d}.npy"


def batch_records_path(directory: Path, k: int) -> Path:
    return _paths(directory, k)[0]


def part_records_path(directory: Path, k: int, rows: tuple[int, int]) -> Path:
    """Where the signing worker of rows ``rows`` of batch k's parquet leaves their records."""
    return directory / f"batch_{k:05d}.rows_{rows[0]}_{rows[1]}.npy"


def forget_batch(directory: Path, k: int) -> None:
    """From here on batch k's signature file no longer counts (until its record is written again)."""
    _paths(directory, k)[1].unlink(missing_ok=True)


def remove_parts(directory: Path, k: int) -> None:
    for path in directory.glob(f"batch_{k:05d}.rows_*.npy"):
        path.unlink(missing_ok=True)


class RecordSink:
    """Signature records appended to an open ``.npy`` whose header promised ``rows`` of them, in
    ascending ``doc_index`` order (a batch's parquet rows are in that order; a file out of it would
    need sorting in memory)."""

    def __init__(self, f: BinaryIO, dtype: np.dtype, rows: int, where: Path):
        self.f, self.dtype, self.rows, self.where = f, dtype, rows, where
        self.n = 0
        self.last = -1

    def add(self, data: bytes) -> int:
        """Append records given as bytes; returns how many."""
        recs = np.frombuffer(data, dtype=self.dtype)
        if not len(recs):
            return 0
        docs = recs["doc_index"]
        if docs[0] <= self.last or np.any(docs[1:] <= docs[:-1]) or self.n + len(recs) > self.rows:
            raise ValueError(f"{self.where}: signature records out of doc_index order or more than {self.rows}")
        self.f.write(data)
        self.n += len(recs)
        self.last = int(docs[-1])
        return len(recs)


@contextmanager
def record_file(path: Path, dtype: np.dtype, rows: int) -> Iterator[RecordSink]:
    """A ``.npy`` of exactly ``rows`` signature records, written as they come: a signing worker
    holds one block of records, not the batch's (the file appears whole at ``path``, or not at all)."""
    with atomic_writing(path) as tmp, open(tmp, "wb") as f:
        np.lib.format.write_array_header_1_0(
            f, {"descr": np.lib.format.dtype_to_descr(dtype), "fortran_order": False, "shape": (rows,)})
        sink = RecordSink(f, dtype, rows, path)
        yield sink
        if sink.n != rows:
            raise ValueError(f"{path}: {sink.n} signature records written, {rows} expected")


def join_parts(directory: Path, signer: Signer, k: int, parts: list[Path], parquet_sha256: str,
               unsigned: list[int] | None = None) -> None:
    """Batch k's signature file from its parts' files (in row order), read a chunk at a time; the
    parts are removed once the batch's record names the file."""
    data = _paths(directory, k)[0]
    forget_batch(directory, k)
    with record_file(data, signer.dtype, sum(npy_length(p) for p in parts)) as sink:
        for part in parts:
            for chunk in npy_chunks(part, JOIN_ROWS):
                sink.add(chunk.tobytes())
    record_written(directory, signer, k, parquet_sha256, unsigned)
    for part in parts:
        part.unlink(missing_ok=True)


def write_signatures(directory: Path, signer: Signer, k: int, records: np.ndarray, parquet_sha256: str,
                     unsigned: list[int] | None = None, others: np.ndarray | None = None) -> None:
    """Batch k's signature records (any order: they are stored sorted by doc_index); ``unsigned``:
    the documents among them with an exact hash only (quarantined while being signed); ``others``:
    the signatures of documents with personal data as the other --pii choice writes them
    (``other_NNNNN.npy``, read only when re-deciding a batch)."""
    directory.mkdir(parents=True, exist_ok=True)
    forget_batch(directory, k)
    _save(_paths(directory, k)[0], signer, records)
    record_written(directory, signer, k, parquet_sha256, unsigned, others)


def record_written(directory: Path, signer: Signer, k: int, parquet_sha256: str, unsigned: list[int] | None = None,
                   others: np.ndarray | None = None) -> None:
    """The record that makes batch k's signature file, written already, count (written last)."""
    data, meta = _paths(directory, k)
    record: dict[str, Any] = {"key": signer.key, "parquet_sha256": parquet_sha256, "records": npy_length(data),
                              "bytes": data.stat().st_size}
    other = _others_path(directory, k)
    if others is not None and len(others):
        _save(other, signer, others)
        record["other_bytes"] = other.stat().st_size
    else:
        other.unlink(missing_ok=True)
    if unsigned:
        record["unsigned_near"] = sorted(unsigned)
    atomic_write_json(meta, record)


def _save(path: Path, signer: Signer, records: np.ndarray) -> None:
    if not len(records):
        records = records.astype(signer.dtype)
    elif np.any(records["doc_index"][1:] <= records["doc_index"][:-1]):  # sorted already: no second copy
        records = np.sort(records, order="doc_index")

    def write(tmp: Path) -> None:
        with open(tmp, "wb") as f:  # a file object: np.save would append ".npy" to a temporary name
            np.save(f, records, allow_pickle=False)

    atomic_write_with(path, write)


def signatures_valid(directory: Path, signer: Signer, k: int, parquet_sha256: str) -> dict[str, Any] | None:
    """The record of batch k's signature file when it is whole and made from this content and key."""
    data, meta = _paths(directory, k)
    rec = read_json(meta)
    if not rec or rec.get("key") != signer.key or rec.get("parquet_sha256") != parquet_sha256:
        return None
    try:
        return rec if data.stat().st_size == rec.get("bytes") else None
    except OSError:
        return None


def load_signatures(directory: Path, signer: Signer, k: int, mmap: bool = True) -> np.ndarray:
    data, _ = _paths(directory, k)
    arr = np.load(data, mmap_mode="r" if mmap else None, allow_pickle=False)
    if arr.dtype != signer.dtype:
        raise ValueError(f"{data}: signature records of another layout")
    return arr


def npy_chunks(path: Path, rows: int) -> Iterator[np.ndarray]:
    """A one-dimensional ``.npy`` file's records, ``rows`` at a time, each chunk a copy of its own:
    memory bounded by ``rows`` whatever the file's size (a memory map would keep every page it
    touched resident, and counted, until the whole array is let go)."""
    with open(path, "rb") as f:
        left, dtype = _header(f)
        while left > 0:
            chunk = np.fromfile(f, dtype=dtype, count=min(rows, left))
            if not len(chunk):
                raise ValueError(f"{path}: shorter than its header says")
            left -= len(chunk)
            yield chunk


def npy_length(path: Path) -> int:
    """How many records a one-dimensional ``.npy`` file holds (its header only is read)."""
    with open(path, "rb") as f:
        return _header(f)[0]


def _header(f: BinaryIO) -> tuple[int, np.dtype]:
    version = np.lib.format.read_magic(f)
    read = np.lib.format.read_array_header_1_0 if version == (1, 0) else np.lib.format.read_array_header_2_0
    shape, _, dtype = read(f)
    return (int(shape[0]) if shape else 0), dtype


def signature_chunks(directory: Path, signer: Signer, k: int, rows: int) -> Iterator[np.ndarray]:
    """Batch k's signature records, ``rows`` at a time (see :func:`npy_chunks`)."""
    data, _ = _paths(directory, k)
    for chunk in npy_chunks(data, rows):
        if chunk.dtype != signer.dtype:
            raise ValueError(f"{data}: signature records of another layout")
        yield chunk


def signature_count(directory: Path, k: int) -> int:
    return npy_length(_paths(directory, k)[0])


def load_other_signatures(directory: Path, signer: Signer, k: int, record: dict[str, Any]) -> np.ndarray | None:
    """The other signatures batch k's valid signature ``record`` names, when their file is whole."""
    path = _others_path(directory, k)
    try:
        if "other_bytes" not in record or path.stat().st_size != record["other_bytes"]:
            return None
        arr = np.load(path, allow_pickle=False)
    except (OSError, ValueError):
        return None
    return arr if arr.dtype == signer.dtype else None
