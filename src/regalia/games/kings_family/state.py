"""The rules of King's Family, the King's Blood solitaire (rulings KF-1..KF-9, KF-X1..KF-X8).

One player builds a Genealogy with King's Blood's placement rules (the shared
:class:`~regalia.games.kings_blood.genealogy.Genealogy`, rulings KB-G*), Marriages (KB-M*) and
Events (KB-E*), with the solitaire's exceptions: no drawing while a play exists (KF-2), a hand
limit of 10 (KF-3), at most 10 cards per generation (KF-4), the special cards draw cards instead
of hurting an opponent (KF-6), the reshuffle rule (KF-7), the end (KF-8) and the score (KF-9).

Cards are faces (small ints, see :mod:`regalia.games.kings_blood.cards`). The draw pile is a list
whose *last* element is the top card; the hand is kept sorted.

The modules of the game form layers, each importing only the layers below it (no import cycle,
no import inside a function; a module that takes the state as an argument imports it for typing
only):

1. :mod:`.phases` (decision kinds, limits, end reasons) and King's Blood's :mod:`cards
   <regalia.games.kings_blood.cards>` and :mod:`genealogy <regalia.games.kings_blood.genealogy>`.
2. :mod:`.actions` (action objects, texts, ids; King's Blood's placement texts), :mod:`.config`.
3. :mod:`.cards` (what the special cards draw, the Marriage test), :mod:`.deck` (the deck),
   :mod:`.eventtexts` (event texts, built when read), :mod:`.words` (card names, the legend).
4. Functions of a state: :mod:`.rules` (by action kind: what is legal, why not, what it does),
   :mod:`.snapshot`, :mod:`.view` (and its text drawing), :mod:`.prompts`, :mod:`.labels`,
   :mod:`.keys`, :mod:`.rulings`.
5. This module: :class:`KingsFamilyState`, the fields and the protocol.
6. :mod:`.presenter`, :mod:`.observation`, :mod:`.bot`, :mod:`.game` (the registered
   :class:`~regalia.core.game.Game`).
"""

from __future__ import annotations

import random
from bisect import insort
from typing import Any

from regalia.core.events import Event, new_event  # new_event(kind, text, seat, visible_to, data)
from regalia.core.game import Game
from regalia.core.state import State, shuffle
from regalia.games.kings_blood.cards import ENTHRONEMENT, NOTATION, NUM_CHARACTERS, DeckList
from regalia.games.kings_blood.genealogy import LEFT, RIGHT, Genealogy
from regalia.games.kings_family import actions as A
from regalia.games.kings_family import eventtexts as E
from regalia.games.kings_family import rules
from regalia.games.kings_family.actions import KingsFamilyAction
from regalia.games.kings_family.config import UNDO_OFF
from regalia.games.kings_family.deck import deck_list, draw_order
from regalia.games.kings_family.phases import (
    DECISION_DRAW,
    DECISION_EVENT,
    DECISION_PLAY,
    DECISION_SIBLING,
    EXHAUSTION_POINTS,
    HAND_LIMIT,
    INITIAL_HAND,
    KIND_DRAW,
    KIND_DRAWN_EVENT,
    KIND_PLAY,
    KIND_SECOND_SIBLING,
    KIND_SIBLINGS,
    ME,
    ROW_LIMIT,
    SEAT,
)
from regalia.games.kings_family.snapshot import restore_state, validate_restored


class KingsFamilyState(State):
    """One position of a King's Family game (one seat, ``0``).

    Made by :meth:`new_game` (a deal) or, blank, by :meth:`_blank` (``clone``, ``from_snapshot``).

    Attributes:
        deck: the :class:`DeckList` in use.
        abilities: the special ability of every face in this deck (``NO_ABILITY``, ``SKIP``,
            ``REVERSE``, ``DRAW3``), read on every play (KF-6).
        pile: the draw pile, top card last.
        hand: the hand, sorted faces.
        discard: the discard pile, in the order cards were discarded (public).
        gen: the Genealogy.
        exhaustions: how many times the draw pile ran out (KF-7, KF-9: 10 points each).
        closed: true once the draw pile ran out with 20 or fewer discards: no card is ever drawn
            again (KF-7).
        pending_event: an Event drawn at a Marriage that must be played at once (KB-M3), or -1.
        marriage: the two Characters whose Marriage drew ``pending_event`` (for its prompt), or
            ``None``.
        sib_child: the child just born, while siblings may follow it (KB-M4), or -1.
        sib_last: the card the next sibling goes beside (the child, then the last sibling).
        sib_side: the side of the sibling line (-1 before the first sibling).
        sib_count: siblings placed so far (a group has at least two, KB-M4).
        over: whether the game has ended; end_reason says why (KF-8).
        marriage_optional: the config's ``marriage_optional`` (KB-M2), read on every move.
        setup_events: the events of the deal (KF-1).
    """

    deck: DeckList
    abilities: tuple[int, ...]
    pile: list[int]
    hand: list[int]
    discard: list[int]
    gen: Genealogy
    exhaustions: int
    closed: bool
    pending_event: int
    marriage: tuple[int, int] | None
    sib_child: int
    sib_last: int
    sib_side: int
    sib_count: int
    over: bool
    end_reason: str | None
    marriage_optional: bool
    setup_events: list[Event]

    def __init__(self) -> None:
        """A blank state with no field set: :meth:`new_game` deals one, ``clone`` and
        ``from_snapshot`` fill one in (an argument-free constructor, so that a build compiled
        with mypyc — whose ``__new__`` runs ``__init__`` — can make one)."""

    @classmethod
    def _blank(cls) -> KingsFamilyState:
        return KingsFamilyState()

    @staticmethod
    def new_game(game: Game, config: Any, num_players: int, seed: int, deck: list[str] | None) -> KingsFamilyState:
        """A new game (KF-1): the deck shuffled with ``seed``, or drawn in the order of ``deck``.

        Raises:
            ValueError: a bad deck (``"deck: ..."``) or deck file (``"deck_file: ..."``).
        """
        s = KingsFamilyState()
        s._init_base(game, config, num_players, seed, deck)
        s.deck = deck_list(config.deck_file)
        order = draw_order(s.deck, s.rng, deck)
        s.pile = order[::-1]
        s.hand = []
        s.discard = []
        s.gen = Genealogy(bool(config.active_needs_both_sides))
        s.exhaustions = 0
        s.closed = False
        s.pending_event = -1
        s.marriage = None
        s.sib_child = -1
        s.sib_last = -1
        s.sib_side = -1
        s.sib_count = 0
        s.over = False
        s.end_reason = None
        s.abilities = s.deck.abilities
        s.marriage_optional = bool(config.marriage_optional)
        s.setup_events = []
        s._setup()
        return s

    # ------------------------------------------------------------------ setup (KF-1)
    def _setup(self) -> None:
        """KF-1: draw seven cards; then draw the founder, returning Events drawn meanwhile to the
        draw pile and reshuffling it (rulebook, King's Family "Place one card face up ...")."""
        pile = self.pile
        hand = self.hand
        for _ in range(INITIAL_HAND):
            if not pile:
                break
            insort(hand, pile.pop())
        returned: list[int] = []
        while pile:
            c = pile.pop()
            if c < NUM_CHARACTERS:
                # KF-1 / KB-T2: the founder's special ability is ignored
                self.gen.found(c)
                break
            returned.append(c)
        if returned:
            pile.extend(returned)
            shuffle(self.rng, pile)
        if not pile:
            self.closed = True
        dealt = tuple(hand)
        ev = [
            new_event("draw", (E.deal_text, len(dealt)), SEAT, None, (E.count_data, len(dealt))),
            new_event("draw", (E.deal_cards_text, dealt), SEAT, ME, (E.cards_data, dealt)),
        ]
        if returned:
            back = tuple(returned)
            ev.append(new_event("setup", (E.setup_text, back), None, None, (E.cards_data, back)))
        if not self.gen.is_empty:
            f = self.gen.cards()[0]
            ev.append(new_event("found", (E.founder_text, f), None, None, (E.card_data, f)))
        rules.settle(self, ev)
        self.setup_events = ev

    # ------------------------------------------------------------------ the rules (see .rules)
    def can_draw(self) -> bool:
        """Whether a card can be drawn from the draw pile now (KF-7)."""
        return not self.closed and bool(self.pile)

    def _legal_actions(self) -> list[Any]:
        return rules.legal_actions(self)

    def _apply(self, action: Any) -> list[Event]:
        return rules.apply_action(self, action)

    def _explain(self, action: Any) -> tuple[str, str | None]:
        return rules.explain(self, action)

    def _parse(self, text: str) -> Any:
        return A.parse_action(text)

    def action_id(self, action: Any) -> int:
        return A.action_id(action)

    def action_from_id(self, action_id: int) -> Any:
        return A.action_from_id(action_id)

    # ------------------------------------------------------------------ status
    @property
    def current_player(self) -> int | None:
        return None if self.over else SEAT

    @property
    def is_terminal(self) -> bool:
        return self.over

    @property
    def winners(self) -> tuple[int, ...]:
        """Always empty: the solitaire has a score, not a winner (KF-X7)."""
        return ()

    @property
    def turns(self) -> int:
        """Decisions taken so far (the solitaire has no turns of other players: every play or
        draw counts as one)."""
        return len(self.history)

    def _top_row(self) -> int:
        rows = self.gen.rows()
        return rows[0][0] if rows else 0

    def score_tuple(self) -> tuple[int, int, int, int, int]:
        """KF-9 as ints, in the order of :meth:`score_parts` (the step path's reading: no dict)."""
        gen = self.gen
        generations = gen.generations()
        top = gen.top_row_with(ENTHRONEMENT)
        doubled = 0 if top is None else gen.rows_from(top)
        bonus = EXHAUSTION_POINTS * self.exhaustions
        return generations, doubled, self.exhaustions, bonus, generations + doubled + bonus

    def score_parts(self) -> dict[str, int]:
        """KF-9: the score and its parts.

        Returns:
            ``{"generations": rows holding a card, "doubled": generations scored twice (the
            topmost Enthronement's generation and every one below it), "exhaustions": times the
            draw pile ran out, "exhaustion_bonus": 10 per exhaustion, "score": the total}``.
        """
        generations, doubled, exhaustions, bonus, score = self.score_tuple()
        return {
            "generations": generations,
            "doubled": doubled,
            "exhaustions": exhaustions,
            "exhaustion_bonus": bonus,
            "score": score,
        }

    def score(self) -> int:
        """The current score (KF-9), in points."""
        return self.score_tuple()[4]

    def returns(self) -> list[float]:
        """``[score]``: the KF-9 score, **at any time** (running score mid-game, final score at
        the end), so an RL agent may use the score change as its reward."""
        return [float(self.score())]

    def result(self) -> dict[str, Any] | None:
        """The base result (with ``undos`` when the person went back, KF-X12: none means none,
        as in every game, so records saved before the option replay to the same result) plus
        ``score``, ``score_parts``, ``end_reason`` and ``stats`` (``score``, ``emptied_hand``
        0/1), or ``None`` while the game runs."""
        base = super().result()
        if base is None:
            return None
        parts = self.score_parts()
        emptied = 1 if not self.hand else 0
        base["score"] = parts["score"]
        base["score_parts"] = parts
        base["end_reason"] = self.end_reason
        base["stats"] = {"score": parts["score"], "emptied_hand": emptied}
        return base

    def must_draw(self) -> bool:
        """Whether the decision due now is a draw alone (no card can be played, KF-2)."""
        if self.over or self.pending_event >= 0:
            return False
        legal = self._legal
        if legal is None:
            legal = self._legal = self._legal_actions()
        first: KingsFamilyAction = legal[0]
        return first.kind == A.DRAW  # drawing is offered alone (KF-2)

    def decision(self) -> str | None:
        """The kind of decision pending: ``"drawn_event"`` (an Event drawn at a Marriage must be
        played), ``"second_sibling"``, ``"draw"`` (no play: draw), ``"play"``, or ``None``."""
        if self.over:
            return None
        if self.pending_event >= 0:
            return DECISION_EVENT
        if self.sib_child >= 0 and self.sib_count == 1:
            return DECISION_SIBLING
        legal = self._legal
        if legal is None:
            legal = self._legal = self._legal_actions()
        if legal[0].kind == A.DRAW:  # drawing is offered alone (KF-2)
            return DECISION_DRAW
        return DECISION_PLAY

    # ------------------------------------------------------------------ words for people
    def decision_kind(self) -> str | None:
        """The kind of the pending decision, one of ``KingsFamilyGame.decision_kinds``
        (:data:`.phases.DECISION_KINDS`): ``"drawn_event"``, ``"second_sibling"``, ``"siblings"``
        (a sibling may be played, or play goes on), ``"draw"``, ``"play"``; ``None`` at the end."""
        if self.over:
            return None
        if self.pending_event >= 0:
            return KIND_DRAWN_EVENT
        legal = self._legal
        if legal is None:
            legal = self._legal = self._legal_actions()
        if self.sib_child >= 0:
            if self.sib_count == 1:
                return KIND_SECOND_SIBLING
            if legal[0].kind == A.SIBLING:  # the sibling plays come first (``rules.legal_plays``)
                return KIND_SIBLINGS
        if legal[0].kind == A.DRAW:
            return KIND_DRAW
        return KIND_PLAY

    def _choice_forced_publicly(self) -> bool:
        """A single choice is forced by what a spectator knows only when an Event drawn at a
        Marriage must be played (KB-M3: the Event and the Active cards are public). A lone
        ``draw`` is not: the spectator is not shown the hand, nor whether the decision is a play
        or a draw (the view's ``play_or_draw``)."""
        return self.pending_event >= 0

    def _result_scores(self) -> tuple[str, list[float], bool] | None:
        """The KF-9 score (a solitaire scores, it has no winner)."""
        return "points", [float(self.score())], False

    def undo_allowed(self) -> bool:
        """Whether a front may offer ``undo`` (KF-X12): with the ``undo`` option ``"counted"``
        (default) yes, each undo counted by ``regalia.core.undo_to`` in the record, the result
        and the final score line; with ``"off"`` (competitive deals) never."""
        undo: str = self.config.undo
        return undo != UNDO_OFF

    def _validate_restored(self) -> None:
        """Checks of a loaded state the core cannot make (see :func:`.restore.validate_restored`).

        Raises:
            ValueError: naming the field (``state.hand``, ``state.sibling``, ...).
        """
        validate_restored(self)

    def zones(self) -> dict[str, list[str]]:
        """Every card by zone: ``deck`` (draw pile, top first), ``hand:0``, ``discard``,
        ``genealogy`` (cards and attached cards), ``pending`` (an Event drawn at a Marriage)."""
        return {
            "deck": [NOTATION[c] for c in reversed(self.pile)],
            "hand:0": [NOTATION[c] for c in self.hand],
            "discard": [NOTATION[c] for c in self.discard],
            "genealogy": [NOTATION[c] for c in self.gen.cards()] + [NOTATION[c] for c in self.gen.attached_cards()],
            "pending": [NOTATION[self.pending_event]] if self.pending_event >= 0 else [],
        }

    # ------------------------------------------------------------------ copies
    def clone(self) -> KingsFamilyState:
        new = KingsFamilyState()
        self._copy_base(new)
        new.deck = self.deck
        new.abilities = self.abilities
        new.pile = list(self.pile)
        new.hand = list(self.hand)
        new.discard = list(self.discard)
        new.gen = self.gen.clone()
        new.exhaustions = self.exhaustions
        new.closed = self.closed
        new.pending_event = self.pending_event
        new.marriage = self.marriage
        new.sib_child = self.sib_child
        new.sib_last = self.sib_last
        new.sib_side = self.sib_side
        new.sib_count = self.sib_count
        new.over = self.over
        new.end_reason = self.end_reason
        new.marriage_optional = self.marriage_optional
        new.setup_events = self.setup_events
        return new

    def determinize(self, seat: int, rng: random.Random) -> KingsFamilyState:
        """A full state consistent with ``view(seat)``: the draw pile (the only unseen zone: the
        hand, the Genealogy and the face-up discards are known) reshuffled with ``rng``.

        The result depends only on the view and ``rng`` (the pile is sorted before shuffling).

        Raises:
            ValueError: ``seat`` is not 0.
        """
        if seat != SEAT:
            raise ValueError(f"seat: {seat!r} is not a seat of this 1-player game")
        new = self.clone()
        pile = sorted(self.pile)
        shuffle(rng, pile)
        new.pile = pile
        new._mark_determinized(rng)
        new._legal = self._legal
        return new

    def _snapshot_state(self) -> dict[str, Any]:
        return {
            "pile": list(self.pile),
            "hand": list(self.hand),
            "discard": list(self.discard),
            "genealogy": self.gen.to_json(),
            "exhaustions": self.exhaustions,
            "closed": self.closed,
            "pending_event": self.pending_event,
            "marriage": list(self.marriage) if self.marriage else None,
            "sibling": [self.sib_child, self.sib_last, self.sib_side, self.sib_count],
            "over": self.over,
            "end_reason": self.end_reason,
        }

    def _restore_state(self, data: dict[str, Any]) -> None:
        """Load a saved position, every field read strictly (:func:`.restore.restore_state`)."""
        self.marriage_optional = bool(self.config.marriage_optional)
        restore_state(self, data)


__all__ = ["HAND_LIMIT", "LEFT", "RIGHT", "ROW_LIMIT", "KingsFamilyState"]
