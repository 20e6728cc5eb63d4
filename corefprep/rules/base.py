"""What every rule set is and gives: the :class:`Rules` interface and its :class:`Decision`
(see :mod:`corefprep.rules` for the whole picture)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, ClassVar, NamedTuple, Protocol

Mention = tuple[int, int]  # [start, end) code-point offsets in the text as read
Entity = tuple[str, list[Mention]]

# Reasons every engine can add whatever the rule set: the analysis raised, a document killed
# its worker twice, or ran past --doc-timeout (the last two are quarantined, SPEC 2.3).
ENGINE_REASONS = ("kiwi_error", "worker_died", "timeout")


class Decision(NamedTuple):
    """What the rules decided about one document."""

    reason: str | None  # None: kept
    entities: list[Entity]  # repeated entities with their mentions (v2); [] otherwise
    kiwi_chars: int = 0  # characters Kiwi analysed for this document (the cost)
    error: str | None = None  # the analyser's error message, with reason kiwi_error
    # a kept document's Kiwi words (surface strings of its morphemes), when the rules analysed it
    # whole anyway: its dedup signature is made from them without a second analysis
    kiwi_words: list[str] | None = None


class Rules(Protocol):
    """The interface every rule set implements (see the module docstring)."""

    name: ClassVar[str]
    reasons: ClassVar[tuple[str, ...]]
    meta_fields: ClassVar[tuple[str, ...]]  # record fields the rules read from ``meta`` besides ``url``

    @property
    def uses_kiwi(self) -> bool: ...

    # ``meta``: the record's fields besides its text (``url`` when the input has one); optional so a
    # caller with a bare text passes only the text.
    def cheap(self, text: str, meta: Mapping[str, Any] | None = None) -> str | None: ...

    def decide(self, text: str, kiwi: Any, meta: Mapping[str, Any] | None = None) -> Decision: ...

    def as_dict(self) -> dict[str, Any]: ...

    def decision_dict(self) -> dict[str, Any]: ...
