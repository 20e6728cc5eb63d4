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

Each actor is one record (:class:`_Actor`) in one state at a time: starting (Ray places and starts
it), setting up (the step's ``init``), running a unit, idle, kept from an earlier step, or dead;
in each of the first three it has exactly one call out, and a limit. An actor that Ray cannot start
within :data:`ACTOR_START_SECONDS` is given up and its unit handed to another actor (not a
failure), so a cluster without room never leaves the driver waiting forever; one whose set-up
(a fresh actor's or a kept one's) runs past :data:`SETUP_SECONDS` is killed and its unit runs
again on another, a failed attempt; a running unit is watched by its beat. When a node leaves, the
step counts again what the nodes left can place and goes on with that many actors
(:meth:`RayWorkers._recount`), rather than wait for one no node can start.

A driver that dies takes its actors with it: they are Ray's ordinary (not detached) actors, which
Ray kills when their owner is gone (within seconds, on this machine's instance and on a cluster).
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
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, NamedTuple

from ..core import stop
from ..core.errors import CorefprepError, UsageError, first_line
from ..core.log import say
from .beat import NO_ITEM, BeatRecord, FileBeat, read_file
from .config import EngineConfig
from .events import Died, Event, Finished, Raised, Requeue, Seen
from .ray_beats import CLOSE_SECONDS, NodeBeats, ask_every, node_beat_path
from .units import Step

INSTALL_HINT = "the ray engine needs Ray: pip install 'corefprep[ray]'"
# An actor that has not started its first unit this long after it was asked for is one Ray cannot
# place (or start).
ACTOR_START_SECONDS = 300.0
# An actor whose set-up for a step (the step's init: loading Kiwi takes seconds) has not finished
# this long after it was asked is stuck there, a kept actor as well as a fresh one: it is killed.
SETUP_SECONDS = 300.0
# An actor still starting this long makes the driver count again what the cluster's live nodes can
# place (at most this often): a node may have left without an actor's death telling it so.
RECOUNT_SECONDS = 10.0


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
    if on_main and stop.installed():  # a local Ray node put its own SIGTERM handler in place: ours stops the run
        stop.install()
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

    def where(self) -> tuple[str, int]:
        """Its node and pid: answered once Ray has placed and started it."""
        import ray

        return ray.get_runtime_context().get_node_id(), os.getpid()

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


# --- driver side: one record per actor ---------------------------------------------------------

# What an actor is doing, as the driver knows it. Each state but IDLE, KEPT and DEAD has exactly one
# call out on the actor (its record's ``ref``), and each has its time limit:
STARTING = "starting"  # created; where() out, answered once Ray has placed and started it: ACTOR_START_SECONDS
SETTING_UP = "setting up"  # the step's init, setup() out: SETUP_SECONDS
RUNNING = "running"  # a unit, run() out: its beat, watched by the supervisor
IDLE = "idle"  # set up for this step, holds no unit
KEPT = "kept"  # healthy, kept from an earlier step of the session: not set up for this one
DEAD = "dead"  # killed, or its process or node is gone (its record stays until the step ends)


@dataclass
class _Call:
    """A unit handed to an actor."""

    uid: int
    args: Any
    beat: str = ""  # once it runs: the beat file's path, or its name on the actor's node (NodeBeats)
    seen: Seen | None = None  # its beat as last known, while it runs
    killed: bool = False  # the supervisor had its actor killed (the actor never serves again)
    timed_out: float | None = None  # ... this many seconds past its limit (None: for another reason)


@dataclass
class _Actor:
    """One Ray actor: its state (above) since ``since``, the call it has out, the unit it holds."""

    handle: Any
    cpus: float
    memory: int  # what it reserved when it was created
    state: str = STARTING
    since: float = field(default_factory=time.monotonic)
    ref: Any = None  # the call out on it: where() when STARTING, setup() when SETTING_UP, run() when RUNNING
    call: _Call | None = None  # the unit it holds (STARTING, SETTING_UP, RUNNING; and the one it died with)
    node: str = ""  # its node's id and its pid, once it answered where()
    pid: int = 0

    def enter(self, state: str, ref: Any = None) -> None:
        self.state, self.ref, self.since = state, ref, time.monotonic()

    @property
    def busy(self) -> bool:
        return self.state in (STARTING, SETTING_UP, RUNNING)


def _gone_errors(ray: Any) -> tuple[type[BaseException], ...]:
    """Ray's errors that mean the actor's process (or its node) is gone."""
    e = ray.exceptions
    return (e.RayActorError, e.WorkerCrashedError, e.NodeDiedError, e.LocalRayletDiedError, e.OutOfMemoryError,
            e.ObjectLostError, e.OwnerDiedError)


class WarmActors:
    """Idle actors kept between the steps of one Ray session (see the module docstring)."""

    def __init__(self) -> None:
        self.session: tuple[str, str] | None = None
        self.idle: list[_Actor] = []

    @staticmethod
    def _session(ray: Any) -> tuple[str, str]:
        ctx = ray.get_runtime_context()
        return ctx.get_job_id(), ctx.get_node_id()

    def take(self, ray: Any, cpus: float, memory: int, most: int) -> list[_Actor]:
        """Up to ``most`` kept actors that fit a step of ``cpus`` and ``memory``. The others are let
        go: what they reserve could keep the step's own actors from being placed."""
        if self.session != self._session(ray):  # a new session: the old one's handles are gone with it
            self.session, self.idle = self._session(ray), []
        fits = [k for k in self.idle if k.cpus == cpus and k.memory >= memory]
        for k in self.idle:
            if all(k is not f for f in fits):
                ray.kill(k.handle)
        taken, self.idle = fits[:most], fits[most:]
        return taken

    def keep(self, ray: Any, actor: _Actor) -> None:
        actor.enter(KEPT)
        actor.call = None
        if self.session == self._session(ray):
            self.idle.append(actor)
        else:
            ray.kill(actor.handle)

    def clear(self) -> None:
        self.session, self.idle = None, []


WARM = WarmActors()


def release_actors() -> None:
    """Let go of the actors kept between steps (in a Ray session the caller holds, they otherwise
    stay, with their memory, until it ends)."""
    if WARM.idle:
        ray = import_ray()
        for kept in WARM.idle:
            ray.kill(kept.handle)
    WARM.clear()


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
        self.actors: list[_Actor] = []  # this step's, in every state (the dead ones until close)
        self._requeued: list[Event] = []  # units of actors given up by a recount, for the next poll
        self._counted = 0.0  # when the cluster's room was last counted

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
        self._counted = time.monotonic()
        self._cls = ray.remote(UnitActor).options(num_cpus=step.cpus, memory=step.memory, max_restarts=0,
                                                  max_task_retries=0)
        self.actors = WARM.take(ray, step.cpus, step.memory, slots)
        if self.beats_dir is not None:
            self.beats_dir.mkdir(parents=True, exist_ok=True)
        else:
            limits = [x for x in (step.item_limit, step.unit_limit) if x is not None]
            self.node_beats = NodeBeats(ray, ask_every(min(limits, default=None)))

    def _live(self) -> list[_Actor]:
        return [a for a in self.actors if a.state != DEAD]

    def free(self) -> int:
        live = self._live()
        return sum(a.state in (IDLE, KEPT) for a in live) + max(0, self.workers - len(live))

    # -- a unit through an actor's states ----------------------------------------------------------

    def submit(self, uid: int, args: Any) -> None:
        actor = next((a for a in self.actors if a.state == IDLE), None)
        actor = actor or next((a for a in self.actors if a.state == KEPT), None) or self._kept() or self._new()
        actor.call = _Call(uid, args)
        if actor.state == IDLE:
            self._run(actor)
        elif actor.state == KEPT:
            self._setup(actor)
        else:
            actor.enter(STARTING, actor.handle.where.remote())

    def _kept(self) -> _Actor | None:
        """An actor kept meanwhile (the step stopped early and runs again: what it had idle was
        kept, and still holds its CPUs), before a new one is asked of Ray."""
        step = self.step
        assert step is not None
        taken = WARM.take(self.ray, step.cpus, step.memory, 1)
        self.actors += taken
        return taken[0] if taken else None

    def _new(self) -> _Actor:
        step = self.step
        assert step is not None
        actor = _Actor(self._cls.remote(), step.cpus, step.memory)
        self.actors.append(actor)
        return actor

    def _setup(self, actor: _Actor) -> None:
        step = self.step
        assert step is not None
        actor.enter(SETTING_UP, actor.handle.setup.remote(step.fn, step.init, step.init_args))

    def _run(self, actor: _Actor) -> None:
        step, call = self.step, actor.call
        assert step is not None and call is not None
        # a name per call: removing a dead attempt's beat on its node never removes its retry's
        self._submitted += 1
        name = f".{step.name.replace(' ', '-')}-{os.getpid()}-{self._tag}-{call.uid}-{self._submitted}.beat.tmp"
        if self.beats_dir is None:
            call.beat = name
            ref = actor.handle.run.remote(call.uid, call.args, name, True)
        else:
            path = self.beats_dir / name
            path.unlink(missing_ok=True)
            call.beat = str(path)
            ref = actor.handle.run.remote(call.uid, call.args, str(path))
        actor.enter(RUNNING, ref)
        call.seen = Seen(self._no_beat(actor), actor.since, actor.since)

    def poll(self, timeout: float) -> list[Event]:
        busy = {a.ref: a for a in self.actors if a.ref is not None}
        events: list[Event] = []
        if busy:
            refs = list(busy)
            ready, _ = self.ray.wait(refs, num_returns=1, timeout=timeout)
            if ready:  # and every other call that is done by now
                ready, _ = self.ray.wait(refs, num_returns=len(refs), timeout=0)
            # (an actor given up while this answer was handled, by a recount, holds no call any more)
            events = [event for event in (self._advance(busy[ref]) for ref in ready if busy[ref].ref is ref)
                      if event is not None]
            events += self._overdue()
        elif not self._requeued:
            time.sleep(timeout)
        events += self._requeued
        self._requeued = []
        return events

    def _advance(self, actor: _Actor) -> Event | None:
        """The call out on ``actor`` is done: the actor's next state, and the unit's event if any."""
        ray, call = self.ray, actor.call
        assert call is not None
        ref, actor.ref = actor.ref, None
        try:
            value = ray.get(ref)
        except ray.exceptions.RayTaskError as exc:  # the unit's own code raised; the actor is fine
            return self._raised(actor, exc.cause if isinstance(exc.cause, BaseException) else exc)
        except _gone_errors(ray) as exc:  # the actor (or its node) is gone
            item = self._last_item(actor) if actor.state == RUNNING else None
            self._retire(actor)
            self._recount()
            return Died(call.uid, item, f"died (a Ray actor: {first_line(exc)})", call.timed_out)
        except ray.exceptions.RayError as exc:  # Ray itself failed for this call (not the actor's death)
            return self._raised(actor, exc)
        if actor.state == STARTING:
            actor.node, actor.pid = value
            self._setup(actor)
            return None
        if actor.state == SETTING_UP:
            self._run(actor)
            return None
        self._done(actor)
        return Finished(call.uid, value.result, value.seconds)

    def _raised(self, actor: _Actor, exc: BaseException) -> Raised:
        call = actor.call
        assert call is not None
        if actor.state == RUNNING:
            self._done(actor)
        else:  # its set-up could not even be handed to it: not an actor to use again
            self._retire(actor)
        return Raised(call.uid, exc)

    def _done(self, actor: _Actor) -> None:
        """Its unit is over: the actor takes the next, unless it was killed (its unit ended before
        the kill landed: the kill still lands, so it must hold no other unit then)."""
        call = actor.call
        assert call is not None
        if call.killed:
            self._retire(actor)
            return
        self._drop_beat(call)
        actor.call = None
        actor.enter(IDLE)

    def _overdue(self) -> list[Event]:
        """Actors past their state's limit: one Ray never started is given up (its unit goes to
        another actor, not a failure); one whose set-up hangs is killed (a failed attempt)."""
        events: list[Event] = []
        now = time.monotonic()
        if now - self._counted > RECOUNT_SECONDS and any(
                a.state == STARTING and now - a.since > RECOUNT_SECONDS for a in self.actors):
            self._recount()
        name = self.step.name if self.step is not None else "a step"
        for actor in self.actors:
            call = actor.call
            if call is None or actor.state not in (STARTING, SETTING_UP):
                continue
            if actor.state == STARTING and now - actor.since > ACTOR_START_SECONDS:
                self._retire(actor)
                self.workers -= 1  # this cluster cannot place as many as it said
                events.append(Requeue(call.uid))
                say(f"{name}: Ray could not start an actor in {ACTOR_START_SECONDS:.0f} s; {self.workers} actor(s) "
                    "go on")
            elif actor.state == SETTING_UP and now - actor.since > SETUP_SECONDS:
                self._retire(actor)
                events.append(Died(call.uid, None, f"was killed: its set-up (the step's init) ran past "
                                                   f"{SETUP_SECONDS:.0f} s", None))
        if any(isinstance(e, Requeue) for e in events) and self.free() < 1 and not any(a.busy for a in self.actors):
            raise CorefprepError(f"Ray started no {name} actor in {ACTOR_START_SECONDS:.0f} s; check `ray status`, "
                                 "or use --engine local")
        return events

    def _recount(self) -> None:
        """Count again the actors the cluster's live nodes can place (one may have left: its actors
        died with it). Without this, the step would go on asking Ray for as many actors as before
        the loss: an actor asked for beyond what the nodes left can place never starts, and its unit
        would wait ACTOR_START_SECONDS while the actors left could run it. So the step shrinks to
        what is left, and starting actors beyond it are given up, newest first (the one Ray could
        not place is most likely the one asked for after the loss), their units handed out again,
        not counted as failures (at the next poll). No node left with room ends the step in one
        sentence."""
        step = self.step
        assert step is not None
        slots, self.cluster = actor_slots(self.ray, step.cpus, step.memory)
        self._counted = time.monotonic()
        if slots < 1:
            raise CorefprepError(f"{step.name}: no node of the Ray cluster is left with room for an actor "
                                 f"({step.cpus} CPU and {step.memory // 2**20} MiB of memory each; the cluster "
                                 f"offers {self.cluster}); rerun the same command when it has (finished units are "
                                 "kept), or use --engine local")
        if slots >= self.workers:
            return
        self.workers = slots
        starting = sorted((a for a in self.actors if a.state == STARTING), key=lambda a: a.since, reverse=True)
        for actor in starting[:max(0, len(self._live()) - slots)]:
            call = actor.call
            self._retire(actor)
            if call is not None:
                self._requeued.append(Requeue(call.uid))
        say(f"{step.name}: the Ray cluster can place {slots} actor(s) now (a node left?); going on with them")

    def _retire(self, actor: _Actor) -> None:
        """Kill it (if it is not gone already); its record stays, DEAD, for its unit's beat file."""
        self.ray.kill(actor.handle)
        actor.enter(DEAD)
        if actor.call is not None:
            self._drop_beat(actor.call)

    # -- beats ---------------------------------------------------------------------------------

    def beats(self) -> dict[int, Seen]:
        running = [a for a in self.actors if a.state == RUNNING]
        if self.node_beats is None:
            now = time.monotonic()
            for a in running:
                assert a.call is not None
                a.call.seen = Seen(self._known(a, read_file(Path(a.call.beat))), now, now)
        else:
            wanted: dict[str, list[str]] = {}
            for a in running:
                assert a.call is not None
                wanted.setdefault(a.node, []).append(a.call.beat)
            found = self.node_beats.read(wanted)
            for a in running:  # a unit its node's reader has not answered for keeps what was known
                assert a.call is not None
                got = found.get(a.call.beat)
                if got is not None:
                    a.call.seen = Seen(self._known(a, got.beat), got.as_of, got.arrived)
        return {a.call.uid: a.call.seen for a in running if a.call is not None and a.call.seen is not None}

    def _known(self, actor: _Actor, rec: BeatRecord | None) -> BeatRecord:
        """``rec`` if it is the beat of the actor's unit; else (its file not made yet, or removed
        as the unit ended) a beat that says no more than that the unit runs, between items."""
        call = actor.call
        assert call is not None
        return rec if rec is not None and rec.pid > 0 and rec.unit == call.uid else self._no_beat(actor)

    @staticmethod
    def _no_beat(actor: _Actor) -> BeatRecord:
        return BeatRecord(actor.pid, actor.call.uid if actor.call is not None else -1, NO_ITEM, 0, 0)

    def _last_item(self, actor: _Actor) -> int | None:
        """The item the dead actor's unit was on: its beat read now (the dead actor left it). None
        when it cannot be read now (its node's reader does not answer, its node is gone): a beat
        read earlier may be behind, and a document is blamed only on what its actor's beat said at
        its death."""
        call = actor.call
        assert call is not None
        if self.node_beats is None:
            rec = read_file(Path(call.beat))
        else:
            rec = self.node_beats.last_of(actor.node, call.beat)
        return rec.item if rec is not None and rec.unit == call.uid and rec.item != NO_ITEM else None

    def _drop_beat(self, call: _Call) -> None:
        """The unit is over: its beat file goes (on a node, the actor removes its own; a dead one's
        is removed by its node's reader, see corefprep.parallel.ray_beats)."""
        if self.node_beats is None and call.beat:
            Path(call.beat).unlink(missing_ok=True)

    def kill(self, uid: int, seconds: float | None) -> None:
        for actor in self.actors:
            if actor.state == RUNNING and actor.call is not None and actor.call.uid == uid:
                actor.call.killed, actor.call.timed_out = True, seconds
                self.ray.kill(actor.handle)

    def close(self) -> None:
        busy = [a for a in self.actors if a.busy]
        for actor in busy:  # stopped early (an error, Ctrl-C): nothing of theirs is wanted
            self.ray.kill(actor.handle)
        if self.node_beats is not None:
            # a killed actor may still start its unit (and make its beat file) until it is gone:
            # its call fails once it is, and only then are the files removed
            refs = [a.ref for a in busy if a.state == RUNNING]
            if refs:
                self.ray.wait(refs, num_returns=len(refs), timeout=CLOSE_SECONDS)
            self.node_beats.close([a.call.beat for a in self.actors if a.call is not None and a.call.beat])
        for actor in self.actors:
            if actor.busy:
                actor.enter(DEAD)
                if actor.call is not None:
                    self._drop_beat(actor.call)
            elif actor.state in (IDLE, KEPT):  # healthy and idle: kept for the session's next step
                WARM.keep(self.ray, actor)
        self.actors = []
