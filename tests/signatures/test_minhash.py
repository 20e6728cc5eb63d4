"""Document signatures: the exact hash ignores only composition and spacing, and MinHash catches a
pair with the probability its settings promise, 1 - (1 - s^rows)^bands for Jaccard similarity s
of the shingle sets, measured against brute-force Jaccard on synthetic pairs."""

from __future__ import annotations

import math
import random
import unicodedata

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from corefprep.signatures.minhash import (
    Signer,
    exact_hash,
    exact_hashes,
    normalise_words,
    space_table,
    text_words,
)

SIGNER = Signer("minhash", "space")


def test_the_exact_hash_ignores_composition_and_spacing_only():
    text = "한국어 문서입니다.\n두 번째 줄."
    assert exact_hash(text) == exact_hash(unicodedata.normalize("NFD", text))
    assert exact_hash(text) == exact_hash("  한국어   문서입니다.  두 번째\t줄. ")
    assert exact_hash(text) != exact_hash(text.replace("두", "세"))
    assert exact_hash(text) != exact_hash(text.replace(".", ""))


# whitespace of every kind str.split knows, next to letters, so runs meet texts' ends and each other
_SPACES = "".join(chr(c) for c in range(0x3001) if chr(c).isspace())
_TEXTS = st.lists(st.text(alphabet=st.sampled_from(_SPACES + "ab한\0\u0301"), max_size=12)
                  | st.text(max_size=12), max_size=8)


@settings(max_examples=300, deadline=None)
@given(_TEXTS)
def test_the_exact_hashes_of_many_texts_at_once_are_each_ones_own(texts):
    """The vector pass collapses whitespace for texts joined end to end: runs at a text's ends, runs
    that meet across two texts, empty and all-space texts hash as each text alone does."""
    nfcs = [unicodedata.normalize("NFC", t) for t in texts]
    assert exact_hashes(nfcs).tolist() == [list(exact_hash(t)) for t in texts]


def test_the_whitespace_table_is_str_split_s():
    every = np.arange(0x110000)
    table = space_table()
    assert [int(c) for c in every[table]] == [c for c in range(0x110000) if chr(c).isspace()]


def test_words_are_normalised_and_punctuation_dropped():
    assert normalise_words(["Hello", "WORLD", "...", "—", "한국", unicodedata.normalize("NFD", "한국")]) == [
        "hello", "world", "한국", "한국"]
    assert text_words("(세종대왕은) 조선의 \"임금\"이다. ＡＢ·Ｃ 3.14 a_b →") == [
        "세종대왕은", "조선의", "임금", "이다", "ａｂ", "ｃ", "3", "14", "a", "b"]


def test_a_document_too_short_for_one_shingle_has_no_band_keys():
    for text in ("", "한", "하나 둘 셋 넷"):  # fewer than 5 words
        rec = SIGNER.records(SIGNER.sign(0, text))
        assert rec["shingles"][0] == 0 and not rec["bands"].any()
        assert rec["exact"].any()
    assert SIGNER.records(SIGNER.sign(0, "하나 둘 셋 넷 다섯"))["shingles"][0] == 1


def test_signatures_are_deterministic_and_depend_on_the_settings():
    text = " ".join(f"낱말{i}" for i in range(100))
    assert SIGNER.sign(3, text) == Signer("minhash", "space").sign(3, text)
    assert SIGNER.key == Signer("minhash", "space").key
    assert Signer("minhash", "space", seed=2).sign(3, text) != SIGNER.sign(3, text)
    assert Signer("minhash", "space", seed=2).key != SIGNER.key
    assert Signer("exact", "space").key == Signer("exact", "kiwi").key  # exact mode has no words


def test_the_key_of_kiwi_words_follows_the_kiwi_version(monkeypatch):
    """Signatures of Kiwi words made by another Kiwi (or model) are not this run's: neither reused
    nor accepted from an earlier run (--dedup-against)."""
    import corefprep.signatures.minhash as minhash
    from corefprep.rules.kiwi import kiwi_version

    assert kiwi_version().startswith("kiwipiepy ")
    kiwi, space, exact = Signer("minhash", "kiwi"), Signer("minhash", "space"), Signer("exact", "kiwi")
    keys = kiwi.key, space.key, exact.key
    monkeypatch.setattr(minhash, "kiwi_version", lambda: "kiwipiepy 0.0.1, model 0.0.1")
    assert kiwi.key != keys[0]
    assert (space.key, exact.key) == keys[1:]  # no Kiwi in them


def _shingles(words: list[str], n: int = 5) -> set[tuple[str, ...]]:
    return {tuple(words[i:i + n]) for i in range(len(words) - n + 1)}


def test_the_probability_a_pair_is_caught_follows_the_banding_curve():
    """2,400 synthetic pairs: a document of 300 random words and a copy with a random share of its
    positions replaced. Per Jaccard bin the share of pairs sharing a band must match the mean of
    1 - (1 - s^8)^14 over the bin's pairs within sampling error (3 standard errors + 0.02)."""
    rng = random.Random(7)
    vocab = [f"w{i}" for i in range(20_000)]
    bins: dict[int, list[tuple[float, bool]]] = {}
    for _ in range(2400):
        a = [rng.choice(vocab) for _ in range(300)]
        b = list(a)
        for i in rng.sample(range(300), int(300 * rng.uniform(0.0, 0.45))):
            b[i] = rng.choice(vocab)
        sa, sb = _shingles(a), _shingles(b)
        s = len(sa & sb) / len(sa | sb)
        ka, kb = SIGNER.band_keys(a)[1], SIGNER.band_keys(b)[1]
        bins.setdefault(min(9, int(s * 10)), []).append((s, bool(np.any(ka == kb))))
    checked = 0
    for _b, pairs in sorted(bins.items()):
        if len(pairs) < 40:
            continue
        expected = sum(1 - (1 - s**8) ** 14 for s, _ in pairs) / len(pairs)
        seen = sum(hit for _, hit in pairs) / len(pairs)
        err = 3 * math.sqrt(max(expected * (1 - expected), 0.01) / len(pairs)) + 0.02
        assert abs(seen - expected) <= err, (_b, len(pairs), seen, expected)
        checked += 1
    assert checked >= 6


def test_each_hash_function_agrees_as_often_as_the_jaccard_similarity_and_on_its_own():
    """The hash functions one by one: over 600 synthetic pairs of known shingle Jaccard s, the
    share of the 112 minima two documents agree on is s on average (no bias), and it spreads as
    112 independent trials would (the variance of its z-score is ~1: functions that moved
    together would spread it wider)."""
    rng = random.Random(5)
    vocab = [f"w{i}" for i in range(50_000)]
    bias, z = [], []
    for _ in range(600):
        a = [rng.choice(vocab) for _ in range(200)]
        b = list(a)
        for i in rng.sample(range(200), int(200 * rng.uniform(0.02, 0.5))):
            b[i] = rng.choice(vocab)
        ha, hb = SIGNER.shingle_hashes(a), SIGNER.shingle_hashes(b)
        sa, sb = set(ha.tolist()), set(hb.tolist())
        s = len(sa & sb) / len(sa | sb)
        agree = float(np.mean(SIGNER._minima(ha) == SIGNER._minima(hb)))
        bias.append(agree - s)
        z.append((agree - s) / math.sqrt(max(s * (1 - s), 1e-3) / 112))
    assert abs(float(np.mean(bias))) < 0.005
    assert 0.8 < float(np.var(z)) < 1.25


@pytest.mark.parametrize("words", ["space", "kiwi"])
def test_kiwi_words_from_the_filter_give_the_signature_of_a_fresh_analysis(kiwi, words):
    from corefprep.rules.words import kiwi_words

    signer = Signer("minhash", words)
    text = "세종대왕은 조선의 제4대 임금이다. 그는 훈민정음을 창제하였다. " * 5
    assert signer.sign(1, text, kiwi_words(text, kiwi), kiwi) == signer.sign(1, text, None, kiwi)


def test_kiwi_words_are_those_of_the_nfc_text(kiwi):
    """An NFD copy (Hangul as jamo, which Kiwi does not read as syllables) gets the signature of its
    NFC original, also when the filter hands over the words of its own analysis of the NFD text."""
    from corefprep.rules.words import kiwi_words

    signer = Signer("minhash", "kiwi")
    text = "세종대왕은 조선의 제4대 임금이다. 그는 집현전 학자들과 함께 훈민정음을 창제하였다. " * 4
    nfd = unicodedata.normalize("NFD", text)
    assert kiwi_words(nfd, kiwi) != kiwi_words(text, kiwi)  # what Kiwi makes of jamo
    original = signer.sign(1, text, kiwi_words(text, kiwi), kiwi)
    assert signer.sign(1, nfd, None, kiwi) == original
    assert signer.sign(1, nfd, kiwi_words(nfd, kiwi), kiwi) == original
    assert signer.split(nfd, kiwi_words(nfd, kiwi), kiwi) == signer.split(text, None, kiwi)


def test_word_hashes_tell_words_apart_wherever_they_stand():
    """The vectorised word hash: equal words hash equal at any position, and 200,000 distinct
    words (ASCII, Hangul syllables, mixed, long) get 200,000 distinct hashes."""
    rng = random.Random(3)
    words = {f"w{i}" for i in range(100_000)}
    while len(words) < 200_000:
        n = rng.randint(1, 12)
        words.add("".join(chr(rng.choice([rng.randint(0xAC00, 0xD7A3), rng.randint(0x61, 0x7A)])) for _ in range(n)))
    words_list = sorted(words)
    h = SIGNER.word_hashes(words_list)
    assert len(np.unique(h)) == len(words_list)
    shuffled = words_list[:5000]
    rng.shuffle(shuffled)
    again = dict(zip(shuffled, SIGNER.word_hashes(shuffled).tolist(), strict=True))
    assert all(again[w] == x for w, x in zip(words_list[:5000], h[:5000].tolist(), strict=True))


def test_the_space_words_are_the_runs_of_letters_and_digits():
    """The regex path against a plain definition, character by character (str.isalnum), on the
    bundled texts and edge cases; and the vectorised hashes equal the hashes of those words."""
    from fixtures.minicorpus import bundled_records

    def plain(text: str) -> list[str]:
        words, cur = [], []
        for c in unicodedata.normalize("NFC", text).casefold():
            if c.isalnum():
                cur.append(c)
            elif cur:
                words.append("".join(cur))
                cur = []
        return words + (["".join(cur)] if cur else [])

    texts = [r["text"] for r in bundled_records() if isinstance(r.get("text"), str)]
    texts += ["", "  ", "(…)", "a_b _ __ …“인용”… ‘x’.", "세종대왕은\u3000조선의\xa0임금이다.", "→ ※ 1.5 -3- 가-나",
              unicodedata.normalize("NFD", "한국어 문서")]
    for t in texts:
        assert text_words(t) == plain(t), t[:80]
        assert np.array_equal(SIGNER.text_word_hashes(t), SIGNER.word_hashes(plain(t)))


def test_signing_many_documents_at_once_gives_each_ones_own_signature():
    """The dedup stage signs blocks of documents in one vector pass: byte for byte the records of
    signing each alone, for empty, one-word, ordinary and longer-than-a-block documents."""
    rng = random.Random(3)
    vocab = ["서울", "부산", "날씨", "경제", "뉴스", "학교", "the", "market", "2024", "정부"]
    docs = [(i, " ".join(rng.choice(vocab) for _ in range(rng.randrange(0, 400)))) for i in range(60)]
    docs += [(100, ""), (101, "한"), (102, " ".join(rng.choice(vocab) for _ in range(6000)))]
    # a NUL inside a document (the block joins documents with one), a lone surrogate, a decomposed
    # and a casefolding-lengthened text, and documents longer than one word pass together
    docs += [(103, "서울\0부산 날씨 경제 뉴스 학교 the"), (104, "a\ud800b 서울 부산 날씨 경제 뉴스"),
             (105, unicodedata.normalize("NFD", "한국어 문서 서울 부산 날씨 경제") + " STRASSE Straße ß"),
             (106, " ".join(rng.choice(vocab) for _ in range(30_000)))]
    rng.shuffle(docs)
    for signer in (Signer("minhash"), Signer("minhash", ngram=3, bands=5, rows=3, seed=7), Signer("exact")):
        assert signer.sign_many(docs) == b"".join(signer.sign(d, t) for d, t in docs)
