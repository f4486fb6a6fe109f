"""MkDocs hooks of the site (mkdocs.yml ``hooks:``).

They point the docs' links to README.md and CHANGELOG.md (files of the repository, outside docs/)
at the site's pages made from them, and they keep the API reference's navigation file
(``reference/SUMMARY.md``, made by ``tools/docs/gen_pages.py`` and read by mkdocs-literate-nav)
from becoming a page of its own.

The site is built with ``--strict``: every warning fails it (a broken link, a missing anchor, a
docstring that names a parameter the function does not have, a cross-reference to nothing).
"""

from __future__ import annotations

import posixpath
import re
from typing import Any

from mkdocs.structure.files import Files, InclusionLevel

REPOSITORY_PAGES = {"README.md": "index.md", "CHANGELOG.md": "changelog.md"}
"""Files at the repository's root that the site has as pages (``tools/docs/gen_pages.py``)."""

_LINK = re.compile(r"\]\((?P<path>(?:\.\./)+(?P<name>README\.md|CHANGELOG\.md))(?P<anchor>#[^)]*)?\)")

NAV_FILE = "reference/SUMMARY.md"
"""The API reference's navigation (``literate-nav``'s ``nav_file`` under ``reference/``)."""


def on_files(files: Files, config: Any) -> Files:
    """Read :data:`NAV_FILE` for the navigation only; build no page of it."""
    nav_file = files.get_file_from_path(NAV_FILE)
    if nav_file is not None:
        nav_file.inclusion = InclusionLevel.EXCLUDED
    return files


def on_page_markdown(markdown: str, page: Any, config: Any, files: Files) -> str:
    """A link from a page of docs/ to ``../CHANGELOG.md`` (or README.md) leads to its page on the site."""
    folder = posixpath.dirname(page.file.src_uri)

    def site_link(match: re.Match[str]) -> str:
        if posixpath.normpath(posixpath.join(folder, match["path"])) != f"../{match['name']}":
            return match[0]  # not the repository's own file
        target = posixpath.relpath(REPOSITORY_PAGES[match["name"]], folder or ".")
        return f"]({target}{match['anchor'] or ''})"

    return _LINK.sub(site_link, markdown)
