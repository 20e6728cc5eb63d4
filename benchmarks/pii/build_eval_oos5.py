# ruff: noqa: E501
"""Build ``eval_oos5.jsonl``: an independent, out-of-sample evaluation set for the
Korean personal-data (PII) detector.

Independence
------------
This generator was written from a short written brief alone.  Its author did not
open, read, grep or run the detector, its tests, its docs, its benchmarks or any
earlier evaluation set or builder, and no detector was run on the output.  All
frames, value generators, decoys and conventions below were invented for this set.

Output
------
One JSON object per line (UTF-8, ``ensure_ascii=False``)::

    {"id": "oos5-<genre>-<nnn>", "text": ..., "label": "pos"|"neg",
     "spans": [...], "decoys": [...], "form": ..., "genre": ...}

Each span / decoy is ``{"kind", "start", "end", "value"}`` with Python code-point
offsets and ``value == text[start:end]``.  ``label`` is "pos" iff there is at least
one span.  Spans and decoys never overlap.  ``form`` lists
``<kind>/<detail>/<how it is written>`` for every span in span order, joined by "+"
(e.g. ``mobile/010/hyphen+account/kb/grouped``); for a negative record it is
``neg/<decoy kind>`` naming the most PII-like decoy in it (masked values first, then
corporate numbers, gift-card PINs, phone look-alikes, ...; see ``PRIORITY``).

Size: 1,000 snippets, 14 genres x 71-72, 40% negative (a third of the negatives
come from value frames whose every slot is masked); about 800 values spread evenly
over the 7 kinds (balanced greedily while choosing frames); about 2,000 decoys.

Kinds (values)
--------------
rrn       resident / foreigner registration number YYMMDD-GXXXXXX on a real date;
          G 1-4 Koreans, 5-8 foreigners (1/2/5/6 born 1900-1999, 3/4/7/8 born 2000+);
          births before 2020-10 carry the check digit (Koreans (11 - S mod 11) mod 10,
          foreigners (13 - S mod 11) mod 10, weights 2..9,2..5); later births have a
          random last digit.  Daycare frames use children's numbers (born 2019-2025);
          frames that say 외국인등록번호 always get a foreigner number.
mobile    010 (90%) with a 4-digit middle group, or 011/016/017/018/019 with a 3- or
          4-digit middle group; middle never starts with 0 or 1.
landline  02, 031-033, 041-044, 051-055, 061-064 (+3/4-digit exchange not starting
          with 0), 070-XXXX-XXXX internet phones and 0502-0508 personal relay
          (안심번호) numbers.
email     local parts from romanised names and words with dots, underscores,
          plus-tags, digits and occasional upper case; domains: portals (naver.com,
          daum.net, hanmail.net, gmail.com, kakao.com, nate.com), company .co.kr/.com/
          .kr, .ac.kr (sometimes with a subdomain), .go.kr/korea.kr, .or.kr, country
          TLDs and new gTLDs.
ip        global unicast IPv4 (Korean-looking first octets) and IPv6 (real 2000::/3
          provider prefixes), each checked with ``ipaddress``.
card      Visa, Mastercard (51-55, 2221-2720), Amex (34/37, 15 digits), JCB
          (3528-3589), Discover (6011/65), UnionPay (62); Luhn-valid.
account   Korean bank accounts in the bank's grouping (KB 6-2-6, 신한 3-3-6, 우리 4-3-6,
          하나 3-6-5, NH 3-4-4-2 or 6-2-6, IBK 3-6-2-3, 카카오뱅크 4-2-7, 토스뱅크 4-4-4,
          새마을금고 4-4-4-1, 우체국 6-2-6, SC제일 3-2-6, 케이뱅크 3-3-6), always written
          next to a bank name (short or full; before, after, bracketed, with or without
          the holder) inside a sentence that talks about 계좌/입금/환불/납부.

Decoys (annotated everywhere, also in positive records)
-------------------------------------------------------
Dates, times, prices, fees, large amounts, quantities, durations, versions (with
version words before or after), model codes, EAN-13 / ISBN barcodes, order /
invoice / tracking / reservation / receipt / approval / claim / policy /
registered-mail / case numbers, student, employee and service numbers, business
registration numbers (with a valid check digit), corporate registration numbers
(valid corporate check digit, never a valid RRN), 15xx/16xx/18xx representative
numbers, 080 toll-free, short and emergency numbers, 0500/0501 numbers, phone
look-alikes with area codes that do not exist (035, 045, 056, 065 ...), non-global
IPs (private, loopback, link-local, CGNAT, documentation, multicast, ULA, subnet
masks), ports, image file names like icon@2x.png, git remotes, npm scoped
packages, @mentions, coordinates, statistics, scores, ISSN, DOI, hashes, UUIDs,
serial numbers, postal codes, room / seat / classroom numbers, meeting ids, OTP
codes, gift-card PINs (16 digits, Luhn-invalid), temperatures, areas, sizes and
masked values (880908-1******, 010-****-5678, 010-12**-5678, 02-***-4567,
5310-****-****-1234, 110-***-****56, ab***@naver.com, 211.34.*.*).  Every decoy is
regenerated until it cannot be read as a valid value (RRN, card, phone, IP, email,
bank grouping).

Labelling conventions
---------------------
* Masked / partially hidden values are decoys (already de-identified).
* Obfuscated emails ("abc (at) naver.com", "abc[at]naver[dot]com",
  "abc 골뱅이 naver.com", "abc at naver dot com", full-width "＠", " @ ") are email
  values; the span runs from the start of the local part to the end of the TLD.
* Phone numbers written digit by digit, spelled in Hangul (공일공 ...) or in
  international form (+82 10-..., 82-10-..., +82-2-..., "+82 (0)2 ...") are values.
  Parentheses belonging to the number ("(02) 123-4567", "02)123-4567") are inside
  the span.
* 070, area-code and 0502-0508 numbers are landline values whoever owns them;
  15xx/16xx/18xx, 080, 0500/0501 and short numbers are decoys.
* Only global unicast IPs are values; a port after an IP is a separate ``port`` decoy.
* Emails and accounts are values whoever owns them (shops, offices, charities).
* Bank names, holders, "계좌", "예금주" and labels such as "주민번호:" are outside spans.
* Person names are plain text (not a kind here) and are not annotated.

Genres (all new)
----------------
beauty_salon, fitness, daycare, hospital_admin, auction, charity_volunteer_log,
startup_ir, university_admin, military, photo_studio, catering, telecom, print_shop,
community_center.  Each genre has 15-17 frames with value slots and 7 value-free
frames (1-6 sentences of natural Korean, some multi-line).  In positive records with
several value slots each slot is masked with probability 0.15 (at least one stays
unmasked).  Negative records come from value-free frames or from value frames whose
every slot is masked.

Writing styles
--------------
About four values in five (target 80%, observed 79.9%) use the common
ways: hyphens (010-1234-5678, 02-123-4567, 900101-1234567, 4-4-4-4 cards, bank
groupings), no separator, dots or spaces for phones, spaces for cards, parenthesised
area codes, plain emails and IPs, labelled or unlabelled, often touching Hangul
particles (010-1234-5678로).  About one in five (target 20%, observed 20.1%)
use a less common or evasive style: +82 / 82- international forms, "+82 (0)2",
Hangul-spelled digits, digits spaced one by one, full-width digits, en dash,
tilde, slash, the Hangul vowel ㅡ as a dash, "(010)" brackets, spaced groups,
dot-grouped accounts and cards, obfuscated emails (see above), defanged IPv4
(211.34.10[.]5), fully expanded or upper-case IPv6.  The rare share is held near
20% by a running-tally feedback on the draw probability.  The mix was chosen
a priori, not tuned against any detector.

Generation
----------
Python 3.11 standard library only; one ``random.Random(SEED)`` with
``SEED = 20261129``; no dependence on set order or hash seeds, so two runs are
byte-identical.  Before writing, every record is checked: offsets and values,
no overlaps, label/span agreement, every span value valid for its kind (and an
unseparated account is not also a valid RRN, card or phone), no decoy valid as a
value, every digit covered by a span or decoy unless inside a word with letters,
and all texts distinct.

Run: ``python benchmarks/pii/build_eval_oos5.py`` (writes eval_oos5.jsonl next to this
file and prints statistics; ``-q`` for the sha256 only).
"""

import hashlib
import ipaddress
import json
import os
import random
import re
import sys
import unicodedata
from collections import Counter
from datetime import date, timedelta

# ======================================================================
# values
# ======================================================================

SEED = 20261129
R = random.Random(SEED)
TODAY = date(2026, 11, 29)
P_RARE = 0.2


def pick(seq):
    return seq[R.randrange(len(seq))]


def chance(p):
    return R.random() < p


def wpick(pairs):
    total = sum(w for _, w in pairs)
    x = R.random() * total
    for item, w in pairs:
        x -= w
        if x < 0:
            return item
    return pairs[-1][0]


def rdig(n, first="0123456789"):
    if n <= 0:
        return ""
    return pick(first) + "".join(pick("0123456789") for _ in range(n - 1))


STYLE_TALLY = [0, 0]  # styles drawn, rare styles drawn


def style_of(common, rare):
    """common: list of (style, weight); rare: list of styles.
    The rare probability is nudged towards P_RARE by the running tally (feedback),
    so the share of rare styles stays close to P_RARE."""
    n, r = STYLE_TALLY
    p = min(0.6, max(0.05, P_RARE + (P_RARE * n - r) / 8))
    STYLE_TALLY[0] += 1
    if chance(p):
        STYLE_TALLY[1] += 1
        return pick(rare)
    return wpick(common)


FW = str.maketrans("0123456789-", "０１２３４５６７８９－")
HG = str.maketrans("0123456789", "공일이삼사오육칠팔구")


def spaced_groups(groups, sep=" - "):
    return sep.join(" ".join(g) for g in groups)


def fmt_groups(groups, style):
    if style in ("hyphen", "grouped"):
        return "-".join(groups)
    if style == "nosep":
        return "".join(groups)
    if style == "dot":
        return ".".join(groups)
    if style in ("space", "space-grouped"):
        return " ".join(groups)
    if style == "fullwidth":
        return "-".join(groups).translate(FW)
    if style == "digits-spaced":
        return spaced_groups(groups, pick([" - ", "  ", " "]))
    if style == "spaced-dash":
        return " - ".join(groups)
    if style == "endash":
        return "\u2013".join(groups)
    if style == "slash":
        return "/".join(groups)
    if style == "vowel-dash":
        return "\u3161".join(groups)
    if style == "tilde":
        return "~".join(groups)
    if style == "hangul":
        return pick([" ", "에 ", "-", " 다시 "]).join(g.translate(HG) for g in groups)
    raise ValueError(style)


# ---------------------------------------------------------------- rrn
RRN_W = (2, 3, 4, 5, 6, 7, 8, 9, 2, 3, 4, 5)


def rrn_check(d12, foreign):
    s = sum(int(a) * w for a, w in zip(d12, RRN_W, strict=True))
    return ((13 if foreign else 11) - s % 11) % 10


def rand_date(y0, y1):
    start = date(y0, 1, 1)
    end = min(date(y1, 12, 31), date(2025, 12, 31))
    return start + timedelta(days=R.randrange((end - start).days + 1))


def make_rrn_digits(young=False, foreign=None):
    if foreign is None:
        foreign = chance(0.05)
    if young:
        d = rand_date(2019, 2025)
    elif chance(0.8):
        d = rand_date(1942, 1999)
    else:
        d = rand_date(2000, 2007)
    c2000 = d.year >= 2000
    g = (3 if c2000 else 1) + R.randrange(2) + (4 if foreign else 0)
    d12 = d.strftime("%y%m%d") + str(g) + rdig(5)
    nochk = d >= date(2020, 10, 1)
    last = R.randrange(10) if nochk else rrn_check(d12, foreign)
    detail = ("fr" if foreign else "kr") + ("20" if c2000 else "19") + ("-nochk" if nochk else "")
    return d12 + str(last), detail


def gen_rrn(masked=False, young=False, foreign=None):
    d13, detail = make_rrn_digits(young, foreign)
    if masked:
        m = pick(["a", "a", "b", "c", "d"])
        if m == "a":
            t = d13[:6] + "-" + d13[6] + "******"
        elif m == "b":
            t = d13[:6] + "-*******"
        elif m == "c":
            t = d13[:4] + "**-" + d13[6] + "******"
        else:
            t = d13[:6] + "-" + d13[6] + "xxxxxx"
        return [(t, ("decoy", "masked_rrn"))]
    st = style_of([("hyphen", 75), ("nosep", 25)],
                  ["space", "spaced-dash", "fullwidth", "digits-spaced", "endash"])
    t = fmt_groups([d13[:6], d13[6:]], st)
    return [(t, ("span", "rrn", f"rrn/{detail}/{st}"))]


# ---------------------------------------------------------------- phones
def mobile_groups():
    if chance(0.9):
        return ["010", rdig(4, "23456789"), rdig(4)], "010"
    p = pick(["011", "016", "017", "018", "019"])
    mid = rdig(pick([3, 4]), "23456789")
    return [p, mid, rdig(4)], p


def intl(groups, style):
    rest = [groups[0][1:]] + groups[1:]
    if style == "intl-plus":
        return pick(["+82 ", "+82-"]) + "-".join(rest) if chance(0.8) else "+82" + "".join(rest)
    if style == "intl-82":
        return "82-" + "-".join(rest)
    if style == "intl0":
        return "+82 (0)" + " ".join(rest)
    raise ValueError(style)


def fmt_phone(groups, st):
    if st.startswith("intl"):
        return intl(groups, st)
    if st == "paren-space":
        return f"({groups[0]}) " + "-".join(groups[1:])
    if st == "paren-close":
        return f"{groups[0]})" + "-".join(groups[1:])
    if st == "paren-mobile":
        return f"({groups[0]})" + "-".join(groups[1:])
    return fmt_groups(groups, st)


def gen_mobile(masked=False):
    g, detail = mobile_groups()
    if masked:
        m = pick(["a", "b", "c", "d", "e"])
        t = {"a": f"{g[0]}-****-{g[2]}", "b": f"{g[0]}-{g[1][:2]}**-{g[2]}",
             "c": f"{g[0]}-{g[1]}-****", "d": f"{g[0]}-****-**{g[2][2:]}",
             "e": f"{g[0]}-XXXX-{g[2]}"}[m]
        return [(t, ("decoy", "masked_mobile"))]
    st = style_of([("hyphen", 60), ("nosep", 16), ("dot", 10), ("space", 14)],
                  ["intl-plus", "intl-82", "hangul", "digits-spaced", "fullwidth",
                   "paren-mobile", "vowel-dash", "slash"])
    return [(fmt_phone(g, st), ("span", "mobile", f"mobile/{detail}/{st}"))]


AREA = ["031", "032", "033", "041", "042", "043", "044", "051", "052", "053", "054", "055",
        "061", "062", "063", "064"]


def landline_groups(sub=None):
    t = sub or wpick([("seoul", 33), ("area", 37), ("070", 15), ("safe", 15)])
    if t == "seoul":
        return ["02", rdig(pick([3, 4]), "23456789"), rdig(4)], t
    if t == "area":
        return [pick(AREA), rdig(pick([3, 4]), "23456789"), rdig(4)], t
    if t == "070":
        return ["070", rdig(4, "2345678"), rdig(4)], t
    return ["050" + pick("2345678"), rdig(pick([4, 4, 3]), "23456789"), rdig(4)], "safe050x"


def gen_landline(masked=False, sub=None):
    g, detail = landline_groups(sub)
    if masked:
        m = pick(["a", "b", "c"])
        t = {"a": f"{g[0]}-{'*' * len(g[1])}-{g[2]}", "b": f"{g[0]}-{g[1]}-****",
             "c": f"{g[0]}-{g[1][:1]}{'*' * (len(g[1]) - 1)}-**{g[2][2:]}"}[m]
        return [(t, ("decoy", "masked_landline"))]
    common = [("hyphen", 60), ("nosep", 8), ("dot", 6), ("space", 8)]
    rare = ["hangul", "digits-spaced", "fullwidth", "tilde"]
    if detail in ("seoul", "area"):
        common += [("paren-space", 12), ("paren-close", 8)]
        rare += ["intl-plus", "intl0", "intl-plus"]
    elif detail == "070":
        rare += ["intl-plus"]
    st = style_of(common, rare)
    return [(fmt_phone(g, st), ("span", "landline", f"landline/{detail}/{st}"))]


# ---------------------------------------------------------------- ip
V4_FIRST = [1, 14, 27, 39, 42, 49, 58, 59, 61, 106, 110, 112, 114, 115, 116, 118, 119, 121,
            122, 123, 124, 125, 175, 180, 182, 183, 210, 211, 218, 220, 221, 222]
V6_PREFIX = ["2001:2d8", "2001:e60", "2406:5900", "2400:cb00", "2404:6800", "2a00:1450",
             "2600:1f18", "2001:4860", "2406:da12", "2001:ee0", "2403:6200", "2602:fd3f"]


def ip_ok(a):
    return (a.is_global and not (a.is_private or a.is_multicast or a.is_reserved or a.is_loopback
            or a.is_link_local or a.is_unspecified)
            and (a.version == 4 or a in ipaddress.ip_network("2000::/3")))


def make_ip(v6=None):
    if v6 is None:
        v6 = chance(0.3)
    while True:
        if v6:
            groups = V6_PREFIX[R.randrange(len(V6_PREFIX))].split(":")
            n = pick([2, 3, 6])
            groups += [format(R.randrange(0x10000), "x") for _ in range(n)]
            if n < 6:
                s = ":".join(groups) + "::" + format(R.randrange(1, 0x10000), "x")
            else:
                s = ":".join(groups)
        else:
            s = ".".join(str(x) for x in [pick(V4_FIRST), R.randrange(256), R.randrange(256),
                                           R.randrange(1, 255)])
        a = ipaddress.ip_address(s)
        if ip_ok(a):
            return str(a), a


def gen_ip(masked=False):
    s, a = make_ip()
    if masked:
        if a.version == 6:
            t = ":".join(s.split(":")[:2]) + ":****:****::" + "*" * 4
        else:
            o = s.split(".")
            t = pick([f"{o[0]}.{o[1]}.*.*", f"{o[0]}.{o[1]}.***.{o[3]}", f"{o[0]}.{o[1]}.xxx.xxx",
                      f"{o[0]}.***.***.{o[3]}"])
        return [(t, ("decoy", "masked_ip"))]
    if a.version == 4:
        st = style_of([("plain", 1)], ["defang", "defang-all"])
        t = s.replace(".", "[.]", 3 if st == "defang-all" else 0)
        if st == "defang":
            i = s.rfind(".")
            t = s[:i] + "[.]" + s[i + 1:]
        return [(t, ("span", "ip", f"ip/v4/{st}"))]
    st = style_of([("compressed", 1)], ["exploded", "upper"])
    t = a.exploded if st == "exploded" else (s.upper() if st == "upper" else s)
    return [(t, ("span", "ip", f"ip/v6/{st}"))]

# ======================================================================
# values2
# ======================================================================

# ---------------------------------------------------------------- email
SURN = ["kim", "lee", "park", "choi", "jung", "kang", "yoon", "jang", "lim", "han", "oh", "seo",
        "shin", "kwon", "hwang", "ahn", "song", "yoo", "hong", "jeon", "ko", "moon", "yang",
        "bae", "baek", "nam", "noh", "ha", "cha", "min", "ryu", "jin", "won", "byun", "do"]
GIVEN = ["minji", "jiwoo", "seoyeon", "hyunwoo", "junho", "sujin", "yejin", "dahye", "jihoon",
         "minseok", "seungwoo", "haeun", "yuna", "donghyun", "eunji", "sohee", "taeyang",
         "hyejin", "jaewon", "subin", "gayoung", "mingyu", "chaeyoung", "junseo", "yerin",
         "sangmin", "boram", "nari", "hyeonsu", "dain"]
WORDS = ["studio", "nail", "fit", "happy", "sky", "blue", "moon", "sunny", "dream", "rose",
         "daily", "lucky", "hello", "mom", "print", "photo", "green", "bom", "haru", "star"]
PORTAL = ["naver.com", "naver.com", "naver.com", "daum.net", "hanmail.net", "gmail.com",
          "gmail.com", "kakao.com", "nate.com"]
AC = ["snu.ac.kr", "korea.ac.kr", "yonsei.ac.kr", "kaist.ac.kr", "pusan.ac.kr", "knu.ac.kr",
      "cnu.ac.kr", "jbnu.ac.kr", "hanyang.ac.kr", "skku.edu", "postech.ac.kr", "inha.ac.kr"]
GO = ["korea.kr", "seoul.go.kr", "mma.go.kr", "busan.go.kr", "gg.go.kr", "mois.go.kr",
      "incheon.go.kr", "daegu.go.kr", "mnd.go.kr", "jeju.go.kr"]
ORG = ["nanumi", "hanbit", "saerom", "haeum", "dasom", "onnuri", "purun", "maeum", "gilbeot"]
COMPANY = ["printmoa", "hansol-print", "bitnara", "dalbit", "sopoong", "gyeoul", "mirae-cater",
           "onsaem", "jinju-studio", "blossomhair", "pilatesbom", "nuri-telecom", "cheongsan",
           "bluemint", "hanareum", "dodam", "yeoreum", "sanha", "ijeum", "morae"]
CCTLD = ["jp", "co.jp", "de", "co.uk", "io", "ai", "vn", "com.au", "fr", "sg", "ca", "me",
         "com.tw", "cn"]
GTLD = ["studio", "photo", "app", "dev", "shop", "salon", "fitness", "kitchen", "xyz", "online",
        "site", "design", "agency", "email", "one", "catering", "center", "team"]
TLDS = sorted({"com", "net", "kr", "edu", "org"} | {t.split(".")[-1] for t in CCTLD} | set(GTLD))


def local_part():
    s, g = pick(SURN), pick(GIVEN)
    f = pick(["g.s", "gs##", "s.g", "w_w", "gsyy", "i.s", "w##", "g+t", "s_g", "gw", "g.s##", "role"])
    yy = str(R.randrange(70, 100)) if chance(0.6) else "0" + str(R.randrange(10))
    n = str(R.randrange(1, 999))
    out = {"g.s": f"{g}.{s}", "gs##": f"{g}{s}{n}", "s.g": f"{s}.{g}", "w_w": f"{pick(WORDS)}_{pick(WORDS)}",
           "gsyy": f"{g}{s}{yy}", "i.s": f"{g[0]}.{s}", "w##": f"{pick(WORDS)}{n}",
           "g+t": f"{g}+{pick(['shop', 'salon', 'ir', 'studio', 'mail', 'work', 'apply'])}",
           "s_g": f"{s}_{g}", "gw": f"{g}{pick(WORDS)}", "g.s##": f"{g}.{s}{n}",
           "role": pick(["contact", "info", "help", "admin", "office", "ir", "order", "booking",
                         "volunteer", "hr", "team"])}[f]
    if chance(0.12):
        out = "".join(c.upper() if i == 0 or (i > 0 and out[i - 1] in "._") else c
                      for i, c in enumerate(out))
    return out


def domain():
    cat = wpick([("portal", 45), ("company", 14), ("ackr", 9), ("gokr", 8), ("orkr", 7),
                 ("cctld", 8), ("gtld", 9)])
    if cat == "portal":
        d = pick(PORTAL)
    elif cat == "company":
        d = pick(COMPANY) + "." + pick(["co.kr", "co.kr", "com", "kr"])
    elif cat == "ackr":
        d = pick(AC)
        if chance(0.3):
            d = pick(["cs.", "mail.", "grad.", "biz."]) + d
    elif cat == "gokr":
        d = pick(GO)
    elif cat == "orkr":
        d = pick(ORG) + ".or.kr"
    elif cat == "cctld":
        d = pick(COMPANY) + "." + pick(CCTLD)
    else:
        d = pick(COMPANY + WORDS) + "." + pick(GTLD)
    if cat != "ackr" and cat != "portal" and chance(0.1):
        d = pick(["mail.", "m.", "office."]) + d
    return d, cat


def gen_email(masked=False):
    lp, (d, cat) = local_part(), domain()
    if masked:
        k = max(1, min(3, len(lp) - 2))
        t = pick([lp[:k] + "***@" + d, lp[:1] + "*" * max(3, len(lp) - 2) + "@" + d,
                  lp[:k] + "***@" + d.split(".")[0][:1] + "****." + d.split(".", 1)[1] if "." in d else d])
        return [(t, ("decoy", "masked_email"))]
    st = style_of([("plain", 1)], ["at-paren", "at-bracket", "at-hangul", "at-words",
                                   "fullwidth-at", "spaced-at"])
    if st == "plain":
        t = lp + "@" + d
    elif st == "at-paren":
        t = lp + " (at) " + d
    elif st == "at-bracket":
        t = lp + "[at]" + d.replace(".", "[dot]")
    elif st == "at-hangul":
        t = lp + " 골뱅이 " + d
    elif st == "at-words":
        t = lp + " at " + d.replace(".", " dot ")
    elif st == "fullwidth-at":
        t = lp + "\uff20" + d
    else:
        t = lp + " @ " + d
    return [(t, ("span", "email", f"email/{cat}/{st}"))]


# ---------------------------------------------------------------- card
def luhn_ok(ds):
    tot = 0
    for i, ch in enumerate(reversed(ds)):
        v = int(ch)
        if i % 2 == 1:
            v *= 2
            if v > 9:
                v -= 9
        tot += v
    return tot % 10 == 0


def luhn_complete(partial):
    for c in "0123456789":
        if luhn_ok(partial + c):
            return partial + c
    raise AssertionError


def card_brand(ds):
    n = len(ds)
    if n == 15 and ds[:2] in ("34", "37"):
        return "amex"
    if n != 16:
        return None
    if ds[0] == "4":
        return "visa"
    if 51 <= int(ds[:2]) <= 55 or 2221 <= int(ds[:4]) <= 2720:
        return "mastercard"
    if 3528 <= int(ds[:4]) <= 3589:
        return "jcb"
    if ds[:4] == "6011" or ds[:2] == "65":
        return "discover"
    if ds[:2] == "62":
        return "unionpay"
    return None


def make_card():
    b = wpick([("visa", 30), ("mastercard", 26), ("amex", 10), ("jcb", 12), ("discover", 6),
               ("unionpay", 10), ("mc2", 6)])
    if b == "visa":
        p = "4"
    elif b == "mastercard":
        p = str(R.randrange(51, 56))
    elif b == "mc2":
        p = str(R.randrange(2221, 2721))
    elif b == "amex":
        p = pick(["34", "37"])
    elif b == "jcb":
        p = str(R.randrange(3528, 3590))
    elif b == "discover":
        p = pick(["6011", "65"])
    else:
        p = "62"
    n = 15 if b == "amex" else 16
    ds = luhn_complete(p + rdig(n - 1 - len(p)))
    return ds, card_brand(ds)


def gen_card(masked=False):
    ds, brand = make_card()
    gr = [ds[:4], ds[4:10], ds[10:]] if brand == "amex" else [ds[i:i + 4] for i in (0, 4, 8, 12)]
    if masked:
        mid = ["*" * len(g) for g in gr[1:-1]]
        t = pick(["-".join([gr[0]] + mid + [gr[-1]]), gr[0] + "".join(mid) + gr[-1],
                  "-".join([gr[0], gr[1][:2] + "**"] + mid[1:] + [gr[-1]]),
                  " ".join([gr[0]] + ["****"] * (len(gr) - 2) + [gr[-1]])])
        return [(t, ("decoy", "masked_card"))]
    st = style_of([("hyphen", 60), ("space", 22), ("nosep", 18)],
                  ["dot", "fullwidth", "spaced-dash", "slash"])
    return [(fmt_groups(gr, st), ("span", "card", f"card/{brand}/{st}"))]


# ---------------------------------------------------------------- account
BANKS = [
    ("kb", ["국민", "국민은행", "KB국민은행", "KB국민", "KB"], [(6, 2, 6)], ""),
    ("shinhan", ["신한", "신한은행"], [(3, 3, 6)], "1"),
    ("woori", ["우리", "우리은행"], [(4, 3, 6)], "1"),
    ("hana", ["하나", "하나은행", "KEB하나"], [(3, 6, 5)], ""),
    ("nh", ["농협", "NH농협", "농협은행", "NH"], [(3, 4, 4, 2), (6, 2, 6)], "3"),
    ("ibk", ["기업", "기업은행", "IBK기업은행", "IBK"], [(3, 6, 2, 3)], "0"),
    ("kakaobank", ["카카오뱅크", "카뱅", "카카오"], [(4, 2, 7)], "3333"),
    ("tossbank", ["토스뱅크", "토스"], [(4, 4, 4)], "1000"),
    ("mg", ["새마을금고", "MG새마을금고", "새마을"], [(4, 4, 4, 1)], "900"),
    ("post", ["우체국", "우체국예금"], [(6, 2, 6)], ""),
    ("sc", ["SC제일", "SC제일은행", "제일은행"], [(3, 2, 6)], ""),
    ("kbank", ["케이뱅크", "K뱅크"], [(3, 3, 6)], "100"),
]
GROUPINGS = sorted({g for b in BANKS for g in b[2]})
HOLDERS = ["김민지", "이서연", "박준호", "최유나", "정하은", "강도현", "윤지우", "장수빈", "임태양",
           "한예린", "오상민", "서보람", "권나리", "황현수", "안다인", "송재원", "홍가영", "전민규"]


def account_number():
    code, names, groupings, pre = pick(BANKS)
    g = pick(groupings)
    ds = pre + rdig(sum(g) - len(pre), "123456789" if not pre else "0123456789")
    parts, i = [], 0
    for n in g:
        parts.append(ds[i:i + n])
        i += n
    return code, pick(names), parts


def mask_account(parts):
    n = len(parts)
    out = [parts[0]] + ["*" * len(p) for p in parts[1:]]
    if n >= 3 and chance(0.6):
        out[-1] = "*" * (len(parts[-1]) - 2) + parts[-1][-2:]
    return pick(["-".join(out), "".join(out)])


def gen_account(masked=False, holder=None):
    code, bname, parts = account_number()
    if masked:
        num = (mask_account(parts), ("decoy", "masked_account"))
    else:
        st = style_of([("grouped", 66), ("nosep", 34)],
                      ["space-grouped", "dot", "fullwidth", "spaced-dash"])
        num = (fmt_groups(parts, st), ("span", "account", f"account/{code}/{st}"))
    h = holder or pick(HOLDERS)
    lay = pick(["bn", "bn", "bn", "nb", "[b]n", "bnh", "b/n/h", "nbh", "b)n", "bn(h)"])
    if lay == "bn":
        return [(bname + pick([" ", " ", ""]), None), num]
    if lay == "nb":
        return [num, (f" ({bname})", None)]
    if lay == "[b]n":
        return [(f"[{bname}] ", None), num]
    if lay == "bnh":
        return [(bname + " ", None), num, (pick([" 예금주 ", " ", " / 예금주: "]) + h, None)]
    if lay == "b/n/h":
        return [(bname + "/", None), num, ("/" + h, None)]
    if lay == "nbh":
        return [num, (f" {bname} {h}", None)]
    if lay == "b)n":
        return [(bname + ")", None), num]
    return [(bname + " ", None), num, (f"({h})", None)]

# ======================================================================
# check
# ======================================================================

HG_DIGIT = {"공": "0", "영": "0", "일": "1", "이": "2", "삼": "3", "사": "4", "오": "5",
            "육": "6", "륙": "6", "칠": "7", "팔": "8", "구": "9"}


def only_digits(s):
    return "".join(c for c in unicodedata.normalize("NFKC", s) if c in "0123456789")


def rrn_valid(ds):
    if len(ds) != 13 or not ds.isdigit() or ds[6] not in "12345678":
        return False
    g = int(ds[6])
    century = 2000 if g in (3, 4, 7, 8) else 1900
    try:
        d = date(century + int(ds[:2]), int(ds[2:4]), int(ds[4:6]))
    except ValueError:
        return False
    if d > TODAY:
        return False
    if d >= date(2020, 10, 1):
        return True
    return int(ds[12]) == rrn_check(ds[:12], g >= 5)


PHONE_RES = {
    "mobile": re.compile(r"010[2-9]\d{7}|01[16789][2-9]\d{6,7}"),
    "landline": re.compile(r"02[2-9]\d{6,7}|0(?:3[1-3]|4[1-4]|5[1-5]|6[1-4])[2-9]\d{6,7}"
                           r"|070[2-9]\d{7}|050[2-8][2-9]\d{6,7}"),
}


def phone_digits(s, hangul=False):
    s = unicodedata.normalize("NFKC", s)
    if hangul:
        s = "".join(HG_DIGIT.get(c, c) for c in s)
    s2 = s.replace("(0)", "")
    ds = "".join(c for c in s2 if c in "0123456789")
    st = s2.strip()
    if st.startswith("+82") or re.match(r"82[-\s]", st):
        ds = "0" + ds[2:]
    return ds


def phone_kind(ds):
    for k, rx in PHONE_RES.items():
        if rx.fullmatch(ds):
            return k
    return None


def card_valid(ds):
    return len(ds) in (15, 16) and luhn_ok(ds) and card_brand(ds) is not None


EMAIL_RE = re.compile(r"[A-Za-z0-9][A-Za-z0-9._+-]*@(?:[A-Za-z0-9-]+\.)+([A-Za-z]{2,})")


def email_norm(s):
    s = unicodedata.normalize("NFKC", s)
    for pat, rep in [(r"\s*\(at\)\s*", "@"), (r"\s*\[at\]\s*", "@"), (r"\s*골뱅이\s*", "@"),
                     (r"\s+@\s+", "@"), (r"\s+at\s+", "@"), (r"\s*\[dot\]\s*", "."),
                     (r"\s+dot\s+", ".")]:
        s = re.sub(pat, rep, s)
    return s


def email_valid(s, obf=True):
    s = email_norm(s) if obf else s
    m = EMAIL_RE.fullmatch(s)
    return bool(m) and m.group(1).lower() in TLDS and ".." not in s and not s.split("@")[0].endswith(".")


def ip_valid(s):
    s = s.replace("[.]", ".")
    try:
        a = ipaddress.ip_address(s)
    except ValueError:
        return False
    return ip_ok(a)


def groups_of(s):
    s = unicodedata.normalize("NFKC", s)
    parts = [p for p in re.split(r"[\s.\-/]+", s) if p]
    if not parts or not all(p.isdigit() for p in parts):
        return None
    return tuple(len(p) for p in parts)


def account_valid(s):
    g = groups_of(s)
    if g is None:
        return False
    if len(g) == 1:
        return 10 <= g[0] <= 14
    return g in GROUPINGS


def value_valid(kind, s):
    if kind == "rrn":
        return rrn_valid(only_digits(s))
    if kind in ("mobile", "landline"):
        return phone_kind(phone_digits(s, hangul=True)) == kind
    if kind == "email":
        return email_valid(s)
    if kind == "ip":
        return ip_valid(s)
    if kind == "card":
        return card_valid(only_digits(s))
    if kind == "account":
        return account_valid(s)
    raise ValueError(kind)


def decoy_passes(s):
    """True if a decoy string could be read as a valid personal-data value."""
    ds = only_digits(s)
    if email_valid(s, obf=False) or ip_valid(s):
        return True
    if phone_kind(ds) or phone_kind(phone_digits(s)):
        return True
    if rrn_valid(ds) or card_valid(ds):
        return True
    g = groups_of(s)
    if g is not None and len(g) > 1 and g in GROUPINGS:
        return True
    return False

# ======================================================================
# decoys
# ======================================================================

def d_date():
    y = pick([2025, 2026, 2026, 2027])
    m, d = R.randrange(1, 13), R.randrange(1, 29)
    wd = pick("월화수목금토일")
    return pick([f"{y}-{m:02d}-{d:02d}", f"{y}.{m:02d}.{d:02d}", f"{y}년 {m}월 {d}일", f"{m}/{d}",
                 f"{m}월 {d}일({wd})", f"{y % 100}.{m:02d}.{d:02d}", f"{m}월 {d}일"])


def d_time():
    h, mi = R.randrange(8, 21), pick([0, 0, 10, 20, 30, 30, 40, 50])
    return pick([f"{h:02d}:{mi:02d}", f"오후 {h - 12 if h > 12 else h}시" + (f" {mi}분" if mi else ""),
                 f"{h}:{mi:02d}~{h + 1}:{mi:02d}", f"{h}시", f"{h:02d}:{mi:02d}~{min(h + 3, 22):02d}:00"])


def won(n):
    return f"{n:,}"


def d_price():
    n = R.randrange(1, 400) * pick([100, 1000, 1000, 5000, 10000])
    return pick([f"{won(n)}원", f"₩{won(n)}", f"{n // 10000}만원" if n >= 10000 else f"{won(n)}원",
                 f"{won(n)}원(VAT 포함)", f"KRW {won(n)}", f"{won(n)} 원"])


def d_quantity():
    return f"{pick([1, 2, 3, 4, 5, 10, 12, 20, 30, 50, 100, 200, 300, 500, 1000])}" + pick(
        ["개", "세트", "박스", "대", "건"])


def d_duration():
    return pick([f"{R.randrange(2, 13)}개월", f"{R.randrange(2, 25)}주",
                 f"{R.randrange(3, 31)}일", f"{R.randrange(2, 15)}영업일", f"{R.randrange(1, 4)}년"])


def d_hours():
    return pick([f"{pick([10, 15, 20, 30, 40, 50, 90])}분", f"{R.randrange(1, 9)}시간", f"{R.randrange(1, 4)}시간 {pick([10, 20, 30])}분"])


def d_installment():
    return f"{pick([2, 3, 6, 10, 12, 24, 36])}개월"


def d_stay():
    n = R.randrange(1, 4)
    return f"{n}박 {n + 1}일"


def d_sessions():
    return f"{pick([5, 10, 20, 30, 50])}회"


def d_cases():
    return f"{R.randrange(1, 30)}건"


def d_vehicles():
    return f"{R.randrange(1, 6)}대"


def d_copies():
    return f"{pick([10, 20, 50, 100, 200, 500, 1000, 2000])}{pick(['매', '부', '장'])}"


def d_servings():
    return f"{pick([20, 30, 50, 80, 100, 150, 300])}{pick(['인분', '개', '인'])}"


def d_dishes():
    return f"{R.randrange(8, 40)}가지"


def d_big_price():
    n = R.randrange(1, 90)
    return pick([f"{n}억 원", f"{n}억{R.randrange(1, 10)}천만원", f"{n * 100000000:,}원", f"{R.randrange(2, 10)}천만 원", f"{n}억원"])


def d_classroom():
    return pick([f"제{R.randrange(1, 8)}강의실", f"{R.randrange(1, 5)}층 다목적실", f"{R.randrange(1, 5)}층 프로그램실"])


def d_version():
    v = f"{R.randrange(1, 12)}.{R.randrange(0, 20)}.{R.randrange(0, 30)}"
    return pick([f"v{v}", f"버전 {v}", f"{v} 버전", f"ver.{v}", f"Ver {v}", f"앱 {v}", f"v{v[:v.rfind('.')]}"])


def d_model_code():
    return pick([f"SM-S{R.randrange(900, 999)}N", f"SL-C{R.randrange(400, 600)}W", f"DCP-T{R.randrange(500, 900)}DW",
                 f"KD-{pick([43, 55, 65])}X{R.randrange(70, 90)}L", f"EOS R{pick([5, 6, 8])}",
                 f"A{R.randrange(1000, 9999)}-{pick('BKW')}", f"HP M{R.randrange(200, 500)}fdw",
                 f"RX-{R.randrange(100, 999)}", f"{pick(['PC', 'NT', 'DX'])}{R.randrange(100, 999)}-{R.randrange(10, 99)}"])


def ean13(p12):
    s = sum(int(c) * (3 if i % 2 else 1) for i, c in enumerate(p12))
    return p12 + str((10 - s % 10) % 10)


def d_ean():
    return ean13("880" + rdig(9))


def d_isbn():
    x = ean13(pick(["97911", "97889"]) + rdig(7))
    return pick([x, f"ISBN {x[:3]}-{x[3:5]}-{x[5:9]}-{x[9:12]}-{x[12]}"])


def ymd():
    return f"2026{R.randrange(1, 13):02d}{R.randrange(1, 29):02d}"


def d_order_no():
    return pick([f"ORD-{ymd()}-{rdig(4)}", f"{ymd()}{rdig(6)}", f"A{ymd()[2:]}{rdig(4)}",
                 f"#{rdig(6, '123456789')}", f"PO-{rdig(5)}"])


def d_invoice_no():
    return pick([f"INV-2026-{rdig(5)}", f"No. {ymd()}-{rdig(3)}", f"EST-{rdig(5)}", f"Q{ymd()[2:]}-{rdig(2)}"])


def d_tracking_no():
    return rdig(pick([10, 12, 12, 13]), "3456789")


def d_reservation_no():
    return pick([f"R{ymd()[2:]}{rdig(4)}", f"RSV-{rdig(6)}", f"B{rdig(8)}", f"{rdig(4, '123456789')}-{rdig(3)}"])


def d_receipt_no():
    return pick([f"R{ymd()}-{rdig(4)}", f"{ymd()}-{rdig(5)}", f"영수증 {rdig(3)}-{rdig(6)}"])


def d_approval_no():
    return rdig(8, "123456789")


def d_claim_no():
    return f"CLM-{pick([2025, 2026])}-{rdig(6)}"


def d_policy_no():
    return pick([f"L{ymd()}{rdig(4)}", f"P-{rdig(3)}-{rdig(7)}"])


def d_registered_mail_no():
    return rdig(13, "1")


def d_case_no():
    return pick([f"{pick([2025, 2026])}타경{R.randrange(1000, 40000)}",
                 f"{pick([2025, 2026])}-{rdig(5)}-{rdig(3)}", f"{pick([2025, 2026])}가단{R.randrange(1000, 99999)}",
                 f"제{pick([2025, 2026])}-{rdig(4)}호"])


def d_student_id():
    return pick([f"{pick([2019, 2020, 2021, 2022, 2023, 2024, 2025])}{rdig(5)}", f"{R.randrange(19, 26)}{rdig(6)}"])


def d_employee_id():
    return pick([f"E-{rdig(5)}", f"{rdig(6, '12')}", f"EMP{rdig(4)}"])


def d_service_no():
    return f"{R.randrange(18, 26)}-{rdig(8, '7')}"


def bizno_check(d9):
    w = (1, 3, 7, 1, 3, 7, 1, 3, 5)
    s = sum(int(a) * b for a, b in zip(d9, w, strict=True)) + (int(d9[8]) * 5) // 10
    return str((10 - s % 10) % 10)


def d_biz_reg_no():
    d9 = rdig(3, "123456789") + pick(["81", "86", "87", "01", "05", "11", "13", "21"]) + rdig(4)
    ds = d9 + bizno_check(d9)
    return f"{ds[:3]}-{ds[3:5]}-{ds[5:]}"


def d_corp_reg_no():
    d12 = pick(["110111", "110114", "134111", "131111", "180111", "200111", "284511", "160111"]) + rdig(6)
    s = sum(int(c) * (2 if i % 2 else 1) for i, c in enumerate(d12))
    ds = d12 + str((10 - s % 10) % 10)
    return pick([f"{ds[:6]}-{ds[6:]}", ds])


def d_rep_number():
    return f"{pick(['1588', '1577', '1544', '1566', '1600', '1644', '1661', '1666', '1688', '1800', '1833', '1855', '1899'])}-{rdig(4)}"


def d_tollfree():
    return pick([f"080-{rdig(3, '123456789')}-{rdig(4)}", f"080-{rdig(4, '123456789')}-{rdig(4)}"])


def d_short_number():
    return pick(["112", "119", "114", "120", "110", "1330", "1345", "1350", "1339", "1388", "1382", "182"])


def d_phone_0500():
    return f"{pick(['0500', '0501'])}-{rdig(pick([3, 4]), '23456789')}-{rdig(4)}"


def d_fake_area_phone():
    a = pick(["035", "036", "037", "038", "039", "045", "046", "047", "048", "056", "057", "058", "065", "066", "067", "069"])
    return f"{a}-{rdig(pick([3, 4]), '23456789')}-{rdig(4)}"


def d_non_global_ip():
    return pick([f"192.168.{R.randrange(0, 3)}.{R.randrange(2, 254)}", f"10.{R.randrange(256)}.{R.randrange(256)}.{R.randrange(1, 254)}",
                 f"172.{R.randrange(16, 32)}.{R.randrange(256)}.{R.randrange(1, 254)}", "127.0.0.1",
                 f"100.{R.randrange(64, 128)}.{R.randrange(256)}.{R.randrange(1, 254)}", f"169.254.{R.randrange(256)}.{R.randrange(1, 254)}",
                 f"198.51.100.{R.randrange(1, 254)}", f"203.0.113.{R.randrange(1, 254)}", f"192.0.2.{R.randrange(1, 254)}",
                 "224.0.0.251", f"fe80::{R.randrange(0x1000, 0xffff):x}:{R.randrange(0x1000, 0xffff):x}", "::1",
                 f"fd{R.randrange(16, 255):02x}:{R.randrange(0x1000, 0xffff):x}::1", f"2001:db8::{R.randrange(1, 0xfff):x}", "0.0.0.0", "255.255.255.0"])


def d_port():
    return pick(["8080", "443", "22", "3306", "5432", "8443", "21", "3000", "9000", "5000", "2222"])


def d_image_file():
    return pick([f"icon@{pick([2, 3])}x.png", f"logo_{pick(['w', 'b'])}@2x.png", f"IMG_{ymd()}_{rdig(4)}.jpg",
                 f"DSC{rdig(5)}.JPG", f"banner_{pick([1200, 1080])}x{pick([628, 1080])}.jpg", f"시안_{rdig(2)}_v{R.randrange(1, 5)}.pdf"])


def d_git_remote():
    return pick([f"git@github.com:{pick(COMPANY)}/{pick(['ir-deck', 'booking-api', 'web'])}.git",
                 f"https://gitlab.com/{pick(COMPANY)}/{pick(['app', 'admin'])}.git"])


def d_npm_package():
    return pick(["@nestjs/core", "@types/node", "@tanstack/react-query", "@babel/preset-env", "@sentry/browser"]) + pick(["", f"@{R.randrange(1, 20)}.{R.randrange(10)}.{R.randrange(10)}"])


def d_mention():
    return "@" + pick(WORDS) + pick(["_", ".", ""]) + pick(GIVEN + COMPANY).replace("-", "_")


def d_coordinates():
    return pick([f"{R.uniform(34.5, 37.9):.4f}, {R.uniform(126.2, 129.4):.4f}",
                 f"N{R.randrange(34, 38)}°{R.randrange(60)}′ E{R.randrange(126, 130)}°{R.randrange(60)}′"])


def d_statistic():
    return pick([f"{R.uniform(1, 99):.1f}%", f"{R.randrange(2, 99)}%", f"{R.uniform(0.1, 9):.2f}배", f"{R.randrange(100, 9999):,}명"])


def d_score():
    return pick([f"{R.uniform(3.5, 5):.1f}점", f"{R.randrange(60, 101)}/100", f"{R.uniform(3, 4.5):.2f}/4.5", f"{R.randrange(60, 100)}점"])


def d_issn():
    d7 = rdig(7)
    s = sum(int(c) * (8 - i) for i, c in enumerate(d7))
    c = (11 - s % 11) % 11
    return f"ISSN {d7[:4]}-{d7[4:]}{'X' if c == 10 else c}"


def d_doi():
    return f"10.{R.randrange(1000, 9999)}/{pick(['j.ijpe', 'kjf', 'jkss', 's12'])}.{R.randrange(2019, 2027)}.{rdig(5)}"


def d_hash():
    return "".join(pick("0123456789abcdef") for _ in range(pick([7, 12, 40, 64])))


def d_uuid():
    h = "".join(pick("0123456789abcdef") for _ in range(32))
    return f"{h[:8]}-{h[8:12]}-4{h[13:16]}-{pick('89ab')}{h[17:20]}-{h[20:]}"


def d_serial_no():
    al = "ABCDEFGHJKLMNPQRSTUVWXYZ"
    return pick([f"SN{rdig(2)}{pick(al)}{rdig(6)}", f"{pick(al)}{pick(al)}{rdig(2)}-{rdig(5)}-{pick(al)}", f"S/N {pick(al)}{rdig(9)}"])


def d_postal_code():
    return rdig(5, "0123456")


def d_room_no():
    return pick([f"{R.randrange(1, 20)}{R.randrange(1, 20):02d}호", f"{R.randrange(1, 6)}층 {R.randrange(1, 9)}호실",
                 f"{pick('ABC')}동 {R.randrange(101, 999)}호"])


def d_seat_no():
    return pick([f"{pick('ABCDEFG')}열 {R.randrange(1, 30)}번", f"{pick('ABCD')}-{R.randrange(1, 40)}", f"{R.randrange(1, 30)}번 좌석"])


def d_meeting_id():
    return f"{rdig(3, '89')} {rdig(pick([3, 4]))} {rdig(4)}"


def d_otp():
    return rdig(6)


def d_gift_pin():
    while True:
        ds = rdig(16)
        if not luhn_ok(ds):
            return pick(["-".join(ds[i:i + 4] for i in (0, 4, 8, 12)), ds])


def d_fee():
    return pick(["500원", "1,000원", "1,500원", "2,000원", "3,000원", "5,000원", "10,000원", "20,000원", "천 원"])


def d_extension():
    return pick([f"내선 {rdig(4, '2345678')}", f"내선{rdig(3, '2345678')}"])


def d_area():
    return pick([f"{R.uniform(20, 200):.2f}㎡", f"{R.randrange(10, 60)}평", f"{R.randrange(30, 300)}m²"])


def d_size():
    return pick([f"{R.randrange(50, 300)}×{R.randrange(50, 900)}cm", "A4", "A3", f"{pick([90, 85])}x{pick([50, 55])}mm",
                 f"{R.randrange(5, 12)}x{R.randrange(7, 15)}인치", f"{pick([250, 300, 350])}g"])


def d_age():
    return pick([f"만 {R.randrange(1, 6)}세", f"{R.randrange(20, 80)}세", f"{R.randrange(12, 40)}개월"])


def d_year():
    return pick([f"{R.randrange(2024, 2028)}년", f"{R.randrange(2025, 2028)}학년도", f"{R.randrange(2025, 2028)}-{pick([1, 2])}학기"])


def d_count():
    return pick([f"{R.randrange(2, 300)}명", f"{R.randrange(2, 60)}명", f"총 {R.randrange(2, 300)}명"])


def d_round():
    return pick([f"{R.randrange(1, 12)}기", f"{R.randrange(1, 40)}차", f"제{R.randrange(1, 30)}회", f"{R.randrange(2, 6)}회차"])


def d_credits():
    return f"{R.randrange(30, 141)}학점"


def d_data_volume():
    return pick([f"{pick([3, 7, 11, 15, 24, 50, 100, 110])}GB", f"{pick([300, 500])}MB"])


def d_temperature():
    return pick([f"{R.uniform(35.8, 38.5):.1f}도", f"{R.uniform(35.8, 38.5):.1f}℃"])


DECOY_GENS = {k[2:]: v for k, v in list(globals().items()) if k.startswith("d_") and callable(v)}

PRIORITY = ["masked_rrn", "masked_card", "masked_account", "masked_mobile", "masked_landline",
            "masked_email", "masked_ip", "corp_reg_no", "gift_pin", "fake_area_phone", "phone_0500",
            "rep_number", "tollfree", "non_global_ip", "biz_reg_no", "registered_mail_no", "ean", "isbn",
            "tracking_no", "meeting_id", "short_number", "service_no", "student_id", "employee_id",
            "order_no", "approval_no", "policy_no", "claim_no", "case_no", "reservation_no", "receipt_no",
            "invoice_no", "git_remote", "mention", "npm_package", "image_file", "otp", "uuid", "hash",
            "serial_no", "doi", "issn", "coordinates", "postal_code", "extension", "port", "version",
            "model_code", "date", "time", "price", "room_no", "seat_no", "statistic", "score", "quantity",
            "fee", "duration", "hours", "installment", "stay", "sessions", "cases", "vehicles", "copies",
            "servings", "dishes", "big_price", "classroom", "area", "size", "age", "year", "count", "round", "credits", "data_volume", "temperature"]


def make_decoy(kind):
    for _ in range(200):
        t = DECOY_GENS[kind]()
        if not decoy_passes(t):
            return t
    raise AssertionError(kind)

# ======================================================================
# frames_a
# ======================================================================

FRAMES = {}

FRAMES["beauty_salon"] = {
    "pos": [
        "[헤어살롱 담] {name}님, {date} {time} 예약이 {date} {time}로 변경되었습니다. 변경 관련 문의는 매장 {landline}로 연락 주세요.",
        "선결제 금액 {price}은 {account}로 입금 부탁드립니다. 입금 확인 후 예약이 확정돼요 :)",
        "원장님 개인번호 {mobile} 로 카톡 주시면 당일 변경도 가능합니다. ({date} 이후 변경은 선결제 {price} 차감)",
        "정기권 자동결제 카드 변경 요청\n기존 카드: {card}\n변경 요청일: {date}\n담당: {name} 디자이너",
        "예약자 {name} / 연락처 {mobile} / 시술: 뿌리염색+클리닉 / 선결제 {price} 완료 (승인번호 {approval_no})",
        "온라인 예약 시스템 로그: {date} {time} 예약 변경, 접속 IP {ip}, 예약번호 {reservation_no}",
        "환불은 선결제하신 카드({card})로 {duration} 이내 취소 처리됩니다. 현금 결제분은 환불계좌 {account} 확인 부탁드려요.",
        "현금영수증 발급용으로 주민번호 {rrn} 적어주셨는데, 휴대폰 번호 {mobile}로도 발급 가능하니 다음엔 그걸로 하셔도 돼요.",
        "강남점 {landline} / 홍대점 {landline}\n예약 변경은 전날 {time}까지만 가능합니다.",
        "인스타 {mention} DM이 어려우시면 {email} 로 원하는 네일 사진 보내주세요. 선결제는 {price}입니다.",
        "예약금 {price} 입금 계좌: {account}\n입금자명은 예약자 성함으로 적어주세요. 문의 {mobile}",
        "멤버십 선불권 {price} 충전 완료. 결제 카드 {card}, 승인번호 {approval_no}. 잔액 확인은 앱 {version}에서 가능합니다.",
        "예약 관리 PC 원격접속은 {ip}:{port} 로 열어두었어요. 매장 와이파이 게스트망은 {non_global_ip}이라 외부에선 안 됩니다.",
        "네일숍 노을 예약 변경 안내\n변경 전: {date} {time}\n변경 후: {date} {time}\n선결제 확인 메일은 {email}에서 발송됩니다.",
        "외국인 고객 선불권 등록 시 외국인등록번호({rrn_fr})와 연락처({mobile})를 받고 있어요. 충전액 {price}.",
    ],
    "neg": [
        "[헤어살롱 담] {date} {time} 예약이 {date} {time}로 변경되었습니다. 선결제 {price}은 그대로 적용됩니다. 문의는 대표번호 {rep_number}.",
        "네일아트 이벤트: {date}까지 젤 기본 {price}, 재방문 고객 {statistic} 할인. 예약번호 {reservation_no}로 조회하실 수 있어요.",
        "예약자 연락처 {masked_mobile}, 선결제 카드 {masked_card} (승인 {approval_no}) 확인되었습니다.",
        "매장 평점 {score}, 리뷰 {count}. {date}은 정기 휴무이고 다음 날 {time}부터 정상 영업합니다.",
        "선결제 취소 시 환불은 영업일 기준 {duration} 소요되며, 문의는 {rep_number} 또는 카카오톡 채널 {mention}으로 주세요.",
        "펌+클리닉은 약 {hours} 걸려요. 건물 주차 {hours} 무료, 매장은 {room_no}입니다.",
    ],
}

FRAMES["fitness"] = {
    "pos": [
        "필라테스 {duration} 회원 등록 완료되었습니다. 등록자 {name}, 연락처 {mobile}, 결제 {price}.",
        "환불 신청서\n성명: {name}\n주민등록번호: {rrn}\n환불 계좌: {account}\n사유: 이사",
        "PT {sessions} 중 잔여분 환불은 결제하신 카드 {card} 로 부분취소 됩니다. 처리까지 {duration} 걸려요.",
        "센터 데스크 {landline}, 담당 트레이너 {mobile}. 락커 번호는 {seat_no}입니다.",
        "회원권 양도 시 양수인 연락처({mobile})와 이메일({email}) 남겨주세요. 양도 수수료 {price}.",
        "출입 관리 앱 {version} 오류 제보: 로그인 시도 IP {ip}, 시각 {time}, 에러코드 {hash}",
        "GX 시간표 변경 문의는 {landline}으로 주세요. 평일 {time}, 주말 {time} 운영합니다.",
        "환불금 {price}은 {account} 로 {date}에 입금 예정입니다. 예금주가 다르면 꼭 말씀해 주세요.",
        "체험 수업 신청: {name} / {mobile} / 희망일 {date}\n결제 링크는 {email} 으로 보내드렸어요.",
        "법인 회원 단체등록 담당자 {email}, 직통 {landline}, 인원 {count}",
        "외국인 회원 등록 시 외국인등록증 번호 {rrn_fr} 확인했습니다. 출입카드는 {date}부터 사용 가능해요.",
        "카드 결제 내역: {card} / {price} / 할부 {installment} / 승인 {approval_no}",
        "인바디 결과표 전송 메일 {email} 맞으신가요? 체지방률 {statistic}, 점수 {score} 나왔어요.",
        "헬스장 예약 서버가 {ip} 에서 응답하지 않아요. 내부망 {non_global_ip} 로는 접속됩니다.",
    ],
    "neg": [
        "{date}부터 {duration} 동안 리모델링으로 휴관합니다. 회원권은 자동으로 연장되며 문의는 {rep_number}.",
        "환불 규정: 등록 후 {duration} 이내 전액, 이후 잔여 횟수 기준 {statistic} 공제. 위약금 최대 {price}.",
        "회원 정보: 연락처 {masked_mobile}, 생년월일 포함 {masked_rrn}, 결제 카드 {masked_card}",
        "신규 등록 이벤트 {date}~{date}, {duration} 등록 시 {price}. 선착순 {count}.",
        "GX룸 {room_no}, 스피닝 자전거 {seat_no} 고장으로 {date}까지 사용 중지합니다.",
        "필라테스 기구 {model_code} {quantity} 입고. 시리얼 {serial_no}, 보증기간 {duration}.",
    ],
}

FRAMES["daycare"] = {
    "pos": [
        "입소 서류 안내\n아동 주민등록번호: {rrn_child}\n보호자 연락처: {mobile}\n제출 기한: {date}",
        "{child} 어머님, {date}까지 입소 확인서와 예방접종 내역 보내주세요. 팩스가 어려우면 {email} 로 스캔본 주셔도 됩니다.",
        "원비 납부 계좌 {account}\n납부 기한 매월 {date}, 특별활동비 {price} 별도입니다.",
        "어린이집 사무실 {landline}, 원장 {mobile}. 등원 시간은 {time}입니다.",
        "보육료 자동이체 카드 등록: {card} (아이행복카드 아님), 매월 {price} 결제",
        "입소 대기 신청서 - 아동 {child}({age}), 주민번호 {rrn_child}, 부 연락처 {mobile}, 모 연락처 {mobile}",
        "긴급 연락망: 보호자 {mobile} / 조부모 {landline}\n하원 시 차량 {seat_no} 이용",
        "원비 환불은 퇴소일 기준 일할 계산하여 {account}로 보내드립니다. 금액 {price}.",
        "CCTV 열람 신청 시 접속 기록(IP {ip}, {date} {time})이 남습니다. 문의 {landline}",
        "현장학습비 {price} 입금해 주세요 → {account} (입금자명: 아이 이름)",
        "가정통신문 회신은 {email}으로, 급한 건 교무실 {landline}로 연락 바랍니다.",
        "보호자 확인: 아버지 {name}, 주민등록번호 {rrn}, 연락처 {mobile}",
        "키즈노트 앱 {version} 로그인 안 됨 문의 - 접속 IP {ip} 차단 해제 요청드립니다.",
    ],
    "neg": [
        "{date} 현장학습: {time} 출발, {time} 도착 예정. 준비물 도시락, 참가비 {price}.",
        "입소 대기 순번 {count}, 대기번호 {reservation_no}. 문의는 아이사랑 콜센터 {rep_number}.",
        "보호자 연락처 {masked_mobile}, 아동 주민번호 {masked_rrn} 로 등록되어 있습니다. 변경 시 알려주세요.",
        "{year} 보육료 지원 단가 {price}, 필요경비 수납 한도 {price}. 미납 시 {duration} 후 안내문 발송.",
        "오늘 체온 {temperature}, 낮잠 {hours}, 간식 {quantity}. 내일은 {time}까지 등원해 주세요.",
        "원비 납부 계좌 {masked_account} (하나은행), 입금 확인은 {date} 일괄 처리합니다.",
    ],
}

FRAMES["hospital_admin"] = {
    "pos": [
        "입원 수속 안내\n환자 주민등록번호: {rrn}\n보호자 연락처: {mobile}\n병실 {room_no}, 입원일 {date}",
        "진단서 발급 창구는 본관 {room_no}이며, 문의는 원무과 {landline}입니다. 발급 수수료 {fee}.",
        "보호자 정보: {name} (관계: 배우자), 휴대폰 {mobile}, 자택 {landline}",
        "입원 보증금 {price}은 카드({card})로 결제되었습니다. 승인번호 {approval_no}.",
        "퇴원 후 과오납 진료비 환급은 {account}로 진행됩니다. 예상 환급액 {price}.",
        "의무기록 사본 발급 신청서\n신청인: {name}\n환자 주민번호: {rrn}\n수령 방법: 이메일 {email}",
        "외국인 환자 등록: 외국인등록번호 {rrn_fr}, 통역 요청, 연락처 {mobile}",
        "원무과 야간 창구 {landline} (평일 {time} 이후), 주말은 응급실 원무 {landline}로 문의하세요.",
        "EMR 접속 이상 보고: 원무 단말 {non_global_ip}, 외부 VPN 접속 IP {ip}, 발생 {date} {time}",
        "진단서는 등기로 보내드립니다. 등기번호 {registered_mail_no}, 추가 문의 {email}",
        "보호자 대리 발급 시 위임장과 보호자 신분증, 환자 주민번호({rrn}) 필요합니다. 상담 {landline}",
        "입원비 중간정산 금액 {price}, 가상계좌가 어려우시면 병원 계좌 {account}로 입금 가능합니다.",
        "간병인 연결 요청 - 보호자 {mobile}, 희망 시작일 {date}, 환자 {age}",
    ],
    "neg": [
        "입원 수속은 {time}부터 원무과 {room_no}에서 합니다. 대표번호 {rep_number}, 응급 시 {short_number:119}.",
        "환자 주민번호 {masked_rrn}, 보호자 연락처 {masked_mobile} 확인 후 팔찌를 발급합니다.",
        "진단서 {fee}, 소견서 {fee}, 입퇴원확인서 {fee}. 발급까지 {duration} 소요.",
        "진료비 영수증 번호 {receipt_no}, 카드 승인 {approval_no}, 총액 {price}.",
        "병동 면회는 {time}, 보호자 {count}까지. 체온 {temperature} 이상은 출입 제한.",
        "실손 청구용 서류 발급 건수 {statistic} 증가로 대기 시간이 {hours}입니다.",
    ],
}

# ======================================================================
# frames_b
# ======================================================================

FRAMES_B = {}

FRAMES_B["auction"] = {
    "pos": [
        "사건번호 {case_no} 입찰보증금 {big_price}은 매각기일 전날까지 {account}로 납부하시기 바랍니다.",
        "공동입찰 신고서\n입찰자: {name}\n주민등록번호: {rrn}\n연락처: {mobile}",
        "온비드 공매 입찰 접속 기록: {date} {time}, 접속 IP {ip}, 물건 관리번호 {case_no}",
        "보증금 반환 계좌 {account}\n유찰 시 {duration} 이내 반환됩니다.",
        "경매 대리 입찰 문의는 사무실 {landline} 또는 담당 {mobile}로 주세요. 수수료 {price}.",
        "입찰 보증금 카드 납부 불가, 다만 감정평가서 열람 수수료 {fee}은 카드({card}) 결제 처리했습니다.",
        "매각허가결정 통지 수신 이메일 {email} 로 변경 요청드립니다. 사건 {case_no}",
        "법인 입찰 시 법인등록번호 {corp_reg_no}, 대표자 주민번호 {rrn} 기재",
        "명도 협의 연락처: 점유자 {mobile}, 관리사무소 {landline}. 면적 {area}.",
        "공매 낙찰 잔금 {big_price} 납부 계좌 {account}, 납부 기한 {date}",
        "경매 정보 유료회원 결제 {card} / {price} / 이용기간 {duration}",
        "입찰 안내 메일 {email}에서 발송. 매각기일 {date} {time}, 법정 {room_no}",
        "공매 시스템 관리자 접속 허용 IP {ip}, 내부망 {non_global_ip}, 포트 {port}",
    ],
    "neg": [
        "사건번호 {case_no}, 감정가 {big_price}, 최저매각가격 {big_price}({statistic}). 매각기일 {date} {time}.",
        "입찰보증금은 최저매각가격의 {statistic}이며, 현금 또는 보증서로 납부합니다. 문의 {rep_number}.",
        "입찰자 주민번호 {masked_rrn}, 연락처 {masked_mobile} 로 접수되었습니다.",
        "물건 소재지 우편번호 {postal_code}, 전용 {area}, 대지권 {area}. 유찰 {round}.",
        "공매 공고 {date}, 입찰기간 {date}~{date}, 개찰 {date} {time}. 온비드 고객센터 {rep_number}.",
        "보증금 반환 계좌 {masked_account} (농협)로 {date} 반환 완료.",
    ],
}

FRAMES_B["charity_volunteer_log"] = {
    "pos": [
        "봉사활동 확인서 발급 신청\n성명: {name}\n생년월일 포함 주민번호: {rrn}\n활동 시간: {hours}",
        "{date} 무료급식소 봉사 {hours} 인증 완료되었습니다. 확인서 PDF는 {email}로 보냈어요.",
        "봉사 시간 누락 문의는 자원봉사센터 {landline}, 담당 코디네이터 {mobile}",
        "봉사자 명단 - {name} {mobile} / {name} {mobile} / 집결 {time}",
        "자원봉사 포털 연동 오류: 접속 IP {ip}, 활동번호 {order_no}, 인증일 {date}",
        "봉사 후원금 {price} 정기후원 계좌 {account}, 기부금 영수증은 주민번호 {rrn} 기준 발급",
        "활동 확인 도장 받은 사진은 {email} 로 보내주시면 시간 입력해 드려요. 문의 {landline}",
        "연탄 나눔 봉사 참가비 {price} → {account} (입금자명 학교+이름)",
        "교통비 지원 신청: {name}, 환급 계좌 {account}, 지원액 {price}",
        "봉사단 회비 자동결제 카드 {card}, 매월 {price}",
        "해외봉사 항공권 결제 카드 {card}, 출국 {date}, 비상연락 {mobile}",
        "외국인 봉사자 등록: 외국인등록번호 {rrn_fr}, 연락처 {mobile}, 활동 {hours}",
        "센터 출석 체크 서버 {ip} 점검으로 {date} {time}까지 수기 기록합니다. 문의 {landline}",
    ],
    "neg": [
        "{date} 활동: 환경정화 {hours}, 참가 {count}. 집결 {time}, 장소 {room_no}.",
        "봉사 시간 인증은 활동일로부터 {duration} 이내에 해야 합니다. 누적 {hours} 이상 시 표창.",
        "확인서 발급번호 {receipt_no}, 봉사자 연락처 {masked_mobile}, 주민번호 {masked_rrn}",
        "올해 봉사 참여율 {statistic}, 만족도 {score}. 다음 모집 {date}부터.",
        "기부금 영수증 조회는 국세청 홈택스, 문의 {rep_number}. 발급 건수 {count}.",
        "후원 계좌 {masked_account}(우리은행)로 보내주신 {price} 잘 받았습니다.",
    ],
}

FRAMES_B["startup_ir"] = {
    "pos": [
        "IR 자료 열람 요청은 {email} 로 부탁드립니다. 데모데이 {date} {time}, {room_no}.",
        "대표 {name} / {mobile} / {email}\n시리즈 A {big_price} 유치 진행 중 (기업가치 {big_price})",
        "투자 문의: IR 담당 {name} 직통 {landline}, 메일 {email}",
        "데이터룸 접근 허용 IP: {ip}, {ip}. 그 외는 차단됩니다. 계정 만료 {date}.",
        "주금 납입 계좌 {account}\n납입일 {date}, 납입액 {big_price}",
        "엔젤투자자 등록 서류: 주민등록번호 {rrn}, 연락처 {mobile}, 투자금 {big_price}",
        "IR 피치덱 {version} 공유드립니다. 저장소 {git_remote}, 문의 {email}",
        "해외 투자자 미팅 Zoom {meeting_id}, 통역 연락처 {mobile}",
        "법인카드 {card} 로 데모데이 부스비 {price} 결제 완료",
        "사업자등록번호 {biz_reg_no}, 사무실 {landline}, 팩스는 사용하지 않습니다.",
        "IR 웹사이트 트래픽 급증 - 상위 접속 IP {ip}, 요청 {count}, 서버 {non_global_ip}:{port}",
        "외국인 공동창업자 외국인등록번호 {rrn_fr}, 지분 {statistic}",
        "SAFE 투자금 {big_price} 입금 계좌: {account}",
    ],
    "neg": [
        "월 매출 {price}, MoM 성장률 {statistic}, 재구매율 {statistic}. 런웨이 {duration}.",
        "데모데이 {date} {time}, 발표 {hours}, 참석 투자사 {count}. Zoom ID {meeting_id}.",
        "대표 연락처 {masked_mobile}, 이메일 {masked_email} (공개 자료라 일부 가림)",
        "사업자등록번호 {biz_reg_no}, 법인등록번호 {corp_reg_no}, 설립 {date}.",
        "기술 스택: {npm_package}, 배포 {version}, 커밋 {hash}. 내부 API {non_global_ip}.",
        "특허 출원 {cases}, 논문 DOI {doi}, 고객사 {count}.",
    ],
}

FRAMES_B["university_admin"] = {
    "pos": [
        "휴학 신청서\n학번: {student_id}\n성명: {name}\n주민등록번호: {rrn}\n연락처: {mobile}",
        "복학 관련 문의는 학사지원팀 {landline} 또는 {email} 로 연락 바랍니다. 신청 기간 {date}~{date}.",
        "졸업증명서 영문 발급 요청 - 학번 {student_id}, 수령 이메일 {email}, 수수료 {fee}",
        "등록금 반환 계좌 {account}\n휴학 시 반환 비율 {statistic}",
        "증명서 발급기 결제 오류: 카드 {card}, 금액 {fee}, 발급번호 {receipt_no}",
        "포털 로그인 차단 해제 요청합니다. 학번 {student_id}, 접속 IP {ip}, 시각 {date} {time}",
        "외국인 유학생 복학 시 외국인등록번호 {rrn_fr} 갱신 여부 확인 필요. 국제처 {landline}",
        "학과 사무실 {landline}, 조교 {mobile} (평일 {time})",
        "군휴학 증빙 제출 - 입영일 {date}, 본인 연락처 {mobile}, 학번 {student_id}",
        "졸업 유예금 {price} 납부 계좌 {account}, 기한 {date}",
        "학위증명서 우편 수령 주소 우편번호 {postal_code}, 연락처 {mobile}, 등기 {registered_mail_no}",
        "수강신청 서버 점검: 외부 접속 {ip} 허용, 내부 {non_global_ip}, 포트 {port}",
        "장학금 환수 금액 {price}을 {account}로 반납해 주세요. 문의 {email}",
    ],
    "neg": [
        "{year} 휴학 신청 기간 {date}~{date}, 복학 신청 {date}~{date}. 문의 {extension}.",
        "졸업증명서 발급 {fee}, 성적증명서 {fee}. 무인발급기 위치 {room_no}.",
        "학번 {student_id}, 연락처 {masked_mobile}, 주민번호 {masked_rrn} 으로 조회됩니다.",
        "졸업 요건: 총 {credits} 중 전공 {credits}, 평점 {score} 이상, 토익 {score}.",
        "학사 포털 {version} 업데이트, 점검 {date} {time}~{time}. 통합 콜센터 {rep_number}.",
        "등록금 반환 계좌 {masked_account}(신한) 확인 완료, {date} 지급.",
    ],
}

# ======================================================================
# frames_c
# ======================================================================

FRAMES_C = {}

FRAMES_C["military"] = {
    "pos": [
        "[병무청] 입영통지서 수령 확인\n성명: {name}\n주민등록번호: {rrn}\n입영일: {date} {time}",
        "예비군 훈련 일정 변경 문의는 지역 예비군대대 {landline}로 하시기 바랍니다. 훈련일 {date}.",
        "입영 연기 신청 시 본인 연락처 {mobile}와 이메일 {email} 을 정확히 기재하세요. 처리 기간 {duration}.",
        "예비군 동원훈련 보상비 {price}은 {account}로 지급됩니다. 지급일 {date}.",
        "훈련 불참 사유서 제출처: {email}, 담당관 {landline}",
        "입영 전 신체검사 결과 문의 - 본인 {name}, 주민번호 {rrn}, 연락 가능 번호 {mobile}",
        "예비군 홈페이지 로그인 오류: 접속 IP {ip}, 오류코드 {hash}, 시각 {time}",
        "부대 면회 신청: 신청자 {name}, 관계 부모, 연락처 {mobile}, 면회일 {date}",
        "전역 후 예비군 편성 안내 - 주소지 변경 시 동대 {landline} 또는 {mobile} 로 연락",
        "군 복무 중 급여 이체 계좌 변경: {account}, 군번 {service_no}",
        "PX 물품 택배 결제 카드 {card}, 금액 {price}, 수령 {date}",
        "예비군 교통비 환급 계좌 {account}, 문의 {landline}",
        "해외 체류 입영 연기 신청자 연락처 {mobile}, 현지 이메일 {email}, 귀국 예정 {date}",
        "병무 민원 포털 접속 차단 해제 요청, 사용 IP {ip}, 내부망 {non_global_ip}",
    ],
    "neg": [
        "{year} 예비군 훈련 일정: {date}~{date}, 입소 {time}. 병무청 콜센터 {rep_number:1588-9090}.",
        "입영 대상자 주민번호 {masked_rrn}, 연락처 {masked_mobile} 로 통지되었습니다.",
        "동원훈련 {stay}, 보상비 {price}, 교통비 {price}. 불참 시 {date}까지 보충훈련 편성.",
        "군번 {service_no}, {round} 동기들과 함께 {date} 수료 예정.",
        "훈련장 위치 {coordinates}, 우편번호 {postal_code}. 차량 {vehicles} 운행.",
        "예비군 훈련 통지 문자 발신번호는 {rep_number}이며, 회신은 되지 않습니다.",
    ],
}

FRAMES_C["photo_studio"] = {
    "pos": [
        "촬영 예약 확정: {date} {time}, 프로필 촬영 {hours}. 예약금 {price} 입금 계좌 {account}",
        "원본 파일은 {email}로 전송됩니다. 용량이 커서 {hours} 정도 걸릴 수 있어요.",
        "스튜디오 {landline} / 실장 {mobile}\n촬영 전날 {time}까지 변경 가능합니다.",
        "원본 전송용 NAS 외부 주소 {ip}:{port}, 아이디는 예약번호 {reservation_no}입니다.",
        "가족사진 촬영 예약자 {name}, 연락처 {mobile}, 인원 {count}, 잔금 {price}",
        "잔금 {price}은 촬영 당일 카드 {card}로 결제하셨습니다. 승인 {approval_no}",
        "여권사진 촬영 신청서 - 성명 {name}, 주민등록번호 {rrn}, 연락처 {mobile}",
        "보정본 시안은 {image_file} 형식으로 {email} 에 올려두었습니다.",
        "촬영 취소 환불 계좌 {account}, 환불액 {price}",
        "외국인 고객 비자 사진 접수: 외국인등록번호 {rrn_fr}, 연락처 {mobile}",
        "스냅 촬영 출장 문의 {landline}, 카톡 상담 {mobile}",
        "원본 다운로드 링크 접속 로그 {date} {time} / IP {ip} / 파일 {image_file}",
        "앨범 추가 주문 결제 카드 {card}, 수량 {copies}, 금액 {price}",
    ],
    "neg": [
        "프로필 촬영 {price}, 원본 추가 {price}, 보정 {copies} 포함. 촬영 시간 {hours}.",
        "원본 파일 {image_file}, 해상도 {size}, 촬영 장비 {model_code}.",
        "예약자 연락처 {masked_mobile}, 이메일 {masked_email} 로 보정본 전송 완료.",
        "{date} 스튜디오 휴무. 다음 예약 가능일 {date} {time}. 예약번호 {reservation_no}.",
        "인스타 {mention} 에 후기 올려주시면 액자 {size} 증정! 당첨 {count}.",
        "원본 전송 서버는 내부망 {non_global_ip} 점검으로 {hours} 중단됩니다.",
    ],
}

FRAMES_C["catering"] = {
    "pos": [
        "출장뷔페 견적서\n행사일 {date} {time}\n인원 {count}\n1인 단가 {price}\n계약금 {price} 입금 계좌 {account}",
        "계약금 입금 확인되었습니다. 담당 실장 {mobile}, 사무실 {landline}",
        "케이터링 견적 요청은 {email} 로 행사 개요를 보내주세요. 최소 {servings}부터 가능합니다.",
        "계약자 {name}, 연락처 {mobile}, 행사 장소 우편번호 {postal_code}",
        "잔금 {price} 카드 결제: {card}, 승인번호 {approval_no}",
        "법인 행사 세금계산서 발행: 사업자등록번호 {biz_reg_no}, 담당자 메일 {email}",
        "계약 취소 시 계약금 환불은 {account}로 {duration} 이내 처리합니다.",
        "행사 당일 현장 책임자 {mobile}, 주방 차량 {vehicles} 도착 {time}",
        "케이터링 주문 페이지 결제 오류 IP {ip} 로그 확인 부탁드립니다. 주문번호 {order_no}",
        "외국인 고객 계약서 - 외국인등록번호 {rrn_fr}, 연락처 {mobile}",
        "돌잔치 출장뷔페 상담 {landline}, 견적서 번호 {invoice_no}",
        "도시락 {servings} 단체 주문 계약금 {price}, 입금처 {account}",
        "현금영수증 주민번호로 발급 원하셔서 {rrn} 로 처리했습니다.",
    ],
    "neg": [
        "출장뷔페 {count} 기준 1인 {price}, 계약금 {statistic}. 행사 {duration} 전 취소 시 전액 환불.",
        "견적번호 {invoice_no}, 메뉴 {dishes}, 총액 {price}(VAT 별도).",
        "계약자 연락처 {masked_mobile}, 계약금 입금 계좌 {masked_account} (기업은행)",
        "{date} 행사 셋팅 {time}, 서빙 인력 {count}, 장소 {room_no}.",
        "위생평가 {score}, 배달 가능 지역 우편번호 {postal_code}~{postal_code}.",
        "케이터링 문의 대표번호 {rep_number}, 무료상담 {tollfree}.",
    ],
}

# ======================================================================
# frames_d
# ======================================================================

FRAMES_D = {}

FRAMES_D["telecom"] = {
    "pos": [
        "명의변경 신청서\n기존 명의자: {name} / {rrn}\n신규 명의자: {name} / {rrn}\n대상 번호: {mobile}",
        "번호이동 상담 예약: 고객 {name}, 이동할 번호 {mobile}, 상담일 {date} {time}",
        "요금 자동납부 카드 변경 → {card} (유효기간은 상담 시 확인)",
        "자동이체 계좌 {account}, 납부일 매월 {date}",
        "인터넷 전화 {landline} 해지 및 번호이동 문의, 연락 가능 번호 {mobile}",
        "공유기 WAN IP {ip}, 내부 게이트웨이 {non_global_ip}. 속도 측정 {statistic} 저하.",
        "대리점 {landline}, 상담사 직통 {mobile}. 개통 처리 {duration} 소요.",
        "청구서 이메일 수신 주소를 {email} 로 변경해 주세요. 고객번호 {order_no}",
        "미납 요금 {price}은 가상계좌 대신 {account}로 입금 가능하다고 안내받았습니다.",
        "가족결합 신청: 대표회선 {mobile}, 결합회선 {mobile}, 집전화 {landline}",
        "외국인 고객 선불폰 개통 - 외국인등록번호 {rrn_fr}, 개통 번호 {mobile}",
        "고정 IP 할당 결과: {ip} (서브넷 {non_global_ip}), 월 {price}",
        "위약금 {price} 환불 계좌 {account}, 처리 기간 {duration}",
        "휴대폰 할부금 카드 결제 {card}, 잔여 {installment}",
    ],
    "neg": [
        "번호이동 시 위약금 {price}, 잔여 할부 {installment}. 고객센터 {short_number:114} 또는 {rep_number}.",
        "명의자 주민번호 {masked_rrn}, 대상 번호 {masked_mobile} 조회 결과 미납 없음.",
        "요금제 변경: 데이터 {data_volume} → 무제한, 월 {price}. 적용일 {date}.",
        "기기 {model_code}, 일련번호 {serial_no}, 펌웨어 {version}. 공장 초기화 후 재개통.",
        "수신거부 {tollfree}, 스팸 신고 {short_number:118}. 발신번호 {phone_0500}은 발신전용입니다.",
        "개통 인증번호 {otp}를 {hours} 내 입력해 주세요. 유출 금지.",
    ],
}

FRAMES_D["print_shop"] = {
    "pos": [
        "명함 시안 확인 부탁드립니다. 앞면: {name} / {mobile} / {email}\n수량 {copies}, 용지 {size}",
        "현수막 {size} 주문 접수. 시안은 {email} 로 보내드렸고 결제는 {account}로 부탁드립니다.",
        "명함 인쇄 정보: 회사 대표 {landline}, 휴대폰 {mobile}, 메일 {email}",
        "카드 결제 완료: {card}, {price}, 주문번호 {order_no}",
        "시안 수정 요청은 카톡 {mobile} 또는 매장 {landline}로 주세요. 출고 {date}.",
        "대량 인쇄 견적 {invoice_no}, 계약금 {price} 입금 계좌 {account}",
        "명함 뒷면에 사업자번호 {biz_reg_no}와 대표번호 {landline} 넣어주세요.",
        "파일 업로드 서버 {ip} 접속이 안 되면 웹하드 사용 바랍니다. 파일명 {image_file}",
        "세금계산서 발행용 주민번호 {rrn} (개인사업자 미등록)",
        "현수막 설치 담당자 {mobile}, 설치일 {date} {time}",
        "스티커 {copies} 추가, 결제 카드 {card}",
        "명함 샘플 발송 주소 우편번호 {postal_code}, 받는 분 {name} {mobile}",
        "인쇄 원고 공유 FTP {ip}:{port}, 백업 {non_global_ip}",
        "외국인 대표 명함: 외국인등록번호 {rrn_fr}, 영문 메일 {email}",
    ],
    "neg": [
        "명함 {copies} {price}, 현수막 {size} {price}. 출고까지 {duration}.",
        "시안 {image_file} 확인 후 {date}까지 회신 주세요. 주문번호 {order_no}.",
        "명함 앞면 연락처는 {masked_mobile}, 메일은 {masked_email} 처럼 일부 가려서 샘플 제작했습니다.",
        "인쇄기 {model_code}, 해상도 {size}, 용지 {size}. 색상 오차 {statistic}.",
        "대표번호 {rep_number}, 수신거부 {tollfree}. 영업시간 {time}.",
        "책자 인쇄 ISBN {isbn}, 바코드 {ean}, {copies} 제작.",
    ],
}

FRAMES_D["community_center"] = {
    "pos": [
        "주민센터 요가 프로그램 신청: {name}, {mobile}, 수강료 {price}",
        "수강료 {price}은 {account}로 입금하시고 입금자명은 신청자 이름으로 해주세요.",
        "프로그램 문의 {landline} (평일 {time}), 담당 주무관 이메일 {email}",
        "감면 대상 확인을 위해 주민등록번호 {rrn} 확인했습니다. 감면율 {statistic}.",
        "온라인 수강신청 중복 접수 확인: 접속 IP {ip}, 접수 {date} {time}",
        "수강료 카드 결제 {card}, 승인 {approval_no}",
        "환불 신청서 - 성명 {name}, 연락처 {mobile}, 환불계좌 {account}",
        "강사 연락처 {mobile}, 장소 {classroom}, 개강 {date}",
        "외국인 주민 한국어 교실 신청 - 외국인등록번호 {rrn_fr}, 연락처 {mobile}",
        "동 행정복지센터 {landline}, 평생학습 담당 {landline}",
        "대기자 {name} 님, 결원 발생 시 {mobile}로 문자 드립니다. 대기번호 {reservation_no}",
        "프로그램 안내 메일 발송 {email}, 수신거부는 {tollfree}",
        "강좌 신청 시스템 공인 IP {ip}, 센터 내부 {non_global_ip}",
    ],
    "neg": [
        "{year} 상반기 프로그램: 요가 {price}, 서예 {price}, 정원 {count}. 접수 {date} {time}부터.",
        "신청자 연락처 {masked_mobile}, 환불계좌 {masked_account}(국민)로 환불 완료.",
        "다산콜센터 {short_number:120}, 정부민원 안내 {short_number:110}.",
        "{classroom}, {seat_no}. 개강 {date}, 수업 {hours}.",
        "경쟁률 {statistic}, 만족도 {score}, 수료생 {count}.",
        "수강료 감면 대상자 주민번호 {masked_rrn} 확인 완료. 문의 {extension}.",
    ],
}

# ======================================================================
# frames_e
# ======================================================================

EXTRA = {
    "beauty_salon": (
        ["선물받은 모바일 상품권 PIN {gift_pin}로 결제하시고 차액 {price}은 카드 {card}로 결제했습니다. 영수증은 {email}로 보냈어요.",
         "안심번호 {landline_safe}로 예약 문의 주셨는데 연결이 안 돼서요, 다른 번호({mobile}) 남겨주시면 다시 연락드릴게요."],
        ["예약 인증번호 {otp} (유효 {hours}). 발신번호 {phone_0500}은 회신 불가 번호입니다."]),
    "fitness": (
        ["회원 {name}님 출입카드 UID {uuid} 재발급 완료. 연락처 {mobile}, 안내 메일 {email}",
         "제휴 상해보험 증권번호 {policy_no}, 가입자 {name}, 연락처 {mobile}, 보험료 자동이체 {account}"],
        ["운동복 택배 송장 {tracking_no}, 발송 {date}. 문자에 찍힌 {fake_area_phone}는 없는 번호라 대표번호 {rep_number}로 문의하세요."]),
    "daycare": (
        ["등원 차량 위치 {coordinates}, 차량 기사님 {mobile}, 원 사무실 {landline}",
         "아동 상해보험 청구번호 {claim_no}, 보험금 수령 계좌 {account}, 보호자 {mobile}"],
        ["원 대표번호 {masked_landline}, 학부모 앱 인증번호 {otp}. 앱 문의 {rep_number}."]),
    "hospital_admin": (
        ["보험사 제출용 서류 발급: 청구번호 {claim_no}, 환자 주민번호 {rrn}, 수령 이메일 {email}",
         "원무과 {name} 주임(사번 {employee_id}) 직통 {landline}, 보호자 회신 번호 {mobile}"],
        ["처방 의약품 바코드 {ean}, 입원 팔찌 ID {uuid}, 병상 {room_no}."]),
    "auction": (
        ["입찰 대리 위임장\n위임인 {name} ({rrn})\n수임인 {name} ({mobile})\n보증금 {price}",
         "낙찰 통지 등기 {registered_mail_no} 반송됨. 연락처 {mobile} / {landline} 확인 바랍니다."],
        ["물건 위치 {coordinates}, 관리사무소 {masked_landline}, 임차인 연락처 {masked_mobile}"]),
    "charity_volunteer_log": (
        ["봉사자 {name}, 연락처 {mobile}, 이메일 {email}, 인증 시간 {hours}. 확인서 번호 {receipt_no}",
         "해외아동 결연 후원 카드 {card}, 후원자 연락처 {mobile}, 결연번호 {order_no}"],
        ["봉사활동 기록 접속 IP {masked_ip}, 인증코드 {otp}, 확인서 문서번호 {uuid}"]),
    "startup_ir": (
        ["IR 담당 {name} {mobile} / 재무 {name} {mobile}\n투자계약서 초안은 {email}로 회신 부탁드립니다.",
         "실사 자료: 법인등록번호 {corp_reg_no}, 대표이사 주민번호 {rrn}, 주금 납입 계좌 {account}"],
        ["연구 성과: 학술지 {issn}, DOI {doi}. 시연 서버 {non_global_ip}, 세션 {uuid}."]),
    "university_admin": (
        ["교직원 {name}(사번 {employee_id}) 연구실 {landline}, 메일 {email}",
         "학위논문 게재지 {issn} 관련 문의 - 대학원 행정실 {landline}, 담당 조교 {mobile}"],
        ["학생증 재발급 신청 {reservation_no}, 카드 UID {uuid}. 포털 최근 접속 {masked_ip}."]),
    "military": (
        ["예비군 훈련 보상비 지급 계좌 {account}, 연락처 {mobile}, 군번 {service_no}",
         "면회 신청 승인: 신청자 {mobile}, 이메일 {email}, 인증번호 {otp}"],
        ["병무 상담 {rep_number}, 지방병무청 {masked_landline}. {fake_area_phone}은 사칭 번호이니 받지 마세요."]),
    "photo_studio": (
        ["원본 전송 완료 - 수신 {email}, 다운로드 IP {ip}, 파일 {copies}",
         "촬영 예약자 {name} {mobile}, 보호자 {mobile}, 예약금 입금 {account}"],
        ["앨범 택배 송장번호 {tracking_no}, 발송일 {date}, 인화지 {size}."]),
    "catering": (
        ["행사 담당 {name} {mobile}, 예비 연락처 {landline}, 견적서 {invoice_no}",
         "케이터링 상품권 PIN {gift_pin} 사용 후 남은 {price}은 카드 {card}로 결제"],
        ["식자재 바코드 {ean}, 보관 온도 {temperature}, 행사 배상책임보험 증권 {policy_no}."]),
    "telecom": (
        ["번호이동 인증 메일 {email}, 인증번호 {otp}, 이동 번호 {mobile}",
         "명의변경 후에도 고정 IP {ip} 유지 요청, 연락처 {landline}",
         "개인 안심번호 {landline_safe} 발급 완료, 착신 번호 {mobile}"],
        ["스팸 발신 {phone_0500}, {fake_area_phone} 차단 처리. 단말 UUID {uuid}."]),
    "print_shop": (
        ["명함 연락처 변경: 대표 {landline}, 안심번호 {landline_safe}, 이메일 {email}",
         "완성품 택배 송장 {tracking_no}, 수령인 {name} {mobile}"],
        ["기념품 바코드 {ean}, 소식지 {issn}, 상품권 PIN {gift_pin} 인쇄 샘플(무효 번호)."]),
    "community_center": (
        ["강사료 지급 계좌 {account}, 강사 {name} {mobile}, 원천징수용 주민번호 {rrn}",
         "수강료 결제 상품권 PIN {gift_pin} 잔액 부족으로 카드 {card} 추가 결제"],
        ["주민센터 위치 {coordinates}, 대표 {masked_landline}, 공유 PC {non_global_ip}."]),
}

# ======================================================================
# build
# ======================================================================

OUT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "eval_oos5.jsonl")
N_TOTAL = 1000
NEG_SHARE = 0.4
MASKED_NEG_SHARE = 0.3  # of the negatives: value frames with every slot masked
P_MASK = 0.15  # per slot, in positive records with several value slots

GENRES = ["beauty_salon", "fitness", "daycare", "hospital_admin", "auction", "charity_volunteer_log",
          "startup_ir", "university_admin", "military", "photo_studio", "catering", "telecom",
          "print_shop", "community_center"]
ALL_FRAMES = {}
for part in (FRAMES, FRAMES_B, FRAMES_C, FRAMES_D):
    ALL_FRAMES.update(part)
for _g, (_pos, _neg) in EXTRA.items():
    ALL_FRAMES[_g]["pos"].extend(_pos)
    ALL_FRAMES[_g]["neg"].extend(_neg)

VALUE_SLOTS = {"rrn": "rrn", "rrn_child": "rrn", "rrn_fr": "rrn", "mobile": "mobile", "landline": "landline", "landline_safe": "landline",
               "email": "email", "ip": "ip", "card": "card", "account": "account"}
NAMES_FAM = list("김이박최정강조윤장임한오서신권황안송류홍전고문양손배백허남심노하")
NAMES_GIV = ["민준", "서연", "지호", "하은", "도윤", "수아", "예준", "지유", "현우", "채원", "은비", "정훈",
             "영숙", "미경", "상철", "경희", "재석", "보영", "태민", "소율", "가온", "윤서", "성민", "혜진"]
CHILD_GIV = ["하람", "시우", "이안", "서아", "로아", "도하", "유주", "아린", "주원", "라온"]


def plain_slot(name):
    if name == "name":
        return pick(NAMES_FAM) + pick(NAMES_GIV)
    if name == "child":
        return pick(NAMES_FAM) + pick(CHILD_GIV)
    return None


def masked_number_only(kind):
    if kind == "masked_account":
        return mask_account(account_number()[2])
    gen = {"masked_rrn": gen_rrn, "masked_mobile": gen_mobile, "masked_landline": gen_landline,
           "masked_email": gen_email, "masked_ip": gen_ip, "masked_card": gen_card}[kind]
    return gen(masked=True)[0][0]


def slot_pieces(name, masked):
    if name in VALUE_SLOTS:
        kind = VALUE_SLOTS[name]
        gen = {"rrn": gen_rrn, "mobile": gen_mobile, "landline": gen_landline, "email": gen_email,
               "ip": gen_ip, "card": gen_card, "account": gen_account}[kind]
        for _ in range(100):
            if name == "rrn_child":
                ps = gen(masked=masked, young=True)
            elif name == "rrn_fr":
                ps = gen(masked=masked, foreign=True)
            elif name == "landline_safe":
                ps = gen(masked=masked, sub="safe")
            else:
                ps = gen(masked=masked)
            if all(tag is None or (tag[0] == "decoy" and not decoy_passes(t))
                   or (tag[0] == "span" and span_ok(tag[1], t)) for t, tag in ps):
                return ps
        raise AssertionError(name)
    p = plain_slot(name)
    if p is not None:
        return [(p, None)]
    if name.startswith("masked_"):
        for _ in range(100):
            t = masked_number_only(name)
            if not decoy_passes(t):
                return [(t, ("decoy", name))]
        raise AssertionError(name)
    return [(make_decoy(name), ("decoy", name))]


def span_ok(kind, t):
    if not value_valid(kind, t):
        return False
    ds = only_digits(t)
    if kind == "account" and (rrn_valid(ds) or card_valid(ds) or phone_kind(ds)):
        return False
    if kind in ("card", "rrn") and phone_kind(ds):
        return False
    return True


SLOT_RE = re.compile(r"\{(\w+)(?::([^}]*))?\}")


def value_slots(frame):
    return [m.group(1) for m in SLOT_RE.finditer(frame) if m.group(1) in VALUE_SLOTS]


def render(frame, mask_idx):
    text, spans, decoys, vi, pos = "", [], [], 0, 0
    for m in SLOT_RE.finditer(frame):
        text += frame[pos:m.start()]
        pos = m.end()
        name = m.group(1)
        masked = False
        if m.group(2):
            fixed = m.group(2)
            assert name in DECOY_GENS and not decoy_passes(fixed), fixed
            s = len(text)
            text += fixed
            decoys.append({"kind": name, "start": s, "end": len(text), "value": fixed})
            continue
        if name in VALUE_SLOTS:
            masked = vi in mask_idx
            vi += 1
        for t, tag in slot_pieces(name, masked):
            s = len(text)
            text += t
            if tag is None:
                continue
            rec = {"kind": tag[1], "start": s, "end": len(text), "value": t}
            if tag[0] == "span":
                rec["_form"] = tag[2]
                spans.append(rec)
            else:
                decoys.append(rec)
    text += frame[pos:]
    return text, spans, decoys


def exempt_digit(text, i):
    a = b = i
    while a > 0 and (text[a - 1].isalnum() or text[a - 1] == "_"):
        a -= 1
    while b < len(text) and (text[b].isalnum() or text[b] == "_"):
        b += 1
    return any(c.isalpha() for c in text[a:b])


def check_record(r):
    text = r["text"]
    assert r["label"] == ("pos" if r["spans"] else "neg")
    allr = sorted(r["spans"] + r["decoys"], key=lambda x: (x["start"], x["end"]))
    for x in allr:
        assert 0 <= x["start"] < x["end"] <= len(text) and text[x["start"]:x["end"]] == x["value"], x
        assert x["value"] == x["value"].strip(), x
    for a, b in zip(allr, allr[1:], strict=False):
        assert a["end"] <= b["start"], (a, b)
    for x in r["spans"]:
        assert span_ok(x["kind"], x["value"]), x
    for x in r["decoys"]:
        assert not decoy_passes(x["value"]), x
    cov = [False] * len(text)
    for x in allr:
        for i in range(x["start"], x["end"]):
            cov[i] = True
    for i, c in enumerate(text):
        if c.isdigit() and not cov[i]:
            assert exempt_digit(text, i), (text, i)
    assert len(r["form"].split("+")) == len(r["spans"]) or not r["spans"]

# ======================================================================
# build_main
# ======================================================================

KIND_COUNT = Counter()
PRIO = {k: i for i, k in enumerate(PRIORITY)}


def choose_pos_frame(genre):
    frames = ALL_FRAMES[genre]["pos"]
    best, best_score = None, None
    for _ in range(3):
        f = pick(frames)
        n = len(value_slots(f))
        sc = sum(KIND_COUNT[VALUE_SLOTS[s]] for s in value_slots(f)) / n - 1 * (n - 1)
        if best is None or sc < best_score:
            best, best_score = f, sc
    return best


def make_record(genre, typ):
    if typ == "pos":
        f = choose_pos_frame(genre)
        n = len(value_slots(f))
        mask = set()
        if n >= 2:
            mask = {i for i in range(n) if chance(P_MASK)}
            if len(mask) == n:
                mask.discard(R.randrange(n))
    elif typ == "neg_masked":
        f = pick(ALL_FRAMES[genre]["pos"])
        mask = set(range(len(value_slots(f))))
    else:
        f = pick(ALL_FRAMES[genre]["neg"])
        mask = set()
    text, spans, decoys = render(f, mask)
    if spans:
        form = "+".join(s.pop("_form") for s in spans)
    else:
        top = min((d["kind"] for d in decoys), key=lambda k: PRIO[k])
        form = "neg/" + top
    return {"text": text, "label": "pos" if spans else "neg", "spans": spans, "decoys": decoys,
            "form": form, "genre": genre}


def build():
    per = [N_TOTAL // len(GENRES) + (1 if i < N_TOTAL % len(GENRES) else 0) for i in range(len(GENRES))]
    records, seen = [], set()
    for genre, n in zip(GENRES, per, strict=True):
        n_neg = round(n * NEG_SHARE)
        n_negm = round(n_neg * MASKED_NEG_SHARE)
        types = ["pos"] * (n - n_neg) + ["neg_masked"] * n_negm + ["neg"] * (n_neg - n_negm)
        R.shuffle(types)
        for i, typ in enumerate(types, 1):
            for _ in range(50):
                r = make_record(genre, typ)
                if r["text"] not in seen:
                    break
            else:
                raise AssertionError("no distinct text")
            seen.add(r["text"])
            for s in r["spans"]:
                KIND_COUNT[s["kind"]] += 1
            out = {"id": f"oos5-{genre}-{i:03d}"}
            out.update(r)
            check_record(out)
            records.append(out)
    return records


def line_of(r):
    keep = {"id": r["id"], "text": r["text"], "label": r["label"],
            "spans": [{k: s[k] for k in ("kind", "start", "end", "value")} for s in r["spans"]],
            "decoys": [{k: s[k] for k in ("kind", "start", "end", "value")} for s in r["decoys"]],
            "form": r["form"], "genre": r["genre"]}
    return json.dumps(keep, ensure_ascii=False)


def stats(records):
    pos = sum(r["label"] == "pos" for r in records)
    print(f"records {len(records)}  pos {pos}  neg {len(records) - pos}")
    print("values per kind", dict(sorted(Counter(s["kind"] for r in records for s in r["spans"]).items())))
    forms = [f for r in records if r["spans"] for f in r["form"].split("+")]
    rare = sum(is_rare(f) for f in forms)
    print(f"values {len(forms)}  common {len(forms) - rare}  rare {rare}  rare share {rare / len(forms):.3f}")
    print("styles", Counter(f.split("/")[0] + "/" + f.split("/")[-1] for f in forms).most_common())
    dk = Counter(d["kind"] for r in records for d in r["decoys"])
    print("decoys", sum(dk.values()), dk.most_common(30))
    print("genres", dict(Counter(r["genre"] for r in records)))
    print("neg forms", Counter(r["form"] for r in records if not r["spans"]).most_common(12))


RARE_BY_KIND = {
    "rrn": {"space", "spaced-dash", "fullwidth", "digits-spaced", "endash"},
    "mobile": {"intl-plus", "intl-82", "hangul", "digits-spaced", "fullwidth", "paren-mobile", "vowel-dash", "slash"},
    "landline": {"hangul", "digits-spaced", "fullwidth", "tilde", "intl-plus", "intl0"},
    "ip": {"defang", "defang-all", "exploded", "upper"},
    "email": {"at-paren", "at-bracket", "at-hangul", "at-words", "fullwidth-at", "spaced-at"},
    "card": {"dot", "fullwidth", "spaced-dash", "slash"},
    "account": {"space-grouped", "dot", "fullwidth", "spaced-dash"},
}


def is_rare(form):
    k, _, st = form.split("/")
    return st in RARE_BY_KIND[k]


def main():
    records = build()
    data = "".join(line_of(r) + "\n" for r in records)
    with open(OUT, "w", encoding="utf-8") as fh:
        fh.write(data)
    print("sha256", hashlib.sha256(data.encode("utf-8")).hexdigest())
    if "-q" not in sys.argv:
        stats(records)


if __name__ == "__main__":
    main()
