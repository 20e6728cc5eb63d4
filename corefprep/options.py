"""The settings of one run, shared by every stage (what the command line fills in)."""

from __future__ import annotations

import os
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from .errors import UsageError
from .rules.v2 import V2Rules
from .samples import SampleConfig
from .tokenize import TokenizeConfig
from .workdir import WorkDir

BUNDLED_SAMPLE = Path(__file__).parent / "data" / "sample"
DATASET_VERSION = "2"


def usable_cores() -> int:
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except AttributeError:  # not Linux
        return max(1, os.cpu_count() or 1)


def _env_int(name: str, default: int) -> int:
    v = os.environ.get(name)
    if not v:
        return default
    try:
        n = int(v)
    except ValueError:
        n = 0
    if n <= 0:
        raise UsageError(f"environment variable {name}={v!r} is not a positive whole number; set it to one (e.g. "
                         f"{default}) or unset it")
    return n


@dataclass
class RunOptions:
    inputs: list[str] = field(default_factory=list)
    output_dir: Path = Path("prepared_datasets")
    text_field: str = "text"
    batch_docs: int = 200_000
    workers: int = field(default_factory=usable_cores)
    chunksize: int = 2000
    maxtasksperchild: int = 1000
    strict: bool = False
    force: bool = False
    break_lock: bool = False
    batches: str | None = None
    retries: int = 2
    doc_timeout: float = 120.0
    engine: str = "local"
    ray_address: str | None = None
    log_json: Path | None = None
    filter: Any = field(default_factory=V2Rules)
    samples: SampleConfig = field(default_factory=SampleConfig)
    tokenize: TokenizeConfig = field(default_factory=TokenizeConfig)
    tok_chunk: int = 1_000_000
    num_proc: int = field(default_factory=lambda: _env_int("DATASET_NUM_PROC", usable_cores()))
    # documents per map batch; each yields ~10 rows of ~1000 token ids, so keep it modest
    map_batch_size: int = field(default_factory=lambda: _env_int("DATASET_BATCH_SIZE", 100))
    writer_batch_size: int = field(default_factory=lambda: _env_int("DATASET_WRITER_BATCH_SIZE", 1000))
    # the tokenize stage reads each samples chunk into RAM instead of memory-mapping it (corefprep.plan
    # turns it on for machines with >= 50 GiB free)
    keep_in_memory: bool = False
    plan: Any = None  # the corefprep.plan.Plan that filled these settings (set by apply_plan), for the log
    progress: bool = True
    max_samples: int | None = None

    @property
    def work(self) -> WorkDir:
        return WorkDir(Path(self.output_dir))

    @property
    def dataset_version(self) -> str:
        return DATASET_VERSION

    @property
    def dataset_name(self) -> str:
        kind = "entity_coref" if self.tokenize.objective == "entity-mlm" else "clm"
        return f"{kind}_v{DATASET_VERSION}_{self.tokenize.seq_len}"

    @property
    def final_dir(self) -> Path:
        return Path(self.output_dir) / self.dataset_name

    def input_specs(self) -> list[str]:
        return self.inputs or [str(BUNDLED_SAMPLE)]
