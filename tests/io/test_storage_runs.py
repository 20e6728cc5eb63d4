"""Whole runs on object storage: the dev corpus read from moto's S3 server and written back to it
gives the bytes the same run gives on local disk; a rerun knows its inputs by their ETags, and one
on another host (a fresh stage directory) resumes from the store without recomputing. (The Ray
engine on the store: tests/filter/engines/test_ray.py; kills and the lease:
tests/run/test_remote_runs.py.)"""

from __future__ import annotations

import io
import time
from contextlib import redirect_stderr, redirect_stdout
from pathlib import Path

import orjson
import pytest
from fixtures import minicorpus as mc
from fixtures.cli import run_cli
from fixtures.s3 import SECRET_KEY, FaultyProxy, S3Server
from fixtures.shared import DEV_CORPUS, needs_shared

pytestmark = [pytest.mark.slow, needs_shared]  # two whole runs of the dev corpus

NAME = "entity_coref_v2_512"
ARGS = ["--batch-docs", "500", "--seq-len", "512", "--workers", "2", "--no-progress"]
OUT = "s3://hplt/out/dev"


def _main(*args: object) -> tuple[int, str, str]:
    from corefprep.cli import main

    err, out = io.StringIO(), io.StringIO()
    with redirect_stderr(err), redirect_stdout(out):
        rc = main([str(a) for a in args])
    return rc, err.getvalue(), out.getvalue()


def _batches(out: Path) -> dict[str, bytes]:
    return {p.name: p.read_bytes() for p in sorted((out / "work" / "filter").glob("batch_*.parquet"))}


@pytest.fixture(scope="module")
def runs(s3_server: S3Server, tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, Path, str]:
    """The local run, and the run from s3:// to s3:// (its stage directory is the second path)."""
    s3_server.bucket("hplt")
    url = s3_server.upload(DEV_CORPUS, "s3://hplt/kor/dev")
    root = tmp_path_factory.mktemp("storage-runs")
    rc, err, _ = _main("prepare", DEV_CORPUS, "-o", root / "local", *ARGS)
    assert rc == 0, err
    rc, err, out = _main("prepare", url, "-o", OUT, "--stage-dir", root / "s3", *ARGS)
    assert rc == 0, err
    assert out.strip().endswith(f"-> {OUT}/{NAME}"), out  # the outputs are named where they were uploaded
    return root / "local", root / "s3", err


def test_the_dev_corpus_from_s3_to_s3_gives_the_local_runs_batches_and_dataset(runs, s3_server: S3Server,
                                                                             tmp_path: Path) -> None:
    local = runs[0]
    stored = s3_server.download(OUT, tmp_path / "stored")
    assert _batches(stored) == _batches(local) and len(_batches(local)) == 6
    assert sorted(p.name for p in (stored / NAME).iterdir()) == sorted(p.name for p in (local / NAME).iterdir())
    for p in (local / NAME).glob("data-*.arrow"):
        assert (stored / NAME / p.name).read_bytes() == p.read_bytes(), p.name
    assert mc.dataset_hash(stored / NAME) == mc.dataset_hash(local / NAME)


def test_the_dataset_on_s3_loads_with_load_from_disk_and_the_training_loader(runs, s3_server: S3Server) -> None:
    import datasets

    from corefprep.training import load_prepared

    options = {"endpoint_url": s3_server.endpoint}
    remote = datasets.load_from_disk(f"{OUT}/{NAME}", storage_options=options)
    assert remote["input_ids"] == datasets.load_from_disk(str(runs[0] / NAME))["input_ids"]
    assert load_prepared(f"{OUT}/{NAME}", storage_options=options)["input_ids"] == remote["input_ids"]


def test_the_manifest_knows_the_objects_by_url_size_and_etag(runs) -> None:
    _, s3, _ = runs
    manifest = orjson.loads((s3 / "work" / "manifest.json").read_bytes())
    inputs = manifest["configs"][manifest["config_id"]]["inputs"]
    assert len(inputs) == 5
    assert all(p.startswith("s3://hplt/kor/dev/") and ident.startswith("etag:") for p, _, ident in inputs)


def test_a_rerun_recognises_its_inputs_and_recomputes_nothing(runs, s3_server: S3Server) -> None:
    _, s3, _ = runs
    before = {p.name: p.stat().st_mtime_ns for p in (s3 / "work" / "filter").glob("batch_*")}
    stored = s3_server.objects("hplt", "out/dev/")
    rc, err, _ = _main("prepare", "s3://hplt/kor/dev", "-o", OUT, "--stage-dir", s3, *ARGS)
    assert rc == 0, err
    assert {p.name: p.stat().st_mtime_ns for p in (s3 / "work" / "filter").glob("batch_*")} == before
    after = s3_server.objects("hplt", "out/dev/")
    changed = {k for k in after if after[k]["ETag"] != stored.get(k, {}).get("ETag")}
    assert changed <= {"out/dev/work/run.json"}, f"a rerun uploaded finished files again: {changed}"


def test_a_run_on_another_host_resumes_from_the_store(runs, s3_server: S3Server, tmp_path: Path) -> None:
    """A fresh stage directory (another machine) downloads what is finished and recomputes nothing."""
    stored = s3_server.objects("hplt", "out/dev/")
    rc, err, _ = _main("prepare", "s3://hplt/kor/dev", "-o", OUT, "--stage-dir", tmp_path / "elsewhere", *ARGS)
    assert rc == 0, err
    assert "filter: all 6 batches already done" in err and "is up to date" in err, err
    after = s3_server.objects("hplt", "out/dev/")
    finished = [k for k in stored if "/filter/" in k or f"/{NAME}/" in k]
    assert finished and all(after[k]["ETag"] == stored[k]["ETag"] for k in finished)
    assert _batches(tmp_path / "elsewhere") == _batches(runs[0])


def test_the_secret_key_is_nowhere_in_the_output_or_the_log(runs, s3_server: S3Server, tmp_path: Path) -> None:
    _, s3, err = runs
    assert SECRET_KEY not in err
    stored = s3_server.download(OUT, tmp_path / "stored")
    for p in [*s3.rglob("*"), *stored.rglob("*")]:
        if p.is_file():
            assert SECRET_KEY.encode() not in p.read_bytes(), p


def test_a_store_failing_one_request_in_twenty_gives_the_same_batches(runs, s3_server: S3Server,
                                                                      tmp_path: Path) -> None:
    """503s, resets and slow answers on 5% of the requests, reading and writing (botocore's and
    s3fs's retries absorb them). The run is a process of its own: run in this one, the workers it
    forks would hold copies of the proxy's and moto's sockets, and a connection the proxy closes
    would stay open in them (no remote store shares its sockets with its clients)."""
    local = runs[0]
    proxy = FaultyProxy(s3_server.endpoint, 0.05)
    t0 = time.monotonic()
    try:
        r = run_cli(["filter", "s3://hplt/kor/dev", "-o", "s3://hplt/out/faulty", "--stage-dir", tmp_path / "stage",
                     *ARGS], AWS_ENDPOINT_URL=proxy.endpoint)
    finally:
        proxy.close()
    assert r.returncode == 0, r.stderr
    assert time.monotonic() - t0 < 60, "a failed request was waited out (the read timeout is 60 s), not retried"
    assert _batches(s3_server.download("s3://hplt/out/faulty", tmp_path / "stored")) == _batches(local)
    assert proxy.failed >= 1, (proxy.failed, proxy.requests)


CLM = ["--objective", "clm", "--seq-len", "256", "--format", "both"]


@pytest.mark.soak  # the entity-mlm run from and to s3 above stays in make test
def test_clm_from_s3_to_s3_gives_the_local_runs_dataset_and_megatron_files(runs, s3_server: S3Server,
                                                                         tmp_path: Path) -> None:
    """The other objective, with both its outputs: the Megatron pair is uploaded whole, its marker after it."""
    rc, err, _ = _main("prepare", DEV_CORPUS, "-o", tmp_path / "local", *ARGS, *CLM)
    assert rc == 0, err
    rc, err, out = _main("prepare", "s3://hplt/kor/dev", "-o", "s3://hplt/out/clm", "--stage-dir", tmp_path / "stage",
                         *ARGS, *CLM)
    assert rc == 0, err
    stored = s3_server.download("s3://hplt/out/clm", tmp_path / "stored")
    local = tmp_path / "local"
    # every data file; not the JSON records (times, paths) nor every document's measured values (times)
    files = sorted(p.relative_to(local).as_posix() for p in local.rglob("*")
                   if p.is_file() and not p.name.startswith((".", "values_"))
                   and not p.name.endswith((".json", "_COMPLETE")))
    assert {"clm_v2_text_document.bin", "clm_v2_text_document.idx", "clm_v2_256/data-00000-of-00001.arrow",
            "work/filter/batch_00005.parquet"} <= set(files), files
    for rel in files:
        assert (stored / rel).read_bytes() == (local / rel).read_bytes(), rel
    assert (stored / "clm_v2_text_document._COMPLETE").is_file() and (stored / "clm_v2_256" / "_COMPLETE").is_file()
    assert "Traceback" not in err
