# ruff: noqa: E501
"""Out-of-sample evaluation set oos8 for a Korean personal-data (PII) detector.

Independence: written from a brief alone, without reading the detector, its
tests, its docs or any earlier evaluation set; no detector or benchmark was
run on the output.  Standard library only, deterministic (SEED = 20261202,
one random.Random).  Writes eval_oos8.jsonl next to this file, or to the path
given as the first argument.

Record format (JSON lines, UTF-8): {"id": "oos8-<genre>-<nnn>", "text",
"label": "pos"|"neg", "spans", "decoys", "form", "genre"}.  Spans and decoys
are {"kind", "start", "end", "value"} with code-point offsets and
value == text[start:end]; they never overlap.  label is "pos" iff there is a
span.  form lists <kind>/<detail>/<style> per span joined by "+", or
"neg/<most PII-like decoy kind>" for negatives.

Kinds: rrn (resident/foreigner registration numbers, real dates, check digit
for births before 2020-10, random last digit after), mobile (010 mostly,
011/016-019 rare), landline (area codes, 070, 0502-0508 safe numbers), email
(portals, companies, .ac.kr/.go.kr/.or.kr/.co.kr, country TLDs, new gTLDs),
ip (global unicast IPv4/IPv6 only, checked with ipaddress), card (Luhn-valid,
real brand prefixes), account (Korean bank groupings, next to a bank name or
account word).

Decoys (annotated in every record): dates, times, prices, quantities,
versions, model codes, EAN/ISBN, order/invoice/tracking/reservation/receipt/
approval/claim/policy/registered-mail/case numbers, student/employee ids,
business and corporate registration numbers (corporate ones fail RRN rules),
15xx/16xx/18xx numbers, 080, short numbers, 0500/0501, non-global IPs,
ports, image@2x file names, git remotes, npm scoped packages, @mentions,
coordinates, statistics, scores, hashes, UUIDs, serials, postal codes,
rooms, meeting ids, OTPs, Luhn-invalid gift PINs, phones with non-existent
area codes, masked values.  Every decoy is regenerated until it could not
pass as a value.

Labelling: masked values are decoys; obfuscated emails ((at), [at]/[dot],
골뱅이, at/dot words, full-width ＠, spaced @) are email values spanning local
part to TLD; spaced-digit, Hangul-digit and +82/82- phones are values,
parentheses of the number inside the span; 070/area/050[2-8] are landlines,
15xx/16xx/18xx/080/0500/0501/short numbers are decoys; a port after an IP is
a separate decoy; bank names, 계좌, 예금주 and labels are outside spans.  In
positive records with several slots about 15% of slots are masked (decoys).
Negatives use value-free frames (half) or value frames whose slots are
filled with look-alike decoys (half).

Genres (14, 71-72 snippets each, 11 value frames + 4 value-free frames):
tattoo_studio, escape_room, wine_shop, plant_clinic, drone_lessons,
model_agency, vet_insurance, camping_club, choir, chess_club, seed_library,
bike_repair, home_baking_class, solar_install.

Values are random: digits from the seeded generator, local parts from
romanised Korean names, domains from fixed lists, IPs drawn at random and
filtered with ipaddress.  Writing styles: each value is written in a common
style (hyphens, plain digits, dots, spaces, parenthesised area codes,
plain emails, dotted/compressed IPs, with or without labels, sometimes
touching Hangul) with probability 0.8 and in a less common style with
probability 0.2 (realised share about 85% / 15%, since email and IP have
fewer options): spaced hyphen, en dash, +82/82- international, digit by
digit with spaces, Hangul digits (공일공), slashes, obfuscated emails,
defanged IPv4 (1[.]2[.]3[.]4), exploded or upper-case IPv6, mixed card
separators, dotted or spaced account groups."""

import datetime
import hashlib
import ipaddress
import json
import random
import re
import sys
import uuid
from pathlib import Path

SEED = 20261202
R = random.Random(SEED)


HANGUL_DIGITS = "공일이삼사오육칠팔구"
W_RRN = [2, 3, 4, 5, 6, 7, 8, 9, 2, 3, 4, 5]


def dg(n, first_nonzero=False):
    s = "".join(str(R.randrange(10)) for _ in range(n))
    if first_nonzero and s[0] == "0":
        s = str(R.randrange(1, 10)) + s[1:]
    return s


def pick(common, uncommon):
    if R.random() < 0.2:
        return R.choice(uncommon)
    return R.choice(common)


def rrn_check(d12, foreign):
    s = sum(int(a) * b for a, b in zip(d12, W_RRN, strict=True))
    return (13 - s % 11) % 10 if foreign else (11 - s % 11) % 10


def rrn_valid(d):
    if len(d) != 13 or not d.isdigit():
        return False
    g = int(d[6])
    if g in (1, 2, 5, 6):
        cent = 1900
    elif g in (3, 4, 7, 8):
        cent = 2000
    else:
        return False
    try:
        dt = datetime.date(cent + int(d[:2]), int(d[2:4]), int(d[4:6]))
    except ValueError:
        return False
    if dt > datetime.date(2025, 12, 31):
        return False
    if dt >= datetime.date(2020, 10, 1):
        return True
    return int(d[12]) == rrn_check(d[:12], g >= 5)


def rand_date(a, b):
    return datetime.date.fromordinal(R.randrange(a.toordinal(), b.toordinal() + 1))


def gen_rrn_digits():
    post = R.random() < 0.12
    if post:
        dt = rand_date(datetime.date(2020, 10, 1), datetime.date(2024, 12, 31))
    else:
        dt = rand_date(datetime.date(1940, 1, 1), datetime.date(2020, 9, 30))
    foreign = R.random() < 0.2
    sex = R.randrange(2)
    if dt.year < 2000:
        g = (5 if foreign else 1) + sex
    else:
        g = (7 if foreign else 3) + sex
    d12 = dt.strftime("%y%m%d") + str(g) + dg(5)
    last = R.randrange(10) if post else rrn_check(d12, foreign)
    d = d12 + str(last)
    assert rrn_valid(d)
    detail = ("for" if foreign else "kor") + ("post2020" if post else str(dt.year // 100) + "xx")
    return d, detail


def v_rrn():
    d, detail = gen_rrn_digits()
    st = pick(["hyphen", "hyphen", "hyphen", "plain"], ["spaced_hyphen", "space", "endash"])
    core = {"hyphen": d[:6] + "-" + d[6:], "plain": d, "spaced_hyphen": d[:6] + " - " + d[6:],
            "space": d[:6] + " " + d[6:], "endash": d[:6] + "–" + d[6:]}[st]
    return "", core, "", "rrn/" + detail + "/" + st


def hangul(s):
    return "".join(HANGUL_DIGITS[int(c)] if c.isdigit() else c for c in s)


def spaced(s):
    return " ".join(c for c in s)


def phone_fmt(groups, st, intl_drop=True):
    g = groups
    if st == "hyphen":
        return "-".join(g)
    if st == "plain":
        return "".join(g)
    if st == "dots":
        return ".".join(g)
    if st == "space":
        return " ".join(g)
    if st == "paren":
        return "(" + g[0] + ") " + "-".join(g[1:])
    if st == "paren_close":
        return g[0] + ")" + "-".join(g[1:])
    if st == "intl_plus":
        return "+82 " + g[0][1:] + "-" + "-".join(g[1:])
    if st == "intl_dash":
        return "82-" + g[0][1:] + "-" + "-".join(g[1:])
    if st == "intl_plus_dash":
        return "+82-" + g[0][1:] + "-" + "-".join(g[1:])
    if st == "digit_spaced":
        return " - ".join(spaced(x) for x in g)
    if st == "hangul":
        return "-".join(hangul(x) for x in g)
    if st == "hangul_plain":
        return hangul("".join(g))
    if st == "slash":
        return "/".join(g)
    raise ValueError(st)


def v_mobile():
    if R.random() < 0.85:
        p, m = "010", dg(4, True)
    else:
        p = R.choice(["011", "016", "017", "018", "019"])
        m = dg(R.choice([3, 4]), True)
    st = pick(["hyphen"] * 5 + ["plain", "plain", "dots", "space"],
              ["intl_plus", "intl_dash", "digit_spaced", "hangul", "hangul_plain", "paren", "slash"])
    return "", phone_fmt([p, m, dg(4)], st), "", "mobile/" + p + "/" + st


AREAS = ["02", "031", "032", "033", "041", "042", "043", "044", "051", "052", "053", "054", "055", "061", "062", "063", "064"]


def v_landline():
    r = R.random()
    if r < 0.65:
        a = R.choice(AREAS)
        groups = [a, dg(R.choice([3, 4]), True), dg(4)]
        detail = "seoul" if a == "02" else "area"
    elif r < 0.82:
        groups = ["070", dg(4, True), dg(4)]
        detail = "070"
    else:
        groups = ["050" + str(R.randrange(2, 9)), dg(4, True), dg(4)]
        detail = "safe050x"
    common = ["hyphen"] * 5 + ["plain", "dots", "space"]
    if detail in ("seoul", "area"):
        common += ["paren", "paren", "paren_close"]
    st = pick(common, ["intl_plus_dash", "digit_spaced", "hangul", "slash"])
    return "", phone_fmt(groups, st), "", "landline/" + detail + "/" + st


LOCALS = ["minji", "jihoon", "seoyeon", "hyunwoo", "sora", "kim", "park", "lee", "choi", "jung", "yuna", "dohyun", "haneul", "bora", "taeyang", "eunbi", "junho", "chaewon", "wooseok", "nari", "gaon", "yerin", "siwoo", "dabin"]
DOMAINS = {
    "portal": ["naver.com", "daum.net", "hanmail.net", "gmail.com", "kakao.com", "nate.com"],
    "company": ["coupang.com", "woowahan.com", "kakaocorp.com", "lotte.net", "cj.net", "hanwha.com"],
    "ackr": ["snu.ac.kr", "korea.ac.kr", "yonsei.ac.kr", "kaist.ac.kr", "pusan.ac.kr", "cs.kaist.ac.kr", "mail.hanyang.ac.kr"],
    "gokr": ["seoul.go.kr", "mois.go.kr", "gg.go.kr", "jeju.go.kr"],
    "orkr": ["kfem.or.kr", "seedlib.or.kr", "choir.or.kr", "kbaduk.or.kr"],
    "cokr": ["plantlab.co.kr", "dronefly.co.kr", "winecellar.co.kr", "sunpower.co.kr", "bikefix.co.kr"],
    "country": ["posteo.de", "yahoo.co.jp", "orange.fr", "mail.ru", "gmx.at", "web.de"],
    "gtld": ["hello.studio", "dal.wine", "inkroom.art", "bread.kitchen", "flyhigh.academy", "garden.green"],
}
DOMAIN_KEYS = sorted(DOMAINS)


def local_part():
    a, b = R.choice(LOCALS), R.choice(LOCALS)
    r = R.random()
    if r < 0.3:
        s = a + dg(R.choice([2, 4]))
    elif r < 0.5:
        s = a + "." + b
    elif r < 0.65:
        s = a + "_" + b + dg(2)
    elif r < 0.75:
        s = a + "+" + R.choice(["shop", "class", "news", "club"])
    elif r < 0.85:
        s = a.capitalize() + b.capitalize()
    else:
        s = a[:3] + b + dg(3)
    return s


def v_email():
    dk = R.choice(DOMAIN_KEYS)
    dom = R.choice(DOMAINS[dk])
    loc = local_part()
    st = pick(["plain"], ["at_paren", "at_bracket_dot", "golbaengi", "at_dot_words", "fullwidth_at", "spaced_at"])
    if st == "plain":
        core = loc + "@" + dom
    elif st == "at_paren":
        core = loc + " (at) " + dom
    elif st == "at_bracket_dot":
        core = loc + "[at]" + dom.replace(".", "[dot]")
    elif st == "golbaengi":
        core = loc + " 골뱅이 " + dom
    elif st == "at_dot_words":
        core = loc + " at " + dom.replace(".", " dot ")
    elif st == "fullwidth_at":
        core = loc + "＠" + dom
    else:
        core = loc + " @ " + dom
    return "", core, "", "email/" + dk + "/" + st


EMAIL_RE = re.compile(r"[A-Za-z0-9._%+-]+@[A-Za-z0-9-]+(\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,}")


def email_valid(s):
    t = s.replace("＠", "@").replace(" (at) ", "@").replace("[at]", "@").replace("[dot]", ".")
    t = t.replace(" 골뱅이 ", "@").replace(" at ", "@").replace(" dot ", ".").replace(" @ ", "@")
    return bool(EMAIL_RE.fullmatch(t)) and not t.lower().endswith((".png", ".jpg", ".webp", ".git"))


def ip_global(a):
    return a.is_global and not (a.is_private or a.is_loopback or a.is_link_local or a.is_multicast or a.is_reserved or a.is_unspecified)


def ip_valid(s):
    try:
        a = ipaddress.ip_address(s.replace("[.]", "."))
    except ValueError:
        return False
    return ip_global(a)


def v_ip(v4only=False):
    if v4only or R.random() < 0.78:
        while True:
            a = ipaddress.IPv4Address(R.getrandbits(32))
            if ip_global(a):
                break
        st = pick(["dotted"], ["defanged"])
        core = str(a) if st == "dotted" else str(a).replace(".", "[.]")
        return "", core, "", "ip/v4/" + st
    while True:
        a = ipaddress.IPv6Address((1 << 125) | (R.getrandbits(29) << 96) | (R.getrandbits(16) << 16) | R.getrandbits(16))
        if ip_global(a) and not str(a).startswith("2001:db8"):
            break
    st = pick(["compressed"], ["exploded", "upper"])
    core = {"compressed": a.compressed, "exploded": a.exploded, "upper": a.compressed.upper()}[st]
    return "", core, "", "ip/v6/" + st


def luhn_ok(d):
    tot = 0
    for i, c in enumerate(reversed(d)):
        n = int(c)
        if i % 2 == 1:
            n *= 2
            if n > 9:
                n -= 9
        tot += n
    return tot % 10 == 0


def luhn_complete(body):
    for c in "0123456789":
        if luhn_ok(body + c):
            return body + c
    raise AssertionError


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
    return d.isdigit() and card_brand(d) is not None and luhn_ok(d)


def v_card():
    brand = R.choice(["visa", "visa", "mastercard", "mastercard", "amex", "jcb", "discover", "unionpay"])
    pre = {"visa": "4", "amex": R.choice(["34", "37"]), "jcb": str(R.randrange(3528, 3590)),
           "discover": R.choice(["6011", "65"]), "unionpay": "62",
           "mastercard": R.choice([str(R.randrange(51, 56)), str(R.randrange(2221, 2721))])}[brand]
    n = 15 if brand == "amex" else 16
    d = luhn_complete(pre + dg(n - 1 - len(pre)))
    assert card_valid(d) and card_brand(d) in (brand, "discover", "unionpay")
    g = [d[:4], d[4:10], d[10:]] if n == 15 else [d[i:i + 4] for i in range(0, 16, 4)]
    st = pick(["hyphen"] * 4 + ["plain", "space"], ["dots", "mixed", "spaced_hyphen"])
    core = {"hyphen": "-".join(g), "plain": d, "space": " ".join(g), "dots": ".".join(g),
            "mixed": g[0] + "-" + g[1] + " " + " ".join(g[2:]), "spaced_hyphen": " - ".join(g)}[st]
    return "", core, "", "card/" + brand + "/" + st


BANKS = [
    ("kb", ["국민은행", "KB국민은행", "국민"], [6, 2, 6], ""),
    ("shinhan", ["신한은행", "신한"], [3, 3, 6], "110"),
    ("woori", ["우리은행", "우리"], [4, 3, 6], "1002"),
    ("hana", ["하나은행", "하나"], [3, 6, 5], ""),
    ("nh", ["농협", "NH농협은행", "농협은행"], [3, 4, 4, 2], "302"),
    ("nh6", ["농협", "NH농협"], [6, 2, 6], ""),
    ("ibk", ["기업은행", "IBK기업은행"], [3, 6, 2, 3], ""),
    ("kakaobank", ["카카오뱅크", "카뱅"], [4, 2, 7], "3333"),
    ("tossbank", ["토스뱅크", "토스"], [4, 4, 4], "1000"),
    ("mg", ["새마을금고", "MG새마을금고"], [4, 4, 4, 1], "9003"),
    ("post", ["우체국", "우체국은행"], [6, 2, 6], ""),
    ("kbank", ["케이뱅크"], [3, 3, 6], "100"),
    ("sc", ["SC제일은행", "제일은행"], [3, 2, 6], ""),
    ("busan", ["부산은행"], [3, 4, 4, 2], ""),
]
HOLDERS = ["김서연", "이도윤", "박하은", "최민준", "정유나", "강지호", "윤채원", "장현우", "임소율", "한지민"]


def acct_groups():
    bid, names, grp, lead = R.choice(BANKS)
    d = lead + dg(sum(grp) - len(lead), first_nonzero=not lead)
    groups, i = [], 0
    for n in grp:
        groups.append(d[i:i + n])
        i += n
    return bid, R.choice(names), groups


def account_valid(s):
    d = re.sub(r"[-. ]", "", s)
    return d.isdigit() and 10 <= len(d) <= 14


def bank_wrap(bank):
    r = R.random()
    post = ""
    if R.random() < 0.3:
        post = " (예금주 " + R.choice(HOLDERS) + ")"
    if r < 0.75:
        return bank + " ", post
    if r < 0.9:
        return bank + " 계좌 ", post
    return bank + "/", post


def v_account():
    bid, bank, g = acct_groups()
    st = pick(["hyphen"] * 3 + ["plain", "plain"], ["space", "dots", "spaced_hyphen"])
    core = {"hyphen": "-".join(g), "plain": "".join(g), "space": " ".join(g), "dots": ".".join(g), "spaced_hyphen": " - ".join(g)}[st]
    pre, post = bank_wrap(bank)
    return pre, core, post, "account/" + bid + "/" + st


def phone_digits_valid(d):
    if re.fullmatch(r"010[1-9]\d{7}|01[16789][1-9]\d{6,7}", d):
        return True
    if re.fullmatch(r"070[1-9]\d{7}|050[2-8][1-9]\d{7}", d):
        return True
    if re.fullmatch(r"02[1-9]\d{6,7}", d):
        return True
    return any(d.startswith(a) and re.fullmatch(r"[1-9]\d{6,7}", d[3:]) for a in AREAS if len(a) == 3)


def unhangul(s):
    return "".join(str(HANGUL_DIGITS.index(c)) if c in HANGUL_DIGITS else c for c in s)


def value_valid(kind, s):
    if kind == "rrn":
        return rrn_valid(re.sub(r"[- –]", "", s))
    if kind in ("mobile", "landline"):
        t = unhangul(s)
        t = re.sub(r"^\+?82[- ]", "0", t)
        d = re.sub(r"[-. ()/]", "", t)
        ok = d.isdigit() and phone_digits_valid(d)
        return ok and (d.startswith("01") == (kind == "mobile"))
    if kind == "email":
        return email_valid(s)
    if kind == "ip":
        return ip_valid(s)
    if kind == "card":
        return card_valid(re.sub(r"[-. ]", "", s))
    if kind == "account":
        return account_valid(s)
    raise ValueError(kind)


def looks_like_value(s):
    """True if a decoy string could pass as a real value."""
    if "*" in s:
        return False
    t = s.strip()
    if ip_valid(t) or email_valid(t):
        return True
    if re.fullmatch(r"[\d\-. ()+]+", t):
        d = re.sub(r"\D", "", t)
        if (len(d) == 13 and rrn_valid(d)) or card_valid(d) or phone_digits_valid(d):
            return True
        if d.startswith("82") and phone_digits_valid("0" + d[2:]):
            return True
    for run in re.findall(r"\d[\d\- ]{8,}\d", t):
        d = re.sub(r"\D", "", run)
        if (len(d) == 13 and rrn_valid(d)) or card_valid(d) or phone_digits_valid(d):
            return True
    return False


VALUE_FUNCS = {"rrn": v_rrn, "mobile": v_mobile, "landline": v_landline, "email": v_email,
               "ip": v_ip, "ip4": lambda: v_ip(True), "card": v_card, "account": v_account}


def _mmdd():
    return R.randrange(1, 13), R.randrange(1, 29)


def d_date():
    m, d = _mmdd()
    y = R.choice([2025, 2026])
    wd = "월화수목금토일"[datetime.date(y, m, d).weekday()]
    return R.choice([f"{y}년 {m}월 {d}일", f"{y}-{m:02d}-{d:02d}", f"{m}/{d}({wd})", f"{y}.{m:02d}.{d:02d}", f"{m}월 {d}일"])


def d_time():
    h, mi = R.randrange(9, 21), R.choice([0, 10, 20, 30, 40, 50])
    return R.choice([f"{h}:{mi:02d}", f"오후 {h - 12 if h > 12 else h}시 {mi}분" if mi else f"오후 {h - 12 if h > 12 else h}시", f"{h}:00~{h + 2}:00"])


def d_price():
    n = R.randrange(1, 400) * 500
    return R.choice([f"{n:,}원", f"₩{n:,}", f"{n // 10000 + 1}만 원", f"{n:,} 원"])


def d_quantity():
    return R.choice([f"{R.randrange(1, 30)}개", f"{R.randrange(1, 9)}박스", f"{R.randrange(1, 50)}kg", f"{R.randrange(2, 40)}명", f"{R.randrange(1, 12)}세트"])


def d_version():
    return R.choice([f"v{R.randrange(1, 6)}.{R.randrange(0, 20)}.{R.randrange(0, 10)}", f"iOS {R.randrange(15, 19)}.{R.randrange(0, 6)}", f"{R.randrange(1, 4)}.{R.randrange(0, 9)}.{R.randrange(0, 30)}"])


def d_model_code():
    return R.choice(["SM-S", "XR-", "DJI-M", "HB-", "SL-", "TX"]) + str(R.randrange(100, 9999)) + R.choice(["", "N", "K", "T", "-PRO"])


def _ean_check(body):
    s = sum(int(c) * (3 if i % 2 else 1) for i, c in enumerate(body))
    return str((10 - s % 10) % 10)


def d_ean():
    b = "880" + dg(9)
    return b + _ean_check(b)


def d_isbn():
    b = "97911" + dg(7)
    c = _ean_check(b)
    return f"ISBN {b[:3]}-{b[3:5]}-{b[5:9]}-{b[9:]}-{c}"


def d_order_no():
    m, d = _mmdd()
    return R.choice([f"2025{m:02d}{d:02d}-{dg(6)}", f"ORD-2025{m:02d}{d:02d}-{dg(4)}", f"O{dg(10)}"])


def d_invoice_no():
    return f"INV-{R.choice([2025, 2026])}-{dg(4)}"


def d_tracking_no():
    return R.choice([dg(12, True), f"{dg(4, True)} {dg(4)} {dg(4)}", f"{dg(4, True)}-{dg(4)}-{dg(4)}"])


def d_reservation_no():
    return R.choice([f"R{dg(4)}-{dg(4)}", "".join(R.choice("ABCDEFGHJKLMNPQRSTUVWXYZ23456789") for _ in range(6))])


def d_receipt_no():
    return f"{dg(4)}-{dg(4)}-{dg(3)}"


def d_approval_no():
    return dg(8, True)


def d_claim_no():
    return f"CLM-{R.randrange(24, 27)}-{dg(6)}"


def d_policy_no():
    return f"P{R.choice([2025, 2026])}-{dg(2)}-{dg(5)}"


def d_registered_mail():
    return dg(13, True)


def d_case_no():
    return f"{R.choice([2024, 2025])}{R.choice(['가단', '가소', '머', '차'])}{dg(R.choice([4, 5]), True)}"


def d_student_id():
    return f"20{R.randrange(15, 26)}{dg(6)}"


def d_employee_id():
    return R.choice([f"EMP-{dg(5)}", f"A{R.randrange(2010, 2026)}{dg(2)}", f"사번 {dg(7, True)}"])


def d_biz_reg():
    return f"{R.randrange(101, 900)}-{dg(2)}-{dg(5)}"


def d_corp_reg():
    return f"{R.choice(['110111', '134511', '284211', '160111', '200111'])}-{dg(7)}"


def d_rep_number():
    return f"{R.choice(['15', '16', '18'])}{R.randrange(0, 100):02d}-{dg(4)}"


def d_tollfree():
    return f"080-{dg(3, True)}-{dg(4)}"


def d_short_number():
    return R.choice(["112", "119", "114", "1330", "120", "182", "131", "1339"])


def d_num0500():
    return f"050{R.randrange(2)}-{dg(4, True)}-{dg(4)}"


def d_private_ip():
    return R.choice([f"192.168.{R.randrange(256)}.{R.randrange(1, 255)}", f"10.{R.randrange(256)}.{R.randrange(256)}.{R.randrange(1, 255)}",
                     f"172.{R.randrange(16, 32)}.{R.randrange(256)}.{R.randrange(1, 255)}", "127.0.0.1",
                     f"100.{R.randrange(64, 128)}.{R.randrange(256)}.{R.randrange(1, 255)}", f"169.254.{R.randrange(256)}.{R.randrange(1, 255)}",
                     f"203.0.113.{R.randrange(1, 255)}", f"198.51.100.{R.randrange(1, 255)}", f"2001:db8::{R.randrange(1, 999)}",
                     f"fe80::{R.randrange(4096):x}:{R.randrange(4096):x}", f"fd{R.randrange(256):02x}::{R.randrange(1, 99)}", "0.0.0.0", f"224.0.0.{R.randrange(1, 255)}"])


def d_port():
    return str(R.choice([22, 80, 443, 3000, 5432, 8080, 8443, 9000, 27017]))


def d_image_file():
    return R.choice(["icon", "logo", "banner_main", "thumb", "btn_close"]) + "@" + R.choice(["2x", "3x"]) + "." + R.choice(["png", "jpg", "webp"])


def d_git_remote():
    return f"git@github.com:{R.choice(['seedlib', 'inkroom', 'chessclub', 'sunny-lab'])}/{R.choice(['catalog', 'booking', 'web', 'api'])}.git"


def d_npm_pkg():
    return R.choice(["@types/node", "@babel/core", "@tanstack/react-query", "@nestjs/common", "@emotion/styled", "@vitejs/plugin-react"])


def d_mention():
    return "@" + R.choice(["dalbit_baker", "choir_tenor2", "green_thumb", "bike.jun", "inkmaster_k", "camp_ssam", "knight_e4"])


def d_coords():
    return f"{R.uniform(33.2, 38.5):.4f}, {R.uniform(126.1, 129.5):.4f}"


def d_stat():
    return R.choice([f"{R.uniform(10, 99):.1f}%", f"평균 {R.uniform(1, 5):.1f}점", f"{R.randrange(100, 999)}명 중 {R.randrange(10, 99)}명"])


def d_score():
    return R.choice([f"{R.randrange(0, 6)}:{R.randrange(0, 6)}", f"{R.randrange(50, 101)}점", f"{R.randrange(1000, 2400)}점"])


def d_hash():
    h = hashlib.sha1(str(R.random()).encode()).hexdigest()
    return R.choice([h, h[:7], h[:12]])


def d_uuid():
    return str(uuid.UUID(int=R.getrandbits(128), version=4))


def d_serial():
    return R.choice([f"SN{dg(2)}{R.choice('ABCDEFKQX')}{dg(6)}", f"{R.choice('ABCDQX')}{dg(3)}-{R.choice('KDMT')}{dg(4)}"])


def d_postal():
    return f"{R.randrange(1, 64):02d}{dg(3)}"


def d_room():
    return R.choice([f"{R.randrange(1, 15)}0{R.randrange(1, 9)}호", f"B1-{R.randrange(1, 30):02d}", f"{R.choice('ABCDE')}-{R.randrange(1, 30)}"])


def d_meeting_id():
    return f"{dg(3, True)} {dg(4)} {dg(4)}"


def d_otp():
    return dg(6)


def d_gift_pin():
    while True:
        d = dg(16, True)
        if not luhn_ok(d):
            return "-".join(d[i:i + 4] for i in range(0, 16, 4))


def d_fake_area_phone():
    return f"{R.choice(['034', '035', '036', '038', '045', '046', '048', '056', '058', '065', '066', '068'])}-{dg(3, True)}-{dg(4)}"


def d_masked_rrn():
    d, _ = gen_rrn_digits()
    return R.choice([d[:6] + "-" + d[6] + "******", d[:6] + "-*******", d[:2] + "****-" + d[6] + "******"])


def d_masked_mobile():
    m, last = dg(4, True), dg(4)
    return R.choice([f"010-****-{last}", f"010-{m[:2]}**-**{last[2:]}", f"010-{m}-****", f"010****{last}"])


def d_masked_landline():
    return f"{R.choice(AREAS)}-***-{dg(4)}"


def d_masked_card():
    return R.choice([f"{R.choice(['5310', '4518', '9410', '3565'])}-****-****-{dg(4)}", f"{R.choice(['4', '5'])}{dg(5)}******{dg(4)}", f"****-****-****-{dg(4)}"])


def d_masked_email():
    loc = R.choice(LOCALS)
    return loc[:2] + "***@" + R.choice(DOMAINS["portal"])


def d_masked_ip():
    a = ipaddress.IPv4Address(R.getrandbits(32))
    p = str(a).split(".")
    return R.choice([f"{p[0]}.{p[1]}.*.*", f"{p[0]}.{p[1]}.{p[2]}.***", f"{p[0]}.***.***.{p[3]}"])


def d_masked_account():
    _, _, g = acct_groups()
    h = ["*" * len(x) for x in g]
    if len(g) >= 3:
        return "-".join([g[0]] + h[1:-1] + [g[-1]])
    return g[0] + "-" + "*" * len(g[1])


DECOY_FUNCS = {k[2:]: v for k, v in sorted(globals().items()) if k.startswith("d_") and callable(v)}
PII_RANK = ["masked_rrn", "corp_reg", "masked_card", "gift_pin", "masked_account", "masked_mobile", "masked_landline",
            "fake_area_phone", "num0500", "tollfree", "rep_number", "masked_email", "git_remote", "image_file", "npm_pkg",
            "mention", "private_ip", "masked_ip", "biz_reg", "registered_mail", "tracking_no", "ean", "meeting_id",
            "short_number", "student_id", "order_no", "approval_no"]
LOOKALIKE = {
    "rrn": ["masked_rrn", "masked_rrn", "corp_reg"],
    "mobile": ["masked_mobile", "masked_mobile", "rep_number", "num0500", "fake_area_phone"],
    "landline": ["masked_landline", "tollfree", "fake_area_phone", "rep_number", "num0500"],
    "email": ["masked_email", "masked_email", "mention", "git_remote", "image_file", "npm_pkg"],
    "ip": ["private_ip", "private_ip", "masked_ip"],
    "ip4": ["masked_ip"],
    "card": ["masked_card", "masked_card", "gift_pin"],
    "account": ["masked_account"],
}
MASKED = {"rrn": "masked_rrn", "mobile": "masked_mobile", "landline": "masked_landline", "email": "masked_email",
          "ip": "masked_ip", "ip4": "masked_ip", "card": "masked_card", "account": "masked_account"}


def make_decoy(kind):
    for _ in range(200):
        s = DECOY_FUNCS[kind]()
        if not looks_like_value(s):
            return s
    raise AssertionError(kind)


FRAMES = {}
FRAMES["tattoo_studio"] = ([
    "[date] [time] 레터링 타투 예약 확정입니다. 예약금 [price]은 {account}로 입금 부탁드려요.",
    "도안 상담 원하시면 {mobile}로 문자 주세요. 작업실은 [room]이고 주차는 안 됩니다.",
    "예약자 확인용으로 주민번호 {rrn} 받았고, 미성년자 아니신 것 확인했습니다. 예약번호 [reservation_no]",
    "작업 후 사진은 {email}로 보내드릴게요. 인스타는 [mention] 태그 부탁드려요!",
    "예약금 카드결제 원하시면 카드번호 {card} 유효기간 [date]까지 적어주세요. 승인번호 [approval_no]",
    "스튜디오 대표번호 {landline} / 야간 상담은 {mobile} (카톡 가능)",
    "환불 계좌: {account} — 예약 취소는 [date]까지 가능합니다.",
    "예약 페이지 접속 오류 로그: 접속 IP {ip}, 앱 버전 [version], 요청 ID [uuid]",
    "리터치 접수했어요. 연락처{mobile}, 시술일 [date], 부위 팔목 [quantity] 크기.",
    "커버업 상담 신청서: 이름 정세린 / 생년월일 [date] / 이메일 {email} / 연락처 {landline}",
    "타투 예약 문의는 {email} 또는 {mobile}로 주세요. 예약금 [price] 입금 확인 후 확정돼요.",
], [
    "[date] 예약 가능 시간은 [time]과 [time]입니다. 예약금은 [price]이에요.",
    "작업실 위치는 [room]이고 우편번호 [postal] 근처예요. 문의는 대표번호 [rep_number]로 주세요.",
    "후기 이벤트: [mention] 태그하시면 리터치 [price] 할인! 참여율 [stat]",
    "연락처는 [masked_mobile]로 남겨두셨는데 확인 부탁드려요. 예약번호 [reservation_no]",
])
FRAMES["escape_room"] = ([
    "[date] [time] 단체 예약 ([quantity]) 접수됐습니다. 대표자 연락처 {mobile}",
    "단체 할인 예약금 [price]은 {account}로 보내주세요. 입금자명은 팀 이름으로!",
    "매장 전화 {landline}, 예약번호 [reservation_no], 테마는 '저주받은 병원'입니다.",
    "법인카드 결제 요청: {card}, 사업자번호 [biz_reg], 영수증은 {email}로 부탁드려요.",
    "어제 기록 [score], 클리어율 [stat]! 사진은 {email}에 올려드렸어요.",
    "예약 시스템 관리자 메모: 반복 예약 시도 IP {ip4}:[port], 차단 처리함. 로그 [hash]",
    "단체 대표자 신분 확인 주민등록번호 {rrn} (보험 가입용), 인원 [quantity]",
    "취소 환불 입금 계좌 {account} 예금주 확인 후 [date]에 처리됩니다.",
    "2호점으로 오시는 분은 {landline}로 전화주세요. 좌석 [room], 주차권 [quantity]",
    "회식 단체 예약 담당자: 총무 한결 {mobile} / {email}",
    "예약 변경은 {mobile}, 결제 카드 {card}로 차액 [price] 결제 예정입니다.",
], [
    "[date] 단체 예약 [quantity] 가능합니다. 1인 [price], 소요 시간 [time] 기준이에요.",
    "쿠폰 PIN [gift_pin] 사용 시 [price] 할인됩니다. 문의 [rep_number]",
    "기록 갱신! [score] 남기고 탈출, 평균 탈출률 [stat]입니다.",
    "고객센터 [tollfree], 예약번호 [reservation_no] 확인해 주세요.",
])
FRAMES["wine_shop"] = ([
    "[date] 픽업 예약 주문 [order_no] 확인했습니다. 결제 금액 [price], 연락처 {mobile}",
    "무통장 입금 {account}, 금액 [price] — 입금 후 문자 주세요.",
    "성인 인증 위해 주민번호 {rrn} 앞자리 아니고 전체로 받았습니다. 주문 [order_no]",
    "와인 리스트 PDF는 {email}로 발송했어요. 빈티지 [date] 기준입니다.",
    "매장 번호 {landline}, 픽업 시간 [time], 보관 셀러 [room]",
    "카드결제 {card}, 승인번호 [approval_no], 할부 없음.",
    "택배 발송 운송장 [tracking_no], 수령인 연락처 {mobile}",
    "시음회 신청: 이름 오하람, 이메일 {email}, 참석 [quantity]",
    "주문 페이지 접속 IP {ip}에서 결제 실패 [quantity]회, 세션 [uuid]",
    "환불은 {account}로 [date]까지 처리해 드릴게요. 영수증 [receipt_no]",
    "선물 포장 문의 {mobile} 또는 매장 {landline}로 연락 주세요. 바코드 [ean]",
], [
    "이번 주 추천: 2019 빈티지 [price], 재고 [quantity]. 바코드 [ean]",
    "픽업 예약 [order_no] [date] [time] 준비 완료됐습니다.",
    "결제 카드 [masked_card]로 [price] 결제됐어요. 승인번호 [approval_no]",
    "고객센터 [rep_number], 배송 문의는 운송장 [tracking_no]로 조회하세요.",
])
FRAMES["plant_clinic"] = ([
    "몬스테라 분갈이 접수 [date]. 보호자 연락처 {mobile}, 화분 [quantity]",
    "진단 결과지와 사진은 {email}로 보내드렸습니다. 접수번호 [reservation_no]",
    "분갈이 비용 [price]은 {account}로 입금해 주시면 돼요.",
    "식물병원 전화 {landline} (화~토 [time])",
    "출장 진료 신청: 주소 우편번호 [postal], 연락처 {mobile}, 대체 연락 {landline}",
    "카드 결제 {card} 완료, 영수증번호 [receipt_no]",
    "원격 센서 관리 화면 접속 IP {ip}, 펌웨어 [version], 센서 시리얼 [serial]",
    "회원 가입 시 입력한 주민번호 {rrn}는 저장하지 않습니다. 회원번호 [student_id]",
    "병충해 사진 보내실 분 {email} / 급하면{mobile}로 연락주세요",
    "환불 계좌 {account}, 환불액 [price]",
    "입원 식물 찾아가실 때 [room]으로 오세요. 문의 {landline}",
], [
    "분갈이 데이 [date] [time], 선착순 [quantity]. 흙 포함 [price]",
    "토양 산도 [stat], 수분 [stat]로 과습 상태입니다.",
    "접수번호 [reservation_no], 연락처 [masked_mobile]로 안내 문자 보냈습니다.",
    "관리 앱 [version] 업데이트 후 센서 [serial] 재연결 필요합니다.",
])
FRAMES["drone_lessons"] = ([
    "드론 4종 자격증 교육 신청: 주민등록번호 {rrn}, 연락처 {mobile}",
    "교육비 [price]은 {account}로 입금 부탁드립니다. 교육 일정 [date]~[date]",
    "교육장 전화 {landline}, 실기장 좌표 [coords]",
    "수강 확인서는 {email}로 발송됩니다. 수강번호 [student_id]",
    "카드 분할 결제 {card}, [quantity] 할부, 승인 [approval_no]",
    "시뮬레이터 서버 {ip4}:[port] 접속 안 되면 강사에게 문의하세요. 버전 [version]",
    "기체 등록 시리얼 [serial], 소유자 연락처 {mobile}, 이메일 {email}",
    "외국인 수강생 외국인등록번호 {rrn} 확인 완료. 교육 [date]",
    "환불 규정에 따라 [price] 환불, 계좌 {account}",
    "주말반 문의 {landline} 또는 {mobile}",
    "필기 점수 [score], 실기 예약 [date] [time]. 연락처{mobile}",
], [
    "드론 교육 [date] 개강, 정원 [quantity], 교육비 [price]",
    "기체 모델 [model_code], 펌웨어 [version] 이상 필요합니다.",
    "실기장 좌표 [coords], 집결 [time]. 합격률 [stat]",
    "수강번호 [student_id] 님 주민번호 [masked_rrn] 확인됐습니다.",
])


FRAMES["model_agency"] = ([
    "지원서 접수: 이름 유가온, 생년월일 [date], 주민번호 {rrn}, 연락처 {mobile}",
    "프로필 사진과 영상은 {email}로 보내주세요 (파일명 예: [image_file] 말고 본인 이름으로)",
    "에이전시 사무실 {landline}, 오디션 [date] [time], [room]",
    "출연료는 {account}로 [date]에 지급됩니다. 금액 [price]",
    "포트폴리오 사이트 접속 기록 {ip} / 업로드 [hash]",
    "미성년 지원자 보호자 연락처 {mobile}, 보호자 이메일 {email}",
    "촬영 교통비 정산 카드 {card}, 금액 [price]",
    "담당 매니저 {mobile} / 사무실 {landline}, 인스타 [mention]",
    "정산 계좌 변경 요청: {account}, 사업자등록번호 [biz_reg]",
    "외국인 모델 계약서: 외국인등록번호 {rrn}, 비자 만료 [date]",
    "프로필 투어 일정 [date], 문의는 {email}",
], [
    "오디션 [date] [time], 장소 [room]. 키 [quantity] 이상",
    "프로필 이미지 [image_file], [image_file] 두 장 올려주세요.",
    "계약번호 [policy_no], 정산 계좌 [masked_account]로 등록돼 있습니다.",
    "지원자 [stat] 중 서류 합격 [quantity], 결과는 [date] 발표",
])
FRAMES["vet_insurance"] = ([
    "동물병원 진료비 [price] 분납 안내: 1회차 [price]는 {account}로 [date]까지.",
    "분납 약정서 서명: 보호자 주민등록번호 {rrn}, 연락처 {mobile}",
    "자동이체 대신 카드 {card}로 [quantity] 분할 결제 등록했습니다.",
    "병원 대표번호 {landline}, 응급 [short_number] 아님 주의",
    "분납 내역서는 {email}로 매월 [date]에 보내드립니다.",
    "진료비 영수증 [receipt_no], 문의 {landline} 또는 {mobile}",
    "2회차 분납금 입금 계좌: {account} (예금주 해온동물병원)",
    "보호자 앱 로그인 알림: 새 기기 IP {ip}, 앱 [version]",
    "분납 연체 안내 문자 발송 번호 {mobile}, 잔액 [price]",
    "반려견 등록번호 [serial], 보호자 이메일 {email}",
    "진료 예약 [date] [time], 병원 {landline}",
], [
    "진료비 총 [price], [quantity] 분납 시 월 [price]입니다.",
    "입원 [room], 면회 가능 시간 [time]",
    "분납 카드 [masked_card] 자동 결제가 [date]에 실패했어요.",
    "보호자 연락처 [masked_mobile], 등록번호 [serial] 확인 바랍니다.",
])
FRAMES["camping_club"] = ([
    "공동구매 텐트 [quantity], 1인당 [price] {account}로 입금해주세요!",
    "총무 연락처 {mobile}, 입금 마감 [date]",
    "장비 공구 주문서는 {email}로 회신 부탁해요. 모델 [model_code]",
    "캠핑장 관리동 {landline}, 사이트 [room], 좌표 [coords]",
    "선결제 카드 {card}로 [price] 결제했어요. 나중에 정산!",
    "동호회 카페 서버 {ip}에서 접속 오류, 버전 [version]",
    "보험 가입용으로 주민번호 {rrn} 받을게요. 정기 캠핑 [date]",
    "환불 받을 계좌 {account} 남겨주세요~ 송금은 [date]",
    "회장님 {mobile}, 부회장님 {mobile}",
    "택배 운송장 [tracking_no], 수령 연락처{mobile}",
    "공구 업체 담당자 {landline} / {email}",
], [
    "이번 공구 [model_code] [quantity], 개당 [price]. 마감 [date]",
    "캠핑장 좌표 [coords], 체크인 [time]",
    "참석 [quantity], 회비 [price], 참석률 [stat]",
    "업체 고객센터 [rep_number], 주문번호 [order_no]",
])
FRAMES["choir"] = ([
    "단원 명부: 소프라노 윤다솜 {mobile} / {email}",
    "정기연주회 [date] [time], 티켓 [price]. 예매 문의 {landline}",
    "단원 회비 [price]은 {account}로 매월 [date]까지 송금해주세요.",
    "연주회 후원 카드 {card}, 후원금 [price]",
    "단원 상해보험 가입 명단: 테너 권시우 주민번호 {rrn}",
    "악보 파일은 {email}에서 받으세요. 곡번호 [serial]",
    "연습실 [room], 지휘자님 연락처 {mobile}",
    "연주회 온라인 중계 서버 {ip}, 송출 [version]",
    "명부 업데이트: 알토 {mobile}, 베이스 {landline}",
    "후원금 입금 계좌 {account} — 기부금 영수증 [receipt_no] 발급",
    "외국인 단원 등록: 외국인등록번호 {rrn}, 연락처 {mobile}",
], [
    "정기연주회 [date] [time], 좌석 [room], 티켓 [price]",
    "출석률 [stat], 다음 연습 [date]",
    "명부 공개용: 소프라노 [masked_mobile], 알토 [masked_email]",
    "예매 대표번호 [rep_number], 예매번호 [reservation_no]",
])


FRAMES["chess_club"] = ([
    "바둑 대회 참가 신청: 생년월일 확인 주민번호 {rrn}, 연락처 {mobile}",
    "참가비 [price]은 {account}로 입금해주세요. 대진표 [date] 공개",
    "대회 본부 {landline}, 대국장 [room]",
    "기보 파일은 {email}로 제출, 점수 [score]",
    "온라인 예선 서버 {ip4}:[port], 클라이언트 [version]",
    "참가비 카드 결제 {card}, 승인번호 [approval_no]",
    "체스 클럽 대표 {mobile} / 이메일 {email}",
    "상금 지급 계좌 {account}, 상금 [price]",
    "외국인 선수 등록번호 {rrn}, 레이팅 [score]",
    "학부모 연락처 {mobile}, 학번 [student_id]",
    "대회 문의 {landline} 또는 {email}",
], [
    "대회 [date] [time], 참가 [quantity], 참가비 [price]",
    "1라운드 결과 [score], 승률 [stat]",
    "대국장 [room], 참가번호 [reservation_no]",
    "클럽 계정 [mention], 기록 해시 [hash]",
])
FRAMES["seed_library"] = ([
    "씨앗 나눔 신청: 토종 오이 [quantity], 받으실 연락처 {mobile}",
    "나눔 택배비 [price]은 {account}로 보내주세요.",
    "씨앗도서관 전화 {landline}, 운영 [time]",
    "채종 기록지는 {email}로 보내주세요. 도서 [isbn]",
    "회원 등록 주민번호 {rrn}는 바로 파기했습니다. 회원 [student_id]",
    "후원 카드 {card}, 정기 후원 [price]",
    "씨앗 목록 웹 서버 {ip}, 저장소 [git_remote]",
    "반납 씨앗 접수 {mobile}, 우편번호 [postal]",
    "후원 계좌 {account}, 기부금 영수증 [receipt_no]",
    "담당 활동가 {landline} / {email}",
    "등기 발송 [registered_mail], 수령 연락처 {mobile}",
], [
    "이번 달 나눔 [quantity], 신청 마감 [date]",
    "씨앗 발아율 [stat], 보관 온도 [quantity]",
    "등기번호 [registered_mail]로 발송했어요. 우편번호 [postal]",
    "목록 코드 [git_remote], 패키지 [npm_pkg] 업데이트",
])
FRAMES["bike_repair"] = ([
    "자전거 픽업 수리 신청 [date] [time], 연락처 {mobile}",
    "수리비 [price}은 {account}로 입금 부탁드려요.".replace("[price}", "[price]"),
    "매장 {landline}, 프레임 시리얼 [serial]",
    "견적서는 {email}로 보냈습니다. 부품 [model_code]",
    "카드 결제 {card}, 영수증 [receipt_no]",
    "도난 등록 조회 결과 IP {ip}에서 접속, 조회번호 [uuid]",
    "픽업 기사님 {mobile}, 주소 우편번호 [postal]",
    "보증 수리용 주민번호 {rrn} 말고 생년월일만 주셔도 돼요.",
    "환불 계좌 {account}, 환불 [price]",
    "출장 수리 문의 {landline} / {mobile}",
    "정비 이력은 {email}, 주행 [quantity]",
], [
    "수리 [date] [time] 완료, 비용 [price]",
    "부품 [model_code] 재고 [quantity], 바코드 [ean]",
    "픽업 예약 [reservation_no], 연락처 [masked_mobile]",
    "프레임 [serial], 정비 앱 [version]",
])
FRAMES["home_baking_class"] = ([
    "원데이 클래스 [date] [time] 신청 완료! 연락처 {mobile}",
    "수강료 [price]은 {account}로 입금해주세요.",
    "공방 전화 {landline}, [room]",
    "레시피 PDF는 {email}로 보내드릴게요.",
    "카드 결제 {card}, 승인 [approval_no]",
    "예약 페이지 오류 IP {ip}, 브라우저 [version]",
    "수강생 보험 가입 주민번호 {rrn}",
    "환불 계좌 {account}, 환불 [price]",
    "강사님 {mobile} / 공방 {landline}",
    "재료 키트 택배 [tracking_no], 연락처{mobile}, 이메일 {email}",
    "단체 클래스 문의 {email}, 인원 [quantity]",
], [
    "클래스 [date] [time], 정원 [quantity], 수강료 [price]",
    "오븐 [model_code], 온도 [quantity]",
    "쿠폰 [gift_pin] 사용 가능, 할인 [price]",
    "후기 [mention], 만족도 [stat]",
])
FRAMES["solar_install"] = ([
    "태양광 설치 상담 신청 [date], 연락처 {mobile}",
    "보조금 신청서: 신청인 주민등록번호 {rrn}, 연락처 {landline}",
    "자부담금 [price]은 {account}로 입금해주세요.",
    "견적서는 {email}로 발송됐습니다. 모듈 [model_code]",
    "카드 결제 {card}, [quantity] 할부",
    "모니터링 서버 {ip4}:[port], 인버터 [serial]",
    "설치 기사 {mobile}, 현장 좌표 [coords]",
    "보조금 입금 계좌 {account}, 사업자번호 [biz_reg]",
    "시공사 {landline} / {email}",
    "외국인 신청자 외국인등록번호 {rrn}, 접수번호 [claim_no]",
    "발전량 리포트 수신 {email}, 발전량 [stat]",
], [
    "설치 [date], 용량 [quantity], 보조금 [price]",
    "발전량 [stat], 인버터 [serial]",
    "접수번호 [claim_no], 법인등록번호 [corp_reg]",
    "고객센터 [rep_number], 수신거부 [tollfree]",
])


SLOT_RE = re.compile(r"(\{\w+\}|\[\w+\])")
TRAILERS = [" 처리번호 [order_no].", " (접수 [date])", " 참고 코드 [uuid]", " 문의 시 예약번호 [reservation_no] 알려주세요.",
            " 우편번호 [postal].", " 인증번호 [otp]는 타인에게 알려주지 마세요.", " 회의 ID [meeting_id]", " 송장 [tracking_no]",
            " 고객센터 [rep_number]", " 긴급 시 [short_number]", " 수신거부 [tollfree]", " 법인등록번호 [corp_reg]",
            " 등기번호 [registered_mail]", " 상품권 PIN [gift_pin]", " 이미지 [image_file]", " 발신 [num0500]"]


def render(frame, neg, genre):
    slots = [p[1:-1] for p in SLOT_RE.split(frame) if p.startswith("{")]
    masked = [False] * len(slots)
    if not neg and len(slots) >= 2:
        masked = [R.random() < 0.15 for _ in slots]
        if all(masked):
            masked[R.randrange(len(slots))] = False
    if R.random() < 0.45:
        frame = frame + R.choice(TRAILERS)
    text, spans, decoys, forms, si = "", [], [], [], 0
    for part in SLOT_RE.split(frame):
        if part.startswith("{"):
            kind = part[1:-1]
            if neg or masked[si]:
                dk = MASKED[kind] if masked[si] else R.choice(LOOKALIKE[kind])
                pre = bank_wrap(acct_groups()[1])[0] if kind == "account" else ""
                text += pre
                s = make_decoy(dk)
                decoys.append({"kind": dk, "start": len(text), "end": len(text) + len(s), "value": s})
                text += s
            else:
                pre, core, post, form = VALUE_FUNCS[kind]()
                text += pre
                vk = "ip" if kind == "ip4" else kind
                spans.append({"kind": vk, "start": len(text), "end": len(text) + len(core), "value": core})
                forms.append(form)
                text += core + post
            si += 1
        elif part.startswith("["):
            dk = part[1:-1]
            s = make_decoy(dk)
            decoys.append({"kind": dk, "start": len(text), "end": len(text) + len(s), "value": s})
            text += s
        else:
            text += part
    if spans:
        form = "+".join(forms)
    else:
        present = [d["kind"] for d in decoys]
        ranked = [k for k in PII_RANK if k in present]
        form = "neg/" + (ranked[0] if ranked else present[0])
    return {"text": text, "label": "pos" if spans else "neg", "spans": spans, "decoys": decoys, "form": form, "genre": genre}


ACCOUNT_WORDS = sorted({n for b in BANKS for n in b[1]} | {"계좌", "입금", "송금", "환불", "예금주", "무통장"})


def check(rec):
    t = rec["text"]
    items = sorted(rec["spans"] + rec["decoys"], key=lambda x: x["start"])
    for a, b in zip(items, items[1:], strict=False):
        assert a["end"] <= b["start"], (a, b, t)
    for x in items:
        assert t[x["start"]:x["end"]] == x["value"] and x["value"].strip() == x["value"], (x, t)
    for sp in rec["spans"]:
        assert value_valid(sp["kind"], sp["value"]), sp
        if sp["kind"] == "account":
            ctx = t[max(0, sp["start"] - 30):sp["end"] + 15]
            assert any(w in ctx for w in ACCOUNT_WORDS), t
    for d in rec["decoys"]:
        assert not looks_like_value(d["value"]), d
    assert (rec["label"] == "pos") == bool(rec["spans"])
    if rec["spans"]:
        assert len(rec["form"].split("+")) == len(rec["spans"])
    assert rec["decoys"] or rec["spans"]


def build():
    genres = list(FRAMES)
    counts = {k: 0 for k in ["rrn", "mobile", "landline", "email", "ip", "card", "account"]}
    out, seen = [], set()
    for gi, g in enumerate(genres):
        n = 72 if gi < 6 else 71
        nneg = round(n * 0.4)
        labels = ["neg"] * nneg + ["pos"] * (n - nneg)
        R.shuffle(labels)
        vframes, fframes = FRAMES[g]
        for idx, lab in enumerate(labels):
            for _ in range(100):
                if lab == "pos":
                    def score(fr):
                        ks = ["ip" if k == "ip4" else k for k in re.findall(r"\{(\w+)\}", fr)]
                        return min(counts[k] for k in ks)
                    best = min(score(f) for f in vframes)
                    cands = [f for f in vframes if score(f) == best]
                    cands = [f for f in cands for _ in range(len(re.findall(r"\{", f)) ** 4)]
                    frame = R.choice(cands)
                    rec = render(frame, False, g)
                else:
                    frame = R.choice(fframes) if R.random() < 0.5 else R.choice(vframes)
                    rec = render(frame, True, g)
                if rec["text"] not in seen:
                    break
            else:
                raise AssertionError("no distinct text")
            seen.add(rec["text"])
            for sp in rec["spans"]:
                counts[sp["kind"]] += 1
            rec = {"id": f"oos8-{g}-{idx + 1:03d}", **rec}
            check(rec)
            out.append(rec)
    return out


def main():
    path = Path(sys.argv[1]) if len(sys.argv) > 1 else Path(__file__).with_name("eval_oos8.jsonl")
    recs = build()
    assert len({r["id"] for r in recs}) == len(recs)
    assert len({r["text"] for r in recs}) == len(recs)
    with path.open("w", encoding="utf-8") as fh:
        for r in recs:
            fh.write(json.dumps(r, ensure_ascii=False) + "\n")
    print(len(recs), "records written to", path)


if __name__ == "__main__":
    main()
