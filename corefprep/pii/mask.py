"""Redaction: each span replaced by a value of the same shape and length that is no one's.

Digits become ``0`` (full-width digits ``０``), the letters of an email's local part ``x``. What
names no one is kept: separators, ``+82``, the mobile prefix or area code (``010-0000-0000``,
``02-000-0000``) and the email's domain (``xxxxxxx@naver.com``). A resident number ``000000-0000000``
has no valid date, a phone number whose exchange starts with 0 is never assigned, and no card
issuer's number starts with 0, so a redacted value can never be a real one. Keeping the length
keeps every other offset in the document (v2's entity mentions, tagged spans) where it was.
"""

from __future__ import annotations

from collections.abc import Sequence

from .detect import find_pii, phone_head_end
from .normalise import HANGUL_DIGITS, fold
from .spans import PiiSpan


def _zero(ch: str) -> str:
    if "0" <= ch <= "9":
        return "0"
    if "\uff10" <= ch <= "\uff19":
        return "\uff10"
    if ch in HANGUL_DIGITS:  # a number spelled in Hangul: 공 is its 0
        return "공"
    return ch


def _zero_hex(ch: str) -> str:
    if ch.isascii() and ch.isalnum():
        return "0"
    return "\uff10" if ch.isalnum() else ch


def _x(ch: str) -> str:
    """A letter of an email's local part as ``x``, a digit as ``0``: the same classes of character,
    so an analyser splits the redacted address where it split the original."""
    if ch.isdigit():
        return _zero(ch)
    if not ch.isalnum():
        return ch
    return "x" if ch.isascii() else "\uff58"


def mask_span(text: str, span: PiiSpan) -> str:
    """The replacement for ``text[span.start:span.end]``, of the same length."""
    value = text[span.start:span.end]
    if span.kind == "email":
        folded = fold(value)
        at = folded.find("@")
        if at < 0:  # spelled out (abc(at)naver.com): the local part is the leading run of its characters
            at = 0
            while at < len(folded) and folded[at].isascii() and (folded[at].isalnum() or folded[at] in "._%+-"):
                at += 1
        return "".join(map(_x, value[:at])) + value[at:]
    keep = phone_head_end(span.kind, fold(value)) if span.kind in ("mobile", "landline") else 0
    zero = _zero_hex if span.kind == "ip" and ":" in fold(value) else _zero
    return value[:keep] + "".join(map(zero, value[keep:]))


def redacted(text: str) -> str:
    """``text`` with the personal data the detectors find in it redacted (for what a run shows of a
    document besides its kept rows: rejected examples, error details, explain)."""
    return mask_text(text, find_pii(text))


def mask_text(text: str, spans: Sequence[PiiSpan]) -> str:
    """``text`` with every span redacted (spans in order, not overlapping, as find_pii gives them)."""
    if not spans:
        return text
    parts: list[str] = []
    last = 0
    for span in spans:
        parts.append(text[last:span.start])
        parts.append(mask_span(text, span))
        last = span.end
    parts.append(text[last:])
    return "".join(parts)
