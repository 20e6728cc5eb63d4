"""Rule sets that decide which documents a run keeps (SPEC 2.3).

A rule set is a frozen dataclass whose fields are its thresholds (each one a CLI option) and
which answers two questions about a document:

- :meth:`Rules.cheap`: a reason to reject it from the text alone, fast enough to run in the one
  process that reads the inputs (length, character classes);
- :meth:`Rules.decide`: the final decision for a document that survived the cheap rules, run in
  the worker processes (or Ray actors), with Kiwi when the rule set needs it.

Both are pure: text in, decision out, so they are tested without a Pool. Every rejection names
its reason; the reasons a rule set can give are listed in its ``reasons``.
"""

from __future__ import annotations

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


class Rules(Protocol):
    """The interface every rule set implements (see the module docstring)."""

    name: ClassVar[str]
    reasons: ClassVar[tuple[str, ...]]

    @property
    def uses_kiwi(self) -> bool: ...

    # ``url``: the document's URL when the input has one (rule sets may block domains); optional so
    # a caller without URLs passes only the text.
    def cheap(self, text: str, url: str | None = None) -> str | None: ...

    def decide(self, text: str, kiwi: Any, url: str | None = None) -> Decision: ...

    def as_dict(self) -> dict[str, Any]: ...

    def decision_dict(self) -> dict[str, Any]: ...


def rule_sets() -> dict[str, type]:
    """Rule set classes by name (imported lazily: the llm set pulls in its own helpers)."""
    from .v2 import V2Rules

    out: dict[str, type] = {"v2": V2Rules}
    try:
        from .llm import LlmRules

        out["llm"] = LlmRules
    except ImportError:  # pragma: no cover - while the llm rule set is not built
        pass
    return out


class RuleOption(NamedTuple):
    """One threshold as the command line offers it: every rule set that has it, with its default."""

    field: str
    kind: str  # "int" | "float" | "str" | "bool" | "words" (comma-separated) | "path" (optional file)
    defaults: dict[str, Any]  # rule set name -> default
    help: str


def _kind(annotation: Any) -> str:
    text = str(annotation).replace(" ", "")
    if text.startswith("tuple[str"):
        return "words"
    if text in ("str|None", "Optional[str]"):
        return "path"
    return text if text in ("int", "float", "str", "bool") else "str"


def rule_options() -> list[RuleOption]:
    """The union of all rule sets' thresholds, in declaration order (v2's first)."""
    import dataclasses

    out: dict[str, RuleOption] = {}
    for name, cls in rule_sets().items():
        for f in dataclasses.fields(cls):
            default = f.default if f.default is not dataclasses.MISSING else f.default_factory()  # type: ignore[misc]
            if f.name in out:
                out[f.name].defaults[name] = default
            else:
                out[f.name] = RuleOption(f.name, _kind(f.type), {name: default}, f.metadata.get("help", ""))
    return list(out.values())


def make_rules(name: str = "v2", **options: Any) -> Any:
    """The rule set ``name`` with ``options`` overriding its defaults.

    An option the rule set does not have is a usage error naming it, so a threshold typed for one
    rule set never silently does nothing under another.
    """
    import dataclasses

    from ..errors import UsageError

    sets = rule_sets()
    if name not in sets:
        raise UsageError(f"--rules {name!r} is not a rule set; choose one of {', '.join(sorted(sets))}")
    known = {f.name for f in dataclasses.fields(sets[name])}
    unknown = sorted(set(options) - known)
    if unknown:
        flags = ", ".join("--" + u.replace("_", "-") for u in unknown)
        raise UsageError(f"{flags} {'is not an option' if len(unknown) == 1 else 'are not options'} of rule set "
                         f"{name!r}; drop it or choose the rule set that has it")
    return sets[name](**options)
