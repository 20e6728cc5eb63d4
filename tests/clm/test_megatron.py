"""Megatron-LM / NeMo export (``--format megatron``), read back with megatron-core's own
``IndexedDataset`` (skipped when megatron-core cannot be imported; it is in the dev extra)."""

from __future__ import annotations

import json
import warnings
from pathlib import Path

import numpy as np
import pytest
from fixtures import minicorpus as mc
from fixtures.clm import RELAXED, expected_documents, framing
from fixtures.tokenizers import save_dir, train_bpe

with warnings.catch_warnings():  # megatron-core warns at import that Transformer Engine / Apex are absent
    warnings.simplefilter("ignore")
    indexed = pytest.importorskip("megatron.core.datasets.indexed_dataset")

PREFIX = "clm_v2_text_document"


@pytest.fixture(scope="module")
def bpe_dir(tmp_path_factory):
    texts = [r["text"] for r in mc.bundled_records()[:120] if isinstance(r.get("text"), str)]
    return save_dir(tmp_path_factory.mktemp("bpe"), "bpe", train_bpe(["<|endoftext|>"], texts=texts, vocab=3000))


@pytest.fixture(scope="module")
def corpus(tmp_path_factory):
    return mc.mini_corpus(tmp_path_factory)


def _export(corpus: Path, out: Path, model: str, *extra: str) -> Path:
    args = ["prepare", str(corpus), "-o", str(out), "--no-progress", "--workers", "2", "--batch-docs", "5",
            *RELAXED, "--objective", "clm", "--model", model, "--format", "megatron", *extra]
    assert mc.run_cli(args) == 0
    return out / PREFIX


@pytest.mark.parametrize("which", ["bpe", "bundled"])
def test_megatron_reader_sees_each_document(tmp_path, corpus, bpe_dir, which):
    model = str(bpe_dir) if which == "bpe" else str(mc.REPO / "corefprep" / "data" / "tokenizer")
    out = tmp_path / "out"
    prefix = _export(corpus, out, model)
    ds = indexed.IndexedDataset(str(prefix))
    docs = expected_documents(out, model)  # the tokenizer's own encoding of each kept text, + EOS (BOS per tokenizer)
    bos, eos = framing(model)
    assert len(ds) == len(docs) >= 10
    for i, doc in enumerate(docs):
        got = ds[i]
        assert got.dtype == np.uint16
        assert got.tolist() == doc
        assert got[-1] == eos and (got[0] == bos if bos is not None else True)
    assert ds.document_indices.tolist() == list(range(len(docs) + 1))
    assert ds.sequence_lengths.tolist() == [len(d) for d in docs]
    meta = json.loads(prefix.with_name(PREFIX + ".metadata.json").read_text())
    marker = json.loads(prefix.with_name(PREFIX + "._COMPLETE").read_text())
    assert meta["num_documents"] == marker["num_documents"] == len(docs)
    assert meta["num_tokens"] == sum(len(d) for d in docs) and meta["tokenizer"]["eos_token_id"] == eos
    assert not (out / "clm_v2_2048").exists()  # megatron only: no HF dataset


def test_rerun_is_up_to_date_and_a_broken_pair_is_rewritten(tmp_path, corpus, bpe_dir, capsys):
    out = tmp_path / "out"
    prefix = _export(corpus, out, str(bpe_dir))
    bin_path = prefix.with_name(PREFIX + ".bin")
    data = bin_path.read_bytes()
    mtime = bin_path.stat().st_mtime_ns
    capsys.readouterr()
    _export(corpus, out, str(bpe_dir))
    assert "up to date" in capsys.readouterr().err and bin_path.stat().st_mtime_ns == mtime
    bin_path.write_bytes(data[:-2])  # a damaged .bin no longer matches its marker
    _export(corpus, out, str(bpe_dir))
    assert bin_path.read_bytes() == data
    assert len(indexed.IndexedDataset(str(prefix))) > 0


def test_large_vocabulary_is_written_as_int32(tmp_path):
    """Megatron has no unsigned 32-bit code: ids of a >65,536 vocabulary go out as int32."""
    from corefprep.clm.doc_tokens import BatchTokens
    from corefprep.clm.megatron import write_bin, write_idx

    docs = [[70_000, 5, 100_000, 1], [3, 1], [150_000, 1]]
    flat = np.array([t for d in docs for t in d], dtype=np.uint32)
    batches = []
    for k, part in enumerate((docs[:2], docs[2:])):
        ids = np.array([t for d in part for t in d], dtype=np.uint32)
        (tmp_path / f"{k}.ids").write_bytes(ids.tobytes())
        np.save(tmp_path / f"{k}.npy", np.array([[i, len(d)] for i, d in enumerate(part)], dtype=np.int64))
        batches.append(BatchTokens(k, tmp_path / f"{k}.ids", tmp_path / f"{k}.npy", len(part), len(ids),
                                   np.dtype(np.uint32)))
    empty = tmp_path / "e.ids"
    empty.write_bytes(b"")
    np.save(tmp_path / "e.npy", np.zeros((0, 2), dtype=np.int64))
    batches.insert(1, BatchTokens(9, empty, tmp_path / "e.npy", 0, 0, np.dtype(np.uint32)))  # a batch keeping nothing
    prefix = tmp_path / "big_text_document"
    assert write_bin(batches, prefix.with_suffix(".bin"), np.dtype("<i4")) == len(flat)
    assert write_idx(batches, prefix.with_suffix(".idx"), np.dtype("<i4")) == 3
    ds = indexed.IndexedDataset(str(prefix))
    assert [ds[i].tolist() for i in range(len(ds))] == docs and ds[0].dtype == np.int32
