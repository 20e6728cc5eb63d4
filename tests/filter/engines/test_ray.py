"""The Ray engine (issue 9): the same batches on Ray actors give the local engine's bytes.

One Ray instance on this machine (``num_cpus=2``) serves the in-process runs of this module; the
run that kills its own driver starts its own instance, as a user's command does. Compared with
the local engine: every filter batch file byte for byte and the final dataset's content hash, on
the dev corpus (both objectives) and on the mini corpus (faults, ``--batches``, resumes across
engines). The two-node cluster lives in test_ray_cluster.py (one Ray session at a time).
"""

from __future__ import annotations

import os
import shutil
import signal
import subprocess
import sys
from pathlib import Path

import orjson
import pyarrow.parquet as pq
import pytest
from fixtures import minicorpus as mc
from fixtures import piicorpus
from fixtures.cli import run_cli, run_killed_when
from fixtures.faults import install as install_faults
from fixtures.shared import DEV_CORPUS, needs_shared

pytestmark = pytest.mark.slow  # Ray, and runs of the dev corpus

try:
    import ray
except ImportError:  # the no-ray test still runs
    ray = None
needs_ray = pytest.mark.skipif(ray is None, reason="the ray extra is not installed")

SEQ = "512"
NAME = f"entity_coref_v2_{SEQ}"


def _run(*args: str) -> int:
    return mc.run_cli([*args, "--no-progress"])


def _tree(out: Path) -> dict[str, tuple[int, int]]:
    d = out / "work" / "filter"
    return {p.name: (p.stat().st_ino, p.stat().st_mtime_ns) for p in sorted(d.iterdir()) if p.is_file()}


@pytest.fixture(scope="module")
def ray_session(s3_server):
    """Ray for the module; started after the S3 test server, so that its actors inherit the AWS
    settings that point at it (as a node's processes get its environment)."""
    if ray is None:
        pytest.skip("the ray extra is not installed")
    sigterm = signal.getsignal(signal.SIGTERM)
    ray.init(address="local", num_cpus=2, include_dashboard=False, object_store_memory=200 * 1024 * 1024,
             log_to_driver=False, logging_level="ERROR")
    yield
    ray.shutdown()
    # Ray's node leaves its SIGTERM handler (drain over gRPC) in this process; later tests' Pools
    # SIGTERM their workers, which must not run it
    signal.signal(signal.SIGTERM, sigterm)


@pytest.fixture(scope="module")
def mini(tmp_path_factory):
    return mc.mini_corpus(tmp_path_factory)


@pytest.fixture(scope="module")
def mini_local(tmp_path_factory, mini):
    return mc.mini_prepared(tmp_path_factory)  # batches of 4 documents, --seq-len SEQ


@pytest.fixture(scope="module")
def mini_ray(tmp_path_factory, mini, ray_session):
    out = tmp_path_factory.mktemp("mini_ray")
    assert _run("prepare", str(mini), "-o", str(out), "--engine", "ray", "--batch-docs", "4", "--seq-len", SEQ) == 0
    return out


def test_ray_batches_and_dataset_equal_the_local_engine_on_the_mini_corpus(mini_local, mini_ray):
    assert mc.batch_parquets(mini_ray) == mc.batch_parquets(mini_local)
    assert len(mc.batch_parquets(mini_ray)) > 4
    assert mc.dataset_hash(mini_ray / NAME) == mc.dataset_hash(mini_local / NAME)
    stats = orjson.loads((mini_ray / "work" / "filter" / "batch_00000.json").read_bytes())
    assert stats["engine"] == "ray" and stats["workers"] == 1
    # the beat files are gone once their batches are done
    assert not list((mini_ray / "work" / "filter").glob(".*"))


@needs_shared
# make soak: the mini corpus's equality (above) is make test's; the dev corpus adds real documents' faults
@pytest.mark.parametrize("objective", [pytest.param("entity-mlm", marks=pytest.mark.soak),
                                       pytest.param("clm", marks=pytest.mark.soak)])
def test_ray_equals_local_on_the_dev_corpus(tmp_path, ray_session, s3_server, objective):
    """Real Korean through both rule sets, the v2 one on Ray from and to s3://: the same batch files
    byte for byte. (What follows the filter runs in the driver either way; the final datasets are
    compared on the mini corpus, from and to s3:// too, and for clm with dedup in
    tests/dedup/test_stage.py.)
    The llm rules analyse every document, so that
    comparison takes two of the six batches: batch 0 (the Finnish sample, HPLT, legal and web pages) and
    batch 4 (web and wiki pages)."""
    extra = ["--batch-docs", "500"]
    if objective == "clm":
        extra += ["--rules", "llm", "--objective", "clm", "--seq-len", "128", "--batches", "0,4"]
    local = tmp_path / "local"
    assert _run("filter", str(DEV_CORPUS), "-o", str(local), "--workers", "2", *extra) == 0
    if objective == "entity-mlm":  # on Ray from s3:// to s3://: what the store holds is compared
        s3_server.bucket("dev-ray")
        url = s3_server.upload(DEV_CORPUS, "s3://dev-ray/in")
        assert _run("filter", url, "-o", "s3://dev-ray/out", "--stage-dir", str(tmp_path / "stage"), "--engine", "ray",
                    *extra) == 0
        on_ray = s3_server.download("s3://dev-ray/out", tmp_path / "ray")
    else:  # (the llm rules on Ray from and to s3://: the v2 ones here, and the mini corpus's whole run below)
        on_ray = tmp_path / "ray"
        assert _run("filter", str(DEV_CORPUS), "-o", str(on_ray), "--engine", "ray", *extra) == 0
    batches = mc.batch_parquets(local)
    assert mc.batch_parquets(on_ray) == batches and len(batches) == (2 if objective == "clm" else 6)
    for name in sorted(p.name for p in (local / "work" / "filter").glob("values_*.parquet")):  # every verdict
        assert pq.read_table(on_ray / "work" / "filter" / name).column("verdict").to_pylist() == \
            pq.read_table(local / "work" / "filter" / name).column("verdict").to_pylist()


@pytest.mark.parametrize("pii", ["redact", "tag"])
def test_ray_equals_local_on_the_pii_corpus(tmp_path, ray_session, pii):
    """Personal data found in Ray's actors is found, redacted or tagged as in the local workers:
    the same batch files byte for byte, and the same counts per kind in the batches' stats."""
    corpus = piicorpus.build(tmp_path / "corpus")
    args = ["filter", str(corpus.path), "--batch-docs", "7", *piicorpus.LLM_SPACE, "--pii", pii]
    local, on_ray = tmp_path / "local", tmp_path / "ray"
    assert _run(*args, "-o", str(local), "--workers", "2") == 0
    assert _run(*args, "-o", str(on_ray), "--engine", "ray") == 0
    assert mc.batch_parquets(on_ray) == mc.batch_parquets(local) and len(mc.batch_parquets(local)) > 2

    def per_kind(out: Path) -> list[tuple[dict[str, int], int]]:
        found = [orjson.loads(p.read_bytes()) for p in sorted((out / "work" / "filter").glob("batch_*.json"))]
        return [(s["pii"], s["pii_docs"]) for s in found]

    assert per_kind(on_ray) == per_kind(local)
    assert sum(docs for _, docs in per_kind(local)) == len(corpus.values) > 0
    assert orjson.loads((on_ray / "work" / "filter" / "batch_00000.json").read_bytes())["engine"] == "ray"


def test_a_threshold_change_re_decided_on_ray_equals_the_local_engines(tmp_path, mini, mini_ray, mini_local):
    """Re-deciding batches from their recorded values gives the same bytes on either engine; a run
    filtered locally may be re-decided on Ray."""
    change = ["--max-chars", "3500", "--max-nnp-share", "0.3", "--batch-docs", "4", "--seq-len", SEQ]
    local, on_ray = tmp_path / "local", tmp_path / "ray"
    shutil.copytree(mini_local, local)
    shutil.copytree(mini_local, on_ray)
    assert _run("prepare", str(mini), "-o", str(local), "--workers", "2", *change) == 0
    assert _run("prepare", str(mini), "-o", str(on_ray), "--engine", "ray", *change) == 0
    assert mc.batch_parquets(on_ray) == mc.batch_parquets(local)
    for name in sorted(p.name for p in (local / "work" / "filter").glob("values_*.parquet")):
        assert pq.read_table(on_ray / "work" / "filter" / name).column("verdict").to_pylist() == \
            pq.read_table(local / "work" / "filter" / name).column("verdict").to_pylist()
    stats = [orjson.loads(p.read_bytes()) for p in sorted((on_ray / "work" / "filter").glob("batch_*.json"))]
    assert all(s["engine"] == "ray" and s["redecided_from"] for s in stats)
    assert mc.dataset_hash(on_ray / NAME) == mc.dataset_hash(local / NAME)


def test_batches_under_ray_rewrite_only_those_batches(tmp_path, mini, mini_ray, mini_local):
    out = tmp_path / "out"
    shutil.copytree(mini_ray, out)
    before = _tree(out)
    assert _run("filter", str(mini), "-o", str(out), "--engine", "ray", "--batches", "1-2", "--batch-docs", "4") == 0
    after = _tree(out)
    changed = {n for n in before if before[n] != after.get(n)}
    assert changed == {f"{name}_{k:05d}.{ext}" for k in (1, 2)
                       for name, ext in (("batch", "parquet"), ("batch", "json"), ("values", "parquet"),
                                         ("rejected", "parquet"))}
    assert mc.batch_parquets(out) == mc.batch_parquets(mini_local)


@pytest.mark.parametrize("first,then", [("ray", "local"), ("local", "ray")])
def test_a_run_resumes_under_the_other_engine(tmp_path, mini, mini_local, ray_session, first, then):
    out = tmp_path / "out"
    assert _run("filter", str(mini), "-o", str(out), "--engine", first, "--batches", "0-2", "--batch-docs", "4",
                "--workers", "2") == 0
    done = _tree(out)
    assert _run("prepare", str(mini), "-o", str(out), "--engine", then, "--batch-docs", "4", "--workers", "2",
                "--seq-len", SEQ) == 0
    assert all(_tree(out)[f"batch_{k:05d}.parquet"] == done[f"batch_{k:05d}.parquet"] for k in range(3))
    stats = orjson.loads((out / "work" / "filter" / "batch_00003.json").read_bytes())
    assert stats["engine"] == then
    assert mc.dataset_hash(out / NAME) == mc.dataset_hash(mini_local / NAME)


def _kept_doc(out: Path, nth: int = 0) -> tuple[int, int]:
    """(doc_index, batch) of a kept document: it certainly reaches the rules' Kiwi stage."""
    idx = pq.read_table(out / "work" / "filter" / "batch_00001.parquet", columns=["doc_index"])
    return idx.column("doc_index").to_pylist()[nth], 1


def test_a_ray_worker_killed_mid_batch_is_retried_and_the_result_is_clean(tmp_path, mini, mini_local, ray_session,
                                                                           monkeypatch, capsys):
    doc, _ = _kept_doc(mini_local)
    marker = tmp_path / "killed-once"
    install_faults(f"kill-once@{doc}:{marker}", monkeypatch)
    out = tmp_path / "out"
    capsys.readouterr()
    assert _run("prepare", str(mini), "-o", str(out), "--engine", "ray", "--batch-docs", "4", "--seq-len", SEQ) == 0
    err = capsys.readouterr().err
    assert marker.exists() and "handed out again" in err and "quarantined" not in err
    assert mc.batch_parquets(out) == mc.batch_parquets(mini_local)
    assert mc.dataset_hash(out / NAME) == mc.dataset_hash(mini_local / NAME)


# (a document that hangs every actor: tests/parallel/test_fault_matrix_ray.py, cell filter-hang-default)
@pytest.mark.parametrize("fault,reason", [("kill", "worker_died")])
def test_a_document_that_kills_every_actor_is_quarantined(tmp_path, mini, mini_local, ray_session,
                                                          monkeypatch, capsys, fault, reason):
    doc, k = _kept_doc(mini_local)
    install_faults(f"{fault}@{doc}", monkeypatch)
    out = tmp_path / "out"
    # (no short --doc-timeout: on a loaded machine a healthy document ran past 3 s and was quarantined too)
    assert _run("filter", str(mini), "-o", str(out), "--engine", "ray", "--batch-docs", "4") == 0
    entries = [orjson.loads(ln) for ln in (out / "work" / "quarantine.jsonl").read_bytes().splitlines()]
    assert [(e["doc_index"], e["reason"], e["line"]) for e in entries] == [(doc, reason, doc + 1)]
    capsys.readouterr()
    assert mc.run_cli(["status", str(out), "--json"]) == 0
    st = orjson.loads(capsys.readouterr().out)
    assert st["totals"]["rejected"][reason] == 1
    # every other document's verdict is the local engine's
    mine, theirs = mc.batch_parquets(out), mc.batch_parquets(mini_local)
    for name in theirs:
        if name != f"batch_{k:05d}.parquet":
            assert mine[name] == theirs[name], name
    local_rows = pq.read_table(mini_local / "work" / "filter" / f"batch_{k:05d}.parquet").to_pylist()
    ray_rows = pq.read_table(out / "work" / "filter" / f"batch_{k:05d}.parquet").to_pylist()
    assert ray_rows == [r for r in local_rows if r["doc_index"] != doc]


@needs_ray
@pytest.mark.soak  # (make soak's chaos rounds kill Ray drivers too; a killed local driver's resume is in make test)
def test_a_killed_driver_resumes_to_the_clean_dataset(tmp_path, mini, mini_local):
    out = tmp_path / "out"
    args = ["prepare", mini, "-o", out, "--engine", "ray", "--batch-docs", "4", "--workers", "2", "--seq-len", SEQ,
            "--no-progress"]
    first = out / "work" / "filter" / "batch_00000.json"
    assert run_killed_when(args, first.exists, timeout=300), "the run finished before it could be killed"
    assert not (out / NAME).exists()
    r = run_cli(args, timeout=300)
    assert r.returncode == 0, r.stderr
    assert mc.batch_parquets(out) == mc.batch_parquets(mini_local)
    assert mc.dataset_hash(out / NAME) == mc.dataset_hash(mini_local / NAME)


def test_a_run_from_and_to_object_storage_equals_the_local_engines(tmp_path, mini, mini_local, ray_session, s3_server):
    """Inputs and output on s3:// (moto's server, see tests/io/test_storage.py): every actor reads its
    own batch's range straight from the store; the batches and the dataset uploaded are the local
    engine's over the local file."""
    s3_server.bucket("mini")
    url = s3_server.upload(mini, "s3://mini/corpus")
    assert _run("prepare", f"{url}/{mini.name}", "-o", "s3://mini/out", "--stage-dir", str(tmp_path / "stage"),
                "--engine", "ray", "--batch-docs", "4", "--seq-len", SEQ) == 0
    out = s3_server.download("s3://mini/out", tmp_path / "stored")
    assert mc.batch_parquets(out) == mc.batch_parquets(mini_local) and len(mc.batch_parquets(out)) > 4
    assert orjson.loads((out / "work" / "filter" / "batch_00001.json").read_bytes())["engine"] == "ray"
    assert mc.dataset_hash(out / NAME) == mc.dataset_hash(mini_local / NAME)


def test_without_ray_the_engine_is_a_one_line_error(tmp_path, mini, monkeypatch, capsys):
    monkeypatch.setitem(sys.modules, "ray", None)  # import ray raises ImportError
    capsys.readouterr()
    assert _run("filter", str(mini), "-o", str(tmp_path / "out"), "--engine", "ray") == 2
    err = capsys.readouterr().err
    assert "Traceback" not in err
    assert [ln for ln in err.splitlines() if ln.startswith("corefprep:")] == [
        "corefprep: error: the ray engine needs Ray: pip install 'corefprep[ray]'"]


@needs_ray
def test_a_node_with_memory_for_one_actor_runs_on_it_and_an_actor_ray_never_starts_is_given_up(tmp_path, mini):
    """One process whose Ray node has 2 CPUs but memory for one actor (as `ray start --head
    --num-cpus 2 --memory ...` then --ray-address would give), two filter runs on it:

    1. Each actor reserves ACTOR_MEMORY. The actor count came from CPUs alone: on a node with less
       memory per CPU, an actor Ray could not place never ran, and the driver waited for its batch
       forever. The count now also follows each node's memory.
    2. The safety net behind the count: whatever Ray's bookkeeping says, an actor that has not
       started its first batch within ACTOR_START_SECONDS is given up, and the run goes on without
       it (the count is forced to 2 here)."""
    from corefprep.filter.engines.ray import ACTOR_MEMORY

    args = ["filter", str(mini), "--engine", "ray", "--workers", "2", "--batch-docs", "8", "--no-progress"]
    harness = "\n".join([
        "import logging, sys, ray",
        f"ray.init(address='local', num_cpus=2, _memory={int(ACTOR_MEMORY * 1.5)}, include_dashboard=False, "
        "object_store_memory=200 * 2**20, log_to_driver=False, logging_level=logging.ERROR)",
        "from corefprep.cli import main",
        f"assert main({[*args, '-o', str(tmp_path / 'counted')]!r}) == 0",
        "print('--- forced', file=sys.stderr, flush=True)",
        "import corefprep.parallel.ray as engine",
        "engine.ACTOR_START_SECONDS = 8.0",
        "engine.actor_slots = lambda ray, cpus, memory: (2, 'forced to 2 by the test')",
        f"sys.exit(main({[*args, '-o', str(tmp_path / 'forced')]!r}))",
    ])
    r = subprocess.run([sys.executable, "-c", harness], capture_output=True, text=True, timeout=240,
                       env={**os.environ, "HF_HUB_OFFLINE": "1"})
    assert r.returncode == 0, r.stderr
    counted, _, forced = r.stderr.partition("--- forced")
    assert "on Ray: 1 actor (" in counted
    assert "filter: Ray could not start an actor in 8 s; 1 actor(s) go on" in forced
    for out in ("counted", "forced"):
        assert len(list((tmp_path / out / "work" / "filter").glob("batch_*.parquet"))) == 4
