"""Scenario helpers for Kingship tests: an exact position built from named cards."""

from __future__ import annotations

from typing import Any

import regalia
from regalia.games.kingship.actions import parse_act
from regalia.games.kingship.cards import FULL_DECK, NAME, NK, TITLE_BY_NAME, VALUE, parse_card
from regalia.games.kingship.context import PlayContext
from regalia.games.kingship.state import KingshipState

FILLER_VALUES = (3, 4, 7, 9, 2, 5, 13, 11, 1, 6, 8, 12)


def scenario(
    players: int = 4,
    hands: dict[int, list[str]] | None = None,
    pile: list[str] | None = None,
    deck: list[str] | None = None,
    titles: dict[str, int] | None = None,
    active_laws: list[str] | None = None,
    tp: int = 0,
    filler: int = 3,
    **options: Any,
) -> KingshipState:
    """A state at the start of ``tp``'s turn with exactly these hands (unlisted seats get ``filler``
    harmless cards: no Knights, no Outlaws), pile (bottom first), deck top (top first), titles
    (``{"DarkQueen": 2}``) and active laws (action texts such as ``"law exactly 3"``)."""
    s = regalia.make("kingship", players=players, seed=0, **options)
    assert isinstance(s, KingshipState)
    remaining = [0] * NK
    for k in FULL_DECK:
        remaining[k] += 1

    def take(name: str) -> int:
        k = parse_card(name)
        assert remaining[k] > 0, f"no {name} left for the scenario"
        remaining[k] -= 1
        return k

    hands = hands or {}
    s.hands = [[0] * NK for _ in range(players)]
    for seat, cards in hands.items():
        for c in cards:
            s.hands[seat][take(c)] += 1
    pile_k = [take(c) for c in (pile or ["5T"])]
    deck_top = [take(c) for c in (deck or [])]
    for seat in range(players):
        if seat in hands:
            continue
        got = 0
        for v in FILLER_VALUES:
            for k in range(NK):
                if got < filler and VALUE[k] == v and remaining[k] and k != 39:
                    remaining[k] -= 1
                    s.hands[seat][k] += 1
                    got += 1
    rest = [k for k in range(NK) for _ in range(remaining[k])]
    s.hs = [sum(h) for h in s.hands]
    s.pile = pile_k
    s.deck = rest[::-1] + deck_top[::-1]
    s.grave = []
    s.titles = [-1] * 6
    for name, seat in (titles or {}).items():
        s.titles[TITLE_BY_NAME[name.upper()]] = seat
    s.laws = []
    for text in active_laws or []:
        a = parse_act(text)
        s.laws.append([a.a, a.b])
    s.turn_player = tp
    s.nturns = 0
    s.q = []
    s.pending = None
    s.ctx = PlayContext()
    s.knows_top = [0] * (players + 1)
    s.known = {}
    s.shown = None
    s.history = []
    s._legal = None
    s._run([])
    return s


def act(s: KingshipState, seat: int, text: str) -> list[Any]:
    """Apply ``text`` for ``seat``, checking that ``seat`` is the one to act."""
    assert s.current_player == seat, f"expected P{seat} to act, got P{s.current_player} on {s.pending}"
    return s.apply(text)


def hand(s: KingshipState, seat: int) -> list[str]:
    """``seat``'s hand as sorted notations."""
    return sorted(NAME[k] for k in s.hand_list(seat))


def texts(s: KingshipState) -> list[str]:
    """The legal actions as texts."""
    return [str(a) for a in s.legal_actions()]


def title(s: KingshipState, name: str) -> int:
    """The holder of a title (-1: centre)."""
    return s.titles[TITLE_BY_NAME[name.upper()]]
