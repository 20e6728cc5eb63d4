"""Store URLs (``s3://``, ``gs://``, ``az://``, ``file://``...) and the fsspec filesystem of each.

A URL goes to the filesystem fsspec names for its scheme, created once per process with the run's
settings:

- connection settings come the standard way: for S3 the AWS environment variables and config
  files botocore reads (``AWS_ACCESS_KEY_ID``, ``AWS_PROFILE``, ``AWS_ENDPOINT_URL`` for an
  S3-compatible store, ``~/.aws/config``);
- transient errors (503 SlowDown, a reset connection, a timeout) are retried by the client
  libraries' own machinery (botocore's ``standard`` retry mode with backoff, and s3fs's retry of a
  body cut short), with bounded connect and read timeouts, so a store that stays down fails in a
  bounded time instead of hanging.

Credentials never leave this module: errors name the URL and the operation, never the options.
"""

from __future__ import annotations

import re
from typing import Any

import orjson

from ..core.errors import InputError, UsageError, first_line

# Two layers retry, each for what the other misses: botocore (standard mode: 503 SlowDown, throttling,
# a reset connection, a timeout; exponential backoff with jitter) around every request, and s3fs
# around a few of its operations (a body cut short while it is read, which botocore does not see).
# Kept small, they multiply: a store that answers nothing fails its operation in tens of seconds,
# not a night (tests/io/test_storage.py measures it through a proxy that fails every request).
S3_RETRIES = {"mode": "standard", "max_attempts": 4}
S3FS_RETRIES = 2
S3_CONNECT_TIMEOUT = 10
S3_READ_TIMEOUT = 60

_SCHEME = re.compile(r"^([a-zA-Z][a-zA-Z0-9+.-]*)://")
# (what corefprep reads itself, hf:// included, is not a store URL here)
_NOT_STORES = frozenset({"hf", "http", "https"})


def scheme_of(spec: str) -> str | None:
    """``s3`` for ``s3://bucket/key``; None for a local path (and for ``hf://``, read by the hub reader)."""
    m = _SCHEME.match(spec)
    if m is None or m.group(1).lower() in _NOT_STORES:
        return None
    return m.group(1).lower()


def is_url(spec: str) -> bool:
    return scheme_of(spec) is not None


# --storage-options of this process (and of the processes it forks; a Ray actor is given them with
# its step): what the environment and config files do not say, e.g. {"endpoint_url": ...}.
_GIVEN: dict[str, Any] = {}


def parse_storage_options(text: str) -> dict[str, Any]:
    """``--storage-options JSON``, a JSON object. The error never repeats the text: it may hold a key."""
    try:
        value = orjson.loads(text)
    except orjson.JSONDecodeError as exc:
        raise UsageError(f"--storage-options is not valid JSON ({str(exc).partition(':')[0]})") from None
    if not isinstance(value, dict):
        raise UsageError("--storage-options must be a JSON object, e.g. '{\"endpoint_url\": \"http://...\"}'")
    return value


def use_storage_options(options: dict[str, Any]) -> None:
    """Every store filesystem this process (and what it forks) creates from now on gets ``options``."""
    _GIVEN.clear()
    _GIVEN.update(options)


def given_storage_options() -> dict[str, Any]:
    """The --storage-options in force (to hand to a Ray actor, or to ``load_from_disk``)."""
    return dict(_GIVEN)


def _options_for(scheme: str) -> dict[str, Any]:
    given = dict(_GIVEN)
    if scheme in ("s3", "s3a"):
        config = {"retries": dict(S3_RETRIES), "connect_timeout": S3_CONNECT_TIMEOUT,
                  "read_timeout": S3_READ_TIMEOUT, **given.pop("config_kwargs", {})}
        return {"config_kwargs": config, **given}
    return given


def filesystem(url: str) -> tuple[Any, str]:
    """The fsspec filesystem for ``url`` and the path within it (``bucket/key`` for S3). fsspec
    keeps one instance per settings and process (a forked worker gets its own, with its own
    connections)."""
    from fsspec.core import url_to_fs

    scheme = scheme_of(url)
    if scheme is None:
        raise ValueError(f"not a store URL: {url}")
    try:
        fs, path = url_to_fs(url, **_options_for(scheme))
    except ImportError as exc:  # fsspec names the package the scheme needs
        raise InputError(f"{scheme}:// needs a package that is not installed ({first_line(exc)}); for S3: "
                         "pip install 'corefprep[s3]'") from None
    except ValueError as exc:
        raise InputError(f"{url}: {scheme}:// is not a storage protocol fsspec knows ({first_line(exc)})") from None
    if scheme in ("s3", "s3a"):
        fs.retries = S3FS_RETRIES  # s3fs's own loop (a class default of 5), see S3_RETRIES
    return fs, path


def url_of(fs: Any, path: str) -> str:
    """The full URL of ``path`` on ``fs`` (as listings return paths without the scheme)."""
    return fs.unstrip_protocol(path)
