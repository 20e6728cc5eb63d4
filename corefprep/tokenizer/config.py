"""How a run tokenizes (SPEC 2.5): :class:`TokenizeConfig` decides the rows (tokenizer, length,
objective and its options); :class:`MapConfig` decides only how the work is spread over this
machine (chunks, processes, batch sizes), never what the rows are."""

from __future__ import annotations

from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any

from ..core.options import option

# the package's own small Korean WordPiece tokenizer: runs work offline (SPEC 2.5)
BUNDLED_TOKENIZER = Path(__file__).resolve().parents[1] / "data" / "tokenizer"
OBJECTIVES = ("entity-mlm", "clm")
OUTPUT_FORMATS = ("hf", "megatron", "both")
PLANNED = "(default: planned for this machine, see the run's plan line)"


@dataclass(frozen=True)
class TokenizeConfig:
    model: str = option(str(BUNDLED_TOKENIZER), "fast tokenizer: local directory, store URL (s3://...) or hub name "
                                                "(default: a demo vocabulary for the bundled sample, 8,000 "
                                                "WordPiece tokens; give your model's tokenizer for real data)")
    seq_len: int = option(2048, "tokens per row, at most", positive=True)
    objective: str = option("entity-mlm", "entity-mlm: masked-mention rows; clm: kept documents packed for causal LM",
                            choices=OBJECTIVES)
    mask_style: str = option("all", "all: every subword of the mention masked; single: the mention's subwords "
                                    "replaced by one mask token", choices=("all", "single"))
    pad_to_max_length: bool = option(False, "fixed-length rows: every row padded to --seq-len, with an "
                                            "attention_mask column")
    # a mention/antecedent boundary inside a token: "drop" the sample or "widen" to whole tokens
    unaligned: str = option("widen", "a mention or antecedent boundary inside a token: widen the span to the whole "
                                     "tokens (default; keeps every sample) or drop the sample (every mask is "
                                     "exactly the mention)", choices=("widen", "drop"))
    # clm only (see corefprep.clm): document framing, packing and output format
    eos_token: str | None = option(None, "clm: the token ending each document (default: the tokenizer's EOS; a "
                                         "BERT-style tokenizer's [SEP])")
    bos_token: str | None = option(None, "clm: the token starting each document, or 'none' (default: the tokenizer's "
                                         "BOS unless it is its EOS; a BERT-style tokenizer's [CLS] when [SEP] is the "
                                         "EOS)")
    keep_last: bool = option(False, "clm: keep the corpus' final partial block as a shorter last row instead of "
                                    "dropping it")
    pack: bool = option(True, "clm: one row per document (its first --seq-len tokens) instead of packed blocks",
                        flags=("--no-pack",), negate=True)
    doc_boundaries: bool = option(False, "clm: add a doc_starts column (offsets in each block where a document "
                                         "starts)")
    output_format: str = option("hf", "clm output: hf = a load_from_disk dataset (default), megatron = "
                                      "<output-dir>/clm_<rules>_text_document.bin/.idx for Megatron-LM/NeMo, both",
                                flags=("--format",), choices=OUTPUT_FORMATS)

    def as_dict(self) -> dict[str, Any]:
        d = asdict(self)
        if self.objective != "clm":
            # entity-mlm settings keep the keys (and so the cached chunks) they had before clm grew options
            for k in CLM_FIELDS:
                d.pop(k)
        return d


CLM_FIELDS = ("eos_token", "bos_token", "keep_last", "pack", "doc_boundaries", "output_format")
NO_BOS = "none"  # --bos-token none: documents get no BOS even if the tokenizer has one


@dataclass(frozen=True)
class MapConfig:
    """How the tokenize stage uses this machine. None: the run's plan decides (corefprep.run.plan)."""

    tok_chunk: int | None = option(None, f"samples per tokenized chunk {PLANNED}", flags=("--tok-chunk",
                                   "--token-chunk-size"), positive=True, planned=True)
    num_proc: int | None = option(None, f"datasets.map processes (env DATASET_NUM_PROC) {PLANNED}", positive=True,
                                  planned=True, env="DATASET_NUM_PROC")
    # documents per map batch; each yields ~10 rows of ~1000 token ids, so the plan keeps it modest
    map_batch_size: int | None = option(None, f"datasets.map batch size (env DATASET_BATCH_SIZE) {PLANNED}",
                                        flags=("--map-batch-size", "--tokenizer-batch-size"), positive=True,
                                        planned=True, env="DATASET_BATCH_SIZE")
    writer_batch_size: int | None = option(None, f"rows per write of datasets.map (env DATASET_WRITER_BATCH_SIZE) "
                                                 f"{PLANNED}", positive=True, planned=True,
                                           env="DATASET_WRITER_BATCH_SIZE")
    # the tokenize stage reads each samples chunk into RAM instead of memory-mapping it (the plan
    # turns it on for machines with >= 50 GiB free)
    keep_in_memory: bool | None = option(None, f"let datasets keep each chunk in memory while tokenizing {PLANNED}",
                                         flags=("--in-memory",), boolean_optional=True, planned=True)
