#!/usr/bin/env python3
"""Time of every use of a text regex (tests/fixtures/text_regexes.py) on the adversarial runs at
25k and 100k characters: per use, the worst 100k time, the largest 100k / 25k ratio (4x the text:
linear is ~4, quadratic ~16) and the run that gave each. Also the issue-36 table: find_pii on
100k characters of each run it listed.

    python benchmarks/bench_regexes.py
"""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests"))

from fixtures.text_regexes import ADVERSARIAL, USES, adversarial_text, seconds  # noqa: E402

from corefprep.pii import find_pii  # noqa: E402

N = 25_000
ISSUE_TABLE = [("1-", ""), ("010-", ""), ("a", ""), ("_", ""), ("ab1", ""), ("0123456789abcdef", ""),
               ("QUJDRA+/", "=="), ("１．", ""), ("a.", "@")]


def main() -> None:
    print(f"| use | worst time at {4 * N:,} chars | run | largest ratio {4 * N:,}/{N:,} | run |")
    print("|---|---|---|---|---|")
    for use in USES:
        worst = (0.0, "")
        ratio = (0.0, "")
        for unit, tail in ADVERSARIAL:
            t1 = seconds(use.apply, adversarial_text(unit, tail, N))
            t4 = seconds(use.apply, adversarial_text(unit, tail, 4 * N))
            label = f"`{unit!r}`" + (f" + `{tail!r}`" if tail else "")
            worst = max(worst, (t4, label))
            if t4 > 0.002:  # a ratio of two sub-millisecond times is noise
                ratio = max(ratio, (t4 / t1, label))
        print(f"| {use.name} | {worst[0] * 1e3:.1f} ms | {worst[1]} | {ratio[0]:.1f} | {ratio[1]} |")
    print()
    print("| 100k characters of | find_pii |")
    print("|---|---|")
    for unit, tail in ISSUE_TABLE:
        t = seconds(find_pii, adversarial_text(unit, tail, 100_000))
        print(f"| `{unit!r}`{' + ' + repr(tail) if tail else ''} repeated | {t * 1e3:.0f} ms |")


if __name__ == "__main__":
    main()
