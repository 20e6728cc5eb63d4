"""Options declared once: a config dataclass field carries its default, its help and how the
command line spells it; the CLI, the doctor and the plan all read it from there.

Each stage owns the dataclass of its own settings (``FilterConfig``, ``EngineConfig``, a rule
set, ``SampleConfig``, ``TokenizeConfig``, ``MapConfig``, ``RunConfig``); :func:`add_options` adds
a dataclass's fields to an argparse group and :func:`values_from` reads them back, so a new option
is one field in one file.
"""

from __future__ import annotations

import argparse
import dataclasses
import os
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from .errors import UsageError


@dataclass(frozen=True)
class Cli:
    """How one field appears on the command line."""

    help: str
    flags: tuple[str, ...] = ()  # the first is the main spelling; default: --field-name
    metavar: str | None = None
    choices: tuple[str, ...] | None = None
    positive: bool = False  # an int that must be > 0
    negate: bool = False  # the flag stores False into a field that defaults to True (--no-pack)
    boolean_optional: bool = False  # --x / --no-x
    # None unless given: the run's plan fills it for this machine (corefprep.run.plan)
    planned: bool = False
    # environment variable that, when set, wins over the plan (DATASET_NUM_PROC ...)
    env: str | None = None


def option(default: Any, help: str, **cli: Any) -> Any:
    """A dataclass field with its command-line description (see :class:`Cli`)."""
    if isinstance(default, list | dict | set):
        return dataclasses.field(default_factory=lambda: type(default)(default), metadata={"cli": Cli(help, **cli)})
    return dataclasses.field(default=default, metadata={"cli": Cli(help, **cli)})


def cli_of(f: dataclasses.Field[Any]) -> Cli | None:
    return f.metadata.get("cli")


def declared(cls: type) -> list[tuple[dataclasses.Field[Any], Cli]]:
    """The fields of ``cls`` that have a command-line description, in declaration order."""
    return [(f, c) for f in dataclasses.fields(cls) if (c := cli_of(f)) is not None]


def flag_of(f: dataclasses.Field[Any], c: Cli) -> str:
    return c.flags[0] if c.flags else "--" + f.name.replace("_", "-")


def positive_int(v: str) -> int:
    try:
        n = int(v)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{v!r} is not an integer") from None
    if n <= 0:
        raise argparse.ArgumentTypeError(f"{v!r} must be positive")
    return n


def path_or_url(v: str) -> Path | str:
    """A directory that may be on a store: ``s3://bucket/prefix`` stays a URL (a Path would fold its
    ``//``); ``file:///x`` is the local path ``/x``; anything else is a local path."""
    if v.startswith("file://"):
        return Path(v.removeprefix("file://"))
    return v if "://" in v else Path(v)


def _type_of(annotation: Any) -> str:
    """The scalar type named by a field annotation (``int | None`` -> ``int``)."""
    text = str(annotation).replace(" ", "").replace("|None", "").replace("Optional[", "").rstrip("]")
    return text if text in ("int", "float", "str", "bool", "Path", "Path|str") else "str"


def add_options(group: Any, cls: type, *, only: tuple[str, ...] | None = None, dest_prefix: str = "",
                skip: tuple[str, ...] = ()) -> None:
    """Add the declared fields of ``cls`` (or those in ``only``) to an argparse parser or group.

    Planned options default to None (the plan fills them); the others show their default in
    ``--help``. Destinations are ``dest_prefix + field name``.
    """
    for f, c in declared(cls):
        if (only is not None and f.name not in only) or f.name in skip:
            continue
        flags = (flag_of(f, c), *c.flags[1:])
        kind = _type_of(f.type)
        kw: dict[str, Any] = {"dest": dest_prefix + f.name, "help": c.help}
        if c.negate:
            kw.update(action="store_false", default=True)
        elif c.boolean_optional:
            kw.update(action=argparse.BooleanOptionalAction, default=None if c.planned else f.default)
        elif kind == "bool":
            kw.update(action="store_true", default=False)
        else:
            conv: Any = {"int": positive_int if c.positive else int, "float": float, "Path": Path,
                               "Path|str": path_or_url}.get(kind, str)
            kw.update(type=conv, default=None if c.planned else _default(f))
            if c.metavar:
                kw["metavar"] = c.metavar
            if c.choices:
                kw["choices"] = list(c.choices)
        group.add_argument(*flags, **kw)


def _default(f: dataclasses.Field[Any]) -> Any:
    if f.default is not dataclasses.MISSING:
        return f.default
    if f.default_factory is not dataclasses.MISSING:
        return f.default_factory()
    return None


def values_from(cls: type, ns: argparse.Namespace, *, dest_prefix: str = "") -> dict[str, Any]:
    """The declared fields of ``cls`` found in ``ns``, by field name (planned ones may be None)."""
    return {f.name: getattr(ns, dest_prefix + f.name) for f, _c in declared(cls) if hasattr(ns, dest_prefix + f.name)}


def env_int(name: str) -> int | None:
    """A positive whole number from the environment variable ``name``; None when it is unset.
    Anything else is a usage error naming the variable."""
    v = os.environ.get(name)
    if not v:
        return None
    try:
        n = int(v)
    except ValueError:
        n = 0
    if n <= 0:
        raise UsageError(f"environment variable {name}={v!r} is not a positive whole number; set it to one or unset "
                         "it")
    return n
