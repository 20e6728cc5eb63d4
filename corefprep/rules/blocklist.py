"""The ``--blocklist`` file of rule set ``llm``: words that reject a document, and URL domains.

Format: UTF-8 text, one entry per line. Blank lines and lines starting with ``#`` are ignored;
surrounding whitespace is stripped.

- ``domain:example.com`` blocks documents whose URL host is example.com or any subdomain of it
  (www.example.com, m.blog.example.com). A full URL after ``domain:`` is reduced to its host.
- any other line is a word or phrase. Matching ignores case. A Hangul (or other non-Latin) word
  matches anywhere, as Korean attaches particles and endings without a space (도박 matches 도박을);
  a word that starts or ends with a Latin letter or digit must not touch another Latin letter or
  digit on that side, so "sex" does not match "Sussex".
"""

from __future__ import annotations

import hashlib
import re
from pathlib import Path
from typing import NamedTuple
from urllib.parse import urlsplit

from ..core.errors import UsageError

DOMAIN_PREFIX = "domain:"
_ASCII_ALNUM = re.compile(r"[0-9a-z]")


class Blocklist(NamedTuple):
    words: tuple[str, ...]  # lower-cased, in file order
    domains: frozenset[str]
    sha256: str  # of the file's bytes: what the work manifest hashes
    pattern: re.Pattern[str] | None  # one regex for all words


def load_blocklist(path: str) -> Blocklist:
    """Read and compile a blocklist file; an unreadable file is a usage error naming it."""
    try:
        data = Path(path).read_bytes()
        text = data.decode("utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        raise UsageError(f"--blocklist {path}: cannot read it as UTF-8 text ({exc.__class__.__name__}: "
                         f"{getattr(exc, 'strerror', None) or exc})") from None
    words: list[str] = []
    domains: set[str] = set()
    for raw in text.splitlines():
        line = raw.strip()
        if not line or line.startswith("#"):
            continue
        if line.lower().startswith(DOMAIN_PREFIX):
            host = url_host(line[len(DOMAIN_PREFIX):].strip())
            if not host:
                raise UsageError(f"--blocklist {path}: {raw.strip()!r} names no domain")
            domains.add(host)
        else:
            words.append(line.lower())
    words = list(dict.fromkeys(words))
    return Blocklist(tuple(words), frozenset(domains), hashlib.sha256(data).hexdigest(), word_pattern(words))


def word_pattern(words: list[str]) -> re.Pattern[str] | None:
    """One case-insensitive regex matching any of ``words`` (rules in the module docstring).

    The words are merged into a prefix tree first, so the regex tries each text position against
    the tree rather than against every word in turn: matching stays fast for long lists.
    """
    if not words:
        return None
    tree: dict[str, dict] = {}
    for w in words:
        node = tree
        for ch in w:
            node = node.setdefault(ch, {})
        node[""] = {}  # end of a word
    body = _tree_regex(tree)
    # Latin boundaries: checked after the match, per word, by lookarounds placed at the edges
    return re.compile(body, re.IGNORECASE)


def _tree_regex(node: dict[str, dict], prev: str = "") -> str:
    alts: list[str] = []
    for ch, child in node.items():
        if ch == "":
            # a word ends here: a Latin/digit last character must not be followed by another one
            alts.append("(?![0-9a-z])" if _ASCII_ALNUM.fullmatch(prev) else "")
            continue
        lead = "(?<![0-9a-z])" if not prev and _ASCII_ALNUM.fullmatch(ch) else ""
        alts.append(lead + re.escape(ch) + _tree_regex(child, ch))
    if len(alts) == 1:
        return alts[0]
    # longer continuations first, the bare end last: the regex still finds every match position
    alts.sort(key=lambda a: a == "" or a.startswith("(?!"))
    return "(?:" + "|".join(alts) + ")"


def count_blocked_words(pattern: re.Pattern[str] | None, text: str, limit: int) -> int:
    """Occurrences of blocked words in ``text``, counting no further than ``limit + 1``."""
    if pattern is None:
        return 0
    n = 0
    for _ in pattern.finditer(text):
        n += 1
        if n > limit:
            break
    return n


def url_host(url: str) -> str:
    """The lower-cased host of a URL or bare domain ('' when there is none)."""
    url = url.strip()
    if "://" not in url:
        url = "//" + url
    try:
        host = urlsplit(url).hostname or ""
    except ValueError:  # e.g. an invalid IPv6 literal in a scraped URL
        return ""
    return host.rstrip(".")


def domain_blocked(domains: frozenset[str], url: str | None) -> bool:
    """Whether the URL's host is a blocked domain or a subdomain of one."""
    if not domains or not url:
        return False
    labels = url_host(url).split(".")
    return any(".".join(labels[i:]) in domains for i in range(len(labels)))
