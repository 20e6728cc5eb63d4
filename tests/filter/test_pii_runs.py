"""--pii in real runs (SPEC 2.3b): what the batches hold under redact, tag and off, how dedup sees
redacted copies, what status, the event log and explain report, resuming, and re-deciding a batch
under another --pii without asking Kiwi again.

The reference is the corpus itself (tests/fixtures/piicorpus.py): the values put into each document
and their kinds, the documents that have none, and the twins that differ only in them.
"""

from __future__ import annotations

import json
import shutil
from pathlib import Path
from typing import Any

import orjson
import pyarrow.parquet as pq
import pytest
from fixtures import minicorpus as mc
from fixtures import piicorpus

from corefprep.pii.mask import mask_span
from corefprep.pii.spans import PiiSpan

pytestmark = pytest.mark.slow


def run(corpus: piicorpus.Corpus, out: Path, command: str, *extra: str) -> None:
    """``corefprep filter`` (and for ``dedup``, then ``corefprep dedup``) on the corpus."""
    for step in ("filter", "dedup") if command == "dedup" else (command,):
        rc = mc.run_cli([step, str(corpus.path), "-o", str(out), "--no-progress", "--workers", "2", "--batch-docs",
                         "7", *extra])
        assert rc == 0


def rows(out: Path) -> dict[int, dict[str, Any]]:
    found: dict[int, dict[str, Any]] = {}
    for p in sorted((out / "work" / "filter").glob("batch_*.parquet")):
        found.update({r["doc_index"]: r for r in pq.read_table(p).to_pylist()})
    return found


def stats(out: Path) -> list[dict[str, Any]]:
    return [orjson.loads(p.read_bytes()) for p in sorted((out / "work" / "filter").glob("batch_*.json"))]


def removed(out: Path) -> dict[int, tuple[int, str]]:
    t = pq.read_table(out / "work" / "dedup" / "result" / "removed.parquet").to_pylist()
    return {r["doc_index"]: (r["duplicate_of"], r["reason"]) for r in t}


@pytest.fixture(scope="module")
def corpus(tmp_path_factory) -> piicorpus.Corpus:
    return piicorpus.build(tmp_path_factory.mktemp("pii_corpus"))


@pytest.fixture(scope="module")
def runs(corpus, tmp_path_factory) -> dict[str, Path]:
    """One filter + dedup run per --pii choice (rule set llm, whitespace words: no Kiwi)."""
    out = {}
    for mode in ("redact", "tag", "off"):
        out[mode] = tmp_path_factory.mktemp(f"pii_{mode}")
        run(corpus, out[mode], "dedup", *piicorpus.LLM_SPACE, "--pii", mode, "--log-json",
            str(out[mode] / "log.jsonl"))
    return out


def test_every_document_the_filter_keeps_is_there(corpus, runs):
    for mode in runs:
        assert sorted(rows(runs[mode])) == list(range(len(corpus.texts))), mode


def test_redact_replaces_each_value_put_in_and_nothing_else(corpus, runs):
    got = rows(runs["redact"])
    for i, text in enumerate(corpus.texts):
        expected = text
        for kind, value in corpus.values.get(i, []):
            at = expected.index(value)
            end = at + len(value)
            expected = expected[:at] + mask_span(expected, PiiSpan(kind, at, end)) + expected[end:]
            assert value not in got[i]["text"]
        assert got[i]["text"] == expected, i  # text without personal data: byte for byte as it came


def test_off_and_tag_keep_the_text_and_off_looks_for_nothing(corpus, runs):
    for mode in ("off", "tag"):
        assert [r["text"] for r in rows(runs[mode]).values()] == corpus.texts
    assert "pii" not in pq.read_schema(runs["off"] / "work" / "filter" / "batch_00000.parquet").names
    assert all(s["pii"] == {} and s["pii_docs"] == 0 and s["pii_mode"] == "off" for s in stats(runs["off"]))


def test_tag_records_each_value_with_its_kind_at_its_code_points(corpus, runs):
    for i, row in rows(runs["tag"]).items():
        tagged = [(p["kind"], row["text"][p["start"]:p["end"]]) for p in row["pii"]]
        assert tagged == corpus.values.get(i, []), i


def test_counts_per_kind_in_batches_status_and_the_event_log(corpus, runs, capsys):
    expected: dict[str, int] = {}
    for values in corpus.values.values():
        for kind, _ in values:
            expected[kind] = expected.get(kind, 0) + 1
    docs = len(corpus.values)
    for mode in ("redact", "tag"):
        out = runs[mode]
        total: dict[str, int] = {}
        for s in stats(out):
            for kind, n in s["pii"].items():
                total[kind] = total.get(kind, 0) + n
        assert total == expected and sum(s["pii_docs"] for s in stats(out)) == docs
        events = [json.loads(line) for line in (out / "log.jsonl").read_text().splitlines()]
        logged = [e for e in events if e["event"] == "batch_done"]
        assert sum(e["pii_docs"] for e in logged) == docs and all(e["pii_mode"] == mode for e in logged)
        capsys.readouterr()
        assert mc.run_cli(["status", str(out), "--json"]) == 0
        st = json.loads(capsys.readouterr().out)
        assert st["totals"]["pii"] == dict(sorted(expected.items())) and st["totals"]["pii_docs"] == docs
        assert mc.run_cli(["status", str(out)]) == 0
        word = {"redact": "redacted", "tag": "tagged"}[mode]
        assert f"personal data: {word} in {docs} kept documents" in capsys.readouterr().out


def test_copies_that_differ_only_in_personal_data_are_exact_duplicates_once_redacted(corpus, runs):
    twins = {twin: of for twin, of in corpus.twin_of.items()}
    assert {d: removed(runs["redact"])[d] for d in twins} == {d: (of, "duplicate_exact") for d, of in twins.items()}
    # without redaction they differ: not exact copies (the tail differs in a few characters only, so
    # MinHash may still call them near-duplicates)
    assert all(removed(runs[mode]).get(d, (None, ""))[1] != "duplicate_exact" for d in twins for mode in ("off", "tag"))


def test_explain_shows_the_spans_of_a_document_of_the_run(corpus, runs, capsys):
    """Redacted as the run redacts them; --raw shows them as written."""
    doc = min(corpus.values)
    capsys.readouterr()
    assert mc.run_cli(["explain", str(runs["redact"]), "--doc-index", str(doc)]) == 0
    out = capsys.readouterr().out
    n = len(corpus.values[doc])
    assert f"personal data: {n} span{'s' if n != 1 else ''}; the run redacts them (shown redacted" in out
    text = corpus.texts[doc]
    for kind, value in corpus.values[doc]:
        at = text.index(value)
        assert kind in out and repr(value) not in out
        assert repr(mask_span(text, PiiSpan(kind, at, at + len(value)))) in out
    assert mc.run_cli(["explain", str(runs["redact"]), "--doc-index", str(doc), "--raw"]) == 0
    out = capsys.readouterr().out
    assert all(repr(value) in out for _, value in corpus.values[doc])
    assert mc.run_cli(["explain", str(runs["tag"]), "--doc-index", str(doc)]) == 0
    out = capsys.readouterr().out
    assert all(repr(value) in out for _, value in corpus.values[doc])


def test_a_resumed_run_writes_what_an_uninterrupted_one_does(corpus, runs, tmp_path):
    out = tmp_path / "resumed"
    run(corpus, out, "filter", *piicorpus.LLM_SPACE, "--batches", "1")
    run(corpus, out, "dedup", *piicorpus.LLM_SPACE)  # --pii redact: llm's default
    for p in sorted((runs["redact"] / "work" / "filter").glob("batch_*.parquet")):
        assert (out / "work" / "filter" / p.name).read_bytes() == p.read_bytes(), p.name
    assert removed(out) == removed(runs["redact"])


KIWI_RUN = ["--rules", "llm"]  # words from Kiwi: the filter's analysis signs the documents


def _filtered(corpus: piicorpus.Corpus, out: Path, mode: str) -> None:
    run(corpus, out, "dedup", *KIWI_RUN, "--pii", mode)


def _same_batches(a: Path, b: Path) -> None:
    names = sorted(p.name for p in (b / "work" / "filter").glob("batch_*.parquet"))
    assert names
    for name in names:
        assert (a / "work" / "filter" / name).read_bytes() == (b / "work" / "filter" / name).read_bytes(), name
    for sig in sorted((b / "work" / "dedup").glob("sig-*/*.npy")):
        assert (a / sig.relative_to(b)).read_bytes() == sig.read_bytes(), sig.name
    assert removed(a) == removed(b)


def test_another_pii_choice_is_re_decided_without_kiwi_to_what_a_fresh_run_writes(corpus, tmp_path):
    """redact -> tag -> off -> redact over one output directory: each time every batch, signature
    (the redacted text's, from Kiwi's words) and dedup result is the fresh run's, and Kiwi analyses
    nothing, since each kept document with personal data was signed both ways when first decided."""
    fresh = {}
    for mode in ("redact", "tag", "off"):
        fresh[mode] = tmp_path / f"fresh_{mode}"
        _filtered(corpus, fresh[mode], mode)
    assert any((fresh["redact"] / "work" / "dedup").glob("sig-*/other_*.npy"))
    out = tmp_path / "switched"
    shutil.copytree(fresh["redact"], out)
    for mode in ("tag", "off", "redact"):
        _filtered(corpus, out, mode)
        st = stats(out)
        assert all(s["redecided_from"] for s in st) and sum(s["kiwi_chars"] for s in st) == 0, mode
        assert sum(s["decided_from_values"] for s in st) == sum(s["kiwi_docs"] for s in st) > 0
        _same_batches(out, fresh[mode])


def test_the_report_says_what_was_found_per_kind(corpus, runs, tmp_path):
    assert mc.run_cli(["report", str(runs["redact"]), "--out", str(tmp_path / "report")]) == 0
    page = (tmp_path / "report" / "report.html").read_text()
    assert f"redacted in {len(corpus.values)} kept documents: " in page
    assert mc.run_cli(["report", str(runs["off"]), "--out", str(tmp_path / "off")]) == 0
    assert "not looked for (--pii off)" in (tmp_path / "off" / "report.html").read_text()


REJECTED = ["연락처 010-2345-6789 로 문자 주세요", "메일 kim.minsu@naver.com 으로 주세요",
            "계좌 국민은행 123456-01-123456"]


@pytest.fixture(scope="module")
def rejected_runs(corpus, tmp_path_factory) -> dict[str, Path]:
    """The corpus and three short documents with personal data (rejected, too short), under
    --pii redact with and without --pii-raw-examples."""
    base = tmp_path_factory.mktemp("pii_rejected")
    path = base / "in.jsonl"
    texts = corpus.texts[:4] + REJECTED
    path.write_text("".join(json.dumps({"text": t}, ensure_ascii=False) + "\n" for t in texts), encoding="utf-8")
    out = {}
    for name, extra in (("redacted", ()), ("raw", ("--pii-raw-examples",))):
        out[name] = base / name
        rc = mc.run_cli(["filter", str(path), "-o", str(out[name]), "--no-progress", "--workers", "2",
                         *piicorpus.LLM_SPACE, *extra])
        assert rc == 0
        assert mc.run_cli(["report", str(out[name]), "--out", str(out[name] / "report")]) == 0
    return out


def _examples(out: Path) -> list[str]:
    return [r["text"] for r in pq.read_table(out / "work" / "filter" / "rejected_00000.parquet").to_pylist()]


def test_rejected_examples_and_the_report_show_personal_data_redacted_and_say_so(rejected_runs):
    examples = _examples(rejected_runs["redacted"])
    assert sorted(examples) == sorted(["연락처 010-0000-0000 로 문자 주세요", "메일 xxx.xxxxx@naver.com 으로 주세요",
                                       "계좌 국민은행 000000-00-000000"])
    page = (rejected_runs["redacted"] / "report" / "report.html").read_text()
    assert "Personal data in them is redacted" in page and "shows personal data as the input had it" not in page
    assert not any(value in page for value in ("010-2345-6789", "kim.minsu", "123456-01-123456"))


def test_raw_examples_are_kept_raw_and_the_report_says_so_at_its_top(rejected_runs):
    assert sorted(_examples(rejected_runs["raw"])) == sorted(REJECTED)
    page = (rejected_runs["raw"] / "report" / "report.html").read_text()
    banner = page.index("This page shows personal data as the input had it")
    assert banner < page.index("<table") and "010-2345-6789" in page
