"""What King's Family says to a person: a prompt for every kind of decision, a label for every
action, the groups of long lists, the final score line, the legend and the causes in the events
(issue 13, "A table people can read")."""

from __future__ import annotations

import random
from collections.abc import Callable

import pytest
from tests.conformance.test_readable import internal_names
from tests.games.kings_family.helpers import build

import regalia
from regalia.games.kings_family.state import KingsFamilyState

GAME = regalia.get_game("kings-family")
WAITING = "Waiting for P0 to play a card or draw."


# ----------------------------------------------------------------------------- one position per kind
def _play() -> KingsFamilyState:
    return build(hand=["M2f", "A9m"], genealogy=[("M1m", 0, 0)])


def _draw() -> KingsFamilyState:
    return build(hand=["A9m"], genealogy=[("M1m", 0, 0)], pile=["R4m"])


def _born() -> KingsFamilyState:
    """R4m is just born under M1m and M2f; the hand holds three more 4s (KB-M4)."""
    s = build(hand=["M2f", "R4f", "B4m", "A4f", "A9m"], genealogy=[("M1m", 0, 0)], pile=["R4m", "A1m", "A2m"])
    s.apply("play M2f right of M1m")
    return s


def _siblings() -> KingsFamilyState:
    return _born()


def _second_sibling() -> KingsFamilyState:
    s = _born()
    s.apply("sibling R4f right")
    return s


def _drawn_event() -> KingsFamilyState:
    s = build(hand=["M2f", "A9m"], genealogy=[("M1m", 0, 0), ("B5f", 0, 6)], pile=["Exile", "R1m", "R2m", "R4m"])
    s.apply("play M2f right of M1m")
    return s


PROMPTS: dict[str, tuple[Callable[[], KingsFamilyState], str, str]] = {
    "play": (
        _play,
        "Play one of your 2 cards: a Character beside an Active card (*) of its colour or number, or an Event on "
        "an Active card; you may not draw while you can play (KF-2).",
        WAITING,
    ),
    "draw": (
        _draw,
        "You cannot play your only card: draw the top card of the draw pile (80 left, KF-2), and keep drawing until "
        "you draw a card you can play.",
        WAITING,
    ),
    "siblings": (
        _siblings,
        "R4m was just born and you hold cards of its number 4: play a sibling group, two or more of them in a line "
        "on one side of R4m (siblings never marry, KB-M4), or play on as usual.",
        WAITING,
    ),
    "second_sibling": (
        _second_sibling,
        "A sibling group has two or more siblings (KB-M4): play a second card of number 4 right of R4f, in the line "
        "beside R4m, the child just born.",
        "Waiting for P0 to play a second sibling right of R4f (KB-M4).",
    ),
    "drawn_event": (
        _drawn_event,
        "The Exile drawn at the Marriage of M2f and M1m must be played at once (KB-M3): choose the Active card to "
        "discard (with anything attached); then you draw 2 cards.",
        "Waiting for P0 to play the Exile drawn at the Marriage of M2f and M1m (KB-M3).",
    ),
}


def test_every_decision_kind_has_a_prompt_test() -> None:
    """Fails when a decision kind is declared without a prompt case here (issue 13, "Done when")."""
    assert set(GAME.decision_kinds) == set(PROMPTS)
    assert len(GAME.decision_kinds) == len(set(GAME.decision_kinds))


@pytest.mark.parametrize("kind", sorted(PROMPTS))
def test_the_prompt_of_each_decision_kind_names_what_opened_it(kind: str) -> None:
    make_state, mine, spectator = PROMPTS[kind]
    s = make_state()
    assert s.decision_kind() == kind
    assert s.prompt(0) == mine
    assert s.prompt(None) == spectator
    assert s.view(0)["prompt"] == mine and s.view(None)["prompt"] == spectator
    assert not internal_names(mine) and not internal_names(spectator)


def test_kb_m4_a_third_sibling_may_follow_and_the_prompt_says_so() -> None:
    s = _second_sibling()
    s.apply("sibling B4m right")
    assert s.decision_kind() == "siblings"
    assert s.prompt(0) == (
        "Your sibling group beside R4m has 2 siblings: add another card of number 4 right of B4m (KB-M4), "
        "or play on as usual."
    )
    assert s.prompt(None) == WAITING  # whether a third 4 is in hand is hidden


def test_kb_m3_the_drawn_event_prompt_says_what_each_event_asks() -> None:
    s = build(hand=["M2f", "A9m"], genealogy=[("M1m", 0, 0)], pile=["Enthronement", "R4m"])
    s.apply("play M2f right of M1m")
    assert s.prompt(0) == (
        "The Enthronement drawn at the Marriage of M2f and M1m must be played at once (KB-M3): choose the Active "
        "card to attach it under: every card of the higher generations is discarded, and that generation and "
        "every one below it score double."
    )
    assert s.view(0)["pending_marriage"] == ["M2f", "M1m"]


def test_the_spectator_prompt_does_not_tell_play_siblings_or_draw_apart() -> None:
    """A spectator does not see the hand: play, siblings and draw all read the same."""
    assert {PROMPTS[k][2] for k in ("play", "siblings", "draw")} == {WAITING}
    assert _siblings().view(None)["decision"] == _draw().view(None)["decision"] == "play_or_draw"


# ----------------------------------------------------------------------------- labels
LABELS = [
    (
        _play,
        "play M2f right of M1m",
        "M2f (Money 2 ♀) right of M1m (same colour) — a Marriage with M1m: their child is the top card of the draw pile",
    ),
    (
        _play,
        "play M2f right of M1m nomarry",
        "M2f (Money 2 ♀) right of M1m (same colour) — the Marriage with M1m is declined",
    ),
    (
        lambda: build(hand=["M7f", "A9m"], genealogy=[("B7m", 0, 0)]),
        "play M7f right of B7m",
        "M7f (Money 7 ♀, Draw 3) right of B7m (same number) — you draw 3 cards",
    ),
    (
        lambda: build(hand=["M7f", "A9m"], genealogy=[("M7m", 0, 0)]),
        "play M7f left of M7m",
        "M7f (Money 7 ♀, Draw 3) left of M7m (same colour) — you draw 3 cards, then a Marriage with M7m: their "
        "child is the top card of the draw pile",
    ),
    (
        lambda: build(hand=["M7f", *[f"A{n}m" for n in range(1, 10)]], genealogy=[("B7m", 0, 0)]),
        "play M7f right of B7m",
        "M7f (Money 7 ♀, Draw 3) right of B7m (same number) — you draw 1 card (hand limit 10)",
    ),
    (
        lambda: build(hand=["M2f", "A9m"], genealogy=[("M1m", 0, 0)], closed=True, rest="out"),
        "play M2f right of M1m",
        "M2f (Money 2 ♀) right of M1m (same colour) — a Marriage with M1m, without a child (no card can be drawn, KF-X2)",
    ),
    (
        _siblings,
        "sibling A4f left",
        "A4f (Art 4 ♀) starts a sibling group left of R4m (siblings never marry)",
    ),
    (
        _second_sibling,
        "sibling B4m right",
        "B4m (Battle 4 ♂) adds a sibling right of R4f (siblings never marry)",
    ),
    (
        lambda: build(hand=["Assassination", "A9m"], genealogy=[("M1m", 0, 0), ("M2f", 0, 2), ("R4m", 1, 1)]),
        "assassinate R4m",
        "Assassination on R4m (Romance 4 ♂) — it is discarded, then you draw 1 card; generation 2 is left empty",
    ),
    (
        lambda: build(hand=["Exile", "A9m"], genealogy=[("B3f", 0, 0, ["Enthronement"])]),
        "exile B3f",
        "Exile on B3f (Battle 3 ♀, Skip) — it is discarded with its Enthronement, then you draw 2 cards; the "
        "Genealogy is left empty and a new founder is drawn (KB-T8)",
    ),
    (
        _drawn_event,
        "exile B5f",
        "Exile (drawn at the Marriage) on B5f (Battle 5 ♀) — it is discarded, then you draw 2 cards",
    ),
    (
        lambda: build(hand=["Enthronement", "A9m"], genealogy=[("M1m", 0, 0), ("M2f", 0, 2), ("R4m", 1, 1)]),
        "enthrone R4m",
        "Enthronement under R4m (Romance 4 ♂) — the 2 cards of the 1 higher generation are discarded; its "
        "generation and every one below it score double (score 2 → 2)",
    ),
    (
        lambda: build(
            hand=["Enthronement", "A9m"], genealogy=[("M1m", 0, 0), ("M2f", 0, 2), ("B9m", 0, 6), ("R4m", 1, 1)]
        ),
        "enthrone B9m",
        "Enthronement under B9m (Battle 9 ♂) — nothing above it is discarded; its generation and every one below "
        "it score double (score 2 → 4)",
    ),
    (
        lambda: build(hand=["NewConnection", "A9m"], genealogy=[("M1m", 0, 0), ("B2m", 0, 4), ("M3f", 1, 5)]),
        "connect M1m right of M3f",
        "New Connection: move M1m (Money 1 ♂) right of M3f — a Marriage with M3f: their child is the top card of "
        "the draw pile",
    ),
    (
        lambda: build(hand=["NewConnection", "A9m"], genealogy=[("M1m", 0, 0), ("B2m", 0, 4), ("M3f", 1, 5)]),
        "connect M3f left of M1m nomarry",
        "New Connection: move M3f (Money 3 ♀, Skip) left of M1m — the Marriage with M1m is declined; generation 2 "
        "is left empty",
    ),
    (_draw, "draw", "draw the top card of the draw pile (80 left): no card in your hand can be played"),
]


@pytest.mark.parametrize(("make_state", "text", "label"), LABELS, ids=[t for _, t, _ in LABELS])
def test_the_label_names_the_cards_and_what_the_action_does(
    make_state: Callable[[], KingsFamilyState], text: str, label: str
) -> None:
    s = make_state()
    assert text in [str(a) for a in s.legal_actions()]
    assert s.label(text) == label
    assert {c["label"] for c in s.legal_choices() if c["text"] == text} == {label}


def test_every_legal_action_has_its_own_label_along_random_games() -> None:
    """Two actions of one decision never read the same (a label that cannot tell them apart
    would leave the player guessing)."""
    for seed in range(40):
        s = regalia.make("kings-family", players=1, seed=seed)
        rng = random.Random(seed)
        while not s.is_terminal:
            labels = [c["label"] for c in s.legal_choices()]
            assert len(labels) == len(set(labels)) == len(s.legal_actions())
            s.apply(rng.choice(s.legal_actions()))


def test_long_lists_are_grouped_by_the_card_played_or_the_event() -> None:
    s = build(
        hand=["M2f", "M3m", "A1f", "NewConnection", "Exile", "A9m"],
        genealogy=[("M1m", 0, 0), ("A2m", 0, 4), ("M4f", 1, 3)],
    )
    choices = s.legal_choices()
    assert len(choices) > 15
    groups = {c["text"]: c["group"] for c in choices}
    assert groups["play M2f left of M1m"] == groups["play M2f right of M4f"] == "Play M2f (Money 2 ♀)"
    assert groups["play M3m right of M4f nomarry"] == "Play M3m (Money 3 ♂)"
    assert groups["exile M1m"] == groups["exile M4f"] == "Exile"
    assert groups["connect M1m left of M4f"] == "New Connection: move M1m"
    assert groups["connect M4f right of A2m"] == "New Connection: move M4f"
    assert len(set(groups.values())) == 6  # 19 actions under 6 headings
    assert _siblings().legal_choices()[0]["group"] == "Sibling group"
    assert _draw().legal_choices() == [
        {
            "text": "draw",
            "label": LABELS[-1][2],
            "id": _draw().action_id(_draw().legal_actions()[0]),
            "group": "Draw",
            "keys": [["deck"]],  # a click on the draw pile (State.choice_keys)
            "alike": [],
        }
    ]


def test_no_two_actions_are_merged_as_interchangeable() -> None:
    """Every action leads to a different Genealogy or hand: legal_choices shows them all."""
    for seed in range(10):
        s = regalia.make("kings-family", players=1, seed=seed)
        rng = random.Random(seed)
        while not s.is_terminal:
            assert [c["text"] for c in s.legal_choices()] == [str(a) for a in s.legal_actions()]
            s.apply(rng.choice(s.legal_actions()))


# ----------------------------------------------------------------------------- legend, screen, result
def test_the_legend_explains_every_mark_of_the_screen() -> None:
    s = build(
        hand=["R3f", "B5m", "M7f", "A9m"],
        genealogy=[("M1m", 0, 0, ["Enthronement"]), ("R7f", 0, 2), ("B3f", 1, 1)],
    )
    screen = GAME.render_text(s.view(0))
    assert "E" in screen and "*" in screen and "R7f3" in screen and "B3fs" in screen
    assert "R3f(s)" in screen and "B5m(r)" in screen and "M7f(3)" in screen
    assert "G2 ( 1)|" in screen and "hand (4/10)" in screen and "exhaustions 0" in screen
    legend = GAME.legend
    for mark in (
        "Ability suffix",
        "s Skip (draw 1 card)",
        "r Reverse (draw 2 cards)",
        "3 Draw 3 (draw 3 cards)",
        "R3fs",
        "R3f(s)",
        "* before a card: the card is Active",
        "E after a card: an Enthronement is attached",
        "G2 ( 4)| is generation 2 and the number of cards in it",
        "hand (x/10)",
        "closed, no more draws",
        "exhaustions N",
        "exhaustion bonus",
        "nomarry",
        "undo",
    ):
        assert mark in legend, mark
    assert not internal_names(legend)


def test_kf_x7_the_result_prompt_gives_the_score_and_its_parts_never_a_winner() -> None:
    s = build(hand=["M2f"], genealogy=[("M1m", 0, 0, ["Enthronement"])], pile=["R4m"])
    s.apply("play M2f right of M1m")
    assert s.is_terminal
    assert s.prompt(0) == (
        "The game is over (the hand is empty [KF-8]): your score is 4 points (2 generations x1, 2 doubled by the "
        "Enthronement, 0 exhaustions of the draw pile x10; no undo)."
    )
    assert s.prompt(None).startswith("The game is over (the hand is empty [KF-8]): P0 scores 4 points (")
    assert "win" not in s.prompt(0) and "nobody" not in s.prompt(0)
    screen = GAME.render_text(s.view(0))
    assert "GAME OVER: the hand is empty [KF-8]" in screen
    assert "= 4 points" in screen and "no undo taken" in screen


def test_the_running_screen_ends_with_the_prompt() -> None:
    s = _drawn_event()
    assert GAME.render_text(s.view(0)).splitlines()[-1] == PROMPTS["drawn_event"][1]


# ----------------------------------------------------------------------------- events name their cause
def test_events_name_their_cause() -> None:
    s = build(hand=["M7f", "A9m"], genealogy=[("M7m", 0, 0)], pile=["A1m", "A2m", "A3m", "R4m"])
    texts = [e.text for e in s.apply("play M7f left of M7m")]
    assert texts[0] == "P0 plays M7f left of M7m and marries M7m"
    assert "P0 draws 3 of 3 cards (M7f's Draw 3)" in texts
    assert "P0 draws A1m A2m A3m (M7f's Draw 3)" in texts
    assert texts[-1] == "M7f marries M7m: R4m is born [KB-M3]"
    s = build(hand=["Exile", "A9m"], genealogy=[("B3f", 0, 0), ("B4m", 0, 2)], pile=["A1m", "A2m"])
    texts = [e.text for e in s.apply("exile B4m")]
    assert texts[0] == "P0 plays Exile on B4m: B4m is discarded"
    assert "P0 draws 2 of 2 cards (Exile)" in texts
    deal = regalia.make("kings-family", players=1, seed=3)
    assert deal.setup_events[0].text == "P0 draws 7 cards (the deal, KF-1)"
    for seed in range(20):
        s = regalia.make("kings-family", players=1, seed=seed)
        rng = random.Random(seed)
        while not s.is_terminal:
            for e in s.apply(rng.choice(s.legal_actions())):
                assert "Draw3" not in e.text and not internal_names(e.text)
