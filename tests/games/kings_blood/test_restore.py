"""Loaded King's Blood snapshots are checked field by field (issue "Hardening": a determinized
snapshot has no history to replay, so ``_validate_restored`` checks its ranges)."""

from __future__ import annotations

import copy
import json
import random
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

import regalia
from regalia.games.kings_blood.cards import KINGS_BLOOD, parse_card
from regalia.games.kings_blood.state import KingsBloodState

from .helpers import deal, edit, hand, play


def _midgame(players: int = 3, steps: int = 30, **options: Any) -> KingsBloodState:
    state = regalia.make("kings-blood", players=players, seed=4, **options)
    rng = random.Random(4)
    for _ in range(steps):
        state.apply(rng.choice(state.legal_actions()))
    assert isinstance(state, KingsBloodState) and not state.is_terminal
    return state


def _det_snapshot(state: KingsBloodState, seat: int = 0) -> dict[str, Any]:
    return state.determinize(seat, random.Random(1)).snapshot()


def _set(key: str, value: Any) -> Callable[[dict[str, Any]], None]:
    def change(body: dict[str, Any]) -> None:
        body[key] = value

    return change


def _hand0(value: Any) -> Callable[[dict[str, Any]], None]:
    def change(body: dict[str, Any]) -> None:
        body["hands"][0][0] = value

    return change


def _swap_pile_for(card: int) -> Callable[[dict[str, Any]], None]:
    def change(body: dict[str, Any]) -> None:
        body["pile"][0] = card

    return change


TAMPERS = [
    ("state.pile", _set("pile", "B5m")),
    ("state.pile", _set("pile", [1.0, 2])),
    ("state.hands", _set("hands", [[True]])),
    ("state.hands[0][0]", _hand0(-3)),
    ("state.hands[0][0]", _hand0(77)),
    ("state.pile[0]", _swap_pile_for(KINGS_BLOOD)),
    ("state.phase", _set("phase", 8)),
    ("state.phase", _set("phase", "turn")),
    ("state.cur", _set("cur", 3)),
    ("state.cur", _set("cur", -1)),
    ("state.direction", _set("direction", 0)),
    ("state.winner", _set("winner", 5)),
    ("state.turn_count", _set("turn_count", 0)),
    ("state.announced", _set("announced", ["x", False, False])),
    ("state.skip_next", _set("skip_next", [False, False])),
    ("state.known", _set("known", [[], [], [], []])),
    ("state.genealogy[0]", lambda b: b["genealogy"].__setitem__(0, [1, 0])),
    ("state.genealogy", _set("genealogy", {"x": 1})),
    ("state.genealogy[0]", lambda b: b["genealogy"][0].__setitem__(2, 1 << 40)),
    ("state.genealogy[0]", lambda b: b["genealogy"][0].__setitem__(1, -2)),
    ("state.pending_draw", _set("pending_draw", 4)),
    ("state.pending_card", _set("pending_card", 5)),
    ("state.last_played", _set("last_played", 99)),
    ("state.sib_side", _set("sib_side", 2)),
    ("state.kb_on", _set("kb_on", 3)),
    ("state.passes", _set("passes", 3)),
    ("state.drawn", _set("drawn", 1.5)),
]


@pytest.mark.parametrize(("field", "change"), TAMPERS, ids=[f"{f}-{i}" for i, (f, _) in enumerate(TAMPERS)])
def test_a_tampered_determinized_snapshot_is_refused_naming_the_field(
    field: str, change: Callable[[dict[str, Any]], None]
) -> None:
    snap = _det_snapshot(_midgame())
    regalia.from_snapshot(copy.deepcopy(snap))  # the untouched snapshot loads
    data = copy.deepcopy(snap)
    change(data["state"])
    with pytest.raises(ValueError) as info:
        regalia.from_snapshot(data)
    assert str(info.value).startswith(field), str(info.value)


def test_a_card_known_in_a_hand_must_be_in_it() -> None:
    s = deal(3, [["Exile"], [], []], founder="B3m")
    play(s, "exile B3m to P2")
    data = _det_snapshot(s, 1)
    data["state"]["known"][2] = [parse_card("B4m")]
    with pytest.raises(ValueError, match=r"^state\.known\[2\]: "):
        regalia.from_snapshot(data)


def test_genealogy_positions_must_be_on_the_grid() -> None:
    data = _det_snapshot(_midgame())
    entry = data["state"]["genealogy"][0]
    entry[2] += 1  # an odd offset from its row (KB-G1: a row keeps one parity)
    with pytest.raises(ValueError, match=r"^state"):
        regalia.from_snapshot(data)


def test_the_pending_decision_needs_its_fields() -> None:
    s = deal(2, [[], []], founder="B3m", pile=["B6m"])
    play(s, "draw")  # a drawn decision of P0: the card drawn must be in P0's hand
    data = _det_snapshot(s, 1)
    data["state"]["drawn"] = parse_card("B3m")
    with pytest.raises(ValueError, match=r"^state\.drawn: "):
        regalia.from_snapshot(data)
    s = deal(2, [["B4f", "R4f", "R4m"], []], founder="B3m", pile=["A4m"])
    play(s, "play B4f right of B3m", "sibling R4f right")
    data = _det_snapshot(s, 1)
    data["state"]["sib_count"] = 0
    with pytest.raises(ValueError, match=r"^state\.sib_count: "):
        regalia.from_snapshot(data)
    data = _det_snapshot(s, 1)
    data["state"]["child"] = parse_card("M9m")
    with pytest.raises(ValueError, match=r"^state\.child: "):
        regalia.from_snapshot(data)


def test_the_kings_blood_card_is_attached_where_kb_on_says() -> None:
    s = deal(3, [["B4f"], [], []], founder="B3m", advanced=True)
    s = edit(s, hands=[[*hand(s, 0), "KingsBlood"], hand(s, 1), hand(s, 2)], aside=[])
    play(s, "kingsblood B3m")
    assert regalia.from_snapshot(_det_snapshot(s, 1)).snapshot()["state"]["kb_on"] == parse_card("B3m")
    data = _det_snapshot(s, 1)
    data["state"]["kb_on"] = -1
    with pytest.raises(ValueError, match=r"^state\.kb_on: "):
        regalia.from_snapshot(data)


def test_every_live_state_passes_the_checks() -> None:
    """The checks refuse nothing real: every state of random playouts in every configuration."""
    game = regalia.get_game("kings-blood")
    for players, options in game.test_configurations():
        for seed in range(6):
            state = regalia.make("kings-blood", players=players, seed=seed, **options)
            rng = random.Random(seed)
            while True:
                state._validate_restored()
                if state.is_terminal:
                    break
                state.apply(rng.choice(state.legal_actions()))


def _penalty_due() -> KingsBloodState:
    """KB-T4b in a forced decision: P0 played their last card, A5f, unannounced; it married A6m
    and the Exile drawn at that Marriage must now be played. Every card is in one zone (the cards
    taken out of P0's hand went into P1's), so the position loads like a real one."""
    s = deal(2, [["B4f", "A5f"], []], founder="B3m", pile=["A6m", "Exile"])
    s = edit(s, hands=[["B4f", "A5f"], hand(s, 1) + [c for c in hand(s, 0) if c not in ("B4f", "A5f")]])
    play(s, "play B4f right of B3m", "play A5f left of A6m")
    assert s.last_card_penalty and s.view(0)["phase"] == "forced" and hand(s, 0) == []
    return s


def test_kb_t4b_a_snapshot_with_the_penalty_due_loads_and_plays_on() -> None:
    s = _penalty_due()
    snap = s.snapshot()
    assert snap["state"]["last_card_penalty"] is True
    loaded = regalia.from_snapshot(copy.deepcopy(snap), check_history=False)
    assert isinstance(loaded, KingsBloodState) and loaded.last_card_penalty
    assert loaded.snapshot() == snap
    for state in (loaded, regalia.from_snapshot(_det_snapshot(s, 1))):
        events = state.apply("exile A6m to P1")
        assert any(e.text == "P0 draws 3 cards (penalty)" for e in events)
        assert isinstance(state, KingsBloodState) and not state.last_card_penalty
        assert state.skip_next == [True, False] and "last_card_penalty" not in state.snapshot()["state"]
    # an ordinary position writes no such field: its snapshot reads as under rules 1.0
    assert "last_card_penalty" not in _midgame().snapshot()["state"]


def test_kb_t4b_the_penalty_due_must_agree_with_the_position() -> None:
    snap = _det_snapshot(_penalty_due(), 1)
    for change, message in (
        (lambda b: b.pop("last_card_penalty"), r"^state\.last_card_penalty: P0 has played their last card"),
        (lambda b: b.__setitem__("last_card_penalty", "yes"), r"^state\.last_card_penalty: expected true or false"),
        (lambda b: b.__setitem__("last_card_penalty", False), r"^state\.last_card_penalty: P0 has played"),
    ):
        data = copy.deepcopy(snap)
        change(data["state"])
        with pytest.raises(ValueError, match=message):
            regalia.from_snapshot(data)
    data = _det_snapshot(_midgame())
    data["state"]["last_card_penalty"] = True
    with pytest.raises(ValueError, match=r"^state\.last_card_penalty: due only while P\d, with no card left"):
        regalia.from_snapshot(data)
    data = copy.deepcopy(snap)
    data["config"]["announcement"] = "automatic"
    with pytest.raises(ValueError, match=r"^state\.last_card_penalty: with announcement=automatic"):
        regalia.from_snapshot(data)
    data["state"].pop("last_card_penalty")
    with pytest.raises(ValueError, match=r"^state\.winner: P0 has played their last card, so has won"):
        regalia.from_snapshot(data)


OLD = json.loads((Path(__file__).parent / "data" / "rules_1_0_records.json").read_text())
"""Saved by regalia under rules version 1.0 (before KB-T4b), random playouts of the golden
playouts: ``out_unannounced`` (6 players, seed 4: P1 wins at move 66 by playing their last
card, B1m, unannounced), ``unaffected`` (2 players, seed 1, a game KB-T4b does not change) and
``unaffected_snapshot`` (the same game after 12 moves)."""


def test_kb_t4b_records_of_rules_1_0_replay_with_other_rules() -> None:
    for record in OLD.values():
        assert record["rules_version"] == "1.0"
        with pytest.raises(ValueError, match=r"^rules_version: saved under '?1\.0'?, but this regalia plays 1\.1"):
            (regalia.replay if record["format"] == "regalia.record" else regalia.from_snapshot)(copy.deepcopy(record))
    same = regalia.replay(copy.deepcopy(OLD["unaffected"]), allow_other_rules=True)
    result = same.result()  # an older record stores the outcome without its words and table
    assert same.is_terminal and result is not None
    assert {k: result[k] for k in OLD["unaffected"]["result"]} == OLD["unaffected"]["result"]
    snap = OLD["unaffected_snapshot"]
    loaded = regalia.from_snapshot(copy.deepcopy(snap), allow_other_rules=True)
    assert loaded.snapshot()["state"] == snap["state"] and len(loaded.history) == 12
    # the game KB-T4b changes: every move is still legal, but P1's last move no longer wins
    record = OLD["out_unannounced"]
    assert record["result"]["winners"] == [1] and len(record["actions"]) == 66
    state = regalia.replay(copy.deepcopy(record), allow_other_rules=True)
    assert isinstance(state, KingsBloodState)
    assert not state.is_terminal and state.result() is None and len(state.history) == 66
    assert state.winner == -1 and state.skip_next[1] and len(state.hands[1]) == 3
