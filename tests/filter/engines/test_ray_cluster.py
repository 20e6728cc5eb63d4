"""The Ray engine on a two-node cluster (two raylets on loopback, one CPU each): the command joins
it with ``--ray-address`` as on a real cluster, batches run on both nodes, and the result is the
local engine's, byte for byte. Its own module: one Ray session per process at a time."""

from __future__ import annotations

import signal

import orjson
import pytest
from fixtures import minicorpus as mc

ray = pytest.importorskip("ray", reason="the ray extra is not installed")
pytestmark = pytest.mark.slow

@pytest.fixture(scope="module")
def cluster():
    from ray.cluster_utils import Cluster

    if ray.is_initialized():
        ray.shutdown()
    sigterm = signal.getsignal(signal.SIGTERM)
    c = Cluster(initialize_head=True, head_node_args={"num_cpus": 1, "include_dashboard": False,
                                                      "object_store_memory": 100 * 1024 * 1024})
    c.add_node(num_cpus=1, object_store_memory=100 * 1024 * 1024)
    c.wait_for_nodes()
    yield c
    if ray.is_initialized():
        ray.shutdown()
    c.shutdown()
    signal.signal(signal.SIGTERM, sigterm)  # the head node's handler must not outlive it (see test_engine_ray)


@pytest.mark.soak  # (one node's equality, the same code on each actor, is make test's: test_ray.py)
def test_two_nodes_give_the_local_engines_batches_and_dataset(tmp_path, tmp_path_factory, cluster):
    corpus = mc.mini_corpus(tmp_path_factory)
    local, on_ray = tmp_path / "local", tmp_path / "ray"
    common = ["--batch-docs", "4", "--seq-len", mc.MINI_SEQ, "--no-progress"]
    assert mc.run_cli(["prepare", str(corpus), "-o", str(local), "--workers", "2", *common]) == 0
    assert mc.run_cli(["prepare", str(corpus), "-o", str(on_ray), "--engine", "ray", "--ray-address",
                       cluster.address, *common]) == 0
    assert not ray.is_initialized()  # the command disconnected; the cluster is still up
    assert mc.batch_parquets(on_ray) == mc.batch_parquets(local)
    assert mc.dataset_hash(on_ray / mc.MINI_NAME) == mc.dataset_hash(local / mc.MINI_NAME)
    # both nodes computed batches (on loopback they share a host name, so by Ray node id)
    nodes = {orjson.loads(p.read_bytes())["ray_node"] for p in (on_ray / "work" / "filter").glob("batch_*.json")}
    assert len(nodes) == 2


def test_an_unreachable_cluster_is_one_sentence(tmp_path, tmp_path_factory, capsys):
    corpus = mc.mini_corpus(tmp_path_factory)
    capsys.readouterr()
    rc = mc.run_cli(["filter", str(corpus), "-o", str(tmp_path / "out"), "--engine", "ray", "--ray-address",
                     "127.0.0.1:1", "--no-progress"])
    err = capsys.readouterr().err
    assert rc == 1 and "Traceback" not in err
    (line,) = [ln for ln in err.splitlines() if ln.startswith("corefprep:")]
    assert "cannot join the Ray cluster at '127.0.0.1:1'" in line
