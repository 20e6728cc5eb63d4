"""The merge stage (corefprep/coref/merge.py, corefprep/output/dataset.py) makes the final dataset
from the tokenized chunk files by hard link instead of writing every row again. Checked against
what `datasets` itself makes of the same chunks: `concatenate_datasets` of each chunk opened with
`Dataset.from_file`."""

from __future__ import annotations

import os

from fixtures import minicorpus as mc

SEQ = "256"
NAME = f"entity_coref_v2_{SEQ}"


def test_final_dataset_is_datasets_own_concatenation_of_the_chunks_without_copying(tmp_path_factory, tmp_path):
    from datasets import Dataset, concatenate_datasets, load_from_disk

    corpus = mc.mini_corpus(tmp_path_factory)
    out = tmp_path / "out"
    assert mc.run_cli(["prepare", str(corpus), "-o", str(out), "--seq-len", SEQ, "--batch-docs", "8",
                       "--tok-chunk", "40", "--no-progress"]) == 0
    chunk_files = sorted((out / "work" / "tokenized").glob("*/chunk_*/*.arrow"))
    assert len(chunk_files) >= 2
    reference = concatenate_datasets([Dataset.from_file(str(p)) for p in chunk_files])
    final = load_from_disk(str(out / NAME))
    assert final.column_names == reference.column_names and final.features == reference.features
    assert final.to_dict() == reference.to_dict()  # row for row, every column
    # no row written twice: each shard of the final dataset is one of the chunk files, linked
    shards = sorted((out / NAME).glob("*.arrow"))
    chunk_inodes = {os.stat(p).st_ino for p in chunk_files}
    assert len(shards) == len(chunk_files) and {os.stat(p).st_ino for p in shards} == chunk_inodes
