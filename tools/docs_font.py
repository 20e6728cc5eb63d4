"""Ship the Korean glyphs the documentation site needs: the pieces of Noto Sans KR (SIL OFL 1.1)
that hold a character the pages use, with the @font-face rules that load them.

    npm install @fontsource/noto-sans-kr@5.3.0     # anywhere, once: the font split into pieces
    python tools/docs_font.py --fontsource node_modules/@fontsource/noto-sans-kr
    python tools/docs_font.py --check              # exit 1 if a page uses a glyph no piece holds

A reader's machine may have no font with Hangul, and the site makes no request to a font service:
the pages' Korean (examples, the personal-data table) is drawn with these files, which the site
serves itself. Each piece covers a range of code points (its ``unicode-range``), so a browser loads
only the pieces a page shows, and none for Latin text. ``tests/test_docs.py`` runs the check.
"""

from __future__ import annotations

import argparse
import re
import shutil
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
OUT = ROOT / "docs" / "assets" / "fonts"
CSS = OUT / "noto-sans-kr.css"
WEIGHT = 400  # bold Hangul is synthesised from it: one weight keeps the files few
FACE = re.compile(r"@font-face\s*\{(.*?)\}", re.S)
FILE = re.compile(r"url\(\./files/([\w.-]+\.woff2)\)")
RANGE = re.compile(r"unicode-range:\s*(U\+[^;]+);")


def pages() -> list[Path]:
    return [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]


# Korean and the CJK forms Korean text uses: jamo, compatibility jamo, CJK symbols and enclosed
# forms (㈜), syllables, Hanja, full-width ASCII. Other scripts (a halfwidth Japanese ｡ in a list of
# sentence ends) are not Korean and are not in Noto Sans KR.
KOREAN = ((0x1100, 0x11FF), (0x3000, 0x303F), (0x3130, 0x318F), (0x3200, 0x32FF), (0x4E00, 0x9FFF),
          (0xAC00, 0xD7A3), (0xF900, 0xFAFF), (0xFF01, 0xFF5E))


def used_characters() -> set[str]:
    """Korean characters of the pages, which the fonts of a machine set up for Latin text lack."""
    text = "".join(p.read_text(encoding="utf-8") for p in pages())
    return {c for c in text if any(lo <= ord(c) <= hi for lo, hi in KOREAN)}


def parse_ranges(spec: str) -> list[tuple[int, int]]:
    """``U+ac00-ac0f,U+ff01`` -> [(0xac00, 0xac0f), (0xff01, 0xff01)]."""
    out = []
    for part in spec.split(","):
        lo, _, hi = part.strip().removeprefix("U+").partition("-")
        out.append((int(lo, 16), int(hi or lo, 16)))
    return out


def covers(ranges: list[tuple[int, int]], ch: str) -> bool:
    return any(lo <= ord(ch) <= hi for lo, hi in ranges)


def shipped_ranges(css: Path = CSS) -> list[tuple[int, int]]:
    if not css.exists():
        return []
    return [r for m in RANGE.finditer(css.read_text(encoding="utf-8")) for r in parse_ranges(m.group(1))]


def missing(css: Path = CSS) -> list[str]:
    """Characters the pages use that no shipped piece holds."""
    ranges = shipped_ranges(css)
    return sorted(c for c in used_characters() if not covers(ranges, c))


def korean_only(ranges: list[tuple[int, int]]) -> str:
    """``ranges`` cut to the Korean blocks, as a unicode-range: a piece that also holds Latin
    letters must not draw them (the pages' Latin text stays in the system fonts, and code in a
    monospace one)."""
    kept = [(max(lo, klo), min(hi, khi)) for lo, hi in ranges for klo, khi in KOREAN if lo <= khi and klo <= hi]
    return ",".join(f"U+{lo:x}" if lo == hi else f"U+{lo:x}-{hi:x}" for lo, hi in sorted(kept))


def build(fontsource: Path) -> list[str]:
    """Copy the pieces the pages need from an installed @fontsource/noto-sans-kr; return their names."""
    source_css = (fontsource / f"{WEIGHT}.css").read_text(encoding="utf-8")
    chars = used_characters()
    faces = []
    for m in FACE.finditer(source_css):
        body = m.group(1)
        file, spec = FILE.search(body), RANGE.search(body)
        if file is None or spec is None or not any(covers(parse_ranges(spec.group(1)), c) for c in chars):
            continue
        faces.append((file.group(1), korean_only(parse_ranges(spec.group(1)))))
    OUT.mkdir(parents=True, exist_ok=True)
    for old in OUT.glob("*.woff2"):
        old.unlink()
    rules = ["/* Noto Sans KR (SIL Open Font License 1.1, see NOTICE.txt), the pieces the pages use; written by",
             "   tools/docs_font.py. By its unicode-range, a browser loads a piece only for a page that shows one of",
             "   its characters. */"]
    for name, spec in faces:
        shutil.copyfile(fontsource / "files" / name, OUT / name)
        rules.append(f"@font-face {{\n  font-family: 'Noto Sans KR';\n  font-style: normal;\n  font-weight: {WEIGHT};\n"
                     f"  font-display: swap;\n  src: url(./{name}) format('woff2');\n  unicode-range: {spec};\n}}")
    CSS.write_text("\n".join(rules) + "\n", encoding="utf-8")
    shutil.copyfile(fontsource / "LICENSE", OUT / "OFL.txt")
    return [name for name, _ in faces]


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0], allow_abbrev=False)
    ap.add_argument("--fontsource", type=Path, help="an installed @fontsource/noto-sans-kr package directory")
    ap.add_argument("--check", action="store_true", help="exit 1 if a page uses a character no shipped piece holds")
    a = ap.parse_args(argv)
    if a.check or a.fontsource is None:
        lacking = missing()
        if lacking:
            print(f"the pages use {len(lacking)} character(s) no shipped font piece holds: {''.join(lacking[:40])}; "
                  "run python tools/docs_font.py --fontsource <node_modules/@fontsource/noto-sans-kr>",
                  file=sys.stderr)
            return 1
        print("every character of the pages is in a shipped font piece")
        return 0
    names = build(a.fontsource)
    print(f"{len(names)} pieces, {sum((OUT / n).stat().st_size for n in names):,} bytes -> {OUT}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
