"""The lease on an output directory on object storage (corefprep.run.store_lease), against moto's
S3 server, which honours If-None-Match and If-Match as S3 does."""

from __future__ import annotations

import os
import time

import orjson
import pytest
from fixtures.s3 import S3Server

from corefprep.core.errors import LockedError
from corefprep.store import lease as sl
from corefprep.store.lease import LEASE_NAME, StoreLease, store_lease
from corefprep.store.lock import host_id


@pytest.fixture
def url(s3_server: S3Server, request: pytest.FixtureRequest) -> str:
    name = "l-" + request.node.name.lower().replace("_", "-")[:50].strip("-")
    return s3_server.bucket(name) + "/out"


def _plant(s3: S3Server, url: str, record: dict) -> None:
    """A lease another run left (written as that run would have)."""
    bucket, _, prefix = url.removeprefix("s3://").partition("/")
    s3.client().put_object(Bucket=bucket, Key=f"{prefix}/{LEASE_NAME}", Body=orjson.dumps(record))


def _dead_pid() -> int:
    """A pid no process has here (the highest ones are the last the kernel hands out)."""
    import psutil

    return next(p for p in range(2**22 - 1, 0, -1) if not psutil.pid_exists(p))


def test_a_second_run_is_refused_naming_the_holder_and_gets_it_once_released(url):
    with store_lease(url, break_lock=False, command="corefprep prepare"):
        with pytest.raises(LockedError) as e:
            StoreLease(url, None).acquire()
        assert f"pid {os.getpid()} on " in str(e.value) and url in str(e.value)
    second = StoreLease(url, None)
    second.acquire()  # released: free again
    assert second.read() is not None and second.read().record["token"] == second.record["token"]
    second.release()
    assert second.read() is None


def test_a_dead_run_on_this_host_is_taken_over_at_once(url, s3_server):
    _plant(s3_server, url, {"pid": _dead_pid(), "host": host_id(), "token": "dead", "refreshed": time.time()})
    with store_lease(url, break_lock=False, command=None) as lease:
        assert lease.read().record["token"] == lease.record["token"]


def test_another_hosts_lease_is_honoured_while_fresh_and_taken_over_once_watched_unrefreshed(url, s3_server,
                                                                                             monkeypatch):
    _plant(s3_server, url, {"pid": 1, "host": "elsewhere", "token": "far", "refreshed": time.time()})
    with pytest.raises(LockedError, match="pid 1 on elsewhere"):
        StoreLease(url, None).acquire()
    monkeypatch.setattr(sl, "LEASE_SECONDS", 0.6)  # watched this long without a renewal: expired
    _plant(s3_server, url, {"pid": 1, "host": "elsewhere", "token": "far", "refreshed": time.time() - 10})
    t0 = time.monotonic()
    with store_lease(url, break_lock=False, command=None) as lease:
        assert time.monotonic() - t0 >= 0.6
        assert lease.read().record["token"] == lease.record["token"]


def test_a_lease_renewed_meanwhile_by_its_holder_is_not_taken_over(url, s3_server, monkeypatch):
    monkeypatch.setattr(sl, "LEASE_SECONDS", 1.0)
    _plant(s3_server, url, {"pid": 1, "host": "elsewhere", "token": "far", "refreshed": time.time() - 10})
    lease = StoreLease(url, None)
    real_read = lease.read
    calls = []

    def read_after_a_renewal():
        calls.append(1)
        if len(calls) == 2:  # the holder comes back while we watch
            _plant(s3_server, url, {"pid": 1, "host": "elsewhere", "token": "far", "refreshed": time.time()})
        return real_read()

    monkeypatch.setattr(lease, "read", read_after_a_renewal)
    with pytest.raises(LockedError, match="pid 1 on elsewhere"):
        lease.acquire()


def test_break_lock_takes_any_lease(url, s3_server, capsys):
    _plant(s3_server, url, {"pid": 1, "host": "elsewhere", "token": "far", "refreshed": time.time()})
    with store_lease(url, break_lock=True, command=None) as lease:
        assert lease.read().record["token"] == lease.record["token"]
    assert "--break-lock: taking over the lease of pid 1 on elsewhere" in capsys.readouterr().err


def test_a_run_whose_lease_was_taken_over_learns_it_at_its_next_renewal(url, monkeypatch):
    monkeypatch.setattr(sl, "LEASE_SECONDS", 0.3)
    first = StoreLease(url, None)
    first.acquire()
    second = StoreLease(url, None)
    second.acquire(break_lock=True)
    deadline = time.monotonic() + 5
    while first.lost is None and time.monotonic() < deadline:
        time.sleep(0.05)
    assert first.lost is not None and "taken over by another run" in first.lost
    first.release()  # does not delete the lease it lost
    assert second.read().record["token"] == second.record["token"]
    second.release()


def test_a_store_without_conditional_writes_is_refused_unless_break_lock(url, s3_server, monkeypatch, capsys):
    """A store that ignores If-None-Match (simulated: the condition is dropped before it is sent)."""
    real_put = StoreLease._put
    monkeypatch.setattr(StoreLease, "_put", lambda self, **condition: real_put(self))
    with pytest.raises(LockedError, match="does not honour conditional writes.*--break-lock"):
        StoreLease(url, None).acquire()
    assert not [k for k in s3_server.keys(url.split("/")[2]) if k.endswith(LEASE_NAME)]  # taken back
    with store_lease(url, break_lock=True, command=None):
        pass
    assert "does not honour conditional writes (If-None-Match); --break-lock" in capsys.readouterr().err


def test_a_store_whose_conditional_writes_corefprep_does_not_know_is_refused(tmp_path):
    with pytest.raises(LockedError, match="no conditional write corefprep knows for this store"):
        StoreLease(f"file://{tmp_path}", None).acquire()


def test_a_lease_that_changes_hands_between_two_requests_names_its_new_holder(url, s3_server, monkeypatch):
    """Refused, then the lease reads as free, then refused again: the run asks again who holds it
    (never goes on as if it held a lease it does not)."""
    _plant(s3_server, url, {"pid": 1, "host": "elsewhere", "token": "far", "refreshed": time.time()})
    lease = StoreLease(url, None)
    real_read, reads = lease.read, []

    def read_free_once():
        reads.append(1)
        return None if len(reads) == 1 else real_read()

    monkeypatch.setattr(lease, "read", read_free_once)
    with pytest.raises(LockedError, match="pid 1 on elsewhere"):
        lease.acquire()
    assert lease.etag is None and lease._renewer is None
