"""What a person reads (issue 13): the prompt of every decision kind, the labels of every kind of
action, interchangeable choices shown once, groups, the legend, events naming their cause and
the final table. Rule names: BF-OFFER, BF-ROLEOFFER, BF-DRAFT, BF-X1, BF-X2, BF-RESOLVE, BF-2."""

from __future__ import annotations

import random
import re
import sys

import regalia
from regalia.games.blood_and_fortune.state import BloodAndFortuneState

from .scenario import GAME, new, play_round_of_singles, with_areas, with_changes

ROLE_DECK = ("R7", "R2", "R3", "R6", "R5", "R4")  # P0 gets R7+R6, P1 R2+R5, P2 R3+R4
SCORES = ("S6", "S1", "S2")  # P0 Tithe, P1 Reorder, P2 Spyglass
CARD = re.compile(r"\bH\d[sd]\d\b|\bR\d+\b")


def _drafted() -> BloodAndFortuneState:
    """After the draft: P0 holds R2 (placed by P1), P1 holds R3 (P2's), P2 holds R7 (P0's)."""
    state = new(3, extra=ROLE_DECK, roles=True)
    for text in ("place R7", "place R2", "place R3", "take from P1", "take from P2", "take from P0"):
        state.apply(text)
    return state


def _waiting(state: BloodAndFortuneState, expected: str, *seats: int | None) -> None:
    for seat in seats:
        assert state.prompt(seat) == expected, seat


# ------------------------------------------------------------------ one prompt test per decision kind
def test_bf_prompt_place_role() -> None:
    state = new(3, extra=ROLE_DECK, roles=True)
    assert state.decision_kind() == "place_role"
    assert state.prompt(0) == (
        "Role draft, round 1: you are dealt R6 Ringbearer and R7 Miser (house rules): place one face down for "
        "another player to take; the other returns to the deck unseen."
    )
    _waiting(
        state,
        "Waiting for P0 to place one of their two dealt Role cards face down for another player to take.",
        1,
        2,
        None,
    )


def test_bf_prompt_take_role() -> None:
    state = new(3, extra=ROLE_DECK, roles=True)
    for text in ("place R7", "place R2", "place R3"):
        state.apply(text)
    assert state.decision_kind() == "take_role"
    assert state.prompt(0) == (
        "Role draft: take one face-down Role card placed by another player (P1 or P2) into your hand; you resolve "
        "it at Resolve Roles."
    )
    _waiting(state, "Waiting for P0 to take a face-down Role card placed by another player.", 1, 2, None)
    state.apply("take from P1")
    # BF-X1: the second-to-last taker must leave the last taker another player's card
    assert state.prompt(1) == (
        "Role draft: take P2's face-down Role card into your hand, so that P2, the last to take, still has another "
        "player's card to take; you resolve it at Resolve Roles."
    )
    state.apply("take from P2")
    assert state.prompt(2) == (
        "Role draft: take P0's face-down Role card into your hand, the only one placed by another player; you "
        "resolve it at Resolve Roles."
    )


def test_bf_prompt_offer() -> None:
    state = new(3)
    assert state.decision_kind() == "offer"
    assert state.prompt(0) == (
        "Offer Influence (round 1 of 3, turn 1 of 3): offer 2 cards from your hand face down to another player; "
        "they keep one (an Influence card goes face down to the right end of their area) and return the other to you."
    )
    _waiting(
        state,
        "Waiting for P0 to offer cards face down to another player (Offer Influence, round 1 of 3, turn 1 of 3).",
        1,
        2,
        None,
    )
    # with a Role card in hand (BF-ROLEOFFER) and a Special Action open (BF-SPECIAL)
    drafted = _drafted()
    assert drafted.prompt(0).endswith(
        "; if they keep a Role card it goes into their hand and they give you an Influence card for your area."
    )
    special = new(3, extra=SCORES, special_actions=True)
    for text in ("offer H1s1 H1s2 to P1", "keep H1s1", "offer H2s1 H2s2 to P0", "keep H2s1"):
        special.apply(text)
    special.apply("offer H3s1 H3s2 to P1")
    special.apply("keep H3s1")
    assert special.prompt(0) == (
        "Offer Influence (round 1 of 3, turn 2 of 3): offer 2 cards from your hand face down to another player; "
        "they keep one (an Influence card goes face down to the right end of their area) and return the other to "
        "you; or first use your Special Action S6 Tithe (house rule: +1 to your round score this round)."
    )
    assert special.prompt(None) == (
        "Waiting for P0 to offer cards face down to another player, or to use their Special Action S6 Tithe first "
        "(Offer Influence, round 1 of 3, turn 2 of 3)."
    )
    # BF-OFFER: a last card is offered alone and must be kept (constructed, BF-X15)
    last = with_changes(new(3), hands=[[2], [5, 6, 7, 8, 9], [10, 11, 12, 13, 14]], discard=[0, 1, 3, 4])
    assert last.prompt(0) == (
        "Offer Influence (round 1 of 3, turn 1 of 3): you hold only H1s3 (a single, 1): offer it alone, face down, "
        "to another player, who must keep it."
    )
    last.apply("offer H1s3 to P2")
    assert last.prompt(2) == (
        "P0 offers you H1s3 (a single, 1), their last card, face down: you must keep it; it goes face down to the "
        "right end of your area."
    )
    assert last.prompt(1) == "Waiting for P2 to keep the single card P0 offered face down (an Influence card)."


def test_bf_prompt_keep() -> None:
    state = new(3)
    state.apply("offer H1s1 H1d1 to P1")
    assert state.decision_kind() == "keep"
    assert state.prompt(1) == (
        "P0 offers you H1s1 (a single, 1) and H1d1 (a double, 2) face down: keep one as Influence (it goes face down "
        "to the right end of your area); the other returns to P0."
    )
    # BF-2: the offerer knows its cards; the others only that two cards are offered
    assert state.prompt(0) == (
        "Waiting for P1 to keep H1s1 (a single, 1) or H1d1 (a double, 2) of your offer; the other comes back to your hand."
    )
    _waiting(state, "Waiting for P1 to keep one of the 2 cards P0 offered face down.", 2, None)
    # BF-ROLEOFFER: one Role card offered
    roles = _drafted()
    roles.apply("offer H1s1 R2 to P1")
    assert roles.prompt(1) == (
        "P0 offers you H1s1 (a single, 1) and R2 Steward face down: keep the Influence card for the right end of "
        "your area, or the Role card for your hand (then you give P0 one Influence card from your hand for their "
        "area); the other returns to P0."
    )
    assert roles.prompt(2) == (
        "Waiting for P1 to keep one of the 2 cards P0 offered face down (one of them a Role card)."
    )
    assert not CARD.search(roles.prompt(2)) and not CARD.search(roles.prompt(None))


def test_bf_prompt_give() -> None:
    state = _drafted()
    state.apply("offer H1s1 R2 to P1")
    state.apply("keep R2")
    assert state.decision_kind() == "give"
    assert state.prompt(1) == (
        "You kept P0's Role card R2 Steward: give P0 one Influence card from your hand; it goes face down to the "
        "right end of P0's area."
    )
    assert (
        state.prompt(0)
        == "Waiting for P1 to give you an Influence card for your Role card R2 Steward, which they kept."
    )
    _waiting(state, "Waiting for P1 to give P0 an Influence card for the Role card they kept.", 2, None)


def test_bf_prompt_special_window() -> None:
    state = new(3, extra=SCORES, special_actions=True)
    while state.decision_kind() == "offer":  # P0 offers to P1, P1 and P2 to P0 (BF-X2 window for P0, P1)
        to = 1 if state.current_player == 0 else 0
        state.apply(next(a for a in state.legal_actions() if str(a).endswith(f"to P{to}")))
        state.apply(state.legal_actions()[0])
    assert state.decision_kind() == "special_window" and state.current_player == 0
    assert state.prompt(0) == (
        "Offer Influence is over: use your Special Action S6 Tithe (house rule: +1 to your round score this round) "
        "now, or pass — it cannot be used later this round."
    )
    _waiting(
        state, "Waiting for P0 to use their Special Action S6 Tithe or pass (Offer Influence is over).", 1, 2, None
    )


def test_bf_prompt_role_target() -> None:
    state = new(3, extra=("R11", "R2", "R3", "R6", "R5", "R4"), roles=True)
    for text in ("place R11", "place R2", "place R3", "take from P1", "take from P2", "take from P0"):
        state.apply(text)
    play_round_of_singles(state, {0: [1, 2, 1], 1: [2, 0, 2], 2: [0, 1, 0]})
    assert state.decision_kind() == "role_target" and state.current_player == 2
    assert state.prompt(2) == (
        "Resolve Roles: your R11 Chancellor is called (house rule: choose another player: -2 to their round score "
        "(never below 0)): choose another player for it to act on."
    )
    _waiting(state, "Waiting for P2 to choose the target of R11 Chancellor (Resolve Roles).", 0, 1, None)


def test_bf_every_decision_kind_has_a_prompt_test() -> None:
    game = regalia.get_game(GAME)
    assert game.decision_kinds == ("place_role", "take_role", "offer", "keep", "give", "special_window", "role_target")
    module = sys.modules[__name__]
    missing = [k for k in game.decision_kinds if not callable(getattr(module, f"test_bf_prompt_{k}", None))]
    assert not missing, f"decision kinds without a prompt test: {missing}"


def test_bf_win_result_prompt_names_the_winner_or_the_tie() -> None:
    state = new(3)
    over = with_changes(state, phase=7, cp=-1, round=3, totals=[9, 12, 7], winners=[1])
    assert over.prompt(0) == "The game is over after 3 rounds: P1 wins with the highest total, 12 (P0 9, P1 12, P2 7)."
    tie = with_changes(state, phase=7, cp=-1, round=3, totals=[12, 12, 7], winners=[])
    assert tie.prompt(None) == (
        "The game is over after 3 rounds: P0 and P1 tie for the highest total, 12, so nobody wins (P0 12, P1 12, P2 7)."
    )


# ------------------------------------------------------------------ labels
def _labels(state: BloodAndFortuneState) -> dict[str, str]:
    return {str(a): state.label(a) for a in state.legal_actions()}


def test_bf_labels_of_offers_keeps_and_gifts() -> None:
    state = _drafted()
    labels = _labels(state)
    assert labels["offer H1s1 H1s2 to P1"] == "two singles (1 + 1) to P1: they keep one, the other comes back"
    assert labels["offer H1s1 H1d1 to P2"] == "a single (1) and a double (2) to P2: they keep one, the other comes back"
    assert labels["offer H1d1 H1d2 to P1"] == "two doubles (2 + 2) to P1: they keep one, the other comes back"
    assert labels["offer H1d2 R2 to P2"] == (
        "a double (2) and Role card R2 Steward to P2: they keep one, the other comes back"
    )
    state.apply("offer H1s1 R2 to P1")
    assert _labels(state) == {
        "keep H1s1": "H1s1 (a single, 1) face down to the right end of your area; R2 returns to P0",
        "keep R2": "R2 Steward into your hand (you then give P0 an Influence card); H1s1 returns to P0",
    }
    state.apply("keep R2")
    assert _labels(state)["give H2d1"] == "H2d1 (a double, 2) face down to the right end of P0's area"


def test_bf_labels_of_the_role_draft() -> None:
    state = new(3, extra=ROLE_DECK, roles=True)
    assert _labels(state) == {
        "place R6": (
            "R6 Ringbearer face down for another player to take (house rule: +2 to your round score if you hold the "
            "Ring at Score Influence); R7 Miser returns to the deck unseen"
        ),
        "place R7": (
            "R7 Miser face down for another player to take (house rule: +1 to your round score); R6 Ringbearer "
            "returns to the deck unseen"
        ),
    }
    for text in ("place R7", "place R2", "place R3"):
        state.apply(text)
    assert _labels(state) == {
        "take from P1": "the face-down Role card placed by P1",
        "take from P2": "the face-down Role card placed by P2",
    }


def test_bf_labels_of_special_actions_and_targets_say_only_what_the_seat_knows() -> None:
    state = new(3, extra=SCORES, special_actions=True)
    # P2 (Spyglass) has received a card; P1's area: H3s1 (known to P1 and P2) then H1s1 (known to P0 and P1)
    state = with_areas(state, [["H2s1"], ["H3s1", "H1s1"], ["H1s2"]])
    state = with_changes(state, known=[[7], [6, 3], [5]], turn_k=2, cp=2)
    labels = _labels(state)
    assert labels["special on P1 at 1"] == "S2 Spyglass (house rule): look at card 1 of P1's area (H3s1)"
    assert labels["special on P1 at 2"] == "S2 Spyglass (house rule): look at card 2 of P1's area (H1?)"
    assert labels["special on P0 at 1"] == "S2 Spyglass (house rule): look at card 1 of P0's area (H2s1)"


def test_bf_labels_of_the_closing_window_and_a_role_target() -> None:
    state = new(3, extra=("R11", "R2", "R3", "R6", "R5", "R4"), roles=True)
    for text in ("place R11", "place R2", "place R3", "take from P1", "take from P2", "take from P0"):
        state.apply(text)
    play_round_of_singles(state, {0: [1, 2, 1], 1: [2, 0, 2], 2: [0, 1, 0]})
    assert _labels(state) == {
        "target P0": "R11 Chancellor (house rule): -2 to P0's round score (never below 0)",
        "target P1": "R11 Chancellor (house rule): -2 to P1's round score (never below 0)",
    }
    assert {c["group"] for c in state.legal_choices()} == {"Target of R11 Chancellor"}
    window = new(3, extra=SCORES, special_actions=True)
    window = with_areas(window, [["H2s1"], ["H3s1"], []])
    window = with_changes(window, turn_k=9, closing=[0, 1], phase=5, cp=0)
    assert _labels(window) == {
        "special": "S6 Tithe (house rule): +1 to your round score",
        "pass": "pass: S6 Tithe is not used this round",
    }
    assert {c["group"] for c in window.legal_choices()} == {"Special Action"}


def test_bf_label_of_an_action_not_legal_now_reveals_nothing() -> None:
    """BF-2: a label asked for any other action is built from its text alone."""
    state = new(3)
    state.apply("offer H1s1 H1d1 to P1")
    assert state.label("give H2s1") == "give H2s1 (a single, 1)"
    assert state.label("offer H2s1 H2d1 to P0") == "offer H2s1 (a single, 1) and H2d1 (a double, 2) face down to P0"
    assert state.label("target P2 at 3") == "choose the target of the Role card being resolved: card 3 of P2's area"
    assert state.label("special on P0") == "use your Special Action on P0"
    assert state.label("take from P2") == "take the face-down Role card placed by P2"
    # a legal one by text, object or id is the same label
    keep = state.legal_actions()[0]
    assert state.label(keep) == state.label(str(keep)) == state.label(state.action_id(keep))


# ------------------------------------------------------------------ interchangeable choices
def test_bf_twin_cards_are_offered_once() -> None:
    """At the start every seat knows only that P0 holds its five cards: the three singles are
    interchangeable, as are the two doubles; each kind of pair is shown once per recipient."""
    state = new(3)
    assert len(state.legal_actions()) == 20
    choices = state.legal_choices()
    assert [c["text"] for c in choices] == [
        "offer H1s1 H1s2 to P1",
        "offer H1s1 H1s2 to P2",
        "offer H1s1 H1d1 to P1",
        "offer H1s1 H1d1 to P2",
        "offer H1d1 H1d2 to P1",
        "offer H1d1 H1d2 to P2",
    ]
    assert [c["group"] for c in choices[:2]] == ["Offer to P1", "Offer to P2"]
    # typing a text that was not shown still works
    state.apply("offer H1s2 H1d2 to P2")
    assert [{k: c[k] for k in ("text", "label", "id", "group")} for c in state.legal_choices()] == [
        {
            "text": "keep H1s2",
            "label": state.label("keep H1s2"),
            "id": state.action_id(state.legal_actions()[0]),
            "group": "Keep",
        },
        {
            "text": "keep H1d2",
            "label": state.label("keep H1d2"),
            "id": state.action_id(state.legal_actions()[1]),
            "group": "Keep",
        },
    ]


def test_bf_twins_someone_can_tell_apart_are_offered_apart() -> None:
    """P1 saw H1s2 come back to P0's hand after an offer it did not see (where H1s3 may have gone):
    offering H1s2 or H1s3 tells P1 different things, so both are shown; P1 itself keeps either of
    two singles it cannot tell apart from the other players' point of view once."""
    state = new(3)
    for text in (
        "offer H1s1 H1s2 to P2",  # P2 keeps H1s1; P1 does not see which cards
        "keep H1s1",
        "offer H2s1 H2s2 to P0",
        "keep H2s1",
        "offer H3s1 H3s2 to P0",
        "keep H3s1",
        "offer H1s2 H1d1 to P1",  # P1 sees H1s2 and keeps H1d1: H1s2 is back in P0's hand
        "keep H1d1",
        "offer H2s2 H2s3 to P0",
        "keep H2s2",
        "offer H3s2 H3s3 to P0",
        "keep H3s2",
    ):
        state.apply(text)
    assert sorted(state.view(0)["hand"]) == ["H1d2", "H1s2", "H1s3"]
    texts = [c["text"] for c in state.legal_choices()]
    assert len(texts) == len(state.legal_actions()) == 6
    state.apply("offer H1s2 H1s3 to P1")
    # for P1's keep, P0 knows both and P2 places both alike: the two singles are one choice
    assert [c["text"] for c in state.legal_choices()] == ["keep H1s2"]
    state.apply("keep H1s3")
    assert state.view(0)["offers"][-1]["kept_card"] == "H1s3"


# ------------------------------------------------------------------ legend, events, the table
def test_bf_legend_explains_the_marks_of_the_screen() -> None:
    legend = regalia.get_game(GAME).legend
    for mark in ("H4s1", "H4d2", "H4?", "[Ring]", "(you)", "total", "hand 5 + 1 Role", "P0 → P1", "house rule"):
        assert mark in legend, mark


def test_bf_events_name_their_cause() -> None:
    state = _drafted()
    events = state.apply("offer H1s1 R2 to P1")
    assert events[0].text == (
        "P0 offers 2 cards face down to P1, one of them a Role card (Offer Influence, turn 1 of 9)"
    )
    state.apply("keep R2")
    events = state.apply("give H2s1")
    assert events[0].text == (
        "P1 gives P0 an Influence card for the Role card P1 kept: it goes face down to the right end of P0's area"
    )
    plain = new(3)
    events = play_round_of_singles(plain, {0: [1, 1, 1], 1: [2, 2, 2], 2: [0, 0, 0]})
    texts = [e.text for e in events]
    assert any(t.startswith("Score Influence, round 1: ") and "wins the round" in t for t in texts)
    assert any(t.startswith("Round 2 begins: P") and "who won round 1" in t for t in texts)
    for t in texts:
        assert "[" not in t and "(offer)" not in t


def test_bf_final_table_shows_every_area_revealed() -> None:
    """Issue 13: at the end nothing is drawn face down (no ``H4?``) and the totals are written out."""
    game = regalia.get_game(GAME)
    for options in ({}, {"roles": True, "special_actions": True}):
        state = regalia.make(GAME, players=4, seed=5, **options)
        rng = random.Random(5)
        while not state.is_terminal:
            state.apply(rng.choice(state.legal_actions()))
        for seat in (None, 0, 1, 2, 3):
            text = game.render_text(state.view(seat))
            assert "?" not in text and "[1" not in text and "To act" not in text
            assert "Round 3 reveal" in text and "Round 1 scores: " in text
        assert all(e["card"] is not None for area in state.view(None)["player_areas"] for e in area)


def test_bf_drawing_ends_with_the_prompt_and_its_to_act_line_uses_words_not_machine_names() -> None:
    state = new(3)
    game = regalia.get_game(GAME)
    view = state.view(None)
    text = game.render_text(view)
    assert text.splitlines()[-1] == state.prompt(None) == view["prompt"]
    assert "(offer)" not in text
    # a front that shows the prompt itself draws the view without it: who acts, in words
    text = game.render_text({**view, "prompt": ""})
    assert text.splitlines()[-1] == "To act: P0 — offer cards"
    assert "(offer)" not in text
