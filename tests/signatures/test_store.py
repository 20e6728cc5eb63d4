"""Signature files written as records come: the file appears whole or not at all, holds what its
header promised in doc_index order, and a batch put together from its parts is the batch signed
whole, without the parts left behind."""

from __future__ import annotations

import numpy as np
import pytest

from corefprep.signatures.minhash import Signer
from corefprep.signatures.store import (
    join_parts,
    load_signatures,
    part_records_path,
    record_file,
    remove_parts,
    signature_count,
    signatures_valid,
    write_signatures,
)

SIGNER = Signer("minhash", "space", ngram=2, bands=3, rows=2)
TEXTS = [f"문서 {i} 서울 부산 날씨 {i % 7} 경제 뉴스" for i in range(40)]


def _records(lo: int, hi: int) -> bytes:
    return SIGNER.sign_many([(3 * i, TEXTS[i]) for i in range(lo, hi)])


def test_a_file_written_as_records_come_loads_as_the_records(tmp_path):
    path = tmp_path / "x.npy"
    with record_file(path, SIGNER.dtype, 40) as sink:
        for lo in range(0, 40, 7):
            sink.add(_records(lo, min(lo + 7, 40)))
    assert np.load(path).tobytes() == _records(0, 40)


@pytest.mark.parametrize("case", ["short", "long", "unordered", "repeated"])
def test_a_file_that_breaks_its_promise_is_not_left(tmp_path, case):
    path = tmp_path / "x.npy"
    with pytest.raises(ValueError, match="signature records"), record_file(path, SIGNER.dtype, 10) as sink:
        if case == "short":
            sink.add(_records(0, 9))
        elif case == "long":
            sink.add(_records(0, 11))
        elif case == "unordered":
            sink.add(_records(5, 10))
            sink.add(_records(0, 5))
        else:
            sink.add(_records(0, 5))
            sink.add(_records(4, 9))
    assert list(tmp_path.iterdir()) == []


def test_a_batch_joined_from_its_parts_is_the_batch_written_whole(tmp_path, monkeypatch):
    import corefprep.signatures.store as store

    monkeypatch.setattr(store, "JOIN_ROWS", 3)  # several chunks per part
    whole = tmp_path / "whole"
    write_signatures(whole, SIGNER, 2, np.frombuffer(_records(0, 40), dtype=SIGNER.dtype), "sha", [30])
    joined = tmp_path / "joined"
    joined.mkdir()
    cuts = [(0, 13), (13, 14), (14, 40)]
    for lo, hi in cuts:
        with record_file(part_records_path(joined, 2, (lo, hi)), SIGNER.dtype, hi - lo) as sink:
            sink.add(_records(lo, hi))
    (joined / "batch_00003.rows_0_5.npy").write_bytes(b"another batch's part")
    join_parts(joined, SIGNER, 2, [part_records_path(joined, 2, c) for c in cuts], "sha", [30])
    for name in ("batch_00002.npy", "batch_00002.json"):
        assert (joined / name).read_bytes() == (whole / name).read_bytes()
    assert signatures_valid(joined, SIGNER, 2, "sha") is not None and signature_count(joined, 2) == 40
    assert load_signatures(joined, SIGNER, 2).tobytes() == _records(0, 40)
    assert sorted(p.name for p in joined.iterdir()) == ["batch_00002.json", "batch_00002.npy",
                                                        "batch_00003.rows_0_5.npy"]
    remove_parts(joined, 3)
    assert sorted(p.name for p in joined.iterdir()) == ["batch_00002.json", "batch_00002.npy"]
