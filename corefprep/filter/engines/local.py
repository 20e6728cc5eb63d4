"""The local engine: this machine's cores, supervised Kiwi workers fed by this process.

This process reads the inputs (a :class:`~corefprep.io.read.DocCursor`, continued from batch to
batch so a file is decompressed once), applies the cheap rules and hands their survivors, in chunks, to a
:class:`~corefprep.filter.workers.WorkerDecider`. Faults are answered by the batch's
:class:`~corefprep.filter.faults.BatchFaults` under the one supervisor: a chunk is redone on
fresh workers, a document quarantined, or, after ``--retries`` failed attempts, the batch fails.
"""

from __future__ import annotations

from typing import Any

from ...core.errors import CorefprepError
from ...core.log import EventLog, progress_bar, say
from ...core.plural import count
from ...io.read import DocCursor
from ...parallel import UnitFailed
from ..batch import compute_batch
from ..config import EngineConfig
from ..context import FilterContext
from ..faults import RulesFailed
from ..records import BatchStats
from ..workers import WorkerDecider
from .common import new_faults, record_finished


def run_filter_local(ctx: FilterContext, todo: list[int], cfg: EngineConfig, events: EventLog, *,
                     progress: bool = True) -> dict[int, BatchStats]:
    """Run the batches in ``todo`` in order; returns their stats."""
    workers = cfg.workers or 1
    todo_docs = sum(hi - lo for lo, hi in (ctx.bounds(k) for k in todo))
    say(f"filter: {len(todo)} of {count(ctx.num_batches, 'batch')} to do ({count(todo_docs, 'document')}, "
        f"{count(workers, 'worker')})")
    # two bars on a terminal: the whole filter (its ETA covers every batch to do) and the batch
    bar = progress_bar(todo_docs, "filter", enabled=progress, smoothing=0.05)
    batch_bar = progress_bar(0, "batch", enabled=progress, nested=True, smoothing=0.1)
    finished: dict[int, BatchStats] = {}
    passed_total = 0
    stream = ctx.cursor()
    try:
        with WorkerDecider(ctx.judge, cfg, signer=ctx.signer) as decider:
            for i, k in enumerate(todo):
                stats = _one_batch(ctx, cfg, decider, stream, k, (bar, batch_bar), passed_total,
                                   f"{i + 1}/{len(todo)}")
                passed_total += stats.passed
                record_finished(ctx, finished, stats, events)
    finally:
        stream.close()
        batch_bar.close()
        bar.close()
    return finished


def _one_batch(ctx: FilterContext, cfg: EngineConfig, decider: WorkerDecider, stream: DocCursor, k: int,
               bars: tuple[Any, Any], passed_before: int, position: str) -> BatchStats:
    lo, hi = ctx.bounds(k)
    bar, batch_bar = bars
    faults = new_faults(ctx, k, cfg)
    base = bar.n
    batch_bar.reset(total=hi - lo)
    batch_bar.set_description(f"batch {k} ({position})", refresh=False)

    def show(done: int, passed: int) -> None:
        bar.n = base + done
        bar.set_postfix(passed=f"{passed_before + passed:,}", refresh=False)
        bar.update(0)
        batch_bar.n = done
        batch_bar.set_postfix(passed=f"{passed:,}", refresh=False)
        batch_bar.update(0)

    try:
        stats = compute_batch(ctx, k, decider, faults, docs=stream.range(lo, hi), progress=show)
    except UnitFailed as exc:
        stream.close()
        raise faults.give_up(ctx.work, exc.cause, exc.attempts) from None
    except RulesFailed as exc:
        stream.close()
        raise faults.give_up(ctx.work, exc.cause, 1) from None
    except CorefprepError:
        stream.close()
        raise
    bar.n = base + stats.documents
    bar.refresh()
    return stats
