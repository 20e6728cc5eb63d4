"""A prepared dataset trains through transformers.Trainer (the ``corefprep[train]`` extra).

Tiny randomly initialised models built from configs (nothing downloaded) over the bundled
tokenizer's vocabulary; a few steps must make the loss fall. These are the examples docs/training.md
shows ("Feeding a trainer").
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest

torch = pytest.importorskip("torch")
os.environ.setdefault("HF_HUB_OFFLINE", "1")

import transformers  # noqa: E402
from fixtures import minicorpus as mc  # noqa: E402

from corefprep.tokenizer.config import BUNDLED_TOKENIZER  # noqa: E402
from corefprep.training import EntityCorefCollator, load_prepared, prepare_tokenizer  # noqa: E402

pytestmark = pytest.mark.slow  # transformers.Trainer trains a model
# One intra-op thread: make test runs three test processes on two cores, and torch's pool of two
# threads per process spun waiting for each other, which made these two tests take 131 CPU-seconds
# (133 s wall) against 35 (34 s wall) with one. A model this small gains nothing from a second thread.
torch.set_num_threads(1)

STEPS = 40


def _train(model, ds, collator, tmp_path: Path) -> list[float]:
    args = transformers.TrainingArguments(
        output_dir=str(tmp_path / "trainer"),
        per_device_train_batch_size=8,
        max_steps=STEPS,
        learning_rate=2e-3,
        warmup_steps=0,
        logging_steps=1,
        save_strategy="no",
        report_to=[],
        use_cpu=True,
        seed=0,
        data_seed=0,
        remove_unused_columns=False,  # the collator needs doc_starts; it returns model inputs only
        dataloader_num_workers=0,
    )
    trainer = transformers.Trainer(model=model, args=args, train_dataset=ds, data_collator=collator)
    trainer.train()
    losses = [h["loss"] for h in trainer.state.log_history if "loss" in h]
    assert len(losses) == STEPS
    return losses


def _falls(losses: list[float]) -> bool:
    """The mean loss of the last 5 steps is at least 1 nat below that of the first 5 (from ln(8,000)
    = 9.0 at random initialisation)."""
    first, last = sum(losses[:5]) / 5, sum(losses[-5:]) / 5
    return last < first - 1.0


def test_entity_mlm_dataset_trains_a_deberta_v2(tmp_path, tmp_path_factory):
    out = tmp_path / "prepared"
    rc = mc.run_cli(["prepare", str(mc.mini_corpus(tmp_path_factory)), "--output-dir", str(out), "--seq-len", "128",
                     "--workers", "1", "--no-progress"])
    assert rc == 0
    ds = load_prepared(out / "entity_coref_v2_128")
    assert len(ds) >= 16

    tok = prepare_tokenizer(BUNDLED_TOKENIZER)
    config = transformers.DebertaV2Config(
        vocab_size=len(tok), hidden_size=64, num_hidden_layers=2, num_attention_heads=2, intermediate_size=128,
        max_position_embeddings=128, pad_token_id=tok.pad_token_id,
    )
    torch.manual_seed(0)
    model = transformers.DebertaV2ForMaskedLM(config)
    collator = EntityCorefCollator(pad_token_id=tok.pad_token_id, model_inputs_only=True)
    losses = _train(model, ds, collator, tmp_path)
    assert _falls(losses), " ".join(f"{x:.2f}" for x in losses)


def test_clm_dataset_trains_a_causal_lm(tmp_path):
    out = tmp_path / "prepared"
    rc = mc.run_cli(["prepare", str(mc.SAMPLE), "--output-dir", str(out), "--rules", "llm", "--objective", "clm",
                     "--seq-len", "128", "--doc-boundaries", "--workers", "1", "--no-progress"])
    assert rc == 0
    ds = load_prepared(out / "clm_llm_128")  # --rules llm --objective clm
    assert ds.features["input_ids"].feature.dtype == "uint16" and len(ds) >= 16
    # packed across documents: some blocks hold the end of one document and the start of the next
    assert sum(1 for s in ds["doc_starts"] if any(0 < x < 128 for x in s)) >= 100

    tok = prepare_tokenizer(BUNDLED_TOKENIZER)
    config = transformers.LlamaConfig(
        vocab_size=len(tok), hidden_size=64, intermediate_size=128, num_hidden_layers=2, num_attention_heads=2,
        num_key_value_heads=2, max_position_embeddings=128, pad_token_id=tok.pad_token_id,
        bos_token_id=tok.cls_token_id, eos_token_id=tok.sep_token_id,
        use_cache=False,  # a KV cache would switch off transformers' packed-document masking
    )
    torch.manual_seed(0)
    model = transformers.LlamaForCausalLM(config)
    collator = EntityCorefCollator(pad_token_id=tok.pad_token_id, model_inputs_only=True)
    first = collator([ds[0], ds[1]])
    assert set(first) == {"input_ids", "labels", "position_ids"}
    losses = _train(model, ds, collator, tmp_path)
    assert _falls(losses), " ".join(f"{x:.2f}" for x in losses)
