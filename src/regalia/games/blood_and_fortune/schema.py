"""The schema of a Blood & Fortune view (``State.view(seat)``): a TypedDict, checked key by key and
type by type on every random playout of the conformance suite. Interpreted (not compiled), so that
its annotations can be read at run time (hence no postponed annotations: the required and optional
keys are known when the class is made); the view is built by :mod:`.view`."""

from typing import Literal, NotRequired, TypedDict


class HandSize(TypedDict):
    """The cards in one hand (BF-X4: Influence and Role cards are told apart).

    Keys:
        influence: Influence cards.
        roles: Role cards.
    """

    influence: int
    roles: int


class AreaCard(TypedDict):
    """One face-down card of a player's area, as the viewing seat knows it.

    Keys:
        position: 1-based, oldest (left) first.
        house: its house (public), ``"H1"``…``"H6"``.
        card: its name if the viewer has seen it (``"H4s1"``, ``"H4d2"``), else ``None``.
        value: its worth (1 a single, 2 a double) if seen, else ``None``.
        given_by: the seat whose offer or payment put it there, else ``None``.
    """

    position: int
    house: str
    card: str | None
    value: int | None
    given_by: int | None


PendingOffer = TypedDict(
    "PendingOffer",
    {
        "from": int,
        "to": int,
        "count": int,
        "roles": int,
        "waiting_for": Literal["keep", "give"],
        "cards": NotRequired[list[str]],
        "kept_card": NotRequired[str],
    },
)
"""The offer on the table: ``from`` the offerer, ``to`` the recipient, ``count`` cards (``roles``
of them Role cards), ``waiting_for`` ``"keep"`` (the recipient keeps one) or ``"give"`` (the
recipient of a Role card pays an Influence card); ``cards`` and ``kept_card`` only for the two
players concerned (BF-2)."""

OfferMade = TypedDict(
    "OfferMade",
    {
        "from": int,
        "to": int,
        "count": int,
        "kept": Literal["role", "influence"],
        "cards": NotRequired[list[str]],
        "kept_card": NotRequired[str],
    },
)
"""An offer made this round: who to whom, how many cards, whether a Role or an Influence card was
kept; the cards and the one kept only for the two players concerned."""

Payment = TypedDict("Payment", {"from": int, "to": int, "card": NotRequired[str]})
"""An Influence card paid for a kept Role card: ``from`` the payer, ``to`` the offerer; the card
only for those two."""


class Peek(TypedDict):
    """A card or hand the viewing seat has looked at.

    Keys:
        source: the Role card or Special Action that showed it (``"R3"``, ``"S2"``).
        seat: whose area or hand.
        position: the area position (1-based), ``None`` for a hand.
        cards: the cards seen.
    """

    source: str
    seat: int
    position: int | None
    cards: list[str]


class Options(TypedDict):
    """The game's options as the table shows them."""

    roles: bool
    special_actions: bool
    first_player: int | None


class RevealedCard(TypedDict):
    """A card of an area as turned face up at the round's end.

    Keys:
        card: its name. house: its house. value: its worth (1 or 2).
        discarded: whether it was discarded (a double lost, BF-X6).
    """

    card: str
    house: str
    value: int
    discarded: bool


class LastRound(TypedDict):
    """The reveal and score table of the last finished round (BF-REVEAL, BF-SCORE).

    Keys:
        round: its number (1-based).
        ring: the seat holding the Ring.
        revealed: per seat, its area as turned face up, left to right.
        discarded: per seat, the cards discarded from it.
        kept: per seat, the cards that scored.
        influence: per seat, the Influence counted for its house.
        scores: per seat, the round's score (points).
        winner: the round's winner.
        tied: the seats tied for the top score (empty without a tie).
        totals: per seat, the total after this round (points).
        roles: the Role cards played, as ``[role, seat]``.
        cards: per seat, the revealed cards as :class:`RevealedCard`.
    """

    round: int
    ring: int
    revealed: list[list[str]]
    discarded: list[list[str]]
    kept: list[list[str]]
    influence: list[int]
    scores: list[int]
    winner: int
    tied: list[int]
    totals: list[int]
    roles: list[tuple[str, int]]
    cards: list[list[RevealedCard]]


class Effect(TypedDict):
    """A Special Action card: its id (``"S2"``), name and text (a house rule)."""

    id: str
    name: str
    text: str
    house_rule: bool


class SpecialActions(TypedDict):
    """The Special Action cards (option ``special_actions``, BF-X2; regalia's own texts).

    Keys:
        house_rule: always true. label: what "house rule" means here.
        cards: each seat's Special Action. used: per seat, whether used this round.
        turned_over: per seat, whether its Score card is turned over (total past the cutoff).
        received: per seat, whether it has received a card this round.
        bonuses: the bonuses due at the round's end as ``[seat, points, condition]``.
    """

    house_rule: bool
    label: str
    cards: list[Effect]
    used: list[bool]
    turned_over: list[bool]
    received: list[bool]
    bonuses: list[tuple[int, int, str]]


Take = TypedDict("Take", {"taker": int, "from": int, "role": NotRequired[str]})
"""A face-down Role card taken in the draft: the role only for the two players concerned."""


class Draft(TypedDict):
    """The Role draft (option ``roles``).

    Keys:
        placed: per seat, whether it has placed its Role card face down.
        dealt_sizes: per seat, Role cards dealt and still held for the draft.
        takes: the Role cards taken so far.
        dealt: the viewing seat's dealt Role cards (not for a spectator).
        my_placed: the Role card the viewing seat placed, else ``None`` (not for a spectator).
    """

    placed: list[bool]
    dealt_sizes: list[int]
    takes: list[Take]
    dealt: NotRequired[list[str]]
    my_placed: NotRequired[str | None]


class PlayedRole(TypedDict):
    """A Role card played: its id and the seat that played it."""

    role: str
    seat: int


class Roles(TypedDict):
    """The Role cards (option ``roles``; regalia's own texts).

    Keys:
        house_rule: always true. label: what "house rule" means here.
        draft: the draft (:class:`Draft`). played: the Role cards played this round.
        resolving: the Role card being resolved, else ``None``.
        texts, names: each Role card's text and name, by id.
        keep_doubles, lose_doubles: per seat, the Role effects on doubles this round.
        regent: the seat that wins ties this round, else ``None``.
        my_roles: the Role cards in the viewing seat's hand (not for a spectator).
    """

    house_rule: bool
    label: str
    draft: Draft
    played: list[PlayedRole]
    resolving: str | None
    texts: dict[str, str]
    names: dict[str, str]
    keep_doubles: list[bool]
    lose_doubles: list[bool]
    regent: int | None
    my_roles: NotRequired[list[str]]


class BloodAndFortuneView(TypedDict):
    """What one seat (``seat``; ``None``: a spectator) may know of a Blood & Fortune game.

    Keys (Influence cards ``"H3s1"`` (a single of house H3, worth 1) and ``"H3d2"`` (a double,
    worth 2); Role cards ``"R7"``; points are Influence points):
        game: ``"blood-and-fortune"``.
        seat: the viewing seat, or ``None`` for a spectator.
        players: the number of seats.
        round: the round (1-based). rounds: the rounds of the game.
        phase, decision: the pending decision's kind (``offer``, ``keep``, ``give``,
            ``place_role``, ``take_role``, ``special_window``, ``role_target``; ``None`` once
            over).
        stage: the rulebook's stage, in words.
        to_act: the seat to decide, ``None`` once over.
        first_player: the round's first player. ring: the seat holding the Ring.
        houses: each seat's house. score_cards: each seat's Score card.
        totals: each seat's total (points). round_scores: per finished round, each seat's score.
        offer_turn: offers made this round. offer_turns: offers in a round.
        turns_taken: per seat, offers it made this round.
        hand: the seat's own cards (``None`` for a spectator). hand_sizes: per seat.
        areas: per seat, its area as short texts (``"H4s1"``, or ``"H4?"`` unseen).
        player_areas: the same as :class:`AreaCard`. area_sizes: per seat.
        pending_offer: the offer on the table, else ``None``. offers: the offers this round.
        payments: the Influence cards paid for Role cards this round.
        seen: what the seat has looked at (:class:`Peek`).
        options: the game's options. last_round: the last round's reveal, else ``None``.
        game_over: whether the game is over. winners: the winning seats once over.
        special_actions: with the option only. roles: with the option only.
        prompt: the pending decision in words (added by ``State.view``).
    """

    game: Literal["blood-and-fortune"]
    seat: int | None
    players: int
    round: int
    rounds: int
    phase: Literal["place_role", "take_role", "offer", "keep", "give", "special_window", "role_target"] | None
    stage: str
    to_act: int | None
    decision: Literal["place_role", "take_role", "offer", "keep", "give", "special_window", "role_target"] | None
    first_player: int
    ring: int
    houses: list[str]
    score_cards: list[str]
    totals: list[int]
    round_scores: list[list[int]]
    offer_turn: int
    offer_turns: int
    turns_taken: list[int]
    hand: list[str] | None
    hand_sizes: list[HandSize]
    areas: list[list[str]]
    player_areas: list[list[AreaCard]]
    area_sizes: list[int]
    pending_offer: PendingOffer | None
    offers: list[OfferMade]
    payments: list[Payment]
    seen: list[Peek]
    options: Options
    last_round: LastRound | None
    game_over: bool
    winners: list[int]
    special_actions: NotRequired[SpecialActions]
    roles: NotRequired[Roles]
    prompt: NotRequired[str]
