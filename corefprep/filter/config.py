"""The filter stage's settings: what decides a batch's content, and how batches are computed.

:class:`FilterConfig` (with the rule set and the inputs) decides what the batch files hold, so the
work manifest records it; :class:`EngineConfig` only decides how and where they are computed, so
changing it never invalidates a finished batch.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..core.options import option

ENGINES = ("local", "ray")
PLANNED = "(default: planned for this machine, see the run's plan line)"


@dataclass(frozen=True)
class FilterConfig:
    text_field: str = option("text", "JSON/Parquet field holding the text")
    batch_docs: int = option(200_000, "documents per filter batch", positive=True)
    keep_rejected: int = option(3, "rejected documents kept as examples per reason and batch, with their text and "
                                   "measured values (work/filter/rejected_NNNNN.parquet; 0: none)",
                                metavar="N")


@dataclass(frozen=True)
class EngineConfig:
    engine: str = option("local", "local: a process Pool on this machine; ray: batches as Ray actor calls on a "
                                  "cluster", choices=ENGINES)
    workers: int | None = option(None, f"filter processes {PLANNED}", flags=("--workers", "--num-workers"),
                                 positive=True, planned=True)
    chunksize: int | None = option(None, f"documents per task sent to a worker (made smaller for small batches) "
                                         f"{PLANNED}", positive=True, planned=True)
    maxtasksperchild: int = option(1000, "documents a filter worker analyses before it is replaced (bounds leaks)",
                                   positive=True)
    retries: int = option(2, "retries of a batch that failed (a worker died between documents, a rule raised)")
    doc_timeout: float = option(120.0, "a document analysed longer than this is quarantined (reason timeout) and "
                                       "its worker killed; a document that kills two workers is quarantined as "
                                       "worker_died; with --strict either stops the run instead",
                                metavar="SECONDS")
    strict: bool = option(False, "a malformed record, a worker death or a timeout is an error instead of a counted "
                                 "skip or a quarantine")
    ray_address: str | None = option(None, "with --engine ray: the cluster to join (auto = a running cluster); "
                                           "default starts a local Ray instance", metavar="ADDR")
