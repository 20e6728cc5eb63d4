"""Every unit of parallel work runs under one supervisor, on the run's engine (issue 23).

A *step* (counting inputs, the filter, dedup signing, dedup bands, the doctor's sample) is split
into *units*; :class:`~corefprep.parallel.supervisor.Supervisor` runs them on local worker
processes (:mod:`corefprep.parallel.local`) or Ray actors (:mod:`corefprep.parallel.ray`), watches
each unit's heartbeat from outside its worker (:mod:`corefprep.parallel.beat`), kills a worker
that makes no progress past its limit (:mod:`corefprep.parallel.limits`) and answers every dead
worker, timeout and error by the one rule of :mod:`corefprep.parallel.policy`. No step builds a
pool of its own.
"""

from .beat import Beat
from .config import ENGINES, EngineConfig
from .policy import DocumentFaults, Policy, RetryUnit
from .run import engine_for, run_step, supervised
from .supervisor import Outcome, Supervisor
from .units import Lost, Recovery, SetAside, Step, Unit, UnitError, UnitFailed

__all__ = [
    "ENGINES", "Beat", "DocumentFaults", "EngineConfig", "Lost", "Outcome", "Policy", "Recovery", "RetryUnit",
    "SetAside", "Step", "Supervisor", "Unit", "UnitError", "UnitFailed", "engine_for", "run_step", "supervised",
]
