"""Which tokenizer fits which objective: entity-mlm needs a mask token; clm frames every document
as ``[BOS] tokens [EOS]`` with tokens chosen from options, the tokenizer's own roles, or BERT-style
fallbacks. Checked before a run filters anything, so a wrong ``--model`` fails in seconds."""

from __future__ import annotations

from dataclasses import asdict, dataclass
from typing import Any

from ..core.errors import CorefprepError
from .config import NO_BOS, TokenizeConfig
from .load import added_token_names, guess_specials, load_fast_tokenizer


@dataclass(frozen=True)
class DocSpecials:
    """How clm frames each document: [BOS] tokens [EOS]; where each choice came from."""

    eos_token: str
    eos_id: int
    eos_source: str
    bos_token: str | None
    bos_id: int | None
    bos_source: str

    def as_dict(self) -> dict[str, Any]:
        return asdict(self)


def _role(tok: Any, key: str) -> tuple[str | None, str]:
    """(token, where it came from) of a special-token role the tokenizer itself has."""
    token = getattr(tok, key, None)
    if not token:
        return None, ""
    src = getattr(tok, "special_sources", {}).get(key, "tokenizer config")
    return str(token), f"tokenizer {key} ({src})"


def _token_id(tok: Any, token: str) -> int | None:
    i = tok.backend_tokenizer.token_to_id(token)
    return int(i) if i is not None else None


def clm_specials(tok: Any, cfg: TokenizeConfig) -> DocSpecials:
    """EOS and BOS for clm documents, or a one-sentence error naming the option to use.

    EOS: ``--eos-token``, else the tokenizer's own (a usual EOS name among its added tokens counts),
    else (BERT-style tokenizers) its SEP token.
    BOS: ``--bos-token`` (``none`` for no BOS), else the tokenizer's own unless it is the EOS token
    (GPT-2 style: documents are only separated by EOS), else [CLS] when EOS fell back to [SEP]
    (a BERT-style tokenizer frames each document as [CLS] ... [SEP], as BERT itself does), else none.
    """
    name = cfg.model
    if cfg.eos_token is not None:
        eos, eos_src = cfg.eos_token, "--eos-token"
    else:
        eos, eos_src = _role(tok, "eos_token")
        if eos is None and "eos_token" not in getattr(tok, "special_sources", {}):  # unset, not explicitly null
            eos = guess_specials(added_token_names(tok.backend_tokenizer)).get("eos_token")
            eos_src = "the tokenizer's added tokens, by name" if eos else ""
        if eos is None:
            eos, eos_src = _role(tok, "sep_token")
            eos_src = eos_src and f"{eos_src}, BERT-style fallback"
    if eos is None:
        raise CorefprepError(
            f"tokenizer {name!r} has no EOS token to end each document with for --objective clm; name one of its "
            "tokens with --eos-token (e.g. --eos-token '<|endoftext|>')"
        )
    eos_id = _token_id(tok, eos)
    if eos_id is None:
        what = "--eos-token" if cfg.eos_token is not None else "its EOS token"
        raise CorefprepError(f"{what} {eos!r} is not a token of tokenizer {name!r}; pass one of its tokens with "
                             "--eos-token")
    bos: str | None
    if cfg.bos_token is not None and cfg.bos_token.lower() == NO_BOS:
        bos, bos_src = None, "none (--bos-token none)"
    elif cfg.bos_token is not None:
        bos, bos_src = cfg.bos_token, "--bos-token"
    else:
        bos, bos_src = _role(tok, "bos_token")
        if bos is not None and bos == eos:
            bos, bos_src = None, "none (the tokenizer's BOS is its EOS token)"
        elif bos is None and "BERT-style" in eos_src:
            bos, bos_src = _role(tok, "cls_token")
            bos_src = f"{bos_src}, BERT-style fallback" if bos else "none (the tokenizer has no BOS token)"
        elif bos is None:
            bos_src = "none (the tokenizer has no BOS token)"
    bos_id = _token_id(tok, bos) if bos is not None else None
    if bos is not None and bos_id is None:
        what = "--bos-token" if cfg.bos_token is not None else "its BOS token"
        raise CorefprepError(f"{what} {bos!r} is not a token of tokenizer {name!r}; pass one of its tokens with "
                             "--bos-token, or --bos-token none")
    return DocSpecials(eos, eos_id, eos_src, bos, bos_id, bos_src)


def check_tokenizer(tok: Any, cfg: TokenizeConfig) -> DocSpecials | None:
    """Refuse a tokenizer that cannot serve ``cfg.objective`` (one sentence naming what is missing).

    Returns clm's document specials (None for entity-mlm)."""
    if cfg.objective == "clm":
        return clm_specials(tok, cfg)
    if getattr(tok, "mask_token_id", None) is None:
        # rows are windows of the tokenizer's own encoding (its own CLS/SEP/BOS, if any), so the
        # mask token is all entity-mlm adds
        raise CorefprepError(
            f"tokenizer {cfg.model!r} has no mask token, which entity-mlm needs (it masks the mentions); use a "
            "masked-LM tokenizer (BERT/DeBERTa/RoBERTa style), or --objective clm for a decoder tokenizer"
        )
    return None


def validate_tokenizer(cfg: TokenizeConfig) -> DocSpecials | None:
    """Load the tokenizer and check it fits the objective: what a run calls before its filter
    starts, so a wrong --model fails in seconds instead of after hours of filtering."""
    return check_tokenizer(load_fast_tokenizer(cfg.model, require_mask=False), cfg)

