"""Beats on the actors' nodes (corefprep.parallel.ray_beats), with a stand-in for Ray whose reader
actors answer only when the test says: how answers are dated, when a reader is replaced, what the
driver removes when no reader answers, and which beat files a node's sweep removes."""

from __future__ import annotations

import os
import subprocess
import tempfile
import time
from pathlib import Path
from typing import Any

import pytest

import corefprep.parallel.ray_beats as ray_beats
from corefprep.parallel.beat import NO_ITEM, FileBeat, read_file
from corefprep.parallel.ray_beats import BeatReader, NodeBeats, node_beat_path, sweep


class _Ref:
    """A call's result, given by the test (``answer``) or never."""

    def __init__(self, method: str, names: list[str]):
        self.method, self.names = method, names
        self.value: Any = None
        self.error: BaseException | None = None
        self.done = False

    def answer(self, value: Any = None, error: BaseException | None = None) -> None:
        self.value, self.error, self.done = value, error, True


class _Method:
    def __init__(self, actor: _Actor, name: str):
        self.actor, self.name = actor, name

    def remote(self, names: list[str]) -> _Ref:
        ref = _Ref(self.name, list(names))
        self.actor.calls.append(ref)
        return ref


class _Actor:
    def __init__(self) -> None:
        self.calls: list[_Ref] = []
        self.read, self.sweep = _Method(self, "read"), _Method(self, "sweep")


class _Class:
    def __init__(self, ray: _Ray):
        self.ray = ray

    def options(self, **kw: Any) -> _Class:
        return self

    def remote(self) -> _Actor:
        actor = _Actor()
        self.ray.started.append(actor)
        return actor


NODE = "ab" * 28  # a node id as Ray writes them


class _Ray:
    """Ray as NodeBeats uses it: one live node, actors whose calls the test answers."""

    class exceptions:  # noqa: N801 - Ray's name
        RayError = RuntimeError

    def __init__(self) -> None:
        self.started: list[_Actor] = []
        self.killed: list[_Actor] = []
        self.waited: list[float] = []

    def nodes(self) -> list[dict[str, Any]]:
        return [{"NodeID": NODE, "Alive": True}]

    def remote(self, cls: type) -> _Class:
        assert cls is BeatReader
        return _Class(self)

    def wait(self, refs: list[_Ref], num_returns: int, timeout: float) -> tuple[list[_Ref], list[_Ref]]:
        self.waited.append(timeout)
        return [r for r in refs if r.done][:num_returns], [r for r in refs if not r.done]

    def get(self, ref: _Ref) -> Any:
        if ref.error is not None:
            raise ref.error
        return ref.value

    def kill(self, actor: _Actor) -> None:
        self.killed.append(actor)


@pytest.fixture
def on_tmp(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> Path:
    """The node's beat directory under the test's own temporary directory."""
    monkeypatch.setattr(tempfile, "tempdir", str(tmp_path))
    pytest.importorskip("ray.util.scheduling_strategies")  # NodeBeats pins each reader to its node
    return tmp_path


def _beat(name: str, item: int, pid: int | None = None) -> Any:
    beat = FileBeat(node_beat_path(name), 1)
    if pid is not None:
        beat.pid = pid
    beat.on(item)  # stored
    beat.close()
    return read_file(node_beat_path(name))


def test_an_answer_is_dated_from_when_its_request_was_sent_to_when_it_came(on_tmp: Path) -> None:
    ray = _Ray()
    nb = NodeBeats(ray)
    assert nb.read({NODE: ["a"]}) == {}  # the reader is started and asked; nothing known yet
    [reader] = ray.started
    [request] = reader.calls
    assert (request.method, request.names) == ("read", ["a"])
    sent = time.monotonic()
    rec = _beat("a", 7)
    time.sleep(0.05)
    request.answer({"a": rec})
    before = time.monotonic()
    found = nb.read({NODE: ["a", "b"]})
    assert list(found) == ["a"]  # "b" was not asked in that request: unknown, not "no file"
    assert found["a"].beat == rec and found["a"].as_of < sent < before <= found["a"].arrived
    second = reader.calls[-1]
    assert (second.names, len(reader.calls)) == (["a", "b"], 2)  # the next request went out at once
    second.answer({})
    found = nb.read({NODE: ["a", "b"]})
    assert {n: f.beat for n, f in found.items()} == {"a": None, "b": None}  # asked, and no file: gone
    assert found["a"].as_of >= before


@pytest.mark.serial
def test_a_reader_that_does_not_answer_keeps_the_last_answer_then_is_replaced(
        on_tmp: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(ray_beats, "READER_SECONDS", 1.0)
    ray = _Ray()
    nb = NodeBeats(ray, ask_seconds=0.0)
    nb.read({NODE: ["a"]})
    [first] = ray.started
    first.calls[0].answer({"a": _beat("a", 3)})
    known = nb.read({NODE: ["a"]})["a"]
    assert len(first.calls) == 2  # asked again; this one is never answered
    time.sleep(0.1)
    assert nb.read({NODE: ["a"]}) == {"a": known}  # the last answer, dated as it was: unknown since
    assert ray.killed == [] and len(ray.started) == 1
    time.sleep(1.0)
    assert nb.read({NODE: ["a"]}) == {}  # given up: a fresh reader, asked, has not answered yet
    assert ray.killed == [first] and len(ray.started) == 2
    fresh = ray.started[1]
    fresh.calls[0].answer({"a": _beat("a", 4)})
    assert nb.read({NODE: ["a"]})["a"].beat.item == 4


@pytest.mark.serial
def test_a_reader_is_asked_again_once_its_answer_is_due_and_at_once_for_new_names(on_tmp: Path) -> None:
    ray = _Ray()
    nb = NodeBeats(ray, ask_seconds=0.5)
    nb.read({NODE: ["a"]})
    [reader] = ray.started
    reader.calls[0].answer({"a": _beat("a", 3)})
    assert nb.read({NODE: ["a"]})["a"].beat.item == 3
    assert len(reader.calls) == 1  # answered just now: not asked again yet
    assert list(nb.read({NODE: ["a", "b"]})) == ["a"]
    assert [c.names for c in reader.calls] == [["a"], ["a", "b"]]  # a new unit's beat is asked at once
    reader.calls[1].answer({"a": _beat("a", 4), "b": _beat("b", 9)})
    nb.read({NODE: ["a", "b"]})
    time.sleep(0.3)
    assert {n: f.beat.item for n, f in nb.read({NODE: ["a", "b"]}).items()} == {"a": 4, "b": 9}
    assert len(reader.calls) == 2
    time.sleep(0.3)
    nb.read({NODE: ["a", "b"]})
    assert len(reader.calls) == 3  # its answer is half a second old: asked again


def test_readers_are_asked_every_second_or_every_eighth_of_a_shorter_limit() -> None:
    assert ray_beats.ask_every(None) == ray_beats.ask_every(120.0) == 1.0
    assert ray_beats.ask_every(1.0) == 0.125


def test_a_reader_whose_request_fails_is_replaced_at_once(on_tmp: Path) -> None:
    ray = _Ray()
    nb = NodeBeats(ray)
    nb.read({NODE: ["a"]})
    [first] = ray.started
    first.calls[0].answer(error=RuntimeError("the actor died"))
    time.sleep(1.0)  # a dead reader's node is looked up again at most once a second
    assert nb.read({NODE: ["a"]}) == {}
    assert len(ray.started) == 2 and ray.started[1].calls[0].names == ["a"]


def test_closing_removes_the_beats_on_the_drivers_node_when_no_reader_answers(on_tmp: Path) -> None:
    ray = _Ray()
    nb = NodeBeats(ray)
    nb.read({NODE: ["x"]})
    [reader] = ray.started
    dead, stopped, other = ".toy-1-a-1-1.beat.tmp", ".toy-1-a-2-2.beat.tmp", ".toy-1-a-3-3.beat.tmp"
    for name in (dead, stopped, other):
        _beat(name, 0)  # written by this (live) process
    nb.close([dead, stopped])
    assert not node_beat_path(dead).exists() and not node_beat_path(stopped).exists()
    assert read_file(node_beat_path(other)) is not None  # a unit not named, of a live writer: not touched
    assert (reader.calls[-1].method, reader.calls[-1].names) == ("sweep", [dead, stopped])  # other nodes' readers
    assert ray.killed == [reader] and ray.waited[-1] == ray_beats.CLOSE_SECONDS
    assert nb.readers == {}


@pytest.mark.serial
def test_closing_does_not_wait_for_a_reader_that_is_not_answering(on_tmp: Path,
                                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(ray_beats, "READ_SECONDS", 0.05)
    ray = _Ray()
    nb = NodeBeats(ray)
    nb.read({NODE: ["x"]})  # never answered
    [reader] = ray.started
    time.sleep(0.1)
    t0 = time.monotonic()
    nb.close(["x"])
    assert [c.method for c in reader.calls] == ["read"] and ray.killed == [reader]
    assert time.monotonic() - t0 < 1


def _dead_pid() -> int:
    gone = subprocess.Popen(["true"])
    gone.wait()
    return gone.pid


def test_a_sweep_removes_the_beats_of_writers_that_are_gone_and_keeps_the_others(on_tmp: Path) -> None:
    dead = _dead_pid()
    _beat(".dead.beat.tmp", 5, pid=dead)
    _beat(".live.beat.tmp", 5)
    _beat(".named.beat.tmp", 5)
    young, old = node_beat_path(".young.beat.tmp"), node_beat_path(".old.beat.tmp")
    young.write_bytes(b"")  # made, not written yet: its writer may be between the two
    old.write_bytes(b"")
    os.utime(old, (time.time() - ray_beats.STALE_SECONDS - 5,) * 2)
    unrelated = node_beat_path("notes.txt")
    unrelated.write_text("not a beat")
    assert sorted(sweep([".named.beat.tmp"])) == [".dead.beat.tmp", ".named.beat.tmp", ".old.beat.tmp"]
    assert sorted(p.name for p in on_tmp.glob("corefprep-beats-*/*")) == [".live.beat.tmp", ".young.beat.tmp",
                                                                          "notes.txt"]


def test_a_reader_sweeps_its_node_when_it_starts_and_again_as_it_reads(on_tmp: Path,
                                                                        monkeypatch: pytest.MonkeyPatch) -> None:
    _beat(".dead.beat.tmp", NO_ITEM, pid=_dead_pid())
    reader = BeatReader()
    assert not node_beat_path(".dead.beat.tmp").exists()
    rec = _beat(".live.beat.tmp", 2)
    _beat(".dead-later.beat.tmp", 3, pid=_dead_pid())
    assert reader.read([".live.beat.tmp", ".none.beat.tmp"]) == {".live.beat.tmp": rec}
    assert node_beat_path(".dead-later.beat.tmp").exists()  # not before SWEEP_SECONDS
    monkeypatch.setattr(ray_beats, "SWEEP_SECONDS", 0.0)
    assert reader.read([".live.beat.tmp"]) == {".live.beat.tmp": rec}
    assert not node_beat_path(".dead-later.beat.tmp").exists()
