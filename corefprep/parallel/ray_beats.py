"""Beats of Ray actors on nodes that share no filesystem with the driver.

With a shared work directory an actor's beat file is read by the driver directly. Without one (an
output on object storage: nothing an actor writes goes to a path the driver reads), each actor
keeps its beat file on its own node (``<tmp>/corefprep-beats-<uid>/``), and one small reader actor
per node (no CPU reserved, pinned to the node) reads the beats of that node's units on the driver's
request. The reader is a process of its own, so a beat is read whatever the actor's threads are
stuck in, as with a shared file.

Each node's reader is one record (:class:`_Reader`): its actor, the one request it has out and
its last answer, dated on the driver's clock: every beat in an answer was read after its request
was sent and before the answer arrived (see :class:`~corefprep.parallel.events.Seen`). A reader
is asked again once its last answer's request is :func:`ask_every` old. A reader
whose request fails (its process died) is replaced at once; one that leaves a request unanswered
for :data:`READER_SECONDS` is killed and replaced. Until a reader answers, its node's units keep
the beat of the last answer with that answer's dates: their progress is unknown, and they never
look stuck for it (the supervisor gives up on a unit left unknown far longer than its limit, see
:meth:`~corefprep.parallel.limits.Limits.unseen`).

Nothing is left behind: a reader removes every beat file of its node whose writer (the pid in the
record) is no longer alive there, when it starts and every :data:`SWEEP_SECONDS` while it reads,
and when the driver stops, the files of the units it stopped, by name.
"""

from __future__ import annotations

import os
import tempfile
import time
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path
from typing import Any, NamedTuple

from .beat import BeatRecord, read_file

# When an actor dies its last beat is asked for once more, for up to this long (without an answer
# no document is blamed for the death).
READ_SECONDS = 2.0
# On stopping: how long to wait for killed actors to be gone and for the readers to remove their
# beat files (a killed actor may still make its file until it is gone; under load that takes seconds)
CLOSE_SECONDS = 15.0
NODES_SECONDS = 10.0  # how often the list of live nodes (and so of readers) is refreshed
# A reader's answer is a few small file reads: milliseconds. One that leaves a request unanswered
# this long is stopped (SIGSTOP, a debugger), or its node is too loaded to run it, and is replaced.
# Far above any healthy answer, so a busy node does not churn readers (each costs a process start);
# well below the default --doc-timeout (120 s), so a replacement answers long before the
# supervisor gives up on the units it could not see.
READER_SECONDS = 30.0
# How often a node's reader is asked for the beats it has answered for (new names are asked at
# once), at most: the supervisor looks 4 times a second, and asking at that rate cost the readers
# 0.1 core of a 2-core cluster. A beat is then a second older at worst, nothing next to the default
# --doc-timeout; a step with a shorter limit asks every eighth of it (see ask_every).
ASK_SECONDS = 1.0
SWEEP_SECONDS = 10.0  # how often a reader looks for beat files whose writer is gone
# A beat file without a writer's pid yet (made, not written) is left alone this long: its writer
# may be between the two.
STALE_SECONDS = 60.0


def beats_directory() -> Path:
    """Where the actors of this node keep their beats."""
    directory = Path(tempfile.gettempdir()) / f"corefprep-beats-{os.getuid()}"
    directory.mkdir(parents=True, exist_ok=True)
    return directory


def node_beat_path(name: str) -> Path:
    """Where an actor keeps the beat ``name`` on its own node."""
    return beats_directory() / name


def sweep(names: Iterable[str] = ()) -> list[str]:
    """Remove the beat files ``names`` on this node, and every beat file whose writer is gone;
    returns the names removed. A pid reused by another process keeps its file: never a live one."""
    directory = beats_directory()
    removed = []
    for name in names:
        path = directory / name
        if path.exists():
            path.unlink(missing_ok=True)
            removed.append(name)
    for path in directory.glob("*.beat.tmp"):
        if _stale(path):
            path.unlink(missing_ok=True)
            removed.append(path.name)
    return removed


def _stale(path: Path) -> bool:
    rec = read_file(path)
    if rec is not None and rec.pid > 0:
        return not _alive(rec.pid)
    try:
        return time.time() - path.stat().st_mtime > STALE_SECONDS
    except OSError:
        return False


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:  # another user's process: alive
        return True
    return True


class BeatReader:
    """The body of a node's reader actor."""

    def __init__(self) -> None:
        sweep()  # what killed actors and drivers left on this node
        self.swept = time.monotonic()

    def read(self, names: list[str]) -> dict[str, BeatRecord]:
        if time.monotonic() - self.swept > SWEEP_SECONDS:
            sweep()
            self.swept = time.monotonic()
        out = {}
        for name in names:
            rec = read_file(node_beat_path(name))
            if rec is not None:
                out[name] = rec
        return out

    def sweep(self, names: list[str]) -> list[str]:
        return sweep(names)


# --- driver side ------------------------------------------------------------------------------


class Found(NamedTuple):
    """What a reader's answer says of one beat: the record (None: there was no such file), read
    after ``as_of`` (its request was sent) and before ``arrived``."""

    beat: BeatRecord | None
    as_of: float
    arrived: float


@dataclass(frozen=True)
class _Request:
    ref: Any
    names: frozenset[str]
    sent: float


@dataclass(frozen=True)
class _Answer:
    beats: dict[str, BeatRecord]
    names: frozenset[str]  # what was asked: a name asked and not in ``beats`` had no file
    sent: float
    arrived: float

    def found(self, names: Iterable[str]) -> dict[str, Found]:
        return {n: Found(self.beats.get(n), self.sent, self.arrived) for n in names if n in self.names}


@dataclass
class _Reader:
    """One node's reader actor: the request it has out (at most one) and its last answer."""

    node: str
    actor: Any
    request: _Request | None = None
    answer: _Answer | None = None


def ask_every(limit: float | None) -> float:
    """How often a reader is asked for the beats of units with time limit ``limit`` (None: a
    limit derived as the step goes, a minute at least): a stuck unit is seen at most an eighth of
    its limit late."""
    return ASK_SECONDS if limit is None else min(ASK_SECONDS, limit / 8)


def _due(answer: _Answer | None, names: list[str], now: float, every: float) -> bool:
    """Whether a reader without a request out is asked now: names it was never asked about, or its
    last answer's request went out ``every`` seconds ago."""
    return answer is None or now - answer.sent >= every or not answer.names.issuperset(names)


class NodeBeats:
    """The driver's view of the beats on every live node (see the module docstring)."""

    def __init__(self, ray: Any, ask_seconds: float = ASK_SECONDS):
        self.ray = ray
        self.ask_seconds = ask_seconds
        self.readers: dict[str, _Reader] = {}  # node id -> its reader
        self._checked = float("-inf")  # when the live nodes were last listed

    def read(self, wanted: dict[str, list[str]]) -> dict[str, Found]:
        """What the last answer of each node's reader says of the beats ``wanted`` there (node id
        -> names); a beat its node's reader has not answered for is missing. Never waits: a reader
        without a request out is sent one here once it is due (``ask_seconds``), and its answer
        is taken at a later call."""
        if not wanted:
            return {}
        self._collect()
        self._refresh(urgent=any(node not in self.readers for node in wanted))
        now = time.monotonic()
        out: dict[str, Found] = {}
        for node, names in wanted.items():
            reader = self.readers.get(node)
            if reader is None:
                continue  # a node not (or no longer) listed alive: its actors' deaths are on their way
            if reader.request is not None and now - reader.request.sent > READER_SECONDS:
                reader = self._start(node)  # stopped, or its node cannot run it: a fresh one
            if reader.request is None and _due(reader.answer, names, now, self.ask_seconds):
                reader.request = _Request(reader.actor.read.remote(sorted(names)), frozenset(names), time.monotonic())
            if reader.answer is not None:
                out.update(reader.answer.found(names))
        return out

    def _collect(self) -> None:
        """Take in the answers that came; a reader whose request failed (it died) is let go."""
        asking = [r for r in self.readers.values() if r.request is not None]
        if not asking:
            return
        refs = [r.request.ref for r in asking if r.request is not None]
        ready, _ = self.ray.wait(refs, num_returns=len(refs), timeout=0)
        came = set(ready)
        for reader in asking:
            request = reader.request
            if request is None or request.ref not in came:
                continue
            reader.request = None
            try:
                beats = self.ray.get(request.ref)
            except self.ray.exceptions.RayError:
                del self.readers[reader.node]  # replaced at once if its node is alive (see _refresh)
                self._checked = float("-inf")
                continue
            reader.answer = _Answer(beats, request.names, request.sent, time.monotonic())

    def last_of(self, node: str, name: str) -> BeatRecord | None:
        """The beat ``name`` on ``node`` now, asked of its reader and waited for (an actor that
        just died left it there); None if the reader does not answer in time or has no such file."""
        reader = self.readers.get(node)
        if reader is None:
            return None
        ref = reader.actor.read.remote([name])
        ready, _ = self.ray.wait([ref], num_returns=1, timeout=READ_SECONDS)
        if not ready:
            return None
        try:
            return self.ray.get(ref).get(name)
        except self.ray.exceptions.RayError:
            return None

    def close(self, names: list[str]) -> None:
        """Let the readers go, once they removed the beat files ``names`` (of the units stopped,
        or whose actors died) and every file whose writer is gone, on every node. A reader that is
        not answering (a request out longer than READ_SECONDS) is not waited for: on its node the
        next reader started there removes them."""
        now = time.monotonic()
        answering = [r for r in self.readers.values() if r.request is None or now - r.request.sent <= READ_SECONDS]
        refs = [reader.actor.sweep.remote(names) for reader in answering]
        if refs:
            self.ray.wait(refs, num_returns=len(refs), timeout=CLOSE_SECONDS)
        # this node's files by the driver itself: a reader that has not run the request by the end
        # of the wait (a loaded machine) is killed with it undone
        sweep(names)
        for reader in self.readers.values():
            self.ray.kill(reader.actor)
        self.readers.clear()
        self._checked = float("-inf")  # the engine may serve another run of units: readers anew

    def _refresh(self, urgent: bool = False) -> None:
        """A reader for every live node (``urgent``: at most once a second, else every NODES_SECONDS)."""
        since = time.monotonic() - self._checked
        if since < (1.0 if urgent else NODES_SECONDS):
            return
        alive = {n["NodeID"] for n in self.ray.nodes() if n.get("Alive", True)}
        for node in set(self.readers) - alive:
            self.readers.pop(node)
        for node in alive - set(self.readers):
            self._start(node)
        self._checked = time.monotonic()

    def _start(self, node: str) -> _Reader:
        """A fresh reader on ``node`` (the one it replaces, if any, is killed)."""
        from ray.util.scheduling_strategies import NodeAffinitySchedulingStrategy

        old = self.readers.get(node)
        if old is not None:
            self.ray.kill(old.actor)
        actor = self.ray.remote(BeatReader).options(num_cpus=0, max_restarts=0, scheduling_strategy=(
            NodeAffinitySchedulingStrategy(node, soft=False))).remote()
        self.readers[node] = reader = _Reader(node, actor)
        return reader
