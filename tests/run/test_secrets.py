"""Secrets given on the command line (issue 35, review finding 1) are kept by what they are, not by
how they were typed: ``--storage-options`` in every spelling, credentials in the AWS environment, a
URL with a user name and password or a token in its query string.

What a run records of its command (``work/run.json``, which the mirror uploads; the store's lease;
the ``run_start`` event; ``corefprep status``) is made from what argparse parsed: each option under
its own name, the value of ``--storage-options`` hidden. An abbreviation (``--storage-opt``) is
refused, and the error never repeats its value. A URL carrying credentials is refused (exit 2), its
secret hidden in the message. Every secret is unique to its run, and looked for everywhere.
"""

from __future__ import annotations

import contextlib
import io
import random
import shlex
import string
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import orjson
import pytest
from fixtures import minicorpus as mc
from fixtures.background import Repeating
from fixtures.s3 import SECRET_KEY, S3Server

from corefprep.cli import build_parser, main, options_from_args, recorded_command, refuse_url_credentials

ARGS = ["--batch-docs", "4", "--workers", "2", "--no-progress"]


def unique_secret(kind: str) -> str:
    rng = random.Random()
    return f"CPSECRET{kind}" + "".join(rng.choice(string.ascii_uppercase + string.digits) for _ in range(20))


def _in(argv: list[Any]) -> tuple[int, str, str]:
    """``corefprep ARGV`` in this process: (exit code, stdout, stderr); a usage error's exit too."""
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        try:
            rc = main([str(a) for a in argv])
        except SystemExit as exc:  # argparse's own usage errors
            rc = int(exc.code or 0)
    return rc, out.getvalue(), err.getvalue()


# ----------------------------------------------------------------------------------------------
# the parser: no abbreviation, errors that repeat no value, the recorded command


def _parsers() -> list[Any]:
    p = build_parser()
    subs = next(a for a in p._actions if a.__class__.__name__ == "_SubParsersAction").choices
    return [p, *subs.values()]


def test_no_parser_takes_an_abbreviation():
    parsers = _parsers()
    assert len(parsers) >= 10 and all(not p.allow_abbrev for p in parsers)


@pytest.mark.parametrize("command", ["filter", "prepare", "status", "report", "explain", "doctor"])
@pytest.mark.parametrize("spelling", ["--storage-opt", "--stor", "--storage-option", "--storage-opt="])
def test_an_abbreviated_secret_option_is_refused_without_repeating_its_value(command, spelling, tmp_path):
    secret = unique_secret("ABBREV")
    value = orjson.dumps({"key": "someone", "secret": secret}).decode()
    words = [spelling + value] if spelling.endswith("=") else [spelling, value]
    target = [tmp_path / "in.jsonl"] if command not in ("status", "report") else [tmp_path]
    rc, out, err = _in([command, *target, *words])
    assert rc == 2, err
    assert secret not in out + err
    line = next(ln for ln in err.splitlines() if ln.startswith("corefprep"))
    assert spelling.rstrip("=") in line and "--storage-options" in line, line  # names the option meant
    assert "Traceback" not in err


def test_an_unknown_option_s_value_is_hidden_a_stray_word_is_not(tmp_path):
    rc, _, err = _in(["status", tmp_path, "--colour", "SECRETVALUE"])
    assert rc == 2 and "--colour <hidden>" in err and "SECRETVALUE" not in err
    rc, _, err = _in(["status", tmp_path, "other-dir"])
    assert rc == 2 and "unrecognized arguments: other-dir" in err


def _recorded(argv: list[str]) -> str:
    parser = build_parser()
    return recorded_command(parser, parser.parse_args(argv))


@pytest.mark.parametrize("words", [
    ["--storage-options", "{SECRET}"],
    ["--storage-options={SECRET}"],
])
def test_the_recorded_command_hides_the_secret_option_however_it_was_given(words, tmp_path):
    secret = unique_secret("REC")
    value = orjson.dumps({"secret": secret, "endpoint_url": "http://x"}).decode()
    argv = ["filter", "in put.jsonl", "-o", "s3://bucket/out", "--workers", "2",
            *[w.replace("{SECRET}", value) for w in words]]
    cmd = _recorded(argv)
    assert secret not in cmd
    assert cmd == "corefprep filter 'in put.jsonl' --output-dir s3://bucket/out --workers 2 --storage-options <hidden>"
    assert shlex.split(cmd)[2] == "in put.jsonl"  # quoted: it can be run again as it is


def test_the_recorded_command_names_each_option_once_under_its_own_name():
    cmd = _recorded(["prepare", "a.jsonl", "b.jsonl", "-o", "out", "--keep-pronouns", "--no-progress", "--seq-len",
                     "512", "--seq-len", "256", "--batch-docs", "200000"])
    # -o under its own name, the last --seq-len, --keep-pronouns as the option it sets, a default omitted
    assert cmd == "corefprep prepare a.jsonl b.jsonl --output-dir out --no-progress --no-drop-pronouns --seq-len 256"


def test_the_fallback_from_the_process_s_arguments_hides_every_spelling():
    """What a run records when no command line parsed its options (corefprep used as a library)."""
    from corefprep.run.options import command_line

    cmd = command_line(["/opt/venv/bin/corefprep", "filter", "--storage-opt", "SECRETA", "--stor=SECRETB",
                        "--storage-options", "SECRETC", "-o", "s3://AK:SECRETD@b/out", "--stage-dir", "x"])
    assert "SECRET" not in cmd
    assert cmd == ("corefprep filter --storage-opt <hidden> --stor=<hidden> --storage-options <hidden> -o "
                   "s3://<hidden>@b/out --stage-dir x")


def test_options_from_args_carries_the_recorded_command(tmp_path):
    a = build_parser().parse_args(["filter", str(tmp_path), "--storage-options={\"k\": \"SECRETQ\"}", "-o",
                                   str(tmp_path / "out")])
    opts = options_from_args(a)
    assert opts.command == f"corefprep filter {tmp_path} --output-dir {tmp_path / 'out'} --storage-options <hidden>"


@pytest.mark.parametrize("argv, where", [
    (["filter", "IN", "-o", "s3://AKIAEXAMPLE:{S}@bucket/out"], "the output directory"),
    (["filter", "s3://AKIAEXAMPLE:{S}/with+slash@bucket/in.jsonl"], "an input"),
    (["prepare", "IN", "--model", "s3://key:{S}@models/tok"], "--model"),
    (["prepare", "IN", "--dedup", "exact", "--dedup-against", "s3://key:{S}@b/run"], "--dedup-against"),
    (["filter", "IN", "-o", "s3://bucket/out?token={S}"], "the output directory"),
    (["filter", "s3://bucket/in.jsonl?X-Amz-Signature={S}&X-Amz-Credential=AK"], "an input"),
    (["filter", "hf://datasets/owner/name?token={S}"], "an input"),
    (["status", "s3://key:{S}@bucket/out"], "the output directory"),
    (["report", "s3://bucket/out?sig={S}"], "the output directory"),
    (["explain", "s3://{S}@bucket/out", "--doc-index", "0"], "the document or run to explain"),
    (["doctor", "gs://bucket/in?access_token={S}"], "an input"),
])
def test_a_url_with_credentials_is_a_usage_error_that_hides_them(argv, where, tmp_path):
    secret = unique_secret("URL")
    log = tmp_path / "events.jsonl"
    words = [w.replace("{S}", secret).replace("IN", str(tmp_path / "in.jsonl")) for w in argv]
    if words[0] in ("filter", "prepare"):
        words += ["--log-json", str(log)]
    rc, out, err = _in(words)
    assert rc == 2, err
    assert secret not in out + err
    lines = [ln for ln in err.splitlines() if ln.startswith("corefprep")]
    assert len(lines) == 1 and f"corefprep: error: {where}: " in lines[0], err
    assert "credentials in a URL are not supported" in lines[0] and "<hidden>" in lines[0]
    assert not log.exists() or secret not in log.read_text()


def test_what_only_looks_like_credentials_is_taken(tmp_path):
    """hf://NAME:CONFIG@SPLIT, a glob's "?", an Azure container, a document's text with a URL."""
    a = build_parser().parse_args(["filter", "hf://datasets/o/n:ko@train", "s3://b/part-?.jsonl",
                                   "abfs://container@account.dfs.core.windows.net/x"])
    refuse_url_credentials(a)
    a = build_parser().parse_args(["explain", "--text", "see https://x.org/?token=abc and s3://k:s@b/x"])
    refuse_url_credentials(a)


# ----------------------------------------------------------------------------------------------
# whole runs on a store: every spelling, then look everywhere


@dataclass
class Runs:
    secrets: dict[str, str]
    stage: Path
    stage_env: Path
    log: Path
    said: list[str] = field(default_factory=list)  # every stdout and stderr
    leases: list[bytes] = field(default_factory=list)  # the lease object as seen during the runs
    report: Path | None = None
    results: dict[str, tuple[int, str, str]] = field(default_factory=dict)


class LeaseWatcher(Repeating):
    """Reads every lease object under a prefix while runs hold it (it is released at the end)."""

    every = 0.02

    def __init__(self, s3: S3Server, bucket: str):
        super().__init__()
        self.client, self.bucket, self.seen = s3.client(), bucket, []

    def tick(self) -> None:
        for page in self.client.get_paginator("list_objects_v2").paginate(Bucket=self.bucket):
            for o in page.get("Contents", []):
                if "lease" in o["Key"]:
                    with contextlib.suppress(Exception):  # released since listed
                        self.seen.append(self.client.get_object(Bucket=self.bucket, Key=o["Key"])["Body"].read())


@contextlib.contextmanager
def _fresh_filesystems() -> Iterator[None]:
    """Credentials are read when an s3fs instance is made: none is kept from another run's."""
    from s3fs import S3FileSystem

    from corefprep.store.urls import use_storage_options

    S3FileSystem.clear_instance_cache()
    try:
        yield
    finally:
        use_storage_options({})
        S3FileSystem.clear_instance_cache()


@pytest.fixture(scope="module")
def runs(s3_server: S3Server, tmp_path_factory: pytest.TempPathFactory) -> Iterator[Runs]:
    mini = mc.mini_corpus(tmp_path_factory)
    mc.warm_kiwi()
    root = tmp_path_factory.mktemp("secrets")
    s3_server.bucket("secrets")
    secrets = {k: unique_secret(k.upper()) for k in ("joined", "separate", "status", "env_key", "env_secret")}
    r = Runs(secrets, root / "stage", root / "stage-env", root / "events.jsonl")

    def options(secret: str) -> str:
        return orjson.dumps({"key": "someone", "secret": secret, "endpoint_url": s3_server.endpoint}).decode()

    def run(name: str, argv: list[Any]) -> None:
        with _fresh_filesystems():
            r.results[name] = res = _in(argv)
        r.said += res[1:]

    common = [mini, "-o", "s3://secrets/out", "--stage-dir", r.stage, "--log-json", r.log, *ARGS]
    with pytest.MonkeyPatch.context() as mp, LeaseWatcher(s3_server, "secrets") as leases:
        for k in ("AWS_ACCESS_KEY_ID", "AWS_SECRET_ACCESS_KEY"):  # only --storage-options give credentials
            mp.delenv(k)
        run("joined", ["filter", *common, f"--storage-options={options(secrets['joined'])}"])
        run("separate", ["filter", *common, "--storage-options", options(secrets["separate"])])  # resumes
        run("status", ["status", "s3://secrets/out", "--storage-options", options(secrets["status"])])
        mp.chdir(root)  # a run on a store: the report goes to ./NAME-report
        run("report", ["report", "s3://secrets/out", f"--storage-options={options(secrets['status'])}"])
        run("explain", ["explain", "s3://secrets/out", "--doc-index", "0", "--storage-options",
                        options(secrets["status"])])
        # credentials from the environment (moto takes any): a unique key id and secret
        mp.setenv("AWS_ACCESS_KEY_ID", secrets["env_key"])
        mp.setenv("AWS_SECRET_ACCESS_KEY", secrets["env_secret"])
        run("env", ["filter", mini, "-o", "s3://secrets/env", "--stage-dir", r.stage_env, "--log-json", r.log, *ARGS])
        run("env-status", ["status", "s3://secrets/env"])
    r.leases = leases.seen
    r.report = root / "out-report"
    yield r


@pytest.mark.slow
def test_every_spelling_reaches_the_store_and_status_report_explain_read_it(runs: Runs):
    for name in ("joined", "separate", "status", "report", "explain", "env", "env-status"):
        assert runs.results[name][0] == 0, (name, runs.results[name][2])
    assert "documents" in runs.results["status"][1] and "has_pronoun" in runs.results["explain"][1]
    assert runs.report is not None and (runs.report / "report.html").is_file()
    assert runs.leases, "the lease was never seen on the store"


@pytest.mark.slow
def test_no_secret_in_any_file_object_event_or_output(runs: Runs, s3_server: S3Server, tmp_path: Path):
    secrets = list(runs.secrets.values())
    stored = s3_server.download("s3://secrets/out", tmp_path / "out")
    s3_server.download("s3://secrets/env", tmp_path / "env")
    keys = s3_server.keys("secrets")
    files = [p for base in (runs.stage, runs.stage_env, tmp_path, runs.report) for p in base.rglob("*") if p.is_file()]
    assert len(files) > 20 and (stored / "work" / "run.json").is_file()
    texts = [*runs.said, runs.log.read_text(), *keys, *(b.decode() for b in runs.leases)]
    for secret in secrets:
        for text in texts:
            assert secret not in text
        for p in files:
            assert secret.encode() not in p.read_bytes(), p
    assert SECRET_KEY not in "".join(runs.said)  # the test server's own secret: never printed either


@pytest.mark.slow
def test_the_recorded_command_names_the_secret_option_hidden(runs: Runs, s3_server: S3Server, tmp_path: Path):
    stored = s3_server.download("s3://secrets/out", tmp_path / "out")
    command = orjson.loads((stored / "work" / "run.json").read_bytes())["command"]
    assert command.startswith("corefprep filter ") and " --output-dir s3://secrets/out " in command, command
    assert " --storage-options <hidden> " in command and " --batch-docs 4 --workers 2 " in command, command
    starts = [orjson.loads(ln)["command"] for ln in runs.log.read_text().splitlines() if '"run_start"' in ln]
    assert len(starts) == 3 and all(" --storage-options <hidden> " in c for c in starts[:2]), starts
    leases = [orjson.loads(b) for b in runs.leases]
    assert leases and all(lease["command"].startswith("corefprep filter ") for lease in leases)
    assert "run: none live (last: pid" in runs.results["status"][1]
    assert "--storage-options <hidden>" in runs.results["status"][1]
