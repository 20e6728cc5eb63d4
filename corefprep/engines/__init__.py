"""Engines run the filter stage's batches (SPEC 4): ``local`` (a process Pool on this machine) and
``ray`` (batches as calls on Ray actors across a cluster). Both call
:func:`corefprep.filter.compute_batch`, so a batch's files do not depend on the engine and a run
may be resumed under the other one."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from ..filter import FilterContext, batch_line, read_stats, write_quarantine
from ..progress import EventLog, say

ENGINES = ("local", "ray")


def done_stats(ctx: FilterContext, fresh: dict[int, dict[str, Any]]) -> Iterator[dict[str, Any]]:
    """Stats of every batch done under this run's settings: this run's fresh ones, else from disk."""
    for k in range(ctx.num_batches):
        s = fresh.get(k) or read_stats(ctx.work, k)
        if s is not None and s.get("config_id") == ctx.config_id:
            yield s


def record_finished(ctx: FilterContext, finished: dict[int, dict[str, Any]], stats: dict[str, Any],
                    events: EventLog) -> None:
    """What every engine does when a batch is done: keep its stats, rewrite the quarantine list,
    print the batch's summary line and emit its event."""
    k = stats["batch"]
    finished[k] = stats
    quarantined = write_quarantine(ctx.work, done_stats(ctx, finished))
    say(batch_line(stats))
    events.emit("batch_done", batch=k, documents=stats["documents"], passed=stats["passed"],
                rejected=stats["rejected"], malformed=stats["malformed"], seconds=stats["seconds"],
                docs_per_s=stats["docs_per_s"], quarantined=len(stats["quarantined"]), quarantined_total=quarantined)
