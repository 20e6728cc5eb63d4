"""Whole CLI runs whose output is on a store behind a loopback proxy that partitions it away
(every connection reset): a partition shorter than the fence is ridden out and the run gives the
dataset a local run gives; a longer one ends the run in one line, never an internal error, and a
rerun after it heals resumes to the same dataset."""

from __future__ import annotations

import time
from pathlib import Path

import pytest
from fixtures import minicorpus as mc
from fixtures.cli import popen_cli, run_cli
from fixtures.s3 import FaultyProxy, S3Server

from corefprep.store.terms import Terms

pytestmark = pytest.mark.slow  # CLI processes

SEQ = "512"
NAME = f"entity_coref_v2_{SEQ}"
LEASE = Terms(18.0)  # writes stop 12 s after the last renewal: room for a loaded machine and a GIL held by Kiwi
ARGS = ["--batch-docs", "4", "--seq-len", SEQ, "--workers", "2", "--no-progress", "--upload-every", "0.2",
        "--lease-seconds", str(LEASE.seconds)]


@pytest.fixture(scope="module")
def mini(tmp_path_factory):
    return mc.mini_corpus(tmp_path_factory)


@pytest.fixture(scope="module")
def mini_local(tmp_path_factory):
    return mc.mini_prepared(tmp_path_factory)


@pytest.fixture
def proxy(s3_server: S3Server):
    p = FaultyProxy(s3_server.endpoint, rate=0.0)
    yield p
    p.heal()
    p.close()


def _start(s3_server: S3Server, proxy: FaultyProxy, bucket: str, mini: Path, stage: Path):
    s3_server.bucket(bucket)
    run = popen_cli(["prepare", mini, "-o", f"s3://{bucket}/out", "--stage-dir", stage, *ARGS],
                    AWS_ENDPOINT_URL=proxy.endpoint)
    deadline = time.monotonic() + 120
    while not [k for k in s3_server.keys(bucket) if "work/filter/batch_" in k]:  # working, uploading
        assert run.poll() is None and time.monotonic() < deadline, run.communicate()
        time.sleep(0.05)
    return run


def test_a_partition_shorter_than_the_fence_is_ridden_out(s3_server, proxy, mini, mini_local, tmp_path):
    run = _start(s3_server, proxy, "short-cut", mini, tmp_path / "stage")
    proxy.cut("reset")
    time.sleep(LEASE.writes_for / 3)
    assert run.poll() is None  # still at work when the store comes back
    proxy.heal()
    _, err = run.communicate(timeout=300)
    assert run.returncode == 0, err
    assert "Traceback" not in err and "internal error" not in err
    stored = s3_server.download("s3://short-cut/out", tmp_path / "stored")
    assert mc.dataset_hash(stored / NAME) == mc.dataset_hash(mini_local / NAME)


def test_a_longer_partition_ends_the_run_in_one_line_and_a_rerun_resumes(s3_server, proxy, mini, mini_local,
                                                                          tmp_path):
    """Finding 11: it ended in ``internal error: ConnectionClosedError``, a traceback above it."""
    run = _start(s3_server, proxy, "long-cut", mini, tmp_path / "stage")
    proxy.cut("reset")
    _, err = run.communicate(timeout=300)
    proxy.heal()
    assert run.returncode == 1, err
    lines = [ln for ln in err.splitlines() if ln.startswith("corefprep:")]
    assert len(lines) == 1 and lines[0].startswith("corefprep: error: "), err
    assert "s3://long-cut/out" in lines[0] and "Traceback" not in err and "internal error" not in err
    r = run_cli(["prepare", mini, "-o", "s3://long-cut/out", "--stage-dir", tmp_path / "stage", *ARGS])
    assert r.returncode == 0, r.stderr
    stored = s3_server.download("s3://long-cut/out", tmp_path / "stored")
    assert mc.dataset_hash(stored / NAME) == mc.dataset_hash(mini_local / NAME)
