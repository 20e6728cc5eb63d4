"""Re-deciding a batch from what an earlier decision of it recorded (SPEC 2.2).

When only thresholds (or other settings that a recorded value can answer) changed since batch k
was computed, the batch is computed again from its inputs with a :class:`Prior`: each document's
recorded values, those whose group key still matches the rules (:mod:`corefprep.filter.values`),
go through the new checks in the reading process, and only a document whose verdict needs a Kiwi
value that was never measured (or is stale) goes to a worker. A kept document's payload (v2's entities)
is made from recorded values too (the proper nouns of its whole analysis), its dedup signature
comes from the earlier signature file. Everything else is what a fresh computation
does, through the same :func:`~corefprep.filter.batch.compute_batch`, so the batch is the one a
fresh run with the new settings writes.

A Prior is only taken from files that are whole: the earlier stats record must match its parquet
and values file (size and SHA-256); otherwise the batch is computed afresh.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

import numpy as np

from ..rules import Missing
from ..rules.checks import Group
from ..signatures.store import load_signatures, signature_dir, signatures_valid
from .context import FilterContext
from .records import QUARANTINE_REASONS, BatchStats, Verdict
from .stats import batch_done
from .values import Recorded, read_values


@dataclass
class Prior:
    """What an earlier decision of one batch left that is still valid."""

    config_id: str
    recorded: Recorded
    rule_groups: tuple[Group, ...]
    groups: set[str]  # groups whose recorded values are valid under the current rules
    signatures: dict[int, bytes] = field(default_factory=dict)
    quarantined: dict[int, Verdict] = field(default_factory=dict)

    def values(self, doc_index: int) -> dict[str, Any]:
        """The document's valid recorded values, as Python numbers."""
        r = self.recorded
        i = doc_index - r.lo
        if not 0 <= i < len(r) or r.doc_index[i] != doc_index:
            return {}
        out: dict[str, Any] = {}
        for g in self.rule_groups:
            if g.name in self.groups and r.present[g.name][i]:
                for c in g.columns:
                    out[c.name] = r.value(c.kind, c.name, i)
        return out


def load_prior(ctx: FilterContext, k: int) -> Prior | None:
    """Batch k's earlier decision, when its files are whole and its values file exists."""
    rules = ctx.judge.rules
    stats = batch_done(ctx.work, k)  # checks the values file's size and SHA-256 too
    if stats is None or not stats.values_sha256:
        return None
    try:
        recorded = read_values(ctx.work.batch_values(k), rules)
    except (OSError, ValueError):
        return None
    lo, hi = ctx.bounds(k)
    if len(recorded) != hi - lo or (len(recorded) and int(recorded.doc_index[0]) != lo):
        return None
    if recorded.meta.get("rules") != rules.name:
        return None
    now = rules.group_keys()
    groups = {g for g, key in recorded.group_keys.items() if now.get(g) == key and g in recorded.present}
    quarantined = {q.doc_index: Verdict(q.doc_index, q.reason, [], 0, q.detail)
                   for q in stats.quarantined if q.reason in QUARANTINE_REASONS}
    return Prior(stats.config_id, recorded, tuple(rules.groups), groups, _signatures(ctx, k, stats), quarantined)


def _signatures(ctx: FilterContext, k: int, stats: BatchStats) -> dict[int, bytes]:
    signer = ctx.signer
    if signer is None:
        return {}
    directory = signature_dir(ctx.work, signer)
    if signatures_valid(directory, signer, k, stats.parquet_sha256) is None:
        return {}
    try:
        records = np.asarray(load_signatures(directory, signer, k, mmap=False))
    except (OSError, ValueError):
        return {}
    return {int(r["doc_index"]): r.tobytes() for r in records}


def from_prior(ctx: FilterContext, prior: Prior, doc: Any, values: dict[str, Any]) -> Verdict | None:
    """The verdict on a document that passed the cheap checks, from its recorded ``values`` (and
    values measured now without Kiwi); None when it must go to a worker."""
    reason = ctx.judge.redecide(doc, values)
    if isinstance(reason, Missing):
        return None
    if reason is not None:
        return Verdict(doc.doc_index, reason, [], 0, None, None, values)
    entities = ctx.judge.rules.payload(values)
    if entities is None:
        return None  # what the payload is made from was never recorded: a worker analyses it
    signature = None
    if ctx.signer is not None:
        signature = prior.signatures.get(doc.doc_index)
        if signature is None:
            if ctx.signer.uses_kiwi:
                return None  # signed from Kiwi words: a worker analyses it
            signature = ctx.signer.sign(doc.doc_index, doc.text or "", None, None)
    return Verdict(doc.doc_index, None, entities, 0, None, signature, values)
