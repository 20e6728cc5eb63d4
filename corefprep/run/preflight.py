"""Checks before any batch runs: inputs readable, output directory writable, disk enough.

A full disk used to be found when it filled and an unwritable output directory when the first
batch was written, hours into a run. :func:`run_preflight` answers both in a second, plus an
estimate of what the run will write (from the inputs' size, their compression sampled from the
first MiB of a few files, and bytes per input document measured on earlier runs) against the
free space at the output directory. It returns structured :class:`Finding` records, which
``prepare`` turns into warnings or one error (:func:`enforce`) and ``corefprep doctor`` prints.
"""

from __future__ import annotations

import errno
import gzip
import os
import shutil
import uuid
import zlib
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any, NamedTuple

import zstandard

from ..core.atomic import read_json
from ..core.errors import CorefprepError
from ..core.plural import count
from ..io.documents import InputFile
from ..io.resolve import resolve_inputs
from ..tokenizer.config import BUNDLED_TOKENIZER
from .options import BUNDLED_SAMPLE, RunOptions

# Bytes each stage leaves on disk per document the rules *keep*, measured with
#   python tools/measure_plan_constants.py footprint                          (bundled sample, 366 docs)
#   python tools/measure_plan_constants.py footprint /work/shared/corpus/dev   (dev corpus, 2,648 docs)
# (corefprep prepare, rules v2, --seq-len 2048, the bundled 8,000-token tokenizer: uint16 ids). Per
# kept document the two agree within 25% (filter 3,769 / 2,937, samples 5,164 / 4,851, entity-mlm
# tokenized 54,991 / 52,116, clm tokenized 4,857 / 5,599); the larger, rounded up, is used. Only
# kept documents reach the parquet, the samples and the rows.
BYTES_PER_KEPT_DOC: dict[str, dict[str, int]] = {
    "entity-mlm": {"filter": 3_800, "samples": 5_200, "tokenized": 55_000},
    "clm": {"filter": 3_800, "samples": 0, "tokenized": 5_600},
}
# The share of input documents a rule set keeps, measured the same way: v2 kept 1.91% of the
# bundled sample and 0.34% of the web-heavy dev corpus. A rule set without a measurement here gets
# a pessimistic one half. A previous run in the same output directory (its finished batches' stats)
# or `corefprep doctor` (the rules run on a sample of the inputs) replace these with measurements.
KEPT_SHARE = {"v2": 0.02}
UNKNOWN_KEPT_SHARE = 0.5
# metadata.json and stats.json beside the final dataset's shards, which are hard links to the
# tokenized chunks (a copy of them where the file system cannot link): 7 KB measured on the bundled
# sample; stats.json grows by ~1 KB per filter batch
FINAL_BYTES = 256 << 10
# Ids measured as uint16; a vocabulary over 65,535 stores int32 ids and labels (twice the bytes).
MEASURED_ID_BYTES = 2
# Headroom on the estimate: batch files are written beside the old ones (temporary name, then
# rename), datasets.map writes per-process files, and corpora keep more documents than the dev one.
DISK_MARGIN = 1.25
SAMPLE_COMPRESSED_BYTES = 1 << 20  # compressed bytes decoded per sampled file
SAMPLE_PLAIN_BYTES = 4 << 20  # bytes read from the start of a plain jsonl/txt file to count documents
MAX_SAMPLED_FILES = 8  # files sampled per run; the others get the mean ratio of their kind


class Finding(NamedTuple):
    """One check's outcome: level "ok", "warning" or "error", a sentence, and its numbers."""

    check: str  # inputs | output_dir | disk | memory | tokenizer | ...
    level: str
    message: str
    data: dict[str, Any]


@dataclass(frozen=True)
class InputEstimate:
    files: int
    compressed_bytes: int  # bytes on disk
    decompressed_bytes: int  # estimated from the sampled ratio (exact for plain files)
    documents: int  # estimated from documents per decompressed byte in the samples (exact for parquet)
    ratio_by_kind: dict[str, float] = field(default_factory=dict)  # decompressed / compressed bytes
    # hub inputs whose record count is not known before the run counts them (not in `documents`)
    uncounted: list[str] = field(default_factory=list)


@dataclass(frozen=True)
class DiskEstimate:
    path: str  # where free space was measured
    free_bytes: int
    needed_bytes: int  # estimate x DISK_MARGIN, minus what the output directory already holds
    per_stage: dict[str, int]  # the estimate before margin and credit
    already_written: int  # bytes the output directory holds now (a resumed run does not write them again)
    basis: str  # where bytes per document came from
    hard_links: bool


@dataclass
class Preflight:
    findings: list[Finding]
    inputs: InputEstimate | None = None
    disk: DiskEstimate | None = None

    @property
    def errors(self) -> list[Finding]:
        return [f for f in self.findings if f.level == "error"]

    @property
    def warnings(self) -> list[Finding]:
        return [f for f in self.findings if f.level == "warning"]

    def as_dict(self) -> dict[str, Any]:
        return {
            "findings": [f._asdict() for f in self.findings],
            "inputs": asdict(self.inputs) if self.inputs else None,
            "disk": asdict(self.disk) if self.disk else None,
        }


# --- inputs ------------------------------------------------------------------------------------


def _zstd_sample(fh: Any, budget: int) -> tuple[int, bytes]:
    """Decode up to ``budget`` compressed bytes (across frames); (compressed read, decoded bytes)."""
    dctx = zstandard.ZstdDecompressor(max_window_size=1 << 31)
    data = fh.read(budget)
    out: list[bytes] = []
    rest = data
    while rest:
        dobj = dctx.decompressobj()
        out.append(dobj.decompress(rest))
        rest = dobj.unused_data if dobj.eof else b""
    return len(data), b"".join(out)


def _gzip_sample(fh: Any, budget: int) -> tuple[int, bytes]:
    data = fh.read(budget)
    out: list[bytes] = []
    rest = data
    while rest:
        dobj = zlib.decompressobj(wbits=31)
        out.append(dobj.decompress(rest))
        rest = dobj.unused_data if dobj.eof else b""
    return len(data), b"".join(out)


def _count_docs(kind: str, sample: bytes) -> int:
    if kind == "txt":  # blocks separated by blank lines
        return sum(1 for block in sample.replace(b"\r\n", b"\n").split(b"\n\n") if block.strip())
    return sum(1 for line in sample.split(b"\n") if line.strip())


class _Sample(NamedTuple):
    read: int  # bytes of the file read
    decoded: int  # bytes they decoded to
    docs: int  # documents in the decoded bytes
    whole: bool  # the whole file was read: its numbers are exact


def _sample_file(f: InputFile) -> _Sample:
    """Compression ratio and documents of the start of ``f``."""
    with open(f.path, "rb") as fh:
        if f.kind == "jsonl.zst":
            read, sample = _zstd_sample(fh, SAMPLE_COMPRESSED_BYTES)
        elif f.kind == "jsonl.gz":
            read, sample = _gzip_sample(fh, SAMPLE_COMPRESSED_BYTES)
        else:
            sample = fh.read(SAMPLE_PLAIN_BYTES)
            read = len(sample)
    whole = read >= f.size
    if not whole and b"\n" in sample:  # a partial last document would count as one
        sample = sample[: sample.rfind(b"\n") + 1]
    return _Sample(read, len(sample), _count_docs(f.kind, sample), whole)


def _parquet_numbers(f: InputFile) -> tuple[int, int]:
    """(rows, uncompressed bytes) from a parquet file's metadata alone."""
    import pyarrow.parquet as pq

    meta = pq.ParquetFile(f.path).metadata
    raw = sum(meta.row_group(g).total_byte_size for g in range(meta.num_row_groups))
    return meta.num_rows, raw


def estimate_input(files: list[InputFile], known_counts: dict[str, Any] | None = None) -> InputEstimate:
    """Size, decompressed size and document count of ``files``, sampling at most a few of them.

    Compressed and plain files of one kind share the mean ratios of the sampled ones (files spread
    over the list); a corrupt file is left to the reader, which names it, so it only loses its sample.
    A hub input is not sampled (that would stream it): its documents are its count from an earlier
    run (``known_counts``, work/input_counts.json) or the dataset's own metadata, else it is listed
    as uncounted; its bytes are its data files' as listed.
    """
    by_kind: dict[str, list[InputFile]] = {}
    for f in files:
        by_kind.setdefault(f.kind, []).append(f)
    compressed = sum(f.size for f in files)
    decompressed = 0.0
    documents = 0.0
    ratios: dict[str, float] = {}
    uncounted: list[str] = []
    for kind, group in by_kind.items():
        if kind == "hf":
            for f in group:
                decompressed += f.size
                known = (known_counts or {}).get(f.count_key)
                if isinstance(known, dict):  # work/input_counts.json entries: {"records": n, ...}
                    known = known.get("records")
                if known is None and f.hub is not None:
                    known = f.hub.num_examples
                if known is None:
                    uncounted.append(f.name or f.path)
                else:
                    documents += int(known)
            continue
        if kind == "parquet":
            for f in group:
                try:
                    rows, raw = _parquet_numbers(f)
                except (OSError, ValueError):  # not readable as parquet (ArrowInvalid): the reader reports it
                    rows, raw = 0, f.size
                documents += rows
                decompressed += raw
            ratios[kind] = decompressed / max(1, sum(f.size for f in group))
            continue
        step = max(1, len(group) // MAX_SAMPLED_FILES)
        samples: dict[str, _Sample] = {}
        for f in group[::step][:MAX_SAMPLED_FILES]:
            try:
                samples[f.path] = _sample_file(f)
            except (OSError, zstandard.ZstdError, zlib.error, EOFError, gzip.BadGzipFile):
                continue
        # pooled over the sampled bytes, so a small file does not weigh as much as a big one
        read = sum(x.read for x in samples.values())
        decoded = sum(x.decoded for x in samples.values())
        ratio = decoded / read if read else 1.0
        docs_per_byte = sum(x.docs for x in samples.values()) / decoded if decoded else 0.0
        ratios[kind] = round(ratio, 3)
        for f in group:
            x = samples.get(f.path)
            if x is not None and x.whole:  # read in full: exact
                decompressed += x.decoded
                documents += x.docs
            elif x is not None and x.read and x.decoded:  # its own start is the best guess for the rest
                raw = f.size * x.decoded / x.read
                decompressed += raw
                documents += raw * x.docs / x.decoded
            else:
                decompressed += f.size * ratio
                documents += f.size * ratio * docs_per_byte
    return InputEstimate(len(files), compressed, int(decompressed), int(round(documents)), ratios, uncounted)


# --- output directory and disk ------------------------------------------------------------------


def disk_free(path: Path) -> int:
    """Free bytes on the file system holding ``path`` (a seam for tests)."""
    return shutil.disk_usage(path).free


def existing_dir(path: Path) -> Path:
    """``path`` or its nearest existing parent (where free space and the disk kind are measured)."""
    p = path.absolute()
    while not p.exists() and p != p.parent:
        p = p.parent
    return p


def probe_output_dir(output_dir: Path, *, keep: bool = False) -> tuple[Finding, bool]:
    """Create the output directory and a probe file in it, hard-link the probe, remove both (the
    directory too, if it was created here and is empty, unless ``keep``: a run keeps it, since
    removing it could pull it from under another run started at the same moment).

    Returns the finding and whether hard links work there (the merge links chunk files)."""
    out = Path(output_dir)
    created = not out.exists()
    probe = out / f".corefprep-probe-{uuid.uuid4().hex[:8]}"
    link = probe.with_name(probe.name + "-link")
    links = False
    try:
        _write_probe(out, probe)
        try:
            os.link(probe, link)
            links = True
        except OSError:
            links = False
    except OSError as exc:
        if exc.errno == errno.ENOSPC:
            return Finding("output_dir", "error", f"no space left on the device of {out}; free some space and rerun "
                           "the same command — finished batches and chunks are kept", {"path": str(out)}), False
        why = exc.strerror or str(exc)
        return Finding("output_dir", "error", f"the output directory {out} is not writable ({why}); choose "
                       "another --output-dir or fix its permissions", {"path": str(out)}), False
    finally:
        for p in (link, probe):
            try:
                p.unlink()
            except OSError:
                pass
    if created and not keep:
        try:  # leave no trace of a check (the doctor's)
            out.rmdir()
        except OSError:
            pass
    return Finding("output_dir", "ok", f"output directory {out} is writable", {"path": str(out),
                                                                               "hard_links": links}), links


def _write_probe(out: Path, probe: Path, attempts: int = 5) -> None:
    """The probe file in ``out``, created if need be. Another run started at the same moment may
    remove the directory its own probe created between our mkdir and our write: then again."""
    for attempt in range(attempts):
        out.mkdir(parents=True, exist_ok=True)
        try:
            probe.write_bytes(b"probe")
            return
        except FileNotFoundError:
            if attempt == attempts - 1:
                raise


def _tree_bytes(root: Path) -> int:
    """Bytes under ``root``, each hard-linked file once."""
    seen: set[tuple[int, int]] = set()
    total = 0
    for dirpath, _dirs, names in os.walk(root):
        for n in names:
            try:
                st = os.lstat(os.path.join(dirpath, n))
            except OSError:
                continue
            if (st.st_dev, st.st_ino) not in seen:
                seen.add((st.st_dev, st.st_ino))
                total += st.st_size
    return total


class Measured(NamedTuple):
    """What the finished batches of an earlier run in the output directory say."""

    kept_share: float
    filter_per_kept: float | None


def measured_batches(output_dir: Path) -> Measured | None:
    """Kept share and parquet bytes per kept document of the batches already in ``output_dir``."""
    docs = passed = size = 0
    for p in sorted((Path(output_dir) / "work" / "filter").glob("batch_*.json")):
        s = read_json(p)
        if isinstance(s, dict) and s.get("documents") and s.get("parquet_bytes") is not None:
            docs += int(s["documents"])
            passed += int(s.get("passed", 0))
            size += int(s["parquet_bytes"])
    if not docs:
        return None
    return Measured(passed / docs, size / passed if passed >= 100 else None)


def stage_bytes(documents: int, objective: str, kept_share: float, id_bytes: int = MEASURED_ID_BYTES, *,
                filter_per_kept: float | None = None, hard_links: bool = True,
                output_format: str = "hf") -> dict[str, int]:
    """Bytes each stage writes for ``documents`` input documents of which ``kept_share`` pass.

    ``filter_per_kept`` (measured on finished batches) rescales every stage by its ratio to the
    default: all of them grow with the size of the kept documents. Ids wider than the measured
    uint16 (a vocabulary over 65,535) double the tokenized rows. The final entity-mlm dataset is
    the tokenized chunks hard-linked (a copy where links are impossible); the final clm outputs are
    new files holding the token stream again: the packed dataset (``output_format`` hf or both) and
    the Megatron pair (megatron or both), each about the size of the token files.
    """
    per = dict(BYTES_PER_KEPT_DOC[objective if objective in BYTES_PER_KEPT_DOC else "entity-mlm"])
    if filter_per_kept:
        scale = filter_per_kept / per["filter"]
        per = {k: v * scale for k, v in per.items()}
    per["tokenized"] *= id_bytes / MEASURED_ID_BYTES
    kept = documents * kept_share
    out = {k: int(v * kept) for k, v in per.items()}
    if objective == "clm":
        copies = (output_format in ("hf", "both")) + (output_format in ("megatron", "both"))
        out["final"] = FINAL_BYTES + copies * out["tokenized"]
    else:
        out["final"] = FINAL_BYTES + (0 if hard_links else out["tokenized"])
    return out


def estimate_disk(output_dir: Path, documents: int, objective: str, rules: str = "v2", *,
                  id_bytes: int = MEASURED_ID_BYTES, kept_share: float | None = None, hard_links: bool = True,
                  force: bool = False, output_format: str = "hf") -> DiskEstimate:
    """What the run will still write against what is free at ``output_dir``."""
    out = Path(output_dir)
    measured = None if force else measured_batches(out)
    if kept_share is not None:
        share, basis = kept_share, f"{kept_share:.2%} of documents kept, measured on a sample of the inputs"
    elif measured is not None:
        share, basis = measured.kept_share, f"{measured.kept_share:.2%} kept in the batches already in {out}"
    elif rules in KEPT_SHARE:
        share, basis = KEPT_SHARE[rules], f"rule set {rules} keeping ~{KEPT_SHARE[rules]:.0%} of documents"
    else:
        share, basis = UNKNOWN_KEPT_SHARE, f"rule set {rules} assumed to keep {UNKNOWN_KEPT_SHARE:.0%} of documents"
    per_stage = stage_bytes(documents, objective, share, id_bytes,
                            filter_per_kept=measured.filter_per_kept if measured else None, hard_links=hard_links,
                            output_format=output_format)
    already = 0 if force or not out.exists() else _tree_bytes(out)
    needed = max(0, int(sum(per_stage.values()) * DISK_MARGIN) - already)
    where = existing_dir(out)
    free = disk_free(where)
    return DiskEstimate(str(where), free, needed, per_stage, already, basis, hard_links)


def format_bytes(n: float) -> str:
    """1.23 GiB, 45.6 MiB or 789 KiB: whichever unit shows the number best."""
    if n >= 2**30:
        return f"{n / 2**30:,.2f} GiB"
    if n >= 2**20:
        return f"{n / 2**20:,.1f} MiB"
    return f"{n / 2**10:,.0f} KiB"


def disk_finding(est: DiskEstimate, strict: bool = False) -> Finding:
    data = asdict(est)
    need, free = format_bytes(est.needed_bytes), format_bytes(est.free_bytes)
    if est.needed_bytes <= est.free_bytes:
        return Finding("disk", "ok", f"disk: about {need} to write, {free} free at {est.path}", data)
    return Finding(
        "disk", "error" if strict else "warning",
        f"the run needs about {need} of disk ({est.basis}) but only {free} is free at {est.path}; free space or "
        "choose another --output-dir" + ("" if strict else " (a full disk stops the run; finished batches are kept)"),
        data,
    )


# --- the tokenizer -------------------------------------------------------------------------------


def is_bundled_tokenizer(model: str) -> bool:
    """True when ``model`` names the package's own tokenizer (the default of --model)."""
    return "://" not in model and Path(model).expanduser().resolve() == BUNDLED_TOKENIZER.resolve()


def is_bundled_sample(files: list[InputFile]) -> bool:
    """True when every input is one of the bundled sample's files."""
    sample = BUNDLED_SAMPLE.resolve()
    return bool(files) and all("://" not in f.path and Path(f.path).resolve().parent == sample for f in files)


def demo_tokenizer_finding(opts: RunOptions, files: list[InputFile]) -> Finding | None:
    """A warning when a run would tokenize inputs other than the bundled sample with the bundled
    tokenizer. That vocabulary was learnt from the sample's 366 documents only, so it makes a
    working demo offline but rows no real model reads; a warning rather than an error, so a trial
    run on one's own data still works without a model at hand."""
    if not is_bundled_tokenizer(opts.tokenize.model) or not files or is_bundled_sample(files):
        return None
    return Finding("tokenizer", "warning",
                   "the tokenizer is the bundled demo vocabulary, made for the bundled sample (8,000 WordPiece "
                   "tokens learnt from its 366 documents), not for a model you will train: pass --model with your "
                   "model's tokenizer (a local directory or a hub name)",
                   {"model": opts.tokenize.model})


# --- the whole check -----------------------------------------------------------------------------


def run_preflight(opts: RunOptions, *, strict: bool | None = None, id_bytes: int | None = None,
                  kept_share: float | None = None, for_run: bool = False, tokenizes: bool = True) -> Preflight:
    """Every check for the run ``opts`` (a RunOptions) describes. Nothing is left behind on disk but,
    ``for_run``, the (empty) output directory the run is about to use.

    ``strict`` (default ``--strict``) makes a disk shortfall an error instead of a warning.
    ``id_bytes`` (2 or 4, from the tokenizer's vocabulary) scales the tokenized chunks' estimate.
    ``tokenizes``: the run tokenizes (not only filters), so which tokenizer it uses matters.
    """
    strict = opts.engine.strict if strict is None else strict
    findings: list[Finding] = []
    pf = Preflight(findings)
    try:
        files = resolve_inputs(opts.input_specs())
    except CorefprepError as exc:
        findings.append(Finding("inputs", "error", str(exc), {}))
        files = []
    if files:
        counted = read_json(opts.work.input_counts) if any(f.kind == "hf" for f in files) else None
        pf.inputs = estimate_input(files, counted if isinstance(counted, dict) else None)
        uncounted = pf.inputs.uncounted
        note = (f"; {count(len(uncounted), 'hub input')} not counted yet ({', '.join(uncounted[:3])}): the run "
                "counts them first and the disk estimate leaves them out") if uncounted else ""
        findings.append(Finding("inputs", "ok",
                                f"{count(len(files), 'input file')} readable, "
                                f"{format_bytes(pf.inputs.compressed_bytes)} "
                                f"(~{format_bytes(pf.inputs.decompressed_bytes)} decompressed, "
                                f"~{pf.inputs.documents:,} documents){note}", asdict(pf.inputs)))
        demo = demo_tokenizer_finding(opts, files) if tokenizes else None
        if demo is not None:
            findings.append(demo)
    out_finding, links = probe_output_dir(Path(opts.output_dir), keep=for_run)
    findings.append(out_finding)
    if pf.inputs is not None and out_finding.level == "ok":
        pf.disk = estimate_disk(Path(opts.output_dir), pf.inputs.documents, opts.tokenize.objective,
                                opts.rules.name, id_bytes=id_bytes or MEASURED_ID_BYTES,
                                kept_share=kept_share, hard_links=links, force=opts.force,
                                output_format=opts.tokenize.output_format)
        findings.append(disk_finding(pf.disk, strict))
    return pf


def enforce(pf: Preflight, say: Any) -> None:
    """Raise the first error as one sentence; print the warnings with ``say``."""
    for f in pf.warnings:
        say(f"preflight: warning: {f.message}")
    if pf.errors:
        raise CorefprepError(pf.errors[0].message)
