"""Tests for corefprep.training: loading, rank coordination, collator, tokenizer and loader helpers.

Everything is built locally (tiny WordPiece tokenizer, tiny dataset); nothing touches a hub.
"""

from __future__ import annotations

import hashlib
import json
import os
import subprocess
import sys
import time
import warnings
from pathlib import Path

import pytest

torch = pytest.importorskip("torch")
os.environ.setdefault("HF_HUB_OFFLINE", "1")  # a local-path test must never fall back to the hub

import datasets  # noqa: E402
import transformers  # noqa: E402
from tokenizers import Tokenizer, models, pre_tokenizers, processors  # noqa: E402

from corefprep.core.errors import CorefprepError  # noqa: E402
from corefprep.training import (  # noqa: E402
    COMPLETE_MARKER,
    DatasetNotReadyError,
    DatasetWaitTimeoutError,
    EntityCorefCollator,
    TokenizerWarning,
    check_fast,
    check_tokenizer_matches,
    is_complete,
    load_prepared,
    make_dataloader,
    prepare_tokenizer,
)

REPO = Path(__file__).resolve().parents[1]
SPECIALS = ["[PAD]", "[UNK]", "[CLS]", "[SEP]", "[MASK]"]
WORDS = ["서울", "은", "는", "대한민국", "의", "수도", "이다", "그", "도시", "크다", ".", ",",
         "Seoul", "is", "the", "capital", "city", "big", "##s", "그리고", "사람", "많다"]
SENTENCES = [
    "서울 은 대한민국 의 수도 이다 .",
    "Seoul is the capital . 서울 은 크다 .",
    "그 도시 는 크다 , 서울 은 수도 이다 . 그리고 사람 많다 .",
    "Seoul is big",
    "서울 의 사람 , 서울 의 도시 , 서울 은 크다 . the city is big . 서울 .",
    "대한민국 의 수도 는 서울 이다 .",
]


def make_tokenizer(**special: str) -> transformers.PreTrainedTokenizerFast:
    vocab = {tok: i for i, tok in enumerate(SPECIALS + WORDS)}
    backend = Tokenizer(models.WordPiece(vocab, unk_token="[UNK]"))
    backend.pre_tokenizer = pre_tokenizers.BertPreTokenizer()
    backend.post_processor = processors.TemplateProcessing(
        single="[CLS] $A [SEP]", special_tokens=[("[CLS]", 2), ("[SEP]", 3)]
    )
    if not special:
        special = dict(pad_token="[PAD]", unk_token="[UNK]", cls_token="[CLS]", sep_token="[SEP]",
                       mask_token="[MASK]")
    return transformers.PreTrainedTokenizerFast(tokenizer_object=backend, **special)


def make_rows(tokenizer) -> list[dict]:
    """Entity-mlm-shaped rows: the last '서울'/'Seoul' is masked, the first is the antecedent."""
    rows = []
    for i, text in enumerate(SENTENCES):
        ids = tokenizer(text)["input_ids"]
        entity = tokenizer.convert_tokens_to_ids("서울" if "서울" in text else "Seoul")
        where = [p for p, t in enumerate(ids) if t == entity]
        ante, ment = where[0], where[-1]
        labels = [-100] * len(ids)
        labels[ment] = ids[ment]
        masked = list(ids)
        masked[ment] = tokenizer.mask_token_id
        rows.append({
            "input_ids": masked, "labels": labels, "length": len(ids), "target": "서울",
            "antecedent_pos": text.find("서울"), "coref_pos": text.rfind("서울"), "distance": ment - ante,
            "doc_id": f"doc-{i}", "doc_index": 1000 + i, "source": "fixture.jsonl",
            "antecedent_span": [ante, ante + 1], "mention_span": [ment, ment + 1],
        })
    return rows


FEATURES = datasets.Features({
    "input_ids": datasets.Sequence(datasets.Value("int32")),
    "labels": datasets.Sequence(datasets.Value("int32")),
    "length": datasets.Value("int32"),
    "target": datasets.Value("string"),
    "antecedent_pos": datasets.Value("int32"),
    "coref_pos": datasets.Value("int32"),
    "distance": datasets.Value("int32"),
    "doc_id": datasets.Value("string"),
    "doc_index": datasets.Value("int64"),
    "source": datasets.Value("string"),
    "antecedent_span": datasets.Sequence(datasets.Value("int32"), length=2),
    "mention_span": datasets.Sequence(datasets.Value("int32"), length=2),
})  # the column types corefprep.tokenize writes

TOKENIZER_META = {"name_or_path": "tiny-ko-wordpiece", "vocab_size": len(SPECIALS) + len(WORDS),
                  "mask_token_id": 4, "pad_token_id": 0}

# What corefprep writes, in its order: arrow files, metadata.json, then the marker last.
# Kept as source text so the 4-rank test's subprocesses run it without importing torch.
WRITE_DATASET_SRC = '''
def write_dataset(rows, path, features, tokenizer_meta):
    import json, pathlib, datasets
    ds = datasets.Dataset.from_list(rows, features=datasets.Features.from_dict(features))
    ds.save_to_disk(str(path))
    meta = {"dataset_type": "entity_coref_v2", "num_samples": len(rows), "tokenizer": tokenizer_meta}
    (pathlib.Path(path) / "metadata.json").write_text(json.dumps(meta), encoding="utf-8")
    (pathlib.Path(path) / "_COMPLETE").write_text(json.dumps({"num_samples": len(rows)}), encoding="utf-8")
'''
_ns: dict = {}
exec(WRITE_DATASET_SRC, _ns)


def write_dataset(rows: list[dict], path: Path) -> Path:
    _ns["write_dataset"](rows, path, FEATURES.to_dict(), TOKENIZER_META)
    return path


def rows_digest(rows: list[dict]) -> str:
    return hashlib.sha256(json.dumps(rows, sort_keys=True).encode()).hexdigest()


@pytest.fixture(scope="module")
def tokenizer():
    return make_tokenizer()


@pytest.fixture(scope="module")
def rows(tokenizer):
    return make_rows(tokenizer)


@pytest.fixture
def clean_env(monkeypatch):
    for name in ("RANK", "LOCAL_RANK", "WORLD_SIZE"):
        monkeypatch.delenv(name, raising=False)
    return monkeypatch


@pytest.fixture
def prepared(tmp_path, rows, clean_env):
    return write_dataset(rows, tmp_path / "entity_coref_v2_64")


# ------------------------------------------------------------------------------------ collator


def test_collator_pads_right_to_multiple_of_8(tokenizer, rows):
    batch = EntityCorefCollator(pad_token_id=tokenizer.pad_token_id)(rows)
    lengths = [len(r["input_ids"]) for r in rows]
    width = batch["input_ids"].shape[1]
    assert width % 8 == 0 and max(lengths) <= width < max(lengths) + 8
    for i, (row, n) in enumerate(zip(rows, lengths, strict=True)):
        assert batch["input_ids"][i, :n].tolist() == row["input_ids"]  # real tokens first: right padding
        assert (batch["input_ids"][i, n:] == tokenizer.pad_token_id).all()
        assert batch["labels"][i, :n].tolist() == row["labels"]
        assert (batch["labels"][i, n:] == -100).all()
    assert batch["attention_mask"].sum(dim=1).tolist() == lengths
    assert batch["attention_mask"].dtype == torch.long and batch["input_ids"].dtype == torch.long
    for key in ("antecedent_span", "mention_span"):
        assert batch[key].shape == (len(rows), 2) and batch[key].dtype == torch.long
    assert batch["mention_span"].tolist() == [r["mention_span"] for r in rows]
    assert batch["doc_index"].tolist() == [r["doc_index"] for r in rows]
    assert set(batch) == {"input_ids", "labels", "attention_mask", "length", "antecedent_pos",
                          "coref_pos", "distance", "doc_index", "antecedent_span", "mention_span"}


def test_collator_rebuilds_mask_and_trims_prepadded_rows(tokenizer, rows):
    pad = tokenizer.pad_token_id
    padded = []
    for r in rows[:3]:  # what --pad-to-max-length stores: fixed width plus a (wrong here) mask
        extra = 32 - len(r["input_ids"])
        padded.append({**r, "input_ids": r["input_ids"] + [pad] * extra,
                       "labels": r["labels"] + [-100] * extra, "attention_mask": [1] * 32})
    batch = EntityCorefCollator(pad_token_id=pad)(padded)
    lengths = [r["length"] for r in rows[:3]]
    assert batch["input_ids"].shape[1] == 16  # longest of the three is 15 tokens, not the stored 32
    assert batch["attention_mask"].sum(dim=1).tolist() == lengths

    exact = EntityCorefCollator(pad_token_id=pad, pad_to_multiple_of=None)(rows)
    assert exact["input_ids"].shape[1] == max(lengths + [len(r["input_ids"]) for r in rows])
    with pytest.raises(CorefprepError, match="max_length"):
        EntityCorefCollator(pad_token_id=pad, max_length=8)(rows)
    with pytest.raises(CorefprepError, match="pad_token_id"):
        EntityCorefCollator(pad_token_id=pad + 1)(padded)  # wrong pad id is caught, not silently cut


def test_collator_clm_rows_and_torch_formatted_rows(tokenizer, rows):
    clm = [{"input_ids": list(range(5, 5 + n)), "labels": list(range(5, 5 + n))} for n in (3, 9)]
    batch = EntityCorefCollator(pad_token_id=0)(clm)
    assert set(batch) == {"input_ids", "labels", "attention_mask"}
    assert batch["input_ids"].shape == (2, 16)
    assert batch["labels"][0].tolist() == [5, 6, 7] + [-100] * 13

    ds = datasets.Dataset.from_list(rows, features=FEATURES).with_format("torch")
    from_torch = EntityCorefCollator(pad_token_id=0)([ds[i] for i in range(len(ds))])
    from_python = EntityCorefCollator(pad_token_id=0)(rows)
    assert from_torch.keys() == from_python.keys()
    assert all(torch.equal(from_torch[k], from_python[k]) for k in from_python)


CLM_FEATURES = datasets.Features({"input_ids": datasets.Sequence(datasets.Value("uint16")),
                                  "doc_starts": datasets.Sequence(datasets.Value("int32"))})
# two rows of a packed stream: row 0 holds the end of a document, then documents at 3 and 7;
# row 1 (the last, with --keep-last) is shorter and starts with a document
CLM_ROWS = [
    {"input_ids": [60001, 11, 12, 2, 21, 22, 3, 2, 31, 32, 33, 3], "doc_starts": [3, 7]},
    {"input_ids": [2, 41, 42, 43, 3], "doc_starts": [0]},
]


@pytest.mark.parametrize("fmt", [None, "numpy", "torch"])
def test_collator_clm_rows_with_doc_starts(fmt):
    ds = datasets.Dataset.from_list(CLM_ROWS, features=CLM_FEATURES)
    if fmt:
        ds = ds.with_format(fmt)
    batch = EntityCorefCollator(pad_token_id=0)([ds[i] for i in range(len(ds))])
    assert set(batch) == {"input_ids", "labels", "position_ids"}  # no mask: see the collator's docstring
    assert all(t.dtype == torch.long for t in batch.values())
    assert batch["input_ids"].shape == (2, 16)
    assert batch["input_ids"][0, :12].tolist() == CLM_ROWS[0]["input_ids"]  # uint16 above 32,767 intact
    assert batch["labels"][0].tolist() == [60001, 11, 12, -100, 21, 22, 3, -100, 31, 32, 33, 3] + [-100] * 4
    assert batch["labels"][1].tolist() == [2, 41, 42, 43, 3] + [-100] * 11
    assert batch["position_ids"][0].tolist() == [0, 1, 2, 0, 1, 2, 3, 0, 1, 2, 3, 4] + [0] * 4
    assert batch["position_ids"][1].tolist() == [0, 1, 2, 3, 4] + [0] * 11


def test_collator_clm_rows_without_doc_starts_get_a_mask_and_labels():
    rows = [{"input_ids": [5, 6, 7, 8]}, {"input_ids": [9, 10]}]
    batch = EntityCorefCollator(pad_token_id=0, pad_to_multiple_of=None)(rows)
    assert set(batch) == {"input_ids", "labels", "attention_mask"}
    assert batch["labels"].tolist() == [[5, 6, 7, 8], [9, 10, -100, -100]]
    assert batch["attention_mask"].tolist() == [[1, 1, 1, 1], [1, 1, 0, 0]]


def test_collator_pad_equal_to_eos_keeps_real_eos_labels():
    rows = [{"input_ids": [5, 6, 3]}, {"input_ids": [7, 3, 8, 9, 3]}]
    batch = EntityCorefCollator(pad_token_id=3, pad_to_multiple_of=None)(rows)
    assert batch["labels"][0].tolist() == [5, 6, 3, -100, -100]


def test_collator_rejects_bad_doc_starts():
    with pytest.raises(CorefprepError, match="doc_starts"):
        EntityCorefCollator(pad_token_id=0)([{"input_ids": [1, 2, 3], "doc_starts": [2, 1]}])
    with pytest.raises(CorefprepError, match="doc_starts"):
        EntityCorefCollator(pad_token_id=0)([{"input_ids": [1, 2, 3], "doc_starts": [3]}])


def test_collator_model_inputs_only(rows):
    batch = EntityCorefCollator(pad_token_id=0, model_inputs_only=True)(rows)
    assert set(batch) == {"input_ids", "labels", "attention_mask"}


def test_position_ids_keep_packed_documents_apart_in_a_causal_lm():
    """A document's logits in a packed row equal its logits alone: transformers turns restarting
    position ids into a block-diagonal causal mask when no attention mask is given."""
    cfg = transformers.LlamaConfig(vocab_size=64, hidden_size=32, intermediate_size=64, num_hidden_layers=2,
                                   num_attention_heads=2, num_key_value_heads=2, max_position_embeddings=32)
    torch.manual_seed(0)
    model = transformers.LlamaForCausalLM(cfg).eval()
    doc_a, doc_b, doc_c = [2, 11, 12, 13, 3], [2, 21, 22, 3], [2, 31, 32, 33, 34, 3]
    row = {"input_ids": doc_a + doc_b + doc_c, "doc_starts": [0, 5, 9]}
    batch = EntityCorefCollator(pad_token_id=0)([row])
    with torch.no_grad():
        packed = model(input_ids=batch["input_ids"], position_ids=batch["position_ids"], use_cache=False).logits[0]
        for start, doc in ((0, doc_a), (5, doc_b), (9, doc_c)):
            alone = model(input_ids=torch.tensor([doc])).logits[0]
            assert torch.allclose(packed[start:start + len(doc)], alone, atol=1e-5)
        # without position ids the later documents would see the earlier ones
        mixed = model(input_ids=batch["input_ids"], attention_mask=torch.ones_like(batch["input_ids"])).logits[0]
        assert not torch.allclose(mixed[5:9], model(input_ids=torch.tensor([doc_b])).logits[0], atol=1e-3)


# ------------------------------------------------------------------------------------ loading


def test_load_prepared_is_memory_mapped_and_writes_nothing(prepared, rows, tokenizer):
    before = sorted(p.name for p in prepared.iterdir())
    assert is_complete(prepared)
    ds = load_prepared(prepared)
    assert ds.to_list() == rows
    assert ds.cache_files and all(Path(f["filename"]).parent == prepared for f in ds.cache_files)
    for _ in make_dataloader(ds, EntityCorefCollator(pad_token_id=0), batch_size=4):
        pass
    after = sorted(p.name for p in prepared.iterdir())
    assert after == before and not [n for n in after if n.startswith("cache-")]


def test_rank0_without_builder_and_builder_without_marker(tmp_path, clean_env):
    missing = tmp_path / "nothing_here"
    assert not is_complete(missing)
    with pytest.raises(DatasetNotReadyError, match="corefprep prepare"):
        load_prepared(missing)
    with pytest.raises(DatasetNotReadyError, match="build\\(\\) returned"):
        load_prepared(missing, build=lambda: missing.mkdir())


def test_rank0_builds_when_marker_missing(tmp_path, rows, clean_env):
    path = tmp_path / "ds"
    calls = []
    ds = load_prepared(path, build=lambda: calls.append(write_dataset(rows, path)))
    assert len(calls) == 1 and len(ds) == len(rows)
    load_prepared(path, build=lambda: calls.append("again"))
    assert len(calls) == 1  # a complete dataset is never rebuilt


def test_waiting_rank_times_out_with_clear_error(tmp_path, clean_env):
    clean_env.setenv("RANK", "2")
    clean_env.setenv("WORLD_SIZE", "4")
    path = tmp_path / "never_built"
    built = []
    start = time.monotonic()
    with pytest.raises(DatasetWaitTimeoutError) as info:
        load_prepared(path, build=lambda: built.append(1), timeout=0.3, poll=0.05)
    assert time.monotonic() - start < 5
    assert isinstance(info.value, TimeoutError) and isinstance(info.value, CorefprepError)
    message = str(info.value)
    assert "Rank 2" in message and str(path) in message and "corefprep prepare" in message
    assert not built and not path.exists()  # a non-zero rank neither builds nor creates anything


RANK_SCRIPT = WRITE_DATASET_SRC + '''
import hashlib, json, os, sys, time
from pathlib import Path
from corefprep.training import is_complete, load_prepared

args = json.loads(sys.argv[1])
path = Path(args["path"])
rank = int(os.environ["RANK"])
complete_at_start = is_complete(path)
print("STARTED", flush=True)  # the test starts rank 0 only after ranks 1-3 got here

def build():
    time.sleep(1.0)  # slow on purpose: the other ranks must really wait
    with open(args["counter"], "a") as fh:
        fh.write(f"{rank}\\n")
    rows = json.loads(Path(args["rows"]).read_text())
    write_dataset(rows, path, args["features"], args["tokenizer_meta"])
    print("LISTING " + json.dumps(sorted(p.name for p in path.iterdir())), flush=True)

ds = load_prepared(path, build=build, timeout=60, poll=0.05)
digest = hashlib.sha256(json.dumps(ds.to_list(), sort_keys=True).encode()).hexdigest()
print("RESULT " + json.dumps({"rank": rank, "digest": digest, "complete_at_start": complete_at_start}))
'''


@pytest.mark.slow
def test_four_ranks_rank0_builds_others_wait(tmp_path, rows):
    path = tmp_path / "out" / "entity_coref_v2_64"
    counter = tmp_path / "build_calls.txt"
    rows_file = tmp_path / "rows.json"
    rows_file.write_text(json.dumps(rows))
    args = json.dumps({"path": str(path), "counter": str(counter), "rows": str(rows_file),
                       "features": FEATURES.to_dict(), "tokenizer_meta": TOKENIZER_META})
    procs, first_lines = {}, {}
    for rank in (1, 2, 3, 0):  # waiters first, so they are surely waiting when rank 0 builds
        cwd = tmp_path / f"cwd{rank}"
        cwd.mkdir()
        env = {**os.environ, "RANK": str(rank), "LOCAL_RANK": str(rank), "WORLD_SIZE": "4",
               "HF_HOME": str(tmp_path / f"hf_home{rank}"), "PYTHONPATH": str(REPO),
               "TOKENIZERS_PARALLELISM": "false"}
        procs[rank] = subprocess.Popen([sys.executable, "-c", RANK_SCRIPT, args], cwd=cwd, env=env,
                                       stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        if rank == 3:
            for waiter in (1, 2, 3):
                first_lines[waiter] = procs[waiter].stdout.readline()  # "" if it died: asserted below
    outputs = [procs[rank].communicate(timeout=120) for rank in range(4)]
    procs = [procs[rank] for rank in range(4)]
    for p, (_, err) in zip(procs, outputs, strict=True):
        assert p.returncode == 0, err

    results, listing = {}, None
    for out, _ in outputs:
        for line in out.splitlines():
            if line.startswith("RESULT "):
                r = json.loads(line[len("RESULT "):])
                results[r["rank"]] = r
            elif line.startswith("LISTING "):
                listing = json.loads(line[len("LISTING "):])
    assert sorted(results) == [0, 1, 2, 3]
    assert all(line.strip() == "STARTED" for line in first_lines.values())
    assert not any(r["complete_at_start"] for r in results.values())  # ranks 1-3 really waited
    assert {r["digest"] for r in results.values()} == {rows_digest(rows)}
    assert counter.read_text().split() == ["0"]  # only rank 0's build ran, once
    final = sorted(p.name for p in path.iterdir())
    assert final == listing and COMPLETE_MARKER in final
    assert not [n for n in final if n.startswith("cache-")]
    for rank in (1, 2, 3):  # waiting ranks wrote nothing: no HF cache, nothing in their cwd
        assert not (tmp_path / f"hf_home{rank}").exists()
        assert not any((tmp_path / f"cwd{rank}").iterdir())


@pytest.mark.slow
def test_import_does_not_import_torch():
    code = "import sys, corefprep, corefprep.training; print('torch' in sys.modules)"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True,
                         env={**os.environ, "PYTHONPATH": str(REPO)})
    assert out.stdout.strip() == "False"


# ------------------------------------------------------------------------------------ tokenizer


def test_prepare_tokenizer_from_local_path_sets_right_padding(tmp_path):
    tok = make_tokenizer()
    tok.padding_side = "left"
    tok.save_pretrained(tmp_path / "tok")
    with warnings.catch_warnings():
        warnings.simplefilter("error", TokenizerWarning)
        loaded = prepare_tokenizer(tmp_path / "tok")
    assert loaded.is_fast and loaded.padding_side == "right" and loaded.pad_token == "[PAD]"
    with pytest.raises(CorefprepError, match="local directory"):
        prepare_tokenizer(tmp_path / "no_such_tokenizer")
    with pytest.raises(CorefprepError, match="slow"):
        prepare_tokenizer(tmp_path / "tok", use_fast=False)


def test_slow_tokenizer_is_rejected(tmp_path):
    vocab = tmp_path / "vocab.txt"
    vocab.write_text("\n".join(SPECIALS + WORDS), encoding="utf-8")
    slow_cls = getattr(transformers, "BertTokenizerLegacy", None) or transformers.BertTokenizer
    slow = slow_cls(str(vocab))
    assert not slow.is_fast
    with pytest.raises(CorefprepError, match="slow"):
        check_fast(slow)
    with pytest.raises(CorefprepError, match="slow"):
        prepare_tokenizer(slow)
    assert check_fast(make_tokenizer()).is_fast


def test_pad_falls_back_to_eos_with_warning():
    tok = make_tokenizer(unk_token="[UNK]", eos_token="[SEP]")
    assert tok.pad_token is None
    with pytest.warns(TokenizerWarning, match="no pad token"):
        prepare_tokenizer(tok)
    assert tok.pad_token == "[SEP]" and tok.pad_token_id == tok.eos_token_id == 3

    same = make_tokenizer(unk_token="[UNK]", eos_token="[SEP]", pad_token="[SEP]")
    with pytest.warns(TokenizerWarning, match="pads with its EOS"):
        prepare_tokenizer(same)
    with pytest.raises(CorefprepError, match="neither a pad nor an EOS"):
        prepare_tokenizer(make_tokenizer(unk_token="[UNK]"))


def test_check_tokenizer_matches(prepared):
    tok = make_tokenizer()
    tok.name_or_path = "tiny-ko-wordpiece"
    assert check_tokenizer_matches(prepared, tok)["vocab_size"] == len(tok)

    tok.name_or_path = "/local/copy/of/tiny-ko-wordpiece"
    with pytest.warns(TokenizerWarning, match="match"):
        check_tokenizer_matches(prepared, tok)
    with pytest.raises(CorefprepError, match="name"):
        check_tokenizer_matches(prepared, tok, strict_name=True)

    bigger = make_tokenizer()
    bigger.add_tokens(["새단어"])
    meta = json.loads((prepared / "metadata.json").read_text())
    meta["tokenizer"]["vocab_size"] = 999
    (prepared / "metadata.json").write_text(json.dumps(meta))
    with pytest.raises(CorefprepError, match="vocab_size 999"):
        check_tokenizer_matches(prepared, bigger)
    with pytest.raises(CorefprepError, match="metadata.json"):
        check_tokenizer_matches(prepared.parent, tok)


# ------------------------------------------------------------------------------------ dataloader


def _doc_indices(loader) -> list[int]:
    seen = []
    for batch in loader:
        assert batch["input_ids"].shape[1] % 8 == 0
        assert batch["input_ids"].shape == batch["labels"].shape == batch["attention_mask"].shape
        seen.extend(batch["doc_index"].tolist())
    return seen


def test_make_dataloader_single_process(prepared, rows):
    ds = load_prepared(prepared)
    collator = EntityCorefCollator(pad_token_id=0)
    loader = make_dataloader(ds, collator, batch_size=4, seed=3)
    assert loader.num_workers == 0 and loader.pin_memory == torch.cuda.is_available()
    first = _doc_indices(loader)
    assert sorted(first) == sorted(r["doc_index"] for r in rows)
    assert _doc_indices(make_dataloader(ds, collator, batch_size=4, seed=3)) == first  # seeded order
    ordered = _doc_indices(make_dataloader(ds, collator, batch_size=4, shuffle=False, drop_last=True))
    assert ordered == [r["doc_index"] for r in rows[:4]]
    with pytest.warns(UserWarning, match="ignored"):
        make_dataloader(ds, collator, batch_size=2, prefetch_factor=4)


@pytest.mark.slow
def test_make_dataloader_with_workers(prepared, rows):
    ds = load_prepared(prepared)
    loader = make_dataloader(ds, EntityCorefCollator(pad_token_id=0), batch_size=2, num_workers=2,
                             persistent_workers=True, prefetch_factor=2, pin_memory=False)
    assert loader.persistent_workers and loader.prefetch_factor == 2 and loader.num_workers == 2
    expected = sorted(r["doc_index"] for r in rows)
    assert sorted(_doc_indices(loader)) == expected
    assert sorted(_doc_indices(loader)) == expected  # second epoch reuses the persistent workers


def test_make_dataloader_distributed_sampler(prepared, rows, clean_env):
    ds = load_prepared(prepared)
    clean_env.setenv("WORLD_SIZE", "2")
    seen = []
    for rank in (0, 1):
        clean_env.setenv("RANK", str(rank))
        loader = make_dataloader(ds, EntityCorefCollator(pad_token_id=0), batch_size=2, seed=1)
        assert isinstance(loader.sampler, torch.utils.data.DistributedSampler) and loader.sampler.rank == rank
        seen.append(_doc_indices(loader))
    assert len(seen[0]) == len(seen[1]) == len(rows) // 2
    assert sorted(seen[0] + seen[1]) == sorted(r["doc_index"] for r in rows)
