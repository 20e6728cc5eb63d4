# ruff: noqa: E501
"""Build eval_oos7.jsonl: an independent, out-of-sample evaluation set for a Korean PII detector.

Independence
    Written from a brief alone, without reading the detector, its tests, its docs or any
    earlier evaluation set, and without looking up PII regexes anywhere.  No detector or
    benchmark was run on the output.  Nothing here was tuned against a detector.

Record format (one JSON object per line, UTF-8, ensure_ascii=False)
    {"id": "oos7-<genre>-<nnn>", "text", "label": "pos"|"neg", "spans": [...], "decoys": [...],
     "form", "genre"}.  Spans and decoys are {"kind", "start", "end", "value"} with Python
    code-point offsets and value == text[start:end]; they never overlap.  label is "pos" iff
    there is at least one span.  form lists <kind>/<detail>/<how written> per span, in span
    order, joined by "+"; a negative record has neg/<kind of its most PII-like decoy>.

Kinds (values): rrn (resident/foreigner registration number, real date, check digit for births
    before 2020-10, random last digit after), mobile (010 mostly, 011/016-019 rare), landline
    (area codes 02, 031-033, 041-044, 051-055, 061-064, 070 and 0502-0508 relay numbers),
    email (portals, companies, ac.kr, go.kr/korea.kr, or.kr, co.kr, country TLDs, new gTLDs;
    dots, plus-tags, digits, capitals, subdomains), ip (global unicast IPv4/IPv6 only, checked
    with ipaddress), card (Luhn-valid, real brand prefixes, 15 digits Amex, 16 otherwise),
    account (Korean bank groupings such as KB 6-2-6, 신한 3-3-6, 우리 4-3-6, 하나 3-6-5, NH 3-4-4-2
    and 6-2-6, 기업 3-6-2-3, 카카오뱅크 4-2-7, 토스뱅크 4-4-4, 새마을금고 4-4-4-1, 우체국 6-2-6, SC 3-2-6,
    부산 3-4-4-2, 케이뱅크 3-3-6; always with a bank name next to it, before/after, bracketed or not).

Decoys (annotated in every record): dates, times, prices, quantities, durations, versions,
    model codes, EAN-13 / ISBN, order / invoice / tracking / reservation / receipt / approval /
    claim / policy / registered-mail / case numbers, student / employee / member ids, business
    and corporate registration numbers (corporate numbers never pass the RRN rules),
    15xx/16xx/18xx representative numbers, 080 toll-free, short numbers, 0500/0501 numbers,
    non-global IPs, ports, image names like icon@2x.png, git remotes, npm scoped packages,
    @mentions, coordinates, statistics, scores, ISSN, DOI, hashes, UUIDs, serial numbers,
    postal codes, room/seat numbers, meeting ids, OTPs, Luhn-invalid 16-digit gift PINs,
    phone-like numbers with non-existent area codes, lens prescriptions, body sizes,
    altitudes, and masked values of every kind (880908-1******, 010-****-5678, 010-12**-5678,
    5310-****-****-1234, 110-***-****56, ab***@naver.com, 211.34.*.*).  Any decoy that would
    pass as a value is regenerated.

Labelling conventions: masked values are decoys; obfuscated e-mails ((at), [at]/[dot], 골뱅이,
    "at ... dot", full-width ＠, spaced " @ ") are email values spanning local part to TLD;
    phones spelled in Hangul (공일공...), digit-by-digit or in +82 / 82- / "+82 (0)2" form are
    values, parentheses of the number are inside the span; 070 / area / 0502-0508 numbers are
    landline values, 15xx/16xx/18xx, 080, 0500/0501 and short numbers are decoys; only global
    unicast IPs are values and a port after an IP is a separate port decoy (digits only);
    bank names, 계좌, 예금주 and labels such as 주민번호: stay outside spans.

Genres (14, about 71 snippets each, 12-14 value frames and 5-6 value-free frames each):
    bakery_preorder, driving_school, piano_academy, glasses_shop, laundry, car_wash, tailor,
    mountain_lodge, recycling_center, school_bus, local_newspaper_ads, elder_care,
    condo_membership, fishing_boat.  About 40% negative: value-free frames (with decoys) or
    value frames whose every slot is masked.  In positive records with several slots each slot
    is masked with probability 0.2 (at least one stays a value).  Generic decoy tails are
    appended to half the records and a value tail to a fifth of the positives; frames are
    chosen to keep the seven kinds balanced.

Values: random but valid (real calendar dates, check digits, Luhn, brand prefixes, real area
    codes, exchanges never starting with 0, ipaddress-checked global IPs), from one
    random.Random(SEED); output is byte-identical across runs and hash seeds.

Writing styles: each value independently takes a common style with probability 0.8 and a less
    common / evasive one with probability 0.2.  Common: hyphens (most), no separator, dots
    (phones), spaces, parenthesised area codes "(02) 123-4567" / "02)123-4567", bank groupings,
    plain / <angle> / (paren) e-mails, IPv4 with or without port, compressed IPv6.  Less common:
    spaced hyphen " - ", en dash, slash (RRN/accounts/cards), dots for cards and accounts,
    +82 / 82- / +82 (0) international phones, digit-by-digit phones, Hangul-spelled phones,
    mixed separators, obfuscated e-mails (six forms), defanged IPv4 "1.2.3[.]4", exploded or
    upper-case IPv6, bracketed IPv6 with port.
"""

import datetime
import ipaddress
import json
import random
import re
import sys
from pathlib import Path

HANGUL_DIGITS = "공일이삼사오육칠팔구"
RRN_W = (2, 3, 4, 5, 6, 7, 8, 9, 2, 3, 4, 5)
TODAY = datetime.date(2026, 12, 1)
CUTOFF = datetime.date(2020, 10, 1)
RARE_P = 0.2


def V(text, kind):
    return (text, "v", kind)


def D(text, kind):
    return (text, "d", kind)


def P(text):
    return (text, None, None)


def digs(rng, n, first_nonzero=False):
    s = "".join(str(rng.randint(0, 9)) for _ in range(n))
    if first_nonzero and n:
        s = str(rng.randint(1, 9)) + s[1:]
    return s


def ascii_digits(s):
    return "".join(c for c in s if c in "0123456789")


def pick(rng, weighted):
    total = sum(w for _, w in weighted)
    x = rng.random() * total
    for name, w in weighted:
        x -= w
        if x < 0:
            return name
    return weighted[-1][0]


def style(rng, common, rare):
    if rng.random() < RARE_P:
        return pick(rng, rare), True
    return pick(rng, common), False


# ---------------------------------------------------------------- validators
def rrn_check(d12, foreign):
    s = sum(int(a) * b for a, b in zip(d12, RRN_W, strict=True))
    return ((13 if foreign else 11) - s % 11) % 10


def rrn_valid(d):
    if not re.fullmatch(r"[0-9]{13}", d):
        return False
    g = int(d[6])
    if not 1 <= g <= 8:
        return False
    century = 1900 if g in (1, 2, 5, 6) else 2000
    try:
        born = datetime.date(century + int(d[:2]), int(d[2:4]), int(d[4:6]))
    except ValueError:
        return False
    if born > TODAY:
        return False
    if born >= CUTOFF:
        return True
    return int(d[12]) == rrn_check(d[:12], g >= 5)


def luhn_ok(d):
    total = 0
    for i, c in enumerate(reversed(d)):
        n = int(c)
        if i % 2 == 1:
            n *= 2
            if n > 9:
                n -= 9
        total += n
    return total % 10 == 0


def card_brand(d):
    if len(d) == 15 and d[:2] in ("34", "37"):
        return "amex"
    if len(d) != 16:
        return None
    if d[0] == "4":
        return "visa"
    if 51 <= int(d[:2]) <= 55 or 2221 <= int(d[:4]) <= 2720:
        return "mastercard"
    if 3528 <= int(d[:4]) <= 3589:
        return "jcb"
    if d[:4] == "6011" or d[:2] == "65":
        return "discover"
    if d[:2] == "62":
        return "unionpay"
    return None


def card_valid(d):
    return bool(re.fullmatch(r"[0-9]{15,16}", d)) and card_brand(d) is not None and luhn_ok(d)


MOBILE_RE = re.compile(r"01[016789][1-9][0-9]{6,7}")
LAND_RE = re.compile(r"(02[1-9][0-9]{6,7}|0(3[1-3]|4[1-4]|5[1-5]|6[1-4])[1-9][0-9]{6,7}|070[1-9][0-9]{7}|050[2-8][1-9][0-9]{6,7})")


def phone_digits(text):
    t = "".join(str(HANGUL_DIGITS.index(c)) if c in HANGUL_DIGITS else c for c in text)
    t = t.replace("영", "0")
    intl = t.lstrip().startswith("+82") or t.lstrip().startswith("82")
    d = ascii_digits(t)
    if intl:
        d = d[2:]
        d = d if d.startswith("0") else "0" + d
    return d


def mobile_valid(text):
    return bool(MOBILE_RE.fullmatch(phone_digits(text)))


def landline_valid(text):
    return bool(LAND_RE.fullmatch(phone_digits(text)))


def ip_global(s):
    try:
        a = ipaddress.ip_address(s)
    except ValueError:
        return False
    bad = (a.is_private or a.is_loopback or a.is_link_local or a.is_multicast
           or a.is_reserved or a.is_unspecified or not a.is_global)
    if a.version == 4 and a in ipaddress.ip_network("100.64.0.0/10"):
        bad = True
    if a.version == 6 and a.ipv4_mapped is not None:
        bad = True
    return not bad


EMAIL_RE = re.compile(r"[A-Za-z0-9._%+-]+@[A-Za-z0-9-]+(\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,}")


def email_normal(s):
    t = s.replace("＠", "@")
    for a, b in ((" (at) ", "@"), ("(at)", "@"), ("[at]", "@"), ("[dot]", "."), (" 골뱅이 ", "@"),
                 (" at ", "@"), (" dot ", "."), (" @ ", "@")):
        t = t.replace(a, b)
    return t


def email_valid(s):
    return bool(EMAIL_RE.fullmatch(email_normal(s)))


def ip_valid(s):
    return ip_global(s.replace("[.]", "."))


def account_valid(s):
    return 10 <= len(ascii_digits(s)) <= 14 and not re.search(r"[^0-9 .\-–]", s)


VALIDATORS = {"rrn": lambda s: rrn_valid(ascii_digits(s)), "mobile": mobile_valid,
              "landline": landline_valid, "email": email_valid, "ip": ip_valid,
              "card": lambda s: card_valid(ascii_digits(s)), "account": account_valid}


def looks_like_value(s):
    """True when a decoy string would pass as one of the seven kinds."""
    runs = re.findall(r"[0-9]+", s)
    cands = [ascii_digits(s)] + runs
    for d in cands:
        if rrn_valid(d) or card_valid(d) or MOBILE_RE.fullmatch(d) or LAND_RE.fullmatch(d):
            return True
    for m in re.findall(r"[0-9]{1,3}(?:\.[0-9]{1,3}){3}", s):
        if ip_global(m):
            return True
    for m in re.findall(r"[0-9A-Fa-f:]{6,}", s):
        if ":" in m and ip_global(m):
            return True
    return bool(EMAIL_RE.fullmatch(s)) and not re.search(r"\.(png|jpg|jpeg|webp|gif|svg)$", s)


def spell(d):
    return "".join(HANGUL_DIGITS[int(c)] if c.isdigit() else c for c in d)


def spaced(d):
    return " ".join(c for c in d if c.isdigit())


def join_groups(groups, how):
    sep = {"hyphen": "-", "nosep": "", "dot": ".", "space": " ", "en_dash": "–",
           "spaced_hyphen": " - ", "slash": "/"}[how]
    return sep.join(groups)


# ---------------------------------------------------------------- rrn
def gen_rrn(rng):
    foreign = rng.random() < 0.15
    year = rng.randint(2000, 2025) if rng.random() < 0.2 else rng.randint(1935, 1999)
    start = datetime.date(year, 1, 1)
    end = min(datetime.date(year, 12, 31), TODAY - datetime.timedelta(days=1))
    born = start + datetime.timedelta(days=rng.randint(0, (end - start).days))
    pair = ((5, 6) if foreign else (1, 2)) if year < 2000 else ((7, 8) if foreign else (3, 4))
    d12 = born.strftime("%y%m%d") + str(rng.choice(pair)) + digs(rng, 5)
    last = rrn_check(d12, foreign) if born < CUTOFF else rng.randint(0, 9)
    d = d12 + str(last)
    assert rrn_valid(d)
    detail = ("foreign" if foreign else "korean") + ("1900" if year < 2000 else "2000")
    if born >= CUTOFF:
        detail += "-nocheck"
    how, rare = style(rng, [("hyphen", 65), ("nosep", 25), ("space", 10)],
                      [("spaced_hyphen", 1), ("en_dash", 1), ("slash", 1)])
    return [V(join_groups([d[:6], d[6:]], how), "rrn")], detail, how, rare


# ---------------------------------------------------------------- phones
def gen_mobile(rng):
    pre = "010" if rng.random() < 0.88 else rng.choice(["011", "016", "017", "018", "019"])
    mid = digs(rng, 4 if pre == "010" or rng.random() < 0.4 else 3, True)
    groups = [pre, mid, digs(rng, 4)]
    how, rare = style(rng, [("hyphen", 58), ("nosep", 16), ("dot", 10), ("space", 10), ("paren_pre", 6)],
                      [("intl_plus", 2), ("intl_82", 1), ("spaced_digits", 1), ("hangul", 2),
                       ("en_dash", 1), ("mixed_sep", 1)])
    return [V(phone_text(groups, how), "mobile")], pre, how, rare


def phone_text(groups, how):
    pre, rest = groups[0], groups[1:]
    if how == "paren_pre":
        return "(" + pre + ") " + "-".join(rest)
    if how == "paren_close":
        return pre + ")" + "-".join(rest)
    if how == "intl_plus":
        return "+82 " + pre[1:] + "-" + "-".join(rest)
    if how == "intl_82":
        return "82-" + pre[1:] + "-" + "-".join(rest)
    if how == "intl_zero":
        return "+82 (0)" + pre[1:] + " " + " ".join(rest)
    if how == "intl_hyphen":
        return "+82-" + pre[1:] + "-" + "-".join(rest)
    if how == "spaced_digits":
        return spaced("".join(groups))
    if how == "hangul":
        return spell("-".join(groups))
    if how == "mixed_sep":
        return pre + " " + rest[0] + "-" + rest[1]
    return join_groups(groups, how)


AREAS = ["031", "032", "033", "041", "042", "043", "044", "051", "052", "053", "054", "055",
         "061", "062", "063", "064"]


def gen_landline(rng):
    r = rng.random()
    if r < 0.3:
        pre = "02"
    elif r < 0.78:
        pre = rng.choice(AREAS)
    elif r < 0.9:
        pre = "070"
    else:
        pre = "050" + str(rng.randint(2, 8))
    n = 4 if pre == "070" else (3 if rng.random() < 0.5 else 4)
    groups = [pre, digs(rng, n, True), digs(rng, 4)]
    how, rare = style(rng, [("hyphen", 55), ("paren_pre", 12), ("paren_close", 8), ("nosep", 10),
                            ("dot", 7), ("space", 8)],
                      [("intl_hyphen", 2), ("intl_zero", 1), ("hangul", 1), ("spaced_digits", 1),
                       ("en_dash", 1)])
    detail = "area" + pre if pre not in ("070",) and not pre.startswith("050") else pre
    return [V(phone_text(groups, how), "landline")], detail, how, rare


# ---------------------------------------------------------------- email
GIVEN = ["minji", "jihoon", "seoyeon", "hyunwoo", "sujin", "dongha", "yerin", "taeyang", "eunji",
         "junho", "haneul", "soyoung", "kyungmin", "jiwoo", "sangmin", "mirae", "byungchul", "ara",
         "yoonseo", "chanho", "dahye", "gunwoo", "hyejin", "insoo", "jaewon", "nari", "okhee", "youngsu"]
FAMILY = ["kim", "lee", "park", "choi", "jung", "kang", "cho", "yoon", "jang", "lim", "han", "oh",
          "seo", "shin", "kwon", "hwang", "ahn", "song", "ryu", "hong", "moon", "bae"]
WORDS = ["sweetcake", "pianolove", "bluesky", "happyday", "sunflower", "fishking", "mountain",
         "cleancar", "goodbread", "oldpiano", "silverhair", "greenleaf", "runner", "daisy"]
DOMAINS = {
    "portal": ["naver.com", "daum.net", "hanmail.net", "gmail.com", "kakao.com", "nate.com"],
    "company": ["samsung.com", "lgcorp.com", "hanbitbakery.co.kr", "jisan-lodge.co.kr",
                "mirae-driving.co.kr", "sori-music.co.kr", "cleanup.kr", "hdresort.com"],
    "academic": ["snu.ac.kr", "yonsei.ac.kr", "korea.ac.kr", "pusan.ac.kr", "knu.ac.kr", "cnu.ac.kr"],
    "gov": ["seoul.go.kr", "busan.go.kr", "gg.go.kr", "korea.kr", "jeju.go.kr"],
    "org": ["silvercare.or.kr", "redcross.or.kr", "fishing.or.kr", "songpa-welfare.or.kr"],
    "cctld": ["yahoo.co.jp", "gmx.de", "hotmail.co.uk", "outlook.com.au", "laposte.fr"],
    "gtld": ["kim.photography", "bread.shop", "sori.studio", "daybreak.camp", "hong.design"],
}


def email_local(rng):
    g, f = rng.choice(GIVEN), rng.choice(FAMILY)
    p = rng.randint(0, 7)
    if p == 0:
        s = g + "." + f
    elif p == 1:
        s = f + g + str(rng.randint(70, 99))
    elif p == 2:
        s = g[0] + g[-1] + "." + f + str(rng.randint(1, 9)) + str(rng.randint(0, 9))
    elif p == 3:
        s = g + "_" + f
    elif p == 4:
        s = g.capitalize() + "." + f.capitalize()
    elif p == 5:
        s = rng.choice(WORDS) + str(rng.randint(1, 999))
    elif p == 6:
        s = f + "." + g + "+" + rng.choice(["order", "cake", "lodge", "piano", "memo"])
    else:
        s = rng.choice(WORDS) + "_" + f
    return s


def gen_email(rng):
    cat = pick(rng, [("portal", 50), ("company", 12), ("academic", 8), ("gov", 6), ("org", 8),
                     ("cctld", 8), ("gtld", 8)])
    dom = rng.choice(DOMAINS[cat])
    if cat in ("academic", "company") and rng.random() < 0.35:
        dom = rng.choice(["mail", "cs", "hq", "office"]) + "." + dom
    local = email_local(rng)
    how, rare = style(rng, [("plain", 80), ("angle", 8), ("paren", 12)],
                      [("paren_at", 1), ("bracket_at_dot", 1), ("golbaengi", 1), ("at_dot_words", 1),
                       ("fullwidth_at", 1), ("spaced_at", 1)])
    if how == "paren_at":
        core = local + " (at) " + dom
    elif how == "bracket_at_dot":
        core = local + "[at]" + dom.replace(".", "[dot]")
    elif how == "golbaengi":
        core = local + " 골뱅이 " + dom
    elif how == "at_dot_words":
        core = local + " at " + dom.replace(".", " dot ")
    elif how == "fullwidth_at":
        core = local + "＠" + dom
    elif how == "spaced_at":
        core = local + " @ " + dom
    else:
        core = local + "@" + dom
    if how == "angle":
        return [P("<"), V(core, "email"), P(">")], cat, how, rare
    if how == "paren":
        return [P("("), V(core, "email"), P(")")], cat, how, rare
    return [V(core, "email")], cat, how, rare


# ---------------------------------------------------------------- ip
V6_PREFIX = ["2001:2d8", "2001:e60", "2406:5600", "2404:6800", "2600:1f18", "2a00:1450", "2401:c080",
             "2001:4860", "2406:da12", "2403:6200"]


def gen_ip(rng):
    if rng.random() < 0.7:
        while True:
            a = "{}.{}.{}.{}".format(rng.choice([1, 14, 27, 39, 58, 59, 61, 106, 110, 112, 115, 121, 125,
                                                 175, 180, 183, 203, 210, 211, 218, 220, 222]),
                                     rng.randint(0, 255), rng.randint(0, 255), rng.randint(1, 254))
            if ip_global(a):
                break
        ver = "v4"
    else:
        while True:
            tail = ":".join(format(rng.randint(0, 65535), "x") for _ in range(rng.choice([2, 3, 4])))
            a = rng.choice(V6_PREFIX) + ":" + format(rng.randint(1, 65535), "x") + "::" + tail
            if ip_global(a):
                break
        ver = "v6"
    port = str(rng.choice([80, 443, 8080, 8443, 3389, 22, 21, 5000, 9000]))
    if ver == "v4":
        how, rare = style(rng, [("plain", 80), ("with_port", 20)], [("defanged", 1)])
        if how == "defanged":
            i = a.rfind(".")
            return [V(a[:i] + "[.]" + a[i + 1:], "ip")], ver, how, rare
        if how == "with_port":
            return [V(a, "ip"), P(":"), D(port, "port")], ver, how, rare
        return [V(a, "ip")], ver, how, rare
    how, rare = style(rng, [("compressed", 1)], [("exploded", 1), ("upper", 1), ("bracket_port", 1)])
    if how == "exploded":
        return [V(ipaddress.ip_address(a).exploded, "ip")], ver, how, rare
    if how == "upper":
        return [V(a.upper(), "ip")], ver, how, rare
    if how == "bracket_port":
        return [P("["), V(a, "ip"), P("]:"), D(port, "port")], ver, how, rare
    return [V(a, "ip")], ver, how, rare


def luhn_complete(body):
    for c in "0123456789":
        if luhn_ok(body + c):
            return body + c
    raise AssertionError


def gen_card(rng):
    brand = pick(rng, [("visa", 30), ("mastercard", 25), ("amex", 10), ("jcb", 12), ("discover", 6),
                       ("unionpay", 10)])
    if brand == "visa":
        pre = "4" + digs(rng, 5)
    elif brand == "mastercard":
        pre = str(rng.randint(51, 55)) + digs(rng, 4) if rng.random() < 0.8 else str(rng.randint(2221, 2720)) + digs(rng, 2)
    elif brand == "amex":
        pre = rng.choice(["34", "37"]) + digs(rng, 4)
    elif brand == "jcb":
        pre = str(rng.randint(3528, 3589)) + digs(rng, 2)
    elif brand == "discover":
        pre = rng.choice(["6011", "65" + digs(rng, 2)]) + digs(rng, 2)
    else:
        pre = "62" + digs(rng, 4)
    n = 15 if brand == "amex" else 16
    d = luhn_complete(pre + digs(rng, n - 1 - len(pre)))
    assert card_valid(d)
    groups = [d[:4], d[4:10], d[10:]] if n == 15 else [d[0:4], d[4:8], d[8:12], d[12:]]
    how, rare = style(rng, [("hyphen", 60), ("space", 20), ("nosep", 20)],
                      [("dot", 1), ("en_dash", 1), ("spaced_hyphen", 1)])
    return [V(join_groups(groups, how), "card")], brand, how, rare


BANKS = {
    "kb": ([6, 2, 6], "", ["국민은행", "KB국민은행", "국민", "KB"]),
    "shinhan": ([3, 3, 6], "110", ["신한은행", "신한"]),
    "woori": ([4, 3, 6], "1002", ["우리은행", "우리"]),
    "hana": ([3, 6, 5], "", ["하나은행", "하나"]),
    "nh": ([3, 4, 4, 2], "3", ["농협", "NH농협", "농협은행"]),
    "nh6": ([6, 2, 6], "", ["농협", "NH농협은행"]),
    "ibk": ([3, 6, 2, 3], "", ["기업은행", "IBK기업은행", "기업"]),
    "kakao": ([4, 2, 7], "3333", ["카카오뱅크", "카뱅"]),
    "toss": ([4, 4, 4], "1000", ["토스뱅크", "토스"]),
    "mg": ([4, 4, 4, 1], "9002", ["새마을금고", "MG새마을금고"]),
    "post": ([6, 2, 6], "", ["우체국", "우체국예금"]),
    "sc": ([3, 2, 6], "", ["SC제일은행", "제일은행"]),
    "busan": ([3, 4, 4, 2], "1", ["부산은행", "BNK부산은행"]),
    "kbank": ([3, 3, 6], "100", ["케이뱅크"]),
}


def account_number(rng, bank):
    groups, prefix, _ = BANKS[bank]
    while True:
        total = sum(groups)
        d = prefix + digs(rng, total - len(prefix), not prefix)
        if not (rrn_valid(d) or card_valid(d) or MOBILE_RE.fullmatch(d) or LAND_RE.fullmatch(d)):
            break
    out, i = [], 0
    for g in groups:
        out.append(d[i:i + g])
        i += g
    return out


def bank_segments(rng, name, number_segs):
    """Place the bank name around the number (bank name is outside the span)."""
    where = pick(rng, [("before", 45), ("after_paren", 20), ("bracket_before", 12), ("touch_before", 8),
                       ("after_space", 15)])
    if where == "before":
        return [P(name + " ")] + number_segs, where
    if where == "after_paren":
        return number_segs + [P(" (" + name + ")")], where
    if where == "bracket_before":
        return [P("[" + name + "] ")] + number_segs, where
    if where == "touch_before":
        return [P(name)] + number_segs, where
    return number_segs + [P(" " + name)], where


def gen_account(rng):
    bank = pick(rng, [("kb", 14), ("shinhan", 13), ("woori", 10), ("hana", 9), ("nh", 10), ("nh6", 3),
                      ("ibk", 7), ("kakao", 10), ("toss", 6), ("mg", 4), ("post", 5), ("sc", 3),
                      ("busan", 3), ("kbank", 3)])
    groups = account_number(rng, bank)
    how, rare = style(rng, [("hyphen", 70), ("nosep", 20), ("space", 10)],
                      [("dot", 1), ("en_dash", 1), ("spaced_hyphen", 1)])
    name = rng.choice(BANKS[bank][2])
    segs, where = bank_segments(rng, name, [V(join_groups(groups, how), "account")])
    return segs, bank, where + "_" + how, rare


# ---------------------------------------------------------------- masked slot fillers (decoys)
def masked(rng, kind):
    if kind == "rrn":
        y = f"{rng.randint(40, 99):02d}{rng.randint(1, 12):02d}{rng.randint(1, 28):02d}"
        s = rng.choice([y + "-" + str(rng.randint(1, 2)) + "******", y + "-*******", "******-" + str(rng.randint(1, 2)) + "******",
                        y + "-" + str(rng.randint(1, 4)) + "xxxxxx"])
        return [D(s, "masked_rrn")]
    if kind == "mobile":
        m, last = digs(rng, 4, True), digs(rng, 4)
        s = rng.choice(["010-****-" + last, "010-" + m[:2] + "**-" + last, "010-" + m + "-****",
                        "010-XXXX-" + last, "010****" + last])
        return [D(s, "masked_mobile")]
    if kind == "landline":
        a = rng.choice(["02", "031", "051", "062", "070"])
        s = rng.choice([a + "-***-" + digs(rng, 4), a + "-" + digs(rng, 3, True) + "-****", a + ")***-" + digs(rng, 4)])
        return [D(s, "masked_landline")]
    if kind == "email":
        loc = email_local(rng)
        keep = rng.randint(1, 3)
        s = loc[:keep] + "*" * rng.randint(3, 5) + "@" + rng.choice(DOMAINS["portal"])
        return [D(s, "masked_email")]
    if kind == "ip":
        s = rng.choice(["{}.{}.*.*", "{}.{}.***.{}", "{}.***.***.{}"]).format(
            rng.choice([211, 121, 59, 175, 220]), rng.randint(1, 254), rng.randint(1, 254))
        return [D(s, "masked_ip")]
    if kind == "card":
        s = rng.choice([rng.choice(["5310", "4518", "9430", "3560"]) + "-****-****-" + digs(rng, 4),
                        "****-****-****-" + digs(rng, 4), digs(rng, 4) + "-" + digs(rng, 2) + "**-****-" + digs(rng, 4)])
        return [D(s, "masked_card")]
    if kind == "account":
        bank = pick(rng, [("shinhan", 3), ("kb", 3), ("kakao", 2), ("woori", 2)])
        g = account_number(rng, bank)
        s = rng.choice([g[0] + "-***-****" + g[-1][-2:], g[0] + "-" + "*" * len(g[1]) + "-" + "*" * (len(g[2]) - 4) + g[2][-4:],
                        "*" * len(g[0]) + "-" + g[1] + "-" + "*" * len(g[2])])
        segs, _ = bank_segments(rng, rng.choice(BANKS[bank][2]), [D(s, "masked_account")])
        return segs
    raise KeyError(kind)


GENS = {"rrn": None, "mobile": None, "landline": None, "email": None, "ip": None, "card": gen_card,
        "account": gen_account}


def _date(r):
    y, m, d = r.choice([2025, 2026, 2027]), r.randint(1, 12), r.randint(1, 28)
    return r.choice([f"{y}-{m:02d}-{d:02d}", f"{m}월 {d}일", f"{y}.{m:02d}.{d:02d}", f"{m}/{d}",
                     f"{y}년 {m}월 {d}일", f"{m:02d}.{d:02d}({r.choice('월화수목금토일')})"])


def _time(r):
    h, mi = r.randint(5, 21), r.choice([0, 10, 15, 20, 30, 40, 45, 50])
    return r.choice([f"{h:02d}:{mi:02d}", f"오전 {r.randint(5, 11)}시", f"오후 {r.randint(1, 9)}시 {mi}분",
                     f"{h}시", f"{h:02d}:{mi:02d}~{h + 2:02d}:{mi:02d}"])


def _price(r):
    n = r.randint(1, 400) * r.choice([500, 1000, 5000])
    return r.choice([f"{n:,}원", f"{n // 10000 or 1}만 원", f"₩{n:,}", f"{n:,}"])


def _qty(r):
    return f"{r.randint(1, 30)}{r.choice(['개', '벌', '명', '박스', '판', '대', '회', '장', '키로'])}"


def _version(r):
    return r.choice([f"v{r.randint(1, 9)}.{r.randint(0, 20)}.{r.randint(0, 9)}", f"{r.randint(1, 12)}.{r.randint(0, 9)}",
                     f"ver.{r.randint(1, 5)}.{r.randint(0, 9)}"])


def _model(r):
    return r.choice(["WF", "RF", "DV", "SX", "LG-R", "KW", "BX", "TV-UN"]) + digs(r, r.randint(2, 4)) + r.choice(["", "A", "KW", "SS", "-B"])


def _ean(r):
    body = "880" + digs(r, 9)
    s = sum(int(c) * (1 if i % 2 == 0 else 3) for i, c in enumerate(body))
    return body + str((10 - s % 10) % 10)


def _isbn(r):
    body = "97911" + digs(r, 7)
    s = sum(int(c) * (1 if i % 2 == 0 else 3) for i, c in enumerate(body))
    b = body + str((10 - s % 10) % 10)
    return f"{b[:3]}-{b[3:5]}-{b[5:9]}-{b[9:12]}-{b[12]}"


def _gift(r):
    while True:
        d = digs(r, 16, True)
        if not luhn_ok(d):
            return "-".join([d[0:4], d[4:8], d[8:12], d[12:]])


def _corp(r):
    while True:
        d = r.choice(["1101", "1311", "1201", "1801", "2001"]) + r.choice(["11", "12", "71"]) + digs(r, 7)
        if not rrn_valid(d):
            return d[:6] + "-" + d[6:]


def _hex(r, n):
    return "".join(r.choice("0123456789abcdef") for _ in range(n))


def _fake_area(r):
    a = r.choice(["035", "036", "045", "046", "056", "057", "065", "068", "039", "069"])
    return f"{a}-{digs(r, 3, True)}-{digs(r, 4)}"


DECOYS = {
    "date": _date, "time": _time, "price": _price, "quantity": _qty, "version": _version,
    "model_code": _model, "ean": _ean, "isbn": _isbn,
    "order_no": lambda r: r.choice([f"2026{digs(r, 4)}{digs(r, 6)}", f"ORD-2026{digs(r, 4)}-{digs(r, 4)}", f"No.{digs(r, 6)}"]),
    "invoice_no": lambda r: f"{digs(r, 4, True)}-{digs(r, 4)}-{digs(r, 4)}",
    "tracking_no": lambda r: f"6{digs(r, 11)}",
    "reservation_no": lambda r: r.choice([f"R{digs(r, 4)}-{digs(r, 4)}", f"{r.choice('ABCHK')}{digs(r, 6)}"]),
    "receipt_no": lambda r: f"{r.randint(2025, 2026)}-{digs(r, 4)}-{digs(r, 6)}",
    "approval_no": lambda r: digs(r, 8, True),
    "claim_no": lambda r: f"CL-2026-{digs(r, 6)}",
    "policy_no": lambda r: f"P{digs(r, 10)}",
    "reg_mail_no": lambda r: f"{r.choice(['1', '6'])}{digs(r, 12)}",
    "case_no": lambda r: f"2026{r.choice(['가단', '가소', '타경'])}{r.randint(100, 99999)}",
    "student_id": lambda r: f"20{r.randint(19, 26)}{digs(r, 4)}",
    "employee_id": lambda r: f"{r.choice(['E', 'EMP', 'D'])}-{digs(r, 5)}",
    "member_no": lambda r: f"{r.choice(['M', 'HR', 'GC'])}{digs(r, 7)}",
    "biz_reg_no": lambda r: f"{digs(r, 3, True)}-{digs(r, 2)}-{digs(r, 5)}",
    "corp_reg_no": _corp,
    "rep_number": lambda r: f"{r.choice(['1588', '1577', '1544', '1644', '1661', '1600', '1899', '1800'])}-{digs(r, 4)}",
    "tollfree": lambda r: f"080-{digs(r, 3, True)}-{digs(r, 4)}",
    "short_number": lambda r: r.choice(["112", "119", "114", "120", "1330", "1345", "129", "182"]),
    "phone_0500": lambda r: f"{r.choice(['0500', '0501'])}-{digs(r, 3, True)}-{digs(r, 4)}",
    "nonglobal_ip": lambda r: r.choice([f"192.168.{r.randint(0, 10)}.{r.randint(1, 254)}", f"10.{r.randint(0, 255)}.{r.randint(0, 255)}.{r.randint(1, 254)}",
                                        f"172.{r.randint(16, 31)}.{r.randint(0, 255)}.{r.randint(1, 254)}", "127.0.0.1",
                                        f"100.{r.randint(64, 127)}.{r.randint(0, 255)}.{r.randint(1, 254)}", f"169.254.{r.randint(1, 254)}.{r.randint(1, 254)}",
                                        f"203.0.113.{r.randint(1, 254)}", f"198.51.100.{r.randint(1, 254)}", "fe80::1", "::1", "224.0.0.251"]),
    "port": lambda r: str(r.choice([8080, 8443, 3000, 5432, 3306, 22, 443])),
    "image_file": lambda r: f"{r.choice(['icon', 'logo', 'banner', 'cake_01', 'btn_call'])}@{r.randint(2, 3)}x.{r.choice(['png', 'jpg', 'webp'])}",
    "git_remote": lambda r: f"git@{r.choice(['github.com', 'gitlab.com'])}:{r.choice(['hanbit-dev', 'lodge-team', 'sori'])}/{r.choice(['order-form', 'booking', 'site'])}.git",
    "npm_package": lambda r: r.choice(["@babel/core", "@vue/cli", "@types/node", "@nestjs/core", "@tanstack/react-query"]),
    "mention": lambda r: "@" + r.choice(["cake_lover", "fishing_kim", "lodge_admin", "piano.sori", "wash_master", "bus_mom"]),
    "coordinates": lambda r: f"{r.uniform(33.2, 38.3):.4f}, {r.uniform(126.1, 129.5):.4f}",
    "statistic": lambda r: r.choice([f"{r.uniform(0.5, 99):.1f}%", f"평균 {r.uniform(3, 5):.1f}점", f"{r.randint(2, 900)}건"]),
    "score": lambda r: r.choice([f"{r.uniform(3, 5):.1f}/5", f"{r.randint(60, 100)}점"]),
    "issn": lambda r: f"ISSN {digs(r, 4)}-{digs(r, 3)}{r.choice('0123456789X')}",
    "doi": lambda r: f"10.{r.randint(1000, 9999)}/{r.choice(['jkms', 'kjfp', 'jksa'])}.{r.randint(2015, 2026)}.{r.randint(1, 60)}.{r.randint(1, 4)}.{r.randint(1, 300)}",
    "hash": lambda r: _hex(r, r.choice([8, 40, 64])),
    "uuid": lambda r: f"{_hex(r, 8)}-{_hex(r, 4)}-4{_hex(r, 3)}-a{_hex(r, 3)}-{_hex(r, 12)}",
    "serial_no": lambda r: f"SN{r.choice(['-', ''])}{r.choice('ABKT')}{digs(r, 2)}{r.choice('KXZ')}{digs(r, 6)}",
    "postal_code": lambda r: f"{r.randint(0, 6)}{digs(r, 4)}",
    "room_no": lambda r: f"{r.randint(1, 12)}{r.randint(0, 2)}{r.randint(1, 9)}호",
    "seat_no": lambda r: f"{r.choice('ABCD')}{r.randint(1, 30)}",
    "meeting_id": lambda r: f"{r.randint(8, 9)}{digs(r, 2)} {digs(r, 4)} {digs(r, 4)}",
    "otp": lambda r: digs(r, 6),
    "gift_pin": _gift,
    "fake_area_phone": _fake_area,
    "distance": lambda r: r.choice([f"{r.uniform(0.5, 40):.1f}km", f"{r.randint(50, 900)}m"]),
    "altitude": lambda r: f"해발 {r.randint(400, 1950):,}m",
    "lens_power": lambda r: f"S{r.choice(['-', '+'])}{r.randint(0, 8)}.{r.choice(['00', '25', '50', '75'])} C-{r.randint(0, 2)}.{r.choice(['25', '50', '75'])} AX{r.randint(1, 180)}",
    "body_size": lambda r: r.choice([f"허리 {r.randint(28, 40)}인치", f"{r.randint(85, 110)}호", f"기장 {r.randint(95, 110)}cm", f"어깨 {r.randint(40, 52)}.{r.randint(0, 9)}cm"]),
    "weight": lambda r: f"{r.randint(1, 120)}{r.choice(['kg', '킬로', '톤'])}",
    "freq": lambda r: f"{r.randint(1, 5)}회",
    "age": lambda r: f"{r.randint(6, 98)}세",
    "route_no": lambda r: f"{r.randint(1, 12)}호차",
    "temperature": lambda r: f"{r.choice(['영하 ', '', ''])}{r.randint(1, 30)}도",
    "duration": lambda r: r.choice([f"{r.randint(1, 12)}시간", f"{r.randint(10, 90)}분", f"{r.randint(1, 3)}박 {r.randint(2, 4)}일", f"{r.randint(1, 12)}개월"]),
    "count_people": lambda r: f"{r.randint(1, 40)}명",
}

# Most PII-like first: used to name a negative record's form.
PRIORITY = ["masked_rrn", "masked_card", "masked_account", "masked_mobile", "masked_landline", "masked_email",
            "masked_ip", "corp_reg_no", "gift_pin", "fake_area_phone", "phone_0500", "tollfree", "rep_number",
            "nonglobal_ip", "biz_reg_no", "git_remote", "mention", "npm_package", "image_file", "reg_mail_no",
            "meeting_id", "tracking_no", "invoice_no", "order_no", "policy_no", "claim_no", "receipt_no",
            "approval_no", "member_no", "ean", "isbn", "serial_no", "employee_id", "student_id", "otp",
            "short_number", "uuid", "hash", "doi", "issn", "coordinates", "reservation_no", "case_no",
            "postal_code", "model_code", "version", "port", "date", "time", "price"]

assert luhn_complete("411111111111111")


FRAMES_A = {
    "bakery_preorder": {
        "v": [
            "<date> 픽업으로 레터링 케이크 예약합니다. 사이즈는 <quantity>호, 연락처 {mobile}",
            "떡 케이크 주문 건 선입금 부탁드려요.\n입금 계좌: {account} 예금주 한빛제과\n금액 <price>",
            "돌잔치 답례떡 <quantity> 주문했던 사람인데요, 수령 시간 <time>으로 바꿀 수 있을까요? 번호는 {phone} 입니다.",
            "도안 시안은 {email} 으로 보내주시면 확인 후 <date>까지 회신드릴게요~",
            "[예약 확인] 주문번호 <order_no>\n상품: 생크림 딸기 케이크 <price>\n받는 분 연락처: {mobile}\n매장 문의 {landline}",
            "현장 결제 어려워서 카드로 미리 결제 부탁드립니다. 카드번호 {card} 유효기간은 전화로 말씀드릴게요.",
            "답례떡 단체 주문이라 사업자 증빙 필요해요. 담당자 메일 {email}, 사무실 {landline}",
            "환불은 {account} 로 부탁드려요. 케이크 예약 취소했습니다 (<date>).",
            "온라인 예약 페이지가 계속 오류나요. 접속 IP {ip} 에서 <time>쯤 시도했어요.",
            "수제 양갱 선물세트 <quantity> 예약합니다~ 보내실 분 {mobile}, 받는 분 {mobile}",
            "주문자 정보\n이름: 박서연\n연락처: {phone}\n이메일: {email}\n픽업: <date> <time>",
            "현금영수증 발행해 주세요. 휴대폰 {mobile} 로 부탁드려요. 결제 금액 <price>",
            "외국인 고객이라 현금영수증을 외국인등록번호로 신청했어요: {rrn}",
            "떡집 사장님 계좌로 보냈어요! {account} 확인 부탁드려요 :)",
        ],
        "n": [
            "<date> 케이크 예약 마감되었습니다. 다음 예약은 <date> 오픈 예정이며 대표번호 <rep_number>로 문의 바랍니다.",
            "생크림 케이크 <quantity>호 <price>, 초코 케이크 <price>. 레터링 추가 시 <price> 추가됩니다.",
            "주문번호 <order_no> 결제 승인번호 <approval_no> 확인되었습니다. 픽업 시간은 <time>입니다.",
            "백설기 <quantity> 주문하신 분 상품권 핀번호 <gift_pin> 사용 처리되었습니다.",
            "매장 사진은 <image_file> 파일로 올렸어요. 리뷰 평점 <score>, 누적 주문 <statistic>!",
            "예약 문의 고객센터 <rep_number> (평일 <time>), 무료상담 <tollfree>",
        ],
    },
    "driving_school": {
        "v": [
            "도로연수 <duration> 과정 신청합니다. 연락 가능한 번호 {mobile} 이고 평일 <time> 이후 가능해요.",
            "학원 등록 시 본인 확인용 주민번호 {rrn} 기재했습니다. 수강료 <price> 입금 완료.",
            "수강료 입금 계좌 안내\n{account} (예금주 미래자동차운전학원)\n입금 후 {landline}로 연락 주세요.",
            "강사님 배정 문자 {mobile} 로 받았습니다. 첫 수업 <date> <time> 맞나요?",
            "필기시험 결과는 {email} 로 메일 보내드립니다. 응시번호 <student_id>",
            "학원 상담실 {landline} / 셔틀 기사님 {mobile}",
            "카드 할부로 등록할게요. {card} 로 <duration> 할부 부탁드립니다.",
            "외국인 수강생 등록: 외국인등록번호 {rrn}, 연락처 {phone}",
            "기능시험 불합격으로 보강 <quantity> 추가 신청합니다. 추가금 <price> {account}로 보냈어요.",
            "온라인 수강 신청 중복결제가 되었어요. 로그인 IP가 {ip} 로 찍혀 있네요. 환불 부탁드립니다.",
            "장롱면허 도로연수 문의드려요~ 카톡 대신 문자 {mobile} 주시면 됩니다.",
            "제 메일 {email} 로 수강 확인서 보내주실 수 있나요? 회사 제출용이에요.",
            "학원 앞 정류장에서 <time> 셔틀 탑승합니다. 보호자 연락처 {phone}",
        ],
        "n": [
            "<date> 기능시험 일정 안내: 오전반 <time>, 오후반 <time>. 합격률 <statistic>.",
            "도로연수 <duration> 패키지 <price>, 추가 <duration>당 <price>입니다.",
            "수강 문의는 대표번호 <rep_number> 로 주세요. 긴급 시 <short_number>.",
            "학원 사업자등록번호 <biz_reg_no>, 법인등록번호 <corp_reg_no>",
            "모의시험 점수 <score>, 응시번호 <student_id>. 다음 시험은 <date>입니다.",
        ],
    },
    "piano_academy": {
        "v": [
            "<date>부터 주 <freq> 레슨 등록합니다. 어머니 연락처 {mobile}",
            "원비 입금 계좌: {account}\n매월 <date>까지 입금 부탁드립니다. 금액 <price>",
            "레슨 영상은 {email} 로 보내드릴게요. 파일명 <image_file>",
            "학원 번호 {landline}, 원장님 개인번호 {mobile} (수업 중엔 문자 주세요)",
            "콩쿠르 참가 신청서에 아이 주민번호 {rrn} 적어서 냈어요.",
            "원비 카드 자동결제 등록합니다. 카드 {card}, 결제일 매월 <date>",
            "중고 업라이트 피아노 조율 예약합니다. 조율사 선생님 {phone}",
            "온라인 레슨 접속이 끊기는데 학원 공유기 외부 IP {ip} 맞는지 확인 부탁드려요.",
            "음악학원 원비 환불 신청\n환불 계좌 {account}\n사유: 이사",
            "성인 취미반 문의는 {email} 또는 {landline}",
            "체험 레슨 신청했어요. <date> <time> 가능하고 번호는 {mobile}이에요.",
            "연주회 좌석 <seat_no> 예약 확인 메일 {email} 로 받았습니다.",
            "원비 보냈습니다~ {account} 로 <price> 이체했어요.",
        ],
        "n": [
            "<date> 정기 연주회는 <time> 시작, 좌석 <seat_no>부터 지정석입니다.",
            "주 <freq> 레슨 월 <price>, 주 <freq> 레슨 월 <price>. 교재비 별도.",
            "연습실 예약 시스템 <version> 업데이트 완료. 관리자 <mention> 공지 참고.",
            "콩쿠르 심사 결과 평균 <score>, 참가자 <count_people>. 결과 문의 <rep_number>",
            "화상 레슨 회의 ID <meeting_id>, 인증번호 <otp>",
            "원비 결제 승인번호 <approval_no>, 영수증 번호 <receipt_no>",
        ],
    },
}


FRAMES_B = {
    "glasses_shop": {
        "v": [
            "맞춤 안경 완성되면 {mobile} 로 문자 주세요. 도수는 <lens_power> 입니다.",
            "보증서 발급 정보\n고객 연락처: {phone}\n구입일: <date>\n제품: <model_code>",
            "누진다초점 렌즈 <price> 결제했어요. 카드 {card}",
            "안경원 대표번호 {landline}, 수리 접수는 {email} 로도 받습니다.",
            "렌즈 교환 차액 <price> 환불 계좌: {account}",
            "검안 기록 요청합니다. 메일 {email} 로 보내주세요. PD는 <quantity> 기준이에요.",
            "보청기 겸 안경 맞추신 어르신 보호자 번호 {mobile}, 안경원 {landline}",
            "선글라스 도수 넣는 건 <duration> 걸린대요. 다 되면 {phone} 로 연락 준다고 했어요.",
            "보증서 재발급 신청서에 생년월일 대신 주민번호 {rrn} 를 써달라고 하네요;;",
            "온라인 예약 시스템 로그에 {ip} 에서 <quantity> 로그인 실패가 있었습니다.",
            "안경테 AS 택배비 <price> {account} 으로 입금했습니다.",
            "콘택트렌즈 정기배송 카드 변경: {card}",
            "시력검사 예약 <date> <time>, 연락처 {mobile}",
        ],
        "n": [
            "처방: 우안 <lens_power>, 좌안 <lens_power>. 제작 기간 <duration>.",
            "보증서 번호 <serial_no>, 보증 기간 <duration>. 무상 AS는 <date>까지.",
            "안경테 <model_code> 재고 <quantity>, 판매가 <price>.",
            "렌즈 바코드 <ean> 입고 처리. 다음 입고 <date>",
            "고객센터 <rep_number> / 수신자부담 <tollfree>",
        ],
    },
    "laundry": {
        "v": [
            "수거 신청합니다. 주소지 경비실 앞에 <time>까지 내놓을게요. 번호 {mobile}",
            "패딩 분실 보상 건으로 연락드립니다. 보상금은 {account} 로 받고 싶어요.",
            "세탁소 사장님 번호가 바뀌었네요. 새 번호 {phone} 입니다.",
            "카펫 세탁 <quantity> 맡겼는데 찾는 날 <date> 맞죠? 연락은 {mobile}",
            "세탁 영수증 사진은 {email} 로 보냈습니다. 분실 물품: 코트 <quantity>",
            "정기 수거 서비스 카드 결제 등록: {card}\n월 <price>",
            "얼룩 제거 실패로 보상받기로 했어요. 보상 계좌 {account}, 금액 <price>",
            "무인 세탁함 관리자 연락처 {landline}, 고장 시 {mobile}",
            "앱 주문이 안 돼요. 오류 화면에 접속 IP {ip} 표시됩니다.",
            "세탁물 분실 신고서\n연락처 {phone}\n메일 {email}\n접수번호 <claim_no>",
            "이불 세탁 <quantity> 수거 요청, 공동현관 비번은 문자로 드릴게요 {mobile}",
            "외국인 고객 보상 신청서에 외국인등록번호 {rrn} 기재",
            "운동화 세탁비 <price> {account} 이체 완료!",
        ],
        "n": [
            "드라이클리닝 정장 <price>, 패딩 <price>, 운동화 <price>. 수거는 <time>까지.",
            "분실 보상 접수번호 <claim_no>, 처리 예정일 <date>.",
            "세탁물 보관 기간 <duration> 경과 시 처분됩니다. 문의 <rep_number>",
            "무인함 <quantity> 중 <quantity> 고장, 관리 서버 <nonglobal_ip> 점검 중",
            "세탁 태그 번호 <serial_no>, 수거 <date> <time>",
        ],
    },
    "car_wash": {
        "v": [
            "손세차 + 광택 예약합니다. <date> <time>, 차주 연락처 {mobile}",
            "출장 세차 신청, 주차 위치는 지하 <quantity> 이에요. 도착하면 {phone}로 전화 주세요.",
            "광택 시공비 <price> 선입금 계좌 {account}",
            "세차장 예약 확인 메일이 {email} 로 왔어요. 예약번호 <reservation_no>",
            "정기 세차 멤버십 카드결제: {card}",
            "세차 후 흠집 보상 요청합니다. 보상 계좌 {account}, 담당 {mobile}",
            "셀프세차장 관리실 {landline} / 사장님 {mobile}",
            "예약 앱 접속 IP {ip} 에서 결제 오류 <quantity> 발생",
            "유리막 코팅 보증서 발급용 메일 {email}, 연락처 {phone}",
            "실내 크리닝 <duration> 소요, 완료 문자 {mobile} 로 보내드릴게요.",
            "법인차량 <quantity> 세차 계약 건 담당자 {email} / {landline}",
            "세차 쿠폰 환불은 {account} 로 부탁드려요.",
            "외국인 직원 차량 등록 시 외국인등록번호 {rrn} 필요하다고 해서 보냈습니다.",
        ],
        "n": [
            "기본 세차 <price>, 광택 <price>, 유리막 코팅 <price>. 소요 <duration>.",
            "<date> 우천으로 예약 <quantity> 취소되었습니다. 문의 <rep_number>",
            "세차장 위치 좌표 <coordinates>, 영업 <time>",
            "멤버십 번호 <member_no>, 잔여 <quantity>, 만료 <date>",
            "코팅제 <model_code> 재고 <quantity>, 바코드 <ean>",
        ],
    },
}


FRAMES_C = {
    "tailor": {
        "v": [
            "바지 기장 수선 맡겼어요. <body_size>로 줄여주시고 다 되면 {mobile}로 연락 주세요.",
            "맞춤 정장 가봉 일정 <date> <time>, 고객 연락처 {phone}",
            "정장 계약금 <price> 입금했습니다. {account}",
            "원단 샘플 사진 {email} 로 보내주실 수 있을까요?",
            "수선실 번호 {landline}. 점심시간(<time>)엔 안 받으세요.",
            "예복 맞춤 잔금 카드 결제: {card}",
            "웨딩 예복 <quantity> 단체 주문, 담당자 {mobile} / {email}",
            "수선 실수로 보상받기로 했습니다. 계좌 {account}, 금액 <price>",
            "치수표\n<body_size>\n<body_size>\n연락처 {phone}",
            "외국인 손님 맞춤 정장 현금영수증: 외국인등록번호 {rrn}",
            "온라인 치수 입력 페이지 오류, 접속 IP {ip}",
            "양복점 사장님 새 번호 {mobile}, 가게 전화 {landline}",
            "교복 수선 <quantity> 완료 문자 {mobile} 로 주세요~",
        ],
        "n": [
            "바지 기장 <price>, 허리 수선 <price>, 지퍼 교체 <price>.",
            "맞춤 정장 제작 기간 <duration>, 가봉 <quantity>. 치수 <body_size>.",
            "원단 코드 <model_code>, 재고 <quantity>, 입고 <date>",
            "주문서 번호 <order_no>, 완성 예정 <date> <time>",
            "수선실 휴무 <date>, 문의는 <rep_number>",
        ],
    },
    "mountain_lodge": {
        "v": [
            "대피소 <date> <duration> 예약합니다. 인원 <count_people>, 대표자 연락처 {mobile}",
            "산장 숙박비 <price> 입금 계좌 {account} (예금주 지산산장)",
            "예약 확정 메일 {email} 로 받았어요. 예약번호 <reservation_no>",
            "산장 관리인 {landline} / 비상시 {mobile}",
            "입산 신고서\n대표자 주민번호 {rrn}\n연락처 {phone}\n인원 <count_people>",
            "취사 도구 대여 보증금 환불 {account} 로 부탁드립니다.",
            "예약 사이트에서 카드 {card} 로 결제했는데 두 번 빠져나갔어요.",
            "예약 서버 접속이 막혀요. 제 IP는 {ip} 입니다.",
            "<altitude> 대피소라 통신이 약해요. 문자 {mobile} 로 주세요.",
            "단체 산행 <count_people> 예약 문의, 산악회 총무 {email}, {phone}",
            "산장 예약 대기 신청합니다. 연락처 {mobile}, 일정 <date>",
            "외국인 동반자 외국인등록번호 {rrn}, 연락처 {phone}",
            "숙박비 보냈어요! {account} 로 <price> 입금, 입금자명 김하늘",
        ],
        "n": [
            "<altitude> 대피소 정원 <count_people>, 숙박 <price>. 예약은 <date>부터.",
            "기상 악화로 <date> 입산 통제. 현재 기온 <temperature>.",
            "대피소 좌표 <coordinates>, 주차장에서 <distance>",
            "산악 사고 시 <short_number>, 국립공원 안내 <rep_number>",
            "예약번호 <reservation_no>, 객실 <room_no>, 체크인 <time>",
            "대피소 무선 공유기 관리 주소 <nonglobal_ip>, 포트 <port>",
        ],
    },
    "recycling_center": {
        "v": [
            "폐냉장고 수거 신청합니다. 모델명 <model_code>, 연락처 {mobile}",
            "대형 폐가전 <quantity> 수거 요청, 방문 가능 시간 <time>. 연락 {phone}",
            "수거 예약 확인 메일 {email} 로 부탁드려요.",
            "재활용센터 {landline}, 수거 기사님 {mobile}",
            "폐가전 매입 대금은 {account} 로 입금해 주세요. 금액 <price>",
            "수거 신청서\n신청인 연락처 {phone}\n이메일 {email}\n품목: 세탁기 <model_code>",
            "스티커 수수료 카드 결제 {card}",
            "온라인 신청 오류, 접속 IP {ip}, 시간 <time>",
            "외국인 신청자 외국인등록번호 {rrn} 입력했는데 반려됐어요.",
            "중고 가전 판매 대금 입금 계좌: {account}",
            "<date> 수거 예정인데 기사님이 {mobile} 로 전화 주신대요.",
            "아파트 관리사무소 {landline} 통해서 단체 수거 신청했습니다.",
            "폐가전 무상수거 신청 <quantity>, 엘리베이터 있음, 연락처 {mobile}",
        ],
        "n": [
            "폐가전 무상수거는 <quantity> 이상일 때 가능합니다. 문의 <rep_number>",
            "접수번호 <receipt_no>, 수거 예정 <date> <time>",
            "수거 품목: 냉장고 <model_code>, 세탁기 <model_code>, 무게 <weight>",
            "올해 수거 실적 <statistic>, 재활용률 <statistic>",
            "대형폐기물 배출 스티커 <price>, 배출 번호 <serial_no>",
        ],
    },
}


FRAMES_D = {
    "school_bus": {
        "v": [
            "<route_no> 탑승 명단\n김도윤 보호자 {mobile}\n이서아 보호자 {mobile}",
            "통학버스 기사님 연락처 {mobile}, 출발 <time>",
            "하원 차량 변경 요청합니다. 보호자 번호 {phone}",
            "통학버스비 <price> 입금 계좌 {account}",
            "차량 운행 일지는 {email} 로 매주 보내드립니다.",
            "학원 차량 배차실 {landline}, 비상연락 {mobile}",
            "탑승 등록 서류에 아이 주민번호 {rrn} 기재했습니다.",
            "통학버스 월 이용료 카드 자동이체 {card}",
            "GPS 위치 조회 앱 접속이 안 돼요. IP {ip} 에서 차단된 것 같아요.",
            "정류장 <time> 도착 예정, 늦으면 {mobile} 로 연락 주세요.",
            "외국인 학생 탑승 신청, 외국인등록번호 {rrn}, 보호자 {phone}",
            "버스비 환불 {account} 로 부탁드립니다. 이사 가요.",
            "<route_no> 동승 선생님 {mobile}, 학원 사무실 {landline}",
        ],
        "n": [
            "<route_no> 운행 시간 <time>, 정류장 <quantity>, 소요 <duration>.",
            "<date> 현장학습으로 통학버스 미운행합니다. 문의 <rep_number>",
            "차량 위치 좌표 <coordinates>, 현재 속도 <distance>/h",
            "탑승 인원 <count_people>, 좌석 <seat_no> 비어 있음",
            "운행 관리 앱 <version> 배포, 서버 <nonglobal_ip>:<port>",
        ],
    },
    "local_newspaper_ads": {
        "v": [
            "[팝니다] 중고 업라이트 피아노, 상태 좋음. <price>. 연락 {mobile}",
            "이사 정리합니다. 냉장고·소파·책장 일괄 <price>. {phone}",
            "[삽니다] 옛날 LP판 삽니다. 문의 {mobile} 또는 {email}",
            "잃어버린 강아지를 찾습니다. <age> 말티즈, <date> 실종. 사례금 <price>. 연락처 {phone}",
            "[나눔] 아기 옷 <quantity> 나눔합니다. 문자 {mobile}",
            "광고비 <price>은 {account} 로 입금 후 {landline}로 확인 전화 주세요.",
            "[팝니다] 전기자전거 <model_code>, 구입 <date>. {mobile}",
            "신문 광고 접수 메일 {email}, 광고국 {landline}",
            "[팝니다] 캠핑 장비 일체 <price>, 직거래. 입금은 {account}",
            "광고 게재 카드 결제 {card}, 게재일 <date>",
            "[감사 광고] 지갑 찾아주신 분께 감사드립니다. 연락 주세요 {phone}",
            "온라인 광고 접수 페이지 오류 접속 IP {ip}",
            "[팝니다] 재봉틀 <quantity>, <price>. 저녁 <time> 이후 {mobile}",
        ],
        "n": [
            "생활 광고 접수 마감 <date> <time>. 광고료 <price>.",
            "[팝니다] 책상·의자 <price>, 직거래만. 신문사 대표번호 <rep_number>",
            "이번 호 발행 부수 <statistic>, 정기간행물 <issn>",
            "광고 접수번호 <receipt_no>, 게재 <date>",
            "[나눔] 화분 <quantity> 나눔, 지면 광고 <quantity>회 게재",
        ],
    },
    "elder_care": {
        "v": [
            "면회 예약합니다. <date> <time>, 보호자 연락처 {mobile}",
            "요양원 입소 서류에 어머님 주민번호 {rrn} 적어 제출했습니다.",
            "보호자 정보\n아들 {mobile}\n딸 {phone}\n이메일 {email}",
            "요양원 사무실 {landline}, 야간 당직 {mobile}",
            "입소 보증금 <price> 입금 계좌 {account}",
            "본인부담금 카드 자동납부 등록 {card}",
            "면회 영상통화 링크 접속 IP {ip} 에서만 안 됩니다.",
            "어르신 <room_no> 식사량 기록은 {email} 로 주간 보고 드립니다.",
            "간병비 환불 계좌 {account}",
            "외국인 간병인 외국인등록번호 {rrn}, 연락처 {mobile}",
            "보호자 번호 변경 요청합니다. 기존 번호 말고 {phone} 로 연락 주세요.",
            "면회 시간 <time>, 방문 인원 <count_people>, 보호자 {mobile}",
            "요양원 후원금 계좌 {account}, 후원 문의 {email}",
        ],
        "n": [
            "면회 시간 <time>, 면회 인원 <count_people> 이내. <date>부터 적용.",
            "<room_no> 어르신 <age>, 혈압 측정 <statistic>",
            "장기요양 급여 청구 번호 <claim_no>, 처리 예정 <date>",
            "응급 시 <short_number>, 요양원 대표번호 <rep_number>",
            "이번 달 본인부담금 <price>, 영수증 <receipt_no>",
        ],
    },
}


FRAMES_E = {
    "condo_membership": {
        "v": [
            "리조트 회원권 양도합니다. 회원번호 <member_no>, 양도가 <price>. 연락 {mobile}",
            "명의 변경 서류에 양수인 주민번호 {rrn} 기재해서 보냈습니다.",
            "양도 대금 <price> 입금 계좌 {account}",
            "명의변경 수수료 카드 결제 {card}",
            "회원권 거래소 담당 {landline}, 실무 담당자 {email}",
            "양도인 연락처 {phone}, 양수인 연락처 {mobile}",
            "명의 변경 완료 안내 메일은 {email} 로 부탁드립니다.",
            "연회비 환불 계좌 {account}, 환불 금액 <price>",
            "회원 전용 예약 사이트 로그인 차단, 접속 IP {ip}",
            "외국인 양수인 외국인등록번호 {rrn}, 연락처 {phone}",
            "콘도 객실 <room_no> 예약 확인 문자 {mobile} 로 받았어요.",
            "회원권 중개 수수료 <statistic>, 문의 {landline}",
            "양도 계약서 스캔본 {email} 로 보냈습니다. 잔금 {account}",
        ],
        "n": [
            "회원권 시세 <price>, 연회비 <price>, 명의변경 수수료 <price>.",
            "회원번호 <member_no>, 유효기간 <date>, 객실 <room_no>",
            "법인 회원권 양도: 법인등록번호 <corp_reg_no>, 사업자등록번호 <biz_reg_no>",
            "회원 예약센터 <rep_number>, 해외 <tollfree>",
            "성수기 예약 경쟁률 <statistic>, 배정 <date>",
        ],
    },
    "fishing_boat": {
        "v": [
            "<date> 새벽 출조 예약합니다. 인원 <count_people>, 연락처 {mobile}",
            "승선 명부\n대표자 주민번호 {rrn}\n비상연락처 {phone}",
            "선비 <price> 입금 계좌 {account} (선장님 명의)",
            "선장님 번호 {mobile}, 낚시점 {landline}",
            "출조 취소 환불 {account} 부탁드려요. 기상 악화로 취소됐어요.",
            "예약 확정 메일은 {email} 로 받을게요.",
            "외국인 승선자 외국인등록번호 {rrn}, 연락처 {mobile}",
            "선비 카드결제 {card}, 인원 <count_people>",
            "낚시배 예약 앱 접속 IP {ip} 에서 오류",
            "갈치 야간 출조 <time> 출항, 연락은 {phone}",
            "포인트 좌표 <coordinates> 근처에서 조황 좋대요. 예약 {mobile}",
            "단체 출조 총무 {email}, 선박 사무실 {landline}",
            "승선 명부 제출합니다. 동승자 번호 {mobile}, {mobile}",
        ],
        "n": [
            "<date> 출항 <time>, 입항 <time>. 선비 <price>, 정원 <count_people>.",
            "풍속 <statistic>, 파고 <distance>로 출조 취소. 문의 <rep_number>",
            "포인트 좌표 <coordinates>, 수온 <temperature>",
            "조황: 쭈꾸미 <quantity>, 갑오징어 <quantity>. 평균 <weight>",
            "해양 사고 신고 <short_number>, 선박 등록번호 <serial_no>",
        ],
    },
}


SEED = 20261201
N_RECORDS = 1000
NEG_SHARE = 0.4
KINDS = ["rrn", "mobile", "landline", "email", "ip", "card", "account"]
VALUE_GENS = {"rrn": gen_rrn, "mobile": gen_mobile, "landline": gen_landline, "email": gen_email,
              "ip": gen_ip, "card": gen_card, "account": gen_account}
GENRES = {}
for part in (FRAMES_A, FRAMES_B, FRAMES_C, FRAMES_D, FRAMES_E):
    GENRES.update(part)
TAILS = [
    "※ 서류는 등기 <reg_mail_no>로 발송했습니다.", "택배 송장 <invoice_no> 확인해 주세요.",
    "운송장 번호 <tracking_no>", "교재 ISBN <isbn>", "모바일 상품권 핀 <gift_pin> 사용 가능",
    "예전 번호 <fake_area_phone>는 없는 번호라고 나와요.", "임시 연결번호 <phone_0500>로는 연결이 안 돼요.",
    "사건번호 <case_no> 관련 서류 동봉", "보험 증권번호 <policy_no>", "담당 사번 <employee_id>",
    "홈페이지 소스 <git_remote>", "폼 라이브러리 <npm_package> <version> 사용", "첨부 파일 해시 <hash>",
    "요청 ID <uuid>", "참고 논문 DOI <doi>", "우편번호 <postal_code>", "인증번호 <otp> (타인에게 알려주지 마세요)",
    "(문의 <rep_number>)", "무료 상담 <tollfree>", "배너 이미지 <image_file>", "앱 버전 <version>",
    "접수 <date> <time>", "청구번호 <claim_no>", "사업자등록번호 <biz_reg_no>", "영수증 <receipt_no>",
]
POS_TAILS = {
    "mobile": ["(연락처 {mobile})", "급하면 {mobile}로 문자 주세요.", "담당: {mobile}"],
    "landline": ["문의 {landline}", "(사무실 {landline})", "평일엔 {landline}로 전화 주세요."],
    "email": ["메일: {email}", "자료는 {email} 로 부탁드려요.", "(회신 {email})"],
    "ip": ["접속 기록 IP {ip}", "오류 당시 IP {ip}"],
    "card": ["결제 카드 {card}", "카드번호 {card}로 결제 부탁드립니다."],
    "account": ["입금 계좌 {account}", "환불은 {account}로 부탁드려요."],
    "rrn": ["(본인확인 주민번호 {rrn})", "신청인 주민등록번호 {rrn}"],
}
ACCOUNT_WORDS = ["계좌", "입금", "송금", "예금주", "무통장", "환불", "이체", "원비", "보냈", "은행"]
TOKEN = re.compile(r"\{(\w+)\}|<(\w+)>")


def decoy_seg(rng, kind):
    for _ in range(100):
        s = DECOYS[kind](rng)
        if not looks_like_value(s):
            return (s, "d", kind)
    raise AssertionError(kind)


def slots_of(tmpl):
    return [m.group(1) for m in TOKEN.finditer(tmpl) if m.group(1)]


def render(rng, tmpl, kinds, masks):
    """kinds/masks: per value slot. Returns text, spans, decoys, forms, rare flags."""
    text, spans, decs, forms, rares = "", [], [], [], []
    pos, vi = 0, 0
    for m in TOKEN.finditer(tmpl):
        text += tmpl[pos:m.start()]
        pos = m.end()
        if m.group(1):
            kind = kinds[vi]
            if masks[vi]:
                segs = masked(rng, kind)
            else:
                segs, detail, how, rare = VALUE_GENS[kind](rng)
                forms.append(kind + "/" + detail + "/" + how)
                rares.append(rare)
            vi += 1
        else:
            segs = [decoy_seg(rng, m.group(2))]
        for s, role, k in segs:
            if role == "d" and looks_like_value(s):
                raise AssertionError(s)
            if role:
                (spans if role == "v" else decs).append({"kind": k, "start": len(text), "end": len(text) + len(s), "value": s})
            text += s
    text += tmpl[pos:]
    return text, spans, decs, forms, rares


def check(rec, seen):
    t = rec["text"]
    assert t not in seen
    anns = sorted(rec["spans"] + rec["decoys"], key=lambda a: a["start"])
    for a in anns:
        assert t[a["start"]:a["end"]] == a["value"] and a["value"].strip() == a["value"] and a["value"]
    for a, b in zip(anns, anns[1:], strict=False):
        assert a["end"] <= b["start"], (a, b)
    assert (rec["label"] == "pos") == bool(rec["spans"])
    for s in rec["spans"]:
        assert VALIDATORS[s["kind"]](s["value"]), s
        if s["kind"] == "account":
            near = t[max(0, s["start"] - 25):s["end"] + 25]
            names = [n for b in BANKS.values() for n in b[2]]
            assert any(w in near for w in ACCOUNT_WORDS + names), t
    for d in rec["decoys"]:
        assert not looks_like_value(d["value"]), d
    covered = [False] * len(t)
    for a in anns:
        for i in range(a["start"], a["end"]):
            covered[i] = True
    for i, c in enumerate(t):
        if c.isdigit() and not covered[i]:
            j, k = i, i
            while j > 0 and not t[j - 1].isspace():
                j -= 1
            while k < len(t) and not t[k].isspace():
                k += 1
            assert any(ch.isalpha() for ch in t[j:k]), (t, i)
    if rec["label"] == "pos":
        assert len(rec["form"].split("+")) == len(rec["spans"])
    else:
        assert rec["form"].startswith("neg/")


def neg_form(decs):
    order = {k: i for i, k in enumerate(PRIORITY)}
    best = min(decs, key=lambda d: (order.get(d["kind"], len(order)), d["start"]))
    return "neg/" + best["kind"]


def build():
    rng = random.Random(SEED)
    counts = {k: 0 for k in KINDS}
    target = 800 / len(KINDS)
    records, seen, rare_n = [], set(), 0
    names = list(GENRES)
    base, extra = divmod(N_RECORDS, len(names))
    for gi, genre in enumerate(names):
        n = base + (1 if gi < extra else 0)
        n_neg = round(n * NEG_SHARE)
        labels = ["neg"] * n_neg + ["pos"] * (n - n_neg)
        rng.shuffle(labels)
        fr = GENRES[genre]
        for idx, label in enumerate(labels, 1):
            for _attempt in range(50):
                if label == "neg":
                    if rng.random() < 0.3:
                        tmpl = rng.choice(fr["v"])
                    else:
                        tmpl = rng.choice(fr["n"])
                    slots = slots_of(tmpl)
                    masks = [True] * len(slots)
                    kinds = [rng.choice(["mobile", "landline"]) if s == "phone" else s for s in slots]
                else:
                    cands = [rng.choice(fr["v"]) for _ in range(4)]

                    def score(tm):
                        sl = slots_of(tm)
                        return sum(target - (min(counts["mobile"], counts["landline"]) if s == "phone" else counts[s]) for s in sl) / len(sl)
                    tmpl = max(cands, key=score)
                    slots = slots_of(tmpl)
                    kinds = [("mobile" if counts["mobile"] <= counts["landline"] else "landline") if s == "phone" else s for s in slots]
                    masks = [False] * len(slots)
                    if len(slots) >= 2:
                        masks = [rng.random() < 0.2 for _ in slots]
                        if all(masks):
                            masks[rng.randrange(len(slots))] = False
                if label == "pos" and rng.random() < 0.2:
                    k = max(KINDS, key=lambda x: (target - counts[x], -KINDS.index(x)))
                    tmpl = tmpl + rng.choice([" ", "\n"]) + rng.choice(POS_TAILS[k])
                    slots = slots_of(tmpl)
                    kinds = kinds + [k]
                    masks = masks + [False]
                if rng.random() < 0.5:
                    tmpl = tmpl + rng.choice([" ", "\n"]) + rng.choice(TAILS)
                text, spans, decs, forms, rares = render(rng, tmpl, kinds, masks)
                if text not in seen:
                    break
            rec = {"id": f"oos7-{genre}-{idx:03d}", "text": text, "label": label, "spans": spans,
                   "decoys": decs, "form": "+".join(forms) if spans else neg_form(decs), "genre": genre}
            check(rec, seen)
            seen.add(text)
            for s in spans:
                counts[s["kind"]] += 1
            rare_n += sum(rares)
            records.append(rec)
    return records, counts, rare_n


def main():
    out = Path(sys.argv[1]) if len(sys.argv) > 1 else Path(__file__).with_name("eval_oos7.jsonl")
    records, counts, rare_n = build()
    with out.open("w", encoding="utf-8") as f:
        for r in records:
            f.write(json.dumps(r, ensure_ascii=False) + "\n")
    return records, counts, rare_n


if __name__ == "__main__":
    main()
