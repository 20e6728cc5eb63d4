"""clm rows (SPEC 2.5, objective clm): packed blocks, per-document rows, determinism, resume.

Units: the block packer fed random pieces against one flat cut of the stream. Pipeline: runs of
``corefprep prepare --objective clm`` on the mini corpus (tests/fixtures/minicorpus.py) under rule
set v2 with relaxed options, with a byte-level BPE tokenizer trained here (``<|endoftext|>``, no
mask token, saved as a bare tokenizer.json directory) and with the bundled WordPiece. Rows are
checked against the filter's kept texts (its parquet batches) encoded by the tokenizer itself.
Filter runs are shared: a clm run on a copy of a filtered output directory only tokenizes and packs.
"""

from __future__ import annotations

import json
import shutil
import signal
import subprocess
import sys
from pathlib import Path

import numpy as np
import pyarrow.parquet as pq
import pytest
from fixtures import minicorpus as mc
from fixtures.clm import RELAXED, expected_documents, framing, kept_texts, own_tokenizer
from fixtures.shared import REPO
from fixtures.tokenizers import save_dir, train_bpe

from corefprep.clm.doc_tokens import frame_documents
from corefprep.clm.packing import BlockPacker, PackStats, iter_document_rows
from corefprep.tokenizer.ids import ids_dtype

SEQ = 64
NAME = f"clm_v2_{SEQ}"

# --------------------------------------------------------------------------------------- units


def test_block_packer_carries_across_random_pieces():
    rng = np.random.default_rng(0)
    for seq in (1, 7, 64):
        lens = rng.integers(1, 150, size=60)
        stream = rng.integers(0, 60000, size=int(lens.sum())).astype(np.uint16)
        starts = np.concatenate([[0], np.cumsum(lens)[:-1]])
        packer = BlockPacker(seq, np.dtype(np.uint16), boundaries=True)
        got, got_starts, lo = [], [], 0
        while lo < len(stream):
            hi = min(len(stream), lo + int(rng.integers(0, 200)))
            sel = (starts >= lo) & (starts < hi)
            rows = packer.feed(stream[lo:hi], starts[sel] - lo)
            if rows is not None:
                assert (rows.lengths == seq).all()
                vals, counts = rows.doc_starts
                got.append(rows.ids)
                got_starts += np.split(vals, np.cumsum(counts)[:-1])
            lo = hi
        last = packer.finish()
        n = len(stream) // seq
        flat = np.concatenate(got)
        assert np.array_equal(flat, stream[: n * seq])
        expect = [starts[(starts >= i * seq) & (starts < (i + 1) * seq)] - i * seq for i in range(n)]
        assert [s.tolist() for s in got_starts] == [s.tolist() for s in expect]
        tail = len(stream) - n * seq
        if tail:
            assert np.array_equal(last.ids, stream[n * seq:]) and last.lengths.tolist() == [tail]
            assert last.doc_starts[0].tolist() == (starts[starts >= n * seq] - n * seq).tolist()
        else:
            assert last is None


def test_frame_documents_puts_bos_and_eos_around_each_document():
    body = np.array([5, 6, 7, 8, 9], dtype=np.uint16)
    ids, lens = frame_documents(body, np.array([2, 0, 3]), bos_id=1, eos_id=2)
    assert ids.tolist() == [1, 5, 6, 2, 1, 2, 1, 7, 8, 9, 2] and lens.tolist() == [4, 2, 5]
    ids, lens = frame_documents(body, np.array([2, 0, 3]), bos_id=None, eos_id=2)
    assert ids.tolist() == [5, 6, 2, 2, 7, 8, 9, 2] and lens.tolist() == [3, 1, 4]


def test_id_types_are_the_smallest_unsigned():
    assert ids_dtype(8000) == np.uint16 and ids_dtype(65536) == np.uint16
    assert ids_dtype(65537) == np.uint32 and ids_dtype(151_936) == np.uint32


def test_document_rows_keep_the_start_of_long_documents(tmp_path):
    from corefprep.clm.doc_tokens import BatchTokens

    docs = [[1, 10, 11, 2], [1, 12, 13, 14, 15, 16, 2], [1, 2]]
    flat = np.array([t for d in docs for t in d], dtype=np.uint16)
    (tmp_path / "b.ids").write_bytes(flat.tobytes())
    np.save(tmp_path / "b.docs.npy", np.array([[3, 4], [8, 7], [9, 2]], dtype=np.int64))
    b = BatchTokens(0, tmp_path / "b.ids", tmp_path / "b.docs.npy", 3, len(flat), np.dtype(np.uint16))
    stats = PackStats()
    rows = list(iter_document_rows([b], seq_len=5, docs_per_piece=2, stats=stats))
    ids = np.concatenate([r.ids for r in rows])
    lengths = np.concatenate([r.lengths for r in rows]).tolist()
    assert lengths == [4, 5, 2]
    assert np.split(ids, np.cumsum(lengths)[:-1])[1].tolist() == [1, 12, 13, 14, 15]
    assert np.concatenate([r.doc_index for r in rows]).tolist() == [3, 8, 9]
    assert (stats.truncated_documents, stats.truncated_tokens) == (1, 2)


def test_kept_texts_come_in_doc_index_order_and_bounded_slices(tmp_path, monkeypatch):
    import pyarrow as pa

    import corefprep.clm.doc_tokens as doc_tokens
    from corefprep.clm.doc_tokens import iter_kept_texts

    monkeypatch.setattr(doc_tokens, "ENCODE_DOCS", 4)
    monkeypatch.setattr(doc_tokens, "ENCODE_CHARS", 25)
    index = [7, 3, 9, 1, 5, 2, 8]  # a parquet not sorted by doc_index (the filter sorts; never relied on)
    texts = {i: "가" * (i * 3) for i in index}  # 3..27 characters
    pq.write_table(pa.table({"doc_index": pa.array(index, pa.int64()), "text": [texts[i] for i in index]}),
                   tmp_path / "b.parquet")
    slices = list(iter_kept_texts(tmp_path / "b.parquet"))
    assert [i for s, _t in slices for i in s.tolist()] == sorted(index)
    assert [t for _s, ts in slices for t in ts] == [texts[i] for i in sorted(index)]
    assert len(slices) == 5  # [1 2 3] [5] | [7] [8] [9]: cut by the character budget within each slice of 4
    for _s, ts in slices:
        assert len(ts) <= 4 and (len(ts) == 1 or sum(map(len, ts)) <= 25)


# ------------------------------------------------------------------------------- pipeline runs


@pytest.fixture(scope="module")
def corpus(tmp_path_factory):
    return mc.mini_corpus(tmp_path_factory)


@pytest.fixture(scope="module")
def bpe_dir(tmp_path_factory):
    texts = [r["text"] for r in mc.bundled_records()[:120] if isinstance(r.get("text"), str)]
    return save_dir(tmp_path_factory.mktemp("bpe"), "bpe", train_bpe(["<|endoftext|>"], texts=texts, vocab=3000))


@pytest.fixture(params=["bpe", "bundled"])
def model(request, bpe_dir):
    return str(bpe_dir) if request.param == "bpe" else str(mc.REPO / "corefprep" / "data" / "tokenizer")


def _filter(corpus: Path, out: Path, *extra: str) -> Path:
    assert mc.run_cli(["filter", str(corpus), "-o", str(out), "--no-progress", *RELAXED, *extra]) == 0
    return out


@pytest.fixture(scope="module")
def filtered(tmp_path_factory, corpus):
    """The mini corpus filtered once: 2 workers, batches of 5 documents."""
    return _filter(corpus, tmp_path_factory.mktemp("filtered"), "--workers", "2", "--batch-docs", "5")


def _clm(corpus: Path, out: Path, *extra: str, base: Path | None = None, batch_docs: str = "5") -> Path:
    """``corefprep prepare --objective clm`` into ``out`` (a copy of ``base`` when given)."""
    if base is not None:
        shutil.copytree(base, out)
    args = ["prepare", str(corpus), "-o", str(out), "--no-progress", "--workers", "2", "--batch-docs", batch_docs,
            *RELAXED, "--objective", "clm", "--seq-len", str(SEQ), *extra]
    assert mc.run_cli(args) == 0
    return out


def load(out: Path, name: str = NAME):
    from datasets import load_from_disk

    d = out / name
    assert (d / "_COMPLETE").is_file()
    return load_from_disk(str(d)), json.loads((d / "metadata.json").read_text())


def stream_of(ds) -> np.ndarray:
    return np.concatenate([np.asarray(r, dtype=np.int64) for r in ds["input_ids"]])


def test_blocks_are_the_kept_documents_in_order(tmp_path, corpus, filtered, model):
    out = _clm(corpus, tmp_path / "out", "--model", model, base=filtered)
    ds, meta = load(out)
    docs = expected_documents(out, model)
    total = sum(len(d) for d in docs)
    bos, eos = framing(model)
    assert len(docs) == meta["num_documents"] >= 10 and meta["num_document_tokens"] == total
    # every block exactly seq_len; only the final partial block is lost
    assert all(n == SEQ for n in ds["length"]) and all(len(r) == SEQ for r in ds["input_ids"])
    assert len(ds) == meta["num_blocks"] == total // SEQ
    assert meta["dropped_tail_tokens"] == total - len(ds) * SEQ == total % SEQ
    assert meta["num_tokens"] == len(ds) * SEQ
    # the stream, cut at EOS, is the documents in doc_index order (the last one cut by the tail)
    stream = stream_of(ds)
    flat = np.array([t for d in docs for t in d])
    assert np.array_equal(stream, flat[: len(stream)])
    ends = np.flatnonzero(stream == eos)
    pieces = np.split(stream, ends + 1)
    whole = [p.tolist() for p in pieces[:-1]]
    assert whole == docs[: len(whole)] and len(whole) >= len(docs) - 1
    tok = own_tokenizer(model)
    texts = [t for _i, t in kept_texts(out)]
    for piece, text in zip(whole[:5], texts, strict=False):
        body = piece[1:-1] if bos is not None else piece[:-1]
        assert tok.decode(body) == tok.decode(tok.encode(text, add_special_tokens=False).ids)
    assert ds.features["input_ids"].feature.dtype == "uint16" == meta["id_dtype"]
    assert set(ds.column_names) == {"input_ids", "length"}  # no labels: trainers shift input_ids
    assert meta["tokenizer"]["eos_token_id"] == eos and meta["tokenizer"]["bos_token_id"] == bos


def test_keep_last_loses_nothing(tmp_path, corpus, filtered, model):
    out = _clm(corpus, tmp_path / "out", "--model", model, "--keep-last", base=filtered)
    ds, meta = load(out)
    docs = expected_documents(out, model)
    flat = np.array([t for d in docs for t in d])
    assert np.array_equal(stream_of(ds), flat)
    lengths = ds["length"]
    assert all(n == SEQ for n in lengths[:-1]) and 0 < lengths[-1] <= SEQ
    assert meta["dropped_tail_tokens"] == 0 and meta["num_tokens"] == len(flat)


def test_doc_boundaries_mark_every_document_start(tmp_path, corpus, filtered, bpe_dir):
    out = _clm(corpus, tmp_path / "out", "--model", str(bpe_dir), "--doc-boundaries", "--keep-last", base=filtered)
    ds, _meta = load(out)
    assert ds.features["doc_starts"].feature.dtype == "int32"
    docs = expected_documents(out, str(bpe_dir))
    starts = np.concatenate([[0], np.cumsum([len(d) for d in docs])[:-1]])
    got = [i * SEQ + s for i, row in enumerate(ds["doc_starts"]) for s in row]
    assert got == starts.tolist()


def test_no_pack_rows_are_whole_or_cut_documents(tmp_path, corpus, filtered, model):
    out = _clm(corpus, tmp_path / "out", "--model", model, "--no-pack", base=filtered)
    ds, meta = load(out)
    docs = expected_documents(out, model)
    _bos, eos = framing(model)
    assert len(ds) == len(docs) == meta["num_blocks"] and meta["layout"] == "documents"
    assert ds["doc_index"] == [i for i, _t in kept_texts(out)]
    cut = 0
    for row, doc in zip(ds["input_ids"], docs, strict=True):
        assert row == doc[:SEQ]
        assert (row[-1] == eos) == (len(doc) <= SEQ)  # a row ending in EOS is a whole document
        cut += len(doc) > SEQ
    assert meta["truncated_documents"] == cut > 0


def test_same_dataset_whatever_the_settings(tmp_path, corpus, filtered, bpe_dir):
    """Workers, batch size (filter batches), map batch size, map processes, tokenize chunks, writer batch
    size: none of them moves a row."""
    m = ["--model", str(bpe_dir), "--doc-boundaries"]
    ref = mc.dataset_hash(_clm(corpus, tmp_path / "ref", *m, base=filtered) / NAME)
    variants = [
        (["--map-batch-size", "1", "--num-proc", "1"], filtered, "5"),
        (["--map-batch-size", "1000", "--num-proc", "2", "--tok-chunk", "3", "--writer-batch-size", "2"],
         filtered, "5"),
        (["--workers", "1"], None, "3"),
        (["--workers", "2"], None, "1000"),
    ]
    for i, (extra, base, batch_docs) in enumerate(variants):
        out = _clm(corpus, tmp_path / f"v{i}", *m, *extra, base=base, batch_docs=batch_docs)
        assert mc.dataset_hash(out / NAME) == ref, extra


def test_rerun_changes_nothing_and_new_seq_len_reuses_tokens(tmp_path, corpus, filtered, bpe_dir, capsys):
    out = _clm(corpus, tmp_path / "out", "--model", str(bpe_dir), base=filtered)
    tokdir = next((out / "work" / "tokenized").glob("clm-*"))
    before = {p.name: p.stat().st_mtime_ns for p in sorted(tokdir.iterdir())}
    h = mc.dataset_hash(out / NAME)
    capsys.readouterr()
    _clm(corpus, out, "--model", str(bpe_dir))
    assert "up to date" in capsys.readouterr().err
    assert mc.dataset_hash(out / NAME) == h
    _clm(corpus, out, "--model", str(bpe_dir), "--seq-len", "32")
    assert "0 of" in capsys.readouterr().err  # no batch encoded again
    assert {p.name: p.stat().st_mtime_ns for p in sorted(tokdir.iterdir())} == before
    ds, _ = load(out, "clm_v2_32")
    assert all(n == 32 for n in ds["length"])


def test_a_batch_keeping_no_document_contributes_nothing(tmp_path, tmp_path_factory, bpe_dir):
    """Finnish documents first (rejected: low Hangul), then the Korean mini corpus, in batches of 3:
    the first batches keep nothing. The run and its reruns succeed, and the rows equal those of the
    Korean documents alone."""
    import zstandard

    fin = zstandard.ZstdDecompressor().stream_reader(
        (mc.SAMPLE / "fin_Latn_hplt12_sample.jsonl.zst").read_bytes()).read().splitlines()[:7]
    src = tmp_path / "src"
    src.mkdir()
    (src / "a_fin.jsonl").write_bytes(b"\n".join(fin) + b"\n")
    mc.write_mini_corpus(src, tmp_path_factory, name="b_kor.jsonl")
    out = tmp_path / "out"
    m = ["--model", str(bpe_dir)]
    _clm(src, out, *m, batch_docs="3")
    stats = [json.loads(p.read_text()) for p in sorted((out / "work" / "filter").glob("batch_?????.json"))]
    assert stats[0]["passed"] == stats[1]["passed"] == 0 and sum(s["passed"] for s in stats) >= 10
    h = mc.dataset_hash(out / NAME)
    _clm(src, out, *m, batch_docs="3")  # rerun: up to date
    _clm(src, out, *m, "--batches", "0-1", batch_docs="3")  # recompute the empty batches
    _clm(src, out, *m, batch_docs="3")  # and finish again
    assert mc.dataset_hash(out / NAME) == h
    korean = _clm(mc.mini_corpus(tmp_path_factory), tmp_path / "kor", *m, batch_docs="4")
    # the Korean file alone has other doc_index values but the same kept texts, so the same rows
    assert [t for _i, t in kept_texts(korean)] == [t for _i, t in kept_texts(out)]
    assert mc.dataset_hash(korean / NAME) == h


def test_large_vocabulary_gets_uint32_ids(tmp_path, corpus, filtered):
    from tokenizers import AddedToken

    bpe = train_bpe(["<|endoftext|>"], texts=[t for _i, t in kept_texts(filtered)][:20], vocab=1000)
    bpe.add_tokens([AddedToken(f"<extra_{i}>", special=True) for i in range(66_000)])
    d = save_dir(tmp_path, "big", bpe)
    out = _clm(corpus, tmp_path / "out", "--model", str(d), "--keep-last", base=filtered)
    ds, meta = load(out)
    assert ds.features["input_ids"].feature.dtype == "uint32" == meta["id_dtype"]
    assert np.array_equal(stream_of(ds), np.array([t for doc in expected_documents(out, str(d)) for t in doc]))


def test_corpus_shorter_than_one_block_is_a_clear_error(tmp_path, corpus, filtered, bpe_dir, capsys):
    shutil.copytree(filtered, tmp_path / "out")
    capsys.readouterr()
    rc = mc.run_cli(["prepare", str(corpus), "-o", str(tmp_path / "out"), "--no-progress", "--batch-docs", "5",
                     *RELAXED, "--objective", "clm", "--model", str(bpe_dir), "--seq-len", "10000000"])
    err = capsys.readouterr().err
    assert rc == 1 and "--keep-last" in err and "internal error" not in err
    assert not (tmp_path / "out" / "clm_v2_10000000").exists()


# ------------------------------------------------------------------------------- kill -9, resume


def _killed_run(args: list[str], kill: str) -> subprocess.CompletedProcess[str]:
    from fixtures.cli import HOOK_SRC, cli_env

    return subprocess.run([sys.executable, "-c", HOOK_SRC, *args], env=cli_env(CP_TEST_KILL=kill),
                          capture_output=True, text=True, timeout=300, start_new_session=True, cwd=REPO)


@pytest.mark.slow
def test_killed_then_resumed_runs_give_the_same_dataset(tmp_path, corpus, filtered, bpe_dir):
    """A real SIGKILL of a `corefprep prepare` process (and its group) at moments of tokenize, pack
    and merge; the rerun completes with the reference content and leaves nothing temporary."""
    m = ["--model", str(bpe_dir), "--doc-boundaries", "--format", "both"]
    ref = _clm(corpus, tmp_path / "ref", *m, base=filtered)
    ref_hash = mc.dataset_hash(ref / NAME)
    ref_bin = (ref / "clm_v2_text_document.bin").read_bytes()
    moments = [
        "after|-> .*/batch_00001\\.ids$|1",  # mid-tokenize: a batch's ids in place, its record not yet
        "before|/\\.batch_00002\\.json\\.tmp-\\d+ -> |1",
        "after|-> .*clm_v2_text_document\\.bin$|1",  # megatron pair half renamed
        f"before|/\\.{NAME}\\.tmp-\\d+ -> |1",  # final dataset complete under its temporary name
        f"after|-> .*/{NAME}$|1",  # final dataset in place, _COMPLETE not yet
    ]
    for i, moment in enumerate(moments):
        out = tmp_path / f"k{i}"
        shutil.copytree(filtered, out)
        args = ["prepare", str(corpus), "-o", str(out), "--no-progress", "--workers", "2", "--batch-docs", "5",
                *RELAXED, "--objective", "clm", "--seq-len", str(SEQ), *m]
        r = _killed_run(args, moment)
        assert r.returncode == -signal.SIGKILL, (moment, r.stderr)
        assert not (out / NAME / "_COMPLETE").exists()
        r = _killed_run(args, "")
        assert r.returncode == 0, r.stderr
        assert mc.dataset_hash(out / NAME) == ref_hash, moment
        assert (out / "clm_v2_text_document.bin").read_bytes() == ref_bin, moment
        left = [p for p in out.rglob("*") if ".tmp" in p.name or ".old-" in p.name]
        assert left == [], left
