"""Progress in a log file: ``nohup corefprep prepare … > run.log`` must read as plain lines, never
tqdm's carriage returns and cursor moves, and must not fill the log with a line every moment of a
whole night. On a terminal the bar moves."""

from __future__ import annotations

import io
import sys
import time

import pytest
from fixtures.cli import run_cli

from corefprep.core import log
from corefprep.core.log import PlainProgress, progress_bar, say


class _Terminal(io.StringIO):
    def isatty(self) -> bool:
        return True


def _drive(bar, seconds: float = 0.6) -> None:
    end = time.monotonic() + seconds
    while time.monotonic() < end:  # what the engines do: set the position, then update(0)
        bar.n = min(bar.n + 7, 999)
        bar.update(0)
        bar.update(1)
        time.sleep(0.02)


def _plain(s: str) -> None:
    assert "\r" not in s and "\x1b[" not in s, repr(s[:300])


def test_a_bar_in_a_log_file_is_plain_and_silent_within_its_interval(monkeypatch):
    stream = io.StringIO()
    monkeypatch.setattr(sys, "stderr", stream)
    bar = progress_bar(1000, "filter")
    assert isinstance(bar, PlainProgress)
    _drive(bar)
    bar.set_postfix(passed=3)
    bar.set_description("filter batch 2")
    bar.refresh()
    bar.close()
    assert stream.getvalue() == ""  # less than PLAIN_PROGRESS_SECONDS: nothing at all
    say("batch 1 done")
    assert stream.getvalue() == "batch 1 done\n"


def test_plain_progress_speaks_at_most_once_per_interval(monkeypatch):
    stream = io.StringIO()
    monkeypatch.setattr(sys, "stderr", stream)
    now = [1000.0]
    monkeypatch.setattr(log.time, "monotonic", lambda: now[0])
    bar = PlainProgress(1000, "filter", "doc", enabled=True, nested=False, every=10.0)
    for _ in range(50):  # 50 updates in 5 seconds: none
        now[0] += 0.1
        bar.update(2)
    assert stream.getvalue() == ""
    for _ in range(300):  # 300 updates in 30 seconds: at most one line per 10 seconds
        now[0] += 0.1
        bar.update(2)
    bar.set_postfix(passed=7)
    now[0] += 10.0
    bar.refresh()
    lines = stream.getvalue().splitlines()
    _plain(stream.getvalue())
    assert 3 <= len(lines) <= 4, lines
    assert all(line.startswith("filter: ") and " doc" in line for line in lines), lines
    assert "of 1,000" in lines[0] and "%" in lines[0]
    assert lines[-1].endswith(", passed 7"), lines[-1]


def test_plain_progress_never_speaks_for_a_nested_or_disabled_bar(monkeypatch):
    stream = io.StringIO()
    monkeypatch.setattr(sys, "stderr", stream)
    now = [0.0]
    monkeypatch.setattr(log.time, "monotonic", lambda: now[0])
    bars = [progress_bar(100, "nested", nested=True), progress_bar(100, "off", enabled=False)]
    assert all(isinstance(b, PlainProgress) for b in bars)
    for b in bars:
        for _ in range(100):
            now[0] += log.PLAIN_PROGRESS_SECONDS
            b.update(1)
        b.close()
    assert stream.getvalue() == ""


def test_a_bar_on_a_terminal_moves(monkeypatch):
    stream = _Terminal()
    monkeypatch.setattr(sys, "stderr", stream)
    bar = progress_bar(1000, "filter")
    assert not isinstance(bar, PlainProgress)
    _drive(bar)
    draws = stream.getvalue().count("filter:")
    bar.close()
    assert draws >= 4


@pytest.mark.slow
def test_a_run_logged_to_a_file_has_no_carriage_returns_or_escapes(tmp_path):
    """A real run with its progress on (no --no-progress) and stderr a pipe: plain lines only."""
    p = run_cli(["filter", "--output-dir", tmp_path / "out", "--batch-docs", "100", "--workers", "2"])
    assert p.returncode == 0, p.stderr
    assert p.stderr.strip()  # it did say what it was doing
    _plain(p.stderr)
    _plain(p.stdout)
