# ruff: noqa: E501
"""Independent out-of-sample evaluation set "oos6" for a Korean personal-data (PII) detector.

Independence
    This generator was written from a written brief alone. Its author did not read, grep,
    list or run the detector, its tests, its documentation or any earlier evaluation set,
    and no detector or benchmark was run on the output. Nothing here was tuned against a
    detector.

Output
    One JSON object per line (UTF-8, ensure_ascii=False), written to ``eval_oos6.jsonl``
    next to this script or to the path given as the first argument::

        {"id": "oos6-<genre>-<nnn>", "text": ..., "label": "pos"|"neg",
         "spans": [...], "decoys": [...], "form": ..., "genre": ...}

    Each span/decoy is {"kind", "start", "end", "value"} with Python code-point offsets and
    value == text[start:end]. label is "pos" iff there is at least one span. Spans and
    decoys never overlap. ``form`` lists ``<kind>/<detail>/<how written>`` for every span in
    span order, joined by "+"; for a negative record it is ``neg/<decoy kind>`` naming the
    most PII-like decoy of the record.

Kinds (personal data, "spans")
    rrn       resident / foreigner registration number (YYMMDD + 7 digits, real dates,
              check digit for births before 2020-10, random last digit afterwards)
    mobile    010 (most) and 011/016/017/018/019 numbers
    landline  area-code numbers (02, 031-033, 041-044, 051-055, 061-064), 070 internet
              phones and 0502-0508 personal relay ("안심번호") numbers
    email     real-looking addresses incl. obfuscated ones ((at), [at]/[dot], 골뱅이,
              "at ... dot", full-width ＠, spaced " @ ")
    ip        global-unicast IPv4 / IPv6 (checked with the ipaddress module)
    card      15/16-digit payment cards with valid Luhn and real brand prefixes
    account   Korean bank account numbers in real bank groupings, always next to a bank
              name or an account word

Decoys (not personal data; annotated in positive and negative records)
    dates, times, prices, quantities, versions, model codes, EAN/ISBN barcodes, order /
    invoice / tracking / reservation / receipt / approval / claim / policy /
    registered-mail / case numbers, student and member ids, business and corporate
    registration numbers (the latter never pass the RRN rules), 15xx/16xx/18xx
    representative numbers, 080 toll-free, short numbers, 0500/0501 numbers, non-global
    IPs, ports, image names such as icon@2x.png, git remotes, npm scoped packages,
    @mentions, coordinates, statistics, scores, ISSN/DOI, hashes, UUIDs, serial numbers,
    postal codes, room/seat numbers, meeting ids, OTP codes, gift-card PINs (Luhn-invalid),
    phone-like numbers with non-existent area codes, charger ids, masked values
    (880908-1******, 010-****-5678, 5310-****-****-1234, 110-***-****56, ab***@naver.com,
    211.34.*.*) and more. Every decoy is checked against the value validators and
    regenerated if it would pass as a value.

Labelling conventions
    Masked / partially hidden values are decoys. Obfuscated e-mails are values; the span
    runs from the start of the local part to the end of the TLD. Phone numbers with
    spaced digits, spelled in Hangul (공일공 ...) or in international form (+82 10-...,
    82-10-..., +82-2-..., "+82 (0)2 ...") are values; parentheses belonging to the number
    are inside the span. 070, area-code and 0502-0508 numbers are landline values; 15xx/
    16xx/18xx, 080, 0500/0501 and short numbers are decoys. Only global-unicast IPs are
    values and a port after an IP is a separate ``port`` decoy. E-mails and accounts are
    values whoever owns them. Bank names, "계좌", "예금주" and labels such as "주민번호:"
    are outside spans. Every digit in a text is covered by a span or a decoy unless it
    sits inside a word that also contains letters (e.g. "3층", "2박").

Genres (about 71 snippets each, 14 genres)
    flower_shop, repair_service, garage_sale, band_club, hostel_guestbook,
    language_exchange, mutual_aid, farm_stay, kimchi_coop, hiking_group, study_cafe,
    home_share, cooking_class, ev_charging. Each genre has at least 12 frames with value
    slots and at least 5 value-free frames; about 40% of the records are negative (from
    value-free frames or from value frames whose every slot is masked). In positive
    records with several slots a few slots are masked.

How values were generated
    A single random.Random(20261130) drives everything. RRNs use real calendar dates
    (1940-2023), gender/century digits 1-4 (Koreans) or 5-8 (foreigners) and the official
    check digit before 2020-10. Phones use real prefixes with exchanges not starting with
    0. Cards use brand prefixes and a computed Luhn digit. IPv4 values come from ranges
    used by Korean ISPs, IPv6 from 2001:xxxx / 2400-2406 prefixes; all are verified as
    global. Accounts follow per-bank groupings (KB 6-2-6, 신한 3-3-6, 우리 4-3-6, 하나
    3-6-5, NH 3-4-4-2 / 6-2-6, IBK 3-6-2-3, 카카오뱅크 4-2-7, 토스뱅크 4-4-4, 새마을금고
    4-4-4-1, 우체국 6-2-6, SC제일 3-2-6, 케이뱅크 3-3-6, 부산 3-4-4-2). Kinds are balanced
    by a least-used-kind rule on flexible slots and a deficit-driven choice of frames.

Writing styles
    Each value is written in a common style with probability 0.8 (hyphens, no separator,
    dots, spaces, parenthesised area codes, bank before/after/bracketed, labelled or not,
    touching Hangul particles) and in a less common or evasive style with probability 0.2:
    international +82 / 82 forms, digits spaced one by one, Hangul-spelled digits,
    full-width digits, slashes or mixed separators, obfuscated e-mails, defanged IPv4
    ("[.]"), upper-case or fully expanded IPv6, dotted or spaced cards and accounts.
    The realised shares are printed when the script runs.
"""

import datetime
import hashlib
import ipaddress
import json
import os
import random
import re
import sys
import unicodedata

SEED = 20261130
RNG = random.Random(SEED)

# ---- validators ----

HDIG = {"공": "0", "영": "0", "일": "1", "이": "2", "삼": "3", "사": "4", "오": "5", "육": "6", "륙": "6", "칠": "7", "팔": "8", "구": "9"}
AREA3 = ["031", "032", "033", "041", "042", "043", "044", "051", "052", "053", "054", "055", "061", "062", "063", "064"]
RELAY = ["0502", "0503", "0504", "0505", "0506", "0507", "0508"]
MOBILE_PFX = ["010", "011", "016", "017", "018", "019"]
TLDS = ["com", "net", "org", "kr", "jp", "de", "fr", "vn", "cn", "uk", "au", "ca", "io", "me", "app", "dev", "xyz", "shop", "studio", "farm", "kitchen", "band", "coffee", "life", "garden", "camp", "coop", "edu", "asia", "tw", "nz", "us", "ph", "th", "es", "it", "mn"]
GROUPINGS = [(6, 2, 6), (3, 3, 6), (4, 3, 6), (3, 6, 5), (3, 4, 4, 2), (3, 6, 2, 3), (4, 2, 7), (4, 4, 4), (4, 4, 4, 1), (3, 2, 6)]
TODAY = datetime.date(2026, 11, 30)


def nfkc(s):
    return unicodedata.normalize("NFKC", s)


def hangul_digits(s):
    return "".join(HDIG.get(ch, ch) for ch in s)


def digits_only(s):
    return "".join(ch for ch in nfkc(s) if ch.isdigit())


def luhn_ok(d):
    tot = 0
    for i, ch in enumerate(reversed(d)):
        n = int(ch)
        if i % 2 == 1:
            n *= 2
            if n > 9:
                n -= 9
        tot += n
    return tot % 10 == 0


def luhn_digit(body):
    for c in "0123456789":
        if luhn_ok(body + c):
            return c
    raise AssertionError


RRN_W = [2, 3, 4, 5, 6, 7, 8, 9, 2, 3, 4, 5]


def rrn_check(d12, foreign):
    s = sum(int(a) * w for a, w in zip(d12, RRN_W, strict=False))
    return str(((13 if foreign else 11) - s % 11) % 10)


def rrn_ok(s):
    t = nfkc(s).replace(" ", "")
    if not re.fullmatch(r"\d{6}[-–]?\d{7}", t):
        return False
    d = digits_only(t)
    g = d[6]
    if g not in "12345678":
        return False
    cent = 1900 if g in "1256" else 2000
    try:
        born = datetime.date(cent + int(d[:2]), int(d[2:4]), int(d[4:6]))
    except ValueError:
        return False
    if born > TODAY:
        return False
    if born < datetime.date(2020, 10, 1):
        return d[12] == rrn_check(d[:12], g in "5678")
    return True


def phone_norm(s):
    t = hangul_digits(nfkc(s))
    t = t.replace("(0)", "")
    t = re.sub(r"[\s\-./()]", "", t)
    if t.startswith("+82"):
        t = "0" + t[3:]
    elif t.startswith("82") and len(t) >= 10:
        t = "0" + t[2:]
    return t


def mobile_ok(s):
    if "*" in s:
        return False
    t = phone_norm(s)
    if t.startswith("010"):
        return bool(re.fullmatch(r"010\d{8}", t))
    return bool(re.fullmatch(r"01[16789]\d{7,8}", t))


def landline_ok(s):
    if "*" in s:
        return False
    t = phone_norm(s)
    if not t.isdigit():
        return False
    if t.startswith("02"):
        return bool(re.fullmatch(r"02[1-9]\d{6,7}", t))
    if t[:4] in RELAY:
        return bool(re.fullmatch(r"050[2-8][1-9]\d{7}", t))
    if t.startswith("070"):
        return bool(re.fullmatch(r"070[1-9]\d{7}", t))
    if t[:3] in AREA3:
        return bool(re.fullmatch(r"0\d\d[1-9]\d{6,7}", t))
    return False


def email_norm(s):
    t = nfkc(s)
    t = re.sub(r"\s*(\(at\)|\[at\]|\{at\}|골뱅이|\sat\s|@)\s*", "@", t, count=1)
    t = re.sub(r"\s*(\(dot\)|\[dot\]|\{dot\}|\sdot\s|쩜|\.)\s*", ".", t)
    return t


def email_ok(s):
    t = email_norm(s)
    m = re.fullmatch(r"[A-Za-z0-9][A-Za-z0-9._+-]*@([A-Za-z0-9-]+\.)+([A-Za-z]{2,})", t)
    if not m or ".." in t or "._" in t:
        return False
    return m.group(2).lower() in TLDS


def ip_global(s):
    t = nfkc(s).replace("[.]", ".").replace(" ", "")
    try:
        a = ipaddress.ip_address(t)
    except ValueError:
        return False
    bad = (a.is_private or a.is_loopback or a.is_link_local or a.is_multicast or a.is_reserved or a.is_unspecified or not a.is_global)
    if a.version == 4 and (a in ipaddress.ip_network("100.64.0.0/10") or a in ipaddress.ip_network("192.0.2.0/24") or a in ipaddress.ip_network("198.51.100.0/24") or a in ipaddress.ip_network("203.0.113.0/24")):
        bad = True
    if a.version == 6 and (a in ipaddress.ip_network("2001:db8::/32") or a not in ipaddress.ip_network("2000::/3")):
        bad = True
    return not bad


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


def card_ok(s):
    t = nfkc(s)
    if "*" in t or not re.fullmatch(r"[\d\s\-./]+", t):
        return False
    d = digits_only(t)
    return card_brand(d) is not None and luhn_ok(d)


def account_shape_ok(s):
    t = nfkc(s).strip()
    if "*" in t or not re.fullmatch(r"\d[\d\s\-.]*\d", t):
        return False
    d = digits_only(t)
    if not 10 <= len(d) <= 14:
        return False
    groups = tuple(len(g) for g in re.split(r"\s*[-.]\s*|\s+", t) if g)
    return len(groups) == 1 or groups in GROUPINGS


def passes_as_value(s):
    """True if a decoy string would pass any value validator (whole string or a token of it)."""
    cands = [s] + [x for x in re.split(r"[\s,;()<>\[\]\"']+", s) if x]
    for c in cands:
        if rrn_ok(c) or mobile_ok(c) or landline_ok(c) or email_ok(c) or ip_global(c) or card_ok(c):
            return True
        if "-" in c and c[0] != "0" and account_shape_ok(c) and len(tuple(c.split("-"))) > 2:
            return True
    return False

# ---- values ----

R = RNG
SUR = ["김", "이", "박", "최", "정", "강", "조", "윤", "장", "임", "한", "오", "서", "신", "권", "황", "안", "송", "류", "홍"]
GIV = ["민지", "지훈", "서연", "현우", "수빈", "도윤", "하은", "준호", "예린", "성민", "유진", "태희", "동현", "은비", "재원", "소영", "경수", "미란", "정우", "혜진", "상철", "보람", "다은", "영수"]
ROM_S = ["kim", "lee", "park", "choi", "jung", "kang", "cho", "yoon", "jang", "lim", "han", "oh", "seo", "shin", "kwon", "hwang", "ahn", "song", "ryu", "hong"]
ROM_G = ["minji", "jihoon", "seoyeon", "hyunwoo", "subin", "doyoon", "haeun", "junho", "yerin", "sungmin", "yujin", "taehee", "donghyun", "eunbi", "jaewon", "soyoung", "kyungsoo", "miran", "jungwoo", "hyejin"]
WORDS = ["flower", "bloom", "hiker", "mountain", "guitar", "drum", "kimchi", "garden", "sunny", "blue", "cook", "green", "charge", "moon", "star", "traveler", "seoul", "busan", "jeju", "bookworm"]
PORTALS = ["naver.com", "daum.net", "hanmail.net", "gmail.com", "kakao.com", "nate.com"]
DOMS = {
    "company": ["hanbitflower.co.kr", "greenrepair.co.kr", "sori-music.co.kr", "dongne.coop", "saerom.kr", "hyundai-boiler.com", "cj-test.net", "evline.co.kr", "jangbang.co.kr"],
    "academic": ["snu.ac.kr", "yonsei.ac.kr", "korea.ac.kr", "pusan.ac.kr", "knu.ac.kr", "jnu.ac.kr", "hufs.ac.kr"],
    "government": ["seoul.go.kr", "gg.go.kr", "jeju.go.kr", "korea.kr", "gangwon.go.kr"],
    "org": ["kfem.or.kr", "ymca.or.kr", "hansalim.or.kr", "slowfood.or.kr", "nongshim-coop.or.kr"],
    "country": ["yahoo.co.jp", "gmx.de", "orange.fr", "fpt.vn", "shaw.ca", "xtra.co.nz", "bigpond.com.au", "btinternet.co.uk", "pldt.ph"],
    "gtld": ["hanok.studio", "sunny.farm", "mapo.kitchen", "groove.band", "dalbit.coffee", "slow.life", "green.garden", "open.camp", "wonju.shop", "chargeon.app"],
    "subdomain": ["mail.hanbit.co.kr", "cs.kaist.ac.kr", "biz.daum.net", "staff.evline.co.kr", "lab.yonsei.ac.kr"],
}
FW = {c: chr(ord(c) + 0xFEE0) for c in "0123456789"}
FW["-"] = "－"
HSPELL = "공일이삼사오육칠팔구"


def name():
    return R.choice(SUR) + R.choice(GIV)


def dg(n, first="0123456789"):
    return R.choice(first) + "".join(R.choice("0123456789") for _ in range(n - 1))


def fullwidth(s):
    return "".join(FW.get(c, c) for c in s)


def spaced(d):
    return " ".join(d)


def hangul(groups, sep):
    return sep.join("".join(HSPELL[int(c)] for c in g) for g in groups)


def wchoice(pairs):
    tot = sum(w for _, w in pairs)
    x = R.random() * tot
    for v, w in pairs:
        x -= w
        if x < 0:
            return v
    return pairs[-1][0]


def rare():
    return R.random() < 0.2


STATS = {"common": 0, "rare": 0, "rare_styles": {}}


def note(style, is_rare):
    STATS["rare" if is_rare else "common"] += 1
    if is_rare:
        STATS["rare_styles"][style] = STATS["rare_styles"].get(style, 0) + 1


def sp(text, kind):
    return (text, ("span", kind))


def phone_write(groups, intl_groups, is_mobile):
    """groups: list of digit groups of the domestic number; intl_groups without the leading 0."""
    if rare():
        st = R.choice(["intl-plus", "intl-82", "intl-paren0", "spaced-digits", "hangul", "fullwidth", "slash", "mixed-sep"] if not is_mobile else ["intl-plus", "intl-82", "spaced-digits", "hangul", "fullwidth", "slash", "mixed-sep"])
        note(st, True)
        if st == "intl-plus":
            t = R.choice(["+82 " + "-".join(intl_groups), "+82-" + "-".join(intl_groups), "+82" + "".join(intl_groups), "+82 " + " ".join(intl_groups)])
        elif st == "intl-82":
            t = "82-" + "-".join(intl_groups)
        elif st == "intl-paren0":
            t = "+82 (0)" + " ".join(intl_groups)
        elif st == "spaced-digits":
            t = R.choice([spaced("".join(groups)), "  ".join(spaced(g) for g in groups), " - ".join(spaced(g) for g in groups)])
        elif st == "hangul":
            t = hangul(groups, R.choice([" ", "-", ""]))
        elif st == "fullwidth":
            t = fullwidth("-".join(groups))
        elif st == "slash":
            t = "/".join(groups)
        else:
            t = groups[0] + " " + groups[1] + "-" + "-".join(groups[2:]) if R.random() < 0.5 else groups[0] + "." + groups[1] + "-" + "-".join(groups[2:])
        return t, st
    opts = [("hyphen", 10), ("none", 2.5), ("dot", 1.2), ("space", 1.2)]
    if not is_mobile:
        opts += [("paren", 2.5), ("paren-close", 1.2)]
    st = wchoice(opts)
    note(st, False)
    if st == "hyphen":
        t = "-".join(groups)
    elif st == "none":
        t = "".join(groups)
    elif st == "dot":
        t = ".".join(groups)
    elif st == "space":
        t = " ".join(groups)
    elif st == "paren":
        t = "(" + groups[0] + ") " + "-".join(groups[1:])
    else:
        t = groups[0] + ")" + "-".join(groups[1:])
    return t, st


def mobile_groups():
    pfx = "010" if R.random() < 0.88 else R.choice(MOBILE_PFX[1:])
    mid = dg(4, "23456789") if pfx == "010" or R.random() < 0.5 else dg(3, "23456789")
    return pfx, [pfx, mid, dg(4)]


def gen_mobile():
    pfx, g = mobile_groups()
    t, st = phone_write(g, [g[0][1:]] + g[1:], True)
    assert mobile_ok(t), t
    return [sp(t, "mobile")], f"mobile/{pfx}/{st}"


def landline_groups():
    c = wchoice([("02", 3), ("area", 3.5), ("070", 2), ("relay", 1.5)])
    if c == "02":
        return "seoul-02", ["02", dg(R.choice([3, 4]), "23456789"), dg(4)]
    if c == "area":
        a = R.choice(AREA3)
        return "area-" + a, [a, dg(R.choice([3, 3, 4]), "23456789"), dg(4)]
    if c == "070":
        return "internet-070", ["070", dg(4, "23456789"), dg(4)]
    r = R.choice(RELAY)
    return "relay-" + r, [r, dg(4, "23456789"), dg(4)]


def gen_landline():
    det, g = landline_groups()
    t, st = phone_write(g, [g[0][1:]] + g[1:], False)
    assert landline_ok(t), t
    return [sp(t, "landline")], f"landline/{det}/{st}"

# ---- values2 ----


def email_parts():
    g, s = R.choice(ROM_G), R.choice(ROM_S)
    form = wchoice([("gs", 2), ("g.s", 2), ("sg-num", 2), ("g_s", 1), ("word-num", 2), ("initial-year", 1), ("word", 1)])
    feats = []
    if form == "gs":
        loc = g + s
    elif form == "g.s":
        loc = g + "." + s
        feats.append("dots")
    elif form == "sg-num":
        loc = s + g + dg(2)
        feats.append("digits")
    elif form == "g_s":
        loc = g + "_" + s
    elif form == "word-num":
        loc = R.choice(WORDS) + dg(R.choice([2, 4]), "123456789")
        feats.append("digits")
    elif form == "initial-year":
        loc = g[0] + s + str(R.randint(1968, 2004))
        feats.append("digits")
    else:
        loc = R.choice(WORDS) + "." + R.choice(WORDS)
        feats.append("dots")
    if R.random() < 0.12:
        loc += "+" + R.choice(["shop", "club", "band", "farm", "news", "kimjang", "ev"])
        feats.append("plustag")
    if R.random() < 0.1:
        loc = ".".join(p[:1].upper() + p[1:] for p in loc.split("."))
        feats.append("upper")
    dc = wchoice([("portal", 9), ("company", 2), ("academic", 1.2), ("government", 1), ("org", 1), ("country", 1.2), ("gtld", 1.2), ("subdomain", 1)])
    dom = R.choice(PORTALS) if dc == "portal" else R.choice(DOMS[dc])
    if "upper" in feats and R.random() < 0.4:
        dom = dom.upper()
    return loc, dom, "-".join([dc] + feats)


def gen_email():
    loc, dom, det = email_parts()
    if rare():
        st = R.choice(["paren-at", "bracket-at-dot", "golbaengi", "at-dot-words", "fullwidth-at", "spaced-at"])
        note(st, True)
        if st == "paren-at":
            t = loc + R.choice([" (at) ", "(at)"]) + (dom if R.random() < 0.5 else dom.replace(".", " (dot) "))
        elif st == "bracket-at-dot":
            t = loc + "[at]" + dom.replace(".", "[dot]")
        elif st == "golbaengi":
            t = loc + R.choice([" 골뱅이 ", "골뱅이"]) + dom
        elif st == "at-dot-words":
            t = loc + " at " + dom.replace(".", " dot ")
        elif st == "fullwidth-at":
            t = loc + "＠" + dom
        else:
            t = loc + " @ " + dom
    else:
        st = "plain"
        note(st, False)
        t = loc + "@" + dom
    assert email_ok(t), t
    return [sp(t, "email")], f"email/{det}/{st}"


def rrn_digits():
    while True:
        foreign = R.random() < 0.15
        y = R.randint(1940, 2023)
        try:
            born = datetime.date(y, R.randint(1, 12), R.randint(1, 31))
        except ValueError:
            continue
        male = R.random() < 0.5
        if y < 2000:
            g = ("5" if male else "6") if foreign else ("1" if male else "2")
        else:
            g = ("7" if male else "8") if foreign else ("3" if male else "4")
        d12 = born.strftime("%y%m%d") + g + dg(5)
        if born < datetime.date(2020, 10, 1):
            d = d12 + rrn_check(d12, foreign)
            det = ("foreigner" if foreign else "korean") + ("-1900s" if y < 2000 else "-2000s")
        else:
            d = d12 + dg(1)
            det = ("foreigner" if foreign else "korean") + "-post2020"
        assert rrn_ok(d)
        return d, det


def gen_rrn():
    d, det = rrn_digits()
    a, b = d[:6], d[6:]
    if rare():
        st = R.choice(["space", "spaced-hyphen", "fullwidth", "en-dash"])
        note(st, True)
        t = {"space": a + " " + b, "spaced-hyphen": a + " - " + b, "fullwidth": fullwidth(a + "-" + b), "en-dash": a + "–" + b}[st]
    else:
        st = wchoice([("hyphen", 8), ("none", 2)])
        note(st, False)
        t = a + "-" + b if st == "hyphen" else d
    assert rrn_ok(t), t
    return [sp(t, "rrn")], f"rrn/{det}/{st}"


V4_FIRST = [1, 14, 27, 39, 49, 58, 59, 61, 106, 110, 112, 115, 118, 119, 121, 122, 124, 125, 175, 180, 182, 183, 210, 211, 218, 220, 221, 222, 223]
V6_PFX = ["2001:e60", "2001:2d8", "2001:4430", "2404:6800", "2406:5a00", "2400:cb00", "2001:7fa", "2406:da12", "2405:9800"]


def ip_value():
    if R.random() < 0.7:
        while True:
            t = f'{R.choice(V4_FIRST)}.{R.randint(0, 255)}.{R.randint(0, 255)}.{R.randint(1, 254)}'
            if ip_global(t):
                return t, "v4"
    while True:
        parts = R.choice(V6_PFX).split(":") + [f"{R.randint(0, 0xFFFF):x}" for _ in range(R.choice([2, 3, 6]))]
        t = str(ipaddress.ip_address(":".join(parts) + ("::" + f"{R.randint(1, 0xFFFF):x}" if len(parts) < 8 else "")))
        if ip_global(t):
            return t, "v6"


def gen_ip(port_ok=True):
    t, det = ip_value()
    if rare():
        st = "defanged" if det == "v4" else R.choice(["upper", "exploded"])
        note(st, True)
        if st == "defanged":
            t = t.replace(".", "[.]")
        elif st == "upper":
            t = t.upper()
        else:
            t = ipaddress.ip_address(t).exploded
    else:
        st = "plain"
        note(st, False)
    assert ip_global(t), t
    segs = [sp(t, "ip")]
    if det == "v4" and port_ok and R.random() < 0.2:
        segs += [(":", None), (R.choice(["8080", "443", "3389", "22", "8443", "5000", "9000"]), ("decoy", "port"))]
    return segs, f"ip/{det}/{st}"


def card_digits():
    b = wchoice([("visa", 3), ("mastercard", 3), ("amex", 1), ("jcb", 1.5), ("discover", 0.5), ("unionpay", 1)])
    if b == "visa":
        body = "4" + dg(14)
    elif b == "mastercard":
        body = (str(R.randint(51, 55)) + dg(13)) if R.random() < 0.75 else (str(R.randint(2221, 2720)) + dg(11))
    elif b == "amex":
        body = R.choice(["34", "37"]) + dg(12)
    elif b == "jcb":
        body = str(R.randint(3528, 3589)) + dg(11)
    elif b == "discover":
        body = R.choice(["6011" + dg(11), "65" + dg(13)])
    else:
        body = "62" + dg(13)
    d = body + luhn_digit(body)
    assert card_brand(d) == b and luhn_ok(d)
    return d, b


def card_groups(d):
    if len(d) == 15:
        return [d[:4], d[4:10], d[10:]]
    return [d[i:i + 4] for i in range(0, 16, 4)]


def gen_card():
    d, b = card_digits()
    g = card_groups(d)
    if rare():
        st = R.choice(["dot", "fullwidth", "mixed-sep", "spaced-digits"])
        note(st, True)
        t = {"dot": ".".join(g), "fullwidth": fullwidth("-".join(g)), "mixed-sep": " ".join(g[:2]) + "-" + "-".join(g[2:]), "spaced-digits": " ".join(spaced(x) for x in g)}[st]
    else:
        st = wchoice([("hyphen", 6), ("space", 2), ("none", 2)])
        note(st, False)
        t = {"hyphen": "-".join(g), "space": " ".join(g), "none": d}[st]
    assert card_ok(t), t
    return [sp(t, "card")], f"card/{b}/{st}"

# ---- values3 ----

BANKS = [
    ("kb", ["KB국민은행", "국민은행", "국민", "KB국민"], [(6, 2, 6)], None, 3),
    ("shinhan", ["신한은행", "신한"], [(3, 3, 6)], ["110", "100", "140"], 3),
    ("woori", ["우리은행", "우리은행", "우리"], [(4, 3, 6)], ["1002", "1005"], 2.5),
    ("hana", ["하나은행", "하나", "KEB하나은행"], [(3, 6, 5)], None, 2),
    ("nh", ["NH농협", "농협", "농협은행", "NH농협은행"], [(3, 4, 4, 2), (6, 2, 6)], ["302", "301", "351", "352", "356"], 3),
    ("ibk", ["IBK기업은행", "기업은행", "기업"], [(3, 6, 2, 3)], None, 1.5),
    ("kakaobank", ["카카오뱅크", "카뱅", "카카오뱅크"], [(4, 2, 7)], ["3333", "3333", "7979"], 3),
    ("tossbank", ["토스뱅크", "토스뱅크", "토스"], [(4, 4, 4)], ["1000", "1001"], 1.5),
    ("mg", ["새마을금고", "MG새마을금고"], [(4, 4, 4, 1)], ["9002", "9003", "9100"], 1.2),
    ("post", ["우체국", "우체국"], [(6, 2, 6)], None, 1.2),
    ("sc", ["SC제일은행", "SC제일"], [(3, 2, 6)], None, 0.6),
    ("kbank", ["케이뱅크"], [(3, 3, 6)], ["100"], 0.6),
    ("busan", ["부산은행", "BNK부산은행"], [(3, 4, 4, 2)], ["101", "112"], 0.6),
]


def account_groups():
    code, names, grps, pfx, _ = wchoice([(b, b[4]) for b in BANKS])
    gr = R.choice(grps)
    groups = [dg(n, "123456789") if i == 0 else dg(n) for i, n in enumerate(gr)]
    if pfx and len(R.choice(pfx)) == gr[0]:
        groups[0] = R.choice([p for p in pfx if len(p) == gr[0]])
    return code, R.choice(names), groups


def acct_write(groups):
    if rare():
        st = R.choice(["space", "dot", "fullwidth", "spaced-hyphen"])
        note(st, True)
        t = {"space": " ".join(groups), "dot": ".".join(groups), "fullwidth": fullwidth("-".join(groups)), "spaced-hyphen": " - ".join(groups)}[st]
    else:
        st = wchoice([("hyphen", 7), ("none", 2.5)])
        note(st, False)
        t = "-".join(groups) if st == "hyphen" else "".join(groups)
    return t, st


def bank_wrap(bank, num_seg, pos=None, owner=True):
    pos = pos or wchoice([("before", 5), ("after", 2), ("bracket-after", 1.5), ("bracket-before", 1.5), ("slash", 0.7), ("touching", 0.5)])
    if pos == "before":
        segs = [(bank + R.choice([" ", " ", ": ", " 계좌 "]), None), num_seg]
    elif pos == "after":
        segs = [num_seg, (" " + bank, None)]
    elif pos == "bracket-after":
        segs = [num_seg, (R.choice([" (", "("]) + bank + ")", None)]
    elif pos == "bracket-before":
        segs = [(R.choice(["[%s] ", "(%s) ", "(%s)"]) % bank, None), num_seg]
    elif pos == "slash":
        segs = [(bank + R.choice([" / ", "/"]), None), num_seg]
    else:
        segs = [(bank, None), num_seg]
    if owner and R.random() < 0.35:
        segs.append((R.choice([" 예금주 %s", " (%s)", " %s", ", 예금주: %s"]) % name(), None))
    return segs, pos


def gen_account():
    code, bank, groups = account_groups()
    t, st = acct_write(groups)
    assert account_shape_ok(t), t
    segs, pos = bank_wrap(bank, sp(t, "account"))
    return segs, "account/{}-{}-{}/{}".format(code, "".join(str(len(g)) for g in groups), pos, st)


def star(s, keep_idx):
    return "".join(c if (i in keep_idx or not c.isdigit()) else "*" for i, c in enumerate(s))


def mask_rrn():
    d, _ = rrn_digits()
    t = R.choice([d[:6] + "-" + d[6] + "******", d[:6] + "-*******", d[:4] + "**-" + d[6] + "******", d[:6] + "-" + d[6] + "xxxxxx"])
    return [(t, ("decoy", "masked_rrn"))]


def mask_mobile():
    _, g = mobile_groups()
    t = R.choice([g[0] + "-****-" + g[2], g[0] + "-" + g[1][:2] + "**-" + g[2], g[0] + "-" + g[1] + "-****", g[0] + "-****-****", g[0] + "****" + g[2], g[0] + "-" + g[1][:-1] + "*-*" + g[2][1:]])
    return [(t, ("decoy", "masked_mobile"))]


def mask_landline():
    _, g = landline_groups()
    t = R.choice([g[0] + "-" + "*" * len(g[1]) + "-" + g[2], g[0] + "-" + g[1][:-1] + "*-" + g[2], g[0] + "-" + g[1] + "-****"])
    if g[0] == "02" and R.random() < 0.3:
        t = "(02) " + t[3:]
    return [(t, ("decoy", "masked_landline"))]


def mask_email():
    loc, dom, _ = email_parts()
    loc = loc.split("+")[0]
    t = R.choice([loc[:2] + "***@" + dom, loc[0] + "*" * (len(loc) - 1) + "@" + dom, loc[:3] + "****@" + dom])
    return [(t, ("decoy", "masked_email"))]


def mask_ip():
    while True:
        t, det = ip_value()
        if det == "v4":
            break
    p = t.split(".")
    t = R.choice([p[0] + "." + p[1] + ".*.*", p[0] + ".***." + p[2] + "." + p[3], p[0] + "." + p[1] + ".xxx.xxx", p[0] + "." + p[1] + ".♡.♡"])
    return [(t, ("decoy", "masked_ip"))]


def mask_card():
    d, _ = card_digits()
    g = card_groups(d)
    sep = R.choice(["-", "-", " "])
    if len(g) == 4:
        t = R.choice([sep.join([g[0], "****", "****", g[3]]), sep.join([g[0], g[1][:2] + "**", "****", g[3]]), sep.join(["****", "****", "****", g[3]])])
    else:
        t = sep.join([g[0], "******", g[2][:1] + "****"])
    return [(t, ("decoy", "masked_card"))]


def mask_account():
    code, bank, groups = account_groups()
    num = "-".join(groups)
    keep = set(range(len(groups[0]))) | {len(num) - 1, len(num) - 2}
    t = star(num, keep)
    segs, _ = bank_wrap(bank, (t, ("decoy", "masked_account")), R.choice(["before", "after", "bracket-before"]), owner=False)
    return segs


VALUE_GENS = {"rrn": gen_rrn, "mobile": gen_mobile, "landline": gen_landline, "email": gen_email, "ip": gen_ip, "card": gen_card, "account": gen_account}
MASK_GENS = {"rrn": mask_rrn, "mobile": mask_mobile, "landline": mask_landline, "email": mask_email, "ip": mask_ip, "card": mask_card, "account": mask_account}

# ---- decoys ----

HASH_N = [0]


def ean13(body12):
    s = sum(int(c) * (3 if i % 2 else 1) for i, c in enumerate(body12))
    return body12 + str((10 - s % 10) % 10)


def d_date():
    y, m, d = R.randint(2024, 2026), R.randint(1, 12), R.randint(1, 28)
    return R.choice([f'{y}-{m:02d}-{d:02d}', f'{y}.{m}.{d}', f'{y % 100:02d}.{m:02d}.{d:02d}', f'{m}/{d}', f'{y}년 {m}월 {d}일', f'{m}월 {d}일', f'{y}. {m}. {d}'])


def d_time():
    h, m = R.randint(6, 22), R.choice([0, 0, 10, 20, 30, 30, 40, 50])
    t = f'{h:02d}:{m:02d}'
    return R.choice([t, t, t + f'~{min(h + R.randint(1, 3), 23):02d}:{m:02d}'])


def d_price():
    n = wchoice([(R.randint(1, 60) * 1000, 5), (R.randint(1, 300) * 500, 3), (R.randint(1, 40) * 10000, 2), (R.randint(10, 200) * 10000, 1)])
    s = f"{n:,}"
    return R.choice([s + "원", s + "원", "₩" + s, s, (str(n // 10000) + "만원") if n % 10000 == 0 and n >= 10000 else s + "원"])


def d_quantity():
    return R.choice([f'{R.randint(1, 30)}kg', f'{R.randint(5, 100)}포기', f'{R.randint(1, 12)}박스', f'{R.randint(1, 20) * 50}g', f'{R.randint(1, 20)}L', f'{R.randint(2, 40)}인분', f'{R.randint(2, 60)}명', f'{R.randint(1, 25)}.{R.randint(0, 9)}km', f'{R.choice([7, 11, 50, 100, 200, 350])}kW', f'{R.randint(1, 50)}개'])


def d_version():
    v = f'{R.randint(1, 9)}.{R.randint(0, 20)}.{R.randint(0, 30)}'
    return R.choice(["v" + v, "ver " + v, "버전 " + v, v + " 버전", "Ver." + v[:-2] if v[-2] == "." else "ver " + v])


def d_model():
    return R.choice([f'{R.choice(["WD", "SM", "KDB", "RH", "BK", "NR", "DW", "EHS", "SW", "GR"])}-{R.choice(["", "K", "A", "S", "M"])}{R.randint(100, 9999)}{R.choice(["", "N", "T", "S", "K", "W"])}', f'{R.choice(["F", "T", "R", "X"])}{R.randint(10, 99)}{R.choice(["WDWP", "NKS", "MBC", "AB"])}'])


def d_barcode():
    return ean13(R.choice(["880", "880", "889", "490", "400"]) + dg(9))


def d_isbn():
    b = "97889" + dg(7)
    e = ean13(b)
    return R.choice(["ISBN " + e, f"978-89-{e[5:9]}-{e[9:12]}-{e[12]}"])


def d_order():
    return R.choice([f'{R.randint(2024, 2026)}{R.randint(1, 12):02d}{R.randint(1, 28):02d}-{dg(7)}', f"ORD-{dg(6)}-{dg(4)}", f'{"2025" + dg(12)}', f"No.{dg(6)}"])


def d_tracking():
    return R.choice(["5" + dg(11), "6" + dg(11), "3" + dg(12)])


def d_invoice():
    return R.choice([f'INV-{R.randint(2024, 2026)}-{dg(4)}', f"T{dg(10)}"])


def d_reservation():
    return R.choice([f"R{dg(10)}", f"BK-{dg(6)}", f"{dg(4)}-{dg(2)}"])


def d_receipt():
    return R.choice([f'{R.randint(2024, 2026)}{R.randint(1, 12):02d}{R.randint(1, 28):02d}-{dg(2)}-{dg(6)}', f"No. {dg(5)}"])


def d_approval():
    return dg(8)


def d_claim():
    return R.choice([f"AS{dg(4)}-{dg(4)}", f"A-{dg(6)}-{dg(3)}", f'제{R.randint(2024, 2026)}-{dg(4)}호'])


def d_policy():
    return R.choice([f'{R.randint(2015, 2026)}-{dg(4)}-{dg(4)}', f"P{dg(9)}"])


def d_regmail():
    return R.choice(["60", "61", "13"]) + dg(11)


def d_case():
    return f'{R.randint(2022, 2026)}{R.choice(["가단", "가소", "머", "차전"])}{dg(R.choice([4, 5]))}'


def d_student():
    return str(R.randint(2015, 2026)) + dg(R.choice([4, 5]))


def d_member():
    return R.choice([f"M-{dg(5)}", f"{dg(6)}", f"MEM{dg(7)}"])


def d_biz():
    return "{}-{}-{}".format(dg(3, "123456789"), dg(2), dg(5))


def d_corp():
    return "{}{}-{}".format(R.choice(["1101", "1201", "1345", "1301", "1611", "2001", "1801", "1711"]), R.choice(["11", "71", "81", "41", "14"]), dg(7))


def d_rep():
    return R.choice(["1588", "1577", "1544", "1566", "1600", "1644", "1661", "1670", "1688", "1800", "1833", "1899"]) + "-" + dg(4)


def d_tollfree():
    return "080-{}-{}".format(dg(R.choice([3, 4]), "123456789"), dg(4))


def d_short():
    return R.choice(["119", "112", "114", "120", "1330", "1339", "1372", "182", "117", "1345"])


def d_relay0500():
    return "{}-{}-{}".format(R.choice(["0500", "0501"]), dg(4, "23456789"), dg(4))


def d_private_ip():
    return R.choice([f'192.168.{R.choice([0, 1, 10, 35])}.{R.randint(1, 254)}', f'10.{R.randint(0, 255)}.{R.randint(0, 255)}.{R.randint(1, 254)}', f'172.{R.randint(16, 31)}.{R.randint(0, 255)}.{R.randint(1, 254)}', "127.0.0.1", f'169.254.{R.randint(1, 254)}.{R.randint(1, 254)}', f'100.{R.randint(64, 127)}.{R.randint(0, 255)}.{R.randint(1, 254)}', f'203.0.113.{R.randint(1, 254)}', f'198.51.100.{R.randint(1, 254)}', f'192.0.2.{R.randint(1, 254)}', "0.0.0.0", f"fe80::{R.randint(1, 0xFFFF):x}:{R.randint(1, 0xFFFF):x}", f"fd00::{R.randint(1, 0xFFFF):x}", "::1", f"2001:db8::{R.randint(1, 0xFFFF):x}", f'224.0.0.{R.randint(1, 250)}'])


def d_port():
    return R.choice(["8080", "443", "3000", "5432", "8443", "1883", "9090"])


def d_image():
    return R.choice(["icon", "logo", "banner", "qr", "map", "poster", "btn_call", "profile"]) + R.choice(["@2x", "@3x", f'_{R.randint(1, 9)}@2x']) + R.choice([".png", ".jpg", ".webp"])


def d_git():
    return R.choice(["git@github.com:%s/%s.git", "git@gitlab.com:%s/%s.git", "https://github.com/%s/%s.git"]) % (R.choice(["groove-band", "chargeon", "dongne-coop", "hostel-dev", "studyroom"]), R.choice(["setlist", f'app-v{R.randint(2, 5)}', "booking", "kiosk-fw", "site2025"]))


def d_npm():
    return "@{}/{}".format(R.choice(["chargeon", "types", "band", "kiosk", "studyroom"]), R.choice(["sdk", "node", "ui-kit", f'setlist-{R.randint(2, 9)}', "ocpp16"]))


def d_mention():
    return "@" + R.choice(["민지_드럼", "hikingking", "cook_master", "베이스장인", "farm_dad", "kimjang_queen", f'ev_driver{R.randint(1, 99)}', "노을러", f'guest_{R.randint(10, 999)}'])


def d_coord():
    return R.choice([f"{R.uniform(33.2, 38.3):.4f}, {R.uniform(126.1, 129.5):.4f}", f"N{R.uniform(33.2, 38.3):.5f} E{R.uniform(126.1, 129.5):.5f}"])


def d_stat():
    return R.choice([f"{R.uniform(1, 99):.1f}%", f'{R.randint(5, 95)}%'])


def d_score():
    return R.choice([f"{R.uniform(3, 5):.1f}점", f"{R.uniform(3, 5):.1f}/5", f'{R.randint(0, 5)}:{R.randint(0, 5)}', f'{R.randint(60, 100)}점'])


def d_doi():
    return R.choice(["ISSN {}-{}".format(dg(4), dg(3) + R.choice("0123456789X")), f'doi:10.{dg(4)}/{R.choice(["jkfs", "KJCS", "jcc"])}.{R.randint(2015, 2025)}.{dg(3)}'])


def d_hash():
    HASH_N[0] += 1
    h = hashlib.sha1((f'oos6-{HASH_N[0]}-{R.randint(0, 10**9)}').encode()).hexdigest()
    return R.choice([h, h[:7], h[:12]])


def d_uuid():
    h = f"{R.getrandbits(128):032x}"
    h = h[:12] + "4" + h[13:16] + R.choice("89ab") + h[17:]
    return f"{h[:8]}-{h[8:12]}-{h[12:16]}-{h[16:20]}-{h[20:]}"


def d_serial():
    return R.choice(["SN {}{}{}-{}".format(R.choice("KXBT"), dg(1), R.choice("ABZQ"), dg(4)), "S/N: {}{}".format(dg(4), "A" + dg(7))])


def d_postal():
    return dg(5, "0123456")


def d_room():
    return R.choice([f'{R.randint(1, 12)}{R.randint(1, 20):02d}호', f'{R.randint(1, 5)}{R.randint(1, 9):02d}호', f'{R.choice(["101", "102", "103", "A", "B"])}동 {R.randint(1, 15)}{R.randint(1, 6):02d}호'])


def d_seat():
    return R.choice([f'{R.choice("ABCD")}-{R.randint(1, 40)}', f'{R.randint(1, 60)}번', f'{R.choice("ABCDEF")}{R.randint(1, 30)}'])


def d_meeting():
    return R.choice(["{} {} {}".format(dg(3, "89"), dg(4), dg(4)), "{} {} {}".format(dg(3, "89"), dg(3), dg(4))])


def d_otp():
    return dg(6)


def d_gift_pin():
    while True:
        d = dg(16)
        if not luhn_ok(d):
            return R.choice(["-".join(d[i:i + 4] for i in range(0, 16, 4)), d])


def d_fake_area():
    return "{}-{}-{}".format(R.choice(["035", "036", "037", "038", "039", "045", "046", "056", "057", "065", "066", "068"]), dg(3, "23456789"), dg(4))


def d_extension():
    return dg(4, "123456789")


def d_charger():
    return R.choice([f'EV-{R.randint(1, 30):02d}-{R.randint(1, 999):03d}', f"CP{dg(6)}", f'#{R.randint(1, 40)}'])


def d_card_last4():
    return dg(4)


DECOY_GENS = {k[2:]: v for k, v in list(globals().items()) if k.startswith("d_") and callable(v)}
DECOY_GENS["fake_area_phone"] = DECOY_GENS.pop("fake_area")
PII_RANK = ["masked_rrn", "masked_card", "masked_account", "masked_mobile", "masked_landline", "masked_email", "masked_ip", "corp", "gift_pin", "fake_area_phone", "relay0500", "tollfree", "rep", "private_ip", "biz", "regmail", "meeting", "tracking", "barcode", "order", "policy", "approval", "otp", "card_last4", "student", "member", "extension", "short", "reservation", "receipt", "claim", "invoice", "case", "serial", "charger", "postal", "port", "mention", "git", "npm", "image", "coord", "uuid", "hash", "doi", "isbn", "model", "version", "room", "seat", "score", "stat", "price", "quantity", "date", "time"]


def make_decoy(kind):
    for _ in range(200):
        t = DECOY_GENS[kind]()
        if not passes_as_value(t):
            return t
    raise AssertionError(kind)

# ---- render ----

KINDS = ["rrn", "mobile", "landline", "email", "ip", "card", "account"]
SLOT_KINDS = {"M": ["mobile"], "L": ["landline"], "E": ["email"], "R": ["rrn"], "I": ["ip"], "C": ["card"], "A": ["account"], "P": ["mobile", "landline"], "K": ["mobile", "landline", "email"]}
COUNTS = {k: 0 for k in KINDS}
TARGET = 118
P_MASK = 0.15
TOKEN = re.compile(r"\{([^{}]+)\}")
GFILL = {
    "n": None,
    "day": ["월요일", "화요일", "수요일", "목요일", "금요일", "토요일", "일요일"],
    "region": ["마포구", "강릉", "전주", "제주", "수원", "청주", "부산 해운대", "대구 수성구", "광주 동구", "춘천", "양평", "홍성"],
}


def slot_list(frame):
    return [t for t in TOKEN.findall(frame) if t in SLOT_KINDS]


def pick_kind(tok):
    opts = SLOT_KINDS[tok]
    low = min(COUNTS[k] for k in opts)
    return R.choice([k for k in opts if COUNTS[k] == low])


def frame_score(frame, used):
    toks = slot_list(frame)
    if not toks:
        return -99.0
    s = 0.0
    for t in toks:
        s += max(TARGET - COUNTS[k] for k in SLOT_KINDS[t])
    return s / len(toks) + 5.0 * len(toks) - 12.0 * used


def render(frame, mode, fill):
    toks = TOKEN.findall(frame)
    nslots = sum(1 for t in toks if t in SLOT_KINDS)
    if mode == "neg":
        masked = [True] * nslots
    else:
        masked = [nslots >= 2 and R.random() < P_MASK for _ in range(nslots)]
        if nslots and all(masked):
            masked[R.randrange(nslots)] = False
    segs, forms = [], []
    pos, si = 0, 0
    for m in TOKEN.finditer(frame):
        segs.append((frame[pos:m.start()], None))
        pos = m.end()
        t = m.group(1)
        if t in SLOT_KINDS:
            kind = pick_kind(t) if not masked[si] else R.choice(SLOT_KINDS[t])
            if masked[si]:
                segs += MASK_GENS[kind]()
            else:
                s, f = VALUE_GENS[kind]()
                segs += s
                forms.append(f)
                COUNTS[kind] += 1
            si += 1
        elif t.startswith("d:"):
            k = R.choice(t[2:].split("|"))
            segs.append((make_decoy(k), ("decoy", k)))
        elif t.startswith("q:"):
            a = t.split(":") + ["2", "40"]
            segs.append((f'{R.randint(int(a[2]), int(a[3]))}{a[1]}', ("decoy", "quantity")))
        elif t.startswith("p:"):
            a = t.split(":")
            segs.append((f"{R.randint(int(a[1]), int(a[2])) * int(a[3]):,}원", ("decoy", "price")))
        elif t.startswith("x:"):
            segs += MASK_GENS[R.choice(t[2:].split("|"))]()
        elif t == "n":
            segs.append((name(), None))
        elif t.startswith("f:"):
            segs.append((R.choice(fill[t[2:]]), None))
        elif t in GFILL:
            segs.append((R.choice(GFILL[t]), None))
        else:
            raise KeyError(t)
    segs.append((frame[pos:], None))
    text, spans, decs = "", [], []
    for s, tag in segs:
        if tag:
            d = {"kind": tag[1], "start": len(text), "end": len(text) + len(s), "value": s}
            (spans if tag[0] == "span" else decs).append(d)
        text += s
    return text, spans, decs, forms


def rank_decoy(decs):
    best = None
    for d in decs:
        r = PII_RANK.index(d["kind"]) if d["kind"] in PII_RANK else len(PII_RANK)
        if best is None or r < best[0]:
            best = (r, d["kind"])
    return best[1]

# ---- frames_a ----
GENRES = {}

GENRES["flower_shop"] = {
    "fill": {"place": ["○○웨딩홀 3층 로비", "시청 앞 카페 건물 2층", "성모병원 장례식장", "판교 오피스 1층 안내데스크", "한빛초 교무실"], "ribbon": ["祝 開業", "축 승진", "삼가 고인의 명복을 빕니다", "사랑하는 엄마 생신 축하해요", "祝 發展"]},
    "val": [
        "[배달 주문서]\n받는 분: {n} 님 / 연락처 {P}\n리본 문구: {f:ribbon}\n배달 {d:date} {d:time} 사이\n결제 {d:price}",
        "근조 3단 화환 하나 주문할게요. 보내는 사람 {n}, 연락 가능한 번호는 {M}입니다. 리본 오른쪽엔 '{f:ribbon}', 왼쪽엔 회사명 넣어주세요. 빈소는 {d:room}이에요.",
        "꽃다발 예약금 {d:price} 방금 보냈어요 ({A}). 입금자명은 {n}으로 찍혔을 거예요.",
        "주문번호 {d:order} 확인 부탁드립니다. 카드 {C}로 결제했는데 승인 문자가 안 와서요.",
        "축하 화분 배송 완료 사진은 {E}로 보내주세요~ 리본은 '{f:ribbon} - {n} 드림'으로 부탁드려요.",
        "환불받을 계좌 남겨요\n{A}\n취소한 주문 {d:order}, 금액 {d:price}",
        "받는 분 연락처 {M} / 보내는 분 {P}\n깜짝 선물이라 받는 분께 미리 전화는 하지 말아주세요!!",
        "어버이날 카네이션 바구니 {q:개} 단체 주문 견적 받고 싶어요. 회신은 {E} 아니면 {M}로 주세요.",
        "법인카드 {C}로 근조 화환 결제 부탁드립니다. 유효기간이랑 CVC는 전화로 불러드릴게요. 담당 {n} {L}",
        "[스마트스토어 문의]\n작성자 IP {I}\n리본 글자 수 제한 있나요? '{n}♥{n} 결혼 10주년' 넣고 싶어요.",
        "꽃 배달 받는 곳: {f:place}\n수령인 {n} ({M})\n부재 시 경비실에 맡겨 주세요.",
        "지출증빙용 세금계산서 부탁드려요. 사업자번호 {d:biz}, 담당자 메일 {E}입니다.",
        "가게 대표번호 {d:rep}는 계속 통화중이라서요, 사장님 매장 직통 {L}으로 전화드려도 될까요?",
        "꽃바구니 두 개 중 하나는 {f:place}로, 하나는 어머니께 보내주세요. 어머니 번호 {P}, 제 번호 {M}.",
    ],
    "free": [
        "오늘 입고: 장미 {q:송이}, 작약 {q:단}. 작약은 {d:date}까지만 주문 받아요 🌸",
        "리본 문구 예시\n- 祝 發展\n- 축 개업\n- 삼가 故人의 冥福을 빕니다\n리본 추가는 {d:price}입니다.",
        "배송 가능 지역은 {region} 일대, 배달비 {d:price}. 당일 배송은 {d:time} 주문까지 받아요. 문의 {d:rep}",
        "주문 조회는 주문번호({d:order})로 해주세요. 카드 승인번호 {d:approval}, 영수증 번호 {d:receipt}.",
        "[출고 완료] {n} 고객님({x:mobile}) 꽃바구니 {d:date} 출고, 송장번호 {d:tracking}",
        "매장 위치 {d:coord} (우편번호 {d:postal}). 영업시간 {d:time}, 일요일은 쉽니다.",
        "이번 달 인기 꽃다발 만족도 {d:score}, 재주문율 {d:stat}. 상품코드 {d:model}은 품절이에요.",
    ],
}

GENRES["repair_service"] = {
    "fill": {"item": ["드럼세탁기", "김치냉장고", "벽걸이 에어컨", "가스보일러", "식기세척기", "전기레인지"]},
    "val": [
        "[AS 접수]\n제품: {f:item} ({d:model})\n시리얼 {d:serial}\n증상: 전원은 들어오는데 작동을 안 함\n방문 희망 {d:date} 오전\n연락처 {P}",
        "보일러 에러 뜨면서 온수가 안 나와요ㅠ 주소는 {region}이고 기사님 출발하실 때 {M}로 전화 주세요.",
        "출장비 {d:price} 별도, 부품비는 현장에서 안내드립니다. 출장비는 {A} 로 선입금 부탁드려요.",
        "수리비 카드 영수증 재발급 요청합니다. 결제 카드 {C}, 결제일 {d:date}, 금액 {d:price}.",
        "접수번호 {d:claim} 건 기사 배정 완료. 담당 기사 {n}({M}), 방문 예정 {d:time}.",
        "{f:item} 이전 설치 견적서를 {E}로 받아볼 수 있을까요? 실외기는 베란다 난간 쪽에 있어요.",
        "스마트 보일러 원격 점검이 {I}에서 계속 접속 실패로 뜹니다. 집 공유기 주소는 {d:private_ip}이고요.",
        "유상 수리라서 취소할게요. 선입금한 출장비는 {A}로 돌려주시고, 현금영수증은 {M}로 부탁드려요.",
        "[출장 수리 완료]\n고객 {n} / {L}\n작업: 냉장고 팬모터 교체 ({d:model})\n출장비 {d:price} + 부품 {d:price}\n결제 카드 {C}",
        "관리사무소({L})를 통해서 접수했는데 아직 연락이 없네요. 제 번호 {M}로 연락 부탁드립니다.",
        "{f:item} 소음 문의입니다. 사진이랑 영상은 {E}에서 보냈어요. 구입일 {d:date}, 바코드 {d:barcode}.",
        "기사님 출장비 보냈습니다~ {A}에서 {d:price} 나갔어요. 확인 부탁드려요.",
        "보일러 교체 지원금 신청서에 주민번호 {R} 적어서 제출했어요. 설치 업체 담당 {n}, 번호 {P}.",
        "부품 교환 확인서는 {E}로 보내주세요. 팩스보다 메일이 편해요. 문의 회신은 {K}.",
    ],
    "free": [
        "출장비 안내: 시내 {d:price}, 외곽 {d:price}. 야간({d:time}) 및 주말은 {d:stat} 할증됩니다.",
        "고객센터 {d:rep} / 야간 긴급출동 {d:tollfree}. 가스 냄새가 나면 먼저 {d:short}에 신고하세요.",
        "에러코드 안내\n- E1 급수 이상\n- E3 배수 불량\n펌웨어 {d:version} 이후로는 자동 복구됩니다.",
        "[접수 확인] {n} 고객님({x:mobile|landline}) 접수번호 {d:claim}, 방문일 {d:date}.",
        "부품 재고: 팬모터 {d:model} {q:개}, 도어 스위치 {d:model} 품절. 입고 예정 {d:date}.",
        "스마트홈 앱이 {d:private_ip}:{d:port}로 연결하다 멈춥니다. 앱 {d:version}, 기기 {d:serial}.",
    ],
}

GENRES["garage_sale"] = {
    "fill": {"place": ["망원 유수지 공터", "성수동 주차장 부지", "문화비축기지 앞마당", "동네 도서관 앞 광장", "구청 뒤 잔디마당"], "shop": ["달빛공방", "오래된옷장", "소소마켓", "초록손", "빈티지하우스"]},
    "val": [
        "[셀러 모집] {d:date} 토요일 {f:place} 플리마켓\n참가비 {d:price} (테이블 포함)\n입금 {A}\n입금 후 문자 주세요 {M}",
        "셀러 신청합니다!\n상호: {f:shop}\n품목: 핸드메이드 귀걸이\n연락처: {P}\n인스타: {d:mention}",
        "우천 취소 공지 보고 연락드려요. 참가비 환불 받을 계좌는 {A} 입니다.",
        "셀러 정산금 원천징수 때문에 필요하다고 하셔서 남깁니다. 주민번호 {R} (개인 판매자)",
        "신청서 중복 확인 결과 같은 IP({I})에서 세 건이 들어와서 한 건만 접수 처리했습니다.",
        "플리마켓 운영팀 메일은 {E} 입니다. 부스 배치도는 {d:date}에 메일로 보내드려요.",
        "부스 {d:seat} 셀러 {n}님, 참가비 카드결제 취소 접수됐습니다. 카드 {C}, 승인번호 {d:approval}.",
        "참가 확정 문자가 {M}로 갔다는데 제 번호가 아니에요ㅠ 제 번호는 {M}입니다.",
        "빈티지 의류 셀러 {n}입니다. 당일 {d:time}부터 세팅 가능할까요? 급한 건 {P}로 주세요.",
        "[참가비 반환 명단]\n- {n}: {A}\n- {n}: {A}\n- {n}: {A}\n금요일까지 일괄 송금합니다.",
        "주최 측 연락처: {L} (평일 {d:time}) / 메일 {E}",
        "푸드트럭 셀러는 위생교육 수료증을 {E}로 제출해 주세요. 전기는 {q:kW:1:5} 이하만 가능합니다.",
        "사전결제 중복 건 확인 중입니다. {C} 카드로 두 번 결제되신 분 {K}로 연락 주세요.",
    ],
    "free": [
        "[셀러 모집 공고]\n일시 {d:date} {d:time}\n장소 {f:place}\n모집 {q:팀}\n참가비 {d:price}\n문의는 인스타 DM {d:mention}",
        "부스 배정: {d:seat}~{d:seat} 핸드메이드, 나머지는 빈티지. 전기 필요하면 {d:price} 추가예요.",
        "참가비 입금 확인: {n}({x:mobile}), {n}({x:mobile}), {n}({x:account})",
        "당일 주차 불가! 행사장 좌표 {d:coord}. 비 오면 {d:date}로 미뤄요.",
        "포스터는 {d:image}, 로고는 {d:image}로 올려뒀어요. 공유할 때 해시태그 부탁해요.",
        "지난 회차 방문객 {q:명}, 셀러 만족도 {d:stat}. 다음 회차 모집은 {d:date}부터예요.",
    ],
}

# ---- frames_b ----

GENRES["band_club"] = {
    "fill": {"venue": ["홍대 롤링홀", "합정 클럽 FF", "상수 벨로주", "구청 야외무대", "문래 예술공장"], "song": ["Hotel California", "너에게 난 나에게 넌", "붉은 노을", "Creep", "말달리자"]},
    "val": [
        "[합주 공지] {d:date} {d:time} 합주실 {d:room}\n셋리스트: {f:song}, {f:song}\n이번 달 회비 {d:price} → {A}",
        "공연 출연료 원천징수 신고용으로 주민번호 받습니다. 베이스 {n}: {R}",
        "앰프 대여 업체 담당자 번호 {P} 입니다. 반납은 공연 다음날 {d:time}까지.",
        "{f:venue} 공연 게스트 명단 마감! 추가 문의는 {E} 또는 {M}로 주세요.",
        "드럼 스틱이랑 심벌 스탠드 공동구매 했어요. {d:price}씩 {A}로 보내주시면 됩니다~",
        "밴드 메일 계정 바뀌었습니다: {E}\n예전 메일로 보낸 데모 음원은 다시 보내주세요.",
        "신입 보컬 지원합니다. 이름 {n}, 연락처 {M}, 커버 영상은 메일로 보낼게요.",
        "공연 라이브 송출 서버 {I} 로 OBS 연결하면 됩니다. 스트림 키는 단톡 참고.",
        "회비 미납자 정리했어요\n{n} {d:price}\n{n} {d:price}\n총무 계좌 {A}",
        "합주실 예약 카드를 제 카드({C})로 해뒀는데 취소 수수료가 나왔네요ㅠ",
        "공연장 대관 담당 {n} 팀장님 {L}, 음향 감독님 {M}. 리허설은 {d:time}.",
        "기타 이펙터 중고로 넘겨요. {d:model} {d:price}, 연락은 {K}.",
        "티켓 수익 정산: 총 {d:price}, 멤버당 {d:price}. 각자 계좌 댓글로! 저는 {A}",
        "{f:venue} 무대 감독님이 셋리스트 파일을 {E}로 보내달래요. 파일명은 {d:image} 말고 PDF로.",
    ],
    "free": [
        "이번 주 합주: {d:date} {d:time}, {d:room}. 곡 순서 {f:song} → {f:song}. 지각비 {d:price}.",
        "셋리스트 저장소 {d:git} 에 올려놨어요. 커밋 {d:hash} 기준으로 보시면 됩니다.",
        "공연 포스터 {d:image} 완성! 티켓 예매는 {d:rep}, 예매번호는 {d:reservation} 형식입니다.",
        "지난 공연 관객 {q:명}, 설문 만족도 {d:score}. 다음 공연 {d:date}, {f:venue}.",
        "회비 납부 현황: {n} {x:account}, {n} 완납. 영수증 {d:receipt}.",
        "드러머 {d:mention} 님이 메트로놈 앱 {d:version} 쓰래요. BPM은 {q:bpm:80:160}부터.",
    ],
}

GENRES["hostel_guestbook"] = {
    "fill": {"city": ["전주 한옥마을", "제주 협재", "경주 황리단길", "부산 남포동", "강릉 안목"], "nat": ["프랑스", "독일", "베트남", "캐나다", "일본"]},
    "val": [
        "[방명록] {f:city} 최고의 숙소였어요! 다음에 또 올게요. 연락하고 싶은 분은 {E} ✈",
        "작성자: {n} | IP {I}\n사장님 조식 너무 맛있었어요. 도미토리 {d:room} 이층침대 아래칸 강추!",
        "체크인 안내\n- 체크인 {d:time}, 체크아웃 {d:time}\n- 늦게 도착하시면 {M}로 문자 주세요\n- 와이파이 비번은 프런트에",
        "외국인 투숙객 숙박부 작성: {f:nat} 국적 {n}, 외국인등록번호 {R}, 연락처 {P}",
        "보증금 {d:price}은 체크아웃 후 {A}로 돌려드립니다.",
        "I stayed here with my friend from {f:nat}. So cozy! My email: {E} ({d:date})",
        "객실 파손 보증용으로 카드 {C} 등록했습니다. 체크아웃 시 승인 취소해주세요.",
        "사장님 번호 {L} 로 전화드렸는데 안 받으셔서 여기 남겨요. 우산 두고 왔어요ㅠ 제 번호 {M}",
        "예약 사이트 말고 직접 예약하면 할인돼요~ 문의: {K}\n입금 {A}",
        "방명록 스팸 차단 목록\n{I}\n{I}\n위 IP에서 광고 글이 반복 등록돼 차단했습니다.",
        "여기서 만난 친구들 다시 연락해요! 인스타 {d:mention}, 카톡 아이디 없으면 {M}로 문자.",
        "{f:city} 게스트하우스 스태프 모집. 지원은 {E}, 급한 건 {P}.",
        "파티 참가비 {d:price}은 현장 결제 또는 {A}. 카드는 {C}처럼 불러주시면 단말기로 결제해드려요.",
    ],
    "free": [
        "체크인 {d:time} / 체크아웃 {d:time} / 소등 {d:time}. 공용 주방은 {d:room} 옆입니다.",
        "와이파이: HOSTEL_GUEST, 공유기 관리자 {d:private_ip}. 비번은 프런트에서 알려드려요.",
        "[방명록] {n}님 작성 | IP {x:ip}\n{f:city} 바다 보며 마신 커피가 최고!",
        "분실물 보관: 충전기 {q:개}, 수건 {q:장}. 보관 기간은 {d:date}까지.",
        "조식 {d:time}, 파티 {d:time}. 1인 {d:price}. 예약번호 {d:reservation} 보여주세요.",
        "긴급 시 {d:short}, 관광안내 {d:short}. 숙소 좌표 {d:coord}.",
    ],
}

GENRES["language_exchange"] = {
    "fill": {"lang": ["영어", "일본어", "스페인어", "독일어", "프랑스어", "중국어"], "place": ["강남역 스터디룸", "신촌 카페 2층", "이태원 펍", "온라인 줌"]},
    "val": [
        "[프로필] {n} / 한국어 원어민 / {f:lang} 중급\n주 1회 {f:place}에서 만나요. 연락 {M}",
        "Hi! I'm from Canada, learning Korean. Let's talk over coffee :) Email me at {E}",
        "{f:lang}-한국어 교환 파트너 구해요. 카톡은 안 써서 문자로만 연락 주세요 {M}",
        "모임 공지: {d:date} {d:time} {f:place}. 참가비 {d:price}(음료 포함), 입금 {A}",
        "This board logs IPs. 글쓴이 {n}, IP {I}. 다음 모임에서 발음 교정해줄 분 찾아요.",
        "저는 일본어 원어민이고 한국어 배우는 중입니다. 메일 {E} / 전화 {P}",
        "언어교환 단톡방 운영자 연락처 변경: {M} (예전 번호는 해지했어요)",
        "모임 장소 대관 신청서에 대표자 정보 적었어요: {n}, {P}, 메일 {E}",
        "외국인 회원 보험 가입용 정보\n이름: {n}\n외국인등록번호: {R}\n연락처: {M}",
        "Zoom 모임 링크는 {E}로 신청한 분들께만 보내요. 회의 ID {d:meeting}",
        "{f:lang} 원어민 튜터랑 일대일 교환 원하시는 분! {K}로 연락 주세요.",
        "스페인어 교재 공동구매 {d:price}. 계좌 {A}. 책은 {d:isbn}.",
        "Spam again from {I}. Admin please block. — {d:mention}",
    ],
    "free": [
        "이번 주 주제: 여행 이야기. {d:date} {d:time} {f:place}, 정원 {q:명}.",
        "줌 회의 ID {d:meeting}, 암호 {d:otp}. 시간 되시는 분 들어오세요!",
        "참가비 {d:price}은 음료값이에요. 지난 모임 출석률 {d:stat}.",
        "[프로필] {n} / {f:lang} 원어민 / 연락처 {x:mobile|email} (승인 후 공개)",
        "교재: {d:isbn}, 부교재 {d:isbn}. 챕터 {q:과}까지 예습해 오세요.",
        "단톡방 공지봇 {d:npm}을 {d:version}으로 올렸어요. 버그는 {d:mention}에게.",
    ],
}

# ---- frames_c ----

GENRES["mutual_aid"] = {
    "fill": {"plan": ["프리미엄360 상조", "실속형 상조", "교직원 공제 A형", "가족사랑 플랜"], "rel": ["배우자", "자녀", "부모", "형제"]},
    "val": [
        "[상조 가입신청서]\n가입자 {n}\n주민등록번호 {R}\n연락처 {M}\n상품 {f:plan}, 월 납입 {d:price}",
        "월 납입금은 매월 25일 {A}에서 자동이체됩니다. 증권번호 {d:policy}.",
        "납입 방법을 카드 자동납부로 바꿨어요. 카드번호 {C}, 다음 달부터 적용해 주세요.",
        "공제회 회원 {n}입니다. 주소 변경 신고하면서 연락처도 {P}로 바꿔주세요.",
        "해약 환급금 {d:price}을 {A} 로 받기로 했습니다. 처리 완료되면 {M}로 문자 부탁드립니다.",
        "피보험자 추가: {f:rel} {n}, 주민번호 {R}. 가입일 {d:date}.",
        "상담 예약은 담당 설계사 {n} ({M}) 또는 지점 {L}으로 연락주세요.",
        "납입 증명서는 {E}로 PDF 발송해 드렸습니다. 납입 회차 {q:회}, 누적 {d:price}.",
        "공제회 홈페이지 로그인 알림: {d:date} {d:time}, 접속 IP {I}. 본인이 아니면 비밀번호를 바꾸세요.",
        "행사 담당 팀장 {n}입니다. 장례 행사 진행 중 연락은 {M}, 사무실 {L}.",
        "가입자 {n} / {R}\n수익자 {f:rel} {n} / {R}\n수익자 계좌 {A}",
        "미납 {q:개월}분 {d:price}을 가상계좌 말고 {A}로 입금해도 될까요? 문의 메일 {E}",
        "[공제회 경조금 신청]\n신청자 {n}, 연락처 {K}\n경조 사유: 부친상\n지급 계좌 {A}",
    ],
    "free": [
        "상조 상품 비교: {f:plan} 월 {d:price} × {q:회} / {f:plan} 월 {d:price}. 문의 {d:rep}",
        "[납입 안내] {n} 회원님 {d:date} 납입 완료. 출금 계좌 {x:account}",
        "공제회 정기총회 {d:date} {d:time}, 본관 {d:room}. 참석률 {d:stat}.",
        "장례 행사 접수는 {d:rep} 또는 수신자부담 {d:tollfree}로 연중무휴 받습니다.",
        "해약 환급률 표: {q:회} 납입 시 {d:stat}, 만기 시 {d:stat}. 약관 {d:version}.",
        "가입자 명단(일부): {n} {x:rrn}, {n} {x:rrn}, {n} {x:mobile}",
    ],
}

GENRES["farm_stay"] = {
    "fill": {"farm": ["햇살농원", "느티나무 체험마을", "산골딸기농장", "도토리 주말농장", "물안개 팜스테이"], "crop": ["감자", "고구마", "딸기", "상추", "옥수수"]},
    "val": [
        "[주말농장 분양 신청]\n신청자 {n} / {M}\n희망 구획 {d:seat}\n분양료 {d:price} → {A}",
        "{f:farm} {f:crop} 캐기 체험 예약합니다. 어른 둘, 아이 하나. 연락처 {P}",
        "체험 당일 보험 가입을 위해 참가자 주민번호가 필요합니다. {n} {R}",
        "분양료 입금했습니다! {A}에서 {n} 이름으로 {d:price} 보냈어요.",
        "농장 CCTV 외부 접속 주소가 {I}로 바뀌었어요. 앱에 다시 등록해 주세요.",
        "팜스테이 숙박 예약 확정 메일은 {E}로 갔습니다. 예약번호 {d:reservation}.",
        "체험비 카드 결제 취소 부탁드려요. {C}, 결제 금액 {d:price}.",
        "마을 사무장 {n} 님 번호 {L}, 휴대폰 {M}. 버스 하차 후 연락주세요.",
        "텃밭 분양 대기자 등록: {n}, {K}, 희망 평수 {q:평}",
        "{f:farm} 농장주입니다. 수확물 택배 신청은 {E}, 택배비는 {A}로 받아요.",
        "[단체 체험 신청서]\n기관명: 푸른어린이집\n담당 {n} {L}\n인원 {q:명}\n결제 카드 {C}",
        "분양 취소 환불 계좌 {A}\n구획 {d:seat}, 사유: 이사",
        "체험 참가자 보험 명단\n{n} {R}\n{n} {R}",
    ],
    "free": [
        "{f:farm} {f:crop} 체험: {d:date} {d:time}, 1인 {d:price}. 주차는 농장 입구에.",
        "주말농장 구획도: {d:seat}~{d:seat} 분양 완료. 남은 구획 {q:개}.",
        "농장 좌표 {d:coord}, 우편번호 {d:postal}. 마을버스는 {d:time}에 한 대 있어요.",
        "[분양 확인] {n}님 {x:mobile}, 구획 {d:seat}, 분양료 완납.",
        "올해 {f:crop} 수확량 {q:kg:50:900}, 작년보다 {d:stat} 늘었어요.",
        "농산물 바코드 {d:barcode} 스티커 붙여서 출고합니다. 송장 {d:tracking}.",
    ],
}

GENRES["kimchi_coop"] = {
    "fill": {"village": ["윗마을", "느티골", "새터마을", "강변 협동조합", "햇빛 생협"]},
    "val": [
        "[김장 공동구매] 절임배추 {q:박스} 신청\n이름 {n}\n연락처 {M}\n입금 {A}",
        "{f:village} 김장 정산 안내\n배추값 {d:price}, 양념 {d:price}, 1가구당 {d:price}\n총무 계좌 {A}",
        "협동조합 조합원 가입 출자금 때문에 주민번호 {R} 적어서 냈어요.",
        "고춧가루 공동구매 취소합니다. 환불은 {A}로, 연락은 {M}.",
        "김장 날 일손 도와주실 분 {P}로 연락 주세요. 점심은 수육 나옵니다!",
        "조합 사무국 메일 {E}, 전화 {L}. 정산서는 매월 {d:date}에 올라가요.",
        "카드로 결제하신 분은 {C} 이렇게 카드번호 적지 마시고 승인번호만 남겨주세요~",
        "배추 산지 농가 {n} 님 {M}. 직접 통화하시면 {d:price} 할인해 주신대요.",
        "조합 온라인 주문서 기록: {d:date} {d:time}, IP {I}, 주문 {d:order}",
        "[김장 참가 명단]\n{n} {M}\n{n} {M}\n{n} {M}",
        "택배 받을 분 연락처 {P}, 보내는 분 {n}. 주문번호 {d:order}.",
        "출자금 환급 신청: {n}, 계좌 {A}, 메일 {E}",
        "양념 재료비 부족분 {d:price}은 제 카드 {C}로 먼저 결제했어요. 회비에서 빼주세요.",
    ],
    "free": [
        "올해 김장 일정 {d:date}, 배추 {q:포기}, 무 {q:개}, 고춧가루 {q:근:2:30}.",
        "정산: 총 {d:price}, 가구 {q:곳}, 1가구 {d:price}. 영수증 {d:receipt}.",
        "[입금 확인] {n} {x:account}, {n} {x:mobile}",
        "협동조합 사업자등록번호 {d:biz}, 법인등록번호 {d:corp}. 세금계산서 필요하면 말씀하세요.",
        "김장 양념 비율: 고춧가루 {q:g:100:900}, 액젓 {q:ml:50:500}, 설탕 {q:g:10:80}.",
        "절임배추 택배 송장 {d:tracking}, 출고일 {d:date}. 문의는 택배사 {d:rep}.",
    ],
}

# ---- frames_d ----

GENRES["hiking_group"] = {
    "fill": {"mt": ["설악산 대청봉", "지리산 천왕봉", "덕유산 향적봉", "소백산 비로봉", "한라산 백록담", "북한산 백운대"]},
    "val": [
        "[정기산행 공지] {f:mt}\n일시 {d:date} 출발 {d:time} (사당역)\n회비 {d:price}, 입금 {A}\n버스 좌석 문의는 총무 {M}",
        "산악회 여행자보험 가입용으로 주민번호 부탁드려요. {n} 회원님 {R} 확인했습니다.",
        "버스 좌석 배정: {d:seat} {n}, {d:seat} {n}. 멀미하시는 분은 {P}로 미리 말씀해 주세요.",
        "산행 회비 환불 요청합니다. 사정이 생겨 불참해요ㅠ {A}",
        "산행대장 {n} {M} / 후미대장 {n} {M}. 낙오 시 바로 전화!",
        "카페 가입 인사 겸 산행 신청합니다. 닉네임 {d:mention}, 연락처 {K}",
        "전세버스 업체 {L}, 기사님 {M}. 출발 {d:time} 엄수해 주세요.",
        "산악회 공식 메일 {E}로 사진 보내주시면 앨범에 올릴게요. 용량은 {q:MB:5:30} 이하로.",
        "이번 산행 버스비 제 카드 {C}로 먼저 결제했습니다. 회비에서 정산 부탁드립니다.",
        "카페 게시글 작성 IP {I} 로 비회원 광고글이 계속 올라와서 차단했습니다.",
        "[보험 명단]\n{n} {R}\n{n} {R}\n{n} {x:rrn}",
        "하산 후 뒤풀이 장소 예약은 {n}님 {P}. 뒤풀이비 {d:price}은 {A}로.",
        "신입회원 {n}입니다. 장비 공동구매 신청: 스틱 {d:model}, 연락 {M}, 메일 {E}",
    ],
    "free": [
        "{f:mt} 코스: 오색 → 대청봉 {q:km:5:12}, 예상 {q:시간:4:9}. 해발 {q:m:900:1950}.",
        "버스 좌석표: {d:seat} 산행대장, {d:seat} 총무, 나머지 선착순. 출발 {d:time}.",
        "조난 시 {d:short}, 산악구조 좌표 {d:coord} 알려주세요.",
        "[회비 입금 확인] {n} {x:mobile}, {n} {x:mobile}, {n} {x:account}",
        "지난 산행 참가 {q:명}, 완주율 {d:stat}. 다음 산행 {d:date}.",
        "산행 기록 앱 {d:version}에서 GPX 내보내기 됩니다. 파일 {d:image} 참고.",
    ],
}

GENRES["study_cafe"] = {
    "fill": {"ticket": ["시간권 50시간", "4주 정기권", "고정석 한 달권", "당일권"]},
    "val": [
        "이용권 환불 요청합니다. {f:ticket} 남은 시간 환불 받을 계좌 {A}",
        "키오스크 결제 오류로 {f:ticket}이 두 번 결제됐어요. 카드 {C}, 승인번호 {d:approval}",
        "좌석 {d:seat} 이용 중인 회원입니다. 옆자리 소음 때문에 관리자님 {M}로 문자 드렸어요.",
        "[회원 정보 변경]\n이름 {n}\n휴대폰 {M}\n보호자 연락처 {P}",
        "야간 무인 운영 시간에는 관리자 {L}로 연락주세요. 출입 인증번호는 {d:otp}.",
        "좌석 예약 서버가 {I} 로만 접속 허용돼 있어서 매장 와이파이({d:private_ip})에서만 예약됩니다.",
        "학부모입니다. 아이 출결 알림을 {M} 대신 {E}로 받고 싶어요.",
        "사물함 보증금 {d:price} 환불은 {A}로 해 주세요. 사물함 {d:seat} 반납했습니다.",
        "사장님 {n}입니다. 제휴 문의는 {E} 또는 {P}로 부탁드립니다.",
        "{f:ticket} 양도합니다. 남은 기간 {q:일}. 연락은 {K}",
        "부정 이용 적발: 같은 아이디로 {I}, {I} 두 곳에서 동시 로그인. 이용 정지 처리.",
        "환불 규정에 따라 {d:price} 환불됩니다. 결제하신 카드 {C}로 취소 처리됐어요.",
        "월 정기권 자동결제 해지해주세요. 카드 {C}, 회원 {n} {M}",
    ],
    "free": [
        "이용권 가격: {f:ticket} {d:price}, {f:ticket} {d:price}. 사물함 {d:price}.",
        "좌석 {d:seat}~{d:seat}은 노트북 존입니다. 와이파이 비번은 카운터 옆.",
        "[입실 알림] {n} 학생 {d:time} 입실, 좌석 {d:seat}. 보호자 {x:mobile}",
        "환불 규정: 이용 {d:stat} 미만 시 부분 환불, 위약금 {d:stat}.",
        "키오스크 펌웨어 {d:version}, 장비 {d:serial}. 고장 신고는 본사 {d:rep}.",
        "관리자 페이지 {d:private_ip}:{d:port} 접속은 매장 내에서만 됩니다.",
    ],
}

GENRES["home_share"] = {
    "fill": {"room": ["1인실", "2인실", "다락방", "테라스 방"], "area": ["망원동", "신촌", "성수동", "해운대", "연남동"]},
    "val": [
        "[입주 신청서]\n이름 {n}\n주민등록번호 {R}\n연락처 {M}\n희망 방 {f:room}, 입주 희망일 {d:date}",
        "보증금 {d:price}은 {A}로 입금해 주세요. 입금 확인 후 계약서 보내드립니다.",
        "{f:area} 셰어하우스 {f:room} 공실 생겼어요. 투어 문의 {P}",
        "퇴실합니다. 보증금 반환 계좌 {A}, 연락처 {M}",
        "하우스 매니저 {n} ({M}). 관리비 문의는 {E}로 주세요.",
        "월세 자동결제 카드 변경 요청: 기존 카드 해지하고 {C}로 등록해 주세요.",
        "공용 CCTV 외부 접속 주소 {I}. 비밀번호는 입주자 단톡에만 공유합니다.",
        "입주 계약서에 비상연락처 적어야 해서요. 어머니 {P}, 본인 {M}",
        "외국인 입주자 {n}, 외국인등록번호 {R}. 전입 신고 도와드릴게요.",
        "관리비 정산 {d:price}/인. 이번 달 총무는 {n}, {A}",
        "하우스 메일 주소가 {E}로 바뀌었습니다. 택배는 예전처럼 {d:room}로 받으세요.",
        "입주 문의합니다. {n}, 직장인, 연락처 {K}. 반려동물은 없어요.",
        "[입주자 연락망]\n{d:room} {n} {M}\n{d:room} {n} {M}",
    ],
    "free": [
        "{f:area} 셰어하우스 {f:room} 월세 {d:price}, 보증금 {d:price}, 관리비 {d:price}.",
        "하우스 규칙: 소등 {d:time}, 청소 당번표 {d:image}, 분리수거는 {q:시:7:10} 전에.",
        "[계약 안내] {n}님 {x:rrn}, 보증금 입금 계좌 {x:account}",
        "와이파이 공유기 {d:private_ip}, 도어락 임시번호 {d:otp}.",
        "건물 우편번호 {d:postal}, 관리사무소 대표번호 {d:rep}.",
        "공실률 {d:stat}, 평균 거주 기간 {q:개월:3:14}.",
    ],
}

# ---- frames_e ----

GENRES["cooking_class"] = {
    "fill": {"dish": ["수제 만두", "비건 파스타", "한식 반찬", "프렌치 디저트", "베이킹 기초", "전통 떡"]},
    "val": [
        "[쿠킹클래스 예약] {f:dish} {d:date} {d:time}\n예약자 {n} / {M}\n재료비 {d:price} 선입금 {A}",
        "재료비 입금했습니다. {A}, 입금자 {n}.",
        "알레르기 있어서 미리 말씀드려요. 견과류 빼주세요! 연락은 {P}",
        "국비지원 과정 수강 신청서: 이름 {n}, 주민번호 {R}, 연락처 {M}",
        "수업 레시피 PDF는 {E}로 보내드릴게요. 못 받으시면 스팸함 확인!",
        "결제 취소 부탁드려요. {f:dish} 클래스, 카드 {C}, 결제일 {d:date}.",
        "강사 {n} 선생님 연락처 {M}, 공방 전화 {L}.",
        "단체 클래스 견적 문의: 인원 {q:명}, 회사 메일 {E}, 담당 {P}",
        "재료 준비 때문에 {d:date}까지 취소해야 환불돼요. 환불 계좌 {A}",
        "온라인 클래스 접속 기록: {d:date} {d:time}, IP {I}. 계정 공유는 금지입니다.",
        "[수강생 명단]\n{n} {M}\n{n} {M}\n{n} {x:mobile}",
        "원데이 클래스 선물권 구매했어요. 카드 {C}, 받는 분 {n} {K}",
        "공방 대관 문의 드려요. 저는 푸드스타일리스트 {n}이고 {E}, {M}으로 연락 주세요.",
    ],
    "free": [
        "이번 달 클래스: {f:dish} {d:date}, {f:dish} {d:date}. 재료비 {d:price}.",
        "준비물: 앞치마, 밀폐용기 {q:개}. 수업 {d:time}, 정원 {q:명}.",
        "[예약 확인] {n}님 {x:mobile}, {f:dish}, 결제 카드 {x:card}",
        "레시피: 밀가루 {q:g:100:500}, 버터 {q:g:20:200}, 오븐 {q:도:160:200} 예열.",
        "클래스 만족도 {d:score}, 재수강률 {d:stat}. 후기 이벤트 쿠폰 {d:gift_pin}.",
        "선물권 PIN {d:gift_pin}, 유효기간 {d:date}. 사용 문의 {d:rep}.",
    ],
}

GENRES["ev_charging"] = {
    "fill": {"net": ["환경부 충전카드", "차지온 멤버십", "로밍 충전카드", "아파트 충전 카드"]},
    "val": [
        "[충전카드 발급 신청]\n이름 {n}\n연락처 {M}\n배송지 {region}\n결제 카드 {C}",
        "{f:net} 결제 카드를 {C}로 변경했는데 충전기에서 인식이 안 돼요.",
        "충전기 {d:charger} 통신 오류입니다. 모뎀 공인 IP {I}, 펌웨어 {d:version}.",
        "충전 중 오류로 요금이 두 번 나갔어요. 환불은 {A}로 부탁드립니다.",
        "아파트 충전기 설치 담당자 {n} {P}, 관리사무소 {L}",
        "충전카드 분실 신고합니다. 회원 {n}, {M}, 메일 {E}",
        "법인 차량 충전 요금 청구서는 {E}로 보내주세요. 사업자번호 {d:biz}.",
        "OCPP 서버 접속 로그: {d:date} {d:time} 충전기 {d:charger} → {I}",
        "완속 충전기 점검 기사 {n} ({M}). 현장 도착 {d:time}.",
        "충전 요금 미납 안내: {d:price}. 가상계좌 대신 {A}로 입금 가능합니다. 문의 {K}",
        "충전소 개인 운영자입니다. 정산금 입금 계좌 {A}, 세금계산서 메일 {E}",
        "앱 로그인 알림이 왔는데 제가 아니에요. 접속 IP {I}, 제 번호는 {M}.",
        "[회원 정보 조회 결과]\n이름 {n}\n휴대폰 {M}\n카드 {C}\n생년월일 대신 주민번호 {R} 입력됨 — 삭제 요청",
    ],
    "free": [
        "충전 요금: 급속 {p:290:390:1}/kWh, 완속 {p:170:300:1}/kWh. 출력 {q:kW:7:200}.",
        "충전기 {d:charger} 고장, 부품 {d:model}, 수리 예정 {d:date}. 고객센터 {d:rep}.",
        "[충전 완료] {n}님 {x:mobile}, 충전량 {q:kWh:5:70}, 결제 카드 {x:card}",
        "앱 {d:version} 업데이트: {d:npm} 라이브러리 교체, 아이콘 {d:image}.",
        "충전소 위치 {d:coord}, 운영시간 {d:time}. 긴급 출동 {d:tollfree}.",
        "충전 세션 {d:uuid}, 이용률 {d:stat}.",
    ],
}

# ---- frames_f ----

EXTRA_VAL = {
    "flower_shop": [
        "카드 결제 실패 건 다시 시도합니다. {C} (끝자리 {d:card_last4} 아님, 새 카드예요). 주문 {d:order}",
        "주문 게시판 비회원 글 IP {I}, 주문자 연락처 {M}. 리본 문구 확인 전화 부탁드립니다. 매장 번호 {d:fake_area_phone}로 잘못 적혀 있었어요.",
    ],
    "repair_service": [
        "원격 진단 요청: 보일러 모뎀 {I}, 펌웨어 {d:version}, 모델 {d:model}. 연락처 {M} (내선 {d:extension} 아님)",
        "카드 할부 변경 요청합니다. {C}, 승인번호 {d:approval}, 수리 접수 {d:claim}.",
    ],
    "garage_sale": [
        "개인 셀러 원천징수 대상자 명단: {n} {R}, {n} {R}. 지급일 {d:date}.",
        "온라인 신청 로그 {d:date} {d:time}: 접속 {I}, 신청번호 {d:reservation}",
    ],
    "band_club": [
        "객원 세션비 지급 위해 주민번호 받아요. 키보드 {n} {R}, 지급액 {d:price}.",
        "합주실 예약 사이트에 제 카드 {C} 저장돼 있으니 필요하면 쓰세요. 예약번호 {d:reservation}.",
        "스트리밍 서버 이전: 새 주소 {I}, 예전 주소 {d:private_ip}. 저장소 {d:git}",
    ],
    "hostel_guestbook": [
        "장기 투숙 외국인 {n} 님 외국인등록번호 {R}, 여권 만료 {d:date}.",
        "노쇼 방지 보증 카드 {C}, 예약번호 {d:reservation}. 체크인 {d:time} 이후 취소 시 {d:stat} 청구.",
    ],
    "language_exchange": [
        "카드 {C}로 모임 공간 결제했습니다. 회원 {q:명} 나눠서 {d:price}씩 보내주세요.",
        "게시판 관리자 로그: {d:date} 작성자 {n}, IP {I}, 글번호 {d:member}",
    ],
    "mutual_aid": [
        "가입 상담 메모: {n}, {R}, 자동이체 카드 {C}, 첫 납입 {d:date}.",
        "공제회 앱 접속 차단 해제 요청. 차단된 IP {I}, 회원번호 {d:member}.",
    ],
    "farm_stay": [
        "체험비 {d:price} 카드 결제 완료: {C}. 영수증 {d:receipt}.",
        "농장 와이파이 외부 공인 IP {I}, 공유기 내부 {d:private_ip}:{d:port}. 택배 등기번호 {d:regmail}.",
    ],
    "kimchi_coop": [
        "조합원 명부 정정: {n} 주민번호 {R} (예전 번호 {x:rrn}는 오기입니다).",
        "배추값 카드 결제 영수증: {C}, {d:price}, 승인 {d:approval}.",
    ],
    "hiking_group": [
        "버스 예약 사이트 로그인 IP {I} 확인. 예약번호 {d:reservation}, 좌석 {d:seat}.",
        "보험사 제출용: {n} {R}, 비상연락 {P}.",
    ],
    "study_cafe": [
        "학생 이용자 보호자 동의서: 학생 {n} {R}, 보호자 {M}, 학번 {d:student}.",
        "부정 결제 의심 카드 {C}, 키오스크 {d:serial}, 결제 {d:time}.",
    ],
    "home_share": [
        "입주자 전입 서류: {n} {R}, 호실 {d:room}, 사건번호 {d:case} 관련 서류 별도.",
        "도어락 원격 관리 서버 {I}, 장치 {d:uuid}.",
        "월세 카드 결제 {C}, {d:price}, 청구서 {d:invoice}.",
    ],
    "cooking_class": [
        "국비과정 출결 시스템 접속 IP {I}, 수강생 {n} {R}.",
        "재료비 카드 결제 {C}, 승인번호 {d:approval}. 현금영수증은 {M}.",
    ],
    "ev_charging": [
        "충전카드 본인 확인 서류: {n} 주민번호 {R}, 카드 {C}.",
        "로밍 정산 서버 {I}:{d:port}, 세션 {d:uuid}. 회원 {d:member}.",
    ],
}
EXTRA_FREE = {
    "flower_shop": ["고객센터 {d:rep}, 분실 카드 신고는 카드사 {d:tollfree}. 매장 번호가 {d:fake_area_phone}로 잘못 인쇄된 전단은 폐기해주세요."],
    "repair_service": ["기사 호출 안심번호 {d:relay0500}은 통화 종료 후 만료됩니다. 내선 {d:extension}, 접수 {d:claim}."],
    "garage_sale": ["부스 추첨 결과 해시 {d:hash}, 등기로 보낸 영수증 {d:regmail}. 참가비 상품권 PIN {d:gift_pin}."],
    "band_club": ["음원 ISRC 대신 바코드 {d:barcode}, 녹음 파일 해시 {d:hash}. 합주실 예약 {d:reservation}."],
    "hostel_guestbook": ["[방명록] {n}님 | IP {x:ip} | 결제 카드 {x:card}\n다음엔 {d:date}에 올게요!"],
    "language_exchange": ["논문 스터디 자료: {d:doi}, {d:doi}. 모임 {d:date} {d:time}."],
    "mutual_aid": ["법인등록번호 {d:corp}, 사업자번호 {d:biz}, 분쟁 사건번호 {d:case}. 상담 {d:rep}."],
    "farm_stay": ["체험 쿠폰 PIN {d:gift_pin}, 유효 {d:date}. 농장 안심번호 {d:relay0500}."],
    "kimchi_coop": ["조합 법인등록번호 {d:corp}. 전화번호가 {d:fake_area_phone}로 잘못 나간 안내문은 무시해 주세요."],
    "hiking_group": ["회원번호 {d:member}, 카드 끝자리 {d:card_last4}로 버스비 결제 확인. 영수증 {d:receipt}."],
    "study_cafe": ["환불 처리 번호 {d:invoice}, 카드 끝자리 {d:card_last4}. 문의 {d:relay0500}."],
    "home_share": ["등기 우편 {d:regmail} 도착. 보증보험 증권 {d:policy}, 사건번호 {d:case}."],
    "cooking_class": ["수료증 번호 {d:student}, 발급일 {d:date}. 문의 내선 {d:extension}."],
    "ev_charging": ["충전소 안심번호 {d:relay0500}, 고장 신고 {d:tollfree}. 세션 해시 {d:hash}."],
}
for _g, _fs in EXTRA_VAL.items():
    GENRES[_g]["val"].extend(_fs)
for _g, _fs in EXTRA_FREE.items():
    GENRES[_g]["free"].extend(_fs)

# ---- build ----

GENRE_ORDER = ["flower_shop", "repair_service", "garage_sale", "band_club", "hostel_guestbook", "language_exchange", "mutual_aid", "farm_stay", "kimchi_coop", "hiking_group", "study_cafe", "home_share", "cooking_class", "ev_charging"]
N_TOTAL = 1000
NEG_SHARE = 0.4
ACCOUNT_WORDS = ["계좌", "입금", "송금", "예금주", "무통장", "환불", "이체", "보내", "납입", "정산", "반환"] + [n for b in BANKS for n in b[1]]
RARE = {
    "mobile": {"intl-plus", "intl-82", "intl-paren0", "spaced-digits", "hangul", "fullwidth", "slash", "mixed-sep"},
    "landline": {"intl-plus", "intl-82", "intl-paren0", "spaced-digits", "hangul", "fullwidth", "slash", "mixed-sep"},
    "email": {"paren-at", "bracket-at-dot", "golbaengi", "at-dot-words", "fullwidth-at", "spaced-at"},
    "rrn": {"space", "spaced-hyphen", "fullwidth", "en-dash"},
    "ip": {"defanged", "upper", "exploded"},
    "card": {"dot", "fullwidth", "mixed-sep", "spaced-digits"},
    "account": {"space", "dot", "fullwidth", "spaced-hyphen"},
}
CHECK = {"rrn": rrn_ok, "mobile": mobile_ok, "landline": landline_ok, "email": email_ok, "ip": ip_global, "card": card_ok, "account": account_shape_ok}


def check_record(r):
    text = r["text"]
    items = sorted(r["spans"] + r["decoys"], key=lambda d: d["start"])
    end = 0
    covered = [False] * len(text)
    for d in items:
        assert d["value"] == text[d["start"]:d["end"]] and d["start"] < d["end"], d
        assert d["start"] >= end, ("overlap", r["id"], d)
        end = d["end"]
        for i in range(d["start"], d["end"]):
            covered[i] = True
    assert (r["label"] == "pos") == bool(r["spans"])
    for s in r["spans"]:
        assert CHECK[s["kind"]](s["value"]), (r["id"], s)
        if s["kind"] == "account":
            ctx = text[max(0, s["start"] - 30):s["end"] + 30]
            assert any(w in ctx for w in ACCOUNT_WORDS), (r["id"], s)
    for d in r["decoys"]:
        assert not passes_as_value(d["value"]), (r["id"], d)
    for i, ch in enumerate(text):
        if ch.isdigit() and not covered[i]:
            a, b = i, i
            while a > 0 and text[a - 1].isalnum():
                a -= 1
            while b < len(text) and text[b].isalnum():
                b += 1
            assert any(c.isalpha() for c in text[a:b]), ("bare digit", r["id"], text[a:b], text)
    if r["label"] == "pos":
        fs = r["form"].split("+")
        assert len(fs) == len(r["spans"]) and all(f.split("/")[0] == s["kind"] for f, s in zip(fs, r["spans"], strict=False)), r
    else:
        assert r["decoys"] and r["form"] == "neg/" + rank_decoy(r["decoys"]), r


HEADS = ["{d:date} {d:time} 작성\n", "[{d:date}] ", "{d:time} ", "[{d:date} 공지] ", "({d:date}) "]
TAILS = ["\n— {d:date} 수정됨", "\n조회 {q::10:900} · 댓글 {q::0:30}", "\n(대표전화 {d:rep})", "\n문의: {d:tollfree}", "\n안심번호 {d:relay0500} (유효 {q:일:3:30})", "\n작성 {d:date} {d:time}", " #{q::1:99}", "\n좋아요 {q::1:300}", "\n주소 {d:postal} {region}", "\n☎ 사무국 {d:rep} / 팩스 없음"]


def pick(cands, used):
    low = min(used[i] for i in cands)
    return R.choice([i for i in cands if used[i] == low])


def make_record(genre, label, used_val, used_free, seen):
    G = GENRES[genre]
    for _ in range(60):
        snap = dict(COUNTS)
        if label == "pos":
            cands = R.sample(range(len(G["val"])), min(4, len(G["val"])))
            best = max(cands, key=lambda i: (frame_score(G["val"][i], used_val[i]), -i))
            frame, src = G["val"][best], ("v", best)
        elif R.random() < 0.6:
            i = pick(list(range(len(G["free"]))), used_free)
            frame, src = G["free"][i], ("f", i)
        else:
            i = pick(list(range(len(G["val"]))), used_val)
            frame, src = G["val"][i], ("v", i)
        if R.random() < 0.18:
            frame = R.choice(HEADS) + frame
        if R.random() < 0.18:
            frame = frame + R.choice(TAILS)
        text, spans, decs, forms = render(frame, label, G["fill"])
        if text in seen:
            COUNTS.clear()
            COUNTS.update(snap)
            continue
        seen.add(text)
        (used_val if src[0] == "v" else used_free)[src[1]] += 1
        form = "+".join(forms) if spans else "neg/" + rank_decoy(decs)
        return {"text": text, "label": "pos" if spans else "neg", "spans": spans, "decoys": decs, "form": form, "genre": genre}
    raise AssertionError("could not make a distinct text")

# ---- build2 ----


def build():
    for g in GENRE_ORDER:
        G = GENRES[g]
        assert len(G["val"]) >= 12 and len(G["free"]) >= 5, g
        assert all(slot_list(f) for f in G["val"]) and not any(slot_list(f) for f in G["free"]), g
    per = [N_TOTAL // len(GENRE_ORDER) + (1 if i < N_TOTAL % len(GENRE_ORDER) else 0) for i in range(len(GENRE_ORDER))]
    plans = {}
    for g, n in zip(GENRE_ORDER, per, strict=False):
        labels = ["neg"] * round(n * NEG_SHARE) + ["pos"] * (n - round(n * NEG_SHARE))
        R.shuffle(labels)
        plans[g] = labels
    used = {g: ([0] * len(GENRES[g]["val"]), [0] * len(GENRES[g]["free"])) for g in GENRE_ORDER}
    out = {g: [] for g in GENRE_ORDER}
    seen = set()
    for step in range(max(per)):
        for g in GENRE_ORDER:
            if step < len(plans[g]):
                out[g].append(make_record(g, plans[g][step], used[g][0], used[g][1], seen))
    records = []
    for g in GENRE_ORDER:
        for i, r in enumerate(out[g], 1):
            rec = {"id": f'oos6-{g}-{i:03d}'}
            rec.update(r)
            rec["spans"] = sorted(rec["spans"], key=lambda d: d["start"])
            rec["decoys"] = sorted(rec["decoys"], key=lambda d: d["start"])
            rec = {k: rec[k] for k in ["id", "text", "label", "spans", "decoys", "form", "genre"]}
            records.append(rec)
    ids = [r["id"] for r in records]
    assert len(set(ids)) == len(ids) and len({r["text"] for r in records}) == len(records)
    for r in records:
        check_record(r)
    return records


def stats(records):
    pos = sum(r["label"] == "pos" for r in records)
    print("records", len(records), "pos", pos, "neg", len(records) - pos)
    kinds, rare, styles, decs, genres = {}, 0, {}, {}, {}
    nval = 0
    for r in records:
        genres[r["genre"]] = genres.get(r["genre"], 0) + 1
        if r["label"] == "pos":
            for f in r["form"].split("+"):
                k, _, st = f.split("/")
                nval += 1
                kinds[k] = kinds.get(k, 0) + 1
                if st in RARE[k]:
                    rare += 1
                    styles[k + ":" + st] = styles.get(k + ":" + st, 0) + 1
        for d in r["decoys"]:
            decs[d["kind"]] = decs.get(d["kind"], 0) + 1
    print("values", nval, sorted(kinds.items()))
    print(f'rare style share {rare / nval:.3f} ({rare} of {nval})')
    print("rare styles", sorted(styles.items(), key=lambda x: (-x[1], x[0])))
    print("decoys", sum(decs.values()), "kinds", len(decs))
    print("decoy kinds", sorted(decs.items(), key=lambda x: (-x[1], x[0])))
    print("genres", genres)


def main():
    path = sys.argv[1] if len(sys.argv) > 1 else os.path.join(os.path.dirname(os.path.abspath(__file__)), "eval_oos6.jsonl")
    records = build()
    with open(path, "w", encoding="utf-8", newline="\n") as fh:
        for r in records:
            fh.write(json.dumps(r, ensure_ascii=False) + "\n")
    stats(records)
    print("wrote", path)


if __name__ == "__main__":
    main()
