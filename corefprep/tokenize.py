"""Fast tokenizers and the tokenize stage's chunk loop (SPEC 2.5).

Loading (local directories with ``tokenizers`` alone, hub names through transformers), checking
that a tokenizer fits the objective before a run starts (entity-mlm: mask, CLS, SEP; clm: the EOS
and BOS that frame each document), what a dataset records about its tokenizer, and tokenizing one
entity-mlm chunk with ``datasets.map``. The rows themselves are built by :mod:`corefprep.masking`
(entity-mlm) and :mod:`corefprep.packing` (clm, from :mod:`corefprep.doc_tokens`).
"""

from __future__ import annotations

import hashlib
import json
import os
import shutil
import sys
import time
from collections.abc import Sequence
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any

from .atomic import atomic_write_json, clean_temp_files, config_hash, read_json
from .errors import CorefprepError
from .progress import bar_style, say

BUNDLED_TOKENIZER = Path(__file__).parent / "data" / "tokenizer"
MIN_ROWS_PER_PROC = 2000


@dataclass(frozen=True)
class TokenizeConfig:
    model: str = str(BUNDLED_TOKENIZER)
    seq_len: int = 2048
    objective: str = "entity-mlm"  # or "clm"
    mask_style: str = "all"  # "all": every subword of the mention masked; "single": one mask token
    pad_to_max_length: bool = False
    # a mention/antecedent boundary inside a token: "drop" the sample or "widen" to whole tokens
    unaligned: str = "widen"
    # clm only (see corefprep.packing): document framing, packing and output format
    eos_token: str | None = None  # None: the tokenizer's own (BERT-style: [SEP])
    bos_token: str | None = None  # None: the tokenizer's own ([CLS] when [SEP] is the EOS); NO_BOS: none
    keep_last: bool = False  # keep the corpus' final partial block as a shorter last row
    pack: bool = True  # False (--no-pack): one row per document, truncated to seq_len
    doc_boundaries: bool = False  # a doc_starts column (packed rows)
    output_format: str = "hf"  # "hf" (load_from_disk dataset), "megatron" (.bin/.idx) or "both"

    def as_dict(self) -> dict[str, Any]:
        d = asdict(self)
        if self.objective != "clm":
            # entity-mlm settings keep the keys (and so the cached chunks) they had before clm grew options
            for k in CLM_FIELDS:
                d.pop(k)
        return d


CLM_FIELDS = ("eos_token", "bos_token", "keep_last", "pack", "doc_boundaries", "output_format")
NO_BOS = "none"  # --bos-token none: documents get no BOS even if the tokenizer has one

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


# --- which tokenizer fits which objective ------------------------------------------------------


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


def tokenize_chunk(
    chunk_arrow: Path,
    out_dir: Path,
    tok: Any,
    cfg: TokenizeConfig,
    *,
    num_proc: int,
    batch_size: int,
    writer_batch_size: int,
    in_memory: bool = False,
) -> tuple[int, list[str]]:
    """Tokenize one samples chunk into ``out_dir`` (written under a temporary name, then renamed).

    The rows are written once, by ``datasets.map`` itself: its output files are the chunk, and
    the final dataset links them (see :mod:`corefprep.merge`). Returns (rows, the chunk's file
    names in row order)."""
    from datasets import Dataset, disable_progress_bars

    from .masking import _features, encode_docs, plain_backend, special_tokens

    disable_progress_bars()  # corefprep draws its own bars
    # rows are windows of tokenizer(document): the whole document, never truncated
    backend = plain_backend(tok.backend_tokenizer)
    vocab = len(tok)
    fn: Any = encode_docs
    kwargs: dict[str, Any] = {"backend": backend, "specials": special_tokens(backend),
                              "mask_id": tok.mask_token_id,
                              "pad_id": tok.pad_token_id if tok.pad_token_id is not None else 0,
                              "cfg": cfg, "vocab_size": vocab}
    features = _features(cfg, vocab)
    backend.encode("워밍업 warm-up")  # first call builds caches; keep it out of the map workers' timing
    tmp = out_dir.with_name(f".{out_dir.name}.tmp-{os.getpid()}")
    shutil.rmtree(tmp, ignore_errors=True)
    tmp.mkdir(parents=True)
    try:
        src = Dataset.from_file(str(chunk_arrow), in_memory=in_memory)
        procs = num_proc if num_proc > 1 and len(src) >= MIN_ROWS_PER_PROC * num_proc else 1
        manage_tokenizers_parallelism(procs)
        ds = src.map(
            fn,
            batched=True,
            batch_size=batch_size,
            writer_batch_size=writer_batch_size,
            # extra processes cost a second or two each to start: only worth it for big chunks
            num_proc=procs if procs > 1 else None,
            remove_columns=src.column_names,
            features=features,
            fn_kwargs=kwargs,
            cache_file_name=str(tmp / "rows.arrow"),
            new_fingerprint=hashlib.sha256(str(out_dir).encode()).hexdigest()[:16],
            desc=None,
        )
        rows = len(ds)
        files = [Path(c["filename"]).name for c in ds.cache_files]
        del ds, src
        for name in files:
            with open(tmp / name, "rb") as f:
                os.fsync(f.fileno())
        if out_dir.exists():
            shutil.rmtree(out_dir)
        os.replace(tmp, out_dir)
    except BaseException:
        shutil.rmtree(tmp, ignore_errors=True)
        raise
    return rows, files


# --- the stage ---------------------------------------------------------------------------------


def _tok_key(opts: Any, info: dict[str, Any]) -> str:
    return config_hash({"tokenize": opts.tokenize.as_dict(), "tokenizer": info["sha256"],
                        "vocab": info["vocab_size"]})


def run_tokenize(opts: Any, chunks: list[Any]) -> tuple[list[Path], dict[str, Any]]:
    from tqdm import tqdm

    t0 = time.monotonic()
    tok = load_fast_tokenizer(opts.tokenize.model)
    info = tokenizer_info(tok, opts.tokenize.model)
    key = _tok_key(opts, info)
    tdir = opts.work.tokenized_dir / key
    tdir.mkdir(parents=True, exist_ok=True)
    clean_temp_files(tdir)
    dirs: list[Path] = []
    dropped = 0
    bar = tqdm(total=sum(c.samples for c in chunks), unit="sample", desc="tokenize", file=sys.stderr,
               disable=not opts.progress, **bar_style())
    try:
        for c in chunks:
            out = tdir / f"chunk_{c.index:05d}"
            meta = tdir / f"chunk_{c.index:05d}.json"
            old = read_json(meta)
            if old and old.get("fingerprint") == c.fingerprint and all((out / f).is_file()
                                                                       for f in old.get("files", [None])):
                dropped += old.get("dropped", 0)
                rows, files = old.get("rows", 1), old["files"]
            else:
                meta.unlink(missing_ok=True)
                t1 = time.monotonic()
                rows, files = tokenize_chunk(c.path, out, tok, opts.tokenize, num_proc=opts.num_proc,
                                             batch_size=opts.map_batch_size,
                                             writer_batch_size=opts.writer_batch_size,
                                             in_memory=getattr(opts, "keep_in_memory", False))
                lost = c.samples - rows
                atomic_write_json(meta, {"fingerprint": c.fingerprint, "samples": c.samples, "rows": rows,
                                         "files": files, "dropped": lost,
                                         "seconds": round(time.monotonic() - t1, 3)})
                dropped += lost
            if rows > 0:  # a chunk whose samples were all dropped has nothing to merge
                dirs.extend(out / f for f in files)
            bar.update(c.samples)
    finally:
        bar.close()
    # chunk dirs of an older, longer sample list
    for p in tdir.glob("chunk_*"):
        if int(p.name.split(".")[0].split("_")[1]) >= len(chunks):
            shutil.rmtree(p, ignore_errors=True) if p.is_dir() else p.unlink(missing_ok=True)
    elapsed = time.monotonic() - t0
    say(f"tokenize: {sum(c.samples for c in chunks):,} samples in {len(chunks)} chunk(s), {elapsed:.1f}s")
    if dropped:
        # the samples stage judged every sample with this tokenizer and these settings
        say(f"warning: {dropped:,} samples did not become rows although the samples stage kept them; "
            "this is a bug, please report it")
    return dirs, {"tokenizer": info, "dropped_samples": dropped, "key": key}
