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

from collections.abc import Mapping
from dataclasses import asdict, dataclass
from typing import Any, ClassVar

import numpy as np

from ..core.options import option
from .base import CHEAP, RuleSet, Scratch
from .blocklist import Blocklist, count_blocked_words, domain_blocked, load_blocklist
from .checks import Check, Column, Group, at_least_1, share
from .repetition import (
    duplicate_line_fraction,
    duplicate_ngram_chars,
    duplicated_line_chars,
    ngram_ids,
    top_ngram_chars,
)
from .text import code_points, hangul_mask, letter_table
from .words import WORD_SPLITTERS, WordStats, space_words, surface_words, word_stats

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
MAX_COUNT = 2**31 - 2  # blocked words are counted up to here (a value, not a threshold: any limit works on it)


@dataclass(frozen=True)
class LlmRules(RuleSet):
    """Every threshold of rule set ``llm``; where each default comes from is in docs/rules.md."""

    name: ClassVar[str] = "llm"
    reasons: ClassVar[tuple[str, ...]] = CHEAP_REASONS + LINE_REASONS + WORD_REASONS + NGRAM_REASONS + ("kiwi_error",)
    meta_fields: ClassVar[tuple[str, ...]] = ()  # the URL (blocked domains) is always in meta
    code_modules: ClassVar[tuple[str, ...]] = ("corefprep.rules.llm", "corefprep.rules.text", "corefprep.rules.words",
                                                "corefprep.rules.repetition", "corefprep.rules.blocklist",
                                                "corefprep.rules.base", "corefprep.rules.checks")

    words: str = option("kiwi", "words for the word rules: kiwi = Kiwi morphemes (as FineWeb-2), space = whitespace "
                              "and particles, no Kiwi (several times faster, a few decisions differ)")
    # cheap rules
    min_chars: int = option(100, "minimum document length in characters (code points)")
    max_chars: int = option(200_000, "maximum document length in characters")
    min_hangul_letter_ratio: float = option(0.5, "minimum share of Hangul syllables [가-힣] among the letters")
    blocklist: str | None = option(None, "file of blocked words and 'domain:' lines (format in docs/rules.md)")
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

    # --- measuring (the checks are below the class) ------------------------------------------

    def measure(self, group: str, s: Scratch) -> dict[str, Any]:
        t = s.text
        block: Blocklist | None = self._block  # type: ignore[attr-defined]
        if group == "length":
            return {"chars": len(t)}
        if group == "letters":
            cps = code_points(t)
            return {"letters": int(np.count_nonzero(letter_table()[cps])),
                    "hangul": int(np.count_nonzero(hangul_mask(cps)))}
        if group == "url":
            return {"blocked_url": int(block is not None and domain_blocked(block.domains, s.meta.get("url")))}
        if group == "blocked":
            return {"blocked_words": count_blocked_words(block.pattern if block else None, t, MAX_COUNT)}
        if group == "lines":
            return self._lines(t)
        if group in ("words", "stopwords"):
            stats = s.once("word_stats", lambda: word_stats(self._word_list(s)))
            if group == "stopwords":
                stop: frozenset[str] = self._stop  # type: ignore[attr-defined]
                return {"stopwords": len(stop & stats.vocabulary)}
            return self._words(stats)
        raise KeyError(group)

    def kiwi_words(self, s: Scratch) -> list[str] | None:
        """A kept document's Kiwi words sign it for dedup without a second analysis."""
        return self._word_list(s) if self.uses_kiwi else None

    def kiwi_tokens(self, s: Scratch) -> Any:
        return self._tokens(s) if self.uses_kiwi else None

    def _tokens(self, s: Scratch) -> Any:
        return s.once("tokens", lambda: s.tokenize(s.text))

    def _word_list(self, s: Scratch) -> list[str]:
        """The document's one word split, shared by every word rule."""
        return s.once("words", lambda: surface_words(s.text, self._tokens(s)) if self.words == "kiwi"
                      else space_words(s.text))

    def _lines(self, t: str) -> dict[str, Any]:
        """Rules on the raw text and its lines (no words needed)."""
        lines = [line for line in t.split("\n") if line.strip()]
        ends: tuple[str, ...] = self._line_ends  # type: ignore[attr-defined]
        all_lines = t.splitlines()
        return {
            "dup_line_frac": duplicate_line_fraction(t),
            "lines": len(lines),
            # rstrip: trailing spaces or a CRLF's \r do not hide a sentence end
            "punct_lines": sum(1 for line in lines if line.rstrip().endswith(ends)),
            "dup_line_chars": duplicated_line_chars(lines),
            "newlines": t.count("\n"),
            "all_lines": len(all_lines),
            "bullet_lines": sum(1 for line in all_lines if line.lstrip().startswith(BULLETS)),
            "ellipsis_lines": sum(1 for line in all_lines if line.rstrip().endswith(ELLIPSES)),
            "hashes": t.count("#"),
            "ellipses": sum(t.count(e) for e in ELLIPSES),
        }

    @staticmethod
    def _words(s: WordStats) -> dict[str, Any]:
        out: dict[str, Any] = {"words": s.words, "content_words": s.content_words, "mean_length": s.mean_length,
                               "alpha_words": s.alpha_words}
        out.update({f"top_{n}gram": -1 for n in TOP_NGRAMS} | {f"dup_{n}gram": -1 for n in DUP_NGRAMS})
        if s.words == 0:
            return out
        cum = np.concatenate(([0], np.cumsum(s.lengths)))
        for n, kn, counts, first in ngram_ids(s.ids, max(DUP_NGRAMS)):
            if n in TOP_NGRAMS:
                out[f"top_{n}gram"] = top_ngram_chars(n, kn, counts, first, cum)
            if n in DUP_NGRAMS:
                out[f"dup_{n}gram"] = duplicate_ngram_chars(n, kn, counts, cum)
        return out


def _per_word(key: str) -> Any:
    return lambda r, v: share(v[key], at_least_1(v["words"]))


def _ngram_check(kind: str, n: int) -> Check:
    col, field = f"{kind}_{n}gram", f"max_{kind}_{n}gram_frac"
    rule = ("characters of the most frequent word {n}-gram / characters" if kind == "top"
            else "characters in repeated word {n}-grams / characters").format(n=n)
    return Check(col, ("length", "words"), lambda r, v: (v[col] >= 0) & (v[col] > getattr(r, field) * v["chars"]),
                 lambda r, v: share(v[col], v["chars"]) if v[col] >= 0 else None,
                 lambda r: f"<= {getattr(r, field)}", (field,), rule=rule)


_L = ("lines",)
LlmRules.groups = (
    Group("length", (Column("chars", "int", "characters (code points)"),), CHEAP),
    Group("letters", (Column("letters", "int", "letters (str.isalpha)"),
                      Column("hangul", "int", "Hangul syllables [가-힣]")), CHEAP),
    Group("url", (Column("blocked_url", "int", "1 when the URL's host is a blocked domain"),), CHEAP,
          settings=("blocklist",)),
    Group("blocked", (Column("blocked_words", "int", "blocked-word occurrences"),), settings=("blocklist",)),
    Group("lines", (Column("dup_line_frac", "float", "share of lines repeating an earlier line"),
                    Column("lines", "int", "non-blank lines"),
                    Column("punct_lines", "int", "non-blank lines ending in --line-end-chars"),
                    Column("dup_line_chars", "int", "characters of repeated non-blank lines"),
                    Column("newlines", "int", "newline characters"),
                    Column("all_lines", "int", "lines (str.splitlines)"),
                    Column("bullet_lines", "int", "lines starting with a bullet"),
                    Column("ellipsis_lines", "int", "lines ending in an ellipsis"),
                    Column("hashes", "int", "'#' characters"),
                    Column("ellipses", "int", "ellipses ('...' or '…')")), settings=("line_end_chars",)),
    Group("words", (Column("words", "int", "words (the --words split)"),
                    Column("content_words", "int", "words that are not only punctuation/symbols"),
                    Column("mean_length", "float", "mean content-word length in characters"),
                    Column("alpha_words", "int", "words containing a letter"),
                    *(Column(f"top_{n}gram", "int", f"characters of the most frequent word {n}-gram (-1: fewer "
                             "words)") for n in TOP_NGRAMS),
                    *(Column(f"dup_{n}gram", "int", f"characters in repeated word {n}-grams (-1: fewer words)")
                      for n in DUP_NGRAMS)), kiwi=True, settings=("words",), along=("stopwords",)),
    Group("stopwords", (Column("stopwords", "int", "distinct --stopwords among the words"),), kiwi=True,
          settings=("words", "stopwords")),
)
LlmRules.checks = (
    Check("too_short", ("length",), lambda r, v: v["chars"] < r.min_chars, lambda r, v: v["chars"],
          lambda r: f">= {r.min_chars}", ("min_chars",), rule="characters"),
    Check("too_long", ("length",), lambda r, v: v["chars"] > r.max_chars, lambda r, v: v["chars"],
          lambda r: f"<= {r.max_chars}", ("max_chars",), rule="characters"),
    Check("low_hangul", ("letters",),
          lambda r, v: (v["letters"] == 0) | (v["hangul"] < r.min_hangul_letter_ratio * v["letters"]),
          lambda r, v: share(v["hangul"], v["letters"]), lambda r: f">= {r.min_hangul_letter_ratio}",
          ("min_hangul_letter_ratio",), rule="Hangul syllables / letters"),
    Check("blocked_url", ("url",), lambda r, v: v["blocked_url"] == 1, lambda r, v: v["blocked_url"],
          lambda r: "0", ("blocklist",), applies=lambda r: r._block is not None, rule="URL host blocked"),
    Check("blocked_word", ("blocked",), lambda r, v: v["blocked_words"] > r.max_blocked_words,
          lambda r, v: v["blocked_words"], lambda r: f"<= {r.max_blocked_words}", ("max_blocked_words",),
          applies=lambda r: r._block is not None, rule="blocked-word occurrences"),
    Check("dup_lines", _L, lambda r, v: v["dup_line_frac"] > r.max_dup_line_frac, lambda r, v: v["dup_line_frac"],
          lambda r: f"<= {r.max_dup_line_frac}", ("max_dup_line_frac",), rule="lines repeating an earlier line"),
    Check("few_punct_lines", _L,
          lambda r, v: (v["lines"] == 0) | (v["punct_lines"] < r.min_punct_line_frac * v["lines"]),
          lambda r, v: share(v["punct_lines"], v["lines"]), lambda r: f">= {r.min_punct_line_frac}",
          ("min_punct_line_frac",), rule="lines ending a sentence / non-blank lines"),
    Check("dup_line_chars", ("length", "lines"),
          lambda r, v: v["dup_line_chars"] > r.max_dup_line_chars * (v["chars"] - v["newlines"]),
          lambda r, v: share(v["dup_line_chars"], v["chars"] - v["newlines"]),
          lambda r: f"<= {r.max_dup_line_chars}", ("max_dup_line_chars",),
          rule="characters of repeated lines / non-newline characters"),
    Check("bullet_lines", _L, lambda r, v: v["bullet_lines"] > r.max_bullet_line_frac * v["all_lines"],
          lambda r, v: share(v["bullet_lines"], v["all_lines"]), lambda r: f"<= {r.max_bullet_line_frac}",
          ("max_bullet_line_frac",), rule="bullet lines / lines"),
    Check("ellipsis_lines", _L, lambda r, v: v["ellipsis_lines"] > r.max_ellipsis_line_frac * v["all_lines"],
          lambda r, v: share(v["ellipsis_lines"], v["all_lines"]), lambda r: f"<= {r.max_ellipsis_line_frac}",
          ("max_ellipsis_line_frac",), rule="lines ending in an ellipsis / lines"),
    Check("few_words", ("words",), lambda r, v: v["content_words"] < r.min_words, lambda r, v: v["content_words"],
          lambda r: f">= {r.min_words}", ("min_words",), rule="content words"),
    Check("many_words", ("words",), lambda r, v: v["content_words"] > r.max_words, lambda r, v: v["content_words"],
          lambda r: f"<= {r.max_words}", ("max_words",), rule="content words"),
    Check("short_words", ("words",), lambda r, v: v["mean_length"] < r.min_mean_word_length,
          lambda r, v: v["mean_length"], lambda r: f">= {r.min_mean_word_length}", ("min_mean_word_length",),
          rule="mean content-word length"),
    Check("long_words", ("words",), lambda r, v: v["mean_length"] > r.max_mean_word_length,
          lambda r, v: v["mean_length"], lambda r: f"<= {r.max_mean_word_length}", ("max_mean_word_length",),
          rule="mean content-word length"),
    Check("many_hashes", ("lines", "words"), lambda r, v: v["hashes"] > r.max_hash_ratio * at_least_1(v["words"]),
          _per_word("hashes"), lambda r: f"<= {r.max_hash_ratio}", ("max_hash_ratio",), rule="'#' per word"),
    Check("many_ellipses", ("lines", "words"),
          lambda r, v: v["ellipses"] > r.max_ellipsis_ratio * at_least_1(v["words"]), _per_word("ellipses"),
          lambda r: f"<= {r.max_ellipsis_ratio}", ("max_ellipsis_ratio",), rule="ellipses per word"),
    Check("few_alpha_words", ("words",),
          lambda r, v: v["alpha_words"] < r.min_alpha_word_frac * at_least_1(v["words"]), _per_word("alpha_words"),
          lambda r: f">= {r.min_alpha_word_frac}", ("min_alpha_word_frac",), rule="words with a letter / words"),
    Check("few_stopwords", ("stopwords",), lambda r, v: v["stopwords"] < r.min_stopwords,
          lambda r, v: v["stopwords"], lambda r: f">= {r.min_stopwords}", ("min_stopwords",),
          rule="distinct stop words"),
    Check("many_newlines", ("lines", "words"),
          lambda r, v: v["newlines"] > r.max_newline_ratio * at_least_1(v["words"]), _per_word("newlines"),
          lambda r: f"<= {r.max_newline_ratio}", ("max_newline_ratio",), rule="newlines per word"),
    *(_ngram_check("top", n) for n in TOP_NGRAMS),
    *(_ngram_check("dup", n) for n in DUP_NGRAMS),
)


def judge(rules: LlmRules, text: str, kiwi: Any, meta: Mapping[str, Any] | None = None) -> str | None:
    """Both stages on one document: the reason it is rejected, or None (for tests and benchmarks)."""
    return rules.cheap(text, meta) or rules.decide(text, kiwi, meta).reason
