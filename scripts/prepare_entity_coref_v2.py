#!/usr/bin/env python3
"""Compatibility wrapper for users of the old prepare_entity_coref_v2.py script (SPEC 6).

Accepts the old flags and runs ``corefprep prepare``, producing the old layout (one mask token per
mention, rows padded to --seq-len with an attention_mask) unless ``--new-layout`` is given. Inputs
come from ``--input`` (repeatable; default: the bundled sample corpus). Every other corefprep
option may follow and is passed through.

    python scripts/prepare_entity_coref_v2.py --seq-len 2048 --model kakaobank/kf-deberta-base \\
        --output-dir ./prepared_datasets --max-entity-freq 1000 --input /data/hplt/ko
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

# Run from a checkout without installing: make the package importable.
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))


def translate(argv: list[str]) -> list[str]:
    """Old command line -> `corefprep prepare` arguments."""
    p = argparse.ArgumentParser(prog="prepare_entity_coref_v2.py", add_help=True,
                                description="Old entry point; runs `corefprep prepare`.")
    p.add_argument("--input", action="append", default=[], help="input file/glob/directory (repeatable)")
    p.add_argument("--seq-len", type=int, default=2048)
    p.add_argument("--model", default=None, help="tokenizer (hub name or local directory)")
    p.add_argument("--output-dir", default="./prepared_datasets")
    p.add_argument("--max-entity-freq", type=int, default=1000)
    p.add_argument("--num-workers", type=int, default=None)
    p.add_argument("--max-samples", type=int, default=None)
    p.add_argument("--token-chunk-size", type=int, default=None)
    p.add_argument("--tokenizer-batch-size", type=int, default=None)
    p.add_argument("--new-layout", action="store_true",
                   help="unpadded rows with every mention subword masked (corefprep's default) instead of "
                        "the old fixed-length, single-[MASK] layout")
    a, rest = p.parse_known_args(argv)
    out = ["prepare", *a.input, "--seq-len", str(a.seq_len), "--output-dir", a.output_dir,
           "--max-entity-freq", str(a.max_entity_freq)]
    if a.model:
        out += ["--model", a.model]
    if a.num_workers:
        out += ["--workers", str(a.num_workers)]
    if a.max_samples:
        out += ["--max-samples", str(a.max_samples)]
    if a.token_chunk_size:
        out += ["--tok-chunk", str(a.token_chunk_size)]
    if a.tokenizer_batch_size:
        out += ["--map-batch-size", str(a.tokenizer_batch_size)]
    if not a.new_layout:
        # What the old script saved: one [MASK] per mention, every row padded to --seq-len.
        out += ["--mask-style", "single", "--pad-to-max-length"]
    return out + rest


def main(argv: list[str] | None = None) -> int:
    from corefprep.cli import main as corefprep_main

    return corefprep_main(translate(sys.argv[1:] if argv is None else argv))


if __name__ == "__main__":
    sys.exit(main())
