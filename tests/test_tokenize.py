"""Tokenized rows (SPEC 2.5): masking, labels, windows, padding, and the decoded entities.

Unit tests call ``encode_docs`` directly on hand-made documents with the bundled tokenizer; the
row checks at the end run on real pipeline output (mini corpus, tests/fixtures/minicorpus.py).
Decoded text is compared with all whitespace removed: Kiwi NNP forms may contain spaces
("커크 해밋") and WordPiece decoding does not keep the text's spacing.
"""

from __future__ import annotations

import random
import re
from collections import Counter

import orjson
import pytest
from fixtures import minicorpus as mc

from corefprep.errors import CorefprepError
from corefprep.masking import encode_docs
from corefprep.tokenize import (
    BUNDLED_TOKENIZER,
    TokenizeConfig,
    load_fast_tokenizer,
    manage_tokenizers_parallelism,
    tokenizer_info,
)


@pytest.fixture(scope="module")
def tok():
    return load_fast_tokenizer(str(BUNDLED_TOKENIZER))


def _nospace(s: str) -> str:
    return re.sub(r"\s+", "", s)


def _ids(tok) -> dict[str, int]:
    return {"cls": tok.cls_token_id, "sep": tok.sep_token_id, "mask": tok.mask_token_id, "pad": tok.pad_token_id}


def _joined(tok, ids: list[int]) -> str:
    """Token strings joined without WordPiece markers or spaces (exact, unlike decode's cleanup)."""
    toks = [tok.backend_tokenizer.id_to_token(i) for i in ids]
    return "".join(t[2:] if t.startswith("##") else t for t in toks)


FILLER = "그 뒤로 여러 해 동안 많은 일이 있었고 사람들은 그 일을 오래 기억하였다. "


def _make_doc(parts: list[str | tuple[str]]) -> tuple[str, dict[str, list[tuple[int, int]]]]:
    """Concatenate parts; 1-tuples are entity mentions whose offsets are recorded."""
    text = ""
    ments: dict[str, list[tuple[int, int]]] = {}
    for p in parts:
        if isinstance(p, tuple):
            ments.setdefault(p[0], []).append((len(text), len(text) + len(p[0])))
            text += p[0]
        else:
            text += p
    return text, ments


def _batch(docs: list[tuple[str, dict[str, list[tuple[int, int]]]]]) -> dict[str, list]:
    """encode_docs input: one row per document, samples = (first mention, each later mention)."""
    batch: dict[str, list] = {k: [] for k in ("text", "cuts", "samples", "doc_id", "doc_index", "source")}
    for i, (text, ments) in enumerate(docs):
        batch["text"].append(text)
        batch["cuts"].append(sorted({p for ms in ments.values() for m in ms for p in m}))
        batch["samples"].append([
            {"target": f, "antecedent_start": ms[0][0], "antecedent_end": ms[0][1], "mention_start": m[0],
             "mention_end": m[1]}
            for f, ms in ments.items() for m in ms[1:]
        ])
        batch["doc_id"].append(f"doc{i}")
        batch["doc_index"].append(i)
        batch["source"].append("synthetic")
    return batch


DOC_A = _make_doc([("서울특별시",), "는 대한민국의 수도이다. ", ("커크 해밋",), "은 기타를 친다. ", FILLER,
                   ("서울특별시",), "의 인구는 많다. ", ("커크 해밋",), "이 다시 연주하였다. ", FILLER, ("서울특별시",),
                   "에서 공연이 열렸다."])
DOC_B = _make_doc([("마이크로소프트",), "와 ", ("엑스박스",), "는 유명하다. ", FILLER, ("마이크로소프트",),
                   "가 ", ("엑스박스",), "를 만들었다."])


def _rows(out) -> list[dict]:
    return out.to_pylist()  # encode_docs returns a pyarrow Table


def _check_row(tok, row: dict, text: str | None = None, single: bool = False) -> None:
    ids, labels = row["input_ids"], row["labels"]
    n = row["length"]
    assert ids[0] == tok.cls_token_id and ids[n - 1] == tok.sep_token_id
    assert len(labels) == len(ids)
    ms, me = row["mention_span"]
    as_, ae = row["antecedent_span"]
    assert 1 <= as_ < ae <= ms < me <= n - 1
    assert all(i == tok.mask_token_id for i in ids[ms:me])
    assert tok.mask_token_id not in ids[:ms] + ids[me:n]
    assert all(label == -100 for label in labels[:ms] + labels[me:])
    assert all(label != -100 for label in labels[ms:me])
    target = _nospace(row["target"])
    if single:
        assert me - ms == 1
        assert target.startswith(_nospace(tok.decode(labels[ms:me])))
    else:
        assert _nospace(tok.decode(labels[ms:me])) == target
    assert _nospace(tok.decode(ids[as_:ae])) == target
    if text is not None:
        assert text[row["antecedent_pos"]:row["antecedent_pos"] + len(row["target"])] == row["target"]
        assert text[row["coref_pos"]:row["coref_pos"] + len(row["target"])] == row["target"]
        assert row["distance"] == row["coref_pos"] - row["antecedent_pos"]
        if not single and tok.unk_token_id not in ids:
            restored = [lab if lab != -100 else i for i, lab in zip(ids[1:n - 1], labels[1:n - 1], strict=True)]
            assert _joined(tok, restored) in _nospace(text)


def test_encode_docs_masks_whole_mentions(tok):
    cfg = TokenizeConfig(seq_len=2048)
    out = encode_docs(_batch([DOC_A, DOC_B]), tok.backend_tokenizer, _ids(tok), cfg)
    rows = _rows(out)
    assert Counter(r["target"] for r in rows) == {"서울특별시": 2, "커크 해밋": 1, "마이크로소프트": 1, "엑스박스": 1}
    texts = [DOC_A[0], DOC_B[0]]
    for r in rows:
        _check_row(tok, r, texts[r["doc_index"]])
        assert r["length"] == len(r["input_ids"])
        # the whole document fits: the row is the whole (masked) document
        restored = [lab if lab != -100 else i for i, lab in zip(r["input_ids"], r["labels"], strict=True)]
        assert _joined(tok, restored[1:-1]) == _nospace(texts[r["doc_index"]])
    # the mask covers more than one subword for a multi-token entity
    assert any(r["mention_span"][1] - r["mention_span"][0] > 1 for r in rows)


def test_mask_style_single_puts_exactly_one_mask(tok):
    cfg = TokenizeConfig(seq_len=2048, mask_style="single")
    rows = _rows(encode_docs(_batch([DOC_A, DOC_B]), tok.backend_tokenizer, _ids(tok), cfg))
    assert len(rows) == 5
    for r in rows:
        assert r["input_ids"].count(tok.mask_token_id) == 1
        assert sum(1 for lab in r["labels"] if lab != -100) == 1
        _check_row(tok, r, single=True)


def test_pad_to_max_length(tok):
    cfg = TokenizeConfig(seq_len=256, pad_to_max_length=True)
    out = encode_docs(_batch([DOC_A]), tok.backend_tokenizer, _ids(tok), cfg)
    assert "attention_mask" in out.column_names
    for r in _rows(out):
        n = r["length"]
        assert len(r["input_ids"]) == len(r["labels"]) == len(r["attention_mask"]) == 256
        assert r["attention_mask"] == [1] * n + [0] * (256 - n)
        assert r["input_ids"][n:] == [tok.pad_token_id] * (256 - n)
        assert r["labels"][n:] == [-100] * (256 - n)
        _check_row(tok, r)


def test_small_window_keeps_both_spans_or_drops_the_sample(tok):
    far = _make_doc([("서울특별시",), "는 수도이다. ", FILLER * 8, ("서울특별시",), "에 간다. ", ("부산",),
                     "은 항구이다. ", FILLER * 2, ("부산",), "도 크다. ", FILLER * 3])
    full = _rows(encode_docs(_batch([far]), tok.backend_tokenizer, _ids(tok), TokenizeConfig(seq_len=4096)))
    need = {r["target"]: r["mention_span"][1] - r["antecedent_span"][0] + 2 for r in full}
    assert need["서울특별시"] > 64 >= need["부산"], need  # one pair cannot share 64 tokens, the other can
    rows = _rows(encode_docs(_batch([far]), tok.backend_tokenizer, _ids(tok), TokenizeConfig(seq_len=64)))
    assert [r["target"] for r in rows] == ["부산"]
    for r in rows:
        assert r["length"] == 64  # the document is longer than the window: the window is full
        _check_row(tok, r, far[0])


def test_window_is_clamped_at_document_ends(tok):
    text, ments = _make_doc([("서울특별시",), "는 수도이다. ", ("서울특별시",), "는 크다. ", FILLER * 10])
    rows = _rows(encode_docs(_batch([(text, ments)]), tok.backend_tokenizer, _ids(tok), TokenizeConfig(seq_len=48)))
    assert len(rows) == 1
    r = rows[0]
    assert r["antecedent_span"][0] == 1  # window starts at the document start, not before it
    assert r["length"] == 48
    _check_row(tok, r, text)


def test_mention_without_tokens_is_skipped(tok):
    text = "가나다라마바사. " * 3 + "\u200b" + " 끝."
    batch = {"text": [text], "cuts": [[0, 3, 27, 28]], "doc_id": ["x"], "doc_index": [0], "source": ["s"],
             "samples": [[{"target": "\u200b", "antecedent_start": 0, "antecedent_end": 3, "mention_start": 27,
                           "mention_end": 28}]]}
    out = encode_docs(batch, tok.backend_tokenizer, _ids(tok), TokenizeConfig())
    assert out.num_rows == 0


def test_tokenizer_helpers(tok, monkeypatch):
    import os

    from corefprep import tokenize as tokmod

    info = tokenizer_info(tok, "bundled")
    assert info["mask_token_id"] == tok.mask_token_id and info["vocab_size"] == len(tok)
    assert len(info["sha256"]) == 16
    # without a user setting: Rust threads only when a single process tokenizes
    monkeypatch.setattr(tokmod, "_USER_PARALLELISM", None, raising=False)
    monkeypatch.delenv("TOKENIZERS_PARALLELISM", raising=False)
    manage_tokenizers_parallelism(4)
    assert os.environ["TOKENIZERS_PARALLELISM"] == "false"
    manage_tokenizers_parallelism(1)
    assert os.environ["TOKENIZERS_PARALLELISM"] == "true"


def test_unfetchable_hub_name_is_a_clear_error(monkeypatch):
    monkeypatch.setenv("HF_HUB_OFFLINE", "1")
    with pytest.raises(CorefprepError, match="local directory"):
        load_fast_tokenizer("no-such-org/no-such-tokenizer-xyz")


def test_tokenizer_without_mask_token_is_refused(tmp_path, tok):
    from transformers import PreTrainedTokenizerFast

    plain = PreTrainedTokenizerFast(tokenizer_object=tok.backend_tokenizer, unk_token="[UNK]", pad_token="[PAD]")
    plain.save_pretrained(tmp_path)
    with pytest.raises(CorefprepError, match="mask"):
        load_fast_tokenizer(str(tmp_path))


# --------------------------------------------------------------------------- rows of real runs


@pytest.fixture(scope="module")
def runs(tmp_path_factory):
    """One work dir on the mini corpus, three tokenize settings (the filter runs once)."""
    corpus = mc.mini_corpus(tmp_path_factory)
    out = tmp_path_factory.mktemp("tok_runs")
    base = ["prepare", str(corpus), "-o", str(out), "--no-progress", "--workers", "2", "--batch-docs", "8"]
    for extra in (["--seq-len", "512"], ["--seq-len", "256", "--mask-style", "single", "--pad-to-max-length"],
                  ["--seq-len", "64"]):
        assert mc.run_cli(base + extra) == 0
    texts = {orjson.loads(line).get("id"): orjson.loads(line).get("text") for line in
             mc.mini_corpus_lines(tmp_path_factory) if line.startswith(b"{") and line.endswith(b"}")}
    return out, texts


def _load(out, seq_len):
    from datasets import load_from_disk

    d = out / f"entity_coref_v2_{seq_len}"
    return load_from_disk(str(d)), orjson.loads((d / "metadata.json").read_bytes())


def test_real_rows_decode_to_their_entity(runs, tok):
    out, texts = runs
    ds, meta = _load(out, 512)
    assert len(ds) == meta["num_samples"] > 20
    assert set(ds.column_names) == {"input_ids", "labels", "length", "target", "antecedent_pos", "coref_pos",
                                    "distance", "doc_id", "doc_index", "source", "antecedent_span", "mention_span"}
    rng = random.Random(0)
    picks = rng.sample(range(len(ds)), min(40, len(ds)))
    for i in picks:
        row = ds[i]
        assert row["length"] == len(row["input_ids"]) <= 512
        _check_row(tok, row, texts[row["doc_id"]])
        assert 10 <= row["distance"] <= 2000


def test_real_rows_single_mask_and_padding(runs, tok):
    out, texts = runs
    ds, meta = _load(out, 256)
    assert "attention_mask" in ds.column_names and len(ds) > 0
    for row in ds:
        assert len(row["input_ids"]) == len(row["labels"]) == len(row["attention_mask"]) == 256
        assert sum(row["attention_mask"]) == row["length"]
        assert row["input_ids"].count(tok.mask_token_id) == 1
        _check_row(tok, row, texts[row["doc_id"]], single=True)
    assert meta["config"]["tokenize"]["mask_style"] == "single"


def test_real_rows_small_seq_len_window_and_dropped_count(runs, tok):
    out, texts = runs
    ds, meta = _load(out, 64)
    big, big_meta = _load(out, 512)
    assert 0 < len(ds) < meta["samples_before_tokenize"]
    assert meta["dropped_samples"] == meta["samples_before_tokenize"] - meta["num_samples"]
    assert meta["samples_before_tokenize"] == big_meta["samples_before_tokenize"]
    for row in ds:
        assert row["length"] == len(row["input_ids"]) <= 64
        _check_row(tok, row, texts[row["doc_id"]])
    # every kept sample of the small window is also in the big one
    key = ("doc_index", "antecedent_pos", "coref_pos")
    small_keys = {tuple(r[k] for k in key) for r in ds}
    assert small_keys <= {tuple(r[k] for k in key) for r in big}


def test_chunks_with_every_sample_dropped_still_merge(runs, tmp_path_factory, capsys):
    """--seq-len 8 keeps a couple of samples; with small tokenize chunks most chunks keep none."""
    out, _texts = runs
    corpus = mc.mini_corpus(tmp_path_factory)
    base = ["prepare", str(corpus), "-o", str(out), "--no-progress", "--workers", "2", "--batch-docs", "8",
            "--seq-len", "8", "--tok-chunk", "20"]
    capsys.readouterr()
    rc = mc.run_cli(base)
    err = capsys.readouterr().err
    assert rc == 0, err
    ds, meta = _load(out, 8)
    assert len(ds) == meta["num_samples"] == meta["samples_before_tokenize"] - meta["dropped_samples"]


def test_every_sample_dropped_is_a_clear_error(runs, tmp_path_factory, capsys):
    out, _texts = runs
    corpus = mc.mini_corpus(tmp_path_factory)
    capsys.readouterr()
    rc = mc.run_cli(["prepare", str(corpus), "-o", str(out), "--no-progress", "--workers", "2", "--batch-docs",
                     "8", "--seq-len", "3"])
    err = capsys.readouterr().err
    assert rc == 1
    assert "internal error" not in err and "seq-len" in err
