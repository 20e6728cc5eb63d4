"""The Ray engine: filter batches as calls on Ray actors, on this machine or across a cluster.

Each actor holds one Kiwi (loaded once, in the actor: Ray advises against forking inside its
workers, so there is no copy-on-write sharing here) and computes whole batches with the same
:func:`~corefprep.filter.batch.compute_batch` as the local engine: it reads its own ``doc_index``
range (starting in the file that holds it, from the cached per-file counts), applies the same rules
and writes the same ``work/filter/batch_NNNNN.parquet`` and stats atomically. There is no single
reader: every actor decompresses and parses its own batch, which is what lets the filter scale
past the one process that feeds the local engine's Pool.

The driver hands out batch numbers and watches. An actor keeps a small *heartbeat* file next to the
batch's output (``work/filter/.batch_NNNNN.inflight.tmp``, memory-mapped: one store per document)
saying which document it is reading or deciding and since when; the output directory is on a
filesystem every node sees. That file turns a dead actor into a precise fault for the batch's
:class:`~corefprep.filter.faults.BatchFaults`, the same machine the local engine uses: the
document it was on is handed out again or quarantined, a document past ``--doc-timeout`` (the
actor's watchdog marks it and ends the actor) is quarantined, a failed attempt is retried.

How many actors: as many as the cluster's nodes can place, counting both the CPU and the memory
each one reserves; an actor Ray cannot start within :data:`ACTOR_START_SECONDS` is given up (its
batch goes to another actor), so a cluster without room never leaves the driver waiting forever.
"""

from __future__ import annotations

import mmap
import os
import signal
import struct
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any, NamedTuple

from ...core.errors import CorefprepError, UsageError
from ...core.log import EventLog, progress_bar, say
from ...rules.kiwi import load_kiwi
from ...signatures.minhash import Signer
from ..batch import compute_batch
from ..config import EngineConfig
from ..context import FilterContext
from ..deciders import InProcessDecider
from ..faults import AttemptFailed, BatchFaults, WorkerLost
from ..judge import Judge
from ..records import BatchStats
from .common import new_faults, record_finished

INSTALL_HINT = "the ray engine needs Ray: pip install 'corefprep[ray]'"

# Each actor reserves this much of a CPU. The actors read their own batches, so no other task
# of ours needs a CPU while they run; keeping a tenth of each back still leaves Ray room for its
# own small tasks on a node whose every core holds an actor (a pool that takes every CPU
# starves them), while 2 actors still fit on a 2-core machine.
ACTOR_CPUS = 0.9
# Declared memory per actor. Measured on this machine (kiwipiepy 0.24, model cong; `make bench-ray`
# reads the actors' peak RSS from the batch stats, ``actor_peak_rss_mib``): 664 MiB after
# computing 2,500-document batches of the bench corpus, most of it Kiwi's model. A batch's rows are
# held until written, ~1 KiB of text per kept document, so 200k-document batches add up to
# ~200 MiB. Declaring it lets Ray place no more actors on a node than its memory holds.
ACTOR_MEMORY = 900 * 1024 * 1024
# An actor whose first batch has not started this long after it was asked for is one Ray cannot
# place (or start): its batch goes to another actor. Loading Kiwi takes seconds.
ACTOR_START_SECONDS = 300.0
POLL_SECONDS = 0.5

# heartbeat record: phase (what the actor is doing), doc_index (-1: none), since (unix time),
# timed out (1 when the watchdog ended the actor), seconds the document had run then,
# documents read, documents passed
_HEARTBEAT = struct.Struct("<qqdqdqq")
IDLE, READING, DECIDING = 0, 1, 2


class Heartbeat(NamedTuple):
    phase: int
    doc: int
    since: float
    timed_out: int
    ran: float
    read: int
    passed: int


def import_ray() -> Any:
    try:
        import ray
    except ImportError:
        raise UsageError(INSTALL_HINT) from None
    return ray


def heartbeat_path(ctx: FilterContext, k: int) -> Path:
    # a hidden *.tmp name: a run that starts after a killed driver removes stale ones
    return ctx.work.filter_dir / f".batch_{k:05d}.inflight.tmp"


def read_heartbeat(path: Path) -> Heartbeat | None:
    try:
        data = path.read_bytes()
    except OSError:
        return None
    if len(data) < _HEARTBEAT.size:
        return None
    return Heartbeat(*_HEARTBEAT.unpack_from(data))


# --- actor side -----------------------------------------------------------------------------


class _HeartbeatWriter:
    """The actor's side of the heartbeat: a memory-mapped record, so marking each document costs a
    store, not a system call, and what was last stored survives the process being killed."""

    def __init__(self, path: Path):
        fd = os.open(path, os.O_RDWR | os.O_CREAT | os.O_TRUNC, 0o644)
        try:
            os.ftruncate(fd, _HEARTBEAT.size)
            self.map = mmap.mmap(fd, _HEARTBEAT.size)
        finally:
            os.close(fd)
        self.phase, self.doc, self.since, self.read, self.passed = IDLE, -1, time.time(), 0, 0
        self._store(0, 0.0)

    def _store(self, timed_out: int, ran: float) -> None:
        _HEARTBEAT.pack_into(self.map, 0, self.phase, self.doc, self.since, timed_out, ran, self.read, self.passed)

    def reading(self, doc_index: int) -> None:
        self.phase, self.doc, self.since = READING, doc_index, time.time()
        self._store(0, 0.0)

    def deciding(self, doc_index: int) -> None:
        self.phase, self.doc, self.since = DECIDING, doc_index, time.time()
        self._store(0, 0.0)

    def idle(self) -> None:
        self.phase, self.doc = IDLE, -1
        self._store(0, 0.0)

    def progress(self, read: int, passed: int) -> None:
        self.read, self.passed = read, passed
        self._store(0, 0.0)

    def overrun(self, seconds: float) -> None:
        self._store(1, seconds)
        self.map.flush()

    def close(self) -> None:
        self.map.close()


class BatchWorker:
    """The body of a Ray actor: one Kiwi, any number of batches."""

    def __init__(self, judge: Judge, doc_timeout: float | None, signer: Signer | None = None):
        self.judge, self.signer = judge, signer
        self.kiwi = load_kiwi() if judge.uses_kiwi or (signer is not None and signer.uses_kiwi) else None
        self.doc_timeout = doc_timeout
        try:
            import ray

            self.node = ray.get_runtime_context().get_node_id()[:16]
        except Exception:  # noqa: BLE001 - outside Ray (tests call the body directly)
            self.node = ""

    def pid(self) -> int:
        return os.getpid()

    def run(self, ctx: FilterContext, k: int, faults: BatchFaults) -> BatchStats:
        """Compute batch k; documents ``faults`` quarantined keep their verdict without being decided."""
        hb = _HeartbeatWriter(heartbeat_path(ctx, k))

        def overrun(doc_index: int, seconds: float) -> None:
            # the document cannot be interrupted in this process: say so, then end the actor
            hb.overrun(seconds)
            os.kill(os.getpid(), signal.SIGKILL)

        decider = InProcessDecider(self.judge, self.kiwi, doc_timeout=self.doc_timeout, on_overrun=overrun,
                                   watch=hb, signer=self.signer)
        try:
            return compute_batch(ctx, k, decider, faults, progress=hb.progress, watch=hb,
                                 extra={"ray_node": self.node, "actor_pid": os.getpid(),
                                        "actor_peak_rss_mib": _peak_rss_mib})
        finally:
            decider.stop()
            hb.close()


def _peak_rss_mib() -> int:
    """This process's peak RSS so far (what ACTOR_MEMORY is declared from); Linux reports KiB."""
    import resource

    return round(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024)


# --- driver side ----------------------------------------------------------------------------


class _Running(NamedTuple):
    actor: Any
    faults: BatchFaults
    since: float


@contextmanager
def ray_session(cfg: EngineConfig) -> Iterator[Any]:
    """Ray, joined (--ray-address) or started locally for the time of the block, then let go."""
    ray = import_ray()
    on_main = threading.current_thread() is threading.main_thread()
    sigterm = signal.getsignal(signal.SIGTERM) if on_main else None
    started_here = connect(ray, cfg)
    try:
        yield ray
    finally:
        if started_here:
            ray.shutdown()
        # A local Ray node installs its own SIGTERM handler (drain, then kill the node) and leaves
        # it behind after shutdown; the stages after the filter must stop on SIGTERM as before.
        if on_main and sigterm is not None:
            signal.signal(signal.SIGTERM, sigterm)


def run_filter_ray(ctx: FilterContext, todo: list[int], cfg: EngineConfig, events: EventLog, *,
                   progress: bool = True) -> dict[int, BatchStats]:
    """Run the batches in ``todo`` on Ray actors; returns their stats."""
    with ray_session(cfg) as ray:
        return _run(ray, ctx, todo, cfg, events, progress)


def connect(ray: Any, cfg: EngineConfig) -> bool:
    """Join the cluster named by --ray-address or start a local one; True if we started it."""
    import logging

    if ray.is_initialized():
        return False
    kwargs: dict[str, Any] = {"logging_level": logging.ERROR, "log_to_driver": False}
    if cfg.ray_address:
        def cannot_join(why: str) -> CorefprepError:
            return CorefprepError(f"cannot join the Ray cluster at {cfg.ray_address!r} ({why}); start it with "
                                  "`ray start --head` or drop --ray-address to start a local one")

        # Ray retries a dead GCS address for minutes before giving up; a plain TCP connect
        # answers in seconds, so an operator with a typo learns it before the coffee is made.
        unreachable = _unreachable(cfg.ray_address)
        if unreachable:
            raise cannot_join(unreachable)
        try:
            ray.init(address=cfg.ray_address, **kwargs)
        except (ConnectionError, RuntimeError, ValueError) as exc:
            raise cannot_join(_first_line(exc)) from None
        return True  # our connection: disconnect at the end (the cluster stays up)
    # A local instance for this run only: the CPUs we were told to use, no dashboard, a small
    # object store (only batch numbers and stats cross it; rows go to files).
    # ("local": never attach to some other instance that happens to run on this machine)
    ray.init(address="local", num_cpus=max(1, cfg.workers or 1), include_dashboard=False,
             object_store_memory=200 * 1024 * 1024, **kwargs)
    return True


def _unreachable(address: str, timeout: float = 5.0) -> str | None:
    """Why a ``host:port`` GCS address cannot be reached, or None (also for ``auto`` and ``ray://``)."""
    import socket

    if address == "auto" or "://" in address or ":" not in address:
        return None
    host, _, port = address.rpartition(":")
    if not port.isdigit():
        return f"{port!r} is not a port number"
    try:
        with socket.create_connection((host.strip("[]"), int(port)), timeout=timeout):
            return None
    except OSError as exc:
        return f"nothing answers there: {exc.strerror or type(exc).__name__}"


def _first_line(exc: BaseException) -> str:
    text = str(exc).strip().splitlines()
    return text[0] if text else type(exc).__name__


def actor_slots(ray: Any) -> tuple[int, str]:
    """How many actors the cluster's live nodes can place (each node: the fewer of its CPUs and its
    memory allow), and the cluster described for the operator."""
    slots = 0
    cpus = mem = 0.0
    for node in ray.nodes():
        if not node.get("Alive", True):
            continue
        res = node.get("Resources", {})
        cpu, memory = float(res.get("CPU", 0)), float(res.get("memory", 0))
        cpus += cpu
        mem += memory
        slots += min(int(cpu / ACTOR_CPUS + 1e-9), int(memory // ACTOR_MEMORY))
    return slots, f"{cpus:g} CPUs, {mem / 2**30:,.1f} GiB of memory for tasks"


def _run(ray: Any, ctx: FilterContext, todo: list[int], cfg: EngineConfig, events: EventLog,
         progress: bool) -> dict[int, BatchStats]:
    slots, cluster = actor_slots(ray)
    if slots < 1:
        raise CorefprepError(f"no node of the Ray cluster has room for one filter actor ({ACTOR_CPUS} CPU and "
                             f"{ACTOR_MEMORY // 2**20} MiB of memory each; the cluster offers {cluster}); add "
                             "resources or use --engine local")
    n_actors = max(1, min(len(todo), slots))
    todo_docs = sum(hi - lo for lo, hi in (ctx.bounds(k) for k in todo))
    say(f"filter: {len(todo)} of {ctx.num_batches} batches to do ({todo_docs:,} documents) on Ray: "
        f"{n_actors} actor{'s' if n_actors != 1 else ''} ({ACTOR_CPUS} CPU, {ACTOR_MEMORY // 2**20} MiB each; "
        f"cluster {cluster})")
    remote_cls = ray.remote(BatchWorker).options(num_cpus=ACTOR_CPUS, memory=ACTOR_MEMORY, max_restarts=0)
    ctx_ref = ray.put(ctx)
    bar = progress_bar(todo_docs, "filter", enabled=progress, smoothing=0.05)
    waiting = [new_faults(ctx, k, cfg) for k in todo]
    waiting.reverse()  # pop() hands out the lowest batch first
    idle = [remote_cls.remote(ctx.judge, cfg.doc_timeout, ctx.signer) for _ in range(n_actors)]
    running: dict[Any, _Running] = {}
    finished: dict[int, BatchStats] = {}
    started: set[Any] = set()  # actors that have started a batch (so Ray could place them)
    done_docs = 0
    try:
        while waiting or running:
            while waiting and idle:
                faults = waiting.pop()
                faults.begin()
                actor = idle.pop()
                heartbeat_path(ctx, faults.batch).unlink(missing_ok=True)
                running[actor.run.remote(ctx_ref, faults.batch, faults)] = _Running(actor, faults, time.monotonic())
            ready, _ = ray.wait(list(running), num_returns=1, timeout=POLL_SECONDS)
            for ref in ready:
                actor, faults, _since = running.pop(ref)
                try:
                    stats = ray.get(ref)
                except Exception as exc:  # noqa: BLE001 - sorted out by _failure
                    idle.extend(_failure(ray, ctx, cfg, faults, exc, actor, remote_cls))
                    waiting.append(faults)
                    continue
                started.add(actor)
                idle.append(actor)
                heartbeat_path(ctx, faults.batch).unlink(missing_ok=True)
                done_docs += stats.documents
                record_finished(ctx, finished, stats, events)
            read = 0
            for ref, r in list(running.items()):
                hb = read_heartbeat(heartbeat_path(ctx, r.faults.batch))
                if hb is not None:
                    started.add(r.actor)
                    read += hb.read
                elif r.actor not in started and time.monotonic() - r.since > ACTOR_START_SECONDS:
                    _unplaceable(ray, ctx, r, running, ref, waiting, idle)
            bar.n = done_docs + read
            bar.set_postfix(passed=f"{sum(s.passed for s in finished.values()):,}", batches=len(finished),
                            refresh=False)
            bar.update(0)
    finally:
        bar.close()
        for r in running.values():
            ray.kill(r.actor)
        for actor in idle:
            ray.kill(actor)
    return dict(sorted(finished.items()))


def _unplaceable(ray: Any, ctx: FilterContext, r: _Running, running: dict[Any, _Running], ref: Any,
                 waiting: list[BatchFaults], idle: list[Any]) -> None:
    """An actor that never started: give it up and its batch to another actor (not a failed attempt)."""
    del running[ref]
    ray.kill(r.actor)
    r.faults.attempts -= 1  # it never ran
    waiting.append(r.faults)
    alive = len(running) + len(idle)
    say(f"batch {r.faults.batch:05d}: Ray could not start an actor for it in {ACTOR_START_SECONDS:.0f} s; "
        f"{alive} actor(s) go on")
    if alive == 0:
        raise CorefprepError(f"Ray started no filter actor in {ACTOR_START_SECONDS:.0f} s (each needs {ACTOR_CPUS} CPU "
                             f"and {ACTOR_MEMORY // 2**20} MiB of memory); check `ray status`, or use --engine local")


def _failure(ray: Any, ctx: FilterContext, cfg: EngineConfig, faults: BatchFaults, exc: BaseException, actor: Any,
             remote_cls: Any) -> list[Any]:
    """Handle a batch whose call failed (the caller hands it out again): returns the actor to go on
    with, or raises to stop the run."""
    cause = getattr(exc, "cause", None)
    if isinstance(exc, ray.exceptions.RayTaskError):
        # the actor is fine; the batch failed in its code
        if isinstance(cause, CorefprepError):
            raise cause  # the inputs or the run are wrong, not the actor: retrying cannot help
        why = cause.cause if isinstance(cause, AttemptFailed) else _first_line(cause if cause is not None else exc)
        _attempt_failed(ctx, faults, why)
        return [actor]
    # the actor died (or its node): the heartbeat says which document it was on
    ray.kill(actor)
    fresh = remote_cls.remote(ctx.judge, cfg.doc_timeout, ctx.signer)
    hb = read_heartbeat(heartbeat_path(ctx, faults.batch))
    doc = hb.doc if hb is not None and hb.phase in (READING, DECIDING) and hb.doc >= 0 else None
    timed = hb.ran if hb is not None and hb.timed_out and doc is not None else None
    lost = WorkerLost(doc, f"(a Ray actor) died ({_first_line(exc)})", timed)
    try:
        verdict = faults.worker_lost(lost)
    except AttemptFailed as failed:
        _attempt_failed(ctx, faults, failed.cause)
        return [fresh]
    if verdict is not None:
        say(f"batch {faults.batch:05d}: {lost.describe()}; document {verdict.doc_index} quarantined "
            f"({verdict.reason}), batch handed out again without it")
    else:
        say(f"batch {faults.batch:05d}: {lost.describe()}; batch handed out again")
    return [fresh]


def _attempt_failed(ctx: FilterContext, faults: BatchFaults, cause: str) -> None:
    if faults.attempt_failed():
        say(f"batch {faults.batch:05d}: {cause}; retrying ({faults.failures}/{faults.policy.retries})")
        return
    raise faults.give_up(ctx.work, cause, engine="ray")
