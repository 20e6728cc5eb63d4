"""How token ids are stored: the smallest integer types that hold a vocabulary, and Arrow list
columns built from numpy without per-token Python objects."""

from __future__ import annotations

from typing import Any

import numpy as np


def id_types(vocab_size: int) -> tuple[str, str]:
    """Smallest integer types for token ids and labels (labels also hold -100). A small vocabulary
    (the bundled tokenizer has 8,000) halves the dataset on disk; 130k-vocab models keep int32."""
    ids = "uint16" if vocab_size <= 0xFFFF else "int32"
    labels = "int16" if vocab_size <= 0x7FFF else "int32"
    return ids, labels


def ids_dtype(id_bound: int) -> np.dtype:
    """Smallest unsigned little-endian type holding ids ``0 .. id_bound - 1`` (clm token files)."""
    return np.dtype("<u2") if id_bound <= 1 << 16 else np.dtype("<u4")


def list_array(parts: list[np.ndarray], list_type: Any) -> Any:
    """A pyarrow ListArray of ``list_type`` holding ``parts`` (one numpy array per row)."""
    import pyarrow as pa

    offsets = np.zeros(len(parts) + 1, dtype=np.int32)
    if parts:
        np.cumsum([len(p) for p in parts], out=offsets[1:])
    values = np.concatenate(parts) if parts else np.zeros(0, dtype=list_type.value_type.to_pandas_dtype())
    return pa.ListArray.from_arrays(pa.array(offsets), pa.array(values, type=list_type.value_type))
