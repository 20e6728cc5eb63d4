"""The documentation stays true to the code: docs/cli.md is what tools/cli_reference.py makes from
the argument parser now (a new option without regenerated docs fails here), and the README's and
the pages' links and pictures point at files that exist. `make test` also builds the site with
`mkdocs build --strict`, which checks every link and anchor."""

from __future__ import annotations

import argparse
import re
from pathlib import Path

from fixtures.shared import REPO, load_tool

DOCS = REPO / "docs"
README = REPO / "README.md"
LINK = re.compile(r"!?\[[^\]]*\]\(([^)\s]+)\)")


def _tool():
    return load_tool("cli_reference")


def test_the_cli_reference_is_what_the_parser_gives_now():
    committed = (DOCS / "cli.md").read_text(encoding="utf-8")
    assert committed == _tool().generate(), (
        "docs/cli.md is stale: the command line changed; run `python tools/cli_reference.py` (or `make docs`) "
        "and commit docs/cli.md")


def test_the_cli_reference_names_every_command_and_option():
    from corefprep.cli import build_parser

    page = (DOCS / "cli.md").read_text(encoding="utf-8")
    parser = build_parser()
    sub = next(a for a in parser._actions if isinstance(a, argparse._SubParsersAction))
    for name, command in sub.choices.items():
        assert f"## corefprep {name}\n" in page, name
        for action in command._actions:
            if action.help is argparse.SUPPRESS:
                continue
            for flag in action.option_strings:
                if flag not in ("-h", "--help"):
                    assert flag in page, f"corefprep {name} {flag}"


def test_the_generated_page_does_not_depend_on_where_corefprep_is_installed():
    page = (DOCS / "cli.md").read_text(encoding="utf-8")
    assert str(REPO) not in page
    assert "`corefprep/data/tokenizer`" in page  # --model's default, written from the package


def _targets(md: Path) -> list[tuple[str, Path]]:
    text = re.sub(r"```.*?```", "", md.read_text(encoding="utf-8"), flags=re.S)
    out = []
    for target in LINK.findall(text):
        if re.match(r"[a-z]+:", target) or target.startswith("#"):
            continue
        out.append((target, (md.parent / target.split("#")[0]).resolve()))
    return out


def test_the_readme_and_the_pages_link_to_files_that_exist():
    pages = [README, *sorted(DOCS.glob("*.md"))]
    broken = [f"{md.name}: {t}" for md in pages for t, path in _targets(md) if not path.exists()]
    assert not broken, broken


def test_the_readme_links_into_the_docs_only():
    # the site's front page is the README with "docs/" taken off its links (docs/_hooks/readme.py):
    # a link elsewhere in the repository would be broken on the site
    outside = [t for t, path in _targets(README) if not path.is_relative_to(DOCS)]
    assert not outside, outside


def test_every_page_is_in_the_site_navigation():
    nav = (REPO / "mkdocs.yml").read_text(encoding="utf-8")
    listed = set(re.findall(r":\s*([\w./-]+\.md)\s*$", nav, flags=re.M))
    pages = {p.relative_to(DOCS).as_posix() for p in DOCS.glob("*.md")}
    assert pages == listed, (pages - listed, listed - pages)


def test_pictures_are_small_pngs():
    for png in DOCS.rglob("*.png"):
        assert png.stat().st_size < 300_000, png


def test_the_readme_stays_a_first_page():
    lines = README.read_text(encoding="utf-8").count("\n")
    assert lines <= 260, f"README.md has {lines} lines; move detail into a page of docs/"


def test_every_option_of_the_cli_reference_has_its_own_anchor():
    from corefprep.cli import build_parser

    page = (DOCS / "cli.md").read_text(encoding="utf-8")
    ids = re.findall(r'<a id="([^"]+)"></a>', page)
    assert len(ids) == len(set(ids)), "an anchor is used twice"
    tool = _tool()
    prepare = next(a for a in build_parser()._actions if isinstance(a, argparse._SubParsersAction)).choices["prepare"]
    for action in prepare._actions:
        if action.help is not argparse.SUPPRESS and "-h" not in action.option_strings:
            name = tool.anchor("prepare", action)
            assert name in ids and f"](#{name})" in page, name
    assert "prepare--model" in ids and "prepare--chunksize" in ids and "doctor--model" in ids


def test_every_korean_character_of_the_pages_is_in_the_shipped_font():
    font = load_tool("docs_font")
    assert font.missing() == [], "run tools/docs_font.py --fontsource <@fontsource/noto-sans-kr> (see its docstring)"


def test_user_pages_say_what_things_are_not_where_they_came_from():
    """Project history (an older script, issues, the developers' directories) is on the comparison
    page only."""
    history = re.compile(r"today's|seed script|\.\./shared|\bissues? \d+", re.I)
    pages = [README, *sorted(DOCS.glob("*.md"))]
    found = [f"{p.name}: {m.group(0)}" for p in pages if p.name != "compared.md"
             for m in history.finditer(p.read_text(encoding="utf-8"))]
    assert not found, found
