"""Build eval_oos12.jsonl: an out-of-sample evaluation set for the Korean personal-data (PII) detector.

Independence
    Written blind from a one-page brief. Nothing of the detector was read or run while writing it: not its
    code, tests, docs, benchmarks or any earlier evaluation set. The script uses the standard library only
    and one random.Random(SEED), so every run writes the same file.

Run
    python build_eval_oos12.py [out.jsonl]   (default: eval_oos12.jsonl next to this script)

Format (JSON lines, UTF-8, ensure_ascii=False)
    {"id": "oos12-<genre>-<nnn>", "text", "label": "pos"|"neg", "spans", "decoys", "form", "genre"}
    spans and decoys are {"kind", "start", "end", "value"} with code-point offsets, value == text[start:end];
    no two of them overlap. label is "pos" iff spans is non-empty. form is "<kind>/<detail>/<style>" per span
    joined by "+" (text order), or "neg/<most PII-like decoy kind>" for negatives (order: PII_LIKENESS).

Kinds (span kinds) and how values are drawn
    rrn       resident / foreigner registration numbers: real date YYMMDD, 7th digit for century and sex
              (1-4 residents, 5-8 foreigners); check digit valid for births before 2020-10 (foreigners: the
              foreigner rule, (13 - sum % 11) % 10, even office digits, 12th digit 6-9); random after.
              detail: native19xx / native20xx / foreign19xx / foreign20xx, "-nocheck" for births >= 2020-10.
    mobile    010 (92%), 011/016/017/018/019 otherwise. detail: the prefix.
    landline  02 (seoul), 031-064 (area), 070, 0502-0508 safe (relay) numbers. detail: seoul/area/070/safe.
    email     portals, company domains, .ac.kr/.go.kr/korea.kr/.or.kr/.co.kr, country TLDs, new gTLDs
              (.shop .studio .kim .seoul ...). detail: portal/company/ac.kr/go.kr/or.kr/co.kr/cctld/gtld.
    ip        global unicast IPv4 and IPv6 (ipaddress is_global). detail: v4/v6.
    card      Luhn-valid Visa, Mastercard (51-55, 2221-2720), JCB, UnionPay, Amex (15), Discover, Diners (14).
    account   bank account numbers in the banks' groupings (KB 6-2-6 / 3-2-4-3, Shinhan 3-3-6 / 3-2-6, Woori
              4-3-6, Hana 3-6-5, NH 3-4-4-2, local NH 6-2-6, IBK 3-6-2-3, Kakao Bank 4-2-7, Toss Bank 4-4-4,
              K bank 3-3-6, SC 3-2-6, post office 6-2-6, MG 4-4-4-1, Busan 3-4-4-2, iM 3-2-6-1), always
              written next to a bank name and an account word. detail: the bank.
    A value never also reads as another kind (an account is not an rrn date, a phone or a card, etc.).

Labelling
    Masked values (010-****-1234, 880101-1******, 4512-****-****-1234, mi***@naver.com, 211.234.*.*,
    110-***-456789) are decoys. Obfuscated emails are values; the span runs from the local part to the end of
    the TLD. Spaced-digit, Hangul-digit and +82 / 82 phones are values, with "(02)" or "02)" inside the span.
    Bank names, 계좌, 예금주 and labels stay outside spans; a port after an IP is its own decoy (an IPv6
    address before a port is written in brackets, outside the span). In positive records with several slots
    about 15% of the slots are masked decoys. Every number in a text is annotated (span or decoy).

Decoys
    dates, times, prices, quantities, durations, measures (length, weight, temperature, distance, wind,
    wave), ages, years, versions, model codes, EAN-13, ISBN, order / invoice / tracking / reservation /
    receipt / approval / claim / policy / registered-mail / case numbers, student and employee ids,
    business registration numbers (valid checksum), corporate registration numbers (failing rrn rules),
    15xx/16xx/18xx numbers, 080, 0500/0501, short numbers, phones with non-existent area codes,
    non-global IPs, ports, image@2x files, git remotes, scoped npm packages, @mentions, coordinates,
    statistics, scores, hashes, UUIDs, serials, animal registration numbers, postal codes, room and seat
    numbers, lot / ticket / member numbers, car plates, ranks, meeting ids, OTPs, card expiry dates,
    Luhn-invalid gift-card PINs and masked values. Each decoy is redrawn until no part of it could pass as a
    value of any kind (13 digits never carry a real date with a 1-8 sex digit, 12-19 digits are never
    Luhn-valid, no digit grouping is a bank's, no phone prefix and length, no global IP, no email). A record
    is also redrawn when decoys next to each other would form a value.

Genres and records
    14 genres: glass_workshop, pet_funeral, ferry_ticketing, rice_mill, magic_show, horse_riding,
    ceramics_auction, sauna_membership, kite_festival, archery_range, furniture_repair, orchid_grower,
    taekwondo_dojang, lighthouse_stay. Each has 12 value frames and 4 value-free frames written as Korean
    posts, notices, messages, forms, listings and logs, some values touching Hangul (010-1234-5678로).
    Per genre 70 records: 46 positives, 12 negatives from value frames whose slots hold look-alike decoys
    (LOOKALIKE) and 12 negatives from value-free frames.

Writing styles (each value: a common style with probability 0.8, otherwise a less common or evasive one)
    rrn       common: hyphen, plain | rare: space, spaced_hyphen (880101 - 1234567), fullwidth,
              hangul_dash (ㅡ as the dash)
    mobile    common: hyphen, plain, dot, space | rare: intl_plus (+82-10-…, +82 10 …), intl_82 (82-10-…),
              hangul_digits (공일공/영일영 …), mixed_hangul (one group in Hangul digits), spaced_digits
              (0 1 0 …), fullwidth, hangul_dash, paren_area ((010)1234-5678)
    landline  common: hyphen, paren_area ((02)123-4567), paren_close (02)123-4567), plain, dot, space |
              rare: intl_plus (+82-2-…), hangul_digits, mixed_hangul, spaced_digits, fullwidth, hangul_dash
    email     common: plain | rare: at_word (id at naver dot com), paren_at (id(at)naver(dot)com),
              bracket_at (id[at]naver[.]com), golbaeng (id골뱅이naver.com), spaced_at (id @ naver.com),
              fullwidth_at (id＠naver.com)
    ip        common: dotted (IPv4), compressed (IPv6) | rare: defanged_bracket (1[.]2[.]3[.]4),
              defanged_paren (1(.)2(.)3(.)4), v6_full (exploded), v6_upper
    card      common: hyphen, space, plain | rare: dot, fullwidth, hangul_dash, mixed_sep (4512 3456-7890 1234)
    account   common: hyphen (bank grouping), plain | rare: space_groups, dot_groups, hangul_dash, fullwidth

Counts (this seed)
    980 records: 644 pos, 336 neg. 1,180 values: rrn 126, mobile 335, landline 173, email 222, ip 99,
    card 98, account 127. 2,543 decoys of 82 kinds.
"""

import datetime
import ipaddress
import json
import random
import re
import sys
import unicodedata
from pathlib import Path

SEED = 20261206
RNG = random.Random(SEED)

KINDS = ("rrn", "mobile", "landline", "email", "ip", "card", "account")
RECORDS_PER_GENRE = 70
POSITIVES_PER_GENRE = 46
DECOY_FILLED_PER_GENRE = 12
MASK_RATE = 0.15
COMMON_RATE = 0.8

HANGUL_DIGITS = "공일이삼사오육칠팔구"
FULLWIDTH = {c: chr(ord(c) + 0xFEE0) for c in "0123456789-.@:"}
TODAY = datetime.date(2026, 12, 6)


def pick(seq):
    return RNG.choice(seq)


def wpick(table):
    """Pick a key of a {choice: weight} table."""
    keys = list(table)
    return RNG.choices(keys, weights=[table[k] for k in keys])[0]


def digits(n):
    return "".join(str(RNG.randrange(10)) for _ in range(n))


def nz_digits(n):
    """n digits, the first one not zero."""
    return str(RNG.randrange(1, 10)) + digits(n - 1)


def is_common():
    return RNG.random() < COMMON_RATE


def to_hangul(s, zero="공"):
    return "".join((zero if c == "0" else HANGUL_DIGITS[int(c)]) if c.isdigit() else c for c in s)


def to_fullwidth(s):
    return "".join(FULLWIDTH.get(c, c) for c in s)


def spaced(s):
    return " ".join(s)


def luhn_ok(number):
    total = 0
    for i, c in enumerate(reversed(number)):
        d = int(c)
        if i % 2 == 1:
            d *= 2
            if d > 9:
                d -= 9
        total += d
    return total % 10 == 0


def luhn_complete(partial):
    for d in "0123456789":
        if luhn_ok(partial + d):
            return partial + d
    raise AssertionError(partial)


def join_groups(groups, style):
    """Write digit groups in one of the plain separator styles."""
    sep = {"hyphen": "-", "plain": "", "dot": ".", "space": " ", "hangul_dash": "ㅡ"}[style]
    return sep.join(groups)


def split_groups(number, lengths):
    out, i = [], 0
    for n in lengths:
        out.append(number[i : i + n])
        i += n
    assert i == len(number), (number, lengths)
    return out


SURNAMES = "김이박최정강조윤장임한오서신권황안송류전홍고문양손배백허남심노하곽성차주우구민진"
GIVEN = (
    "민준 서연 도윤 지우 하준 서윤 시우 지민 주원 하은 지호 수아 예준 지유 현우 채원 준서 수빈 건우 다은 "
    "우진 예린 선우 소율 민재 윤서 현준 가은 연우 유나 정우 채은 승현 미숙 영호 정희 상철 순자 경수 은영 "
    "혜진 동현 성민 재훈 보람 슬기 한결 나래 다온 해솔"
).split()
ROMAN_GIVEN = (
    "minjun seoyeon doyoon jiwoo hajun seoyun siwoo jimin juwon haeun jiho sua yejun jiyu hyunwoo chaewon "
    "junseo subin gunwoo daeun woojin yerin sunwoo minjae yoonseo yuna jungwoo seunghyun youngho junghee "
    "kyungsoo eunyoung hyejin donghyun sungmin jaehoon boram seulgi hangyeol"
).split()
ROMAN_SUR = "kim lee park choi jung kang cho yoon jang lim han oh seo shin kwon hwang ahn song ryu hong ko moon".split()
WORDS = (
    "studio atelier glass kiln petlove memorial ferry harbor rice mill magic horse riding ceramic auction sauna "
    "spa kite archery bow wood repair orchid garden dojang lighthouse island sea wave blue green sun moon star "
    "hana dure saebit haneul baram nuri"
).split()


def person_name():
    return pick(SURNAMES) + pick(GIVEN)


# ---------------------------------------------------------------------------------------------
# validity rules shared by the value generators, the decoy filter and the final self-check
# ---------------------------------------------------------------------------------------------
CHECK_CUTOFF = datetime.date(2020, 10, 1)
RRN_WEIGHTS = (2, 3, 4, 5, 6, 7, 8, 9, 2, 3, 4, 5)
MOBILE_RE = re.compile(r"01[016789]\d{7,8}")
AREA_CODES = ("031", "032", "033", "041", "042", "043", "044", "051", "052", "053", "054", "055", "061", "062")
AREA_CODES += ("063", "064")
LANDLINE_RE = re.compile(r"(?:02|0(?:3[1-3]|4[1-4]|5[1-5]|6[1-4])|070|050[2-8])\d{7,8}")


def rrn_check_digit(d12, foreign):
    s = sum(int(a) * w for a, w in zip(d12, RRN_WEIGHTS, strict=True)) % 11
    return str((13 - s) % 10 if foreign else (11 - s) % 10)


def rrn_birth(d13, future_ok=False):
    """The birth date an RRN-shaped digit string encodes, or None (future dates too when future_ok)."""
    if len(d13) != 13 or not d13.isdigit() or d13[6] not in "12345678":
        return None
    century = 1900 if d13[6] in "1256" else 2000
    try:
        born = datetime.date(century + int(d13[:2]), int(d13[2:4]), int(d13[4:6]))
    except ValueError:
        return None
    return born if born <= TODAY or future_ok else None


def rrn_valid(d13):
    born = rrn_birth(d13)
    if born is None:
        return False
    if born >= CHECK_CUTOFF:
        return True
    return rrn_check_digit(d13[:12], d13[6] in "5678") == d13[12]


def phone_like(d):
    if d.startswith("82") and len(d) > 9:
        d = "0" + d[2:]
    return bool(MOBILE_RE.fullmatch(d) or LANDLINE_RE.fullmatch(d))


def card_brand(d):
    """The brand whose prefix and length a digit string has, if it is Luhn-valid."""
    if not d.isdigit() or not luhn_ok(d):
        return None
    n = len(d)
    if d[0] == "4" and n == 16:
        return "visa"
    if n == 16 and (51 <= int(d[:2]) <= 55 or 2221 <= int(d[:4]) <= 2720):
        return "mastercard"
    if n == 16 and 3528 <= int(d[:4]) <= 3589:
        return "jcb"
    if n == 15 and d[:2] in ("34", "37"):
        return "amex"
    if n == 16 and (d.startswith("6011") or d.startswith("65")):
        return "discover"
    if n == 16 and d.startswith("62"):
        return "unionpay"
    if n == 14 and d.startswith("36"):
        return "diners"
    return None


def random_date(start, end):
    return start + datetime.timedelta(days=RNG.randrange((end - start).days + 1))


class Value:
    """One written value: text outside the span before/after it (a bank name), the span text, its form."""

    def __init__(self, kind, text, detail, style, pre="", post=""):
        self.kind, self.text, self.detail, self.style, self.pre, self.post = kind, text, detail, style, pre, post


# ---------------------------------------------------------------------------------------------
# rrn
# ---------------------------------------------------------------------------------------------
def raw_rrn():
    foreign = RNG.random() < 0.12
    era = wpick({"19": 0.72, "20old": 0.18, "20new": 0.10})
    if era == "19":
        born = random_date(datetime.date(1938, 1, 1), datetime.date(1999, 12, 31))
    elif era == "20old":
        born = random_date(datetime.date(2000, 1, 1), datetime.date(2020, 9, 30))
    else:
        born = random_date(CHECK_CUTOFF, datetime.date(2026, 10, 31))
    code = RNG.choice((1, 2)) + (2 if born.year >= 2000 else 0) + (4 if foreign else 0)
    head = born.strftime("%y%m%d") + str(code)
    if born >= CHECK_CUTOFF:
        number = head + digits(6)
    elif foreign:
        body = f"{RNG.randrange(0, 100, 2):02d}" + digits(2) + pick("6789")
        number = head + body + rrn_check_digit(head + body, True)
    else:
        body = f"{RNG.randrange(96):02d}" + digits(3)
        number = head + body + rrn_check_digit(head + body, False)
    detail = ("foreign" if foreign else "native") + ("19xx" if born.year < 2000 else "20xx")
    if born >= CHECK_CUTOFF:
        detail += "-nocheck"
    assert rrn_valid(number), number
    return number, detail


def render_rrn():
    number, detail = raw_rrn()
    a, b = number[:6], number[6:]
    if is_common():
        style = wpick({"hyphen": 0.8, "plain": 0.2})
        text = f"{a}-{b}" if style == "hyphen" else number
    else:
        style = pick(("space", "spaced_hyphen", "fullwidth", "hangul_dash"))
        forms = {"space": f"{a} {b}", "spaced_hyphen": f"{a} - {b}", "hangul_dash": f"{a}ㅡ{b}"}
        text = to_fullwidth(f"{a}-{b}") if style == "fullwidth" else forms[style]
    return Value("rrn", text, detail, style)


# ---------------------------------------------------------------------------------------------
# phones
# ---------------------------------------------------------------------------------------------
def raw_mobile():
    if RNG.random() < 0.92:
        return ["010", str(RNG.randint(2000, 9999)), digits(4)], "010"
    prefix = pick(("011", "016", "017", "018", "019"))
    middle = str(RNG.randint(200, 999)) if RNG.random() < 0.5 else str(RNG.randint(2000, 9999))
    return [prefix, middle, digits(4)], prefix


def raw_landline():
    detail = wpick({"seoul": 0.3, "area": 0.45, "070": 0.15, "safe": 0.1})
    if detail == "seoul":
        area = "02"
    elif detail == "area":
        area = pick(AREA_CODES)
    elif detail == "070":
        area = "070"
    else:
        area = f"050{RNG.randint(2, 8)}"
    if detail == "070":
        middle = pick("478") + digits(3)
    elif detail == "safe":
        middle = nz_digits(4) if RNG.random() < 0.8 else nz_digits(3)
    else:
        middle = str(RNG.randint(200, 999)) if RNG.random() < 0.45 else str(RNG.randint(2000, 9999))
    return [area, middle, digits(4)], detail


def phone_text(groups, style):
    a, b, c = groups
    national = a[1:]
    if style in ("hyphen", "plain", "dot", "space", "hangul_dash"):
        return join_groups(groups, style)
    if style == "paren_area":
        return pick((f"({a}){b}-{c}", f"({a}) {b}-{c}", f"({a}) {b} {c}"))
    if style == "paren_close":
        return pick((f"{a}){b}-{c}", f"{a}) {b}-{c}"))
    if style == "intl_plus":
        return pick(
            (f"+82-{national}-{b}-{c}", f"+82 {national} {b} {c}", f"+82 {national}-{b}-{c}", f"+82{a[1:]}{b}{c}")
        )
    if style == "intl_82":
        return pick((f"82-{national}-{b}-{c}", f"82 {national} {b} {c}"))
    if style == "hangul_digits":
        return to_hangul(pick(("-", " ", "")).join(groups), zero=pick("공영"))
    if style == "mixed_hangul":
        k = RNG.randrange(3)
        return pick(("-", " ")).join(to_hangul(g) if i == k else g for i, g in enumerate(groups))
    if style == "spaced_digits":
        return pick((spaced(a + b + c), " - ".join(spaced(g) for g in groups)))
    if style == "fullwidth":
        return to_fullwidth(f"{a}-{b}-{c}")
    raise ValueError(style)


MOBILE_COMMON = {"hyphen": 0.55, "plain": 0.2, "dot": 0.1, "space": 0.15}
MOBILE_RARE = ("intl_plus", "intl_82", "hangul_digits", "mixed_hangul", "spaced_digits", "fullwidth")
MOBILE_RARE += ("hangul_dash", "paren_area")
LANDLINE_COMMON = {"hyphen": 0.5, "paren_area": 0.18, "paren_close": 0.07, "plain": 0.1, "dot": 0.07, "space": 0.08}
LANDLINE_RARE = ("intl_plus", "hangul_digits", "mixed_hangul", "spaced_digits", "fullwidth", "hangul_dash")


def render_mobile():
    groups, detail = raw_mobile()
    style = wpick(MOBILE_COMMON) if is_common() else pick(MOBILE_RARE)
    return Value("mobile", phone_text(groups, style), detail, style)


def render_landline():
    groups, detail = raw_landline()
    if is_common():
        style = wpick(LANDLINE_COMMON)
    else:
        style = pick(LANDLINE_RARE[1:] if detail == "safe" else LANDLINE_RARE)
    return Value("landline", phone_text(groups, style), detail, style)


# ---------------------------------------------------------------------------------------------
# email
# ---------------------------------------------------------------------------------------------
PORTALS = {"naver.com": 30, "gmail.com": 22, "daum.net": 9, "hanmail.net": 10, "kakao.com": 6, "nate.com": 6}
PORTALS |= {"hotmail.com": 4, "outlook.com": 4, "icloud.com": 4, "yahoo.com": 2}
ACADEMIC = ("snu.ac.kr", "yonsei.ac.kr", "korea.ac.kr", "kaist.ac.kr", "jejunu.ac.kr", "pusan.ac.kr", "knu.ac.kr")
ACADEMIC += ("hanyang.ac.kr", "ewha.ac.kr", "cnu.ac.kr", "kangwon.ac.kr", "mokpo.ac.kr")
GOVERNMENT = ("jeju.go.kr", "seoul.go.kr", "mof.go.kr", "mafra.go.kr", "gg.go.kr", "busan.go.kr", "korea.kr")
GOVERNMENT += ("gwd.go.kr", "jeonnam.go.kr", "incheon.go.kr")
COUNTRY = ("yahoo.co.jp", "docomo.ne.jp", "gmx.de", "web.de", "orange.fr", "libero.it", "mail.ru", "seznam.cz")
COUNTRY += ("bigpond.com.au", "shaw.ca", "sina.cn", "fpt.vn", "xtra.co.nz", "btinternet.co.uk")
NEW_GTLDS = ("shop", "studio", "xyz", "online", "app", "dev", "art", "store", "site", "club", "kim", "seoul", "busan")
OFFICE_LOCALS = ("info", "contact", "hello", "booking", "office", "admin", "help", "cs", "reserve", "master")
EMAIL_DETAILS = {"portal": 45, "company": 14, "ac.kr": 8, "go.kr": 6, "or.kr": 6, "co.kr": 9, "cctld": 6, "gtld": 6}


def personal_local():
    g, s = pick(ROMAN_GIVEN), pick(ROMAN_SUR)
    forms = (
        f"{g}{RNG.randint(70, 99)}",
        f"{g}.{s}",
        f"{s}{g}{digits(2)}",
        f"{g}_{s}",
        f"{s}.{g}{RNG.randint(1, 999)}",
        f"{pick(WORDS)}{g}",
        f"{g[0]}{s}{RNG.randint(1, 99)}",
        f"{g}-{pick(WORDS)}",
    )
    return pick(forms)


def raw_email():
    detail = wpick(EMAIL_DETAILS)
    brand = pick(WORDS) + pick(WORDS + ["", "", "korea", "kr"])
    local = personal_local()
    if detail == "portal":
        domain = wpick(PORTALS)
    elif detail == "company":
        domain = brand + pick((".com", ".net", ".kr"))
        local = pick(OFFICE_LOCALS) if RNG.random() < 0.5 else local
    elif detail == "ac.kr":
        domain = pick(ACADEMIC)
    elif detail == "go.kr":
        domain = pick(GOVERNMENT)
        local = f"{pick(ROMAN_SUR)}{pick(ROMAN_GIVEN)}" if RNG.random() < 0.6 else local
    elif detail == "or.kr":
        domain = brand + ".or.kr"
    elif detail == "co.kr":
        domain = brand + ".co.kr"
        local = pick(OFFICE_LOCALS) if RNG.random() < 0.4 else local
    elif detail == "cctld":
        domain = pick(COUNTRY)
    else:
        domain = brand + "." + pick(NEW_GTLDS)
    return local, domain, detail


def obfuscate_domain(domain, dot_words):
    return pick(dot_words).join(domain.split("."))


EMAIL_RARE = ("at_word", "paren_at", "bracket_at", "golbaeng", "spaced_at", "fullwidth_at")


def render_email():
    local, domain, detail = raw_email()
    if is_common():
        return Value("email", f"{local}@{domain}", detail, "plain")
    style = pick(EMAIL_RARE)
    if style == "at_word":
        text = f"{local} {pick(('at', 'AT'))} {obfuscate_domain(domain, (' dot ', '.', ' DOT '))}"
    elif style == "paren_at":
        text = f"{local}{pick(('(at)', ' (at) ', '(AT)'))}{obfuscate_domain(domain, ('(dot)', '.', '.'))}"
    elif style == "bracket_at":
        text = f"{local}{pick(('[at]', ' [at] ', '[@]'))}{obfuscate_domain(domain, ('[dot]', '[.]', '.'))}"
    elif style == "golbaeng":
        text = f"{local}{pick(('골뱅이', ' 골뱅이 '))}{domain}"
    elif style == "spaced_at":
        text = f"{local}{pick((' @ ', '@ ', ' @'))}{domain}"
    else:
        text = f"{local}＠{domain}"
    return Value("email", text, detail, style)


# ---------------------------------------------------------------------------------------------
# ip
# ---------------------------------------------------------------------------------------------
V4_FIRST = (1, 14, 27, 39, 49, 58, 59, 61, 106, 110, 112, 114, 115, 116, 117, 118, 119, 121, 122, 123, 124)
V4_FIRST += (125, 175, 180, 182, 183, 210, 211, 218, 219, 220, 221, 222, 8, 13, 34, 52, 104, 151, 185)
V6_PREFIXES = ("2001:2d8", "2001:e60", "2001:4860", "2404:6800", "2406:da12", "2600:1f18", "2a01:4f8")
V6_PREFIXES += ("2001:67c", "2400:cb00", "2406:5600", "2001:4430", "2404:f800")


def raw_ip():
    if RNG.random() < 0.72:
        while True:
            addr = ipaddress.ip_address(
                f"{pick(V4_FIRST)}.{RNG.randint(0, 255)}.{RNG.randint(0, 255)}.{RNG.randint(1, 254)}"
            )
            if addr.is_global:
                return addr, "v4"
    while True:
        groups = pick(V6_PREFIXES).split(":") + [f"{RNG.randrange(0x10000):x}" for _ in range(6)]
        start = RNG.randint(2, 5)
        for i in range(start, start + RNG.randint(0, 3)):
            groups[i] = "0"
        addr = ipaddress.ip_address(":".join(groups))
        if addr.is_global:
            return addr, "v6"


def render_ip():
    addr, detail = raw_ip()
    if detail == "v4":
        text = str(addr)
        if is_common():
            return Value("ip", text, detail, "dotted")
        style = pick(("defanged_bracket", "defanged_paren"))
        return Value("ip", text.replace(".", "[.]" if style == "defanged_bracket" else "(.)"), detail, style)
    if is_common():
        return Value("ip", addr.compressed, detail, "compressed")
    style = pick(("v6_full", "v6_upper"))
    return Value("ip", addr.exploded if style == "v6_full" else addr.compressed.upper(), detail, style)


# ---------------------------------------------------------------------------------------------
# card
# ---------------------------------------------------------------------------------------------
CARD_BRANDS = {"visa": 35, "mastercard": 30, "jcb": 10, "unionpay": 10, "amex": 8, "discover": 4, "diners": 3}
CARD_GROUPS = {16: (4, 4, 4, 4), 15: (4, 6, 5), 14: (4, 6, 4)}


def raw_card():
    brand = wpick(CARD_BRANDS)
    prefix, length = {
        "visa": ("4", 16),
        "mastercard": (str(RNG.randint(51, 55)) if RNG.random() < 0.8 else str(RNG.randint(2221, 2720)), 16),
        "jcb": (str(RNG.randint(3528, 3589)), 16),
        "unionpay": ("62", 16),
        "amex": (pick(("34", "37")), 15),
        "discover": (pick(("6011", "65")), 16),
        "diners": ("36", 14),
    }[brand]
    number = luhn_complete(prefix + digits(length - len(prefix) - 1))
    assert card_brand(number) == brand, (number, brand)
    return number, brand


def render_card():
    number, brand = raw_card()
    groups = split_groups(number, CARD_GROUPS[len(number)])
    if is_common():
        style = wpick({"hyphen": 0.5, "space": 0.3, "plain": 0.2})
        return Value("card", join_groups(groups, style), brand, style)
    style = pick(("dot", "fullwidth", "hangul_dash", "mixed_sep"))
    if style == "fullwidth":
        text = to_fullwidth("-".join(groups))
    elif style == "mixed_sep":
        text = groups[0]
        for g in groups[1:]:
            text += pick(("-", " ")) + g
        if "-" not in text or " " not in text:
            text = groups[0] + " " + "-".join(groups[1:])
    else:
        text = join_groups(groups, style)
    return Value("card", text, brand, style)


# ---------------------------------------------------------------------------------------------
# account: (detail, names written next to the number, digit groupings, first-group prefixes, weight)
# ---------------------------------------------------------------------------------------------
BANKS = (
    ("kb", ("국민은행", "KB국민은행", "국민"), ((6, 2, 6), (3, 2, 4, 3)), (), 14),
    ("shinhan", ("신한은행", "신한"), ((3, 3, 6), (3, 2, 6)), ("110", "100", "140"), 14),
    ("woori", ("우리은행", "우리"), ((4, 3, 6),), ("1002",), 12),
    ("hana", ("하나은행", "하나"), ((3, 6, 5),), (), 10),
    ("nh", ("농협", "NH농협", "농협은행"), ((3, 4, 4, 2),), ("301", "302", "312", "317", "351", "352", "356"), 12),
    ("nh_local", ("지역농협", "단위농협"), ((6, 2, 6),), (), 4),
    ("ibk", ("기업은행", "IBK기업은행"), ((3, 6, 2, 3),), (), 7),
    ("kakaobank", ("카카오뱅크", "카뱅"), ((4, 2, 7),), ("3333", "3355", "3388"), 12),
    ("tossbank", ("토스뱅크",), ((4, 4, 4),), ("1000", "1001"), 6),
    ("kbank", ("케이뱅크",), ((3, 3, 6),), ("100",), 3),
    ("sc", ("SC제일은행", "제일은행"), ((3, 2, 6),), (), 2),
    ("post", ("우체국",), ((6, 2, 6),), (), 4),
    ("mg", ("새마을금고",), ((4, 4, 4, 1),), ("9002", "9003", "9100"), 3),
    ("busan", ("부산은행",), ((3, 4, 4, 2),), ("101", "112", "113"), 3),
    ("im", ("iM뱅크", "대구은행"), ((3, 2, 6, 1),), ("508", "505", "504"), 3),
)
ACCOUNT_GROUPINGS = {g for bank in BANKS for g in bank[2]}


def raw_account():
    bank = RNG.choices(BANKS, weights=[b[4] for b in BANKS])[0]
    grouping = pick(bank[2])
    while True:
        head = pick(bank[3]) if bank[3] else nz_digits(grouping[0])
        number = head + digits(sum(grouping) - len(head))
        if not (phone_like(number) or rrn_birth(number, future_ok=True) or card_brand(number)):
            return split_groups(number, grouping), bank


def render_account():
    groups, bank = raw_account()
    if is_common():
        style = wpick({"hyphen": 0.7, "plain": 0.3})
        text = join_groups(groups, style)
    else:
        style = pick(("space_groups", "dot_groups", "hangul_dash", "fullwidth"))
        if style == "fullwidth":
            text = to_fullwidth("-".join(groups))
        else:
            text = join_groups(groups, {"space_groups": "space", "dot_groups": "dot"}.get(style, style))
    pre, post = bank_around(pick(bank[1]))
    return Value("account", text, bank[0], style, pre, post)


def bank_around(name):
    """Where the bank name goes: before (spaced, touching, with a colon) or after in parentheses."""
    form = wpick({"space": 0.6, "touch": 0.12, "colon": 0.1, "after": 0.18})
    if form == "after":
        return "", f" ({name})"
    return {"space": f"{name} ", "touch": name, "colon": f"{name}: "}[form], ""


RENDER = {
    "rrn": render_rrn,
    "mobile": render_mobile,
    "landline": render_landline,
    "email": render_email,
    "ip": render_ip,
    "card": render_card,
    "account": render_account,
}


# ---------------------------------------------------------------------------------------------
# masked values (decoys): written like a real value with part of it hidden
# ---------------------------------------------------------------------------------------------
def stars(n, mark="*"):
    return mark * n


def masked_rrn():
    number, _ = raw_rrn()
    a, b = number[:6], number[6:]
    return pick((f"{a}-{b[0]}******", f"{a}-*******", f"{a[:2]}****-{b[0]}******", f"{a}-{b[0]}xxxxxx"))


def masked_phone(groups):
    a, b, c = groups
    mark = pick("**X")
    return pick(
        (
            f"{a}-{stars(len(b), mark)}-{c}",
            f"{a}-{b[:2]}{stars(len(b) - 2, mark)}-{c}",
            f"{a}-{b}-{stars(4, mark)}",
            f"{a}{stars(len(b), mark)}{c}",
            f"{a}-{stars(len(b), mark)}-{stars(2, mark)}{c[2:]}",
        )
    )


def masked_mobile():
    return masked_phone(raw_mobile()[0])


def masked_landline():
    return masked_phone(raw_landline()[0])


def masked_email():
    local, domain, _ = raw_email()
    keep = RNG.randint(1, min(3, len(local) - 1))
    return f"{local[:keep]}{stars(RNG.randint(3, 5))}@{domain}"


def masked_card():
    number, _ = raw_card()
    g = split_groups(number, CARD_GROUPS[len(number)])
    if len(g) == 4:
        return pick(
            (
                f"{g[0]}-{g[1][:2]}**-****-{g[3]}",
                f"{g[0]}-****-****-{g[3]}",
                f"**** **** **** {g[3]}",
                f"{g[0]}********{g[3]}",
            )
        )
    return f"{g[0]}-******-{stars(len(g[2]) - 2)}{g[2][-2:]}"


def masked_account():
    groups, bank = raw_account()
    shown = list(groups)
    i = RNG.randrange(len(shown) - 1)
    shown[i] = stars(len(shown[i]))
    if RNG.random() < 0.5:
        shown[-1] = stars(len(shown[-1]) - 3) + shown[-1][-3:]
    pre, post = bank_around(pick(bank[1]))
    return pre, "-".join(shown), post


def masked_ip():
    addr, detail = raw_ip()
    if detail == "v6":
        parts = addr.compressed.split(":")
        return ":".join(parts[:2]) + ":****:****"
    o = str(addr).split(".")
    return pick((f"{o[0]}.{o[1]}.*.*", f"{o[0]}.{o[1]}.***.***", f"{o[0]}.***.{o[2]}.{o[3]}", f"{o[0]}.{o[1]}.xxx.xxx"))


# ---------------------------------------------------------------------------------------------
# decoy generators: numbers a genre carries that are none of the seven kinds
# ---------------------------------------------------------------------------------------------
UPPER = "ABCDEFGHJKLMNPQRSTUVWXYZ"
HEX = "0123456789abcdef"
PLATE_HANGUL = "가나다라마거너더러머버서어저고노도로모보소오조구누두루무부수우주하허호"


def letters(n):
    return "".join(pick(UPPER) for _ in range(n))


def hexes(n):
    return "".join(pick(HEX) for _ in range(n))


def some_day():
    return random_date(datetime.date(2025, 1, 1), datetime.date(2027, 6, 30))


def ymd():
    return some_day().strftime("%Y%m%d")


def ean13_complete(d12):
    total = sum(int(c) * (3 if i % 2 else 1) for i, c in enumerate(d12))
    return d12 + str((10 - total % 10) % 10)


def d_date():
    d = some_day()
    return pick(
        (
            d.strftime("%Y-%m-%d"),
            d.strftime("%Y.%m.%d"),
            d.strftime("%Y. %m. %d."),
            d.strftime("%y.%m.%d"),
            f"{d.month}월 {d.day}일",
            f"{d.year}년 {d.month}월 {d.day}일",
            f"{d.month}/{d.day}",
            f"{d.month}.{d.day}({'월화수목금토일'[d.weekday()]})",
        )
    )


def d_time():
    h, m = RNG.randint(6, 21), pick((0, 0, 10, 20, 30, 30, 40, 50))
    return pick(
        (
            f"{h:02d}:{m:02d}",
            f"{h:02d}:{m:02d}~{min(h + RNG.randint(1, 3), 23):02d}:{m:02d}",
            f"오전 {h % 12 or 12}시" if h < 12 else f"오후 {h % 12 or 12}시",
            f"{h % 12 or 12}시 {m}분" if m else f"{h % 12 or 12}시 반",
        )
    )


def d_price():
    amount = RNG.randint(1, 300) * pick((100, 1000, 1000, 5000, 10000))
    forms = [f"{amount:,}원", f"₩{amount:,}", f"{amount:,}원", f"{amount:,} 원"]
    if amount % 10000 == 0:
        forms += [f"{amount // 10000}만원", f"{amount // 10000}만 원"]
    return pick(forms)


def d_percent():
    return pick((f"{RNG.randint(1, 99)}%", f"{RNG.randint(1, 999) / 10:.1f}%", f"{RNG.randint(1, 50)}퍼센트"))


def d_duration():
    return pick(
        (
            f"{RNG.randint(2, 30)}일",
            f"{RNG.randint(2, 8)}주",
            f"{RNG.randint(1, 24)}개월",
            f"{RNG.randint(1, 15)}년",
        )
    )


def d_model_code():
    return pick(
        (
            f"{letters(2)}-{RNG.randint(100, 9900)}{letters(1)}",
            f"{letters(3)}{RNG.randint(10, 990)}",
            f"{letters(2)}-{letters(1)}{RNG.randint(100, 999)}{letters(1)}",
            f"{letters(1)}{RNG.randint(1, 9)}-{RNG.randint(10, 99)}",
        )
    )


def d_ean():
    return ean13_complete("880" + digits(9))


def d_isbn():
    body = ean13_complete(pick(("97889", "97911")) + digits(7))
    return f"{body[:3]}-{body[3:5]}-{body[5:9]}-{body[9:12]}-{body[12]}"


def d_order_no():
    return pick(
        (
            f"{ymd()}-{digits(7)}",
            f"ORD-{ymd()[:4]}-{nz_digits(6)}",
            f"{ymd()}{digits(6)}",
            f"{ymd()[2:]}{letters(2)}{digits(4)}",
        )
    )


def d_invoice_no():
    return pick((f"INV-{ymd()[:4]}-{digits(5)}", f"{ymd()}-{pick(('41', '42', '10'))}{digits(6)}-{hexes(8)}"))


def d_business_reg():
    d9 = f"{RNG.randint(101, 899)}{RNG.randint(1, 99):02d}{digits(4)}"
    weights = (1, 3, 7, 1, 3, 7, 1, 3, 5)
    total = sum(int(c) * w for c, w in zip(d9, weights, strict=True)) + int(d9[8]) * 5 // 10
    number = d9 + str((10 - total % 10) % 10)
    return f"{number[:3]}-{number[3:5]}-{number[5:]}"


def d_corporate_reg():
    while True:
        head = pick(("1101", "1201", "1311", "1345", "1358", "1441", "1501", "1611", "1701", "1801", "2001", "2811"))
        d12 = head + pick(("11", "12", "13", "14", "21", "22")) + pick("0001") + digits(5)
        total = sum(int(c) * (2 if i % 2 else 1) for i, c in enumerate(d12))
        number = d12 + str((10 - total % 10) % 10)
        if rrn_birth(number, future_ok=True) is None:
            return f"{number[:6]}-{number[6:]}"


def d_rep_number():
    head = pick(
        ("1588", "1577", "1544", "1566", "1599", "1600", "1644", "1661", "1670", "1688", "1800", "1833", "1899")
    )
    return pick((f"{head}-{digits(4)}", f"{head}{digits(4)}", f"{head} {digits(4)}"))


def d_fake_area_phone():
    area = pick(("034", "035", "036", "037", "038", "039", "045", "046", "047", "048", "049", "056", "057"))
    area = pick((area, pick(("058", "059", "065", "066", "067", "068", "069"))))
    return f"{area}-{RNG.randint(200, 9999)}-{digits(4)}"


def d_private_ip():
    return pick(
        (
            f"192.168.{RNG.randint(0, 10)}.{RNG.randint(2, 254)}",
            f"10.{RNG.randint(0, 255)}.{RNG.randint(0, 255)}.{RNG.randint(2, 254)}",
            f"172.{RNG.randint(16, 31)}.{RNG.randint(0, 255)}.{RNG.randint(2, 254)}",
            "127.0.0.1",
            f"100.{RNG.randint(64, 127)}.{RNG.randint(0, 255)}.{RNG.randint(2, 254)}",
            f"169.254.{RNG.randint(1, 254)}.{RNG.randint(1, 254)}",
            f"{pick(('192.0.2', '198.51.100', '203.0.113'))}.{RNG.randint(1, 254)}",
            f"fe80::{hexes(4)}:{hexes(2)}ff:fe{hexes(2)}:{hexes(4)}",
            f"fd{hexes(2)}:{hexes(4)}:{hexes(4)}::{RNG.randint(1, 99)}",
            f"2001:db8::{hexes(3)}",
            "255.255.255.0",
        )
    )


def d_gift_pin():
    while True:
        number = digits(16) if RNG.random() < 0.6 else digits(18)
        if not luhn_ok(number):
            g = split_groups(number, (4, 4, 4, 4) if len(number) == 16 else (4, 4, 4, 6))
            return pick(("-".join(g), " ".join(g), number))


def d_uuid():
    h = f"{RNG.getrandbits(128):032x}"
    h = h[:12] + "4" + h[13:16] + pick("89ab") + h[17:]
    return f"{h[:8]}-{h[8:12]}-{h[12:16]}-{h[16:20]}-{h[20:]}"


def d_coordinates():
    lat, lon = RNG.uniform(33.1, 38.3), RNG.uniform(126.1, 129.5)
    return pick((f"{lat:.4f}, {lon:.4f}", f"N{lat:.5f} E{lon:.5f}", f"{lat:.4f}°N {lon:.4f}°E"))


def d_car_plate():
    return f"{RNG.randint(10, 399)}{pick(PLATE_HANGUL)} {digits(4)}"


DECOYS = {
    "date": d_date,
    "time": d_time,
    "price": d_price,
    "percent": d_percent,
    "duration": d_duration,
    "count": lambda: f"{RNG.randint(2, 60)}명",
    "number": lambda: str(RNG.randint(2, 99)),
    "few": lambda: str(RNG.randint(2, 9)),
    "minutes": lambda: f"{RNG.randint(1, 12) * 10}분",
    "hours": lambda: pick((f"{RNG.randint(1, 6)}시간", f"{RNG.randint(1, 4)}시간 {RNG.randint(1, 5)}0분")),
    "body_weight": lambda: f"{RNG.randint(38, 96)}kg",
    "quantity": lambda: f"{RNG.randint(2, 50)}{pick(('개', '개', '세트', '박스'))}",
    "weight": lambda: pick(
        (f"{RNG.randint(2, 40)}kg", f"{RNG.randint(10, 400) / 10:.1f}kg", f"{RNG.randint(1, 9)}00g")
    ),
    "length": lambda: pick((f"{RNG.randint(12, 240)}cm", f"{RNG.randint(120, 990) / 10:.1f}cm")),
    "thickness": lambda: f"{RNG.randint(15, 45)}mm",
    "temperature": lambda: pick(
        (f"{RNG.randint(5, 35)}℃", f"{RNG.randint(5, 35)}도", f"{RNG.randint(150, 320) / 10:.1f}℃")
    ),
    "hot_temp": lambda: pick((f"{RNG.randint(45, 98)}℃", f"{RNG.randint(45, 98)}도")),
    "kiln_temp": lambda: pick((f"{RNG.randint(105, 132) * 10:,}℃", f"{RNG.randint(105, 132) * 10}도")),
    "distance": lambda: pick(
        (f"{RNG.randint(10, 90)}m", f"{RNG.randint(1, 95) / 10:.1f}km", f"{RNG.randint(2, 40)}km")
    ),
    "age": lambda: pick((f"{RNG.randint(4, 13)}살", f"{RNG.randint(5, 15)}세", f"만 {RNG.randint(4, 12)}세")),
    "year": lambda: f"{RNG.randint(1988, 2027)}년",
    "version": lambda: pick(
        (
            f"v{RNG.randint(1, 9)}.{RNG.randint(0, 20)}.{RNG.randint(0, 30)}",
            f"{RNG.randint(1, 9)}.{RNG.randint(0, 20)}.{RNG.randint(0, 9)}",
            f"ver {RNG.randint(1, 9)}.{RNG.randint(0, 9)}",
        )
    ),
    "model_code": d_model_code,
    "ean": d_ean,
    "isbn": d_isbn,
    "order_no": d_order_no,
    "invoice_no": d_invoice_no,
    "tracking_no": lambda: pick((nz_digits(12), nz_digits(10), nz_digits(13))),
    "reservation_no": lambda: pick(
        (f"R{ymd()[2:]}-{digits(4)}", f"{letters(2)}{nz_digits(4)}{letters(1)}", nz_digits(10))
    ),
    "receipt_no": lambda: pick((f"{ymd()}-{digits(3)}-{digits(4)}", f"No.{nz_digits(6)}", f"{digits(4)}-{digits(6)}")),
    "approval_no": lambda: pick((nz_digits(8), f"{pick(('30', '31', '50', '71'))}{digits(6)}")),
    "claim_no": lambda: pick((f"{ymd()[:4]}-{nz_digits(7)}", f"C{ymd()[:4]}{digits(6)}")),
    "policy_no": lambda: pick((f"L{ymd()[:4]}{digits(7)}", f"{RNG.randint(1, 9)}-{ymd()[:4]}-{digits(7)}")),
    "registered_mail": lambda: pick((f"{pick('16')}{digits(12)}", f"{pick('16')}{digits(4)}-{digits(4)}-{digits(4)}")),
    "case_no": lambda: (
        f"{RNG.randint(2019, 2026)}{pick(('가단', '가합', '가소', '고단', '타경', '나'))}{nz_digits(RNG.randint(4, 6))}"
    ),
    "student_id": lambda: f"{RNG.randint(2015, 2026)}{digits(pick((4, 5, 6)))}",
    "employee_id": lambda: pick((f"{letters(1)}{nz_digits(5)}", f"{RNG.randint(2005, 2026)}-{digits(4)}")),
    "business_reg": d_business_reg,
    "corporate_reg": d_corporate_reg,
    "rep_number": d_rep_number,
    "toll_free": lambda: f"080-{RNG.randint(200, 9999)}-{digits(4)}",
    "relay_0500": lambda: f"{pick(('0500', '0501'))}-{nz_digits(3)}-{digits(4)}",
    "short_number": lambda: pick(("112", "119", "114", "120", "1330", "1345", "131", "182", "1382", "1332", "110")),
    "fake_area_phone": d_fake_area_phone,
    "private_ip": d_private_ip,
    "port": lambda: pick(("8080", "443", "8443", "22", "3389", "554", "8000", "9000", "37777", "5000", "2222", "8888")),
    "image_file": lambda: (
        f"{pick(WORDS)}{pick(('', '_main', '_thumb', '-banner', '_logo'))}@{pick(('2x', '3x'))}"
        f".{pick(('png', 'jpg', 'webp'))}"
    ),
    "git_remote": lambda: (
        f"git@{pick(('github.com', 'gitlab.com', 'bitbucket.org'))}:{pick(WORDS)}-{pick(WORDS)}/"
        f"{pick(('booking', 'homepage', 'shop', 'admin', 'reserve'))}.git"
    ),
    "npm_package": lambda: f"@{pick(WORDS)}/{pick(('utils', 'ui', 'booking-sdk', 'core', 'icons', 'map', 'pay'))}",
    "mention": lambda: pick(
        (f"@{pick(WORDS)}_{pick(WORDS)}", f"@{pick(ROMAN_GIVEN)}{digits(2)}", f"@{pick(WORDS)}.official")
    ),
    "coordinates": d_coordinates,
    "statistic": lambda: pick(
        (f"{RNG.randint(1, 999) / 10:.1f}%p", f"±{RNG.randint(5, 60) / 10:.1f}%", f"n={RNG.randint(30, 900)}")
    ),
    "score": lambda: pick(
        (f"{RNG.randint(10, 50) / 10:.1f}점", f"{RNG.randint(40, 100)}점", f"{RNG.randint(30, 50) / 10:.1f}/5")
    ),
    "hash": lambda: pick((hexes(7), hexes(40), "sha256:" + hexes(64))),
    "uuid": d_uuid,
    "serial": lambda: pick(
        (f"SN{letters(2)}{nz_digits(8)}", f"{letters(2)}{digits(2)}-{letters(3)}{digits(1)}-{digits(4)}")
    ),
    "postal_code": lambda: f"{RNG.randint(1000, 63644):05d}",
    "room_no": lambda: pick(
        (f"{RNG.randint(1, 12)}0{RNG.randint(1, 9)}호", f"{pick('ABC')}동 {RNG.randint(1, 15)}0{RNG.randint(1, 8)}호")
    ),
    "meeting_id": lambda: pick((f"{nz_digits(3)} {digits(4)} {digits(4)}", f"{nz_digits(3)} {digits(3)} {digits(4)}")),
    "otp": lambda: digits(6),
    "gift_pin": d_gift_pin,
    "expiry": lambda: f"{RNG.randint(1, 12):02d}/{RNG.randint(27, 31)}",
    "animal_reg": lambda: "410" + digits(12),
    "lot_no": lambda: pick(
        (f"Lot {RNG.randint(1, 240)}", f"LOT-{RNG.randint(1, 240):03d}", f"No.{RNG.randint(1, 240)}")
    ),
    "seat_no": lambda: pick(
        (f"{pick('ABCDEFG')}{RNG.randint(1, 40)}", f"{RNG.randint(1, 30)}열 {RNG.randint(1, 20)}번")
    ),
    "ticket_no": lambda: pick((f"T{ymd()[2:]}-{nz_digits(5)}", f"{letters(2)}{nz_digits(8)}")),
    "member_no": lambda: pick((f"M-{digits(6)}", f"{RNG.randint(2019, 2026)}{digits(4)}", f"회원{nz_digits(5)}")),
    "car_plate": d_car_plate,
    "rank": lambda: pick((f"{RNG.randint(1, 9)}단", f"{RNG.randint(1, 4)}품", f"{RNG.randint(1, 10)}급")),
    "floor": lambda: pick((f"{RNG.randint(2, 9)}층", f"지하 {RNG.randint(1, 3)}층")),
    "wind": lambda: pick((f"{RNG.randint(2, 15)}m/s", f"초속 {RNG.randint(2, 15)}m")),
    "body_temp": lambda: f"{RNG.randint(370, 389) / 10:.1f}℃",
    "horse_weight": lambda: f"{RNG.randint(380, 560)}kg",
    "wave": lambda: f"{RNG.randint(5, 45) / 10:.1f}m",
    "bus_no": lambda: f"{RNG.randint(100, 9800)}번",
    "masked_rrn": masked_rrn,
    "masked_mobile": masked_mobile,
    "masked_landline": masked_landline,
    "masked_email": masked_email,
    "masked_card": masked_card,
    "masked_account": masked_account,
    "masked_ip": masked_ip,
}

MASKED = {k: f"masked_{k}" for k in KINDS}
# the look-alike decoys a value slot takes in a negative record
LOOKALIKE = {
    "rrn": {"masked_rrn": 6, "corporate_reg": 3, "business_reg": 1},
    "mobile": {"masked_mobile": 4, "rep_number": 2, "relay_0500": 2, "fake_area_phone": 2, "toll_free": 1},
    "landline": {"masked_landline": 3, "rep_number": 3, "toll_free": 2, "short_number": 1, "fake_area_phone": 2},
    "email": {"masked_email": 5, "mention": 3, "image_file": 1, "npm_package": 1},
    "ip": {"private_ip": 5, "masked_ip": 3, "version": 1},
    "card": {"masked_card": 5, "gift_pin": 4, "approval_no": 1},
    "account": {"masked_account": 1},
}
# negatives are named after their most PII-like decoy (first in this list)
PII_LIKENESS = (
    "masked_rrn corporate_reg masked_card gift_pin masked_account masked_mobile fake_area_phone relay_0500 "
    "masked_landline rep_number toll_free masked_email git_remote masked_ip private_ip business_reg animal_reg "
    "registered_mail short_number mention npm_package image_file ean isbn meeting_id otp expiry approval_no "
    "tracking_no order_no invoice_no policy_no claim_no case_no reservation_no receipt_no ticket_no member_no "
    "student_id employee_id serial uuid hash car_plate postal_code port coordinates version model_code"
).split()


# ---------------------------------------------------------------------------------------------
# the decoy filter: a decoy is redrawn until no part of it could pass as a value of any kind
# ---------------------------------------------------------------------------------------------
EMAIL_RE = re.compile(r"[A-Za-z0-9._%+-]+@[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,}(?![\w:/])")
OBFUSCATED_AT_RE = re.compile(r"\((?:at|@)\)|\[(?:at|@)\]|골뱅이|\s(?:at|AT)\s|＠")
DIGIT_RUN_RE = re.compile(r"\d+(?:[-. ]\d+)*")
IPV4_RE = re.compile(r"\d{1,3}(?:\.\d{1,3}){3}")
IPV6_RE = re.compile(r"[0-9A-Fa-f]*:[0-9A-Fa-f:.]*")
# image@2x file names and git remotes (git@host:owner/repo.git) are decoys, not emails
DECOY_AT_RE = re.compile(r"@[1-4]x\.(?:png|jpe?g|webp|gif)\b|\bgit@(?=[\w.-]+:)")
HANGUL_PHONE_RE = re.compile(r"[공영]일?[공영일육칠팔구][\s-]?[공영일이삼사오육칠팔구]{3,4}")


def plain_text(s):
    """Undo the writing styles a decoy check must see through: full-width forms, defanged dots, Hangul dashes."""
    s = unicodedata.normalize("NFKC", s.replace("ㅡ", "-"))  # NFKC would turn the ㅡ jamo into U+1173
    return s.replace("[.]", ".").replace("(.)", ".")


def number_looks_like_value(groups):
    d = "".join(groups)
    if tuple(len(g) for g in groups) in ACCOUNT_GROUPINGS:
        return True
    for cand in [d, *groups]:
        if phone_like(cand) or rrn_birth(cand, future_ok=True) or (12 <= len(cand) <= 19 and luhn_ok(cand)):
            return True
    return False


def looks_like_value(s):
    t = DECOY_AT_RE.sub(" ", plain_text(s))
    if EMAIL_RE.search(t) or OBFUSCATED_AT_RE.search(t):
        return True
    if "+82" in t or HANGUL_PHONE_RE.search(t):
        return True
    for m in DIGIT_RUN_RE.finditer(t):
        if number_looks_like_value(re.split(r"[-. ]", m.group())):
            return True
    for m in IPV4_RE.finditer(t):
        try:
            if ipaddress.ip_address(m.group()).is_global:
                return True
        except ValueError:
            pass
    for m in IPV6_RE.finditer(t):
        try:
            if ipaddress.ip_address(m.group().strip(":.") if "::" not in m.group() else m.group()).is_global:
                return True
        except ValueError:
            pass
    return False


def make_decoy(name):
    """(text before, decoy text, text after) for a decoy of this kind."""
    for _ in range(500):
        out = DECOYS[name]()
        pre, text, post = out if isinstance(out, tuple) else ("", out, "")
        if not looks_like_value(text):
            return pre, text, post
    raise RuntimeError(f"no decoy of kind {name} passes the filter")


# ---------------------------------------------------------------------------------------------
# genres: value frames (slots of the seven kinds) and value-free frames; {name} is a person's name,
# every other slot is a decoy kind; the frame text itself carries no digits
# ---------------------------------------------------------------------------------------------
GENRES = {}

GENRES["glass_workshop"] = (
    [
        "[예약 확정] {name}님, {date} {time} 유리 블로잉 원데이 클래스 예약이 확정되었습니다. "
        "수강료 {price}은 당일 현장 결제이며, 일정 변경은 {mobile}로 문자 남겨 주세요.",
        "공방 오시는 길: 우편번호 {postal_code}, 헤이리 예술마을 안쪽 골목 끝 건물 {floor}입니다. "
        "대표전화 {landline} / 단체·출강 문의 {email}",
        "이번 주는 가마를 {kiln_temp}까지 올려서 큰 화병 작업했어요🔥 주문 제작은 DM보다 메일이 빨라요 "
        "{email} 급하신 분은 {mobile}",
        "주문서\n주문자: {name}\n연락처: {mobile}\n배송지 우편번호: {postal_code}\n주문번호: {order_no}\n"
        "결제 카드: {card} (일시불)",
        "선생님 지난주 만든 컵이 택배로 오다가 깨져서 환불 부탁드려요ㅠ 주문번호 {order_no}이고 "
        "환불 계좌는 {account}, 예금주 {name}입니다.",
        "기업 단체 클래스 견적 요청드립니다. 인원 {count}, 희망일 {date}, 담당 {name} 대리(사번 {employee_id}) "
        "(직통 {landline}, 휴대폰 {mobile}, 메일 {email})",
        "강사 위촉 계약서\n성명: {name}\n주민등록번호: {rrn}\n강사료 지급 계좌: {account}\n"
        "회당 강사료: {price} (원천징수 {percent})",
        "[보안 알림] 공방 예약 관리자 계정에 새 기기 로그인이 있었습니다. 일시 {date} {time}, "
        "접속 IP {ip}. 본인이 아니라면 비밀번호를 바꾸고 {landline}로 알려 주세요.",
        "단체 상해보험 가입용 수강생 명단 보내드립니다.\n{name} {rrn}\n{name} {rrn}\n수업일은 {date}입니다.",
        "중고 전기가마 {model_code} 팝니다. 사용 기간 {duration}, 최고 온도 {kiln_temp}. 직거래만 하고요 "
        "연락은 {mobile}(문자 선호), 예약금은 {account}로 받을게요.",
        "해외 유리봉 주문 결제 내역 공유합니다. 카드 {card}, 승인번호 {approval_no}, 금액 {price}. "
        "송장번호 {tracking_no}, 인보이스 받은 메일은 {email}",
        "공방 CCTV 앱이 자꾸 끊겨서 공유기 설정을 다시 했어요. 외부 접속 주소 {ip}:{port}, "
        "내부 주소 {private_ip}. 설치 기사님 번호는 {mobile} 저장해 두세요.",
    ],
    [
        "{year} 겨울 시즌 클래스 일정: {date} 블로잉, {date} 퓨징, {date} 램프워크. 회당 정원 {count}, "
        "재료비 포함 {price}. 예약은 네이버 예약으로만 받고 공지는 인스타 {mention}에 올려요.",
        "가마 정기점검 안내 — 전기가마 {model_code} 점검으로 {date}부터 {few}일 동안 휴강합니다. "
        "택배 관련 문의는 택배사 고객센터 {rep_number}로 해 주세요.",
        "홈페이지 개편 후 상품 사진 {image_file}이 흐리게 보이던 문제를 고쳤습니다. 배포 버전 {version}, "
        "커밋 {hash}. 결제 모듈 {npm_package}도 함께 올렸어요. 저장소 {git_remote}",
        "재료 입고 내역: 색유리 봉 {weight}, 프릿 {quantity}, 상품 바코드 {ean}. 거래명세서 번호 {invoice_no}, "
        "공급자 사업자등록번호 {business_reg}.",
    ],
)

GENRES["pet_funeral"] = (
    [
        "[장례 예약 안내] {name} 보호자님, {date} {time} 추모실 예약되었습니다. 아이 체중 {weight} 기준 "
        "기본 장례 비용은 {price}입니다. 도착 전에 {mobile}로 연락 주시면 주차 안내해 드려요.",
        "연중무휴 장례 상담 {landline}\n야간 긴급 {mobile}\n화장증명서·서류 요청 {email}",
        "너무 갑작스럽게 보내서 정신이 하나도 없네요… 경기 남부 쪽 괜찮은 장례식장 아시는 분 "
        "{mobile}으로 문자 부탁드려요. 댓글도 다 읽을게요.",
        "동물등록 말소 신고 대행 신청서\n보호자 성명: {name}\n주민등록번호: {rrn}\n연락처: {mobile}\n"
        "동물등록번호: {animal_reg}",
        "메모리얼 스톤 제작비 {price} 입금 부탁드립니다. 입금 계좌 {account} (예금주 {name}). "
        "입금하신 뒤 {mobile}로 보호자 성함 남겨 주세요.",
        "수기결제로 부탁드릴게요. 카드번호 {card} 유효기간 {expiry} 일시불이요. 영수증은 {email}로 보내 주세요.",
        "장례지도사 채용 지원서\n이름: {name}\n주민번호: {rrn}\n휴대폰: {mobile}\n이메일: {email}\n"
        "급여 계좌: {account}",
        "[관리자] 추모 게시판에 도배 글이 올라와 작성자 IP {ip}를 차단했습니다. 같은 대역에서 {number}분이 "
        "신고해 주셨어요. 불편 사항은 {landline}로 알려 주세요.",
        "봉안당 이용 계약 갱신 안내: 계약번호 {reservation_no}, 만료일 {date}. 갱신을 원하시면 "
        "사무실 {landline} 또는 담당자 {mobile}, 서류는 팩스 {landline}로 보내 주세요.",
        "추모 영상 제작 의뢰 메일 주소가 바뀌었습니다 → {email} 기존 주소는 {date}까지만 확인해요. "
        "사진 원본은 {quantity} 이내로 골라 주세요.",
        "온라인 추모식 화상 참관 안내: 회의 ID {meeting_id}, 암호 {otp}. 접속이 안 되면 백업 서버 {ip} 로 "
        "들어오시거나 {mobile}로 전화 주세요.",
        "결제 완료 — 개별 화장과 유골함 패키지 {price}, 카드 {card}, 승인번호 {approval_no}. "
        "현금영수증 대신 카드 전표가 발행됩니다.",
    ],
    [
        "반려동물 장례 절차 안내: 염습 {minutes}, 추모 {minutes}, 화장 {hours} 정도 걸립니다. "
        "체중 {weight} 이하 소형견 기준 비용은 {price}부터이며, 주말은 {percent} 할증됩니다. 무료 "
        "상담 {toll_free}",
        "동물등록번호 {animal_reg} 아이 장례 문의가 왔었는데 보호자 연락처가 {masked_mobile}로만 남아 있어요. "
        "혹시 본인이시면 대표번호 {rep_number}로 전화 부탁드립니다.",
        "장례식장 위치 {coordinates}, 주차 {number}대 가능. 네비에는 우편번호 {postal_code} 입력하시면 "
        "됩니다. {bus_no} 버스 정류장에서 도보 {minutes}.",
        "정부 지원 동물장묘업 등록 현황 {year} 기준 전국 {number}곳, 만족도 {score}, 전년 대비 {statistic}. "
        "자세한 통계는 국번 없이 {short_number}로 문의하세요.",
    ],
)

GENRES["ferry_ticketing"] = (
    [
        "[승선권 예매 완료] {name}님 {date} {time} 목포→제주 {seat_no} 좌석입니다. 예매번호 {ticket_no}. "
        "기상으로 출항이 바뀌면 {mobile}로 안내 문자가 갑니다.",
        "여객선 승선 신고서\n성명: {name}\n주민등록번호: {rrn}\n비상 연락처: {mobile}\n승선 차량: {car_plate}",
        "단체 승선 명단 제출합니다.\n{name} {rrn}\n{name} {rrn}\n인솔자 연락처 {mobile}",
        "차량 선적 예약 문의드려요. 차량 {car_plate}, 전장 {length}입니다. 연락은 {mobile}이고 "
        "예약 확정 메일은 {email}로 부탁드려요.",
        "결항 때문에 환불 요청합니다. 예매번호 {ticket_no}, 결제 카드 {card}. 카드 취소가 어려우면 "
        "{account}로 입금해 주세요. 신분증 사본은 등기 {registered_mail}로 보냈어요.",
        "여객터미널 매표소 {landline} · 선사 고객센터 {landline} · 단체 예약 메일 {email}",
        "섬 주민 운임 할인 신청서\n성명: {name}\n주민번호: {rrn}\n주소지 우편번호: {postal_code}\n연락처: {mobile}",
        "[운항관리] 예매 시스템 관리자 접속 기록 {date} {time}, {ip}에서 로그인 실패 {number}회. "
        "해당 IP는 자동 차단됐습니다. 담당 {landline}",
        "배멀미약 꼭 챙기세요ㅋㅋ 저는 {date} 첫배 타요. 같이 가실 분 카톡 말고 문자 {mobile} 주세요",
        "반려견 동반 승선 신청합니다. 보호자 {name}, 연락처 {mobile}, 이메일 {email}, 반려견 체중 {weight}. "
        "케이지 지참할게요.",
        "단체 승선권 대금 {price}은 계좌 입금 {account} (예금주 {name}) 또는 법인카드 {card} 수기결제로 가능합니다.",
        "모바일 승선권 발급 오류 리포트: 단말 {model_code}, 앱 {version}, 요청 IP {ip}, 오류 코드 {number}. "
        "재현되면 {email}로 로그 부탁드려요.",
    ],
    [
        "{date} 기상 악화로 {time} 출항 예정이던 여객선이 결항되었습니다. 풍속 {wind}, 파고 {wave}. "
        "다음 운항은 {date} {time}입니다.",
        "선사 법인등록번호 {corporate_reg}. 여객선 정원 {count}, 차량 {number}대 선적 가능, 운항 "
        "시간 약 {hours}. 운임은 {year} 기준 "
        "성인 {price}, 소인 {price}입니다.",
        "승선권을 잃어버리면 재발행이 안 됩니다. 해상 사고 신고는 {short_number}, 선사 대표번호는 "
        "{rep_number}. 예매번호 {ticket_no}로 조회됩니다.",
        "터미널 좌표 {coordinates}. 주차장 {floor}, 하루 {price}. {bus_no} 버스 종점 하차. "
        "매표소 운영 시간 {time}. 분실물은 등기 {registered_mail}로 보냈습니다.",
    ],
)

GENRES["rice_mill"] = (
    [
        "햅쌀 도정 주문 받습니다🌾 {year} 추청 햅쌀 {weight} {price}. 주문은 {mobile}로 문자 "
        "(이름/주소/수량) 남겨 주세요.",
        "방앗간 택배 주문서\n받는 분: {name}\n전화: {mobile}\n우편번호: {postal_code}\n입금자명: {name}\n"
        "입금 계좌: {account}",
        "정미소 대표 {landline} / 사장님 휴대폰 {mobile}. 떡 맞춤은 전날까지 예약, 참기름은 당일 짜 드립니다.",
        "쌀 {quantity} 주문하고 {account}로 {price} 보냈어요~ 송장번호는 {email}로 보내 주시면 감사하겠습니다",
        "직불금 신청서 대리 작성\n성명: {name}\n주민등록번호: {rrn}\n경작 면적: {number}평\n수령 "
        "계좌: {account}\n"
        "연락처: {landline}",
        "수매 대상 농가 명부\n{name} {rrn} {mobile}\n{name} {rrn} {mobile}",
        "온라인 스토어 결제 오류 문의요. 카드 {card}로 결제했는데 주문이 안 잡혀요. 주문번호 {order_no}, "
        "제 메일은 {email}입니다.",
        "판매자 센터 로그인 알림: {date} {time}, 해외 추정 IP {ip}. 본인 접속이 아니면 바로 신고하세요. "
        "(알림 수신 번호 {mobile})",
        "정미기 수리 기사님 연락처 남깁니다 {mobile} 정미기 {model_code} 부품은 {landline}에서 주문하면 돼요.",
        "떡 답례품 {quantity} 견적 부탁드려요. 행사일 {date}, 받는 곳은 행사 사무실 {landline}. "
        "견적서는 {email}로 보내 주세요.",
        "원격 저울 모니터링 서버 주소가 바뀌었습니다: {ip} (포트 {port}). 문제 생기면 업체 메일 {email}, "
        "현장 담당 {mobile}.",
        "거래처 대금 결제 완료: 법인카드 {card}, 승인 {approval_no}, 공급가 {price}. 거래명세서 {invoice_no}.",
    ],
    [
        "{year} 벼 수매가 발표: 조곡 {weight} 기준 {price}, 전년 대비 {percent} 올랐습니다. 수분 "
        "함량 {percent} "
        "이하만 수매합니다.",
        "방앗간 휴무 안내: {date}부터 {date}까지 명절 휴무입니다. 떡 주문은 {date}까지 마감하고, "
        "급한 농협 업무는 콜센터 {rep_number}로 하세요. 명절 모바일 상품권 PIN {gift_pin}은 환불이 안 됩니다.",
        "도정 수율 비교: 현미 {percent}, 백미 {percent}, 쌀눈쌀 {percent}. 시료 {quantity}, 측정 오차 {statistic}.",
        "택배 발송 완료 — 운송장 {tracking_no}, 쌀 {weight} {quantity}. 배송 조회는 택배사 {rep_number} 또는 "
        "앱에서 하시면 됩니다.",
    ],
)

GENRES["magic_show"] = (
    [
        "[공연 예매 확인] {name}님, {date} {time} 클로즈업 매직쇼 {seat_no} 좌석 {number}매 예매되었습니다. "
        "당일 입장 안내는 {mobile}로 보내 드립니다.",
        "돌잔치·기업행사 마술 공연 섭외 문의 ☎ {landline} 📱 {mobile} ✉ {email}",
        "어제 공연 보고 완전 반했어요ㅠㅠ 아이 생일파티에 섭외하고 싶은데 {mobile}으로 견적 좀 부탁드립니다!",
        "마술 도구 중고로 팔아요. 링킹링 세트랑 실크 {quantity}, 상태 좋아요 {price}. 입금은 {account}, "
        "택배비 별도. 문의 {mobile}",
        "출연 계약서\n출연자: {name}\n주민등록번호: {rrn}\n출연료: {price}\n지급 계좌: {account}\n연락처: {mobile}",
        "마술 학원 수강 신청서\n학생 이름: {name}\n나이: {age}\n보호자 연락처: {mobile}\n보호자 이메일: {email}",
        "티켓 환불 부탁드려요. 예매번호 {ticket_no}, 결제 카드 {card}. {number}매만 부분 취소해 주세요.",
        "해외 마술 도구 직구 결제 내역\n카드: {card}\n금액: {price}\n판매자 메일: {email}\n배송 추적: {tracking_no}",
        "[서버] 온라인 마술 강의 사이트에 비정상 트래픽: {ip} 외 {number}개 IP, 초당 요청 {number}건. "
        "방화벽에서 차단했고 보고서는 {email}로 보냈습니다.",
        "공연장 대관 담당자 번호가 바뀌었어요 → {landline} (예전 번호 {masked_landline}는 {date}부터 안 받아요)",
        "마술사 협회 신규 회원 등록\n성명: {name}\n주민번호: {rrn}\n활동명: {name}\n연락처: {mobile}\n"
        "회비 납부 계좌: {account}",
        "생방송 중 IP 노출 사고 사과문: 화면에 {ip} 주소가 {minutes} 동안 보였습니다. 관련 문의는 "
        "{landline} 또는 {email}로 부탁드립니다.",
    ],
    [
        "이번 시즌 공연 일정: {date} {time} 가족 매직쇼, {date} {time} 성인 클로즈업. 러닝타임 {minutes}, "
        "관람료 {price}, {age} 이상 관람가. 단체 예매 {toll_free}",
        "마술용 트럼프 카드 {number}종 비교 후기. 평점 {score}, 재구매율 {percent}, 결론은 모델 {model_code} 추천.",
        "예매 사이트 점검 안내: {date} {time}. 점검 중 예매 문의는 {rep_number}. 앱 {version} 이하는 "
        "업데이트가 필요합니다. 빌드 {hash}, 저장소 {git_remote}",
        "공연장 오시는 길: {bus_no} 버스 하차 후 도보 {minutes}, 건물 {floor}. 우편번호 {postal_code}, "
        "주차는 {number}대까지 가능합니다.",
    ],
)

GENRES["horse_riding"] = (
    [
        "[체험 승마 예약] {name}님 {date} {time} 외승 체험 {minutes} 코스 예약 완료. 안전 교육이 있어서 "
        "{number}분 전까지 도착해 주세요. 문의 {landline}",
        "승마 상해보험 가입 명단(증권번호 {policy_no})\n{name} {rrn} 체중 {body_weight}\n{name} "
        "{rrn} 체중 {body_weight}",
        "회원권 결제: 정기 레슨 {number}회권 {price}, 카드 {card} {number}개월 할부. 영수증은 {email}",
        "말 위탁 관리 계약서\n마주: {name}\n주민등록번호: {rrn}\n연락처: {mobile}\n위탁비 자동이체 계좌: {account}",
        "주말에 애들 데리고 승마 체험 다녀왔어요🐴 코치님 친절하시고 말도 순해요. 예약은 {mobile} 문자로 했어요",
        "승마장 대표번호 {landline}, 팩스 {landline}, 레슨 상담 {mobile}, 단체 견적 {email}",
        "중고 승마 부츠랑 헬멧 팝니다. 사이즈 {length}, 사용 {duration}. {price} 입금 {account} "
        "확인 후 발송해요. "
        "연락처 {mobile}",
        "재활승마 프로그램 참가 신청서\n아동 이름: {name}\n나이: {age}\n보호자 휴대전화: {mobile}\n"
        "보호자 이메일: {email}\n담당 치료사 직통: {landline}",
        "[보안] 승마장 예약 홈페이지 관리자 로그인 {date} {time}, 접속지 {ip}. 평소와 다른 국가에서 들어온 "
        "접속입니다. 확인 요청은 {email}",
        "말 사료 대금 {price} 입금 부탁드립니다. 입금 계좌 {account}, 예금주 {name}. 세금계산서는 {email}로 "
        "발행해 드려요.",
        "마방 CCTV 원격 확인 주소는 {ip}:{port} 입니다. 밤에 말이 아프면 수의사 선생님 {mobile}에게 바로 연락하세요.",
        "승마 대회 참가비 결제 완료: 카드 {card}, 승인번호 {approval_no}, 참가 번호 {member_no}. "
        "마필 등록 확인은 {landline}",
    ],
    [
        "승마 레슨 요금표({year} 기준): {number}회 {price}, {number}회 {price}. 체중 "
        "{body_weight}을 넘으면 레슨이 "
        "제한될 수 있습니다. 대학생 할인은 학번(예: {student_id}) 확인 후 적용.",
        "외승 코스 안내: 총 {distance}, 소요 {hours}, 출발 좌표 {coordinates}. 기온이 {temperature} 이상이면 "
        "운영하지 않습니다.",
        "말 건강검진 결과: 체온 {body_temp}, 체중 {horse_weight}, 마필 등록번호 {serial}. 다음 "
        "검진은 {date}입니다. 마필 보험 증권번호 {policy_no}",
        "승마장 가는 길: {bus_no} 버스 종점에서 셔틀이 {time}에 출발합니다. 네비에 우편번호 {postal_code}, "
        "관광 안내는 {short_number}.",
    ],
)

GENRES["ceramics_auction"] = (
    [
        "[낙찰 안내] {name}님, {date} 도자기 경매 {lot_no} 분청사기 편병이 {price}에 낙찰되었습니다. "
        "수수료 {percent} 포함 금액을 {account}로 {date}까지 입금 바랍니다.",
        "위탁 출품 신청서\n위탁자: {name}\n주민등록번호: {rrn}\n연락처: {mobile}\n작품: 백자 "
        "달항아리, 높이 {length}\n"
        "대금 수령 계좌: {account}",
        "서면 응찰서: {lot_no} 최고 응찰가 {price}. 응찰자 {name}, 휴대전화 {mobile}, 이메일 {email}. "
        "보증금 결제 카드 {card}",
        "경매 프리뷰 전시 문의는 갤러리 {landline}, 전화 응찰 등록은 {email}로 받습니다. 전시 기간 {date}~{date}",
        "낙찰자 원천징수 신고 때문에 성함과 주민번호 회신 부탁드립니다 → 회신: {name} / {rrn}",
        "어제 온라인 경매에서 청자 잔 하나 건졌어요ㅎㅎ 근데 결제 카드 {card}가 한도 초과라고 떠서 당황… "
        "경매사 번호 {landline} 맞나요?",
        "[온라인 경매] 같은 IP {ip}에서 여러 계정으로 응찰한 기록이 확인되어 {lot_no} 응찰을 무효 처리합니다. "
        "이의 신청은 {email}",
        "작가님께 직거래 문의드려요. 찻사발 {quantity} 사고 싶어요. 제 연락처 {mobile}, 입금은 작가님 계좌 "
        "{account} 맞죠?",
        "감정서 발급 신청\n신청인: {name}\n연락처: {mobile}\n회신 메일: {email}\n감정 대상: 청화백자 {lot_no}\n"
        "감정료: {price}",
        "경매장 대표전화 {landline}가 {date}부터 {landline}로 바뀝니다. 응찰 전용 {mobile}은 그대로 씁니다.",
        "응찰 서버 접속 로그 발췌\n{time} {ip} 로그인\n{time} {private_ip} 내부 점검\n{time} {ip} 응찰 {lot_no}",
        "해외 배송 요청합니다. 수령인 {name}, 연락처 {mobile}, 메일 {email}. 운송 보험료 {price}는 "
        "카드 {card}로 "
        "결제할게요.",
    ],
    [
        "{year} 봄 경매 결과: 총 {number}점 출품, 낙찰률 {percent}, 최고가 {price}({lot_no} 백자 대호). "
        "전년 대비 {statistic}.",
        "경매 도록 ISBN {isbn}, 정가 {price}. 도판 {number}면, 판형 {length}. 주문은 가까운 "
        "서점에서 하세요. 위탁 상담 {relay_0500}",
        "법원 경매 사건 {case_no} 도자기 일괄 매각 공고 — 감정가 {price}, 최저가 {price}, 매각기일 {date} {time}.",
        "출품작 정보: {lot_no} 청자 상감 매병, 높이 {length}, 무게 {weight}, 추정가 {price}~{price}. "
        "소장 이력 {year}부터. 감정서 일련번호 {uuid}",
    ],
)

GENRES["sauna_membership"] = (
    [
        "[회원권 등록 완료] {name}님 {number}개월 회원권 {price}, 회원번호 {member_no}. 만료 {number}일 전에 "
        "{mobile}로 알려 드립니다.",
        "사우나 회원 가입 신청서\n성명: {name}\n주민번호: {rrn}\n휴대폰: {mobile}\n사물함: {number}번",
        "회원권 양도합니다. 남은 기간 {duration}, {price}에 넘겨요. 명의 변경은 카운터 "
        "{landline}에서 해 줍니다. "
        "연락은 {mobile}",
        "연회원 자동결제 카드 변경 요청합니다. 기존 카드 {masked_card} → 새 카드 {card}, 유효기간 {expiry}",
        "세신 예약 {time} 자리 있나요? {mobile}로 연락 부탁드려요ㅎㅎ",
        "찜질방 분실물 센터 {landline}. 분실물은 {duration} 보관하고, 택배 반송 원하시면 택배비를 {account}로 "
        "입금해 주세요.",
        "[관리자] 회원 관리 프로그램 원격 접속 허용 IP: {ip}, {ip}. 나머지는 전부 차단했습니다. 문의 {email}",
        "건강 프로그램 등록 신청서\n이름: {name}\n주민등록번호: {rrn}\n연락처: {mobile}\n이메일: {email}\n"
        "환불 계좌: {account}",
        "법인 복지 회원권 계약 문의드립니다. 임직원 {count} 규모이고 담당자는 {name} 과장 {landline} / {email}",
        "회원권 환불 요청서: 회원번호 {member_no}, 잔여 기간 {duration}, 환불 계좌 {account} 예금주 {name}, "
        "연락처 {mobile}",
        "VIP 회원 결제 내역 {date} 카드 {card} {price} 승인 {approval_no}. 영수증은 {email}로 받을게요.",
        "매표소 키오스크 오류: 결제 서버 {ip}:{port} 연결 시간 초과. 업체 AS {landline}, 담당 기사 {mobile}",
    ],
    [
        "이용 요금 안내: 사우나 {price}, 찜질 {price}, 심야 {time} 이후 {price} 추가. 어린이 {age} 미만 무료.",
        "시설 안내: 불가마 {hot_temp}, 냉탕 {temperature}, 습도 {percent}. 심장질환이 있으면 {minutes} 넘게 "
        "이용하지 마세요.",
        "{date} 보일러 점검으로 {time} 영업을 쉽니다. 주차 등록은 차량번호를 {car_plate}처럼 입력하세요. "
        "문의는 본사 {rep_number}. 사업자등록번호 {business_reg}",
        "회원권 종류: {number}개월권 {price}, {number}개월권 {price}. 중도 해지 위약금 {percent}. "
        "사물함은 {number}번까지 배정이 끝났습니다. 법인 회원은 사번(예: {employee_id})으로 조회됩니다.",
    ],
)

GENRES["kite_festival"] = (
    [
        "[참가 신청 완료] {name}님, {date} 연날리기 대회 {number}번 참가가 확정되었습니다. 바람 상황 때문에 "
        "일정이 바뀌면 {mobile}로 연락드려요.",
        "축제 행사보험 가입용 참가자 명단(증권번호 {policy_no})\n{name} {rrn}\n{name} {rrn}\n{name} {rrn}",
        "축제 운영사무국 {landline} / 자원봉사 문의 {email} / 현장 긴급 연락 {mobile}",
        "방패연 만들기 체험 부스 운영하실 분 구해요. 일당 {price}, 연락은 {mobile} 아니면 {email}로 주세요",
        "연 제작 키트 {quantity} 단체 주문합니다. 결제는 카드 {card}로 하고 세금계산서는 {email}로 부탁드려요. "
        "담당 {landline}",
        "[안전 공지] 연·드론 비행 허가 신청서 — 신청인 {name}, 주민등록번호 {rrn}, 연락처 {mobile}. "
        "비행 고도 {distance} 이하.",
        "사진 공모전 상금 지급 안내: 수상자 {name}님 상금 {price}을 {account}로 {date}에 입금했습니다. "
        "제세공과금 {percent} 공제.",
        "어제 축제에서 잃어버린 가오리연 찾습니다ㅠ 꼬리 길이 {length}에 빨간 줄무늬예요. 보신 분 {mobile}",
        "[웹] 사전 등록 페이지 장애: 로드밸런서 {ip} 응답 없음, 백엔드 {private_ip}:{port} 정상. 당직 {mobile}",
        "푸드트럭 입점 신청서\n상호: 바람개비 분식\n대표자 연락처: {mobile}\n사업자등록번호: {business_reg}\n"
        "보증금 반환 계좌: {account}",
        "해외 연 동호회 초청 건 정리: 일본 팀 연락 메일 {email}, 통역 담당 {mobile}, 숙소 예약 카드 {card}",
        "축제 홈페이지 관리자 접속 알림 {date} {time} {ip}. 본인이 아니면 운영사무국 {landline}로 바로 연락 주세요.",
    ],
    [
        "제{number}회 연날리기 축제 {date}~{date}, 행사장 좌표 {coordinates}. 예상 관람객 {count}, "
        "셔틀버스 {bus_no} 운행.",
        "대회 규정: 연줄 길이 {distance} 이내, 연 크기 {length} 이하. 풍속 {wind}을 넘으면 경기를 중단합니다.",
        "작년 축제 만족도 {score}, 재방문 의향 {percent}, 조사 표본 {statistic}. 올해 예산은 "
        "{price}입니다. 홈페이지 저장소 {git_remote}",
        "주차 안내: 임시 주차장 {number}곳, 총 {number}대. 축제 안내 콜센터 {rep_number}, 관광 통역 {short_number}.",
    ],
)

GENRES["archery_range"] = (
    [
        "[양궁 체험 예약] {name}님 {date} {time} {count} 예약 완료. 사로 {seat_no}. 비가 와서 취소되면 "
        "{mobile}로 문자 드립니다.",
        "국궁 동호회 신입 회원 가입서\n성명: {name}\n주민등록번호: {rrn}\n연락처: {mobile}\n회비 "
        "계좌: {account}\n"
        "궁력: {duration}",
        "활터 대표전화 {landline}, 사범님 휴대폰 {mobile}. 체험은 하루 전 예약 필수입니다.",
        "중고 리커브 활 팝니다. 장력 {number}파운드, 길이 {length}, {price}. 입금 {account} 확인 후 택배로 "
        "보내요. 문의 {mobile}",
        "전국 궁도대회 참가 신청\n선수명: {name}\n주민번호: {rrn}\n소속: 황학정\n연락처: {mobile}\n"
        "참가비 결제 카드: {card}",
        "양궁장 안전사고 보험 청구 서류 보냅니다. 청구번호 {claim_no}, 피보험자 {name} {rrn}, 연락 {mobile}, "
        "보험금 수령 {account}",
        "활 장비 해외 직구했는데 통관에서 걸렸어요ㅠ 판매처 메일 {email}로 인보이스 다시 받으래요. 결제 카드는 {card}",
        "[보안] 활터 예약 시스템 관리자 계정에 {ip}에서 무차별 대입 시도 {number}회. 자동 차단했습니다. 담당 {email}",
        "단체 체험 견적 문의: 동아리 MT {count}, 희망일 {date}. 담당 {name}(학번 {student_id}) {mobile}, {email}",
        "시수 기록 공유합니다🎯 오늘 {number}순 {number}중! 같이 습사하실 분 {mobile} 연락 주세요",
        "과녁 교체 업체 연락처 {landline}, 견적 메일 {email}, 설치 기사님 {mobile}. 과녁 크기 {length}.",
        "사로 감시 카메라 원격 주소 {ip}:{port}, 녹화 서버 {private_ip}. 비밀번호는 관리실 {landline}에 문의하세요.",
    ],
    [
        "{year} 활쏘기 대회 결과: 개인전 우승 {score}, 단체전 {number}순 합계 {number}시. 참가 "
        "인원 {count}. 우승자 선수 등록번호 {member_no}",
        "사거리 안내: 국궁 {distance}, 양궁 {distance}. 바람이 {wind} 이상이면 사대 출입을 통제합니다.",
        "활터 이용 요금 {price}, 화살 대여 {number}발 {price}. 개장 {time}. 우편번호 {postal_code}.",
        "장비 점검 목록: 활 {quantity}, 화살 {number}죽, 시리얼 {serial}. 다음 점검일 {date}. 장비 "
        "보험 증권 {policy_no}",
    ],
)

GENRES["furniture_repair"] = (
    [
        "[방문 견적 예약] {name} 고객님, {date} {time} 원목 식탁 상판 수리 방문 예정입니다. 기사님 번호 {mobile}",
        "소파 가죽 리폼 견적서\n고객명: {name}\n연락처: {mobile}\n우편번호: {postal_code}\n견적 금액: {price}\n"
        "입금 계좌: {account}",
        "의자 다리 흔들림 수리 맡겼는데 언제 끝나는지 궁금해요. 접수번호 {receipt_no}, 제 번호 {mobile}",
        "가구 수리 공방 {landline}. 사진 견적은 {email}로 보내 주세요(사진 {number}장 이내).",
        "[결제 완료] 자개장 복원 {price}, 카드 {card} 일시불, 승인번호 {approval_no}. 작업 기간 {duration}.",
        "목공 보조 아르바이트 지원서\n성명: {name}\n주민등록번호: {rrn}\n연락처: {mobile}\n급여 계좌: {account}",
        "이사 가면서 가구 {quantity} 수거 부탁드립니다. 엘리베이터 없는 {floor}이에요. 연락 {mobile}, "
        "견적서는 메일 {email}",
        "A/S 접수 메일이 자꾸 반송돼요ㅠ 주소가 {email} 맞나요? 아니면 {landline}로 전화드릴게요",
        "[홈페이지] 견적 요청 폼 스팸 발송지 {ip}, {ip} 차단 등록했습니다. 웹호스팅 담당 {email}, 긴급 {mobile}",
        "가구 재료 도매 거래처 정리: 대표 {landline}, 팩스 {landline}, 담당 {name} 실장 {mobile}",
        "세금계산서 발행용 정보 보내드려요. 상호 나무결공방, 사업자등록번호 {business_reg}, 대표자 {name}, "
        "메일 {email}, 결제 카드 {card}",
        "작업 중 파손 보험 처리 신청서\n피보험자: {name}\n주민번호: {rrn}\n청구번호: {claim_no}\n"
        "보험금 수령 계좌: {account}",
    ],
    [
        "원목 식탁 상판 치수 {length} × {length}, 두께 {thickness}. 오일 마감 {few}회, 건조 기간 {duration}.",
        "가구 리폼 가격표: 의자 천갈이 {price}부터, 소파 {price}부터. 출장비 {price}, 거리 {distance}를 넘으면 "
        "추가 요금이 붙습니다.",
        "폐가구 수거 안내: 대형 폐기물 스티커 {price}, 신고번호 {receipt_no}. 민원 전화 "
        "{short_number}. 신고필증은 등기 {registered_mail}로 갑니다.",
        "공구 구입 내역: 타카 {model_code} {quantity}, 바코드 {ean}, 주문번호 {order_no}, 배송 {tracking_no}.",
    ],
)

GENRES["orchid_grower"] = (
    [
        "[주문 확인] {name}님, 동양란 {quantity} 주문 접수되었습니다. 주문번호 {order_no}, 입금 "
        "계좌 {account}. "
        "발송하면 {mobile}로 송장 알려드려요.",
        "난 농원 대표 {landline} · 주문 상담 {mobile} · 거래처 문의 {email}",
        "승진 축하 난 배달 부탁드립니다. 받는 분 {name} 상무님, 회사 대표번호 {landline}, 리본 문구는 "
        "{email}로 보낼게요.",
        "난 키우기 초보인데 잎끝이 타들어 가요ㅠ 사진 보낼 테니 {email} 주소로 확인 부탁드려요. "
        "습도 {percent}, "
        "온도 {temperature} 유지 중이에요",
        "농업경영체 등록 신청서\n성명: {name}\n주민등록번호: {rrn}\n재배 면적: {number}평\n연락처: {mobile}\n"
        "보조금 계좌: {account}",
        "난 전시회 출품 신청: 출품자 {name}, 연락처 {mobile}, 품종 춘란 {number}분. 출품비 {price}는 카드 "
        "{card}로 결제",
        "[농원 쇼핑몰] 관리자 로그인 알림 {date} {time}, IP {ip}. 평소 접속 위치가 아닙니다. 고객센터 {rep_number}",
        "난 분갈이 출장 가능하세요? {floor} 사무실에 난 화분이 {quantity} 있어요. 연락처 {mobile}",
        "해외 난 구근 수입 대행 결제 내역: 카드 {card}, 금액 {price}, 공급사 메일 {email}, 검역 번호 {serial}",
        "온실 환경 제어기 원격 접속 {ip}:{port}, 로컬 {private_ip}. 알람 수신 {mobile}, 업체 AS {landline}",
        "난 재배 교육생 명단(보험 가입용)\n{name} {rrn}\n{name} {rrn}",
        "축하 난 대금 정산 부탁드립니다. 거래처 {name} 실장님, {price} 입금 계좌 {account}, 세금계산서 메일 {email}",
    ],
    [
        "춘란 관리 요령: 물주기 {few}일 간격, 온도 {temperature}, 습도 {percent}. 분갈이는 해마다 봄에 하세요.",
        "{year} 난 전시회 {date}~{date}, 입장료 {price}, 출품작 {number}점, 심사 평균 {score}. "
        "전시 소식은 인스타 {mention}",
        "온실 센서 로그: {time} 온도 {temperature}, 습도 {percent}, 펌웨어 {version}, 장치 {uuid}.",
        "택배로 난 화분 {quantity} 보냈어요. 무게 {weight}, 운송장 {tracking_no}, 택배사 {rep_number}.",
    ],
)

GENRES["taekwondo_dojang"] = (
    [
        "[승품 심사 안내] {name} 어린이 {date} {rank} 심사 접수 완료되었습니다. 심사비 {price}는 {account}로 "
        "입금해 주세요. 문의 {mobile}(관장)",
        "국기원 승품·단 심사 신청서\n성명: {name}\n주민등록번호: {rrn}\n현재 품·단: {rank}\n보호자 연락처: {mobile}",
        "태권도장 상담 {landline} / 관장님 {mobile} / 차량 운행 문의는 문자로만 받아요",
        "관원 등록 신청서\n아이 이름: {name}\n나이: {age}\n보호자 휴대폰: {mobile}\n보호자 이메일: {email}\n"
        "수련비 자동이체: {account}",
        "이번 달 수련비 카드로 결제 부탁드려요. {card} 유효기간 {expiry}, {price} 일시불로요.",
        "사범 채용에 지원합니다. 이름 {name}, 주민번호 {rrn}, {rank} 보유, 연락처 {mobile}. 이력서는 {email}로 "
        "보냈습니다.",
        "품새 대회 단체 참가 명단\n{name} {rrn}\n{name} {rrn}\n인솔 사범 {mobile}",
        "[관장님 공지] 도장 홈페이지 해킹 시도 로그: {ip}에서 {number}회 접속했습니다. 보안업체 {landline}에 "
        "신고했어요.",
        "차량 운행 기사님 연락처가 바뀌었습니다 → {mobile} (이전 번호 {masked_mobile}는 이제 안 씁니다)",
        "도장 CCTV 학부모 열람 주소 {ip}:{port} 입니다. 로그인 문의 {landline}, 관리 업체 메일 {email}",
        "시범단 해외 공연 항공권 결제: 단체 카드 {card}, 금액 {price}. 여행사 담당 {email}, 비상 연락 {mobile}",
        "태권도 용품 납품 견적 부탁드립니다. 도복 {quantity}, 띠 {quantity}. 담당 {name} 사범 {landline}, 메일 {email}",
    ],
    [
        "{year} 승품·단 심사 일정: {date} {rank}, {date} {rank}. 심사비 {price}, 응시는 {age} "
        "이상부터. 심사 접수 문의 {toll_free}",
        "이번 달 수련 시간표: 유치부 {time}, 초등부 {time}, 성인부 {time}. 수련비는 월 {price}입니다.",
        "품새 대회 결과: 개인전 {score}, 단체전 {score}, 참가 선수 {count}. 국가대표 선발전은 "
        "{date}. 단증 번호 {serial}, 선수 등록번호 {member_no}",
        "도장 이전 안내: 새 주소 우편번호 {postal_code}, 건물 {floor}. 노란 차량 {car_plate}이 {bus_no} "
        "버스 정류장 앞에서 아이들을 태웁니다.",
    ],
)

GENRES["lighthouse_stay"] = (
    [
        "[등대스테이 예약 확정] {name}님 {date} 체크인, {number}박, 객실 {room_no}. 도선 시간은 {time}이며 "
        "바뀌면 {mobile}로 안내드립니다.",
        "등대 숙박 신청서\n대표자: {name}\n주민등록번호: {rrn}\n동반 인원: {count}\n연락처: {mobile}\n이메일: {email}",
        "등대관리소 {landline} / 도선 선장님 {mobile} / 예약 관련 {email}",
        "등대스테이 후기🌊 밤에 등대 불빛이 진짜 예뻐요. 예약 경쟁이 치열하니 오픈 알림 꼭 받으세요! "
        "궁금한 거 있으면 {email}로 물어보세요",
        "예약 취소 환불 요청합니다. 예약번호 {reservation_no}, 결제 카드 {card}. 카드 취소가 안 되면 "
        "{account}로 보내 주세요.",
        "숙박비 {price} 입금 계좌 {account} (예금주 {name}). 입금하시고 {mobile}로 입금자명 알려 주세요.",
        "[시스템] 예약 사이트 트래픽 급증 — 상위 요청 IP {ip}, {ip}. 매크로로 판단해 차단했습니다. 담당 {landline}",
        "섬 주민 민박 연계 신청서\n성명: {name}\n주민번호: {rrn}\n민박 전화: {landline}\n정산 계좌: {account}",
        "등대 탐방 단체 예약 문의합니다. 바다초등학교 인솔 교사 {mobile}, 행정실 {landline}, 공문은 {email}로 "
        "보내 드릴게요.",
        "기상 악화로 도선이 결항되면 숙박비를 전액 환불합니다. 결제하신 카드 {card}로 자동 취소되고 문의는 {landline}",
        "해양 관측 장비 원격 모니터링: 등대 게이트웨이 {ip}:{port}, 내부 {private_ip}. 장애 알림 {mobile}, "
        "유지보수 업체 {email}",
        "투숙객 등록(숙박업 신고용)\n성명: {name}\n주민/외국인등록번호: {rrn}\n연락처: {mobile}\n이메일: {email}",
    ],
    [
        "등대 정보: 높이 {number}m, 불빛 도달 거리 {distance}, 첫 점등 {year}. 위치 {coordinates}.",
        "등대스테이 이용료 {price}/박, 최대 {count}. 도선 요금 왕복 {price}, 소요 시간 {minutes}. "
        "운영사 법인등록번호 {corporate_reg}",
        "{date} 도선 운항: 입도 {time}, 출도 {time}. 파고 {wave} 이상이면 결항합니다. 해양 사고 신고 {short_number}.",
        "예약 오픈 {date} {time}. 동시 접속이 {number}명을 넘으면 대기열로 넘어갑니다. 앱 {version}, "
        "문의 {rep_number}.",
    ],
)


# ---------------------------------------------------------------------------------------------
# rendering a frame into a record
# ---------------------------------------------------------------------------------------------
SLOT_RE = re.compile(r"\{([a-z_0-9]+)\}")


def is_hangul(ch):
    return "\uac00" <= ch <= "\ud7a3"


class Draft:
    def __init__(self):
        self.text, self.spans, self.decoys, self.forms = "", [], [], []

    def add(self, kind, value, pre="", post="", span=False):
        self.text += pre
        item = {"kind": kind, "start": len(self.text), "end": len(self.text) + len(value), "value": value}
        self.text += value + post
        (self.spans if span else self.decoys).append(item)


def bracket_v6(pre, text, post, following):
    """An IPv6 address followed by a port is written in brackets: [2001:db8::1]:443."""
    if ":" in text and following.startswith(":"):
        return pre + "[", text, "]" + post
    return pre, text, post


def render(template, mode):
    """mode: pos (values, ~15% of slots masked when there are several), fill (look-alike decoys), free."""
    slots = list(SLOT_RE.finditer(template))
    value_slots = [i for i, m in enumerate(slots) if m.group(1) in KINDS]
    masked = set()
    if mode == "pos" and len(value_slots) >= 2:
        masked = {i for i in value_slots if RNG.random() < MASK_RATE}
        if len(masked) == len(value_slots):
            masked.discard(pick(sorted(masked)))
    draft, pos = Draft(), 0
    for i, m in enumerate(slots):
        draft.text += template[pos : m.start()]
        pos = m.end()
        name, following = m.group(1), template[pos:]
        if name == "name":
            draft.text += person_name()
        elif name in KINDS and mode == "pos" and i not in masked:
            v = RENDER[name]()
            prev = draft.text[-2:-1] if draft.text.endswith(" ") else ""
            after_slot = any(i["end"] == len(draft.text) - 1 for i in draft.spans + draft.decoys)
            if prev and not v.pre and not after_slot and RNG.random() < 0.12:
                if is_hangul(prev) or prev == ":":
                    draft.text = draft.text[:-1]
            pre, text, post = bracket_v6(v.pre, v.text, v.post, following)
            draft.add(name, text, pre, post, span=True)
            draft.forms.append(f"{name}/{v.detail}/{v.style}")
        else:
            if name in KINDS:
                name = MASKED[name] if mode == "pos" else wpick(LOOKALIKE[name])
            pre, text, post = bracket_v6(*make_decoy(name), following)
            draft.add(name, text, pre, post)
    draft.text += template[pos:]
    return draft


def residual(draft):
    """The text with every span blanked out: what must not hold a value."""
    chars = list(draft.text)
    for s in draft.spans:
        chars[s["start"] : s["end"]] = "■" * (s["end"] - s["start"])
    return "".join(chars)


def make_record(genre, number, template, mode):
    for _ in range(50):
        draft = render(template, mode)
        if not looks_like_value(residual(draft)):
            break
    else:
        raise RuntimeError(f"decoys of a {genre} frame keep forming a value: {template}")
    if draft.spans:
        form = "+".join(draft.forms)
    else:
        kinds = [d["kind"] for d in draft.decoys]
        form = "neg/" + min(kinds, key=lambda k: PII_LIKENESS.index(k) if k in PII_LIKENESS else len(PII_LIKENESS))
    return {
        "id": f"oos12-{genre}-{number:03d}",
        "text": draft.text,
        "label": "pos" if draft.spans else "neg",
        "spans": draft.spans,
        "decoys": draft.decoys,
        "form": form,
        "genre": genre,
    }


def cycle(n_frames, n):
    """n frame indices that use every frame about equally often."""
    order = []
    while len(order) < n:
        block = list(range(n_frames))
        RNG.shuffle(block)
        order += block
    return order[:n]


def genre_records(genre):
    value_frames, free_frames = GENRES[genre]
    plan = [("pos", value_frames[i]) for i in cycle(len(value_frames), POSITIVES_PER_GENRE)]
    plan += [("fill", value_frames[i]) for i in cycle(len(value_frames), DECOY_FILLED_PER_GENRE)]
    n_free = RECORDS_PER_GENRE - POSITIVES_PER_GENRE - DECOY_FILLED_PER_GENRE
    plan += [("free", free_frames[i]) for i in cycle(len(free_frames), n_free)]
    RNG.shuffle(plan)
    return [make_record(genre, n, template, mode) for n, (mode, template) in enumerate(plan, start=1)]


# ---------------------------------------------------------------------------------------------
# self-check: every record is re-verified before it is written
# ---------------------------------------------------------------------------------------------
EMAIL_FULL_RE = re.compile(r"[A-Za-z0-9._%+-]+@(?:[A-Za-z0-9-]+\.)+[A-Za-z]{2,}")
AT_WORD_RE = re.compile(r"\s*(?:\((?:at|AT)\)|\[(?:at|@)\]|골뱅이|\s(?:at|AT)\s|@)\s*")
DOT_WORD_RE = re.compile(r"\s*(?:\(dot\)|\[dot\]|\s(?:dot|DOT)\s)\s*")
HANGUL_TO_DIGIT = str.maketrans("공영일이삼사오육칠팔구", "00123456789")


def canonical(kind, s):
    """A value with its writing style undone (to check it with the rules of its kind)."""
    t = plain_text(s)
    if kind == "email":
        return DOT_WORD_RE.sub(".", AT_WORD_RE.sub("@", t, count=1))
    if kind == "ip":
        return t.strip("[]")
    if kind in ("mobile", "landline"):
        t = t.translate(HANGUL_TO_DIGIT)
        if t.startswith("+82") or t.startswith("82"):
            t = "0" + re.sub(r"\D", "", t)[2:]
    return re.sub(r"\D", "", t)


def value_ok(kind, s):
    t = canonical(kind, s)
    if kind == "email":
        return bool(EMAIL_FULL_RE.fullmatch(t))
    if kind == "ip":
        try:
            return ipaddress.ip_address(t).is_global
        except ValueError:
            return False
    if kind == "mobile":
        return bool(MOBILE_RE.fullmatch(t))
    if kind == "landline":
        return bool(LANDLINE_RE.fullmatch(t)) and not MOBILE_RE.fullmatch(t)
    if kind == "rrn":
        return rrn_valid(t)
    if kind == "card":
        return card_brand(t) is not None
    groups = tuple(len(g) for g in re.split(r"[-. ]", plain_text(s)))
    shaped = groups in ACCOUNT_GROUPINGS or (len(groups) == 1 and any(sum(g) == groups[0] for g in ACCOUNT_GROUPINGS))
    return shaped and not (phone_like(t) or rrn_birth(t, future_ok=True) or card_brand(t))


def check_record(rec):
    text, items = rec["text"], rec["spans"] + rec["decoys"]
    assert rec["label"] == ("pos" if rec["spans"] else "neg"), rec["id"]
    for item in items:
        assert text[item["start"] : item["end"]] == item["value"], (rec["id"], item)
    edges = sorted((i["start"], i["end"]) for i in items)
    assert all(a[1] <= b[0] for a, b in zip(edges, edges[1:], strict=False)), rec["id"]
    for span in rec["spans"]:
        assert value_ok(span["kind"], span["value"]), (rec["id"], span)
        for side in (text[span["start"] - 1 : span["start"]], text[span["end"] : span["end"] + 1]):
            assert not (side.isascii() and side.isalnum()), (rec["id"], span)
    for decoy in rec["decoys"]:
        assert not looks_like_value(decoy["value"]), (rec["id"], decoy)
    covered = set()
    for item in items:
        covered.update(range(item["start"], item["end"]))
    stray = [c for i, c in enumerate(text) if c.isdigit() and i not in covered]
    assert not stray, (rec["id"], stray)
    if rec["spans"]:
        assert len(rec["form"].split("+")) == len(rec["spans"]), rec["id"]
    else:
        assert rec["form"].startswith("neg/"), rec["id"]


def check_frames():
    for genre, (value_frames, free_frames) in GENRES.items():
        for template in value_frames + free_frames:
            names = SLOT_RE.findall(template)
            assert all(n == "name" or n in KINDS or n in DECOYS for n in names), (genre, template)
            assert not any(c.isdigit() for c in SLOT_RE.sub("", template)), (genre, template)
            assert (template in value_frames) == any(n in KINDS for n in names), (genre, template)


def build():
    check_frames()
    records = [rec for genre in GENRES for rec in genre_records(genre)]
    for rec in records:
        check_record(rec)
    assert len({rec["id"] for rec in records}) == len(records)
    return records


def main():
    out = Path(sys.argv[1]) if len(sys.argv) > 1 else Path(__file__).resolve().with_name("eval_oos12.jsonl")
    records = build()
    with out.open("w", encoding="utf-8") as f:
        for rec in records:
            f.write(json.dumps(rec, ensure_ascii=False) + "\n")
    values, decoys = {}, {}
    for rec in records:
        for span in rec["spans"]:
            values[span["kind"]] = values.get(span["kind"], 0) + 1
        for decoy in rec["decoys"]:
            decoys[decoy["kind"]] = decoys.get(decoy["kind"], 0) + 1
    positives = sum(rec["label"] == "pos" for rec in records)
    print(f"{out}: {len(records)} records, {positives} pos, {len(records) - positives} neg")
    print("values:", dict(sorted(values.items())), "decoys:", sum(decoys.values()))


if __name__ == "__main__":
    main()
