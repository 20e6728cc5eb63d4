"""The console script's entry point. Importing the CLI takes a second or two (datasets, numpy,
the rules), before the CLI's own signal handlers exist: a Ctrl-C or SIGTERM in that window would
print an import traceback or end the process without a word. Here it ends in one line instead."""

from __future__ import annotations

import os
import signal
import sys
from types import FrameType


class _StoppedEarly(BaseException):
    def __init__(self, signum: int):
        super().__init__(signum)
        self.signum = signum


def _stop_early(signum: int, _frame: FrameType | None) -> None:
    raise _StoppedEarly(signum)


def _said(signum: int, when: str) -> int:
    what = "interrupted" if signum == signal.SIGINT else f"stopped by {signal.Signals(signum).name}"
    print(f"corefprep: {what} {when}", file=sys.stderr)
    return 128 + signum


def main(argv: list[str] | None = None) -> int:
    # Arrow's default allocator (mimalloc) keeps the pages it freed for reuse, so every process
    # that decoded a parquet page holds them to the end: with two dedup signing workers the
    # step's peak PSS was 165 MiB against 129-145 with the C library's allocator, which gives them
    # back; the filter's peak and speed were unchanged (benchmarks/bench_dedup.py, docs/performance.md).
    # Read once, when pyarrow is first imported: so here, before the CLI imports it. A user's own
    # ARROW_DEFAULT_MEMORY_POOL wins.
    os.environ.setdefault("ARROW_DEFAULT_MEMORY_POOL", "system")
    # Stays installed until the CLI puts its own in place (and comes back after it).
    signal.signal(signal.SIGTERM, _stop_early)
    try:
        from corefprep.cli import main as cli_main
    except _StoppedEarly as exc:
        return _said(exc.signum, "while starting; nothing was done")
    except KeyboardInterrupt:
        return _said(signal.SIGINT, "while starting; nothing was done")
    try:
        return cli_main(argv)
    except _StoppedEarly as exc:  # before or after the CLI's own handlers: the run had not begun or was over
        return _said(exc.signum, "outside a run; rerun the same command to be sure")
    except KeyboardInterrupt:
        return _said(signal.SIGINT, "outside a run; rerun the same command to be sure")


def run() -> None:
    sys.exit(main())
