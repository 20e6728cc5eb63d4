"""What a number's digits must satisfy to be taken for personal data, beyond its shape: a resident
number's date and sex digit, a card's Luhn digit, an address's routability, and the words around
a number that say what it is."""

from __future__ import annotations

import datetime
import ipaddress
import re

# Resident registration numbers: the 7th digit gives sex, nationality and century (1-4 Koreans,
# 5-8 foreign residents; 9 and 0, born in the 1800s, are left out). A birth year after this one is
# no birth year; fixed, not today's, so a batch redacts the same on any day it is re-run.
_CENTURY = {"1": 1900, "2": 1900, "3": 2000, "4": 2000, "5": 1900, "6": 1900, "7": 2000, "8": 2000}
LAST_BIRTH_YEAR = 2030
_RRN_WEIGHTS = (2, 3, 4, 5, 6, 7, 8, 9, 2, 3, 4, 5)


def rrn_date_ok(digits: str) -> bool:
    """13 digits: a real calendar date for the century the 7th digit gives."""
    century = _CENTURY.get(digits[6])
    if century is None:
        return False
    year = century + int(digits[:2])
    if year > LAST_BIRTH_YEAR:
        return False
    try:
        datetime.date(year, int(digits[2:4]), int(digits[4:6]))
    except ValueError:
        return False
    return True


def rrn_checksum_ok(digits: str) -> bool:
    """The check digit numbers issued before October 2020 carry (foreign residents' with an offset
    of 2). Later numbers have a random last digit, so this is evidence, never a requirement."""
    total = sum(int(d) * w for d, w in zip(digits[:12], _RRN_WEIGHTS, strict=True))
    offset = 13 if digits[6] in "5678" else 11
    return (offset - total % 11) % 10 == int(digits[12])


def rrn_new_scheme(digits: str) -> bool:
    """Born after September 2020: numbered under the scheme without a check digit, so a valid date
    and sex digit are all the evidence the digits can give."""
    return digits[6] in "3478" and (2000 + int(digits[:2]), int(digits[2:4])) >= (2020, 10)


def luhn_ok(digits: str) -> bool:
    total = 0
    for i, ch in enumerate(reversed(digits)):
        d = ord(ch) - 48
        if i % 2:
            d = d * 2 - 9 if d > 4 else d * 2
        total += d
    return total % 10 == 0


def ipv4_ok(text: str) -> bool:
    """A routable address written as one: section numbers (3.1.2.1) and short versions have fewer
    than 7 digits, and leading zeros or octets over 255 are not addresses."""
    if sum(c.isdigit() for c in text) < 7:
        return False
    try:
        return ipaddress.IPv4Address(text).is_global
    except ValueError:
        return False


def ipv6_ok(text: str) -> bool:
    if text.count(":") < 2 or len(text) < 6:
        return False
    try:
        return ipaddress.IPv6Address(text).is_global
    except ValueError:
        return False


class Words:
    """Words that say what a number is, looked for in any letter case in a few characters beside
    it. The window is lower-cased and searched with a pattern of lower-case words: re's
    case-insensitive search of many alternatives costs ~20 µs per 20-character window, which a
    text dense with numbers would pay at every one of them."""

    def __init__(self, *words: str) -> None:
        self.pattern = re.compile("|".join(re.escape(w.lower()) for w in words))

    def before(self, text: str, start: int, window: int) -> bool:
        return self.pattern.search(text[max(0, start - window):start].lower()) is not None

    def around(self, text: str, start: int, end: int, before: int, after: int) -> bool:
        return self.before(text, start, before) or self.pattern.search(text[end:end + after].lower()) is not None


# Words that say a number is a resident number, a card, a bank account; and words that say it
# is something else (an order, a parcel, a case, a bill, a book), checked in a few characters
# before the number.
RRN_WORDS = Words("주민", "등록번호", "생년월일", "외국인", "RRN")
CARD_WORDS = Words("카드", "card", "결제", "신용", "체크")
ACCOUNT_WORDS = Words("계좌", "입금", "예금주", "송금", "이체", "무통장", "은행", "뱅크", "농협", "신협", "수협",
                      "우체국", "새마을", "KB", "NH", "IBK", "SC제일", "씨티", "신한", "account", "bank")
NOT_PERSONAL_WORDS = Words("주문", "운송장", "송장", "접수번호", "관리번호", "사건", "의안", "ISBN", "ISSN",
                           "바코드", "EAN", "사업자", "법인등록", "고유번호", "order", "tracking", "invoice")
VERSION_WORDS = Words("버전", "version", "ver", "v.", "릴리스", "release", "build", "빌드", "업데이트", "update")


def said_before(words: Words, text: str, start: int, window: int) -> bool:
    return words.before(text, start, window)


def said_around(words: Words, text: str, start: int, end: int, before: int, after: int) -> bool:
    return words.around(text, start, end, before, after)
