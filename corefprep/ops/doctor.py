"""`corefprep doctor [INPUT ...]`: will a run fit on this machine, with which settings, and how long.

It runs the preflight checks (inputs, output directory, disk against an estimate of what the run
writes), measures this machine for a few seconds (Kiwi deciding real Korean documents in one
process and in two at once, the tokenizer's encode_batch), runs the cheap rules on a sample of the
inputs (the share that reaches Kiwi) and the full rules on some of those (the share kept), prints
the plan (corefprep.run.plan) and estimates each stage's wall time. Exit 1 names the reasons a run
cannot fit: too little disk or RAM, a tokenizer that is not fast or is very slow, unreadable
inputs or output directory.
"""

from __future__ import annotations

import math
import os
import random
import time
from dataclasses import asdict, dataclass, field, replace
from pathlib import Path
from typing import Any, NamedTuple

from ..core.errors import CorefprepError
from ..core.plural import count
from ..coref.tokenize import MIN_ROWS_PER_PROC
from ..io.documents import Document, InputFile
from ..io.read import iter_documents
from ..io.resolve import resolve_inputs
from ..parallel import Beat, DocumentFaults, EngineConfig, Step, Unit, supervised
from ..rules import Rules
from ..rules.kiwi import load_kiwi
from ..run.options import BUNDLED_SAMPLE, RunOptions
from ..run.plan import GiB, Plan, TokenizerProfile, detect_machine, make_plan, min_ram_bytes
from ..run.preflight import KEPT_SHARE, UNKNOWN_KEPT_SHARE, existing_dir, format_bytes, run_preflight
from ..tokenizer.load import load_fast_tokenizer

# A fast (Rust) tokenizer encodes on the order of a million tokens per second per core; below this
# the tokenize stage, not Kiwi, would dominate an entity-mlm run.
SLOW_TOKENS_PER_S = 50_000
SAMPLE_DOCS = 2000  # documents read from the inputs for the cheap-rule share (spread over the files)
ENV_VARS = ("DATASET_NUM_PROC", "DATASET_BATCH_SIZE", "DATASET_WRITER_BATCH_SIZE", "TOKENIZERS_PARALLELISM",
            "HF_HUB_OFFLINE", "HF_HOME", "OMP_NUM_THREADS")


def disk_kind(path: Path) -> str:
    """SSD, HDD or unknown, from the block device's `rotational` flag."""
    try:
        dev = os.stat(path).st_dev
        real = Path(f"/sys/dev/block/{os.major(dev)}:{os.minor(dev)}").resolve()
        for cand in (real, real.parent):
            rot = cand / "queue" / "rotational"
            if rot.exists():
                return "HDD" if rot.read_text().strip() == "1" else "SSD"
    except OSError:
        pass
    return "unknown"


# --- measurements ------------------------------------------------------------------------------


@dataclass
class SampleStats:
    """The inputs' sample through the rules."""

    documents: int = 0
    malformed: int = 0
    reach_kiwi: int = 0  # passed the cheap rules
    read_seconds: float = 0.0  # reading + parsing + cheap rules, one process (the filter's reader)
    survivor_chars: int = 0
    decided: int = 0  # survivors the full rules decided during the Kiwi benchmark
    kept: int = 0

    @property
    def reach_share(self) -> float:
        return self.reach_kiwi / self.documents if self.documents else 0.0

    @property
    def kept_share(self) -> float | None:
        """Share of all documents kept, when enough survivors were decided to say."""
        if not self.decided or not self.documents:
            return None
        return self.reach_share * self.kept / self.decided

    @property
    def reader_docs_per_s(self) -> float:
        return self.documents / self.read_seconds if self.read_seconds > 0 else 0.0

    @property
    def mean_survivor_chars(self) -> float:
        return self.survivor_chars / self.reach_kiwi if self.reach_kiwi else 0.0


def sample_inputs(files: list[InputFile], rules: Rules, text_field: str = "text",
                  limit: int = SAMPLE_DOCS) -> tuple[SampleStats, list[Document]]:
    """Read up to ``limit`` documents spread over ``files`` and run the cheap rules on them (with
    each record's ``meta``, as the filter does: URL domains and the rule set's own fields);
    returns the counts and the documents that would reach Kiwi."""
    st = SampleStats()
    survivors: list[Document] = []
    meta_fields = tuple(getattr(rules, "meta_fields", ()))
    picked = files[:: max(1, len(files) // 8)][:8]
    # Each picked file contributes in proportion to its size: equal shares would let a small file
    # of clean documents speak for a big one of web pages (on the dev corpus: 92% estimated kept
    # with equal shares against 41% in the real run).
    sizes = [max(0, int(getattr(f, "size", 0) or 0)) for f in picked]
    total = sum(sizes)
    quotas = ([max(1, round(limit * s / total)) for s in sizes] if total > 0
              else [max(1, limit // max(1, len(picked)))] * len(picked))
    t0 = time.perf_counter()
    for f, per_file in zip(picked, quotas, strict=True):
        for doc in iter_documents([f], text_field, stop=per_file, meta_fields=meta_fields):
            st.documents += 1
            if doc.text is None:
                st.malformed += 1
                continue
            if rules.cheap(doc.text, doc.meta) is None:
                st.reach_kiwi += 1
                st.survivor_chars += len(doc.text)
                survivors.append(doc)
    st.read_seconds = time.perf_counter() - t0
    return st, survivors


@dataclass(frozen=True)
class KiwiJob:
    """One unit of the doctor's Kiwi measurement: decide ``documents`` (those not set aside) over
    and over until ``seconds`` pass."""

    rules: Rules
    documents: list[Document]
    seconds: float
    set_aside: frozenset[int] = frozenset()  # positions in ``documents`` that killed or hung a worker


class Decided(NamedTuple):
    documents: int
    chars: int
    kept: int
    seconds: float


def kiwi_unit(job: KiwiJob, beat: Beat) -> Decided:
    """Decide documents with the rules until ``seconds`` pass, marking each on the beat."""
    kiwi = load_kiwi()
    docs = chars = kept = 0
    todo = [(i, d) for i, d in enumerate(job.documents) if i not in job.set_aside]
    t0 = time.perf_counter()
    while todo:
        for i, doc in todo:
            text = doc.text or ""
            beat.on(i)
            d = job.rules.decide(text, kiwi, doc.meta)
            beat.off()
            docs += 1
            chars += len(text)
            kept += d.reason is None
            if time.perf_counter() - t0 >= job.seconds:
                return Decided(docs, chars, kept, time.perf_counter() - t0)
    return Decided(0, 0, 0, time.perf_counter() - t0)


def _without(unit: Unit, i: int) -> Unit:
    return Unit(unit.key, replace(unit.args, set_aside=unit.args.set_aside | {i}), unit.size)


@dataclass
class KiwiBench:
    chars_per_s: float  # characters of the documents decided per second, one process (the pronoun
    # early exit means Kiwi analyses only part of most of them: this is the rate a worker filters at)
    docs_per_s: float
    two_process_speedup: float | None  # total rate of 2 processes at once / 1 process
    decided: int
    kept: int
    text_source: str
    set_aside: list[str] = field(default_factory=list)  # documents that killed or hung a worker


def _measure(units: list[Unit], workers: int, cfg: EngineConfig, bench: KiwiBench) -> list[Decided]:
    """The units at once on ``workers`` supervised local processes (the doctor measures this machine
    whatever the run's engine); a document that kills or hangs its worker is set aside and named."""
    step = Step("doctor", kiwi_unit, prefork=load_kiwi, item_limit=cfg.doc_timeout)
    policy = DocumentFaults(cfg.strict, _without)
    out = []
    with supervised(step, replace(cfg, workers=workers), local=True) as sup:
        for o in sup.run(units, policy):
            if o.set_aside is not None:
                doc = o.unit.args.documents[o.set_aside.item]
                bench.set_aside.append(f"{doc.source}:{doc.line} ({o.set_aside.reason}: {o.set_aside.detail})")
            else:
                out.append(o.result)
    return out


def bench_kiwi(rules: Rules, documents: list[Document], seconds: float, cpu_slots: int, source: str,
               cfg: EngineConfig) -> KiwiBench:
    """Kiwi (the rule set's ``decide``, as workers run it) on ``documents``: one process, then two at once."""
    bench = KiwiBench(0.0, 0.0, None, 0, 0, source)
    [one] = _measure([Unit("one process", KiwiJob(rules, documents, seconds), len(documents))], 1, cfg, bench)
    rate = one.chars / one.seconds if one.seconds else 0.0
    bench.chars_per_s, bench.docs_per_s = rate, one.documents / one.seconds if one.seconds else 0.0
    bench.decided, bench.kept = one.documents, one.kept
    if cpu_slots >= 2 and documents:
        half = max(0.5, seconds / 2)
        both = _measure([Unit("process 1 of 2", KiwiJob(rules, documents, half), len(documents)),
                         Unit("process 2 of 2", KiwiJob(rules, documents[::-1], half), len(documents))], 2, cfg, bench)
        # each process's own rate while both ran (they overlap all but the fork), added up
        total = sum(r.chars / r.seconds for r in both if r.seconds > 0)
        bench.two_process_speedup = total / rate if rate else None
    return bench


@dataclass
class TokenizerBench:
    model: str
    ok: bool
    problem: str | None = None
    kind: str = ""
    vocab_size: int = 0
    tokens_per_s: float = 0.0
    chars_per_token: float = 0.0


def bench_tokenizer(model: str, texts: list[str], seconds: float) -> TokenizerBench:
    """Load the tokenizer as the run would and time ``encode_batch`` in this process, one thread."""
    try:
        tok = load_fast_tokenizer(model)
    except CorefprepError as exc:
        return TokenizerBench(model, False, str(exc))
    backend = tok.backend_tokenizer
    old = os.environ.get("TOKENIZERS_PARALLELISM")
    os.environ["TOKENIZERS_PARALLELISM"] = "false"  # one core: what one map process gets
    try:
        backend.encode("워밍업 warm-up")
        tokens = chars = 0
        t0 = time.perf_counter()
        while texts and time.perf_counter() - t0 < seconds:
            for enc in backend.encode_batch(texts[:64], add_special_tokens=False):
                tokens += len(enc.ids)
            chars += sum(len(t) for t in texts[:64])
            texts = texts[64:] + texts[:64]
        secs = time.perf_counter() - t0
    finally:
        if old is None:
            os.environ.pop("TOKENIZERS_PARALLELISM", None)
        else:
            os.environ["TOKENIZERS_PARALLELISM"] = old
    rate = tokens / secs if secs else 0.0
    return TokenizerBench(model, True, None, type(tok).__name__, len(tok), rate, chars / tokens if tokens else 0.0)


# --- the report ----------------------------------------------------------------------------------


@dataclass
class StageEstimate:
    stage: str
    seconds: float
    how: str


def estimate_times(documents: int, sample: SampleStats, kiwi: KiwiBench, tok: TokenizerBench, plan: Plan,
                   kept_share: float, objective: str = "entity-mlm") -> list[StageEstimate]:
    """Wall time per stage for ``documents`` input documents under ``plan``."""
    out: list[StageEstimate] = []
    reach = documents * sample.reach_share
    # workers beyond the first run at the measured two-process efficiency (shared caches, memory bus)
    eff = min(1.0, kiwi.two_process_speedup / 2) if kiwi.two_process_speedup else 1.0
    kiwi_rate = kiwi.chars_per_s * (1 + (plan.workers - 1) * eff)
    kiwi_s = reach * sample.mean_survivor_chars / kiwi_rate if kiwi_rate else math.inf
    read_s = documents / sample.reader_docs_per_s if sample.reader_docs_per_s else 0.0
    out.append(StageEstimate(
        "filter", max(kiwi_s, read_s),
        f"{reach:,.0f} documents reach Kiwi ({sample.reach_share:.1%}) at {kiwi.chars_per_s:,.0f} chars/s x "
        f"{count(plan.workers, 'worker')} ({kiwi_rate:,.0f} chars/s); the reader alone needs {read_s:,.0f}s "
        f"({sample.reader_docs_per_s:,.0f} docs/s, one process)"))
    kept = documents * kept_share
    if objective != "clm":  # clm packs the kept documents themselves: no samples stage
        out.append(StageEstimate("samples", kept / 50_000, "seconds: reads the kept documents' entities once"))
    if tok.ok and tok.tokens_per_s:
        tokens = kept * (sample.mean_survivor_chars or 1500) / (tok.chars_per_token or 2.0)
        # tokenize.tokenize_chunk starts extra processes (~2 s each) only for chunks big enough
        procs = max(1, plan.num_proc) if kept >= MIN_ROWS_PER_PROC * plan.num_proc else 1
        start = 2.0 * procs if procs > 1 else 0.0
        out.append(StageEstimate("tokenize", tokens / (tok.tokens_per_s * procs) + start,
                                 f"{tokens:,.0f} tokens of {kept:,.0f} kept documents at {tok.tokens_per_s:,.0f} "
                                 f"tokens/s x {count(procs, 'process')}"))
    if objective == "clm":
        # `make bench-clm`: 25M tokens packed into blocks in 0.1 s; start-up dominates
        out.append(StageEstimate("pack", 1.0 + tokens / 200_000_000 if tok.ok and tok.tokens_per_s else 1.0,
                                 "seconds: copies the token files into blocks"))
    else:
        out.append(StageEstimate("merge", 1.0, "seconds: links the tokenized chunks"))
    return out


def _duration(s: float) -> str:
    if not math.isfinite(s):
        return "unknown"
    if s < 60:
        return f"{s:,.0f}s"
    if s < 3600:
        return f"{s / 60:,.1f} min"
    return f"{s / 3600:,.1f} h"


@dataclass
class Report:
    machine: dict[str, Any]
    tokenizer: dict[str, Any]
    kiwi: dict[str, Any] | None
    sample: dict[str, Any] | None
    plan: dict[str, Any]
    preflight: dict[str, Any]
    estimates: list[dict[str, Any]]
    env: dict[str, str | None]
    problems: list[str] = field(default_factory=list)
    lines: list[str] = field(default_factory=list)

    @property
    def ok(self) -> bool:
        return not self.problems

    def as_dict(self) -> dict[str, Any]:
        d = asdict(self)
        d.pop("lines")
        d["ok"] = self.ok
        return d


@dataclass
class _Notes:
    """What the report says, line by line, and the reasons a run cannot fit."""

    lines: list[str] = field(default_factory=list)
    problems: list[str] = field(default_factory=list)


class _Texts(NamedTuple):
    sample: SampleStats | None  # the inputs' sample, when they could be read
    survivors: list[Document]  # documents that reach Kiwi: the inputs', else the bundled sample's
    source: str


def build_report(opts: RunOptions, bench_seconds: float = 5.0) -> Report:
    """Everything ``corefprep doctor`` checks and measures for the run ``opts``."""
    notes = _Notes()
    machine = detect_machine()
    where = existing_dir(Path(opts.output_dir))
    notes.lines.append(f"machine: {machine.describe()}; usable CPUs {machine.cpus:g}; disk at {where} is "
                       f"{disk_kind(where)}")
    if machine.available_bytes < min_ram_bytes():
        notes.problems.append(f"only {format_bytes(machine.available_bytes)} of RAM is free, less than one Kiwi and "
                              f"one worker need ({format_bytes(min_ram_bytes())}); free memory or use a bigger "
                              "machine")
    rules = opts.rules
    sample, survivors, source = _benchmark_texts(opts)
    share = bench_seconds / 5.0
    tok = _tokenizer_lines(opts.tokenize.model, [d.text or "" for d in survivors], 1.0 * share, notes)
    kiwi: KiwiBench | None = None
    if rules.uses_kiwi:
        # a seconds-bounded benchmark decides only the first documents it is given: mix the files'
        # survivors (fixed seed) so those are not all from the first file
        mixed = list(survivors)
        random.Random(0).shuffle(mixed)
        kiwi = _kiwi_lines(rules, mixed[:400], 2.0 * share, machine.cpu_slots, source, opts.engine, notes.lines,
                           notes.problems)
    if sample is not None and kiwi is not None and source == "the inputs":
        sample.decided, sample.kept = kiwi.decided, kiwi.kept
    if sample is not None:
        kept = f", {sample.kept_share:.2%} kept" if sample.kept_share is not None else ""
        notes.lines.append(f"sample: {sample.documents:,} documents of the inputs, {sample.malformed:,} malformed, "
                           f"{sample.reach_share:.1%} pass the cheap rules{kept}; reader "
                           f"{sample.reader_docs_per_s:,.0f} docs/s")
    profile = TokenizerProfile(tok.vocab_size or (1 << 20), tok.tokens_per_s or None)
    plan = make_plan(machine, profile, seq_len=opts.tokenize.seq_len)
    notes.lines.append(plan.describe())
    kept_share = sample.kept_share if sample is not None and sample.kept else None
    pf = run_preflight(opts, strict=True, id_bytes=profile.id_bytes, kept_share=kept_share)
    for f in pf.findings:
        if f.check in ("inputs", "output_dir", "disk", "tokenizer"):
            notes.lines.append(("PROBLEM — " if f.level == "error" else "") + f.message)
        if f.level == "error":
            notes.problems.append(f.message)
    estimates: list[StageEstimate] = []
    if pf.inputs is not None and sample is not None and kiwi is not None:
        share_kept = kept_share if kept_share is not None else KEPT_SHARE.get(rules.name, UNKNOWN_KEPT_SHARE)
        estimates = _estimate_lines(pf.inputs.documents, sample, kiwi, tok, plan, share_kept, opts, notes)
    env = {v: os.environ.get(v) for v in ENV_VARS}
    notes.lines.append("env: " + ", ".join(f"{k}={v if v is not None else '(unset)'}" for k, v in env.items()))
    notes.lines.append("ok: a run fits on this machine" if not notes.problems else
                       f"PROBLEMS ({len(notes.problems)}): " + " | ".join(notes.problems))
    return Report(
        machine={**asdict(machine), "cpus": machine.cpus, "cpu_slots": machine.cpu_slots,
                 "disk_kind": disk_kind(where), "min_ram_bytes": min_ram_bytes()},
        tokenizer=asdict(tok),
        kiwi=asdict(kiwi) if kiwi else None,
        sample={**asdict(sample), "reach_share": sample.reach_share, "kept_share": sample.kept_share,
                "reader_docs_per_s": sample.reader_docs_per_s} if sample else None,
        plan=plan.as_dict(), preflight=pf.as_dict(), estimates=[asdict(e) for e in estimates], env=env,
        problems=notes.problems, lines=notes.lines,
    )


def _benchmark_texts(opts: RunOptions) -> _Texts:
    """Korean texts for the benchmarks: what the user's inputs send to Kiwi, else the bundled sample's."""
    if opts.inputs:
        try:
            sample, survivors = sample_inputs(resolve_inputs(opts.inputs), opts.rules, opts.filter.text_field)
            if survivors:
                return _Texts(sample, survivors, "the inputs")
        except CorefprepError:
            sample = None  # the preflight reports unreadable inputs
        _, survivors = sample_inputs(resolve_inputs([str(BUNDLED_SAMPLE)]), opts.rules, "text")
        return _Texts(sample, survivors, "bundled sample")
    _, survivors = sample_inputs(resolve_inputs([str(BUNDLED_SAMPLE)]), opts.rules, "text")
    return _Texts(None, survivors, "bundled sample")


def _tokenizer_lines(model: str, texts: list[str], seconds: float, notes: _Notes) -> TokenizerBench:
    tok = bench_tokenizer(model, texts, seconds)
    if not tok.ok:
        notes.problems.append(f"tokenizer: {tok.problem}")
        notes.lines.append(f"tokenizer: PROBLEM — {tok.problem}")
        return tok
    notes.lines.append(f"tokenizer: {tok.model} — fast ({tok.kind}), vocab {tok.vocab_size:,}, "
                       f"{tok.tokens_per_s:,.0f} tokens/s (encode_batch, 1 process, {tok.chars_per_token:.1f} "
                       "chars/token)")
    if tok.tokens_per_s < SLOW_TOKENS_PER_S:
        notes.problems.append(f"tokenizer {tok.model} encodes only {tok.tokens_per_s:,.0f} tokens/s (a fast tokenizer "
                              f"does more than {SLOW_TOKENS_PER_S:,}); check that it is the Rust tokenizer you meant")
    return tok


def _estimate_lines(documents: int, sample: SampleStats, kiwi: KiwiBench, tok: TokenizerBench, plan: Plan,
                    kept_share: float, opts: RunOptions, notes: _Notes) -> list[StageEstimate]:
    estimates = estimate_times(documents, sample, kiwi, tok, plan, kept_share, opts.tokenize.objective)
    total = sum(e.seconds for e in estimates)
    notes.lines.append(f"estimate for ~{documents:,} documents: about {_duration(total)}")
    notes.lines.extend(f"  {e.stage}: {_duration(e.seconds)} — {e.how}" for e in estimates)
    return estimates


def _kiwi_lines(rules: Rules, documents: list[Document], seconds: float, cpu_slots: int, source: str,
                cfg: EngineConfig, lines: list[str], problems: list[str]) -> KiwiBench | None:
    try:
        kiwi = bench_kiwi(rules, documents, seconds, cpu_slots, source, cfg)
    except CorefprepError as exc:  # a document that a run with these settings would stop at, or a bug
        problems.append(f"kiwi: {exc}")
        lines.append(f"kiwi: PROBLEM — {exc}")
        return None
    two = (f"; 2 processes at once: {kiwi.two_process_speedup:.2f}x one" if kiwi.two_process_speedup is not None
           else "")
    lines.append(f"kiwi: {kiwi.docs_per_s:,.1f} documents ({kiwi.chars_per_s:,.0f} of their characters) decided "
                 f"per second in 1 process (rules {rules.name} on {kiwi.decided:,} documents from {source}){two}")
    for doc in kiwi.set_aside:
        lines.append(f"kiwi: a document of {source} killed or hung its worker and was set aside, as a run would "
                     f"quarantine it: {doc}")
    return kiwi


def run_doctor(opts: RunOptions, as_json: bool = False, bench_seconds: float = 5.0) -> int:
    """Print the report (lines, or one JSON object); 0 when a run fits, 1 with the reasons when not."""
    report = build_report(opts, bench_seconds)
    if as_json:
        import orjson

        print(orjson.dumps(report.as_dict(), option=orjson.OPT_INDENT_2 | orjson.OPT_SERIALIZE_NUMPY).decode())
    else:
        print("\n".join(report.lines))
    return 0 if report.ok else 1


__all__ = ["GiB", "Report", "build_report", "disk_kind", "estimate_times", "run_doctor", "sample_inputs"]
