#!/usr/bin/env python3
"""Build ``benchmarks/pii/eval.jsonl``: the Korean PII evaluation set of ``make bench-pii`` (issue 26).

Every record is a real Korean sentence from the dev corpus (``shared/corpus/dev/kor_Hang_*``) with one
PII value, two, or a hard negative written into it the ways Korean web text writes them: labels
(연락처:, 주민번호:), particles glued to the value (010-1234-5678로, abc@daum.net으로), Hangul
touching an e-mail address, parentheses and numbered lists, full-width digits, several spacings.

The values are fake and made here, but valid in format: resident registration numbers carry a real
calendar date for the century their 7th digit implies and, before the October 2020 reform, a valid
check digit; card numbers pass Luhn under a plausible issuer prefix; IP addresses are global ones.
The base sentences are chosen without any detector: a sentence is used only when it has no digit,
no ``@`` and nothing URL-like, so the only PII in a record is what was written into it.

Deterministic for a given ``--seed`` and corpus: the output is part of the repository, rebuild it
only when the set itself should change.

    python benchmarks/pii/build_eval.py            # writes benchmarks/pii/eval.jsonl
"""

from __future__ import annotations

import argparse
import calendar
import io
import ipaddress
import json
import os
import random
import re
import sys
from collections import Counter
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path

import zstandard

HERE = Path(__file__).resolve().parent
REPO = HERE.parents[1]
OUT = HERE / "eval.jsonl"

POS_PER_KIND = 80  # single-value records per kind; the list records add more spans on top
LIST_RECORDS = 30  # records with two values of different kinds ("1) … 2) …", "연락처 … / 메일 …")
NEG_PER_FORM = 16


# --- base sentences ---------------------------------------------------------------------------------

# A sentence that already holds digits, an at sign or an address could hold real PII (or something a
# detector rightly flags): it is not a base sentence. \d also covers full-width digits.
UNSAFE = re.compile(r"[\d@＠#]|https?:|www\.|\.(?:com|net|kr|org)\b", re.IGNORECASE)
HANGUL = re.compile(r"[가-힣]")


def read_texts(corpus: Path) -> Iterator[str]:
    for path in sorted(corpus.glob("kor_Hang_*.jsonl.zst")):
        with open(path, "rb") as raw:
            for line in io.TextIOWrapper(zstandard.ZstdDecompressor().stream_reader(raw), encoding="utf-8"):
                if line.strip():
                    yield json.loads(line)["text"]


def base_sentences(corpus: Path, min_len: int = 20, max_len: int = 90) -> list[str]:
    """Medium-length, mostly-Hangul, PII-free sentences, deduplicated, in a stable order."""
    seen: set[str] = set()
    out: list[str] = []
    for text in read_texts(corpus):
        for line in text.splitlines():
            for s in re.split(r"(?<=[.!?…])\s+", line.strip()):
                s = s.strip()
                if not (min_len <= len(s) <= max_len) or s in seen or UNSAFE.search(s):
                    continue
                letters = [c for c in s if not c.isspace()]
                if sum(bool(HANGUL.match(c)) for c in letters) < 0.6 * len(letters):
                    continue
                seen.add(s)
                out.append(s)
    return out


# --- Korean particles -------------------------------------------------------------------------------

# How the last character of a value is read aloud decides the particle: a final consonant (받침) takes
# 으로/이/은/을, none takes 로/가/는/를, and a final ㄹ takes 로 like a vowel. Digits read in Sino-Korean:
# 영 일 이 삼 사 오 육 칠 팔 구.
DIGIT_FINAL = {"0": "c", "1": "l", "2": "", "3": "c", "4": "", "5": "", "6": "c", "7": "l", "8": "l", "9": ""}
# e-mail addresses end in a top-level domain read as a word or spelled out: 닷컴, 닷넷, 케이알, …
TLD_FINAL = {"com": "c", "net": "c", "kr": "l", "org": "", "io": "", "ac": "", "me": ""}
PARTICLES = {"으로": ("으로", "로"), "이": ("이", "가"), "은": ("은", "는"), "을": ("을", "를"),
             "이에요": ("이에요", "예요"), "이고": ("이고", "고"), "과": ("과", "와"), "이나": ("이나", "나")}


def final_sound(value: str) -> str:
    """"c": a final consonant other than ㄹ, "l": final ㄹ, "": none (a vowel)."""
    v = value.rstrip(")]>.")
    tld = re.search(r"[@＠][^@＠]*\.([A-Za-z]+)$", v)
    if tld:
        return TLD_FINAL.get(tld.group(1).lower(), "")
    last = v[-1:] if v else ""
    last = chr(ord(last) - 0xFEE0) if "０" <= last <= "９" else last
    if last in DIGIT_FINAL:
        return DIGIT_FINAL[last]
    # hexadecimal endings of IPv6 addresses, read as English letters: 에이, 비, 씨, 디, 이, 에프
    return "c" if last.lower() == "f" else ""


def particle(value: str, name: str) -> str:
    with_final, without = PARTICLES[name]
    sound = final_sound(value)
    if name == "으로":
        return with_final if sound == "c" else without
    return with_final if sound else without


def render(template: str, value: str) -> tuple[str, int]:
    """The template with {v} replaced by the value and {으로}-style particles chosen for it; returns
    the text and where the value starts."""
    start = template.index("{v}")
    text = template.replace("{v}", value)
    for name in PARTICLES:
        text = text.replace("{" + name + "}", particle(value, name))
    # particles sit after {v}, so the value's position is unchanged by their rendering
    return text, start


# --- value generators ---------------------------------------------------------------------------------

FULLWIDTH = str.maketrans("0123456789-", "０１２３４５６７８９－")


def fullwidth(s: str) -> str:
    return s.translate(FULLWIDTH)


def digits(rng: random.Random, n: int, first: str = "0123456789") -> str:
    """n random digits, the first one from ``first``."""
    if n <= 0:
        return ""
    return rng.choice(first) + "".join(rng.choice("0123456789") for _ in range(n - 1))


@dataclass
class Value:
    kind: str
    text: str
    form: str


def rrn_value(rng: random.Random) -> Value:
    foreign = rng.random() < 0.25
    # numbers issued from October 2020 on: newborns since then (and new registrations) get a random
    # serial after the gender digit, no check digit. Foreign registration numbers keep their own
    # check digit here, the form every one of them issued before the reform has.
    post2020 = not foreign and rng.random() < 0.4
    if post2020:
        year = rng.randint(2020, 2025)
        month = rng.randint(10 if year == 2020 else 1, 12)
        gender = rng.choice("34")
    else:
        gender = rng.choice("5678" if foreign else "1234")
        if gender in "1256":
            year = rng.randint(1935, 1999)
        else:
            year = rng.randint(2000, 2019)
        month = rng.randint(1, 12)
    day = rng.randint(1, calendar.monthrange(year, month)[1])
    head = f"{year % 100:02d}{month:02d}{day:02d}{gender}"
    if post2020:
        tail = digits(rng, 6)
    else:
        serial = f"{rng.randint(0, 95):02d}" + digits(rng, 3)  # region code 00-95, then serial
        body = head + serial
        s = sum(int(d) * w for d, w in zip(body, (2, 3, 4, 5, 6, 7, 8, 9, 2, 3, 4, 5), strict=True))
        check = (13 - s % 11) % 10 if foreign else (11 - s % 11) % 10
        tail = serial + str(check)
    number = head + tail
    style = rng.choices(["hyphen", "plain", "spaced", "fullwidth"], [60, 22, 8, 10])[0]
    text = {"hyphen": f"{number[:6]}-{number[6:]}", "plain": number, "spaced": f"{number[:6]} - {number[6:]}",
            "fullwidth": fullwidth(f"{number[:6]}-{number[6:]}")}[style]
    who = "foreign" if foreign else "korean"
    return Value("rrn", text, f"{who}-{'post2020' if post2020 else 'checksum'}/{style}")


MOBILE_PREFIXES = ["010"] * 14 + ["011", "016", "017", "018", "019"]


def mobile_value(rng: random.Random) -> Value:
    prefix = rng.choice(MOBILE_PREFIXES)
    # 010 numbers have a 4-digit middle; the old 01X ones kept 3 or 4
    mid = digits(rng, 4, "23456789") if prefix == "010" or rng.random() < 0.5 else digits(rng, 3, "23456789")
    last = digits(rng, 4)
    style = rng.choices(["hyphen", "dots", "space", "none", "paren", "+82 space", "+82-", "+82 none", "fullwidth",
                         "spaced-hyphen"], [30, 8, 8, 8, 5, 5, 5, 4, 6, 3])[0]
    national = prefix[1:]
    text = {"hyphen": f"{prefix}-{mid}-{last}", "dots": f"{prefix}.{mid}.{last}", "space": f"{prefix} {mid} {last}",
            "none": f"{prefix}{mid}{last}", "paren": f"({prefix}){mid}-{last}",
            "+82 space": f"+82 {national}-{mid}-{last}", "+82-": f"+82-{national}-{mid}-{last}",
            "+82 none": f"+82{national}{mid}{last}", "fullwidth": fullwidth(f"{prefix}-{mid}-{last}"),
            "spaced-hyphen": f"{prefix} - {mid} - {last}"}[style]
    return Value("mobile", text, f"{prefix}/{style}")


AREA_CODES = ["02", "031", "032", "033", "041", "042", "043", "044", "051", "052", "053", "054", "055",
              "061", "062", "063", "064", "070"]


def landline_value(rng: random.Random, area: str | None = None) -> Value:
    area = area or rng.choice(AREA_CODES)
    mid = digits(rng, 4, "2345678") if area == "070" or rng.random() < 0.5 else digits(rng, 3, "2345678")
    last = digits(rng, 4)
    style = rng.choices(["hyphen", "paren space", "paren close", "dots", "space", "+82 space", "+82-", "fullwidth"],
                        [40, 10, 10, 8, 8, 6, 6, 8])[0]
    national = area[1:]
    text = {"hyphen": f"{area}-{mid}-{last}", "paren space": f"({area}) {mid}-{last}",
            "paren close": f"{area}){mid}-{last}", "dots": f"{area}.{mid}.{last}", "space": f"{area} {mid} {last}",
            "+82 space": f"+82 {national} {mid} {last}", "+82-": f"+82-{national}-{mid}-{last}",
            "fullwidth": fullwidth(f"{area}-{mid}-{last}")}[style]
    return Value("landline", text, f"{area}/{style}")


GIVEN = ["minsu", "jiyoung", "seojun", "hana", "jihoon", "yuna", "dongwook", "soyeon", "hyunwoo", "eunji",
         "taehyun", "sujin", "junho", "mina", "sangmin", "yerin", "kyungho", "dahye", "wonjae", "bora"]
FAMILY = ["kim", "lee", "park", "choi", "jung", "kang", "cho", "yoon", "jang", "lim", "han", "oh", "seo", "shin"]
WORDS = ["sky", "happy", "blue", "moon", "coffee", "star", "dream", "sunny", "haru", "nabi", "info", "help",
         "contact", "office", "admin", "sales", "news"]
PROVIDERS = ["naver.com"] * 6 + ["daum.net"] * 3 + ["hanmail.net"] * 3 + ["gmail.com"] * 4 + [
    "kakao.com", "nate.com", "korea.kr", "snu.ac.kr", "kaist.ac.kr", "yonsei.ac.kr", "seoul.go.kr", "mois.go.kr",
    "samsung.co.kr", "hanbit.co.kr", "dongapub.co.kr", "hotmail.com", "outlook.com", "kbs.co.kr"]


def email_local(rng: random.Random) -> str:
    g, f, w = rng.choice(GIVEN), rng.choice(FAMILY), rng.choice(WORDS)
    n = str(rng.randint(1, 99)) if rng.random() < 0.5 else str(rng.randint(1970, 2005))
    return rng.choice([f"{g}.{f}", f"{f}{g}{n}", f"{g}_{f}", f"{f}-{g}", f"{w}{n}", f"{g}{n}", f"{f}.{g}{n}",
                       f"{w}_{g}", f"{g}+{w}", f"{f}{n}", f"{w}.{w}{n}", f"{g[0]}{f}{n}"])


def email_value(rng: random.Random) -> Value:
    local, domain = email_local(rng), rng.choice(PROVIDERS)
    style = rng.choices(["plain", "fullwidth-at", "capitals"], [86, 8, 6])[0]
    if style == "capitals":
        local = local.capitalize()
    at = "＠" if style == "fullwidth-at" else "@"
    return Value("email", f"{local}{at}{domain}", f"{domain.split('.', 1)[1] if domain.count('.') > 1 else domain}"
                                                 f"/{style}")


# first octets of blocks that Korean carriers and hosts announce, plus big foreign clouds
IPV4_FIRST = [1, 14, 27, 39, 49, 58, 59, 61, 106, 110, 112, 114, 115, 116, 118, 119, 121, 122, 124, 125,
              175, 180, 182, 183, 210, 211, 218, 220, 221, 222, 223, 13, 34, 52, 104, 142, 151, 172, 203]
IPV6_PREFIXES = ["2404:6800", "2001:2d8", "2001:e60", "2406:5600", "2406:da12", "2600:1f18", "2a03:2880",
                 "2400:cb00", "2001:4860", "240e:3b7", "2403:6200", "2001:280"]


def ipv4(rng: random.Random) -> str:
    while True:
        a = rng.choice(IPV4_FIRST)
        addr = f"{a}.{rng.randint(0, 255)}.{rng.randint(0, 255)}.{rng.randint(1, 254)}"
        ip = ipaddress.ip_address(addr)
        if ip.is_global and sum(c.isdigit() for c in addr) >= 7:
            return addr


def ipv6(rng: random.Random) -> str:
    while True:
        groups = rng.choice(IPV6_PREFIXES).split(":")
        groups += [f"{rng.randint(0, 0xffff):x}" for _ in range(8 - len(groups))]
        if rng.random() < 0.6:  # zero run written as ::, the usual way
            i = rng.randint(len(groups) - 5, len(groups) - 2)
            groups[i:i + 2] = ["0", "0"]
        addr = str(ipaddress.ip_address(":".join(groups)))  # compressed canonical form
        if ipaddress.ip_address(addr).is_global:
            return addr


def ip_value(rng: random.Random) -> Value:
    v6 = rng.random() < 0.3
    return Value("ip", ipv6(rng) if v6 else ipv4(rng), "ipv6" if v6 else "ipv4")


CARD_IINS = [("visa", ["4"], 16), ("mastercard", ["51", "52", "53", "54", "55"], 16), ("amex", ["34", "37"], 15),
             ("jcb", ["3528", "3540", "3562", "3589"], 16), ("domestic", ["9410", "9420", "9430", "9490"], 16)]


def luhn_complete(body: str) -> str:
    """The body with the digit appended that makes the whole Luhn-valid."""
    total = 0
    for i, d in enumerate(reversed(body)):
        n = int(d)
        if i % 2 == 0:  # these are the doubled ones once the check digit is appended
            n = n * 2 - 9 if n > 4 else n * 2
        total += n
    return body + str((10 - total % 10) % 10)


def luhn_ok(number: str) -> bool:
    return luhn_complete(number[:-1]) == number


def card_value(rng: random.Random) -> Value:
    brand, iins, length = rng.choices(CARD_IINS, [35, 25, 10, 10, 20])[0]
    iin = rng.choice(iins)
    number = luhn_complete(iin + digits(rng, length - len(iin) - 1))
    if brand == "amex":
        groups = [number[:4], number[4:10], number[10:]]
    else:
        groups = [number[i:i + 4] for i in range(0, 16, 4)]
    style = rng.choices(["hyphen", "space", "plain", "fullwidth"], [55, 25, 12, 8])[0]
    text = {"hyphen": "-".join(groups), "space": " ".join(groups), "plain": number,
            "fullwidth": fullwidth("-".join(groups))}[style]
    return Value("card", text, f"{brand}/{style}")


# (bank as written, group lengths, fixed leading digits of the first group or "")
ACCOUNT_FORMATS = [
    ("신한은행", (3, 3, 6), "110"), ("신한", (3, 3, 6), "140"), ("우리은행", (4, 3, 6), "1002"),
    ("국민은행", (6, 2, 6), ""), ("KB국민은행", (6, 2, 6), ""), ("카카오뱅크", (4, 2, 7), "3333"),
    ("농협", (3, 4, 4, 2), "352"), ("농협은행", (3, 4, 4, 2), "301"), ("기업은행", (3, 6, 2, 3), ""),
    ("하나은행", (3, 6, 5), ""), ("토스뱅크", (4, 4, 4), "1000"), ("우체국", (6, 2, 6), ""),
    ("새마을금고", (4, 4, 4, 1), "9002"), ("SC제일은행", (3, 2, 6), ""), ("부산은행", (3, 4, 4, 2), ""),
]


def account_value(rng: random.Random, style: str | None = None) -> tuple[Value, str]:
    """An account number and the bank it is written with."""
    bank, lengths, lead = rng.choice(ACCOUNT_FORMATS)
    groups = []
    for i, n in enumerate(lengths):
        groups.append(lead + digits(rng, n - len(lead)) if i == 0 and lead else digits(rng, n, "123456789"))
    style = style or rng.choices(["hyphen", "plain", "space", "fullwidth"], [70, 12, 8, 10])[0]
    text = {"hyphen": "-".join(groups), "plain": "".join(groups), "space": " ".join(groups),
            "fullwidth": fullwidth("-".join(groups))}[style]
    return Value("account", text, f"{'-'.join(map(str, lengths))}/{style}"), bank


# --- templates ----------------------------------------------------------------------------------------
# {v} is the value; {으로}, {이}, {은}, {을}, … become the particle its last sound calls for. The second
# element names the form in the record's "form".

RRN_TEMPLATES = [
    ("주민등록번호: {v}", "label-colon"), ("주민번호 {v}{을} 입력하세요.", "label-particle"),
    ("(주민등록번호 {v})", "paren-label"), ("주민번호는 {v}입니다.", "label-copula"),
    ("신청인 홍길동({v})", "paren-name"), ("주민등록번호 {v}{과} 주소를 적어 보냈다.", "label-and"),
    ("1) 성명: 김민수 2) 주민번호: {v}", "list"),
    ("본인 확인용 주민등록번호는 {v}{이고} 재발급은 불가합니다.", "label-mid"),
    ("{v}{이} 제 주민번호예요.", "value-first"), ("주민번호:{v}", "label-colon-tight"),
]
FOREIGN_TEMPLATES = [
    ("외국인등록번호: {v}", "label-colon"), ("외국인등록번호 {v}{으로} 조회했다.", "label-particle"),
    ("(외국인등록번호 {v})", "paren-label"), ("등록번호는 {v}입니다.", "label-copula"),
]
RRN_UNLABELED = [("신청인 박지영 {v}", "name-value"), ("{v} 김철수", "value-name"),
                 ("대상자: 이수진, {v}", "list-comma")]
MOBILE_TEMPLATES = [
    ("연락처: {v}", "label-colon"), ("연락처({v})", "paren-label"), ("문의는 {v}{으로} 주세요.", "particle-ro"),
    ("휴대폰 {v}{으로} 연락 바랍니다.", "label-particle"), ("{v}에게 문자 보내 주세요.", "particle-ege"),
    ("핸드폰번호는 {v}입니다.", "label-copula"), ("H.P {v}", "label-hp"), ("전화 주실 분은 {v}!", "exclaim"),
    ("1) 담당: 김과장 2) 연락처 {v}", "list"), ("☎ {v}", "symbol"), ("{v} (문자 환영)", "value-paren-after"),
    ("카톡 안 되시면 {v}{으로} 전화 주세요.", "mid"), ("폰:{v}", "label-tight"), ("연락처는{v}", "glued-label"),
]
LANDLINE_TEMPLATES = [
    ("전화: {v}", "label-colon"), ("대표전화 {v}", "label"), ("문의 {v}{으로} 연락 주세요.", "particle-ro"),
    ("TEL {v}", "label-tel"), ("☎{v}", "symbol"), ("사무실({v})", "paren-label"),
    ("전화번호는 {v}입니다.", "label-copula"), ("1) 주소: 서울시 중구 2) 전화: {v}", "list"),
    ("Tel. {v} / Fax 없음", "tel-fax"),
    ("{v}{으로} 전화하시면 됩니다.", "value-first"), ("팩스 {v}", "label-fax"),
]
EMAIL_TEMPLATES = [
    ("이메일: {v}", "label-colon"), ("메일{v}", "hangul-before"), ("{v}{으로} 보내 주세요.", "hangul-after"),
    ("문의는 메일({v})로 받습니다.", "paren"), ("{v}에게 연락하세요.", "particle-ege"),
    ("E-mail {v}", "label-en"), ("<{v}>", "angle"), ("자세한 내용은 {v}{을} 참고하세요.", "particle-eul"),
    ("메일 주소는{v}입니다", "glued-both"), ("1) 이름 김민수 2) 메일 {v}", "list"), ("이메일:{v}", "label-tight"),
    ("{v}로연락주세요", "glued-after"), ("담당자 이메일 {v} 참조", "label"),
]
IP_TEMPLATES = [
    ("IP: {v}", "label-colon"), ("접속 IP {v}", "label-access"), ("({v})", "paren"),
    ("IP주소는 {v}입니다.", "label-copula"),
    ("{v}에서 접속했습니다.", "particle-eseo"), ("접속 기록: {v}", "label-log"), ("아이피 {v} 차단", "label-ko"),
    ("ip {v}{으로} 로그인 시도", "particle-ro"), ("작성자 IP({v})", "paren-label"),
]
CARD_TEMPLATES = [
    ("카드번호: {v}", "label-colon"), ("카드번호 {v}{으로} 결제했습니다.", "label-particle"),
    ("신용카드 {v}", "label-credit"),
    ("결제 카드({v})", "paren-label"), ("{v} 카드로 결제", "value-first"), ("1) 카드 {v} 2) 유효기간 다음 달", "list"),
    ("체크카드 번호는 {v}입니다.", "label-copula"), ("카드 번호: {v}", "label-spaced"),
]
CARD_PLAIN_TEMPLATES = [("카드번호: {v}", "label-colon"), ("카드번호 {v}{으로} 결제", "label-particle"),
                        ("신용카드번호 {v}", "label-credit")]
ACCOUNT_TEMPLATES = [
    ("{bank} {v} (예금주 홍길동)", "bank-holder"), ("입금 계좌: {bank} {v}", "label-deposit"),
    ("계좌번호 {v} {bank}", "label-bank-after"), ("{bank} {v}{으로} 송금해 주세요.", "bank-particle"),
    ("무통장 입금 {bank} {v}", "label-mutongjang"), ("{bank} {v}, 예금주 김민수", "bank-comma-holder"),
    ("계좌: {v}({bank})", "label-paren-bank"), ("후원 계좌 {bank} {v}", "label-support"),
    ("1) 은행: {bank} 2) 계좌번호: {v}", "list"), ("{bank}{v}", "bank-glued"),
    ("입금은 {v}{으로} 부탁드립니다.", "label-ipgeum"),
]


# --- negatives ---------------------------------------------------------------------------------------

def neg_generators(rng: random.Random) -> dict[str, Callable[[], str]]:
    """Forms of numbers (and @-strings) that are not PII of our kinds, each as a short Korean snippet."""
    r = rng.randint

    def date() -> tuple[int, int, int]:
        y = rng.randint(1990, 2025)
        m = rng.randint(1, 12)
        return y, m, rng.randint(1, calendar.monthrange(y, m)[1])

    def not_luhn(n: int, first: str = "123456789") -> str:
        while True:
            s = digits(rng, n, first)
            if not luhn_ok(s):
                return s

    def isbn13() -> str:
        body = rng.choice(["97889", "97911"]) + digits(rng, 7)
        check = (10 - sum(int(d) * (1 if i % 2 == 0 else 3) for i, d in enumerate(body)) % 10) % 10
        return body + str(check)

    def isbn_text() -> str:
        s = isbn13()
        if rng.random() < 0.5:
            return f"ISBN {s}"
        return f"ISBN {s[:3]}-{s[3:5]}-{s[5:9]}-{s[9:12]}-{s[12]}"

    def private_ip() -> str:
        return rng.choice([f"192.168.{r(0, 5)}.{r(1, 254)}", f"10.0.{r(0, 9)}.{r(1, 254)}",
                           f"172.16.{r(0, 31)}.{r(1, 254)}", "127.0.0.1", f"192.0.2.{r(1, 254)}",
                           f"198.51.100.{r(1, 254)}", f"203.0.113.{r(1, 254)}"])

    def acct_shape() -> str:
        return account_value(rng, "hyphen")[0].text

    def brn() -> str:
        return f"{digits(rng, 3, '123456789')}-{r(1, 99):02d}-{digits(rng, 5)}"

    def grouped(number: str, sep: str) -> str:
        return sep.join(number[i:i + 4] for i in range(0, len(number), 4))

    def pick(*options: str) -> str:
        return rng.choice(options)

    return {
        "date-hyphen": lambda: pick("{}-{:02d}-{:02d}에 공개되었다.", "작성일 {}-{:02d}-{:02d}",
                                    "({}-{:02d}-{:02d} 기준)").format(*date()),
        "date-dot": lambda: pick("{}.{:02d}.{:02d}. 업데이트", "게시일 {}.{}.{}", "{}. {}. {}. 등록").format(*date()),
        "date-compact": lambda: pick("기준일자 {}{:02d}{:02d}", "파일명은 report_{}{:02d}{:02d}입니다.",
                                     "({}{:02d}{:02d} 발행)").format(*date()),
        "date-korean": lambda: "{}년 {}월 {}일에 열렸다.".format(*date()),
        "time": lambda: pick(f"오후 {r(1, 12)}:{r(0, 59):02d}에 시작",
                             f"{r(0, 23):02d}:{r(0, 59):02d}:{r(0, 59):02d} 기록",
                             f"상영 시간 {r(9, 23)}:{pick('00', '30', '45')}"),
        "price-won": lambda: f"가격은 {r(1, 9)},{r(0, 999):03d},{r(0, 999):03d}원이다.",
        "price-symbol": lambda: pick(f"₩{r(1, 99)},{r(0, 9)}00", f"입장료 ₩{r(5, 30)},000",
                                     f"총액 {r(10, 999)},{r(0, 999):03d}원"),
        "bizphone": lambda: pick("고객센터 {}-{}", "대표번호 {}-{}로 문의", "({}-{})", "상담 {}-{}").format(
            pick("1588", "1577", "1544", "1600", "1644", "1566", "1661", "1899", "1522"), digits(rng, 4)),
        "brn-label": lambda: f"사업자등록번호 {brn()}",
        "brn-bare": lambda: pick("상호: 한빛상사 | {} | 대표 김민수", "(주)다온 {}", "등록 {}").format(brn()),
        "isbn": isbn_text,
        "bill-number": lambda: f"의안번호 {pick('19', '20', '21', '22')}{digits(rng, 5)}",
        "case-number": lambda: pick(f"대법원 {r(2000, 2024)}다{digits(rng, 5, '123456789')} 판결",
                                    f"{r(2000, 2024)}고합{r(10, 999)} 사건",
                                    f"{r(2000, 2024)}도{digits(rng, 4, '123456789')} 판결",
                                    f"{r(2000, 2024)}헌마{r(10, 999)}"),
        "version": lambda: pick(f"v{r(1, 9)}.{r(0, 9)}.{r(0, 9)}.{r(0, 9)}",
                                f"버전 10.0.{r(17000, 22631)}.{r(1, 3000)}",
                                f"Chrome {r(100, 131)}.0.{r(5000, 6999)}.{r(10, 200)}",
                                f"{r(1, 3)}.{r(0, 9)}.{r(0, 9)}.{digits(rng, 5)} 빌드"),
        "order-number": lambda: "주문번호 {}{:02d}{:02d}-{}".format(*date(), digits(rng, 7)),
        "tracking-number": lambda: pick(f"운송장번호 {digits(rng, 4, '56')}-{digits(rng, 4)}-{digits(rng, 4)}",
                                        f"송장 번호 {digits(rng, 12, '56')}"),
        "order16": lambda: pick(f"주문번호 {not_luhn(16)}", f"쿠폰 번호 {grouped(not_luhn(16), '-')}",
                                f"상품권 핀번호 {not_luhn(16)}", f"시리얼 {grouped(not_luhn(16), ' ')}"),
        "coordinates": lambda: pick(f"좌표 {rng.uniform(33.1, 38.5):.4f}, {rng.uniform(124.6, 131.8):.4f}",
                                    f"북위 {rng.uniform(33.1, 38.5):.4f}° 동경 {rng.uniform(124.6, 131.8):.4f}°"),
        "score": lambda: pick(f"{r(0, 9)}-{r(0, 9)} 승", f"{r(80, 120)}-{r(70, 119)}로 이겼다",
                              f"세트 스코어 {r(0, 3)}:{r(0, 3)}"),
        "statistics": lambda: pick(f"인구는 {r(1, 51)},{r(0, 999):03d},{r(0, 999):03d}명",
                                   f"관객 {r(100, 1800)}만 {r(1000, 9999)}명", f"면적 {r(100, 99999)}.{r(1, 99)}㎢"),
        "section-number": lambda: pick(f"{r(1, 9)}.{r(1, 9)}.{r(1, 9)}.{r(1, 9)}절 참조",
                                       f"제{r(1, 12)}장 {r(1, 9)}.{r(1, 9)}.{r(1, 9)}항"),
        "account-shape-no-context": lambda: pick("문서번호 {}", "접수번호: {}", "제품 코드 {}", "({})").format(
            acct_shape()),
        "private-ip": lambda: pick("공유기 주소 {}", "IP: {}", "서버 {}에 접속", "({})").format(private_ip()),
        "doc-ipv6": lambda: pick("예시 주소 2001:db8::{:x}", "IPv6 2001:db8:{:x}::1", "(2001:db8::{:x})").format(
            r(1, 0xffff)),
        "email-no-tld": lambda: pick(f"{rng.choice(WORDS)}@localhost", f"root@{pick('server', 'db01', 'web')}",
                                     f"{rng.choice(GIVEN)}@intranet"),
        "mention": lambda: pick(f"@{rng.choice(GIVEN)}{r(1, 99)} 님 감사합니다",
                                f"@{rng.choice(GIVEN)}_{rng.choice(FAMILY)}",
                                f"트위터 {rng.choice(GIVEN)}@ 계정", f"@{pick('네이버', '카카오', '다음')} 공식"),
    }


# --- records -----------------------------------------------------------------------------------------

@dataclass
class Record:
    id: str
    text: str
    label: str
    form: str
    spans: list[dict] = field(default_factory=list)

    def as_json(self) -> dict:
        return {"id": self.id, "text": self.text, "label": self.label, "spans": self.spans, "form": self.form}


def place(rng: random.Random, sentence: str, snippet: str) -> tuple[str, int]:
    """The sentence with the snippet written after it, before it or between two of its words; returns the
    text and where the snippet starts in it."""
    where = rng.choices(["after", "before", "inside"], [45, 30, 25])[0]
    words = sentence.split(" ")
    if where == "inside" and len(words) >= 4:
        k = rng.randint(1, len(words) - 1)
        head = " ".join(words[:k]) + " "
        return head + snippet + " " + " ".join(words[k:]), len(head)
    if where == "before":
        return snippet + " " + sentence, 0
    return sentence + " " + snippet, len(sentence) + 1


def span(kind: str, text: str, start: int, value: str) -> dict:
    end = start + len(value)
    assert text[start:end] == value, (text, value)
    return {"kind": kind, "start": start, "end": end, "value": value}


def snippet_for(rng: random.Random, v: Value, extra: dict[str, str] | None = None) -> tuple[str, int, str]:
    """A snippet holding the value: (snippet, value offset in it, template form)."""
    if v.kind == "rrn":
        foreign = v.form.startswith("foreign")
        # a bare 13-digit run is mostly written after its label; a hyphenated number is recognisable alone
        labeled = rng.random() < (0.85 if v.form.endswith("/plain") else 0.7)
        pool = (FOREIGN_TEMPLATES if foreign else RRN_TEMPLATES) if labeled else RRN_UNLABELED
    elif v.kind == "card":
        pool = CARD_PLAIN_TEMPLATES if v.form.endswith("/plain") else CARD_TEMPLATES
    else:
        pool = {"mobile": MOBILE_TEMPLATES, "landline": LANDLINE_TEMPLATES, "email": EMAIL_TEMPLATES,
                "ip": IP_TEMPLATES, "account": ACCOUNT_TEMPLATES}[v.kind]
    template, form = rng.choice(pool)
    for k, x in (extra or {}).items():
        template = template.replace("{" + k + "}", x)
    text, start = render(template, v.text)
    return text, start, form


def make_value(rng: random.Random, kind: str) -> tuple[Value, dict[str, str]]:
    if kind == "account":
        v, bank = account_value(rng)
        return v, {"bank": bank}
    gen = {"rrn": rrn_value, "mobile": mobile_value, "landline": landline_value, "email": email_value,
           "ip": ip_value, "card": card_value}[kind]
    return gen(rng), {}


KINDS = ["rrn", "mobile", "landline", "email", "ip", "card", "account"]
# second values of the two-value records: a mix of "1) … 2) …" lists and slash-joined contact lines
PAIR_TEMPLATES = ["1) {a} 2) {b}", "{a} / {b}", "{a}, {b}", "① {a} ② {b}"]
PAIR_LABELS = {"rrn": "주민번호 ", "mobile": "휴대폰 ", "landline": "전화 ", "email": "메일 ", "ip": "IP ",
               "card": "카드번호 ", "account": "{bank} 계좌 "}


def build(sentences: list[str], seed: int) -> list[Record]:
    rng = random.Random(seed)
    pool = iter(sentences)
    records: list[Record] = []

    # every kind gets whole area-code coverage for landlines: cycle through them first
    landline_areas = iter(AREA_CODES * 5)
    for kind in KINDS:
        for i in range(POS_PER_KIND):
            if kind == "landline":
                v, extra = landline_value(rng, next(landline_areas)), {}
            else:
                v, extra = make_value(rng, kind)
            snip, off, tform = snippet_for(rng, v, extra)
            text, at = place(rng, next(pool), snip)
            records.append(Record(f"pos-{kind}-{i:03d}", text, "pos", f"{kind}/{v.form}/{tform}",
                                  [span(kind, text, at + off, v.text)]))

    for i in range(LIST_RECORDS):
        ka, kb = rng.sample(KINDS, 2)
        (va, ea), (vb, eb) = make_value(rng, ka), make_value(rng, kb)
        la = PAIR_LABELS[ka].replace("{bank}", ea.get("bank", ""))
        lb = PAIR_LABELS[kb].replace("{bank}", eb.get("bank", ""))
        tpl = rng.choice(PAIR_TEMPLATES)
        a_text = la + va.text
        b_text = lb + vb.text
        snip = tpl.replace("{a}", a_text, 1)
        a_off = tpl.index("{a}") + len(la)
        b_off = snip.index("{b}") + len(lb)
        snip = snip.replace("{b}", b_text, 1)
        text, at = place(rng, next(pool), snip)
        records.append(Record(f"pos-pair-{i:03d}", text, "pos", f"pair/{ka}+{kb}/{tpl.split(' ')[0]}",
                              [span(ka, text, at + a_off, va.text), span(kb, text, at + b_off, vb.text)]))

    gens = neg_generators(rng)
    for form, gen in gens.items():
        for i in range(NEG_PER_FORM):
            text, _ = place(rng, next(pool), gen())
            records.append(Record(f"neg-{form}-{i:03d}", text, "neg", f"neg/{form}"))
    return records


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description="build benchmarks/pii/eval.jsonl from the dev corpus")
    ap.add_argument("--corpus", type=Path, default=None,
                    help="directory of kor_Hang_*.jsonl.zst "
                         "(default: $COREFPREP_SHARED/corpus/dev or ../shared/corpus/dev)")
    ap.add_argument("--seed", type=int, default=26)
    ap.add_argument("--out", type=Path, default=OUT)
    a = ap.parse_args(argv)
    corpus = a.corpus or Path(os.environ.get("COREFPREP_SHARED", REPO.parent / "shared")) / "corpus" / "dev"
    if not any(corpus.glob("kor_Hang_*.jsonl.zst")):
        print(f"no kor_Hang_*.jsonl.zst in {corpus}", file=sys.stderr)
        return 1
    sentences = base_sentences(corpus)
    random.Random(a.seed).shuffle(sentences)
    records = build(sentences, a.seed)
    a.out.write_text("".join(json.dumps(r.as_json(), ensure_ascii=False) + "\n" for r in records), encoding="utf-8")
    kinds = Counter(s["kind"] for r in records for s in r.spans)
    labels = Counter(r.label for r in records)
    print(f"{a.out}: {len(records)} records ({labels['pos']} pos, {labels['neg']} neg) from {len(sentences)} "
          f"base sentences; spans per kind: {dict(sorted(kinds.items()))}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
