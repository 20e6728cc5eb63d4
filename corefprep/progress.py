"""What a run tells its operator while it works: one-line summaries on stderr beside the progress
bars, and with ``--log-json FILE`` one JSON object per event for log collectors."""

from __future__ import annotations

import os
import sys
import time
from pathlib import Path
from typing import Any

import orjson


def say(msg: str) -> None:
    """Print a line on stderr without breaking a progress bar that is being drawn."""
    from tqdm import tqdm

    tqdm.write(msg, file=sys.stderr)


def bar_style() -> dict[str, Any]:
    """tqdm options shared by every bar. When stderr is not a terminal (``nohup … > run.log``),
    a bar redraws at most every 30 s, so a night's log holds a few thousand progress lines, not
    millions (it still prints its first and last state)."""
    tty = getattr(sys.stderr, "isatty", lambda: False)()
    return {"dynamic_ncols": True, "mininterval": 0.1 if tty else 30.0}


class EventLog:
    """Appends ``{"time": ..., "event": ..., ...}`` lines to a file (or does nothing without one).

    Each event is one ``write`` of a whole line on a file opened for appending, so a collector
    tailing the file never sees half an event, and several runs may share one file.
    """

    def __init__(self, path: Path | str | None = None, **context: Any):
        self.path = Path(path) if path else None
        self.context = context
        self._fd: int | None = None
        if self.path is not None:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            self._fd = os.open(self.path, os.O_WRONLY | os.O_CREAT | os.O_APPEND, 0o644)

    def emit(self, event: str, **fields: Any) -> None:
        if self._fd is None:
            return
        rec = {"time": time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime()), "event": event, **self.context, **fields}
        os.write(self._fd, orjson.dumps(rec, option=orjson.OPT_NON_STR_KEYS) + b"\n")

    def close(self) -> None:
        if self._fd is not None:
            os.close(self._fd)
            self._fd = None

    def __enter__(self) -> EventLog:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()
