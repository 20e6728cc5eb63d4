"""Counts in what a user reads: "1 batch", "2 batches", "1,234 documents", never "1 batches" or
"chunk(s)"."""

from __future__ import annotations


def noun(n: float, singular: str, plural: str | None = None) -> str:
    """``singular`` when ``n`` is exactly one, else its plural (``plural``, or the English rule for
    the nouns corefprep counts: batch -> batches, entity -> entities, file -> files)."""
    if n == 1:
        return singular
    if plural is not None:
        return plural
    if singular.endswith(("s", "x", "ch", "sh")):
        return singular + "es"
    if singular.endswith("y") and singular[-2:-1] not in "aeiou":
        return singular[:-1] + "ies"
    return singular + "s"


def count(n: float, singular: str, plural: str | None = None) -> str:
    """``n`` with thousands separators and the noun agreeing with it: ``count(1, "batch")`` is
    "1 batch", ``count(12000, "document")`` "12,000 documents"."""
    shown = f"{int(n):,}" if float(n).is_integer() else f"{n:,.1f}"
    return f"{shown} {noun(n, singular, plural)}"
