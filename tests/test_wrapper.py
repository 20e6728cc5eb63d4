"""The compatibility wrapper scripts/prepare_entity_coref_v2.py (SPEC 6): the old flags translate
to `corefprep prepare` options and a small real run produces the old layout."""

from __future__ import annotations

import importlib.util
import os
import subprocess
import sys
from collections import Counter
from pathlib import Path

import orjson
import pytest
from fixtures import minicorpus as mc

from corefprep.cli import build_parser, options_from_args
from corefprep.tokenizer.config import BUNDLED_TOKENIZER

SCRIPT = Path(__file__).resolve().parents[1] / "scripts" / "prepare_entity_coref_v2.py"


@pytest.fixture(scope="module")
def wrapper():
    spec = importlib.util.spec_from_file_location("_prepare_entity_coref_v2", SCRIPT)
    module = importlib.util.module_from_spec(spec)
    assert spec.loader is not None
    spec.loader.exec_module(module)
    return module


def _opts(argv: list[str]):
    a = build_parser().parse_args(argv)
    return a.command, options_from_args(a)


def test_defaults_translate_to_the_old_layout(wrapper):
    argv = wrapper.translate([])
    assert argv[0] == "prepare"
    cmd, o = _opts(argv)
    assert cmd == "prepare"
    assert o.inputs == []  # the bundled sample
    assert o.tokenize.seq_len == 2048 and o.samples.max_entity_freq == 1000
    assert str(o.output_dir) in ("prepared_datasets", "./prepared_datasets")
    assert o.tokenize.mask_style == "single" and o.tokenize.pad_to_max_length
    assert o.tokenize.model == str(BUNDLED_TOKENIZER)


def test_every_old_flag_translates(wrapper):
    argv = wrapper.translate([
        "--seq-len", "512", "--model", "kakaobank/kf-deberta-base", "--output-dir", "/data/out",
        "--max-entity-freq", "7", "--num-workers", "3", "--max-samples", "100", "--token-chunk-size", "5000",
        "--tokenizer-batch-size", "64", "--input", "/data/a.jsonl.zst", "--input", "/data/hplt/",
    ])
    cmd, o = _opts(argv)
    assert cmd == "prepare"
    assert o.inputs == ["/data/a.jsonl.zst", "/data/hplt/"]
    assert o.tokenize.seq_len == 512
    assert o.tokenize.model == "kakaobank/kf-deberta-base"
    assert o.output_dir == Path("/data/out")
    assert o.samples.max_entity_freq == 7
    assert o.engine.workers == 3
    assert o.samples.max_samples == 100
    assert o.map.tok_chunk == 5000
    assert o.map.map_batch_size == 64


def test_equals_form_new_layout_and_pass_through(wrapper):
    argv = wrapper.translate(["--seq-len=128", "--input=x.jsonl", "--new-layout", "--batch-docs", "10",
                              "--no-progress", "--workers", "2"])
    cmd, o = _opts(argv)
    assert o.inputs == ["x.jsonl"] and o.tokenize.seq_len == 128
    assert o.tokenize.mask_style == "all" and not o.tokenize.pad_to_max_length
    assert o.filter.batch_docs == 10 and not o.progress and o.engine.workers == 2


@pytest.mark.slow
def test_script_help_runs_from_a_checkout(tmp_path):
    r = subprocess.run([sys.executable, str(SCRIPT), "--help"], capture_output=True, text=True, timeout=60,
                       cwd=tmp_path, env={**os.environ, "HF_HUB_OFFLINE": "1"})
    assert r.returncode == 0
    for flag in ("--num-workers", "--max-samples", "--token-chunk-size", "--tokenizer-batch-size", "--input",
                 "--seq-len", "--model", "--output-dir", "--max-entity-freq"):
        assert flag in r.stdout


def test_small_real_run_with_old_flags(wrapper, tmp_path_factory, tmp_path):
    from datasets import load_from_disk

    corpus = mc.mini_corpus(tmp_path_factory)
    out = tmp_path / "prepared"
    mc.warm_kiwi()
    rc = wrapper.main(["--input", str(corpus), "--seq-len", "128", "--model", str(BUNDLED_TOKENIZER),
                       "--output-dir", str(out), "--max-entity-freq", "3", "--num-workers", "2",
                       "--max-samples", "20", "--token-chunk-size", "8", "--tokenizer-batch-size", "4",
                       "--no-progress", "--batch-docs", "10"])
    assert rc == 0
    final = out / "entity_coref_v2_128"
    ds = load_from_disk(str(final))
    meta = orjson.loads((final / "metadata.json").read_bytes())
    assert meta["samples_before_tokenize"] == 20
    assert 0 < len(ds) == meta["num_samples"] <= 20
    assert meta["max_entity_freq"] == 3 and max(Counter(ds["target"]).values()) <= 3
    assert meta["config"]["tok_chunk"] == 8
    assert meta["config"]["tokenize"]["mask_style"] == "single"
    assert len(list((out / "work" / "samples").glob("chunk_*.arrow"))) == 3  # 20 samples / 8
    stats = orjson.loads((final / "stats.json").read_bytes())
    assert {s["workers"] for s in stats} == {2}
    mask_id = meta["tokenizer"]["mask_token_id"]
    for row in ds:
        assert len(row["input_ids"]) == len(row["labels"]) == len(row["attention_mask"]) == 128
        assert row["input_ids"].count(mask_id) == 1
        assert sum(row["attention_mask"]) == row["length"]
