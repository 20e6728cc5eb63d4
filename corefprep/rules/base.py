"""What every rule set is and gives: the :class:`Rules` interface, its :class:`Decision`, and
:class:`RuleSet`, the walk every rule set shares (see :mod:`corefprep.rules` for the whole picture
and :mod:`corefprep.rules.checks` for rules as data)."""

from __future__ import annotations

from collections.abc import Mapping
from time import thread_time
from typing import Any, ClassVar, NamedTuple, Protocol

from .checks import CHEAP, Check, Group, Missing, Step, code_version, explain, first_decide_check, group_key, walk

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
    # the Kiwi tokens those words are read from (in the deciding process only, never pickled): a
    # same-length redaction's words are read at the same places (corefprep.filter.kept)
    kiwi_tokens: Any = None
    # what the rules measured on the way to the verdict (column -> value): the batch's values file
    values: dict[str, Any] | None = None
    kiwi_cpu: float = 0.0  # CPU seconds inside Kiwi's analyses (where a worker's time goes)


class KiwiFailed(Exception):
    """Kiwi raised on a document: the document is rejected as kiwi_error, the batch goes on."""


class Scratch:
    """One document while its groups are measured: what several groups share (Kiwi's tokens, the
    word split) and the characters Kiwi analysed (the cost, in the batch's stats)."""

    __slots__ = ("text", "meta", "kiwi", "kiwi_chars", "kiwi_cpu", "shared", "values")

    def __init__(self, text: str, meta: Mapping[str, Any] | None, kiwi: Any, values: dict[str, Any] | None = None):
        self.text, self.meta, self.kiwi = text, meta or {}, kiwi
        self.kiwi_chars = 0
        self.kiwi_cpu = 0.0
        self.shared: dict[str, Any] = {}
        self.values: dict[str, Any] = {} if values is None else values  # measured so far (derived groups read it)

    def tokenize(self, text: str) -> Any:
        self.kiwi_chars += len(text)
        # this thread's clock: Kiwi runs single-threaded in the caller (corefprep.rules.kiwi)
        t = thread_time()
        try:
            return self.kiwi.tokenize(text)
        except Exception as exc:  # Kiwi failing on one document must not sink the batch
            raise KiwiFailed(f"{type(exc).__name__}: {exc}") from exc
        finally:
            self.kiwi_cpu += thread_time() - t

    def once(self, key: str, make: Any) -> Any:
        """``make()`` the first time ``key`` is asked for (one Kiwi analysis for several groups)."""
        if key not in self.shared:
            self.shared[key] = make()
        return self.shared[key]


class Rules(Protocol):
    """The interface every rule set implements (see the module docstring)."""

    name: ClassVar[str]
    reasons: ClassVar[tuple[str, ...]]
    meta_fields: ClassVar[tuple[str, ...]]  # record fields the rules read from ``meta`` besides ``url``
    groups: ClassVar[tuple[Group, ...]]
    checks: ClassVar[tuple[Check, ...]]

    @property
    def uses_kiwi(self) -> bool: ...

    # ``meta``: the record's fields besides its text (``url`` when the input has one); optional so a
    # caller with a bare text passes only the text.
    def cheap(self, text: str, meta: Mapping[str, Any] | None = None) -> str | None: ...

    def cheap_measure(self, text: str, meta: Mapping[str, Any] | None = None,
                      known: Mapping[str, Any] | None = None) -> tuple[str | None, dict[str, Any]]: ...

    def decide(self, text: str, kiwi: Any, meta: Mapping[str, Any] | None = None) -> Decision: ...

    def redecide(self, text: str, meta: Mapping[str, Any] | None,
                 values: dict[str, Any]) -> str | None | Missing: ...

    def as_dict(self) -> dict[str, Any]: ...

    def decision_dict(self) -> dict[str, Any]: ...

    def code_version(self) -> str: ...

    def group_keys(self) -> dict[str, str]: ...

    def payload(self, values: Mapping[str, Any]) -> list[Entity] | None: ...


class RuleSet:
    """The walk every rule set shares; a rule set adds its fields (thresholds and settings), its
    ``groups`` and ``checks``, :meth:`measure` and :meth:`kept`.

    - the reading process calls :meth:`cheap_measure`: the checks before the first one that needs
      a decide-stage group;
    - a worker calls :meth:`decide` on a document that passed them: the remaining checks, each
      group measured when first needed, stopping at the first failure;
    - re-deciding from recorded values, :meth:`redecide` applies the remaining checks to them,
      measuring a missing group only when that needs no Kiwi.
    """

    name: ClassVar[str]
    groups: ClassVar[tuple[Group, ...]]
    checks: ClassVar[tuple[Check, ...]]
    # modules whose code decides (their changes make recorded values stale)
    code_modules: ClassVar[tuple[str, ...]]

    # --- what a rule set provides ---------------------------------------------------------------

    @property
    def uses_kiwi(self) -> bool:
        raise NotImplementedError

    def decision_dict(self) -> dict[str, Any]:
        raise NotImplementedError

    def measure(self, group: str, s: Scratch) -> dict[str, Any]:
        """The values of ``group`` for the document in ``s``."""
        raise NotImplementedError

    def payload(self, values: Mapping[str, Any]) -> list[Entity] | None:
        """A kept document's payload (v2: its entities) from its values; None when they lack what
        it is made from (then the document is analysed)."""
        return []

    def kiwi_words(self, s: Scratch) -> list[str] | None:
        """A kept document's Kiwi words, when its analysis made them (its dedup signature is made
        from them without a second analysis)."""
        return None

    def kiwi_tokens(self, s: Scratch) -> Any:
        """The Kiwi tokens :meth:`kiwi_words` reads its words from (None when there are none)."""
        return None

    # --- the walk -------------------------------------------------------------------------------

    def group(self, name: str) -> Group:
        return _groups(type(self))[name]

    def group_uses_kiwi(self, name: str) -> bool:
        return self.group(name).kiwi and self.uses_kiwi

    def code_version(self) -> str:
        return code_version(self.code_modules)

    def group_keys(self) -> dict[str, str]:
        return {g.name: group_key(self, g) for g in self.groups}

    def first_decide(self) -> int:
        # asked for every document, in the reader and in the workers: computed once per rule set object
        try:
            return self._first_decide  # type: ignore[attr-defined,no-any-return]
        except AttributeError:
            object.__setattr__(self, "_first_decide", first_decide_check(self))
            return self._first_decide  # type: ignore[attr-defined,no-any-return]

    def _obtain(self, s: Scratch, values: dict[str, Any], have: set[str], kiwi_ok: bool = True) -> Any:
        def obtain(name: str) -> bool:
            group = self.group(name)
            if any(dep not in have and not obtain(dep) for dep in group.derived):
                return False
            if not kiwi_ok and self.group_uses_kiwi(name):
                return False
            values.update(self.measure(name, s))
            have.add(name)
            for other in group.along:
                if other not in have:
                    obtain(other)
            return True

        return obtain

    def cheap(self, text: str, meta: Mapping[str, Any] | None = None) -> str | None:
        """The reason the reading process rejects the text, or None when it goes to a worker."""
        return self.cheap_measure(text, meta)[0]

    def cheap_measure(self, text: str, meta: Mapping[str, Any] | None = None,
                      known: Mapping[str, Any] | None = None) -> tuple[str | None, dict[str, Any]]:
        """The cheap checks: (reason or None, the values measured). ``known``: values recorded
        earlier under the same settings, used instead of measuring again."""
        values: dict[str, Any] = {}
        s = Scratch(text, meta, None, values)
        have: set[str] = set()
        if known:
            values.update(known)
            have.update(self.present(known))
        reason = walk(self, self.checks, values, have, self._obtain(s, values, have, kiwi_ok=False),
                      end=self.first_decide())
        if isinstance(reason, Missing):  # a cheap check reading a Kiwi group: a rule set's bug
            raise TypeError(f"rule set {self.name}: a cheap check needs the Kiwi group {reason.group}")
        return reason, values

    def decide(self, text: str, kiwi: Any, meta: Mapping[str, Any] | None = None) -> Decision:
        """The checks after the cheap ones, on a document that passed those."""
        values: dict[str, Any] = {}
        s = Scratch(text, meta, kiwi, values)
        have: set[str] = set()
        try:
            reason = walk(self, self.checks, values, have, self._obtain(s, values, have), start=self.first_decide())
            entities: list[Entity] | None = []
            words = tokens = None
            if reason is None:
                entities, words, tokens = self.payload(values), self.kiwi_words(s), self.kiwi_tokens(s)
        except KiwiFailed as exc:
            return Decision("kiwi_error", [], s.kiwi_chars, error=str(exc), values=values, kiwi_cpu=s.kiwi_cpu)
        assert not isinstance(reason, Missing) and entities is not None
        return Decision(reason, entities, s.kiwi_chars, kiwi_words=words, kiwi_tokens=tokens, values=values,
                        kiwi_cpu=s.kiwi_cpu)

    def redecide(self, text: str, meta: Mapping[str, Any] | None, values: dict[str, Any]) -> str | None | Missing:
        """The checks after the cheap ones on recorded ``values`` (measured into them when missing
        and no Kiwi is needed): the reason, None (kept), or Missing(group) when a Kiwi group is
        missing and the document must go to a worker."""
        s = Scratch(text, meta, None, values)
        have = self.present(values)
        return walk(self, self.checks, values, have, self._obtain(s, values, have, kiwi_ok=False),
                    start=self.first_decide())

    def present(self, values: Mapping[str, Any]) -> set[str]:
        """The groups whose values are in ``values`` (a group's values are recorded together)."""
        return {g.name for g in self.groups if g.columns and g.columns[0].name in values}

    def measure_all(self, text: str, kiwi: Any, meta: Mapping[str, Any] | None = None
                    ) -> tuple[dict[str, Any], set[str], str | None]:
        """Every group that applies (for explaining a document): (values, groups, Kiwi's error)."""
        values: dict[str, Any] = {}
        s = Scratch(text, meta, kiwi, values)
        have: set[str] = set()
        obtain = self._obtain(s, values, have)
        needed = [g for c in self.checks if c.applies(self) for g in c.needs]
        for name in dict.fromkeys(needed):
            try:
                if name not in have:
                    obtain(name)
            except KiwiFailed as exc:
                return values, have, str(exc)
        return values, have, None

    def explain(self, text: str, kiwi: Any, meta: Mapping[str, Any] | None = None) -> tuple[list[Step], str | None]:
        values, have, error = self.measure_all(text, kiwi, meta)
        return explain(self, values, have), error

    def failures(self, text: str, kiwi: Any, meta: Mapping[str, Any] | None = None) -> list[str]:
        """Every rule the document fails, in check order ([] = kept): to see why, not to decide."""
        steps, _ = self.explain(text, kiwi, meta)
        return list(dict.fromkeys(step.check.reason for step in steps if step.fails))


_GROUPS: dict[type, dict[str, Group]] = {}


def _groups(cls: type) -> dict[str, Group]:
    if cls not in _GROUPS:
        _GROUPS[cls] = {g.name: g for g in cls.groups}  # type: ignore[attr-defined]
    return _GROUPS[cls]


__all__ = ["CHEAP", "ENGINE_REASONS", "Decision", "Entity", "KiwiFailed", "Mention", "Rules", "RuleSet", "Scratch"]
