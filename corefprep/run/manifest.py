"""The work manifest: the filter settings and inputs the finished batches were made with (SPEC 2.2).

A resumed run with other inputs or another rule set is refused, with the difference named
(``--force`` recomputes); changed thresholds and other settings are re-decided from what each batch
recorded (:mod:`corefprep.filter.prior`). The manifest also records which settings each batch was
decided with (``batches`` and ``configs``).
"""

from __future__ import annotations

import json
import time
from pathlib import Path
from typing import Any, NamedTuple

from ..core.atomic import atomic_write_json, config_hash, read_json
from ..core.errors import ConfigMismatchError, CorefprepError
from ..core.manifest import read_manifest
from ..core.workdir import WorkDir
from ..rules import make_rules

MANIFEST_VERSION = 3
# What makes batches other batches: the inputs, how they are cut, the field read, the rule set. A
# change of any of these is refused (--force recomputes). Any other setting (a threshold, the rules'
# code, the Kiwi version, --keep-rejected) is re-decided from the batches' recorded values.
IDENTITY = ("inputs", "total_docs", "batch_docs", "text_field")


class ManifestCheck(NamedTuple):
    config_id: str  # stamped into every batch computed under the current settings
    changed: str | None  # what changed since the last run (re-decided), None when nothing did


def identity_of(config: dict[str, Any]) -> dict[str, Any]:
    rules = config.get("rules")
    out = {k: config[k] for k in IDENTITY if k in config}
    if isinstance(rules, dict) and "rules" in rules:
        out["rule_set"] = rules["rules"]
    return out


def check_manifest(work: WorkDir, filter_config: dict[str, Any], force: bool, *,
                   defaults: dict[str, Any] | None = None, file_times: dict[str, list[Any]] | None = None,
                   legacy_inputs: dict[str, list[Any]] | None = None, about: dict[str, Any] | None = None
                   ) -> ManifestCheck:
    """Record the filter config; refuse to mix batches of other inputs or another rule set.

    Returns the config id stamped into every batch's stats, and what changed when only settings
    a batch can be re-decided under changed. A config that equals the recorded one keeps the
    recorded id, also when an older corefprep recorded it (see :func:`same_config`): upgrading
    corefprep or touching an input never invalidates finished batches. With ``force`` the old
    batches are left in place but no longer count as done (their stats carry the old id).
    ``about``: what a reader of the run needs besides the config (where each input is and how
    many records it holds, the rules' options as given), recorded but never compared.
    """
    cid = config_hash(filter_config)
    old = read_json(work.manifest)
    changed = None
    defaults, file_times, legacy = defaults or {}, file_times or {}, legacy_inputs or {}
    if old and old.get("config_id") != cid:
        recorded = old.get("filter_config", {})
        if same_config(recorded, filter_config, defaults, file_times, legacy) and not force:
            cid = str(old["config_id"])  # the batches made under it stay done
        elif not same_config(identity_of(recorded), identity_of(filter_config), identity_of(defaults), file_times,
                             legacy):
            if not force:
                diff = describe_difference(identity_of(recorded), identity_of(filter_config))
                raise ConfigMismatchError(
                    f"{work.output_dir} holds batches made from other inputs or with another rule set ({diff}); "
                    "rerun with --force to recompute them, or choose another --output-dir"
                )
        else:
            changed = describe_difference(recorded, filter_config)
    about = about or {}
    if not old or old.get("config_id") != cid or old.get("filter_config") != filter_config or \
            any(old.get(k) != v for k, v in about.items()):
        configs = dict(old.get("configs", {})) if old else {}
        if old and old.get("config_id") and old.get("config_id") not in configs:
            configs[str(old["config_id"])] = old.get("filter_config", {})
        configs[cid] = filter_config
        atomic_write_json(work.manifest, {
            "version": MANIFEST_VERSION,
            "config_id": cid,
            "filter_config": filter_config,
            "configs": configs,
            "batches": dict(old.get("batches", {})) if old else {},
            **about,
            "updated_at": time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime()),
        })
    return ManifestCheck(cid, changed)


def record_batches(work: WorkDir, decided: dict[int, str]) -> None:
    """Write down which config each batch was decided under (``batches``: batch -> config id), and
    keep in ``configs`` exactly the settings of those ids and of the current one."""
    old = read_json(work.manifest)
    if not old:
        return
    batches = {str(k): cid for k, cid in sorted(decided.items())}
    keep = set(batches.values()) | {str(old.get("config_id"))}
    configs = {cid: cfg for cid, cfg in old.get("configs", {}).items() if cid in keep}
    if batches == old.get("batches") and configs == old.get("configs"):
        return
    atomic_write_json(work.manifest, {**old, "batches": batches, "configs": configs})


def same_config(old: dict[str, Any], new: dict[str, Any], defaults: dict[str, Any],
                file_times: dict[str, list[Any]], legacy_inputs: dict[str, list[Any]] | None = None) -> bool:
    """Whether a recorded config describes the same batches as ``new`` although it differs as data:

    - a setting the recorded config lacks (an older corefprep did not record it) had its default:
      it equals ``defaults`` at the same place;
    - an input recorded by size and modification time (older corefprep) is the same file when its
      size and mtime are still those (``file_times``: path -> [size, mtime_ns] now); inputs are
      recorded by content hash since, so a touched input is the same input;
    - a local dataset directory recorded by its files' stat (older corefprep) is the same while the
      entry ``legacy_inputs`` gives for its new record is the recorded one.
    """
    for key in set(old) | set(new):
        a, b = old.get(key, _MISSING), new.get(key, _MISSING)
        if key == "inputs" and isinstance(a, list) and isinstance(b, list):
            if not _same_inputs(a, b, file_times, legacy_inputs or {}):
                return False
        elif not _same_value(a, b, defaults.get(key, _MISSING)):
            return False
    return True


_MISSING: Any = object()


def _same_value(a: Any, b: Any, default: Any) -> bool:
    if a is _MISSING:
        return b == default
    if isinstance(a, dict) and isinstance(b, dict):
        d = default if isinstance(default, dict) else {}
        return all(_same_value(a.get(k, _MISSING), b.get(k, _MISSING), d.get(k, _MISSING)) for k in set(a) | set(b))
    return a == b


def _same_inputs(old: list[Any], new: list[Any], file_times: dict[str, list[Any]],
                 legacy_inputs: dict[str, list[Any]]) -> bool:
    if len(old) != len(new):
        return False
    for a, b in zip(old, new, strict=True):
        if a == b or (isinstance(b, list) and b and legacy_inputs.get(b[0]) == a):
            continue
        legacy = isinstance(a, list) and len(a) == 3 and isinstance(a[2], int) and not isinstance(a[2], bool)
        if not (legacy and isinstance(b, list) and a[:2] == b[:2] and file_times.get(a[0]) == a[1:]):
            return False
    return True


def describe_difference(old: dict[str, Any], new: dict[str, Any], limit: int = 4) -> str:
    """What changed between two recorded configs, naming the innermost setting (``rules.min_chars:
    800 -> 900``) and, for inputs, the files added, removed or modified."""
    diffs: list[str] = []
    for key in sorted(set(old) | set(new)):
        a, b = old.get(key), new.get(key)
        if a == b:
            continue
        if key == "inputs" and isinstance(a, list) and isinstance(b, list):
            diffs.extend(_inputs_difference(a, b))
        else:
            _difference(key, a, b, diffs)
    if not diffs:
        return "unknown difference"
    more = f", and {len(diffs) - limit} more" if len(diffs) > limit else ""
    return "; ".join(diffs[:limit]) + more


def _difference(where: str, a: Any, b: Any, out: list[str]) -> None:
    if isinstance(a, dict) and isinstance(b, dict):
        for key in sorted(set(a) | set(b)):
            if a.get(key) != b.get(key):
                _difference(f"{where}.{key}", a.get(key), b.get(key), out)
    elif a != b:
        out.append(f"{where}: {_short(a)} -> {_short(b)}")


def _inputs_difference(old: list[Any], new: list[Any]) -> list[str]:
    """Inputs are recorded as [path, size, "sha256:..."] (older corefprep: [path, size, mtime_ns]) in order."""

    def by_path(entries: list[Any]) -> dict[str, Any]:
        return {e[0]: e[1:] for e in entries if isinstance(e, list | tuple) and e}

    a, b = by_path(old), by_path(new)
    out = []
    added = [p for p in b if p not in a]
    removed = [p for p in a if p not in b]
    changed = [p for p in b if p in a and a[p] != b[p]]
    if added:
        out.append("input added: " + _names(added))
    if removed:
        out.append("input removed: " + _names(removed))
    for p in changed[:2]:
        (size_a, *_), (size_b, *_) = a[p], b[p]
        what = f"size {size_a} -> {size_b}" if size_a != size_b else "content changed"
        out.append(f"input {p} was modified ({what})")
    if len(changed) > 2:
        out.append(f"{len(changed) - 2} more inputs were modified")
    if not out and list(a) != list(b):
        out.append("inputs are in another order")
    return out


def _names(paths: list[str]) -> str:
    return ", ".join(paths[:3]) + (f" and {len(paths) - 3} more" if len(paths) > 3 else "")


def _short(v: Any) -> str:
    s = json.dumps(v, ensure_ascii=False)
    return s if len(s) <= 60 else s[:57] + "..."


def recorded_rules(work: WorkDir) -> Any:
    """The rule set the run in ``work`` was last decided with (from its manifest), or None.

    Rebuilt from the options as given (the blocklist by its path); a blocklist that is gone is
    left out, and a run recorded by an older corefprep is rebuilt from its decision settings."""
    m = read_manifest(work)
    if m is None:
        return None
    options = dict(m.rules_options or m.rules)
    name = options.pop("rules", "v2")
    if options.get("blocklist") and not Path(str(options["blocklist"])).is_file():
        options["blocklist"] = None
    try:
        return make_rules(name, **options)
    except (CorefprepError, TypeError):
        return make_rules(name)
