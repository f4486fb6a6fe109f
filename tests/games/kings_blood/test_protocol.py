"""Protocol details: notation and action texts, ids, deck=, views and hidden information, bot."""

from __future__ import annotations

import random

import pytest

import regalia
from regalia.bots import make_bot, play_game
from regalia.games.kings_blood import actions as A
from regalia.games.kings_blood.actions import KingsBloodAction, action_from_id, action_id, num_actions, parse_action
from regalia.games.kings_blood.cards import parse_card
from regalia.games.kings_blood.genealogy import LEFT, RIGHT

from .helpers import deal, edit, hand, play


def F(card: str) -> int:
    return parse_card(card)


EXAMPLES = [
    ("play R7f right of B7m", KingsBloodAction(A.PLACE, F("R7f"), F("B7m"), RIGHT, 0)),
    ("play R7f left of B7m nomarry", KingsBloodAction(A.PLACE, F("R7f"), F("B7m"), LEFT, 1)),
    ("sibling R4m left", KingsBloodAction(A.SIBLING, F("R4m"), 0, LEFT)),
    ("assassinate B7m", KingsBloodAction(A.ASSASSINATE, 0, F("B7m"))),
    ("exile B7m to P2", KingsBloodAction(A.EXILE_TO, 0, F("B7m"), 0, 2)),
    ("connect B7m right of R5f", KingsBloodAction(A.CONNECT, F("B7m"), F("R5f"), RIGHT, 0)),
    ("connect B7m right of R5f nomarry", KingsBloodAction(A.CONNECT, F("B7m"), F("R5f"), RIGHT, 1)),
    ("enthrone B7m", KingsBloodAction(A.ENTHRONE, 0, F("B7m"))),
    ("kingsblood B7m", KingsBloodAction(A.KINGSBLOOD, 0, F("B7m"))),
    ("draw", A.DRAW_ACTION),
    ("end", A.END_ACTION),
    ("announce", A.ANNOUNCE_ACTION),
    ("pass", A.PASS_ACTION),
]


@pytest.mark.parametrize(("text", "action"), EXAMPLES)
def test_action_text_round_trip(text: str, action: KingsBloodAction) -> None:
    assert parse_action(text, 4) == action
    assert str(action) == text
    assert action_from_id(action_id(action, 4), 4) == action
    assert parse_action(text.upper().replace("P2", "p2"), 4) == action


@pytest.mark.parametrize(
    "bad",
    ["", "play", "play R7f up of B7m", "play R7f right B7m", "play Exile right of B7m", "play B7m right of B7m",
     "exile B7m to P4", "exile B7m P1", "sibling R4m", "assassinate", "draw 3", "fly", "play R7f right of B7m maybe"],
)  # fmt: skip
def test_malformed_action_texts_raise(bad: str) -> None:
    with pytest.raises(regalia.IllegalActionError) as info:
        parse_action(bad, 4)
    assert info.value.rule is None


def test_action_space_size_and_ids_unique() -> None:
    for players in (2, 6):
        n = num_actions(players)
        seen = set()
        for i in range(0, n, 7):
            try:
                a = action_from_id(i, players)
            except regalia.IllegalActionError:
                continue
            assert action_id(a, players) == i
            seen.add(a)
        assert len(seen) > 1000
    assert regalia.make("kings-blood", players=3, seed=1).num_actions == num_actions(3)
    with pytest.raises(regalia.IllegalActionError):
        action_from_id(num_actions(2), 2)


def test_deck_argument_errors_name_the_field() -> None:
    with pytest.raises(ValueError, match="deck: unknown card 'X9q'"):
        regalia.make("kings-blood", players=2, seed=1, deck=["X9q"])
    with pytest.raises(ValueError, match="deck: too many copies of B5m"):
        regalia.make("kings-blood", players=2, seed=1, deck=["B5m", "B5m"])
    with pytest.raises(ValueError, match="deck: too many copies of Exile"):
        regalia.make("kings-blood", players=2, seed=1, deck=["Exile", "Exile", "Exile"])
    with pytest.raises(ValueError, match="KingsBlood"):
        regalia.make("kings-blood", players=2, seed=1, deck=["KingsBlood"])
    full = regalia.make("kings-blood", players=2, seed=1).zones()
    cards = [c for z in full.values() for c in z]
    with pytest.raises(ValueError, match="deck: 83 cards, expected at most 82"):
        regalia.make("kings-blood", players=2, seed=1, deck=[*cards, "B5m"])


def test_full_explicit_deck_fixes_the_deal_exactly() -> None:
    base = regalia.make("kings-blood", players=2, seed=9)
    order = [c for z in base.zones().values() for c in z]
    s = regalia.make("kings-blood", players=2, seed=123, deck=order)
    assert s.zones()["hand:0"] == order[0:14:2]
    assert s.zones()["hand:1"] == order[1:14:2]
    assert s.zones()["genealogy"] == [order[14]] or order[14] in (
        "Assassination",
        "Exile",
        "NewConnection",
        "Enthronement",
    )


def test_view_hides_other_hands_and_the_pile() -> None:
    s = deal(3, [["B4f"], ["R1m"], ["A1m"]], founder="B3m")
    v0 = s.view(0)
    assert v0["hand"] == hand(s, 0)
    text = repr(v0)
    assert "R1m" not in text and "A1m" not in text
    spectator = s.view(None)
    assert spectator["hand"] is None
    assert "B4f" not in repr(spectator)
    with pytest.raises(ValueError, match="seat"):
        s.view(3)


def test_determinize_keeps_known_cards_and_sizes() -> None:
    s = deal(3, [["Exile"], [], []], founder="B3m")
    play(s, "exile B3m to P2")
    rng = random.Random(1)
    for _ in range(5):
        det = s.determinize(1, rng)
        assert det.view(1) == s.view(1)
        assert "B3m" in hand(det, 2)
        assert [len(h) for h in det.hands] == [len(h) for h in s.hands]
        assert det.hands[1] == s.hands[1]


def test_determinize_during_a_draw_decision() -> None:
    s = deal(2, [[], []], founder="B3m", pile=["B6m"])
    play(s, "draw")
    rng = random.Random(2)
    det = s.determinize(1, rng)
    assert det.view(1) == s.view(1)
    assert det.drawn in det.hands[0]
    assert det.legal_actions()[-1] == A.END_ACTION


def test_render_text_draws_the_genealogy_by_rows() -> None:
    s = deal(2, [["B4f", "A2m"], []], founder="B3m", pile=["A6m"])
    play(s, "play B4f right of B3m")
    text = regalia.get_game("kings-blood").render_text(s.view(0))
    assert "G1 |  [B3m]     [B4f]" in text  # 5 characters per half card: a card is 10 wide
    assert "G2 |      *[A6m]" in text  # the child centred under its parents
    assert "your hand (P0)" in text and "newborn: A6m" in text
    lines = s.view(1)["genealogy_rows"]
    assert lines[0].startswith("G1") and lines[1].startswith("G2")


def test_render_marks_attachments() -> None:
    s = deal(2, [["Enthronement"], []], founder="B3m")
    play(s, "enthrone B3m")
    assert s.view(0)["genealogy_rows"] == ["G1 | *[B3m]E"]


def test_illegal_action_leaves_state_unchanged_with_reason() -> None:
    s = deal(2, [["B4f"], []], founder="B3m")
    before = s.snapshot()
    with pytest.raises(regalia.IllegalActionError) as info:
        s.apply("assassinate B3m")
    assert info.value.rule == "KB-T1" and "you do not hold Assassination" in info.value.reason
    assert s.snapshot() == before


def test_snapshot_round_trip_mid_chain() -> None:
    s = deal(2, [["B4f", "R4f", "R4m"], []], founder="B3m", pile=["A4m"])
    play(s, "play B4f right of B3m", "sibling R4f right")
    again = regalia.from_snapshot(s.snapshot())
    assert again.snapshot() == s.snapshot()
    assert again.legal_actions() == s.legal_actions()


def test_heuristic_bot_beats_random() -> None:
    wins = 0
    games = 40
    for g in range(games):
        seat = g % 4
        bots = [make_bot("heuristic" if i == seat else "random", "kings-blood") for i in range(4)]
        result = play_game(regalia.make("kings-blood", players=4, seed=500 + g), bots, rng=random.Random(g))
        wins += seat in result.winners
    assert wins >= 20  # parity is 10 of 40


def test_heuristic_bot_announces_and_defends() -> None:
    bot = make_bot("heuristic", "kings-blood")
    s = deal(2, [["M7f"], ["R7f"]], founder="A7m")
    play(s, "play M7f left of A7m")
    from regalia.core.bot import InfoSet

    choice = bot.choose(InfoSet(s, 1, random.Random(0)))
    assert str(choice) in ("play R7f right of A7m", "play R7f left of M7f")
    s2 = edit(deal(2, [[], []], founder="B3m"), hands=[["B5m", "A1m"], ["R1m"] * 0 + ["R1m", "R2m"]])
    assert str(bot.choose(InfoSet(s2, 0, random.Random(0)))) == "announce"
