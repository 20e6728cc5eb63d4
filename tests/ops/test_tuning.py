"""What nearby thresholds would keep and rejected examples (corefprep.ops.tuning), and their
place on the report page. The table is computed from the recorded values with numpy; each of its
counts must be what a real run with that threshold keeps."""

from __future__ import annotations

import shutil
from html.parser import HTMLParser

import orjson
import pytest
from fixtures import minicorpus as mc
from fixtures.shared import SAMPLE

from corefprep.core.workdir import WorkDir
from corefprep.ops.report import write_report
from corefprep.ops.tuning import nearby, rejected_examples, sweep
from corefprep.run.manifest import recorded_rules


@pytest.fixture(scope="module")
def run(tmp_path_factory):
    return mc.bundled_filter_run(tmp_path_factory)  # v2, batches of 100


def _passed(out):
    return sum(orjson.loads(p.read_bytes())["passed"] for p in (out / "work" / "filter").glob("batch_*.json"))


def test_nearby_values():
    assert nearby(800) == [400, 600, 800, 1000, 1200]
    assert nearby(0.4) == [0.2, 0.3, 0.4, 0.5, 0.6]
    assert nearby(0.9) == [0.45, 0.675, 0.9, 1.0]  # a share stays a share
    assert nearby(True) == [True, False] and nearby(0) == [0, 1, 2, 3, 5]


def test_the_current_settings_keep_what_the_run_kept(run):
    sw = sweep(WorkDir(run), recorded_rules(WorkDir(run)))
    now = [r for r in sw.rows if r.current]
    assert now and all(r.kept == _passed(run) and r.unknown == 0 for r in now)
    assert sw.documents + sw.left_out == 366
    # loosening a rule some documents never got past leaves their verdict unknown
    assert next(r for r in sw.rows if r.field == "min_chars" and r.value == 400).unknown > 0


@pytest.mark.parametrize("field, value", [("min_chars", 1000), ("max_nnp_share", 0.15), ("min_hangul_ratio", 0.6),
                                          ("min_entity_count", 3)])
def test_each_count_is_what_a_run_with_that_threshold_keeps(run, tmp_path, field, value):
    sw = sweep(WorkDir(run), recorded_rules(WorkDir(run)))
    row = next(r for r in sw.rows if r.field == field and r.value == value)
    assert row.unknown == 0
    out = tmp_path / "out"
    shutil.copytree(run, out)
    flag = "--" + field.replace("_", "-")
    assert mc.run_cli(["filter", str(SAMPLE), "-o", str(out), "--no-progress", "--workers", "2", "--batch-docs",
                       "100", flag, str(value)]) == 0
    assert _passed(out) == row.kept


class _Headings(HTMLParser):
    def __init__(self):
        super().__init__()
        self.ids: list[str] = []

    def handle_starttag(self, tag, attrs):
        if tag in ("h2", "h3"):
            self.ids.append(dict(attrs).get("id", ""))


def test_the_report_page_shows_examples_and_the_threshold_table(run, tmp_path):
    page = write_report(run, tmp_path / "report")
    html_text = page.read_text(encoding="utf-8")
    parser = _Headings()
    parser.feed(html_text)
    assert parser.ids.index("rejections") < parser.ids.index("examples") < parser.ids.index("thresholds")
    examples = rejected_examples(WorkDir(run), per_reason=2)
    assert {e.reason for e in examples} >= {"too_short", "too_long", "has_pronoun"}
    for e in examples:
        assert f"{e.where}, doc_index {e.doc_index}" in html_text
    assert "--min-nnp-share" in html_text and "unknown" in html_text
