"""Tokenizer loading and the tokenize stage on real pipeline output (SPEC 2.5).

Every row of every run here is checked against the tokenizer's own encoding of its document
(tests/fixtures/tokenizer_zoo.py): special tokens as the post-processor adds them, the window a
contiguous run of ``tokenizer(document)`` at the mention's offsets, masked tokens spelling the
mention. An independent oracle (plain loops over the tokenizer's offsets) says which candidate
samples must become rows, which have a boundary inside a token and which do not fit the window;
the datasets and their metadata must agree with it. Runs use the mini corpus
(tests/fixtures/minicorpus.py) with the bundled tokenizer and three tokenizers trained in the
session, and the dev corpus when ../shared is present. Row building itself is unit-tested in
tests/test_masking.py.
"""

from __future__ import annotations

import shutil
from collections import Counter
from pathlib import Path
from typing import Any

import orjson
import pyarrow.parquet as pq
import pytest
from fixtures import minicorpus as mc
from fixtures import tokenizer_zoo as zoo
from fixtures.shared import DEV_CORPUS, needs_shared

from corefprep.core.errors import CorefprepError
from corefprep.coref.candidates import doc_candidates, entities_of
from corefprep.coref.config import SampleConfig
from corefprep.tokenizer.config import BUNDLED_TOKENIZER
from corefprep.tokenizer.info import manage_tokenizers_parallelism, tokenizer_info
from corefprep.tokenizer.load import load_fast_tokenizer


@pytest.fixture(scope="module")
def tok():
    return load_fast_tokenizer(str(BUNDLED_TOKENIZER))


# --------------------------------------------------------------------------- rows of real runs


def _load(out: Path, seq_len: int, name: str | None = None) -> tuple[Any, dict[str, Any]]:
    from datasets import load_from_disk

    d = out / (name or f"entity_coref_v2_{seq_len}")
    return load_from_disk(str(d)), orjson.loads((d / "metadata.json").read_bytes())


def _texts(out: Path) -> dict[int, str]:
    """doc_index -> text of every kept document (from the filter batches)."""
    texts: dict[int, str] = {}
    for p in sorted((out / "work" / "filter").glob("batch_*.parquet")):
        t = pq.read_table(p, columns=["doc_index", "text"])
        texts.update(zip(t.column("doc_index").to_pylist(), t.column("text").to_pylist(), strict=True))
    return texts


def _candidates(out: Path) -> list[tuple[int, tuple[str, int, int, int, int]]]:
    """(doc_index, sample) of every candidate the sample rules allow, before the cap."""
    cands = []
    for p in sorted((out / "work" / "filter").glob("batch_*.parquet")):
        for row in pq.read_table(p, columns=["doc_index", "entities"]).to_pylist():
            cands += [(row["doc_index"], c) for c in doc_candidates(entities_of(row["entities"]), SampleConfig())]
    return cands


def check_run(out: Path, seq_len: int, model: str, *, single: bool = False, widen: bool | None = None,
              name: str | None = None) -> dict[str, Any]:
    """Every row checked against the tokenizer; rows and counts checked against the oracle (the
    cap must not bind: the runs use the default cap, far above these corpora's counts). ``widen``
    defaults to the policy the run recorded."""
    ds, meta = _load(out, seq_len, name)
    if widen is None:
        widen = meta["unaligned_policy"] == "widen"
    backend = load_fast_tokenizer(model).backend_tokenizer
    mask_id = meta["tokenizer"]["mask_token_id"]
    texts = _texts(out)
    compared = 0
    for row in ds:
        assert row["length"] <= seq_len
        compared += zoo.check_row(backend, row, texts[row["doc_index"]], mask_id, single=single, widen=widen)
    assert compared >= 0.9 * len(ds)  # unknown tokens hide a few spellings
    cands = _candidates(out)
    assert max(Counter(c[0] for _d, c in cands).values()) < SampleConfig().max_entity_freq
    want: Counter[str] = Counter()
    rows_expected = set()
    for d, (_form, a_s, a_e, m_s, m_e) in cands:
        fate = zoo.oracle_fate(backend, texts[d], (a_s, a_e), (m_s, m_e), seq_len, single=single, widen=widen)
        want[fate] += 1
        if fate in ("row", "widened"):
            rows_expected.add((d, a_s, m_s))
    assert {(r["doc_index"], r["antecedent_pos"], r["coref_pos"]) for r in ds} == rows_expected
    assert len(ds) == meta["num_samples"] == meta["samples_before_tokenize"] == len(rows_expected)
    assert meta["dropped_samples"] == 0
    assert meta["candidate_samples"] == len(cands)
    assert meta["window_dropped_samples"] == want["too_far"]
    assert meta["widened_samples"] == want["widened"]
    assert meta["unaligned_samples"] == want["unaligned"] + want["widened"]
    assert meta["num_samples"] + meta["window_dropped_samples"] + meta["unaligned_samples"] \
        - meta["widened_samples"] == meta["candidate_samples"]
    assert meta["unaligned_share"] == pytest.approx(meta["unaligned_samples"] / meta["candidate_samples"], abs=1e-6)
    lengths = meta["length_distribution"]
    assert sum(lengths["counts"]) + lengths["below"] + lengths["above"] == len(ds)
    assert meta["length_stats"]["max"] == max(ds["length"]) and meta["length_stats"]["min"] == min(ds["length"])
    return meta


@pytest.fixture(scope="module")
def runs(tmp_path_factory):
    """One work dir on the mini corpus, three tokenize settings (the filter runs once)."""
    corpus = mc.mini_corpus(tmp_path_factory)
    out = tmp_path_factory.mktemp("tok_runs")
    base = ["prepare", str(corpus), "-o", str(out), "--no-progress", "--workers", "2", "--batch-docs", "8"]
    for extra in (["--seq-len", "512"],
                  ["--seq-len", "256", "--mask-style", "single", "--pad-to-max-length", "--unaligned", "drop"],
                  ["--seq-len", "64"]):
        assert mc.run_cli(base + extra) == 0
    return out


def test_real_rows_are_the_tokenizers_own(runs):
    meta = check_run(runs, 512, str(BUNDLED_TOKENIZER))
    ds, _ = _load(runs, 512)
    assert len(ds) > 20
    assert set(ds.column_names) == {"input_ids", "labels", "length", "target", "antecedent_pos", "coref_pos",
                                    "distance", "doc_id", "doc_index", "source", "antecedent_span", "mention_span"}
    assert all(10 <= d <= 2000 for d in ds["distance"])
    # the default widens: samples whose mention ends inside a token are rows, counted as widened
    assert meta["widened_samples"] == meta["unaligned_samples"] > 0 and meta["unaligned_policy"] == "widen"


def test_real_rows_single_mask_and_padding(runs, tok):
    check_run(runs, 256, str(BUNDLED_TOKENIZER), single=True)
    ds, meta = _load(runs, 256)
    assert "attention_mask" in ds.column_names and len(ds) > 0
    for row in ds:
        assert len(row["input_ids"]) == len(row["labels"]) == len(row["attention_mask"]) == 256
        assert sum(row["attention_mask"]) == row["length"]
        assert row["input_ids"].count(tok.mask_token_id) == 1
    assert meta["config"]["tokenize"]["mask_style"] == "single"


def test_real_rows_small_seq_len_keeps_only_samples_that_fit(runs):
    meta = check_run(runs, 64, str(BUNDLED_TOKENIZER))
    ds, _ = _load(runs, 64)
    big, big_meta = _load(runs, 512)
    assert 0 < len(ds) < len(big)
    assert meta["window_dropped_samples"] > big_meta["window_dropped_samples"]
    assert meta["candidate_samples"] == big_meta["candidate_samples"]
    # every kept sample of the small window is also in the big one
    key = ("doc_index", "antecedent_pos", "coref_pos")
    assert {tuple(r[k] for k in key) for r in ds} <= {tuple(r[k] for k in key) for r in big}


def test_tiny_window_chunks_all_have_rows(runs, tmp_path_factory, capsys):
    """--seq-len 8 keeps a couple of samples; small tokenize chunks hold only samples that become rows."""
    corpus = mc.mini_corpus(tmp_path_factory)
    base = ["prepare", str(corpus), "-o", str(runs), "--no-progress", "--workers", "2", "--batch-docs", "8",
            "--seq-len", "8", "--tok-chunk", "2"]
    capsys.readouterr()
    rc = mc.run_cli(base)
    err = capsys.readouterr().err
    assert rc == 0, err
    check_run(runs, 8, str(BUNDLED_TOKENIZER))
    for rec in (runs / "work" / "tokenized").glob("*/chunk_*.json"):
        r = orjson.loads(rec.read_bytes())
        if r["fingerprint"] in {c["fingerprint"] for c in orjson.loads(
                (runs / "work" / "samples" / "index.json").read_bytes())["chunks"]}:
            assert r["rows"] == r["samples"] > 0


def test_every_sample_dropped_is_a_clear_error(runs, tmp_path_factory, capsys):
    corpus = mc.mini_corpus(tmp_path_factory)
    capsys.readouterr()
    rc = mc.run_cli(["prepare", str(corpus), "-o", str(runs), "--no-progress", "--workers", "2", "--batch-docs",
                     "8", "--seq-len", "3"])
    err = capsys.readouterr().err
    assert rc == 1
    assert "internal error" not in err and "Traceback" not in err and "seq-len" in err


# --------------------------------------------------------------------------- other tokenizer families


@pytest.fixture(scope="module")
def zoo_runs(tmp_path_factory):
    """The mini corpus with each trained tokenizer (one filter run; the dataset of each run moved
    aside under the tokenizer's name)."""
    corpus = mc.mini_corpus(tmp_path_factory)
    root = tmp_path_factory.mktemp("zoo_tok")
    out = tmp_path_factory.mktemp("zoo_runs")
    models = {}
    base = ["prepare", str(corpus), "-o", str(out), "--no-progress", "--workers", "2", "--batch-docs", "8",
            "--seq-len", "256"]
    for kind in zoo.FAMILIES:
        models[kind] = str(zoo.tokenizer_dir(kind, root))
        for policy in ("drop", "widen"):
            assert mc.run_cli([*base, "--model", models[kind], "--unaligned", policy]) == 0
            shutil.move(out / "entity_coref_v2_256", out / f"{kind}-{policy}")
    return out, models


@pytest.mark.parametrize("kind", zoo.FAMILIES)
@pytest.mark.parametrize("policy", ["drop", "widen"])
def test_real_rows_of_other_tokenizer_families(zoo_runs, kind, policy):
    out, models = zoo_runs
    meta = check_run(out, 256, models[kind], widen=policy == "widen", name=f"{kind}-{policy}")
    assert meta["num_samples"] > 10
    assert meta["tokenizer"]["name_or_path"] == models[kind]


@needs_shared
@pytest.mark.slow
@pytest.mark.soak  # the bundled sample's rows are checked the same way in make test
def test_dev_corpus_rows_are_the_tokenizers_own(tmp_path_factory):
    """The dev corpus (one filter run), the bundled tokenizer and the three trained ones."""
    out = tmp_path_factory.mktemp("dev_runs")
    root = tmp_path_factory.mktemp("dev_zoo")
    # exact masks (drop): every masked stretch decodes to its mention
    base = ["prepare", str(DEV_CORPUS), "-o", str(out), "--no-progress", "--workers", "2", "--seq-len", "512",
            "--unaligned", "drop"]
    for kind in ("bundled", *zoo.FAMILIES):
        model = str(BUNDLED_TOKENIZER) if kind == "bundled" else str(zoo.tokenizer_dir(kind, root))
        assert mc.run_cli([*base, "--model", model]) == 0
        meta = check_run(out, 512, model)
        assert meta["num_samples"] > 20


# --------------------------------------------------------------------------- loading and helpers


def test_tokenizer_helpers(tok, monkeypatch):
    import os

    import corefprep.tokenizer.info as tokmod

    info = tokenizer_info(tok, "bundled")
    assert info["mask_token_id"] == tok.mask_token_id and info["vocab_size"] == len(tok)
    assert len(info["sha256"]) == 16
    # without a user setting: Rust threads only when a single process tokenizes
    monkeypatch.setattr(tokmod, "_USER_PARALLELISM", None)
    monkeypatch.delenv("TOKENIZERS_PARALLELISM", raising=False)
    manage_tokenizers_parallelism(4)
    assert os.environ["TOKENIZERS_PARALLELISM"] == "false"
    manage_tokenizers_parallelism(1)
    assert os.environ["TOKENIZERS_PARALLELISM"] == "true"


def test_unfetchable_hub_name_is_a_clear_error(monkeypatch):
    monkeypatch.setenv("HF_HUB_OFFLINE", "1")
    with pytest.raises(CorefprepError, match="local directory"):
        load_fast_tokenizer("no-such-org/no-such-tokenizer-xyz")


def test_tokenizer_without_mask_token_is_refused(tmp_path, tok):
    from transformers import PreTrainedTokenizerFast

    plain = PreTrainedTokenizerFast(tokenizer_object=tok.backend_tokenizer, unk_token="[UNK]", pad_token="[PAD]")
    plain.save_pretrained(tmp_path)
    with pytest.raises(CorefprepError, match="mask"):
        load_fast_tokenizer(str(tmp_path))




@pytest.mark.parametrize("how", ["in_place", "final_removed"])
def test_a_truncated_tokenized_chunk_is_tokenized_again(tmp_path, tmp_path_factory, how):
    """A finished chunk whose Arrow file lost its tail (a disk or copy problem) was reused because
    its files existed: the rerun said "merge: up to date" over a dataset that no longer loads, or
    merged the short file. Its files are checked against their recorded sizes now."""
    import os
    import shutil

    from fixtures import minicorpus as mc
    from fixtures.cli import dataset_digest

    corpus = mc.mini_corpus(tmp_path_factory)
    out = tmp_path / "out"
    args = ["prepare", str(corpus), "-o", str(out), "--batch-docs", "6", "--workers", "2", "--seq-len", "256",
            "--tok-chunk", "10", "--no-progress"]
    assert mc.run_cli(args) == 0
    name = "entity_coref_v2_256"
    clean = dataset_digest(out / name)
    (chunk,) = list((out / "work" / "tokenized").glob("*/chunk_00003"))
    (arrow,) = list(chunk.glob("*.arrow"))
    size = arrow.stat().st_size
    if how == "in_place":  # the final dataset's shard is a hard link of this very file
        os.truncate(arrow, size // 2)
    else:  # an interrupted copy of the work directory, and no final dataset
        partial = arrow.with_name("partial.tmp")
        partial.write_bytes(arrow.read_bytes()[: size // 2])
        os.replace(partial, arrow)
        shutil.rmtree(out / name)
    assert mc.run_cli(args) == 0
    assert dataset_digest(out / name) == clean
