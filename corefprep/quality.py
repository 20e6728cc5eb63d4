"""The document quality rules (SPEC 2.3): pure functions, text or Kiwi tokens in, decision out.

Rule set ``v2`` is what users' current script does. Cheap character rules run first; Kiwi runs
only on their survivors. Every rejection carries a named reason so a batch can account for each
document it saw.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from dataclasses import asdict, dataclass, field
from typing import Any, Protocol

import numpy as np

# Reasons, in the order they are checked. The pronoun rule is checked before the NNP-share rule
# because it can be decided from a prefix of the document (see analyse_document); the set of
# kept documents is the same in either order, only the label of a doc failing both differs.
CHEAP_REASONS = ("too_short", "too_long", "few_punctuation", "low_hangul", "many_symbols")
KIWI_REASONS = ("has_pronoun", "nnp_share_low", "nnp_share_high", "no_repeated_entity", "kiwi_error")
REJECT_REASONS = CHEAP_REASONS + KIWI_REASONS

DEFAULT_STOPWORDS = ("것", "수", "등", "때", "곳", "점", "년", "월", "일")

_HANGUL_FIRST, _HANGUL_LAST = 0xAC00, 0xD7A3  # [가-힣]
_NOT_SYMBOL: np.ndarray | None = None


def _not_symbol_table() -> np.ndarray:
    """Per code point: alphanumeric (str.isalnum: Hangul, CJK, digits, Latin...) or space/newline/
    tab. Built once per process (~0.2 s) so the symbol rule is one vectorised lookup per document."""
    global _NOT_SYMBOL
    if _NOT_SYMBOL is None:
        table = np.fromiter((chr(c).isalnum() for c in range(0x110000)), dtype=bool, count=0x110000)
        table[[ord(" "), ord("\n"), ord("\t")]] = True
        _NOT_SYMBOL = table
    return _NOT_SYMBOL


def _code_points(text: str) -> np.ndarray:
    # surrogatepass: lone surrogates (possible in JSON-decoded text) still count as characters
    return np.frombuffer(text.encode("utf-32-le", "surrogatepass"), dtype=np.uint32)


@dataclass(frozen=True)
class FilterConfig:
    """Every threshold of the rule set; the defaults are rule set ``v2``."""

    rules: str = "v2"
    min_chars: int = 800
    max_chars: int = 2500
    min_punct: int = 3
    punct_chars: str = ".?!"
    min_hangul_ratio: float = 0.4
    max_symbol_ratio: float = 0.3
    min_nnp_share: float = 0.05
    max_nnp_share: float = 0.20
    drop_pronouns: bool = True
    min_entity_chars: int = 2
    min_entity_count: int = 2
    entity_stopwords: tuple[str, ...] = field(default=DEFAULT_STOPWORDS)
    # Pronoun early exit: analyse the text in pieces of about this many characters and stop at the
    # first NP. 0 analyses whole documents only. Changes speed, not decisions (tests pin this).
    early_exit_chars: int = 50

    def as_dict(self) -> dict[str, Any]:
        d = asdict(self)
        d["entity_stopwords"] = list(self.entity_stopwords)
        return d

    def decision_dict(self) -> dict[str, Any]:
        """The settings that decide which documents pass (what the work manifest hashes)."""
        d = self.as_dict()
        d.pop("early_exit_chars")
        return d


def symbol_count(text: str) -> int:
    """Characters that are neither alphanumeric nor space, newline or tab."""
    cps = _code_points(text)
    return int(cps.size - np.count_nonzero(_not_symbol_table()[cps]))


def hangul_count(text: str) -> int:
    """Hangul syllables [가-힣]."""
    cps = _code_points(text)
    return int(np.count_nonzero((cps - _HANGUL_FIRST) <= (_HANGUL_LAST - _HANGUL_FIRST)))


def cheap_reject(text: str, cfg: FilterConfig) -> str | None:
    """Rules 1-4 of ``v2``: the reason the text fails, or None when it may go to Kiwi."""
    n = len(text)
    if n < cfg.min_chars:
        return "too_short"
    if n > cfg.max_chars:
        return "too_long"
    if sum(text.count(c) for c in cfg.punct_chars) < cfg.min_punct:
        return "few_punctuation"
    # Both ratio rules on one code-point array: ~20x faster than regex counting in Python.
    cps = _code_points(text)
    hangul = np.count_nonzero((cps - _HANGUL_FIRST) <= (_HANGUL_LAST - _HANGUL_FIRST))
    if hangul < cfg.min_hangul_ratio * n:
        return "low_hangul"
    if n - np.count_nonzero(_not_symbol_table()[cps]) > cfg.max_symbol_ratio * n:
        return "many_symbols"
    return None


class Token(Protocol):
    form: str
    tag: str
    start: int
    end: int


Mention = tuple[int, int]  # [start, end) code-point offsets in the text as read
Entity = tuple[str, list[Mention]]


def repeated_entities(tokens: Iterable[Token], cfg: FilterConfig) -> list[Entity]:
    """Rule 7's entities: NNP forms long enough, not stopwords, occurring often enough.

    Returned in order of first appearance with their mentions in text order, which is the order
    samples are built in (SPEC 2.4).
    """
    stop = set(cfg.entity_stopwords)
    mentions: dict[str, list[Mention]] = {}
    for t in tokens:
        if t.tag == "NNP" and len(t.form) >= cfg.min_entity_chars and t.form not in stop:
            mentions.setdefault(t.form, []).append((t.start, t.end))
    return [(form, ms) for form, ms in mentions.items() if len(ms) >= cfg.min_entity_count]


def kiwi_reject(tokens: Sequence[Token], cfg: FilterConfig) -> tuple[str | None, list[Entity]]:
    """Rules 5-7 on a full analysis: (reason or None, the document's repeated entities)."""
    if cfg.drop_pronouns and any(t.tag == "NP" for t in tokens):
        return "has_pronoun", []
    n = len(tokens)
    share = sum(1 for t in tokens if t.tag == "NNP") / n if n else 0.0
    if share < cfg.min_nnp_share:
        return "nnp_share_low", []
    if share > cfg.max_nnp_share:
        return "nnp_share_high", []
    entities = repeated_entities(tokens, cfg)
    if not entities:
        return "no_repeated_entity", []
    return None, entities


_PIECE_END = re.compile(r"[.!?][\s\"'”’)\]]|\n")


def pieces(text: str, size: int) -> list[str]:
    """Split text into consecutive pieces of at least ``size`` chars, cut after a sentence end or
    line break so Kiwi sees whole sentences (a cut mid-sentence could invent or hide a pronoun)."""
    out: list[str] = []
    start, n = 0, len(text)
    while start < n:
        end = start + size
        if end >= n:
            out.append(text[start:])
            break
        m = _PIECE_END.search(text, end)
        end = m.end() if m else n
        out.append(text[start:end])
        start = end
    return out


class Analyzer(Protocol):
    def tokenize(self, text: str) -> Sequence[Token]: ...


@dataclass(slots=True)
class Decision:
    reason: str | None
    entities: list[Entity]
    kiwi_chars: int  # characters Kiwi analysed for this document (the cost)
    error: str | None = None


def analyse_document(kiwi: Analyzer, text: str, cfg: FilterConfig) -> Decision:
    """Rules 5-7 with the pronoun early exit.

    Most real documents contain a pronoun early on, so the text is analysed piece by piece and
    rejected at the first NP. A document that shows no NP in its pieces is analysed once more as a
    whole, and that full analysis alone decides it: kept documents and their mention offsets are
    exactly those of a whole-document analysis.
    """
    analysed = 0
    try:
        if cfg.drop_pronouns and cfg.early_exit_chars > 0 and len(text) > cfg.early_exit_chars:
            for piece in pieces(text, cfg.early_exit_chars):
                analysed += len(piece)
                if any(t.tag == "NP" for t in kiwi.tokenize(piece)):
                    return Decision("has_pronoun", [], analysed)
        tokens = kiwi.tokenize(text)
        analysed += len(text)
    except Exception as exc:  # Kiwi failing on one document must not sink the batch
        return Decision("kiwi_error", [], analysed, error=f"{type(exc).__name__}: {exc}")
    reason, entities = kiwi_reject(tokens, cfg)
    return Decision(reason, entities, analysed)
