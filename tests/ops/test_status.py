"""`corefprep status` (corefprep/status.py): the summary first, batches on request, docs/s and ETA,
the run holding the directory, and the later stages as the files on disk show them.

Runs are real (`corefprep filter` / `prepare` on the mini corpus, in this process); the numbers
status prints are checked against the batch stats files, the final dataset as `datasets` loads
it, and the process that holds the lock.
"""

from __future__ import annotations

import multiprocessing as mp
import os
import shutil
import time
from pathlib import Path

import orjson
import pytest
from fixtures import minicorpus as mc
from fixtures.faults import install as install_faults

from corefprep.cli import main
from corefprep.core.workdir import WorkDir
from corefprep.filter.records import BatchStats, Quarantined
from corefprep.ops.status import CPU_PARTS, collect_status, eta_seconds, filter_rate, format_status
from corefprep.store.lock import run_lock

SEQ = "256"
NAME = f"entity_coref_v2_{SEQ}"


def _status(out: Path, capsys, *extra: str) -> str:
    capsys.readouterr()
    assert main(["status", str(out), *extra]) == 0
    return capsys.readouterr().out


def _batch_stats(out: Path) -> list[dict]:
    return [orjson.loads(p.read_bytes()) for p in sorted((out / "work" / "filter").glob("batch_*[0-9].json"))]


@pytest.fixture(scope="module")
def full_run(tmp_path_factory):
    """`corefprep prepare` on the mini corpus: 7 batches of 4, tokenize chunks of 16 samples."""
    corpus = mc.mini_corpus(tmp_path_factory)
    out = tmp_path_factory.mktemp("status_full")
    assert mc.run_cli(["prepare", str(corpus), "-o", str(out), "--no-progress", "--workers", "2", "--batch-docs",
                       "4", "--tok-chunk", "16", "--seq-len", SEQ]) == 0
    return out


# --------------------------------------------------------------------------- summary


def test_summary_comes_first_and_batches_only_on_request(full_run, tmp_path_factory, capsys):
    text = _status(full_run, capsys)
    lines = text.splitlines()
    n_lines = len(mc.mini_corpus_lines(tmp_path_factory))
    assert lines[0] == (f"{full_run}: {n_lines} input documents in 7 batches of 4 — 7 done, 0 pending, 0 failed")
    assert lines[1].startswith("run: none live (last: pid ")
    stats = _batch_stats(full_run)
    passed = sum(s["passed"] for s in stats)
    assert lines[2].startswith(f"total: {n_lines} documents done, {passed} passed ({passed / n_lines:.1%})")
    assert "3 malformed" in lines[2]
    # no batch table unless asked
    assert not any(line.lstrip().startswith(("0 done", "1 done")) for line in lines)
    assert "batches:" not in text
    listed = _status(full_run, capsys, "--batches", "2-3,5")
    rows = [line.split() for line in listed.splitlines()[listed.splitlines().index("batches:") + 2:]]
    assert [int(r[0]) for r in rows] == [2, 3, 5]
    for r in rows:
        s = stats[int(r[0])]
        assert (r[1], int(r[2]), int(r[3])) == ("done", s["documents"], s["passed"])


def test_rejection_reasons_ranked_by_count(full_run, capsys):
    text = _status(full_run, capsys)
    line = next(x for x in text.splitlines() if x.startswith("rejected: "))
    totals: dict[str, int] = {}
    for s in _batch_stats(full_run):
        for r, n in s["rejected"].items():
            totals[r] = totals.get(r, 0) + n
    named = [part.rsplit(" ", 1) for part in line.removeprefix("rejected: ").split(", ")]
    assert {r: int(n) for r, n in named} == totals  # 7 reasons: all named (the top 6 plus one)
    counts = [int(n) for _r, n in named]
    assert counts == sorted(counts, reverse=True)


def test_speed_is_documents_over_batch_seconds(full_run, capsys):
    stats = _batch_stats(full_run)
    docs = sum(s["documents"] for s in stats)
    secs = sum(s["seconds"] for s in stats)
    st = collect_status(full_run)
    assert st["docs_per_s"] == pytest.approx(docs / secs, rel=0.01)
    assert st["eta_seconds"] == 0.0 and st["pending_documents"] == 0
    line = next(x for x in _status(full_run, capsys).splitlines() if x.startswith("speed: "))
    # the line shows the rate the JSON holds (equal to docs / secs within rounding, checked above)
    assert f"{st['docs_per_s']:,.0f} docs/s over 7 finished batches" in line and "every batch is done" in line


def test_cpu_line_splits_the_batches_cpu_as_their_records_do(full_run, tmp_path, capsys):
    """The shares are the batch records' CPU parts summed; a batch an older corefprep finished
    (no ``cpu``) is named and left out, not counted as zero."""
    stats = _batch_stats(full_run)
    kiwi = sum(s["cpu"]["kiwi"] for s in stats)
    total = sum(s["cpu"]["parent"] + s["cpu"]["kiwi"] + s["cpu"]["rules"] + s["cpu"]["sign"] + s["cpu"]["between"]
                for s in stats)
    assert kiwi > 0 and total > kiwi
    st = collect_status(full_run)
    assert st["cpu"]["batches"] == 7 and st["cpu"]["seconds"] == pytest.approx(total, abs=0.01)
    assert st["cpu"]["kiwi"] == pytest.approx(kiwi, abs=0.01)
    line = next(x for x in _status(full_run, capsys).splitlines() if x.startswith("cpu: "))
    assert line.startswith(f"cpu: {st['cpu']['seconds']:,.1f} s in the finished batches — inside Kiwi "
                           f"{st['cpu']['kiwi'] / st['cpu']['seconds']:.1%}, ")
    shown = [label for name, label in CPU_PARTS if st["cpu"][name] > 0]
    assert [part.rsplit(" ", 1)[0] for part in line.split(" — ")[1].split(", ")] == shown

    out = tmp_path / "older"
    shutil.copytree(full_run, out)
    first = out / "work" / "filter" / "batch_00000.json"
    old = orjson.loads(first.read_bytes())
    del old["cpu"]
    first.write_bytes(orjson.dumps(old, option=orjson.OPT_SORT_KEYS))
    st = collect_status(out)
    assert st["done"] == 7 and st["cpu"]["batches"] == 6
    assert st["cpu"]["kiwi"] == pytest.approx(kiwi - stats[0]["cpu"]["kiwi"], abs=0.01)
    assert "s in the finished batches; 1 older batch recorded none — inside Kiwi" in _status(out, capsys)


def test_later_stages_match_the_files_and_the_dataset(full_run, capsys):
    from datasets import load_from_disk

    ds = load_from_disk(str(full_run / NAME))
    meta = orjson.loads((full_run / NAME / "metadata.json").read_bytes())
    st = collect_status(full_run)
    sm = st["stages"]["samples"]
    chunk_files = sorted((full_run / "work" / "samples").glob("chunk_*.arrow"))
    assert sm["chunks"] == len(chunk_files) >= 2
    assert sm["samples"] == meta["samples_before_tokenize"]
    assert sm["complete"] and sm["up_to_date"]
    tok = st["stages"]["tokenized"]
    assert len(tok) == 1 and tok[0]["rows"] == len(ds) and tok[0]["chunks"] == len(chunk_files)
    assert tok[0]["dropped"] == meta["dropped_samples"]
    assert st["datasets"] == [{"path": str(full_run / NAME), "num_samples": len(ds), "kind": "dataset"}]
    text = _status(full_run, capsys)
    assert f"samples: {meta['samples_before_tokenize']:,} samples from" in text
    assert f"tokenized: {len(chunk_files)} of {len(chunk_files)} samples chunks, {len(ds):,} rows" in text
    assert f"dataset: {full_run / NAME} ({len(ds):,} samples, complete, entity_coref, seq_len {SEQ})" in text


def test_incomplete_dataset_and_stale_samples_are_called_out(full_run, tmp_path, capsys):
    out = tmp_path / "copy"
    shutil.copytree(full_run, out)
    (out / NAME / "_COMPLETE").unlink()
    st = collect_status(out)
    assert st["datasets"] == []  # trainers must not take it
    assert [d["complete"] for d in st["stages"]["datasets"]] == [False]
    assert "INCOMPLETE" in _status(out, capsys)
    # a batch recomputed after the samples were built makes them out of date
    time.sleep(0.01)
    stats = out / "work" / "filter" / "batch_00003.json"
    os.utime(stats, (time.time() + 5, time.time() + 5))
    assert collect_status(out)["stages"]["samples"]["up_to_date"] is False
    assert "out of date" in _status(out, capsys)


# --------------------------------------------------------------------------- partial runs, ETA, failures


def test_partial_run_has_an_eta_at_the_measured_speed(tmp_path_factory, tmp_path, capsys):
    corpus = mc.mini_corpus(tmp_path_factory)
    out = tmp_path / "out"
    assert mc.run_cli(["filter", str(corpus), "-o", str(out), "--batch-docs", "4", "--workers", "2",
                       "--no-progress", "--batches", "0-2"]) == 0
    stats = _batch_stats(out)
    rate = sum(s["documents"] for s in stats) / sum(s["seconds"] for s in stats)
    st = collect_status(out)
    pending_docs = len(mc.mini_corpus_lines(tmp_path_factory)) - 12
    assert (st["done"], st["pending"], st["pending_documents"]) == (3, 4, pending_docs)
    assert st["eta_seconds"] == pytest.approx(pending_docs / rate, rel=0.02, abs=0.06)  # rounded to 0.1 s
    line = next(x for x in _status(out, capsys).splitlines() if x.startswith("speed: "))
    assert line.endswith(f"; 4 batches left ({pending_docs} documents): about {st['eta_seconds']:.0f} s at that "
                         "speed once a run resumes (none is live)")
    assert "samples: not built yet" in _status(out, capsys)


def test_failed_batches_are_listed_with_their_error(tmp_path_factory, tmp_path, capsys, monkeypatch):
    corpus = mc.mini_corpus(tmp_path_factory)
    out = tmp_path / "out"
    install_faults("raise@8", monkeypatch)  # batch 2 fails on document 8
    assert mc.run_cli(["filter", str(corpus), "-o", str(out), "--batch-docs", "4", "--workers", "2",
                       "--no-progress", "--retries", "0"]) == 1
    text = _status(out, capsys)
    assert "— 2 done, 4 pending, 1 failed" in text.splitlines()[0]
    table = text.splitlines()[text.splitlines().index("failed batches:") + 1:]
    assert len(table) == 2 and table[1].split()[:2] == ["2", "failed"] and "document 8" in table[1]


def test_filter_rate_counts_overlapping_ray_batches_once():
    def row(docs: int, secs: float, engine: str, end: str) -> dict:
        return {"documents": docs, "seconds": secs, "engine": engine, "finished_at": end}

    rows = [row(100, 10, "ray", "2026-01-01T00:00:10Z"), row(100, 10, "ray", "2026-01-01T00:00:15Z"),
            row(100, 10, "ray", "2026-01-01T01:00:10Z"), row(40, 4, "local", "2026-01-02T00:00:00Z")]
    # ray: [0, 10] and [5, 15] overlap (15 s), [3600, 3610] alone (10 s); local adds its own 4 s
    assert filter_rate(rows) == {"seconds": 29.0, "docs_per_s": round(340 / 29, 1)}
    assert filter_rate([]) == {"seconds": 0.0, "docs_per_s": None}
    assert eta_seconds(1000, 50.0) == 20.0 and eta_seconds(1000, None) is None and eta_seconds(0, None) == 0.0


# --------------------------------------------------------------------------- the run holding the directory


def test_a_live_run_is_named_with_pid_and_command(full_run, tmp_path):
    out = tmp_path / "copy"
    shutil.copytree(full_run, out)
    with run_lock(WorkDir(out), command="corefprep prepare big.jsonl"):
        st = collect_status(out)
        assert st["run"]["live"] and st["run"]["pid"] == os.getpid()
        line = format_status(st).splitlines()[1]
        assert line.startswith(f"run: LIVE — pid {os.getpid()} on ") and line.endswith(": corefprep prepare big.jsonl")
    st = collect_status(out)
    assert not st["run"]["live"] and st["run"]["pid"] == os.getpid()
    assert format_status(st).splitlines()[1].startswith(f"run: none live (last: pid {os.getpid()} on ")


def _take_lock_and_die(out: str) -> None:
    with run_lock(WorkDir(Path(out)), command="corefprep prepare doomed"):
        os._exit(0)  # like kill -9: the lock file stays


def test_a_dead_runs_lock_is_not_called_live(full_run, tmp_path):
    out = tmp_path / "copy"
    shutil.copytree(full_run, out)
    p = mp.get_context("fork").Process(target=_take_lock_and_die, args=(str(out),))
    p.start()
    p.join(30)
    assert (out / "work" / "LOCK").exists()
    st = collect_status(out)
    assert not st["run"]["live"] and st["run"]["stale_lock"] and st["run"]["pid"] == p.pid
    assert "a dead run left its lock" in format_status(st).splitlines()[1]


# --------------------------------------------------------------------------- scale


def test_status_of_300_batches_is_quick(tmp_path):
    """No parquet is opened: 300 batches' stats are summarised in well under a second."""
    out = tmp_path / "big"
    work = WorkDir(out)
    work.filter_dir.mkdir(parents=True)
    n, b = 300, 200_000
    (work.manifest).write_bytes(orjson.dumps({"config_id": "c", "filter_config": {"total_docs": n * b - 5,
                                                                                   "batch_docs": b}}))
    for k in range(n - 10):
        work.batch_parquet(k).write_bytes(b"x" * 1000)
        work.batch_stats(k).write_bytes(orjson.dumps(BatchStats(
            batch=k, start=k * b, end=(k + 1) * b, documents=b, passed=b // 10,
            rejected={"too_short": b // 2, "has_pronoun": b * 2 // 5}, malformed={}, rows=b // 10,
            parquet_bytes=1000, parquet_sha256="x", config_id="c", seconds=100.0, docs_per_s=2000.0,
            quarantined=[Quarantined(k * b, "in.jsonl", 1, "d", "timeout", None)],
            finished_at="2026-01-01T00:00:00Z").to_json()))
    t0 = time.perf_counter()
    st = collect_status(out)
    text = format_status(st)
    took = time.perf_counter() - t0
    assert took < 2.0, took
    assert (st["done"], st["pending"], st["quarantined"], st["docs_per_s"]) == (290, 10, 290, 2000.0)
    assert st["eta_seconds"] == pytest.approx((10 * b - 5) / 2000.0, abs=0.1)
    assert len(text.splitlines()) < 15  # a summary, not 300 rows
    assert "about 17 min at that speed once a run resumes" in text
    with run_lock(work, command="/opt/venv/bin/corefprep prepare in/"):
        live = format_status(collect_status(out))
    assert "ETA 17 min at that speed for the 10 batches left (1,999,995 documents)" in live
    assert live.splitlines()[1].endswith(": corefprep prepare in/")


def test_a_clm_run_shows_its_token_files_not_samples(tmp_path_factory, tmp_path, capsys):
    """--objective clm has no samples stage: status names the per-batch token files and the rows."""
    from datasets import load_from_disk

    corpus = mc.mini_corpus(tmp_path_factory)
    out = tmp_path / "clm"
    capsys.readouterr()
    assert mc.run_cli(["prepare", str(corpus), "-o", str(out), "--objective", "clm", "--seq-len", "64",
                       "--batch-docs", "8", "--no-progress"]) == 0
    done_line = [ln for ln in capsys.readouterr().out.splitlines() if ln.startswith("done:")][-1]
    ds = load_from_disk(str(out / "clm_v2_64"))
    assert done_line.endswith(f"; {len(ds):,} rows -> {out / 'clm_v2_64'}")
    stats = _batch_stats(out)
    token_files = [orjson.loads(p.read_bytes()) for p in (out / "work" / "tokenized").glob("clm-*/batch_*.json")]
    tokens = sum(t["tokens"] for t in token_files)
    text = _status(out, capsys)
    assert "samples: none (--objective clm" in text and "samples: not built yet" not in text
    assert (f"tokenized: {len(stats)} of {len(stats)} finished filter batches, "
            f"{sum(s['passed'] for s in stats):,} documents, {tokens:,} tokens") in text
    assert f"dataset: {out / 'clm_v2_64'} ({len(ds):,} rows, complete, clm, seq_len 64)" in text


def test_a_settings_change_shows_what_is_re_decided(full_run, tmp_path_factory, tmp_path, capsys):
    """After a threshold change, pending batches that hold an earlier decision are named as
    re-decided from their values; once done, how many documents Kiwi analysed again."""
    corpus = mc.mini_corpus(tmp_path_factory)
    out = tmp_path / "out"
    shutil.copytree(full_run, out)
    args = ["filter", str(corpus), "-o", str(out), "--no-progress", "--workers", "2", "--batch-docs", "4",
            "--max-chars", "3500"]
    assert mc.run_cli([*args, "--batches", "0-1"]) == 0
    text = _status(out, capsys)
    assert "settings changed: 5 pending batches will be re-decided from their recorded values" in text
    st = collect_status(out)
    assert st["pending"] == 5 and st["redecided"]["pending"] == 5
    assert {b["batch"]: b.get("earlier") for b in st["batches"] if b["state"] == "pending"} == \
        {k: "redecide" for k in range(2, 7)}
    assert mc.run_cli(args) == 0
    st = collect_status(out)
    sent = sum(s["kiwi_docs"] - s["decided_from_values"] for s in _batch_stats(out) if s["redecided_from"])
    assert st["redecided"]["batches"] == 5 and st["redecided"]["documents"] - st["redecided"]["from_values"] == sent
    assert sent == 1  # the one too-long document of batch 2 reaches Kiwi; everything else is decided from values
    assert f"of {st['redecided']['documents']:,} documents past the cheap rules 1 was analysed again" in \
        _status(out, capsys)
