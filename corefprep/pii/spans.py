"""What a detector finds: a span of personal data in a document, by kind."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from typing import NamedTuple

# The kinds, in the order a span is tried at one position (the first that holds wins): an email
# may hold digits; a resident number, a card and a phone number never share a shape; a bank
# account is only a fallback for numbers with a banking word nearby.
KINDS = ("email", "rrn", "card", "mobile", "landline", "ip", "account")


class PiiSpan(NamedTuple):
    """One span, in code points of the document's text (``end`` exclusive). A tuple because
    workers pickle them with every kept document that holds personal data."""

    kind: str
    start: int
    end: int


def count_kinds(spans: Iterable[PiiSpan]) -> Counter[str]:
    return Counter(s.kind for s in spans)
