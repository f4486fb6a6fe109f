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

from regalia.core.observation import Layout, ObservationWriter, Part, add_copy, put, relative
from regalia.core.state import State
from regalia.games.kingdom import windows
from regalia.games.kingdom.cards import NAME, NUM_CARD_INTS, SUITS
from regalia.games.kingdom.phases import CHAIN_NAMES, D_OVER, D_RESPOND, DECISION_NAMES, WINDOW_NAMES
from regalia.games.kingdom.state import KingdomState

WINDOWS: Final[tuple[str, ...]] = tuple(w for w in WINDOW_NAMES if w is not None)
"""The view's ``window`` values: ``after-action``, ``after-attackers``, ``after-blockers``
(window points 1..3; none without a response window)."""
NO_SUIT: Final = -2


def printed_suit(text: str) -> int:
    """The suit printed on a card notation, as an index into ``SUITS`` (``"QC#2"`` → 3), or
    ``NO_SUIT`` for a Joker (the encoder's ``printed_suit``)."""
    base = text.split("#", 1)[0]
    if base and base[-1] in SUITS and base != "Joker":
        return SUITS.index(base[-1])
    return NO_SUIT


def layout(players: int, universe: list[str], territories: int, max_turns: int | None) -> Layout:
    """The Kingdom observation layout for ``players`` seats, the game's card list (``universe``,
    with several decks the copies are ``QC#2``...), the starting territories and ``max_turns``.
    Seat-indexed parts are ordered from the observer (row 0 = the observing seat). ``docs/rl.md``
    ("Kingdom") lists it."""
    n = players
    cards = tuple(dict.fromkeys(universe))
    k = len(cards)
    return Layout(
        [
            Part("observer", (n,), doc="one-hot of the observing seat (zero for a spectator)"),
            Part(
                "decision",
                (len(DECISION_NAMES),),
                values=DECISION_NAMES,
                doc="the pending decision as the observer may know it",
            ),
            Part("window", (len(WINDOWS),), values=WINDOWS, doc="the response window open"),
            Part("active", (n,), doc="the kingdom whose turn it is"),
            Part("to_act", (n,), doc="the seat to act (as the observer may know it)"),
            Part("turn", (1,), scale=1 / (max_turns or 100), doc="turns / max_turns (or / 100)"),
            Part("first_round", (1,), doc="the first round (no attack yet)"),
            Part("noble_played", (1,), doc="a noble was put into play this turn"),
            Part("attacked", (1,), doc="the kingdom to act attacked this turn"),
            Part("deck_size", (1,), scale=1 / max(1, len(universe)), doc="cards in the deck / all cards"),
            Part("hand", (k,), values=cards, doc="the observer's hand"),
            Part("discard", (k,), values=cards, doc="the discard pile"),
            Part("kingdom:alive", (n, 1), doc="each kingdom still stands"),
            Part("kingdom:territories", (n, 1), scale=1 / max(1, territories), doc="territories / the starting ones"),
            Part("kingdom:hand_size", (n, 1), scale=1 / 10, doc="cards in hand / 10"),
            Part("kingdom:in_play", (n, k), values=cards, doc="each kingdom's cards in play"),
            Part("kingdom:preoccupied", (n, k), values=cards, doc="those that are preoccupied"),
            Part("kingdom:suit_changed", (n, k), values=cards, doc="those shown in another suit than printed"),
            Part("kingdom:known_hand", (n, k), values=cards, doc="the cards the observer knows in each hand (KD-X7)"),
            Part("combat:attacker", (n,), doc="the attacking kingdom"),
            Part("combat:defender", (n,), doc="the defending kingdom"),
            Part("combat:attackers", (k,), values=cards, doc="the attacking cards"),
            Part("combat:blocked", (k,), values=cards, doc="the attacking cards that are blocked"),
            Part("combat:blockers", (k,), values=cards, doc="the blocking cards"),
            Part("combat:damage", (1,), scale=1 / 20, doc="damage dealt so far / 20"),
            Part("combat:splitting", (k,), values=cards, doc="the attacker splitting its damage"),
            Part(
                "chain:kinds",
                (len(CHAIN_NAMES),),
                values=CHAIN_NAMES,
                scale=1 / 2,
                doc="the chain's entries by kind / 2",
            ),
            Part("chain:cards", (k,), values=cards, doc="the cards in the chain (card, noble, target)"),
            Part("over", (1,), doc="the game is over"),
            Part("winners", (n,), doc="the winners"),
        ]
    )


class KingdomObserver(ObservationWriter):
    """The Kingdom observation writer for ``players`` seats, the game's card list (``universe``)
    and config, on :func:`layout`."""

    def __init__(self, players: int, universe: list[str], territories: int, max_turns: int | None) -> None:
        lay = layout(players, universe, territories, max_turns)
        super().__init__(lay)
        col_of: dict[str, int] = {}
        copies: list[int] = []
        for text in universe:
            if text not in col_of:
                col_of[text] = len(copies)
                copies.append(0)
            copies[col_of[text]] += 1
        self.players = players
        self.ncards = len(copies)
        self.col = [col_of.get(NAME[c], -1) for c in range(NUM_CARD_INTS)]
        self.inv = [1.0 / copies[col_of[NAME[c]]] if NAME[c] in col_of else 0.0 for c in range(NUM_CARD_INTS)]
        self.printed = [printed_suit(NAME[c]) for c in range(NUM_CARD_INTS)]
        part = lay.part
        self.turn_scale = part("turn").scale
        self.territory_scale = part("kingdom:territories").scale
        self.deck_scale = part("deck_size").scale
        self.size_scale = part("kingdom:hand_size").scale
        self.damage_scale = part("combat:damage").scale
        self.chain_scale = part("chain:kinds").scale
        self.chain_kinds = len(CHAIN_NAMES)
        self.window_count = len(WINDOWS)
        o = self.offsets
        self.o_observer = o["observer"]
        self.o_decision = o["decision"]
        self.o_window = o["window"]
        self.o_active = o["active"]
        self.o_to_act = o["to_act"]
        self.o_turn = o["turn"]
        self.o_first_round = o["first_round"]
        self.o_noble_played = o["noble_played"]
        self.o_attacked = o["attacked"]
        self.o_deck_size = o["deck_size"]
        self.o_hand = o["hand"]
        self.o_discard = o["discard"]
        self.o_alive = o["kingdom:alive"]
        self.o_territories = o["kingdom:territories"]
        self.o_hand_size = o["kingdom:hand_size"]
        self.o_in_play = o["kingdom:in_play"]
        self.o_preoccupied = o["kingdom:preoccupied"]
        self.o_suit_changed = o["kingdom:suit_changed"]
        self.o_known_hand = o["kingdom:known_hand"]
        self.o_attacker = o["combat:attacker"]
        self.o_defender = o["combat:defender"]
        self.o_attackers = o["combat:attackers"]
        self.o_blocked = o["combat:blocked"]
        self.o_blockers = o["combat:blockers"]
        self.o_damage = o["combat:damage"]
        self.o_splitting = o["combat:splitting"]
        self.o_chain_kinds = o["chain:kinds"]
        self.o_chain_cards = o["chain:cards"]
        self.o_over = o["over"]
        self.o_winners = o["winners"]

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
        if seat >= 0:
            out[base + self.o_observer + seat] = 1.0
        if st.is_terminal:
            out[base + self.o_decision + D_OVER] = 1.0
        else:
            code, who, point = windows.masked_decision(st, viewer)
            out[base + self.o_decision + code] = 1.0
            if code == D_RESPOND and 1 <= point <= self.window_count:
                out[base + self.o_window + point - 1] = 1.0
            self.seat(out, base + self.o_to_act, who, seat)
        self.seat(out, base + self.o_active, st.turn_player, seat)
        put(out, base + self.o_turn, st.turn_no * self.turn_scale, 0.0, 1.0)
        if st.turn_no <= n:
            out[base + self.o_first_round] = 1.0
        if st.noble_played:
            out[base + self.o_noble_played] = 1.0
        if st.attacked:
            out[base + self.o_attacked] = 1.0
        put(out, base + self.o_deck_size, len(st.deck) * self.deck_scale, 0.0, 1.0)
        if seat >= 0:
            for c in st.hands[seat]:
                self.card(out, base + self.o_hand, c)
        for c in st.discard:
            self.card(out, base + self.o_discard, c)
        self._kingdoms(st, seat, out, base)
        self._combat(st, seat, out, base)
        self._chain(st, out, base)
        if st.is_terminal:
            out[base + self.o_over] = 1.0
        for w in st.winners:
            self.seat(out, base + self.o_winners, w, seat)

    def _kingdoms(self, st: KingdomState, seat: int, out: vec[float], base: i64) -> None:
        """Each kingdom, in rows from the observer: alive, territories, hand size, the cards in
        play (preoccupied, shown in another suit than printed) and the cards known in its hand."""
        n = self.players
        nc = self.ncards
        viewer = n if seat < 0 else seat
        start = seat if seat >= 0 else 0
        for r in range(n):
            p = (start + r) % n
            if st.alive[p]:
                out[base + self.o_alive + r] = 1.0
            put(out, base + self.o_territories + r, st.territories[p] * self.territory_scale, 0.0, 1.0)
            put(out, base + self.o_hand_size + r, len(st.hands[p]) * self.size_scale, 0.0, 1.0)
            for c in st.play[p]:
                self.card(out, base + self.o_in_play + r * nc, c)
                if st.busy[c]:
                    self.card(out, base + self.o_preoccupied + r * nc, c)
                now = st.suit_of(c)
                if now < 0:
                    now += 4  # the view writes SUITS[suit] (a Joker's -1 reads "C")
                if now != self.printed[c]:
                    self.card(out, base + self.o_suit_changed + r * nc, c)
            if p != seat:
                for c in st.known[viewer][p]:
                    self.card(out, base + self.o_known_hand + r * nc, c)

    def _combat(self, st: KingdomState, seat: int, out: vec[float], base: i64) -> None:
        """The combat under way: who attacks whom, the attacking, blocked and blocking cards, the
        damage dealt so far, the attacker being split."""
        if st.defender < 0:
            return
        self.seat(out, base + self.o_attacker, st.turn_player, seat)
        self.seat(out, base + self.o_defender, st.defender, seat)
        damage = 0.0
        for i, a in enumerate(st.attackers):
            self.card(out, base + self.o_attackers, a)
            if st.blocked[i]:
                self.card(out, base + self.o_blocked, a)
            for b in st.blockers[i]:
                self.card(out, base + self.o_blockers, b)
            for d in st.dealt[i]:
                damage += float(d)
        put(out, base + self.o_damage, damage * self.damage_scale, 0.0, 1.0)
        if st.split_i >= 0:
            self.card(out, base + self.o_splitting, st.attackers[st.split_i])

    def _chain(self, st: KingdomState, out: vec[float], base: i64) -> None:
        """The Assassin/Joker chain: its kinds (counted / 2, clipped to 1) and the cards in it —
        each entry's card, its noble and a card it targets (``view._chain_entry``)."""
        kinds = [0.0] * self.chain_kinds
        at = base + self.o_chain_cards
        for i, e in enumerate(st.chain):
            kind = e[0]
            if 0 <= kind < self.chain_kinds:
                kinds[kind] = kinds[kind] + self.chain_scale
            self.card(out, at, e[2])
            if e[3] >= 0:
                self.card(out, at, e[3])
            if kind == 0 and (i > 0 or e[4] >= 0):
                self.card(out, at, e[4])
        at = base + self.o_chain_kinds
        for k in range(self.chain_kinds):
            x = kinds[k]
            if x:
                out[at + k] = 1.0 if x > 1.0 else x


__all__ = ["KingdomObserver", "layout", "printed_suit"]
