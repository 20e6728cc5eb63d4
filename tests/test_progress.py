"""Progress bars in a log file: ``nohup corefprep prepare … > run.log`` must not fill the log with
a redraw every quarter second for a whole night."""

from __future__ import annotations

import io
import sys
import time

from tqdm import tqdm

from corefprep.progress import bar_style


class _Terminal(io.StringIO):
    def isatty(self) -> bool:
        return True


def _draws(stream: io.StringIO, monkeypatch, seconds: float = 0.6) -> int:
    monkeypatch.setattr(sys, "stderr", stream)
    bar = tqdm(total=1000, desc="filter", file=stream, **bar_style())
    end = time.monotonic() + seconds
    while time.monotonic() < end:  # what the engines do: set the position, then update(0)
        bar.n = min(bar.n + 7, 999)
        bar.update(0)
        time.sleep(0.02)
    draws = stream.getvalue().count("filter:")
    bar.close()
    return draws


def test_a_bar_in_a_log_file_redraws_rarely(monkeypatch):
    assert _draws(io.StringIO(), monkeypatch) == 1  # the first state only; close() adds the last


def test_a_bar_on_a_terminal_moves(monkeypatch):
    assert _draws(_Terminal(), monkeypatch) >= 4
