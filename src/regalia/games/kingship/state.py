"""The Kingship State: the protocol (legal actions, apply, explanations, clone, snapshot,
determinize, zones, words for people) on top of the rules.

One ``KingshipState`` holds the typed fields (declared below) and the protocol; the rules are
functions of it in modules layered bottom up, each using only the modules below it::

    engine.py     zones, knowledge of hidden cards, moving cards, titles, the queue
    laws.py       proposals, votes, enactment, the standing laws' checks [KS-11]
    windows.py    targeting: Dark Queen, Outlaw redirects, Knight blocks [KS-6, KS-7]
    merchant.py   the Merchant's trade [KS-9]
    abilities.py  the cards' abilities #1 and #2 [KS-2, KS-8]
    flow.py       the turn: phases 1-3, draws, plays, the Light Queen [KS-3, KS-5]
    state.py      (here) the fields, the dispatch of queue steps and decisions, the protocol

A play is resolved through the **queue** ``q`` of steps ``(op, *args)`` (see :mod:`engine`):
:meth:`KingshipState._run` pops each step and calls its ``op_<op>`` function directly
(:meth:`KingshipState._step`, an ``if`` chain from the most frequent step down: no dispatch
dictionary when compiled), until a step sets ``pending``, the decision ``(kind, seat, ...)`` of one
player (:mod:`phases`). :meth:`KingshipState._decide` hands that player's action to the decision's
``on_<kind>`` function, and :meth:`KingshipState._legal_actions` asks its ``legal_<kind>`` function,
which sits beside it in the module of that decision.

The words for people are functions of the state in their own modules: :mod:`phrases` (phrases the
rules' events use, below the rules), and above the state :mod:`presenter` with :mod:`prompts`,
:mod:`labels`, :mod:`view`, :mod:`keys`; the
checks of a loaded snapshot are in :mod:`snapshot`. The constants they share import nothing of
the game's rules: :mod:`cards`, :mod:`actions`, :mod:`phases`, :mod:`words`.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from itertools import compress
from operator import sub
from typing import Any, Final

from regalia.core.errors import IllegalActionError
from regalia.core.events import Event
from regalia.core.state import State, shuffle
from regalia.games.kingship import abilities, engine, flow, laws, merchant, windows
from regalia.games.kingship import actions as A
from regalia.games.kingship.actions import KingshipAction, parse_act
from regalia.games.kingship.cards import (
    DARK_QUEEN,
    DECK_COUNTS,
    DECK_SIZE,
    FULL_DECK,
    HAND_SIZE,
    KNIGHT_KINDS,
    LIGHT_QUEEN,
    NAME,
    NK,
    OUTLAW,
    SILENCED,
    SPEC_MATCH,
    parse_card,
)
from regalia.games.kingship.context import PlayContext
from regalia.games.kingship.engine import (
    _ORDERS,
    OP_AB_END,
    OP_ACQ,
    OP_ACQ_FINAL,
    OP_AFTER_PLAY,
    OP_ANGEL_GIVE,
    OP_CODES,
    OP_DEMON_TAKE,
    OP_DEMON_WINDOW,
    OP_DRAW,
    OP_DRAW_ACTOR,
    OP_EMPEROR_SEARCH,
    OP_EXILE_ONE,
    OP_EXILE_TO,
    OP_EXTRA_CHOICE,
    OP_FARMER,
    OP_KING_LAW,
    OP_KNIGHT_DRAWS,
    OP_LAW_PROPOSE,
    OP_LAW_WIN,
    OP_MAIN,
    OP_MAIN_AFTER_DRAW,
    OP_MERCHANT_OFFER,
    OP_MERCHANT_REVEAL,
    OP_MESSENGER_PLACE,
    OP_MESSENGER_SKIP,
    OP_NAMES,
    OP_NEED_BELOW,
    OP_OUTLAWS_TO_PILE,
    OP_P4_CHECK,
    OP_PHASE3,
    OP_POACH_EACH,
    OP_POACHER,
    OP_PRIEST_DRAW,
    OP_PRIEST_PICK,
    OP_PRIEST_REVIVE,
    OP_PRINCE_TITLE,
    OP_QUEEN_CHOICE,
    OP_QUEEN_SINGLE,
    OP_REMOVE_LAWS,
    OP_RESOLVE_PLAY,
    OP_REVERSE,
    OP_SILENCE,
    OP_SPEC,
    OP_STRIP_TITLES,
    OP_SWAP,
    OP_TAX,
    OP_TAX_ONE,
    OP_TGT,
    OP_TURN_START,
    OP_UNSILENCE,
    OP_WITCH_EXILE,
    PUBLIC,
    Step,
)
from regalia.games.kingship.phases import DECISIONS, HIDDEN_DECISIONS
from regalia.games.kingship.refusals import explain
from regalia.games.kingship.snapshot import STEP_NAMES, check_types, read_context, validate
from regalia.games.kingship.summary import KingshipSummary, summarize

_INTERPRETED: Final = __file__.endswith(".py")
"""Whether this module runs as Python source. The dispatch of queue steps, decisions and legal
actions is the one place where the two builds take different paths to the same methods: the pure
build looks the method up in a dictionary (one look-up and one call: ``_OPS``, ``_ON``, ``_LEGAL``
below), the compiled one runs the ``if`` chains of :meth:`KingshipState._step`,
:meth:`~KingshipState._decide` and :meth:`~KingshipState._legal_actions` (native string compares and
direct calls, where a dictionary of methods would be a generic Python call). Both cover the same
names, checked at import and by ``tests/games/kingship/test_house.py``."""
_KINDS = range(NK)
_AT_LEAST = [bytes(int(c >= n) for c in range(256)) for n in range(2, max(DECK_COUNTS) + 1)]
"""``bytes.translate`` tables, one for each n from 2 to the most copies of a kind in the deck: a
count becomes 1 when it is at least n, else 0."""


class KingshipState(State):
    """A position of a game of Kingship (see the module docstring and :mod:`regalia.games.kingship.engine`).

    Made by :meth:`new_game` (a new deal) or, empty, by ``KingshipState()`` for ``clone()``,
    ``determinize()`` and ``regalia.from_snapshot`` to fill in."""

    n: int
    hands: list[list[int]]
    hs: list[int]
    deck: list[int]
    pile: list[int]
    grave: list[int]
    titles: list[int]
    laws: list[list[int]]
    direction: int
    turn_player: int
    """The seat whose turn it is (phases 1-3); a pending decision may be another seat's."""
    nturns: int
    drawn: bool
    skip: bool
    extra: bool
    q: list[Step]
    pending: Step | None
    ctx: PlayContext
    """The play's context: what one play's steps pass on (:mod:`~regalia.games.kingship.context`)."""
    winner: int
    is_terminal: bool
    """Whether the game is over (a win, or a draw by ``max_turns`` or KS-36); a plain attribute,
    set only by :meth:`finish` (and when a state is made or restored)."""
    knows_top: list[int]
    """How many cards on top of the deck each seat knows (index ``n``: everyone knows them, e.g. a
    Farmer's revealed card or a Priest's revival; a spectator sees those)."""
    known: dict[int, dict[int, int]]
    """``known[s * 8 + o]``: the cards (kind -> count) seat ``s`` knows in ``o``'s hand; ``s`` is
    ``PUBLIC`` for what everyone knows (revealed to all: an Angel's gift, a revival, a trade)."""
    shown: Step | None
    """The last pending decision everyone could see: what every seat but the one asked sees
    while a hidden window is open (KS-37)."""
    resp: tuple[int, ...]
    """The turns in response windows the last move reached, judged from public information
    (``State.response_turns``, server ruling SRV-2); not part of a snapshot."""
    resp_next: int
    """In the Outlaw scan of the current chain, the position (in turn order from the acting
    player) of the last seat reached, so that a scan starting again after a hidden ``pass``
    records only the seats after it (SRV-2 turns)."""
    stall: int
    """KS-36: consecutive turn starts with nothing changed."""
    stall_fp: list[int] | None
    """KS-36: the fingerprint of the last turn start (see ``flow.stall_fingerprint``)."""
    __slots__ = (
        "ctx",
        "deck",
        "direction",
        "drawn",
        "extra",
        "grave",
        "hands",
        "hs",
        "is_terminal",
        "known",
        "knows_top",
        "laws",
        "n",
        "nturns",
        "pending",
        "pile",
        "q",
        "resp",
        "resp_next",
        "shown",
        "skip",
        "stall",
        "stall_fp",
        "titles",
        "turn_player",
        "winner",
    )
    """The fields above live in slots: a state has more attributes than CPython keeps in a shared,
    fast instance dictionary (30), and every rule reads them, so slots make each read cheaper. The
    core's own attributes (among them the random generator, ``State._rng``) are the core's: they
    stay in the instance dictionary of the pure build. (A compiled build keeps every field in the
    native object's layout and ignores ``__slots__``.)"""

    def shown_decision(self, seat: int | None) -> tuple[Any, ...] | None:
        """The pending decision as ``seat`` may see it (``None`` = a spectator; KS-37): the decision
        itself when it is public or ``seat``'s own, else (a hidden window for another seat) the
        last decision everyone could see; ``None`` once the game is over."""
        p = self.pending
        if p is None or self.is_terminal:
            return None
        if p[0] not in HIDDEN_DECISIONS or p[1] == seat:
            return p
        return self.shown

    @property
    def over(self) -> bool:
        """Whether the game is over (the same as ``is_terminal``)."""
        return self.is_terminal

    def is_silenced(self, seat: int) -> bool:
        """Whether ``seat`` holds the Silenced title [KS-12]."""
        return self.titles[SILENCED] == seat

    def active_holder(self, title: int) -> int:
        """The holder of ``title`` if that holder may use its ability (not silenced), else -1 [KS-12]."""
        h = self.titles[title]
        if h >= 0 and self.titles[SILENCED] == h:
            return -1
        return h

    def order_from(self, seat: int) -> tuple[int, ...]:
        """All seats in turn order (current direction) starting with ``seat``."""
        return _ORDERS[self.n][self.direction][seat]

    def next_seat(self, seat: int) -> int:
        """The seat after ``seat`` in the current direction."""
        return (seat + self.direction) % self.n

    def hand_list(self, seat: int) -> list[int]:
        """The kinds in ``seat``'s hand, sorted, with repeats."""
        h = self.hands[seat]
        out: list[int] = []
        for k in compress(_KINDS, h):
            c = h[k]
            if c == 1:
                out.append(k)
            else:
                out += [k] * c
        return out

    def queen_titles(self) -> tuple[int, int]:
        """The Dark Queen and Light Queen holders (-1 when in the centre)."""
        return self.titles[DARK_QUEEN], self.titles[LIGHT_QUEEN]

    def __init__(self) -> None:
        """An empty state: every field is set by :meth:`new_game`, :meth:`clone` or a restore.
        (Compiled with mypyc, ``KingshipState.__new__`` runs this, so it takes no arguments.)"""

    @classmethod
    def _blank(cls) -> KingshipState:
        """An empty state to fill in (see ``State._blank``)."""
        return cls()

    # ---------------------------------------------------------------- setup
    @classmethod
    def new_game(cls, game: Any, players: int, seed: int, deck: list[str] | None, config: Any) -> KingshipState:
        """Deal a new game: KS-1 first player (seeded deals only), hands by player count, pile started.

        Raises:
            ValueError: a bad ``deck`` (unknown card, too many copies, too many cards).
        """
        s = cls()
        s._init_base(game, config, players, seed, deck)
        order = s._deck_order(deck)  # top first
        dealer = 0
        if deck is None:
            # KS-1: deal face up until an Outlaw appears; that player deals and plays first.
            i = 0
            while order[i] != OUTLAW:
                i += 1
            dealer = i % players
            shuffle(s.rng, order)
        s.n = players
        s.hands = [[0] * NK for _ in range(players)]
        s.hs = [0] * players
        pos = 0
        for _ in range(HAND_SIZE[players]):
            for p in range(players):
                s.hands[p][order[pos]] += 1
                pos += 1
        s.hs = [HAND_SIZE[players]] * players
        s.pile = [order[pos]]
        s.deck = order[pos + 1 :][::-1]
        s.grave = []
        s.titles = [-1] * 6
        s.laws = []
        s.direction = 1
        s.turn_player = dealer
        s.nturns = 0
        s.drawn = False
        s.skip = False
        s.extra = False
        s.q = []
        s.pending = None
        s.ctx = PlayContext()
        s.winner = -1
        s.is_terminal = False
        s.knows_top = [0] * (players + 1)
        s.known = {}
        s.shown = None
        s.resp = ()
        s.resp_next = 0
        s.stall = 0
        s.stall_fp = None
        s._run([])
        return s

    def _deck_order(self, deck: list[str] | None) -> list[int]:
        if deck is None:
            order = FULL_DECK[:]
            shuffle(self.rng, order)
            return order
        counts = [0] * NK
        given = []
        for text in deck:
            try:
                k = parse_card(text)
            except KeyError:
                raise ValueError(f"deck: unknown card {text!r}") from None
            counts[k] += 1
            if counts[k] > DECK_COUNTS[k]:
                raise ValueError(f"deck: too many copies of {NAME[k]!r} ({DECK_COUNTS[k]} in the deck)")
            given.append(k)
        if len(given) > DECK_SIZE:
            raise ValueError(f"deck: {len(given)} cards, expected at most {DECK_SIZE}")
        rest = [k for k in range(NK) for _ in range(DECK_COUNTS[k] - counts[k])]
        shuffle(self.rng, rest)
        return given + rest

    # ---------------------------------------------------------------- protocol basics
    @property
    def current_player(self) -> int | None:
        """The seat that must decide now, or ``None`` when the game is over."""
        if self.is_terminal or self.pending is None:
            return None
        seat: int = self.pending[1]
        return seat

    @property
    def winners(self) -> tuple[int, ...]:
        """The winning seat as a 1-tuple, or ``()``."""
        return (self.winner,) if self.winner >= 0 else ()

    @property
    def turns(self) -> int:
        """Turns started so far (extra turns count)."""
        return self.nturns

    def returns(self) -> list[float]:
        """1.0 for the winner, 0.0 for everyone else (0.0 all round while running or on a draw)."""
        return [1.0 if s == self.winner else 0.0 for s in range(self.n)]

    def action_id(self, action: Any) -> int:
        """The stable integer id of a Kingship action."""
        return A.action_id(action)

    def action_from_id(self, action_id: int) -> Any:
        """The action with integer id ``action_id``.

        Raises:
            IllegalActionError: outside the action space or naming no action."""
        return A.action_from_id(action_id)

    def _parse(self, text: str) -> Any:
        """Read an action text; a text that does not read is refused naming what is wrong with
        it and, while the game runs, what the decision now asks for and its rule (``play 9`` at
        the Farmer's card: ``'9' is a value without its suit …; you must now keep the top card
        of the deck or reveal it (Farmer) [KS-5]``)."""
        try:
            return parse_act(text)
        except IllegalActionError as err:
            p = self.pending
            if p is None:
                raise
            what, rule = DECISIONS[p[0]]
            raise IllegalActionError(f"{err.reason}; you must now {what}", err.rule or rule, text) from None

    # ---------------------------------------------------------------- legal actions
    def _hand_choice(self, purpose: int) -> list[KingshipAction]:
        assert self.pending is not None
        h = self.hands[self.pending[1]]
        return list(compress(A.CARD_ACTS[purpose], h))

    def _legal_actions(self) -> list[Any]:
        """The options of the pending decision, from its ``legal_<kind>`` method (or a constant
        list for the decisions whose options never change: one shared list each, which the core
        keeps as the legal list and hands out copies of); the most frequent decisions first."""
        p = self.pending
        if p is None:
            return []
        kind: str = p[0]
        if _INTERPRETED:
            return _LEGAL[kind](self)
        if kind == "main":
            return flow.legal_main(self)
        if kind == "lq":
            return _LQ_ACTS
        if kind == "target":
            return windows.legal_target(self)
        if kind == "vote":
            return laws.legal_vote(self)
        if kind == "law":
            return laws.legal_law(self)
        if kind == "m_resp":
            return merchant.legal_m_resp(self)
        if kind == "dq":
            return _DQ_ACTS
        if kind == "farmer":
            return _FARMER_ACTS
        if kind == "demon_take":
            return windows.legal_demon_take(self)
        if kind == "tax":
            return laws.legal_tax(self)
        if kind == "poacher":
            return abilities.poacher_options(self)
        if kind == "m_offer":
            return merchant.legal_m_offer(self)
        if kind == "demon":
            return _DEMON_ACTS
        if kind == "m_ask":
            return merchant.legal_m_ask(self)
        if kind == "give":
            return self._hand_choice(A.GIVE)
        if kind == "knight":
            return windows.legal_knight(self)
        if kind == "m_choose":
            return merchant.legal_m_choose(self)
        if kind == "outlaw":
            return windows.legal_redirect(self, False)
        if kind == "spec":
            return abilities.legal_spec(self)
        if kind == "search":
            return abilities.legal_search(self)
        if kind == "poach":
            return abilities.legal_poach(self)
        if kind == "revive":
            return abilities.legal_revive(self)
        if kind == "priest_draw":
            return _PRIEST_DRAW_ACTS
        if kind == "queen":
            return abilities.legal_queen(self)
        if kind == "place":
            return self._hand_choice(A.PLACE)
        if kind == "m_take":
            return abilities.legal_m_take(self)
        if kind == "m_return":
            return self._hand_choice(A.RETURN)
        if kind == "prince_title":
            return abilities.legal_prince_title(self)
        if kind == "exile":
            return laws.legal_exile(self)
        if kind == "extra":
            return _EXTRA_ACTS
        if kind == "give_exile":
            return self._hand_choice(A.EXILE)
        if kind == "reroute":
            return windows.legal_redirect(self, True)
        raise ValueError(f"state.pending: unknown decision {kind!r}")

    def _decide(self, ev: list[Event], act: KingshipAction) -> None:
        """Hand ``act`` (legal now) to the pending decision's ``on_<kind>`` method (the most
        frequent decisions first)."""
        p = self.pending
        assert p is not None
        kind: str = p[0]
        if kind == "main":
            flow.on_main(self, ev, act)
        elif kind == "lq":
            flow.on_lq(self, ev, act)
        elif kind == "target":
            windows.on_target(self, ev, act)
        elif kind == "vote":
            laws.on_vote(self, ev, act)
        elif kind == "law":
            laws.on_law(self, ev, act)
        elif kind == "m_resp":
            merchant.on_m_resp(self, ev, act)
        elif kind == "dq":
            windows.on_dq(self, ev, act)
        elif kind == "farmer":
            abilities.on_farmer(self, ev, act)
        elif kind == "demon_take":
            windows.on_demon_take(self, ev, act)
        elif kind == "tax":
            laws.on_tax(self, ev, act)
        elif kind == "poacher":
            abilities.on_poacher(self, ev, act)
        elif kind == "m_offer":
            merchant.on_m_offer(self, ev, act)
        elif kind == "demon":
            windows.on_demon(self, ev, act)
        elif kind == "m_ask":
            merchant.on_m_ask(self, ev, act)
        elif kind == "give":
            abilities.on_give(self, ev, act)
        elif kind == "knight":
            windows.on_knight(self, ev, act)
        elif kind == "m_choose":
            merchant.on_m_choose(self, ev, act)
        elif kind == "outlaw":
            windows.on_outlaw(self, ev, act)
        elif kind == "spec":
            abilities.on_spec(self, ev, act)
        elif kind == "search":
            abilities.on_search(self, ev, act)
        elif kind == "poach":
            abilities.on_poach(self, ev, act)
        elif kind == "revive":
            abilities.on_revive(self, ev, act)
        elif kind == "priest_draw":
            abilities.on_priest_draw(self, ev, act)
        elif kind == "queen":
            abilities.on_queen(self, ev, act)
        elif kind == "place":
            abilities.on_place(self, ev, act)
        elif kind == "m_take":
            abilities.on_m_take(self, ev, act)
        elif kind == "m_return":
            abilities.on_m_return(self, ev, act)
        elif kind == "prince_title":
            abilities.on_prince_title(self, ev, act)
        elif kind == "exile":
            laws.on_exile(self, ev, act)
        elif kind == "extra":
            abilities.on_extra(self, ev, act)
        elif kind == "give_exile":
            abilities.on_give_exile(self, ev, act)
        elif kind == "reroute":
            windows.on_reroute(self, ev, act)
        else:
            raise ValueError(f"state.pending: unknown decision {kind!r}")

    def _apply(self, action: Any) -> list[Event]:
        ev: list[Event] = []
        self.resp = ()
        if _INTERPRETED:
            pending = self.pending
            assert pending is not None
            _ON[pending[0]](self, ev, action)
        else:
            self._decide(ev, action)
        # ``self.pending`` is only ever read into a local declared optional: mypy would narrow the
        # attribute itself past the calls that change it, and compiled code would trust that.
        p: Step | None = self.pending
        if p is None:
            self._run(ev)
            return ev
        if self.laws:  # all _run would do with a decision pending
            laws._check_exactly(self, ev)
        p = self.pending  # the law may have ended the game
        if p is not None and p[0] not in HIDDEN_DECISIONS:
            self.shown = p
        return ev

    def _run(self, ev: list[Event]) -> None:
        """Run queued steps until a decision is pending or the game is over; with an empty queue
        the next turn starts."""
        q = self.q  # only ever changed in place
        while True:
            p: Step | None = self.pending  # a local: see _apply
            if p is not None:
                break
            if q:
                if _INTERPRETED:
                    step = q.pop()
                    _OPS[step[0]](self, ev, *step[1:])
                else:
                    self._step(ev, q.pop())
            elif self.is_terminal:  # finish() empties the queue: the end is noticed here
                return
            else:
                flow.op_turn_start(self, ev)
        if self.laws:  # a decision is pending, so the game is not over
            laws._check_exactly(self, ev)
        p = self.pending  # the law may have ended the game
        if p is not None and p[0] not in HIDDEN_DECISIONS:
            self.shown = p  # KS-37: what the others see while a hidden window follows

    def _step(self, ev: list[Event], step: tuple[Any, ...]) -> None:
        """Run one queue step ``(op, *args)``: its ``op_<op>`` method with its arguments. The
        steps are the ``OP_*`` constants of :mod:`engine` (``OP_NAMES`` names them); the most frequent
        come first."""
        op: int = step[0]
        if op == OP_AFTER_PLAY:
            flow.op_after_play(self, ev)
        elif op == OP_AB_END:
            pass  # the marker closing an ability's steps (see ``cancel_ability``)
        elif op == OP_PHASE3:
            flow.op_phase3(self, ev)
        elif op == OP_MAIN_AFTER_DRAW:
            flow.op_main_after_draw(self, ev)
        elif op == OP_TAX:
            laws.op_tax(self, ev)
        elif op == OP_TGT:
            windows.op_tgt(self, ev, step[1], step[2], step[3])
        elif op == OP_DEMON_WINDOW:
            flow.op_demon_window(self, ev)
        elif op == OP_KING_LAW:
            flow.op_king_law(self, ev)
        elif op == OP_P4_CHECK:
            flow.op_p4_check(self, ev)
        elif op == OP_MAIN:
            flow.op_main(self, ev)
        elif op == OP_LAW_PROPOSE:
            laws.op_law_propose(self, ev, step[1], step[2])
        elif op == OP_DRAW:
            flow.op_draw(self, ev, step[1], step[2], step[3], step[4])
        elif op == OP_ACQ:
            windows.op_acq(self, ev, step[1])
        elif op == OP_ACQ_FINAL:
            windows.op_acq_final(self, ev, step[1])
        elif op == OP_FARMER:
            abilities.op_farmer(self, ev)
        elif op == OP_SILENCE:
            abilities.op_silence(self, ev)
        elif op == OP_TAX_ONE:
            laws.op_tax_one(self, ev, step[1])
        elif op == OP_NEED_BELOW:
            abilities.op_need_below(self, ev)
        elif op == OP_QUEEN_SINGLE:
            abilities.op_queen_single(self, ev)
        elif op == OP_POACHER:
            abilities.op_poacher(self, ev)
        elif op == OP_MERCHANT_OFFER:
            merchant.op_merchant_offer(self, ev)
        elif op == OP_PRIEST_REVIVE:
            abilities.op_priest_revive(self, ev)
        elif op == OP_MESSENGER_SKIP:
            abilities.op_messenger_skip(self, ev)
        elif op == OP_ANGEL_GIVE:
            abilities.op_angel_give(self, ev)
        elif op == OP_POACH_EACH:
            abilities.op_poach_each(self, ev, step[1])
        elif op == OP_SPEC:
            abilities.op_spec(self, ev, step[1])
        elif op == OP_EMPEROR_SEARCH:
            abilities.op_emperor_search(self, ev)
        elif op == OP_WITCH_EXILE:
            abilities.op_witch_exile(self, ev)
        elif op == OP_UNSILENCE:
            abilities.op_unsilence(self, ev)
        elif op == OP_PRIEST_PICK:
            abilities.op_priest_pick(self, ev)
        elif op == OP_PRIEST_DRAW:
            abilities.op_priest_draw(self, ev)
        elif op == OP_REVERSE:
            abilities.op_reverse(self, ev)
        elif op == OP_DRAW_ACTOR:
            abilities.op_draw_actor(self, ev, step[1])
        elif op == OP_MESSENGER_PLACE:
            abilities.op_messenger_place(self, ev)
        elif op == OP_STRIP_TITLES:
            abilities.op_strip_titles(self, ev)
        elif op == OP_QUEEN_CHOICE:
            abilities.op_queen_choice(self, ev)
        elif op == OP_MERCHANT_REVEAL:
            abilities.op_merchant_reveal(self, ev)
        elif op == OP_KNIGHT_DRAWS:
            abilities.op_knight_draws(self, ev)
        elif op == OP_PRINCE_TITLE:
            abilities.op_prince_title(self, ev)
        elif op == OP_DEMON_TAKE:
            abilities.op_demon_take(self, ev)
        elif op == OP_REMOVE_LAWS:
            abilities.op_remove_laws(self, ev)
        elif op == OP_EXTRA_CHOICE:
            abilities.op_extra_choice(self, ev)
        elif op == OP_EXILE_TO:
            laws.op_exile_to(self, ev, step[1], step[2])
        elif op == OP_EXILE_ONE:
            laws.op_exile_one(self, ev, step[1])
        elif op == OP_SWAP:
            abilities.op_swap(self, ev)
        elif op == OP_RESOLVE_PLAY:
            abilities.op_resolve_play(self, ev, step[1], step[2], step[3], step[4])
        elif op == OP_OUTLAWS_TO_PILE:
            flow.op_outlaws_to_pile(self, ev)
        elif op == OP_TURN_START:
            flow.op_turn_start(self, ev)
        elif op == OP_LAW_WIN:
            laws.op_law_win(self, ev, step[1])
        else:
            raise ValueError(f"state.q: unknown step {op!r}")

    def _explain(self, action: Any) -> tuple[str, str | None]:
        """Why ``action`` is refused (:func:`.refusals.explain`)."""
        return explain(self, action)

    # ---------------------------------------------------------------- copies and snapshots
    def clone(self) -> KingshipState:
        """An independent copy: flat lists copied, immutable parts shared."""
        new = KingshipState()
        self._copy_base(new, rng=False)
        self._share_rng(new)
        new.n = self.n
        new.hands = [h[:] for h in self.hands]
        new.hs = self.hs[:]
        new.deck = self.deck[:]
        new.pile = self.pile[:]
        new.grave = self.grave[:]
        new.titles = self.titles[:]
        new.laws = [law[:] for law in self.laws]
        new.direction = self.direction
        new.turn_player = self.turn_player
        new.nturns = self.nturns
        new.drawn = self.drawn
        new.skip = self.skip
        new.extra = self.extra
        new.q = self.q[:]
        new.pending = self.pending
        new.shown = self.shown
        new.resp = self.resp  # a tuple, replaced, never mutated
        new.resp_next = self.resp_next
        new.ctx = self.ctx.copy()
        new.winner = self.winner
        new.is_terminal = self.is_terminal
        new.knows_top = self.knows_top[:]
        new.known = {k: dict(v) for k, v in self.known.items()}
        new.stall = self.stall
        new.stall_fp = self.stall_fp  # replaced, never mutated
        return new

    def _snapshot_state(self) -> dict[str, Any]:
        return {
            "hands": [h[:] for h in self.hands],
            "deck": self.deck[:],
            "pile": self.pile[:],
            "grave": self.grave[:],
            "titles": self.titles[:],
            "laws": [law[:] for law in self.laws],
            "direction": self.direction,
            "tp": self.turn_player,
            "nturns": self.nturns,
            "drawn": self.drawn,
            "skip": self.skip,
            "extra": self.extra,
            "q": [[OP_NAMES[step[0]], *step[1:]] for step in self.q],
            "pending": list(self.pending) if self.pending is not None else None,
            "shown": list(self.shown) if self.shown is not None else None,
            "ctx": self.ctx.to_dict(),
            "winner": self.winner,
            "over": self.over,
            "knows_top": self.knows_top[:],
            "known": {str(k): {str(c): n for c, n in v.items()} for k, v in self.known.items()},
            "stall": self.stall,
            "stall_fp": self.stall_fp,
        }

    def _restore_state(self, data: dict[str, Any]) -> None:
        check_types(data)  # before the typed fields are set (compiled, a wrong type would be a TypeError)
        self.n = self.num_players
        self.hands = [list(h) for h in data["hands"]]
        self.hs = [sum(h) for h in self.hands]
        self.deck = list(data["deck"])
        self.pile = list(data["pile"])
        self.grave = list(data["grave"])
        self.titles = list(data["titles"])
        self.laws = [list(law) for law in data["laws"]]
        self.direction = data["direction"]
        self.turn_player = data["tp"]
        self.nturns = data["nturns"]
        self.drawn = data["drawn"]
        self.skip = data["skip"]
        self.extra = data["extra"]
        self.q = [(OP_CODES.get(step[0], -1), *step[1:]) for step in data["q"]]  # -1: refused by validate
        self.pending = tuple(data["pending"]) if data["pending"] is not None else None
        self.shown = tuple(data["shown"]) if data["shown"] is not None else None
        self.resp = ()  # describes the last move applied, which a snapshot does not carry
        self.resp_next = 0
        self.ctx = read_context(data["ctx"], self)
        self.winner = data["winner"]
        self.is_terminal = data["over"]
        self.knows_top = list(data["knows_top"])
        self.known = {int(k): {int(c): n for c, n in v.items()} for k, v in data["known"].items()}
        self.stall = data["stall"]
        self.stall_fp = data["stall_fp"]
        self.history = [parse_act(t) for t in self.history]

    # ---------------------------------------------------------------- hidden information
    def zones(self) -> dict[str, list[str]]:
        """Every card by zone: deck (top first), pile (bottom first), graveyard, outlaws_in_play, hand:i."""
        z = {
            "deck": [NAME[k] for k in reversed(self.deck)],
            "pile": [NAME[k] for k in self.pile],
            "graveyard": [NAME[k] for k in self.grave],
            "outlaws_in_play": ["Outlaw" for _ in self.ctx.outlaws or ()],
        }
        for s in range(self.n):
            z[f"hand:{s}"] = [NAME[k] for k in self.hand_list(s)]
        return z

    def _window_card(self) -> tuple[int, int]:
        """(seat, kind) of the card that lets the current decider of a hidden window act, or (-1, -1)."""
        if self.pending is None:
            return -1, -1
        kind, s = self.pending[0], self.pending[1]
        h = self.hands[s]
        if kind in ("outlaw",):
            return s, OUTLAW
        if kind == "knight":
            return s, next(k for k in KNIGHT_KINDS if h[k])
        if kind == "poach":
            match = SPEC_MATCH[self.ctx.spec]
            return s, next(k for k in range(NK) if h[k] and match[k])
        return -1, -1

    def determinize(self, seat: int, rng: random.Random) -> KingshipState:
        """Redistribute what ``seat`` cannot see: other hands and the deck below the cards it knows
        on top; cards it knows in other hands (revealed, given, traded), the known top of the deck,
        and the card that lets the current decider of a hidden window act all stay put."""
        self._check_seat(seat)
        det = self.clone()
        det._mark_determinized(rng)
        n = self.n
        fixed: list[list[int]] = [[0] * NK for _ in range(n)]
        for o in range(n):
            d = self.known.get(seat * 8 + o)
            if d and o != seat:
                for k, c in d.items():
                    fixed[o][k] = min(c, self.hands[o][k])
        ws, wk = self._window_card()
        if ws >= 0 and ws != seat and fixed[ws][wk] < 1:
            fixed[ws][wk] = 1
        pool: list[int] = []
        for o in range(n):
            if o == seat:
                continue
            h, f = self.hands[o], fixed[o]
            # every card of o's hand that seat does not know, as kinds (k repeated h[k] - f[k] times:
            # each kind held at least once, then those held at least twice, three times...)
            unseen = bytes(map(sub, h, f)) if any(f) else bytes(h)
            pool += compress(_KINDS, unseen)
            for at_least in _AT_LEAST:
                pool += compress(_KINDS, unseen.translate(at_least))
        whole_deck_known = self.pending is not None and self.pending[0] == "search" and self.pending[1] == seat
        kt = min(self.knows_top[seat], len(self.deck))
        deck_hidden = self.deck[: len(self.deck) - kt]
        if whole_deck_known:
            deck_hidden.sort()  # canonical: the sample depends only on the view and rng
            shuffle(rng, deck_hidden)  # exactly rng.shuffle(deck_hidden), faster
            new_deck = deck_hidden + self.deck[len(self.deck) - kt :]
        else:
            pool.extend(deck_hidden)
        pool.sort()  # canonical: the sample depends only on what ``seat`` knows and on rng
        shuffle(rng, pool)  # exactly rng.shuffle(pool), faster
        pos = 0
        if not whole_deck_known:
            new_deck = pool[: len(deck_hidden)] + self.deck[len(self.deck) - kt :]
            pos = len(deck_hidden)
        det.deck = new_deck
        for o in range(n):
            if o == seat:
                continue
            h = fixed[o][:]
            need = self.hs[o] - sum(h)
            for k in pool[pos : pos + need]:
                h[k] += 1
            pos += need
            det.hands[o] = h
        det.known = {k: v for k, v in det.known.items() if k // 8 in (seat, PUBLIC)}
        det.knows_top = [min(t, kt) for t in self.knows_top]
        det.knows_top[seat] = self.knows_top[seat]
        det._legal = None
        return det

    def _validate_restored(self) -> None:
        """Check every field of a state loaded by ``from_snapshot`` (types, ranges, and that the
        pending decision, the resolution queue and the play's context fit together; see
        :mod:`regalia.games.kingship.snapshot`).

        Raises:
            ValueError: naming the field (``state.<field>: ...``)."""
        validate(self)

    def summary(self, seat: int) -> KingshipSummary:
        """What the heuristic bot reads of ``seat``'s information set (see :mod:`.summary`).

        Raises:
            ValueError: ``seat`` is not a seat of this game."""
        self._check_seat(seat)
        return summarize(self, seat)

    def public_pending(self) -> bool:
        """Whether the pending decision may be shown to everyone (KS-37: not a hidden window)."""
        return self.pending is not None and self.pending[0] not in HIDDEN_DECISIONS

    def response_turns(self) -> tuple[int, ...]:
        """The turns in the hidden windows (Outlaw, Knight, Poacher pair) that the last move
        reached, judged from public information (see ``State.response_turns``; KS-6, KS-7, KS-37,
        server ruling SRV-2): each seat the rules would have asked there if it held the card —
        an Outlaw window for every seat that may redirect (not the acting player, not silenced,
        not yet used an Outlaw in the chain, some player to redirect to, a card in hand, not
        every Outlaw on the pile or in the graveyard), a Knight window for the final target of
        a blockable ability (not the acting player, not silenced, a card in hand), a Poacher
        pair window for each seat with a card in hand."""
        return self.resp

    def decider_hidden(self) -> bool:
        """Whether the pending decision is a window only its addressee sees (KS-37: an Outlaw,
        Knight or Poacher-pair window); an online table pads moves so timing does not tell."""
        p = self.pending
        return p is not None and not self.is_terminal and p[0] in HIDDEN_DECISIONS

    def is_decline(self, action: Any) -> bool:
        """Whether ``action`` lets a hidden window (Outlaw, Knight, Poacher pair) go by: its
        ``pass``, which nobody else sees (KS-37, server ruling SRV-2; see ``State.is_decline``)."""
        return isinstance(action, KingshipAction) and action.kind == A.PASS and self.decider_hidden()

    # ---------------------------------------------------------------- words for people
    def decision_kind(self) -> str | None:
        """The kind of the pending decision (one of ``Game.decision_kinds``; see
        :mod:`regalia.games.kingship.phases`), or ``None`` once the game is over."""
        if self.is_terminal or self.pending is None:
            return None
        kind: str = self.pending[0]
        return kind

    def _choice_forced_publicly(self) -> bool:
        """A single choice is forced by what everyone knows when the choices come from public
        facts — a target or a redirection (seats not forbidden), the Poacher's deck or pile, a
        Priest's revival (the pile), the Demon's claim (the graveyard) — or when a choice of a
        card hidden from the others is single by its count alone: a card given, placed,
        returned or exiled from a hand of one card, a Merchant's take from a hand of one card,
        an Emperor's search of a deck of one card. Never the main decision (a lone ``pass``
        would tell everyone that nothing could be played) nor a hidden window (KS-37)."""
        p = self.pending
        assert p is not None
        kind: str = p[0]
        if kind in _PUBLIC_KINDS:
            return True
        if kind in _HAND_KINDS:
            return self.hs[p[1]] == 1
        if kind == "m_take":
            target: int = self.ctx.target
            return self.hs[target] == 1
        if kind == "search":
            return len(self.deck) == 1
        return False


_PUBLIC_KINDS: Final[frozenset[str]] = frozenset({"target", "reroute", "poacher", "revive", "demon_take"})
"""Decisions whose choices come from public facts only (``KingshipState._choice_forced_publicly``)."""
_HAND_KINDS: Final[frozenset[str]] = frozenset({"give", "give_exile", "place", "m_return", "exile"})
"""Decisions that choose a card of the decider's hand."""


def _no_step(state: KingshipState, ev: list[Event]) -> None:
    """The ``ab_end`` marker closing an ability's steps does nothing when run (see ``cancel_ability``)."""


_DQ_ACTS: Final[list[Any]] = [A.PASS_ACT, A.FORBID_ACT]
"""The Dark Queen's options (KS-6); this and the lists below are the options of the decisions
that never change, one shared list each (see ``KingshipState._legal_actions``)."""
_LQ_ACTS: Final[list[Any]] = [A.PASS_ACT, A.CHOICE_ACTS[A.PREVENT]]
_DEMON_ACTS: Final[list[Any]] = [A.PASS_ACT, A.CHOICE_ACTS[A.CLAIM]]
_FARMER_ACTS: Final[list[Any]] = [A.CHOICE_ACTS[A.KEEP], A.CHOICE_ACTS[A.REVEAL]]
_PRIEST_DRAW_ACTS: Final[list[Any]] = [A.DRAW_ACT, A.PASS_ACT]
_EXTRA_ACTS: Final[list[Any]] = [A.CHOICE_ACTS[A.AGAIN], A.PASS_ACT]

Decide = Callable[[KingshipState, list[Event], KingshipAction], None]
_RULE_MODULES: Final = (engine, laws, windows, merchant, abilities, flow)
_ON_MODULES: Final = {kind: next(m for m in _RULE_MODULES if hasattr(m, "on_" + kind)) for kind in DECISIONS}
"""The rule module holding each decision's ``on_<kind>`` function."""
_OPS: Final[tuple[Callable[..., None], ...]] = tuple(
    _no_step if name == "ab_end" else getattr(next(m for m in _RULE_MODULES if hasattr(m, "op_" + name)), "op_" + name)
    for name in OP_NAMES
)
"""The pure build's dispatch of queue steps: ``_OPS[op]`` is ``op_<name>`` of its rule module (see
``_INTERPRETED``)."""
_ON: Final[dict[str, Decide]] = {kind: getattr(_ON_MODULES[kind], "on_" + kind) for kind in DECISIONS}
"""The pure build's dispatch of decisions: kind -> ``on_<kind>``."""
_LEGAL: Final[dict[str, Callable[[KingshipState], list[Any]]]] = {
    "main": flow.legal_main,
    "target": windows.legal_target,
    "dq": lambda s: _DQ_ACTS,
    "outlaw": lambda s: windows.legal_redirect(s, False),
    "reroute": lambda s: windows.legal_redirect(s, True),
    "knight": windows.legal_knight,
    "lq": lambda s: _LQ_ACTS,
    "demon": lambda s: _DEMON_ACTS,
    "demon_take": windows.legal_demon_take,
    "give": lambda s: s._hand_choice(A.GIVE),
    "give_exile": lambda s: s._hand_choice(A.EXILE),
    "place": lambda s: s._hand_choice(A.PLACE),
    "farmer": lambda s: _FARMER_ACTS,
    "poacher": abilities.poacher_options,
    "spec": abilities.legal_spec,
    "poach": abilities.legal_poach,
    "revive": abilities.legal_revive,
    "priest_draw": lambda s: _PRIEST_DRAW_ACTS,
    "m_take": abilities.legal_m_take,
    "m_return": lambda s: s._hand_choice(A.RETURN),
    "m_offer": merchant.legal_m_offer,
    "m_ask": merchant.legal_m_ask,
    "m_resp": merchant.legal_m_resp,
    "m_choose": merchant.legal_m_choose,
    "prince_title": abilities.legal_prince_title,
    "queen": abilities.legal_queen,
    "search": abilities.legal_search,
    "extra": lambda s: _EXTRA_ACTS,
    "law": laws.legal_law,
    "vote": laws.legal_vote,
    "exile": laws.legal_exile,
    "tax": laws.legal_tax,
}
"""The pure build's dispatch of legal actions: kind -> the options of that decision."""
assert set(OP_NAMES) == STEP_NAMES and len(_OPS) == len(OP_NAMES)
assert set(_LEGAL) == set(_ON) == set(DECISIONS)
assert {name[3:] for m in _RULE_MODULES for name in dir(m) if name.startswith("op_")} == STEP_NAMES - {"ab_end"}
