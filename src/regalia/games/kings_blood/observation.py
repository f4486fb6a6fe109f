"""King's Blood's observation tensor written straight from the state (the RL fast path).

:class:`KingsBloodObserver` writes the floats that ``regalia.rl.encoders.kings_blood`` computes
from ``view(seat)`` — the same slices, offsets and values — reading the state's fields, and only
those the view shows (:func:`.view.build_view`): the seat's own hand and the card it just drew,
hand sizes, the cards every player saw enter a hand, the Genealogy, the public piles. The
conformance suite (``tests/conformance/test_observation.py``) checks the two paths equal on random
playouts of every configuration, for every seat and the spectator.
"""

from __future__ import annotations

from typing import Final

from librt.vecs import vec
from mypy_extensions import i64

from regalia.core.observation import ObservationWriter, add_copy, put, relative
from regalia.core.state import State
from regalia.games.kings_blood.cards import ENTHRONEMENT, KINGS_BLOOD, NOTATION, NUM_CHARACTERS, NUM_FACES
from regalia.games.kings_blood.phases import BIRTH, DRAWN, OVER, SIBLINGS
from regalia.games.kings_blood.state import KingsBloodState

PHASE_COUNT: Final = 8
"""The decisions one-hot (``turn`` ... ``over``, the order of ``PHASE_NAMES``)."""
GENEALOGY_COLUMNS: Final = 6
"""Per Character: present, Active, row / 10, x / 40, Enthronement, King's Blood card."""
ROW_SCALE: Final = 1 / 10
X_SCALE: Final = 1 / 40
TURN_SCALE: Final = 1 / 200
DRAW_SCALE: Final = 1 / 12
SIZE_SCALE: Final = 1 / 20
SIBLING_SCALE: Final = 1 / 4
SCORE_SCALE: Final = 1 / 100


def card_columns(universe: list[str]) -> tuple[list[int], list[float], int]:
    """For a card list (``Game.all_cards``): the column of each face in a multi-hot over its
    distinct notations (first-seen order; -1 for a face not in it), 1 / the copies of each face,
    and the number of columns — the encoders' ``CardSet`` over that list."""
    face_of = {NOTATION[f]: f for f in range(NUM_FACES)}
    col = [-1] * NUM_FACES
    copies = [0] * NUM_FACES
    n = 0
    for text in universe:
        f = face_of[text]
        if col[f] < 0:
            col[f] = n
            n += 1
        copies[f] += 1
    inv = [1.0 / c if c else 0.0 for c in copies]
    return col, inv, n


def character_columns(universe: list[str]) -> tuple[list[int], int]:
    """The column of each Character face among the distinct Characters of a card list (in
    first-seen order; -1 otherwise), and their number (the Genealogy table's rows)."""
    face_of = {NOTATION[f]: f for f in range(NUM_CHARACTERS)}
    col = [-1] * NUM_FACES
    n = 0
    for text in universe:
        f = face_of.get(text, -1)
        if f >= 0 and col[f] < 0:
            col[f] = n
            n += 1
    return col, n


class KingsBloodObserver(ObservationWriter):
    """The King's Blood observation writer for ``players`` seats and a deck (``universe``, the
    game's ``all_cards``). Layout: ``docs/rl.md`` ("King's Blood")."""

    def __init__(self, players: int, universe: list[str]) -> None:
        col, inv, ncards = card_columns(universe)
        ccol, nchars = character_columns(universe)
        n = players
        super().__init__(
            [
                ("observer", (n,)),
                ("phase", (PHASE_COUNT,)),
                ("current_player", (n,)),
                ("turn", (1,)),
                ("direction", (1,)),
                ("pending_draw", (1,)),
                ("hand", (ncards,)),
                ("drawn", (ncards,)),
                ("hand_sizes", (n, 1)),
                ("known_in_hands", (n, ncards)),
                ("genealogy", (nchars, GENEALOGY_COLUMNS)),
                ("generations", (1,)),
                ("child", (nchars,)),
                ("sibling_side", (2,)),
                ("siblings_placed", (1,)),
                ("forced_event", (ncards,)),
                ("draw_pile", (1,)),
                ("discard", (ncards,)),
                ("aside", (ncards,)),
                ("announced", (n, 1)),
                ("skip_next", (n, 1)),
                ("passes", (1,)),
                ("last_played", (ncards,)),
                ("winner", (n,)),
                ("scores", (n, 1)),
            ]
        )
        self.players = players
        self.col = col
        self.inv = inv
        self.ncards = ncards
        self.ccol = ccol
        self.pile_scale = 1 / max(1, len(universe))
        self.pass_scale = 1 / players
        o = self.offsets
        self.o_observer = o["observer"]
        self.o_phase = o["phase"]
        self.o_current = o["current_player"]
        self.o_turn = o["turn"]
        self.o_direction = o["direction"]
        self.o_pending = o["pending_draw"]
        self.o_hand = o["hand"]
        self.o_drawn = o["drawn"]
        self.o_sizes = o["hand_sizes"]
        self.o_known = o["known_in_hands"]
        self.o_gen = o["genealogy"]
        self.o_generations = o["generations"]
        self.o_child = o["child"]
        self.o_side = o["sibling_side"]
        self.o_placed = o["siblings_placed"]
        self.o_forced = o["forced_event"]
        self.o_pile = o["draw_pile"]
        self.o_discard = o["discard"]
        self.o_aside = o["aside"]
        self.o_announced = o["announced"]
        self.o_skip = o["skip_next"]
        self.o_passes = o["passes"]
        self.o_last = o["last_played"]
        self.o_winner = o["winner"]
        self.o_scores = o["scores"]

    def cards(self, out: vec[float], at: i64, faces: list[int]) -> None:
        """The multi-hot of ``faces`` over the deck's cards, at ``at``."""
        col = self.col
        inv = self.inv
        for f in faces:
            c = col[f]
            if c >= 0:
                add_copy(out, at + c, inv[f])

    def card(self, out: vec[float], at: i64, face: int) -> None:
        """One card (a face) in a multi-hot over the deck's cards at ``at``: 1 / its copies."""
        c = self.col[face]
        if c >= 0:
            out[at + c] = self.inv[face]

    def write(self, state: State, seat: int, out: vec[float], base: i64) -> None:
        s = state
        assert isinstance(s, KingsBloodState)
        n = self.players
        phase = s.phase
        over = phase == OVER
        if seat >= 0:
            out[base + self.o_observer + seat] = 1.0
        out[base + self.o_phase + phase] = 1.0
        if not over:
            out[base + self.o_current + relative(s.cur, seat, n)] = 1.0
        put(out, base + self.o_turn, s.turn_count * TURN_SCALE, 0.0, 1.0)
        put(out, base + self.o_direction, float(s.direction), -1.0, 1.0)
        put(out, base + self.o_pending, s.pending_draw * DRAW_SCALE, 0.0, 1.0)
        if seat >= 0:
            self.cards(out, base + self.o_hand, s.hands[seat])
            if phase == DRAWN and seat == s.cur and s.drawn >= 0:
                self.card(out, base + self.o_drawn, s.drawn)
        start = seat if seat >= 0 else 0
        ncards = self.ncards
        for r in range(n):
            p = (start + r) % n
            put(out, base + self.o_sizes + r, len(s.hands[p]) * SIZE_SCALE, 0.0, 1.0)
            self.cards(out, base + self.o_known + r * ncards, s.known[p])
            if s.announced[p]:
                out[base + self.o_announced + r] = 1.0
            if s.skip_next[p]:
                out[base + self.o_skip + r] = 1.0
        self._genealogy(s, out, base)
        if phase in (BIRTH, SIBLINGS):
            child = s.child
            if child >= 0 and self.ccol[child] >= 0:
                out[base + self.o_child + self.ccol[child]] = 1.0
        if phase == SIBLINGS:
            out[base + self.o_side + s.sib_side] = 1.0
            put(out, base + self.o_placed, s.sib_count * SIBLING_SCALE, 0.0, 1.0)
        if s.pending_card >= 0:
            self.card(out, base + self.o_forced, s.pending_card)
        put(out, base + self.o_pile, len(s.pile) * self.pile_scale, 0.0, 1.0)
        self.cards(out, base + self.o_discard, s.discard)
        self.cards(out, base + self.o_aside, s.aside)
        put(out, base + self.o_passes, s.passes * self.pass_scale, 0.0, 1.0)
        if s.last_played >= 0:
            self.card(out, base + self.o_last, s.last_played)
        if over:
            if s.winner >= 0:
                out[base + self.o_winner + relative(s.winner, seat, n)] = 1.0
            scores = s.scores()
            for r in range(n):
                put(out, base + self.o_scores + r, scores[(start + r) % n] * SCORE_SCALE, -1.0, 1.0)

    def _genealogy(self, s: KingsBloodState, out: vec[float], base: i64) -> None:
        """The Genealogy table (one row per Character in it) and the number of generations."""
        gen = s.gen
        ccol = self.ccol
        at = base + self.o_gen
        for card in gen.cards():
            c = ccol[card]
            if c < 0:
                continue
            row, x = gen.position(card)
            p = at + c * GENEALOGY_COLUMNS
            out[p] = 1.0
            if gen.is_active(card):
                out[p + 1] = 1.0
            put(out, p + 2, row * ROW_SCALE, -1.0, 1.0)
            put(out, p + 3, x * X_SCALE, -1.0, 1.0)
            if gen.has_attachment(card, ENTHRONEMENT):
                out[p + 4] = 1.0
            if gen.has_attachment(card, KINGS_BLOOD):
                out[p + 5] = 1.0
        put(out, base + self.o_generations, gen.generations() * ROW_SCALE, 0.0, 1.0)


__all__ = ["KingsBloodObserver", "card_columns", "character_columns"]
