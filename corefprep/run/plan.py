"""A run's defaults from the machine it runs on: cores (honouring container CPU quotas) and RAM.

Users run corefprep on 8 to 64+ cores with 16 GB to 512 GB, often in containers whose CPU quota
is far below the host's core count. :func:`make_plan` is one pure function from a
:class:`Machine` and a :class:`TokenizerProfile` to a :class:`Plan`; :func:`detect_machine`
reads the real machine (sched_getaffinity, cgroup v1/v2 CPU quota and memory limit, psutil);
:func:`apply_plan` fills the settings of a RunOptions the user did not give. Every value stays an
option that wins, and ``DATASET_NUM_PROC`` / ``DATASET_BATCH_SIZE`` / ``DATASET_WRITER_BATCH_SIZE``
win over the plan too.

The model (numbers measured on this project's 2-core, 24 GiB VM, kiwipiepy 0.24.1):

- **filter workers** = usable CPUs, fewer when RAM cannot hold them: the parent holds one warmed-up
  Kiwi (KIWI_PARENT_MIB), each forked worker adds KIWI_WORKER_MIB plus the documents in flight to
  it (3 chunks of ``--chunksize`` documents, INFLIGHT_DOC_BYTES each: an upper bound, since a
  chunk is also cut at ``corefprep.filter.workers.CHUNK_CHARS`` characters), and RESERVE is left
  for the parent's batch buffer, the OS and the page cache.
- **RAM tier** (free RAM, the tiers users tuned by): >= 50 GiB "large", 20-50 GiB "medium"
  (today's defaults), < 20 GiB "small"; it sets documents per chunk, map and writer batch sizes and
  whether the tokenize stage reads its input into RAM.
- **num_proc** = usable CPUs, fewer when RAM cannot hold the map processes (MAP_PROC_BASE_MIB plus
  MAP_DOC_BYTES per document of a map batch each).
- **tok-chunk** follows the *total* RAM (or the cgroup limit), not what is free right now: it
  decides how samples are cut into chunks, and a resumed run must cut them the same way to reuse
  the finished ones.
"""

from __future__ import annotations

import dataclasses
import math
import os
from dataclasses import asdict, dataclass, field, replace
from pathlib import Path
from typing import Any

from ..core.errors import CorefprepError
from ..core.options import declared, env_int
from ..tokenizer.config import MapConfig, TokenizeConfig
from ..tokenizer.load import load_fast_tokenizer
from .options import RunOptions

GiB = 2**30
MiB = 2**20

# Measured with `python tools/measure_plan_constants.py memory /work/shared/corpus/dev/kor_Hang_web.jsonl.zst
# /work/shared/corpus/dev/kor_Hang_wiki.jsonl.zst --workers 4`: the parent's RSS goes 61 -> 557 MiB
# when Kiwi is loaded and warmed up; each of 4 forked workers then peaked at 8-11 MiB USS (private
# memory) over 663 Kiwi documents. 600 covers the parent with its imports; 50 per worker leaves room
# for Kiwi's analysis buffers on long documents and for copy-on-write pages a worker dirties over
# its maxtasksperchild tasks.
KIWI_PARENT_MIB = 600
KIWI_WORKER_MIB = 50
# A document waiting for or inside a worker costs its str in one process plus its pickled form:
# mean 6,511 bytes, max 15,822 over the cheap-rule survivors of the dev corpus (same command); the
# max is used since rule set v2 admits documents up to 2,500 characters.
INFLIGHT_DOC_BYTES = 16_000
# corefprep.filter.workers keeps at most 3 chunks per worker queued or running (WINDOW_PER_WORKER).
INFLIGHT_CHUNKS_PER_WORKER = 3
# One datasets.map process of the tokenize stage (forked from the parent), private memory: measured
# with `python tools/measure_plan_constants.py mapmem /work/shared/corpus/dev` (10,000 dev-corpus
# documents, clm, seq-len 2048, num_proc 2): peak USS 89 MiB with map batches of 100 documents,
# 187 MiB with 1,000, i.e. ~80 MiB plus ~110 KiB per document of a map batch; the per-document
# figure is doubled for documents up to 2,500 characters (the dev corpus' average is lower).
MAP_PROC_BASE_MIB = 100
MAP_DOC_BYTES = 220 * 1024
# Left for the parent's batch buffer (a run of kept documents and a row group being written, each at
# most 8M characters: corefprep.filter.kept_rows; and every document's values), the OS and the
# page cache that makes reading the inputs fast: 10% of the RAM, at least 1 GiB.
RESERVE_SHARE = 0.10
RESERVE_MIN = 1 * GiB

LARGE_RAM = 50 * GiB
MEDIUM_RAM = 20 * GiB


@dataclass(frozen=True)
class TierDefaults:
    chunksize: int  # documents per task sent to a filter worker
    map_batch_size: int  # documents per datasets.map call
    writer_batch_size: int  # rows per Arrow record batch written
    tok_chunk: int  # samples per tokenized chunk (by total RAM, see the module docstring)
    keep_in_memory: bool  # tokenize reads its input chunk into RAM instead of memory-mapping it


# "medium" is what corefprep always used; "large" makes fewer, bigger calls (less per-call
# overhead, a chunk read into RAM rather than paged in from a possibly networked disk); "small"
# bounds what one worker or map process holds.
TIERS: dict[str, TierDefaults] = {
    "large": TierDefaults(chunksize=2000, map_batch_size=1000, writer_batch_size=1000, tok_chunk=1_000_000,
                          keep_in_memory=True),
    "medium": TierDefaults(chunksize=2000, map_batch_size=100, writer_batch_size=1000, tok_chunk=1_000_000,
                           keep_in_memory=False),
    "small": TierDefaults(chunksize=500, map_batch_size=50, writer_batch_size=500, tok_chunk=250_000,
                          keep_in_memory=False),
}
# A writer batch of long rows is capped to this many bytes of ids per map process.
WRITER_BATCH_BYTES = 64 * MiB

# planned option -> the environment variable that wins over the plan (declared on MapConfig)
ENV_OVERRIDES = {f.name: c.env for f, c in declared(MapConfig) if c.env}


def tier_of(ram_bytes: int) -> str:
    if ram_bytes >= LARGE_RAM:
        return "large"
    return "medium" if ram_bytes >= MEDIUM_RAM else "small"


# --- the machine ---------------------------------------------------------------------------------


@dataclass(frozen=True)
class Machine:
    """What the plan needs to know about where it runs."""

    affinity_cpus: int  # CPUs this process may run on (sched_getaffinity)
    available_bytes: int  # RAM that can be used now (psutil available, capped by the cgroup)
    total_bytes: int  # the machine's RAM, or the cgroup's limit when lower
    cgroup_cpus: float | None = None  # CPU quota (quota / period), None when unlimited
    cgroup_memory_max: int | None = None  # cgroup memory limit, None when unlimited

    @property
    def cpus(self) -> float:
        """Usable CPUs: the affinity mask, capped by the CPU quota (which may be fractional)."""
        return min(float(self.affinity_cpus), self.cgroup_cpus) if self.cgroup_cpus else float(self.affinity_cpus)

    @property
    def cpu_slots(self) -> int:
        """Processes that can run at full speed at once: a quota of 3.5 CPUs runs 3 (a 4th would
        only make all of them wait for the quota), never fewer than 1."""
        return max(1, int(self.cpus + 1e-9))

    def describe(self) -> str:
        quota = f", quota {self.cgroup_cpus:g} CPUs" if self.cgroup_cpus else ""
        limit = f", cgroup limit {self.cgroup_memory_max / GiB:,.1f} GiB" if self.cgroup_memory_max else ""
        return (f"{self.affinity_cpus} CPUs{quota}; RAM {self.available_bytes / GiB:,.1f} GiB free of "
                f"{self.total_bytes / GiB:,.1f} GiB{limit}")


def _read(path: Path) -> str | None:
    try:
        return path.read_text().strip()
    except OSError:
        return None


def _cgroup_dirs(root: Path, proc_cgroup: str | None, controller: str | None) -> list[Path]:
    """The process's own cgroup directory and its ancestors (a limit may sit on any of them),
    then ``root`` itself (inside a container's cgroup namespace the process's cgroup *is* root)."""
    rel = None
    for line in (proc_cgroup or "").splitlines():
        parts = line.split(":", 2)
        if len(parts) != 3:
            continue
        hid, ctrls, path = parts
        if controller is None and hid == "0" and ctrls == "":
            rel = path
        elif controller is not None and controller in ctrls.split(","):
            rel = path
    base = root if controller is None else _v1_dir(root, controller)
    if base is None:
        return []
    out: list[Path] = []
    if rel and rel != "/":
        p = base / rel.lstrip("/")
        while p != base and base in p.parents:
            out.append(p)
            p = p.parent
    out.append(base)
    return [p for p in out if p.is_dir()]


def _v1_dir(root: Path, controller: str) -> Path | None:
    for name in (controller, f"{controller},cpuacct", f"cpuacct,{controller}"):
        if (root / name).is_dir():
            return root / name
    return None


def _is_v2(root: Path) -> bool:
    return (root / "cgroup.controllers").exists()


def cgroup_cpu_limit(root: Path = Path("/sys/fs/cgroup"), proc_cgroup: str | None = None) -> float | None:
    """CPUs allowed by the CPU quota (v2 ``cpu.max``; v1 ``cpu.cfs_quota_us / cpu.cfs_period_us``),
    the tightest of the process's cgroup and its ancestors; None when there is no quota."""
    limits: list[float] = []
    if _is_v2(root):
        for d in _cgroup_dirs(root, proc_cgroup, None):
            text = _read(d / "cpu.max")
            if not text:
                continue
            quota, _, period = text.partition(" ")
            if quota != "max" and quota.isdigit() and period.strip().isdigit() and int(period) > 0:
                limits.append(int(quota) / int(period))
    else:
        for d in _cgroup_dirs(root, proc_cgroup, "cpu"):
            q, p = _read(d / "cpu.cfs_quota_us"), _read(d / "cpu.cfs_period_us")
            if q and p and q.lstrip("-").isdigit() and p.isdigit() and int(q) > 0 and int(p) > 0:
                limits.append(int(q) / int(p))
    return min(limits) if limits else None


# a v1 "unlimited" memory limit is a huge page-aligned number, not a word
_V1_UNLIMITED = 1 << 60


def cgroup_memory(root: Path = Path("/sys/fs/cgroup"), proc_cgroup: str | None = None) -> tuple[int | None, int]:
    """(memory limit, memory in use that cannot be reclaimed) of the process's cgroup; (None, 0)
    when unlimited. In use = usage minus inactive file cache, which the kernel gives back first."""
    if _is_v2(root):
        dirs, names = _cgroup_dirs(root, proc_cgroup, None), ("memory.max", "memory.current", "inactive_file")
    else:
        dirs = _cgroup_dirs(root, proc_cgroup, "memory")
        names = ("memory.limit_in_bytes", "memory.usage_in_bytes", "total_inactive_file")
    best: tuple[int, int] | None = None
    for d in dirs:
        text = _read(d / names[0])
        if not text or not text.isdigit() or int(text) >= _V1_UNLIMITED:
            continue
        limit = int(text)
        usage = int(_read(d / names[1]) or 0) if (_read(d / names[1]) or "").isdigit() else 0
        inactive = 0
        for line in (_read(d / "memory.stat") or "").splitlines():
            key, _, val = line.partition(" ")
            if key == names[2] and val.strip().isdigit():
                inactive = int(val)
        in_use = max(0, usage - inactive)
        if best is None or limit - in_use < best[0] - best[1]:
            best = (limit, in_use)
    return (best[0], best[1]) if best else (None, 0)


def detect_machine(cgroup_root: Path = Path("/sys/fs/cgroup"), proc_cgroup_file: Path = Path("/proc/self/cgroup"),
                   vm: Any = None) -> Machine:
    """This machine as the plan sees it. ``vm`` (a psutil.virtual_memory() result) is for tests."""
    import psutil

    try:
        affinity = len(os.sched_getaffinity(0))
    except AttributeError:  # not Linux
        affinity = os.cpu_count() or 1
    proc = _read(proc_cgroup_file)
    cpus = cgroup_cpu_limit(cgroup_root, proc)
    limit, in_use = cgroup_memory(cgroup_root, proc)
    vm = vm if vm is not None else psutil.virtual_memory()
    available, total = int(vm.available), int(vm.total)
    if limit is not None:
        available = min(available, max(0, limit - in_use))
        total = min(total, limit)
    return Machine(max(1, affinity), available, total, cpus, limit)


# --- the plan ------------------------------------------------------------------------------------


@dataclass(frozen=True)
class TokenizerProfile:
    vocab_size: int
    tokens_per_s: float | None = None  # encode_batch speed in one process, when measured

    @property
    def id_bytes(self) -> int:
        """Bytes per stored token id (corefprep.tokenizer.ids.id_types: uint16 up to 65,535, else 32-bit)."""
        return 2 if self.vocab_size <= 0xFFFF else 4


@dataclass(frozen=True)
class Plan:
    workers: int
    chunksize: int
    docs_in_flight_per_worker: int
    num_proc: int
    map_batch_size: int
    writer_batch_size: int
    tok_chunk: int
    keep_in_memory: bool
    tier: str
    machine: Machine
    limited_by: str  # what set the worker count: "cpus" or "ram"
    overridden: tuple[str, ...] = field(default=())  # values the user or the environment set instead

    def describe(self) -> str:
        m = self.machine
        why = "" if self.limited_by == "cpus" else ", fewer than the CPUs: RAM"
        over = f"; set by you: {', '.join(self.overridden)}" if self.overridden else ""
        return (f"plan: {self.workers} workers (RAM {m.available_bytes / GiB:,.0f} GiB free, {KIWI_PARENT_MIB} MB Kiwi "
                f"+ {KIWI_WORKER_MIB} MB/worker{why}), chunksize {self.chunksize:,}, num_proc {self.num_proc}, "
                f"map batch {self.map_batch_size:,}, writer batch {self.writer_batch_size:,}, "
                f"tok-chunk {self.tok_chunk:,}, {'in-memory' if self.keep_in_memory else 'on-disk'}{over}")

    def as_dict(self) -> dict[str, Any]:
        d = asdict(self)
        d["machine"] = {**asdict(self.machine), "cpus": self.machine.cpus, "cpu_slots": self.machine.cpu_slots}
        d["overridden"] = list(self.overridden)
        d["description"] = self.describe()
        return d


def reserve_bytes(machine: Machine) -> int:
    return max(RESERVE_MIN, int(RESERVE_SHARE * machine.available_bytes))


def worker_bytes(chunksize: int) -> int:
    """What one filter worker costs: its own Kiwi memory and the documents in flight to it."""
    return KIWI_WORKER_MIB * MiB + INFLIGHT_CHUNKS_PER_WORKER * chunksize * INFLIGHT_DOC_BYTES


def map_proc_bytes(map_batch_size: int) -> int:
    """What one datasets.map process of the tokenize stage holds at its peak."""
    return MAP_PROC_BASE_MIB * MiB + map_batch_size * MAP_DOC_BYTES


def make_plan(machine: Machine, tokenizer: TokenizerProfile, *, seq_len: int = TokenizeConfig().seq_len) -> Plan:
    """The run's defaults for ``machine`` (pure: no I/O)."""
    tier = TIERS[tier_of(machine.available_bytes)]
    slots = machine.cpu_slots
    free = machine.available_bytes - reserve_bytes(machine)
    by_ram = math.floor((free - KIWI_PARENT_MIB * MiB) / worker_bytes(tier.chunksize))
    workers = max(1, min(slots, by_ram))
    procs_by_ram = math.floor(free / map_proc_bytes(tier.map_batch_size))
    num_proc = max(1, min(slots, procs_by_ram))
    # a writer batch of long rows (ids and labels) stays under WRITER_BATCH_BYTES per process
    row_bytes = 2 * seq_len * tokenizer.id_bytes
    writer = max(100, min(tier.writer_batch_size, WRITER_BATCH_BYTES // max(1, row_bytes)))
    tok_chunk = TIERS[tier_of(machine.total_bytes)].tok_chunk
    return Plan(
        workers=workers,
        chunksize=tier.chunksize,
        docs_in_flight_per_worker=INFLIGHT_CHUNKS_PER_WORKER * tier.chunksize,
        num_proc=num_proc,
        map_batch_size=tier.map_batch_size,
        writer_batch_size=writer,
        tok_chunk=tok_chunk,
        keep_in_memory=tier.keep_in_memory,
        tier=tier_of(machine.available_bytes),
        machine=machine,
        limited_by="ram" if by_ram < slots else "cpus",
    )


def min_ram_bytes() -> int:
    """Below this a run cannot hold one Kiwi and one worker (``doctor`` reports it as a problem)."""
    return KIWI_PARENT_MIB * MiB + worker_bytes(TIERS["small"].chunksize)


# --- applying it ---------------------------------------------------------------------------------

# The planned options: (config of RunOptions, its field); the plan field has the field's name.
PLANNED_FIELDS: dict[str, str] = {
    "workers": "engine",
    "chunksize": "engine",
    "tok_chunk": "map",
    "num_proc": "map",
    "map_batch_size": "map",
    "writer_batch_size": "map",
    "keep_in_memory": "map",
}


def _env_values(opts: RunOptions) -> dict[str, int]:
    """Planned options set by an environment variable (DATASET_NUM_PROC ...), validated."""
    out: dict[str, int] = {}
    for f, c in declared(MapConfig):
        if c.env and getattr(opts.map, f.name) is None and (v := env_int(c.env)) is not None:
            out[f.name] = v
    return out


def apply_plan(opts: RunOptions, machine: Machine | None = None,
               tokenizer: TokenizerProfile | None = None) -> RunOptions:
    """``opts`` with every planned option it leaves unset (None) filled: from its environment
    variable when one is set (DATASET_NUM_PROC ...), else from this machine's plan. The plan kept
    on the result says which values the user or the environment set instead (``overridden``).

    ``tokenizer`` defaults to the run's tokenizer's vocabulary when it loads; otherwise 4-byte ids
    are assumed (the larger rows, so the safer writer batch)."""
    machine = machine or detect_machine()
    if tokenizer is None:
        tokenizer = _run_tokenizer_profile(opts)
    plan = make_plan(machine, tokenizer, seq_len=opts.tokenize.seq_len)
    env = _env_values(opts)
    overridden: list[str] = []
    used: dict[str, Any] = {}
    changes: dict[str, dict[str, Any]] = {"engine": {}, "map": {}}
    for name, where in PLANNED_FIELDS.items():
        given = getattr(getattr(opts, where), name)
        if given is not None:
            value = given
            if given != getattr(plan, name):
                overridden.append(f"{name} {given}")
        elif name in env:
            value = env[name]
            if value != getattr(plan, name):
                overridden.append(ENV_OVERRIDES[name])
        else:
            value = getattr(plan, name)
        changes[where][name] = value
        used[name] = value
    used["docs_in_flight_per_worker"] = INFLIGHT_CHUNKS_PER_WORKER * used["chunksize"]
    result = replace(plan, **used, overridden=tuple(overridden))
    return dataclasses.replace(opts, engine=replace(opts.engine, **changes["engine"]),
                               map=replace(opts.map, **changes["map"]), plan=result)


def is_planned(opts: RunOptions) -> bool:
    """Whether every planned option of ``opts`` has a value."""
    return all(getattr(getattr(opts, where), name) is not None for name, where in PLANNED_FIELDS.items())


def _run_tokenizer_profile(opts: RunOptions) -> TokenizerProfile:
    # only a local tokenizer.json is read here (milliseconds); a hub name would mean network and
    # importing transformers before the run has even started
    if (Path(opts.tokenize.model).expanduser() / "tokenizer.json").is_file():
        try:
            return TokenizerProfile(len(load_fast_tokenizer(opts.tokenize.model)))
        except (CorefprepError, OSError, ValueError):  # the run reports a tokenizer that does not load in its own words
            return TokenizerProfile(1 << 20)
    return TokenizerProfile(1 << 20)
