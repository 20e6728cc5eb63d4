"""Planning and running the filter stage: which batches there are, which are done, which to do.

The inputs are resolved and counted (:mod:`corefprep.io.counts`), their identity and the filter's
settings go into the work manifest (:mod:`corefprep.run.manifest`), and the batches that are not
finished under that config (or the ones ``--batches`` names) go to the engine.
"""

from __future__ import annotations

import dataclasses
import math
import os
from dataclasses import dataclass, field

from ..core.atomic import clean_temp_files
from ..core.errors import CorefprepError
from ..core.log import EventLog, say
from ..core.plural import count
from ..core.workdir import WorkDir
from ..filter.config import FilterConfig
from ..filter.context import FilterContext
from ..filter.engines import run_engine
from ..filter.judge import Judge
from ..filter.records import BatchStats
from ..filter.stats import batch_done, parse_batch_spec, read_stats, stats_problem
from ..io.counts import count_inputs, input_signature, legacy_signature
from ..io.read import check_text_field
from ..io.resolve import resolve_inputs
from ..pii.config import settings_of as pii_settings
from ..rules import make_rules
from ..rules.kiwi import kiwi_version
from ..store.own import Owned
from .manifest import check_manifest, record_batches
from .options import RunOptions


@dataclass
class FilterPlan:
    ctx: FilterContext
    todo: list[int]
    done: dict[int, BatchStats]  # batches found intact when planning, with their stats
    notes: list[str] = field(default_factory=list)  # said when the filter starts (after the run's plan line)

    @property
    def num_batches(self) -> int:
        return self.ctx.num_batches

    @property
    def total_docs(self) -> int:
        return self.ctx.total_docs


def filter_config(opts: RunOptions, signatures: list[list[object]], total: int) -> dict[str, object]:
    """Everything that decides what the batch files hold (what the work manifest records): the
    inputs and how they are cut, which a batch cannot be re-decided under, and the rules (with
    their code and the Kiwi version they analyse with) and examples kept, which it can."""
    rules = opts.rules
    return {
        "rules": rules.decision_dict(),
        "rules_code": rules.code_version(),
        "kiwi": kiwi_version() if rules.uses_kiwi else None,
        "keep_rejected": opts.filter.keep_rejected,
        "pii": pii_settings(opts.pii_mode, opts.pii_raw_examples),
        "text_field": opts.filter.text_field,
        "batch_docs": opts.filter.batch_docs,
        "inputs": signatures,
        "total_docs": total,
    }


def plan_filter(opts: RunOptions) -> FilterPlan:
    work = opts.work
    files = resolve_inputs(opts.input_specs())
    check_text_field(files, opts.filter.text_field)
    counted = count_inputs(work, files, opts.filter.text_field, opts.engine, opts.progress)
    counts = [c.records for c in counted]
    total = sum(counts)
    if total == 0:
        raise CorefprepError("the inputs hold no records; check the paths (and --text-field)")
    num_batches = math.ceil(total / opts.filter.batch_docs)
    signatures = [input_signature(f, c) for f, c in zip(files, counted, strict=True)]
    fcfg = filter_config(opts, signatures, total)
    # a usage error must not touch the work dir, so the spec is checked before the manifest
    spec = parse_batch_spec(opts.batches, num_batches) if opts.batches else None
    # a setting an older corefprep did not record had its default then: the same batches
    defaults = {"rules": make_rules(opts.rules.name).decision_dict(), "rules_code": fcfg["rules_code"],
                "kiwi": fcfg["kiwi"], "keep_rejected": FilterConfig().keep_rejected, "pii": "off"}
    times = {f.path: [f.size, f.mtime_ns] for f in files if f.hub is None}
    legacy = {str(sig[0]): old for f, sig in zip(files, signatures, strict=True)
              if (old := legacy_signature(f)) is not None}
    # where each input is (a relative path means nothing to a later `explain` from elsewhere)
    about = {"input_files": [[f.path if f.hub is not None else os.path.abspath(f.path), c.records]
                             for f, c in zip(files, counted, strict=True)],
             "rules_options": opts.rules.as_dict()}
    check = check_manifest(work, fcfg, opts.force, defaults=defaults, file_times=times, legacy_inputs=legacy,
                           about=about)
    cid = check.config_id
    done: dict[int, BatchStats] = {}
    notes: list[str] = []
    if not (opts.force and spec is None):
        for k in range(num_batches):
            stats = batch_done(work, k, cid)
            if stats is not None:
                done[k] = stats
            elif (problem := stats_problem(work, k)) is not None:
                notes.append(f"filter: batch {k} is computed again: {problem}")
    if spec is not None:
        todo = spec
    elif opts.force:
        todo = list(range(num_batches))
    else:
        todo = [k for k in range(num_batches) if k not in done]
    # batches decided before under other settings start from what they recorded (not with --force
    # or --batches, which ask for a computation from scratch)
    earlier = {} if opts.force or spec is not None else _earlier_decisions(work, todo, cid)
    redecide = frozenset(k for k, s in earlier.items() if s.values_sha256)
    if check.changed or earlier:
        notes += _redecide_notes(check.changed, earlier, redecide, opts.batches)
    judge = Judge(opts.rules, opts.pii_mode, opts.pii_raw_examples)
    ctx = FilterContext(work, tuple(files), tuple(counts), opts.filter.text_field, judge,
                        opts.filter.batch_docs, total, cid, strict=opts.engine.strict, engine=opts.engine.engine,
                        signer=opts.signer(), keep_rejected=opts.filter.keep_rejected, redecide=redecide,
                        store_url=opts.output_url)
    return FilterPlan(ctx, todo, done, notes)


def _earlier_decisions(work: WorkDir, todo: list[int], cid: str) -> dict[int, BatchStats]:
    """The batches to do that were decided before under other settings (their stats records)."""
    out = {}
    for k in todo:
        s = read_stats(work, k)
        if s is not None and s.config_id != cid and work.batch_parquet(k).exists():
            out[k] = s
    return out


def _redecide_notes(changed: str | None, earlier: dict[int, BatchStats], redecide: frozenset[int],
                    batches: str | None) -> list[str]:
    what = f" ({changed})" if changed else ""
    notes = []
    if redecide:
        notes.append(f"filter: settings changed since {len(redecide)} batch(es) were decided{what}: they are "
                     "re-decided from their recorded values; only documents whose verdict needs a value never "
                     "measured are analysed again")
    fresh = len(earlier) - len(redecide)
    if fresh:
        notes.append(f"filter: {fresh} batch(es) decided under other settings have no recorded values (made by an "
                     "older corefprep): they are computed again")
    if batches and changed:
        notes.append("filter: --batches recomputes only the batches it names; run without it to re-decide the "
                     "others")
    return notes


def run_filter(opts: RunOptions, plan: FilterPlan, events: EventLog, store: Owned) -> dict[int, BatchStats]:
    """Run the batches in plan.todo with the chosen engine; returns their stats. ``store``: the
    output as this run owns it (Ray actors deliver under its drops, and it takes their files in)."""
    work = opts.work
    work.filter_dir.mkdir(parents=True, exist_ok=True)
    clean_temp_files(work.filter_dir)
    for note in plan.notes:
        say(note)
    if not plan.todo:
        done = "the batch is" if plan.num_batches == 1 else f"all {plan.num_batches} batches"
        say(f"filter: {done} already done ({count(plan.total_docs, 'document')})")
        _record(plan)
        return {}
    try:
        ctx = dataclasses.replace(plan.ctx, drops=store.drops)
        return run_engine(ctx, plan.todo, opts.engine, events, progress=opts.progress, take_in=store.take_in)
    finally:
        _record(plan)


def _record(plan: FilterPlan) -> None:
    """The manifest's list of what each batch was decided with, from the batches' own records."""
    decided = {}
    for k in range(plan.num_batches):
        s = read_stats(plan.ctx.work, k)
        if s is not None:
            decided[k] = s.config_id
    record_batches(plan.ctx.work, decided)


def require_all_done(plan: FilterPlan, done: dict[int, BatchStats]) -> None:
    missing = [k for k in range(plan.num_batches) if k not in done]
    if missing:
        shown = ",".join(map(str, missing[:10])) + ("..." if len(missing) > 10 else "")
        why = (" under these settings (they changed since the batches were decided; the filter re-decides them "
               "from their recorded values)") if plan.ctx.redecide else ""
        raise CorefprepError(
            f"{len(missing)} of {plan.num_batches} filter batches are not done{why} (batches {shown}); run "
            "`corefprep filter` (or prepare) without --batches first"
        )
