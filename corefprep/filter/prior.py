"""Re-deciding a batch from what an earlier decision of it recorded (SPEC 2.2).

When only thresholds (or other settings that a recorded value can answer) changed since batch k
was computed, the batch is computed again from its inputs with a :class:`Prior`: each document's
recorded values, those whose group key still matches the rules (:mod:`corefprep.filter.values`),
go through the new checks in the reading process, and only a document whose verdict needs a Kiwi
value that was never measured (or is stale) goes to a worker. A kept document's payload (v2's entities)
is made from recorded values too (the proper nouns of its whole analysis), its dedup signature
comes from the earlier signature files (the one of the text as the earlier ``--pii`` wrote it, or
the other one when that choice changed). Everything else is what a fresh computation
does, through the same :func:`~corefprep.filter.batch.compute_batch`, so the batch is the one a
fresh run with the new settings writes.

A Prior is only taken from files that are whole: the earlier stats record must match its parquet
and values file (size and SHA-256); otherwise the batch is computed afresh.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

import numpy as np

from ..pii import find_pii
from ..pii.kept import spans_for
from ..rules import Missing
from ..rules.checks import Group
from ..signatures.store import load_other_signatures, load_signatures, signature_dir, signatures_valid
from .context import FilterContext
from .kept import KeptSigned, resigned
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
    pii_mode: str = "off"  # what the earlier decision did with personal data
    other_signatures: dict[int, bytes] = field(default_factory=dict)  # see corefprep.filter.kept

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
    signatures, others = _signatures(ctx, k, stats)
    return Prior(stats.config_id, recorded, tuple(rules.groups), groups, signatures, quarantined, stats.pii_mode,
                 others)


def _signatures(ctx: FilterContext, k: int, stats: BatchStats) -> tuple[dict[int, bytes], dict[int, bytes]]:
    """The earlier signatures by document: of the text as written, and the other ones."""
    signer = ctx.signer
    if signer is None:
        return {}, {}
    directory = signature_dir(ctx.work, signer)
    record = signatures_valid(directory, signer, k, stats.parquet_sha256)
    if record is None:
        return {}, {}
    try:
        records = np.asarray(load_signatures(directory, signer, k, mmap=False))
    except (OSError, ValueError):
        return {}, {}
    others = load_other_signatures(directory, signer, k, record)
    return ({int(r["doc_index"]): r.tobytes() for r in records},
            {} if others is None else {int(r["doc_index"]): r.tobytes() for r in others})


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
    kept = _kept(ctx, prior, doc.doc_index, doc.text or "")
    if kept is None:
        return None  # signed from Kiwi words that were never recorded: a worker analyses it
    return Verdict(doc.doc_index, None, entities, 0, None, kept.signature, values, kept.pii, kept.other_signature)


def _kept(ctx: FilterContext, prior: Prior, doc_index: int, text: str) -> KeptSigned | None:
    """The document's spans and signatures under the current --pii, taken from the earlier
    signatures of the same text where there are any; None when only a worker can sign it."""
    mode, signer = ctx.judge.pii, ctx.signer
    if signer is None:
        return KeptSigned(spans_for(mode, text), None, None)
    spans = tuple(find_pii(text))
    written, other = prior.signatures.get(doc_index), prior.other_signatures.get(doc_index)
    if spans and (prior.pii_mode == "redact") != (mode == "redact"):
        written, other = other, written  # the text written now is the one the other signature signed
    if written is None or (spans and other is None):
        if not signer.uses_kiwi:
            return resigned(mode, signer, doc_index, text, spans)
        if written is None:
            return None
    return KeptSigned(() if mode == "off" else spans, written, other if spans else None)
