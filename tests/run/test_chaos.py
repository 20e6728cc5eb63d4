"""The chaos soak (``make soak``): outputs on a store (moto's S3 server) reached through a loopback
proxy that can cut it off, worked on over many rounds. Each round resumes the run and injects one
fault drawn from the fault model (docs/guarantees.md): the driver killed, stopped or signalled, a
worker or a Ray actor killed or stopped, a partition shorter or longer than the lease's fence, a
competing run started from another pid namespace (another host id). Once a round's run finishes
its output, the next round starts another (so every round has work to disturb); one undisturbed
run finishes the last. What must hold, checked by the proxy (every request that reached the
store, with the run that sent it) and by the store itself:

- at most one run writes at any time, and no object is written by a run after another took the
  lease (Ray actors' deliveries under ``work/.incoming/`` are hidden and excluded: harmless by
  construction);
- every output's dataset files are byte-identical to an undisturbed run's;
- no process of a round outlives it, and no beat file is left behind;
- nothing is listed half-written (a watcher lists the bucket all along);
- every run that ends on a fault ends in one line, never a traceback or an internal error.

``CP_SOAK_ROUNDS`` (default 24) and ``CP_SOAK_SEED`` set the rounds and the draw; the tally of the
faults, the invariants and the wall time are printed and written to ``chaos-report.json`` in the
test's directory.
"""

from __future__ import annotations

import json
import os
import random
import re
import signal
import subprocess
import sys
import tempfile
import time
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path

import psutil
import pytest
from fixtures.cli import HOOK_SRC, cli_env, popen_cli, run_cli
from fixtures.s3 import FaultyProxy, S3Server
from fixtures.shared import REPO
from fixtures.store_watch import Watcher

from corefprep.store.terms import Terms

pytestmark = [pytest.mark.soak, pytest.mark.slow]

ROUNDS = int(os.environ.get("CP_SOAK_ROUNDS", "24"))
SEED = int(os.environ.get("CP_SOAK_SEED", "35"))
LEASE = Terms(12.0)  # fence 8 s after the last renewal, takeover after 16 s unchanged
SEQ = "256"
NAME = f"entity_coref_v2_{SEQ}"
ARGS = ["--no-progress", "--workers", "2", "--batch-docs", "20", "--tok-chunk", "25", "--seq-len", SEQ,
        "--upload-every", "0.3", "--lease-seconds", str(LEASE.seconds), "--doc-timeout", "20"]
BUCKET = "chaos"
FAULTS = ["kill-driver", "term-driver", "int-driver", "stop-driver", "stop-driver-long", "kill-worker", "stop-worker",
          "partition-short", "partition-long", "compete", "ray-kill-actor", "ray-kill-driver"]
UNSHARE = ["unshare", "--pid", "--fork"]


@dataclass
class Tally:
    faults: Counter[str] = field(default_factory=Counter)
    outcomes: Counter[str] = field(default_factory=Counter)
    problems: list[str] = field(default_factory=list)


@dataclass
class Output:
    """One output the rounds work on until a run finishes it; then the next round starts another,
    so that every round has work to disturb. Each host has its own stage directory."""

    number: int
    root: Path

    @property
    def prefix(self) -> str:
        return f"out{self.number}/"

    @property
    def url(self) -> str:
        return f"s3://{BUCKET}/out{self.number}"

    def stage(self, host: str) -> Path:
        return self.root / f"stage-{host}-{self.number}"


class Round:
    """One run of the soak: the CLI on the output, with what it started."""

    def __init__(self, proxy: FaultyProxy, out: Output, *, ray: bool = False, host: str = "a"):
        self.out = out
        args = ["prepare", "-o", out.url, "--stage-dir", out.stage(host), *ARGS, *(["--engine", "ray"] if ray else [])]
        env = {"AWS_ENDPOINT_URL": proxy.endpoint}
        if host == "a":
            self.p = popen_cli(args, **env)
        else:  # another pid namespace: another host id
            self.p = subprocess.Popen([*UNSHARE, sys.executable, "-c", HOOK_SRC, *map(str, args)], env=cli_env(**env),
                                      cwd=REPO, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                                      start_new_session=True)
        self.procs: dict[int, psutil.Process] = {}
        self.err = ""

    def driver(self) -> psutil.Process | None:
        try:
            root = psutil.Process(self.p.pid)
            if root.name() == "unshare":
                kids = root.children(recursive=True)
                return next((k for k in kids if "python" in k.name()), None)
            return root
        except psutil.NoSuchProcess:
            return None

    def look(self) -> None:
        """Remember every process of the run (to check none outlives it)."""
        try:
            root = psutil.Process(self.p.pid)
            for proc in [root, *root.children(recursive=True)]:
                self.procs.setdefault(proc.pid, proc)
        except psutil.NoSuchProcess:
            pass

    def workers(self, marker: str) -> list[psutil.Process]:
        d = self.driver()
        if d is None:
            return []
        out = []
        for proc in d.children(recursive=True):
            try:
                if marker in " ".join(proc.cmdline()) or marker in proc.name():
                    out.append(proc)
            except psutil.Error:
                continue
        return out

    def wait_working(self, s3: S3Server, timeout: float = 120) -> bool:
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            self.look()
            if self.p.poll() is not None:
                return False
            if any(k.endswith(".lease.json") for k in s3.keys(BUCKET, self.out.prefix + "work/")):
                return True
            time.sleep(0.05)
        return False

    def finish(self, timeout: float = 240) -> int | None:
        """Wait for the run (looking at its processes meanwhile); kill it if it outstays."""
        deadline = time.monotonic() + timeout
        while self.p.poll() is None and time.monotonic() < deadline:
            self.look()
            time.sleep(0.1)
        if self.p.poll() is None:
            os.killpg(self.p.pid, signal.SIGKILL)
        _, self.err = self.p.communicate(timeout=60)
        return self.p.returncode

    def leftovers(self, grace: float = 10.0) -> list[str]:
        """Processes of the run still alive ``grace`` seconds after it ended."""
        deadline = time.monotonic() + grace
        while time.monotonic() < deadline:
            alive = [p for p in self.procs.values() if p.is_running() and p.status() != psutil.STATUS_ZOMBIE]
            if not alive:
                return []
            time.sleep(0.2)
        return [f"{p.pid} {' '.join(p.cmdline())[:120]}" for p in alive]


def _one_line(err: str) -> str | None:
    """What is wrong with a failed run's stderr, or None: exactly one line saying how it ended (an
    error, a stop), no traceback, no internal error. (Notices such as "watching its lease" may
    come before it.)"""
    ends = [ln for ln in err.splitlines() if re.match(r"corefprep: (error: |stopped by |interrupted)", ln)]
    if "Traceback" in err or "internal error" in err:
        return f"a traceback or an internal error: {err[-400:]}"
    if len(ends) != 1:
        return f"{len(ends)} lines saying how it ended: {err[-400:]}"
    return None


def _signal_at_random(r: Round, rng: random.Random, sig: int, s3: S3Server) -> None:
    if r.wait_working(s3):
        time.sleep(rng.uniform(0.0, 6.0))
        d = r.driver()
        if d is not None:
            d.send_signal(sig)


def _inject(fault: str, r: Round, rng: random.Random, proxy: FaultyProxy, s3: S3Server) -> list[Round]:
    """Inject ``fault`` into the round ``r``; returns any other run it started."""
    others: list[Round] = []
    if fault in ("kill-driver", "ray-kill-driver"):
        _signal_at_random(r, rng, signal.SIGKILL, s3)
    elif fault == "term-driver":
        _signal_at_random(r, rng, signal.SIGTERM, s3)
    elif fault == "int-driver":
        _signal_at_random(r, rng, signal.SIGINT, s3)
    elif fault in ("stop-driver", "stop-driver-long"):
        if r.wait_working(s3):
            time.sleep(rng.uniform(0.0, 4.0))
            d = r.driver()
            if d is not None:
                d.suspend()
                if fault == "stop-driver-long":  # another host takes over meanwhile
                    other = Round(proxy, r.out, host="b")
                    others.append(other)
                    time.sleep(LEASE.takeover_after + 4)
                else:
                    time.sleep(rng.uniform(1.0, LEASE.writes_for / 2))
                d.resume()
    elif fault in ("kill-worker", "stop-worker", "ray-kill-actor"):
        if r.wait_working(s3):
            time.sleep(rng.uniform(0.5, 4.0))
            marker = "ray::UnitActor" if fault == "ray-kill-actor" else "python"
            victims = [w for w in r.workers(marker) if fault != "kill-worker" or "ray" not in w.name()]
            if victims:
                v = rng.choice(victims)
                if fault == "stop-worker":
                    v.suspend()
                    time.sleep(rng.uniform(1.0, 5.0))
                    v.resume()
                else:
                    v.kill()
    elif fault in ("partition-short", "partition-long"):
        if r.wait_working(s3):
            time.sleep(rng.uniform(0.0, 3.0))
            proxy.cut(rng.choice(["reset", "hang"]))
            time.sleep(LEASE.writes_for / 3 if fault == "partition-short" else LEASE.writes_for + 6)
            proxy.heal()
    elif fault == "compete":
        if r.wait_working(s3):
            time.sleep(rng.uniform(0.0, 3.0))
            others.append(Round(proxy, r.out, host="b"))
    return others


def _judge(fault: str, r: Round, code: int | None, tally: Tally) -> None:
    """What each fault must end in."""
    tally.outcomes[f"{fault}: exit {code}"] += 1
    if code == 0:
        return
    must_finish = ("stop-driver", "kill-worker", "stop-worker", "partition-short", "compete", "ray-kill-actor")
    if fault in must_finish:
        tally.problems.append(f"{fault}: the run did not finish (exit {code}): {r.err[-600:]}")
    elif code not in (-9, 1, 130, 143):
        tally.problems.append(f"{fault}: exit {code}: {r.err[-600:]}")
    elif code != -9 and (why := _one_line(r.err)) is not None:
        tally.problems.append(f"{fault}: {why}")


def _writes_after_takeover(proxy: FaultyProxy) -> list[str]:
    """Every object written or deleted on the store by a run that did not hold its output's lease
    then: the holder at any moment is the run whose first successful lease write came last."""
    taken: dict[str, list[str]] = {}  # output -> the runs that took its lease, in order
    bad = []
    for seen in sorted(proxy.seen, key=lambda s: s.at):
        run = next((part.split("/", 1)[1] for part in seen.agent.split() if part.startswith("corefprep-run/")), None)
        if run is None or seen.method not in ("PUT", "POST", "DELETE") or not 200 <= seen.status < 300:
            continue
        for path in seen.objects():
            holders = taken.setdefault("/".join(path.split("/")[:3]), [])  # /bucket/outN
            if path.endswith("/work/.lease.json"):
                if seen.method == "PUT" and run not in holders:
                    holders.append(run)
                continue
            if "/work/.incoming/" in path:
                continue
            holder = holders[-1] if holders else None
            if holder != run:
                bad.append(f"{seen.method} {path} by run {run[:8]} while run {(holder or '-')[:8]} held the lease")
    return bad


def _data_files(d: Path) -> dict[str, bytes]:
    return {p.name: p.read_bytes() for p in sorted(d.glob("data-*.arrow"))}


def test_chaos_soak(s3_server: S3Server, tmp_path: Path) -> None:
    t0 = time.monotonic()
    reference = tmp_path / "reference"
    r = run_cli(["prepare", "-o", reference, *ARGS])
    assert r.returncode == 0, r.stderr
    s3_server.bucket(BUCKET)
    proxy = FaultyProxy(s3_server.endpoint, rate=0.0)
    rng = random.Random(SEED)
    tally = Tally()
    draws = [FAULTS[i % len(FAULTS)] for i in range(ROUNDS)]
    rng.shuffle(draws)
    outputs = [Output(0, tmp_path)]
    listings = 0
    try:
        for i, fault in enumerate(draws):
            out = outputs[-1]
            tally.faults[fault] += 1
            with Watcher(s3_server, BUCKET, out.prefix) as watcher:
                r = Round(proxy, out, ray=fault.startswith("ray-"))
                others = _inject(fault, r, rng, proxy, s3_server)
                finished = [r.finish()]
                _judge(fault, r, finished[0], tally)
                for other in others:
                    finished.append(other.finish())
                    _judge("competitor" if fault == "compete" else "takeover", other, finished[-1], tally)
            listings += watcher.listings
            tally.problems += [f"round {i} ({fault}): {p}" for p in watcher.problems]
            # Ray's agents outlive a killed local driver by Ray's own timeout (docs/guarantees.md)
            grace = 90.0 if fault == "ray-kill-driver" else 10.0
            for run in (r, *others):
                tally.problems += [f"round {i} ({fault}): left alive: {p}" for p in run.leftovers(grace)]
            if 0 in finished:  # this output is done: the next round disturbs a fresh one
                tally.outcomes["outputs finished under a fault"] += 1
                outputs.append(Output(out.number + 1, tmp_path))
        last = Round(proxy, outputs[-1])
        assert last.finish() == 0, last.err
        tally.problems += [f"the last run left alive: {p}" for p in last.leftovers()]
    finally:
        proxy.heal()
        proxy.close()
    tally.problems += _writes_after_takeover(proxy)
    for out in outputs:
        stored = s3_server.download(out.url, tmp_path / f"stored-{out.number}")
        if _data_files(stored / NAME) != _data_files(reference / NAME):
            tally.problems.append(f"{out.url}: the final dataset differs from an undisturbed run's")
    beats = Path(tempfile.gettempdir()) / f"corefprep-beats-{os.getuid()}"
    if beats.is_dir() and list(beats.iterdir()):
        tally.problems.append(f"beat files left behind: {sorted(p.name for p in beats.iterdir())[:5]}")
    report = {"rounds": ROUNDS, "seed": SEED, "outputs": len(outputs), "faults": dict(tally.faults),
              "outcomes": dict(tally.outcomes), "requests_seen": len(proxy.seen), "listings": listings,
              "problems": tally.problems, "wall_seconds": round(time.monotonic() - t0, 1)}
    (tmp_path / "chaos-report.json").write_text(json.dumps(report, indent=2))
    print(json.dumps(report, indent=2))
    assert not tally.problems, tally.problems[:10]
