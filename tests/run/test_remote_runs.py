"""Whole CLI runs with their output on object storage (moto's S3 server): killed at random moments
while the bucket is listed (never a partial or unmarked object in sight, and a rerun gives the
dataset a local run gives), two runs against one output, and credentials that appear nowhere."""

from __future__ import annotations

import random
import time

import orjson
import pytest
from fixtures import minicorpus as mc
from fixtures.cli import cli_inprocess, popen_cli, run_cli, run_killed_when
from fixtures.store_watch import Watcher

pytestmark = pytest.mark.slow  # CLI processes

SEQ = "512"
NAME = f"entity_coref_v2_{SEQ}"
ARGS = ["--batch-docs", "4", "--seq-len", SEQ, "--workers", "2", "--no-progress"]
LEASE = "work/.lease.json"


@pytest.fixture(scope="module")
def mini(tmp_path_factory):
    return mc.mini_corpus(tmp_path_factory)


@pytest.fixture(scope="module")
def mini_local(tmp_path_factory):
    return mc.mini_prepared(tmp_path_factory)  # the local engine's run with ARGS


@pytest.mark.soak  # make soak's chaos rounds kill runs on a store in more ways, watched the same way
def test_kills_at_random_moments_never_show_a_partial_object_and_a_rerun_gives_the_local_dataset(
        s3_server, mini, mini_local, tmp_path):
    """Each kill comes once a drawn number of further objects is on the store: while batches,
    samples, chunks and the dataset go up."""
    s3_server.bucket("killed")
    args = ["prepare", mini, "-o", "s3://killed/out", "--stage-dir", tmp_path / "stage", "--upload-every", "0.1",
            *ARGS]
    rng = random.Random(25)
    kills = 0
    with Watcher(s3_server, "killed", "out/") as watcher:
        for _ in range(3):
            target = watcher.count + rng.randint(1, 12)
            kills += run_killed_when(args, lambda target=target: watcher.count >= target)
        r = run_cli(args)
    assert r.returncode == 0, r.stderr
    assert kills >= 2, f"only {kills} runs were killed before they finished"
    assert watcher.listings > 100 and not watcher.problems, watcher.problems[:5]
    stored = s3_server.download("s3://killed/out", tmp_path / "stored")
    assert mc.batch_parquets(stored) == mc.batch_parquets(mini_local)
    assert mc.dataset_hash(stored / NAME) == mc.dataset_hash(mini_local / NAME)
    assert not [k for k in s3_server.keys("killed") if "/." in k]  # the lease is released, nothing hidden left


def test_a_second_run_against_the_same_output_is_refused_naming_the_first(s3_server, mini, tmp_path):
    s3_server.bucket("twice")
    first = popen_cli(["prepare", mini, "-o", "s3://twice/out", "--stage-dir", tmp_path / "a", *ARGS])
    try:
        deadline = time.monotonic() + 60
        while f"out/{LEASE}" not in s3_server.keys("twice", "out/work/"):
            assert first.poll() is None and time.monotonic() < deadline, first.communicate()
            time.sleep(0.02)
        second = run_cli(["prepare", mini, "-o", "s3://twice/out", "--stage-dir", tmp_path / "b", *ARGS])
    finally:
        _, err = first.communicate(timeout=120)
    assert first.returncode == 0, err
    assert second.returncode == 1
    lines = [ln for ln in second.stderr.splitlines() if ln.startswith("corefprep:")]
    assert len(lines) == 1 and "s3://twice/out is in use by another corefprep run" in lines[0], second.stderr
    assert f"pid {first.pid} on " in lines[0]


def test_a_key_given_in_storage_options_appears_in_no_file_no_object_and_no_log_line(s3_server, mini, tmp_path,
                                                                                     monkeypatch, capsys):
    """Credentials given only with --storage-options (none in the environment) reach the store
    and nothing else: not the stage, the bucket, the event log, stdout or stderr; `status`,
    `report` and `explain` (in this process) read the run on the store with them."""
    from s3fs import S3FileSystem

    from corefprep.store.urls import use_storage_options

    secret = "cp-unique-secret-" + "".join(random.Random().choice("abcdefghijklmnop") for _ in range(16))
    s3_server.bucket("secret")
    options = orjson.dumps({"key": "someone", "secret": secret, "endpoint_url": s3_server.endpoint}).decode()
    no_aws = {"AWS_ACCESS_KEY_ID": "", "AWS_SECRET_ACCESS_KEY": "", "AWS_ENDPOINT_URL": ""}
    log = tmp_path / "events.jsonl"
    r = run_cli(["prepare", mini, "-o", "s3://secret/out", "--stage-dir", tmp_path / "stage", "--storage-options",
                 options, "--log-json", log, *ARGS], **no_aws)
    assert r.returncode == 0, r.stderr
    for k in no_aws:
        monkeypatch.delenv(k)
    S3FileSystem.clear_instance_cache()
    try:
        st = cli_inprocess(["status", "s3://secret/out", "--storage-options", options], capsys)
        monkeypatch.chdir(tmp_path)  # a run on a store: the report goes to ./NAME-report
        rep = cli_inprocess(["report", "s3://secret/out", "--storage-options", options], capsys)
        ex = cli_inprocess(["explain", "s3://secret/out", "--doc-index", "0", "--storage-options", options], capsys)
    finally:
        use_storage_options({})
        S3FileSystem.clear_instance_cache()
    assert st[0] == 0 and "s3://secret/out/" + NAME in st[1] and "run: none live (last: pid" in st[1], st
    assert rep[0] == 0 and (tmp_path / "out-report" / "report.html").is_file(), rep
    assert ex[0] == 0 and "has_pronoun" in ex[1], ex
    stored = s3_server.download("s3://secret/out", tmp_path / "stored")
    assert (stored / NAME / "_COMPLETE").is_file()
    for text in (r.stdout, r.stderr, *st[1:], *rep[1:], *ex[1:], log.read_text()):
        assert secret not in text
    for p in [*(tmp_path / "stage").rglob("*"), *stored.rglob("*"), *(tmp_path / "out-report").rglob("*")]:
        if p.is_file():
            assert secret.encode() not in p.read_bytes(), p
    assert "--storage-options <hidden>" in orjson.loads((stored / "work" / "run.json").read_bytes())["command"]


def test_a_tokenizer_and_an_earlier_run_on_the_store_serve_as_on_local_disk(s3_server, mini, tmp_path):
    """--model and --dedup-against given as s3:// URLs: local copies are used, the records name the
    URLs, and the datasets equal those the same runs make from local directories."""
    from corefprep.run.options import BUNDLED_SAMPLE

    tokenizer = BUNDLED_SAMPLE.parent / "tokenizer"
    s3_server.bucket("models")
    model = s3_server.upload(tokenizer, "s3://models/wordpiece")
    half = tmp_path / "half" / "half.jsonl"  # the earlier run saw half of the documents
    half.parent.mkdir()
    half.write_bytes(b"".join(mini.read_bytes().splitlines(keepends=True)[:12]))
    dedup = ["--dedup", "exact"]
    assert mc.run_cli([str(a) for a in ("prepare", half, "-o", tmp_path / "a", *ARGS, *dedup)]) == 0
    assert mc.run_cli([str(a) for a in ("prepare", mini, "-o", tmp_path / "b", *ARGS, *dedup, "--dedup-against",
                                        tmp_path / "a", "--model", tokenizer)]) == 0
    s3_server.bucket("twodd")
    assert mc.run_cli([str(a) for a in ("prepare", half, "-o", "s3://twodd/a", "--stage-dir", tmp_path / "sa", *ARGS,
                                        *dedup)]) == 0
    assert mc.run_cli([str(a) for a in ("prepare", mini, "-o", "s3://twodd/b", "--stage-dir", tmp_path / "sb", *ARGS,
                                        *dedup, "--dedup-against", "s3://twodd/a", "--model", model)]) == 0
    stored = s3_server.download("s3://twodd/b", tmp_path / "stored")
    assert mc.dataset_hash(stored / NAME) == mc.dataset_hash(tmp_path / "b" / NAME)
    meta = orjson.loads((stored / NAME / "metadata.json").read_bytes())
    assert meta["config"]["tokenize"]["model"] == model and meta["config"]["dedup"]["against"] == "s3://twodd/a"
    assert orjson.loads((stored / "work" / "dedup" / "result" / "summary.json").read_bytes())["by_reason"] == \
        orjson.loads((tmp_path / "b" / "work" / "dedup" / "result" / "summary.json").read_bytes())["by_reason"]
