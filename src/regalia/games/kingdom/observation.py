"""Kingdom's observation tensor written straight from the state (the RL fast path).

:class:`KingdomObserver` writes the floats that ``regalia.rl.encoders.kingdom`` computes from
``view(seat)`` — the same slices, offsets and values — from the state's fields, and only what the
view shows (:func:`.view.make_view`): the table as KD-X13 shows it to the seat
(``windows.shown_state``: during a hidden response window, every other seat sees the table before
it) and the decision as the seat may know it (``windows.masked_decision``), the seat's own hand
and the cards it knows in other hands (KD-X7). The conformance suite
(``tests/conformance/test_observation.py``) checks the two paths equal on random playouts.
"""

from __future__ import annotations

from typing import Final

from librt.vecs import vec
from mypy_extensions import i64

from regalia.core.observation import ObservationWriter, add_copy, put, relative
from regalia.core.state import State
from regalia.games.kingdom import windows
from regalia.games.kingdom.cards import NAME, NUM_CARD_INTS, SUITS
from regalia.games.kingdom.state import KingdomState

DECISIONS: Final = ("main", "attackers", "blockers", "split", "discard", "target", "counter", "pick", "respond", "over")
"""The decision kinds, in the encoder's order."""
DECISION_INDEX: Final[dict[str, int]] = {d: i for i, d in enumerate(DECISIONS)}
WINDOW_COUNT: Final = 3
"""``after-action``, ``after-attackers``, ``after-blockers`` (window points 1..3)."""
CHAIN_KINDS: Final = 4
"""``assassin``, ``pick``, ``spy``, ``expose`` (``phases.CHAIN_NAMES``)."""
SIZE_SCALE: Final = 1 / 10
DAMAGE_SCALE: Final = 1 / 20
CHAIN_SCALE: Final = 1 / 2
NO_SUIT: Final = -2


def printed_suit(text: str) -> int:
    """The suit printed on a card notation, as an index into ``SUITS`` (``"QC#2"`` → 3), or
    ``NO_SUIT`` for a Joker (the encoder's ``printed_suit``)."""
    base = text.split("#", 1)[0]
    if base and base[-1] in SUITS and base != "Joker":
        return SUITS.index(base[-1])
    return NO_SUIT


class KingdomObserver(ObservationWriter):
    """The Kingdom observation writer for ``players`` seats, the game's card list (``universe``)
    and config. Layout: ``docs/rl.md`` ("Kingdom")."""

    def __init__(self, players: int, universe: list[str], territories: int, max_turns: int | None) -> None:
        col_of: dict[str, int] = {}
        copies: list[int] = []
        for text in universe:
            if text not in col_of:
                col_of[text] = len(copies)
                copies.append(0)
            copies[col_of[text]] += 1
        ncards = len(copies)
        n = players
        super().__init__(
            [
                ("observer", (n,)),
                ("decision", (len(DECISIONS),)),
                ("window", (WINDOW_COUNT,)),
                ("active", (n,)),
                ("to_act", (n,)),
                ("turn", (1,)),
                ("first_round", (1,)),
                ("noble_played", (1,)),
                ("attacked", (1,)),
                ("deck_size", (1,)),
                ("hand", (ncards,)),
                ("discard", (ncards,)),
                ("kingdom:alive", (n, 1)),
                ("kingdom:territories", (n, 1)),
                ("kingdom:hand_size", (n, 1)),
                ("kingdom:in_play", (n, ncards)),
                ("kingdom:preoccupied", (n, ncards)),
                ("kingdom:suit_changed", (n, ncards)),
                ("kingdom:known_hand", (n, ncards)),
                ("combat:attacker", (n,)),
                ("combat:defender", (n,)),
                ("combat:attackers", (ncards,)),
                ("combat:blocked", (ncards,)),
                ("combat:blockers", (ncards,)),
                ("combat:damage", (1,)),
                ("combat:splitting", (ncards,)),
                ("chain:kinds", (CHAIN_KINDS,)),
                ("chain:cards", (ncards,)),
                ("over", (1,)),
                ("winners", (n,)),
            ]
        )
        self.players = players
        self.ncards = ncards
        self.col = [col_of.get(NAME[c], -1) for c in range(NUM_CARD_INTS)]
        self.inv = [1.0 / copies[col_of[NAME[c]]] if NAME[c] in col_of else 0.0 for c in range(NUM_CARD_INTS)]
        self.printed = [printed_suit(NAME[c]) for c in range(NUM_CARD_INTS)]
        self.turn_scale = 1 / (max_turns or 100)
        self.territory_scale = 1 / max(1, territories)
        self.deck_scale = 1 / max(1, len(universe))
        self.o = self.offsets

    def card(self, out: vec[float], at: i64, c: int) -> None:
        """One more copy of card ``c`` (an int; Python's negative indices as the view reads them)
        in a multi-hot over the game's cards at ``at``."""
        k = self.col[c]
        if k >= 0:
            add_copy(out, at + k, self.inv[c])

    def seat(self, out: vec[float], at: i64, s: int, seat: int) -> None:
        """A seat one-hot relative to ``seat`` (out of range: nothing)."""
        if 0 <= s < self.players:
            out[at + relative(s, seat, self.players)] = 1.0

    def write(self, state: State, seat: int, out: vec[float], base: i64) -> None:
        real = state
        assert isinstance(real, KingdomState)
        viewer = None if seat < 0 else seat
        st = windows.shown_state(real, viewer)
        n = self.players
        o = self.o
        if seat >= 0:
            out[base + o["observer"] + seat] = 1.0
        if st.is_terminal:
            out[base + o["decision"] + DECISION_INDEX["over"]] = 1.0
        else:
            kind, who, point = windows.masked_decision(st, viewer)
            i = DECISION_INDEX.get(kind, -1)
            if i >= 0:
                out[base + o["decision"] + i] = 1.0
            if kind == "respond" and 1 <= point <= WINDOW_COUNT:
                out[base + o["window"] + point - 1] = 1.0
            self.seat(out, base + o["to_act"], who, seat)
        self.seat(out, base + o["active"], st.active, seat)
        put(out, base + o["turn"], st.turn_no * self.turn_scale, 0.0, 1.0)
        if st.turn_no <= n:
            out[base + o["first_round"]] = 1.0
        if st.noble_played:
            out[base + o["noble_played"]] = 1.0
        if st.attacked:
            out[base + o["attacked"]] = 1.0
        put(out, base + o["deck_size"], len(st.deck) * self.deck_scale, 0.0, 1.0)
        if seat >= 0:
            for c in st.hands[seat]:
                self.card(out, base + o["hand"], c)
        for c in st.discard:
            self.card(out, base + o["discard"], c)
        self._kingdoms(st, seat, out, base)
        self._combat(st, seat, out, base)
        self._chain(st, out, base)
        if st.is_terminal:
            out[base + o["over"]] = 1.0
        for w in st.winners:
            self.seat(out, base + o["winners"], w, seat)

    def _kingdoms(self, st: KingdomState, seat: int, out: vec[float], base: i64) -> None:
        """Each kingdom, in rows from the observer: alive, territories, hand size, the cards in
        play (preoccupied, shown in another suit than printed) and the cards known in its hand."""
        o = self.o
        n = self.players
        nc = self.ncards
        viewer = n if seat < 0 else seat
        start = seat if seat >= 0 else 0
        for r in range(n):
            p = (start + r) % n
            if st.alive[p]:
                out[base + o["kingdom:alive"] + r] = 1.0
            put(out, base + o["kingdom:territories"] + r, st.territories[p] * self.territory_scale, 0.0, 1.0)
            put(out, base + o["kingdom:hand_size"] + r, len(st.hands[p]) * SIZE_SCALE, 0.0, 1.0)
            for c in st.play[p]:
                self.card(out, base + o["kingdom:in_play"] + r * nc, c)
                if st.busy[c]:
                    self.card(out, base + o["kingdom:preoccupied"] + r * nc, c)
                now = st.suit_of(c)
                if now < 0:
                    now += 4  # the view writes SUITS[suit] (a Joker's -1 reads "C")
                if now != self.printed[c]:
                    self.card(out, base + o["kingdom:suit_changed"] + r * nc, c)
            if p != seat:
                for c in st.known[viewer][p]:
                    self.card(out, base + o["kingdom:known_hand"] + r * nc, c)

    def _combat(self, st: KingdomState, seat: int, out: vec[float], base: i64) -> None:
        """The combat under way: who attacks whom, the attacking, blocked and blocking cards, the
        damage dealt so far, the attacker being split."""
        if st.defender < 0:
            return
        o = self.o
        self.seat(out, base + o["combat:attacker"], st.active, seat)
        self.seat(out, base + o["combat:defender"], st.defender, seat)
        damage = 0.0
        for i, a in enumerate(st.attackers):
            self.card(out, base + o["combat:attackers"], a)
            if st.blocked[i]:
                self.card(out, base + o["combat:blocked"], a)
            for b in st.blockers[i]:
                self.card(out, base + o["combat:blockers"], b)
            for d in st.dealt[i]:
                damage += float(d)
        put(out, base + o["combat:damage"], damage * DAMAGE_SCALE, 0.0, 1.0)
        if st.split_i >= 0:
            self.card(out, base + o["combat:splitting"], st.attackers[st.split_i])

    def _chain(self, st: KingdomState, out: vec[float], base: i64) -> None:
        """The Assassin/Joker chain: its kinds (counted / 2, clipped to 1) and the cards in it —
        each entry's card, its noble and a card it targets (``view._chain_entry``)."""
        o = self.o
        kinds = [0.0] * CHAIN_KINDS
        at = base + o["chain:cards"]
        for i, e in enumerate(st.chain):
            kind = e[0]
            if 0 <= kind < CHAIN_KINDS:
                kinds[kind] = kinds[kind] + CHAIN_SCALE
            self.card(out, at, e[2])
            if e[3] >= 0:
                self.card(out, at, e[3])
            if kind == 0 and (i > 0 or e[4] >= 0):
                self.card(out, at, e[4])
        at = base + o["chain:kinds"]
        for k in range(CHAIN_KINDS):
            x = kinds[k]
            if x:
                out[at + k] = 1.0 if x > 1.0 else x


__all__ = ["DECISIONS", "KingdomObserver", "printed_suit"]
