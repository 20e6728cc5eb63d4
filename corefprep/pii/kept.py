"""What happens to the text of a document the filter keeps: its spans found, redacted or tagged,
and its mentions (v2's entities) kept clear of redacted spans."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from .detect import find_pii
from .mask import mask_text
from .spans import PiiSpan


def spans_for(mode: str, text: str) -> tuple[PiiSpan, ...]:
    return () if mode == "off" else tuple(find_pii(text))


def written_text(mode: str, text: str, spans: Sequence[PiiSpan]) -> str:
    """The text as the batch writes it."""
    return mask_text(text, spans) if mode == "redact" else text


def other_text(mode: str, text: str, spans: Sequence[PiiSpan]) -> str:
    """The text as the batch would write it under the other choice (redacted or not): what the
    document's other signature is made from, so switching between them never analyses it again."""
    return text if mode == "redact" else mask_text(text, spans)


def clear_of(entities: list[Any], spans: Sequence[PiiSpan]) -> list[Any]:
    """Entity mentions (``(form, [(start, end), ...])``) with those inside a redacted span dropped
    (and an entity left without mentions), since their text is no longer there."""
    if not spans or not entities:
        return entities
    out = []
    for form, mentions in entities:
        kept = [(s, e) for s, e in mentions if not any(s < p.end and p.start < e for p in spans)]
        if kept:
            out.append((form, kept))
    return out


def as_rows(spans: Sequence[PiiSpan]) -> list[dict[str, Any]]:
    """The spans as the ``pii`` column holds them (``tag``)."""
    return [{"kind": s.kind, "start": s.start, "end": s.end} for s in spans]
