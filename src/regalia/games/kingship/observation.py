"""Kingship's observation tensor written straight from the state (the RL fast path).

:class:`KingshipObserver` writes the floats that ``regalia.rl.encoders.kingship`` computes from
``view(seat)`` — the same slices, offsets and values — from the state's fields, and only what the
view shows (:func:`.view.build_view`): the decision as the seat may see it (a hidden response
window of another seat shows the decision before it, KS-37), its public details (the same table of
details per decision as the view, ``view._INFO_KEYS``), the seat's own hand, the cards it knows in
other hands and on top of the deck, the whole deck only while it searches it. The conformance
suite (``tests/conformance/test_observation.py``) checks the two paths equal on random playouts.
"""

from __future__ import annotations

from typing import Any, Final

from librt.vecs import vec
from mypy_extensions import i64

from regalia.core.observation import ObservationWriter, add_copy, put, relative
from regalia.core.state import State
from regalia.games.kingship.actions import ASK_NOTHING, L_CANNOT_WIN, L_EXACTLY, L_TAX, L_WINS, NITEMS
from regalia.games.kingship.cards import NAME, NK, NSPEC, OUTLAW_V
from regalia.games.kingship.engine import PUBLIC
from regalia.games.kingship.state import KingshipState
from regalia.games.kingship.view import _INFO_KEYS

DECISIONS: Final = (
    "main", "target", "dq", "outlaw", "reroute", "knight", "lq", "demon", "demon_take", "give",
    "give_exile", "place", "farmer", "poacher", "spec", "poach", "revive", "priest_draw", "m_take",
    "m_return", "m_offer", "m_ask", "m_resp", "m_choose", "prince_title", "queen", "search", "extra",
    "law", "vote", "exile", "tax",
)  # fmt: skip
"""The decision kinds, in the encoder's order."""
DECISION_INDEX: Final[dict[str, int]] = {d: i for i, d in enumerate(DECISIONS)}
TITLE_COUNT: Final = 6
LAW_KINDS: Final = 10
"""The law kinds one-hot, in the order of ``actions.LAW_WORDS`` (the encoder's order too)."""
SPEC_SIZE: Final = 18
"""A card spec: any, value A..K and Outlaw (14), suit L/D/T (3)."""
MERCHANT: Final = 6
EXACTLY_MAX: Final = 20
TURN_SCALE: Final = 1 / 300
SIZE_SCALE: Final = 1 / 20
OUTLAWS_SCALE: Final = 1 / 4
COUNT_SCALE: Final = 1 / 10
INFO_ALWAYS: Final = ("actor", "wizard_copy")
"""Details every decision shows (``view._decision_info``)."""
_NO_KEYS: Final[tuple[str, ...]] = ()


def spec_floats(spec: int, out: vec[float], at: i64) -> None:
    """A card spec (``v * 4 + s``) as the encoder reads its text (``cards.spec_text``): ``any``,
    ``Outlaw``, or a value A..K and/or a suit L/D/T."""
    v, s = divmod(spec, 4)
    if v == 0 and s == 0:
        out[at] = 1.0
        return
    if v == OUTLAW_V:
        out[at + 1 + 13] = 1.0
        return
    if v:
        out[at + v] = 1.0
    if s:
        out[at + 14 + s] = 1.0


class KingshipObserver(ObservationWriter):
    """The Kingship observation writer for ``players`` seats and the deck's card list
    (``universe``). Layout: ``docs/rl.md`` ("Kingship")."""

    def __init__(self, players: int, universe: list[str]) -> None:
        kind_of = {NAME[k]: k for k in range(NK)}
        col = [-1] * NK
        copies = [0] * NK
        ncards = 0
        for text in universe:
            k = kind_of[text]
            if col[k] < 0:
                col[k] = ncards
                ncards += 1
            copies[k] += 1
        n = players
        law = LAW_KINDS + 1 + SPEC_SIZE + n
        super().__init__(
            [
                ("observer", (n,)),
                ("decision", (len(DECISIONS),)),
                ("to_act", (n,)),
                ("turn_player", (n,)),
                ("turn", (1,)),
                ("direction", (2,)),
                ("drawn_this_turn", (1,)),
                ("skip_next", (1,)),
                ("extra_turn", (1,)),
                ("over", (1,)),
                ("hand", (ncards,)),
                ("hand_sizes", (n, 1)),
                ("known_cards", (n, ncards)),
                ("pile_top", (ncards,)),
                ("pile", (ncards,)),
                ("pile_size", (1,)),
                ("deck_size", (1,)),
                ("deck_top_known", (ncards,)),
                ("deck_known", (ncards,)),
                ("deck_cards", (ncards,)),
                ("graveyard", (ncards,)),
                *[(f"title:{t}", (n,)) for t in ("Kingship", "DarkQueen", "LightQueen", "Outlaw", "Demon", "Silenced")],
                ("laws", (law,)),
                ("outlaws_in_play", (1,)),
                ("info:actor", (n,)),
                ("info:target", (n,)),
                ("info:forbidden", (n,)),
                ("info:spec", (SPEC_SIZE,)),
                ("info:law", (law,)),
                ("info:drawer", (n,)),
                ("info:count", (1,)),
                ("info:mode", (2,)),
                ("info:wizard_copy", (ncards,)),
                ("info:offer", (ncards,)),
                ("info:ask", (SPEC_SIZE,)),
                ("info:merchant", (MERCHANT,)),
                ("winners", (n,)),
            ]
        )
        self.players = players
        self.col = col
        self.inv = [1.0 / c if c else 0.0 for c in copies]
        self.ncards = ncards
        self.total_scale = 1 / max(1, len(universe))
        o = self.offsets
        self.o = o
        self.o_hand = o["hand"]
        self.o_known = o["known_cards"]
        self.o_title = o["title:Kingship"]

    def count(self, out: vec[float], at: i64, kind: int, n: int) -> None:
        """``n`` copies of ``kind`` in a multi-hot over the deck's cards at ``at``."""
        c = self.col[kind]
        if c >= 0 and n > 0:
            x = n * self.inv[kind]
            out[at + c] = 1.0 if x > 1.0 else x

    def cards(self, out: vec[float], at: i64, kinds: list[int]) -> None:
        """The multi-hot of a list of kinds (with repeats) at ``at``."""
        col = self.col
        inv = self.inv
        for k in kinds:
            c = col[k]
            if c >= 0:
                add_copy(out, at + c, inv[k])

    def seat(self, out: vec[float], at: i64, s: Any, seat: int) -> None:
        """A seat one-hot relative to ``seat`` (anything but a seat number: nothing)."""
        if isinstance(s, int) and not isinstance(s, bool) and 0 <= s < self.players:
            out[at + relative(s, seat, self.players)] = 1.0

    def law(self, out: vec[float], at: i64, ltype: int, param: int, seat: int) -> None:
        """One law (type, parameter) into a law encoding at ``at`` (several laws add up, clipped)."""
        if not 0 <= ltype < LAW_KINDS:
            return
        out[at + ltype] = 1.0
        if ltype == L_EXACTLY:
            x = param / EXACTLY_MAX
            out[at + LAW_KINDS] = 1.0 if x > 1.0 else x
        elif ltype == L_TAX:
            spec_floats(param, out, at + LAW_KINDS + 1)
        elif (ltype in (L_CANNOT_WIN, L_WINS)) and 0 <= param < self.players:
            out[at + LAW_KINDS + 1 + SPEC_SIZE + relative(param, seat, self.players)] = 1.0

    def write(self, state: State, seat: int, out: vec[float], base: i64) -> None:
        s = state
        assert isinstance(s, KingshipState)
        n = self.players
        o = self.o
        d = s.shown_decision(None if seat < 0 else seat)
        if seat >= 0:
            out[base + o["observer"] + seat] = 1.0
        if d is not None:
            i = DECISION_INDEX.get(d[0], -1)
            if i >= 0:
                out[base + o["decision"] + i] = 1.0
            self.seat(out, base + o["to_act"], d[1], seat)
        self.seat(out, base + o["turn_player"], s.tp, seat)
        put(out, base + o["turn"], s.nturns * TURN_SCALE, 0.0, 1.0)
        out[base + o["direction"] + (0 if s.direction == 1 else 1)] = 1.0
        if s.drawn:
            out[base + o["drawn_this_turn"]] = 1.0
        if s.skip:
            out[base + o["skip_next"]] = 1.0
        if s.extra:
            out[base + o["extra_turn"]] = 1.0
        if s.is_terminal:
            out[base + o["over"]] = 1.0
        if seat >= 0:
            hand = s.hands[seat]
            for k in range(NK):
                if hand[k]:
                    self.count(out, base + self.o_hand, k, hand[k])
        start = seat if seat >= 0 else 0
        observer = seat if seat >= 0 else PUBLIC
        for r in range(n):
            p = (start + r) % n
            put(out, base + o["hand_sizes"] + r, s.hs[p] * SIZE_SCALE, 0.0, 1.0)
            if p != seat:
                known = s.known.get(observer * 8 + p)
                if known:
                    at = base + self.o_known + r * self.ncards
                    for k, c in known.items():
                        self.count(out, at, k, c)
        self._piles(s, seat, d, out, base)
        for t in range(TITLE_COUNT):
            h = s.titles[t]
            if h >= 0:
                self.seat(out, base + self.o_title + t * n, h, seat)
        at = base + o["laws"]
        for law in s.laws:
            self.law(out, at, law[0], law[1], seat)
        outlaws = s.ctx.get("outlaws")
        if outlaws:
            put(out, base + o["outlaws_in_play"], len(outlaws) * OUTLAWS_SCALE, 0.0, 1.0)
        if d is not None:
            self._info(s, d, seat, out, base)
        for w in s.winners:
            self.seat(out, base + o["winners"], w, seat)

    def _piles(self, s: KingshipState, seat: int, d: Any, out: vec[float], base: i64) -> None:
        """The pile, the deck (its size, the top cards the seat knows, the whole of it while the
        seat searches it) and the graveyard."""
        o = self.o
        pile = s.pile
        if pile:
            k = pile[-1]
            if self.col[k] >= 0:
                out[base + o["pile_top"] + self.col[k]] = self.inv[k]
        self.cards(out, base + o["pile"], pile)
        put(out, base + o["pile_size"], len(pile) * self.total_scale, 0.0, 1.0)
        deck = s.deck
        put(out, base + o["deck_size"], len(deck) * self.total_scale, 0.0, 1.0)
        kt = s.knows_top[-1 if seat < 0 else seat]
        if kt > len(deck):
            kt = len(deck)
        if kt > 0:
            top = deck[-1]
            if self.col[top] >= 0:
                out[base + o["deck_top_known"] + self.col[top]] = self.inv[top]
            self.cards(out, base + o["deck_known"], deck[len(deck) - kt :])
        if seat >= 0 and d is not None and d[0] == "search" and d[1] == seat:
            self.cards(out, base + o["deck_cards"], deck)
        self.cards(out, base + o["graveyard"], s.grave)

    def _info(self, s: KingshipState, d: tuple[Any, ...], seat: int, out: vec[float], base: i64) -> None:
        """The public details of the decision ``d`` (``view._decision_info``)."""
        o = self.o
        c = s.ctx
        kind = d[0]
        keep = _INFO_KEYS.get(kind, _NO_KEYS)
        actor = c.get("actor")
        if isinstance(actor, int) and actor >= 0:
            self.seat(out, base + o["info:actor"], actor, seat)
        if "target" in keep:
            target = c.get("target")
            if isinstance(target, int) and target >= 0:
                self.seat(out, base + o["info:target"], target, seat)
        if "forbidden" in keep:
            forbidden = c.get("t_forb")
            if forbidden:
                for f in forbidden:
                    self.seat(out, base + o["info:forbidden"], f, seat)
        if "spec" in keep and "spec" in c:
            spec_floats(c["spec"], out, base + o["info:spec"])
        if "law" in keep and "law" in c:
            law = c["law"]
            self.law(out, base + o["info:law"], law[0], law[1], seat)
        if kind == "lq":
            self.seat(out, base + o["info:drawer"], d[2], seat)
            count = d[3]
            if isinstance(count, (int, float)):
                put(out, base + o["info:count"], float(count) * COUNT_SCALE, 0.0, 1.0)
        elif kind == "law":
            if d[2] == "king":
                out[base + o["info:mode"]] = 1.0
            elif d[2] == "prince":
                out[base + o["info:mode"] + 1] = 1.0
        if "copied" in c:
            self.cards(out, base + o["info:wizard_copy"], [c["copied"]])
        self._merchant(c, keep, out, base)

    def _merchant(self, c: dict[str, Any], keep: tuple[str, ...], out: vec[float], base: i64) -> None:
        """A Merchant's offer (a card or a title), ask (a spec, a title or nothing) and counters."""
        o = self.o
        offer = c["m_item"] if "offer" in keep and "m_item" in c else -1
        ask = c["m_ask"] if "ask" in keep and "m_ask" in c else -1
        counters = c.get("m_counters") if "counters" in keep else None
        at = base + o["info:merchant"]
        if offer >= 0:
            if offer < NK:
                self.cards(out, base + o["info:offer"], [offer])
            out[at] = 1.0
            if NK <= offer < NITEMS:
                out[at + 1] = 1.0
        if ask >= 0:
            out[at + 2] = 1.0
            if ask == ASK_NOTHING:
                out[at + 4] = 1.0
            elif ask >= NSPEC:
                out[at + 3] = 1.0
            else:
                spec_floats(ask, out, base + o["info:ask"])
        if counters:
            seats = {e[0] for e in counters}
            x = len(seats) / 8
            out[at + 5] = 1.0 if x > 1.0 else x


__all__ = ["DECISIONS", "KingshipObserver", "spec_floats"]
