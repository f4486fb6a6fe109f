"""The core protocol, checked on a tiny test game (tests/core/toygame.py)."""

from __future__ import annotations

import json
import random

import pytest

import regalia
from regalia.core import IllegalActionError, parse_option
from regalia.core.events import Event

from .toygame import ToyConfig


def test_make_rejects_unknown_game_and_names_the_field() -> None:
    with pytest.raises(ValueError, match="game: unknown game 'nope'"):
        regalia.make("nope", players=2)


def test_make_rejects_wrong_player_count(toy: str) -> None:
    with pytest.raises(ValueError, match=r"players: .* takes 2-4 players, not 5"):
        regalia.make(toy, players=5)
    with pytest.raises(ValueError, match="players: expected an integer"):
        regalia.make(toy, players="2")  # type: ignore[arg-type]


def test_make_rejects_unknown_option_naming_it(toy: str) -> None:
    with pytest.raises(ValueError, match="unknown option 'colour'"):
        regalia.make(toy, players=2, colour="red")


def test_make_rejects_bad_option_values_naming_the_option(toy: str) -> None:
    with pytest.raises(ValueError, match="option 'mode': 'middle' is not one of"):
        regalia.make(toy, players=2, mode="middle")
    with pytest.raises(ValueError, match="option 'plays': 9 is above the maximum 3"):
        regalia.make(toy, players=2, plays=9)
    with pytest.raises(ValueError, match="option 'plays': expected int"):
        regalia.make(toy, players=2, plays=True)


def test_make_rejects_bad_deck_and_seed(toy: str) -> None:
    with pytest.raises(ValueError, match="deck: "):
        regalia.make(toy, players=2, deck=["1", "2"])
    with pytest.raises(ValueError, match="deck: expected a list"):
        regalia.make(toy, players=2, deck="12345678")  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="seed: expected an integer"):
        regalia.make(toy, players=2, seed="x")  # type: ignore[arg-type]


def test_parse_option_converts_text_to_the_field_type() -> None:
    assert parse_option(ToyConfig, "plays=1") == ("plays", 1)
    assert parse_option(ToyConfig, "mode=low") == ("mode", "low")
    with pytest.raises(ValueError, match="unknown option 'nope'"):
        parse_option(ToyConfig, "nope=1")
    with pytest.raises(ValueError, match="option 'plays': cannot read 'many'"):
        parse_option(ToyConfig, "plays=many")
    with pytest.raises(ValueError, match="expected key=value"):
        parse_option(ToyConfig, "plays")


def test_exact_deck_deals_one_at_a_time_from_seat_0(toy: str) -> None:
    state = regalia.make(toy, players=2, deck=[str(c) for c in [5, 6, 7, 8, 1, 2, 3, 4]])
    assert state.view(0)["hand"] == [5, 7]
    assert state.view(1)["hand"] == [6, 8]
    assert state.current_player == 0


def test_apply_accepts_object_text_and_id(toy: str) -> None:
    state = regalia.make(toy, players=2, deck=[str(c) for c in [5, 6, 7, 8, 1, 2, 3, 4]])
    a = state.legal_actions()[0]
    s1, s2, s3 = state.clone(), state.clone(), state.clone()
    s1.apply(a)
    s2.apply(str(a))
    s3.apply(state.action_id(a))
    assert s1.snapshot() == s2.snapshot() == s3.snapshot()


def test_illegal_action_names_reason_and_rule_and_leaves_state_unchanged(toy: str) -> None:
    state = regalia.make(toy, players=2, deck=[str(c) for c in [5, 6, 7, 8, 1, 2, 3, 4]])
    before = state.snapshot()
    with pytest.raises(IllegalActionError) as info:
        state.apply("play 6")
    assert info.value.rule == "TOY-1"
    assert "not in your hand" in info.value.reason
    assert "[TOY-1]" in str(info.value)
    with pytest.raises(IllegalActionError, match="cannot read"):
        state.apply("jump")
    with pytest.raises(IllegalActionError, match="outside"):
        state.apply(10_000)
    assert state.snapshot() == before


def test_events_carry_visibility(toy: str) -> None:
    state = regalia.make(toy, players=2, deck=[str(c) for c in [5, 6, 7, 8, 1, 2, 3, 4]])
    events = state.apply("draw")
    assert all(isinstance(e, Event) for e in events)
    public_texts = [e.text for e in state.events_for(events, 1)]
    assert public_texts == ["P0 draws a card"]
    assert [e.text for e in state.events_for(events, 0)] == ["P0 draws a card", "P0 draws 1"]
    assert [e.text for e in state.events_for(events, None)] == ["P0 draws a card"]


def test_record_replay_and_snapshot_restore_exactly(toy: str) -> None:
    state = regalia.make(toy, players=3, seed=4)
    rng = random.Random(1)
    while not state.is_terminal:
        state.apply(rng.choice(state.legal_actions()))
    record = json.loads(json.dumps(state.record()))
    assert record["format"] == "regalia.record" and record["game"] == "toy"
    assert record["result"]["winners"] == list(state.winners)
    assert regalia.replay(record).snapshot() == state.snapshot()
    assert regalia.from_snapshot(state.snapshot()).snapshot() == state.snapshot()


def test_replay_names_the_bad_field_or_move(toy: str) -> None:
    state = regalia.make(toy, players=2, seed=4)
    state.apply(state.legal_actions()[0])
    record = state.record()
    with pytest.raises(ValueError, match="players: missing"):
        regalia.replay({k: v for k, v in record.items() if k != "players"})
    bad = dict(record, actions=["play 99"])
    with pytest.raises(ValueError, match=r"actions\[0\]"):
        regalia.replay(bad)
    with pytest.raises(ValueError, match="format"):
        regalia.replay(dict(record, format="other"))


def test_seed_none_draws_a_seed_that_replays(toy: str) -> None:
    state = regalia.make(toy, players=2)
    assert isinstance(state.seed, int)
    assert regalia.replay(state.record()).snapshot() == state.snapshot()


def test_determinize_keeps_the_view_and_hides_nothing_else(toy: str) -> None:
    state = regalia.make(toy, players=4, seed=9)
    rng = random.Random(2)
    seen_other_hands = set()
    for _ in range(20):
        det = state.determinize(0, rng)
        assert det.view(0) == state.view(0)
        assert det.determinized
        seen_other_hands.add(tuple(det.view(1)["hand"]))
        with pytest.raises(ValueError, match="determinized"):
            det.record()
    assert len(seen_other_hands) > 1


def test_view_rejects_a_seat_outside_the_game(toy: str) -> None:
    state = regalia.make(toy, players=2, seed=1)
    with pytest.raises(ValueError, match="seat: 2 is not a seat"):
        state.view(2)


def test_legal_action_mask_matches_ids(toy: str) -> None:
    state = regalia.make(toy, players=2, seed=1)
    mask = state.legal_action_mask()
    assert len(mask) == state.num_actions
    assert [i for i, m in enumerate(mask) if m] == sorted(state.legal_action_ids())


def test_terminal_state_has_no_legal_actions_and_refuses_moves(toy: str) -> None:
    state = regalia.make(toy, players=2, seed=1)
    while not state.is_terminal:
        state.apply(state.legal_actions()[0])
    assert state.current_player is None
    assert state.legal_actions() == []
    with pytest.raises(IllegalActionError, match="the game is over"):
        state.apply("draw")


def test_table_talk_is_kept_in_the_record(toy: str) -> None:
    state = regalia.make(toy, players=2, seed=1)
    state.add_table_talk(1, "I hold nothing good")
    assert state.record()["table_talk"] == [{"after_move": 0, "seat": 1, "text": "I hold nothing good"}]
    assert regalia.replay(state.record()).table_talk == state.table_talk


def test_importing_regalia_registers_the_five_games_explicitly() -> None:
    """The registry is explicit (issue 35): ``regalia.games`` registers its five packages and the
    core imports no game, so ``regalia.games`` is that package and the names come from
    ``game_names``."""
    import types

    assert isinstance(regalia.games, types.ModuleType)
    names = regalia.game_names()
    assert {"blood-and-fortune", "kingdom", "kings-blood", "kings-family", "kingship"} <= set(names)
    assert names == sorted(names)
    assert [regalia.get_game(n).name for n in regalia.games.GAMES] == list(regalia.games.GAMES)


def test_determinization_carries_no_true_seed_deck_or_history(toy: str) -> None:
    state = regalia.make(toy, players=3, seed=5, deck=[str(c) for c in range(12, 0, -1)])
    state.apply("draw")
    det = state.determinize(0, random.Random(1))
    assert det.seed != state.seed
    assert det.initial_deck is None
    assert det.history == []
