"""Run settings from the environment: DATASET_* variables set defaults, and a bad value is one
sentence (exit 2), never a traceback."""

from __future__ import annotations

import subprocess
import sys

import pytest

from corefprep.errors import UsageError
from corefprep.options import RunOptions


@pytest.mark.parametrize("value", ["abc", "-5", "0", "1.5"])
def test_a_bad_dataset_variable_is_a_usage_error(monkeypatch, value):
    monkeypatch.setenv("DATASET_BATCH_SIZE", value)
    with pytest.raises(UsageError, match=f"DATASET_BATCH_SIZE='{value}' is not a positive whole number"):
        RunOptions()


def test_dataset_variables_set_the_defaults(monkeypatch):
    monkeypatch.setenv("DATASET_NUM_PROC", "3")
    monkeypatch.setenv("DATASET_WRITER_BATCH_SIZE", "222")
    opts = RunOptions()
    assert (opts.num_proc, opts.writer_batch_size) == (3, 222)


@pytest.mark.parametrize("argv", [["prepare", "--help"], ["prepare", "-o", "{tmp}"], ["doctor"]])
def test_the_real_cli_says_one_sentence(tmp_path, argv):
    env = {"DATASET_NUM_PROC": "many", "HF_HUB_OFFLINE": "1", "PATH": "/usr/bin:/bin"}
    r = subprocess.run([sys.executable, "-m", "corefprep", *[a.format(tmp=tmp_path) for a in argv]],
                       capture_output=True, text=True, env=env, timeout=120)
    if argv[-1] == "--help":  # the help does not read the environment
        assert r.returncode == 0 and "--num-proc" in r.stdout
        return
    if argv[0] == "doctor":  # the doctor reports it among its findings
        assert "DATASET_NUM_PROC" in r.stdout + r.stderr and "Traceback" not in r.stderr
        return
    assert r.returncode == 2, r.stderr
    lines = r.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("corefprep: error: environment variable DATASET_NUM_PROC='many' "
                                                   "is not a positive whole number"), lines
