"""Finding personal data in a document: one scan of the text for places where a kind's shape can
start, then each kind's own pattern and checks at such a place, in the order of :data:`KINDS`.

Patterns read the folded text (:mod:`corefprep.pii.normalise`), so ``０１０－１２３４－５６７８``
is found as ``010-1234-5678`` is, at the same offsets. A number never starts or ends inside a
longer run of digits (``2010-1234-5678`` holds no phone number), nor right after or before a digit
joined by ``-`` or ``.`` (a longer dashed or dotted number).
"""

from __future__ import annotations

import re
from collections.abc import Callable

from . import checks
from .normalise import fold
from .spans import PiiSpan

_NO_DIGIT_BEFORE = r"(?<![0-9])(?<![0-9][.\-])"
_NO_DIGIT_AFTER = r"(?![0-9])(?![.\-][0-9])"
_SEP = r"(?:[ ]?[\-.][ ]?|[ ])"  # between digit groups: a dash or dot (spaced or not), or a space

_EMAIL = re.compile(
    r"(?<![A-Za-z0-9._%+\-])"
    r"(?P<local>[A-Za-z0-9](?:[A-Za-z0-9._%+\-]{0,62}[A-Za-z0-9_])?)"
    r"@(?:[A-Za-z0-9](?:[A-Za-z0-9\-]{0,61}[A-Za-z0-9])?\.)+[A-Za-z]{2,24}"
    r"(?![A-Za-z0-9\-])(?!\.[A-Za-z0-9])"
)
_RRN = re.compile(
    _NO_DIGIT_BEFORE
    + r"(?P<birth>[0-9]{2}(?:0[1-9]|1[0-2])(?:0[1-9]|[12][0-9]|3[01]))(?P<sep>[ ]?-[ ]?|[ ]?)(?P<rest>[1-8][0-9]{6})"
    + _NO_DIGIT_AFTER
)
# cards: issuers' groupings (4-4-4-4, 4-4-4-4-3, 4-4-4-3, Amex 4-6-5, Diners 4-6-4) with one
# separator throughout, or an unbroken run of 13-19 digits
_CARD = re.compile(
    _NO_DIGIT_BEFORE + r"[2-69][0-9]{3}(?:(?P<s>[ \-])(?:[0-9]{4}(?P=s)[0-9]{4}(?P=s)[0-9]{4}(?:(?P=s)[0-9]{3})?"
    r"|[0-9]{4}(?P=s)[0-9]{4}(?P=s)[0-9]{3}|[0-9]{6}(?P=s)[0-9]{4,5})|[0-9]{9,15})" + _NO_DIGIT_AFTER
)
# mobile: 010, 011, 016-019, also as +82 10 (the trunk 0 dropped, or kept in parentheses)
_MOBILE = re.compile(
    _NO_DIGIT_BEFORE
    + r"(?P<head>\+82[ \-]?(?:\(0\)[ ]?)?0?1[016-9]|\(01[016-9]\)|01[016-9])"
    + _SEP + r"?[0-9]{3,4}" + _SEP + r"?[0-9]{4}" + _NO_DIGIT_AFTER
)
# landlines: the area codes (02 Seoul, 031-033, 041-044, 051-055, 061-064), 070 (internet phones)
# and 0502-0508 (personal safe numbers); without +82 a separator or parentheses must follow the
# area code, since a bare 9-11-digit run starting with 0 is as often a product or order number
_AREA = r"(?:2|3[1-3]|4[1-4]|5[1-5]|6[1-4]|70|50[2-8])"
_LANDLINE = re.compile(
    _NO_DIGIT_BEFORE
    + r"(?P<head>\+82[ \-]?(?:\(0\)[ ]?)?0?" + _AREA + r"|\(0" + _AREA + r"\)|0" + _AREA + r"(?=[ \-.)]))"
    + r"(?:\)[ ]?|" + _SEP + r")?[1-9][0-9]{2,3}" + _SEP + r"?[0-9]{4}" + _NO_DIGIT_AFTER
)
_IPV4 = re.compile(r"(?<![0-9A-Za-z.])(?:[0-9]{1,3}\.){3}[0-9]{1,3}(?![0-9])(?!\.[0-9])")
_IPV6 = re.compile(r"(?<![0-9A-Za-z:.])(?=[0-9A-Fa-f]{0,4}:[0-9A-Fa-f]{0,4}:)[0-9A-Fa-f:]{6,39}(?![0-9A-Za-z:])")
# bank accounts: banks' groupings vary (3-3-6, 6-2-6, 4-2-7, 3-4-4-2, 4-4-4-1, ...), with dashes or
# spaces; only a banking word nearby tells them from other numbers
_ACCOUNT = re.compile(_NO_DIGIT_BEFORE + r"[0-9]{2,6}(?P<s>[\- ])[0-9]{2,7}(?:(?P=s)[0-9]{1,7}){0,3}" + _NO_DIGIT_AFTER
                      + r"|" + _NO_DIGIT_BEFORE + r"[0-9]{10,14}" + _NO_DIGIT_AFTER)

# Where any kind can start: a digit, a + or ( before a phone number, a hex digit before a colon
# (IPv6), an email's local part. The kinds' own patterns decide from there.
_START = re.compile(r"[0-9]|\+82|\(0|[A-Za-z0-9._%+\-]+@|[0-9A-Fa-f]{1,4}:")


def _shape(pattern: re.Pattern[str]) -> Callable[[str, int], tuple[int, int] | None]:
    """A kind whose shape is all the evidence it needs."""
    def find(text: str, pos: int) -> tuple[int, int] | None:
        m = pattern.match(text, pos)
        return (m.start(), m.end()) if m else None
    return find


def _rrn(text: str, pos: int) -> tuple[int, int] | None:
    m = _RRN.match(text, pos)
    if m is None:
        return None
    digits = m["birth"] + m["rest"]
    if not checks.rrn_date_ok(digits) or checks.said_before(checks.NOT_PERSONAL_WORDS, text, pos, 12):
        return None
    if not m["sep"].strip() and not (checks.rrn_checksum_ok(digits) or checks.rrn_new_scheme(digits)
                                     or checks.said_around(checks.RRN_WORDS, text, pos, m.end(), 20, 15)):
        return None  # 13 bare digits (or 6 and 7 apart) are a resident number only with evidence
    return m.start(), m.end()


def _card(text: str, pos: int) -> tuple[int, int] | None:
    m = _CARD.match(text, pos)
    if m is None:
        return None
    digits = m.group().replace(" ", "").replace("-", "")
    if not checks.luhn_ok(digits) or checks.said_before(checks.NOT_PERSONAL_WORDS, text, pos, 12):
        return None
    if m["s"] is None and not checks.said_before(checks.CARD_WORDS, text, pos, 20):
        return None  # an unbroken run is a card number only where the text says so
    return m.start(), m.end()


def phone_head_end(kind: str, folded: str) -> int:
    """Where the part of a phone number that names no one (+82, the mobile prefix or area code)
    ends in ``folded``, a whole span of ``kind`` as found."""
    m = (_MOBILE if kind == "mobile" else _LANDLINE).match(folded)
    return m.end("head") if m else 0


def _ip(text: str, pos: int) -> tuple[int, int] | None:
    m = _IPV4.match(text, pos)
    if m is not None and checks.ipv4_ok(m.group()) and not checks.said_before(checks.VERSION_WORDS, text, pos, 12):
        return m.start(), m.end()
    m = _IPV6.match(text, pos)
    if m is not None and checks.ipv6_ok(m.group()):
        return m.start(), m.end()
    return None


def _account(text: str, pos: int) -> tuple[int, int] | None:
    m = _ACCOUNT.match(text, pos)
    if m is None:
        return None
    groups = m.group().split(m["s"]) if m["s"] else [m.group()]
    if not 10 <= sum(len(g) for g in groups) <= 16:
        return None
    if tuple(len(g) for g in groups) == (3, 2, 5):
        return None  # the shape of a business registration number (사업자등록번호), public by design
    if checks.said_before(checks.NOT_PERSONAL_WORDS, text, pos, 12):
        return None
    if not checks.said_around(checks.ACCOUNT_WORDS, text, m.start(), m.end(), 20, 10):
        return None
    return m.start(), m.end()


_FINDERS: tuple[tuple[str, Callable[[str, int], tuple[int, int] | None]], ...] = (
    ("email", _shape(_EMAIL)), ("rrn", _rrn), ("card", _card), ("mobile", _shape(_MOBILE)),
    ("landline", _shape(_LANDLINE)),
    ("ip", _ip), ("account", _account),
)


def find_pii(text: str) -> list[PiiSpan]:
    """The spans of personal data in ``text``, in order, never overlapping."""
    folded = fold(text)
    out: list[PiiSpan] = []
    pos = 0
    search = _START.search
    while (m := search(folded, pos)) is not None:
        at = m.start()
        for kind, finder in _FINDERS:
            found = finder(folded, at)
            if found is not None:
                out.append(PiiSpan(kind, found[0], found[1]))
                pos = found[1]
                break
        else:
            pos = _next_start(folded, at)
    return out


def _next_start(text: str, at: int) -> int:
    """Where to look next after nothing held at ``at``: past the rest of a run of digits (no kind
    starts inside one: each needs no digit or letter before it), else one code point on."""
    if text[at].isdigit():
        end = at + 1
        while end < len(text) and text[end].isdigit():
            end += 1
        return end
    return at + 1
