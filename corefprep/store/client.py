"""Requests to an output's store, each answered one way: its result, or one line.

Whatever the client libraries raise once their own retries are spent (an ``OSError`` from s3fs, a
botocore ``ConnectionClosedError`` or ``EndpointConnectionError``, an aiohttp error, a timeout)
becomes a :class:`StoreError` naming the object and the operation, never the settings the
filesystem was made with. Two outcomes are answers, not failures: a conditional write refused
(``412 Precondition Failed``: :class:`Refused`) and a missing object. The fence's
:class:`~corefprep.core.fence.LeaseLost` passes through untouched: it says why the run stops.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeVar

from ..core.errors import CorefprepError, first_line
from ..core.fence import LeaseLost

T = TypeVar("T")


class StoreError(CorefprepError):
    """An operation on the output's store failed after the client's retries."""


class Refused(Exception):
    """A conditional write or delete whose condition did not hold (HTTP 412)."""


def call(where: str, op: str, fn: Callable[[], T], *, missing_ok: bool = False) -> T | None:
    """``fn()``; its failure is one line naming ``where`` and ``op`` (see the module doc). A missing
    object is None with ``missing_ok``; a refused condition raises :class:`Refused`."""
    try:
        return fn()
    except (LeaseLost, Refused):
        raise
    except FileNotFoundError:
        if missing_ok:
            return None
        raise StoreError(f"{where}: {op} failed: not found") from None
    except Exception as exc:  # noqa: BLE001 - every client library's failure, see the module doc
        if precondition_failed(exc):
            raise Refused(op) from None
        if missing_ok and _status(exc) == 404:
            return None
        raise StoreError(f"{where}: {op} failed: {first_line(exc)}") from None


def precondition_failed(exc: BaseException) -> bool:
    """Whether a store error is a 412 (If-None-Match / If-Match did not hold)."""
    if isinstance(exc, FileExistsError):  # s3fs's name for a refused If-None-Match
        return True
    if _status(exc) == 412:
        return True
    for e in (exc, exc.__cause__):
        response = getattr(e, "response", None)
        if isinstance(response, dict) and response.get("Error", {}).get("Code") == "PreconditionFailed":
            return True
    return "pre-condition" in str(exc).lower() or "precondition" in str(exc).lower()


def not_implemented(exc: BaseException) -> bool:
    """Whether the store said it does not know a request (an S3-compatible server without
    conditional deletes answers 501)."""
    return _status(exc) == 501 or "NotImplemented" in str(exc)


def _status(exc: BaseException) -> int | None:
    for e in (exc, exc.__cause__):
        response = getattr(e, "response", None)
        if isinstance(response, dict):
            status = response.get("ResponseMetadata", {}).get("HTTPStatusCode")
            if isinstance(status, int):
                return status
    return None


def put_object(fs: Any, bucket: str, key: str, body: bytes, **condition: str) -> str:
    """PUT ``body`` under ``condition`` (``IfNoneMatch="*"`` or ``IfMatch=<etag>``, never empty:
    an empty If-Match is sent as given and an S3 server may take it for no condition at all);
    returns the new ETag. Raises Refused or the client's error."""
    if any(not v for v in condition.values()):
        raise ValueError(f"an empty condition {condition} would not be a condition")
    out = fs.call_s3("put_object", Bucket=bucket, Key=key, Body=body, ContentType="application/json", **condition)
    return str(out["ETag"])


def delete_object(fs: Any, bucket: str, key: str, etag: str | None) -> None:
    """DELETE ``key``, only if it still has ``etag`` (when given). Raises Refused or the client's
    error."""
    condition = {"IfMatch": etag} if etag else {}
    fs.call_s3("delete_object", Bucket=bucket, Key=key, **condition)


def get_object(fs: Any, bucket: str, key: str) -> tuple[str, bytes]:
    """An object's ETag and bytes from one GET (so they belong together), on s3fs's event loop."""
    from fsspec.asyn import sync

    async def get() -> tuple[str, bytes]:
        out = await fs._call_s3("get_object", Bucket=bucket, Key=key)
        async with out["Body"] as stream:
            return str(out["ETag"]), await stream.read()

    return sync(fs.loop, get)
