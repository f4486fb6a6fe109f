"""Short functions (issue #24): no function or method under ``src/regalia`` runs over
:data:`LONGEST` physical lines.

A function's length is counted from its first line (its first decorator, or ``def``) to its last,
docstring, comments and blank lines included, nested functions included in the function that holds
them (and each counted again on its own). A rule that needs more is split the way the games split
them: one handler per action kind (Kingship's ``on_<kind>``, Kingdom's ``_on_<kind>``), one helper
per part of a view or per card's effect."""

from __future__ import annotations

import ast
import importlib
from pathlib import Path

LONGEST = 120
"""The most physical lines a function may take (issue #24)."""

SRC_DIR = Path(importlib.import_module("regalia").__file__ or "").resolve().parent


def function_lengths(source: str) -> list[tuple[str, int, int]]:
    """Every function and method in ``source`` as ``(qualified name, first line, length in
    lines)``, where the qualified name joins the enclosing classes and functions with dots
    (``KingdomState._apply``, ``create_app.websocket``)."""
    out: list[tuple[str, int, int]] = []

    def walk(node: ast.AST, prefix: str) -> None:
        for child in ast.iter_child_nodes(node):
            if isinstance(child, ast.FunctionDef | ast.AsyncFunctionDef):
                first = min([child.lineno] + [d.lineno for d in child.decorator_list])
                end = child.end_lineno if child.end_lineno is not None else child.lineno
                name = prefix + child.name
                out.append((name, first, end - first + 1))
                walk(child, name + ".")
            elif isinstance(child, ast.ClassDef):
                walk(child, prefix + child.name + ".")
            else:
                walk(child, prefix)

    walk(ast.parse(source), "")
    return out


def test_function_lengths_counts_decorators_docstrings_and_nested_functions() -> None:
    source = (
        "class K:\n"
        "    @staticmethod\n"
        "    def f() -> None:\n"
        '        """Doc."""\n'
        "\n"
        "        def g() -> None:\n"
        "            pass\n"
        "        g()\n"
        "def h(): return 1\n"
    )
    assert function_lengths(source) == [("K.f", 2, 7), ("K.f.g", 6, 2), ("h", 9, 1)]


def test_no_function_in_src_is_over_the_longest() -> None:
    files = sorted(SRC_DIR.rglob("*.py"))
    assert len(files) > 100, "the walk found the package's modules"
    offenders = []
    for path in files:
        for name, line, length in function_lengths(path.read_text(encoding="utf-8")):
            if length > LONGEST:
                offenders.append(f"{path.relative_to(SRC_DIR.parent)}:{line} {name}: {length} lines")
    assert not offenders, f"functions over {LONGEST} lines (split them):\n" + "\n".join(offenders)
