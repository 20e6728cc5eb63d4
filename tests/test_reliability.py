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
import hashlib
import json
import os
import re
import shutil
import signal
import subprocess
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import orjson
import pyarrow.parquet as pq
import pytest
import zstandard

REPO = Path(__file__).resolve().parents[1]
SAMPLE = REPO / "corefprep" / "data" / "sample"
# Documents of the bundled sample that pass rule set v2 (checked cheaply below; a changed sample
# falls back to asking Kiwi).
KNOWN_KEPT = (71, 90, 118, 213, 214, 352, 356)
SEQ_LEN = 256
FINAL_NAME = f"entity_coref_v2_{SEQ_LEN}"
RUN_OPTS = ["--no-progress", "--workers", "2", "--batch-docs", "20", "--tok-chunk", "25",
            "--seq-len", str(SEQ_LEN)]
TIMEOUT = 300  # per CLI run: a hang fails the test instead of blocking the suite

# The CLI under a kill harness. CP_TEST_KILL="<when>|<regex>|<n>": when is "before"/"after" (the
# n-th os.replace whose "src -> dst" matches regex) or "open" (the n-th input file opened whose
# path matches). The process kills its whole group, which start_new_session made its own.
HOOK_SRC = r'''
import os, re, signal, sys
spec = os.environ.get("CP_TEST_KILL")
if spec:
    if os.getpgrp() != os.getpid():
        sys.exit("kill harness: not a process group leader; refusing to kill the group")
    when, pattern, nth = spec.split("|")
    rx, nth, seen = re.compile(pattern), int(nth), [0]

    def hit(text):
        if rx.search(text):
            seen[0] += 1
            return seen[0] == nth
        return False

    def die():
        os.killpg(os.getpgrp(), signal.SIGKILL)

    if when in ("before", "after"):
        real_replace = os.replace

        def replace(src, dst, *args, **kwargs):
            h = hit(f"{os.fspath(src)} -> {os.fspath(dst)}")
            if h and when == "before":
                die()
            result = real_replace(src, dst, *args, **kwargs)
            if h:
                die()
            return result

        os.replace = replace
    elif when == "open":
        import corefprep.readers as readers
        real_open = readers._open_binary

        def open_binary(path):
            if hit(os.fspath(path)):
                die()
            return real_open(path)

        readers._open_binary = open_binary
    else:
        sys.exit(f"kill harness: unknown moment {when!r}")
from corefprep.cli import main
sys.exit(main(sys.argv[1:]))
'''


# ----------------------------------------------------------------------------------------------
# running the CLI


def cli_env(**extra: str) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if k not in ("COREFPREP_FAULTS", "CP_TEST_KILL")}
    env.update({"HF_HUB_OFFLINE": "1", "TOKENIZERS_PARALLELISM": "false", "PYTHONUNBUFFERED": "1"})
    env.update(extra)
    return env


def run_cli(args: list[Any], kill: str | None = None, timeout: float = TIMEOUT,
            **env: str) -> subprocess.CompletedProcess[str]:
    """The real CLI in its own process group (optionally under the kill harness)."""
    extra = {"CP_TEST_KILL": kill} if kill else {}
    return subprocess.run([sys.executable, "-c", HOOK_SRC, *map(str, args)], env=cli_env(**extra, **env),
                          capture_output=True, text=True, timeout=timeout, start_new_session=True, cwd=REPO)


def popen_cli(args: list[Any], **env: str) -> subprocess.Popen[str]:
    return subprocess.Popen([sys.executable, "-c", HOOK_SRC, *map(str, args)], env=cli_env(**env),
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                            start_new_session=True, cwd=REPO)


def kill_group(p: subprocess.Popen[str]) -> None:
    try:
        os.killpg(p.pid, signal.SIGKILL)
    except ProcessLookupError:
        pass
    p.communicate(timeout=60)


def run_killed_when(args: list[Any], moment: Callable[[], bool], timeout: float = TIMEOUT) -> bool:
    """Run the CLI, SIGKILL its group as soon as `moment()` is true. False if it finished first."""
    p = popen_cli(args)
    deadline = time.monotonic() + timeout
    try:
        while time.monotonic() < deadline:
            if p.poll() is not None:
                _, err = p.communicate()
                assert p.returncode == 0, err
                return False
            if moment():
                kill_group(p)
                return True
            time.sleep(0.005)
        raise AssertionError(f"corefprep {args[0]} ran longer than {timeout}s")
    finally:
        if p.poll() is None:
            kill_group(p)


def status_json(out: Path) -> dict[str, Any]:
    r = run_cli(["status", out, "--json"])
    assert r.returncode == 0, r.stderr
    return json.loads(r.stdout)


def cli_inprocess(args: list[Any], capsys: pytest.CaptureFixture[str]) -> tuple[int, str, str]:
    """`corefprep ARGS` in this process (Kiwi stays loaded, so runs take a fraction of a second)."""
    from corefprep.cli import main

    capsys.readouterr()
    rc = main([str(a) for a in args])
    out, err = capsys.readouterr()
    return rc, out, err


def assert_one_sentence(err: str, *fragments: str) -> str:
    """A failed run says one line on stderr (progress lines before it are fine), no traceback."""
    assert "Traceback" not in err, err
    lines = [ln for ln in err.strip().splitlines() if ln.startswith("corefprep:")]
    assert len(lines) == 1, err
    for f in fragments:
        assert f in lines[0], lines[0]
    return lines[0]


# ----------------------------------------------------------------------------------------------
# what is on disk


def dataset_digest(path: Path) -> tuple[int, str]:
    """(rows, sha256 over the column names, features and every value of every row, in order)."""
    from datasets import load_from_disk

    ds = load_from_disk(str(path), keep_in_memory=False)
    h = hashlib.sha256(orjson.dumps([ds.column_names, ds.features.to_dict()]))
    for row in ds:
        h.update(orjson.dumps(row))
    return len(ds), h.hexdigest()


def filter_rows(out: Path) -> list[dict[str, Any]]:
    rows: list[dict[str, Any]] = []
    for p in sorted((out / "work" / "filter").glob("batch_*.parquet")):
        rows.extend(pq.read_table(p).to_pylist())
    return rows


def leftovers(out: Path) -> list[str]:
    """Temporary or set-aside files and directories anywhere under the output directory."""
    return sorted(str(p.relative_to(out)) for p in out.rglob("*") if re.search(r"\.tmp($|-)|\.old-", p.name))


def assert_nothing_false_done(out: Path) -> None:
    """Everything that looks finished is whole: a batch with stats has its exact parquet, a
    tokenized chunk with its record loads with that many rows, a final dataset with _COMPLETE
    loads with the recorded number of samples."""
    from datasets import load_from_disk

    from corefprep.atomic import file_sha256

    work = out / "work"
    for stats_path in sorted((work / "filter").glob("batch_?????.json")):
        stats = json.loads(stats_path.read_text())
        parquet = stats_path.with_suffix(".parquet")
        assert parquet.exists(), f"{stats_path.name} without its parquet"
        assert file_sha256(parquet) == stats["parquet_sha256"], f"{parquet.name} does not match its stats"
        assert pq.read_metadata(parquet).num_rows == stats["rows"]
    from corefprep.merge import dataset_from_files

    for meta in sorted(work.glob("tokenized/*/chunk_?????.json")):
        rec = json.loads(meta.read_text())
        files = [meta.with_suffix("") / f for f in rec["files"]]
        assert rec["rows"] == 0 or len(dataset_from_files(files)) == rec["rows"], meta
    for marker in out.glob("*/_COMPLETE"):
        assert not marker.parent.name.startswith("."), f"a hidden directory carries {marker}"
        n = json.loads(marker.read_text())["num_samples"]
        assert len(load_from_disk(str(marker.parent))) == n


def assert_accounting(st: dict[str, Any], records: int) -> None:
    """SPEC 3: input records = passed + rejected (by reason) + malformed, for the run and per batch."""
    assert st["inputs_documents"] == records
    assert st["pending"] == 0 and st["failed"] == 0 and st["done"] == st["num_batches"]
    t = st["totals"]
    assert t["documents"] == records
    assert t["passed"] + sum(t["rejected"].values()) + sum(t["malformed"].values()) == records
    for b in st["batches"]:
        assert b["passed"] + sum(b["rejected"].values()) + sum(b["malformed"].values()) == b["documents"]
        assert b["documents"] == b["end"] - b["start"]


# ----------------------------------------------------------------------------------------------
# the corpus and the reference run


@dataclass
class Corpus:
    files: list[Path]
    records: int
    kiwi_docs: dict[int, list[int]]  # batch -> doc_index of records that pass the cheap rules
    malformed: dict[str, int]

    @property
    def args(self) -> list[str]:
        return [str(f) for f in self.files]


def _kept_by_kiwi(survivors: list[Any]) -> list[Any]:
    from corefprep.kiwi import load_kiwi
    from corefprep.rules.v2 import V2Rules as FilterConfig

    kiwi, cfg = load_kiwi(), FilterConfig()
    return [d for d in survivors if cfg.decide(d.text, kiwi).reason is None][:7]


def build_corpus(root: Path) -> Corpus:
    from corefprep.readers import iter_documents, resolve_inputs
    from corefprep.rules.v2 import V2Rules as FilterConfig

    cfg = FilterConfig()
    survivors = [d for d in iter_documents(resolve_inputs([str(SAMPLE)]))
                 if d.text is not None and cfg.cheap(d.text) is None]
    kept = [d for d in survivors if d.doc_index in KNOWN_KEPT]
    if len(kept) < len(KNOWN_KEPT):  # the bundled sample changed: find its kept documents again
        kept = _kept_by_kiwi(survivors)
    assert len(kept) >= 5
    others = [d for d in survivors if d not in kept][:5]  # reach Kiwi, which (almost surely) rejects them

    def rec(d: Any, tag: str) -> bytes:
        return orjson.dumps({"id": f"{d.record_id or d.doc_id}-{tag}", "text": d.text, "url": d.url})

    def k(i: int) -> Any:
        return kept[i % len(kept)]

    special: dict[int, bytes] = {
        2: rec(k(0), "a"), 9: rec(others[0], "o"), 13: rec(k(1), "a"), 17: rec(k(2), "a"),
        24: rec(others[1], "o"), 26: rec(k(3), "a"), 31: rec(k(4), "a"), 33: rec(others[2], "o"),
        38: rec(k(0), "b"), 44: rec(k(5), "a"), 47: rec(others[3], "o"), 52: rec(k(6), "a"),
        55: rec(others[4], "o"), 58: rec(k(1), "b"),
        5: orjson.dumps({"id": "long", "text": "가나다라마바사. " * 400}),  # too_long
        20: orjson.dumps({"id": "latin", "text": "Plain English text. " * 60}),  # low_hangul
        35: b'{"id": "cut", "text": "\xec\x9e\x98\xeb\xa6\xb0 \xeb\xac\xb8',  # invalid JSON (cut record)
        49: orjson.dumps({"id": "notext", "title": "제목만 있는 기록"}),  # missing_text
    }
    lines = [special.get(i) or orjson.dumps({"id": f"f{i}", "text": f"짧은 문서 {i}번입니다."}) for i in range(60)]
    root.mkdir(parents=True, exist_ok=True)
    part1 = root / "part1.jsonl.zst"
    part1.write_bytes(zstandard.ZstdCompressor(level=3).compress(b"\n".join(lines[:30]) + b"\n"))
    part2 = root / "part2.jsonl"
    part2.write_bytes(b"\n".join(lines[30:]) + b"\n")
    kiwi_docs = {0: [2, 9, 13, 17], 1: [24, 26, 31, 33, 38], 2: [44, 47, 52, 55, 58]}
    return Corpus([part1, part2], 60, kiwi_docs, {"invalid_json": 1, "missing_text": 1})


@pytest.fixture(scope="session")
def corpus(tmp_path_factory: pytest.TempPathFactory) -> Corpus:
    return build_corpus(tmp_path_factory.mktemp("corpus"))


@dataclass
class Reference:
    out: Path
    rows: int
    digest: str
    filter_rows: list[dict[str, Any]]
    status: dict[str, Any]
    seconds: float

    @property
    def final(self) -> Path:
        return self.out / FINAL_NAME


@pytest.fixture(scope="session")
def reference(corpus: Corpus, tmp_path_factory: pytest.TempPathFactory) -> Reference:
    return make_reference(corpus, tmp_path_factory.mktemp("reference"))


def make_reference(corpus: Corpus, out: Path) -> Reference:
    """One uninterrupted `corefprep prepare` of the corpus."""
    t0 = time.monotonic()
    r = run_cli(["prepare", *corpus.args, "-o", out, *RUN_OPTS])
    seconds = time.monotonic() - t0
    assert r.returncode == 0, r.stderr
    assert "Traceback" not in r.stderr
    st = status_json(out)
    assert_accounting(st, corpus.records)
    assert st["totals"]["malformed"] == corpus.malformed
    assert st["num_batches"] == 3
    rows, digest = dataset_digest(out / FINAL_NAME)
    assert st["totals"]["passed"] >= 8 and rows >= 40  # enough for several chunks
    assert len(list(out.glob("work/tokenized/*/chunk_?????"))) >= 4
    assert leftovers(out) == []
    return Reference(out, rows, digest, filter_rows(out), st, seconds)


def copy_output(ref: Reference, dest: Path) -> Path:
    shutil.copytree(ref.out, dest)
    return dest


@pytest.fixture(scope="session")
def warm_kiwi(kiwi: Any) -> Any:
    """Kiwi loaded and warmed in this process: in-process runs fork workers that share it."""
    kiwi.tokenize("서울은 대한민국의 수도이다.")
    return kiwi


@pytest.fixture
def inproc(warm_kiwi: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("HF_HUB_OFFLINE", "1")
    monkeypatch.setenv("TOKENIZERS_PARALLELISM", "false")
    monkeypatch.delenv("COREFPREP_FAULTS", raising=False)


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
    from corefprep.status import collect_status

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
    from corefprep.workdir import WorkDir, read_lock_holder

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


# ----------------------------------------------------------------------------------------------
# 2. dying workers, poisoned documents


def _where(corpus: Corpus, doc_index: int) -> tuple[str, int]:
    """The file and line a document was read from."""
    from corefprep.readers import iter_documents, resolve_inputs

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
    r = run_cli(["prepare", *corpus.args, "-o", out, *RUN_OPTS], COREFPREP_FAULTS=f"kill@{poisoned}")
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
    r = run_cli(["filter", *corpus.args, "-o", out, *RUN_OPTS, "--doc-timeout", "3"], COREFPREP_FAULTS=f"hang@{hung}")
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
                COREFPREP_FAULTS=f"kill@{poisoned}")
    assert r.returncode == 1
    line = assert_one_sentence(r.stderr, "batch 0 (documents 0-19) failed 2 times",
                               f"killed by signal 9 on document {poisoned}", "rerun")
    assert line.count(".") <= 2
    assert "retrying (1/1)" in r.stderr
    st = status_json(out)
    assert [b["state"] for b in st["batches"]] == ["failed", "pending", "pending"]
    assert f"document {poisoned}" in st["batches"][0]["error"]
    assert leftovers(out) == []

    marker = tmp_path / "died-once"
    again = corpus.kiwi_docs[2][0]
    r = run_cli(["filter", *corpus.args, "-o", out, *RUN_OPTS], COREFPREP_FAULTS=f"kill-once@{again}:{marker}")
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
    monkeypatch.setenv("COREFPREP_FAULTS", f"raise@{poisoned}")
    rc, _, err = cli_inprocess(["filter", *corpus.args, "-o", out, *RUN_OPTS], capsys)
    assert rc == 1
    assert_one_sentence(err, "batch 1 (documents 20-39) failed 3 times", f"document {poisoned}",
                        "injected fault")
    assert err.count("retrying") == 2  # bounded: --retries 2
    monkeypatch.delenv("COREFPREP_FAULTS")
    rc, _, err = cli_inprocess(["filter", *corpus.args, "-o", out, *RUN_OPTS], capsys)
    assert rc == 0, err
    assert "2 of 3 batches to do" in err
    assert filter_rows(out) == reference.filter_rows


def test_retried_batch_records_its_attempts(corpus: Corpus, tmp_path: Path, inproc: None,
                                            monkeypatch: pytest.MonkeyPatch,
                                            capsys: pytest.CaptureFixture[str]) -> None:
    marker = tmp_path / "raised-once"
    monkeypatch.setenv("COREFPREP_FAULTS", f"raise-once@{corpus.kiwi_docs[0][0]}:{marker}")
    out = tmp_path / "out"
    rc, _, err = cli_inprocess(["filter", corpus.files[0], "-o", out, *RUN_OPTS], capsys)
    assert rc == 0, err
    assert marker.exists() and "retrying (1/2)" in err
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
    import corefprep.kiwi as ck

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


def test_changed_rules_are_refused_with_the_difference_named(corpus: Corpus, reference: Reference, tmp_path: Path,
                                                            inproc: None, capsys: pytest.CaptureFixture[str]) -> None:
    out = copy_output(reference, tmp_path / "out")
    before = {p.name: p.stat().st_mtime_ns for p in (out / "work" / "filter").iterdir()}
    for stage in ("filter", "prepare"):
        rc, _, err = cli_inprocess([stage, *corpus.args, "-o", out, *RUN_OPTS, "--min-chars", "1500"], capsys)
        assert rc == 1
        assert_one_sentence(err, "made with other settings", "min_chars: 800 -> 1500", "--force")
    rc, _, err = cli_inprocess(["filter", *corpus.args, "-o", out, *RUN_OPTS, "--keep-pronouns",
                                "--entity-stopwords", "것,수"], capsys)
    assert rc == 1
    assert_one_sentence(err, "drop_pronouns: true -> false", "entity_stopwords")
    st0 = corpus.files[1].stat()
    os.utime(corpus.files[1], ns=(st0.st_atime_ns, st0.st_mtime_ns + 10**9))  # an input changed since
    try:
        rc, _, err = cli_inprocess(["filter", *corpus.args, "-o", out, *RUN_OPTS], capsys)
        assert rc == 1
        assert_one_sentence(err, "made with other settings", corpus.files[1].name)
    finally:
        os.utime(corpus.files[1], ns=(st0.st_atime_ns, st0.st_mtime_ns))
    after = {p.name: p.stat().st_mtime_ns for p in (out / "work" / "filter").iterdir()}
    assert after == before  # refused runs touched no batch
    rc, _, err = cli_inprocess(["filter", *corpus.args, "-o", out, *RUN_OPTS, "--min-chars", "1500", "--force"],
                               capsys)
    assert rc == 0, err
    rc, js, _ = cli_inprocess(["status", out, "--json"], capsys)
    st = json.loads(js)
    assert_accounting(st, corpus.records)
    assert st["totals"]["rejected"]["too_short"] > reference.status["totals"]["rejected"]["too_short"]
    assert st["totals"]["passed"] < reference.status["totals"]["passed"]


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
    assert set(changed) <= {"work/filter/batch_00001.json", "work/filter/batch_00001.parquet", "work/manifest.json",
                            "work/run.json", "work/samples/index.json"}, changed
    assert filter_rows(out) == reference.filter_rows
    assert dataset_digest(out / FINAL_NAME) == (reference.rows, reference.digest)


def _mount_tmpfs(path: Path, size: str) -> bool:
    path.mkdir(parents=True, exist_ok=True)
    if os.geteuid() != 0 or shutil.which("mount") is None:
        return False
    r = subprocess.run(["mount", "-t", "tmpfs", "-o", f"size={size}", "tmpfs", str(path)], capture_output=True)
    return r.returncode == 0


def _umount(path: Path) -> None:
    subprocess.run(["umount", "-l", str(path)], capture_output=True)


def fill_disk(disk: Path, leave: int) -> Path:
    ballast = disk / "ballast"
    with open(ballast, "wb") as f:
        f.write(b"\0" * max(0, shutil.disk_usage(disk).free - leave))
    return ballast


def full_disk_then_free(corpus: Corpus, reference: Reference, tmp_path: Path, leave: int) -> dict[str, Any]:
    """Run on a tmpfs with only `leave` bytes free: clean failure; then free space: same result."""
    disk = tmp_path / "disk"
    if not _mount_tmpfs(disk, "8m"):
        pytest.skip("cannot mount a tmpfs here (see the in-process ENOSPC test)")
    try:
        out = disk / "out"
        ballast = fill_disk(disk, leave)
        prepare = ["prepare", *corpus.args, "-o", out, *RUN_OPTS]
        r = run_cli(prepare)
        assert r.returncode == 1, r.stderr
        assert_one_sentence(r.stderr, "no space left on the device", "free some space and rerun")
        assert not (out / FINAL_NAME / "_COMPLETE").exists()
        assert_nothing_false_done(out)
        st = status_json(out) if (out / "work" / "manifest.json").exists() else None
        ballast.unlink()
        r = run_cli(prepare)
        assert r.returncode == 0, r.stderr
        assert dataset_digest(out / FINAL_NAME) == (reference.rows, reference.digest)
        assert leftovers(out) == []
        assert_accounting(status_json(out), corpus.records)
        return {"status_after_failure": st}
    finally:
        _umount(disk)


@pytest.mark.slow
def test_full_disk_fails_cleanly_and_a_rerun_after_freeing_space_finishes(corpus: Corpus, reference: Reference,
                                                                         tmp_path: Path) -> None:
    res = full_disk_then_free(corpus, reference, tmp_path, leave=160 << 10)
    st = res["status_after_failure"]
    assert st is not None and st["done"] >= 1  # batches finished before the disk filled stay finished


def test_full_disk_injected_enospc(corpus: Corpus, reference: Reference, tmp_path: Path, inproc: None,
                                   monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    """The same without a tmpfs: ENOSPC injected into the second batch's parquet write."""
    import corefprep.filter as pipeline

    real = pipeline.pq.write_table
    calls = []

    def write_table(table: Any, where: Any, *args: Any, **kwargs: Any) -> None:
        calls.append(where)
        if len(calls) == 2:
            with open(where, "wb") as f:
                f.write(b"PAR1 partial")
            raise OSError(errno.ENOSPC, "No space left on device", str(where))
        real(table, where, *args, **kwargs)

    monkeypatch.setattr(pipeline.pq, "write_table", write_table)
    out = tmp_path / "out"
    prepare = ["prepare", *corpus.args, "-o", out, *RUN_OPTS]
    rc, _, err = cli_inprocess(prepare, capsys)
    assert rc == 1
    assert_one_sentence(err, "no space left on the device", "rerun the same command")
    assert leftovers(out) == []
    monkeypatch.setattr(pipeline.pq, "write_table", real)
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
