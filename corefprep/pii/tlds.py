"""The top-level domains an email address can end in: the ICANN part of the Public Suffix List as
the ``publicsuffixlist`` package bundles it (read from disk, never fetched). A name after "@" whose
last part is no such domain (``logo@2x.png``, ``icon@3x.webp``) is a file name, not an address."""

from __future__ import annotations

from functools import cache
from importlib.metadata import version

from publicsuffixlist import PSLFILE


@cache
def top_level_domains() -> frozenset[str]:
    with open(PSLFILE, encoding="utf-8") as fh:
        text = fh.read()
    icann = text[text.index("===BEGIN ICANN DOMAINS==="):text.index("===END ICANN DOMAINS===")]
    out: set[str] = set()
    for raw in icann.splitlines():
        line = raw.strip()
        if not line or line.startswith("//") or "." in line or line[0] in "!*":
            continue
        out.add(line.encode("idna").decode("ascii") if not line.isascii() else line)
    return frozenset(out)


def list_version() -> str:
    """The bundled list's release (its date is the last part): recorded with the detectors' version,
    so a batch is re-decided when the list it was decided with changes."""
    return version("publicsuffixlist")
