"""Whole runs over inputs on object storage: the dev corpus read from moto's S3 server gives the
bytes the same run gives from local disk, and a rerun knows its inputs by their ETags. (The Ray
engine's actors reading from the store: tests/filter/engines/test_ray.py.)"""

from __future__ import annotations

import io
import time
from contextlib import redirect_stderr, redirect_stdout
from pathlib import Path

import orjson
import pytest
from fixtures import minicorpus as mc
from fixtures.s3 import SECRET_KEY, FaultyProxy, S3Server
from fixtures.shared import DEV_CORPUS, needs_shared

pytestmark = [pytest.mark.slow, needs_shared]  # two whole runs of the dev corpus

NAME = "entity_coref_v2_512"
ARGS = ["--batch-docs", "500", "--seq-len", "512", "--workers", "2", "--no-progress"]


def _main(*args: object) -> tuple[int, str]:
    from corefprep.cli import main

    err = io.StringIO()
    with redirect_stderr(err), redirect_stdout(io.StringIO()):
        rc = main([str(a) for a in args])
    return rc, err.getvalue()


def _batches(out: Path) -> dict[str, bytes]:
    return {p.name: p.read_bytes() for p in sorted((out / "work" / "filter").glob("batch_*.parquet"))}


@pytest.fixture(scope="module")
def runs(s3_server: S3Server, tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, Path, str]:
    s3_server.bucket("hplt")
    url = s3_server.upload(DEV_CORPUS, "s3://hplt/kor/dev")
    root = tmp_path_factory.mktemp("storage-runs")
    rc, err = _main("prepare", DEV_CORPUS, "-o", root / "local", *ARGS)
    assert rc == 0, err
    rc, err = _main("prepare", url, "-o", root / "s3", *ARGS)
    assert rc == 0, err
    return root / "local", root / "s3", err


def test_the_dev_corpus_from_s3_gives_the_local_runs_batches_and_dataset(runs) -> None:
    local, s3, _ = runs
    assert _batches(s3) == _batches(local) and len(_batches(local)) == 6
    assert mc.dataset_hash(s3 / NAME) == mc.dataset_hash(local / NAME)


def test_the_manifest_knows_the_objects_by_url_size_and_etag(runs) -> None:
    _, s3, _ = runs
    manifest = orjson.loads((s3 / "work" / "manifest.json").read_bytes())
    inputs = manifest["configs"][manifest["config_id"]]["inputs"]
    assert len(inputs) == 5
    assert all(p.startswith("s3://hplt/kor/dev/") and ident.startswith("etag:") for p, _, ident in inputs)


def test_a_rerun_recognises_its_inputs_and_recomputes_nothing(runs) -> None:
    _, s3, _ = runs
    before = {p.name: p.stat().st_mtime_ns for p in (s3 / "work" / "filter").glob("batch_*")}
    rc, err = _main("prepare", "s3://hplt/kor/dev", "-o", s3, *ARGS)
    assert rc == 0, err
    assert {p.name: p.stat().st_mtime_ns for p in (s3 / "work" / "filter").glob("batch_*")} == before


def test_the_secret_key_is_nowhere_in_the_output_or_the_log(runs) -> None:
    _, s3, err = runs
    assert SECRET_KEY not in err
    for p in s3.rglob("*"):
        if p.is_file():
            assert SECRET_KEY.encode() not in p.read_bytes(), p


def test_a_store_failing_one_request_in_twenty_gives_the_same_batches(runs, s3_server: S3Server, tmp_path: Path,
                                                                      monkeypatch: pytest.MonkeyPatch) -> None:
    """503s, resets and slow answers on 5% of the requests (botocore's and s3fs's retries absorb them)."""
    from s3fs import S3FileSystem

    local, _, _ = runs
    proxy = FaultyProxy(s3_server.endpoint, 0.05)
    monkeypatch.setenv("AWS_ENDPOINT_URL", proxy.endpoint)  # forked workers inherit it
    S3FileSystem.clear_instance_cache()
    t0 = time.monotonic()
    try:
        rc, err = _main("filter", "s3://hplt/kor/dev", "-o", tmp_path / "out", *ARGS)
    finally:
        proxy.close()
        monkeypatch.undo()
        S3FileSystem.clear_instance_cache()
    assert rc == 0, err
    assert time.monotonic() - t0 < 50, "a failed request was waited out (the read timeout is 60 s), not retried"
    assert _batches(tmp_path / "out") == _batches(local)
    assert proxy.failed >= 1, (proxy.failed, proxy.requests)

