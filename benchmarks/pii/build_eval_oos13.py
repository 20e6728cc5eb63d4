"""Build eval_oos13.jsonl: a blind, out-of-sample evaluation set for the Korean personal-data detector.

Independence
    Written from the task brief alone: nothing of the detector (its code, tests, docs, benchmarks) and no
    earlier evaluation set was read, and no detector was run on this set. Every text is written for this
    set; names, numbers and addresses are drawn at random, so any match with a real person is chance.
    Standard library only. One random.Random(SEED) drives everything and no set order or clock is used,
    so a run always writes the same bytes.

Usage
    python build_eval_oos13.py [OUT]    writes eval_oos13.jsonl next to this file, or to OUT

Format (JSON lines, UTF-8, ensure_ascii=False)
    {"id": "oos13-<genre>-<nnn>", "text", "label": "pos" | "neg", "spans", "decoys", "form", "genre"}
    spans and decoys hold {"kind", "start", "end", "value"} with code-point offsets and
    value == text[start:end]; no two annotations (spans or decoys) overlap. label is "pos" iff spans
    is non-empty. form lists "<kind>/<detail>/<style>" per span in text order, joined by "+"; a
    negative's form is "neg/<most PII-like decoy kind>" (order: DECOY_RANK; unranked kinds tie last).

Kinds (span kinds) and their detail field
    rrn       resident / foreigner registration number: a real birth date YYMMDD, 7th digit for century
              and sex (1-4; 5-8 foreigners); check digit valid for births before 2020-10 (foreigners: the
              foreigner rule, even 8th-9th digits, 12th digit 6-9, check = native check + 2 mod 10),
              random last digit for births from 2020-10 on. detail: native1900, native2000,
              native2020post, foreign1900, foreign2000, foreign2020post.
    mobile    010 mostly, 011/016/017/018/019 rarely. detail: the prefix.
    landline  area codes 02 and 031-064, 070, 0502-0508 relay ("safe") numbers. detail: the prefix.
    email     detail: portal, company, ac.kr, go.kr, or.kr, co.kr, cctld (country TLDs), gtld (new gTLDs).
    ip        global unicast only (ipaddress is_global). detail: v4, v6.
    card      Luhn-valid, real prefixes and lengths. detail: visa, mastercard, amex, jcb, unionpay, diners,
              discover.
    account   Korean bank accounts in the bank's own grouping (BANKS), always next to the bank name and
              often an account word (계좌, 입금, 예금주, 환불 계좌 ...). detail: bank code (kb, shinhan ...).

Labelling
    Only the value is a span: bank names, 계좌/예금주, field labels, and particles after a value are
    outside. Parentheses of a number ("(02)", "02)"), "+82" / "82-" and "+82 (0)" are inside. Spaced,
    en-dashed, full-width and Hangul-digit (공일공) numbers are values. Obfuscated emails are values from
    the local part to the end of the TLD. A port after an IP is its own decoy. 15xx/16xx/18xx, 080,
    0500/0501, short numbers and phones with non-existent area codes are decoys. Masked values
    (010-****-1234, 880101-1******, 4123-****-****-1234, kim***@naver.com, 211.234.*.*, 110-***-123456) are
    decoys; in positive records with two or more value slots each slot is masked with p = 0.15 (never all).

Genres and frames
    14 genres, each with 11 value frames and 4 value-free frames of Korean text of that genre (notices, SMS,
    chats, forms, listings, reviews, mails, logs); sentence shapes vary, values sometimes touch Hangul, and
    particles after a value follow its last sound (로/으로, 을/를 ...). Per genre 72 records: 41 positives
    from the value frames, 16 negatives from the value frames whose value slots hold look-alike decoys
    (masked values, 15xx, 080, 0500/0501, bad area codes, corporate registration numbers, impossible dates,
    gift-card PINs, private IPs, @mentions ...; LOOKALIKE), and 15 negatives from the value-free frames.
    Genres: bridal_shop, tire_shop, stamp_collectors, village_festival, cram_school_enrollment,
    hospice_volunteers, boat_repair, makeup_academy, organic_box_delivery, piano_rental, campus_dormitory,
    storage_units, wildlife_rescue, street_food_market.

Decoys
    Every number in a text is annotated (a digit or "@" outside every annotation is a build error).
    Kinds: date, time, price, quantity, duration, age, year, distance, area, temperature, stat, score,
    version, model_code, ean, isbn, order_no, invoice_no, tracking_no, reservation_no, receipt_no,
    approval_no, claim_no, policy_no, registered_mail_no, case_no, student_id, employee_id, member_no,
    biz_reg_no, corp_reg_no, bad_rrn, rep_number, tollfree_080, relay_0500, short_number, bad_area_phone,
    nonglobal_ip, port, image_2x, git_remote, npm_scoped, mention, coords, hash, uuid, serial,
    postal_code, room_no, meeting_id, otp, gift_pin, card_expiry, masked_{mobile, landline, rrn, card,
    email, account, ip} and the genres' own: tire_size, dot_code, mileage, plate, catalog_no, lot_no,
    booth_no, hull_no, engine_hours, license_no, course_code, microchip, band_no, unit_no, permit_no,
    size, radio_channel. Each decoy is drawn again until could_pass() finds it cannot be read as a value:
    no run of its digit groups is a registration number (even under lenient rules: either check digit,
    1800s century digits), a Luhn-valid 13-19 digit number, or a mobile/landline number (also after a
    leading 82); it holds no global IPv4/IPv6 address, no email with a real TLD (a git remote's
    git@host:path excepted) and no hyphen grouping of a bank's account.

Writing styles
    Each value is written in a common style with p = 0.8 and in a less common one with p = 0.2.
    Common: hyphen (010-1234-5678), plain (01012345678), dot (010.1234.5678), space (010 1234 5678),
    paren_area ((02) 123-4567), plain emails, dotted IPv4, compressed IPv6.
    Less common, as people write them in posts that dodge filters, forms, chats and OCR'd text:
      spaced_hyphen   010 - 1234 - 5678
      en_dash         010–1234–5678 (word processors' autocorrect)
      hangul_dash     010ㅡ1234ㅡ5678 (the vowel ㅡ for a dash)
      fullwidth       ０１０－１２３４－５６７８ (full-width IME input)
      spaced_digits   0 1 0 - 1 2 3 4 - 5 6 7 8
      hangul_digits   공일공-일이삼사-오육칠팔
      hangul_mixed    공일공 1234 5678
      intl_plus82     +82-10-1234-5678, +82 10 1234 5678, +82 (0)2-123-4567, +821012345678
      intl_82         82-10-1234-5678
      half_paren      02)123-4567 (business cards)
      ocr_gap         880101 -1234567 (a space on one side of a hyphen)
      dot             4123.4567.8901.2345 (cards and accounts)
      at_word         kim at naver.com
      paren_at        kim(at)naver.com, kim (at) naver.com
      bracket_at      kim[at]naver.com, kim[골뱅이]naver.com
      golbaengi       kim 골뱅이 naver.com, kim(골뱅이)naver.com
      spaced_at       kim @ naver.com
      fullwidth_at    kim＠naver.com
      at_dot_words    kim at naver dot com
      bracket_at_dot  kim[at]naver[dot]com
      defanged_brackets  211[.]234[.]10[.]55, 2406[:]da12[::]5
      defanged_parens 211(.)234(.)10(.)55
      bracket_dot     211[dot]234[dot]10[dot]55
      ipv6_expanded   2406:da12:0000:...:0005
      ipv6_upper      2406:DA12::5
"""

import ipaddress
import json
import re
import sys
from datetime import date, timedelta
from pathlib import Path
from random import Random

SEED = 20261207
RNG = Random(SEED)
REF_DATE = date(2026, 12, 7)
PREFIX = "oos13"
POS_PER_GENRE = 41
NEG_DECOY_PER_GENRE = 16
NEG_FREE_PER_GENRE = 15
MASK_RATE = 0.15
COMMON_RATE = 0.8

AREA_CODES = ["02", "031", "032", "033", "041", "042", "043", "044", "051", "052", "053", "054", "055", "061"]
AREA_CODES += ["062", "063", "064"]
BAD_AREA_CODES = ["034", "035", "036", "037", "038", "039", "045", "046", "047", "048", "049", "056", "057"]
BAD_AREA_CODES += ["058", "059", "065", "066", "067", "068", "069"]
HANGUL_DIGITS = "공일이삼사오육칠팔구"
FULLWIDTH = str.maketrans("0123456789-.@", "０１２３４５６７８９－．＠")
HALFWIDTH = str.maketrans("０１２３４５６７８９－．＠", "0123456789-.@")

SURNAMES = ["김", "이", "박", "최", "정", "강", "조", "윤", "장", "임", "한", "오", "서", "신", "권", "황", "안"]
SURNAMES += ["송", "전", "홍", "유", "고", "문", "양", "손", "배", "백", "허", "남", "심", "노", "하", "곽"]
GIVEN = ["민지", "서연", "지우", "하준", "도윤", "수빈", "예린", "현우", "지훈", "은영", "미경", "성호", "영숙"]
GIVEN += ["정민", "태희", "소연", "준서", "가은", "동현", "혜진", "상철", "말순", "재원", "유나", "나래", "승민"]
GIVEN += ["다은", "경수", "보람", "한결", "윤서", "시우", "채원", "건우", "미숙", "종훈", "순자", "기태", "아름"]
ROMAN_GIVEN = ["minji", "seoyeon", "jiwoo", "hajun", "doyoon", "subin", "yerin", "hyunwoo", "jihoon", "eunyoung"]
ROMAN_GIVEN += ["mikyung", "sungho", "jungmin", "taehee", "soyeon", "junseo", "gaeun", "donghyun", "hyejin"]
ROMAN_GIVEN += ["jaewon", "yuna", "narae", "seungmin", "daeun", "kyungsoo", "boram", "hangyeol", "yoonseo"]
ROMAN_SUR = ["kim", "lee", "park", "choi", "jung", "kang", "cho", "yoon", "jang", "lim", "han", "oh", "seo"]
ROMAN_SUR += ["shin", "kwon", "hwang", "ahn", "song", "jeon", "hong", "yoo", "ko", "moon", "bae", "baek"]
ROMAN_WORDS = ["happy", "blue", "sunny", "mint", "ocean", "cozy", "daily", "green", "lucky", "star", "river"]
ROMAN_WORDS += ["maru", "haneul", "byul", "dal", "namu", "sori", "bomi", "gureum", "bada"]
PLACES = ["망원동", "연남동", "수원 영통", "일산 백석", "부산 해운대", "대구 수성구", "광주 상무지구", "전주 효자동"]
PLACES += ["청주 복대동", "창원 상남동", "제주 노형동", "인천 송도", "강릉 교동", "춘천 석사동", "천안 불당동"]
PLACES += ["목포 하당", "여수 학동", "포항 양덕", "김해 장유", "세종 보람동", "안산 고잔동", "의정부 민락동"]

PORTAL_DOMAINS = ["naver.com", "daum.net", "hanmail.net", "kakao.com", "nate.com", "gmail.com", "hotmail.com"]
PORTAL_DOMAINS += ["outlook.com", "icloud.com", "korea.com"]
AC_DOMAINS = ["snu.ac.kr", "yonsei.ac.kr", "korea.ac.kr", "kaist.ac.kr", "pusan.ac.kr", "knu.ac.kr", "jnu.ac.kr"]
AC_DOMAINS += ["cnu.ac.kr", "chungbuk.ac.kr", "jbnu.ac.kr", "kangwon.ac.kr", "hanyang.ac.kr", "ewha.ac.kr"]
GO_DOMAINS = ["seoul.go.kr", "gg.go.kr", "busan.go.kr", "jeju.go.kr", "me.go.kr", "mafra.go.kr", "mof.go.kr"]
GO_DOMAINS += ["gangneung.go.kr", "suwon.go.kr", "jeonju.go.kr", "police.go.kr", "nie.go.kr"]
OR_DOMAINS = ["hospice.or.kr", "wildlife.or.kr", "kfem.or.kr", "volunteer.or.kr", "philately.or.kr"]
OR_DOMAINS += ["kbridal.or.kr", "seaboat.or.kr", "foodmarket.or.kr", "piano.or.kr", "ymca.or.kr"]
CCTLD_DOMAINS = ["yahoo.co.jp", "docomo.ne.jp", "gmx.de", "web.de", "mail.ru", "yandex.ru", "orange.fr"]
CCTLD_DOMAINS += ["bigpond.com.au", "yahoo.co.uk", "sina.cn", "fpt.vn", "yahoo.com.tw", "yahoo.com.ph"]
CCTLD_DOMAINS += ["sympatico.ca", "libero.it", "t-online.de", "seznam.cz"]
GTLDS = ["shop", "store", "app", "dev", "xyz", "online", "site", "studio", "farm", "academy", "market"]
GTLDS += ["wedding", "beauty", "club", "live", "blog", "page", "team", "garden", "vet", "boats", "tires", "camp"]
KNOWN_LONG_TLDS = ["com", "net", "org", "edu", "gov", "mil", "int", "info", "biz", "name", "pro", "mobi", "asia"]
KNOWN_LONG_TLDS += GTLDS + ["cloud", "tech", "io", "ai", "co", "me", "tv", "kr", "music", "land", "world", "zone"]

BANKS = [
    ("kb", ["국민은행", "KB국민은행", "국민"], (6, 2, 6), [""]),
    ("shinhan", ["신한은행", "신한"], (3, 3, 6), ["110", "100", "140"]),
    ("woori", ["우리은행", "우리"], (4, 3, 6), ["1002", "1005"]),
    ("hana", ["하나은행", "하나"], (3, 6, 5), [""]),
    ("nh", ["농협", "NH농협은행", "농협은행"], (3, 4, 4, 2), ["302", "301", "352", "351", "356"]),
    ("nh_local", ["지역농협", "단위농협", "축협"], (6, 2, 6), [""]),
    ("ibk", ["기업은행", "IBK기업은행", "기업"], (3, 6, 2, 3), [""]),
    ("sc", ["SC제일은행", "제일은행"], (3, 2, 6), [""]),
    ("kakao", ["카카오뱅크", "카뱅"], (4, 2, 7), ["3333"]),
    ("kbank", ["케이뱅크"], (3, 3, 6), ["100"]),
    ("toss", ["토스뱅크", "토스"], (4, 4, 4), ["1000"]),
    ("post", ["우체국"], (6, 2, 6), [""]),
    ("mg", ["새마을금고", "MG새마을금고"], (4, 4, 4, 1), ["9002", "9003"]),
    ("cu", ["신협"], (3, 3, 6), ["131", "132"]),
    ("busan", ["부산은행"], (3, 4, 4, 2), ["101", "112"]),
    ("im", ["iM뱅크", "대구은행"], (3, 2, 6, 1), ["508", "505"]),
]
BANK_WEIGHTS = [14, 14, 12, 10, 12, 4, 8, 3, 12, 3, 5, 5, 4, 2, 3, 3]
BANK_GROUPINGS = [b[2] for b in BANKS]

CARD_BRANDS = [
    ("visa", 35),
    ("mastercard", 30),
    ("amex", 10),
    ("jcb", 10),
    ("unionpay", 7),
    ("diners", 4),
    ("discover", 4),
]
IPV4_FIRST = [1, 14, 27, 39, 49, 58, 59, 61, 106, 110, 112, 114, 115, 118, 119, 121, 122, 125, 175, 180]
IPV4_FIRST += [182, 183, 203, 210, 211, 218, 220, 221, 222, 223]
IPV6_PREFIXES = ["2001:2d8", "2001:e60", "2406:5900", "2001:4430", "2404:6800", "2400:cb00", "2406:da12"]
IPV6_PREFIXES += ["2001:7fa", "2407:b800", "2602:fd3f"]


# ---------------------------------------------------------------------------------------------
# validity rules: used to build values and to reject decoys that could pass as a value
# ---------------------------------------------------------------------------------------------
RRN_WEIGHTS = [2, 3, 4, 5, 6, 7, 8, 9, 2, 3, 4, 5]
CENTURY = {"1": 1900, "2": 1900, "3": 2000, "4": 2000, "5": 1900, "6": 1900, "7": 2000, "8": 2000}
CENTURY_BROAD = dict(CENTURY, **{"9": 1800, "0": 1800})
RRN_RANDOM_FROM = date(2020, 10, 1)


def rrn_check_native(digits12):
    total = sum(int(d) * w for d, w in zip(digits12, RRN_WEIGHTS, strict=True))
    return (11 - total % 11) % 10


def rrn_check_foreign(digits12):
    return (rrn_check_native(digits12) + 2) % 10


def rrn_birth(d13, table):
    century = table.get(d13[6])
    if century is None:
        return None
    try:
        return date(century + int(d13[:2]), int(d13[2:4]), int(d13[4:6]))
    except ValueError:
        return None


def rrn_strict(d13):
    """The rule values are built to: real date, 7th digit, check digit before 2020-10."""
    if len(d13) != 13 or not d13.isdigit():
        return False
    born = rrn_birth(d13, CENTURY)
    if born is None or born > REF_DATE:
        return False
    if born >= RRN_RANDOM_FROM:
        return True
    if d13[6] in "5678":
        return int(d13[7:9]) % 2 == 0 and d13[11] in "6789" and int(d13[12]) == rrn_check_foreign(d13[:12])
    return int(d13[12]) == rrn_check_native(d13[:12])


def rrn_broad(d13):
    """Anything a lenient reader might take for a registration number (used to reject decoys)."""
    if len(d13) != 13 or not d13.isdigit():
        return False
    born = rrn_birth(d13, CENTURY_BROAD)
    if born is None or born > REF_DATE:
        return False
    if born >= RRN_RANDOM_FROM:
        return True
    return int(d13[12]) in (rrn_check_native(d13[:12]), rrn_check_foreign(d13[:12]))


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


def luhn_digit(body):
    for last in "0123456789":
        if luhn_ok(body + last):
            return last
    raise AssertionError(body)


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
    if (p2 == 36 or 300 <= p3 <= 305) and n == 14:
        return "diners"
    if (p4 == 6011 or p2 == 65 or 644 <= p3 <= 649) and n in (16, 19):
        return "discover"
    if p2 == 62 and 16 <= n <= 19:
        return "unionpay"
    return None


def card_strict(digits):
    return digits.isdigit() and card_brand(digits) is not None and luhn_ok(digits)


MOBILE_RE = re.compile(r"010[2-9]\d{7}|01[16789][2-9]\d{6,7}")
LANDLINE_RE = re.compile(r"02[2-9]\d{6,7}|0(?:3[1-3]|4[1-4]|5[1-5]|6[1-4])[2-9]\d{6,7}|070\d{8}|050[2-8]\d{7,8}")
PHONE_BROAD_RE = re.compile(
    r"01[016789]\d{7,8}|02\d{7,8}|0(?:3[1-3]|4[1-4]|5[1-5]|6[1-4])\d{7,8}|070\d{8}|050[2-8]\d{7,8}"
)


def phone_kind(digits):
    """mobile / landline / None for a digit string, national or with the 82 country code."""
    if digits.startswith("82"):
        digits = digits[2:] if digits[2:3] == "0" else "0" + digits[2:]
    if MOBILE_RE.fullmatch(digits):
        return "mobile"
    if LANDLINE_RE.fullmatch(digits):
        return "landline"
    if PHONE_BROAD_RE.fullmatch(digits):
        return "phone"
    return None


def ip_global(text):
    try:
        return ipaddress.ip_address(text).is_global
    except ValueError:
        return False


EMAIL_RE = re.compile(r"[A-Za-z0-9._%+-]+@([A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)*)\.([A-Za-z]{2,})(?![A-Za-z0-9])")
DOTTED_RE = re.compile(r"\d+(?:\.\d+)+")
COLON_RE = re.compile(r"[0-9A-Fa-f]*:[0-9A-Fa-f:]*")
GROUPED_RE = re.compile(r"\d+(?:[- .]\d+)+")
DIGIT_RUN_RE = re.compile(r"\d+")


def looks_like_email(text):
    for m in EMAIL_RE.finditer(text):
        tld = m.group(2).lower()
        if len(tld) == 2 or tld in KNOWN_LONG_TLDS:
            return True
    return False


def looks_like_ip(text):
    for m in DOTTED_RE.finditer(text):
        parts = m.group().split(".")
        for i in range(len(parts) - 3):
            quad = parts[i : i + 4]
            if all(len(p) <= 3 and int(p) <= 255 for p in quad) and ip_global(".".join(str(int(p)) for p in quad)):
                return True
    for m in COLON_RE.finditer(text):
        if m.group().count(":") >= 2 and ip_global(m.group()):
            return True
    return False


def digit_candidates(text):
    runs = DIGIT_RUN_RE.findall(text)
    for i in range(len(runs)):
        joined = ""
        for j in range(i, len(runs)):
            joined += runs[j]
            if len(joined) > 19:
                break
            yield joined


def could_pass(text, kind=None):
    """True when the text could be read as a value of any span kind: such a decoy is regenerated."""
    text = text.translate(HALFWIDTH)
    if kind != "git_remote" and looks_like_email(text):
        return True
    if looks_like_ip(text):
        return True
    for digits in digit_candidates(text):
        if rrn_broad(digits) or (13 <= len(digits) <= 19 and luhn_ok(digits)) or phone_kind(digits):
            return True
    for m in GROUPED_RE.finditer(text):
        groups = tuple(len(g) for g in re.split(r"[- .]", m.group()))
        if groups in BANK_GROUPINGS and m.group()[0] != "0":
            return True
    return False


# ---------------------------------------------------------------------------------------------
# values and their writing styles
# ---------------------------------------------------------------------------------------------
def weighted(pairs):
    items = [p[0] for p in pairs]
    weights = [p[1] for p in pairs]
    return RNG.choices(items, weights=weights)[0]


def pick_style(common, rare):
    if RNG.random() < COMMON_RATE:
        return weighted(common)
    return RNG.choice(rare)


def digits(n, first="0123456789"):
    return RNG.choice(first) + "".join(RNG.choice("0123456789") for _ in range(n - 1))


def hangul(num):
    return "".join(HANGUL_DIGITS[int(c)] for c in num)


def join_groups(groups, style):
    if style == "hyphen":
        return "-".join(groups)
    if style == "plain":
        return "".join(groups)
    if style == "dot":
        return ".".join(groups)
    if style == "space":
        return " ".join(groups)
    if style == "spaced_hyphen":
        return " - ".join(groups)
    if style == "en_dash":
        return "–".join(groups)
    if style == "hangul_dash":
        return "ㅡ".join(groups)
    if style == "fullwidth":
        return "-".join(groups).translate(FULLWIDTH)
    if style == "ocr_gap":
        cut = RNG.randrange(len(groups) - 1)
        out = groups[0]
        for i, g in enumerate(groups[1:]):
            out += RNG.choice(["- ", " -"]) + g if i == cut else "-" + g
        return out
    if style == "spaced_digits":
        return RNG.choice([" ", " - "]).join(" ".join(g) for g in groups)
    if style == "hangul_digits":
        return RNG.choice(["-", " ", ""]).join(hangul(g) for g in groups)
    if style == "hangul_mixed":
        flags = [RNG.random() < 0.5 for _ in groups]
        if all(flags) or not any(flags):
            flags[RNG.randrange(len(flags))] = not flags[0]
        return RNG.choice(["-", " "]).join(hangul(g) if f else g for g, f in zip(groups, flags, strict=True))
    raise ValueError(style)


PHONE_COMMON = [("hyphen", 55), ("plain", 15), ("dot", 15), ("space", 15)]
PHONE_RARE = ["spaced_digits", "hangul_digits", "hangul_mixed", "intl_plus82", "intl_82", "fullwidth"]
PHONE_RARE += ["hangul_dash", "spaced_hyphen", "en_dash"]
LANDLINE_COMMON = [("hyphen", 45), ("paren_area", 25), ("plain", 10), ("dot", 10), ("space", 10)]
LANDLINE_RARE = PHONE_RARE + ["half_paren"]


def render_phone(groups, style):
    if style == "paren_area":
        return f"({groups[0]})" + RNG.choice(["", " "]) + "-".join(groups[1:])
    if style == "half_paren":
        return f"{groups[0]})" + "-".join(groups[1:])
    if style == "intl_plus82":
        rest = [groups[0][1:]] + groups[1:]
        head = RNG.choice(["+82-", "+82 ", "+82 (0)", "+82"])
        if head == "+82":
            return "+82" + "".join(rest)
        sep = "-" if head in ("+82-", "+82 (0)") else " "
        return head + sep.join(rest)
    if style == "intl_82":
        return "82-" + "-".join([groups[0][1:]] + groups[1:])
    return join_groups(groups, style)


def gen_mobile(hint=None):
    prefix = weighted([("010", 92), ("011", 2), ("016", 2), ("017", 1), ("018", 1), ("019", 2)])
    mid = digits(4, "23456789") if prefix == "010" or RNG.random() < 0.5 else digits(3, "23456789")
    groups = [prefix, mid, digits(4)]
    style = pick_style(PHONE_COMMON, PHONE_RARE)
    return [(render_phone(groups, style), "mobile")], prefix, style


def gen_landline(hint=None):
    if hint is None:
        hint = weighted([("area", 74), ("070", 10), ("050", 16)])
    if hint == "070":
        groups = ["070", digits(4, "2345678"), digits(4)]
    elif hint == "050":
        groups = ["050" + RNG.choice("2345678"), digits(4, "123456789"), digits(4)]
    else:
        area = "02" if RNG.random() < 0.35 else RNG.choice(AREA_CODES[1:])
        mid = digits(RNG.choice([3, 4]), "23456789")
        groups = [area, mid, digits(4)]
    style = pick_style(LANDLINE_COMMON, LANDLINE_RARE)
    if hint == "050" and style in ("paren_area", "half_paren", "intl_plus82", "intl_82"):
        style = "hyphen"
    return [(render_phone(groups, style), "landline")], groups[0], style


def rrn_digits(kind=None):
    if kind == "foreign":
        kind = weighted([("foreign1900", 78), ("foreign2000", 16), ("foreign2020post", 6)])
    if kind == "minor":
        kind = weighted([("native2000", 85), ("native2020post", 15)])
    if kind is None:
        kind = weighted([("native1900", 62), ("native2000", 22), ("native2020post", 6), ("foreign1900", 6)])
        if RNG.random() < 0.02:
            kind = RNG.choice(["foreign2000", "foreign2020post"])
    if kind.endswith("1900"):
        lo, hi = date(1938, 1, 1), date(1999, 12, 31)
    elif kind.endswith("2020post"):
        lo, hi = RRN_RANDOM_FROM, date(2026, 11, 30)
    else:
        lo, hi = date(2000, 1, 1), date(2020, 9, 30)
    born = lo + timedelta(days=RNG.randrange((hi - lo).days + 1))
    male = RNG.random() < 0.5
    base = 1 if born.year < 2000 else 3
    seventh = base + (0 if male else 1) + (4 if kind.startswith("foreign") else 0)
    head = born.strftime("%y%m%d") + str(seventh)
    if kind.startswith("foreign"):
        body = head + digits(1) + RNG.choice("02468") + digits(2) + RNG.choice("6789")
        check = rrn_check_foreign(body)
    else:
        body = head + digits(5)
        check = rrn_check_native(body)
    last = str(check) if born < RRN_RANDOM_FROM else digits(1)
    return body + last, kind


RRN_COMMON = [("hyphen", 78), ("plain", 16), ("space", 6)]
RRN_RARE = ["spaced_hyphen", "ocr_gap", "en_dash", "hangul_dash", "fullwidth"]


def gen_rrn(hint=None):
    while True:
        num, detail = rrn_digits(hint)
        if rrn_strict(num) and not luhn_ok(num):
            break
    style = pick_style(RRN_COMMON, RRN_RARE)
    return [(join_groups([num[:6], num[6:]], style), "rrn")], detail, style


def card_number(brand):
    if brand == "visa":
        body, n = "4" + digits(5), 16
    elif brand == "mastercard":
        body = str(RNG.randint(51, 55)) if RNG.random() < 0.8 else str(RNG.randint(2221, 2720))
        n = 16
    elif brand == "amex":
        body, n = RNG.choice(["34", "37"]), 15
    elif brand == "jcb":
        body, n = str(RNG.randint(3528, 3589)), 16
    elif brand == "unionpay":
        body, n = "62" + digits(2), 16
    elif brand == "diners":
        body, n = RNG.choice(["36", str(RNG.randint(300, 305))]), 14
    else:
        body, n = RNG.choice(["6011", "65", str(RNG.randint(644, 649))]), 16
    body += digits(n - 1 - len(body))
    return body + luhn_digit(body)


CARD_COMMON = [("hyphen", 50), ("space", 35), ("plain", 15)]
CARD_RARE = ["dot", "spaced_hyphen", "ocr_gap", "en_dash", "hangul_dash", "fullwidth"]


def card_groups(num):
    if len(num) == 15:
        return [num[:4], num[4:10], num[10:]]
    if len(num) == 14:
        return [num[:4], num[4:10], num[10:]]
    return [num[i : i + 4] for i in range(0, len(num), 4)]


def gen_card(hint=None):
    brand = hint or weighted(CARD_BRANDS)
    num = card_number(brand)
    assert card_strict(num) and card_brand(num) == brand, num
    style = pick_style(CARD_COMMON, CARD_RARE)
    return [(join_groups(card_groups(num), style), "card")], brand, style


def local_part():
    g, s = RNG.choice(ROMAN_GIVEN), RNG.choice(ROMAN_SUR)
    shape = RNG.randrange(8)
    if shape == 0:
        return f"{g}.{s}"
    if shape == 1:
        return f"{s}{g}{RNG.randint(70, 99)}"
    if shape == 2:
        return f"{g}_{s}"
    if shape == 3:
        return f"{s[0]}{g}{RNG.randint(1, 999)}"
    if shape == 4:
        return f"{RNG.choice(ROMAN_WORDS)}{g}"
    if shape == 5:
        return f"{g}{RNG.randint(1985, 2009)}"
    if shape == 6:
        return f"{RNG.choice(ROMAN_WORDS)}.{RNG.choice(ROMAN_WORDS)}{RNG.randint(1, 99)}"
    return f"{s}.{g}"


GENRE_EMAIL_WORDS = {
    "bridal_shop": ["bridal", "dress", "wedding"],
    "tire_shop": ["tire", "wheel", "carcare"],
    "stamp_collectors": ["stamp", "philately", "upyo"],
    "village_festival": ["festival", "maeul", "chukje"],
    "cram_school_enrollment": ["academy", "hakwon", "edu"],
    "hospice_volunteers": ["hospice", "care", "bongsa"],
    "boat_repair": ["marine", "boat", "dock"],
    "makeup_academy": ["makeup", "beauty", "artist"],
    "organic_box_delivery": ["organic", "farm", "greenbox"],
    "piano_rental": ["piano", "music", "keys"],
    "campus_dormitory": ["dorm", "housing", "gisuksa"],
    "storage_units": ["storage", "box", "locker"],
    "wildlife_rescue": ["wildlife", "rescue", "animal"],
    "street_food_market": ["market", "food", "yasijang"],
}


def email_domain(genre, hint):
    detail = hint or weighted(
        [("portal", 44), ("company", 12), ("ac.kr", 8), ("go.kr", 7), ("or.kr", 7), ("co.kr", 8)]
        + [("cctld", 7), ("gtld", 7)]
    )
    word = RNG.choice(GENRE_EMAIL_WORDS[genre])
    if detail == "portal":
        return RNG.choice(PORTAL_DOMAINS), detail
    if detail == "company":
        return f"{RNG.choice(ROMAN_WORDS)}{word}.{RNG.choice(['com', 'net', 'kr'])}", detail
    if detail == "ac.kr":
        return RNG.choice(AC_DOMAINS), detail
    if detail == "go.kr":
        return RNG.choice(GO_DOMAINS), detail
    if detail == "or.kr":
        return RNG.choice(OR_DOMAINS), detail
    if detail == "co.kr":
        return f"{word}{RNG.choice(ROMAN_WORDS)}.co.kr", detail
    if detail == "cctld":
        return RNG.choice(CCTLD_DOMAINS), detail
    return f"{RNG.choice(ROMAN_WORDS)}-{word}.{RNG.choice(GTLDS)}", detail


EMAIL_RARE = ["at_word", "paren_at", "bracket_at", "golbaengi", "spaced_at", "fullwidth_at", "at_dot_words"]
EMAIL_RARE += ["bracket_at_dot"]


def render_email(local, domain, style):
    if style == "plain":
        return f"{local}@{domain}"
    if style == "at_word":
        return f"{local} at {domain}"
    if style == "paren_at":
        return f"{local}{RNG.choice(['(at)', ' (at) ', '(AT)'])}{domain}"
    if style == "bracket_at":
        return f"{local}{RNG.choice(['[at]', ' [at] ', '[골뱅이]'])}{domain}"
    if style == "golbaengi":
        return f"{local}{RNG.choice([' 골뱅이 ', '골뱅이', '(골뱅이)'])}{domain}"
    if style == "spaced_at":
        return f"{local}{RNG.choice([' @ ', ' @', '@ '])}{domain}"
    if style == "fullwidth_at":
        return f"{local}＠{domain}"
    if style == "at_dot_words":
        return f"{local} at {domain.replace('.', ' dot ')}"
    if style == "bracket_at_dot":
        return f"{local}[at]{domain.replace('.', '[dot]')}"
    raise ValueError(style)


def gen_email(hint=None, genre="bridal_shop"):
    domain, detail = email_domain(genre, hint)
    style = pick_style([("plain", 1)], EMAIL_RARE)
    return [(render_email(local_part(), domain, style), "email")], detail, style


def ipv4_value():
    while True:
        addr = f"{RNG.choice(IPV4_FIRST)}.{RNG.randint(1, 254)}.{RNG.randint(0, 255)}.{RNG.randint(1, 254)}"
        if ip_global(addr):
            return addr


def ipv6_value():
    while True:
        groups = RNG.choice(IPV6_PREFIXES).split(":")
        groups += [f"{RNG.randrange(65536):x}" for _ in range(8 - len(groups))]
        zeros = RNG.choice([(3, 6), (2, 5), (4, 7), (3, 7), None])
        if zeros:
            for i in range(*zeros):
                groups[i] = "0"
        addr = ipaddress.IPv6Address(":".join(groups))
        if addr.is_global:
            return addr


def gen_ip(hint=None):
    version = hint or weighted([("v4", 74), ("v6", 26)])
    if version == "v4":
        addr = ipv4_value()
        style = pick_style([("dotted", 1)], ["defanged_brackets", "defanged_parens", "bracket_dot", "fullwidth"])
        if style == "dotted":
            text = addr
        elif style == "defanged_brackets":
            text = addr.replace(".", "[.]")
        elif style == "defanged_parens":
            text = addr.replace(".", "(.)")
        elif style == "bracket_dot":
            text = addr.replace(".", "[dot]")
        else:
            text = addr.translate(FULLWIDTH)
    else:
        addr = ipv6_value()
        style = pick_style([("compressed", 1)], ["ipv6_expanded", "ipv6_upper", "defanged_brackets"])
        if style == "compressed":
            text = addr.compressed
        elif style == "ipv6_expanded":
            text = addr.exploded
        elif style == "ipv6_upper":
            text = addr.compressed.upper()
        else:
            text = addr.compressed.replace("::", "|").replace(":", "[:]").replace("|", "[::]")
    return [(text, "ip")], version, style


ACCOUNT_COMMON = [("hyphen", 62), ("plain", 30), ("space", 8)]
ACCOUNT_RARE = ["spaced_hyphen", "dot", "en_dash", "hangul_dash", "fullwidth", "hangul_digits"]


def account_number(bank):
    _, _, grouping, prefixes = bank
    while True:
        prefix = RNG.choice(prefixes)
        num = prefix + digits(sum(grouping) - len(prefix), "123456789" if not prefix else "0123456789")
        if not rrn_broad(num) and not (13 <= len(num) <= 19 and luhn_ok(num)) and not phone_kind(num):
            break
    groups, pos = [], 0
    for g in grouping:
        groups.append(num[pos : pos + g])
        pos += g
    return groups


def account_frame(bank, number_text, kind):
    """Bank name and number in one of the orders people write them; only the number is the span."""
    name = RNG.choice(bank[1])
    order = RNG.randrange(6)
    if order <= 2:
        return [(name + RNG.choice([" ", " ", ": ", " / "]), None), (number_text, kind)]
    if order == 3:
        return [(number_text, kind), (f" ({name})", None)]
    if order == 4:
        return [(number_text, kind), (" " + name, None)]
    return [(f"[{name}] ", None), (number_text, kind)]


def gen_account(hint=None):
    bank = BANKS[[b[0] for b in BANKS].index(hint)] if hint else RNG.choices(BANKS, weights=BANK_WEIGHTS)[0]
    groups = account_number(bank)
    style = pick_style(ACCOUNT_COMMON, ACCOUNT_RARE)
    return account_frame(bank, join_groups(groups, style), "account"), bank[0], style


# ---------------------------------------------------------------------------------------------
# decoys: numbers and handles a genre carries that are none of the span kinds
# ---------------------------------------------------------------------------------------------
PLATE_LETTERS = "가나다라마거너더러머버서어저고노도로모보소오조구누두루무부수우주하허호"
LETTERS = "ABCDEFGHJKLMNPRSTUVWXYZ"


def rand_date(lo=date(2025, 1, 1), hi=date(2027, 6, 30)):
    return lo + timedelta(days=RNG.randrange((hi - lo).days + 1))


def pattern(spec):
    """'#' a digit, '%' a digit 1-9, '@' a capital letter, '&' a plate letter; '|' separates choices."""
    out = []
    for ch in RNG.choice(spec.split("|")):
        if ch == "#":
            out.append(RNG.choice("0123456789"))
        elif ch == "%":
            out.append(RNG.choice("123456789"))
        elif ch == "@":
            out.append(RNG.choice(LETTERS))
        elif ch == "&":
            out.append(RNG.choice(PLATE_LETTERS))
        else:
            out.append(ch)
    return "".join(out)


def num_unit(arg):
    """'unit,lo,hi' with an optional fourth field: 'dec' (one decimal) or 'comma' (thousands)."""
    unit, lo, hi, *flag = arg.split(",")
    if flag and flag[0] == "dec":
        return f"{RNG.uniform(float(lo), float(hi)):.1f}{unit}"
    n = RNG.randint(int(lo), int(hi))
    if flag and flag[0] == "comma":
        return f"{n:,}{unit}"
    return f"{n}{unit}"


LAST_DATE = [REF_DATE]


def d_date(arg):
    """A date; 'next' gives one a few days after the record's previous date, 'short' a month/day form."""
    if arg == "next":
        d = LAST_DATE[0] + timedelta(days=RNG.randint(1, 30))
    else:
        d = rand_date()
        LAST_DATE[0] = d
    forms = [f"{d:%Y-%m-%d}", f"{d:%Y.%m.%d}", f"{d.year}. {d.month}. {d.day}.", f"{d.month}월 {d.day}일"]
    forms += [f"{d.year}년 {d.month}월 {d.day}일", f"{d.month}/{d.day}", f"{d:%y.%m.%d}"]
    if arg == "next" and d.year == LAST_DATE[0].year:
        forms = [f for f in forms if str(d.year) not in f] or forms
    if arg == "short":
        return RNG.choice([f"{d.month}월 {d.day}일", f"{d.month}/{d.day}", f"{d.month}.{d.day}"])
    return RNG.choice(forms)


def d_time(arg):
    h, m = RNG.randint(7, 21), RNG.choice([0, 0, 0, 10, 20, 30, 30, 40, 50])
    if arg == "night":
        h = RNG.choice([22, 23, 1, 2])
        word, h12 = ("밤", h - 12) if h > 12 else ("새벽", h)
        return RNG.choice([f"{h:02d}:{m:02d}", f"{word} {h12}시", f"{word} {h12}시 반"])
    if arg == "evening":
        h = RNG.randint(18, 23)
        return RNG.choice([f"{h:02d}:{m:02d}", f"{h}시", f"밤 {h - 12}시" if h >= 21 else f"저녁 {h - 12}시"])
    if arg == "evening_range":
        h, h2 = RNG.randint(17, 19), RNG.randint(22, 24)
        return RNG.choice([f"{h}:00~{h2}:00", f"{h}시~{h2}시", f"{h}:00 - {h2}:00"])
    if arg == "night_range":
        h, h2 = RNG.choice([23, 0, 1]), RNG.choice([5, 6])
        return RNG.choice([f"{h:02d}:00~{h2:02d}:00", f"{h:02d}:00 - {h2:02d}:00"])
    if arg == "range":
        h2 = min(h + RNG.randint(2, 9), 23)
        return RNG.choice([f"{h:02d}:{m:02d}~{h2:02d}:{m:02d}", f"{h}시~{h2}시", f"{h:02d}:00 - {h2:02d}:00"])
    ampm = "오전" if h < 12 else "오후"
    h12 = h if h <= 12 else h - 12
    forms = [f"{h:02d}:{m:02d}", f"{ampm} {h12}시", f"{ampm} {h12}시 {m}분" if m else f"{h}시", f"{h12}시 반"]
    return RNG.choice(forms)


def d_price(arg):
    lo, hi = (int(x) for x in (arg or "5000,200000").split(","))
    step = 100 if hi <= 20000 else 1000 if hi <= 500000 else 10000
    n = RNG.randrange(lo // step * step or step, hi + 1, step)
    if n % 10000 == 0 and RNG.random() < 0.35:
        return f"{n // 10000}만원"
    if n >= 10000 and n % 1000 == 0 and n % 10000 and RNG.random() < 0.2:
        return f"{n // 10000}만 {n % 10000 // 1000}천원"
    return RNG.choice([f"{n:,}원", f"{n:,}원", f"₩{n:,}", f"{n:,} 원"])


def d_stat(arg):
    lo, hi = (int(x) for x in (arg or "2,98").split(","))
    return RNG.choice([f"{RNG.uniform(lo, hi):.1f}%", f"{RNG.randint(lo, hi)}%"])


def d_score(arg):
    if arg == "pt":
        return f"{RNG.randint(55, 100)}점"
    return RNG.choice([f"{RNG.randint(55, 100)}점", f"{RNG.uniform(3.5, 5):.1f}점", f"★{RNG.uniform(3.8, 5):.1f}"])


def d_version(arg):
    a, b, c = RNG.randint(1, 9), RNG.randint(0, 24), RNG.randint(0, 30)
    return RNG.choice([f"v{a}.{b}.{c}", f"{a}.{b}.{c}", f"v{a}.{b}", f"ver {a}.{b}"])


def ean13(body12):
    total = sum(int(d) * (3 if i % 2 else 1) for i, d in enumerate(body12))
    return body12 + str((10 - total % 10) % 10)


def d_ean(arg):
    return ean13("880" + digits(9))


def d_isbn(arg):
    body = RNG.choice(["97911", "97889"]) + digits(7)
    full = ean13(body)
    pub = RNG.choice([2, 3, 4])
    return f"{full[:3]}-{full[3:5]}-{full[5 : 5 + pub]}-{full[5 + pub : 12]}-{full[12]}"


def d_order(arg):
    d = rand_date()
    return RNG.choice([f"{d:%Y%m%d}-{digits(5)}", f"ORD{d:%y%m%d}{digits(4)}", digits(10, "123456789")])


def d_invoice(arg):
    d = rand_date()
    return RNG.choice([f"INV-{d.year}-{digits(4)}", f"{d:%Y%m%d}-{digits(8)}-{digits(8)}"])


def d_tracking(arg):
    return RNG.choice([digits(12, "56"), digits(10, "3"), digits(13, "6")])


def d_biz(arg):
    while True:
        body = str(RNG.randint(101, 899)) + digits(2, "0123456789") + digits(4)
        total = sum(int(d) * w for d, w in zip(body, [1, 3, 7, 1, 3, 7, 1, 3, 5], strict=True))
        total += int(body[8]) * 5 // 10
        num = body + str((10 - total % 10) % 10)
        if num[3:5] != "00":
            return f"{num[:3]}-{num[3:5]}-{num[5:]}"


def d_corp(arg):
    body = RNG.choice(["1101", "1201", "1301", "1311", "1345", "1501", "1601", "1801", "2301", "2841"])
    body += RNG.choice(["11", "11", "71", "21", "15"]) + digits(6)
    total = sum(int(d) * (2 if i % 2 else 1) for i, d in enumerate(body))
    return f"{body[:6]}-{body[6:]}{(10 - total % 10) % 10}"


def d_bad_rrn(arg):
    yy, mm, dd = RNG.randint(40, 99), RNG.randint(1, 12), RNG.randint(1, 28)
    if RNG.random() < 0.5:
        mm = RNG.randint(13, 19)
    else:
        dd = RNG.randint(32, 39)
    return f"{yy:02d}{mm:02d}{dd:02d}-{RNG.randint(1, 4)}{digits(6)}"


def d_nonglobal_ip(arg):
    forms = [
        f"192.168.{RNG.randint(0, 10)}.{RNG.randint(1, 254)}",
        f"10.{RNG.randint(0, 255)}.{RNG.randint(0, 255)}.{RNG.randint(1, 254)}",
        f"172.{RNG.randint(16, 31)}.{RNG.randint(0, 255)}.{RNG.randint(1, 254)}",
        "127.0.0.1",
        f"100.{RNG.randint(64, 127)}.{RNG.randint(0, 255)}.{RNG.randint(1, 254)}",
        f"169.254.{RNG.randint(1, 254)}.{RNG.randint(1, 254)}",
        f"203.0.113.{RNG.randint(1, 254)}",
        f"198.51.100.{RNG.randint(1, 254)}",
        f"fe80::{RNG.randrange(65536):x}:{RNG.randrange(65536):x}",
        f"fd{RNG.randrange(256):02x}:{RNG.randrange(65536):x}::{RNG.randrange(1, 255):x}",
        f"2001:db8::{RNG.randrange(1, 65536):x}",
    ]
    weights = [30, 16, 8, 4, 6, 3, 6, 4, 8, 6, 9] if arg != "v4" else [30, 16, 8, 4, 6, 3, 6, 4, 0, 0, 0]
    addr = RNG.choices(forms, weights=weights)[0]
    assert not ipaddress.ip_address(addr).is_global, addr
    return addr


IMAGE_NAMES = ["logo", "btn_reserve", "banner_main", "icon-call", "thumb_event", "bg-hero", "map_pin"]
HANDLE_WORDS = ["hanul", "dalbit", "maru", "sodam", "nuri", "gaon", "byeol", "saebom", "yeoul", "haram"]


def d_image(arg):
    return f"{RNG.choice(IMAGE_NAMES)}@{RNG.choice([2, 2, 3])}x.{RNG.choice(['png', 'png', 'jpg', 'webp'])}"


def d_git(arg):
    host = RNG.choice(["github.com", "gitlab.com", "bitbucket.org"])
    repo = RNG.choice(["booking", "homepage", "admin-web", "reserve-api", "site", "notice-bot"])
    return f"git@{host}:{RNG.choice(HANDLE_WORDS)}-{RNG.choice(['dev', 'lab', 'team'])}/{repo}.git"


def d_npm(arg):
    pkg = RNG.choice(["booking-widget", "ui-kit", "map-sdk", "calendar", "form-utils", "analytics"])
    ver = f"@{RNG.randint(1, 6)}.{RNG.randint(0, 20)}.{RNG.randint(0, 9)}" if RNG.random() < 0.5 else ""
    return f"@{RNG.choice(HANDLE_WORDS)}/{pkg}{ver}"


def d_mention(arg):
    if RNG.random() < 0.3:
        return "@" + RNG.choice(["타이어박사", "우표사랑", "동네총무", "새벽배송러", "야시장지기", "피아노쌤"])
    return f"@{RNG.choice(ROMAN_GIVEN)}{RNG.choice(['_', '.', ''])}{RNG.choice(ROMAN_WORDS)}{RNG.randint(0, 99)}"


def d_coords(arg):
    lat, lon = RNG.uniform(33.2, 38.4), RNG.uniform(126.1, 129.5)
    if RNG.random() < 0.25:
        return f"N{int(lat)}°{int(lat % 1 * 60)}′ E{int(lon)}°{int(lon % 1 * 60)}′"
    return f"{lat:.{RNG.choice([4, 5, 6])}f}, {lon:.{RNG.choice([4, 5, 6])}f}"


def d_hash(arg):
    return f"{RNG.getrandbits(4 * 40):040x}"[: RNG.choice([7, 8, 12, 40])]


def d_uuid(arg):
    n = RNG.getrandbits(128)
    n = (n & ~(0xF << 76)) | (4 << 76)
    n = (n & ~(0x3 << 62)) | (0x2 << 62)
    h = f"{n:032x}"
    return f"{h[:8]}-{h[8:12]}-{h[12:16]}-{h[16:20]}-{h[20:]}"


def d_meeting(arg):
    return RNG.choice([f"{digits(3, '89')} {digits(4)} {digits(4)}", f"{digits(3, '89')} {digits(3)} {digits(4)}"])


def mask_run(text, keep_left, keep_right, mark="*"):
    chars = list(text)
    idx = [i for i, c in enumerate(chars) if c.isdigit()]
    for i in idx[keep_left : len(idx) - keep_right]:
        chars[i] = mark
    return "".join(chars)


def d_masked_mobile(arg):
    g = ["010", digits(4, "23456789"), digits(4)]
    mark = RNG.choice(["*", "*", "*", "X", "x", "○"])
    forms = [
        f"{g[0]}-{mark * 4}-{g[2]}",
        f"{g[0]}-{g[1]}-{mark * 4}",
        f"{g[0]}-{g[1][:2]}{mark * 2}-{g[2][:2]}{mark * 2}",
        f"{g[0]}-{mark * 4}-{mark * 4}",
        f"{g[0]}{mark * 4}{g[2]}",
        f"{g[0]}-{g[1][0]}{mark * 3}-{mark * 2}{g[2][2:]}",
    ]
    return RNG.choice(forms)


def d_masked_landline(arg):
    area = RNG.choice(AREA_CODES + ["070", "0507"])
    mid = digits(3 if area == "02" else 4, "23456789")
    return RNG.choice([f"{area}-{'*' * len(mid)}-{digits(4)}", f"{area}-{mid}-****", f"({area}) ***-{digits(4)}"])


def d_masked_rrn(arg):
    num, _ = rrn_digits(arg)
    return RNG.choice([f"{num[:6]}-{num[6]}******", f"{num[:6]}-*******", f"{num[:6]}-{num[6]}XXXXXX"])


def d_masked_card(arg):
    num = card_number(weighted(CARD_BRANDS))
    groups = card_groups(num)
    sep = RNG.choice(["-", " "])
    if RNG.random() < 0.4:
        masked = [groups[0]] + ["*" * len(g) for g in groups[1:-1]] + [groups[-1]]
    elif RNG.random() < 0.5:
        masked = ["*" * len(g) for g in groups[:-1]] + [groups[-1]]
    else:
        masked = [groups[0], groups[1][:2] + "*" * (len(groups[1]) - 2)] + ["*" * len(g) for g in groups[2:-1]]
        masked.append(groups[-1])
    return sep.join(masked)


def d_masked_email(arg):
    local, domain = local_part(), RNG.choice(PORTAL_DOMAINS + AC_DOMAINS[:4])
    keep = RNG.randint(1, min(3, len(local) - 1))
    local = local[:keep].rstrip("._") or local[0]
    return f"{local}{'*' * RNG.randint(3, 5)}@{domain}"


def d_masked_account(arg):
    bank = RNG.choices(BANKS, weights=BANK_WEIGHTS)[0]
    groups = account_number(bank)
    i = RNG.randrange(1, len(groups))
    groups[i] = "*" * len(groups[i])
    if RNG.random() < 0.4:
        groups[-1] = "*" * (len(groups[-1]) - 3) + groups[-1][-3:]
    return "-".join(groups)


def d_masked_ip(arg):
    a = ipv4_value().split(".")
    forms = [f"{a[0]}.{a[1]}.*.*", f"{a[0]}.{a[1]}.***.***", f"{a[0]}.{a[1]}.xxx.{a[3]}", f"{a[0]}.*.*.{a[3]}"]
    return RNG.choice(forms)


def d_gift_pin(arg):
    return RNG.choice(["-", " ", "-"]).join(digits(4) for _ in range(4))


def d_tire_size(arg):
    w, a, r = RNG.randrange(165, 316, 10), RNG.randrange(35, 76, 5), RNG.randint(14, 21)
    size = f"{w}/{a}R{r}"
    if RNG.random() < 0.4:
        size += f" {RNG.randint(82, 104)}{RNG.choice('HVWY')}"
    return size


def d_coded(spec):
    return lambda arg: pattern(arg or spec)


def d_num(spec):
    return lambda arg: num_unit(arg or spec)


def d_choice(options):
    return lambda arg: RNG.choice(options)


DECOYS = {
    "date": d_date,
    "time": d_time,
    "price": d_price,
    "quantity": d_num("개,1,30"),
    "duration": d_num("개월,1,24"),
    "age": d_num("세,19,86"),
    "year": d_num("년,1950,2026"),
    "distance": d_num("km,1,40,dec"),
    "area": d_num("㎡,3,40,dec"),
    "temperature": d_num("℃,-20,40"),
    "stat": d_stat,
    "score": d_score,
    "version": d_version,
    "model_code": d_coded("@@-%##|@%##|@@%##@"),
    "ean": d_ean,
    "isbn": d_isbn,
    "order_no": d_order,
    "invoice_no": d_invoice,
    "tracking_no": d_tracking,
    "reservation_no": d_coded("R%#######|@@%###@|%##-%####"),
    "receipt_no": d_coded("%###-####-####|No. ######|%#######-####"),
    "approval_no": d_coded("%#######|3#######"),
    "claim_no": d_coded("2026-%######|2025-%######|%##-%#-######"),
    "policy_no": d_coded("L2026%######|%##-%######-##|P-%#########"),
    "registered_mail_no": d_coded("60#########%#|1##########%#"),
    "case_no": d_coded("2026가단%####|2025고단%###|2026-구조-%###|2026타경%####"),
    "student_id": d_coded("2026%####|2025%####|2024%####|20%######"),
    "employee_id": d_coded("E-%####|%#####|HR%####"),
    "member_no": d_coded("M%#######|%#######|No.%#####"),
    "biz_reg_no": d_biz,
    "corp_reg_no": d_corp,
    "bad_rrn": d_bad_rrn,
    "rep_number": d_coded("1588-%###|1577-%###|1544-%###|1644-%###|1661-%###|1800-%###|1899-%###|1670-%###"),
    "tollfree_080": d_coded("080-%##-####|080-%###-####"),
    "relay_0500": d_coded("0500-%###-####|0501-%###-####"),
    "short_number": d_choice(["112", "119", "114", "1330", "1345", "1366", "1388", "129", "110", "120", "182"]),
    "bad_area_phone": lambda arg: f"{RNG.choice(BAD_AREA_CODES)}-{digits(RNG.choice([3, 4]), '23456789')}-{digits(4)}",
    "nonglobal_ip": d_nonglobal_ip,
    "port": d_choice(["80", "443", "8080", "8443", "22", "3389", "554", "8000", "9000", "5000", "37777", "1935"]),
    "image_2x": d_image,
    "git_remote": d_git,
    "npm_scoped": d_npm,
    "mention": d_mention,
    "coords": d_coords,
    "hash": d_hash,
    "uuid": d_uuid,
    "serial": d_coded("SN@@%###@###|S/N %#@#####|@%@###%##"),
    "postal_code": lambda arg: f"{RNG.randint(1000, 63644):05d}",
    "room_no": d_coded("%0%호|%%0%호|@동 %0%호|@-%0%"),
    "meeting_id": d_meeting,
    "otp": lambda arg: digits(6),
    "gift_pin": d_gift_pin,
    "card_expiry": lambda arg: f"{RNG.randint(1, 12):02d}/{RNG.randint(27, 31)}",
    "masked_mobile": d_masked_mobile,
    "masked_landline": d_masked_landline,
    "masked_rrn": d_masked_rrn,
    "masked_card": d_masked_card,
    "masked_email": d_masked_email,
    "masked_account": d_masked_account,
    "masked_ip": d_masked_ip,
    "tire_size": d_tire_size,
    "dot_code": lambda arg: f"{RNG.randint(1, 52):02d}{RNG.randint(20, 26)}",
    "mileage": d_num("km,3000,160000,comma"),
    "plate": d_coded("%#& %###|%##& %###"),
    "catalog_no": d_coded("K-%###|Scott %###|C%##|KPS %##-%"),
    "lot_no": d_coded("Lot %##|No.%##|%##번"),
    "booth_no": d_coded("@-%#|@%#|%#번"),
    "hull_no": d_coded("@@@-%##-####|%##@-####"),
    "engine_hours": d_num("시간,40,4800,comma"),
    "license_no": d_coded("제%###-######호|%#-%-######|@@-%#####"),
    "course_code": d_coded("@@-%##|@%##|@@%#-%"),
    "microchip": lambda arg: "410" + digits(12),
    "band_no": d_coded("K-%####|KB %###|@%####"),
    "unit_no": d_coded("@-%##|%##호실|@%-%#"),
    "permit_no": d_coded("제%###-%##호|%###-%##|제%##호"),
    "size": d_choice(["44", "55", "55반", "66", "66반", "77", "88", "S(55)", "M(66)"]),
    "radio_channel": d_coded("CH %#|채널 %#|VHF %#"),
}


# ---------------------------------------------------------------------------------------------
# decoys that never pass as values, look-alikes for negative records, fillers and particles
# ---------------------------------------------------------------------------------------------
def make_decoy(kind, arg=None):
    for _ in range(1000):
        text = DECOYS[kind](arg)
        if not could_pass(text, kind):
            return text
    raise RuntimeError(f"no decoy of kind {kind}")


VALUE_KINDS = ["rrn", "mobile", "landline", "email", "ip", "card", "account"]
MASKED = {k: "masked_" + k for k in VALUE_KINDS}
LOOKALIKE = {
    "mobile": [("masked_mobile", 45), ("rep_number", 20), ("relay_0500", 13), ("tollfree_080", 12)]
    + [("bad_area_phone", 10)],
    "landline": [("masked_landline", 30), ("bad_area_phone", 30), ("rep_number", 20), ("tollfree_080", 10)]
    + [("relay_0500", 10)],
    "rrn": [("masked_rrn", 55), ("corp_reg_no", 25), ("bad_rrn", 20)],
    "email": [("masked_email", 66), ("mention", 20), ("image_2x", 7), ("npm_scoped", 7)],
    "ip": [("nonglobal_ip", 60), ("masked_ip", 40)],
    "card": [("masked_card", 55), ("gift_pin", 45)],
    "account": [("masked_account", 100)],
}
DECOY_RANK = ["masked_rrn", "bad_rrn", "corp_reg_no", "masked_card", "gift_pin", "masked_account", "masked_mobile"]
DECOY_RANK += ["masked_landline", "bad_area_phone", "relay_0500", "tollfree_080", "rep_number", "masked_email"]
DECOY_RANK += ["nonglobal_ip", "masked_ip", "git_remote", "image_2x", "npm_scoped", "mention", "short_number"]
DECOY_RANK += ["biz_reg_no", "microchip", "registered_mail_no", "tracking_no", "ean", "isbn", "meeting_id", "otp"]
DECOY_RANK += ["card_expiry", "approval_no", "order_no", "invoice_no", "policy_no", "claim_no", "case_no"]
DECOY_RANK += ["reservation_no", "receipt_no", "student_id", "employee_id", "member_no", "license_no", "permit_no"]
DECOY_RANK += ["uuid", "hash", "serial", "plate", "hull_no", "postal_code", "coords", "port"]


def lookalike(kind, decoy_kind, hint, genre):
    """A decoy standing where a value of `kind` would stand (masked or look-alike)."""
    if kind == "account":
        bank = RNG.choices(BANKS, weights=BANK_WEIGHTS)[0]
        for _ in range(1000):
            groups = account_number(bank)
            i = RNG.randrange(1, len(groups))
            groups[i] = RNG.choice(["*", "X"]) * len(groups[i])
            if RNG.random() < 0.4:
                groups[-1] = "*" * (len(groups[-1]) - 3) + groups[-1][-3:]
            text = "-".join(groups)
            if not could_pass(text, decoy_kind):
                return account_frame(bank, text, decoy_kind)
        raise RuntimeError("masked account")
    arg = None
    if decoy_kind == "nonglobal_ip" and hint == "v4":
        arg = "v4"
    elif decoy_kind == "masked_rrn":
        arg = hint
    return [(make_decoy(decoy_kind, arg), decoy_kind)]


def gen_value(kind, hint, genre):
    if kind == "mobile":
        return gen_mobile(hint)
    if kind == "landline":
        return gen_landline(hint)
    if kind == "rrn":
        return gen_rrn(hint)
    if kind == "email":
        return gen_email(hint, genre)
    if kind == "ip":
        return gen_ip(hint)
    if kind == "card":
        return gen_card(hint)
    return gen_account(hint)


JOSA = {"로": ("로", "으로"), "이": ("가", "이"), "은": ("는", "은"), "을": ("를", "을"), "와": ("와", "과")}
JOSA["랑"] = ("랑", "이랑")
JOSA["이고"] = ("고", "이고")
DIGIT_FINAL = dict(zip("0123456789", ["x", "r", "", "x", "", "", "x", "r", "r", ""], strict=True))


TLD_SOUNDS = {"com": "x", "net": "x", "app": "x", "shop": "x", "club": "x", "farm": "x", "team": "x", "vet": "x"}
TLD_SOUNDS.update({"garden": "x", "market": "x", "online": "x", "wedding": "x", "blog": "", "camp": ""})


def final_sound(text):
    """'' (open syllable), 'r' (final ㄹ) or 'x' (other final consonant) of how the text is read aloud."""
    t = text.rstrip(" )]").translate(HALFWIDTH)
    if not t:
        return ""
    ch = t[-1]
    if "가" <= ch <= "힣":
        jong = (ord(ch) - 0xAC00) % 28
        return "" if jong == 0 else "r" if jong == 8 else "x"
    if ch.isdigit():
        return DIGIT_FINAL[ch]
    for word, sound in TLD_SOUNDS.items():
        if t.lower().endswith("." + word):
            return sound
    return "r" if ch.lower() in "lr" else "x" if ch.lower() in "mn" else ""


def josa(text, which):
    sound = final_sound(text)
    open_form, closed_form = JOSA[which]
    if which == "로":
        return closed_form if sound == "x" else open_form
    return open_form if sound == "" else closed_form


SLOT_RE = re.compile(r"\{([a-z]+)(?::([^{}]*))?\}")


def value_slots(frame):
    return [m for m in SLOT_RE.finditer(frame) if m.group(1) in VALUE_KINDS]


def render(frame, mode, genre):
    """Fill a frame. mode 'pos': value slots get values (some masked); 'neg': look-alike decoys."""
    n_slots = len(value_slots(frame))
    masks = [False] * n_slots
    if mode == "pos" and n_slots >= 2:
        masks = [RNG.random() < MASK_RATE for _ in range(n_slots)]
        if all(masks):
            masks[RNG.randrange(n_slots)] = False
    text, spans, decoys, forms, used = "", [], [], [], set()
    slot, pos = 0, 0
    for m in SLOT_RE.finditer(frame):
        text += frame[pos : m.start()]
        pos = m.end()
        name, arg = m.group(1), m.group(2)
        if name in VALUE_KINDS:
            if mode == "pos" and not masks[slot]:
                segs, detail, style = gen_value(name, arg, genre)
                forms.append(f"{name}/{detail}/{style}")
            else:
                decoy_kind = MASKED[name] if mode == "pos" else weighted(LOOKALIKE[name])
                segs = lookalike(name, decoy_kind, arg, genre)
            slot += 1
        elif name == "d":
            kind, _, darg = arg.partition(":")
            segs = [(make_decoy(kind, darg or None), kind)]
        elif name == "n":
            word = filler(arg, genre)
            for _ in range(20):
                if word not in used:
                    break
                word = filler(arg, genre)
            used.add(word)
            segs = [(word, None)]
        elif name == "c":
            segs = [(RNG.choice(arg.split("|")), None)]
        elif name == "j":
            segs = [(josa(text, arg), None)]
        else:
            raise ValueError(f"unknown slot {m.group()}")
        for seg, kind in segs:
            if kind is not None:
                item = {"kind": kind, "start": len(text), "end": len(text) + len(seg), "value": seg}
                (spans if kind in VALUE_KINDS else decoys).append(item)
            text += seg
    text += frame[pos:]
    return text, spans, decoys, forms


def negative_form(decoys):
    kinds = [d["kind"] for d in decoys]
    if not kinds:
        return "neg/none"
    rank = {k: i for i, k in enumerate(DECOY_RANK)}
    return "neg/" + min(kinds, key=lambda k: rank.get(k, len(DECOY_RANK)))


# ---------------------------------------------------------------------------------------------
# fillers: words with no digits that make the frames read like the genre
# ---------------------------------------------------------------------------------------------
FOREIGN_NAMES = ["응우옌 티 란", "마리아 산토스", "바야르마", "아이게림", "리웨이", "쩐 반 훙", "누르 아이샤"]
FOREIGN_NAMES += ["존 밀러", "아나 로페스", "사와다 유키", "라훌 샤르마", "올가 페트로바", "소피 마르탱"]

FILLERS = {
    "given": GIVEN,
    "place": PLACES,
    "foreign_name": FOREIGN_NAMES,
    "venue": ["더채플 홀", "그랜드볼룸", "가든홀", "스몰웨딩 라운지", "한옥 전통혼례관"],
    "dress": ["머메이드 라인", "A라인 드레스", "벨라인 드레스", "엠파이어 라인", "슬림 라인", "프린세스 라인"],
    "partner": ["살롱드봄", "헤어담", "스냅필름", "오월의 사진관", "꽃다방"],
    "car": ["아반떼", "쏘렌토", "그랜저", "모닝", "투싼", "카니발", "스포티지", "레이", "셀토스"],
    "tire_brand": ["한국타이어", "금호타이어", "넥센타이어", "미쉐린", "브리지스톤", "피렐리", "콘티넨탈"],
    "stamp": ["문위우표", "올림픽 기념우표", "크리스마스 씰", "태극기 보통우표", "동물 시리즈 우표", "초일봉투"]
    + ["한국전쟁 군사우편", "새해 연하우표"],
    "festival": ["벚꽃축제", "단오제", "억새축제", "대보름 달집태우기", "전어축제", "메밀꽃 축제", "곶감축제"],
    "agency": ["한마음 이벤트", "온누리 기획", "별빛 무대", "마을잔치 컴퍼니"],
    "item": ["지갑", "휴대폰", "차 키", "아이 신발", "카메라 가방", "안경"],
    "grade": ["예비 중학생반", "중등 심화반", "고등 내신반", "수능 대비반", "초등 사고력반"],
    "subject": ["수학", "영어", "국어", "과학", "논술"],
    "hospital": ["햇살 완화의료센터", "성모 호스피스 병동", "소망 호스피스", "평안의 집"],
    "task": ["말벗", "목욕 보조", "발 마사지", "원예 활동", "음악 봉사", "미용 봉사"],
    "boatname": ["해성", "돌고래", "청해", "바다사랑", "은파", "새날"],
    "boat": ["FRP 낚싯배", "세일요트", "고무보트", "수상스키 보트", "소형 어선", "레저 보트"],
    "part": ["선외기", "임펠러", "프로펠러", "스턴드라이브", "빌지펌프", "키 베어링"],
    "marina": ["전곡항 마리나", "수영만 요트경기장", "통영 마리나", "왕산 마리나", "여수 엑스포 마리나"],
    "course": ["웨딩 메이크업 과정", "특수분장반", "뷰티 크리에이터반", "메이크업 자격증반", "퍼스널컬러 과정"],
    "farm": ["초록들 농장", "햇살농원", "산골 유기농", "바른먹거리 협동조합", "두레농장"],
    "veg": ["유기농 쌈채소", "방울토마토", "애호박", "무농약 감자", "제철 사과", "단호박", "시금치"],
    "piano": ["영창 업라이트", "삼익 업라이트", "야마하 디지털피아노", "가와이 그랜드", "중고 그랜드피아노"],
    "dorm": ["진리관", "자유관", "새롬학사", "국제관", "누리관"],
    "storage": ["다락", "미니창고 보관소", "편한창고", "짐보관 스테이션"],
    "animal": ["고라니", "너구리", "삵", "수달", "황조롱이", "말똥가리", "소쩍새", "수리부엉이", "큰고니"],
    "center": ["서해 야생동물구조센터", "야생동물 보호협회", "산들 야생동물병원"],
    "food": ["떡볶이", "호떡", "어묵", "닭꼬치", "붕어빵", "타코야끼", "순대", "회오리감자", "쌀국수"],
    "market": ["달빛 야시장", "강변 야시장", "중앙시장 야시장", "청춘 먹거리 장터"],
}


SHOPS = {
    "bridal_shop": ["라온드레스", "메리블라썸", "로즈벨 웨딩", "오드리 브라이덜", "하얀정원 드레스"],
    "tire_shop": ["한울타이어", "바퀴마을 타이어", "모터원 카센터", "스피드휠 타이어", "든든타이어"],
    "piano_rental": ["소리나무 피아노", "하모니 악기사", "그랜드키 피아노", "도레미 피아노렌탈"],
    "cram_school_enrollment": ["새솔학원", "한빛수학", "명문영어학원", "다온 국어논술", "이룸과학학원"],
    "makeup_academy": ["루미 메이크업 아카데미", "블룸 뷰티아카데미", "스타일온 메이크업학원", "다온 뷰티스쿨"],
}


def filler(pool, genre):
    if pool == "name":
        return RNG.choice(SURNAMES) + RNG.choice(GIVEN)
    if pool in ("shop", "academy"):
        return RNG.choice(SHOPS[genre])
    return RNG.choice(FILLERS[pool])


FRAMES = {}

FRAMES["bridal_shop"] = {
    "value": [
        (
            "[{n:shop}] {n:name}님, {d:date} {d:time} 드레스 투어 예약이 확정되었습니다. 예약번호 "
            "{d:reservation_no}. 일정 변경은 담당 플래너 {mobile}{j:로} 문자 주세요."
        ),
        (
            "웨딩드레스 대여 계약서\n"
            "신부 성명: {n:name}\n"
            "주민등록번호: {rrn}\n"
            "연락처: {mobile}\n"
            "예식일: {d:date} / 예식장: {n:venue}\n"
            "대여료 {d:price:800000,3500000} (계약금 {d:price:100000,500000} 선입금)"
        ),
        (
            "계약금은 {account}{j:로} 보내주시면 예약이 확정됩니다. 예금주는 {n:name}{j:이고}, 입금자명은 "
            "꼭 신부님 성함으로 부탁드려요~"
        ),
        (
            "{n:shop} 다녀온 후기예요! 실장님 너무 친절하셨고 {n:dress} 위주로 {d:quantity:벌,3,8} "
            "입어봤어요. 예약은 매장 {landline}{j:로} 전화하거나 {email}{j:로} 문의하시면 돼요 :)"
        ),
        (
            "Hi! 저는 {d:date}에 한국에서 결혼하는 교포 신부예요. 피팅 일정 조율은 {email}{j:로} 메일 "
            "주시거나 카톡이 안 되면 {mobile}{j:로} 연락 부탁드려요."
        ),
        (
            "실장님 잔금 카드결제 부탁드려요. 카드번호 {card}, 유효기간 {d:card_expiry}, 일시불이요. "
            "모자라는 금액은 {account}에서 바로 이체할게요!"
        ),
        (
            "[예약관리 시스템] 관리자 계정 로그인 알림\n"
            "일시: {d:date} {d:time}\n"
            "접속 IP: {ip}\n"
            "앱 버전: {d:version}\n"
            "세션: {d:uuid}\n"
            "본인이 아니라면 즉시 비밀번호를 변경하세요."
        ),
        (
            "협력업체 연락처 정리\n"
            "- 헤어·메이크업 {n:partner}: {landline}\n"
            "- 본식 스냅 {n:partner}: {landline:070}\n"
            "- 부케 주문 담당: {email}"
        ),
        (
            "예식이 취소돼서 계약금 환불 요청드립니다. 환불 계좌 {account} / 예금주 {n:name} / 연락처 "
            "{mobile}. 계약서 번호는 {d:order_no}입니다."
        ),
        (
            "드레스 외부 대여 시 본인 확인과 카드 사전승인을 진행합니다.\n"
            "주민등록번호(본인 확인용): {rrn}\n"
            "보증 카드: {card}\n"
            "사전승인 금액: {d:price:300000,1000000}"
        ),
        (
            "외국인 신부님은 외국인등록번호를 적어주세요 → {rrn:foreign}\n"
            "온라인 계약 동의 기록: {d:date} {d:time}, 동의한 기기 IP {ip}"
        ),
    ],
    "free": [
        (
            "[{n:shop}] {d:date} 신상 드레스 입고! {n:dress} {d:quantity:벌,5,20} 새로 들어왔어요. 피팅비 "
            "{d:price:30000,100000}, 투어는 약 {d:quantity:분,60,120} 걸립니다. 무료수신거부 "
            "{d:tollfree_080}"
        ),
        (
            "매장 리뉴얼 공사로 {d:date}부터 {d:date:next}까지 휴무합니다. 고객센터 대표번호 "
            "{d:rep_number}{j:은} 정상 운영하니 급한 일정 변경은 그쪽으로 연락 주세요."
        ),
        (
            "{d:mention} 저도 거기서 했어요! 평소 {d:size} 입는데 허리 수선비 {d:price:20000,80000} 들었고 "
            "피팅은 총 {d:quantity:회,2,4} 했어요. 평점 {d:score} 드립니다ㅎㅎ"
        ),
        (
            "상호 {n:shop} | 대표 {n:name} | 사업자등록번호 {d:biz_reg_no} | 법인등록번호 {d:corp_reg_no} "
            "| 통신판매업 신고 {d:permit_no} | 주소 {n:place} {d:room_no} ({d:postal_code}) | 고객센터 "
            "{d:rep_number}"
        ),
    ],
}

FRAMES["tire_shop"] = {
    "value": [
        (
            "[{n:shop}] {n:car} 타이어 교체 예약 {d:date} {d:time}. 사이즈 {d:tire_size} "
            "{d:quantity:본,2,4}, 총 {d:price:200000,900000}. 변경 시 {landline}{j:로} 연락 바랍니다."
        ),
        (
            "{n:tire_brand} {d:tire_size} 중고 타이어 {d:quantity:짝,2,4} 팝니다. 주행 {d:mileage} 정도 "
            "탔고 제조주차 {d:dot_code}. 직거래는 {n:place}, 택배면 선입금 {account} 입니다. 연락은 "
            "{mobile} 문자만요."
        ),
        (
            "출장 타이어 교체 신청\n"
            "이름: {n:name}\n"
            "연락처: {mobile}\n"
            "차량번호: {d:plate}\n"
            "주소: {n:place}\n"
            "결제카드: {card}"
        ),
        (
            "고객님, 보증 타이어 교환 건은 본사 품질팀 {email}{j:로} 구매 영수증 사진을 보내주시면 됩니다. "
            "접수번호 {d:claim_no}, 담당 {n:name} 과장 직통 {landline}."
        ),
        (
            "타이어 렌탈(월 납부) 신청서\n"
            "신청인: {n:name} / 주민등록번호 {rrn}\n"
            "자동이체 계좌: {account}\n"
            "월 렌탈료 {d:price:19000,59000}, 약정 {d:duration:개월,24,48}"
        ),
        (
            "어제 {n:shop}에서 얼라인먼트 {d:price:30000,80000} 결제했는데 두 번 승인됐어요. 카드 {card}, "
            "승인번호 {d:approval_no}{j:랑} {d:approval_no}입니다. 한 건은 {account}{j:로} 환불 "
            "부탁드려요. 연락 {mobile}"
        ),
        (
            "매장 CCTV 원격 보기 설정: 앱에서 주소 {ip:v4}:{d:port} 입력하시고 채널은 "
            "{d:quantity:번,1,8}{j:로} 하시면 됩니다. 안 되면 {mobile}{j:로} 전화 주세요."
        ),
        (
            "사장님 타이어 터져서 보험 처리하려는데 주민번호가 필요하대서 보내요. {n:name} {rrn}. "
            "사고접수번호 {d:claim_no}, 보험사 콜센터는 {d:rep_number}예요."
        ),
        (
            "주문이 완료되었습니다. 주문번호 {d:order_no} / {n:tire_brand} {d:tire_size} "
            "{d:quantity:개,1,4} / 결제금액 {d:price:100000,800000} / 영수증번호 {d:receipt_no}\n"
            "주문자 이메일 {email}, 장착점 {n:shop} ({landline})"
        ),
        (
            "[{n:shop} 홈페이지] 새 기기에서 관리자 로그인: {d:date} {d:time}, IP {ip}. 인증번호는 "
            "{d:otp}입니다. 타인에게 알려주지 마세요."
        ),
        (
            "할부 신청서에는 주민등록번호(외국인은 외국인등록번호) {rrn}{j:와} 연락받을 이메일({email})을 "
            "적어주세요. 심사는 영업일 기준 {d:quantity:일,1,3} 걸립니다."
        ),
    ],
    "free": [
        (
            "겨울철 타이어 공기압 체크하세요! 권장 공기압은 보통 {d:quantity:psi,32,36}이고, 기온이 "
            "{d:temperature:℃,-10,5} 아래로 떨어지면 {d:quantity:psi,2,4} 정도 빠집니다. 점검은 무료, "
            "{d:quantity:분,10,20}이면 끝나요."
        ),
        (
            "[이벤트] {d:date}~{d:date:next} 윈터타이어 교체 시 {d:stat:5,30} 할인 + 휠 밸런스 무료. "
            "쿠폰번호 {d:serial} / 무료거부 {d:tollfree_080}"
        ),
        (
            "{n:car} {d:tire_size} {n:tire_brand}{j:로} 바꿨는데 소음이 확실히 줄었네요. 개당 "
            "{d:price:90000,250000}, 장착비 포함이에요. 별점 {d:score}"
        ),
        (
            "Q. 타이어 옆면에 있는 {d:dot_code} 숫자는 뭔가요?\n"
            "A. 제조 주차와 연도예요. 앞 두 자리가 주차, 뒤 두 자리가 연도고요. 생산 후 "
            "{d:duration:년,5,6} 넘은 타이어는 교체를 권합니다."
        ),
    ],
}

FRAMES["stamp_collectors"] = {
    "value": [
        (
            "[우편경매 {d:lot_no}] {n:stamp}, 카탈로그 {d:catalog_no}, 시작가 {d:price:5000,300000}. "
            "응찰은 {email} 또는 사무국 {landline}{j:로}, 마감 {d:date} {d:time}까지."
        ),
        (
            "우취회 정회원 가입 신청서\n"
            "성명: {n:name}\n"
            "주민등록번호: {rrn}\n"
            "휴대전화: {mobile}\n"
            "관심 분야: {n:stamp}\n"
            "연회비 {d:price:20000,60000} 납부 계좌: {account}"
        ),
        (
            "{n:stamp} {d:quantity:매,1,20} 일괄 판매합니다. 상태 최상, 힌지 흔적 없어요. 가격 "
            "{d:price:30000,500000}, 등기 발송({d:price:2000,4000} 별도). 문자{mobile} / 입금 {account}"
        ),
        (
            "해외 우표 교환 회원 모집합니다. 일본 회원은 {email:cctld}, 유럽 회원은 {email}{j:로} "
            "연락하세요. 교환 단위는 {d:quantity:매,10,50}씩입니다."
        ),
        (
            "기념우표 예약 판매는 관할 우체국({landline})에서 받습니다. 발행일 {d:date}, 액면 "
            "{d:price:430,3000}, 전지 {d:quantity:매,10,20} 구성이에요."
        ),
        (
            "낙찰자님, 등기번호 {d:registered_mail_no}{j:로} 발송했습니다. 잔금 {d:price:10000,200000}은 "
            "{account}{j:로} 부탁드리고 받으시면 {mobile}{j:로} 문자 주세요."
        ),
        (
            "제{d:quantity:회,10,40} 우표전시회 출품 신청서\n"
            "출품자 주민등록번호: {rrn} (시상금 원천징수용)\n"
            "사무국 {landline}\n"
            "출품료 {d:price:10000,50000}, 접수 마감 {d:date}"
        ),
        (
            "우취회 온라인 숍 결제 오류 문의드립니다. 카드 {card}{j:로} {d:price:20000,150000} 결제했는데 "
            "주문번호 {d:order_no}{j:이} 조회가 안 돼요."
        ),
        (
            "[게시판 관리] 도배 회원 차단 처리: 닉네임 {d:mention}, 접속 IP {ip}, 작성글 "
            "{d:quantity:건,10,60}. 이의 제기는 운영진 메일로 해주세요."
        ),
        (
            "해외 옥션 로그인 알림이 왔는데 제가 접속한 게 아니에요. 표시된 IP는 {ip}, 시간은 {d:time}. "
            "등록해 둔 카드 {card} 정지해야 할까요?"
        ),
        "신입 회원은 가입 시 주민등록번호 {rrn}{j:을} 기재하고, 회보 받을 이메일 {email}{j:을} 남겨주세요.",
    ],
    "free": [
        (
            "이번 달 정기 모임: {d:date} {d:time}, {n:place} 우체국 {d:room_no} 회의실. 안건은 "
            "{d:year:년,1980,2000} 발행 보통우표 분류와 신입회원 소개입니다."
        ),
        (
            "초일봉투 구합니다. 소인 날짜 {d:date}, 우편번호 {d:postal_code} 지역 소인 찍힌 것이면 "
            "{d:price:5000,50000} 선에서 생각해요."
        ),
        (
            "우표 카탈로그 개정판 나왔네요. ISBN {d:isbn}, 정가 {d:price:25000,60000}. 이번 판부터 번호 "
            "체계가 바뀌어서 {d:catalog_no} 같은 옛 번호도 같이 적혀 있어요."
        ),
        (
            "경매 결과: {d:lot_no} 낙찰가 {d:price:10000,300000} (응찰 {d:quantity:명,2,15}), {d:lot_no} "
            "유찰. 전체 낙찰률 {d:stat:40,90}."
        ),
    ],
}

FRAMES["village_festival"] = {
    "value": [
        (
            "마을축제 먹거리 부스 참가 신청서\n"
            "대표자: {n:name} ({rrn})\n"
            "연락처: {mobile}\n"
            "희망 부스: {d:booth_no}\n"
            "참가비 {d:price:50000,300000} 입금 계좌 {account}"
        ),
        (
            "{n:festival} 안내: {d:date} {d:time} 개막식, 장소는 {n:place} 마을회관 앞입니다. 문의는 "
            "추진위원회 {landline} 또는 이장님 {mobile}."
        ),
        (
            "축제 자원봉사자 {d:quantity:명,10,50} 모집합니다. 신청서는 {email}{j:로} {d:date}까지 "
            "보내주세요. 봉사시간 {d:quantity:시간,4,8} 인정됩니다."
        ),
        (
            "축제 후원금은 {account}{j:로} 보내주시면 되고, 기부금 영수증 필요하신 분은 주민번호를 "
            "{d:masked_rrn} 형식으로 앞자리만 적어주세요."
        ),
        (
            "행사 대행사 {n:agency} {n:name} 실장입니다. 무대·음향 견적서는 군청 "
            "담당자분({email:go.kr})께도 참조로 보냈습니다. 사무실 {landline:070}"
        ),
        (
            "체험 프로그램 온라인 예약 결제가 안 돼요. 카드 {card}, 금액 {d:price:10000,60000}, 오류코드 "
            "{d:serial}. 현장결제도 되나요?"
        ),
        (
            "축제 생중계 송출 서버 주소는 {ip}, 스트림 키는 따로 보낼게요. 백업 송출은 {ip}{j:로} "
            "돌립니다. 자막 오버레이는 {d:npm_scoped} 그대로 써요."
        ),
        (
            "축제장에서 {n:item} 잃어버리신 분~ {d:time}쯤 {d:booth_no} 부스 앞에서 주웠어요. 본인 확인 후 "
            "돌려드릴게요 → {mobile}"
        ),
        "축제 지역화폐 환급 신청: 성명 {n:name}, 주민등록번호 {rrn}, 환급 계좌 {account}, 환급액 {d:price:5000,50000}",
        "다문화 가족 공연팀 명단 — {n:foreign_name} (외국인등록번호 {rrn:foreign}, 연락처 {mobile})",
        (
            "[보도자료] {n:festival} {d:date} 개막, 관광객 {d:quantity:만 명,3,30} 예상. 문의: 군청 "
            "문화관광과 {landline}, {email}"
        ),
    ],
    "free": [
        (
            "{n:festival} 프로그램: {d:time} 풍물놀이, {d:time} 마을 노래자랑(상금 "
            "{d:price:100000,500000}), {d:time:evening} 불꽃놀이. 노래자랑 경품 문화상품권 PIN은 "
            "{d:gift_pin}입니다. 비가 오면 {d:date}{j:로} 연기합니다."
        ),
        (
            "셔틀버스는 {d:quantity:분,10,30} 간격, 첫차 {d:time}. 행사장 좌표 {d:coords}, 역에서 "
            "{d:distance:km,1,6,dec} 거리. 주차장은 제{d:quantity:주차장,1,3}까지 운영합니다."
        ),
        (
            "작년 축제 결산: 방문객 {d:quantity:명,5000,90000,comma}, 지역 농산물 판매 "
            "{d:price:5000000,90000000}, 만족도 {d:stat:70,98}. 올해는 {d:date}에 열립니다."
        ),
        (
            "긴급 공지: 강풍 예보로 {d:date} 행사는 {d:time} 이후 취소됩니다. 환불은 예매처 고객센터 "
            "{d:rep_number}{j:로} 문의하세요."
        ),
    ],
}

FRAMES["cram_school_enrollment"] = {
    "value": [
        (
            "{n:academy} 수강 등록 신청서\n"
            "학생 이름: {n:name} / 과정: {n:grade}\n"
            "학생 주민등록번호: {rrn:minor}\n"
            "학부모 연락처: {mobile}\n"
            "월 수강료 {d:price:250000,700000}"
        ),
        (
            "{d:date} 수강료 납부 안내드립니다. {n:grade} {d:price:200000,650000}, 교재비 "
            "{d:price:15000,40000} 포함입니다. 납부 계좌 {account}, 입금자명은 학생 이름으로 해주세요."
        ),
        (
            "[{n:academy}] {n:name} 학생 레벨테스트가 {d:date} {d:time}{j:로} 예약되었습니다. 소요 시간 "
            "{d:quantity:분,40,90}, 장소 {d:room_no}. 문의 {landline}"
        ),
        (
            "수강료 자동결제 카드 등록합니다. 카드번호 {card}, 유효기간 {d:card_expiry}, 매월 "
            "{d:quantity:일,1,28}에 결제해 주세요. 변경은 행정실 {landline:070}{j:로} 연락드릴게요."
        ),
        (
            "학부모님들께 안내드립니다. 성적표는 {d:date}에 {email}에서 발송되니 스팸함도 꼭 확인해 "
            "주세요. 이번 모의고사 반 평균은 {d:score:pt}이었습니다."
        ),
        (
            "{n:subject} 수업 중도 퇴원에 따른 환불 요청합니다. 학생 {n:name}, 총 {d:quantity:회,8,12} 중 "
            "{d:quantity:회,1,4} 수강했습니다. 환불 계좌 {account} (예금주 {n:name}), 연락처 {mobile}"
        ),
        (
            "[인강 시스템] 계정 {d:student_id} 동시 접속이 감지되었습니다: {ip} / {ip}. 로그 ID {d:hash}. "
            "계정을 공유하면 수강이 제한됩니다."
        ),
        (
            "{n:subject} 강사 모집합니다. 이력서는 {email}{j:로} 보내주세요. 급여 "
            "{d:price:2500000,4500000}, 주 {d:quantity:일,3,5} 근무. 원장 직통 {mobile}"
        ),
        (
            "성적 장학금 신청서\n"
            "학생: {n:name} (주민번호 {rrn:minor})\n"
            "지급 계좌: {account}\n"
            "교내 석차 백분율: {d:stat:1,30}"
        ),
        (
            "Parent registration — 외국인 학부모님은 외국인등록번호 {rrn:foreign}, 이메일 "
            "{email:cctld}{j:을} 적어주세요. 가정통신문은 영어로도 발송됩니다."
        ),
        (
            "원장님, 셔틀비 자동 청구 카드 바꿔주세요. 기존 {d:masked_card} → 새 카드 {card}, 유효기간 "
            "{d:card_expiry}. 노선 문제는 배차 담당 {landline}{j:로} 따로 전화드릴게요."
        ),
    ],
    "free": [
        (
            "{n:academy} {d:date} 입시 설명회: {d:time}, 본관 {d:room_no}. {n:grade} 대상 선착순 "
            "{d:quantity:명,20,80}, 참석하시면 교재 {d:quantity:권,1,3} 드려요."
        ),
        (
            "이번 주 단어 시험 결과 — 평균 {d:score:pt}, 최고 {d:score:pt}. 재시험은 {d:date} {d:time}, "
            "통과 기준은 {d:stat:70,90}입니다."
        ),
        (
            "학원 등록번호 {d:permit_no} / 교습비 게시: {n:subject} 주 {d:quantity:회,2,5} "
            "{d:price:200000,600000}, 교재비 별도 / 사업자등록번호 {d:biz_reg_no}"
        ),
        (
            "온라인 보강 안내: 회의 ID {d:meeting_id}, 암호 {d:otp}, 시작 {d:time}. 출석 확인 후 "
            "{d:quantity:분,5,10} 지나면 입장 마감합니다."
        ),
    ],
}

FRAMES["hospice_volunteers"] = {
    "value": [
        (
            "호스피스 자원봉사자 등록 카드\n"
            "성명: {n:name}\n"
            "주민등록번호: {rrn}\n"
            "휴대폰: {mobile}\n"
            "이메일: {email}\n"
            "요양보호사 자격번호: {d:license_no}\n"
            "희망 활동: {n:task}"
        ),
        (
            "{d:date}부터 {d:quantity:주,6,12} 동안 호스피스 봉사자 기본교육이 진행됩니다(총 "
            "{d:quantity:시간,16,40}). 신청은 사회사업팀 {landline}{j:로} 해주세요."
        ),
        (
            "[{n:hospital}] 이번 주 {n:task} 봉사: {d:date} {d:time}, {d:room_no}. 못 오시는 분은 "
            "코디네이터 {mobile}{j:로} 미리 알려주세요."
        ),
        (
            "정기후원 신청합니다. 월 {d:price:10000,50000}, 카드번호 {card}, 유효기간 {d:card_expiry}, "
            "결제일은 매월 {d:quantity:일,1,25}. 기부금 영수증은 {email}{j:로} 보내주세요."
        ),
        (
            "故 {n:name} 님 유가족께서 병동에 감사의 뜻을 전해오셨습니다. 호스피스 후원금은 "
            "{account}{j:로} 받고 있으며, 기부금 영수증은 {landline}{j:로} 요청하시면 됩니다."
        ),
        (
            "봉사시간 인증 요청합니다. 성명 {n:name}, 주민번호 {rrn}, 활동일 {d:date}, 활동시간 "
            "{d:quantity:시간,2,6}. 확인서는 {email}{j:로} 부탁드려요."
        ),
        (
            "자원봉사자 교통비 {d:price:5000,20000} 지급 대상이십니다. 본인 명의 계좌({account})가 맞는지 "
            "확인 부탁드리고, 문의는 {mobile}{j:로} 주세요."
        ),
        "외국인 봉사자 {n:foreign_name} 님 상해보험 가입 정보: 외국인등록번호 {rrn:foreign}, 연락처 {mobile}",
        (
            "온라인 보수교육 수강 기록: {d:date} {d:time} 접속, IP {ip}, 진도율 {d:stat:10,100}. 다른 "
            "IP({ip})에서 동시 접속한 기록이 있어 확인 요청드립니다."
        ),
        (
            "협력기관 연락망\n"
            "- 장례지원센터: {landline}\n"
            "- 가정형 호스피스팀: {landline:070}\n"
            "- 사별가족 모임 담당: {email}"
        ),
        (
            "후원 물품(성인용 기저귀 {d:quantity:박스,5,30}) 보냈습니다. 송장번호 {d:tracking_no}. 결제한 "
            "카드 {card}{j:로} 기부금 영수증 발행이 될까요? 연락처 {mobile}, 남은 후원금은 {account}{j:로} "
            "이체했습니다."
        ),
    ],
    "free": [
        (
            "호스피스 병동 면회 시간은 {d:time:range}, 한 번에 {d:quantity:명,2,4}까지입니다. {d:date}부터 "
            "병동 내 꽃 반입이 금지됩니다."
        ),
        (
            "이번 달 봉사 통계: 참여 봉사자 {d:quantity:명,20,90}, 누적 봉사시간 "
            "{d:quantity:시간,200,900}, 환우 만족도 {d:score}."
        ),
        (
            "사별가족 추모예배가 {d:date} {d:time}, 원내 {d:room_no} 강당에서 열립니다. 약 "
            "{d:quantity:가정,10,40}이 참석할 예정이에요."
        ),
        (
            "봉사자 보수교육 화상회의 ID {d:meeting_id}, 암호 {d:otp}. 자료집은 {d:quantity:쪽,20,60} "
            "분량이라 미리 출력해 오세요."
        ),
    ],
}

FRAMES["boat_repair"] = {
    "value": [
        (
            "수리 접수증\n"
            "선주: {n:name} / 연락처 {mobile}\n"
            "선박명: {n:boatname}호 / 선박번호 {d:hull_no}\n"
            "증상: {n:part} 누수, 엔진 사용시간 {d:engine_hours}\n"
            "예상 수리비 {d:price:300000,5000000}"
        ),
        (
            "선주님, {n:part} 교체 견적은 {d:price:500000,6000000}(부가세 별도)입니다. 부품 모델 "
            "{d:model_code}, 입고 예정 {d:date}, 담당 정비사 사번 {d:employee_id}. 자세한 사항은 {email} "
            "또는 사무실 {landline}{j:로} 문의 주세요."
        ),
        (
            "선박 소유권 이전 서류: 양수인 {n:name}, 주민등록번호 {rrn}, 주소 {n:place}. 양도인 주민번호는 "
            "{d:masked_rrn}처럼 가려서 냈습니다."
        ),
        (
            "겨울철 상가 작업(선체 인양·도장) 예약금 {d:price:200000,1000000} 입금 부탁드립니다. "
            "{account}, 예금주 {n:name}. 작업 기간은 약 {d:quantity:일,5,20}입니다."
        ),
        (
            "{n:boat} 팝니다. 선외기 {d:model_code} 포함, 엔진시간 {d:engine_hours}, {n:marina} 계류 중. "
            "가격 {d:price:5000000,60000000}. 연락 {mobile}, 계약금은 {account}"
        ),
        (
            "선박 원격 모니터링 장비 설정값: 관리 서버 {ip}, 백업 서버 {ip}, 단말 시리얼 {d:serial}. "
            "마지막 위치는 {d:coords} 부근입니다."
        ),
        (
            "수리비 {d:price:300000,3000000} 카드 결제 부탁드립니다. 카드번호 {card}, 할부 "
            "{d:quantity:개월,2,6}. 영수증은 {email}{j:로} 보내주세요."
        ),
        (
            "출항 신고는 {n:marina} 관리사무소 {landline}, 기상 악화 시 해경 파출소 {landline}{j:로} "
            "연락하세요. 무선은 {d:radio_channel} 청취, 긴급 시 {d:short_number}."
        ),
        "외국인 선원 {n:foreign_name} 승선 신고: 외국인등록번호 {rrn:foreign}, 여권 만료 {d:date}, 연락처 {mobile}",
        (
            "일본 부품상({email:cctld})에 임펠러 {d:quantity:개,2,6} 주문했어요. 결제 카드 {card}, 배송 "
            "{d:quantity:일,7,14} 예상, 트래킹 {d:tracking_no}"
        ),
        (
            "선박보험 보험금 청구서\n"
            "피보험자: {n:name}\n"
            "주민등록번호: {rrn}\n"
            "증권번호: {d:policy_no}\n"
            "보험금 수령 계좌: {account}"
        ),
    ],
    "free": [
        (
            "선저 방오도료 시공 안내: {d:quantity:피트,20,30} 이하 {d:price:400000,1200000}, 초과 시 "
            "피트당 {d:price:20000,50000}. 건조에 {d:quantity:일,2,4} 걸립니다."
        ),
        (
            "물때 알림 {d:date}: 만조 {d:time}({d:quantity:cm,500,900}), 간조 {d:time}. 풍속 "
            "{d:quantity:m/s,3,14}, 파고 {d:quantity:m,0.5,2.5,dec}."
        ),
        (
            "선외기 정비 주기: 사용시간 {d:engine_hours:시간,100,300}마다 임펠러, "
            "{d:engine_hours:시간,100,200}마다 기어오일 교환. 모델 {d:model_code} 기준입니다."
        ),
        (
            "마리나 계류비 조정 공지: {d:date}부터 월 {d:price:150000,600000}(기존 "
            "{d:price:100000,500000}). 전기 사용료는 별도 정산합니다."
        ),
    ],
}

FRAMES["makeup_academy"] = {
    "value": [
        (
            "{n:academy} 수강 신청서\n"
            "이름: {n:name}\n"
            "주민등록번호: {rrn}\n"
            "연락처: {mobile}\n"
            "신청 과정: {n:course} ({d:course_code})"
        ),
        "쌤 내일배움카드 번호 보내드려요 {card} 이걸로 자부담금 {d:price:50000,400000} 결제해 주세요!",
        (
            "졸업작품 메이크업 모델 구해요(만 {d:age:세,20,35} 이하)! {d:date} {d:time}, 약 "
            "{d:quantity:시간,2,4} 걸리고 사례비 {d:price:30000,100000} 드려요. 관심 있으시면 {mobile} "
            "또는 {email}{j:로} 사진 보내주세요."
        ),
        (
            "{n:course} 잔금 {d:price:300000,1800000} 입금 계좌 안내드립니다. {account} (예금주 {n:name}). "
            "입금 후 카톡 주시면 확인해 드려요."
        ),
        "미용사(메이크업) 실기시험 접수 대행 명단: {n:name} / {rrn} / 시험일 {d:date} / 응시료 {d:price:20000,30000}",
        "가맹 문의는 본사 교육팀 {landline}, 제휴 제안은 {email}{j:로} 보내주세요. 상담 시간 {d:time:range}.",
        (
            "개인 사정으로 {d:date}부터 수강을 중단합니다. 남은 {d:quantity:회,2,10}분 환불 부탁드리고 "
            "계좌는 {account}입니다. 확인되면 {mobile}{j:로} 연락 주세요."
        ),
        "온라인 클래스 이용약관 위반 안내: 회원번호 {d:member_no} 계정이 {ip}{j:와} {ip}에서 동시에 재생되었습니다.",
        (
            "Foreign students — 외국인등록번호 {rrn:foreign}{j:와} 이메일 {email:cctld} 기재 후 "
            "제출하세요. 수업은 한국어로 진행됩니다."
        ),
        (
            "브랜드 협찬 제품 결제 내역: 팔레트 {d:quantity:개,5,30}, 금액 {d:price:100000,900000}, "
            "법인카드 {card}. 거래처 담당 {landline:070}"
        ),
        "포트폴리오 PDF는 {email}{j:로} 제출하고 파일명은 학번_이름으로 해주세요. 제출 관련 문의는 교무실 {landline}",
    ],
    "free": [
        (
            "{n:course} {d:date} 개강, 주 {d:quantity:회,2,3} {d:time:range}. 정원 {d:quantity:명,8,16}, "
            "수강료 {d:price:600000,2500000}(재료비 포함)."
        ),
        "이번 기수 자격증 합격률 {d:stat:60,95}! 필기 평균 {d:score:pt}, 실기 평균 {d:score:pt} 나왔습니다 👏",
        (
            "수업 자료 이미지 {d:image_2x} 파일이 깨져 보이면 새로고침 해주세요. 사이트 소스는 "
            "{d:git_remote}에 있습니다. 강의 영상 플레이어는 {d:version}{j:로} 업데이트됐어요."
        ),
        "학원 등록번호 {d:permit_no} · 사업자등록번호 {d:biz_reg_no} · 주소 {n:place} {d:room_no}",
    ],
}

FRAMES["organic_box_delivery"] = {
    "value": [
        (
            "꾸러미 정기구독 신청\n"
            "받는 분: {n:name}\n"
            "연락처: {mobile}\n"
            "주소: {n:place} {d:room_no} ({d:postal_code})\n"
            "결제카드: {card}\n"
            "배송 요일: {c:화요일|목요일|토요일}"
        ),
        (
            "[{n:farm}] {n:name}님 꾸러미가 오늘 {d:time} 전후 도착 예정입니다. 운송장 {d:tracking_no}. "
            "부재 시 기사님 {mobile}{j:로} 연락 주세요."
        ),
        (
            "이번 달 꾸러미 대금 {d:price:30000,150000} 입금 계좌는 {account}입니다. 입금자명에 주문번호 "
            "{d:order_no}{j:을} 꼭 같이 적어주세요."
        ),
        (
            "안녕하세요 {n:farm}입니다. 농장 전화 {landline}, 주문 메일 {email}. 인증번호 {d:permit_no} "
            "유기농 인증 농가예요."
        ),
        "받은 {n:veg}{j:이} 다 물러 있었어요ㅠ 사진 보냅니다. 교환 말고 환불해 주세요. {account} / {n:name} / {mobile}",
        (
            "[쇼핑몰 보안] 관리자 페이지 비정상 로그인 시도 {d:quantity:회,5,40} 차단. 시도 IP {ip}, 국가 "
            "{c:미국|네덜란드|베트남|브라질}. 허용 IP {ip} 외 접근은 막혀 있습니다. 요청 ID {d:uuid}"
        ),
        "현금영수증 발급용으로 주민등록번호 {rrn} 보내드려요. 사업자 아니고 개인입니다~",
        (
            "사내 복지용 꾸러미 {d:quantity:세트,30,200} 견적 요청드립니다. 담당 {n:name} 대리, "
            "{email:co.kr}, 사무실 {landline:070}. 납품 희망일은 {d:date}입니다. (견적 요청서 "
            "{d:invoice_no})"
        ),
        (
            "휴대폰 본인인증이 안 되면 주민등록번호(외국인은 외국인등록번호) {rrn}{j:와} 이메일 "
            "{email}{j:을} 고객센터({d:rep_number})로 보내주세요."
        ),
        (
            "카드 바꿨어요! 새 카드 {card}, 유효기간 {d:card_expiry}. 이번 주 꾸러미 {d:price:30000,80000} "
            "다시 결제 부탁드려요."
        ),
        (
            "생산자 정산 등록\n"
            "농가명: {n:farm} / 대표 {n:name}\n"
            "주민등록번호: {rrn} (사업소득 신고용)\n"
            "정산 계좌: {account}\n"
            "농장 전화: {landline}"
        ),
    ],
    "free": [
        (
            "이번 주 꾸러미 구성: {n:veg} {d:quantity:g,200,500}, {n:veg} {d:quantity:개,2,6}, 유정란 "
            "{d:quantity:구,10,15}. 총 무게 {d:quantity:kg,2,5}."
        ),
        "배송 일정 변경: 설 연휴로 {d:date} 배송분은 {d:date:next}에 출고됩니다. 새벽배송 주문 마감은 {d:time}.",
        "상품 바코드 {d:ean} / 보관온도 {d:temperature:℃,0,10} / 받은 날부터 {d:quantity:일,3,7} 안에 드세요.",
        "지난달 구독 해지율 {d:stat:2,15}, 재구매율 {d:stat:30,80}{j:로} 조금 나아졌어요. 후기 평점은 {d:score}.",
    ],
}

FRAMES["piano_rental"] = {
    "value": [
        (
            "피아노 렌탈 계약서\n"
            "계약자: {n:name} (주민등록번호 {rrn})\n"
            "연락처: {mobile}\n"
            "모델: {n:piano} {d:model_code} / 시리얼 {d:serial}\n"
            "월 렌탈료 {d:price:30000,150000}, 약정 {d:duration:개월,12,36}\n"
            "자동이체: {account}"
        ),
        "[{n:shop}] {d:date} {d:time} 조율 방문 예정입니다. 조율사 {n:name} ({mobile}). 방문비 {d:price:80000,150000}.",
        "전시장: {n:place} {d:room_no}, 전화{landline}. 운송 문의는 물류팀 {landline}{j:로} 해주세요.",
        (
            "렌탈료 카드 자동결제 신청합니다. 카드번호 {card}, 유효기간 {d:card_expiry}, 결제일은 매월 "
            "{d:quantity:일,1,25}{j:로} 해주세요."
        ),
        (
            "약정 끝나서 반납하려고요. 보증금 {d:price:100000,500000} 환불은 {account}{j:로} 해주시고 수거 "
            "날짜는 {mobile}{j:로} 연락 부탁드려요."
        ),
        "그랜드피아노 공연장 단기 대여 견적 부탁드립니다. {d:date} 하루, 조율 포함입니다. 회신은 {email}{j:로} 주세요.",
        (
            "음악대학 연습실 업라이트 {d:quantity:대,5,20} 일괄 렌탈 건입니다. 담당 조교 {email:ac.kr}, "
            "학과 사무실 {landline}."
        ),
        (
            "디지털피아노 펌웨어 {d:version} 업데이트 서버가 {ip}{j:로} 바뀌었습니다(파일 체크섬 "
            "{d:hash}). 공유기 관리 화면({d:nonglobal_ip:v4})에서 방화벽 설정을 확인하세요."
        ),
        (
            "외국인 고객 렌탈 심사: 외국인등록번호 {rrn:foreign}, 체류 만료 {d:date}, 이메일 {email}. "
            "보증금 {d:price:200000,600000} 선납 조건입니다."
        ),
        "중고 피아노 매입 계약: 판매자 {n:name}, 주민번호 {rrn}, 매입가 {d:price:300000,3000000}, 대금 입금 {account}",
        "원격 레슨 접속 로그 — 학생 {d:member_no}, 접속 {ip}, 결제 카드 {card}, 레슨권 {d:quantity:회,4,12}",
    ],
    "free": [
        (
            "피아노 조율은 보통 {d:duration:개월,6,12}에 한 번, 실내 습도 {d:stat:40,60}, 온도 "
            "{d:temperature:℃,18,24} 정도가 좋아요."
        ),
        (
            "{n:piano} {d:model_code} 중고 시세: {d:year:년,1988,2015} 생산분 기준 "
            "{d:price:800000,4000000} 선. 시리얼 {d:serial}{j:로} 연식 확인이 가능합니다."
        ),
        (
            "운송비 안내: 같은 층 {d:price:50000,90000}, 계단 한 층당 {d:price:20000,40000} 추가, 사다리차 "
            "{d:price:100000,250000}."
        ),
        (
            "이번 달 렌탈 프로모션: 첫 {d:duration:개월,1,3} 무료, 설치비 {d:stat:10,50} 할인. 프로모션 "
            "코드 {d:reservation_no} / 수신거부 {d:tollfree_080}"
        ),
    ],
}

FRAMES["campus_dormitory"] = {
    "value": [
        (
            "생활관 입사 신청서\n"
            "학번: {d:student_id}\n"
            "성명: {n:name}\n"
            "주민등록번호: {rrn}\n"
            "본인 연락처: {mobile}\n"
            "보호자 연락처: {mobile}"
        ),
        (
            "{d:date}까지 생활관비 {d:price:800000,1600000}{j:을} 납부 바랍니다. 가상계좌가 아닌 학교 계좌 "
            "{account}{j:로} 입금하고, 입금자명은 학번+이름으로 해주세요."
        ),
        "생활관 행정실 {landline}, 야간 사감실 {landline}. 서류는 {email:ac.kr}{j:로} 제출해 주세요.",
        (
            "기숙사 유선랜 고정 IP 배정 안내: {d:room_no} → {ip:v4}, 게이트웨이 {d:nonglobal_ip:v4}. 개인 "
            "공유기 사용은 금지됩니다."
        ),
        (
            "{n:dorm} 룸메 구해요! 저는 {d:time:night}쯤 자고 조용한 편이에요. 카톡 안 되면 {mobile}, "
            "아니면 {email}{j:로} 연락 주세요."
        ),
        (
            "퇴사 환불 신청서\n"
            "학번 {d:student_id} / 성명 {n:name}\n"
            "환불 계좌: {account}\n"
            "예금주 주민번호: {rrn}\n"
            "퇴사일: {d:date}"
        ),
        (
            "International students: 외국인등록번호 {rrn:foreign}{j:와} 개인 이메일({email:cctld})을 "
            "입력해야 배정 결과를 받을 수 있습니다."
        ),
        (
            "포털 계정 무단 로그인 신고합니다. 로그인 기록에 제가 모르는 {ip} 접속이 {d:date} {d:time}에 "
            "있었어요. 학번 {d:student_id}"
        ),
        (
            "택배실 안내: {d:date} 도착 택배 {d:quantity:건,20,80} 미수령. 송장 {d:tracking_no} 주인 "
            "{n:name} 학생은 {mobile}{j:로} 연락 바랍니다."
        ),
        (
            "식권 {d:quantity:매,10,60} 결제 오류요. 카드 {card}{j:로} {d:price:50000,300000}{j:이} 두 번 "
            "승인됐어요. 승인번호 {d:approval_no}"
        ),
        (
            "시설 고장 접수는 관리업체 {landline:070}, 긴급 상황은 {d:short_number}. 세탁실 충전 오류는 "
            "충전한 카드 {card}{j:와} 시간({d:time})을 적어 접수하세요."
        ),
    ],
    "free": [
        (
            "생활관 출입 통제 시간은 {d:time:night_range}입니다. 외박 신청은 {d:time:evening} 마감, 벌점 "
            "{d:quantity:점,3,10} 누적 시 퇴사 조치됩니다."
        ),
        "{d:date} 소방 점검으로 {d:time}부터 {d:quantity:시간,1,3} 동안 단수됩니다. 대상: {d:room_no}~{d:room_no}",
        (
            "와이파이가 안 잡히면 게이트웨이 {d:nonglobal_ip:v4}, DNS {d:nonglobal_ip:v4}{j:로} 수동 설정 "
            "후 재부팅해 보세요."
        ),
        "기숙사 식당 메뉴 평가 결과: 평균 {d:score}, 응답 {d:quantity:명,100,900}, 만족 {d:stat:50,95}.",
    ],
}

FRAMES["storage_units"] = {
    "value": [
        (
            "셀프스토리지 이용 계약서\n"
            "이용자: {n:name}\n"
            "주민등록번호: {rrn}\n"
            "연락처: {mobile}\n"
            "호실: {d:unit_no} ({d:area})\n"
            "월 이용료 {d:price:50000,300000}, 결제 카드 {card}"
        ),
        "[{n:storage}] {d:unit_no} 출입 비밀번호는 {d:otp}입니다. 분실 시 관리자 {mobile}{j:로} 연락 주세요.",
        (
            "{d:duration:개월,1,3}분 이용료 {d:price:60000,400000}{j:이} 미납 중입니다. {account}{j:로} "
            "{d:date}까지 입금 부탁드리며 문의는 {landline}{j:로} 주세요."
        ),
        "지점 CCTV 녹화기 외부 접속: {ip:v4}:{d:port} / 녹화 보관 {d:quantity:일,14,30}. 백업 장비는 {ip}.",
        (
            "퇴실 완료했습니다. 보증금 {d:price:50000,200000} 환불 계좌는 {account}입니다. 열쇠는 "
            "{d:unit_no} 앞 사물함에 넣어뒀어요."
        ),
        (
            "법인 보관 견적 요청: 팔레트 {d:quantity:개,5,40}, 보관 기간 {d:duration:개월,3,12}. 회신 "
            "{email}, 사무실 {landline:070}, 사업자등록번호 {d:biz_reg_no}"
        ),
        (
            "비대면 계약 시 주민등록번호(외국인은 외국인등록번호) {rrn}, 신분증 사본, 연락 가능한 이메일 "
            "{email}{j:이} 필요합니다."
        ),
        "지점 안내 — {n:place}점 {landline} / 본사 제휴문의 {email}",
        "결제 카드 변경 요청드립니다. 기존 {d:masked_card} → 변경 {card}. 완료되면 {mobile}{j:로} 문자 주세요.",
        (
            "이사 보관 서비스 신청: {n:name}, 주민번호 {rrn}, 보관 물품 {d:quantity:박스,10,60}. 잔금은 "
            "안내받은 {account}{j:로} 보내면 되죠?"
        ),
        (
            "무인 키오스크 {d:serial} 통신 오류 로그: {d:date} {d:time}, 서버 {ip} 응답 없음, 재시도 "
            "{d:quantity:회,3,10}, 펌웨어 빌드 {d:hash}."
        ),
    ],
    "free": [
        (
            "보관 불가 품목: 인화성 물질, 음식물. 내부 온도 {d:temperature:℃,15,25}, 습도 {d:stat:40,60} "
            "유지. {d:area} 호실 기준 월 {d:price:40000,120000}."
        ),
        "이용 시간 {d:time:range}, 연중무휴. {d:date} 정기 소독으로 {d:quantity:시간,2,4} 출입이 제한됩니다.",
        "장기 이용 할인: {d:duration:개월,6,12} 선결제 시 {d:stat:5,20} 할인, 계약 코드 {d:reservation_no}",
        (
            "호실 크기 비교 — S {d:area:㎡,1,3,dec}, M {d:area:㎡,3,6,dec}, L {d:area:㎡,6,12,dec}. 이사 "
            "박스 {d:quantity:개,10,30} 정도 들어갑니다."
        ),
    ],
}

FRAMES["wildlife_rescue"] = {
    "value": [
        (
            "구조 요청 접수\n"
            "신고자: {n:name} / {mobile}\n"
            "동물: {n:animal}, 추정 {d:quantity:마리,1,3}\n"
            "발견 위치: {d:coords}\n"
            "상태: {c:날개 부상|다리 골절|탈진|덫에 걸림}"
        ),
        (
            "야생동물 구조는 센터 상황실 {landline}{j:로} 연락하세요. 야간에는 {d:short_number} 또는 시청 "
            "당직실 {landline}{j:로} 전화하시면 됩니다."
        ),
        (
            "{n:animal} 치료비 모금 중입니다. 수술비 {d:price:300000,3000000} 중 {d:stat:10,95} 모였어요. "
            "후원 계좌 {account} (예금주 {n:center}), 문의 {mobile}"
        ),
        (
            "자원봉사 신청서 — {n:name}, 주민등록번호 {rrn}(보험 가입용), 이메일 {email}, 활동 가능 요일 "
            "{c:주말|평일 오전|평일 오후}"
        ),
        (
            "{d:date} 치료 끝난 {n:animal} {d:quantity:마리,1,4} 방생합니다. 가락지 {d:band_no}. 함께하실 "
            "분은 {mobile}{j:로} 문자 주세요."
        ),
        (
            "조류인플루엔자 의심 개체 보고는 {email:go.kr}{j:로}, 긴급 시 방역 상황실 {landline}. 시료번호 "
            "{d:case_no:AI-%###-##|HPAI-2026-%##}"
        ),
        "정기후원 카드 등록: {card} / 유효기간 {d:card_expiry} / 월 {d:price:10000,50000}. 후원자 번호 {d:member_no}",
        "방사장 관찰카메라 스트리밍 주소 {ip}, 관리용 주소 {d:nonglobal_ip}. 녹화본은 {d:quantity:일,7,30} 보관합니다.",
        "공동연구 참여 외국인 연구원 {n:foreign_name}: 외국인등록번호 {rrn:foreign}, 소속 메일 {email:ac.kr}",
        (
            "기부금 영수증 발급 신청\n"
            "성명: {n:name}\n"
            "주민등록번호: {rrn}\n"
            "후원 출금 계좌: {account}\n"
            "후원액: {d:price:10000,1000000}"
        ),
        (
            "모금 페이지 결제 이상 건: {d:date} {d:time}, 카드 {card}, 결제 IP {ip}, 금액 "
            "{d:price:1000,500000}. 카드사 확인 요청합니다."
        ),
    ],
    "free": [
        "올해 구조 현황: 조류 {d:quantity:건,200,900}, 포유류 {d:quantity:건,50,300}, 방생률 {d:stat:40,80}.",
        (
            "새끼 새를 발견하면 바로 데려오지 마시고 {d:quantity:시간,1,2} 정도 어미가 오는지 지켜봐 "
            "주세요. 멀리서 찍은 사진이 있으면 판단에 도움이 됩니다({d:date} 기준 안내)."
        ),
        (
            "{n:animal} 개체 {d:band_no}, 체중 {d:quantity:g,300,4000}, 마이크로칩 {d:microchip}. 재활 "
            "{d:quantity:일,10,60}째입니다."
        ),
        "로드킬 신고 좌표 {d:coords}, 신고 시각 {d:time}. 처리 완료 ({d:case_no:RK-2026-%###|로드킬-%###})",
    ],
}

FRAMES["street_food_market"] = {
    "value": [
        (
            "야시장 판매대 입점 신청서\n"
            "대표자: {n:name}\n"
            "주민등록번호: {rrn}\n"
            "연락처: {mobile}\n"
            "판매 품목: {n:food}\n"
            "보증금 {d:price:300000,1000000} 입금 계좌: {account}"
        ),
        "{n:market} 상인회 사무실 {landline}. {d:date}부터 영업시간이 {d:time:evening_range}{j:로} 바뀝니다.",
        (
            "{n:food} {d:quantity:인분,20,100} 단체 주문 가능할까요? {d:date} {d:time} 픽업 희망합니다. "
            "{mobile}{j:로} 연락 주세요."
        ),
        (
            "판매대 {d:booth_no} 카드단말기 통신 불량. 밴사 서버 {ip} 연결 실패, 단말 시리얼 {d:serial}. "
            "밴사 고객센터 {d:rep_number}"
        ),
        "야시장 공식 협찬 문의는 {email}{j:로} 제안서를 보내주세요. 운영사무국 {landline:070}, 담당 {n:name}.",
        (
            "{d:booth_no} 부스에서 {n:food} {d:price:3000,20000} 결제했는데 {d:quantity:번,2,3} "
            "결제됐어요. 카드 {card}, 승인번호 {d:approval_no}. 환불 어떻게 받나요?"
        ),
        "외국인 상인 {n:foreign_name} 님 등록: 외국인등록번호 {rrn:foreign}, 연락처 {mobile}, 메뉴 {n:food}",
        (
            "{d:date} 주간 매출 정산액 {d:price:500000,5000000}, 수수료 {d:stat:3,15} 제외 후 "
            "{account}{j:로} 입금됩니다. 정산서는 {email}{j:로} 발송해요."
        ),
        "도로점용 허가 관련 문의: 구청 건설관리과 {landline}, {email:go.kr}. 허가번호 {d:permit_no}",
        "야시장 공식 앱 관리자 로그인 경고 — {d:date} {d:time}, {ip}, 계정 {d:mention}. 운영진 확인 바랍니다.",
        "현금영수증 요청하신 손님, 주민번호 {rrn}{j:로} 발급해 드렸고 나머지 금액은 카드 {card}{j:로} 결제했습니다.",
    ],
    "free": [
        (
            "오늘의 야시장: {n:food} {d:price:3000,8000}, {n:food} {d:price:4000,12000}. 판매대 "
            "{d:quantity:개,20,60} 운영, 마감은 {d:time:night}."
        ),
        "{d:date} 비 예보로 휴장합니다. 다음 영업은 {d:date:next} {d:time:evening}부터예요.",
        "위생 점검 결과: {d:booth_no} 부스 {d:score:pt}, 전체 평균 {d:score:pt}. 개선이 필요한 곳 {d:quantity:곳,1,5}.",
        (
            "야시장 위치 {d:coords}, 지하철역에서 {d:distance:m,300,900} 정도, 걸어서 "
            "{d:quantity:분,3,10}. 주차 {d:quantity:대,30,150} 가능."
        ),
    ],
}


# ---------------------------------------------------------------------------------------------
# building the set
# ---------------------------------------------------------------------------------------------
GENRES = ["bridal_shop", "tire_shop", "stamp_collectors", "village_festival", "cram_school_enrollment"]
GENRES += ["hospice_volunteers", "boat_repair", "makeup_academy", "organic_box_delivery", "piano_rental"]
GENRES += ["campus_dormitory", "storage_units", "wildlife_rescue", "street_food_market"]


def spread(items, n):
    """n picks that use every item as evenly as possible."""
    out = []
    while len(out) + len(items) <= n:
        out += items
    return out + RNG.sample(items, n - len(out))


def build():
    records = []
    for genre in GENRES:
        frames = FRAMES[genre]
        assert all(value_slots(f) for f in frames["value"]) and not any(value_slots(f) for f in frames["free"])
        plan = [("pos", f) for f in spread(frames["value"], POS_PER_GENRE)]
        plan += [("neg", f) for f in spread(frames["value"], NEG_DECOY_PER_GENRE)]
        plan += [("neg", f) for f in spread(frames["free"], NEG_FREE_PER_GENRE)]
        RNG.shuffle(plan)
        for i, (mode, frame) in enumerate(plan, 1):
            text, spans, decoys, forms = render(frame, mode, genre)
            record = {"id": f"{PREFIX}-{genre}-{i:03d}", "text": text, "label": "pos" if spans else "neg"}
            record.update(spans=spans, decoys=decoys, genre=genre)
            record["form"] = "+".join(forms) if spans else negative_form(decoys)
            records.append({k: record[k] for k in ("id", "text", "label", "spans", "decoys", "form", "genre")})
    return records


def self_check(records):
    for r in records:
        items = sorted(r["spans"] + r["decoys"], key=lambda s: s["start"])
        for a, b in zip(items, items[1:], strict=False):
            assert a["end"] <= b["start"], (r["id"], a, b)
        covered = set()
        for s in items:
            assert r["text"][s["start"] : s["end"]] == s["value"], (r["id"], s)
            covered.update(range(s["start"], s["end"]))
        for i, ch in enumerate(r["text"]):
            if ch.translate(HALFWIDTH).isdigit() or ch in "@＠":
                assert i in covered, (r["id"], r["text"], i)
        assert (r["label"] == "pos") == bool(r["spans"]), r["id"]
        for d in r["decoys"]:
            assert not could_pass(d["value"], d["kind"]), (r["id"], d)


def main(argv):
    out = Path(argv[1]) if len(argv) > 1 else Path(__file__).resolve().with_name("eval_oos13.jsonl")
    records = build()
    self_check(records)
    with out.open("w", encoding="utf-8") as fh:
        for r in records:
            fh.write(json.dumps(r, ensure_ascii=False) + "\n")
    n_pos = sum(r["label"] == "pos" for r in records)
    n_vals = sum(len(r["spans"]) for r in records)
    n_decoys = sum(len(r["decoys"]) for r in records)
    print(f"{out}: {len(records)} records ({n_pos} pos), {n_vals} values, {n_decoys} decoys")


if __name__ == "__main__":
    main(sys.argv)
