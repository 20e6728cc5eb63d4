"""Rule set ``v2``: what users' current entity-coreference script keeps (SPEC 2.3, the default).

Cheap character rules first (length, punctuation, Hangul share, symbols), then Kiwi: no pronoun,
an NNP share in range, and a proper noun repeated in the document (the entity the samples are
built from).
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import asdict, dataclass
from typing import Any, ClassVar, Protocol

import numpy as np

from ..core.options import option
from .base import Decision, Entity, Mention
from .text import code_points, hangul_mask, not_symbol_table
from .words import surface_words

# Reasons, in the order they are checked. The pronoun rule is checked before the NNP-share rule
# because it can be decided from a prefix of the document (see V2Rules.decide); the set of kept
# documents is the same in either order, only the label of a doc failing both differs.
CHEAP_REASONS = ("too_short", "too_long", "few_punctuation", "low_hangul", "many_symbols")
KIWI_REASONS = ("has_pronoun", "nnp_share_low", "nnp_share_high", "no_repeated_entity", "kiwi_error")

DEFAULT_STOPWORDS = ("것", "수", "등", "때", "곳", "점", "년", "월", "일")


class Token(Protocol):
    form: str
    tag: str
    start: int
    end: int


class Analyzer(Protocol):
    def tokenize(self, text: str) -> Sequence[Token]: ...


@dataclass(frozen=True)
class V2Rules:
    """Every threshold of rule set ``v2``; the defaults are today's script's."""

    name: ClassVar[str] = "v2"
    reasons: ClassVar[tuple[str, ...]] = CHEAP_REASONS + KIWI_REASONS
    meta_fields: ClassVar[tuple[str, ...]] = ()

    min_chars: int = option(800, "minimum document length in characters (code points)")
    max_chars: int = option(2500, "maximum document length in characters")
    min_punct: int = option(3, "minimum count of characters from --punct-chars")
    punct_chars: str = option(".?!", "sentence-ending characters counted by --min-punct")
    min_hangul_ratio: float = option(0.4, "minimum share of Hangul syllables [가-힣] among all characters")
    max_symbol_ratio: float = option(0.3, "maximum share of characters that are neither alphanumeric nor "
                                        "space/newline/tab")
    min_nnp_share: float = option(0.05, "minimum share of proper nouns (NNP) among Kiwi tokens")
    max_nnp_share: float = option(0.20, "maximum share of proper nouns (NNP) among Kiwi tokens")
    drop_pronouns: bool = option(True, "drop documents containing a pronoun (NP) token")
    min_entity_chars: int = option(2, "minimum length of an entity (NNP form)")
    min_entity_count: int = option(2, "minimum occurrences of an entity in a document")
    entity_stopwords: tuple[str, ...] = option(DEFAULT_STOPWORDS, "NNP forms never used as entities")
    # Pronoun early exit: analyse the text in pieces of about this many characters and stop at the
    # first NP. 0 analyses whole documents only. Meant to change speed only (on the dev corpus the
    # kept documents are those of whole analysis, tests pin it), but Kiwi may tag a piece alone
    # differently, so a batch records the value it was decided with.
    early_exit_chars: int = option(50, "analyse in pieces of this many characters and stop at the first pronoun "
                                       "(0 = whole documents); a speed setting, recorded with the batches")

    def __post_init__(self) -> None:
        from ..core.errors import UsageError

        if self.min_chars > self.max_chars:
            raise UsageError(f"--min-chars {self.min_chars} is larger than --max-chars {self.max_chars}")
        if self.min_nnp_share > self.max_nnp_share:
            raise UsageError(f"--min-nnp-share {self.min_nnp_share} is larger than --max-nnp-share "
                             f"{self.max_nnp_share}")
        if not 0 <= self.min_hangul_ratio <= 1 or not 0 <= self.max_symbol_ratio <= 1:
            raise UsageError("--min-hangul-ratio and --max-symbol-ratio are shares between 0 and 1")
        if isinstance(self.entity_stopwords, list):  # from JSON or a caller's list: keep it hashable
            object.__setattr__(self, "entity_stopwords", tuple(self.entity_stopwords))

    @property
    def uses_kiwi(self) -> bool:
        return True

    def as_dict(self) -> dict[str, Any]:
        d = asdict(self)
        d["entity_stopwords"] = list(self.entity_stopwords)
        return {"rules": self.name, **d}

    def decision_dict(self) -> dict[str, Any]:
        """The settings that decide which documents pass and why (what the work manifest hashes).
        ``early_exit_chars`` is one of them: a piece of a document analysed alone can show a pronoun
        (or a rejection reason) that the whole document's analysis would not."""
        return self.as_dict()

    def cheap(self, text: str, meta: Mapping[str, Any] | None = None) -> str | None:
        """Rules 1-4: the reason the text fails, or None when it may go to Kiwi (``meta`` is unused)."""
        n = len(text)
        if n < self.min_chars:
            return "too_short"
        if n > self.max_chars:
            return "too_long"
        if sum(text.count(c) for c in self.punct_chars) < self.min_punct:
            return "few_punctuation"
        cps = code_points(text)
        if np.count_nonzero(hangul_mask(cps)) < self.min_hangul_ratio * n:
            return "low_hangul"
        if n - np.count_nonzero(not_symbol_table()[cps]) > self.max_symbol_ratio * n:
            return "many_symbols"
        return None

    def decide(self, text: str, kiwi: Analyzer, meta: Mapping[str, Any] | None = None) -> Decision:
        """Rules 5-7 with the pronoun early exit.

        Most real documents contain a pronoun early on, so the text is analysed piece by piece and
        rejected at the first NP. A document that shows no NP in its pieces is analysed once more
        as a whole, and that full analysis alone decides it: kept documents and their mention
        offsets are exactly those of a whole-document analysis.
        """
        analysed = 0
        try:
            if self.drop_pronouns and self.early_exit_chars > 0 and len(text) > self.early_exit_chars:
                for piece in pieces(text, self.early_exit_chars):
                    analysed += len(piece)
                    if any(t.tag == "NP" for t in kiwi.tokenize(piece)):
                        return Decision("has_pronoun", [], analysed)
            tokens = kiwi.tokenize(text)
            analysed += len(text)
        except Exception as exc:  # Kiwi failing on one document must not sink the batch
            return Decision("kiwi_error", [], analysed, error=f"{type(exc).__name__}: {exc}")
        reason, entities = self.kiwi_reject(tokens)
        return Decision(reason, entities, analysed, kiwi_words=surface_words(text, tokens) if reason is None else None)

    def kiwi_reject(self, tokens: Sequence[Token]) -> tuple[str | None, list[Entity]]:
        """Rules 5-7 on a full analysis: (reason or None, the document's repeated entities)."""
        if self.drop_pronouns and any(t.tag == "NP" for t in tokens):
            return "has_pronoun", []
        n = len(tokens)
        share = sum(1 for t in tokens if t.tag == "NNP") / n if n else 0.0
        if share < self.min_nnp_share:
            return "nnp_share_low", []
        if share > self.max_nnp_share:
            return "nnp_share_high", []
        entities = self.repeated_entities(tokens)
        if not entities:
            return "no_repeated_entity", []
        return None, entities

    def repeated_entities(self, tokens: Iterable[Token]) -> list[Entity]:
        """Rule 7's entities: NNP forms long enough, not stopwords, occurring often enough.

        Returned in order of first appearance with their mentions in text order, which is the order
        samples are built in (SPEC 2.4).
        """
        stop = set(self.entity_stopwords)
        mentions: dict[str, list[Mention]] = {}
        for t in tokens:
            if t.tag == "NNP" and len(t.form) >= self.min_entity_chars and t.form not in stop:
                mentions.setdefault(t.form, []).append((t.start, t.end))
        return [(form, ms) for form, ms in mentions.items() if len(ms) >= self.min_entity_count]


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
