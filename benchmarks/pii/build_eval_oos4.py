# ruff: noqa: E501
"""Build eval_oos4.jsonl: an independent, out-of-sample evaluation set for a Korean personal-data (PII) detector.

Independence
    This generator was written from a written brief alone. Its author did not open, read, search or run the
    detector, its tests, its documentation, its benchmarks or any earlier evaluation set or builder, and no
    detector or benchmark was run on the output. Nothing was tuned against a detector: the only tuning was of
    the set's own composition (values per kind, number of decoys, share of writing styles). The genres, frames,
    value generators and decoys below are all new.

Usage
    python build_eval_oos4.py [output path]      (default: eval_oos4.jsonl next to this script)
    Python 3.11 standard library only. One random.Random(SEED) with SEED = 20261128 drives everything; no set
    iteration order or hash seed is relied on, so runs are byte-identical (also under another PYTHONHASHSEED).

Record format (one JSON object per line, UTF-8, ensure_ascii=False)
    {"id": "oos4-<genre>-<nnn>", "text": ..., "label": "pos"|"neg", "spans": [...], "decoys": [...],
     "form": ..., "genre": ...}
    Every span and decoy is {"kind", "start", "end", "value"} with Python code-point offsets and
    value == text[start:end]. Spans and decoys never overlap. label is "pos" iff there is at least one span.
    form: for a positive record "<kind>/<detail>/<how written>" for every span, in span order, joined by "+"
    (e.g. "mobile/m010/hyphen+account/kb/plain_before"); for a negative record "neg/<decoy kind>", naming the
    most PII-like decoy of the record (ranking in PRIORITY; masked RRNs first, dates and prices last).

Size (this build)
    1,000 snippets: 602 positive, 398 negative (39.8%). 802 values: rrn 111, mobile 120, landline 113,
    email 120, ip 112, card 110, account 116. 2,052 annotated decoys of 91 kinds (982 of them inside positive
    records; 351 are masked look-alikes). 113 snippets span several lines.

Kinds (personal data) and how the values were generated
    rrn       YYMMDD + 7 digits on a real calendar date, never in the future. 7th digit 1/2 (Koreans born
              1900-1999), 3/4 (Koreans 2000+), 5/6 and 7/8 for foreigners (frames that say 외국인등록번호 use
              foreigners). Births before 2020-10 carry the check digit: Koreans (11 - S mod 11) mod 10,
              foreigners (13 - S mod 11) mod 10, S = sum(d_i * w_i), w = 2,3,4,5,6,7,8,9,2,3,4,5; births from
              2020-10 on get a random last digit. Detail: kr|fg-1900s|2000s|2020s.
    mobile    010 (about 90%) with a 4-digit middle group, else 011/016/017/018/019 with a 3- or 4-digit middle
              group; the middle group never starts with 0 or 1; 4-digit last group. Detail: m010, m011, ...
    landline  02 (about 30%), 031-033/041-044/051-055/061-064, 070 internet phones and 0502-0508 personal relay
              (안심번호) numbers; the exchange never starts with 0. Detail: seoul02, area031, internet070, safe0504...
    email     local parts built from romanised names, words, years and digits, with dots, underscores, plus-tags
              and occasional upper case; domains from portals (naver.com, daum.net, hanmail.net, gmail.com,
              kakao.com, nate.com), companies (.com, .kr, .co.kr, subdomains), .ac.kr, .go.kr/korea.kr, .or.kr,
              country TLDs and new gTLDs (.studio, .dev, .app, .seoul, .kim ...). Detail: the domain class.
    ip        global unicast IPv4 (about 75%) and IPv6 (about 25%), each checked with ipaddress: not private,
              loopback, link-local, multicast, reserved, unspecified, documentation, shared/CGNAT, benchmarking,
              6to4, NAT64 or ULA, and is_global. Detail: v4|v6.
    card      15-16 digits with a valid Luhn check digit and a real brand prefix: Visa 4, Mastercard 51-55 and
              2221-2720, Amex 34/37 (15 digits), JCB 3528-3589, Discover 6011/65, UnionPay 62. Detail: brand.
    account   Korean bank accounts of 10-14 digits in the bank's own grouping (KB 6-2-6, 신한 3-3-6, 우리 4-3-6,
              하나 3-6-5, NH 3-4-4-2 / 6-2-6, 기업 3-6-2-3, 카카오뱅크 4-2-7, 토스뱅크 4-4-4, 새마을금고 4-4-4-1,
              우체국 6-2-6, 수협 4-4-4, 신협 3-3-6, 케이뱅크 3-3-6, SC제일 3-2-6, 부산 3-4-4-2, iM뱅크 3-2-6-1,
              광주 3-3-6, 전북 4-2-7, 경남 3-2-7, 제주 3-2-6) with typical leading groups (110, 1002, 3333, 1000,
              9002 ...). The bank name (short or full) is always written next to the number: before it, after it,
              in brackets, touching it or after a slash; frames add words such as 계좌, 입금, 환불, 예금주.
              Detail: bank code; how written: "<digit style>_<bank placement>".

Decoys (not personal data; annotated in negative and positive records alike)
    Dates and times (one style per snippet, running forward), prices (won, 만 원, US$), quantities, periods,
    percentages, ages, distances, versions (with 버전/ver. words before or after), product/model codes, EAN-13
    barcodes and ISBNs with valid check digits, ISSN and DOI, order / invoice / NTS tax-invoice approval /
    tracking / reservation / receipt / card-approval / claim / policy / registered-mail / case / contract /
    request / payment / member / prescription / deed numbers, student and employee ids, business registration
    numbers (3-2-5 with check digit), corporate registration numbers (13 digits that fail the RRN rules),
    business representative numbers 15xx/16xx/18xx-xxxx, toll-free 080, short and emergency numbers, 0500/0501
    numbers, phone-like numbers with a non-existent area code (034, 046, 057, 065 ...), non-global IPs
    (private, loopback, CGNAT, link-local, documentation, multicast, ULA), ports (":8080" after an IP is its
    own decoy), image file names like icon@2x.png, document names, git remotes, npm scoped packages, @mentions,
    coordinates, statistics, scores, hashes, UUIDs, serial and lot numbers, postal codes, room, floor and seat
    numbers, meeting ids, OTP codes, gift-card PINs (16 digits, Luhn-invalid), card last-four digits, vehicle
    plates, card expiry dates, game levels/servers, library call numbers, course codes, school terms, GPAs,
    credits, drug codes, doses, pay steps and masked values (880908-1******, 010-****-5678, 010-12**-5678,
    02-***-4567, 5310-****-****-1234, 110-***-****56, ab***@naver.com, 211.34.*.* ...). Every decoy is
    regenerated until it does not pass any value check (RRN, phone, e-mail, global IP, card), and a record is
    regenerated when an unmasked 10-14 digit decoy grouped like an account sits next to a bank or account word.

Labelling conventions
    Masked or partly hidden values are decoys (already de-identified). Obfuscated e-mails ("abc (at) naver.com",
    "abc[at]naver[dot]com", "abc 골뱅이 naver.com", "abc at naver dot com", "abc＠naver.com", "abc @ naver.com",
    "abc@naver 점 com") are e-mail values; the span runs from the start of the local part to the end of the TLD,
    and "mailto:" or angle brackets stay outside. Phone numbers with digits spaced one by one, spelled in Hangul
    (공일공 ...), in full-width digits or in international form (+82 10-..., 82-10-..., +82-2-..., +82 (0)2 ...)
    are values; parentheses belonging to the number ("(02) 123-4567", "02)123-4567") are inside the span. 070,
    area-code and 0502-0508 numbers are landline values whoever owns them; 15xx/16xx/18xx, 080, 0500/0501 and
    short numbers are decoys. Only global unicast IPs are values (defanged "211.34.56[.]78" included); a port
    after an IP is a separate port decoy. E-mail addresses and accounts are values whoever owns them. Bank
    names, 계좌, 예금주 and labels such as "주민등록번호:" are outside spans. Every digit of a text is covered by a
    span or a decoy unless it sits inside a Latin-letter word.

Genres (14, 71-72 snippets each; each has 14-16 value frames and 8 value-free frames)
    rental (렌터카·캠핑장비·공구 대여와 보증금), library (도서관·문화센터 수강과 연체), parking (주차 위반·정기권·
    차량 등록), freelance (견적서·세금계산서·인보이스), scam_report (스미싱·보이스피싱 사례와 사기 계좌 공유),
    game_trade (아이템·계정 거래, 길드 공지), ticket_resale (공연·스포츠 티켓 양도), pharmacy (약국·건강기능식품
    상담과 주문), scholarship (장학금·등록금), crowdwork (외주 의뢰와 정산), inheritance (상속·증여·공증 서류),
    subscription (정기배송·구독 해지), newsletter (본문과 푸터, 수신거부), payroll (급여명세서·인사기록).
    About 40% of each genre is negative: about 60% of negatives use a value-free frame, the rest a value frame
    whose every slot is masked. In positive records with several slots each slot is masked with p = 0.2 (at
    least one value stays). Frames are picked to keep the seven kinds even.

Writing styles (proportions in this build)
    About four values in five use a common style and one in five an evasive one (pick_style; the share is
    steered towards 0.20): 640 of 802 values (79.8%) common, 162 (20.2%) evasive; per kind evasive rrn 22.5%,
    mobile 20.8%, landline 15.9%, email 18.3%, ip 18.8%, card 23.6%, account 21.6%.
    Common (weights within the common branch): rrn hyphen 78 / plain 22; mobile hyphen 62 / plain 15 / space 9 /
    dot 8 / "(010)" 6; landline hyphen 55 / "(02) " 12 / "02)" 8 / plain 10 / space 8 / dot 7; card 4-4-4-4 or
    Amex 4-6-5 with hyphens 58 / spaces 22 / none 20; account bank grouping with hyphens 70 / none 22 / spaces 8;
    email plain 84 / <angle brackets> 8 / mailto: 8; ip dotted IPv4 or compressed IPv6. Labels, particles and
    Hangul text touch the values as people write them.
    Evasive (uniform within the branch): full-width digits, unusual dashes (‐ – — − ㅡ －), spaced hyphens, dots,
    slashes, mixed separators, digits spaced one by one, Hangul-spelled digits, international forms, regrouped
    digits (8-8 cards, 4-digit account chunks), obfuscated e-mails, defanged / spaced / full-width IPv4,
    exploded or upper-case IPv6.

Self-check (asserted before writing)
    offsets and values, no overlap, label/spans agreement, form, every value valid for its kind (and accounts
    next to a bank or account word), no decoy passing as a value, digit coverage, no uncovered "@", unique ids,
    all texts distinct, at least one decoy in every negative record.
"""

import calendar
import datetime
import hashlib
import ipaddress
import itertools
import json
import random
import re
import sys
import unicodedata
from collections import Counter
from pathlib import Path

# ---------------------------------------------------------------------- values
SEED = 20261128
RNG = random.Random(SEED)
EVASIVE_SHARE = 0.2
TODAY = datetime.date(2026, 11, 28)
RRN_CHECK_UNTIL = datetime.date(2020, 10, 1)

FW_MAP = str.maketrans("0123456789-.@:", "０１２３４５６７８９－．＠：")
HANGUL_NUM = "공일이삼사오육칠팔구"
HANGUL_TO_DIGIT = {"공": "0", "영": "0", "일": "1", "이": "2", "삼": "3", "사": "4", "오": "5", "육": "6", "륙": "6", "칠": "7", "팔": "8", "구": "9"}
ODD_DASHES = ["‐", "–", "—", "−", "ㅡ", "－"]
SEPARATORS = set(" .-/_()+‐‑–—―−ㅡ－．（）＋")


def span(text, kind, detail, style, common):
    return (text, {"t": "span", "kind": kind, "detail": detail, "style": style, "common": common})


def decoy(text, kind):
    return (text, {"t": "decoy", "kind": kind})


def plain(text):
    return (text, None)


def digits(rng, n, first="0123456789"):
    return rng.choice(first) + "".join(rng.choice("0123456789") for _ in range(n - 1))


def weighted(rng, pairs):
    total = sum(w for _, w in pairs)
    x = rng.random() * total
    for item, w in pairs:
        x -= w
        if x < 0:
            return item
    return pairs[-1][0]


STYLE_TALLY = {"all": 0, "evasive": 0}


def pick_style(rng, common, evasive):
    """Return (style, is_common); about one value in five gets an evasive style (gently steered towards the share)."""
    n, ev = STYLE_TALLY["all"], STYLE_TALLY["evasive"]
    p = EVASIVE_SHARE + (2 * (EVASIVE_SHARE - ev / n) if n else 0.0)
    STYLE_TALLY["all"] += 1
    if rng.random() < min(0.6, max(0.05, p)):
        STYLE_TALLY["evasive"] += 1
        return rng.choice(evasive), False
    return weighted(rng, common), True


def to_hangul(s):
    return "".join(HANGUL_NUM[int(c)] for c in s)


def join_groups(rng, groups, style):
    if style == "hyphen":
        return "-".join(groups)
    if style == "plain":
        return "".join(groups)
    if style == "space":
        return " ".join(groups)
    if style == "dot":
        return ".".join(groups)
    if style == "slash":
        return "/".join(groups)
    if style == "underscore":
        return "_".join(groups)
    if style == "spaced_hyphen":
        return " - ".join(groups)
    if style == "odd_dash":
        return rng.choice(ODD_DASHES).join(groups)
    if style == "fullwidth":
        sep = rng.choice(["－", "-", " "])
        return sep.join(g.translate(FW_MAP) for g in groups)
    if style == "spaced_digits":
        if rng.random() < 0.5:
            return " ".join("".join(groups))
        return " - ".join(" ".join(g) for g in groups)
    if style == "hangul":
        sep = rng.choice([" ", " ", "-", ""])
        return sep.join(to_hangul(g) for g in groups)
    if style == "mixed":
        seps = ["-", ".", " "]
        a = rng.choice(seps)
        b = rng.choice([s for s in seps if s != a])
        chosen = [a, b] + [rng.choice(seps) for _ in range(max(0, len(groups) - 3))]
        out = groups[0]
        for sep, g in zip(chosen, groups[1:], strict=False):
            out += sep + g
        return out
    raise ValueError(style)


def norm_digits(text):
    """Digits of text (full-width and Hangul-spelled digits mapped); None if other characters occur."""
    out = []
    for c in text:
        if c.isdigit():
            out.append(str(unicodedata.digit(c)))
        elif c in HANGUL_TO_DIGIT:
            out.append(HANGUL_TO_DIGIT[c])
        elif c not in SEPARATORS:
            return None
    return "".join(out)


# ---------------------------------------------------------------- RRN
RRN_W = [2, 3, 4, 5, 6, 7, 8, 9, 2, 3, 4, 5]


def rrn_check(d12, foreign):
    s = sum(int(a) * w for a, w in zip(d12, RRN_W, strict=True))
    return str(((13 if foreign else 11) - s % 11) % 10)


def random_date(rng, start, end):
    return start + datetime.timedelta(days=rng.randint(0, (end - start).days))


def rrn_digits(rng, foreign, era):
    if era == "1900s":
        born = random_date(rng, datetime.date(1938, 1, 1), datetime.date(1999, 12, 31))
    elif era == "2000s":
        born = random_date(rng, datetime.date(2000, 1, 1), datetime.date(2020, 9, 30))
    else:
        born = random_date(rng, RRN_CHECK_UNTIL, datetime.date(2025, 12, 31))
    g = (1 if born.year < 2000 else 3) + rng.randint(0, 1) + (4 if foreign else 0)
    body = born.strftime("%y%m%d") + str(g) + digits(rng, 5)
    last = rrn_check(body, foreign) if born < RRN_CHECK_UNTIL else str(rng.randint(0, 9))
    return body + last


def is_rrn(text):
    d = norm_digits(text)
    if d is None or len(d) != 13:
        return False
    g = int(d[6])
    if g in (1, 2, 5, 6):
        century = 1900
    elif g in (3, 4, 7, 8):
        century = 2000
    else:
        return False
    try:
        born = datetime.date(century + int(d[:2]), int(d[2:4]), int(d[4:6]))
    except ValueError:
        return False
    if born > TODAY:
        return False
    if born < RRN_CHECK_UNTIL:
        return d[12] == rrn_check(d[:12], g >= 5)
    return True


RRN_COMMON = [("hyphen", 78), ("plain", 22)]
RRN_EVASIVE = ["space", "fullwidth", "odd_dash", "spaced_hyphen", "dot", "spaced_digits"]


def gen_rrn(rng, arg=None):
    foreign = arg == "fg"
    era = weighted(rng, [("2000s", 50), ("2020s", 50)] if arg == "child" else [("1900s", 72), ("2000s", 23), ("2020s", 5)])
    d = rrn_digits(rng, foreign, era)
    style, common = pick_style(rng, RRN_COMMON, RRN_EVASIVE)
    text = join_groups(rng, [d[:6], d[6:]], style)
    detail = ("fg" if foreign else "kr") + "-" + era
    return [span(text, "rrn", detail, style, common)]


# ---------------------------------------------------------------- phones
AREA_CODES = ["031", "032", "033", "041", "042", "043", "044", "051", "052", "053", "054", "055", "061", "062", "063", "064"]
MOBILE_OLD = ["011", "016", "017", "018", "019"]
MOBILE_RE = re.compile(r"010[1-9]\d{7}|01[16789][1-9]\d{6,7}")
LANDLINE_RE = re.compile(r"02[1-9]\d{6,7}|0(?:3[1-3]|4[1-4]|5[1-5]|6[1-4])[1-9]\d{6,7}|070[1-9]\d{7}|050[2-8][1-9]\d{7}")


def phone_digits(text):
    t = text.strip().replace("＋", "+")
    d = norm_digits(t)
    if d is None or "+" in t[1:]:
        return None
    if t.startswith("+"):
        if not d.startswith("82"):
            return None
        d = d[2:]
        if not d.startswith("0"):
            d = "0" + d
    elif t.startswith("82") and not d.startswith("0"):
        d = "0" + d[2:]
    return d


def is_mobile(text):
    d = phone_digits(text)
    return bool(d) and MOBILE_RE.fullmatch(d) is not None


def is_landline(text):
    d = phone_digits(text)
    return bool(d) and LANDLINE_RE.fullmatch(d) is not None


def is_phone(text):
    return is_mobile(text) or is_landline(text)


def write_phone(rng, groups, style):
    if style == "intl_plus":
        rest = [groups[0][1:]] + groups[1:]
        sep = rng.choice(["-", " "])
        return "+82" + rng.choice([" ", "-"]) + sep.join(rest)
    if style == "intl_82":
        return "82-" + "-".join([groups[0][1:]] + groups[1:])
    if style == "intl_zero":
        return "+82 (0)" + groups[0][1:] + " " + " ".join(groups[1:])
    if style == "paren_area":
        return "(" + groups[0] + ")" + rng.choice([" ", ""]) + "-".join(groups[1:])
    if style == "half_paren":
        return groups[0] + ")" + "-".join(groups[1:])
    return join_groups(rng, groups, style)


MOBILE_COMMON = [("hyphen", 62), ("plain", 15), ("space", 9), ("dot", 8), ("paren_area", 6)]
MOBILE_EVASIVE = ["intl_plus", "intl_82", "spaced_digits", "hangul", "fullwidth", "odd_dash", "slash", "mixed"]
LANDLINE_COMMON = [("hyphen", 55), ("paren_area", 12), ("half_paren", 8), ("plain", 10), ("space", 8), ("dot", 7)]
LANDLINE_EVASIVE = ["intl_plus", "intl_zero", "fullwidth", "spaced_digits", "hangul", "odd_dash", "mixed", "slash"]


def mobile_groups(rng):
    if rng.random() < 0.9:
        return ["010", digits(rng, 4, "23456789"), digits(rng, 4)]
    return [rng.choice(MOBILE_OLD), digits(rng, rng.choice([3, 4]), "23456789"), digits(rng, 4)]


def landline_groups(rng):
    r = rng.random()
    if r < 0.3:
        return "seoul02", ["02", digits(rng, rng.choice([3, 4]), "23456789"), digits(rng, 4)]
    if r < 0.66:
        area = rng.choice(AREA_CODES)
        return "area" + area, [area, digits(rng, rng.choice([3, 4]), "23456789"), digits(rng, 4)]
    if r < 0.85:
        return "internet070", ["070", digits(rng, 4, "2345678"), digits(rng, 4)]
    pre = "050" + rng.choice("2345678")
    return "safe" + pre, [pre, digits(rng, 4, "123456789"), digits(rng, 4)]


def gen_mobile(rng, arg=None):
    groups = mobile_groups(rng)
    style, common = pick_style(rng, MOBILE_COMMON, MOBILE_EVASIVE)
    return [span(write_phone(rng, groups, style), "mobile", "m" + groups[0], style, common)]


def gen_landline(rng, arg=None):
    detail, groups = landline_groups(rng)
    style, common = pick_style(rng, LANDLINE_COMMON, LANDLINE_EVASIVE)
    return [span(write_phone(rng, groups, style), "landline", detail, style, common)]


def month_days(y, m):
    return calendar.monthrange(y, m)[1]


# ---------------------------------------------------------------------- values2
# ---------------------------------------------------------------- e-mail
EMAIL_DOMAINS = {
    "portal": ["naver.com", "daum.net", "hanmail.net", "gmail.com", "kakao.com", "nate.com"],
    "company": ["sejin-tech.co.kr", "mail.dongbang-logis.com", "hanbitsoft.com", "bluewave.kr", "greenpharm.co.kr", "corp.mirae-rent.com", "daon-design.kr", "smartpay.co.kr", "onsaemiro.com", "haneul-garden.co.kr"],
    "academic": ["snu.ac.kr", "yonsei.ac.kr", "korea.ac.kr", "cs.kaist.ac.kr", "pusan.ac.kr", "jbnu.ac.kr", "mail.hanyang.ac.kr", "stu.kookmin.ac.kr"],
    "gov": ["korea.kr", "seoul.go.kr", "gg.go.kr", "busan.go.kr", "mapo.go.kr", "police.go.kr"],
    "org": ["redcross.or.kr", "kpanet.or.kr", "hopebridge.or.kr", "kcdf.or.kr", "arko.or.kr", "seoulfdn.or.kr"],
    "country": ["yahoo.co.jp", "web.de", "gmx.at", "mail.ru", "orange.fr", "libero.it", "bigpond.com.au", "shaw.ca", "vnn.vn", "hotmail.co.uk"],
    "gtld": ["haru.studio", "mintlab.dev", "sori.app", "bomnal.xyz", "nuri.io", "dalbit.design", "hangang.seoul", "jiwoo.kim", "sarang.shop", "moa.cloud"],
}
EMAIL_CLASS_W = [("portal", 46), ("company", 15), ("academic", 8), ("gov", 6), ("org", 7), ("country", 8), ("gtld", 10)]
TLDS = {"com", "net", "org", "kr", "jp", "de", "at", "ru", "fr", "it", "au", "ca", "vn", "uk", "io", "dev", "app", "xyz", "shop", "studio", "design", "cloud", "seoul", "kim", "edu", "me", "co", "info", "biz"}
GIVEN = ["minji", "seoyeon", "jiwoo", "hyunwoo", "junho", "sujin", "yerin", "dohyun", "eunji", "taeyang", "haneul", "somin", "jaehyuk", "yuna", "minseok", "dabin", "siwoo", "chaewon", "gunwoo", "nayeon"]
FAMILY = ["kim", "lee", "park", "choi", "jung", "kang", "cho", "yoon", "jang", "lim", "han", "oh", "seo", "shin", "kwon", "hwang", "ahn", "song", "yoo", "hong"]
WORDS = ["sunny", "blue", "moon", "haru", "dev", "design", "coffee", "bookworm", "runner", "mint", "dal", "byeol", "sky", "camp", "pharm", "bada", "nabi", "gureum", "tori", "ppang"]
ROLES = ["help", "contact", "info", "billing", "hr", "newsletter", "support", "cs", "admin", "tax", "office", "press", "scholarship", "payroll"]
TAGS = ["shop", "news", "billing", "game", "tickets", "rx", "sub"]


def gen_local(rng, dclass):
    if dclass in ("company", "gov", "org") and rng.random() < 0.35:
        local = rng.choice(ROLES)
        return local if rng.random() < 0.7 else local + "." + rng.choice(FAMILY)
    g, f, w = rng.choice(GIVEN), rng.choice(FAMILY), rng.choice(WORDS)
    year = str(rng.randint(1962, 2006))
    local = weighted(rng, [
        (f + g, 3), (g + "." + f, 3), (f + "." + g, 2), (g[0] + rng.choice(GIVEN)[0] + f, 2),
        (w + digits(rng, rng.choice([2, 4])), 3), (f + year, 2), (g + "_" + f, 2), (w + "." + rng.choice(WORDS), 1),
        (f + g[:2] + year[2:], 2),
    ])
    if rng.random() < 0.12:
        local = ".".join(p[:1].upper() + p[1:] for p in local.split("."))
    if dclass in ("portal", "gtld") and rng.random() < 0.1:
        local += "+" + rng.choice(TAGS)
    return local


EMAIL_COMMON = [("plain", 84), ("angle", 8), ("mailto", 8)]
EMAIL_EVASIVE = ["at_paren", "at_bracket", "golbaeng", "at_word", "fullwidth_at", "spaced_at", "jeom"]


def write_email(rng, local, domain, style):
    parts = domain.split(".")
    if style == "at_paren":
        dom = domain if rng.random() < 0.5 else " (dot) ".join(parts)
        return local + rng.choice(["(at)", " (at) "]) + dom
    if style == "at_bracket":
        return local + rng.choice(["[at]", " [at] "]) + "[dot]".join(parts)
    if style == "golbaeng":
        return local + " 골뱅이 " + (domain if rng.random() < 0.6 else " 점 ".join(parts))
    if style == "at_word":
        return local + " at " + " dot ".join(parts)
    if style == "fullwidth_at":
        return local + "＠" + domain
    if style == "spaced_at":
        return local + " @ " + domain
    if style == "jeom":
        return local + "@" + " 점 ".join(parts)
    return local + "@" + domain


def gen_email(rng, arg=None):
    dclass = weighted(rng, EMAIL_CLASS_W)
    domain = rng.choice(EMAIL_DOMAINS[dclass])
    local = gen_local(rng, dclass)
    style, common = pick_style(rng, EMAIL_COMMON, EMAIL_EVASIVE)
    s = span(write_email(rng, local, domain, style), "email", dclass, style, common)
    if style == "angle":
        return [plain("<"), s, plain(">")]
    if style == "mailto":
        return [plain("mailto:"), s]
    return [s]


EMAIL_RE = re.compile(r"[A-Za-z0-9](?:[A-Za-z0-9._+-]*[A-Za-z0-9])?@(?:[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?\.)+[A-Za-z]{2,}")


def norm_email(text):
    t = text.strip()
    t = re.sub(r"\s*(?:\(at\)|\[at\]|골뱅이|＠|@)\s*", "@", t, flags=re.IGNORECASE)
    t = re.sub(r"\s*(?:\(dot\)|\[dot\]|점)\s*", ".", t, flags=re.IGNORECASE)
    t = re.sub(r"\s+at\s+", "@", t, flags=re.IGNORECASE)
    return re.sub(r"\s+dot\s+", ".", t, flags=re.IGNORECASE)


def is_email(text):
    t = norm_email(text)
    if EMAIL_RE.fullmatch(t) is None or ".." in t or t.count("@") != 1:
        return False
    return t.rsplit(".", 1)[1].lower() in TLDS


# ---------------------------------------------------------------- IP
V4_FIRST = [1, 14, 27, 39, 49, 58, 59, 61, 106, 110, 112, 114, 115, 116, 118, 119, 121, 122, 124, 125, 175, 180, 182, 183, 210, 211, 218, 220, 221, 222, 223, 8, 13, 34, 35, 52, 54, 104, 151, 185, 195]
V6_PREFIX = ["2001:2d8", "2001:e60", "2001:4430", "2406:5900", "2406:da12", "2404:6800", "2a03:2880", "2600:1f18", "2001:4860", "2400:cb00", "2403:6200", "2a01:4f8"]
EXTRA_BLOCKS = [ipaddress.ip_network(n) for n in (
    "0.0.0.0/8", "100.64.0.0/10", "192.0.0.0/24", "192.0.2.0/24", "198.18.0.0/15", "198.51.100.0/24", "203.0.113.0/24",
    "192.88.99.0/24", "240.0.0.0/4", "2001:db8::/32", "2001::/23", "2002::/16", "64:ff9b::/96", "fc00::/7", "fe80::/10",
    "::ffff:0:0/96", "100::/64", "3fff::/20")]
IP_FROM_FW = str.maketrans("０１２３４５６７８９．：", "0123456789.:")
GLOBAL_V6 = ipaddress.ip_network("2000::/3")


def norm_ip(text):
    t = text.translate(IP_FROM_FW)
    for a, b in (("[.]", "."), ("(.)", "."), ("[:]", ":"), (" ", "")):
        t = t.replace(a, b)
    return t


def is_global_ip(text):
    try:
        a = ipaddress.ip_address(norm_ip(text))
    except ValueError:
        return False
    if a.version == 6 and a not in GLOBAL_V6:
        return False
    if a.is_private or a.is_loopback or a.is_link_local or a.is_multicast or a.is_reserved or a.is_unspecified or not a.is_global:
        return False
    return not any(a in n for n in EXTRA_BLOCKS if n.version == a.version)


def gen_ipv4_text(rng):
    while True:
        t = f"{rng.choice(V4_FIRST)}.{rng.randint(0, 255)}.{rng.randint(0, 255)}.{rng.randint(1, 254)}"
        if is_global_ip(t):
            return t


def gen_ipv6_text(rng):
    while True:
        groups = rng.choice(V6_PREFIX).split(":")
        while len(groups) < 7:
            groups.append(rng.choice(["0", "0", format(rng.randint(0, 0xFFFF), "x"), format(rng.randint(0, 0xFFF), "x")]))
        groups.append(format(rng.randint(1, 0xFFFF), "x"))
        t = str(ipaddress.IPv6Address(":".join(groups)))
        if is_global_ip(t):
            return t


IPV4_COMMON = [("plain", 100)]
IPV4_EVASIVE = ["defang_bracket", "defang_paren", "fullwidth", "spaced_dots"]
IPV6_COMMON = [("compressed", 100)]
IPV6_EVASIVE = ["exploded", "upper", "fullwidth"]


def gen_ip(rng, arg=None):
    port = str(rng.choice([80, 443, 8080, 8443, 3389, 22, 2222, 9000, 5432, 3306]))
    if rng.random() < 0.75:
        t = gen_ipv4_text(rng)
        style, common = pick_style(rng, IPV4_COMMON, IPV4_EVASIVE)
        if style == "defang_bracket":
            t = t.replace(".", "[.]") if rng.random() < 0.5 else t[::-1].replace(".", "].[", 1)[::-1]
        elif style == "defang_paren":
            t = t.replace(".", "(.)")
        elif style == "fullwidth":
            t = t.translate(FW_MAP)
        elif style == "spaced_dots":
            t = t.replace(".", " . ")
        s = span(t, "ip", "v4", style, common)
        if common and rng.random() < 0.18:
            return [s, (":" + port, {"t": "decoy", "kind": "port"})]
        return [s]
    t = gen_ipv6_text(rng)
    style, common = pick_style(rng, IPV6_COMMON, IPV6_EVASIVE)
    if style == "exploded":
        t = ipaddress.IPv6Address(t).exploded
    elif style == "upper":
        t = t.upper()
    elif style == "fullwidth":
        t = t.translate(FW_MAP)
    s = span(t, "ip", "v6", style, common)
    if common and rng.random() < 0.15:
        return [plain("["), s, plain("]"), (":" + port, {"t": "decoy", "kind": "port"})]
    return [s]


# ---------------------------------------------------------------------- values3
# ---------------------------------------------------------------- cards


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


def luhn_complete(partial):
    for c in "0123456789":
        if luhn_ok(partial + c):
            return partial + c
    raise AssertionError(partial)


def card_brand(d):
    if len(d) == 15:
        return "amex" if d[:2] in ("34", "37") else None
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


def is_card(text):
    d = norm_digits(text)
    return bool(d) and len(d) in (15, 16) and luhn_ok(d) and card_brand(d) is not None


def card_number(rng):
    brand = weighted(rng, [("visa", 30), ("mastercard", 28), ("amex", 10), ("jcb", 12), ("discover", 6), ("unionpay", 10)])
    if brand == "visa":
        pre = "4"
    elif brand == "mastercard":
        pre = str(rng.randint(51, 55)) if rng.random() < 0.75 else str(rng.randint(2221, 2720))
    elif brand == "amex":
        pre = rng.choice(["34", "37"])
    elif brand == "jcb":
        pre = str(rng.randint(3528, 3589))
    elif brand == "discover":
        pre = rng.choice(["6011", "65"])
    else:
        pre = "62" + rng.choice("0134789")
    n = 15 if brand == "amex" else 16
    d = luhn_complete(pre + digits(rng, n - 1 - len(pre)))
    assert card_brand(d) == brand
    return brand, d


def card_groups(d):
    return [d[:4], d[4:10], d[10:]] if len(d) == 15 else [d[:4], d[4:8], d[8:12], d[12:]]


CARD_COMMON = [("hyphen", 58), ("space", 22), ("plain", 20)]
CARD_EVASIVE = ["dot", "fullwidth", "odd_dash", "mixed", "regroup", "slash", "spaced_hyphen"]


def gen_card(rng, arg=None):
    brand, d = card_number(rng)
    style, common = pick_style(rng, CARD_COMMON, CARD_EVASIVE)
    if style == "regroup":
        text = "-".join([d[:8], d[8:]] if len(d) == 16 else [d[:5], d[5:10], d[10:]])
    else:
        text = join_groups(rng, card_groups(d), style)
    return [span(text, "card", brand, style, common)]


# ---------------------------------------------------------------- bank accounts
# code, names as people write them, groupings, first-group prefixes per grouping, weight
BANKS = [
    ("kb", ["국민", "국민은행", "KB국민은행", "KB국민"], [(6, 2, 6)], [None], 14),
    ("shinhan", ["신한", "신한은행"], [(3, 3, 6)], [["110", "100", "140"]], 13),
    ("woori", ["우리", "우리은행"], [(4, 3, 6)], [["1002"]], 10),
    ("hana", ["하나", "하나은행", "KEB하나은행"], [(3, 6, 5)], [None], 9),
    ("nh", ["농협", "NH농협", "농협은행", "NH농협은행"], [(3, 4, 4, 2), (6, 2, 6)], [["302", "301", "312", "352", "356"], ["351", "356"]], 10),
    ("ibk", ["기업", "기업은행", "IBK기업은행"], [(3, 6, 2, 3)], [None], 7),
    ("kakao", ["카카오뱅크", "카뱅", "카카오"], [(4, 2, 7)], [["3333", "3355", "3388", "7979"]], 11),
    ("toss", ["토스뱅크", "토스"], [(4, 4, 4)], [["1000", "1001"]], 6),
    ("kfcc", ["새마을금고", "MG새마을금고"], [(4, 4, 4, 1)], [["9002", "9003", "9100"]], 4),
    ("post", ["우체국"], [(6, 2, 6)], [None], 4),
    ("suhyup", ["수협", "수협은행"], [(4, 4, 4)], [["1010", "2020"]], 2),
    ("cu", ["신협"], [(3, 3, 6)], [["131", "132", "135"]], 2),
    ("kbank", ["케이뱅크", "K뱅크"], [(3, 3, 6)], [["100", "110"]], 3),
    ("sc", ["SC제일은행", "SC제일", "제일은행"], [(3, 2, 6)], [None], 2),
    ("busan", ["부산은행", "BNK부산은행"], [(3, 4, 4, 2)], [["101", "112"]], 2),
    ("im", ["iM뱅크", "대구은행"], [(3, 2, 6, 1)], [["508", "505"]], 2),
    ("kjb", ["광주은행"], [(3, 3, 6)], [["107", "110"]], 1),
    ("jb", ["전북은행"], [(4, 2, 7)], [["1021", "1013"]], 1),
    ("kn", ["경남은행", "BNK경남은행"], [(3, 2, 7)], [["207", "521"]], 1),
    ("jeju", ["제주은행"], [(3, 2, 6)], [["700", "711"]], 1),
]
BANK_BY_CODE = {b[0]: b for b in BANKS}
BANK_NAMES = sorted({n for b in BANKS for n in b[1]}, key=lambda n: (-len(n), n))
BANK_PATTERNS = sorted({p for b in BANKS for p in b[2]})
ACCOUNT_WORDS = ["계좌", "입금", "송금", "예금주", "무통장", "환불", "이체", "통장"]
ACC_COMMON = [("hyphen", 70), ("plain", 22), ("space", 8)]
ACC_EVASIVE = ["fullwidth", "dot", "mixed", "odd_dash", "regroup", "spaced_hyphen"]
ACC_PLACEMENT = [("before", 34), ("before_colon", 6), ("bracket", 10), ("touching", 8), ("after_paren", 16), ("after", 10), ("slash", 8), ("after_slash", 8)]


def account_groups(rng, bank=None):
    b = bank or BANK_BY_CODE[weighted(rng, [(x[0], x[4]) for x in BANKS])]
    i = rng.randrange(len(b[2]))
    pat, prefs = b[2][i], b[3][i]
    groups = [digits(rng, n, "123456789") for n in pat]
    if prefs:
        p = rng.choice(prefs)
        groups[0] = p + digits(rng, pat[0] - len(p)) if pat[0] > len(p) else p
    return b, groups


def place_bank(rng, name, seg):
    where = weighted(rng, ACC_PLACEMENT)
    if where == "before":
        return where, [plain(name + " "), seg]
    if where == "before_colon":
        return where, [plain(name + ": "), seg]
    if where == "bracket":
        left, right = rng.choice([("[", "] "), ("[", "]"), ("(", ") "), ("<", "> ")])
        return where, [plain(left + name + right), seg]
    if where == "touching":
        return where, [plain(name), seg]
    if where == "after_paren":
        return where, [seg, plain(rng.choice([" (", "("]) + name + ")")]
    if where == "after":
        return where, [seg, plain(" " + name)]
    if where == "slash":
        return where, [plain(name + " / "), seg]
    return where, [seg, plain(" / " + name)]


def gen_account(rng, arg=None):
    b, groups = account_groups(rng)
    style, common = pick_style(rng, ACC_COMMON, ACC_EVASIVE)
    if style == "regroup":
        d = "".join(groups)
        text = "-".join(d[i:i + 4] for i in range(0, len(d), 4))
    else:
        text = join_groups(rng, groups, style)
    name = rng.choice(b[1])
    seg = span(text, "account", b[0], style, common)
    where, segs = place_bank(rng, name, seg)
    seg[1]["style"] = style + "_" + where
    return segs


def is_account(text, bank_code):
    d = norm_digits(text)
    if not d or not 10 <= len(d) <= 14 or any(c in text for c in "공일이삼사오육칠팔구"):
        return False
    return len(d) in {sum(p) for p in BANK_BY_CODE[bank_code][2]}


# ---------------------------------------------------------------- masked look-alikes (decoys)


def masked_rrn(rng, arg=None):
    d = rrn_digits(rng, arg == "fg", weighted(rng, [("1900s", 7), ("2000s", 3)]))
    t = rng.choice([d[:6] + "-" + d[6] + "******", d[:6] + "-*******", d[:4] + "**-" + d[6] + "******",
                    d[:6] + "-" + d[6] + "●●●●●●", d[:6] + "-" + d[6] + "xxxxxx"])
    return [decoy(t, "masked_rrn")]


def masked_mobile(rng, arg=None):
    g = mobile_groups(rng)
    t = rng.choice([f"{g[0]}-****-{g[2]}", f"{g[0]}-{g[1][:2]}**-{g[2]}", f"{g[0]}-{g[1]}-****", f"{g[0]}-****-{g[2][:2]}**",
                    f"{g[0]}****{g[2]}", f"{g[0]}-{g[1][:1]}***-{g[2]}", f"{g[0]}-XXXX-{g[2]}"])
    return [decoy(t, "masked_mobile")]


def masked_landline(rng, arg=None):
    _, g = landline_groups(rng)
    t = rng.choice([f"{g[0]}-{'*' * len(g[1])}-{g[2]}", f"{g[0]}-{g[1]}-****", f"({g[0]}) {'*' * len(g[1])}-{g[2]}", f"{g[0]}-{g[1][:1]}{'*' * (len(g[1]) - 1)}-{g[2]}"])
    return [decoy(t, "masked_landline")]


def masked_email(rng, arg=None):
    dclass = weighted(rng, EMAIL_CLASS_W)
    domain = rng.choice(EMAIL_DOMAINS[dclass])
    local = gen_local(rng, dclass).split("+")[0]
    t = rng.choice([local[:2] + "***@" + domain, local[0] + "*" * max(3, len(local) - 1) + "@" + domain,
                    local[:3] + "****@" + domain.split(".")[0][:1] + "*****." + domain.rsplit(".", 1)[1]])
    return [decoy(t, "masked_email")]


def masked_ip(rng, arg=None):
    if rng.random() < 0.8:
        a = gen_ipv4_text(rng).split(".")
        t = rng.choice([f"{a[0]}.{a[1]}.*.*", f"{a[0]}.{a[1]}.xxx.xxx", f"{a[0]}.***.{a[2]}.{a[3]}", f"{a[0]}.{a[1]}.{a[2]}.***", f"{a[0]}.{a[1]}.●.●"])
    else:
        t = ":".join(gen_ipv6_text(rng).split(":")[:2]) + ":****:****:****::*"
    return [decoy(t, "masked_ip")]


def masked_card(rng, arg=None):
    _, d = card_number(rng)
    if len(d) == 15:
        t = rng.choice([f"{d[:4]}-******-*{d[11:]}", "*" * 11 + d[11:]])
    else:
        t = rng.choice([f"{d[:4]}-****-****-{d[12:]}", f"{d[:4]}-{d[4:6]}**-****-{d[12:]}", "*" * 12 + d[12:], f"{d[:6]}******{d[12:]}", f"{d[:4]} **** **** {d[12:]}"])
    return [decoy(t, "masked_card")]


def masked_account(rng, arg=None):
    b, g = account_groups(rng)
    d = "".join(g)
    choice = rng.randrange(3)
    if choice == 0:
        t = "-".join([g[0]] + ["*" * len(x) for x in g[1:-1]] + ["*" * (len(g[-1]) - 2) + g[-1][-2:]])
    elif choice == 1:
        t = "-".join([g[0]] + ["*" * len(x) for x in g[1:-1]] + [g[-1]])
    else:
        t = "*" * (len(d) - 4) + d[-4:]
    seg = decoy(t, "masked_account")
    name = rng.choice(b[1])
    return [plain(name + " "), seg] if rng.random() < 0.6 else [seg, plain(" (" + name + ")")]


GENERATORS = {"rrn": gen_rrn, "mobile": gen_mobile, "landline": gen_landline, "email": gen_email, "ip": gen_ip, "card": gen_card, "account": gen_account}
MASKERS = {"rrn": masked_rrn, "mobile": masked_mobile, "landline": masked_landline, "email": masked_email, "ip": masked_ip, "card": masked_card, "account": masked_account}
KINDS = ["rrn", "mobile", "landline", "email", "ip", "card", "account"]


def value_valid(kind, text, detail):
    if kind == "account":
        return is_account(text, detail)
    return {"rrn": is_rrn, "mobile": is_mobile, "landline": is_landline, "email": is_email, "ip": is_global_ip, "card": is_card}[kind](text)


def passes_as_value(text):
    """True if a decoy text would itself be a valid value of some kind."""
    return is_rrn(text) or is_mobile(text) or is_landline(text) or is_email(text) or is_global_ip(text) or is_card(text)


# ---------------------------------------------------------------------- decoys
WEEKDAYS = "월화수목금토일"
PLATE_HANGUL = "가나다라마거너더러머버서어저고노도로모보소오조구누두루무부수우주하허호"
HEX = "0123456789abcdef"
UNITS_DEFAULT = "개"


CTX = {"date_fmt": None, "last_date": None, "time_fmt": None, "last_hour": None}


def reset_ctx():
    """Dates and times in one snippet share a writing style and run forward."""
    for k in CTX:
        CTX[k] = None


def _ymd(rng):
    y = rng.choice([2023, 2024, 2025, 2025, 2026, 2026])
    m = rng.randint(1, 12)
    return y, m, rng.randint(1, month_days(y, m))


def d_date(rng, arg):
    if arg == "dom":
        return f"{rng.choice([10, 15, 20, 21, 25, 28])}일"
    if CTX["last_date"] is None:
        dt = datetime.date(*_ymd(rng))
        CTX["date_fmt"] = rng.randrange(10)
    else:
        dt = CTX["last_date"] + datetime.timedelta(days=rng.randint(1, 45))
    CTX["last_date"] = dt
    y, m, d = dt.year, dt.month, dt.day
    wd = WEEKDAYS[dt.weekday()]
    return [f"{y}-{m:02d}-{d:02d}", f"{y}.{m:02d}.{d:02d}", f"{y}. {m}. {d}.", f"{y}년 {m}월 {d}일", f"{m}월 {d}일",
            f"{m}/{d}", f"{y % 100:02d}.{m:02d}.{d:02d}", f"{m}.{d}({wd})", f"{m}월 {d}일({wd})", f"{y}/{m:02d}/{d:02d}"][CTX["date_fmt"]]


def d_time(rng, arg):
    if CTX["last_hour"] is None or CTX["last_hour"] >= 21:
        h = rng.randint(7, 18)
        CTX["time_fmt"] = rng.randrange(4)
    else:
        h = rng.randint(CTX["last_hour"] + 1, min(23, CTX["last_hour"] + 9))
    CTX["last_hour"] = h
    mi = rng.choice([0, 0, 10, 15, 20, 30, 30, 40, 45, 50])
    ap = "오전" if h < 12 else "오후"
    h12 = h if h <= 12 else h - 12
    fmt = CTX["time_fmt"]
    if fmt == 0:
        return f"{h:02d}:{mi:02d}"
    if fmt == 1:
        return f"{h}:{mi:02d}"
    if fmt == 2:
        return f"{h}시 {mi}분" if mi else f"{h}시"
    return f"{ap} {h12}시 {mi}분" if mi else f"{ap} {h12}시"


def d_price(rng, arg):
    if arg == "s":
        n = rng.randint(10, 600) * 100
    elif arg == "m":
        n = rng.randint(5, 99) * 10000 + rng.choice([0, 0, 5000])
    elif arg == "l":
        n = rng.randint(100, 9000) * 10000
    else:
        n = rng.choice([rng.randint(1, 99) * 1000, rng.randint(10, 300) * 100, rng.randint(5, 990) * 10000, rng.randint(100, 9999) * 100])
    if n >= 10000 and n % 10000 == 0 and rng.random() < 0.3:
        return f"{n // 10000:,}만 원" if rng.random() < 0.5 else f"{n // 10000:,}만원"
    return f"₩{n:,}" if rng.random() < 0.08 else f"{n:,}원"


def d_price_usd(rng, arg):
    n = rng.randint(5, 9000)
    return rng.choice([f"${n:,}.00", f"USD {n:,}", f"US$ {n:,}", f"${n}.{rng.randint(0, 99):02d}"])


def d_quantity(rng, arg):
    unit = arg or UNITS_DEFAULT
    if unit == "만":
        n = rng.randint(10, 900)
    elif unit in ("명", "건", "자", "석") and rng.random() < 0.5:
        n = rng.randint(20, 3000)
    else:
        n = rng.randint(2, 15)
    return f"{n:,}{unit}"


def d_period(rng, arg):
    unit = arg or "일"
    hi = {"분": 59, "시간": 48, "일": 30, "영업일": 14, "주": 8, "개월": 24, "년": 10, "박": 6}.get(unit, 12)
    return f"{rng.randint(2, hi)}{unit}"


def d_percent(rng, arg):
    return rng.choice([f"{rng.randint(1, 99)}%", f"{rng.randint(1, 40)}.{rng.randint(1, 9)}%"])


def d_age(rng, arg):
    return f"{rng.choice([18, 19, 21, 23, 25, 26, 65])}세"


def d_distance(rng, arg):
    return rng.choice([f"{rng.randint(50, 400)}km", f"{rng.randint(1, 30)}.{rng.randint(1, 9)}km", f"{rng.randint(100, 900)}m"])


def d_version(rng, arg):
    a, b, c = rng.randint(1, 17), rng.randint(0, 12), rng.randint(0, 30)
    return rng.choice([f"v{a}.{b}.{c}", f"{a}.{b}.{c}", f"ver.{a}.{b}", f"{a}.{b}", f"v{a}.{b}"])


def d_model_code(rng, arg):
    L = "ABCDEFGHJKLMNPRSTVWXZ"
    return rng.choice([f"SM-{rng.choice('SAFGN')}{rng.randint(100, 999)}N", f"{rng.choice(L)}{rng.choice(L)}-{rng.randint(100, 9999)}",
                       f"{rng.choice(L)}{rng.randint(1000, 9999)}{rng.choice(L)}", f"{rng.choice(['DCD', 'GSB', 'TD', 'HR', 'DHP'])}{rng.randint(100, 999)}{rng.choice(['Z', 'P2', 'N', ''])}"])


def ean13(body12):
    s = sum(int(c) * (3 if i % 2 else 1) for i, c in enumerate(body12))
    return body12 + str((10 - s % 10) % 10)


def d_barcode(rng, arg):
    return ean13("880" + digits(rng, 9))


def d_isbn(rng, arg):
    d = ean13("97889" + digits(rng, 7, "123456789"))
    return rng.choice([f"{d[:3]}-{d[3:5]}-{d[5:9]}-{d[9:12]}-{d[12]}", d])


def d_issn(rng, arg):
    b = digits(rng, 7, "123456789")
    s = sum(int(c) * w for c, w in zip(b, range(8, 1, -1), strict=True))
    c = (11 - s % 11) % 11
    return f"{b[:4]}-{b[4:]}{'X' if c == 10 else c}"


def d_doi(rng, arg):
    y = rng.randint(2015, 2025)
    core = f"10.{rng.randint(1000, 9999)}/{rng.choice(['JKCA', 'kjce', 'jkda', 'KSCI'])}.{y}.{rng.randint(1, 30):02d}.{rng.randint(1, 12):02d}.{rng.randint(1, 400):03d}"
    return core if rng.random() < 0.6 else "https://doi.org/" + core


def _ids(rng, kind):
    y, m, d = _ymd(rng)
    ymd, yy = f"{y}{m:02d}{d:02d}", f"{y % 100:02d}{m:02d}{d:02d}"
    table = {
        "order_no": [f"{ymd}-{digits(rng, 7)}", f"ORD-{ymd}-{digits(rng, 4)}", f"B{yy}{digits(rng, 5)}", f"{ymd}{digits(rng, 6)}"],
        "invoice_no": [f"INV-{y}-{digits(rng, 4)}", f"{y}-{digits(rng, 4)}", f"INV{yy}{digits(rng, 3)}"],
        "tax_invoice_no": [f"{ymd}-{digits(rng, 8, '1234')}-{digits(rng, 8)}"],
        "tracking_no": [digits(rng, 12, "5689"), f"{digits(rng, 4, '5689')}-{digits(rng, 4)}-{digits(rng, 4)}", digits(rng, 13, "68")],
        "reservation_no": [f"R{yy}{digits(rng, 4)}", f"T{yy[:4]}-{digits(rng, 4)}", f"{digits(rng, 3, '123456789')}-{digits(rng, 6)}"],
        "receipt_no": [f"{digits(rng, 4)}-{yy}-{digits(rng, 4)}", f"RCP-{yy}{digits(rng, 5)}"],
        "approval_no": [digits(rng, 8, "123456789"), digits(rng, 8, "123456789")],
        "claim_no": [f"CL-{y}-{digits(rng, 6)}", f"{y}-{digits(rng, 7)}"],
        "policy_no": [f"P{y}-{digits(rng, 4)}-{digits(rng, 4)}", f"{digits(rng, 3, '123456789')}-{digits(rng, 7)}"],
        "registered_mail": [f"{digits(rng, 4, '1')}-{digits(rng, 4)}-{digits(rng, 5)}", digits(rng, 13, "1")],
        "case_no": [f"{y}{rng.choice(['느단', '느합', '가단', '카단', '타경'])}{rng.randint(100, 99999)}", f"{y}-{digits(rng, 6)}", f"제{y}-{rng.randint(1, 9999)}호"],
        "contract_no": [f"CT-{yy[:4]}-{digits(rng, 4)}", f"제{y}-{rng.randint(1, 999)}호", f"RC{yy}{digits(rng, 3)}"],
        "request_no": [f"{y}-{digits(rng, 6)}", f"REQ{yy}{digits(rng, 3)}"],
        "payment_no": [f"{digits(rng, 2, '1234')}-{digits(rng, 4)}-{digits(rng, 1)}-{digits(rng, 6)}-{digits(rng, 1)}", f"{digits(rng, 5, '1234')}-{yy}-{digits(rng, 6)}"],
        "member_no": [f"M{y}-{digits(rng, 5)}", digits(rng, 8, "123456789"), f"{digits(rng, 3, '123456789')}-{digits(rng, 5)}"],
        "rx_no": [f"{ymd}{digits(rng, 5)}"],
        "deed_no": [f"{y}년 제{rng.randint(1, 9999)}호", f"증서 제{rng.randint(100, 9999)}호"],
        "student_id": [f"{y - rng.randint(0, 4)}{digits(rng, 6)}", f"{y - rng.randint(0, 4)}{digits(rng, 4)}"],
        "employee_id": [f"E{y - rng.randint(0, 20)}{digits(rng, 4)}", digits(rng, 6, "123456789"), f"HR-{digits(rng, 5)}"],
    }
    return rng.choice(table[kind])


def d_biz_reg_no(rng, arg):
    b = digits(rng, 9, "123456789")
    w = [1, 3, 7, 1, 3, 7, 1, 3, 5]
    s = sum(int(c) * x for c, x in zip(b, w, strict=True)) + (int(b[8]) * 5) // 10
    d = b + str((10 - s % 10) % 10)
    return f"{d[:3]}-{d[3:5]}-{d[5:]}"


def d_corp_reg_no(rng, arg):
    b = rng.choice(["1101", "1201", "1301", "1358", "1701", "1801", "2301", "1311"]) + rng.choice(["11", "11", "14", "21", "22"]) + digits(rng, 6, "0")
    s = sum(int(c) * (1 if i % 2 == 0 else 2) for i, c in enumerate(b))
    d = b + str((10 - s % 10) % 10)
    return f"{d[:6]}-{d[6:]}" if rng.random() < 0.8 else d


def d_rep_number(rng, arg):
    return f"{rng.choice(['1588', '1577', '1544', '1566', '1599', '1600', '1644', '1661', '1670', '1688', '1800', '1833', '1855', '1899'])}-{digits(rng, 4)}"


def d_tollfree(rng, arg):
    return f"080-{digits(rng, rng.choice([3, 4]), '23456789')}-{digits(rng, 4)}"


def d_short_number(rng, arg):
    return rng.choice(["112", "119", "1332", "118", "1330", "182", "114", "1345", "1394", "120"])


def d_relay_0500(rng, arg):
    return f"{rng.choice(['0500', '0501'])}-{digits(rng, rng.choice([3, 4]), '123456789')}-{digits(rng, 4)}"


def d_fake_area_phone(rng, arg):
    area = rng.choice(["034", "035", "036", "037", "038", "039", "045", "046", "047", "048", "049", "056", "057", "058", "059", "065", "066", "067", "068", "069", "020"])
    return f"{area}-{digits(rng, rng.choice([3, 4]), '23456789')}-{digits(rng, 4)}"


def d_private_ip(rng, arg):
    r = rng.randint
    return rng.choice([f"192.168.{r(0, 10)}.{r(1, 254)}", f"10.{r(0, 255)}.{r(0, 255)}.{r(1, 254)}", f"172.{r(16, 31)}.{r(0, 255)}.{r(1, 254)}",
                       "127.0.0.1", f"100.{r(64, 127)}.{r(0, 255)}.{r(1, 254)}", f"169.254.{r(0, 255)}.{r(1, 254)}", f"203.0.113.{r(1, 254)}",
                       f"198.51.100.{r(1, 254)}", f"192.0.2.{r(1, 254)}", f"224.0.0.{r(1, 254)}", f"fd{r(0, 255):02x}:{r(0, 65535):x}::{r(1, 255):x}",
                       f"fe80::{r(0, 65535):x}:{r(0, 65535):x}", "::1", f"2001:db8::{r(1, 4095):x}", "0.0.0.0"])


# ---------------------------------------------------------------------- decoys2
PORTS = ["80", "443", "8080", "8443", "3000", "5000", "22", "2222", "3389", "9090", "5432", "3306", "6379"]


def d_port(rng, arg):
    return (":" if arg == "attached" else "") + rng.choice(PORTS)


def d_image_file(rng, arg):
    return rng.choice([f"icon@{rng.randint(2, 3)}x.png", f"logo@{rng.randint(2, 3)}x.webp", f"banner_{rng.choice([1200, 1080, 750])}x{rng.choice([628, 1080, 400])}.jpg",
                       f"bg-hero@{rng.randint(2, 3)}x.jpg", f"thumb_{rng.randint(1, 40):02d}.png", f"seatmap_{rng.randint(2023, 2026)}.png"])


def d_doc_file(rng, arg):
    return rng.choice([f"invoice_{rng.randint(2024, 2026)}{rng.randint(1, 12):02d}.pdf", f"견적서_v{rng.randint(2, 5)}.pdf", f"명세서_{rng.randint(2024, 2026)}_{rng.randint(1, 12):02d}.xlsx",
                       f"scan_{digits(rng, 4)}.pdf", f"환급안내_{digits(rng, 6)}.hwp.exe", f"final_{rng.randint(1, 9)}.zip"])


def d_git_remote(rng, arg):
    org, repo = rng.choice(["hanbit-lab", "daon-dev", "moa-team", "sori2", "bluewave"]), rng.choice(["newsletter", "shop-front", "api-v2", "payroll-batch", "landing"])
    return rng.choice([f"git@github.com:{org}/{repo}.git", f"https://github.com/{org}/{repo}.git", f"git@gitlab.com:{org}/{repo}-{rng.randint(2, 9)}.git"])


def d_npm_package(rng, arg):
    return rng.choice(["@toss/utils", "@naverpay/ui", "@types/node", "@babel/core", "@tanstack/react-query", "@daon/design-system"]) + "@" + f"{rng.randint(1, 20)}.{rng.randint(0, 9)}.{rng.randint(0, 20)}"


def d_mention(rng, arg):
    return "@" + rng.choice(["moonlight", "dev_kim", "haru", "guildmaster", "sori", "nabi", "tori"]) + rng.choice(["_", ""]) + str(rng.randint(1, 2025))


def d_coordinates(rng, arg):
    lat, lon = rng.uniform(33.2, 38.4), rng.uniform(126.1, 129.5)
    return rng.choice([f"{lat:.4f}, {lon:.4f}", f"{lat:.5f}°N {lon:.5f}°E", f"N{lat:.3f} E{lon:.3f}"])


def d_statistic(rng, arg):
    return rng.choice([f"+{rng.randint(1, 40)}.{rng.randint(1, 9)}%", f"-{rng.randint(1, 9)}.{rng.randint(1, 9)}%", f"{rng.randint(2, 60)}.{rng.randint(1, 9)}% 증가",
                       f"{rng.randint(1, 4)}.{rng.randint(1, 9)}배", f"{rng.randint(1, 9)}.{rng.randint(1, 9)}%p 상승"])


def d_score(rng, arg):
    return rng.choice([f"{rng.randint(3, 4)}.{rng.randint(0, 9)}점", f"{rng.randint(60, 100)}점", f"{rng.randint(3, 4)}.{rng.randint(0, 9)}/5", f"★{rng.randint(3, 4)}.{rng.randint(0, 9)}", f"{rng.randint(500, 9999):,}점"])


def d_hash(rng, arg):
    n = rng.choice([7, 40, 64, 32])
    h = "".join(rng.choice(HEX) for _ in range(n))
    return ("sha256:" + h) if n == 64 and rng.random() < 0.4 else h


def d_uuid(rng, arg):
    h = "".join(rng.choice(HEX) for _ in range(32))
    return f"{h[:8]}-{h[8:12]}-4{h[13:16]}-{rng.choice('89ab')}{h[17:20]}-{h[20:]}"


def d_serial_no(rng, arg):
    A = "ABCDEFGHJKLMNPQRSTUVWXYZ0123456789"

    def chunk():
        return "".join(rng.choice(A) for _ in range(4))

    return rng.choice([f"{chunk()}-{chunk()}-{chunk()}", f"SN{rng.randint(2020, 2026)}{rng.choice('ABCK')}{digits(rng, 7)}", f"{chunk()}{chunk()}{digits(rng, 4)}"])


def d_lot_no(rng, arg):
    return rng.choice([f"LOT {rng.randint(22, 26)}{rng.choice('ABCK')}{digits(rng, 4)}", f"{rng.choice('ABCK')}{rng.randint(22, 26)}{digits(rng, 3)}", f"{rng.randint(2023, 2026)}{digits(rng, 3)}"])


def d_postal_code(rng, arg):
    return f"{rng.randint(1000, 63644):05d}"


def d_room_no(rng, arg):
    return rng.choice([f"{rng.randint(2, 25)}{rng.randint(1, 12):02d}호", f"{rng.randint(101, 120)}동 {rng.randint(2, 25)}{rng.randint(1, 6):02d}호", f"{rng.randint(2, 20)}층 {rng.randint(1, 12)}호"])


def d_floor(rng, arg):
    return f"{rng.randint(1, 5)}층"


def d_seat_no(rng, arg):
    return rng.choice([f"{rng.choice('ABCDEFG')}구역 {rng.randint(1, 30)}열 {rng.randint(1, 40)}번", f"{rng.choice(['R', 'S', 'VIP'])}석 {rng.randint(1, 3)}층 {rng.randint(1, 25)}열 {rng.randint(1, 40)}번",
                       f"{rng.randint(101, 330)}블록 {rng.randint(1, 25)}열 {rng.randint(1, 20)}번", f"{rng.choice('ABCD')}-{rng.randint(1, 80)}번 좌석", f"플로어 {rng.randint(1, 900)}번"])


def d_meeting_id(rng, arg):
    return f"{digits(rng, 3, '89')} {digits(rng, 4)} {digits(rng, 4)}"


def d_otp(rng, arg):
    return rng.choice([digits(rng, 6), "[" + digits(rng, 6) + "]", digits(rng, 4)])


def d_gift_pin(rng, arg):
    while True:
        d = digits(rng, 16, "1234567849")
        if not luhn_ok(d):
            break
    return rng.choice([f"{d[:4]}-{d[4:8]}-{d[8:12]}-{d[12:]}", d, f"{d[:4]} {d[4:8]} {d[8:12]} {d[12:]}"])


def d_extension(rng, arg):
    return digits(rng, rng.choice([3, 4]), "123456789")


def d_vehicle_plate(rng, arg):
    return f"{rng.randint(10, 399)}{rng.choice(PLATE_HANGUL)}{rng.choice(['', ' '])}{rng.randint(1000, 9999)}"


def d_expiry(rng, arg):
    return f"{rng.randint(1, 12):02d}/{rng.randint(26, 31)}"


def d_level(rng, arg):
    return rng.choice([f"Lv.{rng.randint(60, 300)}", f"{rng.randint(60, 300)}레벨", f"만렙 {rng.randint(100, 300)}"])


def d_game_server(rng, arg):
    return f"{rng.choice(['아스트라', '루나', '카오스', '바람', '이그니스'])} {rng.randint(1, 20)}서버"


def d_call_number(rng, arg):
    return f"{rng.choice(['813.7', '813.6', '005.133', '911.05', '325.1', '843'])}-{rng.choice('김이박최정한')}{rng.randint(11, 99)}{rng.choice('ㄱㄴㄷㅅㅎ')}"


def d_class_code(rng, arg):
    return rng.choice([f"{rng.choice('ABC')}-{rng.randint(101, 420)}", f"강좌코드 {rng.randint(1000, 9999)}", f"{rng.randint(1, 9)}반"])


def d_term(rng, arg):
    y = rng.randint(2024, 2026)
    return rng.choice([f"{y}-{rng.randint(1, 2)}학기", f"{y}년 {rng.randint(1, 2)}학기", f"{y} 가을학기", f"{y}년 {rng.choice(['봄', '여름', '겨울'])}학기"])


def d_gpa(rng, arg):
    return rng.choice([f"{rng.randint(2, 4)}.{rng.randint(0, 9)}{rng.randint(0, 9)}", f"{rng.randint(3, 4)}.{rng.randint(0, 5)}/4.5"])


def d_credits(rng, arg):
    return f"{rng.randint(12, 21)}학점"


def d_drug_code(rng, arg):
    return digits(rng, 9, "6")


def d_dose(rng, arg):
    return rng.choice([f"{rng.choice([5, 10, 20, 100, 250, 500, 1000])}mg", f"{rng.choice([400, 1000, 2000])}IU", f"{rng.randint(1, 3)}정", f"{rng.randint(1, 2)}캡슐"])


def d_queue_no(rng, arg):
    return f"{rng.randint(2, 150)}번"


def d_url(rng, arg):
    A = "abcdefghijkmnpqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ23456789"
    code = "".join(rng.choice(A) for _ in range(6)) + str(rng.randint(1, 9))
    return rng.choice([f"hxxp://bit[.]ly/{code}", f"http://cj-dlvr{rng.randint(1, 99)}.top/{code}", f"https://han.gl/{code}", f"http://me2.kr/{code}"])


def d_points(rng, arg):
    return rng.choice([f"{rng.randint(1, 90) * 100:,}P", f"{rng.randint(1, 50) * 1000:,}포인트"])


def d_fraction(rng, arg):
    return rng.choice(["3/7", "2/7", "1/3", "1/2", "3/5", "2/5", "1.5/3.5", "1/3.5"])


def d_year(rng, arg):
    return rng.choice([f"{rng.randint(2023, 2026)}년", f"{rng.randint(2023, 2026)}년 귀속"])


def d_month(rng, arg):
    return f"{rng.randint(1, 12)}월"


def d_tax_rate(rng, arg):
    return rng.choice(["3.3%", "8.8%", "10%", "4.4%", "0.9%", "6%"])


def d_pay_step(rng, arg):
    return f"{rng.randint(1, 32)}호봉"


def d_enhance(rng, arg):
    return f"+{rng.randint(10, 25)}"


def d_last4(rng, arg):
    return digits(rng, 4)


DECOY_FUNCS = {name[2:]: fn for name, fn in list(globals().items()) if name.startswith("d_") and callable(fn)}
ID_KINDS = ["order_no", "invoice_no", "tax_invoice_no", "tracking_no", "reservation_no", "receipt_no", "approval_no", "claim_no", "policy_no",
            "registered_mail", "case_no", "contract_no", "request_no", "payment_no", "member_no", "rx_no", "deed_no", "student_id", "employee_id"]


def make_decoy(rng, kind, arg=None):
    """Segments for one decoy slot; regenerated while the text would pass as a real value."""
    for _ in range(200):
        if kind.startswith("masked_"):
            segs = MASKERS[kind[7:]](rng)
        elif kind in ID_KINDS:
            segs = [decoy(_ids(rng, kind), kind)]
        else:
            segs = [decoy(DECOY_FUNCS[kind](rng, arg), kind)]
        if not any(a and passes_as_value(t) for t, a in segs):
            return segs
    raise AssertionError("cannot make decoy " + kind)


# ---------------------------------------------------------------------- frames_a
FILLERS = {
    "name": ["김민준", "이서연", "박지호", "최하은", "정도윤", "강수아", "조예준", "윤지우", "장시우", "임서윤", "한주원", "오하린", "서건우", "신지민", "권현우",
             "황은서", "안준서", "송채원", "류유진", "홍승현", "전다은", "고태윤", "문소율", "양재희", "손영숙", "배정호", "백미란", "허상철", "남궁민", "제갈윤"],
    "place": ["성수동", "판교 테크노밸리", "해운대", "청주 오창", "대전 유성구", "광주 상무지구", "제주 애월", "수원 영통", "인천 송도", "부산 서면", "춘천 명동",
              "전주 덕진구", "일산 호수공원 앞", "세종 나성동", "강릉 교동", "김해 장유"],
    "company": ["주식회사 온새미로", "(주)하늘정원", "다온디자인", "바른물류", "㈜미래렌탈", "새봄출판", "해밀컴퍼니", "주식회사 노을랩", "(주)도담", "한결세무회계",
                "가온소프트", "누리미디어", "(주)별하", "마루건축사사무소"],
    "library": ["마포중앙도서관", "해오름도서관", "구립 꿈틀도서관", "시립 별빛도서관", "달빛작은도서관", "느티나무도서관"],
    "book": ["작별하지 않는다", "불편한 편의점", "아몬드", "달러구트 꿈 백화점", "어린 왕자", "코스모스", "데미안", "채식주의자", "총, 균, 쇠", "사피엔스"],
    "show": ["가을 소풍", "별밤 페스티벌", "한여름 밤의 꿈", "더 그레이트 쇼", "윈터 라이브", "봄날 앙코르", "청춘 열차"],
    "team": ["LG 트윈스", "두산 베어스", "KIA 타이거즈", "SSG 랜더스", "롯데 자이언츠", "한화 이글스", "삼성 라이온즈", "NC 다이노스", "kt 위즈", "키움 히어로즈"],
    "pharmacy": ["온누리약국", "새봄약국", "푸른약국", "행복한약국", "중앙약국", "늘푸른약국", "하나로약국"],
    "telco": ["SKT", "KT", "LG U+", "알뜰폰"],
    "service": ["샐러드 정기배송", "원두 구독", "반찬 정기배송", "생수 정기배송", "꽃 구독", "영양제 정기구독", "전자책 구독"],
}

FRAMES_A = {
    "rental": {
        "value": [
            "[대여 계약 확인]\n차종: {D:model_code} / 대여기간 {D:date} ~ {D:date}\n계약자 연락처: {V:mobile}\n보증금 {D:price:m}은 반납 확인 후 {V:account} 계좌로 환불됩니다.",
            "캠핑장비 대여 보증금 안내드립니다. 텐트 {D:quantity:동}, 타프 {D:quantity:개} 기준 보증금은 {D:price}이고 입금 계좌는 {V:account}입니다. 입금하시면 {V:phone}로 문자 한 통 주세요.",
            "공구 대여 신청서\n성명: {F:name}\n주민등록번호: {V:rrn}\n연락처: {V:mobile}\n대여 품목: 해머드릴 {D:model_code}, 반납 예정일 {D:date}",
            "렌터카 자차보험 가입 확인 — 운전자 {F:name}님, 결제카드 {V:card}, 승인번호 {D:approval_no}. 사고 접수는 {D:rep_number}로 해 주세요.",
            "반납이 늦어지면 {D:period:시간}마다 {D:price:s}이 추가됩니다. 연장을 원하시면 영업소 {V:landline} 또는 {V:email}로 미리 알려 주세요.",
            "보증금 환불받을 계좌 남깁니다 → {V:account} 예금주 {F:name}\n차량번호 {D:vehicle_plate} 오늘 {D:time}에 반납했어요.",
            "캠핑카 예약금 결제 완료\n카드번호: {V:card}\n결제금액: {D:price}\n인수 장소: {F:place} 공영주차장, {D:date} {D:time}",
            "외국인 고객 대여 계약서 작성 시 외국인등록번호({V:rrn:fg})와 국제운전면허증을 확인했습니다. 비상 연락처 {V:phone}.",
            "계약서 사본은 {V:email}로 보내드렸습니다. 계약번호 {D:contract_no}, 보험 증권번호 {D:policy_no}.",
            "차량 관제 시스템 접속 알림: 계정 rent_admin, {D:date} {D:time}, 접속 IP {V:ip}. 본인이 아니라면 관리자에게 알려 주세요.",
            "발전기 대여 문의드려요. 현장이 {F:place}이고 {D:date}부터 {D:quantity:대} 필요합니다. 견적서는 {V:email}로 부탁드리고 급하면 {V:mobile}로 전화 주세요.",
            "[보증금 반환 완료] {F:name} 고객님, 반납 검수 결과 파손이 없어 보증금 {D:price:m}을 {D:date}에 {V:account}로 송금했습니다. 문의 {V:landline}",
            "현장 단말기 오류로 수기 결제했습니다. 카드 {V:card} 유효기간 {D:expiry} 승인 {D:approval_no}. 영수증은 {V:email}로 발송됩니다.",
            "전동공구 렌탈 회원 정보 변경 요청: 휴대폰 {V:mobile} → {V:mobile}, 주소지 우편번호 {D:postal_code}",
            "렌터카 지점 관리 페이지 로그인 차단 목록\n{V:ip} (실패 {D:quantity:회})\n{V:ip} (실패 {D:quantity:회})",
        ],
        "free": [
            "법인 장기렌트 계약사: {F:company} (법인등록번호 {D:corp_reg_no}, 사업자등록번호 {D:biz_reg_no}), 계약 차량 {D:quantity:대}.",
            "캠핑장비 파손 보상은 보험 청구번호 {D:claim_no}로 진행 중이며, 수신자 부담 상담은 {D:relay_0500}입니다.",
            "렌터카 대여 조건: 만 {D:age} 이상, 운전 경력 {D:period:년} 이상. 보증금 {D:price:m}, 하루 주행거리 {D:distance} 초과 시 km당 {D:price:s} 추가.",
            "캠핑장비 패키지 A: 텐트 {D:quantity:동}·의자 {D:quantity:개}·랜턴 {D:quantity:개}, {D:period:박} 기준 {D:price}. 예약 문의는 대표번호 {D:rep_number}.",
            "보증금은 반납 후 {D:period:영업일} 이내 등록하신 계좌({D:masked_account})로 돌려드립니다.",
            "공구 반납 체크리스트\n- 배터리 {D:quantity:개} 완충 여부\n- 시리얼 {D:serial_no} 일치 확인\n- 반납 시각 {D:time} 이전 입고",
            "렌터카 키오스크 점검 안내: {D:date} {D:time}부터 관리 서버({D:private_ip}) 재부팅 예정입니다. 급한 문의는 {D:tollfree}.",
            "차량 {D:vehicle_plate} 반납 확인. 주유량 {D:percent}, 주행거리 {D:distance}, 추가 요금 {D:price}.",
        ],
    },
    "library": {
        "value": [
            "[{F:library}] {F:name}님, 대출하신 「{F:book}」(ISBN {D:isbn})이 {D:period:일}째 연체 중입니다. 반납 문의: {V:landline}",
            "문화센터 {D:term} 수강 신청서\n강좌: 수채화 기초 ({D:class_code})\n수강생: {F:name}\n휴대폰: {V:mobile}\n이메일: {V:email}",
            "개인 사정으로 수강을 취소합니다. 수강료 {D:price:m} 환불은 {V:account}로 부탁드립니다. 회원번호 {D:member_no}",
            "상호대차 신청 도서가 도착했습니다. 청구기호 {D:call_number}, 수령 기한 {D:date}. 문의는 {V:phone}로 해 주세요.",
            "외국인 회원 가입 신청: 외국인등록번호 {V:rrn:fg}, 거주지 {F:place}, 연락처 {V:mobile}",
            "전자도서관 로그인 이력\n{D:date} {D:time}  {V:ip}  성공\n{D:date} {D:time}  {V:ip}  실패",
            "문화센터 수강료 결제 내역: 카드 {V:card} / 일시불 / {D:price} / 승인번호 {D:approval_no}",
            "무인반납기 고장으로 {D:date} 반납 도서는 연체료가 면제됩니다. 이의 신청은 {V:email}로 보내 주세요.",
            "희망도서 신청 결과를 {V:email}으로 보내드렸습니다. 신청번호 {D:request_no}, 처리 예정일 {D:date}.",
            "강사 섭외 메모: {F:name} 선생님 {V:mobile}, 강의료 {D:price:m}은 {V:account}로 지급",
            "독서동아리 지원사업 담당자 직통 {V:landline} (내선 {D:extension}), 신청서는 {V:email}로 제출해 주세요.",
            "연체 도서 {D:quantity:권} 반납 독촉 발송 대상 — 회원 {F:name}, 연락처 {V:mobile}, 연체료 {D:price:s}",
            "평생학습관 강좌 환불 신청서\n성명 {F:name} / 주민등록번호 {V:rrn}\n환불 계좌 {V:account}",
            "도서관 행사 대관 문의는 {V:phone}, 대관료 {D:price:m}은 카드({V:card})로도 결제 가능합니다.",
        ],
        "free": [
            "도서 바코드 {D:barcode}, ISBN {D:isbn}, 자료 등록번호 {D:serial_no}.",
            "온라인 북토크 {D:date} {D:time}, 회의 ID {D:meeting_id}, 입장 암호 {D:otp}.",
            "{D:date}부터 회원 한 명당 대출 가능 권수가 {D:quantity:권}에서 {D:quantity:권}으로 늘어납니다. 대출 기간은 {D:period:일}입니다.",
            "연체 안내: 연체 {D:period:일} 시 대출 정지 {D:period:일}. 현재 미반납 도서 {D:quantity:권}.",
            "가을학기 강좌표 — 요가(화·목 {D:time}), 캘리그라피(토 {D:time}), 정원 {D:quantity:명}, 수강료 {D:price:m}.",
            "열람실 좌석 {D:seat_no} 배정 완료. 이용 시간 {D:time}~{D:time}, 좌석 반납은 키오스크에서 해 주세요.",
            "전자책 앱 {D:version} 업데이트 후 로그인이 안 되면 고객센터 {D:rep_number}로 문의하세요.",
            "도서관 와이파이 게이트웨이는 {D:private_ip}이며 인증번호 {D:otp}를 입력하면 {D:period:시간} 동안 이용할 수 있습니다.",
        ],
    },
}


# ---------------------------------------------------------------------- frames_b
FRAMES_B = {
    "parking": {
        "value": [
            "[주정차 위반 사전통지] 차량번호 {D:vehicle_plate}, 위반일시 {D:date} {D:time}, 장소 {F:place} 이면도로. 의견진술은 {V:landline}로 문의 바랍니다.",
            "정기권 신청서\n차량: {D:vehicle_plate}\n차주: {F:name}\n연락처: {V:mobile}\n기간: {D:date}부터",
            "월 정기주차 요금 {D:price} 자동이체 신청합니다. 출금 계좌 {V:account}, 예금주 {F:name}, 연락처 {V:mobile}.",
            "방문 차량 사전 등록: {F:company} {D:room_no} 방문, {D:date} {D:time} 입차 예정, 방문자 연락처 {V:mobile}, 차량 {D:vehicle_plate}",
            "무인정산기에서 두 번 결제됐어요. 카드 {V:card}, {D:date} {D:time}에 {D:price}씩 두 건입니다. 한 건 취소 부탁드리고 연락은 {V:mobile}로 주세요.",
            "거주자우선주차 신청 서류: 신청인 주민등록번호 {V:rrn}, 자동차등록증 사본, 연락처 {V:phone}",
            "주차관제 웹 관리자 로그인 실패 알림 — 접속 IP {V:ip}, {D:date} {D:time}, 실패 {D:quantity:회} 후 계정 잠금. 담당자 {V:email}",
            "잠깐 주차합니다({D:time}쯤 출차). 차 빼야 하면 {V:mobile}로 연락 주세요 :)",
            "과태료 고지서 전자송달 신청 — 수신 이메일 {V:email}, 차량 {D:vehicle_plate}, 신청인 연락처 {V:phone}",
            "월주차 해지 요청드립니다. 남은 기간 요금은 {V:account}로 환불해 주시고 확인 메일은 {V:email}로 부탁드립니다.",
            "전기차 충전구역 불법주차 신고가 접수되었습니다(접수번호 {D:case_no}). 처리 결과는 {V:email}로 회신드립니다.",
            "외국인 근로자 기숙사 주차 등록\n외국인등록번호: {V:rrn:fg}\n차량: {D:vehicle_plate}\n연락처: {V:mobile}",
            "주차장 운영사가 바뀌었습니다. 새 관리사무소 번호는 {V:landline}, 야간 긴급 연락은 {V:mobile}입니다.",
            "정기권 결제 카드 변경: 기존 {D:masked_card} → 신규 {V:card}, 다음 결제일 {D:date}",
            "주차 정산 서버({D:version}) 점검 결과 외부 접속 허용 주소를 {V:ip} 하나로 제한했습니다. 내부망은 {D:private_ip}.",
            "입주사 차량 등록 명단\n{F:company} {D:vehicle_plate} {V:phone}\n{F:company} {D:vehicle_plate} {V:phone}",
        ],
        "free": [
            "견인 차량 보관소 좌표 {D:coordinates}, 보관료 {D:price:s}, 안내 전화 {D:fake_area_phone}(고지서 인쇄 오류 번호, 연결 안 됨).",
            "주차 할인권 PIN {D:gift_pin}, 사용 기한 {D:date}, 정산기 {D:serial_no}.",
            "주차 요금: 최초 {D:period:분} {D:price:s}, 이후 {D:period:분}마다 {D:price:s}. 하루 최대 {D:price:s}.",
            "{D:date} 바닥 도색 공사로 지하 {D:floor} 주차장을 사용할 수 없습니다. 문의는 관리실 내선 {D:extension}.",
            "주정차 위반 과태료 {D:price:s}, 의견진술 기한 {D:date}, 전자납부번호 {D:payment_no}.",
            "출차 QR 인증번호는 {D:otp}이며 {D:period:분} 동안 유효합니다.",
            "정기권 잔여 {D:quantity:대}, 현재 대기 순번 {D:queue_no}.",
            "과태료 상담은 주차 콜센터 {D:rep_number}, 견인 차량 보관소 위치는 {D:coordinates} 입니다.",
        ],
    },
    "freelance": {
        "value": [
            "견적서\n공급자: {F:name} (사업자등록번호 {D:biz_reg_no})\n품목: 웹디자인 시안\n합계: {D:price} (VAT 별도)\n입금 계좌: {V:account}\n연락처: {V:mobile} / {V:email}",
            "세금계산서 발행 요청드립니다. 담당자 이메일 {V:email}, 사업자번호 {D:biz_reg_no}, 공급가액 {D:price}으로 발행 부탁드립니다.",
            "INVOICE No. {D:invoice_no}\nBill to: {F:company}\nAmount due: {D:price_usd}\nPayment: {V:account} (예금주 {F:name})",
            "사업소득 원천징수({D:tax_rate}) 신고를 위해 주민등록번호 {V:rrn}와 신분증 사본을 회신해 주세요.",
            "해외 클라이언트 선결제 {D:price_usd}를 카드 {V:card}로 받았습니다. 수수료 {D:percent} 제외 후 정산할게요.",
            "작업 파일은 {D:date}까지 {V:email}로 보내주시고, 급한 수정은 {V:mobile}로 문자 주세요.",
            "용역대금 지급 요청서\n지급 계좌: {V:account}\n금액: {D:price}\n지급 희망일: {D:date}",
            "스테이징 서버 {V:ip}에 배포 끝났습니다. 버전 {D:version}, 커밋 {D:hash}. 확인 부탁드려요.",
            "사무실 전화 {V:landline}, 팩스 {V:landline}, 담당 {F:name} 실장 (내선 {D:extension})",
            "인보이스 PDF({D:doc_file}) 첨부합니다. 문의 사항은 {V:email}로 주세요.",
            "외국인 프리랜서 지급명세서 작성용 외국인등록번호: {V:rrn:fg} / 연락처 {V:phone}",
            "잔금 {D:price:l}은 최종 납품 후 {D:period:일} 이내 {V:account} 계좌로 입금 부탁드립니다. 문의 {V:phone}",
            "세금계산서가 발행되었습니다. 승인번호 {D:tax_invoice_no}, 작성일 {D:date}. 수정 요청은 {V:contact}로 주세요.",
            "촬영 외주 견적 — 출장비 포함 {D:price}, 계약금은 카드 {V:card} 결제 또는 {V:account} 입금 중 편하신 쪽으로.",
            "프리랜서 번역가 프로필\n이름: {F:name}\nE-mail: {V:email}\nTel: {V:phone}",
        ],
        "free": [
            "공급받는자: {F:company} / 법인등록번호 {D:corp_reg_no} / 사업자등록번호 {D:biz_reg_no}",
            "카드 결제 확인 — 카드 끝자리 {D:last4}, 승인번호 {D:approval_no}, 금액 {D:price}.",
            "견적 유효기간 {D:period:일}. 부가세 {D:tax_rate} 별도, 수정은 {D:quantity:회}까지 무료입니다.",
            "세금계산서 작성일 {D:date}, 공급가액 {D:price}, 승인번호 {D:tax_invoice_no}",
            "계약금 {D:percent} 선입금, 잔금은 납품 완료 후 지급 조건입니다.",
            "작업 일정: {D:date} 시안 공유, {D:date} 최종 납품.",
            "결제 영수증 번호 {D:receipt_no}, 결제 카드 {D:masked_card}",
            "디자인 에셋 목록: {D:image_file}, {D:image_file}, 폰트 라이선스 {D:serial_no}",
        ],
    },
}


# ---------------------------------------------------------------------- frames_c
FRAMES_C = {
    "scam_report": {
        "value": [
            "{D:time}에 이 번호로 '주소 불일치로 배송 보류' 문자 왔어요 → {V:mobile} 링크({D:url}) 절대 누르지 마세요!!",
            "사기 계좌 공유합니다. {V:account} 예금주 {F:name}. 기프티콘 싸게 판다고 해서 {D:price} 보냈는데 잠수탔어요.",
            "{D:date} 검찰청 수사관이라며 {V:landline}에서 전화 왔습니다. 사건번호 {D:case_no}라고 하면서 안전계좌 {V:account}로 옮기라네요. 전부 거짓말입니다.",
            "피싱 메일 발신 주소 공유: {V:email} / 제목 '[국세청] 환급금 안내' — 첨부파일 {D:doc_file} 열지 마세요.",
            "스미싱 문자 링크({D:url})가 연결되는 서버 IP가 {V:ip}더라고요. KISA {D:short_number}에 신고했습니다.",
            "어머니가 전화로 카드번호 {V:card}랑 유효기간을 불러주셨대요… 바로 카드사 {D:rep_number}에 정지 요청했습니다.",
            "보이스피싱으로 {D:price} 이체한 계좌: {V:account}\n지급정지 신청 접수번호 {D:case_no}\n같은 계좌 보신 분 댓글 주세요.",
            "저금리 대환대출 문자({D:date} 수신) 발신번호 {V:phone}, 상담 회신번호 {V:mobile}. 금리 {D:percent} 고정이라는데 금융사 이름 도용입니다.",
            "'해외결제 {D:price_usd} 승인' 문자에 적힌 문의 번호 {V:landline}는 사기범 번호입니다. 카드사에 직접 확인하세요.",
            "사기범이 보낸 '본인 신분증' 사진에 주민번호 {V:rrn}가 찍혀 있었는데 이것도 도용된 거겠죠?",
            "몸캠피싱 협박범 연락처 공유해요. 메일 {V:email}, 번호 {V:mobile}, 요구 금액 {D:price}",
            "지인 사칭 메신저 피싱: 폰 액정이 깨졌다며 상품권 {D:quantity:장}을 요구하고 {V:account}로 송금하라고 함. 접속 기록 IP {V:ip}",
            "택배 스미싱 문자 원문\n[Web발신] 고객님 택배가 주소지 불명으로 보관 중입니다. {D:url}\n발신: {V:mobile}",
            "피해 진술서 발췌: 피해자 {F:name}, 연락처 {V:mobile}, 피해 일시 {D:date} {D:time}, 송금한 계좌 {V:account}",
            "이 메일 주소들 다 같은 조직입니다: {V:email}, {V:email} — 환급금 {D:price} 미끼로 개인정보 요구",
            "경찰 사칭범이 불러준 '금감원 직통' {V:landline} 절대 믿지 마세요. 진짜 금감원은 {D:short_number}입니다.",
        ],
        "free": [
            "사기범이 불러준 '법인등록번호 {D:corp_reg_no}'는 조회해 보니 없는 회사였습니다. 등기번호 {D:registered_mail}도 가짜.",
            "문자에 적힌 '무료 상담 {D:relay_0500}'과 '고객센터 {D:fake_area_phone}' 둘 다 사기 번호입니다. 없는 지역번호예요.",
            "정부기관·금융회사는 전화로 계좌 이체를 요구하지 않습니다. 의심되면 {D:short_number} 또는 {D:short_number}로 신고하세요.",
            "올해 보이스피싱 피해액이 전년 대비 {D:percent} 늘었다는 통계가 나왔네요. 다들 조심하세요.",
            "문자 링크 누르고 나서 공유기 관리 화면 {D:private_ip} 들어가 보니 DNS가 바뀌어 있었어요.",
            "택배 사칭 문자 발신번호가 {D:masked_mobile}처럼 가려져 있으면 더 의심하세요.",
            "문자에 있는 고객센터 {D:tollfree}나 {D:fake_area_phone}은 전부 가짜였습니다. 카드사 대표번호 {D:rep_number}로 직접 거세요.",
            "사기 계좌 조회 결과 {D:masked_account} 명의로 신고 {D:quantity:건}이 누적돼 있었습니다.",
        ],
    },
    "game_trade": {
        "value": [
            "[판매] {D:game_server} {D:level} 전사 계정 {D:price}에 팝니다. 거래 문의는 {V:mobile} 문자로만.",
            "아이템 값 {D:price} {V:account}로 입금하시면 확인 후 바로 접속해서 넘겨드려요.",
            "[길드 공지]\n정기 레이드: 매주 수·토 {D:time}\n디코 안 보시는 분은 길마 {V:mobile}로 연락\n길드 창고 비번 공유 금지",
            "계정 넘길 때 본인인증 메일을 {V:email}로 바꿔 드립니다. 추가 보안 비번은 거래 완료 후 알려드려요. 문의 {V:mobile}",
            "해킹당했어요. 로그인 기록에 모르는 IP {V:ip}가 찍혀 있어요 ({D:date} {D:time}). 고객센터 답변이 없네요.",
            "게임 내 유료결제에 제 카드 {V:card}가 도용됐습니다. 결제 {D:quantity:건}, 총 {D:price}.",
            "{D:price} 주고 산 계정인데 판매자가 원 명의자 정보라고 주민번호 {V:rrn}까지 넘겼어요. 이거 나중에 문제 되나요?",
            "길드전 우승 상금 분배합니다. 인원 {D:quantity:명}, 일인당 {D:price:m}. 본인 계좌 적어주세요 → {F:name} {V:account}",
            "게임 서버 방화벽 로그\n{D:date} {D:time} DROP src={V:ip} dport={D:port}\n{D:date} {D:time} DROP src={V:ip} dport={D:port}",
            "PC방 대회 참가 신청({D:date}): 팀장 {F:name}, 연락처 {V:phone}, 이메일 {V:email}",
            "안전거래 중개 문의는 {V:email}, 분쟁 접수번호 {D:case_no}",
            "문화상품권 핀번호 {D:gift_pin} 받았고 차액 {D:price}은 {V:account}로 보내드렸습니다.",
            "길드원 비상 연락망 (비공개)\n{F:name} {V:mobile}\n{F:name} {V:mobile}\n{F:name} {V:mobile}",
            "현질 대행 결제 카드 {V:card}로 {D:price} 결제 완료, 영수증은 {V:email}로 보냈습니다.",
            "계정 거래 사기꾼 정보 공유: 카톡 말고 전화 {V:phone}, 계좌 {V:account}",
        ],
        "free": [
            "길드 음성 회의 ID {D:meeting_id}, 이벤트 쿠폰 PIN {D:gift_pin} (선착순 {D:quantity:명}).",
            "에스크로 거래번호 {D:order_no}, 결제 카드 끝자리 {D:last4}, 정산 예정 {D:date}.",
            "강화 확률 공지: {D:enhance} 성공률 {D:percent}, 파괴 확률 {D:percent}.",
            "{D:date} 정기 점검 {D:time}~{D:time}. 점검 후 클라이언트 {D:version} 버전으로 업데이트됩니다.",
            "길드원 모집: 레벨 {D:level} 이상, 주간 기여도 {D:score} 이상, 디스코드 필수.",
            "거래할 때 상품권 핀번호({D:gift_pin} 같은 거) 공개 채팅에 올리지 마세요. 바로 털립니다.",
            "{D:mention} 님 골드 {D:quantity:만} 잘 받았습니다. 다음 주 레이드 때 뵐게요.",
            "서버 이전 공지: 기존 {D:game_server} 캐릭터 {D:quantity:개}까지 무료 이전, 이전 코드 {D:otp}.",
        ],
    },
}


# ---------------------------------------------------------------------- frames_d
FRAMES_D = {
    "ticket_resale": {
        "value": [
            "[양도] {D:date} {F:show} 콘서트 {D:seat_no} {D:quantity:매} 정가 {D:price}에 양도합니다. 연락은 {V:mobile}",
            "양도 대금 {D:price}은 {V:account}로 보내주세요. 입금 확인되면 예매번호 {D:reservation_no} 알려드릴게요. 문의 {V:phone}",
            "{D:date} {F:team} 홈경기 테이블석 {D:seat_no} 양도해요. 문자 {V:phone} 주세요.",
            "취소표 알림 신청하실 분은 {D:date} {D:time}까지 {V:email}로 원하는 회차를 보내주세요.",
            "예매할 때 쓴 카드가 {V:card}인데 {D:date} 현장 수령 시 이 카드를 꼭 가져가야 하나요? 예매번호 {D:reservation_no}",
            "팬클럽 선예매 인증 양식\n이름: {F:name}\n주민등록번호: {V:rrn}\n휴대폰: {V:mobile}\n회원번호: {D:member_no}",
            "양도 사기 주의!!! 이 계좌 {V:account} 예금주 {F:name}, 입금하니까 바로 차단당했어요.",
            "예매처 보안팀 공지: {D:date} 매크로 의심 접속 {V:ip}, {V:ip} 차단 처리 (요청 {D:quantity:건})",
            "현장 수령 관련 문의는 기획사 {V:landline}로 하시면 됩니다. 공연 당일 {D:time}부터 수령 가능.",
            "티켓 양도 후 명의 변경 요청서 — 양수인 {F:name}, 연락처 {V:mobile}, 이메일 {V:email}",
            "정가 양도, 수수료 {D:price:s}만 추가. 직거래 원하시면 {V:contact}로 연락 주세요.",
            "외국인 친구 대리 예매: 외국인등록번호 {V:rrn:fg}, 여권 실물 확인 후 발권, 좌석 {D:seat_no}",
            "결제 취소 확인\n카드 {V:card}\n취소 금액 {D:price}\n취소일 {D:date}",
            "뮤지컬 {F:show} 양도합니다. 카톡 안 해요, {V:phone} 문자 주시고 입금은 {V:account}",
            "분실 티켓 재발급 신청서: 예매자 {F:name}, 예매번호 {D:reservation_no}, 연락받을 메일 {V:email}",
        ],
        "free": [
            "예매번호 {D:reservation_no}, 결제 카드 끝자리 {D:last4}, 모바일 티켓 코드 {D:uuid}.",
            "공연장 좌표 {D:coordinates}, 주차 안내 {D:relay_0500}, 셔틀 {D:time} 출발.",
            "예매 수수료 {D:price:s}, 관람일 {D:period:일} 전까지 취소 시 수수료 {D:percent}.",
            "{D:date} 공연 {D:seat_no} 양도 완료했습니다. 문의 주신 분들 감사합니다.",
            "티켓 양도는 공식 양도 서비스만 이용하세요. 고객센터 {D:rep_number}.",
            "입장 순번 {D:queue_no}, 입장 시작 {D:time}, 물품 보관료 {D:price:s}.",
            "좌석 배치도 이미지({D:image_file}) 참고하세요. 시야제한석은 {D:seat_no}입니다.",
            "매크로 적발로 취소된 좌석 {D:quantity:석}이 {D:date} {D:time}에 재오픈됩니다.",
        ],
    },
    "pharmacy": {
        "value": [
            "약국 택배 주문: 종합비타민 {D:quantity:통}, 유산균 {D:quantity:박스}, 합계 {D:price}. 받는 분 연락처 {V:mobile}",
            "건강기능식품 상담 예약은 약사 직통 {V:landline}로 주세요. 상담 가능 시간 {D:time}~{D:time}.",
            "비대면 조제 접수: 환자 {F:name}, 주민등록번호 {V:rrn}, 처방전 교부번호 {D:rx_no}",
            "영양제 정기구매 결제 카드 {V:card} / 승인 {D:approval_no} / {D:price}",
            "복약 안내문과 영수증({D:receipt_no})을 {V:email}로 보내드렸습니다. 다음 상담은 {D:date}입니다.",
            "제품 하자로 환불 요청합니다. {V:account}로 {D:price} 환불 부탁드려요.",
            "약국 카톡 채널이 안 될 때는 {V:phone}로 주문 주세요. 배송비 {D:price:s}, {D:price:m} 이상 무료.",
            "외국인 환자 조제 기록: 외국인등록번호 {V:rrn:fg}, 연락처 {V:mobile}, 건강보험 미적용",
            "온라인 약국몰 관리자 로그인 알림 — IP {V:ip}, {D:date} {D:time}, 인증번호 {D:otp} 발송",
            "상담 신청서\n성함 {F:name} / 휴대폰 {V:mobile} / 이메일 {V:email}\n복용 중인 약: 혈압약 {D:dose}",
            "무통장입금 안내: {V:account} 예금주 {F:pharmacy}, 입금 기한 {D:date}, 주문 확인 {V:phone}",
            "도매상 주문서 — 발주처 {F:pharmacy}, 전화 {V:landline}, 팩스 {V:landline}, 제조번호 {D:lot_no}",
            "처방 약 택배 수령인 변경: {F:name}, {V:mobile}, 우편번호 {D:postal_code}",
            "홍삼 선물세트 단체 주문 — 결제는 법인카드 {V:card}, 세금계산서는 {V:email}로 부탁드립니다.",
            "{F:pharmacy} 약사입니다. 주문하신 관절 영양제 입고됐어요. {V:contact}로 수령 일정 알려주세요.",
        ],
        "free": [
            "택배 운송장 {D:tracking_no}, 주문번호 {D:order_no}, 수신거부 {D:tollfree}.",
            "제조사 {F:company} 법인등록번호 {D:corp_reg_no}, 제조번호 {D:lot_no}, 유통기한 {D:date}.",
            "복용법: 하루 {D:quantity:회}, 한 번에 {D:dose}, 식후 {D:period:분} 이내. 유통기한 {D:date}.",
            "비타민D {D:dose} 제품 재입고 — {D:quantity:개} 한정, 개당 {D:price:s}.",
            "보험코드 {D:drug_code} 품목은 {D:date}부터 급여 중지됩니다.",
            "약국 영업시간 변경: 평일 {D:time}까지, 토요일 {D:time}까지. 공휴일 휴무.",
            "상품 바코드 {D:barcode}, 유산균 {D:quantity:포}, 판매가 {D:price:s}",
            "심야약국 찾기 앱 {D:version} 업데이트, 제조번호 {D:lot_no} 제품 회수 안내 포함.",
        ],
    },
}


# ---------------------------------------------------------------------- frames_e
FRAMES_E = {
    "scholarship": {
        "value": [
            "장학금 지급 계좌 등록: {V:account}\n학번: {D:student_id}\n성명: {F:name}\n연락처: {V:mobile}",
            "[장학금 신청서]\n성명 {F:name}  주민등록번호 {V:rrn}\n연락처 {V:mobile}  이메일 {V:email}\n직전 학기 평점 {D:gpa}",
            "등록금 카드 분할납부 신청: 카드번호 {V:card}, 할부 {D:period:개월}, 금액 {D:price}, 학번 {D:student_id}",
            "장학재단 상담센터({D:rep_number})보다 학과 사무실 {V:landline}로 문의하시면 더 빠릅니다.",
            "학생 포털 비정상 로그인 감지: {D:date} {D:time}, 접속 IP {V:ip}. 비밀번호를 변경하세요.",
            "외국인 유학생 장학금 서류: 외국인등록번호 {V:rrn:fg}, 재학증명서, 통장 사본({V:account})",
            "장학금 선발 결과는 {D:date}에 {V:email}로 개별 통보합니다. 문의: 학생지원팀 {V:landline}",
            "등록금 반환 신청 — 휴학에 따른 반환금 {D:price:m}, 반환 계좌 {V:account}, 연락처 {V:mobile}",
            "교내 근로장학생 모집: 지원서는 {V:email}, 근무시간 주 {D:period:시간}, 시급 {D:price:s}",
            "지도교수 추천서 요청드립니다. 교수님 메일 {V:email}로 양식 보내드렸습니다. 학번 {D:student_id}, 마감 {D:date}",
            "기숙사비 납부 확인서 발급 요청, 납부일 {D:date}, 금액 {D:price}, 결제 카드 {V:card}, 연락처 {V:mobile}",
            "장학생 비상연락망: {F:name} {V:mobile} / 보호자 {V:phone}",
            "재단 장학금 지급 내역: {D:term} {D:price}, 입금 계좌 {V:account} (본인 명의)",
            "지역 인재 장학금 추천서\n추천 학생 {F:name} (주민등록번호 {V:rrn})\n추천인 연락처 {V:landline}",
            "해외 교환학생 장학금 환전 계좌 확인 부탁드립니다: {V:account}, 현지 연락처 {V:phone}",
        ],
        "free": [
            "장학 증서 {D:deed_no}, 증서 등기번호 {D:registered_mail}.",
            "장학생 면담: {D:date} {D:time}, 온라인 회의 ID {D:meeting_id}, 면담 코드 {D:otp}.",
            "성적 우수 장학금 기준: 직전 학기 {D:credits} 이상 이수, 평점 {D:gpa} 이상.",
            "{D:term} 등록금 납부 기간: {D:date}~{D:date}. 분할납부는 {D:quantity:회}까지 가능합니다.",
            "국가장학금 신청 마감 {D:date}, 문의 {D:rep_number}.",
            "장학금 수혜 인원 {D:quantity:명}, 평균 수혜액 {D:price}, 전년 대비 {D:statistic}.",
            "학생증 발급 번호 {D:serial_no}, 도서관 출입 인증번호 {D:otp}.",
            "등록금 고지서 출력: 납부번호 {D:payment_no}, 납부 마감 {D:date}.",
        ],
    },
    "crowdwork": {
        "value": [
            "[외주 의뢰] 쇼핑몰 상세페이지 디자인, 예산 {D:price}, 마감 {D:date}. 포트폴리오는 {V:email}로 보내주세요.",
            "작업 완료 후 정산 계좌: {V:account}. 플랫폼 수수료 {D:percent} 제외 금액으로 부탁드립니다. 문의는 {V:email}",
            "견적 요청 응답: {D:date} 현장 방문 가능합니다. 연락처 {V:mobile}, 예상 견적 {D:price}",
            "전문가 등록 서류\n성명 {F:name}\n주민등록번호 {V:rrn}\n정산 계좌 {V:account}",
            "의뢰인 카드 결제가 완료되었습니다. 카드 {V:card}, 주문번호 {D:order_no}, 결제 금액 {D:price}",
            "API 연동 작업 건: 운영 서버 {V:ip}, 스테이징 {D:private_ip}, SSH 포트 {D:port}",
            "번역 납품 파일은 {V:email}로 보냈고 소스는 {D:git_remote}에 올렸습니다. 분량 {D:quantity:자}",
            "사무실 방문 상담은 {V:landline}로 예약해 주세요. 상담료 {D:price:s}, 상담 시간 {D:period:분}.",
            "외국인 번역가 정산용 외국인등록번호 {V:rrn:fg}, 연락처 {V:contact}",
            "추가 수정 {D:quantity:회} 요청 — 추가금 {D:price} {V:account}로 입금했습니다. 확인 부탁드려요.",
            "프로젝트 킥오프 미팅: {D:date} {D:time}, 회의 ID {D:meeting_id}, 참석자 연락처 {V:mobile}",
            "정산 지연 문의드립니다. 주문번호 {D:order_no}, 정산 예정일이 지났는데 아직 {V:account}로 입금이 안 됐어요.",
            "고수 프로필: 경력 {D:period:년}, 평점 {D:score}, 리뷰 {D:quantity:개}, 상담 {V:phone}",
            "원격 지원용 고정 IP {V:ip}만 허용해 두었으니 작업 끝나면 알려주세요. 담당 {V:email}",
            "인테리어 실측 요청: 현장 {F:place}, 의뢰인 {F:name} {V:mobile}, 계약금 카드 결제 {V:card}",
        ],
        "free": [
            "의뢰 기업 정보: 법인등록번호 {D:corp_reg_no}, 사업자등록번호 {D:biz_reg_no}, 세금계산서 승인번호 {D:tax_invoice_no}",
            "수신자 부담 상담 {D:relay_0500}, 플랫폼 고객센터 {D:rep_number}, 운영 {D:time}~{D:time}.",
            "의뢰 조건: 예산 {D:price}~{D:price}, 작업 기간 {D:period:일}, 수정 {D:quantity:회} 포함.",
            "정산 일정: 구매 확정 후 {D:period:영업일}, 수수료 {D:percent}, 부가세 별도.",
            "레포 {D:git_remote}, 패키지 {D:npm_package} 사용, 빌드 해시 {D:hash}.",
            "평점 {D:score}, 응답률 {D:percent}, 평균 응답 시간 {D:period:분}.",
            "작업물 썸네일 {D:image_file}, 원본 {D:doc_file} 전달 완료.",
            "분쟁 조정 접수번호 {D:case_no}, 처리 기한 {D:date}, 담당 {D:mention}.",
        ],
    },
}


# ---------------------------------------------------------------------- frames_f
FRAMES_F = {
    "inheritance": {
        "value": [
            "상속재산 분할협의서 첨부 서류 안내\n상속인 {F:name} 주민등록번호 {V:rrn}\n연락처 {V:mobile}\n인감증명서 {D:quantity:통}",
            "피상속인 명의 예금 {V:account}의 잔액 조회 결과 {D:date} 기준 {D:price:l}으로 확인되었습니다. 담당 법무사 {V:landline}",
            "공증 사무소 예약: {D:date} {D:time}, 사무소 전화 {V:landline}, 수수료 {D:price:s}",
            "증여세 신고 대리 위임: 수증자 주민등록번호 {V:rrn}, 증여자 주민등록번호 {V:rrn}, 증여일 {D:date}",
            "상속인 간 연락처 공유\n장남 {F:name} {V:mobile}\n차녀 {F:name} {V:mobile}\n막내 {F:name} {V:mobile}",
            "법무사 사무실에서 서류 스캔본 {D:quantity:건}을 {V:email}로 보냈습니다. 사건번호 {D:case_no}.",
            "분할 정산금은 상속인 대표 계좌 {V:account}로 모은 뒤 지분({D:fraction})대로 나눕니다.",
            "재외국민 상속인 연락처: {V:phone} / {V:email} (현지 시각 {D:time})",
            "외국 국적 상속인 외국인등록번호 {V:rrn:fg}, 국내 거소신고 완료({D:date}), 연락처 {V:mobile}",
            "유언 공정증서 사본 발급 신청 — 신청인 {F:name}, 연락처 {V:landline}, 증서번호 {D:deed_no}",
            "피상속인 신용카드 {V:card} 해지 및 잔여 포인트 {D:points} 상속 처리 요청",
            "상속 등기 비용 {D:price:m}을 {V:account}로 입금해 주시면 접수를 진행합니다. 입금 확인 문자는 {V:mobile}로 드립니다.",
            "온라인 상속재산 조회 서비스 접속 기록: {D:date} {D:time}, IP {V:ip}, 조회 기관 {D:quantity:곳}",
            "세무사 사무실 안내: 상속세 상담 {V:landline}, 자료 제출 {V:email}, 담당 {F:name} 세무사",
            "상속포기 신고서 제출인 {F:name}, 주민등록번호 {V:rrn}, 관할 가정법원 사건번호 {D:case_no}",
        ],
        "free": [
            "사망보험금 청구번호 {D:claim_no}, 증권번호 {D:policy_no}, 지급 예정일 {D:date}.",
            "피상속인 보유 지분: {F:company} (법인등록번호 {D:corp_reg_no}) {D:percent}.",
            "상속세 신고 기한은 상속개시일이 속한 달의 말일부터 {D:period:개월} 이내입니다. 기한 내 신고하면 {D:percent} 세액공제.",
            "법정 상속분: 배우자 {D:fraction}, 자녀 각 {D:fraction}.",
            "공증 수수료표: 사서증서 인증 {D:price}, 공정증서 {D:price}부터.",
            "상속재산 조회 결과 통보 예정일 {D:date}, 조회 기관 {D:quantity:곳}.",
            "증여재산 공제 한도는 {D:period:년}간 {D:price:l}입니다.",
            "서류 보관 번호 {D:deed_no}, 등기 완료 통지서는 등기번호 {D:registered_mail}로 발송했습니다.",
        ],
    },
    "subscription": {
        "value": [
            "정기배송 해지 요청드립니다. 회원번호 {D:member_no}, 가입 휴대폰 {V:mobile}. 남은 회차는 {V:account}로 환불해 주세요.",
            "구독료 결제 카드 변경 요청: 새 카드 {V:card} (유효기간 {D:expiry}), 회원 메일 {V:email}",
            "해지 신청이 접수되었습니다. 확인 메일을 {V:email}로 보냈으며 처리까지 {D:period:영업일}이 걸립니다.",
            "{F:service} 문의는 {V:landline} (평일 {D:time}~{D:time})로 주세요.",
            "OTT 계정 로그인 알림: 새 기기에서 접속 — IP {V:ip}, {D:date} {D:time}, 기기 {D:model_code}",
            "원두 구독 배송지를 {D:date}부터 변경합니다. 받는 사람 {F:name}, 연락처 {V:phone}, 우편번호 {D:postal_code}",
            "중복 결제 환불 요청\n결제일 {D:date}, 금액 {D:price}\n결제 카드 {V:card}\n환불 계좌 {V:account}",
            "구독 해지했는데 또 결제됐어요. 주문번호 {D:order_no}. 답변은 {V:email}로 부탁드립니다.",
            "외국인 회원 본인확인용 외국인등록번호 {V:rrn:fg} 제출했습니다({D:date}). 확인 부탁드려요. 회신은 {V:email}",
            "정기배송 수령인 추가: {F:name} {V:mobile} (경비실 맡김 가능), 배송 요일 변경은 {D:date}부터",
            "무통장 입금 고객님은 {V:account}로 {D:price} 입금 후 입금자명을 알려주세요.",
            "구독 서비스 본인인증 실패 문의 — 명의자 주민번호 {V:rrn}, 통신사 {F:telco}, 휴대폰 {V:mobile}",
            "{F:service} 약정 해지 위약금 {D:price:m} 안내받았습니다. 상담받은 번호는 {V:phone}였어요.",
            "해외 구독 서비스 결제 내역에 모르는 카드 {V:card} 등록됨. 결제 IP {V:ip}",
            "구독 해지 방어 전화가 계속 {V:phone}에서 옵니다. 해지 처리 결과만 {V:email}로 보내주세요.",
        ],
        "free": [
            "상품권 PIN {D:gift_pin}으로 결제하면 카드 끝자리 {D:last4} 대신 '상품권'으로 표시됩니다.",
            "해지 방어 문자 회신번호 {D:relay_0500}, 광고 수신거부 {D:tollfree}.",
            "구독 요금제: 베이직 {D:price:s}, 스탠다드 {D:price:s}, 프리미엄 {D:price:s} (월 기준).",
            "다음 결제일 {D:date}, 결제 예정 금액 {D:price:s}, 결제 수단 {D:masked_card}.",
            "해지 시 남은 배송분은 {D:period:영업일} 내 환불됩니다. 문의 {D:rep_number}.",
            "앱 {D:version} 업데이트 이후 구독 관리 메뉴 위치가 바뀌었습니다.",
            "배송 조회: 운송장 {D:tracking_no}, 출고 {D:date}.",
            "첫 달 {D:percent} 할인, 친구 초대 시 {D:points} 적립, 해지는 언제든 가능합니다.",
        ],
    },
}


# ---------------------------------------------------------------------- frames_g
FRAMES_G = {
    "newsletter": {
        "value": [
            "이번 호 편집장 레터에 대한 의견은 {V:email}로 보내주세요. 구독자 {D:quantity:명} 돌파, 감사합니다!",
            "────\n발행: {F:company} | 사업자등록번호 {D:biz_reg_no}\n문의: {V:email} · {V:landline}\n수신을 원치 않으시면 하단의 수신거부를 눌러주세요.",
            "수신거부는 {V:email}로 제목에 '수신거부'라고 적어 보내주시거나 {D:tollfree}로 전화 주세요. 처리까지 {D:period:영업일}.",
            "[광고] 본 메일은 {D:date} 기준 수신에 동의하신 분께 발송됩니다. 발신 전용 주소이며 문의는 {V:email}.",
            "후원 안내: 이 뉴스레터를 응원하고 싶다면 {V:account} (예금주 {F:company})로 후원해 주세요. 지난달 후원 {D:quantity:건}, 총 {D:price}.",
            "이번 주 인터뷰이 {F:name} 대표의 연락처는 본인 동의하에 공개합니다: {V:mobile} / {V:email}",
            "보안 레터: 지난주 가장 많이 관측된 공격 IP — {V:ip}, {V:ip}, {V:ip}",
            "오프라인 밋업 신청: {D:date} {D:time}, 장소 {F:place} {D:room_no}. 현장 연락처 {V:mobile}",
            "{D:date} 발행분 정정: 인터뷰 기사의 문의처 전화번호를 {V:landline}로 바로잡습니다.",
            "유료 구독 결제 실패 안내 — {D:date} 카드 {V:card} 결제({D:price})가 거절되었습니다. 결제 수단을 변경해 주세요.",
            "편집팀 연락처\n편집장 {F:name} {V:email}\n기자 {F:name} {V:email}\n광고 문의 {D:rep_number}",
            "뉴스레터 발송 서버 {V:ip}가 스팸 차단 목록에 올라 {D:date} 발송분 일부가 늦게 도착했습니다. 문의 {V:email}",
            "독자 이벤트 당첨자 안내: {F:name}님은 본인 확인을 위해 {V:email}로 회신해 주세요. 다른 당첨자 {D:masked_email}, {D:masked_email}",
            "제보·문의 창구: 전화 {V:phone} / 메일 {V:email} / 우편 {D:postal_code}",
            "구독 해지 처리 완료 — 더 이상 {V:email} 주소로 뉴스레터가 발송되지 않습니다. 재구독은 언제든 가능합니다.",
        ],
        "free": [
            "수신거부 {D:tollfree} | 발행처 {F:company} 법인등록번호 {D:corp_reg_no} | 우편번호 {D:postal_code}",
            "이번 호 오픈소스 소개: {D:npm_package}, 저장소 {D:git_remote}, 작성자 {D:mention}.",
            "이번 호 요약: 기준금리 {D:percent} 동결, 소비자물가 {D:statistic}.",
            "이 메일은 {D:date} {D:time}에 발송되었습니다. 메일 ID {D:uuid}",
            "본문 이미지가 보이지 않으면 {D:image_file}을 확인하세요. 추적 픽셀 해시 {D:hash}",
            "구독 설정 변경 · 수신거부 · 지난 호 보기 | 테스트 발송 서버 {D:private_ip} (내부용)",
            "참고 논문: {D:doi}, 학술지 ISSN {D:issn}.",
            "뉴스레터 오픈율 {D:percent}, 클릭률 {D:percent} ({D:date} 기준).",
        ],
    },
    "payroll": {
        "value": [
            "[{D:year} {D:month} 급여명세서]\n성명: {F:name}  사번: {D:employee_id}\n실지급액: {D:price:m}\n입금 계좌: {V:account}",
            "인사기록카드 발췌\n성명 {F:name} / 주민등록번호 {V:rrn}\n휴대전화 {V:mobile} / 비상연락처 {V:phone}\n입사일 {D:date}",
            "급여 이체 계좌 변경 신청: 변경 전 {D:masked_account} → 변경 후 {V:account}",
            "법인카드 사용 내역 정산: 카드 {V:card}, 사용일 {D:date}, 금액 {D:price}, 승인번호 {D:approval_no}",
            "연말정산 부양가족 등록: 배우자 주민등록번호 {V:rrn}, 자녀 주민등록번호 {V:rrn:child}",
            "급여명세서는 매월 {D:date:dom}에 {V:email}로 발송됩니다. 사번 {D:employee_id}, 문의 내선 {D:extension}.",
            "외국인 근로자 인사정보: 외국인등록번호 {V:rrn:fg}, 체류기간 만료일 {D:date}, 연락처 {V:mobile}",
            "인사팀 직통 {V:landline}, 급여 담당 {F:name} 대리 {V:email} (근무 {D:time}~{D:time})",
            "그룹웨어 접속 기록 점검: 사번 {D:employee_id}, 접속 IP {V:ip}, 재택근무 승인 여부 확인",
            "퇴직금 지급 안내 — 지급액 {D:price:l}, 지급일 {D:date}, 지급 계좌 {V:account}, 문의 {V:landline}",
            "사회보험 취득 신고용 정보: 성명 {F:name}, 주민등록번호 {V:rrn}, 월 보수액 {D:price:m}",
            "경조사비 지원 신청: 신청인 {F:name}({D:employee_id}), 지급 계좌 {V:account}, 연락처 {V:mobile}",
            "해외 출장 법인카드 {V:card} 사용 한도 상향 요청, 요청 한도 {D:price_usd}",
            "재택근무 VPN 예외 등록: 사번 {D:employee_id}, 자택 공인 IP {V:ip}, 비상연락 {V:mobile}",
            "신규 입사자 급여 정보 입력 요청: 급여 계좌 {V:account}, 개인 메일 {V:email}",
        ],
        "free": [
            "단체상해보험 청구번호 {D:claim_no}, 증권번호 {D:policy_no}, 처리 결과 {D:date} 통보.",
            "회사 정보: {F:company}, 법인등록번호 {D:corp_reg_no}, 사업자등록번호 {D:biz_reg_no}, 대표전화 {D:rep_number}.",
            "기본급 {D:price:m}, 식대 {D:price:m}, 연장근로수당 {D:price:m}({D:period:시간}).",
            "{D:year} 연봉 인상률 평균 {D:percent}, 호봉 {D:pay_step} 기준 기본급표 첨부.",
            "근태 요약: 연차 사용 {D:quantity:일}, 잔여 연차 {D:quantity:일}.",
            "급여 지급일은 매월 {D:date:dom}이며 휴일이면 전 영업일에 지급됩니다.",
            "소득세 {D:price}, 지방소득세 {D:price}, 원천징수 세율 {D:tax_rate}.",
            "급여 이체 결과: 대상 {D:quantity:명}, 실패 {D:quantity:명} (계좌 {D:masked_account} 외).",
        ],
    },
}


# ---------------------------------------------------------------------- build
GENRE_ORDER = ["rental", "library", "parking", "freelance", "scam_report", "game_trade", "ticket_resale", "pharmacy", "scholarship",
               "crowdwork", "inheritance", "subscription", "newsletter", "payroll"]
N_TOTAL = 1000
NEG_SHARE = 0.4
MASK_P = 0.2
FREE_SHARE_OF_NEG = 0.6
SLOT_RE = re.compile(r"\{([VDF]):([a-z_0-9]+)(?::([^}]+))?\}")
FLEX = {"phone": ["mobile", "landline"], "contact": ["mobile", "landline", "email"]}
# most PII-like first; names a negative record's form
PRIORITY = ["masked_rrn", "corp_reg_no", "masked_card", "gift_pin", "masked_account", "masked_mobile", "masked_landline", "fake_area_phone",
            "relay_0500", "masked_email", "masked_ip", "private_ip", "tollfree", "rep_number", "biz_reg_no", "short_number", "rx_no",
            "registered_mail", "tracking_no", "tax_invoice_no", "meeting_id", "barcode", "isbn", "order_no", "payment_no", "student_id",
            "employee_id", "member_no", "approval_no", "otp", "last4", "mention", "npm_package", "git_remote", "image_file", "url"]
ACCOUNT_CONTEXT = ACCOUNT_WORDS + BANK_NAMES


def all_frames():
    merged = {}
    for part in (FRAMES_A, FRAMES_B, FRAMES_C, FRAMES_D, FRAMES_E, FRAMES_F, FRAMES_G):
        merged.update(part)
    return {g: merged[g] for g in GENRE_ORDER if g in merged}


def slot_kinds(tpl):
    return [m.group(2) for m in SLOT_RE.finditer(tpl) if m.group(1) == "V"]


def resolve_kind(rng, name, counts):
    if name not in FLEX:
        return name
    opts = FLEX[name]
    low = min(counts[k] for k in opts)
    best = [k for k in opts if counts[k] <= low + 2]
    return rng.choice(best)


def render(rng, tpl, masked, counts):
    reset_ctx()
    segs, pos, vi = [], 0, 0
    for m in SLOT_RE.finditer(tpl):
        segs.append(plain(tpl[pos:m.start()]))
        typ, name, arg = m.groups()
        if typ == "V":
            kind = resolve_kind(rng, name, counts)
            segs += MASKERS[kind](rng, arg) if vi in masked else GENERATORS[kind](rng, arg)
            vi += 1
        elif typ == "D":
            segs += make_decoy(rng, name, arg)
        else:
            segs.append(plain(rng.choice(FILLERS[name])))
        pos = m.end()
    segs.append(plain(tpl[pos:]))
    text, spans, decoys = "", [], []
    for t, a in segs:
        if a is not None:
            item = {"kind": a["kind"], "start": len(text), "end": len(text) + len(t), "value": t}
            if a["t"] == "span":
                item["_detail"], item["_style"], item["_common"] = a["detail"], a["style"], a["common"]
                spans.append(item)
            else:
                decoys.append(item)
        text += t
    return text, spans, decoys


def account_like_decoy(text, d):
    """A bare digit run grouped like a bank account sitting next to an account word."""
    if d["kind"].startswith("masked_") or not re.fullmatch(r"[0-9][0-9 -]*[0-9]", d["value"]):
        return False
    ds = norm_digits(d["value"])
    groups = tuple(len(g) for g in re.split(r"[ -]", d["value"]))
    if not 10 <= len(ds) <= 14 or (len(groups) > 1 and groups not in BANK_PATTERNS):
        return False
    window = text[max(0, d["start"] - 30):d["end"] + 30]
    return any(w in window for w in ACCOUNT_CONTEXT)


def check_record(rec):
    text, spans, decoys = rec["text"], rec["spans"], rec["decoys"]
    items = sorted(spans + decoys, key=lambda x: x["start"])
    for a, b in itertools.pairwise(items):
        assert a["end"] <= b["start"], ("overlap", rec["id"])
    covered = [False] * len(text)
    for it in items:
        assert text[it["start"]:it["end"]] == it["value"] and it["value"], rec["id"]
        assert it["value"] == it["value"].strip(), (rec["id"], it)
        for i in range(it["start"], it["end"]):
            covered[i] = True
    for s in spans:
        assert s["kind"] in KINDS and value_valid(s["kind"], s["value"], s["_detail"]), (rec["id"], s)
    for d in decoys:
        assert not passes_as_value(d["value"]), (rec["id"], d)
        assert not account_like_decoy(text, d), (rec["id"], d)
    for i, c in enumerate(text):
        if c.isdigit() and not covered[i]:
            j, k = i, i + 1
            while j > 0 and text[j - 1].isascii() and text[j - 1].isalnum():
                j -= 1
            while k < len(text) and text[k].isascii() and text[k].isalnum():
                k += 1
            assert any(ch.isalpha() for ch in text[j:k]), ("uncovered digit", rec["id"], text[j:k])
        if c in "@＠":
            assert covered[i], ("uncovered @", rec["id"])
    assert (rec["label"] == "pos") == bool(spans)
    if not spans:
        assert decoys, rec["id"]


# ---------------------------------------------------------------------- build2
DEFICIT_W = 2.0
MULTI_BONUS = 3.0


def neg_form(decoys):
    rank = {k: i for i, k in enumerate(PRIORITY)}
    best = min(decoys, key=lambda d: (rank.get(d["kind"], len(PRIORITY)), d["start"]))
    return "neg/" + best["kind"]


def span_ok(rec):
    for s in rec["spans"]:
        if not value_valid(s["kind"], s["value"], s["_detail"]):
            return False
        if s["kind"] == "account":
            window = rec["text"][max(0, s["start"] - 30):s["end"] + 30]
            if not any(w in window for w in ACCOUNT_WORDS + BANK_NAMES):
                return False
    return not any(account_like_decoy(rec["text"], d) for d in rec["decoys"])


def choose_value_frame(rng, frames, usage, counts):
    cands = rng.sample(range(len(frames)), min(4, len(frames)))
    lo = min(counts.values())

    def score(i):
        ks = [k for k in slot_kinds(frames[i]) if k in counts]
        deficit = sum(counts[k] - lo for k in ks) / len(ks) if ks else 4.0
        return usage[i] * 5 + deficit * DEFICIT_W - MULTI_BONUS * (len(ks) - 1)

    return min(cands, key=lambda i: (score(i), i))


def build(rng):
    frames = all_frames()
    genres = [g for g in GENRE_ORDER if g in frames]
    base, extra = divmod(N_TOTAL, len(genres))
    counts = Counter({k: 0 for k in KINDS})
    records, seen = [], set()
    for gi, genre in enumerate(genres):
        vf, ff = frames[genre]["value"], frames[genre]["free"]
        n = base + (1 if gi < extra else 0)
        n_neg = round(n * NEG_SHARE)
        labels = ["neg"] * n_neg + ["pos"] * (n - n_neg)
        rng.shuffle(labels)
        vuse, fuse = [0] * len(vf), [0] * len(ff)
        for idx, label in enumerate(labels, 1):
            for _attempt in range(100):
                if label == "neg" and rng.random() < FREE_SHARE_OF_NEG:
                    lo = min(fuse)
                    fi = rng.choice([i for i, u in enumerate(fuse) if u == lo])
                    tpl, masked, src = ff[fi], set(), ("f", fi)
                elif label == "neg":
                    fi = rng.randrange(len(vf))
                    tpl, src = vf[fi], ("vneg", fi)
                    masked = set(range(len(slot_kinds(tpl))))
                else:
                    fi = choose_value_frame(rng, vf, vuse, counts)
                    tpl, src = vf[fi], ("v", fi)
                    k = len(slot_kinds(tpl))
                    masked = {i for i in range(k) if rng.random() < MASK_P} if k > 1 else set()
                    if len(masked) == k:
                        masked.discard(rng.randrange(k))
                text, spans, decoys = render(rng, tpl, masked, counts)
                rec = {"id": f"oos4-{genre}-{idx:03d}", "text": text, "label": "pos" if spans else "neg", "spans": spans, "decoys": decoys}
                if text in seen or not span_ok(rec):
                    continue
                break
            else:
                raise AssertionError(("no record", genre, idx))
            seen.add(text)
            if src[0] == "f":
                fuse[fi] += 1
            elif src[0] == "v":
                vuse[fi] += 1
            for s in spans:
                counts[s["kind"]] += 1
            rec["form"] = "+".join(f"{s['kind']}/{s['_detail']}/{s['_style']}" for s in spans) if spans else neg_form(decoys)
            rec["genre"] = genre
            records.append(rec)
    return records


def finish(records):
    out, styles = [], Counter()
    for rec in records:
        check_record(rec)
        for s in rec["spans"]:
            styles["common" if s["_common"] else "evasive"] += 1
        clean = {"id": rec["id"], "text": rec["text"], "label": rec["label"],
                 "spans": [{k: s[k] for k in ("kind", "start", "end", "value")} for s in rec["spans"]],
                 "decoys": [{k: d[k] for k in ("kind", "start", "end", "value")} for d in rec["decoys"]],
                 "form": rec["form"], "genre": rec["genre"]}
        out.append(json.dumps(clean, ensure_ascii=False))
    kinds = Counter(s["kind"] for r in records for s in r["spans"])
    assert all(kinds[k] >= 100 for k in KINDS), kinds
    assert len({r["id"] for r in records}) == len(records)
    assert len({r["text"] for r in records}) == len(records)
    return "\n".join(out) + "\n", styles


def report(records, styles, data):
    pos = sum(r["label"] == "pos" for r in records)
    kinds = Counter(s["kind"] for r in records for s in r["spans"])
    dk = Counter(d["kind"] for r in records for d in r["decoys"])
    print(f"records {len(records)}  pos {pos}  neg {len(records) - pos}")
    print("values", sum(kinds.values()), dict(sorted(kinds.items())))
    print("styles", dict(styles), f"evasive share {styles['evasive'] / max(1, sum(styles.values())):.3f}")
    print("decoys", sum(dk.values()), "kinds", len(dk))
    print("top decoys", dk.most_common(30))
    print("genres", dict(Counter(r["genre"] for r in records)))
    print("sha256", hashlib.sha256(data.encode("utf-8")).hexdigest())


def main():
    records = build(RNG)
    data, styles = finish(records)
    path = Path(sys.argv[1]) if len(sys.argv) > 1 else Path(__file__).with_name("eval_oos4.jsonl")
    path.write_text(data, encoding="utf-8")
    report(records, styles, data)


if __name__ == "__main__":
    main()
