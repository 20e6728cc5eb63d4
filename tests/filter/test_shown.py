"""What a run shows of documents besides its kept rows (issue 36): with --pii redact the rejected
examples, error details and the quarantine list show personal data redacted, as the kept rows do;
--pii-raw-examples keeps them as the input had them; other --pii modes change nothing."""

from __future__ import annotations

from pathlib import Path
from types import SimpleNamespace

import pytest

from corefprep.filter.batch import BatchSink, BatchTally
from corefprep.filter.examples import PII_METADATA, Examples
from corefprep.filter.judge import Judge
from corefprep.filter.records import Verdict
from corefprep.io.documents import Document
from corefprep.rules import make_rules

TEXT = "중고 팝니다. 연락처 010-2345-6789, 메일 kim.minsu@naver.com 으로 주세요"
REDACTED = "중고 팝니다. 연락처 010-0000-0000, 메일 xxx.xxxxx@naver.com 으로 주세요"
RULES = make_rules("llm", words="space")


@pytest.mark.parametrize(("pii", "raw", "shown"), [("redact", False, REDACTED), ("redact", True, TEXT),
                                                   ("tag", False, TEXT), ("off", False, TEXT)])
def test_the_judge_shows_a_document_as_its_run_writes_it(pii, raw, shown):
    assert Judge(RULES, pii, raw).shown(TEXT) == shown


@pytest.mark.parametrize(("raw", "text", "said"),
                         [(False, REDACTED, b"redacted"), (True, TEXT, b"as the input had it")])
def test_rejected_examples_hold_the_text_as_shown_and_say_so(raw, text, said):
    judge = Judge(RULES, "redact", raw)
    examples = Examples(3)
    examples.offer(Document(4, TEXT, "in.jsonl", 5, "d4"), "too_short")
    from corefprep.filter.values import ValuesTable

    table = examples.table(RULES, ValuesTable(RULES, 0, 10), {}, judge)
    assert table.column("text").to_pylist() == [text]
    assert table.schema.metadata[PII_METADATA.encode()] == said


def test_a_quarantined_documents_detail_and_a_kiwi_error_are_shown_redacted():
    from corefprep.filter.values import ValuesTable

    ctx = SimpleNamespace(judge=Judge(RULES, "redact"), keep_rejected=0, batch_docs=10, bounds=lambda k: (0, 10),
                          source_names=lambda: {}, work=SimpleNamespace(filter_dir=Path("unused")))
    tally = BatchTally()
    sink = BatchSink(ctx, tally, 0)  # type: ignore[arg-type]
    assert isinstance(sink.values, ValuesTable)
    doc = Document(3, TEXT, "in.jsonl", 4, "d3")
    sink.set_aside(doc, Verdict(3, "timeout", [], error=f"stuck on {TEXT!r}"))
    sink.settle(Document(5, TEXT, "in.jsonl", 6, "d5"), Verdict(5, "kiwi_error", [], error=f"bad input {TEXT}"))
    [q] = tally.quarantined
    assert q.detail == f"stuck on {REDACTED!r}"
    assert tally.kiwi_errors == [f"doc_index 5: bad input {REDACTED}"]
