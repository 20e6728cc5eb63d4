"""Engines run the filter stage's batches (SPEC 4): ``local`` (worker processes on this machine) and
``ray`` (batches as calls on Ray actors across a cluster). Both call
:func:`corefprep.filter.batch.compute_batch` and both answer faults with the same
:class:`~corefprep.filter.faults.BatchFaults`, so a batch's files do not depend on the engine and a
run may be resumed under the other one."""

from __future__ import annotations

from collections.abc import Callable

from ...core.log import EventLog
from ..config import EngineConfig
from ..context import FilterContext
from ..records import BatchStats
from .local import run_filter_local
from .ray import run_filter_ray


def run_engine(ctx: FilterContext, todo: list[int], cfg: EngineConfig, events: EventLog, *,
               progress: bool = True, fetch: Callable[[list[str]], object] | None = None) -> dict[int, BatchStats]:
    """Compute the batches in ``todo`` with the configured engine; returns their stats. ``fetch``:
    how files Ray actors put on the output's store come into the stage directory."""
    if cfg.engine == "ray":
        return run_filter_ray(ctx, todo, cfg, events, progress=progress, fetch=fetch)
    return run_filter_local(ctx, todo, cfg, events, progress=progress)
