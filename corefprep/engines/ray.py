"""The Ray engine: filter batches as calls on Ray actors, on this machine or across a cluster.

Each actor holds one Kiwi (loaded once, in the actor: Ray advises against forking inside its
workers, so there is no copy-on-write sharing here) and computes whole batches with the same
:func:`~corefprep.filter.compute_batch` as the local engine: it reads its own ``doc_index`` range
(starting in the file that holds it, from the cached per-file counts), applies the same rules and
writes the same ``work/filter/batch_NNNNN.parquet`` and stats atomically. There is no single
reader: every actor decompresses and parses its own batch, which is what lets the filter scale
past the one process that feeds the local engine's Pool.

The driver only hands out batch numbers and watches. An actor tells it which document it is on
and how far its batch has got through a small *heartbeat* file next to the batch's output
(``work/filter/.batch_NNNNN.inflight.tmp``, rewritten in place per document; the output
directory is on a filesystem every node sees). That file is what turns a dead actor into a
precise fault:

- an actor that dies (native crash, OOM kill, ``ray stop`` on its node) loses its batch, which is
  handed to a fresh actor; a document on which actors died twice is quarantined (rejected as
  ``worker_died``) and the retry goes on without it;
- a document that runs past ``--doc-timeout`` cannot be interrupted inside the actor, so the
  actor's watchdog marks it in the heartbeat and ends the actor; the document is quarantined as
  ``timeout`` and the batch retried without it.

Batches are retried ``--retries`` times; after that the run stops naming the batch, as the local
engine does. Samples, tokenize and merge run on the driver (see README, "Engines").
"""

from __future__ import annotations

import os
import signal
import struct
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from ..atomic import atomic_write_json
from ..errors import BatchFailedError, CorefprepError, UsageError
from ..filter import DocResult, FilterContext, Survivor, compute_batch
from ..progress import EventLog, bar_style, say
from . import record_finished

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
POLL_SECONDS = 0.5

# heartbeat record: doc_index being decided (-1: between documents), its start (unix time),
# state (0 running, 1 timed out), documents read, documents passed
_HEARTBEAT = struct.Struct("<qdqqq")
_TIMED_OUT = 1


def import_ray() -> Any:
    try:
        import ray
    except ImportError:
        raise UsageError(INSTALL_HINT) from None
    return ray


def heartbeat_path(ctx: FilterContext, k: int) -> Path:
    # a hidden *.tmp name: a run that starts after a killed driver removes stale ones
    return ctx.work.filter_dir / f".batch_{k:05d}.inflight.tmp"


def read_heartbeat(path: Path) -> tuple[int, float, int, int, int] | None:
    try:
        data = path.read_bytes()
    except OSError:
        return None
    if len(data) < _HEARTBEAT.size:
        return None
    return _HEARTBEAT.unpack_from(data)  # type: ignore[return-value]


# --- actor side -----------------------------------------------------------------------------


class _Heartbeat:
    """Writes this actor's position into the batch's heartbeat file (one pwrite per document)."""

    def __init__(self, path: Path):
        self.fd = os.open(path, os.O_RDWR | os.O_CREAT | os.O_TRUNC, 0o644)
        self.doc, self.started, self.state, self.read, self.passed = -1, 0.0, 0, 0, 0
        self.write()

    def write(self) -> None:
        os.pwrite(self.fd, _HEARTBEAT.pack(self.doc, self.started, self.state, self.read, self.passed), 0)

    def close(self) -> None:
        os.close(self.fd)


class BatchWorker:
    """The body of a Ray actor: one Kiwi, any number of batches."""

    def __init__(self, rules: Any, doc_timeout: float | None):
        from ..kiwi import load_kiwi
        from ..workers import parse_faults

        self.rules = rules
        self.kiwi = load_kiwi() if rules.uses_kiwi else None
        self.doc_timeout = doc_timeout
        self.faults = parse_faults(os.environ.get("COREFPREP_FAULTS", ""))
        try:
            import ray

            self.node = ray.get_runtime_context().get_node_id()[:16]
        except Exception:  # noqa: BLE001 - outside Ray (tests call the body directly)
            self.node = ""

    def pid(self) -> int:
        return os.getpid()

    def rss_bytes(self) -> int:
        import psutil

        return int(psutil.Process().memory_info().rss)

    def run(self, ctx: FilterContext, k: int, attempt: int, skip: dict[int, tuple[str, str]]) -> dict[str, Any]:
        """Compute batch k; documents in ``skip`` get their quarantine verdict without being decided."""
        hb = _Heartbeat(heartbeat_path(ctx, k))
        decider = _ActorDecider(self, hb, skip)
        try:
            def progress(done: int, passed: int) -> None:
                hb.read, hb.passed = done, passed
                hb.write()

            return compute_batch(ctx, k, decider, progress=progress, attempt=attempt,
                                 extra={"ray_node": self.node, "actor_pid": os.getpid(),
                                        "actor_peak_rss_mib": _peak_rss_mib})
        finally:
            decider.stop()
            hb.close()


def _peak_rss_mib() -> int:
    """This process's peak RSS so far (what ACTOR_MEMORY is declared from); Linux reports KiB."""
    import resource

    return round(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024)


class _ActorDecider:
    """Decides survivors in the actor's own process, keeping the heartbeat current; a watchdog
    thread ends the actor when a document overruns ``doc_timeout``."""

    def __init__(self, worker: BatchWorker, hb: _Heartbeat, skip: dict[int, tuple[str, str]]):
        import threading

        self.w, self.hb, self.skip = worker, hb, skip
        self.workers = 1
        self._wall = self._cpu = 0.0
        self._stop = threading.Event()
        self._watchdog: Any = None
        if worker.doc_timeout:
            self._watchdog = threading.Thread(target=self._watch, daemon=True, name="corefprep-doc-timeout")
            self._watchdog.start()

    def busy_seconds(self) -> tuple[float, float]:
        return self._wall, self._cpu

    def decide(self, survivors: Iterator[Survivor], expected: int = 0) -> Iterator[tuple[Survivor, DocResult]]:
        from ..workers import inject_fault

        rules, kiwi, hb, skip, faults = self.w.rules, self.w.kiwi, self.hb, self.skip, self.w.faults
        for s in survivors:
            verdict = skip.get(s.doc_index)
            if verdict is not None:
                yield s, DocResult(s.doc_index, verdict[0], [], 0, verdict[1])
                continue
            t0, c0 = time.perf_counter(), time.process_time()
            hb.doc, hb.started = s.doc_index, time.time()
            hb.write()
            try:
                if faults and s.doc_index in faults:
                    inject_fault(s.doc_index, faults)
                d = rules.decide(s.text, kiwi, url=s.url)
            except Exception as exc:  # not Kiwi (that is a counted reason): a bug or a poisoned input
                raise BatchFailedError(f"document {s.doc_index} made a worker fail "
                                       f"({type(exc).__name__}: {exc})") from None
            finally:
                self._wall += time.perf_counter() - t0
                self._cpu += time.process_time() - c0
            hb.doc = -1
            yield s, DocResult(s.doc_index, d.reason, d.entities, d.kiwi_chars, d.error)
        hb.doc = -1
        hb.write()

    def stop(self) -> None:
        self._stop.set()

    def _watch(self) -> None:
        limit = float(self.w.doc_timeout or 0)
        while not self._stop.wait(1.0):
            hb = self.hb
            if hb.doc >= 0 and time.time() - hb.started > limit:
                # the document cannot be interrupted in this process: say so, then end the actor
                hb.state = _TIMED_OUT
                hb.write()
                os.kill(os.getpid(), signal.SIGKILL)


# --- driver side ----------------------------------------------------------------------------


class _Batch:
    def __init__(self, k: int):
        self.k = k
        self.attempt = 0
        self.deaths: dict[int, int] = {}  # doc_index -> actor deaths while it was being decided
        self.skip: dict[int, tuple[str, str]] = {}  # quarantined documents: (reason, detail)
        self.read = 0


def run_filter_ray(opts: Any, ctx: FilterContext, todo: list[int], events: EventLog) -> dict[int, dict[str, Any]]:
    """Run the batches in ``todo`` on Ray actors; returns their stats."""
    import threading

    ray = import_ray()
    on_main = threading.current_thread() is threading.main_thread()
    sigterm = signal.getsignal(signal.SIGTERM) if on_main else None
    started_here = _connect(ray, opts)
    try:
        return _run(ray, opts, ctx, todo, events)
    finally:
        if started_here:
            ray.shutdown()
        # A local Ray node installs its own SIGTERM handler (drain, then kill the node) and leaves
        # it behind after shutdown; the stages after the filter must stop on SIGTERM as before.
        if on_main and sigterm is not None:
            signal.signal(signal.SIGTERM, sigterm)


def _connect(ray: Any, opts: Any) -> bool:
    """Join the cluster named by --ray-address or start a local one; True if we started it."""
    import logging

    if ray.is_initialized():
        return False
    kwargs: dict[str, Any] = {"logging_level": logging.ERROR, "log_to_driver": False}
    if opts.ray_address:
        def cannot_join(why: str) -> CorefprepError:
            return CorefprepError(f"cannot join the Ray cluster at {opts.ray_address!r} ({why}); start it with "
                                  "`ray start --head` or drop --ray-address to start a local one")

        # Ray retries a dead GCS address for minutes before giving up; a plain TCP connect
        # answers in seconds, so an operator with a typo learns it before the coffee is made.
        unreachable = _unreachable(opts.ray_address)
        if unreachable:
            raise cannot_join(unreachable)
        try:
            ray.init(address=opts.ray_address, **kwargs)
        except (ConnectionError, RuntimeError, ValueError) as exc:
            raise cannot_join(_first_line(exc)) from None
        return True  # our connection: disconnect at the end (the cluster stays up)
    # A local instance for this run only: the CPUs we were told to use, no dashboard, a small
    # object store (only batch numbers and stats cross it; rows go to files).
    # ("local": never attach to some other instance that happens to run on this machine)
    ray.init(address="local", num_cpus=max(1, opts.workers), include_dashboard=False,
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


def _run(ray: Any, opts: Any, ctx: FilterContext, todo: list[int], events: EventLog) -> dict[int, dict[str, Any]]:
    from tqdm import tqdm

    cpus = float(ray.cluster_resources().get("CPU", 1))
    # a local instance was sized by --workers; on a cluster its CPUs decide
    n_actors = max(1, min(len(todo), int(cpus / ACTOR_CPUS)))
    todo_docs = sum(hi - lo for lo, hi in (ctx.bounds(k) for k in todo))
    say(f"filter: {len(todo)} of {ctx.num_batches} batches to do ({todo_docs:,} documents) on Ray: "
        f"{n_actors} actors ({ACTOR_CPUS} CPU, {ACTOR_MEMORY // 2**20} MiB each; cluster {cpus:g} CPUs)")
    # fault injection for the reliability tests reaches the actors however the cluster was started
    faults = os.environ.get("COREFPREP_FAULTS")
    remote_cls = ray.remote(BatchWorker).options(num_cpus=ACTOR_CPUS, memory=ACTOR_MEMORY, max_restarts=0,
                                                 runtime_env={"env_vars": {"COREFPREP_FAULTS": faults}} if faults
                                                 else None)
    ctx_ref = ray.put(ctx)
    bar = tqdm(total=todo_docs, unit="doc", desc="filter", disable=not opts.progress, file=sys.stderr,
               **bar_style(), smoothing=0.05)
    queue = [_Batch(k) for k in todo]
    queue.reverse()  # pop() hands out the lowest batch first
    idle = [remote_cls.remote(ctx.rules, opts.doc_timeout) for _ in range(n_actors)]
    running: dict[Any, tuple[Any, _Batch]] = {}
    finished: dict[int, dict[str, Any]] = {}
    done_docs = 0
    try:
        while queue or running:
            while queue and idle:
                b = queue.pop()
                b.attempt += 1
                b.read = 0
                actor = idle.pop()
                running[actor.run.remote(ctx_ref, b.k, b.attempt, dict(b.skip))] = (actor, b)
            ready, _ = ray.wait(list(running), num_returns=1, timeout=POLL_SECONDS)
            for ref in ready:
                actor, b = running.pop(ref)
                try:
                    stats = ray.get(ref)
                except Exception as exc:  # noqa: BLE001 - sorted out by _failure
                    retry_actor = _failure(ray, opts, ctx, b, exc, actor, remote_cls)
                    if retry_actor is not None:
                        idle.append(retry_actor)
                    queue.append(b)
                    continue
                idle.append(actor)
                heartbeat_path(ctx, b.k).unlink(missing_ok=True)
                done_docs += stats["documents"]
                record_finished(ctx, finished, stats, events)
            # progress: finished batches plus what the running ones report in their heartbeats
            for _, b in running.values():
                hb = read_heartbeat(heartbeat_path(ctx, b.k))
                if hb is not None:
                    b.read = hb[3]
            bar.n = done_docs + sum(b.read for _, b in running.values())
            bar.set_postfix(passed=f"{sum(s['passed'] for s in finished.values()):,}", batches=len(finished),
                            refresh=False)
            bar.update(0)  # redraws only after mininterval (see bar_style)
    finally:
        bar.close()
        for actor, _ in running.values():
            ray.kill(actor)
        for actor in idle:
            ray.kill(actor)
    return dict(sorted(finished.items()))


def _failure(ray: Any, opts: Any, ctx: FilterContext, b: _Batch, exc: BaseException, actor: Any,
             remote_cls: Any) -> Any:
    """Handle a batch whose call failed: raise to stop the run, or return the actor to retry on."""
    lo, hi = ctx.bounds(b.k)
    cause = getattr(exc, "cause", None)
    if isinstance(cause, CorefprepError) and not isinstance(cause, BatchFailedError):
        raise cause  # the inputs or the run are wrong, not the actor: retrying cannot help
    if isinstance(exc, ray.exceptions.RayTaskError):
        detail = _first_line(cause) if cause is not None else _first_line(exc)
        fresh = actor  # the actor is fine; the batch failed in the rules
    else:  # the actor died (or its node): find the document it was on from the heartbeat
        ray.kill(actor)
        fresh = remote_cls.remote(ctx.rules, opts.doc_timeout)
        hb = read_heartbeat(heartbeat_path(ctx, b.k))
        doc = hb[0] if hb is not None else -1
        if doc >= 0 and hb is not None and hb[2] == _TIMED_OUT and not opts.strict:
            b.skip[doc] = ("timeout", f"analysis ran past --doc-timeout {opts.doc_timeout:g} s")
            say(f"batch {b.k:05d}: document {doc} ran past --doc-timeout {opts.doc_timeout:g} s; quarantined, "
                "batch retried without it")
            b.attempt -= 1  # a quarantine is progress, not a failed attempt
            return fresh
        if doc >= 0 and not opts.strict:
            b.deaths[doc] = b.deaths.get(doc, 0) + 1
            if b.deaths[doc] >= 2:
                b.skip[doc] = ("worker_died", f"Ray actors died twice while analysing it ({_first_line(exc)})")
                say(f"batch {b.k:05d}: Ray actors died twice on document {doc}; quarantined, batch retried "
                    "without it")
                b.attempt -= 1
                return fresh
        detail = f"Ray actor died{f' on document {doc}' if doc >= 0 else ''} ({_first_line(exc)})"
    if b.attempt <= opts.retries:
        say(f"batch {b.k:05d}: {detail}; retrying ({b.attempt}/{opts.retries})")
        return fresh
    atomic_write_json(ctx.work.failed_marker(b.k), {"batch": b.k, "start": lo, "end": hi, "error": detail,
                                                    "attempts": b.attempt, "at": time.time()})
    raise BatchFailedError(
        f"batch {b.k} (documents {lo}-{hi - 1}) failed {b.attempt} times on Ray: {detail}; fix the cause and "
        "rerun the same command to resume from this batch"
    )
