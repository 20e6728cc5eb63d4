"""Entity-mlm rows (SPEC 2.5, corefprep/coref/masking.py): every row is the tokenizer's own encoding.

The rows are checked against the `tokenizers` library's own encoding of each document
(tests/fixtures/tokenizer_zoo.py: prefix/suffix special tokens, the window a contiguous run of
``tokenizer(document)`` at the mention's offsets, masked tokens decoding to the mention as the
normaliser writes it) for four tokenizers: the bundled WordPiece and three trained here on the
bundled sample (WordPiece, byte-level BPE with RoBERTa specials, Unigram with NFKC + lowercase and
Metaspace). Hand-made vocabularies pin down the alignment policy exactly.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

import numpy as np
import pytest
from fixtures import tokenizer_zoo as zoo

from corefprep.core.errors import CorefprepError
from corefprep.coref.masking import (
    Fate,
    Placement,
    SpecialTokens,
    WindowRule,
    doc_tokens,
    encode_docs,
    place_sample,
    plain_backend,
    sample_fates,
    special_tokens,
    token_span,
    window_rule,
)
from corefprep.tokenizer.config import BUNDLED_TOKENIZER, TokenizeConfig
from corefprep.tokenizer.load import load_fast_tokenizer

KINDS = ("bundled", *zoo.FAMILIES)
# exact masks: the tests that check "the masked tokens are the mention" ask for drop (the default widens)
EXACT = TokenizeConfig(unaligned="drop")


@pytest.fixture(scope="module")
def toks(tmp_path_factory) -> dict[str, Any]:
    root = tmp_path_factory.mktemp("zoo")
    out = {"bundled": load_fast_tokenizer(str(BUNDLED_TOKENIZER))}
    for kind in zoo.FAMILIES:
        out[kind] = load_fast_tokenizer(str(zoo.tokenizer_dir(kind, root)))
    return out


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
    batch: dict[str, list] = {k: [] for k in ("text", "samples", "doc_id", "doc_index", "source")}
    for i, (text, ments) in enumerate(docs):
        batch["text"].append(text)
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
# normalisers at work: NFKC (㈜ -> "(주)", full-width letters), case, several spaces and a newline
DOC_C = _make_doc([("㈜삼성",), "은 회사이다.  ", ("ESP",), "에서 ", ("Ｆｕｌｌ",), " 기타를 샀다.\n", FILLER,
                   ("㈜삼성",), "의 주가가 올랐다. ", ("ESP",), "는   유명하다. ", ("Ｆｕｌｌ",), "은 영어이다. ",
                   ("㈜삼성",), "전자."])
DOCS = [DOC_A, DOC_B, DOC_C]


def _rows(tok: Any, docs: list, cfg: TokenizeConfig) -> list[dict]:
    backend = plain_backend(tok.backend_tokenizer)
    out = encode_docs(_batch(docs), backend, special_tokens(backend), tok.mask_token_id,
                      tok.pad_token_id if tok.pad_token_id is not None else 0, cfg, len(tok))
    return out.to_pylist()  # encode_docs returns a pyarrow Table


def _fates(tok: Any, docs: list, cfg: TokenizeConfig) -> list[Fate]:
    backend = plain_backend(tok.backend_tokenizer)
    batch = _batch(docs)
    spans = [[(s["antecedent_start"], s["antecedent_end"], s["mention_start"], s["mention_end"]) for s in ss]
             for ss in batch["samples"]]
    return [f for fs in sample_fates(batch["text"], spans, backend, window_rule(cfg, special_tokens(backend)))
            for f in fs]


def _check_all(tok: Any, rows: list[dict], docs: list, **kw: Any) -> int:
    """check_row on every row; returns how many could compare spellings."""
    texts = [d[0] for d in docs]
    return sum(zoo.check_row(tok.backend_tokenizer, r, texts[r["doc_index"]], tok.mask_token_id, **kw) for r in rows)


# --------------------------------------------------------------------------- special tokens


@pytest.mark.parametrize("kind", KINDS)
def test_special_tokens_are_what_the_post_processor_adds(toks, kind):
    backend = toks[kind].backend_tokenizer
    own = zoo.OwnEncoding(backend, "서울에 간다 test")
    got = special_tokens(backend)
    assert got == SpecialTokens(tuple(own.prefix), tuple(own.suffix))
    name = {"bundled": ("[CLS]", "[SEP]"), "wordpiece": ("[CLS]", "[SEP]"), "bytelevel": ("<s>", "</s>"),
            "unigram": ("<s>", None)}[kind]
    assert got.prefix == (backend.token_to_id(name[0]),)
    assert got.suffix == ((backend.token_to_id(name[1]),) if name[1] else ())


def test_no_post_processor_means_no_special_tokens(toks):
    from tokenizers import Tokenizer

    backend = Tokenizer.from_str(toks["wordpiece"].backend_tokenizer.to_str())
    backend.post_processor = None
    assert special_tokens(backend) == SpecialTokens((), ())
    assert window_rule(TokenizeConfig(seq_len=100, unaligned="drop"), special_tokens(backend)).budget == 100


# --------------------------------------------------------------------------- rows are natural


@pytest.mark.parametrize("kind", KINDS)
@pytest.mark.parametrize("seq_len", [4096, 64])
def test_rows_are_windows_of_the_tokenizers_own_encoding(toks, kind, seq_len):
    tok = toks[kind]
    cfg = TokenizeConfig(seq_len=seq_len, unaligned="drop")
    rows = _rows(tok, DOCS, cfg)
    fates = _fates(tok, DOCS, cfg)
    assert len(rows) == sum(f.is_row for f in fates) > 0
    assert all(r["length"] == len(r["input_ids"]) <= seq_len for r in rows)
    compared = _check_all(tok, rows, DOCS)
    assert compared >= len(rows) - 2  # an unknown token may hide a spelling, rarely
    if seq_len == 4096:  # the whole document fits: the row is the whole (masked) document
        for r in rows:
            own = zoo.OwnEncoding(tok.backend_tokenizer, DOCS[r["doc_index"]][0])
            assert r["length"] == len(own.prefix) + len(own.body) + len(own.suffix)
    else:  # long documents fill the window, special tokens included
        assert max(r["length"] for r in rows) == seq_len


@pytest.mark.parametrize("kind", KINDS)
def test_multi_token_mentions_mask_every_token(toks, kind):
    rows = _rows(toks[kind], DOCS, TokenizeConfig(seq_len=4096, unaligned="drop"))
    assert any(r["mention_span"][1] - r["mention_span"][0] > 1 for r in rows)
    for r in rows:
        ms, me = r["mention_span"]
        assert r["input_ids"].count(toks[kind].mask_token_id) == me - ms


@pytest.mark.parametrize("kind", KINDS)
def test_single_mask_and_padding(toks, kind):
    tok = toks[kind]
    cfg = TokenizeConfig(seq_len=64, mask_style="single", pad_to_max_length=True, unaligned="drop")
    rows = _rows(tok, DOCS, cfg)
    assert len(rows) == sum(f.is_row for f in _fates(tok, DOCS, cfg)) > 0
    pad = tok.pad_token_id
    for r in rows:
        n = r["length"]
        assert len(r["input_ids"]) == len(r["labels"]) == len(r["attention_mask"]) == 64
        assert r["attention_mask"] == [1] * n + [0] * (64 - n)
        assert r["input_ids"][n:] == [pad] * (64 - n) and r["labels"][n:] == [-100] * (64 - n)
        assert r["input_ids"].count(tok.mask_token_id) == 1
        assert sum(1 for lab in r["labels"] if lab != -100) == 1
    _check_all(tok, rows, DOCS, single=True)


def test_same_samples_in_all_and_single_style_when_the_window_is_large(toks):
    tok = toks["wordpiece"]
    a = _rows(tok, DOCS, TokenizeConfig(seq_len=4096, unaligned="drop"))
    s = _rows(tok, DOCS, TokenizeConfig(seq_len=4096, mask_style="single", unaligned="drop"))
    key = ("doc_index", "antecedent_pos", "coref_pos")
    assert [tuple(r[k] for k in key) for r in a] == [tuple(r[k] for k in key) for r in s]
    for ra, rs in zip(a, s, strict=True):
        ms, me = ra["mention_span"]
        assert rs["labels"][ms] == ra["labels"][ms]  # single's label is the mention's first token
        assert rs["length"] == ra["length"] - (me - ms - 1)


# --------------------------------------------------------------------------- the alignment policy


def _hand_tokenizer(words: list[str], normalizer: Any = None) -> Any:
    """A WordPiece tokenizer with a hand-written vocabulary, so token boundaries are known."""
    from tokenizers import Tokenizer, decoders, models, normalizers, pre_tokenizers, processors

    vocab = {t: i for i, t in enumerate(["[PAD]", "[UNK]", "[CLS]", "[SEP]", "[MASK]", *words])}
    tok = Tokenizer(models.WordPiece(vocab=vocab, unk_token="[UNK]"))
    tok.normalizer = normalizer or normalizers.BertNormalizer(lowercase=False)
    tok.pre_tokenizer = pre_tokenizers.BertPreTokenizer()
    tok.decoder = decoders.WordPiece()
    tok.post_processor = processors.TemplateProcessing(single="[CLS] $A [SEP]",
                                                       special_tokens=[("[CLS]", 2), ("[SEP]", 3)])
    return tok


class _Hand:
    """What encode_docs and check_row need of a loaded tokenizer."""

    def __init__(self, backend: Any):
        self.backend_tokenizer = backend
        self.mask_token_id, self.pad_token_id = 4, 0

    def __len__(self) -> int:
        return int(self.backend_tokenizer.get_vocab_size())


# "해밋이" is one piece after "해": the mention 해밋 ends inside a token; "해밋은" splits at the entity
HAEMIT = _hand_tokenizer(["커크", "해", "##밋", "##밋이", "##은", "기타", "##를", "친다", ".", "그리고", "노래",
                          "##한다"])
TEXT_OK_FIRST = "커크 해밋은 기타를 친다. 그리고 커크 해밋이 노래한다."


def _haemit_doc(text: str) -> tuple[str, dict[str, list[tuple[int, int]]]]:
    starts = [i for i in range(len(text)) if text.startswith("해밋", i)]
    return text, {"해밋": [(s, s + 2) for s in starts]}


def test_token_spans_and_alignment():
    text = TEXT_OK_FIRST
    enc = HAEMIT.encode(text, add_special_tokens=False)
    assert enc.tokens[:4] == ["커크", "해", "##밋", "##은"] and "##밋이" in enc.tokens
    doc = doc_tokens(text, enc.ids, enc.offsets)
    a = text.index("해밋")
    m = text.index("해밋", a + 1)
    assert token_span(doc, a, a + 2) == (1, 3, True)
    i, j, aligned = token_span(doc, m, m + 2)
    assert enc.tokens[i:j] == ["해", "##밋이"] and not aligned
    assert token_span(doc, a, a + 3) == (1, 4, True)  # "해밋은": whole tokens
    assert token_span(doc, text.index(" "), text.index(" ") + 1) is None  # a space has no token


@pytest.mark.parametrize("text", [TEXT_OK_FIRST, "커크 해밋이 노래한다. 그리고 커크 해밋은 기타를 친다."])
def test_unaligned_sample_is_widened_by_default_and_dropped_on_request(text):
    tok = _Hand(HAEMIT)
    doc = _haemit_doc(text)
    # the unaligned span is the mention in one text and the antecedent in the other: both count
    assert _fates(tok, [doc], EXACT) == [Fate.UNALIGNED]
    assert _rows(tok, [doc], EXACT) == []
    cfg = TokenizeConfig()
    assert cfg.unaligned == "widen"
    assert _fates(tok, [doc], cfg) == [Fate.WIDENED]
    rows = _rows(tok, [doc], cfg)
    assert len(rows) == 1
    zoo.check_row(HAEMIT, rows[0], text, 4, widen=True)
    r = rows[0]
    ms, me = r["mention_span"]
    as_, ae = r["antecedent_span"]
    # the unaligned span (mention in one text, antecedent in the other) grows to whole tokens
    s, e = (ms, me) if text is TEXT_OK_FIRST else (as_, ae)
    ids = [lab if lab != -100 else i for i, lab in zip(r["input_ids"], r["labels"], strict=True)]
    assert zoo.nospace(HAEMIT.decode(ids[s:e])) == "해밋이"  # the particle is in the span


def test_unknown_policy_is_an_error():
    with pytest.raises(CorefprepError, match="--unaligned"):
        window_rule(TokenizeConfig(unaligned="shrink"), SpecialTokens((), ()))


def test_nfkc_expansion_maps_back_to_the_original_characters():
    from tokenizers import normalizers

    tok = _hand_tokenizer(["(", "주", ")", "삼성", "##은", "##의", "전자", "##전자", "회사", "##다", "."],
                          normalizers.Sequence([normalizers.NFKC(), normalizers.BertNormalizer(lowercase=False)]))
    text = "㈜삼성은 회사다. 전자 회사다. ㈜삼성의 회사다. 삼성은 ㈜삼성전자."
    enc = tok.encode(text, add_special_tokens=False)
    assert enc.tokens[:4] == ["(", "주", ")", "삼성"] and enc.offsets[:4] == [(0, 1)] * 3 + [(1, 3)]
    firm = [(i, i + 3) for i in range(len(text)) if text.startswith("㈜삼성", i)]
    name = [(i, i + 2) for i in range(len(text)) if text.startswith("삼성", i)]
    doc = (text, {"㈜삼성": firm, "삼성": name})
    rows = _rows(_Hand(tok), [doc], EXACT)
    assert Counter(r["target"] for r in rows) == {"㈜삼성": 2, "삼성": 3}
    for r in rows:
        assert zoo.check_row(tok, r, text, 4)  # masked tokens decode to "(주)삼성" / "삼성"
    # "㈜삼" ends inside "삼성": unaligned
    part = (text, {"㈜삼": [(f[0], f[0] + 2) for f in firm]})
    assert _fates(_Hand(tok), [part], EXACT) == [Fate.UNALIGNED, Fate.UNALIGNED]


def test_whitespace_a_token_carries_is_not_part_of_its_content(toks):
    backend = toks["bytelevel"].backend_tokenizer  # offsets keep the leading space (trim_offsets=False)
    text = "그리고 서울에 간다.  서울"
    enc = backend.encode(text, add_special_tokens=False)
    doc = doc_tokens(text, enc.ids, enc.offsets)
    raw_starts = [s for s, _e in enc.offsets]
    assert any(text[s] == " " for s in raw_starts if s < len(text))  # the tokenizer's offsets include spaces
    assert all(text[s] != " " for s, c in zip(doc.starts, doc.content, strict=True) if c)
    first = text.index("서울")
    span = token_span(doc, first, first + 2)
    assert span is not None and span[2]
    last = text.rindex("서울")
    span = token_span(doc, last, last + 2)
    assert span is not None and span[2]
    assert not doc.content.all()  # the token of the second space ("Ġ" alone) has no content


def test_mention_without_tokens_is_never_a_row(toks):
    text = "가나다라마바사. " * 3 + "\u200b" + " 끝."
    z = text.index("\u200b")
    batch_doc = (text, {"가나": [(0, 2)], "\u200b": [(z, z + 1)]})
    backend = plain_backend(toks["bundled"].backend_tokenizer)
    enc = backend.encode(text, add_special_tokens=False)
    doc = doc_tokens(text, enc.ids, enc.offsets)
    rule = WindowRule(4096, False, True)
    assert place_sample(doc, (0, 2), (z, z + 1), rule) == Fate.UNALIGNED  # even with widen
    assert _rows(toks["bundled"], [batch_doc], TokenizeConfig(unaligned="widen")) == []


# --------------------------------------------------------------------------- the window


def test_small_window_keeps_both_spans_or_drops_the_sample(toks):
    tok = toks["bundled"]
    far = _make_doc([("서울특별시",), ", 수도이다. ", FILLER * 8, ("서울특별시",), ", 간다. ", ("부산",),
                     "은 항구이다. ", FILLER * 2, ("부산",), "도 크다. ", FILLER * 3])
    full = _rows(tok, [far], TokenizeConfig(seq_len=4096, unaligned="drop"))
    need = {r["target"]: r["mention_span"][1] - r["antecedent_span"][0] + 2 for r in full}
    assert need["서울특별시"] > 64 >= need["부산"], need  # one pair cannot share 64 tokens, the other can
    cfg = TokenizeConfig(seq_len=64, unaligned="drop")
    assert _fates(tok, [far], cfg) == [Fate.TOO_FAR, Fate.FIT]
    rows = _rows(tok, [far], cfg)
    assert [r["target"] for r in rows] == ["부산"]
    assert rows[0]["length"] == 64  # the document is longer than the window: the window is full
    _check_all(tok, rows, [far])


def test_window_is_centred_and_clamped_at_document_ends(toks):
    tok = toks["bundled"]
    text, ments = _make_doc([("서울특별시",), ", 수도이다. ", ("서울특별시",), ", 크다. ", FILLER * 10])
    rows = _rows(tok, [(text, ments)], TokenizeConfig(seq_len=48, unaligned="drop"))
    assert len(rows) == 1
    r = rows[0]
    assert r["antecedent_span"][0] == 1  # window starts at the document start, not before it
    assert r["length"] == 48
    _check_all(tok, rows, [(text, ments)])
    mid = _make_doc([FILLER * 6, ("부산",), "은 항구이다. ", ("부산",), "도 크다. ", FILLER * 6])
    r = _rows(tok, [mid], TokenizeConfig(seq_len=48, unaligned="drop"))[0]
    before, after = r["antecedent_span"][0] - 1, (r["length"] - 1) - r["mention_span"][1]
    assert abs(before - after) <= 1  # the antecedent..mention stretch sits in the middle


def test_window_budget_leaves_room_for_the_special_tokens(toks):
    for kind, n_special in (("bytelevel", 2), ("unigram", 1)):
        rule = window_rule(TokenizeConfig(seq_len=50, unaligned="drop"), special_tokens(toks[kind].backend_tokenizer))
        assert rule.budget == 50 - n_special


def test_truncation_setting_of_the_tokenizer_is_ignored(toks):
    from tokenizers import Tokenizer

    backend = Tokenizer.from_str(toks["wordpiece"].backend_tokenizer.to_str())
    backend.enable_truncation(max_length=16)
    assert len(backend.encode(DOC_A[0]).ids) == 16
    plain = plain_backend(backend)
    assert len(plain.encode(DOC_A[0]).ids) > 16 and backend.truncation is not None  # the user's object untouched
    tok = _Hand(backend)
    tok.mask_token_id = backend.token_to_id("[MASK]")
    rows = _rows(tok, [DOC_A], TokenizeConfig(seq_len=4096, unaligned="drop"))
    assert len(rows) == 3
    full = plain.encode(DOC_A[0])
    assert all(r["length"] == len(full.ids) for r in rows)


def test_place_sample_is_pure_and_agrees_with_the_rows(toks):
    tok = toks["unigram"]
    backend = plain_backend(tok.backend_tokenizer)
    text = DOC_C[0]
    enc = backend.encode(text, add_special_tokens=False)
    doc = doc_tokens(text, enc.ids, enc.offsets)
    rule = window_rule(TokenizeConfig(seq_len=40, unaligned="drop"), special_tokens(backend))
    cfg = TokenizeConfig(seq_len=40, unaligned="drop")
    rows = {(r["antecedent_pos"], r["coref_pos"]): r for r in _rows(tok, [DOC_C], cfg)}
    for form, ms in DOC_C[1].items():
        for m in ms[1:]:
            p = place_sample(doc, ms[0], m, rule)
            assert p == place_sample(doc, ms[0], m, rule)
            if isinstance(p, Placement):
                r = rows[(ms[0][0], m[0])]
                assert r["target"] == form
                assert r["mention_span"] == [p.mention[0] - p.start + 1, p.mention[1] - p.start + 1]
                assert r["length"] == p.stop - p.start + 1
            else:
                assert (ms[0][0], m[0]) not in rows


def test_doc_tokens_of_empty_and_astral_text():
    doc = doc_tokens("", [], [])
    assert len(doc.ids) == 0
    text = "😀 가"  # one code point above the BMP: offsets count code points, as Python does
    doc = doc_tokens(text, [1, 2], [(0, 1), (2, 3)])
    assert doc.starts.tolist() == [0, 2] and doc.ends.tolist() == [1, 3]
    assert np.all(doc.content)


@pytest.mark.parametrize("kind", KINDS)
def test_bisection_and_full_scan_find_the_same_tokens(toks, kind):
    """token_span bisects when the offsets are in order (always, for these tokenizers) and scans
    every token otherwise: both give the same answer for every span of a few characters."""
    backend = plain_backend(toks[kind].backend_tokenizer)
    text = DOC_C[0][:200] + "  \n" + DOC_A[0][:100]
    enc = backend.encode(text, add_special_tokens=False)
    doc = doc_tokens(text, enc.ids, enc.offsets)
    assert doc.ordered is not None
    scan = doc._replace(ordered=None)
    for start in range(len(text)):
        for end in range(start + 1, min(start + 8, len(text)) + 1):
            assert token_span(doc, start, end) == token_span(scan, start, end), (start, end)
