"""The judge (corefprep/filter/judge.py) is where a document meets the rules: a rule set that names
a record field in ``meta_fields`` reads it from ``meta``, in the process that reads the inputs
(cheap rules) and in the Pool workers (decide), with nothing else changed.

The rule set here is the tests' own: it reads a ``lang`` field that neither real rule set uses.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, ClassVar

import orjson
import pyarrow as pa
import pyarrow.parquet as pq
import pytest

from corefprep.core.workdir import WorkDir
from corefprep.filter.batch import compute_batch
from corefprep.filter.context import FilterContext
from corefprep.filter.faults import BatchFaults
from corefprep.filter.judge import Judge
from corefprep.filter.workers import WorkerDecider
from corefprep.io.read import count_records
from corefprep.io.resolve import resolve_inputs
from corefprep.parallel import EngineConfig
from corefprep.rules import Check, Column, Group, RuleSet
from corefprep.rules.base import CHEAP, Scratch


@dataclass(frozen=True)
class LangRules(RuleSet):
    """Keeps Korean records only, by a field of the record: none -> ``no_lang`` (cheap rules, in the
    reading process), another language -> ``not_korean`` (decide, in a worker). The whole rule set
    is this class: a value group per rule and a check that reads it."""

    name: ClassVar[str] = "lang-test"
    reasons: ClassVar[tuple[str, ...]] = ("no_lang", "not_korean")
    meta_fields: ClassVar[tuple[str, ...]] = ("lang",)
    code_modules: ClassVar[tuple[str, ...]] = ("corefprep.rules.base",)
    groups: ClassVar[tuple[Group, ...]] = (
        Group("lang", (Column("has_lang", "int", "1 when the record has a lang field"),), CHEAP),
        Group("korean", (Column("korean", "int", "1 when its lang is ko"),)),
    )
    checks: ClassVar[tuple[Check, ...]] = (
        Check("no_lang", ("lang",), lambda r, v: v["has_lang"] == 0, lambda r, v: v["has_lang"], lambda r: "1"),
        Check("not_korean", ("korean",), lambda r, v: v["korean"] == 0, lambda r, v: v["korean"], lambda r: "1"),
    )

    @property
    def uses_kiwi(self) -> bool:
        return False

    def measure(self, group: str, s: Scratch) -> dict[str, Any]:
        if group == "lang":
            return {"has_lang": int("lang" in s.meta)}
        return {"korean": int(s.meta.get("lang") == "ko")}

    def as_dict(self) -> dict[str, Any]:
        return {"rules": self.name}

    def decision_dict(self) -> dict[str, Any]:
        return self.as_dict()


# (lang, url) per record; None: the record has no such field
RECORDS = [("ko", "https://a.kr/1"), ("en", None), (None, "https://b.kr/2"), ("ko", None), ("ja", "https://c.jp/"),
           ("ko", None), (None, None), ("ko", "https://d.kr/4"), ("en", None), ("ko", None)]
KEPT = [i for i, (lang, _) in enumerate(RECORDS) if lang == "ko"]


def _jsonl(path) -> None:
    lines = []
    for i, (lang, url) in enumerate(RECORDS):
        rec: dict[str, Any] = {"id": f"d{i}", "text": f"문서 {i}번의 본문입니다."}
        if lang is not None:
            rec["lang"] = lang
        if url is not None:
            rec["url"] = url
        lines.append(orjson.dumps(rec))
    path.write_bytes(b"\n".join(lines) + b"\n")


def _parquet(path) -> None:
    pq.write_table(pa.table({
        "id": [f"d{i}" for i in range(len(RECORDS))],
        "text": [f"문서 {i}번의 본문입니다." for i in range(len(RECORDS))],
        "lang": [lang for lang, _ in RECORDS],
        "url": [url for _, url in RECORDS],
    }), path, row_group_size=3)


@pytest.mark.parametrize("kind", ["jsonl", "parquet"])
def test_a_rule_reads_a_record_field_it_names_in_meta_fields(tmp_path, kind):
    src = tmp_path / f"in.{kind}"
    (_jsonl if kind == "jsonl" else _parquet)(src)
    files = resolve_inputs([str(src)])
    counts = [count_records(f) for f in files]
    judge = Judge(LangRules())
    assert judge.meta_fields == ("lang",)
    ctx = FilterContext(WorkDir(tmp_path / "out"), tuple(files), tuple(counts), "text", judge, 4, sum(counts), "cfg")
    kept: list[int] = []
    rejected: dict[str, int] = {}
    with WorkerDecider(judge, EngineConfig(workers=2, chunksize=1)) as pool:
        for k in range(ctx.num_batches):
            lo, hi = ctx.bounds(k)
            stats = compute_batch(ctx, k, pool, BatchFaults(k, lo, hi, False))
            for reason, n in stats.rejected.items():
                rejected[reason] = rejected.get(reason, 0) + n
            t = pq.read_table(ctx.work.batch_parquet(k))
            kept += t.column("doc_index").to_pylist()
            # the URL travels in meta as before, next to the rule's own field
            for i, url in zip(t.column("doc_index").to_pylist(), t.column("url").to_pylist(), strict=True):
                assert url == RECORDS[i][1]
    assert kept == KEPT
    assert rejected == {"no_lang": sum(lang is None for lang, _ in RECORDS),
                        "not_korean": sum(lang not in (None, "ko") for lang, _ in RECORDS)}
