"""Long reliability runs (`make soak` = pytest -m soak): kills at many timed moments, a worker
killed on every document Kiwi sees, full disks at many fill levels, four ranks loading a dataset
that rank 0 builds with the real `corefprep prepare`. Each takes minutes; `make test` runs the
deterministic versions in tests/run/test_reliability.py.
"""

from __future__ import annotations

import json
import os
import random
import re
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from fixtures.cli import (
    FINAL_NAME,
    RUN_OPTS,
    TIMEOUT,
    assert_accounting,
    assert_nothing_false_done,
    assert_one_sentence,
    cli_env,
    dataset_digest,
    filter_rows,
    kill_group,
    leftovers,
    popen_cli,
    run_cli,
    status_json,
)
from fixtures.reliability import Corpus, Reference, build_corpus, full_disk_then_free, make_reference
from fixtures.shared import REPO

pytestmark = [pytest.mark.soak, pytest.mark.slow]  # (the tier guard: these start processes)


@pytest.fixture(scope="session")
def corpus(tmp_path_factory: pytest.TempPathFactory) -> Corpus:
    return build_corpus(tmp_path_factory.mktemp("corpus"))


@pytest.fixture(scope="session")
def reference(corpus: Corpus, tmp_path_factory: pytest.TempPathFactory) -> Reference:
    return make_reference(corpus, tmp_path_factory.mktemp("reference"))


def kill_after(args: list, delay: float) -> bool:
    """SIGKILL the run's process group `delay` seconds after it started; False if it finished first."""
    p = popen_cli(args)
    try:
        p.wait(timeout=delay)
    except subprocess.TimeoutExpired:
        kill_group(p)
        return True
    _, err = p.communicate()
    assert p.returncode == 0, err
    return False


def finish_and_compare(args: list, out: Path, corpus, reference) -> None:
    r = run_cli(args)
    assert r.returncode == 0, r.stderr
    assert dataset_digest(out / FINAL_NAME) == (reference.rows, reference.digest)
    assert filter_rows(out) == reference.filter_rows
    assert leftovers(out) == []
    assert_accounting(status_json(out), corpus.records)


def test_kill_at_timed_moments_then_resume(corpus, reference, tmp_path):
    """One fresh run per delay, killed then resumed: the delays cover the whole run (reading,
    Kiwi loading, every batch, samples, tokenize chunks, merge)."""
    total = reference.seconds
    delays = sorted({round(total * f, 2) for f in (0.05, 0.15, 0.3, 0.45, 0.55, 0.65, 0.75, 0.85, 0.92, 0.97)})
    for i, delay in enumerate(delays):
        out = tmp_path / f"out{i}"
        args = ["prepare", *corpus.args, "-o", out, *RUN_OPTS]
        if kill_after(args, delay):
            assert_nothing_false_done(out)
        finish_and_compare(args, out, corpus, reference)


def test_killed_again_and_again_until_done(corpus, reference, tmp_path):
    """The same output killed at random moments over and over; every rerun resumes the last."""
    rng = random.Random(4)
    out = tmp_path / "out"
    args = ["prepare", *corpus.args, "-o", out, *RUN_OPTS]
    kills = 0
    for _ in range(25):
        if not kill_after(args, rng.uniform(0.3, reference.seconds * 0.6)):
            break
        kills += 1
        assert_nothing_false_done(out)
    assert kills >= 3
    finish_and_compare(args, out, corpus, reference)


def test_worker_killed_once_on_every_document_kiwi_sees(corpus, reference, tmp_path):
    """Every document that reaches a worker kills it once: each lost chunk is handed out again, no
    document is quarantined (none killed two workers), lost or counted twice."""
    docs = [d for batch in corpus.kiwi_docs.values() for d in batch]
    faults = ",".join(f"kill-once@{d}:{tmp_path / f'killed-{d}'}" for d in docs)
    out = tmp_path / "out"
    r = run_cli(["filter", *corpus.args, "-o", out, *RUN_OPTS], CP_TEST_FAULTS=faults)
    assert r.returncode == 0, r.stderr
    assert all((tmp_path / f"killed-{d}").exists() for d in docs)
    assert r.stderr.count("worker death") == len(corpus.kiwi_docs)  # one summary per batch
    assert not (out / "work" / "quarantine.jsonl").exists()
    assert filter_rows(out) == reference.filter_rows
    st = status_json(out)
    assert_accounting(st, corpus.records)
    assert st["totals"] == reference.status["totals"]


def test_full_disk_at_many_fill_levels(corpus, reference, tmp_path):
    """The disk fills during reading, filtering, samples, tokenization or merge: always one clear
    sentence and exit 1, and after freeing space the same dataset."""
    # Fill levels as shares of what a whole run leaves on disk, so every level runs out of space
    # somewhere (filter, samples, tokenize or merge) however compact the outputs become.
    # (hard links counted once: the final dataset links the tokenized chunks' files)
    inodes = {(p.stat().st_dev, p.stat().st_ino): p.stat().st_blocks * 512 for p in reference.out.rglob("*")
              if p.is_file()}
    footprint = sum(inodes.values())
    for share in (0.01, 0.05, 0.15, 0.3, 0.5, 0.7, 0.85, 0.95):
        leave = int(footprint * share)
        full_disk_then_free(corpus, reference, tmp_path / f"leave{leave}", leave)


RANK_SCRIPT = r'''
import hashlib, json, os, subprocess, sys
from pathlib import Path
import orjson
from corefprep.training import is_complete, load_prepared

args = json.loads(sys.argv[1])
path = Path(args["path"])
rank = int(os.environ["RANK"])
waited = not is_complete(path)
print("STARTED", flush=True)

def build():
    with open(args["counter"], "a") as fh:
        fh.write(f"{rank}\n")
    r = subprocess.run(args["prepare"], capture_output=True, text=True)
    if r.returncode != 0:
        raise SystemExit(f"prepare failed: {r.stderr}")
    print("LISTING " + json.dumps(sorted(p.name for p in path.iterdir())), flush=True)

ds = load_prepared(path, build=build, timeout=args["timeout"], poll=0.1)
h = hashlib.sha256(orjson.dumps([ds.column_names, ds.features.to_dict()]))
for row in ds:
    h.update(orjson.dumps(row))
print("RESULT " + json.dumps({"rank": rank, "rows": len(ds), "digest": h.hexdigest(), "waited": waited}))
'''


def test_four_ranks_rank0_builds_with_real_prepare(corpus, reference, tmp_path):
    """SPEC 2.6 with the real build: rank 0 runs `corefprep prepare`, ranks 1-3 wait for its
    _COMPLETE, nobody writes into the dataset directory, all four see the reference rows."""
    out = tmp_path / "out"
    path = out / FINAL_NAME
    counter = tmp_path / "builds.txt"
    prepare = [sys.executable, "-m", "corefprep", "prepare", *corpus.args, "-o", str(out), *RUN_OPTS]
    args = json.dumps({"path": str(path), "counter": str(counter), "prepare": prepare, "timeout": TIMEOUT})
    procs = {}
    for rank in (1, 2, 3, 0):
        cwd = tmp_path / f"cwd{rank}"
        cwd.mkdir()
        env = {**os.environ, "RANK": str(rank), "LOCAL_RANK": str(rank), "WORLD_SIZE": "4",
               "HF_HOME": str(tmp_path / f"hf_home{rank}"), "HF_HUB_OFFLINE": "1",
               "TOKENIZERS_PARALLELISM": "false", "PYTHONPATH": str(REPO)}
        env.pop("COREFPREP_FAULTS", None)
        procs[rank] = subprocess.Popen([sys.executable, "-c", RANK_SCRIPT, args], cwd=cwd, env=env,
                                       stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                                       start_new_session=True)
        if rank == 3:
            for waiter in (1, 2, 3):
                assert procs[waiter].stdout.readline().strip() == "STARTED"
    results, listing = {}, None
    try:
        for rank, p in procs.items():
            stdout, stderr = p.communicate(timeout=TIMEOUT)
            assert p.returncode == 0, stderr
            for line in stdout.splitlines():
                if line.startswith("RESULT "):
                    results[rank] = json.loads(line[len("RESULT "):])
                elif line.startswith("LISTING "):
                    listing = json.loads(line[len("LISTING "):])
    finally:
        for p in procs.values():
            if p.poll() is None:
                os.killpg(p.pid, signal.SIGKILL)
    assert sorted(results) == [0, 1, 2, 3]
    assert {(r["rows"], r["digest"]) for r in results.values()} == {(reference.rows, reference.digest)}
    assert all(results[r]["waited"] for r in (1, 2, 3))
    assert counter.read_text().split() == ["0"]
    assert sorted(p.name for p in path.iterdir()) == listing  # loading wrote nothing (no cache-*.arrow)
    for rank in (1, 2, 3):
        assert not (tmp_path / f"hf_home{rank}").exists()
        assert not any((tmp_path / f"cwd{rank}").iterdir())


# Each run imports the CLI, then waits for a start file: the six reach the lock together instead of
# in the order their imports happen to finish.
START_TOGETHER = r'''
import os, sys, time
from corefprep.cli import main
print("READY", flush=True)
go, deadline = sys.argv[1], time.monotonic() + 120
while not os.path.exists(go):
    if time.monotonic() > deadline:
        sys.exit("no start signal")
    time.sleep(0.001)
sys.exit(main(sys.argv[2:]))
'''
STARTS, START_ROUNDS = 6, 50
# one batch that only the cheap rules decide (no Kiwi): a round takes seconds, not tens of them
TINY_CORPUS = [{"id": "short-1", "text": "짧은 문서입니다. 정말 짧습니다!"},
               {"id": "latin-1", "text": ("This is a Latin-script test document. " * 30).strip()},
               {"id": "symbols-1", "text": "가나다라마바!@@@@@ " * 70}]


def _start_together(args: list, go: Path) -> list[subprocess.Popen[str]]:
    procs = [subprocess.Popen([sys.executable, "-c", START_TOGETHER, str(go), *map(str, args)], env=cli_env(),
                              stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, start_new_session=True,
                              cwd=REPO) for _ in range(STARTS)]
    for p in procs:
        assert p.stdout is not None and p.stdout.readline().strip() == "READY"
    go.touch()
    return procs


def _outcome(p: subprocess.Popen[str], out: str, err: str, pids: set[int]) -> str:
    """filtered, refused (naming a racing holder or one that is starting) or done (found the work
    done after the winner released the lock)."""
    text = out + err
    if "filter: 1 of 1 batch to do" in text:
        assert p.returncode == 0 and "batch 00000" in text, text
        return "filtered"
    if p.returncode == 1:
        line = assert_one_sentence(err, "in use by another corefprep run")
        named = re.search(r"\(pid (\d+) on \S+", line)
        assert "None" not in line and ((named and int(named[1]) in pids) or "a run that is starting" in line), line
        return "refused"
    assert p.returncode == 0 and re.search(r"already done|0 of 1 batch to do|up to date", text), text
    return "done"


def test_six_cli_runs_started_at_once_filter_once(tmp_path):
    """Issue 23 item 5: STARTS `corefprep filter` runs on one output directory, started at the same
    moment, START_ROUNDS times: in every round exactly one filters; each other one is refused
    naming the holder (never "pid None"), or finds the batch done once the winner is gone."""
    corpus = tmp_path / "tiny.jsonl"
    corpus.write_text("".join(json.dumps(r, ensure_ascii=False) + "\n" for r in TINY_CORPUS), encoding="utf-8")
    tally: dict[str, int] = {"filtered": 0, "refused": 0, "done": 0}
    t0 = time.monotonic()
    for r in range(START_ROUNDS):
        out = tmp_path / f"out{r}"  # new each round: the runs also race to create it
        procs = _start_together(["filter", corpus, "-o", out, "--no-progress", "--workers", "1"], tmp_path / f"go{r}")
        try:
            outcomes = [_outcome(p, *p.communicate(timeout=TIMEOUT), {q.pid for q in procs}) for p in procs]
        finally:
            for p in procs:
                if p.poll() is None:
                    kill_group(p)
        assert outcomes.count("filtered") == 1, f"round {r}: {outcomes}"
        assert not (out / "work" / "LOCK").exists() and leftovers(out) == []
        for kind in outcomes:
            tally[kind] += 1
    print(f"\n{START_ROUNDS} rounds of {STARTS} runs in {time.monotonic() - t0:.0f} s: {tally}")
