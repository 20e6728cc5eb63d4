"""Rules as data: the values a rule set measures about a document, and the checks it applies to them.

A rule set declares

- **groups** of values measured together (one count over the text, one Kiwi analysis), each with
  the stage it runs in (``cheap``: the process that reads the inputs; ``decide``: the workers),
  whether it needs Kiwi, and the settings its values depend on (``--punct-chars`` counts other
  characters, ``--early-exit-chars`` cuts other pieces). A threshold is never among them: changing
  a threshold changes no measured value, only what is done with it;
- **checks** in the order the filter applies them: the rejection reason, the groups it reads, and a
  predicate that says the document fails. Predicates use only operators that work on one document's
  numbers and on numpy columns alike (``&``, ``|``, comparisons, :func:`share`, :func:`at_least_1`),
  so the report can sweep a threshold over a whole batch's recorded values at once.

One walk (:func:`walk`) serves every use: deciding a fresh document (each group is measured when a
check first needs it, and the walk stops at the first failure), re-deciding a document from its
recorded values (only what is missing is measured, and a missing Kiwi value stops the walk:
the document goes to a worker), and explaining one (:func:`explain`: everything is measured and
every check is shown).
"""

from __future__ import annotations

import io
import tokenize
from collections.abc import Callable, Mapping, MutableMapping
from dataclasses import dataclass
from functools import cache
from importlib import import_module
from typing import Any, NamedTuple

import numpy as np

from ..core.atomic import config_hash
from .kiwi import kiwi_version

Values = Mapping[str, Any]
CHEAP, DECIDE = "cheap", "decide"


@dataclass(frozen=True)
class Column:
    """One measured value: a column of the batch's values file."""

    name: str
    # "int" (stored as int32), "float" (float64: thresholds compare it exactly as measured) or
    # "mentions" (a list of (form, start, end): what an analysis found, for values derived later)
    kind: str
    help: str


@dataclass(frozen=True)
class Group:
    """Values measured together; all of them are recorded, or none."""

    name: str
    columns: tuple[Column, ...]
    stage: str = DECIDE
    kiwi: bool = False  # measured from a Kiwi analysis (when the rule set analyses with Kiwi at all)
    settings: tuple[str, ...] = ()  # the rule set's fields the values depend on
    # groups measured with this one because they come from the same analysis at almost no cost: a
    # later change of their threshold is then decided without analysing the document again
    along: tuple[str, ...] = ()
    # groups whose recorded values this one is computed from (not from the text): re-measured
    # from them when its settings change, without the analysis that made them
    derived: tuple[str, ...] = ()


def _always(rules: Any) -> bool:
    return True


@dataclass(frozen=True)
class Check:
    """One rule: the document fails when ``fails(rules, values)`` is true."""

    reason: str
    needs: tuple[str, ...]
    fails: Callable[[Any, Values], Any]
    quantity: Callable[[Any, Values], Any]  # the number the rule compares, for people
    limit: Callable[[Any], str]  # what passes, for people: "≥ 800"
    thresholds: tuple[str, ...] = ()  # the rule set's fields it compares with
    applies: Callable[[Any], bool] = _always
    rule: str = ""  # what it checks, in a few words
    at_offset: bool = False  # the quantity is an offset in the text (-1: nothing found): show the text there
    # for people, when the check did not look at this document (pronouns piece by piece in a
    # document too short to be cut): what to show as measured, and why; None when it did look
    idle: Callable[[Any, Values], tuple[str, str] | None] | None = None


class Missing(NamedTuple):
    """A walk stopped at a check whose group may not be measured here (a Kiwi value in the reader)."""

    group: str


class Step(NamedTuple):
    """One check as :func:`explain` shows it."""

    check: Check
    applies: bool
    quantity: Any  # None when not applicable
    fails: bool
    idle: tuple[str, str] | None = None  # the check's ``idle`` note for this document (shown, why)


def share(part: Any, whole: Any) -> Any:
    """part / whole, 0.0 where whole is 0 (scalars or numpy columns alike)."""
    if isinstance(whole, np.ndarray):
        out = np.zeros(np.broadcast(part, whole).shape, dtype=np.float64)
        np.divide(part, whole, out=out, where=whole != 0)
        return out
    return part / whole if whole else 0.0


def at_least_1(x: Any) -> Any:
    return np.maximum(x, 1) if isinstance(x, np.ndarray) else max(x, 1)


def walk(rules: Any, checks: tuple[Check, ...], values: MutableMapping[str, Any], have: set[str],
         obtain: Callable[[str], bool], start: int = 0, end: int | None = None) -> str | None | Missing:
    """Apply ``checks[start:end]`` in order to ``values``: the first reason that fails, None when
    none does, or Missing(group) when a check needs a group ``obtain`` cannot measure here.

    ``have`` names the groups in ``values``; ``obtain(group)`` measures one into them (and into
    ``have``) and returns False when it may not."""
    for check in checks[start:end]:
        if not check.applies(rules):
            continue
        for g in check.needs:
            if g not in have and not obtain(g):
                return Missing(g)
        if check.fails(rules, values):
            return check.reason
    return None


def first_decide_check(rules: Any) -> int:
    """Index of the first applicable check that needs a decide-stage group: the reader applies the
    checks before it, the workers those from it on."""
    stages = {g.name: g.stage for g in rules.groups}
    for i, c in enumerate(rules.checks):
        if c.applies(rules) and any(stages[g] == DECIDE for g in c.needs):
            return i
    return len(rules.checks)


def explain(rules: Any, values: Values, have: set[str]) -> list[Step]:
    """Every check with its quantity and verdict (``have``: the groups measured into ``values``)."""
    out = []
    for c in rules.checks:
        on = bool(c.applies(rules))
        if not on or any(g not in have for g in c.needs):
            out.append(Step(c, on, None, False))
            continue
        idle = c.idle(rules, values) if c.idle is not None else None
        out.append(Step(c, True, c.quantity(rules, values), bool(c.fails(rules, values)), idle))
    return out


def evaluate_columns(rules: Any, columns: Mapping[str, np.ndarray], present: Mapping[str, np.ndarray],
                     n: int) -> tuple[np.ndarray, np.ndarray]:
    """The walk over a whole batch of recorded values at once (the report's threshold sweep).

    Returns (index into ``rules.checks`` of the failing check, -1 for kept, per document; whether a
    group the walk needed was not recorded, in which case the verdict is unknown)."""
    verdict = np.full(n, -1, dtype=np.int32)
    unknown = np.zeros(n, dtype=bool)
    open_ = np.ones(n, dtype=bool)
    for i, c in enumerate(rules.checks):
        if not c.applies(rules):
            continue
        have = np.ones(n, dtype=bool)
        for g in c.needs:
            have &= present[g]
        unknown |= open_ & ~have
        open_ &= have
        with np.errstate(invalid="ignore", divide="ignore"):
            failed = open_ & np.asarray(c.fails(rules, columns), dtype=bool)
        verdict[failed] = i
        open_ &= ~failed
    return verdict, unknown


# --- what values depend on besides the settings: the rules' code and the analyser ---------------


def _normalised_source(module: str) -> str:
    """A module's tokens without comments or blank lines: edits that cannot change a value
    (comments, spacing) leave it alone, any change of code does not."""
    mod = import_module(module)
    src = open(mod.__file__ or "", encoding="utf-8").read()
    skip = {tokenize.COMMENT, tokenize.NL, tokenize.ENCODING}
    # statement ends and indentation stay (as ; { }): they are structure, not layout
    marks = {tokenize.NEWLINE: ";", tokenize.INDENT: "{", tokenize.DEDENT: "}"}
    out: list[str] = []
    for tok in tokenize.generate_tokens(io.StringIO(src).readline):
        if tok.type in marks:
            out.append(marks[tok.type])
        elif tok.type not in skip:
            out.append(tok.string)
    return " ".join(out)


@cache
def code_version(modules: tuple[str, ...]) -> str:
    """A short id of the code of ``modules`` (a rule set's own module and those it decides with)."""
    return config_hash([_normalised_source(m) for m in modules])


def group_key(rules: Any, group: Group) -> str:
    """What a group's recorded values were measured under: values recorded under another key are
    stale (measured again when needed)."""
    settings = rules.decision_dict()
    return config_hash({
        "rules": rules.name,
        "code": rules.code_version(),
        "group": group.name,
        "settings": {s: settings[s] for s in group.settings},
        "kiwi": kiwi_version() if group.kiwi and rules.uses_kiwi else None,  # the analyser measured them
    })
