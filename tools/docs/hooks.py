"""MkDocs hooks of the site (mkdocs.yml ``hooks:``).

They point the docs' links to README.md and CHANGELOG.md (files of the repository, outside docs/)
at the site's pages made from them, they keep the API reference's navigation file (``reference/SUMMARY.md``, made by
``tools/docs/gen_pages.py`` and read by mkdocs-literate-nav) from becoming a page of its own, and
they keep warnings of modules being rewritten elsewhere from failing the build.

The site is built with ``--strict``: every warning fails it (a broken link, a missing anchor, a
docstring that names a parameter the function does not have, a cross-reference to nothing). The
modules in :data:`REWRITTEN` are being rewritten on other branches; their docstrings' warnings are
shown as ``INFO`` lines instead, so the build passes while that work is under way. Take a path out
of :data:`REWRITTEN` once its rewrite has landed, and fix what the build then reports.
"""

from __future__ import annotations

import logging
import posixpath
import re
from typing import Any

from mkdocs.structure.files import Files, InclusionLevel

REPOSITORY_PAGES = {"README.md": "index.md", "CHANGELOG.md": "changelog.md"}
"""Files at the repository's root that the site has as pages (``tools/docs/gen_pages.py``)."""

_LINK = re.compile(r"\]\((?P<path>(?:\.\./)+(?P<name>README\.md|CHANGELOG\.md))(?P<anchor>#[^)]*)?\)")

NAV_FILE = "reference/SUMMARY.md"
"""The API reference's navigation (``literate-nav``'s ``nav_file`` under ``reference/``)."""

REWRITTEN = (
    "regalia/server/master.py",  # the table master (the server's restructuring)
    "regalia/server/master.md",
    "regalia/server/connection.py",  # the table socket (the server's restructuring)
    "regalia/server/connection.md",
)
"""Paths (as they appear in a warning: a source file or a reference page) whose docstring warnings
do not fail the build, with the reason."""


class _WarningsOfRewrittenModules(logging.Filter):
    """Turns a docstring or cross-reference warning about a module of :data:`REWRITTEN` into an
    ``INFO`` line saying so; every other record passes unchanged."""

    def filter(self, record: logging.LogRecord) -> bool:
        if record.levelno == logging.WARNING:
            message = record.getMessage()
            if any(path in message for path in REWRITTEN):
                record.msg = f"{message} (a module being rewritten: not failing the build; tools/docs/hooks.py)"
                record.args = ()
                record.levelno, record.levelname = logging.INFO, "INFO"
        return True


def on_config(config: Any) -> Any:
    """Put the filter on the loggers of griffe (docstrings) and mkdocs-autorefs (cross-references)."""
    keep = _WarningsOfRewrittenModules()
    names = ["mkdocs.plugins.griffe"] + [
        name for name in logging.root.manager.loggerDict if name.startswith("mkdocs.plugins.mkdocs_autorefs")
    ]
    for name in names:
        logger = logging.getLogger(name)
        if not any(isinstance(f, _WarningsOfRewrittenModules) for f in logger.filters):
            logger.addFilter(keep)
    return config


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
