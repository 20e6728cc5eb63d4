"""Secrets a command line may carry, hidden from everything a run records or prints.

A run records its command (``work/run.json``, which the mirror uploads, the store's lease, the
``run_start`` event, ``corefprep status``) and prints URLs in its messages. What may hold a secret
there:

- the value of ``--storage-options`` (a key, a token): never shown, whatever the spelling used;
- a URL's user information (``s3://KEY:SECRET@bucket/...``, ``https://TOKEN@host/...``), and the
  values of its query string (``?token=...``, ``X-Amz-Signature=...``): every query value is
  hidden, since which names carry a secret depends on the service.

:func:`mask_url` hides them in one URL, :func:`mask_text` in every URL of a text, and
:func:`url_credentials` says whether a URL carries them at all (the command line refuses such a
URL: no store corefprep reads takes its credentials from the URL, and s3fs would put them in a
bucket name and repeat it in its error).
"""

from __future__ import annotations

import re

HIDDEN = "<hidden>"

# A URL inside a text ends at white space or a quote (error messages quote paths with either), and
# not on the punctuation of the sentence around it ("s3://b/x: not found"). It is looked for only
# where a run of scheme characters starts (what comes before a scheme's letter is "lead"): tried
# from each place in such a run, a long run was read again from each of its characters.
_URL = re.compile(r"(?<![A-Za-z0-9+.-])(?P<lead>[0-9+.-]*)(?P<scheme>[A-Za-z][A-Za-z0-9+.-]*)://"
                  r"(?P<rest>[^\s'\"]*[^\s'\":,.;)\]])?")
# A URL given alone (an argument) is all of it, white space and quotes included.
_ONE_URL = re.compile(r"(?P<scheme>[A-Za-z][A-Za-z0-9+.-]*)://(?P<rest>.*)", re.DOTALL)
# hf://NAME:CONFIG@SPLIT is corefprep's own syntax: its ":" and "@" name a config and a split
_OWN_SYNTAX = frozenset({"hf"})
# abfs://CONTAINER@ACCOUNT.dfs.core.windows.net/...: a name before "@", not a credential
_CONTAINER_AT = frozenset({"az", "abfs", "abfss", "adl"})


def _userinfo_end(scheme: str, rest: str) -> int:
    """Where the user information of ``scheme://rest`` ends (the index of its "@" in ``rest``), or -1.

    A "user:password@" is known by the ":" in its host part (up to the first "/", "?" or "#"). Raw
    secrets are pasted unescaped (an AWS secret key holds "/" and "+", a password may hold "@"), so
    it reaches the last "@" before the query: rather a path's "@" hidden too than a piece of a
    password shown. (A raw password holding both "@" and "?" cannot be told from a query: its end
    may show.) A user name alone (a token) counts only inside the host part."""
    if scheme.lower() in _OWN_SYNTAX or "@" not in rest:
        return -1
    host = re.split(r"[/?#]", rest, maxsplit=1)[0]
    if ":" in host:
        # the last "@" before the query, unless the password itself holds the first "?" or "#"
        query = re.search(r"[?#]", rest)
        at = rest.rfind("@", 0, query.start()) if query else -1
        return at if at >= 0 else rest.rfind("@")
    if "@" in host and scheme.lower() not in _CONTAINER_AT:
        return host.rfind("@")
    return -1


def _mask_query(query: str) -> str:
    """Every ``name=value`` of a query string as ``name=<hidden>``; after the first value, a part
    without "=" may be the rest of a value holding "&", and is hidden too."""
    out: list[str] = []
    for part in query.split("&"):
        if "=" in part:
            out.append(f"{part.partition('=')[0]}={HIDDEN}")
        else:
            out.append(HIDDEN if out and out[-1].endswith(HIDDEN) else part)
    return "&".join(out)


def _mask(scheme: str, rest: str) -> str:
    at = _userinfo_end(scheme, rest)
    if at >= 0:
        rest = f"{HIDDEN}{rest[at:]}"
    path, q, query = rest.partition("?")
    if q:  # a fragment after the query is taken as part of its last value: a raw secret may hold "#"
        rest = f"{path}?{_mask_query(query)}"
    return f"{scheme}://{rest}"


def mask_url(spec: str) -> str:
    """``spec`` with its user information and query values hidden; anything that is not a
    ``scheme://`` URL is returned as it is."""
    m = _ONE_URL.fullmatch(spec)
    if m is None:
        return mask_text(spec)
    return _mask(m["scheme"], m["rest"])


def mask_text(text: str) -> str:
    """``text`` with every URL in it masked as by :func:`mask_url`."""
    if "://" not in text:
        return text
    return _URL.sub(lambda m: m["lead"] + _mask(m["scheme"], m["rest"] or ""), text)


def url_credentials(spec: str) -> str | None:
    """What in the URL ``spec`` may be a credential ("a user name or password", "a query
    string"), or None (also for anything that is not a URL)."""
    m = _ONE_URL.fullmatch(spec)
    if m is None:
        return None
    scheme, rest = m["scheme"], m["rest"]
    if _userinfo_end(scheme, rest) >= 0:
        return "a user name or password"
    query = rest.partition("?")[2]
    if any("=" in part for part in query.split("&")):  # a bare "?" is a glob's wildcard (s3://b/part-?.jsonl)
        return "a query string"
    return None
