"""What a run's outputs are called: ``<kind>_<rules>_<seq-len>`` in the output directory.

The rule set is in the name because it is what the output is: ``entity_coref_v2_2048`` (today's
script's rules, the name users know) and ``clm_llm_4096`` (LLM pretraining text) are different
data even from the same inputs. Megatron's pair has no sequence length (Megatron packs at training
time): ``clm_<rules>_text_document.bin/.idx``.
"""

from __future__ import annotations

from pathlib import Path

from .markers import MEGATRON_SUFFIX

# the layout version of the rows (metadata.json "version"); bump when a row's columns change meaning
DATASET_VERSION = "2"
KINDS = {"entity-mlm": "entity_coref", "clm": "clm"}


def dataset_name(objective: str, rules: str, seq_len: int) -> str:
    return f"{KINDS.get(objective, objective)}_{rules}_{seq_len}"


def dataset_dir(output_dir: Path, objective: str, rules: str, seq_len: int) -> Path:
    return Path(output_dir) / dataset_name(objective, rules, seq_len)


def megatron_prefix(output_dir: Path, rules: str) -> Path:
    """``<output-dir>/clm_<rules>_text_document`` (PREFIX.bin, PREFIX.idx)."""
    return Path(output_dir) / f"clm_{rules}{MEGATRON_SUFFIX}"
