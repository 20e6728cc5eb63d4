"""Tokenizer loading and the objective check (SPEC 2.5): decoder tokenizers for clm, BERT-style ones
for entity-mlm, and a wrong one refused in seconds, before any batch is filtered.

Tokenizers are built here with the ``tokenizers`` library (byte-level BPE like GPT/Llama/Qwen, an
NFKC-normalising one, tiny WordLevel ones with chosen special tokens) and saved the ways real
models ship them: a bare ``tokenizer.json``, or with a ``tokenizer_config.json`` whose specials
are strings, AddedToken dicts or only listed in ``added_tokens_decoder``.
"""

from __future__ import annotations

import subprocess
import sys
import time
from pathlib import Path

import numpy as np
import pytest
from fixtures import minicorpus as mc
from fixtures.shared import REPO
from fixtures.tokenizers import KO, save_dir, train_bpe

from corefprep.clm.doc_tokens import DocEncoder, document_backend
from corefprep.core.errors import CorefprepError
from corefprep.tokenizer.config import BUNDLED_TOKENIZER, TokenizeConfig
from corefprep.tokenizer.ids import ids_dtype
from corefprep.tokenizer.info import id_upper_bound
from corefprep.tokenizer.load import load_fast_tokenizer
from corefprep.tokenizer.specials import check_tokenizer, clm_specials, validate_tokenizer


def clm(model: Path | str, **kw) -> TokenizeConfig:
    return TokenizeConfig(model=str(model), objective="clm", **kw)


def specials_of(model: Path, **kw):
    tok = load_fast_tokenizer(str(model), require_mask=False)
    return tok, clm_specials(tok, clm(model, **kw))


def test_bare_tokenizer_json_finds_its_eos(tmp_path):
    d = save_dir(tmp_path, "gpt", train_bpe(["<|endoftext|>"]))
    tok, sp = specials_of(d)
    assert tok.eos_token == "<|endoftext|>" and tok.mask_token is None
    assert tok.special_sources["eos_token"] == "tokenizer.json added tokens"
    assert (sp.eos_token, sp.eos_id) == ("<|endoftext|>", tok.backend_tokenizer.token_to_id("<|endoftext|>"))
    assert sp.bos_id is None and "no BOS" in sp.bos_source
    with pytest.raises(CorefprepError, match="mask"):  # the entity-mlm default still refuses it
        load_fast_tokenizer(str(d))


@pytest.mark.parametrize("specials,eos,bos", [
    (["<unk>", "<s>", "</s>"], "</s>", "<s>"),  # Llama-2 / Mistral
    (["<|begin_of_text|>", "<|end_of_text|>"], "<|end_of_text|>", "<|begin_of_text|>"),  # Llama-3
    (["<EOT>", "<pad>"], "<EOT>", None),
])
def test_bare_decoder_tokenizers(tmp_path, specials, eos, bos):
    d = save_dir(tmp_path, "m", train_bpe(specials))
    tok, sp = specials_of(d)
    assert sp.eos_token == eos and sp.bos_token == bos
    assert sp.eos_id == tok.backend_tokenizer.token_to_id(eos)
    assert sp.bos_id == (tok.backend_tokenizer.token_to_id(bos) if bos else None)


def test_config_with_addedtoken_dicts_and_added_tokens_decoder(tmp_path):
    """Qwen-style: eos as an AddedToken dict, bos explicitly null (even though <s> exists)."""
    bpe = train_bpe(["<|endoftext|>", "<|im_end|>", "<s>"])
    ids = {t: bpe.token_to_id(t) for t in ("<|endoftext|>", "<|im_end|>", "<s>")}
    cfg = {"eos_token": {"__type": "AddedToken", "content": "<|endoftext|>", "lstrip": False, "special": True},
           "bos_token": None, "pad_token": {"content": "<|endoftext|>"},
           "added_tokens_decoder": {str(i): {"content": t, "special": True} for t, i in ids.items()}}
    d = save_dir(tmp_path, "qwen", bpe, cfg)
    tok, sp = specials_of(d)
    assert tok.special_sources["eos_token"] == "tokenizer_config.json"
    assert (sp.eos_token, sp.eos_id, sp.bos_token) == ("<|endoftext|>", ids["<|endoftext|>"], None)
    assert tok.pad_token_id == ids["<|endoftext|>"]


def test_specials_only_in_added_tokens_decoder(tmp_path):
    """A config naming no roles but listing its added tokens: roles recognised by name from there."""
    bpe = train_bpe(["<|endoftext|>"])
    d = save_dir(tmp_path, "m", bpe, {"added_tokens_decoder": {str(bpe.token_to_id("<|endoftext|>")): {
        "content": "<|endoftext|>", "special": True}}, "model_max_length": 2048})
    _tok, sp = specials_of(d)
    assert sp.eos_token == "<|endoftext|>"


def test_gpt2_style_bos_equal_to_eos_gives_no_bos(tmp_path):
    d = save_dir(tmp_path, "gpt2", train_bpe(["<|endoftext|>"]),
                 {"bos_token": "<|endoftext|>", "eos_token": "<|endoftext|>", "unk_token": "<|endoftext|>"})
    _tok, sp = specials_of(d)
    assert sp.eos_token == "<|endoftext|>" and sp.bos_token is None and "is its EOS" in sp.bos_source


def test_bert_style_tokenizer_frames_documents_with_cls_and_sep():
    tok, sp = specials_of(BUNDLED_TOKENIZER)
    assert (sp.eos_token, sp.bos_token) == ("[SEP]", "[CLS]")
    assert (sp.eos_id, sp.bos_id) == (tok.sep_token_id, tok.cls_token_id)
    assert "fallback" in sp.eos_source and "fallback" in sp.bos_source


def test_options_override_and_bos_none(tmp_path):
    d = save_dir(tmp_path, "llama", train_bpe(["<s>", "</s>", "<|endoftext|>"]))
    tok, sp = specials_of(d, eos_token="<|endoftext|>", bos_token="none")
    assert (sp.eos_token, sp.eos_source, sp.bos_id) == ("<|endoftext|>", "--eos-token", None)
    _tok, sp = specials_of(d, bos_token="</s>")
    assert sp.bos_id == tok.backend_tokenizer.token_to_id("</s>") and sp.bos_source == "--bos-token"


def test_no_eos_is_an_error_naming_the_option(tmp_path):
    d = save_dir(tmp_path, "noeos", train_bpe(["<pad>"]))
    with pytest.raises(CorefprepError, match="--eos-token") as e:
        specials_of(d)
    assert "no EOS" in str(e.value)
    with pytest.raises(CorefprepError, match="not a token"):
        specials_of(d, eos_token="<|nope|>")
    with pytest.raises(CorefprepError, match="--bos-token"):
        specials_of(d, eos_token="<pad>", bos_token="<|nope|>")
    _tok, sp = specials_of(d, eos_token="<pad>")  # any real token may serve
    assert sp.eos_token == "<pad>"


def test_entity_mlm_check_names_what_is_missing(tmp_path):
    d = save_dir(tmp_path, "gpt", train_bpe(["<|endoftext|>"]))
    tok = load_fast_tokenizer(str(d), require_mask=False)
    with pytest.raises(CorefprepError, match=r"no mask token.*--objective clm"):
        check_tokenizer(tok, TokenizeConfig(model=str(d)))
    assert validate_tokenizer(TokenizeConfig()) is None  # the bundled tokenizer fits entity-mlm
    assert validate_tokenizer(TokenizeConfig(objective="clm")).eos_token == "[SEP]"


def test_unreadable_tokenizer_json_is_one_sentence(tmp_path):
    d = tmp_path / "broken"
    d.mkdir()
    (d / "tokenizer.json").write_text("{not json", encoding="utf-8")
    with pytest.raises(CorefprepError, match="not a tokenizers file"):
        load_fast_tokenizer(str(d), require_mask=False)


def test_nfkc_tokenizer_documents_match_its_own_encoding(tmp_path):
    """A normalising tokenizer (NFKC folds full-width forms and compatibility jamo) gives the
    same ids through corefprep as through its own encode; a literal special-token string in a
    document is read as text, never as a document end."""
    texts = ["ＡＢＣ　１２３ 전각 문자와 ㈜회사, ㎏ 단위. ﾊﾝｶｸ", "호환 자모 ㄱㄴㄷ 와 조합형 한글. 끝!",
             "문서 안에 <|endoftext|> 라는 글자가 그대로 있다."]
    bpe = train_bpe(["<|endoftext|>"], texts=KO + texts, nfkc=True)
    d = save_dir(tmp_path, "nfkc", bpe)
    tok, sp = specials_of(d)
    enc = DocEncoder(document_backend(tok.backend_tokenizer), sp, ids_dtype(id_upper_bound(tok)))
    ids, lens = enc.encode(texts)
    docs = np.split(ids, np.cumsum(lens)[:-1])
    own = bpe.encode_batch(texts[:2], add_special_tokens=False)
    for doc, e in zip(docs[:2], own, strict=True):
        assert doc.tolist() == e.ids + [sp.eos_id]
    assert bpe.decode(docs[0][:-1].tolist()) == bpe.decode(own[0].ids)  # the normalised text
    third = docs[2].tolist()
    assert third.count(sp.eos_id) == 1 and third[-1] == sp.eos_id  # only the closing EOS
    assert "<|endoftext|>" in bpe.decode(third[:-1], skip_special_tokens=False)
    assert sp.eos_id in bpe.encode(texts[2], add_special_tokens=False).ids  # what a naive encode would do


# ------------------------------------------------------------------------ early, in the real CLI


def _cli(args: list[str]) -> tuple[subprocess.CompletedProcess[str], float]:
    t0 = time.monotonic()
    r = subprocess.run([sys.executable, "-m", "corefprep", *args], capture_output=True, text=True, timeout=120,
                       cwd=REPO, env={**__import__("os").environ, "HF_HUB_OFFLINE": "1"})
    return r, time.monotonic() - t0


def _one_sentence(err: str) -> str:
    assert "Traceback" not in err, err
    lines = [ln for ln in err.strip().splitlines() if ln.startswith("corefprep:")]
    assert len(lines) == 1, err
    return lines[0]


@pytest.mark.slow
@pytest.mark.parametrize("objective,specials,expect", [
    ("clm", ["<pad>"], "--eos-token"),
    ("entity-mlm", ["<|endoftext|>"], "mask"),
])
def test_unfit_tokenizer_fails_before_any_batch(tmp_path, tmp_path_factory, objective, specials, expect):
    d = save_dir(tmp_path, "tok", train_bpe(specials))
    corpus = mc.mini_corpus(tmp_path_factory)
    out = tmp_path / "out"
    r, seconds = _cli(["prepare", str(corpus), "-o", str(out), "--objective", objective, "--model", str(d),
                       "--no-progress"])
    assert r.returncode == 1
    line = _one_sentence(r.stderr)
    assert expect in line and "internal error" not in line
    assert not (out / "work").exists()  # refused before the lock, the plan and the filter
    assert seconds < 60  # interpreter start and imports only (a few seconds; generous for a loaded machine)


def test_clm_options_with_entity_mlm_are_usage_errors(tmp_path_factory, capsys):
    corpus = mc.mini_corpus(tmp_path_factory)
    for extra in (["--eos-token", "</s>"], ["--format", "megatron"], ["--objective", "clm", "--no-pack",
                                                                         "--doc-boundaries"]):
        capsys.readouterr()
        assert mc.run_cli(["prepare", str(corpus), "-o", "/nonexistent/never", *extra]) == 2
        err = capsys.readouterr().err
        assert "only apply to --objective clm" in err or "packed rows" in err


def test_transformers_loaded_tokenizer_without_eos_role_finds_it_by_name(tmp_path):
    """A tokenizer loaded through transformers (hub names take that path) whose config names no EOS
    but which has an <|endoftext|> token."""
    from transformers import PreTrainedTokenizerFast

    from corefprep.tokenizer.load import _load_with_transformers

    d = tmp_path / "hf"
    PreTrainedTokenizerFast(tokenizer_object=train_bpe(["<|endoftext|>"])).save_pretrained(d)
    tok = _load_with_transformers(str(d), d)
    assert tok.eos_token is None and not hasattr(tok, "special_sources")
    sp = clm_specials(tok, clm(d))
    assert sp.eos_token == "<|endoftext|>" and "by name" in sp.eos_source
    assert sp.eos_id == tok.convert_tokens_to_ids("<|endoftext|>")


def test_a_config_naming_roles_is_authoritative_but_clm_still_finds_an_unnamed_eos(tmp_path):
    """As in transformers, a config that names some roles decides them: no mask token is guessed for
    entity-mlm. clm's EOS, which the config leaves unset (not null), is still found by name."""
    bpe = train_bpe(["<|endoftext|>", "<mask>", "<pad>"])
    d = save_dir(tmp_path, "m", bpe, {"pad_token": "<pad>"})
    tok = load_fast_tokenizer(str(d), require_mask=False)
    assert tok.mask_token is None and tok.pad_token == "<pad>"
    sp = clm_specials(tok, clm(d))
    assert sp.eos_token == "<|endoftext|>" and "by name" in sp.eos_source
    d2 = save_dir(tmp_path, "m2", bpe, {"pad_token": "<pad>", "eos_token": None})  # explicitly none
    with pytest.raises(CorefprepError, match="--eos-token"):
        specials_of(d2)
