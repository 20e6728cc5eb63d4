"""corefprep.plan: machine detection from (fake) cgroup files and the plan on simulated machines."""

from __future__ import annotations

from collections import namedtuple
from pathlib import Path

import pytest

from corefprep.filter.config import EngineConfig
from corefprep.run.options import RunOptions
from corefprep.run.plan import (
    INFLIGHT_CHUNKS_PER_WORKER,
    KIWI_PARENT_MIB,
    GiB,
    Machine,
    MiB,
    TokenizerProfile,
    apply_plan,
    cgroup_cpu_limit,
    cgroup_memory,
    detect_machine,
    is_planned,
    make_plan,
    map_proc_bytes,
    min_ram_bytes,
    reserve_bytes,
    worker_bytes,
)
from corefprep.tokenizer.config import MapConfig

SMALL_VOCAB = TokenizerProfile(8_000)
BIG_VOCAB = TokenizerProfile(130_000)


def _write(root: Path, files: dict[str, str]) -> Path:
    for rel, text in files.items():
        p = root / rel
        p.parent.mkdir(parents=True, exist_ok=True)
        p.write_text(text)
    return root


# --- cgroup files --------------------------------------------------------------------------------


def test_cgroup_v2_cpu_quota_of_3_5_cpus(tmp_path):
    root = _write(tmp_path, {"cgroup.controllers": "cpu memory", "cpu.max": "350000 100000"})
    assert cgroup_cpu_limit(root, "0::/\n") == pytest.approx(3.5)


def test_cgroup_v2_unlimited_quota_is_none(tmp_path):
    root = _write(tmp_path, {"cgroup.controllers": "cpu", "cpu.max": "max 100000"})
    assert cgroup_cpu_limit(root, "0::/\n") is None


def test_cgroup_v2_tightest_limit_of_own_group_and_its_ancestors(tmp_path):
    root = _write(tmp_path, {
        "cgroup.controllers": "cpu memory",
        "cpu.max": "max 100000",
        "kubepods/cpu.max": "200000 100000",
        "kubepods/pod1/cpu.max": "800000 100000",
        "kubepods/pod1/memory.max": "max",
        "kubepods/memory.max": str(8 * GiB),
        "kubepods/memory.current": str(3 * GiB),
        "kubepods/memory.stat": f"anon 100\ninactive_file {1 * GiB}\nactive_file 5\n",
    })
    proc = "0::/kubepods/pod1\n"
    assert cgroup_cpu_limit(root, proc) == pytest.approx(2.0)
    limit, in_use = cgroup_memory(root, proc)
    assert limit == 8 * GiB and in_use == 2 * GiB  # page cache that can be reclaimed is not in use


def test_cgroup_v1_cfs_quota(tmp_path):
    root = _write(tmp_path, {
        "cpu,cpuacct/cpu.cfs_quota_us": "350000",
        "cpu,cpuacct/cpu.cfs_period_us": "100000",
        "memory/memory.limit_in_bytes": str(16 * GiB),
        "memory/memory.usage_in_bytes": str(2 * GiB),
        "memory/memory.stat": f"total_inactive_file {GiB}\n",
    })
    proc = "4:cpu,cpuacct:/\n3:memory:/\n"
    assert cgroup_cpu_limit(root, proc) == pytest.approx(3.5)
    assert cgroup_memory(root, proc) == (16 * GiB, GiB)


def test_cgroup_v1_no_quota_and_unlimited_memory(tmp_path):
    root = _write(tmp_path, {
        "cpu/cpu.cfs_quota_us": "-1",
        "cpu/cpu.cfs_period_us": "100000",
        "memory/memory.limit_in_bytes": "9223372036854771712",
    })
    proc = "4:cpu,cpuacct:/\n3:memory:/\n"
    assert cgroup_cpu_limit(root, proc) is None
    assert cgroup_memory(root, proc) == (None, 0)


def test_no_cgroup_files_means_no_limits(tmp_path):
    assert cgroup_cpu_limit(tmp_path, None) is None
    assert cgroup_memory(tmp_path, None) == (None, 0)


VM = namedtuple("VM", "available total")


def test_detect_machine_caps_ram_by_the_cgroup_limit(tmp_path):
    root = _write(tmp_path / "cg", {
        "cgroup.controllers": "cpu memory",
        "cpu.max": "350000 100000",
        "memory.max": str(12 * GiB),
        "memory.current": str(4 * GiB),
        "memory.stat": "inactive_file 0\n",
    })
    proc = _write(tmp_path, {"self_cgroup": "0::/\n"}) / "self_cgroup"
    m = detect_machine(root, proc, vm=VM(available=200 * GiB, total=256 * GiB))
    assert m.cgroup_cpus == pytest.approx(3.5)
    assert m.available_bytes == 8 * GiB  # the limit minus what the group already uses, not the host's 200
    assert m.total_bytes == 12 * GiB
    assert m.cpus <= m.affinity_cpus


def test_detect_machine_reads_this_machine_without_a_cgroup():
    m = detect_machine(Path("/nonexistent-cgroup-root"))
    assert m.affinity_cpus >= 1 and m.available_bytes > 0 and m.total_bytes >= m.available_bytes
    assert m.cgroup_cpus is None and m.cgroup_memory_max is None


# --- the plan on simulated machines ----------------------------------------------------------------


@pytest.mark.parametrize("cores", [2, 16, 64])
@pytest.mark.parametrize("ram_gib,tier", [(16, "small"), (31, "medium"), (200, "large")])
def test_plan_fits_in_ram_and_cores(cores, ram_gib, tier):
    m = Machine(affinity_cpus=cores, available_bytes=ram_gib * GiB, total_bytes=ram_gib * GiB)
    p = make_plan(m, SMALL_VOCAB)
    assert p.tier == tier
    assert 1 <= p.workers <= cores and 1 <= p.num_proc <= cores
    budget = m.available_bytes - reserve_bytes(m)
    # the filter stage and the tokenize stage (which run one after the other) each fit
    assert KIWI_PARENT_MIB * MiB + p.workers * worker_bytes(p.chunksize) <= budget
    assert p.num_proc * map_proc_bytes(p.map_batch_size) <= budget
    assert p.docs_in_flight_per_worker == INFLIGHT_CHUNKS_PER_WORKER * p.chunksize
    # with these measured costs RAM is not what limits these machines: every core gets a worker
    assert p.workers == cores and p.limited_by == "cpus"


def test_tiers_scale_batches_with_ram():
    small, medium, large = (make_plan(Machine(16, g * GiB, g * GiB), SMALL_VOCAB) for g in (8, 32, 128))
    assert small.chunksize < medium.chunksize
    assert small.map_batch_size < medium.map_batch_size < large.map_batch_size
    assert small.tok_chunk < medium.tok_chunk
    assert not small.keep_in_memory and not medium.keep_in_memory and large.keep_in_memory
    # medium is what corefprep used before the plan existed
    assert (medium.chunksize, medium.map_batch_size, medium.writer_batch_size, medium.tok_chunk) == (
        2000, 100, 1000, 1_000_000)


def test_little_ram_limits_the_workers_not_the_cores():
    m = Machine(affinity_cpus=64, available_bytes=4 * GiB, total_bytes=8 * GiB)
    p = make_plan(m, SMALL_VOCAB)
    assert p.limited_by == "ram"
    assert 1 <= p.workers < 64
    assert KIWI_PARENT_MIB * MiB + p.workers * worker_bytes(p.chunksize) <= m.available_bytes - reserve_bytes(m)
    assert KIWI_PARENT_MIB * MiB + (p.workers + 1) * worker_bytes(p.chunksize) > m.available_bytes - reserve_bytes(m)
    assert "RAM" in p.describe()


def test_below_one_kiwi_and_one_worker_still_plans_one_worker():
    m = Machine(affinity_cpus=8, available_bytes=512 * MiB, total_bytes=1 * GiB)
    assert m.available_bytes < min_ram_bytes()
    p = make_plan(m, SMALL_VOCAB)
    assert p.workers == 1 and p.num_proc == 1


def test_cpu_quota_on_a_big_host():
    m = Machine(affinity_cpus=64, available_bytes=200 * GiB, total_bytes=256 * GiB, cgroup_cpus=3.5)
    p = make_plan(m, SMALL_VOCAB)
    assert m.cpus == 3.5 and m.cpu_slots == 3
    assert p.workers == 3 and p.num_proc == 3
    assert make_plan(Machine(64, 200 * GiB, 256 * GiB, cgroup_cpus=0.5), SMALL_VOCAB).workers == 1


def test_tok_chunk_follows_total_ram_so_a_resume_cuts_the_same_chunks():
    busy = Machine(affinity_cpus=8, available_bytes=10 * GiB, total_bytes=64 * GiB)
    idle = Machine(affinity_cpus=8, available_bytes=60 * GiB, total_bytes=64 * GiB)
    assert make_plan(busy, SMALL_VOCAB).tok_chunk == make_plan(idle, SMALL_VOCAB).tok_chunk


def test_writer_batch_shrinks_for_long_rows_of_wide_ids():
    m = Machine(affinity_cpus=8, available_bytes=31 * GiB, total_bytes=32 * GiB)
    assert make_plan(m, SMALL_VOCAB, seq_len=2048).writer_batch_size == 1000
    long_rows = make_plan(m, BIG_VOCAB, seq_len=32768)
    assert BIG_VOCAB.id_bytes == 4 and SMALL_VOCAB.id_bytes == 2
    assert long_rows.writer_batch_size * 2 * 32768 * 4 <= 64 * MiB


def test_describe_is_one_line_with_every_value():
    p = make_plan(Machine(affinity_cpus=16, available_bytes=31 * GiB, total_bytes=32 * GiB), SMALL_VOCAB)
    line = p.describe()
    assert "\n" not in line and line.startswith("plan: 16 workers (RAM 31 GiB free, 600 MB Kiwi + 50 MB/worker)")
    for part in ("num_proc 16", "map batch 100", "writer batch 1,000", "tok-chunk 1,000,000", "on-disk"):
        assert part in line
    assert p.as_dict()["description"] == line


# --- applying it under the user's settings ---------------------------------------------------------


@pytest.fixture
def no_env(monkeypatch):
    for var in ("DATASET_NUM_PROC", "DATASET_BATCH_SIZE", "DATASET_WRITER_BATCH_SIZE"):
        monkeypatch.delenv(var, raising=False)


def test_apply_plan_fills_what_was_not_given(no_env):
    m = Machine(affinity_cpus=16, available_bytes=8 * GiB, total_bytes=8 * GiB)
    opts = apply_plan(RunOptions(engine=EngineConfig(workers=5)), machine=m, tokenizer=SMALL_VOCAB)
    p = opts.plan
    planned = make_plan(m, SMALL_VOCAB)
    assert opts.engine.workers == 5 and p.workers == 5  # the user's value wins and the plan reports it
    assert "workers 5" in p.overridden and "set by you: workers 5" in p.describe()
    mp = opts.map
    assert (opts.engine.chunksize, mp.num_proc, mp.map_batch_size, mp.writer_batch_size, mp.tok_chunk) == (
        planned.chunksize, planned.num_proc, planned.map_batch_size, planned.writer_batch_size, planned.tok_chunk)
    assert mp.keep_in_memory is planned.keep_in_memory


def test_environment_variables_win_over_the_plan(no_env, monkeypatch):
    monkeypatch.setenv("DATASET_NUM_PROC", "3")
    monkeypatch.setenv("DATASET_BATCH_SIZE", "77")
    monkeypatch.setenv("DATASET_WRITER_BATCH_SIZE", "222")
    m = Machine(affinity_cpus=64, available_bytes=200 * GiB, total_bytes=256 * GiB)
    opts = apply_plan(RunOptions(), machine=m, tokenizer=SMALL_VOCAB)
    p = opts.plan
    assert (opts.map.num_proc, opts.map.map_batch_size, opts.map.writer_batch_size) == (3, 77, 222)
    assert (p.num_proc, p.map_batch_size, p.writer_batch_size) == (3, 77, 222)
    assert "DATASET_NUM_PROC" in p.overridden
    assert opts.engine.workers == 64  # not covered by an environment variable: planned


def test_apply_plan_on_this_machine_reads_the_bundled_tokenizer(no_env):
    opts = apply_plan(RunOptions())
    assert opts.engine.workers == opts.plan.workers >= 1
    assert opts.plan.describe().startswith("plan: ")


def test_in_memory_tokenize_input_gives_the_same_dataset(tmp_path, tmp_path_factory):
    """keep_in_memory (the large tier) changes how the tokenize stage reads its chunks, not the rows."""
    from fixtures import minicorpus as mc

    from corefprep.run.pipeline import prepare

    mc.warm_kiwi()
    corpus = mc.mini_corpus(tmp_path_factory)
    hashes = []
    for in_memory in (False, True):
        opts = RunOptions(inputs=[str(corpus)], output_dir=tmp_path / str(in_memory), progress=False,
                          engine=EngineConfig(workers=1), map=MapConfig(keep_in_memory=in_memory, num_proc=1))
        res = prepare(opts)
        assert res.dataset is not None
        hashes.append(mc.dataset_hash(res.dataset))
    assert hashes[0] == hashes[1]


def test_the_plan_is_applied_once_and_kept_with_the_options(no_env):
    m = Machine(affinity_cpus=16, available_bytes=31 * GiB, total_bytes=32 * GiB)
    given = RunOptions(engine=EngineConfig(workers=3), map=MapConfig(map_batch_size=7))
    assert not is_planned(given) and given.plan is None
    opts = apply_plan(given, machine=m, tokenizer=SMALL_VOCAB)
    assert is_planned(opts) and (opts.plan.workers, opts.plan.map_batch_size) == (3, 7)
    assert given.engine.chunksize is None  # the options given are not changed
