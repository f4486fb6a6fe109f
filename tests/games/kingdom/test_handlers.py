"""One handler per action kind (issue 24): ``KingdomState._apply`` hands every action kind of
:mod:`regalia.games.kingdom.actions` to its own ``_on_<kind>`` method, as Kingship hands each
decision to ``on_<kind>``; a kind added without its handler fails here, not in a game."""

from __future__ import annotations

import ast
import importlib.util
from pathlib import Path

from regalia.games.kingdom import actions as A
from regalia.games.kingdom import cards
from regalia.games.kingdom.state import KingdomState

KINDS = {
    name: value
    for name, value in vars(A).items()
    if name.isupper() and isinstance(value, int) and name not in ("NUM_KINDS", "MAX_ASSIGN") and name not in vars(cards)
}
"""The action kind constants (``END`` = 0 ... ``RECRUIT``), not the card constants the module imports."""


def _apply_source() -> ast.FunctionDef:
    """``KingdomState._apply`` as read from ``state.py`` (a compiled build has no source to ask
    ``inspect`` for; the ``.py`` it was built from sits beside the extension)."""
    spec = importlib.util.find_spec("regalia.games.kingdom")
    assert spec is not None and spec.submodule_search_locations
    source = Path(next(iter(spec.submodule_search_locations))) / "state.py"
    tree = ast.parse(source.read_text(encoding="utf-8"))
    for node in ast.walk(tree):
        if isinstance(node, ast.ClassDef) and node.name == "KingdomState":
            for item in node.body:
                if isinstance(item, ast.FunctionDef) and item.name == "_apply":
                    return item
    raise AssertionError("KingdomState._apply not found in state.py")


def _apply_dispatch() -> dict[str, str]:
    """The kind constant each ``if k == A.<KIND>`` branch of ``_apply`` tests -> the method it calls."""
    out: dict[str, str] = {}
    for node in ast.walk(_apply_source()):
        if isinstance(node, ast.If) and isinstance(node.test, ast.Compare):
            right = node.test.comparators[0]
            call = node.body[0]
            if (
                isinstance(right, ast.Attribute)
                and isinstance(call, ast.Expr)
                and isinstance(call.value, ast.Call)
                and isinstance(call.value.func, ast.Attribute)
            ):
                out[right.attr] = call.value.func.attr
    return out


def test_the_action_kinds_are_numbered_0_to_num_kinds() -> None:
    assert sorted(KINDS.values()) == list(range(A.NUM_KINDS))


def test_every_action_kind_has_its_own_handler_in_apply() -> None:
    dispatch = _apply_dispatch()
    assert dispatch == {name: f"_on_{name.lower()}" for name in KINDS}
    for handler in dispatch.values():
        assert callable(getattr(KingdomState, handler)), handler
