"""The whole pipeline (SPEC 2 and 5): the final dataset does not depend on workers, batch size,
tokenize chunking, stage-by-stage runs or interruptions, and resumes redo only what is missing.

All runs are ``corefprep`` in this process on the mini corpus (tests/fixtures/minicorpus.py); the
final datasets are compared by a content hash over every row and column. A real kill -9 is tested
elsewhere (reliability tests); here "interrupted" means a run that stopped after some batches or
lost some files.
"""

from __future__ import annotations

import shutil
from pathlib import Path

import orjson
import pytest
from fixtures import minicorpus as mc

SEQ = "512"
NAME = f"entity_coref_v2_{SEQ}"


def _prepare(corpus: Path, out: Path, *extra: str, command: str = "prepare") -> int:
    return mc.run_cli([command, str(corpus), "-o", str(out), "--no-progress", "--seq-len", SEQ, *extra])


@pytest.fixture(scope="module")
def corpus(tmp_path_factory):
    return mc.mini_corpus(tmp_path_factory)


@pytest.fixture(scope="module")
def baseline(tmp_path_factory, corpus):
    """2 workers, batches of 4, tokenize chunks of 16 samples (several chunks)."""
    out = tmp_path_factory.mktemp("baseline")
    assert _prepare(corpus, out, "--workers", "2", "--batch-docs", "4", "--tok-chunk", "16") == 0
    return out


@pytest.fixture(scope="module")
def baseline_hash(baseline):
    return mc.dataset_hash(baseline / NAME)


def _tree(d: Path) -> dict[str, tuple[int, int]]:
    """(inode, mtime) of every file but the record of the run holding the lock, rewritten by every run."""
    return {str(p.relative_to(d)): (p.stat().st_ino, p.stat().st_mtime_ns) for p in sorted(d.rglob("*"))
            if p.is_file() and p.name != "run.json"}


def _changed(before: dict, after: dict) -> set[str]:
    return {k for k in set(before) | set(after) if before.get(k) != after.get(k)}


def test_final_dataset_layout_and_metadata(baseline, tmp_path_factory):
    from datasets import load_from_disk

    final = baseline / NAME
    ds = load_from_disk(str(final))
    assert len(ds) > 20
    assert ds.column_names[:3] == ["input_ids", "labels", "length"]
    meta = orjson.loads((final / "metadata.json").read_bytes())
    for key in ("dataset_type", "version", "num_samples", "seq_len", "created_at", "sources", "num_unique_entities",
                "max_entity_freq", "top_entities", "entity_length_stats", "distance_stats",
                "distance_distribution", "tokenizer", "config", "timings", "dropped_samples",
                "samples_before_tokenize", "documents"):
        assert key in meta, key
    assert meta["num_samples"] == len(ds) == meta["samples_before_tokenize"] - meta["dropped_samples"]
    assert meta["seq_len"] == 512 and meta["dataset_type"] == "entity_coref"
    n_lines = len(mc.mini_corpus_lines(tmp_path_factory))
    docs = meta["documents"]
    assert docs["documents"] == n_lines
    assert docs["passed"] + sum(docs["rejected"].values()) + sum(docs["malformed"].values()) == n_lines
    assert set(meta["timings"]) >= {"filter", "samples", "tokenize"}
    stats = orjson.loads((final / "stats.json").read_bytes())
    assert [s["batch"] for s in stats] == list(range(-(-n_lines // 4)))
    assert orjson.loads((final / "_COMPLETE").read_bytes())["num_samples"] == len(ds)
    # rows in doc_index order, each document's samples in sample order
    keys = list(zip(ds["doc_index"], ds["antecedent_pos"], strict=True))
    assert keys == sorted(keys, key=lambda x: x[0])


def test_status_lists_the_final_dataset(baseline, capsys):
    capsys.readouterr()
    assert mc.run_cli(["status", str(baseline), "--json"]) == 0
    st = orjson.loads(capsys.readouterr().out)
    final = orjson.loads((baseline / NAME / "_COMPLETE").read_bytes())
    assert st["datasets"] == [{"path": str(baseline / NAME), "num_samples": final["num_samples"], "kind": "dataset"}]


def test_metadata_timings_include_merge(baseline):
    meta = orjson.loads((baseline / NAME / "metadata.json").read_bytes())
    assert "merge" in meta["timings"]


def test_workers_batch_size_and_chunking_do_not_change_the_dataset(corpus, tmp_path, baseline_hash):
    for name, extra in (("w1_b300", ["--workers", "1", "--batch-docs", "300"]),
                        ("w2_b50_chunk1000", ["--workers", "2", "--batch-docs", "50", "--tok-chunk", "1000"]),
                        ("w2_b7_chunk5", ["--workers", "2", "--batch-docs", "7", "--tok-chunk", "5",
                                          "--map-batch-size", "3"])):
        out = tmp_path / name
        assert _prepare(corpus, out, *extra) == 0
        assert mc.dataset_hash(out / NAME) == baseline_hash, name


def test_rerun_changes_nothing(baseline, corpus, tmp_path, baseline_hash, capsys):
    out = tmp_path / "out"
    shutil.copytree(baseline, out)
    common = ["--workers", "2", "--batch-docs", "4", "--tok-chunk", "16"]
    assert _prepare(corpus, out, *common) == 0  # the copy may re-merge (see the test below)
    before = _tree(out)
    capsys.readouterr()
    assert _prepare(corpus, out, *common) == 0
    err = capsys.readouterr().err
    assert "already done" in err and "up to date" in err
    changed = _changed(before, _tree(out))
    # only bookkeeping files may be rewritten; no batch, chunk or dataset file
    assert {c for c in changed if not c.endswith(("manifest.json", "index.json"))} == set()
    assert mc.dataset_hash(out / NAME) == baseline_hash


def test_moved_output_dir_is_up_to_date(baseline, corpus, tmp_path, capsys):
    out = tmp_path / "moved"
    shutil.copytree(baseline, out)
    before = _tree(out / NAME)
    capsys.readouterr()
    assert _prepare(corpus, out, "--workers", "2", "--batch-docs", "4", "--tok-chunk", "16") == 0
    assert "up to date" in capsys.readouterr().err
    assert _changed(before, _tree(out / NAME)) == set()


def test_filter_some_batches_then_prepare_equals_uninterrupted(corpus, tmp_path, baseline_hash, capsys):
    out = tmp_path / "out"
    common = ["--workers", "2", "--batch-docs", "4", "--tok-chunk", "16"]
    assert _prepare(corpus, out, *common, "--batches", "0-1", command="filter") == 0
    # prepare --batches with batches still pending stops after the filter stage
    capsys.readouterr()
    assert _prepare(corpus, out, *common, "--batches", "2") == 0
    assert "still pending" in capsys.readouterr().err
    assert not (out / NAME).exists()
    # the later stages alone refuse while batches are missing
    assert _prepare(corpus, out, *common, command="samples") == 1
    assert "not done" in capsys.readouterr().err
    assert _prepare(corpus, out, *common) == 0
    assert "4 of 7 batches to do" in capsys.readouterr().err
    assert mc.dataset_hash(out / NAME) == baseline_hash


def test_stage_by_stage_equals_prepare(corpus, tmp_path, baseline_hash):
    out = tmp_path / "out"
    common = ["--workers", "2", "--batch-docs", "4", "--tok-chunk", "16"]
    for stage in ("filter", "samples", "tokenize", "merge"):
        assert _prepare(corpus, out, *common, command=stage) == 0
        assert (out / NAME).exists() == (stage == "merge")
    assert mc.dataset_hash(out / NAME) == baseline_hash


def test_lost_batch_and_tokenized_chunk_redo_only_those(baseline, corpus, tmp_path, baseline_hash):
    out = tmp_path / "out"
    shutil.copytree(baseline, out)
    work = out / "work"
    tok_dirs = sorted(p for p in (work / "tokenized").glob("*/chunk_*") if p.is_dir())
    assert len(tok_dirs) >= 3
    before = _tree(work)
    (work / "filter" / "batch_00003.parquet").unlink()
    shutil.rmtree(tok_dirs[1])
    assert _prepare(corpus, out, "--workers", "2", "--batch-docs", "4", "--tok-chunk", "16") == 0
    changed = _changed(before, _tree(work))
    assert {c for c in changed if c.startswith("filter/")} == {f"filter/{name}" for name in (
        "batch_00003.parquet", "batch_00003.json", "values_00003.parquet", "rejected_00003.parquet")}
    # the recomputed batch is byte-identical, so no sample chunk is rewritten ...
    assert not {c for c in changed if c.startswith("samples/chunk_")}
    # ... and only the lost tokenized chunk is tokenized again
    tok_changed = {c.split("/")[2].split(".")[0] for c in changed if c.startswith("tokenized/")}
    assert tok_changed == {tok_dirs[1].name}
    assert mc.dataset_hash(out / NAME) == baseline_hash


def test_prepare_with_batches_changes_nothing_else(baseline, corpus, tmp_path, baseline_hash):
    out = tmp_path / "out"
    shutil.copytree(baseline, out)
    common = ["--workers", "2", "--batch-docs", "4", "--tok-chunk", "16"]
    assert _prepare(corpus, out, *common) == 0  # settle the copy (see test_moved_output_dir_is_up_to_date)
    before = _tree(out)
    assert _prepare(corpus, out, *common, "--batches", "2,5") == 0
    changed = {c for c in _changed(before, _tree(out)) if not c.endswith(("manifest.json", "index.json"))}
    assert changed == {f"work/filter/{name}_0000{k}.{ext}" for k in (2, 5)
                       for name, ext in (("batch", "parquet"), ("batch", "json"), ("values", "parquet"),
                                         ("rejected", "parquet"))}
    assert mc.dataset_hash(out / NAME) == baseline_hash


def test_changed_sample_setting_rebuilds_samples_without_refiltering(baseline, corpus, tmp_path):
    from datasets import load_from_disk

    out = tmp_path / "out"
    shutil.copytree(baseline, out)
    before = _tree(out / "work" / "filter")
    assert _prepare(corpus, out, "--workers", "2", "--batch-docs", "4", "--tok-chunk", "16",
                    "--max-entity-freq", "1") == 0
    assert _changed(before, _tree(out / "work" / "filter")) == set()
    targets = load_from_disk(str(out / NAME))["target"]
    assert len(targets) == len(set(targets)) > 0
    assert orjson.loads((out / NAME / "metadata.json").read_bytes())["max_entity_freq"] == 1


def test_max_samples(corpus, tmp_path, baseline):
    from datasets import load_from_disk

    out = tmp_path / "out"
    assert _prepare(corpus, out, "--workers", "2", "--batch-docs", "300", "--max-samples", "12") == 0
    meta = orjson.loads((out / NAME / "metadata.json").read_bytes())
    assert meta["samples_before_tokenize"] == 12
    small = load_from_disk(str(out / NAME))
    full = load_from_disk(str(baseline / NAME))
    # the first samples of the full run (tokenization may drop some of either)
    key = ("doc_index", "antecedent_pos", "coref_pos")
    small_keys = [tuple(r[k] for k in key) for r in small]
    full_keys = [tuple(r[k] for k in key) for r in full]
    assert small_keys == full_keys[: len(small_keys)]


def test_nothing_kept_is_a_clear_error(tmp_path, capsys):
    corpus = tmp_path / "short.jsonl"
    corpus.write_bytes(b"".join(orjson.dumps({"text": f"짧은 글 {i}."}) + b"\n" for i in range(5)))
    assert _prepare(corpus, tmp_path / "out", "--workers", "1") == 1
    err = capsys.readouterr().err
    assert "no samples" in err and "Traceback" not in err
    assert "status" in err


@pytest.mark.parametrize("args,says", [
    ([], "; dedup none"),
    (["--rules", "llm"], "; dedup minhash (kiwi words, 5-grams, 14 bands x 8 hashes)"),
    (["--rules", "llm", "--words", "space", "--dedup-ngram", "4"], "; dedup minhash (space words, 4-grams, 14 bands "
                                                                   "x 8 hashes)"),
    (["--dedup", "exact"], "; dedup exact"),
])
def test_the_plan_line_says_how_the_run_deduplicates(args, says, tmp_path, capsys):
    src = tmp_path / "short.jsonl"  # documents the cheap rules reject: the run itself costs nothing
    src.write_bytes(b"".join(orjson.dumps({"text": f"짧은 문서 {i}."}) + b"\n" for i in range(3)))
    capsys.readouterr()
    assert mc.run_cli(["filter", str(src), "-o", str(tmp_path / "out"), "--no-progress", *args]) == 0
    [plan] = [line for line in capsys.readouterr().err.splitlines() if "; dedup " in line]
    assert plan.endswith(says), plan
