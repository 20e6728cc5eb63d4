"""How and where a run's parallel steps compute (never what they compute): the engine, its
workers and the fault policy every supervised step follows (:mod:`corefprep.parallel`).

Changing any of these never invalidates finished work, so the work manifest does not record them.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..core.options import option

ENGINES = ("local", "ray")
PLANNED = "(default: planned for this machine, see the run's plan line)"


@dataclass(frozen=True)
class EngineConfig:
    engine: str = option("local", "local: worker processes on this machine; ray: units of work as Ray actor calls "
                                  "on a cluster", choices=ENGINES)
    workers: int | None = option(None, f"worker processes {PLANNED}", flags=("--workers", "--num-workers"),
                                 positive=True, planned=True)
    chunksize: int | None = option(None, f"the most documents per task sent to a filter worker (a batch's first "
                                         f"and last tasks are smaller, and a task is cut at 1M characters of text) "
                                         f"{PLANNED}", positive=True, planned=True)
    maxtasksperchild: int = option(1000, "tasks a local worker runs before it is replaced (bounds leaks); the "
                                         "workers are replaced together", positive=True)
    retries: int = option(2, "a unit of work whose worker died (or was killed for running too long) runs again on "
                             "a fresh worker this many times before the run stops naming the step and the unit")
    doc_timeout: float = option(120.0, "a document analysed longer than this is quarantined (reason timeout) and "
                                       "its worker killed; a document that kills two workers is quarantined as "
                                       "worker_died; with --strict either fails the unit instead",
                                metavar="SECONDS")
    unit_timeout: float | None = option(None, "time limit of one unit of a step without documents (counting "
                                              "inputs, dedup bands); default: derived from the units measured so "
                                              "far (at least 60 s)", metavar="SECONDS")
    strict: bool = option(False, "a malformed record, a worker death or a timeout is an error instead of a counted "
                                 "skip or a quarantine")
    ray_address: str | None = option(None, "with --engine ray: the cluster to join (auto = a running cluster); "
                                           "default starts a local Ray instance", metavar="ADDR")
    # Whether the driver and every node see the work directory (False for an output on object
    # storage: Ray actors then write to the store and keep their beats on their own node)
    shared_dir: bool = True
