"""A Ray actor's batch when the output is on object storage, with no filesystem shared with the
driver: the actor's body (called here in this process, as Ray would in an actor) computes in a
scratch directory of its own and delivers the batch under a place of its own on the store
(corefprep.store.incoming), never touching the driver's stage nor the objects readers look at."""

from __future__ import annotations

import dataclasses
import os
import subprocess
import tempfile
from pathlib import Path

import pytest
from fixtures import minicorpus as mc
from fixtures.s3 import S3Server

from corefprep.core.workdir import WorkDir
from corefprep.filter.config import FilterConfig
from corefprep.filter.engines import ray as ray_engine
from corefprep.filter.engines.ray import BatchJob, run_batch
from corefprep.parallel.beat import NullBeat
from corefprep.run.filter_stage import plan_filter
from corefprep.run.options import RunOptions
from corefprep.run.plan import apply_plan
from corefprep.store.incoming import Drops

NOWHERE = Path("/nonexistent/corefprep-driver-stage")  # the driver's stage, on another machine


@pytest.fixture(scope="module")
def local_run(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, Path]:
    mini = mc.mini_corpus(tmp_path_factory)
    out = tmp_path_factory.mktemp("local")
    assert mc.run_cli(["filter", str(mini), "-o", str(out), "--batch-docs", "4", "--workers", "1",
                       "--no-progress"]) == 0
    return mini, out


def test_an_actor_puts_its_batch_on_the_store_and_writes_nothing_where_the_driver_is(
        local_run, s3_server: S3Server, tmp_path: Path) -> None:
    mini, local = local_run
    url = s3_server.bucket("actor-store") + "/out"
    opts = apply_plan(RunOptions(inputs=[str(mini)], output_dir=tmp_path / "driver", progress=False,
                                 filter=FilterConfig(batch_docs=4)))
    ctx = dataclasses.replace(plan_filter(opts).ctx, work=WorkDir(NOWHERE), store_url=url, engine="ray",
                              drops=Drops.new(url))
    ray_engine._init_actor(ctx)
    out = run_batch(BatchJob(1), NullBeat())
    assert not NOWHERE.exists()
    files = out.delivery.files
    assert {"work/filter/batch_00001.parquet", "work/filter/batch_00001.json",
            "work/filter/values_00001.parquet"} <= set(files)
    assert files.index("work/filter/batch_00001.parquet") < files.index("work/filter/batch_00001.json")
    assert out.delivery.place.startswith(f"work/.incoming/{ctx.drops.run}/")
    keys = s3_server.keys("actor-store", "out/")
    assert keys and all(k.startswith(f"out/{out.delivery.place}/") for k in keys)  # nothing readers look at
    delivered = s3_server.download(f"{url}/{out.delivery.place}", tmp_path / "delivered")
    assert (delivered / "work/filter/batch_00001.parquet").read_bytes() == \
        (local / "work/filter/batch_00001.parquet").read_bytes()
    assert out.stats.documents == 4 and out.stats.engine == "ray"


def test_an_actor_starting_removes_the_scratch_of_actors_gone_from_its_node(tmp_path: Path,
                                                                           monkeypatch: pytest.MonkeyPatch) -> None:
    """An actor killed mid-batch leaves its scratch directory (partial files, the kept rows' spill);
    the next actor started on that node removes it, and nothing of a live actor."""
    monkeypatch.setattr(tempfile, "tempdir", str(tmp_path))
    gone_pid = subprocess.Popen(["true"])
    gone_pid.wait()
    gone = tmp_path / f"{ray_engine.SCRATCH_PREFIX}{gone_pid.pid}-x1"
    (gone / "work" / "filter").mkdir(parents=True)
    (gone / "work" / "filter" / ".batch_00003.kept.arrow.tmp-7").write_bytes(b"ARROW1 half spilled")
    live = tmp_path / f"{ray_engine.SCRATCH_PREFIX}{os.getpid()}-x2"
    live.mkdir()
    unnamed = tmp_path / f"{ray_engine.SCRATCH_PREFIX}abc-x3"
    unnamed.mkdir()
    assert ray_engine.sweep_scratch() == [gone.name]
    assert not gone.exists() and live.is_dir() and unnamed.is_dir()
