"""The Kingship State: the protocol (legal actions, apply, explanations, clone, snapshot,
determinize, zones, words for people) on top of the rules.

The rules are one line of classes, each adding one concept and using only what the classes before
it define — no mixins, no method a class calls that a later class provides::

    State (regalia.core)  the protocol every game shares
    └ Engine              engine.py     zones, knowledge of hidden cards, moving cards, titles, the queue
      └ Laws              laws.py       proposals, votes, enactment, the standing laws' checks [KS-11]
        └ Windows         windows.py    targeting: Dark Queen, Outlaw redirects, Knight blocks [KS-6, KS-7]
          └ Merchant      merchant.py   the Merchant's trade [KS-9]
            └ Abilities   abilities.py  the cards' abilities #1 and #2 [KS-2, KS-8]
              └ Flow      flow.py       the turn: phases 1-3, draws, plays, the Light Queen [KS-3, KS-5]
                └ KingshipState (here)  dispatch of queue steps and decisions; the protocol methods

A play is resolved through the **queue** ``q`` of steps ``(op, *args)`` (see :mod:`engine`):
:meth:`KingshipState._run` pops each step and calls its ``op_<op>`` method directly
(:meth:`KingshipState._step`, an ``if`` chain from the most frequent step down: no dispatch
dictionary), until a step sets ``pending``, the decision ``(kind, seat, ...)`` of one player
(:mod:`phases`). :meth:`KingshipState._decide` hands that player's action to the decision's
``on_<kind>`` method, and :meth:`KingshipState._legal_actions` asks its ``legal_<kind>`` method.

Why a line of inheritance rather than components: every rule reads and writes the same dozen
fields and calls the engine's helpers at every step; as methods of one class these are direct
calls on one object (compiled with mypyc: native attribute reads and vtable calls), where
components would add a reference per call, a cycle between the state and its parts, and a
rebuild of the parts in every ``clone()``.

The words for people are functions of the state in their own modules, above the rules:
:mod:`phrases` (phrases the rules' events use), :mod:`prompts`, :mod:`labels`, :mod:`view`; the
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
from regalia.core.state import shuffle
from regalia.games.kingship import actions as A
from regalia.games.kingship.actions import Act, parse_act
from regalia.games.kingship.cards import (
    DECK_COUNTS,
    DECK_SIZE,
    FULL_DECK,
    HAND_SIZE,
    KNIGHT_KINDS,
    NAME,
    NK,
    OUTLAW,
    SPEC_MATCH,
    parse_card,
)
from regalia.games.kingship.engine import PUBLIC, Step
from regalia.games.kingship.flow import Flow
from regalia.games.kingship.phases import DECISIONS, HIDDEN_DECISIONS
from regalia.games.kingship.refusals import explain
from regalia.games.kingship.snapshot import OP_NAMES, check_types, validate
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


class KingshipState(Flow):
    """A position of a game of Kingship (see the module docstring and :mod:`regalia.games.kingship.engine`).

    Made by :meth:`new_game` (a new deal) or, empty, by ``KingshipState()`` for ``clone()``,
    ``determinize()`` and ``regalia.from_snapshot`` to fill in."""

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
        s.tp = dealer
        s.nturns = 0
        s.drawn = False
        s.skip = False
        s.extra = False
        s.q = []
        s.pending = None
        s.ctx = {}
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
    def _hand_choice(self, purpose: int) -> list[Act]:
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
            return self.legal_main()
        if kind == "lq":
            return _LQ_ACTS
        if kind == "target":
            return self.legal_target()
        if kind == "vote":
            return self.legal_vote()
        if kind == "law":
            return self.legal_law()
        if kind == "m_resp":
            return self.legal_m_resp()
        if kind == "dq":
            return _DQ_ACTS
        if kind == "farmer":
            return _FARMER_ACTS
        if kind == "demon_take":
            return self.legal_demon_take()
        if kind == "tax":
            return self.legal_tax()
        if kind == "poacher":
            return self.poacher_options()
        if kind == "m_offer":
            return self.legal_m_offer()
        if kind == "demon":
            return _DEMON_ACTS
        if kind == "m_ask":
            return self.legal_m_ask()
        if kind == "give":
            return self._hand_choice(A.GIVE)
        if kind == "knight":
            return self.legal_knight()
        if kind == "m_choose":
            return self.legal_m_choose()
        if kind == "outlaw":
            return self.legal_redirect(False)
        if kind == "spec":
            return self.legal_spec()
        if kind == "search":
            return self.legal_search()
        if kind == "poach":
            return self.legal_poach()
        if kind == "revive":
            return self.legal_revive()
        if kind == "priest_draw":
            return _PRIEST_DRAW_ACTS
        if kind == "queen":
            return self.legal_queen()
        if kind == "place":
            return self._hand_choice(A.PLACE)
        if kind == "m_take":
            return self.legal_m_take()
        if kind == "m_return":
            return self._hand_choice(A.RETURN)
        if kind == "prince_title":
            return self.legal_prince_title()
        if kind == "exile":
            return self.legal_exile()
        if kind == "extra":
            return _EXTRA_ACTS
        if kind == "give_exile":
            return self._hand_choice(A.EXILE)
        if kind == "reroute":
            return self.legal_redirect(True)
        raise ValueError(f"state.pending: unknown decision {kind!r}")

    def _decide(self, ev: list[Event], act: Act) -> None:
        """Hand ``act`` (legal now) to the pending decision's ``on_<kind>`` method (the most
        frequent decisions first)."""
        p = self.pending
        assert p is not None
        kind: str = p[0]
        if kind == "main":
            self.on_main(ev, act)
        elif kind == "lq":
            self.on_lq(ev, act)
        elif kind == "target":
            self.on_target(ev, act)
        elif kind == "vote":
            self.on_vote(ev, act)
        elif kind == "law":
            self.on_law(ev, act)
        elif kind == "m_resp":
            self.on_m_resp(ev, act)
        elif kind == "dq":
            self.on_dq(ev, act)
        elif kind == "farmer":
            self.on_farmer(ev, act)
        elif kind == "demon_take":
            self.on_demon_take(ev, act)
        elif kind == "tax":
            self.on_tax(ev, act)
        elif kind == "poacher":
            self.on_poacher(ev, act)
        elif kind == "m_offer":
            self.on_m_offer(ev, act)
        elif kind == "demon":
            self.on_demon(ev, act)
        elif kind == "m_ask":
            self.on_m_ask(ev, act)
        elif kind == "give":
            self.on_give(ev, act)
        elif kind == "knight":
            self.on_knight(ev, act)
        elif kind == "m_choose":
            self.on_m_choose(ev, act)
        elif kind == "outlaw":
            self.on_outlaw(ev, act)
        elif kind == "spec":
            self.on_spec(ev, act)
        elif kind == "search":
            self.on_search(ev, act)
        elif kind == "poach":
            self.on_poach(ev, act)
        elif kind == "revive":
            self.on_revive(ev, act)
        elif kind == "priest_draw":
            self.on_priest_draw(ev, act)
        elif kind == "queen":
            self.on_queen(ev, act)
        elif kind == "place":
            self.on_place(ev, act)
        elif kind == "m_take":
            self.on_m_take(ev, act)
        elif kind == "m_return":
            self.on_m_return(ev, act)
        elif kind == "prince_title":
            self.on_prince_title(ev, act)
        elif kind == "exile":
            self.on_exile(ev, act)
        elif kind == "extra":
            self.on_extra(ev, act)
        elif kind == "give_exile":
            self.on_give_exile(ev, act)
        elif kind == "reroute":
            self.on_reroute(ev, act)
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
            self._check_exactly(ev)
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
                self.op_turn_start(ev)
        if self.laws:  # a decision is pending, so the game is not over
            self._check_exactly(ev)
        p = self.pending  # the law may have ended the game
        if p is not None and p[0] not in HIDDEN_DECISIONS:
            self.shown = p  # KS-37: what the others see while a hidden window follows

    def _step(self, ev: list[Event], step: tuple[Any, ...]) -> None:
        """Run one queue step ``(op, *args)``: its ``op_<op>`` method with its arguments. The
        names are those of ``snapshot.OP_NAMES``; the most frequent come first."""
        op: str = step[0]
        if op == "after_play":
            self.op_after_play(ev)
        elif op == "ab_end":
            pass  # the marker closing an ability's steps (see ``cancel_ability``)
        elif op == "phase3":
            self.op_phase3(ev)
        elif op == "main_after_draw":
            self.op_main_after_draw(ev)
        elif op == "tax":
            self.op_tax(ev)
        elif op == "tgt":
            self.op_tgt(ev, step[1], step[2], step[3])
        elif op == "demon_window":
            self.op_demon_window(ev)
        elif op == "king_law":
            self.op_king_law(ev)
        elif op == "p4_check":
            self.op_p4_check(ev)
        elif op == "main":
            self.op_main(ev)
        elif op == "law_propose":
            self.op_law_propose(ev, step[1], step[2])
        elif op == "draw":
            self.op_draw(ev, step[1], step[2], step[3], step[4])
        elif op == "acq":
            self.op_acq(ev, step[1])
        elif op == "acq_final":
            self.op_acq_final(ev, step[1])
        elif op == "farmer":
            self.op_farmer(ev)
        elif op == "silence":
            self.op_silence(ev)
        elif op == "tax_one":
            self.op_tax_one(ev, step[1])
        elif op == "need_below":
            self.op_need_below(ev)
        elif op == "queen_single":
            self.op_queen_single(ev)
        elif op == "poacher":
            self.op_poacher(ev)
        elif op == "merchant_offer":
            self.op_merchant_offer(ev)
        elif op == "priest_revive":
            self.op_priest_revive(ev)
        elif op == "messenger_skip":
            self.op_messenger_skip(ev)
        elif op == "angel_give":
            self.op_angel_give(ev)
        elif op == "poach_each":
            self.op_poach_each(ev, step[1])
        elif op == "spec":
            self.op_spec(ev, step[1])
        elif op == "emperor_search":
            self.op_emperor_search(ev)
        elif op == "witch_exile":
            self.op_witch_exile(ev)
        elif op == "unsilence":
            self.op_unsilence(ev)
        elif op == "priest_pick":
            self.op_priest_pick(ev)
        elif op == "priest_draw":
            self.op_priest_draw(ev)
        elif op == "reverse":
            self.op_reverse(ev)
        elif op == "draw_actor":
            self.op_draw_actor(ev, step[1])
        elif op == "messenger_place":
            self.op_messenger_place(ev)
        elif op == "strip_titles":
            self.op_strip_titles(ev)
        elif op == "queen_choice":
            self.op_queen_choice(ev)
        elif op == "merchant_reveal":
            self.op_merchant_reveal(ev)
        elif op == "knight_draws":
            self.op_knight_draws(ev)
        elif op == "prince_title":
            self.op_prince_title(ev)
        elif op == "demon_take":
            self.op_demon_take(ev)
        elif op == "remove_laws":
            self.op_remove_laws(ev)
        elif op == "extra_choice":
            self.op_extra_choice(ev)
        elif op == "exile_to":
            self.op_exile_to(ev, step[1], step[2])
        elif op == "exile_one":
            self.op_exile_one(ev, step[1])
        elif op == "swap":
            self.op_swap(ev)
        elif op == "resolve_play":
            self.op_resolve_play(ev, step[1], step[2], step[3], step[4])
        elif op == "outlaws_to_pile":
            self.op_outlaws_to_pile(ev)
        elif op == "turn_start":
            self.op_turn_start(ev)
        elif op == "law_win":
            self.op_law_win(ev, step[1])
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
        new.tp = self.tp
        new.nturns = self.nturns
        new.drawn = self.drawn
        new.skip = self.skip
        new.extra = self.extra
        new.q = self.q[:]
        new.pending = self.pending
        new.shown = self.shown
        new.resp = self.resp  # a tuple, replaced, never mutated
        new.resp_next = self.resp_next
        new.ctx = {k: (v[:] if isinstance(v, list) else v) for k, v in self.ctx.items()}
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
            "tp": self.tp,
            "nturns": self.nturns,
            "drawn": self.drawn,
            "skip": self.skip,
            "extra": self.extra,
            "q": [list(s) for s in self.q],
            "pending": list(self.pending) if self.pending is not None else None,
            "shown": list(self.shown) if self.shown is not None else None,
            "ctx": {k: (v[:] if isinstance(v, list) else v) for k, v in self.ctx.items()},
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
        self.tp = data["tp"]
        self.nturns = data["nturns"]
        self.drawn = data["drawn"]
        self.skip = data["skip"]
        self.extra = data["extra"]
        self.q = [tuple(s) for s in data["q"]]
        self.pending = tuple(data["pending"]) if data["pending"] is not None else None
        self.shown = tuple(data["shown"]) if data["shown"] is not None else None
        self.resp = ()  # describes the last move applied, which a snapshot does not carry
        self.resp_next = 0
        self.ctx = dict(data["ctx"])
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
            "outlaws_in_play": ["Outlaw" for _ in self.ctx.get("outlaws", [])],
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
            match = SPEC_MATCH[self.ctx["spec"]]
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
        return isinstance(action, Act) and action.kind == A.PASS and self.decider_hidden()

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
            target: int = self.ctx["target"]
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

Decide = Callable[[KingshipState, list[Event], Act], None]
_OPS: Final[dict[str, Callable[..., None]]] = {
    name: getattr(KingshipState, "op_" + name) for name in OP_NAMES if name != "ab_end"
}
"""The pure build's dispatch of queue steps: op name -> ``op_<name>`` (see ``_INTERPRETED``)."""
_OPS["ab_end"] = _no_step
_ON: Final[dict[str, Decide]] = {kind: getattr(KingshipState, "on_" + kind) for kind in DECISIONS}
"""The pure build's dispatch of decisions: kind -> ``on_<kind>``."""
_LEGAL: Final[dict[str, Callable[[KingshipState], list[Any]]]] = {
    "main": KingshipState.legal_main,
    "target": KingshipState.legal_target,
    "dq": lambda s: _DQ_ACTS,
    "outlaw": lambda s: s.legal_redirect(False),
    "reroute": lambda s: s.legal_redirect(True),
    "knight": KingshipState.legal_knight,
    "lq": lambda s: _LQ_ACTS,
    "demon": lambda s: _DEMON_ACTS,
    "demon_take": KingshipState.legal_demon_take,
    "give": lambda s: s._hand_choice(A.GIVE),
    "give_exile": lambda s: s._hand_choice(A.EXILE),
    "place": lambda s: s._hand_choice(A.PLACE),
    "farmer": lambda s: _FARMER_ACTS,
    "poacher": KingshipState.poacher_options,
    "spec": KingshipState.legal_spec,
    "poach": KingshipState.legal_poach,
    "revive": KingshipState.legal_revive,
    "priest_draw": lambda s: _PRIEST_DRAW_ACTS,
    "m_take": KingshipState.legal_m_take,
    "m_return": lambda s: s._hand_choice(A.RETURN),
    "m_offer": KingshipState.legal_m_offer,
    "m_ask": KingshipState.legal_m_ask,
    "m_resp": KingshipState.legal_m_resp,
    "m_choose": KingshipState.legal_m_choose,
    "prince_title": KingshipState.legal_prince_title,
    "queen": KingshipState.legal_queen,
    "search": KingshipState.legal_search,
    "extra": lambda s: _EXTRA_ACTS,
    "law": KingshipState.legal_law,
    "vote": KingshipState.legal_vote,
    "exile": KingshipState.legal_exile,
    "tax": KingshipState.legal_tax,
}
"""The pure build's dispatch of legal actions: kind -> the options of that decision."""
assert set(_OPS) == OP_NAMES
assert set(_LEGAL) == set(_ON) == set(DECISIONS)
assert {name[3:] for name in dir(KingshipState) if name.startswith("op_")} == OP_NAMES - {"ab_end"}
