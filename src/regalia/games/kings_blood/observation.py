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

from regalia.core.observation import Layout, ObservationWriter, Part, add_copy, put, relative
from regalia.core.state import State
from regalia.games.kings_blood.cards import ENTHRONEMENT, KINGS_BLOOD, NOTATION, NUM_CHARACTERS, NUM_FACES
from regalia.games.kings_blood.genealogy import SIDE_NAMES, key_row, key_x
from regalia.games.kings_blood.phases import BIRTH, DRAWN, OVER, PHASE_NAMES, SIBLINGS
from regalia.games.kings_blood.state import KingsBloodState

GENEALOGY_COLUMNS: Final[tuple[str, ...]] = ("present", "active", "row", "x", "enthroned", "kings_blood")
"""Per Character in the Genealogy: 1; Active; generation row / 10; position x / 40 (half-card
units, clipped to ±1); an Enthronement attached; the King's Blood card attached."""
GENEALOGY_SCALES: Final[tuple[float, ...]] = (1.0, 1.0, 1 / 10, 1 / 40, 1.0, 1.0)
"""The scale of each column of :data:`GENEALOGY_COLUMNS`."""


def genealogy_part(characters: tuple[str, ...]) -> Part:
    """The Genealogy table of King's Blood and King's Family: one row per Character of the deck
    (``characters``, in deck order), the columns of :data:`GENEALOGY_COLUMNS`."""
    return Part(
        "genealogy",
        (len(characters), len(GENEALOGY_COLUMNS)),
        low=-1.0,
        values=GENEALOGY_COLUMNS,
        rows=characters,
        scales=GENEALOGY_SCALES,
        doc="per Character in it: present, Active, row / 10, x / 40, Enthronement, King's Blood card",
    )


def deck_cards(universe: list[str]) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """The distinct cards of a deck's card list (``Game.all_cards``) in first-seen order, and the
    distinct Characters among them: the columns of the multi-hots and the rows of the Genealogy."""
    cards = tuple(dict.fromkeys(universe))
    names = set(NOTATION[:NUM_CHARACTERS])
    return cards, tuple(c for c in cards if c in names)


def layout(players: int, universe: list[str]) -> Layout:
    """The King's Blood observation layout for ``players`` seats and a deck (``universe``, the
    game's ``all_cards``). Seat-indexed parts are ordered from the observer (row 0 = the observing
    seat; a spectator sees seats in order). ``docs/rl.md`` ("King's Blood") lists it."""
    n = players
    cards, chars = deck_cards(universe)
    k = len(cards)
    return Layout(
        [
            Part("observer", (n,), doc="one-hot of the observing seat (zero for a spectator)"),
            Part("phase", (len(PHASE_NAMES),), values=PHASE_NAMES, doc="the pending decision"),
            Part("current_player", (n,), doc="the seat to act, relative to the observer"),
            Part("turn", (1,), scale=1 / 200, doc="turns started / 200"),
            Part("direction", (1,), low=-1.0, doc="1 clockwise, -1 after a Reverse"),
            Part("pending_draw", (1,), scale=1 / 12, doc="cards of a pending Draw 3 / 12"),
            Part("hand", (k,), values=cards, doc="the observer's hand (multi-hot over the deck)"),
            Part("drawn", (k,), values=cards, doc="the card the observer just drew"),
            Part("hand_sizes", (n, 1), scale=1 / 20, doc="cards in each hand / 20"),
            Part("known_in_hands", (n, k), values=cards, doc="cards every player saw enter each hand"),
            genealogy_part(chars),
            Part("generations", (1,), scale=GENEALOGY_SCALES[2], doc="generations / 10"),
            Part("child", (len(chars),), values=chars, doc="the child just born or the last sibling"),
            Part("sibling_side", (len(SIDE_NAMES),), values=SIDE_NAMES, doc="the side of the sibling line"),
            Part("siblings_placed", (1,), scale=1 / 4, doc="siblings placed / 4"),
            Part("forced_event", (k,), values=cards, doc="the Event drawn at a Marriage, to be played"),
            Part("draw_pile", (1,), scale=1 / max(1, len(universe)), doc="cards in the draw pile / deck size"),
            Part("discard", (k,), values=cards, doc="the discard pile"),
            Part("aside", (k,), values=cards, doc="the King's Blood card set aside (Advanced Rules)"),
            Part("announced", (n, 1), doc="who announced King's Blood! (KB-T4)"),
            Part("skip_next", (n, 1), doc="who skips the next turn (a penalty)"),
            Part("passes", (1,), scale=1 / players, doc="passes in a row / players (KB-T7)"),
            Part("last_played", (k,), values=cards, doc="the last card played this turn"),
            Part("winner", (n,), doc="the winner, relative to the observer"),
            Part("scores", (n, 1), low=-1.0, scale=1 / 100, doc="the scores of a scoring option / 100"),
        ]
    )


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
        ccol, _ = character_columns(universe)
        lay = layout(players, universe)
        super().__init__(lay)
        self.turn_scale = lay.part("turn").scale
        self.draw_scale = lay.part("pending_draw").scale
        self.size_scale = lay.part("hand_sizes").scale
        self.sibling_scale = lay.part("siblings_placed").scale
        self.score_scale = lay.part("scores").scale
        gen = lay.part("genealogy")
        self.gen_width = len(gen.values)
        self.row_scale = gen.column_scale("row")
        self.x_scale = gen.column_scale("x")
        self.generations_scale = lay.part("generations").scale
        self.players = players
        self.col = col
        self.inv = inv
        self.ncards = ncards
        self.ccol = ccol
        self.pile_scale = lay.part("draw_pile").scale
        self.pass_scale = lay.part("passes").scale
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
            out[base + self.o_current + relative(s.turn_player, seat, n)] = 1.0
        put(out, base + self.o_turn, s.turn_count * self.turn_scale, 0.0, 1.0)
        put(out, base + self.o_direction, float(s.direction), -1.0, 1.0)
        put(out, base + self.o_pending, s.pending_draw * self.draw_scale, 0.0, 1.0)
        if seat >= 0:
            self.cards(out, base + self.o_hand, s.hands[seat])
            if phase == DRAWN and seat == s.turn_player and s.drawn >= 0:
                self.card(out, base + self.o_drawn, s.drawn)
        start = seat if seat >= 0 else 0
        ncards = self.ncards
        for r in range(n):
            p = (start + r) % n
            put(out, base + self.o_sizes + r, len(s.hands[p]) * self.size_scale, 0.0, 1.0)
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
            put(out, base + self.o_placed, s.sib_count * self.sibling_scale, 0.0, 1.0)
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
                put(out, base + self.o_scores + r, scores[(start + r) % n] * self.score_scale, -1.0, 1.0)

    def _genealogy(self, s: KingsBloodState, out: vec[float], base: i64) -> None:
        """The Genealogy table (one row per Character in it) and the number of generations."""
        gen = s.gen
        ccol = self.ccol
        at = base + self.o_gen
        width = self.gen_width
        row_scale = self.row_scale
        x_scale = self.x_scale
        for card, key in gen.placed():  # any order: each card has its own row of the table
            c = ccol[card]
            if c < 0:
                continue
            p = at + c * width
            out[p] = 1.0
            if gen.is_active(card):
                out[p + 1] = 1.0
            put(out, p + 2, key_row(key) * row_scale, -1.0, 1.0)
            put(out, p + 3, key_x(key) * x_scale, -1.0, 1.0)
            if gen.has_attachment(card, ENTHRONEMENT):
                out[p + 4] = 1.0
            if gen.has_attachment(card, KINGS_BLOOD):
                out[p + 5] = 1.0
        put(out, base + self.o_generations, gen.generations() * self.generations_scale, 0.0, 1.0)


__all__ = ["GENEALOGY_COLUMNS", "KingsBloodObserver", "card_columns", "character_columns", "genealogy_part", "layout"]
