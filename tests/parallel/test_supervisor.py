"""The supervisor's reading of dated beats (corefprep.parallel.events.Seen), with an engine whose
one unit's beat is known only up to a moment, as when a Ray node's beat reader stops answering:
the unit's progress is unknown from then on, never counted as time without progress."""

from __future__ import annotations

import time
from typing import Any

import pytest
from fixtures.units import Toy, toy_unit, without

import corefprep.parallel.limits as limits
import corefprep.parallel.supervisor as supervisor
from corefprep.parallel import DocumentFaults, Step, Supervisor, Unit, UnitFailed
from corefprep.parallel.beat import BeatRecord
from corefprep.parallel.events import Died, Event, Finished, Seen

KNOWN_FOR = 0.1  # the beat is read until this long after the unit starts, then never again


class _OneUnit:
    """A scripted engine running one unit at a time (what the tests below share)."""

    workers = 1

    def __init__(self) -> None:
        self.uid: int | None = None
        self.t0 = self.asked = 0.0
        self.kills: list[tuple[int, float | None]] = []
        self.submitted = 0

    def start(self, step: Step) -> None:
        pass

    def free(self) -> int:
        return 1 if self.uid is None else 0

    def submit(self, uid: int, args: Any) -> None:
        self.uid, self.t0 = uid, time.monotonic()
        self.asked = self.t0
        self.submitted += 1

    def kill(self, uid: int, seconds: float | None) -> None:
        self.kills.append((uid, seconds))

    def close(self) -> None:
        pass


class _ReaderStops(_OneUnit):
    """One unit on document 2, its beat last read KNOWN_FOR after it started; it finishes after
    ``finish_after`` seconds (None: never), or dies once killed. Run again (the supervisor gave up
    on it), it finishes at once."""

    def __init__(self, finish_after: float | None):
        super().__init__()
        self.finish_after = finish_after

    def beats(self) -> dict[int, Seen]:
        known = self.t0 + KNOWN_FOR
        if self.uid is None or time.monotonic() < known:
            return {}
        return {self.uid: Seen(BeatRecord(1, self.uid, 2, 12345, 0), known, known)}

    def poll(self, timeout: float) -> list[Event]:
        time.sleep(0.02)
        uid = self.uid
        if uid is None:
            return []
        if self.kills and len(self.kills) == self.submitted:
            self.uid = None
            return [Died(uid, 2, "was killed by signal 9 (SIGKILL)", self.kills[-1][1])]
        if self.submitted > 1 or self.finish_after is not None and time.monotonic() - self.t0 > self.finish_after:
            self.uid = None
            return [Finished(uid, "done", 1.0)]
        return []


def test_a_beat_known_only_until_its_reader_stopped_is_never_timed_out() -> None:
    """Five times its limit past the last answer, the unit is not killed: nothing says it is stuck."""
    engine = _ReaderStops(finish_after=1.5)
    with Supervisor(Step("toy", toy_unit, item_limit=0.3), engine, retries=0) as sup:
        out = list(sup.run([Unit("u0", Toy((2,)))], DocumentFaults(False, without)))
    assert [(o.unit.key, o.result, o.set_aside) for o in out] == [("u0", "done", None)]
    assert engine.kills == []


def test_a_beat_unknown_for_far_longer_than_its_limit_ends_in_a_failed_attempt_blaming_no_document(
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(limits, "UNSEEN_MIN_SECONDS", 1.0)
    engine = _ReaderStops(finish_after=None)
    policy = DocumentFaults(False, without)
    t0 = time.monotonic()
    with pytest.raises(UnitFailed) as failed:
        with Supervisor(Step("toy", toy_unit, item_limit=0.2), engine, retries=0) as sup:
            list(sup.run([Unit("u0", Toy((2,)))], policy))
    assert time.monotonic() - t0 >= 1.0  # Limits.unseen: max(3 x 0.2 s, UNSEEN_MIN_SECONDS)
    assert engine.kills == [(0, None)]  # not a timeout
    assert str(failed.value) == ("toy: unit u0 failed 1 time: a worker was killed after its progress could not be "
                                 "read for 1 s; fix the cause and rerun the same command (finished units are kept)")
    assert policy.quarantined == {} and policy.deaths == {}  # the death the engine blamed on document 2 is not counted


class _LaggingReader(_OneUnit):
    """One unit moving to its next document every 0.1 s, read by a healthy reader that answers each
    request at the next look (the beat is known as of the look before); it finishes after 3 s."""

    def beats(self) -> dict[int, Seen]:
        if self.uid is None:
            return {}
        sent, now = self.asked, time.monotonic()
        self.asked = now  # the next request
        item = int((sent - self.t0) / 0.1)  # what the reader read, just after the request was sent
        return {self.uid: Seen(BeatRecord(1, self.uid, item, item + 1, item), sent, now)}

    def poll(self, timeout: float) -> list[Event]:
        time.sleep(0.02)
        uid = self.uid
        if uid is not None and (self.kills or time.monotonic() - self.t0 > 3.0):
            self.uid = None
            return [Died(uid, None, "was killed", None) if self.kills else Finished(uid, "done", 3.0)]
        return []


def test_a_driver_away_longer_than_the_unseen_limit_does_not_take_its_readers_for_silent(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """The supervisor's caller spends 2 s over a progress tick (as a driver stopped or suspended
    would): the answer taken just after was asked before, so the beat looks 2 s old; the reader
    was not silent, the driver was away, and the unit goes on."""
    monkeypatch.setattr(limits, "UNSEEN_MIN_SECONDS", 1.0)  # Limits.unseen: max(3 x 0.2 s, 1 s)
    monkeypatch.setattr(supervisor, "WATCH_GAP_SECONDS", 0.5)
    engine = _LaggingReader()
    away: list[float] = []

    def tick() -> None:
        if not away and time.monotonic() - engine.t0 > 0.5:
            away.append(time.monotonic())
            time.sleep(2.0)

    with Supervisor(Step("toy", toy_unit, item_limit=0.2), engine, retries=0) as sup:
        out = list(sup.run([Unit("u0", Toy((2,)))], DocumentFaults(False, without), tick=tick))
    assert away and engine.kills == []
    assert [(o.unit.key, o.result) for o in out] == [("u0", "done")]
