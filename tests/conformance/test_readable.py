"""Every pending decision of every game says what it is, and every legal action what it does
(issue "A table people can read"; docs/architecture.md, "The core protocol").

For each game and each of its ``test_configurations()``, along seeded random playouts: every
seat's and the spectator's ``prompt`` is a sentence, every legal action has a label, the decision
kind is one the game declares, and no internal name (``lq``, ``m_ask``, ``actor=``, ``main``, a
``snake_case`` word, a Python literal) reaches any of them.
"""

from __future__ import annotations

import random
import re
from typing import Any

import pytest

import regalia
from regalia.core import State

from .test_conformance import CASES

INTERNAL = re.compile(
    r"\b[a-z]+_[a-z_]+\b"  # snake_case machine names (take_role, wizard_copy, m_ask)
    r"|\b\w+=\S"  # key=value dumps (actor=2)
    r"|\b(?:None|True|False|lq|main|decision_info)\b"
    r"|[{}]|\[\]|\['|<\w"  # Python dicts, lists and reprs
)


def internal_names(text: str) -> list[str]:
    """The internal names found in a text meant for people."""
    return [m.group(0) for m in INTERNAL.finditer(text)]


def _check_texts(state: State) -> None:
    game = state.game
    kind = state.decision_kind()
    if state.is_terminal:
        assert kind is None
    else:
        assert kind in game.decision_kinds, f"decision kind {kind!r} is not in {game.name}'s decision_kinds"
    for seat in [*range(state.num_players), None]:
        prompt = state.prompt(seat)
        assert isinstance(prompt, str) and prompt.strip(), f"no prompt for seat {seat} ({kind})"
        assert not internal_names(prompt), f"internal names {internal_names(prompt)} in prompt {prompt!r}"
        assert state.view(seat)["prompt"] == prompt
    choices = state.legal_choices()
    texts = {str(a) for a in state.legal_actions()}
    assert {c["text"] for c in choices} <= texts
    assert len({c["id"] for c in choices}) == len(choices)
    for c in choices:
        label = c["label"]
        assert isinstance(label, str) and label.strip(), f"no label for {c['text']!r}"
        assert not internal_names(label), f"internal names {internal_names(label)} in label {label!r}"
        assert label == state.label(c["text"]) == state.label(c["id"])
        assert isinstance(c["group"], str) and c["group"]
    if state.legal_actions():
        assert choices, "every legal action was merged away"


@pytest.mark.parametrize(("name", "players", "options", "playouts"), CASES)
def test_every_decision_has_a_prompt_and_every_action_a_label(
    name: str, players: int, options: dict[str, Any], playouts: int
) -> None:
    for i in range(max(2, playouts // 10)):
        state = regalia.make(name, players=players, seed=2000 + i, **options)
        rng = random.Random(i)
        steps = 0
        while True:
            _check_texts(state)
            if state.is_terminal or steps > 3000:
                break
            for e in state.apply(rng.choice(state.legal_actions())):
                assert not internal_names(e.text), f"internal names in event {e.text!r}"
            steps += 1


@pytest.mark.parametrize("name", regalia.game_names())
def test_every_game_declares_its_decision_kinds_and_a_legend(name: str) -> None:
    game = regalia.get_game(name)
    assert game.decision_kinds and len(set(game.decision_kinds)) == len(game.decision_kinds)
    assert game.legend.strip()
    assert not internal_names(game.legend)
    # one paragraph a line: the terminal and the page wrap it to their width (a line broken in
    # the source would be broken again, raggedly, on a narrower screen)
    assert not [line for line in game.legend.splitlines() if line[:1].isspace()]
