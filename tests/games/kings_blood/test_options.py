"""Every option of the config, each tested both ways (or every value)."""

from __future__ import annotations

from collections import Counter
from pathlib import Path

import pytest

import regalia
from regalia.games.kings_blood.cards import ENTHRONEMENT, parse_card

from .helpers import deal, edit, hand, legal, play


def F(card: str) -> int:
    return parse_card(card)


def test_option_names_and_defaults_match_the_sheet() -> None:
    opts = {o["name"]: o["default"] for o in regalia.get_game("kings-blood").options()}
    assert opts == {
        "active_needs_both_sides": False,
        "announcement": "required",
        "marriage_optional": True,
        "two_player_reverse_skips": False,
        "advanced": False,
        "scoring": "none",
        "deck_file": None,
    }


def test_bad_option_values_are_refused() -> None:
    with pytest.raises(ValueError, match="announcement"):
        regalia.make("kings-blood", players=2, seed=1, announcement="sometimes")
    with pytest.raises(ValueError, match="scoring"):
        regalia.make("kings-blood", players=2, seed=1, scoring="highest")


@pytest.mark.parametrize("both", [False, True])
def test_option_active_needs_both_sides(both: bool) -> None:
    s = deal(2, [["B9m"], []], founder="B3m", active_needs_both_sides=both)
    play(s, "play B9m right of B3m")
    active = s.view(0)["active"]
    assert active == ([] if both else ["B3m", "B9m"])


@pytest.mark.parametrize("mode", ["required", "automatic"])
def test_option_announcement(mode: str) -> None:
    s = deal(2, [[], []], founder="B3m", announcement=mode)
    s = edit(s, hands=[["B5m", "A1m"], s.hands[1]])
    assert ("announce" in legal(s)) == (mode == "required")
    events = s.apply("play B5m right of B3m")
    if mode == "required":
        assert len(s.hands[0]) == 4 and s.skip_next[0]
    else:
        assert hand(s, 0) == ["A1m"] and not s.skip_next[0]
        assert any(e.kind == "announce" for e in events)


@pytest.mark.parametrize("optional", [True, False])
def test_option_marriage_optional(optional: bool) -> None:
    s = deal(2, [["B4f"], []], founder="B3m", marriage_optional=optional)
    moves = legal(s)
    assert "play B4f right of B3m" in moves
    assert ("play B4f right of B3m nomarry" in moves) == optional


@pytest.mark.parametrize("skips", [False, True])
def test_option_two_player_reverse_skips(skips: bool) -> None:
    s = deal(2, [["A5m"], []], founder="A7m", two_player_reverse_skips=skips)
    play(s, "play A5m right of A7m")
    assert s.current_player == (0 if skips else 1)


def test_option_two_player_reverse_skips_ignored_with_three_players() -> None:
    s = deal(3, [["A5m"], [], []], founder="A7m", two_player_reverse_skips=True)
    play(s, "play A5m right of A7m")
    assert s.current_player == 2 and s.direction == -1


@pytest.mark.parametrize("advanced", [False, True])
def test_option_advanced(advanced: bool) -> None:
    game = regalia.get_game("kings-blood")
    s = deal(2, [["Enthronement"], []], founder="B3m", advanced=advanced)
    cards = game.all_cards(2, s.config)
    assert len(cards) == (83 if advanced else 82)
    assert s.view(None)["aside"] == (["KingsBlood"] if advanced else [])
    play(s, "enthrone B3m")
    assert ("KingsBlood" in hand(s, 0)) == advanced


def _scored(scoring: str, enthroned: bool) -> regalia.State:
    s = deal(3, [["B4m"], [], []], founder="B3m", pile=["A6m"], scoring=scoring)
    att = [ENTHRONEMENT] if enthroned else []
    s = edit(
        s,
        hands=[["B4m"], ["A1m", "Exile"], ["R9f"]],
        genealogy=[[F("B3m"), 0, 0, att], [F("M1m"), 1, 5, []]],
        announced=[True, False, False],
    )
    play(s, "play B4m right of B3m")  # both male: no Marriage; P0 goes out
    assert s.is_terminal and s.winners == (0,)
    return s


@pytest.mark.parametrize("enthroned", [False, True])
def test_option_scoring_winner_collects(enthroned: bool) -> None:
    s = _scored("winner_collects", enthroned)
    result = s.result()
    assert result is not None
    # opponents hold A1m (1) + Exile (10) + R9f (9) = 20; 2 generations x 5 with an Enthronement
    assert result["scores"] == [20 + (10 if enthroned else 0), 0, 0]
    assert result["scoring"] == "winner_collects"


@pytest.mark.parametrize("enthroned", [False, True])
def test_option_scoring_lowest_wins(enthroned: bool) -> None:
    s = _scored("lowest_wins", enthroned)
    result = s.result()
    assert result is not None
    assert result["scores"] == [-10 if enthroned else 0, 11, 9]


def test_option_scoring_none() -> None:
    s = _scored("none", True)
    result = s.result()
    assert result is not None and result["scores"] == [0, 0, 0]
    assert result["returns"] == [1.0, 0.0, 0.0]


def test_option_deck_file_replaces_the_deck(tmp_path: Path) -> None:
    f = tmp_path / "mine.txt"
    lines = [f"{p}{n}{g}" for p in "MARB" for n in range(1, 5) for g in "mf"] + [
        "B9m Draw3",
        "Exile",
        "Exile",
        "KingsBlood",
    ]
    f.write_text("\n".join(lines) + "\n")
    s = regalia.make("kings-blood", players=3, seed=5, deck_file=str(f), advanced=True)
    assert Counter(c for z in s.zones().values() for c in z) == Counter(
        [*lines[:-4], "B9m", "Exile", "Exile", "KingsBlood"]
    )
    assert s.abilities[F("B9m")] == 3
    default = regalia.make("kings-blood", players=3, seed=5)
    assert sum(len(z) for z in default.zones().values()) == 82


def test_option_deck_file_errors(tmp_path: Path) -> None:
    f = tmp_path / "bad.txt"
    f.write_text("B5m\nQ7z\n")
    with pytest.raises(ValueError, match=r"bad\.txt, line 2: card: unknown card 'Q7z'"):
        regalia.make("kings-blood", players=2, seed=1, deck_file=str(f))
    g = tmp_path / "nokb.txt"
    g.write_text("\n".join(f"B{n}{x}" for n in range(1, 10) for x in "mf") + "\n")
    with pytest.raises(ValueError, match=r"advanced: the deck .* has no KingsBlood card"):
        regalia.make("kings-blood", players=2, seed=1, deck_file=str(g), advanced=True)
    h = tmp_path / "small.txt"
    h.write_text("B1m\nB2m\n")
    with pytest.raises(ValueError, match="deck: 2 cards cannot deal"):
        regalia.make("kings-blood", players=2, seed=1, deck_file=str(h))
