"""Blood & Fortune rules: setup, role draft, Offer Influence, Resolve Roles, Reveal and Score.

Section tags used as rule ids (see ``docs/games/blood_and_fortune.md``): ``BF-SETUP``,
``BF-DRAFT``, ``BF-OFFER``, ``BF-ROLEOFFER``, ``BF-SPECIAL``, ``BF-RESOLVE``, ``BF-REVEAL``,
``BF-SCORE``, ``BF-ROUND``, ``BF-WIN``; rulings ``BF-1..BF-4`` (sheet) and ``BF-X1..`` (regalia's).

The package, bottom up (each module imports only those above it, so there is no import cycle;
a module that takes the state imports it for typing only):

- constants, importing nothing of the game: ``phases`` (the pending decisions), ``cards`` (cards,
  houses, the house-rule effect tables), ``holders`` (the knowledge log's kinds and holders);
- ``actions`` (action objects, texts, ids), ``words`` (the screens' words), ``eventtexts`` (event
  texts built when read), ``deck`` (``deck=``);
- functions of a state: ``effects`` (house-rule effects), ``knowledge`` (who knows where each
  card is; determinization), ``scoring`` (Reveal and Score), ``flow`` (the round: the steps the
  actions share), ``rules`` (by action kind: what is legal, why not, what it does; the entry
  points), ``position`` (the fields copied, saved and loaded), ``snapshot`` (loaded snapshots);
- this module: :class:`BloodAndFortuneState`, the typed fields, the deal and the protocol;
- what is read from a state: ``presenter`` (``view``, ``prompts``, ``labels``, ``keys``),
  ``observation``, ``summary``, ``bot``; then ``game`` (the registered description).
"""

from __future__ import annotations

import random
from typing import Any, Final

from regalia.core.events import Event
from regalia.core.state import State, shuffle
from regalia.games.blood_and_fortune import flow, rules
from regalia.games.blood_and_fortune.actions import (
    action_from_id,
    action_to_id,
    parse_action_text,
)
from regalia.games.blood_and_fortune.cards import (
    CARD_NAMES,
    HOUSE_NAMES,
    NUM_HOUSES,
    NUM_SCORE_CARDS,
    ROLE_BASE,
    ROUNDS,
    house_cards,
)
from regalia.games.blood_and_fortune.deck import parse_deck
from regalia.games.blood_and_fortune.effects import can_use_special
from regalia.games.blood_and_fortune.knowledge import determinize
from regalia.games.blood_and_fortune.phases import (
    DRAFT_PLACE,
    DRAFT_TAKE,
    KEEPING,
    OFFERING,
    OVER,
    PAYING,
    PHASE_NAMES,
    ROLE_TARGET,
)
from regalia.games.blood_and_fortune.position import copy_into, restore_state, snapshot_state
from regalia.games.blood_and_fortune.scoring import win_chances
from regalia.games.blood_and_fortune.snapshot import validate
from regalia.games.blood_and_fortune.summary import BloodAndFortuneSummary, summarize

_INTERPRETED: Final = __file__.endswith(".py")
"""Whether this module runs as Python source (not the mypyc build)."""


class BloodAndFortuneState(State):
    """A Blood & Fortune game: its typed fields (below, each with its meaning), the deal and the
    protocol; the rules that move it on are functions of it (:mod:`.rules`, :mod:`.flow`). Made
    by :meth:`deal` (``Game.new_initial_state`` calls it). Seats ``0..n-1``; turn order is ascending seat order from the
    first player (clockwise, BF-X5). Per-seat lists are indexed by seat.

    Attributes:
        houses: the house (0-based) of each seat. score_cards: the Score card (0-based) of each seat.
        ring: the seat holding the Ring. first: the first player of the round.
        round: the round (0-based; 3 once the game is over). phase: the pending decision (``phases``).
        to_act: the seat to decide (``-1`` once the game is over). turns_total: Offer turns started.
        totals: the scores of the finished rounds. winners_: the winners once the game is over.
        last_round / round_log: the reveal and score table of the last / every finished round.
        hands: the cards in hand (Influence and Role ints).
        areas / slots / known: each player area oldest -> newest: the card ints, their slot ids
            and the bitmask of the seats that know each card.
        next_slot: the next slot id. offer / offerer / recipient: the pending offer.
        turn_k: the Offer turns taken this round (``0 .. 3n``).
        special_used / received: per seat, the Special Action used this round, and the Influence
            cards received into the area this round (BF-X14).
        closing: the seats still to be asked in the closing Special Action window (BF-X2).
        bonuses: ``(seat, amount, condition)`` score changes of house-rule effects this round.
        keep_doubles / lose_doubles: bitmasks of the shielded / assassinated areas (BF-X10).
        regent: the seat that wins this round's tie (R14), or ``-1``.
        discard: the face-up discard (BF-X11). played: ``(role, seat)`` Role cards resolved.
        resolve_queue: ``(role, seat)`` still to resolve, in ascending order (BF-RESOLVE).
        offers_log: ``(offerer, recipient, cards, kept card, slot)`` of this round's offers.
        payments_log: ``(payer, payee, card, slot)`` of this round's gifts for Role cards.
        peeks: per seat, what it looked at this round (``{"source", "seat", "position", "cards"}``).
        klog: the knowledge log of this round (see ``knowledge``).
        role_deck / dealt / placed / draft_queue / takes: the role draft (BF-DRAFT).
        roles_on / specials_on: the options ``roles`` / ``special_actions`` (read on every move).
    """

    houses: list[int]
    score_cards: list[int]
    ring: int
    first: int
    round: int
    phase: int
    to_act: int
    turns_total: int
    totals: list[int]
    winners_: tuple[int, ...]
    last_round: dict[str, Any] | None
    round_log: list[dict[str, Any]]
    hands: list[list[int]]
    areas: list[list[int]]
    slots: list[list[int]]
    known: list[list[int]]
    next_slot: int
    offer: list[int]
    offerer: int
    recipient: int
    turn_k: int
    special_used: list[bool]
    received: list[int]
    closing: list[int]
    bonuses: list[tuple[int, int, str]]
    keep_doubles: int
    lose_doubles: int
    regent: int
    discard: list[int]
    played: list[tuple[int, int]]
    resolve_queue: list[tuple[int, int]]
    offers_log: list[tuple[int, int, tuple[int, ...], int, int]]
    payments_log: list[tuple[int, int, int, int]]
    peeks: list[list[dict[str, Any]]]
    klog: list[tuple[Any, ...]]
    role_deck: list[int]
    dealt: list[list[int]]
    placed: list[int]
    draft_queue: list[int]
    takes: list[tuple[int, int, int]]
    roles_on: bool
    specials_on: bool
    fixed_roles: list[int]
    """The Role cards ``make(deck=...)`` deals first in round 1 (BF-X6)."""
    _twins: tuple[tuple[int, ...], dict[int, int]] | None = None
    """The twin cards of the position ``labels`` last labelled (a cache, never copied or saved)."""
    _reveal_rows: tuple[dict[str, Any], list[list[dict[str, Any]]]] | None = None
    """The card rows of ``last_round`` for the views (a cache, never copied or saved)."""

    def __init__(self) -> None:
        """A blank position with no seat (``_blank``): ``deal``, ``clone`` or ``_restore_state``
        fills it after the core has set the common fields."""
        self.houses = []
        self.score_cards = []
        self.ring = 0
        self.first = 0
        self.round = 0
        self.phase = OFFERING
        self.to_act = -1
        self.turns_total = 0
        self.totals = []
        self.winners_ = ()
        self.last_round = None
        self.round_log = []
        self.hands = []
        self.areas = []
        self.slots = []
        self.known = []
        self.next_slot = 0
        self.offer = []
        self.offerer = -1
        self.recipient = -1
        self.turn_k = 0
        self.special_used = []
        self.received = []
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
        self.peeks = []
        self.klog = []
        self.role_deck = []
        self.dealt = []
        self.placed = []
        self.draft_queue = []
        self.takes = []
        self.roles_on = False
        self.specials_on = False
        self.fixed_roles = []

    @classmethod
    def _blank(cls) -> BloodAndFortuneState:
        """A blank instance for ``clone`` and ``from_snapshot``, which set every field. Compiled,
        the argument-free constructor (a compiled class's ``__new__`` runs ``__init__``); as
        Python source, an object made without ``__init__`` (the fields would be set twice)."""
        if _INTERPRETED:
            new = super()._blank()  # ``cls.__new__(cls)``, made in the core
            assert isinstance(new, BloodAndFortuneState)
            return new
        return cls()

    def _read_options(self) -> None:
        """Keep the options read on every move as native fields (``config`` is typed ``Any``)."""
        self.roles_on = bool(self.config.roles)
        self.specials_on = bool(self.config.special_actions)

    # ------------------------------------------------------------------ small shared questions
    def order(self) -> list[int]:
        """Turn order: from the first player, ascending seats (clockwise, BF-X5)."""
        n = self.num_players
        return [(self.first + i) % n for i in range(n)]

    def take_options(self, p: int) -> list[int]:
        """BF-DRAFT 4: the seats whose face-down Role card ``p`` may take (another player's;
        BF-X1: the second-to-last taker must take the last taker's while it is on the table)."""
        if len(self.draft_queue) == 2:
            last = self.draft_queue[1]
            if self.placed[last] >= 0:
                return [last]
        return [x for x in range(self.num_players) if x != p and self.placed[x] >= 0]

    def decision(self) -> str | None:
        """The kind of the pending decision (the view's ``decision``), ``None`` once the game is over."""
        return None if self.phase == OVER else PHASE_NAMES[self.phase]

    def clone(self) -> BloodAndFortuneState:
        """An independent copy (the random generator shared until one of the two draws)."""
        new = self._blank()
        self._copy_base(new)
        copy_into(self, new)
        return new

    def _snapshot_state(self) -> dict[str, Any]:
        """Every field, JSON-ready (see :func:`.position.snapshot_state`)."""
        return snapshot_state(self)

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
        self.fixed_roles = [ROLE_BASE + r for r in fixed_r]
        flow.start_round(self, [])

    def can_use_special(self, p: int) -> bool:
        """BF-SPECIAL / BF-4: whether seat ``p`` may use its Special Action now (see
        :func:`.effects.can_use_special`)."""
        return can_use_special(self, p)

    def reveal_and_score(self) -> list[Event]:
        """End the round now (Reveal and Score, then the next round or the end); its events."""
        events: list[Event] = []
        flow.finish_round(self, events)
        return events

    # ------------------------------------------------------------------ protocol hooks
    def _legal_actions(self) -> list[Any]:
        """The legal actions of the seat to decide (:func:`.rules.legal_actions`)."""
        return rules.legal_actions(self)

    def _apply(self, action: Any) -> list[Event]:
        return rules.apply_action(self, action)

    def _explain(self, action: Any) -> tuple[str, str | None]:
        return rules.explain(self, action)

    def _parse(self, text: str) -> Any:
        return parse_action_text(text, self.num_players)

    def action_id(self, action: Any) -> int:
        return action_to_id(action, self.num_players)

    def action_from_id(self, action_id: int) -> Any:
        return action_from_id(action_id, self.num_players)

    @property
    def current_player(self) -> int | None:
        return None if self.phase == OVER else self.to_act

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
        p = self.to_act
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
        """Load what ``_snapshot_state`` saved (see :func:`.position.restore_state`).

        The move history is rewritten in today's texts: a snapshot saved when seats were written
        as bare numbers (``offer H3s1 H3d2 to 2``) still matches its replay.

        Raises:
            ValueError: a field is missing or not a list or number where one is expected.
        """
        restore_state(self, data)
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
