"""Every action kind of Kingdom in the one shape (issues 24 and 35): ``rules.apply_action`` hands
each kind of :mod:`regalia.games.kingdom.actions` to its own ``do_<kind>`` function (in
:mod:`.rules`, :mod:`.combat` or :mod:`.chain`), which sits beside the ``explain_<kind>`` that
says why an action of that kind is refused; a kind added without its effect fails here, not in a
game."""

from __future__ import annotations

import ast
import importlib
import importlib.util
from pathlib import Path

from regalia.games.kingdom import actions as A
from regalia.games.kingdom import cards

KINDS = {
    name: value
    for name, value in vars(A).items()
    if name.isupper() and isinstance(value, int) and name not in ("NUM_KINDS", "MAX_ASSIGN") and name not in vars(cards)
}
"""The action kind constants (``END`` = 0 ... ``RECRUIT``), not the card constants the module imports."""

_EFFECTS = {"JOKER_PICK": "do_joker_pick", "TAKE_DECK": "do_take_deck"}
"""Kinds whose ``do_`` name is not simply the kind's name in lower case."""


def _rules_tree() -> ast.Module:
    """``rules.py`` as read from the package (a compiled build has no source to ask ``inspect``
    for; the ``.py`` it was built from sits beside the extension)."""
    spec = importlib.util.find_spec("regalia.games.kingdom")
    assert spec is not None and spec.submodule_search_locations
    source = Path(next(iter(spec.submodule_search_locations))) / "rules.py"
    return ast.parse(source.read_text(encoding="utf-8"))


def _dispatch() -> dict[str, str]:
    """The kind constant each ``if k == A.<KIND>`` branch of ``apply_action`` and ``_apply_chain``
    tests -> the function it calls (``module.do_x`` or ``do_x``)."""
    out: dict[str, str] = {}
    for fn in _rules_tree().body:
        if not isinstance(fn, ast.FunctionDef) or fn.name not in ("apply_action", "_apply_chain"):
            continue
        for node in ast.walk(fn):
            if isinstance(node, ast.If) and isinstance(node.test, ast.Compare):
                right = node.test.comparators[0]
                call = node.body[0]
                if isinstance(right, ast.Attribute) and isinstance(call, ast.Expr) and isinstance(call.value, ast.Call):
                    out[right.attr] = ast.unparse(call.value.func)
    return out


def test_the_action_kinds_are_numbered_0_to_num_kinds() -> None:
    assert sorted(KINDS.values()) == list(range(A.NUM_KINDS))


def test_every_action_kind_has_its_own_effect_beside_its_refusal() -> None:
    dispatch = _dispatch()
    assert set(dispatch) == set(KINDS), sorted(set(KINDS) ^ set(dispatch))
    for kind, target in dispatch.items():
        module_name, _, name = target.rpartition(".")
        assert name == _EFFECTS.get(kind, f"do_{kind.lower()}"), (kind, target)
        module = importlib.import_module(f"regalia.games.kingdom.{module_name or 'rules'}")
        assert callable(getattr(module, name)), target
        explains = [n for n in vars(module) if n.startswith("explain_")]
        assert explains, f"{module.__name__} has effects but no refusals beside them"
