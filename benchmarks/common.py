"""What several benchmarks need to find their inputs and the programs they compare, in the standard
library only: a benchmark's driver that imports this loads nothing of the environment it measures
(bench_dedup.py samples memory beside the runs, and must share no page with them)."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
REPO = HERE.parent
DT_VENV = HERE / ".venv-datatrove"  # datatrove's own virtualenv, never corefprep's
DT_PYTHON = DT_VENV / "bin" / "python"
DT_STAMP = DT_VENV / ".installed-v3"  # written by setup_datatrove_venv.sh when it has finished


def locate_shared(explicit: str | None) -> Path | None:
    """The shared directory with tools/make_bench_corpus.py: ``explicit``, else $COREFPREP_SHARED,
    else ../shared beside the repository. None when there is none (the benchmark is skipped)."""
    if explicit is not None:
        cands = [Path(explicit)]
    else:
        cands = [Path(p) for p in (os.environ.get("COREFPREP_SHARED"),) if p] + [REPO.parent / "shared"]
    return next((c.resolve() for c in cands if (c / "tools" / "make_bench_corpus.py").is_file()), None)


def ensure_datatrove_venv() -> None:
    """Make benchmarks/.venv-datatrove once (it takes a few minutes; later calls find its stamp)."""
    if not DT_STAMP.exists():
        print("setting up benchmarks/.venv-datatrove (once) ...", file=sys.stderr, flush=True)
        subprocess.run(["bash", str(HERE / "setup_datatrove_venv.sh")], check=True)


def corefprep_cmd() -> list[str]:
    """The command that runs corefprep of the interpreter running the benchmark."""
    exe = Path(sys.executable).parent / "corefprep"
    return [str(exe)] if exe.exists() else [sys.executable, "-m", "corefprep"]
