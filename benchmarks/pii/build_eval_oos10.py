"""Build eval_oos10.jsonl: a blind out-of-sample evaluation set for the Korean personal-data detector.

Independence
    Written blind: without reading the detector, its tests, its documentation, the benchmark scripts or
    any earlier evaluation set, and without running any detector on the output. Only the standard
    library is used. Genres, frames and value styles were chosen for this set and are used by no
    earlier set. The script is deterministic: SEED = 20261204 seeds one random.Random, and each run
    writes the same file (eval_oos10.jsonl next to this script, or the path given as argv[1]).

Format
    One JSON object per line (UTF-8, ensure_ascii=False):
    {"id": "oos10-<genre>-<nnn>", "text", "label": "pos"|"neg", "spans", "decoys", "form", "genre"}.
    spans and decoys are lists of {"kind", "start", "end", "value"} with code-point offsets and
    value == text[start:end]; no two annotations overlap. label is "pos" iff spans is non-empty.
    form joins <kind>/<detail>/<style> of each span with "+" (e.g. mobile/010/hyphen+email/portal/plain);
    a negative record's form is neg/<its most PII-like decoy kind> (e.g. neg/masked_rrn).

Kinds (span kinds)
    rrn       resident / foreigner registration numbers: a real birth date YYMMDD, a 7th digit matching
              century and sex (1-4 citizens, 5-8 foreigners); check digit valid for births before
              2020-10 (foreigner numbers: even agency digits, 12th digit 6-9 and the foreigner check
              rule), random last six digits for births after; details native_1900s, native_2000s,
              native_post2020, foreign_1900s, foreign_2000s.
    mobile    010 mostly, 011/016/017/018/019 rarely (detail = prefix).
    landline  area codes 02 and 031-064 (seoul_02, area_0NN), 070 (internet_070) and the 0502-0508 safe
              (relay) numbers (safe_050N).
    email     portal, company, .ac.kr, .go.kr/korea.kr, .or.kr, .co.kr, country TLDs, new gTLDs.
    ip        global unicast IPv4 (v4) and IPv6 (v6), checked with ipaddress (is_global, not multicast).
    card      Luhn-valid numbers with real brand prefixes and lengths: visa, mastercard (51-55, 2221-2720),
              amex (15), jcb (3528-3589), unionpay (62), diners (36, 14 digits).
    account   bank account numbers in each bank's grouping (e.g. shinhan 3-3-6, kb 6-2-6, woori 4-3-6,
              hana 3-6-5, nh 3-4-4-2, ibk 3-6-2-3, kakaobank 4-2-7, tossbank 4-4-4), always written next
              to a bank name; the bank name, 계좌 and 예금주 words stay outside the span.

Labelling
    Masked values (010-****-1234, 880101-1******, 4518-****-****-1234, 110-***-123456, ki***@naver.com,
    211.234.*.*) are decoys. Obfuscated emails are email values from the local part to the end of the
    TLD. Hangul-digit, spaced-digit, full-width and +82 / 82- phones are values; a parenthesised area code
    is inside the span. 15xx/16xx/18xx, 080, 0500/0501, short numbers and non-existent area codes are
    decoys. A port after an IP is its own decoy. In positive records with two or more value slots each
    slot is masked (turned into a decoy) with probability 0.15, at least one value staying.
    Every number in a text is annotated: literal frame text carries no digits, and each decoy is
    regenerated until it could not pass as a value of any kind (no 13-digit run with a real month/day
    and a 7th digit 1-8, no Luhn-valid run of 13-19 digits, no run shaped like a mobile or landline, no
    hyphenated bank grouping except on 050x/080 service numbers, no global IP, no email address;
    corporate registration numbers fail the rrn rules by their 7th digit 0 or an impossible month).

Decoy kinds
    Dates, times, prices, quantities, headcounts, durations, counts, versions, statistics, scores, hashes,
    UUIDs, EAN-13, ISBN-13, order / invoice / tracking / reservation / receipt / approval / claim numbers,
    employee ids, business and corporate registration numbers, 15xx/16xx/18xx, 080, 0500/0501, short
    numbers, phones with non-existent area codes, gift-card PINs (Luhn-invalid), private / reserved /
    documentation IPs, ports, image@2x file names, git remotes, scoped npm packages and npm@version specs,
    @mentions, coordinates, postal codes, room numbers, meeting ids, masked values, invalid-date 13-digit
    numbers, and genre numbers: points, water temperatures, shoe sizes, repair tickets, golf bays, clubs,
    distances, handicaps, member numbers, wave heights and periods, board lengths, wetsuit thickness,
    garment sizes and lengths, rental codes, extensions, body weight, blood pressure, haemoglobin, donation
    certificates, team numbers, animal weights, ages and registration microchips, shelter notices, ski
    lengths, boot sizes, DIN settings, snow depth, lockers, lift tickets, exam numbers, rooms, seats and
    codes, subway exits, floor areas, dimensions, estimates, material codes, permits, hygiene certificates,
    lens specs, shutter speeds, film ISO, years of make and camera models.

Genres (14; 72 records each: 48 positive, 12 negative from value-free frames, 12 negative from value
frames whose slots hold look-alike decoys; 11 value frames and 4 value-free frames per genre)
    bookstore_event, hot_spring_resort, shoe_repair, golf_range, surf_school, hanbok_rental,
    blood_donation_drive, hackathon, animal_shelter, ski_rental, exam_center, interior_design, food_truck,
    vintage_camera_trade. Texts are notices, posts, chats, forms, receipts, listings and logs; values
    sometimes touch Hangul (…{mobile}로, {email}으로).

Writing styles (common with probability 0.8, less common / evasive with probability 0.2)
    rrn       common hyphen, plain, space; evasive fullwidth, spaced_digits, hangul_dash (ㅡ as the
              hyphen), hangul_digits (팔팔공일공일-…), hangul_mixed (some digit groups in Hangul).
    mobile    common hyphen, plain, dots, space; evasive hangul_digits (공일공-…), hangul_mixed
              (010-일이삼사-5678), spaced_digits, plus82 (+82 10-…, +82-10-…, +82 (0)10-…, +8210…),
              intl82 (82-10-…, 82)10-…), fullwidth, hangul_dash.
    landline  common hyphen, paren_area ((02) 123-4567), dots, space, plain; evasive hangul_digits,
              hangul_mixed, plus82 (+82-2-…), fullwidth, spaced_digits, hangul_dash.
    email     common plain; evasive at_dot_words (id at naver dot com), paren_at (id(at)naver.com),
              bracket_at (id[at]naver[dot]com), korean_at (id 골뱅이 naver.com), spaced_at (id @ naver.com),
              fullwidth_at (id＠naver.com), korean_words (id 앳 naver 닷 com), defanged (id[@]naver[.]com).
    ip        common dotted IPv4, compressed IPv6; evasive defanged (1[.]2[.]3[.]4), paren_dot (1(.)2(.)…),
              spaced_dots (1 . 2 . 3 . 4), fullwidth, exploded IPv6, upper-case IPv6.
    card      common hyphen, space, plain; evasive dots, fullwidth, hangul_dash, slash, mixed_sep
              (4518 1234-5678 9012).
    account   common hyphen, plain, space; evasive dots, fullwidth, hangul_dash, spaced_digits,
              hangul_digits, hangul_mixed.
"""

import ipaddress
import json
import random
import re
import sys
import unicodedata
import uuid
from datetime import date, timedelta
from pathlib import Path

SEED = 20261204
RNG = random.Random(SEED)

GENRE_ORDER = [
    "bookstore_event",
    "hot_spring_resort",
    "shoe_repair",
    "golf_range",
    "surf_school",
    "hanbok_rental",
    "blood_donation_drive",
    "hackathon",
    "animal_shelter",
    "ski_rental",
    "exam_center",
    "interior_design",
    "food_truck",
    "vintage_camera_trade",
]
N_POS, N_NEG_FREE, N_NEG_FILL = 48, 12, 12
EVASIVE_P = 0.2
MASK_P = 0.15
VALUE_KINDS = ["rrn", "mobile", "landline", "email", "ip", "card", "account"]

# --- small helpers -----------------------------------------------------------------------------


def pick(seq):
    return RNG.choice(seq)


def chance(p):
    return RNG.random() < p


def wpick(pairs):
    """Pick from [(item, weight), ...]."""
    items = [p[0] for p in pairs]
    weights = [p[1] for p in pairs]
    return RNG.choices(items, weights=weights, k=1)[0]


def digits(n):
    return "".join(str(RNG.randrange(10)) for _ in range(n))


def nz_digits(n):
    return str(RNG.randrange(1, 10)) + digits(n - 1)


def pattern(pat):
    """Fill a pattern: # digit, % digit 1-9, ^ upper-case letter, ~ lower-case hex digit."""
    out = []
    for ch in pat:
        if ch == "#":
            out.append(str(RNG.randrange(10)))
        elif ch == "%":
            out.append(str(RNG.randrange(1, 10)))
        elif ch == "^":
            out.append(pick("ABCDEFGHJKLMNPRSTUVWXYZ"))
        elif ch == "~":
            out.append(pick("0123456789abcdef"))
        else:
            out.append(ch)
    return "".join(out)


HANGUL_DIGITS = "공일이삼사오육칠팔구"
HANGUL_TO_DIGIT = {ch: str(i) for i, ch in enumerate(HANGUL_DIGITS)}
HANGUL_TO_DIGIT["영"] = "0"


def to_hangul(s, zero="공"):
    table = HANGUL_DIGITS.replace("공", zero)
    return "".join(table[int(c)] if c.isdigit() else c for c in s)


def to_hangul_mixed(s):
    """Some digit groups in Hangul, the rest in Arabic digits (010-일이삼사-5678)."""
    parts = re.split(r"(\D)", s)
    groups = [i for i, p in enumerate(parts) if p.isdigit()]
    chosen = RNG.sample(groups, max(1, len(groups) // 2))
    return "".join(to_hangul(p) if i in chosen else p for i, p in enumerate(parts))


def to_fullwidth(s):
    return "".join(chr(ord(c) + 0xFEE0) if "!" <= c <= "~" else c for c in s)


def spaced_digits(s):
    """Every digit separated by a space, separators dropped: 0 1 0 1 2 3 4 ..."""
    return " ".join(c for c in s if c.isdigit())


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


def luhn_complete(body):
    for c in "0123456789":
        if luhn_ok(body + c):
            return body + c
    raise AssertionError(body)


# --- validity rules (used to build values and to reject decoys that could pass as values) -------

RRN_WEIGHTS = [2, 3, 4, 5, 6, 7, 8, 9, 2, 3, 4, 5]
RRN_REFORM = date(2020, 10, 1)
REF_DATE = date(2026, 12, 1)


def rrn_sum(d):
    return sum(int(a) * w for a, w in zip(d[:12], RRN_WEIGHTS, strict=True))


def real_date(y, m, d):
    try:
        return date(y, m, d)
    except ValueError:
        return None


def rrn_valid(d):
    """Full rule: real birth date, 7th digit 1-8 matching the century, check digit before 2020-10."""
    if len(d) != 13 or not d.isdigit():
        return False
    g = int(d[6])
    if g not in range(1, 9):
        return False
    century = 1900 if g in (1, 2, 5, 6) else 2000
    born = real_date(century + int(d[:2]), int(d[2:4]), int(d[4:6]))
    if born is None or born > REF_DATE:
        return False
    if born >= RRN_REFORM:
        return True
    if g >= 5:
        even_agency = int(d[7:9]) % 2 == 0
        return even_agency and int(d[11]) >= 6 and (13 - rrn_sum(d) % 11) % 10 == int(d[12])
    return (11 - rrn_sum(d) % 11) % 10 == int(d[12])


def rrn_plausible(d):
    """Loose rule for decoys: any real month/day and a 7th digit 1-8 could pass as an rrn."""
    if len(d) != 13:
        return False
    return real_date(2000, int(d[2:4]), int(d[4:6])) is not None and d[6] in "12345678"


CARD_BRANDS = {
    "visa": ([(4, 4)], [16]),
    "mastercard": ([(51, 55), (2221, 2720)], [16]),
    "amex": ([(34, 34), (37, 37)], [15]),
    "jcb": ([(3528, 3589)], [16]),
    "unionpay": ([(62, 62)], [16]),
    "diners": ([(36, 36)], [14]),
}


def card_brand(d):
    for brand, (ranges, lengths) in CARD_BRANDS.items():
        if len(d) not in lengths:
            continue
        for lo, hi in ranges:
            if lo <= int(d[: len(str(lo))]) <= hi:
                return brand
    return None


def card_valid(d):
    return d.isdigit() and card_brand(d) is not None and luhn_ok(d)


AREA_CODES = ["02", "031", "032", "033", "041", "042", "043", "044", "051", "052", "053", "054", "055"]
AREA_CODES += ["061", "062", "063", "064"]


def phone_plausible(d):
    """Could this digit string be a Korean mobile or landline number (domestic or +82 form)?"""
    if d.startswith("82") and len(d) >= 10:
        d = "0" + d[2:]
    if re.fullmatch(r"01[016789]\d{7,8}", d) or re.fullmatch(r"070\d{7,8}", d):
        return True
    if re.fullmatch(r"050[2-8]\d{7,8}", d):
        return True
    return any(d.startswith(a) and len(d) - len(a) in (7, 8) for a in AREA_CODES)


def ip_global(s):
    try:
        ip = ipaddress.ip_address(s)
    except ValueError:
        return False
    return ip.is_global and not ip.is_multicast


# --- value data ----------------------------------------------------------------------------------

# bank id -> (names written next to the number, digit groups, leading digits of real accounts)
BANKS = {
    "kb": (["KB국민은행", "국민은행", "국민"], (6, 2, 6), [""]),
    "shinhan": (["신한은행", "신한"], (3, 3, 6), ["110", "140", "100"]),
    "woori": (["우리은행", "우리"], (4, 3, 6), ["1002", "1005"]),
    "hana": (["하나은행", "하나"], (3, 6, 5), ["1", "2", "3", "6"]),
    "nh": (["NH농협", "농협은행", "농협"], (3, 4, 4, 2), ["301", "302", "351", "352", "356"]),
    "ibk": (["IBK기업은행", "기업은행"], (3, 6, 2, 3), ["0", "1", "2", "5"]),
    "kakaobank": (["카카오뱅크", "카뱅"], (4, 2, 7), ["3333", "3355", "3388", "7979"]),
    "tossbank": (["토스뱅크"], (4, 4, 4), ["1000", "1001", "1908"]),
    "kbank": (["케이뱅크"], (3, 3, 6), ["100", "101"]),
    "sc": (["SC제일은행", "제일은행"], (3, 2, 6), ["1", "2", "5", "6"]),
    "epost": (["우체국"], (6, 2, 6), ["0", "1", "3", "5"]),
    "kfcc": (["새마을금고"], (4, 4, 4, 1), ["9002", "9003", "9100"]),
    "busan": (["부산은행", "BNK부산은행"], (3, 4, 4, 2), ["101", "112"]),
    "im": (["iM뱅크", "대구은행"], (3, 2, 6, 1), ["505", "508"]),
    "cu": (["신협"], (3, 3, 6), ["131", "132"]),
}
BANK_WEIGHTS = {"kb": 14, "shinhan": 13, "woori": 10, "hana": 9, "nh": 11, "ibk": 6, "kakaobank": 14, "tossbank": 7}
ACCOUNT_GROUPINGS = [b[1] for b in BANKS.values()]

EMAIL_DOMAINS = {
    "portal": ["naver.com", "daum.net", "hanmail.net", "kakao.com", "nate.com", "gmail.com", "hotmail.com"]
    + ["outlook.com", "icloud.com", "yahoo.co.kr", "korea.com"],
    "company": ["samsung.com", "lgcns.com", "sk.com", "kt.com", "cj.net", "lotte.net", "hyundai-ite.com"]
    + ["bookmarkers.com", "fieldgear.net", "nurilab.com", "moaplanet.com", "baramsoft.net"],
    "ac_kr": ["snu.ac.kr", "korea.ac.kr", "yonsei.ac.kr", "kaist.ac.kr", "postech.ac.kr", "pusan.ac.kr"]
    + ["jnu.ac.kr", "knu.ac.kr", "hanyang.ac.kr", "ewha.ac.kr", "inha.ac.kr", "cnu.ac.kr", "jbnu.ac.kr"],
    "go_kr": ["korea.kr", "seoul.go.kr", "busan.go.kr", "gwd.go.kr", "jeju.go.kr", "mois.go.kr", "mss.go.kr"]
    + ["kdca.go.kr", "police.go.kr", "gg.go.kr"],
    "or_kr": ["redcross.or.kr", "kotra.or.kr", "kbsa.or.kr", "kyci.or.kr", "animalfriends.or.kr"]
    + ["seoulpet.or.kr", "kfta.or.kr", "hrdkorea.or.kr", "kosurf.or.kr"],
    "co_kr": ["kyobobook.co.kr", "ypbooks.co.kr", "hanbitbiz.co.kr", "yangyangsurf.co.kr", "sonsuje.co.kr"]
    + ["hanokstay.co.kr", "gudubang.co.kr", "greenfield.co.kr", "skihouse.co.kr", "jipdream.co.kr"],
    "cctld": ["yahoo.co.jp", "docomo.ne.jp", "gmx.de", "web.de", "orange.fr", "btinternet.co.uk"]
    + ["bigpond.com.au", "shaw.ca", "fpt.vn", "qq.cn", "hinet.net.tw", "studio.kr", "mail.ru"],
    "new_gtld": ["booknook.shop", "onsen.kim", "heelfix.store", "teeup.golf", "wave.surf", "hanbok.studio"]
    + ["lifeblood.team", "buildday.dev", "pawsome.pet", "powder.ski", "passnote.academy", "roomtone.design"]
    + ["streetbite.cafe", "filmroll.camera", "seoulhack.app", "mapo.seoul", "haeundae.busan", "oldlens.photo"]
    + ["daily.xyz", "nook.online", "shutter.photography", "mynote.site", "hangang.life"],
}
EMAIL_DETAIL_WEIGHTS = [("portal", 40), ("company", 10), ("ac_kr", 9), ("go_kr", 7), ("or_kr", 8)]
EMAIL_DETAIL_WEIGHTS += [("co_kr", 11), ("cctld", 7), ("new_gtld", 12)]
KNOWN_TLDS = sorted({d.rsplit(".", 1)[1] for ds in EMAIL_DOMAINS.values() for d in ds} | {"org", "io", "co"})
FILE_EXTS = ["png", "jpg", "jpeg", "gif", "webp", "svg", "git", "js", "ts", "json", "md", "pdf", "txt", "css"]

ROMAN_SURNAMES = ["kim", "lee", "park", "choi", "jung", "kang", "cho", "yoon", "jang", "lim", "han", "oh", "seo"]
ROMAN_SURNAMES += ["shin", "kwon", "hwang", "ahn", "song", "yoo", "hong", "jeon", "ko", "moon", "yang", "bae"]
ROMAN_GIVEN = ["minji", "jihoon", "seoyeon", "dohyun", "hayoon", "junwoo", "sujin", "eunji", "taeyang"]
ROMAN_GIVEN += ["yerin", "minsu", "jiwoo", "hyunwoo", "sora", "daeun", "seungmin", "nari", "yujin", "kyungho"]
ROMAN_WORDS = ["sunny", "moonlight", "bori", "dalgom", "happyday", "coffee", "blue", "mint", "tiger", "wave"]
ROMAN_WORDS += ["film", "paws", "book", "snow", "green", "jjang", "gom", "star", "lucky", "hana"]
ROLE_LOCALS = ["info", "help", "contact", "booking", "event", "rental", "admin", "support", "cs", "hello"]

SURNAMES = list("김이박최정강조윤장임한오서신권황안송류홍전고문양배백허남심노하곽성차주우구민")
GIVEN_SYL = list("민서지현수영준우하은예도윤연진호성재희경아유승태혜정원석주나라미소빈채")
NICKS = ["바람돌이", "책벌레", "온천러버", "구두장인", "백돌이", "파도타기", "한복곰", "헌혈왕", "밤샘코더"]
NICKS += ["냥집사", "보드초보", "합격기원", "집꾸미기", "타코러버", "필름감성", "동네주민", "초보맘", "빵순이"]


def name():
    return pick(SURNAMES) + pick(GIVEN_SYL) + pick(GIVEN_SYL)


def nick():
    return pick(NICKS) + pick(["", "", "님", "짱"])


FILLERS = {"name": name, "nick": nick}

# --- decoy screening -------------------------------------------------------------------------------

EMAIL_RE = re.compile(r"[A-Za-z0-9._%+-]+@[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)*\.([A-Za-z]{2,})(?![A-Za-z])")
IPV4_RE = re.compile(r"(?<![\d.])\d{1,3}(?:\.\d{1,3}){3}(?![\d.])")
IPV6_RE = re.compile(r"(?<![0-9A-Za-z:])[0-9A-Fa-f]{0,4}(?::[0-9A-Fa-f]{0,4}){2,7}(?![0-9A-Za-z:])")
DIGIT_RUN_RE = re.compile(r"\d(?:[\d\- .]*\d)?")


def looks_like_value(s, kind=""):
    """True if a decoy string could pass as a value of any kind (then it is regenerated)."""
    t = unicodedata.normalize("NFKC", s)
    for run in DIGIT_RUN_RE.findall(t):
        for piece in [run, *run.split(" ")]:
            d = re.sub(r"\D", "", piece)
            if len(d) == 13 and rrn_plausible(d):
                return True
            if 13 <= len(d) <= 19 and luhn_ok(d):
                return True
            if phone_plausible(d):
                return True
            groups = tuple(len(g) for g in re.split(r"[- .]", piece) if g)
            if groups in ACCOUNT_GROUPINGS and re.search(r"[- ]", piece) and not d.startswith(("050", "080")):
                return True
    for m in IPV4_RE.finditer(t):
        if ip_global(m.group()):
            return True
    for m in IPV6_RE.finditer(t):
        if m.group().count(":") >= 2 and ip_global(m.group()):
            return True
    if kind != "git_remote":
        for m in EMAIL_RE.finditer(t):
            if m.group(1).lower() not in FILE_EXTS:
                return True
    return False


# --- value generators: each returns segments (text, role, kind, form); role "v" value, "d" decoy -----


def choose_style(common):
    """A common style with probability 0.8, else one of the less common / evasive styles."""
    if chance(EVASIVE_P):
        return pick(EVASIVE_STYLES[common])
    return wpick(COMMON_STYLES[common])


COMMON_STYLES = {
    "rrn": [("hyphen", 75), ("plain", 15), ("space", 10)],
    "mobile": [("hyphen", 55), ("plain", 20), ("dots", 10), ("space", 15)],
    "landline": [("hyphen", 50), ("paren_area", 22), ("dots", 8), ("space", 12), ("plain", 8)],
    "email": [("plain", 1)],
    "ipv4": [("dotted", 1)],
    "ipv6": [("compressed", 1)],
    "card": [("hyphen", 55), ("space", 27), ("plain", 18)],
    "account": [("hyphen", 65), ("plain", 20), ("space", 15)],
}
EVASIVE_STYLES = {
    "rrn": ["fullwidth", "spaced_digits", "hangul_dash", "hangul_digits", "hangul_mixed"],
    "mobile": ["hangul_digits", "hangul_mixed", "spaced_digits", "plus82", "intl82", "fullwidth", "hangul_dash"],
    "landline": ["hangul_digits", "hangul_mixed", "plus82", "fullwidth", "spaced_digits", "hangul_dash"],
    "email": ["at_dot_words", "paren_at", "bracket_at", "korean_at", "spaced_at", "fullwidth_at", "korean_words"]
    + ["defanged"],
    "ipv4": ["defanged", "paren_dot", "spaced_dots", "fullwidth"],
    "ipv6": ["exploded", "upper"],
    "card": ["dots", "fullwidth", "hangul_dash", "slash", "mixed_sep"],
    "account": ["dots", "fullwidth", "hangul_dash", "spaced_digits", "hangul_digits", "hangul_mixed"],
}


def render_groups(groups, style):
    s = "-".join(groups)
    simple = {"hyphen": "-", "plain": "", "dots": ".", "space": " ", "hangul_dash": "ㅡ", "slash": "/"}
    if style in simple:
        return simple[style].join(groups)
    if style == "fullwidth":
        return to_fullwidth(s)
    if style == "spaced_digits":
        return spaced_digits(s)
    if style == "hangul_digits":
        return to_hangul(s, zero=pick(["공", "공", "영"]))
    if style == "hangul_mixed":
        return to_hangul_mixed(s)
    if style == "mixed_sep":
        seps = [pick(["-", " "]) for _ in groups[1:]]
        if len(set(seps)) == 1:
            seps[0] = "-" if seps[0] == " " else " "
        return groups[0] + "".join(sep + g for sep, g in zip(seps, groups[1:], strict=True))
    raise ValueError(style)


def value_seg(kind, text, detail, style):
    return (text, "v", kind, f"{kind}/{detail}/{style}")


def rrn_digits():
    while True:
        foreign = False
        if chance(0.1):
            born = RRN_REFORM + timedelta(days=RNG.randrange((date(2025, 12, 31) - RRN_REFORM).days))
            detail = "native_post2020"
        else:
            born = date(1942, 1, 1) + timedelta(days=RNG.randrange((date(2020, 9, 30) - date(1942, 1, 1)).days))
            foreign = chance(0.14)
            detail = ("foreign_" if foreign else "native_") + ("1900s" if born.year < 2000 else "2000s")
        g = (5 if foreign else 1) if born.year < 2000 else (7 if foreign else 3)
        head = f"{born:%y%m%d}{g + RNG.randrange(2)}"
        if born >= RRN_REFORM:
            d = head + digits(6)
        elif foreign:
            body = head + f"{RNG.randrange(0, 100, 2):02d}" + digits(2) + str(RNG.randrange(6, 10))
            d = body + str((13 - rrn_sum(body) % 11) % 10)
        else:
            body = head + digits(5)
            d = body + str((11 - rrn_sum(body) % 11) % 10)
        if rrn_valid(d) and not luhn_ok(d) and not phone_plausible(d):
            return d, detail


def gen_rrn():
    d, detail = rrn_digits()
    style = choose_style("rrn")
    return [value_seg("rrn", render_groups([d[:6], d[6:]], style), detail, style)]


def intl_phone(groups, style):
    """+82 / 82- forms drop the trunk 0 of the first group."""
    rest = [groups[0][1:], *groups[1:]]
    if style == "plus82":
        return pick(["+82 ", "+82-", "+82 (0)", "+82."]) + "-".join(rest) if chance(0.8) else "+82" + "".join(rest)
    return pick(["82-", "82 ", "82)"]) + "-".join(rest)


def gen_mobile():
    prefix = wpick([("010", 92), ("011", 2), ("016", 2), ("017", 1.5), ("018", 1), ("019", 1.5)])
    mid_len = 4 if prefix == "010" else pick([3, 4])
    groups = [prefix, str(RNG.randrange(2, 10)) + digits(mid_len - 1), digits(4)]
    style = choose_style("mobile")
    text = intl_phone(groups, style) if style in ("plus82", "intl82") else render_groups(groups, style)
    return [value_seg("mobile", text, prefix, style)]


def landline_groups():
    sort = wpick([("area", 66), ("070", 19), ("safe", 15)])
    if sort == "area":
        code = wpick([("02", 34)] + [(a, 4) for a in AREA_CODES[1:]])
        mid = str(RNG.randrange(2, 10)) + digits(pick([2, 3]))
        detail = "seoul_02" if code == "02" else f"area_{code}"
    elif sort == "070":
        code, mid, detail = "070", pick("4578") + digits(3), "internet_070"
    else:
        code = f"050{RNG.randrange(2, 9)}"
        mid, detail = str(RNG.randrange(1, 10)) + digits(3), f"safe_{code}"
    return [code, mid, digits(4)], detail


def gen_landline():
    groups, detail = landline_groups()
    style = choose_style("landline")
    if style == "paren_area":
        text = f"({groups[0]}){pick([' ', ' ', ''])}{groups[1]}-{groups[2]}"
    elif style == "plus82":
        text = intl_phone(groups, style)
    else:
        text = render_groups(groups, style)
    return [value_seg("landline", text, detail, style)]


def email_local(detail):
    sur, given = pick(ROMAN_SURNAMES), pick(ROMAN_GIVEN)
    if detail in ("company", "go_kr", "or_kr", "co_kr", "new_gtld") and chance(0.35):
        return pick(ROLE_LOCALS) + pick(["", "", "2", "_kr", ".desk"])
    shape = RNG.randrange(6)
    if shape == 0:
        return f"{given}.{sur}"
    if shape == 1:
        return f"{sur}{given}{RNG.randrange(70, 100) if chance(0.5) else RNG.randrange(1, 30):02d}"
    if shape == 2:
        return f"{given[0]}{given[-1]}{sur}" if detail == "ac_kr" else f"{pick(ROMAN_WORDS)}_{given}"
    if shape == 3:
        return f"{pick(ROMAN_WORDS)}{pick(ROMAN_WORDS)}{digits(pick([0, 2, 3]))}"
    if shape == 4:
        return f"{sur}.{given}{digits(pick([0, 2]))}"
    return f"{given}-{sur}"


def email_parts():
    detail = wpick(EMAIL_DETAIL_WEIGHTS)
    return email_local(detail), pick(EMAIL_DOMAINS[detail]), detail


def render_email(local, domain, style):
    forms = {
        "plain": lambda: f"{local}@{domain}",
        "at_dot_words": lambda: f"{local} at {domain.replace('.', ' dot ')}",
        "paren_at": lambda: f"{local}(at){domain}",
        "bracket_at": lambda: f"{local}[at]{domain.replace('.', pick(['[dot]', '.']))}",
        "korean_at": lambda: f"{local}{pick([' 골뱅이 ', '골뱅이'])}{domain}",
        "spaced_at": lambda: f"{local} @ {domain}",
        "fullwidth_at": lambda: f"{local}＠{domain}",
        "korean_words": lambda: f"{local} 앳 {domain.replace('.', ' 닷 ')}",
        "defanged": lambda: f"{local}[@]{domain.replace('.', '[.]')}",
    }
    return forms[style]()


def gen_email():
    local, domain, detail = email_parts()
    style = choose_style("email")
    return [value_seg("email", render_email(local, domain, style), detail, style)]


V4_FIRST = [1, 14, 27, 39, 42, 49, 58, 59, 61, 106, 110, 112, 114, 115, 118, 119, 121, 122, 124, 125]
V4_FIRST += [175, 180, 182, 183, 210, 211, 218, 220, 221, 222, 223]
V6_PREFIXES = ["2001:2d8", "2001:e60", "2406:5900", "2404:6800", "2400:cb00", "2001:4430", "2406:da12"]
V6_PREFIXES += ["2600:1f18", "240e:3b7", "2a03:2880"]


def ipv4_text():
    while True:
        s = f"{pick(V4_FIRST)}.{RNG.randrange(256)}.{RNG.randrange(256)}.{RNG.randrange(1, 255)}"
        if ip_global(s):
            return s


def ipv6_addr():
    while True:
        head = [int(h, 16) for h in pick(V6_PREFIXES).split(":")]
        tail = [0 if chance(0.3) else RNG.randrange(1, 0x10000) for _ in range(8 - len(head))]
        if chance(0.6):
            start = RNG.randrange(0, 3)
            for i in range(start, min(start + RNG.randrange(2, 5), len(tail) - 1)):
                tail[i] = 0
        value = 0
        for h in head + tail:
            value = (value << 16) | h
        addr = ipaddress.IPv6Address(value)
        if ip_global(str(addr)):
            return addr


def ip_segment():
    if chance(0.75):
        text = ipv4_text()
        style = choose_style("ipv4")
        if style == "defanged":
            text = text.replace(".", "[.]")
        elif style == "paren_dot":
            text = text.replace(".", "(.)")
        elif style == "spaced_dots":
            text = text.replace(".", pick([" . ", ". "]))
        elif style == "fullwidth":
            text = to_fullwidth(text)
        return value_seg("ip", text, "v4", style), False
    addr = ipv6_addr()
    style = choose_style("ipv6")
    text = {"compressed": str(addr), "exploded": addr.exploded, "upper": str(addr).upper()}[style]
    return value_seg("ip", text, "v6", style), True


def gen_ip():
    return [ip_segment()[0]]


def port_seg():
    return (decoy("port"), "d", "port", "")


def gen_ipport():
    seg, v6 = ip_segment()
    if v6:
        return [("[", "", "", ""), seg, ("]:", "", "", ""), port_seg()]
    return [seg, (":", "", "", ""), port_seg()]


CARD_WEIGHTS = [("visa", 38), ("mastercard", 30), ("amex", 8), ("jcb", 10), ("unionpay", 8), ("diners", 6)]
CARD_GROUPS = {14: (4, 6, 4), 15: (4, 6, 5), 16: (4, 4, 4, 4)}


def split_groups(d, sizes):
    out, i = [], 0
    for n in sizes:
        out.append(d[i : i + n])
        i += n
    return out


def card_digits(brand=None):
    brand = brand or wpick(CARD_WEIGHTS)
    if brand == "visa":
        prefix = "4" + pick(["518", "364", "673", "906", "265", "119", "579", "046"])
    elif brand == "mastercard":
        prefix = str(RNG.randrange(2221, 2721)) if chance(0.2) else str(RNG.randrange(51, 56))
    elif brand == "amex":
        prefix = pick(["34", "37"])
    elif brand == "jcb":
        prefix = str(RNG.randrange(3528, 3590))
    elif brand == "unionpay":
        prefix = "62" + pick(["4", "5", "8"])
    else:
        prefix = "36"
    length = CARD_BRANDS[brand][1][0]
    d = luhn_complete(prefix + digits(length - 1 - len(prefix)))
    assert card_valid(d) and card_brand(d) == brand, d
    return d, brand


def gen_card():
    d, brand = card_digits()
    style = choose_style("card")
    return [value_seg("card", render_groups(split_groups(d, CARD_GROUPS[len(d)]), style), brand, style)]


def account_digits(bank):
    sizes, leads = BANKS[bank][1], BANKS[bank][2]
    while True:
        lead = pick(leads)
        d = lead + digits(sum(sizes) - len(lead))
        if len(d) == 13 and rrn_plausible(d):
            continue
        if phone_plausible(d) or (len(d) >= 13 and luhn_ok(d)) or d.startswith(("000", "050", "080")):
            continue
        return d


def bank_pick():
    return wpick([(b, BANK_WEIGHTS.get(b, 2)) for b in BANKS])


def with_bank(bank, seg):
    """Place the bank name around a number segment; the bank name stays outside the span."""
    bank_name = pick(BANKS[bank][0])
    shape = wpick([("before", 52), ("touch", 10), ("paren_after", 16), ("after", 10), ("word", 12)])
    if shape == "before":
        return [(bank_name + " ", "", "", ""), seg]
    if shape == "touch":
        return [(bank_name, "", "", ""), seg]
    if shape == "paren_after":
        return [seg, (f" ({bank_name})", "", "", "")]
    if shape == "after":
        return [seg, (" " + bank_name, "", "", "")]
    return [(f"{bank_name} {pick(['계좌', '계좌번호', '입금계좌'])} ", "", "", ""), seg]


def gen_account():
    bank = bank_pick()
    d = account_digits(bank)
    style = choose_style("account")
    text = render_groups(split_groups(d, BANKS[bank][1]), style)
    return with_bank(bank, value_seg("account", text, bank, style))


VALUE_GEN = {
    "rrn": gen_rrn,
    "mobile": gen_mobile,
    "landline": gen_landline,
    "email": gen_email,
    "ip": gen_ip,
    "ipport": gen_ipport,
    "card": gen_card,
    "account": gen_account,
}


# --- decoy generators ----------------------------------------------------------------------------

WEEKDAYS = "월화수목금토일"


def d_date():
    dt = date(2024, 1, 1) + timedelta(days=RNG.randrange(1000))
    forms = [f"{dt:%Y.%m.%d}", f"{dt.year}년 {dt.month}월 {dt.day}일", f"{dt.month}/{dt.day}({WEEKDAYS[dt.weekday()]})"]
    forms += [f"{dt:%Y-%m-%d}", f"{dt.month}월 {dt.day}일", f"{dt:%y.%m.%d}", f"{dt.month}.{dt.day}"]
    return pick(forms)


def d_time():
    h, m = RNG.randrange(6, 23), pick([0, 0, 10, 20, 30, 30, 40, 50])
    h12 = h - 12 if h > 12 else h
    forms = [f"{h:02d}:{m:02d}", f"{'오후' if h >= 12 else '오전'} {h12}시" + (f" {m}분" if m else "")]
    forms += [f"{h:02d}:{m:02d}~{min(h + RNG.randrange(1, 9), 23):02d}:00", f"{h12}시 반" if m == 30 else f"{h}시"]
    return pick(forms)


def won_text(won):
    if won >= 10000 and won % 10000 == 0 and chance(0.4):
        return f"{won // 10000:,}만원"
    return pick([f"{won:,}원", f"₩{won:,}", f"{won:,}원"])


def d_price():
    tier = RNG.random()
    if tier < 0.5:
        won = RNG.randrange(2, 60) * 500
    elif tier < 0.85:
        won = RNG.randrange(30, 300) * 1000
    else:
        won = RNG.randrange(30, 200) * 10000
    return won_text(won)


def d_menu_price():
    return won_text(RNG.randrange(6, 30) * 500)


def d_big_price():
    return won_text(RNG.randrange(100, 8000) * 10000)


def d_quantity():
    n = RNG.randrange(1, 60)
    return f"{n}{pick(['개', '개', '박스', '팩', '세트', '묶음'])}"


def d_version():
    a, b, c = RNG.randrange(0, 20), RNG.randrange(0, 30), RNG.randrange(0, 40)
    return pick([f"v{a}.{b}.{c}", f"ver {a}.{b}", f"{a}.{b}.{c}", f"v{a}.{b}"])


def d_statistic():
    x = RNG.randrange(1, 1000) / 10
    return pick([f"{x}%", f"{x:.1f}%", f"{x}%p"])


def d_score():
    return pick(
        [f"4.{digits(1)}/5.0", f"{RNG.randrange(40, 101)}점", f"★4.{digits(1)}", f"{RNG.randrange(60, 99)}/100"]
    )


def d_hash():
    return pattern("~" * pick([7, 8, 12, 40, 64]))


def d_uuid():
    return str(uuid.UUID(int=RNG.getrandbits(128), version=4))


def ean13(body12):
    s = sum(int(c) * (3 if i % 2 else 1) for i, c in enumerate(body12))
    return body12 + str((10 - s % 10) % 10)


def d_ean():
    return ean13("880" + digits(9))


def d_isbn():
    body = "979" + "11" + nz_digits(4) + digits(3)
    full = ean13(body)
    if chance(0.5):
        return f"{full[:3]}-{full[3:5]}-{full[5:9]}-{full[9:12]}-{full[12]}"
    return full


def d_business_reg_no():
    body = f"{RNG.randrange(101, 900)}{RNG.randrange(1, 100):02d}" + digits(4)
    w = [1, 3, 7, 1, 3, 7, 1, 3, 5]
    s = sum(int(c) * k for c, k in zip(body, w, strict=True)) + int(body[8]) * 5 // 10
    d = body + str((10 - s % 10) % 10)
    return f"{d[:3]}-{d[3:5]}-{d[5:]}"


CORP_OFFICES = ["1101", "1301", "1311", "1345", "1201", "1801", "2001", "1501", "1611", "2801", "1358"]
CORP_OFFICES += ["1442", "1541", "1711", "2111", "2311", "2414", "2611", "1150", "1749"]


def d_corporate_reg_no():
    body = pick(CORP_OFFICES) + pick(["11", "12", "13", "14", "21", "22", "71", "15"]) + "0" + digits(5)
    s = sum(int(c) * (1 if i % 2 == 0 else 2) for i, c in enumerate(body))
    d = body + str((10 - s % 10) % 10)
    return f"{d[:6]}-{d[6:]}"


def d_invalid_rrn():
    yy = digits(2)
    if chance(0.5):
        mmdd = f"{RNG.randrange(13, 100):02d}{RNG.randrange(1, 29):02d}"
    else:
        mmdd = f"{RNG.randrange(1, 13):02d}{pick([0, *range(32, 100)]):02d}"
    return f"{yy}{mmdd}-{RNG.randrange(1, 5)}{digits(6)}"


REP_PREFIXES = ["1588", "1577", "1544", "1566", "1600", "1644", "1661", "1670", "1688", "1800", "1833", "1899"]
FAKE_AREA = ["035", "036", "037", "038", "039", "045", "046", "047", "048", "049", "056", "057", "058", "059"]
FAKE_AREA += ["065", "066", "067", "068", "069"]
SHORT_NUMBERS = ["114", "119", "112", "120", "1330", "1345", "131", "182", "1366", "1388", "111", "113"]


def d_rep_number():
    return f"{pick(REP_PREFIXES)}{pick(['-', '-', ' ', ''])}{digits(4)}"


def d_toll_free_080():
    return f"080-{nz_digits(pick([3, 4]))}-{digits(4)}"


def d_relay_0500():
    return f"{pick(['0500', '0501'])}-{nz_digits(4)}-{digits(4)}"


def d_short_number():
    return pick(SHORT_NUMBERS)


def d_fake_area_phone():
    return f"{pick(FAKE_AREA)}-{nz_digits(pick([3, 4]))}-{digits(4)}"


def d_gift_pin():
    n = pick([16, 16, 18])
    while True:
        d = nz_digits(n)
        if not luhn_ok(d):
            break
    groups = split_groups(d, (4, 4, 4, 4) if n == 16 else (4, 4, 4, 6))
    return pick(["-", " ", "-"]).join(groups)


def d_port():
    return str(pick([80, 443, 8080, 8443, 3000, 3306, 5432, 6379, 8000, 8888, 22, 2222, 9000, 27017, 5000]))


def d_private_ip():
    forms = [
        f"192.168.{RNG.randrange(0, 5)}.{RNG.randrange(1, 255)}",
        f"10.{RNG.randrange(256)}.{RNG.randrange(256)}.{RNG.randrange(1, 255)}",
        f"172.{RNG.randrange(16, 32)}.{RNG.randrange(256)}.{RNG.randrange(1, 255)}",
        "127.0.0.1",
        f"100.{RNG.randrange(64, 128)}.{RNG.randrange(256)}.{RNG.randrange(1, 255)}",
        f"169.254.{RNG.randrange(256)}.{RNG.randrange(1, 255)}",
        f"203.0.113.{RNG.randrange(1, 255)}",
        f"198.51.100.{RNG.randrange(1, 255)}",
        f"fe80::{pattern('~~~~')}:{pattern('~~ff')}:fe{pattern('~~')}:{pattern('~~~~')}",
        f"fd{pattern('~~')}:{pattern('~~~~')}::{RNG.randrange(1, 99)}",
        f"2001:db8::{pattern('~~~')}",
    ]
    return pick(forms)


HANDLE_WORDS = ["daily", "busan", "seoul", "official", "lover", "zip", "log", "lab", "club", "studio", "crew", "mate"]


def handle():
    return pick(ROMAN_WORDS) + pick(["_", ".", ""]) + pick(HANDLE_WORDS) + pick(["", "", digits(2)])


def d_mention():
    return "@" + handle()


def d_npm_scope():
    scope = pick(["hackday", "seoulhack", "team-nuri", "buildday", "types", "moa", "wave-lab"])
    return f"@{scope}/{pick(['ui-kit', 'utils', 'api-client', 'node', 'react', 'eslint-config', 'hooks'])}"


def d_npm_version():
    pkg = pick(["react", "next", "vite", "express", "axios", "typescript", "prisma", "zod"])
    return f"{pkg}@{RNG.randrange(1, 20)}.{RNG.randrange(0, 15)}.{RNG.randrange(0, 10)}"


def d_image_file():
    stem = pick(["logo", "banner_main", "icon-home", "btn_submit", "profile", "hero", "thumb_01", "splash"])
    return f"{stem}@{pick(['2', '3'])}x.{pick(['png', 'png', 'webp', 'jpg'])}"


def d_git_remote():
    host = pick(["github.com", "gitlab.com", "bitbucket.org"])
    org = pick(["team-nuri", "seoulhack", "wave-lab", "moa-dev", "buildday", "ggul-team"])
    repo = pick(["backend", "frontend", "api-server", "app", "ml-pipeline", "infra", "demo"])
    return f"git@{host}:{org}/{repo}.git"


def d_coordinate():
    lat, lon = 33.1 + RNG.random() * 5, 126.1 + RNG.random() * 3.2
    if chance(0.7):
        return f"{lat:.{pick([4, 5, 6])}f}, {lon:.{pick([4, 5, 6])}f}"
    return f"N {int(lat)}°{RNG.randrange(60)}′ E {int(lon)}°{RNG.randrange(60)}′"


def d_postal_code():
    return f"{RNG.randrange(1000, 63645):05d}"


def d_room_no():
    return pick(
        [f"{RNG.randrange(1, 20)}0{RNG.randrange(1, 10)}호", f"{pick('ABC')}동 {RNG.randrange(1, 15)}0{digits(1)}호"]
    )


def d_meeting_id():
    return pick([pattern("8## #### ####"), pattern("9## ### ####"), pattern("%##-###-####")])


def d_otp():
    return pick([pattern("%#####"), pattern("[%#####]"), pattern("%###")])


def d_approval_no():
    return pattern(pick(["%#######", "%#######", "%##-####-#"]))


# --- masked values (decoys, not spans) -------------------------------------------------------------


def d_masked_rrn():
    d = rrn_digits()[0]
    forms = [f"{d[:6]}-{d[6]}******", f"{d[:6]}-*******", f"{d[:2]}****-{d[6]}******", f"{d[:6]}-{d[6]}XXXXXX"]
    forms += [f"{d[:6]}-{d[6]}●●●●●●", f"{d[:6]}-{d[6]}xxxxxx"]
    return pick(forms)


def d_masked_mobile():
    p, a, b = "010", str(RNG.randrange(2, 10)) + digits(3), digits(4)
    forms = [f"{p}-****-{b}", f"{p}-{a[:2]}**-{b[:2]}**", f"{p}-{a}-****", f"{p}-XXXX-{b}", f"{p}-○○○○-{b}"]
    forms += [f"{p}-****-****", f"{p}-{a[0]}***-{b}", f"{p}****{b}"]
    return pick(forms)


def d_masked_landline():
    groups = landline_groups()[0]
    c, a, b = groups
    return pick([f"{c}-***-{b}", f"{c}-{a}-****", f"({c}) ****-{b}", f"{c}-{'*' * len(a)}-****", f"{c}-XXX-{b}"])


def d_masked_email():
    local, domain, _ = email_parts()
    keep = RNG.randrange(0, 4)
    return f"{local[:keep]}{'*' * pick([3, 4, 5])}@{domain}"


def d_masked_ip():
    parts = ipv4_text().split(".")
    forms = [f"{parts[0]}.{parts[1]}.*.*", f"{parts[0]}.{parts[1]}.xxx.xxx", f"{parts[0]}.***.{parts[2]}.{parts[3]}"]
    forms += [f"{parts[0]}.{parts[1]}.{parts[2]}.***", f"({parts[0]}.{parts[1]})"]
    return pick(forms)


def d_masked_card():
    d, _ = card_digits()
    if len(d) != 16:
        return f"{d[:4]}-******-*{d[-4:]}"
    forms = [f"{d[:4]}-****-****-{d[12:]}", f"{d[:4]}-{d[4:6]}**-****-{d[12:]}", f"**** **** **** {d[12:]}"]
    forms += [f"{d[:6]}******{d[12:]}", f"{d[:4]}-XXXX-XXXX-{d[12:]}"]
    return pick(forms)


def masked_account_text(bank):
    groups = split_groups(account_digits(bank), BANKS[bank][1])
    i = RNG.randrange(1, len(groups))
    masked = [("*" * len(g) if j == i or (j > i and chance(0.3)) else g) for j, g in enumerate(groups)]
    return "-".join(masked)


PATTERNS = {
    "order_no": ["ORD-%#####-####", "No.%########", "B%#########", "%########-####"],
    "invoice_no": ["%###########", "%## #### ####"],
    "tracking_no": ["EE#########KR", "RR#########KR", "%###########"],
    "reservation_no": ["RSV-%#####", "^^%####", "%#######", "R%##-%###"],
    "receipt_no": ["No. %#####", "%####-###", "%###-####-###"],
    "claim_no": ["CLM-20%#-%#####", "%###-%######"],
    "policy_no": ["L%#########", "%##-##-#######"],
    "registered_mail_no": ["%######-######", "%############"],
    "case_no": ["20%#가단%####", "20%#고합%##", "20%#-%###"],
    "student_id": ["20%#%#####", "20%#-%####"],
    "employee_id": ["^%#####", "EMP-%####"],
    "serial": ["%######", "^^%#######", "No.%######", "^%##-####"],
    "model_code": ["^^-%##", "^^%##^", "^-%###"],
}


def d_headcount():
    return f"{RNG.randrange(2, 40) if chance(0.8) else RNG.randrange(40, 150)}명"


def d_duration():
    n = RNG.randrange(1, 9)
    return pick([f"{n}일", f"{n + 1}일", f"{n}주", f"{n}박 {n + 1}일", f"{n}개월", f"{n * 7}일"])


def d_hours():
    return pick(
        [f"{RNG.randrange(1, 9)}시간", f"{RNG.randrange(2, 12) * 5}분", f"{RNG.randrange(1, 4)}시간 {pick([10, 30])}분"]
    )


def d_count():
    return f"{RNG.randrange(1, 80)}{pick(['회', '건', '번', '차례'])}"


def d_age():
    return pick([f"{RNG.randrange(1, 15)}살", f"{RNG.randrange(2, 12)}개월", f"추정 {RNG.randrange(1, 12)}세"])


def d_temperature():
    return pick([f"{RNG.randrange(15, 46)}.{digits(1)}℃", f"{RNG.randrange(-15, 30)}도", f"{RNG.randrange(36, 46)}°C"])


def d_shoe_size():
    return pick([f"{RNG.randrange(220, 300, 5)}mm", f"{RNG.randrange(220, 300, 5)}", f"US {RNG.randrange(5, 13)}"])


def d_distance():
    return pick([f"{RNG.randrange(120, 280)}m", f"{RNG.randrange(100, 300)}야드", f"{RNG.randrange(150, 260)}미터"])


def d_club():
    return pick(["7번 아이언", "5번 아이언", "3번 우드", "56도 웨지", "52도 웨지", "9번 아이언", "4번 유틸"])


def d_handicap():
    return pick([f"{RNG.randrange(5, 36)}", f"+{RNG.randrange(1, 4)}", f"{RNG.randrange(70, 110)}타"])


def d_wave_height():
    return f"{RNG.randrange(3, 30) / 10}m"


def d_wave_period():
    return f"{RNG.randrange(4, 15)}초"


def d_board_length():
    return f"{RNG.randrange(5, 10)}'{RNG.randrange(0, 12)}\""


def d_wetsuit():
    return pick(["3/2mm", "4/3mm", "5/4mm", "2mm", "3mm"])


def d_garment_size():
    return pick(["44", "55", "66", "77", "88", "S", "M", "L", "XL"] + [f"{RNG.randrange(85, 111, 5)}"])


def d_length_cm():
    return f"{RNG.randrange(60, 160)}cm"


def d_body_weight():
    return f"{RNG.randrange(45, 95)}kg"


def d_blood_pressure():
    return f"{RNG.randrange(100, 145)}/{RNG.randrange(60, 95)}"


def d_hemoglobin():
    return f"{RNG.randrange(120, 170) / 10}g/dL"


def d_animal_weight():
    return f"{RNG.randrange(15, 350) / 10}kg"


def d_microchip_no():
    return "410" + pick(["09", "10", "14"]) + digits(10)


def d_ski_length():
    return f"{RNG.randrange(120, 185)}cm"


def d_snow_depth():
    return f"{RNG.randrange(20, 160)}cm"


def d_din():
    return f"{RNG.randrange(3, 12)}.{pick('05')}"


def d_area_size():
    return pick(
        [f"{RNG.randrange(15, 60)}평", f"{RNG.randrange(49, 200)}.{digits(2)}㎡", f"{RNG.randrange(59, 135)}㎡"]
    )


def d_dimension():
    return f"{RNG.randrange(8, 60) * 100}×{RNG.randrange(8, 40) * 100}mm"


def d_lens_spec():
    return pick(["50mm f/1.4", "35mm f/2", "28mm f/2.8", "85mm f/1.8", "135mm f/3.5", "40mm f/1.7", "58mm f/2"])


def d_shutter_speed():
    return pick(["1/1000초", "1/500초", "1/60초", "1/125", "1/2000", "1/30초", "1/4000"])


def d_film_iso():
    return pick(["ISO 100", "ISO 200", "ISO 400", "ISO 800", "ISO 1600", "ASA 125"])


def d_year_made():
    return pick([f"19{RNG.randrange(5, 10)}0년대", f"19{RNG.randrange(55, 100)}년", f"{RNG.randrange(1960, 2000)}년산"])


def d_camera_model():
    return pick(["Canon AE-1", "Nikon FM2", "Leica M6", "Pentax MX", "Olympus OM-1", "Minolta X-700", "Contax T2"])


PATTERNS.update(
    {
        "points": ["#,##0P", "%##P", "%,###점"],
        "ticket_no": ["No.%###", "%##-##", "A-%##"],
        "bay_no": ["%#번", "%번", "%#번 타석"],
        "member_no": ["M%######", "%#######"],
        "rental_code": ["HB-%###", "HB%##^", "^%##-%#"],
        "extension": ["%###", "%##"],
        "donation_cert_no": ["##-##-######", "%#-%####-####"],
        "team_no": ["%#팀", "%팀", "Team %#"],
        "notice_no": ["서울-마포-20%#-00###", "경기-수원-20%#-0####", "부산-해운대-20%#-00###"],
        "locker_no": ["%##번", "%#번", "^-%#"],
        "lift_ticket_no": ["^%##########", "%##-####-#####"],
        "exam_no": ["%#######", "%##-#####"],
        "exam_room": ["제%#고사실", "%#고사실", "%##호 고사실"],
        "seat_no": ["%#번", "%번 좌석", "^-%#"],
        "exam_code": ["%##", "^%##", "%##-^"],
        "exit_no": ["%번 출구", "%#번 출구"],
        "estimate_no": ["EST-20%#-%###", "견적 No.%####"],
        "material_code": ["LX-Z%###", "^^-%###", "^%###-^"],
        "permit_no": ["제20%#-서울마포-%####호", "제20%#-%####호"],
        "hygiene_cert_no": ["20%#-%#####", "위생-%#####"],
    }
)


def d_parking():
    return f"{RNG.randrange(2, 80)}대"


def d_animal_count():
    return f"{RNG.randrange(2, 90)}마리"


def d_boot_size():
    return f"{RNG.randrange(220, 300, 5)}{pick(['mm', '', 'mm'])}"


# --- frames: {slot} is a value kind, a decoy kind or a filler (name, nick) ------------------------------

GENRES = {}

GENRES["bookstore_event"] = {
    "value": [
        "[{name} 작가 사인회 당첨 안내] 당첨되신 분께는 개별 연락드립니다. "
        "제세공과금 신고를 위해 주민등록번호({rrn})와 연락처({mobile})를 {date}까지 회신해 주세요.",
        "동네책방 북토크 신청합니다~ {name} / {mobile} / 참가 인원 {headcount}. "
        "혹시 자리가 나면 {email}로도 알려주세요!",
        "경품 문화상품권 대신 현금 환급 받기로 했는데요, 당첨자 {nick}입니다. "
        "환급 계좌는 {account}이고 택배 받을 번호는 {mobile}이에요. 주문번호 {order_no}",
        "서점 정기구독 결제 카드 변경 요청드립니다. 새 카드 {card}, 유효기간은 전화로 말씀드릴게요. "
        "기존 구독번호 {order_no}",
        "북페어 부스 참가비 {price} 입금 계좌: {account} 예금주 {name}(책방 연남). 입금 후 {mobile}로 문자 주세요.",
        "[공지] 독서모임 신청서 서버 점검 안내. 관리자 로그에 남은 비정상 접속 {ip}에서 "
        "{count} 이상 요청이 들어와 차단했습니다. 점검 시간 {time}.",
        "저자 강연회 문의는 {landline}(평일 {time}) 또는 {email}. 주차는 건물 뒤편 {parking} 가능합니다.",
        "신간 {isbn} 예약판매 중 결제 오류가 나신 분들은 접속 IP({ip})와 주문번호 {order_no}를 "
        "{email}로 보내주시면 확인해 드립니다.",
        "출판사 담당자 연락처 공유드립니다. {name} 과장 직통 {landline}, 휴대폰 {mobile}, 메일 {email}",
        "어린이 책 읽기 대회 참가 신청서\n보호자 성명: {name}\n참가자 주민번호: {rrn}\n"
        "보호자 연락처: {mobile}\n상금 받을 계좌: {account}",
        "경품 배송지 틀렸다고 고객센터 {rep_number}에 전화했더니 {landline}로 다시 걸라네요. "
        "결제한 카드 {card} 승인번호 {approval_no}까지 불러줬는데 ㅠ",
    ],
    "free": [
        "[{date} 북토크] {name} 작가와 함께하는 저녁. 참가비 {price}, 정원 {headcount}, 선착순 마감. "
        "도서 {isbn} 지참 시 할인.",
        "이번 달 베스트셀러 집계: 선두 도서 판매량 전월 대비 {statistic} 증가, 독자 평점 {score}.",
        "포인트 적립 안내: 구매 금액의 {statistic} 적립, 이벤트 기간 {date}~{date}. "
        "이번 달 적립 {points}. 회원 문의 {rep_number}",
        "바코드 {ean} 상품 재입고 알림 신청 완료. 주문번호 {order_no}, 예상 입고일 {date}.",
    ],
}

GENRES["hot_spring_resort"] = {
    "value": [
        "온천 리조트 객실 예약 확인서\n예약자: {name}\n연락처: {mobile}\n예약번호: {reservation_no}\n"
        "체크인: {date} {time}\n객실: {room_no}\n결제카드: {card}",
        "스파 이용권 환불 요청합니다. 결제 카드 {card}로 {price} 결제했고, 환불은 카드 취소로 부탁드려요. "
        "문의 답변은 {email}",
        "[공지] 노천탕 보수 공사로 {date}부터 {duration} 동안 휴장합니다. "
        "단체 예약 문의: 프런트 {landline}, 영업팀 {email}",
        "가족탕 예약 대기 걸어놨는데 연락이 없네요. 대표번호 {rep_number}는 계속 통화중이고 "
        "객실 예약실 {landline}로 해야 한대요. 제 번호 {mobile}",
        "회원권 양도 계약서\n양도인 {name} 주민등록번호 {rrn}\n양수인 {name} 주민등록번호 {rrn}\n"
        "양도 대금 {big_price} 입금계좌 {account}",
        "온천수 {temperature}, 원천 직송! 숙박 패키지 {price}부터. 카톡 상담 어려우시면 {mobile}으로 문자 남겨주세요.",
        "리조트 와이파이 계정 알림: {date} {time}에 {ip}에서 로그인되었습니다. 본인이 아니면 {email}로 신고해 주세요.",
        "워크숍 단체 숙박 견적 요청\n회사: {name}상사 / 담당 {name}\n전화 {landline} / 휴대전화 {mobile}\n"
        "인원 {headcount}, 희망일 {date}",
        "선결제 보증금 {price} 입금 부탁드립니다. {account}, 예금주 온천리조트. "
        "입금자명은 예약자 성함으로 해주세요. 현금영수증은 주민번호 {rrn}로 발급해 드릴게요.",
        "예약 사이트 관리자 페이지 접속 허용 목록: 본사 {ipport}, 예약실 {ip}. 변경 시 전산팀 {employee_id}에게 요청.",
        "안녕하세요 {nick}입니다. 지난번 숙박 때 찜질복 두고 온 것 같아서요. 분실물 있으면 {mobile} 또는 "
        "{email}로 연락 부탁드려요. 객실은 {room_no}였어요.",
    ],
    "free": [
        "[이용 안내] 대욕장 {time}, 노천탕 {time}. 수질 검사 결과 적합 판정 {statistic}. "
        "입욕료 성인 {price}, 소인 {price}.",
        "객실 {room_no} 체크아웃 {time}. 미니바 이용 {price}, 영수증 번호 {receipt_no}.",
        "리조트 위치 {coordinate}, 주차 {parking} 가능, 셔틀버스 {time} 출발 (우편번호 {postal_code})",
        "후기: 탕 온도가 {temperature}라 딱 좋았어요. 가족탕 {price}, 평점 {score} 드립니다. 재방문 의사 있음!",
    ],
}

GENRES["shoe_repair"] = {
    "value": [
        "구두 수선 접수증\n성함 {name} / 연락처 {mobile}\n접수번호 {ticket_no} / 수선 내용: 밑창 교체, 굽 수리\n"
        "사이즈 {shoe_size} / 금액 {price}\n완료 예정 {date}",
        "택배 수선 맡기실 분은 주소 쓰시고 연락처({mobile}) 적어서 보내주세요. "
        "수선비는 {account}로 입금해 주시면 됩니다.",
        "명품 가방 가죽 복원 문의드려요. 사진은 {email}로 보냈습니다. 전화는 사무실 {landline}로 주시면 돼요.",
        "[구두병원] 영업시간 {time}, 일요일 휴무. 예약 및 문의 {landline} / 카카오톡 채널에서 '구두병원' 검색.",
        "수선비 카드 결제가 두 번 찍혔어요. 카드번호 {card}, 승인번호 {approval_no}, 금액 {price}. "
        "하나 취소 부탁드립니다. 연락은 {mobile}",
        "수선 온라인 접수 페이지 공격 로그입니다. {date} 새벽에 {ipport}에서 관리자 로그인 {count} 실패. "
        "방화벽에 등록했어요.",
        "소상공인 수선 장인 지원사업 신청서\n대표자 {name}, 주민번호 {rrn}\n사업자번호 {business_reg_no}\n"
        "사업장 전화 {landline}\n이메일 {email}",
        "부츠 지퍼 교체 맡기고 영수증을 잃어버렸는데요, 접수할 때 번호 {mobile}로 했어요. "
        "수선표 번호는 {ticket_no}였던 것 같아요.",
        "수선 완료 알림: {name}님 운동화 세탁·창갈이 완료. {time} 전까지 방문해 주세요. "
        "미방문 시 {email} 또는 {landline}로 문의 바랍니다.",
        "세무서 제출용 환급 신청서 — 신청인 {name} ({rrn}), 환급계좌 {account}, 업종 구두 수선",
        "중고로 산 구두 굽이 부러져서 판매자한테 연락했더니 접속 IP가 {ip}로 찍히는 해외 계정이더라고요. "
        "결제는 {card}로 했는데 카드사에 이의신청 해야 할까요?",
    ],
    "free": [
        "굽 교체 {price}, 밑창 전체 {price}, 앞창 보강 {price}. 사이즈 {shoe_size}까지 늘림 가능.",
        "수선표 {ticket_no} 고객님 구두 완료. 보관 기간 {duration} 경과 시 폐기됩니다. 접수일 {date}.",
        "운동화 세탁 후기: {date} 맡기고 {date} 찾음. 가격 {price}, 별점 {score}. 끈까지 새걸로 갈아주셨어요.",
        "수선용 가죽 본드 {model_code} 재고 {quantity}, 밑창 고무 {model_code} 주문 완료 (주문번호 {order_no}).",
    ],
}

GENRES["golf_range"] = {
    "value": [
        "실내 골프연습장 월회원 등록서\n성명 {name} / 주민등록번호 {rrn}\n휴대폰 {mobile}\n"
        "희망 타석 {bay_no} / 레슨 요일 화·목",
        "레슨 프로님 연락처 아시는 분? 작년에 {name} 프로님한테 배웠는데 번호가 바뀌었대요. "
        "예전 번호 {mobile} 말고 새 번호 아시면 쪽지 주세요.",
        "회원권 명의 변경 신청서\n양도인 {name} ({rrn})\n양수인 {name} ({rrn})\n"
        "명의변경 수수료 {price} 입금계좌 {account}\n양수인 연락처 {mobile}",
        "[공지] 타석 예약 시스템 점검: {date} {time}. 점검 중 문의는 프런트 {landline}, "
        "예약 오류 캡처는 {email}로 보내주세요.",
        "자동결제 카드 등록 확인: {card}, 매월 자동 결제됩니다. 해지 요청은 {rep_number} 또는 {email}",
        "골프 예약 앱 로그인 알림 — 새 기기에서 로그인했습니다. IP {ip}, 시간 {time}. "
        "본인이 아닐 경우 즉시 비밀번호를 변경하세요.",
        "드라이버 비거리 {distance} 나오는데 슬라이스가 심해요 ㅠ 레슨 받을 만한 곳 추천해 주실 분 "
        "{email}으로 연락 부탁해요.",
        "필드 라운딩 조인 구합니다. {date} 새벽 티오프, 그린피 {price}. 핸디 {handicap} 정도면 환영. "
        "{mobile} 문자 주세요.",
        "연습장 분실물: 캐디백 안에 {club} 있음. 주인분은 관리실 {landline}으로 연락주세요.",
        "회원 환불 신청서\n회원명 {name} / 회원번호 {member_no}\n환불 금액 {price}\n환불 계좌 {account}\n"
        "결제 카드 {card}\n연락처 {mobile}",
        "레슨 후기: {name} 프로님 최고. 상담은 {landline}, 인스타 {mention}. "
        "스윙 분석 서버 {ipport} 들어가면 영상 확인 가능하대요.",
    ],
    "free": [
        "타석 요금: {time} 이전 {price}, 이후 {price}. 타석 {bay_no}~{bay_no}는 좌타석입니다.",
        "오늘 스코어 {handicap}… 드라이버 {distance}, {club} 정확도 {statistic}. 다음 주엔 더 줄여보자!",
        "[레슨 일정] {date} {time} 그룹레슨 정원 {headcount}. 준비물: {club}, 장갑.",
        "연습장 위치 {coordinate}, 주차 {parking} 무료. 회원번호 {member_no} 회원님 락커 만기 {date}.",
    ],
}

GENRES["surf_school"] = {
    "value": [
        "서핑 강습 예약서\n이름 {name} / 연락처 {mobile}\n상해보험 가입용 주민번호 {rrn}\n"
        "강습일 {date} {time}\n슈트 사이즈 {garment_size}",
        "양양 서핑샵 오늘 파고 {wave_height}, 주기 {wave_period}. 입문 강습 {price}, "
        "예약 문의 {mobile}(카톡 친구추가도 이 번호로)",
        "강습비 입금 안내: {account} 예금주 {name}. 입금 후 성함이랑 인원 {mobile}로 문자 부탁드려요.",
        "[공지] 기상 악화로 {date} 강습 취소합니다. 환불은 결제하신 카드({card})로 자동 취소되며, 문의는 {landline}.",
        "단체 서핑 캠프 문의: 학교나 기관 담당자분은 {email}로 공문 보내주세요. 행정실 {landline} 로도 가능.",
        "서핑 영상 업로드 서버 주소 바뀌었어요. 새 주소 {ipport}, 예전 {private_ip}은 내부용이라 밖에서 안 돼요.",
        "보드 렌탈 분실 보증금 {price} 돌려받을 계좌 {account}. 처리 결과는 {email}로 알려주세요.",
        "해외 서핑 트립 동행 구해요! {date} 출발, 발리 {duration}. 관심 있으면 {email} 또는 {mobile}",
        "제주 서핑 스쿨 {name} 강사입니다. 개인 강습 문의 {mobile}, 스쿨 대표번호 {landline}.",
        "예약 페이지 결제 오류로 문의했더니 제 접속 IP {ip}가 해외로 잡혀서 차단됐다네요. "
        "카드 {card} 다시 등록해야 하나요?",
        "청소년 서핑 캠프 참가 동의서\n참가자 {name} (주민번호 {rrn})\n보호자 {name} 연락처 {mobile}\n"
        "비상연락처 {landline}",
    ],
    "free": [
        "오늘의 바다: 파고 {wave_height}, 주기 {wave_period}, 수온 {temperature}. 웻슈트 {wetsuit} 추천.",
        "보드 판매: {board_length} 롱보드 {price}, 사용 {duration}. 위치 {coordinate}.",
        "강습 시간표: 오전 {time}, 오후 {time}. 최소 인원 {headcount}, 강습료 {price}.",
        "서핑 스팟 리뷰 {score}. 만조 {time}, 간조 {time}. 주차 {price}.",
    ],
}

GENRES["hanbok_rental"] = {
    "value": [
        "경복궁 한복 대여 예약 확인\n예약자 {name}\n연락처 {mobile}\n대여 시간 {time}\n인원 {headcount} / 금액 {price}",
        "한복 반납이 늦어서 연체료 나왔는데 보증금에서 빼고 나머지 {account}로 보내주실 수 있나요? "
        "제 번호는 {mobile}이에요.",
        "[공지] 외국인 관광객 단체 예약은 {email}로 문의 바랍니다. 매장 전화 {landline}, 영업시간 {time}.",
        "온라인 예약 페이지가 안 열려요. 제 IP {ip}가 차단된 것 같다는데 확인 부탁드려요. "
        "급하면 매장 {landline}으로 전화할게요.",
        "한복 대여 결제 영수증\n카드번호 {card}\n승인번호 {approval_no}\n금액 {price}\n가맹점 전화 {landline}",
        "대여 장부 (분실 대비 신분 확인)\n성명 {name} / 신분증 번호 {rrn}\n연락처 {mobile}\n보증금 {price}",
        "한복 사진 촬영 패키지 문의는 인스타 DM 말고 메일 {email}로 부탁드려요. 포트폴리오도 보내드려요.",
        "대여점 예약 시스템 관리자 알림: 로그인 실패 {count} ({ip}). 본사 등록 IP는 {ip}입니다.",
        "폐백 한복 대여 계약서\n대여인 {name} 주민등록번호 {rrn}\n자택 전화 {landline}\n잔금 입금계좌 {account}",
        "한복 입고 궁 무료입장 후기! 대여비 {price}, 사장님 친절하셨어요. 예약은 {mobile} 문자로 했어요 ㅎㅎ",
        "해외 결제 문의: 일본 손님인데 카드 {card} 결제가 거절됐어요. 손님 메일 {email}로 결제 링크 보내도 될까요?",
    ],
    "free": [
        "한복 대여 요금: 기본 {price}, 프리미엄 {price}, 헤어 연출 {price}. 대여 시간 {hours}.",
        "치마 길이 {length_cm}, 저고리 {garment_size}. 대여 코드 {rental_code}, 반납 {time}까지.",
        "궁궐 개방 시간 {time}, 한복 착용 시 무료입장. 매장 위치 {coordinate}.",
        "이번 주말 한복 대여 예약률 {statistic}, 평균 평점 {score}, 대여 {count}.",
    ],
}

GENRES["blood_donation_drive"] = {
    "value": [
        "[사내 단체헌혈 안내] 일시 {date} {time}, 장소 본관 {room_no}. "
        "사전 신청은 {email} 또는 내선 {extension}으로 해 주세요.",
        "헌혈 전 전자문진 사전 등록\n성명 {name}\n주민등록번호 {rrn}\n연락처 {mobile}\n"
        "체중 {body_weight} / 혈압 {blood_pressure}",
        "헌혈버스 방문 요청드립니다. 학교 행정실 {landline}, 담당 교사 {mobile}. 예상 인원 {headcount}.",
        "헌혈증서 기부받습니다. 백혈병 투병 중인 조카를 위해서요… 등기로 보내주실 분은 {mobile}로 연락 주세요. "
        "받은 증서 번호 {donation_cert_no} 확인했습니다.",
        "헌혈 기념품 대신 기부금 영수증 요청합니다: {name} ({rrn}), 영수증은 {email}로 받을게요.",
        "혈액원 전산 장애 보고: 헌혈 예약 서버 {ipport} 응답 지연, 대체 서버 {ip}로 우회. 담당 {employee_id}.",
        "단체헌혈 간식 업체 대금 {price} 지급 요청. 입금 계좌 {account}, 업체 연락처 {landline}.",
        "헌혈하고 받은 영화 예매권이 안 돼서 따로 결제했어요. 카드 {card}에서 {price} 빠져나갔는데 "
        "확인 부탁드려요. 연락처 {mobile}",
        "헌혈 캠페인 자원봉사자 모집! 관심 있는 분은 {email}, 문의 {landline}. 활동 시간 {hours}.",
        "헌혈 예약 앱 보안 알림: 새 로그인 {ip} ({date} {time}). 본인이 아니라면 고객센터 {rep_number}.",
        "헌혈 유공자 포상 추천서\n추천인 {name} / 연락처 {mobile}\n피추천인 {name} / 헌혈 횟수 {count}\n"
        "포상금 수령 계좌 {account}\n정기기부 결제카드 {card}",
    ],
    "free": [
        "헌혈 가능 조건: 체중 {body_weight} 이상, 혈색소 {hemoglobin} 이상, 전혈 헌혈 간격 {duration}.",
        "이번 단체헌혈 참여 {headcount}, 목표 대비 {statistic}. 다음 일정은 {date}입니다.",
        "나의 헌혈 기록: {date} 전혈, 혈압 {blood_pressure}, 혈색소 {hemoglobin}. 누적 {count}!",
        "헌혈버스 위치 {coordinate}, 운영 {time}. 문의 {rep_number}.",
    ],
}

GENRES["hackathon"] = {
    "value": [
        "[해커톤 참가 신청] 팀명: {nick} / 팀장 {name} / 연락처 {mobile} / 이메일 {email} / 깃허브 {mention}",
        "상금 지급을 위해 수상팀 대표자는 주민등록번호({rrn})와 입금 계좌({account})를 {date}까지 "
        "제출해 주세요. 기타소득세 {statistic} 원천징수 후 지급됩니다.",
        "데모 서버 {ipport} 살아있나요? 저희 팀 레포는 {git_remote}, 패키지는 {npm_scope} 쓰고 있어요.",
        "운영진 공지: 행사장 와이파이 게이트웨이 {private_ip}, 외부 접속용 공인 IP는 {ip}입니다. 방화벽 문의는 {email}",
        "멘토링 신청 확정: 멘토 {name}님 ({email}), 시간 {time}, 회의 ID {meeting_id}",
        "클라우드 크레딧 등록하려면 카드가 필요하대서 팀 공용 카드 {card} 넣었어요. 과금 알림은 {email}로 옵니다.",
        "밤샘 피자 주문 대신 해줄 분~ 제 번호 {mobile}로 연락 주세요. 피자 가게는 {landline}.",
        "스폰서사 연락처 정리\n{name} 매니저 {landline} / {mobile}\n{name} 팀장 {email}",
        "수상자 서약서\n성명 {name}\n주민등록번호 {rrn}\n연락처 {mobile}\n상금 계좌 {account}",
        "버그 리포트: {version}에서 로그인 실패. 서버 로그에 클라이언트 {ip} 요청 {count}. 재현 환경 {npm_version}.",
        "해커톤 참가비 환불 요청드립니다. 결제 카드 {card}, 주문번호 {order_no}. "
        "사무국 {landline}으로 전화했는데 안 받으셔서요.",
    ],
    "free": [
        "제출 마감 {date} {time}. 레포 {git_remote}, 태그 {version}, 커밋 {hash}.",
        "발표 순서는 {team_no} 다음 {team_no}. 팀당 {hours}, 심사 점수 {score}.",
        "로컬 서버는 {private_ip}:{port}로 띄우고 {npm_scope} 설치하세요. 로고는 {image_file} 쓰면 됩니다.",
        "세션 ID {uuid}, 빌드 해시 {hash}, 평균 응답 시간 개선 {statistic}.",
    ],
}

GENRES["animal_shelter"] = {
    "value": [
        "[입양 신청서]\n신청자 {name}\n주민등록번호 {rrn}\n연락처 {mobile}\n주거 형태: 아파트 / 반려 경험 있음",
        "유기견 임시보호 해주실 분 찾습니다. 체중 {animal_weight}, 나이 {age}, 순둥이에요. "
        "연락은 {mobile}로 부탁드려요!",
        "보호소 후원 계좌: {account} (예금주 사단법인 {name}). 정기후원 문의 {landline}",
        "[공고] 구조 동물 공고번호 {notice_no}, 동물등록번호 {microchip_no}. 주인 찾습니다. 보호소 {landline}",
        "입양 후 근황 사진 보내드려요. 혹시 메일 {email} 로 받으실 수 있나요? 보호소 분들께 감사 인사 전합니다.",
        "정기후원 카드 변경합니다. 기존 {masked_card} → 신규 {card}. 후원자 {name}, 연락처 {mobile}",
        "보호소 홈페이지 후원 결제 페이지에 {ip}에서 카드 대입 공격이 들어왔어요. 관리 업체 {email}에 알렸습니다.",
        "봉사활동 신청: {name} / {mobile} / 희망일 {date} / 자원봉사포털 아이디 있음",
        "동물병원 진료비 모금 정산 보고. 병원 {landline}, 총 진료비 {price}, 남은 금액은 후원자님 계좌 "
        "{account}로 반환했습니다.",
        "입양 계약서\n입양자 {name} ({rrn})\n연락처 {mobile} / 이메일 {email}\n책임비 {price} 카드 결제 {card}",
        "길고양이 중성화 민원 결과 메일 왔어요. 구청 담당자 {email}, 전화 {landline}. "
        "민원 조회 서버 {ipport}에서 확인 가능.",
    ],
    "free": [
        "보호 중인 아이: 믹스견, {age}, {animal_weight}, 중성화 완료. 공고 기간 {date}~{date}.",
        "이번 달 입양 {count}, 원래 가족 품으로 돌아간 아이 {animal_count}, 현재 보호 중 {animal_count}.",
        "후원 물품 도착: 사료 {quantity}, 배변패드 {quantity}. 배송 송장 {invoice_no}.",
        "보호소 위치 {coordinate}, 봉사 가능 시간 {time}. 물품 보내실 곳 우편번호 {postal_code}.",
    ],
}

GENRES["ski_rental"] = {
    "value": [
        "스키 렌탈 예약\n대표자 {name} / {mobile}\n인원 {headcount} / 플레이트 {ski_length} / 부츠 {boot_size}\n"
        "픽업 {date} {time}",
        "시즌권 공동구매 입금 안내: {account} 예금주 {name}. 입금 확인 후 {email}로 QR 보내드립니다.",
        "렌탈샵 분실물 센터입니다. 고글 찾으시는 분 {landline}로 연락 주세요. 락커 {locker_no} 안에 있었습니다.",
        "스키 강습 단체 상해보험 가입 명단\n{name} {rrn}\n{name} {rrn}\n{name} {rrn}\n보험료 {price}",
        "렌탈 장비 파손 보증금 결제 카드 {card}, 반납 확인 후 취소 예정. 문의 {rep_number}",
        "리조트 셔틀 예약 사이트에서 {ip} 접속이 막혔어요. 고객센터에 제 번호 {mobile} 남겼는데 연락이 없네요.",
        "스키장 근처 렌탈샵 추천! 사장님 번호 {mobile}, 가게 번호 {landline}. 장비 상태 좋아요.",
        "단체 렌탈 견적 요청: 학교 스키캠프 {headcount}, 담당 교사 {name} ({email}), 행정실 {landline}",
        "시즌 락커 환불 신청서\n성명 {name} / 주민번호 {rrn}\n환불계좌 {account}\n연락처 {mobile}",
        "렌탈 POS 서버 장애: 본점 {ipport}, 지점 {ip}. 백업 장비는 {private_ip}.",
        "해외 스키어 예약 메일 확인 부탁드려요. 이름 {name}, 메일 {email}, 카드 {card}로 선결제했다고 합니다.",
    ],
    "free": [
        "렌탈 요금: 장비 {price}, 의류 {price}, 헬멧 {price}. 바인딩 DIN {din} 세팅 무료.",
        "오늘 적설 {snow_depth}, 기온 {temperature}, 리프트 운행 {time}.",
        "락커 {locker_no} 이용 기간 {date}~{date}. 리프트권 번호 {lift_ticket_no}.",
        "플레이트 {ski_length}, 부츠 {boot_size}, 바인딩 {din}로 맞췄어요. 샵 평점 {score}.",
    ],
}

GENRES["exam_center"] = {
    "value": [
        "[응시원서]\n성명 {name}\n주민등록번호 {rrn}\n휴대전화 {mobile}\n수험번호 {exam_no}\n시험장 {exam_room}",
        "시험장 변경 안내: {name} 수험생({exam_no})은 {exam_room}로 배정되었습니다. 문의 {landline}",
        "자격증 시험 응시료 환불 신청합니다. 환불 계좌 {account}, 신청인 {name}, 연락처 {mobile}",
        "CBT 시험장 서버 접속 로그: 수험생 단말 {private_ip}, 외부 접속 시도 {ip} 차단. 보고자 {employee_id}",
        "응시료 결제 오류 문의: 카드 {card}로 {price}이 두 번 결제됐습니다. 접수번호 {receipt_no}. "
        "답변은 {email}로 부탁드립니다.",
        "감독관 비상연락망\n{name} 감독관 {mobile}\n{name} 감독관 {mobile}\n시험 본부 {landline}",
        "장애인 수험생 편의 제공 신청: 진단서는 팩스 {landline} 또는 {email}로 제출해 주세요.",
        "시험 성적 이의신청서\n신청인 {name} / 주민번호 {rrn}\n이메일 {email}\n수험번호 {exam_no}\n"
        "수수료 환불 계좌 {account}",
        "고사장 근처 숙소 같이 쓸 수험생 구해요. 연락 주세요 {mobile}. 같이 방 쓰면 반값!",
        "원서 접수 사이트 장애 공지: {date} {time}부터 {ipport} 접속 불가, 임시 주소 {ip}를 이용해 주세요.",
        "토익 응시료 카드 영수증을 잃어버렸어요. 카드 {card}, 승인 {approval_no}. 센터 번호가 {landline} 맞나요?",
    ],
    "free": [
        "시험 시간표: 입실 {time}, 시험 {time}. {exam_room}, 좌석 {seat_no}.",
        "지난 회차 합격률 {statistic}, 평균 점수 {score}, 응시자 {headcount}.",
        "수험번호 {exam_no} 수험생 성적 {score}, 시험코드 {exam_code}.",
        "시험장 주소 우편번호 {postal_code}, 주차 불가. 대중교통 {exit_no} 이용 바랍니다.",
    ],
}

GENRES["interior_design"] = {
    "value": [
        "인테리어 견적 요청\n성함 {name} / 연락처 {mobile}\n평수 {area_size} / 예산 {price}\n"
        "현장 주소는 통화로 알려드릴게요.",
        "계약금 {price} 입금 계좌 {account}, 예금주 {name}디자인. 입금 확인 문자는 {mobile}로 드립니다.",
        "도급계약서\n발주자 {name} (주민등록번호 {rrn})\n시공사 {name}인테리어 사업자번호 {business_reg_no}\n"
        "연락처 {landline}",
        "시공 포트폴리오 받아보실 분은 {email}로 메일 주세요. 쇼룸 전화 {landline}.",
        "자재 대금 카드 결제 {card}, 자재 코드 {material_code}, 수량 {quantity}. 거래처 메일 {email}",
        "현장 CCTV 원격 확인 주소 {ipport}, 관리자 외 접속 금지. 문제 있으면 현장소장 {mobile}",
        "도배 기사님 연락처 공유합니다. {name} 기사님 {mobile}, 실측은 {date} 가능하시대요.",
        "하자보수 접수 완료: 접수번호 {claim_no}, 담당 {name} {landline}, 하자 사진은 {email}.",
        "잔금 정산서\n총 공사비 {big_price}\n잔금 입금 계좌 {account}\n발주자 {name} 주민번호 {rrn}",
        "견적 사이트 해킹 의심: 관리자 계정이 {ip}에서 로그인됨. 결제 대행에 등록한 카드 {card} 정지 요청함.",
        "인테리어 사무실 이전 안내: 새 대표번호 {landline}, 상담 전용 {mobile}, 이메일 {email}",
    ],
    "free": [
        "전용 {area_size}, 거실 {dimension}, 주방 {dimension}. 견적서 {estimate_no}.",
        "자재 목록: 강마루 {material_code} {quantity}, 타일 {material_code}. 단가 {price}.",
        "공사 기간 {duration}, 착공 {date}, 준공 예정 {date}. 고객 만족도 {score}.",
        "{room_no} 리모델링 공정률 {statistic}. 다음 현장은 {area_size}.",
    ],
}

GENRES["food_truck"] = {
    "value": [
        "푸드트럭 출장 행사 문의 주세요! 카톡 대신 {mobile}로 문자 부탁드려요. 기본 {headcount} 이상 가능.",
        "축제 푸드트럭 입점 신청서\n대표자 {name} / 주민번호 {rrn}\n사업자번호 {business_reg_no}\n"
        "영업신고 {permit_no}\n연락처 {mobile}",
        "행사 대금 입금 계좌 {account} 예금주 {name}. 원천징수 신고용 주민번호는 {rrn}이고 "
        "세금계산서는 {email}로 발행해 주세요.",
        "오늘 푸드트럭 위치 {coordinate}, 영업 {time}. 단체 주문은 사무실 {landline}",
        "트럭 카드단말기 오류로 결제가 두 번 됐다는 손님: 카드 {card}, 금액 {price}. "
        "환불되면 {mobile}로 연락드리기로 함.",
        "키오스크 원격 관리 주소 {ipport}, 관리자 외 접속 금지. 문제 생기면 {email}",
        "구청 위생과 {landline}, 담당 {name} 주무관 {email}. 위생교육 이수번호 {hygiene_cert_no}",
        "타코 트럭 사장님 찾아요! 지난주 {exit_no} 앞에 있던 트럭요. 인스타 {mention}엔 답이 없어서… "
        "제 번호 {mobile} 남겨요.",
        "푸드트럭 양도합니다. 차량 {model_code}, 설비 포함 {big_price}. 계약금 입금 {account}, 연락 {mobile}",
        "배달앱 사장님 계정 로그인 알림: {ip}, {date} {time}. 본인이 아니면 {rep_number}.",
        "행사 정산 담당자 연락처: {name} 과장 {landline} / {email}. 법인카드 {card} 영수증 첨부합니다.",
    ],
    "free": [
        "메뉴: 타코 {menu_price}, 부리토 {menu_price}, 음료 {menu_price}. 영업 {time}부터.",
        "이번 주 일정: {date} 한강공원, {date} 대학 축제. 준비 수량 {quantity}.",
        "영업신고 {permit_no}, 사업자 {business_reg_no}, 위생교육 {hygiene_cert_no}.",
        "어제 매출 {big_price}, 전주 대비 {statistic}, 방문 {headcount}, 평점 {score}.",
    ],
}

GENRES["vintage_camera_trade"] = {
    "value": [
        "[판매] {camera_model} 바디 + {lens_spec} 렌즈. 시리얼 {serial}, 가격 {price}. 직거래 {mobile}",
        "필름카메라 샀는데 셔터가 안 돼요. 판매자 번호 {mobile}로 연락해도 안 받네요. "
        "입금한 계좌는 {account}입니다. 사기 같아요.",
        "사기 제보합니다. 판매자 정보: 이름 {name}, 주민번호 {rrn}(본인이 신분증 사진 보냄), "
        "계좌 {account}, 전화 {mobile}",
        "카메라 수리점 추천: 충무로 {name}카메라 {landline}. 셔터 {shutter_speed} 교정 {price}.",
        "해외 경매 거래 판매자 메일 {email}, 결제 카드 {card}. 배송 추적 {tracking_no}.",
        "중고 카메라 장터 관리자입니다. 동일 IP {ip}로 여러 계정 사기글 작성 확인되어 차단했습니다.",
        "{camera_model} 구합니다. {year_made} 전후, 렌즈 {lens_spec} 포함이면 좋아요. 메일 {email} 또는 문자 {mobile}",
        "안전결제 안내: 구매자 카드 {card}로 결제 완료. 판매자 연락처 {landline}",
        "카메라 동호회 출사 모임 공지: {date} {time}, 회비 {price} 입금 {account}. 문의 {email}",
        "사진 인화 서버 {ipport}로 업로드하면 돼요. 필름 스캔은 {film_iso} 기준으로 합니다.",
        "거래 영수증 첨부합니다. 판매자 {name} ({rrn}), 연락처 {landline}, 메일 {email}",
    ],
    "free": [
        "{camera_model} 판매: {lens_spec}, 시리얼 {serial}, 셔터 {shutter_speed}까지 정상. 가격 {price}.",
        "필름 {film_iso} {quantity}, 유통기한 {date}. 택배 송장 {invoice_no}.",
        "빈티지 렌즈 시세: {lens_spec} 평균 {price}, 전년 대비 {statistic}.",
        "{year_made} 생산 {camera_model}, 평점 {score}, 조회 {count}.",
    ],
}


# --- assembly ----------------------------------------------------------------------------------------

DECOY_FUNCS = {k[2:]: v for k, v in list(globals().items()) if k.startswith("d_") and callable(v)}

# how a value slot is filled in a negative record: look-alikes that are not values
LOOKALIKE = {
    "rrn": [("masked_rrn", 40), ("corporate_reg_no", 35), ("invalid_rrn", 25)],
    "mobile": [("masked_mobile", 50), ("rep_number", 15), ("relay_0500", 12), ("toll_free_080", 8)]
    + [("fake_area_phone", 15)],
    "landline": [("masked_landline", 35), ("rep_number", 22), ("toll_free_080", 13), ("relay_0500", 10)]
    + [("fake_area_phone", 15), ("short_number", 5)],
    "email": [("masked_email", 70), ("mention", 30)],
    "ip": [("private_ip", 60), ("masked_ip", 40)],
    "card": [("masked_card", 50), ("gift_pin", 50)],
}

# most PII-like first: the form of a negative record names the first of these it carries
DECOY_RANK = ["masked_rrn", "invalid_rrn", "corporate_reg_no", "masked_card", "gift_pin", "masked_account"]
DECOY_RANK += ["masked_mobile", "masked_landline", "fake_area_phone", "relay_0500", "toll_free_080", "rep_number"]
DECOY_RANK += ["masked_email", "private_ip", "masked_ip", "business_reg_no", "microchip_no", "short_number"]
DECOY_RANK += ["git_remote", "mention", "npm_scope", "npm_version", "image_file", "port", "lift_ticket_no"]
DECOY_RANK += ["registered_mail_no", "invoice_no", "tracking_no", "ean", "isbn", "policy_no", "claim_no"]
DECOY_RANK += ["donation_cert_no", "exam_no", "member_no", "student_id", "employee_id", "approval_no", "order_no"]
DECOY_RANK += ["reservation_no", "receipt_no", "meeting_id", "otp", "postal_code", "serial", "uuid", "hash"]

SLOT_RE = re.compile(r"\{(\w+)\}")


def decoy(kind):
    for _ in range(1000):
        s = DECOY_FUNCS[kind]() if kind in DECOY_FUNCS else pattern(pick(PATTERNS[kind]))
        if not looks_like_value(s, kind):
            return s
    raise RuntimeError(f"no decoy of kind {kind} passes the screen")


def masked_account_seg():
    bank = bank_pick()
    while True:
        s = masked_account_text(bank)
        if not looks_like_value(s):
            return with_bank(bank, (s, "d", "masked_account", ""))


def stand_in(slot, negative):
    """A decoy in a value slot: masked in positive records, any look-alike in negative ones."""
    if slot == "account":
        return masked_account_seg()
    if slot == "ipport":
        kind = "private_ip" if negative else "masked_ip"
        ip = decoy(kind)
        while ip.startswith("("):
            ip = decoy(kind)
        if ":" in ip:
            return [("[", "", "", ""), (ip, "d", kind, ""), ("]:", "", "", ""), port_seg()]
        return [(ip, "d", kind, ""), (":", "", "", ""), port_seg()]
    kind = wpick(LOOKALIKE[slot]) if negative else f"masked_{slot}"
    return [(decoy(kind), "d", kind, "")]


def render(frame, mode):
    matches = list(SLOT_RE.finditer(frame))
    value_idx = [i for i, m in enumerate(matches) if m.group(1) in VALUE_GEN]
    masked = []
    if mode == "pos" and len(value_idx) >= 2:
        masked = [i for i in value_idx if chance(MASK_P)]
        if len(masked) == len(value_idx):
            masked.remove(pick(masked))
    segs, last = [], 0
    for i, m in enumerate(matches):
        segs.append((frame[last : m.start()], "", "", ""))
        slot = m.group(1)
        if slot in VALUE_GEN:
            if mode == "pos" and i not in masked:
                segs.extend(VALUE_GEN[slot]())
            else:
                segs.extend(stand_in(slot, negative=mode != "pos"))
        elif slot in FILLERS:
            segs.append((FILLERS[slot](), "", "", ""))
        else:
            segs.append((decoy(slot), "d", slot, ""))
        last = m.end()
    segs.append((frame[last:], "", "", ""))
    text, spans, decoys, forms = "", [], [], []
    for t, role, kind, form in segs:
        start = len(text)
        text += t
        if role:
            ann = {"kind": kind, "start": start, "end": len(text), "value": t}
            (spans if role == "v" else decoys).append(ann)
            if role == "v":
                forms.append(form)
    return text, spans, decoys, forms


def top_decoy(decoys):
    kinds = [d["kind"] for d in decoys]
    ranked = [k for k in DECOY_RANK if k in kinds]
    return ranked[0] if ranked else kinds[0]


def spread(n_items, n):
    """n frame indices covering all frames as evenly as possible, in shuffled order."""
    order = []
    while len(order) < n:
        order += RNG.sample(range(n_items), n_items)
    return order[:n]


def build():
    RNG.seed(SEED)
    records = []
    for genre in GENRE_ORDER:
        value_frames, free_frames = GENRES[genre]["value"], GENRES[genre]["free"]
        plan = [("pos", value_frames[i]) for i in spread(len(value_frames), N_POS)]
        plan += [("negfill", value_frames[i]) for i in spread(len(value_frames), N_NEG_FILL)]
        plan += [("free", free_frames[i]) for i in spread(len(free_frames), N_NEG_FREE)]
        RNG.shuffle(plan)
        for n, (mode, frame) in enumerate(plan, 1):
            text, spans, decoys, forms = render(frame, mode)
            label = "pos" if spans else "neg"
            form = "+".join(forms) if spans else f"neg/{top_decoy(decoys)}"
            rec = {"id": f"oos10-{genre}-{n:03d}", "text": text, "label": label, "spans": spans}
            rec.update({"decoys": decoys, "form": form, "genre": genre})
            records.append(rec)
    return records


def main(argv):
    out = Path(argv[1]) if len(argv) > 1 else Path(__file__).resolve().with_name("eval_oos10.jsonl")
    records = build()
    with out.open("w", encoding="utf-8") as f:
        for rec in records:
            f.write(json.dumps(rec, ensure_ascii=False) + "\n")
    print(f"wrote {len(records)} records to {out}")


if __name__ == "__main__":
    main(sys.argv)
