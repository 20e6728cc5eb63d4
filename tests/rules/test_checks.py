"""Rules as data (corefprep.rules.checks): the vectorised walk the report sweeps thresholds with
decides like the walk the filter applies to one document, and the code version a batch's values
are tied to follows code, not comments."""

from __future__ import annotations

import dataclasses
import importlib
import sys

import numpy as np
import pytest

from corefprep.rules import make_rules
from corefprep.rules.checks import Missing, code_version, evaluate_columns, share, walk


def _random_values(rules, n, rng):
    """Plausible values for every column, and for each group whether it was measured."""
    columns, present = {}, {}
    for g in rules.groups:
        present[g.name] = rng.random(n) < 0.8
        for c in g.columns:
            if c.kind == "float":
                columns[c.name] = rng.random(n) * 3 if "length" in c.name else rng.random(n)
            elif c.name in ("piece_np", "np_at") or c.name.endswith("gram"):
                columns[c.name] = rng.integers(-1, 3000, n)
            else:
                columns[c.name] = rng.integers(0, 3000, n)
    if "chars" in columns:
        columns["chars"] = rng.integers(1, 4000, n)
    return columns, present


@pytest.mark.parametrize("name, changes", [("v2", {}), ("v2", {"drop_pronouns": False}), ("v2", {"min_chars": 0}),
                                           ("llm", {}), ("llm", {"min_words": 5, "max_dup_5gram_frac": 0.5})])
def test_the_vectorised_walk_decides_like_the_walk_per_document(name, changes):
    rules = make_rules(name, **changes)
    rng = np.random.default_rng(7)
    n = 2000
    columns, present = _random_values(rules, n, rng)
    verdict, unknown = evaluate_columns(rules, columns, present, n)
    reasons = [c.reason for c in rules.checks]
    for i in range(n):
        have = {g for g, mask in present.items() if mask[i]}
        values = {k: (int(v[i]) if v.dtype.kind == "i" else float(v[i])) for k, v in columns.items()}
        got = walk(rules, rules.checks, values, have, lambda g: False)
        if isinstance(got, Missing):
            assert unknown[i], i
        else:
            assert not unknown[i], i
            assert got == (None if verdict[i] < 0 else reasons[verdict[i]]), i


def test_share_of_scalars_and_columns():
    assert share(1, 4) == 0.25 and share(3, 0) == 0.0
    np.testing.assert_array_equal(share(np.array([1, 3]), np.array([4, 0])), [0.25, 0.0])


def test_the_code_version_follows_code_not_comments(tmp_path, monkeypatch):
    monkeypatch.syspath_prepend(str(tmp_path))

    def version_of(source: str, name: str) -> str:
        (tmp_path / f"{name}.py").write_text(source)
        importlib.invalidate_caches()
        sys.modules.pop(name, None)
        return code_version((name,))

    base = version_of("def f(x):\n    return x > 1\n", "m_base")
    assert version_of("# why: one\ndef f(x):\n\n    return x > 1  # note\n", "m_comment") == base
    assert version_of("def f(x):\n    return x >= 1\n", "m_code") != base


def test_a_changed_threshold_is_not_a_changed_value():
    """Group keys (what recorded values were measured under) change with settings that change a
    value, never with a threshold."""
    v2 = make_rules("v2")
    assert dataclasses.replace(v2, min_chars=900, max_nnp_share=0.3).group_keys() == v2.group_keys()
    changed = dataclasses.replace(v2, punct_chars=".?!…").group_keys()
    assert {g for g in changed if changed[g] != v2.group_keys()[g]} == {"punct"}
    llm = make_rules("llm")
    space = dataclasses.replace(llm, words="space").group_keys()
    assert {g for g in space if space[g] != llm.group_keys()[g]} == {"words", "stopwords"}
