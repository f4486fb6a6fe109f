"""Blood & Fortune rules: setup, role draft, Offer Influence, Resolve Roles, Reveal and Score.

Section tags used as rule ids (see ``docs/games/blood_and_fortune.md``): ``BF-SETUP``,
``BF-DRAFT``, ``BF-OFFER``, ``BF-ROLEOFFER``, ``BF-SPECIAL``, ``BF-RESOLVE``, ``BF-REVEAL``,
``BF-SCORE``, ``BF-ROUND``, ``BF-WIN``; rulings ``BF-1..BF-4`` (sheet) and ``BF-X1..`` (regalia's).
"""

from __future__ import annotations

import random
from collections.abc import Hashable
from typing import Any

from regalia.core.errors import IllegalActionError
from regalia.core.events import Event, private, public
from regalia.core.state import State
from regalia.games.blood_and_fortune import choices, knowledge
from regalia.games.blood_and_fortune.actions import (
    GIVE,
    KEEP,
    KIND_NAMES,
    OFFER,
    OFFER_TABLE,
    PASS,
    PLACE,
    SPECIAL,
    TAKE,
    TARGET,
    Action,
    action_from_id,
    action_to_id,
    max_positions,
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
    SPECIAL_CUTOFF,
    TURNS_PER_ROUND,
    house_cards,
    is_role,
)
from regalia.games.blood_and_fortune.deck import parse_deck
from regalia.games.blood_and_fortune.effects import apply_effect, effect_targets
from regalia.games.blood_and_fortune.knowledge import (
    H_DEALT,
    H_DECK,
    H_OFFER,
    H_PLACED,
    H_PLAYED,
    H_SLOT,
    K_EMPTY,
    K_XFER,
)
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
from regalia.games.blood_and_fortune.prompts import prompt, result_prompt
from regalia.games.blood_and_fortune.scoring import reveal_and_score, win_chances
from regalia.games.blood_and_fortune.validate import validate
from regalia.games.blood_and_fortune.words import card_title, role_title


class BloodAndFortuneState(State):
    """A Blood & Fortune position. Seats ``0..n-1``; turn order is ascending seat order from the
    first player (clockwise, BF-X5).

    Attributes (all per seat lists are indexed by seat):
        houses: the house (0-based) of each seat; score_cards: the score card (0-based).
        ring: the seat holding the Ring; first: the first player of the round.
        round: the round (0-based); phase: the pending decision (see ``PHASE_NAMES``).
        totals: scores of finished rounds; hands: cards in hand (Influence and Role ints).
        areas / slots / known: each player area oldest -> newest: card ints, slot ids, and the
            bitmask of seats that know the card.
        offer / offerer / recipient: the pending offer.
    """

    # ------------------------------------------------------------------ setup
    def __init__(self, game: Any, config: Any, num_players: int, seed: int, deck: list[str] | None) -> None:
        super().__init__(game, config, num_players, seed, deck)
        n = num_players
        fixed_h, fixed_s, fixed_r = parse_deck(deck, n, config.roles) if deck is not None else ([], [], [])
        if config.first_player is not None and config.first_player >= n:
            raise ValueError(f"first_player: seat {config.first_player} is not a seat of this {n}-player game")
        rest = [h for h in range(NUM_HOUSES) if h not in fixed_h]
        self.rng.shuffle(rest)
        self.houses: list[int] = fixed_h + rest[: n - len(fixed_h)]
        rest = [s for s in range(NUM_SCORE_CARDS) if s not in fixed_s]
        self.rng.shuffle(rest)
        self.score_cards: list[int] = fixed_s + rest[: n - len(fixed_s)]
        # BF-SETUP: a chosen seat, else seat 0 with an explicit deck, else a random seat (BF-X6)
        if config.first_player is not None:
            self.ring = config.first_player
        elif deck is not None:
            self.ring = 0
        else:
            self.ring = self.rng.randrange(n)
        self.round = 0
        self.totals = [0] * n
        self.turns_total = 0
        self.winners_: tuple[int, ...] = ()
        self.last_round: dict[str, Any] | None = None
        self.round_log: list[dict[str, Any]] = []
        self._fixed_roles = [ROLE_BASE + r for r in fixed_r]
        self._start_round()

    def _order(self) -> list[int]:
        """Turn order: from the first player, ascending seats (clockwise, BF-X5)."""
        n = self.num_players
        return [(self.first + i) % n for i in range(n)]

    def _start_round(self) -> list[Event]:
        """BF-ROUND / BF-SETUP: hands of the 5 house cards, empty areas, Ring holder first."""
        n = self.num_players
        self.first = self.ring
        self.phase = OFFERING
        self.cp = -1
        self.hands: list[list[int]] = [house_cards(h) for h in self.houses]
        self.areas: list[list[int]] = [[] for _ in range(n)]
        self.slots: list[list[int]] = [[] for _ in range(n)]
        self.known: list[list[int]] = [[] for _ in range(n)]
        self.next_slot = 0
        self.offer: list[int] = []
        self.offerer = -1
        self.recipient = -1
        self.turn_k = 0
        self.special_used = [False] * n
        self.received = [0] * n
        self.closing: list[int] = []
        self.bonuses: list[tuple[int, int, str]] = []
        self.keep_doubles = 0
        self.lose_doubles = 0
        self.regent = -1
        self.discard: list[int] = []
        self.played: list[tuple[int, int]] = []
        self.resolve_queue: list[tuple[int, int]] = []
        self.offers_log: list[tuple[int, int, tuple[int, ...], int, int]] = []  # offerer, recipient, cards, kept, slot
        self.payments_log: list[tuple[int, int, int, int]] = []  # payer, payee, card, slot
        self.peeks: list[list[dict[str, Any]]] = [[] for _ in range(n)]
        self.klog: list[tuple[Any, ...]] = []
        self.role_deck: list[int] = []
        self.dealt: list[list[int]] = [[] for _ in range(n)]
        self.placed = [-1] * n
        self.draft_queue: list[int] = []
        self.takes: list[tuple[int, int, int]] = []
        if self.round == 0:
            opening = f"Round 1 begins: P{self.first} holds the Ring and is first player"
        else:
            opening = (
                f"Round {self.round + 1} begins: P{self.first}, who won round {self.round}, holds the Ring and is "
                "first player; everyone takes their 5 house cards back"
            )
        events = [public("round", opening)]
        if self.config.roles:
            events += self._deal_roles()
        else:
            events += self._begin_offer_turn()
        return events

    # ------------------------------------------------------------------ role draft (BF-DRAFT)
    def _deal_roles(self) -> list[Event]:
        """BF-DRAFT 1-2: shuffle all 15 roles and deal 2 to each player in turn order, one at a time (BF-X13)."""
        fixed = self._fixed_roles if self.round == 0 else []
        rest = [r for r in range(ROLE_BASE, ROLE_BASE + NUM_ROLES) if r not in fixed]
        self.rng.shuffle(rest)
        self.role_deck = fixed + rest
        events: list[Event] = []
        order = self._order()
        for _ in range(2):
            for p in order:
                r = self.role_deck.pop(0)
                self.dealt[p].append(r)
                self.klog.append((K_XFER, r, H_DECK, H_DEALT + p, 1 << p))
        for p in order:
            self.dealt[p].sort()
            events.append(
                private(
                    "deal_roles",
                    f"Role draft: you are dealt {role_title(self.dealt[p][0])} and {role_title(self.dealt[p][1])} "
                    "(house rules)",
                    {p},
                    p,
                    cards=[CARD_NAMES[c] for c in self.dealt[p]],
                )
            )
        events.insert(
            0,
            public(
                "deal_roles", f"Role draft, round {self.round + 1}: 2 Role cards are dealt to each player in turn order"
            ),
        )
        self.phase = DRAFT_PLACE
        self.draft_queue = order
        self.cp = order[0]
        return events

    def _take_options(self, p: int) -> list[int]:
        """BF-DRAFT 4: the seats whose face-down role ``p`` may take (another player's; BF-X1)."""
        opts = [x for x in range(self.num_players) if x != p and self.placed[x] >= 0]
        if len(self.draft_queue) == 2:
            last = self.draft_queue[1]
            if self.placed[last] >= 0:
                # BF-X1: the second-to-last taker must leave the last taker another player's role
                return [last]
        return opts

    # ------------------------------------------------------------------ Offer Influence (BF-OFFER)
    def _begin_offer_turn(self) -> list[Event]:
        """Start the next Offer turn; a player with no cards misses it (BF-OFFER, BF-X7)."""
        events: list[Event] = []
        n = self.num_players
        while self.turn_k < TURNS_PER_ROUND * n:
            p = (self.first + self.turn_k) % n
            self.turns_total += 1
            if self.hands[p]:
                self.phase = OFFERING
                self.cp = p
                return events
            events.append(public("miss", f"P{p} has no cards in hand and misses the turn", p))
            self.turn_k += 1
        return events + self._end_offer_stage()

    def can_use_special(self, p: int) -> bool:
        """BF-SPECIAL / BF-4: option on, not used this round, an Influence card received into the
        area this round (BF-X14), total before this round at most 15, and something to act on."""
        return (
            self.config.special_actions
            and not self.special_used[p]
            and self.received[p] > 0
            and self.totals[p] <= SPECIAL_CUTOFF
            and bool(effect_targets(self, SPECIAL_ACTIONS[self.score_cards[p]], p))
        )

    def _special_actions(self, p: int) -> list[Action]:
        return [
            Action(SPECIAL, seat=s, pos=i) for s, i in effect_targets(self, SPECIAL_ACTIONS[self.score_cards[p]], p)
        ]

    def _end_offer_stage(self) -> list[Event]:
        """After the last Offer turn: the closing Special Action window (BF-X2), then roles or reveal."""
        if self.config.special_actions:
            self.closing = [p for p in self._order() if self.can_use_special(p)]
            return self._next_closing()
        return self._start_resolve()

    def _next_closing(self) -> list[Event]:
        while self.closing:
            p = self.closing[0]
            if self.can_use_special(p):
                self.phase = CLOSING
                self.cp = p
                return []
            self.closing.pop(0)
        return self._start_resolve()

    def _left_holder(self, holder: int, hand: list[int], cls: bool) -> None:
        if not any(is_role(c) == cls for c in hand):
            self.klog.append((K_EMPTY, holder, int(cls)))

    def _into_area(self, seat: int, card: int, witnesses: int, src: int) -> int:
        slot = self.next_slot
        self.next_slot += 1
        self.areas[seat].append(card)
        self.slots[seat].append(slot)
        self.known[seat].append(witnesses)
        self.received[seat] += 1
        self.klog.append((K_XFER, card, src, H_SLOT + slot, witnesses))
        return slot

    # ------------------------------------------------------------------ Resolve Roles (BF-RESOLVE)
    def _start_resolve(self) -> list[Event]:
        if not self.config.roles:
            return self._reveal_and_score()
        self.resolve_queue = sorted((r, p) for p in range(self.num_players) for r in self.hands[p] if is_role(r))
        events = [public("resolve", "Resolve Roles: the first player calls the roles in ascending order")]
        return events + self._continue_resolve()

    def _continue_resolve(self) -> list[Event]:
        """Reveal and resolve each role in hand in ascending order (BF-RESOLVE); a role with a
        choice of target waits for its holder's decision."""
        events: list[Event] = []
        everyone = (1 << self.num_players) - 1
        while self.resolve_queue:
            r, p = self.resolve_queue[0]
            if r in self.hands[p]:
                self.hands[p].remove(r)
                self.played.append((r, p))
                self.klog.append((K_XFER, r, p, H_PLAYED, everyone))
                self._left_holder(p, self.hands[p], True)
                eff = ROLES[r - ROLE_BASE]
                events.append(
                    public(
                        "reveal_role",
                        f"P{p} reveals {eff.id} {eff.name} (house rule): {eff.text}",
                        p,
                        role=eff.id,
                        house_rule=True,
                    )
                )
            eff = ROLES[r - ROLE_BASE]
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
                events += apply_effect(self, eff, p, -1, -1)
            else:
                self.phase = ROLE_TARGET
                self.cp = p
                return events
            self.resolve_queue.pop(0)
        return events + self._reveal_and_score()

    # ------------------------------------------------------------------ Reveal and Score
    def _reveal_and_score(self) -> list[Event]:
        """BF-REVEAL, BF-SCORE, BF-ROUND, BF-WIN (see :func:`.scoring.reveal_and_score`)."""
        return reveal_and_score(self)

    # ------------------------------------------------------------------ protocol hooks
    def _legal_actions(self) -> list[Any]:
        ph = self.phase
        p = self.cp
        if ph == OFFERING:
            out: list[Action] = []
            hand = sorted(self.hands[p])
            others = [q for q in range(self.num_players) if q != p]
            if len(hand) == 1:
                # BF-OFFER: a last card must be offered alone (unreachable with the shipped house rules, BF-X15)
                row = OFFER_TABLE[hand[0]][0]
                out = [row[q] for q in others]
            else:
                # BF-OFFER / BF-ROLEOFFER: always 2 cards when possible, Role cards included (BF-X8)
                for i, a in enumerate(hand):
                    table = OFFER_TABLE[a]
                    for b in hand[i + 1 :]:
                        row = table[b + 1]
                        out.extend([row[q] for q in others])
            if self.can_use_special(p):
                out.extend(self._special_actions(p))
            return out
        if ph == KEEPING:
            return [Action(KEEP, c) for c in self.offer]
        if ph == PAYING:
            return [Action(GIVE, c) for c in sorted(self.hands[p]) if not is_role(c)]
        if ph == DRAFT_PLACE:
            return [Action(PLACE, r) for r in self.dealt[p]]
        if ph == DRAFT_TAKE:
            return [Action(TAKE, seat=x) for x in self._take_options(p)]
        if ph == CLOSING:
            return [*self._special_actions(p), Action(PASS)]
        if ph == ROLE_TARGET:
            r = self.resolve_queue[0][0]
            return [Action(TARGET, seat=s, pos=i) for s, i in effect_targets(self, ROLES[r - ROLE_BASE], p)]
        return []

    def _apply(self, action: Any) -> list[Event]:
        k = action.kind
        p = self.cp
        if k == OFFER:
            return self._do_offer(p, action)
        if k == KEEP:
            return self._do_keep(p, action.a)
        if k == GIVE:
            return self._do_give(p, action.a)
        if k == PLACE:
            return self._do_place(p, action.a)
        if k == TAKE:
            return self._do_take(p, action.seat)
        if k == SPECIAL:
            self.special_used[p] = True
            eff = SPECIAL_ACTIONS[self.score_cards[p]]
            events = apply_effect(self, eff, p, action.seat, action.pos)
            if self.phase == CLOSING:
                self.closing.pop(0)
                events += self._next_closing()
            return events
        if k == PASS:
            self.closing.pop(0)
            eff = SPECIAL_ACTIONS[self.score_cards[p]]
            text = f"P{p} passes: their Special Action {eff.id} {eff.name} (house rule) is not used this round"
            return [public("pass", text, p), *self._next_closing()]
        # TARGET
        r = self.resolve_queue[0][0]
        events = apply_effect(self, ROLES[r - ROLE_BASE], p, action.seat, action.pos)
        self.resolve_queue.pop(0)
        return events + self._continue_resolve()

    def _do_offer(self, p: int, action: Action) -> list[Event]:
        """BF-OFFER / BF-ROLEOFFER: offer 1 or 2 cards face down to another player."""
        cards = [action.a] if action.b < 0 else [action.a, action.b]
        to = action.seat
        wit = (1 << p) | (1 << to)
        for c in cards:
            self.hands[p].remove(c)
            self.klog.append((K_XFER, c, p, H_OFFER, wit))
        for cls in (False, True):
            if any(is_role(c) == cls for c in cards):
                self._left_holder(p, self.hands[p], cls)
        self.offer = sorted(cards)
        self.offerer, self.recipient = p, to
        self.phase = KEEPING
        self.cp = to
        roles = sum(1 for c in cards if is_role(c))
        kinds = {0: "", 1: ", one of them a Role card", 2: ", both Role cards"}[roles] if len(cards) == 2 else ""
        if len(cards) == 1 and roles:
            kinds = ", a Role card"
        names = " and ".join(card_title(c) for c in self.offer)
        return [
            public(
                "offer",
                f"P{p} offers {len(cards)} card{'s' if len(cards) > 1 else ''} face down to P{to}{kinds} "
                f"(Offer Influence, turn {self.turn_k + 1} of {TURNS_PER_ROUND * self.num_players})",
                p,
                to=to,
                count=len(cards),
                roles=roles,
            ),
            private(
                "offer_cards", f"P{p} offers {names} to P{to}", {p, to}, p, cards=[CARD_NAMES[c] for c in self.offer]
            ),
        ]

    def _do_keep(self, r: int, card: int) -> list[Event]:
        """BF-OFFER: keep one card, return the other; BF-ROLEOFFER for a kept Role card."""
        p = self.offerer
        wit = (1 << p) | (1 << r)
        others = [c for c in self.offer if c != card]
        self.offer = []
        events: list[Event] = []
        if is_role(card):
            self.hands[r].append(card)
            self.klog.append((K_XFER, card, H_OFFER, r, wit))
            self.offers_log.append((p, r, tuple(sorted([card, *others])), card, -1))
            events.append(
                public(
                    "keep",
                    f"P{r} keeps a Role card offered by P{p}: it goes into P{r}'s hand",
                    r,
                    offerer=p,
                    kept="role",
                )
            )
        else:
            slot = self._into_area(r, card, wit, H_OFFER)
            self.offers_log.append((p, r, tuple(sorted([card, *others])), card, slot))
            events.append(
                public(
                    "keep",
                    f"P{r} keeps one card offered by P{p}: it goes face down to the right end of P{r}'s area",
                    r,
                    offerer=p,
                    kept="influence",
                )
            )
        for c in others:
            self.hands[p].append(c)
            self.klog.append((K_XFER, c, H_OFFER, p, wit))
        self.klog.append((K_EMPTY, H_OFFER, 0))
        self.klog.append((K_EMPTY, H_OFFER, 1))
        back = f"; {CARD_NAMES[others[0]]} returns to P{p}" if others else ""
        events.append(private("keep_card", f"P{r} keeps {CARD_NAMES[card]}{back}", {p, r}, r, card=CARD_NAMES[card]))
        if is_role(card) and any(not is_role(c) for c in self.hands[r]):
            self.phase = PAYING
            self.cp = r
            return events
        if is_role(card):
            events.append(public("pay", f"P{r} has no Influence card to give P{p} for the Role card P{r} kept", r))
        self.turn_k += 1
        return events + self._begin_offer_turn()

    def _do_give(self, r: int, card: int) -> list[Event]:
        """BF-ROLEOFFER 3: the recipient of a Role card gives the offerer an Influence card."""
        p = self.offerer
        wit = (1 << p) | (1 << r)
        self.hands[r].remove(card)
        slot = self._into_area(p, card, wit, r)
        self._left_holder(r, self.hands[r], False)
        self.payments_log.append((r, p, card, slot))
        self.turn_k += 1
        events = [
            public(
                "pay",
                f"P{r} gives P{p} an Influence card for the Role card P{r} kept: it goes face down to the right end "
                f"of P{p}'s area",
                r,
                to=p,
            ),
            private("pay_card", f"P{r} gives {CARD_NAMES[card]} to P{p}", {p, r}, r, card=CARD_NAMES[card]),
        ]
        return events + self._begin_offer_turn()

    def _do_place(self, p: int, role: int) -> list[Event]:
        """BF-DRAFT 3: place one dealt role face down, return the other to the deck unseen."""
        other = next(c for c in self.dealt[p] if c != role)
        self.dealt[p] = []
        self.placed[p] = role
        self.role_deck.append(other)
        self.klog.append((K_XFER, role, H_DEALT + p, H_PLACED + p, 1 << p))
        self.klog.append((K_XFER, other, H_DEALT + p, H_DECK, 1 << p))
        self.klog.append((K_EMPTY, H_DEALT + p, 1))
        self.draft_queue.pop(0)
        events = [
            public("place_role", f"Role draft: P{p} places a Role card face down and returns the other to the deck", p)
        ]
        if self.draft_queue:
            self.cp = self.draft_queue[0]
        else:
            self.phase = DRAFT_TAKE
            self.draft_queue = self._order()
            self.cp = self.draft_queue[0]
        return events

    def _do_take(self, p: int, x: int) -> list[Event]:
        """BF-DRAFT 4: take the face-down role placed by another player."""
        role = self.placed[x]
        self.placed[x] = -1
        self.hands[p].append(role)
        self.klog.append((K_XFER, role, H_PLACED + x, p, (1 << p) | (1 << x)))
        self.klog.append((K_EMPTY, H_PLACED + x, 1))
        self.takes.append((p, x, role))
        self.draft_queue.pop(0)
        events = [
            public("take_role", f"Role draft: P{p} takes the face-down Role card placed by P{x}", p, source=x),
            private(
                "take_role_card",
                f"Role draft: P{p} takes {role_title(role)} (house rule), placed by P{x}",
                {p, x},
                p,
                card=CARD_NAMES[role],
            ),
        ]
        if self.draft_queue:
            self.cp = self.draft_queue[0]
            return events
        return events + self._begin_offer_turn()

    def _explain_illegal(self, action: Any) -> tuple[str, str | None]:
        from regalia.games.blood_and_fortune.explain import explain_illegal

        return explain_illegal(self, action)

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

    def decision(self) -> str | None:
        """The same as :meth:`decision_kind` (the view's ``decision``)."""
        return None if self.phase == OVER else PHASE_NAMES[self.phase]

    def _view(self, seat: int | None) -> dict[str, Any]:
        from regalia.games.blood_and_fortune.view import make_view

        return make_view(self, seat)

    def _prompt(self, seat: int | None) -> str:
        """The pending decision in words for ``seat`` (see :mod:`.prompts`)."""
        return prompt(self, seat)

    def _result_prompt(self, seat: int | None) -> str:
        """The winner, or the tie that leaves nobody winning (BF-WIN), with the totals."""
        return result_prompt(self)

    def _label(self, action: Any) -> str:
        """What ``action`` does, for the deciding seat (see :mod:`.choices`)."""
        return choices.label(self, action)

    def _choice_key(self, action: Any) -> Hashable | None:
        """Offers, keeps and gifts of twin cards (same house and worth, told apart by nobody)
        share a key (see :mod:`.choices`)."""
        return choices.choice_key(self, action)

    def _choice_group(self, action: Any) -> str:
        """ "Offer to P2", "Special Action", "Keep", ... (see :mod:`.choices`)."""
        return choices.choice_group(self, action)

    def _validate_restored(self) -> None:
        """Types, ranges and the rules' shapes of every field of a loaded state (see
        :mod:`.validate`).

        Raises:
            ValueError: naming the field (``state.hands[2]: ...``).
        """
        validate(self)

    # ------------------------------------------------------------------ copies and snapshots
    _LIST_FIELDS = (
        "totals",
        "special_used",
        "received",
        "closing",
        "bonuses",
        "discard",
        "played",
        "resolve_queue",
        "offers_log",
        "payments_log",
        "klog",
        "role_deck",
        "placed",
        "draft_queue",
        "takes",
        "offer",
        "round_log",
    )
    _NESTED_FIELDS = ("hands", "areas", "slots", "known", "dealt", "peeks")
    _SCALARS = (
        "ring",
        "first",
        "round",
        "phase",
        "cp",
        "next_slot",
        "offerer",
        "recipient",
        "turn_k",
        "keep_doubles",
        "lose_doubles",
        "regent",
        "turns_total",
    )

    def clone(self) -> BloodAndFortuneState:
        new = BloodAndFortuneState.__new__(BloodAndFortuneState)
        self._copy_base(new)
        d = new.__dict__
        src = self.__dict__
        for f in self._SCALARS:
            d[f] = src[f]
        for f in self._LIST_FIELDS:
            d[f] = list(src[f])
        for f in self._NESTED_FIELDS:
            d[f] = [list(x) for x in src[f]]
        new.houses = self.houses
        new.score_cards = self.score_cards
        new.winners_ = self.winners_
        new.last_round = self.last_round
        new._fixed_roles = self._fixed_roles
        return new

    def determinize(self, seat: int, rng: random.Random) -> State:
        self._check_seat(seat)
        return knowledge.determinize(self, seat, rng)

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

    def _snapshot_state(self) -> dict[str, Any]:
        d = self.__dict__
        out: dict[str, Any] = {f: d[f] for f in self._SCALARS}
        for f in self._LIST_FIELDS + self._NESTED_FIELDS:
            out[f] = d[f]
        out["houses"] = self.houses
        out["score_cards"] = self.score_cards
        out["winners"] = list(self.winners_)
        out["last_round"] = self.last_round
        out["fixed_roles"] = self._fixed_roles
        return out

    def _restore_state(self, data: dict[str, Any]) -> None:
        """Load what :meth:`_snapshot_state` saved (shapes checked by :meth:`_validate_restored`).

        The move history is rewritten in today's texts: a snapshot saved when seats were written
        as bare numbers (``offer H3s1 H3d2 to 2``) still matches its replay.

        Raises:
            ValueError: a field is missing or not a list or number where one is expected.
        """
        if not isinstance(data, dict):
            raise ValueError("state: expected an object")

        def need(field: str, kind: type) -> Any:
            if field not in data:
                raise ValueError(f"state.{field}: missing")
            value = data[field]
            if not isinstance(value, kind) or (isinstance(value, bool) and kind is int):
                raise ValueError(f"state.{field}: expected {'a list' if kind is list else 'an integer'}")
            return value

        def rows(field: str) -> list[Any]:
            value: list[Any] = need(field, list)
            if not all(isinstance(x, list) for x in value):
                raise ValueError(f"state.{field}: expected a list of lists")
            return value

        d = self.__dict__
        for f in self._SCALARS:
            d[f] = need(f, int)
        tuple_lists = {"bonuses", "played", "resolve_queue", "klog", "takes", "payments_log"}
        for f in self._LIST_FIELDS:
            d[f] = [tuple(x) for x in rows(f)] if f in tuple_lists else list(need(f, list))
        self.offers_log = []
        for i, e in enumerate(rows("offers_log")):
            if len(e) != 5 or not isinstance(e[2], list):
                raise ValueError(f"state.offers_log[{i}]: expected offerer, recipient, cards, kept card and slot")
            self.offers_log.append((e[0], e[1], tuple(e[2]), e[3], e[4]))
        for f in self._NESTED_FIELDS:
            d[f] = [list(x) for x in rows(f)]
        self.houses = list(need("houses", list))
        self.score_cards = list(need("score_cards", list))
        self.winners_ = tuple(need("winners", list))
        last = data.get("last_round")
        if last is not None and not isinstance(last, dict):
            raise ValueError("state.last_round: expected null or an object")
        self.last_round = last
        self._fixed_roles = list(need("fixed_roles", list))
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


__all__ = ["KIND_NAMES", "PHASE_NAMES", "BloodAndFortuneState", "IllegalActionError", "max_positions"]
