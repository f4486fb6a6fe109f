"""Setup, the deck= parameter, options and notation (BF-SETUP, BF-X5, BF-X6)."""

from __future__ import annotations

import pytest

import regalia
from regalia.core import IllegalActionError
from regalia.games.blood_and_fortune.actions import BloodAndFortuneAction, action_from_id, action_to_id, num_actions

from .scenario import GAME, new


def test_bf_setup_deck_fixes_houses_and_score_cards() -> None:
    state = regalia.make(GAME, players=4, seed=3, deck=["H3", "H1", "H6", "H2", "S8", "S1", "S4", "S2"])
    view = state.view(None)
    assert view["houses"] == ["H3", "H1", "H6", "H2"]
    assert view["score_cards"] == ["S8", "S1", "S4", "S2"]
    # each player takes the 5 Influence cards of their house into hand
    assert state.view(0)["hand"] == ["H3d1", "H3d2", "H3s1", "H3s2", "H3s3"]
    assert state.view(3)["hand"] == ["H2d1", "H2d2", "H2s1", "H2s2", "H2s3"]
    # BF-X6: with an explicit deck and no first_player, seat 0 takes the Ring and plays first
    assert view["ring"] == 0 and state.current_player == 0


def test_bf_x6_partial_deck_rest_random_with_seed() -> None:
    a = regalia.make(GAME, players=5, seed=9, deck=["H4"])
    b = regalia.make(GAME, players=5, seed=9, deck=["H4"])
    assert a.view(None)["houses"][0] == "H4"
    assert a.view(None)["houses"] == b.view(None)["houses"]
    assert len(set(a.view(None)["houses"])) == 5
    assert len(set(a.view(None)["score_cards"])) == 5


@pytest.mark.parametrize(
    ("deck", "message"),
    [
        (["H9"], "deck: unknown card 'H9'"),
        (["H1", "H1"], "appears twice"),
        (["H1s1"], "is not dealt"),
        (["Ring"], "is not dealt"),
        (["H1", "H2", "H3", "H4"], "4 House cards, expected at most 3"),
        (["S1", "S2", "S3", "S4"], "4 Score cards, expected at most 3"),
        (["R1"], "roles is off"),
    ],
)
def test_bf_x6_bad_deck_names_the_field(deck: list[str], message: str) -> None:
    with pytest.raises(ValueError, match="deck") as info:
        regalia.make(GAME, players=3, seed=1, deck=deck)
    assert message in str(info.value)


def test_bf_setup_random_houses_and_ring_are_seeded() -> None:
    a = regalia.make(GAME, players=6, seed=42)
    b = regalia.make(GAME, players=6, seed=42)
    assert a.snapshot() == b.snapshot()
    assert sorted(a.view(None)["houses"]) == ["H1", "H2", "H3", "H4", "H5", "H6"]
    rings = {regalia.make(GAME, players=4, seed=s).view(None)["ring"] for s in range(40)}
    assert rings == {0, 1, 2, 3}  # first_player=None: a random seat takes the Ring


def test_bf_setup_first_player_option_both_ways() -> None:
    for seat in range(4):
        state = regalia.make(GAME, players=4, seed=5, first_player=seat)
        assert state.view(None)["ring"] == seat and state.current_player == seat
    with pytest.raises(ValueError, match="first_player"):
        regalia.make(GAME, players=3, seed=5, first_player=4)
    with pytest.raises(ValueError, match="first_player"):
        regalia.make(GAME, players=3, seed=5, first_player=9)


def test_bf_players_three_to_six() -> None:
    for n in (3, 6):
        assert regalia.make(GAME, players=n, seed=1).num_players == n
    for n in (2, 7):
        with pytest.raises(ValueError, match="players"):
            regalia.make(GAME, players=n, seed=1)


def test_bf_all_cards_depends_on_roles_option() -> None:
    game = regalia.get_game(GAME)
    off = game.all_cards(4, game.make_config())
    on = game.all_cards(4, game.make_config(roles=True))
    assert len(off) == 6 + 8 + 1 + 30 and "R1" not in off
    assert len(on) == len(off) + 15 and "R15" in on


def test_bf_rulings_cover_the_sheet_and_house_rules_are_labelled() -> None:
    game = regalia.get_game(GAME)
    ids = {r.id for r in game.rulings}
    assert {"BF-1", "BF-2", "BF-3", "BF-4"} <= ids
    assert "house rule" in game.provenance.lower()
    names = {o["name"] for o in game.options()}
    assert names == {"roles", "special_actions", "first_player"}
    assert all(o["default"] in (False, None) for o in game.options())


def test_bf_notation_texts_round_trip_and_ids() -> None:
    state = new(4)
    n = state.num_players
    for text in (
        "offer H3s1 H3d2 to P2",
        "offer H3s1 to P2",
        "keep H3d2",
        "give H2s1",
        "place R7",
        "take from P2",
        "special",
        "special on P2",
        "special on P2 at 3",
        "pass",
        "target P2",
        "target P2 at 3",
    ):
        action = state.parse_action(text)
        assert isinstance(action, BloodAndFortuneAction)
        assert str(action) == text
        assert action_from_id(action_to_id(action, n), n) == action
    # cards are written in card order whatever order they are typed in
    assert str(state.parse_action("OFFER h3d2   h3s1 to p2")) == "offer H3s1 H3d2 to P2"
    assert num_actions(n) == state.num_actions


@pytest.mark.parametrize(
    ("typed", "canonical"),
    [
        ("offer H3d2 H3s1 to 2", "offer H3s1 H3d2 to P2"),
        ("offer H3s1 to 2", "offer H3s1 to P2"),
        ("take from 2", "take from P2"),
        ("special on 2", "special on P2"),
        ("special on 2 at 3", "special on P2 at 3"),
        ("target 2", "target P2"),
        ("target 2 at 3", "target P2 at 3"),
        ("offer h3s1 h3d2 to p2", "offer H3s1 H3d2 to P2"),
    ],
)
def test_bf_seats_typed_as_on_screen_or_as_bare_numbers(typed: str, canonical: str) -> None:
    """Issue 13: typing the form shown on screen (``to P1``) is accepted, and the bare numbers of
    texts written before seats were named ``P1`` still parse (old records replay)."""
    state = new(4)
    assert str(state.parse_action(typed)) == canonical


@pytest.mark.parametrize(
    "text",
    [
        "offer H3s1 H3s1 to P2",
        "offer H7s1 to P1",
        "offer H1s1 to P9",
        "offer H1s1 to P" + "9" * 5000,
        "offer H1s1 to PP1",
        "take from 1.5",
        "give R3",
        "place H1s1",
        "special on P1 at 99",
        "target P1 at " + "9" * 5000,
        "keep",
        "dance",
    ],
)
def test_bf_malformed_action_texts_are_refused(text: str) -> None:
    state = new(4)
    with pytest.raises(IllegalActionError) as info:
        state.apply(text)
    assert info.value.rule is None
