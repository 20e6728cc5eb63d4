"""Where input bytes live: a local path, or any store URL (:mod:`corefprep.store.urls`).

Every input is opened through :func:`open_input`. A local path stays a plain ``open`` (no fsspec
layer on the fast path); a URL is a seekable file that reads by ranged requests, so a batch that
starts in the middle of a parquet file (or a reader that seeks) never downloads what lies before it.
"""

from __future__ import annotations

from typing import IO, Any

from ..store.urls import filesystem, is_url


def open_input(path: str) -> IO[bytes]:
    """An input's bytes, seekable; a URL is read by ranged requests (blocks of 8 MiB)."""
    if not is_url(path):
        return open(path, "rb")
    fs, key = filesystem(path)
    return fs.open(key, "rb", block_size=8 * 2**20, cache_type="readahead")


def identity(info: dict[str, Any]) -> str | None:
    """A content identity the store keeps for an object, trusted instead of hashing its bytes
    again, or None (then corefprep hashes the bytes it reads).

    Trusted: an S3 ETag (changes whenever the object's bytes change, whether a single-part MD5 or a
    multipart ``md5-N``; a re-upload of the same bytes in other part sizes reads as changed, which
    costs a recount, never a wrong count), a GCS ``md5Hash`` or ``crc32c``, an Azure
    ``content_md5``. Not trusted: sizes and modification times (an overwrite of equal size keeps
    one, a copy changes the other).
    """
    for key in ("ETag", "etag", "md5Hash", "crc32c", "content_md5"):
        value = info.get(key)
        if value:
            return f"{key.lower()}:{str(value).strip(chr(34))}"
    return None
