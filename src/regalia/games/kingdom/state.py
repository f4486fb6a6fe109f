"""Kingdom's rules: the State (turns, nobles, soldiers, combat, Assassins, Jokers, windows).

Rulings are cited as ``[KD-n]`` (the rule sheet) and ``[KD-Xn]`` (regalia's own, listed in
``docs/games/kingdom.md`` and in :mod:`rulings`).

Decisions, in the order :attr:`KingdomState.current_player` looks for them:

1. ``target``  — the player who just played an Assassin chooses its target [KD-8].
2. ``counter`` — a counter-assassination window on the last Assassin or Joker [KD-8, KD-9, KD-X3].
3. ``pick``    — the player whose Pick a Card Joker resolved takes a card [KD-9, KD-X6].
4. ``respond`` — a response window after an action or combat step [KD-X2].
5. the turn's phase: ``main``, ``attackers``, ``blockers`` (the defender), ``split``, ``discard``.
"""

from __future__ import annotations

import random
from typing import Any, Final

from regalia.core.events import Event, new_event, private, public
from regalia.core.state import State
from regalia.games.kingdom import actions as A
from regalia.games.kingdom import eventtexts as T
from regalia.games.kingdom import windows
from regalia.games.kingdom.actions import Action, act, action_space, parse_action
from regalia.games.kingdom.cards import (
    IS_ACE,
    IS_NOBLE,
    JOKER,
    NAME,
    RANK,
    SUIT,
    SUITS,
    deck_cards,
    parse_card,
)
from regalia.games.kingdom.config import KingdomConfig, decks_for
from regalia.games.kingdom.legal import legal_actions as legal_actions_of
from regalia.games.kingdom.phases import (
    ATTACKERS,
    BLOCKERS,
    C_ASSASSIN,
    C_EXPOSE,
    C_PICK,
    C_SPY,
    CHAIN_NAMES,
    COUNTER_KINDS,
    DISCARD,
    HAND_LIMIT,
    MAIN,
    OVER,
    PHASE_NAMES,
    RESPOND_KINDS,
    START_HAND,
    SUIT_NAMES,
    W_ACTION,
    W_ATTACK,
    W_NONE,
)
from regalia.games.kingdom.phases import seat_name as _seat_name
from regalia.games.kingdom.position import copy_into, restore_state, snapshot_state
from regalia.games.kingdom.refusals import explain
from regalia.games.kingdom.resolution import advance_split, after_blocks, settle
from regalia.games.kingdom.snapshot import validate as validate_state
from regalia.games.kingdom.summary import KingdomSummary, summarize

_PUBLIC_DECISIONS: Final[frozenset[str]] = frozenset({"attackers", "blockers", "split", "target", "pick"})
"""The decisions whose legal actions depend on public facts only (see
``KingdomState._choice_forced_publicly``)."""


class KingdomState(State):
    """One position of a game of Kingdom.

    Cards are small integers (:mod:`regalia.games.kingdom.cards`); zones are flat lists.

    Attributes:
        decks: the number of 54-card decks in play.
        hands: each seat's hand (card integers).
        deck: the draw pile, top card LAST (``deck[-1]`` is drawn next).
        discard: the discard pile, face up, newest last (public) [KD-X7].
        play: each kingdom's cards in play, in the order they arrived.
        loc: for each card integer, the seat whose kingdom holds it in play, or -1.
        busy: for each card integer, whether it is preoccupied (turned sideways).
        suit_change: card -> suit index given by a suit change until the end of the turn [KD-2].
        territories: each kingdom's territories; ``alive``: kingdoms not eliminated [KD-12].
        active: the seat whose turn it is; ``turn_no``: turns started so far.
        known: ``known[v][h]`` = cards viewer ``v`` knows to be in seat ``h``'s hand
            (``v == num_players`` is public knowledge) — from Spy, Expose and discard picks.
    """

    # ------------------------------------------------------------------ setup
    def __init__(self) -> None:
        """An empty state: every field is set by :meth:`new_game`, :meth:`clone` or a restore.
        (Compiled with mypyc, ``KingdomState.__new__`` runs this, so it takes no arguments.)"""

    @classmethod
    def _blank(cls) -> KingdomState:
        """An empty state to fill in (see ``State._blank``)."""
        return cls()

    @classmethod
    def new_game(
        cls, game: Any, config: KingdomConfig, num_players: int, seed: int, deck: list[str] | None
    ) -> KingdomState:
        """Deal a new game: shuffled with ``seed`` (first player drawn with it), or dealt from
        ``deck`` (top first; seat 0 then plays first) [KD-2, KD-X9].

        Raises:
            ValueError: a bad ``deck``.
        """
        s = cls()
        s._init_base(game, config, num_players, seed, deck)
        d = decks_for(num_players, config)
        s._init_empty(d)
        full = deck_cards(d)
        if deck is None:
            order = full[:]
            s.rng.shuffle(order)
            first = s.rng.randrange(num_players)
        else:
            order = s._verify_deck(deck, full)
            first = 0
        s.deck.extend(reversed(order))
        for _ in range(START_HAND):
            for p in range(num_players):
                s.hands[p].append(s.deck.pop())
        s._events = []
        s._start_turn(first)
        s._events = []
        return s

    def _init_empty(self, d: int) -> None:
        n = self.num_players
        self.decks = d
        self._space = action_space(d, n)
        nc = 1 + 52 * d
        self.hands: list[list[int]] = [[] for _ in range(n)]
        self.deck: list[int] = []
        self.discard: list[int] = []
        self.play: list[list[int]] = [[] for _ in range(n)]
        self.loc: list[int] = [-1] * nc
        self.busy: list[bool] = [False] * nc
        self.suit_change: dict[int, int] = {}
        self.territories: list[int] = [self.config.territories] * n
        self.alive: list[bool] = [True] * n
        self.active = 0
        self.turn_no = 0
        self.noble_played = False
        self.attacked = False
        self.phase = MAIN
        # combat [KD-4..KD-7]
        self.defender = -1
        self.attackers: list[int] = []
        self.blockers: list[list[int]] = []
        self.blocked: list[bool] = []
        self.dealt: list[list[int]] = []
        self.split_i = -1
        self.split_j = 0
        # windows and chains [KD-8, KD-9, KD-X2, KD-X3]
        self.window: list[int] = []
        self.window_point = W_NONE
        self.chain: list[list[int]] = []
        self.counter_q: list[int] = []
        self.targeting = -1
        self.target_from_main = False
        self.picking = -1
        self.known: list[list[list[int]]] = [[[] for _ in range(n)] for _ in range(n + 1)]
        self.winner_seats: tuple[int, ...] = ()
        # what the prompts name [KD-X2]: the last main-phase action (kind, seat, x, y, z), or ()
        self.cause: tuple[int, ...] = ()
        self.blocks_asked = False  # the defender of the current combat was asked to block
        # hidden windows [KD-X13] (module ``windows``); the copies are never changed once made
        self.cp: KingdomState | None = None
        self.frozen: dict[int, KingdomState] = {}
        self.held: list[Event] = []
        self.pre: KingdomState | None = None
        self._events: list[Event] = []
        # the turns in response windows the last move reached, by public information (SRV-2)
        self.resp: tuple[int, ...] = ()

    def _verify_deck(self, deck: list[str], full: list[int]) -> list[int]:
        """The draw order for ``make(deck=...)``: the given cards on top, the missing ones after
        them in seeded random order [KD-X9].

        Raises:
            ValueError: an unknown card, too many copies of a card, or too many cards (``deck: ...``).
        """
        if len(deck) > len(full):
            raise ValueError(f"deck: {len(deck)} cards, expected at most {len(full)} ({self.decks} deck(s) of 54)")
        left: dict[int, int] = {}
        for c in full:
            left[c] = left.get(c, 0) + 1
        order: list[int] = []
        for text in deck:
            parsed = parse_card(text, self.decks)
            if parsed is None:
                raise ValueError(f"deck: unknown card {text!r}")
            c = parsed
            if left.get(c, 0) == 0:
                have = full.count(c)
                raise ValueError(f"deck: card {NAME[c]!r} appears more than {have} time(s); the game has {have}")
            left[c] -= 1
            order.append(c)
        rest = [c for c, k in sorted(left.items()) for _ in range(k)]
        self.rng.shuffle(rest)
        return order + rest

    # ------------------------------------------------------------------ small helpers
    def suit_of(self, c: int) -> int:
        """The suit a card in play counts as now: its printed suit or a suit change [KD-2]."""
        return self.suit_change.get(c, SUIT[c])

    def _has_rank(self, p: int, rank: int) -> bool:
        return any(RANK[x] == rank for x in self.play[p])

    def _ready_suits(self, p: int) -> set[int]:
        sc = self.suit_change
        return {sc.get(x, SUIT[x]) for x in self.play[p] if IS_NOBLE[x] and not self.busy[x]}

    def _others_from(self, p: int, include_self: bool = False) -> list[int]:
        n = self.num_players
        out = [(p + k) % n for k in range(1, n) if self.alive[(p + k) % n]]
        if include_self:
            out.append(p)
        return out

    def _hand_remove(self, p: int, c: int) -> None:
        self.hands[p].remove(c)
        for row in self.known:
            kl = row[p]
            if c in kl:
                kl.remove(c)

    def _to_discard(self, c: int) -> None:
        self.discard.append(c)

    def _leave_play(self, c: int) -> None:
        """Take card ``c`` out of play (to the discard pile), out of any combat too [KD-10]."""
        p = self.loc[c]
        self.play[p].remove(c)
        self.loc[c] = -1
        self.busy[c] = False
        self.suit_change.pop(c, None)
        self._to_discard(c)
        if c in self.attackers:
            i = self.attackers.index(c)
            del self.attackers[i], self.blockers[i], self.blocked[i], self.dealt[i]
        else:
            for i, bl in enumerate(self.blockers):
                if c in bl:
                    k = bl.index(c)
                    del bl[k]  # the attacker stays blocked [KD-X4]
                    del self.dealt[i][k]  # blockers and their damage stay parallel
                    if i == self.split_i and k < self.split_j:
                        self.split_j -= 1

    def _enter_play(self, p: int, c: int, busy: bool) -> None:
        self.play[p].append(c)
        self.loc[c] = p
        self.busy[c] = busy

    def _draw(self, p: int) -> int | None:
        """Draw the top card into ``p``'s hand, reshuffling the discard pile first if the deck is
        empty [KD-11]; ``None`` if both are empty."""
        if not self.deck:
            if not self.discard:
                return None
            self.deck = self.discard
            self.discard = []
            self.rng.shuffle(self.deck)
            self._events.append(
                public(
                    "reshuffle",
                    f"The deck is empty: the discard pile is shuffled into a new deck ({len(self.deck)} cards)",
                )
            )
        c = self.deck.pop()
        self.hands[p].append(c)
        return c

    # ------------------------------------------------------------------ turn flow [KD-1]
    def _start_turn(self, p: int) -> None:
        self.active = p
        self.turn_no += 1
        self.noble_played = False
        self.attacked = False
        self.phase = MAIN
        for c in self.play[p]:
            self.busy[c] = False  # un-turn all your preoccupied cards [KD-1]
        ev = self._events
        ev.append(new_event("turn", (T.turn_text, self.turn_no, p), p, None, (T.turn_data, self.turn_no)))
        drawn = self._draw(p)
        if drawn is not None:
            ev.append(new_event("draw", (T.draw_text, p), p, None, (T.draw_data,)))
            ev.append(new_event("draw", (T.drawn_text, p, drawn), p, frozenset((p,)), (T.drawn_data, drawn)))

    def _end_turn(self) -> None:
        self.suit_change.clear()  # suit changes last until the end of the turn [KD-2]
        self._events.append(new_event("end", (T.end_text, self.active), self.active, None, (T.no_data,)))
        mt = self.config.max_turns
        if mt is not None and self.turn_no >= mt:
            self._finish_by_territories()
            return
        n = self.num_players
        nxt = (self.active + 1) % n
        while not self.alive[nxt]:
            nxt = (nxt + 1) % n
        self._start_turn(nxt)

    def _finish_by_territories(self) -> None:
        """KD-13: the kingdom with most territories wins; a tie is a draw (no winner)."""
        mt = self.config.max_turns
        alive = [p for p in range(self.num_players) if self.alive[p]]
        best = max(self.territories[p] for p in alive)
        top = [p for p in alive if self.territories[p] == best]
        self.winner_seats = (top[0],) if len(top) == 1 else ()
        self.phase = OVER
        if len(top) == 1:
            text = f"{_seat_name(top[0])} wins with the most territories ({best})"
        else:
            text = f"a draw: {' and '.join(_seat_name(p) for p in top)} tie with {best} territories each"
        self._events.append(
            public(
                "game_over", f"The turn limit ({mt} turns) is reached: {text}", None, winners=list(self.winner_seats)
            )
        )

    # ------------------------------------------------------------------ the protocol
    @property
    def current_player(self) -> int | None:
        if self.phase == OVER:
            return None
        if self.targeting >= 0:
            return self.targeting
        if self.counter_q:
            return self.counter_q[0]
        if self.picking >= 0:
            return self.picking
        if self.window:
            return self.window[0]
        if self.phase == BLOCKERS:
            return self.defender
        return self.active

    def decision(self) -> str:
        """The kind of decision due now: ``target``, ``counter``, ``pick``, ``respond``, ``main``,
        ``attackers``, ``blockers``, ``split``, ``discard`` or ``over``."""
        if self.phase == OVER:
            return "over"
        if self.targeting >= 0:
            return "target"
        if self.counter_q:
            return "counter"
        if self.picking >= 0:
            return "pick"
        if self.window:
            return "respond"
        return PHASE_NAMES[self.phase]

    def decider_hidden(self) -> bool:
        """Whether the pending decision is a response or counter window, shown only to the seat
        asked [KD-X13]; an online table pads moves so that timing does not tell (SRV-2)."""
        return self.decision() in ("respond", "counter")

    def is_decline(self, action: Any) -> bool:
        """Whether ``action`` lets a response or counter window go by: its ``pass``, known to its
        seat alone [KD-X2, KD-X3, KD-X13] (server ruling SRV-2; see ``State.is_decline``)."""
        return isinstance(action, Action) and action.kind == A.PASS and self.decider_hidden()

    def decision_kind(self) -> str | None:
        """The kind of the pending decision, one of ``KingdomGame.decision_kinds`` (``None`` once
        the game is over): ``main``, ``attackers``, ``blockers``, ``split``, ``discard``,
        ``target``, ``pick``; a response window ``respond_action``, ``respond_attackers`` or
        ``respond_blockers`` [KD-X2]; a counter window on the chain's last item
        ``counter_assassin``, ``counter_counter``, ``counter_pick``, ``counter_spy`` or
        ``counter_expose`` [KD-X3]. A machine name, never shown to people."""
        d = self.decision()
        if d == "over":
            return None
        if d == "respond":
            return RESPOND_KINDS[self.window_point]
        if d == "counter":
            top = self.chain[-1][0]
            if top == C_ASSASSIN:
                return "counter_counter" if len(self.chain) >= 2 else "counter_assassin"
            return COUNTER_KINDS[top]
        return d

    @property
    def is_terminal(self) -> bool:
        return self.phase == OVER

    @property
    def winners(self) -> tuple[int, ...]:
        return self.winner_seats

    @property
    def turns(self) -> int:
        return self.turn_no

    def returns(self) -> list[float]:
        """1.0 for the winner, 0.0 for everyone else (all 0.0 while running or on a draw) [KD-12, KD-13]."""
        out = [0.0] * self.num_players
        for p in self.winner_seats:
            out[p] = 1.0
        return out

    def action_id(self, action: Any) -> int:
        return self._space.action_id(action)

    def action_from_id(self, action_id: int) -> Action:
        return self._space.action_from_id(action_id)

    def _parse(self, text: str) -> Action:
        return parse_action(text, self.decks, self.num_players)

    # ------------------------------------------------------------------ eligibility
    def can_assassinate(self, p: int) -> bool:
        """Whether ``p`` holds an Ace whose suit matches one of their unpreoccupied nobles [KD-8]."""
        suits = self._ready_suits(p)
        if not suits:
            return False
        return any(IS_ACE[c] and SUIT[c] in suits for c in self.hands[p])

    def _window_changes(self, p: int) -> list[Action]:
        """Suit changes open to ``p`` out of their main phase [KD-2, KD-X5]: only to the suit of
        an Ace in hand, on an unpreoccupied noble (so it can then bring that Assassin)."""
        ace_suits = {SUIT[c] for c in self.hands[p] if IS_ACE[c]}
        if not ace_suits:
            return []
        nobles = [x for x in self.play[p] if IS_NOBLE[x]]
        if len(nobles) < 2:
            return []
        out = []
        for t in nobles:
            if self.busy[t]:
                continue
            st = self.suit_of(t)
            for u in nobles:
                if u == t or self.busy[u] or self.suit_of(u) != st:
                    continue
                for s in sorted(ace_suits):
                    if s != st:
                        out.append(act(A.CHANGE, t, u, s))
        return out

    def can_respond(self, p: int) -> bool:
        """Whether ``p`` has any play in a response window (so is asked at all) [KD-X2]."""
        if JOKER in self.hands[p]:
            return True
        return self.can_assassinate(p) or bool(self._window_changes(p))

    def can_counter(self, p: int) -> bool:
        """Whether ``p`` could counter the last Assassin or Joker now [KD-8, KD-X3]."""
        return self.can_assassinate(p) or bool(self._window_changes(p))

    # ------------------------------------------------------------------ turns seen by everyone (SRV-2)
    def may_respond(self, p: int) -> bool:
        """Whether everyone must allow that ``p`` holds a play for a response window: a card in
        hand, and a Joker not every copy of which is on the discard pile or in the chain, or an
        unpreoccupied noble (an Assassin, or a suit change to bring one, needs one) [KD-X2]. True
        whenever :meth:`can_respond` is; it reads no hand but its size."""
        if not self.hands[p]:
            return False
        return bool(self._ready_suits(p)) or self._joker_unseen()

    def may_counter(self, p: int) -> bool:
        """Whether everyone must allow that ``p`` can counter: a card in hand and an
        unpreoccupied noble [KD-X3]. True whenever :meth:`can_counter` is."""
        return bool(self.hands[p]) and bool(self._ready_suits(p))

    def _joker_unseen(self) -> bool:
        seen = self.discard.count(JOKER) + sum(1 for e in self.chain if e[2] == JOKER)
        return seen < 2 * self.decks

    def response_turns(self) -> tuple[int, ...]:
        """The turns in the hidden response and counter windows the last move reached, judged
        from public information (see ``State.response_turns``; KD-X2, KD-X3, KD-X13, server ruling
        SRV-2): each time a window's turn came to a seat that :meth:`may_respond` (or
        :meth:`may_counter`), whether or not it could act."""
        return self.resp

    # ------------------------------------------------------------------ legal actions
    def _legal_actions(self) -> list[Action]:
        return legal_actions_of(self)

    def can_attack(self, p: int) -> bool:
        """Whether ``p`` may declare an attack now: not in the first round [KD-4], not yet this
        turn, with an unpreoccupied card in play."""
        return not self.attacked and self.turn_no > self.num_players and any(not self.busy[c] for c in self.play[p])

    def _explain(self, action: Any) -> tuple[str, str | None]:
        return explain(self, action)

    # ------------------------------------------------------------------ apply
    def _apply(self, action: Any) -> list[Event]:
        """Apply ``action`` (legal now) for the seat deciding: the ``_on_<kind>`` handler of its
        kind, then what follows by itself (:func:`~regalia.games.kingdom.resolution.settle`) and
        the response windows' bookkeeping (:func:`~regalia.games.kingdom.windows.after_move`).
        The handlers are reached by an ``if`` chain (native integer compares when compiled)."""
        self._events = []
        self.resp = ()
        p = self.current_player
        assert p is not None
        d = self.decision()
        k = action.kind
        ev = self._events
        windows.before_move(self, p, action)
        if k == A.PASS:
            self._on_pass(ev, p, d, action)
        elif k == A.END:
            self._on_end(ev, p, d, action)
        elif k == A.DISCARD:
            self._on_discard(ev, p, d, action)
        elif k == A.PLAY:
            self._on_play(ev, p, d, action)
        elif k == A.BRING:
            self._on_bring(ev, p, d, action)
        elif k == A.CHANGE:
            self._on_change(ev, p, d, action)
        elif k == A.ATTACK:
            self._on_attack(ev, p, d, action)
        elif k == A.ATTACKER:
            self._on_attacker(ev, p, d, action)
        elif k == A.DONE:
            self._on_done(ev, p, d, action)
        elif k == A.BLOCK:
            self._on_block(ev, p, d, action)
        elif k == A.ASSIGN:
            self._on_assign(ev, p, d, action)
        elif k == A.ASSASSIN:
            self._on_assassin(ev, p, d, action)
        elif k == A.COUNTER:
            self._on_counter(ev, p, d, action)
        elif k == A.TARGET:
            self._on_target(ev, p, d, action)
        elif k == A.JOKER_PICK:
            self._on_joker_pick(ev, p, d, action)
        elif k == A.SPY:
            self._on_spy(ev, p, d, action)
        elif k == A.EXPOSE:
            self._on_expose(ev, p, d, action)
        elif k == A.RECRUIT:
            self._on_recruit(ev, p, d, action)
        elif k == A.TAKE:
            self._on_take(ev, p, d, action)
        elif k == A.TAKE_DECK:
            self._on_take_deck(ev, p, d, action)
        else:
            raise ValueError(f"action.kind: unknown Kingdom action kind {k!r}")
        settle(self)
        return windows.after_move(self, ev)

    # The handlers, one per action kind. Each takes the events list ``ev``, the seat ``p`` deciding,
    # the pending decision ``d`` (see :meth:`decision`) and the action (legal now).

    def _on_pass(self, ev: list[Event], p: int, d: str, action: Action) -> None:
        """``pass``: decline a counter-assassination or a response window. A window is offered
        only to a seat holding a usable card: passing in it is known to that seat alone, or the
        event would reveal the offer [KD-X2, KD-X13]."""
        if d == "counter":
            ev.append(new_event("pass", (T.no_counter_text, p), p, frozenset((p,)), (T.no_data,)))
            self.counter_q.pop(0)
        else:
            ev.append(new_event("pass", (T.no_response_text, p), p, frozenset((p,)), (T.no_data,)))
            self.window.pop(0)

    def _on_end(self, ev: list[Event], p: int, d: str, action: Action) -> None:
        """``end``: end the turn, first discarding down to 7 [KD-1]."""
        if len(self.hands[p]) > HAND_LIMIT:
            self.phase = DISCARD
        else:
            self._end_turn()

    def _on_discard(self, ev: list[Event], p: int, d: str, action: Action) -> None:
        """``discard C``: one card toward the hand limit; the turn ends at 7 [KD-1]."""
        self._hand_remove(p, action.a)
        self._to_discard(action.a)
        ev.append(new_event("discard", (T.discard_text, p, action.a), p, None, (T.card_data, action.a)))
        if len(self.hands[p]) <= HAND_LIMIT:
            self._end_turn()

    def _on_play(self, ev: list[Event], p: int, d: str, action: Action) -> None:
        """``play N``: a noble into play, ready [KD-1, KD-X1]; the others may respond [KD-X2]."""
        c = action.a
        self._hand_remove(p, c)
        self._enter_play(p, c, False)
        self.noble_played = True
        ev.append(new_event("noble", (T.noble_text, p, c), p, None, (T.card_data, c)))
        self._after_main_action(p, (A.PLAY, p, c))

    def _on_bring(self, ev: list[Event], p: int, d: str, action: Action) -> None:
        """``bring C with N``: the noble is turned and the soldier or Ace Champion arrives
        ready [KD-1, KD-X1]; the others may respond [KD-X2]."""
        c, nb = action.a, action.b
        self._hand_remove(p, c)
        self.busy[nb] = True
        self._enter_play(p, c, False)
        what = " as an Ace Champion" if IS_ACE[c] else ""
        ev.append(
            public(
                "bring",
                f"{_seat_name(p)} turns {NAME[nb]} to bring {NAME[c]} into play{what}",
                p,
                card=NAME[c],
                noble=NAME[nb],
            )
        )
        self._after_main_action(p, (A.BRING, p, c, nb))

    def _on_change(self, ev: list[Event], p: int, d: str, action: Action) -> None:
        """``change T to S using U``: U is turned and T takes suit S until the end of the turn
        [KD-2]; in the main phase the others may respond [KD-X2, KD-X5]."""
        t, u, s = action.a, action.b, action.c
        self.busy[u] = True
        self.suit_change[t] = s
        ev.append(
            public(
                "suit",
                f"{_seat_name(p)} turns {NAME[u]} to make {NAME[t]} a {SUIT_NAMES[s]} noble this turn (suit change)",
                p,
                card=NAME[t],
                noble=NAME[u],
                suit=SUITS[s],
            )
        )
        if d == "main":
            self._after_main_action(p, (A.CHANGE, p, t, u, s))

    def _on_attack(self, ev: list[Event], p: int, d: str, action: Action) -> None:
        """``attack Pn``: declare an attack; the attackers are declared next [KD-4]."""
        self.defender = action.a
        self.attacked = True
        self.phase = ATTACKERS
        self.blocks_asked = False
        ev.append(new_event("attack", (T.attack_text, p, action.a), p, None, (T.attack_data, action.a)))

    def _on_attacker(self, ev: list[Event], p: int, d: str, action: Action) -> None:
        """``attacker C``: C joins the attack and becomes preoccupied [KD-4]."""
        c = action.a
        self.busy[c] = True
        self.attackers.append(c)
        self.blockers.append([])
        self.blocked.append(False)
        self.dealt.append([])
        ev.append(new_event("attacker", (T.attacker_text, p, self.defender, c), p, None, (T.card_data, c)))

    def _on_done(self, ev: list[Event], p: int, d: str, action: Action) -> None:
        """``done``: the attackers or the blockers are declared [KD-4]. The declaration stays
        open for everyone else until the responses to it are over (the combat then moves on by
        itself): its end is this player's own event [KD-X13]."""
        if d == "attackers":
            ev.append(new_event("attackers_done", (T.attackers_done_text, p), p, frozenset((p,)), (T.no_data,)))
            self.phase = BLOCKERS
            self._open_window(W_ATTACK, self._others_from(self.active))
        else:
            ev.append(new_event("blocks_done", (T.blockers_done_text, p), p, frozenset((p,)), (T.no_data,)))
            after_blocks(self)

    def _on_block(self, ev: list[Event], p: int, d: str, action: Action) -> None:
        """``block A with B``: B blocks attacker A and becomes preoccupied [KD-4]."""
        a, b = action.a, action.b
        i = self.attackers.index(a)
        self.busy[b] = True
        self.blockers[i].append(b)
        self.blocked[i] = True
        self.dealt[i].append(0)
        ev.append(new_event("block", (T.block_text, p, a, b), p, None, (T.block_data, a, b)))

    def _on_assign(self, ev: list[Event], p: int, d: str, action: Action) -> None:
        """``assign n to B``: the attacker splits an attacker's damage among its blockers [KD-6]."""
        self.dealt[self.split_i][self.split_j] = action.a
        ev.append(
            public(
                "assign",
                f"{_seat_name(p)} deals {action.a} of {NAME[self.attackers[self.split_i]]}'s damage to {NAME[action.b]}",
                p,
                blocker=NAME[action.b],
                damage=action.a,
            )
        )
        advance_split(self, self.split_j + 1)

    def _turn_for_assassin(self, p: int, ace: int, nb: int) -> None:
        """The Ace leaves ``p``'s hand and the noble that brings it as an Assassin is turned [KD-8]."""
        self._hand_remove(p, ace)
        self.busy[nb] = True

    def _on_assassin(self, ev: list[Event], p: int, d: str, action: Action) -> None:
        """``assassin A using N``: an Assassin on the chain; its player chooses its target next
        [KD-8]."""
        ace, nb = action.a, action.b
        self._turn_for_assassin(p, ace, nb)
        self.chain.append([C_ASSASSIN, p, ace, nb, -1])
        self.targeting = p
        self.target_from_main = d == "main"
        ev.append(
            public(
                "assassin",
                f"{_seat_name(p)} plays {NAME[ace]} as an Assassin, turning {NAME[nb]}",
                p,
                card=NAME[ace],
                noble=NAME[nb],
            )
        )

    def _on_counter(self, ev: list[Event], p: int, d: str, action: Action) -> None:
        """``counter A using N``: an Assassin that targets the Ace or Joker on top of the chain;
        the others may counter it in turn [KD-8, KD-X3]."""
        ace, nb = action.a, action.b
        self._turn_for_assassin(p, ace, nb)
        top = self.chain[-1]
        self.chain.append([C_ASSASSIN, p, ace, nb, top[2]])
        ev.append(
            public(
                "counter",
                f"{_seat_name(p)} counters {_seat_name(top[1])}'s {NAME[top[2]]} with the Assassin {NAME[ace]}, turning {NAME[nb]}",
                p,
                card=NAME[ace],
                noble=NAME[nb],
            )
        )
        self.counter_q = self._others_from(p)

    def _on_target(self, ev: list[Event], p: int, d: str, action: Action) -> None:
        """``target C``: the Assassin's target; the others may counter it [KD-8, KD-X3], and
        after an Assassin from the main phase they may respond [KD-X2]."""
        top = self.chain[-1]
        top[4] = action.a
        self.targeting = -1
        q = self.loc[action.a]
        ev.append(
            public(
                "target",
                f"{_seat_name(p)}'s Assassin {NAME[top[2]]} targets {_seat_name(q)}'s {NAME[action.a]}",
                p,
                target=NAME[action.a],
            )
        )
        self.counter_q = self._others_from(p)
        if self.target_from_main:
            self.target_from_main = False
            self._after_main_action(p, (A.TARGET, p, top[2], action.a, q))

    def _play_joker(self, ev: list[Event], p: int, d: str, k: int, entry: int, target: int, use: str) -> None:
        """A Joker played as ``entry`` (a chain kind) on ``target`` (a seat, or -1): on the chain,
        open to counters [KD-9, KD-X3]; from the main phase the others may respond [KD-X2]."""
        self._hand_remove(p, JOKER)
        self.chain.append([entry, p, JOKER, -1, target])
        ev.append(public("joker", f"{_seat_name(p)} plays a Joker {use}", p, use=CHAIN_NAMES[entry], target=target))
        self.counter_q = self._others_from(p)
        if d == "main":
            self._after_main_action(p, (k, p, target))

    def _on_joker_pick(self, ev: list[Event], p: int, d: str, action: Action) -> None:
        """``joker pick``: a Joker as Pick a Card [KD-9]."""
        self._play_joker(ev, p, d, A.JOKER_PICK, C_PICK, -1, "as Pick a Card")

    def _on_spy(self, ev: list[Event], p: int, d: str, action: Action) -> None:
        """``joker spy Pn``: a Joker as a Spy on seat n [KD-9]."""
        self._play_joker(ev, p, d, A.SPY, C_SPY, action.a, f"as a Spy on {_seat_name(action.a)}")

    def _on_expose(self, ev: list[Event], p: int, d: str, action: Action) -> None:
        """``joker expose Pn``: a Joker to expose seat n's hand [KD-9]."""
        self._play_joker(ev, p, d, A.EXPOSE, C_EXPOSE, action.a, f"to expose {_seat_name(action.a)}'s hand")

    def _on_recruit(self, ev: list[Event], p: int, d: str, action: Action) -> None:
        """``joker recruit C``: C moves into ``p``'s kingdom, preoccupied, and the Joker goes to
        the discard pile [KD-9]; the others may respond [KD-X2]."""
        c = action.a
        q = self.loc[c]
        self._hand_remove(p, JOKER)
        self._to_discard(JOKER)
        self.play[q].remove(c)
        self.suit_change.pop(c, None)
        self._enter_play(p, c, True)
        ev.append(
            public(
                "recruit",
                f"{_seat_name(p)} plays a Joker to recruit {NAME[c]} from {_seat_name(q)} (it arrives preoccupied)",
                p,
                card=NAME[c],
                source=q,
            )
        )
        self._after_main_action(p, (A.RECRUIT, p, c, q))

    def _on_take(self, ev: list[Event], p: int, d: str, action: Action) -> None:
        """``take C``: Pick a Card takes C from the discard pile, which is face up, so everyone
        knows it is in ``p``'s hand [KD-9, KD-X7]."""
        c = action.a
        self.discard.remove(c)
        self.hands[p].append(c)
        for v in range(self.num_players + 1):
            if v != p:
                self.known[v][p].append(c)
        ev.append(public("take", f"{_seat_name(p)} takes {NAME[c]} from the discard pile", p, card=NAME[c]))
        self._finish_pick()

    def _on_take_deck(self, ev: list[Event], p: int, d: str, action: Action) -> None:
        """``take deck``: Pick a Card takes the deck's top card, seen by ``p`` alone [KD-9]."""
        c = self.deck.pop()
        self.hands[p].append(c)
        me = _seat_name(p)
        ev.append(public("take", f"{me} takes the top card of the deck", p))
        ev.append(private("take", f"{me} takes {NAME[c]} from the deck", (p,), p, card=NAME[c]))
        self._finish_pick()

    def _after_main_action(self, p: int, cause: tuple[int, ...]) -> None:
        """After each main-phase action the other kingdoms may respond [KD-X2]; ``cause`` is
        what the response prompts name: ``(kind, seat, ...)`` of that action."""
        self.cause = cause
        self._open_window(W_ACTION, self._others_from(p))

    def _open_window(self, point: int, seats: list[int]) -> None:
        self.window = seats
        self.window_point = point

    def _finish_pick(self) -> None:
        entry = self.chain.pop()
        self._to_discard(entry[2])  # the Joker goes to the discard pile after the pick [KD-9]
        self.picking = -1

    # ------------------------------------------------------------------ views, copies, hidden information
    def summary(self, seat: int) -> KingdomSummary:
        """What the heuristic bot reads of ``seat``'s information set (see :mod:`.summary`).

        Raises:
            ValueError: ``seat`` is not a seat of this game."""
        self._check_seat(seat)
        return summarize(self, seat)

    def _choice_forced_publicly(self) -> bool:
        """A single choice is forced by what everyone knows in the decisions whose choices
        come from the table alone — the cards in play and whether they are preoccupied, the
        discard pile, the deck's size: declaring attackers and blockers (a lone ``done``), a
        split of damage, an Assassin's target, a Joker's Pick a Card. Never in the main phase:
        a lone ``end`` would tell everyone that the hand holds nothing playable; nor at a
        discard or a response window."""
        return self.decision() in _PUBLIC_DECISIONS

    def _result_scores(self) -> tuple[str, list[float], bool] | None:
        """The territories each kingdom holds (KD-12, KD-13: the most wins, a fallen kingdom
        holds none)."""
        return "territories", [float(t) for t in self.territories], False

    def _validate_restored(self) -> None:
        validate_state(self)

    def zones(self) -> dict[str, list[str]]:
        z = {"deck": [NAME[c] for c in self.deck], "discard": [NAME[c] for c in self.discard]}
        for p in range(self.num_players):
            z[f"hand:{p}"] = [NAME[c] for c in self.hands[p]]
            z[f"play:{p}"] = [NAME[c] for c in self.play[p]]
        z["chain"] = [NAME[e[2]] for e in self.chain]
        return z

    def clone(self) -> KingdomState:
        new = self._blank()
        self._copy_base(new)
        copy_into(self, new)
        return new

    def determinize(self, seat: int, rng: random.Random) -> KingdomState:
        """A full state consistent with ``view(seat)``: the deck and the unknown part of every
        other hand redistributed with ``rng``. Cards ``seat`` knows to be in a hand (Spy, Expose,
        a discard pick) stay there [KD-X7]. If another seat is deciding in a response window, the
        sample is redrawn (up to 30 times) until that seat can act in it, as the window shows.
        """
        self._check_seat(seat)
        det = self.clone()
        det._mark_determinized(rng)
        n = self.num_players
        pool = self.deck[:]
        rest: list[list[int]] = [[] for _ in range(n)]
        for h in range(n):
            if h == seat:
                continue
            hand = self.hands[h][:]
            for c in self.known[seat][h]:
                hand.remove(c)
            pool.extend(hand)
            rest[h] = hand
        pool.sort()  # canonical order: the sample depends only on what ``seat`` knows and on rng
        asker = self.current_player
        d = self.decision()
        must = asker if asker is not None and asker != seat and d in ("respond", "counter") else -1
        for _ in range(30):
            rng.shuffle(pool)
            pos = 0
            for h in range(n):
                if h == seat:
                    continue
                k = len(rest[h])
                det.hands[h] = self.known[seat][h] + pool[pos : pos + k]
                pos += k
            det.deck = pool[pos:]
            if must < 0:
                break
            if det.can_counter(must) if d == "counter" else det.can_respond(must):
                break
        # what others know of hands other than ``seat``'s is unknown to ``seat``: public knowledge only
        pub = self.known[n]
        for w in range(n):
            if w == seat:
                continue
            for h in range(n):
                if h != seat and h != w:
                    det.known[w][h] = pub[h][:]
        if self.cp is not None:  # the copies KD-X13 shows, made consistent with the new hands
            det.cp = windows.resampled(self, det, self.cp, seat)
            det.frozen = {s: windows.resampled(self, det, f, seat) for s, f in self.frozen.items()}
        det._legal = None
        return det

    # ------------------------------------------------------------------ snapshots
    def _snapshot_state(self) -> dict[str, Any]:
        return snapshot_state(self)

    def _restore_state(self, data: dict[str, Any]) -> None:
        restore_state(self, data)
