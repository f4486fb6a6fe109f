"""The turn of Kingdom and the steps every kind of action shares: cards moving between the hands,
the kingdoms and the discard pile, drawing (KD-11), the start and the end of a turn (KD-1, KD-2),
the end by the turn limit (KD-13), the response windows opened after a main-phase action (KD-X2)
and the Assassins and Jokers that go on the chain (KD-8, KD-9).

Functions of a :class:`~regalia.games.kingdom.state.KingdomState` (``state``, imported for typing
only); the kinds of action (:mod:`.rules`, :mod:`.combat`, :mod:`.chain`) and the resolution
(:mod:`.resolution`) call them. Events go to ``state.events``, the events of the move being
applied.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

from regalia.core.events import Event, new_event, public
from regalia.games.kingdom import eventtexts as T
from regalia.games.kingdom.cards import IS_NOBLE, JOKER, RANK, SUIT
from regalia.games.kingdom.phases import CHAIN_NAMES, D_MAIN, MAIN, OVER, W_ACTION
from regalia.games.kingdom.phases import seat_name as _seat_name

if TYPE_CHECKING:
    from regalia.games.kingdom.state import KingdomState

NO_CHANGE: Final = -1
"""A card's entry in ``KingdomState.suit_change`` when no suit change holds for it [KD-2]."""


def suit_of(state: KingdomState, c: int) -> int:
    """The suit card ``c`` in play counts as now: its printed suit or a suit change [KD-2]."""
    s = state.suit_change[c]
    return SUIT[c] if s < 0 else s


def has_rank(state: KingdomState, p: int, rank: int) -> bool:
    """Whether ``p``'s kingdom holds a card of ``rank`` in play (the noble limits, KD-1)."""
    return any(RANK[x] == rank for x in state.play[p])


def ready_suits(state: KingdomState, p: int) -> int:
    """The suits of ``p``'s unpreoccupied nobles (what an Assassin or a soldier needs, KD-1, KD-8),
    as a bit mask: bit ``s`` for the suit ``s``."""
    mask = 0
    busy = state.busy
    for x in state.play[p]:
        if IS_NOBLE[x] and not busy[x]:
            mask |= 1 << suit_of(state, x)
    return mask


def others_from(state: KingdomState, p: int, include_self: bool = False) -> list[int]:
    """The standing kingdoms after ``p`` in turn order (and ``p`` last with ``include_self``)."""
    n = state.num_players
    out = [(p + k) % n for k in range(1, n) if state.alive[(p + k) % n]]
    if include_self:
        out.append(p)
    return out


def hand_remove(state: KingdomState, p: int, c: int) -> None:
    """``c`` leaves ``p``'s hand, and what anyone knew of it there [KD-X7]."""
    state.hands[p].remove(c)
    for row in state.known:
        kl = row[p]
        if c in kl:
            kl.remove(c)


def to_discard(state: KingdomState, c: int) -> None:
    """``c`` goes face up on the discard pile [KD-X7]."""
    state.discard.append(c)


def set_suit(state: KingdomState, c: int, suit: int) -> None:
    """Card ``c`` counts as ``suit`` until the end of the turn (``NO_CHANGE``: its own) [KD-2]."""
    if suit >= 0 and state.suit_change[c] < 0:
        state.changed.append(c)
    state.suit_change[c] = suit


def clear_suits(state: KingdomState) -> None:
    """Every suit change ends (the end of the turn) [KD-2]."""
    sc = state.suit_change
    for c in state.changed:
        sc[c] = NO_CHANGE
    state.changed = []


def leave_play(state: KingdomState, c: int) -> None:
    """Take card ``c`` out of play (to the discard pile), out of any combat too [KD-10]."""
    p = state.loc[c]
    state.play[p].remove(c)
    state.loc[c] = -1
    state.busy[c] = False
    set_suit(state, c, NO_CHANGE)
    to_discard(state, c)
    if c in state.attackers:
        i = state.attackers.index(c)
        del state.attackers[i], state.blockers[i], state.blocked[i], state.dealt[i]
    else:
        for i, bl in enumerate(state.blockers):
            if c in bl:
                k = bl.index(c)
                del bl[k]  # the attacker stays blocked [KD-X4]
                del state.dealt[i][k]  # blockers and their damage stay parallel
                if i == state.split_i and k < state.split_j:
                    state.split_j -= 1


def enter_play(state: KingdomState, p: int, c: int, busy: bool) -> None:
    """``c`` enters ``p``'s kingdom, preoccupied or ready [KD-1, KD-X1]."""
    state.play[p].append(c)
    state.loc[c] = p
    state.busy[c] = busy


def draw(state: KingdomState, p: int) -> int | None:
    """Draw the top card into ``p``'s hand, reshuffling the discard pile first if the deck is
    empty [KD-11]; ``None`` if both are empty."""
    if not state.deck:
        if not state.discard:
            return None
        state.deck = state.discard
        state.discard = []
        state.rng.shuffle(state.deck)
        state.events.append(
            public(
                "reshuffle",
                f"The deck is empty: the discard pile is shuffled into a new deck ({len(state.deck)} cards)",
            )
        )
    c = state.deck.pop()
    state.hands[p].append(c)
    return c


def start_turn(state: KingdomState, p: int) -> None:
    """``p``'s turn starts: its cards are made ready and it draws a card [KD-1]."""
    state.turn_player = p
    state.turn_no += 1
    state.noble_played = False
    state.attacked = False
    state.phase = MAIN
    for c in state.play[p]:
        state.busy[c] = False  # un-turn all your preoccupied cards [KD-1]
    ev = state.events
    ev.append(new_event("turn", (T.turn_text, state.turn_no, p), p, None, (T.turn_data, state.turn_no)))
    drawn = draw(state, p)
    if drawn is not None:
        ev.append(new_event("draw", (T.draw_text, p), p, None, (T.draw_data,)))
        ev.append(new_event("draw", (T.drawn_text, p, drawn), p, frozenset((p,)), (T.drawn_data, drawn)))


def end_turn(state: KingdomState) -> None:
    """The turn ends: suit changes lapse [KD-2]; the next standing kingdom plays, or the turn
    limit ends the game [KD-13]."""
    clear_suits(state)
    state.events.append(new_event("end", (T.end_text, state.turn_player), state.turn_player, None, (T.no_data,)))
    mt = state.config.max_turns
    if mt is not None and state.turn_no >= mt:
        finish_by_territories(state)
        return
    n = state.num_players
    nxt = (state.turn_player + 1) % n
    while not state.alive[nxt]:
        nxt = (nxt + 1) % n
    start_turn(state, nxt)


def finish_by_territories(state: KingdomState) -> None:
    """KD-13: the kingdom with most territories wins; a tie is a draw (no winner)."""
    mt = state.config.max_turns
    alive = [p for p in range(state.num_players) if state.alive[p]]
    best = max(state.territories[p] for p in alive)
    top = [p for p in alive if state.territories[p] == best]
    state.winner_seats = (top[0],) if len(top) == 1 else ()
    state.phase = OVER
    if len(top) == 1:
        text = f"{_seat_name(top[0])} wins with the most territories ({best})"
    else:
        text = f"a draw: {' and '.join(_seat_name(p) for p in top)} tie with {best} territories each"
    state.events.append(
        public("game_over", f"The turn limit ({mt} turns) is reached: {text}", None, winners=list(state.winner_seats))
    )


def joker_unseen(state: KingdomState) -> bool:
    """Whether a Joker may still be in some hand: not every copy is on the discard pile or in
    the chain (public facts)."""
    seen = state.discard.count(JOKER) + sum(1 for e in state.chain if e[2] == JOKER)
    return seen < 2 * state.decks


def open_window(state: KingdomState, point: int, seats: list[int]) -> None:
    """A response window at ``point`` for ``seats``, in turn order [KD-X2]."""
    state.window = seats
    state.window_point = point


def after_main_action(state: KingdomState, p: int, cause: tuple[int, ...]) -> None:
    """After each main-phase action the other kingdoms may respond [KD-X2]; ``cause`` is
    what the response prompts name: ``(kind, seat, ...)`` of that action."""
    state.cause = cause
    open_window(state, W_ACTION, others_from(state, p))


def finish_pick(state: KingdomState) -> None:
    """A Pick a Card is over: its Joker goes to the discard pile [KD-9]."""
    entry = state.chain.pop()
    to_discard(state, entry[2])
    state.picking = -1


def turn_for_assassin(state: KingdomState, p: int, ace: int, nb: int) -> None:
    """The Ace leaves ``p``'s hand and the noble that brings it as an Assassin is turned [KD-8]."""
    hand_remove(state, p, ace)
    state.busy[nb] = True


def play_joker(state: KingdomState, ev: list[Event], p: int, d: int, k: int, entry: int, target: int, use: str) -> None:
    """A Joker played as ``entry`` (a chain kind) on ``target`` (a seat, or -1): on the chain,
    open to counters [KD-9, KD-X3]; from the main phase the others may respond [KD-X2]."""
    hand_remove(state, p, JOKER)
    state.chain.append([entry, p, JOKER, -1, target])
    ev.append(public("joker", f"{_seat_name(p)} plays a Joker {use}", p, use=CHAIN_NAMES[entry], target=target))
    state.counter_q = others_from(state, p)
    if d == D_MAIN:
        after_main_action(state, p, (k, p, target))
