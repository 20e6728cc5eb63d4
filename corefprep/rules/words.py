"""Korean words for the word-based rules of rule set ``llm``, and the per-word facts they use.

Two splitters, chosen with ``--words``:

- ``kiwi`` (default): the surface strings of Kiwi's morphemes, which is what FineWeb-2 counts as
  Korean words. A surface string is the slice of the text a morpheme covers, so 했다 gives 했
  twice (하 and 었 share one syllable) and 다; whitespace is stripped and empty pieces dropped.
- ``space``: no analyser at all. Whitespace and character-class boundaries (Hangul, other letters
  and digits, punctuation) separate words; a number with separators (1,234, 3.14, 2024-01-01) is
  one word, as Kiwi has it. One common particle or the sentence ending 다 is split off the end of
  a Hangul run and the rest is cut into two-syllable pieces, about the size of Kiwi's morphemes
  (most Sino-Korean morphemes have two syllables), so 세종대왕은 gives 세종, 대왕 and 은. An
  approximation (it knows nothing of stems and endings), cheap enough that the rule set does not
  load Kiwi; on the dev and bench corpora it decides like the Kiwi words for 99% of documents.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Sequence
from functools import lru_cache
from typing import Any, NamedTuple

import numpy as np

WORD_SPLITTERS = ("kiwi", "space")

# Particles (and the plain sentence ending 다) split off the end of a Hangul run by the space
# splitter: the ones that carry most of FineWeb-2's Korean stop words. Two-syllable ones first so
# 에서 wins over 에.
SPACE_PARTICLES = ("에서", "에게", "으로", "은", "는", "이", "가", "을", "를", "의", "에", "로", "와", "과", "도", "다")
_SPACE_WORD = re.compile(
    r"([가-힣]+?)(" + "|".join(SPACE_PARTICLES) + r")?(?![가-힣])"  # a Hangul run, maybe a particle off its end
    # a number with separators (1,234 or 3.14 or 2024-01-01: one word, as Kiwi has it), a run of other
    # letters/digits, or a run of punctuation/symbols
    r"|(\d+(?:[.,:/-]\d+)+|[^\W_가-힣]+|(?:[^\w\s]|_)+)"
)


def kiwi_words(text: str, kiwi: Any) -> list[str]:
    """Surface strings of Kiwi's tokens of ``text`` (one analysis for every word-based rule)."""
    return surface_words(text, kiwi.tokenize(text))


def surface_words(text: str, tokens: Any) -> list[str]:
    """The slices of ``text`` Kiwi's ``tokens`` cover, whitespace stripped, empty ones dropped."""
    return [w for t in tokens if (w := text[t.start:t.end].strip())]


def space_words(text: str) -> list[str]:
    """Words without an analyser (see the module docstring)."""
    out: list[str] = []
    for stem, particle, other in _SPACE_WORD.findall(text):
        if other:
            out.append(other)
            continue
        if len(stem) <= 2:
            out.append(stem)
        else:
            out += [stem[i:i + 2] for i in range(0, len(stem), 2)]
        if particle:
            out.append(particle)
    return out


@lru_cache(maxsize=1 << 16)
def _facts(word: str) -> tuple[bool, bool]:
    """(has a letter, digit or mark: not a symbol word; has a letter)."""
    return (any(unicodedata.category(c)[0] in "LNM" for c in word), any(c.isalpha() for c in word))


class WordStats(NamedTuple):
    """What the word-based rules need about a document's words, computed once."""

    words: int  # all words, symbols included
    content_words: int  # words with a letter, digit or mark (not made of punctuation/symbols only)
    mean_length: float  # mean length in characters of the content words (nan without any)
    alpha_words: int  # words with at least one letter
    vocabulary: frozenset[str]  # distinct words (for the stop-word rule)
    ids: np.ndarray  # int64 word ids: equal words, equal ids (for the n-gram rules)
    lengths: np.ndarray  # int64 length of each word in characters


def word_stats(words: Sequence[str]) -> WordStats:
    """Counts over ``words`` with the per-word work done once per distinct word."""
    vocab: dict[str, int] = {}
    ids = np.fromiter((vocab.setdefault(w, len(vocab)) for w in words), dtype=np.int64, count=len(words))
    facts = [_facts(w) for w in vocab]
    content = np.fromiter((f[0] for f in facts), dtype=bool, count=len(facts))[ids]
    alpha = np.fromiter((f[1] for f in facts), dtype=bool, count=len(facts))[ids]
    lengths = np.fromiter((len(w) for w in vocab), dtype=np.int64, count=len(vocab))[ids]
    n_content = int(np.count_nonzero(content))
    mean = float(lengths[content].mean()) if n_content else float("nan")
    return WordStats(len(words), n_content, mean, int(np.count_nonzero(alpha)), frozenset(vocab), ids, lengths)
