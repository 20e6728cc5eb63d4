"""Korean entity names in a report: a matplotlib font with Hangul, else Latin spellings.

Entity names are Korean; matplotlib's default font has no Hangul and would draw empty boxes, so
the plots use a font that has it when one is installed, and romanise the names when none is.
"""

from __future__ import annotations

import importlib.util
from pathlib import Path

# families that cover Hangul, looked up among the fonts matplotlib already knows
HANGUL_FAMILIES = ("NanumGothic", "NanumBarunGothic", "Noto Sans CJK KR", "Noto Sans KR", "Noto Sans CJK JP",
                   "Source Han Sans KR", "UnDotum", "Baekmuk Gulim", "Malgun Gothic", "Apple SD Gothic Neo",
                   "AppleGothic", "WenQuanYi Zen Hei", "Droid Sans Fallback")


def _covers_hangul(path: str | Path) -> bool:
    from matplotlib.ft2font import FT2Font

    try:
        charmap = FT2Font(str(path)).get_charmap()
    except (OSError, RuntimeError, ValueError):
        # a font file FreeType cannot open (unreadable, truncated, not a font) cannot draw Hangul either
        return False
    return 0xAC00 in charmap and 0xD7A3 in charmap  # 가 and 힣, the ends of the syllable block


def find_hangul_font() -> str | None:
    """The family name of a font with Hangul syllables, registered with matplotlib; None if none.

    First NanumGothic as the koreanize-matplotlib package ships it (a corefprep dependency, so
    every install and CI draws the same glyphs; the file is used without importing the package,
    whose import changes matplotlib's global settings), then system fonts (fonts-nanum,
    fonts-noto-cjk ...)."""
    from matplotlib import font_manager

    spec = importlib.util.find_spec("koreanize_matplotlib")
    for loc in (spec.submodule_search_locations or []) if spec else []:
        path = Path(loc) / "fonts" / "NanumGothic.ttf"
        if path.is_file() and _covers_hangul(path):
            if not any(Path(e.fname) == path for e in font_manager.fontManager.ttflist):
                font_manager.fontManager.addfont(str(path))
            return str(font_manager.FontProperties(fname=str(path)).get_name())
    for entry in font_manager.fontManager.ttflist:
        if entry.name in HANGUL_FAMILIES and _covers_hangul(entry.fname):
            return str(entry.name)
    return None


_INITIALS = ["g", "kk", "n", "d", "tt", "r", "m", "b", "pp", "s", "ss", "", "j", "jj", "ch", "k", "t", "p", "h"]
_VOWELS = ["a", "ae", "ya", "yae", "eo", "e", "yeo", "ye", "o", "wa", "wae", "oe", "yo", "u", "wo", "we", "wi", "yu",
           "eu", "ui", "i"]
_FINALS = ["", "k", "k", "k", "n", "n", "n", "t", "l", "k", "m", "l", "l", "l", "p", "l", "m", "p", "p", "t", "t",
           "ng", "t", "t", "k", "t", "p", "t"]


def romanize(text: str) -> str:
    """Hangul syllables spelled in Latin letters (Revised Romanization, syllable by syllable,
    without the sound changes across syllables); other characters are kept."""
    out = []
    for ch in text:
        code = ord(ch) - 0xAC00
        if 0 <= code < 11172:
            # a syllable's code is (initial * 21 + vowel) * 28 + final
            out.append(_INITIALS[code // 588] + _VOWELS[code % 588 // 28] + _FINALS[code % 28])
        else:
            out.append(ch)
    return "".join(out)
