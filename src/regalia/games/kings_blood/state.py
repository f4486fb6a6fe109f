"""King's Blood rules: the State (turns, plays, Marriages, Events, Draw 3, announcements).

The rule sheet's rulings are cited where they are implemented (KB-G*, KB-T*, KB-M*, KB-E*) and
regalia's own rulings as KB-X*. The decisions (``phase``) are listed in :mod:`.phases`.

The modules of the game form layers, each importing only the layers below it (no import cycle,
no import inside a function; a module that takes the state as an argument imports it for typing
only):

1. :mod:`.phases`, :mod:`.cards`, :mod:`.genealogy` — constants, card tables and the geometry of
   the Genealogy (shared with King's Family); they import nothing of the game.
2. :mod:`.actions` — the action objects, their texts and integer ids.
3. :mod:`.words`, :mod:`.eventtexts` — how cards and events are put in words.
4. The rules, functions of a state: :mod:`.flow` (the steps every action shares: the end of a
   turn, abilities, the Marriage, drawing), :mod:`.eventplays` (the Event cards by kind) and
   :mod:`.rules` (the other kinds and the entry points), each kind's legality, refusal and
   effect side by side; :mod:`.determinize`, :mod:`.snapshot`.
5. This module: :class:`KingsBloodState`, the typed fields, the deal and the protocol.
6. What is read from a state: :mod:`.presenter` (:mod:`.view`, :mod:`.prompts`, :mod:`.labels`,
   :mod:`.keys`), :mod:`.observation`, :mod:`.summary`, :mod:`.bot`; then :mod:`.game` (the
   registered :class:`~regalia.core.game.Game`).

Compiled with mypyc, the state is a native class: its fields are declared below, the integer
constants are ``Final`` (inlined), and the hot path (:func:`.rules.apply_action`, the legal moves
of :func:`.rules.legal_actions`) calls functions directly; the pure-Python modules run the same code.
"""

from __future__ import annotations

import random
from typing import Any

from regalia.core.events import Event
from regalia.core.game import Game
from regalia.core.state import State, shuffle
from regalia.games.kings_blood import actions as A
from regalia.games.kings_blood import rules
from regalia.games.kings_blood.cards import (
    ENTHRONEMENT,
    KINGS_BLOOD,
    NOTATION,
    NUM_CHARACTERS,
    POINTS,
    DeckList,
    load_deck,
    parse_card,
)
from regalia.games.kings_blood.determinize import determinize
from regalia.games.kings_blood.genealogy import Genealogy
from regalia.games.kings_blood.phases import (
    BIRTH,
    BONUS,
    DEFEND,
    DRAWN,
    FORCED,
    HAND_SIZE,
    OVER,
    PHASE_NAMES,
    SIBLINGS,
    TURN,
)
from regalia.games.kings_blood.snapshot import check_types, validate
from regalia.games.kings_blood.summary import KingsBloodSummary, summarize

__all__ = ["BIRTH", "BONUS", "DEFEND", "DRAWN", "FORCED", "OVER", "PHASE_NAMES", "SIBLINGS", "TURN", "KingsBloodState"]


class KingsBloodState(State):
    """One position of a game of King's Blood (see :mod:`.phases` for the decisions).

    Zones (card faces, :mod:`.cards`): ``hands`` (one list per seat), ``pile`` (the draw pile,
    top = last element), ``discard`` (public, oldest first), the Genealogy ``gen`` (characters
    with their attached Enthronement/King's Blood cards), ``aside`` (the King's Blood card when
    set aside, Advanced Rules) and ``pending_card`` (an Event drawn at a Marriage, being played).
    ``known[seat]`` lists the cards of that hand that every player has seen arrive (Exile, the
    King's Blood card); the rest of a hand is private.

    Made by :meth:`new_game` (a deal) or, blank, by :meth:`_blank` (``clone``, ``from_snapshot``).
    """

    deck_list: DeckList
    abilities: tuple[int, ...]
    """The ability of every face in this deck (``NO_ABILITY``, ``SKIP``, ``REVERSE``, ``DRAW3``)."""
    hands: list[list[int]]
    pile: list[int]
    known: list[list[int]]
    discard: list[int]
    aside: list[int]
    gen: Genealogy
    pending_card: int
    turn_player: int
    """The seat whose turn it is (it makes every decision of its turn)."""
    direction: int
    phase: int
    drawn: int
    child: int
    sib_side: int
    sib_count: int
    pending_draw: int
    last_played: int
    announced: list[bool]
    skip_next: list[bool]
    last_card_penalty: bool
    """KB-T4b: the current player has played their last card this turn without a valid
    announcement (``announcement = "required"``); they do not win, and when the turn ends they
    draw 3 cards and skip their next turn. Set only while that turn is still being resolved
    (a ``forced`` decision is the only decision it can last into)."""
    passes: int
    winner: int
    turn_count: int
    kb_on: int
    marriage_optional: bool
    """The config's ``marriage_optional`` (KB-M2), read on every move generation."""
    announce_required: bool
    """The config's ``announcement == "required"`` (KB-T4)."""
    reverse_skips: bool
    """The config's ``two_player_reverse_skips`` (KB-T6)."""
    events: list[Event]
    """The events of the action being applied (:mod:`.rules` and the steps it calls append to it)."""

    def __init__(self) -> None:
        """A blank state with no field set: :meth:`new_game` deals one, ``clone`` and
        ``from_snapshot`` fill one in (an argument-free constructor, so that a build compiled
        with mypyc — whose ``__new__`` runs ``__init__`` — can make one)."""

    @classmethod
    def _blank(cls) -> KingsBloodState:
        return KingsBloodState()

    @staticmethod
    def new_game(game: Game, config: Any, num_players: int, seed: int, deck: list[str] | None) -> KingsBloodState:
        """A new game of ``num_players`` seats, shuffled with ``seed`` (or dealt from ``deck``, the
        top of the deck in order, KB-X9): seven cards each, then the founder (rulebook "Setup").

        Raises:
            ValueError: ``deck: ...`` or ``advanced: ...`` naming what cannot be dealt.
        """
        s = KingsBloodState()
        s._init_base(game, config, num_players, seed, deck)
        s._deal(deck)
        return s

    def _read_config(self) -> None:
        """Keep the options read on every move as plain fields."""
        config = self.config
        self.marriage_optional = bool(config.marriage_optional)
        self.announce_required = config.announcement == "required"
        self.reverse_skips = bool(config.two_player_reverse_skips)

    # ------------------------------------------------------------------ setup
    def _deal(self, deck: list[str] | None) -> None:
        config = self.config
        num_players = self.num_players
        self._read_config()
        self.deck_list = load_deck(config.deck_file)
        self.abilities = self.deck_list.abilities
        if config.advanced and not self.deck_list.has_kings_blood:
            raise ValueError(f"advanced: the deck {self.deck_list.source} has no KingsBlood card")
        order = self._deck_order(deck)
        if len(order) < HAND_SIZE * num_players + 1:
            raise ValueError(
                f"deck: {len(order)} cards cannot deal {HAND_SIZE} to {num_players} players and start a Genealogy"
            )
        n = num_players
        dealt = HAND_SIZE * n
        # one card at a time in seat order from the top: seat p gets order[p], order[p + n], ...
        self.hands = [order[seat:dealt:n] for seat in range(n)]
        self.pile = order[dealt:][::-1]  # the rest, top = last element
        self.known = [[] for _ in range(n)]
        self.discard = []
        self.aside = [KINGS_BLOOD] if config.advanced else []
        self.gen = Genealogy(bool(config.active_needs_both_sides))
        self.pending_card = -1
        self.turn_player = 0  # KB-X9: seat 0 plays first (the dealer is the last seat)
        self.direction = 1
        self.phase = TURN
        self.drawn = -1
        self.child = -1
        self.sib_side = 0
        self.sib_count = 0
        self.pending_draw = 0
        self.last_played = -1
        self.announced = [False] * n
        self.skip_next = [False] * n
        self.last_card_penalty = False
        self.passes = 0
        self.winner = -1
        self.turn_count = 1
        self.kb_on = -1
        self.events = []
        # Setup: the Genealogy must start with a character; Events drawn go back and the pile is
        # reshuffled; the founder's ability is ignored (rulebook "Setup", KB-T2).
        if min(self.pile) >= NUM_CHARACTERS:  # the pile holds at least one card (checked above)
            raise ValueError("deck: no character left in the draw pile to start the Genealogy")
        while True:
            card = self.pile.pop()
            if card < NUM_CHARACTERS:
                self.gen.found(card)
                break
            self.pile.append(card)
            shuffle(self.rng, self.pile)

    def _deck_order(self, deck: list[str] | None) -> list[int]:
        """The playable deck top first: ``deck`` (possibly partial) then the rest shuffled (KB-X9)."""
        pool = list(self.deck_list.cards)
        if deck is None:
            shuffle(self.rng, pool)
            return pool
        remaining: dict[int, int] = {}
        for c in pool:
            remaining[c] = remaining.get(c, 0) + 1
        if len(deck) > len(pool):
            raise ValueError(f"deck: {len(deck)} cards, expected at most {len(pool)}")
        order = []
        for i, text in enumerate(deck):
            try:
                face = parse_card(text)
            except ValueError:
                raise ValueError(f"deck: unknown card {text!r} (position {i})") from None
            if face == KINGS_BLOOD:
                raise ValueError(f"deck: 'KingsBlood' is set aside, not part of the draw pile (position {i})")
            if remaining.get(face, 0) == 0:
                raise ValueError(f"deck: too many copies of {NOTATION[face]} (position {i})")
            remaining[face] -= 1
            order.append(face)
        rest = [c for c, k in remaining.items() for _ in range(k)]
        rest.sort()
        shuffle(self.rng, rest)
        return order + rest

    # ------------------------------------------------------------------ the rules (.rules, .eventplays, .flow)
    def _legal_actions(self) -> list[Any]:
        return rules.legal_actions(self)

    def _apply(self, action: Any) -> list[Event]:
        return rules.apply_action(self, action)

    # ------------------------------------------------------------------ protocol
    def _explain(self, action: Any) -> tuple[str, str | None]:
        return rules.explain(self, action)

    def _parse(self, text: str) -> Any:
        return A.parse_action(text, self.num_players)

    def action_id(self, action: Any) -> int:
        return A.action_id(action, self.num_players)

    def action_from_id(self, action_id: int) -> Any:
        return A.action_from_id(action_id, self.num_players)

    @property
    def current_player(self) -> int | None:
        return None if self.phase == OVER else self.turn_player

    @property
    def is_terminal(self) -> bool:
        """Whether the game is over (``phase == OVER``)."""
        return self.phase == OVER

    def decision_kind(self) -> str | None:
        """The pending decision (``Game.decision_kinds``): the ``phase`` as the view names it
        (``turn``, ``drawn``, ``defend``, ``birth``, ``siblings``, ``forced``, ``bonus``), or
        ``None`` once the game is over."""
        phase = self.phase
        return None if phase == OVER else PHASE_NAMES[phase]

    @property
    def winners(self) -> tuple[int, ...]:
        return (self.winner,) if self.phase == OVER and self.winner >= 0 else ()

    @property
    def turns(self) -> int:
        return self.turn_count

    def returns(self) -> list[float]:
        """1.0 for the winner, 0.0 for everyone else (0.0 all round with no winner or while running)."""
        w = self.winner if self.phase == OVER else -1
        return [1.0 if s == w else 0.0 for s in range(self.num_players)]

    def scores(self) -> list[int]:
        """Points of this game under the ``scoring`` option, one int per seat (all 0 for
        ``"none"``, while running, or with no winner — KB-X7).

        ``winner_collects``: the winner scores the point values of the opponents' hands, plus 5
        per generation if an Enthronement is in the Genealogy. ``lowest_wins``: every other
        player scores the point values of their own hand; the winner scores -5 per generation
        if an Enthronement is in play, else 0.
        """
        n = self.num_players
        out = [0] * n
        w = self.winner
        mode = self.config.scoring
        if self.phase != OVER or w < 0 or mode == "none":
            return out
        bonus = 5 * self.gen.generations() if ENTHRONEMENT in self.gen.attached_cards() else 0
        if mode == "winner_collects":
            out[w] = sum(POINTS[c] for p in range(n) if p != w for c in self.hands[p]) + bonus
        else:
            for p in range(n):
                out[p] = -bonus if p == w else sum(POINTS[c] for c in self.hands[p])
        return out

    def result(self) -> dict[str, Any] | None:
        """The core result plus ``scoring`` (the option) and ``scores`` (one int per seat, see
        :meth:`scores`), or ``None`` while the game runs."""
        res = super().result()
        if res is None:
            return None
        res["scoring"] = self.config.scoring
        res["scores"] = self.scores()
        return res

    def _choice_forced_publicly(self) -> bool:
        """A single choice is forced by what everyone knows only when an Event drawn at a
        Marriage must be played (KB-M3): the Event, the Active cards it may target and the hand
        sizes that allow ``announce`` are public. Everywhere else the choices depend on the
        hand or the card just drawn: a lone ``end`` or ``draw`` would tell the table that
        nothing could be played."""
        return self.phase == FORCED

    def _result_scores(self) -> tuple[str, list[float], bool] | None:
        """The points of this game under a ``scoring`` option (KB-X7; the lowest first with
        ``lowest_wins``), or ``None`` without one: the game names a winner only."""
        mode: str = self.config.scoring
        if mode == "none":
            return None
        return "points", [float(v) for v in self.scores()], mode == "lowest_wins"

    def summary(self, seat: int) -> KingsBloodSummary:
        """What the heuristic bot reads of ``seat``'s information set (see :mod:`.summary`).

        Raises:
            ValueError: ``seat`` is not a seat of this game."""
        self._check_seat(seat)
        return summarize(self)

    def clone(self) -> KingsBloodState:
        new = KingsBloodState()
        self._copy_base(new, rng=False)
        self._share_rng(new)
        new.deck_list = self.deck_list
        new.abilities = self.abilities
        new.pile = list(self.pile)
        new.hands = [list(h) for h in self.hands]
        new.known = [list(h) for h in self.known]
        new.discard = list(self.discard)
        new.aside = list(self.aside)
        new.gen = self.gen.clone()
        new.pending_card = self.pending_card
        new.turn_player = self.turn_player
        new.direction = self.direction
        new.phase = self.phase
        new.drawn = self.drawn
        new.child = self.child
        new.sib_side = self.sib_side
        new.sib_count = self.sib_count
        new.pending_draw = self.pending_draw
        new.last_played = self.last_played
        new.announced = list(self.announced)
        new.skip_next = list(self.skip_next)
        new.last_card_penalty = self.last_card_penalty
        new.passes = self.passes
        new.winner = self.winner
        new.turn_count = self.turn_count
        new.kb_on = self.kb_on
        new.marriage_optional = self.marriage_optional
        new.announce_required = self.announce_required
        new.reverse_skips = self.reverse_skips
        new.events = []
        return new

    def determinize(self, seat: int, rng: random.Random) -> KingsBloodState:
        """A full state consistent with ``view(seat)``: the draw pile and the unseen cards of the
        other hands are shuffled together and dealt back (hand sizes and publicly known cards
        kept); the card another player has just drawn is one of their unseen cards; a decider
        who owes a second sibling holds one (KB-X15). See :mod:`.determinize`.

        Raises:
            ValueError: ``seat`` is not a seat of this game.
        """
        self._check_seat(seat)
        return determinize(self, seat, rng)

    def zones(self) -> dict[str, list[str]]:
        z = {"deck": [NOTATION[c] for c in self.pile]}
        for p, h in enumerate(self.hands):
            z[f"hand:{p}"] = [NOTATION[c] for c in h]
        z["genealogy"] = [NOTATION[c] for c in self.gen.cards()] + [NOTATION[c] for c in self.gen.attached_cards()]
        z["discard"] = [NOTATION[c] for c in self.discard]
        z["aside"] = [NOTATION[c] for c in self.aside]
        z["pending"] = [NOTATION[self.pending_card]] if self.pending_card >= 0 else []
        return z

    def _snapshot_state(self) -> dict[str, Any]:
        data: dict[str, Any] = {
            "pile": list(self.pile),
            "hands": [list(h) for h in self.hands],
            "known": [list(h) for h in self.known],
            "discard": list(self.discard),
            "aside": list(self.aside),
            "genealogy": self.gen.to_json(),
            "pending_card": self.pending_card,
            "cur": self.turn_player,
            "direction": self.direction,
            "phase": self.phase,
            "drawn": self.drawn,
            "child": self.child,
            "sib_side": self.sib_side,
            "sib_count": self.sib_count,
            "pending_draw": self.pending_draw,
            "last_played": self.last_played,
            "announced": list(self.announced),
            "skip_next": list(self.skip_next),
            "passes": self.passes,
            "winner": self.winner,
            "turn_count": self.turn_count,
            "kb_on": self.kb_on,
        }
        if self.last_card_penalty:
            # KB-T4b: written only while due (within a forced decision), so that the snapshots of
            # every other position are the same as under rules version 1.0, which had no such field
            data["last_card_penalty"] = True
        return data

    def _restore_state(self, data: dict[str, Any]) -> None:
        check_types(data)  # the types; the ranges and their agreement in _validate_restored
        self._read_config()
        self.deck_list = load_deck(self.config.deck_file)
        self.abilities = self.deck_list.abilities
        self.pile = list(data["pile"])
        self.hands = [list(h) for h in data["hands"]]
        self.known = [list(h) for h in data["known"]]
        self.discard = list(data["discard"])
        self.aside = list(data["aside"])
        self.gen = Genealogy.from_json(data["genealogy"], bool(self.config.active_needs_both_sides))
        self.pending_card = data["pending_card"]
        self.turn_player = data["cur"]
        self.direction = data["direction"]
        self.phase = data["phase"]
        self.drawn = data["drawn"]
        self.child = data["child"]
        self.sib_side = data["sib_side"]
        self.sib_count = data["sib_count"]
        self.pending_draw = data["pending_draw"]
        self.last_played = data["last_played"]
        self.passes = data["passes"]
        self.winner = data["winner"]
        self.turn_count = data["turn_count"]
        self.kb_on = data["kb_on"]
        self.announced = list(data["announced"])
        self.skip_next = list(data["skip_next"])
        self.last_card_penalty = data.get("last_card_penalty", False)
        self.events = []

    def _validate_restored(self) -> None:
        """The ranges of the fields of a loaded state and their agreement (see :mod:`.snapshot`).

        Raises:
            ValueError: naming the field (``state.pile[3]: ...``).
        """
        validate(self)
