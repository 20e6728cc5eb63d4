"""Rule sets that decide which documents a run keeps (SPEC 2.3).

A rule set is a frozen dataclass whose fields are its thresholds (each one a CLI option) and
which answers two questions about a document:

- :meth:`Rules.cheap`: a reason to reject it from the text alone, fast enough to run in the one
  process that reads the inputs (length, character classes);
- :meth:`Rules.decide`: the final decision for a document that survived the cheap rules, run in
  the worker processes (or Ray actors), with Kiwi when the rule set needs it.

Both are pure: text (and the record's ``meta`` fields) in, decision out, so they are tested without
the workers. A rule set is data as much as code (:mod:`corefprep.rules.checks`): the values it measures,
in groups, and its checks in order, each a predicate over those values. Every batch records each
document's values, so a changed threshold is re-decided from them, and the same checks explain one
document (``corefprep explain``) or sweep a threshold over a corpus (the report).

Every rejection names its reason; the reasons a rule set can give are listed in its ``reasons``.
A rule that reads a field of the input records other than the text names it in its rule set's
``meta_fields``: the readers then keep it in each document's ``meta`` (the URL is
always there), and nothing else needs to change.
"""

from __future__ import annotations

from typing import Any, NamedTuple

from .base import ENGINE_REASONS, Decision, Entity, Mention, Rules, RuleSet
from .checks import Check, Column, Group, Missing, Step
from .llm import LlmRules
from .v2 import V2Rules

__all__ = ["ENGINE_REASONS", "Check", "Column", "Decision", "Entity", "Group", "Mention", "Missing", "RuleSet", "Rules",
           "Step", "make_rules", "rule_options", "rule_sets"]


def rule_sets() -> dict[str, type]:
    """Rule set classes by name."""
    return {"v2": V2Rules, "llm": LlmRules}


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
                cli = f.metadata.get("cli")
                out[f.name] = RuleOption(f.name, _kind(f.type), {name: default}, cli.help if cli else "")
    return list(out.values())


def make_rules(name: str = "v2", **options: Any) -> Any:
    """The rule set ``name`` with ``options`` overriding its defaults.

    An option the rule set does not have is a usage error naming it, so a threshold typed for one
    rule set never silently does nothing under another.
    """
    import dataclasses

    from ..core.errors import UsageError

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
