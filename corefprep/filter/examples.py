"""Rejected documents to read: ``work/filter/rejected_NNNNN.parquet`` (``--keep-rejected N``).

Up to N rejected documents per reason per batch, the first ones in ``doc_index`` order (the same
ones whatever the workers' order), each with its text, id, ``file:line``, the value the failing
rule measured and its threshold, and every value recorded for it. Read it with
``pyarrow.parquet.read_table`` or ``datasets.Dataset.from_parquet``.
"""

from __future__ import annotations

import bisect
from typing import Any

import pyarrow as pa

from ..io.documents import Document
from ..rules import Rules
from .judge import Judge
from .values import ValuesTable

PII_METADATA = "corefprep.personal_data"  # schema metadata: "redacted", or "as the input had it"
EXAMPLE_CHARS = 20_000  # text kept per example; `text_chars` is the whole length, `file:line` the whole text


class Examples:
    def __init__(self, n: int):
        self.n = n
        self._by_reason: dict[str, list[tuple[int, Document]]] = {}

    def offer(self, doc: Document, reason: str) -> None:
        if self.n <= 0:
            return
        kept = self._by_reason.setdefault(reason, [])
        if len(kept) >= self.n and doc.doc_index >= kept[-1][0]:
            return
        bisect.insort(kept, (doc.doc_index, doc), key=lambda e: e[0])
        del kept[self.n:]

    def __len__(self) -> int:
        return sum(len(v) for v in self._by_reason.values())

    def table(self, rules: Rules, values: ValuesTable, names: dict[str, str], judge: Judge) -> pa.Table:
        """The examples as rows, their text and URL as the run shows documents (``judge.shown``:
        personal data redacted with --pii redact); the schema's metadata says which."""
        rows: list[dict[str, Any]] = []
        for reason in sorted(self._by_reason):
            for _, doc in self._by_reason[reason]:
                v = values.values_of(doc.doc_index)
                measured, limit = failed_value(rules, reason, v)
                text = judge.shown(doc.text or "")
                rows.append({"doc_index": doc.doc_index, "reason": reason, "doc_id": doc.doc_id,
                             "source": names.get(doc.source, doc.source), "line": doc.line,
                             "url": None if doc.url is None else judge.shown(doc.url),
                             "measured": measured, "limit": limit, "text_chars": len(text),
                             "text": text[:EXAMPLE_CHARS], **v})
        rows.sort(key=lambda r: (r["reason"], r["doc_index"]))
        fields = [("doc_index", pa.int64()), ("reason", pa.string()), ("doc_id", pa.string()),
                  ("source", pa.string()), ("line", pa.int64()), ("url", pa.string()), ("measured", pa.float64()),
                  ("limit", pa.string()), ("text_chars", pa.int64()), ("text", pa.string())]
        fields += [(c.name, pa.int64() if c.kind == "int" else pa.float64()) for g in rules.groups for c in g.columns
                   if c.kind in ("int", "float")]
        shown = "redacted" if judge.pii == "redact" and not judge.raw_examples else "as the input had it"
        schema = pa.schema(fields, metadata={PII_METADATA: shown})
        return pa.Table.from_pylist([{f.name: r.get(f.name) for f in schema} for r in rows], schema=schema)


def failed_value(rules: Rules, reason: str, values: dict[str, Any]) -> tuple[float | None, str | None]:
    """The number the rule that rejected the document measured, and what passes (None for the
    reasons no rule measures: Kiwi errors, quarantines)."""
    have = rules.present(values)  # type: ignore[attr-defined]
    for c in rules.checks:
        if c.reason != reason or not c.applies(rules) or any(g not in have for g in c.needs):
            continue
        if c.fails(rules, values):
            q = c.quantity(rules, values)
            return (None if q is None else float(q)), c.limit(rules)
    return None, None
