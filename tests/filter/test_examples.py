"""Rejected documents kept to read (--keep-rejected N, corefprep.filter.examples)."""

from __future__ import annotations

import shutil
from collections import defaultdict

import orjson
import pyarrow.parquet as pq
import pytest
import zstandard
from fixtures import minicorpus as mc
from fixtures.shared import SAMPLE


def _line_of(name, line):
    """The record at ``name:line`` of the bundled sample, read here with zstandard and orjson."""
    raw = zstandard.ZstdDecompressor().stream_reader((SAMPLE / name).read_bytes()).read()
    return orjson.loads(raw.splitlines()[line - 1])


def _filter(out, *extra):
    return mc.run_cli(["filter", str(SAMPLE), "-o", str(out), "--no-progress", "--workers", "2", "--batch-docs", "100",
                       *extra])


@pytest.fixture(scope="module")
def two_each(tmp_path_factory):
    out = tmp_path_factory.mktemp("keep2")
    assert _filter(out, "--keep-rejected", "2") == 0
    return out


def test_the_first_n_rejected_documents_of_each_reason_per_batch_with_their_text(two_each):
    records = mc.bundled_records()
    for k in range(4):
        verdicts = pq.read_table(two_each / "work" / "filter" / f"values_{k:05d}.parquet").to_pylist()
        first: dict[str, list[int]] = defaultdict(list)
        for r in verdicts:
            if r["verdict"] != "kept" and len(first[r["verdict"]]) < 2:
                first[r["verdict"]].append(r["doc_index"])
        rows = pq.read_table(two_each / "work" / "filter" / f"rejected_{k:05d}.parquet").to_pylist()
        got: dict[str, list[int]] = defaultdict(list)
        for r in rows:
            got[r["reason"]].append(r["doc_index"])
            rec = records[r["doc_index"]]
            assert r["text"] == rec["text"][:20_000] and r["text_chars"] == len(rec["text"])
            assert r["doc_id"] == str(rec["id"]) and _line_of(r["source"], r["line"]) == rec
            if r["reason"] in ("too_short", "too_long"):  # the value that failed and what passes
                assert r["measured"] == len(rec["text"]) and r["limit"] in (">= 800", "<= 2500")
        assert dict(got) == dict(first)


def test_examples_are_readable_with_datasets(two_each):
    from datasets import Dataset

    ds = Dataset.from_parquet(str(two_each / "work" / "filter" / "rejected_00000.parquet"))
    assert {"doc_index", "reason", "text", "source", "line", "measured", "limit", "chars", "text_chars"} <= \
        set(ds.column_names)
    assert len(ds) > 0


def test_changing_keep_rejected_re_decides_without_kiwi(two_each, tmp_path):
    out = tmp_path / "out"
    shutil.copytree(two_each, out)
    before = {p.name: p.read_bytes() for p in (out / "work" / "filter").glob("batch_*.parquet")}
    assert _filter(out, "--keep-rejected", "5") == 0
    st = [orjson.loads(p.read_bytes()) for p in sorted((out / "work" / "filter").glob("batch_*.json"))]
    assert all(s["redecided_from"] and s["kiwi_chars"] == 0 and s["keep_rejected"] == 5 for s in st)
    assert before == {p.name: p.read_bytes() for p in (out / "work" / "filter").glob("batch_*.parquet")}
    counts = pq.read_table(out / "work" / "filter" / "rejected_00000.parquet").column("reason").to_pylist()
    assert max(counts.count(r) for r in set(counts)) == 5
    assert _filter(out, "--keep-rejected", "0") == 0
    assert not list((out / "work" / "filter").glob("rejected_*.parquet"))
