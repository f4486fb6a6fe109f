"""The house of every game package (issue #17): no import inside a function, and no import
cycle among the package's modules at run time (imports under ``if TYPE_CHECKING:`` are for the
type checker only and do not count)."""

from __future__ import annotations

import ast
import importlib
from pathlib import Path

import pytest

GAMES_DIR = Path(importlib.import_module("regalia.games").__file__ or "").resolve().parent
PACKAGES = sorted(p for p in GAMES_DIR.iterdir() if (p / "__init__.py").is_file())


def _is_type_checking(node: ast.If) -> bool:
    test = node.test
    return (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or (
        isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING"
    )


def _runtime_imports(tree: ast.Module) -> list[ast.Import | ast.ImportFrom]:
    """The imports a module runs when it is imported (its top level, outside TYPE_CHECKING)."""
    out: list[ast.Import | ast.ImportFrom] = []

    def walk(body: list[ast.stmt]) -> None:
        for node in body:
            if isinstance(node, ast.Import | ast.ImportFrom):
                out.append(node)
            elif isinstance(node, ast.If) and not _is_type_checking(node):
                walk(node.body)
                walk(node.orelse)
            elif isinstance(node, ast.Try):
                walk(node.body)

    walk(tree.body)
    return out


def _package_deps(package: Path) -> dict[str, set[str]]:
    """Each module of ``package`` -> the modules of the same package it imports at run time."""
    name = f"regalia.games.{package.name}"
    modules = {p.stem: p for p in package.glob("*.py") if p.stem != "__init__"}
    deps: dict[str, set[str]] = {}
    for stem, path in modules.items():
        found: set[str] = set()
        for node in _runtime_imports(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ImportFrom) and node.module:
                if node.module == name:  # from regalia.games.X import module
                    found.update(a.name for a in node.names if a.name in modules)
                elif node.module.startswith(name + "."):
                    found.add(node.module[len(name) + 1 :].split(".")[0])
            elif isinstance(node, ast.Import):
                for a in node.names:
                    if a.name.startswith(name + "."):
                        found.add(a.name[len(name) + 1 :].split(".")[0])
        deps[stem] = found & set(modules)
    return deps


@pytest.mark.parametrize("package", PACKAGES, ids=lambda p: p.name)
def test_no_module_of_a_game_imports_inside_a_function(package: Path) -> None:
    inside = []
    for path in sorted(package.glob("*.py")):
        for fn in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(fn, ast.FunctionDef | ast.AsyncFunctionDef):
                for node in ast.walk(fn):
                    if isinstance(node, ast.Import | ast.ImportFrom):
                        inside.append(f"{path.name}:{node.lineno} in {fn.name}()")
    assert not inside, inside


@pytest.mark.parametrize("package", PACKAGES, ids=lambda p: p.name)
def test_a_game_package_has_no_import_cycle(package: Path) -> None:
    deps = _package_deps(package)
    assert deps.get("state"), "state.py imports the helpers below it"
    done: set[str] = set()

    def visit(m: str, path: list[str]) -> None:
        if m in path:
            raise AssertionError(f"import cycle in {package.name}: {' -> '.join([*path[path.index(m) :], m])}")
        if m in done:
            return
        for d in sorted(deps[m]):
            visit(d, [*path, m])
        done.add(m)

    for m in sorted(deps):
        visit(m, [])


def test_the_cycle_check_finds_a_cycle(tmp_path: Path) -> None:
    pkg = tmp_path / "loop"
    pkg.mkdir()
    (pkg / "__init__.py").write_text("")
    (pkg / "state.py").write_text("from regalia.games.loop.view import draw\n")
    (pkg / "view.py").write_text("from regalia.games.loop import state\n")
    assert _package_deps(pkg) == {"state": {"view"}, "view": {"state"}}
    with pytest.raises(AssertionError, match="import cycle in loop"):
        test_a_game_package_has_no_import_cycle(pkg)
