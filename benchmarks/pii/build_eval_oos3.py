# ruff: noqa: E501
"""Build ``eval_oos3.jsonl``: an independent, out-of-sample evaluation set for a Korean PII detector.

Independence
    This generator was written from a written brief alone.  Its author did not open, read,
    search or run the detector, its tests, its documentation, its benchmarks or any earlier
    evaluation set, and no detector or benchmark has been run on the output.  Nothing here was
    tuned against a detector; the only feedback used while writing it was the self-check below
    and plain counts of the generated set.

Output
    ``python3 build_eval_oos3.py [OUT]`` writes 1,000 records (default: ``eval_oos3.jsonl`` next
    to this file), one JSON object per line, UTF-8, ``ensure_ascii=False``::

        {"id": "oos3-<genre>-<nnn>", "text": ..., "label": "pos"|"neg",
         "spans": [...], "decoys": [...], "form": ..., "genre": ...}

    Spans and decoys are ``{"kind", "start", "end", "value"}`` with Python code-point offsets and
    ``value == text[start:end]``.  ``label`` is "pos" iff there is at least one span.  Spans and
    decoys never overlap.  ``form`` lists ``<kind>/<detail>/<how it is written>`` for every span in
    span order joined by "+"; for a negative record it is ``neg/<decoy kind>`` naming the most
    PII-like decoy in it.  Every invariant is asserted before anything is written.  The script
    uses only the standard library and one ``random.Random(SEED)``; two runs are byte-identical.

Kinds (personal data)
    rrn       resident / foreigner registration numbers: real calendar dates, 7th digit 1-4
              (Korean) or 5-8 (foreign; 1/2/5/6 for 1900-1999, 3/4/7/8 for 2000+), check digit
              (11 - S mod 11) mod 10 for Koreans and (13 - S mod 11) mod 10 for foreigners with
              weights 2..9,2..5; births from 2020-10 on get a random last digit.
    mobile    010 (about 92%) and 011/016/017/018/019, 3- or 4-digit middle group.
    landline  02, 031-033, 041-044, 051-055, 061-064, 070 internet phones and 0502-0508 personal
              relay ("안심번호") numbers; the exchange never starts with 0.
    email     portals, companies (with subdomains), .ac.kr, .go.kr/korea.kr, .or.kr, foreign ccTLDs
              and new gTLDs; local parts with dots, "_", plus-tags, digits and capitals.
    ip        global unicast IPv4 / IPv6 only (checked with ``ipaddress`` plus an explicit list of
              private, shared, documentation, benchmarking, 6to4, Teredo and reserved ranges).
    card      15/16 digits, valid Luhn, real brand prefixes (Visa, Mastercard 51-55/2221-2720, Amex
              34/37, JCB 3528-3589, Discover 6011/65, UnionPay 62).
    account   Korean bank accounts, 10-14 digits, in each bank's usual grouping (KB 6-2-6, 신한 3-3-6,
              우리 4-3-6, 하나 3-6-5, NH 3-4-4-2 / 6-2-6, 기업 3-6-2-3, 카카오뱅크 4-2-7, 토스뱅크 4-4-4,
              새마을금고 4-4-4-1, 우체국 6-2-6, 수협, 신협, 케이뱅크, SC제일, 부산, iM뱅크, 광주, 전북,
              경남, 제주, 씨티), always next to a bank name (short or full, before or after, bracketed
              or not) and/or an account word (계좌, 입금, 예금주, 환불 ...), often with the holder's name.

Decoys (not personal data, all annotated, also inside positive records)
    dates, times, prices, quantities, statistics, scores, versions, model codes, EAN-13 barcodes,
    ISBN/ISSN/DOI, order / invoice / tracking / reservation / receipt / approval / claim / policy /
    registered-mail / court case numbers, student and employee ids, business registration numbers,
    corporate registration numbers (13 digits that fail the RRN rules), 15xx/16xx/18xx
    representative numbers, 080 toll-free, short and emergency numbers, 0500/0501 numbers, phone
    numbers with area codes that do not exist, non-global IPs (private, loopback, link-local,
    multicast, reserved, documentation, CGNAT, unspecified), ports, image files such as
    icon@2x.png, git remotes, npm scoped packages, @mentions, coordinates, hashes, UUIDs, serial
    numbers, animal registration numbers, car plates and VINs, postal codes, room and seat numbers,
    meeting ids, OTPs, HTTP status codes, timestamps, file sizes, Luhn-invalid gift-card PINs and
    masked values (880908-1******, 010-****-5678, 010-12**-5678, 5310-****-****-1234, 110-***-****56,
    ab***@naver.com, 211.34.*.*).  Any decoy whose digits would form a valid value (13 digits passing
    the RRN rules, 15-16 digits passing Luhn with a card prefix, a valid Korean phone number, a
    global IP) is regenerated.

Labelling conventions
    Masked or partially hidden values are decoys.  Obfuscated emails ("(at)", "[at]...[dot]",
    "골뱅이", "at ... dot", full-width "＠", spaced " @ ") are email values spanning from the local
    part to the end of the TLD.  Phone numbers with spaced digits, Hangul-spelled digits (공일공 ...)
    or international forms (+82 10-..., 82-10-..., +82 (0)2 ...) are values; parentheses belonging to
    the number ("(02) 123-4567", "070)1234-5678") are inside the span.  070, area-code and 0502-0508
    numbers are landline values whoever owns them; 15xx/16xx/18xx, 080, 0500/0501 and short numbers
    are decoys.  Only global unicast IPs are values and a following port is a separate decoy.
    Emails and accounts are values whoever owns them.  Bank names, "계좌", "예금주" and labels such as
    "주민번호:" are outside spans.  Every ASCII or full-width digit outside an alphanumeric token
    (such as "x86_64" or "MQ4") is covered by a span or a decoy.

Genres (14, 71-72 records each, 40% negative)
    wedding, religious, used_car, pets, travel, moving, alumni, contract, press_release,
    farm_direct, cs_qna, sports, tax_office, code_paste.  Each genre has at least 12 frames with
    value slots and at least 5 value-free frames: one to six sentences of Korean, some as a short
    multi-line block of up to ten lines (code_paste: config files, logs, stack traces, .env, YAML,
    JSON, SQL rows inside a developer's post).

How values were generated
    Frames are literal text with slots; the text is built piece by piece so offsets are exact.
    Each positive record keeps the slot whose kind is furthest below its share and keeps further
    slots with an adaptive probability, masking the rest (about 800 values in 600 positive
    records, spread evenly over the 7 kinds).  Negative records come from value-free frames
    (about 70%) or from value frames with every slot masked.  Some decoy slots carry digit-free
    alternatives ("다음 주 토요일", "별도 문의") used half of the time.  Numbers are random digits
    with the structure above; names are random Korean names; domains are ordinary public domains
    with invented local parts.

Writing styles
    About four values in five (about 80% in the written set) use the usual web forms: hyphens, no separator, dots,
    spaces, parenthesised area codes, 4-4-4-4 cards (Amex 4-6-5), bank groupings, plain IPv4 and
    compressed lowercase IPv6, plain emails, labelled or not, often touching Hangul particles.
    About one in five (each slot draws an uncommon form with probability 0.22, except a few
    code_paste slots that are restricted to usual forms; about 20% in the written set) uses an
    uncommon or evasive form: full-width digits, Hangul
    "ㅡ" or box-drawing "─" dashes, "/", "_" or "~" separators, mixed separators, +82 / 82 forms,
    spaced digits, Hangul digits, obfuscated emails, unbroken or oddly split cards, RRNs with a
    space between the halves, spaced or full-width IPv4, exploded or upper-case IPv6.
"""
import datetime
import hashlib
import ipaddress
import json
import random
import re
import sys
from pathlib import Path

# -------------------- values --------------------
SEED = 20261127
R = random.Random(SEED)
P_RARE = 0.22  # share of evasive / uncommon writing styles per value slot

FW_MAP = str.maketrans("0123456789-.", "０１２３４５６７８９－．")
HANGUL_DIGITS = "공일이삼사오육칠팔구"
RRN_W = (2, 3, 4, 5, 6, 7, 8, 9, 2, 3, 4, 5)
SURNAMES = "김이박최정강조윤장임한오서신권황안송전홍유고문양손배백허남심"
GIVEN = ("민수 지우 서연 현우 지훈 유나 수진 동하 은지 태양 하늘 지호 소연 준서 민지 예린 서준 다혜 우진 채원 "
         "영희 철수 미숙 경호 상철 정숙 순자 영호 성민 혜진 재원 보람 승훈 가영 도윤 하은 시우 주원 명수 옥순").split()


def dg(n, first="0123456789"):
    return R.choice(first) + "".join(R.choice("0123456789") for _ in range(n - 1))


def kname():
    return R.choice(SURNAMES) + R.choice(GIVEN)


def wpick(pairs):
    tot = sum(w for _, w in pairs)
    x = R.uniform(0, tot)
    for item, w in pairs:
        x -= w
        if x <= 0:
            return item
    return pairs[-1][0]


def luhn_ok(s):
    tot = 0
    for i, ch in enumerate(reversed(s)):
        d = int(ch) * (2 if i % 2 else 1)
        tot += d - 9 if d > 9 else d
    return tot % 10 == 0


def luhn_digit(partial):
    return next(c for c in "0123456789" if luhn_ok(partial + c))


def rrn_check(d12, foreign):
    s = sum(int(a) * w for a, w in zip(d12, RRN_W, strict=True))
    return str(((13 if foreign else 11) - s % 11) % 10)


def rrn_valid(d):
    if len(d) != 13 or not d.isdigit() or d[6] not in "12345678":
        return False
    century = 1900 if d[6] in "1256" else 2000
    try:
        born = datetime.date(century + int(d[:2]), int(d[2:4]), int(d[4:6]))
    except ValueError:
        return False
    if born >= datetime.date(2020, 10, 1):
        return True
    return d[12] == rrn_check(d[:12], d[6] in "5678")


def card_like(d):
    if len(d) not in (15, 16) or not d.isdigit() or not luhn_ok(d):
        return False
    if len(d) == 15:
        return d[:2] in ("34", "37")
    p2, p4 = int(d[:2]), int(d[:4])
    return d[0] == "4" or 51 <= p2 <= 55 or 2221 <= p4 <= 2720 or 3528 <= p4 <= 3589 or d[:4] == "6011" or d[:2] in ("65", "62")


PHONE_RE = re.compile(r"^(?:01[016789]\d{7,8}|02\d{7,8}|0(?:3[1-3]|4[1-4]|5[1-5]|6[1-4])\d{7,8}|070\d{8}|050[2-8]\d{8})$")
NON_GLOBAL = [ipaddress.ip_network(n) for n in (
    "0.0.0.0/8", "10.0.0.0/8", "100.64.0.0/10", "127.0.0.0/8", "169.254.0.0/16", "172.16.0.0/12",
    "192.0.0.0/24", "192.0.2.0/24", "192.88.99.0/24", "192.168.0.0/16", "198.18.0.0/15",
    "198.51.100.0/24", "203.0.113.0/24", "224.0.0.0/3", "2001::/23", "2001:db8::/32", "2002::/16", "3fff::/20")]


def ip_global(s):
    a = ipaddress.ip_address(s)
    if a.is_private or a.is_loopback or a.is_link_local or a.is_multicast or a.is_reserved or a.is_unspecified:
        return False
    if a.version == 6 and a not in ipaddress.ip_network("2000::/3"):
        return False
    return a.is_global and not any(a.version == n.version and a in n for n in NON_GLOBAL)


def fw(s):
    return s.translate(FW_MAP)


def hangul(s):
    return "".join(HANGUL_DIGITS[int(c)] for c in s)


def join_groups(groups, how):
    seps = {"hyphen": "-", "plain": "", "dot": ".", "space": " ", "slash": "/", "underscore": "_",
            "tilde": "~", "hangul_dash": "ㅡ", "box_dash": "─"}
    if how in seps:
        return seps[how].join(groups)
    if how == "fullwidth":
        return "－".join(fw(g) for g in groups)
    if how == "mixed":
        a, b = R.sample(["-", ".", " "], 2)
        return groups[0] + a + b.join(groups[1:]) if len(groups) > 2 else groups[0] + a + groups[1]
    if how == "spaced":
        if R.random() < 0.5:
            return " ".join("".join(groups))
        return " - ".join(" ".join(g) for g in groups)
    if how == "hangul_digits":
        return R.choice([" ", "-", " "]).join(hangul(g) for g in groups)
    raise ValueError(how)


def val(kind, detail, how, text, canon):
    return {"kind": kind, "detail": detail, "how": how, "text": text, "canon": canon}


PHONE_RARE = ["fullwidth", "hangul_dash", "box_dash", "slash", "underscore", "tilde", "mixed", "intl_plus",
              "intl_82", "spaced", "hangul_digits"]


def phone_text(groups, how):
    if how.startswith("intl"):
        rest = [groups[0][1:]] + groups[1:]
        if how == "intl_plus":
            return "+82 " + "-".join(rest) if R.random() < 0.5 else "+82-" + "-".join(rest)
        if how == "intl_82":
            return "82-" + "-".join(rest)
        if how == "intl_plain":
            return "+82" + "".join(rest)
        return "+82 (0)" + " ".join(rest)
    if how == "paren":
        return "(" + groups[0] + ") " + "-".join(groups[1:])
    if how == "paren_close":
        return groups[0] + ")" + "-".join(groups[1:])
    return join_groups(groups, how)


def gen_mobile(common=False):
    pre = wpick([("010", 92), ("011", 3), ("016", 2), ("017", 1), ("018", 1), ("019", 1)])
    mid = dg(4, "23456789") if pre == "010" else dg(R.choice([3, 3, 4]), "23456789")
    groups = [pre, mid, dg(4)]
    if not common and R.random() < P_RARE:
        how = R.choice(PHONE_RARE + ["intl_plain"])
    else:
        how = wpick([("hyphen", 62), ("plain", 18), ("dot", 8), ("space", 12)])
    return val("mobile", pre, how, phone_text(groups, how), "".join(groups))


AREAS = ["031", "032", "033", "041", "042", "043", "044", "051", "052", "053", "054", "055", "061", "062", "063", "064"]


def gen_landline(common=False, sub=None):
    sub = sub or wpick([("seoul", 33), ("area", 37), ("voip070", 18), ("relay050x", 12)])
    if sub == "seoul":
        groups = ["02", dg(R.choice([3, 4, 4]), "23456789"), dg(4)]
    elif sub == "area":
        groups = [R.choice(AREAS), dg(R.choice([3, 3, 4]), "23456789"), dg(4)]
    elif sub == "voip070":
        groups = ["070", dg(4, "2345678"), dg(4)]
    else:
        groups = ["050" + R.choice("2345678"), dg(4, "123456789"), dg(4)]
    if not common and R.random() < P_RARE:
        how = R.choice(PHONE_RARE + ["intl_paren0"])
    else:
        how = wpick([("hyphen", 60), ("paren", 9), ("paren_close", 5), ("plain", 10), ("dot", 7), ("space", 9)])
        if sub == "relay050x" and how.startswith("paren"):
            how = "hyphen"
    return val("landline", sub, how, phone_text(groups, how), "".join(groups))


def rrn_digits(foreign=None, child=False):
    foreign = R.random() < 0.15 if foreign is None else foreign
    while True:
        y = R.randint(2014, 2024) if child else wpick([(R.randint(1940, 1999), 82), (R.randint(2000, 2006), 18)])
        try:
            born = datetime.date(y, R.randint(1, 12), R.randint(1, 31))
        except ValueError:
            continue
        if born <= datetime.date(2024, 12, 31):
            break
    male = R.random() < 0.5
    g = ("5" if male else "6") if foreign else ("1" if male else "2")
    if y >= 2000:
        g = str(int(g) + 2)
    d12 = born.strftime("%y%m%d") + g + dg(5)
    late = born >= datetime.date(2020, 10, 1)
    d = d12 + (dg(1) if late else rrn_check(d12, foreign))
    assert rrn_valid(d)
    return d, ("foreign" if foreign else "native") + ("_late" if late else "")


def gen_rrn(common=False, foreign=None, child=False):
    d, detail = rrn_digits(foreign, child)
    if not common and R.random() < P_RARE:
        how = R.choice(["space", "fullwidth", "hangul_dash", "box_dash", "spaced", "tilde"])
    else:
        how = wpick([("hyphen", 85), ("plain", 15)])
    return val("rrn", detail, how, join_groups([d[:6], d[6:]], how), d)


# -------------------- values2 --------------------
ROM_SUR = "kim lee park choi jung kang cho yoon jang lim han oh seo shin kwon hwang ahn song jeon hong".split()
ROM_GIV = ("minsu jiwoo seoyeon hyunwoo jihoon yuna sujin dongha eunji taeyang haneul jiho soyeon junseo "
           "minji yerin seojun dahye woojin chaewon youngho sungmin hyejin jaewon boram").split()
WORDS = "happy sky blue sunny moon star green farm mom dad jjang dream tree river coffee apple daily".split()
DOMAINS = {
    "portal": ["naver.com", "naver.com", "naver.com", "daum.net", "hanmail.net", "gmail.com", "gmail.com",
               "kakao.com", "nate.com"],
    "corp": ["hanbitfoods.co.kr", "mail.saerom-logis.com", "greenmove.co.kr", "daon-motors.co.kr", "sejin.com",
             "cs.haneul-travel.co.kr", "bomnal-ent.com", "hansol-tax.co.kr", "mail.jinsung-eng.co.kr", "dowoo.kr"],
    "univ": ["snu.ac.kr", "korea.ac.kr", "yonsei.ac.kr", "kaist.ac.kr", "pusan.ac.kr", "knu.ac.kr",
             "cs.hanyang.ac.kr", "jnu.ac.kr", "ewha.ac.kr"],
    "gov": ["korea.kr", "moel.go.kr", "nts.go.kr", "seoul.go.kr", "busan.go.kr", "mafra.go.kr", "gyeonggi.go.kr"],
    "org": ["kfa.or.kr", "redcross.or.kr", "ksoc.or.kr", "kcsf.or.kr", "hope.or.kr", "kawf.or.kr"],
    "country": ["yahoo.co.jp", "web.de", "btinternet.co.uk", "bigpond.com.au", "shaw.ca", "outlook.jp", "orange.fr"],
    "gtld": ["devnote.io", "jiwoo.dev", "farmers.shop", "hanok.studio", "dalgona.app", "mintlab.io", "sojung.shop"],
}
EMAIL_RARE = ["obf_at_paren", "obf_brackets", "obf_golbaeng", "obf_words", "fullwidth_at", "spaced_at"]


def email_local():
    s, g = R.choice(ROM_SUR), R.choice(ROM_GIV)
    pat = R.randint(0, 9)
    if pat == 0:
        return f"{g}.{s}"
    if pat == 1:
        return f"{s}{g}{dg(2)}"
    if pat == 2:
        return f"{g}_{s}"
    if pat == 3:
        return f"{g[0]}{s}{dg(R.choice([2, 4]), '12')}"
    if pat == 4:
        return f"{s}.{g}+{R.choice(['shop', 'news', 'order', 'work', 'club'])}"
    if pat == 5:
        return f"{g.capitalize()}.{s.capitalize()}"
    if pat == 6:
        return f"{R.choice(WORDS)}{R.choice(['', '_', '.'])}{R.choice(WORDS)}{dg(R.choice([1, 2, 3]))}"
    if pat == 7:
        return f"{s}{g[:2]}{dg(4, '12')}"
    if pat == 8:
        return f"{R.choice(WORDS)}.{g}"
    return f"{g}{s}"


def gen_email(common=False, cat=None):
    cat = cat or wpick([("portal", 55), ("corp", 12), ("univ", 8), ("gov", 5), ("org", 6), ("country", 6), ("gtld", 8)])
    loc, dom = email_local(), R.choice(DOMAINS[cat])
    if not common and R.random() < P_RARE:
        how = R.choice(EMAIL_RARE)
    else:
        how = "plain"
    if how == "plain":
        t = f"{loc}@{dom}"
    elif how == "obf_at_paren":
        t = f"{loc} {R.choice(['(at)', '(AT)', '(골뱅이)'])} {dom}"
    elif how == "obf_brackets":
        t = f"{loc}[at]" + "[dot]".join(dom.split("."))
    elif how == "obf_golbaeng":
        t = f"{loc} 골뱅이 {dom}"
    elif how == "obf_words":
        t = f"{loc} at " + " dot ".join(dom.split("."))
    elif how == "fullwidth_at":
        t = f"{loc}＠{dom}"
    else:
        t = f"{loc} @ {dom}"
    return val("email", cat, how, t, f"{loc}@{dom}".lower())


V4_FIRST = [211, 175, 59, 121, 222, 118, 39, 223, 61, 112, 14, 58, 1, 27, 49, 106, 110, 115, 125, 182, 183, 210, 220, 8, 52, 104, 151, 185, 93]
V6_PREFIX = ["2001:e60", "2001:2d8", "2001:4860", "2400:cb00", "2606:4700", "2404:6800", "2a00:1450", "2406:5900",
             "2001:7fa", "2403:6200", "2600:1f18", "2a03:2880"]


def gen_ip(common=False, v=None):
    v = v or (4 if R.random() < 0.72 else 6)
    while True:
        if v == 4:
            canon = ".".join([str(R.choice(V4_FIRST))] + [str(R.randint(0, 255)) for _ in range(2)] + [str(R.randint(1, 254))])
        else:
            parts = R.choice(V6_PREFIX).split(":") + [format(R.randint(0, 0xFFFF), "x") for _ in range(R.choice([2, 3, 6]))]
            canon = ":".join(parts) if len(parts) == 8 else ":".join(parts) + "::" + format(R.randint(1, 0xFFFF), "x")
        if ip_global(canon):
            break
    canon = str(ipaddress.ip_address(canon))
    rare = not common and R.random() < P_RARE
    if v == 4:
        how = R.choice(["fullwidth", "spaced_dots"]) if rare else "dotted"
        t = {"dotted": canon, "fullwidth": fw(canon), "spaced_dots": canon.replace(".", " . ")}[how]
    else:
        how = R.choice(["exploded", "upper"]) if rare else "compressed"
        t = {"compressed": canon, "exploded": ipaddress.ip_address(canon).exploded, "upper": canon.upper()}[how]
    return val("ip", f"v{v}", how, t, canon)


def gen_card(common=False):
    brand = wpick([("visa", 30), ("master", 25), ("amex", 10), ("jcb", 12), ("discover", 5), ("unionpay", 10)])
    pre = {"visa": "4" + dg(3), "master": str(R.randint(51, 55)) + dg(2) if R.random() < 0.7 else str(R.randint(2221, 2720)),
           "amex": R.choice(["34", "37"]) + dg(2), "jcb": str(R.randint(3528, 3589)),
           "discover": R.choice(["6011", "65" + dg(2)]), "unionpay": "62" + dg(2)}[brand]
    n = 15 if brand == "amex" else 16
    d = pre + dg(n - 5)
    d += luhn_digit(d)
    grp = [d[:4], d[4:10], d[10:]] if n == 15 else [d[:4], d[4:8], d[8:12], d[12:]]
    if not common and R.random() < P_RARE:
        how = R.choice(["unbroken", "fullwidth", "mixed", "hangul_dash", "slash", "spaced", "unbroken"])
    else:
        how = wpick([("hyphen", 70), ("space", 30)])
    t = d if how == "unbroken" else join_groups(grp, how)
    return val("card", brand, how + ("_465" if n == 15 and how in ("hyphen", "space") else ""), t, d)


BANKS = {  # key: (full names, short names, [(grouping, first-group prefixes)], weight)
    "kb": (["KB국민은행", "국민은행"], ["국민", "KB", "국민은행"], [((6, 2, 6), None)], 14),
    "shinhan": (["신한은행"], ["신한"], [((3, 3, 6), ["110", "100", "140"])], 12),
    "woori": (["우리은행"], ["우리"], [((4, 3, 6), ["1002"])], 10),
    "hana": (["하나은행", "KEB하나은행"], ["하나"], [((3, 6, 5), None)], 9),
    "nh": (["NH농협은행", "농협은행", "농협"], ["농협", "NH", "농협"], [((3, 4, 4, 2), ["302", "301", "351", "352", "356"]), ((6, 2, 6), None)], 12),
    "ibk": (["IBK기업은행", "기업은행"], ["기업", "IBK"], [((3, 6, 2, 3), None)], 6),
    "kakao": (["카카오뱅크"], ["카뱅", "카카오"], [((4, 2, 7), ["3333", "3355", "3388", "7777", "7979"])], 12),
    "toss": (["토스뱅크"], ["토스"], [((4, 4, 4), ["1000", "1001", "1002"])], 6),
    "mg": (["MG새마을금고", "새마을금고"], ["새마을", "MG"], [((4, 4, 4, 1), ["9002", "9003", "9100"])], 4),
    "post": (["우체국", "우체국예금"], ["우체국"], [((6, 2, 6), None)], 4),
    "suhyup": (["Sh수협은행", "수협은행"], ["수협"], [((3, 2, 6), None), ((4, 4, 4), ["1010", "1020"])], 2),
    "cu": (["신협"], ["신협"], [((3, 3, 6), ["131", "132", "133"])], 2),
    "kbank": (["케이뱅크"], ["케뱅", "K뱅크"], [((3, 3, 6), ["100", "110"])], 3),
    "sc": (["SC제일은행"], ["SC제일", "제일은행"], [((3, 2, 6), None)], 2),
    "busan": (["BNK부산은행", "부산은행"], ["부산은행", "부산"], [((3, 4, 4, 2), ["101", "112", "113"])], 2),
    "dgb": (["iM뱅크", "대구은행"], ["대구은행", "iM뱅크"], [((3, 2, 6, 1), ["508", "504", "505"])], 2),
    "kjb": (["광주은행"], ["광주은행"], [((3, 3, 6), ["107", "110"])], 1),
    "jb": (["전북은행"], ["전북은행"], [((4, 2, 7), ["1013", "1021"])], 1),
    "knb": (["BNK경남은행", "경남은행"], ["경남은행"], [((3, 2, 7), ["207", "521"])], 1),
    "jeju": (["제주은행"], ["제주은행"], [((3, 2, 6), ["700", "710"])], 1),
    "citi": (["한국씨티은행", "씨티은행"], ["씨티"], [((3, 6, 3), None)], 1),
}
BANK_KEYS = list(BANKS)


def gen_account(common=False, bank=None):
    bank = bank or wpick([(k, BANKS[k][3]) for k in BANK_KEYS])
    grouping, pres = R.choice(BANKS[bank][2])
    first = R.choice(pres) if pres else dg(grouping[0], "123456789")
    groups = [first] + [dg(n) for n in grouping[1:]]
    if not common and R.random() < P_RARE:
        how = R.choice(["space", "fullwidth", "hangul_dash", "box_dash", "mixed", "underscore"])
        if how == "mixed" and len(groups) < 3:
            how = "space"
    else:
        how = wpick([("hyphen", 72), ("plain", 28)])
    return val("account", bank, how, join_groups(groups, how), "".join(groups))


def bank_label(bank, full=None):
    fulls, shorts = BANKS[bank][0], BANKS[bank][1]
    return R.choice(fulls if (full if full is not None else R.random() < 0.45) else shorts)


def holder():
    return kname() if R.random() < 0.8 else R.choice(["(주)한빛푸드", "새롬교회", "○○동창회", "해오름농원", "김포FC"])


# -------------------- decoys --------------------
def d_date(arg=""):
    y, m, d = R.randint(1950, 2006) if arg == "birth" else R.randint(2019, 2026), R.randint(1, 12), R.randint(1, 28)
    wd = "월화수목금토일"[R.randint(0, 6)]
    f = R.randint(0, 6)
    return [f"{y}.{m:02d}.{d:02d}", f"{y}-{m:02d}-{d:02d}", f"{y}년 {m}월 {d}일", f"{m}월 {d}일({wd})",
            f"{m}/{d}", f"{y % 100:02d}.{m}.{d}", f"{y}. {m}. {d}."][f]


def d_time(arg=""):
    h, mi = R.randint(0, 23), R.choice([0, 0, 10, 15, 20, 30, 30, 40, 45, 50])
    f = R.randint(0, 3)
    if f == 0:
        return f"{h:02d}:{mi:02d}"
    if f == 1:
        return f"{'오전' if h < 12 else '오후'} {h % 12 or 12}시" + (f" {mi}분" if mi else "")
    if f == 2:
        return f"{h:02d}:{mi:02d}:{R.randint(0, 59):02d}"
    return f"{h % 12 or 12}시" + (" 반" if mi == 30 else "")


def d_price(arg=""):
    if arg == "big":
        n = R.randint(4, 90) * 50
        return R.choice([f"{n:,}만원", f"{n:,}만 원", f"{n * 10000:,}원"])
    f = 5 if arg == "usd" else R.randint(0, 4)
    n = R.choice([5, 10, 12, 15, 20, 25, 30, 35, 45, 50, 80, 120, 150, 250, 320, 1250, 2890]) * 1000
    if f <= 2:
        return f"{n:,}원"
    if f == 3:
        return f"{n // 10000}만 원" if n >= 10000 and n % 10000 == 0 else f"₩{n:,}"
    if f == 4:
        return f"{n // 10000}만원" if n >= 10000 and n % 10000 == 0 else f"{n:,}원"
    return f"${R.randint(5, 300)}.{R.choice(['00', '99', '50'])}"


def d_qty(arg=""):
    unit = arg or R.choice(["개", "박스", "kg", "명", "인", "대", "장", "세트", "km", "평", "톤", "마리", "회"])
    n = R.choice([1, 2, 3, 4, 5, 6, 8, 10, 12, 15, 20, 24, 30, 50, 100, 120])
    return f"{n}{unit}" if R.random() < 0.7 else f"{n} {unit}"


def d_ver(arg=""):
    f = R.randint(0, 4)
    a, b, c = R.randint(0, 18), R.randint(0, 30), R.randint(0, 40)
    return [f"v{a}.{b}.{c}", f"{a}.{b}.{c}", f"{a}.{b}", f"v{a}.{b}", f"{a}.{b}.{c}-rc.{R.randint(1, 4)}"][f]


def d_model(arg=""):
    return R.choice([f"SM-S9{dg(2)}N", f"LG-F{dg(3)}K", f"KMC-{dg(4)}B", f"RTX-{R.choice(['3060', '4070', '4090'])}",
                     f"AB-{dg(4)}", f"HX{dg(3)}-{R.choice('ABC')}", f"WF{dg(2)}T{dg(4)}KW", f"NT{dg(3)}XDA"])


def ean13(prefix):
    body = prefix + dg(12 - len(prefix))
    s = sum(int(c) * (3 if i % 2 else 1) for i, c in enumerate(body))
    return body + str((10 - s % 10) % 10)


def d_ean(arg=""):
    return ean13("880")


def d_isbn(arg=""):
    b = ean13(R.choice(["97911", "97889"]))
    return b if R.random() < 0.4 else f"{b[:3]}-{b[3:5]}-{b[5:9]}-{b[9:12]}-{b[12]}"


def ymd():
    return f"{R.randint(2022, 2026)}{R.randint(1, 12):02d}{R.randint(1, 28):02d}"


SIMPLE = {
    "order": lambda: R.choice([f"{ymd()}-{dg(7)}", f"ORD-{ymd()[:4]}-{dg(6)}", f"{ymd()}{dg(8)}", f"B{dg(10)}"]),
    "invoice": lambda: R.choice([f"INV-{ymd()}-{dg(4)}", f"{ymd()}-{dg(8)}-{dg(8)}", f"TI{dg(9)}"]),
    "track": lambda: R.choice([f"{dg(4, '56')}-{dg(4)}-{dg(4)}", dg(12, "3456"), dg(13, "6"), f"{dg(3, '6')} {dg(4)} {dg(4)}"]),
    "resv": lambda: R.choice([f"HK{ymd()[2:]}{dg(4)}", "".join(R.choice("ABCDEFGHJKLMNPQRSTUVWXYZ23456789") for _ in range(6)), f"R-{ymd()}-{dg(3)}"]),
    "receipt": lambda: R.choice([f"R{ymd()}-{dg(5)}", f"{dg(4)}-{dg(4)}-{dg(4)}-{dg(2)}", f"{ymd()[2:]}{dg(6)}"]),
    "claim": lambda: R.choice([f"CLM-{ymd()[:4]}-{dg(7)}", f"{ymd()[:4]}-{dg(6)}", f"{ymd()[:4]}{dg(9)}"]),
    "policy": lambda: R.choice([f"L{ymd()[:4]}-{dg(7)}", f"{dg(4)}-{dg(4)}-{dg(4)}", f"P{dg(11)}"]),
    "regmail": lambda: R.choice([dg(13, "1"), f"{dg(5, '1')}-{dg(4)}-{dg(4)}"]),
    "case": lambda: f"{R.randint(2019, 2025)}{R.choice(['가단', '가합', '나', '고단', '고합', '구합', '타경', '드단', '머'])}{R.randint(100, 99999)}",
    "sid": lambda: R.choice([f"{R.randint(2015, 2025)}{dg(6)}", f"{R.randint(15, 25)}{dg(6)}", f"{R.randint(2015, 2025)}{dg(4)}"]),
    "eid": lambda: R.choice([f"E-{dg(5)}", f"{R.randint(2008, 2025)}{dg(4)}", f"HR{dg(6)}", f"{dg(2, '12')}-{dg(4)}"]),
    "brn": lambda: f"{dg(3, '123456789')}-{dg(2, '0123456789')}-{dg(5)}",
    "crn": lambda: f"{R.choice(['1101', '1201', '1301', '1345', '1801', '2301', '1611', '1748'])}{R.choice(['11', '71', '12', '81', '31'])}-{dg(7, '0' * 7 + '1234')}",
    "petreg": lambda: "410" + R.choice(["0", "1"]) + dg(11),
    "approval": lambda: dg(8),
    "rep": lambda: f"{R.choice(['1588', '1577', '1544', '1566', '1599', '1600', '1644', '1661', '1670', '1688', '1800', '1833', '1855', '1899'])}-{dg(4)}",
    "free": lambda: R.choice([f"080-{dg(3, '23456789')}-{dg(4)}", f"080-{dg(4, '23456789')}-{dg(4)}", f"080{dg(7, '23456789')}"]),
    "short": lambda: R.choice(["112", "119", "114", "1330", "110", "120", "1345", "182", "1366", "129", "131"]),
    "n0500": lambda: R.choice([f"0500-{dg(4)}-{dg(4)}", f"0501-{dg(4)}-{dg(4)}", f"0501-{dg(3)}-{dg(4)}"]),
    "img": lambda: R.choice(["icon", "banner", "logo_main", "thumb", "btn_close", "bg_hero", "profile"]) + R.choice(["@2x", "@3x", "@1.5x"]) + R.choice([".png", ".webp", ".jpg", ".svg"]),
    "git": lambda: f"git@{R.choice(['github.com', 'gitlab.com', 'bitbucket.org'])}:{R.choice(['hanbit-dev', 'saerom', 'team-dalgona', 'minsu-k'])}/{R.choice(['order-api', 'web-front', 'infra', 'batch-jobs'])}.git",
    "npm": lambda: R.choice(["@nestjs/core", "@types/node", "@tanstack/react-query", "@babel/preset-env", "@prisma/client", "@vitejs/plugin-react", "@hanbit/ui-kit"]),
    "mention": lambda: R.choice(["@" + kname(), "@jiwoo_dev", "@운영자", "@minsu.k", "@관리자님", "@dev_team", "@총무"]),
    "coord": lambda: f"{R.uniform(33.2, 38.5):.4f}, {R.uniform(126.1, 129.5):.4f}" if R.random() < 0.7 else f"N{R.uniform(33, 38):.5f} E{R.uniform(126, 129):.5f}",
    "score": lambda: R.choice([f"{R.randint(0, 9)}:{R.randint(0, 9)}", f"{R.randint(40, 100)}점", f"{R.randint(10, 25)}-{R.randint(10, 25)}", f"{R.choice(['4.5', '4.8', '3.9'])}/5.0"]),
    "issn": lambda: f"{dg(4)}-{dg(3)}{R.choice('0123456789X')}",
    "doi": lambda: f"10.{dg(4, '123456789')}/{R.choice(['j.jkms', 'kjfp', 'jksa', 's12345'])}.{R.randint(2015, 2025)}.{dg(3)}",
    "hash": lambda: "".join(R.choice("0123456789abcdef") for _ in range(R.choice([7, 32, 40, 64]))),
    "serial": lambda: R.choice([f"{dg(1, '23456789')}{R.choice('KXQW')}{dg(2)}-{dg(2)}{R.choice('BCDF')}{dg(1)}-{dg(1)}QWA", f"SN{dg(10)}", f"{R.choice('ABCDEFGH')}{dg(2)}{R.choice('XYZ')}{dg(7)}"]),
    "zip": lambda: dg(5, "0123456"),
    "room": lambda: R.choice([f"{R.randint(1, 20)}{R.randint(1, 12):02d}호", f"{R.choice('ABC')}동 {R.randint(1, 25)}{R.randint(1, 8):02d}호", f"제{R.randint(1, 5)}회의실", f"{R.randint(1, 12)}층"]),
    "seat": lambda: R.choice([f"{R.randint(1, 40)}{R.choice('ABCDEF')}", f"{R.choice('ABCDEFGH')}열 {R.randint(1, 30)}번", f"{R.choice('ABCDEFGH')}-{R.randint(1, 40)}"]),
    "meet": lambda: R.choice([f"{dg(3, '89')} {dg(4)} {dg(4)}", f"{dg(3, '89')} {dg(3)} {dg(4)}", dg(11, "89")]),
    "otp": lambda: dg(6),
    "port": lambda: str(R.choice([80, 443, 3000, 3306, 5432, 6379, 8080, 8443, 9000, 9200, 22, 2222, 27017, 5672, 8888])),
    "badtel": lambda: f"0{R.choice(['34', '35', '36', '37', '38', '39', '45', '46', '47', '48', '56', '57', '58', '65', '66', '67', '68'])}-{dg(3, '23456789')}-{dg(4)}",
    "plate": lambda: R.choice([f"{R.randint(10, 399)}{R.choice('가나다라마거너더러머버서어저고노도로모보소오조구누두루무부수우주허하호')} {dg(4)}", f"{R.choice(['서울', '경기', '부산'])} {R.randint(10, 99)}{R.choice('바사아자')} {dg(4)}"]),
    "vin": lambda: R.choice(["KMH", "KNA", "KNM", "WBA", "KPT"]) + "".join(R.choice("ABCDEFGHJKLMNPRSTUVWXYZ0123456789") for _ in range(8)) + dg(6),
    "num": lambda: str(R.randint(1, 99)) if R.random() < 0.6 else str(R.randint(100, 2400)),
    "status": lambda: R.choice(["500", "502", "503", "504", "404", "401", "403", "429", "E1042", "ERR-301"]),
    "timestamp": lambda: str(R.randint(1_700_000_000, 1_790_000_000)) + ("" if R.random() < 0.5 else dg(3)),
    "uuid": lambda: "-".join("".join(R.choice("0123456789abcdef") for _ in range(n)) for n in (8, 4, 4, 4, 12)),
    "size": lambda: R.choice([f"{R.randint(1, 900)}MB", f"{R.uniform(1, 9):.1f}GB", f"{R.randint(10, 900)}KB"]),
}


# -------------------- decoys2 --------------------
def d_pip(arg=""):
    f = arg or wpick([("private", 40), ("loopback", 8), ("doc", 14), ("cgnat", 8), ("linklocal", 7), ("multicast", 5),
                      ("reserved", 4), ("unspec", 4), ("v6", 10)])
    def o():
        return R.randint(0, 255)

    return {
        "private": R.choice([f"10.{o()}.{o()}.{R.randint(1, 254)}", f"172.{R.randint(16, 31)}.{o()}.{R.randint(1, 254)}",
                             f"192.168.{R.randint(0, 10)}.{R.randint(1, 254)}"]),
        "loopback": R.choice(["127.0.0.1", f"127.0.{R.randint(0, 1)}.{R.randint(1, 9)}"]),
        "doc": R.choice([f"192.0.2.{R.randint(1, 254)}", f"198.51.100.{R.randint(1, 254)}", f"203.0.113.{R.randint(1, 254)}"]),
        "cgnat": f"100.{R.randint(64, 127)}.{o()}.{R.randint(1, 254)}",
        "linklocal": f"169.254.{o()}.{R.randint(1, 254)}",
        "multicast": f"{R.randint(224, 239)}.{o()}.{o()}.{R.randint(1, 254)}",
        "reserved": R.choice([f"{R.randint(240, 254)}.{o()}.{o()}.{R.randint(1, 254)}", "255.255.255.255", f"198.18.{o()}.{R.randint(1, 254)}"]),
        "unspec": R.choice(["0.0.0.0", "::"]),
        "v6": R.choice(["::1", f"fe80::{dg(1, '123456789abcdef')}{dg(3)}:{dg(2)}ff:fe{dg(2)}:{dg(4)}", f"fd{dg(2)}:{dg(4)}:{dg(2)}::{dg(1, '123456789')}",
                        f"2001:db8::{dg(1, '123456789')}{dg(2)}", "ff02::1", f"2001:db8:{dg(2)}::{dg(1, '123456789')}"]),
    }[f]


def d_stat(arg=""):
    if arg == "n":
        return R.choice([f"{R.randint(100, 99999):,}명", f"{R.randint(20, 900)}명", f"{R.randint(3, 400):,}회"])
    return R.choice([f"{R.uniform(0.5, 30):.1f}%", f"{R.randint(2, 40)}%", f"{R.uniform(0.5, 20):.1f}%", f"{R.randint(3, 15)}%"])


def d_gift(arg=""):
    while True:
        d = dg(16, "123456789")
        if not luhn_ok(d):
            break
    return R.choice([d, f"{d[:4]}-{d[4:8]}-{d[8:12]}-{d[12:]}", f"{d[:4]} {d[4:8]} {d[8:12]} {d[12:]}"])


DECOY_FN = {"date": d_date, "time": d_time, "price": d_price, "qty": d_qty, "ver": d_ver, "model": d_model,
            "ean": d_ean, "isbn": d_isbn, "pip": d_pip, "gift": d_gift, "stat": d_stat}
for _k, _f in list(SIMPLE.items()):
    DECOY_FN[_k] = (lambda f: lambda arg="": f())(_f)

DECOY_KIND = {
    "date": "date", "time": "time", "price": "price", "qty": "quantity", "ver": "version", "model": "model_code",
    "ean": "barcode", "isbn": "isbn", "order": "order_no", "invoice": "invoice_no", "track": "tracking_no",
    "resv": "reservation_no", "receipt": "receipt_no", "claim": "claim_no", "policy": "policy_no",
    "regmail": "registered_mail_no", "case": "case_no", "sid": "student_id", "eid": "employee_id",
    "brn": "business_reg_no", "crn": "corporate_reg_no", "rep": "rep_number", "free": "toll_free_080",
    "short": "short_number", "n0500": "number_0500", "pip": "non_global_ip", "img": "image_file",
    "git": "git_remote", "npm": "npm_package", "mention": "mention", "coord": "coordinates", "stat": "statistic",
    "score": "score", "issn": "issn", "doi": "doi", "hash": "hash", "serial": "serial_no", "zip": "postal_code",
    "room": "room_no", "seat": "seat_no", "meet": "meeting_id", "otp": "otp", "port": "port", "gift": "gift_pin",
    "badtel": "invalid_area_phone", "plate": "car_plate", "vin": "vin", "num": "number", "status": "status_code",
    "timestamp": "timestamp", "uuid": "uuid", "size": "file_size", "petreg": "animal_reg_no", "approval": "approval_no",
}
# how PII-like a decoy kind looks (higher = closer to a real value); used to name negative records
PII_LIKE = ["masked_rrn", "corporate_reg_no", "masked_card", "gift_pin", "masked_mobile", "masked_account",
            "invalid_area_phone", "number_0500", "masked_landline", "masked_email", "toll_free_080", "rep_number",
            "non_global_ip", "masked_ip", "git_remote", "business_reg_no", "registered_mail_no", "tracking_no",
            "meeting_id", "barcode", "policy_no", "order_no", "image_file", "npm_package", "mention", "short_number",
            "animal_reg_no", "vin", "approval_no", "reservation_no", "receipt_no", "claim_no", "invoice_no",
            "case_no", "student_id", "employee_id", "car_plate", "isbn", "issn", "doi", "hash", "uuid", "serial_no",
            "otp", "port", "coordinates", "postal_code", "timestamp", "version", "model_code", "room_no", "seat_no",
            "price", "date", "time", "statistic", "score", "quantity", "number", "status_code", "file_size"]


def decoy_ok(text):
    t = text.translate(str.maketrans("０１２３４５６７８９－", "0123456789-"))
    if re.fullmatch(r"[0-9 ()\-./]+", t):
        d = re.sub(r"\D", "", t)
        if rrn_valid(d) or card_like(d) or PHONE_RE.match(d):
            return False
    for m in re.finditer(r"(?<![\d.])\d{1,3}(?:\.\d{1,3}){3}(?![\d.])", t):
        try:
            if ip_global(m.group()):
                return False
        except ValueError:
            pass
    for m in re.finditer(r"[0-9a-fA-F:]*:[0-9a-fA-F:]+", t):
        try:
            if m.group().count(":") >= 2 and ip_global(m.group()):
                return False
        except ValueError:
            pass
    for m in re.finditer(r"\d{13,16}", re.sub(r"(?<=\d)[ \-](?=\d)", "", t)):
        if rrn_valid(m.group()) or card_like(m.group()):
            return False
    return True


def make_decoy(slot, arg=""):
    for _ in range(200):
        t = DECOY_FN[slot](arg)
        if decoy_ok(t):
            return ("D", DECOY_KIND[slot], t)
    raise RuntimeError(slot)


def mask_value(v):
    k, c = v["kind"], v["canon"]
    if k == "rrn":
        t = R.choice([f"{c[:6]}-{c[6]}******", f"{c[:6]}-*******", f"{c[:6]}-{c[6]}xxxxxx", f"{c[:2]}****-{c[6]}******"])
    elif k in ("mobile", "landline"):
        a = 3 if c[:2] != "02" else 2
        a = 4 if c.startswith("050") else a
        p, m, last = c[:a], c[a:-4], c[-4:]
        t = R.choice([f"{p}-{'*' * len(m)}-{last}", f"{p}-{m[:2]}{'*' * (len(m) - 2)}-{last}", f"{p}-{m}-****",
                      f"{p}-{'X' * len(m)}-{last}", f"{p}-{m[:2]}**-**{last[2:]}"])
    elif k == "email":
        loc, dom = c.split("@")
        t = R.choice([f"{loc[:2]}***@{dom}", f"{loc[0]}{'*' * (len(loc) - 1)}@{dom}", f"{loc[:3]}****@{dom}"])
    elif k == "ip":
        if ":" in c:
            t = ":".join(c.split(":")[:2]) + ":****:****::****"
        else:
            q = c.split(".")
            t = R.choice([f"{q[0]}.{q[1]}.*.*", f"{q[0]}.{q[1]}.{q[2]}.***", f"{q[0]}.{q[1]}.xxx.xxx", f"{q[0]}.***.***.{q[3]}"])
    elif k == "card":
        t = R.choice([f"{c[:4]}-****-****-{c[-4:]}", f"{c[:4]}-{c[4:6]}**-****-{c[-4:]}", f"**** **** **** {c[-4:]}", f"{c[:6]}******{c[-4:]}"])
    else:
        parts = re.split(r"\D+", v["text"]) if re.fullmatch(r"[0-9\-]+", v["text"]) else [c]
        if len(parts) >= 3:
            t = "-".join([parts[0]] + ["*" * len(x) for x in parts[1:-1]] + ["*" * (len(parts[-1]) - 2) + parts[-1][-2:]])
        else:
            t = c[:3] + "*" * (len(c) - 6) + c[-3:]
    return ("D", "masked_" + k, t)


def acct_segments(v, masked=False):
    """Account slot: bank name and holder around the number, as people write them."""
    b = bank_label(v["detail"])
    h = holder()
    if masked:
        num = mask_value(v)
        if R.random() < 0.5 and len(h) == 3:
            h = h[0] + "*" + h[2]
    else:
        num = ("V", v)
    pat = wpick([("A", 20), ("B", 14), ("C", 10), ("D", 9), ("E", 8), ("F", 6), ("G", 10), ("H", 6), ("J", 8), ("K", 9)])
    return {
        "A": [b, " ", num, " ", h], "B": [b, " ", num, " (예금주: ", h, ")"], "C": ["[", b, "] ", num],
        "D": [num, " (", b, ")"], "E": [num, " ", b, " ", h], "F": [b, num], "G": [h, " ", b, " ", num],
        "H": [b, " / ", num, " / ", h], "J": [b, " ", num, "(", h, ")"], "K": [b, " ", num],
    }[pat]


# -------------------- render --------------------
GENRES = {}
SLOT_RE = re.compile(r"\{([a-z_0-9]+)(?::([^{}?\n]*))?(?:\?([^{}\n]*))?\}")
P_VAGUE = 0.5  # a decoy slot with "?alt1/alt2" is written as one of the digit-free alternatives this often
VALUE_SLOTS = {"rrn": "rrn", "mobile": "mobile", "landline": "landline", "tel": "tel", "email": "email", "ip": "ip",
               "ip4": "ip", "ip6": "ip", "card": "card", "acct": "account", "acctn": "account"}
MASK_SLOTS = {"m_rrn": "rrn", "m_mobile": "mobile", "m_landline": "landline", "m_email": "email", "m_ip": "ip",
              "m_card": "card", "m_acct": "account", "m_acctn": "account"}
FILLERS = {"name", "pick", "bank"}


def parse(tpl):
    out, pos = [], 0
    for m in SLOT_RE.finditer(tpl):
        name, arg, alts = m.group(1), m.group(2) or "", m.group(3)
        if name not in VALUE_SLOTS and name not in MASK_SLOTS and name not in FILLERS and name not in DECOY_FN:
            raise KeyError(f"unknown slot {name!r} in {tpl[:60]!r}")
        if m.start() > pos:
            out.append(tpl[pos:m.start()])
        out.append((name, arg, alts) if alts else (name, arg))
        pos = m.end()
    if pos < len(tpl):
        out.append(tpl[pos:])
    return out


def value_slots(tokens):
    return [i for i, t in enumerate(tokens) if isinstance(t, tuple) and t[0] in VALUE_SLOTS]


def gen_value(name, arg, kind):
    args = arg.split(",") if arg else []
    common = "c" in args
    if kind == "rrn":
        return gen_rrn(common, True if "foreign" in args else (False if "child" in args else None), "child" in args)
    if kind == "mobile":
        return gen_mobile(common)
    if kind == "landline":
        sub = next((a for a in args if a in ("seoul", "area", "voip070", "relay050x")), None)
        return gen_landline(common, sub)
    if kind == "email":
        cat = next((a for a in args if a in ("portal", "corp", "univ", "gov", "org", "country", "gtld")), None)
        return gen_email(common, cat)
    if kind == "ip":
        v = 4 if name == "ip4" else 6 if name == "ip6" else None
        return gen_ip(common, v)
    if kind == "card":
        return gen_card(common)
    bank = next((a for a in args if a in BANKS), None)
    return gen_account(common, bank)


def render_tokens(tokens, kinds, masked):
    """kinds/masked: dicts token-index -> resolved kind / mask flag for value slots."""
    segs = []
    for i, t in enumerate(tokens):
        if isinstance(t, str):
            segs.append(t)
            continue
        name, arg = t[0], t[1]
        if len(t) == 3 and R.random() < P_VAGUE:
            segs.append(R.choice(t[2].split("/")))
        elif name in VALUE_SLOTS:
            v = gen_value(name, arg, kinds[i])
            if name == "acct":
                segs.extend(acct_segments(v, masked[i]))
            else:
                segs.append(mask_value(v) if masked[i] else ("V", v))
        elif name in MASK_SLOTS:
            kind = MASK_SLOTS[name]
            v = gen_value(name, arg, kind)
            segs.extend(acct_segments(v, True) if name == "m_acct" else [mask_value(v)])
        elif name == "name":
            segs.append(kname())
        elif name == "pick":
            segs.append(R.choice(arg.split("|")))
        elif name == "bank":
            segs.append(bank_label(arg) if arg in BANKS else bank_label(wpick([(k, BANKS[k][3]) for k in BANK_KEYS])))
        else:
            segs.append(make_decoy(name, arg))
    return segs


def assemble(segs):
    text, spans, decoys, forms, vals = "", [], [], [], []
    for s in segs:
        if isinstance(s, str):
            text += s
        elif s[0] == "V":
            v = s[1]
            spans.append({"kind": v["kind"], "start": len(text), "end": len(text) + len(v["text"]), "value": v["text"]})
            forms.append(f"{v['kind']}/{v['detail']}/{v['how']}")
            vals.append(v)
            text += v["text"]
        else:
            decoys.append({"kind": s[1], "start": len(text), "end": len(text) + len(s[2]), "value": s[2]})
            text += s[2]
    return text, spans, decoys, forms, vals


# -------------------- frames_a --------------------
GENRES["wedding"] = [
    "저희 두 사람 결혼합니다.\n{date?이번 주 토요일/다음 주 일요일/이달 마지막 주 금요일/내일/모레} {time?오후/오전 중/저녁}, {pick:더채플앳청담|라온웨딩홀|그랜드힐컨벤션|아모리스 역삼} {room}\n\n마음 전하실 곳\n신랑측 {acct}\n신부측 {acct}",
    "[부고] {name}님의 부친께서 {date} 별세하셨기에 삼가 알려드립니다.\n빈소: {pick:서울대학교병원 장례식장|분당제생병원 장례식장|부산의료원 장례식장} {room}\n발인: {date?이번 주 토요일/다음 주 일요일/이달 마지막 주 금요일/내일/모레} {time?오후/오전 중/저녁}\n상주 {name} {mobile}\n마음 전하실 곳: {acct}",
    "모바일 청첩장이 안 열리시는 분은 {email}로 메일 주시면 PDF로 다시 보내드릴게요 :)",
    "예식장 위치 문의는 웨딩홀 대표번호 {landline}(으)로 해주세요. 주차는 {qty:시간} 무료입니다.",
    "계좌번호 남겨요~ 신랑 {name}: {acct} / 혼주 {name}: {acct}",
    "돌잔치에 초대합니다\n우리 {name}이가 벌써 첫 생일을 맞았어요.\n{date?이번 주 토요일/다음 주 일요일/이달 마지막 주 금요일/내일/모레} {time?오후/오전 중/저녁} {pick:더블유스퀘어 돌잔치홀|한정식 담소|라벨라 돌잔치}\n문의 {tel}",
    "[결혼식 답례] 축하해주신 덕분에 무사히 식을 마쳤습니다. 축의금 영수증이 필요하신 분은 {email} 또는 {mobile} 문자로 연락 주세요.",
    "조문 대신 조의금을 보내실 분은 아래 계좌를 이용해 주십시오.\n{acct}\n※ 화환은 정중히 사양합니다. 장례식장 안내데스크 {landline}",
    "칠순 잔치 안내\n일시: {date?이번 주 토요일/다음 주 일요일/이달 마지막 주 금요일/내일/모레} {time?오후/오전 중/저녁}\n장소: {pick:수원 라마다호텔|대전 유성호텔|창원 풀만호텔} {room}\n연락: 장남 {name} {mobile}, 차남 {name} {mobile}",
    "[웨딩홀 정산서]\n식대 {qty:명} × {price}\n계약금 결제 카드: {card} (일시불)\n잔금 입금 계좌: {acct}\n담당 플래너 {name} {landline:voip070}",
    "부조금 보낼 계좌 물어보는 친구들이 많아서 올려요 ㅎㅎ 카뱅 {acctn:kakao} {name}이에요",
    "[회갑연 안내] 아버지 회갑을 맞아 조촐한 식사 자리를 마련했습니다. {date?이번 주 토요일/다음 주 일요일/이달 마지막 주 금요일/내일/모레} {time?오후/오전 중/저녁}, {pick:본가 근처 한식당|종로 한정식집|해운대 일식집}. 참석 여부는 {email}이나 {tel}로 알려주세요.",
    "신부 측 혼주 연락처 변경 안내: 기존 번호 말고 {mobile}로 연락 부탁드립니다. 축하 화환은 {pick:꽃집 사랑방|플라워앤|소소꽃방}({landline})에 주문하시면 됩니다.",
    "부고 알림 — 고 {name} 님 (향년 {qty:세})\n빈소 {pick:고려대 안암병원|일산백병원|전남대병원} 장례식장 {room}\n상주 연락처 {mobile}\n부의금 계좌 {acct}",
    "스몰웨딩이라 따로 청첩장은 못 드렸어요. 축하 메시지는 {email:portal}, 축의금은 {acct} 로 보내주시면 정말 감사히 받겠습니다!",
    # value-free
    "결혼식 당일 주차권은 {qty:시간}까지 무료이며 하객 식사는 {time?예식 직후}부터 {room}에서 시작됩니다. 축의대는 {room} 앞에 있어요.",
    "모바일 청첩장 배경음악은 저작권 문제로 교체했어요. 사진은 {img} 로 다시 올렸습니다. 참석 여부 투표는 {date}까지 부탁드려요!",
    "부고 문자 사칭 주의! '부고장 확인' 링크는 누르지 마시고, 의심되면 {short}나 {short}에 신고하세요. 저희 쪽에서 링크를 보내는 일은 없습니다.",
    "연락처는 신랑 {m_mobile}, 신부 {m_mobile} (개인정보 보호를 위해 일부 가렸습니다). 축의금 계좌는 {m_acct}입니다.",
    "예식장 계약 전 꼭 확인할 것: 보증인원 {qty:명}, 식대 {price?인당 단가}, 대관료 {price?포함 여부}, 위약금 {stat?비율}. 웨딩 상담센터 {rep}",
    "[답례품 배송 안내] 답례 떡 세트가 {date?오늘/어제} 발송되었습니다. 운송장 번호 {track}, 문의는 고객센터 {rep}로 해주세요.",
]

GENRES["religious"] = [
    "{pick:새소망교회|은혜감리교회|사랑의교회 청년부|한마음장로교회} 주보 ({date})\n주일 대예배 {time} / 오후예배 {time}\n감사헌금 및 선교헌금: {acct}\n교회 사무실 {landline}",
    "성당 교무금 자동이체 신청하실 분은 사무실로 오시거나 {email}으로 신청서를 보내주세요. 교무금 계좌 {acct}",
    "[{pick:길상사|조계사|범어사|해인사 원당암}] 초파일 연등 접수\n연등 {price} / 인등 {price}\n시주 계좌: {acct}\n종무소 {landline} (접수 {time?오전 아홉 시}~{time?오후 다섯 시})",
    "구역 모임 장소 변경: 이번 주는 {name} 집사님 댁 ({room})에서 모입니다. 길 모르시면 {mobile}로 전화 주세요.",
    "해외 선교지 소식: {name} 선교사님께서 {date} 무사히 도착하셨습니다. 기도 제목이나 후원 문의는 선교부 {email}, 후원 계좌 {acct}",
    "청년부 수련회 회비 {price} 입금 부탁드려요! {acct}\n입금자명은 이름+또래로 해주세요. 문의는 회계 {name} {mobile}",
    "새가족 등록카드\n이름: {name}\n생년월일: {date:birth}\n주민등록번호(기부금 영수증 발급용): {rrn}\n연락처: {mobile}\n주소: {pick:서울시 강서구|고양시 일산동구|대구시 수성구} {room}",
    "연말정산용 기부금 영수증 발급 안내: 성명과 주민등록번호를 적어 {email}로 보내주세요. 예) {name} {m_rrn}",
    "성지순례 참가 신청 ({date} ~ {date})\n참가비 {price}, 카드 결제 가능\n신청: 사목회 사무실 {landline} / 담당 {name} 형제 {mobile}",
    "불우이웃 돕기 바자회 수익금 {price}은 전액 {pick:지역아동센터|노인복지관|쪽방촌 상담소}에 전달했습니다. 추가 후원은 {acct}로 해주시면 감사하겠습니다.",
    "성가대 연습 공지 — 이번 주 연습은 {time} {room}. 악보는 {name} 지휘자님 메일 {email}로 요청하세요.",
    "교회 홈페이지 관리자입니다. 최근 {ip} 에서 관리자 계정 로그인 시도가 반복돼 차단했습니다. 교역자분들은 비밀번호를 모두 바꿔 주세요.",
    "템플스테이 예약 확인: {date} 입재, {qty:박}, 인원 {qty:명}. 참가비 입금 계좌 {acct}, 문의 {tel}",
    "주보 광고) 교우 {name} 형제의 '{pick:행복한 세탁소|은총 인테리어|믿음 자동차 정비}'가 개업했습니다. 가게 번호 {landline}, 많은 관심 부탁드립니다.",
    "주일학교 교사 모집합니다. 지원서는 교육부서 {email:org} 로 보내시고, 궁금한 점은 {name} 전도사 {mobile}에게 물어보세요.",
    "헌금 카드 결제 단말기 오류로 이중 승인된 분들께 안내드립니다. 승인 취소 대상 카드 {card} 외 {qty:건}, 환불은 {date}까지 처리됩니다.",
    # value-free
    "이번 주 봉헌 안내: 십일조 {qty:건}, 감사헌금 {qty:건}, 합계 {price}. 온라인 헌금은 교회 앱에서만 받습니다.",
    "주일 예배 온라인 중계는 유튜브 채널에서 {time}부터 시작합니다. 화면이 끊기면 앱을 {ver} 버전 이상으로 업데이트해 주세요.",
    "성경 통독표: {date?이번 달 말}까지 창세기 {num}장, 출애굽기 {num}장. 교재 ISBN {isbn}, 교회 서점에서 구입할 수 있습니다.",
    "헌금 계좌 사칭 문자가 돌고 있습니다. 저희 교회 계좌는 {m_acct} 외에는 없으니 의심되면 대표번호 {rep}로 확인하세요.",
    "사찰 주차장 공사로 {date}부터 {date}까지 아래쪽 임시 주차장을 이용해 주세요. 좌표: {coord}",
    "부활절 달걀 나눔 행사 참석 인원 {stat:n}, 후원 물품 {qty:상자}. 수고하신 봉사자분들께 감사드립니다. 사진은 {img} 파일로 게시판에 올렸습니다.",
]


# -------------------- frames_b --------------------
GENRES["used_car"] = [
    "[판매] {pick:그랜저 IG|쏘렌토 MQ4|아반떼 CN7|K5 DL3} {date?작년} 최초등록, 주행 {qty:km?짧음}\n차량번호 {plate} / 가격 {price:big}\n직거래만 합니다. {mobile} 문자 주세요",
    "탁송 기사님 배정 안내\n출발지: {pick:경기 화성시|인천 서구|대전 유성구} / 도착지: {pick:부산 해운대구|광주 북구|강릉시}\n기사 {name} {mobile}\n탁송료 {price}는 도착 후 {acct}로 입금해 주세요.",
    "명의이전 서류 준비물: 매도인 인감증명서, 자동차등록증. 매수인 {name}, 주민등록번호 {rrn}, 주소 {pick:경기 평택시|충남 천안시|서울 노원구}. 대행 수수료 {price}.",
    "[{pick:오토딜러스|다온모터스|한빛중고차}] 상사 전화 {landline}, 담당 딜러 {name} 실장 {mobile}. 차대번호 {vin} 조회하시면 사고 이력 확인 가능합니다.",
    "계약금 {price} 받았습니다. 잔금은 출고일({date})에 {acct}로 보내주시면 됩니다.",
    "성능점검기록부 원본 필요하신 분은 메일 주세요 {email}. 점검번호 {serial}, 점검일 {date}.",
    "할부 승인 완료: 결제 카드 {card}, 할부 {qty:개월}. 영수증 번호 {receipt}.",
    "수출용 중고차 매입합니다. 연식 무관, 폐차 직전 차량도 OK. 대표 {landline:voip070} / 카톡 문의 가능 {mobile}",
    "차량 사진은 {img} 참고하시고 추가 사진은 {email:portal} 로 요청 주세요. 직거래 장소는 {pick:수원 중고차 매매단지|장안평|부산 감만동} 근처 가능합니다.",
    "사고 이력 숨기고 판매한 딜러 공유합니다. 딜러 명함 번호 {mobile}, 상사 번호 {landline}. 차량번호 {plate}",
    "탁송 완료 보고: {date?어제/지난 주말/그저께/지난주 금요일} {time?오후/새벽/저녁} 도착, 주행거리 {qty:km} 증가. 기사님 계좌 {acct}로 탁송료 {price} 입금 부탁드립니다.",
    "해외 바이어 연락처 정리: Mr. Tran {email:country}, 국내 에이전트 {name} {mobile}. 선적 예정일 {date}.",
    "법인 차량 매각 공고: 대상 {qty:대}, 매각 법인 {pick:(주)새롬물류|(주)진성엔지니어링}, 법인등록번호 {crn}, 사업자등록번호 {brn}. 입찰 문의 총무팀 {landline} / {email:corp}",
    "엔카 보고 연락드렸는데 답이 없으시네요. 차 아직 있으면 {tel}로 연락 주세요. 현금 {price:big} 바로 가능합니다.",
    "중고차 구매대행 견적서\n차량: {pick:카니발 KA4|팰리세이드|G80} ({date} 등록)\n차량가 {price:big} + 이전비 {price}\n결제: 카드 {card} 일시불\n담당 {name} / {landline}",
    # value-free
    "{pick:그랜저|싼타페|카니발} 시세 문의: {date?이번 달} 기준 평균 {price:big}, 전월 대비 {stat} 하락. 허위매물 신고는 {rep}.",
    "허위 딜러 번호라고 도는 {m_mobile} 는 이미 정지됐다고 합니다. 진짜 상사 대표번호는 {rep} 하나뿐이에요.",
    "탁송 요금표: 서울→부산 {price}, 서울→광주 {price}, 수도권 내 {price?별도 문의}. 야간은 할증 있습니다.",
    "차량번호 {plate}, 차대번호 {vin}, 최초등록 {date}, 정비 이력은 {qty:건?꼼꼼하게 다 있}습니다.",
    "자동차 리콜 대상 확인: 모델 {model}, 부품 일련번호 {serial}. 무상수리 콜센터 {free}",
    "경매 결과 공유: {case} 사건 차량, 최저가 {price:big}. 매각기일 {date?이번 주 토요일/다음 주 일요일/이달 마지막 주 금요일/내일/모레} {time?오후/오전 중/저녁}.",
]

GENRES["pets"] = [
    "[실종] {date?어제/지난 주말/그저께/지난주 금요일} {time?오후/새벽/저녁}쯤 {pick:일산 호수공원|대구 수성못|광안리 해변} 근처에서 {pick:말티즈|푸들|시바견|코숏 고양이} {pick:콩이|보리|두부|초코|망고}를 잃어버렸습니다. 찾아주시면 사례금 {price} 드립니다. 연락 {mobile}",
    "가정분양합니다. {pick:포메라니안|비숑|웰시코기|러시안블루} {qty:마리}, 생후 {qty:개월}, 기초 접종 완료. 책임비 {price}는 {acct}로 받고, 문의는 {tel}",
    "동물보호센터 입양 안내: 공고번호 {serial}, 입양 상담 {landline} / 담당 {name} 주무관 {email:gov}",
    "유기견 임시보호 후원 계좌 {acct} 입니다. 사료·병원비 내역은 매달 카페에 올립니다. 문의 {email}",
    "고양이 찾았습니다!! 목걸이에 적힌 번호 {mobile} 로 전화드렸는데 안 받으셔서 글 남깁니다. 동물등록번호 {petreg}",
    "반려견 유치원 상담 예약 {date?이번 주 토요일/다음 주 일요일/이달 마지막 주 금요일/내일/모레} {time?오후/오전 중/저녁}. 원장 {name} {mobile}, 유치원 {landline:voip070}",
    "분양 계약서\n분양자: {name} (연락처 {mobile})\n입양자: {name} (연락처 {mobile})\n분양비 {price} 입금 계좌 {acct}\n동물등록번호 {petreg}",
    "강아지 사료 공동구매 입금 안내: {pick:로얄캐닌|오리젠|나우} {qty:kg} {qty:포} {price}, {acct}. 입금 후 {email}로 주소 남겨주세요.",
    "동물병원 진료비 결제 문의드립니다. {date} 결제한 카드 {card} 로 {price}가 두 번 결제됐어요. 병원 전화 {landline}은 계속 통화중이네요.",
    "실종 고양이 전단 — 이름 {pick:나비|치즈|까망이}, 중성화 수컷, {pick:회색 줄무늬|삼색|턱시도}. 보신 분은 {tel} 또는 {email}. 사례 {price}",
    "입양 후기 공유해요~ 입양 보내주신 {name}님 연락처가 {mobile} 맞나요? 사진 보내드리려구요 ㅎㅎ",
    "펫시터 구합니다. {date}부터 {qty:박}, 하루 {price}. 경력 있으신 분 {email:portal}로 자기소개 부탁드려요.",
    "[{pick:행복한 펫호텔|멍멍스테이|고양이 다락방}] 호텔링 예약 확정 안내\n예약번호 {resv}\n입실 {date?이번 주 토요일/다음 주 일요일/이달 마지막 주 금요일/내일/모레} {time?오후/오전 중/저녁}\n보호자 {name} 님 {mobile}\n호텔 {landline}",
    "해외입양 이동봉사자 모집: 출국 항공편 {date}, 도착 공항 {pick:LA|시애틀|토론토}. 문의 {email:org} / 후원 {acct}",
    "반려동물 장례식장 안내: {pick:하늘정원|무지개다리 추모공원}, 픽업 서비스 {landline}, 상담 실장 {mobile}. 장례비 {price}부터.",
    # value-free
    "동물등록번호 {petreg} 조회해보니 등록 정보가 없다고 나오네요. 칩 번호가 다른가요? 보호소 대표번호 {rep}",
    "반려견 예방접종 일정: {date} 종합백신, {date?다음 달} 광견병. 진료비 {price?현장 결제}.",
    "실종 전단에는 연락처를 {m_mobile} 처럼 가리지 마세요… 전화를 못 받아요. 그리고 {n0500} 같은 임시 번호는 금방 끊깁니다.",
    "고양이 사료 성분표: 조단백 {stat}, 조지방 {stat}, 급여량은 체중에 맞게. 바코드 {ean}",
    "유기견 보호소 봉사 후기: {date?지난 주말} {qty:명?여러 명} 참석, 산책이랑 목욕까지 했어요. 다음 봉사는 {date?이번 주 토요일/다음 주 일요일/이달 마지막 주 금요일/내일/모레} {time?오후/오전 중/저녁}입니다.",
    "강아지 분양 사기 주의. 책임비를 {m_acct}로 받고 연락 끊은 사람입니다. 피해 신고는 {short}.",
]


# -------------------- frames_c --------------------
GENRES["travel"] = [
    "[{pick:하나투어|모두투어|노랑풍선|한빛여행사}] 예약 확인서\n예약번호: {resv}\n상품: {pick:다낭 호이안|오사카 교토|괌 자유여행} {qty:박} {qty:일}\n대표 예약자: {name} / {mobile}\n이메일: {email}",
    "여행자 명단 (여권 영문명 기준)\n{name} / 생년월일 {date:birth} / 연락처 {mobile}\n{name} / 생년월일 {date:birth} / 연락처 {mobile}\n인솔자 {name} {landline:voip070}",
    "잔금 {price}은 출발 {qty:일} 전까지 {acct}로 입금해 주시기 바랍니다. 입금자명은 예약자명과 같아야 합니다.",
    "결제 내역: 카드 {card}, 승인번호 {approval}, 금액 {price} ({date?오늘}). 취소 시 수수료 부과.",
    "여행자보험 가입을 위해 주민등록번호가 필요합니다. {name} 님 {rrn}, 동반 자녀 {name} {rrn:child} 맞으신지 확인 부탁드립니다.",
    "현지 비상연락처: 가이드 {name} {mobile}, 현지 사무소는 카톡으로, 서울 본사 {landline}",
    "항공권 E-티켓은 {email}로 발송되었습니다. 편명 {pick:KE|OZ|TW|LJ}{num}, 좌석 {seat}, 출발 {date?이번 주 토요일/다음 주 일요일/이달 마지막 주 금요일/내일/모레} {time?오후/오전 중/저녁}.",
    "예약 변경 요청하신 건 확인했습니다. 담당자 {name} 대리 직통 {landline}, 메일 {email:corp}. 근무시간 {time}~{time}",
    "[여행 취소 환불 안내] 환불 금액 {price}은 결제하신 카드 {m_card} 로 승인 취소되며, 현금 결제분은 {acct}로 환불됩니다. 문의 {tel}",
    "호텔 바우처: {pick:그랜드 하얏트|힐튼 가든인|노보텔 앰배서더} / 체크인 {date} / 객실 {room} / 투숙객 {name} / 연락처 {tel}",
    "단체 연수 여행 참가자 연락처\n팀장 {name} {mobile}\n총무 {name} {mobile}\n여행사 담당 {email:corp}",
    "온라인 예약 시스템 점검 결과 해외 IP {ip} 에서 비정상 예약 시도가 감지되어 해당 예약({resv})은 자동 취소되었습니다.",
    "비자 대행 서류 접수 확인: 신청인 {name}, 주민번호 {rrn}, 여권 만료일 {date}, 연락처 {mobile}. 수수료 {price}.",
    "패키지 추가 옵션 결제 링크가 오지 않으면 {email}로 회신 주시거나 카카오톡 채널에서 예약번호 {resv}를 입력해 주세요.",
    "[{pick:제주|울릉도|통영}] 단체 버스 투어 확정\n출발 {date?이번 주 토요일/다음 주 일요일/이달 마지막 주 금요일/내일/모레} {time?오후/오전 중/저녁}, {pick:잠실역|양재역|부산역} 집결\n기사님 {name} {mobile}\n여행사 {landline} / 팩스 {landline}",
    # value-free
    "출발 {qty:시간} 전까지 {pick:인천공항 T1|인천공항 T2|김해공항 국제선} {pick:A|B|H}카운터 앞 미팅입니다. 수하물 {qty:kg} 초과 시 추가 요금 {price}.",
    "예약번호 {resv} 편명 변경 안내: 출발 {date?이번 주 토요일/다음 주 일요일/이달 마지막 주 금요일/내일/모레} {time?오후/오전 중/저녁} → {time?오후}. 좌석 {seat}.",
    "환율 적용 기준: {date} 매매기준율, 유류할증료 {price}. 취소 수수료는 출발 {qty:일?직전} 기준 {stat}.",
    "여권 사본 제출 시 주민번호 뒷자리는 가려주세요 (예: {m_rrn}). 카드번호도 {m_card} 처럼 가려서 보내주세요.",
    "[여행 후기] {qty:박} 일정 내내 맑았고 평균 기온 {qty:도}. 숙소 평점 {score}, 가이드 만족도도 높았어요.",
    "항공 마일리지 적립 누락 문의는 항공사 고객센터 {rep}, 광고 수신거부는 {free}.",
]

GENRES["moving"] = [
    "[{pick:한빛익스프레스|새롬이사|오케이 이사센터}] 포장이사 견적서\n이사일: {date?이번 주 토요일/다음 주 일요일/이달 마지막 주 금요일/내일/모레} {time?오후/오전 중/저녁}\n출발: {pick:서울 마포구|성남 분당구|수원 영통구} {room} → 도착: {pick:용인 수지구|서울 송파구|인천 연수구}\n견적 금액 {price} (부가세 별도)\n담당 팀장 {name} {mobile}",
    "계약금 {price} 입금 확인했습니다. 잔금은 작업 완료 후 {acct} 로 부탁드립니다.",
    "입주청소 예약 확인 문자\n{date?이번 주 토요일/다음 주 일요일/이달 마지막 주 금요일/내일/모레} {time?오후/오전 중/저녁} 작업, {qty:평}, 인원 {qty:명?두 분}\n문의: {landline} / {mobile}",
    "인테리어 견적 받은 업체 정리해요\n{pick:공간디자인 봄|아이엠홈|우리집인테리어} {landline} 견적 {price:big}\n{pick:모던하우스|라움|하우스텔러} {mobile} 견적 {price:big}",
    "도배·장판 시공 확인서\n시공일 {date}\n고객 {name} 님 ({tel})\n시공업체 {pick:진성도배|한결지물포} 사업자등록번호 {brn}\n결제 {price} 카드 {card}",
    "이사 당일 사다리차 기사님 연락처 {mobile} 입니다. {qty:층} 이상은 추가 {price}. 엘리베이터 사용은 관리실에 따로 예약하세요.",
    "이사 후 분실물 문의는 {email}로 사진과 함께 보내주세요. 접수번호 {claim} 로 처리 상황 알려드립니다.",
    "견적 요청드립니다. {date} 이사, {qty:톤} 정도 예상, 연락은 {tel}로 주세요. 이메일 견적도 괜찮아요 {email:portal}",
    "줄눈 시공 잔금 입금 계좌 알려드립니다 → {acct}\n현금영수증은 휴대폰 번호 {mobile}로 발행해 드릴게요.",
    "에어컨 이전 설치 기사 배정: {name} 기사 {mobile}, 본사 {landline:voip070}. 배관 추가 {qty:m}당 {price}.",
    "[청소 업체 정산] {pick:깔끔이 홈케어|반짝반짝 청소}\n작업 {qty:건} 합계 {price}\n팀장님 급여 지급 계좌 {acct}\n세금계산서 발행 메일 {email:corp}",
    "이삿짐 보관 계약: 보관 기간 {qty:개월}, 보관료 월 {price}, 보관 창고 {pick:이천|광주 오포|김포} 물류센터 {landline}. 계약자 {name} 연락처 {mobile}",
    "해외 이사 견적 요청 (서울 → {pick:시드니|밴쿠버|뮌헨}): 짐 {qty:박스}, 연락 {email:country} / 한국 번호 {mobile}",
    "입주 청소 업체랑 분쟁 중입니다. 사장님 번호 {mobile} 는 저를 차단하셨고, 업체 대표번호 {landline} 도 안 받아요. 계약서 날짜 {date}.",
    "부분 리모델링 계약 내용 확인드립니다. 공사 기간 {date}~{date}, 총액 {price:big}, 계약금은 {acct}로 받았습니다. 현장소장 {name} {tel}",
    # value-free
    "이사 비용 평균 (원룸 기준): 용달 {price}, 반포장 {price}, 포장이사 {price?견적에 따라}. 손없는날은 더 비쌉니다.",
    "이사 견적 비교 앱에서 받은 견적 {qty:건} 중 최저가 {price}, 최고가 {price}였어요.",
    "입주청소 체크리스트: 욕실 실리콘, 창틀, 베란다 배수구. 평당 {price}, 새집증후군 시공 {price} 추가.",
    "인테리어 업체 {m_landline}, 사장님 {m_mobile} — 계약 후 잠적한 업체입니다. 피해자분들 {short}에 같이 신고해요.",
    "이사업체 허가번호 {serial}, 적재물 배상보험 증권번호 {policy}. 대표번호 {rep}.",
    "도배 면적 {qty:평}, 벽지 모델 {model}. 시공 예정일 {date?다음 주}.",
]


# -------------------- frames_d --------------------
GENRES["alumni"] = [
    "{pick:한빛고|새봄중|동명초} {pick:제|}{num}회 동창회 명부 (가나다순)\n{name} {mobile} {pick:서울|부산|대전}\n{name} {mobile} {pick:수원|광주|창원}\n{name} {mobile} {pick:인천|울산|제주}",
    "올해 동창회 연회비는 {price}입니다. 회비 계좌: {acct}. 총무 {name} ({mobile})",
    "{pick:고흥|남원|안동|영월} 향우회 정기총회 안내\n일시 {date?이번 주 토요일/다음 주 일요일/이달 마지막 주 금요일/내일/모레} {time?오후/오전 중/저녁}\n장소 {pick:서울 종로 한정식집|강남 뷔페 웨딩홀} {room}\n회비 {price}\n연락 사무국 {landline}",
    "동문 주소록 업데이트: 연락처 바뀐 분은 {email}로 '이름/졸업회차/휴대폰' 보내주세요. 예) {name}/{num}회/{m_mobile}",
    "재경 {pick:해남|거창|영덕} 향우회 장학금 후원 계좌 {acct} / 기부금 영수증 발급에 필요한 정보는 사무국 메일 {email:org}로만 받습니다.",
    "[부고] 동문 {name}({num}회) 모친상. 빈소 {pick:삼성서울병원|부산대병원|충남대병원} 장례식장 {room}, 발인 {date}. 상주 연락처 {mobile}, 조의금 {acct}",
    "동창회 홈페이지 이전 안내: 기존 서버({ip4}) 운영을 종료하니 새 주소로 접속해 주세요. 문의 웹마스터 {email}",
    "회비 납부 현황\n{name} {price} 완납\n{name} {price} 미납\n{name} {price} 완납\n미납자는 {acct}로 입금 바랍니다.",
    "{pick:경영학과|기계공학과|국문과} {num}학번 모임 연락처\n회장 {name} {mobile} / {email:univ}\n총무 {name} {mobile}",
    "동문 사업체 소개: {name} 선배님의 '{pick:해오름 한의원|바른 세무회계|진성 철물}' 전화 {landline}, 동문 할인 {stat}.",
    "송년회 참가비 카드결제 오류 건: {name} 동문 카드 {card} 로 {price} 중복 승인. 사무국에서 {date}에 취소 처리하겠습니다.",
    "명부 정리 중인데 {name} 동문 연락처가 두 개예요. {mobile} 이랑 {mobile} 중 어느 게 맞나요?",
    "해외 동문회 소식: {pick:LA|뉴욕|시드니} 지회장 {name} 동문 {email:country}, 한국 방문 시 연락처 {mobile}",
    "향우회 사무실 이전: 새 주소 {pick:서울 영등포구 국회대로|서울 동대문구 왕산로}, 전화 {landline}, 팩스 {landline}. 우편번호 {zip}",
    "동창회 밴드 가입 승인 대기 명단: {name}({email}), {name}({email}). 본인 확인 후 승인하겠습니다.",
    # value-free
    "동창회 회칙 개정안: 회비 {price}→{price}, 임원 임기 {qty:년?연장}. 찬성 {stat}로 가결되었습니다.",
    "체육대회 결과: 동문 축구 {score}, 족구 {score}. 참석 {qty:명}, 사진은 {img} 참고하세요.",
    "명부 공개본입니다 (개인정보 일부 마스킹): {name} {m_mobile} / {name} {m_mobile} / {name} {m_email}",
    "향우회 장학생 선발 결과: {qty:명}, 장학금 총 {price?미정}. 수여식 {date?이번 주 토요일/다음 주 일요일/이달 마지막 주 금요일/내일/모레} {time?오후/오전 중/저녁}, {room}.",
    "동문회 단톡방 공지는 {mention}님이 올립니다. 사칭 계정 주의하시고, 회비는 사무국 공식 안내(대표 {rep}) 외에는 입금하지 마세요.",
    "졸업 {qty:주년} 기념 행사 예산: 대관료 {price}, 기념품과 인쇄비 {price?별도}.",
]

GENRES["contract"] = [
    "근 로 계 약 서\n사업주: {pick:(주)한빛푸드|해오름농원|바른세무회계} (사업자등록번호 {brn})\n근로자: {name} (주민등록번호 {rrn})\n연락처: {mobile}\n계약기간: {date} ~ {date}\n임금: 월 {price}, 매월 말일 지급 — 지급 계좌 {acct}",
    "용역계약서 (요약)\n발주처: {pick:(주)진성엔지니어링|새롬물류(주)} 담당 {name} {email:corp}\n수급인: {name} {mobile}\n용역대금: {price:big} (계약금 {stat}, 잔금 {stat})\n대금 지급 계좌: {acct}",
    "차 용 증\n채권자 {name} (주민번호 {rrn})\n채무자 {name} (주민번호 {rrn})\n차용금액 금 {price}\n변제기일 {date}\n이자 연 {stat}\n변제는 채권자 명의 {acct}로 한다.",
    "제{num}조(통지) 계약 당사자는 다음 연락처로 통지한다. 갑: {landline}, {email}. 을: {mobile}, {email}.",
    "프리랜서 디자인 용역 대금 정산을 위해 주민등록번호 {rrn}와 입금 받으실 계좌 {acct}를 회신 부탁드립니다.",
    "서버 유지보수 용역 계약 부속서\n대상 서버: {ip4}, {ip4}\n관리자 계정 메일: {email:corp}\n장애 연락: {mobile} ({time}~{time})",
    "아르바이트 근로계약서 사본 보내드립니다. 사장님 연락처 {mobile}, 매장 {landline}. 시급 {price}, 근무 {time}~{time}.",
    "차용증 썼으니까 확인해줘. 빌린 돈 {price}은 {date}까지 네 계좌 {acct}로 나눠서 보낼게.",
    "용역 대금 청구서\n청구 금액 {price} (VAT 포함)\n입금 계좌 {acct}\n청구인 {name} / {tel} / {email}",
    "계약 해지 통보서: 귀사와 {date} 체결한 용역계약을 해지합니다. 회신은 {email} 또는 {landline}로 부탁드립니다.",
    "보증금 반환 약정서: 반환 금액 {price:big}, 반환일 {date}, 반환 계좌 {acct}, 임차인 {name} {mobile}",
    "근로계약서 전자서명 요청이 {email}로 발송되었습니다. 서명 기한 {date}, 인증번호 {otp}.",
    "하도급 계약 당사자 정보\n원도급: {pick:(주)다온건설|한결종합건설(주)} 법인등록번호 {crn} / 대표번호 {rep}\n하도급: {name} 대표 {mobile} / 사무실 {landline}",
    "외국인 근로자 표준근로계약서\n성명: {pick:NGUYEN VAN AN|SITI RAHMA|BATBAYAR GANBOLD|TRAN THI MAI}\n외국인등록번호: {rrn:foreign}\n휴대전화: {mobile}\n임금 계좌: {acct}",
    "업무 위탁 계약 체결 후 결제 수단 등록: 법인카드 {card}, 담당 {name} {landline}. 월 정산일은 말일입니다.",
    # value-free
    "제{num}조(계약기간) 본 계약의 기간은 {date}부터 {date}까지로 한다. 수습기간 중에는 임금의 {stat}를 지급한다.",
    "차용증 양식 파일 ({size}, {ver} 버전) 올립니다. 인감 날인 후 사본 {qty:부} 보관하세요.",
    "계약서 검토 결과 위약금 조항({stat})이 과도합니다. 비슷한 분쟁 판결 사건번호는 {case} 참고하세요.",
    "근로계약서 예시: 근로자 {name}, 주민등록번호 {m_rrn}, 연락처 {m_mobile}, 계좌 {m_acct} (실제 정보는 가렸습니다)",
    "용역 대금 지급 일정: 착수금 {price} ({date?계약 시}), 중도금 {price?협의} ({date?중간 보고 후}), 잔금 {price} ({date}).",
    "인지세 {price} 납부, 공증 수수료 {price}. 공증 사무소 대표번호 {rep}.",
]


# -------------------- frames_e --------------------
GENRES["press_release"] = [
    "[보도자료] {pick:한빛푸드|새롬물류|다온모터스}, 신제품 {pick:저당 그래놀라|콜드체인 서비스|전기 화물차} 출시\n배포일시: {date?이번 주 토요일/다음 주 일요일/이달 마지막 주 금요일/내일/모레} {time?오후/오전 중/저녁}\n문의: 홍보팀 {name} 과장 {landline} / {mobile} / {email:corp}",
    "보도자료 - {pick:경기도|부산시|전라남도}, {pick:청년 일자리 지원사업|농산물 유통 개선안} 발표\n담당부서: {pick:일자리정책과|농식품유통과}\n담당자: 주무관 {name} ({landline}, {email:gov})",
    "[보도 참고자료] 엠바고: {date?이번 주 토요일/다음 주 일요일/이달 마지막 주 금요일/내일/모레} {time?오후/오전 중/저녁} 이후 보도 바랍니다.\n문의처: {pick:한국환경연구원|국립생태원|한국소비자원} 대외협력실 {landline}, {email:org}",
    "{pick:서울대|KAIST|부산대} 연구팀, 배터리 수명 {stat} 늘리는 기술 개발 — 논문 DOI {doi}. 연구 문의: {name} 교수 {email:univ} / 연구실 {landline}",
    "[사이버 침해 사고 관련 보도자료] 공격은 해외 IP {ip}, {ip} 등에서 시작된 것으로 확인됐다. 피해 신고는 {short}, 기술 문의는 {email:corp}.",
    "보도자료 배포 명단 변경 요청: {pick:한빛일보|새봄경제|다온뉴스} 산업부 {name} 기자 메일 {email}, 휴대폰 {mobile}",
    "행사 취재 신청: {date?이번 주 토요일/다음 주 일요일/이달 마지막 주 금요일/내일/모레} {time?오후/오전 중/저녁} {pick:코엑스|벡스코|킨텍스} {room}. 취재 등록은 {email}로, 현장 문의 {mobile}",
    "정정 보도자료: 앞서 배포된 자료의 담당자 연락처가 잘못 기재되었습니다. 올바른 번호는 {landline}입니다. 혼선을 드려 죄송합니다.",
    "[해명자료] {date}자 보도 관련 해명드립니다. 문의: 대변인실 {landline}, 담당 {name} 사무관 {mobile}",
    "{pick:스타트업 미리내랩|핀테크 다온페이}, 시리즈A {price:big} 투자 유치. 미디어 문의는 PR 대행사 {pick:보도의숲|미디어온} {name} 대리 {mobile}, {email:gtld}",
    "사회공헌 보도자료: 임직원 성금 {price:big}을 {pick:푸른나눔재단|희망의집}에 전달했다. 후원 참여 계좌 {acct}, 문의 {landline}",
    "보도자료 수신을 원치 않으시면 {email}로 회신 주십시오. 문의 {landline:voip070}",
    "[인사] {pick:한빛식품|새롬건설} 신임 대표에 {name} 부사장 선임 ({date}자). 홍보 문의 {tel} / {email:corp}",
    "{pick:한국소비자원|공정거래위원회} 보도자료: 리콜 대상 모델 {model} {qty:대}. 소비자 문의 {free}, 담당자 {name} {landline}",
    "[보도자료] 지역축제 방문객 {stat} 증가\n사진 자료: {img}\n취재 문의: 축제추진위원회 {landline} / 실무 {name} 팀장 {mobile} / {email:portal}",
    # value-free
    "[보도자료] {date} 배포 / 엠바고 {date?이번 주 토요일/다음 주 일요일/이달 마지막 주 금요일/내일/모레} {time?오후/오전 중/저녁}. 사진 파일 {img} 첨부.",
    "{pick:통계청|한국은행} 발표: 소비자물가 전년 동월 대비 {stat} 상승, 실업률 {stat}. 자세한 내용은 홈페이지를 참조하십시오.",
    "보도자료 문의는 대표번호 {rep} 또는 고객센터 {rep}. 개별 기자 연락처는 {m_email} 형식으로만 공개합니다.",
    "연구 성과: 논문 {doi}, 학술지 ISSN {issn}, 피인용 {stat:n}. 연구비 {price:big}.",
    "기자간담회 일정 변경: {date?이번 주 토요일/다음 주 일요일/이달 마지막 주 금요일/내일/모레} {time?오후/오전 중/저녁} → {date?이번 주 토요일/다음 주 일요일/이달 마지막 주 금요일/내일/모레} {time?오후/오전 중/저녁}, 장소 {room}. 화상 참석 회의 ID {meet}.",
    "사이버 공격 분석: 공격 서버는 {pip:private}, {pip:private} 등 내부망 주소로 위장했다. 악성파일 해시값 {hash}. 신고 {short}.",
]

GENRES["farm_direct"] = [
    "[산지직송] {pick:제주 한라봉|성주 참외|청송 사과|영광 굴비} 판매합니다\n{qty:kg} {price} / {qty:kg} {price} (택배비 포함)\n입금: {acct}\n주문 문자: {mobile} (이름/주소/수량)",
    "올해 첫 수확한 {pick:햇감자|고구마|옥수수}입니다. 주문은 {tel}로 전화 주시고, 입금은 {acct} 로 부탁드려요. 발송은 {date}부터.",
    "농장 직거래 안내: {pick:해오름농원|산들농장|푸른들 과수원} 사무실 {landline}, 농장주 {name} {mobile}. 택배 운송장 {track}",
    "[완판 감사] 다음 수확은 {date} 예정입니다. 예약 주문은 {email}로 받습니다.",
    "명절 선물세트 단체 주문 견적: {qty:세트} × {price}. 세금계산서가 필요하시면 사업자등록번호와 {email:corp} 같은 메일 주소를 알려주세요. 농장 {landline}",
    "카드 결제 원하시는 분들 때문에 스마트스토어도 열었어요. 전화로 카드번호를 {m_card} 이런 식으로 불러주시면 안 되고 링크로만 결제해 주세요. 문의 {mobile}",
    "{pick:완도 전복|통영 굴|포항 과메기} 산지 직송\n{qty:미} {price}\n주문: {name} {mobile}\n계좌: {acct}\n※ 입금 확인 후 {date} 일괄 발송",
    "주문하신 {pick:꿀사과|단호박|나주 배} {qty:박스} 발송했습니다. 운송장 {track}, 농장 {landline:voip070}",
    "{pick:청양 고추|의성 마늘|해남 배추} 사전예약 받습니다. 입금계좌 {acct}, 예금주는 농장 대표입니다. 문의 {tel} 또는 {email:portal}",
    "직거래 장터 참가 농가 명단\n{pick:산들농장|해오름농원} {name} {mobile}\n{pick:초록마을|솔뫼농장} {name} {mobile}",
    "해외 배송 가능할까요? 미국 주소로 보내고 싶어요. 제 메일은 {email:country}, 카드 {card}로 결제할게요.",
    "로컬푸드 매장 납품 단가 {price}, 거래처 코드 {serial}. 담당자 {name} {landline}",
    "못난이 {pick:사과|귤|배} 가정용 {qty:kg} {price}! 입금은 {bank:nh} {acctn:nh}, 예금주 {name}.",
    "{pick:고창 수박|상주 곶감|영동 포도} 농가 돕기 공동구매\n입금 {acct}\n배송 문의 {landline}\n총대 {name} {mobile}",
    "귀농 {qty:년}차 {name}입니다. 직접 키운 {pick:블루베리|표고버섯|아로니아} 팔아요. 카톡 대신 문자 {mobile}, 메일 {email} 주세요.",
    # value-free
    "{pick:한라봉|천혜향|레드향} 당도 {qty:브릭스} 이상 선별, {qty:kg} {price}, 택배비 {price?무료}.",
    "수확 일정: {date} 첫 수확, {date} 마지막 수확. 예약 주문 {qty:건}은 마감되었습니다.",
    "계좌 사칭 주의! 저희 농장 계좌는 {m_acct} 하나뿐입니다. 농장 대표번호 {rep}.",
    "친환경 인증번호 {serial}, 상품 바코드 {ean}, 원산지 {pick:경북 청송|전남 해남}. 보관온도 {qty:도} 이하.",
    "택배 파업으로 {date}~{date} 발송분은 {qty:일?며칠} 정도 늦어집니다. 운송장 조회는 택배사 {rep}.",
    "이번 주 시세: 사과 {qty:kg} {price}, 배 {price?작년과 비슷}, 감귤 {price?소폭 상승}.",
]


# -------------------- frames_f --------------------
GENRES["cs_qna"] = [
    "Q. 환불 계좌 변경하고 싶어요\n주문번호 {order} 환불을 {acct}로 받고 싶습니다.\nA. 안녕하세요 고객님, 요청하신 계좌로 {date}까지 환불 처리하겠습니다.",
    "Q. 로그인 알림이 왔는데 제가 아니에요\n{date?어제/지난 주말/그저께/지난주 금요일} {time?오후/새벽/저녁}에 {ip} 에서 로그인했다고 나오는데 저는 그 시간에 자고 있었어요.\nA. 해당 세션은 강제 로그아웃 처리했습니다. 비밀번호를 변경해 주세요.",
    "Q. 결제가 두 번 됐어요 (카드 {card})\n{price} 결제했는데 승인 문자가 두 번 왔습니다.\nA. 중복 승인 건은 {qty:일} 이내 자동 취소됩니다.",
    "[답변완료] 회원정보 이메일 변경 요청\n기존 {email} → 변경 {email}\n처리일 {date}",
    "Q. 배송지 연락처를 잘못 적었어요. {mobile} 말고 {mobile}로 바꿔주세요. 주문번호 {order}",
    "Q. 본인인증이 계속 실패합니다\n주민번호 {rrn} 넣었는데 '정보 불일치'라고 떠요. 통신사는 {pick:SKT|KT|LGU+|알뜰폰}입니다.",
    "A. 고객님, 사업자 회원 전환은 {email:corp} 주소로 사업자등록증 사본을 보내주시면 {qty:일} 내 처리됩니다. 담당 {name} ({landline})",
    "Q. 해외에서 접속이 차단돼요\n현재 IP {ip} 이고 앱 버전 {ver}입니다. VPN은 안 씁니다.\nA. 해외 접속 허용 설정을 켜드렸습니다.",
    "Q. 무통장입금 했는데 주문이 취소됐어요\n{date?어제/지난 주말/그저께/지난주 금요일} {time?오후/새벽/저녁}에 {price} 보냈습니다. 받는 계좌는 {acct} 였고 입금자명 {name}\nA. 확인 결과 안내 계좌와 달라 반환 요청 중입니다.",
    "Q. 판매자 연락처 알려주세요. 상품 문의 남겼는데 {qty:일}째 답이 없어요.\nA. 판매자 {pick:해오름상회|다온리빙} 고객센터 {landline} ({time}~{time})로 문의 바랍니다.",
    "Q. 탈퇴했는데 광고 메일이 계속 {email}로 와요.\nA. 수신거부 처리 완료했습니다. 추가 문의는 {rep}.",
    "Q. 선물하기 받는 사람 번호를 잘못 입력했어요 {mobile} → 올바른 번호 {mobile}\nA. 미수령 상태라 변경해 드렸습니다.",
    "Q. 계좌 인증용 소액 입금이 안 와요\n{acct} 로 인증 요청했는데 {qty:분}째 안 옵니다.\nA. 은행 점검 시간({time}~{time})에는 입금이 지연될 수 있습니다.",
    "관리자 메모: 동일 카드 {card} 로 {qty:개} 계정 결제 시도, 접속 IP {ip}. 부정 사용 의심으로 보류.",
    "Q. 외국인등록번호로 가입이 안 됩니다. {rrn:foreign} 입력하면 형식 오류가 나요.\nA. 외국인 회원은 별도 인증 메뉴를 이용해 주세요.",
    "Q. 매장 픽업 주문인데 매장 전화가 안 돼요\n{pick:강남점|해운대점|동성로점} 번호 {landline} 맞나요?\nA. 매장 번호가 바뀌었습니다. {landline}로 연락 주세요.",
    # value-free
    "Q. 쿠폰 코드 {gift} 입력하면 '유효하지 않은 번호'라고 떠요.\nA. 해당 기프트카드 PIN은 {date}에 만료되었습니다.",
    "Q. 앱이 계속 꺼져요 (버전 {ver}, 기종 {model})\nA. 최신 {ver} 버전으로 업데이트 후 다시 시도해 주세요.",
    "A. 개인정보 보호를 위해 답변에는 연락처 {m_mobile}, 이메일 {m_email} 처럼 일부만 표시됩니다.",
    "Q. 교환 신청했는데 회수 기사님이 안 오셨어요. 회수 운송장 {track}, 주문번호 {order}\nA. 택배사 {rep}로 재접수했습니다.",
    "Q. 결제 카드를 바꿨는데 예전 카드 {m_card}로 정기결제가 돼요.\nA. 다음 결제일({date})부터 새 카드로 결제됩니다.",
    "Q. 인증번호 {otp}가 왔는데 입력 시간이 {qty:초}밖에 안 돼요.\nA. 재전송 버튼을 눌러주세요. 문의 {free}",
]

GENRES["sports"] = [
    "{pick:제|}{num}회 {pick:구청장배|시장기|협회장배} 생활체육 {pick:배드민턴|족구|풋살} 대회 요강\n일시: {date?이번 주 토요일/다음 주 일요일/이달 마지막 주 금요일/내일/모레} {time?오후/오전 중/저녁}\n장소: {pick:잠실 학생체육관|수원 칠보체육관|부산 사직 실내체육관}\n참가비: 팀당 {price}\n입금: {acct}\n문의: 대회 본부 {landline}",
    "{pick:한빛FC|새봄 족구단|다온 배드민턴 클럽} 선수 명단\n{name} {date:birth} {mobile}\n{name} {date:birth} {mobile}\n감독 {name} {mobile}",
    "선수 등록 시 주민등록번호가 필요합니다 (상해보험 가입용). {name} 선수 {rrn}, 연락처 {tel}",
    "참가비 입금 확인 명단: {name} {price}, {name} {price}. 미확인 팀은 총무 {mobile} 또는 {email}로 입금 내역 보내주세요.",
    "동호회 리그 일정 변경: {date} 경기는 우천으로 {date}로 연기합니다. 심판 배정 문의 {email}",
    "e스포츠 생활리그 예선 서버 정보: 서버 {ip4} 포트 {port}. 접속 문제 시 운영진 {email:gtld} / {mobile}",
    "[결과] 결승 {score}, 우승 {pick:한빛FC|새봄FC}. 상금 {price}는 팀 대표 {name} 님 계좌 {acct}로 지급됩니다.",
    "마라톤 대회 접수 확인\n배번 {num}\n종목 {pick:하프|10km|풀코스}\n참가자 {name} ({mobile})\n결제 카드 {card}",
    "리그 운영위원 연락처: 위원장 {name} {mobile}, 사무국 {landline}, 팩스 {landline}",
    "{pick:수영|탁구|테니스} 강습 회원 모집 ({qty:명}). 회비 월 {price}, 신청은 {email:portal} 또는 {tel}",
    "시 체육회 보조금 정산 서류 제출: 담당 {name} 주무관 {email:gov}, 전화 {landline}. 제출 기한 {date}.",
    "조기축구회 회비 안내 — 월 {price}, 자동이체 계좌 {acct}. 유니폼 사이즈는 총무 {mobile}에게 문자로 보내주세요.",
    "참가 선수 상해보험 가입 명단\n{name} {rrn}\n{name} {rrn}\n※ 명단은 대회 종료 후 파기합니다.",
    "대회 공식 사진 원본 요청은 {email}로 배번과 함께 보내주세요. 사진 파일명 예: {img}",
    "게이트볼 대회 참가 신청서\n팀명 {pick:청춘|은빛|솔바람} 게이트볼\n대표 {name} 어르신 {tel}\n참가비 {price} 입금처 {acct}",
    # value-free
    "리그 순위: {pick:한빛FC|새봄FC} 승점 {num}, {pick:다온FC|바른FC} 승점 {num}. 득점왕 {name} ({qty:골}).",
    "대회 요강: 참가 자격 만 {qty:세} 이상, 참가비 {price}. 개인정보는 대회 종료 {qty:일?직}후 파기합니다.",
    "경기장 좌석 배치: 선수단 {seat}~{seat}, 관중석 {seat?자유석}. 주차 가능. 경기장 좌표 {coord}",
    "선수 명단 공개본: {name} {m_mobile}, {name} {m_mobile}. 주민번호는 {m_rrn} 형태로 가렸습니다.",
    "기록 발표: 남자부 {time} 대회 신기록, 여자부 기록 {stat} 단축. 다음 대회 {date}.",
    "대회 당일 응급 상황은 {short}, 대회 본부 대표번호 {rep}. 분실물은 {room} 본부석에서 찾아가세요.",
]


# -------------------- frames_g --------------------
GENRES["tax_office"] = [
    "[{pick:바른세무회계|한결세무사무소|다온회계법인}] 연말정산 자료 제출 안내\n제출 기한: {date}\n제출 메일: {email:corp}\n문의: {landline} (담당 {name} 세무사)",
    "부양가족 공제 신청서\n본인 {name} {rrn}\n배우자 {name} {rrn}\n자녀 {name} {rrn:child}",
    "종합소득세 환급금은 {date}경 신고하신 계좌({acct})로 입금될 예정입니다.",
    "기장 대리 수수료 안내: 월 {price} (부가세 별도). 자동이체 출금 계좌 {acct}. 문의 {tel}",
    "사업자등록번호 {brn} 부가가치세 신고 완료. 납부세액 {price}, 납부 기한 {date}. 담당 직원 {name} {mobile}",
    "연말정산 간소화 자료 PDF는 비밀번호를 걸어서 {email}로 보내주세요. 주민번호는 {m_rrn} 처럼 가려서 적으시면 됩니다.",
    "홈택스 로그인 기록에 모르는 IP {ip} 가 있다고 문의 주셨는데, 사무소 공용 PC가 아니라면 비밀번호 변경을 권해드립니다. 문의 {landline}",
    "프리랜서 {stat} 원천징수 대상자 명단\n{name} {rrn} 지급액 {price}\n{name} {rrn} 지급액 {price}",
    "세무조사 대응 상담 예약: {date?이번 주 토요일/다음 주 일요일/이달 마지막 주 금요일/내일/모레} {time?오후/오전 중/저녁}. 사무소 {landline}, 대표 세무사 {name} {mobile}, 팩스 {landline}",
    "법인 결산 자료 요청: 법인카드 {card} 사용 내역과 통장 {acct} 거래 내역을 {date}까지 {email:corp}로 보내주세요.",
    "외국인 근로자 연말정산: 외국인등록번호 {rrn:foreign}, 단일세율 {stat} 적용 여부 확인 바랍니다. 회사 담당 {email}",
    "상속세 신고 상담 안내. 피상속인 {name}, 상속인 대표 {name} {mobile}. 신고 기한 {date}. 세무사 직통 {landline:voip070}",
    "기부금 영수증을 분실하신 분은 기부 단체 사무국({landline})에 재발급을 요청하시거나 {email:org}로 문의하세요.",
    "사업용 계좌 신고 안내: 개인사업자는 사업용 계좌({acct})를 홈택스에 등록해야 합니다. 미등록 시 가산세 {stat}.",
    "[{pick:바른세무회계|한결세무사무소}] 신규 고객 등록 확인\n대표자 {name}\n주민등록번호 {rrn}\n휴대폰 {mobile}\n수수료 출금 카드 {card}",
    # value-free
    "연말정산 주요 변경사항: 신용카드 소득공제율 {stat}, 월세 세액공제 한도 {price}, 자녀세액공제 {price}.",
    "세무 일정: {date} 부가세 확정신고, {date} 종합소득세, {date} 법인세 중간예납.",
    "국세청 사칭 문자 주의! '환급금 조회' 링크는 누르지 마세요. 상담센터 {short}, 사무소 대표번호 {rep}.",
    "신고서 작성 예시: 성명 {name}, 주민등록번호 {m_rrn}, 환급계좌 {m_acct} (개인정보는 가렸습니다).",
    "법인 정보: 법인등록번호 {crn}, 사업자등록번호 {brn}, 대표번호 {rep}. 결산일 {date}.",
    "간이과세 기준금액 {price:big}, 부가세율 {stat}. 문의는 사무소 {m_landline}로 주세요.",
]

GENRES["code_paste"] = [
    "nginx 설정 좀 봐주세요. 업스트림으로 넘기면 Bad Gateway가 떠요.\n```\nupstream api_backend {\n    server {ip4:c}:{port};\n    server {pip:private}:{port};\n}\n```\nnginx 버전은 {ver}입니다.",
    ".env 파일 일부입니다 (운영 키는 지웠어요)\n```\nDB_HOST={ip4:c}\nDB_PORT={port}\nADMIN_EMAIL={email:c}\nREDIS_URL=redis://{pip:private}:{port}\n```",
    "서버 로그에 이런 게 찍혀요\n```\n{date} {time} WARN  [auth] too many failed logins from {ip} (user={email:c})\n{date} {time} INFO  [auth] blocked\n```",
    "git log 보니까 이상한 커밋이 있네요\n```\ncommit {hash}\nAuthor: {pick:minsu|dev-kim|jiwoo} <{email:c}>\nDate:   {date} {time}\n```\n리모트는 {git} 입니다.",
    "application.yml\n```yaml\nspring:\n  datasource:\n    url: jdbc:mysql://{ip4:c}:{port}/shop\n    username: app\n  mail:\n    username: {email:c}\n```\n스프링부트 {ver} 인데 메일 발송이 안 됩니다.",
    "SQL 덤프 일부인데 개인정보가 그대로 들어있어서 놀랐네요;;\n```sql\nINSERT INTO members VALUES ({num}, '{name}', '{mobile:c}', '{email:c}', '{date}');\n```",
    "스택트레이스 공유합니다\n```\njava.net.ConnectException: Connection refused (to {ip6:c} port {port})\n    at com.hanbit.order.Client.send(Client.java:{num})\n```\n프론트는 {npm} {ver} 씁니다.",
    "docker-compose.yml 에서 extra_hosts 설정\n```\nextra_hosts:\n  - \"api.internal:{pip:private}\"\n  - \"pay.partner:{ip4:c}\"\n```\n이미지 태그는 {ver}",
    "JSON 응답 예시\n```json\n{\"id\": \"{uuid}\", \"email\": \"{email:c}\", \"lastLoginIp\": \"{ip:c}\", \"createdAt\": \"{date}\"}\n```",
    "결제 모듈 테스트하다가 실제 카드번호를 로그에 찍어버렸어요 ㅠㅠ 바로 지웠습니다\n```\n[PAY] req card_no={card:c} amount={num} approval={approval}\n```",
    "fail2ban 차단 목록\n```\n{ip:c}\n{ip:c}\n{pip:private}\n```\n세 번째는 내부망이라 화이트리스트에 넣었어요.",
    "SSH 접속이 안 됩니다.\n```\n$ ssh -p {port} deploy@{ip4:c}\nssh: connect to host port {port}: Connection timed out\n```",
    "crontab 백업 스크립트 결과 메일이 {email}로 안 갑니다. MAILTO 설정했는데도요. 서버 OS 버전 {ver}",
    "방화벽 규칙 (iptables -L 출력 일부)\n```\nACCEPT  tcp  --  {ip:c}  anywhere  tcp dpt:{port}\nDROP    all  --  {pip}  anywhere\n```",
    "package.json 의존성 충돌 질문입니다. {npm}@{ver} 이랑 {npm} 같이 쓰면 에러 나요. 라이브러리 작성자 메일은 {email} 입니다.",
    "Redis 설정\n```\nbind {pip:private} {ip6:c}\nport {port}\nrequirepass ********\n```",
    "메일 서버 반송 로그\n```\n{date} {time} postfix/smtp: to=<{email:c}>, relay=mx.{pick:naver.com|daum.net}[{ip4:c}]:{port}, status=bounced\n```",
    # value-free
    "로컬 개발 환경 설정 공유\n```\nHOST={pip:loopback}\nDB_URL=postgres://app@{pip:private}:{port}/dev\n```\n노드 {ver}, npm {ver}",
    "빌드 로그\n```\n[{time}] Building {npm}@{ver}\n[{time}] sha256:{hash}\ndone.\n```",
    "이미지 리소스 경로 질문: {img}, {img} 처럼 배율 붙인 파일이 안 불러와져요. 캐시 키 {uuid}",
    "git clone {git} 하면 Permission denied (publickey) 가 나옵니다. 키 지문은 {hash} 입니다.",
    "도커 네트워크 설정\n```\nsubnet: {pip:private}/{num}\ngateway: {pip:private}\n```\n멀티캐스트 주소 {pip:multicast} 는 막혀 있어요.",
    "마스킹 함수 테스트 결과: 출력이 {m_email}, {m_mobile}, {m_ip} 처럼 나옵니다. 유틸 버전 {ver}.",
    "k8s 서비스 CIDR {pip:private}/{num}, 헬스체크 {pip:linklocal}:{port}. 응답 코드 {status}, 타임스탬프 {timestamp}",
]


# -------------------- frames_h --------------------
EXTRA = {
    "wedding": [
        "웨딩 촬영 스튜디오 잔금 결제 확인: 카드 {card} 승인 완료, 촬영일 {date}. 원본 파일은 {email}로 보내드립니다.",
        "모바일 청첩장 링크를 눌렀더니 {badtel} 로 전화하라고 뜨네요. 없는 지역번호던데 스미싱 같아요.",
        "축의금 대신 모바일 상품권 PIN {gift} 보내드렸어요~ 사용 안 되면 말씀해 주세요.",
    ],
    "religious": [
        "성지순례 참가자 여행자보험 가입 명단\n{name} {rrn}\n{name} {rrn}\n담당 {name} 집사 {mobile}",
        "성당 사무실 예전 번호 {badtel}는 지금 결번입니다. 사무실로 직접 찾아와 주세요.",
        "교회 방송실 송출 서버는 {pip:private}, 영상 회의 ID는 {meet}입니다.",
    ],
    "used_car": [
        "할부 심사 서류: 신청인 {name}, 주민번호 {rrn}, 연락처 {mobile}, 판매자 안심번호 {landline:relay050x}",
        "딜러가 준 번호가 {n0500} 이었는데 거래 끝나니까 연결이 안 되네요.",
        "매입 업체 법인등록번호 {crn} 조회해 보니 폐업 법인으로 나옵니다.",
    ],
    "pets": [
        "펫보험 가입 신청: 보호자 {name}, 주민등록번호 {rrn}, 자동이체 카드 {card}, 연락처 {landline:relay050x}",
        "실종견 전단 QR을 찍었더니 {badtel} 로 연결하라는데 이상한 번호예요.",
        "펫샵 앱 쿠폰 PIN {gift} 등록이 안 돼요. 고객센터 {rep}도 연결이 안 되고요.",
    ],
    "travel": [
        "해외결제 카드 정보 재확인 부탁드립니다: {card} (유효기간과 CVC는 전화로만 말씀해 주세요). 담당 {name} {landline}",
        "여행사에서 안내한 번호가 {n0500}인데 연결이 안 돼요. 대표번호 {rep}로 다시 걸어볼게요.",
        "공항 와이파이에 붙으면 접속 IP가 {pip:cgnat}로 나오는데 정상인가요?",
    ],
    "moving": [
        "이사 당일 카드 결제 요청드립니다: {card}, 금액 {price}. 영수증은 {email}로 부탁드려요. 업체 안심번호 {landline:relay050x}",
        "이사업체 광고 전화 {free} 수신거부했는데 또 와요.",
        "견적서에 적힌 사무실 번호 {badtel}는 없는 국번이라고 나옵니다.",
    ],
    "alumni": [
        "평생회원 가입 신청서\n성명 {name}\n주민등록번호 {rrn}\n회비 결제 카드 {card}\n연락처 {mobile}",
        "동창회 단톡방에서 {mention} 님이 공유한 파일 {img} 는 열지 마세요. 악성 링크였답니다.",
        "사무국 예전 번호 {badtel}는 이제 쓰지 않습니다. 문의는 총무에게 해주세요.",
    ],
    "contract": [
        "연대보증인 정보: {name}, 주민등록번호 {rrn}, 연락처 {tel}, 주소지 {pick:대전 서구|청주 흥덕구|전주 완산구}",
        "계약 상대방 법인등록번호 {crn}, 사업자등록번호 {brn} 확인했습니다.",
        "전자계약 인증번호 {otp}, 유효시간이 지나면 다시 요청하세요.",
    ],
    "press_release": [
        "[보도자료] 카드 정보 노출 사고 경위: 노출이 확인된 카드({card} 등)는 즉시 사용 정지했다. 피해 문의 {landline}, {email:corp}",
        "기자 질의는 {mention} 계정 DM 말고 대표번호 {rep}로 해주십시오.",
        "보도자료 첨부 이미지 {img}, 용량 {size}.",
    ],
    "farm_direct": [
        "전화 주문 메모: {name} 님, 카드 {card}, {pick:사과|배|한라봉} {qty:박스}, 배송 연락처 {mobile}",
        "주문 번호가 {n0500}로 바뀌었다는 문자는 사기입니다. 저희 농장은 번호를 바꾸지 않았어요.",
        "선물하기 쿠폰 PIN {gift} 가 이미 사용됐다고 나와요.",
    ],
    "cs_qna": [
        "Q. 카드 등록이 안 돼요. {card} 입력하면 '유효하지 않은 카드'라고 나와요.\nA. 해외 발급 카드는 등록이 제한됩니다.",
        "Q. 고객센터 번호가 {badtel}로 안내돼 있는데 없는 번호래요.\nA. 오기재였습니다. 대표번호 {rep}로 연락 주세요.",
        "Q. 포인트 전환 PIN {gift} 입력했는데 오류가 나요.\nA. 유효기간이 지났습니다.",
    ],
    "sports": [
        "대회 참가비 카드 결제 실패 명단: {name} {card}, {name} {m_card}. 재결제 부탁드립니다.",
        "리그 단톡방 공지: {mention} 님이 올린 계좌 안내는 사칭입니다. 회비 문의는 {rep}.",
        "경기장 와이파이 게이트웨이 {pip:private}, 관리자 페이지 포트 {port}.",
    ],
    "tax_office": [
        "의료비 공제 누락분 확인: 카드 {card}, 사용액 {price}, 부양가족 {name} {rrn}.",
        "세무서 사칭 전화 {badtel} 주의하세요. 존재하지 않는 국번입니다.",
        "법인 고객 명단 정리: 법인등록번호 {crn}, {crn}.",
    ],
    "code_paste": [
        "테스트 데이터에 실제 주민번호가 들어가 있어서 삭제 요청합니다\n```\n{\"name\": \"{name}\", \"rrn\": \"{rrn:c}\", \"phone\": \"{mobile:c}\"}\n```",
        "npm 패키지 {npm} 설치하면 {pip:doc} 로 요청을 보내는데 이거 문서용 주소 아닌가요?",
        "테스트용 카드번호라고 {gift} 넣었더니 유효성 검사에서 떨어져요. Luhn 체크 실패 맞죠?",
    ],
}
for _g, _frames in EXTRA.items():
    GENRES[_g].extend(_frames)
EXTRA2 = {
    "alumni": ["동문 인증은 학번 {sid} 또는 졸업증명서 사본으로 합니다. 문의는 사무국 대표번호 {rep}."],
    "contract": ["인사 발령 통지: 사번 {eid} {name}, 입사일 {date}, 급여 계좌 {acct}, 비상연락처 {mobile}"],
    "moving": ["세금계산서 번호 {invoice} 발행 완료, 공급가액 {price}. 확인 부탁드립니다."],
    "farm_direct": ["유기농 인증서 원본은 등기로 보냈습니다. 등기번호 {regmail} 로 조회해 보세요."],
    "religious": ["유아세례 신청서\n아기 {name} ({rrn:child})\n부모 {name} / {mobile}\n세례일 {date}"],
    "pets": ["반려견 놀이터 어린이 회원 등록: {name} 어린이 {rrn:child}, 보호자 {name} {mobile}"],
    "sports": ["유소년 축구교실 등록 확인: {name} 어린이 {rrn:child}, 보호자 연락처 {tel}, 수강료 {price}",
               "대학 동아리 풋살 리그 참가자 명단\n{name} (학번 {sid}) {mobile}\n{name} (학번 {sid}) {mobile}"],
    "cs_qna": ["Q. 아이 명의로 청소년 계정을 만들려는데 주민번호 {rrn:child} 넣으면 '가입 불가 연령'이라고 나와요.\nA. 만 {qty:세} 미만은 보호자 동의 절차가 필요합니다."],
    "tax_office": ["자녀세액공제 대상 확인: {name} {rrn:child}, {name} {rrn:child}. 출생 연도를 확인해 주세요.",
                   "사원 {eid} {name} 님 연말정산 환급금은 급여 계좌 {acct}로 {date}에 지급됩니다."],
    "travel": ["법인 출장 정산용 인보이스 번호 {invoice}, 사번 {eid} 기준으로 청구됩니다."],
    "press_release": ["보도자료 원본과 사진 CD는 등기번호 {regmail}로 발송했습니다. 수령 확인 부탁드립니다."],
}
for _g, _frames in EXTRA2.items():
    GENRES[_g].extend(_frames)


# -------------------- build --------------------
GENRE_ORDER = ["wedding", "religious", "used_car", "pets", "travel", "moving", "alumni", "contract",
               "press_release", "farm_direct", "cs_qna", "sports", "tax_office", "code_paste"]
KINDS = ["rrn", "mobile", "landline", "email", "ip", "card", "account"]
N_TOTAL, NEG_SHARE, VALUE_TARGET = 1000, 0.4, 810
DECOY_PENALTY, NEG_FROM_FREE, N_CANDIDATES = 4.0, 0.7, 6
COMMON_HOWS = {"hyphen", "plain", "dot", "space", "paren", "paren_close", "dotted", "compressed", "hyphen_465", "space_465"}


def slot_kind(tokens, i, counts):
    name = tokens[i][0]
    if name == "tel":
        m, la = counts["mobile"], counts["landline"]
        return "mobile" if (m < la or (m == la and R.random() < 0.5)) else "landline"
    return VALUE_SLOTS[name]


def n_decoy_slots(tokens):
    return sum(1 for t in tokens if isinstance(t, tuple) and t[0] not in VALUE_SLOTS and t[0] not in ("name", "pick", "bank"))


def frame_score(tokens, counts, target):
    vs = value_slots(tokens)
    best = -1e9
    for i in vs:
        name = tokens[i][0]
        k = ("mobile" if counts["mobile"] < counts["landline"] else "landline") if name == "tel" else VALUE_SLOTS[name]
        best = max(best, target - counts[k])
    return best - DECOY_PENALTY * n_decoy_slots(tokens)


def make_pos(tokens, counts, values_left, pos_left, extra_avg):
    vs = value_slots(tokens)
    kinds = {i: slot_kind(tokens, i, counts) for i in vs}
    order = sorted(vs, key=lambda i: counts[kinds[i]])
    ratio = values_left / max(pos_left, 1)
    q = min(0.95, max(0.1, (ratio - 1) / max(extra_avg, 0.1)))
    masked = {i: False for i in vs}
    for i in order[1:]:
        w = min(2.0, max(0.3, 1 + (VALUE_TARGET / len(KINDS) - counts[kinds[i]]) / 40))
        masked[i] = R.random() >= q * w
    return kinds, masked


def build_records():
    counts = {k: 0 for k in KINDS}
    records, seen = [], set()
    n_pos_total = N_TOTAL - sum(round((72 if gi < 6 else 71) * NEG_SHARE) for gi in range(len(GENRE_ORDER)))
    pos_done = 0
    target = VALUE_TARGET / len(KINDS)
    for gi, genre in enumerate(GENRE_ORDER):
        n = 72 if gi < 6 else 71
        frames = [parse(t) for t in GENRES[genre]]
        vf = [f for f in frames if value_slots(f)]
        ff = [f for f in frames if not value_slots(f)]
        assert len(vf) >= 12 and len(ff) >= 5, genre
        extra_avg = sum(len(value_slots(f)) - 1 for f in vf) / len(vf)
        n_neg = round(n * NEG_SHARE)
        labels = ["neg"] * n_neg + ["pos"] * (n - n_neg)
        R.shuffle(labels)
        first_pass = list(range(len(vf)))
        R.shuffle(first_pass)
        free_cycle = []
        num = 0
        for lab in labels:
            for _attempt in range(60):
                if lab == "pos":
                    if first_pass:
                        tokens = vf[first_pass[-1]]
                    else:
                        cands = [vf[R.randrange(len(vf))] for _ in range(N_CANDIDATES)]
                        tokens = max(cands, key=lambda t: frame_score(t, counts, target))
                    kinds, masked = make_pos(tokens, counts, VALUE_TARGET - sum(counts.values()), n_pos_total - pos_done, extra_avg)
                else:
                    if R.random() < NEG_FROM_FREE:
                        if not free_cycle:
                            free_cycle = list(range(len(ff)))
                            R.shuffle(free_cycle)
                        tokens = ff[free_cycle[-1]]
                    else:
                        few = [f for f in vf if len(value_slots(f)) <= 2]
                        tokens = few[R.randrange(len(few))]
                    kinds = {i: slot_kind(tokens, i, counts) for i in value_slots(tokens)}
                    masked = {i: True for i in kinds}
                text, spans, decoys, forms, vals = assemble(render_tokens(tokens, kinds, masked))
                if text not in seen and (lab == "pos" or decoys):
                    break
            else:
                raise RuntimeError("could not make a unique text for " + genre)
            if lab == "pos" and first_pass:
                first_pass.pop()
            if lab == "neg" and not value_slots(tokens):
                free_cycle.pop()
            seen.add(text)
            num += 1
            for v in vals:
                counts[v["kind"]] += 1
            if lab == "pos":
                pos_done += 1
                form = "+".join(forms)
            else:
                best = min(decoys, key=lambda d: (PII_LIKE.index(d["kind"]) if d["kind"] in PII_LIKE else len(PII_LIKE), d["start"]))
                form = "neg/" + best["kind"]
            rec = {"id": f"oos3-{genre}-{num:03d}", "text": text, "label": "pos" if spans else "neg",
                   "spans": spans, "decoys": decoys, "form": form, "genre": genre}
            records.append((rec, vals))
    return records


# -------------------- build2 --------------------
EMAIL_RE = re.compile(r"^[A-Za-z0-9._%+\-]+@[A-Za-z0-9\-]+(?:\.[A-Za-z0-9\-]+)*\.[A-Za-z]{2,}$")
TO_ASCII = str.maketrans("０１２３４５６７８９" + HANGUL_DIGITS, "0123456789" * 2)


def span_digits(kind, text):
    d = re.sub(r"\D", "", text.translate(TO_ASCII))
    if kind in ("mobile", "landline") and (text.startswith("+82") or text.startswith("82-")):
        d = d[2:]
        d = d if d.startswith("0") else "0" + d
    return d


def check_value(v, span):
    k, c = v["kind"], v["canon"]
    assert span["value"] == v["text"] and span["kind"] == k
    if k == "rrn":
        assert rrn_valid(c) and span_digits(k, v["text"]) == c, v
    elif k in ("mobile", "landline"):
        assert PHONE_RE.match(c) and span_digits(k, v["text"]) == c, v
        assert (k == "mobile") == c.startswith("01"), v
        if k == "landline" and not c.startswith(("02", "070", "050")):
            assert c[3] != "0", v
        if c.startswith("02"):
            assert c[2] != "0", v
    elif k == "card":
        assert card_like(c) and span_digits(k, v["text"]) == c, v
    elif k == "account":
        assert 10 <= len(c) <= 14 and span_digits(k, v["text"]) == c, v
    elif k == "ip":
        assert ip_global(c), v
    elif k == "email":
        assert EMAIL_RE.match(c), v
        assert not v["text"][0].isspace() and not v["text"][-1].isspace()


def uncovered_digits(text, marks):
    cov = [False] * len(text)
    for s in marks:
        for i in range(s["start"], s["end"]):
            cov[i] = True
    bad = []
    for m in re.finditer(r"[0-9０-９]+", text):
        if all(cov[m.start():m.end()]):
            continue
        a, b = m.start(), m.end()
        while a > 0 and re.match(r"[A-Za-z0-9_]", text[a - 1]):
            a -= 1
        while b < len(text) and re.match(r"[A-Za-z0-9_]", text[b]):
            b += 1
        if not re.search(r"[A-Za-z]", text[a:b]):
            bad.append(m.group())
    return bad


def check_record(rec, vals):
    text = rec["text"]
    assert re.fullmatch(r"oos3-[a-z_]+-\d{3}", rec["id"]) and rec["genre"] in GENRE_ORDER
    assert rec["label"] == ("pos" if rec["spans"] else "neg")
    marks = sorted(rec["spans"] + rec["decoys"], key=lambda s: s["start"])
    for s in marks:
        assert 0 <= s["start"] < s["end"] <= len(text) and text[s["start"]:s["end"]] == s["value"], (rec["id"], s)
        assert s["value"] == s["value"].strip(), (rec["id"], s)
    for a, b in zip(marks, marks[1:], strict=False):
        assert a["end"] <= b["start"], (rec["id"], a, b)
    assert len(vals) == len(rec["spans"])
    for v, s in zip(vals, rec["spans"], strict=True):
        check_value(v, s)
    if rec["spans"]:
        assert rec["form"] == "+".join(f"{v['kind']}/{v['detail']}/{v['how']}" for v in vals)
    else:
        assert rec["decoys"] and rec["form"].startswith("neg/")
        assert rec["form"][4:] in {d["kind"] for d in rec["decoys"]}
    for d in rec["decoys"]:
        assert decoy_ok(d["value"]), (rec["id"], d)
    bad = uncovered_digits(text, marks)
    assert not bad, (rec["id"], bad, text)
    plain = list(text)
    for s in marks:
        plain[s["start"]:s["end"]] = "#" * (s["end"] - s["start"])
    plain = "".join(plain)
    assert not re.search(r"[A-Za-z0-9._+\-]+\s*[@＠]\s*[A-Za-z0-9\-]+\.[A-Za-z]", plain), (rec["id"], plain)
    assert not re.search(r"\{[a-z_0-9]+(:[^{}]*)?\}", text), rec["id"]


def main():
    out = Path(sys.argv[1]) if len(sys.argv) > 1 else Path(__file__).with_name("eval_oos3.jsonl")
    records = build_records()
    assert len(records) == 1000 and len({r["id"] for r, _ in records}) == 1000
    assert len({r["text"] for r, _ in records}) == 1000
    for rec, vals in records:
        check_record(rec, vals)
    lines = [json.dumps(rec, ensure_ascii=False) for rec, _ in records]
    data = ("\n".join(lines) + "\n").encode("utf-8")
    out.write_bytes(data)
    vk, dk, hows, gen = {k: 0 for k in KINDS}, {}, [0, 0], {}
    for rec, vals in records:
        gen[rec["genre"]] = gen.get(rec["genre"], 0) + 1
        for v in vals:
            vk[v["kind"]] += 1
            hows[0 if v["how"] in COMMON_HOWS else 1] += 1
        for d in rec["decoys"]:
            dk[d["kind"]] = dk.get(d["kind"], 0) + 1
    npos = sum(1 for r, _ in records if r["label"] == "pos")
    print(f"wrote {out} records={len(records)} pos={npos} neg={len(records) - npos} sha256={hashlib.sha256(data).hexdigest()}")
    print("values", sum(vk.values()), vk, f"common/uncommon styles {hows[0]}/{hows[1]} ({hows[1] / max(sum(hows), 1):.1%} uncommon)")
    print("decoys", sum(dk.values()), dict(sorted(dk.items(), key=lambda kv: (-kv[1], kv[0]))))
    print("genres", gen)


if __name__ == "__main__":
    main()
