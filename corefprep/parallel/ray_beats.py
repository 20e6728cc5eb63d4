"""Beats of Ray actors on nodes that share no filesystem with the driver.

With a shared work directory an actor's beat file is read by the driver directly. Without one (an
output on object storage: nothing an actor writes goes to a path the driver reads), each actor
keeps its beat file in its own node's temporary directory, and one small reader actor per node
(no CPU reserved, pinned to the node) reads the beats of that node's units on the driver's request.
The reader is a process of its own, so a beat is read whatever the actor's threads are stuck in,
as with a shared file. When an actor dies, its last beat is asked for once more (for up to
READ_SECONDS), else the last one read is used.
"""

from __future__ import annotations

import os
import tempfile
import time
from pathlib import Path
from typing import Any

from .beat import BeatRecord, read_file

READ_SECONDS = 2.0
# On stopping: how long to wait for killed actors to be gone and for the readers to remove their
# beat files (a killed actor may still make its file until it is gone; under load that takes seconds)
CLOSE_SECONDS = 15.0
NODES_SECONDS = 10.0  # how often the list of live nodes (and so of readers) is refreshed


def node_beat_path(name: str) -> Path:
    """Where an actor keeps the beat ``name`` on its own node."""
    directory = Path(tempfile.gettempdir()) / f"corefprep-beats-{os.getuid()}"
    directory.mkdir(parents=True, exist_ok=True)
    return directory / name


class BeatReader:
    """The body of a node's reader actor."""

    def read(self, names: list[str]) -> dict[str, BeatRecord]:
        out = {}
        for name in names:
            rec = read_file(node_beat_path(name))
            if rec is not None:
                out[name] = rec
        return out

    def forget(self, names: list[str]) -> None:
        for name in names:
            node_beat_path(name).unlink(missing_ok=True)


class NodeBeats:
    """The driver's view of the beats on every live node.

    Reading never blocks the supervisor: each node's reader has one request out at a time, and a
    read returns what the last answer of each node said. A unit on a node whose reader has not
    answered yet has no beat (the supervisor then neither marks progress nor kills it), so a slow
    reader can delay a kill, never cause one.
    """

    def __init__(self, ray: Any):
        self.ray = ray
        self.readers: dict[str, Any] = {}
        self.last: dict[str, BeatRecord] = {}
        self.forgotten: set[str] = set()  # asked to be removed without waiting: asked again at close
        self._answers: dict[str, dict[str, BeatRecord]] = {}  # node -> its reader's last answer
        self._asked: dict[Any, str] = {}  # request out -> node
        self._checked = -NODES_SECONDS

    def read(self, names: list[str]) -> dict[str, BeatRecord]:
        """The beats ``names`` as the nodes' latest answers have them."""
        if not names:
            return {}
        self._refresh()
        self._collect(timeout=0)
        waiting = set(self._asked.values())
        for node, reader in self.readers.items():
            if node not in waiting:
                self._asked[reader.read.remote(names)] = node
        wanted = set(names)
        out = {name: rec for answer in self._answers.values() for name, rec in answer.items() if name in wanted}
        self.last.update(out)
        return out

    def _collect(self, timeout: float) -> None:
        if not self._asked:
            return
        refs = list(self._asked)
        ready, _ = self.ray.wait(refs, num_returns=len(refs), timeout=timeout)
        for ref in ready:
            node = self._asked.pop(ref)
            try:
                self._answers[node] = self.ray.get(ref)
            except self.ray.exceptions.RayError:
                self._answers.pop(node, None)  # its node is going away: Ray reports its actors dead

    def last_of(self, name: str) -> BeatRecord | None:
        """The beat ``name`` now (an actor that just died left it on its node; asked and waited
        for), else the last one read."""
        self._refresh()
        refs = [reader.read.remote([name]) for reader in self.readers.values()]
        ready, _ = self.ray.wait(refs, num_returns=len(refs), timeout=READ_SECONDS)
        for ref in ready:
            try:
                found = self.ray.get(ref).get(name)
            except self.ray.exceptions.RayError:
                continue
            if found is not None:
                return found
        return self.last.get(name)

    def forget(self, names: list[str], *, wait: bool = False) -> None:
        """Remove the beat files ``names`` (of actors that died or were stopped) on every node;
        ``wait``: until the readers have done so (before they are let go)."""
        if not names:
            return
        for name in names:
            self.last.pop(name, None)
            for answer in self._answers.values():
                answer.pop(name, None)
        self.forgotten.update(names)
        self._refresh()
        refs = [reader.forget.remote(names) for reader in self.readers.values()]
        if wait:
            if refs:
                self.ray.wait(refs, num_returns=len(refs), timeout=CLOSE_SECONDS)
            # then the driver removes its own node's files itself: a reader that has not run the
            # request by the end of the wait (a loaded machine) is killed with it undone, which
            # left a file
            BeatReader().forget(names)

    def close(self, stopped: list[str]) -> None:
        """Let the readers go (until the next read), once they removed the beats of the units
        ``stopped`` in flight and of the actors that died (a reader killed at once may not have run
        that request yet)."""
        self.forget(sorted(self.forgotten | set(stopped)), wait=True)
        for reader in self.readers.values():
            self.ray.kill(reader)
        self.readers.clear()
        self.last.clear()
        self.forgotten.clear()
        self._answers.clear()
        self._asked.clear()
        self._checked = -NODES_SECONDS  # the engine may serve another run of units: readers anew

    def _refresh(self) -> None:
        if time.monotonic() - self._checked < NODES_SECONDS:
            return
        from ray.util.scheduling_strategies import NodeAffinitySchedulingStrategy

        alive = {n["NodeID"] for n in self.ray.nodes() if n.get("Alive", True)}
        for node in set(self.readers) - alive:
            self.readers.pop(node)
            self._answers.pop(node, None)
        cls = self.ray.remote(BeatReader)
        for node in alive - set(self.readers):
            self.readers[node] = cls.options(num_cpus=0, max_restarts=0, scheduling_strategy=(
                NodeAffinitySchedulingStrategy(node, soft=False))).remote()
        self._checked = time.monotonic()
