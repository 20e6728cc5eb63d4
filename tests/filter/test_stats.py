"""Index-safe batches, resume, --batches, the work manifest and the run lock (SPEC 2.2).

The integration tests run ``corefprep filter`` in this process on the mini corpus
(tests/fixtures/minicorpus.py: 25 documents, batches of 4 -> 7 batches, every batch holding
kept, rejected or malformed documents) and compare the files of the work directory before and
after a rerun by inode and mtime.
"""

from __future__ import annotations

import os
import re
import shutil
from pathlib import Path

import orjson
import pyarrow.parquet as pq
import pytest
from fixtures import minicorpus as mc

from corefprep.core.atomic import atomic_write_json, clean_temp_files, file_sha256, read_json
from corefprep.core.errors import ConfigMismatchError, UsageError
from corefprep.core.workdir import WorkDir
from corefprep.filter.context import batch_range
from corefprep.filter.records import BatchCpu, BatchStats
from corefprep.filter.stats import batch_done, parse_batch_spec
from corefprep.run.manifest import check_manifest, describe_difference

B = 4  # --batch-docs of the integration tests

# --------------------------------------------------------------------------- units


def test_batch_range():
    assert batch_range(0, 50) == (0, 50)
    assert batch_range(3, 50) == (150, 200)
    assert batch_range(7, 200_000) == (1_400_000, 1_600_000)


def test_parse_batch_spec_ranges_and_lists():
    assert parse_batch_spec("52-102,7") == [7, *range(52, 103)]
    assert parse_batch_spec("52-102,7", num_batches=103)[-1] == 102
    assert parse_batch_spec(" 3 , 1-2,3,2 ") == [1, 2, 3]
    assert parse_batch_spec("0") == [0]
    assert parse_batch_spec("5-5,") == [5]


@pytest.mark.parametrize("spec", ["", ",", "a", "1-", "-3", "5-2", "1..3", "1;2", "+1", "1-2-3"])
def test_parse_batch_spec_rejects_bad_syntax(spec):
    with pytest.raises(UsageError) as ei:
        parse_batch_spec(spec)
    assert ei.value.exit_code == 2


def test_parse_batch_spec_out_of_range_is_usage_error():
    with pytest.raises(UsageError, match=r"only 102 batches \(0-101\)"):
        parse_batch_spec("52-102,7", num_batches=102)
    with pytest.raises(UsageError):
        parse_batch_spec("0", num_batches=0)


def test_atomic_write_and_read_json(tmp_path):
    p = tmp_path / "x.json"
    atomic_write_json(p, {"b": 1, "a": [1, 2]})
    assert read_json(p) == {"a": [1, 2], "b": 1}
    assert [q.name for q in tmp_path.iterdir()] == ["x.json"]  # no temporary left
    assert read_json(tmp_path / "missing.json") is None
    (tmp_path / "bad.json").write_text("{not json")
    assert read_json(tmp_path / "bad.json") is None


def test_clean_temp_files(tmp_path):
    (tmp_path / ".batch_00001.parquet.tmp-123").write_text("x")
    (tmp_path / ".chunk_00000.tmp-9").mkdir()
    (tmp_path / "batch_00001.parquet").write_text("keep")
    assert clean_temp_files(tmp_path) == 2
    assert [p.name for p in tmp_path.iterdir()] == ["batch_00001.parquet"]
    assert clean_temp_files(tmp_path / "absent") == 0


def _fake_batch(work: WorkDir, k: int, cid: str = "cid") -> BatchStats:
    work.filter_dir.mkdir(parents=True, exist_ok=True)
    p = work.batch_parquet(k)
    p.write_bytes(b"0123456789" * 10)
    stats = BatchStats(batch=k, start=0, end=10, documents=10, passed=1, rejected={"too_short": 9}, malformed={},
                       rows=1, parquet_bytes=100, parquet_sha256=file_sha256(p), config_id=cid)
    atomic_write_json(work.batch_stats(k), stats.to_json())
    return stats


def test_batch_done_checks_stats_size_hash_and_config(tmp_path):
    work = WorkDir(tmp_path)
    stats = _fake_batch(work, 3)
    assert batch_done(work, 3) == stats
    assert batch_done(work, 3, "cid") == stats
    assert batch_done(work, 3, "other") is None
    assert batch_done(work, 4) is None
    # same size, one byte changed
    data = bytearray(work.batch_parquet(3).read_bytes())
    data[50] ^= 1
    work.batch_parquet(3).write_bytes(bytes(data))
    assert batch_done(work, 3) is None
    _fake_batch(work, 3)
    with open(work.batch_parquet(3), "ab") as f:
        f.write(b"x")
    assert batch_done(work, 3) is None
    _fake_batch(work, 3)
    work.batch_stats(3).unlink()
    assert batch_done(work, 3) is None
    atomic_write_json(work.batch_stats(3), {"batch": 3, "config_id": "cid"})  # not a whole record
    assert batch_done(work, 3) is None


def test_stats_records_read_and_write_the_json_unchanged(tmp_path):
    """BatchStats reads a record as corefprep wrote it and writes the same JSON back, engine
    extras included (a Ray batch's node and actor), so older batches stay readable and done."""
    rec = {"batch": 2, "start": 40, "end": 60, "documents": 20, "passed": 3, "rejected": {"too_short": 17},
           "malformed": {}, "malformed_examples": [], "kiwi_errors": [],
           "quarantined": [{"doc_index": 45, "file": "/in.jsonl", "line": 6, "doc_id": "x", "reason": "timeout",
                            "detail": "ran past"}],
           "kiwi_docs": 4, "kiwi_chars": 900, "chars_in": [0, 1], "chars_kept": [0, 1], "read_seconds": 0.1,
           "worker_deaths": 1, "worker_seconds": 1.0, "worker_cpu_seconds": 0.9, "seconds": 2.0,
           "docs_per_s": 10.0, "rows": 3, "parquet_bytes": 100, "parquet_sha256": "ab", "config_id": "c",
           "workers": 1, "engine": "ray", "attempts": 2, "host": "h", "finished_at": "2026-11-23T00:00:00Z",
           "ray_node": "abc", "actor_pid": 7, "actor_peak_rss_mib": 664}
    s = BatchStats.from_json(rec)
    assert s.quarantined[0].reason == "timeout" and s.extra["ray_node"] == "abc"
    # a record of corefprep 0.2 has no side files: read with their defaults, it is still a whole record
    assert (s.values_sha256, s.rejected_sha256, s.redecided_from, s.decided_from_values) == ("", "", None, 0)
    assert s.cpu == BatchCpu()  # nor where its CPU went (issue 27)
    cpu = {"read": 0.5, "cheap": 0.25, "write": 0.125, "parent": 1.5, "kiwi": 40.0, "rules": 1.0, "sign": 0.0,
           "between": 0.25}
    rec.update(values_bytes=70, values_sha256="cd", rejected_bytes=0, rejected_sha256="", keep_rejected=3,
               redecided_from="b", decided_from_values=2, pii_mode="redact", pii={"email": 2, "mobile": 1},
               pii_docs=2, cpu=cpu)
    s = BatchStats.from_json(rec)
    assert s.to_json() == rec
    assert s.cpu.handoff == 0.625 and s.cpu.workers == 41.25


def test_check_manifest_records_refuses_and_forces(tmp_path):
    work = WorkDir(tmp_path)
    work.root.mkdir(parents=True)
    cfg = {"rules": {"rules": "v2", "min_chars": 800, "max_chars": 2500}, "batch_docs": 4}
    cid, changed = check_manifest(work, cfg, force=False)
    assert check_manifest(work, dict(cfg), force=False) == (cid, None) and changed is None
    assert read_json(work.manifest)["config_id"] == cid
    # a threshold: accepted, the difference named (the batches are re-decided)
    new = {"rules": {"rules": "v2", "min_chars": 500, "max_chars": 2500}, "batch_docs": 4}
    cid2, changed = check_manifest(work, new, force=False)
    assert cid2 != cid and changed == "rules.min_chars: 800 -> 500"
    # the manifest keeps the settings every batch may still carry
    assert set(read_json(work.manifest)["configs"]) == {cid, cid2}
    # other batches (batch size, inputs, rule set): refused until --force
    other = {**new, "batch_docs": 8}
    with pytest.raises(ConfigMismatchError, match="--force"):
        check_manifest(work, other, force=False)
    assert read_json(work.manifest)["config_id"] == cid2  # a refused run leaves the manifest alone
    with pytest.raises(ConfigMismatchError, match="rule_set"):
        check_manifest(work, {**new, "rules": {**new["rules"], "rules": "llm"}}, force=False)
    cid3, _ = check_manifest(work, other, force=True)
    assert cid3 not in (cid, cid2) and read_json(work.manifest)["config_id"] == cid3


def test_describe_difference_top_level():
    msg = describe_difference({"batch_docs": 4, "text_field": "text"}, {"batch_docs": 8, "text_field": "text"})
    assert msg == "batch_docs: 4 -> 8"


def test_describe_difference_names_the_changed_rule():
    from corefprep.rules.v2 import V2Rules as FilterConfig

    old = {"rules": FilterConfig().decision_dict(), "batch_docs": 4}
    new = {"rules": FilterConfig(max_nnp_share=0.25).decision_dict(), "batch_docs": 4}
    assert "max_nnp_share" in describe_difference(old, new)


# --------------------------------------------------------------------------- filter runs


@pytest.fixture(scope="module")
def corpus(tmp_path_factory):
    return mc.mini_corpus(tmp_path_factory)


@pytest.fixture(scope="module")
def filtered(tmp_path_factory, corpus):
    """A finished `corefprep filter` run on the mini corpus (copied by the tests that change it)."""
    out = tmp_path_factory.mktemp("filtered")
    assert _filter(corpus, out) == 0
    return out


def _filter(corpus: Path, out: Path, *extra: str) -> int:
    return mc.run_cli(["filter", str(corpus), "-o", str(out), "--batch-docs", str(B), "--workers", "2",
                       "--no-progress", *extra])


def _copy(src: Path, dst: Path) -> Path:
    shutil.copytree(src, dst, copy_function=shutil.copy2)
    return dst


def _files(out: Path) -> dict[str, tuple[int, int]]:
    """name -> (inode, mtime_ns) of every batch file."""
    return {p.name: (p.stat().st_ino, p.stat().st_mtime_ns) for p in sorted((out / "work" / "filter").iterdir())}


def _changed(before: dict, after: dict) -> set[str]:
    return {name for name in set(before) | set(after) if before.get(name) != after.get(name)}


def _batch_names(*ks: int) -> set[str]:
    """A batch's files: kept documents, stats, every document's values, rejected examples."""
    return {name.format(k) for k in ks for name in ("batch_{:05d}.parquet", "batch_{:05d}.json",
                                                     "values_{:05d}.parquet", "rejected_{:05d}.parquet")}


STABLE_KEYS = ("batch", "start", "end", "documents", "passed", "rejected", "malformed", "malformed_examples",
               "rows", "parquet_bytes", "parquet_sha256", "config_id")


def _stats(out: Path, k: int) -> dict:
    return orjson.loads((out / "work" / "filter" / f"batch_{k:05d}.json").read_bytes())


def test_batches_hold_their_doc_index_range(filtered, tmp_path_factory):
    lines = mc.mini_corpus_lines(tmp_path_factory)
    n = len(lines)
    nb = -(-n // B)
    work = WorkDir(filtered)
    assert sorted(p.name for p in work.filter_dir.glob("batch_*.parquet")) == [f"batch_{k:05d}.parquet"
                                                                                for k in range(nb)]
    kept_ids = []
    total = 0
    for k in range(nb):
        s = _stats(filtered, k)
        lo, hi = k * B, min((k + 1) * B, n)
        assert (s["batch"], s["start"], s["end"], s["documents"]) == (k, lo, hi, hi - lo)
        assert s["passed"] + sum(s["rejected"].values()) + sum(s["malformed"].values()) == s["documents"]
        t = pq.read_table(work.batch_parquet(k)).to_pylist()
        assert len(t) == s["rows"] == s["passed"]
        idx = [r["doc_index"] for r in t]
        assert idx == sorted(idx) and all(k * B <= i < (k + 1) * B for i in idx)
        for r in t:  # doc_index is the position in the input
            assert orjson.loads(lines[r["doc_index"]])["text"] == r["text"]
            kept_ids.append(r["doc_id"])
        total += s["documents"]
    assert total == n
    expected = {p["id"] for p in mc.passing_bundled_docs(tmp_path_factory)}
    assert set(kept_ids) == expected | {i + "-copy" for i in expected}
    # several batches hold both kept and rejected/malformed documents
    mixed = [k for k in range(nb) if 0 < _stats(filtered, k)["passed"] < _stats(filtered, k)["documents"]]
    assert len(mixed) >= 3


def test_rerun_changes_nothing(filtered, corpus, tmp_path):
    out = _copy(filtered, tmp_path / "out")
    before = _files(out)
    manifest = (out / "work" / "manifest.json").read_bytes()
    assert _filter(corpus, out) == 0
    assert _changed(before, _files(out)) == set()
    assert orjson.loads((out / "work" / "manifest.json").read_bytes())["config_id"] == orjson.loads(manifest)[
        "config_id"]


@pytest.mark.parametrize("remove", ["parquet", "json", "corrupt"])
def test_resume_recomputes_only_the_removed_batch(filtered, corpus, tmp_path, remove):
    out = _copy(filtered, tmp_path / "out")
    before = _files(out)
    old_stats = _stats(out, 2)
    target = out / "work" / "filter" / f"batch_00002.{'json' if remove == 'json' else 'parquet'}"
    if remove == "corrupt":
        data = bytearray(target.read_bytes())
        data[len(data) // 2] ^= 0xFF
        target.write_bytes(bytes(data))
        before[target.name] = (target.stat().st_ino, target.stat().st_mtime_ns)
    else:
        target.unlink()
    assert _filter(corpus, out) == 0
    after = _files(out)
    assert _changed(before, after) == _batch_names(2)
    new_stats = _stats(out, 2)
    assert {k: new_stats[k] for k in STABLE_KEYS} == {k: old_stats[k] for k in STABLE_KEYS}
    assert (filtered / "work" / "filter" / "batch_00002.parquet").read_bytes() == (
        out / "work" / "filter" / "batch_00002.parquet").read_bytes()


def test_batches_option_recomputes_exactly_those(filtered, corpus, tmp_path):
    out = _copy(filtered, tmp_path / "out")
    before = _files(out)
    assert _filter(corpus, out, "--batches", "1,3-4") == 0
    after = _files(out)
    assert _changed(before, after) == _batch_names(1, 3, 4)
    for k in (1, 3, 4):
        assert {key: _stats(out, k)[key] for key in STABLE_KEYS} == {key: _stats(filtered, k)[key]
                                                                     for key in STABLE_KEYS}


def test_batches_out_of_range_or_malformed_exit_2(filtered, corpus, tmp_path, capsys):
    out = _copy(filtered, tmp_path / "out")
    before = _files(out)
    assert _filter(corpus, out, "--batches", "7") == 2  # 25 documents / 4 = batches 0-6
    err = capsys.readouterr().err
    assert "only 7 batches" in err and "Traceback" not in err
    assert _filter(corpus, out, "--batches", "2-x") == 2
    assert _changed(before, _files(out)) == set()
    assert not (out / "work" / "LOCK").exists()


def test_partial_batches_then_resume_fills_the_rest(corpus, tmp_path, capsys):
    out = tmp_path / "out"
    assert _filter(corpus, out, "--batches", "0-1,5") == 0
    done = sorted(p.name for p in (out / "work" / "filter").glob("batch_*.parquet"))
    assert done == ["batch_00000.parquet", "batch_00001.parquet", "batch_00005.parquet"]
    first = _files(out)
    capsys.readouterr()
    assert _filter(corpus, out) == 0
    assert "4 of 7 batches to do" in capsys.readouterr().err
    after = _files(out)
    assert _changed(first, after) == _batch_names(2, 3, 4, 6)


def test_another_rule_set_is_refused_then_forced(filtered, corpus, tmp_path, capsys):
    out = _copy(filtered, tmp_path / "out")
    before = _files(out)
    capsys.readouterr()
    assert _filter(corpus, out, "--rules", "llm") == 1
    err = capsys.readouterr().err
    assert "another rule set" in err and "--force" in err and "rule_set" in err
    assert len(err.strip().splitlines()) == 1 and "Traceback" not in err
    assert _changed(before, _files(out)) == set()
    # --batches does not bypass the check either
    assert _filter(corpus, out, "--rules", "llm", "--batches", "0") == 1
    assert _filter(corpus, out, "--rules", "llm", "--force") == 0
    assert set(before) <= _changed(before, _files(out))  # every batch recomputed
    assert _stats(out, 0)["config_id"] != _stats(filtered, 0)["config_id"]
    # ... and going back to the old rules is a change again
    assert _filter(corpus, out) == 1


def test_a_changed_threshold_is_re_decided_and_named(filtered, corpus, tmp_path, capsys):
    out = _copy(filtered, tmp_path / "out")
    capsys.readouterr()
    assert _filter(corpus, out, "--min-chars", "500") == 0
    err = capsys.readouterr().err
    assert re.search(r"min_chars\D{0,12}800\D{0,12}500", err) and "re-decided" in err, err
    assert all(_stats(out, k)["redecided_from"] == _stats(filtered, k)["config_id"] for k in range(7))
    assert _filter(corpus, out, "--max-nnp-share", "0.25") == 0
    err = capsys.readouterr().err
    assert "max_nnp_share" in err and "min_chars: 500 -> 800" in err, err


def test_a_touched_input_resumes_and_a_changed_one_is_refused(tmp_path_factory, tmp_path, capsys):
    """An input whose bytes did not change is the same input whatever its mtime (a `touch`, a copy
    without -p): the run goes on with every batch kept. Changed bytes, even at the same size, are
    refused naming the input."""
    corpus = mc.write_mini_corpus(tmp_path / "in", tmp_path_factory)
    out = tmp_path / "out"
    assert _filter(corpus, out, "--batches", "0") == 0
    before = _files(out)
    st = corpus.stat()
    os.utime(corpus, ns=(st.st_atime_ns, st.st_mtime_ns + 10**9))
    capsys.readouterr()
    assert _filter(corpus, out, "--batches", "1") == 0
    assert _changed(before, _files(out)) == _batch_names(1)  # batch 0 kept
    data = bytearray(corpus.read_bytes())
    i = data.index("다".encode())
    data[i:i + 3] = "가".encode()  # same size, other bytes
    corpus.write_bytes(bytes(data))
    capsys.readouterr()
    assert _filter(corpus, out, "--batches", "1") == 1
    err = capsys.readouterr().err
    assert "mini.jsonl was modified (content changed)" in err and "--force" in err, err


def test_usage_error_leaves_the_work_dir_alone(filtered, corpus, tmp_path, capsys):
    out = _copy(filtered, tmp_path / "out")
    manifest = (out / "work" / "manifest.json").read_bytes()
    assert _filter(corpus, out, "--min-chars", "500", "--force", "--batches", "99") == 2
    assert (out / "work" / "manifest.json").read_bytes() == manifest
    capsys.readouterr()
    assert _filter(corpus, out) == 0  # the old settings: still all done
    assert "already done" in capsys.readouterr().err


def test_speed_only_option_keeps_batches(filtered, corpus, tmp_path, capsys):
    out = _copy(filtered, tmp_path / "out")
    before = _files(out)
    # --workers and --chunksize change speed, not decisions: batches stay done
    assert _filter(corpus, out, "--workers", "1", "--chunksize", "1") == 0
    assert _changed(before, _files(out)) == set()
    # --early-exit-chars can change a decision (a piece analysed alone may show a pronoun the whole
    # document's analysis does not): it is recorded, and changing it re-decides the batches
    capsys.readouterr()
    assert _filter(corpus, out, "--early-exit-chars", "0") == 0
    assert "rules.early_exit_chars: 50 -> 0" in capsys.readouterr().err


