"""The Ray engine on a cluster whose nodes share nothing but the store (issue 38).

Three nodes (``ray.cluster_utils.Cluster``, one CPU each, on loopback), each with its own Ray
temporary directory and its own scratch directory; inputs and output on ``s3://`` served by moto's
S3 server on loopback; the driver (this process, joining with ``--ray-address`` as on a real
cluster) stages the output in a directory no process of any node may touch. The nodes all run on
this one machine, as root, so file permissions deny nothing: an audit hook in every Python process
of each node (fixtures/deny_hook) refuses the driver's directories and the other nodes' scratch,
and logs every attempt. A node is removed while it runs a batch. The run must complete, without
waiting for an actor the nodes left cannot place, with the local engine's batch files and dataset,
byte for byte, and without a single attempt on a denied path.
Its own module: one Ray session per process at a time."""

from __future__ import annotations

import signal
import time
from pathlib import Path

import orjson
import pytest
from fixtures import minicorpus as mc
from fixtures.s3 import S3Server
from fixtures.shared_nothing import RemoveNodeWhen, SharedNothing

from corefprep.parallel.ray import ACTOR_START_SECONDS

ray = pytest.importorskip("ray", reason="the ray extra is not installed")
pytestmark = pytest.mark.slow

@pytest.fixture(scope="module")
def driver(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The driver's own directory (its stage): denied to every node."""
    return tmp_path_factory.mktemp("driver")


@pytest.fixture(scope="module")
def local(tmp_path_factory) -> Path:
    """The local engine's run of the mini corpus: the bytes to match. Made before the cluster starts,
    so that its forked workers never inherit the head node's signal handlers."""
    return mc.mini_prepared(tmp_path_factory)


@pytest.fixture(scope="module")
def cluster(tmp_path_factory, s3_server: S3Server, driver: Path, local: Path):
    """Started after the S3 server: the nodes' processes inherit the AWS settings pointing at it."""
    if ray.is_initialized():
        ray.shutdown()
    sigterm = signal.getsignal(signal.SIGTERM)
    corpus_dir = mc.mini_corpus(tmp_path_factory).parent  # the actors read the store's copy, never this one
    sn = SharedNothing(tmp_path_factory.mktemp("nodes"), deny=[driver, corpus_dir]).start()
    yield sn
    if ray.is_initialized():
        ray.shutdown()
    sn.shutdown()
    signal.signal(signal.SIGTERM, sigterm)  # the head node's handler must not outlive it (see test_ray_cluster)


@pytest.fixture(scope="module")
def probed(cluster: SharedNothing, driver: Path) -> tuple[dict[str, dict], list[dict]]:
    """What a Ray task on each node met trying the driver's directory, and the attempts logged; the
    log is then emptied for the run."""
    (driver / "probe").write_bytes(b"the driver's")  # there to be read, were it not denied
    answers, logged = cluster.probe(), cluster.attempts()
    cluster.forget()
    return answers, logged


def test_every_node_refuses_the_drivers_directory(cluster: SharedNothing, probed) -> None:
    """The mechanism the next test relies on: a Ray task on each node is refused an open, a listing
    and a stat of the driver's directory, each attempt is logged, and each node has its own
    temporary directory."""
    answers, logged = probed
    assert set(answers) == {n.node_id for n in cluster.nodes}
    for node in cluster.nodes:
        assert answers[node.node_id]["refused"] == ["open", "listdir", "stat"]
        assert answers[node.node_id]["tmp"] == str(node.scratch)
    assert {(a["pid"], "open") for a in answers.values()} <= {(r["pid"], r["event"]) for r in logged}
    assert {a["pid"] for a in answers.values()} <= cluster.armed()


def test_a_run_that_loses_a_node_gives_the_local_engines_bytes_and_never_touches_the_driver(
        tmp_path: Path, tmp_path_factory, local: Path, cluster: SharedNothing, probed, s3_server: S3Server,
        driver: Path, capsys) -> None:
    mini = mc.mini_corpus(tmp_path_factory)
    url = s3_server.upload(mini, s3_server.bucket("nothing-shared") + "/in")
    stage = driver / "stage"
    batches = stage / "work" / "filter"
    capsys.readouterr()
    t0 = time.monotonic()
    with RemoveNodeWhen(cluster, lambda: any(batches.glob("batch_*.json"))) as removal:
        rc = mc.run_cli(["prepare", f"{url}/{mini.name}", "-o", "s3://nothing-shared/out", "--stage-dir", str(stage),
                         "--engine", "ray", "--ray-address", cluster.address, "--batch-docs", "4",
                         "--seq-len", mc.MINI_SEQ, "--no-progress"])
    seconds = time.monotonic() - t0
    err = capsys.readouterr().err
    assert rc == 0, err
    assert removal.error is None and removal.node is not None and removal.busy, "no node was removed mid-batch"
    assert "a worker died (a Ray actor" in err  # its batch was lost with it, and done again elsewhere
    # the step shrank to the nodes left at once, instead of waiting for an actor no node can place
    assert "could not start an actor" not in err and seconds < ACTOR_START_SECONDS, err
    assert not ray.is_initialized()  # the command disconnected; what is left of the cluster is up
    assert cluster.attempts() == []  # no node tried the driver's directories or another node's scratch
    out = s3_server.download("s3://nothing-shared/out", tmp_path / "stored")
    assert mc.batch_parquets(out) == mc.batch_parquets(local) and len(mc.batch_parquets(local)) > 4
    assert mc.dataset_hash(out / mc.MINI_NAME) == mc.dataset_hash(local / mc.MINI_NAME)
    stats = [orjson.loads(p.read_bytes()) for p in sorted((out / "work" / "filter").glob("batch_*.json"))]
    assert {s["actor_pid"] for s in stats} <= cluster.armed()  # every batch's actor carried the hook
    assert len({s["ray_node"] for s in stats}) >= 2
