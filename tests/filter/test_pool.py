"""The worker Pool that decides documents: a document that kills its workers or hangs is
quarantined, a lost chunk is handed out again, a wedged Pool is rebuilt, and nothing is lost.

The rules here are a stand-in whose ``decide`` misbehaves on chosen texts, so the Pool's own
behaviour is tested in seconds; the real CLI with Kiwi is in tests/run/test_faults.py.
"""

from __future__ import annotations

import os
import signal
import time
from dataclasses import dataclass
from pathlib import Path

import pytest

import corefprep.filter.pool as workers
from corefprep.filter.faults import AttemptFailed, BatchFaults, FaultPolicy
from corefprep.filter.judge import Judge
from corefprep.filter.pool import KiwiPool
from corefprep.io.documents import Document
from corefprep.rules import Decision


@dataclass(frozen=True)
class Misbehaving:
    """Keeps every text but: "kill" (SIGKILL itself), "kill-once:<marker>", "hang", "slow"."""

    marker: str = ""
    uses_kiwi = False
    meta_fields = ()

    def decide(self, text: str, kiwi: object, meta: object = None) -> Decision:
        if text == "kill" or (text == "kill-once" and not os.path.exists(self.marker)):
            if text == "kill-once":
                Path(self.marker).touch()
            os.kill(os.getpid(), signal.SIGKILL)
        if text == "hang":
            time.sleep(3600)
        if text == "slow":
            time.sleep(0.2)
        return Decision(None, [], len(text))


def _docs(texts: list[str]) -> list[Document]:
    return [Document(i, t, "/mem", i + 1, f"d{i}") for i, t in enumerate(texts)]


def _faults(strict: bool = False, doc_timeout: float = 120.0) -> BatchFaults:
    return BatchFaults(0, 0, 1000, FaultPolicy(retries=2, doc_timeout=doc_timeout, strict=strict))


def _pool(rules: Misbehaving, **kw: object) -> KiwiPool:
    return KiwiPool(Judge(rules), **kw)  # type: ignore[arg-type]


def _decide(pool: KiwiPool, texts: list[str], faults: BatchFaults | None = None) -> dict[int, str | None]:
    return {d.doc_index: v.reason for d, v in pool.decide(iter(_docs(texts)), faults or _faults())}


def test_every_document_is_decided_once(tmp_path):
    texts = [f"doc {i}" for i in range(500)]
    with _pool(Misbehaving(), workers=2, chunksize=7) as pool:
        got = list(pool.decide(iter(_docs(texts)), _faults()))
    assert sorted(s.doc_index for s, _ in got) == list(range(500))
    assert all(r.reason is None and r.doc_index == s.doc_index for s, r in got)


def test_a_document_that_kills_two_workers_is_quarantined_and_its_chunk_goes_on():
    texts = [f"doc {i}" for i in range(40)]
    texts[13] = "kill"
    faults = _faults()
    with _pool(Misbehaving(), workers=2, chunksize=5) as pool:
        got = _decide(pool, texts, faults)
    assert faults.deaths[13] == 2 and list(faults.quarantined) == [13]
    assert sorted(got) == list(range(40))
    assert got[13] == "worker_died"
    assert all(reason is None for i, reason in got.items() if i != 13)


def test_a_worker_that_dies_once_costs_only_its_chunk(tmp_path):
    marker = tmp_path / "died"
    texts = [f"doc {i}" for i in range(40)]
    texts[21] = "kill-once"
    with _pool(Misbehaving(str(marker)), workers=2, chunksize=5) as pool:
        got = _decide(pool, texts)
    assert marker.exists()
    assert sorted(got) == list(range(40)) and set(got.values()) == {None}


def test_a_hanging_document_is_timed_out_and_its_worker_killed():
    texts = [f"doc {i}" for i in range(30)]
    texts[4] = "hang"
    t0 = time.monotonic()
    with _pool(Misbehaving(), workers=2, chunksize=5, doc_timeout=1.0) as pool:
        results = {d.doc_index: v for d, v in pool.decide(iter(_docs(texts)), _faults(doc_timeout=1.0))}
    assert time.monotonic() - t0 < 20
    assert results[4].reason == "timeout" and "--doc-timeout" in (results[4].error or "")
    assert sorted(results) == list(range(30))
    assert all(r.reason is None for i, r in results.items() if i != 4)


def test_strict_stops_at_the_first_death():
    texts = [f"doc {i}" for i in range(20)]
    texts[3] = "kill"
    with _pool(Misbehaving(), workers=2, chunksize=5) as pool:
        with pytest.raises(AttemptFailed, match="killed by signal 9 on document 3"):
            _decide(pool, texts, _faults(strict=True))


def test_every_attempt_times_out_a_hanging_document_again():
    """The hang of issue 14: with --strict a timed-out document fails the attempt; the retry used
    the same Pool object, which remembered the document as timed out and never killed its worker
    again, so the run waited forever. Each attempt must time it out anew."""
    texts = [f"doc {i}" for i in range(12)]
    texts[5] = "hang"
    faults = _faults(strict=True, doc_timeout=1.0)
    t0 = time.monotonic()
    with _pool(Misbehaving(), workers=2, chunksize=3, doc_timeout=1.0) as pool:
        for attempt in range(3):
            with pytest.raises(AttemptFailed, match="document 5 ran past --doc-timeout"):
                _decide(pool, texts, faults)
            assert time.monotonic() - t0 < 15 * (attempt + 1), "an attempt did not time the document out"
            pool.close()


def test_each_worker_has_its_own_row_of_the_table():
    """Rows were pid % 4096 before: two live workers whose pids agreed modulo 4096 read each
    other's document, deaths and timeouts. Rows are now handed out by the parent."""
    with _pool(Misbehaving(), workers=4, chunksize=2, maxtasksperchild=2) as pool:
        _decide(pool, [f"doc {i}" for i in range(80)])  # workers retire and are replaced as it goes
        deadline = time.monotonic() + 10
        while len(live := [p for p in pool._procs if p.exitcode is None]) < 4 and time.monotonic() < deadline:
            time.sleep(0.05)  # the Pool is replacing retired workers
        assert len(live) >= 4
        assert len({p.row for p in live}) == len(live)


def test_a_death_is_blamed_on_its_own_document_among_many_workers():
    texts = [f"doc {i}" for i in range(120)]
    texts[77] = "kill"
    faults = _faults()
    with _pool(Misbehaving(), workers=4, chunksize=2) as pool:
        got = _decide(pool, texts, faults)
    assert [i for i, r in got.items() if r is not None] == [77]
    assert dict(faults.deaths) == {77: 2}


def test_a_wedged_pool_is_rebuilt(monkeypatch):
    """Workers killed while idle: one of them held the task queue's lock, so the replacements can
    never take a task. The Pool notices nobody works although chunks are out, and starts over."""
    monkeypatch.setattr(workers, "STALL_SECONDS", 2.0)
    monkeypatch.setattr(workers, "TERMINATE_WAIT", 1.0)
    with _pool(Misbehaving(), workers=2, chunksize=5) as pool:
        pool.get()
        time.sleep(0.5)  # workers idle, one blocked in the task queue holding its lock
        for p in list(pool._procs):
            os.kill(p.pid, signal.SIGKILL)
        time.sleep(0.3)
        got = _decide(pool, [f"doc {i}" for i in range(30)])
    assert sorted(got) == list(range(30)) and set(got.values()) == {None}


def _steer_pids(monkeypatch: pytest.MonkeyPatch, modulus: int = 4096) -> list[tuple[int, bool]]:
    """Make every process forked from now on after the first get a pid congruent to the first
    one's modulo ``modulus`` (through /proc/sys/kernel/ns_last_pid): the pid collisions a night's
    run meets sooner or later (pid_max 32768 gives every residue 8 pids). Returns (pid, forced)."""
    real_fork = os.fork
    forks: list[tuple[int, bool]] = []

    def fork() -> int:
        want = None
        if forks:
            with open("/proc/sys/kernel/pid_max") as f:
                pid_max = int(f.read())
            want = next((c for c in range(forks[0][0] % modulus, pid_max, modulus)
                         if c > 300 and not os.path.exists(f"/proc/{c}")), None)
            if want is not None:
                with open("/proc/sys/kernel/ns_last_pid", "w") as f:
                    f.write(str(want - 1))
        pid = real_fork()
        if pid > 0:
            forks.append((pid, pid == want))
        return pid

    monkeypatch.setattr(os, "fork", fork)
    return forks


@pytest.mark.skipif(not (os.geteuid() == 0 and os.access("/proc/sys/kernel/ns_last_pid", os.W_OK)),
                    reason="forcing pid collisions needs root")
@pytest.mark.parametrize("fault,reason", [("kill", "worker_died"), ("hang", "timeout")])
def test_workers_whose_pids_collide_modulo_4096_blame_the_right_document(monkeypatch, fault, reason):
    """With rows at pid % 4096 (before), such workers shared a row: the death or hang was blamed on
    no document and the run waited for the 60 s stall check (70-80 s for one bad document on the
    old code). Each worker's own row makes it a quarantine within seconds."""
    texts = [f"doc {i}" for i in range(40)]
    texts[30] = fault
    faults = _faults(doc_timeout=2.0)
    forks = _steer_pids(monkeypatch)
    t0 = time.monotonic()
    with _pool(Misbehaving(), workers=2, chunksize=4, doc_timeout=2.0) as pool:
        got = _decide(pool, texts, faults)
    assert sum(forced for _pid, forced in forks) >= 1, f"no collision was forced: {forks}"
    assert time.monotonic() - t0 < 30
    assert [i for i, r in got.items() if r is not None] == [30] and got[30] == reason
