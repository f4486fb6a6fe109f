"""Ruling KB-T4b (issue 27): a last card played without announcing King's Blood! does not win.

Rulebook, "Starting and Finishing the Game": "When you are down to one card in your hand, you must
announce "King's Blood!" before the end of your turn, or before you play your last card. If you
fail to make the announcement, you must draw three cards and skip your next turn." With
``announcement="required"`` the card is played and its play resolved, there is no win, and when
the turn ends the player draws 3 and skips the next turn; ``"automatic"`` is unchanged.

Every way a hand reaches no card is here: a play on a newborn child (the issue's scenario), a
last card that marries (with a child, and with an Event drawn at that Marriage), the end of a
sibling line, the play after an Assassination, passing a Draw 3 on; with the turn order (a
two-player Skip), an empty draw pile, a scoring series and the heuristic bot.
"""

from __future__ import annotations

import random
from typing import Any

import pytest

import regalia
from regalia.bots import InfoSet, make_bot, play_game
from regalia.games.kings_blood.cards import parse_card
from regalia.games.kings_blood.state import KingsBloodState

from .helpers import deal, edit, hand, legal, play

PENALTY_TEXT = (
    "P0 did not announce King's Blood! before playing their last card: no win; draws 3 and skips the next turn"
)
"""The event a person reads when P0 plays their last card unannounced."""


def public(events: list[regalia.Event]) -> list[str]:
    """The texts of the events every seat sees."""
    return [e.text for e in events if e.visible_to is None]


def last_card_beside_the_child(**options: Any) -> KingsBloodState:
    """Issue 27's scenario: P0 holds two cards, B4f and A2m; B4f marries the founder B3m and A6m
    is born; P0, holding one card that fits beside the child, has not announced. The pile then
    holds M9m, A9m, R9m (top first)."""
    s = deal(2, [["B4f", "A2m"], []], founder="B3m", pile=["A6m", "M9m", "A9m", "R9m"], **options)
    s = edit(s, hands=[["B4f", "A2m"], hand(s, 1)])
    play(s, "play B4f right of B3m")
    assert s.view(0)["phase"] == "birth" and hand(s, 0) == ["A2m"]
    return s


def test_kb_t4b_last_card_unannounced_draws_three_skips_the_next_turn_and_the_game_goes_on() -> None:
    s = last_card_beside_the_child()
    assert "announce" in legal(s)  # offered with one card: the player could have announced
    events = s.apply("play A2m left of A6m")
    assert public(events) == ["P0 plays A2m left of A6m", PENALTY_TEXT, "P0 draws 3 cards (penalty)"]
    assert [e.text for e in events if e.visible_to == frozenset({0})] == ["P0 draws M9m A9m R9m"]
    assert not s.is_terminal and s.winners == () and s.result() is None
    assert hand(s, 0) == ["A9m", "M9m", "R9m"] and s.skip_next == [True, False]
    assert s.view(1)["skip_next"] == [True, False] and s.view(1)["hand_sizes"][0] == 3
    assert s.current_player == 1
    play(s, "draw")
    events = s.apply("end")
    assert "P0 skips this turn (penalty)" in public(events)
    assert s.current_player == 1 and s.skip_next == [False, False]  # P0's next turn was skipped


def test_kb_t4b_last_card_after_announcing_wins() -> None:
    s = last_card_beside_the_child()
    assert public(s.apply("announce")) == ["P0: King's Blood!"]
    events = s.apply("play A2m left of A6m")
    assert public(events) == ["P0 plays A2m left of A6m", "P0 has played their last card", "P0 wins"]
    assert s.is_terminal and s.winners == (0,)
    assert s.prompt(1) == "The game is over: P0 wins."


def test_kb_t4b_an_announcement_made_at_two_cards_counts_kb_x1() -> None:
    s = deal(2, [["B4f", "A2m"], []], founder="B3m", pile=["A6m"])
    s = edit(s, hands=[["B4f", "A2m"], hand(s, 1)])
    play(s, "announce", "play B4f right of B3m")
    assert "announce" not in legal(s)  # already announced, still valid at one card
    play(s, "play A2m left of A6m")
    assert s.is_terminal and s.winners == (0,)


def test_kb_t4b_automatic_announcement_is_unchanged() -> None:
    s = last_card_beside_the_child(announcement="automatic")
    assert "announce" not in legal(s)
    events = s.apply("play A2m left of A6m")
    assert public(events) == ["P0 plays A2m left of A6m", "P0 has played their last card", "P0 wins"]
    assert s.is_terminal and s.winners == (0,)


def test_kb_t4b_a_last_card_that_marries_still_has_its_child_then_the_penalty() -> None:
    s = deal(2, [["B4f", "A5f"], []], founder="B3m", pile=["A6m", "R1m", "M9m", "A9m", "R9m"])
    s = edit(s, hands=[["B4f", "A5f"], hand(s, 1)])
    play(s, "play B4f right of B3m")
    events = s.apply("play A5f left of A6m")  # Art, ♀ beside ♂: a Marriage (KB-M3: still resolved)
    assert public(events) == [
        "P0 plays A5f left of A6m",
        PENALTY_TEXT,
        "A5f marries A6m",
        "R1m is born to A5f and A6m",
        "P0 draws 3 cards (penalty)",
    ]
    assert s.gen.position(parse_card("R1m")) == (2, 0)
    assert hand(s, 0) == ["A9m", "M9m", "R9m"]  # the child came first, then the three penalty cards
    assert s.current_player == 1 and s.skip_next == [True, False] and not s.is_terminal


def test_kb_t4b_an_event_drawn_at_the_last_cards_marriage_is_played_then_one_penalty() -> None:
    s = deal(2, [["B4f", "A5f"], []], founder="B3m", pile=["A6m", "Exile", "M9m", "A9m", "R9m"])
    s = edit(s, hands=[["B4f", "A5f"], hand(s, 1)])
    play(s, "play B4f right of B3m", "play A5f left of A6m")
    assert s.view(0)["phase"] == "forced" and s.current_player == 0 and s.last_card_penalty
    assert hand(s, 0) == [] and s.winner == -1
    events = s.apply("exile A6m to P0")  # into P0's own hand: one card, but one penalty only
    assert public(events) == ["P0 plays Exile: A6m goes into P0's hand", "P0 draws 3 cards (penalty)"]
    assert hand(s, 0) == ["A6m", "A9m", "M9m", "R9m"] and not s.last_card_penalty
    assert s.skip_next == [True, False] and s.current_player == 1


def test_kb_t4b_a_sibling_line_that_uses_up_the_hand_ends_the_turn() -> None:
    s = deal(2, [["B4f", "M6m", "R6m"], []], founder="B3m", pile=["A6m", "M9m", "A9m", "R9m"])
    s = edit(s, hands=[["B4f", "M6m", "R6m"], hand(s, 1)])
    play(s, "play B4f right of B3m", "sibling M6m right")
    assert s.view(0)["phase"] == "siblings" and "announce" in legal(s)
    events = s.apply("sibling R6m right")
    assert public(events) == ["P0 plays R6m as a sibling, right of M6m", PENALTY_TEXT, "P0 draws 3 cards (penalty)"]
    assert s.current_player == 1 and s.view(1)["phase"] == "turn" and s.skip_next == [True, False]


def test_kb_t4b_the_play_after_an_assassination_and_a_two_player_skip() -> None:
    """The last card is a Skip (R3f) played after an Assassination (KB-E1): P1 is skipped, so P0
    would play again, but P0's penalty skip uses up that turn (KB-X3): P1 plays next."""
    s = deal(2, [["Assassination", "R3f"], []], founder="R8f", pile=["M9m", "A9m", "R9m"])
    s = edit(s, hands=[["Assassination", "R3f"], hand(s, 1)])
    s = edit(s, genealogy=[[parse_card("R8f"), 0, 0, []], [parse_card("B8m"), 0, 2, []]])
    play(s, "assassinate B8m")
    assert s.view(0)["phase"] == "bonus"
    events = s.apply("play R3f right of R8f")
    assert public(events) == [
        "P0 plays R3f (Skip) right of R8f",
        PENALTY_TEXT,
        "P0 draws 3 cards (penalty)",
        "P1 is skipped (R3f, Skip)",
        "P0 skips this turn (penalty)",
    ]
    assert s.current_player == 1 and s.skip_next == [False, False] and hand(s, 0) == ["A9m", "M9m", "R9m"]


def test_kb_t4b_passing_a_draw_3_on_with_the_last_card_unannounced() -> None:
    """The rulebook's Draw 3 example with Daniel (P1) holding only his Draw 3, unannounced: the
    Draw 3 still passes on (6 cards to P2), and Daniel draws 3 and misses his next turn."""
    s = deal(3, [["M7f"], ["R7f"], ["R3f"]], founder="A7m")
    play(s, "play M7f left of A7m")
    s = edit(s, hands=[hand(s, 0), ["R7f"], hand(s, 2)])
    assert "announce" in legal(s)
    events = s.apply("play R7f right of A7m")
    assert public(events) == [
        "P1 plays R7f (Draw 3) right of A7m",
        PENALTY_TEXT.replace("P0", "P1"),
        "P1 draws 3 cards (penalty)",
        "P2 must draw 6 or pass the Draw 3 on (R7f, Draw 3)",
    ]
    assert s.current_player == 2 and s.pending_draw == 6 and s.skip_next == [False, True, False]
    assert not s.is_terminal and len(s.hands[1]) == 3


def test_kb_t4b_with_nothing_to_draw_the_hand_stays_empty_and_the_game_goes_on() -> None:
    s = deal(2, [["B4f", "A2m"], []], founder="B3m", pile=["A6m"])
    s = edit(s, hands=[["B4f", "A2m"], hand(s, 1)], pile=["A6m"], discard=[])
    play(s, "play B4f right of B3m")
    events = s.apply("play A2m left of A6m")
    assert public(events) == [
        "P0 plays A2m left of A6m",
        PENALTY_TEXT,
        "P0 draws 0 cards (penalty) (3 due; no more cards to draw)",
    ]
    assert hand(s, 0) == [] and s.skip_next == [True, False] and not s.is_terminal
    while s.current_player == 1:  # P1 plays on (P0's next turn is skipped)
        s.apply(legal(s)[0])
    assert s.current_player == 0 and s.view(0)["phase"] == "turn"
    assert legal(s) == ["pass"]  # no card, nothing to draw: an empty hand that did not win
    assert s.prompt(0) == (
        "Your turn: you hold no card (your last card, played without announcing King's Blood!, did not win) "
        "and no card is left to draw: pass."
    )
    before = s.snapshot()
    with pytest.raises(regalia.IllegalActionError) as info:
        s.apply("announce")
    assert str(info.value) == (
        "illegal action announce: you hold no card: King's Blood! is announced while you hold one or two [KB-T4]"
    )
    assert s.snapshot() == before
    # once a card can be drawn again, the player draws it and may go out with it, announcing first
    s = edit(s, pile=["A5m"])
    assert legal(s) == ["draw"]
    assert s.prompt(0) == (
        "Your turn: you hold no card (your last card, played without announcing King's Blood!, did not win), "
        "so draw a card."
    )
    play(s, "draw")
    assert "announce" in legal(s)
    play(s, "announce", "play A5m right of A6m")
    assert s.is_terminal and s.winners == (0,)


def test_kb_t4b_losing_the_kings_blood_card_is_not_a_play_so_it_still_wins() -> None:
    """KB-T5 (Advanced): the holder of only the King's Blood card wins when another player's
    Enthronement takes it. That is no play of a last card, so KB-T4b does not apply (the holder's
    one card was already checked by KB-T4 when their turn ended)."""
    s = deal(2, [["Enthronement"], []], founder="B3m", advanced=True)
    s = edit(s, hands=[s.hands[0], ["KingsBlood"]], known=[[], ["KingsBlood"]], aside=[], announced=[False, False])
    play(s, "enthrone B3m")
    assert s.is_terminal and s.winners == (1,)


def _sibling_deal() -> list[str]:
    """A full deal of two players who can each empty their hand in one turn: P0 marries B3m with
    B4f, A6m is born and P0 places six siblings numbered 6; P1 marries A6m with A8f, M2m is born
    and P1 places six siblings numbered 2. The three cards after A6m (P0's penalty, if any) are
    M9m, A9m and R9m."""
    p0 = ["B4f", "M6m", "R6m", "B6m", "M6f", "R6f", "B6f"]
    p1 = ["A8f", "A2m", "R2m", "B2m", "M2f", "A2f", "R2f"]
    return [h[i] for i in range(7) for h in (p0, p1)] + ["B3m", "A6m", "M9m", "A9m", "R9m", "M2m"]


def _empty_hand(s: regalia.State, seat: int, first: str, siblings: list[str], announce: bool) -> None:
    s.apply(first)
    for card in siblings:
        if announce and "announce" in [str(a) for a in s.legal_actions()]:
            s.apply("announce")
        s.apply(f"sibling {card} right")
    assert s.current_player != seat or s.is_terminal


def test_kb_t4b_in_a_scoring_series_a_penalised_player_is_not_the_rounds_winner() -> None:
    for scoring, unannounced, announced in (
        ("winner_collects", [0, 27], [20, 0]),  # P1 collects P0's penalty cards M9m A9m R9m
        ("lowest_wins", [27, 0], [0, 20]),
    ):
        results = []
        for p0_announces in (False, True):
            series = regalia.Series("kings-blood", players=2, seed=5, target=100, scoring=scoring)
            s = series.next_game(deck=_sibling_deal())
            _empty_hand(s, 0, "play B4f right of B3m", ["M6m", "R6m", "B6m", "M6f", "R6f", "B6f"], p0_announces)
            if not s.is_terminal:
                _empty_hand(s, 1, "play A8f left of A6m", ["A2m", "R2m", "B2m", "M2f", "A2f", "R2f"], True)
            game = series.add(s)
            results.append((game.winners, game.scores, series.totals))
        assert results == [([1], unannounced, unannounced), ([0], announced, announced)], scoring


def test_kb_t4b_the_heuristic_bot_announces_before_its_last_card() -> None:
    bot = make_bot("heuristic", "kings-blood")
    s = last_card_beside_the_child()
    assert str(bot.choose(InfoSet(s, 0, random.Random(0)))) == "announce"
    play(s, "announce")
    assert str(bot.choose(InfoSet(s, 0, random.Random(0)))) in ("play A2m left of A6m", "play A2m right of A6m")
    # whole games: random players meet the penalty on the same deals, heuristic players never
    for kind, expected in (("random", True), ("heuristic", False)):
        penalties: list[int | None] = []

        def note(
            _state: regalia.State, _action: object, events: list[regalia.Event], seen: list[int | None] = penalties
        ) -> None:
            seen.extend(e.seat for e in events if e.kind == "penalty" and "last card" in e.text)

        winners = 0
        for g in range(40):
            bots = [make_bot(kind, "kings-blood") for _ in range(4)]
            state = regalia.make("kings-blood", players=4, seed=900 + g)
            winners += len(play_game(state, bots, rng=random.Random(g), on_events=note).winners)
        assert bool(penalties) == expected, kind
        assert winners >= 30
