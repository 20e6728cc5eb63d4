"""Build the blind out-of-sample evaluation set "oos9" for the Korean personal-data (PII) detector.

Independence
    Written blind: without reading the detector, its tests, its docs or any earlier evaluation set, and
    without running any detector on the output. Standard library only; one ``random.Random(SEED)`` drives
    every choice, so ``python benchmarks/pii/build_eval_oos9.py [out.jsonl]`` always writes the same file
    (default: ``eval_oos9.jsonl`` next to this script). The script validates every record before writing.

Format (JSON lines, UTF-8)
    ``{"id": "oos9-<genre>-<nnn>", "text", "label": "pos"|"neg", "spans", "decoys", "form", "genre"}``.
    Spans and decoys are ``{"kind", "start", "end", "value"}`` with code-point offsets,
    ``value == text[start:end]``, and never overlap. ``label`` is "pos" iff ``spans`` is non-empty.
    ``form`` joins ``<kind>/<detail>/<style>`` per span with "+" (detail: mobile prefix, landline area /
    070 / 050x code, e-mail domain class, v4 / v6, card brand, rrn gender-century digit, bank key), or is
    ``neg/<most PII-like decoy kind>`` for negatives.

Kinds (spans)
    rrn       resident registration numbers (7th digit 1-4) and foreigner registration numbers (5-8):
              real YYMMDD, 7th digit matching century and sex; births before 2020-10 carry a valid check
              digit (foreigners: the foreigner rule, check + 2 mod 10, even issuing-office pair, 12th digit
              6-9); births from 2020-11 have random trailing digits. Detail gN, gN_foreign, gN_2020plus.
    mobile    010 (~90%), 011/016/017/018/019.
    landline  02 and the provincial area codes 031-064, 070, and 0502-0508 relay ("safe") numbers.
    email     portals, companies, .ac.kr / .go.kr / .or.kr / .co.kr, country TLDs, new gTLDs.
    ip        global unicast IPv4 / IPv6 (``ipaddress``: is_global and not multicast).
    card      Luhn-valid Visa, Mastercard (51-55, 2221-2720), Amex, JCB, UnionPay, Diners numbers.
    account   Korean bank account numbers in the banks' own groupings, written next to a bank name or an
              account word; bank names, 계좌, 예금주 and labels stay outside the span.

Labelling
    Masked values (010-****-1234, 880101-1******, 4512-****-****-7788, ki***@naver.com, 211.234.*.*,
    110-***-***789) are decoys. Obfuscated e-mails are values, spanning local part to end of TLD.
    Spaced-digit, Hangul-digit, letter-O, +82 / 82- phones are values; "(02)" parentheses are in the span.
    15xx/16xx/18xx, 080, 0500/0501, short numbers and non-existent area codes are decoys. A port after an
    IP is its own decoy. In positive records with several slots about 15% of the slots are masked.
    Every digit and every "@" in a text lies inside a span or a decoy; every decoy was regenerated until it
    could not pass as a value of any kind (13-digit runs fail the RRN date / gender rules, 13-19-digit runs
    fail Luhn, no phone-shaped run has a real prefix, no run has a bank grouping and no plain 10-14-digit
    run sits next to a bank word, no address is global, no ``x@y.tld`` has a real TLD).

Decoys
    dates, birth dates, times, prices, quantities, measurements (temperatures, pH, pitch, weights, sizes,
    apertures, magnitudes), versions, model codes, EAN-13, ISBN, order / invoice / tracking / reservation /
    receipt / approval / claim / policy / registered-mail / case / certificate / ticket numbers, student and
    employee ids, business and corporate registration numbers, 15xx/16xx/18xx, 080, 0500/0501, short
    numbers, fake-area phones, non-global IPs, ports, image@2x names, git remotes, scoped npm packages,
    @mentions, coordinates, statistics, scores, hashes, UUIDs, serials, postal codes, rooms, seats, plates,
    song and table numbers, meeting ids, Wi-Fi passwords, URLs, Luhn-invalid gift-card PINs, masked values.

Genres and frames
    14 genres (funeral_home, pawn_shop, taxi_dispatch, locksmith, pottery_class, karaoke_room,
    board_game_cafe, kayak_rental, piano_tuning, translation_agency, astronomy_club, theater_troupe,
    calligraphy_class, aquarium_maintenance), each with 11 value frames and 4 value-free frames written as
    notices, text messages, forms, receipts, listings, chats, server alerts and business cards; values
    sometimes touch Hangul. Per genre: 52 positives, 10 negatives from value frames whose slots hold
    look-alike decoys, 10 negatives from value-free frames (1,008 records).

Writing styles (common with probability 0.8, otherwise a less common / evasive one)
    mobile    common hyphen, plain, space, dot; evasive plus82 (+82-10-..., +82 (0)10 ...), cc82 (82-10-...),
              hangul (공일공-일이삼사-...), mixed_hangul (one group in Hangul), spaced (0 1 0 ...),
              fullwidth (０１０－...), letter_o (O1O-...), slash (010/1234/5678).
    landline  common hyphen, paren ((02)123-4567), space, dot, plain; evasive plus82, hangul, mixed_hangul,
              spaced, fullwidth, slash.
    email     common plain; evasive at_word (x at y dot com / AT DOT), paren_at ((at), (dot), (@)),
              bracket_at ([at], [dot], [@]), hangul_at (골뱅이, 점), spaced_at (x @ y.com), fullwidth_at (＠).
    ip        common dotted v4 / compressed v6; evasive defanged (1[.]2[.]3[.]4), hangul_dot (점),
              spaced_dots (1. 2. 3. 4), fullwidth, exploded v6, upper-case v6.
    card      common hyphen, space, plain; evasive dot, fullwidth, spaced digits, mixed_sep, hangul.
    rrn       common hyphen, plain, space; evasive fullwidth, spaced digits, hangul_dash (ㅡ), dot, hangul.
    account   common hyphen, plain; evasive space_group, dot, fullwidth, hangul, spaced digits.
"""

import ipaddress
import json
import random
import re
import sys
from datetime import date, timedelta
from pathlib import Path

SEED = 20261203
RNG = random.Random(SEED)

# ---------------------------------------------------------------- shared vocabulary
SURNAMES = ["김", "이", "박", "최", "정", "강", "조", "윤", "장", "임", "한", "오", "서", "신", "권", "황", "안", "송"]
GIVEN = [
    "민준",
    "서연",
    "지호",
    "하은",
    "도윤",
    "수아",
    "예준",
    "지민",
    "현우",
    "은서",
    "성호",
    "영숙",
    "미경",
    "동현",
    "혜진",
    "재원",
    "다은",
    "소라",
    "태양",
    "보람",
    "나리",
    "준호",
    "유나",
    "서진",
    "경자",
    "순례",
]
ROMAN_SUR = ["kim", "lee", "park", "choi", "jung", "kang", "cho", "yoon", "jang", "lim", "han", "oh", "seo", "shin"]
ROMAN_GIVEN = [
    "minjun",
    "seoyeon",
    "jiho",
    "haeun",
    "doyun",
    "sua",
    "yejun",
    "jimin",
    "hyunwoo",
    "eunseo",
    "sungho",
    "mikyung",
    "donghyun",
    "hyejin",
    "jaewon",
    "daeun",
    "sora",
    "taeyang",
    "boram",
    "nari",
    "junho",
    "yuna",
]
ROMAN_WORDS = ["moon", "star", "blue", "clay", "piano", "sky", "river", "sori", "haru", "dal", "byul", "namu"]

HANGUL_DIGITS = "공일이삼사오육칠팔구"
HANGUL_TO_DIGIT = {ch: str(i) for i, ch in enumerate(HANGUL_DIGITS)}
HANGUL_TO_DIGIT["영"] = "0"
FULLWIDTH_TABLE = {ord(str(i)): chr(0xFF10 + i) for i in range(10)}
FULLWIDTH_TABLE[ord("-")] = "－"
FULLWIDTH_TABLE[ord(".")] = "．"
TO_ASCII_TABLE = {v: chr(k) for k, v in FULLWIDTH_TABLE.items()}
TO_ASCII_TABLE.update({ord(k): v for k, v in HANGUL_TO_DIGIT.items()})
TO_ASCII_TABLE[ord("＠")] = "@"

# ---------------------------------------------------------------- phones
AREA_CODES = ["02", "031", "032", "033", "041", "042", "043", "044", "051", "052", "053", "054", "055", "061", "062"]
AREA_CODES += ["063", "064"]
OLD_MOBILE = ["011", "016", "017", "018", "019"]
FAKE_AREA = ["034", "035", "036", "037", "038", "039", "045", "046", "047", "048", "049", "056", "057", "058", "059"]
FAKE_AREA += ["065", "066", "067", "068", "069"]
REP_PREFIX = ["1588", "1577", "1566", "1544", "1644", "1661", "1670", "1600", "1800", "1899", "1855", "1522"]
SHORT_NUMBERS = ["112", "119", "114", "120", "131", "182", "1330", "1339", "1366", "110", "129", "1388"]

# ---------------------------------------------------------------- e-mail domains by category
EMAIL_DOMAINS = {
    "portal": ["naver.com", "daum.net", "hanmail.net", "kakao.com", "gmail.com", "nate.com", "hotmail.com"],
    "company": ["samsung.com", "lgcns.com", "kakaocorp.com", "navercorp.com", "coupang.com", "cj.net", "sk.com"],
    "ackr": ["snu.ac.kr", "yonsei.ac.kr", "korea.ac.kr", "kaist.ac.kr", "pusan.ac.kr", "knu.ac.kr", "ewha.ac.kr"],
    "gokr": ["korea.go.kr", "seoul.go.kr", "busan.go.kr", "kma.go.kr", "mofa.go.kr", "gyeonggi.go.kr"],
    "orkr": ["kfpa.or.kr", "arko.or.kr", "kocca.or.kr", "kpta.or.kr", "sejongpac.or.kr", "kasa.or.kr"],
    "cokr": ["hanbit.co.kr", "dalbit.co.kr", "sorimusic.co.kr", "byulbit.co.kr", "haenam.co.kr", "mirae.co.kr"],
    "cctld": ["yahoo.co.jp", "gmx.de", "orange.fr", "btinternet.co.uk", "bigpond.com.au", "dodam.kr", "mail.ru"],
    "gtld": ["clay.studio", "moonlight.art", "sori.xyz", "byul.app", "haru.dev", "namu.shop", "dal.seoul"],
}
EMAIL_WEIGHTS = {"portal": 34, "company": 12, "ackr": 10, "gokr": 7, "orkr": 8, "cokr": 11, "cctld": 9, "gtld": 9}
KNOWN_TLDS = {"com", "net", "org", "kr", "jp", "de", "fr", "uk", "au", "ru", "io", "me", "co", "edu", "gov", "xyz"}
KNOWN_TLDS |= {"app", "dev", "shop", "studio", "art", "seoul", "online", "site", "info", "biz", "cn", "vn", "tw"}

# ---------------------------------------------------------------- cards: brand, prefixes, length
CARD_BRANDS = [
    ("visa", ["4"], 16, 34),
    ("master", ["51", "52", "53", "54", "55", "2221", "2345", "2610", "2720"], 16, 28),
    ("amex", ["34", "37"], 15, 10),
    ("jcb", ["3528", "3540", "3566", "3589"], 16, 11),
    ("unionpay", ["62"], 16, 9),
    ("diners", ["36"], 14, 8),
]

# ---------------------------------------------------------------- banks: key, written names, grouping, head
BANKS = [
    ("kb", ["국민은행", "KB국민은행", "국민"], (6, 2, 6), ["", ""]),
    ("shinhan", ["신한은행", "신한"], (3, 3, 6), ["110", "140", "100"]),
    ("woori", ["우리은행", "우리"], (4, 3, 6), ["1002"]),
    ("hana", ["하나은행", "KEB하나", "하나"], (3, 6, 5), [""]),
    ("nh", ["농협", "NH농협은행", "농협은행"], (3, 4, 4, 2), ["302", "352", "356", "301"]),
    ("ibk", ["기업은행", "IBK기업은행"], (3, 6, 2, 3), [""]),
    ("kakao", ["카카오뱅크", "카뱅"], (4, 2, 7), ["3333", "3355", "7979"]),
    ("toss", ["토스뱅크"], (4, 4, 4), ["1000", "1001"]),
    ("kbank", ["케이뱅크"], (3, 3, 6), ["100", "110"]),
    ("post", ["우체국"], (6, 2, 6), [""]),
    ("sc", ["SC제일은행", "제일은행"], (3, 2, 6), [""]),
    ("busan", ["부산은행"], (3, 4, 4, 2), ["101", "112"]),
    ("im", ["iM뱅크", "대구은행"], (3, 2, 6, 1), ["508", "504"]),
    ("mg", ["새마을금고"], (4, 4, 4, 1), ["9002", "9003", "9100"]),
    ("cu", ["신협"], (3, 3, 6), ["131", "132"]),
]
BANK_GROUPINGS = {b[2] for b in BANKS}
BANK_WORDS = [n for b in BANKS for n in b[1]] + ["은행", "계좌", "입금", "예금주", "송금", "이체", "뱅크"]


# ---------------------------------------------------------------- small helpers
def rand_digits(n: int) -> str:
    return "".join(str(RNG.randrange(10)) for _ in range(n))


def nz_digits(n: int) -> str:
    """n digits whose first digit is 2-9 (exchange numbers never start with 0 or 1)."""
    return str(RNG.randint(2, 9)) + rand_digits(n - 1)


def weighted(pairs):
    items = [p[0] for p in pairs]
    weights = [p[1] for p in pairs]
    return RNG.choices(items, weights=weights)[0]


def pick_style(common, evasive) -> str:
    """A common style with probability 0.8, otherwise a less common / evasive one."""
    if RNG.random() < 0.8:
        return weighted(common)
    return RNG.choice(evasive)


def to_hangul(s: str) -> str:
    return "".join(HANGUL_DIGITS[int(ch)] if ch.isdigit() else ch for ch in s)


def to_fullwidth(s: str) -> str:
    return s.translate(FULLWIDTH_TABLE)


def luhn_ok(num: str) -> bool:
    total = 0
    for i, ch in enumerate(reversed(num)):
        d = int(ch)
        if i % 2 == 1:
            d = d * 2 - 9 if d > 4 else d * 2
        total += d
    return total % 10 == 0


def luhn_digit(body: str) -> str:
    for d in "0123456789":
        if luhn_ok(body + d):
            return d
    raise AssertionError(body)


def split_groups(s: str, grouping) -> list[str]:
    out, i = [], 0
    for n in grouping:
        out.append(s[i : i + n])
        i += n
    return out


def korean_name() -> str:
    return RNG.choice(SURNAMES) + RNG.choice(GIVEN)


# ---------------------------------------------------------------- phones
MOBILE_COMMON = [("hyphen", 60), ("plain", 14), ("space", 14), ("dot", 12)]
MOBILE_EVASIVE = ["plus82", "cc82", "hangul", "mixed_hangul", "spaced", "fullwidth", "letter_o", "slash"]
LANDLINE_COMMON = [("hyphen", 55), ("paren", 20), ("space", 10), ("dot", 8), ("plain", 7)]
LANDLINE_EVASIVE = ["plus82", "hangul", "mixed_hangul", "spaced", "fullwidth", "slash"]
HANGUL_STYLES = {"hangul", "mixed_hangul"}


def mobile_groups() -> tuple[list[str], str]:
    if RNG.random() < 0.9:
        return ["010", nz_digits(4), rand_digits(4)], "010"
    head = RNG.choice(OLD_MOBILE)
    return [head, nz_digits(RNG.choice([3, 4])), rand_digits(4)], head


def landline_groups() -> tuple[list[str], str]:
    r = RNG.random()
    if r < 0.64:
        area = "02" if RNG.random() < 0.35 else RNG.choice(AREA_CODES[1:])
        return [area, nz_digits(RNG.choice([3, 4])), rand_digits(4)], area
    if r < 0.84:
        return ["070", nz_digits(4), rand_digits(4)], "070"
    head = "050" + str(RNG.randint(2, 8))
    return [head, str(RNG.randint(1, 9)) + rand_digits(3), rand_digits(4)], head


def fmt_phone(g: list[str], style: str) -> str:
    a, b, c = g
    rest = a[1:]
    if style == "hyphen":
        return f"{a}-{b}-{c}"
    if style == "plain":
        return a + b + c
    if style == "space":
        return f"{a} {b} {c}"
    if style == "dot":
        return f"{a}.{b}.{c}"
    if style == "paren":
        return RNG.choice([f"({a}){b}-{c}", f"({a}) {b}-{c}", f"({a}) {b} {c}"])
    if style == "plus82":
        return RNG.choice([f"+82-{rest}-{b}-{c}", f"+82 {rest}-{b}-{c}", f"+82{rest}{b}{c}", f"+82 (0){rest} {b} {c}"])
    if style == "cc82":
        return RNG.choice([f"82-{rest}-{b}-{c}", f"82 {rest} {b} {c}"])
    if style == "hangul":
        return RNG.choice(["-", " ", ""]).join(to_hangul(x) for x in g)
    if style == "mixed_hangul":
        k = RNG.randrange(3)
        return "-".join(to_hangul(x) if i == k else x for i, x in enumerate(g))
    if style == "spaced":
        return " ".join(a + b + c) if RNG.random() < 0.6 else " ".join(f"{a}-{b}-{c}")
    if style == "fullwidth":
        return to_fullwidth(f"{a}-{b}-{c}")
    if style == "letter_o":
        return f"{a}-{b}-{c}".replace("0", RNG.choice(["O", "o"]))
    if style == "slash":
        return f"{a}/{b}/{c}"
    raise ValueError(style)


# ---------------------------------------------------------------- e-mail
EMAIL_EVASIVE = ["at_word", "paren_at", "bracket_at", "hangul_at", "spaced_at", "fullwidth_at"]


def email_local() -> str:
    g, s = RNG.choice(ROMAN_GIVEN), RNG.choice(ROMAN_SUR)
    w = RNG.choice(ROMAN_WORDS)
    forms = [f"{g}.{s}", f"{s}{g}{RNG.randint(70, 99)}", f"{g}_{s}", f"{s[0]}{g}{RNG.randint(1, 999)}", f"{w}{g}"]
    forms.append(f"{g}{w}{RNG.randint(0, 99):02d}")
    return RNG.choice(forms)


def fmt_email(local: str, domain: str, style: str) -> str:
    if style == "plain":
        return f"{local}@{domain}"
    if style == "at_word":
        at, dot = RNG.choice([(" at ", " dot "), (" AT ", " DOT ")])
        return local + at + (domain.replace(".", dot) if RNG.random() < 0.6 else domain)
    if style == "paren_at":
        return RNG.choice([f"{local}(at){domain}", f"{local}(at){domain.replace('.', '(dot)')}", f"{local}(@){domain}"])
    if style == "bracket_at":
        return RNG.choice([f"{local}[at]{domain}", f"{local}[at]{domain.replace('.', '[dot]')}", f"{local}[@]{domain}"])
    if style == "hangul_at":
        spaced = f"{local} 골뱅이 {domain.replace('.', ' 점 ')}"
        return RNG.choice([f"{local}골뱅이{domain}", spaced, f"{local}(골뱅이){domain}"])
    if style == "spaced_at":
        return RNG.choice([f"{local} @ {domain}", f"{local} @{domain}", f"{local}@ {domain}"])
    if style == "fullwidth_at":
        return f"{local}＠{domain}"
    raise ValueError(style)


# ---------------------------------------------------------------- IP addresses
V4_FIRST = [211, 210, 222, 175, 121, 59, 61, 118, 112, 220, 1, 14, 27, 39, 58, 106, 110, 115, 119, 125, 180, 182]
V4_FIRST += [183, 203, 218, 221, 223, 8, 34, 52, 104, 151, 13, 43]
V6_PREFIX = ["2001:2d8", "2001:e60", "2001:4860", "2404:6800", "2406:5900", "2001:470", "2400:cb00", "2600:1f18"]
V6_PREFIX += ["2a00:1450", "2406:da12", "2001:dc8", "2403:6200"]
IP4_EVASIVE = ["defanged", "hangul_dot", "spaced_dots", "fullwidth"]
IP6_EVASIVE = ["exploded", "upper"]


def gen_ipv4() -> str:
    while True:
        a = RNG.choice(V4_FIRST) if RNG.random() < 0.8 else RNG.randint(1, 223)
        ip = ipaddress.IPv4Address(f"{a}.{RNG.randint(0, 255)}.{RNG.randint(0, 255)}.{RNG.randint(1, 254)}")
        if ip.is_global and not ip.is_multicast:
            return str(ip)


def gen_ipv6() -> str:
    while True:
        head = [int(x, 16) for x in RNG.choice(V6_PREFIX).split(":")]
        zeros = RNG.randint(0, 4)
        tail = [RNG.randrange(0x10000) if RNG.random() < 0.7 else RNG.randrange(0x100) for _ in range(6 - zeros)]
        cut = RNG.randint(0, len(tail))
        groups = head + tail[:cut] + [0] * zeros + tail[cut:]
        ip = ipaddress.IPv6Address(":".join(f"{x:x}" for x in groups))
        if ip.is_global and not ip.is_multicast:
            return str(ip)


def fmt_ip(ip: str, style: str) -> str:
    if style in ("dotted", "compressed"):
        return ip
    if style == "defanged":
        return ip.replace(".", "[.]")
    if style == "hangul_dot":
        return ip.replace(".", "점")
    if style == "spaced_dots":
        return ip.replace(".", ". ")
    if style == "fullwidth":
        return to_fullwidth(ip)
    if style == "exploded":
        return ipaddress.IPv6Address(ip).exploded
    if style == "upper":
        return ip.upper()
    raise ValueError(style)


# ---------------------------------------------------------------- cards
CARD_COMMON = [("hyphen", 55), ("space", 25), ("plain", 20)]
CARD_EVASIVE = ["dot", "fullwidth", "spaced", "mixed_sep", "hangul"]
CARD_GROUPING = {16: (4, 4, 4, 4), 15: (4, 6, 5), 14: (4, 6, 4)}


def gen_card() -> tuple[str, str]:
    brand, prefixes, length, _w = RNG.choices(CARD_BRANDS, weights=[b[3] for b in CARD_BRANDS])[0]
    body = RNG.choice(prefixes)
    body += rand_digits(length - len(body) - 1)
    return body + luhn_digit(body), brand


def fmt_card(num: str, style: str) -> str:
    g = split_groups(num, CARD_GROUPING[len(num)])
    if style == "hyphen":
        return "-".join(g)
    if style == "space":
        return " ".join(g)
    if style == "plain":
        return num
    if style == "dot":
        return ".".join(g)
    if style == "fullwidth":
        return to_fullwidth("-".join(g))
    if style == "spaced":
        return " ".join(num)
    if style == "mixed_sep":
        while True:
            seps = [RNG.choice(["-", " ", ""]) for _ in g[1:]]
            if len(set(seps)) > 1:
                return g[0] + "".join(s + x for s, x in zip(seps, g[1:], strict=True))
    if style == "hangul":
        return "-".join(to_hangul(x) for x in g)
    raise ValueError(style)


# ---------------------------------------------------------------- resident / foreigner registration numbers
RRN_WEIGHTS = (2, 3, 4, 5, 6, 7, 8, 9, 2, 3, 4, 5)
RRN_COMMON = [("hyphen", 70), ("plain", 18), ("space", 12)]
RRN_EVASIVE = ["fullwidth", "spaced", "hangul_dash", "dot", "hangul"]
REFORM_CUTOFF = date(2020, 10, 1)


def rrn_sum(d12: str) -> int:
    return sum(int(a) * w for a, w in zip(d12, RRN_WEIGHTS, strict=True))


def native_check(d12: str) -> str:
    return str((11 - rrn_sum(d12) % 11) % 10)


def foreign_check(d12: str) -> str:
    return str(((11 - rrn_sum(d12) % 11) % 10 + 2) % 10)


def rand_date(lo: date, hi: date) -> date:
    return lo + timedelta(days=RNG.randrange((hi - lo).days + 1))


def gen_rrn(opt: str) -> tuple[str, str]:
    if opt == "old":
        cat = "native"
        born = rand_date(date(1926, 1, 1), date(1965, 12, 31))
    else:
        pool = [("native", 62), ("native2k", 20), ("new", 7), ("foreign", 6), ("foreign2k", 5)]
        cat = weighted(pool[3:] if opt == "foreign" else pool)
        ranges = {
            "native": (date(1935, 1, 1), date(1999, 12, 31)),
            "native2k": (date(2000, 1, 1), date(2020, 9, 30)),
            "new": (date(2020, 11, 1), date(2025, 8, 31)),
            "foreign": (date(1950, 1, 1), date(1999, 12, 31)),
            "foreign2k": (date(2000, 1, 1), date(2019, 12, 31)),
        }
        born = rand_date(*ranges[cat])
    sex = RNG.randint(0, 1)
    foreign = cat.startswith("foreign")
    g = (5 if foreign else 1) + (2 if born.year >= 2000 else 0) + sex
    front = born.strftime("%y%m%d")
    if born >= REFORM_CUTOFF:
        return front + str(g) + rand_digits(6), f"g{g}_2020plus"
    if foreign:
        body = front + str(g) + f"{RNG.randrange(5, 50) * 2:02d}" + rand_digits(2) + RNG.choice("6789")
        return body + foreign_check(body), f"g{g}_foreign"
    body = front + str(g) + f"{RNG.randint(0, 95):02d}" + rand_digits(3)
    return body + native_check(body), f"g{g}"


def fmt_rrn(num: str, style: str) -> str:
    a, b = num[:6], num[6:]
    if style == "hyphen":
        return f"{a}-{b}"
    if style == "plain":
        return num
    if style == "space":
        return f"{a} {b}"
    if style == "fullwidth":
        return to_fullwidth(f"{a}-{b}")
    if style == "spaced":
        return " ".join(num) if RNG.random() < 0.5 else " ".join(a) + " - " + " ".join(b)
    if style == "hangul_dash":
        return f"{a}ㅡ{b}"
    if style == "dot":
        return f"{a}.{b}"
    if style == "hangul":
        return f"{to_hangul(a)}-{to_hangul(b)}"
    raise ValueError(style)


# ---------------------------------------------------------------- bank accounts
ACCOUNT_COMMON = [("hyphen", 70), ("plain", 30)]
ACCOUNT_EVASIVE = ["space_group", "dot", "fullwidth", "hangul", "spaced"]


def gen_account() -> tuple[list[str], str, str]:
    key, names, grouping, heads = RNG.choice(BANKS)
    head = RNG.choice(heads) or str(RNG.randint(1, 9))
    num = head + rand_digits(sum(grouping) - len(head))
    return split_groups(num, grouping), key, RNG.choice(names)


def fmt_account(g: list[str], style: str) -> str:
    if style == "hyphen":
        return "-".join(g)
    if style == "plain":
        return "".join(g)
    if style == "space_group":
        return " ".join(g)
    if style == "dot":
        return ".".join(g)
    if style == "fullwidth":
        return to_fullwidth("-".join(g))
    if style == "hangul":
        return "-".join(to_hangul(x) for x in g)
    if style == "spaced":
        return " ".join("".join(g))
    raise ValueError(style)


def bank_frame(bank: str, touching_ok: bool) -> tuple[str, str]:
    """Literal text put before / after an account number: the bank name (and sometimes the holder)."""
    r = RNG.random()
    if r < 0.55:
        pre, post = bank + " ", ""
    elif r < 0.68 and touching_ok:
        pre, post = bank, ""
    elif r < 0.85:
        pre, post = "", f" ({bank})"
    else:
        pre, post = f"{bank} 계좌 ", ""
    if RNG.random() < 0.3:
        post += RNG.choice([" 예금주 ", " (예금주: ", " "]) + korean_name()
        if post.count("(") > post.count(")"):
            post += ")"
    return pre, post


# ---------------------------------------------------------------- one value
def make_value(kind: str, opt: str = "") -> dict:
    """A value of `kind`: dict(kind, text, detail, style, pre, post)."""
    pre = post = ""
    if kind == "mobile":
        g, detail = mobile_groups()
        style = pick_style(MOBILE_COMMON, MOBILE_EVASIVE)
        text = fmt_phone(g, style)
    elif kind == "landline":
        g, detail = landline_groups()
        style = pick_style(LANDLINE_COMMON, LANDLINE_EVASIVE)
        text = fmt_phone(g, style)
    elif kind == "email":
        detail = weighted(list(EMAIL_WEIGHTS.items()))
        style = pick_style([("plain", 1)], EMAIL_EVASIVE)
        text = fmt_email(email_local(), RNG.choice(EMAIL_DOMAINS[detail]), style)
    elif kind == "ip":
        v6 = opt == "6" or (opt != "4" and RNG.random() < 0.3)
        detail = "v6" if v6 else "v4"
        style = pick_style([("compressed" if v6 else "dotted", 1)], IP6_EVASIVE if v6 else IP4_EVASIVE)
        text = fmt_ip(gen_ipv6() if v6 else gen_ipv4(), style)
    elif kind == "card":
        num, detail = gen_card()
        style = pick_style(CARD_COMMON, CARD_EVASIVE)
        text = fmt_card(num, style)
    elif kind == "rrn":
        num, detail = gen_rrn(opt)
        style = pick_style(RRN_COMMON, RRN_EVASIVE)
        text = fmt_rrn(num, style)
    elif kind == "account":
        g, detail, bank = gen_account()
        style = pick_style(ACCOUNT_COMMON, ACCOUNT_EVASIVE)
        text = fmt_account(g, style)
        pre, post = bank_frame(bank, style != "hangul")
    else:
        raise ValueError(kind)
    return {"kind": kind, "text": text, "detail": detail, "style": style, "pre": pre, "post": post}


# ---------------------------------------------------------------- decoys: look-alikes that are not values
LETTERS = "ABCDEFGHJKLMNPRSTUVWXYZ"
HEX = "0123456789abcdef"


def rand_letters(n: int) -> str:
    return "".join(RNG.choice(LETTERS) for _ in range(n))


def rand_hex(n: int) -> str:
    return "".join(RNG.choice(HEX) for _ in range(n))


def some_day() -> date:
    return rand_date(date(2025, 1, 1), date(2027, 6, 30))


def d_date(v: str) -> str:
    d = some_day()
    if v == "md":
        return f"{d.month}월 {d.day}일"
    if v == "year":
        return f"{d.year}년"
    if v == "birth":
        b = rand_date(date(1940, 1, 1), date(2012, 12, 31))
        return RNG.choice([b.strftime("%Y.%m.%d"), b.strftime("%Y-%m-%d"), b.strftime("%y%m%d"), f"{b.year}년생"])
    forms = [d.strftime("%Y-%m-%d"), d.strftime("%Y.%m.%d"), d.strftime("%y.%m.%d"), f"{d.month}/{d.day}"]
    forms += [f"{d.year}년 {d.month}월 {d.day}일", f"{d.month}월 {d.day}일", d.strftime("%Y. %m. %d.")]
    return RNG.choice(forms)


def d_time(v: str) -> str:
    h, m = RNG.randint(7, 22), RNG.choice([0, 10, 20, 30, 40, 50])
    half = f"오후 {h - 12}시" if h > 12 else ("낮 12시" if h == 12 else f"오전 {h}시")
    forms = [f"{h:02d}:{m:02d}", f"{h}시 {m}분" if m else f"{h}시", half]
    forms.append(f"{h}:{m:02d}~{h + 2}:{m:02d}" if h < 21 else f"{h}:{m:02d}")
    return RNG.choice(forms)


def d_datetime(v: str) -> str:
    d = some_day()
    h, m = RNG.randint(7, 21), RNG.choice([0, 15, 30, 45])
    return RNG.choice([f"{d:%Y-%m-%d} {h:02d}:{m:02d}", f"{d.month}/{d.day} {h}:{m:02d}", f"{d:%m.%d} {h:02d}:{m:02d}"])


def d_price(v: str) -> str:
    n = RNG.choice([5, 8, 10, 12, 15, 20, 25, 30, 35, 45, 50, 60, 80, 120, 150, 200, 350]) * 1000
    n += RNG.choice([0, 0, 0, 500]) if n < 50000 else 0
    if v == "big":
        n = RNG.randint(3, 900) * 10000
    forms = [f"{n:,}원", f"₩{n:,}", f"{n // 10000}만 원" if n % 10000 == 0 else f"{n:,}원", f"{n:,}"]
    return RNG.choice(forms)


QTY_RANGE = {"세": (5, 92), "분": (10, 180), "시간": (1, 12), "명": (1, 40), "층": (1, 25), "기": (1, 40)}
QTY_RANGE |= {"인승": (15, 45), "개월": (2, 24), "km": (2, 60), "주": (4, 16), "페이지": (3, 120), "부": (1, 10)}
QTY_RANGE |= {
    "건": (2, 60),
    "평": (10, 80),
    "잔": (1, 2),
    "종": (50, 800),
    "초": (10, 300),
    "곡": (1, 4),
    "dB": (40, 85),
}
QTY_RANGE |= {"ms": (30, 3000), "마리": (1, 30), "ppm": (5, 80), "L": (300, 3000), "cm": (30, 160), "호": (1, 12)}
QTY_RANGE |= {"자": (4, 260), "mm": (400, 2000), "배": (20, 300), "도": (10, 80), "강": (4, 40), "매": (10, 100)}
QTY_RANGE |= {
    "병": (1, 5),
    "구": (4, 40),
    "동": (101, 120),
    "번": (1, 12),
    "인": (1, 8),
    "일": (1, 30),
    "ml": (150, 500),
}


def d_quantity(v: str) -> str:
    unit = v or RNG.choice(["명", "개", "시간", "분", "회", "장", "권", "대", "박", "일", "개월", "번", "kg", "매"])
    lo, hi = QTY_RANGE.get(unit, (1, 30))
    return f"{RNG.randint(lo, hi)}{unit}"


def d_version(v: str) -> str:
    a, b, c = RNG.randint(1, 14), RNG.randint(0, 24), RNG.randint(0, 40)
    return RNG.choice([f"v{a}.{b}.{c}", f"{a}.{b}", f"{a}.{b}.{c}", f"ver.{a}.{b}"])


def d_model_code(v: str) -> str:
    forms = [f"{rand_letters(2)}-{rand_letters(1)}{RNG.randint(100, 999)}", f"{rand_letters(3)}{RNG.randint(10, 9999)}"]
    forms += [f"{rand_letters(1)}{RNG.randint(1, 9)}", f"{rand_letters(2)}-{RNG.randint(10, 990)}{rand_letters(1)}"]
    return RNG.choice(forms)


def ean13(body12: str) -> str:
    s = sum(int(c) * (3 if i % 2 else 1) for i, c in enumerate(body12))
    return body12 + str((10 - s % 10) % 10)


def d_ean(v: str) -> str:
    return ean13("880" + rand_digits(9))


def d_isbn(v: str) -> str:
    code = ean13("97889" + rand_digits(7))
    return RNG.choice([code, f"{code[:3]}-{code[3:5]}-{code[5:9]}-{code[9:12]}-{code[12]}"])


def ymd() -> str:
    return some_day().strftime("%Y%m%d")


def d_order_no(v: str) -> str:
    forms = [
        f"ORD-{ymd()}-{rand_digits(4)}",
        f"{ymd()}-{rand_digits(7)}",
        f"{rand_letters(1)}{ymd()[2:]}{rand_digits(4)}",
    ]
    forms.append(f"{ymd()}{rand_digits(6)}")
    return RNG.choice(forms)


def d_tracking_no(v: str) -> str:
    return RNG.choice(
        [str(RNG.randint(5, 6)) + rand_digits(11), f"{RNG.randint(300, 699)}-{rand_digits(4)}-{rand_digits(5)}"]
    )


def d_reservation_no(v: str) -> str:
    forms = [f"{rand_letters(2)}{rand_digits(6)}", f"R{ymd()[2:]}-{rand_digits(2)}"]
    forms.append(rand_letters(1) + rand_digits(1) + rand_letters(1) + rand_digits(1) + rand_letters(2))
    return RNG.choice(forms)


def d_registered_mail_no(v: str) -> str:
    return RNG.choice(["1", "6"]) + rand_digits(12)


def d_case_no(v: str) -> str:
    kind = RNG.choice(["가단", "가합", "나", "고단", "고정", "타경", "머", "가소"])
    return f"{RNG.randint(2019, 2026)}{kind}{RNG.randint(100, 99999)}"


def d_business_reg_no(v: str) -> str:
    d = str(RNG.randint(101, 899)) + f"{RNG.randint(1, 88):02d}" + rand_digits(4)
    w = (1, 3, 7, 1, 3, 7, 1, 3, 5)
    s = sum(int(a) * b for a, b in zip(d, w, strict=True)) + (int(d[8]) * 5) // 10
    num = d + str((10 - s % 10) % 10)
    return RNG.choice([f"{num[:3]}-{num[3:5]}-{num[5:]}", num])


def d_corporate_reg_no(v: str) -> str:
    office = RNG.choice(["1101", "1301", "1311", "1201", "1801", "1701", "1601", "2001", "1345", "1358", "2841"])
    body = office + RNG.choice(["11", "12", "14", "21", "71"]) + "0" + rand_digits(5)
    s = sum(int(c) * (1 if i % 2 == 0 else 2) for i, c in enumerate(body))
    return f"{body[:6]}-{body[6:]}{(10 - s % 10) % 10}"


def d_phone_like(prefixes, mid_len) -> str:
    a = RNG.choice(prefixes)
    b, c = nz_digits(mid_len), rand_digits(4)
    return RNG.choice([f"{a}-{b}-{c}", f"({a}) {b}-{c}", f"{a}.{b}.{c}"])


def d_rep_number(v: str) -> str:
    a, b = RNG.choice(REP_PREFIX), rand_digits(4)
    return RNG.choice([f"{a}-{b}", f"{a}-{b}", f"{a} {b}", f"{a}{b}"])


def d_private_ip(v: str) -> str:
    while True:
        r = RNG.random()
        if r < 0.75:
            nets = [f"192.168.{RNG.randint(0, 10)}", f"10.{RNG.randint(0, 255)}.{RNG.randint(0, 255)}", "127.0.0"]
            nets += [
                f"172.{RNG.randint(16, 31)}.{RNG.randint(0, 255)}",
                f"100.{RNG.randint(64, 127)}.{RNG.randint(0, 255)}",
            ]
            nets += ["192.0.2", "198.51.100", "203.0.113", f"169.254.{RNG.randint(1, 254)}"]
            ip = f"{RNG.choice(nets)}.{RNG.randint(1, 254)}"
        else:
            ip = RNG.choice(
                ["fe80::", "fd12:3456:789a::", "2001:db8::", f"fd{rand_hex(2)}:{rand_hex(4)}::"]
            ) + rand_hex(3)
        addr = ipaddress.ip_address(ip)
        if not addr.is_global:
            return ip


def d_hash(v: str) -> str:
    return rand_hex(RNG.choice([7, 40, 64]))


def d_uuid(v: str) -> str:
    h = rand_hex(32)
    return f"{h[:8]}-{h[8:12]}-4{h[13:16]}-{RNG.choice('89ab')}{h[17:20]}-{h[20:]}"


def d_coordinates(v: str) -> str:
    lat, lon = RNG.uniform(33.1, 38.5), RNG.uniform(124.6, 130.9)
    return RNG.choice([f"{lat:.4f}, {lon:.4f}", f"N{lat:.3f} E{lon:.3f}", f"{lat:.5f},{lon:.5f}"])


def d_gift_pin(v: str) -> str:
    while True:
        num = rand_digits(16)
        if not luhn_ok(num):
            g = split_groups(num, (4, 4, 4, 4))
            return RNG.choice(["-".join(g), " ".join(g), num])


def d_meeting_id(v: str) -> str:
    a = str(RNG.randint(810, 989))
    return RNG.choice([f"{a} {rand_digits(4)} {rand_digits(4)}", f"{a} {rand_digits(3)} {rand_digits(4)}"])


PLATE_SYLLABLES = "가나다라마거너더러머버서어저고노도로모보소오조구누두루무부수우주"


def d_plate(v: str) -> str:
    if v == "taxi":
        region = RNG.choice(["서울", "경기", "부산", "인천", "대구"])
        return f"{region}{RNG.randint(10, 99)}{RNG.choice('바사아자')} {rand_digits(4)}"
    return f"{RNG.randint(10, 399)}{RNG.choice(PLATE_SYLLABLES)} {rand_digits(4)}"


MEASURES = {
    "temp": lambda: RNG.choice([f"{RNG.uniform(18, 29):.1f}℃", f"{RNG.randint(18, 29)}도"]),
    "kiln": lambda: f"{RNG.randint(11, 13) * 100 + RNG.choice([0, 30, 50]):,}도",
    "ph": lambda: f"pH {RNG.uniform(6.2, 8.4):.1f}",
    "freq": lambda: RNG.choice([f"{RNG.randint(440, 443)}Hz", f"A4={RNG.randint(440, 443)}Hz"]),
    "weight": lambda: RNG.choice(
        [f"{RNG.uniform(1, 40):.2f}g", f"{RNG.randint(1, 10)}돈", f"{RNG.uniform(1, 30):.1f}kg"]
    ),
    "size": lambda: f"{RNG.choice([45, 60, 90, 120, 150])}x{RNG.choice([30, 45, 60])}x{RNG.choice([36, 45, 60])}cm",
    "aperture": lambda: f"{RNG.choice([70, 80, 102, 127, 150, 203, 254, 305])}mm",
    "magnitude": lambda: f"{RNG.uniform(-1.5, 7.5):.1f}등급",
    "speed": lambda: f"{RNG.uniform(1, 12):.1f}m/s",
    "length": lambda: f"{RNG.uniform(2.5, 5.5):.1f}m",
    "volume": lambda: f"{RNG.choice([60, 90, 120, 180, 240, 300, 450])}L",
    "hardness": lambda: f"{RNG.randint(3, 12)}dGH",
    "humidity": lambda: f"{RNG.randint(35, 70)}%",
}


def d_measure(v: str) -> str:
    return MEASURES[v or RNG.choice(list(MEASURES))]()


MASKS = ["*", "*", "*", "X", "x", "●", "○"]


def d_masked_mobile(v: str) -> str:
    g, _ = mobile_groups()
    mk = RNG.choice(MASKS)
    forms = [f"{g[0]}-{mk * len(g[1])}-{g[2]}", f"{g[0]}-{g[1]}-{mk * 4}", f"{g[0]}{mk * len(g[1])}{g[2]}"]
    forms.append(f"{g[0]}-{g[1][:2]}{mk * (len(g[1]) - 2)}-{g[2][:2]}{mk * 2}")
    return RNG.choice(forms)


def d_masked_landline(v: str) -> str:
    g, _ = landline_groups()
    mk = RNG.choice(MASKS)
    return RNG.choice(
        [f"{g[0]}-{mk * len(g[1])}-{g[2]}", f"{g[0]}-{g[1]}-{mk * 4}", f"({g[0]}) {mk * len(g[1])}-{g[2]}"]
    )


def d_masked_rrn(v: str) -> str:
    num, _ = gen_rrn(v)
    a, b = num[:6], num[6:]
    mk = RNG.choice(MASKS)
    return RNG.choice(
        [f"{a}-{b[0]}{mk * 6}", f"{a}-{mk * 7}", f"{a[:2]}{mk * 4}-{b[0]}{mk * 6}", f"{a}-{b[0]}{mk * 6}"]
    )


def mask_keep(digits: str, keep_head: int, keep_tail: int, mk: str) -> str:
    n = len(digits)
    return "".join(c if i < keep_head or i >= n - keep_tail else mk for i, c in enumerate(digits))


def d_masked_card(v: str) -> str:
    num, _ = gen_card()
    mk = RNG.choice(MASKS)
    masked = mask_keep(num, RNG.choice([0, 4, 6, 6]), 4, mk)
    return RNG.choice(["-", " ", "-"]).join(split_groups(masked, CARD_GROUPING[len(num)]))


def d_masked_email(v: str) -> str:
    local = email_local()
    domain = RNG.choice(EMAIL_DOMAINS[weighted(list(EMAIL_WEIGHTS.items()))])
    mk = RNG.choice(["*", "*", "x"])
    keep = RNG.choice([1, 2, 3])
    return local[:keep] + mk * max(3, len(local) - keep) + "@" + domain


def d_masked_ip(v: str) -> str:
    a, b, c, d = gen_ipv4().split(".")
    mk = RNG.choice(["*", "***", "xxx", "x"])
    return RNG.choice([f"{a}.{b}.{mk}.{mk}", f"{a}.{b}.{c}.{mk}", f"{a}.{mk}.{mk}.{d}"])


def d_masked_account(v: str):
    g, _key, bank = gen_account()
    mk = RNG.choice(MASKS)
    digits = "".join(g)
    masked = mask_keep(digits, RNG.choice([0, 3, 4]), RNG.choice([3, 4]), mk)
    pre, post = bank_frame(bank, True)
    return pre, "-".join(split_groups(masked, [len(x) for x in g])), post


SITES = ["booking.naver.com", "place.map.kakao.com", "smartstore.naver.com", "forms.gle", "bit.ly", "open.kakao.com"]
IMAGES = ["logo", "banner", "btn_call", "hero", "thumb", "icon_map", "main_visual", "kv_top"]
NPM = [
    "@toss/utils",
    "@kakao/maps-sdk",
    "@types/node",
    "@tanstack/react-query",
    "@fullcalendar/core",
    "@sentry/browser",
]

DECOY_GEN = {
    "date": d_date,
    "time": d_time,
    "datetime": d_datetime,
    "price": d_price,
    "quantity": d_quantity,
    "version": d_version,
    "model_code": d_model_code,
    "ean": d_ean,
    "isbn": d_isbn,
    "order_no": d_order_no,
    "invoice_no": lambda v: RNG.choice([f"INV-{ymd()[:4]}-{rand_digits(4)}", f"{ymd()[:6]}-{rand_digits(3)}"]),
    "tracking_no": d_tracking_no,
    "reservation_no": d_reservation_no,
    "receipt_no": lambda v: RNG.choice([f"{rand_digits(4)}-{rand_digits(4)}", f"No.{rand_digits(5)}"]),
    "approval_no": lambda v: rand_digits(8),
    "claim_no": lambda v: RNG.choice([f"CL{ymd()[:4]}{rand_digits(6)}", f"{ymd()[:4]}-{rand_digits(7)}"]),
    "policy_no": lambda v: RNG.choice([f"L{rand_digits(11)}", f"{rand_digits(3)}-{rand_digits(7)}-{rand_digits(2)}"]),
    "registered_mail_no": d_registered_mail_no,
    "case_no": d_case_no,
    "student_id": lambda v: RNG.choice(
        [f"{RNG.randint(2015, 2026)}{rand_digits(4)}", f"{RNG.randint(15, 26)}{rand_digits(5)}"]
    ),
    "employee_id": lambda v: RNG.choice(
        [f"{rand_letters(2)}-{rand_digits(4)}", f"{RNG.randint(2005, 2026)}{rand_digits(3)}"]
    ),
    "business_reg_no": d_business_reg_no,
    "corporate_reg_no": d_corporate_reg_no,
    "rep_number": d_rep_number,
    "toll_free": lambda v: d_phone_like(["080"], RNG.choice([3, 4])),
    "relay_0500": lambda v: f"{RNG.choice(['0500', '0501'])}-{rand_digits(4)}-{rand_digits(4)}",
    "short_number": lambda v: RNG.choice(SHORT_NUMBERS),
    "fake_area_phone": lambda v: d_phone_like(FAKE_AREA, RNG.choice([3, 4])),
    "private_ip": d_private_ip,
    "port": lambda v: str(RNG.choice([8080, 3389, 22, 443, 8443, 5000, 3000, 25565, 9000, 1935, 554, 8000, 5432])),
    "retina_image": lambda v: f"{RNG.choice(IMAGES)}@{RNG.choice([2, 3])}x.{RNG.choice(['png', 'jpg', 'webp'])}",
    "git_remote": lambda v: (
        f"git@{RNG.choice(['github.com', 'gitlab.com'])}:{RNG.choice(ROMAN_WORDS)}-lab/"
        + RNG.choice(["booking-web", "site", "reservation", "admin", "homepage"])
        + ".git"
    ),
    "npm_scope": lambda v: (
        RNG.choice(NPM) + RNG.choice(["", "", f"@{RNG.randint(1, 9)}.{RNG.randint(0, 20)}.{RNG.randint(0, 9)}"])
    ),
    "mention": lambda v: f"@{RNG.choice(ROMAN_WORDS)}_{RNG.choice(ROMAN_GIVEN)}",
    "coordinates": d_coordinates,
    "statistic": lambda v: f"{RNG.uniform(1, 99):.1f}%",
    "score": lambda v: RNG.choice(
        [f"{RNG.uniform(3.5, 5):.1f}/5", f"{RNG.randint(60, 100)}점", f"★{RNG.uniform(3.5, 5):.1f}"]
    ),
    "hash": d_hash,
    "uuid": d_uuid,
    "serial": lambda v: RNG.choice(
        [f"SN {rand_letters(2)}{rand_digits(8)}", f"S/N {rand_digits(7)}", f"No. {rand_digits(6)}"]
    ),
    "postal_code": lambda v: f"{RNG.randint(1000, 63643):05d}",
    "room_no": lambda v: RNG.choice([f"{RNG.randint(1, 9)}{RNG.randint(1, 20):02d}호", f"{RNG.randint(1, 12)}호실"]),
    "meeting_id": d_meeting_id,
    "otp": lambda v: rand_digits(6),
    "gift_pin": d_gift_pin,
    "plate": d_plate,
    "seat": lambda v: RNG.choice([f"{RNG.choice('ABCDEFGH')}열 {RNG.randint(1, 30)}번", f"R석 {RNG.randint(1, 20)}열"]),
    "measure": d_measure,
    "song_no": lambda v: str(RNG.randint(10000, 99999)),
    "table_no": lambda v: f"{RNG.randint(1, 20)}번",
    "ticket_no": lambda v: f"T{ymd()[2:6]}-{rand_digits(4)}",
    "cert_no": lambda v: f"제{RNG.randint(2023, 2026)}-{rand_digits(5)}호",
    "giro_no": lambda v: rand_digits(7),
    "password": lambda v: f"{RNG.choice(ROMAN_WORDS)}{RNG.randint(2020, 2027)}{RNG.choice('!#$')}",
    "door_code": lambda v: RNG.choice([rand_digits(4), rand_digits(6), f"*{rand_digits(4)}#"]),
    "url": lambda v: f"https://{RNG.choice(SITES)}/{RNG.choice(['r', 'p', 'event', 's'])}/{RNG.randint(100, 99999)}",
    "masked_mobile": d_masked_mobile,
    "masked_landline": d_masked_landline,
    "masked_rrn": d_masked_rrn,
    "masked_card": d_masked_card,
    "masked_email": d_masked_email,
    "masked_ip": d_masked_ip,
    "masked_account": d_masked_account,
}
MASKED = {k: f"masked_{k}" for k in ("mobile", "landline", "rrn", "card", "email", "ip", "account")}
LOOKALIKE = {
    "rrn": [("masked_rrn", 6), ("corporate_reg_no", 3), ("date.birth", 1)],
    "mobile": [("masked_mobile", 5), ("fake_area_phone", 2), ("rep_number", 2), ("short_number", 1)],
    "landline": [
        ("masked_landline", 4),
        ("rep_number", 2),
        ("toll_free", 2),
        ("relay_0500", 1),
        ("fake_area_phone", 2),
    ],
    "email": [("masked_email", 5), ("mention", 2), ("retina_image", 1), ("git_remote", 1), ("npm_scope", 1)],
    "ip": [("private_ip", 6), ("masked_ip", 3)],
    "card": [("masked_card", 6), ("gift_pin", 4)],
    "account": [("masked_account", 1)],
}
PII_RANK = ["masked_rrn", "corporate_reg_no", "masked_card", "gift_pin", "masked_account", "masked_mobile"]
PII_RANK += ["fake_area_phone", "masked_landline", "rep_number", "toll_free", "relay_0500", "masked_email", "masked_ip"]
PII_RANK += [
    "private_ip",
    "git_remote",
    "retina_image",
    "mention",
    "npm_scope",
    "business_reg_no",
    "registered_mail_no",
]
PII_RANK += ["short_number", "giro_no", "tracking_no", "ean", "isbn", "meeting_id", "approval_no", "order_no", "otp"]
PII_RANK += ["policy_no", "claim_no", "case_no", "student_id", "employee_id", "serial", "door_code", "date"]


# ---------------------------------------------------------------- independent checks used by validate()
FW_TO_ASCII = {ord(chr(0xFF10 + i)): str(i) for i in range(10)}
FW_TO_ASCII.update({ord("－"): "-", ord("．"): ".", ord("＠"): "@"})
MOBILE_RE = re.compile(r"010[2-9]\d{7}|01[16789][2-9]\d{6,7}")
LANDLINE_RE = re.compile(
    r"02[2-9]\d{6,7}|0(?:3[1-3]|4[1-4]|5[1-5]|6[1-4])[2-9]\d{6,7}|070[2-9]\d{7}|050[2-8][1-9]\d{7}"
)
MOBILE_LOOSE = re.compile(r"01[016789]\d{7,8}")
LANDLINE_LOOSE = re.compile(r"02\d{7,8}|0(?:3[1-3]|4[1-4]|5[1-5]|6[1-4])\d{7,8}|070\d{8}|050[2-8]\d{7,8}")
EMAIL_RE = re.compile(r"[A-Za-z0-9._%+-]+@[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)*\.([A-Za-z]{2,})")
AT_RE = re.compile(r"\s*(?:\(at\)|\[at\]|\(@\)|\[@\]|\(골뱅이\)|골뱅이|\bat\b|\bAT\b|@)\s*")
DOT_RE = re.compile(r"\s*(?:\(dot\)|\[dot\]|\bdot\b|\bDOT\b|\s점\s)\s*")
RUN_RE = re.compile(r"\+?[0-9](?:[0-9\-. ()/]*[0-9])?")
V4_RE = re.compile(r"\d{1,3}(?:\.\d{1,3}){3}")
V6_RE = re.compile(r"[0-9A-Fa-f]{0,4}(?::[0-9A-Fa-f]{0,4}){2,7}")


def fold(s: str) -> str:
    return s.translate(FW_TO_ASCII)


def fold_digits(s: str) -> str:
    """Fold full-width and Hangul digits (only for value checks; Hangul words would be mangled)."""
    return "".join(HANGUL_TO_DIGIT.get(ch, ch) for ch in fold(s))


def phone_digits(s: str) -> str:
    s = fold_digits(s).replace("O", "0").replace("o", "0").replace("(0)", "")
    d = re.sub(r"\D", "", s)
    return "0" + d[2:] if d.startswith("82") else d


def email_norm(s: str) -> str:
    s = fold(s)
    return DOT_RE.sub(".", AT_RE.sub("@", s))


def email_ok(s: str) -> bool:
    m = EMAIL_RE.fullmatch(email_norm(s))
    return bool(m) and m.group(1).lower() in KNOWN_TLDS


def ip_ok(s: str) -> bool:
    s = fold(s).replace("[.]", ".").replace("점", ".").replace(" ", "")
    try:
        ip = ipaddress.ip_address(s)
    except ValueError:
        return False
    return ip.is_global and not ip.is_multicast


def rrn_born(d: str) -> date | None:
    if len(d) != 13 or not d.isdigit() or d[6] not in "12345678":
        return None
    century = 1900 if d[6] in "1256" else 2000
    try:
        return date(century + int(d[:2]), int(d[2:4]), int(d[4:6]))
    except ValueError:
        return None


def rrn_ok(s: str) -> bool:
    d = re.sub(r"\D", "", fold_digits(s))
    born = rrn_born(d)
    if born is None or born > date(2026, 12, 3):
        return False
    if born >= REFORM_CUTOFF:
        return True
    want = foreign_check(d[:12]) if d[6] in "5678" else native_check(d[:12])
    return d[12] == want


def card_brand(d: str) -> str | None:
    n, p2, p4 = len(d), int(d[:2]), int(d[:4])
    if d[0] == "4" and n in (13, 16, 19):
        return "visa"
    if n == 16 and (51 <= p2 <= 55 or 2221 <= p4 <= 2720):
        return "master"
    if n == 15 and p2 in (34, 37):
        return "amex"
    if n == 16 and 3528 <= p4 <= 3589:
        return "jcb"
    if 16 <= n <= 19 and p2 == 62:
        return "unionpay"
    if n == 14 and p2 in (36, 38):
        return "diners"
    return None


def card_ok(s: str) -> bool:
    d = re.sub(r"\D", "", fold_digits(s))
    return 13 <= len(d) <= 19 and luhn_ok(d) and card_brand(d) is not None


def near_bank_word(before: str, after: str) -> bool:
    ctx = before.split("\n")[-1][-14:] + " " + after.split("\n")[0][:14]
    return any(w in ctx for w in BANK_WORDS)


def account_ok(s: str, before: str, after: str) -> bool:
    d = re.sub(r"\D", "", fold_digits(s))
    return 10 <= len(d) <= 14 and near_bank_word(before, after)


def value_ok(kind: str, s: str, before: str, after: str) -> bool:
    if kind == "mobile":
        return bool(MOBILE_RE.fullmatch(phone_digits(s)))
    if kind == "landline":
        return bool(LANDLINE_RE.fullmatch(phone_digits(s)))
    if kind == "email":
        return email_ok(s)
    if kind == "ip":
        return ip_ok(s)
    if kind == "card":
        return card_ok(s)
    if kind == "rrn":
        return rrn_ok(s)
    if kind == "account":
        return account_ok(s, before, after)
    raise ValueError(kind)


def decoy_could_be(s: str, before: str, after: str) -> str | None:
    """The kind a decoy could pass as (conservative), or None."""
    f = fold(s)
    if email_ok(f):
        return "email"
    for cand in [f.strip("[] "), *V4_RE.findall(f), *V6_RE.findall(f)]:
        if ip_ok(cand):
            return "ip"
    for m in RUN_RE.finditer(f):
        run = m.group()
        d = re.sub(r"\D", "", run)
        variants = [d, "0" + d[2:]] if d.startswith("82") else [d]
        for x in variants:
            if MOBILE_LOOSE.fullmatch(x):
                return "mobile"
            if LANDLINE_LOOSE.fullmatch(x):
                return "landline"
        if rrn_born(d) is not None:
            return "rrn"
        if 13 <= len(d) <= 19 and luhn_ok(d):
            return "card"
        groups = tuple(len(x) for x in re.split(r"[-. ]+", run.strip("()+ ")) if x)
        bank_shaped = groups in BANK_GROUPINGS
        near = (bank_shaped or len(groups) == 1) and near_bank_word(before, after)
        if 10 <= len(d) <= 14 and ((bank_shaped and not d.startswith("0")) or near):
            return "account"
    return None


# ---------------------------------------------------------------- frames
# "== genre" opens a genre, "-- value" / "-- free" a frame list, "* " a frame; indented lines continue it.
# {v:kind[.opt]} value slot, {d:key[.variant]} decoy slot, {n} a person's name, {c:a/b} a literal choice,
# ¶ a line break. Literal text carries no digits: every number in a record comes from a slot.
FRAMES_A = """
== funeral_home
-- value
* [부고] 故 {n}님께서 {d:date.md} 별세하셨기에 삼가 알려드립니다.
  ¶빈소: 한빛장례식장 {d:room_no}¶발인: {d:datetime}¶상주 {n} 연락처 {v:mobile}
  ¶마음 전하실 곳: {v:account}
* 사망신고 서류 접수 내용 확인 부탁드립니다. 고인 성명 {n}, 주민등록번호 {v:rrn.old},
  신고인 {n} ({v:mobile}). 접수번호 {d:receipt_no}, 회신 등기번호 {d:registered_mail_no}.
* 한빛장례식장 종합상황실 {v:landline} (연중무휴). 장례 상담은 {v:landline}로,
  서류 문의는 {v:email}로 보내 주세요. 주차 {d:quantity.대} 가능.
* 아버님 가시는 길 함께해 주셔서 감사합니다. 멀리서 마음 전하실 분들은 {v:account} 로
  보내주시면 감사히 받겠습니다. 문의: 장남 {n} {v:mobile}
* 상조 가입 확인서¶가입자: {n} / 생년월일 {d:date.birth}¶주민번호 {v:rrn}
  ¶증권번호 {d:policy_no}¶납입 카드 {v:card} (자동결제)¶고객센터 {d:rep_number}
* 화장장 예약 완료 안내드립니다. 예약번호 {d:reservation_no}, 화장 일시 {d:datetime}.
  고인 주민등록번호{v:rrn.old} 맞는지 확인 부탁드립니다. 담당 {v:landline}
* 발인날 버스 기사님 번호{v:mobile}입니다. 차량 {d:plate} 흰색 {d:quantity.인승},
  출발 {d:time}. 못 찾으시면 장례지도사 {n} 실장 {v:mobile}로 연락 주세요.
* 온라인 부고장 관리자 알림: {d:datetime}에 새 IP {v:ip}에서 방명록 관리 로그인이 있었습니다.
  본인이 아니면 {v:email}로 알려 주세요. 세션 {d:uuid}
* 장례비용 정산서¶빈소 사용료 {d:price} / 접객 {d:price}
  ¶결제 카드 {v:card}, 할부 {d:quantity.개월}, 승인번호 {d:approval_no}¶잔액 입금: {v:account}
* 조문해 주신 모든 분께 감사드립니다. 경황이 없어 일일이 인사드리지 못했습니다.
  연락은{v:mobile}로 주시고, 메일은 {v:email} 입니다. - 상주 {n} 올림
* 재외동포 고인 장례 서류 요청드립니다. 외국인등록번호 {v:rrn.foreign}, 여권 사본 첨부.
  대사관 영사과 {v:landline}, 담당 이메일 {v:email}, 팩스 {v:landline}
-- free
* 장례식장 이용 안내: 빈소 {d:quantity.개}실 운영, 안치실 {d:quantity.구} 규모.
  특실 {d:price.big}, 일반실 {d:price}. 주차는 {d:quantity.시간} 무료입니다.
* 발인 일정 변경 공지¶{d:room_no} 빈소 발인이 {d:datetime}에서 {d:time}으로 조정되었습니다.
  장지: 하늘추모공원 {d:quantity.층} {d:room_no}
* 상조 비교 후기: A사는 {d:price.big}, B사는 {d:price.big}인데 B사가 도우미 {d:quantity.명}이
  더 나와요. 대표번호는 {d:rep_number}, 문자에 찍힌 {d:relay_0500}은 없는 번호래요. 평점 {d:score}.
* 장례지도사 교육 수료 공지: 제{d:quantity.기} 수료생 {d:quantity.명}, 합격률 {d:statistic}.
  수료증은 {d:cert_no} 형식으로 발급됩니다.

== pawn_shop
-- value
* 전당 접수증¶고객명 {n}¶주민등록번호 {v:rrn}¶연락처 {v:mobile}
  ¶물품: 손목시계 {d:serial}¶감정가 {d:price.big} / 대출금 {d:price.big}¶이자율 월 {d:statistic}
* 명품·금 매입 전문 {c:강남/종로/부평/동성로} 전당포입니다. 금 시세 {d:measure.weight}당 {d:price} 적용.
  상담 {v:landline} / {v:mobile} (문자 상담 가능)
* {n}님, 요청하신 대출금 {d:price.big}을 {v:account} 로 송금했습니다.
  만기일 {d:date} 꼭 기억해 주세요.
* 이자 납부 안내¶전당번호 {d:cert_no}¶이번 달 이자 {d:price}¶입금 계좌 {v:account}
  ¶등록 카드 {v:card}로 자동 결제도 가능합니다.
* 유질 처분 예정 통지서¶{n} 귀하 (주민번호 {v:rrn})¶맡기신 물품({d:model_code})의 만기가
  {d:date}로 지났습니다. {d:quantity.일} 내 연락 없으면 처분합니다. 문의 {v:landline}¶등기 {d:registered_mail_no}
* 온라인 감정 신청 #{d:order_no}¶이름: {n}¶이메일: {v:email}¶휴대폰: {v:mobile}
  ¶품목: 노트북 {d:model_code}, 시리얼 {d:serial}, 박스 바코드 {d:ean}
* 사장님 아까 전화드린 사람입니다. 시계 보증서 번호 {d:serial} 맞고요, 제 번호는{v:mobile}이에요.
  카드로 하면 {v:card} 이걸로 결제할게요.
* [보안 안내] 예약 사이트에 {d:datetime} 해외 IP {v:ip}로부터 로그인 시도가 반복되어 차단했습니다.
  관리자 메일 {v:email}
* 금 매입 영수증 {d:receipt_no}¶순금 {d:measure.weight} × {d:price}¶합계 {d:price.big}
  ¶지급: {v:account}¶매도인 연락처 {v:phone}
* 황금전당 대표 {n}¶TEL {v:landline}  FAX {v:landline}¶H.P {v:mobile}¶E-mail {v:email}
  ¶사업자등록번호 {d:business_reg_no}
* 도난품 수배 협조 요청¶사건번호 {d:case_no}¶피해품: 휴대폰 {d:model_code}, 일련번호 {d:serial}
  ¶입고 시 경찰서 강력팀 {v:landline} 또는 담당 형사 {v:mobile}로 연락 바랍니다.
-- free
* 오늘 금 시세: 살 때 {d:price}, 팔 때 {d:price} ({d:measure.weight} 기준). 전일 대비 {d:statistic} 상승.
* 전당포 이용 수칙: 법정 최고 이자율 연 {d:statistic}, 보관 기간 {d:quantity.개월},
  만기 후 {d:quantity.일} 유예. 신분증 지참 필수.
* [후기] 카메라 {d:model_code} 맡기고 {d:price} 받았어요. 사장님 친절하심. 별점 {d:score}
* 영업시간 변경 안내: 평일 {d:time}, 토요일 {d:time}, 일요일 휴무.
  명절 연휴 {d:date.md}~{d:date.md} 휴업합니다.

== taxi_dispatch
-- value
* [배차완료] {d:plate.taxi} 흰색 쏘나타, 기사님 {n} {v:mobile}. 예상 도착 {d:quantity.분}.
  배차번호 {d:reservation_no}
* 개인택시 콜 {c:부르릉콜/나비콜/한밭콜/별빛콜}: 전화 {v:landline}, 교통약자 바우처 예약 {v:landline}.
  분실물 센터는 {d:rep_number}.
* 법인택시 기사 모집¶자격: 택시운전자격 소지자, {d:quantity.세} 이하¶월 평균 {d:price.big}
  ¶지원: 이력서를 {v:email}로 보내시거나 {v:mobile}로 문자 주세요.
* 기사 등록 신청서¶사원번호 {d:employee_id}¶성명 {n}¶주민등록번호 {v:rrn}¶자격증 번호 {d:cert_no}
  ¶정산 계좌 {v:account}¶차량번호 {d:plate.taxi}
* 어제 {d:time}쯤 {d:plate.taxi} 택시에 지갑 두고 내렸어요. 카드 {v:card} 들어 있어서 정지했고요,
  찾으시면 {v:mobile}로 연락 부탁드려요.
* 택시 이용 영수증¶승차 {d:datetime} / 하차 {d:time}¶운행 거리 {d:quantity.km}
  ¶요금 {d:price}¶결제 카드 {v:card}¶승인번호 {d:approval_no}
* 배차 서버 장애 보고: {d:datetime}부터 {d:quantity.분}간 게이트웨이 {v:ip.4}:{d:port} 응답 지연.
  백업 서버 {v:ip}로 전환함. 담당 {v:email}
* 회사 워크숍 택시 {d:quantity.대} 예약 요청드립니다. {d:date} {d:time} 출발,
  담당자 {n} 대리 {v:phone}, 세금계산서는 {v:email}로 발행 부탁드립니다.
* 기사님 저 {d:quantity.동} 앞 정문이에요~ 번호 {v:mobile} 입니다 ㅎㅎ
  도착하시면 전화 주세요
* 택시 불친절 신고 접수 완료¶접수번호 {d:claim_no}¶차량 {d:plate.taxi}
  ¶신고인 연락처 {v:mobile}, 이메일 {v:email}¶처리 기한 {d:date}
* {d:date.md} 카드 정산금 {d:price.big} 입금 예정입니다. 등록 계좌 {v:account} 변경은
  사무실 {v:landline}으로 요청하세요.
-- free
* 심야 할증 안내: {d:time}~{d:time} 기본요금 {d:price}, 할증률 {d:statistic}. 시계외 할증 별도.
* 택시 호출 앱 업데이트 {d:version}: 예약 호출 개선, 배차 성공률 {d:statistic}.
  고객센터 {d:rep_number}, 수신자부담 {d:toll_free}.
* 공항 정액 요금표: 강남 {d:price}, 잠실 {d:price}, 분당 {d:price}.
  통행료 별도, 짐 {d:quantity.개} 초과 시 추가.
* 오늘 {d:time} 기준 대기 차량 {d:quantity.대}, 평균 대기 {d:quantity.분}.
  비 예보로 {d:time}부터 호출이 몰릴 예정입니다.
"""
FRAMES_B = """
== locksmith
-- value
* 연중무휴 열쇠·도어락 긴급출동! {c:마포/관악/수원/일산/해운대} 전 지역 {d:quantity.분} 내 도착.
  출장비 {d:price}. ☎ {v:landline} / {v:mobile}
* 개문 작업 신원 확인서¶거주자 {n}¶주민등록번호 {v:rrn}¶호수 {d:room_no}
  ¶연락처 {v:mobile}¶작업 시각 {d:datetime}
* 도어락 {d:model_code} 설치 견적: 제품 {d:price} + 시공비 {d:price}.
  입금 {v:account} 확인 후 방문합니다.
* 스마트 도어락 허브 알림: 원격 잠금 해제 요청 (IP {v:ip}) {d:datetime}. 등록된 기기가 아닙니다.
  인증번호 {d:otp} 요청 안 하셨으면 {v:email}로 문의
* [열쇠나라] {d:datetime} 출동 서비스 {d:price} 결제 완료. 카드 {v:card} 승인 {d:approval_no}.
  영수증 문의 {v:landline}
* 이사 와서 도어락 비번을 바꾸려는데 초기화가 안 돼요. 모델은 {d:model_code}이고 설명서는
  {d:version}판이에요. 초기 비번 {d:door_code}도 안 먹혀요. 아시는 분 쪽지나 {v:email} 로 알려주세요
* 협력 업체 등록¶상호: 튼튼열쇠¶사업자번호 {d:business_reg_no}¶대표 {n} {v:mobile}
  ¶정산 계좌 {v:account}¶이메일 {v:email}
* 사무실 금고 개방 의뢰드립니다. 금고 {d:model_code}, 무게 {d:measure.weight}.
  담당 {n} 과장 사무실 {v:landline}, 휴대폰 {v:mobile}. 법인카드 {v:card}로 결제 예정입니다.
* 관리사무소 안내: 공동현관 비밀번호가 {d:date}부터 바뀝니다. 분실·고장 시 지정 업체 {v:phone},
  관리실 {v:landline}
* 고객님, 기사 {n} 배정되었습니다. 기사님 직통{v:mobile}, 도착 예정 {d:time}.
  결제는 현장 카드 또는 계좌 {v:account}
* 외국인 세입자 개문 요청: 외국인등록번호 {v:rrn.foreign}, 집주인 확인 연락처 {v:mobile}.
  통역이 필요하면 {v:email}
-- free
* 도어락 배터리 교체 주기는 보통 {d:quantity.개월}입니다. 건전지 {d:quantity.개} 필요,
  경고음이 {d:quantity.회} 울리면 교체하세요.
* 열쇠 복사 가격표: 일반키 {d:price}, 컴퓨터키 {d:price}, 자동차 스마트키 {d:price.big}.
  영업 {d:time}까지.
* 지문인식 도어락 {d:model_code} 후기: 인식률 {d:statistic}이라더니 체감은 {d:quantity.초}...
  별점 {d:score}
* 방범 교육 안내: {d:date.md} {d:time}, 주민센터 {d:quantity.층} 강당, 정원 {d:quantity.명}.
  신청 코드 {d:reservation_no}

== pottery_class
-- value
* [흙과불 공방] {n}님 원데이 물레 클래스 예약 확정!¶일시 {d:datetime}¶인원 {d:quantity.명}
  ¶결제 {d:price} (카드 {v:card})¶문의 {v:mobile}
* 정규반 {d:quantity.주} 과정 수강료 {d:price} 입금 부탁드려요. {v:account}, 입금자명은 수강생
  이름으로 해주세요! 확인 문자는 {v:mobile}에서 갑니다.
* 도자기 공방 '달항아리' 망원동 {d:quantity.층}. 클래스 문의는 DM 또는 {v:email} / 전화 {v:landline}.
  대관도 가능해요. (대표 이미지 {d:retina_image})
* 이번 주 소성 일정: 초벌 {d:date.md} ({d:measure.kiln}), 재벌 {d:date.md} ({d:measure.kiln}).
  작품 수령은 {d:quantity.일} 후. 급한 건 {v:mobile}
* 안녕하세요, {c:한빛/새솔/푸른/은행나무} 초등학교 방과후 담당 {n}입니다. {d:quantity.명} 대상
  도예 체험 가능할까요? 학교 {v:landline}, 메일 {v:email}로 견적 부탁드립니다.
* 어린이 도예 캠프 신청서¶아동 {n} (주민번호 {v:rrn})¶보호자 연락처 {v:mobile}
  ¶알레르기: 없음¶상해보험 가입에만 사용됩니다.
* 온라인 스토어 주문 {d:order_no}¶청자 찻잔 세트 {d:quantity.개} {d:price}¶받는 분 {n} {v:mobile}
  ¶결제 카드 {v:card}¶운송장 {d:tracking_no}
* 점토 {d:quantity.kg} 납품 건 세금계산서 발행 요청드립니다. 사업자 {d:business_reg_no},
  담당 이메일 {v:email}, 대금은 {v:account}로 이체 완료했습니다.
* 예약 시스템 관리자 알림: 새 기기 로그인 {d:datetime}, IP {v:ip}, 플러그인 {d:npm_scope}.
  본인이 아니면 비밀번호를 바꾸세요.
* 선생님 저 오늘 {d:time} 수업인데 조금 늦을 것 같아요ㅠ 연락 안 되면 제 번호{v:mobile}로 주세요!
  남편 번호는 {v:mobile}이에요
* 도예가 {n} 개인전 '흙의 시간' {d:date}~{d:date}, 갤러리 문의 {v:landline}.
  작품 구매 문의 {v:email}. 인스타 {d:mention}
-- free
* 유약 배합표: 장석 {d:statistic}, 규석 {d:statistic}, 석회석 {d:statistic}.
  소성 온도 {d:measure.kiln}, 환원 {d:quantity.시간}.
* 물레반 {d:quantity.기} 모집: 주 {d:quantity.회}, {d:quantity.주} 과정, 재료비 {d:price} 포함.
  정원 {d:quantity.명}.
* 수강 후기 {d:score} 처음 만든 머그컵이 {d:quantity.ml}나 들어가요! 선생님 친절하세요
  #도예 #원데이클래스
* 공방 휴무 안내: {d:date.md}~{d:date.md} 가마 정비로 쉽니다. 완성품 수령은 {d:date.md} {d:time}
  이후 가능합니다.

== karaoke_room
-- value
* [별빛노래연습장] {d:date.md} {d:time} {d:room_no} 예약 완료. 인원 {d:quantity.명},
  {d:quantity.시간}. 변경은 {v:landline}
* 코인노래방 야간 알바 구함! 시급 {d:price}, {d:time}~{d:time}. 연락 {v:mobile} (문자 먼저),
  이력서는 {v:email}
* {d:room_no}에서 지갑 습득했습니다. 신분증 주민번호 {v:rrn} 확인됨.
  본인 확인 후 돌려드립니다. 카운터 {v:landline}
* 어제 결제가 두 번 됐어요. 카드 {v:card}이고 승인번호 {d:approval_no}, {d:approval_no}입니다.
  환불은 {v:account}로 부탁드려요. 제 번호 {v:mobile}
* 회사 회식 {d:quantity.명} 파티룸 예약 문의합니다. 담당 {n} {v:phone},
  법인카드 {v:card} 사전 결제 가능한가요?
* 반주기 신곡 업데이트 {d:version} 완료, 곡번호 {d:song_no}부터 {d:song_no}까지 추가.
  원격 점검 서버 {v:ip} 접속 허용 바랍니다. 기술지원 {v:landline}
* 손님용 와이파이 비밀번호 {d:password}¶사장님 번호 {v:mobile}¶환불 문의 {v:email}
* 코인노래방 창업 문의 남깁니다. 매장 {d:quantity.평}, 부스 {d:quantity.개} 예정.
  연락처 {v:mobile}, 메일 {v:email}, 희망 지역은 {d:postal_code} 인근입니다.
* 관제 알림: {d:datetime} 녹화기({d:model_code}) 외부 접속 {v:ip}. 관제센터 {v:landline},
  담당 {v:email}
* 야간 출입 연령 확인 기록¶{d:datetime} {d:room_no}¶손님 주민번호 {v:rrn} (만 {d:quantity.세})
  ¶확인 직원 {n} ({d:employee_id})
* {d:date.md} 매출 정산: 현금 {d:price.big}, 카드 {d:price.big}. 사장님 계좌{v:account}로
  이체 완료. 점장 {v:mobile}
-- free
* 요금 안내: {d:quantity.곡} {d:price}, {d:quantity.분} {d:price}. 주말은 {d:statistic} 할증.
* 인기곡 순위: {d:song_no}, {d:song_no}, {d:song_no}. 이번 주 신곡 {d:quantity.곡} 추가!
* 방음 공사 안내: {d:date.md}~{d:date.md} {d:room_no}~{d:room_no} 이용 불가.
  소음은 {d:quantity.dB} 이하로 유지합니다.
* 마이크 위생 커버 {d:quantity.개} 비치, 소독 주기 {d:quantity.시간}.
  화재 시 {d:short_number} 신고 후 비상구 {d:quantity.번} 이용.

== board_game_cafe
-- value
* [주사위 보드게임카페] {d:datetime} {d:table_no} 테이블 {d:quantity.명} 예약 완료.
  예약번호 {d:reservation_no}. 취소는 {v:landline}
* 매주 토요일 {d:time} 전략 보드게임 모임 멤버 모집해요! 테라포밍 마스 좋아하시는 분
  {v:mobile}로 문자 or 오픈채팅 {d:url}. 운영진 메일 {v:email}
* 보드게임 대여 신청서¶대여자 {n}¶연락처 {v:mobile}¶보증 카드 {v:card}¶대여 기간 {d:quantity.일}
  ¶게임: 글룸헤이븐 외 {d:quantity.종}
* {d:table_no} 테이블에서 신용카드 주웠습니다. 카드번호 {v:card} 확인만 했어요.
  카운터 {v:landline}로 연락 주세요.
* 보드게임 대회 참가 신청¶이름 {n}¶생년월일 {d:date.birth}¶휴대폰 {v:mobile}¶이메일 {v:email}
  ¶참가비 {d:price} → {v:account}
* 온라인 랭킹 서버 공지: {d:datetime} 비정상 접속 IP {v:ip} 차단, 관리자 {v:email}.
  게임 DB 버전 {d:version}, 저장소 {d:git_remote}
* 중고 보드게임 팝니다: 카탄 {d:price}, 스플렌더 {d:price}. 직거래는 {d:postal_code} 근처,
  택배 가능. 연락 {v:mobile} / 입금 {v:account}
* 보드게임카페 인테리어 견적 요청합니다. 매장 {d:quantity.평}, 테이블 {d:quantity.개}.
  담당 {n} {v:phone}, {v:email}
* 근로계약서 작성용 정보¶성명 {n}¶주민등록번호 {v:rrn}¶급여 계좌 {v:account}¶비상 연락처 {v:mobile}
* 와이파이 {d:password}, 충전 포트 {d:quantity.개}. 카드 단말기가 고장이라 계좌 {v:account}
  또는 사장님 번호 {v:mobile} 로 송금해 주세요.
* 해외 퍼블리셔 한국어판 라이선스 담당자 연락처입니다. {n} 매니저 {v:email},
  사무실 {v:landline}, 화상회의 ID {d:meeting_id}.
-- free
* 이용 요금: 시간당 {d:price}, 무제한 {d:price}. 음료 {d:quantity.잔} 필수. 보유 게임 {d:quantity.종}.
* 이번 달 신작: 아크 노바 ({d:quantity.인}, {d:quantity.분}), 캐스캐디아 ({d:quantity.인},
  {d:quantity.분}). 평점 {d:score}.
* 규칙 문답: 스플렌더는 {d:quantity.점} 이상이면 마지막 라운드, 귀족 타일은 {d:quantity.점}짜리.
* 주말 혼잡도: 토요일 {d:time} 평균 대기 {d:quantity.분}, 좌석 점유율 {d:statistic}.
  가급적 예약 후 방문하세요.
"""
FRAMES_C = """
== kayak_rental
-- value
* [한강카약] {d:date} {d:time} 더블카약 {d:quantity.대} 예약 확정. 예약번호 {d:reservation_no}.
  현장 결제 카드 {v:card}. 우천 시 {v:mobile}로 안내드립니다.
* 카약 체험 단체 보험 명단¶{n} {v:rrn}¶{n} {v:rrn}¶{n} {v:rrn}¶인솔자 연락처 {v:mobile}
* 남해 바다 카약 투어 '물빛' 출항지 좌표 {d:coordinates}. 예약 {v:landline} / 단체 {v:mobile}
  / 메일 {v:email}
* 기상 악화로 취소된 {d:date.md} 투어 환불 요청드립니다. 예약자 {n}, 연락처{v:mobile},
  환불 계좌 {v:account}입니다.
* 안전 수칙: 구명조끼 착용 필수, 풍속 {d:measure.speed} 이상이면 출항 금지.
  사고 시 해경 {d:short_number}, 센터 {v:landline}
* 대여한 방수팩을 잃어버렸어요... 안에 신분증이 있는데 주민번호 {v:rrn} 적힌 거라 걱정되네요.
  찾으시면 {v:mobile} 연락주세요.
* 실시간 수면 웹캠 스트림 서버가 {v:ip.4}:{d:port}로 바뀌었습니다. 보조 서버 {v:ip.6}.
  장애 문의 {v:email}
* 회원 가입 정보 확인¶아이디 {d:mention}¶이메일 {v:email}¶휴대폰 {v:mobile}¶인증번호 {d:otp}
  ¶자동결제 카드 {v:card}
* 카약 장기 대여 계약서¶임차인 {n} (주민번호 {v:rrn})¶기간 {d:date}~{d:date}
  ¶보증금 {d:price.big} 입금 계좌 {v:account}¶연락처 {v:phone}
* 카약 강사 모집, 자격증 {d:cert_no} 소지자 우대. 지원 {v:email}, 문의 {v:mobile}. 시급 {d:price}
* 제휴 숙소 안내: 바다향펜션 {v:landline}, 해오름민박 {v:landline}.
  카약 {d:statistic} 할인 쿠폰 코드 {d:reservation_no}
-- free
* 오늘 물때: 만조 {d:time} ({d:measure.length}), 간조 {d:time}. 수온 {d:measure.temp},
  파고 {d:measure.length}.
* 대여 요금: 싱글 {d:price}/{d:quantity.시간}, 더블 {d:price}. 패들보드 {d:price}. 구명조끼 무료.
* 투어 코스: 출발 {d:coordinates} → 무인도 {d:coordinates}, 총 {d:quantity.km},
  소요 {d:quantity.시간}.
* 시즌 통계: 이용객 {d:quantity.명}, 만족도 {d:score}, 재방문율 {d:statistic}.
  다음 시즌은 {d:date} 개장합니다.

== piano_tuning
-- value
* 피아노 조율 예약 확인¶{d:datetime} 방문¶호수 {d:room_no}¶피아노 모델 {d:model_code}
  (시리얼 {d:serial})¶고객 연락처 {v:mobile}
* {c:오랜 경력/국가자격 보유/음대 출신/공장 출신} 피아노 조율사입니다. 업라이트 {d:price},
  그랜드 {d:price}. 문의 {v:mobile}, {v:landline}, 메일 {v:email}
* 오늘 조율 잘 받았습니다. 조율비 {d:price} {v:account} 로 보냈어요!
  다음에도 부탁드립니다 - {n}
* {c:새빛교회/한마음초등학교/청솔문화센터/늘푸른유치원} 피아노 {d:quantity.대} 정기 조율 계약
  ¶담당 {n} {v:phone}¶세금계산서 {v:email}¶사업자번호 {d:business_reg_no}
* 조율 및 해머 정음 작업 {d:price.big} 카드 결제 완료 (카드 {v:card}, {d:quantity.개월} 할부).
  보증 기간 {d:quantity.개월}.
* 튜닝 앱 클라우드 동기화 실패: 서버 {v:ip}, 응답 {d:quantity.ms}. 측정값 {d:measure.freq}
  저장 안 됨. 문의 {v:email}
* 중고 업라이트 피아노 팝니다. 모델 {d:model_code}, {d:date.year} 제조, 시리얼 {d:serial}.
  가격 {d:price.big}. 연락 {v:mobile} (문자만)
* 피아노 운반 업체 연결해 드려요: 운반 {v:landline}, 기사님 {v:mobile}.
  {d:quantity.층} 이상은 사다리차 {d:price} 추가.
* 조율 기능사 실기반 수강 신청서¶이름 {n}¶주민번호 {v:rrn}¶이메일 {v:email}
  ¶수강료 입금 {v:account}
* 독일 해머 부품 주문 {d:order_no}: 한국 대리점 {v:landline}, 결제 카드 {v:card},
  도착 예정 {d:date}.
* 조율사님~ 저희 집 피아노 {d:measure.freq}로 맞춰주세요. 집 전화{v:landline}이고
  제 폰은{v:mobile}이에요
-- free
* 조율 주기는 가정용 {d:quantity.개월}, 연주용 {d:quantity.개월}. 실내 습도 {d:measure.humidity},
  온도 {d:measure.temp} 유지를 권장합니다.
* 표준 피치 {d:measure.freq} 기준, 오래된 피아노는 {d:measure.freq}로 먼저 올린 뒤
  {d:quantity.회} 나눠 조율합니다.
* {d:model_code} 대 {d:model_code} 비교: 높이 {d:quantity.cm}, 새 제품 {d:price.big},
  중고 시세 {d:price.big}.
* 조율 기능사 시험 일정: 필기 {d:date}, 실기 {d:date}. 합격률 {d:statistic}, 접수비 {d:price}.

== translation_agency
-- value
* 번역 견적 요청: 영문 계약서 {d:quantity.페이지}, 한→영. 납기 {d:date}.
  담당 {n} {v:mobile}, 회사 메일 {v:email}
* 가족관계증명서 번역본¶본인 {n} 주민등록번호 {v:rrn}¶부 {n} 주민등록번호 {v:rrn.old}
  ¶모 {n} 주민등록번호 {v:rrn.old}¶발급번호 {d:cert_no}
* 일·한 번역사 모집(재택). 단가 자당 {d:price}. 이력서와 샘플 번역을 {v:email}로,
  문의는 {v:landline}.
* 견적 금액 {d:price.big} (부가세 포함). 계좌 {v:account} 입금 또는 링크 결제 {d:url}.
  세금계산서용 사업자번호 {d:business_reg_no} 보내주세요.
* Visa extension docs 번역 의뢰: 외국인등록번호 {v:rrn.foreign}, 여권번호 {d:serial},
  연락처 {v:mobile}, email {v:email}
* 번역 파일 서버 주소 변경: {v:ip.4} (포트 {d:port}). 계정은 기존과 같습니다.
  접속 장애 시 {v:landline}
* Payment received: 카드 {v:card}, 금액 {d:price}, 승인 {d:approval_no}.
  영수증은 {v:email}로 발송되었습니다.
* {d:date} {d:time} 법원 통역 배정: 통역사 {n} {v:mobile}. 사건번호 {d:case_no}.
  법원 민원실 {v:landline}
* 아포스티유 대행 접수증¶신청인 {n} ({v:rrn})¶서류 {d:quantity.부}¶수수료 {d:price}
  ¶카드 {v:card}¶진행 문의 {v:phone}
* 글로벌링크 번역센터¶T. {v:landline}¶F. {v:landline}¶M. {v:mobile}¶{v:email}
* {d:date.md} 번역료 정산: {d:quantity.건}, 합계 {d:price.big}, 원천세 {d:statistic} 공제 후
  {v:account} 입금. 문의 {v:email}
-- free
* 번역 단가표: 일반 {d:price}, 기술 {d:price}, 공증 추가 {d:price}. 긴급 건은 {d:statistic} 할증.
* 처리 기간: {d:quantity.페이지} 기준 {d:quantity.일}, 공증 포함 {d:quantity.일}.
  토요일은 {d:time}까지.
* 품질 인증 {d:cert_no} 획득, 누적 번역 {d:quantity.건}, 재의뢰율 {d:statistic}.
* 번역 용어집 {d:version} 배포, 항목 {d:quantity.개}. 해시 {d:hash}로 무결성을 확인하세요.
  참고 사전 ISBN {d:isbn}
"""
FRAMES_D = """
== astronomy_club
-- value
* [별바라기] {d:date.md} 관측회 안내¶장소: 천문대 주차장 {d:coordinates}¶집결 {d:time}
  ¶회비 {d:price} → {v:account}¶총무 {n} {v:mobile}
* 원격 관측 시스템 접속 정보 변경: 서버 {v:ip.4}:{d:port}, 백업 {v:ip}.
  예약 캘린더 {d:url}, 소스 {d:git_remote}. 관리자 {v:email}
* 신입 회원 가입서¶이름 {n}¶학번 {d:student_id}¶휴대폰 {v:mobile}¶이메일 {v:email}
  ¶관심 분야: 딥스카이
* 돕소니안 {d:measure.aperture} 팝니다. {d:price.big}, 파인더 포함. 직거래 선호,
  연락 {v:mobile} 또는 {v:email}
* 천문대 캠프 보험 가입 명단¶{n} {v:rrn}¶{n} {v:rrn}¶담당 {v:phone}
* 천문학회 포스터 발표 {d:date}. 공동저자 {n} ({v:email}), {n} ({v:email}).
  문의는 학회 사무국 {v:landline}, 온라인 참가 회의 ID {d:meeting_id}
* 동아리 공금 카드 {v:card}로 필터 {d:quantity.개} 구매, {d:price}. 영수증 번호 {d:receipt_no}.
* 관측 데이터 업로드 실패 로그: {d:datetime} client {v:ip} → storage {v:ip} timeout.
  파일 {d:hash}, 모듈 {d:npm_scope}
* 천체사진 공모전 접수¶작품명: 안드로메다 은하¶노출 {d:quantity.초} × {d:quantity.장}
  ¶응모자 {n} {v:mobile}¶상금 수령 계좌 {v:account}
* 어린이 별자리 캠프 참가 확인: 아동 {n}, 보호자 {n} {v:mobile}, 비상 연락 {v:phone}.
  참가비 {d:price}.
* 동아리방은 학생회관 {d:room_no}, 내선 {v:landline}. 회장 {v:mobile}.
  공식 메일 {v:email}, 인스타 {d:mention}
-- free
* 이번 주 관측 정보: 월령 {d:quantity.일}, 목성 {d:measure.magnitude}, 토성 고도 {d:quantity.도}.
  시상 {d:score}.
* 메시에 마라톤 {d:date.md}! 목표 {d:quantity.개} 천체, 일몰 {d:time}, 일출 {d:time}.
* 망원경 사양: 구경 {d:measure.aperture}, 초점거리 {d:quantity.mm}, 배율 {d:quantity.배}.
  가대 {d:model_code}.
* 유성우 예보: 극대 {d:datetime}, 시간당 {d:quantity.개}. 추천 관측지 {d:coordinates}.

== theater_troupe
-- value
* [극단 모래시계] 연극 '빈 의자' 예매 확인¶{d:datetime} {d:seat}¶예매번호 {d:ticket_no}
  ¶결제 {d:price} (카드 {v:card})¶문의 {v:landline}
* 정기공연 배우 오디션: {d:date} {d:time}, 연습실 {d:room_no}. 프로필은 {v:email}로 보내주세요.
  문의 조연출 {n} {v:mobile}
* 출연 계약서¶배우 {n}¶주민등록번호 {v:rrn}¶출연료 {d:price.big}¶지급 계좌 {v:account}
  ¶연락처 {v:mobile}
* 극단 운영이 어려워 후원을 받습니다 {v:account}. 정기 후원은 {d:url} (배너 {d:retina_image}).
  문의 {v:email}
* {c:한빛중학교/새솔고등학교/푸른도서관/청소년수련관} 단체 관람 {d:quantity.명} 문의드립니다.
  담당 교사 {n} {v:phone}, 학교 팩스 {v:landline}
* 온라인 중계 송출 서버 {v:ip.4}, RTMP 포트 {d:port}. 스트림 키는 따로 전달합니다.
  기술감독 {v:mobile}
* 공연 취소로 환불 요청합니다. 예매번호 {d:ticket_no}, 결제 카드 {v:card}.
  연락처 {v:mobile}입니다.
* 스태프 연락망¶연출 {n} {v:mobile}¶무대감독 {n} {v:mobile}¶음향 {n} {v:mobile}
  ¶극장 사무실 {v:landline}
* 외국인 배우 출연료 지급용 정보: 외국인등록번호 {v:rrn.foreign}, 계좌 {v:account},
  이메일 {v:email}
* 관객 리뷰 이벤트 당첨자 발표! {d:mention}님, {d:mention}님 축하드려요. 당첨자는 {v:email}로
  이름과 연락처를 보내주세요. 문의 {v:landline}
* 예매 사이트 봇 트래픽 차단: {d:datetime}, IP {v:ip} 외 {d:quantity.건}. 문의 {v:email}
-- free
* 공연 정보: 러닝타임 {d:quantity.분}, 인터미션 {d:quantity.분}, {d:quantity.세} 이상 관람가.
  전석 {d:price}.
* 연습 일정: {d:date.md}~{d:date.md} 매일 {d:time}, 리허설 {d:date.md}. 첫 공연 {d:datetime}.
* 관객 평점 {d:score}, 객석 점유율 {d:statistic}, 누적 관객 {d:quantity.명} 돌파!
* 좌석 안내: {d:seat}부터 {d:seat}까지 시야 제한석, {d:seat} 휠체어석. 출입구 {d:quantity.번}.

== calligraphy_class
-- value
* 서예 교실 수강 신청서¶성함 {n}¶연락처 {v:mobile}¶이메일 {v:email}¶희망 반: 화요일 {d:time}
* 다음 주부터 화선지 {d:quantity.매}, 먹물 {d:quantity.병} 준비해 주세요.
  재료 공동구매 비용은 {d:price}이고, {v:account}로 입금 부탁드립니다.
* 캘리그라피 주문 제작 (청첩장, 로고). 작업비 {d:price}부터. 카톡 {d:mention} / 전화 {v:mobile}
  / 메일 {v:email}
* 서예대전 출품 신청서¶출품자 {n} ({d:date.birth})¶주민등록번호 {v:rrn}¶출품료 {d:price}
  ¶입금 {v:account}¶연락처 {v:phone}
* 문화센터 강사 위촉 정보¶강사 {n}¶주민번호 {v:rrn}¶강사료 지급 계좌 {v:account}
  ¶센터 담당 {v:landline}
* 온라인 캘리그라피 강의 {d:quantity.강} 결제 완료 {d:price}. 카드 {v:card},
  주문번호 {d:order_no}. 문의 {v:email}
* 먹향서예원¶전화 {v:landline}¶원장 {v:mobile}¶주소 {d:postal_code} {c:종로구/수성구/해운대구/유성구}
  인사동길 {d:room_no}
* 족자 작품 {d:measure.size} 판매 완료, {d:price.big}. 카드 {v:card} 일시불.
  배송 조회 {d:tracking_no}.
* 어린이 서예반 학부모님들~ 다음 주 {d:date.md}은 휴강입니다. 보강 문의는 제 번호 {v:mobile},
  또는 교실 {v:landline}으로 주세요.
* 서예 카페 관리자 알림: 회원 {d:mention} 계정이 {v:ip}에서 로그인했습니다({d:datetime}).
  본인이 아니면 {v:email}로 신고하세요.
* {n} 드림¶서예협회 인증 강사 {d:cert_no}¶{v:email} | {v:mobile}
-- free
* 붓 고르는 법: 대필 {d:quantity.호}, 중필 {d:quantity.호}, 소필 {d:quantity.호}.
  양모 {d:statistic} 겸호를 추천합니다.
* 이번 달 체본: 천자문 {d:quantity.자}, 반야심경 {d:quantity.자}. 임서 {d:quantity.회} 반복.
  교재 ISBN {d:isbn}
* 전시 안내: {d:date}~{d:date}, 인사동 갤러리 {d:quantity.층}. 출품작 {d:quantity.점}, 관람 무료.
* 화선지 규격: 전지 {d:quantity.cm}×{d:quantity.cm}, 반절 {d:quantity.cm}.
  가격 {d:price}/{d:quantity.매}.

== aquarium_maintenance
-- value
* 어항 정기 관리 예약 확인¶{d:datetime}¶수조 {d:measure.size} ({d:measure.volume})
  ¶호수 {d:room_no}¶고객 {n} {v:mobile}
* 대형 수족관 설치·청소 전문 '블루탱'. 상업 수조, 해수어 관리.
  상담 {v:landline} / {v:mobile} / {v:email}
* 월 관리비 {d:price} 자동이체 등록 완료. 출금 계좌 {v:account}, 출금일 매월 {d:quantity.일}.
  지로번호 {d:giro_no}. 문의 {v:landline}
* 수조 컨트롤러 원격 알림: 수온 {d:measure.temp}, 수질 {d:measure.ph}.
  클라우드 서버 {v:ip} 연결 끊김. 지원 {v:email}
* 외부 여과기 {d:model_code} {d:quantity.대} 결제 {d:price}, 카드 {v:card}. 배송 {d:tracking_no}.
* 관리 후 폐사 건 보상 청구: 청구번호 {d:claim_no}, 디스커스 {d:quantity.마리}.
  고객 {n} {v:mobile}, 보상금 계좌 {v:account}
* {c:바다횟집/청해수산/해담식당/동해물회} 수족관 관리 계약. 사업자번호 {d:business_reg_no},
  사장님 {v:mobile}, 매장 {v:landline}. 월 {d:quantity.회} 방문.
* 수족관 관리 기사 지원서¶성명 {n}¶주민등록번호 {v:rrn}¶연락처 {v:mobile}¶급여 계좌 {v:account}
* 수조 모니터링 카메라 {d:model_code} 외부 접속 주소: {v:ip.4}:{d:port}. 관리자 {v:email}
* 어항 물이 뿌옇게 변했는데 관리 업체 추천 부탁드려요. 수조 {d:measure.volume},
  질산염 {d:quantity.ppm}... 연락 {v:mobile} 또는 {v:email}
* 인도네시아 해수어 수입 건: 공급사 {v:email}, 통관사 {v:landline}, 결제 카드 {v:card}.
  인보이스 {d:invoice_no}
-- free
* 수질 관리 기준: 수온 {d:measure.temp}, {d:measure.ph}, 경도 {d:measure.hardness}.
  환수 주기 {d:quantity.일}, 환수량 {d:statistic}.
* 관리 요금표: {d:measure.volume} 이하 {d:price}, 그 이상 {d:price}. 출장비 {d:price},
  해수어 수조는 {d:statistic} 추가.
* 이번 달 입고: 네온테트라 {d:quantity.마리}, 구피 {d:quantity.마리},
  코리도라스 {d:quantity.마리}. 검역 {d:quantity.일}.
* 여과기 {d:model_code} 펌웨어 {d:version} 업데이트. 유량 {d:quantity.L}/h, 소음 {d:quantity.dB}.
"""


# ---------------------------------------------------------------- building records
SLOT_RE = re.compile(r"\{([vdc]):([^{}]*)\}|\{n\}")
GENRES = ["funeral_home", "pawn_shop", "taxi_dispatch", "locksmith", "pottery_class", "karaoke_room"]
GENRES += ["board_game_cafe", "kayak_rental", "piano_tuning", "translation_agency", "astronomy_club"]
GENRES += ["theater_troupe", "calligraphy_class", "aquarium_maintenance"]
KINDS = ("rrn", "mobile", "landline", "email", "ip", "card", "account")
N_POS, N_NEG_VALUE, N_NEG_FREE = 52, 10, 10
MASK_RATE = 0.15


def parse_frames(block: str) -> dict:
    frames: dict = {}
    genre = section = ""
    for raw in block.splitlines():
        if not raw.strip():
            continue
        if raw.startswith("== "):
            genre = raw[3:].strip()
            frames[genre] = {"value": [], "free": []}
        elif raw.startswith("-- "):
            section = raw[3:].strip()
        elif raw.startswith("* "):
            frames[genre][section].append(raw[2:].strip())
        elif raw.startswith("  "):
            frames[genre][section][-1] += " " + raw.strip()
        else:
            raise ValueError(raw)
    for by_section in frames.values():
        for frame_list in by_section.values():
            frame_list[:] = [re.sub(r"\s*¶\s*", "\n", f) for f in frame_list]
    return frames


def is_hangul(ch: str) -> bool:
    return "\uac00" <= ch <= "\ud7a3"


def resolve_kind(spec: str) -> tuple[str, str]:
    kind, _, opt = spec.partition(".")
    if kind == "phone":
        kind = weighted([("mobile", 6), ("landline", 4)])
    return kind, opt


class Draft:
    """One record being written: text so far, spans (start, end, kind, detail, style), decoys (start, end, kind)."""

    def __init__(self) -> None:
        self.text = ""
        self.spans: list[tuple] = []
        self.decoys: list[tuple] = []
        self.space_after = False

    def lit(self, s: str) -> None:
        if not s:
            return
        if self.space_after and is_hangul(s[0]):
            s = " " + s
        self.space_after = False
        self.text += s

    def value(self, v: dict) -> None:
        self.lit(v["pre"])
        hangul_style = v["style"] in HANGUL_STYLES
        if hangul_style and self.text and is_hangul(self.text[-1]):
            self.text += " "
        start = len(self.text)
        self.text += v["text"]
        self.spans.append((start, len(self.text), v["kind"], v["detail"], v["style"]))
        self.space_after = hangul_style
        self.lit(v["post"])

    def decoy(self, key: str) -> None:
        name, _, variant = key.partition(".")
        for _ in range(500):
            out = DECOY_GEN[name](variant)
            pre, s, post = out if isinstance(out, tuple) else ("", out, "")
            if decoy_could_be(s, self.text + pre, post) is None:
                break
        else:
            raise RuntimeError(f"no safe decoy for {key}")
        self.lit(pre)
        start = len(self.text)
        self.text += s
        self.decoys.append((start, len(self.text), name))
        self.space_after = False
        self.lit(post)


def build(frame: str, mode: str) -> Draft:
    """mode: "pos" (values, ~15% of slots masked when there are several), "neg" (slots get look-alikes),
    "free" (a value-free frame)."""
    draft = Draft()
    n_slots = sum(1 for m in SLOT_RE.finditer(frame) if m.group(1) == "v")
    masked = [False] * n_slots
    if mode == "pos" and n_slots >= 2:
        masked = [RNG.random() < MASK_RATE for _ in range(n_slots)]
        if all(masked):
            masked[RNG.randrange(n_slots)] = False
    k = pos = 0
    for m in SLOT_RE.finditer(frame):
        draft.lit(frame[pos : m.start()])
        pos = m.end()
        tag, arg = m.group(1), m.group(2)
        if tag is None:
            draft.lit(korean_name())
        elif tag == "c":
            draft.lit(RNG.choice(arg.split("/")))
        elif tag == "d":
            draft.decoy(arg)
        else:
            kind, opt = resolve_kind(arg)
            if mode == "pos" and not masked[k]:
                draft.value(make_value(kind, opt))
            else:
                key = MASKED[kind] if mode == "pos" else weighted(LOOKALIKE[kind])
                draft.decoy(f"{key}.{opt}" if key == "masked_rrn" and opt else key)
            k += 1
    draft.lit(frame[pos:])
    return draft


def pii_rank(kind: str) -> tuple[int, str]:
    return (PII_RANK.index(kind) if kind in PII_RANK else len(PII_RANK), kind)


def to_record(draft: Draft, genre: str, idx: int) -> dict:
    text = draft.text
    spans = [{"kind": k, "start": s, "end": e, "value": text[s:e]} for s, e, k, _d, _st in draft.spans]
    decoys = [{"kind": k, "start": s, "end": e, "value": text[s:e]} for s, e, k in draft.decoys]
    if spans:
        form = "+".join(f"{k}/{d}/{st}" for _s, _e, k, d, st in draft.spans)
    else:
        form = "neg/" + (min((d["kind"] for d in decoys), key=pii_rank) if decoys else "none")
    label = "pos" if spans else "neg"
    record = {"id": f"oos9-{genre}-{idx:03d}", "text": text, "label": label, "spans": spans, "decoys": decoys}
    record.update(form=form, genre=genre)
    return record


def build_all() -> list[dict]:
    frames = parse_frames(FRAMES_A + FRAMES_B + FRAMES_C + FRAMES_D)
    if list(frames) != GENRES:
        raise AssertionError(list(frames))
    records = []
    for genre in GENRES:
        value, free = frames[genre]["value"], frames[genre]["free"]
        if len(value) != 11 or len(free) != 4:
            raise AssertionError((genre, len(value), len(free)))
        tasks = [("pos", value[i % len(value)]) for i in range(N_POS)]
        tasks += [("neg", value[i]) for i in RNG.sample(range(len(value)), N_NEG_VALUE)]
        tasks += [("free", free[i % len(free)]) for i in range(N_NEG_FREE)]
        RNG.shuffle(tasks)
        for idx, (mode, frame) in enumerate(tasks, 1):
            records.append(to_record(build(frame, mode), genre, idx))
    return records


# ---------------------------------------------------------------- validation and summary
FIELDS = ["id", "text", "label", "spans", "decoys", "form", "genre"]


def validate(records: list[dict]) -> None:
    seen = set()
    for r in records:
        rid, text = r["id"], r["text"]
        if list(r) != FIELDS or rid in seen or not rid.startswith(f"oos9-{r['genre']}-"):
            raise AssertionError(rid)
        seen.add(rid)
        items = sorted(r["spans"] + r["decoys"], key=lambda x: x["start"])
        for a, b in zip(items, items[1:], strict=False):
            if a["end"] > b["start"]:
                raise AssertionError((rid, "overlap", a, b))
        covered = set()
        for x in items:
            if x["value"] != text[x["start"] : x["end"]] or not x["value"] or x["value"] != x["value"].strip():
                raise AssertionError((rid, "offsets", x))
            covered.update(range(x["start"], x["end"]))
        if (r["label"] == "pos") != bool(r["spans"]):
            raise AssertionError((rid, "label"))
        for s in r["spans"]:
            if s["kind"] not in KINDS or not value_ok(s["kind"], s["value"], text[: s["start"]], text[s["end"] :]):
                raise AssertionError((rid, "invalid value", s))
        for d in r["decoys"]:
            could = decoy_could_be(d["value"], text[: d["start"]], text[d["end"] :])
            if could is not None:
                raise AssertionError((rid, f"decoy passes as {could}", d))
        for i, ch in enumerate(text):
            if (ch.isdigit() or ch in "@＠") and i not in covered:
                raise AssertionError((rid, "uncovered", i, text))
        parts = r["form"].split("+")
        if r["label"] == "pos":
            if [p.split("/")[0] for p in parts] != [s["kind"] for s in r["spans"]]:
                raise AssertionError((rid, "form"))
            if any(len(p.split("/")) != 3 for p in parts):
                raise AssertionError((rid, "form"))
        elif not r["form"].startswith("neg/"):
            raise AssertionError((rid, "form"))


def summarize(records: list[dict]) -> dict:
    values: dict = {k: 0 for k in KINDS}
    styles: dict = {}
    decoys: dict = {}
    for r in records:
        for part, s in zip(r["form"].split("+") if r["spans"] else [], r["spans"], strict=True):
            values[s["kind"]] += 1
            key = f"{s['kind']}/{part.split('/')[2]}"
            styles[key] = styles.get(key, 0) + 1
        for d in r["decoys"]:
            decoys[d["kind"]] = decoys.get(d["kind"], 0) + 1
    pos = sum(r["label"] == "pos" for r in records)
    return {
        "records": len(records),
        "pos": pos,
        "neg": len(records) - pos,
        "values": values,
        "decoys_total": sum(decoys.values()),
        "decoys": dict(sorted(decoys.items(), key=lambda kv: -kv[1])),
        "styles": dict(sorted(styles.items())),
    }


def main(argv: list[str]) -> None:
    out = Path(argv[1]) if len(argv) > 1 else Path(__file__).with_name("eval_oos9.jsonl")
    records = build_all()
    validate(records)
    summary = summarize(records)
    for kind, n in summary["values"].items():
        if n < (60 if kind in ("ip", "card") else 100):
            raise AssertionError((kind, n))
    if summary["decoys_total"] < 1500:
        raise AssertionError(summary["decoys_total"])
    with out.open("w", encoding="utf-8") as fh:
        for r in records:
            fh.write(json.dumps(r, ensure_ascii=False) + "\n")
    print(json.dumps(summary, ensure_ascii=False, indent=1), file=sys.stderr)


if __name__ == "__main__":
    main(sys.argv)
