"""The Ray engine: filter batches as units of the supervised ``filter`` step on Ray actors.

Each actor holds one Kiwi (loaded once, in the actor: Ray advises against forking inside its
workers) and computes whole batches with the same :func:`~corefprep.filter.batch.compute_batch`
as the local engine: it reads its own ``doc_index`` range (starting in the file that holds it,
from the cached per-file counts), applies the same rules and writes the same
``work/filter/batch_NNNNN.parquet`` and stats atomically. There is no single reader: every actor
decompresses and parses its own batch, which is what lets the filter scale past the one process
that feeds the local engine's workers.

The actor marks every document it reads or decides on its beat
(:class:`~corefprep.parallel.beat.FileBeat`, next to the batch's output on the filesystem every
node sees). The driver (:mod:`corefprep.parallel.ray`, under the one supervisor) kills an actor
whose document has run past ``--doc-timeout`` whatever the actor is stuck in, and blames a death
on the document the beat names; the batch's :class:`~corefprep.filter.faults.BatchFaults` decides
what follows, as on the local engine.
"""

from __future__ import annotations

import dataclasses
import os
import shutil
import tempfile
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import psutil

from ...core.log import EventLog, progress_bar, say
from ...core.plural import count
from ...core.workdir import WorkDir
from ...io.read import DocCursor
from ...parallel import Beat, Lost, Recovery, Step, Unit, UnitFailed, supervised
from ...parallel.ray import import_ray
from ...rules.kiwi import load_kiwi
from ...store.incoming import Delivery, finished_files
from ...store.mirror import Mirror
from ...store.urls import use_storage_options
from ..batch import compute_batch
from ..config import EngineConfig
from ..context import FilterContext
from ..deciders import InProcessDecider
from ..faults import BatchFaults, RulesFailed
from ..records import BatchStats, Verdict
from .common import new_faults, record_finished

__all__ = ["ACTOR_CPUS", "ACTOR_MEMORY", "import_ray", "run_filter_ray"]

# Each actor reserves this much of a CPU. The actors read their own batches, so no other task
# of ours needs a CPU while they run; keeping a tenth of each back still leaves Ray room for its
# own small tasks on a node whose every core holds an actor (a pool that takes every CPU
# starves them), while 2 actors still fit on a 2-core machine.
ACTOR_CPUS = 0.9
# Declared memory per actor. Measured on this machine (kiwipiepy 0.24, model cong; `make bench-ray`
# reads the actors' peak RSS from the batch stats, ``actor_peak_rss_mib``): 664 MiB after
# computing 2,500-document batches of the bench corpus, most of it Kiwi's model. A batch's rows are
# held until written, ~1 KiB of text per kept document, so 200k-document batches add up to
# ~200 MiB. Declaring it lets Ray place no more actors on a node than its memory holds.
ACTOR_MEMORY = 900 * 1024 * 1024
# An actor computes a batch for an output on a store in a scratch directory of its node named
# <prefix><its pid>-<random>: the pid says when a directory's actor is gone.
SCRATCH_PREFIX = "corefprep-batch-"


@dataclass(frozen=True)
class BatchJob:
    """What an actor is asked: batch k, with the documents quarantined so far and its attempt."""

    batch: int
    quarantined: dict[int, Verdict] = field(default_factory=dict)
    failures: int = 0


# --- actor side -----------------------------------------------------------------------------

_CTX: Any = None
_KIWI: Any = None
_NODE = ""
# The actor's reader of the inputs, kept from batch to batch: the batches an actor is handed come
# in increasing order, so it decompresses a big input file once, skipping the other actors' batches
# by counting lines, instead of from the file's start for every batch.
_CURSOR: DocCursor | None = None


def _init_actor(ctx: FilterContext) -> None:
    global _CTX, _KIWI, _NODE, _CURSOR
    signer = ctx.signer
    _CTX = ctx
    _CURSOR = ctx.cursor()
    sweep_scratch()
    use_storage_options(ctx.storage_options)
    _KIWI = load_kiwi() if ctx.judge.uses_kiwi or (signer is not None and signer.uses_kiwi) else None
    try:
        import ray

        _NODE = ray.get_runtime_context().get_node_id()[:16] if ray.is_initialized() else ""
    except Exception:  # noqa: BLE001 - outside Ray (tests call the body directly)
        _NODE = ""


class _Watch:
    """The batch's reading and deciding, marked on the actor's beat."""

    def __init__(self, beat: Beat):
        self.beat = beat

    def reading(self, doc_index: int) -> None:
        self.beat.on(doc_index)

    def deciding(self, doc_index: int) -> None:
        self.beat.on(doc_index)

    def idle(self) -> None:
        self.beat.off()

    def progress(self, read: int, passed: int) -> None:
        self.beat.count(read)


@dataclass(frozen=True)
class BatchOut:
    """What an actor hands back for a batch: its stats, and the files it delivered
    (:mod:`corefprep.store.incoming`) for the driver to move into place."""

    stats: BatchStats
    delivery: Delivery


def run_batch(job: BatchJob, beat: Beat) -> BatchOut:
    """Compute one batch in this actor; documents quarantined so far keep their verdict. Nothing is
    written where the output's readers look: the files go to a place of this attempt's own."""
    ctx = _CTX
    drops = ctx.drops
    if drops is None:
        raise ValueError("a Ray actor's batch needs the run's drops (where it delivers)")
    place = drops.place()
    if drops.url is None:
        return _compute_here(ctx, job, beat, place)
    return _compute_to_store(ctx, job, beat, f"{drops.url}/{place}", place)


def _compute_here(ctx: FilterContext, job: BatchJob, beat: Beat, place: str) -> BatchOut:
    """The batch computed in its place under the output directory every node sees (what its
    earlier decision recorded copied in first, to re-decide from)."""
    drop = ctx.work.output_dir / place
    before = _copy_earlier(ctx.work.output_dir, drop, job.batch) if job.batch in ctx.redecide else set()
    stats = _compute(dataclasses.replace(ctx, work=WorkDir(drop)), job, beat)
    files = finished_files(drop)
    return BatchOut(stats, Delivery(place, tuple(files), tuple(sorted(before - set(files)))))


def _copy_earlier(output_dir: Path, drop: Path, k: int) -> set[str]:
    """Copy batch k's files under ``output_dir`` into ``drop`` (same relative paths)."""
    copied = set()
    for rel in _batch_files([p.relative_to(output_dir).as_posix() for under in ("work/filter", "work/dedup")
                             if (output_dir / under).is_dir() for p in (output_dir / under).rglob("*") if p.is_file()],
                            k):
        (drop / rel).parent.mkdir(parents=True, exist_ok=True)
        shutil.copy2(output_dir / rel, drop / rel)
        copied.add(rel)
    return copied


def sweep_scratch() -> list[str]:
    """Remove the scratch directories on this node whose actor is gone (killed mid-batch: its
    partial files and the spill of its kept rows would otherwise stay until the node's temporary
    files are cleaned); returns their names. Each actor sweeps as it starts."""
    removed = []
    for path in Path(tempfile.gettempdir()).glob(f"{SCRATCH_PREFIX}*-*"):
        pid = path.name[len(SCRATCH_PREFIX):].partition("-")[0]
        if pid.isdigit() and path.is_dir() and not psutil.pid_exists(int(pid)):
            shutil.rmtree(path, ignore_errors=True)
            removed.append(path.name)
    return removed


def _compute_to_store(ctx: FilterContext, job: BatchJob, beat: Beat, url: str, place: str) -> BatchOut:
    """The batch computed in a scratch directory of this node and put under its place on the
    output's store, in the order its files were finished: nothing goes to a path the driver reads
    (its stage may be on another machine), nothing to an object the output's readers look at."""
    with tempfile.TemporaryDirectory(prefix=f"{SCRATCH_PREFIX}{os.getpid()}-") as scratch:
        before: set[str] = set()
        if job.batch in ctx.redecide:  # what its earlier decision recorded, to re-decide from
            earlier = Mirror(ctx.store_url or "", Path(scratch))
            before = set(batch_objects(earlier, job.batch))
            earlier.fetch(sorted(before))
        stats = _compute(dataclasses.replace(ctx, work=WorkDir(Path(scratch))), job, beat)
        out = Mirror(url, Path(scratch))
        finished = out.local_files()  # (not the fetching mirror's record)
        files = [rel for rel in finished_files(Path(scratch)) if rel in finished]
        out.push()
        return BatchOut(stats, Delivery(place, tuple(files), tuple(sorted(before - set(files)))))


def batch_objects(mirror: Mirror, k: int) -> list[str]:
    """The objects of batch k on the store: its filter files and its signatures."""
    return _batch_files([rel for under in ("work/filter", "work/dedup") for rel in mirror.remote_files(under)], k)


def _batch_files(rels: list[str], k: int) -> list[str]:
    tag = f"_{k:05d}."
    return sorted(rel for rel in rels if tag in rel.rsplit("/", 1)[-1] and not rel.endswith(".failed.json"))


def _compute(ctx: FilterContext, job: BatchJob, beat: Beat) -> BatchStats:
    lo, hi = ctx.bounds(job.batch)
    # what earlier runs of this batch quarantined, and its attempt (the driver's faults decide the rest)
    faults = BatchFaults(job.batch, lo, hi, ctx.strict, quarantined=dict(job.quarantined),
                         failures=job.failures)
    watch = _Watch(beat)
    decider = InProcessDecider(ctx.judge, _KIWI, watch=watch, signer=ctx.signer)
    docs = _CURSOR.range(lo, hi) if _CURSOR is not None else None
    return compute_batch(ctx, job.batch, decider, faults, docs=docs, progress=watch.progress, watch=watch,
                         extra={"ray_node": _NODE, "actor_pid": os.getpid(), "actor_peak_rss_mib": _peak_rss_mib})


def _peak_rss_mib() -> int:
    """This process's peak RSS so far (what ACTOR_MEMORY is declared from); Linux reports KiB."""
    import resource

    return round(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024)


# --- driver side ----------------------------------------------------------------------------


class _Batches:
    """The policy of every batch in flight: each unit is answered by its batch's faults."""

    def __init__(self, ctx: FilterContext, cfg: EngineConfig, todo: list[int]):
        self.faults = {k: new_faults(ctx, k, cfg) for k in todo}
        for f in self.faults.values():
            f.without = self._again

    def _again(self, unit: Unit, doc: int | None = None) -> Unit:
        """The batch as it runs next: with every document quarantined so far, and its attempt."""
        faults = self.faults[unit.args.batch]
        return Unit(unit.key, BatchJob(faults.batch, dict(faults.quarantined), faults.failures), unit.size)

    def lost(self, lost: Lost) -> Recovery:
        recovery = self.faults[lost.unit.args.batch].lost(lost)
        if recovery.redo is None or recovery.set_aside is not None:
            return recovery
        return Recovery(self._again(recovery.redo), recovery.counted, recovery.cause)


def run_filter_ray(ctx: FilterContext, todo: list[int], cfg: EngineConfig, events: EventLog, *,
                   progress: bool = True, take_in: Callable[[Delivery], None] | None = None
                   ) -> dict[int, BatchStats]:
    """Run the batches in ``todo`` on Ray actors; returns their stats. Each actor delivers its
    batch under ``ctx.drops``; ``take_in`` moves a delivery into place (the run owning the output)."""
    if ctx.drops is None or take_in is None:
        raise ValueError("the Ray engine needs the run's drops and a way to take deliveries in")
    step = Step("filter", run_batch, init=_init_actor, init_args=(ctx,), item_limit=cfg.doc_timeout,
                memory=ACTOR_MEMORY, cpus=ACTOR_CPUS)
    policy = _Batches(ctx, cfg, todo)
    units = [Unit(f"batch {k}", BatchJob(k), ctx.bounds(k)[1] - ctx.bounds(k)[0]) for k in todo]
    todo_docs = sum(u.size for u in units)
    finished: dict[int, BatchStats] = {}
    with supervised(step, cfg, beats_dir=ctx.work.filter_dir) as sup:
        n = min(len(todo), sup.workers)
        say(f"filter: {len(todo)} of {count(ctx.num_batches, 'batch')} to do ({count(todo_docs, 'document')}) on Ray: "
            f"{n} actor{'s' if n != 1 else ''} ({ACTOR_CPUS} CPU, {ACTOR_MEMORY // 2**20} MiB each; cluster "
            f"{sup.engine.cluster})")  # type: ignore[attr-defined]
        bar = progress_bar(todo_docs, "filter", enabled=progress, smoothing=0.05)
        done_docs = 0

        def tick() -> None:
            bar.n = done_docs + sup.progress()
            bar.set_postfix(passed=f"{sum(s.passed for s in finished.values()):,}", batches=len(finished),
                            refresh=False)
            bar.update(0)

        try:
            for out in sup.run(units, policy, tick=tick):
                k = out.unit.args.batch
                if out.set_aside is not None:
                    say(f"batch {k:05d}: {out.set_aside.detail}; document {out.set_aside.item} quarantined "
                        f"({out.set_aside.reason}), batch handed out again without it")
                    continue
                done: BatchOut = out.result
                take_in(done.delivery)
                ctx.work.failed_marker(k).unlink(missing_ok=True)
                done_docs += done.stats.documents
                record_finished(ctx, finished, done.stats, events)
        except UnitFailed as exc:
            faults = policy.faults[exc.unit.args.batch]
            raise faults.give_up(ctx.work, exc.cause, exc.attempts, engine="ray") from None
        except RulesFailed as exc:
            raise policy.faults[exc.batch].give_up(ctx.work, exc.cause, 1, engine="ray") from None
        finally:
            bar.close()
    return dict(sorted(finished.items()))
