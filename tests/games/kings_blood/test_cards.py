"""Card table and deck files (rule sheet "Components"; deck_file option)."""

from __future__ import annotations

from collections import Counter
from pathlib import Path

import pytest

from regalia.games.kings_blood import cards
from regalia.games.kings_blood.cards import (
    ASSASSINATION,
    DRAW3,
    ENTHRONEMENT,
    EXILE,
    KINGS_BLOOD,
    NEW_CONNECTION,
    REVERSE,
    SKIP,
    card_name,
    card_notation,
    load_deck,
    parse_card,
    parse_deck_text,
)


def test_notation_round_trip_for_every_face() -> None:
    for face in range(cards.NUM_FACES):
        assert parse_card(card_notation(face)) == face
    assert parse_card("b5m") == parse_card("B5m")
    assert parse_card("New_Connection") == NEW_CONNECTION
    assert parse_card("King's Blood") == KINGS_BLOOD


def test_character_fields() -> None:
    face = parse_card("R7f")
    assert cards.PHILOSOPHY[face] == 2
    assert cards.NUMBER[face] == 7
    assert cards.GENDER[face] == 1
    assert cards.POINTS[face] == 7
    assert card_name(face) == "Romance 7 female"
    assert cards.is_character(face) and not cards.is_event(face)


def test_event_and_kings_blood_points_are_ten() -> None:
    for face in (ASSASSINATION, EXILE, NEW_CONNECTION, ENTHRONEMENT, KINGS_BLOOD):
        assert cards.POINTS[face] == 10
    assert card_name(NEW_CONNECTION) == "New Connection"


@pytest.mark.parametrize("bad", ["X5m", "B0m", "B10m", "B5x", "", "Assassin"])
def test_unknown_notation_raises(bad: str) -> None:
    with pytest.raises(ValueError):
        parse_card(bad)


def test_builtin_deck_is_the_reconstruction() -> None:
    deck = load_deck(None)
    assert len(deck.cards) == 82
    assert deck.has_kings_blood
    counts = Counter(deck.cards)
    assert len(deck.characters) == 72
    assert counts[ASSASSINATION] == 3 and counts[EXILE] == 2
    assert counts[NEW_CONNECTION] == 3 and counts[ENTHRONEMENT] == 2
    for p in "MARB":
        assert deck.abilities[parse_card(f"{p}3f")] == SKIP
        assert deck.abilities[parse_card(f"{p}5m")] == REVERSE
        assert deck.abilities[parse_card(f"{p}7f")] == DRAW3
    assert sum(1 for a in deck.abilities if a) == 12


def test_deck_file_loads(tmp_path: Path) -> None:
    f = tmp_path / "mine.txt"
    f.write_text("# my deck\nB5m Reverse\nB5f\nR1m Skip  # comment\nExile\nExile\nKingsBlood\n")
    deck = load_deck(str(f))
    assert deck.cards == (parse_card("B5m"), parse_card("B5f"), parse_card("R1m"), EXILE, EXILE)
    assert deck.abilities[parse_card("R1m")] == SKIP
    assert deck.has_kings_blood
    assert deck.source == str(f)


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("B5m\nZ9q\n", "line 2: card: unknown card 'Z9q'"),
        ("B5m Fly\n", "line 1: ability: unknown ability 'Fly'"),
        ("B5m\nExile Skip\n", "line 2: ability: only characters have abilities"),
        ("B5m\nB5m\n", "line 2: card: duplicate character B5m (first on line 1)"),
        ("B5m\nKingsBlood\nKingsBlood\n", "line 3: card: a second KingsBlood"),
        ("B5m Skip extra\n", "line 1: expected '<card> [<ability>]'"),
        ("Exile\n", "the deck has no character card"),
    ],
)
def test_deck_file_errors_name_file_line_and_field(tmp_path: Path, text: str, message: str) -> None:
    f = tmp_path / "bad.txt"
    f.write_text(text)
    with pytest.raises(ValueError) as info:
        load_deck(str(f))
    assert message in str(info.value)
    assert str(f) in str(info.value)


def test_deck_file_missing_names_the_option(tmp_path: Path) -> None:
    with pytest.raises(ValueError, match="deck_file: cannot read"):
        load_deck(str(tmp_path / "nope.txt"))


def test_parse_deck_text_accepts_draw_3_spelling() -> None:
    deck = parse_deck_text("M7f Draw3\n", "x")
    assert deck.abilities[parse_card("M7f")] == DRAW3
