#!/usr/bin/env python3
# ruff: noqa: E501, B023  (frames are one sentence a line; the closures are called inside the loop that binds them)
"""Build an independent, out-of-sample (OOS) evaluation set for Korean PII detection.

Output: benchmarks/pii/eval_oos.jsonl (one JSON object per line, UTF-8,
ensure_ascii=False), written by this script only.  Stdlib only, Python 3.11,
fixed seed: running it twice gives byte-identical output.

INDEPENDENCE
    This set was written without reading, importing or running the detector
    (corefprep/pii/), its tests, docs, the existing eval builder, the
    benchmark scripts or the dev-corpus span list.  The only file consulted
    was benchmarks/pii/eval.jsonl, and only for its JSON record layout and
    the genres it already uses (movie reviews, encyclopaedia prose), so that
    this set uses different genres and different frames.  No text was copied
    from it.  The templates ("frames") below were written from scratch; all
    values are freshly generated fakes.

RECORD FORMAT
    {"id": "oos-<genre>-<nnn>", "text": str, "label": "pos"|"neg",
     "spans":  [{"kind", "start", "end", "value"}],   # personal data
     "decoys": [{"kind", "start", "end", "value"}],   # look-alikes, NOT PII
     "form":   "<kind>/<how written>" (several values joined with "+"),
               or "neg/<kind of first decoy>" ("neg/none" if no decoy),
     "genre":  str}
    start/end are Python str (code point) offsets; value == text[start:end].
    label is "pos" iff spans is non-empty.  Spans never overlap each other or
    any decoy.  Every decoy in a record is annotated, in pos records too.

WHAT COUNTS AS PERSONAL DATA (span kinds)
    rrn       Korean resident registration number or foreigner registration
              number: 13 digits YYMMDD + G + 6, G in 1-8, a real calendar
              date.  Births before 2020-10-01 carry a valid check digit:
              citizens (G 1-4) the standard RRN check
              (11 - sum(w*d) % 11) % 10 with weights 2..9,2..5; foreigners
              (G 5-8) either the same check or the older foreigner variant
              (13 - sum % 11) % 10 (both conventions are in use; the form
              tag says which).  Births from 2020-10-01 on have no check
              digit (random tail).  Separators may be "-", space, none,
              full-width, en dash, Hangul "ㅡ", box-drawing "─", " - ".
              The span is the 13 digits plus any inner separator.
    mobile    Korean mobile number: 010 + 8 digits, or legacy
              011/016/017/018/019 + 7 or 8 digits, in any written form:
              "-", ".", " ", "/", "_", none, mixed, full-width, "ㅡ", "─",
              en dash, " - ", spaced-out digits, "(010)", "+82 10-...",
              "+82 (0)10 ...", and (a few) Hangul-spelled digits
              ("공일공 …"), which still are the number.  The span includes
              "+82" / parentheses when written.
    landline  Korean geographic numbers (area code 02, 031-033, 041-044,
              051-055, 061-064) and 070 internet phones, 9-11 digits, any
              written form as above plus "(02) 123-4567" / "02)123-4567".
              Counted regardless of whether the owner is a person or a
              business (a clinic's or school's 02- number is a value; fax
              numbers with an area code are values too).
    email     Any address with a public TLD, including role addresses
              (recruit@company.co.kr) and addresses on portals, company,
              .ac.kr, .go.kr, korea.kr domains, sub-domains and plus-tags.
              DECISION: obfuscated addresses that a human reader resolves
              ("abc (at) naver.com", "abc [at] gmail [dot] com",
              "abc 골뱅이 daum.net", full-width "＠") COUNT as email values;
              the span runs from the local part to the end of the TLD.
    ip        GLOBAL IPv4 / IPv6 unicast addresses only (checked against
              the IANA special-purpose list in NONGLOBAL_NETS).  A port or
              brackets are not part of the span.
    card      Payment card numbers: Visa (4), Mastercard (51-55, 2221-2720),
              Amex (34, 37; 15 digits), JCB (3528-3589), UnionPay (62);
              15-16 digits, valid Luhn digit; groups with "-", " ", none,
              full-width.
    account   Korean bank account numbers written next to a bank name
              (국민, 신한, 우리, 하나, 농협, 기업, 카카오뱅크, 토스뱅크,
              새마을금고, 우체국, SC제일, 케이뱅크, 부산, iM뱅크/대구, 신협,
              수협) or an account word (계좌, 입금, 예금주); bank name
              before/after/in parentheses.  Only the number is the span;
              virtual accounts (가상계좌) count.

WHAT IS A DECOY (not personal data; annotated in "decoys")
    dates, times, prices/rents, versions (also IP-shaped versions such as
    "4.0.18.240" with the word 버전 before or after: kind
    version_ipshape), product codes, EAN barcodes, order / tracking /
    booking / ticket / approval / listing / member numbers, student and
    employee ids, court case numbers, statutes and law numbers, business
    registration numbers (123-45-67890) and corporate registration numbers
    (110111-1234567), business phone numbers 15xx/16xx/18xx (bizphone),
    DECISION: 080 toll-free numbers are business numbers => decoy
    (tollfree); short codes and phone-shaped strings with too few digits
    (shortphone); non-global IPs (private, loopback, link-local, CGNAT,
    multicast, documentation 192.0.2/198.51.100/203.0.113, 2001:db8::,
    fe80::, fc00::/7, netmasks, CIDR blocks: nonglobal_ip); file names
    like logo@2x.png, git remotes, package@version, @mentions, "user@host"
    without a public TLD (email_like), URLs, coordinates, statistics,
    counts, scores, ISBNs, DOIs, hashes, model and serial numbers, postal
    codes, building/room/street numbers, areas, measurements, dosages,
    ports, extensions, OTP codes, card expiry dates, coupon/voucher codes,
    certificate numbers, institution codes, race bib numbers, Bible verses.
    DECISION: MASKED values ("880908-1******", "010-****-5678",
    "ab***@naver.com", "5412-****-****-1234", "121.134.*.78",
    "110-***-456789") are NOT personal data here (already de-identified);
    they are annotated as decoys of kind "masked".
    Decoys are labelled by what the text says they are.  A few decoys may
    by chance also pass a structural check (e.g. a 16-digit voucher PIN
    with a valid Luhn digit, a barcode that parses as a date); the summary
    prints how many.  Short plain numbers (<= 3 digits: quantities, ages,
    floors, grade/class numbers) are not annotated; the script asserts
    that no other digit run or "@" is left unannotated.
    Not used at all (ambiguous): 050x "안심번호" virtual numbers, vehicle
    plates, passport numbers, patient chart numbers, RRN-shaped numbers
    with a wrong check digit.

GENRES (none of them movie reviews or encyclopaedia prose)
    court (판결문), market (중고거래), realestate (부동산 매물), job (채용),
    school (가정통신문), clinic (병원 예약), resume (이력서), shop (쇼핑몰
    주문확인), itdesk (IT 헬프데스크/기술 블로그), club (동호회·교회 공지,
    행사 등록), forum (커뮤니티 게시글).  Each genre has >= 15 hand-written
    frames (positive and negative), with [[a|b]] alternations for register
    variation, typos, spacing quirks and emoji.

GENERATION
    random.Random(SEED).  Values: RRNs from random valid dates with the
    check digits above; cards from brand prefixes + random digits + Luhn;
    phones from real prefix/area-code plans with random subscriber
    digits; IPs from global blocks (re-checked); accounts from per-bank
    digit groupings.  PII slots that allow several kinds ({phone},
    {contact}) take the least-used kind so far, and frames are used
    round-robin, to keep kinds and frames balanced.
"""
from __future__ import annotations

import collections
import hashlib
import ipaddress
import json
import os
import random
import re
import sys
from datetime import date, timedelta

SEED = 20250611
OUT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "eval_oos.jsonl")
RECORDS_PER_GENRE = 91  # 11 genres -> 1001, last genre gets one fewer
NEG_SHARE = 0.40

R = random.Random(SEED)

PII_KINDS = ["rrn", "mobile", "landline", "email", "ip", "card", "account"]

# ---------------------------------------------------------------------------
# small helpers
# ---------------------------------------------------------------------------
FW_MAP = {c: chr(ord(c) + 0xFEE0) for c in "0123456789"}
FW_MAP.update({"-": "－", ".": "．", "/": "／", "(": "（", ")": "）", "@": "＠"})
HANGUL_DIGITS = "공일이삼사오육칠팔구"
ASCII_DIGITS = "0123456789"
ALL_DIGITS = ASCII_DIGITS + "０１２３４５６７８９"


def fw(s: str) -> str:
    return "".join(FW_MAP.get(c, c) for c in s)


def rdigits(n: int, first_nonzero: bool = False) -> str:
    s = "".join(R.choice(ASCII_DIGITS) for _ in range(n))
    if first_nonzero and s and s[0] == "0":
        s = R.choice("123456789") + s[1:]
    return s


def wchoice(pairs):
    """pairs: list of (item, weight)."""
    total = sum(w for _, w in pairs)
    x = R.random() * total
    for item, w in pairs:
        x -= w
        if x < 0:
            return item
    return pairs[-1][0]


def rand_date(lo: date, hi: date) -> date:
    return lo + timedelta(days=R.randint(0, (hi - lo).days))


def to_ascii_digits(s: str) -> str:
    out = []
    for c in s:
        if c in ALL_DIGITS:
            out.append(str(ALL_DIGITS.index(c) % 10))
        elif c in HANGUL_DIGITS:
            out.append(str(HANGUL_DIGITS.index(c)))
        elif c == "영":
            out.append("0")
    return "".join(out)


# ---------------------------------------------------------------------------
# validators (used to assert the labels; independent of any detector)
# ---------------------------------------------------------------------------
W_RRN = [2, 3, 4, 5, 6, 7, 8, 9, 2, 3, 4, 5]


def rrn_check_std(d12: str) -> int:
    s = sum(int(a) * w for a, w in zip(d12, W_RRN, strict=False))
    return (11 - s % 11) % 10


def rrn_check_alien(d12: str) -> int:
    s = sum(int(a) * w for a, w in zip(d12, W_RRN, strict=False))
    return (13 - s % 11) % 10


def rrn_valid(d: str) -> bool:
    if len(d) != 13 or not d.isdigit():
        return False
    g = int(d[6])
    century = {1: 1900, 2: 1900, 5: 1900, 6: 1900, 3: 2000, 4: 2000, 7: 2000, 8: 2000}.get(g)
    if century is None:
        return False
    try:
        born = date(century + int(d[:2]), int(d[2:4]), int(d[4:6]))
    except ValueError:
        return False
    if born >= date(2020, 10, 1):
        return True
    if g <= 4:
        return int(d[12]) == rrn_check_std(d[:12])
    return int(d[12]) in (rrn_check_std(d[:12]), rrn_check_alien(d[:12]))


def luhn_ok(d: str) -> bool:
    tot = 0
    for i, c in enumerate(reversed(d)):
        k = int(c)
        if i % 2 == 1:
            k *= 2
            if k > 9:
                k -= 9
        tot += k
    return tot % 10 == 0


def luhn_digit(body: str) -> str:
    for c in ASCII_DIGITS:
        if luhn_ok(body + c):
            return c
    raise AssertionError


def card_valid(d: str) -> bool:
    if not d.isdigit() or len(d) not in (15, 16) or not luhn_ok(d):
        return False
    if len(d) == 15:
        return d[:2] in ("34", "37")
    p2, p4 = int(d[:2]), int(d[:4])
    return d[0] == "4" or 51 <= p2 <= 55 or 2221 <= p4 <= 2720 or 3528 <= p4 <= 3589 or d[:2] == "62"


NONGLOBAL_NETS = [ipaddress.ip_network(n) for n in (
    "0.0.0.0/8", "10.0.0.0/8", "100.64.0.0/10", "127.0.0.0/8", "169.254.0.0/16",
    "172.16.0.0/12", "192.0.0.0/24", "192.0.2.0/24", "192.88.99.0/24", "192.168.0.0/16",
    "198.18.0.0/15", "198.51.100.0/24", "203.0.113.0/24", "224.0.0.0/4", "240.0.0.0/4",
    "::/128", "::1/128", "::ffff:0:0/96", "64:ff9b::/96", "100::/64", "2001::/23",
    "2001:db8::/32", "2002::/16", "fc00::/7", "fe80::/10", "ff00::/8",
)]


def ip_is_global(s: str) -> bool:
    a = ipaddress.ip_address(s)
    return not any(a.version == n.version and a in n for n in NONGLOBAL_NETS)


def phone_digits_kind(d: str) -> str | None:
    if re.fullmatch(r"010[2-9]\d{7}", d) or re.fullmatch(r"01[16789][2-9]\d{6,7}", d):
        return "mobile"
    if re.fullmatch(r"02[2-9]\d{6,7}", d) or re.fullmatch(r"0(3[1-3]|4[1-4]|5[1-5]|6[1-4])[2-9]\d{6,7}", d) \
            or re.fullmatch(r"070[2-9]\d{7}", d):
        return "landline"
    return None


EMAIL_RE = re.compile(r"[A-Za-z0-9._%+-]+@[A-Za-z0-9-]+(\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,}")


def deobfuscate_email(s: str) -> str:
    s = s.replace("＠", "@")
    s = re.sub(r"\s*(\(at\)|\[at\]|\(골뱅이\)|골뱅이| at )\s*", "@", s)
    s = re.sub(r"\s*(\[dot\]|\(dot\)| dot )\s*", ".", s)
    return s


# ---------------------------------------------------------------------------
# filler vocabulary (no digits, no "@")
# ---------------------------------------------------------------------------
SURNAMES = list("김이박최정강조윤장임한오서신권황안송류전홍")
GIVEN = ["민준", "서연", "지우", "하은", "도윤", "서준", "예린", "지호", "수빈", "현우", "유진", "준서",
         "채원", "태민", "은지", "성민", "다은", "지훈", "혜원", "영호", "미경", "순자", "정훈", "경희",
         "상철", "보람", "가은", "승우", "윤아", "동현"]
ROM_SUR = ["kim", "lee", "park", "choi", "jung", "kang", "cho", "yoon", "jang", "lim", "han", "oh",
           "seo", "shin", "kwon", "hwang", "ahn", "song", "ryu", "hong"]
ROM_GIVEN = ["minjun", "seoyeon", "jiwoo", "haeun", "doyun", "seojun", "yerin", "jiho", "subin",
             "hyunwoo", "yujin", "junseo", "chaewon", "taemin", "eunji", "sungmin", "daeun", "jihoon",
             "hyewon", "youngho", "mikyung", "jeonghun", "boram", "gaeun", "seungwoo", "yuna", "donghyun"]
FILL = {
    "item": ["아이패드 에어", "닌텐도 스위치", "다이슨 에어랩", "갤럭시 버즈", "캠핑의자 세트", "유모차",
             "에어팟 프로", "레고 테크닉", "전동킥보드", "로드자전거", "원목 책상", "모니터암", "기계식 키보드",
             "아기 카시트", "노스페이스 패딩", "캐논 미러리스", "커피머신", "빔프로젝터", "골프채 풀세트",
             "전공책 묶음"],
    "dong": ["망원동", "역삼역", "판교", "서면", "동탄", "일산 주엽", "광교", "수유", "연남동", "송도",
             "둔산동", "수성구 범어", "전주 효자동", "창원 상남동", "하남 미사"],
    "city": ["서울특별시 강남구", "서울 마포구", "경기도 성남시 분당구", "부산광역시 해운대구",
             "인천 연수구", "대구광역시 수성구", "대전 서구", "광주광역시 북구", "경기 고양시 일산동구",
             "충북 청주시 흥덕구", "전북 전주시 완산구", "경남 창원시 성산구", "제주특별자치도 제주시",
             "울산 남구", "강원특별자치도 춘천시"],
    "company": ["가온테크", "누리솔루션", "다온물산", "한결정밀", "새봄푸드", "푸른바다건설", "온새미로",
                "미리내전자", "하늘빛물류", "도담소프트", "여울디자인", "라온시스템"],
    "school": ["한빛초등학교", "새솔중학교", "가람고등학교", "누리유치원", "푸른솔초등학교", "은하수중학교",
               "미래고등학교", "바른대학교", "새싹유치원", "한울초등학교"],
    "univ": ["바른대학교", "한빛대학교", "새솔대학교", "가람과학기술원", "누리대학교", "푸른대학교 대학원"],
    "hospital": ["바른정형외과", "서울하나내과", "미소치과", "튼튼소아청소년과", "맑은눈안과",
                 "온누리가정의학과", "새봄산부인과", "참편한재활의학과", "다정한피부과"],
    "dept": ["내과", "정형외과", "피부과", "소아청소년과", "가정의학과", "재활의학과", "이비인후과", "치과"],
    "shop": ["하루마켓", "오늘의옷장", "바로배송몰", "초록마켓", "달빛리빙", "모두의캠핑"],
    "club": ["한강러닝크루", "주말등산회", "은혜교회 청년부", "사진동호회 빛담", "동네 배드민턴 클럽",
             "소망교회 찬양팀", "독서모임 책수다", "조기축구회 불꽃"],
    "job": ["백엔드 개발자", "UX 디자이너", "간호사", "회계 담당자", "데이터 분석가", "영업 관리"],
    "domain": ["gaon-tech.co.kr", "nuri-sol.com", "daon.kr", "hangyeol.co.kr"],
    "emoji": ["😊", "🙏", "✨", "👍", "ㅎㅎ", "^^", "!!", "😭", "🔥", "~~"],
}

PORTALS = [("naver.com", 24), ("gmail.com", 18), ("daum.net", 8), ("hanmail.net", 8), ("kakao.com", 5),
           ("nate.com", 4), ("hotmail.com", 2), ("outlook.com", 2), ("icloud.com", 2)]
ORG_DOMAINS = ["gaon-tech.co.kr", "nuri-sol.com", "mail.daon-corp.com", "hangyeol.co.kr", "seobom.kr",
               "snu.ac.kr", "cs.kaist.ac.kr", "yonsei.ac.kr", "stu.pusan.ac.kr", "korea.kr", "seoul.go.kr",
               "sen.go.kr", "goe.go.kr", "hosp.or.kr", "dodam-soft.io", "hr.mirinae.co.kr"]


def k_name() -> str:
    return R.choice(SURNAMES) + R.choice(GIVEN)


def en_name() -> str:
    return R.choice(ROM_GIVEN).capitalize() + " " + R.choice(ROM_SUR).capitalize()


# ---------------------------------------------------------------------------
# PII value generators: each returns (pieces, form)
# pieces: list of (text, tag); tag None = filler, ("span", kind) = value
# ---------------------------------------------------------------------------
def sep_join(groups, style):
    """Write digit groups (ascii) in one of many surface styles."""
    if style == "hyphen":
        return "-".join(groups)
    if style == "dot":
        return ".".join(groups)
    if style == "space":
        return " ".join(groups)
    if style == "none":
        return "".join(groups)
    if style == "slash":
        return "/".join(groups)
    if style == "underscore":
        return "_".join(groups)
    if style == "mixed":
        return groups[0] + "-" + " ".join(groups[1:]) if len(groups) > 2 else " ".join(groups)
    if style == "spaced-hyphen":
        return " - ".join(groups)
    if style == "endash":
        return "–".join(groups)
    if style == "hangul-dash":
        return "ㅡ".join(groups)
    if style == "box-dash":
        return "─".join(groups)
    if style == "fullwidth":
        return fw("-".join(groups))
    if style == "fullwidth-dot":
        return fw(".".join(groups))
    if style == "fullwidth-none":
        return fw("".join(groups))
    if style == "spaced-digits":
        return " ".join("".join(groups))
    if style == "spaced-digits-hyphen":
        return " - ".join(" ".join(g) for g in groups)
    raise ValueError(style)


PHONE_STYLES = [("hyphen", 30), ("dot", 6), ("space", 7), ("none", 9), ("slash", 2), ("underscore", 2),
                ("mixed", 3), ("spaced-hyphen", 3), ("endash", 2), ("hangul-dash", 3), ("box-dash", 2),
                ("fullwidth", 5), ("fullwidth-dot", 2), ("fullwidth-none", 2), ("spaced-digits", 3),
                ("spaced-digits-hyphen", 1), ("paren", 4), ("intl", 6)]


def phone_pieces(groups, style, kind):
    """Return the written phone string for groups [prefix, mid, last]."""
    if style == "paren":
        v = wchoice([(f"({groups[0]}){groups[1]}-{groups[2]}", 3), (f"({groups[0]}) {groups[1]}-{groups[2]}", 3),
                     (f"{groups[0]}){groups[1]}-{groups[2]}", 2), (f"{groups[0]}) {groups[1]} {groups[2]}", 1)])
        return v
    if style == "intl":
        nat = groups[0][1:]
        return wchoice([(f"+82 {nat}-{groups[1]}-{groups[2]}", 4), (f"+82-{nat}-{groups[1]}-{groups[2]}", 3),
                        (f"+82 {nat} {groups[1]} {groups[2]}", 2), (f"+82{nat}{groups[1]}{groups[2]}", 2),
                        (f"+82 (0){nat} {groups[1]} {groups[2]}", 1),
                        (f"82-{nat}-{groups[1]}-{groups[2]}", 1)])
    return sep_join(groups, style)


def gen_mobile(style=None):
    pre = wchoice([("010", 86), ("011", 4), ("016", 3), ("017", 3), ("018", 1), ("019", 3)])
    if pre == "010":
        mid = rdigits(4)
        mid = R.choice("23456789") + mid[1:]
    else:
        mid = R.choice("23456789") + rdigits(R.choice([2, 3]))
    last = rdigits(4)
    groups = [pre, mid, last]
    if style == "hangul":
        def hd(g):
            return "".join(HANGUL_DIGITS[int(c)] for c in g)
        v = R.choice(["-", " ", ""]).join(hd(g) for g in groups)
        return [(v, ("span", "mobile"))], f"mobile/{pre}/hangul-digits"
    st = style or wchoice(PHONE_STYLES)
    v = phone_pieces(groups, st, "mobile")
    return [(v, ("span", "mobile"))], f"mobile/{pre}/{st}"


AREA_CODES = [("02", 30), ("031", 14), ("032", 5), ("033", 3), ("041", 3), ("042", 4), ("043", 3), ("044", 2),
              ("051", 6), ("052", 3), ("053", 5), ("054", 2), ("055", 4), ("061", 2), ("062", 4), ("063", 3),
              ("064", 3), ("070", 12)]


def gen_landline(style=None):
    ac = wchoice(AREA_CODES)
    if ac == "070":
        mid = R.choice("45678") + rdigits(3)
    else:
        mid = R.choice("23456789") + rdigits(R.choice([2, 3]))
    groups = [ac, mid, rdigits(4)]
    st = style or wchoice([(s, w) for s, w in PHONE_STYLES] + [("paren", 6)])
    v = phone_pieces(groups, st, "landline")
    return [(v, ("span", "landline"))], f"landline/{ac}/{st}"


RRN_STYLES = [("hyphen", 50), ("none", 12), ("space", 8), ("fullwidth", 6), ("fullwidth-none", 2),
              ("endash", 3), ("hangul-dash", 4), ("box-dash", 2), ("spaced-hyphen", 3)]


def gen_rrn(style=None):
    sub = style if style in ("foreign", "child", "post2020") else None
    if sub == "foreign":
        kind = wchoice([("foreign-alienchk", 5), ("foreign-stdchk", 4), ("foreign-post2020", 2)])
    elif sub == "child":
        kind = wchoice([("korean-checksum-child", 3), ("korean-post2020", 1)])
    elif sub == "post2020":
        kind = R.choice(["korean-post2020", "korean-post2020", "foreign-post2020"])
    else:
        kind = wchoice([("korean-checksum", 64), ("korean-post2020", 11), ("foreign-alienchk", 9),
                        ("foreign-stdchk", 7), ("foreign-post2020", 4), ("korean-checksum-child", 5)])
    if kind == "korean-checksum":
        born = rand_date(date(1938, 1, 1), date(2020, 9, 30))
    elif kind == "korean-checksum-child":
        born = rand_date(date(2006, 1, 1), date(2020, 9, 30))
    elif kind.endswith("post2020"):
        born = rand_date(date(2020, 10, 1), date(2024, 12, 31))
    else:
        born = rand_date(date(1955, 1, 1), date(2006, 12, 31))
    foreign = kind.startswith("foreign")
    g = (5 if foreign else 1) + (2 if born.year >= 2000 else 0) + R.randint(0, 1)
    front = f"{born.year % 100:02d}{born.month:02d}{born.day:02d}"
    if kind.endswith("post2020"):
        back = str(g) + rdigits(6)
    elif kind == "foreign-alienchk":
        inst = f"{R.randrange(10, 98, 2):02d}"
        body = str(g) + inst + rdigits(2) + R.choice("6789")
        back = body + str(rrn_check_alien(front + body))
    else:
        body = str(g) + f"{R.randint(0, 95):02d}" + rdigits(3)
        back = body + str(rrn_check_std(front + body))
    assert rrn_valid(front + back), (front, back, kind)
    st = wchoice(RRN_STYLES) if style in (None, "foreign", "child", "post2020") else style
    v = sep_join([front, back], st)
    kind = kind.replace("-child", "")
    return [(v, ("span", "rrn"))], f"rrn/{kind}/{st}"


CARD_BRANDS = [("visa", 30), ("mastercard", 25), ("mc2", 6), ("amex", 12), ("jcb", 12), ("unionpay", 6)]


def gen_card(style=None):
    brand = "amex" if style == "amex" else wchoice(CARD_BRANDS)
    if brand == "visa":
        pre, n = "4" + rdigits(5), 16
    elif brand == "mastercard":
        pre, n = str(R.randint(51, 55)) + rdigits(4), 16
    elif brand == "mc2":
        pre, n = str(R.randint(2221, 2720)) + rdigits(2), 16
        brand = "mastercard"
    elif brand == "amex":
        pre, n = R.choice(["34", "37"]) + rdigits(4), 15
    elif brand == "jcb":
        pre, n = str(R.randint(3528, 3589)) + rdigits(2), 16
    else:
        pre, n = "62" + rdigits(4), 16
    body = pre + rdigits(n - 1 - len(pre))
    d = body + luhn_digit(body)
    assert card_valid(d)
    groups = [d[0:4], d[4:10], d[10:15]] if n == 15 else [d[0:4], d[4:8], d[8:12], d[12:16]]
    st = wchoice([("hyphen", 40), ("space", 22), ("none", 16), ("fullwidth", 5), ("fullwidth-none", 2),
                  ("spaced-hyphen", 3), ("dot", 2), ("mixed", 3), ("hangul-dash", 2), ("endash", 1)])
    return [(sep_join(groups, st), ("span", "card"))], f"card/{brand}/{st}"


def email_local():
    g, s = R.choice(ROM_GIVEN), R.choice(ROM_SUR)
    pat = wchoice([("g.s", 5), ("sgyy", 5), ("ini4", 3), ("g_s", 3), ("gs0", 3), ("plus", 2),
                   ("caps", 1), ("word", 2), ("gdash", 1)])
    if pat == "g.s":
        return f"{g}.{s}"
    if pat == "sgyy":
        return f"{s}{g}{R.randint(70, 99)}"
    if pat == "ini4":
        return f"{s[0]}{g[0]}{R.choice('jhmsyd')}{rdigits(4)}"
    if pat == "g_s":
        return f"{g}_{s}"
    if pat == "gs0":
        return f"{g}{s[0]}{rdigits(2)}"
    if pat == "plus":
        return f"{g}.{s}+{R.choice(['shop', 'news', 'job', 'apply', 'school'])}"
    if pat == "caps":
        return f"{g.capitalize()}_{s.capitalize()}{rdigits(2)}"
    if pat == "word":
        return R.choice(["sunny", "happy", "bluesky", "moonlight", "daisy", "coffee", "runner"]) + \
            R.choice(["_", "", "."]) + s + rdigits(R.choice([0, 2, 3]))
    return f"{g}-{s}"


def gen_email(style=None):
    org = R.random() < 0.32
    dom = R.choice(ORG_DOMAINS) if org else wchoice(PORTALS)
    local = email_local()
    if org and R.random() < 0.3:
        local = R.choice(["recruit", "hr", "help", "info", "office", "admin", "contact"])
    st = style or wchoice([("plain", 74), ("upper", 3), ("obf-at", 5), ("obf-bracket", 4), ("obf-word", 3),
                           ("obf-korean", 4), ("obf-dot", 3), ("fullwidth-at", 2)])
    if st == "obf":
        st = R.choice(["obf-at", "obf-bracket", "obf-word", "obf-korean", "obf-dot"])
    if st == "plain":
        v = f"{local}@{dom}"
    elif st == "upper":
        v = f"{local}@{dom}".upper() if R.random() < 0.4 else f"{local.capitalize()}@{dom.capitalize()}"
    elif st == "obf-at":
        v = f"{local} (at) {dom}" if R.random() < 0.6 else f"{local}(at){dom}"
    elif st == "obf-bracket":
        v = f"{local} [at] {dom}" if R.random() < 0.6 else f"{local}[at]{dom}"
    elif st == "obf-word":
        v = f"{local} at {dom}"
    elif st == "obf-korean":
        v = R.choice([f"{local} 골뱅이 {dom}", f"{local}(골뱅이){dom}", f"{local} (골뱅이) {dom}"])
    elif st == "obf-dot":
        parts = dom.split(".")
        v = f"{local} [at] " + " [dot] ".join(parts) if R.random() < 0.5 else \
            f"{local}(at)" + "(dot)".join(parts)
    elif st == "fullwidth-at":
        v = f"{local}＠{dom}"
    else:
        raise ValueError(st)
    assert EMAIL_RE.fullmatch(deobfuscate_email(v)), v
    tld = dom.split(".", 1)[1] if dom.count(".") >= 1 else dom
    return [(v, ("span", "email"))], f"email/{dom if not org else 'org.' + tld}/{st}"


GLOBAL_V4_FIRST = [1, 8, 13, 14, 27, 34, 39, 42, 49, 52, 58, 59, 61, 104, 106, 110, 112, 114, 115, 116,
                   118, 119, 121, 122, 123, 124, 125, 142, 151, 175, 180, 182, 183, 185, 203, 210, 211,
                   218, 220, 221, 222]
V6_PREFIXES = ["2001:2d8", "2001:e60", "2406:5900", "2404:6800", "2400:cb00", "2a00:1450", "2600:1f18",
               "2001:4860", "2403:6200", "2406:da12", "2001:230"]


def gen_ip4():
    while True:
        s = f"{R.choice(GLOBAL_V4_FIRST)}.{R.randint(0, 255)}.{R.randint(0, 255)}.{R.randint(1, 254)}"
        if ip_is_global(s):
            return s


def gen_ip6():
    while True:
        hextets = V6_PREFIXES[R.randrange(len(V6_PREFIXES))].split(":")
        rest = [f"{R.randint(0, 0xffff):x}" for _ in range(8 - len(hextets))]
        full = hextets + rest
        form = wchoice([("compressed", 5), ("full", 2), ("upper", 1)])
        if form == "compressed":
            k = R.randint(2, 4)
            full = hextets + ["0"] * k + rest[k:]
            s = str(ipaddress.ip_address(":".join(full)))
        elif form == "full":
            s = ":".join(h.zfill(4) for h in full)
        else:
            s = ":".join(full).upper()
        if ip_is_global(s):
            return s, form


def gen_ip(style=None):
    v6 = style == "v6" or (style is None and R.random() < 0.28)
    if v6:
        s, form = gen_ip6()
        return [(s, ("span", "ip"))], f"ip/ipv6/{form}"
    return [(gen_ip4(), ("span", "ip"))], "ip/ipv4/dotted"


# bank key -> (names, groupings, fixed prefixes or None)
BANKS = [
    ("kb", ["국민", "국민은행", "KB국민", "KB국민은행"], [(6, 2, 6)], None, 14),
    ("shinhan", ["신한", "신한은행"], [(3, 3, 6)], ["110", "100"], 14),
    ("woori", ["우리", "우리은행"], [(4, 3, 6)], ["1002"], 12),
    ("hana", ["하나", "하나은행", "KEB하나"], [(3, 6, 5)], None, 10),
    ("nh", ["농협", "NH농협", "농협은행", "지역농협"], [(3, 4, 4, 2)], ["301", "302", "312", "351", "352", "356"], 13),
    ("ibk", ["기업", "기업은행", "IBK기업은행"], [(3, 6, 2, 3)], ["010", "011", "020", "024", "031", "083"], 9),
    ("kakaobank", ["카카오뱅크", "카뱅"], [(4, 2, 7)], ["3333"], 11),
    ("tossbank", ["토스뱅크"], [(4, 4, 4)], ["1000"], 6),
    ("mg", ["새마을금고", "MG새마을금고"], [(4, 4, 4, 1)], ["9002", "9003"], 6),
    ("post", ["우체국"], [(6, 2, 6)], None, 6),
    ("sc", ["SC제일은행", "SC제일"], [(3, 2, 6)], None, 3),
    ("kbank", ["케이뱅크"], [(3, 3, 6)], ["100"], 3),
    ("busan", ["부산은행"], [(3, 4, 4, 2)], ["101", "112"], 3),
    ("im", ["대구은행", "iM뱅크"], [(3, 2, 6, 1)], ["508", "505"], 2),
    ("cu", ["신협"], [(3, 3, 6)], ["132", "131"], 3),
    ("suhyup", ["수협"], [(3, 2, 6)], ["101", "207"], 2),
]


def gen_account(style=None):
    key, names, groupings, prefixes, _w = wchoice([(b, b[4]) for b in BANKS])
    grp = R.choice(groupings)
    groups = [rdigits(n) for n in grp]
    if prefixes:
        p = R.choice(prefixes)
        groups[0] = p + groups[0][len(p):]
    nst = wchoice([("hyphen", 68), ("none", 20), ("space", 5), ("fullwidth", 4), ("fullwidth-none", 1), ("dot", 2)])
    num = sep_join(groups, nst)
    bank = R.choice(names)
    bank_no_eun = bank in ("국민", "신한", "우리", "하나", "농협", "NH농협", "기업", "KB국민", "KEB하나", "SC제일")
    ctxs = [("bank-before", 20), ("bank-nospace", 5), ("paren-before", 8), ("paren-after", 8), ("bank-after", 5),
            ("bank-account-word", 6), ("slash", 3), ("bracket", 3)]
    if bank_no_eun:
        ctxs.append(("bank-eun", 5))
    holder = style == "holder"
    if holder:
        ctxs += [("holder-word", 10), ("holder-after", 8), ("holder-paren", 6), ("holder-first", 4)]
    ctx = wchoice(ctxs)
    name = k_name()
    S = ("span", "account")
    if ctx == "bank-before":
        p = [(bank + " ", None), (num, S)]
    elif ctx == "bank-nospace":
        p = [(bank, None), (num, S)]
    elif ctx == "bank-eun":
        p = [(bank + "은행 ", None), (num, S)]
    elif ctx == "paren-before":
        p = [(f"({bank})" + R.choice(["", " "]), None), (num, S)]
    elif ctx == "paren-after":
        p = [(num, S), (R.choice(["", " "]) + f"({bank})", None)]
    elif ctx == "bank-after":
        p = [(num, S), (" " + bank, None)]
    elif ctx == "bank-account-word":
        p = [(bank + R.choice([" 계좌 ", "계좌 ", " 계좌번호 "]), None), (num, S)]
    elif ctx == "slash":
        p = [(bank + " / ", None), (num, S)]
    elif ctx == "bracket":
        p = [(f"[{bank}] ", None), (num, S)]
    elif ctx == "holder-word":
        p = [(bank + " ", None), (num, S), (R.choice([" 예금주 ", " 예금주: ", " (예금주 "]) + name, None)]
        if p[2][0].startswith(" (예금주"):
            p[2] = (p[2][0] + ")", None)
    elif ctx == "holder-after":
        p = [(bank + " ", None), (num, S), (" " + name, None)]
    elif ctx == "holder-paren":
        p = [(bank + " ", None), (num, S), (f"({name})", None)]
    else:  # holder-first
        p = [(f"예금주 {name} / {bank} ", None), (num, S)]
    return p, f"account/{key}/{nst}/{ctx}"


# ---------------------------------------------------------------------------
# decoy generators: each returns a string (the whole decoy span)
# ---------------------------------------------------------------------------
MONTHS_EN = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]


def d_date(style=None):
    dt = rand_date(date(2015, 1, 1), date(2025, 12, 31))
    y, m, d = dt.year, dt.month, dt.day
    st = style or wchoice([("iso", 12), ("dot", 14), ("dotspace", 8), ("slash", 4), ("compact", 6), ("short", 6),
                           ("korean", 12), ("korean-ns", 3), ("md", 6), ("apos", 2), ("fw", 3), ("wday", 4)])
    if st == "court":
        st = R.choice(["dotspace", "dotspace", "dotspace", "korean"])
    if st == "birth":
        dt = rand_date(date(1960, 1, 1), date(2004, 12, 31))
        y, m, d = dt.year, dt.month, dt.day
        st = R.choice(["dot", "iso", "korean", "compact", "short"])
    return {
        "iso": f"{y}-{m:02d}-{d:02d}", "dot": f"{y}.{m:02d}.{d:02d}", "dotspace": f"{y}. {m}. {d}.",
        "slash": f"{y}/{m:02d}/{d:02d}", "compact": f"{y}{m:02d}{d:02d}", "short": f"{y % 100:02d}.{m:02d}.{d:02d}",
        "korean": f"{y}년 {m}월 {d}일", "korean-ns": f"{y}년{m}월{d}일", "md": f"{m}월 {d}일",
        "apos": f"'{y % 100:02d}.{m}.{d}", "fw": fw(f"{y}.{m:02d}.{d:02d}"),
        "wday": f"{m}/{d}({'월화수목금토일'[dt.weekday()]})",
        "log": f"{d:02d}/{MONTHS_EN[m - 1]}/{y}:{R.randint(0, 23):02d}:{R.randint(0, 59):02d}:{R.randint(0, 59):02d} +0900",
        "ym": f"{y}.{m:02d}",
    }[st]


def d_time(style=None):
    h, mi = R.randint(7, 21), R.choice([0, 0, 10, 15, 20, 30, 30, 40, 45, 50])
    st = style or wchoice([("hm", 10), ("ampm", 3), ("korean", 4), ("en", 1)])
    return {
        "hm": f"{h:02d}:{mi:02d}", "range": f"{h:02d}:{mi:02d}~{min(h + R.randint(2, 9), 23):02d}:00",
        "ampm": f"{'오전' if h < 12 else '오후'} {h if h <= 12 else h - 12}:{mi:02d}",
        "korean": f"{h}시 {mi}분" if mi else f"{h}시", "hms": f"{h:02d}:{mi:02d}:{R.randint(0, 59):02d}",
        "en": f"{h if h <= 12 else h - 12}:{mi:02d} {'AM' if h < 12 else 'PM'}",
        "dur": f"{R.randint(2, 5)}:{R.randint(0, 59):02d}:{R.randint(0, 59):02d}",
    }[st]


def won(n: int) -> str:
    return f"{n:,}"


def d_price(style=None):
    if style == "wage":
        return R.choice([f"{won(R.randint(1003, 1500) * 10)}원", f"{R.randint(1003, 1500) * 10}원", f"{R.randint(1, 2)}만원"])
    if style == "salary":
        return R.choice([f"{won(R.randint(28, 90) * 100)}만원", f"{R.randint(3, 9)}천만원", f"연 {won(R.randint(28, 90) * 100)}만원"])
    if style == "big":
        e, c = R.randint(1, 25), R.randint(0, 9)
        return R.choice([f"{e}억{R.choice(['', ' '])}{c}천만원" if c else f"{e}억원", f"{e}억 {won(R.randint(1, 99) * 100)}만원",
                         f"{won(e * 100000000 + c * 10000000)}원"])
    if style == "fx":
        return f"{won(R.randint(1280, 1480))}.{rdigits(1)}원"
    if style == "small":
        n = R.randint(5, 300) * 1000 if R.random() < 0.7 else R.randint(10, 990) * 100
        return R.choice([won(n) + "원", won(n) + "원", won(n) + " 원", f"{n}원", "₩" + won(n)])
    st = style or wchoice([("won", 12), ("won-sp", 3), ("symbol", 3), ("man", 5), ("mancheon", 2), ("plain", 3)])
    n = R.choice([R.randint(1, 99) * 1000, R.randint(1, 300) * 10000, R.randint(10, 990) * 100,
                  R.randint(1, 50) * 100000])
    if st == "won":
        return won(n) + "원"
    if st == "won-sp":
        return won(n) + " 원"
    if st == "symbol":
        return "₩" + won(n)
    if st == "man":
        return f"{R.randint(2, 950)}만원"
    if st == "mancheon":
        return f"{R.randint(1, 9)}만{R.randint(1, 9)}천원"
    if st == "plain":
        return f"{n}원"
    if st == "eok":
        return f"{R.randint(1, 15)}억{R.choice(['', ' '])}{R.randint(1, 9)}천만원"
    return f"${R.randint(5, 300)}.{R.choice(['00', '99', '50'])}"


def d_rent(style=None):
    dep = R.choice([300, 500, 1000, 1000, 2000, 3000, 5000])
    mon = R.randint(30, 150)
    return R.choice([f"{dep}/{mon}", f"{dep} / {mon}", f"{dep}/{mon}만", f"보증금{dep}/월세{mon}"])


def d_version(style=None):
    st = style or wchoice([("v3", 5), ("plain3", 5), ("two", 3), ("ver", 2), ("pre", 2)])
    a, b, c = R.randint(0, 20), R.randint(0, 30), R.randint(0, 40)
    if st == "http":
        return R.choice(["1.1", "1.0", "2.0"])
    return {
        "v3": f"v{a}.{b}.{c}", "plain3": f"{a}.{b}.{c}", "two": f"{R.randint(1, 20)}.{b}",
        "ver": f"ver {a}.{b}", "build": f"{R.randint(19041, 26100)}.{R.randint(100, 5000)}",
        "pre": f"{a}.{b}.{c}-{R.choice(['rc', 'beta', 'alpha'])}.{R.randint(1, 5)}",
        "os": R.choice([f"iOS {R.randint(14, 18)}.{R.randint(0, 6)}.{R.randint(1, 3)}", f"Android {R.randint(10, 15)}",
                        f"One UI {R.randint(4, 6)}.{R.randint(0, 1)}", f"macOS {R.randint(12, 15)}.{R.randint(0, 6)}"]),
    }[st]


def d_version_ipshape(style=None):
    return f"{R.randint(1, 12)}.{R.randint(0, 9)}.{R.randint(0, 99)}.{R.randint(1, 254)}"


def d_product_code(style=None):
    def L(n):
        return "".join(R.choice("ABCDEFGHJKLMNPRSTUVWXYZ") for _ in range(n))
    return R.choice([f"SKU-{R.randint(2019, 2025)}-{rdigits(5)}", f"{L(2)}{rdigits(2)}-{rdigits(4)}-{L(2)}",
                     f"{L(2)}-{L(2)}{rdigits(4)}-{rdigits(3)}", f"P{rdigits(4)}{L(3)}", f"{L(3)}{rdigits(6)}",
                     f"{rdigits(7)}-{rdigits(3)}"])


def ean13() -> str:
    body = "880" + rdigits(9)
    s = sum(int(c) * (3 if i % 2 else 1) for i, c in enumerate(body))
    return body + str((10 - s % 10) % 10)


def d_barcode(style=None):
    b = ean13()
    return b if R.random() < 0.8 else f"{b[0]} {b[1:7]} {b[7:]}"


def d_order_no(style=None):
    dt = rand_date(date(2021, 1, 1), date(2025, 12, 31)).strftime("%Y%m%d")
    return R.choice([f"{dt}-{rdigits(7)}", f"{dt}{rdigits(8)}", f"ORD{dt}{rdigits(4)}", f"{R.choice('12')}{rdigits(12)}",
                     f"{dt}{rdigits(7)}", f"{dt[:4]}-{dt[4:]}-{rdigits(4)}-{rdigits(2)}", f"{R.randint(100, 999)}{rdigits(9)}"])


def d_tracking_no(style=None):
    st = R.choice(["cj", "cj-sp", "post", "hanjin", "logen"])
    if st == "cj":
        return R.choice("56") + rdigits(11)
    if st == "cj-sp":
        d = R.choice("56") + rdigits(11)
        return f"{d[:4]} {d[4:8]} {d[8:]}" if R.random() < 0.5 else f"{d[:4]}-{d[4:8]}-{d[8:]}"
    if st == "post":
        return "6" + R.choice("089") + rdigits(11)
    if st == "hanjin":
        return f"{R.choice('45')}{rdigits(3)}-{rdigits(4)}-{rdigits(4)}"
    return R.choice("2345") + rdigits(10)


def d_student_id(style=None):
    y = R.randint(2012, 2025)
    return R.choice([f"{y}{rdigits(6)}", f"{y}{rdigits(4)}", f"{y}{rdigits(5)}", f"{y % 100}{rdigits(6)}",
                     f"{R.randint(1, 9)}{rdigits(7)}"])


def d_employee_id(style=None):
    y = R.randint(2005, 2025)
    return R.choice([f"E{y}-{rdigits(4)}", f"{y}{rdigits(4)}", f"KR-{rdigits(5)}", f"A{rdigits(6)}"])


CASE_TYPES = ["가합", "가단", "가소", "고단", "고합", "노", "도", "나", "헌마", "타경", "카단", "구합", "드단", "느단"]


CASE_STYLE = {"criminal": ["고단", "고합", "고정"], "appeal": ["노"], "supreme": ["도", "다"], "civil": ["가합", "가단", "가소"],
              "const": ["헌마", "헌바"], "auction": ["타경"]}


def d_case_no(style=None):
    types = CASE_STYLE.get(style, CASE_TYPES)
    n = R.randint(100, 99999) if style != "auction" else R.randint(1000, 99999)
    return f"{R.randint(2015, 2025)}{R.choice(types)}{n}"


def d_brn(style=None):
    while True:
        d = rdigits(9, first_nonzero=True)
        w = [1, 3, 7, 1, 3, 7, 1, 3, 5]
        s = sum(int(a) * b for a, b in zip(d, w, strict=False)) + (int(d[8]) * 5) // 10
        d = d + str((10 - s % 10) % 10)
        return R.choice([f"{d[:3]}-{d[3:5]}-{d[5:]}", f"{d[:3]}-{d[3:5]}-{d[5:]}", d, f"{d[:3]} {d[3:5]} {d[5:]}"])


def d_corp_no(style=None):
    body = R.choice(["1101", "1201", "1301", "1345", "1601", "1711", "2001", "2311", "2841"]) + \
        R.choice(["11", "14", "21", "71", "81"]) + rdigits(6)
    s = sum(int(c) * (1 if i % 2 == 0 else 2) for i, c in enumerate(body))
    d = body + str((10 - s % 10) % 10)
    return R.choice([f"{d[:6]}-{d[6:]}", f"{d[:6]}-{d[6:]}", d])


def d_bizphone(style=None):
    pre = R.choice(["1588", "1577", "1544", "1566", "1600", "1644", "1661", "1670", "1688", "1800", "1899", "1522", "1599"])
    last = rdigits(4)
    return R.choice([f"{pre}-{last}", f"{pre}-{last}", f"{pre}{last}", f"{pre}.{last}", f"{pre} {last}", fw(f"{pre}-{last}")])


def d_tollfree(style=None):
    mid = R.choice([rdigits(3, True), rdigits(4, True)])
    return R.choice([f"080-{mid}-{rdigits(4)}", f"080-{mid}-{rdigits(4)}", f"080{mid}{rdigits(4)}", f"080.{mid}.{rdigits(4)}"])


def d_shortphone(style=None):
    return R.choice(["112", "119", "1330", "114", "1332", "182", "1394", "1366", "118", "1388",
                     f"010-{rdigits(2)}-{rdigits(3)}", f"02-{rdigits(2)}-{rdigits(3)}", f"031-{rdigits(2)}-{rdigits(2)}",
                     f"010-{rdigits(4)}-{rdigits(2)}", f"010-{rdigits(3)}"])


def d_nonglobal_ip(style=None):
    st = style or R.choice(["10", "172", "192", "127", "169", "cgnat", "zero", "mask", "mcast", "doc", "bench",
                            "cidr", "v6loop", "v6ll", "v6ula", "v6doc", "v6mcast", "192", "10"])
    r = R.randint
    v = {
        "10": f"10.{r(0, 255)}.{r(0, 255)}.{r(1, 254)}", "172": f"172.{r(16, 31)}.{r(0, 255)}.{r(1, 254)}",
        "192": f"192.168.{r(0, 10)}.{r(1, 254)}", "127": R.choice(["127.0.0.1", f"127.0.{r(0, 1)}.{r(1, 9)}"]),
        "169": f"169.254.{r(0, 255)}.{r(1, 254)}", "cgnat": f"100.{r(64, 127)}.{r(0, 255)}.{r(1, 254)}",
        "zero": "0.0.0.0", "mask": R.choice(["255.255.255.0", "255.255.0.0", "255.255.255.255", "255.255.255.128"]),
        "mcast": R.choice(["224.0.0.251", "239.255.255.250", f"224.0.0.{r(1, 254)}"]),
        "doc": R.choice([f"192.0.2.{r(1, 254)}", f"198.51.100.{r(1, 254)}", f"203.0.113.{r(1, 254)}"]),
        "bench": f"198.{r(18, 19)}.{r(0, 255)}.{r(1, 254)}",
        "cidr": R.choice(["10.0.0.0/8", f"172.{r(16, 31)}.0.0/16", f"192.168.{r(0, 9)}.0/24", "100.64.0.0/10"]),
        "v6loop": "::1", "v6ll": f"fe80::{r(0, 0xffff):x}:{r(0, 0xff):x}ff:fe{r(0, 0xff):02x}:{r(0, 0xffff):x}",
        "v6ula": f"fd{r(0, 0xff):02x}:{r(0, 0xffff):x}:{r(0, 0xffff):x}::{r(1, 0xfff):x}",
        "v6doc": f"2001:db8:{r(0, 0xffff):x}::{r(1, 0xfff):x}", "v6mcast": R.choice(["ff02::1", "ff02::fb", "ff05::2"]),
    }[st]
    addr = v.split("/")[0]
    assert not ip_is_global(addr), v
    return v


def d_filename(style=None):
    base = R.choice(["logo", "icon_home", "banner_main", "btn_close", "profile_default", "bg_hero", "ic_arrow"])
    dt = rand_date(date(2020, 1, 1), date(2025, 12, 31)).strftime("%Y%m%d")
    return R.choice([f"{base}@{R.choice('23')}x.{R.choice(['png', 'png', 'webp', 'jpg'])}",
                     f"{base}@{R.choice('23')}x.png", f"IMG_{dt}_{rdigits(6)}.jpg", f"KakaoTalk_{dt}_{rdigits(9)}.jpg",
                     f"scan_{rdigits(4)}.pdf", f"Screenshot_{dt}-{rdigits(6)}.png"])


def d_git_remote(style=None):
    host = R.choice(["github.com", "gitlab.com", "bitbucket.org", "gitlab.gaon-tech.co.kr", "git.daon.kr"])
    org = R.choice(["gaon-dev", "team-infra", "nuri", "platform", "mobile-app", "data-lab"])
    repo = R.choice(["api-server", "web-front", "infra-terraform", "batch-jobs", "ios-app", "ml-pipeline"])
    return R.choice([f"git@{host}:{org}/{repo}.git", f"git@{host}:{org}/{repo}.git", f"ssh://git@{host}:22/{org}/{repo}.git",
                     f"git@{host}:{org}/{repo}{R.randint(2, 9)}.git"])


def d_package(style=None):
    return R.choice([f"react@{R.randint(16, 19)}.{R.randint(0, 3)}.{R.randint(0, 9)}",
                     f"@types/node@{R.randint(16, 22)}.{R.randint(0, 19)}.{R.randint(0, 30)}",
                     f"lodash@4.17.{R.randint(10, 21)}", f"axios@1.{R.randint(0, 7)}.{R.randint(0, 9)}",
                     f"vue@3.{R.randint(0, 5)}.{R.randint(0, 30)}", f"requests=={R.randint(2, 2)}.{R.randint(25, 32)}.0",
                     f"numpy>=1.{R.randint(20, 26)}", f"@nestjs/core@{R.randint(8, 10)}.{R.randint(0, 4)}.{R.randint(0, 9)}",
                     f"next@{R.randint(12, 15)}.{R.randint(0, 5)}.{R.randint(0, 9)}"])


def d_mention(style=None):
    g, s = R.choice(ROM_GIVEN), R.choice(ROM_SUR)
    return R.choice([f"@{g}_{s}", f"@{s}{g}{rdigits(2)}", f"@{g}.{s}", f"@{R.choice(['daily', 'official', 'the'])}_{g}",
                     f"@{g}{rdigits(4)}"])


def d_coordinates(style=None):
    lat, lon = R.uniform(33.2, 38.5), R.uniform(126.1, 129.5)
    return R.choice([f"{lat:.4f}, {lon:.4f}", f"({lat:.5f}, {lon:.5f})", f"N{lat:.4f} E{lon:.4f}",
                     f"{int(lat)}°{R.randint(0, 59)}′{R.randint(0, 59)}″N {int(lon)}°{R.randint(0, 59)}′{R.randint(0, 59)}″E",
                     f"{lat:.6f},{lon:.6f}"])


def d_statistic(style=None):
    if style == "pct":
        return f"{R.uniform(30, 99):.1f}%" if R.random() < 0.7 else f"{R.randint(30, 99)}%"
    if style == "change":
        return R.choice([f"{R.uniform(0.1, 9):.1f}%", f"+{R.uniform(0.1, 9):.2f}%", f"{R.uniform(0.1, 5):.1f}%p"])
    if style == "rate":
        return f"0.{R.randint(3, 9)}%"
    if style == "ratio":
        return f"{R.uniform(1.5, 80):.1f}:1" if R.random() < 0.6 else f"{R.uniform(1.5, 80):.1f}대 1"
    if style == "discount":
        return f"{R.choice([5, 10, 15, 20, 30, 50])}%"
    if style == "a1c":
        return f"{R.uniform(4.8, 8.5):.1f}%"
    if style == "index":
        return f"{won(R.randint(2300, 3100))}.{rdigits(2)}"
    if style == "rating":
        return f"{R.uniform(2.0, 15.0):.1f}%"
    return R.choice([f"{R.uniform(0.1, 99):.1f}%", f"{R.uniform(0.1, 9):.1f}%p", f"+{R.uniform(0.1, 9):.2f}%",
                     f"-{R.uniform(0.1, 5):.1f}%", f"{R.uniform(1.2, 40):.1f}:1", f"p<0.0{R.randint(1, 5)}",
                     f"{R.uniform(60, 99):.1f}%", f"{R.randint(2000, 3000)}.{rdigits(2)}"])


def d_count(style=None):
    return won(R.choice([R.randint(1000, 9999), R.randint(10000, 99999), R.randint(100000, 5000000)]))


def d_score(style=None):
    if style == "gpa":
        return R.choice([f"{R.randint(30, 45) / 10}/4.5", f"{R.randint(28, 43) / 10}/4.3", f"{R.randint(30, 45) / 10}"])
    if style == "toeic":
        return f"{R.randint(120, 198) * 5}점" if R.random() < 0.7 else str(R.randint(120, 198) * 5)
    if style == "ielts":
        return f"{R.choice([5.5, 6.0, 6.5, 7.0, 7.5, 8.0])}"
    if style == "rating":
        return R.choice([f"★{R.randint(35, 50) / 10}", f"{R.randint(35, 50) / 10}/5", f"매너온도 {R.randint(365, 720) / 10}℃"])
    if style == "match":
        return R.choice([f"{R.randint(0, 9)}:{R.randint(0, 9)}", f"{R.randint(0, 9)}대{R.randint(0, 9)}", f"{R.randint(60, 120)}-{R.randint(60, 120)}"])
    return R.choice([f"{R.randint(30, 50) / 10}/5", f"{R.randint(60, 100)}점", f"{R.randint(60, 99) / 10}/10",
                     f"{R.randint(600, 990) // 5 * 5}점", f"{R.randint(30, 45) / 10}/4.5", f"{R.randint(0, 5)}:{R.randint(0, 5)}",
                     f"★{R.randint(35, 50) / 10}", f"{R.randint(55, 85) / 10}"])


def d_isbn(style=None):
    body = R.choice(["97889", "97911"]) + rdigits(7)
    s = sum(int(c) * (3 if i % 2 else 1) for i, c in enumerate(body))
    d = body + str((10 - s % 10) % 10)
    return R.choice([f"{d[:3]}-{d[3:5]}-{d[5:9]}-{d[9:12]}-{d[12]}", d, f"ISBN {d[:3]}-{d[3:5]}-{d[5:9]}-{d[9:12]}-{d[12]}"])


def d_hash(style=None):
    n = R.choice([7, 7, 8, 32, 40, 64])
    h = hashlib.sha256(str(R.random()).encode()).hexdigest()
    while not any(c.isdigit() for c in h[:n]):
        h = hashlib.sha256(h.encode()).hexdigest()
    return ("sha256:" if n == 64 and R.random() < 0.5 else "") + h[:n]


def d_model_no(style=None):
    return R.choice([f"SM-S{R.randint(901, 938)}N", f"SM-F{R.randint(700, 960)}N", f"A{R.randint(2100, 3100)}",
                     f"{R.randint(24, 34)}GP{R.randint(600, 950)}", f"RTX {R.choice(['3060', '4070', '4080', '5070'])}",
                     f"MQ{R.randint(1, 9)}Q{R.randint(1, 9)}KH/A", f"WF{R.randint(19, 25)}T{rdigits(4)}KW",
                     f"NT{R.randint(900, 960)}XGK", f"AX-{R.choice(['1800', '3000', '5400'])}"])


def d_postal(style=None):
    z = f"{R.randint(1000, 63644):05d}"
    return R.choice([z, z, f"(우){z}", f"({z})", f"{R.randint(100, 799)}-{R.randint(0, 999):03d}"])


def d_address_no(style=None):
    return R.choice([f"{R.randint(101, 120)}동 {R.randint(1, 30)}{R.randint(1, 8):02d}호",
                     f"{R.choice(['테헤란로', '세종대로', '해운대로', '중앙로', '월드컵북로'])} {R.randint(1, 520)}",
                     f"{R.choice(['역삼동', '상도동', '우동', '봉명동', '효자동'])} {R.randint(100, 999)}-{R.randint(1, 60)}",
                     f"B동 {R.randint(1, 9)}0{R.randint(1, 9)}호", f"{R.randint(2, 20)}층 {R.randint(1, 20)}0{R.randint(1, 9)}호",
                     f"{R.randint(10, 899)}-{R.randint(1, 99)}번지", f"{R.randint(1, 40)}길 {R.randint(1, 99)}-{R.randint(1, 9)}"])


def d_masked(style=None):
    st = style or R.choice(["rrn", "rrn", "rrn2", "mobile", "mobile2", "email", "card", "ip", "account", "rrn3"])
    if st in ("rrn", "rrn2", "rrn3"):
        dt = rand_date(date(1950, 1, 1), date(2004, 12, 31))
        f = f"{dt.year % 100:02d}{dt.month:02d}{dt.day:02d}"
        g = R.choice("12") if dt.year < 2000 else R.choice("34")
        return {"rrn": f"{f}-{g}******", "rrn2": f"{f}-{g}xxxxxx", "rrn3": f"{f}-*******"}[st]
    if st == "mobile":
        return f"010-****-{rdigits(4)}"
    if st == "mobile2":
        return f"010-{rdigits(2)}**-{rdigits(2)}**"
    if st == "email":
        return f"{R.choice(ROM_GIVEN)[:3]}***@{wchoice(PORTALS)}"
    if st == "card":
        return f"{R.choice(['4', '5'])}{rdigits(3)}-****-****-{rdigits(4)}"
    if st == "ip":
        return f"{R.choice(GLOBAL_V4_FIRST)}.{R.randint(0, 255)}.*.{R.randint(1, 254)}" if R.random() < 0.5 else \
            f"{R.choice(GLOBAL_V4_FIRST)}.{R.randint(0, 255)}.***.***"
    return f"{R.choice(['110', '1002', '3333'])}-***-{rdigits(6)}"


def d_url(style=None):
    dom = R.choice(["www.gaon-tech.co.kr", "recruit.nuri-sol.com", "www.hanbit.es.kr", "bit.ly", "naver.me",
                    "www.daon.kr", "docs.dodam-soft.io", "school.seoul.go.kr", "m.harumarket.kr"])
    return R.choice([f"https://{dom}/notice/{rdigits(5)}", f"https://{dom}/board/view?id={rdigits(6)}",
                     f"http://{dom}/{rdigits(2)}{R.choice(['aZ', 'xQ', 'kP'])}{rdigits(2)}", f"{dom}/event/{rdigits(4)}"])


def d_email_like(style=None):
    return R.choice(["root@localhost", f"admin@db{rdigits(2)}", f"deploy@web-{rdigits(2)}", f"postgres@db-{rdigits(1, True)}",
                     f"ubuntu@ip-{R.randint(10, 172)}-{R.randint(0, 31)}-{R.randint(0, 255)}-{R.randint(1, 254)}",
                     f"jenkins@build{rdigits(2)}"])


def d_voucher(style=None):
    d = rdigits(16)
    return R.choice([f"{d[:4]}-{d[4:8]}-{d[8:12]}-{d[12:]}", f"{d[:4]} {d[4:8]} {d[8:12]} {d[12:]}", d[:12], d])


def d_approval_no(style=None):
    return rdigits(8)


def d_registry_no(style=None):
    return R.choice([f"{R.randint(1101, 2899)}-{R.randint(2005, 2024)}-{rdigits(6)}",
                     f"제{R.randint(2015, 2025)}-서울{R.choice(['강남', '마포', '송파'])}-{rdigits(5)}호",
                     f"{R.randint(11000, 48999)}-{R.randint(2010, 2024)}-{rdigits(5)}"])


def d_listing_no(style=None):
    return f"{R.randint(22, 25)}{rdigits(8)}"


def d_area(style=None):
    return R.choice([f"{R.randint(20, 135)}.{rdigits(2)}㎡", f"{R.randint(20, 135)}㎡", f"{R.randint(8, 60)}평",
                     f"{R.randint(20, 135)}.{rdigits(1)}m²", f"전용 {R.randint(20, 135)}.{rdigits(2)}㎡"])


def d_booking_no(style=None):
    dt = rand_date(date(2023, 1, 1), date(2025, 12, 31)).strftime("%Y%m%d")
    return R.choice([f"R{dt}-{rdigits(4)}", f"{dt[2:]}-{rdigits(4)}", f"A-{rdigits(4)}", f"No.{rdigits(5)}",
                     f"{rdigits(10)}"])


def d_statute(style=None):
    return R.choice([f"형법 제{R.choice([347, 329, 257, 307, 311, 231])}조 제1항",
                     f"전자금융거래법 제6조 제3항 제{R.randint(1, 3)}호", "정보통신망법 제48조 제1항",
                     f"개인정보 보호법 제{R.choice([71, 72, 59])}조 제{R.randint(1, 9)}호", "민법 제750조",
                     f"특정경제범죄 가중처벌 등에 관한 법률 제3조 제1항 제{R.randint(1, 2)}호"])


def d_law_no(style=None):
    return f"법률 제{R.randint(12000, 20500)}호"


def d_measurement(style=None):
    if style == "temp":
        return f"{R.randint(358, 392) / 10}℃" if R.random() < 0.8 else f"{R.randint(358, 392) / 10}도"
    if style == "bp":
        return f"{R.randint(100, 150)}/{R.randint(60, 95)}" + R.choice(["mmHg", "", " mmHg"])
    if style == "height":
        return f"{R.randint(1300, 1750) / 10}cm"
    if style == "weight":
        return f"{R.randint(300, 700) / 10}kg"
    if style == "glucose":
        return f"{R.randint(70, 180)}mg/dL"
    return R.choice([f"{R.randint(360, 392) / 10}℃", f"{R.randint(100, 150)}/{R.randint(60, 95)}mmHg",
                     f"{R.randint(150, 190)}cm", f"{R.randint(40, 100)}.{R.randint(0, 9)}kg",
                     f"{R.randint(70, 180)}mg/dL", f"{R.randint(100, 145)}/{R.randint(60, 90)}"])


def d_dosage(style=None):
    return R.choice([f"{R.choice([250, 325, 500, 650, 1000])}mg", f"{R.choice([5, 10, 15])}ml", f"0.{R.randint(1, 9)}mg",
                     f"{R.choice([100, 200, 400])}mg"])


def d_serial(style=None):
    def L(n):
        return "".join(R.choice("ABCDEFGHJKLMNPQRSTVWXYZ0123456789") for _ in range(n))
    return R.choice([f"S/N {L(12)}", f"SN: {rdigits(3)}{L(7)}", f"L{rdigits(4)}A{rdigits(2)}", f"R3CT{rdigits(2)}{L(5)}",
                     f"{L(4)}-{rdigits(4)}-{L(4)}"])


def d_member_no(style=None):
    return R.choice([f"{rdigits(3, True)}-{rdigits(3)}-{rdigits(6)}", f"{rdigits(4, True)}-{rdigits(3)}-{rdigits(6)}",
                     rdigits(12, True), f"{rdigits(6, True)}-{rdigits(2)}-{rdigits(6)}"])


def d_extension(style=None):
    return rdigits(R.choice([3, 4]), True) if R.random() < 0.5 else rdigits(4, True)


def d_port(style=None):
    return R.choice(["443", "8080", "8443", "22", "3306", "5432", "6379", "27017", "3000", "9200", "2222"])


def d_ticket_no(style=None):
    return R.choice([f"INC{rdigits(7)}", f"REQ-{R.randint(2023, 2025)}{rdigits(4)}-{rdigits(4)}", rdigits(5, True),
                     f"SR-{rdigits(6)}"])


def d_cert_no(style=None):
    return R.choice([f"{R.randint(14, 25)}{rdigits(9)}{R.choice('ABCDEFGHIJ')}", f"제 {R.randint(2015, 2025)}-{rdigits(7)} 호",
                     f"{rdigits(5, True)}-{rdigits(6)}"])


def d_doi(style=None):
    return R.choice([f"10.1109/ACCESS.{R.randint(2019, 2025)}.{rdigits(7)}", f"10.{R.randint(1000, 9999)}/{rdigits(5)}",
                     f"10.18653/v1/{R.randint(2019, 2025)}.acl-long.{R.randint(1, 900)}"])


def d_otp(style=None):
    return rdigits(6)


def d_expiry(style=None):
    return R.choice([f"{R.randint(1, 12):02d}/{R.randint(25, 31)}", f"{R.randint(2025, 2031)}-{R.randint(1, 12):02d}",
                     f"{R.randint(1, 12):02d}/20{R.randint(25, 31)}"])


def d_coupon(style=None):
    def L(n):
        return "".join(R.choice("ABCDEFGHJKLMNPQRSTUVWXYZ") for _ in range(n))
    return R.choice([f"{R.choice(['SPRING', 'WELCOME', 'SALE', 'VIP'])}{rdigits(2)}-{L(2)}{rdigits(1)}{L(1)}",
                     f"{L(4)}-{rdigits(4)}-{L(4)}", f"NEW{rdigits(4)}"])


def d_institution_no(style=None):
    return f"{R.randint(11, 48)}{rdigits(6)}"


def d_bib_no(style=None):
    return R.choice([f"A{rdigits(4)}", f"10K-{rdigits(4)}", f"{R.choice('HFT')}-{rdigits(5)}", rdigits(5, True)])


def d_verse(style=None):
    return R.choice([f"{R.randint(1, 21)}:{R.randint(1, 40)}", f"{R.randint(1, 21)}:{R.randint(1, 10)}-{R.randint(11, 30)}",
                     f"{R.randint(1, 21)}장 {R.randint(1, 40)}절"])


def d_duration(style=None):
    return d_time("dur")


DECOY_GEN = {name[2:]: fn for name, fn in list(globals().items()) if name.startswith("d_") and callable(fn)}
DECOY_ALIAS = {"duration": "time"}  # kind recorded for these generators


# ---------------------------------------------------------------------------
# frames.  {kind} PII slot, {kind:style}; {phone} = mobile|landline,
# {contact} = mobile|landline|email, {ip4}/{ip6}, {accountH} = account with
# holder name; {#decoy[:style]}; {@filler}; [[a|b|c]] alternation.
# ---------------------------------------------------------------------------
GENRES = {}

GENRES["court"] = dict(
    ko="판결문",
    pos=[
        "피고인 {@name}({rrn})은 {#date:court}경 {@city} 소재 상호불상의 PC방에서 IP 주소 {ip4}를 이용하여 피해자 {@name2}의 포털사이트 계정에 무단으로 접속하였다.",
        "피고인은 {#date:court} 피해자 {@name2}에게 전화(발신번호 {mobile})를 걸어 \"검찰청 수사관인데 명의가 도용되었다\"고 거짓말하여, 이에 속은 피해자로 하여금 {#price}을 피고인 명의의 {account}로 송금하게 하였다.",
        "피고인은 범죄일람표 기재와 같이 피해자 {@name2} 명의의 신용카드(카드번호 {card})를 이용하여 {#date:court}부터 {#date:court}까지 총 {@n}회에 걸쳐 합계 {#price} 상당의 물품을 구입하였다.",
        "【피 고 인】 {@name} ({rrn}), 회사원\n주거 {@city} {#address_no}\n등록기준지 {@city}\n【검 사】 {@name2}(기소), {@name3}(공판)\n【판결선고】 {#date:court}",
        "피고인은 {#date:court}경 불상지에서 피해자에게 '택배 주소가 잘못되었다'는 취지의 문자메시지와 함께 악성 앱 설치 링크를 전송하였는데, 위 메시지의 발신번호는 {mobile}, 회신 이메일 주소는 {email}이었다.",
        "[[증거의 요지|증 거 목 록]]\n1. 피고인에 대한 검찰 피의자신문조서\n1. 통신사실확인자료 회신({#date:court}자, 접속 IP {ip} 외 {@n}건)\n1. 계좌거래내역({account})",
        "원 고 {@name} (주민등록번호 {rrn})\n{@city} {#address_no}\n소송대리인 변호사 {@name2}\n(전화 {landline}, 팩스 {landline})",
        "피고인은 피해자 {@name2}의 주민등록번호 {rrn} 및 휴대전화번호 {mobile}을 이용하여 비대면으로 계좌를 개설하고 대출을 신청하였다.",
        "피해자는 {#date:court} {#time}경 {email}로부터 '대금을 {account}로 보내 달라'는 이메일을 받고 이를 믿고 {#price}을 송금하였다.",
        "피고인은 {#date:court}경 인터넷 게시판에 '급전 대출 가능, 신용 무관, 문의 {phone}'라는 글을 게시하여 불특정 다수를 상대로 대출 광고를 하였다.",
        "이 사건 웹사이트의 관리자 로그에 의하면 {#date:court} {#time}부터 약 {@n}분간 IP {ip}에서 관리자 페이지로 {#count}회의 로그인 시도가 있었던 사실이 인정된다.",
        "【원고, 피항소인】 {@name}\n{@city} {#address_no}\n전화 {phone}\n【피고, 항소인】 주식회사 {@company} (법인등록번호 {#corp_no})\n대표이사 {@name2}",
        "피해자 {@name2}(여, {@n}세)는 피고인에게 자신의 체크카드 번호 {card}와 비밀번호를 알려 주었고, 피고인은 이를 이용하여 {#price}을 인출하였다.",
        "피고인은 {#date:court} 위 {ip6} 주소에서 접속한 해외 서버에 타인의 개인정보가 담긴 파일을 업로드하였다.",
        "사 건 {#case_no:civil} 손해배상(기)\n원 고 {@name} ({rrn})\n피 고 {@name2}\n변 론 종 결 {#date:court}",
        "피고인은 {#date:court}경 피해자 명의로 개설된 {accountH}의 접근매체(체크카드 및 비밀번호)를 성명불상자에게 {#price}에 양도하였다.",
        "피고인은 피해자들에게 연락처로 {landline}(사무실) 및 {mobile}을 기재한 명함을 교부하며 '원금 보장, 월 수익'을 약속하고 투자금을 교부받았다.",
        "피고인은 외국인 근로자 {@name_en}(외국인등록번호 {rrn:foreign})의 명의를 빌려 선불폰을 개통하였다.",
        "피고인은 {#date:court}경 피해자 {@name2}의 신용카드 번호 {card}와 유효기간, CVC 번호를 해외 결제대행 사이트에 입력하여 {#price}을 결제하였다.",
        "범행에 이용된 계좌: {account}, {account}\n범행에 이용된 IP: {ip4}",
        "피해자 {@name2}({rrn})의 진술에 의하면, 피고인은 피해자 명의의 {accountH}에서 {#price}을 임의로 이체하였다.",
        "피고인이 부정사용한 카드의 번호는 {card}, {card}이고, 결제 합계는 {#price}이다.",
    ],
    neg=[
        "사 건 {#case_no:criminal} 사기\n피 고 인 {@name}\n검 사 {@name2}(기소), {@name3}(공판)\n변 호 인 법무법인 {@company} 담당변호사 {@name4}\n판 결 선 고 {#date:court}",
        "피고인 {@name}({#masked:rrn})은 {#date:court}경 {@city}에 있는 피해자 운영의 편의점에서 시가 {#price} 상당의 담배를 절취하였다.",
        "원심판결({#case_no:criminal}) 중 피고인에 대한 부분을 파기한다. 피고인을 징역 {@n}년에 처한다. 다만, 이 판결 확정일부터 {@n}년간 위 형의 집행을 유예한다.",
        "이 법원이 채택하여 조사한 증거에 의하면, 피고인이 운영한 회사(사업자등록번호 {#brn})의 {#date:court}자 매출은 {#price}에 불과하였던 사실을 인정할 수 있다.",
        "구 {#statute}({#law_no}로 개정되기 전의 것) 위반의 점에 관하여 본다.",
        "피고인은 {#date:court}경 IP 주소가 {#nonglobal_ip}로 할당된 사내 공유기에 무단으로 접속하여 설정을 변경하였다.",
        "[[대법원|서울고등법원]] {#date:court} 선고 {#case_no:supreme} 판결, 헌법재판소 {#date:court} {#case_no:const} 결정 등 참조",
        "피해자 {@name2}의 진술서 및 카드매출전표 사본(승인번호 {#approval_no}, 결제금액 {#price})의 각 기재를 종합하면 공소사실을 유죄로 인정할 수 있다.",
        "압수된 휴대전화 {@n}대(모델명 {#model_no}, {#serial})를 피고인으로부터 몰수한다.",
        "피고인은 피해자에게 대표번호 {#bizphone}로 연락하라는 문자를 보냈으나, 위 번호는 실제로 {@company}의 고객센터 번호였다.",
        "부동산의 표시: {@city} {#address_no} 대 {#area}, 등기 고유번호 {#registry_no} (경매사건 {#case_no:auction})",
        "위 {#count}개의 계정 정보가 담긴 파일의 해시값(SHA-256)은 {#hash}으로 원본과 동일하다.",
        "피고인 명의 {#masked:account} 계좌로 입금된 돈은 합계 {#price}이고, 그 중 {#price}은 피해 회복되었다.",
        "피고인 회사의 법인등록번호는 {#corp_no}, 사업자등록번호는 {#brn}, 대표전화는 {#bizphone}이다.",
        "압수된 모바일 상품권 {#count}매(PIN {#voucher} 등)를 몰수한다.",
    ],
    footer=["\n\n{#date:court}\n재판장 판사 {@name3}", "\n(출처: 판결서 인터넷열람, 사건번호 {#case_no})"],
)

GENRES["market"] = dict(
    ko="중고거래",
    pos=[
        "[판매] {@item} 팝니다 {@emoji}\n가격: {#price} (네고 x)\n직거래 {@dong} 근처, 택배비 별도\n연락은 {mobile} 문자 주세요~",
        "{@item} 상태 S급이에요 박스 풀구성. 급처합니다ㅠ 입금 확인 후 바로 발송! {account}",
        "{mobile}\n{@item} 구매원해요 {#price}까지 생각중 연락주세여",
        "거래완료된 상품입니다 [[ㅎㅎ|^^]] 다른 물건은 프로필 참고해주시고, 카톡 안하시면 연락처 남겨요 {phone}",
        "안녕하세요~ {@item} 샀는데 사이즈가 안맞아서 팝니다. 정가 {#price}인데 {#price}에 드려요. 쿨거래시 에눌 가능. 문의는 {email}로 보내주세요!",
        "판매자 정보: 닉네임 {#mention} / 연락처{mobile} / 거래 희망 지역 {@dong}",
        "{@item} 팝니다. 모델명 {#model_no}. 택배거래 원하시면 {accountH}로 입금하시고 주소 문자로 남겨주세요 {mobile}",
        "사기조심하세요!!! 이 사람 {mobile} {account} 입금하면 잠수탑니다. 더치트에도 등록됨",
        "ㅎㅇ 혹시 {@item} 아직 있나요?? 있으면 연락주세요{mobile}",
        "{@item} 나눔합니다 🎁 선착순 한분! 댓글말고 메일로 주세요 → {email}",
        "물건 받으셨으면 인수확인 부탁드려요~ 혹시 하자 있으면 환불은 {accountH}에서 해드릴게요",
        "휴대폰 번호 바꼈어요 새 번호 {mobile} 로 연락 주세요 (이전번호 x)",
        "구매자님이 카톡으로 보내주신 카드번호 {card} 로 수기결제 진행했는데 승인거절 떠요.. 다른 카드 있으세요?",
        "{@dong} 직거래만 합니다. 가게 번호 {landline} 로 전화주셔도 돼요(평일 {#time:range})",
        "구매확정 부탁드려요 🙏 입금계좌 {account} / 금액 {#price}",
        "{email} 여기로 사진 더 보내드릴게요~ {@item} 실사 궁금하신분",
        "번호 필터링 돼서 한글로 씁니다 {mobile:hangul} 문자주세요",
        "택배 반품 주소랑 연락처요: {@city} {#address_no} {@name} {phone}",
        "중고로 산 지갑 안에 카드가 들어있었어요;; {card} 이 카드 주인분 찾습니다",
        "번개장터 사기꾼 접속 IP가 {ip4} 라고 경찰서에서 알려줬어요. 입금했던 계좌는 {account}",
        "선입금 사기 주의!! 판매자가 안전결제 링크라고 준 사이트에 카드번호 {card} 넣었다가 바로 결제됨ㅠ",
    ],
    neg=[
        "{@item} 팝니다. 가격 {#price}, 구매일 {#date}. 연락은 [[당근채팅|채팅]]으로만 받아요 (번호 공개 안합니다)",
        "택배 보냈습니다~ 운송장번호 {#tracking_no} (CJ대한통운) 내일 도착 예정이에요",
        "{@item} 정품 맞아요. 바코드 {#barcode}, 품번 {#product_code} 확인하세요",
        "네고 문의 사절. {#price} 고정입니다. 직거래 {@dong} {#time} 이후 가능",
        "안전결제로만 거래합니다. 주문번호 {#order_no} 확인되면 발송해요",
        "사기꾼 조심! 고객센터 {#bizphone} 사칭 문자 옵니다. 절대 링크 누르지 마세요 {#url}",
        "{@item} 배터리 효율 {#statistic:pct}, 사용기간 {@n}개월, 모델 {#model_no}",
        "기프티콘 팝니다 {#price}짜리를 {#price}에 / 유효기간 {#date}까지 / 바코드는 구매 후 보내드림",
        "판매자 {#mention} 님 거래후기: 응답 빠르고 친절함 {#score:rating}",
        "{@item} 펌웨어 {#version}로 업데이트 해놨어요. 액정 기스 없음",
        "직거래 장소: {@dong} 스타벅스 앞 (우편번호 {#postal}) 편하실때 채팅 주세요",
        "판매자님이 보내주신 사진 파일명이 {#filename} 이던데 원본 맞나요?",
        "계좌번호는 채팅으로 알려드릴게요! {@item} {#price}, 구매 {#date}",
        "편의점 택배 예약번호 {#booking_no}, 운송장 {#tracking_no} 입니다. 확인해 보세요~",
        "기프티콘 바코드 {#voucher} 이미 사용된 거였어요ㅡㅡ 캡처 {#filename}",
    ],
    footer=["\n\n{@dong} · 끌올 {@n}분 전 · 관심 {@n} · 조회 {#count}", "\n#{@item} #{@dong}", "\n(수정 {#date} {#time})"],
)

GENRES["realestate"] = dict(
    ko="부동산 매물",
    pos=[
        "[{@dong}] 역세권 투룸 월세\n보증금/월세: {#rent}\n전용 {#area}, {@n}층 / 총 {@n}층\n문의: {@company}공인중개사 {landline} / {mobile}",
        "매물번호 {#listing_no}\n{@city} {#address_no} 아파트 매매 {#price:big}\n담당 실장 {@name} {mobile}",
        "계약금은 매매대금의 1할인 {#price:big}을 {#date}까지 매도인 명의의 {accountH}로 송금하기로 한다.",
        "임대인 성명 {@name} 주민등록번호 {rrn}\n주소 {@city} {#address_no}\n연락처 {mobile}",
        "임차인: {@name2} ({rrn}) 전화 {phone}",
        "방 보러 오실 분은 미리 연락주세요~ 집주인 직거래라 수수료 없어요! {mobile}",
        "상가 임대 {#area} 1층 코너자리, 권리금 협의, 관리비 {#price:small}. 사무실 {landline} 팩스 {landline}",
        "중개사무소 등록번호 {#registry_no}\n대표 공인중개사 {@name}\n이메일 {email}",
        "월세 입금은 매달 {@n}일, {account} 예금주 {@name} 으로 부탁드립니다.",
        "{@dong} 오피스텔 단기임대 가능하신가요? 저는 {@n}개월 정도 생각하고 있어요. 연락처 남깁니다{phone}",
        "전세 보증금 반환 관련 문의드립니다. 만기일 {#date}이고 계좌 {account} 로 반환 부탁드립니다. {@name} 올림",
        "매도인 {@name} ({rrn})\n매수인 {@name2} ({rrn})\n위 당사자는 아래 표시 부동산에 관하여 다음과 같이 매매계약을 체결한다.",
        "허위매물 아닙니다!! 직접 찍은 사진이고 관리비 {#price:small} 포함. 카톡 아이디 없어요 문자만 {mobile}",
        "분양 상담 예약: 견본주택 {landline} / 담당자 메일 {email}",
        "경매 물건 {#case_no:auction} 관련 권리분석 의뢰합니다. 회신은 {email} 부탁드립니다.",
        "{contact} 로 연락주시면 평일 저녁 {#time} 이후 집 보여드릴 수 있습니다",
        "집주인 연락처 바뀜 → {mobile} (구 번호 {#masked:mobile} 사용 안 함)",
        "관리비 카드 자동납부 신청서\n동/호수 {#address_no}\n카드번호 {card}\n유효기간 {#expiry}\n카드 소유주 {@name}",
        "중개보수 {#price} 카드결제 완료 ({card}, 일시불)",
        "확정일자 신청 — 임차인 {@name} 주민등록번호 {rrn}, 보증금 {#price:big}, 반환 계좌 {account}",
        "전자계약 서명 로그: {#date} {#time} IP {ip} 에서 임대인 서명 완료",
    ],
    neg=[
        "{@city} {#address_no} 아파트 {#area} 매매 {#price:big}, 입주 {#date} 이후 협의",
        "등기부등본 고유번호 {#registry_no} 확인 결과 근저당 채권최고액 {#price:big}",
        "보증금/월세 {#rent}, 관리비 {#price:small}, 주차 {@n}대 가능. 문의는 앱 채팅으로",
        "중개보수 상한요율 {#statistic:rate}, 한도액 {#price} (부가세 별도)",
        "사업자등록번호 {#brn} {@company}공인중개사사무소 대표번호 {#bizphone}",
        "단지 좌표 {#coordinates} 기준 반경 {@n}km 이내 초등학교 {@n}곳",
        "경매사건 {#case_no:auction} 매각기일 {#date} {#time}, 최저매각가격 {#price:big}",
        "우편번호 {#postal} {@city} {#address_no} (지번 {#address_no})",
        "임대인 {@name}({#masked:rrn}) 임차인 {@name2}({#masked:rrn}) — 계약서 사본",
        "매물번호 {#listing_no} 확인매물 {#date} / 전용 {#area}",
        "평균 매매가 {#price:big}, 전년 대비 {#statistic:change} 상승 (실거래 {#count}건 기준)",
        "[[급매|특급매]] {@dong} {#area} {#price:big}!! 연락처는 프로필 참고해주세요",
        "시행사 {@company} 법인등록번호 {#corp_no} / 분양 문의 {#bizphone} / 수신거부 {#tollfree}",
    ],
    footer=["\n(등록일 {#date} / 확인매물)", "\n※ 매물번호 {#listing_no}"],
)

GENRES["job"] = dict(
    ko="채용",
    pos=[
        "[{@company}] 신입/경력 {@job} 채용\n접수기간: {#date} ~ {#date}\n제출처: {email}\n문의: 인사팀 {landline}",
        "이력서는 {email} 로 보내주시고 제목에 '지원분야_이름' 적어주세요. 전화 문의는 {phone} (평일 {#time:range})",
        "안녕하세요 채용공고 보고 연락드립니다. {@name}입니다. 제 연락처는 {mobile}이고 포트폴리오는 메일({email})로 송부드렸습니다.",
        "급여 지급 계좌 신고서\n성명 {@name}\n주민등록번호 {rrn}\n급여계좌 {accountH}",
        "알바 구해요! {@dong} 카페 주말 오픈조, 시급 {#price:wage}. 관심있으신 분 {mobile} 문자주세요~",
        "합격자 {@name} 님, 입사 서류를 {#date}까지 {email}로 제출해 주세요. 문의 {landline}(내선 {#extension})",
        "[채용대행] {@company} 생산직 모집 | 4대보험 | 기숙사 제공 | 담당 {@name} 과장 {mobile} | 팩스 {landline}",
        "지원서 접수 확인 메일입니다. 수험번호 {#student_id} / 지원자 이메일 {email} / 연락처 {mobile}",
        "{phone}\n↑ 채용 담당 번호입니다. 이력서 보셨으면 연락주세요. {@name} 드림",
        "표준근로계약서\n근로자 성명: {@name}  주민등록번호: {rrn}\n주소: {@city} {#address_no}\n연락처: {phone}",
        "경력직 헤드헌팅 제안 드립니다. 연봉 {#price:salary} 수준이며 상세 JD는 회신 주시면 송부하겠습니다. {@name} 컨설턴트 / {email} / {mobile}",
        "면접 일정 안내: {#date} {#time}, {@city} {#address_no} 본사 {@n}층. 당일 연락처 {mobile}",
        "외국인 근로자 고용 신청 - 근로자 외국인등록번호 {rrn:foreign}, 국적 베트남, 연락처 {mobile}",
        "공고문 하단의 지원 양식을 작성하여 채용담당자({email})에게 제출. 전형 결과는 개별 통보({#date})",
        "급여 {#price} 입금 예정이었는데 안 들어왔어요ㅠ 제 계좌 {account} 맞는지 확인 부탁드려요",
        "채용 담당자님 {landline}로 여러 번 전화드렸는데 안 받으셔서 메일 남깁니다. 회신은 {email}로 부탁드려요.",
        "단기 알바 급구!! 내일 {#time} 물류센터 상하차, 일당 {#price}, 선착순 문자 {mobile}",
        "법인카드 분실 신고: 사번 {#employee_id} {@name}, 분실 카드 {card}",
        "온라인 지원서가 제출되었습니다. (접수 {#date} {#time}, 접속 IP {ip})",
        "4대보험 취득 신고용 정보: {@name} {rrn} / 급여계좌 {account}",
        "출장비 정산: 법인카드 {card} 사용분 {#price}, 영수증 첨부",
    ],
    neg=[
        "[{@company}] {#date} 공채 모집요강 | 모집인원 {@n}명 | 초봉 {#price:salary} | 근무시간 {#time:range}",
        "지원서 접수는 채용 홈페이지({#url})에서만 받습니다. 이메일·우편 접수 불가.",
        "사업자등록번호 {#brn} / 대표전화 {#bizphone} / 고객센터 {#tollfree}",
        "서류전형 합격자 수험번호: {#student_id}, {#student_id}, {#student_id} (총 {@n}명)",
        "근무지: {@city} {#address_no} (우 {#postal}), 근무시간 {#time:range}",
        "필수: Python {#version:two} 이상, Django {#version:two} 경험 / 우대: 토익 {#score:toeic} 이상",
        "시급 {#price:wage} (최저임금 준수) / 주휴수당 별도 / 급여일 매월 {@n}일",
        "지원자 {@name}({#masked:rrn}) 님 서류 합격을 축하드립니다. 면접 {#date} {#time}",
        "고용24 공고번호 {#order_no} / 마감 {#date}",
        "평균 경쟁률 {#statistic:ratio}, 서류 합격률 {#statistic:pct}, 최종 합격 {@n}명",
        "사번 {#employee_id} {@name} 사원 입사일 {#date}, 소속 {@dept}팀",
        "연락처는 지원서에 적어주시면 됩니다(이메일 주소 공개 안 함). 마감 {#date} {#time}",
        "회원번호 {#member_no} 로 로그인한 뒤 지원서를 작성하세요. 문의 {#tollfree}",
    ],
    footer=["\n※ 마감: {#date}", "\n공고번호 {#order_no}"],
)

GENRES["school"] = dict(
    ko="가정통신문",
    pos=[
        "가정통신문 제{@n}호\n{@school} 학부모님께\n{#date}에 현장체험학습을 실시합니다. 문의: 교무실 {landline}",
        "방과후학교 수강료는 {#date}까지 스쿨뱅킹 계좌({account})에서 자동 출금됩니다. 잔액을 확인해 주세요.",
        "담임 {@name} 선생님 연락처: {mobile} (수업 중에는 문자 남겨주세요)",
        "수학여행 여행자보험 가입을 위해 학생 주민등록번호를 기재해 주십시오.\n학생 성명: {@name} 주민등록번호: {rrn:child}\n보호자 연락처: {mobile}",
        "유치원 입학 원서\n원아명 {@name}  주민등록번호 {rrn:post2020}\n보호자 휴대전화 {mobile}\n이메일 {email}",
        "교육급여 신청 안내 — 행정실 {landline}, 담당자 이메일 {email}",
        "학부모회 회비 입금 안내: {accountH} / 금액 {#price:small}",
        "급식비 환불 신청서 — 학생 {@name} / 보호자 {@name2} / 환불계좌 {account} / 연락처 {phone}",
        "원격수업 접속 장애 시 학교 홈페이지 대신 임시 서버 {ip4} 로 접속하세요. 문의 정보부장 {email}",
        "안녕하세요 {@n}학년 {@n}반 {@name} 엄마입니다. 반톡 초대 부탁드려요~ 제 번호 {mobile}",
        "늘봄학교 신청 문의: 늘봄지원실 {landline}(직통), 팩스 {landline}",
        "학교폭력 신고는 {#shortphone}, 학교전담경찰관 {@name} 경위 {mobile}",
        "졸업앨범 사진 원본은 {email}로 요청해 주세요. 파일명은 {#filename} 형식입니다.",
        "돌봄교실 비상연락망: {@name} 선생님 {phone}, {@name2} 선생님 {phone}",
        "{#date} 학부모 상담주간 신청 결과 안내. 변경 희망 시 {mobile}로 문자 주세요.",
        "장학금 지급 계좌: {@name} 학생 명의 {account} (학생 명의 통장만 가능)",
        "{@school} 행정실입니다. 우유급식 신청서는 {contact} 로 회신 부탁드립니다.",
        "현장체험학습비 카드 결제 신청서 — 학생 {@name}, 결제카드 {card}, 결제일 {#date}",
        "독감 예방접종 동의서: 학생 {@name} ({rrn:child}), 보호자 {@name2}",
        "학교 홈페이지 관리자 계정에 {ip4} 등 해외 IP에서 로그인 시도가 있어 비밀번호를 초기화했습니다.",
    ],
    neg=[
        "가정통신문 | {#date} | {@school} 겨울방학 방과후 프로그램 안내. 신청은 {#url}",
        "{@n}학년 2학기 중간고사 일정: {#date} ~ {#date}, 시험시간 {#time:range}",
        "급식비 {#price:small} / 우유급식 {#price:small} / 납부기한 {#date}",
        "학생증 재발급: 학번 {#student_id} 확인 후 행정실 방문 (수수료 {#price:small})",
        "교실 배정: 본관 {#address_no}, 별관 {#address_no}",
        "교육청 민원 콜센터 {#bizphone}, 수신거부 {#tollfree}",
        "건강검진 결과 평균 키 {#measurement:height}, 평균 몸무게 {#measurement:weight}",
        "{@school} 도서관 신착도서 ISBN {#isbn}, {#isbn}",
        "체험학습 장소 좌표 {#coordinates}, 출발 {#time}, 도착 예정 {#time}",
        "학부모 만족도 조사 결과 응답률 {#statistic:pct}, 만족 {#statistic:pct}",
        "보호자 {@name}({#masked:mobile}) 님 확인서 접수 완료, 접수번호 {#booking_no}",
        "개인정보 보호를 위해 연락처는 [[e알리미|하이클래스]]로만 받습니다. 제출 기한 {#date}",
        "스쿨뱅킹 고객번호 {#member_no}, 문의 {#bizphone}",
        "교과서 ISBN {#isbn} / 바코드 {#barcode}",
    ],
    footer=["\n\n{#date}\n{@school}장", "\n(문서번호 {@school}-{#ticket_no})"],
)

GENRES["clinic"] = dict(
    ko="병원 예약",
    pos=[
        "[{@hospital}] {@name}님 {#date} {#time} {@dept} 진료 예약되었습니다. 변경/취소: {landline}",
        "진료 예약 신청서\n환자명: {@name}\n주민등록번호: {rrn}\n연락처: {mobile}\n증상: 두통, 어지럼증",
        "초진이시면 신분증 지참해 주세요. 접수 시 주민번호 {rrn} 확인되었습니다. 보호자 연락처 {phone}",
        "검사 결과지는 {email}로 발송됩니다(PDF 암호는 문자로 안내). 문의 {landline}",
        "진료비 {#price} 카드 결제 완료 ({card}, 일시불) 승인번호 {#approval_no}",
        "실손보험 청구 서류 요청: 환자 {@name} ({rrn}), 청구 담당자 이메일 {email}, 팩스 {landline}",
        "치과 예약 {#date} {#time}으로 잡아주세요~ {@name}이고 번호는 {mobile}이에요",
        "[예약알림] {@hospital} {@dept} {#date} {#time}\n환자 {@name}({#masked:rrn})\n문의 {landline}",
        "과오납 진료비 환불 안내: 환불 계좌 {accountH} 로 {#price} 입금 예정입니다.",
        "외국인 환자 등록: 외국인등록번호 {rrn:foreign}, 연락처 {phone}, 통역 필요(영어)",
        "야간 응급 시 당직의 {mobile}, 병동 스테이션 {landline}",
        "신생아 예방접종 등록 - 아기 이름 {@name} / 주민번호 {rrn:post2020} / 보호자 {@name2} {mobile}",
        "건강검진 예약 확정 메일을 받을 주소 {email} / 예약번호 {#booking_no} / 검진일 {#date}",
        "비대면 진료 앱 접속 기록: {#date} {#time} 접속 IP {ip} (본인 인증 완료)",
        "{@hospital} 물리치료실입니다. {mobile} 번호로 예약 변경 요청 주셔서 회신드려요.",
        "수술 동의서 보호자: {@name2} (관계: 배우자) 연락처 {mobile} / 비상연락 {landline}",
        "예약금 {#price} 결제 카드 {card:amex} (유효기간 {#expiry})",
        "{rrn} {@name} 환자 MRI 촬영 {#date} {#time} 예약, 금식 {@n}시간",
        "다음 진료부터 간편결제에 등록된 카드 {card}로 자동 결제됩니다.",
        "환자 {@name} 주민등록번호 {rrn} 자격 조회 완료, 본인부담금 {#price:small}",
        "후불 결제 안내: {account} 로 {#price} 입금 부탁드립니다.",
        "진료비 분할 결제: 카드1 {card} {#price} / 카드2 {card} {#price}",
    ],
    neg=[
        "[{@hospital}] 예약번호 {#booking_no} {#date} {#time} {@dept} 예약 완료. 변경은 앱에서 가능합니다.",
        "처방: 아목시실린 {#dosage} 하루 세 번 × {@n}일, 타이레놀 {#dosage}",
        "혈압 {#measurement:bp}, 체온 {#measurement:temp}, 맥박 정상",
        "진료비 영수증: 급여 {#price}, 비급여 {#price}, 합계 {#price}",
        "환자 {@name}({#masked:rrn}) 님, {#date} 검사 결과 특이 소견 없음",
        "대표번호 {#bizphone} / 진료시간 평일 {#time:range}, 토요일 {#time:range}",
        "요양기관기호 {#institution_no} / 사업자등록번호 {#brn}",
        "검진센터 위치: {@city} {#address_no} (우 {#postal}), 주차 {@n}시간 무료",
        "독감 백신 제조번호 {#serial} 접종, 다음 접종 예정일 {#date}",
        "현재 대기 인원 {@n}명, 예상 대기 시간 {@n}분. 접수번호 {#booking_no}",
        "공복혈당 {#measurement:glucose}, 당화혈색소 {#statistic:a1c}, LDL {#measurement:glucose}",
        "결제 완료: {#masked:card} {#price} 승인 {#date} {#time}",
        "건강보험 고객센터 {#bizphone}, 예약 문자 수신거부 {#tollfree}",
        "약품 바코드 {#barcode}, 제조번호 {#serial}, 유효기한 {#date}",
    ],
    footer=["\n※ 본 문자는 발신전용입니다. ({#date} {#time})", "\n진료시간 {#time:range}"],
)

GENRES["resume"] = dict(
    ko="이력서",
    pos=[
        "이 력 서\n성    명 {@name}\n주민등록번호 {rrn}\n휴 대 폰 {mobile}\nE-mail {email}\n주    소 {@city} {#address_no}",
        "{@name} | {@job}\n📞 {mobile}  ✉️ {email}\nGitHub {#url}",
        "[인적사항] 이름 {@name} / 생년월일 {#date:birth} / 연락처 {phone} / 이메일 {email}",
        "학력\n{#date:ym} ~ {#date:ym} {@univ} 컴퓨터공학과 졸업 (학점 {#score:gpa})\n연락처: {mobile}",
        "자소서 마지막에 연락처 적어야 하나요? 일단 {mobile}, {email} 이렇게 적었는데 주민번호는 빼는게 맞죠?",
        "Contact: {email} / {mobile:intl}\nSkills: Python, Go, Kubernetes",
        "추천인: {@name2} 교수({@univ}) {landline}, {email}",
        "경력사항\n{@company} ({#date:ym}~{#date:ym}) 사번 {#employee_id}\n비상연락처 {phone}",
        "{email}\n{@name}\n{@job} 포지션에 지원합니다.",
        "Name {@name_en} / Alien Registration No. {rrn:foreign} / Tel {mobile}",
        "자격증: 정보처리기사({#date}, 자격번호 {#cert_no}), 토익 {#score:toeic}\n연락처 {mobile}",
        "급여 이체 계좌(입사 후 제출용): {accountH}",
        "집 전화 {landline} / 핸드폰 {mobile} / 이메일 {email}",
        "안녕하세요, 이력서 첨부드립니다. 회신은 {email} 또는 {mobile}로 부탁드립니다. {@name} 올림",
        "병역: 육군 병장 만기전역({#date:ym})\n연락처 {phone}\n주민등록번호 {rrn}",
        "PORTFOLIO — {@name_en} — {email:plain} — {mobile}",
        "보호자(비상연락): 모 {@name2} {phone}\n본인 {@name} {contact}",
        "주민등록번호: {rrn}\n주소: {@city} {#address_no}\n이메일: {email}",
        "입사 확정 시 제출: 급여통장 {accountH}, 주민번호 {rrn}",
    ],
    neg=[
        "학력: {@univ} 졸업({#date:ym}), 학점 {#score:gpa}, 토익 {#score:toeic}, 오픽 IH",
        "경력: {@company} {#date:ym} ~ {#date:ym} (사번 {#employee_id}), 연봉 {#price:salary}",
        "자격증 정보처리기사 자격번호 {#cert_no} / 취득일 {#date}",
        "연락처는 개인정보 보호를 위해 {#masked} 로 표기합니다.",
        "GitHub 저장소 {#git_remote}, 주요 기여 패키지 {#package}",
        "수상: {#date} 교내 해커톤 대상 (상금 {#price})",
        "어학연수 {#date:ym}~{#date:ym}, IELTS {#score:ielts}",
        "희망연봉 {#price:salary} / 입사가능일 {#date} / 학번 {#student_id}",
        "논문: Robust Korean NER for Noisy Text, DOI {#doi}",
        "포트폴리오 {#url}, 프로필 사진 {#filename}",
        "보유 기술: Java {#version:two}, Spring Boot {#version:plain3}, React {#version:plain3}",
        "생년월일 {#date:birth} / 병역 필 / 운전면허 보유 (연락처는 면접 확정 후 제공)",
        "링크: {#git_remote} / npm {#package} / 트위터 {#mention}",
    ],
    footer=["\n\n작성일: {#date}", "\n위 기재 사항은 사실과 다름없음을 확인합니다. {#date}"],
)

GENRES["shop"] = dict(
    ko="쇼핑몰 주문확인",
    pos=[
        "[{@shop}] 주문이 완료되었습니다.\n주문번호: {#order_no}\n결제금액: {#price}\n결제수단: 신용카드 {card}\n받는분 연락처: {mobile}",
        "무통장입금 안내\n입금계좌: {account}\n예금주: (주){@company}\n입금기한: {#date} {#time}",
        "배송지 정보\n받는 분: {@name}\n연락처: {phone}\n주소: {@city} {#address_no} (우 {#postal})",
        "주문하신 상품 {@item}이(가) 발송되었습니다. 운송장 {#tracking_no}. 문의는 {email}",
        "결제 승인 알림 {card} {#price} 승인 {#date} {#time} {@shop}",
        "환불 계좌 등록: {accountH} / 환불금액 {#price}",
        "판매자 문의 답변 드립니다. 추가 문의는 {landline} 또는 {email}로 주세요~",
        "주문자 {@name} / {email} / {mobile} / 결제 IP {ip}",
        "비회원 주문조회: 주문자 휴대폰 {mobile} + 주문번호 {#order_no}",
        "카드 결제 오류 시 카드번호 {card} 와 유효기간 {#expiry} 를 확인해 주세요.",
        "선물하기: 받는 분 {@name2} {mobile}, 메시지 '생일 축하해 🎂'",
        "[입금확인] {@name}님 {#price} 입금 확인되었습니다. 가상계좌 {account} 는 {#date} 이후 소멸됩니다.",
        "Order #{#order_no} shipped to {@name_en}, {email}, tel {mobile:intl}",
        "고객님의 카드({card})로 정기결제 {#price}이 {#date}에 청구될 예정입니다.",
        "{mobile} 번호로 인증번호 [{#otp}]를 보냈습니다. 타인 노출 금지!",
        "해외결제 내역: {card:amex} {#price:usd} / 가맹점 IP {ip}",
        "교환 접수 완료. 회수 기사님이 {phone} 으로 연락드릴 예정입니다.",
        "결제수단 등록 완료: {card} (기본 결제수단으로 설정됨)",
        "최근 로그인 기록 {#date} {#time} IP {ip} / {#date} {#time} IP {ip}",
        "주문 결제 정보\n카드사 승인번호 {#approval_no}\n카드번호 {card}\n할부 일시불",
        "구매자 {@name} 님 계좌이체 환불 진행: {accountH}",
        "간편결제 카드 변경 완료: 기존 {card} → 신규 {card}",
    ],
    neg=[
        "주문번호 {#order_no} / 상품코드 {#product_code} / 수량 {@n} / 금액 {#price}",
        "결제 완료: 카드 {#masked:card} 일시불 {#price} 승인번호 {#approval_no}",
        "운송장번호 {#tracking_no} 배송 조회는 {#url}",
        "고객센터 {#bizphone} (평일 {#time:range}) / 사업자등록번호 {#brn} / 통신판매업신고 {#registry_no}",
        "상품 바코드 {#barcode}, 모델명 {#model_no}",
        "쿠폰 코드 {#coupon} 입력 시 {#statistic:discount} 할인 (~{#date})",
        "모바일 상품권 PIN {#voucher} / 유효기간 {#date}",
        "적립 포인트 {#count}P, 회원번호 {#member_no}",
        "{#date} 주문 건 {#price} 중 {#price} 부분취소 처리되었습니다.",
        "광고성 정보 무료 수신거부 {#tollfree}",
        "상품 이미지 {#filename} 로딩 실패 / 상품 ID {#product_code}",
        "주문자 정보: {@name} / {#masked:mobile} / {#masked:email}",
        "택배 {#tracking_no} / 편의점 픽업 인증번호 {#otp}",
        "주문번호 {#order_no} 의 결제번호 {#order_no}, 고객번호 {#member_no}",
    ],
    footer=["\n고객센터 {#bizphone}", "\n(주){@company} 사업자등록번호 {#brn}"],
)

GENRES["itdesk"] = dict(
    ko="IT 헬프데스크/기술 블로그",
    pos=[
        "사내 VPN 접속이 안 됩니다. 집 공인 IP는 {ip4}이고 공유기 게이트웨이는 {#nonglobal_ip}입니다. 클라이언트 버전 {#version}",
        "[장애 보고] {#date} {#time} 웹서버 {ip} 에서 5xx 에러 급증, 원인 분석 중",
        "방화벽 허용 요청: 출발지 {ip4}, 목적지 {#nonglobal_ip} 포트 {#port}, 요청자 {@name} ({email})",
        "로그 보니까 {ip4}에서 SSH 무차별 대입 시도가 {#count}회 있었네요. fail2ban으로 차단했습니다.",
        "nginx access log 일부:\n{ip} - - [{#date:log}] \"GET /api/users HTTP/{#version:http}\" 200 {@n}",
        "IPv6 전환 테스트 중입니다. 제 PC 주소 {ip6} 로 ping 확인 부탁드립니다.",
        "공유기 펌웨어를 {#version_ipshape} 버전으로 올린 뒤부터 외부에서 {ip4} 로 접속이 안 돼요",
        "메일 서버 스팸 차단 해제 요청. 발신 서버 IP {ip4}, 발신 주소 {email}",
        "git clone {#git_remote} 하면 permission denied 떠요. 제 계정은 {email}입니다.",
        "계정 잠금 해제 요청 드립니다. 사번 {#employee_id}, 연락처 {phone}",
        "DNS 레코드 변경 요청: api.{@domain} A {ip4} (TTL {@n}분)",
        "원격지원 요청 - 접속 IP {ip}, 담당자 {@name} 내선 {#extension}, 휴대폰 {mobile}",
        "{ip4} 이 IP 어디건가요? 우리 서버에 계속 크롤링 들어오네요 ㅡㅡ",
        "[헬프데스크] 티켓 {#ticket_no} 처리 완료. 추가 문의는 {email} 또는 {landline}",
        "Access denied from [{ip6}]:{#port} — 허용 목록에 추가해 주세요",
        "결제 모듈 테스트 중인데 테스트 카드 대신 실제 카드 {card}로 결제가 나갔습니다ㅠ 취소 부탁드립니다",
        "새로운 기기에서 로그인했습니다 ({#date} {#time}, IP {ip}, {@city}). 본인이 아니면 {#url}",
        "서버 이전 완료: 구 서버 {ip4} → 신 서버 {ip4}, 패키지 {#package}",
        "CDN 원본 서버 {ip6}, 백업 {ip4}. 담당 {@name} {contact}",
        "법인카드 {card} 로 클라우드 요금 결제가 실패했어요. 한도 확인 부탁드립니다.",
        "WAF 차단 로그: {ip4}, {ip4}, {ip6} (총 {#count}건)",
        "결제 로그에 카드번호 원문({card})이 평문으로 남아 있습니다. 마스킹 처리 요청드립니다.",
    ],
    neg=[
        "docker run -p {#port}:{#port} nginx:{#version:plain3} 실행 시 {#nonglobal_ip} 바인딩 오류가 납니다",
        "npm install {#package} 이후 빌드 에러, node {#version:v3}, 커밋 {#hash}",
        "서브넷 {#nonglobal_ip:cidr}, 게이트웨이 {#nonglobal_ip:192}, 넷마스크 {#nonglobal_ip:mask}",
        "펌웨어를 {#version_ipshape} 버전으로 업데이트하세요. 이전 버전 {#version_ipshape}은 보안 취약점이 있습니다.",
        "로컬 테스트는 {#nonglobal_ip:127}:{#port} 에서 하고, 문서 예시 IP는 {#nonglobal_ip:doc} 을 쓰세요",
        "git remote add origin {#git_remote}",
        "레티나 대응 이미지 {#filename}, {#filename} 추가했습니다",
        "커밋 {#hash} 에서 회귀 발생. 릴리스 {#version:v3} 롤백 예정",
        "관리자 계정 {#email_like} 로 접속해서 확인해 보세요",
        "윈도우 빌드 {#version:build}, 드라이버 {#version}, 장비 {#serial}",
        "티켓 {#ticket_no} 접수됨. 처리 기한 {@n}시간. 긴급 시 {#bizphone}",
        "IPv6 링크로컬 {#nonglobal_ip:v6ll}, 루프백 {#nonglobal_ip:v6loop}, 문서용 {#nonglobal_ip:v6doc}",
        "로그에 {#masked:ip} 처럼 마스킹되어 찍힙니다. 컨테이너 IP는 {#nonglobal_ip:172}",
        "{#email_like} 계정으로 ssh 접속, 호스트 키 지문 {#hash}",
        "{#filename} 이미지가 깨져요. 빌드 {#version:build}, 배포 서버 {#nonglobal_ip}",
    ],
    footer=["\n(작성: {#date} {#time})", "\n환경: {#version:os}, 빌드 {#version:build}"],
)

GENRES["club"] = dict(
    ko="동호회·교회 공지/행사 등록",
    pos=[
        "[{@club}] 정기모임 공지\n일시: {#date} {#time}\n장소: {@dong} 모임방\n회비: {#price:small} → {account}\n문의: 총무 {@name} {mobile}",
        "수련회 참가 신청서 (여행자보험 가입용)\n이름 {@name} / 주민번호 {rrn} / 연락처 {mobile}",
        "이번 주 주보 광고: 새가족부 문의 {@name} 집사 {phone}",
        "마라톤 대회 참가 신청 확인 — 배번 {#bib_no} / 비상연락처 {phone} / 이메일 {email}",
        "회비 미납자분들 {accountH} 로 이번 달까지 입금 부탁드려요 🙏",
        "새로 가입하신 회원님 환영합니다! 단톡방 초대는 총무 {mobile} 으로 문자 주세요~",
        "등산 동호회 산행 안내: {#date} 출발 {#time}, 회장 {@name} {mobile}, 부회장 {@name2} {mobile}",
        "교회 사무실 {landline} / 담임목사 이메일 {email} / 온라인 헌금 {account}",
        "세미나 참가 등록 완료: {@name}님 ({email}) 접수번호 {#booking_no}",
        "찬양팀 연습 못 오시는 분은 {mobile}로 미리 연락주세요! 🎵",
        "바자회 수익금 {#price} 전액 기부했습니다. 기부금 영수증 필요하신 분은 {email}로 요청해주세요",
        "동호회 홈페이지 서버 옮겼어요. 임시 접속 주소 http://{ip4}/ 입니다",
        "봉사활동 확인서 발급 요청: {@name} ({rrn}) 봉사시간 {@n}시간",
        "{@club} 연락망\n회장 {phone}\n총무 {phone}\n메일 {email}",
        "참가비 환불은 총무 계좌 {account}(예금주 {@name})에서 일괄 처리됩니다",
        "행사 당일 긴급 연락처 {mobile} / 행사장 {landline}",
        "해외 선교 참가자 명단: {@name_en} (외국인등록번호 {rrn:foreign}) 연락 {mobile}",
        "캠프 참가비 카드결제 요청: {@name} / 카드 {card} / 금액 {#price}",
        "온라인 투표 중복 의심 IP {ip4} 에서 {@n}표 들어왔습니다 ㅋㅋ 무효 처리할게요",
        "수련회 보험 명단\n{@name} {rrn}\n{@name2} {rrn}",
    ],
    neg=[
        "[{@club}] {#date} 정모 후기 📸 참석 {@n}명, 회비 {#price:small}, 장소 {@dong}",
        "이번 주일 찬송가 {@n}장, 성경 봉독 요한복음 {#verse}",
        "대회 결과: 1위 {#duration}, 2위 {#duration}, 평균 기록 {#duration}",
        "회비 계좌번호는 단톡방 공지 참고해주세요 (여기 올리면 안 됨) — 공지 {#date}",
        "행사장 좌표 {#coordinates}, 주차장 {#address_no}",
        "참가 접수번호 {#booking_no}, 배번 {#bib_no}, 출발 {#time}",
        "회원 현황: 정회원 {#count}명 (전년 대비 {#statistic:change})",
        "헌금 총액 {#price}, 지출 {#price}, 잔액 {#price} ({#date} 기준)",
        "인스타 {#mention} 팔로우하고 해시태그 남겨주세요!",
        "모임 장소: {@city} {#address_no} (우편번호 {#postal})",
        "회장 {@name}({#masked:mobile}) 총무 {@name2}({#masked:mobile})",
        "후원 문의는 대표번호 {#bizphone} 로만 받습니다. 행사 {#date} {#time}",
        "참가 신청은 {#url} / 배번 교부 {#date} / 대표번호 {#bizphone}",
    ],
    footer=["\n\n{#date} 총무 드림", "\n(공지 {#date})"],
)

GENRES["forum"] = dict(
    ko="커뮤니티 게시글",
    pos=[
        "보이스피싱 당했습니다ㅠㅠ {mobile} 이 번호로 전화와서 {account}로 {#price} 보냈는데 어떡하죠",
        "이 메일 주소 {email} 에서 택배 미수령 안내 메일 왔는데 스미싱인가요?",
        "제 공유기 WAN IP가 {ip4}인데 외부에서 포트포워딩 접속이 안 돼요 ㅜ 내부는 {#nonglobal_ip}",
        "중고나라 사기꾼 정보 공유합니다 이름 {@name} 번호 {mobile} 계좌 {account}",
        "카드 분실했는데 누가 {card} 이 카드로 해외결제 했네요... 재발급 받았습니다",
        "ㅋㅋ 우리집 전화번호 {landline} 인데 맨날 중국집인 줄 알고 전화옴",
        "댓글 작성자 IP 공개합니다: {ip} 이 사람 다른 아이디로도 계속 도배함",
        "[질문] 해외 사이트에서 {card:amex} 로 결제했는데 원화결제 수수료 붙었어요",
        "스팸문자 번호 공유 {mobile} {mobile} 둘다 대출광고",
        "메일 주소 그대로 쓰면 크롤링 당해서 이렇게 씁니다 {email:obf}",
        "{mobile:spaced-digits} 띄어쓰기 하면 필터 안 걸리나 테스트ㅋㅋ",
        "IPv6 받았다!! {ip6} 이거 고정인가요?",
        "관리자님 제 계정 해킹당한 것 같아요. 로그인 기록에 {ip}가 떠요. 가입 메일은 {email}입니다",
        "알바비 떼였어요 사장 번호 {phone} 노동청 신고하려면 뭐가 필요한가요",
        "실수로 단톡방에 주민번호 {rrn} 올렸다가 바로 지웠는데 괜찮을까요ㅠ",
        "외국인 친구 등록번호 {rrn:foreign} 로 알뜰폰 개통 되나요?",
        "택배 기사님 번호 {mobile} 맞는지 확인 좀.. 문 앞에 두고 가셨대요",
        "카드 복제 당했어요 {card} 사용내역에 모르는 해외결제가;;",
        "DDoS 공격 IP 리스트 공유합니다: {ip4}, {ip4}, {ip4}",
        "지인이 주민번호 {rrn} 이랑 계좌 {account} 알려달라는데 이거 대출사기죠?",
        "해외직구 하다가 카드번호 {card} 털린 듯... 다들 카드 정지하세요ㅠ",
    ],
    neg=[
        "어제 경기 {#score:match} 실화냐ㅋㅋ 시청률 {#statistic:rating}",
        "아이폰 {#version:os} 업데이트 하신 분? 배터리 {#statistic:pct} 빨리 닳음",
        "공유기 관리페이지 {#nonglobal_ip:192} 들어가는 법 좀요",
        "{#mention} 님 글 퍼옴. 원문 {#url}",
        "보이스피싱 신고는 {#shortphone}, 금융감독원 {#shortphone}",
        "이 번호 {#bizphone} 택배사 맞나요?",
        "서버 로그에 찍힌 IP가 {#masked:ip} 이렇게 마스킹돼서 보여요",
        "{#date} {#time} 기준 코스피 {#statistic:index}, 환율 {#price:fx}",
        "이 ISBN {#isbn} 책 절판됐나요?",
        "추천 좌표 {#coordinates} 여기 야경 미쳤음",
        "{#package} 쓰다가 {#hash} 커밋 이후로 깨짐",
        "번호 공개는 안 할게요ㅋㅋ 궁금하면 쪽지 주세요 ({#date} 작성)",
        "이 번호 {#shortphone} 로 전화 왔는데 자리수가 이상해요. 발신 {#date} {#time}",
        "사업자 조회해 보니 법인등록번호 {#corp_no} 로 나오네요. 정상 회사 맞는 듯",
        "{#barcode} 이 바코드 상품 뭔지 아시는 분?",
        "080 수신거부 {#tollfree} 로 전화했는데 계속 문자옴 ㅡㅡ",
    ],
    footer=["\n\n작성일 {#date} {#time} | 조회 {#count} | 추천 {@n}", "\n[댓글 {@n}]"],
)


# ---------------------------------------------------------------------------
# rendering
# ---------------------------------------------------------------------------
SLOT_RE = re.compile(r"(\{[^{}]+\})")
ALT_RE = re.compile(r"\[\[([^\[\]]*\|[^\[\]]*)\]\]")

KIND_COUNTS = {k: 0 for k in PII_KINDS}


def least_used(kinds):
    lo = min(KIND_COUNTS[k] for k in kinds)
    return R.choice([k for k in kinds if KIND_COUNTS[k] == lo])


def fill_pii(slot: str):
    name, _, style = slot.partition(":")
    style = style or None
    if name == "phone":
        name = least_used(["mobile", "landline"])
    elif name == "contact":
        name = least_used(["mobile", "landline", "email"])
    if name == "mobile":
        if style == "spaced-digits":
            return gen_mobile("spaced-digits")
        return gen_mobile(style)
    if name == "landline":
        return gen_landline(style)
    if name == "rrn":
        return gen_rrn(style)
    if name == "email":
        return gen_email(style)
    if name in ("ip", "ip4", "ip6"):
        return gen_ip("v6" if name == "ip6" else ("v4" if name == "ip4" else style))
    if name == "card":
        return gen_card(style)
    if name == "account":
        return gen_account(style)
    if name == "accountH":
        return gen_account("holder")
    raise KeyError(slot)


def render(template: str, genre: str):
    names = {}

    def filler(key):
        if key.startswith("name") and key != "name_en":
            while key not in names:
                n = k_name()
                if n not in names.values():
                    names[key] = n
            return names[key]
        if key == "name_en":
            return names.setdefault(key, en_name())
        if key == "n":
            return str(R.randint(1, 12))
        return R.choice(FILL[key])

    template = ALT_RE.sub(lambda m: R.choice(m.group(1).split("|")), template)
    text, spans, decoys, forms = "", [], [], []
    for part in SLOT_RE.split(template):
        if not (part.startswith("{") and part.endswith("}")):
            text += part
            continue
        slot = part[1:-1]
        if slot.startswith("@"):
            text += filler(slot[1:])
        elif slot.startswith("#"):
            kind, _, style = slot[1:].partition(":")
            val = DECOY_GEN[kind](style or None)
            kind = DECOY_ALIAS.get(kind, kind)
            decoys.append({"kind": kind, "start": len(text), "end": len(text) + len(val), "value": val})
            text += val
        else:
            pieces, form = fill_pii(slot)
            forms.append(form)
            for s, tag in pieces:
                if tag is not None:
                    spans.append({"kind": tag[1], "start": len(text), "end": len(text) + len(s), "value": s})
                    KIND_COUNTS[tag[1]] += 1
                text += s
    return text, spans, decoys, forms


# ---------------------------------------------------------------------------
# checks
# ---------------------------------------------------------------------------
def check_value(sp):
    k, v = sp["kind"], sp["value"]
    if k == "rrn":
        assert rrn_valid(to_ascii_digits(v)), v
    elif k in ("mobile", "landline"):
        d = to_ascii_digits(v)
        if v.lstrip("(").startswith("+82") or v.startswith("82-"):
            d = "0" + d[2:]
        d = d.replace("00", "0", 1) if v.startswith("+82 (0)") else d
        assert phone_digits_kind(d) == k, (v, d)
    elif k == "email":
        assert EMAIL_RE.fullmatch(deobfuscate_email(v)), v
    elif k == "ip":
        assert ip_is_global(v), v
    elif k == "card":
        assert card_valid(to_ascii_digits(v)), v
    elif k == "account":
        assert 10 <= len(to_ascii_digits(v)) <= 14, v
    else:
        raise AssertionError(k)


def check_record(rec):
    text = rec["text"]
    marks = [0] * len(text)
    for group in ("spans", "decoys"):
        for sp in rec[group]:
            assert text[sp["start"]:sp["end"]] == sp["value"], (rec["id"], sp)
            assert sp["value"] and sp["value"] == sp["value"].strip(), (rec["id"], sp)
            for i in range(sp["start"], sp["end"]):
                assert marks[i] == 0, ("overlap", rec["id"], sp)
                marks[i] = 1
    for sp in rec["spans"]:
        check_value(sp)
    # nothing number- or address-shaped may be left unannotated
    i = 0
    while i < len(text):
        if marks[i] == 0 and text[i] in "@＠":
            raise AssertionError(("unannotated @", rec["id"], text))
        if marks[i] == 0 and text[i] in ALL_DIGITS:
            j = i
            while j < len(text) and marks[j] == 0 and text[j] in ALL_DIGITS:
                j += 1
            assert j - i <= 3, ("long unannotated digit run", rec["id"], text[i:j], text)
            before = text[i - 2:i] if i >= 2 else ""
            after = text[j:j + 2]
            for ctx in (before[::-1], after):
                if len(ctx) == 2 and ctx[0] in "-./:,_" and ctx[1] in ALL_DIGITS:
                    raise AssertionError(("digit group next to unannotated number", rec["id"], text))
            i = j
        else:
            i += 1
    assert rec["label"] == ("pos" if rec["spans"] else "neg")


# ---------------------------------------------------------------------------
# main
# ---------------------------------------------------------------------------
FRAME_USE = {}


def build():
    records = []
    genre_names = list(GENRES)
    for gi, g in enumerate(genre_names):
        spec = GENRES[g]
        assert len(spec["pos"]) + len(spec["neg"]) >= 15, g
        n = RECORDS_PER_GENRE - (1 if gi == len(genre_names) - 1 else 0)
        n_neg = round(n * NEG_SHARE) + R.choice([-2, -1, 0, 1, 2])
        plan = ["neg"] * n_neg + ["pos"] * (n - n_neg)
        R.shuffle(plan)
        use = {"pos": [0] * len(spec["pos"]), "neg": [0] * len(spec["neg"])}
        for idx, lab in enumerate(plan):
            frames = spec[lab]
            lo = min(use[lab])
            cands = [i for i, u in enumerate(use[lab]) if u <= lo + (2 if lab == "pos" and lo > 0 else 0)]
            if lab == "pos":
                # prefer frames whose kinds are least used so far (frame use stays within +-2)
                def need(i):
                    ks = [k for k in PII_KINDS if "{" + k in frames[i]]
                    ks += ["account"] if "{accountH" in frames[i] else []
                    ks += ["ip"] if "{ip" in frames[i] else []
                    ks += ["mobile", "landline"] if "{phone" in frames[i] or "{contact" in frames[i] else []
                    ks += ["email"] if "{contact" in frames[i] else []
                    return sum(KIND_COUNTS[k] for k in ks) / len(ks) if ks else 10 ** 6
                best = min(need(i) for i in cands)
                cands = [i for i in cands if need(i) <= best + 2]
            fi = R.choice(cands)
            use[lab][fi] += 1
            tpl = frames[fi]
            if spec.get("footer") and R.random() < 0.3:
                tpl = tpl + R.choice(spec["footer"])
            text, spans, decoys, forms = render(tpl, g)
            label = "pos" if spans else "neg"
            assert label == lab, (g, tpl)
            form = "+".join(forms) if spans else "neg/" + (decoys[0]["kind"] if decoys else "none")
            rec = {"id": f"oos-{g}-{idx:03d}", "text": text, "label": label, "spans": spans, "decoys": decoys,
                   "form": form, "genre": g}
            check_record(rec)
            records.append(rec)
        FRAME_USE[g] = use
    return records


def summary(records):
    C = collections.Counter
    out = []
    n_pos = sum(r["label"] == "pos" for r in records)
    out.append(f"records {len(records)}  pos {n_pos}  neg {len(records) - n_pos}  "
               f"neg share {100 * (len(records) - n_pos) / len(records):.1f}%")
    vk = C(s["kind"] for r in records for s in r["spans"])
    dk = C(d["kind"] for r in records for d in r["decoys"])
    out.append(f"values {sum(vk.values())}: " + ", ".join(f"{k} {vk[k]}" for k in PII_KINDS))
    out.append(f"decoys {sum(dk.values())} ({len(dk)} kinds; in pos records "
               f"{sum(len(r['decoys']) for r in records if r['label'] == 'pos')}): "
               + ", ".join(f"{k} {v}" for k, v in sorted(dk.items(), key=lambda x: (-x[1], x[0]))))
    out.append("per genre (records / pos / neg / values / decoys / frames):")
    for g in GENRES:
        rs = [r for r in records if r["genre"] == g]
        gv = C(s["kind"] for r in rs for s in r["spans"])
        out.append(f"  {g:<11} {len(rs):>4} {sum(r['label'] == 'pos' for r in rs):>4} "
                   f"{sum(r['label'] == 'neg' for r in rs):>4} {sum(gv.values()):>4} "
                   f"{sum(len(r['decoys']) for r in rs):>4} {len(GENRES[g]['pos']) + len(GENRES[g]['neg']):>3}   "
                   + " ".join(f"{k}:{gv[k]}" for k in PII_KINDS if gv[k]))
    # how values are written
    wk = C()
    for r in records:
        if r["label"] == "pos":
            for f in r["form"].split("+"):
                parts = f.split("/")
                wk[(parts[0], parts[-1] if parts[0] != "account" else parts[2] + "|" + parts[3])] += 1
    out.append("value surface forms (kind: style count):")
    for k in PII_KINDS:
        out.append(f"  {k}: " + ", ".join(f"{s} {c}" for (kk, s), c in sorted(wk.items(), key=lambda x: -x[1]) if kk == k))
    sub = C(f.split("/")[1] for r in records if r["label"] == "pos" for f in r["form"].split("+") if f.startswith("rrn/"))
    out.append("rrn subtypes: " + ", ".join(f"{k} {v}" for k, v in sorted(sub.items())))
    # decoys that would also pass a structural check (labelled by context)
    amb = C()
    for r in records:
        for d in r["decoys"]:
            digits = to_ascii_digits(d["value"])
            if len(digits) == 13 and rrn_valid(digits):
                amb["rrn-valid"] += 1
            if card_valid(digits) and re.fullmatch(r"[\d\s-]+", d["value"]):
                amb["card-valid"] += 1
            if phone_digits_kind(digits) and re.fullmatch(r"[\d\s().-]+", d["value"]):
                amb["phone-shaped"] += 1
    out.append("decoys passing a structural check anyway: " + (", ".join(f"{k} {v}" for k, v in amb.items()) or "none"))
    unused = {g: sum(u == 0 for lab in ("pos", "neg") for u in FRAME_USE[g][lab]) for g in FRAME_USE}
    out.append("frames per genre used / total: " + ", ".join(
        f"{g} {sum(len(v) for v in FRAME_USE[g].values()) - unused[g]}/{sum(len(v) for v in FRAME_USE[g].values())}"
        for g in FRAME_USE))
    return "\n".join(out)


def main():
    records = build()
    ids = [r["id"] for r in records]
    assert len(ids) == len(set(ids))
    with open(OUT, "w", encoding="utf-8", newline="\n") as fh:
        for r in records:
            fh.write(json.dumps(r, ensure_ascii=False) + "\n")
    print(f"wrote {OUT}")
    print(summary(records))


if __name__ == "__main__":
    sys.exit(main())
