"""The worker Pool that decides documents: a document that kills its workers or hangs is
quarantined, a lost chunk is handed out again, a wedged Pool is rebuilt, and nothing is lost.

The rules here are a stand-in whose ``decide`` misbehaves on chosen texts, so the Pool's own
behaviour is tested in seconds; the real CLI with Kiwi is in tests/test_reliability.py.
"""

from __future__ import annotations

import os
import signal
import time
from dataclasses import dataclass
from pathlib import Path

import pytest

import corefprep.workers as workers
from corefprep.filter import Survivor
from corefprep.rules import Decision
from corefprep.workers import KiwiPool, WorkerDied


@dataclass(frozen=True)
class Misbehaving:
    """Keeps every text but: "kill" (SIGKILL itself), "kill-once:<marker>", "hang", "slow"."""

    marker: str = ""
    uses_kiwi = False

    def decide(self, text: str, kiwi: object, url: str | None = None) -> Decision:
        if text == "kill" or (text == "kill-once" and not os.path.exists(self.marker)):
            if text == "kill-once":
                Path(self.marker).touch()
            os.kill(os.getpid(), signal.SIGKILL)
        if text == "hang":
            time.sleep(3600)
        if text == "slow":
            time.sleep(0.2)
        return Decision(None, [], len(text))


def _survivors(texts: list[str]) -> list[Survivor]:
    return [Survivor(i, t, None, f"d{i}", "mem", "/mem", i + 1) for i, t in enumerate(texts)]


def _decide(pool: KiwiPool, texts: list[str]) -> dict[int, str | None]:
    return {s.doc_index: r.reason for s, r in pool.decide(iter(_survivors(texts)))}


def test_every_document_is_decided_once(tmp_path):
    texts = [f"doc {i}" for i in range(500)]
    with KiwiPool(Misbehaving(), workers=2, chunksize=7) as pool:
        got = list(pool.decide(iter(_survivors(texts))))
    assert sorted(s.doc_index for s, _ in got) == list(range(500))
    assert all(r.reason is None and r.doc_index == s.doc_index for s, r in got)


def test_a_document_that_kills_two_workers_is_quarantined_and_its_chunk_goes_on():
    texts = [f"doc {i}" for i in range(40)]
    texts[13] = "kill"
    with KiwiPool(Misbehaving(), workers=2, chunksize=5) as pool:
        got = _decide(pool, texts)
        assert pool.deaths[13] == 2
    assert sorted(got) == list(range(40))
    assert got[13] == "worker_died"
    assert all(reason is None for i, reason in got.items() if i != 13)


def test_a_worker_that_dies_once_costs_only_its_chunk(tmp_path):
    marker = tmp_path / "died"
    texts = [f"doc {i}" for i in range(40)]
    texts[21] = "kill-once"
    with KiwiPool(Misbehaving(str(marker)), workers=2, chunksize=5) as pool:
        got = _decide(pool, texts)
    assert marker.exists()
    assert sorted(got) == list(range(40)) and set(got.values()) == {None}


def test_a_hanging_document_is_timed_out_and_its_worker_killed():
    texts = [f"doc {i}" for i in range(30)]
    texts[4] = "hang"
    t0 = time.monotonic()
    with KiwiPool(Misbehaving(), workers=2, chunksize=5, doc_timeout=1.0) as pool:
        results = {s.doc_index: r for s, r in pool.decide(iter(_survivors(texts)))}
    assert time.monotonic() - t0 < 20
    assert results[4].reason == "timeout" and "--doc-timeout" in (results[4].error or "")
    assert sorted(results) == list(range(30))
    assert all(r.reason is None for i, r in results.items() if i != 4)


def test_strict_stops_at_the_first_death():
    texts = [f"doc {i}" for i in range(20)]
    texts[3] = "kill"
    with KiwiPool(Misbehaving(), workers=2, chunksize=5, strict=True) as pool:
        with pytest.raises(WorkerDied, match="killed by signal 9 on document 3"):
            _decide(pool, texts)


def test_a_wedged_pool_is_rebuilt(monkeypatch):
    """Workers killed while idle: one of them held the task queue's lock, so the replacements can
    never take a task. The Pool notices nobody works although chunks are out, and starts over."""
    monkeypatch.setattr(workers, "STALL_SECONDS", 2.0)
    monkeypatch.setattr(workers, "TERMINATE_WAIT", 1.0)
    with KiwiPool(Misbehaving(), workers=2, chunksize=5) as pool:
        pool.get()
        time.sleep(0.5)  # workers idle, one blocked in the task queue holding its lock
        for p in list(workers._TrackedProcess.registry):
            os.kill(p.pid, signal.SIGKILL)
        time.sleep(0.3)
        got = _decide(pool, [f"doc {i}" for i in range(30)])
    assert sorted(got) == list(range(30)) and set(got.values()) == {None}
