"""Each rule of the v2 set on hand-made Korean texts, and the pronoun early exit."""

from dataclasses import dataclass

import pytest
from fixtures.shared import DEV_CORPUS, needs_shared

from corefprep.rules.text import symbol_count
from corefprep.rules.v2 import V2Rules, pieces

CFG = V2Rules()

# Proper nouns repeated, no pronouns, NNP share around 10%.
GOOD_SENTENCES = [
    "세종대왕은 조선의 네 번째 임금이다.",
    "세종대왕은 집현전 학자들과 함께 훈민정음을 만들었다.",
    "훈민정음은 백성을 가르치는 바른 소리라는 뜻이다.",
    "조선의 수도는 한양이었고 한양에는 경복궁이 세워졌다.",
    "경복궁은 조선 왕조의 법궁으로 쓰였다.",
    "장영실은 측우기와 해시계를 만들어 농사를 도왔다.",
]


def good_text(min_chars: int = 900) -> str:
    out: list[str] = []
    i = 0
    while sum(len(s) + 1 for s in out) < min_chars:
        out.append(GOOD_SENTENCES[i % len(GOOD_SENTENCES)])
        i += 1
    return " ".join(out)


def test_length_bounds():
    assert CFG.cheap("가" * 10 + "...") == "too_short"
    assert CFG.cheap(good_text(2600)) == "too_long"
    assert CFG.cheap(good_text(900)) is None


def test_length_is_code_points_of_text_as_read():
    t = good_text(780)
    padded = t + " " * (800 - len(t))  # whitespace counts: no stripping before the rules
    assert len(padded) == 800
    assert CFG.cheap(padded) is None
    assert CFG.cheap(padded[:-1]) == "too_short"


def test_punctuation_rule():
    body = good_text(900).replace(".", "")
    assert CFG.cheap(body) == "few_punctuation"
    assert CFG.cheap(body + " 끝! 정말? 그렇다.") is None


def test_hangul_ratio_rule():
    latin = "The quick brown fox jumps over the lazy dog. " * 20  # 900 chars, no Hangul
    assert CFG.cheap(latin) == "low_hangul"
    mixed = "가나다라마바사아자차카타파 " * 30 + latin[: 30 * 14]
    assert len(mixed) >= 800
    assert CFG.cheap(mixed + "...") is None


def test_symbol_ratio_rule():
    assert symbol_count("가 나\n다\t라_") == 1  # underscore is not alphanumeric
    text = good_text(700) + "★" * 400
    assert symbol_count(text) >= 400
    assert CFG.cheap(text) == "many_symbols"
    ok = good_text(900)
    assert V2Rules(max_symbol_ratio=0.0).cheap(ok) == "many_symbols"


@dataclass
class Tok:
    form: str
    tag: str
    start: int
    end: int


def toks(spec):
    out, pos = [], 0
    for form, tag in spec:
        out.append(Tok(form, tag, pos, pos + len(form)))
        pos += len(form) + 1
    return out


class Fixed:
    """An analyser that gives the same tokens for any text (the Kiwi rules on chosen tags)."""

    def __init__(self, spec):
        self.tokens = toks(spec)

    def tokenize(self, text):
        return self.tokens


def kiwi_verdict(rules, spec):
    d = rules.decide("x" * 1000, Fixed(spec))
    return d.reason, d.entities


def test_kiwi_rules_on_tokens():
    whole = V2Rules(early_exit_chars=0)
    base = [("임금", "NNG")] * 16 + [("세종", "NNP"), ("세종", "NNP")]
    reason, ents = kiwi_verdict(whole, base)
    assert reason is None and ents[0][0] == "세종" and len(ents[0][1]) == 2
    assert kiwi_verdict(whole, base + [("그", "NP")])[0] == "has_pronoun"
    assert kiwi_verdict(CFG, base + [("그", "NP")])[0] == "has_pronoun"  # found piece by piece
    assert kiwi_verdict(whole, [("임금", "NNG")] * 50 + [("세종", "NNP")] * 2)[0] == "nnp_share_low"
    assert kiwi_verdict(whole, [("임금", "NNG")] * 5 + [("세종", "NNP")] * 2)[0] == "nnp_share_high"
    # entities: one mention only, too short, stopword -> no repeated entity
    single = [("임금", "NNG")] * 16 + [("세종", "NNP"), ("한양", "NNP")]
    assert kiwi_verdict(whole, single)[0] == "no_repeated_entity"
    short = [("임금", "NNG")] * 16 + [("조", "NNP"), ("조", "NNP")]
    assert kiwi_verdict(whole, short)[0] == "no_repeated_entity"
    stop = [("임금", "NNG")] * 16 + [("년", "NNP"), ("년", "NNP")]
    assert kiwi_verdict(whole, stop)[0] == "no_repeated_entity"
    assert kiwi_verdict(V2Rules(drop_pronouns=False), base + [("그", "NP")])[0] is None
    # what the analysis measured is recorded with the verdict
    assert whole.decide("x" * 1000, Fixed(base)).values == {
        "np_at": -1, "tokens": 18, "nnp": 2, "top_entity": 2, "nnp_mentions": [("세종", 48, 50), ("세종", 51, 53)]}


def test_entities_in_order_of_first_appearance():
    t = toks([("한양", "NNP"), ("세종", "NNP"), ("한양", "NNP"), ("세종", "NNP"), ("한양", "NNP")])
    ents = CFG.repeated_entities([(x.form, x.start, x.end) for x in t])
    assert [e[0] for e in ents] == ["한양", "세종"]
    assert ents[0][1] == [(0, 2), (6, 8), (12, 14)]


def test_real_kiwi_keeps_good_text_and_drops_pronoun_text(kiwi):
    text = good_text(900)
    assert CFG.cheap(text) is None
    d = CFG.decide(text, kiwi)
    assert d.reason is None
    forms = [f for f, _ in d.entities]
    assert "세종" in forms or "세종대왕" in forms
    for form, mentions in d.entities:
        for s, e in mentions:
            assert text[s:e] == form  # offsets index the text exactly as read
    with_pronoun = text[:300] + " 그는 한양으로 갔다. " + text[300:]
    assert CFG.decide(with_pronoun, kiwi).reason == "has_pronoun"


def test_early_exit_reads_less_and_decides_the_same(kiwi):
    text = "그는 조선의 임금이었다. " + good_text(1500)
    early = CFG.decide(text, kiwi)
    full = V2Rules(early_exit_chars=0).decide(text, kiwi)
    assert early.reason == full.reason == "has_pronoun"
    assert early.kiwi_chars < len(text) / 2 < full.kiwi_chars


def test_pieces_cover_text_and_cut_after_sentences():
    text = good_text(1200)
    ps = pieces(text, 200)
    assert "".join(ps) == text
    assert all(len(p) >= 200 for p in ps[:-1])
    assert all(p.rstrip()[-1] in ".!?" for p in ps[:-1])


def test_kiwi_failure_is_a_counted_reason():
    class Broken:
        def tokenize(self, text):
            raise RuntimeError("boom")

    d = CFG.decide(good_text(900), Broken())
    assert d.reason == "kiwi_error" and "boom" in d.error


@pytest.mark.slow
@pytest.mark.soak  # every dev-corpus document analysed twice (about 30 s); the bundled sample's test stays in make test
@needs_shared
def test_early_exit_matches_full_analysis_on_dev_corpus(kiwi):
    """The speed-up relies on this: analysing in pieces never changes a decision."""
    from corefprep.io.read import iter_documents
    from corefprep.io.resolve import resolve_inputs

    files = resolve_inputs([str(p) for p in sorted(DEV_CORPUS.glob("kor_*"))])
    early_cfg, full_cfg = V2Rules(), V2Rules(early_exit_chars=0)
    checked = 0
    for doc in iter_documents(files):
        if doc.text is None or CFG.cheap(doc.text) is not None:
            continue
        a = early_cfg.decide(doc.text, kiwi)
        b = full_cfg.decide(doc.text, kiwi)
        assert (a.reason is None) == (b.reason is None), doc.doc_id
        assert a.entities == b.entities
        checked += 1
    assert checked > 500
