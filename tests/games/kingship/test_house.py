"""The shape of the Kingship package (issues #17 and #35, "The house"): no import cycle between its
modules at run time, no import inside a function (only the state, for typing, under
``TYPE_CHECKING``), and one ``KingshipState`` with the rules as functions of it."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest
from tests.games.kingship.test_golden_playouts import CASES, GOLDEN, game_seed
from tests.golden import playout_digest

import regalia
from regalia.core.state import State
from regalia.games.kingship import abilities, engine, flow, laws, merchant, windows
from regalia.games.kingship import state as state_module
from regalia.games.kingship.engine import OP_NAMES
from regalia.games.kingship.state import KingshipState

PACKAGE = "regalia.games.kingship"
FOLDER = Path(state_module.__file__).parent


def _trees() -> dict[str, ast.Module]:
    return {p.stem: ast.parse(p.read_text(encoding="utf-8")) for p in sorted(FOLDER.glob("*.py"))}


def _is_type_checking(node: ast.AST) -> bool:
    return isinstance(node, ast.If) and isinstance(node.test, ast.Name) and node.test.id == "TYPE_CHECKING"


def _imports_of(tree: ast.Module) -> set[str]:
    """The sibling modules a module imports at run time (``TYPE_CHECKING`` blocks left out: a
    module that takes the state imports it for typing only)."""
    out: set[str] = set()
    typing_only = {id(n) for b in ast.walk(tree) if _is_type_checking(b) for n in ast.walk(b)}
    for node in ast.walk(tree):
        if id(node) in typing_only:
            continue
        if isinstance(node, ast.ImportFrom) and node.module:
            if node.module == PACKAGE:
                out.update(alias.name for alias in node.names)
            elif node.module.startswith(PACKAGE + "."):
                out.add(node.module[len(PACKAGE) + 1 :].split(".")[0])
        elif isinstance(node, ast.Import):
            for alias in node.names:
                if alias.name.startswith(PACKAGE + "."):
                    out.add(alias.name[len(PACKAGE) + 1 :].split(".")[0])
    return out


def test_no_import_cycle_between_the_modules() -> None:
    trees = _trees()
    graph = {name: _imports_of(tree) & set(trees) for name, tree in trees.items()}
    done: set[str] = set()

    def visit(name: str, path: list[str]) -> None:
        assert name not in path, "import cycle: " + " -> ".join([*path[path.index(name) :], name])
        if name in done:
            return
        for dep in sorted(graph[name]):
            visit(dep, [*path, name])
        done.add(name)

    for name in sorted(graph):
        visit(name, [])
    assert graph["state"] >= {"flow", "engine", "snapshot"}
    assert graph["presenter"] >= {"state", "view", "prompts", "labels", "keys"}


def test_no_import_inside_a_function_and_only_the_state_for_typing() -> None:
    for name, tree in _trees().items():
        for node in ast.walk(tree):
            if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef | ast.If):
                inner = [n for n in ast.walk(node) if isinstance(n, ast.Import | ast.ImportFrom)]
                if _is_type_checking(node):
                    modules = {n.module for n in inner if isinstance(n, ast.ImportFrom)}
                    assert modules == {PACKAGE + ".state"}, f"{name}.py imports {modules} for typing"
                    continue
                assert not inner, f"{name}.py imports inside {getattr(node, 'name', 'an if block')}"


def test_one_state_class_and_the_rules_as_functions_of_it() -> None:
    """One ``KingshipState`` of typed fields directly under the core ``State`` (issue 35: no line
    of rule classes); the rule modules hold functions of it, no class."""
    assert KingshipState.__bases__ == (State,)
    for module in (engine, laws, windows, merchant, abilities, flow):
        tree = _trees()[module.__name__.rsplit(".", 1)[1]]  # the source (a compiled build loads a .so)
        assert not [n.name for n in tree.body if isinstance(n, ast.ClassDef)], module.__name__
        functions = [n for n in tree.body if isinstance(n, ast.FunctionDef)]
        of_state = [
            f
            for f in functions
            if any(ast.unparse(a.annotation or ast.Constant(None)) == "KingshipState" for a in f.args.args)
        ]
        assert of_state, module.__name__
        for f in of_state:  # the state comes first, and is called ``state``
            assert f.args.args[0].arg == "state", f"{module.__name__}.{f.name}"


def test_every_queue_step_is_dispatched_by_its_constant() -> None:
    """``KingshipState._step`` compares the step with every ``OP_*`` constant of ``engine``, one
    per name of ``engine.OP_NAMES`` (and nothing else): named int constants, not strings."""
    tree = _trees()["state"]
    step = next(n for n in ast.walk(tree) if isinstance(n, ast.FunctionDef) and n.name == "_step")
    named = {
        node.comparators[0].id
        for node in ast.walk(step)
        if isinstance(node, ast.Compare)
        and isinstance(node.left, ast.Name)
        and node.left.id == "op"
        and isinstance(node.comparators[0], ast.Name)
    }
    assert named == {"OP_" + name.upper() for name in OP_NAMES}
    assert all(getattr(engine, "OP_" + name.upper()) == i for i, name in enumerate(OP_NAMES))


@pytest.mark.skipif(regalia.compiled(), reason="the compiled build always takes the if chains")
@pytest.mark.parametrize(("index", "seed"), [(0, 1), (3, 2), (6, 3), (9, 4)])
def test_the_if_chains_play_exactly_like_the_dispatch_dictionaries(
    index: int, seed: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The pure build dispatches through dictionaries, the compiled one through the ``if`` chains
    (``state._INTERPRETED``): played through the chains in the pure build, the golden playouts give
    the recorded digests too."""
    monkeypatch.setattr(state_module, "_INTERPRETED", False)
    players, options = CASES[index]
    assert playout_digest("kingship", players, options, game_seed(index, seed)) == GOLDEN[(index, seed)]
