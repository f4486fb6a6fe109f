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

from regalia.core.observation import Layout, ObservationWriter, Part, add_copy, put, relative
from regalia.core.state import State
from regalia.games.kingship.actions import (
    ASK_NOTHING,
    EXACTLY_MAX,
    L_CANNOT_WIN,
    L_EXACTLY,
    L_TAX,
    L_WINS,
    LAW_WORDS,
    NITEMS,
)
from regalia.games.kingship.cards import NAME, NK, NSPEC, OUTLAW_V, SUITS, TITLE_NAMES, VALUE_TEXT
from regalia.games.kingship.context import UNSET, PlayContext
from regalia.games.kingship.engine import PUBLIC
from regalia.games.kingship.phases import DECISION_KINDS
from regalia.games.kingship.state import KingshipState
from regalia.games.kingship.view import _INFO_KEYS

DECISION_INDEX: Final[dict[str, int]] = {d: i for i, d in enumerate(DECISION_KINDS)}
SPEC_VALUES: Final[tuple[str, ...]] = ("any", *VALUE_TEXT[1:], "Outlaw", *SUITS)
"""A card spec (``"7L"``, ``"7"``, ``"L"``, ``"Outlaw"``, ``"any"``) as floats: any, the value
(A..K, Outlaw), the suit (L, D, T)."""
SPEC_SIZE: Final = len(SPEC_VALUES)
LAW_KINDS: Final = len(LAW_WORDS)
MERCHANT_COLUMNS: Final[tuple[str, ...]] = ("offer", "offer_is_title", "ask", "ask_is_title", "ask_nothing", "counters")
"""A Merchant's offer and ask on the table, whether titles are in them, and the seats that
counter-offered / 8."""
INFO_ALWAYS: Final = ("actor", "wizard_copy")
"""Details every decision shows (``view._decision_info``)."""
_NO_KEYS: Final[tuple[str, ...]] = ()


def law_columns(players: int) -> tuple[str, ...]:
    """The columns of a law encoding: the law kinds (multi-hot), ``exactly`` N (/ 20), the tax
    spec (``tax:<spec value>``), the seat a law names (``seat:<row from the observer>``)."""
    return (
        *LAW_WORDS,
        "exactly_n",
        *[f"tax:{v}" for v in SPEC_VALUES],
        *[f"seat:{r}" for r in range(players)],
    )


def _law_part(name: str, players: int, doc: str) -> Part:
    columns = law_columns(players)
    scales = tuple(1 / EXACTLY_MAX if c == "exactly_n" else 1.0 for c in columns)
    return Part(name, (len(columns),), values=columns, scales=scales, doc=doc)


def layout(players: int, universe: list[str]) -> Layout:
    """The Kingship observation layout for ``players`` seats and the deck's card list
    (``universe``, the game's ``all_cards``). Seat-indexed parts are ordered from the observer
    (row 0 = the observing seat). ``docs/rl.md`` ("Kingship") lists it."""
    n = players
    cards = tuple(dict.fromkeys(universe))
    k = len(cards)
    total = 1 / max(1, len(universe))
    spec = (SPEC_SIZE,)
    return Layout(
        [
            Part("observer", (n,), doc="one-hot of the observing seat (zero for a spectator)"),
            Part(
                "decision", (len(DECISION_KINDS),), values=DECISION_KINDS, doc="the pending decision as shown (KS-37)"
            ),
            Part("to_act", (n,), doc="the seat to act"),
            Part("turn_player", (n,), doc="the seat whose turn it is"),
            Part("turn", (1,), scale=1 / 300, doc="turns / 300"),
            Part("direction", (2,), values=("clockwise", "counter-clockwise"), doc="the direction of play"),
            Part("drawn_this_turn", (1,), doc="the turn player drew this turn"),
            Part("skip_next", (1,), doc="the next player is skipped"),
            Part("extra_turn", (1,), doc="an extra turn follows (Emperor pair)"),
            Part("over", (1,), doc="the game is over"),
            Part("hand", (k,), values=cards, doc="the observer's hand"),
            Part("hand_sizes", (n, 1), scale=1 / 20, doc="cards in each hand / 20"),
            Part("known_cards", (n, k), values=cards, doc="the cards the observer knows in each hand"),
            Part("pile_top", (k,), values=cards, doc="the top card of the pile"),
            Part("pile", (k,), values=cards, doc="the pile"),
            Part("pile_size", (1,), scale=total, doc="cards in the pile / all cards"),
            Part("deck_size", (1,), scale=total, doc="cards in the deck / all cards"),
            Part("deck_top_known", (k,), values=cards, doc="the top card of the deck, when the observer knows it"),
            Part("deck_known", (k,), values=cards, doc="the top cards of the deck the observer knows"),
            Part("deck_cards", (k,), values=cards, doc="the whole deck, while the observer searches it"),
            Part("graveyard", (k,), values=cards, doc="the graveyard"),
            *[Part(f"title:{t}", (n,), doc=f"who holds the title {t}") for t in TITLE_NAMES],
            _law_part("laws", n, "the laws in force"),
            Part("outlaws_in_play", (1,), scale=1 / 4, doc="Outlaws played in the chain / 4"),
            Part("info:actor", (n,), doc="the decision's acting player"),
            Part("info:target", (n,), doc="its target"),
            Part("info:forbidden", (n,), doc="the seats a target may not be"),
            Part("info:spec", spec, values=SPEC_VALUES, doc="the card specified"),
            _law_part("info:law", n, "the law proposed or voted on"),
            Part("info:drawer", (n,), doc="who would draw (Light Queen window)"),
            Part("info:count", (1,), scale=1 / 10, doc="how many cards / 10 (Light Queen window)"),
            Part("info:mode", (2,), values=("king", "prince"), doc="who proposes the law"),
            Part("info:wizard_copy", (k,), values=cards, doc="the card a Wizard copies"),
            Part("info:offer", (k,), values=cards, doc="the card a Merchant offers"),
            Part("info:ask", spec, values=SPEC_VALUES, doc="the card a Merchant asks for"),
            Part(
                "info:merchant",
                (len(MERCHANT_COLUMNS),),
                values=MERCHANT_COLUMNS,
                scales=(1, 1, 1, 1, 1, 1 / 8),
                doc="the Merchant's trade",
            ),
            Part("winners", (n,), doc="the winners"),
        ]
    )


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
        lay = layout(players, universe)
        super().__init__(lay)
        self.players = players
        self.col = col
        self.inv = [1.0 / c if c else 0.0 for c in copies]
        self.ncards = ncards
        part = lay.part
        self.total_scale = part("pile_size").scale
        self.turn_scale = part("turn").scale
        self.size_scale = part("hand_sizes").scale
        self.outlaws_scale = part("outlaws_in_play").scale
        self.count_scale = part("info:count").scale
        self.exactly_scale = part("laws").column_scale("exactly_n")
        self.counters_scale = part("info:merchant").column_scale("counters")
        o = self.offsets
        self.o_observer = o["observer"]
        self.o_decision = o["decision"]
        self.o_to_act = o["to_act"]
        self.o_turn_player = o["turn_player"]
        self.o_turn = o["turn"]
        self.o_direction = o["direction"]
        self.o_drawn = o["drawn_this_turn"]
        self.o_skip = o["skip_next"]
        self.o_extra = o["extra_turn"]
        self.o_over = o["over"]
        self.o_hand = o["hand"]
        self.o_sizes = o["hand_sizes"]
        self.o_known = o["known_cards"]
        self.o_pile_top = o["pile_top"]
        self.o_pile = o["pile"]
        self.o_pile_size = o["pile_size"]
        self.o_deck_size = o["deck_size"]
        self.o_deck_top = o["deck_top_known"]
        self.o_deck_known = o["deck_known"]
        self.o_deck_cards = o["deck_cards"]
        self.o_grave = o["graveyard"]
        self.o_title = o["title:Kingship"]
        self.o_laws = o["laws"]
        self.o_outlaws = o["outlaws_in_play"]
        self.o_actor = o["info:actor"]
        self.o_target = o["info:target"]
        self.o_forbidden = o["info:forbidden"]
        self.o_spec = o["info:spec"]
        self.o_law = o["info:law"]
        self.o_drawer = o["info:drawer"]
        self.o_count = o["info:count"]
        self.o_mode = o["info:mode"]
        self.o_copy = o["info:wizard_copy"]
        self.o_offer = o["info:offer"]
        self.o_ask = o["info:ask"]
        self.o_merchant = o["info:merchant"]
        self.o_winners = o["winners"]

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
            x = param * self.exactly_scale
            out[at + LAW_KINDS] = 1.0 if x > 1.0 else x
        elif ltype == L_TAX:
            spec_floats(param, out, at + LAW_KINDS + 1)
        elif (ltype in (L_CANNOT_WIN, L_WINS)) and 0 <= param < self.players:
            out[at + LAW_KINDS + 1 + SPEC_SIZE + relative(param, seat, self.players)] = 1.0

    def write(self, state: State, seat: int, out: vec[float], base: i64) -> None:
        s = state
        assert isinstance(s, KingshipState)
        n = self.players
        d = s.shown_decision(None if seat < 0 else seat)
        if seat >= 0:
            out[base + self.o_observer + seat] = 1.0
        if d is not None:
            i = DECISION_INDEX.get(d[0], -1)
            if i >= 0:
                out[base + self.o_decision + i] = 1.0
            self.seat(out, base + self.o_to_act, d[1], seat)
        self.seat(out, base + self.o_turn_player, s.turn_player, seat)
        put(out, base + self.o_turn, s.nturns * self.turn_scale, 0.0, 1.0)
        out[base + self.o_direction + (0 if s.direction == 1 else 1)] = 1.0
        if s.drawn:
            out[base + self.o_drawn] = 1.0
        if s.skip:
            out[base + self.o_skip] = 1.0
        if s.extra:
            out[base + self.o_extra] = 1.0
        if s.is_terminal:
            out[base + self.o_over] = 1.0
        if seat >= 0:
            hand = s.hands[seat]
            for k in range(NK):
                if hand[k]:
                    self.count(out, base + self.o_hand, k, hand[k])
        start = seat if seat >= 0 else 0
        observer = seat if seat >= 0 else PUBLIC
        for r in range(n):
            p = (start + r) % n
            put(out, base + self.o_sizes + r, s.hs[p] * self.size_scale, 0.0, 1.0)
            if p != seat:
                known = s.known.get(observer * 8 + p)
                if known:
                    at = base + self.o_known + r * self.ncards
                    for k, c in known.items():
                        self.count(out, at, k, c)
        self._piles(s, seat, d, out, base)
        for t in range(len(TITLE_NAMES)):
            h = s.titles[t]
            if h >= 0:
                self.seat(out, base + self.o_title + t * n, h, seat)
        at = base + self.o_laws
        for law in s.laws:
            self.law(out, at, law[0], law[1], seat)
        outlaws = s.ctx.outlaws
        if outlaws:
            put(out, base + self.o_outlaws, len(outlaws) * self.outlaws_scale, 0.0, 1.0)
        if d is not None:
            self._info(s, d, seat, out, base)
        for w in s.winners:
            self.seat(out, base + self.o_winners, w, seat)

    def _piles(self, s: KingshipState, seat: int, d: Any, out: vec[float], base: i64) -> None:
        """The pile, the deck (its size, the top cards the seat knows, the whole of it while the
        seat searches it) and the graveyard."""
        pile = s.pile
        if pile:
            k = pile[-1]
            if self.col[k] >= 0:
                out[base + self.o_pile_top + self.col[k]] = self.inv[k]
        self.cards(out, base + self.o_pile, pile)
        put(out, base + self.o_pile_size, len(pile) * self.total_scale, 0.0, 1.0)
        deck = s.deck
        put(out, base + self.o_deck_size, len(deck) * self.total_scale, 0.0, 1.0)
        kt = s.knows_top[-1 if seat < 0 else seat]
        if kt > len(deck):
            kt = len(deck)
        if kt > 0:
            top = deck[-1]
            if self.col[top] >= 0:
                out[base + self.o_deck_top + self.col[top]] = self.inv[top]
            self.cards(out, base + self.o_deck_known, deck[len(deck) - kt :])
        if seat >= 0 and d is not None and d[0] == "search" and d[1] == seat:
            self.cards(out, base + self.o_deck_cards, deck)
        self.cards(out, base + self.o_grave, s.grave)

    def _info(self, s: KingshipState, d: tuple[Any, ...], seat: int, out: vec[float], base: i64) -> None:
        """The public details of the decision ``d`` (``view._decision_info``)."""
        c = s.ctx
        kind = d[0]
        keep = _INFO_KEYS.get(kind, _NO_KEYS)
        if c.actor >= 0:
            self.seat(out, base + self.o_actor, c.actor, seat)
        if "target" in keep and c.target >= 0:
            self.seat(out, base + self.o_target, c.target, seat)
        if "forbidden" in keep:
            forbidden = c.t_forb
            if forbidden:
                for f in forbidden:
                    self.seat(out, base + self.o_forbidden, f, seat)
        if "spec" in keep and c.spec != UNSET:
            spec_floats(c.spec, out, base + self.o_spec)
        if "law" in keep and c.law is not None:
            law = c.law
            self.law(out, base + self.o_law, law[0], law[1], seat)
        if kind == "lq":
            self.seat(out, base + self.o_drawer, d[2], seat)
            count = d[3]
            if isinstance(count, (int, float)):
                put(out, base + self.o_count, float(count) * self.count_scale, 0.0, 1.0)
        elif kind == "law":
            if d[2] == "king":
                out[base + self.o_mode] = 1.0
            elif d[2] == "prince":
                out[base + self.o_mode + 1] = 1.0
        if c.copied != UNSET:
            self.cards(out, base + self.o_copy, [c.copied])
        self._merchant(c, keep, out, base)

    def _merchant(self, c: PlayContext, keep: tuple[str, ...], out: vec[float], base: i64) -> None:
        """A Merchant's offer (a card or a title), ask (a spec, a title or nothing) and counters."""
        offer = c.m_item if "offer" in keep and c.m_item != UNSET else -1
        ask = c.m_ask if "ask" in keep and c.m_ask != UNSET else -1
        counters = c.m_counters if "counters" in keep else None
        at = base + self.o_merchant
        if offer >= 0:
            if offer < NK:
                self.cards(out, base + self.o_offer, [offer])
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
                spec_floats(ask, out, base + self.o_ask)
        if counters:
            seats = {e[0] for e in counters}
            x = len(seats) * self.counters_scale
            out[at + 5] = 1.0 if x > 1.0 else x


__all__ = ["KingshipObserver", "law_columns", "layout", "spec_floats"]
