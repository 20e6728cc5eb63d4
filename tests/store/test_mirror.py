"""The stage directory and its store (corefprep.store.mirror), against moto's S3 server: what goes up,
in which order, what never does, and how a stage is brought back equal to the store."""

from __future__ import annotations

import os
import time
from pathlib import Path

import pytest
from fixtures.s3 import FaultyProxy, S3Server

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


def test_an_object_replaced_just_before_the_delete_is_sent_is_left_alone(store, s3_server, tmp_path):
    """Finding 10: another writer replaces an object between the mirror's decision to delete it and
    the delete reaching the store. The delete is conditional on what the stage synced: the new
    object stays (a check followed by a plain delete removed it)."""
    from corefprep.store.urls import use_storage_options

    stage = tmp_path / "stage"
    _write(stage, "work/filter/batch_00004.json", b"{}")
    bucket, _, prefix = store.removeprefix("s3://").partition("/")
    key = f"{prefix}/work/filter/batch_00004.json"
    proxy = FaultyProxy(s3_server.endpoint, rate=0.0)
    use_storage_options({"endpoint_url": proxy.endpoint})
    try:
        mirror = Mirror(store, stage)
        mirror.push()
        (stage / "work/filter/batch_00004.json").unlink()

        def replace_first(method: str, path: str) -> None:
            if method == "DELETE" and path.split("?")[0].endswith(key):
                proxy.before = None
                s3_server.client().put_object(Bucket=bucket, Key=key, Body=b'{"new": 1}')

        proxy.before = replace_first
        mirror.push()
    finally:
        use_storage_options({})
        proxy.close()
    assert s3_server.client().get_object(Bucket=bucket, Key=key)["Body"].read() == b'{"new": 1}'


def test_a_fenced_mirror_writes_nothing_once_the_fence_fell(store, s3_server, tmp_path):
    from corefprep.core.fence import FENCE, LEASE, LeaseLost
    from corefprep.store.terms import Terms

    stage = tmp_path / "stage"
    _write(stage, "work/filter/batch_00000.parquet", b"p" * 10)
    mirror = Mirror(store, stage, fenced=Terms(6.0))
    mirror.push()
    _write(stage, "work/filter/batch_00000.json", b"{}")
    (stage / "work/filter/batch_00000.parquet").unlink()
    FENCE.hold(LEASE, time.monotonic() - 1)  # the last renewal was too long ago
    with pytest.raises(LeaseLost, match="could not be renewed in time"):
        mirror.push()
    assert _keys(s3_server, store) == {"work/filter/batch_00000.parquet": 10}  # nothing written, nothing deleted
    FENCE.release(LEASE)
    mirror.push()
    assert _keys(s3_server, store) == {"work/filter/batch_00000.json": 2}


def test_an_actors_delivery_is_taken_in_in_order_and_its_place_removed(store, s3_server, tmp_path):
    """A Ray actor's files under work/.incoming/<run>/<attempt>/ are copied into place in the
    order they were finished, land in the stage as synced, replace what the attempt removed, and
    the actor's place goes."""
    scratch, stage = tmp_path / "actor", tmp_path / "stage"
    _write(stage, "work/filter/rejected_00002.parquet", b"old examples")
    mirror = Mirror(store, stage)
    mirror.push()
    place = "work/.incoming/run1/att1"
    _write(scratch, "work/filter/batch_00002.parquet", b"rows", age_s=2)
    _write(scratch, "work/filter/batch_00002.json", b"{}", age_s=1)
    Mirror(f"{store}/{place}", scratch).push()
    order: list[str] = []
    copy = mirror.fs.copy
    mirror.fs.copy = lambda src, dst, **kw: (order.append(dst.rsplit("/", 1)[-1]), copy(src, dst, **kw))
    moved = mirror.adopt(place, ["work/filter/batch_00002.parquet", "work/filter/batch_00002.json"],
                         ["work/filter/rejected_00002.parquet"])
    assert (moved.files, moved.deleted) == (2, 1) and order == ["batch_00002.parquet", "batch_00002.json"]
    assert _keys(s3_server, store) == {"work/filter/batch_00002.parquet": 4, "work/filter/batch_00002.json": 2}
    assert (stage / "work/filter/batch_00002.parquet").read_bytes() == b"rows"
    assert not (stage / "work/filter/rejected_00002.parquet").exists()
    assert mirror.push().files == 0  # recorded as synced: never uploaded back
    bucket, _, prefix = store.removeprefix("s3://").partition("/")
    assert not s3_server.keys(bucket, f"{prefix}/work/.incoming/")
