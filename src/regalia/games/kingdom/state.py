"""Kingdom's rules: the State (turns, nobles, soldiers, combat, Assassins, Jokers, windows).

Rulings are cited as ``[KD-n]`` (the rule sheet) and ``[KD-Xn]`` (regalia's own, listed in
``docs/games/kingdom.md`` and in :mod:`rulings`).

Decisions, in the order :attr:`KingdomState.current_player` looks for them:

1. ``target``  — the player who just played an Assassin chooses its target [KD-8].
2. ``counter`` — a counter-assassination window on the last Assassin or Joker [KD-8, KD-9, KD-X3].
3. ``pick``    — the player whose Pick a Card Joker resolved takes a card [KD-9, KD-X6].
4. ``respond`` — a response window after an action or combat step [KD-X2].
5. the turn's phase: ``main``, ``attackers``, ``blockers`` (the defender), ``split``, ``discard``.

(:meth:`KingdomState.decision_code` gives it as an int, ``phases.D_*``.) This module holds the
typed fields, the deal and the protocol. The rules are functions of the state by action kind,
each kind's legality, refusal and effect side by side: :mod:`.rules` (the turn's own kinds and the
entry points), :mod:`.combat`, :mod:`.chain` (Assassins and Jokers); the steps they share are in
:mod:`.flow`, what follows by itself in :mod:`.resolution`, the hidden windows in :mod:`.windows`.
What people are shown is read by :mod:`.presenter`.
"""

from __future__ import annotations

import random
from typing import Any, Final

from regalia.core.events import Event
from regalia.core.state import State
from regalia.games.kingdom import actions as A
from regalia.games.kingdom import flow, rules, windows
from regalia.games.kingdom.actions import KingdomAction, action_space, parse_action
from regalia.games.kingdom.cards import IS_ACE, JOKER, NAME, SUIT, deck_cards, parse_card
from regalia.games.kingdom.config import KingdomConfig, decks_for
from regalia.games.kingdom.flow import NO_CHANGE
from regalia.games.kingdom.phases import (
    BLOCKERS,
    C_ASSASSIN,
    COUNTER_KINDS,
    D_ATTACKERS,
    D_BLOCKERS,
    D_COUNTER,
    D_OVER,
    D_PICK,
    D_RESPOND,
    D_SPLIT,
    D_TARGET,
    DECISION_NAMES,
    MAIN,
    OVER,
    RESPOND_KINDS,
    START_HAND,
    W_NONE,
)
from regalia.games.kingdom.position import copy_into, restore_state, snapshot_state
from regalia.games.kingdom.snapshot import validate as validate_state
from regalia.games.kingdom.summary import KingdomSummary, summarize

_PUBLIC_DECISIONS: Final[frozenset[int]] = frozenset({D_ATTACKERS, D_BLOCKERS, D_SPLIT, D_TARGET, D_PICK})
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
        suit_change: for each card integer, the suit index a suit change gives it until the end
            of the turn, or ``flow.NO_CHANGE`` [KD-2]; ``changed`` lists the cards changed.
        territories: each kingdom's territories; ``alive``: kingdoms not eliminated [KD-12].
        turn_player: the seat whose turn it is; ``turn_no``: turns started so far.
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
        s.events = []
        flow.start_turn(s, first)
        s.events = []
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
        self.suit_change: list[int] = [NO_CHANGE] * nc
        self.changed: list[int] = []
        self.territories: list[int] = [self.config.territories] * n
        self.alive: list[bool] = [True] * n
        self.turn_player = 0
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
        self.events: list[Event] = []
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

    # ------------------------------------------------------------------ queries of the position
    def suit_of(self, c: int) -> int:
        """The suit a card in play counts as now: its printed suit or a suit change [KD-2]."""
        return flow.suit_of(self, c)

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
        return self.turn_player

    def decision_code(self) -> int:
        """The decision due now, as an int (``phases.D_*``): ``D_TARGET``, ``D_COUNTER``,
        ``D_PICK``, ``D_RESPOND``, the turn's phase (``D_MAIN`` .. ``D_DISCARD``) or ``D_OVER``."""
        if self.phase == OVER:
            return D_OVER
        if self.targeting >= 0:
            return D_TARGET
        if self.counter_q:
            return D_COUNTER
        if self.picking >= 0:
            return D_PICK
        if self.window:
            return D_RESPOND
        return self.phase

    def decision(self) -> str:
        """The kind of decision due now: ``target``, ``counter``, ``pick``, ``respond``, ``main``,
        ``attackers``, ``blockers``, ``split``, ``discard`` or ``over``."""
        return DECISION_NAMES[self.decision_code()]

    def decider_hidden(self) -> bool:
        """Whether the pending decision is a response or counter window, shown only to the seat
        asked [KD-X13]; an online table pads moves so that timing does not tell (SRV-2)."""
        d = self.decision_code()
        return d in (D_RESPOND, D_COUNTER)

    def is_decline(self, action: Any) -> bool:
        """Whether ``action`` lets a response or counter window go by: its ``pass``, known to its
        seat alone [KD-X2, KD-X3, KD-X13] (server ruling SRV-2; see ``State.is_decline``)."""
        return isinstance(action, KingdomAction) and action.kind == A.PASS and self.decider_hidden()

    def decision_kind(self) -> str | None:
        """The kind of the pending decision, one of ``KingdomGame.decision_kinds`` (``None`` once
        the game is over): ``main``, ``attackers``, ``blockers``, ``split``, ``discard``,
        ``target``, ``pick``; a response window ``respond_action``, ``respond_attackers`` or
        ``respond_blockers`` [KD-X2]; a counter window on the chain's last item
        ``counter_assassin``, ``counter_counter``, ``counter_pick``, ``counter_spy`` or
        ``counter_expose`` [KD-X3]. A machine name, never shown to people."""
        d = self.decision_code()
        if d == D_OVER:
            return None
        if d == D_RESPOND:
            return RESPOND_KINDS[self.window_point]
        if d == D_COUNTER:
            top = self.chain[-1][0]
            if top == C_ASSASSIN:
                return "counter_counter" if len(self.chain) >= 2 else "counter_assassin"
            return COUNTER_KINDS[top]
        return DECISION_NAMES[d]

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

    def action_from_id(self, action_id: int) -> KingdomAction:
        return self._space.action_from_id(action_id)

    def _parse(self, text: str) -> KingdomAction:
        return parse_action(text, self.decks, self.num_players)

    # ------------------------------------------------------------------ eligibility
    def can_assassinate(self, p: int) -> bool:
        """Whether ``p`` holds an Ace whose suit matches one of their unpreoccupied nobles [KD-8]."""
        suits = flow.ready_suits(self, p)
        if not suits:
            return False
        return any(IS_ACE[c] and (suits >> SUIT[c]) & 1 for c in self.hands[p])

    def can_respond(self, p: int) -> bool:
        """Whether ``p`` has any play in a response window (so is asked at all) [KD-X2]."""
        if JOKER in self.hands[p]:
            return True
        return self.can_assassinate(p) or bool(rules.window_changes(self, p))

    def can_counter(self, p: int) -> bool:
        """Whether ``p`` could counter the last Assassin or Joker now [KD-8, KD-X3]."""
        return self.can_assassinate(p) or bool(rules.window_changes(self, p))

    # ------------------------------------------------------------------ turns seen by everyone (SRV-2)
    def may_respond(self, p: int) -> bool:
        """Whether everyone must allow that ``p`` holds a play for a response window: a card in
        hand, and a Joker not every copy of which is on the discard pile or in the chain, or an
        unpreoccupied noble (an Assassin, or a suit change to bring one, needs one) [KD-X2]. True
        whenever :meth:`can_respond` is; it reads no hand but its size."""
        if not self.hands[p]:
            return False
        return flow.ready_suits(self, p) != 0 or flow.joker_unseen(self)

    def may_counter(self, p: int) -> bool:
        """Whether everyone must allow that ``p`` can counter: a card in hand and an
        unpreoccupied noble [KD-X3]. True whenever :meth:`can_counter` is."""
        return bool(self.hands[p]) and flow.ready_suits(self, p) != 0

    def response_turns(self) -> tuple[int, ...]:
        """The turns in the hidden response and counter windows the last move reached, judged
        from public information (see ``State.response_turns``; KD-X2, KD-X3, KD-X13, server ruling
        SRV-2): each time a window's turn came to a seat that :meth:`may_respond` (or
        :meth:`may_counter`), whether or not it could act."""
        return self.resp

    # ------------------------------------------------------------------ the rules (.rules, .combat, .chain)
    def _legal_actions(self) -> list[KingdomAction]:
        return rules.legal_actions(self)

    def can_attack(self, p: int) -> bool:
        """Whether ``p`` may declare an attack now: not in the first round [KD-4], not yet this
        turn, with an unpreoccupied card in play."""
        return not self.attacked and self.turn_no > self.num_players and any(not self.busy[c] for c in self.play[p])

    def _explain(self, action: Any) -> tuple[str, str | None]:
        return rules.explain(self, action)

    def _apply(self, action: Any) -> list[Event]:
        return rules.apply_action(self, action)

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
        return self.decision_code() in _PUBLIC_DECISIONS

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
        d = self.decision_code()
        must = asker if asker is not None and asker != seat and d in (D_RESPOND, D_COUNTER) else -1
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
            if det.can_counter(must) if d == D_COUNTER else det.can_respond(must):
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
