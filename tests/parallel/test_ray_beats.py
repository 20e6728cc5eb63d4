"""Beats on the actors' nodes (corefprep.parallel.ray_beats), with a stand-in for Ray whose node
readers never answer: what the driver does without them."""

from __future__ import annotations

import tempfile
import time
from pathlib import Path
from typing import Any

import pytest

from corefprep.parallel.beat import FileBeat, read_file
from corefprep.parallel.ray_beats import NodeBeats, node_beat_path


class _Silent:
    """A remote method whose calls are recorded and never run."""

    def __init__(self, calls: list[tuple[str, list[str]]], name: str):
        self.calls, self.name = calls, name

    def remote(self, names: list[str]) -> object:
        self.calls.append((self.name, list(names)))
        return object()


class _StuckReader:
    def __init__(self) -> None:
        self.calls: list[tuple[str, list[str]]] = []
        self.read, self.forget = _Silent(self.calls, "read"), _Silent(self.calls, "forget")


class _RayWithStuckReaders:
    """Ray as NodeBeats uses it, on a machine so loaded that no reader runs a request in time."""

    class exceptions:  # noqa: N801 - Ray's name
        RayError = RuntimeError

    def __init__(self) -> None:
        self.killed: list[Any] = []
        self.waited: list[float] = []

    def wait(self, refs: list[Any], num_returns: int, timeout: float) -> tuple[list[Any], list[Any]]:
        self.waited.append(timeout)
        return [], refs

    def kill(self, actor: Any) -> None:
        self.killed.append(actor)


@pytest.fixture
def beats(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> tuple[NodeBeats, _RayWithStuckReaders, _StuckReader]:
    monkeypatch.setattr(tempfile, "tempdir", str(tmp_path))
    ray = _RayWithStuckReaders()
    reader = _StuckReader()
    nb = NodeBeats(ray)
    nb.readers = {"node-1": reader}
    nb._checked = time.monotonic() + 3600  # no node listing: the one reader above is the cluster
    return nb, ray, reader


def test_closing_removes_the_beats_on_the_drivers_node_when_no_reader_answers(beats) -> None:
    nb, ray, reader = beats
    dead, stopped, other = ".toy-1-a-1-1.beat.tmp", ".toy-1-a-2-2.beat.tmp", ".toy-1-a-3-3.beat.tmp"
    for uid, name in enumerate((dead, stopped, other), 1):
        FileBeat(node_beat_path(name), uid).close()
    nb.forget([dead])  # an actor died: its file is asked to go, without waiting
    assert node_beat_path(dead).exists()  # the readers remove it (here they never run)
    nb.close([stopped])
    assert not node_beat_path(dead).exists() and not node_beat_path(stopped).exists()
    assert read_file(node_beat_path(other)) is not None  # a unit not named is not touched
    assert ("forget", [dead, stopped]) in reader.calls  # other nodes still rely on their reader
    assert ray.killed == [reader] and ray.waited  # waited for the readers, then let them go
    assert nb.readers == {} and nb.forgotten == set()
