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

from regalia.core.observation import ObservationWriter, add_copy, put, relative
from regalia.core.state import State
from regalia.games.blood_and_fortune.cards import (
    CARD_NAMES,
    HOUSE_OF,
    ROLE_BASE,
    ROUNDS,
    SPECIAL_CUTOFF,
    TURNS_PER_ROUND,
)
from regalia.games.blood_and_fortune.phases import KEEPING, OVER, PAYING, ROLE_TARGET
from regalia.games.blood_and_fortune.state import BloodAndFortuneState

DECISION_COUNT: Final = 8
"""``place_role`` ... ``game_over``: the phases in order (``phases.PHASE_NAMES``)."""
HOUSES: Final = 6
SCORE_CARDS: Final = 8
THIRD: Final = 1 / 3
HIDDEN_SCALE: Final = 1 / 5
ROUND_SCALE: Final = 1 / 3
TOTAL_SCALE: Final = 1 / 40
INFLUENCE_SCALE: Final = 1 / 6
ROLES_SCALE: Final = 1 / 4
AREA_SCALE: Final = 1 / 9
LAST_SCALE: Final = 1 / 20
BONUS_SCALE: Final = 1 / 4
DEALT_SCALE: Final = 1 / 2


class BloodAndFortuneObserver(ObservationWriter):
    """The Blood & Fortune observation writer for ``players`` seats, the config's card list
    (``universe``) and options. Layout: ``docs/rl.md`` ("Blood & Fortune")."""

    def __init__(self, players: int, universe: list[str], special_actions: bool, roles: bool) -> None:
        col_of: dict[str, int] = {}
        for text in universe:
            if text not in col_of:
                col_of[text] = len(col_of)
        copies = [0] * len(col_of)
        for text in universe:
            copies[col_of[text]] += 1
        ncards = len(col_of)
        n = players
        flag = (n, 1)
        layout: list[tuple[str, tuple[int, ...]]] = [
            ("observer", (n,)),
            ("decision", (DECISION_COUNT,)),
            ("to_act", (n,)),
            ("first_player", (n,)),
            ("ring", (n,)),
            ("round", (1,)),
            ("offer_turn", (1,)),
            ("turns_taken", (n, 1)),
            ("houses", (n, HOUSES)),
            ("score_cards", (n, SCORE_CARDS)),
            ("totals", (n, 1)),
            ("hand", (ncards,)),
            ("hand_sizes", (n, 2)),
            ("areas", (n, ncards)),
            ("areas_hidden", (n, HOUSES)),
            ("area_sizes", (n, 1)),
            ("offer:from", (n,)),
            ("offer:to", (n,)),
            ("offer:count", (1,)),
            ("offer:roles", (1,)),
            ("offer:cards", (ncards,)),
            ("offers", (n * n,)),
            ("offers:cards", (ncards,)),
            ("offers:kept", (ncards,)),
            ("payments", (n * n,)),
            ("payments:cards", (ncards,)),
            ("seen", (ncards,)),
            ("last:kept", (n, ncards)),
            ("last:discarded", (n, ncards)),
            ("last:scores", (n, 1)),
            ("last:winner", (n,)),
            ("game_over", (1,)),
            ("winners", (n,)),
        ]
        if special_actions:
            layout += [
                ("special:used", flag),
                ("special:turned_over", flag),
                ("special:received", flag),
                ("special:bonuses", (1,)),
            ]
        if roles:
            layout += [
                ("roles:placed", flag),
                ("roles:dealt_sizes", flag),
                ("roles:dealt", (ncards,)),
                ("roles:my_placed", (ncards,)),
                ("roles:taken", (ncards,)),
                ("roles:played", (ncards,)),
                ("roles:resolving", (ncards,)),
                ("roles:mine", (ncards,)),
                ("roles:keep_doubles", flag),
                ("roles:lose_doubles", flag),
                ("roles:regent", (n,)),
            ]
        super().__init__(layout)
        self.players = players
        self.special = special_actions
        self.roles = roles
        self.ncards = ncards
        self.col_of = col_of
        self.inv_of = {text: 1.0 / copies[c] for text, c in col_of.items()}
        self.card_col = [col_of.get(name, -1) for name in CARD_NAMES]
        self.card_inv = [self.inv_of.get(name, 0.0) for name in CARD_NAMES]
        self.turn_scale = 1 / (3 * players)
        self.o = self.offsets

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
        o = self.o
        over = s.phase == OVER
        if seat >= 0:
            out[base + o["observer"] + seat] = 1.0
        if not over:  # the view's decision is None once the game is over (no ``game_over`` float)
            out[base + o["decision"] + s.phase] = 1.0
            self.seat(out, base + o["to_act"], s.cp, seat)
        self.seat(out, base + o["first_player"], s.first, seat)
        self.seat(out, base + o["ring"], s.ring, seat)
        rnd = s.round + 1
        put(out, base + o["round"], (rnd if rnd < ROUNDS else ROUNDS) * ROUND_SCALE, 0.0, 1.0)
        put(out, base + o["offer_turn"], s.turn_k * self.turn_scale, 0.0, 1.0)
        start = seat if seat >= 0 else 0
        bit = -1 if over else 0 if seat < 0 else 1 << seat
        for r in range(n):
            q = (start + r) % n
            taken = (s.turn_k - ((q - s.first) % n) + n - 1) // n
            put(out, base + o["turns_taken"] + r, min(TURNS_PER_ROUND, taken) * THIRD, 0.0, 1.0)
            h = s.houses[q]
            if 0 <= h < HOUSES:
                out[base + o["houses"] + r * HOUSES + h] = 1.0
            sc = s.score_cards[q]
            if 0 <= sc < SCORE_CARDS:
                out[base + o["score_cards"] + r * SCORE_CARDS + sc] = 1.0
            put(out, base + o["totals"] + r, s.totals[q] * TOTAL_SCALE, 0.0, 1.0)
            influence = 0
            roles = 0
            for c in s.hands[q]:
                if c >= ROLE_BASE:
                    roles += 1
                else:
                    influence += 1
            put(out, base + o["hand_sizes"] + r * 2, influence * INFLUENCE_SCALE, 0.0, 1.0)
            put(out, base + o["hand_sizes"] + r * 2 + 1, roles * ROLES_SCALE, 0.0, 1.0)
            self._area(s, q, r, bit, out, base)
            put(out, base + o["area_sizes"] + r, len(s.areas[q]) * AREA_SCALE, 0.0, 1.0)
        if seat >= 0:
            for c in s.hands[seat]:
                self.card(out, base + o["hand"], c)
        self._pending(s, seat, out, base)
        self._offers(s, seat, out, base)
        if seat >= 0:
            for peek in s.peeks[seat]:
                for text in peek["cards"]:
                    self.name(out, base + o["seen"], text)
        self._last_round(s, seat, out, base)
        if over:
            out[base + o["game_over"]] = 1.0
        for w in s.winners_:
            self.seat(out, base + o["winners"], w, seat)
        if self.special:
            self._special(s, seat, out, base)
        if self.roles:
            self._roles(s, seat, out, base)

    def _area(self, s: BloodAndFortuneState, q: int, r: int, bit: int, out: vec[float], base: i64) -> None:
        """Seat ``q``'s area in row ``r``: the cards the observer has seen, and the houses of the
        others (counted / 5, clipped to 1, added up as the encoder's ``Counts`` does)."""
        o = self.o
        at = base + o["areas"] + r * self.ncards
        hidden = [0.0] * HOUSES
        known = s.known[q]
        for i, c in enumerate(s.areas[q]):
            if known[i] & bit:
                self.card(out, at, c)
            else:
                h = HOUSE_OF[c]
                if 0 <= h < HOUSES:
                    hidden[h] = hidden[h] + HIDDEN_SCALE
        at = base + o["areas_hidden"] + r * HOUSES
        for h in range(HOUSES):
            x = hidden[h]
            if x:
                out[at + h] = 1.0 if x > 1.0 else x

    def _pending(self, s: BloodAndFortuneState, seat: int, out: vec[float], base: i64) -> None:
        """The offer on the table: while it is kept from, or while the Role card kept is paid for."""
        o = self.o
        if s.phase == KEEPING:
            offered = s.offer
        elif s.phase == PAYING and s.offers_log:
            offered = list(s.offers_log[-1][2])
        else:
            return
        self.seat(out, base + o["offer:from"], s.offerer, seat)
        self.seat(out, base + o["offer:to"], s.recipient, seat)
        put(out, base + o["offer:count"], len(offered) * THIRD, 0.0, 1.0)
        roles = 0
        for c in offered:
            if c >= ROLE_BASE:
                roles += 1
        put(out, base + o["offer:roles"], roles * THIRD, 0.0, 1.0)
        if seat >= 0 and (seat == s.offerer or seat == s.recipient):
            for c in offered:
                self.card(out, base + o["offer:cards"], c)

    def _pair(self, out: vec[float], at: i64, a: int, b: int, seat: int) -> None:
        """One more entry from seat ``a`` to seat ``b`` in a ``(players, players)`` count matrix
        (both relative to the observer), / 3, clipped to 1 at every step."""
        n = self.players
        if 0 <= a < n and 0 <= b < n:
            first = seat if seat > 0 else 0
            p = at + ((a - first) % n) * n + (b - first) % n
            x = out[p] + THIRD
            out[p] = 1.0 if x > 1.0 else x

    def _offers(self, s: BloodAndFortuneState, seat: int, out: vec[float], base: i64) -> None:
        """This round's offers and payments: who to whom (public), and their cards to the two
        seats that took part."""
        o = self.o
        for p, r, cards, kept, _slot in s.offers_log:
            self._pair(out, base + o["offers"], p, r, seat)
            if seat >= 0 and seat in (p, r):
                for c in cards:
                    self.card(out, base + o["offers:cards"], c)
                self.card(out, base + o["offers:kept"], kept)
        for r, p, c, _slot in s.payments_log:
            self._pair(out, base + o["payments"], r, p, seat)
            if seat >= 0 and seat in (p, r):
                self.card(out, base + o["payments:cards"], c)

    def _last_round(self, s: BloodAndFortuneState, seat: int, out: vec[float], base: i64) -> None:
        """The last round's reveal: the cards kept and discarded per area, the scores, the winner."""
        last = s.last_round
        if last is None:
            return
        o = self.o
        n = self.players
        start = seat if seat >= 0 else 0
        kept = last["kept"]
        discarded = last["discarded"]
        scores = last["scores"]
        for r in range(n):
            q = (start + r) % n
            if q < len(kept):
                for text in kept[q]:
                    self.name(out, base + o["last:kept"] + r * self.ncards, text)
            if q < len(discarded):
                for text in discarded[q]:
                    self.name(out, base + o["last:discarded"] + r * self.ncards, text)
            if q < len(scores):
                put(out, base + o["last:scores"] + r, scores[q] * LAST_SCALE, 0.0, 1.0)
        self.seat(out, base + o["last:winner"], last["winner"], seat)

    def _special(self, s: BloodAndFortuneState, seat: int, out: vec[float], base: i64) -> None:
        """The house-rule Special Actions: used, turned over, received; this round's bonuses."""
        o = self.o
        n = self.players
        start = seat if seat >= 0 else 0
        for r in range(n):
            q = (start + r) % n
            if s.special_used[q]:
                out[base + o["special:used"] + r] = 1.0
            if s.totals[q] > SPECIAL_CUTOFF:
                out[base + o["special:turned_over"] + r] = 1.0
            if s.received[q] > 0:
                out[base + o["special:received"] + r] = 1.0
        put(out, base + o["special:bonuses"], len(s.bonuses) * BONUS_SCALE, 0.0, 1.0)

    def _roles(self, s: BloodAndFortuneState, seat: int, out: vec[float], base: i64) -> None:
        """The house-rule Role cards: the draft (placed, dealt, taken), played and resolving."""
        o = self.o
        n = self.players
        start = seat if seat >= 0 else 0
        for r in range(n):
            q = (start + r) % n
            if s.placed[q] >= 0:
                out[base + o["roles:placed"] + r] = 1.0
            put(out, base + o["roles:dealt_sizes"] + r, len(s.dealt[q]) * DEALT_SCALE, 0.0, 1.0)
            if s.keep_doubles >> q & 1:
                out[base + o["roles:keep_doubles"] + r] = 1.0
            if s.lose_doubles >> q & 1:
                out[base + o["roles:lose_doubles"] + r] = 1.0
        if seat >= 0:
            for c in s.dealt[seat]:
                self.card(out, base + o["roles:dealt"], c)
            if s.placed[seat] >= 0:
                self.card(out, base + o["roles:my_placed"], s.placed[seat])
            for c in s.hands[seat]:
                if c >= ROLE_BASE:
                    self.card(out, base + o["roles:mine"], c)
            for t, x, role in s.takes:
                if seat in (t, x):
                    self.card(out, base + o["roles:taken"], role)
        for role, _q in s.played:
            self.card(out, base + o["roles:played"], role)
        if s.phase == ROLE_TARGET and s.resolve_queue:
            self.card(out, base + o["roles:resolving"], s.resolve_queue[0][0])
        if s.regent >= 0:
            self.seat(out, base + o["roles:regent"], s.regent, seat)


__all__ = ["BloodAndFortuneObserver"]
