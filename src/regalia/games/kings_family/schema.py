"""The schema of a King's Family view (``State.view(seat)``): a TypedDict, checked key by key and type
by type on every random playout of the conformance suite. Interpreted (not compiled), so that its
annotations can be read at run time (no ``from __future__ import annotations``: the TypedDicts'
required and optional keys are computed when the class is made); the view is built by :mod:`.view`."""

from typing import Literal, NotRequired, TypedDict


class SiblingLine(TypedDict):
    """The sibling line beside a newborn child (KB-M4).

    Keys:
        child: the newborn child (a notation).
        last: the card the next sibling goes beside (the child, then the last sibling).
        side: ``"left"`` or ``"right"`` once the line has started, else ``None``.
        count: siblings placed so far.
    """

    child: str
    last: str
    side: Literal["left", "right"] | None
    count: int


class ScoreParts(TypedDict):
    """KF-9: the score and its parts (points).

    Keys:
        generations: rows of the Genealogy holding a card (1 point each).
        doubled: generations scored twice (the topmost Enthronement's and every one below it).
        exhaustions: times the draw pile ran out.
        exhaustion_bonus: 10 points per exhaustion.
        score: the total.
    """

    generations: int
    doubled: int
    exhaustions: int
    exhaustion_bonus: int
    score: int


class KingsFamilyView(TypedDict):
    """What the player (``seat`` 0) or a spectator may know of a King's Family game.

    Keys (cards are notations, ``"R7f"``, ``"Exile"``; counts are cards):
        game: ``"kings-family"``.
        current_player: 0, or ``None`` once over.
        decision: ``"play"``, ``"draw"`` (no play: draw), ``"drawn_event"`` (an Event drawn at a
            Marriage must be played), ``"second_sibling"``; a spectator sees ``"play_or_draw"``
            for the first two; ``None`` once over.
        pending_event: the Event drawn at a Marriage, to be played now, else ``None``.
        pending_marriage: the two Characters whose Marriage drew it, else ``None``.
        sibling: the sibling line (:class:`SiblingLine`) while a group can be played (a
            spectator: once it has started), else ``None``.
        hand: the player's cards (``None`` for a spectator).
        hand_size: cards in the hand.
        hand_limit: the most cards the hand may hold (10).
        row_limit: the most cards a generation may hold (10).
        draw_pile_size: cards left in the draw pile.
        drawing_closed: whether drawing has closed (KF-8).
        discard_pile: the face-up discards, oldest first.
        genealogy: the cards of the Genealogy as ``[card, row, x, [attached cards]]``: ``row``
            the generation (0 at the top), ``x`` the position in half-card steps.
        generations: the number of cards in each generation, top first.
        active: the Active cards.
        abilities: the special ability of every character of the deck that has one.
        score: the score so far (points, KF-9).
        score_parts: its parts (:class:`ScoreParts`).
        over: whether the game is over.
        end_reason: why it ended (KF-8), else ``None``.
        undo: the ``undo`` option: ``"counted"`` or ``"off"`` (KF-X12).
        undos: undos taken so far.
        prompt: the pending decision in words (added by ``State.view``).
    """

    game: Literal["kings-family"]
    current_player: int | None
    decision: Literal["play", "draw", "drawn_event", "second_sibling", "play_or_draw"] | None
    pending_event: str | None
    pending_marriage: list[str] | None
    sibling: SiblingLine | None
    hand: list[str] | None
    hand_size: int
    hand_limit: int
    row_limit: int
    draw_pile_size: int
    drawing_closed: bool
    discard_pile: list[str]
    genealogy: list[tuple[str, int, int, list[str]]]
    generations: list[int]
    active: list[str]
    abilities: dict[str, Literal["Skip", "Reverse", "Draw3"]]
    score: int
    score_parts: ScoreParts
    over: bool
    end_reason: str | None
    undo: Literal["counted", "off"]
    undos: int
    prompt: NotRequired[str]
