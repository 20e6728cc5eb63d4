"""Running a step under the supervisor on the run's engine: the one way corefprep goes parallel."""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from contextlib import ExitStack, contextmanager
from pathlib import Path

from ..core.log import say
from .config import EngineConfig
from .events import Engine
from .local import LocalWorkers
from .policy import Policy
from .supervisor import Outcome, Supervisor
from .units import Step, Unit


def engine_for(cfg: EngineConfig, *, beats_dir: Path | None = None, window: int | None = None,
               local: bool = False) -> Engine:
    """The engine ``cfg`` names. Ray keeps its actors' beats in ``beats_dir`` when the driver and
    every node see it (the work directory), else on each actor's node (``cfg.shared_dir`` False,
    or no ``beats_dir``); ``local`` keeps a step on this machine whatever the run's engine (the
    doctor measures this machine)."""
    if cfg.engine == "ray" and not local:
        from .ray import RayWorkers

        return RayWorkers(cfg, beats_dir if cfg.shared_dir else None)
    return LocalWorkers(cfg.workers or 1, max_units_per_worker=cfg.maxtasksperchild, window=window)


@contextmanager
def supervised(step: Step, cfg: EngineConfig, *, beats_dir: Path | None = None, window: int | None = None,
               local: bool = False) -> Iterator[Supervisor]:
    """A supervisor for ``step`` on the run's engine (a Ray session is opened, or joined, for it)."""
    with ExitStack() as stack:
        if cfg.engine == "ray" and not local:
            from .ray import ray_session

            stack.enter_context(ray_session(cfg))
        engine = engine_for(cfg, beats_dir=beats_dir, window=window, local=local)
        yield stack.enter_context(Supervisor(step, engine, retries=cfg.retries, say=say))


def run_step(step: Step, units: Iterable[Unit], cfg: EngineConfig, *, policy: Policy | None = None,
             beats_dir: Path | None = None, local: bool = False) -> Iterator[Outcome]:
    """Run every unit of ``step``; yields outcomes as units finish."""
    with supervised(step, cfg, beats_dir=beats_dir, local=local) as sup:
        yield from sup.run(units, policy)
