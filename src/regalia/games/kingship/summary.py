"""What Kingship's heuristic bot reads of a seat's information set: :class:`KingshipSummary`.

The bot used to read ``view(seat)``; building that dict was most of a search rollout's time. The
summary holds the same facts, read from the state as the seat is shown it (a hidden window for
another seat shows the decision before it, KS-37), so the bot decides exactly as it did from the
view (``tests/games/kingship/test_bot_summary.py`` derives every field from the view and compares).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Final, NamedTuple

from regalia.games.kingship.actions import L_CANNOT_WIN, L_NO_WINNER, law_text

if TYPE_CHECKING:
    from regalia.games.kingship.state import KingshipState

SHOWS_TARGET: Final = frozenset(
    ("dq", "outlaw", "reroute", "knight", "give", "give_exile", "m_take", "m_return", "search")
)
"""The decisions whose view shows the chosen target (``view.py``'s ``_INFO_KEYS``)."""


class KingshipSummary(NamedTuple):
    """One seat's information set as Kingship's heuristic bot reads it (all of it in the view).

    Attributes:
        decision: the view's ``decision`` (``main``, ``target``, ``vote``, ...), ``""`` when none.
        hand: the kinds in the seat's hand, sorted, with repeats (the view's ``hand``).
        hand_sizes: every seat's number of cards.
        players: the number of seats.
        can_win: whether the seat may win now: no law says nobody can win, or that it cannot.
        drawn: whether the player whose turn it is has drawn this turn (``drawn_this_turn``).
        target: the seat targeted, as the decision's public details show it, or -1.
        drawer: who draws, in a Lady of the Lake decision (``lq``), or -1.
        law: the law voted on (its action text), or ``""``.
        turn_player: whose turn it is.
    """

    decision: str
    hand: list[int]
    hand_sizes: list[int]
    players: int
    can_win: bool
    drawn: bool
    target: int
    drawer: int
    law: str
    turn_player: int


def summarize(state: KingshipState, seat: int) -> KingshipSummary:
    """The summary of ``seat``'s information set (the decision as KS-37 shows it to the seat)."""
    d = state.shown_decision(seat)
    kind = "" if d is None else str(d[0])
    can_win = True
    for law in state.laws:
        if law[0] == L_NO_WINNER or (law[0] == L_CANNOT_WIN and law[1] == seat):
            can_win = False
    c = state.ctx
    target = c.target if kind in SHOWS_TARGET and c.target >= 0 else -1
    drawer = -1
    law_voted = ""
    if d is not None:
        if kind == "lq":
            drawer = d[2]
        elif kind == "vote" and c.law is not None:
            law_voted = law_text(c.law[0], c.law[1])
    return KingshipSummary(
        kind,
        state.hand_list(seat),
        state.hs[:],
        state.n,
        can_win,
        state.drawn,
        target,
        drawer,
        law_voted,
        state.turn_player,
    )
