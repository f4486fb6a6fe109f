"""King's Family's observation tensor written straight from the state (the RL fast path).

:class:`KingsFamilyObserver` writes the floats that ``regalia.rl.encoders.kings_family`` computes
from ``view(seat)`` — the same slices, offsets and values — from the state's fields, and only what
the view shows (:func:`.view.build_view`): the hand for the player (never for a spectator, who
also sees ``play_or_draw`` for ``play``/``draw`` and the sibling line only once it has started),
the piles, the Genealogy, the abilities dealt and the score. The conformance suite
(``tests/conformance/test_observation.py``) checks the two paths equal on random playouts.
"""

from __future__ import annotations

from typing import Final

from librt.vecs import vec
from mypy_extensions import i64

from regalia.core.observation import Layout, ObservationWriter, Part, add_copy, put
from regalia.core.state import State
from regalia.games.kings_blood.cards import ABILITY_NAMES, ENTHRONEMENT, KINGS_BLOOD, NUM_CHARACTERS
from regalia.games.kings_blood.genealogy import LEFT, RIGHT, key_row, key_x
from regalia.games.kings_blood.observation import card_columns, character_columns, deck_cards, genealogy_part
from regalia.games.kings_family import rules
from regalia.games.kings_family.phases import HAND_LIMIT, ROW_LIMIT, SEAT
from regalia.games.kings_family.state import KingsFamilyState

DECISIONS: Final[tuple[str, ...]] = ("play", "draw", "drawn_event", "second_sibling", "play_or_draw")
"""The view's ``decision`` values, one-hot (all zero once the game is over)."""
PLAY: Final = 0
DRAW: Final = 1
DRAWN_EVENT: Final = 2
SECOND_SIBLING: Final = 3
PLAY_OR_DRAW: Final = 4
SIBLING_COLUMNS: Final[tuple[str, ...]] = ("open", "left", "right", "count")
"""The sibling line: shown, on the left, on the right, siblings placed / 4."""
ABILITIES: Final[tuple[str, ...]] = tuple(ABILITY_NAMES[1:])
"""Skip, Reverse, Draw 3: the special abilities a Character may carry (the view's ``abilities``)."""
SCORE_PARTS: Final[tuple[str, ...]] = ("generations", "doubled", "exhaustions", "exhaustion_bonus", "score")
"""The ``score_parts`` entries (KF-9), each a part ``score:<name>`` of its own, / 100."""


def layout(universe: list[str]) -> Layout:
    """The King's Family observation layout for a deck (``universe``, the game's ``all_cards``);
    ``docs/rl.md`` ("King's Family") lists it."""
    cards, chars = deck_cards(universe)
    k = len(cards)
    return Layout(
        [
            Part("decision", (len(DECISIONS),), values=DECISIONS, doc="the pending decision"),
            Part("pending_event", (k,), values=cards, doc="the Event drawn at a Marriage, to be played"),
            Part(
                "sibling",
                (len(SIBLING_COLUMNS),),
                values=SIBLING_COLUMNS,
                scales=(1.0, 1.0, 1.0, 1 / 4),
                doc="the sibling line: shown, left, right, siblings placed / 4",
            ),
            Part("sibling_child", (len(chars),), values=chars, doc="the child the sibling line started from"),
            Part("sibling_last", (len(chars),), values=chars, doc="the last sibling placed"),
            Part("hand", (k,), values=cards, doc="the hand (none for a spectator)"),
            Part("hand_size", (1,), scale=1 / HAND_LIMIT, doc="cards in hand / 10"),
            Part("draw_pile", (1,), scale=1 / max(1, len(universe)), doc="cards in the draw pile / deck size"),
            Part("drawing_closed", (1,), doc="no card will be drawn again (KF-7)"),
            Part("discard", (k,), values=cards, doc="the discard pile"),
            genealogy_part(chars),
            Part("generation_sizes", (ROW_LIMIT,), scale=1 / ROW_LIMIT, doc="cards per generation, top first / 10"),
            Part(
                "abilities",
                (len(chars), len(ABILITIES)),
                low=-1.0,
                values=ABILITIES,
                rows=chars,
                doc="the special ability of each Character of the deck",
            ),
            *[Part(f"score:{key}", (1,), scale=1 / 100, doc=f"score part {key} / 100") for key in SCORE_PARTS],
            Part("over", (1,), doc="the game is over"),
        ]
    )


class KingsFamilyObserver(ObservationWriter):
    """The King's Family observation writer for a deck's card list (``universe``), on
    :func:`layout`."""

    def __init__(self, universe: list[str]) -> None:
        col, inv, _ = card_columns(universe)
        ccol, _ = character_columns(universe)
        lay = layout(universe)
        super().__init__(lay)
        self.col = col
        self.inv = inv
        self.ccol = ccol
        self.pile_scale = lay.part("draw_pile").scale
        self.hand_scale = lay.part("hand_size").scale
        self.count_scale = lay.part("sibling").column_scale("count")
        self.size_scale = lay.part("generation_sizes").scale
        self.score_scale = lay.part("score:score").scale
        gen = lay.part("genealogy")
        self.gen_width = len(gen.values)
        self.row_scale = gen.column_scale("row")
        self.x_scale = gen.column_scale("x")
        self.ability_count = len(ABILITIES)
        o = self.offsets
        self.o_decision = o["decision"]
        self.o_event = o["pending_event"]
        self.o_sibling = o["sibling"]
        self.o_sib_child = o["sibling_child"]
        self.o_sib_last = o["sibling_last"]
        self.o_hand = o["hand"]
        self.o_hand_size = o["hand_size"]
        self.o_pile = o["draw_pile"]
        self.o_closed = o["drawing_closed"]
        self.o_discard = o["discard"]
        self.o_gen = o["genealogy"]
        self.o_sizes = o["generation_sizes"]
        self.o_abilities = o["abilities"]
        self.o_score = o["score:generations"]
        self.o_over = o["over"]

    def cards(self, out: vec[float], at: i64, faces: list[int]) -> None:
        """The multi-hot of ``faces`` over the deck's cards, at ``at``."""
        col = self.col
        inv = self.inv
        for f in faces:
            c = col[f]
            if c >= 0:
                add_copy(out, at + c, inv[f])

    def write(self, state: State, seat: int, out: vec[float], base: i64) -> None:
        s = state
        assert isinstance(s, KingsFamilyState)
        ccol = self.ccol
        if not s.over:
            if s.pending_event >= 0:
                d = DRAWN_EVENT
            elif s.sib_child >= 0 and s.sib_count == 1:
                d = SECOND_SIBLING
            elif seat != SEAT:
                d = PLAY_OR_DRAW
            else:
                d = DRAW if s.must_draw() else PLAY
            out[base + self.o_decision + d] = 1.0
            if s.pending_event >= 0:
                c = self.col[s.pending_event]
                if c >= 0:
                    out[base + self.o_event + c] = self.inv[s.pending_event]
            if s.sib_child >= 0 and (s.sib_count > 0 or (seat == SEAT and len(rules.legal_sibling(s)) > 0)):
                at = base + self.o_sibling
                out[at] = 1.0
                if s.sib_side == LEFT:
                    out[at + 1] = 1.0
                elif s.sib_side == RIGHT:
                    out[at + 2] = 1.0
                count = s.sib_count * self.count_scale
                put(out, at + 3, count, 0.0, 1.0)
                if ccol[s.sib_child] >= 0:
                    out[base + self.o_sib_child + ccol[s.sib_child]] = 1.0
                if s.sib_last >= 0 and ccol[s.sib_last] >= 0:
                    out[base + self.o_sib_last + ccol[s.sib_last]] = 1.0
        if seat == SEAT:
            self.cards(out, base + self.o_hand, s.hand)
        put(out, base + self.o_hand_size, len(s.hand) * self.hand_scale, 0.0, 1.0)
        put(out, base + self.o_pile, len(s.pile) * self.pile_scale, 0.0, 1.0)
        if s.closed:
            out[base + self.o_closed] = 1.0
        self.cards(out, base + self.o_discard, s.discard)
        self._genealogy(s, out, base)
        abil = s.abilities
        at = base + self.o_abilities
        for card in range(NUM_CHARACTERS):
            a = abil[card]
            if a and ccol[card] >= 0:
                out[at + ccol[card] * self.ability_count + a - 1] = 1.0
        parts = s.score_tuple()  # in the order of SCORE_PARTS
        at = base + self.o_score
        scale = self.score_scale
        for i in range(len(parts)):
            put(out, at + i, parts[i] * scale, 0.0, 1.0)
        if s.over:
            out[base + self.o_over] = 1.0

    def _genealogy(self, s: KingsFamilyState, out: vec[float], base: i64) -> None:
        """The Genealogy table (one row per Character in it) and the generation sizes (cards per
        row, top first, / 10)."""
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
        at = base + self.o_sizes
        for i, row in enumerate(gen.row_numbers()[:ROW_LIMIT]):
            size = gen.row_size(row) * self.size_scale
            out[at + i] = 1.0 if size > 1.0 else size


__all__ = ["KingsFamilyObserver", "layout"]
