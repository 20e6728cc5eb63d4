"""The package's shape, as docs/architecture.md describes it: the import-linter contracts of
pyproject.toml hold (stages layered, no cycles), no module imports another module's private names,
and product code reads no test seam from the environment."""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

import pytest
from fixtures.shared import REPO

PACKAGE = REPO / "corefprep"


def _modules() -> list[Path]:
    return sorted(p for p in PACKAGE.rglob("*.py") if "__pycache__" not in p.parts)


def _module_name(path: Path) -> str:
    rel = path.relative_to(REPO).with_suffix("")
    parts = list(rel.parts)
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def _absolute(module: str, node: ast.ImportFrom, is_package: bool) -> str:
    if not node.level:
        return node.module or ""
    base = module.split(".") if is_package else module.split(".")[:-1]
    base = base[: len(base) - (node.level - 1)]
    return ".".join([*base, *([node.module] if node.module else [])])


@pytest.mark.slow
def test_the_import_contracts_hold():
    r = subprocess.run([str(Path(sys.executable).with_name("lint-imports"))], cwd=REPO, capture_output=True, text=True,
                       timeout=120)
    assert r.returncode == 0, r.stdout[-3000:]
    assert "0 broken" in r.stdout


def test_no_module_imports_another_modules_private_names():
    offenders = []
    for path in _modules():
        module = _module_name(path)
        tree = ast.parse(path.read_text(), str(path))
        for node in ast.walk(tree):
            if not isinstance(node, ast.ImportFrom):
                continue
            source = _absolute(module, node, path.name == "__init__.py")
            if not source.startswith("corefprep") or source == module:
                continue
            for alias in node.names:
                if alias.name.startswith("_") and not alias.name.startswith("__"):
                    offenders.append(f"{module} imports {source}.{alias.name}")
    assert offenders == []


def test_product_code_reads_no_test_seam_from_the_environment():
    """Fault injection lives in the tests (tests/fixtures/faults.py); no COREFPREP_* variable or
    fault hook is read by the package."""
    hits = [str(p.relative_to(REPO)) for p in _modules() if any(k in p.read_text() for k in ("COREFPREP_", "CP_TEST_"))]
    assert hits == []


# Parallel work happens in one place: the supervisor's engines (issue 23). Anything else that
# starts processes, pools or Ray tasks would escape its time limits and its fault rule.
ENGINE_MODULES = {"corefprep/parallel/local.py": {"ProcessPoolExecutor"},
                  "corefprep/parallel/ray.py": {"remote"},
                  "corefprep/parallel/ray_beats.py": {"remote"}}  # the Ray engine's readers of beats
POOL_CALLS = {"Pool", "ProcessPoolExecutor", "Process", "imap", "imap_unordered", "map_async", "starmap",
              "starmap_async", "apply_async", "remote", "fork"}


def _pool_calls(path: Path) -> list[str]:
    """Calls in ``path`` that start processes or hand work to a pool or to Ray."""
    hits = []
    for node in ast.walk(ast.parse(path.read_text(), str(path))):
        if not isinstance(node, ast.Call):
            continue
        f = node.func
        name = f.attr if isinstance(f, ast.Attribute) else f.id if isinstance(f, ast.Name) else ""
        if name in POOL_CALLS:
            where = path.relative_to(REPO) if path.is_relative_to(REPO) else path.name
            hits.append(f"{where}:{node.lineno} {name}(...)")
    return hits


def test_no_parallel_step_escapes_the_supervisor():
    """No bare Pool.map/imap, executor or Ray task outside corefprep/parallel's two engines: a new
    parallel step must run through corefprep.parallel.supervised (see docs/architecture.md)."""
    offenders = []
    for path in _modules():
        rel = str(path.relative_to(REPO))
        allowed = ENGINE_MODULES.get(rel, set())
        offenders += [h for h in _pool_calls(path) if h.rsplit(" ", 1)[1].removesuffix("(...)") not in allowed]
    assert offenders == []


def test_the_check_above_finds_a_bare_pool(tmp_path: Path):
    bad = tmp_path / "step.py"
    bad.write_text("import multiprocessing as mp\n\ndef f(xs):\n    with mp.Pool(2) as p:\n"
                   "        return list(p.imap_unordered(str, xs))\n")
    assert [h.rsplit(" ", 1)[1] for h in _pool_calls(bad)] == ["Pool(...)", "imap_unordered(...)"]
