"""Tests for corefprep.io.hub: ``hf://`` inputs read with ``datasets.load_dataset(..., streaming=True)``.

No test touches the network. The hub's code path is exercised on local dataset directories, which
``hf://datasets/<directory>`` streams through the very same ``load_dataset(NAME, CONFIG,
split=SPLIT, streaming=True)`` call a hub name goes through; only resolving the name differs
(a hub name asks the hub for its commit, which is tested for failing in one sentence, offline).
"""

from __future__ import annotations

import os
import subprocess
import sys
import time
from pathlib import Path

import orjson
import pyarrow as pa
import pyarrow.parquet as pq
import pytest
from fixtures import minicorpus as mc

import corefprep.io.hub as hub
from corefprep.core.errors import ConfigMismatchError, InputError
from corefprep.core.workdir import WorkDir
from corefprep.filter.config import FilterConfig
from corefprep.io.documents import Document
from corefprep.io.read import count_records, iter_documents
from corefprep.io.resolve import resolve_inputs
from corefprep.run.options import RunOptions

BATCH = 4


def _fields(d: Document) -> tuple:
    """Everything a document carries except where it came from (file path vs hf:// name, line vs row)."""
    return d.doc_index, d.text, d.record_id, d.url, d.malformed


def _hub_lines(tmp_path_factory) -> list[bytes]:
    """The mini corpus without its invalid-JSON line: datasets' JSON reader rejects a whole file
    for one such line (see test_a_broken_json_line_stops_the_count_in_one_sentence)."""
    lines = [ln for ln in mc.mini_corpus_lines(tmp_path_factory) if not ln.startswith(b'{"id": "broken-1"')]
    assert len(lines) == len(mc.mini_corpus_lines(tmp_path_factory)) - 1
    return lines


@pytest.fixture(scope="module")
def jsonl_dataset(tmp_path_factory) -> Path:
    """A dataset directory as `hf download` leaves it: one JSONL data file."""
    d = tmp_path_factory.mktemp("hub_jsonl") / "minihub"
    d.mkdir()
    (d / "train.jsonl").write_bytes(b"\n".join(_hub_lines(tmp_path_factory)) + b"\n")
    return d


@pytest.fixture(scope="module")
def parquet_dataset(tmp_path_factory) -> Path:
    """A dataset directory in the hub's Parquet layout: data/train-0000k-of-00003.parquet."""
    recs = [orjson.loads(ln) for ln in _hub_lines(tmp_path_factory)]
    recs = [r for r in recs if isinstance(r.get("text"), str | None)]  # a Parquet column has one type
    d = tmp_path_factory.mktemp("hub_parquet") / "miniparquet"
    (d / "data").mkdir(parents=True)
    third = -(-len(recs) // 3)
    for k in range(3):
        part = recs[k * third:(k + 1) * third]
        table = pa.table({"id": [r["id"] for r in part], "url": pa.array([r.get("url") for r in part], pa.string()),
                          "text": pa.array([r.get("text") for r in part], pa.string())})
        pq.write_table(table, d / "data" / f"train-{k:05d}-of-00003.parquet", row_group_size=5)
    return d


def _hf(d: Path, tail: str = "") -> str:
    return f"hf://datasets/{d}{tail}"


# --- the spec ----------------------------------------------------------------------------------


def test_spec_forms(tmp_path):
    r = hub.parse_hub_spec("hf://datasets/HPLT/HPLT2.0_cleaned:kor_Hang@train")
    assert (r.name, r.config, r.split, r.local) == ("HPLT/HPLT2.0_cleaned", "kor_Hang", "train", False)
    r = hub.parse_hub_spec("hf://HPLT/HPLT2.0_cleaned:kor_Hang")  # SPEC's short form; split defaults to train
    assert (r.name, r.config, r.split) == ("HPLT/HPLT2.0_cleaned", "kor_Hang", "train")
    r = hub.parse_hub_spec("hf://datasets/owner/name@validation")
    assert (r.name, r.config, r.split) == ("owner/name", None, "validation")
    local = tmp_path / "a:b" / "ds"  # ":" inside a directory name stays part of the path
    local.mkdir(parents=True)
    r = hub.parse_hub_spec(f"hf://{local}:cfg@test")
    assert (r.name, r.config, r.split, r.local) == (str(local), "cfg", "test", True)
    assert hub.display_spec(r) == (f"hf://datasets/{local}:cfg@test", "hf://datasets/ds:cfg@test")
    for bad in ("hf://", "hf://datasets/", "hf://a/b/c", "hf://./no/such/dir", "hf://datasets//no/such/dir"):
        with pytest.raises(InputError) as info:
            hub.parse_hub_spec(bad)
        assert "\n" not in str(info.value)


def test_a_split_is_sized_and_fingerprinted_by_its_own_data_files(tmp_path):
    listing = {"data/kor/train-0.jsonl.zst": hub.RepoFile(10, "blob-a"),
               "data/kor/train-1.jsonl.zst": hub.RepoFile(5, "blob-b"),
               "data/fin/train-0.jsonl.zst": hub.RepoFile(99, "blob-c"), "README.md": hub.RepoFile(1, "blob-d")}
    urls = ["hf://datasets/o/n@0123abcd/data/kor/train-0.jsonl.zst", "hf://datasets/o/n@0123abcd/data/kor/train-1.jsonl.zst"]
    size, fp = hub.split_files(urls, listing, "0123abcd")
    assert size == 15
    # another commit that changes only other files (README, another config) leaves the split as it was
    other = {**listing, "README.md": hub.RepoFile(2, "blob-e"),
             "data/fin/train-0.jsonl.zst": hub.RepoFile(98, "blob-f")}
    later = [u.replace("0123abcd", "4567ef01") for u in urls]
    assert hub.split_files(later, other, "4567ef01") == (15, fp)
    # a changed data file of the split, or a file the listing does not give, changes it
    assert hub.split_files(urls, {**listing, "data/kor/train-1.jsonl.zst": hub.RepoFile(5, "blob-g")})[1] != fp
    unlisted = [*urls, "hf://datasets/o/n@0123abcd/data/kor/train-2.jsonl.zst"]
    assert hub.split_files(unlisted, listing, "0123abcd")[1] != hub.split_files(unlisted, listing, "89abcdef")[1]
    (tmp_path / "x.jsonl").write_bytes(b"abc\n")
    assert hub.split_files([str(tmp_path / "x.jsonl")], {})[0] == 4


# --- reading: the same documents as the files --------------------------------------------------


@pytest.mark.parametrize("layout", ["jsonl", "parquet"])
def test_the_same_documents_doc_index_and_batches_as_the_files(layout, jsonl_dataset, parquet_dataset, tmp_path):
    d = jsonl_dataset if layout == "jsonl" else parquet_dataset
    head = tmp_path / "head.jsonl"
    head.write_bytes(b"".join(orjson.dumps({"id": f"h{i}", "text": f"head {i}"}) + b"\n" for i in range(3)))
    tail = tmp_path / "tail.jsonl"
    tail.write_bytes(b"".join(orjson.dumps({"id": f"t{i}", "text": f"tail {i}"}) + b"\n" for i in range(2)))
    as_hub = resolve_inputs([str(head), _hf(d), str(tail)])
    as_files = resolve_inputs([str(head), str(d), str(tail)])
    assert [f.kind for f in as_hub] == ["jsonl", "hf", "jsonl"]
    hub_input = as_hub[1]
    assert hub_input.size == sum(f.size for f in as_files[1:-1]) and hub_input.mtime_ns == 0
    assert hub_input.name == f"hf://datasets/{d.name}@train"  # rows do not carry this machine's path

    counts_hub = [count_records(f) for f in as_hub]
    counts_files = [count_records(f) for f in as_files]
    assert counts_hub == [counts_files[0], sum(counts_files[1:-1]), counts_files[-1]]
    total = sum(counts_files)
    whole = list(iter_documents(as_hub))
    assert [_fields(x) for x in whole] == [_fields(x) for x in iter_documents(as_files)]
    assert [x.doc_index for x in whole] == list(range(total))
    rows = [x for x in whole if x.source == hub_input.path]
    assert [x.line for x in rows] == list(range(1, len(rows) + 1))  # a hub record's line is its row number
    # every batch window, read on its own as compute_batch does (seeking with the counts)
    for lo in range(0, total, BATCH):
        hi = min(lo + BATCH, total)
        got = list(iter_documents(as_hub, start=lo, stop=hi, counts=counts_hub))
        assert [_fields(x) for x in got] == [_fields(x) for x in whole[lo:hi]], (lo, hi)


def test_malformed_records_are_counted_with_their_row(tmp_path, jsonl_dataset):
    docs = list(iter_documents(resolve_inputs([_hf(jsonl_dataset)])))
    bad = {x.record_id: (x.malformed, x.line) for x in docs if x.malformed}
    data = (jsonl_dataset / "train.jsonl").read_bytes().split(b"\n")
    rows = {orjson.loads(ln)["id"]: i + 1 for i, ln in enumerate(data) if ln}
    assert bad == {"notext-1": ("missing_text", rows["notext-1"]), "nonstr-1": ("text_not_string", rows["nonstr-1"])}
    # a Parquet dataset whose text column is not a string column: every record is malformed, none lost
    d = tmp_path / "ints"
    d.mkdir()
    urls = ["https://a.example/7", None, "https://a.example/9"]
    pq.write_table(pa.table({"id": [7, 8, 9], "u": urls, "text": [1, None, 3]}), d / "train.parquet")
    docs = list(iter_documents(resolve_inputs([_hf(d)])))
    assert [(x.doc_index, x.malformed, x.line, x.record_id, x.url) for x in docs] == [
        (0, "text_not_string", 1, "7", urls[0]), (1, "missing_text", 2, "8", None),
        (2, "text_not_string", 3, "9", urls[2])]  # HPLT v2/v3 name the url `u`; v1.2's ids are numbers


def test_a_wrong_text_field_and_a_wrong_split_or_config_stop_in_seconds(jsonl_dataset):
    from corefprep.io.read import check_text_field

    files = resolve_inputs([_hf(jsonl_dataset)])
    check_text_field(files, "text")
    with pytest.raises(InputError, match="has the text field 'content'.*--text-field"):
        check_text_field(files, "content")
    with pytest.raises(InputError, match=r"no split 'test' \(it has: train\); name one with @SPLIT"):
        resolve_inputs([_hf(jsonl_dataset, "@test")])
    with pytest.raises(InputError, match="BuilderConfig 'nope' not found"):
        resolve_inputs([_hf(jsonl_dataset, ":nope")])


def test_a_broken_json_line_stops_the_count_in_one_sentence(tmp_path, capfd):
    d = tmp_path / "broken"
    d.mkdir()
    (d / "a.jsonl").write_bytes(b'{"text": "fine"}\n' * 3)
    (d / "b.jsonl").write_bytes(b'{"text": "fine"}\n{"text": "unterminated\n')
    [f] = resolve_inputs([_hf(d)])
    with pytest.raises(InputError) as info:
        count_records(f)
    msg = str(info.value)
    assert msg.startswith(f"{f.path}: reading stopped after row ") and "\n" not in msg
    assert f"Failed to load JSON from file '{d / 'b.jsonl'}'" in msg  # the file, from datasets' own log line
    assert "pass the directory without hf://" in msg
    assert "Failed to load JSON" not in capfd.readouterr().err  # said once, in the error, not logged besides
    # the same directory read by corefprep itself: the broken line is one malformed record
    docs = list(iter_documents(resolve_inputs([str(d)])))
    assert [x.malformed for x in docs] == [None] * 4 + ["invalid_json"]


# --- counting, caching, manifest ---------------------------------------------------------------


def test_a_local_dataset_is_identified_by_its_bytes_counted_once_and_hashed_once(tmp_path, monkeypatch):
    import corefprep.io.counts as counts

    def count(files):
        return counts.count_inputs(work, files, "text", progress=False)

    d = tmp_path / "ds"
    d.mkdir()
    data = d / "train.jsonl"
    data.write_bytes(b"".join(orjson.dumps({"text": f"doc {i}"}) + b"\n" for i in range(7)))
    work = WorkDir(tmp_path / "out")
    files = resolve_inputs([_hf(d)])
    [first] = count(files)
    assert first.records == 7
    entry = orjson.loads(work.input_counts.read_bytes())[files[0].count_key]
    assert entry["records"] == 7 and entry["data"] == first.fingerprint
    assert entry["files"][str(data)][2] == counts.file_sha256(str(data))
    assert first.fingerprint != files[0].hub.fingerprint  # the bytes, not the paths and mtimes

    def no_count(f, on_rows=None):
        raise AssertionError("counted again")

    def no_hash(path):
        raise AssertionError(f"hashed again: {path}")

    monkeypatch.setattr(hub, "count_rows", no_count)
    monkeypatch.setattr(counts, "file_sha256", no_hash)
    assert count(resolve_inputs([_hf(d)])) == [first]  # nothing changed: nothing is read
    # a touch: the file is hashed again, once, and keeps its count and identity
    os.utime(data, ns=(time.time_ns(), time.time_ns() + 10**9))
    monkeypatch.undo()
    monkeypatch.setattr(hub, "count_rows", no_count)
    touched = resolve_inputs([_hf(d)])
    assert touched[0].hub.fingerprint != files[0].hub.fingerprint
    assert count(touched) == [first]
    assert list(orjson.loads(work.input_counts.read_bytes())) == [touched[0].count_key]  # one entry per input
    monkeypatch.setattr(counts, "file_sha256", no_hash)
    assert count(resolve_inputs([_hf(d)])) == [first]
    monkeypatch.undo()
    # other bytes of the same size and mtime are another input, counted again
    before = data.stat()
    data.write_bytes(data.read_bytes().replace(b"doc 3", b"doc 9"))
    os.utime(data, ns=(before.st_atime_ns, before.st_mtime_ns))
    work.input_counts.unlink()  # (the cache would trust an unchanged size and mtime, as for files)
    [changed] = count(resolve_inputs([_hf(d)]))
    assert changed.records == 7 and changed.fingerprint != first.fingerprint
    data.write_bytes(data.read_bytes() + b'{"text": "one more"}\n')
    assert [c.records for c in count(resolve_inputs([_hf(d)]))] == [8]


def test_a_run_recorded_by_an_older_corefprep_resumes_on_an_untouched_directory(tmp_path):
    """Older work manifests recorded a local dataset directory by its files' stat: while that
    still holds it is the same input, and the finished batches stay done."""
    from corefprep.core.atomic import read_json
    from corefprep.run.filter_stage import plan_filter

    d = tmp_path / "ds"
    d.mkdir()
    (d / "train.jsonl").write_bytes(b"".join(orjson.dumps({"text": f"doc {i}"}) + b"\n" for i in range(5)))
    opts = RunOptions(inputs=[_hf(d)], output_dir=tmp_path / "out", filter=FilterConfig(batch_docs=2), progress=False)
    cid = plan_filter(opts).ctx.config_id
    manifest = read_json(opts.work.manifest)
    [f] = resolve_inputs(opts.inputs)
    manifest["filter_config"]["inputs"] = [[f"{f.path} (data {f.hub.fingerprint})", f.size, 0]]
    manifest["config_id"] = "older"
    opts.work.manifest.write_bytes(orjson.dumps(manifest))
    assert plan_filter(opts).ctx.config_id == "older" != cid
    manifest["filter_config"]["inputs"] = [[f"{f.path} (data 0123456789abcdef)", f.size, 0]]
    opts.work.manifest.write_bytes(orjson.dumps(manifest))
    with pytest.raises(ConfigMismatchError, match="input removed"):
        plan_filter(opts)


# --- whole filter runs over an hf:// input ------------------------------------------------------


def _filter(spec: str, out: Path, *extra: str) -> int:
    return mc.run_cli(["filter", spec, "-o", str(out), "--no-progress", "--batch-docs", str(BATCH), "--workers", "1",
                       *extra])


def _batch_files(out: Path) -> dict[str, tuple[int, int]]:
    return {p.name: (p.stat().st_ino, p.stat().st_mtime_ns) for p in sorted((out / "work" / "filter").glob("batch_*"))}


def _rows(out: Path) -> list[dict]:
    rows = []
    for p in sorted((out / "work" / "filter").glob("batch_*.parquet")):
        rows += pq.read_table(p).to_pylist()
    return rows


def _counts(out: Path) -> list[tuple]:
    keys = ("batch", "start", "end", "documents", "passed", "rejected", "malformed")
    return [tuple(orjson.loads(p.read_bytes())[k] for k in keys)
            for p in sorted((out / "work" / "filter").glob("batch_*.json"))]


def test_a_filter_run_over_an_hf_input_matches_the_files_resumes_and_reruns_batches(jsonl_dataset, tmp_path, capsys):
    by_files = tmp_path / "files"
    assert _filter(str(jsonl_dataset / "train.jsonl"), by_files) == 0
    out = tmp_path / "hub"
    spec = _hf(jsonl_dataset)
    # stop after some batches, as an interrupted run would
    assert _filter(spec, out, "--batches", "0-2") == 0
    first = _batch_files(out)
    assert sorted(first) == [f"batch_{k:05d}.{ext}" for k in range(3) for ext in ("json", "parquet")]
    capsys.readouterr()
    assert _filter(spec, out) == 0  # resume: the finished batches are not redone
    said = capsys.readouterr().err
    n_batches = len(_counts(by_files))
    assert f"filter: {n_batches - 3} of {n_batches} batches to do" in said
    after = _batch_files(out)
    assert {k: after[k] for k in first} == first and len(after) == 2 * n_batches
    # the same batches, documents, decisions and rows as reading the file itself; only `source` differs
    assert _counts(out) == _counts(by_files)
    hub_rows, file_rows = _rows(out), _rows(by_files)
    assert hub_rows and {r.pop("source") for r in hub_rows} == {f"hf://datasets/{jsonl_dataset.name}@train"}
    for r in file_rows:
        r.pop("source")
    assert hub_rows == file_rows
    malformed = {}
    for p in (out / "work" / "filter").glob("batch_*.json"):
        for reason, n in orjson.loads(p.read_bytes())["malformed"].items():
            malformed[reason] = malformed.get(reason, 0) + n
    assert malformed == {"missing_text": 1, "text_not_string": 1}
    # --batches recomputes exactly the batches it names, with the same bytes
    parquet1 = (out / "work" / "filter" / "batch_00001.parquet").read_bytes()
    assert _filter(spec, out, "--batches", "1") == 0
    again = _batch_files(out)
    assert {k for k in again if again[k] != after[k]} == {"batch_00001.json", "batch_00001.parquet"}
    assert (out / "work" / "filter" / "batch_00001.parquet").read_bytes() == parquet1
    # a touched dataset is the same input: the run resumes with nothing to do
    data = jsonl_dataset / "train.jsonl"
    st = data.stat()
    original = data.read_bytes()
    try:
        os.utime(data, ns=(st.st_atime_ns, st.st_mtime_ns + 10**9))
        capsys.readouterr()
        assert _filter(spec, out) == 0
        assert f"filter: all {n_batches} batches already done" in capsys.readouterr().err
        assert _batch_files(out) == again
        # a changed dataset is a changed input: its batches are not mixed with the old ones
        data.write_bytes(original.replace(b"\"id\": \"", b"\"id\": \"x", 1))
        assert _filter(spec, out) == 1
        err = capsys.readouterr().err
        assert f"holds batches made from other inputs or with another rule set (input added: {spec}@train (data " in err
        assert f"input removed: {spec}@train (data " in err
    finally:
        data.write_bytes(original)
        os.utime(data, ns=(st.st_atime_ns, st.st_mtime_ns))


def test_plan_filter_refuses_changed_data_without_force(tmp_path):
    from corefprep.run.filter_stage import plan_filter

    d = tmp_path / "ds"
    d.mkdir()
    data = d / "train.jsonl"
    data.write_bytes(b"".join(orjson.dumps({"text": f"doc {i}"}) + b"\n" for i in range(5)))
    opts = RunOptions(inputs=[_hf(d)], output_dir=tmp_path / "out", filter=FilterConfig(batch_docs=2), progress=False)
    plan = plan_filter(opts)
    assert (plan.num_batches, plan.total_docs) == (3, 5)
    os.utime(data, ns=(time.time_ns(), time.time_ns() + 10**9))
    assert plan_filter(opts).ctx.config_id == plan.ctx.config_id  # touched: the same input
    data.write_bytes(data.read_bytes().replace(b"doc 4", b"doc 8"))
    with pytest.raises(ConfigMismatchError, match=r"input removed: hf://datasets/\S+ \(data [0-9a-f]{16}\)"):
        plan_filter(opts)
    opts.force = True
    assert plan_filter(opts).total_docs == 5


# --- preflight and doctor ------------------------------------------------------------------------


def test_preflight_and_doctor_do_not_stream_or_crash_on_hub_inputs(jsonl_dataset, tmp_path):
    from corefprep.io.counts import count_inputs
    from corefprep.ops.doctor import sample_inputs
    from corefprep.rules.v2 import V2Rules
    from corefprep.run.preflight import run_preflight

    opts = RunOptions(inputs=[_hf(jsonl_dataset)], output_dir=tmp_path / "out")
    pf = run_preflight(opts)
    assert not pf.errors and pf.inputs is not None
    assert pf.inputs.uncounted == [f"hf://datasets/{jsonl_dataset.name}@train"] and pf.inputs.documents == 0
    assert "not counted yet" in pf.findings[0].message
    files = resolve_inputs(opts.inputs)
    [n] = [c.records for c in count_inputs(opts.work, files, "text", progress=False)]
    pf = run_preflight(opts)  # a rerun knows the count
    assert pf.inputs.uncounted == [] and pf.inputs.documents == n and pf.disk is not None
    st, texts = sample_inputs(files, V2Rules(), "text", limit=10)
    assert st.documents == 10 and st.malformed == 0 and len(texts) == st.reach_kiwi


# --- a hub name that cannot be reached ------------------------------------------------------------


@pytest.mark.slow
def test_an_unreachable_hub_name_is_one_sentence_exit_1_in_seconds(tmp_path):
    out = tmp_path / "out"
    env = {**os.environ, "HF_HUB_OFFLINE": "1", "TOKENIZERS_PARALLELISM": "false"}
    for command in ("filter", "prepare"):
        t0 = time.monotonic()
        p = subprocess.run([sys.executable, "-m", "corefprep", command, "hf://datasets/corefprep-test/made-up:kor_Hang",
                            "-o", str(out), "--no-progress"], env=env, capture_output=True, text=True, timeout=120)
        took = time.monotonic() - t0
        assert p.returncode == 1, p.stderr
        lines = p.stderr.strip().splitlines()
        assert len(lines) == 1 and "Traceback" not in p.stderr, p.stderr
        assert "hf://datasets/corefprep-test/made-up:kor_Hang" in lines[0] and "HF_HUB_OFFLINE" in lines[0]
        assert "hf download corefprep-test/made-up --repo-type dataset --local-dir DIR" in lines[0]
        assert took < 30, took
        assert not out.exists() or not any(out.iterdir())  # before any batch, nothing written


def test_unreachable_names_fail_without_asking_the_network(monkeypatch):
    monkeypatch.setenv("HF_HUB_OFFLINE", "1")

    def no_network(*a, **k):
        raise AssertionError("the hub was asked")

    import huggingface_hub

    monkeypatch.setattr(huggingface_hub.HfApi, "dataset_info", no_network)
    with pytest.raises(InputError, match=r"^hf://owner/name: the Hugging Face hub is switched off here"):
        resolve_inputs(["hf://owner/name"])


def _online(monkeypatch):
    """Pretend the hub is switched on (the test session sets HF_HUB_OFFLINE=1); every request below is faked."""
    from huggingface_hub import constants

    monkeypatch.delenv("HF_HUB_OFFLINE", raising=False)
    monkeypatch.delenv("HF_DATASETS_OFFLINE", raising=False)
    monkeypatch.setattr(constants, "HF_HUB_OFFLINE", False)


def _hub_error(kind: str) -> Exception:
    import httpx2
    from huggingface_hub.errors import GatedRepoError, RepositoryNotFoundError

    response = httpx2.Response(401 if kind == "gated" else 404,
                               request=httpx2.Request("GET", "https://huggingface.co/api/datasets/o/n"))
    if kind == "gated":
        return GatedRepoError("gated", response=response)
    if kind == "missing":
        return RepositoryNotFoundError("missing", response=response)
    return httpx2.ConnectError("[Errno -2] Name or service not known")


@pytest.mark.parametrize(("kind", "says"), [
    ("missing", "the hub has no dataset 'o/n' (or it is private: log in with `hf auth login`); check the name"),
    ("gated", "o/n is gated on the hub; accept its terms at https://huggingface.co/datasets/o/n and log in"),
    ("network", "the Hugging Face hub cannot be reached (ConnectError: [Errno -2] Name or service not known); "
                "check the network, or download it once with `hf download o/n --repo-type dataset"),
])
def test_what_the_hub_says_no_with_is_one_sentence(kind, says, monkeypatch):
    import huggingface_hub

    _online(monkeypatch)

    def refuse(self, *a, **k):
        raise _hub_error(kind)

    monkeypatch.setattr(huggingface_hub.HfApi, "dataset_info", refuse)
    with pytest.raises(InputError) as info:
        resolve_inputs(["hf://datasets/o/n:kor"])
    assert str(info.value).startswith(f"hf://datasets/o/n:kor: {says}") and "\n" not in str(info.value)


def test_a_hub_name_is_pinned_to_the_commit_it_resolved_to(monkeypatch, jsonl_dataset):
    """The glue around the two hub requests, with both faked: the commit found first is the one the
    builder and every stream get, and the split's size and fingerprint come from the listing."""
    from types import SimpleNamespace

    import datasets
    import huggingface_hub
    from huggingface_hub.hf_api import RepoSibling

    _online(monkeypatch)
    sha = "0123456789abcdef0123456789abcdef01234567"
    siblings = [RepoSibling("kor/train-0.parquet", 100, "b0"), RepoSibling("kor/train-1.parquet", 20, "b1"),
                RepoSibling("README.md", 5, "b2")]
    monkeypatch.setattr(huggingface_hub.HfApi, "dataset_info",
                        lambda self, name, **k: SimpleNamespace(sha=sha, siblings=siblings))
    calls = []
    urls = [f"hf://datasets/o/n@{sha}/kor/train-0.parquet", f"hf://datasets/o/n@{sha}/kor/train-1.parquet"]
    split_info = {"train": SimpleNamespace(num_examples=1234)}

    def builder(name, config, revision=None, **k):
        calls.append(("builder", name, config, revision))
        return SimpleNamespace(config=SimpleNamespace(data_files={"train": urls}), info=SimpleNamespace(
            splits=split_info), hash="unused")

    real_load = datasets.load_dataset

    def load(name, config, split, streaming, revision):
        calls.append(("load", name, config, split, streaming, revision))
        return real_load(str(jsonl_dataset), split="train", streaming=True)  # stands in for the hub's stream

    monkeypatch.setattr(datasets, "load_dataset_builder", builder)
    monkeypatch.setattr(datasets, "load_dataset", load)
    [f] = resolve_inputs(["hf://o/n:kor"])
    assert (f.path, f.name, f.kind, f.size) == ("hf://datasets/o/n:kor@train", "hf://datasets/o/n:kor@train", "hf", 120)
    assert (f.hub.revision, f.hub.num_examples, f.hub.local) == (sha, 1234, False)
    listing = {s.rfilename: hub.RepoFile(s.size, s.blob_id) for s in siblings}
    assert f.hub.fingerprint == hub.split_files(urls, listing, sha)[1]
    assert next(iter_documents([f])).doc_index == 0
    assert calls == [("builder", "o/n", "kor", sha), ("load", "o/n", "kor", "train", True, sha)]
