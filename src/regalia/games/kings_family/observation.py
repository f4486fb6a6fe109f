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

from regalia.core.observation import ObservationWriter, add_copy, put
from regalia.core.state import State
from regalia.games.kings_blood.cards import ENTHRONEMENT, KINGS_BLOOD, NUM_CHARACTERS
from regalia.games.kings_blood.genealogy import LEFT, RIGHT
from regalia.games.kings_blood.observation import card_columns, character_columns
from regalia.games.kings_family.phases import DECISION_DRAW, ROW_LIMIT, SEAT
from regalia.games.kings_family.state import KingsFamilyState

DECISION_COUNT: Final = 5
"""``play``, ``draw``, ``drawn_event``, ``second_sibling``, ``play_or_draw`` (the encoder's
``DECISIONS``)."""
PLAY: Final = 0
DRAW: Final = 1
DRAWN_EVENT: Final = 2
SECOND_SIBLING: Final = 3
PLAY_OR_DRAW: Final = 4
GENEALOGY_COLUMNS: Final = 6
ABILITY_COUNT: Final = 3
"""Skip, Reverse, Draw 3 (``ABILITY_NAMES[1:]``)."""
ROW_SCALE: Final = 1 / 10
X_SCALE: Final = 1 / 40
HAND_SCALE: Final = 1 / 10
SCORE_SCALE: Final = 1 / 100
SCORE_PARTS: Final = ("generations", "doubled", "exhaustions", "exhaustion_bonus", "score")


class KingsFamilyObserver(ObservationWriter):
    """The King's Family observation writer for a deck's card list (``universe``). Layout:
    ``docs/rl.md`` ("King's Family")."""

    def __init__(self, universe: list[str]) -> None:
        col, inv, ncards = card_columns(universe)
        ccol, nchars = character_columns(universe)
        super().__init__(
            [
                ("decision", (DECISION_COUNT,)),
                ("pending_event", (ncards,)),
                ("sibling", (4,)),
                ("sibling_child", (nchars,)),
                ("sibling_last", (nchars,)),
                ("hand", (ncards,)),
                ("hand_size", (1,)),
                ("draw_pile", (1,)),
                ("drawing_closed", (1,)),
                ("discard", (ncards,)),
                ("genealogy", (nchars, GENEALOGY_COLUMNS)),
                ("generation_sizes", (ROW_LIMIT,)),
                ("abilities", (nchars, ABILITY_COUNT)),
                *[(f"score:{k}", (1,)) for k in SCORE_PARTS],
                ("over", (1,)),
            ]
        )
        self.col = col
        self.inv = inv
        self.ccol = ccol
        self.pile_scale = 1 / max(1, len(universe))
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
                d = DRAW if s.decision() == DECISION_DRAW else PLAY
            out[base + self.o_decision + d] = 1.0
            if s.pending_event >= 0:
                c = self.col[s.pending_event]
                if c >= 0:
                    out[base + self.o_event + c] = self.inv[s.pending_event]
            if s.sib_child >= 0 and (s.sib_count > 0 or (seat == SEAT and len(s._sibling_actions()) > 0)):
                at = base + self.o_sibling
                out[at] = 1.0
                if s.sib_side == LEFT:
                    out[at + 1] = 1.0
                elif s.sib_side == RIGHT:
                    out[at + 2] = 1.0
                count = s.sib_count / 4
                put(out, at + 3, count, 0.0, 1.0)
                if ccol[s.sib_child] >= 0:
                    out[base + self.o_sib_child + ccol[s.sib_child]] = 1.0
                if s.sib_last >= 0 and ccol[s.sib_last] >= 0:
                    out[base + self.o_sib_last + ccol[s.sib_last]] = 1.0
        if seat == SEAT:
            self.cards(out, base + self.o_hand, s.hand)
        put(out, base + self.o_hand_size, len(s.hand) * HAND_SCALE, 0.0, 1.0)
        put(out, base + self.o_pile, len(s.pile) * self.pile_scale, 0.0, 1.0)
        if s.closed:
            out[base + self.o_closed] = 1.0
        self.cards(out, base + self.o_discard, s.discard)
        self._genealogy(s, out, base)
        abil = s._abil
        at = base + self.o_abilities
        for card in range(NUM_CHARACTERS):
            a = abil[card]
            if a and ccol[card] >= 0:
                out[at + ccol[card] * ABILITY_COUNT + a - 1] = 1.0
        parts = s.score_parts()
        at = base + self.o_score
        for i, key in enumerate(SCORE_PARTS):
            put(out, at + i, parts[key] * SCORE_SCALE, 0.0, 1.0)
        if s.over:
            out[base + self.o_over] = 1.0

    def _genealogy(self, s: KingsFamilyState, out: vec[float], base: i64) -> None:
        """The Genealogy table (one row per Character in it) and the generation sizes (cards per
        row, top first, / 10)."""
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
        at = base + self.o_sizes
        for i, row in enumerate(gen.row_numbers()[:ROW_LIMIT]):
            size = gen.row_size(row) / 10
            out[at + i] = 1.0 if size > 1.0 else size


__all__ = ["KingsFamilyObserver"]
