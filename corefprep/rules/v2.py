"""Rule set ``v2``: what users' current entity-coreference script keeps (SPEC 2.3, the default).

Cheap character rules first (length, punctuation, Hangul share, symbols), then Kiwi: no pronoun,
an NNP share in range, and a proper noun repeated in the document (the entity the samples are
built from).
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from dataclasses import asdict, dataclass
from typing import Any, ClassVar

import numpy as np

from ..core.options import option
from .base import CHEAP, Entity, Mention, RuleSet, Scratch
from .checks import Check, Column, Group, Values, share
from .text import code_points, hangul_mask, not_symbol_table
from .words import surface_words

# Reasons, in the order they are checked. The pronoun rule is checked before the NNP-share rule
# because it can be decided from a prefix of the document (the "pieces" group); the set of kept
# documents is the same in either order, only the label of a doc failing both differs.
CHEAP_REASONS = ("too_short", "too_long", "few_punctuation", "low_hangul", "many_symbols")
KIWI_REASONS = ("has_pronoun", "nnp_share_low", "nnp_share_high", "no_repeated_entity", "kiwi_error")

DEFAULT_STOPWORDS = ("것", "수", "등", "때", "곳", "점", "년", "월", "일")


@dataclass(frozen=True)
class V2Rules(RuleSet):
    """Every threshold of rule set ``v2``; the defaults are today's script's."""

    name: ClassVar[str] = "v2"
    reasons: ClassVar[tuple[str, ...]] = CHEAP_REASONS + KIWI_REASONS
    meta_fields: ClassVar[tuple[str, ...]] = ()
    code_modules: ClassVar[tuple[str, ...]] = ("corefprep.rules.v2", "corefprep.rules.text", "corefprep.rules.base",
                                                "corefprep.rules.checks")

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

    # --- measuring (the checks are below the class) ------------------------------------------

    def measure(self, group: str, s: Scratch) -> dict[str, Any]:
        t = s.text
        if group == "length":
            return {"chars": len(t)}
        if group == "punct":
            return {"punct": sum(t.count(c) for c in self.punct_chars)}
        if group == "classes":
            cps = code_points(t)
            return {"hangul": int(np.count_nonzero(hangul_mask(cps))),
                    "symbols": int(cps.size - np.count_nonzero(not_symbol_table()[cps]))}
        if group == "pieces":
            # Most real documents contain a pronoun early on: analyse sentence-sized pieces and
            # stop at the first NP. A document short enough is analysed whole only.
            if self.early_exit_chars > 0 and len(t) > self.early_exit_chars:
                offset = 0
                for piece in pieces(t, self.early_exit_chars):
                    np_at = next((tok.start for tok in s.tokenize(piece) if tok.tag == "NP"), None)
                    if np_at is not None:
                        return {"piece_np": offset + np_at}
                    offset += len(piece)
            return {"piece_np": -1}
        if group == "entities":
            counts = [len(ms) for ms in self._mentions(s.values["nnp_mentions"]).values()]
            return {"top_entity": max(counts, default=0)}
        tokens = s.once("tokens", lambda: s.tokenize(t))
        if group == "whole":
            return {"np_at": next((tok.start for tok in tokens if tok.tag == "NP"), -1), "tokens": len(tokens),
                    "nnp": sum(1 for tok in tokens if tok.tag == "NNP")}
        if group == "mentions":
            return {"nnp_mentions": [(tok.form, tok.start, tok.end) for tok in tokens if tok.tag == "NNP"]}
        raise KeyError(group)

    def payload(self, values: Mapping[str, Any]) -> list[Entity] | None:
        """A kept document's entities, from the proper nouns its whole analysis found: that
        analysis alone decides a kept document, so its mention offsets are exactly those of a
        whole-document analysis."""
        mentions = values.get("nnp_mentions")
        return None if mentions is None else self.repeated_entities(mentions)

    def kiwi_words(self, s: Scratch) -> list[str] | None:
        tokens = s.shared.get("tokens")
        return None if tokens is None else surface_words(s.text, tokens)

    def kiwi_tokens(self, s: Scratch) -> Any:
        return s.shared.get("tokens")

    def _mentions(self, nnps: Iterable[tuple[str, int, int]]) -> dict[str, list[Mention]]:
        stop = set(self.entity_stopwords)
        mentions: dict[str, list[Mention]] = {}
        for form, start, end in nnps:
            if len(form) >= self.min_entity_chars and form not in stop:
                mentions.setdefault(form, []).append((start, end))
        return mentions

    def repeated_entities(self, nnps: Iterable[tuple[str, int, int]]) -> list[Entity]:
        """Rule 7's entities from a document's proper nouns (form, start, end): NNP forms long
        enough, not stopwords, occurring often enough.

        Returned in order of first appearance with their mentions in text order, which is the order
        samples are built in (SPEC 2.4).
        """
        return [(form, ms) for form, ms in self._mentions(nnps).items() if len(ms) >= self.min_entity_count]


def _share(v: Values) -> Any:
    return share(v["nnp"], v["tokens"])


def _not_cut(r: V2Rules, v: Values) -> tuple[str, str] | None:
    """A document no longer than --early-exit-chars is not cut into pieces: the whole-document
    check alone looks for its pronouns."""
    chars = v.get("chars")
    if chars is None or chars > r.early_exit_chars:
        return None
    return (f"not cut ({chars:,} <= {r.early_exit_chars:,} chars)",
            "a document of at most --early-exit-chars characters is not cut into pieces: the whole-document "
            "rule alone looks for its pronouns")


# The checks in the order the filter applies them (docs/rules.md, "Rule set v2").
V2Rules.groups = (
    Group("length", (Column("chars", "int", "characters (code points)"),), CHEAP),
    Group("punct", (Column("punct", "int", "characters from --punct-chars"),), CHEAP, settings=("punct_chars",)),
    Group("classes", (Column("hangul", "int", "Hangul syllables [가-힣]"),
                      Column("symbols", "int", "characters neither alphanumeric nor space/newline/tab")), CHEAP),
    Group("pieces", (Column("piece_np", "int", "offset of the first pronoun found piece by piece (-1: none)"),),
          kiwi=True, settings=("early_exit_chars",)),
    Group("whole", (Column("np_at", "int", "offset of the first pronoun of the whole analysis (-1: none)"),
                    Column("tokens", "int", "Kiwi tokens"), Column("nnp", "int", "proper nouns (NNP) among them")),
          kiwi=True, along=("mentions", "entities")),
    Group("mentions", (Column("nnp_mentions", "mentions", "proper nouns (form, start, end) of the whole analysis"),),
          kiwi=True),
    Group("entities", (Column("top_entity", "int", "occurrences of the most repeated entity"),),
          settings=("min_entity_chars", "entity_stopwords"), derived=("mentions",)),
)
V2Rules.checks = (
    Check("too_short", ("length",), lambda r, v: v["chars"] < r.min_chars, lambda r, v: v["chars"],
          lambda r: f">= {r.min_chars}", ("min_chars",), rule="characters"),
    Check("too_long", ("length",), lambda r, v: v["chars"] > r.max_chars, lambda r, v: v["chars"],
          lambda r: f"<= {r.max_chars}", ("max_chars",), rule="characters"),
    Check("few_punctuation", ("punct",), lambda r, v: v["punct"] < r.min_punct, lambda r, v: v["punct"],
          lambda r: f">= {r.min_punct}", ("min_punct",), rule="characters from --punct-chars"),
    Check("low_hangul", ("length", "classes"), lambda r, v: v["hangul"] < r.min_hangul_ratio * v["chars"],
          lambda r, v: share(v["hangul"], v["chars"]), lambda r: f">= {r.min_hangul_ratio}", ("min_hangul_ratio",),
          rule="Hangul syllables / characters"),
    Check("many_symbols", ("length", "classes"), lambda r, v: v["symbols"] > r.max_symbol_ratio * v["chars"],
          lambda r, v: share(v["symbols"], v["chars"]), lambda r: f"<= {r.max_symbol_ratio}", ("max_symbol_ratio",),
          rule="symbols / characters"),
    Check("has_pronoun", ("pieces",), lambda r, v: v["piece_np"] >= 0, lambda r, v: v["piece_np"],
          lambda r: "no pronoun", ("drop_pronouns",), applies=lambda r: r.drop_pronouns and r.early_exit_chars > 0,
          rule="first pronoun (NP), piece by piece", at_offset=True, idle=_not_cut),
    Check("has_pronoun", ("whole",), lambda r, v: v["np_at"] >= 0, lambda r, v: v["np_at"],
          lambda r: "no pronoun", ("drop_pronouns",), applies=lambda r: r.drop_pronouns,
          rule="first pronoun (NP), whole document", at_offset=True),
    Check("nnp_share_low", ("whole",), lambda r, v: _share(v) < r.min_nnp_share, lambda r, v: _share(v),
          lambda r: f">= {r.min_nnp_share}", ("min_nnp_share",), rule="NNP / Kiwi tokens"),
    Check("nnp_share_high", ("whole",), lambda r, v: _share(v) > r.max_nnp_share, lambda r, v: _share(v),
          lambda r: f"<= {r.max_nnp_share}", ("max_nnp_share",), rule="NNP / Kiwi tokens"),
    Check("no_repeated_entity", ("entities",), lambda r, v: v["top_entity"] < r.min_entity_count,
          lambda r, v: v["top_entity"], lambda r: f">= {r.min_entity_count}", ("min_entity_count",),
          rule="occurrences of the most repeated entity"),
)


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
