"""KS-37: a hidden window (an Outlaw redirect, a Knight block, the Poacher pair's exile) is seen only
by the seat asked; nobody else can tell it was open (issue 14, "Kingship does not reveal a hidden
window").

Twin worlds: the same position and the same moves, once with a seat able to answer (world A: it
holds a Knight, an Outlaw or the specified card) and once with that card swapped for a harmless one
(world B: nobody can answer, so no window opens). In world A the seat asked passes. A seat polling
its view after every action, and a spectator, must see exactly the same sequence of views and
prompts, and read the same events, in both worlds. (The player whose decision opened the window
sees the same views too; only its prompt says it is waiting for the others, which it knows anyway:
it has just answered.)
"""

from __future__ import annotations

import json
import random
from typing import Any

import regalia
from regalia.games.kingship.phases import HIDDEN_DECISIONS
from regalia.games.kingship.state import KingshipState

from .helpers import scenario


def _observe(s: KingshipState, seat: int | None, with_prompt: bool) -> str:
    view = s.view(seat)
    if not with_prompt:
        view.pop("prompt")
    return json.dumps(view, sort_keys=True)


def _polled(
    world: KingshipState, moves: list[str], asked: int, answered: int
) -> tuple[dict[Any, list[str]], dict[Any, list[str]], int]:
    """Play ``moves`` (the seat ``asked`` passes every hidden window it is offered); return, for
    every seat but ``asked`` and the spectator, the views it saw after every action with repeats
    removed (what polling shows; for ``answered``, whose decision opens the window, without the
    prompt), the texts of the events it was shown, and how many windows ``asked`` passed."""
    seats: list[int | None] = [s for s in range(world.num_players) if s != asked] + [None]
    seen: dict[Any, list[str]] = {s: [] for s in seats}
    events: dict[Any, list[str]] = {s: [] for s in seats}
    windows = 0

    def look() -> None:
        for s in seats:
            obs = _observe(world, s, with_prompt=s != answered)
            if not seen[s] or seen[s][-1] != obs:
                seen[s].append(obs)

    def apply(action: str) -> None:
        for e in world.apply(action):
            for s in seats:
                if e.is_visible_to(s):
                    events[s].append(e.text)
        look()

    def pass_windows() -> None:
        nonlocal windows
        while world.pending is not None and world.pending[0] in HIDDEN_DECISIONS and world.pending[1] == asked:
            windows += 1
            apply("pass")

    look()
    for move in moves:
        pass_windows()
        apply(move)
    pass_windows()
    return seen, events, windows


def _twins(asked: int, a_hand: list[str], b_hand: list[str], moves: list[str], answered: int = 0, **setup: Any) -> None:
    """World A gives ``asked`` the hand ``a_hand`` (it can answer), world B ``b_hand`` (it cannot);
    ``answered`` is the seat whose decision the others see while the window is open."""
    hands = dict(setup.pop("hands"))
    world_a = scenario(hands={**hands, asked: a_hand}, **setup)
    world_b = scenario(hands={**hands, asked: b_hand}, **setup)
    seen_a, events_a, windows_a = _polled(world_a, moves, asked, answered)
    seen_b, events_b, windows_b = _polled(world_b, moves, asked, answered)
    assert windows_a >= 1 and windows_b == 0
    for seat in seen_a:
        assert seen_a[seat] == seen_b[seat], f"seat {seat} can tell the worlds apart"
        assert events_a[seat] == events_b[seat], f"seat {seat} reads different events"
    assert world_a.snapshot()["state"]["titles"] == world_b.snapshot()["state"]["titles"]


def test_ks37_a_knight_window_cannot_be_told_from_no_window() -> None:
    # P0's Witch targets P1, who may block with a Knight in world A (and passes)
    _twins(
        1,
        ["10L", "3L", "4T"],
        ["5D", "3L", "4T"],
        ["play 9L", "target P1", "draw"],
        hands={0: ["9L", "2D", "6T"]},
        pile=["9T"],
    )


def test_ks37_an_outlaw_window_on_a_target_cannot_be_told_from_no_window() -> None:
    # P0's Angel targets P1; P2 may redirect with an Outlaw in world A
    _twins(
        2,
        ["Outlaw", "3L", "4T"],
        ["5D", "3L", "4T"],
        ["play AL", "target P1", "give 9L"],
        hands={0: ["AL", "9L", "2D"]},
        pile=["AT"],
    )


def test_ks37_a_knight_window_after_the_dark_queens_public_window() -> None:
    # the Dark Queen (P3) lets the target stand in public; then P1's Knight window is hidden
    _twins(
        1,
        ["10D", "3L", "4T"],
        ["5D", "3L", "4T"],
        ["play AL", "target P1", "pass", "give 9L"],
        answered=3,
        hands={0: ["AL", "9L", "2D"]},
        pile=["AT"],
        titles={"DarkQueen": 3},
    )


def test_ks37_a_poacher_pair_window_cannot_be_told_from_no_window() -> None:
    # P0 specifies 7: P2 holds 7T in world A and may exile it (passes)
    _twins(
        2,
        ["7T", "2L"],
        ["5D", "2L"],
        ["play 4L 4D", "name 7"],
        hands={0: ["4L", "4D", "9D"], 1: ["AL", "2T"]},
        pile=["4T"],
    )


def test_ks37_an_outlaw_window_on_a_title_chosen_by_a_pair_cannot_be_told_from_no_window() -> None:
    # P0's Queen pair chooses the Light Queen title; P3 may redirect it with an Outlaw in world A
    _twins(
        3,
        ["Outlaw", "3L"],
        ["5D", "3L"],
        ["play QL QD", "title LightQueen"],
        hands={0: ["QL", "QD", "9D"]},
        pile=["QL"],
    )


def test_ks37_a_title_acquired_by_the_play_itself_shows_the_players_turn_to_the_others() -> None:
    """A Queen played alone acquires her title at once: while an Outlaw holder considers
    redirecting it, the others see P0's turn (as at any moment of it), never the window. (Only the
    pause itself shows, as at a real table.)"""
    s = scenario(hands={0: ["QD", "2D"], 2: ["Outlaw", "3L"]}, pile=["QL"])
    s.apply("play QD")
    assert s.pending == ("outlaw", 2)
    for seat in (0, 1, 3, None):
        view = s.view(seat)
        assert (view["to_act"], view["decision"]) == (0, "main")
        assert s.prompt(seat) == (
            "Waiting for the other players: your play goes on."
            if seat == 0
            else "Waiting for P0, whose turn it is (phase 2: draw and/or play)."
        )


def test_ks37_title_windows_are_public_with_their_answers() -> None:
    s = scenario(hands={0: ["7L", "9L"]}, pile=["5T"], deck=["5L"], titles={"LightQueen": 2})
    s.apply("draw")
    assert all(s.view(seat)["to_act"] == 2 and s.view(seat)["decision"] == "lq" for seat in (0, 1, 3, None))
    events = s.apply("pass")
    assert any(e.visible_to is None and e.text == "P2, the Light Queen, lets the draw happen" for e in events)


def test_ks37_no_hidden_window_ever_shows_an_empty_decision_or_its_kind_to_another_seat() -> None:
    """The repro of issue 14 (seed 2, twelve random moves) and random games: while a hidden window
    is open, every other seat and a spectator see a public decision (the one shown before it) and a
    prompt that does not name the window's seat as deciding."""
    windows = 0
    for seed in range(2, 30):
        state = regalia.make("kingship", players=4 + seed % 5, seed=seed, max_turns=300)
        rng = random.Random(seed)
        while not state.is_terminal:
            p = state.pending
            assert p is not None
            if p[0] in HIDDEN_DECISIONS:
                windows += 1
                for seat in [*range(state.num_players), None]:
                    if seat == p[1]:
                        continue
                    view = state.view(seat)
                    assert view["to_act"] is not None and view["decision"] not in HIDDEN_DECISIONS
                    assert (view["to_act"], view["decision"]) == (state.shown[1], state.shown[0])  # type: ignore[index]
            state.apply(rng.choice(state.legal_actions()))
    assert windows > 20


def test_ks37_decider_hidden_exactly_while_a_hidden_window_is_open() -> None:
    """``decider_hidden()`` (what an online table pads for, SRV-2) is true exactly when the seats
    not asked are shown another decision than the one pending."""
    import random

    import regalia

    assert regalia.get_game("kingship").hidden_responses
    seen = 0
    for seed in range(12):
        s = regalia.make("kingship", players=5, seed=seed)
        rng = random.Random(seed)
        while not s.is_terminal and s.turns < 60:
            p = s.current_player
            others = [q for q in range(5) if q != p]
            hidden = s.decider_hidden()
            seen += hidden
            pending = (p, s.decision_kind())
            shown_to_others = {(s.view(q)["to_act"], s.view(q)["decision"]) for q in [*others, None]}
            assert hidden == (shown_to_others != {pending})
            s.apply(rng.choice(s.legal_actions()))
    assert seen > 0
