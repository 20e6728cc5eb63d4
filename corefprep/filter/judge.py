"""The rule set as the filter applies it to documents.

Rule sets are pure functions of a text and its record's ``meta`` (:mod:`corefprep.rules`); the
filter hands them :class:`~corefprep.io.documents.Document` records. :class:`Judge` is that one
adapter, picklable, carried by the batch context to local workers and Ray actors alike, so there is
exactly one place where a document meets the rules (tests subclass it to inject faults).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from ..io.documents import Document
from ..pii.mask import redacted
from ..rules import Decision, Missing, Rules


@dataclass(frozen=True)
class Judge:
    rules: Rules
    pii: str = "off"  # --pii: what a kept document's personal data becomes (corefprep.filter.kept)
    raw_examples: bool = False  # --pii-raw-examples: with redact, examples and error details as the input had them

    def shown(self, text: str) -> str:
        """``text`` of a document (or an error about one) as the run shows it outside its kept rows:
        redacted when the kept rows are, unless --pii-raw-examples."""
        return redacted(text) if self.pii == "redact" and not self.raw_examples and text else text

    @property
    def uses_kiwi(self) -> bool:
        return self.rules.uses_kiwi

    @property
    def meta_fields(self) -> tuple[str, ...]:
        return tuple(getattr(self.rules, "meta_fields", ()))

    def cheap(self, doc: Document, known: Mapping[str, Any] | None = None) -> tuple[str | None, dict[str, Any]]:
        """The cheap rules (in the process that reads): (the reason to reject the document or None,
        the values measured). ``known``: its values recorded by an earlier decision, still valid."""
        return self.rules.cheap_measure(doc.text or "", doc.meta, known)

    def decide(self, doc: Document, kiwi: Any) -> Decision:
        """The rules' final decision on a document that passed the cheap rules (in a worker)."""
        return self.rules.decide(doc.text or "", kiwi, doc.meta)

    def redecide(self, doc: Document, values: dict[str, Any]) -> str | None | Missing:
        """The rules after the cheap ones, on recorded values (see RuleSet.redecide)."""
        return self.rules.redecide(doc.text or "", doc.meta, values)
