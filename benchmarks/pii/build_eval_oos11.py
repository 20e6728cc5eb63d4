"""Build eval_oos11.jsonl: a blind out-of-sample evaluation set for the Korean personal-data (PII) detector.

Independence
    Written blind: without reading the detector, its tests, its documentation or any earlier evaluation set,
    and without running a detector or benchmark on the output. Frames, generators and writing styles come from
    general knowledge of Korean web text and of the number formats; only the standard library is used.
    Deterministic: SEED = 20261205 and one random.Random(SEED); the same script writes the same file.

Usage
    python build_eval_oos11.py [out.jsonl]   (default: eval_oos11.jsonl next to this script)
    Every record is validated (offsets, overlaps, labels, value validity, decoys) before the file is written.

Format (JSON lines, UTF-8, ensure_ascii=False)
    {"id": "oos11-<genre>-<nnn>", "text", "label": "pos"|"neg", "spans", "decoys", "form", "genre"}
    spans and decoys are lists of {"kind", "start", "end", "value"} with code-point offsets and
    value == text[start:end]; no two of them overlap, and every digit and "@" of a text lies in one of them.
    label is "pos" iff spans is non-empty. form is "<kind>/<detail>/<style>" per span joined by "+", or
    "neg/<most PII-like decoy kind>" for a negative ("neg/none" if it had no decoy).

Kinds (span kinds) and what makes a value valid
    rrn       resident / foreigner registration number: real past date YYMMDD, 7th digit 1-4 (citizens) or 5-8
              (foreigners) matching century and sex, check digit (11 - sum(d_i * 2..9,2..5) % 11) % 10 for births
              before 2020-10-01, random last six digits for births after. detail citizen|foreigner_pre|post2020.
              Birth years follow the slot: adults 1950-2006, seniors 1935-1961, students 2007-2014, and children
              2017-2026 (hence the post-2020 numbers sit in children's forms); about 15% are foreigners.
    mobile    010 (about 90%), 011/016/017/018/019 otherwise. detail: the prefix.
    landline  02 (seoul), the 16 real area codes 031-064 (area), 070 (voip070), 0502-0508 relay / "safe" numbers
              (safe050x).
    email     portal, company (.com/.net), .co.kr, .ac.kr, .go.kr, .or.kr, country TLDs (cctld), new gTLDs (gtld).
    ip        global unicast IPv4 / IPv6 (ipaddress is_global, not multicast). detail v4|v6.
    card      Luhn-valid, real brand prefixes and lengths: visa, mastercard (51-55, 2221-2720), amex (34/37, 15),
              jcb (3528-3589), unionpay (62), discover (6011/65), diners (36/38/300-305, 14). detail: brand.
    account   Korean bank accounts in the banks' own groupings (KB 6-2-6, 신한 3-3-6, 우리 4-3-6, 하나 3-6-5,
              농협 3-4-4-2, 기업 3-6-2-3, 카카오뱅크 4-2-7, 토스뱅크 4-4-4, 케이뱅크 3-3-6, SC제일 3-2-6,
              우체국 6-2-6, 새마을금고 4-4-4-1, 부산 3-4-4-2, iM뱅크 3-2-6-1, 광주 3-3-6), always next to a bank
              name or an account word (계좌, 입금, 예금주, 송금, 환불). detail: the bank.
    No value of one kind passes as a value of another (an account is never a valid rrn, card or phone).

Labelling
    Masked values (010-****-1234, 880101-1******, ab***@naver.com, 4518-****-****-1234, 110-***-456789,
    211.234.*.*) are decoys (masked_<kind>), never spans. Obfuscated emails are values; the span runs from the
    local part to the end of the TLD. Spaced-digit, Hangul-digit (공일공 / 영일영), ㅇ-for-zero (ㅇ1ㅇ), full-width
    and +82 / 82- phones are values; a parenthesised area code, "(02)" or "02)", is inside the span. 15xx/16xx/18xx,
    080, 0500/0501, short numbers (112, 119, 1330 ...) and phones with non-existent area or mobile prefixes are
    decoys. A port after an IP is a separate "port" decoy ("[v6]:port" brackets stay outside both). Bank names,
    계좌, 예금주 and field labels are outside spans. In positive records with two or more value slots, each slot
    is masked (made a masked_<kind> decoy) with probability 0.17, never all of them (about 15% of such slots).

Decoys
    Every number in a text is annotated: dates, years, times, opening hours, durations, prices, quantities with
    units, versions, model codes, EAN-13, ISBN-13, order / invoice / tracking / reservation / receipt / approval /
    claim / policy / registered-mail / case / contract numbers, student, member, employee and exam ids, business
    registration numbers, corporate registration numbers (regenerated until they fail the RRN rules), invalid
    RRNs (wrong check digit or impossible date), 15xx/16xx/18xx, 080, 0500/0501, short numbers, bad-prefix
    phones, private / link-local / CGNAT / documentation IPs, ports, Windows build numbers, image@2x file names,
    git remotes, scoped npm packages, @mentions, incomplete emails, coordinates, statistics, scores, ratings,
    hashes, UUIDs, serials, postal codes, room numbers, meeting ids, OTPs, Luhn-invalid gift-card PINs, card
    expiry dates, catalogue numbers (Op./K./BWV), grave plots, vehicle plates, lot numbers, FDI tooth numbers,
    shade codes, MMSI, berths, hearing-aid battery sizes, Wi-Fi passwords, farm registration numbers, and masked
    values. Each decoy is regenerated until it could not pass as a value of any kind (no valid rrn, phone, card
    or global IP in it or in its digits, no email with a real TLD, no bank-account grouping).

Genres and size
    14 genres: scuba_diving, sign_language_class, beekeeping, yacht_charter, esports_team, youth_orchestra,
    pickleball_club, hearing_aid_shop, dental_lab, coworking_space, tea_house, scrap_metal_yard, bowling_alley,
    cemetery_management. Each has 11 value frames and 4 value-free frames written as Korean posts, notices,
    chat messages, forms and listings, with [[a|b]] alternatives for varied sentence shapes; values often touch
    Hangul particles or words (010-1234-5678로, 핸드폰010..., 신한110-...). 72 records per genre (1,008 in all):
    50 positives (value frames), 11 negatives from value frames whose slots hold look-alike decoys, and 11
    negatives from value-free frames.

Writing styles (per value: a common style with probability 0.8, a less common / evasive one with 0.2)
    mobile    common: hyphen, plain, space, dot, mixed_sep (010 1234-5678).
              evasive: hangul_digits (공일공-일이삼사-...), hangul_mixed (010-일이삼사-5678), spaced_digits
              (0 1 0 1 2 ...), plus82 (+82 10-...), cc82 (82-10-...), fullwidth (０１０－...), vowel_dash
              (010ㅡ1234ㅡ5678), jamo_zero (ㅇ1ㅇ-1234-5678).
    landline  common: hyphen, paren_area ((02) 123-4567), paren_close (02)123-4567), plain, dot, space, mixed_sep.
              evasive: hangul_digits, hangul_mixed, spaced_digits, plus82 (+82-2-...), fullwidth, vowel_dash.
    rrn       common: hyphen, plain, space. evasive: hangul_mixed (880101-일이삼...), hangul_digits,
              spaced_digits, fullwidth, vowel_dash (880101ㅡ1234567).
    card      common: hyphen, space, plain (amex 4-6-5, diners 4-6-4). evasive: dot, slash, hangul_mixed,
              fullwidth, vowel_dash, spaced_digits.
    account   common: hyphen (the bank's grouping), plain, space. evasive: hangul_mixed, spaced_digits, fullwidth,
              vowel_dash, dot.
    email     common: plain, angle (<a@b.com>, brackets outside the span). evasive: at_words (a at b dot com),
              paren_at (a(at)b.com, a(at)b(dot)com), bracket_at (a[at]b[dot]com), golbaengi (a 골뱅이 b.com),
              spaced_at (a @ b.com), fullwidth_at (a＠b.com), space_dot (a @ b . com).
    ip        common: dotted (v4), compressed and exploded (v6). evasive: defanged (1[.]2[.]3[.]4), paren_dot
              (1(.)2(.)3(.)4), spaced_dots (1. 2. 3. 4), fullwidth (v4 and v6), upper (v6 in capitals).
"""

import datetime
import ipaddress
import json
import random
import re
import sys
import uuid
from pathlib import Path

SEED = 20261205
RNG = random.Random(SEED)

TODAY = datetime.date(2026, 12, 5)
CUTOVER = datetime.date(2020, 10, 1)
VALUE_KINDS = ("rrn", "mobile", "landline", "email", "ip", "card", "account")
PER_GENRE = {"pos": 50, "free": 11, "lookalike": 11}
P_COMMON = 0.8
P_MASK = 0.17

# ---------------------------------------------------------------- digits and normalisation
HANGUL_DIGITS = "공일이삼사오육칠팔구"
DIGIT_OF = {c: str(i) for i, c in enumerate(HANGUL_DIGITS)} | {"영": "0", "ㅇ": "0"}
FW_DIGITS = "０１２３４５６７８９"
TO_FULLWIDTH = str.maketrans("0123456789-.@:", FW_DIGITS + "－．＠：")
FROM_FULLWIDTH = str.maketrans(FW_DIGITS + "－．＠：", "0123456789-.@:")
DIGIT_RE = re.compile(r"[0-9０-９]")


def to_hangul(digits, zero="공"):
    return "".join(zero if c == "0" else HANGUL_DIGITS[int(c)] if c.isdigit() else c for c in digits)


def norm_digits(text):
    """The digits a written number stands for (full-width, Hangul digits and ㅇ read as digits)."""
    text = text.translate(FROM_FULLWIDTH)
    return "".join(DIGIT_OF.get(c, c) for c in text if c.isdigit() or c in DIGIT_OF)


def rand_digits(n):
    return "".join(RNG.choice("0123456789") for _ in range(n))


def lead_digits(n, first="23456789"):
    return RNG.choice(first) + rand_digits(n - 1)


def weighted(pairs):
    names = [p[0] for p in pairs]
    weights = [p[1] for p in pairs]
    return RNG.choices(names, weights=weights)[0]


def pick_style(common, evasive):
    """A common style with probability P_COMMON, else a less common or evasive one."""
    if RNG.random() < P_COMMON:
        return weighted(common), "common"
    return weighted(evasive), "evasive"


# ---------------------------------------------------------------- checksums
def luhn_ok(digits):
    total = 0
    for i, ch in enumerate(reversed(digits)):
        n = int(ch)
        if i % 2 == 1:
            n *= 2
            if n > 9:
                n -= 9
        total += n
    return total % 10 == 0


def luhn_complete(partial):
    for c in "0123456789":
        if luhn_ok(partial + c):
            return partial + c
    raise AssertionError(partial)


RRN_WEIGHTS = (2, 3, 4, 5, 6, 7, 8, 9, 2, 3, 4, 5)
RRN_CENTURY = {"1": 1900, "2": 1900, "3": 2000, "4": 2000, "5": 1900, "6": 1900, "7": 2000, "8": 2000}


def rrn_check_digit(first12):
    total = sum(int(a) * b for a, b in zip(first12, RRN_WEIGHTS, strict=True))
    return str((11 - total % 11) % 10)


def rrn_birth(digits):
    century = RRN_CENTURY.get(digits[6])
    if century is None:
        return None
    try:
        return datetime.date(century + int(digits[:2]), int(digits[2:4]), int(digits[4:6]))
    except ValueError:
        return None


def rrn_ok(digits):
    """A resident / foreigner registration number: real past date, sex digit 1-8, check digit before 2020-10."""
    if len(digits) != 13 or not digits.isdigit():
        return False
    born = rrn_birth(digits)
    if born is None or born > TODAY:
        return False
    return born >= CUTOVER or digits[12] == rrn_check_digit(digits[:12])


def card_brand(digits):
    n = len(digits)
    p2, p3, p4 = int(digits[:2]), int(digits[:3]), int(digits[:4])
    if digits[0] == "4" and n in (13, 16, 19):
        return "visa"
    if (51 <= p2 <= 55 or 2221 <= p4 <= 2720) and n == 16:
        return "mastercard"
    if p2 in (34, 37) and n == 15:
        return "amex"
    if 3528 <= p4 <= 3589 and 16 <= n <= 19:
        return "jcb"
    if p2 == 62 and 16 <= n <= 19:
        return "unionpay"
    if (p4 == 6011 or 644 <= p3 <= 649 or p2 == 65) and 16 <= n <= 19:
        return "discover"
    if (p2 in (36, 38, 39) or 300 <= p3 <= 305) and 14 <= n <= 19:
        return "diners"
    return None


def card_ok(digits):
    return 13 <= len(digits) <= 19 and card_brand(digits) is not None and luhn_ok(digits)


AREA_CODES = (
    "031",
    "032",
    "033",
    "041",
    "042",
    "043",
    "044",
    "051",
    "052",
    "053",
    "054",
    "055",
    "061",
    "062",
    "063",
    "064",
)
SAFE_PREFIXES = ("0502", "0503", "0504", "0505", "0506", "0507", "0508")
MOBILE_RE = re.compile(r"01[016789][2-9]\d{6,7}")
LANDLINE_RES = (
    re.compile(r"02[2-9]\d{6,7}"),
    re.compile(r"0(?:3[1-3]|4[1-4]|5[1-5]|6[1-4])[2-9]\d{6,7}"),
    re.compile(r"070[2-9]\d{7}"),
    re.compile(r"050[2-8][2-9]\d{6,7}"),
)
LOOSE_PHONE_RES = (
    re.compile(r"01[016789]\d{7,8}"),
    re.compile(r"02\d{7,8}"),
    re.compile(r"0(?:3[1-3]|4[1-4]|5[1-5]|6[1-4])\d{7,8}"),
    re.compile(r"070\d{7,8}"),
    re.compile(r"050[2-8]\d{7,8}"),
)


def national(digits):
    return "0" + digits[2:] if digits.startswith("82") and not digits.startswith("820") else digits


def phone_kind(digits):
    d = national(digits)
    if MOBILE_RE.fullmatch(d):
        return "mobile"
    if any(r.fullmatch(d) for r in LANDLINE_RES):
        return "landline"
    return None


def loose_phone(digits):
    return any(r.fullmatch(national(digits)) or r.fullmatch(digits) for r in LOOSE_PHONE_RES)


def ip_global(text):
    try:
        addr = ipaddress.ip_address(text)
    except ValueError:
        return False
    return addr.is_global and not addr.is_multicast


# ---------------------------------------------------------------- pieces
def span(text, kind, detail, style, register):
    return (text, {"type": "span", "kind": kind, "detail": detail, "style": style, "register": register})


def decoy(text, kind):
    return (text, {"type": "decoy", "kind": kind})


def plain(text):
    return (text, None)


# ---------------------------------------------------------------- phones
PHONE_COMMON = {
    "mobile": (("hyphen", 55), ("plain", 18), ("space", 10), ("dot", 7), ("mixed_sep", 6)),
    "landline": (
        ("hyphen", 48),
        ("paren_area", 15),
        ("paren_close", 6),
        ("plain", 8),
        ("dot", 8),
        ("space", 8),
        ("mixed_sep", 5),
    ),
}
PHONE_EVASIVE = {
    "mobile": (
        ("hangul_digits", 3),
        ("hangul_mixed", 3),
        ("spaced_digits", 2),
        ("plus82", 3),
        ("cc82", 1),
        ("fullwidth", 2),
        ("vowel_dash", 3),
        ("jamo_zero", 2),
    ),
    "landline": (
        ("hangul_digits", 3),
        ("hangul_mixed", 2),
        ("spaced_digits", 2),
        ("plus82", 3),
        ("fullwidth", 2),
        ("vowel_dash", 2),
    ),
}


def render_groups(groups, style):
    """Digit groups of a phone, card, account or rrn written in one style."""
    if style == "hyphen":
        return "-".join(groups)
    if style == "plain":
        return "".join(groups)
    if style == "dot":
        return ".".join(groups)
    if style == "space":
        return " ".join(groups)
    if style == "slash":
        return "/".join(groups)
    if style == "mixed_sep":
        seps = RNG.choice(((" ", "-"), (".", "-"), ("-", " "), (" - ", " - ")))
        out = groups[0]
        for i, g in enumerate(groups[1:]):
            out += seps[min(i, 1)] + g
        return out
    if style == "hangul_digits":
        zero = RNG.choice("공공영")
        return RNG.choice(("-", " ", "")).join(to_hangul(g, zero) for g in groups)
    if style == "hangul_mixed":
        which = RNG.sample(range(len(groups)), k=max(1, len(groups) // 2))
        return RNG.choice(("-", " ")).join(to_hangul(g) if i in which else g for i, g in enumerate(groups))
    if style == "spaced_digits":
        return " ".join("".join(groups))
    if style == "fullwidth":
        if RNG.random() < 0.5:
            return "-".join(groups).translate(TO_FULLWIDTH)
        return "-".join(g.translate(TO_FULLWIDTH) for g in groups)
    if style == "vowel_dash":
        return "ㅡ".join(groups)
    raise ValueError(style)


def render_phone(groups, style):
    g0, g1, g2 = groups
    nat = g0[1:]
    if style == "paren_area":
        return RNG.choice((f"({g0}) {g1}-{g2}", f"({g0}){g1}-{g2}"))
    if style == "paren_close":
        return f"{g0}){g1}-{g2}"
    if style == "plus82":
        return RNG.choice((f"+82 {nat}-{g1}-{g2}", f"+82-{nat}-{g1}-{g2}", f"+82{nat}{g1}{g2}", f"+82 {nat} {g1} {g2}"))
    if style == "cc82":
        return RNG.choice((f"82-{nat}-{g1}-{g2}", f"82 {nat} {g1} {g2}"))
    if style == "jamo_zero":
        return f"{g0.replace('0', 'ㅇ')}-{g1}-{g2}"
    return render_groups(groups, style)


def mobile_groups():
    if RNG.random() < 0.9:
        return ["010", lead_digits(4), rand_digits(4)], "010"
    pre = RNG.choice(("011", "016", "017", "018", "019"))
    return [pre, lead_digits(RNG.choice((3, 4))), rand_digits(4)], pre


def landline_groups():
    r = RNG.random()
    if r < 0.3:
        return ["02", lead_digits(RNG.choice((3, 4))), rand_digits(4)], "seoul"
    if r < 0.7:
        return [RNG.choice(AREA_CODES), lead_digits(RNG.choice((3, 4))), rand_digits(4)], "area"
    if r < 0.85:
        return ["070", lead_digits(4), rand_digits(4)], "voip070"
    pre = RNG.choice(SAFE_PREFIXES)
    return [pre, lead_digits(4 if pre in ("0504", "0507") else RNG.choice((3, 4))), rand_digits(4)], "safe050x"


def gen_phone(kind):
    groups, detail = mobile_groups() if kind == "mobile" else landline_groups()
    style, register = pick_style(PHONE_COMMON[kind], PHONE_EVASIVE[kind])
    return [span(render_phone(groups, style), kind, detail, style, register)]


# ---------------------------------------------------------------- rrn
RRN_COMMON = (("hyphen", 80), ("plain", 12), ("space", 8))
RRN_EVASIVE = (("hangul_mixed", 3), ("hangul_digits", 2), ("spaced_digits", 2), ("fullwidth", 2), ("vowel_dash", 3))


RRN_AGES = {"adult": (1950, 2006), "senior": (1935, 1961), "teen": (2007, 2014), "child": (2017, 2026)}


def rrn_number(age="adult"):
    """A valid number for someone born in the age band; births from 2020-10 get six random trailing digits."""
    lo, hi = RRN_AGES[age]
    start = datetime.date(lo, 1, 1)
    end = min(datetime.date(hi, 12, 31), TODAY - datetime.timedelta(days=30))
    while True:
        foreign = RNG.random() < 0.15
        born = start + datetime.timedelta(days=RNG.randint(0, (end - start).days))
        post = born >= CUTOVER
        male = RNG.random() < 0.5
        sex = ("1" if male else "2") if born.year < 2000 else ("3" if male else "4")
        if foreign:
            sex = str(int(sex) + 4)
        head = born.strftime("%y%m%d") + sex
        if post:
            number = head + rand_digits(6)
        else:
            body = head + f"{RNG.randint(0, 95):02d}" + rand_digits(3)
            number = body + rrn_check_digit(body)
        if rrn_ok(number) and not card_ok(number):
            detail = f"{'foreigner' if foreign else 'citizen'}_{'post' if post else 'pre'}2020"
            return number, detail


def gen_rrn(age=""):
    number, detail = rrn_number(age or "adult")
    style, register = pick_style(RRN_COMMON, RRN_EVASIVE)
    groups = [number[:6], number[6:]]
    if style == "hangul_mixed":
        text = groups[0] + RNG.choice(("-", " ")) + to_hangul(groups[1])
    else:
        text = render_groups(groups, style)
    return [span(text, "rrn", detail, style, register)]


# ---------------------------------------------------------------- card
CARD_BRANDS = (
    ("visa", 34),
    ("mastercard", 28),
    ("jcb", 10),
    ("unionpay", 10),
    ("amex", 9),
    ("discover", 4),
    ("diners", 5),
)
CARD_COMMON = (("hyphen", 55), ("space", 25), ("plain", 20))
CARD_EVASIVE = (
    ("dot", 2),
    ("slash", 1),
    ("hangul_mixed", 2),
    ("fullwidth", 2),
    ("vowel_dash", 2),
    ("spaced_digits", 1),
)


def card_number(brand):
    if brand == "visa":
        prefix, length = "4", 16
    elif brand == "mastercard":
        prefix, length = RNG.choice((str(RNG.randint(51, 55)), str(RNG.randint(2221, 2720)))), 16
    elif brand == "jcb":
        prefix, length = str(RNG.randint(3528, 3589)), 16
    elif brand == "unionpay":
        prefix, length = "62", 16
    elif brand == "amex":
        prefix, length = RNG.choice(("34", "37")), 15
    elif brand == "discover":
        prefix, length = RNG.choice(("6011", "65")), 16
    else:
        prefix, length = RNG.choice(("36", "300", "301", "305", "38")), 14
    number = luhn_complete(prefix + rand_digits(length - 1 - len(prefix)))
    assert card_brand(number) == brand, (brand, number)
    return number


def card_groups(number):
    cuts = {16: (4, 4, 4, 4), 15: (4, 6, 5), 14: (4, 6, 4)}[len(number)]
    out, at = [], 0
    for n in cuts:
        out.append(number[at : at + n])
        at += n
    return out


def gen_card():
    brand = weighted(CARD_BRANDS)
    number = card_number(brand)
    style, register = pick_style(CARD_COMMON, CARD_EVASIVE)
    return [span(render_groups(card_groups(number), style), "card", brand, style, register)]


# ---------------------------------------------------------------- account
BANKS = (
    ("kb", ("KB국민은행", "국민은행", "국민"), (6, 2, 6), ("",)),
    ("shinhan", ("신한은행", "신한"), (3, 3, 6), ("110", "100", "140")),
    ("woori", ("우리은행", "우리"), (4, 3, 6), ("1002",)),
    ("hana", ("하나은행", "하나"), (3, 6, 5), ("",)),
    ("nonghyup", ("NH농협", "농협은행", "농협"), (3, 4, 4, 2), ("302", "301", "312", "352", "356")),
    ("ibk", ("IBK기업은행", "기업은행", "기업"), (3, 6, 2, 3), ("",)),
    ("kakaobank", ("카카오뱅크", "카뱅"), (4, 2, 7), ("3333", "3355", "3388")),
    ("tossbank", ("토스뱅크",), (4, 4, 4), ("1000", "1001")),
    ("kbank", ("케이뱅크",), (3, 3, 6), ("100", "101")),
    ("sc", ("SC제일은행", "제일은행"), (3, 2, 6), ("",)),
    ("epost", ("우체국",), (6, 2, 6), ("",)),
    ("saemaeul", ("새마을금고", "MG새마을금고"), (4, 4, 4, 1), ("9002", "9003", "9100")),
    ("busan", ("부산은행",), (3, 4, 4, 2), ("101", "112")),
    ("im", ("iM뱅크", "대구은행"), (3, 2, 6, 1), ("508", "505")),
    ("gwangju", ("광주은행",), (3, 3, 6), ("",)),
)
ACCOUNT_GROUPINGS = tuple(sorted({b[2] for b in BANKS}))
ACCOUNT_COMMON = (("hyphen", 75), ("plain", 20), ("space", 5))
ACCOUNT_EVASIVE = (("hangul_mixed", 3), ("spaced_digits", 1), ("fullwidth", 2), ("vowel_dash", 2), ("dot", 2))


def account_groups(bank):
    _, _, grouping, prefixes = bank
    while True:
        prefix = RNG.choice(prefixes) or RNG.choice("123456789")
        digits = prefix + rand_digits(sum(grouping) - len(prefix))
        if not (rrn_ok(digits) or card_ok(digits) or luhn_ok(digits) and len(digits) >= 14 or loose_phone(digits)):
            break
    out, at = [], 0
    for n in grouping:
        out.append(digits[at : at + n])
        at += n
    return out


def with_bank(bank, pieces):
    """Puts a bank name before (sometimes touching) or after the number; the name stays outside the span."""
    name = RNG.choice(bank[1])
    r = RNG.random()
    if r < 0.12:
        return pieces
    if r < 0.62:
        return [plain(name + " "), *pieces]
    if r < 0.77:
        return [plain(name), *pieces]
    if r < 0.9:
        return [*pieces, plain(f" ({name})")]
    return [plain(name + " 계좌 "), *pieces]


def gen_account():
    bank = RNG.choice(BANKS)
    style, register = pick_style(ACCOUNT_COMMON, ACCOUNT_EVASIVE)
    text = render_groups(account_groups(bank), style)
    return with_bank(bank, [span(text, "account", bank[0], style, register)])


# ---------------------------------------------------------------- email
TLDS = (
    "com net org kr jp de fr it au uk ru vn br th ph io dev app shop xyz site online kim seoul busan team club cafe "
    "golf dental yachts games life space studio tech edu gov info biz me co cn tw hk sg us ca ne ac go or"
).split()
PORTALS = (
    "naver.com",
    "naver.com",
    "gmail.com",
    "gmail.com",
    "daum.net",
    "hanmail.net",
    "kakao.com",
    "nate.com",
    "hotmail.com",
    "outlook.com",
    "icloud.com",
)
AC_KR = (
    "snu.ac.kr",
    "yonsei.ac.kr",
    "korea.ac.kr",
    "kaist.ac.kr",
    "postech.ac.kr",
    "pusan.ac.kr",
    "jejunu.ac.kr",
    "knu.ac.kr",
    "hanyang.ac.kr",
    "ewha.ac.kr",
    "inha.ac.kr",
    "cnu.ac.kr",
    "karts.ac.kr",
)
GO_KR = ("seoul.go.kr", "jeju.go.kr", "busan.go.kr", "gg.go.kr", "nts.go.kr", "mohw.go.kr", "mcst.go.kr", "nhis.go.kr")
CCTLD = (
    "yahoo.co.jp",
    "docomo.ne.jp",
    "gmx.de",
    "web.de",
    "orange.fr",
    "libero.it",
    "bigpond.com.au",
    "btinternet.co.uk",
    "mail.ru",
    "fpt.vn",
    "uol.com.br",
)
GTLDS = (
    "dev",
    "app",
    "shop",
    "xyz",
    "site",
    "online",
    "kim",
    "seoul",
    "busan",
    "team",
    "club",
    "studio",
    "life",
    "space",
)
GIVEN_ROMAN = (
    "minji seoyeon jihoon hyunwoo yuna doyoon jiwoo haeun sumin junho eunji taeyang sohee jaehyun dahye woojin "
    "chaeyoung sangmin nayeon kyungho hyejin donghyun yerin seungwoo youngsook minsu"
).split()
SURNAME_ROMAN = (
    "kim lee park choi jung kang cho yoon jang lim han oh seo shin kwon hwang ahn song yoo hong jeon moon bae".split()
)
ROLES = ("info", "contact", "booking", "office", "help", "reserve", "admin", "cs", "hello", "staff", "manager", "team")
EMAIL_DETAILS = (
    ("portal", 40),
    ("company", 14),
    ("co_kr", 10),
    ("ac_kr", 8),
    ("go_kr", 6),
    ("or_kr", 7),
    ("cctld", 7),
    ("gtld", 8),
)
EMAIL_COMMON = (("plain", 90), ("angle", 10))
EMAIL_EVASIVE = (
    ("at_words", 3),
    ("paren_at", 3),
    ("bracket_at", 2),
    ("golbaengi", 3),
    ("spaced_at", 2),
    ("fullwidth_at", 2),
    ("space_dot", 1),
)


def local_part(genre, role_ok):
    if role_ok and RNG.random() < 0.35:
        return RNG.choice(ROLES)
    given, sur = RNG.choice(GIVEN_ROMAN), RNG.choice(SURNAME_ROMAN)
    initials = given[0] + RNG.choice("jhsmyk")
    shape = RNG.randrange(9)
    if shape == 0:
        return f"{given}.{sur}"
    if shape == 1:
        return f"{sur}.{given}"
    if shape == 2:
        return f"{given}{sur}"
    if shape == 3:
        return f"{sur}{given}{RNG.randint(70, 99)}"
    if shape == 4:
        return f"{initials}{sur}"
    if shape == 5:
        return f"{RNG.choice(genre['words'])}{rand_digits(2)}"
    if shape == 6:
        return f"{given}_{rand_digits(2)}"
    if shape == 7:
        return f"{RNG.choice(genre['words'])}_{initials}"
    return f"{sur}{given[0]}{rand_digits(3)}"


def email_domain(genre, detail):
    brand = RNG.choice(genre["brands"])
    if detail == "portal":
        return RNG.choice(PORTALS)
    if detail == "company":
        return brand + RNG.choice((".com", ".com", ".net"))
    if detail == "co_kr":
        return brand + ".co.kr"
    if detail == "ac_kr":
        return RNG.choice(AC_KR)
    if detail == "go_kr":
        return RNG.choice(GO_KR)
    if detail == "or_kr":
        return RNG.choice(genre["orkr"])
    if detail == "cctld":
        return RNG.choice(CCTLD)
    return brand + "." + RNG.choice(GTLDS + tuple(genre.get("gtld", ())))


def render_email(local, domain, style):
    if style in ("plain", "angle"):
        return f"{local}@{domain}"
    if style == "at_words":
        return f"{local} at {domain.replace('.', ' dot ')}"
    if style == "paren_at":
        return f"{local}(at){domain.replace('.', '(dot)') if RNG.random() < 0.4 else domain}"
    if style == "bracket_at":
        return f"{local}[at]{domain.replace('.', '[dot]') if RNG.random() < 0.6 else domain}"
    if style == "golbaengi":
        return RNG.choice((f"{local} 골뱅이 {domain}", f"{local}골뱅이{domain}"))
    if style == "spaced_at":
        return f"{local} @ {domain}"
    if style == "fullwidth_at":
        return f"{local}＠{domain}"
    if style == "space_dot":
        return f"{local} @ {domain.replace('.', ' . ')}"
    raise ValueError(style)


def gen_email(genre):
    detail = weighted(EMAIL_DETAILS)
    domain = email_domain(genre, detail)
    local = local_part(genre, detail not in ("portal", "ac_kr", "cctld"))
    style, register = pick_style(EMAIL_COMMON, EMAIL_EVASIVE)
    piece = span(render_email(local, domain, style), "email", detail, style, register)
    if style == "angle":
        return [plain("<"), piece, plain(">")]
    return [piece]


# ---------------------------------------------------------------- ip
V4_FIRST = (1, 14, 27, 39, 49, 58, 59, 61, 106, 110, 112, 114, 115, 116, 118, 119, 121, 122, 125, 175, 180, 182, 183)
V4_FIRST += (210, 211, 218, 220, 221, 222, 223, 3, 13, 34, 35, 43, 52, 54)
V6_PREFIXES = (
    "2001:2d8",
    "2001:e60",
    "2001:4860",
    "2404:6800",
    "2406:da12",
    "2406:5900",
    "2600:1f18",
    "2a00:1450",
    "2400:cb00",
    "2403:5800",
    "2001:220",
    "2001:7fa",
)
IPV4_COMMON = (("dotted", 100),)
IPV4_EVASIVE = (("defanged", 4), ("paren_dot", 2), ("spaced_dots", 2), ("fullwidth", 2))
IPV6_COMMON = (("compressed", 85), ("exploded", 15))
IPV6_EVASIVE = (("upper", 3), ("fullwidth", 1))


def ipv4_address():
    while True:
        text = f"{RNG.choice(V4_FIRST)}.{RNG.randint(0, 255)}.{RNG.randint(0, 255)}.{RNG.randint(1, 254)}"
        if ip_global(text):
            return text


def ipv6_address():
    while True:
        groups = RNG.choice(V6_PREFIXES).split(":")
        groups += [f"{RNG.randint(0, 0xFFFF):x}" for _ in range(RNG.randint(1, 3))]
        tail = [f"{RNG.randint(1, 0xFFFF):x}" for _ in range(RNG.randint(1, 2))]
        groups += ["0"] * (8 - len(groups) - len(tail)) + tail
        addr = ipaddress.IPv6Address(":".join(groups))
        if ip_global(str(addr)):
            return addr


def ip_value():
    if RNG.random() < 0.7:
        text = ipv4_address()
        style, register = pick_style(IPV4_COMMON, IPV4_EVASIVE)
        if style == "defanged":
            text = text.replace(".", "[.]")
        elif style == "paren_dot":
            text = text.replace(".", "(.)")
        elif style == "spaced_dots":
            text = text.replace(".", RNG.choice((". ", " . ")))
        elif style == "fullwidth":
            text = text.translate(TO_FULLWIDTH)
        return text, "v4", style, register
    addr = ipv6_address()
    style, register = pick_style(IPV6_COMMON, IPV6_EVASIVE)
    text = addr.exploded if style == "exploded" else addr.compressed
    if style == "upper":
        text = text.upper()
    elif style == "fullwidth":
        text = text.translate(TO_FULLWIDTH)
    return text, "v6", style, register


def gen_ip():
    text, detail, style, register = ip_value()
    return [span(text, "ip", detail, style, register)]


def gen_ipport():
    text, detail, style, register = ip_value()
    piece = span(text, "ip", detail, style, register)
    port = decoy(str(RNG.choice(PORTS)), "port")
    if detail == "v6":
        return [plain("["), piece, plain("]:"), port]
    return [piece, plain(":"), port]


PORTS = (22, 80, 443, 554, 2222, 3389, 5000, 5900, 7777, 8000, 8080, 8443, 9000, 25565, 27015, 37777)

# ---------------------------------------------------------------- masked values (decoys)
MASK_CHARS = ("*", "*", "*", "x", "X", "●", "○")


def mask(n, ch=None):
    return (ch or RNG.choice(MASK_CHARS)) * n


def masked_phone(kind):
    groups, _ = mobile_groups() if kind == "mobile" else landline_groups()
    g0, g1, g2 = groups
    ch = RNG.choice(MASK_CHARS)
    r = RNG.random()
    if r < 0.5:
        text = f"{g0}-{mask(len(g1), ch)}-{g2}"
    elif r < 0.7:
        text = f"{g0}-{g1[:2]}{mask(len(g1) - 2, ch)}-{g2}"
    elif r < 0.85:
        text = f"{g0}-{g1}-{mask(4, ch)}"
    else:
        text = f"{g0}{mask(len(g1), ch)}{g2}"
    return [decoy(text, "masked_" + kind)]


def masked_rrn():
    number, _ = rrn_number()
    ch = RNG.choice(MASK_CHARS)
    r = RNG.random()
    if r < 0.55:
        text = f"{number[:6]}-{number[6]}{mask(6, ch)}"
    elif r < 0.75:
        text = f"{number[:6]}-{mask(7, ch)}"
    elif r < 0.9:
        text = f"{number[:2]}{mask(4, ch)}-{number[6]}{mask(6, ch)}"
    else:
        text = f"{number[:6]} - {number[6]}{mask(6, ch)}"
    return [decoy(text, "masked_rrn")]


def masked_card():
    number = card_number(weighted(CARD_BRANDS))
    groups = card_groups(number)
    ch = RNG.choice(("*", "*", "x", "●"))
    r = RNG.random()
    if r < 0.5:
        out = [groups[0]] + [mask(len(g), ch) for g in groups[1:-1]] + [groups[-1]]
        text = "-".join(out)
    elif r < 0.7:
        text = f"{groups[0]}-{groups[1][:2]}{mask(len(groups[1]) - 2, ch)}-" + "-".join(
            [mask(len(g), ch) for g in groups[2:-1]] + [groups[-1]]
        )
    elif r < 0.85:
        text = number[:6] + mask(len(number) - 10, ch) + number[-4:]
    else:
        text = " ".join([mask(len(g), ch) for g in groups[:-1]] + [groups[-1]])
    return [decoy(text, "masked_card")]


def masked_account():
    bank = RNG.choice(BANKS)
    groups = account_groups(bank)
    ch = RNG.choice(("*", "*", "x", "●"))
    r = RNG.random()
    if r < 0.5:
        groups[1] = mask(len(groups[1]), ch)
    elif r < 0.8:
        groups[-1] = (
            mask(len(groups[-1]) - 2, ch) + groups[-1][-2:] if len(groups[-1]) > 3 else mask(len(groups[-1]), ch)
        )
        groups[1] = mask(len(groups[1]), ch)
    else:
        groups = [mask(len(g), ch) for g in groups[:-1]] + [groups[-1]]
    return with_bank(bank, [decoy("-".join(groups), "masked_account")])


def masked_email(genre):
    detail = weighted(EMAIL_DETAILS)
    local = local_part(genre, False)
    keep = RNG.randint(1, min(3, len(local) - 1))
    text = local[:keep] + mask(RNG.randint(3, 5), RNG.choice(("*", "*", "x"))) + "@" + email_domain(genre, detail)
    return [decoy(text, "masked_email")]


def masked_ip():
    if RNG.random() < 0.8:
        parts = ipv4_address().split(".")
        ch = RNG.choice(("*", "x", "xxx", "***"))
        r = RNG.random()
        if r < 0.5:
            parts[2] = parts[3] = ch
        elif r < 0.8:
            parts[2] = ch
        else:
            parts[1] = ch
        return [decoy(".".join(parts), "masked_ip")]
    groups = ipv6_address().exploded.split(":")
    groups[2:7] = ["****"] * 5
    return [decoy(":".join(groups[:-1] + [groups[-1].lstrip("0") or "0"]), "masked_ip")]


def masked(kind, genre):
    if kind in ("mobile", "landline"):
        return masked_phone(kind)
    if kind == "rrn":
        return masked_rrn()
    if kind == "card":
        return masked_card()
    if kind == "account":
        return masked_account()
    if kind == "email":
        return masked_email(genre)
    return masked_ip()


# ---------------------------------------------------------------- decoy checks
EMAIL_LIKE = re.compile(r"[A-Za-z0-9._%+-]+@(?:[A-Za-z0-9-]+\.)+([A-Za-z]{2,})\b")
DIGIT_RUN = re.compile(r"\d+(?:(?: - |[ .\-/])\d+)*")
EMAIL_DECOY_KINDS = ("git_remote",)


def could_be_value(text, kind=""):
    """True if a decoy's text could pass as a value of any kind (then it is regenerated)."""
    for value_kind in ("rrn", "mobile", "landline", "card", "ip", "email"):
        if value_ok(value_kind, text) and not (value_kind == "email" and kind in EMAIL_DECOY_KINDS):
            return True
    t = text.translate(FROM_FULLWIDTH)
    for m in re.finditer(r"[0-9A-Fa-f:.\[\]]{2,}", t):
        for token in (m.group().strip("[]"), m.group().strip(".:[]")):
            if ":" in token and ip_global(token):
                return True
    for m in re.finditer(r"\d+(?:\.\d+)+", t):
        parts = m.group().split(".")
        for i in range(len(parts) - 3):
            if ip_global(".".join(parts[i : i + 4])):
                return True
    if kind not in EMAIL_DECOY_KINDS:
        for m in EMAIL_LIKE.finditer(t):
            tld = m.group(1).lower()
            if tld in TLDS or len(tld) == 2:
                return True
    for m in DIGIT_RUN.finditer(t):
        run = m.group()
        groups = tuple(len(g) for g in re.split(r"\D+", run) if g)
        candidates = ["".join(re.findall(r"\d", run))] + [g for g in re.split(r"\D+", run) if g]
        for digits in candidates:
            if rrn_ok(digits) or loose_phone(digits) or 13 <= len(digits) <= 19 and luhn_ok(digits):
                return True
        if groups in ACCOUNT_GROUPINGS:
            return True
    return False


# ---------------------------------------------------------------- generic decoys
WEEKDAYS = "월화수목금토일"
LETTERS = "ABCDEFGHJKLMNPQRSTUVWXYZ"


def some_date(lo=-400, hi=2200):
    return TODAY - datetime.timedelta(days=RNG.randint(lo, hi))


def d_date(arg=""):
    d = some_date()
    w = WEEKDAYS[d.weekday()]
    forms = (
        f"{d.year}-{d.month:02d}-{d.day:02d}",
        f"{d.year}.{d.month}.{d.day}",
        f"{d.year}. {d.month}. {d.day}",
        f"{d.month}월 {d.day}일",
        f"{d.year}년 {d.month}월 {d.day}일",
        f"{d.year % 100:02d}.{d.month:02d}.{d.day:02d}",
        f"{d.month}/{d.day}",
        f"{d.month}월 {d.day}일({w})",
        f"{d.month}.{d.day}({w})",
    )
    return RNG.choice(forms)


def d_year(arg=""):
    lo, hi = (int(x) for x in arg.split(",")) if arg else (2008, 2026)
    return str(RNG.randint(lo, hi))


def d_time(arg=""):
    h, m = RNG.randint(6, 21), RNG.choice((0, 0, 10, 15, 20, 30, 30, 40, 45, 50))
    forms = (
        f"{h:02d}:{m:02d}",
        f"{h}:{m:02d}",
        f"{'오전' if h < 12 else '오후'} {h if h <= 12 else h - 12}시" + (f" {m}분" if m else ""),
        f"{h}시" + (f" {m}분" if m else ""),
        f"{h}시" + ("반" if m == 30 else ""),
    )
    return RNG.choice(forms)


def d_hours(arg=""):
    a, b, m = RNG.randint(8, 11), RNG.randint(17, 22), RNG.choice((0, 0, 30))
    forms = (f"{a:02d}:{m:02d}~{b:02d}:00", f"{a}:{m:02d}-{b}:00", f"오전 {a}시~오후 {b - 12}시", f"{a}시~{b}시")
    return RNG.choice(forms)


def d_duration(arg=""):
    h, m, s = RNG.randint(0, 3), RNG.randint(1, 59), RNG.randint(0, 59)
    return RNG.choice((f"{h}시간 {m}분" if h else f"{m}분 {s}초", f"{h}:{m:02d}:{s:02d}"))


def d_price(arg=""):
    lo, hi = (int(x) for x in arg.split(",")) if arg else (5000, 300000)
    step = 10 if hi <= 2000 else 100 if hi <= 20000 else 1000 if hi <= 1000000 else 10000
    n = max(step, round(RNG.uniform(lo, hi) / step) * step)
    forms = [f"{n:,}원", f"{n:,}원", f"₩{n:,}"]
    if n >= 10000 and n % 10000 == 0:
        forms.append(f"{n // 10000:,}만원")
    elif n >= 10000 and n % 1000 == 0:
        forms.append(f"{n // 10000:,}만 {n % 10000 // 1000}천원")
    return RNG.choice(forms)


def parse_range(arg, lo=1, hi=50):
    parts = arg.split(",") if arg else [""]
    unit = parts[0]
    if len(parts) >= 3:
        lo, hi = int(parts[1]), int(parts[2])
    return unit, lo, hi


def d_qty(arg=""):
    unit, lo, hi = parse_range(arg)
    n = RNG.randint(lo, hi)
    return (f"{n:,}" if n >= 1000 and RNG.random() < 0.7 else str(n)) + unit


def d_dec(arg=""):
    unit, lo, hi = parse_range(arg)
    return f"{RNG.uniform(lo, hi + 0.99):.1f}{unit}"


def d_version(arg=""):
    a, b, c = RNG.randint(0, 12), RNG.randint(0, 30), RNG.randint(0, 40)
    return RNG.choice((f"v{a}.{b}.{c}", f"{a}.{b}.{c}", f"ver {a}.{b}", f"v{a}.{b}"))


def code_letters(n):
    return "".join(RNG.choice(LETTERS) for _ in range(n))


def d_model_code(arg=""):
    forms = (
        f"{code_letters(2)}-{RNG.randint(10, 990)}",
        f"{code_letters(2)}-{RNG.randint(1, 99)}{code_letters(1)}",
        f"{code_letters(3)}{RNG.randint(100, 9900)}",
        f"{code_letters(1)}{RNG.randint(1, 9)}{code_letters(2)}-{RNG.randint(10, 99)}",
    )
    return RNG.choice(forms)


def ean_check(first12):
    total = sum(int(c) * (3 if i % 2 else 1) for i, c in enumerate(first12))
    return str((10 - total % 10) % 10)


def d_ean(arg=""):
    body = "880" + rand_digits(9)
    return body + ean_check(body)


def d_isbn(arg=""):
    pub = rand_digits(RNG.choice((4, 5)))
    body = RNG.choice(("978-89", "979-11")) + "-" + pub + "-" + rand_digits(12 - 5 - len(pub))
    digits = body.replace("-", "")
    return f"{body}-{ean_check(digits)}"


def ymd(sep=""):
    d = some_date(-60, 900)
    return f"{d.year}{sep}{d.month:02d}{sep}{d.day:02d}"


def d_order_no(arg=""):
    forms = (
        f"{ymd()}-{rand_digits(7)}",
        f"ORD{ymd()[2:]}{rand_digits(5)}",
        f"{ymd()}{lead_digits(6, '123456789')}",
        f"Y{rand_digits(2)}{code_letters(2)}{rand_digits(6)}",
    )
    return RNG.choice(forms)


def d_invoice_no(arg=""):
    return RNG.choice(
        (f"INV-{ymd()[:4]}-{rand_digits(5)}", f"{ymd()}-{rand_digits(4)}-{code_letters(1)}", f"제{rand_digits(6)}호")
    )


def d_tracking_no(arg=""):
    return RNG.choice(("5" + rand_digits(11), "6" + rand_digits(12), "3" + rand_digits(11)))


def d_reservation_no(arg=""):
    return RNG.choice((f"R{ymd()[2:]}-{rand_digits(4)}", f"{code_letters(2)}{rand_digits(6)}", f"BK-{rand_digits(6)}"))


def d_receipt_no(arg=""):
    return RNG.choice((f"No. {rand_digits(6)}", f"{ymd()[2:]}-{rand_digits(3)}", f"R-{rand_digits(8)}"))


def d_approval_no(arg=""):
    return lead_digits(8, "123456789")


def d_claim_no(arg=""):
    return RNG.choice((f"CL-{ymd()[:4]}-{rand_digits(6)}", f"{ymd()[:4]}{code_letters(1)}{rand_digits(7)}"))


def d_policy_no(arg=""):
    return RNG.choice(
        (f"L{lead_digits(9, '123456789')}", f"{ymd()[:4]}-{rand_digits(7)}", f"P{rand_digits(3)}-{rand_digits(8)}")
    )


def d_registered_mail_no(arg=""):
    return RNG.choice(("1", "6")) + rand_digits(12)


def d_case_no(arg=""):
    year = ymd()[:4]
    return RNG.choice(
        (f"{year}가단{rand_digits(5)}", f"{year}고합{RNG.randint(10, 999)}", f"제{year}-{RNG.randint(1, 400)}호")
    )


def d_student_id(arg=""):
    return RNG.choice(
        (f"{ymd()[:4]}{rand_digits(5)}", f"{ymd()[:4]}-{rand_digits(5)}", f"{ymd()[2:4]}{rand_digits(6)}")
    )


def d_member_id(arg=""):
    return RNG.choice((f"M-{rand_digits(6)}", f"KR{rand_digits(7)}", f"{code_letters(2)}{rand_digits(5)}"))


def d_employee_id(arg=""):
    return RNG.choice((f"EMP-{rand_digits(5)}", f"{ymd()[:4]}{rand_digits(3)}", f"E{rand_digits(6)}"))


def d_exam_no(arg=""):
    return f"{rand_digits(2)}-{rand_digits(6)}"


def d_contract_no(arg=""):
    return RNG.choice((f"C{ymd()[:4]}-{rand_digits(5)}", f"제{rand_digits(4)}-{rand_digits(3)}호"))


def d_business_reg_no(arg=""):
    body = lead_digits(3, "123456789") + rand_digits(6)
    weights = (1, 3, 7, 1, 3, 7, 1, 3, 5)
    total = sum(int(c) * w for c, w in zip(body, weights, strict=True)) + int(body[8]) * 5 // 10
    check = str((10 - total % 10) % 10)
    return f"{body[:3]}-{body[3:5]}-{body[5:]}{check}"


def d_corporate_reg_no(arg=""):
    """법인등록번호: registry office + kind + serial + its own check digit; must fail the RRN rules."""
    while True:
        body = RNG.choice(("1101", "1201", "1311", "1345", "1641", "1801", "2001", "2301")) + RNG.choice(
            ("11", "31", "71", "81")
        )
        body += rand_digits(6)
        total = sum(int(c) * (1 if i % 2 == 0 else 2) for i, c in enumerate(body))
        number = body + str((10 - total % 10) % 10)
        if not rrn_ok(number):
            return f"{number[:6]}-{number[6:]}"


REP_PREFIXES = ("1588", "1577", "1544", "1566", "1599", "1600", "1644", "1661", "1668", "1670", "1688", "1800")
REP_PREFIXES += ("1811", "1833", "1855", "1877", "1899")


def d_rep_number(arg=""):
    return f"{RNG.choice(REP_PREFIXES)}-{rand_digits(4)}"


def d_freecall_080(arg=""):
    return f"080-{lead_digits(RNG.choice((3, 4)))}-{rand_digits(4)}"


def d_relay_0500(arg=""):
    return f"{RNG.choice(('0500', '0501'))}-{lead_digits(RNG.choice((3, 4)))}-{rand_digits(4)}"


def d_short_number(arg=""):
    return RNG.choice(("112", "119", "114", "120", "1330", "1345", "1388", "182", "125", "107", "110", "1339"))


BAD_AREAS = ("034", "035", "036", "037", "038", "039", "045", "046", "047", "048", "049", "056", "057", "058", "059")
BAD_AREAS += ("065", "066", "067", "068", "069")


def d_bad_area_phone(arg=""):
    if arg == "mobile" or arg == "" and RNG.random() < 0.3:
        return f"{RNG.choice(('012', '013', '014', '015'))}-{lead_digits(4)}-{rand_digits(4)}"
    return f"{RNG.choice(BAD_AREAS)}-{lead_digits(RNG.choice((3, 4)))}-{rand_digits(4)}"


def d_private_ip(arg=""):
    forms = (
        lambda: f"192.168.{RNG.randint(0, 10)}.{RNG.randint(1, 254)}",
        lambda: f"10.{RNG.randint(0, 255)}.{RNG.randint(0, 255)}.{RNG.randint(1, 254)}",
        lambda: f"172.{RNG.randint(16, 31)}.{RNG.randint(0, 255)}.{RNG.randint(1, 254)}",
        lambda: "127.0.0.1",
        lambda: f"169.254.{RNG.randint(0, 255)}.{RNG.randint(1, 254)}",
        lambda: f"100.{RNG.randint(64, 127)}.{RNG.randint(0, 255)}.{RNG.randint(1, 254)}",
        lambda: f"203.0.113.{RNG.randint(1, 254)}",
        lambda: f"fe80::{RNG.randint(1, 0xFFFF):x}:{RNG.randint(1, 0xFFFF):x}",
        lambda: f"fd{RNG.randint(0, 255):02x}:{RNG.randint(0, 0xFFFF):x}::{RNG.randint(1, 0xFF):x}",
        lambda: f"2001:db8::{RNG.randint(1, 0xFFFF):x}",
    )
    weights = (30, 18, 10, 6, 5, 6, 5, 8, 6, 6)
    return RNG.choices(forms, weights=weights)[0]()


def d_port(arg=""):
    return str(RNG.choice(PORTS))


def d_windows_build(arg=""):
    return f"10.0.{RNG.randint(19041, 26100)}.{RNG.randint(100, 5000)}"


IMG_WORDS = ("logo", "banner_main", "hero", "icon_menu", "btn_reserve", "thumb", "profile_bg", "main_visual")


def d_image_file(arg=""):
    return f"{RNG.choice(IMG_WORDS)}@{RNG.choice((2, 3))}x.{RNG.choice(('png', 'png', 'webp', 'jpg'))}"


def d_git_remote(arg=""):
    org = RNG.choice(("team-nova", "hive-dev", "seongsu-makers", "redfox-gg", "studio-dawn"))
    repo = RNG.choice(("discord-bot", "scrim-scheduler", "booking-web", "infra", "design-system"))
    return RNG.choice((f"git@github.com:{org}/{repo}.git", f"git@gitlab.com:{org}/{repo}.git"))


def d_npm_package(arg=""):
    scope = RNG.choice(("hive", "redfox", "seongsu", "nova-ui", "dawn"))
    return f"@{scope}/{RNG.choice(('ui-kit', 'tokens', 'eslint-config', 'icons', 'api-client'))}"


def d_mention(arg=""):
    base = (arg or RNG.choice(("nova.coach", "hive.seongsu", "redfox_gg"))).replace("-", RNG.choice("._"))
    return "@" + base + RNG.choice(("", "", "_official", ".kr", str(RNG.randint(1, 99))))


def d_coordinates(arg=""):
    if arg == "jeju":
        lat, lon = RNG.uniform(33.2, 33.5), RNG.uniform(126.2, 126.9)
    else:
        lat, lon = RNG.uniform(34.5, 38.0), RNG.uniform(126.4, 129.3)
    if RNG.random() < 0.6:
        return f"{lat:.4f}, {lon:.4f}"
    return f"N{int(lat)}°{(lat % 1) * 60:.2f}′ E{int(lon)}°{(lon % 1) * 60:.2f}′"


def d_statistic(arg=""):
    if arg.startswith("pct"):
        _, lo, hi = parse_range(arg)
        return RNG.choice((f"{RNG.uniform(lo, hi):.1f}%", f"{RNG.randint(lo, hi)}%"))
    forms = (
        f"{RNG.uniform(1, 99):.1f}%",
        f"{RNG.randint(1, 99)}%",
        f"{RNG.uniform(1.1, 4.9):.1f}배",
        f"{RNG.choice('+-')}{RNG.uniform(0.1, 12):.1f}%",
        f"{RNG.uniform(0.1, 9):.1f}%p",
    )
    return RNG.choice(forms)


def d_score(arg=""):
    if arg == "bowl":
        return str(RNG.randint(98, 289))
    if arg == "set":
        a = RNG.choice((11, 11, 13, 15))
        return RNG.choice((f"{a}-{RNG.randint(2, a - 2)}", f"{RNG.randint(2, a - 2)}-{a}"))
    if arg == "match":
        return f"{RNG.randint(2, 3)}:{RNG.randint(0, 1)}"
    if arg == "round":
        return f"{RNG.choice((13, 13, 14))}:{RNG.randint(3, 11)}"
    return RNG.choice((str(RNG.randint(60, 99)), f"{RNG.uniform(60, 99):.1f}"))


def d_rating(arg=""):
    return f"{RNG.uniform(2.5, 5.5):.2f}"


def d_hash(arg=""):
    while True:
        text = f"{RNG.getrandbits(RNG.choice((28, 160, 256))):x}"
        if re.search("[a-f]", text) and len(text) >= 7:
            return text[:7] if len(text) < 40 else text


def d_uuid(arg=""):
    return str(uuid.UUID(int=RNG.getrandbits(128), version=4))


def d_serial(arg=""):
    return RNG.choice(
        (
            f"SN{code_letters(1)}{rand_digits(2)}{code_letters(2)}{rand_digits(4)}",
            f"{code_letters(2)}{rand_digits(2)}-{code_letters(2)}{rand_digits(2)}-{rand_digits(4)}",
            f"{rand_digits(2)}{code_letters(1)}{rand_digits(7)}",
        )
    )


def d_postal_code(arg=""):
    return f"{RNG.randint(1000, 63644):05d}"


def d_room_no(arg=""):
    floor = RNG.randint(2, 12)
    return RNG.choice(
        (f"{floor}0{RNG.randint(1, 9)}호", f"B1-{RNG.randint(1, 20):02d}", f"{floor}층 {code_letters(1)}룸")
    )


def d_meeting_id(arg=""):
    return RNG.choice(
        (
            f"{RNG.choice('89')}{rand_digits(2)} {rand_digits(4)} {rand_digits(4)}",
            f"1 {rand_digits(3)} {rand_digits(3)} {rand_digits(3)}",
        )
    )


def d_otp(arg=""):
    return rand_digits(6)


def d_gift_card_pin(arg=""):
    while True:
        digits = lead_digits(16 if RNG.random() < 0.6 else 18, "123456789")
        if not luhn_ok(digits):
            cut = (4, 4, 4, len(digits) - 12)
            out, at = [], 0
            for n in cut:
                out.append(digits[at : at + n])
                at += n
            return "-".join(out)


def d_expiry(arg=""):
    return RNG.choice(
        (f"{RNG.randint(1, 12):02d}/{RNG.randint(26, 31)}", f"{RNG.randint(1, 12):02d}/20{RNG.randint(26, 31)}")
    )


def d_catalog_no(arg=""):
    return RNG.choice((f"Op. {RNG.randint(9, 130)}", f"K. {RNG.randint(100, 626)}", f"BWV {RNG.randint(1001, 1068)}"))


def d_plot_no(arg=""):
    return RNG.choice(
        (
            f"{RNG.choice('가나다라마')}-{RNG.randint(1, 30)}-{RNG.randint(1, 250)}",
            f"{code_letters(1)}구역 {RNG.randint(1, 40)}열 {RNG.randint(1, 30)}번",
            f"{RNG.randint(1, 5)}관 {RNG.randint(1, 12)}층 {RNG.randint(101, 980)}",
        )
    )


PLATE_CHARS = "가나다라마거너더러머버서어저고노도로모보소오조구누두루무부수우주바사아자하허호배"


def d_vehicle_plate(arg=""):
    head = str(RNG.randint(10, 99)) if RNG.random() < 0.5 else str(RNG.randint(100, 399))
    return f"{head}{RNG.choice(PLATE_CHARS)} {RNG.randint(1000, 9999)}"


def d_lot_no(arg=""):
    d = some_date(0, 700)
    return RNG.choice(
        (f"LOT {d.year % 100:02d}{d.month:02d}{code_letters(1)}-{RNG.randint(1, 999):03d}", f"L{rand_digits(6)}")
    )


FDI = [q * 10 + n for q in (1, 2, 3, 4) for n in range(1, 9)]


def d_tooth_no(arg=""):
    a = RNG.choice(FDI)
    return RNG.choice((f"#{a}", f"{a}번", f"#{a}-#{a + 1 if a % 10 < 8 else a - 1}"))


def d_shade(arg=""):
    return RNG.choice(("A1", "A2", "A3", "A3.5", "A4", "B1", "B2", "B3", "C1", "C2", "D2", "D3", "BL2", "OM1"))


def d_mmsi(arg=""):
    return RNG.choice(("440", "441")) + rand_digits(6)


def d_berth_no(arg=""):
    return RNG.choice((f"{code_letters(1)}-{RNG.randint(1, 40)}", f"{code_letters(1)}{RNG.randint(1, 40)}번 선석"))


def d_battery(arg=""):
    return RNG.choice(("10", "312", "13", "675"))


def d_wifi_pw(arg=""):
    return (
        RNG.choice(("hive", "desk", "guest", "seongsu", "welcome")) + str(RNG.randint(1000, 9999)) + RNG.choice("!#@")
    )


def d_farm_reg_no(arg=""):
    return lead_digits(10, "123456789")


def d_invalid_rrn(arg=""):
    """RRN-shaped, but the date is impossible or the check digit is wrong (a birth before 2020-10)."""
    while True:
        number, _ = rrn_number()
        if RNG.random() < 0.5 and rrn_birth(number) < CUTOVER:
            number = number[:12] + str((int(number[12]) + RNG.randint(1, 9)) % 10)
        else:
            number = (
                number[:2] + RNG.choice(("13", "14", "00", "02")) + RNG.choice(("30", "31", "32", "00")) + number[6:]
            )
        if not rrn_ok(number) and not could_be_value(number):
            return f"{number[:6]}-{number[6:]}"


def d_incomplete_email(arg=""):
    local = RNG.choice(GIVEN_ROMAN) + rand_digits(2)
    return RNG.choice((f"{local}@", f"{local}@naver", f"{local}@gmail", f"{local}@daum"))


GENERIC_DECOYS = {
    "date": d_date,
    "year": d_year,
    "time": d_time,
    "hours": d_hours,
    "duration": d_duration,
    "price": d_price,
    "qty": d_qty,
    "dec": d_dec,
    "version": d_version,
    "model_code": d_model_code,
    "ean": d_ean,
    "isbn": d_isbn,
    "order_no": d_order_no,
    "invoice_no": d_invoice_no,
    "tracking_no": d_tracking_no,
    "reservation_no": d_reservation_no,
    "receipt_no": d_receipt_no,
    "approval_no": d_approval_no,
    "claim_no": d_claim_no,
    "policy_no": d_policy_no,
    "registered_mail_no": d_registered_mail_no,
    "case_no": d_case_no,
    "student_id": d_student_id,
    "member_id": d_member_id,
    "employee_id": d_employee_id,
    "exam_no": d_exam_no,
    "contract_no": d_contract_no,
    "business_reg_no": d_business_reg_no,
    "corporate_reg_no": d_corporate_reg_no,
    "rep_number": d_rep_number,
    "freecall_080": d_freecall_080,
    "relay_0500": d_relay_0500,
    "short_number": d_short_number,
    "bad_area_phone": d_bad_area_phone,
    "private_ip": d_private_ip,
    "port": d_port,
    "windows_build": d_windows_build,
    "image_file": d_image_file,
    "git_remote": d_git_remote,
    "npm_package": d_npm_package,
    "mention": d_mention,
    "coordinates": d_coordinates,
    "statistic": d_statistic,
    "score": d_score,
    "rating": d_rating,
    "hash": d_hash,
    "uuid": d_uuid,
    "serial": d_serial,
    "postal_code": d_postal_code,
    "room_no": d_room_no,
    "meeting_id": d_meeting_id,
    "otp": d_otp,
    "gift_card_pin": d_gift_card_pin,
    "expiry": d_expiry,
    "catalog_no": d_catalog_no,
    "plot_no": d_plot_no,
    "vehicle_plate": d_vehicle_plate,
    "lot_no": d_lot_no,
    "tooth_no": d_tooth_no,
    "shade": d_shade,
    "mmsi": d_mmsi,
    "berth_no": d_berth_no,
    "battery": d_battery,
    "wifi_pw": d_wifi_pw,
    "farm_reg_no": d_farm_reg_no,
    "invalid_rrn": d_invalid_rrn,
    "incomplete_email": d_incomplete_email,
}
# the kind a slot's decoy is annotated with, where it differs from the slot name
DECOY_KIND = {
    "qty": "quantity",
    "dec": "quantity",
    "year": "date",
    "duration": "time",
    "hours": "time",
    "rating": "score",
    "battery": "battery_size",
    "wifi_pw": "password",
}


def gen_decoy(name, arg=""):
    """A decoy of one kind, regenerated until it could not pass as a value of any kind."""
    kind = DECOY_KIND.get(name, name)
    for _ in range(500):
        text = GENERIC_DECOYS[name](arg)
        if not could_be_value(text, kind):
            return [decoy(text, kind)]
    raise AssertionError(f"decoy {name} keeps looking like a value")


# the look-alikes that fill a value slot in a negative record, by the slot's kind
LOOKALIKES = {
    "rrn": (("masked_rrn", 5), ("corporate_reg_no", 2), ("invalid_rrn", 2)),
    "mobile": (("masked_mobile", 4), ("bad_area_phone", 2), ("rep_number", 2), ("relay_0500", 1), ("short_number", 1)),
    "landline": (
        ("masked_landline", 3),
        ("rep_number", 3),
        ("freecall_080", 2),
        ("relay_0500", 1),
        ("bad_area_phone", 2),
        ("short_number", 1),
    ),
    "email": (("masked_email", 4), ("mention", 2), ("incomplete_email", 1)),
    "ip": (("masked_ip", 2), ("private_ip", 4), ("windows_build", 1)),
    "card": (("masked_card", 3), ("gift_card_pin", 2)),
    "account": (("masked_account", 1),),
}


def lookalike(kind, genre):
    name = weighted(LOOKALIKES[kind])
    if name.startswith("masked_"):
        return masked(name[len("masked_") :], genre)
    if name == "mention":
        return gen_decoy(name, RNG.choice(genre["brands"]))
    return gen_decoy(name, "mobile" if kind == "mobile" else "landline" if name == "bad_area_phone" else "")


# ---------------------------------------------------------------- genres
# Frames: {kind} is a value slot (rrn, mobile, landline, email, ip, ipport, card, account), {name}, {nick} and
# {shop} are plain fillers, every other {slot} or {slot:unit,lo,hi} is a decoy; [[a|b]] picks one alternative.
GENRES = {}

GENRES["scuba_diving"] = {
    "brands": ("bluereef", "jejudeep", "seogwipo-dive", "moonislet"),
    "orkr": ("kscuba.or.kr", "kuda.or.kr"),
    "words": ("diver", "reef", "nitrox", "bubble", "manta"),
    "shops": ("블루리프 다이브센터", "제주딥 스쿠버", "문섬 다이브리조트"),
    "value": (
        "[[제주 서귀포|문섬·범섬|고성 봉포]] 펀다이빙 {qty:회,2,4} 패키지 예약하려고 합니다. "
        "날짜는 {date}이고 인원은 {qty:명,2,6}이에요. "
        "연락은 {mobile}[[로 부탁드려요|로 문자 주세요|번으로 카톡 주세요]].",
        "오픈워터 자격증 발급 신청서\n성명: {name}\n주민등록번호: {rrn}\n휴대폰: {mobile}\n이메일: {email}\n"
        "교육 수료일: {date} / 강사번호 {member_id}",
        "[[예약금|보증금]] {price:50000,300000}은 아래 계좌로 입금 부탁드립니다.\n"
        "입금 계좌: {account} (예금주 {name})\n"
        "입금 후 {date} {time}까지 확인 문자 드립니다. 샵 전화 {landline}",
        "수중 사진 업로드 서버 옮겼어요. 새 주소는 {ipport}이고, 예전 주소 {private_ip}는 샵 와이파이에서만 열립니다.",
        "{date} [[문섬|섶섬|범섬]] 버디 구해요! 로그 {qty:회,30,300} 이상, 어드밴스드 이상이면 좋겠어요. "
        "관심 있으신 분은 {email}로 메일 주시거나 {mobile} 문자 주세요~",
        "전화로 말씀드린 카드 정보 남깁니다. 카드번호 {card}, 유효기간 {expiry}. "
        "{date} 보트다이빙 {qty:명,2,4} 결제 부탁드려요.",
        "다이빙 보험 청구 접수 안내: 청구번호 {claim_no}, 증권번호 {policy_no}. "
        "피보험자 {name}({rrn}) 님 서류는 {email}로 회신 바랍니다.",
        "필리핀 리브어보드 {date} 출발팀 공지. 현지 리조트 담당 메일 {email}, 비상연락 {mobile}. "
        "다이브 컴퓨터 {model_code} 펌웨어는 {version}로 업데이트하고 오세요.",
        "[업체정보] {shop}\n주소: [[제주 서귀포시 보목동|강원 고성군 죽왕면|경북 울진군 후포면]] "
        "(우편번호 {postal_code})\n대표전화 {landline}\n사업자등록번호 {business_reg_no}\n"
        "공기 충전 {price:8000,15000} / 나이트록스 {price:15000,25000}",
        "{name} 강사입니다~ 내일 집합 {time} 보목포구, 입수 포인트 좌표 {coordinates:jeju}. "
        "늦으시면 제 번호 {mobile}로 연락주세요",
        "기상 악화로 {date} 출항이 취소되어 환불 요청드립니다. 환불 계좌 {account}, "
        "예약번호 {reservation_no}입니다. 처리되면 {email}로 알려주세요.",
    ),
    "free": (
        "오늘 문섬 수온 {dec:도,16,23}, 시야 {qty:m,8,20} 정도였어요. 최대수심 {dec:m,18,29} 찍고 "
        "잔압 {qty:bar,50,70} 남기고 출수. {qty:번째,40,400} 로그 완료!",
        "[공지] {date}부터 공기 충전 요금이 {price:8000,15000}으로 조정됩니다. {qty:리터,10,12} 알루미늄 탱크 기준이며 "
        "나이트록스 {qty:%,32,36}는 {price:5000,10000} 추가입니다.",
        "다이브 컴퓨터 {model_code} 팝니다. 로그 {qty:회,30,150} 사용, 배터리 {date} 교체. "
        "가격 {price:150000,900000}, 시리얼 {serial}. 서귀포 직거래만요.",
        "해양 사고 시 {short_number} 또는 {short_number}로 신고하세요. 보목포구 기준 위치 {coordinates:jeju}, "
        "감압 챔버 문의는 {rep_number}.",
    ),
}

GENRES["sign_language_class"] = {
    "brands": ("handtalk", "sueo-school", "signbridge", "sonmal"),
    "orkr": ("kdeaf.or.kr", "ksl.or.kr"),
    "words": ("sueo", "hands", "sign", "jimunja"),
    "shops": ("늘봄수어교육원", "손말배움터", "한빛수어교실"),
    "value": (
        "수어 기초반 수강신청서\n이름: {name}\n주민등록번호: {rrn}\n연락처: {mobile}\n이메일: {email}\n"
        "희망 반: [[평일 저녁반|주말 오전반]] ({time} 시작)",
        "{date}부터 중급반 모집합니다. 수강료 {price:60000,250000}(교재 포함)는 {account}로 입금해 주시고, "
        "입금자명 뒤에 기수를 붙여주세요. 문의 {landline}",
        "손말이음센터 영상통화가 안 될 때는 문자로 {mobile}에 남겨주시면 통역사가 확인합니다. "
        "센터 대표번호는 {short_number}입니다.",
        "온라인 수어반 접속 안내: 회의 ID {meeting_id}, 암호 {otp}. 접속이 막히면 "
        "화면에 뜨는 접속 IP({ip})를 캡처해서 {email}로 보내주세요.",
        "수어통역 봉사자 모집 ({date} 장애인 인권 토론회). 통역 경력 {qty:년,1,10} 이상, "
        "희망자는 {email}로 이력 보내주세요. 담당 {name} {mobile}",
        "수어통역사 자격검정 응시원서\n수험번호: {exam_no}\n성명: {name}\n주민등록번호: {rrn}\n"
        "우편번호: {postal_code}\n자택 {landline} / 휴대폰 {mobile}",
        "쌤~ {date} 수업 결석했는데 보강 가능할까요? 제 번호 {mobile}이에요. 숙제 영상은 {email}로 보냈어요!",
        "교재 {isbn} {qty:권,1,3} 추가 구매하려고요. 카드 {card}, 유효기간 {expiry}로 결제해 주세요.",
        "[기관 안내] {shop}\n위치: 서울 [[종로구|마포구|동작구]] {room_no}\n"
        "전화 {landline} (수어 영상상담 {mobile})\n운영 {hours}",
        "개인 사정으로 {date} 개강반 수강 취소합니다. 환불은 {account} 예금주 {name}으로 부탁드려요.",
        "농아인협회 회원가입 요청\n회원 {name} (주민번호 {rrn:child})\n보호자 연락처 {mobile}\n"
        "가입비 {price:10000,50000} 납부 예정",
    ),
    "free": (
        "오늘 배운 단어 {qty:개,10,30}, 지문자 ㄱ부터 ㅎ까지 복습했어요. 다음 시간은 {date} {time}, "
        "교재 {qty:쪽,20,80}부터 진행합니다.",
        "[공지] 수어 기초반 {qty:기,10,40} 수료식이 {date} {time} {room_no}에서 열립니다. "
        "수료 기준은 출석률 {statistic:pct,70,90} 이상입니다.",
        "한국수어의 날 기념 영상 공모에 {qty:팀,20,60}이 참여했고 누적 조회수는 {qty:회,10000,90000}를 "
        "넘었습니다. 심사 평균 {score}점.",
        "청각장애인 긴급신고는 문자 {short_number}, 영상통화 {short_number}로 가능합니다. 센터 상담 시간 {hours}.",
    ),
}

GENRES["beekeeping"] = {
    "brands": ("honeyfarm", "beeland", "kkulbeol", "acacia-honey"),
    "orkr": ("kbeekeeping.or.kr", "hanbee.or.kr"),
    "words": ("honeybee", "kkul", "apis", "queenbee"),
    "shops": ("산들양봉원", "꿀벌마을농원", "지리산토종꿀"),
    "value": (
        "햇 아카시아꿀 판매합니다. {qty:kg,2,3} 한 병 {price:30000,90000}, 택배비 {price:3000,6000}. "
        "주문은 {mobile}로 이름·주소 문자 주시고 입금은 {account}로 해주세요.",
        "벌통 온습도 센서 게이트웨이 설정 공유합니다. 외부 접속 {ipport}, 내부 {private_ip}. "
        "현재 {qty:군,10,60} 모니터링 중이고 펌웨어는 {version}입니다.",
        "양봉협회 [[회원 가입|농가 보험]] 신청\n성명 {name}\n주민등록번호 {rrn}\n사육 군수 {qty:군,20,300}\n"
        "농가 우편번호 {postal_code}\n전화 {landline}",
        "마당 감나무에 분봉한 벌떼가 붙었어요ㅠ 양봉하시는 분 가져가실 수 있나요? "
        "{mobile} 연락주세요 ({date} 오후 기준)",
        "주문번호 {order_no} 로열젤리 {qty:g,100,500} 주문 확인되었습니다. "
        "배송 문의는 {email} 또는 {landline}로 해주세요. 송장번호 {tracking_no}",
        "채밀기 {model_code} 구매 건 카드로 결제해 주세요. 카드번호 {card} / 유효기간 {expiry} / 할부 {qty:개월,2,6}",
        "이탈리안 여왕벌 분양합니다. 마리당 {price:20000,60000}, {date} 이후 순차 발송. 문의 {email} / {mobile}",
        "양봉농가 기자재 지원사업 신청서\n신청인 {name}\n주민번호 {rrn}\n농업경영체 등록번호 {farm_reg_no}\n"
        "보조금 입금계좌 {account}",
        "{shop} 직판장 안내\n우편번호 {postal_code}\n전화 {landline} / 팩스 {landline}\n운영 {hours}, 채밀 기간엔 휴무",
        "벌꿀 품질검사 결과는 {date}까지 {email}로 회신드립니다. 시료번호 {lot_no}, "
        "수분 {statistic:pct,16,21}, HMF {dec:mg/kg,5,30}.",
        "이번 주 응애 방제약 공동구매합니다~ 한 박스 {price:30000,120000}. 참여하실 분은 {name}님({mobile})께 "
        "연락 주시고 입금은 {account}.",
    ),
    "free": (
        "오늘 내검: {qty:군,10,40} 중 {qty:군,1,5}에서 왕대 발견. 봉군당 소비 {qty:장,5,9}, "
        "기온 {qty:도,18,28}. 응애 감염률 {statistic:pct,1,15}.",
        "[공지] {date} 채밀 예정입니다. 예상 수확량 {qty:kg,200,900}, 작년 대비 {statistic}.",
        "벌꿀 시세 ({date}): 아카시아 {price:12000,25000}/kg, 잡화꿀 {price:9000,18000}/kg, "
        "밤꿀 {price:12000,25000}/kg. 도매 기준입니다.",
        "양봉 교육 {qty:기,3,20} 수강생 모집. 교육 기간 {date}~{date}, 정원 {qty:명,15,40}, 교재 {isbn}.",
    ),
}

GENRES["yacht_charter"] = {
    "brands": ("bluemarina", "sailkorea", "suyeongbay-yacht", "wavecrest"),
    "orkr": ("kyachting.or.kr", "ksailing.or.kr"),
    "gtld": ("yachts",),
    "words": ("sailor", "skipper", "marina", "jib"),
    "shops": ("수영만 요트클럽", "블루마리나 요트투어", "세일코리아 차터"),
    "value": (
        "요트 단독 차터 예약서\n예약번호 {reservation_no}\n대표자 {name}\n연락처 {mobile}\n이메일 {email}\n"
        "승선 {date} {time} / {qty:명,4,12}\n결제카드 {card}",
        "승선신고서 명단 ({date} 출항, MMSI {mmsi})\n- {name} / {rrn} / {mobile}\n"
        "- {name} / {rrn:child} / 보호자 {mobile}",
        "선금 {qty:%,20,50}({price:200000,1500000})은 {account}로 입금 확인 후 예약 확정됩니다. "
        "잔금은 승선 당일 카드 결제 가능합니다.",
        "{shop}\n계류 위치: 수영만 요트경기장 {berth_no}\n사무실 {landline}\n야간 비상 {mobile}\n"
        "VHF 채널 {qty:번,16,72}",
        "선내 와이파이는 위성 단말 경유라 공인 IP가 {ip}로 고정돼요. 관리 페이지는 {private_ip}, "
        "비번은 선장님께 물어보세요.",
        "크로아티아 스플리트 베어보트 건으로 현지 에이전시({email})와 연락 중입니다. "
        "보증금 {price:500000,3000000}는 카드 {card}로 프리오더 걸어뒀어요.",
        "선장님 {date} 선셋 투어 {qty:명,2,8} 가능할까요? 제 연락처 {mobile}이고, 입금은 어디로 하면 될까요?",
        "요트 크루 모집 ({date} 부산 컵 레이스). 딩기 경력자 우대, 지원서는 {email}로 받습니다. 문의 {landline}",
        "동력수상레저기구 조종면허 {qty:급,1,2} 교육 신청\n성명 {name} / 주민등록번호 {rrn}\n"
        "연락처 {mobile}\n교육비 {price:200000,450000}",
        "기상특보로 {date} 출항 취소. 예약번호 {reservation_no} 건 환불은 {account}로 "
        "{qty:영업일,3,5} 이내 처리됩니다. 문의 {email}",
        "주유 예약금 결제 요청드립니다. 카드번호 {card} 유효기간 {expiry}, 금액 {price:100000,900000}. "
        "급유량 {qty:리터,100,600}.",
    ),
    "free": (
        "오늘 수영만 바람 {qty:노트,8,22}, 파고 {dec:m,0,1}. 리프 한 번 잡고 나가서 {dec:해리,5,20} 돌고 왔습니다.",
        "[매물] {year}년식 세일요트 {dec:ft,30,45}, 엔진 {model_code} {qty:시간,300,2000} 사용. "
        "가격 {price:30000000,300000000}. MMSI {mmsi}",
        "수영만 요트경기장 계류비 안내: {date}부터 {qty:m,8,12} 이하 월 {price:200000,600000}, "
        "초과 시 {price:400000,1200000}.",
        "{date} 부산 컵 요트대회 결과: 우승 기록 {duration}, 참가 {qty:척,10,40}, 평균 풍속 {qty:노트,8,18}.",
    ),
}

GENRES["esports_team"] = {
    "brands": ("teamnova", "redfox-gg", "hanriver-esports", "zerolag"),
    "orkr": ("kesa.or.kr",),
    "gtld": ("games",),
    "words": ("ace", "clutch", "noscope", "frag"),
    "shops": ("팀 노바", "레드폭스 게이밍", "한강 e스포츠"),
    "value": (
        "오늘 스크림 서버 {ipport} 로 접속해주세요. 비번은 디코 공지 참고, 핑 {qty:ms,10,60} 넘으면 바로 말해줘요",
        "선수 계약서 기본 정보\n성명: {name} (닉네임 {nick})\n주민등록번호: {rrn:teen}\n연락처: {mobile}\n"
        "보호자 연락처: {mobile}\n정산 계좌: {account}",
        "{date} 발로란트 트라이아웃 공지. 티어 불멸 이상, 지원서는 {email}로 보내주세요. 문의는 디스코드 {mention}",
        "대회 서버 화이트리스트 등록 요청합니다. 팀 {nick} 선수 {qty:명,5,6}, 고정 IP {ip}, {ip}. 담당자 {email}",
        "스폰서십 제안 관련 연락드립니다. 담당 {name} 매니저 {landline} / {email}. 제안서 첨부합니다.",
        "유니폼 {qty:벌,5,20} 단체 주문, 카드 {card}로 결제 부탁드립니다. 주문번호 {order_no}",
        "팀 디코 봇 서버 옮겼습니다. 새 서버 {ip}, 저장소 {git_remote}, 클라이언트는 {npm_package} 씁니다. "
        "문제 있으면 {email}",
        "코치님 {date} 부트캠프 숙소 확인 부탁드려요. 숙소 전화 {landline}, 제 번호는 {mobile}입니다.",
        "{date} 대회 상금 {price:1000000,30000000} 정산 안내. 기타소득 신고용 주민등록번호({rrn})와 "
        "입금 계좌({account}) 확인 부탁드립니다.",
        "[보안 알림] {date} {time} 새 기기에서 로그인했습니다. 접속 IP {ip} (위치: [[서울|부산|도쿄]]). "
        "본인이 아니면 {email}로 신고하세요.",
        "안녕하세요 {nick}님, 합방 제안드려요~ 편하게 폰{mobile}으로 카톡 주시거나 {email}로 연락 주세요!",
    ),
    "free": (
        "어제 스크림 {score:round} 승. 팀 평균 ACS {dec:,150,280}, 헤드샷 {statistic:pct,15,35}. "
        "패치 {version} 이후 조합 바꿀 예정.",
        "경기 리플레이 해시 {hash}, 매치 ID {uuid}. 재경기 신청 기한은 {date} {time}.",
        "팀 웹사이트 배너 교체: {image_file}, {image_file} 업로드 완료. 빌드 {version}, 커밋 {hash}.",
        "[공지] 챌린저스 리그 {qty:주차,1,9} 일정: {date} {time} vs {nick}. 연습 서버 {privport}는 내부용.",
    ),
}

GENRES["youth_orchestra"] = {
    "brands": ("youthphil", "arirang-yo", "cantabile", "sejong-yo"),
    "orkr": ("kyouthorch.or.kr", "arirangphil.or.kr"),
    "words": ("violin", "cello", "tutti", "allegro"),
    "shops": ("한빛 청소년 오케스트라", "아리랑 유스 필하모닉"),
    "value": (
        "단원 오디션 지원서\n학생 성명: {name}\n주민등록번호: {rrn:teen}\n학년: [[중학교|고등학교]] {qty:학년,1,3}\n"
        "악기: [[바이올린|첼로|플루트|호른]]\n보호자 연락처: {mobile}\n이메일: {email}",
        "{date} 정기연주회 안내. 드보르작 교향곡 {catalog_no}, 모차르트 {catalog_no} 연주합니다. 티켓 문의 {landline}",
        "이번 분기 회비 {price:90000,300000} 납부 안내입니다. {date}까지 {account}로 입금하시고 "
        "입금자명은 학생 이름으로 해주세요.",
        "{name} 어머님, 다음 주 합주가 {time}으로 변경되었습니다. 확인하시면 {mobile}로 답장 부탁드려요.",
        "정기연주회 유튜브 송출 인코더 설정: RTMP 서버 {ip}, 백업 {ip}, 비트레이트 {qty:kbps,4000,9000}. 문의 {email}",
        "학생용 첼로 {model_code} {qty:개월,3,12} 렌탈 보증금은 카드 {card}로 결제할게요. 유효기간 {expiry}",
        "여름 음악캠프 참가신청 ({date}~{date})\n참가자 {name} ({rrn:teen})\n비상연락처 {mobile} / 자택 {landline}\n"
        "참가비 {price:250000,900000}",
        "객원 지휘 관련 문의는 {name} 교수님({email}) 또는 학과 사무실 {landline}로 해주시면 됩니다.",
        "후원 안내: 정기후원 월 {price:10000,50000}, 후원계좌 {account} (예금주 사단법인). "
        "기부금 영수증은 {email}로 요청해주세요.",
        "연습실 {room_no}에서 플루트 케이스 잃어버리신 분 {mobile}로 연락 주세요. "
        "시리얼 {serial} 확인 후 돌려드립니다.",
        "장학금 지급 계좌 등록\n학생 {name}\n학번 {student_id}\n보호자 {name} {mobile}\n계좌 {account}",
    ),
    "free": (
        "오늘 합주 피드백: {qty:마디,20,120}부터 템포 {qty:bpm,60,132}로 다시. "
        "금관은 {qty:마디,8,40} 셈여림 주의하세요.",
        "[공지] {date} 정기연주회 리허설 {time}, 장소 {room_no}. 단원 {qty:명,40,80} 전원 참석.",
        "콩쿠르 결과: 현악 부문 {score}점 금상, 관악 부문 {score}점 은상. 총 {qty:팀,20,60} 참가.",
        "악보 구매 목록: {isbn}, {isbn} 합계 {price:20000,120000}. 운송장 {tracking_no}.",
    ),
}

GENRES["pickleball_club"] = {
    "brands": ("picklekorea", "dinkclub", "songpa-pickle", "kitchenline"),
    "orkr": ("kpickleball.or.kr",),
    "words": ("dink", "pickle", "ernie", "kitchen"),
    "shops": ("송파 피클볼 클럽", "딩크 피클볼"),
    "value": (
        "피클볼 클럽 가입 신청\n이름 {name}\n연락처 {mobile}\n이메일 {email}\nDUPR {rating}\n희망 요일 [[화·목|토·일]]",
        "코트 예약 시스템 관리 페이지 접속 기록: {date} {time} {ip}. 운영진 외 접속이면 {email}로 알려주세요.",
        "이번 달 회비 {price:20000,50000}, {account}로 {date}까지 입금 부탁드립니다~ 미납 시 코트 배정에서 빠집니다.",
        "전국 피클볼 오픈 참가 신청 (상해보험 가입용)\n성명 {name} / 주민번호 {rrn}\n연락처 {mobile}\n"
        "파트너 {name}\n참가비 {price:30000,80000}",
        "패들 {model_code} 공동구매 카드 결제로 신청합니다. {card} / {expiry} / {name}",
        "구민체육센터 피클볼장 대관은 {landline}로 전화 예약만 됩니다. 담당 {name} 주무관 {email}",
        "오늘 {time} 번개 하실 분~ 코트 {qty:면,2,4} 잡아뒀어요. {mobile}로 카톡 주세요",
        "입문 레슨 {qty:회,4,8} {price:80000,250000}. 코치 {name} ({mobile}, {email})",
        "라켓백 분실물 보관 중입니다. 주인분은 {landline} 또는 {mobile}로 연락주세요.",
        "대회 참가비 환불 요청: {name}, 접수번호 {reservation_no}, 환불 계좌 {account}",
        "스포츠강좌이용권 신청서\n대상자 {name}\n주민등록번호 {rrn:child}\n보호자 연락처 {mobile}\n"
        "가맹시설 코드 {serial}",
    ),
    "free": (
        "어제 복식 결과 {score:set}, {score:set}, {score:set}. DUPR {rating}에서 {rating}로 올랐어요!",
        "[공지] 코트 라인 재도색으로 {date}~{date} 휴장합니다. 네트 높이는 {dec:인치,34,35}로 재조정.",
        "입문자 팁: 처음엔 {qty:분,30,90}씩 주 {qty:회,2,4} 정도만 치세요. 키친 존은 네트에서 {qty:피트,7,7}까지, "
        "아웃도어 공은 구멍 {qty:개,40,40}짜리예요.",
        "클럽 리그 중간 순위: 선두 팀 {qty:승,6,10} {qty:패,0,3}, 득실 {score:set}. 남은 경기 {qty:경기,2,6}.",
    ),
}

GENRES["hearing_aid_shop"] = {
    "brands": ("sorinuri", "clearhear", "hear-plus", "gwiyeon"),
    "orkr": ("khearing.or.kr", "kaudiology.or.kr"),
    "words": ("sori", "hear", "audio", "gwi"),
    "shops": ("소리누리 보청기", "클리어히어 청각센터"),
    "value": (
        "보청기 급여 신청서\n수급자 {name}\n주민등록번호 {rrn:senior}\n장애 정도: 심한 장애\n연락처 {mobile}\n"
        "처방전 발급일 {date}",
        "{shop}\n주소: [[서울 노원구|대전 서구|광주 북구]] {room_no}\n전화 {landline}\n청력검사 예약제, 운영 {hours}",
        "보청기 {model_code} 양쪽 {price:1000000,6000000}, 본인부담금 {price:100000,2000000}. "
        "카드 {card}로 {qty:개월,3,12} 할부 결제 요청하셨습니다.",
        "원격 피팅 안내: 어머님 스마트폰 앱이 서버 {ip}에 연결되면 됩니다. 안 되면 {mobile}로 전화 주세요.",
        "배터리 {battery} {qty:팩,2,10} 주문합니다. 입금은 {account}로 했고 배송지 우편번호는 {postal_code}입니다.",
        "아이 인공와우 매핑 예약 변경 부탁드립니다. 보호자 {name} {mobile}, 아이 주민번호 {rrn:child}",
        "청력검사 결과지(순음평균 {qty:dB,30,70}) 스캔본은 {email}로 보내드렸어요. 추가 문의는 {landline}",
        "보청기 A/S 접수: 시리얼 {serial}, 증상 소리 끊김. 고객 {name} 핸드폰{mobile}, 택배 {tracking_no}",
        "보장구 급여 환급금은 {date} 이후 등록 계좌 {account}로 지급됩니다. 공단 문의 {rep_number}",
        "딸이에요. 엄마 보청기 맞추려고 {date}에 방문하려는데 엄마 주민번호 {rrn:senior} 미리 보내요. "
        "연락은 {mobile}로 주세요",
        "제조사 기술지원 {email} / {landline}, 펌웨어 업데이트 서버 {ip}, 부품 로트 {lot_no}",
    ),
    "free": (
        "청력검사 결과 좌측 {qty:dB,25,80}, 우측 {qty:dB,25,80}, 어음변별력 {statistic:pct,40,96}.",
        "[안내] 보청기 보조금은 {qty:년,5,5}에 한 번, 최대 {price:1000000,1310000}까지 지원됩니다. "
        "{date}부터 신청서 양식이 바뀝니다.",
        "배터리 사이즈 {battery} 기준 사용시간 {qty:일,3,14}, {qty:개입,4,10} 한 팩 {price:3000,9000}.",
        "주파수 {qty:Hz,250,8000}에서 이득 {qty:dB,10,35}, 최대출력 {qty:dB,100,130}로 설정했습니다.",
    ),
}

GENRES["dental_lab"] = {
    "brands": ("smiledentlab", "zirconia-art", "precision-dl", "ivory-lab"),
    "orkr": ("kdta.or.kr",),
    "gtld": ("dental",),
    "words": ("zirconia", "crown", "dentlab", "cadcam"),
    "shops": ("스마일 치과기공소", "지르코아트 기공소"),
    "value": (
        "기공의뢰서\n의뢰번호 {order_no}\n[[밝은미소|연세바른|하늘]]치과 / 환자명 {name}\n"
        "치식 {tooth_no}, 지르코니아 크라운, 쉐이드 {shade}\n납기 {date}\n담당 기공사 {mobile}",
        "스캔 파일 업로드 서버 주소 변경: {ipport} (SFTP). 기존 {private_ip}는 {date}까지만 유지됩니다.",
        "{date} 거래명세서: 지르코니아 {qty:유닛,5,40} {price:500000,4000000}. 결제 계좌 {account} (예금주 {shop})",
        "기사님 내일 {time} 픽업 부탁드립니다. 치과 우편번호 {postal_code}, 원장님 연락처 {landline}, 급하면 {mobile}",
        "임플란트 어버트먼트 {model_code} 호환 문의드립니다. 회신은 {email}로 부탁드립니다. {name} 실장 드림",
        "기공사 입사 서류 제출: 성명 {name}, 주민등록번호 {rrn}, 면허번호 {member_id}, "
        "급여 계좌 {account}. 서류 스캔본은 {email}로 보냈습니다.",
        "지르코니아 블록 {lot_no} {qty:개,10,50} 주문, 카드 {card}로 결제해 주세요.",
        "틀니 보험 등록 요청: 환자 {name}, 주민등록번호 {rrn:senior}, 등록일 {date}. 치과 팩스 {landline}",
        "{name} 선생님, {tooth_no} 컨택 조정해서 {date}까지 다시 보내주세요. 사진은 {email}로 보냈어요",
        "{shop} | 사업자등록번호 {business_reg_no} | 대표 {landline} | 팩스 {landline} | {email}",
        "밀링기 원격지원 연결: 팀뷰어 ID {meeting_id}, 공인 IP {ip}. 담당 {mobile}",
    ),
    "free": (
        "이번 주 출고 {qty:케이스,40,120}, 리메이크율 {statistic:pct,1,8}. "
        "소결로 {model_code} 온도 {qty:도,1450,1550} 유지.",
        "쉐이드 가이드 {shade}~{shade} 재고 확인, 지르코니아 {lot_no} 입고 완료.",
        "[공지] {date}~{date} 연휴 휴무, 마감은 {date} {time}까지입니다.",
        "치식 {tooth_no}, {tooth_no} 브릿지 {qty:유닛,3,6}, 마진 {dec:mm,0,0}.",
    ),
}

GENRES["coworking_space"] = {
    "brands": ("hive-cowork", "desklab", "seongsu-works", "floor9"),
    "orkr": ("kstartup.or.kr",),
    "gtld": ("studio", "space"),
    "words": ("desk", "hive", "maker", "builder"),
    "shops": ("하이브 코워킹 성수", "데스크랩 강남"),
    "value": (
        "멤버십 신청서\n이름 {name}\n회사 {nick}\n이메일 {email}\n연락처 {mobile}\n"
        "플랜 [[핫데스크|고정석|프라이빗 오피스]] 월 {price:150000,900000}\n결제카드 {card}",
        "[네트워크 안내] 공용 와이파이 게이트웨이 {private_ip}, 외부 고정 IP {ip}. "
        "VPN 화이트리스트 등록은 {email}로 요청해 주세요.",
        "출입카드 분실 신고: {name}, 좌석 {room_no}, 연락처 {mobile}. 재발급 비용 {price:5000,20000}",
        "비상주 사무실 계약서\n대표자 {name}\n주민등록번호 {rrn}\n사업자등록번호 {business_reg_no}\n"
        "이용료 입금 계좌 {account}",
        "멤버 전용 NAS 외부 접속 주소 {ipport}, 계정은 리셉션에서 발급받으세요.",
        "스타트업 네트워킹 데이 {date} {time}, {room_no} 라운지. 참가 신청 {email}, 문의 {landline}",
        "프론트엔드 모각코 공지: 저장소 {git_remote}, 디자인 토큰 패키지 {npm_package}. 질문은 {mention} 또는 {email}",
        "우편물 수령 대행: {name}님 앞 등기 {registered_mail_no} 도착했습니다. {mobile}로 알림 드렸어요.",
        "안녕하세요, 고정석 {qty:석,2,6} 견적 받고 싶어요. {name}이고 번호는 {mobile}입니다. 회사 메일 {email}",
        "결제 카드 변경 요청합니다. 새 카드 {card} 유효기간 {expiry}, 이전 카드 {masked_card}는 해지해 주세요.",
        "방화벽 로그 {date} {time}: {ip} → {privport} 차단. 반복되면 보안팀 {landline}로 연락 주세요.",
    ),
    "free": (
        "회의실 예약 현황: {room_no} {hours}, 예약 ID {uuid}. 노쇼 {qty:회,2,3} 누적 시 예약이 제한됩니다.",
        "게스트 와이파이 비밀번호 {wifi_pw}, 프린터 {private_ip}. 컬러 출력 장당 {price:100,500}.",
        "웹사이트 이미지 {image_file} 교체, 빌드 {version} 배포, 커밋 {hash}.",
        "이번 달 입주사 {qty:곳,20,80}, 좌석 점유율 {statistic:pct,55,98}, 커피 소비 {qty:잔,800,3000}.",
    ),
}

GENRES["tea_house"] = {
    "brands": ("dawon-tea", "chasarang", "insadong-tea", "greenleaf"),
    "orkr": ("ktea.or.kr", "teaculture.or.kr"),
    "gtld": ("cafe",),
    "words": ("matcha", "woojeon", "puer", "dawon"),
    "shops": ("다원 찻집", "차사랑 전통찻집", "인사동 초록잎"),
    "value": (
        "{date} {time} 다도 체험 {qty:명,2,8} 예약 원합니다. {name}, {mobile}",
        "햇차 판매: 우전 {qty:g,40,100} {price:40000,120000}, 세작 {qty:g,50,100} {price:25000,70000}. "
        "주문은 {email} 또는 {landline}, 입금 {account}",
        "보이차 {year}년산 {qty:g,200,400} 주문 건, 카드 {card} (유효기간 {expiry})로 결제 부탁드려요.",
        "포스기 결제 서버 연결 오류: {ip} 응답 없음, 로컬 {private_ip}. VAN사 고객센터 {rep_number}",
        "평생교육원 다도 강좌 수강신청서\n성명 {name}\n주민등록번호 {rrn}\n연락처 {mobile}\n이메일 {email}",
        "정기배송 신청: 녹차 {qty:g,50,100} 월 {qty:회,1,2}, 배송지 우편번호 {postal_code}, "
        "받는 분 {name} {mobile}, 결제 카드 {card}",
        "하동 차농가 직거래 담당 {name}({mobile}), 세금계산서는 {email}로 보내주세요. 농장 전화 {landline}",
        "찻집 대관 계약: {date}, {qty:시간,2,5}, 대관료 {price:100000,500000}. 계약금 {account} 입금 후 확정됩니다.",
        "다도사범 자격증 발급 신청\n성명 {name}\n주민등록번호 {rrn}\n수료 기수 {qty:기,1,30}\n연락처 {mobile}",
        "DM 확인이 늦어요ㅠ 예약은 {landline} 전화나 {email}로 부탁드립니다 {mention}",
        "선물용 다과 세트 {qty:세트,5,30} 단체 주문합니다. 담당 {name} {landline}, 결제 카드 {card}",
    ),
    "free": (
        "오늘의 차: 우전, {qty:도,70,80} 물에 {qty:초,40,90} 우림, 찻잎 {qty:g,2,4}.",
        "[가격 조정] {date}부터 말차 라떼 {price:5000,8000}, 쌍화차 {price:6000,9000}으로 변경됩니다.",
        "보이차 {year}년 생차 {qty:편,1,7} 입고, 편당 {qty:g,357,357}.",
        "영업시간 {hours}, 라스트오더 {time}. 좌석 {qty:석,20,40}, 매달 첫째 주 월요일 휴무.",
    ),
}

GENRES["scrap_metal_yard"] = {
    "brands": ("steelcycle", "hanmetal", "ironbank", "gomul-recycle"),
    "orkr": ("krecycle.or.kr",),
    "words": ("steel", "metal", "scrap", "copper"),
    "shops": ("한메탈 자원", "스틸사이클", "대성고물상"),
    "value": (
        "오늘 고철 시세 ({date}): 중량 {price:300,600}/kg, 구리 {price:9000,14000}/kg, "
        "알루미늄 캔 {price:900,1800}/kg. "
        "대량은 {mobile} 전화 주세요",
        "계근표 {receipt_no}: 총중량 {qty:kg,3000,9000}, 공차 {qty:kg,1000,2900}. "
        "대금 {price:1000000,5000000} {account}로 송금했습니다.",
        "매입 장부\n일자 {date}\n매도인 {name}\n주민등록번호 {rrn}\n차량 {vehicle_plate}\n품목 동 {qty:kg,20,300}",
        "공장 철거 고철 수거 요청합니다. 우편번호 {postal_code}, 담당 {name} {mobile}, "
        "사무실 {landline}. 견적서는 {email}로 부탁드려요.",
        "야적장 CCTV 원격 접속 {ipport}, 녹화 {qty:일,7,30} 보관. 설치업체 {rep_number}",
        "컨테이너 박스 임대료 {price:100000,400000} 카드 {card}로 결제 요청드립니다.",
        "비철 수출 건 바이어 {email} 회신 대기 중. 인보이스 {invoice_no}, 선적 {date}.",
        "일용직 노임 지급: {name}({rrn}) 일당 {price:130000,220000}, 계좌 {account}. 연락처 {mobile}",
        "폐기물 인계서 {invoice_no}\n배출자 {name} / 사업자 {business_reg_no}\n운반 차량 {vehicle_plate}\n"
        "연락처 {landline}",
        "사장님 구리선 {qty:kg,30,200} 있는데 내일 {time}에 가져가도 될까요? 제 번호 {mobile}",
        "{shop} 고철·비철 매입\n전화 {landline} / 휴대폰{mobile}\n영업 {hours}, 일요일 휴무\n이메일 {email}",
    ),
    "free": (
        "이번 주 입고 고철 {dec:톤,10,80}, 출고 {dec:톤,10,80}. 시세는 전주 대비 {statistic}.",
        "계량대 정기검정 {date} 예정, 허용오차 {qty:kg,5,20} 이내.",
        "차량 {vehicle_plate} 입차 {time}, 출차 {time}, 계근표 {receipt_no}.",
        "[공지] 폐전선 매입 단가 {price:2000,6000}/kg → {price:2000,6000}/kg, {date}부터 적용합니다.",
    ),
}

GENRES["bowling_alley"] = {
    "brands": ("strikezone", "lane10", "bowlmate", "pinpoint"),
    "orkr": ("kbowling.or.kr",),
    "words": ("strike", "spare", "tenpin", "hook"),
    "shops": ("스트라이크존 볼링장", "핀포인트 볼링센터"),
    "value": (
        "볼링 리그 참가 신청\n이름 {name}\n연락처 {mobile}\n에버리지 {score:bowl}\n핸디 {qty:점,0,40}\n이메일 {email}",
        "{date} {time} 레인 {qty:개,2,6} 단체 예약 ({qty:명,10,30}). 예약자 {name} {mobile}, 선결제 카드 {card}",
        "스코어링 서버 원격 점검: {ipport}, 레인 컨트롤러 {private_ip}. 업체 {rep_number}",
        "볼 {model_code} {qty:파운드,12,16} 드릴링 포함 {price:150000,400000}, 카드 {card}로 결제 부탁드립니다",
        "동호회 월 회비 {price:20000,50000}, {account}로 입금해주세요. 총무 {name} {mobile}",
        "볼링협회 선수등록 신청서\n성명 {name}\n주민등록번호 {rrn}\n소속 {shop}\n연락처 {mobile}",
        "{shop}\n전화 {landline}\n우편번호 {postal_code}\n레인 {qty:개,16,40}, 게임당 {price:3000,6000}",
        "사장님 {date}에 생일파티로 {qty:명,6,15} 갈게요~ 확인 문자는 {mobile}로 주세요",
        "{date} 오픈 대회 상금 {price:300000,3000000} 지급 안내. 우승자 {name}, 입금 계좌 {account}, "
        "주민번호 {rrn} (기타소득 신고용)",
        "사내 볼링대회 견적 요청드립니다. {name} 대리 {landline} / {email}",
        "예약 관리자 페이지 {date} {time} 로그인 IP {ip}. 본인 아니면 {email}로 알려주세요.",
    ),
    "free": (
        "오늘 {qty:게임,3,6} 평균 {score:bowl}, 하이게임 {score:bowl}. 스페어 처리율 {statistic:pct,30,85}.",
        "레인 오일 패턴 {qty:피트,38,45}, 오일 볼륨 {dec:ml,20,27}.",
        "[공지] {date} 레인 정비로 {hours} 영업 중단합니다.",
        "{name}님 {date} {qty:번,1,24} 레인에서 {qty:연속,9,12} 스트라이크!",
    ),
}

GENRES["cemetery_management"] = {
    "brands": ("eternal-park", "hanmaum-memorial", "pyeonghwa-park", "sky-memorial"),
    "orkr": ("kfuneral.or.kr",),
    "words": ("memorial", "chumo", "haneul", "pyeonghwa"),
    "shops": ("평화공원묘원", "하늘추모공원", "한마음봉안당"),
    "value": (
        "봉안당 사용 계약서\n계약번호 {contract_no}\n고인 {name} (별세 {date})\n신청인 {name}\n"
        "주민등록번호 {rrn}\n연락처 {mobile}\n안치 위치 {plot_no}",
        "{year}년 관리비 {price:50000,300000} 납부 안내. {account}로 입금 시 고인 성함으로 표기해 주세요. "
        "문의 {landline}",
        "벌초 대행 {qty:기,1,3} {price:80000,300000}, 카드 {card}로 결제 요청드립니다.",
        "온라인 추모관 관리자 접속 기록: {ip} ({date} {time}). 유가족 문의는 {email}",
        "형, {date} 성묘 {time}에 묘원 주차장에서 봐. 관리사무소 번호는 {landline}",
        "묘지 사용권 명의변경 신청\n기존 {name} → 변경 {name}\n변경인 주민등록번호 {rrn}\n"
        "우편번호 {postal_code}\n연락처 {mobile}",
        "[개장 공고] 무연고 분묘 {plot_no} 외 {qty:기,2,20} 개장 예정({date}). "
        "연고자는 {landline} 또는 {email}로 연락 바랍니다. 공고 {case_no}",
        "장례지도사 {name}({mobile}) 님 통해 안치 일정 조율 중입니다.",
        "봉안당 해약 환불금 {price:1000000,8000000}, 환불 계좌 {account} 예금주 {name}. 처리까지 {qty:영업일,7,14}.",
        "공설묘지 사용 연장 신청서는 {email}로 제출하시거나 팩스 {landline}로 보내주세요. 담당 {name}",
        "비석 각자 주문: 고인 {name}, 생년 {year:1925,1965}년, 몰년 {year:2010,2026}년. "
        "시안 확인은 {email}, 결제 카드 {card}",
    ),
    "free": (
        "[공지] {date} 한식 성묘객 증가로 {hours} 셔틀 운행, 배차 간격 {qty:분,10,20}.",
        "봉안당 {plot_no} 구역 잔여 {qty:기,10,300}, 분양가 {price:3000000,15000000}부터.",
        "묘원 위치 {coordinates}, 주차 {qty:면,50,300}, 관리사무소 운영 {hours}.",
        "{year}년 관리비 납부율 {statistic:pct,60,97}, 미납 {qty:기,10,90}.",
    ),
}


# ---------------------------------------------------------------- rendering
SLOT_RE = re.compile(r"\{(\w+)(?::([^{}]*))?\}")
CHOICE_RE = re.compile(r"\[\[([^\[\]]*)\]\]")
VALUE_SLOTS = (*VALUE_KINDS, "ipport")
SURNAMES_KO = "김이박최정강조윤장임한오서신권황안송류홍전고문손양배"
GIVEN_KO = (
    "민지 서연 지훈 현우 유나 도윤 지우 하은 수민 준호 은지 태양 소희 재현 다혜 우진 채영 상민 나연 경호 혜진 "
    "동현 예린 승우 영숙 정자 순자 명수 영호 광수"
).split()
NICKS = ("Zephyr", "Mirae", "Haneul", "Nox", "Blitz", "Rumi", "Kairos", "Yeti", "Sora", "Vanta", "Lumen", "Orca")
FILLERS = ("name", "nick", "shop")


def filler(name, genre):
    if name == "name":
        return RNG.choice(SURNAMES_KO) + RNG.choice(GIVEN_KO)
    if name == "nick":
        return RNG.choice(NICKS)
    return RNG.choice(genre["shops"])


def checked(make):
    """Pieces whose decoys could not pass as values (regenerated until they could not)."""
    for _ in range(500):
        pieces = make()
        if all(a is None or a["type"] == "span" or not could_be_value(t, a["kind"]) for t, a in pieces):
            return pieces
    raise AssertionError("decoy keeps looking like a value")


def with_port(ip_pieces):
    text = ip_pieces[0][0]
    port = decoy(str(RNG.choice(PORTS)), "port")
    if ":" in text and len(ip_pieces) == 1:
        return [plain("["), *ip_pieces, plain("]:"), port]
    return [*ip_pieces, plain(":"), port]


def value_slot(slot, arg, genre, mode):
    kind = "ip" if slot == "ipport" else slot
    if mode == "pos":
        if slot == "ipport":
            return gen_ipport()
        if kind in ("mobile", "landline"):
            return gen_phone(kind)
        if kind == "email":
            return gen_email(genre)
        if kind == "rrn":
            return gen_rrn(arg)
        return {"card": gen_card, "account": gen_account, "ip": gen_ip}[kind]()
    if mode == "masked":
        pieces = checked(lambda: masked(kind, genre))
    else:
        pieces = checked(lambda: lookalike(kind, genre))
    return with_port(pieces) if slot == "ipport" else pieces


def decoy_slot(name, arg, genre):
    if name.startswith("masked_"):
        return checked(lambda: masked(name[len("masked_") :], genre))
    if name == "mention":
        return gen_decoy(name, RNG.choice(genre["brands"]))
    if name == "privport":
        return with_port(gen_decoy("private_ip"))
    return gen_decoy(name, arg or "")


def render(frame, genre, mode):
    """Text, spans and decoys of one frame; mode is pos, lookalike (negative) or free (negative)."""
    text = CHOICE_RE.sub(lambda m: RNG.choice(m.group(1).split("|")), frame)
    tokens, at = [], 0
    for m in SLOT_RE.finditer(text):
        tokens.append(("lit", text[at : m.start()], None))
        tokens.append(("slot", m.group(1), m.group(2)))
        at = m.end()
    tokens.append(("lit", text[at:], None))
    slots = [i for i, t in enumerate(tokens) if t[0] == "slot" and t[1] in VALUE_SLOTS]
    masked_slots = set()
    if mode == "pos" and len(slots) >= 2:
        while True:
            masked_slots = {i for i in slots if RNG.random() < P_MASK}
            if len(masked_slots) < len(slots):
                break
    pieces = []
    for i, (what, name, arg) in enumerate(tokens):
        if what == "lit":
            pieces.append(plain(name))
        elif name in FILLERS:
            pieces.append(plain(filler(name, genre)))
        elif name in VALUE_SLOTS:
            pieces += value_slot(name, arg, genre, "masked" if i in masked_slots else mode)
        else:
            pieces += decoy_slot(name, arg, genre)
    out, spans, decoys, forms, at = [], [], [], [], 0
    for piece, ann in pieces:
        if ann is not None:
            item = {"kind": ann["kind"], "start": at, "end": at + len(piece), "value": piece}
            if ann["type"] == "span":
                spans.append(item)
                forms.append(f"{ann['kind']}/{ann['detail']}/{ann['style']}")
                STYLE_COUNTS[(ann["kind"], ann["style"], ann["register"])] = (
                    STYLE_COUNTS.get((ann["kind"], ann["style"], ann["register"]), 0) + 1
                )
            else:
                decoys.append(item)
        out.append(piece)
        at += len(piece)
    form = "+".join(forms) if spans else f"neg/{most_pii_like(decoys)}"
    return "".join(out), spans, decoys, form


STYLE_COUNTS = {}
NEG_RANK = (
    "invalid_rrn masked_rrn corporate_reg_no masked_card gift_card_pin masked_account masked_mobile "
    "masked_landline bad_area_phone relay_0500 freecall_080 rep_number short_number masked_email "
    "incomplete_email git_remote mention npm_package image_file masked_ip private_ip windows_build "
    "business_reg_no registered_mail_no tracking_no farm_reg_no meeting_id mmsi approval_no otp expiry "
    "postal_code serial uuid hash order_no invoice_no reservation_no receipt_no claim_no policy_no case_no "
    "contract_no student_id member_id employee_id exam_no lot_no ean isbn vehicle_plate plot_no coordinates "
    "port version model_code password berth_no tooth_no catalog_no room_no battery_size shade statistic score "
    "price date time quantity"
).split()


def most_pii_like(decoys):
    if not decoys:
        return "none"
    ranked = sorted(
        enumerate(decoys), key=lambda p: (NEG_RANK.index(p[1]["kind"]) if p[1]["kind"] in NEG_RANK else 99, p[0])
    )
    return ranked[0][1]["kind"]


def check_frames():
    for name, genre in GENRES.items():
        assert len(genre["value"]) == 11 and len(genre["free"]) == 4, name
        for frame in genre["value"] + genre["free"]:
            assert not DIGIT_RE.search(SLOT_RE.sub("", frame)), frame
            for body in CHOICE_RE.findall(frame):
                assert not any(s in VALUE_SLOTS for s, _ in SLOT_RE.findall(body)), frame
            names = [s for s, _ in SLOT_RE.findall(frame)]
            for s in names:
                assert (
                    s in VALUE_SLOTS
                    or s in FILLERS
                    or s in GENERIC_DECOYS
                    or s == "privport"
                    or s.startswith("masked_")
                ), s
            has_value = any(s in VALUE_SLOTS for s in names)
            assert has_value == (frame in genre["value"]), frame


def build():
    check_frames()
    records = []
    for genre_name, genre in GENRES.items():
        frames = list(genre["value"])
        RNG.shuffle(frames)
        jobs = [("pos", frames[i % len(frames)]) for i in range(PER_GENRE["pos"])]
        jobs += [("lookalike", f) for f in RNG.sample(genre["value"], PER_GENRE["lookalike"])]
        jobs += [("free", genre["free"][i % len(genre["free"])]) for i in range(PER_GENRE["free"])]
        RNG.shuffle(jobs)
        for n, (mode, frame) in enumerate(jobs, 1):
            text, spans, decoys, form = render(frame, genre, mode)
            records.append(
                {
                    "id": f"oos11-{genre_name}-{n:03d}",
                    "text": text,
                    "label": "pos" if spans else "neg",
                    "spans": spans,
                    "decoys": decoys,
                    "form": form,
                    "genre": genre_name,
                }
            )
    return records


# ---------------------------------------------------------------- validation
EMAIL_FULL = re.compile(r"[A-Za-z0-9._%+-]+@(?:[A-Za-z0-9-]+\.)+([A-Za-z]{2,})")
EMAIL_OBFUSCATIONS = (
    ("(at)", "@"),
    ("[at]", "@"),
    ("골뱅이", "@"),
    (" at ", "@"),
    ("(dot)", "."),
    ("[dot]", "."),
    (" dot ", "."),
)
ACCOUNT_WORDS = ("계좌", "입금", "예금주", "송금", "환불") + tuple(n for b in BANKS for n in b[1])


def norm_email(value):
    text = value.translate(FROM_FULLWIDTH)
    for old, new in EMAIL_OBFUSCATIONS:
        text = text.replace(old, new)
    return text.replace(" ", "")


def value_ok(kind, value):
    digits = norm_digits(value)
    if kind == "rrn":
        return rrn_ok(digits) and not card_ok(digits)
    if kind in ("mobile", "landline"):
        return phone_kind(digits) == kind and not rrn_ok(digits) and not card_ok(digits)
    if kind == "card":
        return card_ok(digits) and not rrn_ok(digits) and phone_kind(digits) is None
    if kind == "account":
        groups = tuple(len(norm_digits(g)) for g in re.split(r"[-. ㅡ－]", value) if g)
        ok_shape = groups in ACCOUNT_GROUPINGS or len(groups) == 1 or len(groups) == len(digits)
        return ok_shape and 11 <= len(digits) <= 14 and not (rrn_ok(digits) or card_ok(digits) or loose_phone(digits))
    if kind == "ip":
        return ip_global(re.sub(r"[\[\]() ]", "", value.translate(FROM_FULLWIDTH)))
    m = EMAIL_FULL.fullmatch(norm_email(value))
    return bool(m) and m.group(1).lower() in TLDS


def validate(records):
    ids, texts = set(), set()
    for rec in records:
        text, spans, decoys = rec["text"], rec["spans"], rec["decoys"]
        assert rec["id"] not in ids and text not in texts, rec["id"]
        ids.add(rec["id"])
        texts.add(text)
        assert (rec["label"] == "pos") == bool(spans), rec["id"]
        items = sorted(spans + decoys, key=lambda s: s["start"])
        for a, b in zip(items, items[1:], strict=False):
            assert a["end"] <= b["start"], (rec["id"], a, b)
        covered = set()
        for item in items:
            assert text[item["start"] : item["end"]] == item["value"] and item["value"], (rec["id"], item)
            assert item["value"] == item["value"].strip(), (rec["id"], item)
            before = text[item["start"] - 1 : item["start"]]
            after = text[item["end"] : item["end"] + 1]
            assert not re.match(r"[A-Za-z0-9_]", before), (rec["id"], item)
            assert not re.match(r"[A-Za-z0-9_]", after), (rec["id"], item)
            covered.update(range(item["start"], item["end"]))
        for s in spans:
            assert s["kind"] in VALUE_KINDS and value_ok(s["kind"], s["value"]), (rec["id"], s)
            if s["kind"] == "account":
                window = text[max(0, s["start"] - 25) : s["end"] + 12]
                assert any(w in window for w in ACCOUNT_WORDS), (rec["id"], s)
        for d in decoys:
            assert d["kind"] not in VALUE_KINDS, (rec["id"], d)
            assert not could_be_value(d["value"], d["kind"]), (rec["id"], d)
            assert not any(value_ok(k, d["value"]) for k in VALUE_KINDS if k != "account"), (rec["id"], d)
        for i, ch in enumerate(text):
            if DIGIT_RE.match(ch) or ch in "@＠":
                assert i in covered, (rec["id"], i, text)
        forms = rec["form"].split("+")
        if spans:
            assert [f.split("/")[0] for f in forms] == [s["kind"] for s in spans], rec["id"]
        else:
            assert rec["form"] == f"neg/{most_pii_like(decoys)}", rec["id"]


def summary(records):
    def count(items):
        out = {}
        for k in items:
            out[k] = out.get(k, 0) + 1
        return dict(sorted(out.items(), key=lambda kv: (-kv[1], kv[0])))

    return {
        "records": len(records),
        "labels": count(r["label"] for r in records),
        "values": count(s["kind"] for r in records for s in r["spans"]),
        "decoys_total": sum(len(r["decoys"]) for r in records),
        "decoys": count(d["kind"] for r in records for d in r["decoys"]),
        "styles": {f"{k}/{s} ({reg})": n for (k, s, reg), n in sorted(STYLE_COUNTS.items())},
        "registers": count(reg for (_, _, reg), n in STYLE_COUNTS.items() for _ in range(n)),
    }


def main(argv):
    out = Path(argv[1]) if len(argv) > 1 else Path(__file__).resolve().with_name("eval_oos11.jsonl")
    records = build()
    validate(records)
    with out.open("w", encoding="utf-8") as fh:
        for rec in records:
            fh.write(json.dumps(rec, ensure_ascii=False) + "\n")
    print(json.dumps(summary(records), ensure_ascii=False, indent=1))
    print(f"wrote {len(records)} records to {out}")


if __name__ == "__main__":
    main(sys.argv)
