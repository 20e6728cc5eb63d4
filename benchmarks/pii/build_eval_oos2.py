# ruff: noqa: E501
"""Build ``eval_oos2.jsonl``: a second independent, out-of-sample evaluation set for the Korean PII detector.

Independence
------------
This set was written from the task brief alone, WITHOUT reading the detector's code, its tests, its
docs, or any earlier evaluation set, and no detector was run on it. Templates, fillers and value
generators below are all original to this file. Running the script needs only the Python 3.11
standard library; it is deterministic (fixed ``SEED``, no dependence on hash ordering), so two runs
write byte-identical output.

Record format (one JSON object per line, UTF-8, ``ensure_ascii=False``)
--------------------------------------------------------------------------
``{"id": "oos2-<genre>-<n>", "text", "label": "pos"|"neg", "spans": [...], "decoys": [...],
"form", "genre"}``. Each span/decoy is ``{"kind", "start", "end", "value"}`` with Python code point
offsets and ``value == text[start:end]``. ``label`` is "pos" iff there is at least one span. Spans and
decoys never overlap. ``form`` lists ``<kind>/<detail>/<how it is written>`` for every span (joined
by "+"); for a negative record it is ``neg/<decoy kind>`` naming the most PII-like decoy.

Kinds (personal data)
---------------------
* ``rrn``: resident/foreigner registration number, YYMMDD + 7 digits. 7th digit 1-4 Koreans, 5-8
  foreigners. Births before 2020-10 carry the check digit d13 = (11 - sum(d_i*w_i) mod 11) mod 10
  with weights 2,3,4,5,6,7,8,9,2,3,4,5; births from 2020-10 have a random last digit.
* ``mobile``: 010/011/016/017/018/019.
* ``landline``: area codes 02, 031-033, 041-044, 051-055, 061-064 and 070.
* ``email``; ``ip`` (global unicast IPv4/IPv6 only); ``card`` (15-16 digits, valid Luhn, real brand
  prefix: Visa, Mastercard 51-55/2221-2720, Amex, JCB, Discover, UnionPay);
  ``account`` (Korean bank account, 10-14 digits, always written next to a bank name or an account word).

Decoys (not personal data, every one annotated, in pos records too)
--------------------------------------------------------------------
dates, times, prices, versions (with version words), product codes, EAN barcodes, order / invoice /
tracking / reservation / receipt / claim / policy / notice numbers, student and employee ids, case
numbers, business (123-45-67890) and corporate registration numbers, business phone numbers
(15xx/16xx/18xx), toll-free 080 numbers, short/emergency numbers, 050x relay ("safe") numbers,
private / reserved / documentation / loopback / link-local / multicast IPs, image files like
banner@2x.jpg, git remotes, npm packages, mentions, coordinates, statistics, scores, ISBN/ISSN/DOI,
hashes, serials, postal codes, room numbers, meeting ids, OTP codes, ports, gift-card PINs (Luhn
invalid), masked values (880908-1******, 010-****-5678, masked cards/accounts/emails/IPs) and more.

Labelling conventions
---------------------
* Masked / partially hidden values are decoys (already de-identified).
* Obfuscated emails ("abc (at) naver.com", "abc[at]naver[dot]com", "abc 골뱅이 naver.com",
  "abc at naver dot com", full-width "＠", spaced " @ ") are email values; the span runs from the
  start of the local part to the end of the TLD.
* Phone numbers with digits spaced one by one or spelled in Hangul (공일공 ...) are values, as are
  international forms (+82 10-..., 82-10-..., +82-2-..., "+82 (0)2 ..."). Parentheses that belong to
  the number ("(02) 123-4567", "02)123-4567", "(82) 10-...") are inside the span.
* 070 and area-code numbers are landline values whoever owns them (shops, offices, fax lines).
  050x relay numbers, 15xx/16xx/18xx, 080 and short numbers are decoys.
* Only global unicast IPs are values; a port after an IP (":8080") is a separate ``port`` decoy.
* Email addresses and accounts are values whoever owns them (reporters, offices, charities).
* Bank names, "계좌", "예금주" and labels such as "주민번호:" are outside spans.

Genres (frames differ from earlier sets)
---------------------------------------
news (기사 제보), apt_notice (관리사무소 공지), reservation (restaurant/hotel), lost_found (분실물),
insurance (보험 청구), complaint (민원·고소장), academic (papers, conference pages), chat (KakaoTalk/SMS
logs), csv_dump (CSV/TSV/markdown/JSON rows pasted as text), delivery (parcel notifications), signup
(volunteer/event sheets), gov_notice (공고), donation (crowdfunding / 후원 계좌), blog (diaries),
dating (matchmaking profiles), tutoring (과외 ads). Each genre has 17-19 frames with value slots and 7-8
value-free frames (22+ distinct frames per genre are used in the output).

How values were generated
-------------------------
Random but well-formed: RRNs with real dates, the right 7th digit and check digit; Luhn-valid card
numbers with brand prefixes; bank-specific account groupings; global IPs verified with ``ipaddress``;
portal, company, university, government and press email domains (with subdomains, plus-tags and
upper case). Each value is written in one of many styles: "-", ".", " ", "/", "_", "~", none, mixed,
full-width digits (０-９, －, ．), Hangul "ㅡ" or box-drawing "─" dashes, parenthesised area codes,
+82/82 forms, digits spaced one by one, Hangul-spelled digits, values touching Hangul text, cards
4-4-4-4 / 4-6-5 / unbroken, RRNs with hyphen / space / none, labelled or not. Negative records
come from value-free frames or from value frames whose every slot is written masked; in positive
records with several slots a few slots are masked as well. Decoy strings that could accidentally be
valid values (13-digit numbers passing the RRN checks, 15-16-digit numbers passing Luhn) are
regenerated.
"""

from __future__ import annotations

import datetime as dt
import hashlib
import ipaddress
import json
import random
import re
from collections import Counter
from collections.abc import Callable
from pathlib import Path

SEED = 20250611
N_RECORDS = 1000
NEG_SHARE = 0.40
NEG_PURE_SHARE = 0.55  # share of negative records drawn from value-free frames
PARTIAL_MASK = 0.15  # chance that a slot of a multi-slot positive frame is written masked
PARTIAL_MASK_OVER = 0.5  # the same for a kind that already has TARGET_PER_KIND values
TARGET_PER_KIND = 96
OUT_PATH = Path(__file__).resolve().with_name("eval_oos2.jsonl")

WEEKDAYS = "월화수목금토일"
HANGUL_DIGITS = "공일이삼사오육칠팔구"
FW_TABLE = str.maketrans("0123456789-.", "０１２３４５６７８９－．")
ALNUM = "ABCDEFGHJKLMNPQRSTUVWXYZ0123456789"
HEX = "0123456789abcdef"


# ----------------------------------------------------------------------------- small helpers
def digits(rng: random.Random, n: int) -> str:
    return "".join(str(rng.randint(0, 9)) for _ in range(n))


def alnum(rng: random.Random, n: int) -> str:
    return "".join(rng.choice(ALNUM) for _ in range(n))


def hexs(rng: random.Random, n: int) -> str:
    return "".join(rng.choice(HEX) for _ in range(n))


def wchoice(rng: random.Random, pairs: list[tuple[str, int]]) -> str:
    return rng.choices([k for k, _ in pairs], weights=[w for _, w in pairs], k=1)[0]


def fullwidth(s: str) -> str:
    return s.translate(FW_TABLE)


def hangul_num(s: str, zero: str = "공") -> str:
    return "".join((zero if c == "0" else HANGUL_DIGITS[int(c)]) if c.isdigit() else c for c in s)


def is_hangul(ch: str) -> bool:
    return bool(ch) and ("\uac00" <= ch <= "\ud7a3" or "\u3131" <= ch <= "\u318e")


def luhn_digit(payload: str) -> str:
    total = 0
    for i, ch in enumerate(reversed(payload)):
        d = int(ch)
        if i % 2 == 0:
            d *= 2
            if d > 9:
                d -= 9
        total += d
    return str((10 - total % 10) % 10)


def luhn_ok(num: str) -> bool:
    return luhn_digit(num[:-1]) == num[-1]


def rrn_check_digit(d12: str) -> str:
    weights = [2, 3, 4, 5, 6, 7, 8, 9, 2, 3, 4, 5]
    s = sum(int(a) * w for a, w in zip(d12, weights, strict=True))
    return str((11 - s % 11) % 10)


def looks_like_rrn(s13: str) -> bool:
    """True if a 13-digit string would pass as a registration number (date, 7th digit, check digit)."""
    if len(s13) != 13 or not s13.isdigit():
        return False
    g = s13[6]
    if g not in "12345678":
        return False
    century = 1900 if g in "1256" else 2000
    try:
        born = dt.date(century + int(s13[:2]), int(s13[2:4]), int(s13[4:6]))
    except ValueError:
        return False
    if born >= dt.date(2020, 10, 1):
        return True
    return rrn_check_digit(s13[:12]) == s13[12]


def ean_digit(d12: str) -> str:
    s = sum(int(c) * (1 if i % 2 == 0 else 3) for i, c in enumerate(d12))
    return str((10 - s % 10) % 10)


def only_digits(s: str) -> str:
    return "".join(c for c in s if c.isdigit())


def safe_number_string(make: Callable[[], str]) -> str:
    """Regenerate a decoy until its digits cannot pass as an RRN or a Luhn-valid card."""
    for _ in range(200):
        s = make()
        ds = only_digits(s)
        if len(ds) == 13 and looks_like_rrn(ds):
            continue
        if len(ds) in (15, 16) and luhn_ok(ds):
            continue
        return s
    raise RuntimeError("could not build a safe decoy")


# ----------------------------------------------------------------------------- fillers
SURNAMES = list("김이박최정강조윤장임한오서신권황안송류전홍고문양손배백허유남심노하곽성차주우구민진나지엄채원천방공현함변염여추도석선설마길연위표명기반왕금옥육인맹제모탁국어은편용")
GIVEN = ["민수", "지영", "서연", "하준", "도윤", "서준", "예은", "지호", "수빈", "현우", "은지", "태윤", "유진", "채원", "민재", "지민", "소영", "동현", "세영", "준호", "다은", "성민", "혜진", "우진", "나연", "시우", "가은", "재원", "보람", "승현", "하늘", "주원", "은서", "정훈", "미경", "영수", "순자", "영호", "경희", "상철", "지훈", "수아", "윤서", "예준", "시현", "건우", "지안", "하린", "태민", "수정", "영미", "진우", "현정", "광수", "명숙", "재희", "초롱", "다인", "규리", "봄이"]
TAILS = list("동수영희민진호숙철연")
FOREIGN_NAMES = ["Nguyen Van An", "Tran Thi Mai", "Pham Thi Lan", "Batbayar Enkhjargal", "Rahul Sharma", "Aziz Karimov", "Dilnoza Yusupova", "Maria Santos", "Wang Fang", "Li Wei", "Siti Rahma", "Sok Dara", "Somchai Prasert", "Nimal Perera", "Ram Bahadur Thapa", "John Miller", "Emily Carter", "Jose Reyes"]
ENG_NAMES = ["Minsu Kim", "Ji-young Lee", "Seojun Park", "Hyunwoo Choi", "Eunji Jung", "Dohyun Kang", "Yujin Cho", "Taeyoon Yoon", "Nguyen Van An", "Tran Thi Mai", "Batbayar Enkhjargal", "Rahul Sharma", "Emily Carter", "John Miller", "Aziz Karimov", "Maria Santos", "Wang Fang", "Siti Rahma", "Lucas Bernard", "Anna Schmidt", "Kenji Watanabe", "Priya Nair", "Olivia Brown", "Daniel Lee"]
NICKS = ["달빛고양이", "sunnyday", "여행가자", "ddong_gang", "coffee_holic", "별빛소년", "mango_j", "하늘바라기", "bluewhale", "kkomi", "초코파이", "nightowl", "감자도리", "hello_jiji"]
USERS = ["sunny_kim", "jhpark", "hello_world", "minsu_k", "blue.whale", "dev_jiho", "mango.j", "tiger_lee", "happy_cat", "moon_river", "nari", "kkomi_s"]
REGIONS = ["서울 마포구", "서울 강남구", "서울 노원구", "경기 성남시 분당구", "경기 수원시 영통구", "인천 연수구", "부산 해운대구", "대구 수성구", "광주 서구", "대전 유성구", "울산 남구", "세종시", "강원 춘천시", "충북 청주시", "충남 천안시", "전북 전주시", "전남 여수시", "경북 포항시", "경남 창원시", "제주 제주시", "경기 고양시 일산동구", "서울 관악구", "서울 송파구", "경기 용인시 수지구"]
REGIONS_EN = ["Seoul", "Busan", "Incheon", "Daejeon", "Seongnam-si", "Suwon-si", "Daegu", "Jeju-si"]
GUS = ["마포구", "강남구", "수원시", "성남시", "해운대구", "수성구", "유성구", "전주시", "창원시", "춘천시", "청주시", "노원구", "연수구", "여수시"]
PLACES = ["중앙공원", "시립도서관", "주민센터", "CGV 앞", "스타벅스 앞", "구민체육관", "문화센터", "어린이 놀이터", "편의점 앞", "버스정류장", "공영주차장", "한강공원", "대형마트 입구", "시장 입구"]
STATIONS = ["강남", "홍대입구", "신림", "잠실", "서울", "수원", "부산", "서면", "동대구", "판교", "사당", "건대입구", "노원", "부평", "광주송정"]
RESTAURANTS = ["한우명가", "스시 하루", "봉피양", "소담식당", "을지면옥", "해운대 암소갈비", "카페 온도", "마루한정식", "트라토리아 로사", "진진", "청담 이끼", "흑돼지 명가", "바다향 횟집", "골목 파스타"]
HOTELS = ["그랜드 서울호텔", "해운대 오션스테이", "광화문 스테이", "제주 바람숲 리조트", "파라다이스 인", "송도 라마다", "한옥스테이 여여", "오션뷰 펜션"]
APTS = ["래미안 푸르지오", "e편한세상 센트럴", "힐스테이트 리버", "자이 파크", "더샵 센트럴시티", "푸르지오 시티", "아이파크", "롯데캐슬 골드"]
UNIVS = ["서울대학교", "연세대학교", "고려대학교", "KAIST", "POSTECH", "성균관대학교", "한양대학교", "부산대학교", "경북대학교", "전남대학교", "이화여자대학교", "중앙대학교", "경희대학교", "인하대학교"]
UNIVS_EN = ["Seoul National University", "Yonsei University", "Korea University", "KAIST", "POSTECH", "Sungkyunkwan University", "Hanyang University", "Pusan National University", "Kyungpook National University", "Chonnam National University"]
DEPTS = ["컴퓨터공학과", "전기전자공학부", "경영학과", "국어국문학과", "수학과", "생명과학과", "산업공학과", "심리학과", "화학생물공학부", "행정학과"]
DEPTS_EN = ["Dept. of Computer Science", "School of Electrical Engineering", "Dept. of Linguistics", "Graduate School of AI", "Dept. of Statistics"]
DEPTS_GOV = ["민원봉사과", "도시계획과", "세무과", "복지정책과", "환경위생과", "교통행정과", "재난안전과"]
COMPANIES = ["한빛테크", "미래로직스", "다솜에듀", "그린랩", "새봄디자인", "누리네트웍스", "동방물산", "대한정밀", "하나로푸드", "청솔건설"]
COMPANIES_EN = ["Hanbit Tech", "Mirae Logix", "Nuri Networks", "Green Lab", "Saebom Design"]
LAWFIRMS = ["한결", "바른길", "온누리", "새솔", "정담"]
ORGS = ["사단법인 희망나눔", "푸른숲 지역아동센터", "행복한 동물보호소", "사랑의 연탄은행", "작은도서관 책마루", "청소년 쉼터 온", "한빛장학재단"]
MEDIA = ["한빛일보", "동네방네뉴스", "세계경제신문", "KNS뉴스", "시민의소리", "오늘의뉴스"]
SHOPS = ["소소공방", "달빛베이커리", "꽃담플라워", "오늘의커피", "바른정육점", "모모네 문구"]
PRODUCTS = ["무선 이어폰", "텀블러", "에코백", "블루투스 스피커", "보조배터리", "USB 허브", "캠핑 의자"]
JOBS = ["회사원", "간호사", "공무원", "개발자", "교사", "디자이너", "자영업", "연구원"]
JOBS_EN = ["software engineer", "nurse", "teacher", "designer", "researcher", "student"]
NATIONS = ["베트남", "네팔", "우즈베키스탄", "필리핀", "캄보디아", "몽골", "중국", "인도네시아", "태국", "스리랑카", "미국", "캐나다"]
PAPER_TITLES = ["한국어 개체명 인식을 위한 대조 학습 기법", "Efficient Retrieval-Augmented Generation for Korean Legal QA", "저자원 환경에서의 음성 인식 성능 향상 연구", "A Study on Privacy-Preserving Federated Learning", "그래프 신경망 기반 교통량 예측", "Robust Tokenization for Code-Switched Korean Text"]
CONFS = ["KCC", "KSC", "HCLT", "KIPS", "KICS"]
GOV_TITLES = ["주민참여예산 제안 공모", "도시계획시설 결정 열람 공고", "빈집 정비사업 대상 공고", "소규모 공공시설 공사 입찰 공고", "청년 월세 지원사업 신청 안내"]
PROGRAMS = ["Global Scholarship Program", "Seoul Startup Hub Program", "Foreign Resident Support Program", "K-Culture Volunteer Program"]
COURIERS = ["CJ대한통운", "한진택배", "롯데택배", "우체국택배", "로젠택배"]

FILLERS: dict[str, list[str]] = {
    "sur": SURNAMES, "given": GIVEN, "tail": TAILS, "eng_name": ENG_NAMES, "foreign_name": FOREIGN_NAMES, "nick": NICKS, "user": USERS,
    "region": REGIONS, "region_en": REGIONS_EN, "gu": GUS, "place": PLACES, "station": STATIONS,
    "restaurant": RESTAURANTS, "hotel": HOTELS, "apt": APTS, "univ": UNIVS, "univ_en": UNIVS_EN,
    "dept": DEPTS, "dept_en": DEPTS_EN, "dept_gov": DEPTS_GOV, "company": COMPANIES,
    "company_en": COMPANIES_EN, "lawfirm": LAWFIRMS, "org": ORGS, "media": MEDIA, "shop": SHOPS,
    "product": PRODUCTS, "job": JOBS, "job_en": JOBS_EN, "nation": NATIONS, "paper_title": PAPER_TITLES,
    "conf": CONFS, "gov_title": GOV_TITLES, "program": PROGRAMS, "courier": COURIERS,
}


def korean_name(rng: random.Random) -> str:
    return rng.choice(SURNAMES) + rng.choice(GIVEN)


def filler(key: str, fresh: bool, rng: random.Random, ctx: dict) -> str:
    if key == "lb":
        return "{"
    if key == "rb":
        return "}"
    cache = ctx["cache"]
    if not fresh and key in cache:
        return cache[key]
    value = korean_name(rng) if key == "name" else rng.choice(FILLERS[key])
    if not fresh:
        cache[key] = value
    return value


# ----------------------------------------------------------------------------- phone formatting
def fmt_phone(rng: random.Random, style: str, a: str, m: str, last: str) -> str:
    g = [a, m, last]
    a2 = a[1:]
    if style == "dash":
        return "-".join(g)
    if style == "none":
        return "".join(g)
    if style == "dot":
        return ".".join(g)
    if style == "space":
        return " ".join(g)
    if style == "slash":
        return "/".join(g)
    if style == "underscore":
        return "_".join(g)
    if style == "tilde":
        return "~".join(g)
    if style == "mixed":
        s1, s2 = rng.choice([("-", " "), (" ", "-"), (".", "-"), ("-", "."), (" ", "."), ("-", ""), ("", "-")])
        return f"{a}{s1}{m}{s2}{last}"
    if style == "fullwidth":
        sep = rng.choice(["－", "－", "．", " ", ""])
        return sep.join(fullwidth(x) for x in g)
    if style == "hangul-dash":
        return "ㅡ".join(g)
    if style == "box-dash":
        return "─".join(g)
    if style == "paren":
        return rng.choice([f"({a}) {m}-{last}", f"({a}){m}-{last}", f"({a}) {m} {last}"])
    if style == "halfparen":
        return rng.choice([f"{a}){m}-{last}", f"{a}) {m}-{last}"])
    if style == "intl-plus":
        return rng.choice([f"+82 {a2}-{m}-{last}", f"+82-{a2}-{m}-{last}", f"+82{a2} {m} {last}", f"+82 {a2} {m} {last}", f"+82-{a}-{m}-{last}", f"+82 (0){a2} {m} {last}", f"+82.{a2}.{m}.{last}"])
    if style == "intl-82":
        return rng.choice([f"82-{a2}-{m}-{last}", f"82 {a2} {m} {last}", f"(82) {a2}-{m}-{last}"])
    if style == "spaced":
        if rng.random() < 0.5:
            return " ".join(a + m + last)
        return " - ".join(" ".join(x) for x in g)
    if style == "hangul":
        zero = "영" if rng.random() < 0.2 else "공"
        sep = rng.choice([" ", "-", "", " "])
        return sep.join(hangul_num(x, zero) for x in g)
    if style == "hangul-mix":
        return rng.choice([f"{a}-{hangul_num(m)}-{hangul_num(last)}", f"{hangul_num(a)} {m} {last}", f"{a} {hangul_num(m)} {hangul_num(last)}", f"{a}-{m}-{hangul_num(last)}"])
    raise ValueError(style)


MOBILE_STYLES = [("dash", 30), ("none", 8), ("dot", 6), ("space", 8), ("slash", 2), ("underscore", 1), ("tilde", 1), ("mixed", 4), ("fullwidth", 4), ("hangul-dash", 3), ("box-dash", 2), ("intl-plus", 5), ("intl-82", 2), ("spaced", 3), ("hangul", 3), ("hangul-mix", 2), ("paren", 2)]
MOBILE_OPTS = {"hangul": "hangul", "spaced": "spaced", "intl": "intl-plus", "nosep": "none", "dot": "dot", "fullwidth": "fullwidth", "box": "box-dash", "dash": "dash"}
LAND_STYLES = [("dash", 38), ("paren", 10), ("halfparen", 6), ("dot", 6), ("space", 6), ("none", 3), ("fullwidth", 4), ("hangul-dash", 2), ("box-dash", 2), ("intl-plus", 5), ("intl-82", 1), ("spaced", 2), ("hangul", 2), ("mixed", 3), ("slash", 1), ("tilde", 1)]
LAND_OPTS = {"paren": "paren", "intl": "intl-plus", "dash": "dash"}
AREAS = [("02", 30), ("031", 12), ("032", 6), ("033", 3), ("041", 3), ("042", 4), ("043", 3), ("044", 2), ("051", 7), ("052", 3), ("053", 5), ("054", 3), ("055", 4), ("061", 3), ("062", 4), ("063", 3), ("064", 3), ("070", 12)]
AREA_CODES = [a for a, _ in AREAS]


def pick_style(rng: random.Random, table: list[tuple[str, int]], forced: str | None, ctx: dict) -> str:
    if forced:
        return forced
    style = wchoice(rng, table)
    if ctx.get("hangul_adjacent") and style in ("hangul", "hangul-mix"):
        style = "dash"
    return style


# ----------------------------------------------------------------------------- value generators
# each returns (pre, value, post, detail, how); pre/post are plain text around the span
def gen_mobile(rng: random.Random, opts: list[str], ctx: dict):
    if rng.random() < 0.86:
        p, m = "010", str(rng.randint(2000, 9999))
    else:
        p = rng.choice(["011", "016", "017", "018", "019"])
        m = str(rng.randint(200, 999)) if rng.random() < 0.5 else str(rng.randint(2000, 9999))
    last = f"{rng.randint(0, 9999):04d}"
    forced = next((MOBILE_OPTS[o] for o in opts if o in MOBILE_OPTS), None)
    style = pick_style(rng, MOBILE_STYLES, forced, ctx)
    detail = p if p == "010" else f"{p}-{len(m)}digit"
    return "", fmt_phone(rng, style, p, m, last), "", detail, style


def gen_landline(rng: random.Random, opts: list[str], ctx: dict):
    area = next((o for o in opts if o in AREA_CODES), None) or wchoice(rng, AREAS)
    if area == "070":
        m = str(rng.randint(2000, 8999))
    else:
        m = str(rng.randint(200, 999)) if rng.random() < 0.45 else str(rng.randint(2000, 9999))
    last = f"{rng.randint(0, 9999):04d}"
    forced = next((LAND_OPTS[o] for o in opts if o in LAND_OPTS), None)
    style = pick_style(rng, LAND_STYLES, forced, ctx)
    return "", fmt_phone(rng, style, area, m, last), "", area, style


ROM_GIVEN = ["minsu", "jiyoung", "seoyeon", "hajun", "doyun", "seojun", "yeeun", "jiho", "subin", "hyunwoo", "eunji", "taeyoon", "yujin", "chaewon", "minjae", "jimin", "soyoung", "donghyun", "seyoung", "junho", "daeun", "sungmin", "hyejin", "woojin", "nayeon", "siwoo", "gaeun", "jaewon", "boram", "seunghyun"]
ROM_SUR = ["kim", "lee", "park", "choi", "jung", "kang", "cho", "yoon", "jang", "lim", "han", "oh", "seo", "shin", "kwon", "hwang", "ahn", "song", "ryu", "hong"]
WORDS = ["sunny", "bluesky", "coffee", "moon", "star", "happy", "dream", "cat", "dev", "jazz", "ocean", "mango", "peach", "snow", "rain", "forest", "hello", "lucky", "cloud", "tiger"]
EMAIL_DOMAINS = {
    "portal": ["naver.com"] * 8 + ["gmail.com"] * 6 + ["daum.net"] * 3 + ["hanmail.net"] * 2 + ["kakao.com", "kakao.com", "nate.com", "hotmail.com", "outlook.com", "icloud.com", "yahoo.co.kr", "korea.com"],
    "univ": ["snu.ac.kr", "yonsei.ac.kr", "korea.ac.kr", "kaist.ac.kr", "postech.ac.kr", "skku.edu", "hanyang.ac.kr", "pusan.ac.kr", "knu.ac.kr", "jnu.ac.kr", "cau.ac.kr", "khu.ac.kr", "ewha.ac.kr", "sogang.ac.kr", "inha.ac.kr", "unist.ac.kr", "gist.ac.kr", "cs.kaist.ac.kr", "ee.snu.ac.kr", "mail.hanyang.ac.kr", "g.skku.edu", "o.cnu.ac.kr", "stanford.edu", "cs.cmu.edu", "u.nus.edu"],
    "company": ["samsung.com", "lgensol.com", "sk.com", "hyundai.com", "kakaocorp.com", "navercorp.com", "coupang.com", "lotte.net", "cj.net", "posco.com", "kt.com", "lguplus.co.kr", "hanwha.com", "nexon.co.kr", "ncsoft.com", "toss.im", "hanbit-design.co.kr", "greenlab.kr", "dasom-edu.com", "mirae-law.com", "mail.nuri-net.co.kr", "partners.hanbit.co.kr"],
    "gov": ["korea.kr", "korea.kr", "seoul.go.kr", "gg.go.kr", "busan.go.kr", "police.go.kr", "nts.go.kr", "mois.go.kr", "me.go.kr", "kisa.or.kr", "nia.or.kr", "incheon.go.kr", "jeju.go.kr", "mail.suwon.go.kr"],
    "press": ["hani.co.kr", "chosun.com", "joongang.co.kr", "donga.com", "yna.co.kr", "kbs.co.kr", "mbc.co.kr", "sbs.co.kr", "khan.co.kr", "mk.co.kr", "hankyung.com", "ohmynews.com", "newsis.com", "news1.kr", "edaily.co.kr"],
    "foreign": ["protonmail.com", "yahoo.com", "outlook.com", "mail.ru", "web.de", "qq.com"],
}
EMAIL_CATS = [("portal", 62), ("company", 12), ("univ", 10), ("gov", 5), ("press", 5), ("foreign", 6)]
EMAIL_STYLES = [("plain", 52), ("upper", 6), ("plus", 6), ("obf-paren-at", 7), ("obf-bracket", 5), ("obf-golbaeng", 6), ("obf-words", 3), ("fullwidth-at", 4), ("spaced-at", 3), ("obf-paren-dot", 3)]
OBF_STYLES = [("obf-paren-at", 3), ("obf-bracket", 2), ("obf-golbaeng", 3), ("obf-words", 1), ("obf-paren-dot", 1)]


def email_local(rng: random.Random) -> str:
    g, s, w = rng.choice(ROM_GIVEN), rng.choice(ROM_SUR), rng.choice(WORDS)
    yy = f"{rng.randint(70, 99)}" if rng.random() < 0.7 else f"{rng.randint(0, 9):02d}"
    mmdd = f"{rng.randint(1, 12):02d}{rng.randint(1, 28):02d}"
    initials = s + "".join(part[0] for part in (g[: len(g) // 2], g[len(g) // 2:]))
    return rng.choice([f"{g}.{s}", f"{s}{g}", f"{s}.{g}{yy}", f"{g}_{s}", f"{initials}{mmdd}", f"{w}{yy}", f"{w}_{g}", f"{g}{yy}", f"{s}-{g}", f"{g[0]}{s}", f"{initials}", f"{w}.{w[::-1]}{rng.randint(1, 9)}"])


def gen_email(rng: random.Random, opts: list[str], ctx: dict):
    cat = next((o for o in opts if o in EMAIL_DOMAINS), None) or wchoice(rng, EMAIL_CATS)
    domain = rng.choice(EMAIL_DOMAINS[cat])
    local = email_local(rng)
    style = wchoice(rng, OBF_STYLES) if "obf" in opts else wchoice(rng, EMAIL_STYLES)
    if style == "plain":
        v = f"{local}@{domain}"
    elif style == "upper":
        v = rng.choice([f"{local.upper()}@{domain}", f"{local.upper()}@{domain.upper()}", f"{local.title()}@{domain.capitalize()}"])
    elif style == "plus":
        v = f"{local}+{rng.choice(['shop', 'news', 'work', 'blog', 'kr', 'test', 'event'])}@{domain}"
    elif style == "obf-paren-at":
        v = rng.choice([f"{local} (at) {domain}", f"{local}(at){domain}", f"{local} [at] {domain}", f"{local} (AT) {domain}"])
    elif style == "obf-bracket":
        v = f"{local}[at]{domain.replace('.', '[dot]')}"
    elif style == "obf-paren-dot":
        v = rng.choice([f"{local}(at){domain.replace('.', '(dot)')}", f"{local} (at) {domain.replace('.', ' (dot) ')}"])
    elif style == "obf-golbaeng":
        v = rng.choice([f"{local} 골뱅이 {domain}", f"{local}골뱅이{domain}", f"{local}(골뱅이){domain}", f"{local} 골뱅이 {domain.replace('.', ' 점 ')}"])
    elif style == "obf-words":
        v = f"{local} at {domain.replace('.', ' dot ')}"
    elif style == "fullwidth-at":
        v = f"{local}＠{domain}"
    else:  # spaced-at
        v = f"{local} @ {domain}"
    return "", v, "", cat, style


RRN_KINDS = [("korean-1900s", 50), ("korean-2000s", 18), ("foreigner-1900s", 12), ("foreigner-2000s", 5), ("korean-post2020", 8), ("foreigner-post2020", 2)]
RRN_STYLES = [("hyphen", 62), ("none", 14), ("space", 12), ("fullwidth", 5), ("hangul-dash", 3), ("spaced-hyphen", 4)]
POST2020 = dt.date(2020, 10, 1)


def rrn_digits(rng: random.Random, kind: str) -> str:
    if kind.endswith("1900s"):
        lo, hi = dt.date(1940, 1, 1), dt.date(1999, 12, 31)
    elif kind.endswith("2000s"):
        lo, hi = dt.date(2000, 1, 1), dt.date(2020, 9, 30)
    else:
        lo, hi = POST2020, dt.date(2024, 12, 31)
    born = lo + dt.timedelta(days=rng.randint(0, (hi - lo).days))
    female = rng.random() < 0.5
    if kind.startswith("korean"):
        g = (2 if female else 1) if born.year < 2000 else (4 if female else 3)
    else:
        g = (6 if female else 5) if born.year < 2000 else (8 if female else 7)
    front = born.strftime("%y%m%d")
    if born >= POST2020:
        return front + str(g) + digits(rng, 6)
    d12 = front + str(g) + digits(rng, 5)
    return d12 + rrn_check_digit(d12)


def gen_rrn(rng: random.Random, opts: list[str], ctx: dict):
    if "foreigner" in opts:
        kind = wchoice(rng, [("foreigner-1900s", 6), ("foreigner-2000s", 3), ("foreigner-post2020", 1)])
    elif "post2020" in opts:
        kind = "korean-post2020"
    else:
        kind = wchoice(rng, RRN_KINDS)
    s = rrn_digits(rng, kind)
    style = wchoice(rng, RRN_STYLES)
    f, b = s[:6], s[6:]
    v = {"hyphen": f"{f}-{b}", "none": s, "space": f"{f} {b}", "fullwidth": f"{fullwidth(f)}－{fullwidth(b)}", "hangul-dash": f"{f}ㅡ{b}", "spaced-hyphen": f"{f} - {b}"}[style]
    return "", v, "", kind, style


CARD_BRANDS = [("visa", 30), ("mastercard", 22), ("mastercard-2series", 6), ("amex", 12), ("jcb", 10), ("discover", 6), ("unionpay", 8)]
CARD_STYLES = [("4444-dash", 35), ("4444-space", 30), ("unbroken", 15), ("4444-dot", 6), ("4444-mixed", 8), ("fullwidth", 3), ("4444-slash", 2)]
AMEX_STYLES = [("465-dash", 40), ("465-space", 35), ("unbroken", 25)]


def card_number(rng: random.Random, brand: str) -> str:
    if brand == "visa":
        pre, n = "4", 16
    elif brand == "mastercard":
        pre, n = rng.choice(["51", "52", "53", "54", "55"]), 16
    elif brand == "mastercard-2series":
        pre, n = str(rng.randint(2221, 2720)), 16
    elif brand == "amex":
        pre, n = rng.choice(["34", "37"]), 15
    elif brand == "jcb":
        pre, n = str(rng.randint(3528, 3589)), 16
    elif brand == "discover":
        pre, n = rng.choice(["6011", "65", str(rng.randint(644, 649))]), 16
    else:
        pre, n = "62" + str(rng.randint(1, 9)), 16
    payload = pre + digits(rng, n - 1 - len(pre))
    return payload + luhn_digit(payload)


def gen_card(rng: random.Random, opts: list[str], ctx: dict):
    brand = wchoice(rng, CARD_BRANDS)
    num = card_number(rng, brand)
    if len(num) == 15:
        style = wchoice(rng, AMEX_STYLES)
        g = [num[:4], num[4:10], num[10:]]
        v = {"465-dash": "-".join(g), "465-space": " ".join(g), "unbroken": num}[style]
        return "", v, "", brand, style
    style = wchoice(rng, CARD_STYLES)
    g = [num[i:i + 4] for i in range(0, 16, 4)]
    if style == "4444-mixed":
        seps = rng.choice([["-", " ", "-"], [" ", "-", " "], ["-", "-", " "], ["", " ", ""], [" ", "", " "]])
        v = g[0] + "".join(s + x for s, x in zip(seps, g[1:], strict=True))
    elif style == "fullwidth":
        v = rng.choice(["－", " "]).join(fullwidth(x) for x in g)
    else:
        v = {"4444-dash": "-".join(g), "4444-space": " ".join(g), "unbroken": num, "4444-dot": ".".join(g), "4444-slash": "/".join(g)}[style]
    return "", v, "", brand, style


# code, names, group patterns, prefixes, weight
BANKS = [
    ("kb", ["국민", "국민은행", "KB국민은행", "KB국민", "KB"], [(6, 2, 6), (3, 2, 4, 3)], [], 14),
    ("shinhan", ["신한", "신한은행"], [(3, 3, 6)], ["110", "100", "140"], 12),
    ("woori", ["우리", "우리은행"], [(4, 3, 6)], ["1002"], 10),
    ("hana", ["하나", "하나은행", "KEB하나"], [(3, 6, 5)], [], 8),
    ("nh", ["농협", "NH농협", "농협은행", "NH"], [(3, 4, 4, 2), (6, 2, 6)], ["302", "301", "312", "352", "356", "351"], 10),
    ("ibk", ["기업", "IBK기업은행", "기업은행", "IBK"], [(3, 6, 2, 3)], [], 6),
    ("kakaobank", ["카카오뱅크", "카뱅", "카카오"], [(4, 2, 7)], ["3333", "3355", "3388", "7979"], 10),
    ("tossbank", ["토스뱅크", "토스"], [(4, 4, 4)], ["1000", "1001"], 6),
    ("kbank", ["케이뱅크", "K뱅크"], [(3, 3, 6)], ["100"], 4),
    ("mg", ["새마을금고", "MG새마을금고", "새마을"], [(4, 4, 4, 1)], ["9002", "9003", "9100"], 4),
    ("epost", ["우체국", "우체국예금"], [(6, 2, 6)], [], 4),
    ("suhyup", ["수협", "수협은행"], [(4, 4, 4)], ["1010", "2010"], 3),
    ("busan", ["부산", "부산은행", "BNK부산은행"], [(3, 4, 4, 2)], ["101", "112"], 3),
    ("daegu", ["대구", "대구은행", "iM뱅크"], [(3, 2, 6, 1)], ["508", "505"], 3),
    ("kyongnam", ["경남", "경남은행"], [(3, 2, 7)], ["207"], 2),
    ("gwangju", ["광주", "광주은행"], [(3, 3, 6)], ["107"], 2),
    ("jeonbuk", ["전북", "전북은행"], [(3, 2, 7)], ["101"], 2),
    ("jeju", ["제주", "제주은행"], [(2, 2, 6)], ["70"], 2),
    ("sc", ["SC제일", "SC제일은행"], [(3, 2, 6)], [], 2),
    ("shinhyup", ["신협"], [(5, 2, 6)], ["13"], 2),
]


def pick_bank(rng: random.Random):
    return rng.choices(BANKS, weights=[b[4] for b in BANKS], k=1)[0]


def account_groups(rng: random.Random, bank) -> list[str]:
    pat = rng.choice(bank[2])
    total = sum(pat)
    pre = rng.choice(bank[3]) if bank[3] else str(rng.randint(1, 9))
    ds = pre + digits(rng, total - len(pre))
    out, i = [], 0
    for n in pat:
        out.append(ds[i:i + n])
        i += n
    return out


def bank_wrap(rng: random.Random, opts: list[str], ctx: dict, bank) -> tuple[str, str, str]:
    name = rng.choice(bank[1])
    if "csv" in opts:
        return name + ",", "", "csv-column"
    if "tsv" in opts:
        return name + "\t", "", "tsv-column"
    if "bare" in opts:
        return "", "", "bare"
    holder = ""
    if rng.random() < 0.35:
        nm = filler("name", rng.random() < 0.15, rng, ctx)
        holder = rng.choice([f" 예금주 {nm}", f" ({nm})", f" 예금주: {nm}", f" {nm}", f" / 예금주 {nm}"])
    tag = "-holder" if holder else ""
    if rng.random() < 0.68:
        options = [f"{name} ", f"{name} ", f"{name}: ", f"({name}) ", f"{name} 계좌 ", f"[{name}] "]
        if not name[-1].isascii():
            options.append(name)
        return rng.choice(options), holder, "bank-before" + tag
    post = rng.choice([f" {name}", f" ({name})", f" [{name}]", f"/{name}", f" {name} 계좌"])
    return "", post + holder, "bank-after" + tag


def gen_account(rng: random.Random, opts: list[str], ctx: dict):
    bank = pick_bank(rng)
    g = account_groups(rng, bank)
    sep = wchoice(rng, [("dash", 58), ("none", 24), ("space", 10), ("mixed", 5), ("fullwidth", 3)])
    if sep == "dash":
        v = "-".join(g)
    elif sep == "none":
        v = "".join(g)
    elif sep == "space":
        v = " ".join(g)
    elif sep == "mixed":
        v = g[0] + "-" + "".join(g[1:-1]) + " " + g[-1] if len(g) > 2 else g[0] + " " + g[1]
    else:
        v = "－".join(fullwidth(x) for x in g)
    pre, post, where = bank_wrap(rng, opts, ctx, bank)
    return pre, v, post, bank[0], f"{sep}-{where}"


KR_V4_FIRST = [1, 14, 27, 39, 49, 58, 59, 61, 106, 110, 112, 114, 115, 116, 118, 119, 121, 122, 123, 124, 125, 175, 180, 182, 183, 210, 211, 218, 219, 220, 221, 222]
OTHER_V4_FIRST = [8, 13, 23, 34, 45, 52, 66, 104, 151, 172, 185, 192, 194, 198, 203, 212]
V6_PREFIXES = ["2001:2d8", "2001:e60", "2001:4430", "2406:5900", "2400:cb00", "2404:6800", "2001:4860", "2600:1f18", "2a03:2880", "2401:c080", "2406:da12", "2001:7fa"]


def global_v4(rng: random.Random) -> str:
    while True:
        a = rng.choice(KR_V4_FIRST) if rng.random() < 0.8 else rng.choice(OTHER_V4_FIRST)
        s = f"{a}.{rng.randint(0, 255)}.{rng.randint(0, 255)}.{rng.randint(1, 254)}"
        if ipaddress.ip_address(s).is_global:
            return s


def global_v6(rng: random.Random) -> ipaddress.IPv6Address:
    while True:
        groups = V6_PREFIXES[rng.randrange(len(V6_PREFIXES))].split(":")
        groups += [hexs(rng, rng.randint(1, 4)) for _ in range(2)]
        if rng.random() < 0.6:
            groups += ["0", "0", "0", hexs(rng, rng.randint(1, 4))]
        else:
            groups += [hexs(rng, 4) for _ in range(4)]
        addr = ipaddress.IPv6Address(":".join(groups))
        if addr.is_global and addr not in ipaddress.ip_network("2001:db8::/32"):
            return addr


def gen_ip(rng: random.Random, opts: list[str], ctx: dict):
    v6 = "v6" in opts or ("v4" not in opts and rng.random() < 0.28)
    if not v6:
        s = global_v4(rng)
        if rng.random() < 0.04:
            return "", fullwidth(s), "", "v4", "fullwidth"
        return "", s, "", "v4", "dotted"
    addr = global_v6(rng)
    style = wchoice(rng, [("compressed", 70), ("exploded", 15), ("upper", 15)])
    v = {"compressed": addr.compressed, "exploded": addr.exploded, "upper": addr.compressed.upper()}[style]
    return "", v, "", "v6", style


VALUE_GENS = {"mobile": gen_mobile, "landline": gen_landline, "email": gen_email, "rrn": gen_rrn, "card": gen_card, "account": gen_account, "ip": gen_ip}


# ----------------------------------------------------------------------------- decoy generators
def _ymd(rng: random.Random) -> tuple[int, int, int]:
    return rng.randint(2019, 2025), rng.randint(1, 12), rng.randint(1, 28)


def _next_day(rng: random.Random, ctx: dict) -> tuple[int, int, int]:
    """Dates inside one record follow a timeline (first date random, later ones 1-21 days after)."""
    day = ctx.get("day")
    if day is None:
        day = dt.date(2019, 1, 1) + dt.timedelta(days=rng.randint(0, 6 * 365))
    else:
        day += dt.timedelta(days=rng.randint(1, 21))
    ctx["day"] = day
    return day.year, day.month, day.day


def d_date(rng, opts, ctx):
    y, m, d = _next_day(rng, ctx)
    if "day" in opts:
        return f"{rng.randint(1, 28)}일"
    wd = WEEKDAYS[dt.date(y, m, d).weekday()]
    if "date_style" not in ctx or rng.random() < 0.15:
        ctx["date_style"] = rng.randrange(12)
    return [f"{y}-{m:02d}-{d:02d}", f"{y}.{m:02d}.{d:02d}", f"{y}. {m}. {d}.", f"{y}/{m:02d}/{d:02d}", f"{y % 100:02d}.{m:02d}.{d:02d}", f"{y}년 {m}월 {d}일", f"{m}월 {d}일", f"{m}/{d}({wd})", f"{y}년 {m}월 {d}일({wd})", f"{y}{m:02d}{d:02d}", f"’{y % 100:02d}.{m}.{d}", f"{m:02d}.{d:02d}({wd})"][ctx["date_style"]]


def d_month(rng, opts, ctx):
    y, m, _ = _ymd(rng)
    return rng.choice([f"{y}년 {m}월분", f"{m}월분", f"{y}.{m:02d}월", f"{y}년 {m}월"])


def d_year(rng, opts, ctx):
    y = rng.randint(2015, 2025)
    return rng.choice([f"{y}년", f"{y}"])


def d_birth_year(rng, opts, ctx):
    y = rng.randint(1980, 2003)
    return rng.choice([f"{y % 100:02d}년생", f"{y}년생", f"{y % 100:02d}년생", f"{y % 100:02d}"])


def d_card_exp(rng, opts, ctx):
    m, y = rng.randint(1, 12), rng.randint(25, 31)
    return rng.choice([f"{m:02d}/{y}", f"{m:02d}/20{y}", f"20{y}년 {m}월", f"{m:02d}{y}"])


def d_time(rng, opts, ctx):
    if "race" in opts:
        return f"{rng.randint(0, 5)}:{rng.randint(0, 59):02d}:{rng.randint(0, 59):02d}"
    h, mi = rng.randint(7, 21), rng.choice([0, 10, 15, 20, 30, 40, 45, 50])
    ampm = "오전" if h < 12 else "오후"
    h12 = h if h <= 12 else h - 12
    return rng.choice([f"{h:02d}:{mi:02d}", f"{ampm} {h12}시" + (f" {mi}분" if mi else ""), f"{h}시", f"{h:02d}:{mi:02d}~{h + 2:02d}:{mi:02d}", f"{h}시 {mi}분" if mi else f"{h}시 정각", f"{'AM' if h < 12 else 'PM'} {h12}:{mi:02d}", f"{h}:{mi:02d}"])


def d_datetime(rng, opts, ctx):
    y, m, d = _next_day(rng, ctx)
    h, mi = rng.randint(0, 23), rng.randint(0, 59)
    ampm = "오전" if h < 12 else "오후"
    h12 = h if 1 <= h <= 12 else abs(h - 12) or 12
    return rng.choice([f"{y}-{m:02d}-{d:02d} {h:02d}:{mi:02d}", f"{y}. {m}. {d}. {ampm} {h12}:{mi:02d}", f"{y}.{m:02d}.{d:02d} {h:02d}:{mi:02d}:{rng.randint(0, 59):02d}", f"{y}년 {m}월 {d}일 {ampm} {h12}:{mi:02d}", f"{m}/{d} {h:02d}:{mi:02d}"])


def d_iso_datetime(rng, opts, ctx):
    y, m, d = _next_day(rng, ctx)
    return f"{y}-{m:02d}-{d:02d}T{rng.randint(0, 23):02d}:{rng.randint(0, 59):02d}:{rng.randint(0, 59):02d}" + rng.choice(["+09:00", "Z", ""])


def d_price(rng, opts, ctx):
    v = rng.choice([rng.randint(1, 99) * 1000, rng.randint(1, 300) * 10000, rng.randint(100, 5000) * 100, rng.randint(1, 50) * 100000])
    if "plain" in opts:
        return str(v)
    if "usd" in opts:
        return rng.choice([f"${rng.randint(5, 300)}.{rng.randint(0, 99):02d}", f"${rng.randint(20, 500)}", f"USD {rng.randint(20, 500)}"])
    forms = [f"{v:,}원", f"₩{v:,}", f"{v:,} 원", f"KRW {v:,}", f"{v}원", f"{v:,}원", f"{v:,}원"]
    if v % 10000 == 0:
        forms += [f"{v // 10000}만원", f"{v // 10000}만 원"]
    if v % 1000 == 0 and v % 10000 and v > 10000:
        forms.append(f"{v // 10000}만 {(v % 10000) // 1000}천원")
    return rng.choice(forms)


def d_version(rng, opts, ctx):
    a, b, c = rng.randint(1, 20), rng.randint(0, 12), rng.randint(0, 30)
    return rng.choice([f"v{a}.{b}.{c}", f"{a}.{b}.{c} 버전", f"버전 {a}.{b}", f"iOS {rng.randint(15, 18)}.{b}.{rng.randint(0, 3)}", f"Android {rng.randint(11, 15)}", f"{a}.{b}.{c}.{rng.randint(0, 9999)} 버전", f"ver.{a}.{b}", f"{a}.{b}.{c} version", f"macOS {rng.randint(12, 15)}.{b}", f"{a}.{b}.{c}-beta.{rng.randint(1, 9)}", f"빌드 {rng.randint(10000, 26999)}"])


def d_product_code(rng, opts, ctx):
    L = rng.choice
    return rng.choice([f"SM-{L('SAFGN')}{rng.randint(100, 999)}{L('NKU')}", f"A{rng.randint(1000, 3200)}", f"M{L('QLNP')}{rng.randint(1, 9)}{L('ABCDL')}{rng.randint(1, 9)}KH/A", f"NT{rng.randint(750, 960)}{alnum(rng, 3)}-{alnum(rng, 3)}", f"RTX {rng.choice(['3060', '4070', '4080', '4090'])}", f"LG-{L('FHM')}{rng.randint(100, 900)}{L('SKL')}", f"{alnum(rng, 2)}-{rng.randint(10000, 99999)}-KR"])


def d_ean(rng, opts, ctx):
    def make():
        d12 = "880" + digits(rng, 9)
        return d12 + ean_digit(d12)
    return safe_number_string(make)


def d_isbn(rng, opts, ctx):
    def make():
        if rng.random() < 0.6:
            parts = ["978", "89", digits(rng, rng.choice([4, 5])), None]
        else:
            parts = ["979", "11", digits(rng, rng.choice([4, 5])), None]
        parts[3] = digits(rng, 12 - sum(len(p) for p in parts[:3]))
        d12 = "".join(parts[:4])
        c = ean_digit(d12)
        return "-".join(parts + [c]) if rng.random() < 0.7 else d12 + c
    return safe_number_string(make)


def d_issn(rng, opts, ctx):
    d7 = digits(rng, 7)
    s = sum(int(c) * w for c, w in zip(d7, range(8, 1, -1), strict=True))
    c = (11 - s % 11) % 11
    return f"{d7[:4]}-{d7[4:]}{'X' if c == 10 else c}"


def d_doi(rng, opts, ctx):
    y = rng.randint(2018, 2025)
    return rng.choice([f"10.1109/ACCESS.{y}.{rng.randint(3000000, 3499999)}", f"10.5626/JOK.{y}.{rng.randint(45, 52)}.{rng.randint(1, 12)}.{rng.randint(100, 999)}", f"10.18653/v1/{y}.acl-long.{rng.randint(10, 900)}", f"10.1145/{rng.randint(3500000, 3699999)}.{rng.randint(3500000, 3699999)}", f"https://doi.org/10.7840/kics.{y}.{rng.randint(40, 50)}.{rng.randint(1, 12)}.{rng.randint(1000, 2500)}"])


def d_order_no(rng, opts, ctx):
    y, m, d = _ymd(rng)
    return safe_number_string(lambda: rng.choice([f"{y}{m:02d}{d:02d}-{digits(rng, 8)}", f"ORD-{y}-{m:02d}{d:02d}-{rng.randint(1000, 9999)}", f"{y}{m:02d}{d:02d}{digits(rng, 6)}", f"A{digits(rng, 10)}", f"{alnum(rng, 2)}{y % 100}{m:02d}{d:02d}{digits(rng, 4)}"]))


def d_invoice_no(rng, opts, ctx):
    y, m, d = _ymd(rng)
    return rng.choice([f"INV-{y}-{rng.randint(10000, 99999)}", f"{y}{m:02d}{d:02d}-41000012-{digits(rng, 8)}", f"TX{y}{digits(rng, 6)}"])


def d_tracking_no(rng, opts, ctx):
    def make():
        k = rng.randrange(6)
        if k == 0:
            s = rng.choice(["5", "6"]) + digits(rng, 11)
            return f"{s[:4]}-{s[4:8]}-{s[8:]}"
        if k == 1:
            return rng.choice(["5", "6"]) + digits(rng, 11)
        if k == 2:
            s = "68" + digits(rng, 11)
            return s
        if k == 3:
            s = rng.choice(["4", "3"]) + digits(rng, 11)
            return f"{s[:4]} {s[4:8]} {s[8:]}"
        if k == 4:
            return "1Z" + alnum(rng, 6) + digits(rng, 10)
        return "JD" + digits(rng, 18)
    return safe_number_string(make)


def d_reservation_no(rng, opts, ctx):
    y, m, d = _ymd(rng)
    return rng.choice([f"R{y % 100}{m:02d}{d:02d}{digits(rng, 4)}", alnum(rng, 6), f"HB-{y % 100}{m:02d}{d:02d}-{digits(rng, 4)}", f"NB{digits(rng, 8)}", f"{digits(rng, 4)}-{digits(rng, 4)}"])


def d_receipt_no(rng, opts, ctx):
    y, m, d = _ymd(rng)
    return safe_number_string(lambda: rng.choice([f"{y}-{m:02d}{d:02d}-{digits(rng, 6)}", f"1AA-{y % 100}{m:02d}-{digits(rng, 7)}", f"No.{y}{m:02d}{d:02d}-{digits(rng, 3)}", digits(rng, 8), f"{y}{m:02d}{d:02d}{digits(rng, 5)}"]))


def d_claim_no(rng, opts, ctx):
    y, m, d = _ymd(rng)
    return safe_number_string(lambda: rng.choice([f"{y}{m:02d}{d:02d}{digits(rng, 5)}", f"CL-{y}-{digits(rng, 6)}", f"{y}-{digits(rng, 8)}", f"{y % 100}{m:02d}-{digits(rng, 6)}"]))


def d_policy_no(rng, opts, ctx):
    y, m, d = _ymd(rng)
    return rng.choice([f"L{y}-{digits(rng, 7)}", f"{rng.randint(1, 9)}-{y}-{digits(rng, 7)}", f"C{y}{m:02d}{d:02d}{digits(rng, 5)}"])


def d_notice_no(rng, opts, ctx):
    y = rng.randint(2019, 2025)
    return rng.choice([f"{y}-{rng.randint(100, 2999)}", f"{y}-서울마포-{rng.randint(1000, 9999)}", f"{y}-{rng.randint(10, 99)}"])


def d_customer_no(rng, opts, ctx):
    return rng.choice([f"C{digits(rng, 8)}", str(rng.randint(1, 9)) + digits(rng, 9), f"{digits(rng, 4)}-{digits(rng, 4)}-{digits(rng, 2)}"])


def d_payment_ref(rng, opts, ctx):
    s = str(rng.randint(1, 9)) + digits(rng, 18)
    return rng.choice([s, f"{s[:4]}-{s[4:8]}-{s[8:12]}-{s[12:16]}-{s[16:]}"])


def d_student_id(rng, opts, ctx):
    y = rng.randint(2016, 2025)
    return rng.choice([f"{y}{rng.randint(10000, 99999)}", f"{y}{digits(rng, 6)}", f"{y % 100}-{digits(rng, 5)}", f"B{y % 100}{digits(rng, 4)}"])


def d_employee_id(rng, opts, ctx):
    return rng.choice([f"EMP-{digits(rng, 6)}", f"A{digits(rng, 5)}", f"{rng.randint(2005, 2025)}-{digits(rng, 4)}", f"KR{digits(rng, 5)}"])


def d_case_no(rng, opts, ctx):
    y = rng.randint(2019, 2025)
    return f"{y}{rng.choice(['가단', '가합', '고단', '고합', '형제', '나', '카단', '구합', '드단', '머', '고정'])}{rng.randint(100, 99999)}"


def d_brn(rng, opts, ctx):
    d = [rng.randint(1, 9)] + [rng.randint(0, 9) for _ in range(8)]
    w = [1, 3, 7, 1, 3, 7, 1, 3, 5]
    s = sum(a * b for a, b in zip(d, w, strict=True)) + (d[8] * 5) // 10
    ds = "".join(map(str, d)) + str((10 - s % 10) % 10)
    return rng.choice([f"{ds[:3]}-{ds[3:5]}-{ds[5:]}"] * 3 + [ds, f"{ds[:3]} {ds[3:5]} {ds[5:]}"])


def d_crn(rng, opts, ctx):
    def make():
        d12 = rng.choice(["1101", "1301", "1201", "1801", "2001", "1311", "1345", "1748", "1946", "2201"]) + rng.choice(["11", "71", "12", "14", "31", "35"]) + digits(rng, 6)
        s = sum(int(c) * w for c, w in zip(d12, [1, 2] * 6, strict=True))
        ds = d12 + str((10 - s % 10) % 10)
        return f"{ds[:6]}-{ds[6:]}" if rng.random() < 0.75 else ds
    return safe_number_string(make)


def d_biz_phone(rng, opts, ctx):
    pre = rng.choice(["1588", "1577", "1544", "1566", "1599", "1600", "1644", "1661", "1670", "1688", "1800", "1833", "1855", "1899", "1522", "1533"])
    last = digits(rng, 4)
    return rng.choice([f"{pre}-{last}"] * 4 + [f"{pre} {last}", f"{pre}{last}", f"{pre}.{last}"])


def d_tollfree(rng, opts, ctx):
    m = str(rng.randint(200, 999)) if rng.random() < 0.5 else str(rng.randint(2000, 9999))
    return rng.choice([f"080-{m}-{digits(rng, 4)}"] * 3 + [f"080 {m} {digits(rng, 4)}"])


def d_short_number(rng, opts, ctx):
    return rng.choice(["112", "119", "114", "120", "1330", "110", "182", "1366", "1388", "129", "132", "1345", "1350", "1332", "118", "1301", "117"])


def d_safe_number(rng, opts, ctx):
    p = "050" + rng.choice("2345678")
    return rng.choice([f"{p}-{digits(rng, 4)}-{digits(rng, 4)}", f"{p} {digits(rng, 4)} {digits(rng, 4)}"])


def d_private_ip(rng, opts, ctx):
    k = rng.randrange(3)
    if k == 0:
        return f"10.{rng.randint(0, 255)}.{rng.randint(0, 255)}.{rng.randint(1, 254)}"
    if k == 1:
        return f"172.{rng.randint(16, 31)}.{rng.randint(0, 255)}.{rng.randint(1, 254)}"
    return f"192.168.{rng.choice([0, 1, 0, 1, 10, 35, 100])}.{rng.randint(1, 254)}"


def d_reserved_ip(rng, opts, ctx):
    v4 = ["127.0.0.1", "0.0.0.0", f"169.254.{rng.randint(0, 255)}.{rng.randint(1, 254)}", f"100.{rng.randint(64, 127)}.{rng.randint(0, 255)}.{rng.randint(1, 254)}", f"192.0.2.{rng.randint(1, 254)}", f"198.51.100.{rng.randint(1, 254)}", f"203.0.113.{rng.randint(1, 254)}", "255.255.255.0", "255.255.255.255", f"198.18.{rng.randint(0, 255)}.{rng.randint(1, 254)}", f"240.{rng.randint(0, 255)}.{rng.randint(0, 255)}.{rng.randint(1, 254)}"]
    v6 = ["::1", f"fe80::{hexs(rng, 3)}:{hexs(rng, 4)}:{hexs(rng, 4)}:{hexs(rng, 4)}", f"fd{hexs(rng, 2)}:{hexs(rng, 4)}:{hexs(rng, 4)}::{hexs(rng, 2)}", f"2001:db8:{hexs(rng, 4)}::{hexs(rng, 3)}", f"fc00::{hexs(rng, 2)}"]
    pool = v6 if "v6" in opts else v4 if "v4" in opts else v4 + v6
    s = rng.choice(pool)
    assert not ipaddress.ip_address(s).is_global or ipaddress.ip_address(s) in ipaddress.ip_network("2001:db8::/32")
    return s


def d_multicast_ip(rng, opts, ctx):
    return rng.choice(["224.0.0.251", "239.255.255.250", "224.0.0.1", f"239.{rng.randint(0, 255)}.{rng.randint(0, 255)}.{rng.randint(1, 254)}", "ff02::1", "ff05::fb", "ff02::2", f"233.{rng.randint(0, 255)}.{rng.randint(0, 255)}.{rng.randint(1, 254)}"])


def d_masked_ip(rng, opts, ctx):
    a, b, c, d = global_v4(rng).split(".")
    return rng.choice([f"{a}.{b}.***.{d}", f"{a}.{b}.*.*", f"{a}.{b}.xxx.xxx", f"{a}.***.{c}.{d}", f"{a}.{b}.{c}.***"])


def d_image_file(rng, opts, ctx):
    stem = rng.choice(["banner", "banner_main", "icon-home", "thumb", "logo", "hero", "profile_bg", "btn_close", "evidence_01", "poster"])
    return f"{stem}@{rng.choice(['2x', '3x', '2x'])}.{rng.choice(['jpg', 'png', 'webp', 'jpeg'])}"


def d_git_remote(rng, opts, ctx):
    host = rng.choice(["github.com", "gitlab.com", "bitbucket.org", "git.hanbit.io"])
    return f"git@{host}:{rng.choice(['team', 'minsu-dev', 'lab-nlp', 'acme', 'ko-tutor'])}/{rng.choice(['app', 'web', 'kor-ner', 'tutor-bot', 'homeserver', 'dotfiles'])}.git"


def d_npm_pkg(rng, opts, ctx):
    return rng.choice([f"react@18.{rng.randint(0, 3)}.{rng.randint(0, 9)}", f"vue@3.{rng.randint(2, 5)}.{rng.randint(0, 30)}", f"@nestjs/core@10.{rng.randint(0, 4)}.{rng.randint(0, 9)}", "lodash@4.17.21", f"typescript@5.{rng.randint(0, 6)}.{rng.randint(2, 4)}", f"next@14.{rng.randint(0, 2)}.{rng.randint(0, 9)}", f"axios@1.{rng.randint(4, 7)}.{rng.randint(0, 9)}", f"@types/node@20.{rng.randint(1, 14)}.{rng.randint(0, 9)}", f"pnpm@8.{rng.randint(6, 15)}.{rng.randint(0, 9)}"])


def d_mention(rng, opts, ctx):
    return "@" + rng.choice(["kim_minsu", "travel_lover", "여행러버_", "dev.jiho", "cafe_hunter", "seoul.eats", "mango_jelly", "daily_runner", "hana.photo"])


def d_coordinates(rng, opts, ctx):
    lat, lon = rng.uniform(33.2, 38.3), rng.uniform(126.1, 129.5)
    return rng.choice([f"{lat:.4f}, {lon:.4f}", f"{lat:.6f},{lon:.6f}", f"N{lat:.4f} E{lon:.4f}", f"{lat:.5f}, {lon:.5f}", f"{lat:.4f}°N {lon:.4f}°E"])


def d_statistic(rng, opts, ctx):
    kind = next((o for o in opts if o in ("pct", "ratio", "index", "decimal", "fraction", "pvalue")), None) or rng.choice(["pct", "ratio", "index", "decimal"])
    if kind == "pct":
        return rng.choice([f"{rng.randint(1, 99)}.{rng.randint(0, 9)}%", f"{rng.randint(1, 99)}%", f"{rng.randint(1, 30)}.{rng.randint(0, 9)}%p", f"+{rng.randint(1, 20)}.{rng.randint(0, 9)}%"])
    if kind == "ratio":
        return f"{rng.randint(1, 9)}.{rng.randint(0, 9)}배"
    if kind == "index":
        return f"{rng.randint(800, 2999):,}.{rng.randint(0, 99):02d}"
    if kind == "decimal":
        return f"{rng.randint(1, 6)}.{rng.randint(0, 9)}"
    if kind == "fraction":
        return f"0.{rng.randint(500, 989)}"
    return rng.choice(["0.05", "0.01", "0.001", ".005"])


def d_count(rng, opts, ctx):
    n = rng.randint(100, 99999)
    return str(n) if "plain" in opts or rng.random() < 0.3 else f"{n:,}"


def d_score(rng, opts, ctx):
    if "rank" in opts:
        return f"{rng.randint(1, 3000)}위"
    a, b = rng.randint(0, 9), rng.randint(0, 9)
    return rng.choice([f"{rng.randint(30, 50) / 10:.1f}/5.0", f"{rng.randint(40, 100)}점", f"{a}:{b}", f"★{rng.randint(30, 50) / 10:.1f}", f"{rng.randint(1, 9)}등급", f"{rng.randint(50, 100)}/100", f"{a}대{b}"])


def d_hash(rng, opts, ctx):
    return hexs(rng, rng.choice([7, 7, 32, 40, 40, 64]))


def d_serial(rng, opts, ctx):
    return rng.choice([f"SN-{alnum(rng, 4)}-{alnum(rng, 4)}-{alnum(rng, 4)}", f"C02{alnum(rng, 9)}", f"{alnum(rng, 2)}{digits(rng, 8)}", f"410{digits(rng, 12)}", f"G{alnum(rng, 11)}"])


def d_postal_code(rng, opts, ctx):
    return rng.choice([f"{rng.randint(1000, 63644):05d}"] * 4 + [f"{rng.randint(100, 799)}-{rng.randint(10, 999):03d}"])


def d_room_no(rng, opts, ctx):
    if "campus" in opts:
        return rng.choice([f"제{rng.randint(1, 3)}공학관 {rng.randint(101, 520)}호", f"{rng.randint(101, 520)}호", f"B{rng.randint(1, 3)}-{rng.randint(101, 120)}호", f"{rng.choice(['N1', 'E3', 'W2'])} {rng.randint(101, 520)}호"])
    return rng.choice([f"{rng.randint(1, 25)}{rng.randint(1, 8):02d}호", f"{rng.randint(101, 115)}동 {rng.randint(1, 25)}{rng.randint(1, 6):02d}호", f"{rng.randint(101, 115)}동 {rng.randint(1, 25)}{rng.randint(1, 6):02d}호", f"B{rng.randint(1, 3)}-{rng.randint(101, 120)}호", f"{rng.randint(101, 520)}호", f"{rng.randint(101, 112)}동"])


def d_meeting_id(rng, opts, ctx):
    s = rng.choice(["8", "9"]) + digits(rng, rng.choice([9, 10]))
    if len(s) == 11:
        return rng.choice([f"{s[:3]} {s[3:7]} {s[7:]}", s])
    return rng.choice([f"{s[:3]} {s[3:6]} {s[6:]}", s])


def d_gift_pin(rng, opts, ctx):
    while True:
        s = digits(rng, 16)
        if not luhn_ok(s):
            return "-".join(s[i:i + 4] for i in range(0, 16, 4))


def d_cve(rng, opts, ctx):
    return f"CVE-{rng.randint(2019, 2025)}-{rng.randint(1000, 49999)}"


def d_age(rng, opts, ctx):
    n = rng.randint(19, 89)
    return rng.choice([f"{n}세", f"만 {n}세", f"{n}살"])


def d_measure(rng, opts, ctx):
    kind = next((o for o in opts if o in ("height", "weight", "kwh", "area", "dist")), None) or rng.choice(["height", "weight", "kwh", "area", "dist"])
    if kind == "height":
        return rng.choice([f"{rng.randint(152, 191)}cm", f"{rng.randint(152, 191)}"])
    if kind == "weight":
        return rng.choice([f"{rng.randint(45, 95)}kg", f"{rng.randint(1, 30)}.{rng.randint(0, 9)}kg"])
    if kind == "kwh":
        return f"{rng.randint(120, 650)}kWh"
    if kind == "area":
        return rng.choice([f"{rng.randint(39, 165)}㎡", f"{rng.randint(39, 165)}.{rng.randint(10, 99)}m²"])
    return f"{rng.randint(1, 42)}.{rng.randint(0, 9)}km"


def d_flight_no(rng, opts, ctx):
    return f"{rng.choice(['KE', 'OZ', '7C', 'LJ', 'TW', 'ZE', 'BX'])}{rng.choice(['', ' '])}{rng.randint(101, 999)}"


def d_route_no(rng, opts, ctx):
    return rng.choice([f"{rng.randint(100, 9999)}번", f"N{rng.randint(13, 75)}번", f"간선 {rng.randint(100, 799)}번", f"{rng.randint(1000, 9999)}번 광역"])


def d_otp_code(rng, opts, ctx):
    return digits(rng, 6)


def d_port(rng, opts, ctx):
    return rng.choice(["8080", "443", "22", "25565", "3000", "8443", "5000", "19132", "3389", "8000", "2222"])


def d_status_code(rng, opts, ctx):
    return rng.choice(["200", "200", "200", "301", "302", "404", "403", "500"])


def d_extension(rng, opts, ctx):
    return str(rng.randint(100, 9999))


def d_bib(rng, opts, ctx):
    return f"{rng.choice(['A', 'B', 'F', ''])}{rng.randint(1000, 29999)}"


def d_diagnosis_code(rng, opts, ctx):
    return rng.choice(["J06.9", "M54.5", "S83.5", "K29.7", "J20.9", "H10.3", "A09.9", "S93.4", "M51.26"])


def d_grant_no(rng, opts, ctx):
    y = rng.randint(2019, 2025)
    return rng.choice([f"NRF-{y}R1A2C{digits(rng, 7)}", f"RS-{y}-{digits(rng, 8)}", f"IITP-{y}-0-{digits(rng, 5)}"])


def d_page_range(rng, opts, ctx):
    a = rng.randint(1, 900)
    return f"{a}-{a + rng.randint(8, 30)}"


def d_swift_code(rng, opts, ctx):
    return rng.choice(["SHBKKRSE", "CZNBKRSE", "HNBNKRSE", "NACFKRSE", "KOEXKRSE", "IBKOKRSE", "HVBKKRSE", "KODBKRSE"])


def d_url(rng, opts, ctx):
    return rng.choice([f"https://forms.gle/{alnum(rng, 10)}", f"https://bit.ly/{alnum(rng, 7)}", f"https://open.kakao.com/o/{alnum(rng, 8)}", f"https://tumblbug.com/{rng.choice(WORDS)}{rng.randint(10, 999)}", f"www.{rng.choice(WORDS)}.or.kr"])


# masked look-alikes
def d_masked_rrn(rng, opts, ctx):
    s = rrn_digits(rng, "foreigner-1900s" if "foreigner" in opts else wchoice(rng, RRN_KINDS[:2]))
    f, b = s[:6], s[6:]
    return rng.choice([f"{f}-{b[0]}******", f"{f}-*******", f"{f[:4]}**-{b[0]}******", f"{f}-{b[0]}●●●●●●", f"{f}-{b[0]}xxxxxx", f"{f} - {b[0]}******", f"{f}-{b[0]}＊＊＊＊＊＊", f"{f}-{b[:2]}*****"])


def d_masked_phone(rng, opts, ctx):
    last = digits(rng, 4)
    if "landline" in opts or ("mobile" not in opts and rng.random() < 0.25):
        a = wchoice(rng, AREAS)
        m = str(rng.randint(200, 999))
        return rng.choice([f"{a}-***-{last}", f"{a}-{m[0]}**-{last}", f"{a}-{m}-****", f"({a}) ***-{last}", f"{a}-XXX-{last}"])
    m = str(rng.randint(2000, 9999))
    return rng.choice([f"010-****-{last}", f"010-{m[:2]}**-{last}", f"010-{m}-****", f"010-XXXX-{last}", f"010-○○○○-{last}", f"010-{m[0]}***-**{last[2:]}", f"010****{last}", f"010-＊＊＊＊-{last}", f"010-{m[:2]}**-{last[:2]}**"])


def d_masked_card(rng, opts, ctx):
    num = card_number(rng, wchoice(rng, CARD_BRANDS))
    if len(num) == 15:
        return rng.choice([f"{num[:4]}-******-{num[10:]}", f"{num[:4]}-{num[4:6]}****-*{num[11:]}"])
    g = [num[i:i + 4] for i in range(0, 16, 4)]
    return rng.choice([f"{g[0]}-{g[1][:2]}**-****-{g[3]}", f"****-****-****-{g[3]}", f"{g[0]}********{g[3]}", f"{g[0]} **** **** {g[3]}", f"{g[0]}-{g[1][:2]}XX-XXXX-{g[3]}", f"{g[0]}-****-****-{g[3][:3]}*"])


def d_masked_email(rng, opts, ctx):
    local = email_local(rng)
    domain = rng.choice(EMAIL_DOMAINS["portal"])
    return rng.choice([f"{local[:2]}***@{domain}", f"{local[0]}{'*' * (len(local) - 1)}@{domain}", f"{local[:2]}**@***.com", f"****@{domain}", f"{local[:3]}***@{domain[0]}****.{domain.rsplit('.', 1)[1]}"])


def masked_account_value(rng: random.Random, bank) -> str:
    g = account_groups(rng, bank)
    k = rng.randrange(3)
    if k == 0:
        g = [g[0]] + ["*" * len(x) for x in g[1:-1]] + [g[-1]]
    elif k == 1:
        flat = "".join(g)
        keep = flat[-4:]
        g2, i = [], 0
        for x in g:
            g2.append("".join("*" if i + j < len(flat) - 4 else keep[i + j - (len(flat) - 4)] for j in range(len(x))))
            i += len(x)
        g = g2
    else:
        g = ["*" * len(x) for x in g[:-1]] + [g[-1]]
    return "-".join(g)


def d_masked_account(rng, opts, ctx):
    return masked_account_value(rng, pick_bank(rng))


DECOY_GENS: dict[str, Callable] = {name[2:]: fn for name, fn in list(globals().items()) if name.startswith("d_") and callable(fn)}
DECOY_ALIAS = {"month": "date", "year": "date", "iso_datetime": "datetime"}
SALIENT = ["masked_rrn", "masked_card", "masked_account", "masked_phone", "masked_email", "masked_ip", "crn", "safe_number", "biz_phone", "tollfree", "private_ip", "reserved_ip", "multicast_ip", "gift_pin", "meeting_id", "tracking_no", "git_remote", "image_file", "npm_pkg", "mention", "brn", "ean", "isbn", "student_id", "customer_no", "order_no", "receipt_no", "claim_no", "case_no", "short_number"]


def neg_substitute(kind: str, opts: list[str], rng: random.Random, ctx: dict) -> tuple[str, str, str, str]:
    """A masked or non-personal look-alike for a value slot: (decoy kind, pre, value, post)."""
    if kind == "mobile":
        dk = wchoice(rng, [("masked_phone", 80), ("safe_number", 20)])
        return dk, "", DECOY_GENS[dk](rng, ["mobile"], ctx), ""
    if kind == "landline":
        dk = wchoice(rng, [("masked_phone", 55), ("biz_phone", 30), ("tollfree", 15)])
        return dk, "", DECOY_GENS[dk](rng, ["landline"], ctx), ""
    if kind == "email":
        return "masked_email", "", d_masked_email(rng, opts, ctx), ""
    if kind == "rrn":
        return "masked_rrn", "", d_masked_rrn(rng, opts, ctx), ""
    if kind == "card":
        return "masked_card", "", d_masked_card(rng, opts, ctx), ""
    if kind == "account":
        bank = pick_bank(rng)
        value = masked_account_value(rng, bank)
        pre, post, _ = bank_wrap(rng, opts, ctx, bank)
        return "masked_account", pre, value, post
    if kind == "ip":
        dk = wchoice(rng, [("masked_ip", 40), ("private_ip", 35), ("reserved_ip", 25)])
        sub_opts = ["v6"] if "v6" in opts and dk == "reserved_ip" else ["v4"] if dk == "reserved_ip" else []
        return dk, "", DECOY_GENS[dk](rng, sub_opts, ctx), ""
    raise ValueError(kind)


# ----------------------------------------------------------------------------- frames
def table(header: str, row: str, lo: int = 2, hi: int = 3, footer: str = "") -> Callable[[random.Random], str]:
    """A frame made of a header and lo..hi copies of a row template ({idx} is the row number)."""
    def frame(rng: random.Random) -> str:
        n = rng.randint(lo, hi)
        return header + "\n" + "\n".join(row.replace("{idx}", str(i + 1)) for i in range(n)) + footer
    return frame


NEWS_POS = [
    "[단독] {gu} 아파트 단지서 택배 도난 잇따라…주민들 \"CCTV 공개해야\"\n\n{d:date} {region}의 한 아파트 단지에서 택배 분실 신고가 잇따르고 있다. 관리사무소 측은 \"현재까지 {d:count}건이 접수됐다\"고 밝혔다.\n\n▶ 제보: [[mobile]] / [[email:press]]",
    "▶ 기사 제보 및 보도자료\n▷ 전화 [[landline]]\n▷ 이메일 [[email:press]]\n▷ 카카오톡 '{media} 제보' 검색\n※ 제보 접수는 {d:date}부터 새 시스템으로 운영됩니다.",
    "\"보이스피싱 조직이 제 명의로 만든 통장이 [[account]] 이었어요.\" 피해자 {name}(가명)씨는 {d:date} 본지와의 통화에서 이같이 말했다. 경찰은 해당 계좌를 지급정지했다고 밝혔다.",
    "{media} {name} 기자 = {region} 소재 중소기업 대표 A씨가 직원 임금 {d:price}을 체불한 혐의로 입건됐다.\n\n취재 문의: 사회부 [[landline]]\n기사 제보: [[email:press]]",
    "해커는 다크웹에 샘플 데이터라며 '{name}, [[mobile]], [[email]]' 형식의 회원 정보 {d:count}건을 공개했다. 회사 측은 {d:date} 유출 사실을 인정했다.",
    "경찰에 따르면 공격은 [[ip:v4]] 등 해외 IP에서 시작됐으며, 내부망 {d:private_ip} 서버가 가장 먼저 감염된 것으로 확인됐다.",
    "피해자 B씨의 신용카드([[card]])로 {d:date} 새벽 해외 온라인 가맹점에서 {d:price}이 결제됐다. 카드사는 부정사용으로 판단해 승인을 취소했다.",
    "({gu}={media}) {name} 기자 = {gu}는 {d:date}부터 폭염 대비 무더위쉼터 {d:count}곳을 운영한다고 밝혔다.\n\n[[email:press]]\n{d:datetime} 송고",
    "■ 보도자료 문의\n담당: {gu} 홍보담당관 {name} 주무관\n전화: [[landline]]\n휴대폰: [[mobile]]\n이메일: [[email:gov]]\n배포일시: {d:datetime}",
    "[제보 메일 원문]\n기자님 안녕하세요. 저희 어머니 명의(주민번호 [[rrn]])로 모르는 휴대폰이 개통돼서 {d:price}이 청구됐습니다ㅠ 연락은 [[mobile]]로 부탁드려요.",
    "실종된 {name}(가명·{d:age}) 할머니를 찾습니다. 목격하신 분은 {gu}경찰서 실종수사팀 [[landline]] 또는 가족 [[mobile]]로 연락 바랍니다. 국번 없이 {d:short_number}도 가능합니다.",
    "외국인등록번호 [[rrn:foreigner]]이 적힌 등록증을 잃어버린 {nation} 출신 노동자 C씨는 \"재발급 수수료 {d:price}도 부담\"이라고 말했다.",
    "[알립니다] 수해 이웃돕기 성금은 [[account]]로 보내주시면 됩니다. 문의 {media} 사업국 [[landline]].",
    "조사 결과 피의자는 [[ip:v6]] 주소로 접속해 {d:date}부터 {d:count}차례 관리자 계정에 로그인을 시도한 것으로 드러났다.",
    "[Contact] Reporter {eng_name} | [[email:press]] | Tel. [[landline:intl]]",
    "독자 제보를 받습니다📮\n전화 [[landline]] · 문자 [[mobile]]\n메일 [[email:press]]\n보내주신 제보는 24시간 안에 검토합니다.",
    "\"선결제만 하면 된다\"는 말에 속아 [[account]] 계좌로 {d:price}을 보냈다는 피해자는 {d:count}명에 달한다. 경찰은 사기 조직 총책의 대포폰 [[mobile]]을 추적 중이다.",
    "카드사 관계자는 \"유출 목록에 있던 [[card]], [[card]] 등은 이미 재발급 절차를 밟고 있다\"고 설명했다. 피해 규모는 {d:count}건으로 추산된다.",
]
NEWS_NEG = [
    "[속보] {gu} 인근 {d:datetime} 규모 {d:statistic:decimal} 지진…기상청 \"피해 신고 {d:count}건\"\n진앙은 {d:coordinates} 부근이다.",
    "코스피가 {d:date} 전 거래일보다 {d:statistic:pct} 오른 {d:statistic:index}에 마감했다. 거래대금은 {d:price}으로 집계됐다.",
    "소비자 피해 상담은 {d:short_number}(소비자상담센터) 또는 한국소비자원 {d:biz_phone}로 하면 된다. (보도자료 번호 {d:notice_no})",
    "리콜 대상은 {d:date}부터 {d:date}까지 생산된 {d:product_code} 모델(바코드 {d:ean})이다. 무상 수리는 {d:tollfree}로 접수한다.",
    "서울중앙지법은 {d:case_no} 사건에서 {company}(사업자등록번호 {d:brn})에 과징금 {d:price}을 부과한 처분이 정당하다고 판단했다.",
    "보안업체는 {d:version} 이하 버전에서 원격 코드 실행 취약점({d:cve})이 발견됐다며 업데이트를 권고했다. 공격자는 {d:private_ip} 같은 내부망 주소도 노렸다.",
    "유출 샘플에는 '{d:masked_rrn}', '{d:masked_phone}', '{d:masked_email}'처럼 일부가 가려진 정보만 포함된 것으로 확인됐다.",
    "통계청에 따르면 {d:year} 출생아 수는 {d:count}명으로 전년 대비 {d:statistic:pct} 감소했다. 합계출산율은 {d:statistic:fraction}명이다.",
]

APT_POS = [
    "📢 {apt} 관리사무소 안내\n\n[승강기 정기점검]\n일시: {d:date} {d:time}\n대상: {d:room_no} 라인\n문의: 관리사무소 [[landline]]",
    "[{d:month} 관리비 납부 안내]\n고지서가 각 세대에 배부되었습니다.\n납부 마감: {d:date}\n납부 계좌: [[account]]\n전자납부번호: {d:payment_ref}\n※ 입금 시 동·호수를 꼭 기재해 주세요 (예: {d:room_no})",
    "분실물 보관 안내 🛴\n{d:date} 놀이터에서 어린이 킥보드를 습득했습니다. 경비실({d:room_no})로 오시거나 경비반장님 [[mobile]]로 연락 주세요.",
    "[주차 안내] 지하 주차장 이중주차 차량 차주분께서는 관리사무소[[landline]]로 연락 바랍니다. 관련 민원이 계속 접수되고 있습니다.",
    "입주자대표회의 회의록 요약\n일시: {d:date} {d:time}\n참석: 회장 {name#}, 총무 {name#}, 감사 {name#}\n안건: 장기수선충당금 {d:price} 집행 건\n동대표 선거 문의: 선관위원장 {name#} [[mobile]]",
    "단지 내 인터넷 회선 공사 안내\n시공사 현장 담당: [[mobile]]\n고객센터: {d:biz_phone}\n공사 기간: {d:date}~{d:date}",
    "CCTV 열람은 관리사무소 방문 신청만 가능합니다.\n☎ [[landline]]  📠 [[landline]]\n운영시간 {d:time}",
    "무인택배함 오류 시 운영업체 [[landline:070]] 로 연락 바랍니다. 장비번호 {d:serial}",
    "🚰 단수 안내\n일시: {d:date} {d:time}\n대상: {d:room_no}~{d:room_no}\n긴급연락: 시설과장 [[mobile]] / 관리사무소 [[landline]]",
    "이사 예약 등록부\n- 이사일: {d:date}\n- 세대: {d:room_no}\n- 세대주: {name}\n- 연락처: [[mobile]]\n- 엘리베이터 사용료: {d:price}",
    "관리비 자동이체 신청서\n세대: {d:room_no}\n예금주: {name}\n출금계좌: [[account]]\n생년월일: {d:date}\n연락처: [[mobile]]",
    "커뮤니티센터 헬스장 회원 모집💪 월 이용료 {d:price}\n입금: [[account]]\n문의: 센터 매니저 [[mobile]]",
    "음식물 종량제 RFID 카드 재발급 안내: 수수료 {d:price}, 관리사무소([[landline]]) 평일 {d:time}",
    "주민 의견 수렴 📝 재활용장 위치 변경에 대한 의견을 [[email]] 로 {d:date}까지 보내주세요.",
    "택배 오배송 관련 안내드립니다. CJ대한통운 {gu}대리점 [[landline]] / 담당 기사님 [[mobile]] 로 직접 문의 부탁드립니다.",
    "[보안 공지] 아파트 홈페이지에 해외 IP [[ip:v4]] 로부터 무작위 로그인 시도가 {d:count}회 발생하여 차단했습니다. 비밀번호를 변경해 주세요.",
    "{apt} 관리사무소장 {name}\nTel [[landline]]\nFax [[landline]]\nE-mail [[email]]",
    "관리비 카드 자동납부 신청서\n세대: {d:room_no}\n카드번호: [[card]]\n유효기간: {d:card_exp}\n신청인: {name}",
]
APT_NEG = [
    "승강기 교체 공사: {d:date}~{d:date}, {d:room_no} 라인 이용 불가. 불편을 드려 죄송합니다.",
    "{d:month} 관리비 내역\n일반관리비 {d:price}\n청소비 {d:price}\n승강기유지비 {d:price}\n세대전기 {d:measure:kwh} ({d:price})",
    "소방시설 종합점검 {d:date} {d:time}. 화재 시 {d:short_number}, 가스 누출 시 도시가스 고객센터 {d:biz_phone}로 연락하세요.",
    "주차 스티커 재발급 신청 접수번호 {d:receipt_no}, 발급 수수료 {d:price}. 관리사무소는 상가동 {d:room_no}에 있습니다.",
    "단지 공용 WiFi 안내: SSID APT_FREE / 게이트웨이 {d:private_ip} / 장비 관리 {d:private_ip}",
    "방송 설비 교체 완료 (모델 {d:product_code}, 시리얼 {d:serial}). 단지 우편번호는 {d:postal_code}입니다.",
    "경비실 인터폰 {d:extension}번, 관리사무소 근무 시간 {d:time}. 전용면적 {d:measure:area} 세대 도배 지원 신청은 {d:date}까지.",
]

RESERVATION_POS = [
    "[{restaurant}] 예약이 확정되었습니다.\n예약번호: {d:reservation_no}\n일시: {d:date} {d:time}\n인원: 4명\n예약자: {name} ([[mobile]])\n매장 문의: [[landline]]",
    "안녕하세요, {hotel}입니다. {name}님의 {d:date} 체크인 예약 보증을 위해 등록하신 카드 [[card]] (유효기간 {d:card_exp})로 확인되었습니다.",
    "[Web발신]\n[{restaurant}] 예약금 {d:price} 입금 부탁드립니다.\n[[account]]\n{d:time}까지 미입금 시 자동 취소됩니다.",
    "예약 문의드려요~ {d:date} {d:time}에 6명 가능할까요? 제 번호는[[mobile]]입니다",
    "GUEST REGISTRATION\nName: {foreign_name}\nARC No.: [[rrn:foreigner]]\nRoom: {d:room_no}\nCheck-in: {d:date}\nPhone: [[mobile]]",
    "🏨 호텔 예약 확인서\n예약번호 {d:reservation_no}\n객실: 디럭스 더블 / {d:price}\n투숙객: {name}\n이메일: [[email]]\n연락처: [[mobile]]\n체크인 {d:date} {d:time}",
    "[네이버 예약] {name}님, {restaurant} {d:date} {d:time} 예약이 취소되었습니다. 예약금 {d:price}은 환불 계좌 [[account]]로 영업일 기준 3일 내 입금됩니다.",
    "🌊 {hotel} 예약 안내\n입금계좌: [[account]]\n입금 후 문자 주세요 → [[mobile]]\n체크인 {d:time} / 체크아웃 {d:time}\n바베큐 그릴 대여 {d:price}",
    "사장님 안녕하세요! 내일 {d:time} 예약한 {sur}인데요ㅠ 차가 막혀서 30분 늦을 것 같아요.. 혹시 연락 필요하시면 [[mobile]]로 부탁드려요🙏",
    "Booking {d:reservation_no} | 게스트 연락처 [[mobile:intl]] | 게스트 이메일 [[email]] | 특별 요청: 고층 객실",
    "단체 예약 담당자\n{company} 총무팀 {name} 과장\nT. [[landline]]\nM. [[mobile]]\nE. [[email:company]]",
    "오마카세 대기 등록 완료 ✅\n대기 순번 12\n연락처: [[mobile]]\n노쇼 시 위약금 {d:price}은 등록 카드([[card]])로 결제됩니다.",
    "숙박 등록카드\n성명: {name}\n주민등록번호: [[rrn]]\n주소: {region}\n연락처: [[mobile]]\n입실 {d:datetime}",
    "[{restaurant}] 예약 변경 요청드립니다\n기존: {d:date} → 변경: {d:date}\n예약자 연락처 [[mobile]]\n(해외 체류 중이라 [[mobile:intl]]로도 연락 가능)",
    "Reservation confirmed! Table for 2 at {restaurant}, {d:date} {d:time}. Questions? Call us at [[landline:intl]] or email [[email]].",
    "[보안 알림] {hotel} 예약 관리 페이지에 새로운 IP([[ip]])에서 로그인되었습니다. 본인이 아니라면 {d:biz_phone}로 연락해 주세요.",
    "회식 장소 예약 완료했습니다~ {restaurant} ({region})\n☎ [[landline]]\n{d:date} {d:time}, 단체룸",
]
RESERVATION_NEG = [
    "[{restaurant}] 예약 확정\n예약번호 {d:reservation_no}\n{d:date} {d:time} / 2명\n매장 문의 {d:biz_phone}",
    "객실 {d:room_no} · 조식 {d:time} · 객실 WiFi 게이트웨이 {d:private_ip} · 프런트 내선 {d:extension}",
    "예약 바우처 {d:reservation_no}\n결제 카드 {d:masked_card}\n결제 금액 {d:price}\n승인번호 {d:receipt_no}",
    "체크인 {d:date} {d:time}\n숙소 위치 {d:coordinates}\n우편번호 {d:postal_code}",
    "오늘 예약 현황: 런치 {d:count}팀 누적 / 평균 객단가 {d:price} / 노쇼율 {d:statistic:pct}",
    "공항 픽업 요청: 항공편 {d:flight_no}, 도착 {d:datetime}, 인원 3명",
    "예약자 {sur}** 님 ({d:masked_phone}) {d:date} {d:time} 2인 예약 확인되었습니다.",
]

LOST_POS = [
    "[분실물] {d:date} {station}역 근처에서 검정색 반지갑 잃어버렸습니다ㅠㅠ 신분증이랑 카드 들어있어요. 찾아주시면 꼭 사례하겠습니다!! 연락 [[mobile]]",
    "습득한 신분증 주인 찾습니다.\n성명: {name}\n주민번호: [[rrn]]\n{place}에서 주웠어요. 본인이시면 쪽지 주세요.",
    "강아지를 찾습니다 🐶\n이름: 콩이 (말티즈, 5살)\n잃어버린 곳: {region} {place}\n날짜: {d:date} {d:time}경\n사례금: {d:price}\n연락처: [[mobile]] / [[mobile]]",
    "길에서 신용카드 주웠는데 카드번호가 [[card]]예요. 카드사에 분실 신고 대신 해드리려 했더니 본인만 된다네요ㅠ",
    "에어팟 프로 케이스 찾아요ㅜ 시리얼 {d:serial}이고 뒷면에 곰돌이 스티커 붙어있어요. 연락은 [[mobile:hangul]] 또는 [[email]]",
    "지하철에서 물건을 잃어버리셨나요?\n{gu} 유실물센터 [[landline]] (평일 {d:time})\n유실물 통합포털 접수번호 예시: {d:receipt_no}",
    "습득물 신고서\n습득 일시: {d:date} {d:time}\n습득 장소: {place}\n물품: 노트북 ({d:product_code})\n습득자: {name}\n연락처: [[mobile]]\n이메일: [[email]]",
    "택시에 폰 두고 내렸어요ㅠㅠ 제 폰으로 전화하면 받는 분 계시면 [[mobile]]로 문자 주세요. 택시 영수증 승인번호 {d:receipt_no}",
    "통장 주우신 분!! 겉면에 [[account]] 적혀 있는 통장이에요. 잔액은 없어요ㅋㅋ 돌려주시면 {d:price} 드릴게요 [[mobile]]",
    "LOST: black backpack at {station} Station on {d:date}. Laptop inside (S/N {d:serial}). Please email [[email]] or call [[mobile:intl]]. Reward {d:price:usd}.",
    "고양이 찾아요 🐈 치즈냥이고 목걸이에 제 번호 [[mobile]] 적혀 있어요. 마지막 목격 위치 {d:coordinates}",
    "캠핑장 분실물 안내: 텐트 폴대 가방 보관 중입니다. 관리동[[landline]]로 문의해 주세요. 보관 기한 {d:date}",
    "[동네 분실물] 아이 킥보드 주웠어요 {place} 앞에서요. 연락은 [[mobile:spaced]] 로 주세요",
    "외국인등록증 습득했습니다. {foreign_name} / 등록번호 [[rrn:foreigner]] / 발급일 {d:date}. 출입국외국인청에 전달 예정입니다.",
    "지갑 주인 찾아요! 안에 {name}님 명함이 있어서 명함 번호 [[landline]] 로 전화드렸는데 안 받으셔서요. 제 연락처 [[mobile]]",
    "Found a wallet near {place}. ID card name: {eng_name}. Contact me on [[mobile]] or [[email]] 🙏",
    "잃어버린 아이 가방에 이름표 있어요: {name} / 엄마 번호 [[mobile]] / 아빠 번호 [[mobile]]",
    "체크카드 주웠어요 [[card]] 뒷면에 {eng_name} 서명 있어요. 내일 은행 창구에 맡기겠습니다",
    "폰 찾기 앱에 마지막 접속 IP가 [[ip]] 로 떠요 ({d:datetime}). 이걸로 위치 찾을 수 있나요?ㅠ",
]
LOST_NEG = [
    "{d:date} {d:time}경 {d:route_no} 버스에서 장우산 잃어버렸어요. 보신 분 댓글 부탁드려요🙏",
    "주운 지갑 안에 카드 {d:masked_card} 한 장, 영수증(승인번호 {d:receipt_no}), 현금 {d:price}이 있었어요. {gu}경찰서에 맡겼습니다.",
    "카드 분실 시 즉시 {d:short_number} 또는 카드사 고객센터 {d:biz_phone}로 신고하세요. 분실 신고 접수번호 {d:receipt_no}",
    "{univ} 학생증({d:student_id}) 주워서 과사무실 {d:room_no:campus}에 맡겨뒀어요~",
    "잃어버린 아이폰 정보: 일련번호 {d:serial}, 모델 {d:product_code}, 마지막 위치 {d:coordinates}",
    "지갑 찾았습니다!! 연락 주신 {sur}** 님 ({d:masked_phone}) 정말 감사합니다😭",
    "분실물 보관 현황 ({d:date} 기준): 우산 {d:count}개 누적. 보관 기간이 지나면 공고 제{d:notice_no}호에 따라 처리합니다.",
]

INSURANCE_POS = [
    "[보험금 청구서]\n피보험자: {name}\n주민등록번호: [[rrn]]\n연락처: [[mobile]]\n사고일자: {d:date}\n청구금액: {d:price}\n수령계좌: [[account]]",
    "실손보험 청구합니다. 진료일 {d:date}, 영수증 번호 {d:receipt_no}, 본인부담금 {d:price}입니다. 보험금은 [[account]]으로 입금 부탁드립니다.",
    "자동차사고 접수번호 {d:claim_no}\n상대 보험사 담당자 {name} 대리 [[mobile]]\n팩스 [[landline]]\n이메일 [[email:company]]",
    "여행자보험 청구 건입니다. 현지 병원비를 카드([[card]])로 결제했고 금액은 {d:price}입니다. 영수증 {d:image_file} 첨부합니다.",
    "보험설계사 {name} 팀장입니다😊 청구 서류는 [[email]]로 보내주시거나 팩스 [[landline]]로 주세요. 궁금하신 점은 언제든 [[mobile]]",
    "수익자 변경 신청서\n증권번호 {d:policy_no}\n계약자 {name}\n주민등록번호 [[rrn]]\n변경 후 수익자 {name#}",
    "어린이보험 청구\n피보험자: {name} (주민번호 [[rrn:post2020]])\n진단코드: {d:diagnosis_code}\n보호자 연락처: [[mobile]]",
    "보험금 지급 안내\n{name} 고객님, 청구하신 보험금 {d:price}이 {d:date} [[account]] 계좌로 지급되었습니다.\n접수번호 {d:claim_no}\n문의 {d:biz_phone}",
    "산재보험 요양급여 신청\n근로자: {foreign_name}\n외국인등록번호: [[rrn:foreigner]]\n휴대전화: [[mobile]]\n사업장 사업자등록번호: {d:brn}",
    "[카톡 상담] 고객님, 자동이체 카드 변경하시려면 새 카드번호랑 유효기간 보내주세요~\n→ [[card]] / {d:card_exp} 입니다",
    "모바일 청구 접속 기록\n{d:datetime} 로그인 IP [[ip]]\n기기 {d:product_code} / 앱 {d:version}",
    "사고 경위서\n작성자: {name} ([[mobile]])\n사고 장소: {region} {place} 앞 교차로 ({d:coordinates})\n사고 시각: {d:date} {d:time}\n과실 비율 주장: {d:score}",
    "[펫보험 청구] 보호자 {name} / 이메일 [[email]] / 동물등록번호 {d:serial} / 진료비 {d:price}",
    "손해사정 담당 {name} 손해사정사\nTel [[landline]] (내선 {d:extension})\nE-mail [[email:company]]",
    "| 항목 | 내용 |\n|---|---|\n| 청구인 | {name} |\n| 생년월일 | {d:date} |\n| 연락처 | [[mobile]] |\n| 입금계좌 | [[account]] |",
    "보험금 청구 위임장\n위임인: {name} ([[rrn]])\n수임인: {name#} ([[rrn]])\n수임인 연락처: [[mobile]]",
    "보험 해지 환급금 입금 계좌 변경 요청드립니다. 기존 계좌 말고 [[account]] 로 부탁드려요. 본인 확인용 연락처는 [[landline]] 입니다.",
    "[보험사 앱] 새로운 기기 로그인 알림 — IP [[ip]], {d:datetime}. 본인이 아니면 {d:biz_phone}로 연락 주세요.",
]
INSURANCE_NEG = [
    "보험금 지급 완료: {d:price} / 지급계좌 {d:masked_account} / 접수번호 {d:claim_no}",
    "피보험자 {sur}○○ ({d:masked_rrn}) / 증권번호 {d:policy_no} / 질병코드 {d:diagnosis_code}",
    "보험 상담 콜센터 {d:biz_phone} · 광고 수신거부 {d:tollfree} · 금융감독원 {d:short_number}",
    "청구 진행 현황: 접수 {d:date} → 심사 {d:date} → 지급 {d:date} (평균 처리일수 {d:statistic:decimal}일)",
    "월 보험료 {d:price} / 납입기간 20년 / 해지환급률 {d:statistic:pct}",
    "자동이체 카드 변경 완료 ({d:masked_card}). 다음 출금일 {d:date}",
    "사고 처리 메모: 차량 수리비 견적 {d:price}, 렌트 5일, 과실 {d:score}, 담당 {d:employee_id}",
]

COMPLAINT_POS = [
    "고 소 장\n\n고소인\n 성명: {name}\n 주민등록번호: [[rrn]]\n 주소: {region}\n 연락처: [[mobile]]\n\n피고소인\n 성명: 불상 (카카오톡 닉네임 '{nick}')\n 연락처: [[mobile]]\n 계좌: [[account]]\n\n고소 취지\n피고소인은 {d:date} 중고거래를 빙자하여 고소인으로부터 {d:price}을 편취하였습니다.",
    "국민신문고 민원 ({d:receipt_no})\n제목: 층간소음 관련 조치 요청\n내용: {d:room_no} 세대의 야간 소음으로 잠을 잘 수 없습니다. 처리 결과는 [[email]]로 회신 부탁드립니다.",
    "진정서\n진정인은 {d:date} 피진정인 명의의 [[account]] 계좌로 {d:price}을 송금하였으나 물건을 받지 못하였습니다. 피진정인 전화번호: [[mobile]]",
    "악성 댓글 고소 자료\n- 작성 일시: {d:datetime}\n- 작성자 접속 IP: [[ip]]\n- 게시글 번호: {d:count}\n- 캡처: {d:image_file}",
    "구청장님께 드리는 탄원서\n\n저희 골목 가로등이 3개월째 고장 나 있습니다. 조속한 수리를 부탁드립니다.\n\n탄원인 {name} (연락처 [[landline]])\n{d:date}",
    "불법 주정차 신고 건({d:receipt_no}) 처리 결과를 [[email]] 또는 문자([[mobile]])로 알려주시기 바랍니다.",
    "카드 부정사용 신고\n카드번호: [[card]]\n승인일시: {d:datetime}\n승인금액: {d:price}\n본인은 해당 거래를 하지 않았습니다.",
    "고소대리인 법무법인 {lawfirm} 변호사 {name}\nTEL [[landline]] / FAX [[landline]]\nE-mail [[email:company]]",
    "명예훼손 고소장 별지 2. 피고소인 사용 IP 목록\n1. [[ip]] ({d:datetime})\n2. [[ip]] ({d:datetime})\n3. {d:private_ip} (사내망, 대상 아님)",
    "임금체불 진정\n진정인: {foreign_name} (외국인등록번호 [[rrn:foreigner]])\n사업장: {company} (사업자등록번호 {d:brn})\n체불액: {d:price}",
    "민원인 정보\n- 성명: {name}\n- 생년월일: {d:date}\n- 휴대전화: [[mobile]]\n- 이메일: [[email]]\n민원 내용: {region} 보도 파손 (위치 {d:coordinates})",
    "보이스피싱 피해 신고서\n사기범이 사용한 번호: [[mobile:intl]]\n송금 계좌: [[account]]\n송금액: {d:price}\n송금 일시: {d:datetime}",
    "🙏 청원 동의 부탁드립니다. 어린이보호구역 과속카메라 설치 청원입니다. 문의는 청원인 대표 [[email]] 로 주세요.",
    "소비자분쟁조정 신청서\n신청인: {name} / [[landline]]\n피신청인: {company} (사업자등록번호 {d:brn}, 대표번호 {d:biz_phone})\n청구 금액: {d:price}",
    "아동학대 의심 신고 관련 진술서: 신고자 연락처 [[mobile]] (익명 처리 요청). {d:short_number} 신고 접수번호 {d:receipt_no}",
    "직장 내 괴롭힘 진정서\n진정인 {name} (사번 {d:employee_id})\n연락처 [[mobile:spaced]]\n피진정인 {name#} 팀장",
    "스토킹 피해 신고: 가해자가 계속 [[mobile]], [[landline:070]] 두 번호로 연락합니다. 캡처 12장 첨부합니다.",
    "카드 도난 신고\n분실 카드: [[card]]\n분실 일시: {d:datetime}\n분실 장소: {place}\n신고인 연락처: [[mobile]]",
]
COMPLAINT_NEG = [
    "사건번호 {d:case_no}\n고소인 {sur}○○ / 피고소인 {sur#}○○\n담당 수사관 사무실 {d:room_no}",
    "민원 접수번호 {d:receipt_no} / 처리기한 {d:date} / 담당부서 민원봉사과 (국번없이 {d:short_number})",
    "피해 금액 합계 {d:price} ({d:count}건)\n피고소인 계좌 {d:masked_account}\n연락처 {d:masked_phone}",
    "첨부 증거: {d:image_file} (해시값 {d:hash})",
    "피고소인 {company} (법인등록번호 {d:crn}, 사업자등록번호 {d:brn})",
    "신고 안내: 사이버범죄 {d:short_number} / 불법스팸 {d:short_number} / 개인정보침해 {d:short_number}",
    "민원 처리 통계: 접수 {d:count}건, 처리율 {d:statistic:pct}, 평균 처리기간 {d:statistic:decimal}일 ({d:date} 기준)",
]

ACADEMIC_POS = [
    "{paper_title}\n\n{name}¹, {name#}², {name#}¹*\n¹{univ} {dept}, ²{company} AI연구소\n*교신저자: [[email:univ]]",
    "Author Information\n{eng_name} (Ph.D. Candidate), {univ_en}\nEmail: [[email:univ]]\nTel: [[landline:intl]]",
    "{conf} 학술대회 안내\n일시: {d:date}\n장소: {univ} {d:room_no:campus}\n논문 제출: [[email]]\n문의: 학회 사무국 [[landline]]\n등록비 입금: [[account]] (예금주: {conf} 사무국)",
    "{name} 교수 연구실 | {univ} 공학관 {d:room_no:campus} | Tel. [[landline]] | E-mail: [[email:univ-obf]]",
    "본 연구는 한국연구재단 과제({d:grant_no})의 지원을 받아 수행되었음.\n* 교신저자: {name} ([[email:univ]])",
    "[세미나] {d:date} {d:time}, {d:room_no:campus}\n연사: {name} 박사 ({company})\n참석 문의: 조교 {name#} [[mobile]] / [[email:univ]]",
    "Program Committee\n- {eng_name#} ({univ_en#}) [[email:univ]]\n- {eng_name#} ({univ_en#}) [[email:univ]]\n- {eng_name#} ({company_en}) [[email:company]]",
    "실험 참여자 모집📢\n참가비 {d:price} / 소요시간 40분\n신청: [[email:univ]] 또는 문자 [[mobile]]",
    "Artifact: {d:git_remote} (commit {d:hash})\nLive demo: http://[[ip:v4]]:{d:port}/",
    "학위논문 심사 일정\n심사위원장 {name} 교수 ([[email:univ]])\n심사일 {d:date} {d:time}, {d:room_no:campus}",
    "Acknowledgements. We thank {eng_name} ([[email]]) for helpful discussions. A mirror of the dataset is hosted at [[ip:v6]].",
    "Poster P-17 | {eng_name#}, {eng_name#} | {univ_en} | [[email:univ]], [[email:univ]]",
    "학회 등록 신청서\n등록자: {name}\n소속: {univ}\n결제 카드번호: [[card]]\n유효기간: {d:card_exp}\n등록비: {d:price}",
    "{univ} {dept} 대학원생 {name} (학번 {d:student_id})\n연락처: [[mobile]]\n지도교수: {name#}",
    "Corresponding author: {eng_name}, {dept_en}, {univ_en}. Tel.: [[landline:intl]]; fax: [[landline:intl]]; e-mail: [[email:univ]]",
    "논문 투고 규정 문의는 편집위원회 간사 {name} ([[email:obf]], [[mobile]])에게 연락 바랍니다.",
    "연구실 서버 접속 안내 (외부용): [[ip:v4]] 포트 {d:port}, 내부망에서는 {d:private_ip} 사용",
]
ACADEMIC_NEG = [
    "DOI: {d:doi} | ISSN {d:issn} | pp. {d:page_range} | Received {d:date}; Accepted {d:date}",
    "실험 결과 정확도 {d:statistic:pct}, F1 {d:statistic:fraction}, p < {d:statistic:pvalue}. 코드: {d:git_remote}, 의존성 {d:npm_pkg}",
    "교신저자 이메일: {d:masked_email} (개인정보 보호를 위해 일부 가림)",
    "References\n[1] {eng_name#}, \"{paper_title}\", Proc. {conf}, pp. {d:page_range}, {d:year}. doi:{d:doi}\n[2] ISBN {d:isbn}",
    "Testbed: 노드 {d:private_ip}~{d:private_ip}, 멀티캐스트 그룹 {d:multicast_ip}, 예시 주소 {d:reserved_ip}",
    "온라인 세미나 Zoom ID {d:meeting_id} / 암호 {d:otp_code} / {d:date} {d:time}",
    "학회 사무국 대표 {d:biz_phone} · 사업자등록번호 {d:brn} · 우편번호 {d:postal_code}",
]

CHAT_POS = [
    "[{name}] [{d:time}] 야 나 번호 바뀜\n[{name}] [{d:time}] [[mobile]]\n[{name#}] [{d:time}] ㅇㅋ 저장함👌",
    "{d:datetime}, 엄마 : 아들 엄마 카드번호 [[card]] 이걸로 결제해\n{d:datetime}, 엄마 : 유효기간은 {d:card_exp}",
    "계좌 보내줘~\n→ [[account]]\n→ {d:price}만 보내면 됨 ㅋㅋ",
    "{name#}: 회식 장소 {restaurant}로 예약했어요 [[landline]]\n{name#}: 넵!! {d:time}까지 갈게요",
    "A: 주민번호 뒷자리 뭐였지?? 서류에 써야 돼\nB: [[rrn]]\nA: ㄳㄳ",
    "나: 메일 주소 알려줘\n{given}: [[email]]\n나: 오키 지금 보낼게",
    "[문자 캡처] '{name}님 안녕하세요, {company} {sur} 대리입니다. 급히 연락드릴 일이 있어 [[mobile]]로 전화 부탁드려요'",
    "마크 서버 열었다ㅋㅋ 주소 [[ip:v4]] 포트 {d:port}\n화이트리스트 등록할 닉 보내줘",
    "사장님: 알바비 넣을 계좌 알려줘요\n나: [[account]] 입니다!\n사장님: ㅇㅋ {d:date}에 넣을게",
    "[단톡 공지] {d:date} 동창회 회비 {d:price} → [[account]] (총무 {name})\n문의 [[mobile:hangul]]",
    "[{name}] 우리집 공인IP [[ip]] 맞지? 포트포워딩 {d:port}\n[{name#}] ㅇㅇ 공유기 관리는 {d:private_ip}로 들어가",
    "이번호로연락줘[[mobile]] 폰 고장나서 임시폰이야",
    "{name}: 회사 메일은 [[email:company]] 이고 개인 메일은 [[email]] 이에요~",
    "[{d:time}] 택시 기사님 번호 [[mobile]] 저장해둠 혹시 분실물 있으면 연락하래",
    "ㅋㅋ 팀장님 사무실 번호 [[landline]] 내선 {d:extension}이래",
    "{d:datetime}\n[[mobile:intl]]\n안녕하세요 해외에서 보내는 문자입니다. 카톡 확인 부탁드려요",
    "{name}님이 연락처를 공유했습니다.\n이름: {name#}\n휴대전화: [[mobile]]\n이메일: [[email]]",
    "[{name}] 야 이거 네 카드 맞지? [[card]] 결제 알림이 나한테 왔어\n[{name#}] 헐 내꺼 아닌데 뭐지",
]
CHAT_NEG = [
    "[{d:time}] ㅋㅋㅋ 어제 경기 {d:score} 실화냐\n[{d:time}] 다음 경기 {d:date} {d:time} 시작이래",
    "[Web발신]\n[{company}] 인증번호 [{d:otp_code}]를 입력해주세요. 문의 {d:biz_phone}",
    "우리집 공유기 {d:private_ip} 들어가서 비번 바꿔봐\n펌웨어는 {d:version}까지 올려놨어",
    "{name}: 카드 {d:masked_card}로 결제 완료됐대\n{name#}: ㅇㅋ 승인번호 {d:receipt_no}",
    "{d:mention} 인스타에 사진 올렸어ㅋㅋ 파일명 {d:image_file}",
    "택배 운송장 {d:tracking_no} 조회해봐 / 배송비 {d:price}",
    "[{d:time}] 줌 회의 {d:meeting_id} 들어와\n[{d:time}] 비번 {d:otp_code}",
]

CSV_POS = [
    table("이름,연락처,이메일,가입일", "{name#},[[mobile]],[[email]],{d:date}"),
    table("성명\t주민등록번호\t주소", "{name#}\t[[rrn]]\t{region#}"),
    table("no,name,bank,account,amount", "{idx},{name#},[[account:csv]],{d:price:plain}"),
    table("timestamp,user,ip,status", "{d:iso_datetime},{user#},[[ip]],{d:status_code}", 2, 5),
    table("주문번호\t수령인\t휴대폰\t우편번호", "{d:order_no}\t{name#}\t[[mobile]]\t{d:postal_code}"),
    table("card_no,exp,amount", "[[card]],{d:card_exp},{d:price:plain}"),
    table("부서,성명,내선,직통,휴대폰", "{dept#},{name#},{d:extension},[[landline]],[[mobile]]", 2, 3),
    table("학번,이름,학과,연락처", "{d:student_id},{name#},{dept#},[[mobile]]"),
    table("| 이름 | 전화 | 메일 |\n|---|---|---|", "| {name#} | [[mobile]] | [[email]] |"),
    table("[", "  {lb}\"name\": \"{name#}\", \"phone\": \"[[mobile]]\", \"email\": \"[[email]]\"{rb},", 2, 3, "\n]"),
    table("사번,성명,입사일,급여계좌", "{d:employee_id},{name#},{d:date},[[account]]"),
    table("후원자명;후원금액;카드번호;연락처", "{name#};{d:price:plain};[[card]];[[mobile]]", 2, 3),
    table("회원ID\t가입IP\t최근접속IP", "{user#}\t[[ip]]\t{d:private_ip}"),
    table("순번  성명    생년월일      연락처", "{idx}    {name#}  {d:date}  [[mobile]]"),
    table("name,email,affiliation", "{eng_name#},[[email]],{univ_en#}"),
    table("고객번호,이름,자택전화,휴대폰", "{d:customer_no},{name#},[[landline]],[[mobile]]", 2, 3),
    table("국적,성명,외국인등록번호,휴대폰", "{nation#},{foreign_name#},[[rrn:foreigner]],[[mobile]]", 2, 3),
    table("이름\t은행\t계좌번호\t비고", "{name#}\t[[account:tsv]]\t{d:date} 환불"),
]
CSV_NEG = [
    table("상품코드,상품명,바코드,가격", "{d:product_code},{product#},{d:ean},{d:price:plain}"),
    table("date,visitors,conversion", "{d:date},{d:count:plain},{d:statistic:pct}"),
    "host,ip,role\nweb01,{d:private_ip},web\ndb01,{d:private_ip},db\nmdns,{d:multicast_ip},discovery\ndocs,{d:reserved_ip},example",
    table("주문번호,운송장번호,택배사,상태", "{d:order_no},{d:tracking_no},{courier#},배송완료"),
    table("이름,연락처(마스킹),주민번호(마스킹)", "{name#},{d:masked_phone},{d:masked_rrn}"),
    table("package,version,sha", "{d:npm_pkg},{d:version},{d:hash}"),
    table("사업자명,사업자등록번호,대표전화", "{company#},{d:brn},{d:biz_phone}"),
]

DELIVERY_POS = [
    "[CJ대한통운] {name} 고객님의 상품이 {d:date} 배송 예정입니다.\n운송장번호: {d:tracking_no}\n배송기사: {name#} [[mobile]]",
    "[우체국택배] 등기번호 {d:tracking_no} 배달 완료 ({d:time}) 수령인: 본인\n문의: 담당 집배원 [[mobile]]",
    "배송지 정보\n받는 분: {name}\n휴대폰: [[mobile]]\n추가 연락처: [[landline]]\n주소: {region} ({d:postal_code})\n요청사항: 부재 시 문 앞에 놔주세요",
    "해외직구 통관 정보 입력\n수취인: {name}\n주민등록번호: [[rrn]]\n연락처: [[mobile]]\n※ 개인통관고유부호 미발급 시 입력",
    "반품 환불 계좌 등록 완료\n[[account]]\n회수 운송장 {d:tracking_no}",
    "퀵서비스 요청합니다🛵\n출발: {place}, {name} [[mobile]]\n도착: {place#} {d:room_no}, {name#} [[mobile]]\n요금 {d:price} 착불",
    "Your shipment {d:tracking_no} is held at customs. Please contact [[email]] or call [[landline:intl]] within 3 business days.",
    "[쿠팡] 배송 완료 📦 {d:datetime}\n수령 위치: 문 앞\n배송 담당자 안심번호: {d:safe_number}\n주문자 연락처: [[mobile]]",
    "기사님 문자) 고객님 택배 경비실에 맡겼습니다~ 문의는 이번호[[mobile]]로 주세요",
    "편의점 택배 접수증\n보내는 분: {name} [[mobile]]\n받는 분: {name#} [[mobile]]\n예약번호: {d:reservation_no}\n운임: {d:price}",
    "주문서 작성 완료\n주문번호 {d:order_no}\n결제수단: 신용카드 [[card]] (일시불)\n결제금액 {d:price}",
    "배송 오류 문의는 본사 {d:biz_phone} 말고 {gu}대리점 [[landline]]로 직접 하시는 게 빨라요",
    "Delivery address: {eng_name}, {d:room_no}, {region_en} {d:postal_code}, Republic of Korea / Tel [[mobile:intl]]",
    "tracking API log: client_ip=[[ip]] invoice={d:tracking_no} status={d:status_code} ts={d:iso_datetime}",
    "배송대행 신청서\n성명(영문): {eng_name}\n이메일: [[email]]\n휴대폰: [[mobile]]\n우편번호: {d:postal_code}",
    "꽃배달 주문💐\n받는 분: {name} [[mobile]]\n보내는 분: {name#}\n리본 문구: 축 개업\n배송 {d:date} {d:time}",
    "[화물 인수증] 인수자 {name} / 연락처 [[landline]] / 중량 {d:measure:weight} / 운임 {d:price}",
    "결제 실패 안내: 입력하신 카드번호 [[card]]의 유효기간({d:card_exp})이 지났습니다. 주문번호 {d:order_no}",
    "[보안] 택배 조회 서비스 관리자 계정 로그인 — IP [[ip]] ({d:iso_datetime}), 해외 접속으로 차단됨",
]
DELIVERY_NEG = [
    "[CJ대한통운] 운송장 {d:tracking_no} 배송 출발\n도착 예정 {d:time}\n고객센터 {d:biz_phone}",
    "수령인: {sur}*{tail}\n연락처: {d:masked_phone}\n주소: {region} {d:room_no}",
    "배송 담당 안심번호 {d:safe_number} (배송 완료 후 7일간 유효)",
    "상품 {d:product_code} / 바코드 {d:ean} / 중량 {d:measure:weight}",
    "배송비 {d:price} · 제주/도서산간 추가 {d:price} · 우편번호 {d:postal_code}",
    "주문번호 {d:order_no}\n결제 {d:masked_card}\n현금영수증 승인번호 {d:receipt_no}",
    "해외배송 추적 {d:tracking_no} → 인천공항 도착 {d:datetime}, 항공편 {d:flight_no}",
]

SIGNUP_POS = [
    "🌱 {d:date} 한강 플로깅 봉사 신청 명단\n1. {name#} [[mobile]]\n2. {name#} [[mobile]]\n3. {name#} [[mobile]]",
    "봉사활동 보험 가입 때문에 성함이랑 주민번호 적어주세요!\n- {name#} [[rrn]]\n- {name#} [[rrn]]",
    "마라톤 참가신청서\n성명: {name}\n생년월일: {d:date}\n휴대전화: [[mobile]]\n이메일: [[email]]\n배번: {d:bib}\n기념품 사이즈: L",
    "연탄 나눔 봉사 참가비 {d:price}\n입금: [[account]]\n(입금자명 = 신청자 이름으로 해주세요)",
    "행사 스태프 비상연락망\n총괄 {name#} [[mobile]]\n음향 {name#} [[mobile]]\n행사장 사무실 [[landline]]",
    "구글폼 응답 요약 — 이름: {name} / 이메일: [[email]] / 참여 희망일: {d:date}",
    "체육대회 참가 신청 (댓글로 달아주세요)\n→ {name#}/{dept#}/[[mobile:nosep]]\n→ {name#}/{dept#}/[[mobile]]",
    "{org} 자원봉사자 모집\n신청: [[email]]\n문의: 담당 사회복지사 {name} [[landline]]\n활동 기간: {d:date}~{d:date}",
    "플리마켓 셀러 신청서\n상호: {shop}\n대표 연락처: [[mobile]]\n판매 품목: 핸드메이드 액세서리\n참가비 {d:price} → [[account]]",
    "헌혈 캠페인 사전 예약\n{d:time} {name#} [[mobile:dot]]\n{d:time} {name#} [[mobile]]",
    "Language exchange meetup sign-up 🙌\n{eng_name#} — [[email]] — [[mobile:intl]]\n{eng_name#} — [[email]]",
    "외국인 참가자 명단 (행사 보험 가입용)\n{foreign_name#} / [[rrn:foreigner]] / {nation#}\n{foreign_name#} / [[rrn:foreigner]] / {nation#}",
    "어린이 수영교실 신청\n아동: {name} (주민번호 [[rrn:post2020]])\n보호자: {name#} [[mobile]]",
    "참가비 결제 정보\n카드번호: [[card]]\n유효기간: {d:card_exp}\n결제 금액: {d:price}",
    "등록 확인 메일이 안 오면 [[email]] 로 문의해 주세요. 등록번호 {d:reservation_no}",
    "봉사단 신청 시스템 로그: {d:iso_datetime} 신청 IP [[ip]] → 중복 신청으로 차단",
    "독서모임 신청합니다!! {name} / {d:birth_year} / 연락처 [[mobile]] / 카톡 아이디 {nick}",
]
SIGNUP_NEG = [
    "봉사 일정 {d:date} {d:time}\n집합 장소 {place} (좌표 {d:coordinates})",
    "신청 현황 {d:count}명 / 누적 방문 {d:count}회 (마감률 {d:statistic:pct})",
    "참가자 명단 (개인정보 가림)\n{sur}○○ {d:masked_phone}\n{sur#}○○ {d:masked_phone}",
    "참가비 {d:price} / 신청 링크 {d:url} / 문의 {d:biz_phone}",
    "배번 {d:bib} 완주 기록 {d:time:race} (전체 {d:score:rank})",
    "행사장 WiFi 게이트웨이 {d:private_ip} / 체크인 서버 {d:reserved_ip}",
    "참가자 명단 확인: 이메일 {d:masked_email}, 등록번호 {d:reservation_no}",
]

GOV_POS = [
    "{gu} 공고 제{d:notice_no}호\n\n{gov_title}\n\n(본문 생략)\n\n문의: {gu} {dept_gov} [[landline]]\n\n{d:date}\n{gu}청장",
    "공시송달 공고\n1. 대상자: {name} (주민등록번호 [[rrn]])\n2. 최종 주소: {region}\n3. 송달 서류: 과태료 부과 사전통지서\n4. 공고 기간: {d:date}~{d:date}",
    "입찰 공고\n담당자: {name} 주무관\n전화: [[landline]]\n전자우편: [[email:gov]]\n입찰보증금 납부 계좌: [[account]]",
    "시민참여단 모집 공고\n신청서는 [[email:gov]]로 제출\n문의 {dept_gov} [[landline]]\n모집 기간 {d:date}~{d:date}",
    "행정처분 사전통지 공고\n상호: {shop} (사업자등록번호 {d:brn})\n대표자: {name} ([[rrn]])\n처분 내용: 영업정지 15일",
    "보조금 교부 결정 통지\n교부 대상자: {name}\n지급 계좌: [[account]]\n교부액: {d:price}",
    "[보안 공지] 공격 발원지 IP [[ip]], [[ip]]에 대해 {d:date} 차단 조치를 완료하였습니다.",
    "무연고 사망자 공고\n성명: {name}\n주민등록번호: [[rrn]]\n사망 일시: {d:date}\n연고자는 {gu} 복지정책과([[landline]])로 연락 바랍니다.",
    "주민참여예산 제안 접수\n담당: {name} ([[landline]])\n이메일: [[email:gov]]\n팩스: [[landline]]",
    "외국인 체류 관련 공시송달\n성명: {foreign_name}\n외국인등록번호: [[rrn:foreigner]]\n국적: {nation}\n송달 서류: 출석요구서",
    "보도자료 담당: 대변인실 {name} 사무관 ([[landline]], [[mobile]])",
    "Notice: For inquiries regarding the {program}, please contact [[email:gov]] or call [[landline:intl]].",
    "습득물 공고\n습득물: 현금 {d:price}\n습득일: {d:date}\n분실자는 {gu}경찰서 생활안전과 [[landline:paren]]로 연락 바랍니다.",
    "재난지원금 환수 안내\n대상자: {name}\n반환 계좌: [[account]]\n납부 기한: {d:date}",
    "도로점용 허가 공고\n신청인: {name} (연락처 [[mobile]])\n점용 위치: {region} ({d:coordinates})\n점용 기간: {d:date}~{d:date}",
    "정보공개 청구 처리 결과 통지\n청구인 이메일: [[email]]\n접수번호: {d:receipt_no}\n공개 여부: 부분공개",
    "[{gu}] 불법 광고물 신고 포상금 지급: 신고인 {name}, 계좌 [[account]], 금액 {d:price}",
    "과태료 카드 납부 신청\n납부자: {name}\n카드번호: [[card]]\n납부 금액: {d:price}\n고지서 번호: {d:receipt_no}",
]
GOV_NEG = [
    "공고 제{d:notice_no}호 | 게시일 {d:date} | 추정가격 {d:price} | 공고기관 고유번호 {d:brn}",
    "민원 안내: 정부민원안내콜센터 국번없이 {d:short_number}, 야간 민원 {d:biz_phone}",
    "공시송달\n성명: {sur}○○\n주민등록번호: {d:masked_rrn}\n처분 번호: {d:case_no}",
    "해산 공고\n{company} (법인등록번호 {d:crn})\n채권 신고 기간: {d:date}~{d:date}",
    "인구 통계 공고: 총인구 {d:count}명, 전년 대비 {d:statistic:pct}, 기준일 {d:date}",
    "전산 시스템 점검: 대상 서버 {d:private_ip}, 점검 시간 {d:time}, 패치 {d:version}",
    "공고 첨부파일: {d:image_file} / 공고문 해시 {d:hash} / 우편번호 {d:postal_code}",
]

DONATION_POS = [
    "💛 후원 계좌 안내 💛\n[[account]]\n예금주: {org}\n보내주신 후원금은 전액 아이들 급식비로 사용됩니다.",
    "펀딩 종료 D-3! 목표 금액 {d:statistic:pct} 달성🎉\n리워드 관련 문의: [[email]]",
    "유기견 보호소 후원 계좌\n[[account]]\n[[account]]\n물품 후원은 [[landline]]로 연락 주세요🐾",
    "정기후원 신청서\n후원자: {name}\n주민등록번호(기부금 영수증용): [[rrn]]\n연락처: [[mobile]]\n출금 계좌: [[account]]\n매월 {d:price}",
    "카드 정기후원 신청\n카드번호: [[card]]\n유효기간: {d:card_exp}\n후원 금액: 월 {d:price}",
    "아버지 수술비 모금합니다🙏 작은 금액이라도 도움 주실 분은 [[account]] 로 부탁드립니다. 연락: [[mobile]]",
    "Donate by bank transfer: [[account]] (Account holder: {eng_name}). Questions: [[email]]",
    "후원자 명단 (엑셀 발췌)\n{name#},[[mobile]],{d:price:plain}\n{name#},[[mobile]],{d:price:plain}\n{name#},[[mobile]],{d:price:plain}",
    "장학재단 기부 문의\n사무국 [[landline]]\nFAX [[landline]]\nE-mail [[email]]",
    "리워드 배송지 입력 완료 ✔\n{name} / [[mobile]] / {region} {d:postal_code}",
    "모금 현황: {d:price} / 참여자 {d:count}명\n기부금 영수증 발급 문의: [[email:obf]]",
    "For overseas supporters — Korean bank account: [[account]], SWIFT {d:swift_code}, contact [[mobile:intl]]",
    "[관리자 알림] 후원 결제 페이지에서 이상 결제 시도 감지: IP [[ip]] ({d:count}회) → 차단",
    "동네 작은도서관 후원 👉 [[account]] 👈 책 기증 문의는 [[mobile]]",
    "후원금 입금 확인 요청드립니다. 입금자 {name}, 입금일 {d:date}, 입금 계좌 [[account]], 금액 {d:price}",
    "크라우드펀딩 메이커 정보\n대표: {name}\n사업자등록번호: {d:brn}\n이메일: [[email]]\n전화: [[landline:070]]",
    "[연말 나눔] {org}에 보내주신 사랑 감사합니다. 후원 문의 [[landline]] · [[email]] · 후원 계좌 [[account]]",
    "해외 후원자 결제 실패 내역: 카드 [[card]] / 금액 {d:price} / 사유: 한도 초과",
]
DONATION_NEG = [
    "후원 현황 {d:price} 달성 ({d:statistic:pct}) · 후원자 {d:count}명 · 종료일 {d:date}",
    "후원 계좌 {d:masked_account} (입금 전 예금주를 꼭 확인해 주세요)",
    "문의 {d:biz_phone} / 사업자등록번호 {d:brn} / 통신판매업 신고 {d:notice_no}",
    "리워드 옵션 A {d:price} / 옵션 B {d:price} / 발송 예정 {d:date}",
    "펀딩 페이지 {d:url}\n대표 이미지 {d:image_file}",
    "기부금 영수증 발급번호 {d:receipt_no}\n후원자 {sur}○○ ({d:masked_rrn})",
    "모금 단체 {org} (고유번호 {d:brn}) · 법인등록번호 {d:crn}",
]

BLOG_POS = [
    "오늘의 일기 📔 {d:date}\n드디어 이사 끝! 인터넷 설치 기사님 번호 [[mobile]] 저장해둠. 또 필요할지도 ㅎㅎ",
    "{restaurant} 내돈내산 후기🍽\n위치: {region}\n전화: [[landline]]\n영업시간: {d:time}\n가격: {d:price}\n재방문 의사 ⭕",
    "제주 여행 3일차☀ 렌터카 업체 [[landline:064]] 사장님 완전 친절하심. 숙소 {hotel}는 [[landline]]",
    "블로그 협찬/문의는 [[email]] 로 주세요~ (답장은 3일 이내🙆‍♀️)",
    "홈서버 구축기 #3\n공유기 DDNS 설정하고 외부 IP [[ip:v4]] 로 접속 테스트 성공!\n내부 주소는 {d:private_ip}, 포트 {d:port}",
    "결혼식 축의금 계좌 물어보시는 분들이 많아서😅\n신랑측 [[account]]\n신부측 [[account]]",
    "우리 아기 출생신고 완료👶 주민번호 [[rrn:post2020]] 받았다ㅎㅎ 신기하다",
    "고양이 분양 후기🐱 분양해주신 분 연락처 [[mobile:spaced]] (허락받고 공유해요)",
    "중고폰 거래하다 사기당할 뻔ㅠ 이 번호 [[mobile]] 조심하세요!! 입금 요구 계좌도 [[account]] 였어요",
    "여권 재발급 후기✈ 구청 민원실 [[landline:paren]] 에 미리 문의했고 수수료 {d:price} 냈어요",
    "첫 해외직구 성공ㅋㅋ 카드 [[card]] 등록했는데.. 이거 블로그에 올려도 되나? 나중에 지울게요",
    "Study log {d:date}: {d:npm_pkg} 설치하다 에러 남. 서버 [[ip:v6]] 로 핑도 안 감😇",
    "우리 동네 맛집 리스트🍜\n1) {restaurant} [[landline]]\n2) {restaurant#} [[landline]]\n3) {restaurant#} [[landline:070]]",
    "엄마 생신 선물 주문 완료🎁 받는 분: 엄마 [[mobile]] / 상품 {d:product_code} / {d:price}",
    "해외 펜팔 친구가 생겼다✉ 메일 [[email]] 로 주고받는 중. 답장 기다리는 재미가 쏠쏠",
    "이직 성공 기념 일기💼 새 회사 메일 [[email:company]] 아직 어색하다ㅋㅋ 사무실 번호 [[landline]]",
    "아빠 폰 번호 바뀐 거 메모 → [[mobile:hangul]] (까먹지 말자)",
]
BLOG_NEG = [
    "{d:date} 맑음☀ 만보 걷기 {d:count}보 달성! 체중 {d:measure:weight}",
    "오늘 읽은 책📚 ISBN {d:isbn}, {d:page_range}쪽까지 읽음. 평점 {d:score}",
    "블로그 배너 {d:image_file} 교체. 오늘 방문자 {d:count}명",
    "맥북 {d:version} 업데이트 후기, 빌드 해시 {d:hash}",
    "여행 경비 정리✈ 항공 {d:price} / 숙소 {d:price} / 환율 {d:statistic:index}",
    "{d:mention} 님 이웃추가 감사해요! 오늘 간 카페 좌표 {d:coordinates}",
    "집 공유기 설정 메모: 관리 페이지 {d:private_ip}, 테스트용 주소 {d:reserved_ip}",
]

DATING_POS = [
    "[프로필] {d:birth_year} / {d:measure:height} / {job}\nMBTI ENFP · 취미 등산, 넷플\n관심 있으시면 [[mobile]] 으로 문자 주세요",
    "결혼정보회사 회원 카드\n성명: {name}\n주민번호: [[rrn]]\n학력: {univ}\n연봉: {d:price}\n담당 매니저: {name#} [[mobile]]",
    "소개팅 주선) 친구 {sur}양 번호 [[mobile]] 줄게~ 먼저 카톡 해봐",
    "자기소개🙋‍♂️ {d:birth_year} 남, {region} 거주, 키 {d:measure:height}. 인스타 {d:mention}. 진지한 분만 [[email]]",
    "커플매니저 {name}입니다💍 상담 예약 [[landline]] / [[mobile]]\n가입비 입금 [[account]]",
    "Looking for a language exchange partner 🇰🇷🇺🇸 {d:age}, {job_en}. Email me at [[email:obf]]",
    "번개 모임 ㄱ? {d:date} {d:time} 강남역 {place}\n참가 원하면 [[mobile:hangul]]",
    "매칭 성사 안내💌\n{name}님 ↔ {name#}님\n상대방 연락처: [[mobile]]\n첫 만남: {restaurant} {d:time}",
    "외국인 회원 등록\n이름: {foreign_name}\n외국인등록번호: [[rrn:foreigner]]\n국적: {nation}\n연락처: [[mobile]]",
    "프로필 수정 요청드려요) 전화번호 [[mobile]] → [[mobile]] 으로 바꿔주세요",
    "저 {d:birth_year}이고요 {company} 다녀요. 회사 메일 [[email:company]]로 재직 인증했습니다",
    "정회원 가입비 결제\n카드번호: [[card]]\n금액: {d:price}\n할부: 3개월",
    "[로그인 알림] 새 기기({d:product_code})에서 로그인되었습니다. IP [[ip]] · {d:datetime}",
    "스피드데이팅 참가자 명단\n남1 {name#} [[mobile]]\n여1 {name#} [[mobile]]\n남2 {name#} [[mobile]]",
    "오픈채팅 자기소개 양식: 닉/나이/지역/번호\n→ {nick}/{d:age}/{region}/[[mobile:fullwidth]]",
    "{d:birth_year} 여 / 간호사 / 집 전화 없어요ㅋ / 번호 [[mobile:nosep]]",
    "주말 커플 요리 클래스 같이 가실 분~ 신청은 공방 [[landline]] 으로 하시면 되고 저한테는 [[email]] 로 연락 주세요",
    "신고합니다. 이 회원 계정들이 전부 같은 IP([[ip]])에서 가입됐대요. 사기 의심",
]
DATING_NEG = [
    "{d:birth_year} / {d:measure:height} / {d:measure:weight} / 연봉 {d:price} / MBTI INFJ",
    "매칭 점수 {d:score} · 호감도 {d:statistic:pct}",
    "연락처 {d:masked_phone} (매칭 성사 시 공개됩니다)",
    "인스타 {d:mention} / 프사 {d:image_file}",
    "상담 예약 {d:biz_phone} / 가입비 {d:price} / 회원번호 {d:customer_no}",
    "첫 만남 {d:date} {d:time} {place} (좌표 {d:coordinates})",
    "이메일 인증 완료: {d:masked_email} / 인증코드 {d:otp_code}",
]

TUTORING_POS = [
    "📚 수학 과외 합니다 📚\n{univ} {dept} 재학 (학번 {d:student_id})\n중·고등 수학 / 주 2회 {d:price}\n연락: [[mobile]]",
    "영어 과외 선생님 구해요! 중2 여학생, {region} 거주, 주 2회 {d:time} 이후 가능. 학부모 연락처 [[mobile]]",
    "피아노 레슨🎹 개인 레슨실 {region}\n레슨비 {d:price}\n문의 [[landline:070]] 또는 [[mobile]]",
    "과외비 입금 계좌: [[account]]\n매월 {d:date:day}까지 부탁드려요😊",
    "Native English Tutor — {eng_name}, TESOL certified. Contact: [[email]] / [[mobile:intl]]",
    "코딩 과외 (파이썬/자바) 현직 개발자입니다. 문의 [[email]] / 포트폴리오 {d:git_remote}",
    "과외 중개 플랫폼 선생님 등록 정보\n성명: {name}\n주민등록번호: [[rrn]] (신원 확인용)\n정산 계좌: [[account]]\n휴대폰: [[mobile]]",
    "수업 자료는 [[email:obf]] 로 요청하세요~ 온라인 수업 Zoom ID {d:meeting_id}",
    "Korean lessons for foreigners 🇰🇷 {d:price}/h. Call or text [[mobile:intl]]",
    "{region} 수학전문학원 원장 직강\n☎ [[landline]]\n☎ [[landline]]\n📱 [[mobile]]\n수강료 {d:price}",
    "과외 구함) 고3 국어, {d:score} 목표입니다. 연락주세요[[mobile]]",
    "기타 레슨 학생 모집🎸 첫 수업 무료! 레슨 장소 {place} {d:room_no}, 문의 [[mobile:dot]]",
    "중국어 과외 선생님 소개드려요. 유학생이고 외국인등록번호 [[rrn:foreigner]] 확인 완료, 연락처 [[mobile]]",
    "과외비 카드 결제도 가능합니다 (카드번호 [[card]] 불러주시면 수기 결제)",
    "온라인 수업 접속 기록\n학생 IP [[ip]] · {d:datetime}\n선생님 IP {d:private_ip}",
    "✏ 논술 첨삭 {name} 선생님 ✏\n이메일 [[email]]\n카톡 {nick}\n전화 [[mobile:box]]",
    "학부모님께) 이번 달 수업료 {d:price} [[account]] 로 보내주시면 됩니다. 보강 일정은 {d:date} {d:time}입니다.",
]
TUTORING_NEG = [
    "수업료 {d:price} / 주 2회 / {d:time} / 교재 ISBN {d:isbn}",
    "중간고사 {d:score} → 기말고사 {d:score} 상승! 수강생 합격률 {d:statistic:pct}",
    "연락처 {d:masked_phone} (쪽지 주시면 공개할게요)",
    "학원 대표번호 {d:biz_phone} · 사업자등록번호 {d:brn} · 교습소 신고번호 {d:notice_no}",
    "수업 Zoom {d:meeting_id} / 암호 {d:otp_code}",
    "{univ} 재학증명서 첨부 (학번 {d:student_id}), 강의실 {d:room_no:campus}",
    "수업 자료 링크 {d:url} · 교재 샘플 {d:image_file}",
]

GENRES = [
    ("news", NEWS_POS, NEWS_NEG),
    ("apt_notice", APT_POS, APT_NEG),
    ("reservation", RESERVATION_POS, RESERVATION_NEG),
    ("lost_found", LOST_POS, LOST_NEG),
    ("insurance", INSURANCE_POS, INSURANCE_NEG),
    ("complaint", COMPLAINT_POS, COMPLAINT_NEG),
    ("academic", ACADEMIC_POS, ACADEMIC_NEG),
    ("chat", CHAT_POS, CHAT_NEG),
    ("csv_dump", CSV_POS, CSV_NEG),
    ("delivery", DELIVERY_POS, DELIVERY_NEG),
    ("signup", SIGNUP_POS, SIGNUP_NEG),
    ("gov_notice", GOV_POS, GOV_NEG),
    ("donation", DONATION_POS, DONATION_NEG),
    ("blog", BLOG_POS, BLOG_NEG),
    ("dating", DATING_POS, DATING_NEG),
    ("tutoring", TUTORING_POS, TUTORING_NEG),
]

# ----------------------------------------------------------------------------- rendering
TOKEN_RE = re.compile(r"\[\[(\w+)(?::([\w-]+))?\]\]|\{d:(\w+)(?::([\w-]+))?\}|\{(\w+)(#?)\}")
RRN_LABEL_RE = re.compile(r"주민|등록번호|RRN|ARC|외국인")


def frame_text(frame, rng: random.Random) -> str:
    return frame(rng) if callable(frame) else frame


def frame_kinds(frame) -> dict[str, int]:
    found = Counter(re.findall(r"\[\[(\w+)", frame_text(frame, random.Random(0))))
    return {k: found[k] for k in sorted(found)}


def render(tpl: str, rng: random.Random, neg: bool, over: frozenset[str] = frozenset()) -> dict:
    ctx: dict = {"cache": {}}
    toks = list(TOKEN_RE.finditer(tpl))
    slots = [i for i, m in enumerate(toks) if m.group(1)]
    if neg:
        masked = set(slots)
    else:
        # in multi-slot frames a few slots are written masked, more often for kinds already past the target
        masked = {i for i in slots if len(slots) > 1 and rng.random() < (PARTIAL_MASK_OVER if toks[i].group(1) in over else PARTIAL_MASK)}
        if slots and len(masked) == len(slots):
            masked.discard(sorted(masked)[rng.randrange(len(masked))])
    parts: list[str] = []
    pos = 0
    spans: list[dict] = []
    decoys: list[dict] = []
    forms: list[str] = []
    salient = None

    def emit(s: str) -> None:
        nonlocal pos
        parts.append(s)
        pos += len(s)

    def annotate(target: list[dict], kind: str, s: str) -> None:
        target.append({"kind": kind, "start": pos, "end": pos + len(s), "value": s})
        emit(s)

    last = 0
    for i, m in enumerate(toks):
        emit(tpl[last:m.start()])
        last = m.end()
        if m.group(1):
            kind = m.group(1)
            opts = m.group(2).split("-") if m.group(2) else []
            so_far = "".join(parts)
            prev = so_far[-1] if so_far else ""
            nxt = tpl[m.end()] if m.end() < len(tpl) else ""
            ctx["hangul_adjacent"] = is_hangul(prev) or is_hangul(nxt)
            if i in masked:
                dkind, pre, value, post = neg_substitute(kind, opts, rng, ctx)
                emit(pre)
                annotate(decoys, dkind, value)
                emit(post)
                salient = salient or dkind
            else:
                pre, value, post, detail, how = VALUE_GENS[kind](rng, opts, ctx)
                emit(pre)
                if kind == "rrn":
                    how += "-labelled" if RRN_LABEL_RE.search("".join(parts)[-16:]) else "-unlabelled"
                if pre == "" and prev and is_hangul(prev) and not value[0].isspace():
                    how += "-touching"
                annotate(spans, kind, value)
                emit(post)
                forms.append(f"{kind}/{detail}/{how}")
        elif m.group(3):
            gen = m.group(3)
            opts = m.group(4).split("-") if m.group(4) else []
            annotate(decoys, DECOY_ALIAS.get(gen, gen), DECOY_GENS[gen](rng, opts, ctx))
        else:
            emit(filler(m.group(5), m.group(6) == "#", rng, ctx))
    emit(tpl[last:])
    text = "".join(parts)
    if spans:
        form = "+".join(forms)
    else:
        kinds = [d["kind"] for d in decoys]
        salient = salient or next((k for k in SALIENT if k in kinds), kinds[0] if kinds else "none")
        form = f"neg/{salient}"
    return {"text": text, "label": "pos" if spans else "neg", "spans": spans, "decoys": decoys, "form": form}


# ----------------------------------------------------------------------------- checks
DIGIT_RUN_RE = re.compile(r"[0-9０-９]{3,}")
DIGIT_CHARS = set("0123456789０１２３４５６７８９")
EMAIL_CHARS = set("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789._%+-")


def check_record(rec: dict) -> None:
    text = rec["text"]
    anns = sorted(rec["spans"] + rec["decoys"], key=lambda a: (a["start"], a["end"]))
    covered = [False] * len(text)
    for a in anns:
        assert 0 <= a["start"] < a["end"] <= len(text), (rec["id"], a)
        assert text[a["start"]:a["end"]] == a["value"], (rec["id"], a)
        assert a["value"] == a["value"].strip(), (rec["id"], a)
        for j in range(a["start"], a["end"]):
            covered[j] = True
        before = text[a["start"] - 1] if a["start"] > 0 else ""
        after = text[a["end"]] if a["end"] < len(text) else ""
        if a["value"][0] in DIGIT_CHARS:
            assert before not in DIGIT_CHARS, (rec["id"], a, "digit before")
        if a["value"][-1] in DIGIT_CHARS:
            assert after not in DIGIT_CHARS, (rec["id"], a, "digit after")
        if a["kind"] == "email":
            assert before not in EMAIL_CHARS, (rec["id"], a, "email start")
            assert after not in EMAIL_CHARS or after == ".", (rec["id"], a, "email end")
    for x, y in zip(anns, anns[1:], strict=False):
        assert x["end"] <= y["start"], (rec["id"], x, y, "overlap")
    for m in DIGIT_RUN_RE.finditer(text):
        assert all(covered[m.start():m.end()]), (rec["id"], m.group(), "unannotated digits")
    for j, ch in enumerate(text):
        if ch in "@＠":
            assert covered[j], (rec["id"], "unannotated @")
    assert (rec["label"] == "pos") == bool(rec["spans"]), rec["id"]
    if rec["label"] == "neg":
        assert rec["decoys"], (rec["id"], "neg record without decoys")
        assert rec["form"].startswith("neg/"), rec["id"]
    else:
        assert len(rec["form"].split("+")) == len(rec["spans"]), rec["id"]
    for s in rec["spans"]:
        check_value(s["kind"], s["value"], rec["id"])


def check_value(kind: str, value: str, rid: str) -> None:
    """Re-validate a value independently of how it was generated."""
    ds = only_digits(value.translate(str.maketrans("０１２３４５６７８９", "0123456789")))
    if kind == "rrn":
        assert len(ds) == 13 and looks_like_rrn(ds), (rid, value)
    elif kind == "card":
        assert len(ds) in (15, 16) and luhn_ok(ds), (rid, value)
    elif kind == "account":
        assert 10 <= len(ds) <= 14, (rid, value)
    elif kind == "ip":
        addr = ipaddress.ip_address(value.translate(str.maketrans("０１２３４５６７８９．", "0123456789.")))
        assert addr.is_global and not addr.is_multicast, (rid, value)
        assert addr not in ipaddress.ip_network("2001:db8::/32"), (rid, value)


# ----------------------------------------------------------------------------- build
def build() -> tuple[list[dict], Counter]:
    rng = random.Random(SEED)
    for genre, pos_frames, neg_frames in GENRES:
        assert len(pos_frames) >= 15, genre
        for f in pos_frames:
            assert "[[" in frame_text(f, random.Random(0)), (genre, f)
        for f in neg_frames:
            t = frame_text(f, random.Random(0))
            assert "[[" not in t and "{d:" in t, (genre, t)
    base, extra = divmod(N_RECORDS, len(GENRES))
    plan: list[tuple[int, str]] = []
    for gi in range(len(GENRES)):
        n = base + (1 if gi < extra else 0)
        n_neg = round(n * NEG_SHARE)
        labels = ["neg"] * n_neg + ["pos"] * (n - n_neg)
        rng.shuffle(labels)
        plan += [(gi, lab) for lab in labels]
    rng.shuffle(plan)  # interleave genres so the kind balancing works across the whole set
    kinds_of = {gi: [frame_kinds(f) for f in GENRES[gi][1]] for gi in range(len(GENRES))}
    uses: Counter = Counter()
    kind_counts: Counter = Counter()
    per_genre: dict[int, list[dict]] = {gi: [] for gi in range(len(GENRES))}
    for gi, label in plan:
        genre, pos_frames, neg_frames = GENRES[gi]
        if label == "pos" or rng.random() >= NEG_PURE_SHARE:
            weights = []
            for j, kinds in enumerate(kinds_of[gi]):
                # favour frames whose kinds are still short of the target, disfavour those already past it
                need = sum(n * (TARGET_PER_KIND - kind_counts[k]) for k, n in kinds.items()) / TARGET_PER_KIND
                score = max(0.03, 0.3 + need) if label == "pos" else 1.0
                weights.append(score / (1 + 0.5 * uses[(gi, "p", j)]))
            j = rng.choices(range(len(pos_frames)), weights=weights, k=1)[0]
            frame, key = pos_frames[j], (gi, "p", j)
        else:
            weights = [1 / (1 + uses[(gi, "n", j)]) for j in range(len(neg_frames))]
            j = rng.choices(range(len(neg_frames)), weights=weights, k=1)[0]
            frame, key = neg_frames[j], (gi, "n", j)
        uses[key] += 1
        over = frozenset(k for k in VALUE_GENS if kind_counts[k] >= TARGET_PER_KIND)
        rec = render(frame_text(frame, rng), rng, neg=(label == "neg"), over=over)
        assert rec["label"] == label, (genre, rec)
        for s in rec["spans"]:
            kind_counts[s["kind"]] += 1
        per_genre[gi].append(rec)
    records = []
    for gi, (genre, _, _) in enumerate(GENRES):
        for n, rec in enumerate(per_genre[gi], 1):
            records.append({"id": f"oos2-{genre}-{n:03d}", "text": rec["text"], "label": rec["label"], "spans": rec["spans"], "decoys": rec["decoys"], "form": rec["form"], "genre": genre})
    return records, uses


def summarize(records: list[dict], uses: Counter) -> None:
    kinds = Counter(s["kind"] for r in records for s in r["spans"])
    decoys = Counter(d["kind"] for r in records for d in r["decoys"])
    labels = Counter(r["label"] for r in records)
    print(f"records: {len(records)}  pos: {labels['pos']}  neg: {labels['neg']} ({labels['neg'] / len(records):.1%})")
    print(f"values: {sum(kinds.values())}  decoys: {sum(decoys.values())}")
    print("values per kind: " + ", ".join(f"{k}={v}" for k, v in sorted(kinds.items())))
    print("per genre (records / pos / neg / values / decoys / distinct frames used):")
    for gi, (genre, _, _) in enumerate(GENRES):
        rs = [r for r in records if r["genre"] == genre]
        used = sum(1 for key in uses if key[0] == gi)
        print(f"  {genre:12s} {len(rs):4d} {sum(r['label'] == 'pos' for r in rs):4d} {sum(r['label'] == 'neg' for r in rs):4d} {sum(len(r['spans']) for r in rs):5d} {sum(len(r['decoys']) for r in rs):5d} {used:4d}")
    print("decoys per kind: " + ", ".join(f"{k}={v}" for k, v in sorted(decoys.items(), key=lambda kv: (-kv[1], kv[0]))))
    hows = Counter(f.split("/")[0] + "/" + f.split("/")[2] for r in records if r["label"] == "pos" for f in r["form"].split("+"))
    print("writing styles: " + ", ".join(f"{k}={v}" for k, v in sorted(hows.items())))


def main() -> None:
    records, uses = build()
    ids = [r["id"] for r in records]
    assert len(ids) == len(set(ids))
    for rec in records:
        check_record(rec)
    kinds = Counter(s["kind"] for r in records for s in r["spans"])
    assert all(kinds[k] >= 90 for k in VALUE_GENS), kinds
    assert sum(len(r["decoys"]) for r in records) >= 1500
    neg_share = sum(r["label"] == "neg" for r in records) / len(records)
    assert 0.35 <= neg_share <= 0.45, neg_share
    payload = "".join(json.dumps(r, ensure_ascii=False) + "\n" for r in records)
    OUT_PATH.write_text(payload, encoding="utf-8", newline="\n")
    summarize(records, uses)
    print(f"wrote {OUT_PATH} ({len(records)} records, sha256 {hashlib.sha256(payload.encode('utf-8')).hexdigest()[:16]})")


if __name__ == "__main__":
    main()
