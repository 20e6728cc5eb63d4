"""Engines run the filter stage's batches (SPEC 4): ``local`` (worker processes on this machine) and
``ray`` (batches as calls on Ray actors across a cluster). Both call
:func:`corefprep.filter.batch.compute_batch` and both answer faults with the same
:class:`~corefprep.filter.faults.BatchFaults`, so a batch's files do not depend on the engine and a
run may be resumed under the other one."""

from __future__ import annotations

from collections.abc import Callable

from ...core.log import EventLog
from ...store.incoming import Delivery
from ..config import EngineConfig
from ..context import FilterContext
from ..records import BatchStats
from .local import run_filter_local
from .ray import run_filter_ray


def run_engine(ctx: FilterContext, todo: list[int], cfg: EngineConfig, events: EventLog, *,
               progress: bool = True, take_in: Callable[[Delivery], None] | None = None) -> dict[int, BatchStats]:
    """Compute the batches in ``todo`` with the configured engine; returns their stats.
    ``take_in``: how what a Ray actor delivered (under ``ctx.drops``) is moved into place by the
    run that owns the output."""
    if cfg.engine == "ray":
        return run_filter_ray(ctx, todo, cfg, events, progress=progress, take_in=take_in)
    return run_filter_local(ctx, todo, cfg, events, progress=progress)
