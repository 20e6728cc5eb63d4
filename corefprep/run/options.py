"""The settings of one run: each stage's own config, composed (what the command line fills in).

Every option is declared once, as a field of the config of the stage it belongs to
(:mod:`corefprep.core.options`); this module only adds the run's own (output directory, which
batches, locking, logging) and the composition.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ..core.options import option
from ..core.redact import HIDDEN, mask_url
from ..core.workdir import WorkDir
from ..coref.config import SampleConfig
from ..filter.config import EngineConfig, FilterConfig
from ..output.metadata import Provenance
from ..output.names import dataset_dir, megatron_prefix
from ..pii import PiiConfig
from ..rules import Rules
from ..rules.v2 import V2Rules
from ..signatures.config import DedupConfig
from ..signatures.minhash import Signer
from ..tokenizer.config import MapConfig, TokenizeConfig

BUNDLED_SAMPLE = Path(__file__).resolve().parents[1] / "data" / "sample"
DEFAULT_OUTPUT_DIR = Path("prepared_datasets")


@dataclass
class RunOptions:
    inputs: list[str] = field(default_factory=list)
    output_dir: Path | str = option(DEFAULT_OUTPUT_DIR, "where work/ and the final dataset go: a directory, or a "
                                    "store URL (s3://bucket/prefix)", flags=("--output-dir", "-o"))
    stage_dir: Path | None = option(None, "with --output-dir on a store: the local directory the run works in before "
                                          "it uploads (default: one per URL under ~/.cache/corefprep/stage)")
    upload_every: float = option(10.0, "with --output-dir on a store: upload what the run finished every SECONDS "
                                       "(and all of it at the end)", metavar="SECONDS")
    storage_options: str | None = option(None, "settings for the store's filesystem that the AWS environment and "
                                               "config files do not give, as a JSON object (never logged)",
                                         metavar="JSON")
    batches: str | None = option(None, "recompute exactly these batches, e.g. 52-102,7 (default: every batch not "
                                       "done)")
    force: bool = option(False, "recompute everything, even under changed settings")
    break_lock: bool = option(False, "take the output directory's lock even if another run (on another host) seems "
                                     "to hold it; only when you know that run is dead")
    lease_seconds: float = option(120.0, "how long the run's hold on its output lasts between renewals: a run that "
                                         "cannot renew it stops writing after two thirds of this, and a run on "
                                         "another host takes over a hold left unrenewed for four thirds of it; every "
                                         "run on one output must use the same", metavar="SECONDS")
    log_json: Path | None = option(None, "append one JSON object per event (batch done, stage start/done, error) to "
                                         "FILE (default: none)", metavar="FILE")
    progress: bool = option(True, "no progress bars (summaries still print)", flags=("--no-progress",), negate=True)
    filter: FilterConfig = field(default_factory=FilterConfig)
    engine: EngineConfig = field(default_factory=EngineConfig)
    rules: Rules = field(default_factory=V2Rules)
    dedup: DedupConfig = field(default_factory=DedupConfig)
    pii: PiiConfig = field(default_factory=PiiConfig)
    samples: SampleConfig = field(default_factory=SampleConfig)
    tokenize: TokenizeConfig = field(default_factory=TokenizeConfig)
    map: MapConfig = field(default_factory=MapConfig)
    plan: Any = None  # the corefprep.run.plan.Plan that filled the planned settings (for the log)
    output_url: str | None = None  # --output-dir on a store; output_dir is then its stage (corefprep.run.remote)
    # local copies of directories given as store URLs (--model, --dedup-against): local path -> URL,
    # so that what the run records names the URL
    copies: dict[str, str] = field(default_factory=dict)
    # the command as the run records it, made by the command line from what it parsed, secrets hidden
    # (corefprep.cli.recorded_command); None: the process's own arguments (command_line)
    command: str | None = None

    @property
    def output_name(self) -> str:
        """The output directory as the user named it (the URL of a store output)."""
        return self.output_url or str(self.output_dir)

    @property
    def work(self) -> WorkDir:
        return WorkDir(Path(self.output_dir))

    @property
    def final_dir(self) -> Path:
        """The final dataset: ``<output-dir>/<kind>_<rules>_<seq-len>``."""
        return dataset_dir(self.output_dir, self.tokenize.objective, self.rules.name, self.tokenize.seq_len)

    @property
    def megatron_prefix(self) -> Path:
        return megatron_prefix(self.output_dir, self.rules.name)

    @property
    def dedup_mode(self) -> str:
        return self.dedup.mode(self.rules.name)

    @property
    def pii_mode(self) -> str:
        return self.pii.mode(self.rules.name)

    @property
    def pii_raw_examples(self) -> bool:
        return self.pii_mode == "redact" and self.pii.pii_raw_examples

    def signer(self) -> Signer | None:
        """How kept documents are signed for deduplication (None: the run does not deduplicate)."""
        mode = self.dedup_mode
        if mode == "none":
            return None
        d = self.dedup
        return Signer(mode, d.words(self.rules.uses_kiwi), d.dedup_ngram, d.dedup_bands, d.dedup_rows, d.dedup_seed)

    def _named(self, path: Path | str | None) -> str | None:
        return None if path is None else self.copies.get(str(path), str(path))

    def input_specs(self) -> list[str]:
        return self.inputs or [str(BUNDLED_SAMPLE)]

    def replace(self, **changes: Any) -> RunOptions:
        return dataclasses.replace(self, **changes)

    def provenance(self) -> Provenance:
        """What the outputs' metadata.json records about this run's settings."""
        tokenize = self.tokenize.as_dict()
        tokenize["model"] = self.copies.get(tokenize["model"], tokenize["model"])
        config: dict[str, Any] = {
            "filter": self.rules.as_dict(),
            "tokenize": tokenize,
            "batch_docs": self.filter.batch_docs,
            "text_field": self.filter.text_field,
            "pii": self.pii_mode,
        }
        signer = self.signer()
        if signer is not None:
            config["dedup"] = {"mode": signer.mode, "words": signer.words, "ngram": signer.ngram,
                               "bands": signer.bands, "rows": signer.rows, "seed": signer.seed,
                               "against": self._named(self.dedup.dedup_against)}
        if self.tokenize.objective == "entity-mlm":
            config["samples"] = self.samples.as_dict()
            config["tok_chunk"] = self.map.tok_chunk
        return Provenance(self.input_specs(), config, self.force)


def command_line(argv: list[str]) -> str:
    """The command as the run records it (run.json, the log, the store's lease) when the command line
    did not say (:attr:`RunOptions.command`: corefprep used as a library): ``corefprep``, not its
    full path, URLs masked, and the value of --storage-options hidden (it may hold a key), also
    under a shortened spelling."""
    out = [Path(argv[0]).name] if argv else []
    hide = False
    for arg in argv[1:]:
        name, eq, _ = arg.partition("=")
        secret = len(name) > 3 and "--storage-options".startswith(name)
        if hide:
            out.append(HIDDEN)
        elif secret and eq:
            out.append(f"{name}={HIDDEN}")
        else:
            out.append(mask_url(arg))
        hide = secret and not eq
    return " ".join(out)
