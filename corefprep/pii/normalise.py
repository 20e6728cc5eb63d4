"""The text the patterns read: full-width digits, letters and punctuation, and the many dashes,
folded to ASCII one code point for one, so every offset found in the folded copy is an offset in
the document itself."""

from __future__ import annotations

import re

_FOLD: dict[int, str] = {}
for _c in range(0xFF01, 0xFF5F):  # full-width ASCII: ！ .. ～
    _FOLD[_c] = chr(_c - 0xFEE0)
for _c in (0x2010, 0x2011, 0x2012, 0x2013, 0x2014, 0x2015, 0x2212, 0xFE63):  # hyphens, dashes, minus
    _FOLD[_c] = "-"
for _c in (0x00A0, 0x2002, 0x2003, 0x2009, 0x202F, 0x3000):  # no-break, en, em, thin, ideographic spaces
    _FOLD[_c] = " "
_FOLD[0x00B7] = "."  # the middle dot people write between digit groups (010·1234·5678)
_FOLD[0x3002] = "."  # ideographic full stop

_NEEDS_FOLD = re.compile("[" + "".join(re.escape(chr(c)) for c in sorted(_FOLD)) + "]")
# Between two digits, the Hangul vowel ㅡ and box-drawing lines are dashes (010ㅡ1234ㅡ5678 is how
# used-goods posts dodge number filters); elsewhere ㅡ is a letter (ㅡㅡ) and is left as it is.
_DASH_BETWEEN_DIGITS = re.compile("(?<=[0-9\uff10-\uff19])[\u3161\u2500\u2501](?=[0-9\uff10-\uff19])")


# A dot "defanged" in brackets between two letters or digits (195.184.195[.]186, naver(.)com), as
# security posts write addresses so that nothing links them: read as a spaced dot, of the same length.
_DEFANGED_DOT = re.compile(r"(?<=[0-9A-Za-z])(?:\[\.\]|\(\.\))(?=[0-9A-Za-z])")


def fold(text: str) -> str:
    """``text`` with look-alike characters as ASCII, of the same length (most texts: unchanged)."""
    if _NEEDS_FOLD.search(text) is not None:
        text = text.translate(_FOLD)
    if ".]" in text or ".)" in text:
        text = _DEFANGED_DOT.sub(" . ", text)
    if "\u3161" in text or "\u2500" in text or "\u2501" in text:
        text = _DASH_BETWEEN_DIGITS.sub("-", text)
    return text
