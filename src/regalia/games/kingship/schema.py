"""The schema of a Kingship view (``State.view(seat)``): a TypedDict, checked key by key and type by
type on every random playout of the conformance suite. Interpreted (not compiled), so that its
annotations can be read at run time (hence no postponed annotations: the required and optional keys
are known when the class is made); the view is built by :mod:`.view`."""

from typing import Literal, NotRequired, TypedDict

DecisionKind = Literal[
    "main",
    "target",
    "dq",
    "outlaw",
    "reroute",
    "knight",
    "lq",
    "demon",
    "demon_take",
    "give",
    "give_exile",
    "place",
    "farmer",
    "poacher",
    "spec",
    "poach",
    "revive",
    "priest_draw",
    "m_take",
    "m_return",
    "m_offer",
    "m_ask",
    "m_resp",
    "m_choose",
    "prince_title",
    "queen",
    "search",
    "extra",
    "law",
    "vote",
    "exile",
    "tax",
]
"""The kinds of decision (``phases.DECISIONS``)."""


class DecisionInfo(TypedDict):
    """The public details of the decision the table waits for (every key optional: a decision
    shows those that concern it).

    Keys:
        actor: the seat whose card's ability is being carried out.
        target: the seat targeted.
        forbidden: seats that may not be targeted (the Dark Queen's forbidding).
        spec: a card kind specified (``"7"``, ``"L"``, ``"7L"``, ``"any"``, KS-10).
        offer: what a Merchant offers (a card or ``"title Demon"``).
        ask: what the Merchant asks for in return.
        counters: counter-offers made, by seat (``"P2"``).
        law: the law voted on, as its action text.
        mode: how a law is being proposed.
        drawer: the seat to draw (a Light Queen window). count: how many cards.
        wizard_copy: the card whose ability a Wizard copies.
    """

    actor: NotRequired[int]
    target: NotRequired[int]
    forbidden: NotRequired[list[int]]
    spec: NotRequired[str]
    offer: NotRequired[str]
    ask: NotRequired[str]
    counters: NotRequired[dict[str, str]]
    law: NotRequired[str]
    mode: NotRequired[str]
    drawer: NotRequired[int]
    count: NotRequired[int]
    wizard_copy: NotRequired[str]


class CardInfo(TypedDict):
    """What a card shows.

    Keys:
        value: ``"A"``, ``"2"``…``"10"``, ``"J"``, ``"Q"``, ``"K"`` (``None`` for the Outlaw).
        suit: ``"Light"``, ``"Dark"``, ``"Terra"`` (``None`` for the Outlaw).
        character: the character (``"Witch"``). name: the character's name.
        single: ability #1 (played alone). pair: ability #2 (played in a pair).
    """

    value: str | None
    suit: Literal["Light", "Dark", "Terra"] | None
    character: str
    name: str
    single: str
    pair: str


class TitleInfo(TypedDict):
    """A title as people write it (``"Dark Queen"``) and its abilities."""

    title: str
    text: str


class LawInForce(TypedDict):
    """A law in force: its action text (``"exactly 3"``) and what it means."""

    code: str
    text: str


class Titles(TypedDict):
    """Who holds each title (``None``: it lies in the centre)."""

    Kingship: int | None
    DarkQueen: int | None
    LightQueen: int | None
    Outlaw: int | None
    Demon: int | None
    Silenced: int | None


class KingshipView(TypedDict):
    """What one seat (``seat``; ``None``: a spectator) may know of a Kingship game.

    Keys (cards are notations, ``"7L"``, ``"10D"``, ``"Outlaw"``; counts are cards):
        game: ``"kingship"``.
        seat: the viewing seat, or ``None`` for a spectator.
        players: the number of seats.
        turn: turns started so far. turn_player: the seat whose turn it is.
        direction: ``"clockwise"`` or ``"counter-clockwise"``.
        to_act: the seat the table waits for (a hidden window shows the decision before it,
            KS-37), ``None`` once over.
        decision: the kind of that decision (:data:`DecisionKind`), ``None`` once over.
        decision_info: its public details (:class:`DecisionInfo`).
        drawn_this_turn: whether the turn player has drawn.
        pile_top: the pile's top card (the card to match), ``None`` when empty.
        pile: the pile, bottom first. deck_size: cards left in the deck.
        deck_top_known: the deck's top cards this seat knows, top first.
        graveyard: the exiled cards. graveyard_size: how many.
        titles: who holds each title (:class:`Titles`).
        laws: the laws in force, in words. law_codes: their action texts.
        hand_sizes: cards in each hand. hand: the seat's own cards (``None`` for a spectator).
        known_cards: the cards this seat knows other seats hold, by seat (``"P2"``).
        outlaws_in_play: Outlaws played in response, to go on the pile.
        skip_next: whether a Messenger skips the next player. extra_turn: whether the turn
            player takes another turn (Emperor pair).
        over: whether the game is over. winners: the winning seat, once over (empty: a draw).
        deck_cards: the whole deck, sorted, shown only to a seat making an Emperor's search.
        cards: every card notation in the view -> what it shows (:class:`CardInfo`).
        title_info: each title's name and abilities. laws_in_force: each law's code and text.
        prompt: the pending decision in words (added by ``State.view``).
    """

    game: Literal["kingship"]
    seat: int | None
    players: int
    turn: int
    turn_player: int
    direction: Literal["clockwise", "counter-clockwise"]
    to_act: int | None
    decision: DecisionKind | None
    decision_info: DecisionInfo
    drawn_this_turn: bool
    pile_top: str | None
    pile: list[str]
    deck_size: int
    deck_top_known: list[str]
    graveyard: list[str]
    graveyard_size: int
    titles: Titles
    laws: list[str]
    law_codes: list[str]
    hand_sizes: list[int]
    hand: list[str] | None
    known_cards: dict[str, list[str]]
    outlaws_in_play: int
    skip_next: bool
    extra_turn: bool
    over: bool
    winners: list[int]
    deck_cards: NotRequired[list[str]]
    cards: dict[str, CardInfo]
    title_info: dict[str, TitleInfo]
    laws_in_force: list[LawInForce]
    prompt: NotRequired[str]
