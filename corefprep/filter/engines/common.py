"""What both engines do around a batch: build its faults, record it when it finishes."""

from __future__ import annotations

from collections.abc import Iterator

from ...core.log import EventLog, say
from ..config import EngineConfig
from ..context import FilterContext
from ..faults import BatchFaults
from ..records import BatchStats
from ..stats import batch_line, read_stats, write_quarantine


def new_faults(ctx: FilterContext, k: int, cfg: EngineConfig) -> BatchFaults:
    lo, hi = ctx.bounds(k)
    return BatchFaults(k, lo, hi, cfg.strict)


def done_stats(ctx: FilterContext, fresh: dict[int, BatchStats]) -> Iterator[BatchStats]:
    """Stats of every batch done under this run's settings: this run's fresh ones, else from disk."""
    for k in range(ctx.num_batches):
        s = fresh.get(k) or read_stats(ctx.work, k)
        if s is not None and s.config_id == ctx.config_id:
            yield s


def record_finished(ctx: FilterContext, finished: dict[int, BatchStats], stats: BatchStats, events: EventLog) -> None:
    """What every engine does when a batch is done: keep its stats, rewrite the quarantine list,
    print the batch's summary line and emit its event."""
    finished[stats.batch] = stats
    quarantined = write_quarantine(ctx.work, done_stats(ctx, finished))
    say(batch_line(stats))
    events.emit("batch_done", batch=stats.batch, documents=stats.documents, passed=stats.passed,
                rejected=stats.rejected, malformed=stats.malformed, seconds=stats.seconds,
                docs_per_s=stats.docs_per_s, quarantined=len(stats.quarantined), quarantined_total=quarantined,
                redecided_from=stats.redecided_from, decided_from_values=stats.decided_from_values,
                kiwi_docs=stats.kiwi_docs, pii_mode=stats.pii_mode, pii=stats.pii, pii_docs=stats.pii_docs)
