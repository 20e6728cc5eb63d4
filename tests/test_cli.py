"""The command line (SPEC 3): status (table and --json), exit codes, one-line errors, doctor.

Most commands run in this process through ``corefprep.cli.main``; one subprocess checks the real
exit code and stderr of ``python -m corefprep``.
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys

import orjson
import pytest
from fixtures import minicorpus as mc
from fixtures.faults import install as install_faults

from corefprep.cli import main


def _status_json(out, capsys) -> dict:
    capsys.readouterr()
    assert main(["status", str(out), "--json"]) == 0
    return orjson.loads(capsys.readouterr().out)


def _check_totals_add_up(st: dict, n_docs: int) -> None:
    t = st["totals"]
    # personal data is counted beside, never as a reason (the documents holding it are kept)
    assert set(t) == {"documents", "passed", "rejected", "malformed", "pii", "pii_docs", "pii_modes"}
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
    assert sum(1 for line in lines if " done " in line) == 0  # a summary: batches are listed on request
    assert any(line.startswith(f"total: {n_lines:,} documents done") for line in lines)
    assert any(line.startswith("rejected: ") and "too_short" in line for line in lines)
    assert main(["status", str(out), "--batches", "0-3"]) == 0
    assert sum(1 for line in capsys.readouterr().out.splitlines() if " done " in line) == 4
    assert main(["status", str(out), "--batches", "4"]) == 2  # the run has batches 0-3
    assert "only 4 batches" in capsys.readouterr().err


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


def test_the_closing_line_says_how_many_duplicates_were_removed(mini_out, tmp_path_factory, tmp_path, capsys):
    import shutil

    corpus = str(mc.mini_corpus(tmp_path_factory))
    out = tmp_path / "out"
    shutil.copytree(mini_out / "work", out / "work")
    st = _status_json(out, capsys)
    passed = st["totals"]["passed"]
    rejected, malformed = sum(st["totals"]["rejected"].values()), sum(st["totals"]["malformed"].values())
    head = f"done: {st['inputs_documents']:,} documents in {st['num_batches']}/{st['num_batches']} batches, "
    args = ["-o", str(out), "--batch-docs", "4", "--workers", "2", "--no-progress"]
    capsys.readouterr()
    assert main(["filter", corpus, *args]) == 0  # nothing deduplicated: the filter's counts
    assert capsys.readouterr().out.strip() == f"{head}{passed:,} passed, {rejected:,} rejected, {malformed:,} malformed"
    assert main(["dedup", corpus, *args, "--dedup", "exact"]) == 0
    said = capsys.readouterr().out.strip()
    removed = orjson.loads((out / "work" / "dedup" / "result" / "summary.json").read_bytes())["removed"]
    assert removed == passed // 2  # the mini corpus holds every kept document twice
    assert said == (f"{head}{passed:,} passed the filter ({rejected:,} rejected, {malformed:,} malformed), "
                    f"{removed:,} duplicates removed, {passed - removed:,} kept")


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
    install_faults("raise@8", monkeypatch)  # doc 8 (batch 2) reaches the Kiwi workers
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
    install_faults("", monkeypatch)
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


@pytest.mark.slow
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


@pytest.mark.slow
def test_status_into_a_pipe_whose_reader_has_gone_is_quiet(mini_out, tmp_path):
    """``corefprep status DIR | head``: the reader closing the pipe is not an error; nothing on stderr,
    exit 141 (128 + SIGPIPE, as the shell reports a command ended by it). An error of the run itself
    still says its line."""
    for args, code, err in ((["status", str(mini_out), "--batches", "0-6"], 141, ""),
                            (["status", str(tmp_path / "none")], 1, "holds no corefprep run")):
        read, write = os.pipe()
        os.close(read)  # the reader is gone before the first line
        try:
            r = subprocess.run([sys.executable, "-m", "corefprep", *args], stdout=write, stderr=subprocess.PIPE,
                               text=True, timeout=120, env={**os.environ, "HF_HUB_OFFLINE": "1"})
        finally:
            os.close(write)
        assert r.returncode == code, r.stderr
        assert (err in r.stderr) if err else r.stderr == ""


def test_version(capsys):
    from corefprep import __version__

    with pytest.raises(SystemExit) as ei:
        main(["--version"])
    assert ei.value.code == 0
    assert __version__ in capsys.readouterr().out


# --------------------------------------------------------------------------- doctor


@pytest.mark.slow
def test_doctor_reports_machine_tokenizer_plan_and_disk(tmp_path, capsys):
    rc = main(["doctor", "--output-dir", str(tmp_path)])
    assert rc in (0, 1)
    out = capsys.readouterr().out
    lines = out.splitlines()
    assert any(line.startswith("machine: ") and "CPUs" in line and "GiB free" in line for line in lines)
    tok = [line for line in lines if line.startswith("tokenizer: ")]
    assert tok and "fast" in tok[0] and "PROBLEM" not in tok[0]
    assert any(line.startswith("plan: ") and " workers (" in line for line in lines)
    assert any(line.startswith("disk: ") for line in lines)


@pytest.mark.slow
def test_doctor_with_a_bad_tokenizer_exits_1(tmp_path, capsys, monkeypatch):
    monkeypatch.setenv("HF_HUB_OFFLINE", "1")
    assert main(["doctor", "--model", str(tmp_path / "no-tokenizer-here")]) == 1
    out = capsys.readouterr().out
    assert "tokenizer: PROBLEM" in out and "PROBLEMS (1)" in out


# --------------------------------------------------------------------------- events, progress, help


def _events(path) -> list[dict]:
    return [orjson.loads(line) for line in path.read_bytes().splitlines()]


def test_log_json_has_every_stage_and_the_run_outcome(tmp_path_factory, tmp_path, capsys):
    from datasets import load_from_disk

    corpus = mc.mini_corpus(tmp_path_factory)
    out, log = tmp_path / "out", tmp_path / "events.jsonl"
    assert mc.run_cli(["prepare", str(corpus), "-o", str(out), "--batch-docs", "4", "--workers", "2", "--no-progress",
                       "--seq-len", "256", "--log-json", str(log)]) == 0
    ev = _events(log)
    names = [(e["event"], e.get("stage")) for e in ev]
    # the mini corpus is not the bundled sample: the bundled demo tokenizer is a warning, in the log too
    assert names == [("run_start", None), ("warning", None), ("stage_start", "filter")] + [("batch_done", None)] * 7 + [
        ("stage_done", "filter"), ("stage_start", "samples"), ("stage_done", "samples"), ("stage_start", "tokenize"),
        ("stage_done", "tokenize"), ("stage_start", "merge"), ("stage_done", "merge"), ("run_done", None)]
    assert all(e["output_dir"] == str(out) and e["time"].endswith("Z") for e in ev)
    final = out / "entity_coref_v2_256"
    meta = orjson.loads((final / "metadata.json").read_bytes())
    by = {(e["event"], e.get("stage")): e for e in ev}
    assert by[("warning", None)]["check"] == "tokenizer" and "--model" in by[("warning", None)]["message"]
    assert by[("stage_done", "samples")]["samples"] == meta["samples_before_tokenize"]
    assert by[("stage_done", "tokenize")]["dropped_samples"] == meta["dropped_samples"]
    assert by[("stage_done", "merge")]["rows"] == len(load_from_disk(str(final)))
    assert by[("run_done", None)]["documents"] == len(mc.mini_corpus_lines(tmp_path_factory))
    for stage in ("samples", "tokenize", "merge"):
        assert by[("stage_done", stage)]["seconds"] >= 0
    # a stage command logs only the stages it runs
    log2 = tmp_path / "samples.jsonl"
    assert mc.run_cli(["samples", str(corpus), "-o", str(out), "--batch-docs", "4", "--no-progress", "--seq-len",
                       "256", "--log-json", str(log2)]) == 0
    assert [(e["event"], e.get("stage")) for e in _events(log2)] == [
        ("run_start", None), ("stage_start", "samples"), ("stage_done", "samples"), ("run_done", None)]


def test_a_failed_run_logs_an_error_event(tmp_path_factory, tmp_path, capsys, monkeypatch):
    corpus = mc.mini_corpus(tmp_path_factory)
    out, log = tmp_path / "out", tmp_path / "events.jsonl"
    install_faults("raise@8", monkeypatch)
    capsys.readouterr()
    assert mc.run_cli(["filter", str(corpus), "-o", str(out), "--batch-docs", "4", "--workers", "2", "--no-progress",
                       "--retries", "0", "--log-json", str(log)]) == 1
    err = capsys.readouterr().err.strip().splitlines()[-1]
    last = _events(log)[-1]
    assert last["event"] == "error" and last["exit_code"] == 1 and last["command"] == "filter"
    assert last["error"] == "BatchFailedError" and "corefprep: " + last["message"] == err
    # an error before any stage (a missing input) is logged too
    assert main(["prepare", str(tmp_path / "missing.jsonl"), "-o", str(out), "--log-json", str(log)]) == 1
    last = _events(log)[-1]
    assert last["event"] == "error" and "missing.jsonl" in last["message"] and last["exit_code"] == 1


def test_filter_shows_an_overall_bar_and_a_batch_bar_on_a_terminal(tmp_path_factory, tmp_path, capsys,
                                                                    monkeypatch):
    import corefprep.core.log as log

    monkeypatch.setattr(log, "stderr_is_terminal", lambda: True)
    corpus = mc.mini_corpus(tmp_path_factory)
    capsys.readouterr()
    assert mc.run_cli(["filter", str(corpus), "-o", str(tmp_path / "out"), "--batch-docs", "4", "--workers", "2"]) == 0
    err = capsys.readouterr().err
    assert "filter: 100%" in err and "/25 [" in err  # the whole filter, with its ETA field
    for k in range(7):
        assert f"batch {k} ({k + 1}/7)" in err  # the batch being computed, one at a time


@pytest.mark.slow
def test_a_log_file_gets_plain_lines_one_per_batch_and_stage(tmp_path_factory, tmp_path):
    """stderr to a file (nohup, a scheduler): no bar, no carriage return, no cursor move; the
    lines say the plan, each batch and each stage."""
    corpus = mc.mini_corpus(tmp_path_factory)
    log = tmp_path / "run.log"
    with open(log, "w") as f:
        r = subprocess.run([sys.executable, "-m", "corefprep", "prepare", str(corpus), "-o", str(tmp_path / "out"),
                            "--batch-docs", "4", "--workers", "2", "--seq-len", "256"], stderr=f,
                           stdout=subprocess.PIPE, text=True, timeout=300, env={**os.environ, "HF_HUB_OFFLINE": "1"})
    assert r.returncode == 0
    text = log.read_text()
    assert "\r" not in text and "\x1b[" not in text, repr(text[:500])
    lines = text.splitlines()
    assert sum(ln.startswith("batch 0000") for ln in lines) == 7
    for stage in ("plan:", "filter:", "samples:", "tokenize:", "merge:"):
        assert sum(ln.startswith(stage) for ln in lines) == 1, (stage, lines)
    # the mini corpus is not the bundled sample: one warning line names the demo tokenizer, first
    assert lines[0].startswith("preflight: warning: the tokenizer is the bundled demo vocabulary"), lines[0]
    assert len(lines) == 1 + 7 + 5, lines


def _help(argv: list[str], capsys) -> str:
    with pytest.raises(SystemExit) as ei:
        main([*argv, "--help"])
    assert ei.value.code == 0
    return " ".join(capsys.readouterr().out.split())  # unwrapped


def test_stage_help_says_what_each_command_runs(capsys):
    assert "then stop. The samples and tokenize options are ignored" in _help(["filter"], capsys)
    samples = _help(["samples"], capsys)
    assert "It does not run the filter: every filter batch must be done" in samples
    assert "ignored by `corefprep samples`, except --objective and --tok-chunk" in samples
    tok = _help(["tokenize"], capsys)
    assert "Run dedup and the samples stage" in tok and "It writes no final dataset" in tok
    assert "Run dedup, samples, tokenize and merge" in _help(["merge"], capsys)
    dedup = _help(["dedup"], capsys)
    assert "Remove duplicate documents among the kept documents" in dedup and "removed.parquet" in dedup
    assert "ignored by `corefprep dedup`" in dedup


def test_help_names_every_kind_of_input_and_what_the_default_tokenizer_is(capsys):
    text = _help(["prepare"], capsys)
    assert "hf://datasets/NAME[:CONFIG][@SPLIT] or s3://bucket/prefix/" in text
    assert "default: a demo vocabulary for the bundled sample" in text
    for history in ("today's", "seed script", "../shared"):
        assert history not in text


def test_every_option_with_a_default_shows_it(capsys):
    """`prepare --help`: each option whose default is a value says "default" in its help."""
    from corefprep.cli import build_parser

    parser = build_parser()
    prepare = parser._subparsers._group_actions[0].choices["prepare"]  # argparse has no public accessor
    text = prepare.format_help()
    blocks: dict[str, str] = {}
    current = None
    for line in text.splitlines():
        if line.startswith("  -"):
            current = line.split()[0].rstrip(",")
            blocks[current] = line
        elif current and line.startswith("    "):
            blocks[current] += " " + line.strip()
        else:
            current = None
    checked = 0
    for action in prepare._actions:
        if (not action.option_strings or action.default in (None, False, argparse.SUPPRESS)
                or isinstance(action, argparse._StoreFalseAction)):
            continue
        flag = action.option_strings[0]
        assert "default" in blocks[flag], (flag, blocks[flag])
        checked += 1
    assert checked >= 15
    assert "(default: 200000)" in blocks["--batch-docs"] and "(default: 1000)" in blocks["--max-entity-freq"]
    assert "(default: 2048)" in blocks["--seq-len"]
    # a flag that turns something off stores False into a default of True: "(default: True)" would
    # read as "this flag is on"; like every flag it shows no default
    for flag in ("--no-pack", "--no-progress", "--keep-pronouns"):
        assert "default" not in blocks[flag], blocks[flag]

