"""A griffe extension: the Sphinx roles of regalia's docstrings as the site's cross-references.

regalia's docstrings are Google style with reST's inline markup: ``double backticks`` (code in
Markdown too) and roles such as :class:`State`, :func:`~regalia.core.registry.make` or
:mod:`regalia.rl.vector`, which Markdown would show as they are written. Before mkdocstrings renders
a page, each role becomes its target in code, linked to the target's page: a name is looked up
from the docstring's own scope (its object, then the enclosing class and module, their imports
included), and ``~`` shows only the last part, as Sphinx does. A target the site has no page or
heading for (another package's object, a private one) stays plain code, with no warning.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from functools import partial
from html import escape
from typing import Any

from griffe import Extension, Module, Object

ROLE = re.compile(r":(?:py:)?(?:class|func|meth|mod|data|attr|exc|obj|const):`(?P<tilde>~?)\.?(?P<target>[^`<>\s]+)`")
"""A Sphinx cross-reference role: ``:class:`~pkg.Name```, ``:meth:`Name.method()```."""


def _objects(obj: Object) -> Iterator[Object]:
    """``obj`` and every member defined under it (imported names, which are aliases, apart)."""
    yield obj
    for member in obj.members.values():
        if not member.is_alias:
            yield from _objects(member)  # type: ignore[arg-type]


def _resolve(scope: Object, target: str) -> str | None:
    """The full path ``target`` names from ``scope``, or ``None`` when it names nothing known there."""
    if target.split(".", 1)[0] == scope.module.package.name:
        return target
    first, _, rest = target.partition(".")
    try:
        path = scope.resolve(first)
    except Exception:  # griffe's NameResolutionError, or an alias it cannot follow: no link
        return None
    return f"{path}.{rest}" if rest else path


def _reference(scope: Object, match: re.Match[str]) -> str:
    target = match["target"].removesuffix("()")
    shown = target.rsplit(".", 1)[-1] if match["tilde"] else target
    path = _resolve(scope, target)
    code = f"`{shown}`"
    return f'<autoref identifier="{escape(path)}" optional>{code}</autoref>' if path else code


class SphinxRoles(Extension):
    """Rewrites the roles of every docstring of a package once griffe has loaded all of it."""

    def on_package(self, *, pkg: Module, **kwargs: Any) -> None:
        for obj in _objects(pkg):
            if obj.docstring is not None and ":`" in obj.docstring.value:
                obj.docstring.value = ROLE.sub(partial(_reference, obj), obj.docstring.value)
