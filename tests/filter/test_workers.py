"""The local engine's decider (supervised workers): a document that kills its workers or hangs
is quarantined, a lost chunk is handed out again, every document is decided exactly once.

The rules here are a stand-in whose ``decide`` misbehaves on chosen texts, so the decider's own
behaviour is tested in seconds; the supervisor itself is in tests/parallel/, the real CLI with
Kiwi in tests/parallel/test_fault_matrix*.py.
"""

from __future__ import annotations

import os
import signal
import time
from dataclasses import dataclass
from pathlib import Path

import pytest

from corefprep.filter.faults import BatchFaults
from corefprep.filter.judge import Judge
from corefprep.filter.workers import WorkerDecider
from corefprep.io.documents import Document
from corefprep.parallel import EngineConfig, UnitFailed
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


def _faults(strict: bool = False) -> BatchFaults:
    return BatchFaults(0, 0, 1000, strict)


def _decider(rules: Misbehaving, workers: int = 2, chunksize: int = 5, doc_timeout: float = 120.0,
             **kw: object) -> WorkerDecider:
    cfg = EngineConfig(workers=workers, chunksize=chunksize, doc_timeout=doc_timeout, **kw)  # type: ignore[arg-type]
    return WorkerDecider(Judge(rules), cfg)  # type: ignore[arg-type]


def _decide(decider: WorkerDecider, texts: list[str], faults: BatchFaults | None = None) -> dict[int, str | None]:
    return {d.doc_index: v.reason for d, v in decider.decide(iter(_docs(texts)), faults or _faults())}


def test_every_document_is_decided_once():
    texts = [f"doc {i}" for i in range(500)]
    with _decider(Misbehaving(), chunksize=7) as decider:
        got = list(decider.decide(iter(_docs(texts)), _faults()))
    assert sorted(s.doc_index for s, _ in got) == list(range(500))
    assert all(r.reason is None and r.doc_index == s.doc_index for s, r in got)


def test_a_document_that_kills_two_workers_is_quarantined_and_its_chunk_goes_on():
    texts = [f"doc {i}" for i in range(40)]
    texts[13] = "kill"
    faults = _faults()
    with _decider(Misbehaving()) as decider:
        got = _decide(decider, texts, faults)
    assert faults.docs.deaths[13] == 2 and list(faults.quarantined) == [13]
    assert sorted(got) == list(range(40))
    assert got[13] == "worker_died"
    assert all(reason is None for i, reason in got.items() if i != 13)


def test_a_worker_that_dies_once_costs_only_its_chunk(tmp_path):
    marker = tmp_path / "died"
    texts = [f"doc {i}" for i in range(40)]
    texts[21] = "kill-once"
    faults = _faults()
    with _decider(Misbehaving(str(marker))) as decider:
        got = _decide(decider, texts, faults)
    assert marker.exists()
    assert sorted(got) == list(range(40)) and set(got.values()) == {None}
    assert faults.failures == 0 and faults.lost_workers == 1  # handed out again, not a failed attempt


def test_a_hanging_document_is_timed_out_and_its_worker_killed():
    texts = [f"doc {i}" for i in range(30)]
    texts[4] = "hang"
    t0 = time.monotonic()
    with _decider(Misbehaving(), doc_timeout=1.0) as decider:
        results = {d.doc_index: v for d, v in decider.decide(iter(_docs(texts)), _faults())}
    assert time.monotonic() - t0 < 20
    assert results[4].reason == "timeout" and "--doc-timeout" in (results[4].error or "")
    assert sorted(results) == list(range(30))
    assert all(r.reason is None for i, r in results.items() if i != 4)


def test_strict_fails_the_chunk_after_its_retries_naming_the_document():
    texts = [f"doc {i}" for i in range(20)]
    texts[3] = "kill"
    faults = _faults(strict=True)
    with _decider(Misbehaving()) as decider:
        with pytest.raises(UnitFailed, match="failed 3 times: a worker was killed by signal 9 .* on document 3"):
            _decide(decider, texts, faults)
    assert faults.failures == 3 and not faults.quarantined


@pytest.mark.slow
def test_every_attempt_times_out_a_hanging_document_again():
    """The hang of issue 14: with --strict a timed-out document fails the attempt; the retry used
    the same Pool object, which remembered the document as timed out and never killed its worker
    again, so the run waited forever. Each attempt must time it out anew."""
    texts = [f"doc {i}" for i in range(12)]
    texts[5] = "hang"
    t0 = time.monotonic()
    with _decider(Misbehaving(), chunksize=3, doc_timeout=1.0) as decider:
        for _ in range(2):  # the same decider, used again after a failure
            with pytest.raises(UnitFailed, match="failed 3 times: document 5 ran past --doc-timeout"):
                _decide(decider, texts, _faults(strict=True))
    assert time.monotonic() - t0 < 40, "an attempt did not time the document out"


def test_workers_are_replaced_after_maxtasksperchild_units():
    with _decider(Misbehaving(), workers=2, chunksize=2, maxtasksperchild=2) as decider:
        got = _decide(decider, [f"doc {i}" for i in range(80)])
        started = decider.sup.engine.started  # type: ignore[attr-defined]
    assert sorted(got) == list(range(80)) and set(got.values()) == {None}
    assert started >= 40 // 2  # 40 chunks, 2 per worker


def test_a_death_is_blamed_on_its_own_document_among_many_workers():
    texts = [f"doc {i}" for i in range(120)]
    texts[77] = "kill"
    texts[10] = "slow"  # another worker busy when the death comes: its chunk is lost with it, not blamed
    faults = _faults()
    with _decider(Misbehaving(), workers=4, chunksize=2) as decider:
        got = _decide(decider, texts, faults)
    assert [i for i, r in got.items() if r is not None] == [77]
    assert dict(faults.docs.deaths) == {77: 2}
    assert faults.failures == 0


def test_workers_killed_while_idle_are_replaced():
    """Workers killed from outside between chunks (an OOM killer): the next chunks go to fresh ones."""
    with _decider(Misbehaving(), workers=2, chunksize=5, retries=5) as decider:
        assert set(_decide(decider, [f"doc {i}" for i in range(10)]).values()) == {None}
        engine = decider.sup.engine
        for w in engine._slots:  # type: ignore[attr-defined]
            os.kill(w.process.pid, signal.SIGKILL)
        time.sleep(0.3)
        got = _decide(decider, [f"doc {i}" for i in range(30)])
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
# serial: it sets the kernel's next pid, and a process forked meanwhile by a test running beside it
# takes that pid (it failed so with four pytest-xdist workers)
@pytest.mark.serial
@pytest.mark.parametrize("fault,reason", [("kill", "worker_died"), ("hang", "timeout")])
def test_workers_whose_pids_collide_modulo_4096_blame_the_right_document(monkeypatch, fault, reason):
    """Rows of the beat table are handed out by the parent, never derived from a pid: workers whose
    pids collide modulo 4096 still blame the right document within seconds."""
    texts = [f"doc {i}" for i in range(40)]
    texts[30] = fault
    faults = _faults()
    forks = _steer_pids(monkeypatch)
    t0 = time.monotonic()
    with _decider(Misbehaving(), chunksize=4, doc_timeout=2.0) as decider:
        got = _decide(decider, texts, faults)
    assert sum(forced for _pid, forced in forks) >= 1, f"no collision was forced: {forks}"
    assert time.monotonic() - t0 < 30
    assert [i for i, r in got.items() if r is not None] == [30] and got[30] == reason
