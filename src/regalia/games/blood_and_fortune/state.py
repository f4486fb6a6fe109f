"""Blood & Fortune rules: setup, role draft, Offer Influence, Resolve Roles, Reveal and Score.

Section tags used as rule ids (see ``docs/games/blood_and_fortune.md``): ``BF-SETUP``,
``BF-DRAFT``, ``BF-OFFER``, ``BF-ROLEOFFER``, ``BF-SPECIAL``, ``BF-RESOLVE``, ``BF-REVEAL``,
``BF-SCORE``, ``BF-ROUND``, ``BF-WIN``; rulings ``BF-1..BF-4`` (sheet) and ``BF-X1..`` (regalia's).

The package, bottom up (each module imports only those above it, so there is no import cycle):

- constants, importing nothing of the game: ``phases`` (the pending decisions), ``cards`` (cards,
  houses, the house-rule effect tables), ``holders`` (the knowledge log's kinds and holders);
- ``actions`` (action objects, texts, ids), ``words`` (the screens' words), ``eventtexts`` (event
  texts built when read), ``deck`` (``deck=``);
- ``position``: :class:`~.position.BloodAndFortuneTable`, the position's fields, copies and snapshots;
- helpers taking a table: ``effects`` (house-rule effects), ``knowledge`` (who knows where each
  card is; determinization), ``scoring`` (Reveal and Score), ``view``, ``prompts``, ``labels``,
  ``refusals``, ``snapshot`` (loaded snapshots);
- this module: :class:`BloodAndFortuneState`, the rules that move the game on; then ``game``
  (the registered description) and ``bot``.

One line of inheritance: ``core.State → BloodAndFortuneTable → BloodAndFortuneState``. The
flow functions (``_start_round``, ``_begin_offer_turn``, ...) append the events they cause to
the list they are given, in the order they happen.
"""

from __future__ import annotations

import random
from typing import Any, Final

from regalia.core.events import Event, new_event, private, public
from regalia.core.state import State, shuffle
from regalia.games.blood_and_fortune import eventtexts as T
from regalia.games.blood_and_fortune.actions import (
    GIVE,
    KEEP,
    OFFER,
    PASS,
    PLACE,
    SPECIAL,
    TAKE,
    Action,
    action_from_id,
    action_to_id,
    parse_action_text,
)
from regalia.games.blood_and_fortune.cards import (
    CARD_NAMES,
    HOUSE_NAMES,
    NUM_HOUSES,
    NUM_ROLES,
    NUM_SCORE_CARDS,
    ROLE_BASE,
    ROLES,
    ROUNDS,
    SPECIAL_ACTIONS,
    TURNS_PER_ROUND,
    house_cards,
)
from regalia.games.blood_and_fortune.deck import parse_deck
from regalia.games.blood_and_fortune.effects import apply_effect, can_use_special, effect_targets
from regalia.games.blood_and_fortune.holders import (
    H_DEALT,
    H_DECK,
    H_OFFER,
    H_PLACED,
    H_PLAYED,
    H_SLOT,
    K_EMPTY,
    K_XFER,
)
from regalia.games.blood_and_fortune.knowledge import determinize
from regalia.games.blood_and_fortune.legal import legal_actions
from regalia.games.blood_and_fortune.phases import (
    CLOSING,
    DRAFT_PLACE,
    DRAFT_TAKE,
    KEEPING,
    OFFERING,
    OVER,
    PAYING,
    PHASE_NAMES,
    ROLE_TARGET,
)
from regalia.games.blood_and_fortune.position import BloodAndFortuneTable
from regalia.games.blood_and_fortune.refusals import explain
from regalia.games.blood_and_fortune.scoring import reveal_and_score, win_chances
from regalia.games.blood_and_fortune.snapshot import validate
from regalia.games.blood_and_fortune.summary import BloodAndFortuneSummary, summarize
from regalia.games.blood_and_fortune.words import role_title

_WITNESSES: Final[tuple[tuple[frozenset[int], ...], ...]] = tuple(
    tuple(frozenset({p, q}) for q in range(6)) for p in range(6)
)
"""``_WITNESSES[p][q]``: the audience ``{p, q}`` of a private event between two seats."""
_ONLY: Final[tuple[frozenset[int], ...]] = tuple(frozenset({p}) for p in range(6))
"""``_ONLY[p]``: the audience of a private event for seat ``p`` alone."""
_OFFER_EMPTIED: Final[tuple[tuple[int, ...], tuple[int, ...]]] = ((K_EMPTY, H_OFFER, 0), (K_EMPTY, H_OFFER, 1))
"""The knowledge-log entries of a resolved offer: it holds no Influence and no Role card any more."""


class BloodAndFortuneState(BloodAndFortuneTable):
    """A Blood & Fortune game in play: the rules that move it on (the fields are
    :class:`~.position.BloodAndFortuneTable`'s). Made by :meth:`deal`; ``Game.new_initial_state``
    calls it."""

    # ------------------------------------------------------------------ setup (BF-SETUP)
    @classmethod
    def deal(cls, game: Any, config: Any, num_players: int, seed: int, deck: list[str] | None) -> BloodAndFortuneState:
        """A new game: houses and Score cards dealt, the first player chosen, round 1 begun.

        Raises:
            ValueError: a bad ``deck`` (BF-X6) or a ``first_player`` that is not a seat.
        """
        state = cls()
        state._init_base(game, config, num_players, seed, deck)
        state._read_options()
        state._setup(deck)
        return state

    def _setup(self, deck: list[str] | None) -> None:
        n = self.num_players
        first_player = self.config.first_player
        fixed_h, fixed_s, fixed_r = parse_deck(deck, n, self.roles_on) if deck is not None else ([], [], [])
        if first_player is not None and first_player >= n:
            raise ValueError(f"first_player: seat {first_player} is not a seat of this {n}-player game")
        rng = self.rng
        rest = [h for h in range(NUM_HOUSES) if h not in fixed_h]
        shuffle(rng, rest)
        self.houses = fixed_h + rest[: n - len(fixed_h)]
        rest = [s for s in range(NUM_SCORE_CARDS) if s not in fixed_s]
        shuffle(rng, rest)
        self.score_cards = fixed_s + rest[: n - len(fixed_s)]
        # BF-SETUP: a chosen seat, else seat 0 with an explicit deck, else a random seat (BF-X6)
        if first_player is not None:
            self.ring = int(first_player)
        elif deck is not None:
            self.ring = 0
        else:
            self.ring = rng.randrange(n)
        self.round = 0
        self.totals = [0] * n
        self.turns_total = 0
        self.winners_ = ()
        self.last_round = None
        self.round_log = []
        self._fixed_roles = [ROLE_BASE + r for r in fixed_r]
        self._start_round([])

    def _start_round(self, events: list[Event]) -> None:
        """BF-ROUND / BF-SETUP: hands of the 5 house cards, empty areas, Ring holder first."""
        n = self.num_players
        self.first = self.ring
        self.phase = OFFERING
        self.cp = -1
        self.hands = [house_cards(h) for h in self.houses]
        self.areas = [[] for _ in range(n)]
        self.slots = [[] for _ in range(n)]
        self.known = [[] for _ in range(n)]
        self.next_slot = 0
        self.offer = []
        self.offerer = -1
        self.recipient = -1
        self.turn_k = 0
        self.special_used = [False] * n
        self.received = [0] * n
        self.closing = []
        self.bonuses = []
        self.keep_doubles = 0
        self.lose_doubles = 0
        self.regent = -1
        self.discard = []
        self.played = []
        self.resolve_queue = []
        self.offers_log = []
        self.payments_log = []
        self.peeks = [[] for _ in range(n)]
        self.klog = []
        self.role_deck = []
        self.dealt = [[] for _ in range(n)]
        self.placed = [-1] * n
        self.draft_queue = []
        self.takes = []
        events.append(new_event("round", (T.round_text, self.round, self.first), None, None, {}))
        if self.roles_on:
            self._deal_roles(events)
        else:
            self._begin_offer_turn(events)

    # ------------------------------------------------------------------ role draft (BF-DRAFT)
    def _deal_roles(self, events: list[Event]) -> None:
        """BF-DRAFT 1-2: shuffle all 15 roles and deal 2 to each player in turn order, one at a time (BF-X13)."""
        fixed = self._fixed_roles if self.round == 0 else []
        rest = [r for r in range(ROLE_BASE, ROLE_BASE + NUM_ROLES) if r not in fixed]
        shuffle(self.rng, rest)
        self.role_deck = fixed + rest
        order = self.order()
        for _ in range(2):
            for p in order:
                r = self.role_deck.pop(0)
                self.dealt[p].append(r)
                self.klog.append((K_XFER, r, H_DECK, H_DEALT + p, 1 << p))
        events.append(
            public(
                "deal_roles", f"Role draft, round {self.round + 1}: 2 Role cards are dealt to each player in turn order"
            )
        )
        for p in order:
            self.dealt[p].sort()
            events.append(
                private(
                    "deal_roles",
                    f"Role draft: you are dealt {role_title(self.dealt[p][0])} and {role_title(self.dealt[p][1])} "
                    "(house rules)",
                    _ONLY[p],
                    p,
                    cards=[CARD_NAMES[c] for c in self.dealt[p]],
                )
            )
        self.phase = DRAFT_PLACE
        self.draft_queue = order
        self.cp = order[0]

    def _do_place(self, p: int, role: int, events: list[Event]) -> None:
        """BF-DRAFT 3: place one dealt role face down, return the other to the deck unseen."""
        other = next(c for c in self.dealt[p] if c != role)
        self.dealt[p] = []
        self.placed[p] = role
        self.role_deck.append(other)
        self.klog.append((K_XFER, role, H_DEALT + p, H_PLACED + p, 1 << p))
        self.klog.append((K_XFER, other, H_DEALT + p, H_DECK, 1 << p))
        self.klog.append((K_EMPTY, H_DEALT + p, 1))
        self.draft_queue.pop(0)
        events.append(
            public("place_role", f"Role draft: P{p} places a Role card face down and returns the other to the deck", p)
        )
        if self.draft_queue:
            self.cp = self.draft_queue[0]
        else:
            self.phase = DRAFT_TAKE
            self.draft_queue = self.order()
            self.cp = self.draft_queue[0]

    def _do_take(self, p: int, x: int, events: list[Event]) -> None:
        """BF-DRAFT 4: take the face-down role placed by another player."""
        role = self.placed[x]
        self.placed[x] = -1
        self.hands[p].append(role)
        self.klog.append((K_XFER, role, H_PLACED + x, p, (1 << p) | (1 << x)))
        self.klog.append((K_EMPTY, H_PLACED + x, 1))
        self.takes.append((p, x, role))
        self.draft_queue.pop(0)
        events.append(
            public("take_role", f"Role draft: P{p} takes the face-down Role card placed by P{x}", p, source=x)
        )
        events.append(
            private(
                "take_role_card",
                f"Role draft: P{p} takes {role_title(role)} (house rule), placed by P{x}",
                _WITNESSES[p][x],
                p,
                card=CARD_NAMES[role],
            )
        )
        if self.draft_queue:
            self.cp = self.draft_queue[0]
            return
        self._begin_offer_turn(events)

    # ------------------------------------------------------------------ Offer Influence (BF-OFFER)
    def _begin_offer_turn(self, events: list[Event]) -> None:
        """Start the next Offer turn; a player with no cards misses it (BF-OFFER, BF-X7)."""
        n = self.num_players
        while self.turn_k < TURNS_PER_ROUND * n:
            p = (self.first + self.turn_k) % n
            self.turns_total += 1
            if self.hands[p]:
                self.phase = OFFERING
                self.cp = p
                return
            events.append(public("miss", f"P{p} has no cards in hand and misses the turn", p))
            self.turn_k += 1
        self._end_offer_stage(events)

    def can_use_special(self, p: int) -> bool:
        """BF-SPECIAL / BF-4: whether seat ``p`` may use its Special Action now (see
        :func:`.effects.can_use_special`)."""
        return can_use_special(self, p)

    def _left_holder(self, holder: int, hand: list[int], roles: bool) -> None:
        """Log that ``holder`` holds no card of the class (Role cards or not) any more, if so (BF-X4)."""
        for c in hand:
            if (c >= ROLE_BASE) == roles:
                return
        self.klog.append((K_EMPTY, holder, 1 if roles else 0))

    def _into_area(self, seat: int, card: int, witnesses: int, src: int) -> int:
        """Put ``card`` face down at the right end of ``seat``'s area; its new slot id."""
        slot = self.next_slot
        self.next_slot = slot + 1
        self.areas[seat].append(card)
        self.slots[seat].append(slot)
        self.known[seat].append(witnesses)
        self.received[seat] += 1
        self.klog.append((K_XFER, card, src, H_SLOT + slot, witnesses))
        return slot

    def _do_offer(self, p: int, action: Action, events: list[Event]) -> None:
        """BF-OFFER / BF-ROLEOFFER: offer 1 or 2 cards face down to another player."""
        c1 = action.a
        c2 = action.b
        to = action.seat
        hand = self.hands[p]
        klog = self.klog
        wit = (1 << p) | (1 << to)
        hand.remove(c1)
        klog.append((K_XFER, c1, p, H_OFFER, wit))
        roles = 1 if c1 >= ROLE_BASE else 0
        if c2 >= 0:
            hand.remove(c2)
            klog.append((K_XFER, c2, p, H_OFFER, wit))
            if c2 >= ROLE_BASE:
                roles += 1
            offer = [c1, c2] if c1 < c2 else [c2, c1]
        else:
            offer = [c1]
        count = len(offer)
        if roles < count:  # an Influence card left the hand
            self._left_holder(p, hand, False)
        if roles:
            self._left_holder(p, hand, True)
        self.offer = offer
        self.offerer = p
        self.recipient = to
        self.phase = KEEPING
        self.cp = to
        cards = tuple(offer)
        turns = TURNS_PER_ROUND * self.num_players
        events.append(
            new_event(
                "offer",
                (T.offer_text, p, to, count, roles, self.turn_k + 1, turns),
                p,
                None,
                (T.offer_data, to, count, roles),
            )
        )
        events.append(
            new_event("offer_cards", (T.offer_cards_text, p, to, cards), p, _WITNESSES[p][to], (T.cards_data, cards))
        )

    def _do_keep(self, r: int, card: int, events: list[Event]) -> None:
        """BF-OFFER: keep one card, return the other; BF-ROLEOFFER for a kept Role card."""
        p = self.offerer
        wit = (1 << p) | (1 << r)
        offer = self.offer
        back = -1
        for c in offer:
            if c != card:
                back = c
        cards = tuple(sorted(offer))
        self.offer = []
        role = card >= ROLE_BASE
        if role:
            self.hands[r].append(card)
            self.klog.append((K_XFER, card, H_OFFER, r, wit))
            self.offers_log.append((p, r, cards, card, -1))
        else:
            slot = self._into_area(r, card, wit, H_OFFER)
            self.offers_log.append((p, r, cards, card, slot))
        events.append(new_event("keep", (T.keep_text, r, p, role), r, None, (T.keep_data, p, role)))
        if back >= 0:
            self.hands[p].append(back)
            self.klog.append((K_XFER, back, H_OFFER, p, wit))
        self.klog.extend(_OFFER_EMPTIED)
        events.append(
            new_event("keep_card", (T.keep_card_text, r, card, back, p), r, _WITNESSES[p][r], (T.card_data, card))
        )
        if role:
            for c in self.hands[r]:
                if c < ROLE_BASE:
                    self.phase = PAYING
                    self.cp = r
                    return
            events.append(public("pay", f"P{r} has no Influence card to give P{p} for the Role card P{r} kept", r))
        self.turn_k += 1
        self._begin_offer_turn(events)

    def _do_give(self, r: int, card: int, events: list[Event]) -> None:
        """BF-ROLEOFFER 3: the recipient of a Role card gives the offerer an Influence card."""
        p = self.offerer
        wit = (1 << p) | (1 << r)
        self.hands[r].remove(card)
        slot = self._into_area(p, card, wit, r)
        self._left_holder(r, self.hands[r], False)
        self.payments_log.append((r, p, card, slot))
        self.turn_k += 1
        events.append(
            public(
                "pay",
                f"P{r} gives P{p} an Influence card for the Role card P{r} kept: it goes face down to the right end "
                f"of P{p}'s area",
                r,
                to=p,
            )
        )
        events.append(
            private("pay_card", f"P{r} gives {CARD_NAMES[card]} to P{p}", _WITNESSES[p][r], r, card=CARD_NAMES[card])
        )
        self._begin_offer_turn(events)

    def _end_offer_stage(self, events: list[Event]) -> None:
        """After the last Offer turn: the closing Special Action window (BF-X2), then roles or reveal."""
        if self.specials_on:
            self.closing = [p for p in self.order() if can_use_special(self, p)]
            self._next_closing(events)
        else:
            self._start_resolve(events)

    def _next_closing(self, events: list[Event]) -> None:
        """BF-X2: ask the next seat of the closing window that can still use its Special Action."""
        while self.closing:
            p = self.closing[0]
            if can_use_special(self, p):
                self.phase = CLOSING
                self.cp = p
                return
            self.closing.pop(0)
        self._start_resolve(events)

    # ------------------------------------------------------------------ Resolve Roles (BF-RESOLVE)
    def _start_resolve(self, events: list[Event]) -> None:
        if not self.roles_on:
            self._finish_round(events)
            return
        self.resolve_queue = sorted((r, p) for p in range(self.num_players) for r in self.hands[p] if r >= ROLE_BASE)
        events.append(public("resolve", "Resolve Roles: the first player calls the roles in ascending order"))
        self._continue_resolve(events)

    def _continue_resolve(self, events: list[Event]) -> None:
        """Reveal and resolve each role in hand in ascending order (BF-RESOLVE); a role with a
        choice of target waits for its holder's decision."""
        everyone = (1 << self.num_players) - 1
        while self.resolve_queue:
            r, p = self.resolve_queue[0]
            eff = ROLES[r - ROLE_BASE]
            if r in self.hands[p]:
                self.hands[p].remove(r)
                self.played.append((r, p))
                self.klog.append((K_XFER, r, p, H_PLAYED, everyone))
                self._left_holder(p, self.hands[p], True)
                events.append(
                    public(
                        "reveal_role",
                        f"P{p} reveals {eff.id} {eff.name} (house rule): {eff.text}",
                        p,
                        role=eff.id,
                        house_rule=True,
                    )
                )
            targets = effect_targets(self, eff, p)
            if not targets:
                events.append(
                    public(
                        "effect",
                        f"P{p}'s {eff.id} {eff.name} (house rule) has nothing to act on and has no effect",
                        p,
                        role=eff.id,
                    )
                )
            elif eff.target == "self":
                events.extend(apply_effect(self, eff, p, -1, -1))
            else:
                self.phase = ROLE_TARGET
                self.cp = p
                return
            self.resolve_queue.pop(0)
        self._finish_round(events)

    # ------------------------------------------------------------------ Reveal and Score
    def _finish_round(self, events: list[Event]) -> None:
        """BF-REVEAL, BF-SCORE, BF-WIN (see :func:`.scoring.reveal_and_score`), then BF-ROUND:
        the next round begins unless the game is over."""
        events.extend(reveal_and_score(self))
        if self.phase != OVER:
            self._start_round(events)

    def _reveal_and_score(self) -> list[Event]:
        """End the round now (Reveal and Score, then the next round or the end); its events."""
        events: list[Event] = []
        self._finish_round(events)
        return events

    # ------------------------------------------------------------------ protocol hooks
    def _legal_actions(self) -> list[Any]:
        """The legal actions of the seat to decide (:func:`.legal.legal_actions`)."""
        return legal_actions(self)

    def _apply(self, action: Any) -> list[Event]:
        a: Action = action
        k = a.kind
        p = self.cp
        events: list[Event] = []
        if k == OFFER:
            self._do_offer(p, a, events)
        elif k == KEEP:
            self._do_keep(p, a.a, events)
        elif k == GIVE:
            self._do_give(p, a.a, events)
        elif k == PLACE:
            self._do_place(p, a.a, events)
        elif k == TAKE:
            self._do_take(p, a.seat, events)
        elif k == SPECIAL:
            self.special_used[p] = True
            eff = SPECIAL_ACTIONS[self.score_cards[p]]
            events.extend(apply_effect(self, eff, p, a.seat, a.pos))
            if self.phase == CLOSING:
                self.closing.pop(0)
                self._next_closing(events)
        elif k == PASS:
            self.closing.pop(0)
            eff = SPECIAL_ACTIONS[self.score_cards[p]]
            text = f"P{p} passes: their Special Action {eff.id} {eff.name} (house rule) is not used this round"
            events.append(public("pass", text, p))
            self._next_closing(events)
        else:  # TARGET
            r = self.resolve_queue[0][0]
            events.extend(apply_effect(self, ROLES[r - ROLE_BASE], p, a.seat, a.pos))
            self.resolve_queue.pop(0)
            self._continue_resolve(events)
        return events

    def _explain(self, action: Any) -> tuple[str, str | None]:
        return explain(self, action)

    def _parse(self, text: str) -> Any:
        return parse_action_text(text, self.num_players)

    def action_id(self, action: Any) -> int:
        return action_to_id(action, self.num_players)

    def action_from_id(self, action_id: int) -> Any:
        return action_from_id(action_id, self.num_players)

    @property
    def current_player(self) -> int | None:
        return None if self.phase == OVER else self.cp

    @property
    def is_terminal(self) -> bool:
        return self.phase == OVER

    @property
    def winners(self) -> tuple[int, ...]:
        return self.winners_

    @property
    def turns(self) -> int:
        return self.turns_total

    def returns(self) -> list[float]:
        """1.0 for the winner and 0.0 for the others; all 0.0 while running or on a tied top
        total (BF-WIN)."""
        return [1.0 if p in self.winners_ else 0.0 for p in range(self.num_players)]

    def search_stage(self) -> int | None:
        """The round (0..3): search rollouts stop at the end of a round and call :meth:`evaluate`."""
        return self.round

    def evaluate(self) -> list[float]:
        """Each seat's estimated chance to win from the totals and the rounds left
        (``scoring.win_chances``); the game's returns once it is over."""
        if self.phase == OVER:
            return self.returns()
        return win_chances(self.totals, ROUNDS - self.round)

    def decision_kind(self) -> str | None:
        """The kind of the pending decision, one of ``Game.decision_kinds``: ``place_role``,
        ``take_role`` (role draft), ``offer``, ``keep``, ``give`` (Offer Influence and Role cards),
        ``special_window`` (the closing Special Action window, BF-X2), ``role_target`` (Resolve
        Roles); ``None`` once the game is over."""
        return None if self.phase == OVER else PHASE_NAMES[self.phase]

    def summary(self, seat: int) -> BloodAndFortuneSummary:
        """What the heuristic bot reads of ``seat``'s information set (see :mod:`.summary`).

        Raises:
            ValueError: ``seat`` is not a seat of this game."""
        self._check_seat(seat)
        return summarize(self, seat)

    def _choice_forced_publicly(self) -> bool:
        """A single choice is forced by what everyone knows when its count is public: a keep of
        an offer of one card (the offer's size is public), a gift when the hand holds one
        Influence card (hand sizes are public, BF-X4), a draft place with one Role card dealt, a
        draft take and a Role card's target (placed Role cards and area sizes are public). Never
        an offer or the closing Special Action window. Twin cards merged into one choice are not
        forced: only the decider knows they are twins."""
        ph = self.phase
        p = self.cp
        if ph == KEEPING:
            return len(self.offer) == 1
        if ph == PAYING:
            return sum(1 for c in self.hands[p] if c < ROLE_BASE) == 1
        if ph == DRAFT_PLACE:
            return len(self.dealt[p]) == 1
        return ph in (DRAFT_TAKE, ROLE_TARGET)

    def _result_scores(self) -> tuple[str, list[float], bool] | None:
        """The totals of the four rounds (BF-WIN: the highest total wins)."""
        return "total", [float(t) for t in self.totals], False

    def _validate_restored(self) -> None:
        """Types, ranges and the rules' shapes of every field of a loaded state (see
        :mod:`.snapshot`).

        Raises:
            ValueError: naming the field (``state.hands[2]: ...``).
        """
        validate(self)

    def determinize(self, seat: int, rng: random.Random) -> State:
        self._check_seat(seat)
        return determinize(self, seat, rng)

    def zones(self) -> dict[str, list[str]]:
        n = self.num_players
        z: dict[str, list[str]] = {}
        used_h = set(self.houses)
        used_s = set(self.score_cards)
        box = [HOUSE_NAMES[h] for h in range(NUM_HOUSES) if h not in used_h]
        box += [f"S{s + 1}" for s in range(NUM_SCORE_CARDS) if s not in used_s]
        box += [CARD_NAMES[c] for h in range(NUM_HOUSES) if h not in used_h for c in house_cards(h)]
        z["box"] = box
        for p in range(n):
            z[f"house:{p}"] = [HOUSE_NAMES[self.houses[p]]]
            z[f"score:{p}"] = [f"S{self.score_cards[p] + 1}"]
            z[f"hand:{p}"] = [CARD_NAMES[c] for c in self.hands[p]]
            z[f"area:{p}"] = [CARD_NAMES[c] for c in self.areas[p]]
            z[f"roles:dealt:{p}"] = [CARD_NAMES[c] for c in self.dealt[p]]
            z[f"roles:placed:{p}"] = [CARD_NAMES[self.placed[p]]] if self.placed[p] >= 0 else []
        z[f"ring:{self.ring}"] = ["Ring"]
        z["offer"] = [CARD_NAMES[c] for c in self.offer]
        z["discard"] = [CARD_NAMES[c] for c in self.discard]
        z["roles:deck"] = [CARD_NAMES[c] for c in self.role_deck]
        z["roles:played"] = [CARD_NAMES[r] for r, _ in self.played]
        return z

    def _restore_state(self, data: dict[str, Any]) -> None:
        """Load what ``_snapshot_state`` saved (see :meth:`.table.BloodAndFortuneTable._restore_state`).

        The move history is rewritten in today's texts: a snapshot saved when seats were written
        as bare numbers (``offer H3s1 H3d2 to 2``) still matches its replay.

        Raises:
            ValueError: a field is missing or not a list or number where one is expected.
        """
        super()._restore_state(data)
        self.history = [canonical_text(a, self.num_players) for a in self.history]


def canonical_text(action: Any, players: int) -> Any:
    """Today's canonical text of a history entry (an action or a text, e.g. ``offer H3s1 H3d2
    to 2`` → ``offer H3s1 H3d2 to P2``); an entry that is not a well-formed action text is kept
    as it is (the replay check then names it)."""
    if not isinstance(action, str):
        return action
    try:
        return str(parse_action_text(action, players))
    except Exception:
        return action


__all__ = ["BloodAndFortuneState", "canonical_text"]
