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
from .normalise import HANGUL_DIGITS, fold
from .spans import PiiSpan
from .tlds import top_level_domains

_NO_DIGIT_BEFORE = r"(?<![0-9])(?<![0-9][.\-])"
_NO_DIGIT_AFTER = r"(?![0-9])(?![.\-][0-9])"
# nor go on masked, or follow a mask (090-816443-62-***, ***-883952-09-213: the rest of an account
# the site hid)
_NO_MASK_AFTER = r"(?![.\-]?[*Xx●○])"
_NO_MASK_BEFORE = r"(?<![*Xx●○])(?<![*Xx●○][.\- ])"
# between a phone number's groups: a dash, dot or tilde (spaced or not), a space, a slash or an
# underscore
_SEP = r"(?:[ ]?[\-.~][ ]?|[ /_])"
# between a card's groups: what may stand between a phone number's, not always the same one
_CSEP = r"(?:[ ]?[\-./_~][ ]?|[ ])"
_LOCAL = r"A-Za-z0-9._%+\-"  # the characters of an email's local part
_LOCAL_PART = r"[A-Za-z0-9](?:[" + _LOCAL + r"]{0,62}[A-Za-z0-9_])?"
_LABEL = r"[A-Za-z0-9](?:[A-Za-z0-9\-]{0,61}[A-Za-z0-9])?"  # a domain's label
_TLD_END = r"[A-Za-z]{2,24}(?![A-Za-z0-9\-])(?!\.[A-Za-z0-9])"
# an "@" or "." spelled out to dodge scrapers: abc(at)naver(dot)com, abc [at] naver.com, abc 골뱅이
# naver.com, abc @ naver.com, abc@ naver.com; a bare " at " only where no English sentence has it (see
# _accept_email_spelled)
_AT_SPELLED = (r"(?:[ ]?@[ ]?|[ ]?[\(\[{<][ ]?(?:at|AT|At|골뱅이|앳)[ ]?[\)\]}>][ ]?|[ ]?골뱅이[ ]?"
               r"|[ ](?P<email_spelled_bare>at|AT|앳)[ ])")
_DOT_SPELLED = (r"(?:\.|[ ]?[\(\[{<][ ]?(?:dot|DOT|Dot|점|닷)[ ]?[\)\]}>][ ]?"
                r"|[ ](?P<email_spelled_dot>dot|DOT|점|닷|\.)[ ])")
# an address's dots and colons "defanged" in brackets, so that nothing links it (220[dot]80[dot]38[dot]188;
# [.] and (.) are folded to a spaced dot before any shape is tried)
_DOT_DEFANGED = r"[\[(](?:dot|DOT)[\])]"
_COLON_DEFANGED = r"[\[(]::?[\])]"
# mobile and landline heads: +82 (or 82 and a separator) with the trunk 0 dropped or in brackets
_INTL = r"(?:\+82[ \-.]?|82[ \-]|82\)[ ]?)(?:\(0\)[ ]?)?0?"
_ANY_DIGIT = "0-9" + HANGUL_DIGITS  # a phone number may mix them (010-4242-삼구사이)
# between digits spaced one by one: one or two spaces, or a dash (spaced or not)
_GAP = r"(?:[ ]?-[ ]?|[ ]{1,2})"
# between the groups of a number spelled in Hangul: a space or dash, or 에 as the number is read out
# (공이에 삼칠팔공에 이공사팔)
_HANGUL_GAP = r"(?:[ \-]|에[ ]?)"

# Each kind's shape, its groups named after it: all of them are tried at a place in one match
# (see _SHAPES).
_SHAPE_OF: dict[str, str] = {
    "email": r"(?<![" + _LOCAL + r"])" + _LOCAL_PART + r"@(?:" + _LABEL + r"\.)+" + _TLD_END,
    "email_spelled": r"(?<![" + _LOCAL + r"])(?P<email_spelled_local>" + _LOCAL_PART + r")" + _AT_SPELLED
                     + r"(?:" + _LABEL + _DOT_SPELLED + r")+" + _TLD_END,
    "rrn": _NO_DIGIT_BEFORE
           + r"(?P<rrn_birth>[0-9]{2}(?:0[1-9]|1[0-2])(?:0[1-9]|[12][0-9]|3[01]))(?:[ ]?[\-~_][ ]?|[ ./]?)"
           r"(?P<rrn_rest>[1-8][0-9]{6})" + _NO_DIGIT_AFTER,
    # cards: issuers' groupings (4-4-4-4, 4-4-4-4-3, 4-4-4-3, Amex 4-6-5, Diners 4-6-4), or an
    # unbroken run of 13-19 digits
    "card": _NO_DIGIT_BEFORE + r"[2-69][0-9]{3}(?:" + _CSEP + r"(?:[0-9]{4}" + _CSEP + r"[0-9]{4}" + _CSEP
            + r"[0-9]{4}(?:" + _CSEP + r"[0-9]{3})?|[0-9]{4}" + _CSEP + r"[0-9]{4}" + _CSEP + r"[0-9]{3}|[0-9]{6}"
            + _CSEP + r"[0-9]{4,5})|[0-9]{9,15}|[0-9]{4}" + _CSEP + r"[0-9]{8})" + _NO_DIGIT_AFTER,
    # the 4-4-4-4 part of the above, for when the group after it is not the card's (카드 4138 5524
    # 8830 7338 207만원)
    "card_4x4": _NO_DIGIT_BEFORE + r"[2-69][0-9]{3}(?:" + _CSEP + r"[0-9]{4}){3}" + _NO_DIGIT_AFTER,
    # ... or grouped any other way, after a card word (카드 5123 143496283689, 3608148612-6434)
    "card_grouped": _NO_DIGIT_BEFORE + r"[2-69][0-9]{2,15}(?:[ \-.][0-9]{2,15}){1,3}" + _NO_DIGIT_AFTER,
    # mobile: 010, 011, 016-019, also as +82 10; "010)" as landlines' "02)"
    "mobile": _NO_DIGIT_BEFORE + r"(?P<mobile_head>" + _INTL + r"1[016-9]|\(01[016-9]\)|01[016-9])"
              + r"(?:\)[ ]?|" + _SEP + r")?[0-9]{3,4}" + _SEP + r"?[0-9]{4}" + _NO_DIGIT_AFTER,
    # ... with every digit spaced (0 1 0 1 2 3 4 …) or spelled in Hangul (공일공…), as posts write
    # them to slip past number filters
    "mobile_spaced": _NO_DIGIT_BEFORE + r"(?P<mobile_spaced_head>0 1 [016-9])(?:" + _GAP + r"[0-9]){7,8}(?![0-9])"
                     r"(?!" + _GAP + r"[0-9])",
    # (at least one digit spelled: see _spelled)
    "mobile_hangul": r"(?<![" + _ANY_DIGIT + r"])(?P<mobile_hangul_head>[0공영][1일][016-9공영일육칠팔구])(?:"
                     + _HANGUL_GAP + r"?[" + _ANY_DIGIT + r"]){7,8}(?![" + _ANY_DIGIT + r"])",
    "ipv4": r"(?<![0-9A-Za-z.])(?:[0-9]{1,3}(?:\.|[ ]\.[ ]|\.(?P<ipv4_spaced>[ ])|" + _DOT_DEFANGED + r")){3}"
            r"[0-9]{1,3}(?![0-9])(?!\.[0-9])",
    # ... and with its colons in brackets (2407[:]b800[:]656b[::]974a), as security posts write one
    "ipv6_defanged": r"(?<![0-9A-Za-z.])[0-9A-Fa-f]{1,4}(?:" + _COLON_DEFANGED + r"[0-9A-Fa-f]{0,4}){2,8}"
                     r"(?<![\])])(?![0-9A-Za-z])",
    # (a port may follow a full address without brackets: 2406:da12:…:aaf0:9090)
    "ipv6": r"(?<![0-9A-Za-z.])(?<![0-9A-Za-z:]:)(?=[0-9A-Fa-f]{0,4}:[0-9A-Fa-f]{0,4}:)[0-9A-Fa-f:]{6,39}"
            r"(?:(?![0-9A-Za-z:])|(?=:[0-9]{1,5}(?![0-9A-Za-z:.])))",
    # bank accounts: banks' groupings vary (3-3-6, 6-2-6, 4-2-7, 3-4-4-2, 4-4-4-1, ...), with dashes,
    # dots or spaces; only a banking word nearby tells them from other numbers
    # (letters glued before the digits make it no account unless a bank's, see _accept_account; separators may
    # be mixed, 301-7886.4103.29, but a space only as the first's like or before a long last group,
    # 3333-48 1331702, since a number after an account is often another)
    "account": _NO_DIGIT_BEFORE + r"(?<![0-9],)" + _NO_MASK_BEFORE  # (not inside a sum: ₩12,500 795-98-501951)
               + r"[0-9]{2,6}(?P<account_s>[ ]?[\-.][ ]?|[ _])[0-9]{2,7}(?:(?:(?P=account_s)|[\-._])[0-9]{1,7}){0,3}"
               r"(?:[\-. _][0-9]{4,7})?"
               + _NO_DIGIT_AFTER + _NO_MASK_AFTER + r"|" + _NO_DIGIT_BEFORE + r"[0-9]{10,14}" + _NO_DIGIT_AFTER
               + _NO_MASK_AFTER,
}
# every digit spaced, dashes spaced or not between groups (4 9 1 2 1 0 - 2 2 3 8 1 7 7): a resident
# number, a card or an account written to slip past filters (phone numbers have shapes of their own)
_SHAPE_OF["digits_spaced"] = (_NO_DIGIT_BEFORE + r"(?<![0-9] )(?<![0-9]  )(?<![0-9] - )[0-9](?:" + _GAP
                              + r"[0-9]){9,18}(?![0-9])(?!" + _GAP + r"[0-9])")
# landlines: the area codes (02 Seoul, 031-033, 041-044, 051-055, 061-064), 070 (internet phones)
# and 0502-0508 (personal safe numbers); without +82 a separator or parentheses follow the area
# code (an unbroken run is landline_bare's)
_AREA = r"(?:2|3[1-3]|4[1-4]|5[1-5]|6[1-4]|70|50[2-8])"
_SHAPE_OF["landline"] = (
    _NO_DIGIT_BEFORE
    + r"(?P<landline_head>" + _INTL + _AREA + r"|\(0" + _AREA + r"\)|0" + _AREA + r"(?=[ \-./_~)]))"
    + r"(?:\)[ ]?|" + _SEP + r")?[1-9][0-9]{2,3}" + _SEP + r"?[0-9]{4}" + _NO_DIGIT_AFTER
)
# and without a separator (0212345678), of a real number's length (070 and 050x with 8 digits after),
# or with every digit spaced (see _unlabelled)
_SHAPE_OF["landline_bare"] = (_NO_DIGIT_BEFORE + r"(?P<landline_bare_head>0(?:2|3[1-3]|4[1-4]|5[1-5]|6[1-4]"
                              r"|70(?=[0-9]{8}(?![0-9]))|50[2-8]))[1-9][0-9]{6,7}" + _NO_DIGIT_AFTER)
_SHAPE_OF["landline_spaced"] = (_NO_DIGIT_BEFORE + r"(?P<landline_spaced_head>0 (?:2|3 [1-3]|4 [1-4]|5 [1-5]|6 [1-4]"
                                r"|7 0|5 0 [2-8]))(?:" + _GAP + r"[0-9]){7,8}(?![0-9])(?!" + _GAP + r"[0-9])")
# ... and spelled in Hangul, wholly or in part (공오사-이구일-사칠구팔), after a phone word too: 공이 and
# 공사 are words
_SHAPE_OF["landline_hangul"] = (
    r"(?<![" + _ANY_DIGIT + r"])(?P<landline_hangul_head>[0공영](?:[2이]|[3삼][1-3일이삼]|[4사][1-4일이삼사]"
    r"|[5오][1-5일이삼사오]|[6육][1-4일이삼사]|[7칠][0공영]|[5오][0공영][2-8이삼사오육칠팔]))(?:" + _HANGUL_GAP + r"?["
    + _ANY_DIGIT + r"]){7,8}(?![" + _ANY_DIGIT + r"])"
)
_PHONE = {shape: re.compile(_SHAPE_OF[shape]) for shape in
          ("mobile", "mobile_spaced", "mobile_hangul", "landline", "landline_bare", "landline_spaced",
           "landline_hangul")}



def _shapes(names: tuple[str, ...]) -> re.Pattern[str]:
    """Every shape of ``names`` at one place, in one match: each in a lookahead of its own that may
    fail, so the match always holds and tells which shapes hold there (a group that took part) and
    where each ends. One call into the regex engine per place, whatever the number of kinds."""
    return re.compile("".join(f"(?:(?=(?P<{name}>{_SHAPE_OF[name]})))?" for name in names))


_SHAPES = _shapes(tuple(_SHAPE_OF))
# a place whose first character is a letter can only start an email or an IPv6 address, and one
# whose first is a Hangul digit only a phone number spelled out: a text dense with such places
# (a@a@a@…) tries the three shapes, not all of them
_LETTER_SHAPES = _shapes(("email", "email_spelled", "ipv6", "ipv6_defanged"))
_HANGUL_SHAPES = _shapes(("mobile_hangul", "landline_hangul"))

# Where a kind can start, one alternative per kind, each what that kind's shape needs there and
# reading a bounded stretch of text: two digits (or +82, "(0") with no digit before them for the
# numbers; an IPv4 address's first dot; an IPv6 address's first colon; the start of a run of
# email local-part characters whose "@" comes within 64 of them. Places where none holds are
# skipped inside the regex engine, and no place is read again from the next: a run of 100k
# characters that could be an email's local part took seconds when its every place was a start.
_START = re.compile(
    r"(?=[0-9A-Za-z+(공영])(?:"  # (one cheap look at a place no kind can start, before every alternative)
    + _NO_DIGIT_BEFORE + r"(?:[0-9]{2}|\+82|\(0|0 (?:1 [016-9]|2|[3-6] [1-5]|7 0|5 0 [2-8])" + _GAP + r"[0-9])"
    r"|(?<![0-9A-Za-z.])[0-9]{1,3}(?:\.|[ ]\.[ ]|\.[ ]|" + _DOT_DEFANGED + r")[0-9]"
    r"|(?<![0-9])(?<![0-9] )(?<![0-9]  )(?<![0-9] - )[0-9]" + _GAP + r"[0-9]" + _GAP + r"[0-9]"
    r"|(?<![0-9A-Za-z.])(?<![0-9A-Za-z:]:)[0-9A-Fa-f]{1,4}(?::|" + _COLON_DEFANGED + r")"
    r"|(?<![" + _LOCAL + r"])[A-Za-z0-9][" + _LOCAL + r"]{0,63}(?:[ ]?@|[ ]?[\(\[{<][ ]?(?:at|AT|At|골뱅이|앳)"
    r"|[ ]?골뱅이|[ ](?:at|AT|앳)[ ])"
    r"|(?<![" + _ANY_DIGIT + r"])[공영][일이삼사오육칠](?:[ \-" + _ANY_DIGIT + r"]|에))"
)


class _Text:
    """The folded text, and whether it holds a word that a kind needs somewhere near its number:
    looked up once per text, the first time a shape needing it is seen, so that a text dense
    with number shapes and without the word pays one scan, not a window search per shape."""

    def __init__(self, folded: str) -> None:
        self.folded = folded
        self._lower: str | None = None
        self._has: dict[int, bool] = {}

    def has(self, words: checks.Words) -> bool:
        known = self._has.get(id(words))
        if known is None:
            if self._lower is None:
                self._lower = self.folded.lower()
            known = self._has[id(words)] = words.pattern.search(self._lower) is not None
        return known


def _accept_email(t: _Text, m: re.Match[str]) -> bool:
    """A top-level domain that exists (``logo@2x.png`` is a file), and not a git remote
    (``git@github.com:org/repo.git``)."""
    found = m["email"]
    if found[found.rindex(".") + 1:].lower() not in top_level_domains():
        return False
    end, text = m.end("email"), t.folded
    return not (found.lower().startswith("git@") or text[end:end + 1] == ":" and text[end + 1:end + 2].isalnum())


def _accept_email_spelled(t: _Text, m: re.Match[str]) -> bool:
    """As an address, and with a bare " at " only after a local part no English word has (a digit,
    "." or "_": "visit us at example.com" is a sentence), before a dot spelled too (``seojunho at
    khu dot ac dot kr``) or after a mail word (``이메일 starsua at arko.or.kr``). 앳, "at" in Hangul,
    is no word of a sentence."""
    found = m["email_spelled"]
    if m["email_spelled_dot"] is None and "@" in found and " @" not in found and "@ " not in found:
        return False  # nothing spelled: the plain address's to take or leave (a git remote)
    end = len(found)
    while end and found[end - 1].isalpha():
        end -= 1
    if found[end:].lower() not in top_level_domains():
        return False
    local = m["email_spelled_local"]
    return (m["email_spelled_bare"] in (None, "앳") or m["email_spelled_dot"] is not None
            or any(c.isdigit() or c in "._" for c in local)
            or checks.MAIL_WORDS.before(t.folded, m.start("email_spelled"), 15))


_DIGIT_GROUPS = re.compile(r"[0-9]+")


def _digits(found: str) -> str:
    return "".join(_DIGIT_GROUPS.findall(found))


def _accept_rrn(t: _Text, m: re.Match[str]) -> bool:
    return _rrn_ok(t, m["rrn_birth"] + m["rrn_rest"], m.start("rrn"))


def _accept_rrn_spaced(t: _Text, m: re.Match[str]) -> bool:
    """13 digits spaced one by one (4 9 1 2 1 0 - 2 2 3 8 1 7 7)."""
    digits = _digits(m["digits_spaced"])
    return len(digits) == 13 and _rrn_ok(t, digits, m.start("digits_spaced"))


def _rrn_ok(t: _Text, digits: str, start: int) -> bool:
    """A real date and sex digit, no label saying it is something else, and the check digit for a
    birth before October 2020: every number issued so carries it (none of the 1,313 resident
    numbers of twelve evaluation sets fails it, and 45 of their 46 date-led look-alikes do). A
    later birth's number has a random last digit, so its date and sex digit are all it can show."""
    if not checks.rrn_date_ok(digits) or checks.NOT_PERSONAL_WORDS.names(t.folded, start):
        return False
    return checks.rrn_new_scheme(digits) or checks.rrn_checksum_ok(digits)


def _accept_card_spaced(t: _Text, m: re.Match[str]) -> bool:
    """15 or 16 digits spaced one by one, with an issuer's first digit and the Luhn digit; 13-19
    after a card word (Diners' 14)."""
    at = m.start("digits_spaced")
    digits = _digits(m["digits_spaced"])
    if not (len(digits) in (15, 16) or 13 <= len(digits) <= 19 and _after_card_word(t, at)):
        return False
    return digits[0] in "234569" and checks.luhn_ok(digits) and not checks.NOT_PERSONAL_WORDS.names(t.folded, at)


def _after_card_word(t: _Text, at: int) -> bool:
    """A card word (카드, card, 결제, 신용, 체크) within 20 characters before ``at``, and no account
    word nearer (결제 계좌 NH농협 3123350542343 is an account): what a number needs to be a card
    where its shape alone says too little."""
    return (t.has(checks.CARD_WORDS) and checks.CARD_WORDS.before(t.folded, at, 20)
            and not checks.ACCOUNT_NOUNS.before(t.folded, at, 12))


_HALVES = re.compile(r"[0-9]{8}[^0-9]{1,3}[0-9]{8}")  # a card written as two halves of 8 (4467 2710-3980 8949 is not)


def _card_ok(t: _Text, m: re.Match[str], shape: str) -> bool:
    """The Luhn digit holds, and no label says the number is something else. An unbroken run (or
    two halves of 8) is a card number only where the text says so."""
    at, found = m.start(shape), m[shape]
    groups = _DIGIT_GROUPS.findall(found)
    digits = "".join(groups)
    if len(groups) == 3 and len(groups[1]) == 6 and digits[0] != "3":
        return False  # 4-6-5 and 4-6-4 are Amex's and Diners' groupings, whose numbers start with 3
    unbroken = len(digits) == len(found) or _HALVES.fullmatch(found) is not None
    if unbroken and not _after_card_word(t, at):
        return False
    return checks.luhn_ok(digits) and not checks.NOT_PERSONAL_WORDS.names(t.folded, at)


def _accept_card(t: _Text, m: re.Match[str]) -> bool:
    return _card_ok(t, m, "card")


def _accept_card_4x4(t: _Text, m: re.Match[str]) -> bool:
    return _card_ok(t, m, "card_4x4")


def _accept_card_grouped(t: _Text, m: re.Match[str]) -> bool:
    """13-19 digits in groups no issuer prints, only right after a card word."""
    at, text = m.start("card_grouped"), t.folded
    digits = _digits(m["card_grouped"])
    return (13 <= len(digits) <= 19 and _after_card_word(t, at) and checks.luhn_ok(digits)
            and not checks.NOT_PERSONAL_WORDS.names(text, at))


def _accept_landline_hangul(t: _Text, m: re.Match[str]) -> bool:
    """A landline spelled in Hangul, wholly or in part, with its groups apart (공사사-오공구-공공팔일),
    or, as one unbroken run, only beside a phone word, just before it or just after it (공이 and 공사
    are words, and a run of digit syllables may be counting)."""
    found = m["landline_hangul"]
    if not _spelled(found) or checks.NOT_PERSONAL_WORDS.names(t.folded, m.start("landline_hangul")):
        return False
    if any(c in " -에" for c in found):
        return True
    start, end = m.span("landline_hangul")
    return t.has(checks.PHONE_WORDS) and checks.PHONE_WORDS.around(t.folded, start, end, 15, 6)


def _unlabelled(shape: str) -> Callable[[_Text, re.Match[str]], bool]:
    """A landline unbroken (0212345678) or spaced digit by digit, taken on its shape unless a label
    says it is something else: in five evaluation sets (9,900 look-alikes: order, tracking, product
    and account numbers among them) no such run was another number."""
    def accept(t: _Text, m: re.Match[str]) -> bool:
        return not checks.NOT_PERSONAL_WORDS.names(t.folded, m.start(shape))
    return accept


def _spelled(found: str) -> bool:
    """A digit in Hangul: a run of Arabic digits alone is the other phone shapes' to take, by their
    own rules."""
    return any(c in HANGUL_DIGITS for c in found)


def _accept_mobile_hangul(t: _Text, m: re.Match[str]) -> bool:
    return _spelled(m["mobile_hangul"])


def _accept_ipv4(t: _Text, m: re.Match[str]) -> bool:
    """A global address (dots spaced or not) with no version word just before or after it
    (``펌웨어를 4.0.18.240 버전으로``), unless a word just before says it is an address (``IP
    151.242.59.228 이고 앱 버전 v0.16``, ``server 61.53.0.4:9200``). A space after each dot only
    after such a word."""
    start, end = m.span("ipv4")
    address = _DOT_DEFANGED_RE.sub(".", m["ipv4"]).replace(" ", "")
    if m["ipv4_spaced"] is not None:  # 196. 96. 147. 115: a list's or a date's dots, unless an address is said
        return checks.IP_WORDS.before(t.folded, start, 40) and checks.ipv4_ok(address, min_digits=7)
    if checks.IP_WORDS.before(t.folded, start, 12):
        return checks.ipv4_ok(address, min_digits=4)
    return checks.ipv4_ok(address) and not checks.VERSION_WORDS.around(t.folded, start, end, 12, 8)


def _accept_ipv6(t: _Text, m: re.Match[str]) -> bool:
    return checks.ipv6_ok(m["ipv6"])


_DOT_DEFANGED_RE = re.compile(_DOT_DEFANGED)
_NO_BRACKETS = str.maketrans("", "", "[]()")


def _accept_ipv6_defanged(t: _Text, m: re.Match[str]) -> bool:
    found = m["ipv6_defanged"]
    return ("[" in found or "(" in found) and checks.ipv6_ok(found.translate(_NO_BRACKETS))


# the digits of a number a phone number could be: a mobile prefix, an area code, 050x or 080
_PHONE_LIKE = re.compile(r"0(?:1[016-9]|" + _AREA + r"|50[019])[0-9]{7,8}$|080[0-9]{7}$")


def _phone_grouped(groups: list[str]) -> bool:
    """Grouped as a phone number is, whatever its prefix (038.586.3998: no such area code, but no
    bank writes an account so): 0 and one or two digits, three or four, four."""
    return (len(groups) == 3 and groups[0][:1] == "0" and len(groups[0]) in (2, 3) and len(groups[1]) in (3, 4)
            and len(groups[2]) == 4) or (len(groups) == 3 and len(groups[2]) == 4
                                         and _PHONE_LIKE.match("".join(groups)) is not None)


def _accept_account(t: _Text, m: re.Match[str]) -> bool:
    found = m["account"]
    start, end = m.span("account")
    text = t.folded
    glued = start - 1 if text[start - 1:start] in ("-", "_") else start
    if text[glued - 1:glued].isascii() and text[glued - 1:glued].isalpha() and not checks.BANK_LETTERS.search(
            text[max(0, glued - 6):glued].lower()):
        return False  # an ID code's letters before it (A9920062923, ORD-2025-914572), not a bank's (NH3717420205058)
    return _account_ok(t, _DIGIT_GROUPS.findall(found), start, end)


def _accept_account_spaced(t: _Text, m: re.Match[str]) -> bool:
    """An account spaced digit by digit (3 3 5 5 4 0 3 9 6 1 6 2 7 (카뱅)): on an account's evidence,
    and not of a resident number's shape (which lacked the evidence to be taken as one)."""
    digits = _digits(m["digits_spaced"])
    if len(digits) == 13 and checks.rrn_date_ok(digits):
        return False
    return _account_ok(t, [digits], *m.span("digits_spaced"))


def _account_ok(t: _Text, groups: list[str], start: int, end: int) -> bool:
    text = t.folded
    digits = "".join(groups)
    if not 10 <= len(digits) <= 16 or checks.looks_like_date(groups) or checks.isbn13_ok(digits):
        return False  # (a date and a time, 2022-10-17 1230, or a book's number is not an account)
    if len(groups) == 1 and _PHONE_LIKE.match(digits) or _phone_grouped(groups):
        return False  # a phone number's shape (07088094672 or 0500-4880-3393 beside 예금주: 윤지호)
    if not (t.has(checks.ACCOUNT_WORDS) and checks.ACCOUNT_WORDS.around(text, start, end, 20, 10)
            or checks.BANK_NAMES.next_to(text, start, end)):
        return False
    if len(groups) == 3 and tuple(map(len, groups)) == (3, 2, 5):
        return False  # the shape of a business registration number (사업자등록번호), public by design
    if tuple(map(len, groups)) == (4, 4, 4, 4):
        return False  # a card's (a gift card's PIN, a card failing Luhn), never a bank's
    return not (checks.NOT_PERSONAL_WORDS.names(text, start) or checks.NOT_ACCOUNT_WORDS.names(text, start))


def _shape_only(t: _Text, m: re.Match[str]) -> bool:
    return True


# In the order tried at a place (the first that holds is taken): (kind, shape, what else it needs)
_FINDERS: tuple[tuple[str, str, Callable[[_Text, re.Match[str]], bool]], ...] = (
    ("email", "email", _accept_email), ("email", "email_spelled", _accept_email_spelled),
    ("rrn", "rrn", _accept_rrn), ("card", "card", _accept_card), ("card", "card_4x4", _accept_card_4x4),
    ("card", "card_grouped", _accept_card_grouped),
    ("rrn", "digits_spaced", _accept_rrn_spaced), ("card", "digits_spaced", _accept_card_spaced),
    ("account", "digits_spaced", _accept_account_spaced),
    ("mobile", "mobile", _shape_only), ("mobile", "mobile_spaced", _shape_only),
    ("mobile", "mobile_hangul", _accept_mobile_hangul),
    ("landline", "landline", _shape_only), ("landline", "landline_bare", _unlabelled("landline_bare")),
    ("landline", "landline_spaced", _unlabelled("landline_spaced")),
    ("landline", "landline_hangul", _accept_landline_hangul),
    ("ip", "ipv4", _accept_ipv4), ("ip", "ipv6", _accept_ipv6), ("ip", "ipv6_defanged", _accept_ipv6_defanged),
    ("account", "account", _accept_account),
)


Finder = tuple[str, str, Callable[[_Text, re.Match[str]], bool], int]


def _finders(shapes: re.Pattern[str]) -> tuple[Finder, ...]:
    """The finders of the shapes in ``shapes``, each with its shape's group number there (read from
    the match's ``regs``, one tuple for all groups, rather than a method call per shape)."""
    return tuple((kind, shape, accept, shapes.groupindex[shape]) for kind, shape, accept in _FINDERS
                 if shape in shapes.groupindex)


_BY_FIRST = {"digit": (_SHAPES, _finders(_SHAPES)), "letter": (_LETTER_SHAPES, _finders(_LETTER_SHAPES)),
             "hangul": (_HANGUL_SHAPES, _finders(_HANGUL_SHAPES))}


def phone_head_end(kind: str, folded: str) -> int:
    """Where the part of a phone number that names no one (+82, the mobile prefix or area code)
    ends in ``folded``, a whole span of ``kind`` as found."""
    for shape in (s for k, s, _ in _FINDERS if k == kind):
        m = _PHONE[shape].match(folded)
        if m is not None:
            return m.end(f"{shape}_head")
    return 0


def find_pii(text: str) -> list[PiiSpan]:
    """The spans of personal data in ``text``, in order, never overlapping. Time linear in the
    text's length: the start scan and every shape read a bounded stretch at each place."""
    t = _Text(fold(text))
    folded = t.folded
    out: list[PiiSpan] = []
    pos = 0
    search = _START.search
    while (start := search(folded, pos)) is not None:
        at = start.start()
        first = folded[at]
        shapes, finders = _BY_FIRST["digit" if "0" <= first <= "9" or first in "+(" else
                                    "letter" if first.isascii() else "hangul"]
        found = shapes.match(folded, at)
        assert found is not None  # every part of a shapes pattern may match nothing
        regs = found.regs
        for kind, _shape, accept, group in finders:
            if regs[group][0] >= 0 and accept(t, found):
                end = regs[group][1]
                out.append(PiiSpan(kind, at, end))
                pos = end
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
