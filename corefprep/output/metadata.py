"""What every output's ``metadata.json`` starts with, whatever made it."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ..core.timings import Timings
from ..core.version import __version__
from .markers import now
from .names import DATASET_VERSION


def base_metadata(dataset_type: str, *, sources: list[str], documents: dict[str, Any], tokenizer: dict[str, Any],
                  config: dict[str, Any], timings: Timings, **fields: Any) -> dict[str, Any]:
    """The fields common to every output: what it is, which corefprep made it when, from which
    inputs (``sources``) and documents (the filter's counts), with which tokenizer and settings,
    and how long each stage took; ``fields`` are the output's own."""
    return {
        "dataset_type": dataset_type,
        "version": DATASET_VERSION,
        "corefprep_version": __version__,
        "created_at": now(),
        "sources": sources,
        "documents": documents,
        **fields,
        "tokenizer": tokenizer,
        "config": config,
        "timings": timings.as_dict(),
    }


@dataclass(frozen=True)
class Provenance:
    """What every output's metadata says about the run that made it (filled by corefprep.run)."""

    sources: list[str]  # the inputs as given on the command line
    config: dict[str, Any]  # every setting that shaped the output (metadata.json "config")
    force: bool = False  # --force: rebuild outputs even when they are up to date
