"""Where a Ray actor puts what it finished, and how the run that owns the output takes it in.

An actor never writes where the output's readers look, nor anywhere a later run reads. It puts the
files of an attempt under ``work/.incoming/<run>/<attempt>/`` of the output: a directory of the
output directory (which the nodes share), or a prefix of the output's store. The driver, whose
every write passes its fence (:mod:`corefprep.core.fence`), moves them into place in the order they
were finished (data before the stats that mark a batch done) and removes the attempt's directory.

So an actor that outlives its driver, or an attempt the driver gave up on (killed for its time
limit, its node lost), writes only into a place no reader and no later run looks at: a run that
owned the output can no longer write there once it lost it, and the next run to own the output
removes such leftovers before it starts (``work/.incoming`` is hidden from the mirror and from
every listing of finished files).
"""

from __future__ import annotations

import errno
import os
import shutil
import uuid
from dataclasses import dataclass
from pathlib import Path

from ..core.atomic import atomic_writing
from ..core.fence import FENCE

INCOMING = "work/.incoming"


@dataclass(frozen=True)
class Drops:
    """Where the actors of run ``run`` deliver: under the output's store URL ``url``, or (None)
    under the output directory itself, which every node sees."""

    run: str
    url: str | None = None

    @staticmethod
    def new(url: str | None) -> Drops:
        return Drops(uuid.uuid4().hex[:16], url)

    def place(self) -> str:
        """A fresh place for one attempt, relative to the output."""
        return f"{INCOMING}/{self.run}/{uuid.uuid4().hex[:12]}"


@dataclass(frozen=True)
class Delivery:
    """What one attempt delivered: its place, its files (relative to the output, in the order they
    were finished) and the files its batch had before that the attempt no longer has."""

    place: str
    files: tuple[str, ...] = ()
    removed: tuple[str, ...] = ()


def finished_files(root: Path) -> list[str]:
    """The files under ``root`` (relative paths), in the order they were finished."""
    found = [(p.stat().st_mtime_ns, p.relative_to(root).as_posix()) for p in root.rglob("*") if p.is_file()]
    return [rel for _, rel in sorted(found)]


def move_into_place(src: Path, dst: Path) -> None:
    """Rename ``src`` to ``dst`` once the fence allows it; across filesystems (a directory of the
    output mounted apart), copy it next to ``dst`` under a temporary name first, then rename."""
    dst.parent.mkdir(parents=True, exist_ok=True)
    FENCE.check()
    try:
        os.replace(src, dst)
    except OSError as exc:
        if exc.errno != errno.EXDEV:
            raise
        with atomic_writing(dst) as tmp:
            shutil.copyfile(src, tmp)
        src.unlink()


def take_in_here(delivery: Delivery, output_dir: Path) -> None:
    """The driver's side for an output directory the nodes share: rename each file into place
    (each rename checks the fence), remove what the attempt removed, then its directory."""
    drop = output_dir / delivery.place
    for rel in delivery.files:
        move_into_place(drop / rel, output_dir / rel)
    for rel in delivery.removed:
        FENCE.check()
        (output_dir / rel).unlink(missing_ok=True)
    shutil.rmtree(drop, ignore_errors=True)
