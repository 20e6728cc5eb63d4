"""Every document's verdict and measured values (corefprep.filter.values): checked against the
inputs themselves and against counts made here without corefprep's code."""

from __future__ import annotations

import re
from collections import Counter

import orjson
import pyarrow.parquet as pq
import pytest
from fixtures import minicorpus as mc

from corefprep.rules.v2 import pieces


@pytest.fixture(scope="module")
def run(tmp_path_factory):
    return mc.bundled_filter_run(tmp_path_factory)  # v2 on the bundled sample, batches of 100


def _rows(out):
    rows = []
    for p in sorted((out / "work" / "filter").glob("values_*.parquet")):
        rows += pq.read_table(p).to_pylist()
    return rows


def test_every_document_has_one_row_and_the_verdicts_add_up_to_the_stats(run):
    rows = _rows(run)
    records = mc.bundled_records()
    assert [r["doc_index"] for r in rows] == list(range(len(records)))
    verdicts = Counter(r["verdict"] for r in rows)
    rejected: Counter[str] = Counter()
    passed = 0
    for p in sorted((run / "work" / "filter").glob("batch_*.json")):
        s = orjson.loads(p.read_bytes())
        rejected.update(s["rejected"])
        passed += s["passed"]
    assert verdicts.pop("kept") == passed
    assert verdicts == rejected
    kept = {r["doc_index"] for p in sorted((run / "work" / "filter").glob("batch_*.parquet"))
            for r in pq.read_table(p, columns=["doc_index"]).to_pylist()}
    assert kept == {r["doc_index"] for r in rows if r["verdict"] == "kept"}


def test_the_cheap_values_are_the_texts_own_counts(run):
    """Length, punctuation, Hangul and symbols, counted here with plain Python on the records."""
    records = mc.bundled_records()
    for r in _rows(run):
        text = records[r["doc_index"]]["text"]
        assert r["chars"] == len(text)
        if r["punct"] is not None:
            assert r["punct"] == sum(text.count(c) for c in ".?!")
        if r["hangul"] is not None:
            assert r["hangul"] == len(re.findall("[가-힣]", text))
            assert r["symbols"] == sum(1 for c in text if not (c.isalnum() or c in " \n\t"))


def test_the_kiwi_values_are_kiwis_own_analysis(run, kiwi):
    """Tokens and proper nouns of the whole analysis, the first pronoun, the most repeated entity:
    Kiwi asked here directly, outside corefprep."""
    records = mc.bundled_records()
    whole = [r for r in _rows(run) if r["tokens"] is not None]
    assert len(whole) >= 7
    for r in whole:
        text = records[r["doc_index"]]["text"]
        tokens = kiwi.tokenize(text)
        assert r["tokens"] == len(tokens)
        assert r["nnp"] == sum(1 for t in tokens if t.tag == "NNP")
        assert r["np_at"] == next((t.start for t in tokens if t.tag == "NP"), -1)
        if r["top_entity"] is not None:
            forms = Counter(t.form for t in tokens if t.tag == "NNP" and len(t.form) >= 2
                            and t.form not in "것 수 등 때 곳 점 년 월 일".split())
            assert r["top_entity"] == max(forms.values(), default=0)
    stopped = [r for r in _rows(run) if r["piece_np"] is not None and r["piece_np"] >= 0]
    assert stopped and all(r["verdict"] == "has_pronoun" and r["tokens"] is None for r in stopped)
    for r in stopped[:20]:  # the offset is where Kiwi finds a pronoun in the piece analysed there
        text = records[r["doc_index"]]["text"]
        start = 0
        for piece in pieces(text, 50):
            if start + len(piece) > r["piece_np"]:
                break
            start += len(piece)
        assert r["piece_np"] - start in [t.start for t in kiwi.tokenize(piece) if t.tag == "NP"], piece


def test_values_are_measured_only_up_to_the_verdict(run):
    """The filter stops at a document's first failing rule: nothing after it is measured (or paid for)."""
    for r in _rows(run):
        if r["verdict"] in ("too_short", "too_long"):
            assert r["punct"] is None and r["piece_np"] is None
        if r["verdict"] == "kept":
            assert None not in (r["punct"], r["hangul"], r["np_at"], r["top_entity"])
