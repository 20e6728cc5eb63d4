"""Reading the work manifest (``work/manifest.json``): one typed view for every reader.

The filter stage writes it (:mod:`corefprep.run.manifest`); status, explain, the report and the
dedup stage (an earlier run's batches, ``--dedup-against``) read it through :func:`read_manifest`,
never by keys of their own. Manifests of older corefprep versions lack some fields: they read as
their defaults (no recorded inputs, no per-batch settings).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, NamedTuple

from .atomic import read_json
from .workdir import WorkDir


class RecordedInput(NamedTuple):
    """An input as the run found it: its absolute path (or hub id) and its records."""

    path: str
    records: int


@dataclass(frozen=True)
class Manifest:
    config_id: str | None
    filter_config: dict[str, Any]  # what decides a batch's content (corefprep.run.filter_stage.filter_config)
    input_files: tuple[RecordedInput, ...] = ()  # empty: recorded by an older corefprep
    rules_options: dict[str, Any] = field(default_factory=dict)  # the rule set's options as given
    batches: dict[int, str] = field(default_factory=dict)  # batch -> config id it was decided under
    configs: dict[str, dict[str, Any]] = field(default_factory=dict)  # config id -> its filter config

    @property
    def total_docs(self) -> int:
        return int(self.filter_config.get("total_docs", 0) or 0)

    @property
    def batch_docs(self) -> int:
        return int(self.filter_config.get("batch_docs", 1) or 1)

    @property
    def num_batches(self) -> int:
        return -(-self.total_docs // self.batch_docs)

    @property
    def text_field(self) -> str:
        return str(self.filter_config.get("text_field", "text"))

    @property
    def rules(self) -> dict[str, Any]:
        """The decision settings of the rule set (``{"rules": NAME, ...thresholds}``)."""
        rules = self.filter_config.get("rules")
        return dict(rules) if isinstance(rules, dict) else {}


def read_manifest(work: WorkDir) -> Manifest | None:
    """The manifest of the run in ``work``; None when there is none (not a corefprep run)."""
    m = read_json(work.manifest)
    if not isinstance(m, dict):
        return None
    cid = m.get("config_id")
    located = m.get("input_files") or []
    return Manifest(
        config_id=str(cid) if cid is not None else None,
        filter_config=dict(m.get("filter_config") or {}),
        input_files=tuple(RecordedInput(str(p), int(n)) for p, n in located),
        rules_options=dict(m.get("rules_options") or {}),
        batches={int(k): str(v) for k, v in (m.get("batches") or {}).items()},
        configs=dict(m.get("configs") or {}),
    )
