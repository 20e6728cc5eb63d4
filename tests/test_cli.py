"""The command line (SPEC 3): status (table and --json), exit codes, one-line errors, doctor.

Most commands run in this process through ``corefprep.cli.main``; one subprocess checks the real
exit code and stderr of ``python -m corefprep``.
"""

from __future__ import annotations

import os
import subprocess
import sys

import orjson
import pytest
from fixtures import minicorpus as mc

from corefprep.cli import main


def _status_json(out, capsys) -> dict:
    capsys.readouterr()
    assert main(["status", str(out), "--json"]) == 0
    return orjson.loads(capsys.readouterr().out)


def _check_totals_add_up(st: dict, n_docs: int) -> None:
    t = st["totals"]
    assert set(t) == {"documents", "passed", "rejected", "malformed"}
    assert t["documents"] == n_docs
    assert t["passed"] + sum(t["rejected"].values()) + sum(t["malformed"].values()) == n_docs
    for b in st["batches"]:
        assert {"batch", "state", "documents", "passed", "rejected", "malformed"} <= set(b)
        if b["state"] == "done":
            assert b["passed"] + sum(b["rejected"].values()) + sum(b["malformed"].values()) == b["documents"]
    done = [b for b in st["batches"] if b["state"] == "done"]
    assert sum(b["documents"] for b in done) == n_docs


# --------------------------------------------------------------------------- status


def test_status_json_on_the_bundled_sample(tmp_path_factory, capsys):
    out = mc.bundled_filter_run(tmp_path_factory)
    n_lines = len(mc.bundled_records())
    st = _status_json(out, capsys)
    assert (st["inputs_documents"], st["num_batches"], st["done"], st["pending"], st["failed"]) == (
        n_lines, 4, 4, 0, 0)
    _check_totals_add_up(st, n_lines)
    assert st["totals"]["passed"] == len(mc.passing_bundled_docs(tmp_path_factory))
    assert st["totals"]["malformed"] == {}
    assert {"too_short", "has_pronoun"} <= set(st["totals"]["rejected"])


def test_status_table_on_the_bundled_sample(tmp_path_factory, capsys):
    out = mc.bundled_filter_run(tmp_path_factory)
    n_lines = len(mc.bundled_records())
    capsys.readouterr()
    assert main(["status", str(out)]) == 0
    text = capsys.readouterr().out
    lines = text.splitlines()
    assert f"{n_lines:,} input documents in 4 batches of 100" in lines[0]
    assert "4 done, 0 pending, 0 failed" in lines[0]
    assert sum(1 for line in lines if " done " in line) == 4
    assert any(line.startswith(f"total: {n_lines:,} documents done") for line in lines)
    assert any(line.startswith("rejected: ") and "too_short" in line for line in lines)


@pytest.fixture(scope="module")
def mini_out(tmp_path_factory):
    corpus = mc.mini_corpus(tmp_path_factory)
    out = tmp_path_factory.mktemp("cli_mini")
    assert mc.run_cli(["filter", str(corpus), "-o", str(out), "--batch-docs", "4", "--workers", "2",
                       "--no-progress"]) == 0
    return out


def test_status_json_counts_malformed_records(mini_out, tmp_path_factory, capsys):
    n_lines = len(mc.mini_corpus_lines(tmp_path_factory))
    st = _status_json(mini_out, capsys)
    _check_totals_add_up(st, n_lines)
    assert st["totals"]["malformed"] == {"invalid_json": 1, "missing_text": 1, "text_not_string": 1}
    assert st["totals"]["rejected"]["too_short"] == 2
    capsys.readouterr()
    assert main(["status", str(mini_out)]) == 0
    text = capsys.readouterr().out
    assert "malformed: " in text and "invalid_json 1" in text


def test_status_of_a_partial_and_a_failed_run(tmp_path_factory, tmp_path, capsys, monkeypatch):
    corpus = mc.mini_corpus(tmp_path_factory)
    out = tmp_path / "out"
    args = ["filter", str(corpus), "-o", str(out), "--batch-docs", "4", "--workers", "2", "--no-progress"]
    assert mc.run_cli([*args, "--batches", "0-1"]) == 0
    st = _status_json(out, capsys)
    assert (st["done"], st["pending"], st["failed"]) == (2, 5, 0)
    assert st["totals"]["documents"] == 8
    assert [b["state"] for b in st["batches"]] == ["done"] * 2 + ["pending"] * 5
    # a batch that keeps failing is marked failed, with its error, and the run exits 1
    monkeypatch.setenv("COREFPREP_FAULTS", "raise@8")  # doc 8 (batch 2) reaches the Kiwi workers
    capsys.readouterr()
    assert mc.run_cli([*args, "--retries", "1"]) == 1
    err = capsys.readouterr().err
    assert "batch 2" in err and "document 8" in err and "Traceback" not in err
    st = _status_json(out, capsys)
    assert st["batches"][2]["state"] == "failed" and "document 8" in st["batches"][2]["error"]
    assert st["failed"] == 1
    capsys.readouterr()
    assert main(["status", str(out)]) == 0
    assert "failed" in capsys.readouterr().out
    monkeypatch.delenv("COREFPREP_FAULTS")
    assert mc.run_cli(args) == 0
    st = _status_json(out, capsys)
    assert (st["done"], st["pending"], st["failed"]) == (7, 0, 0)
    _check_totals_add_up(st, len(mc.mini_corpus_lines(tmp_path_factory)))


def test_strict_makes_a_malformed_record_an_error(tmp_path_factory, tmp_path, capsys):
    corpus = mc.mini_corpus(tmp_path_factory)
    lines = mc.mini_corpus_lines(tmp_path_factory)
    first_bad = next(i for i, line in enumerate(lines) if not line.endswith(b"}"))  # the invalid JSON line
    out = tmp_path / "out"
    capsys.readouterr()
    assert mc.run_cli(["filter", str(corpus), "-o", str(out), "--batch-docs", "4", "--workers", "2",
                       "--no-progress", "--strict"]) == 1
    err = capsys.readouterr().err
    last = err.strip().splitlines()[-1]
    assert f"mini.jsonl:{first_bad + 1}" in last and "--strict" in last and "Traceback" not in err
    # batches before the bad record are finished and kept
    st = _status_json(out, capsys)
    assert [b["state"] for b in st["batches"][: first_bad // 4]] == ["done"] * (first_bad // 4)
    assert st["batches"][first_bad // 4]["state"] != "done"


def test_status_of_a_directory_without_a_run(tmp_path, capsys):
    assert main(["status", str(tmp_path)]) == 1
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "no corefprep run" in err
    assert main(["status", str(tmp_path / "absent"), "--json"]) == 1


# --------------------------------------------------------------------------- exit codes and errors


@pytest.mark.parametrize("argv", [
    [],
    ["frobnicate"],
    ["prepare", "--no-such-option"],
    ["prepare", "--batch-docs", "0"],
    ["prepare", "--workers", "-1"],
    ["prepare", "--seq-len", "many"],
    ["prepare", "--mask-style", "half"],
    ["prepare", "--unaligned", "shrink"],
    ["status", "a", "b"],
])
def test_argument_errors_exit_2(argv, capsys):
    with pytest.raises(SystemExit) as ei:
        main(argv)
    assert ei.value.code == 2
    assert "Traceback" not in capsys.readouterr().err


@pytest.mark.parametrize("extra, fragment", [
    (["--min-chars", "900", "--max-chars", "800"], "--min-chars"),
    (["--min-nnp-share", "0.5", "--max-nnp-share", "0.1"], "--min-nnp-share"),
])
def test_impossible_settings_exit_2(extra, fragment, tmp_path, capsys):
    assert main(["prepare", "-o", str(tmp_path / "o"), *extra]) == 2
    err = capsys.readouterr().err
    assert err.startswith("corefprep: error:") and fragment in err and err.count("\n") == 1


def test_missing_input_exits_1_with_one_line(tmp_path, capsys):
    missing = tmp_path / "nope" / "input.jsonl"
    out = tmp_path / "out"
    assert main(["prepare", str(missing), "-o", str(out), "--no-progress"]) == 1
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and err.startswith("corefprep: error:")
    assert str(missing) in err and "Traceback" not in err
    assert not (out / "work" / "LOCK").exists()
    # --debug adds the traceback
    assert main(["prepare", str(missing), "-o", str(out), "--no-progress", "--debug"]) == 1
    assert "Traceback" in capsys.readouterr().err


def test_missing_input_real_process(tmp_path):
    env = {**os.environ, "HF_HUB_OFFLINE": "1"}
    missing = tmp_path / "missing.jsonl.zst"
    r = subprocess.run([sys.executable, "-m", "corefprep", "filter", str(missing), "-o", str(tmp_path / "o")],
                       capture_output=True, text=True, env=env, timeout=120)
    assert r.returncode == 1
    assert r.stderr.count("\n") == 1 and "Traceback" not in r.stderr and str(missing) in r.stderr
    assert r.stdout == ""
    r = subprocess.run([sys.executable, "-m", "corefprep", "filter", "--batches", "1-2-3", str(missing)],
                       capture_output=True, text=True, env=env, timeout=120, cwd=tmp_path)
    assert r.returncode in (1, 2)  # the missing input or the bad spec, whichever is checked first
    assert r.stderr.count("\n") == 1 and "Traceback" not in r.stderr


def test_version(capsys):
    from corefprep import __version__

    with pytest.raises(SystemExit) as ei:
        main(["--version"])
    assert ei.value.code == 0
    assert __version__ in capsys.readouterr().out


# --------------------------------------------------------------------------- doctor


def test_doctor_reports_cores_memory_and_tokenizer(tmp_path, capsys):
    rc = main(["doctor", "--output-dir", str(tmp_path)])
    assert rc in (0, 1)
    out = capsys.readouterr().out
    lines = out.splitlines()
    assert any(line.startswith("cores (usable): ") for line in lines)
    assert any(line.startswith("memory: ") and "GiB" in line for line in lines)
    tok = [line for line in lines if line.startswith("tokenizer: ")]
    assert tok and "fast" in tok[0] and "PROBLEM" not in tok[0]
    assert any(line.startswith("recommended: --workers ") for line in lines)
    assert any(line.startswith("disk at ") for line in lines)


def test_doctor_with_a_bad_tokenizer_exits_1(tmp_path, capsys, monkeypatch):
    monkeypatch.setenv("HF_HUB_OFFLINE", "1")
    assert main(["doctor", "--model", str(tmp_path / "no-tokenizer-here")]) == 1
    out = capsys.readouterr().out
    assert "tokenizer: PROBLEM" in out
