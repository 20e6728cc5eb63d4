"""`corefprep explain`: every rule on one document, in filter order, with its measured value,
threshold and verdict."""

from __future__ import annotations

import json

import orjson
import pyarrow.parquet as pq
import pytest
import zstandard
from fixtures import minicorpus as mc
from fixtures.cli import assert_one_sentence, cli_inprocess
from fixtures.shared import SAMPLE

WIKI = SAMPLE / "kor_Hang_wiki.jsonl.zst"


def _records(path):
    raw = zstandard.ZstdDecompressor().stream_reader(path.read_bytes()).read()
    return [orjson.loads(line) for line in raw.splitlines() if line.strip()]


@pytest.fixture(scope="module")
def run(tmp_path_factory):
    return mc.bundled_filter_run(tmp_path_factory)  # v2, batches of 100


def _recorded(run, doc_index):
    k = doc_index // 100
    rows = pq.read_table(run / "work" / "filter" / f"values_{k:05d}.parquet").to_pylist()
    return rows[doc_index - k * 100]


def test_file_line_shows_every_rule_in_filter_order(capsys):
    rc, out, _ = cli_inprocess(["explain", f"{WIKI}:5", "--json"], capsys)
    assert rc == 0
    e = json.loads(out)
    text = _records(WIKI)[4]["text"]
    assert e["document"]["chars"] == len(text) and e["document"]["line"] == 5
    reasons = [c["reason"] for c in e["checks"]]
    assert reasons == ["too_short", "too_long", "few_punctuation", "low_hangul", "many_symbols", "has_pronoun",
                       "has_pronoun", "nnp_share_low", "nnp_share_high", "no_repeated_entity"]
    # the measured quantities are the text's own: counted here without corefprep
    assert e["checks"][0]["measured"] == len(text)
    assert e["checks"][2]["measured"] == sum(text.count(c) for c in ".?!")
    assert e["checks"][3]["measured"] == pytest.approx(sum(1 for c in text if "가" <= c <= "힣") / len(text))
    # the verdict is the first failing rule
    fails = [c["reason"] for c in e["checks"] if c["fails"]]
    assert e["verdict"] == (fails[0] if fails else "kept")


def test_a_runs_doc_index_uses_its_settings_and_agrees_with_what_it_recorded(run, capsys):
    for doc_index in (0, 71, 150, 213, 300):  # 71 and 213 are kept, the others rejected
        rc, out, _ = cli_inprocess(["explain", run, "--doc-index", doc_index, "--json"], capsys)
        assert rc == 0
        e = json.loads(out)
        rec = mc.bundled_records()[doc_index]
        assert e["document"]["doc_index"] == doc_index and e["document"]["chars"] == len(rec["text"])
        assert e["recorded"]["verdict"] == e["verdict"] == _recorded(run, doc_index)["verdict"]
    # an option given on the command line overrides the run's: a kept document fails a tighter rule
    rc, out, _ = cli_inprocess(["explain", run, "--doc-index", 71, "--min-nnp-share", "0", "--max-nnp-share", "0.01"],
                               capsys)
    assert rc == 0 and "verdict: rejected, nnp_share_high" in out and "recorded by the run (batch 0): kept" in out
    assert "FAIL  <- the filter stops here" in out


def test_text_and_other_rule_sets(capsys):
    rc, out, _ = cli_inprocess(["explain", "--text", "짧은 글.", "--rules", "llm", "--words", "space"], capsys)
    assert rc == 0 and "verdict: rejected, too_short" in out and "few_words" in out


def test_the_pronoun_rows_read_without_codes(capsys):
    """A short document with a pronoun: the piece-by-piece row says it did not look (the document is
    not cut), the whole-document row shows the pronoun, what passes is "no pronoun", and the rows
    after the first failing rule say they are not reached; no -1 anywhere."""
    short = "그는 서울에서 태어났다. 김철수는 서울에 산다. 김철수는 좋다."
    rc, out, _ = cli_inprocess(["explain", "--text", short], capsys)
    assert rc == 0
    rows = {line.split()[0]: line for line in out.splitlines() if line[:1].isdigit()}
    assert "not cut (" in rows["6"] and rows["6"].rstrip().endswith("n/a (not reached)")
    assert "at 0: '그는" in rows["7"] and "no pronoun" in rows["7"] and "FAIL (not reached)" in rows["7"]
    assert "n/a: a document of at most --early-exit-chars characters is not cut into pieces" in out
    assert "not reached: the filter stops at the first rule a document fails" in out
    assert "-1" not in out and "after the verdict" not in out
    rc, out, _ = cli_inprocess(["explain", "--text", short, "--json"], capsys)
    pieces, whole = json.loads(out)["checks"][5:7]
    assert pieces["note"].startswith("a document of at most") and pieces["passes_when"] == "no pronoun"
    assert whole["measured"] == 0 and whole["fails"] and whole["note"] is None


@pytest.mark.parametrize("args, code, fragment", [
    (["explain", "no-colon"], 2, "FILE:LINE"),
    (["explain", f"{WIKI}:100000"], 1, "no record at line 100000"),
    (["explain"], 2, "name a document"),
])
def test_bad_targets_are_one_sentence(args, code, fragment, capsys):
    rc, _, err = cli_inprocess(args, capsys)
    assert rc == code
    assert_one_sentence(err, fragment)


def test_a_doc_index_outside_the_run_is_a_usage_error(run, capsys):
    rc, _, err = cli_inprocess(["explain", run, "--doc-index", 366], capsys)
    assert rc == 2
    assert_one_sentence(err, "0-365")
