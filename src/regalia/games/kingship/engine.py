"""The Kingship engine: zones, knowledge, the resolution queue and the helpers every rule uses.

The state of a game is a handful of flat lists (hands as count vectors over card kinds, deck and
pile with their top at the end, graveyard), the six titles, the active laws, the turn, and the
**resolution queue** ``q``: a stack of small effect steps (tuples ``(op, *args)``) run by
:meth:`KingshipState._run <regalia.games.kingship.state.KingshipState._run>`. A step either
finishes at once or sets ``pending``: the explicit decision ``(kind, seat, ...)`` of exactly one
player. Applying that player's action resumes the queue.

The functions here are the bottom layer of the rules (see :mod:`regalia.games.kingship.state`):
they move cards between the zones and keep the information each seat has (which deck cards it
knows on top, which cards it knows in other hands), give titles and run the queue's plumbing;
the laws, windows, Merchant, abilities and turn (:mod:`laws`, :mod:`windows`, :mod:`merchant`,
:mod:`abilities`, :mod:`flow`) add their steps above it. Every function takes the state first.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Final

from regalia.core.events import Event, public
from regalia.core.state import shuffle
from regalia.games.kingship.cards import (
    DEMON,
    KING,
    NAME,
    NK,
    TITLE_NAMES,
)
from regalia.games.kingship.words import CARD, TITLE_TITLES

if TYPE_CHECKING:
    from regalia.games.kingship.state import KingshipState

Step = tuple[Any, ...]

# The steps of the resolution queue, as named int constants (a step is ``(OP_..., *arguments)``;
# ``OP_NAMES[op]`` names it in snapshots and messages, ``op_<name>`` is the function that runs it).
OP_AB_END: Final = 0
OP_ACQ: Final = 1
OP_ACQ_FINAL: Final = 2
OP_AFTER_PLAY: Final = 3
OP_ANGEL_GIVE: Final = 4
OP_DEMON_TAKE: Final = 5
OP_DEMON_WINDOW: Final = 6
OP_DRAW: Final = 7
OP_DRAW_ACTOR: Final = 8
OP_EMPEROR_SEARCH: Final = 9
OP_EXILE_ONE: Final = 10
OP_EXILE_TO: Final = 11
OP_EXTRA_CHOICE: Final = 12
OP_FARMER: Final = 13
OP_KING_LAW: Final = 14
OP_KNIGHT_DRAWS: Final = 15
OP_LAW_PROPOSE: Final = 16
OP_LAW_WIN: Final = 17
OP_MAIN: Final = 18
OP_MAIN_AFTER_DRAW: Final = 19
OP_MERCHANT_OFFER: Final = 20
OP_MERCHANT_REVEAL: Final = 21
OP_MESSENGER_PLACE: Final = 22
OP_MESSENGER_SKIP: Final = 23
OP_NEED_BELOW: Final = 24
OP_OUTLAWS_TO_PILE: Final = 25
OP_P4_CHECK: Final = 26
OP_PHASE3: Final = 27
OP_POACH_EACH: Final = 28
OP_POACHER: Final = 29
OP_PRIEST_DRAW: Final = 30
OP_PRIEST_PICK: Final = 31
OP_PRIEST_REVIVE: Final = 32
OP_PRINCE_TITLE: Final = 33
OP_QUEEN_CHOICE: Final = 34
OP_QUEEN_SINGLE: Final = 35
OP_REMOVE_LAWS: Final = 36
OP_RESOLVE_PLAY: Final = 37
OP_REVERSE: Final = 38
OP_SILENCE: Final = 39
OP_SPEC: Final = 40
OP_STRIP_TITLES: Final = 41
OP_SWAP: Final = 42
OP_TAX: Final = 43
OP_TAX_ONE: Final = 44
OP_TGT: Final = 45
OP_TURN_START: Final = 46
OP_UNSILENCE: Final = 47
OP_WITCH_EXILE: Final = 48
OP_NAMES: Final[tuple[str, ...]] = (
    "ab_end",
    "acq",
    "acq_final",
    "after_play",
    "angel_give",
    "demon_take",
    "demon_window",
    "draw",
    "draw_actor",
    "emperor_search",
    "exile_one",
    "exile_to",
    "extra_choice",
    "farmer",
    "king_law",
    "knight_draws",
    "law_propose",
    "law_win",
    "main",
    "main_after_draw",
    "merchant_offer",
    "merchant_reveal",
    "messenger_place",
    "messenger_skip",
    "need_below",
    "outlaws_to_pile",
    "p4_check",
    "phase3",
    "poach_each",
    "poacher",
    "priest_draw",
    "priest_pick",
    "priest_revive",
    "prince_title",
    "queen_choice",
    "queen_single",
    "remove_laws",
    "resolve_play",
    "reverse",
    "silence",
    "spec",
    "strip_titles",
    "swap",
    "tax",
    "tax_one",
    "tgt",
    "turn_start",
    "unsilence",
    "witch_exile",
)
"""The name of each queue step, by its constant (``snapshot.py`` checks a step's arguments by name)."""
OP_CODES: Final[dict[str, int]] = {name: op for op, name in enumerate(OP_NAMES)}
"""The constant of each queue step, by name (reading a snapshot)."""

MAX_SEATS: Final = 8
PUBLIC: Final = MAX_SEATS
"""The observer index of what everyone knows (a spectator's knowledge): ``known`` keys
``PUBLIC * 8 + o`` and the last entry of ``knows_top`` (see :class:`~regalia.games.kingship.state.KingshipState`)."""
ONLY: Final[tuple[frozenset[int], ...]] = tuple(frozenset((s,)) for s in range(MAX_SEATS))
"""ONLY[seat]: the audience of an event for ``seat`` alone (frozensets are immutable: shared)."""
MAIN: Final[tuple[Step, ...]] = tuple(("main", s) for s in range(MAX_SEATS))
"""MAIN[seat]: the pending main decision of ``seat`` (phase 2), built once."""
_ORDERS: Final[dict[int, dict[int, tuple[tuple[int, ...], ...]]]] = {
    n: {d: tuple(tuple((seat + d * i) % n for i in range(n)) for seat in range(n)) for d in (1, -1)}
    for n in range(1, MAX_SEATS + 1)
}
"""_ORDERS[n][direction][seat]: every seat in turn order starting with ``seat`` (see ``order_from``)."""
_KNOWN_KEYS: Final[list[list[tuple[int, ...]]]] = [
    [(*(s * 8 + o for s in range(n)), PUBLIC * 8 + o) for o in range(n)] for n in range(MAX_SEATS + 1)
]
"""_KNOWN_KEYS[n][o]: the keys ``s * 8 + o`` of ``known`` (what seat ``s`` knows of ``o``'s hand) for
every seat s and for everyone (``PUBLIC``)."""
_OBSERVERS: Final[list[tuple[int, ...]]] = [(*range(n), PUBLIC) for n in range(MAX_SEATS + 1)]
"""_OBSERVERS[n]: every seat of an ``n``-player game, then ``PUBLIC``."""
_KINDS: Final[range] = range(NK)
NO_DATA: Final[tuple[Any, ...]] = (dict,)
"""The ``data`` of an event that has none, given lazily (see ``regalia.core.events.LazyText``):
read, it is a new empty dict; not read, no dict is made. Shared by every such event."""
_DRAWS_1: Final[tuple[str, ...]] = tuple(f"P{s} draws 1 card" for s in range(MAX_SEATS))
_YOU_DRAW_1: Final[tuple[str, ...]] = tuple(f"you draw {CARD[k]}" for k in range(NK))


def _know_add(state: KingshipState, s: int, o: int, k: int) -> None:
    if s == o:
        return
    d = state.known.setdefault(s * 8 + o, {})
    d[k] = d.get(k, 0) + 1


def know_shown(state: KingshipState, o: int, k: int) -> None:
    """``o`` showed a ``k`` from their hand to everyone (a Merchant offer): all know one is there."""
    for s in _OBSERVERS[state.n]:
        if s != o:
            d = state.known.setdefault(s * 8 + o, {})
            if not d.get(k):
                d[k] = 1


def _know_public_remove(state: KingshipState, o: int, k: int) -> None:
    """Everyone saw ``o`` lose a ``k``: those who knew one there forget one."""
    known = state.known
    if not known:
        return
    for key in _KNOWN_KEYS[state.n][o]:
        d = known.get(key)
        if d is not None and k in d:
            if d[k] <= 1:
                del d[k]
                if not d:
                    del known[key]
            else:
                d[k] -= 1


def _know_private_remove(state: KingshipState, o: int, k: int, seers: tuple[int, ...]) -> None:
    """``o`` lost a ``k`` seen only by ``seers``: the others forget what they knew of ``o``."""
    if not state.known:
        return
    for s in _OBSERVERS[state.n]:
        key = s * 8 + o
        if key not in state.known:
            continue
        if s in seers:
            d = state.known[key]
            if k in d:
                if d[k] <= 1:
                    del d[k]
                else:
                    d[k] -= 1
            if not d:
                del state.known[key]
        else:
            del state.known[key]


def hand_remove(state: KingshipState, o: int, k: int, seers: tuple[int, ...] | None) -> None:
    """Take a ``k`` out of ``o``'s hand; ``seers`` None means everyone saw which card."""
    state.hands[o][k] -= 1
    state.hs[o] -= 1
    if seers is None:
        _know_public_remove(state, o, k)
    else:
        _know_private_remove(state, o, k, seers)


def hand_add(state: KingshipState, o: int, k: int, seers: tuple[int, ...] | None) -> None:
    """Put a ``k`` into ``o``'s hand; ``seers`` None means everyone saw it (``PUBLIC`` among
    ``seers`` means what everyone knew, e.g. a revealed top card drawn)."""
    state.hands[o][k] += 1
    state.hs[o] += 1
    for s in _OBSERVERS[state.n] if seers is None else seers:
        _know_add(state, s, o, k)


def rebuild_deck(state: KingshipState, ev: list[Event]) -> bool:
    """KS-4: the pile but its top card is shuffled into a new deck. Returns whether it worked."""
    if len(state.pile) <= 1:
        return False
    top = state.pile.pop()
    state.deck = state.pile
    shuffle(state.rng, state.deck)  # exactly rng.shuffle(deck), faster
    state.pile = [top]
    state.knows_top = [0] * (state.n + 1)
    ev.append(
        public(
            "rebuild",
            f"the deck is empty: the pile but its top card is shuffled into a new deck of {len(state.deck)} cards (KS-4)",
        )
    )
    return True


def draw_cards(state: KingshipState, ev: list[Event], seat: int, count: int, why: str = "") -> int:
    """Draw up to ``count`` cards for ``seat`` (rebuilding the deck when empty, KS-4); ``why``
    is the cause the draw event names (``"P0's Knight pair (10L 10D)"``; empty for the turn's
    own draw).

    Returns the number of cards drawn. Who knew the top card of the deck learns where it went.
    """
    got: list[int] = []
    hand = state.hands[seat]
    hs = state.hs
    for _ in range(count):
        if not state.deck and not rebuild_deck(state, ev):
            break
        k = state.deck.pop()
        hand[k] += 1
        hs[seat] += 1
        kt = state.knows_top
        if any(kt):  # someone knew the top card: they learn where it went
            for s in range(state.n):
                if kt[s] > 0 and s != seat:
                    _know_add(state, s, seat, k)
            if kt[-1] > 0:  # everyone knew it (revealed or revived): it is known in the hand
                _know_add(state, PUBLIC, seat, k)
            state.knows_top = [t - 1 if t > 0 else 0 for t in kt]
        got.append(k)
    n = len(got)
    if n == 1 and not why:
        k = got[0]
        ev.append(Event("draw", _DRAWS_1[seat], seat, None, {"count": 1}))
        ev.append(Event("draw_cards", _YOU_DRAW_1[k], seat, ONLY[seat], {"cards": [NAME[k]]}))
    elif n:
        names = [NAME[k] for k in got]
        cause = f" ({why})" if why else ""
        ev.append(Event("draw", f"P{seat} draws {n} card{'s' if n > 1 else ''}{cause}", seat, None, {"count": n}))
        ev.append(
            Event("draw_cards", f"you draw {', '.join(CARD[k] for k in got)}", seat, ONLY[seat], {"cards": names})
        )
    else:
        ev.append(
            public(
                "draw",
                f"P{seat} draws nothing: no card is left in the deck or below the pile's top (KS-4)",
                seat,
                count=0,
            )
        )
    return n


def exile_from_hand(state: KingshipState, ev: list[Event], seat: int, k: int, why: str) -> None:
    """Exile a card of ``seat``'s hand to the graveyard (public: the graveyard is face up, KS-19);
    ``why`` is the cause the event names (``"the law 'max-3'"``)."""
    hand_remove(state, seat, k, None)
    state.grave.append(k)
    ev.append(Event("exile", f"P{seat} exiles {CARD[k]} ({why})", seat, None, {"card": NAME[k]}))


def give_title(state: KingshipState, ev: list[Event], seat: int, t: int, why: str) -> None:
    """``seat`` acquires title ``t`` with its on-acquire effects (Kingship: laws removed;
    Demon: the acquirer's other titles removed) [rulebook, Kingship Title Abilities]; ``why``
    is the cause the event names (``"P0's Queen (QL)"``)."""
    if state.titles[t] == seat:
        return
    before = state.titles[t]
    state.titles[t] = seat
    taken = f", taking it from P{before}" if before >= 0 else ""
    ev.append(
        Event(
            "title",
            f"P{seat} acquires the {TITLE_TITLES[t]} title ({why}){taken}",
            seat,
            None,
            {"title": TITLE_NAMES[t]},
        )
    )
    if t == KING and state.laws and state.active_holder(KING) == seat:
        state.laws.clear()
        ev.append(public("laws", "all active laws are removed: a new King took Kingship"))
    if t == DEMON and state.active_holder(DEMON) == seat:
        for other in range(6):
            if other != DEMON and state.titles[other] == seat:
                state.titles[other] = -1
                ev.append(
                    Event(
                        "title_lost",
                        f"P{seat} loses the {TITLE_TITLES[other]} title: acquiring the Demon removes the others",
                        seat,
                        None,
                        {},
                    )
                )


def push(state: KingshipState, *steps: Step) -> None:
    """Schedule ``steps`` to run next, in the given order."""
    state.q.extend(reversed(steps))


def cancel_ability(state: KingshipState) -> None:
    """Drop the rest of the ability being resolved (up to its ``ab_end`` marker)."""
    q = state.q
    while q:
        step = q.pop()
        if step[0] == OP_AB_END:
            return


def finish(state: KingshipState, ev: list[Event], winner: int, why: str) -> None:
    """End the game; ``winner`` -1 for a draw."""
    state.is_terminal = True
    state.winner = winner
    state.pending = None
    state.q.clear()
    if winner >= 0:
        ev.append(public("win", f"P{winner} wins: {why}", winner))
    else:
        ev.append(public("draw_game", f"the game ends with no winner: {why}"))
