"""Which modules of regalia are public, and so have a page in the site's API reference.

A module is public when its dotted name has no part that starts with ``_`` (``regalia._x``,
``regalia.core._y`` are private; a package's ``__init__`` is the package's own page) and every part
is a Python identifier, except the modules of a package named ``migrations``: Alembic's migration
scripts, which Alembic runs by file (``0001_tables_seats_moves_chat.py`` is no importable name)
and nobody imports. Nothing else decides it: a module added to the package gets its page, and a
module removed or renamed loses or moves its page, with no list to keep. docs/release.md says so.
"""

from __future__ import annotations

from pathlib import Path


def public_modules(src: Path) -> list[str]:
    """The dotted names of regalia's public modules, sorted, packages before their modules.

    Args:
        src: the folder that holds the ``regalia`` package (the checkout's ``src``).

    Returns:
        names such as ``regalia``, ``regalia.core`` and ``regalia.core.state``.
    """
    names = []
    for path in sorted((src / "regalia").rglob("*.py")):
        parts = list(path.relative_to(src).with_suffix("").parts)
        if parts[-1] == "__init__":
            parts.pop()
        if any(not part.isidentifier() or part.startswith("_") for part in parts):
            continue
        if "migrations" in parts:
            continue
        names.append(".".join(parts))
    return sorted(names, key=lambda name: name.split("."))
