"""The local engine: this machine's cores, one Pool of Kiwi workers fed by this process.

This process reads the inputs (one stream, continued across consecutive batches so a file is
decompressed once), applies the cheap rules and hands their survivors to a
:class:`~corefprep.workers.KiwiPool`. A batch that fails is retried ``--retries`` times with a
fresh Pool; documents that kill workers or hang are quarantined by the Pool without failing it.
"""

from __future__ import annotations

import sys
import time
from collections.abc import Iterator
from typing import Any

from ..atomic import atomic_write_json
from ..errors import BatchFailedError, CorefprepError
from ..filter import FilterContext, compute_batch
from ..progress import EventLog, bar_style, say
from ..readers import Document
from ..workers import KiwiPool, WorkerDied
from . import record_finished


class DocStream:
    """One pass over the inputs shared by consecutive batches: a batch that starts where the last
    one stopped continues its stream instead of seeking into a compressed file again."""

    def __init__(self, ctx: FilterContext):
        self.ctx = ctx
        self.it: Iterator[Document] | None = None
        self.pos = -1

    def batch(self, k: int) -> Iterator[Document]:
        lo, hi = self.ctx.bounds(k)
        if self.it is None or self.pos != lo:
            self.it = self.ctx.documents_from(lo)
            self.pos = lo
        while self.pos < hi:
            doc = next(self.it, None)
            if doc is None:
                self.it = None
                return
            self.pos = doc.doc_index + 1
            yield doc

    def reset(self) -> None:
        self.it, self.pos = None, -1


def run_filter_local(opts: Any, ctx: FilterContext, todo: list[int], events: EventLog) -> dict[int, dict[str, Any]]:
    """Run the batches in ``todo`` in order; returns their stats."""
    from tqdm import tqdm

    todo_docs = sum(hi - lo for lo, hi in (ctx.bounds(k) for k in todo))
    say(f"filter: {len(todo)} of {ctx.num_batches} batches to do ({todo_docs:,} documents, {opts.workers} workers)")
    # two bars: the whole filter (its ETA covers every batch to do) and the batch being computed
    bar = tqdm(total=todo_docs, unit="doc", desc="filter", disable=not opts.progress, file=sys.stderr,
               **bar_style(), smoothing=0.05, position=0)
    batch_bar = tqdm(total=0, unit="doc", desc="batch", disable=not opts.progress, file=sys.stderr,
                     **bar_style(), smoothing=0.1, position=1, leave=False)
    finished: dict[int, dict[str, Any]] = {}
    passed_total = 0
    stream = DocStream(ctx)
    try:
        with KiwiPool(ctx.rules, opts.workers, opts.maxtasksperchild, chunksize=opts.chunksize,
                      doc_timeout=opts.doc_timeout, strict=opts.strict) as pool:
            for i, k in enumerate(todo):
                stats = _with_retries(opts, ctx, pool, stream, k, (bar, batch_bar), passed_total,
                                      f"{i + 1}/{len(todo)}")
                passed_total += stats["passed"]
                record_finished(ctx, finished, stats, events)
    finally:
        batch_bar.close()
        bar.close()
    return finished


def _with_retries(opts: Any, ctx: FilterContext, pool: KiwiPool, stream: DocStream, k: int, bars: tuple[Any, Any],
                  passed_before: int, position: str) -> dict[str, Any]:
    lo, hi = ctx.bounds(k)
    bar, batch_bar = bars
    attempts = opts.retries + 1
    for attempt in range(1, attempts + 1):
        base = bar.n
        batch_bar.reset(total=hi - lo)
        batch_bar.set_description(f"batch {k} ({position})" + (f" attempt {attempt}" if attempt > 1 else ""),
                                  refresh=False)

        def progress(done: int, passed: int, base: int = base) -> None:
            bar.n = base + done
            bar.set_postfix(passed=f"{passed_before + passed:,}", refresh=False)
            bar.update(0)  # redraws only after mininterval (see bar_style)
            batch_bar.n = done
            batch_bar.set_postfix(passed=f"{passed:,}", refresh=False)
            batch_bar.update(0)

        try:
            stats = compute_batch(ctx, k, pool, docs=stream.batch(k), progress=progress, attempt=attempt)
            bar.n = base + stats["documents"]
            bar.refresh()
            return stats
        except (WorkerDied, BatchFailedError) as exc:
            bar.n = base
            bar.refresh()
            pool.close(terminate=True)
            stream.reset()
            cause = str(exc)
            if attempt < attempts:
                say(f"batch {k:05d}: {cause}; retrying ({attempt}/{opts.retries})")
                continue
            atomic_write_json(ctx.work.failed_marker(k), {"batch": k, "start": lo, "end": hi, "error": cause,
                                                          "attempts": attempt, "at": time.time()})
            raise BatchFailedError(
                f"batch {k} (documents {lo}-{hi - 1}) failed {attempt} times: {cause}; fix the cause and "
                "rerun the same command to resume from this batch"
            ) from None
        except CorefprepError:
            stream.reset()
            raise
    raise AssertionError("unreachable")
