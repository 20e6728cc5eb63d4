"""Feed a prepared corefprep dataset to a PyTorch trainer (SPEC 2.6).

torch and transformers are imported inside the functions that need them: torch is the optional
``corefprep[train]`` extra, and neither ``import corefprep`` nor ``import corefprep.training``
may pull it in (the CLI imports this module's siblings on machines without torch).
"""

from __future__ import annotations

import json
import math
import os
import time
import warnings
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

import datasets

from corefprep.core.errors import CorefprepError
from corefprep.output.markers import COMPLETE_MARKER
from corefprep.store.urls import is_url

if TYPE_CHECKING:
    import torch
    from torch.utils.data import DataLoader

__all__ = [
    "COMPLETE_MARKER",
    "DatasetNotReadyError",
    "DatasetWaitTimeoutError",
    "DistEnv",
    "EntityCorefCollator",
    "TokenizerWarning",
    "check_fast",
    "check_tokenizer_matches",
    "dist_env",
    "is_complete",
    "load_prepared",
    "make_dataloader",
    "prepare_tokenizer",
]

# Written by corefprep into the dataset directory after save_to_disk and metadata.json.
METADATA_FILE = "metadata.json"


class DatasetNotReadyError(CorefprepError):
    """The prepared dataset has no completion marker and this process cannot make it appear."""


class DatasetWaitTimeoutError(DatasetNotReadyError, TimeoutError):
    """A non-building rank waited longer than its timeout for the completion marker."""


class TokenizerWarning(UserWarning):
    """A tokenizer setting that trains, but probably not the way the user meant."""


# ---------------------------------------------------------------------------------------------
# Distributed environment and loading


@dataclass(frozen=True)
class DistEnv:
    """Process coordinates as set by torchrun / accelerate / deepspeed (defaults: one process)."""

    rank: int = 0
    local_rank: int = 0
    world_size: int = 1


def _env_int(name: str, default: int) -> int:
    raw = os.environ.get(name, "").strip()
    if not raw:
        return default
    try:
        return int(raw)
    except ValueError:
        raise CorefprepError(
            f"Environment variable {name}={raw!r} is not an integer; unset it or let the launcher set it."
        ) from None


def dist_env() -> DistEnv:
    """Read RANK / LOCAL_RANK / WORLD_SIZE without touching torch.distributed.

    Reading the environment (not the process group) lets ranks coordinate before
    ``init_process_group`` runs, which is when datasets are usually loaded.
    """
    world = _env_int("WORLD_SIZE", 1)
    local = _env_int("LOCAL_RANK", 0)
    rank = _env_int("RANK", local)  # some single-node launchers set only LOCAL_RANK
    if world < 1 or not 0 <= rank < world or local < 0:
        raise CorefprepError(
            f"RANK={rank}, LOCAL_RANK={local}, WORLD_SIZE={world} is not a valid process layout; "
            "check the launcher's environment variables."
        )
    return DistEnv(rank=rank, local_rank=local, world_size=world)


def is_complete(path: str | os.PathLike[str], storage_options: dict[str, Any] | None = None) -> bool:
    """True when corefprep finished writing the dataset at ``path``, a directory or a store URL (its
    marker is written last, and uploaded last)."""
    if is_url(str(path)):
        from fsspec.core import url_to_fs

        fs, key = url_to_fs(f"{str(path).rstrip('/')}/{COMPLETE_MARKER}", **(storage_options or {}))
        fs.invalidate_cache()
        return bool(fs.isfile(key))
    return (Path(path) / COMPLETE_MARKER).is_file()


def load_prepared(
    path: str | os.PathLike[str],
    *,
    build: Callable[[], None] | None = None,
    timeout: float = 3600,
    poll: float = 1.0,
    node_local: bool = False,
    storage_options: dict[str, Any] | None = None,
) -> datasets.Dataset:
    """Load a prepared dataset memory-mapped, building it first on the building rank if needed.

    Only the building rank (RANK 0, or LOCAL_RANK 0 of each node with ``node_local=True`` for
    datasets on node-local disks) may call ``build``; every other rank only polls for the
    completion marker and then reads. Nothing here writes: ``load_from_disk`` maps the arrow
    files in place and creates no cache files. (Later ``.map``/``.filter`` calls on the returned
    dataset would write cache-*.arrow beside them; give those a ``cache_file_name`` elsewhere.)
    If ``build`` raises, the error propagates on the building rank and the others time out.

    ``path`` may be a store URL (``s3://bucket/prefix/NAME``, ``storage_options`` as for
    ``datasets.load_from_disk``): ``datasets`` copies the dataset to a local temporary directory and
    maps it from there.
    """
    if timeout <= 0 or poll <= 0:
        raise ValueError("timeout and poll must be positive")
    path = str(path).rstrip("/") if is_url(str(path)) else Path(path).expanduser()
    env = dist_env()
    builder = (env.local_rank if node_local else env.rank) == 0
    if not is_complete(path, storage_options):
        if builder:
            if build is None:
                raise DatasetNotReadyError(
                    f"Prepared dataset {path} is missing or unfinished (no {COMPLETE_MARKER} marker); "
                    "run `corefprep prepare` to (re)build it, or pass build= so rank 0 builds it."
                )
            build()
            if not is_complete(path, storage_options):
                raise DatasetNotReadyError(
                    f"build() returned but {path} still has no {COMPLETE_MARKER} marker; "
                    "make build() run corefprep's prepare step into exactly this directory."
                )
        else:
            _wait_for_marker(path, env, timeout=timeout, poll=poll, storage_options=storage_options)
    loaded = datasets.load_from_disk(str(path), keep_in_memory=False, storage_options=storage_options)
    if not isinstance(loaded, datasets.Dataset):
        raise CorefprepError(
            f"{path} holds a {type(loaded).__name__}, not a single prepared dataset; "
            "pass the entity_coref_v2_<seq_len> directory itself."
        )
    return loaded


def _wait_for_marker(path: Path | str, env: DistEnv, *, timeout: float, poll: float,
                     storage_options: dict[str, Any] | None = None) -> None:
    # Polling a file (rather than a dist.barrier) works before init_process_group and never
    # trips NCCL's own collective timeout during a long rank-0 build.
    deadline = time.monotonic() + timeout
    while not is_complete(path, storage_options):
        remaining = deadline - time.monotonic()
        if remaining <= 0:
            raise DatasetWaitTimeoutError(
                f"Rank {env.rank} waited {timeout:g} s for {path}/{COMPLETE_MARKER}, which the building "
                "rank writes when the dataset is ready; check rank 0's log for a failed build, or run "
                "`corefprep prepare` before launching, or pass a larger timeout."
            )
        time.sleep(min(poll, remaining))


# ---------------------------------------------------------------------------------------------
# Collator


def _plain(value: Any) -> Any:
    """Rows may come from a python-, numpy- or torch-formatted dataset; work on plain values."""
    return value.tolist() if hasattr(value, "tolist") else value


# What HF models take from a batch (model_inputs_only keeps just these).
MODEL_INPUTS = ("input_ids", "attention_mask", "labels", "position_ids", "token_type_ids")


@dataclass
class EntityCorefCollator:
    """Right-pad a batch of corefprep rows (entity-mlm or clm) to the longest row.

    ``attention_mask`` is always rebuilt from each row's real length (the ``length`` column
    when present, else ``len(input_ids)``): a stored mask may have been made for another
    padding scheme. Rows stored pre-padded (``--pad-to-max-length``) are trimmed to ``length``
    first, so they get dynamic padding too. Strings are dropped; numeric scalars and
    fixed-size lists (token spans) become tensors. Ids of any integer type (clm rows store
    uint16/uint32) come out as int64.

    Causal-LM rows (objective ``clm``: ``input_ids``, optional ``doc_starts``, no ``labels``):

    - ``labels`` are derived from ``input_ids`` (the model shifts them itself), -100 on padding
      and on the first token of every document after the first in a row: with documents kept
      apart (below), that token's prediction would come from the previous document's end.
    - with ``doc_starts`` (offsets in the row where a document starts), ``position_ids`` restart
      at 0 at each document start and there is no ``attention_mask``: transformers builds a
      block-diagonal causal mask from position ids that restart (flash-attention uses them
      directly) only when no attention mask is given, so each document attends to itself alone,
      as if it were trained unpacked. Right padding needs no mask under causal attention (no real
      token looks ahead at it); it gets position 0 and labels -100. transformers skips that
      detection when a KV cache is in use: train with ``model.config.use_cache = False``.

    ``model_inputs_only`` returns only MODEL_INPUTS: use it with ``Trainer(...,
    args=TrainingArguments(..., remove_unused_columns=False))``, which hands the collator every
    column (``doc_starts`` included) and passes its whole output to the model.
    """

    pad_token_id: int
    pad_to_multiple_of: int | None = 8
    label_pad_token_id: int = -100
    max_length: int | None = None
    model_inputs_only: bool = False

    def __post_init__(self) -> None:
        if self.pad_to_multiple_of is not None and self.pad_to_multiple_of < 1:
            raise ValueError("pad_to_multiple_of must be a positive integer or None")
        if self.max_length is not None and self.max_length < 1:
            raise ValueError("max_length must be a positive integer or None")

    def _pad_values(self) -> dict[str, int]:
        # Per-token columns and what fills their padding.
        return {
            "input_ids": self.pad_token_id,
            "labels": self.label_pad_token_id,
            "token_type_ids": 0,
            "special_tokens_mask": 1,
        }

    def _real_length(self, row: Mapping[str, Any], ids: Sequence[int]) -> int:
        if "length" not in row:
            return len(ids)
        n = int(_plain(row["length"]))
        if n > len(ids) or any(t != self.pad_token_id for t in ids[n:]):
            raise CorefprepError(
                f"A row's length column ({n}) does not match its {len(ids)} input_ids followed by "
                f"pad id {self.pad_token_id}; build the collator with the pad_token_id of the tokenizer "
                "the dataset was prepared with."
            )
        return n

    @staticmethod
    def _doc_starts(row: Mapping[str, Any], n: int) -> list[int]:
        starts = [int(x) for x in _plain(row["doc_starts"])]
        if any(not 0 <= x < n for x in starts) or starts != sorted(set(starts)):
            raise CorefprepError(
                f"A row's doc_starts {starts[:8]} are not increasing offsets inside its {n} tokens; "
                "the dataset is damaged or not a corefprep clm dataset."
            )
        return starts

    def __call__(self, features: Sequence[Mapping[str, Any]]) -> dict[str, torch.Tensor]:
        import torch

        if not features:
            raise ValueError("cannot collate an empty batch")
        keys = list(features[0].keys())
        if "input_ids" not in keys or any(set(f.keys()) != set(keys) for f in features):
            raise CorefprepError("Every row in a batch needs input_ids and the same columns as the others.")

        ids = [_plain(f["input_ids"]) for f in features]
        lengths = [self._real_length(f, row) for f, row in zip(features, ids, strict=True)]
        longest = max(lengths)
        if self.max_length is not None and longest > self.max_length:
            # Cutting here could drop the masked mention (prepare keeps it inside --seq-len).
            raise CorefprepError(
                f"A row has {longest} tokens, more than max_length={self.max_length}; re-run "
                "corefprep with a smaller --seq-len or raise max_length."
            )
        width = longest
        if self.pad_to_multiple_of:
            width = math.ceil(longest / self.pad_to_multiple_of) * self.pad_to_multiple_of
        if self.max_length is not None:
            width = min(width, self.max_length)

        batch: dict[str, torch.Tensor] = {}
        for key, fill in self._pad_values().items():
            if key not in keys:
                continue
            out = torch.full((len(features), width), fill, dtype=torch.long)
            for i, (f, n) in enumerate(zip(features, lengths, strict=True)):
                values = ids[i] if key == "input_ids" else _plain(f[key])
                if len(values) != len(ids[i]):
                    raise CorefprepError(f"Column {key} and input_ids differ in length in a row.")
                out[i, :n] = torch.as_tensor(values[:n], dtype=torch.long)
            batch[key] = out

        starts = [self._doc_starts(f, n) for f, n in zip(features, lengths, strict=True)] \
            if "doc_starts" in keys else None
        if "labels" not in keys:  # causal-LM rows: the labels are the ids themselves
            labels = batch["input_ids"].clone()
            for i, n in enumerate(lengths):
                labels[i, n:] = self.label_pad_token_id
                for s in (starts[i] if starts else []):
                    if s > 0:
                        labels[i, s] = self.label_pad_token_id
            batch["labels"] = labels
        if starts is not None:
            positions = torch.zeros((len(features), width), dtype=torch.long)
            for i, n in enumerate(lengths):
                bounds = [0, *[s for s in starts[i] if s > 0], n]
                for a, b in zip(bounds, bounds[1:], strict=False):
                    positions[i, a:b] = torch.arange(b - a)
            batch["position_ids"] = positions
        else:
            mask = torch.zeros((len(features), width), dtype=torch.long)
            for i, n in enumerate(lengths):
                mask[i, :n] = 1
            batch["attention_mask"] = mask

        for key in keys:
            if key in batch or key == "doc_starts":
                continue
            values = [_plain(f[key]) for f in features]
            if all(isinstance(v, str | bytes) for v in values):
                continue  # doc_id, source, target: metadata, not model input
            try:
                batch[key] = torch.tensor(values)  # ints -> int64, floats -> float32, spans -> (B, 2)
            except (TypeError, ValueError, RuntimeError) as exc:
                raise CorefprepError(
                    f"Column {key} cannot be batched into a tensor ({exc}); drop it with "
                    f"dataset.remove_columns([{key!r}])."
                ) from exc
        if self.model_inputs_only:
            batch = {k: v for k, v in batch.items() if k in MODEL_INPUTS}
        return batch


# ---------------------------------------------------------------------------------------------
# Tokenizer helpers


def check_fast(tokenizer: Any) -> Any:
    """Return ``tokenizer`` if it is a fast (Rust) tokenizer, else raise CorefprepError."""
    if not getattr(tokenizer, "is_fast", False):
        raise CorefprepError(
            f"{type(tokenizer).__name__} is a slow (Python) tokenizer; corefprep needs a fast one: "
            "load it with AutoTokenizer.from_pretrained(..., use_fast=True) "
            "from a directory holding tokenizer.json."
        )
    return tokenizer


def prepare_tokenizer(name_or_path: str | os.PathLike[str] | Any, **kwargs: Any) -> Any:
    """Load (or take) a fast tokenizer and set it up for right-padded training batches.

    ``name_or_path`` may also be an already loaded tokenizer, which is checked and adjusted
    in place. ``kwargs`` go to ``AutoTokenizer.from_pretrained``.
    """
    if isinstance(name_or_path, str | os.PathLike):
        if kwargs.pop("use_fast", True) is not True:
            raise CorefprepError(
                "use_fast=False asks for a slow tokenizer; corefprep supports fast ones only."
            )
        from transformers import AutoTokenizer

        try:
            tokenizer = AutoTokenizer.from_pretrained(os.fspath(name_or_path), use_fast=True, **kwargs)
        except (OSError, ValueError) as exc:
            first_line = str(exc).strip().splitlines()[0] if str(exc).strip() else type(exc).__name__
            raise CorefprepError(
                f"Cannot load a tokenizer from {os.fspath(name_or_path)!r} ({first_line}); "
                "pass a local directory holding tokenizer.json if the hub is unreachable."
            ) from exc
    else:
        tokenizer = name_or_path
    check_fast(tokenizer)
    tokenizer.padding_side = "right"  # the collator and position ids assume real tokens first

    eos_note = (
        "a collator that masks labels by comparing ids with pad_token_id (e.g. "
        "DataCollatorForLanguageModeling) also hides every real EOS from the loss; "
        "EntityCorefCollator pads labels with -100 and is not affected"
    )
    if tokenizer.pad_token is None:
        if tokenizer.eos_token is None:
            raise CorefprepError(
                f"Tokenizer {tokenizer.name_or_path!r} has neither a pad nor an EOS token; "
                "set tokenizer.pad_token (and resize the model's embeddings) before training."
            )
        tokenizer.pad_token = tokenizer.eos_token
        warnings.warn(
            f"Tokenizer {tokenizer.name_or_path!r} has no pad token, using EOS {tokenizer.eos_token!r} "
            f"(id {tokenizer.eos_token_id}) for padding: {eos_note}.",
            TokenizerWarning,
            stacklevel=2,
        )
    elif tokenizer.eos_token_id is not None and tokenizer.pad_token_id == tokenizer.eos_token_id:
        warnings.warn(
            f"Tokenizer {tokenizer.name_or_path!r} pads with its EOS token (id {tokenizer.eos_token_id}): "
            f"{eos_note}.",
            TokenizerWarning,
            stacklevel=2,
        )
    return tokenizer


def check_tokenizer_matches(
    dataset_path: str | os.PathLike[str], tokenizer: Any, *, strict_name: bool = False
) -> dict[str, Any]:
    """Raise CorefprepError if ``tokenizer`` is not the one the dataset was tokenized with.

    Ids decide: vocab_size (either the base vocab or ``len(tokenizer)``, since producers
    record one or the other), mask and pad token ids. A different name alone only warns
    (the same tokenizer is often loaded from a hub name in one place and a local copy in
    another) unless ``strict_name``. Returns the recorded tokenizer entry.
    """
    meta_path = Path(dataset_path) / METADATA_FILE
    try:
        recorded = json.loads(meta_path.read_text(encoding="utf-8"))["tokenizer"]
    except (OSError, ValueError, KeyError, TypeError) as exc:
        raise CorefprepError(
            f"Cannot read the tokenizer entry of {meta_path} ({exc.__class__.__name__}); "
            "point at a dataset directory written by corefprep prepare."
        ) from exc

    given_name = str(getattr(tokenizer, "name_or_path", "") or "")
    problems = []
    vocab = recorded.get("vocab_size")
    if vocab is not None and vocab not in {tokenizer.vocab_size, len(tokenizer)}:
        problems.append(f"vocab_size {vocab} vs {tokenizer.vocab_size} (len {len(tokenizer)})")
    for key in ("mask_token_id", "pad_token_id"):
        want, have = recorded.get(key), getattr(tokenizer, key, None)
        # pad may legitimately be unset at prepare time and set (e.g. to EOS) for training.
        if want is not None and (have != want if key == "mask_token_id" else have not in (None, want)):
            problems.append(f"{key} {want} vs {have}")
    name = str(recorded.get("name_or_path") or "")
    names_differ = bool(name and given_name) and name.rstrip("/") != given_name.rstrip("/")
    if names_differ and (strict_name or problems):
        problems.insert(0, f"name {name!r} vs {given_name!r}")
    if problems:
        raise CorefprepError(
            f"Dataset {dataset_path} was tokenized with another tokenizer ({'; '.join(problems)}); "
            f"train with {name or 'the tokenizer it was prepared with'} or re-run corefprep prepare "
            "with this one."
        )
    if names_differ:
        warnings.warn(
            f"Dataset {dataset_path} was tokenized with {name!r}, the given tokenizer is {given_name!r}; "
            "their vocab and special ids match, so training proceeds.",
            TokenizerWarning,
            stacklevel=2,
        )
    return dict(recorded)


# ---------------------------------------------------------------------------------------------
# DataLoader


def make_dataloader(
    dataset: Any,
    collator: Callable[[list[dict[str, Any]]], dict[str, Any]],
    *,
    batch_size: int,
    shuffle: bool = True,
    num_workers: int = 0,
    pin_memory: bool | None = None,
    prefetch_factor: int | None = None,
    persistent_workers: bool | None = None,
    seed: int = 0,
    drop_last: bool = False,
) -> DataLoader:
    """A DataLoader over python rows of ``dataset``; a DistributedSampler when WORLD_SIZE > 1.

    Rows stay python dicts (``Dataset.__getitems__`` fetches a batch in one arrow read);
    the collator drops string columns itself. With WORLD_SIZE > 1 call
    ``loader.sampler.set_epoch(epoch)`` every epoch, or each epoch repeats one order.
    """
    import torch
    from torch.utils.data import DataLoader, DistributedSampler

    if pin_memory is None:
        pin_memory = torch.cuda.is_available()
    extra: dict[str, Any] = {}
    if num_workers > 0:
        extra["prefetch_factor"] = 2 if prefetch_factor is None else prefetch_factor
        extra["persistent_workers"] = num_workers > 0 if persistent_workers is None else persistent_workers
    elif prefetch_factor is not None or persistent_workers:
        # torch rejects these without workers; the caller's intent is still clear.
        warnings.warn("prefetch_factor / persistent_workers are ignored with num_workers=0", stacklevel=2)

    env = dist_env()
    if env.world_size > 1:
        sampler = DistributedSampler(
            dataset,
            num_replicas=env.world_size,
            rank=env.rank,
            shuffle=shuffle,
            seed=seed,
            drop_last=drop_last,
        )
        extra["sampler"] = sampler
    else:
        # A seeded generator makes the shuffle order (and worker seeds) reproducible.
        generator = torch.Generator()
        generator.manual_seed(seed)
        extra.update(shuffle=shuffle, generator=generator)
    return DataLoader(
        dataset,
        batch_size=batch_size,
        collate_fn=collator,
        num_workers=num_workers,
        pin_memory=pin_memory,
        drop_last=drop_last,
        **extra,
    )
