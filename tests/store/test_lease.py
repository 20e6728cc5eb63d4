"""The lease on an output directory on object storage (corefprep.store.lease), against moto's S3
server, which honours If-None-Match and If-Match as S3 does. Short leases (``Terms(3)``: renewed
every 0.375 s, writes stop 2 s after the last renewal, taken over after 4 s unchanged) keep the
waits short; a second holder in this process gets a fence of its own."""

from __future__ import annotations

import os
import time
from collections.abc import Iterator
from contextlib import contextmanager

import orjson
import pytest
from fixtures.background import Repeating
from fixtures.s3 import FaultyProxy, S3Server

from corefprep.core.errors import LockedError
from corefprep.core.fence import LEASE, Fence, LeaseLost
from corefprep.store import lease as sl
from corefprep.store.lease import LEASE_NAME, StoreLease
from corefprep.store.lock import host_id
from corefprep.store.terms import Terms

SHORT = Terms(3.0)


@pytest.fixture
def url(s3_server: S3Server, request: pytest.FixtureRequest) -> str:
    name = "l-" + request.node.name.lower().replace("_", "-")[:50].strip("-")
    return s3_server.bucket(name) + "/out"


@contextmanager
def held(url: str, terms: Terms = SHORT, **kw) -> Iterator[StoreLease]:
    lease = StoreLease(url, None, terms, fence=Fence())
    lease.acquire(**kw)
    try:
        yield lease
    finally:
        lease.release()


def _plant(s3: S3Server, url: str, record: dict) -> str:
    """A lease another run wrote (as that run would have); its ETag."""
    bucket, _, prefix = url.removeprefix("s3://").partition("/")
    out = s3.client().put_object(Bucket=bucket, Key=f"{prefix}/{LEASE_NAME}", Body=orjson.dumps(record))
    return out["ETag"]


def _stored(s3: S3Server, url: str) -> dict | None:
    bucket, _, prefix = url.removeprefix("s3://").partition("/")
    try:
        return orjson.loads(s3.client().get_object(Bucket=bucket, Key=f"{prefix}/{LEASE_NAME}")["Body"].read())
    except s3.client().exceptions.NoSuchKey:
        return None


def _dead_pid() -> int:
    """A pid no process has here (the highest ones are the last the kernel hands out)."""
    import psutil

    return next(p for p in range(2**22 - 1, 0, -1) if not psutil.pid_exists(p))


class Renewer(Repeating):
    """Another host's live run, as the store sees it: its lease object rewritten every 0.3 s, with a
    ``refreshed`` time read off a clock ``skew`` seconds off this one's."""

    every = 0.3

    def __init__(self, s3: S3Server, url: str, *, skew: float = 0.0):
        super().__init__()
        self.s3, self.url, self.skew = s3, url, skew
        self.tick()

    def tick(self) -> None:
        _plant(self.s3, self.url, {"pid": 1, "host": "elsewhere", "token": "far", "refreshed": time.time() + self.skew,
                                   "lease_seconds": SHORT.seconds})


def test_a_second_run_is_refused_naming_the_holder_and_gets_it_once_released(url):
    with held(url):
        with pytest.raises(LockedError) as e:
            StoreLease(url, None, SHORT, fence=Fence()).acquire()
        assert f"pid {os.getpid()} on " in str(e.value) and url in str(e.value)
    with held(url) as second:  # released: free again
        assert second.read().record["token"] == second.record["token"]
    assert second.read() is None


def test_a_dead_run_on_this_host_is_taken_over_at_once(url, s3_server):
    _plant(s3_server, url, {"pid": _dead_pid(), "host": host_id(), "token": "dead", "refreshed": time.time()})
    t0 = time.monotonic()
    with held(url) as lease:
        assert lease.read().record["token"] == lease.record["token"]
    assert time.monotonic() - t0 < SHORT.takeover_after


@pytest.mark.parametrize("skew", [600.0, -600.0])
def test_another_hosts_dead_lease_is_taken_over_after_watching_it_whatever_its_clock_says(url, s3_server, skew,
                                                                                          capsys):
    """Finding 4: the holder's clock is ten minutes ahead of (or behind) this one. Its lease, left
    unrenewed, is taken over once watched unchanged for the takeover wait on this host's clock:
    never sooner (a clock behind does not make it look abandoned), never refused for ever (a clock
    ahead does not make it look fresh)."""
    _plant(s3_server, url, {"pid": 1, "host": "elsewhere", "token": "far", "refreshed": time.time() + skew,
                            "lease_seconds": SHORT.seconds})
    t0 = time.monotonic()
    with held(url) as lease:
        assert lease.read().record["token"] == lease.record["token"]
    assert SHORT.takeover_after <= time.monotonic() - t0 < SHORT.takeover_after + 5
    assert "watching its lease" in capsys.readouterr().err


@pytest.mark.parametrize("skew", [600.0, -600.0])
def test_another_hosts_live_lease_is_refused_as_soon_as_a_renewal_is_seen(url, s3_server, skew):
    with Renewer(s3_server, url, skew=skew):
        t0 = time.monotonic()
        with pytest.raises(LockedError, match="pid 1 on elsewhere"):
            StoreLease(url, None, SHORT, fence=Fence()).acquire()
        assert time.monotonic() - t0 < SHORT.takeover_after


def test_a_lease_deleted_during_a_takeover_is_created_never_overwritten(url, s3_server, monkeypatch):
    """Finding 3: while this run watches a dead lease, it is deleted and another run creates its own
    and renews it. This run must not write over it (an empty If-Match, which the server takes for no
    condition, did): it is refused, and the other run keeps its lease."""
    _plant(s3_server, url, {"pid": 1, "host": "elsewhere", "token": "dead", "refreshed": time.time() - 600,
                            "lease_seconds": SHORT.seconds})
    other = StoreLease(url, None, SHORT, fence=Fence())
    other.record["host"] = "third-host"  # so that this run cannot prove it dead
    taker = StoreLease(url, None, SHORT, fence=Fence())
    real_read, reads = taker.read, []

    def read_while_it_changes_hands():
        reads.append(1)
        if len(reads) == 2:  # during the watch: the dead lease goes, the other run takes a new one
            bucket, _, prefix = url.removeprefix("s3://").partition("/")
            s3_server.client().delete_object(Bucket=bucket, Key=f"{prefix}/{LEASE_NAME}")
            other.acquire()
            return None  # (read between the two)
        return real_read()

    monkeypatch.setattr(taker, "read", read_while_it_changes_hands)
    try:
        with pytest.raises(LockedError, match="in use by another corefprep run"):
            taker.acquire()
        assert _stored(s3_server, url)["token"] == other.record["token"]
        time.sleep(2 * SHORT.renew_every)
        assert other.lost is None and other.fence.lost() is None  # its renewals still go through
    finally:
        other.release()


def test_break_lock_takes_any_lease(url, s3_server, capsys):
    _plant(s3_server, url, {"pid": 1, "host": "elsewhere", "token": "far", "refreshed": time.time()})
    with held(url, break_lock=True) as lease:
        assert lease.read().record["token"] == lease.record["token"]
    assert "--break-lock: taking over the lease of pid 1 on elsewhere" in capsys.readouterr().err


def test_a_run_whose_lease_was_taken_over_stops_writing_at_its_next_renewal(url):
    first = StoreLease(url, None, SHORT, fence=Fence())
    first.acquire()
    with held(url, break_lock=True) as second:
        deadline = time.monotonic() + 5
        while first.fence.lost() is None and time.monotonic() < deadline:
            time.sleep(0.02)
        assert "taken over by another run" in (first.fence.lost() or "")
        with pytest.raises(LeaseLost):
            first.fence.check()
        first.release()  # its conditional delete does not delete the lease it lost
        assert second.read().record["token"] == second.record["token"]


def test_a_partitioned_holder_stops_writing_before_another_host_takes_over(url, s3_server):
    """Finding 2: the holder's renewals fail (its connections reset). By its own monotonic clock it
    stops writing two thirds of the lease after the last renewal that got through; another host,
    watching the lease unchanged for four thirds of it, takes it over only after that; and once the
    partition heals the holder still writes nothing."""
    proxy = FaultyProxy(s3_server.endpoint, rate=0.0)
    from corefprep.store.urls import use_storage_options

    use_storage_options({"endpoint_url": proxy.endpoint})
    try:
        holder = StoreLease(url, None, SHORT, fence=Fence())
        holder.record["host"] = "partitioned-host"  # the taker below cannot prove it dead
        holder.acquire()
    finally:
        use_storage_options({})
    try:
        time.sleep(2 * SHORT.renew_every)
        proxy.cut("reset")
        cut = time.monotonic()
        with held(url) as taker:
            took = time.monotonic()
            fell = holder.fence.lost()
            assert fell is not None and "could not be renewed in time" in fell
            assert holder.fence.until() <= cut + SHORT.writes_for
            assert took - cut >= SHORT.takeover_after - SHORT.renew_every
            proxy.heal()
            time.sleep(2 * SHORT.renew_every)
            with pytest.raises(LeaseLost):
                holder.fence.check()
            assert taker.read().record["token"] == taker.record["token"]
    finally:
        proxy.heal()
        holder.release()
        proxy.close()


def test_a_partition_shorter_than_the_fence_is_ridden_out(url, s3_server, capsys):
    """Finding 11: renewals that fail with a reset connection (botocore's ConnectionClosedError,
    not an OSError) are retried, said once, and the run goes on; no exception leaves the thread."""
    proxy = FaultyProxy(s3_server.endpoint, rate=0.0)
    from corefprep.store.urls import use_storage_options

    use_storage_options({"endpoint_url": proxy.endpoint})
    terms = Terms(6.0)  # writes stop 4 s after the last renewal: a cut of 2.5 s fits with room for retries
    try:
        with held(url, terms) as lease:
            time.sleep(terms.renew_every)
            proxy.cut("reset")
            time.sleep(2.5)
            proxy.heal()
            time.sleep(3 * terms.renew_every)
            assert lease.fence.lost() is None and lease.lost is None
            assert lease._renewer is not None and lease._renewer.is_alive()
    finally:
        use_storage_options({})
        proxy.heal()
        proxy.close()
    err = capsys.readouterr().err
    assert "renewing the lease of" in err and "works again" in err and "Traceback" not in err


def test_a_store_without_conditional_writes_is_refused_unless_break_lock(url, s3_server, monkeypatch, capsys):
    """A store that ignores If-None-Match (simulated: the condition is dropped before it is sent)."""
    real_put = sl.put_object
    monkeypatch.setattr(sl, "put_object", lambda fs, bucket, key, body, **condition: real_put(fs, bucket, key, body))
    with pytest.raises(LockedError, match="does not honour conditional writes.*--break-lock"):
        StoreLease(url, None, SHORT, fence=Fence()).acquire()
    assert not [k for k in s3_server.keys(url.split("/")[2]) if k.endswith(LEASE_NAME)]  # taken back
    with held(url, break_lock=True):
        pass
    assert "does not honour conditional writes (If-None-Match); --break-lock" in capsys.readouterr().err


def test_a_store_that_ignores_conditional_deletes_is_noted_and_the_lease_kept(url, s3_server, monkeypatch):
    real_delete = sl.delete_object
    monkeypatch.setattr(sl, "delete_object", lambda fs, bucket, key, etag: real_delete(fs, bucket, key, None))
    with held(url) as lease:
        assert not lease.conditional_deletes
        assert lease.read().record["token"] == lease.record["token"]  # taken again after the test delete


def test_a_store_whose_conditional_writes_corefprep_does_not_know_is_refused(tmp_path):
    with pytest.raises(LockedError, match="no conditional write corefprep knows for this store"):
        StoreLease(f"file://{tmp_path}", None).acquire()


def test_a_lease_never_held_releases_no_fence(url):
    fence = Fence()
    fence.hold(LEASE, time.monotonic() + 60)
    with held(url):
        refused = StoreLease(url, None, SHORT, fence=fence)
        with pytest.raises(LockedError):
            refused.acquire()
        refused.release()
    assert fence.until() < float("inf")  # the refused lease left the slot as it found it
