"""What a run tells its operator while it works: one-line summaries on stderr, beside the bars."""

from __future__ import annotations

import sys


def say(msg: str) -> None:
    """Print a line on stderr without breaking a progress bar that is being drawn."""
    from tqdm import tqdm

    tqdm.write(msg, file=sys.stderr)
