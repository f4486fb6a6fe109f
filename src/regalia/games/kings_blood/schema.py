"""The schema of a King's Blood view (``State.view(seat)``): a TypedDict, checked key by key and type
by type on every random playout of the conformance suite. Interpreted (not compiled), so that its
annotations can be read at run time (no ``from __future__ import annotations``: the TypedDicts'
required and optional keys are computed when the class is made); the view is built by :mod:`.view`."""

from typing import Literal, NotRequired, TypedDict


class GenealogyCard(TypedDict):
    """One card of the Genealogy.

    Keys:
        card: its notation (``"B7m"``).
        row: its generation, 0 for the founder's row (rows go down; a child is one row below its
            parents).
        x: its position in half-card steps (a child sits at ``x`` between parents at ``x - 1``
            and ``x + 1``).
        active: whether it is an Active card (cards may be played beside it).
        attached: the cards placed under it (``"Enthronement"``, ``"KingsBlood"``).
    """

    card: str
    row: int
    x: int
    active: bool
    attached: list[str]


class KingsBloodView(TypedDict):
    """What one seat (``seat``; ``None``: a spectator) may know of a King's Blood game.

    Keys (cards are notations, ``"R7f"``, ``"Exile"``, ``"KingsBlood"``; counts are cards):
        game: ``"kings-blood"``.
        players: the number of seats.
        seat: the viewing seat, or ``None`` for a spectator.
        current_player: the seat to decide, ``None`` once over.
        phase: the pending decision: ``turn``, ``drawn``, ``defend``, ``birth``, ``siblings``,
            ``forced``, ``bonus`` or ``over``.
        turn: turns started so far.
        direction: +1 (to rising seat numbers) or -1.
        pending_draw: cards a Draw 3 makes the current player draw (0 for none).
        hand: the seat's own cards, sorted; ``None`` for a spectator.
        drawn: the card the seat just drew, shown only to its drawer (else ``None``).
        hand_sizes: cards in each seat's hand.
        known_in_hands: per seat, the cards everyone saw enter that hand (an Exile, the King's
            Blood card).
        genealogy: the cards of the Genealogy (:class:`GenealogyCard`).
        genealogy_rows: the Genealogy drawn as text lines (for the terminal).
        active: the Active cards, in play order.
        generations: the number of generations (rows).
        child: the newborn child while its siblings may be played, else ``None``.
        sibling_side: the side of the sibling line once started, else ``None``.
        siblings_placed: siblings placed in the current line.
        forced_event: the Event drawn at a Marriage that must be played now, else ``None``.
        draw_pile: cards left in the draw pile.
        discard: the face-up discards, oldest first.
        aside: the cards set aside (the King's Blood card, Advanced Rules).
        announced: per seat, whether it announced King's Blood! (KB-T4).
        skip_next: per seat, whether it misses its next turn.
        passes: consecutive passes (KB-T7).
        last_played: the last card played, else ``None``.
        winner: the winning seat once over, else ``None``.
        scores: each seat's points under the ``scoring`` option once over, else ``None``.
        abilities: the special ability of every character of the deck that has one
            (``"Skip"``, ``"Reverse"``, ``"Draw3"``).
        prompt: the pending decision in words (added by ``State.view``).
    """

    game: Literal["kings-blood"]
    players: int
    seat: int | None
    current_player: int | None
    phase: Literal["turn", "drawn", "defend", "birth", "siblings", "forced", "bonus", "over"]
    turn: int
    direction: Literal[1, -1]
    pending_draw: int
    hand: list[str] | None
    drawn: str | None
    hand_sizes: list[int]
    known_in_hands: list[list[str]]
    genealogy: list[GenealogyCard]
    genealogy_rows: list[str]
    active: list[str]
    generations: int
    child: str | None
    sibling_side: Literal["left", "right"] | None
    siblings_placed: int
    forced_event: str | None
    draw_pile: int
    discard: list[str]
    aside: list[str]
    announced: list[bool]
    skip_next: list[bool]
    passes: int
    last_played: str | None
    winner: int | None
    scores: list[int] | None
    abilities: dict[str, Literal["Skip", "Reverse", "Draw3"]]
    prompt: NotRequired[str]
