"""The Kingship engine: zones, knowledge, the resolution queue and the helpers every rule uses.

The state of a game is a handful of flat lists (hands as count vectors over card kinds, deck and
pile with their top at the end, graveyard), the six titles, the active laws, the turn, and the
**resolution queue** ``q``: a stack of small effect steps (tuples ``(op, *args)``) run by
:meth:`KingshipState._run <regalia.games.kingship.state.KingshipState._run>`. A step either
finishes at once or sets ``pending``: the explicit decision ``(kind, seat, ...)`` of exactly one
player. Applying that player's action resumes the queue.

:class:`Engine` is the first class of the rule line (see :mod:`regalia.games.kingship.state`): it
keeps the zones and the information each seat has (which deck cards it knows on top, which cards
it knows in other hands); the laws, windows, Merchant, abilities and turn add their steps below it.
"""

from __future__ import annotations

from itertools import compress
from typing import Any, Final

from regalia.core.events import Event, public
from regalia.core.state import State, shuffle
from regalia.games.kingship.cards import (
    DARK_QUEEN,
    DEMON,
    KING,
    LIGHT_QUEEN,
    NAME,
    NK,
    SILENCED,
    TITLE_NAMES,
)
from regalia.games.kingship.phases import HIDDEN_DECISIONS
from regalia.games.kingship.words import CARD, TITLE_TITLES

Step = tuple[Any, ...]

MAX_SEATS: Final = 8
PUBLIC: Final = MAX_SEATS
"""The observer index of what everyone knows (a spectator's knowledge): ``known`` keys
``PUBLIC * 8 + o`` and the last entry of ``knows_top`` (see :class:`Engine`)."""
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


class Engine(State):
    """Fields and shared helpers of a Kingship state: the first class of the rule line (see the module
    docstring and :mod:`regalia.games.kingship.state`)."""

    n: int
    hands: list[list[int]]
    hs: list[int]
    deck: list[int]
    pile: list[int]
    grave: list[int]
    titles: list[int]
    laws: list[list[int]]
    direction: int
    tp: int
    nturns: int
    drawn: bool
    skip: bool
    extra: bool
    q: list[Step]
    pending: Step | None
    ctx: dict[str, Any]
    winner: int
    is_terminal: bool
    """Whether the game is over (a win, or a draw by ``max_turns`` or KS-36); a plain attribute,
    set only by :meth:`finish` (and when a state is made or restored)."""
    knows_top: list[int]
    """How many cards on top of the deck each seat knows (index ``n``: everyone knows them, e.g. a
    Farmer's revealed card or a Priest's revival; a spectator sees those)."""
    known: dict[int, dict[int, int]]
    """``known[s * 8 + o]``: the cards (kind -> count) seat ``s`` knows in ``o``'s hand; ``s`` is
    ``PUBLIC`` for what everyone knows (revealed to all: an Angel's gift, a revival, a trade)."""
    shown: Step | None
    """The last pending decision everyone could see: what every seat but the one asked sees
    while a hidden window is open (KS-37)."""
    resp: tuple[int, ...]
    """The turns in response windows the last move reached, judged from public information
    (``State.response_turns``, server ruling SRV-2); not part of a snapshot."""
    resp_next: int
    """In the Outlaw scan of the current chain, the position (in turn order from the acting
    player) of the last seat reached, so that a scan starting again after a hidden ``pass``
    records only the seats after it (SRV-2 turns)."""
    stall: int
    """KS-36: consecutive turn starts with nothing changed."""
    stall_fp: list[int] | None
    """KS-36: the fingerprint of the last turn start (see ``Flow.stall_fingerprint``)."""
    __slots__ = (
        "ctx",
        "deck",
        "direction",
        "drawn",
        "extra",
        "grave",
        "hands",
        "hs",
        "is_terminal",
        "known",
        "knows_top",
        "laws",
        "n",
        "nturns",
        "pending",
        "pile",
        "q",
        "resp",
        "resp_next",
        "shown",
        "skip",
        "stall",
        "stall_fp",
        "titles",
        "tp",
        "winner",
    )
    """The fields above live in slots: a state has more attributes than CPython keeps in a shared,
    fast instance dictionary (30), and every rule reads them, so slots make each read cheaper. The
    core's own attributes (among them the random generator, ``State._rng``) are the core's: they
    stay in the instance dictionary of the pure build. (A compiled build keeps every field in the
    native object's layout and ignores ``__slots__``.)"""

    def shown_decision(self, seat: int | None) -> tuple[Any, ...] | None:
        """The pending decision as ``seat`` may see it (``None`` = a spectator; KS-37): the decision
        itself when it is public or ``seat``'s own, else (a hidden window for another seat) the
        last decision everyone could see; ``None`` once the game is over."""
        p = self.pending
        if p is None or self.is_terminal:
            return None
        if p[0] not in HIDDEN_DECISIONS or p[1] == seat:
            return p
        return self.shown

    @property
    def over(self) -> bool:
        """Whether the game is over (the same as ``is_terminal``)."""
        return self.is_terminal

    # ---------------------------------------------------------------- small predicates
    def is_silenced(self, seat: int) -> bool:
        """Whether ``seat`` holds the Silenced title [KS-12]."""
        return self.titles[SILENCED] == seat

    def active_holder(self, title: int) -> int:
        """The holder of ``title`` if that holder may use its ability (not silenced), else -1 [KS-12]."""
        h = self.titles[title]
        if h >= 0 and self.titles[SILENCED] == h:
            return -1
        return h

    def order_from(self, seat: int) -> tuple[int, ...]:
        """All seats in turn order (current direction) starting with ``seat``."""
        return _ORDERS[self.n][self.direction][seat]

    def next_seat(self, seat: int) -> int:
        """The seat after ``seat`` in the current direction."""
        return (seat + self.direction) % self.n

    def hand_list(self, seat: int) -> list[int]:
        """The kinds in ``seat``'s hand, sorted, with repeats."""
        h = self.hands[seat]
        out: list[int] = []
        for k in compress(_KINDS, h):
            c = h[k]
            if c == 1:
                out.append(k)
            else:
                out += [k] * c
        return out

    # ---------------------------------------------------------------- knowledge of other hands
    def _know_add(self, s: int, o: int, k: int) -> None:
        if s == o:
            return
        d = self.known.setdefault(s * 8 + o, {})
        d[k] = d.get(k, 0) + 1

    def know_shown(self, o: int, k: int) -> None:
        """``o`` showed a ``k`` from their hand to everyone (a Merchant offer): all know one is there."""
        for s in _OBSERVERS[self.n]:
            if s != o:
                d = self.known.setdefault(s * 8 + o, {})
                if not d.get(k):
                    d[k] = 1

    def _know_public_remove(self, o: int, k: int) -> None:
        """Everyone saw ``o`` lose a ``k``: those who knew one there forget one."""
        known = self.known
        if not known:
            return
        for key in _KNOWN_KEYS[self.n][o]:
            d = known.get(key)
            if d is not None and k in d:
                if d[k] <= 1:
                    del d[k]
                    if not d:
                        del known[key]
                else:
                    d[k] -= 1

    def _know_private_remove(self, o: int, k: int, seers: tuple[int, ...]) -> None:
        """``o`` lost a ``k`` seen only by ``seers``: the others forget what they knew of ``o``."""
        if not self.known:
            return
        for s in _OBSERVERS[self.n]:
            key = s * 8 + o
            if key not in self.known:
                continue
            if s in seers:
                d = self.known[key]
                if k in d:
                    if d[k] <= 1:
                        del d[k]
                    else:
                        d[k] -= 1
                if not d:
                    del self.known[key]
            else:
                del self.known[key]

    # ---------------------------------------------------------------- moving cards
    def hand_remove(self, o: int, k: int, seers: tuple[int, ...] | None) -> None:
        """Take a ``k`` out of ``o``'s hand; ``seers`` None means everyone saw which card."""
        self.hands[o][k] -= 1
        self.hs[o] -= 1
        if seers is None:
            self._know_public_remove(o, k)
        else:
            self._know_private_remove(o, k, seers)

    def hand_add(self, o: int, k: int, seers: tuple[int, ...] | None) -> None:
        """Put a ``k`` into ``o``'s hand; ``seers`` None means everyone saw it (``PUBLIC`` among
        ``seers`` means what everyone knew, e.g. a revealed top card drawn)."""
        self.hands[o][k] += 1
        self.hs[o] += 1
        for s in _OBSERVERS[self.n] if seers is None else seers:
            self._know_add(s, o, k)

    def rebuild_deck(self, ev: list[Event]) -> bool:
        """KS-4: the pile but its top card is shuffled into a new deck. Returns whether it worked."""
        if len(self.pile) <= 1:
            return False
        top = self.pile.pop()
        self.deck = self.pile
        shuffle(self.rng, self.deck)  # exactly rng.shuffle(deck), faster
        self.pile = [top]
        self.knows_top = [0] * (self.n + 1)
        ev.append(
            public(
                "rebuild",
                f"the deck is empty: the pile but its top card is shuffled into a new deck of {len(self.deck)} cards (KS-4)",
            )
        )
        return True

    def draw_cards(self, ev: list[Event], seat: int, count: int, why: str = "") -> int:
        """Draw up to ``count`` cards for ``seat`` (rebuilding the deck when empty, KS-4); ``why``
        is the cause the draw event names (``"P0's Knight pair (10L 10D)"``; empty for the turn's
        own draw).

        Returns the number of cards drawn. Who knew the top card of the deck learns where it went.
        """
        got: list[int] = []
        hand = self.hands[seat]
        hs = self.hs
        for _ in range(count):
            if not self.deck and not self.rebuild_deck(ev):
                break
            k = self.deck.pop()
            hand[k] += 1
            hs[seat] += 1
            kt = self.knows_top
            if any(kt):  # someone knew the top card: they learn where it went
                for s in range(self.n):
                    if kt[s] > 0 and s != seat:
                        self._know_add(s, seat, k)
                if kt[-1] > 0:  # everyone knew it (revealed or revived): it is known in the hand
                    self._know_add(PUBLIC, seat, k)
                self.knows_top = [t - 1 if t > 0 else 0 for t in kt]
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

    def exile_from_hand(self, ev: list[Event], seat: int, k: int, why: str) -> None:
        """Exile a card of ``seat``'s hand to the graveyard (public: the graveyard is face up, KS-19);
        ``why`` is the cause the event names (``"the law 'max-3'"``)."""
        self.hand_remove(seat, k, None)
        self.grave.append(k)
        ev.append(Event("exile", f"P{seat} exiles {CARD[k]} ({why})", seat, None, {"card": NAME[k]}))

    # ---------------------------------------------------------------- titles
    def give_title(self, ev: list[Event], seat: int, t: int, why: str) -> None:
        """``seat`` acquires title ``t`` with its on-acquire effects (Kingship: laws removed;
        Demon: the acquirer's other titles removed) [rulebook, Kingship Title Abilities]; ``why``
        is the cause the event names (``"P0's Queen (QL)"``)."""
        if self.titles[t] == seat:
            return
        before = self.titles[t]
        self.titles[t] = seat
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
        if t == KING and self.laws and self.active_holder(KING) == seat:
            self.laws.clear()
            ev.append(public("laws", "all active laws are removed: a new King took Kingship"))
        if t == DEMON and self.active_holder(DEMON) == seat:
            for other in range(6):
                if other != DEMON and self.titles[other] == seat:
                    self.titles[other] = -1
                    ev.append(
                        Event(
                            "title_lost",
                            f"P{seat} loses the {TITLE_TITLES[other]} title: acquiring the Demon removes the others",
                            seat,
                            None,
                            {},
                        )
                    )

    def queen_titles(self) -> tuple[int, int]:
        """The Dark Queen and Light Queen holders (-1 when in the centre)."""
        return self.titles[DARK_QUEEN], self.titles[LIGHT_QUEEN]

    # ---------------------------------------------------------------- the queue
    def push(self, *steps: Step) -> None:
        """Schedule ``steps`` to run next, in the given order."""
        self.q.extend(reversed(steps))

    def cancel_ability(self) -> None:
        """Drop the rest of the ability being resolved (up to its ``ab_end`` marker)."""
        q = self.q
        while q:
            step = q.pop()
            if step[0] == "ab_end":
                return

    def finish(self, ev: list[Event], winner: int, why: str) -> None:
        """End the game; ``winner`` -1 for a draw."""
        self.is_terminal = True
        self.winner = winner
        self.pending = None
        self.q.clear()
        if winner >= 0:
            ev.append(public("win", f"P{winner} wins: {why}", winner))
        else:
            ev.append(public("draw_game", f"the game ends with no winner: {why}"))
