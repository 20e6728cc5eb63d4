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
from dataclasses import dataclass
from typing import Any

import orjson

from ..core.errors import InputError, UsageError, first_line
from ..core.fence import FENCE

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


@dataclass(frozen=True)
class Timing:
    """How long one request may take and how often it is tried (botocore's own retries)."""

    connect: float = S3_CONNECT_TIMEOUT
    read: float = S3_READ_TIMEOUT
    attempts: int = S3_RETRIES["max_attempts"]
    s3fs_retries: int = S3FS_RETRIES


# What every request of this process says it comes from (its User-Agent), so that a store's access
# log tells which run made each request: ``corefprep-run/<the run's lease token>``.
_RUN_TAG: list[str] = []


def tag_requests(run: str) -> None:
    """Every store filesystem created from now on names the run ``run`` in its requests."""
    _RUN_TAG[:] = [f"corefprep-run/{run}"]


def _options_for(scheme: str, timing: Timing | None, fenced: bool) -> dict[str, Any]:
    given = dict(_GIVEN)
    if scheme not in ("s3", "s3a"):
        return given
    t = timing or Timing()
    config = {"retries": {**S3_RETRIES, "max_attempts": t.attempts}, "connect_timeout": t.connect,
              "read_timeout": t.read, **({"user_agent_extra": _RUN_TAG[0]} if _RUN_TAG else {}),
              **given.pop("config_kwargs", {})}
    if timing is not None:  # what the caller needs bounded is not the user's to stretch
        config.update(connect_timeout=t.connect, read_timeout=t.read)
    options = {"config_kwargs": config, **given}
    if fenced:
        options["session"] = _fenced_session(given.get("profile"))
    return options


def filesystem(url: str, *, timing: Timing | None = None, fenced: bool = False) -> tuple[Any, str]:
    """The fsspec filesystem for ``url`` and the path within it (``bucket/key`` for S3). fsspec
    keeps one instance per settings and process (a forked worker gets its own, with its own
    connections).

    ``timing`` bounds each request (the lease's renewals, the fenced writes). ``fenced``: every
    request of this instance that writes (PUT, POST, DELETE), each attempt and retry of it, first
    checks the run's fence (:mod:`corefprep.core.fence`) and is never sent once it has fallen.
    An S3 store only: elsewhere no hook exists, and such a store runs without a lease
    (``--break-lock``).
    """
    from fsspec.core import url_to_fs

    scheme = scheme_of(url)
    if scheme is None:
        raise ValueError(f"not a store URL: {url}")
    try:
        fs, path = url_to_fs(url, **_options_for(scheme, timing, fenced))
    except ImportError as exc:  # fsspec names the package the scheme needs
        raise InputError(f"{scheme}:// needs a package that is not installed ({first_line(exc)}); for S3: "
                         "pip install 'corefprep[s3]'") from None
    except ValueError as exc:
        raise InputError(f"{url}: {scheme}:// is not a storage protocol fsspec knows ({first_line(exc)})") from None
    if scheme in ("s3", "s3a"):
        fs.retries = (timing or Timing()).s3fs_retries  # s3fs's own loop (a class default of 5), see S3_RETRIES
    return fs, path


_SESSIONS: dict[str | None, Any] = {}
_WRITES = frozenset({"PUT", "POST", "DELETE"})


def _fenced_session(profile: str | None) -> Any:
    """One botocore session per process (and profile) whose clients check the fence before every
    write they send; s3fs keeps a session it was given across the clients it re-creates."""
    if profile not in _SESSIONS:
        from aiobotocore.session import AioSession

        session = AioSession(profile=profile)
        session.register("before-send.s3", _check_fence)
        _SESSIONS[profile] = session
    return _SESSIONS[profile]


def _check_fence(request: Any, **_: Any) -> None:
    if request.method in _WRITES:
        FENCE.check()


def url_of(fs: Any, path: str) -> str:
    """The full URL of ``path`` on ``fs`` (as listings return paths without the scheme)."""
    return fs.unstrip_protocol(path)
