"""mkdocs hook: the site's front page is the repository's README.md.

docs/index.md is only a placeholder; its content is replaced by README.md at build time, with the
README's links into docs/ (``docs/rules.md``, ``docs/img/...``) made relative to the site's root, so
the README reads the same on GitHub and on the site and exists once. ``mkdocs serve`` watches it.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any


def _readme(config: Any) -> Path:
    return Path(config["config_file_path"]).resolve().parent / "README.md"


def on_page_markdown(markdown: str, page: Any, config: Any, files: Any, **_: Any) -> str:
    if page.file.src_uri != "index.md":
        return markdown
    text = _readme(config).read_text(encoding="utf-8")
    # ](docs/x.md) -> ](x.md): links and images into docs/ from the repository root
    return re.sub(r"\]\(docs/", "](", text)


def on_serve(server: Any, config: Any, builder: Any, **_: Any) -> Any:
    server.watch(str(_readme(config)))
    return server
