"""The bundled sample corpus and tokenizer in corefprep/data/ (SPEC 2.5 and 2.7).

Only in-repo files are needed; the one check against ../shared skips when it is absent.
"""

from __future__ import annotations

import hashlib
import re
import time
import unicodedata
from pathlib import Path

import orjson
import pytest
import zstandard
from fixtures.shared import load_tool

REPO = Path(__file__).resolve().parents[1]
DATA = REPO / "corefprep" / "data"
SAMPLE = DATA / "sample"
TOKENIZER = DATA / "tokenizer"
NOTICE = DATA / "NOTICE.md"
SHARED_DEV = REPO.parent / "shared" / "corpus" / "dev"

EXPECTED_DOCS = {
    "kor_Hang_wiki.jsonl.zst": 326,
    "kor_Hang_legal.jsonl.zst": 20,
    "fin_Latn_hplt12_sample.jsonl.zst": 20,
}
SPECIALS = ["[PAD]", "[UNK]", "[CLS]", "[SEP]", "[MASK]"]
SIZE_LIMIT = 1_200_000


def _records(path: Path) -> list[dict]:
    with zstandard.ZstdDecompressor().stream_reader(path.read_bytes()) as reader:
        raw = reader.read()
    return [orjson.loads(line) for line in raw.splitlines() if line.strip()]


def _texts(name: str) -> list[str]:
    return [r["text"] for r in _records(SAMPLE / name)]


def _load_tool(name: str):
    return load_tool(name)


# --------------------------------------------------------------------------- sample corpus


@pytest.mark.parametrize("name,docs", sorted(EXPECTED_DOCS.items()))
def test_sample_file_decompresses_with_expected_count(name, docs):
    path = SAMPLE / name
    assert path.is_file(), f"missing bundled sample {path}; run tools/build_sample.py"
    records = _records(path)
    assert len(records) == docs
    assert all(isinstance(r.get("text"), str) and r["text"].strip() for r in records)


def test_sample_holds_only_the_licensed_files():
    assert sorted(p.name for p in SAMPLE.iterdir()) == sorted(EXPECTED_DOCS)
    # The web file (no redistribution license) and the v1.2 re-layout must never be bundled.
    everything = [p.name for p in DATA.rglob("*")]
    assert "kor_Hang_web.jsonl.zst" not in everything
    assert "kor_Hang_hplt12.jsonl.zst" not in everything


def test_bundled_data_is_small():
    total = sum(p.stat().st_size for p in DATA.rglob("*") if p.is_file())
    assert total < SIZE_LIMIT, f"corefprep/data is {total:,} bytes"


def test_notice_carries_sources_and_licenses():
    text = " ".join(NOTICE.read_text(encoding="utf-8").split())  # ignore line wrapping
    for needle in ("CC BY-SA", "CC0", "Korean Wikipedia", "KorQuAD", "kiwipiepy", "konlpy", "HPLT",
                   "public domain", "tools/build_tokenizer.py", "tools/build_sample.py"):
        assert needle in text, needle
    # Every bundled file is listed with its checksum, and the checksums are current.
    for name in EXPECTED_DOCS:
        digest = hashlib.sha256((SAMPLE / name).read_bytes()).hexdigest()
        assert f"`sample/{name}`" in text
        assert digest in text, f"NOTICE.md has a stale checksum for {name}"


def test_build_sample_reproduces_bundled_files(tmp_path):
    # The bundled files are themselves a valid --dev-dir, so this runs in a fresh clone.
    build_sample = _load_tool("build_sample")
    assert build_sample.main(["--dev-dir", str(SAMPLE), "--out-dir", str(tmp_path)]) == 0
    for name in EXPECTED_DOCS:
        assert (tmp_path / "sample" / name).read_bytes() == (SAMPLE / name).read_bytes()
    assert (tmp_path / "NOTICE.md").read_bytes() == NOTICE.read_bytes()


@pytest.mark.skipif(not SHARED_DEV.is_dir(), reason="../shared/corpus/dev is not available")
def test_sample_is_a_byte_copy_of_the_shared_dev_corpus():
    for name in EXPECTED_DOCS:
        assert (SAMPLE / name).read_bytes() == (SHARED_DEV / name).read_bytes()


# --------------------------------------------------------------------------- tokenizer


@pytest.fixture(scope="module")
def tokenizer():
    with pytest.MonkeyPatch.context() as mp:
        mp.setenv("HF_HUB_OFFLINE", "1")
        mp.setenv("TRANSFORMERS_OFFLINE", "1")
        from transformers import AutoTokenizer

        yield AutoTokenizer.from_pretrained(str(TOKENIZER))


def test_tokenizer_is_fast_with_bert_specials(tokenizer):
    assert tokenizer.is_fast
    assert tokenizer.convert_tokens_to_ids(SPECIALS) == [0, 1, 2, 3, 4]
    assert [tokenizer.pad_token_id, tokenizer.unk_token_id, tokenizer.cls_token_id,
            tokenizer.sep_token_id, tokenizer.mask_token_id] == [0, 1, 2, 3, 4]
    assert tokenizer.model_max_length == 1_000_000
    assert tokenizer.padding_side == "right"
    assert len(tokenizer) == 8000


def test_tokenizer_templates_and_padding(tokenizer):
    single = tokenizer("대한민국헌법")["input_ids"]
    assert single[0] == tokenizer.cls_token_id and single[-1] == tokenizer.sep_token_id
    pair = tokenizer("대한민국헌법", "제1조", return_token_type_ids=True)
    ids, types = pair["input_ids"], pair["token_type_ids"]
    assert ids.count(tokenizer.sep_token_id) == 2 and ids[-1] == tokenizer.sep_token_id
    first_sep = ids.index(tokenizer.sep_token_id)
    assert types == [0] * (first_sep + 1) + [1] * (len(ids) - first_sep - 1)
    batch = tokenizer(["가", "대한민국 헌법 제1조"], padding=True)
    short, long_ = batch["input_ids"]
    assert len(short) == len(long_)
    assert short[-1] == tokenizer.pad_token_id and short[0] == tokenizer.cls_token_id
    assert batch["attention_mask"][0][-1] == 0


def test_tokenizer_keeps_hangul_syllables_and_case(tokenizer):
    normalizer = tokenizer.backend_tokenizer.normalizer
    text = "임종석의 사전구속영장을 발부받았다. Äiti ABC"
    assert normalizer.normalize_str(text) == text  # no NFD, no accent stripping, no lowercasing
    tokens = tokenizer.tokenize(text)
    jamo = re.compile("[\u1100-\u11ff\u3130-\u318f\ua960-\ua97f\ud7b0-\ud7ff]")
    assert not any(jamo.search(t) for t in tokens), tokens
    assert "ABC" in "".join(t.removeprefix("##") for t in tokens)


def test_tokenizer_has_no_unk_on_bundled_sample(tokenizer):
    for name in EXPECTED_DOCS:
        encoded = tokenizer(_texts(name), add_special_tokens=False)["input_ids"]
        unk = sum(ids.count(tokenizer.unk_token_id) for ids in encoded)
        assert unk == 0, f"{unk} [UNK] tokens in {name}"


def _canonical(text: str) -> str:
    """Collapse whitespace and drop spaces next to punctuation, symbols and CJK ideographs.

    BertPreTokenizer splits those characters off as separate words (and
    handle_chinese_chars pads ideographs with spaces), so decode() cannot know whether
    the original had a space there. Everything else must come back exactly.
    """

    def splits_off(ch: str) -> bool:
        cat = unicodedata.category(ch)
        return cat[0] in "PS" or "CJK" in unicodedata.name(ch, "")

    out: list[str] = []
    words = text.split()
    for i, word in enumerate(words):
        if i and not (splits_off(words[i - 1][-1]) or splits_off(word[0])):
            out.append(" ")
        out.append(word)
    return "".join(out)


def test_tokenizer_round_trips_korean_sentence(tokenizer):
    first = _texts("kor_Hang_wiki.jsonl.zst")[0]
    sentence = first[: first.index(".") + 1]
    ids = tokenizer(sentence)["input_ids"]
    decoded = tokenizer.decode(ids, skip_special_tokens=True)
    assert tokenizer.unk_token_id not in ids
    assert _canonical(decoded) == _canonical(sentence)
    # The cleanup of the WordPiece decoder re-attaches the final period: "…되었다."
    assert decoded.split()[-1] == sentence.split()[-1]


def test_tokenizer_round_trips_whole_wiki_file(tokenizer):
    normalizer = tokenizer.backend_tokenizer.normalizer
    texts = _texts("kor_Hang_wiki.jsonl.zst")
    encoded = tokenizer(texts, add_special_tokens=False)["input_ids"]
    for text, ids in zip(texts, encoded, strict=True):
        # clean_text drops invisible format characters such as U+200E; compare with that.
        expected = normalizer.normalize_str(text)
        assert _canonical(tokenizer.decode(ids)) == _canonical(expected)


def test_build_tokenizer_reproduces_bundled_tokenizer(tmp_path):
    build_tokenizer = _load_tool("build_tokenizer")
    out = tmp_path / "tokenizer"
    start = time.perf_counter()
    assert build_tokenizer.main(["--out", str(out)]) == 0
    elapsed = time.perf_counter() - start
    assert sorted(p.name for p in out.iterdir()) == sorted(p.name for p in TOKENIZER.iterdir())
    built = orjson.loads((out / "tokenizer.json").read_bytes())
    bundled = orjson.loads((TOKENIZER / "tokenizer.json").read_bytes())
    assert built["model"]["vocab"] == bundled["model"]["vocab"], "vocabulary differs from the bundled one"
    for name in ("tokenizer.json", "tokenizer_config.json"):
        assert (out / name).read_bytes() == (TOKENIZER / name).read_bytes(), name
    assert elapsed < 120, f"tokenizer build took {elapsed:.0f} s"
