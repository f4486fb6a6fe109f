"""The shape of the Kingship package (issue #17, "The house"): no import cycle between its
modules, no import inside a function, and one line of rule classes under ``KingshipState``."""

from __future__ import annotations

import ast
import itertools
from pathlib import Path

import pytest
from tests.games.kingship.test_golden_playouts import CASES, GOLDEN, game_seed
from tests.golden import playout_digest

import regalia
from regalia.core.state import State
from regalia.games.kingship import state as state_module
from regalia.games.kingship.abilities import Abilities
from regalia.games.kingship.engine import Engine
from regalia.games.kingship.flow import Flow
from regalia.games.kingship.laws import Laws
from regalia.games.kingship.merchant import Merchant
from regalia.games.kingship.snapshot import OP_NAMES
from regalia.games.kingship.state import KingshipState
from regalia.games.kingship.windows import Windows

PACKAGE = "regalia.games.kingship"
FOLDER = Path(state_module.__file__).parent


def _trees() -> dict[str, ast.Module]:
    return {p.stem: ast.parse(p.read_text(encoding="utf-8")) for p in sorted(FOLDER.glob("*.py"))}


def _imports_of(tree: ast.Module) -> set[str]:
    """The sibling modules a module imports (at any level, ``TYPE_CHECKING`` blocks included)."""
    out: set[str] = set()
    for node in ast.walk(tree):
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


def test_no_import_inside_a_function_or_type_checking_block() -> None:
    for name, tree in _trees().items():
        for node in ast.walk(tree):
            if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef | ast.If):
                inner = [n for n in ast.walk(node) if isinstance(n, ast.Import | ast.ImportFrom)]
                assert not inner, f"{name}.py imports inside {getattr(node, 'name', 'an if block')}"


def test_the_rule_classes_form_one_line() -> None:
    line = [KingshipState, Flow, Abilities, Merchant, Windows, Laws, Engine, State]
    for cls, base in itertools.pairwise(line):
        assert cls.__bases__ == (base,), f"{cls.__name__} must derive from {base.__name__} alone"


def test_every_queue_step_is_dispatched_by_name() -> None:
    """``KingshipState._step`` names every step of ``validate.OP_NAMES`` (and nothing else)."""
    tree = _trees()["state"]
    step = next(n for n in ast.walk(tree) if isinstance(n, ast.FunctionDef) and n.name == "_step")
    named = {
        node.comparators[0].value
        for node in ast.walk(step)
        if isinstance(node, ast.Compare)
        and isinstance(node.left, ast.Name)
        and node.left.id == "op"
        and isinstance(node.comparators[0], ast.Constant)
    }
    assert named == set(OP_NAMES)


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
