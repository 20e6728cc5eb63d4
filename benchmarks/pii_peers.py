#!/usr/bin/env python3
"""Other projects' PII detectors on ``benchmarks/pii/eval.jsonl``, for ``bench_pii.py`` (issue 26).

Each peer runs in a virtualenv of its own (``setup_pii_venvs.sh``), never in corefprep's, with this
script as its entry point: it reads the evaluation set and prints one JSON object, the peer's
version and, per record id, the spans it found as ``[kind, start, end]`` in code points, with the
peer's labels already mapped to corefprep's kinds ("phone" where a peer does not tell mobile from
landline numbers: the benchmark counts it for whichever phone kind the gold span has).

* ``datatrove``: ``PIIFormatter`` (e-mail addresses and public IPs). Its two replacers' own regex and
  validator objects give the spans; the formatter itself is then run on every text and its output
  compared with those spans substituted, so the spans are what the formatter replaces.
* ``presidio``: presidio-analyzer's pattern recognizers called directly (the analyzer engine would need
  a spaCy model): KrRrnRecognizer, KrFrnRecognizer, EmailRecognizer, IpRecognizer,
  CreditCardRecognizer and PhoneRecognizer with region KR (python-phonenumbers, offline).
* ``dolma``: Dolma's ``pii_regex_v1`` tagger (``PiiRegexV1``: e-mail, US-shaped phone numbers, IPv4,
  with its post-processing), from the ``dolma`` package.
* ``polyglot-ko``: no package ships the Polyglot-Ko pipeline's rules, so ``PolyglotKoRestated`` below
  re-states, in code written here, what that pipeline is documented to do to Korean text (see its
  docstring). It needs no third-party package and can run in any interpreter.

    benchmarks/.venv-pii/bin/python benchmarks/pii_peers.py presidio benchmarks/pii/eval.jsonl
"""

from __future__ import annotations

import json
import logging
import re
import sys
from collections.abc import Callable
from importlib.metadata import version
from pathlib import Path

Span = tuple[str, int, int]


def load(path: Path) -> list[dict]:
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines() if line.strip()]


# --- datatrove ------------------------------------------------------------------------------------


def datatrove_peer(records: list[dict]) -> tuple[str, dict[str, list[Span]]]:
    from datatrove.pipeline.formatters.pii import PIIFormatter

    fmt = PIIFormatter()
    # constant replacements, so the formatter's output can be compared with the spans substituted
    check = PIIFormatter(email_replacement="\x00EMAIL\x00", ip_replacement="\x00IP\x00")
    out: dict[str, list[Span]] = {}
    mismatches = []
    for r in records:
        text = r["text"]
        emails = [("email", m.start(), m.end()) for m in fmt.emails_replacer.regex.finditer(text)
                  if fmt.emails_replacer.validator is None or fmt.emails_replacer.validator(m.group(0))]
        # the formatter replaces e-mails first, then looks for IPs in what is left: an IP inside an
        # e-mail address is gone by then
        ips = [("ip", m.start(), m.end()) for m in fmt.ip_replacer.regex.finditer(text)
               if fmt.ip_replacer.validator(m.group(0))
               and not any(s < m.end() and m.start() < e for _, s, e in emails)]
        spans = sorted(emails + ips, key=lambda s: s[1])
        expected, last = [], 0
        for kind, s, e in spans:
            expected += [text[last:s], "\x00EMAIL\x00" if kind == "email" else "\x00IP\x00"]
            last = e
        expected.append(text[last:])
        if "".join(expected) != check.format(text):
            mismatches.append(r["id"])
        out[r["id"]] = spans
    if mismatches:
        raise SystemExit(f"datatrove: spans disagree with PIIFormatter's output on {mismatches[:5]} ...")
    return f"datatrove {version('datatrove')} PIIFormatter", out


# --- presidio -------------------------------------------------------------------------------------


def presidio_peer(records: list[dict]) -> tuple[str, dict[str, list[Span]]]:
    # EmailRecognizer's tldextract tries to refresh the public-suffix list over the network and falls
    # back to the copy it ships; the failed fetch is only logged
    logging.disable(logging.CRITICAL)
    from presidio_analyzer.predefined_recognizers import (
        CreditCardRecognizer,
        EmailRecognizer,
        IpRecognizer,
        KrFrnRecognizer,
        KrRrnRecognizer,
        PhoneRecognizer,
    )

    kinds = {"KR_RRN": "rrn", "KR_FRN": "rrn", "EMAIL_ADDRESS": "email", "IP_ADDRESS": "ip",
             "CREDIT_CARD": "card", "PHONE_NUMBER": "phone"}
    recognizers = [KrRrnRecognizer(), KrFrnRecognizer(), EmailRecognizer(), IpRecognizer(), CreditCardRecognizer(),
                   PhoneRecognizer(supported_regions=("KR",))]
    out: dict[str, list[Span]] = {}
    for r in records:
        spans: set[Span] = set()
        for rec in recognizers:
            # what the analyzer engine would keep with its default threshold (0): every result
            # whose validation did not reject it
            for res in rec.analyze(r["text"], rec.supported_entities, None):
                if res.score > 0:
                    spans.add((kinds[res.entity_type], res.start, res.end))
        out[r["id"]] = sorted(spans, key=lambda s: (s[1], s[2]))
    return (f"presidio-analyzer {version('presidio-analyzer')} pattern recognizers "
            f"(phonenumbers {version('phonenumbers')}, region KR)"), out


# --- dolma ----------------------------------------------------------------------------------------


def dolma_peer(records: list[dict]) -> tuple[str, dict[str, list[Span]]]:
    logging.disable(logging.CRITICAL)  # importing dolma tries to download NLTK data; not used here
    from dolma.core.data_types import Document
    from dolma.taggers.pii import PiiRegexV1

    kinds = {"EMAIL_ADDRESS": "email", "PHONE_NUMBER": "phone", "IP_ADDRESS": "ip"}
    tagger = PiiRegexV1()
    out: dict[str, list[Span]] = {}
    for r in records:
        res = tagger.predict(Document(source="eval", version="1", id=r["id"], text=r["text"]))
        out[r["id"]] = sorted(((kinds[s.type], s.start, s.end) for s in res.spans if s.type in kinds),
                              key=lambda s: (s[1], s[2]))
    return f"dolma {version('dolma')} pii_regex_v1", out


# --- Polyglot-Ko, re-stated -----------------------------------------------------------------------


class PolyglotKoRestated:
    """A re-statement, not the original: what the Polyglot-Ko data pipeline (EleutherAI's ``dps``,
    Korean job) is documented to do with personal data, written again here from that description.

    Its Korean step replaces, in this order and each on the text the previous ones left: card numbers
    written as four groups of four digits joined by hyphens; resident registration numbers as six
    digits, a hyphen and seven digits; phone numbers as 2–3, 3–4 and 4 digits joined by hyphens, or
    any run of 9 to 11 digits (the pattern has no boundaries, so it also fires inside longer digit
    runs); bank accounts as runs of 11 to 14 digits, or three hyphen-joined groups of 3–6, 2–6 and
    2–7 characters made of digits, commas and hyphens. Before that its language-agnostic step replaces
    e-mail addresses (lower-case letters, digits and ``.-+_`` around an ``@``, a dot and a lower-case
    top-level domain) and URLs, whose pattern also takes bare IPv4 and IPv6 addresses: those count as
    its IP detections here. There is no context word and no checksum anywhere.
    """

    EMAIL = re.compile(r"[a-z0-9.\-+_]+@[a-z0-9.\-+_]+\.[a-z]+")
    IPV4 = re.compile(r"\b(?:(?:25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)\.){3}(?:25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)\b")
    # the IPv6 shapes its URL pattern accepts: eight full groups, or a group list with one "::"
    IPV6 = re.compile(r"\b(?:(?:[0-9A-Fa-f]{1,4}:){7}[0-9A-Fa-f]{1,4}"
                      r"|(?:[0-9A-Fa-f]{1,4}:){1,7}(?::[0-9A-Fa-f]{1,4}){1,7}|(?:[0-9A-Fa-f]{1,4}:){1,7}:)")
    STEPS: tuple[tuple[str, re.Pattern[str]], ...] = (
        ("card", re.compile(r"\d{4}-\d{4}-\d{4}-\d{4}")),
        ("rrn", re.compile(r"\d{6}-\d{7}")),
        ("phone", re.compile(r"\d{2,3}-\d{3,4}-\d{4}|\d{9,11}")),
        ("account", re.compile(r"\d{11,14}|[\d,\-]{3,6}-[\d,\-]{2,6}-[\d,\-]{2,7}")),
    )

    def find(self, text: str) -> list[Span]:
        taken: list[Span] = []

        def free(s: int, e: int) -> bool:
            return not any(s < te and ts < e for _, ts, te in taken)

        def run(kind: str, pattern: re.Pattern[str]) -> None:
            # an earlier step's replacement hides its text from the later ones
            masked = list(text)
            for _, s, e in taken:
                masked[s:e] = ["\x00"] * (e - s)
            for m in pattern.finditer("".join(masked)):
                if free(m.start(), m.end()):
                    taken.append((kind, m.start(), m.end()))

        run("email", self.EMAIL)
        run("ip", self.IPV4)
        run("ip", self.IPV6)
        for kind, pattern in self.STEPS:
            run(kind, pattern)
        return sorted(taken, key=lambda s: (s[1], s[2]))


def polyglot_peer(records: list[dict]) -> tuple[str, dict[str, list[Span]]]:
    p = PolyglotKoRestated()
    return "Polyglot-Ko pipeline rules (re-stated here)", {r["id"]: p.find(r["text"]) for r in records}


PEERS: dict[str, Callable[[list[dict]], tuple[str, dict[str, list[Span]]]]] = {
    "datatrove": datatrove_peer, "presidio": presidio_peer, "dolma": dolma_peer, "polyglot-ko": polyglot_peer}


def main(argv: list[str]) -> int:
    if len(argv) != 2 or argv[0] not in PEERS:
        print(f"usage: pii_peers.py {{{','.join(PEERS)}}} EVAL_JSONL", file=sys.stderr)
        return 2
    name, spans = PEERS[argv[0]](load(Path(argv[1])))
    json.dump({"peer": argv[0], "version": name, "spans": spans}, sys.stdout, ensure_ascii=False)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
