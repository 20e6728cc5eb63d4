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
    of 2, or none). Later numbers have a random last digit."""
    total = sum(int(d) * w for d, w in zip(digits[:12], _RRN_WEIGHTS, strict=True))
    if digits[6] in "5678":  # (forms and generators differ on a foreign resident's: either is taken)
        return int(digits[12]) in ((13 - total % 11) % 10, (11 - total % 11) % 10)
    return (11 - total % 11) % 10 == int(digits[12])


def rrn_new_scheme(digits: str) -> bool:
    """Born after September 2020: numbered under the scheme without a check digit, so a valid date
    and sex digit are all the evidence the digits can give."""
    return digits[6] in "3478" and (2000 + int(digits[:2]), int(digits[2:4])) >= (2020, 10)


def isbn13_ok(digits: str) -> bool:
    """A book's number (ISBN-13, EAN's 978 and 979 prefixes) with its check digit."""
    if len(digits) != 13 or digits[:3] not in ("978", "979"):
        return False
    return sum(int(d) * (3 if i % 2 else 1) for i, d in enumerate(digits)) % 10 == 0


def luhn_ok(digits: str) -> bool:
    total = 0
    for i, ch in enumerate(reversed(digits)):
        d = ord(ch) - 48
        if i % 2:
            d = d * 2 - 9 if d > 4 else d * 2
        total += d
    return total % 10 == 0


def ipv4_ok(text: str, min_digits: int = 7) -> bool:
    """A routable unicast address written as one: section numbers (3.1.2.1) and short versions
    have fewer than 7 digits (``min_digits``, fewer where a word says address), and leading zeros
    or octets over 255 are not addresses."""
    if sum(c.isdigit() for c in text) < min_digits:
        return False
    try:
        address = ipaddress.IPv4Address(text)
    except ValueError:
        return False
    return address.is_global and not address.is_multicast


def ipv6_ok(text: str) -> bool:
    """A global unicast address: a multicast group (ff02::fb) names no host, so no one."""
    if text.count(":") < 2 or len(text) < 6:
        return False
    try:
        address = ipaddress.IPv6Address(text)
    except ValueError:
        return False
    return address.is_global and not address.is_multicast


# What may stand between a label and the number it names: the rest of a "...번호" or "...코드"
# label and its particle ("법인등록번호는"), "No.", "-13" (ISBN-13, EAN-13), a colon, "#", brackets
_LABEL_FILLER = re.compile(r"(?:[가-힣]{0,4}(?:번호|코드)[은는이가을를의]?|no\.?|-?1[03]|[\s:：#.\-(\[])*")


def _latin(*words: str) -> str:
    """Latin words as a lower-case regex, each a whole word: "ver" is not in "naver", nor "ip" in "zip"."""
    return r"(?<![a-z])(?:" + "|".join(words) + r")(?![a-z])"


class Words:
    """Words that say what a number is, looked for in any letter case in a few characters beside
    it. The window is lower-cased and searched with a pattern of lower-case words: re's
    case-insensitive search of many alternatives costs ~20 µs per 20-character window, which a
    text dense with numbers would pay at every one of them."""

    def __init__(self, *words: str, patterns: tuple[str, ...] = ()) -> None:
        """``patterns``: words that need a condition on what follows them, as lower-case regexes."""
        self.pattern = re.compile("|".join([re.escape(w.lower()) for w in words] + list(patterns)))

    def before(self, text: str, start: int, window: int) -> bool:
        return self.pattern.search(text[max(0, start - window):start].lower()) is not None

    def around(self, text: str, start: int, end: int, before: int, after: int) -> bool:
        return self.before(text, start, before) or self.pattern.search(text[end:end + after].lower()) is not None

    def names(self, text: str, start: int, window: int = 16) -> bool:
        """One of the words labels the number at ``start``: nothing but a label's filler between
        them ("주문번호: 2023…", "ISBN 978…"). A word that is about something else in the sentence
        ("사건본인 김철수(900101-…)", "주문하신 분 계좌 110-…") does not."""
        piece = text[max(0, start - window):start].lower()
        return any(_LABEL_FILLER.fullmatch(piece, m.end()) for m in self.pattern.finditer(piece))


# Words that say a number is a card, a bank account (also a bank's short name in brackets, "(기업,
# 홍길동)"), a phone number; and labels that say it is something else (an order, a parcel, a case,
# a bill, a book, a product, a student), checked just before the number. (A resident number needs
# no word: its check digit, or its date under the later scheme, is the evidence.)
CARD_WORDS = Words("카드", "card", "결제", "신용", "체크")
# (우체국 is the post office's bank, and its parcel service: 우체국택배 says nothing of an account)
ACCOUNT_WORDS = Words("계좌", "입금", "예금주", "송금", "이체", "무통장", "은행", "뱅크", "농협", "축협", "신협",
                      "수협", "새마을", "SC제일", "씨티", "신한", "카뱅",
                      "케뱅", "(기업", "기업)", "(국민", "국민)", "(우리", "우리)", "(하나", "하나)", "(부산", "부산)",
                      "(대구", "대구)", "(경남", "경남)", "(광주", "광주)", "(전북", "전북)", "(제주", "제주)",
                      patterns=("우체국(?! ?(?:택배|소포|등기))", _latin("kb", "nh", "ibk", "account", "bank")))
# the words that name an account itself: one nearer a number than a card word makes it no card's
# (결제 계좌 3123350542343), where 이체 or 입금 does not (카드 자동이체 5319…)
ACCOUNT_NOUNS = Words("계좌", "예금주", patterns=(_latin("account"),))
PHONE_WORDS = Words("전화", "연락", "문의", "tel", "☎", "☏", "📞", "팩스", "fax", "phone", "call", "번호", "직통",
                    "내선", "휴대", "핸드폰")
NOT_PERSONAL_WORDS = Words("주문", "운송장", "송장", "접수번호", "관리번호", "사건", "의안", "ISBN", "ISSN",
                           "바코드", "EAN", "사업자", "법인등록", "고유번호", "order", "tracking", "invoice",
                           "학번", "상품", "코드", "수험", "회원번호", "사번", "품번", "승인번호", "예약번호",
                           "문서번호", "증권번호", "계약번호", "청구번호", "모델", "등기", "회의 ID", "회의ID",
                           "회의실 번호", patterns=(_latin("meeting id", "zoom", "webinar id"),))
# a receipt's number is no account; a card's may follow 영수증 (결제 영수증: 4111 …), so only accounts;
# nor is a number labelled a resident's (주민번호 157315-2174737: no date, so no resident number either)
# or any registration number (농업경영체 등록번호 7018123100)
NOT_ACCOUNT_WORDS = Words("영수증", "주민", "외국인등록", "생년월일", "등록번호")
VERSION_WORDS = Words("버전", "릴리스", "빌드", "업데이트", "펌웨어",
                      patterns=(_latin("version", "ver", "release", "build", "update", "firmware"), r"(?<![a-z])v\."))
# words that say the number after them is an address (the version words' veto does not apply)
IP_WORDS = Words("아이피", "접속", "서버", patterns=(_latin("ip", "server", "host", "address", "relay", "upstream",
                                                       "client"),))
# words that say an address follows: what lets a bare " at " stand for "@" (이메일 starsua at arko.or.kr)
MAIL_WORDS = Words("메일", "전자우편", "✉", "📧", patterns=(_latin("e-mail", "email", "mail"),))


class BankNames:
    """A bank's name right beside a number, nothing but a colon, a slash, a space or a bracket between them
    (국민 281707-03-097495, KEB하나: 3437…, 7979151929518 [카카오]): names that are also cities or
    companies (광주, 카카오) say "bank" only there."""

    def __init__(self, *names: str) -> None:
        alternatives = "|".join(re.escape(n.lower()) for n in sorted(names, key=len, reverse=True))
        self._before = re.compile(f"(?:{alternatives})[ :/\\[\\]()]{{0,3}}$")
        self._after = re.compile(f"[ /\\[(]{{0,3}}(?:{alternatives})")

    def next_to(self, text: str, start: int, end: int) -> bool:
        return (self._before.search(text[max(0, start - 12):start].lower()) is not None
                or self._after.match(text[end:end + 12].lower()) is not None)


BANK_NAMES = BankNames("국민", "KB", "신한", "우리", "하나", "KEB하나", "농협", "축협", "NH", "기업", "IBK", "카카오",
                       "카뱅", "토스", "케이뱅크", "케뱅", "새마을", "신협", "수협", "우체국", "SC제일", "씨티", "부산",
                       "대구", "iM뱅크", "광주", "경남", "전북", "제주", "KDB")


# a bank's Latin letters glued before its account number (NH3717420205058), and nothing else's
BANK_LETTERS = re.compile(r"(?<![a-z])(?:nh|kb|ibk|sc|kdb|keb|bnk|dgb|im|citi)$")


def looks_like_date(groups: list[str]) -> bool:
    """Digit groups that open with a date (2022-10-17 …): a year, a month and a day."""
    if len(groups) < 3 or len(groups[0]) not in (2, 4) or len(groups[1]) != 2 or len(groups[2]) != 2:
        return False
    return 1 <= int(groups[1]) <= 12 and 1 <= int(groups[2]) <= 31
