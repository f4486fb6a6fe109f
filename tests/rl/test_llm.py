"""The language-model interface: the JSON observation and strict reply parsing."""

from __future__ import annotations

import json

import pytest

import regalia
from regalia.core import IllegalActionError
from regalia.rl.llm import observation_text, parse_reply


@pytest.fixture
def state(toy: str) -> regalia.State:
    s = regalia.make(toy, players=2, deck=["1", "2", "3", "4", "5", "6", "7", "8"], seed=0)
    return s  # seat 0 holds 1 and 3, and may draw


def test_observation_is_the_view_plus_numbered_actions(state: regalia.State) -> None:
    data = json.loads(observation_text(state, 0))
    assert data["view"] == state.view(0) and data["seat"] == 0 and data["to_act"] is True
    assert data["legal_actions"] == [
        {"number": 1, "action": "play 1"},
        {"number": 2, "action": "play 3"},
        {"number": 3, "action": "draw"},
    ]
    other = json.loads(observation_text(state, 1))
    assert other["to_act"] is False and other["legal_actions"] == [] and other["view"]["hand"] == [2, 4]


@pytest.mark.parametrize(
    ("reply", "expected"),
    [
        ("2", "play 3"),
        (" 3. ", "draw"),
        ("play 1", "play 1"),
        ('"draw"', "draw"),
        ('{"action": 1}', "play 1"),
        ('{"action": "play 3"}', "play 3"),
        ('{"action": "2"}', "play 3"),
        ('```json\n{"action": "draw"}\n```', "draw"),
    ],
)
def test_replies_that_name_a_legal_action(state: regalia.State, reply: str, expected: str) -> None:
    assert str(parse_reply(state, reply)) == expected


@pytest.mark.parametrize(
    ("reply", "message"),
    [
        ("4", "no legal action number 4 \\(there are 3\\)"),
        ("0", "no legal action number 0"),
        ("play 2", "'play 2' is not legal now: card 2 is not in your hand \\[TOY-1\\]"),
        ("I think I will draw", "is not an action of High Hand"),
        ("", "the reply is empty"),
        ('{"move": 1}', 'no "action" field'),
        ('{"action": 1', "not valid JSON"),
        ('{"action": true}', "must be a number or an action text"),
        ("PLAY 1", "is not an action"),
    ],
)
def test_other_replies_are_refused_with_a_reason(state: regalia.State, reply: str, message: str) -> None:
    with pytest.raises(IllegalActionError, match=message) as info:
        parse_reply(state, reply)
    assert "Reply with the number of a legal action (1-3)" in str(info.value)


def test_a_finished_game_takes_no_reply(state: regalia.State) -> None:
    while not state.is_terminal:
        state.apply(state.legal_actions()[0])
    with pytest.raises(IllegalActionError, match="the game is over"):
        parse_reply(state, "1")
    assert json.loads(observation_text(state, 0))["game_over"] is True


def test_a_number_that_is_also_an_action_text_is_ambiguous(state: regalia.State) -> None:
    class Named:
        def __init__(self, text: str) -> None:
            self.text = text

        def __str__(self) -> str:
            return self.text

    legal = [Named("1"), Named("2")][::-1]  # number 1 is the action "2", number 2 is the action "1"
    state._legal = legal
    state.legal_actions = lambda: list(legal)  # type: ignore[method-assign]
    with pytest.raises(IllegalActionError, match="'1' is ambiguous"):
        parse_reply(state, "1")
    assert parse_reply(state, '{"action": 1}') is legal[0]
    assert parse_reply(state, '{"action": "1"}') is legal[1]
