"""Loading fast tokenizers: local directories with ``tokenizers`` alone, hub names through
transformers; slow (Python) tokenizers are refused."""

from __future__ import annotations

import json
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from ..core.errors import CorefprepError

SPECIAL_KEYS = ("cls_token", "sep_token", "mask_token", "pad_token", "eos_token", "bos_token", "unk_token")

# The names decoder and BERT-style tokenizers give their special tokens, most usual first. When no
# config file names any role (a directory holding only tokenizer.json), roles are taken from the
# tokenizer's added tokens by these names; so is clm's EOS when a config leaves it unset.
KNOWN_SPECIALS: dict[str, tuple[str, ...]] = {
    "eos_token": ("</s>", "<|endoftext|>", "<|end_of_text|>", "<eos>", "<|eos|>", "<EOS>", "[EOS]",
                  "<|end▁of▁sentence|>", "<EOT>", "<|EOT|>", "<eot>"),
    "bos_token": ("<s>", "<|begin_of_text|>", "<bos>", "<|bos|>", "<BOS>", "[BOS]", "<|startoftext|>",
                  "<|begin▁of▁sentence|>"),
    "pad_token": ("[PAD]", "<pad>", "<|pad|>", "<PAD>", "<|padding|>"),
    "unk_token": ("[UNK]", "<unk>", "<|unk|>", "<UNK>"),
    "mask_token": ("[MASK]", "<mask>", "<|mask|>", "<MASK>"),
    "cls_token": ("[CLS]", "<cls>", "<CLS>"),
    "sep_token": ("[SEP]", "<sep>", "<SEP>"),
}


def _special_content(v: Any) -> str | None:
    """A special token as configs write it: a string or an AddedToken dict ({"content": ...})."""
    if isinstance(v, dict):
        v = v.get("content")
    return v if isinstance(v, str) and v else None


def _read_config(f: Path) -> dict[str, Any]:
    try:
        cfg = json.loads(f.read_text(encoding="utf-8"))
    except (OSError, ValueError) as exc:
        raise CorefprepError(f"{f} is not readable JSON ({exc})") from None
    if not isinstance(cfg, dict):
        raise CorefprepError(f"{f} is not a JSON object")
    return cfg


def added_token_names(backend: Any, extra: Sequence[str] = ()) -> list[str]:
    """The tokenizer's added tokens (specials first), plus ``extra`` (e.g. a config's
    ``added_tokens_decoder``) that are in its vocabulary."""
    added = sorted(backend.get_added_tokens_decoder().items())
    names = [t.content for _i, t in added if t.special] + [t.content for _i, t in added if not t.special]
    names += [n for n in extra if n not in names and backend.token_to_id(n) is not None]
    return names


def guess_specials(names: list[str]) -> dict[str, str]:
    """Roles of special tokens recognised by their usual names among ``names``."""
    present = set(names)
    out = {}
    for role, known in KNOWN_SPECIALS.items():
        hit = next((n for n in known if n in present), None)
        if hit is not None:
            out[role] = hit
    return out


class LocalFastTokenizer:
    """A tokenizer directory with a tokenizer.json, loaded with the `tokenizers` library alone.

    Importing transformers (which in turn imports torch when present) costs several seconds per
    process; a local fast tokenizer needs only its tokenizer.json and the special-token names.
    Those come from special_tokens_map.json / tokenizer_config.json (plain strings or AddedToken
    dicts), which are authoritative as in transformers; when no config names any role (a bare
    tokenizer.json of a GPT/Llama/Qwen-style model) they are recognised among the tokenizer's
    added tokens by their usual names (KNOWN_SPECIALS).
    ``special_sources`` says where each role came from. Exposes the part of the transformers
    fast-tokenizer interface corefprep uses.
    """

    is_fast = True

    def __init__(self, path: Path):
        from tokenizers import Tokenizer

        self.name_or_path = str(path)
        try:
            self.backend_tokenizer = Tokenizer.from_file(str(path / "tokenizer.json"))
        except Exception as exc:  # the Rust loader raises a bare Exception
            raise CorefprepError(f"{path / 'tokenizer.json'} is not a tokenizers file ({exc})") from None
        specials: dict[str, str | None] = {}
        self.special_sources: dict[str, str] = {}
        config_added: list[str] = []
        for name in ("special_tokens_map.json", "tokenizer_config.json"):
            f = path / name
            if not f.exists():
                continue
            cfg = _read_config(f)
            for key in SPECIAL_KEYS:
                if key in cfg and key not in specials:
                    specials[key] = _special_content(cfg[key])  # an explicit null means "none"
                    self.special_sources[key] = name
            decoder = cfg.get("added_tokens_decoder")
            if isinstance(decoder, dict):
                config_added += [c for v in decoder.values() if (c := _special_content(v))]
        if not specials:  # no config names a role (a bare tokenizer.json): recognise them by name
            guessed = guess_specials(added_token_names(self.backend_tokenizer, config_added))
            for key in SPECIAL_KEYS:
                if key in guessed:
                    specials[key] = guessed[key]
                    self.special_sources[key] = "tokenizer.json added tokens"
        for key in SPECIAL_KEYS:
            token = specials.get(key)
            setattr(self, key, token)
            setattr(self, f"{key}_id", self.backend_tokenizer.token_to_id(token) if token else None)

    def __len__(self) -> int:
        return int(self.backend_tokenizer.get_vocab_size(with_added_tokens=True))

    def decode(self, ids: list[int], skip_special_tokens: bool = False) -> str:
        return str(self.backend_tokenizer.decode(ids, skip_special_tokens=skip_special_tokens))


def load_fast_tokenizer(model: str, *, require_mask: bool = True) -> Any:
    """A fast tokenizer from a local directory or a hub name; slow ones are refused.

    A local directory with a tokenizer.json loads with `tokenizers` directly; anything else goes
    through transformers' AutoTokenizer (hub download, conversion of slow vocabularies).
    ``require_mask`` (entity-mlm) refuses a tokenizer without a mask token."""
    local = Path(model).expanduser()
    if (local / "tokenizer.json").is_file():
        tok: Any = LocalFastTokenizer(local)
    else:
        tok = _load_with_transformers(model, local)
    if require_mask and tok.mask_token_id is None:
        raise CorefprepError(f"tokenizer {model!r} has no mask token, which entity-mlm needs (a decoder "
                             "tokenizer fits --objective clm)")
    return tok


def _load_with_transformers(model: str, local: Path) -> Any:
    from transformers import AutoTokenizer

    try:
        tok = AutoTokenizer.from_pretrained(str(local) if local.exists() else model, use_fast=True)
    except Exception as exc:
        hint = (
            "it is not a local directory and could not be fetched from the hub (no network?); "
            "download it elsewhere and pass its local directory with --model"
            if not local.exists()
            else f"{type(exc).__name__}: {str(exc).splitlines()[0] if str(exc) else ''}"
        )
        raise CorefprepError(f"cannot load tokenizer {model!r}: {hint}") from None
    if not getattr(tok, "is_fast", False):
        raise CorefprepError(
            f"tokenizer {model!r} is a slow (Python) tokenizer; corefprep needs a fast (Rust) one "
            "with a tokenizer.json — convert it with transformers and save it again"
        )
    return tok

