"""The shape of the Blood & Fortune package (issues 17 and 35, "the house"): constants modules that
import nothing of the game, no import cycle at run time (a module that takes the state imports it
for typing only, under ``TYPE_CHECKING``: the state's one class sits above the functions of it), no
import inside a function, and every compiled module's state class free of ``__dict__`` copies."""

from __future__ import annotations

import ast
import importlib
import random
from pathlib import Path

import regalia

PACKAGE = "regalia.games.blood_and_fortune"
FOLDER = Path(str(importlib.import_module(PACKAGE).__file__)).parent
CONSTANTS = ("phases", "cards", "holders")
"""The modules of constants: they import nothing of the game."""


def _modules() -> dict[str, ast.Module]:
    return {p.stem: ast.parse(p.read_text(encoding="utf-8")) for p in sorted(FOLDER.glob("*.py"))}


def _is_type_checking(node: ast.AST) -> bool:
    return isinstance(node, ast.If) and isinstance(node.test, ast.Name) and node.test.id == "TYPE_CHECKING"


def _game_imports(tree: ast.Module, typing: bool = False) -> set[str]:
    """The modules of the package that ``tree`` imports (``typing``: under ``TYPE_CHECKING`` too)."""
    out: set[str] = set()
    skipped = set() if typing else {id(n) for b in ast.walk(tree) if _is_type_checking(b) for n in ast.walk(b)}
    for node in ast.walk(tree):
        if id(node) in skipped:
            continue
        if isinstance(node, ast.ImportFrom) and node.module:
            if node.module == PACKAGE:
                out.update(alias.name for alias in node.names)
            elif node.module.startswith(PACKAGE + "."):
                out.add(node.module.removeprefix(PACKAGE + ".").split(".")[0])
        elif isinstance(node, ast.Import):
            for alias in node.names:
                if alias.name.startswith(PACKAGE + "."):
                    out.add(alias.name.removeprefix(PACKAGE + ".").split(".")[0])
    return out


def test_constants_modules_import_nothing_of_the_game() -> None:
    modules = _modules()
    for name in CONSTANTS:
        assert _game_imports(modules[name], typing=True) == set(), name


def test_the_package_has_no_import_cycle() -> None:
    graph = {name: _game_imports(tree) - {name} for name, tree in _modules().items()}
    assert set().union(*graph.values()) <= set(graph)
    done: set[str] = set()
    order: list[str] = []
    while len(done) < len(graph):
        ready = sorted(m for m in graph if m not in done and graph[m] <= done)
        assert ready, f"import cycle among {sorted(set(graph) - done)}"
        done.update(ready)
        order.extend(ready)
    # the state sits on the functions of it (the rules and their helpers); what is read from it
    # for people (the presenter) and the registered game sit above it
    below = ("position", "effects", "scoring", "knowledge", "flow", "rules", "snapshot")
    assert order.index("state") > max(order.index(m) for m in below)
    assert order.index("presenter") > order.index("state") and order.index("game") > order.index("presenter")


def test_no_import_inside_a_function() -> None:
    for name, tree in _modules().items():
        for node in ast.walk(tree):
            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
                inner = [n for n in ast.walk(node) if isinstance(n, (ast.Import, ast.ImportFrom))]
                assert not inner, f"{name}.{node.name} imports inside the function"


def test_no_dict_copies_of_the_state() -> None:
    """A class compiled with mypyc has no ``__dict__``: fields are copied and saved by name."""
    for name, tree in _modules().items():
        names = {n.attr for n in ast.walk(tree) if isinstance(n, ast.Attribute)}
        assert "__dict__" not in names, name


def test_shared_offer_lists_stay_bounded_and_unchanged() -> None:
    """The offers of a hand are built once and shared by every position with that hand: only
    hands of Influence cards are kept (6 houses x 32 subsets x 6 seats x 4 player counts at
    most), and handing them out never lets a caller change the shared list."""
    legal_module = importlib.import_module(PACKAGE + ".rules")
    for players in (3, 6):
        for seed in range(1, 40):
            s = regalia.make("blood-and-fortune", players=players, seed=seed, roles=True)
            rng = random.Random(seed)
            while not s.is_terminal:
                legal = s.legal_actions()
                legal.clear()  # a caller's copy: the state's own list is untouched
                s.apply(rng.choice(s.legal_actions()))
    cache = legal_module._OFFERS
    assert 0 < len(cache) <= 6 * 32 * 6 * 4
    for key, offers in cache.items():
        assert key >> 6 < 1 << 30  # Influence cards only (ids below 30)
        assert offers and all(a.kind == 0 and a.a < 30 and a.b < 30 for a in offers)
