"""Character counts the rules share, vectorised over a document's code points.

Counting with numpy over a UTF-32 view of the text is ~20x faster than regex counting in Python,
which matters because the cheap rules run in the single process that reads the inputs.
"""

from __future__ import annotations

import numpy as np

HANGUL_FIRST, HANGUL_LAST = 0xAC00, 0xD7A3  # [가-힣]
_NOT_SYMBOL: np.ndarray | None = None
_LETTER: np.ndarray | None = None


def not_symbol_table() -> np.ndarray:
    """Per code point: alphanumeric (str.isalnum: Hangul, CJK, digits, Latin...) or space/newline/
    tab. Built once per process (~0.2 s) so the symbol rule is one vectorised lookup per document."""
    global _NOT_SYMBOL
    if _NOT_SYMBOL is None:
        table = np.fromiter((chr(c).isalnum() for c in range(0x110000)), dtype=bool, count=0x110000)
        table[[ord(" "), ord("\n"), ord("\t")]] = True
        _NOT_SYMBOL = table
    return _NOT_SYMBOL


def letter_table() -> np.ndarray:
    """Per code point: a letter (str.isalpha: Hangul, Hanja, Latin, kana...; not digits, not marks).
    Built once per process, like :func:`not_symbol_table`."""
    global _LETTER
    if _LETTER is None:
        _LETTER = np.fromiter((chr(c).isalpha() for c in range(0x110000)), dtype=bool, count=0x110000)
    return _LETTER


def code_points(text: str) -> np.ndarray:
    # surrogatepass: lone surrogates (possible in JSON-decoded text) still count as characters
    return np.frombuffer(text.encode("utf-32-le", "surrogatepass"), dtype=np.uint32)


def hangul_mask(cps: np.ndarray) -> np.ndarray:
    return (cps - HANGUL_FIRST) <= (HANGUL_LAST - HANGUL_FIRST)


def symbol_count(text: str) -> int:
    """Characters that are neither alphanumeric nor space, newline or tab."""
    cps = code_points(text)
    return int(cps.size - np.count_nonzero(not_symbol_table()[cps]))


def hangul_count(text: str) -> int:
    """Hangul syllables [가-힣]."""
    return int(np.count_nonzero(hangul_mask(code_points(text))))
