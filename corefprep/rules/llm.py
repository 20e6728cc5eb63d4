"""Rule set ``llm``: clean Korean text for LLM pretraining (SPEC 2.3), no entity or pronoun rule.

The thresholds start from FineWeb-2's published ``kor_Hang`` configuration (Gopher repetition,
FineWeb quality, Gopher quality); the Hangul share, the character length bounds and the blocklist
are ours. Rules run cheapest first and stop at the first that fails:

1. :meth:`LlmRules.cheap`, in the reading process: length, Hangul share of the letters, blocked
   URL domain (numpy over code points, a set lookup);
2. :meth:`LlmRules.decide`, in the workers: blocked words, then the line rules (duplicate lines,
   lines ending a sentence, bullet and ellipsis lines), then one word split of the whole document
   (one Kiwi analysis, or the cheap splitter) shared by every word rule: word count, mean word
   length, hashes and ellipses, words with letters, stop words, newlines per word, and last the
   n-gram repetition rules, the most expensive.

Every rule is independent of the others (a document is kept when none fails), so the order only
decides which reason a document failing several rules is counted under, never whether it is kept.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from dataclasses import asdict, dataclass
from typing import Any, ClassVar

import numpy as np

from ..core.options import option
from .base import Decision
from .blocklist import Blocklist, count_blocked_words, domain_blocked, load_blocklist
from .repetition import (
    duplicate_line_fraction,
    duplicate_ngram_chars,
    duplicated_line_chars,
    ngram_ids,
    top_ngram_chars,
)
from .text import code_points, hangul_mask, letter_table
from .words import WORD_SPLITTERS, WordStats, kiwi_words, space_words, word_stats

CHEAP_REASONS = ("too_short", "too_long", "low_hangul", "blocked_url")
LINE_REASONS = ("blocked_word", "dup_lines", "few_punct_lines", "dup_line_chars", "bullet_lines", "ellipsis_lines")
WORD_REASONS = ("few_words", "many_words", "short_words", "long_words", "many_hashes", "many_ellipses",
                "few_alpha_words", "few_stopwords", "many_newlines")
TOP_NGRAMS = (2, 3, 4)
DUP_NGRAMS = (5, 6, 7, 8, 9, 10)
NGRAM_REASONS = tuple(f"top_{n}gram" for n in TOP_NGRAMS) + tuple(f"dup_{n}gram" for n in DUP_NGRAMS)

# FineWeb-2's kor_Hang stop words: frequent Korean morphemes as surface strings (했 is 하+었).
KOR_STOPWORDS = ("의", "다", "이", "는", "에", "을", "한", "년", "하", "은", "를", "했", "고", "에서", "가", "있",
                 "으로", "인", "월", "로", "되")
# Sentence-final punctuation for "a line ends a sentence": ASCII, full-width and CJK forms.
LINE_END_CHARS = ".!?。．？！｡‼⁇⁈⁉‽"
ELLIPSES = ("...", "…")
BULLETS = ("•", "-")


@dataclass(frozen=True)
class LlmRules:
    """Every threshold of rule set ``llm``; where each default comes from is in the README."""

    name: ClassVar[str] = "llm"
    reasons: ClassVar[tuple[str, ...]] = CHEAP_REASONS + LINE_REASONS + WORD_REASONS + NGRAM_REASONS + ("kiwi_error",)
    meta_fields: ClassVar[tuple[str, ...]] = ()  # the URL (blocked domains) is always in meta

    words: str = option("kiwi", "words for the word rules: kiwi = Kiwi morphemes (as FineWeb-2), space = whitespace "
                              "and particles, no Kiwi (several times faster, a few decisions differ)")
    # cheap rules
    min_chars: int = option(100, "minimum document length in characters (code points)")
    max_chars: int = option(200_000, "maximum document length in characters")
    min_hangul_letter_ratio: float = option(0.5, "minimum share of Hangul syllables [가-힣] among the letters")
    blocklist: str | None = option(None, "file of blocked words and 'domain:' lines (format in the README)")
    # line rules
    max_blocked_words: int = option(0, "reject a document with more than this many blocked-word occurrences")
    max_dup_line_frac: float = option(0.374, "maximum share of lines that repeat an earlier line (Gopher)")
    min_punct_line_frac: float = option(0.062, "minimum share of non-blank lines ending in --line-end-chars "
                                             "(FineWeb line_punct_thr)")
    line_end_chars: str = option(LINE_END_CHARS, "characters that end a sentence, for --min-punct-line-frac")
    max_dup_line_chars: float = option(0.1, "maximum characters in repeated lines over the non-newline characters "
                                          "(FineWeb char_duplicates_ratio)")
    max_bullet_line_frac: float = option(0.9, "maximum share of lines starting with a bullet (• or -) (Gopher)")
    max_ellipsis_line_frac: float = option(0.3, "maximum share of lines ending in an ellipsis (... or …) (Gopher)")
    # word rules
    min_words: int = option(50, "minimum number of words that are not only punctuation/symbols (Gopher)")
    max_words: int = option(100_000, "maximum number of such words (Gopher)")
    min_mean_word_length: float = option(1.0, "minimum mean length of those words in characters (FineWeb-2 kor_Hang)")
    max_mean_word_length: float = option(6.0, "maximum mean word length (FineWeb-2 kor_Hang)")
    max_hash_ratio: float = option(0.1, "maximum '#' characters per word (Gopher)")
    max_ellipsis_ratio: float = option(0.1, "maximum ellipses ('...' or '…') per word (Gopher)")
    min_alpha_word_frac: float = option(0.791, "minimum share of words containing a letter (FineWeb-2 kor_Hang "
                                             "max_non_alpha_words_ratio)")
    min_stopwords: int = option(2, "minimum number of distinct --stopwords among the words (Gopher)")
    stopwords: tuple[str, ...] = option(KOR_STOPWORDS, "stop words for --min-stopwords (FineWeb-2 kor_Hang)")
    max_newline_ratio: float = option(0.196, "maximum newlines per word (FineWeb-2 kor_Hang new_line_ratio)")
    # n-gram repetition rules (Gopher; FineWeb-2 kor_Hang thresholds)
    max_top_2gram_frac: float = option(0.282, "maximum characters of the most frequent word 2-gram over the length")
    max_top_3gram_frac: float = option(0.228, "same for word 3-grams")
    max_top_4gram_frac: float = option(0.185, "same for word 4-grams")
    max_dup_5gram_frac: float = option(0.201, "maximum characters in repeated word 5-grams over the length")
    max_dup_6gram_frac: float = option(0.184, "same for word 6-grams")
    max_dup_7gram_frac: float = option(0.168, "same for word 7-grams")
    max_dup_8gram_frac: float = option(0.154, "same for word 8-grams")
    max_dup_9gram_frac: float = option(0.14, "same for word 9-grams")
    max_dup_10gram_frac: float = option(0.127, "same for word 10-grams")

    def __post_init__(self) -> None:
        from ..core.errors import UsageError

        if self.words not in WORD_SPLITTERS:
            raise UsageError(f"--words {self.words!r} is not a word splitter; choose one of "
                             f"{', '.join(WORD_SPLITTERS)}")
        if self.min_chars > self.max_chars:
            raise UsageError(f"--min-chars {self.min_chars} is larger than --max-chars {self.max_chars}")
        if self.min_words > self.max_words:
            raise UsageError(f"--min-words {self.min_words} is larger than --max-words {self.max_words}")
        if self.min_mean_word_length > self.max_mean_word_length:
            raise UsageError(f"--min-mean-word-length {self.min_mean_word_length} is larger than "
                             f"--max-mean-word-length {self.max_mean_word_length}")
        if not 0 <= self.min_hangul_letter_ratio <= 1:
            raise UsageError("--min-hangul-letter-ratio is a share between 0 and 1")
        if isinstance(self.stopwords, list):  # from JSON or a caller's list: keep it hashable
            object.__setattr__(self, "stopwords", tuple(self.stopwords))
        block = load_blocklist(self.blocklist) if self.blocklist else None
        # derived, not fields: pickled with the rules to the workers, left out of as_dict()
        object.__setattr__(self, "_block", block)
        object.__setattr__(self, "_stop", frozenset(self.stopwords))
        object.__setattr__(self, "_line_ends", tuple(self.line_end_chars))

    @property
    def uses_kiwi(self) -> bool:
        return self.words == "kiwi"

    def as_dict(self) -> dict[str, Any]:
        d = asdict(self)
        d["stopwords"] = list(self.stopwords)
        return {"rules": self.name, **d}

    def decision_dict(self) -> dict[str, Any]:
        """Every setting that changes decisions: the blocklist by its content, not its path."""
        d = self.as_dict()
        block: Blocklist | None = self._block  # type: ignore[attr-defined]
        d["blocklist"] = block.sha256 if block else None
        return d

    # --- rules --------------------------------------------------------------------------------
    # Each stage is a generator of the reasons of the rules a document fails, in check order: a
    # decision takes the first (the rest is never computed), diagnostics take them all.

    def cheap(self, text: str, meta: Mapping[str, Any] | None = None) -> str | None:
        """Length, Hangul share of the letters, blocked URL domain: the reason, or None."""
        return next(self.cheap_failures(text, meta), None)

    def decide(self, text: str, kiwi: Any, meta: Mapping[str, Any] | None = None) -> Decision:
        """The line rules, then the word rules on one word split (Kiwi only when ``words`` is kiwi)."""
        reason = next(self.line_failures(text), None)
        if reason is not None:
            return Decision(reason, [])
        try:
            words = self.split_words(text, kiwi)
        except Exception as exc:  # Kiwi failing on one document must not sink the batch
            return Decision("kiwi_error", [], len(text), error=f"{type(exc).__name__}: {exc}")
        reason = next(self.word_failures(text, words), None)
        kept_words = words if reason is None and self.uses_kiwi else None
        return Decision(reason, [], len(text) if self.uses_kiwi else 0, kiwi_words=kept_words)

    def failures(self, text: str, kiwi: Any, meta: Mapping[str, Any] | None = None) -> list[str]:
        """Every rule the document fails, in check order ([] = kept): to see why, not to decide."""
        return [*self.cheap_failures(text, meta), *self.line_failures(text),
                *self.word_failures(text, self.split_words(text, kiwi))]

    def split_words(self, text: str, kiwi: Any) -> list[str]:
        return kiwi_words(text, kiwi) if self.words == "kiwi" else space_words(text)

    def cheap_failures(self, text: str, meta: Mapping[str, Any] | None = None) -> Iterator[str]:
        n = len(text)
        if n < self.min_chars:
            yield "too_short"
        if n > self.max_chars:
            yield "too_long"
        cps = code_points(text)
        letters = np.count_nonzero(letter_table()[cps])
        if letters == 0 or np.count_nonzero(hangul_mask(cps)) < self.min_hangul_letter_ratio * letters:
            yield "low_hangul"
        block: Blocklist | None = self._block  # type: ignore[attr-defined]
        if block is not None and domain_blocked(block.domains, (meta or {}).get("url")):
            yield "blocked_url"

    def line_failures(self, text: str) -> Iterator[str]:
        """Rules on the raw text and its lines (no words needed)."""
        block: Blocklist | None = self._block  # type: ignore[attr-defined]
        if block is not None and count_blocked_words(block.pattern, text, self.max_blocked_words) > \
                self.max_blocked_words:
            yield "blocked_word"
        if duplicate_line_fraction(text) > self.max_dup_line_frac:
            yield "dup_lines"
        lines = [line for line in text.split("\n") if line.strip()]
        ends: tuple[str, ...] = self._line_ends  # type: ignore[attr-defined]
        # rstrip: trailing spaces or a CRLF's \r do not hide a sentence end
        punct = sum(1 for line in lines if line.rstrip().endswith(ends))
        if not lines or punct < self.min_punct_line_frac * len(lines):
            yield "few_punct_lines"
        if duplicated_line_chars(lines) > self.max_dup_line_chars * (len(text) - text.count("\n")):
            yield "dup_line_chars"
        all_lines = text.splitlines()
        if sum(1 for line in all_lines if line.lstrip().startswith(BULLETS)) > \
                self.max_bullet_line_frac * len(all_lines):
            yield "bullet_lines"
        if sum(1 for line in all_lines if line.rstrip().endswith(ELLIPSES)) > \
                self.max_ellipsis_line_frac * len(all_lines):
            yield "ellipsis_lines"

    def word_failures(self, text: str, words: list[str]) -> Iterator[str]:
        """The word rules, cheapest first, on the document's one word split."""
        s = word_stats(words)
        if s.content_words < self.min_words:
            yield "few_words"
        if s.content_words > self.max_words:
            yield "many_words"
        if s.mean_length < self.min_mean_word_length:
            yield "short_words"
        if s.mean_length > self.max_mean_word_length:
            yield "long_words"
        n = max(s.words, 1)
        if text.count("#") > self.max_hash_ratio * n:
            yield "many_hashes"
        if sum(text.count(e) for e in ELLIPSES) > self.max_ellipsis_ratio * n:
            yield "many_ellipses"
        if s.alpha_words < self.min_alpha_word_frac * n:
            yield "few_alpha_words"
        stop: frozenset[str] = self._stop  # type: ignore[attr-defined]
        if len(stop & s.vocabulary) < self.min_stopwords:
            yield "few_stopwords"
        if text.count("\n") > self.max_newline_ratio * n:
            yield "many_newlines"
        yield from self.ngram_failures(len(text), s)

    def ngram_failures(self, length: int, s: WordStats) -> Iterator[str]:
        """Gopher's n-gram repetition rules (see :mod:`corefprep.rules.repetition`)."""
        if s.words == 0:
            return
        cum = np.concatenate(([0], np.cumsum(s.lengths)))
        limits = self.ngram_limits()
        for n, kn, counts, first in ngram_ids(s.ids, max(DUP_NGRAMS)):
            if n in TOP_NGRAMS and top_ngram_chars(n, kn, counts, first, cum) > limits[n] * length:
                yield f"top_{n}gram"
            if n in DUP_NGRAMS and duplicate_ngram_chars(n, kn, counts, cum) > limits[n] * length:
                yield f"dup_{n}gram"

    def ngram_limits(self) -> dict[int, float]:
        return {n: getattr(self, f"max_top_{n}gram_frac") for n in TOP_NGRAMS} | \
               {n: getattr(self, f"max_dup_{n}gram_frac") for n in DUP_NGRAMS}


def judge(rules: LlmRules, text: str, kiwi: Any, meta: Mapping[str, Any] | None = None) -> str | None:
    """Both stages on one document: the reason it is rejected, or None (for tests and benchmarks)."""
    return rules.cheap(text, meta) or rules.decide(text, kiwi, meta).reason

