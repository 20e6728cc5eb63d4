"""The stage directory and its store (corefprep.io.mirror), against moto's S3 server: what goes up,
in which order, what never does, and how a stage is brought back equal to the store."""

from __future__ import annotations

import os
import time
from pathlib import Path

import pytest
from fixtures.s3 import S3Server

from corefprep.core.atomic import atomic_write_bytes
from corefprep.store.mirror import Mirror


@pytest.fixture
def store(s3_server: S3Server, request: pytest.FixtureRequest) -> str:
    name = "m-" + request.node.name.lower().replace("_", "-")[:50].strip("-")
    return s3_server.bucket(name) + "/out"


def _write(stage: Path, rel: str, data: bytes, *, age_s: float = 1.0) -> None:
    """A finished file, as the pipeline writes one (atomically), finished ``age_s`` ago."""
    p = stage / rel
    p.parent.mkdir(parents=True, exist_ok=True)
    atomic_write_bytes(p, data)
    t = time.time() - age_s
    os.utime(p, (t, t))


def _keys(s3: S3Server, url: str) -> dict[str, int]:
    bucket, _, prefix = url.removeprefix("s3://").partition("/")
    return {k[len(prefix) + 1:]: o["Size"] for k, o in s3.objects(bucket, prefix + "/").items()}


def test_push_uploads_finished_files_and_never_temporary_hidden_or_host_only_ones(store, s3_server, tmp_path):
    stage = tmp_path / "stage"
    _write(stage, "work/filter/batch_00000.parquet", b"p" * 100)
    _write(stage, "work/filter/batch_00000.json", b"{}")
    _write(stage, "work/filter/.batch_00001.parquet.tmp-123", b"half")  # a writer's temporary file
    _write(stage, "work/LOCK", b"filelock/2\n")  # this host's lease
    _write(stage, "work/.lock-guard", b"")
    (stage / ".ds.tmp-9").mkdir()
    _write(stage, ".ds.tmp-9/data-00000-of-00001.arrow", b"rows")  # a dataset being merged
    moved = Mirror(store, stage).push()
    assert _keys(s3_server, store) == {"work/filter/batch_00000.parquet": 100, "work/filter/batch_00000.json": 2}
    assert (moved.files, moved.bytes, moved.deleted) == (2, 102, 0)
    assert Mirror(store, stage).push().files == 0  # the sync record remembers: nothing moves twice


def test_files_go_up_in_the_order_they_were_finished(store, tmp_path, monkeypatch):
    """A marker is written after its data, so it is uploaded after it: a kill between the two
    uploads leaves data without a marker (redone), never a marker without its data."""
    stage = tmp_path / "stage"
    _write(stage, "ds/_COMPLETE", b"m", age_s=1)
    _write(stage, "ds/data-00000-of-00001.arrow", b"d", age_s=3)
    _write(stage, "ds/metadata.json", b"{}", age_s=2)
    mirror = Mirror(store, stage)
    order: list[str] = []
    put = mirror.fs.put_file
    monkeypatch.setattr(mirror.fs, "put_file", lambda lpath, rpath, **kw: (order.append(rpath), put(lpath, rpath)))
    mirror.push()
    assert [k.rsplit("/", 1)[-1] for k in order] == ["data-00000-of-00001.arrow", "metadata.json", "_COMPLETE"]


def test_while_the_run_writes_a_pass_leaves_files_finished_after_it_began_for_the_next(store, s3_server, tmp_path):
    stage = tmp_path / "stage"
    _write(stage, "a.parquet", b"old enough", age_s=1)
    _write(stage, "b.json", b"just now", age_s=-1)  # finished after the pass began listing
    mirror = Mirror(store, stage)
    assert mirror.push(running=True).files == 1
    assert _keys(s3_server, store) == {"a.parquet": 10}
    assert mirror.push().files == 1  # the last pass, with the run over, takes everything
    assert _keys(s3_server, store) == {"a.parquet": 10, "b.json": 8}


def test_a_file_the_stage_removed_or_replaced_is_removed_or_replaced_on_the_store(store, s3_server, tmp_path):
    stage = tmp_path / "stage"
    _write(stage, "work/filter/batch_00003.parquet", b"x" * 10)
    _write(stage, "work/filter/batch_00003.json", b"{}")
    mirror = Mirror(store, stage)
    mirror.push()
    (stage / "work/filter/batch_00003.json").unlink()  # a batch invalidated by a rerun
    _write(stage, "work/filter/batch_00003.parquet", b"y" * 12)  # and computed again
    moved = mirror.push()
    assert (moved.files, moved.deleted) == (1, 1)
    assert _keys(s3_server, store) == {"work/filter/batch_00003.parquet": 12}


def test_pull_makes_a_stage_equal_to_the_store(store, s3_server, tmp_path):
    """Another host's stage: what the store holds comes down; what only the stage holds (a killed
    run's files never uploaded) goes; a second pull moves nothing."""
    first, other = tmp_path / "first", tmp_path / "other"
    _write(first, "work/manifest.json", b'{"v": 1}')
    _write(first, "ds/data-00000-of-00001.arrow", b"rows" * 50)
    Mirror(store, first).push()
    _write(other, "work/filter/batch_00009.parquet", b"never uploaded")
    _write(other, "work/manifest.json", b'{"v": 0}')  # an older state of the same file
    _write(other, "work/LOCK", b"filelock/2\n")  # this host's: left alone
    moved = Mirror(store, other).pull()
    assert (moved.files, moved.deleted) == (2, 1)
    assert (other / "work/manifest.json").read_bytes() == b'{"v": 1}'
    assert (other / "ds/data-00000-of-00001.arrow").read_bytes() == b"rows" * 50
    assert not (other / "work/filter/batch_00009.parquet").exists() and (other / "work/LOCK").exists()
    again = Mirror(store, other).pull()
    assert (again.files, again.deleted) == (0, 0)
    _write(first, "work/manifest.json", b'{"v": 2}')  # same size, other bytes: the ETag tells
    Mirror(store, first).push()
    assert Mirror(store, other).pull().files == 1 and (other / "work/manifest.json").read_bytes() == b'{"v": 2}'
