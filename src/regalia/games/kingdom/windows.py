"""Hidden windows [KD-X13]: what a seat that is not asked sees while a response or counter window
waits for another seat, and when it learns what happened there.

A window is offered only to a seat that holds a usable out-of-turn play [KD-X2, KD-X3], so its
mere existence would tell the others something about that seat's hand. KD-X13 makes every
window invisible to every seat not asked in it: the stream of views, prompts and events such a
seat receives is the same, move after move (a view repeated unchanged merged into one), as in
the twin world where nobody could respond. Two cases:

* **After a main-phase action** (``W_ACTION``): when the window is over the active player's turn
  simply goes on, so the others already see that turn going on (``"main"``) — except a seat
  still to be asked in the same window, which already sees its own question.
* **A hidden run**: the windows after the attackers or the blockers are declared (``W_ATTACK``,
  ``W_BLOCKS``) and every counter window, until the table reaches a decision everyone sees.
  When such a window is over the game moves on by itself (blocks, damage, territories, the
  chain's effect), so a seat not asked keeps seeing the table as it stood before the move that
  opened the run (:attr:`KingdomState.cp` — the declaration still open, the Assassin's target
  still to be chosen, the Joker still in hand), or as it stood at its own last decision in the
  run (:attr:`KingdomState.frozen`); the run's events are held back
  (:attr:`KingdomState.held`) and delivered together when it ends. Only a seat's own ``pass``
  reaches it at once.

Functions of a :class:`~regalia.games.kingdom.state.KingdomState`, called by :mod:`.rules`, the
presenter (:mod:`.presenter`) and ``determinize``.
"""

from __future__ import annotations

from collections import Counter
from typing import TYPE_CHECKING, Final

from regalia.core.events import Event
from regalia.games.kingdom import actions as A
from regalia.games.kingdom.phases import (
    D_ATTACKERS,
    D_BLOCKERS,
    D_COUNTER,
    D_MAIN,
    D_RESPOND,
    W_ACTION,
    W_ATTACK,
    W_NONE,
)
from regalia.games.kingdom.position import flat_copy

if TYPE_CHECKING:
    from regalia.games.kingdom.actions import KingdomAction
    from regalia.games.kingdom.state import KingdomState

OPENERS: Final = frozenset((A.TARGET, A.JOKER_PICK, A.SPY, A.EXPOSE, A.TAKE, A.TAKE_DECK))
"""The moves after which a hidden run may begin and whose table must be kept from before them:
an Assassin's target, a counterable Joker, a Pick a Card's take (the window it was played in
goes on). After a ``done`` the table kept is the one just after it, which shows the same."""


def hidden(state: KingdomState) -> bool:
    """Whether the decision pending is part of a hidden run: a counter window, or a response
    window after the attackers or the blockers."""
    d = state.decision_code()
    return d == D_COUNTER or (d == D_RESPOND and state.window_point != W_ACTION)


def before_move(state: KingdomState, p: int, action: KingdomAction) -> None:
    """Take the copies KD-X13 needs before ``p``'s move changes the table: before a move that
    may begin a hidden run (kept as its checkpoint if it does), and before every move made in a
    hidden run (what ``p`` saw while deciding)."""
    if state.cp is None:
        if action.kind in OPENERS:
            state.pre = flat_copy(state)
        return
    frozen = dict(state.frozen)  # copy on write: clones share the dict
    frozen[p] = flat_copy(state)
    state.frozen = frozen


def after_move(state: KingdomState, events: list[Event]) -> list[Event]:
    """Close the bookkeeping of one move: begin, continue or end a hidden run, holding or
    delivering its events. Returns the events to deliver now."""
    pre = state.pre
    state.pre = None
    if hidden(state):
        if state.cp is None:
            state.cp = pre if pre is not None else flat_copy(state)
        now = [e for e in events if e.kind == "pass"]  # a pass is its own seat's alone
        held = [e for e in events if e.kind != "pass"]
        if held:
            state.held = state.held + held
        return now
    if state.cp is not None:
        events = state.held + events
        state.cp = None
        state.frozen = {}
        state.held = []
    return events


def shown_state(state: KingdomState, seat: int | None) -> KingdomState:
    """The table ``seat`` sees now [KD-X13]: during a hidden run, the checkpoint (or the seat's
    own last decision in the run) for every seat but the one asked; otherwise the table itself."""
    if state.cp is None or seat == state.current_player:
        return state
    if seat is not None:
        own = state.frozen.get(seat)
        if own is not None:
            return own
    return state.cp


def masked_decision(state: KingdomState, seat: int | None) -> tuple[int, int, int]:
    """The decision ``seat`` sees pending on the table ``state`` shows it [KD-X13]: ``(decision,
    seat deciding, window point)``, the decision a code ``phases.D_*`` (``DECISION_NAMES`` names
    it as the view's ``decision``). The real decision for the seat asked in a window (and
    whenever no window is open); for everyone else the decision underneath: after a main-phase
    action the active player's turn going on — or, for a seat still to be asked in that window,
    its own question — and the declaration of the attackers or of the blockers after it is
    closed."""
    d = state.decision_code()
    p = state.current_player
    assert p is not None
    if d != D_RESPOND and d != D_COUNTER:
        return d, p, W_NONE
    point = state.window_point
    if seat == p:
        return d, p, point if d == D_RESPOND else W_NONE
    if d == D_COUNTER:  # only in a composed position without its KD-X13 copies
        return d, p, W_NONE
    if point == W_ACTION:
        if seat is not None and seat in state.window and state.can_respond(seat):
            return D_RESPOND, seat, W_ACTION  # its own question, still to come
        return D_MAIN, state.turn_player, W_NONE
    if point == W_ATTACK or not state.blocks_asked:
        return D_ATTACKERS, state.turn_player, W_NONE
    return D_BLOCKERS, state.defender, W_NONE


def resampled(real: KingdomState, det: KingdomState, frozen: KingdomState, seat: int) -> KingdomState:
    """A checkpoint of ``real`` (``frozen``) made consistent with the determinization ``det`` for
    ``seat``: each other hand is ``det``'s plus the cards played from it since the checkpoint
    (Assassins and Jokers, all public), the deck is ``det``'s, and what others knew of hands
    other than ``seat``'s is public knowledge only."""
    out = flat_copy(frozen)
    n = real.num_players
    for h in range(n):
        if h == seat:
            continue
        played = Counter(frozen.hands[h])
        played.subtract(real.hands[h])
        out.hands[h] = det.hands[h] + sorted(played.elements())
    out.deck = det.deck[:]
    pub = frozen.known[n]
    for w in range(n):
        if w == seat:
            continue
        for h in range(n):
            if h != seat and h != w:
                out.known[w][h] = pub[h][:]
    return out
