"""Blood & Fortune's observation tensor written straight from the state (the RL fast path).

:class:`BloodAndFortuneObserver` writes the floats that ``regalia.rl.encoders.blood_and_fortune``
computes from ``view(seat)`` — the same slices, offsets and values — from the state's fields, and
only what the view shows (:func:`.view.make_view`, BF-2 and "Secrecy"): the seat's own hand, the
area cards it has seen (the others only by house), the cards of the offers and payments it took
part in, what it peeked, its role draft cards. The conformance suite
(``tests/conformance/test_observation.py``) checks the two paths equal on random playouts.
"""

from __future__ import annotations

from typing import Any, Final

from librt.vecs import vec
from mypy_extensions import i64

from regalia.core.observation import Layout, ObservationWriter, Part, add_copy, put, relative
from regalia.core.state import State
from regalia.games.blood_and_fortune.cards import (
    CARD_NAMES,
    HOUSE_NAMES,
    HOUSE_OF,
    NUM_HOUSES,
    NUM_SCORE_CARDS,
    ROLE_BASE,
    ROUNDS,
    SCORE_NAMES,
    SPECIAL_CUTOFF,
    TURNS_PER_ROUND,
)
from regalia.games.blood_and_fortune.phases import KEEPING, OVER, PAYING, PHASE_NAMES, ROLE_TARGET
from regalia.games.blood_and_fortune.state import BloodAndFortuneState

HIDDEN_HOUSES: Final[tuple[str, ...]] = tuple(f"{h}?" for h in HOUSE_NAMES)
"""A face-down area card the observer has not seen shows only its house: ``H4?``."""


def layout(players: int, universe: list[str], special_actions: bool, roles: bool) -> Layout:
    """The Blood & Fortune observation layout for ``players`` seats, the config's card list
    (``universe``, the game's ``all_cards``) and options (the Special Action and Role parts exist
    only with those options). Seat-indexed parts are ordered from the observer (row 0 = the
    observing seat). ``docs/rl.md`` ("Blood & Fortune") lists it."""
    n = players
    cards = tuple(dict.fromkeys(universe))
    k = len(cards)
    flag = (n, 1)
    third = 1 / 3
    parts = [
        Part("observer", (n,), doc="one-hot of the observing seat (zero for a spectator)"),
        Part("decision", (len(PHASE_NAMES),), values=PHASE_NAMES, doc="the pending decision (zero at the end)"),
        Part("to_act", (n,), doc="the seat to act"),
        Part("first_player", (n,), doc="the first player of the round"),
        Part("ring", (n,), doc="who holds the Ring"),
        Part("round", (1,), scale=1 / ROUNDS, doc="the round / 3"),
        Part("offer_turn", (1,), scale=1 / (TURNS_PER_ROUND * n), doc="offer turns taken this round / (3 x players)"),
        Part("turns_taken", (n, 1), scale=third, doc="each seat's offer turns this round / 3"),
        Part("houses", (n, NUM_HOUSES), values=HOUSE_NAMES, doc="each seat's house (revealed ones)"),
        Part("score_cards", (n, NUM_SCORE_CARDS), values=SCORE_NAMES, doc="each seat's Score card"),
        Part("totals", (n, 1), scale=1 / 40, doc="each seat's total / 40"),
        Part("hand", (k,), values=cards, doc="the observer's hand"),
        Part(
            "hand_sizes",
            (n, 2),
            values=("influence", "roles"),
            scales=(1 / 6, 1 / 4),
            doc="Influence cards / 6 and Role cards / 4 in each hand",
        ),
        Part("areas", (n, k), values=cards, doc="the area cards the observer has seen"),
        Part(
            "areas_hidden", (n, NUM_HOUSES), values=HIDDEN_HOUSES, scale=1 / 5, doc="the unseen area cards by house / 5"
        ),
        Part("area_sizes", (n, 1), scale=1 / 9, doc="cards in each area / 9"),
        Part("offer:from", (n,), doc="the offer on the table: who offers"),
        Part("offer:to", (n,), doc="the offer on the table: to whom"),
        Part("offer:count", (1,), scale=third, doc="the offer on the table: cards / 3"),
        Part("offer:roles", (1,), scale=third, doc="the offer on the table: Role cards / 3"),
        Part("offer:cards", (k,), values=cards, doc="the offer's cards (to the two seats in it)"),
        Part("offers", (n * n,), scale=third, doc="this round's offers, from row seat to column seat / 3"),
        Part("offers:cards", (k,), values=cards, doc="the cards of the offers the observer took part in"),
        Part("offers:kept", (k,), values=cards, doc="the cards kept from those offers"),
        Part("payments", (n * n,), scale=third, doc="this round's payments, from row seat to column seat / 3"),
        Part("payments:cards", (k,), values=cards, doc="the cards of the payments the observer took part in"),
        Part("seen", (k,), values=cards, doc="the cards the observer peeked"),
        Part("last:kept", (n, k), values=cards, doc="last round: the cards each area kept"),
        Part("last:discarded", (n, k), values=cards, doc="last round: the cards each area discarded"),
        Part("last:scores", (n, 1), scale=1 / 20, doc="last round: each seat's score / 20"),
        Part("last:winner", (n,), doc="last round: its winner"),
        Part("game_over", (1,), doc="the game is over"),
        Part("winners", (n,), doc="the winners"),
    ]
    if special_actions:
        parts += [
            Part("special:used", flag, doc="who used a Special Action"),
            Part("special:turned_over", flag, doc="whose Score card is turned over"),
            Part("special:received", flag, doc="who received a Special Action"),
            Part("special:bonuses", (1,), scale=1 / 4, doc="this round's bonuses / 4"),
        ]
    if roles:
        parts += [
            Part("roles:placed", flag, doc="who placed a Role card in the draft"),
            Part("roles:dealt_sizes", flag, scale=1 / 2, doc="Role cards dealt to each seat / 2"),
            Part("roles:dealt", (k,), values=cards, doc="the Role cards dealt to the observer"),
            Part("roles:my_placed", (k,), values=cards, doc="the Role card the observer placed"),
            Part("roles:taken", (k,), values=cards, doc="the Role cards taken in the observer's draft takes"),
            Part("roles:played", (k,), values=cards, doc="the Role cards played"),
            Part("roles:resolving", (k,), values=cards, doc="the Role card being resolved"),
            Part("roles:mine", (k,), values=cards, doc="the Role cards in the observer's hand"),
            Part("roles:keep_doubles", flag, doc="who keeps doubles this round"),
            Part("roles:lose_doubles", flag, doc="who loses doubles this round"),
            Part("roles:regent", (n,), doc="the Regent"),
        ]
    return Layout(parts)


class BloodAndFortuneObserver(ObservationWriter):
    """The Blood & Fortune observation writer for ``players`` seats, the config's card list
    (``universe``) and options, on :func:`layout`."""

    def __init__(self, players: int, universe: list[str], special_actions: bool, roles: bool) -> None:
        lay = layout(players, universe, special_actions, roles)
        super().__init__(lay)
        col_of: dict[str, int] = {}
        for text in universe:
            if text not in col_of:
                col_of[text] = len(col_of)
        copies = [0] * len(col_of)
        for text in universe:
            copies[col_of[text]] += 1
        self.players = players
        self.special = special_actions
        self.roles = roles
        self.ncards = len(col_of)
        self.col_of = col_of
        self.inv_of = {text: 1.0 / copies[c] for text, c in col_of.items()}
        self.card_col = [col_of.get(name, -1) for name in CARD_NAMES]
        self.card_inv = [self.inv_of.get(name, 0.0) for name in CARD_NAMES]
        part = lay.part
        self.round_scale = part("round").scale
        self.turn_scale = part("offer_turn").scale
        self.third = part("turns_taken").scale
        self.total_scale = part("totals").scale
        self.influence_scale = part("hand_sizes").column_scale("influence")
        self.roles_scale = part("hand_sizes").column_scale("roles")
        self.hidden_scale = part("areas_hidden").scale
        self.area_scale = part("area_sizes").scale
        self.pair_scale = part("offers").scale
        self.last_scale = part("last:scores").scale
        self.bonus_scale = part("special:bonuses").scale if special_actions else 0.0
        self.dealt_scale = part("roles:dealt_sizes").scale if roles else 0.0
        o = self.offsets
        self.o_observer = o["observer"]
        self.o_decision = o["decision"]
        self.o_to_act = o["to_act"]
        self.o_first = o["first_player"]
        self.o_ring = o["ring"]
        self.o_round = o["round"]
        self.o_offer_turn = o["offer_turn"]
        self.o_turns = o["turns_taken"]
        self.o_houses = o["houses"]
        self.o_score_cards = o["score_cards"]
        self.o_totals = o["totals"]
        self.o_hand = o["hand"]
        self.o_hand_sizes = o["hand_sizes"]
        self.o_areas = o["areas"]
        self.o_hidden = o["areas_hidden"]
        self.o_area_sizes = o["area_sizes"]
        self.o_offer_from = o["offer:from"]
        self.o_offer_to = o["offer:to"]
        self.o_offer_count = o["offer:count"]
        self.o_offer_roles = o["offer:roles"]
        self.o_offer_cards = o["offer:cards"]
        self.o_offers = o["offers"]
        self.o_offers_cards = o["offers:cards"]
        self.o_offers_kept = o["offers:kept"]
        self.o_payments = o["payments"]
        self.o_payments_cards = o["payments:cards"]
        self.o_seen = o["seen"]
        self.o_last_kept = o["last:kept"]
        self.o_last_discarded = o["last:discarded"]
        self.o_last_scores = o["last:scores"]
        self.o_last_winner = o["last:winner"]
        self.o_game_over = o["game_over"]
        self.o_winners = o["winners"]
        self.o_special_used = o.get("special:used", -1)
        self.o_special_turned = o.get("special:turned_over", -1)
        self.o_special_received = o.get("special:received", -1)
        self.o_special_bonuses = o.get("special:bonuses", -1)
        self.o_roles_placed = o.get("roles:placed", -1)
        self.o_roles_dealt_sizes = o.get("roles:dealt_sizes", -1)
        self.o_roles_dealt = o.get("roles:dealt", -1)
        self.o_roles_my_placed = o.get("roles:my_placed", -1)
        self.o_roles_taken = o.get("roles:taken", -1)
        self.o_roles_played = o.get("roles:played", -1)
        self.o_roles_resolving = o.get("roles:resolving", -1)
        self.o_roles_mine = o.get("roles:mine", -1)
        self.o_roles_keep = o.get("roles:keep_doubles", -1)
        self.o_roles_lose = o.get("roles:lose_doubles", -1)
        self.o_roles_regent = o.get("roles:regent", -1)

    def card(self, out: vec[float], at: i64, c: int) -> None:
        """One more copy of card ``c`` (an int) in a multi-hot over the game's cards at ``at``."""
        k = self.card_col[c]
        if k >= 0:
            add_copy(out, at + k, self.card_inv[c])

    def name(self, out: vec[float], at: i64, text: Any) -> None:
        """One more copy of the card named ``text`` (anything else: nothing)."""
        if isinstance(text, str):
            k = self.col_of.get(text, -1)
            if k >= 0:
                add_copy(out, at + k, self.inv_of[text])

    def seat(self, out: vec[float], at: i64, s: Any, seat: int) -> None:
        """A seat one-hot relative to ``seat`` (anything but a seat number: nothing)."""
        if isinstance(s, int) and not isinstance(s, bool) and 0 <= s < self.players:
            out[at + relative(s, seat, self.players)] = 1.0

    def write(self, state: State, seat: int, out: vec[float], base: i64) -> None:
        s = state
        assert isinstance(s, BloodAndFortuneState)
        n = self.players
        over = s.phase == OVER
        if seat >= 0:
            out[base + self.o_observer + seat] = 1.0
        if not over:  # the view's decision is None once the game is over (no ``game_over`` float)
            out[base + self.o_decision + s.phase] = 1.0
            self.seat(out, base + self.o_to_act, s.to_act, seat)
        self.seat(out, base + self.o_first, s.first, seat)
        self.seat(out, base + self.o_ring, s.ring, seat)
        rnd = s.round + 1
        put(out, base + self.o_round, (rnd if rnd < ROUNDS else ROUNDS) * self.round_scale, 0.0, 1.0)
        put(out, base + self.o_offer_turn, s.turn_k * self.turn_scale, 0.0, 1.0)
        start = seat if seat >= 0 else 0
        bit = -1 if over else 0 if seat < 0 else 1 << seat
        for r in range(n):
            q = (start + r) % n
            taken = (s.turn_k - ((q - s.first) % n) + n - 1) // n
            put(out, base + self.o_turns + r, min(TURNS_PER_ROUND, taken) * self.third, 0.0, 1.0)
            h = s.houses[q]
            if 0 <= h < NUM_HOUSES:
                out[base + self.o_houses + r * NUM_HOUSES + h] = 1.0
            sc = s.score_cards[q]
            if 0 <= sc < NUM_SCORE_CARDS:
                out[base + self.o_score_cards + r * NUM_SCORE_CARDS + sc] = 1.0
            put(out, base + self.o_totals + r, s.totals[q] * self.total_scale, 0.0, 1.0)
            influence = 0
            roles = 0
            for c in s.hands[q]:
                if c >= ROLE_BASE:
                    roles += 1
                else:
                    influence += 1
            put(out, base + self.o_hand_sizes + r * 2, influence * self.influence_scale, 0.0, 1.0)
            put(out, base + self.o_hand_sizes + r * 2 + 1, roles * self.roles_scale, 0.0, 1.0)
            self._area(s, q, r, bit, out, base)
            put(out, base + self.o_area_sizes + r, len(s.areas[q]) * self.area_scale, 0.0, 1.0)
        if seat >= 0:
            for c in s.hands[seat]:
                self.card(out, base + self.o_hand, c)
        self._pending(s, seat, out, base)
        self._offers(s, seat, out, base)
        if seat >= 0:
            for peek in s.peeks[seat]:
                for text in peek["cards"]:
                    self.name(out, base + self.o_seen, text)
        self._last_round(s, seat, out, base)
        if over:
            out[base + self.o_game_over] = 1.0
        for w in s.winners_:
            self.seat(out, base + self.o_winners, w, seat)
        if self.special:
            self._special(s, seat, out, base)
        if self.roles:
            self._roles(s, seat, out, base)

    def _area(self, s: BloodAndFortuneState, q: int, r: int, bit: int, out: vec[float], base: i64) -> None:
        """Seat ``q``'s area in row ``r``: the cards the observer has seen, and the houses of the
        others (counted / 5, clipped to 1, added up as the encoder's ``Counts`` does)."""
        at = base + self.o_areas + r * self.ncards
        hidden = [0.0] * NUM_HOUSES
        known = s.known[q]
        for i, c in enumerate(s.areas[q]):
            if known[i] & bit:
                self.card(out, at, c)
            else:
                h = HOUSE_OF[c]
                if 0 <= h < NUM_HOUSES:
                    hidden[h] = hidden[h] + self.hidden_scale
        at = base + self.o_hidden + r * NUM_HOUSES
        for h in range(NUM_HOUSES):
            x = hidden[h]
            if x:
                out[at + h] = 1.0 if x > 1.0 else x

    def _pending(self, s: BloodAndFortuneState, seat: int, out: vec[float], base: i64) -> None:
        """The offer on the table: while it is kept from, or while the Role card kept is paid for."""
        if s.phase == KEEPING:
            offered = s.offer
        elif s.phase == PAYING and s.offers_log:
            offered = list(s.offers_log[-1][2])
        else:
            return
        self.seat(out, base + self.o_offer_from, s.offerer, seat)
        self.seat(out, base + self.o_offer_to, s.recipient, seat)
        put(out, base + self.o_offer_count, len(offered) * self.third, 0.0, 1.0)
        roles = 0
        for c in offered:
            if c >= ROLE_BASE:
                roles += 1
        put(out, base + self.o_offer_roles, roles * self.third, 0.0, 1.0)
        if seat >= 0 and (seat == s.offerer or seat == s.recipient):
            for c in offered:
                self.card(out, base + self.o_offer_cards, c)

    def _pair(self, out: vec[float], at: i64, a: int, b: int, seat: int) -> None:
        """One more entry from seat ``a`` to seat ``b`` in a ``(players, players)`` count matrix
        (both relative to the observer), / 3, clipped to 1 at every step."""
        n = self.players
        if 0 <= a < n and 0 <= b < n:
            first = seat if seat > 0 else 0
            p = at + ((a - first) % n) * n + (b - first) % n
            x = out[p] + self.pair_scale
            out[p] = 1.0 if x > 1.0 else x

    def _offers(self, s: BloodAndFortuneState, seat: int, out: vec[float], base: i64) -> None:
        """This round's offers and payments: who to whom (public), and their cards to the two
        seats that took part."""
        for p, r, cards, kept, _slot in s.offers_log:
            self._pair(out, base + self.o_offers, p, r, seat)
            if seat >= 0 and seat in (p, r):
                for c in cards:
                    self.card(out, base + self.o_offers_cards, c)
                self.card(out, base + self.o_offers_kept, kept)
        for r, p, c, _slot in s.payments_log:
            self._pair(out, base + self.o_payments, r, p, seat)
            if seat >= 0 and seat in (p, r):
                self.card(out, base + self.o_payments_cards, c)

    def _last_round(self, s: BloodAndFortuneState, seat: int, out: vec[float], base: i64) -> None:
        """The last round's reveal: the cards kept and discarded per area, the scores, the winner."""
        last = s.last_round
        if last is None:
            return
        n = self.players
        start = seat if seat >= 0 else 0
        kept = last["kept"]
        discarded = last["discarded"]
        scores = last["scores"]
        for r in range(n):
            q = (start + r) % n
            if q < len(kept):
                for text in kept[q]:
                    self.name(out, base + self.o_last_kept + r * self.ncards, text)
            if q < len(discarded):
                for text in discarded[q]:
                    self.name(out, base + self.o_last_discarded + r * self.ncards, text)
            if q < len(scores):
                put(out, base + self.o_last_scores + r, scores[q] * self.last_scale, 0.0, 1.0)
        self.seat(out, base + self.o_last_winner, last["winner"], seat)

    def _special(self, s: BloodAndFortuneState, seat: int, out: vec[float], base: i64) -> None:
        """The house-rule Special Actions: used, turned over, received; this round's bonuses."""
        n = self.players
        start = seat if seat >= 0 else 0
        for r in range(n):
            q = (start + r) % n
            if s.special_used[q]:
                out[base + self.o_special_used + r] = 1.0
            if s.totals[q] > SPECIAL_CUTOFF:
                out[base + self.o_special_turned + r] = 1.0
            if s.received[q] > 0:
                out[base + self.o_special_received + r] = 1.0
        put(out, base + self.o_special_bonuses, len(s.bonuses) * self.bonus_scale, 0.0, 1.0)

    def _roles(self, s: BloodAndFortuneState, seat: int, out: vec[float], base: i64) -> None:
        """The house-rule Role cards: the draft (placed, dealt, taken), played and resolving."""
        n = self.players
        start = seat if seat >= 0 else 0
        for r in range(n):
            q = (start + r) % n
            if s.placed[q] >= 0:
                out[base + self.o_roles_placed + r] = 1.0
            put(out, base + self.o_roles_dealt_sizes + r, len(s.dealt[q]) * self.dealt_scale, 0.0, 1.0)
            if s.keep_doubles >> q & 1:
                out[base + self.o_roles_keep + r] = 1.0
            if s.lose_doubles >> q & 1:
                out[base + self.o_roles_lose + r] = 1.0
        if seat >= 0:
            for c in s.dealt[seat]:
                self.card(out, base + self.o_roles_dealt, c)
            if s.placed[seat] >= 0:
                self.card(out, base + self.o_roles_my_placed, s.placed[seat])
            for c in s.hands[seat]:
                if c >= ROLE_BASE:
                    self.card(out, base + self.o_roles_mine, c)
            for t, x, role in s.takes:
                if seat in (t, x):
                    self.card(out, base + self.o_roles_taken, role)
        for role, _q in s.played:
            self.card(out, base + self.o_roles_played, role)
        if s.phase == ROLE_TARGET and s.resolve_queue:
            self.card(out, base + self.o_roles_resolving, s.resolve_queue[0][0])
        if s.regent >= 0:
            self.seat(out, base + self.o_roles_regent, s.regent, seat)


__all__ = ["BloodAndFortuneObserver", "layout"]
