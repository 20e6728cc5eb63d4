"""The Ray engine: a step's units as calls on Ray actors, on this machine or across a cluster.

Each actor runs the step's ``init`` once (Kiwi is loaded in the actor: Ray advises against forking
inside its workers) and then any number of units. A unit's beat is a small memory-mapped file
(:class:`~corefprep.parallel.beat.FileBeat`) in a directory every node and the driver see (the
run's work directory; without one, on each actor's node, read there: :mod:`.ray_beats`), so the
driver knows which document an actor was on when it died and kills
an actor whose beat has not changed for longer than its limit: the limit is enforced from outside
the actor, whatever the actor's own threads are stuck in. The driver compares beats with its own
clock only, so nodes' clocks need not agree.

How many actors: as many as the cluster's live nodes can place, counting both the CPU and the
memory each one reserves, created as units need them. An actor a step leaves idle is kept for the
next step of the same Ray session (:class:`WarmActors`) when it is the right size: its process has
already imported corefprep and loaded Kiwi (``load_kiwi`` is once per process), so dedup signing
after the filter, or the next command in a notebook or test that holds one Ray instance, starts
without loading the model again. Each step still runs its own ``init`` on every actor it uses.

An actor that Ray cannot start within :data:`ACTOR_START_SECONDS` is given up and its unit handed
to another actor, so a cluster without room never leaves the driver waiting forever.
"""

from __future__ import annotations

import logging
import os
import signal
import socket
import threading
import time
import uuid
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any, NamedTuple

from ..core.errors import CorefprepError, UsageError, first_line
from ..core.log import say
from .beat import NO_ITEM, BeatRecord, FileBeat, read_file
from .config import EngineConfig
from .events import Died, Event, Finished, Raised, Requeue
from .ray_beats import CLOSE_SECONDS, NodeBeats, node_beat_path
from .units import Step

INSTALL_HINT = "the ray engine needs Ray: pip install 'corefprep[ray]'"
# An actor that has not started its first unit this long after it was asked for is one Ray cannot
# place (or start); loading Kiwi takes seconds.
ACTOR_START_SECONDS = 300.0


def import_ray() -> Any:
    try:
        import ray
    except ImportError:
        raise UsageError(INSTALL_HINT) from None
    return ray


# --- the session ------------------------------------------------------------------------------


@contextmanager
def ray_session(cfg: EngineConfig) -> Iterator[Any]:
    """Ray, joined (--ray-address) or started locally for the time of the block, then let go.
    Inside another session (or a test's own Ray instance) the running one is used and kept."""
    ray = import_ray()
    on_main = threading.current_thread() is threading.main_thread()
    sigterm = signal.getsignal(signal.SIGTERM) if on_main else None
    started_here = connect(ray, cfg)
    try:
        yield ray
    finally:
        if started_here:
            WARM.clear()
            ray.shutdown()
            # A local Ray node installs its own SIGTERM handler (drain, then kill the node) and
            # leaves it behind after shutdown; the stages after this one must stop on SIGTERM as before.
            if on_main and sigterm is not None:
                signal.signal(signal.SIGTERM, sigterm)


def connect(ray: Any, cfg: EngineConfig) -> bool:
    """Join the cluster named by --ray-address or start a local one; True if we started it."""
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
            raise cannot_join(first_line(exc)) from None
        return True  # our connection: disconnect at the end (the cluster stays up)
    # A local instance for this run only: the CPUs we were told to use, no dashboard, a small
    # object store (only unit arguments and small results cross it; rows go to files).
    # ("local": never attach to some other instance that happens to run on this machine)
    ray.init(address="local", num_cpus=max(1, cfg.workers or 1), include_dashboard=False,
             object_store_memory=200 * 1024 * 1024, **kwargs)
    return True


def _unreachable(address: str, timeout: float = 5.0) -> str | None:
    """Why a ``host:port`` GCS address cannot be reached, or None (also for ``auto`` and ``ray://``)."""
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


def actor_slots(ray: Any, cpus: float, memory: int) -> tuple[int, str]:
    """How many actors of ``cpus`` CPU and ``memory`` bytes the cluster's live nodes can place
    (each node: the fewer of its CPUs and its memory allow), and the cluster described."""
    slots = 0
    total_cpu = total_mem = 0.0
    for node in ray.nodes():
        if not node.get("Alive", True):
            continue
        res = node.get("Resources", {})
        cpu, mem = float(res.get("CPU", 0)), float(res.get("memory", 0))
        total_cpu += cpu
        total_mem += mem
        slots += min(int(cpu / cpus + 1e-9), int(mem // memory) if memory else 1 << 30)
    return slots, f"{total_cpu:g} CPUs, {total_mem / 2**30:,.1f} GiB of memory for tasks"


# --- actor side -------------------------------------------------------------------------------


class _Out(NamedTuple):
    result: Any
    seconds: float


class UnitActor:
    """The body of a Ray actor: for each step it serves, the step's ``init`` once, then units."""

    def __init__(self) -> None:
        self.fn: Any = None
        self.error: BaseException | None = None

    def setup(self, fn: Any, init: Any, init_args: tuple[Any, ...]) -> None:
        self.fn, self.error = fn, None
        try:
            if init is not None:
                init(*init_args)
        except BaseException as exc:  # noqa: BLE001 - reported by every unit, as the unit's own error
            self.error = exc

    def run(self, uid: int, args: Any, beat_path: str, on_node: bool = False) -> _Out:
        """Unit ``uid``; its beat is the file ``beat_path`` the driver reads, or with ``on_node`` a
        file of that name on this node, read by the node's reader (and removed here when done)."""
        if self.error is not None:
            raise self.error
        path = node_beat_path(beat_path) if on_node else Path(beat_path)
        beat = FileBeat(path, uid)
        t0 = time.perf_counter()
        try:
            return _Out(self.fn(args, beat), time.perf_counter() - t0)
        finally:
            beat.close()
            if on_node:
                path.unlink(missing_ok=True)


# --- driver side ------------------------------------------------------------------------------


def _gone_errors(ray: Any) -> tuple[type[BaseException], ...]:
    """Ray's errors that mean the actor's process (or its node) is gone."""
    e = ray.exceptions
    return (e.RayActorError, e.WorkerCrashedError, e.NodeDiedError, e.LocalRayletDiedError, e.OutOfMemoryError,
            e.ObjectLostError, e.OwnerDiedError)


class _Kept(NamedTuple):
    actor: Any
    cpus: float
    memory: int  # what the actor reserved when it was created


class WarmActors:
    """Idle actors kept between the steps of one Ray session (see the module docstring)."""

    def __init__(self) -> None:
        self.session: tuple[str, str] | None = None
        self.idle: list[_Kept] = []

    @staticmethod
    def _session(ray: Any) -> tuple[str, str]:
        ctx = ray.get_runtime_context()
        return ctx.get_job_id(), ctx.get_node_id()

    def take(self, ray: Any, cpus: float, memory: int, most: int) -> list[_Kept]:
        """Up to ``most`` kept actors that fit a step of ``cpus`` and ``memory``. The others are let
        go: what they reserve could keep the step's own actors from being placed."""
        if self.session != self._session(ray):  # a new session: the old one's handles are gone with it
            self.session, self.idle = self._session(ray), []
        fit = [k for k in self.idle if k.cpus == cpus and k.memory >= memory][:most]
        for k in self.idle:
            if all(k.actor is not f.actor for f in fit):
                ray.kill(k.actor)
        self.idle = []
        return fit

    def keep(self, ray: Any, kept: _Kept) -> None:
        if self.session == self._session(ray):
            self.idle.append(kept)
        else:
            ray.kill(kept.actor)

    def clear(self) -> None:
        self.session, self.idle = None, []


WARM = WarmActors()


def release_actors() -> None:
    """Let go of the actors kept between steps (in a Ray session the caller holds, they otherwise
    stay, with their memory, until it ends)."""
    if WARM.idle:
        ray = import_ray()
        for kept in WARM.idle:
            ray.kill(kept.actor)
    WARM.clear()


@dataclass
class _Call:
    uid: int
    actor: Any
    beat: str  # the beat file's path, or its name on the actor's node (NodeBeats)
    asked: float


class RayWorkers:
    """The Ray engine (see the module docstring). The caller holds a :func:`ray_session`."""

    def __init__(self, cfg: EngineConfig, beats_dir: Path | None):
        """``beats_dir``: a directory the driver and every node see; None when there is none (the
        beats stay on each actor's node, see corefprep.parallel.ray_beats)."""
        self.cfg, self.beats_dir = cfg, beats_dir
        self.node_beats: NodeBeats | None = None
        self._submitted = 0
        self._tag = uuid.uuid4().hex[:8]  # names unique across the engines of one process too
        self.workers = 0
        self.step: Step | None = None
        self._calls: dict[Any, _Call] = {}  # object ref -> call
        self._idle: list[Any] = []
        self._actors = 0  # alive or being started
        self._started: set[Any] = set()  # actor handles that began a unit (Ray could place them)
        self._killed: dict[int, float] = {}
        self._size: dict[Any, _Kept] = {}  # every live actor, with what it reserved
        self._ready: set[Any] = set()  # actors set up for this step

    def start(self, step: Step) -> None:
        ray = import_ray()
        self.ray, self.step = ray, step
        slots, cluster = actor_slots(ray, step.cpus, step.memory)
        if slots < 1:
            raise CorefprepError(f"no node of the Ray cluster has room for one {step.name} actor ({step.cpus} CPU and "
                                 f"{step.memory // 2**20} MiB of memory each; the cluster offers {cluster}); add "
                                 "resources or use --engine local")
        self.workers = slots
        self.cluster = cluster
        self._cls = ray.remote(UnitActor).options(num_cpus=step.cpus, memory=step.memory, max_restarts=0,
                                                  max_task_retries=0)
        for kept in WARM.take(ray, step.cpus, step.memory, slots):
            self._idle.append(kept.actor)
            self._size[kept.actor] = kept
            self._started.add(kept.actor)
            self._actors += 1
        if self.beats_dir is not None:
            self.beats_dir.mkdir(parents=True, exist_ok=True)
        else:
            self.node_beats = NodeBeats(ray)

    def free(self) -> int:
        return len(self._idle) + max(0, self.workers - self._actors)

    def submit(self, uid: int, args: Any) -> None:
        step = self.step
        assert step is not None
        if self._idle:
            actor = self._idle.pop()
        else:
            actor = self._cls.remote()
            self._actors += 1
            self._size[actor] = _Kept(actor, step.cpus, step.memory)
        if actor not in self._ready:  # an actor runs calls in the order they were made: setup first
            actor.setup.remote(step.fn, step.init, step.init_args)
            self._ready.add(actor)
        # a name per call: removing a dead attempt's beat on its node never removes its retry's
        self._submitted += 1
        name = f".{step.name.replace(' ', '-')}-{os.getpid()}-{self._tag}-{uid}-{self._submitted}.beat.tmp"
        if self.beats_dir is None:
            ref = actor.run.remote(uid, args, name, True)
            self._calls[ref] = _Call(uid, actor, name, time.monotonic())
            return
        beat = self.beats_dir / name
        beat.unlink(missing_ok=True)
        ref = actor.run.remote(uid, args, str(beat))
        self._calls[ref] = _Call(uid, actor, str(beat), time.monotonic())

    def beats(self) -> dict[int, BeatRecord]:
        calls = list(self._calls.values())
        if self.node_beats is not None:
            found = self.node_beats.read([c.beat for c in calls])
            records = {c.uid: found.get(c.beat) for c in calls}
        else:
            records = {c.uid: read_file(Path(c.beat)) for c in calls}
        out = {}
        for call in calls:
            rec = records[call.uid]
            if rec is not None and rec.unit == call.uid:
                self._started.add(call.actor)
                out[call.uid] = rec
        return out

    def _last_beat(self, call: _Call) -> BeatRecord | None:
        if self.node_beats is not None:
            return self.node_beats.last_of(call.beat)
        return read_file(Path(call.beat))

    def _drop_beat(self, call: _Call) -> None:
        """The unit is over: its beat file goes (an actor on another node removes its own)."""
        if self.node_beats is not None:
            self.node_beats.last.pop(call.beat, None)
        else:
            Path(call.beat).unlink(missing_ok=True)

    def kill(self, uid: int, seconds: float) -> None:
        for call in self._calls.values():
            if call.uid == uid:
                self._killed[uid] = seconds
                self.ray.kill(call.actor)

    def poll(self, timeout: float) -> list[Event]:
        if not self._calls:
            time.sleep(timeout)
            return []
        ready, _ = self.ray.wait(list(self._calls), num_returns=1, timeout=timeout)
        events = [self._outcome(ref) for ref in ready]
        events += self._unplaceable()
        return events

    def _outcome(self, ref: Any) -> Event:
        ray = self.ray
        call = self._calls.pop(ref)
        try:
            out = ray.get(ref)
        except ray.exceptions.RayTaskError as exc:  # the unit's own code raised; the actor is fine
            self._idle.append(call.actor)
            self._drop_beat(call)
            cause = exc.cause if isinstance(exc.cause, BaseException) else exc
            return Raised(call.uid, cause)
        except _gone_errors(ray) as exc:  # the actor (or its node) is gone
            rec = self._last_beat(call)
            self._drop_beat(call)
            if self.node_beats is not None:
                self.node_beats.forget([call.beat])  # the dead actor could not remove its file
            self._retire(call.actor)
            item = rec.item if rec is not None and rec.unit == call.uid and rec.item != NO_ITEM else None
            return Died(call.uid, item, f"died (a Ray actor: {first_line(exc)})", self._killed.pop(call.uid, None))
        except ray.exceptions.RayError as exc:  # Ray itself failed for this call (not the actor's death)
            self._idle.append(call.actor)
            self._drop_beat(call)
            return Raised(call.uid, exc)
        self._started.add(call.actor)
        self._idle.append(call.actor)
        self._drop_beat(call)
        return Finished(call.uid, out.result, out.seconds)

    def _retire(self, actor: Any) -> None:
        self.ray.kill(actor)
        self._actors -= 1
        self._started.discard(actor)
        self._ready.discard(actor)
        self._size.pop(actor, None)

    def _unplaceable(self) -> list[Event]:
        """Units whose actor Ray never started: given to another actor (not a failure)."""
        events: list[Event] = []
        now = time.monotonic()
        for ref, call in list(self._calls.items()):
            if call.actor in self._started or now - call.asked <= ACTOR_START_SECONDS:
                continue
            del self._calls[ref]
            self._retire(call.actor)
            if self.node_beats is not None:  # should Ray start it after all, until the kill lands
                self.node_beats.forget([call.beat])
            self.workers -= 1  # this cluster cannot place as many as it said
            events.append(Requeue(call.uid))
            name = self.step.name if self.step is not None else "a step"
            say(f"{name}: Ray could not start an actor in {ACTOR_START_SECONDS:.0f} s; {self.workers} actor(s) go "
                "on")
        if events and self.free() < 1 and not self._calls:
            name = self.step.name if self.step is not None else "a"
            raise CorefprepError(f"Ray started no {name} actor in {ACTOR_START_SECONDS:.0f} s; check `ray status`, "
                                 "or use --engine local")
        return events

    def close(self) -> None:
        for call in self._calls.values():
            self.ray.kill(call.actor)
            self._drop_beat(call)
        if self.node_beats is not None:
            # a killed actor may still start its unit (and make its beat file) until it is gone:
            # its call fails once it is, and only then are the files removed
            refs = list(self._calls)
            if refs:
                self.ray.wait(refs, num_returns=len(refs), timeout=CLOSE_SECONDS)
            self.node_beats.close([call.beat for call in self._calls.values()])
        for actor in self._idle:  # healthy and idle: kept for the session's next step
            WARM.keep(self.ray, self._size[actor])
        self._calls.clear()
        self._idle.clear()
        self._size.clear()
        self._ready.clear()
        self._actors = 0
