"""The text the patterns read: full-width digits, letters and punctuation, and the many dashes,
folded to ASCII one code point for one, so every offset found in the folded copy is an offset in
the document itself."""

from __future__ import annotations

import re

# digits spelled in Hangul (공 and 영 are 0), as posts write a number to slip past filters
HANGUL_DIGITS = "공영일이삼사오육칠팔구"

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
# Between two digits (Arabic or Hangul), the Hangul vowel ㅡ and box-drawing lines are dashes
# (010ㅡ1234ㅡ5678 is how used-goods posts dodge number filters); elsewhere ㅡ is a letter (ㅡㅡ).
_DASH_BETWEEN_DIGITS = re.compile("(?<=[0-9\uff10-\uff19" + HANGUL_DIGITS + "])[\u3161\u2500\u2501]"
                                  "(?=[0-9\uff10-\uff19" + HANGUL_DIGITS + "])")


# A dot "defanged" in brackets between two letters or digits (195.184.195[.]186, naver(.)com), as
# security posts write addresses so that nothing links them: read as a spaced dot, of the same length.
_DEFANGED_DOT = re.compile(r"(?<=[0-9A-Za-z])(?:\[\.\]|\(\.\))(?=[0-9A-Za-z])")


# An "@" in brackets between two letters or digits (kim[@]naver.com, kim(@)naver.com): a spaced "@".
_BRACKETED_AT = re.compile(r"(?<=[0-9A-Za-z])(?:\[@\]|\(@\))(?=[0-9A-Za-z])")

# A number written in Hangul digits, wholly or in part (칠삼공육공이-일칠일사구삼육, 010-4242-삼구사이,
# 5584 사육구이 사일삼육 9313), as posts and forms write one to slip past filters: groups of digits
# apart by a dash or one space, nine digits at least, each group all Hangul or all Arabic, no letter
# or syllable glued before it (but a word may end where Arabic digits start: 교사010 8974 팔팔삼삼),
# and none after it unless its groups are apart (a particle:
# 구팔공삼이공-일오사일이사사로). Shorter runs, and runs inside a word, are words (사이, 일이삼, 공사).
# Possessive, and starting only where a run starts (not after a digit and a space): each run is read
# once, and a run of Arabic digits alone fails in the regex engine, not in a call back to Python.
_SPELLED_NUMBER = re.compile(r"(?:(?<![0-9\-A-Za-z가-힣])|(?<=[가-힣])(?=[0-9]))(?<![0-9" + HANGUL_DIGITS
                             + r"] )(?:[0-9]++[ \-]?+)*+["
                             + HANGUL_DIGITS + r"](?:[ \-]?+[0-9" + HANGUL_DIGITS + r"])*+")
# (a text without three of them in a row needs no more: one scan, in C from the class it starts with)
_HANGUL_DIGITS_IN_A_ROW = re.compile("[" + HANGUL_DIGITS + "]{3}")
_HANGUL_TO_DIGIT = str.maketrans(HANGUL_DIGITS, "00123456789")

# A number with the letter O or the jamo ㅇ for 0 (o1o-9374-3896, O17-395O-2OO5, ㅇ1ㅇ-4821-7730):
# groups of digits and O joined by dashes, dots or spaces, each group holding a digit (a mask,
# 010-OOOO-1234, stays as it is) and the whole nine long at least, nothing Latin glued to it.
_SEPARATORS_AS_SPACE = str.maketrans("-.", "  ")
_ZERO_LIKE = str.maketrans("oOㅇ", "000")
# (most texts have no O beside a digit: one scan, in C from the class it starts with, and no run read)
_O_BESIDE_DIGIT = re.compile("[oOㅇ](?:(?<=[0-9][oOㅇ])|(?=[0-9]))")
_O_NUMBER = re.compile(r"(?<![0-9A-Za-z\-.ㅇ])(?>[0-9oOㅇ]+(?:[\-. ][0-9oOㅇ]+)*)(?![0-9A-Za-zㅇ])")

# An IPv4 address with 점 (Korean for "point") for its dots: 61점27점237점149.
_JEOM_BESIDE_DIGIT = re.compile("점[0-9]")  # (a literal first: found by a fast search, not tried at each place)
_JEOM_ADDRESS = re.compile(r"(?<![0-9.])(?:[0-9]{1,3}점){3}[0-9]{1,3}(?![0-9])")


def _spelled_number(m: re.Match[str]) -> str:
    """The run in Arabic digits, if nine digits long at least and each of its groups all Hangul or
    all Arabic (a syllable after Arabic digits is a particle: 021128-3514816이 제 주민번호예요), and,
    where groups are a space apart, one of them Arabic or four long."""
    run = m[0]  # (it ends in a digit: the pattern's last part is one)
    groups = run.translate(_SEPARATORS_AS_SPACE).split(" ")
    after = m.string[m.end():m.end() + 1]
    if len(groups) == 1 and (after.isalpha() and (after.isascii() or "가" <= after <= "힣")):
        return run  # glued to a word
    hangul = [g.isdigit() is False for g in groups]
    if sum(map(len, groups)) < 9 or not any(hangul) or any(h and any(c.isdigit() for c in g)
                                                           for g, h in zip(groups, hangul, strict=True)):
        return run
    if " " in run and all(hangul) and max(map(len, groups)) < 4:
        return run  # short words a space apart (사이 일이삼 공사 오이): no group a number's
    return run.translate(_HANGUL_TO_DIGIT)


def _o_number(m: re.Match[str]) -> str:
    """The run with 0 for O, if nine long at least, each group holding a digit, and an O not only
    first (O1737241467 is an order's letter and number)."""
    run = m[0]
    groups = run.translate(_SEPARATORS_AS_SPACE).split(" ")
    if (sum(map(len, groups)) < 9 or not any(c in "oOㅇ" for c in run[1:])
            or not all(any(c.isdigit() for c in g) for g in groups)):
        return run
    return run.translate(_ZERO_LIKE)


def fold(text: str) -> str:
    """``text`` with look-alike characters as ASCII, of the same length (most texts: unchanged)."""
    if _NEEDS_FOLD.search(text) is not None:
        text = text.translate(_FOLD)
    if ".]" in text or ".)" in text:
        text = _DEFANGED_DOT.sub(" . ", text)
    if "@]" in text or "@)" in text:
        text = _BRACKETED_AT.sub(" @ ", text)
    if "\u3161" in text or "\u2500" in text or "\u2501" in text:
        text = _DASH_BETWEEN_DIGITS.sub("-", text)
    if _HANGUL_DIGITS_IN_A_ROW.search(text) is not None:
        text = _SPELLED_NUMBER.sub(_spelled_number, text)
    if _O_BESIDE_DIGIT.search(text) is not None:
        text = _O_NUMBER.sub(_o_number, text)
    if _JEOM_BESIDE_DIGIT.search(text) is not None:
        text = _JEOM_ADDRESS.sub(lambda m: m[0].replace("점", "."), text)
    return text
