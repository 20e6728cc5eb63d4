"""What a run tells its operator while it works.

- :func:`say`: one line on stderr (beside a progress bar being drawn, without breaking it);
- :func:`progress_bar`: a tqdm bar when stderr is a terminal; when it is not (``nohup … > run.log``,
  a scheduler's log file) no bar at all: a log must read as plain lines, one per batch and stage,
  never tqdm's carriage returns and cursor moves. A long stage still says where it is with a plain
  line every :data:`PLAIN_PROGRESS_SECONDS`;
- :class:`EventLog`: with ``--log-json FILE`` one JSON object per event for log collectors.
"""

from __future__ import annotations

import os
import sys
import time
from pathlib import Path
from typing import Any

import orjson

# A plain progress line in a log file at most this often (the batch and stage lines come anyway).
PLAIN_PROGRESS_SECONDS = 600.0


def stderr_is_terminal() -> bool:
    return bool(getattr(sys.stderr, "isatty", lambda: False)())


def say(msg: str) -> None:
    """Print a line on stderr without breaking a progress bar that is being drawn."""
    if stderr_is_terminal():
        from tqdm import tqdm

        tqdm.write(msg, file=sys.stderr)
    else:
        print(msg, file=sys.stderr, flush=True)


class PlainProgress:
    """The part of tqdm's interface corefprep uses, for a stderr that is not a terminal: counts
    silently and prints one plain line every ``every`` seconds (never for a nested bar)."""

    def __init__(self, total: float | None, desc: str, unit: str, *, enabled: bool, nested: bool,
                 every: float = PLAIN_PROGRESS_SECONDS):
        self.total, self.desc, self.unit = total, desc, unit
        self.n = 0
        self.postfix: dict[str, Any] = {}
        self._speak = enabled and not nested
        self._every = every
        self._t0 = self._last = time.monotonic()

    def update(self, k: float = 1) -> None:
        self.n += k
        self._maybe_say()

    def refresh(self) -> None:
        self._maybe_say()

    def set_postfix(self, refresh: bool = True, **kw: Any) -> None:
        self.postfix = kw

    def set_description(self, desc: str, refresh: bool = True) -> None:
        self.desc = desc

    def reset(self, total: float | None = None) -> None:
        self.n, self.total = 0, total
        self._t0 = time.monotonic()

    def close(self) -> None:
        pass

    def __enter__(self) -> PlainProgress:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def _maybe_say(self) -> None:
        now = time.monotonic()
        if not self._speak or now - self._last < self._every:
            return
        self._last = now
        rate = self.n / (now - self._t0) if now > self._t0 else 0.0
        of = f" of {self.total:,.0f}" if self.total else ""
        share = f" ({self.n / self.total:.0%})" if self.total else ""
        extra = "".join(f", {k} {v}" for k, v in self.postfix.items())
        say(f"{self.desc}: {self.n:,.0f}{of} {self.unit}{share}, {rate:,.0f} {self.unit}/s{extra}")


def progress_bar(total: float | None, desc: str, unit: str = "doc", *, enabled: bool = True, nested: bool = False,
                 unit_scale: bool = False, smoothing: float = 0.3) -> Any:
    """A progress bar on stderr: tqdm on a terminal (``nested`` bars below the main one), else a
    :class:`PlainProgress`. ``enabled=False`` (``--no-progress``) shows nothing either way."""
    if not stderr_is_terminal():
        return PlainProgress(total, desc, unit, enabled=enabled, nested=nested)
    from tqdm import tqdm

    return tqdm(total=total, desc=desc, unit=unit, unit_scale=unit_scale, disable=not enabled, file=sys.stderr,
                dynamic_ncols=True, mininterval=0.1, smoothing=smoothing, position=1 if nested else 0,
                leave=not nested)


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
