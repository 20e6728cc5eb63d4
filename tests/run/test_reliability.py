"""Reliability (issue 4, SPEC 2.2 and 5): kill -9 and resume, dying workers, operator mistakes, full disk.

Runs use a small two-file corpus built from the bundled sample: the documents that pass rule set
v2, a few that only Kiwi rejects, cheap-rejected filler and two malformed records, in 3 filter
batches and ~6 tokenize chunks, so a whole `corefprep prepare` takes seconds. A session fixture
makes one uninterrupted reference run; every interrupted run must end with the same final
dataset, row for row (a hash over all columns of every row, in order).

Kills are SIGKILLs of the whole process group (CLI + Pool workers). To hit exact moments the CLI
runs under a small harness (HOOK_SRC) that kills its own group right before or after a chosen
os.replace (a temporary file or directory becoming final) or when an input is opened; other
moments are hit from outside by polling the work directory. Long sweeps live in test_soak.py.
"""

from __future__ import annotations

import errno
import json
import os
import shutil
import signal
import time
from pathlib import Path
from typing import Any

import orjson
import pytest
from fixtures.cli import (
    FINAL_NAME,
    RUN_OPTS,
    TIMEOUT,
    assert_accounting,
    assert_nothing_false_done,
    assert_one_sentence,
    cli_inprocess,
    dataset_digest,
    filter_rows,
    kill_group,
    leftovers,
    popen_cli,
    run_cli,
    run_killed_when,
    status_json,
)
from fixtures.faults import install as install_faults
from fixtures.reliability import Corpus, Reference, copy_output, full_disk_then_free
from fixtures.shared import REPO

# ----------------------------------------------------------------------------------------------
# 1. kill -9 at many moments, then resume


# (moment, how, *extra options): "before|regex|n" / "after|regex|n" / "open|regex|n" are kill-harness
# specs; "poll:GLOB" kills from outside once GLOB (under the output dir) matches something.
KILL_CHAIN = [
    ("reading the second input file during the filter", "open|part2\\.jsonl$|1"),
    ("mid-batch: batch 1's parquet written under its temporary name",
     "before|\\.batch_00001\\.parquet\\.tmp-\\d+ -> |1"),
    ("between batches: batch 1 finished, batch 2 not started", "after|-> .*/batch_00001\\.json$|1"),
    ("batch 2's parquet in place, its stats record not yet", "after|-> .*/batch_00002\\.parquet$|1"),
    ("a samples chunk written under its temporary name", "before|/samples/\\.chunk_00001\\.arrow\\.tmp -> |1"),
    ("mid-tokenization (external kill while a chunk's temporary directory exists)",
     "poll:work/tokenized/*/.chunk_*.tmp-*"),
    ("a tokenized chunk complete in its temporary directory", "before|/\\.chunk_00002\\.tmp-\\d+ -> |1"),
    ("a tokenized chunk in place, its record not yet", "after|-> .*/tokenized/[0-9a-f]+/chunk_00003$|1"),
    ("merge: the final dataset written under its temporary name",
     f"before|/\\.{FINAL_NAME}\\.tmp-\\d+ -> |1"),
    ("merge: the final directory in place, _COMPLETE not yet", f"after|-> .*/{FINAL_NAME}$|1"),
    ("merge: right after _COMPLETE was written", f"after|-> .*/{FINAL_NAME}/_COMPLETE$|1"),
    ("re-merge (another entity cap): the old complete dataset moved aside",
     f"after|-> .*/\\.{FINAL_NAME}\\.old-\\d+$|1", "--max-entity-freq", "3"),
]


@pytest.mark.slow
def test_kill_and_resume_at_every_stage(corpus: Corpus, reference: Reference, tmp_path: Path) -> None:
    """SIGKILL the process group at each moment of KILL_CHAIN in turn (every rerun resumes the last
    one's leftovers); the run that finally completes equals the uninterrupted reference."""
    from corefprep.ops.status import collect_status

    out = tmp_path / "out"
    prepare = ["prepare", *corpus.args, "-o", out, *RUN_OPTS]

    # 0. A run holding the lock (stopped with SIGSTOP, so surely alive) refuses a second run.
    first = popen_cli(prepare)
    try:
        deadline = time.monotonic() + TIMEOUT
        while not (out / "work" / "manifest.json").exists():
            assert first.poll() is None, first.communicate()[1]
            assert time.monotonic() < deadline
            time.sleep(0.005)
        os.killpg(first.pid, signal.SIGSTOP)
        second = run_cli(["filter", *corpus.args, "-o", out, *RUN_OPTS])
        assert second.returncode == 1
        assert_one_sentence(second.stderr, "in use by another corefprep run", f"pid {first.pid}")
    finally:
        kill_group(first)
    from corefprep.core.workdir import WorkDir
    from corefprep.store.lock import read_lock_holder

    assert read_lock_holder(WorkDir(out))["pid"] == first.pid  # stale lock left behind

    missed = []
    for moment, how, *extra in KILL_CHAIN:
        if how.startswith("poll:"):
            pattern = how[len("poll:"):]
            killed = run_killed_when(prepare + extra, lambda pattern=pattern: any(out.glob(pattern)))
        else:
            r = run_cli(prepare + extra, kill=how)
            killed = r.returncode == -signal.SIGKILL
            assert killed or r.returncode == 0, f"{moment}: exit {r.returncode}\n{r.stderr}"
            assert "Traceback" not in r.stderr
        if not killed:
            missed.append(moment)
            continue
        # the killed run's lock is stale and is taken over by the next run (which got this far)
        assert (out / "work" / "LOCK").exists()
        assert_nothing_false_done(out)
        st = collect_status(out)  # status never lists a temporary or set-aside dataset
        assert all(not Path(d["path"]).name.startswith(".") for d in st["datasets"]), st["datasets"]

    final = run_cli(prepare)
    assert final.returncode == 0, final.stderr
    assert (out / FINAL_NAME / "_COMPLETE").exists()
    assert dataset_digest(out / FINAL_NAME) == (reference.rows, reference.digest)
    assert filter_rows(out) == reference.filter_rows
    assert leftovers(out) == []
    assert not (out / "work" / "LOCK").exists()
    st = status_json(out)
    assert_accounting(st, corpus.records)
    assert st["totals"] == reference.status["totals"]
    assert [Path(d["path"]).name for d in st["datasets"]] == [FINAL_NAME]
    assert not missed, f"moments never reached (did a file name change?): {missed}"


def test_ctrl_c_stops_cleanly_and_the_rerun_resumes(corpus: Corpus, reference: Reference, tmp_path: Path) -> None:
    """SIGINT to the process group (Ctrl-C) mid-filter: exit 130 with one line, the lock released,
    no temporary file left, the finished batch kept."""
    out = tmp_path / "out"
    args = ["filter", *corpus.args, "-o", out, *RUN_OPTS]
    p = popen_cli(args)
    try:
        deadline = time.monotonic() + TIMEOUT
        while not (out / "work" / "filter" / "batch_00000.json").exists():
            assert p.poll() is None, p.communicate()[1]
            assert time.monotonic() < deadline
            time.sleep(0.005)
        os.killpg(p.pid, signal.SIGINT)
        _, err = p.communicate(timeout=60)
    finally:
        if p.poll() is None:
            kill_group(p)
    if p.returncode == 0:
        pytest.skip("the run finished before Ctrl-C arrived")
    assert p.returncode == 130
    assert_one_sentence(err, "interrupted", "rerun the same command")
    assert not (out / "work" / "LOCK").exists()
    assert leftovers(out) == []
    r = run_cli(args)
    assert r.returncode == 0, r.stderr
    assert "batch 00000" not in r.stderr
    assert filter_rows(out) == reference.filter_rows


def test_decoys_are_never_taken_for_finished_work(corpus: Corpus, reference: Reference, tmp_path: Path,
                                                  inproc: None, capsys: pytest.CaptureFixture[str]) -> None:
    """Temporary names, truncated files and records without their data are redone, never trusted."""
    out = copy_output(reference, tmp_path / "out")
    work = out / "work"
    fdir = work / "filter"
    (fdir / ".batch_00001.parquet.tmp-99999").write_bytes(b"PAR1 half written")
    (fdir / "batch_00001.json").unlink()  # parquet without stats: not done
    p2 = fdir / "batch_00002.parquet"
    p2.write_bytes(p2.read_bytes()[:-100])  # truncated: the recorded size and hash no longer match
    tdir = next(work.glob("tokenized/*"))
    (tdir / "chunk_00001.json").unlink()  # a chunk directory without its record
    (tdir / ".chunk_00002.tmp-99999" / "data").mkdir(parents=True)
    shutil.rmtree(tdir / "chunk_00003")  # a record without its chunk directory
    (out / FINAL_NAME / "_COMPLETE").unlink()
    for name in (f".{FINAL_NAME}.tmp-99999", f".{FINAL_NAME}.old-99999"):  # half-merged and set aside
        shutil.copytree(reference.final, out / name)
    (work / "samples" / ".chunk_00000.arrow.tmp").write_bytes(b"garbage")

    rc, _, err = cli_inprocess(["status", out, "--json"], capsys)
    assert rc == 0
    st = json.loads(_)
    assert st["datasets"] == []  # no dataset is complete; the hidden copies do not count
    assert [b["state"] for b in st["batches"]] == ["done", "pending", "done"]

    rc, outp, err = cli_inprocess(["prepare", *corpus.args, "-o", out, *RUN_OPTS], capsys)
    assert rc == 0, err
    assert "batch 00001" in err and "batch 00002" in err and "batch 00000" not in err  # only those redone
    assert dataset_digest(out / FINAL_NAME) == (reference.rows, reference.digest)
    assert filter_rows(out) == reference.filter_rows
    assert leftovers(out) == []
    assert_nothing_false_done(out)


@pytest.mark.slow
def test_a_kill_while_kept_rows_are_spilled_and_the_rerun_writes_the_same_batches(corpus: Corpus,
                                                                                   reference: Reference,
                                                                                   tmp_path: Path) -> None:
    """SIGKILL of the group (the driver and its workers) while a batch's kept rows are in a spill
    file (runs of 2 rows): the rerun removes the spill and writes the reference's batch files, byte
    for byte."""
    out = tmp_path / "out"
    args = ["filter", *corpus.args, "-o", out, *RUN_OPTS]
    fdir = out / "work" / "filter"
    assert run_killed_when(args, lambda: any(fdir.glob(".batch_*.kept.arrow.tmp-*")), CP_TEST_RUN_ROWS="2")
    assert list(fdir.glob(".batch_*.kept.arrow.tmp-*"))  # the killed run's, left behind
    r = run_cli(args, CP_TEST_RUN_ROWS="2")
    assert r.returncode == 0, r.stderr
    assert leftovers(out) == []
    made = sorted((reference.out / "work" / "filter").glob("batch_*.parquet"))
    assert [p.name for p in made] == [p.name for p in sorted(fdir.glob("batch_*.parquet"))]
    for p in made:
        assert (fdir / p.name).read_bytes() == p.read_bytes(), p.name


# ----------------------------------------------------------------------------------------------
# 2. dying workers, poisoned documents


def _where(corpus: Corpus, doc_index: int) -> tuple[str, int]:
    """The file and line a document was read from."""
    from corefprep.io.read import iter_documents
    from corefprep.io.resolve import resolve_inputs

    doc = next(iter_documents(resolve_inputs(corpus.args), start=doc_index, stop=doc_index + 1))
    return doc.source, doc.line


@pytest.mark.slow
def test_a_document_that_kills_every_worker_is_quarantined_and_the_run_completes(corpus: Corpus,
                                                                                reference: Reference,
                                                                                tmp_path: Path) -> None:
    """A document on which every worker dies (as a native crash or the OOM killer would do): after
    the second death it is rejected as worker_died, listed in work/quarantine.jsonl with its
    file:line, and the run finishes; every other document is decided as in a clean run."""
    out = tmp_path / "out"
    poisoned = corpus.kiwi_docs[1][2]
    r = run_cli(["prepare", *corpus.args, "-o", out, *RUN_OPTS], CP_TEST_FAULTS=f"kill@{poisoned}")
    assert r.returncode == 0, r.stderr
    assert "1 quarantined" in r.stderr and "Traceback" not in r.stderr
    path, line = _where(corpus, poisoned)
    entries = [json.loads(ln) for ln in (out / "work" / "quarantine.jsonl").read_text().splitlines()]
    assert [(e["doc_index"], e["file"], e["line"], e["reason"]) for e in entries] == [
        (poisoned, path, line, "worker_died")]
    assert "killed by signal 9" in entries[0]["detail"]
    st = status_json(out)
    assert_accounting(st, corpus.records)
    assert st["totals"]["rejected"]["worker_died"] == 1
    assert [b["state"] for b in st["batches"]] == ["done"] * 3
    assert filter_rows(out) == [r for r in reference.filter_rows if r["doc_index"] != poisoned]
    assert (out / FINAL_NAME / "_COMPLETE").exists()
    assert leftovers(out) == []


@pytest.mark.slow
def test_a_document_whose_analysis_hangs_is_timed_out_and_the_run_completes(corpus: Corpus, reference: Reference,
                                                                           tmp_path: Path) -> None:
    out = tmp_path / "out"
    hung = corpus.kiwi_docs[2][1]
    t0 = time.monotonic()
    r = run_cli(["filter", *corpus.args, "-o", out, *RUN_OPTS, "--doc-timeout", "3"], CP_TEST_FAULTS=f"hang@{hung}")
    assert r.returncode == 0, r.stderr
    assert time.monotonic() - t0 < 60
    entries = [json.loads(ln) for ln in (out / "work" / "quarantine.jsonl").read_text().splitlines()]
    assert [(e["doc_index"], e["reason"]) for e in entries] == [(hung, "timeout")]
    assert "--doc-timeout" in entries[0]["detail"]
    st = status_json(out)
    assert_accounting(st, corpus.records)
    assert st["totals"]["rejected"]["timeout"] == 1
    assert filter_rows(out) == [r for r in reference.filter_rows if r["doc_index"] != hung]


@pytest.mark.slow
def test_strict_stops_at_a_document_that_kills_its_worker_then_resumes(corpus: Corpus, reference: Reference,
                                                                      tmp_path: Path) -> None:
    """--strict keeps the old stop: the batch is retried a bounded number of times, then the run
    fails in one sentence naming batch and document; a rerun resumes there, and a worker that dies
    only once (without --strict) costs nothing but the lost chunk."""
    out = tmp_path / "out"
    poisoned = corpus.kiwi_docs[0][1]
    r = run_cli(["filter", *corpus.args, "-o", out, *RUN_OPTS, "--retries", "1", "--strict", "--batches", "0"],
                CP_TEST_FAULTS=f"kill@{poisoned}")
    assert r.returncode == 1
    line = assert_one_sentence(r.stderr, "batch 0 (documents 0-19) failed 2 times",
                               f"killed by signal 9 (SIGKILL) on document {poisoned}", "rerun")
    assert line.count(".") <= 2
    assert "retrying on a fresh worker (1/1)" in r.stderr
    st = status_json(out)
    assert [b["state"] for b in st["batches"]] == ["failed", "pending", "pending"]
    assert f"document {poisoned}" in st["batches"][0]["error"]
    assert leftovers(out) == []

    marker = tmp_path / "died-once"
    again = corpus.kiwi_docs[2][0]
    r = run_cli(["filter", *corpus.args, "-o", out, *RUN_OPTS], CP_TEST_FAULTS=f"kill-once@{again}:{marker}")
    assert r.returncode == 0, r.stderr
    assert marker.exists() and "retrying" not in r.stderr and "quarantined" not in r.stderr
    assert not (out / "work" / "filter" / "batch_00000.failed.json").exists()
    assert not (out / "work" / "quarantine.jsonl").exists()
    assert filter_rows(out) == reference.filter_rows
    st = status_json(out)
    assert_accounting(st, corpus.records)
    assert st["totals"] == reference.status["totals"]


def test_worker_raising_on_a_document_fails_the_batch_then_resumes(corpus: Corpus, reference: Reference,
                                                                   tmp_path: Path, inproc: None,
                                                                   monkeypatch: pytest.MonkeyPatch,
                                                                   capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "out"
    poisoned = corpus.kiwi_docs[1][1]
    install_faults(f"raise@{poisoned}", monkeypatch)
    rc, _, err = cli_inprocess(["filter", *corpus.args, "-o", out, *RUN_OPTS], capsys)
    assert rc == 1
    # a rule that raises is a bug, not the data's fault: no retry can help, the batch fails at once
    assert_one_sentence(err, "batch 1 (documents 20-39) failed: ", f"document {poisoned} made the rules fail",
                        "injected fault", "not retried")
    assert "retrying" not in err
    install_faults("", monkeypatch)
    rc, _, err = cli_inprocess(["filter", *corpus.args, "-o", out, *RUN_OPTS], capsys)
    assert rc == 0, err
    assert "2 of 3 batches to do" in err
    assert filter_rows(out) == reference.filter_rows


def test_retried_batch_records_its_attempts(corpus: Corpus, tmp_path: Path, inproc: None,
                                            monkeypatch: pytest.MonkeyPatch,
                                            capsys: pytest.CaptureFixture[str]) -> None:
    marker = tmp_path / "killed-once"
    install_faults(f"kill-once@{corpus.kiwi_docs[0][0]}:{marker}", monkeypatch)
    out = tmp_path / "out"
    rc, _, err = cli_inprocess(["filter", corpus.files[0], "-o", out, *RUN_OPTS, "--strict"], capsys)
    assert rc == 0, err
    assert marker.exists() and "retrying on a fresh worker (1/2)" in err
    stats = json.loads((out / "work" / "filter" / "batch_00000.json").read_text())
    assert stats["attempts"] == 2


class _PoisonedKiwi:
    """Kiwi that raises on one document (as a Kiwi bug on odd input would)."""

    def __init__(self, kiwi: Any, poison: str):
        self.kiwi, self.poison = kiwi, poison

    def tokenize(self, text: str, *args: Any, **kwargs: Any) -> Any:
        if self.poison in text:
            raise RuntimeError("kiwi internal error")
        return self.kiwi.tokenize(text, *args, **kwargs)


def test_document_crashing_kiwi_is_counted_under_its_own_reason(corpus: Corpus, tmp_path: Path, inproc: None,
                                                               warm_kiwi: Any, monkeypatch: pytest.MonkeyPatch,
                                                               capsys: pytest.CaptureFixture[str]) -> None:
    import corefprep.rules.kiwi as ck

    lines = corpus.files[1].read_bytes().splitlines()
    kept = [orjson.loads(ln) for ln in lines if ln.startswith(b"{") and len(ln) > 1500][:3]
    poison = kept[1]["text"][:30]  # the first piece Kiwi sees, whatever the early-exit piece size
    src = tmp_path / "in.jsonl"
    src.write_bytes(b"\n".join(orjson.dumps(r) for r in kept) + b"\n")
    monkeypatch.setattr(ck, "_KIWI", _PoisonedKiwi(warm_kiwi, poison))
    out = tmp_path / "out"
    rc, _, err = cli_inprocess(["filter", src, "-o", out, "--no-progress", "--workers", "2"], capsys)
    assert rc == 0, err
    rc, js, _ = cli_inprocess(["status", out, "--json"], capsys)
    st = json.loads(js)
    assert st["totals"]["rejected"].get("kiwi_error") == 1
    assert_accounting(st, 3)
    stats = json.loads((out / "work" / "filter" / "batch_00000.json").read_text())
    assert stats["kiwi_errors"] == ["doc_index 1: RuntimeError: kiwi internal error"]


# ----------------------------------------------------------------------------------------------
# 4. operator mistakes


def test_other_inputs_or_rule_set_are_refused_and_changed_thresholds_re_decided(
        corpus: Corpus, reference: Reference, tmp_path: Path, inproc: None,
        capsys: pytest.CaptureFixture[str]) -> None:
    out = copy_output(reference, tmp_path / "out")
    before = {p.name: p.stat().st_mtime_ns for p in (out / "work" / "filter").iterdir()}
    for stage in ("filter", "prepare"):
        rc, _, err = cli_inprocess([stage, *corpus.args, "-o", out, *RUN_OPTS, "--rules", "llm"], capsys)
        assert rc == 1
        assert_one_sentence(err, "another rule set", 'rule_set: "v2" -> "llm"', "--force")
    st0, data = corpus.files[1].stat(), corpus.files[1].read_bytes()
    i = data.index("번입니다".encode()) - 1
    corpus.files[1].write_bytes(data[:i] + (b"8" if data[i:i + 1] != b"8" else b"9") + data[i + 1:])
    try:  # an input changed since, at the same size
        rc, _, err = cli_inprocess(["filter", *corpus.args, "-o", out, *RUN_OPTS, "--min-chars", "1500"], capsys)
        assert rc == 1
        assert_one_sentence(err, "other inputs", corpus.files[1].name, "content changed")
    finally:
        corpus.files[1].write_bytes(data)
        os.utime(corpus.files[1], ns=(st0.st_atime_ns, st0.st_mtime_ns))
    after = {p.name: p.stat().st_mtime_ns for p in (out / "work" / "filter").iterdir()}
    assert after == before  # refused runs touched no batch
    # thresholds: re-decided from the recorded values, no --force
    rc, _, err = cli_inprocess(["prepare", *corpus.args, "-o", out, *RUN_OPTS, "--min-chars", "1500"], capsys)
    assert rc == 0, err
    assert "min_chars: 800 -> 1500" in err and "re-decided" in err
    rc, js, _ = cli_inprocess(["status", out, "--json"], capsys)
    st = json.loads(js)
    assert_accounting(st, corpus.records)
    assert st["totals"]["rejected"]["too_short"] > reference.status["totals"]["rejected"]["too_short"]
    assert st["totals"]["passed"] < reference.status["totals"]["passed"]
    assert st["redecided"]["batches"] == 3 and st["redecided"]["from_values"] == st["redecided"]["documents"]
    rc, _, err = cli_inprocess(["filter", *corpus.args, "-o", out, *RUN_OPTS, "--keep-pronouns",
                                "--entity-stopwords", "것,수"], capsys)
    assert rc == 0, err
    assert "drop_pronouns: true -> false" in err and "entity_stopwords" in err


def test_batches_out_of_range_is_a_usage_error_and_rerunning_one_batch_changes_nothing_else(
        corpus: Corpus, reference: Reference, tmp_path: Path, inproc: None,
        capsys: pytest.CaptureFixture[str]) -> None:
    out = copy_output(reference, tmp_path / "out")
    for spec, fragment in [("3", "only 3 batches (0-2)"), ("1-7", "asks for batch 7"),
                           ("x", "not a batch number"), ("2-1", "runs backwards"), (",", "empty")]:
        rc, _, err = cli_inprocess(["prepare", *corpus.args, "-o", out, *RUN_OPTS, "--batches", spec], capsys)
        assert rc == 2, (spec, err)
        assert_one_sentence(err, "--batches", fragment)
    rc, _, err = cli_inprocess(["prepare", *corpus.args, "-o", out, *RUN_OPTS], capsys)
    assert rc == 0, err  # the copy is in another place: its merge may be redone once
    files = sorted(p for p in out.rglob("*") if p.is_file())
    before = {p: (p.stat().st_mtime_ns, p.read_bytes()) for p in files}
    rc, _, err = cli_inprocess(["prepare", *corpus.args, "-o", out, *RUN_OPTS, "--batches", "1"], capsys)
    assert rc == 0, err
    assert "1 of 3 batches to do" in err and "is up to date" in err
    changed = sorted(str(p.relative_to(out)) for p in files if (p.stat().st_mtime_ns, p.read_bytes()) != before[p])
    # batch 1 was rewritten with the same rows; its stats (timings) and the run's records changed
    assert set(changed) <= {"work/filter/batch_00001.json", "work/filter/batch_00001.parquet",
                            "work/filter/values_00001.parquet", "work/filter/rejected_00001.parquet",
                            "work/manifest.json", "work/run.json", "work/samples/index.json"}, changed
    assert filter_rows(out) == reference.filter_rows
    assert dataset_digest(out / FINAL_NAME) == (reference.rows, reference.digest)


@pytest.mark.slow
def test_full_disk_fails_cleanly_and_a_rerun_after_freeing_space_finishes(corpus: Corpus, reference: Reference,
                                                                         tmp_path: Path) -> None:
    res = full_disk_then_free(corpus, reference, tmp_path, leave=160 << 10)
    st = res["status_after_failure"]
    assert st is not None and st["done"] >= 1  # batches finished before the disk filled stay finished


def test_full_disk_injected_enospc(corpus: Corpus, reference: Reference, tmp_path: Path, inproc: None,
                                   monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    """The same without a tmpfs: ENOSPC injected where pyarrow opens the second batch's parquet,
    once its kept rows are in a spill file (runs of 2): the partial parquet and the spill go."""
    import pyarrow.parquet as pq

    import corefprep.filter.kept_rows as kept_rows

    real = pq.ParquetWriter

    class FullDisk(real):  # type: ignore[misc, valid-type]
        def __init__(self, where: Any, *args: Any, **kwargs: Any) -> None:
            if "batch_00001.parquet" in str(where):
                assert list(Path(where).parent.glob(".batch_00001.kept.arrow.tmp-*"))  # spilled by now
                with open(where, "wb") as f:
                    f.write(b"PAR1 partial")
                raise OSError(errno.ENOSPC, "No space left on device", str(where))
            super().__init__(where, *args, **kwargs)

    monkeypatch.setattr(kept_rows, "RUN_ROWS", 2)
    monkeypatch.setattr(pq, "ParquetWriter", FullDisk)
    out = tmp_path / "out"
    prepare = ["prepare", *corpus.args, "-o", out, *RUN_OPTS]
    rc, _, err = cli_inprocess(prepare, capsys)
    assert rc == 1
    assert_one_sentence(err, "no space left on the device", "rerun the same command")
    assert leftovers(out) == []
    monkeypatch.setattr(pq, "ParquetWriter", real)
    rc, _, err = cli_inprocess(prepare, capsys)
    assert rc == 0, err
    assert "2 of 3 batches to do" in err
    assert dataset_digest(out / FINAL_NAME) == (reference.rows, reference.digest)


def test_failed_samples_chunk_write_gives_its_space_back(corpus: Corpus, reference: Reference, tmp_path: Path,
                                                         inproc: None, monkeypatch: pytest.MonkeyPatch,
                                                         capsys: pytest.CaptureFixture[str]) -> None:
    import pyarrow as pa

    out = copy_output(reference, tmp_path / "out")
    shutil.rmtree(out / "work" / "samples")
    real = pa.ipc.new_stream

    def new_stream(sink: Any, schema: Any, *args: Any, **kwargs: Any) -> Any:
        sink.write(b"partial data")
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(pa.ipc, "new_stream", new_stream)
    rc, _, err = cli_inprocess(["samples", *corpus.args, "-o", out, *RUN_OPTS], capsys)
    monkeypatch.setattr(pa.ipc, "new_stream", real)
    assert rc == 1
    assert_one_sentence(err, "no space left on the device")
    assert leftovers(out) == []


@pytest.mark.slow
def test_the_hang_of_issue_14_ends(tmp_path: Path) -> None:
    """As reported: `corefprep filter kor_Hang_wiki.jsonl.zst --strict --doc-timeout 3` with document
    30 hanging printed "retrying (1/2)" and never ended (the retry's Pool remembered document 30 as
    timed out and never killed its worker again). It must stop after its retries, naming it."""
    wiki = REPO / "corefprep" / "data" / "sample" / "kor_Hang_wiki.jsonl.zst"
    out = tmp_path / "x"
    t0 = time.monotonic()
    r = run_cli(["filter", wiki, "-o", out, "--strict", "--doc-timeout", "3", "--no-progress"], timeout=150,
                CP_TEST_FAULTS="hang@30")
    assert r.returncode == 1, r.stderr
    assert "retrying on a fresh worker (1/2)" in r.stderr and "retrying on a fresh worker (2/2)" in r.stderr
    assert_one_sentence(r.stderr, "failed 3 times", "document 30 ran past --doc-timeout")
    assert time.monotonic() - t0 < 120
