"""What people read: the prompt of every decision kind, the label of every action kind, the
events naming their cause, the ability marks, the view's ability map and the legend (issue "A
table people can read")."""

from __future__ import annotations

import random
from collections.abc import Callable

import pytest

import regalia
from regalia.games.kings_blood import actions as A
from regalia.games.kings_blood import flow
from regalia.games.kings_blood.cards import MATCH, NUM_CHARACTERS
from regalia.games.kings_blood.labels import penalty_due, turn_after
from regalia.games.kings_blood.phases import DEFEND, FORCED
from regalia.games.kings_blood.state import KingsBloodState

from .helpers import deal, edit, hand, play

GAME = regalia.get_game("kings-blood")


# ----------------------------------------------------------------------------- positions
def _turn() -> KingsBloodState:
    return deal(2, [["B4f", "A2m"], []], founder="B3m")


def _drawn() -> KingsBloodState:
    s = deal(2, [[], []], founder="B3m", pile=["B6m"])
    play(s, "draw")
    return s


def _defend() -> KingsBloodState:
    """The rulebook's Draw 3 example: Sarah (P0) plays Merideth (Draw 3) at Daniel (P1)."""
    s = deal(3, [["M7f"], ["R7f"], ["R3f"]], founder="A7m")
    play(s, "play M7f left of A7m")
    return s


def _birth() -> KingsBloodState:
    s = deal(2, [["B4f", "A2m"], []], founder="B3m", pile=["A6m"])
    play(s, "play B4f right of B3m")
    return s


def _last_card_left() -> KingsBloodState:
    """The scenario of issue 27 (KB-T4b): P0 holds B4f and A2m, marries B3m with B4f, and A6m is
    born; P0 holds one card, A2m, which fits beside the child, and has not announced."""
    s = deal(2, [["B4f", "A2m"], []], founder="B3m", pile=["A6m", "M9m", "A9m", "R9m"])
    s = edit(s, hands=[["B4f", "A2m"], hand(s, 1)])
    play(s, "play B4f right of B3m")
    return s


def _siblings() -> KingsBloodState:
    s = deal(2, [["B4f", "R4f", "R4m"], []], founder="B3m", pile=["A4m"])
    play(s, "play B4f right of B3m", "sibling R4f right")
    return s


def _forced() -> KingsBloodState:
    s = deal(2, [["B4f"], []], founder="B3m", pile=["Assassination"])
    play(s, "play B4f right of B3m")
    return s


def _bonus() -> KingsBloodState:
    s = _forced()
    play(s, "assassinate B3m")
    return s


PROMPTS: dict[str, tuple[Callable[[], KingsBloodState], str, str]] = {
    "turn": (
        _turn,
        "Your turn: play a Character beside an Active card of the same colour or number (same colour and opposite "
        "sex marries), play an Event on an Active card, or draw a card.",
        "Waiting for P0 to play a card or draw.",
    ),
    "drawn": (
        _drawn,
        "You drew B6m (Battle 6 ♂): play it now, or end your turn and keep it.",
        "Waiting for P0 to play the card just drawn or end the turn.",
    ),
    "defend": (
        _defend,
        "A Draw 3 is passed to you (3 cards, 1 Draw 3 card stacked): draw the 3 cards and then take your turn, or "
        "pass it on by playing a Skip, Reverse or Draw 3 character beside an Active card it matches (no Marriage "
        "forms; Draw 3 adds 3 for the next player, Skip and Reverse take effect first).",
        "Waiting for P1 to pass the Draw 3 on or draw 3 cards.",
    ),
    "birth": (
        _birth,
        "A6m (Art 6 ♂) is born to your Marriage of B3m and B4f: make one play on the child — a Character of its "
        "colour or number beside it (a new Marriage continues the chain), an Event on it, or two or more siblings "
        "numbered 6 in a line on one side — or end your turn.",
        "Waiting for P0 to play on the newborn A6m, play siblings, or end the turn.",
    ),
    "siblings": (
        _siblings,
        "You are placing siblings numbered 4: place the second right of R4f (a line has two or more).",
        "Waiting for P0 to place another sibling beside R4f.",
    ),
    "forced": (
        _forced,
        "Assassination was drawn at your Marriage and must be played at once on an Active card: choose the Active "
        "card to discard (then you may play one more card).",
        "Waiting for P0 to play the Assassination drawn at the Marriage.",
    ),
    "bonus": (
        _bonus,
        "After your Assassination you may play one more card from your hand — a Character beside an Active card of "
        "the same colour or number, or an Event — or end your turn.",
        "Waiting for P0 to play one more card after an Assassination or end the turn.",
    ),
}


def test_every_decision_kind_has_a_prompt_test() -> None:
    assert set(PROMPTS) == set(GAME.decision_kinds)


@pytest.mark.parametrize("kind", list(PROMPTS))
def test_prompt_of_each_decision_kind(kind: str) -> None:
    setup, mine, theirs = PROMPTS[kind]
    s = setup()
    assert s.decision_kind() == kind
    cur = s.current_player
    assert s.prompt(cur) == mine
    assert s.view(cur)["prompt"] == mine
    for seat in [*range(s.num_players), None]:
        if seat != cur:
            assert s.prompt(seat) == theirs


def test_prompts_of_other_seats_never_name_the_card_drawn() -> None:
    s = _drawn()
    assert "B6m" in s.prompt(0)
    assert "B6m" not in s.prompt(1) and "B6m" not in s.prompt(None)
    det = s.determinize(1, random.Random(3))
    assert det.prompt(1) == s.prompt(1)


def test_prompt_variants_say_what_the_position_allows() -> None:
    # a drawn card that fits nowhere
    s = deal(2, [[], []], founder="B3m", pile=["A5f"])
    play(s, "draw")
    assert s.prompt(0) == "You drew A5f (Art 5 ♀); it cannot be played now, so end your turn and keep it."
    # a Draw 3 with no defence (the rulebook's Daniel, after Emily's Skip)
    s = _defend()
    play(s, "play R7f right of A7m", "play R3f right of R7f")
    assert s.prompt(1) == (
        "A Draw 3 is passed to you (6 cards, 2 Draw 3 cards stacked) and you hold no Skip, Reverse or Draw 3 "
        "that can be played: draw the 6 cards, then take your turn."
    )
    # siblings: after two, end is offered; with no card of the number left, only end
    s = _siblings()
    play(s, "sibling R4m right")
    assert s.prompt(0) == (
        "You have placed 2 siblings numbered 4 and no other card of yours fits the line: end your turn."
    )
    assert s.prompt(1) == "Waiting for P0 to place another sibling beside R4m, or end the turn."
    # a Marriage arranged by a Draw 3 card: ending now lets its ability hit (rulebook, Special Abilities)
    s = deal(2, [["B7f", "A2m"], []], founder="B3m", pile=["A6m"])
    play(s, "play B7f right of B3m")
    assert s.prompt(0).endswith("or end your turn (ending now, B7f's Draw 3: P1 must draw 3 or pass it on).")


def test_kb_t4_prompt_reminds_to_announce_with_two_cards() -> None:
    s = edit(_turn(), hands=[["B4f", "A2m"], hand(_turn(), 1)])
    assert s.prompt(0).endswith(
        " You hold 2 cards: announce King's Blood! before your turn ends with one card or you play your last "
        "card, or draw 3 and miss your next turn."
    )
    play(s, "announce")
    assert "announce" not in s.prompt(0)
    auto = deal(2, [["B4f", "A2m"], []], founder="B3m", announcement="automatic")
    auto = edit(auto, hands=[["B4f", "A2m"], hand(auto, 1)])
    assert "announce" not in auto.prompt(0)  # KB-T4 option: nobody announces


def test_kb_t5_t7_prompts_of_a_lone_event_and_of_an_empty_pile() -> None:
    s = edit(_turn(), hands=[["Exile"], hand(_turn(), 1)])
    assert s.prompt(0).startswith(
        "Your turn: your only card is Exile, and you can win only with a Character, so draw a card."
    )
    s = edit(_turn(), hands=[["A5f", "A6f"], hand(_turn(), 1)], pile=[], discard=[])
    assert [str(a) for a in s.legal_actions()] == ["pass", "announce"]
    assert s.prompt(0).startswith("Your turn: nothing you hold can be played and no card is left to draw: pass.")
    assert s.prompt(1) == "Waiting for P0 to play a card or pass (no card is left to draw)."


def test_result_prompt_names_the_winner_and_the_scores() -> None:
    s = deal(2, [["B4m"], []], founder="B3m", scoring="winner_collects")
    s = edit(s, hands=[["B4m"], ["A1m", "Exile"]], announced=[True, False])
    play(s, "play B4m right of B3m")
    assert s.is_terminal
    assert s.prompt(1) == "The game is over: P0 wins. Scores of this game: P0 11, P1 0."
    assert s.prompt(None) == s.prompt(0)


# ----------------------------------------------------------------------------- labels
def _birth_of_twins() -> KingsBloodState:
    s = deal(2, [["B4f", "R4f", "R4m"], []], founder="B3m", pile=["A4m"])
    play(s, "play B4f right of B3m")
    return s


def _connect_position() -> KingsBloodState:
    s = deal(2, [["B8m", "NewConnection"], ["B8f"]], founder="B3m", pile=["M1m"])
    play(s, "play B8m right of B3m", "play B8f right of B8m nomarry")
    return s


def _advanced_with_kings_blood() -> KingsBloodState:
    s = deal(3, [["B8m", "B4f"], [], []], founder="B3m", advanced=True)
    return edit(s, hands=[[*hand(s, 0), "KingsBlood"], hand(s, 1), hand(s, 2)], aside=[])


LABELS: dict[str, list[tuple[Callable[[], KingsBloodState], str, str]]] = {
    "play": [
        (_turn, "play B4f right of B3m", "B4f (Battle 4 ♀) right of B3m — marries"),
        (
            _turn,
            "play B4f right of B3m nomarry",
            "B4f (Battle 4 ♀) right of B3m — declines the Marriage; ends your turn",
        ),
        (_defend, "play R7f right of A7m", "R7f (Romance 7 ♀, Draw 3) right of A7m — P2 must draw 6 or pass it on"),
    ],
    "sibling": [
        (
            _birth_of_twins,
            "sibling R4f right",
            "R4f (Romance 4 ♀) as a sibling right of A4m — the first of two or more siblings on this side",
        ),
        (_siblings, "sibling R4m right", "R4m (Romance 4 ♂) as a sibling right of R4f — sibling 2 of the line"),
    ],
    "assassinate": [
        (
            _forced,
            "assassinate B3m",
            "Assassination on B3m (Battle 3 ♂) — discards it; then you may play one more card",
        ),
    ],
    "exile": [
        (
            lambda: deal(3, [["Exile"], [], []], founder="B3m"),
            "exile B3m to P2",
            "Exile B3m (Battle 3 ♂) into P2's hand — a new Genealogy starts with the next Character drawn; ends your turn",
        ),
    ],
    "connect": [
        (
            _connect_position,
            "connect B8f left of B3m",
            "New Connection: B8f (Battle 8 ♀) left of B3m — marries",
        ),
        (
            _connect_position,
            "connect B8f left of B3m nomarry",
            "New Connection: B8f (Battle 8 ♀) left of B3m — declines the Marriage; ends your turn",
        ),
    ],
    "enthrone": [
        (
            lambda: deal(3, [["Enthronement"], [], []], founder="B3m", advanced=True),
            "enthrone B3m",
            "Enthronement under B3m (Battle 3 ♂) — no other card to discard; you take the King's Blood card; ends your turn",
        ),
    ],
    "kingsblood": [
        (
            _advanced_with_kings_blood,
            "kingsblood B3m",
            "the King's Blood card under B3m (Battle 3 ♂) — any Character may then marry it; then you may play one more card",
        ),
        (_advanced_with_kings_blood, "play B8m right of B3m", "B8m (Battle 8 ♂) right of B3m — ends your turn"),
    ],
    "draw": [
        (_turn, "draw", "draw a card; you may then play it if it fits"),
        (_defend, "draw", "draw the 3 cards of the Draw 3, then take your turn"),
    ],
    "end": [
        (_drawn, "end", "end your turn, keeping the card drawn"),
        (_birth, "end", "end your turn without playing on the child"),
        (_bonus, "end", "end your turn without another play"),
    ],
    "announce": [
        (
            lambda: edit(_turn(), hands=[["B4f", "A2m"], hand(_turn(), 1)]),
            "announce",
            "announce King's Blood! — you hold 2 cards; ending a turn with one card or playing your last card "
            "unannounced costs 3 cards and your next turn",
        ),
        (
            _last_card_left,
            "announce",
            "announce King's Blood! — you hold 1 card; playing it or ending your turn with it unannounced costs 3 "
            "cards and your next turn",
        ),
    ],
    "pass": [
        (
            lambda: edit(_turn(), hands=[["A5f", "A6f"], hand(_turn(), 1)], pile=[], discard=[]),
            "pass",
            "pass — you cannot play and no card is left to draw",
        ),
    ],
}


def test_every_action_kind_has_a_label_test() -> None:
    kinds = {str(A.KingsBloodAction(k, 1, 2)).split()[0] for k in range(A.PASS + 1)}
    assert set(LABELS) == kinds


@pytest.mark.parametrize(
    ("setup", "text", "expected"),
    [pytest.param(*case, id=f"{kind}-{i}") for kind, cases in LABELS.items() for i, case in enumerate(cases)],
)
def test_label_of_each_action_kind(setup: Callable[[], KingsBloodState], text: str, expected: str) -> None:
    s = setup()
    assert text in [str(a) for a in s.legal_actions()]
    assert s.label(text) == expected


def test_labels_of_a_play_with_an_ability_name_the_seat_it_hits() -> None:
    s = deal(3, [["R3f", "A2m"], [], []], founder="A3m")
    assert s.label("play R3f right of A3m") == "R3f (Romance 3 ♀, Skip) right of A3m — P1 is skipped"
    s = deal(2, [["R3f", "A2m"], []], founder="A3m")
    assert s.label("play R3f right of A3m") == "R3f (Romance 3 ♀, Skip) right of A3m — P1 is skipped; you play again"
    s = deal(3, [["R5m", "A2m"], [], []], founder="A5f")
    assert s.label("play R5m right of A5f") == "R5m (Romance 5 ♂, Reverse) right of A5f — the order of play reverses"
    s = deal(2, [["R5m", "A2m"], []], founder="A5f")
    assert s.label("play R5m right of A5f") == (
        "R5m (Romance 5 ♂, Reverse) right of A5f — Reverse changes nothing with two players"
    )
    s = deal(2, [["R5m", "A2m"], []], founder="A5f", two_player_reverse_skips=True)
    assert s.label("play R5m right of A5f") == (
        "R5m (Romance 5 ♂, Reverse) right of A5f — P1 is skipped; you play again"
    )


def test_kb_t4_a_label_warns_of_the_penalty() -> None:
    s = edit(_turn(), hands=[["B9m", "A2m"], hand(_turn(), 1)])
    assert s.label("play B9m right of B3m") == (
        "B9m (Battle 9 ♂) right of B3m — one card left and no King's Blood! announced: you draw 3 and miss your "
        "next turn"
    )
    play(s, "announce")
    assert s.label("play B9m right of B3m") == "B9m (Battle 9 ♂) right of B3m — ends your turn"


def test_kb_t5_a_label_says_when_the_last_card_wins() -> None:
    s = edit(_turn(), hands=[["B4f"], hand(_turn(), 1)], announced=[True, False])
    assert s.label("play B4f right of B3m") == (
        "B4f (Battle 4 ♀) right of B3m — your last card: you win, and the Marriage is still resolved"
    )


def test_kb_t5_passing_a_draw_3_on_with_the_last_card_wins() -> None:
    s = _defend()
    s = edit(s, hands=[hand(s, 0), ["R7f"], hand(s, 2)], announced=[False, True, False])
    assert s.label("play R7f right of A7m") == "R7f (Romance 7 ♀, Draw 3) right of A7m — your last card: you win"
    play(s, "play R7f right of A7m")
    assert s.is_terminal and s.winners == (1,)


LAST_CARD = "your last card, but no King's Blood! announced: you do not win, you draw 3 and miss your next turn"


def test_kb_t4b_labels_say_an_unannounced_last_card_does_not_win() -> None:
    s = _last_card_left()
    assert s.label("play A2m left of A6m") == f"A2m (Art 2 ♂) left of A6m — {LAST_CARD}"
    play(s, "announce")
    assert s.label("play A2m left of A6m") == "A2m (Art 2 ♂) left of A6m — your last card: you win"
    s = _defend()
    s = edit(s, hands=[hand(s, 0), ["R7f"], hand(s, 2)])
    assert s.label("play R7f right of A7m") == (
        f"R7f (Romance 7 ♀, Draw 3) right of A7m — {LAST_CARD}; P2 must draw 6 or pass it on"
    )
    s = deal(2, [["B4f", "A5f"], []], founder="B3m", pile=["A6m"])
    s = edit(s, hands=[["B4f", "A5f"], hand(s, 1)])
    play(s, "play B4f right of B3m")
    assert s.label("play A5f left of A6m") == f"A5f (Art 5 ♀) left of A6m — {LAST_CARD}; the Marriage is still resolved"
    assert s.label("play A5f left of A6m nomarry") == f"A5f (Art 5 ♀) left of A6m — {LAST_CARD}; declines the Marriage"
    s = deal(2, [["B4f", "M6m", "R6m"], []], founder="B3m", pile=["A6m"])
    s = edit(s, hands=[["B4f", "M6m", "R6m"], hand(s, 1)])
    play(s, "play B4f right of B3m", "sibling M6m right")
    assert s.label("sibling R6m right") == f"R6m (Romance 6 ♂) as a sibling right of M6m — {LAST_CARD}"


def test_kb_t4b_prompts_remind_before_the_last_card_and_explain_the_penalty_due() -> None:
    s = _last_card_left()
    assert s.prompt(0).endswith(
        " You hold 1 card: announce King's Blood! before you play it or your turn ends, or draw 3 and miss your "
        "next turn."
    )
    s = deal(2, [["B4f", "A5f"], []], founder="B3m", pile=["A6m", "Exile"])
    s = edit(s, hands=[["B4f", "A5f"], hand(s, 1)])
    play(s, "play B4f right of B3m", "play A5f left of A6m")  # the last card marries; Exile is drawn
    assert s.prompt(0) == (
        "Exile was drawn at your Marriage and must be played at once on an Active card: choose the Active card "
        "and the player whose hand it goes into. You played your last card without announcing King's Blood!, "
        "so it does not win: when this turn ends you draw 3 cards and miss your next turn."
    )
    assert (
        s.prompt(1)
        == s.prompt(None)
        == (
            "Waiting for P0 to play the Exile drawn at the Marriage. P0 played their last card without announcing "
            "King's Blood!: no win; P0 draws 3 cards and misses the next turn when this turn ends."
        )
    )
    assert s.label("exile A6m to P1") == (
        "Exile A6m (Art 6 ♂) into P1's hand — you played your last card unannounced: you draw 3 and miss your next turn"
    )
    before = s.snapshot()
    with pytest.raises(regalia.IllegalActionError) as info:
        s.apply("announce")
    assert info.value.rule == "KB-T4b" and s.snapshot() == before
    assert str(info.value) == (
        "illegal action announce: too late: you played your last card without announcing King's Blood!, so you "
        "draw 3 and miss your next turn when this turn ends [KB-T4b]"
    )


def test_turn_after_names_the_seat_that_really_plays_next() -> None:
    """The seats named by labels (``turn_after``) are the seats the rules then give, for every
    turn-ending action of random playouts in every configuration (KB-T2, KB-T4, KB-T4b, KB-T6,
    KB-X3), last cards played unannounced included."""
    checked = 0
    last_card_penalties = 0
    configs = [*GAME.test_configurations(), (2, {"two_player_reverse_skips": True})]
    for players, options in configs:
        for seed in range(5):
            s = regalia.make("kings-blood", players=players, seed=seed, **options)
            assert isinstance(s, KingsBloodState)
            rng = random.Random(seed)
            while not s.is_terminal:
                size = len(s.hands[s.turn_player])
                for a in s.legal_actions():
                    if a.kind == A.PLACE:
                        kb = s.kb_on >= 0 and s.kb_on in (a.card, a.target)
                        if s.phase != DEFEND and not a.flag and (kb or MATCH[a.card * NUM_CHARACTERS + a.target] == 2):
                            continue  # a Marriage: what follows depends on the card drawn
                        eff, after = s.abilities[a.card], size - 1
                    elif a.kind == A.END:
                        eff, after = (s.abilities[s.last_played] if s.last_played >= 0 else 0), size
                    elif a.kind == A.CONNECT and (a.flag or not flow.marries(s, a.card, a.target)):
                        eff, after = 0, size - (0 if s.phase == FORCED else 1)
                    elif a.kind == A.SIBLING and size == 1:
                        eff, after = s.abilities[a.card], 0  # a line that uses up the hand ends the turn
                    else:
                        continue
                    if s.winner >= 0 or (after == 0 and not penalty_due(s, 0)):
                        continue  # the game ends: nobody plays next
                    last_card_penalties += after == 0
                    twin = s.clone()
                    events = twin.apply(a)
                    skipped, nxt = turn_after(s, eff, after)
                    assert twin.turn_player == nxt, str(a)
                    assert [e.data["seat_skipped"] for e in events if "seat_skipped" in e.data] == (
                        [skipped] if skipped >= 0 else []
                    )
                    checked += 1
                s.apply(rng.choice(s.legal_actions()))
    assert checked > 1000 and last_card_penalties > 20


def test_choices_are_grouped_by_the_card_played() -> None:
    s = _turn()
    groups = {c["text"]: c["group"] for c in s.legal_choices()}
    assert groups["play B4f right of B3m"] == groups["play B4f left of B3m nomarry"] == "B4f (Battle 4 ♀)"
    assert groups["draw"] == "Other choices"
    s = _connect_position()
    groups = {c["text"]: c["group"] for c in s.legal_choices()}
    assert groups["connect B8f left of B3m"] == "New Connection moving B8f"
    assert len(s.legal_choices()) == len(s.legal_actions())  # no action is merged away


# ----------------------------------------------------------------------------- events
def test_events_name_their_cause_in_the_rulebook_example() -> None:
    s = _defend()
    texts = [e.text for e in s.apply("play R7f right of A7m")]
    assert texts == ["P1 plays R7f (Draw 3) right of A7m", "P2 must draw 6 or pass the Draw 3 on (R7f, Draw 3)"]
    texts = [e.text for e in s.apply("play R3f right of R7f")]
    assert texts == [
        "P2 plays R3f (Skip) right of R7f",
        "P0 is skipped (R3f, Skip); P1 must now draw 6 or pass the Draw 3 on",
    ]
    public = [e.text for e in s.apply("draw") if e.visible_to is None]
    assert public == ["P1 draws 6 cards for the Draw 3"]


def test_events_of_the_event_cards_say_what_was_played() -> None:
    s = _connect_position()
    texts = [e.text for e in s.apply("connect B8f left of B3m")]
    assert texts[0] == "P0 plays New Connection: moves B8f left of B3m"
    s = _forced()
    assert [e.text for e in s.apply("assassinate B3m")] == ["P0 plays Assassination on B3m: B3m is discarded"]
    s = deal(3, [["Exile"], [], []], founder="B3m", pile=["A5f"])
    assert [e.text for e in s.apply("exile B3m to P2")] == [
        "P0 plays Exile: B3m goes into P2's hand",
        "A5f starts a new Genealogy",
    ]
    s = deal(2, [["B4f"], []], founder="B3m", pile=["NewConnection"])
    texts = [e.text for e in s.apply("play B4f right of B3m")]
    assert texts[-1] == "New Connection is drawn at the Marriage and must be played on an Active card"


def test_kb_t6_a_reverse_with_two_players_says_it_changes_nothing() -> None:
    s = deal(2, [["R5m", "A2m"], []], founder="A5f")
    texts = [e.text for e in s.apply("play R5m right of A5f")]
    assert texts[-1] == "the order of play is reversed, which changes nothing with two players (R5m, Reverse)"


# ----------------------------------------------------------------------------- screen
def test_view_lists_the_abilities_of_the_deck() -> None:
    view = _turn().view(None)
    assert view["abilities"]["R7f"] == "Draw3" and view["abilities"]["M3f"] == "Skip"
    assert view["abilities"]["B5m"] == "Reverse"
    assert len(view["abilities"]) == 12 and "B4f" not in view["abilities"]


def test_render_marks_abilities_in_the_hand_and_on_the_genealogy() -> None:
    s = deal(2, [["R7f", "R3f", "R5m"], []], founder="M3f")
    text = GAME.render_text(s.view(0))
    assert "G1 | *[M3f⊘]" in text
    assert "R3f⊘" in text and "R5m⇄" in text and "R7f+3" in text
    assert text.splitlines()[-1] == "P0: " + s.prompt(0)
    assert GAME.render_text(s.view(1)).splitlines()[-1] == "Waiting for P0 to play a card or draw."


def test_legend_explains_every_mark() -> None:
    for mark in ("*", "E after it", "K after it", "G1 |", "♀", "♂", "⊘ Skip", "⇄ Reverse", "+3 Draw 3", "incl."):
        assert mark in GAME.legend, mark
