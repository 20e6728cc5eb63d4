"""Build eval_oos14.jsonl: a blind out-of-sample evaluation set for the Korean personal-data (PII) detector.

Independence
    Written from a short brief only. While building it nothing of the project was read except pyproject.toml
    (for the lint settings): not the detector, its tests, its docs, its benchmarks, nor any earlier evaluation
    set; no detector or benchmark was run on the output. Every frame below was written for this set, in
    fourteen genres no earlier set used. Standard library only; one random.Random(SEED) drives everything,
    so `python build_eval_oos14.py [out.jsonl]` always writes the same file (default: eval_oos14.jsonl next
    to this script). Before writing, the script re-checks every record (offsets, overlaps, labels, value
    validity, decoys, digit coverage) and stops if anything is off.

Format (JSON lines, UTF-8, ensure_ascii=False), one record per snippet:
    {"id": "oos14-<genre>-<nnn>", "text", "label": "pos"|"neg", "spans", "decoys", "form", "genre"}
    spans and decoys are lists of {"kind", "start", "end", "value"}; offsets count code points and
    value == text[start:end]; no two items overlap. label is "pos" iff spans is non-empty. form is
    "<kind>/<detail>/<style>" per span joined by "+", or "neg/<most PII-like decoy kind>" for negatives
    (ranking in DECOY_RANK; "neg/none" would mark a record without decoys; there is none).

Kinds (span kinds) and their details
    rrn       resident / foreigner registration number: a real birth date YYMMDD, a 7th digit matching the
              century and sex (1-4 citizens, 5-8 foreigners), and for births before 2020-10 a valid check
              digit: (11 - S mod 11) mod 10 for citizens; for foreigners the foreigner rule (13 - S mod 11)
              mod 10, with even 8th-9th digits and a 12th digit of 6-9. Births from 2020-10 on (infants in
              the clinic and pharmacy frames) carry random trailing digits.
              details: native, foreign, native_new (born 2020-10 or later).
    mobile    010 (about 92%), rarely 011/016/017/018/019; detail = the prefix.
    landline  area codes 02, 031-064, 070 and 0502-0508 relay ("safe") numbers; detail = the prefix.
    email     details: portal, company (brand .com/.net/.kr), co_kr, ac_kr, go_kr, or_kr, cctld (.jp .de
              .co.uk .com.au .vn .io .fm ...), gtld (.studio .clinic .flowers .garden .band .run .pet ...).
    ip        global unicast only (ipaddress is_global, not multicast); details: v4, v6.
    card      Luhn-valid with a real brand prefix and length; details: visa, master (51-55, 2221-2720),
              amex (34/37, 15 digits), jcb (3528-3589), unionpay (62, 16 or 19), diners (36/300-305, 14),
              discover (6011/644-649/65).
    account   bank account numbers in the bank's own grouping (KB 6-2-6, Shinhan 3-3-6, Woori 4-3-6, Hana
              3-6-5, NH 3-4-4-2, IBK 3-6-2-3, KakaoBank 4-2-7, Toss 4-4-4, K bank 3-3-6, SC 3-2-6, Post
              office 6-2-6, MG 4-4-4-1, Shinhyup 3-3-6), always next to a bank name or an account word
              (계좌, 입금, 예금주, 환불, 통장 ...); detail = the bank.
    A value never also passes as another kind (an account is never a valid RRN, card or phone number, etc.).

Labelling conventions
    Masked values (010-****-1234, 880101-1******, mi***@naver.com, 110-***-456789, 121.134.*.*) are decoys.
    Obfuscated emails are values; the span runs from the local part to the end of the TLD.
    Spaced-digit, Hangul-digit (공일공), letter-O and +82 / 82- phones are values; a parenthesised area code
    ((02) or 02)) is inside the span. 15xx/16xx/18xx, 080, 0500/0501, short numbers (112, 1330 ...) and
    phones with non-existent area codes are decoys. A port after an IP is its own decoy. Bank names, 계좌,
    예금주 and field labels stay outside spans. Every digit and every @ in a text lies inside a span or a
    decoy: all other numbers are annotated as decoys (dates, times, prices, quantities, measurements,
    versions, model codes, EAN/ISBN, order / invoice / tracking / reservation / receipt / approval / claim /
    policy / registered-mail / case / notice / contract / prescription numbers, student / employee / member
    ids, business and corporate registration numbers (corporate ones fail every RRN rule), ports, private /
    reserved IPs, partial IPs, image@2x names, git remotes, scoped npm packages, @mentions, coordinates,
    statistics, scores, hashes, UUIDs, serials, postal codes, rooms, floors, meeting ids, OTPs, CVCs, card
    expiry dates, plates, door codes, Wi-Fi names and passwords, drug codes, lot numbers, animal registration
    numbers, bib numbers, Luhn-invalid gift-card PINs ...). Each decoy is regenerated until it could not pass
    as a value of any kind (13 digits never form a valid RRN under either check rule, no 13-19 digit run is
    Luhn-valid with a card prefix, no digit run is a mobile or landline number, no dotted quad is global, no
    account grouping, no mailbox).

Genres and frames
    14 genres: window_cleaning, ice_rink, podcast_studio, fertility_clinic, used_books_exchange,
    marathon_club, funeral_flowers, rooftop_garden, cat_cafe, paragliding, lost_pet_search, wedding_band,
    pharmacy_delivery, student_council. Each has 11 value frames and 4 value-free frames written as Korean
    text of that genre: forms, notices, listings, obituaries, SMS, chat logs, community posts, e-mails,
    admin and login alerts. Values sometimes touch Hangul (010-1234-5678로). 70 records per genre:
    48 positives and 11 negatives from value frames (in a negative every value slot holds a look-alike
    decoy: masked values, corporate numbers, invalid-date RRNs, 15xx/080/0500 numbers, bad area codes,
    private IPs, gift-card PINs ...), and 11 negatives from value-free frames. In positive records with
    several slots, 15% of the slots hold a masked value instead (spread over records by error diffusion,
    never every slot of one record).

Writing styles (style names as used in form; each value takes a common style with probability 0.8 and a
less common or evasive one with probability 0.2; Hangul-digit styles are not used where the value touches
Hangul)
    rrn       common: hyphen, plain. less common: space, spaced_hyphen (880101 - 1234567), fullwidth
              (８８０１０１－…), en_dash (880101–1234567), dot, spaced_digits (8 8 0 1 0 1 - 1 2 …).
    mobile    common: hyphen, plain, dot, space. less common: hangul_digits (공일공 일이삼사 오육칠팔),
              hangul_mixed (공1공-2삼4오-…), intl_plus (+82 10-…, +82-10-…, +82 (0)10 …, +8210…),
              intl_82 (82-10-…), spaced_digits, fullwidth, letter_o (O1O-…), slash (010/1234/5678).
    landline  common: hyphen, paren ((02) 123-4567, (031)123-4567), dot, space, plain. less common:
              half_paren (02)123-4567), hangul_digits, intl_plus (+82-2-…), spaced_digits, fullwidth, slash.
    email     common: plain. less common: obf_paren_at (x(at)y.com), obf_bracket_at (x [at] y.com),
              obf_hangul_at (x 골뱅이 y.com), obf_spaced_at (x @ y.com), obf_fullwidth_at (x＠y.com),
              obf_words (x at y dot com), obf_bracket_dot (x@y[.]com), obf_hangul_dot (x 골뱅이 y 쩜 com).
    ip        common: dotted (v4), compressed (v6). less common: defang_brackets (1.2.3[.]4, 2001[:]db8…),
              defang_paren (1(.)2(.)3(.)4), fullwidth (１．２．３．４), exploded (full v6), uppercase (v6).
    card      common: hyphen (4-4-4-4, amex 4-6-5, diners 4-6-4), space, plain. less common: dot,
              fullwidth, mixed_sep (1234 5678-9012 3456), slash, spaced_digits.
    account   common: hyphen (the bank's grouping), plain, space. less common: dot, fullwidth, regroup
              (hyphens in another grouping), spaced_digits, hangul_digits.
"""

import datetime
import ipaddress
import json
import random
import re
import sys
import uuid
from pathlib import Path

SEED = 20261208
RNG = random.Random(SEED)

# ---------------------------------------------------------------- reference tables

REF_DAY = datetime.date(2026, 12, 8)
RRN_REFORM = datetime.date(2020, 10, 1)
RRN_WEIGHTS = (2, 3, 4, 5, 6, 7, 8, 9, 2, 3, 4, 5)
AREA_CODES = ("02", "031", "032", "033", "041", "042", "043", "044", "051", "052", "053", "054", "055", "061", "062")
AREA_CODES += ("063", "064")
BAD_AREA_CODES = ("034", "035", "036", "037", "038", "039", "045", "046", "047", "048", "049", "056", "057", "058")
BAD_AREA_CODES += ("059", "065", "066", "067", "068", "069")
FULLWIDTH = str.maketrans("０１２３４５６７８９－．＠（）：", "0123456789-.@():")
TO_FULLWIDTH = str.maketrans("0123456789-.", "０１２３４５６７８９－．")
HANGUL_DIGIT = {"공": "0", "영": "0", "일": "1", "이": "2", "삼": "3", "사": "4", "오": "5", "육": "6", "칠": "7"}
HANGUL_DIGIT.update({"팔": "8", "구": "9"})
DIGIT_HANGUL = "공일이삼사오육칠팔구"

CARD_BRANDS = {
    "visa": (("4",), (16,)),
    "master": (("51", "52", "53", "54", "55") + tuple(str(n) for n in range(2221, 2721)), (16,)),
    "amex": (("34", "37"), (15,)),
    "jcb": (tuple(str(n) for n in range(3528, 3590)), (16,)),
    "unionpay": (("62",), (16, 19)),
    "diners": (("36", "300", "301", "302", "303", "304", "305"), (14,)),
    "discover": (("6011", "65", "644", "645", "646", "647", "648", "649"), (16,)),
}

# bank: display names, grouping of the account number, first digits
BANKS = {
    "kb": (("KB국민은행", "국민은행", "국민"), (6, 2, 6), ("",)),
    "shinhan": (("신한은행", "신한"), (3, 3, 6), ("110", "140")),
    "woori": (("우리은행", "우리"), (4, 3, 6), ("1002",)),
    "hana": (("하나은행", "하나"), (3, 6, 5), ("",)),
    "nh": (("NH농협은행", "농협은행", "농협"), (3, 4, 4, 2), ("302", "301", "351", "352", "356")),
    "ibk": (("IBK기업은행", "기업은행"), (3, 6, 2, 3), ("",)),
    "kakao": (("카카오뱅크", "카뱅"), (4, 2, 7), ("3333",)),
    "toss": (("토스뱅크", "토스"), (4, 4, 4), ("1000",)),
    "kbank": (("케이뱅크",), (3, 3, 6), ("100",)),
    "sc": (("SC제일은행", "SC제일"), (3, 2, 6), ("",)),
    "post": (("우체국",), (6, 2, 6), ("",)),
    "mg": (("새마을금고",), (4, 4, 4, 1), ("9002", "9003")),
    "cu": (("신협",), (3, 3, 6), ("131", "132")),
}
BANK_WEIGHTS = {"kb": 15, "shinhan": 14, "woori": 10, "hana": 9, "nh": 12, "ibk": 7, "kakao": 12, "toss": 7}
BANK_WEIGHTS.update({"kbank": 4, "sc": 2, "post": 4, "mg": 3, "cu": 2})
BANK_GROUPINGS = {grouping for _, grouping, _ in BANKS.values()}
ACCOUNT_WORDS = ("계좌", "입금", "예금주", "통장", "송금", "환불", "이체", "후원", "보내")
ACCOUNT_WORDS += ("은행", "금고", "신협", "우체국")
ACCOUNT_WORDS += tuple(name for names, _, _ in BANKS.values() for name in names)

TLDS = {"com", "net", "org", "kr", "jp", "de", "fr", "it", "ru", "uk", "au", "vn", "io", "fm", "ca"}
TLDS |= {"studio", "media", "clinic", "care", "health", "shop", "store", "run", "fitness", "flowers", "florist"}
TLDS |= {"garden", "farm", "cafe", "pet", "dog", "travel", "band", "wedding", "music", "pharmacy", "app"}
TLDS |= {"school", "university", "club", "services", "cleaning", "house", "help", "green", "live", "dev", "xyz"}

# ---------------------------------------------------------------- fillers (never annotated, no digits)

NAMES = ["김민지", "이서연", "박지훈", "최현우", "정수진", "강유나", "조도현", "윤지우", "장은지", "임태양", "한서준"]
NAMES += ["오하은", "서민재", "신예린", "권도윤", "황지민", "안수빈", "송재원", "유나래", "홍성민", "문가영", "배준호"]
NAMES += ["백승희", "노은채", "허진영", "남궁현", "전소율", "고민석", "양해나", "구본찬", "채윤서", "천재희", "방미숙"]
NICKS = ["달리는곰", "책벌레", "옥상농부", "냥집사", "하늘나그네", "새벽러너", "초록손", "헌책사냥꾼", "콩이엄마"]
NICKS += ["바람개비", "빙판요정", "밤편지", "고양이발", "산들바람", "느린거북", "파란우산", "소리상자", "봄날"]
LATIN_NAMES = ["Nguyen Thi Lan", "Maria Santos", "John Miller", "Tanaka Yui", "Dilnoza Karimova", "Ahmed Hassan"]
LATIN_NAMES += ["Emily Clarke", "Bat-Erdene Tsetseg", "Siti Rahmawati", "Olga Petrova", "Tran Van Minh", "Liu Yang"]
CARD_COMPANIES = ["신한카드", "삼성카드", "KB국민카드", "현대카드", "롯데카드", "하나카드", "우리카드", "BC카드"]
CARD_COMPANIES += ["NH농협카드"]
PET_NAMES = ["콩이", "보리", "두부", "초코", "나비", "호두", "뭉치", "까미", "치즈", "모카", "설기", "망고"]
TEAMS = ["블루블레이드", "한빛", "아이스베어스", "은반", "샛별", "스톰"]
SONGS = ["너의 의미", "결혼해줄래", "벚꽃 엔딩", "사랑의 서약", "축복합니다", "봄날"]
DRUG_NAMES = ["타이레놀정", "부루펜시럽", "아모디핀정", "훼스탈플러스정", "알마겔현탁액", "판콜에이"]
FILLERS = {
    "name": NAMES,
    "nick": NICKS,
    "latin_name": LATIN_NAMES,
    "cardco": CARD_COMPANIES,
    "pet_name": PET_NAMES,
    "team": TEAMS,
    "song": SONGS,
    "drug_name": DRUG_NAMES,
}

GIVEN_ROMAN = ["minji", "seoyeon", "jihoon", "hyunwoo", "sujin", "yuna", "dohyun", "jiwoo", "eunji", "taeyang"]
GIVEN_ROMAN += ["seojun", "haeun", "minjae", "yerin", "doyoon", "jimin", "subin", "jaewon", "narae", "sungmin"]
SURNAME_ROMAN = ["kim", "lee", "park", "choi", "jung", "kang", "cho", "yoon", "jang", "lim", "han", "oh", "seo"]
SURNAME_ROMAN += ["shin", "kwon", "hwang", "ahn", "song", "yoo", "hong"]
WORD_LOCALS = ["happyday", "skyblue", "moonlight", "greentea", "sunny", "dreamer", "bookworm", "runner", "meow"]
WORD_LOCALS += ["hello.world", "cocoa", "pinetree", "starlit", "wave", "blossom"]
ROLE_LOCALS = ["info", "contact", "help", "booking", "admin", "cs", "office", "hello", "reserve", "team", "ask"]
PORTALS = ["naver.com", "daum.net", "hanmail.net", "gmail.com", "kakao.com", "nate.com", "hotmail.com"]
PORTALS += ["outlook.com", "icloud.com", "yahoo.com", "korea.com"]
UNIVERSITIES = ["snu", "yonsei", "korea", "kaist", "postech", "hanyang", "ewha", "pusan", "knu", "cau", "skku"]
UNIVERSITIES += ["inha", "jnu", "cnu", "sogang"]
GOV_DOMAINS = ["seoul", "mapo", "gangnam", "gg", "busan", "incheon", "mohw", "mafra", "danyang", "chuncheon"]
ORG_DOMAINS = ["kaja", "kcdf", "ypec", "kfem", "animals", "redcross", "kbl", "kasa", "kpanet", "urbanfarm"]
CC_PORTALS = ["yahoo.co.jp", "gmx.de", "web.de", "orange.fr", "libero.it", "mail.ru", "hotmail.co.uk"]
CC_PORTALS += ["bigpond.com.au"]
CC_SUFFIXES = [".jp", ".io", ".vn", ".de", ".fm", ".ca"]
BRANDS = {
    "window_cleaning": (["malgeunchang", "cleanview", "yurihaessal"], ["services", "cleaning", "house"]),
    "ice_rink": (["hanbitice", "icekids", "blueblade"], ["club", "school", "live"]),
    "podcast_studio": (["ondostudio", "sorisam", "micdrop"], ["studio", "media", "music"]),
    "fertility_clinic": (["bomnalwomen", "saemclinic", "haneulfc"], ["clinic", "care", "health"]),
    "used_books_exchange": (["geulbeot", "hunchaek", "bookswap"], ["shop", "store", "club"]),
    "marathon_club": (["hanriverrun", "dallim", "pacemate"], ["run", "fitness", "club"]),
    "funeral_flowers": (["geunjo", "hwahwan", "baekhap"], ["flowers", "florist", "shop"]),
    "rooftop_garden": (["oksangteul", "greenroof", "texbat"], ["garden", "farm", "green"]),
    "cat_cafe": (["nyangdarak", "catattic", "goyangi"], ["cafe", "pet", "shop"]),
    "paragliding": (["danyangpara", "skywing", "hwalgong"], ["travel", "club", "live"]),
    "lost_pet_search": (["findpet", "petdetective", "chajajo"], ["pet", "dog", "help"]),
    "wedding_band": (["sweetnote", "weddinglive", "yeonjuteam"], ["band", "wedding", "music"]),
    "pharmacy_delivery": (["onnuripharm", "yakbaedal", "medirun"], ["pharmacy", "care", "app"]),
    "student_council": (["chonghak", "studentunion", "haksaeng"], ["school", "university", "club"]),
}


def pick(seq):
    return RNG.choice(seq)


def weighted(table):
    keys = list(table)
    return RNG.choices(keys, weights=[table[k] for k in keys])[0]


def digits(n, first="0123456789"):
    return RNG.choice(first) + "".join(RNG.choice("0123456789") for _ in range(n - 1))


# ---------------------------------------------------------------- validity checks


def rrn_birth(d):
    century = {"1": 1900, "2": 1900, "5": 1900, "6": 1900, "3": 2000, "4": 2000, "7": 2000, "8": 2000}.get(d[6])
    if century is None:
        return None
    try:
        born = datetime.date(century + int(d[:2]), int(d[2:4]), int(d[4:6]))
    except ValueError:
        return None
    return born if born <= REF_DAY else None


def rrn_sum(d):
    return sum(int(a) * w for a, w in zip(d[:12], RRN_WEIGHTS, strict=True))


def rrn_check_native(d):
    return (11 - rrn_sum(d) % 11) % 10


def rrn_check_foreign(d):
    # foreigner registration numbers: the native digit plus two, modulo ten
    return (13 - rrn_sum(d) % 11) % 10


def rrn_valid(d):
    """Strict: the rule the number was issued under."""
    if len(d) != 13 or not d.isdigit():
        return False
    born = rrn_birth(d)
    if born is None:
        return False
    if born >= RRN_REFORM:
        return True
    want = rrn_check_foreign(d) if d[6] in "5678" else rrn_check_native(d)
    return int(d[12]) == want


def rrn_loose(d):
    """Could pass as an RRN under any reading (either check-digit rule, or the post-2020 random digit)."""
    if len(d) != 13 or not d.isdigit():
        return False
    born = rrn_birth(d)
    if born is None:
        return False
    return born >= RRN_REFORM or int(d[12]) in (rrn_check_native(d), rrn_check_foreign(d))


def luhn_ok(d):
    total = 0
    for i, ch in enumerate(reversed(d)):
        n = int(ch)
        if i % 2:
            n *= 2
            if n > 9:
                n -= 9
        total += n
    return total % 10 == 0


def luhn_digit(body):
    return next(c for c in "0123456789" if luhn_ok(body + c))


def card_brand(d):
    for brand, (prefixes, lengths) in CARD_BRANDS.items():
        if len(d) in lengths and d.startswith(prefixes):
            return brand
    return None


def card_valid(d):
    return d.isdigit() and card_brand(d) is not None and luhn_ok(d)


def card_loose(d):
    if not d.isdigit() or not 13 <= len(d) <= 19 or not luhn_ok(d):
        return False
    return card_brand(d) is not None or len(d) in (15, 16) or d.startswith("4")


def mobile_valid(d):
    return re.fullmatch(r"010[2-9]\d{7}|01[16789][2-9]\d{6,7}", d) is not None


def mobile_loose(d):
    return re.fullmatch(r"01[016789]\d{7,8}", d) is not None


def landline_valid(d):
    if d.startswith("02"):
        return re.fullmatch(r"02[2-9]\d{6,7}", d) is not None
    if d[:3] in AREA_CODES:
        return re.fullmatch(r"0\d\d[2-9]\d{6,7}", d) is not None
    if d.startswith("070"):
        return re.fullmatch(r"070[2-9]\d{7}", d) is not None
    return re.fullmatch(r"050[2-8][2-9]\d{6,7}", d) is not None


def landline_loose(d):
    if d.startswith("02"):
        return 9 <= len(d) <= 10
    if d[:3] in AREA_CODES:
        return 10 <= len(d) <= 11
    if d.startswith("070"):
        return len(d) == 11
    return re.fullmatch(r"050[2-8]\d{7,8}", d) is not None


def ip_global(s):
    try:
        addr = ipaddress.ip_address(s)
    except ValueError:
        return False
    return addr.is_global and not addr.is_multicast


EMAIL_FULL = re.compile(r"([A-Za-z0-9_%+-]+(?:\.[A-Za-z0-9_%+-]+)*)@((?:[A-Za-z0-9-]+\.)+)([A-Za-z]{2,})")
EMAIL_SCAN = re.compile(r"[A-Za-z0-9._%+-]+@(?:[A-Za-z0-9-]+\.)+([A-Za-z]{2,})")
V4_SCAN = re.compile(r"(?<![\d.])\d{1,3}(?:\.\d{1,3}){3}(?![\d.])")
DIGIT_GROUPS = re.compile(r"\d+(?:[-. ]\d+)*")
AT_FORMS = (" (at) ", "(at)", " [at] ", "[at]", " 골뱅이 ", "골뱅이", " @ ", "＠", " at ")
DOT_FORMS = (" dot ", "[.]", "[dot]", " 쩜 ", " 점 ", "(.)")


def email_valid(s):
    m = EMAIL_FULL.fullmatch(s)
    return m is not None and m.group(3).lower() in TLDS


def deobfuscate_email(s):
    for form in AT_FORMS:
        s = s.replace(form, "@")
    for form in DOT_FORMS:
        s = s.replace(form, ".")
    return s


def deobfuscate_ip(s):
    return s.translate(FULLWIDTH).replace("[.]", ".").replace("(.)", ".").replace("[:]", ":")


def norm_digits(s):
    out = []
    for ch in s.translate(FULLWIDTH):
        if ch.isascii() and ch.isdigit():
            out.append(ch)
        elif ch in HANGUL_DIGIT:
            out.append(HANGUL_DIGIT[ch])
        elif ch in "Oo":
            out.append("0")
    return "".join(out)


def norm_phone(s):
    d = norm_digits(s.replace("(0)", ""))
    if s.lstrip().startswith(("+82", "82")):
        d = "0" + d[2:]
    return d


def value_kinds(s):
    """Kinds a string could pass as, read without context (used to reject ambiguous values and decoys)."""
    t = s.translate(FULLWIDTH)
    kinds = set()
    for m in EMAIL_SCAN.finditer(t):
        if t[m.end() : m.end() + 1] == ":":
            continue  # git@host:path is a remote, not a mailbox
        if m.group(1).lower() in TLDS:
            kinds.add("email")
    if any(ip_global(m.group()) for m in V4_SCAN.finditer(t)):
        kinds.add("ip")
    for tok in re.split(r"[\s,()\[\]<>/]+", t):
        tok = tok.strip(".;")
        if tok.count(":") >= 2 and ip_global(tok):
            kinds.add("ip")
    candidates = {"".join(re.findall(r"\d", t))}
    for m in DIGIT_GROUPS.finditer(t):
        candidates.add(re.sub(r"\D", "", m.group()))
    candidates.update(re.findall(r"\d+", t))
    for d in candidates:
        if not d:
            continue
        if rrn_loose(d):
            kinds.add("rrn")
        if card_loose(d):
            kinds.add("card")
        if mobile_loose(d):
            kinds.add("mobile")
        if landline_loose(d):
            kinds.add("landline")
    stripped = t.strip()
    if re.fullmatch(r"\d+(?:[-\s]+\d+)+", stripped):
        if tuple(len(g) for g in re.split(r"[-\s]+", stripped)) in BANK_GROUPINGS:
            kinds.add("account")
    return kinds


def value_ok(kind, text):
    """Strict validity of a span value of `kind` (after undoing its writing style)."""
    if kind == "rrn":
        d = norm_digits(text)
        return rrn_valid(d) and value_kinds(d) <= {"rrn"}
    if kind == "card":
        d = norm_digits(text)
        return card_valid(d) and value_kinds(d) <= {"card"}
    if kind == "mobile":
        d = norm_phone(text)
        return mobile_valid(d) and value_kinds(d) <= {"mobile"}
    if kind == "landline":
        d = norm_phone(text)
        return landline_valid(d) and value_kinds(d) <= {"landline"}
    if kind == "email":
        e = deobfuscate_email(text.translate(FULLWIDTH))
        return email_valid(e) and value_kinds(e) <= {"email"}
    if kind == "ip":
        a = deobfuscate_ip(text)
        return ip_global(a) and value_kinds(a) <= {"ip"}
    if kind == "account":
        d = norm_digits(text)
        return 10 <= len(d) <= 14 and not value_kinds(d) - {"account"}
    raise ValueError(kind)


# ---------------------------------------------------------------- value generators and writing styles

COMMON_STYLES = {
    "rrn": {"hyphen": 7, "plain": 3},
    "mobile": {"hyphen": 12, "plain": 4, "dot": 2, "space": 2},
    "landline": {"hyphen": 10, "paren": 6, "dot": 2, "space": 1, "plain": 1},
    "email": {"plain": 1},
    "ipv4": {"dotted": 1},
    "ipv6": {"compressed": 1},
    "card": {"hyphen": 12, "space": 5, "plain": 3},
    "account": {"hyphen": 13, "plain": 6, "space": 1},
}
EVASIVE_STYLES = {
    "rrn": ["space", "spaced_hyphen", "fullwidth", "en_dash", "spaced_digits", "dot"],
    "mobile": ["hangul_digits", "hangul_mixed", "intl_plus", "intl_82", "spaced_digits", "fullwidth", "letter_o"],
    "landline": ["half_paren", "hangul_digits", "intl_plus", "spaced_digits", "fullwidth", "slash"],
    "email": ["obf_paren_at", "obf_bracket_at", "obf_hangul_at", "obf_spaced_at", "obf_fullwidth_at", "obf_words"],
    "ipv4": ["defang_brackets", "defang_paren", "fullwidth"],
    "ipv6": ["exploded", "uppercase", "defang_brackets"],
    "card": ["dot", "fullwidth", "mixed_sep", "slash", "spaced_digits"],
    "account": ["dot", "fullwidth", "regroup", "spaced_digits", "hangul_digits"],
}
EVASIVE_STYLES["mobile"] += ["slash"]
EVASIVE_STYLES["email"] += ["obf_bracket_dot", "obf_hangul_dot"]
HANGUL_DIGIT_STYLES = {"hangul_digits", "hangul_mixed"}
KR_V4_FIRST = [1, 14, 27, 39, 42, 49, 58, 59, 61, 106, 110, 112, 115, 116, 118, 119, 121, 122, 123, 124, 125]
KR_V4_FIRST += [175, 180, 182, 183, 203, 210, 211, 218, 219, 220, 221, 222, 223]
V6_PREFIXES = ["2001:2d8", "2001:e60", "2001:4430", "2406:5900", "2400:cb00", "2404:6800", "2600:1f18", "2a00:1450"]
V6_PREFIXES += ["2001:7fa", "2406:da12"]


def is_hangul(ch):
    return bool(ch) and "가" <= ch <= "힣"


def choose_style(kind, near_hangul):
    if RNG.random() < 0.8:
        return weighted(COMMON_STYLES[kind])
    options = [s for s in EVASIVE_STYLES[kind] if not (near_hangul and s in HANGUL_DIGIT_STYLES)]
    return pick(options)


def to_hangul(d):
    return "".join(DIGIT_HANGUL[int(c)] for c in d)


def join_groups(groups, style):
    """Write digit groups in one of the shared numeric styles."""
    if style == "hyphen":
        return "-".join(groups)
    if style == "plain":
        return "".join(groups)
    if style == "dot":
        return ".".join(groups)
    if style == "space":
        return " ".join(groups)
    if style == "slash":
        return "/".join(groups)
    if style == "fullwidth":
        return "-".join(groups).translate(TO_FULLWIDTH)
    if style == "spaced_digits":
        if RNG.random() < 0.5:
            return " ".join("".join(groups))
        return " - ".join(" ".join(g) for g in groups)
    if style == "hangul_digits":
        return pick(["-", " "]).join(to_hangul(g) for g in groups)
    if style == "hangul_mixed":
        while True:
            flags = [RNG.random() < 0.5 for _ in "".join(groups)]
            if 3 <= sum(flags) <= len(flags) - 3:
                break
        out, i = [], 0
        for g in groups:
            part = ""
            for c in g:
                part += DIGIT_HANGUL[int(c)] if flags[i] else c
                i += 1
            out.append(part)
        return "-".join(out)
    raise ValueError(style)


def phone_text(groups, style):
    a, b, c = groups
    rest = a[1:]
    if style == "paren":
        return pick([f"({a}) {b}-{c}", f"({a}){b}-{c}"])
    if style == "half_paren":
        return f"{a}){b}-{c}"
    if style == "intl_plus":
        return pick([f"+82 {rest}-{b}-{c}", f"+82-{rest}-{b}-{c}", f"+82 (0){rest} {b} {c}", f"+82{rest}{b}{c}"])
    if style == "intl_82":
        return pick([f"82-{rest}-{b}-{c}", f"82 {rest} {b} {c}"])
    if style == "letter_o":
        return f"{a}-{b}-{c}".replace("0", pick(["O", "o"]))
    return join_groups(groups, style)


def gen_mobile(near_hangul):
    while True:
        if RNG.random() < 0.92:
            groups = ["010", digits(4, "23456789"), digits(4)]
        else:
            groups = [pick(["011", "016", "017", "018", "019"]), digits(pick([3, 4]), "23456789"), digits(4)]
        style = choose_style("mobile", near_hangul)
        text = phone_text(groups, style)
        if value_ok("mobile", text):
            return [(text, "span", "mobile", groups[0], style)]


def gen_landline(near_hangul, area=None):
    while True:
        r = RNG.random()
        if area:
            code = area
        elif r < 0.3:
            code = "02"
        elif r < 0.7:
            code = pick(AREA_CODES[1:])
        elif r < 0.85:
            code = "070"
        else:
            code = f"050{RNG.randint(2, 8)}"
        mid = 4 if code == "070" or (code.startswith("050") and RNG.random() < 0.8) else pick([3, 4])
        groups = [code, digits(mid, "23456789"), digits(4)]
        style = choose_style("landline", near_hangul)
        if code.startswith(("050", "070")) and style == "intl_plus":
            continue
        text = phone_text(groups, style)
        if value_ok("landline", text):
            return [(text, "span", "landline", code, style)]


def gen_rrn_digits(era):
    while True:
        if era == "child":
            born = RRN_REFORM + datetime.timedelta(days=RNG.randint(0, 1880))
        elif era == "foreign":
            born = datetime.date(1965, 1, 1) + datetime.timedelta(days=RNG.randint(0, 14600))
        else:
            born = datetime.date(1950, 1, 1) + datetime.timedelta(days=RNG.randint(0, 21184))
        foreign = era == "foreign" or (era == "adult" and RNG.random() < 0.06)
        g = (1 if born.year < 2000 else 3) + RNG.randint(0, 1) + (4 if foreign else 0)
        head = born.strftime("%y%m%d") + str(g)
        if born >= RRN_REFORM:
            d = head + digits(6)
        elif foreign:
            body = head + f"{RNG.randint(0, 49) * 2:02d}" + digits(2) + str(RNG.randint(6, 9))
            d = body + str(rrn_check_foreign(body + "0"))
        else:
            body = head + digits(5)
            d = body + str(rrn_check_native(body + "0"))
        detail = ("foreign" if foreign else "native") + ("_new" if born >= RRN_REFORM else "")
        if rrn_valid(d) and value_kinds(d) <= {"rrn"}:
            return d, detail


def gen_rrn(near_hangul, era="adult"):
    d, detail = gen_rrn_digits(era)
    style = choose_style("rrn", near_hangul)
    a, b = d[:6], d[6:]
    text = {
        "hyphen": f"{a}-{b}",
        "plain": d,
        "space": f"{a} {b}",
        "spaced_hyphen": f"{a} - {b}",
        "fullwidth": f"{a}-{b}".translate(TO_FULLWIDTH),
        "en_dash": f"{a}\u2013{b}",
        "dot": f"{a}.{b}",
        "spaced_digits": " ".join(a) + " - " + " ".join(b),
    }[style]
    assert value_ok("rrn", text), text
    return [(text, "span", "rrn", detail, style)]


CARD_BRAND_WEIGHTS = {"visa": 34, "master": 30, "amex": 8, "jcb": 12, "unionpay": 8, "diners": 3, "discover": 5}
CARD_GROUPS = {16: (4, 4, 4, 4), 15: (4, 6, 5), 14: (4, 6, 4), 19: (4, 4, 4, 4, 3)}


def split_groups(d, sizes):
    out, i = [], 0
    for n in sizes:
        out.append(d[i : i + n])
        i += n
    return out


def gen_card(near_hangul):
    while True:
        brand = weighted(CARD_BRAND_WEIGHTS)
        prefixes, lengths = CARD_BRANDS[brand]
        prefix = pick(prefixes)
        length = pick(lengths) if brand != "unionpay" else (16 if RNG.random() < 0.8 else 19)
        body = prefix + digits(length - 1 - len(prefix))
        d = body + luhn_digit(body)
        groups = split_groups(d, CARD_GROUPS[length])
        style = choose_style("card", near_hangul)
        if style == "mixed_sep":
            seps = [pick(["-", " "]) for _ in groups[1:]]
            while len(set(seps)) < 2:
                seps = [pick(["-", " "]) for _ in groups[1:]]
            text = groups[0] + "".join(s + g for s, g in zip(seps, groups[1:], strict=True))
        else:
            text = join_groups(groups, style)
        if card_valid(d) and card_brand(d) == brand and value_ok("card", text):
            return [(text, "span", "card", brand, style)]


def gen_account_digits(bank):
    _, grouping, prefixes = BANKS[bank]
    prefix = pick(prefixes)
    total = sum(grouping)
    if bank == "kb":
        d = digits(6, "123456789") + pick(["01", "02", "04", "21", "24", "25"]) + digits(6)
    else:
        d = prefix + digits(total - len(prefix), "123456789" if not prefix else "0123456789")
    return d, split_groups(d, grouping)


def account_text(groups, style):
    if style in ("hyphen", "plain", "space", "dot", "fullwidth", "spaced_digits", "hangul_digits"):
        return join_groups(groups, style)
    if style == "regroup":
        d = "".join(groups)
        while True:
            sizes, left = [], len(d)
            while left > 0:
                n = min(left, pick([3, 4, 4, 5]))
                sizes.append(n)
                left -= n
            if tuple(sizes) != tuple(len(g) for g in groups) and sizes[-1] >= 2:
                return "-".join(split_groups(d, sizes))
    raise ValueError(style)


def gen_account(near_hangul, bank=None):
    bank = bank or weighted(BANK_WEIGHTS)
    while True:
        d, groups = gen_account_digits(bank)
        style = choose_style("account", near_hangul)
        text = account_text(groups, style)
        if value_ok("account", text):
            return bank, [(text, "span", "account", bank, style)]


def gen_bankacct(near_hangul, bank=None):
    bank, segs = gen_account(near_hangul, bank)
    name = pick(BANKS[bank][0])
    if RNG.random() < 0.8:
        sep = pick([" ", " ", " ", ": ", " / ", " 계좌 "])
        return [(name + sep, None, None, None, None)] + segs
    return segs + [(pick([f" ({name})", f" {name}", f"({name})"]), None, None, None, None)]


def email_local(detail):
    g, s = pick(GIVEN_ROMAN), pick(SURNAME_ROMAN)
    if detail in ("company", "co_kr", "gtld", "or_kr", "go_kr") and RNG.random() < 0.55:
        return pick(ROLE_LOCALS)
    form = RNG.randint(0, 6)
    if form == 0:
        return f"{g}.{s}"
    if form == 1:
        return f"{s}{g}"
    if form == 2:
        return f"{g}{RNG.randint(70, 99) if RNG.random() < 0.5 else RNG.randint(1, 31):02d}"
    if form == 3:
        return f"{g}_{s}{RNG.randint(0, 99):02d}"
    if form == 4:
        return f"{pick(WORD_LOCALS)}{RNG.randint(1, 999)}"
    if form == 5:
        return f"{g[0]}{s}.{pick(WORD_LOCALS).split('.')[0]}"
    return f"{s}.{g}{RNG.randint(1, 9)}"


def gen_email_address(genre):
    brands, gtlds = BRANDS[genre]
    table = {"portal": 44, "company": 11, "co_kr": 10, "ac_kr": 6, "go_kr": 4, "or_kr": 5, "cctld": 8, "gtld": 12}
    if genre == "student_council":
        table["ac_kr"] = 30
    detail = weighted(table)
    local = email_local(detail)
    domain = {
        "portal": lambda: pick(PORTALS),
        "company": lambda: pick(brands) + pick([".com", ".net", ".kr"]),
        "co_kr": lambda: pick(brands) + ".co.kr",
        "ac_kr": lambda: pick(["", "", "mail."]) + pick(UNIVERSITIES) + ".ac.kr",
        "go_kr": lambda: pick(GOV_DOMAINS) + ".go.kr",
        "or_kr": lambda: pick(ORG_DOMAINS) + ".or.kr",
        "cctld": lambda: pick(CC_PORTALS) if RNG.random() < 0.5 else pick(brands) + pick(CC_SUFFIXES),
        "gtld": lambda: pick(brands) + "." + pick(gtlds),
    }[detail]()
    return local, domain, detail


def email_text(local, domain, style):
    if style == "plain":
        return f"{local}@{domain}"
    if style == "obf_paren_at":
        return pick([f"{local}(at){domain}", f"{local} (at) {domain}"])
    if style == "obf_bracket_at":
        return pick([f"{local}[at]{domain}", f"{local} [at] {domain}"])
    if style == "obf_hangul_at":
        return pick([f"{local} 골뱅이 {domain}", f"{local}골뱅이{domain}"])
    if style == "obf_spaced_at":
        return f"{local} @ {domain}"
    if style == "obf_fullwidth_at":
        return f"{local}＠{domain}"
    if style == "obf_words":
        return f"{local} at {domain.replace('.', ' dot ')}"
    if style == "obf_bracket_dot":
        return f"{local}@{domain.replace('.', pick(['[.]', '[dot]']))}"
    if style == "obf_hangul_dot":
        return f"{local} 골뱅이 {domain.replace('.', pick([' 쩜 ', ' 점 ']))}"
    raise ValueError(style)


def gen_email(near_hangul, genre):
    while True:
        local, domain, detail = gen_email_address(genre)
        style = choose_style("email", near_hangul)
        text = email_text(local, domain, style)
        if value_ok("email", text) and email_valid(f"{local}@{domain}"):
            return [(text, "span", "email", detail, style)]


def gen_ip_address():
    if RNG.random() < 0.72:
        while True:
            first = pick(KR_V4_FIRST) if RNG.random() < 0.8 else RNG.randint(1, 223)
            addr = f"{first}.{RNG.randint(0, 255)}.{RNG.randint(0, 255)}.{RNG.randint(1, 254)}"
            if ip_global(addr) and value_kinds(addr) <= {"ip"}:
                return addr, "v4"
    while True:
        groups = pick(V6_PREFIXES).split(":") + [f"{RNG.randint(0, 0xFFFF):x}" for _ in range(6)]
        if RNG.random() < 0.7:
            start = RNG.randint(2, 6)
            for i in range(start, min(8, start + RNG.randint(1, 3))):
                groups[i] = "0"
        addr = ipaddress.IPv6Address(":".join(groups)).compressed
        if ip_global(addr) and value_kinds(addr) <= {"ip"}:
            return addr, "v6"


def gen_ip(near_hangul):
    addr, detail = gen_ip_address()
    style = choose_style("ipv4" if detail == "v4" else "ipv6", near_hangul)
    if style in ("dotted", "compressed"):
        text = addr
    elif style == "defang_brackets" and detail == "v4":
        text = addr.replace(".", "[.]") if RNG.random() < 0.5 else addr[::-1].replace(".", "].[", 1)[::-1]
    elif style == "defang_brackets":
        text = addr.replace(":", "[:]")
    elif style == "defang_paren":
        text = addr.replace(".", "(.)")
    elif style == "fullwidth":
        text = addr.translate(TO_FULLWIDTH)
    elif style == "exploded":
        text = ipaddress.IPv6Address(addr).exploded
    else:
        text = addr.upper()
    assert value_ok("ip", text), text
    return [(text, "span", "ip", detail, style)]


# ---------------------------------------------------------------- decoy generators

QTY_RANGES = {"권": (3, 60), "명": (2, 30), "명~big": (60, 4800), "회": (1, 40), "시간": (1, 12)}
QTY_RANGES.update({"bpm": (62, 178), "spm": (150, 188)})
QTY_RANGES.update({"쪽": (2, 480), "표": (12, 3400), "건": (3, 260), "마리": (1, 40), "일": (1, 30), "개월": (2, 12)})
QTY_RANGES.update({"년": (1, 10), "짝": (6, 40), "포대": (2, 30), "포기": (5, 50), "주": (4, 30), "단": (2, 3)})
QTY_RANGES.update({"위": (1, 10), "차": (1, 6), "인": (3, 7), "곳": (2, 9), "벌": (5, 80), "자": (10, 20)})
MEASURE_RANGES = {"L": (1, 5, 0), "ml": (50, 500, 0), "cm": (10, 60, 0), "평": (18, 60, 0), "℃": (-12, 34, 0)}
MEASURE_RANGES.update({"m/s": (2, 14, 0), "m": (120, 2400, 0), "kHz": (44, 48, 1), "dB": (-92, -58, 0)})
MEASURE_RANGES.update({"ng/mL": (0.3, 6.5, 2), "kg": (1.2, 95, 1), "kg~pet": (2, 8.5, 1), "kg~person": (45, 95, 0)})
MEASURE_RANGES.update({"kg~glider": (70, 115, 0), "kg~feed": (2, 20, 0), "kg~harvest": (3, 60, 1)})
MEASURE_RANGES.update({"kg~load": (150, 500, 0)})
MEASURE_RANGES.update({"kg~rice": (10, 40, 0), "kg~limit": (95, 110, 0), "m~drone": (30, 150, 0), "℃~ice": (-8, -3, 0)})
MEASURE_RANGES.update({"℃~fridge": (2, 8, 0), "cm~squeegee": (25, 45, 0)})
MEASURE_CHOICES = {"kHz": ["44.1kHz", "48kHz", "96kHz"], "mg": [f"{n}mg" for n in (100, 125, 200, 250, 325, 500, 650)]}
MEASURE_CHOICES["mm"] = [f"{n}mm" for n in range(220, 290, 5)]
DECOY_RANK = ["masked_rrn", "invalid_rrn", "corp_reg", "masked_card", "giftcard_pin", "masked_account"]
DECOY_RANK += ["masked_mobile", "masked_landline", "bad_area_phone", "relay_0500", "tollfree_080", "rep_number"]
DECOY_RANK += ["masked_email", "masked_ip", "private_ip", "partial_ip", "short_number", "biz_reg", "animal_reg_no"]
DECOY_RANK += ["git_remote", "mention", "npm_scope", "image_2x", "student_id", "employee_id", "member_no"]
DECOY_RANK += ["registered_mail", "tracking_no", "order_no", "approval_no", "cvc", "expiry", "otp", "meeting_id"]
DECOY_RANK += ["reservation_no", "receipt_no", "invoice_no", "claim_no", "policy_no", "case_no", "notice_no"]
DECOY_RANK += ["contract_no", "prescription_no", "bib_number", "plate", "door_code", "password", "wifi_ssid"]
DECOY_RANK += ["postal_code", "port", "coordinates", "uuid", "hash", "serial", "lot_no", "drug_code", "ean", "isbn"]
DECOY_RANK += ["model_code", "version", "datetime", "date", "time", "time_range", "year", "age", "price"]
DECOY_RANK += ["quantity", "measurement", "duration", "distance", "pace", "race_time", "statistic", "score"]
DECOY_RANK += ["episode", "floor", "room", "plot_no", "location_code", "size", "exit_no"]


def rand_date(lo=2025, hi=2027):
    return datetime.date(lo, 1, 1) + datetime.timedelta(days=RNG.randint(0, (hi - lo + 1) * 365 - 1))


def d_date(_):
    day = rand_date()
    return pick(
        [
            f"{day:%Y-%m-%d}",
            f"{day:%Y.%m.%d}",
            f"{day.year}. {day.month}. {day.day}.",
            f"{day.month}월 {day.day}일",
            f"{day.month}/{day.day}",
            f"{day:%y.%m.%d}",
            f"{day.year}년 {day.month}월 {day.day}일",
            f"{day.month}.{day.day}",
        ]
    )


def d_datetime(_):
    day = rand_date()
    h, m, s = RNG.randint(0, 23), RNG.randint(0, 59), RNG.randint(0, 59)
    return pick([f"{day:%Y-%m-%d} {h:02d}:{m:02d}:{s:02d}", f"{day:%Y.%m.%d} {h:02d}:{m:02d}"])


def d_time(_):
    h, m = RNG.randint(6, 22), pick([0, 0, 10, 20, 30, 30, 40, 50])
    half = "오전" if h < 12 else "오후"
    h12 = h if h <= 12 else h - 12
    return pick([f"{h:02d}:{m:02d}", f"{half} {h12}시", f"{half} {h12}시 {m}분" if m else f"{h12}시", f"{h}:{m:02d}"])


def d_time_range(_):
    a = RNG.randint(6, 13)
    b = RNG.randint(a + 3, 23)
    forms = [f"{a:02d}:00~{b:02d}:00", f"{a:02d}:00-{b:02d}:00", f"{a}시~{b}시"]
    if a < 12 < b:
        forms.append(f"오전 {a}시~오후 {b - 12}시")
    return pick(forms)


def d_price(arg):
    size = arg or pick("smm")
    n = {"s": RNG.randint(2, 100) * 500, "m": RNG.randint(6, 100) * 5000, "l": RNG.randint(50, 500) * 10000}[size]
    if n % 10000 == 0 and RNG.random() < 0.4:
        return f"{n // 10000}만원"
    if n > 10000 and n % 10000 and n % 1000 == 0 and RNG.random() < 0.2:
        return f"{n // 10000}만 {n % 10000 // 1000}천원"
    return pick([f"{n:,}원", f"₩{n:,}", f"{n:,}원"])


def d_quantity(key):
    key = key or "개"
    lo, hi = QTY_RANGES.get(key, (1, 30))
    n = RNG.randint(lo, hi)
    return f"{n:,}{key.split('~')[0]}"


def d_measurement(key):
    if key in MEASURE_CHOICES:
        return pick(MEASURE_CHOICES[key])
    unit = key.split("~")[0]
    lo, hi, dec = MEASURE_RANGES.get(key, (1, 100, 0))
    x = RNG.uniform(lo, hi)
    return f"{x:.{dec}f}{unit}" if dec else f"{round(x)}{unit}"


def d_duration(_):
    hours = f"{RNG.randint(1, 3)}시간 {RNG.randint(1, 5)}0분"
    return pick([f"{RNG.randint(10, 50)}분", f"{RNG.randint(1, 5)}시간", hours])


def d_distance(_):
    return pick(["5km", "10km", "21.0975km", "42.195km", f"{RNG.randint(3, 32)}km", f"{RNG.randint(2, 9)}00m"])


def d_pace(_):
    return f"{RNG.randint(4, 7)}:{RNG.randint(0, 59):02d}/km"


def d_race_time(_):
    return f"{RNG.randint(1, 5)}:{RNG.randint(0, 59):02d}:{RNG.randint(0, 59):02d}"


def d_floor(_):
    return pick([f"{RNG.randint(1, 25)}층", f"B{RNG.randint(1, 3)}층", f"{RNG.randint(1, 5)}층"])


def d_room(_):
    return pick([f"{RNG.randint(1, 25)}{RNG.randint(1, 12):02d}호", f"{RNG.randint(1, 5)}{RNG.randint(1, 30):02d}호"])


def d_year(_):
    return f"{RNG.randint(1955, 2012)}년"


def d_age(arg):
    if arg == "pet":
        return pick([f"{RNG.randint(1, 15)}살", f"{RNG.randint(2, 11)}개월"])
    lo, hi = (6, 13) if arg == "kid" else (19, 64)
    return pick([f"{RNG.randint(lo, hi)}세", f"{RNG.randint(lo, hi)}살"])


def d_expiry(_):
    return f"{RNG.randint(1, 12):02d}/{RNG.randint(26, 31)}"


def d_number(n, first="123456789"):
    return digits(n, first)


def ymd():
    return f"{rand_date():%Y%m%d}"


def d_order_no(_):
    return pick([f"ORD-{ymd()}-{digits(4)}", f"{ymd()}{digits(6)}", f"A{digits(10)}", f"KR{digits(8)}"])


def d_tracking_no(_):
    return pick([digits(12, "3456789"), digits(13, "6"), f"{digits(4, '5689')} {digits(4)} {digits(4)} {digits(1)}"])


def d_reservation_no(_):
    return pick([f"R{ymd()[2:]}-{digits(4)}", f"BK{digits(8)}", f"{pick(['A', 'B', 'C'])}{digits(3)}-{digits(3)}"])


def d_biz_reg(_):
    body = digits(3, "123456789") + f"{RNG.randint(1, 99):02d}" + digits(4)
    w = (1, 3, 7, 1, 3, 7, 1, 3, 5)
    s = sum(int(a) * b for a, b in zip(body, w, strict=True)) + int(body[8]) * 5 // 10
    d = body + str((10 - s % 10) % 10)
    return f"{d[:3]}-{d[3:5]}-{d[5:]}"


def d_corp_reg(_):
    while True:
        body = pick(["1101", "1301", "1345", "1744", "2001", "1201", "1358", "1601"]) + pick(["11", "11", "12", "14"])
        body += digits(6)
        s = sum(int(a) * (1 if i % 2 == 0 else 2) for i, a in enumerate(body))
        d = body + str((10 - s % 10) % 10)
        if not rrn_loose(d):
            return f"{d[:6]}-{d[6:]}"


def d_masked_rrn(arg):
    d, _ = gen_rrn_digits("child" if arg == "child" else "adult")
    a, g = d[:6], d[6]
    forms = [f"{a}-{g}******", f"{a}-*******", f"{a}-{g}XXXXXX", f"{a}-{g}●●●●●●", f"{a[:4]}**-{g}******"]
    return pick(forms + [f"{a}-{g}xxxxxx", f"{a} - {g}******"])


def d_invalid_rrn(_):
    d, _ = gen_rrn_digits("adult")
    if RNG.random() < 0.5:
        d = d[:2] + pick([f"{RNG.randint(13, 19)}{d[4:6]}", f"{d[2:4]}{RNG.randint(32, 39)}"]) + d[6:]
    else:
        bad = [c for c in "0123456789" if int(c) not in (rrn_check_native(d), rrn_check_foreign(d))]
        d = d[:12] + pick(bad)
    return f"{d[:6]}-{d[6:]}"


def d_masked_mobile(_):
    b, c = digits(4, "23456789"), digits(4)
    forms = [f"010-****-{c}", f"010-{b[:2]}**-{c}", f"010-{b}-****", f"010-XXXX-{c}", f"010-●●●●-{c}"]
    return pick(forms + [f"010****{c}", f"010-{b}-**{c[2:]}", "010-****-****", f"010-{b[:1]}***-{c}"])


def d_masked_landline(_):
    area = pick(AREA_CODES + ("070",))
    b, c = digits(pick([3, 4]), "23456789"), digits(4)
    forms = [f"{area}-{'*' * len(b)}-{c}", f"{area}-{b}-****", f"({area}) ***-{c}", f"{area}-XXX-{c}"]
    return pick(forms)


def d_masked_email(_):
    local, domain = email_local("portal"), pick(PORTALS)
    k = max(1, min(3, len(local) // 2))
    stars = "*" * RNG.randint(3, 5)
    forms = [f"{local[:k]}{stars}@{domain}", f"{local}@{domain[0]}{stars}.{domain.rsplit('.', 1)[1]}"]
    return pick(forms + [f"{local[:k]}{stars}@{domain[0]}{stars}.{domain.rsplit('.', 1)[1]}"])


def d_masked_card(_):
    d = pick(["4", "5", "35", "9"]) + digits(15)
    d = d[:16]
    forms = [f"{d[:4]}-{d[4:6]}**-****-{d[12:]}", f"{d[:4]}-****-****-{d[12:]}", f"{d[:6]}******{d[12:]}"]
    return pick(forms + [f"****-****-****-{d[12:]}", f"{d[:4]} **** **** {d[12:]}", f"{d[:4]}-{d[4:8]}-****-****"])


def d_masked_account(bank):
    _, groups = gen_account_digits(bank or weighted(BANK_WEIGHTS))
    i = pick([j for j, g in enumerate(groups) if j and len(g) >= 3])
    masked = [g if j != i else "*" * len(g) for j, g in enumerate(groups)]
    last = groups[-1]
    tail = groups[:-1] + ["*" * (len(last) - 2) + last[-2:]] if len(last) > 3 else masked
    return pick(["-".join(masked), "-".join(tail), "".join(groups)[:3] + "*" * 6 + "".join(groups)[-3:]])


def d_masked_ip(_):
    a = pick(KR_V4_FIRST)
    b = RNG.randint(0, 255)
    return pick([f"{a}.{b}.*.*", f"{a}.{b}.***.{RNG.randint(1, 254)}", f"{a}.{b}.x.x", f"{a}.{b}.xxx.xxx"])


def d_partial_ip(_):
    return f"{pick(KR_V4_FIRST)}.{RNG.randint(0, 255)}"


def d_private_ip(_):
    r = RNG.random()
    if r < 0.8:
        net = pick(["10.0.0.0/8", "172.16.0.0/12", "192.168.0.0/16", "127.0.0.0/8", "169.254.0.0/16"])
        net = pick([net, net, "100.64.0.0/10", "192.0.2.0/24", "198.51.100.0/24", "203.0.113.0/24"])
        network = ipaddress.ip_network(net)
        return str(network[RNG.randint(1, network.num_addresses - 2)])
    return pick([f"fe80::{RNG.randint(1, 0xFFFF):x}:{RNG.randint(1, 0xFFFF):x}", f"fd{RNG.randint(0, 255):02x}::1"])


def d_port(_):
    return pick(["80", "443", "8080", "8443", "1935", "3389", "5000", "8000", "9000", "22", "554", "8554", "3000"])


def d_image_2x(_):
    stem = pick(["logo", "icon_home", "btn_close", "banner_main", "profile", "thumb", "cover", "ic_arrow"])
    return f"{stem}@{pick(['2x', '3x'])}.{pick(['png', 'jpg', 'webp', 'svg'])}"


def org_name():
    return pick([b for brands, _ in BRANDS.values() for b in brands])


def d_git_remote(_):
    repo = pick(["web", "site", "app", "homepage", "infra", "booking"])
    return f"git@{pick(['github.com', 'gitlab.com', 'bitbucket.org'])}:{org_name()}/{repo}.git"


def d_npm_scope(_):
    return f"@{org_name()}/{pick(['ui-kit', 'player', 'utils', 'icons', 'api-client', 'theme'])}"


def d_mention(_):
    handle = pick([pick(GIVEN_ROMAN), f"{pick(GIVEN_ROMAN)}_{pick(SURNAME_ROMAN)}", org_name(), pick(WORD_LOCALS)])
    return "@" + handle.replace(".", "_") + pick(["", "", "_official", str(RNG.randint(1, 99))])


def d_coordinates(_):
    lat, lon = RNG.uniform(33.2, 38.5), RNG.uniform(126.1, 129.5)
    if RNG.random() < 0.7:
        return f"{lat:.4f}, {lon:.4f}"
    return f"N{int(lat)}°{int(lat % 1 * 60)}′ E{int(lon)}°{int(lon % 1 * 60)}′"


def d_statistic(_):
    if RNG.random() < 0.1:
        return f"{RNG.uniform(0.1, 9):.1f}%p"
    return pick([f"{RNG.uniform(0.5, 99):.1f}%", f"{RNG.randint(1, 95)}%"])


def d_score(_):
    return pick([f"{RNG.uniform(3, 5):.1f}점", f"{RNG.randint(60, 100)}점", f"{RNG.uniform(3, 5):.1f}/5"])


def d_episode(_):
    n = RNG.randint(3, 240)
    return pick([f"EP.{n}", f"{n}화", f"#{n}"])


def d_hash(_):
    n = pick([7, 12, 40, 64])
    return f"{RNG.getrandbits(n * 4):0{n}x}"


def d_uuid(_):
    return str(uuid.UUID(int=RNG.getrandbits(128), version=4))


def alnum(n):
    return "".join(pick("ABCDEFGHJKLMNPQRSTUVWXYZ0123456789") for _ in range(n))


def d_serial(_):
    return pick([f"SN-{alnum(4)}-{alnum(4)}", f"S{alnum(9)}", f"{alnum(4)}-{alnum(4)}-{alnum(4)}"])


def d_model_code(_):
    return f"{pick(['WC', 'GX', 'SM', 'KX', 'AT', 'HP', 'ZR', 'MV', 'PL'])}-{digits(3)}{pick(['', 'X', 'B', 'N', 'S'])}"


def d_version(_):
    a, b, c = RNG.randint(0, 9), RNG.randint(0, 20), RNG.randint(0, 30)
    return pick([f"v{a}.{b}.{c}", f"{a}.{b}", f"{a}.{b}.{c}", f"v{a}.{b}.{c}.{RNG.randint(1, 999)}"])


def ean_check(body):
    s = sum(int(c) * (3 if i % 2 else 1) for i, c in enumerate(body))
    return str((10 - s % 10) % 10)


def d_ean(_):
    body = "880" + digits(9)
    return body + ean_check(body)


def d_isbn(_):
    pre = pick(["978-89", "979-11"])
    body = pre + "-" + digits(4, "123456789") + "-" + digits(3)
    return body + "-" + ean_check(body.replace("-", ""))


def d_giftcard_pin(_):
    while True:
        d = digits(pick([16, 18]), "123456789")
        if not luhn_ok(d):
            return "-".join(split_groups(d, (4, 4, 4, 4) if len(d) == 16 else (4, 4, 4, 6)))


def d_bad_area_phone(_):
    return f"{pick(BAD_AREA_CODES)}-{digits(pick([3, 4]), '23456789')}-{digits(4)}"


def d_rep_number(_):
    heads = ["1588", "1577", "1544", "1566", "1599", "1600", "1644", "1661", "1670", "1688", "1800", "1811", "1899"]
    return f"{pick(heads)}-{digits(4)}"


def d_tollfree_080(_):
    return pick([f"080-{digits(3, '23456789')}-{digits(4)}", f"080-{digits(4, '23456789')}-{digits(4)}"])


def d_relay_0500(_):
    return f"{pick(['0500', '0501'])}-{digits(pick([3, 4]), '23456789')}-{digits(4)}"


def d_short_number(_):
    return pick(["112", "119", "120", "114", "1330", "182", "1339", "1366", "131", "110"])


PLATE_SYLLABLES = "가나다라마거너더러머버서어저고노도로모보소오조구누두루무부수우주"


def d_id_like(kind):
    year = RNG.randint(2019, 2026)
    table = {
        "approval_no": lambda: digits(8),
        "cvc": lambda: digits(3),
        "otp": lambda: digits(6),
        "invoice_no": lambda: f"INV-{year}-{digits(5)}",
        "receipt_no": lambda: pick([f"{ymd()}-{digits(4)}-{digits(4)}", f"R{digits(11)}"]),
        "claim_no": lambda: pick([f"CL{year}{digits(7)}", f"{year}-{digits(7)}"]),
        "policy_no": lambda: pick([f"P{digits(11)}", f"{digits(3)}-{digits(7)}-{digits(2)}"]),
        "registered_mail": lambda: digits(13, "1"),
        "case_no": lambda: pick([f"{year}-{pick(['민원', '신고', '접수'])}-{digits(4)}", f"{year}가단{digits(5)}"]),
        "notice_no": lambda: f"{pick(['경기', '서울', '인천'])}-{pick(['고양', '마포', '수원'])}-{year}-{digits(5)}",
        "contract_no": lambda: pick([f"SN{year}-{digits(4)}", f"C-{digits(6)}"]),
        "prescription_no": lambda: f"{ymd()}-{digits(5)}",
        "member_no": lambda: pick([f"M-{digits(6)}", f"{digits(7)}"]),
        "student_id": lambda: pick([f"{year}{digits(6)}", f"{year % 100}{digits(6)}"]),
        "employee_id": lambda: pick([f"EMP-{digits(5)}", digits(6)]),
        "postal_code": lambda: f"{RNG.randint(1, 63):02d}{digits(3)}",
        "meeting_id": lambda: pick([f"{digits(3)} {digits(4)} {digits(4)}", f"{digits(3)} {digits(3)} {digits(4)}"]),
        "plot_no": lambda: f"{pick('ABCD')}-{RNG.randint(1, 40)}",
        "location_code": lambda: f"{pick('ABCDEFG')}-{RNG.randint(1, 30):02d}",
        "bib_number": lambda: pick([f"{pick('ABCDF')}{digits(4)}", digits(5)]),
        "size": lambda: pick(["S(90)", "M(95)", "L(100)", "XL(105)", "2XL(110)"]),
        "plate": lambda: f"{RNG.randint(10, 399)}{pick(PLATE_SYLLABLES)} {digits(4)}",
        "door_code": lambda: pick([f"#{digits(4)}*", f"*{digits(4)}#", f"{digits(4)}#", f"#{digits(6)}"]),
        "wifi_ssid": lambda: f"{pick(['CATCAFE', 'Dallak', 'NYANG', 'iptime'])}_{pick(['5G', '2G', digits(4)])}",
        "password": lambda: f"{pick(['meow', 'nyang', 'catnip', 'dallak'])}{digits(4)}{pick(['!', '#', '*'])}",
        "drug_code": lambda: digits(9, "6"),
        "lot_no": lambda: f"{RNG.randint(22, 26)}{pick('ABCDEF')}{digits(3)}",
        "animal_reg_no": lambda: "410" + digits(12),
        "exit_no": lambda: f"{RNG.randint(1, 12)}번 출구",
        "tracking_no": lambda: d_tracking_no(None),
        "order_no": lambda: d_order_no(None),
        "reservation_no": lambda: d_reservation_no(None),
    }
    return table[kind]()


DECOYS = {
    "date": ("date", d_date),
    "datetime": ("datetime", d_datetime),
    "time": ("time", d_time),
    "time_range": ("time_range", d_time_range),
    "price": ("price", d_price),
    "qty": ("quantity", d_quantity),
    "measure": ("measurement", d_measurement),
    "duration": ("duration", d_duration),
    "distance": ("distance", d_distance),
    "pace": ("pace", d_pace),
    "race_time": ("race_time", d_race_time),
    "floor": ("floor", d_floor),
    "room": ("room", d_room),
    "year": ("year", d_year),
    "age": ("age", d_age),
    "expiry": ("expiry", d_expiry),
    "biz_reg": ("biz_reg", d_biz_reg),
    "corp_reg": ("corp_reg", d_corp_reg),
    "masked_rrn": ("masked_rrn", d_masked_rrn),
    "invalid_rrn": ("invalid_rrn", d_invalid_rrn),
    "masked_mobile": ("masked_mobile", d_masked_mobile),
    "masked_landline": ("masked_landline", d_masked_landline),
    "masked_email": ("masked_email", d_masked_email),
    "masked_card": ("masked_card", d_masked_card),
    "masked_account": ("masked_account", d_masked_account),
    "masked_ip": ("masked_ip", d_masked_ip),
    "partial_ip": ("partial_ip", d_partial_ip),
    "private_ip": ("private_ip", d_private_ip),
    "port": ("port", d_port),
    "image_2x": ("image_2x", d_image_2x),
    "git_remote": ("git_remote", d_git_remote),
    "npm_scope": ("npm_scope", d_npm_scope),
    "mention": ("mention", d_mention),
    "coordinates": ("coordinates", d_coordinates),
    "statistic": ("statistic", d_statistic),
    "score": ("score", d_score),
    "episode": ("episode", d_episode),
    "hash": ("hash", d_hash),
    "uuid": ("uuid", d_uuid),
    "serial": ("serial", d_serial),
    "model_code": ("model_code", d_model_code),
    "version": ("version", d_version),
    "ean": ("ean", d_ean),
    "isbn": ("isbn", d_isbn),
    "giftcard_pin": ("giftcard_pin", d_giftcard_pin),
    "bad_area_phone": ("bad_area_phone", d_bad_area_phone),
    "rep_number": ("rep_number", d_rep_number),
    "tollfree_080": ("tollfree_080", d_tollfree_080),
    "relay_0500": ("relay_0500", d_relay_0500),
    "short_number": ("short_number", d_short_number),
}
ID_LIKE = ["approval_no", "cvc", "otp", "invoice_no", "receipt_no", "claim_no", "policy_no", "registered_mail"]
ID_LIKE += ["case_no", "notice_no", "contract_no", "prescription_no", "member_no", "student_id", "employee_id"]
ID_LIKE += ["postal_code", "meeting_id", "plot_no", "location_code", "bib_number", "size", "plate", "door_code"]
ID_LIKE += ["wifi_ssid", "password", "drug_code", "lot_no", "animal_reg_no", "exit_no", "tracking_no", "order_no"]
ID_LIKE += ["reservation_no"]
for _name in ID_LIKE:
    DECOYS[_name] = (_name, d_id_like)
ALIASES = {"bib": "bib_number", "plot": "plot_no", "shelf": "location_code", "wifi_pw": "password", "exit": "exit_no"}
# look-alikes that fill a value slot in a negative record, and the masked form used in positives
LOOKALIKES = {
    "rrn": ["masked_rrn", "masked_rrn", "corp_reg", "invalid_rrn"],
    "mobile": ["masked_mobile", "masked_mobile", "rep_number", "bad_area_phone", "tollfree_080", "relay_0500"],
    "landline": ["masked_landline", "rep_number", "tollfree_080", "relay_0500", "bad_area_phone", "short_number"],
    "email": ["masked_email", "masked_email", "masked_email", "mention"],
    "ip": ["private_ip", "private_ip", "masked_ip"],
    "card": ["masked_card", "masked_card", "giftcard_pin"],
    "account": ["masked_account"],
}
MASKED = {k: "masked_" + k for k in ("rrn", "mobile", "landline", "email", "ip", "card", "account")}


def gen_decoy(name, arg=None):
    name = ALIASES.get(name, name)
    kind, fn = DECOYS[name]
    for _ in range(500):
        text = fn(name if fn is d_id_like else arg)
        if not value_kinds(text):
            return [(text, "decoy", kind, None, None)]
    raise RuntimeError(f"no decoy for {name}")


# ---------------------------------------------------------------- genres: frames written for this set
# "-- v" opens a value frame, "-- f" a value-free frame; a line starting with "|" continues the line above
# ("| " with a space between). {slot} names a value, a decoy or a filler.

GENRES = {}

GENRES["window_cleaning"] = """
-- v
[견적 문의] 아파트 유리창 청소
이름: {name}
연락처: {mobile}
주소: 성남시 분당구 정자동 {room}
희망일: {date} 오전 / 창 개수 약 {qty:짝}
메모: 베란다 확장형이에요. 견적서는 {email} 로 보내주세요.
-- v
맑은창 유리창 청소 | 고층 로프·곤돌라 작업 | 상가·사무실·아파트
문의 {landline} / {mobile}
사업자등록번호 {biz_reg} · 평일 {time_range}
-- v
{name}님, 이번 달 급여 {price:l}은 {date}에 들어갑니다.
급여 신고 때문에 주민번호 한 번만 확인할게요. {rrn} 맞죠?
통장은 지난번에 주신 {bankacct}로 보낼게요. 사번은 {employee_id}예요.
-- v
지난주에 맡긴 유리창 청소 후기입니다. 기사님 두 분이 {duration} 만에 끝내셨고
| 비용은 {price:m} 나왔어요. 물자국 하나 없이 깔끔하네요.
| 사장님 번호 남겨요 {mobile} (광고 아니에요ㅎㅎ)
-- v
[맑은창] 작업 완료 안내
{name} 고객님, {date} 작업이 끝났습니다.
청구 금액: {price:m}
입금 계좌: {bankacct} (예금주 {name})
카드 결제는 {landline}으로 전화 주세요.
-- v
카드 결제 요청서
카드사: {cardco}
카드번호: {card}
유효기간: {expiry}
결제 금액: {price:m} (일시불)
영수증 받을 메일: {email}
-- v
관리사무소 알림
{date} {time_range} 외벽 유리창 청소가 있습니다.
곤돌라가 지나가는 동안 창문을 꼭 닫아 주세요.
문의: 관리사무소 {landline}, 작업팀장 {mobile}
-- v
[청소매칭 파트너센터] 새 기기에서 로그인했습니다.
일시: {datetime}
접속 IP: {ip}
본인이 아니면 비밀번호를 바꾸고 고객센터 {rep_number}로 알려 주세요.
-- v
로프공 모집합니다 (경력 {qty:년} 이상 우대)
일당 {price:m}, 숙소 제공, 장비 지급
이력서는 {email}로, 급한 분은 {mobile}로 문자 주세요.
-- v
고객: 사장님 내일 {time} 작업 맞죠?
사장: 네 맞습니다. 차는 지하 {floor}에 대시면 돼요.
고객: 혹시 늦으시면 제 번호 {mobile}로 연락 주세요
사장: 넵 저는 {mobile}입니다
-- v
환불 요청합니다. 예약번호 {reservation_no}인데 비 때문에 작업이 취소됐어요.
| 환불은 {bankacct}, 예금주는 {name}입니다.
| 연락은 {email} 또는 {phone}로 주세요.
-- f
유리창 청소 꿀팁 정리
- 물 {measure:L}에 식초 {measure:ml} 섞으면 물때가 잘 빠져요
- 햇빛 강한 {time_range}은 피하세요, 금방 말라서 얼룩이 남아요
- 스퀴지는 {measure:cm~squeegee}짜리가 집에서 쓰기 편합니다
-- f
[가격표] 아파트 {measure:평} 기준 {price:m}
베란다 확장형 추가 {price:s} · 방충망 세척 {price:s}
{date}까지 예약하시면 {statistic} 할인
-- f
{date} 강풍 예보(순간풍속 {measure:m/s})로 고층 작업이 모두 연기되었습니다.
| 재예약은 앱에서 예약번호 {reservation_no} 화면으로 하시면 됩니다.
-- f
안전교육 안내: {date} {time}, 본사 {floor} 교육장
지참물 안전모, 하네스(모델 {model_code}), 작업화
불참 시 {date}까지 보충 교육 필수
"""

GENRES["ice_rink"] = """
-- v
[피겨 기초반 수강 신청서]
수강생: {name} (만 {age:kid})
주민등록번호(상해보험 가입용): {rrn}
보호자 연락처: {mobile}
이메일: {email}
희망 시간: 토요일 {time}
-- v
{date} 정빙 작업으로 {time_range} 일반 대관이 중단됩니다.
| 단체 예약 문의는 링크 사무실 {landline}로 해 주세요.
-- v
피겨 스케이트 팝니다. 사이즈 {measure:mm}, {qty:회} 정도 탔어요.
| 날 연마는 {date}에 했고 가격은 {price:m}입니다.
| 직거래는 링크 앞에서, 연락은 {mobile} 문자 주세요
-- v
아이스하키 동호회 회비 안내
이번 분기 회비 {price:m}, {date}까지
{bankacct} (예금주 {name} 총무)
입금 후 {mobile}로 입금자명 보내 주세요.
-- v
코치님, 다음 달 수강료는 카드로 결제해 주세요.
카드번호 {card}
유효기간 {expiry} / 비밀번호는 전화로 알려드릴게요
제 번호는 {mobile}이에요.
-- v
[분실물] {date} 저녁 자유 스케이팅 시간에 검정색 하키 장갑을 잃어버렸어요.
| 장갑 안쪽에 이름({name})이 써 있어요. 보신 분은 {phone}로 연락 부탁드려요.
-- v
동계 클럽 대항전 참가 신청
선수명: {name} / 소속: {team} 클럽
주민등록번호: {rrn}
지도자: {name} ({mobile})
서류 제출: {email}
-- v
[대관 예약 시스템] 같은 IP에서 예약 시도가 반복되어 차단했습니다.
차단 IP: {ip} / 시도 {qty:회} / 시각 {datetime}
잘못 차단된 경우 {email}로 문의 바랍니다.
-- v
한빛 아이스링크 | 정규 규격 실내 빙상장
대표전화 {landline} · 팩스 {landline}
운영 {time_range} (월요일 휴장)
우편번호 {postal_code}
-- v
민준맘: 내일 대회 때 카풀 하실 분~ 저 {mobile}이요
서윤아빠: 저요! 차 번호 {plate} 흰색이에요
민준맘: 넵 {time}에 링크 주차장에서 봬요
-- v
강습 환불 요청서
수강생 {name} / 회원번호 {member_no}
사유: 부상 (진단서 첨부)
환불 계좌: {bankacct}
연락처 {phone} / {email}
-- f
{date} 빙상장 운영 시간
자유 스케이팅 {time_range}
하키 대관 {time_range}
입장료 성인 {price:s} · 청소년 {price:s}
(광고) 겨울방학 특강 안내 · 무료수신거부 {tollfree_080}
-- f
정빙기 점검({model_code}) 때문에 {date} {time}부터 {duration} 동안 입장이 제한됩니다.
| 빙판 온도는 {measure:℃~ice}로 유지하고 있습니다.
-- f
{date} 유소년 피겨 대회 결과
초급 {name} {score}, 중급 {name} {score}
심판 평균 편차 {statistic}
-- f
초보용 날 관리 팁이에요. 타고 나면 바로 수건으로 닦고 날집은 벗겨서 말리세요.
| 연마는 {qty:시간} 탈 때마다 한 번이 적당하고, 비용은 보통 {price:s}이에요.
"""

GENRES["podcast_studio"] = """
-- v
PD님 답장 드립니다. {episode} 출연료 정산 정보예요.
주민등록번호 {rrn}
입금 계좌 {bankacct}
금액 {price:m} 맞는지 확인 부탁드려요!
-- v
녹음실 대여 | 방음부스 {qty:개} · 마이크 {model_code}
시간당 {price:s} (최소 {qty:시간})
예약 {landline} · 이메일 {email}
-- v
라이브 송출 설정 공유합니다
RTMP 서버: rtmp://{ipport}/live
스트림 키는 단톡방에 올렸어요. 백업 서버는 {ip}입니다.
-- v
[모니터링] 스튜디오 NAS 외부 접속 감지
출발지 {ip} → 내부 {private_ip}:{port}
시각 {datetime}, 계정 {nick}
-- v
[협찬·광고 문의]
광고 단가표는 {date} 기준으로 새로 올렸습니다.
메일 {email} / 매니저 {name} {mobile}
-- v
{episode} 청취자 이벤트 당첨자 발표!
{nick}님, {nick}님 축하드려요. 상품 발송을 위해 {date}까지
| 받으실 주소와 연락처를 {email}로 보내주세요.
-- v
팀장님, 마이크 {qty:대} 구매 건 결제 부탁드립니다.
법인카드 {card} (유효기간 {expiry})로 주문하면 될까요?
견적 금액 {price:m}, 쇼핑몰 주문번호 {order_no}
-- v
이번 주 게스트는 {name} 변호사님입니다. 사무실 번호는 {landline}이고,
| 방송 후 상담 예약은 {email}로만 받으신대요.
-- v
게시판 도배 때문에 아래 IP 차단했습니다.
{ip}
{ip}
{ip}
억울하신 분은 {email}로 연락 주세요.
-- v
편집자: 원본은 커밋 {hash} 버전으로 올렸어요
PD: 확인! 편집비는 {bankacct}로 이번 주 안에 보낼게요
편집자: 감사합니다 세금계산서는 {email}로 부탁드려요
-- v
[출연 계약서 기재 사항]
성명: {name}
주민등록번호: {rrn}
주소: 서울시 마포구 합정동 {room}
전화: {mobile}
원격 녹음 회의 ID {meeting_id}
-- f
{episode} 쇼노트
{time} 오프닝 / {time} 본편 / {time} 청취자 사연
이번 화 다운로드 {qty:회}, 평점 {score}
-- f
마이크 비교 후기: {model_code} vs {model_code}
샘플레이트 {measure:kHz}, 노이즈 플로어 {measure:dB}로 측정했어요.
| 펌웨어는 {version}으로 올려야 잡음이 덜해요.
-- f
웹사이트 저장소 옮겼습니다: {git_remote}
플레이어는 {npm_scope} 패키지 쓰시면 되고, 로고는 {image_2x}로 바꿨어요.
배포 빌드 ID {uuid}
-- f
{date} 주간 통계: 재생 {qty:회}, 완주율 {statistic}, 평균 청취 {duration}
구독자 {qty:명~big} 돌파! 다음 목표는 {qty:명~big}입니다.
"""

GENRES["fertility_clinic"] = """
-- v
[초진 접수 기록지]
아내 {name} 주민번호 {rrn}
남편 {name} 주민번호 {rrn}
연락처 {mobile} · 보조 연락처 {mobile}
-- v
난임부부 시술비 지원 신청서
신청인: {name} ({rrn})
배우자: {name} ({rrn})
지원금 입금 계좌: {bankacct}
보건소 담당 {landline}
-- v
{date}부터 채취 당일 접수는 {time}까지입니다.
| 예약 변경은 진료 예약실 {landline}, 문자 상담은 {mobile}로만 받습니다.
-- v
시험관 {qty:차} 준비 중인데 병원 상담 실장님 번호 공유해요 {mobile}
| 주사 교육도 친절하게 해 주셨어요. 저는 {date}에 채취 예정이에요.
-- v
[봄날여성의원 환자 포털] 새 로그인이 확인되었습니다.
시각 {datetime}
접속 IP {ip}
인증번호 {otp}를 요청하지 않았다면 {landline}으로 연락해 주세요.
-- v
원무과입니다. 시술비 {price:l} 원격 결제 요청하신 카드 정보 확인 부탁드립니다.
카드번호 {card} / 유효기간 {expiry}
결제 완료되면 {email}로 영수증 보내드릴게요.
-- v
진료기록 사본 발급 신청서
환자 성명 {name}
주민등록번호 {rrn}
수령 방법: 이메일 ({email})
신청일 {date}
-- v
출생아 정보 (산후 검진 예약용)
아기 이름: {name}
아기 주민번호: {rrn_new}
엄마 연락처: {mobile}
-- v
주기 취소로 선결제 금액 {price:l}을 환불해 드립니다.
환불 계좌 {bankacct} 확인 부탁드리고, 문의는 원무과 {landline}.
-- v
간호사: {name}님 내일 {time}까지 공복으로 오세요
환자: 네! 혹시 남편 번호도 등록해 주실 수 있나요? {mobile}이에요
간호사: 등록했습니다 :)
-- v
외국인 환자 접수 / Foreign patient registration
Name: {latin_name}
외국인등록번호: {rrn_foreign}
Phone: {mobile} / E-mail: {email}
-- f
{date} 피검사 결과 AMH {measure:ng/mL}, 난포는 {qty:개} 보였어요.
| 선생님이 {date}부터 주사 시작하자고 하셨어요.
-- f
신선 배아 이식 본인부담 약 {price:m}
동결 배아 이식 약 {price:m}
지원 횟수 최대 {qty:회} ({date} 기준)
-- f
진료 시간 평일 {time_range}, 토요일 {time_range}
채혈실 {floor}, 시술실 {floor}
주차 {qty:시간} 무료 (차량번호 {plate} 등록 필요)
-- f
{date} 학회 발표 자료: 임상 임신율 {statistic}, 평균 연령 {age}, 표본 {qty:명~big}
"""

GENRES["used_books_exchange"] = """
-- v
[팝니다] 토지 전집 {qty:권} 일괄, {price:m}
ISBN {isbn} 판본이고 밑줄 없어요. 택배비 별도.
연락: {mobile} (문자만 받아요)
-- v
{date} 헌책 교환 장터가 열립니다. 장소는 구민회관 {floor}, 시간은 {time_range}.
| 참가 신청은 {email}, 문의는 {landline}.
-- v
[중고도서 매입 대장]
매도인 {name} · 주민번호 {rrn}
매입 {qty:권} / {price:m}
대금 입금 {bankacct}
-- v
책값 {price:s} 보내드릴게요. 계좌 {account} 맞나요?
| 운송장 번호는 {tracking_no}입니다.
-- v
중고책 거래 사기 조심하세요. 닉네임 {nick}, 번호 {mobile} 이 사람
| 선입금 받고 잠수탔습니다. 제가 입금한 계좌는 {bankacct}입니다.
-- v
헌책방 글벗 | 인문·사회과학 중고서적
전화 {landline} / 매입 상담 {mobile}
영업 {time_range}, 일요일 휴무 · 우편번호 {postal_code}
-- v
전화 주문 메모 ({date})
고객 {name}, 도서 {qty:권}
카드 {card} / 유효 {expiry} / 할부 {qty:개월}
연락처 {phone}
-- v
[운영자] 교환 게시판 무단 광고 글을 올린 IP {ip} 를 차단했습니다.
| 같은 대역({masked_ip})에서 또 올라오면 신고해 주세요.
-- v
구합니다: 절판된 시집 초판본 ({year} 발행)
| 가지고 계신 분은 {email} 로 사진 보내 주세요. 사례 후하게 합니다.
-- v
A: 책 상태 사진 받았어요! {price:s} 괜찮아요
B: 넵 카카오뱅크 {account:kakao}로 보내주세요 ㅎㅎ
A: 보냈어요~ 택배는 등기로 보내주세요, 등기번호 알려주시고요
B: {registered_mail} 입니다!
-- v
[택배 반품 접수]
보내는 분 {name} · {mobile}
받는 분 글벗서점 · {landline}
반품 사유: 파본 ({qty:쪽} 누락)
-- f
매입 기준가 안내 ({date})
문고판 {price:s} · 양장본 {price:s} · 전집 {qty:권} 이상은 별도 협의
-- f
『마당 깊은 집』 초판, {year} 발행, {qty:쪽}, ISBN {isbn}
상태 상 / 정가 {price:s} / 서가 위치 {shelf}
-- f
교환 독서 모임 {qty:회}차 후기: 참석 {qty:명}, 교환된 책 {qty:권}.
| 다음 모임은 {date} {time}입니다.
-- f
바코드 {ean}이 안 찍히면 ISBN {isbn}로 검색하세요. 재고 위치는 {shelf}입니다.
"""

GENRES["marathon_club"] = """
-- v
[춘천 마라톤 단체 접수 명단]
{name} / {rrn} / {mobile} / 풀코스
{name} / {rrn} / {mobile} / 하프
-- v
러닝크루 {date} 회비 공지: 월 {price:s}
{bankacct} (예금주 {name})
입금하고 단톡에 인증샷 올려주세요!
-- v
이번 주 정기런 {date} {time}, 여의나루역 {exit} 앞 집결
| 거리 {distance}, 페이스 {pace}. 늦으면 페이서 {mobile}로 연락 주세요.
-- v
한강 달리다가 갤럭시 워치 잃어버렸습니다 ({date} 저녁)
| 반포 쪽 {distance} 지점 근처예요. 찾아주시면 사례할게요 {mobile}
-- v
기록 계측 서버 접속 정보 (자원봉사 리더용)
관리 페이지 http://{ipport}/admin
예비 서버 {ip}
-- v
단체 티셔츠 {qty:벌} 주문했어요. 업체에서 카드번호를 달래서
| 총무 카드 {card}로 결제했고, 문의는 업체 {landline}입니다.
-- v
크루 후원 제안드립니다. 저희는 회원 {qty:명~big}의 러닝 크루이며
| 자세한 내용은 {email} 또는 {phone}로 연락 부탁드립니다.
-- v
{name}님, {date} 대회 접수가 완료되었습니다.
배번호: {bib}
기념품 사이즈: {size}
변경 문의: 사무국 {landline} / {email}
-- v
회장: 내일 급수 봉사 누구 오나요
{nick}: 저요! {time}까지 갈게요
회장: 굿 도착하면 {mobile}로 전화줘
-- v
비상 연락 카드 (배번 뒷면)
이름 {name} · 혈액형 B
비상연락처 {mobile} (배우자)
주민번호 {rrn}
보험 증권번호 {policy_no}
-- v
참가비 환불 계좌 변경 요청합니다.
접수번호 {reservation_no}, 새 계좌 {bankacct}, 예금주 본인입니다.
-- f
{date} 서울 하프 기록: {race_time} (PB!)
| 구간 {distance} {race_time}, 평균 심박 {qty:bpm}, 케이던스 {qty:spm}
-- f
{qty:주} 훈련표: 화 인터벌 {distance} / 목 템포런 {distance} / 토 장거리 {distance}
기록 인증 이벤트 상품 문화상품권 PIN {giftcard_pin}
-- f
남자 풀코스 {qty:위} {name} {race_time} / 여자 풀코스 {qty:위} {name} {race_time}
-- f
{date} 대회 당일 예보: 기온 {measure:℃}, 습도 {statistic}, 바람 {measure:m/s}
| 급수대는 {distance}마다 있습니다.
"""

GENRES["funeral_flowers"] = """
-- v
근조화환 주문서
보내는 분: {name} 외 직원 일동
받는 곳: 서울대병원 장례식장 {room}
주문자 연락처: {mobile}
결제: {cardco} {card}
-- v
전국 근조화환 당일 배송 | 주문 후 {qty:시간} 이내 도착
주문 {landline} · 대표번호 {rep_number}
카톡 상담 {mobile}
-- v
[부고] {name}님의 부친께서 {date} 별세하셨기에 삼가 알려드립니다.
빈소: 삼성서울병원 장례식장 {room}
발인: {date} {time}
마음 전하실 곳: {bankacct} (상주 {name})
-- v
[꽃배달] 주문하신 근조화환이 {time}에 빈소로 배송 완료되었습니다.
| 사진은 주문번호 {order_no}로 확인하세요. 문의 {landline}
-- v
총무팀 {name}입니다. 거래처 상가에 화환 하나 부탁드립니다.
| 세금계산서는 {email}로, 사업자번호는 {biz_reg}입니다. 담당자 번호 {phone}
-- v
화장 예약 접수 정보
고인 성명 {name}
고인 주민등록번호 {rrn}
신청인(상주) 연락처 {mobile}
-- v
사장님 화환 두 개 결제할게요. 카드번호 {card} 유효기간 {expiry}이고요,
| 리본 문구는 "삼가 고인의 명복을 빕니다", 보내는 이는 {name}입니다.
-- v
화환이 발인 뒤에 도착해서 환불 요청드립니다. 주문일 {date}, 금액 {price:m}.
| 환불 계좌 {bankacct}, 연락처 {mobile}
-- v
[쇼핑몰 관리자] 의심 주문 감지
주문번호 {order_no} / 결제 시도 {qty:회} / 접속 IP {ip}
해외 IP라 결제를 보류했습니다.
-- v
부고 알림
故 {name}님께서 {date} 영면하셨습니다.
상주 {name} {bankacct}
상주 {name} {bankacct}
장례식장 {landline}
-- v
법인 단체 주문 견적 요청드립니다. 화환 {qty:개}, 배송지 {qty:곳}.
| 법인등록번호 {corp_reg}, 견적서는 {email}로 받을게요. 급하면 {landline}로 전화 주세요.
-- f
근조 {qty:단} 화환 {price:m} / 근조 바구니 {price:m} / 쌀 화환 {measure:kg~rice} {price:m}
-- f
리본 문구 예시: 삼가 고인의 명복을 빕니다, 謹弔.
| 글자 수는 {qty:자} 이내, 배송은 보통 {qty:시간} 걸립니다.
-- f
{date} 배송 현황: 서울 {qty:건}, 경기 {qty:건}, 평균 도착 {duration}
| 야간 긴급 배송 문의는 대표번호 {rep_number}
-- f
명절 연휴 {date}~{date} 주문은 {time}까지 받습니다. 재고 코드 {serial}
"""

GENRES["rooftop_garden"] = """
-- v
옥상 텃밭 분양 신청서 ({date})
신청인 {name}
주민등록번호 {rrn}
휴대전화 {mobile}
희망 구획 {plot}
-- v
토마토 모종 {qty:포기} 나눔해요. 옥상 {floor} 정원으로 오시면 드려요.
| 문자 {mobile} 주세요. 선착순 {qty:명}!
-- v
자동 관수기 원격 접속 주소가 바뀌었습니다.
새 주소 {ipport} (관리자 계정은 그대로)
펌웨어 {version} 업데이트 완료
-- v
옥상녹화·텃밭 시공 | 방수층 점검 포함
상담 {landline} · 현장 실측 {mobile}
견적 요청 {email}
-- v
옥상정원 가꾸기 모임 연회비 {price:m}
{date}까지 {bankacct}로 보내주세요 (예금주 {name})
-- v
배양토 {qty:포대} 주문합니다. 카드번호 {card}, 유효기간 {expiry}.
| 배송지는 관리사무소이고, 받는 분 번호는 {mobile}입니다.
-- v
관리사무소 공지: {date} 옥상 방수 공사로 텃밭 출입이 {duration} 제한됩니다.
| 화분 이동 문의는 {landline} 또는 관리소장 메일 {email}
-- v
{nick}: 상추 다 자랐어요 내일 {time}에 수확해요
{nick}: 저 못 가요ㅠ 대신 {mobile}로 사진만 보내줘요
{nick}: 넵!
-- v
도시농업 지원사업 보조금 지급 안내
지급액 {price:l} / 지급일 {date}
입금 계좌 {bankacct}
구청 도시농업팀 {landline}
-- v
봉사 참여자 명단
{name} {mobile}
{name} {mobile}
{name} {email}
-- v
[스마트팜 알림] 토양 수분이 {statistic} 이하로 떨어졌습니다.
센서 {serial}, 게이트웨이 {ip}
알림 수신 {email}
-- f
{date} 파종: 상추, 쑥갓 / {date} 모종: 고추 {qty:주}, 가지 {qty:주}
-- f
옥상 하중 기준은 {measure:kg~load}/㎡입니다. 흙 깊이가 {measure:cm}를 넘지 않게 해 주세요.
-- f
올해 수확량 방울토마토 {measure:kg~harvest}, 상추 {measure:kg~harvest}. 작년보다 {statistic} 늘었어요.
-- f
드론 촬영 지점 {coordinates}, 고도 {measure:m~drone}, 촬영일 {date}
"""

GENRES["cat_cafe"] = """
-- v
알바 합격 축하드려요! 근로계약서 쓰려고 하니 아래 양식으로 회신 부탁해요.
성명 / 주민번호 / 급여 계좌
{name} / {rrn} / {bankacct}
-- v
고양이 다락방 | 입장료 {price:s} (음료 포함)
{time_range} · 연중무휴
매장 {landline} · 단체 예약 {mobile}
-- v
입양 신청서
신청자 {name} / {age}
연락처 {mobile}
이메일 {email}
희망 고양이: {pet_name} (추정 {age:pet})
-- v
고양이가 {qty:마리} 있는 카페인데 애들이 다 순해요. 음료는 {price:s}.
| 사장님이 분양 상담도 해주신대요 {phone}
-- v
매장 CCTV 원격 보기 설정
외부 접속 {ipport}
공유기 내부 주소 {private_ip}
-- v
파티룸 예약금 결제 부탁드려요
카드 {card} / 유효기간 {expiry} / 예약자 {name}
예약번호 {reservation_no}
-- v
안녕하세요, 촬영 협조 문의드려요. 저희 유튜브 채널 {mention} 운영 중이고
| {date} 오전 촬영 가능할까요? 답장은 {email}로 부탁드립니다.
-- v
구조묘 치료비 모금합니다. 목표 {price:l}, 현재 {statistic} 모였어요.
| 후원 계좌 {bankacct} (예금주 {name})
-- v
점장: 내일 오픈 {time}, 사료 {measure:kg~feed} 발주했어요
알바: 넵 사료 업체 번호 {landline} 맞죠?
점장: ㅇㅇ 그리고 급하면 내 번호로 {mobile}
-- v
제휴 동물병원: 행복동물병원 {landline}
| 야간 응급은 {mobile}, 진료 기록은 {email}로 공유됩니다.
-- v
예약 취소 환불 부탁드려요. {date} {time}에 {qty:명} 예약했던 {name}입니다.
| 환불은 {bankacct}로 해주세요
-- f
이용 수칙: 입장 시 손 소독, {age:kid} 미만은 보호자 동반, 간식은 {price:s} 별도
-- f
고양이 소개: {pet_name} {age:pet} {measure:kg~pet} / {pet_name} {age:pet} {measure:kg~pet}
-- f
와이파이 {wifi_ssid} / 비밀번호 {wifi_pw}
생일 이벤트 기프티콘 PIN {giftcard_pin} (매장 사용 불가)
-- f
아메리카노 {price:s} · 라떼 {price:s} · 츄르 {qty:개} {price:s}
"""

GENRES["paragliding"] = """
-- v
체험비행 예약 확인
탑승자 {name} ({measure:kg~person})
주민등록번호(보험 가입용) {rrn}
비상 연락처 {mobile}
-- v
단양 패러글라이딩 | 체험비행 {price:m}
예약 {landline} / {mobile}
활공장 좌표 {coordinates}
-- v
활공장 풍속계 데이터 서버 주소 공유해요
{ipport} (실시간 그래프)
장애 나면 관리자 {mobile}
-- v
패러 동호회 {date} 회비와 보험료 합계 {price:m}
{bankacct}
입금 확인은 총무 {name} {mobile}
-- v
조종사 자격 실기 응시 원서
성명 {name}
주민등록번호 {rrn}
연락처 {phone}
이메일 {email}
-- v
글라이더 {model_code} 중고로 팝니다. 비행 {qty:시간}, 이륙중량 {measure:kg~glider}
| 가격 {price:l}, 연락은 {mobile}
-- v
체험비행 {qty:명} 예약금 결제할게요.
카드번호 {card}
유효기간 {expiry}, 영수증은 {email}
-- v
사고 경위서 제출합니다. {date} {time} 착륙장 부근 불시착, 경상입니다.
| 보험 접수번호 {claim_no}, 추가 서류는 {email}로 보내겠습니다. 연락처 {mobile}
-- v
픽업 기사: 착륙장에서 {time}에 봬요
체험자: 네 제 번호 {mobile}입니다, 일행 번호는 {mobile}
-- v
Booking for tandem flight
Name: {latin_name}
외국인등록번호 (Alien reg. no.): {rrn_foreign}
Phone: {mobile}
Email: {email}
-- v
기상 악화로 비행이 취소되었습니다. 예약금 {price:m}은 {date}까지
| {bankacct}로 환불됩니다. 다른 계좌를 원하시면 {landline}로 알려주세요.
-- f
{date} 활공장 예보: 서풍 {measure:m/s}, 운저고도 {measure:m}, 기온 {measure:℃}
-- f
비행 기록: 이륙 {time}, 착륙 {time}, 최고 고도 {measure:m}, 체공 {duration}
-- f
체험비행 기본 {price:m} / 고급 {price:m} / 영상 촬영 추가 {price:m}
-- f
체중 {measure:kg~limit} 이하, 만 {age:kid} 이상 탑승 가능합니다. 활공장 도착은 {time}까지.
"""

GENRES["lost_pet_search"] = """
-- v
강아지를 찾습니다
이름: {pet_name} / 말티즈 / {age:pet} / 중성화 수컷
잃어버린 날: {date} 오후, 망원한강공원 입구
동물등록번호 {animal_reg_no}
보신 분은 {mobile} 로 꼭 연락 주세요. 사례금 {price:m}
-- v
고양이 임시 보호 중입니다. 노란 줄무늬, {measure:kg~pet} 정도예요.
| {date} 밤 연남동 주택가에서 발견했어요. 주인분은 {phone}으로 연락 주세요
-- v
동물등록 변경신고서
소유자 성명 {name}
소유자 주민등록번호 {rrn}
전화번호 {mobile}
등록번호 {animal_reg_no}
-- v
[유기동물 공고] 공고번호 {notice_no}
보호 장소: 시 동물보호센터 {landline}
공고 기간 {date}~{date}
-- v
전단지 인쇄비 도와주신 분들 감사해요. 남은 {price:m}은 보호소에 기부했어요.
| 혹시 더 도와주실 분은 {bankacct}
-- v
[관리자] 허위 제보 글을 반복해서 올린 IP {ip} 를 차단했습니다.
| 글쓴이 {nick}({partial_ip}) 글은 모두 삭제 처리했습니다.
-- v
반려동물 탐정 | 열화상 드론 수색
상담 {landline} / 현장팀 {mobile}
의뢰서 접수 {email}
-- v
안녕하세요, {date}에 잃어버린 고양이인데 마이크로칩({animal_reg_no})이 있어요.
| 혹시 병원에 들어오면 {email}이나 {mobile}로 알려주시겠어요?
-- v
제보자: 방금 편의점 앞에서 비슷한 강아지 봤어요
보호자: 정말요?? 지금 갈게요 제 번호 {mobile}
제보자: 저는 {mobile}이요 {time}까지 여기 있을게요
-- v
LOST CAT — 고양이를 찾습니다 ({pet_name}, {age:pet})
Call {mobile} / Email {email}
사례금 {price:m}
-- v
드론 수색 의뢰 결제 정보입니다
카드 {card} (유효기간 {expiry})
의뢰인 {name} {mobile}
학대 의심 신고 사건번호 {case_no}
-- f
실종 후 {qty:시간} 안이 제일 중요해요. 반경 {distance} 안부터 찾으세요.
-- f
{date} 기준 보호 중 {qty:마리}, 주인 반환율 {statistic}, 평균 보호 기간 {qty:일}
-- f
{date} 발견 위치 {coordinates}, 추정 나이 {age:pet}, 체중 {measure:kg~pet}
-- f
동물 학대나 유기 신고는 {short_number}, 야간 구조 문의는 {rep_number}
"""

GENRES["wedding_band"] = """
-- v
[축가·연주 섭외 문의]
신랑 {name} · 신부 {name}
예식 {date} {time}, 더채플 {floor} 홀
연락처 {mobile}
메일 {email}
-- v
웨딩 라이브밴드 스윗노트 | 보컬+건반+기타 {qty:인} 구성
문의 {landline} · 카톡 상담 {mobile}
포트폴리오 요청 {email}
-- v
계약금 {price:l} 입금 부탁드립니다.
{bankacct}
예금주 {name} (스윗노트)
-- v
연주자 출연료 정산 정보
보컬 {name} {rrn} {bankacct}
건반 {name} {rrn} {bankacct}
-- v
잔금 {price:l} 카드 두 장으로 나눠서 결제할게요.
{cardco} {card} 에서 {price:l}
{cardco} {card} 에서 나머지요. 결제되면 {mobile}로 문자 주세요!
-- v
축가 밴드 후기 남겨요. 리허설 {duration} 전에 와서 음향 체크까지 해주셨어요.
| 섭외는 여기로 하시면 돼요 {phone}
-- v
홈페이지 예약폼에 스팸이 계속 들어와서 확인해 보니 전부 {ip}에서 왔어요.
| 웹서버 {ipport} 방화벽에서 막아뒀습니다. 로고 파일 {image_2x}도 교체 완료.
-- v
신부: 축가를 {song} 말고 다른 곡으로 바꿀 수 있을까요?
밴드: 네 가능해요! 악보는 {email}로 보내주세요
신부: 네 그리고 당일 연락은 신랑 번호 {mobile}로 부탁드려요
-- v
예식장 담당: 연회팀 {name} 실장 {landline}
음향 감독: {mobile}
주차: {plate} (밴드 차량 등록 완료)
-- v
예식 연기로 계약 취소 요청합니다. 계약번호 {contract_no}.
| 계약금 환불은 {bankacct}로 부탁드립니다. 신부 {name} 드림.
-- v
해외 하객 공연 문의 / For bookings from abroad
Please contact us at {email} or WhatsApp {mobile}.
-- f
{date} 예식 셋리스트: 입장 {time}, 축가 {duration}, 퇴장곡 {qty:bpm}
-- f
기본 {qty:인} 구성 {price:l} / 추가 연주자 {price:m} / 출장비 {distance} 이상 {price:m}
-- f
리허설 {date} {time}, 합주실 {room}, 앰프 {model_code}
-- f
올해 진행한 예식 {qty:건}, 만족도 {score}, 재계약률 {statistic}
"""

GENRES["pharmacy_delivery"] = """
-- v
[비대면 처방 조제 신청]
환자명 {name}
주민등록번호 {rrn}
배송 연락처 {mobile}
처방전 교부번호 {prescription_no}
-- v
온누리약국 | 비대면 조제·당일 배송
전화 {landline} · 팩스 {landline}
운영 {time_range}
-- v
[약배달 앱] 새 기기에서 로그인했어요
{datetime} · IP {ip}
내가 아니라면 고객센터 {rep_number}
-- v
결제 카드 변경 요청
기존 카드 {masked_card} 삭제하고
새 카드 {card} 로 등록해 주세요. 유효기간 {expiry}
-- v
배송 지연으로 약제비 환불 요청합니다. 주문번호 {order_no}
| 환불 계좌 {bankacct}, 연락처 {mobile}
-- v
기사: 약 배달 왔는데 공동현관 비밀번호 알려주세요
고객: {door_code}예요! 문 앞에 두시고 {mobile}로 문자 주세요
-- v
처방전 사진은 {email}로 보냈습니다. 환자 {name}, 주민번호 {rrn}.
| 복약지도 전화는 {phone}로 주세요.
-- v
부모님 두 분 약 정기배송 신청해요.
아버지 {name} {rrn}
어머니 {name} {rrn}
받는 사람 {mobile}
-- v
{name} 약사 | 온누리약국
T {landline} | M {mobile} | E {email}
-- v
청구 프로그램 원격지원 접속 정보
약국 PC 공인 IP {ip}, 내부 {private_ip}, 포트 {port}
상담 티켓 {uuid}
-- v
소아 해열제 조제 요청
아이 이름 {name} · 주민번호 {rrn_new}
보호자 {mobile}
-- f
{drug_name} {measure:mg} 하루 {qty:회}, {qty:일}분 · 보험코드 {drug_code} · 제조번호 {lot_no}
-- f
냉장 보관 {measure:℃~fridge} 이하, 개봉 후 {qty:일} 이내 사용. 상품 바코드 {ean}
-- f
{date} 배송 {qty:건}, 평균 {duration}, 지연율 {statistic}
-- f
{date} 공휴일 운영 {time_range}, 약 수령 인증번호 {otp}
"""

GENRES["student_council"] = """
-- v
[총학생회 복지장학금 신청서]
학번 {student_id} / 성명 {name}
주민등록번호 {rrn}
장학금 입금 계좌 {bankacct}
연락처 {mobile}
-- v
총학생회실 위치: 학생회관 {room} · 전화 {landline}
| 제휴·건의는 {email}로 보내 주세요 (답변은 {qty:일} 이내).
-- v
[선거관리위원회] 온라인 투표 중복 접속 확인
IP {ip} 에서 {qty:회} 시도, 해당 학번 {student_id}의 투표는 무효 처리합니다.
-- v
새터 참가비 {price:m} 입금 안내
{bankacct} (예금주 {name})
입금자명은 학번+이름으로 해 주세요.
-- v
학생회관 {floor}에서 학생증 주웠어요 ({name}, {student_id}).
| 주인분은 {mobile}로 연락 주세요
-- v
과잠 공동구매 결제 대행 건
카드 {card} / 결제 {price:m} / 주문 {qty:벌}
담당 {name} {mobile}
-- v
총학 집행부 연락망
회장 {name} {mobile} {email}
부회장 {name} {mobile}
사무국장 {name} {email}
-- v
투표 서버 점검: {ipport} → {ip}로 이전합니다.
점검 시간 {time_range}, 프런트 저장소 {git_remote}
-- v
축제 부스 보증금 {price:m} 환불 계좌 알려주세요!
{account:kb} 국민은행이요 (예금주 {name})
-- v
학생지원팀 {landline} 번호가 계속 안 받으셔서 메일 드립니다.
| 등록금 분납 관련 답변은 {email}로 부탁드려요. 학번 {student_id}.
| 서류는 등기 {registered_mail}로 보냈습니다.
-- v
International Student Association 가입 신청
Name {latin_name} / ARC No. {rrn_foreign}
Phone {mobile} / {email}
-- f
{date} 예산 결산: 수입 {price:l}, 지출 {price:l}, 잔액 {price:m}
-- f
투표율 {statistic}, 찬성 {qty:표}, 반대 {qty:표}, 무효 {qty:표}
-- f
{date} 대의원회의 {time}, 학생회관 {room}. 온라인 참석 회의 ID {meeting_id}
-- f
동아리방 배정: {room} 밴드부, {room} 사진부, 열쇠 보증금 {price:s}
"""


# ---------------------------------------------------------------- rendering frames into records

PLACEHOLDER = re.compile(r"\{(\w+)(?::([^{}]+))?\}")
VALUE_SLOTS = {"rrn": "rrn", "rrn_new": "rrn", "rrn_foreign": "rrn", "mobile": "mobile", "landline": "landline"}
VALUE_SLOTS.update({"phone": "phone", "email": "email", "ip": "ip", "ipport": "ip", "card": "card"})
VALUE_SLOTS.update({"account": "account", "bankacct": "account"})
RARITY = {"card": 3, "ip": 3, "rrn": 2}
VALUE_FRAMES_PER_GENRE = 59
NEGATIVE_VALUE_FRAMES = 11
FREE_FRAMES_PER_GENRE = 11
MASK_RATE = 0.15
MASK_CARRY = [0.0]  # error diffusion keeps the masked share of multi-slot positives at MASK_RATE


def parse_frames(block):
    frames, kind, lines = [], None, []
    for raw in block.strip("\n").split("\n"):
        if raw.startswith("-- "):
            if kind:
                frames.append((kind, "\n".join(lines)))
            kind, lines = raw[3:].strip(), []
        elif raw.startswith("| "):
            lines[-1] += " " + raw[2:]
        elif raw.startswith("|"):
            lines[-1] += raw[1:]
        else:
            lines.append(raw)
    frames.append((kind, "\n".join(lines)))
    return frames


def plain(text):
    return [(text, None, None, None, None)]


def slot_base(name):
    base = VALUE_SLOTS[name]
    if base == "phone":
        return "mobile" if RNG.random() < 0.55 else "landline"
    return base


def decoy_for_slot(name, arg, decoy_name):
    """A masked value or a look-alike in place of a value slot."""
    if decoy_name == "masked_account":
        bank = arg or weighted(BANK_WEIGHTS)
        segs = gen_decoy(decoy_name, bank)
        if name == "bankacct":
            return plain(pick(BANKS[bank][0]) + pick([" ", " ", ": "])) + segs
        return segs
    segs = gen_decoy(decoy_name, "child" if name == "rrn_new" else None)
    if name == "ipport":
        return segs + plain(":") + gen_decoy("port")
    return segs


def value_for_slot(name, arg, base, near, genre):
    if name == "rrn":
        return gen_rrn(near)
    if name == "rrn_new":
        return gen_rrn(near, "child")
    if name == "rrn_foreign":
        return gen_rrn(near, "foreign")
    if base == "mobile":
        return gen_mobile(near)
    if base == "landline":
        return gen_landline(near)
    if base == "email":
        return gen_email(near, genre)
    if name == "ip":
        return gen_ip(near)
    if name == "ipport":
        return gen_ip(False) + plain(":") + gen_decoy("port")
    if base == "card":
        return gen_card(near)
    if name == "account":
        return gen_account(near, arg)[1]
    return gen_bankacct(near, arg)


def render(template, mode, genre):
    matches = list(PLACEHOLDER.finditer(template))
    n_slots = sum(1 for m in matches if m.group(1) in VALUE_SLOTS)
    masked = set()
    if mode == "pos" and n_slots > 1:
        due = n_slots * MASK_RATE + MASK_CARRY[0]
        k = min(n_slots - 1, int(due + RNG.random()))
        MASK_CARRY[0] = due - k
        masked = set(RNG.sample(range(n_slots), k))
    text, items, last, slot_i = "", [], 0, 0
    for m in matches:
        text += template[last : m.start()]
        last = m.end()
        name, arg = m.group(1), m.group(2)
        near = is_hangul(text[-1:]) or is_hangul(template[m.end() : m.end() + 1])
        if name in FILLERS:
            segs = plain(pick(FILLERS[name]))
        elif name in VALUE_SLOTS:
            if mode == "free":
                raise ValueError(f"value slot in a value-free frame: {template!r}")
            base = slot_base(name)
            if mode == "neg":
                segs = decoy_for_slot(name, arg, pick(LOOKALIKES[base]))
            elif slot_i in masked:
                segs = decoy_for_slot(name, arg, MASKED[base])
            else:
                segs = value_for_slot(name, arg, base, near, genre)
            slot_i += 1
        else:
            segs = gen_decoy(name, arg)
        for seg_text, cat, kind, detail, style in segs:
            if cat:
                item = {"kind": kind, "start": len(text), "end": len(text) + len(seg_text), "value": seg_text}
                items.append((cat, item, detail, style))
            text += seg_text
    text += template[last:]
    spans = [it for cat, it, _, _ in items if cat == "span"]
    decoys = [it for cat, it, _, _ in items if cat == "decoy"]
    if spans:
        form = "+".join(f"{it['kind']}/{detail}/{style}" for cat, it, detail, style in items if cat == "span")
    else:
        kinds = [it["kind"] for it in decoys]
        form = "neg/" + (min(kinds, key=DECOY_RANK.index) if kinds else "none")
    return {"text": text, "label": "pos" if spans else "neg", "spans": spans, "decoys": decoys, "form": form}


def rarity(template):
    return sum(RARITY.get(VALUE_SLOTS.get(m.group(1), ""), 0) for m in PLACEHOLDER.finditer(template))


def build_records():
    RNG.seed(SEED)
    MASK_CARRY[0] = 0.0
    records = []
    for genre, block in GENRES.items():
        frames = parse_frames(block)
        value_frames = sorted((t for k, t in frames if k == "v"), key=rarity, reverse=True)
        free_frames = [t for k, t in frames if k == "f"]
        negatives = set(RNG.sample(range(VALUE_FRAMES_PER_GENRE), NEGATIVE_VALUE_FRAMES))
        plan = [
            (value_frames[i % len(value_frames)], "neg" if i in negatives else "pos")
            for i in range(VALUE_FRAMES_PER_GENRE)
        ]
        plan += [(free_frames[i % len(free_frames)], "free") for i in range(FREE_FRAMES_PER_GENRE)]
        RNG.shuffle(plan)
        for n, (template, mode) in enumerate(plan, 1):
            rec = render(template, mode, genre)
            records.append({"id": f"oos14-{genre}-{n:03d}", **rec, "genre": genre})
    return records


# ---------------------------------------------------------------- self-check and output


def check_record(rec):
    text, spans, decoys = rec["text"], rec["spans"], rec["decoys"]
    problems = []
    items = sorted(spans + decoys, key=lambda it: it["start"])
    covered = set()
    for it in items:
        if text[it["start"] : it["end"]] != it["value"] or not it["value"]:
            problems.append(f"offsets of {it}")
        before, after = text[it["start"] - 1 : it["start"]], text[it["end"] : it["end"] + 1]
        if (before.isascii() and before.isalnum()) or (after.isascii() and after.isalnum()):
            problems.append(f"{it['kind']} {it['value']!r} touches a letter or digit")
        covered.update(range(it["start"], it["end"]))
    for a, b in zip(items, items[1:], strict=False):
        if b["start"] < a["end"]:
            problems.append(f"overlap {a['value']!r} / {b['value']!r}")
    for it in spans:
        if not value_ok(it["kind"], it["value"]):
            problems.append(f"invalid {it['kind']} {it['value']!r}")
        if it["kind"] == "account":
            window = text[max(0, it["start"] - 16) : it["start"]] + text[it["end"] : it["end"] + 12]
            if not any(word in window for word in ACCOUNT_WORDS):
                problems.append(f"account without a bank or account word: {it['value']!r}")
    for it in decoys:
        if value_kinds(it["value"]):
            problems.append(f"decoy {it['value']!r} passes as {value_kinds(it['value'])}")
        if it["kind"] not in DECOY_RANK:
            problems.append(f"unranked decoy kind {it['kind']}")
    for i, ch in enumerate(text):
        if (ch.translate(FULLWIDTH).isdigit() or ch in "@＠") and i not in covered:
            problems.append(f"uncovered {ch!r} at {i}")
    if (rec["label"] == "pos") != bool(spans):
        problems.append("label")
    kinds = [s["kind"] for s in spans]
    if spans and [p.split("/")[0] for p in rec["form"].split("+")] != kinds:
        problems.append("form")
    if not spans and not rec["form"].startswith("neg/"):
        problems.append("form")
    return problems


def check_all(records):
    problems = []
    ids = [r["id"] for r in records]
    if len(set(ids)) != len(ids):
        problems.append("duplicate ids")
    for rec in records:
        problems += [f"{rec['id']}: {p}" for p in check_record(rec)]
    if problems:
        raise SystemExit("\n".join(problems[:50]))


def main(argv):
    out = Path(argv[1]) if len(argv) > 1 else Path(__file__).with_name("eval_oos14.jsonl")
    records = build_records()
    check_all(records)
    with out.open("w", encoding="utf-8") as fh:
        for rec in records:
            fh.write(json.dumps(rec, ensure_ascii=False) + "\n")
    print(f"wrote {len(records)} records to {out}")


if __name__ == "__main__":
    main(sys.argv)
