"""What a dataset records about its tokenizer, and how many threads tokenizers may use."""

from __future__ import annotations

import hashlib
import os
from typing import Any

from .specials import DocSpecials


def id_upper_bound(tok: Any) -> int:
    """One more than the largest token id (added tokens included; vocabularies may have gaps)."""
    vocab = tok.backend_tokenizer.get_vocab(with_added_tokens=True)
    return max(max(vocab.values(), default=-1) + 1, len(tok))


def tokenizer_info(tok: Any, model: str, specials: DocSpecials | None = None) -> dict[str, Any]:
    backend_json = tok.backend_tokenizer.to_str()
    info = {
        "name_or_path": model,
        "class": type(tok).__name__,
        "mask_token": tok.mask_token,
        "vocab_size": len(tok),
        "mask_token_id": tok.mask_token_id,
        "pad_token_id": tok.pad_token_id,
        "cls_token_id": tok.cls_token_id,
        "sep_token_id": tok.sep_token_id,
        "eos_token_id": tok.eos_token_id,
        "sha256": hashlib.sha256(backend_json.encode()).hexdigest()[:16],
    }
    if specials is not None:  # clm: what actually frames the documents
        info.update({"eos_token": specials.eos_token, "eos_token_id": specials.eos_id,
                     "eos_source": specials.eos_source, "bos_token": specials.bos_token,
                     "bos_token_id": specials.bos_id, "bos_source": specials.bos_source})
    return info


_USER_PARALLELISM = os.environ.get("TOKENIZERS_PARALLELISM")


def manage_tokenizers_parallelism(num_proc: int) -> None:
    """Rust threads inside each of several map processes would oversubscribe the cores: let Rust
    parallelise only when a chunk is tokenized in a single process, unless the user set it."""
    if _USER_PARALLELISM is None:
        os.environ["TOKENIZERS_PARALLELISM"] = "true" if num_proc <= 1 else "false"



def manage_clm_parallelism(num_proc: int) -> None:
    """clm encodes in this one process with the tokenizer's Rust threads: let them run unless
    ``--num-proc 1`` or the user set TOKENIZERS_PARALLELISM."""
    if _USER_PARALLELISM is None:
        os.environ["TOKENIZERS_PARALLELISM"] = "true" if num_proc > 1 else "false"
