"""Writing files so that a killed process never leaves something that looks finished.

Everything corefprep writes goes to a hidden temporary name first and is renamed into place when
whole (rename is atomic on POSIX filesystems). Temporary names follow one pattern
(:data:`TEMP_NAME`), so the leftovers of a killed writer are recognised and removed by the next
run that holds the output directory's lock. Every rename into place first checks the run's fence
(:mod:`corefprep.core.fence`): a run that may have lost its output to another stops there.
"""

from __future__ import annotations

import hashlib
import os
import re
import shutil
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import orjson

from .fence import FENCE

# What writers use while a file or directory is not finished: ``.NAME.tmp-PID`` (atomic writes,
# filter batches, tokenized chunks, the final dataset), ``.NAME.tmp`` (samples chunks) and
# ``.NAME.old-PID`` (a final dataset being replaced). Finished names never start with a dot.
TEMP_NAME = re.compile(r"^\..+\.(?:tmp|tmp-\d+|old-\d+)$")


def is_temp_name(name: str) -> bool:
    return TEMP_NAME.match(name) is not None


def temp_path(path: Path) -> Path:
    """The hidden name ``path`` is written under until it is whole (unique per process)."""
    return path.with_name(f".{path.name}.tmp-{os.getpid()}")


def file_sha256(path: Path) -> str:
    h = hashlib.sha256()
    with open(path, "rb") as f:
        for block in iter(lambda: f.read(1 << 20), b""):
            h.update(block)
    return h.hexdigest()


def config_hash(obj: Any) -> str:
    """A short, stable id of a JSON-able settings object (key order does not matter)."""
    return hashlib.sha256(orjson.dumps(obj, option=orjson.OPT_SORT_KEYS)).hexdigest()[:16]


def atomic_write_bytes(path: Path, data: bytes) -> None:
    """Write then rename, with fsync, so readers see the old file or the whole new one."""
    tmp = temp_path(path)
    try:
        with open(tmp, "wb") as f:
            f.write(data)
            f.flush()
            os.fsync(f.fileno())
        FENCE.check()
        os.replace(tmp, path)
    except BaseException:
        tmp.unlink(missing_ok=True)
        raise


def atomic_write_json(path: Path, obj: Any) -> None:
    atomic_write_bytes(path, orjson.dumps(obj, option=orjson.OPT_INDENT_2 | orjson.OPT_SORT_KEYS) + b"\n")


@contextmanager
def atomic_writing(path: Path) -> Iterator[Path]:
    """The temporary name to create ``path`` at, for a writer that takes a while (a file written a
    part at a time); when the block ends the file is fsynced and renamed to ``path``.

    On any failure (a full disk included) the partial file is removed so its space comes back.
    """
    tmp = temp_path(path)
    try:
        yield tmp
        with open(tmp, "rb") as f:
            os.fsync(f.fileno())
        FENCE.check()
        os.replace(tmp, path)
    except BaseException:
        tmp.unlink(missing_ok=True)
        raise


def atomic_write_with(path: Path, write: Callable[[Path], None]) -> None:
    """``write(tmp)`` creates the file at a temporary name; it is fsynced and renamed to ``path``
    (see :func:`atomic_writing`)."""
    with atomic_writing(path) as tmp:
        write(tmp)


def file_sizes(directory: Path, names: list[str]) -> dict[str, int]:
    """Sizes of the files ``names`` in ``directory``, recorded beside finished output so that a
    rerun can tell a whole file from one a killed or full-disk write left short."""
    return {name: (directory / name).stat().st_size for name in names}


def has_sizes(directory: Path, sizes: dict[str, int]) -> bool:
    """Whether every file of ``sizes`` is in ``directory`` with exactly its recorded size."""
    try:
        return bool(sizes) and all((directory / name).stat().st_size == n for name, n in sizes.items())
    except OSError:
        return False


def read_json(path: Path) -> Any | None:
    """The JSON at ``path``, or None when it is missing or not (yet) valid JSON."""
    try:
        return orjson.loads(path.read_bytes())
    except (FileNotFoundError, NotADirectoryError, orjson.JSONDecodeError):
        return None


def remove_path(p: Path) -> None:
    """Delete a file or a directory tree (never following a symlink into its target)."""
    if p.is_dir() and not p.is_symlink():
        shutil.rmtree(p, ignore_errors=True)
    else:
        p.unlink(missing_ok=True)


def clean_temp_files(directory: Path) -> int:
    """Remove leftovers of killed writers (temporary files and directories, see TEMP_NAME)."""
    n = 0
    if not directory.is_dir():
        return 0
    for p in directory.iterdir():
        if is_temp_name(p.name):
            remove_path(p)
            n += 1
    return n
