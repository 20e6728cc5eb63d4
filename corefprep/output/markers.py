"""One way every output of a run is finished, recognised and listed (SPEC 2.5).

A run leaves two kinds of output: a ``load_from_disk`` dataset directory (entity-mlm rows, clm
blocks) and a Megatron ``.bin``/``.idx`` pair. Both are written under temporary names and renamed;
then ``metadata.json`` (what the output is and how it was made) is written, and last its
``_COMPLETE`` marker: the fingerprint of what the output was made from, its counts, and the size of
each of its data files. A trainer (or a waiting rank of corefprep.training) may use an output once
its marker exists; a rerun leaves it alone when the fingerprint matches and the files are whole,
and writes it again otherwise.

=============  =========================  ==============================  ======================
output         data                       metadata                        marker
=============  =========================  ==============================  ======================
dataset        ``NAME/data-*.arrow``      ``NAME/metadata.json``          ``NAME/_COMPLETE``
megatron       ``PREFIX.bin``, ``.idx``   ``PREFIX.metadata.json``        ``PREFIX._COMPLETE``
=============  =========================  ==============================  ======================
"""

from __future__ import annotations

import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ..core.atomic import atomic_write_json, file_sizes, has_sizes, read_json

COMPLETE_MARKER = "_COMPLETE"
MEGATRON_SUFFIX = "_text_document"


def now() -> str:
    return time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime())


@dataclass(frozen=True)
class Output:
    kind: str  # "dataset" or "megatron"
    path: Path  # the dataset directory, or the Megatron prefix (PREFIX.bin, PREFIX.idx)

    @classmethod
    def dataset(cls, path: Path) -> Output:
        return cls("dataset", Path(path))

    @classmethod
    def megatron(cls, prefix: Path) -> Output:
        return cls("megatron", Path(prefix))

    @property
    def marker(self) -> Path:
        return self.path / COMPLETE_MARKER if self.kind == "dataset" else self.path.with_name(
            f"{self.path.name}.{COMPLETE_MARKER}")

    @property
    def metadata(self) -> Path:
        return self.path / "metadata.json" if self.kind == "dataset" else self.path.with_name(
            f"{self.path.name}.metadata.json")

    @property
    def data_dir(self) -> Path:
        """Where the data files listed in the marker live."""
        return self.path if self.kind == "dataset" else self.path.parent

    def read_marker(self) -> dict[str, Any] | None:
        m = read_json(self.marker)
        return m if isinstance(m, dict) else None

    def up_to_date(self, fingerprint: str) -> dict[str, Any] | None:
        """The marker when the output was made from ``fingerprint`` and its data files are whole."""
        m = self.read_marker()
        if not m or m.get("fingerprint") != fingerprint:
            return None
        sizes = m.get("files")
        if isinstance(sizes, dict) and not has_sizes(self.data_dir, sizes):
            return None
        return m

    def unmark(self) -> None:
        """From here on whatever is on disk does not count as finished."""
        self.marker.unlink(missing_ok=True)

    def mark(self, fingerprint: str, files: list[str], **counts: Any) -> dict[str, Any]:
        """Write the marker, the last file of a finished output: fingerprint, counts, data file sizes."""
        marker = {"fingerprint": fingerprint, **counts, "files": file_sizes(self.data_dir, files),
                  "finished_at": now()}
        atomic_write_json(self.marker, marker)
        return marker

    def finish(self, metadata: dict[str, Any], fingerprint: str, files: list[str], **counts: Any) -> dict[str, Any]:
        """Write metadata.json, then the marker."""
        atomic_write_json(self.metadata, metadata)
        return self.mark(fingerprint, files, **counts)


def list_outputs(output_dir: Path) -> list[dict[str, Any]]:
    """Every output in ``output_dir``, finished or not: path, kind, complete, counts, type, seq_len."""
    out: list[dict[str, Any]] = []
    output_dir = Path(output_dir)
    if not output_dir.is_dir():
        return out
    for p in sorted(output_dir.iterdir()):
        # hidden names are a merge in progress (.NAME.tmp-PID) or an old dataset being replaced
        # (.NAME.old-PID): never an output to hand to a trainer, even with a marker inside
        if p.name.startswith(".") or p.name == "work":
            continue
        if p.is_dir():
            o = Output.dataset(p)
            if not o.marker.exists() and not (p / "state.json").exists() and not o.metadata.exists():
                continue  # not a dataset (the report directory, a user's own files)
        elif p.name.endswith(MEGATRON_SUFFIX + ".bin"):
            o = Output.megatron(p.with_name(p.name[: -len(".bin")]))
        else:
            continue
        marker = o.read_marker()
        meta = read_json(o.metadata) or {}
        out.append({
            "path": str(o.path),
            "name": o.path.name,
            "kind": o.kind,
            "complete": marker is not None,
            "num_samples": (marker.get("num_samples", marker.get("num_documents")) if marker else None),
            "finished_at": marker.get("finished_at") if marker else None,
            "dataset_type": meta.get("dataset_type"),
            "seq_len": meta.get("seq_len"),
        })
    return out
