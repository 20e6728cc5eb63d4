"""Masking what a command line may carry in its URLs: a secret placed as user information or as a
query value never survives, whatever it is made of; a URL without one comes out unchanged."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from corefprep.core.redact import HIDDEN, mask_text, mask_url, url_credentials

# Locations are made of lower-case words, secrets of anything but lower-case letters, so finding any
# piece of a secret after masking is a leak.
WORD = st.text("abcdefghijklmnopqrstuvwxyz", min_size=1, max_size=10)
SCHEME = st.sampled_from(["s3", "s3a", "gs", "gcs", "az", "abfs", "https", "http", "file", "memory", "hf"])
STORE = st.sampled_from(["s3", "s3a", "gs", "gcs", "https", "memory"])
PATH = st.lists(WORD, max_size=4).map(lambda parts: "".join(f"/{p}" for p in parts))
# what people paste: AWS secret keys hold "/" and "+", tokens "-", "_", "~", ".", "=" and "%XX", and
# raw passwords "@", ":" and more (a "?" or "#" too, but not with an "@": see _userinfo_end)
RAW = st.text("ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789/+-_.~=%@:!$*", min_size=4, max_size=40)
SECRET = RAW.map(lambda s: "SECRETXQ" + s)
# a query value is one value: it holds no "&" (that would start the next one)
QUERY_VALUE = st.text("ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789/+-_.~=%@:?#", min_size=4, max_size=40).map(
    lambda s: "SECRETXQ" + s)


def _left(masked: str, secret: str) -> bool:
    """Whether any 6 characters of the secret's random part are still in ``masked``."""
    tail = secret.removeprefix("SECRETXQ")
    return "SECRETXQ" in masked or any(tail[i:i + 6] in masked for i in range(max(0, len(tail) - 5)))


@settings(deadline=None)  # a loaded machine must not fail a test that measures no time
@given(STORE, WORD, SECRET, WORD, PATH)
def test_a_password_in_the_user_information_never_survives(scheme, user, secret, host, path):
    url = f"{scheme}://{user}:{secret}@{host}{path}"
    masked = mask_url(url)
    assert masked == f"{scheme}://{HIDDEN}@{host}{path}"
    assert url_credentials(url) == "a user name or password"
    assert mask_text(f"corefprep: error: {url}: not found") == f"corefprep: error: {masked}: not found"


@settings(deadline=None)
@given(STORE, SECRET.filter(lambda s: not any(c in s for c in "/?#@")), WORD, PATH)
def test_a_token_as_the_user_name_never_survives(scheme, token, host, path):
    url = f"{scheme}://{token}@{host}{path}"
    assert mask_url(url) == f"{scheme}://{HIDDEN}@{host}{path}"
    assert url_credentials(url) is not None


@settings(deadline=None)
@given(SCHEME, WORD, PATH, st.lists(st.tuples(WORD, QUERY_VALUE), min_size=1, max_size=3))
def test_every_query_value_is_hidden(scheme, host, path, pairs):
    query = "&".join(f"{name}={value}" for name, value in pairs)
    url = f"{scheme}://{host}{path}?{query}"
    masked = mask_url(url)
    assert masked == f"{scheme}://{host}{path}?" + "&".join(f"{name}={HIDDEN}" for name, _ in pairs)
    assert url_credentials(url) == "a query string"
    for _name, value in pairs:
        assert not _left(masked, value)
        assert not _left(mask_text(f"reading '{url}' failed"), value)


@settings(deadline=None)
@given(SCHEME, WORD, PATH, st.booleans())
def test_a_url_without_secrets_is_unchanged(scheme, host, path, glob):
    url = f"{scheme}://{host}{path}" + ("/part-?.jsonl" if glob else "")  # a bare "?" is a glob's wildcard
    assert mask_url(url) == url
    assert mask_text(f"x {url}: y") == f"x {url}: y"
    assert url_credentials(url) is None


@settings(deadline=None)
@given(STORE, SECRET, WORD, PATH)
def test_masking_is_idempotent(scheme, secret, host, path):
    once = mask_url(f"{scheme}://key:{secret}@{host}{path}?sig={secret}")
    assert mask_url(once) == once and not _left(once, secret)


@pytest.mark.parametrize("spec", [
    "hf://datasets/owner/name:config@split",  # corefprep's own syntax, not credentials
    "hf://wiki:ko@train",
    "abfs://container@account.dfs.core.windows.net/data",  # Azure names a container before "@"
    "s3://bucket/user@example.org/file.jsonl",  # an "@" in a key
    "/local/dir/a@b:c.jsonl",  # not a URL
    "file:///x/y.jsonl",
])
def test_what_only_looks_like_credentials_is_left_alone(spec):
    assert mask_url(spec) == spec and url_credentials(spec) is None


def test_a_raw_secret_with_slashes_and_at_signs_is_hidden_whole():
    """An AWS secret key pasted unescaped ("/" and "+"), and a password holding "@"."""
    assert mask_url("s3://AKIAXX:abc/def+ghi@bucket/out") == f"s3://{HIDDEN}@bucket/out"
    assert mask_url("s3://user:p@ss@bucket/out") == f"s3://{HIDDEN}@bucket/out"
    assert mask_url("s3://bucket/x?token=ab#cd") == f"s3://bucket/x?token={HIDDEN}"  # "#" inside a value
    assert mask_url("s3://bucket/x?a=b&c&d=e") == f"s3://bucket/x?a={HIDDEN}&{HIDDEN}&d={HIDDEN}"
