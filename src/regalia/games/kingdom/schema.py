"""The schema of a Kingdom view (``State.view(seat)``): a TypedDict, checked key by key and type by
type on every random playout of the conformance suite. Interpreted (not compiled), so that its
annotations can be read at run time (hence no postponed annotations: the required and optional keys
are known when the class is made); the view is built by :mod:`.view`."""

from typing import Literal, NotRequired, TypedDict


class InPlay(TypedDict):
    """A card in play in a kingdom.

    Keys:
        card: its notation (``"QS"``; a copy from another deck ``"QS#2"``).
        role: ``"noble"``, ``"soldier"``, ``"ace"`` (a Champion) or ``"joker"``.
        suit: the suit it counts as now (``S``, ``H``, ``D``, ``C``; changed by a noble, KD-2).
        printed_suit: the suit printed on it (``None`` for a Joker).
        preoccupied: whether it is turned (preoccupied) this turn.
        combat: ``"attacking"`` or ``"blocking"`` during a combat, else ``None``.
    """

    card: str
    role: Literal["noble", "soldier", "ace", "joker"]
    suit: Literal["S", "H", "D", "C"]
    printed_suit: Literal["S", "H", "D", "C"] | None
    preoccupied: bool
    combat: Literal["attacking", "blocking"] | None


class KingdomSeat(TypedDict):
    """One kingdom.

    Keys:
        seat: its seat.
        alive: whether it still stands (it falls at 0 territories).
        territories: the territories it holds.
        hand_size: cards in its hand.
        in_play: its nobles, soldiers and Champions in play (:class:`InPlay`).
        known_hand: the cards the viewing seat knows to be in its hand (a Spy, an Expose, a card
            taken from the discard pile, KD-X7); empty for the viewer's own kingdom.
    """

    seat: int
    alive: bool
    territories: int
    hand_size: int
    in_play: list[InPlay]
    known_hand: list[str]


class Attacker(TypedDict):
    """An attacker of the combat.

    Keys:
        card: the attacking card.
        rating: its damage rating.
        territories: the territories it takes if it is not blocked.
        blocked: whether it was blocked.
        blockers: the cards blocking it.
        damage: the damage dealt to each blocker, in the order of ``blockers``.
    """

    card: str
    rating: int
    territories: int
    blocked: bool
    blockers: list[str]
    damage: list[int]


class Splitting(TypedDict):
    """The split of an attacker's damage among its blockers (KD-6).

    Keys:
        attacker: the attacker whose damage is being split.
        blocker: the index in its ``blockers`` of the blocker dealt damage next.
    """

    attacker: str
    blocker: int


class Combat(TypedDict):
    """The combat in progress.

    Keys:
        attacker: the attacking seat.
        defender: the defending seat.
        attackers: the attackers declared (:class:`Attacker`).
        splitting: the split of damage under way (:class:`Splitting`), else ``None``.
    """

    attacker: int
    defender: int
    attackers: list[Attacker]
    splitting: Splitting | None


class ChainEntry(TypedDict):
    """An Assassin or Joker waiting to take effect (KD-8, KD-9).

    Keys:
        kind: ``"assassin"``, ``"pick"``, ``"spy"`` or ``"expose"``.
        player: the seat that played it.
        card: the Ace or Joker played.
        noble: the noble turned to play an Assassin, else ``None``.
        target: the card in play it targets, the card it counters, or a seat (``"P2"``).
        target_seat: whose card or hand that is (``None`` for Pick a Card, or a card gone).
    """

    kind: Literal["assassin", "pick", "spy", "expose"]
    player: int
    card: str
    noble: str | None
    target: str | None
    target_seat: int | None


class KingdomView(TypedDict):
    """What one seat (``seat``; ``None``: a spectator) may know of a Kingdom game.

    Keys (cards are notations, ``"5H"``, ``"QS#2"``, ``"Joker"``):
        game: ``"kingdom"``.
        seat: the viewing seat, or ``None`` for a spectator.
        players: the number of seats.
        decks: the number of decks shuffled together.
        turn: turns started so far.
        max_turns: the turn after which the game ends (``None``: no limit, KD-13).
        active: the seat whose turn it is.
        to_act: the seat to decide as the viewer may know it (KD-X13), ``None`` once over.
        decision: the kind of that decision: ``main``, ``attackers``, ``blockers``, ``split``,
            ``discard``, ``target``, ``pick``, ``respond``, ``counter`` or ``over``.
        window: the point of a response window (``after-action``, ``after-attackers``,
            ``after-blockers``), for the seat asked in it only, else ``None``.
        first_round: whether this is the first round (no attacks yet).
        noble_played: whether the active kingdom played a noble this turn.
        attacked: whether the active kingdom attacked this turn.
        hand_limit: the cards a hand may keep at the end of a turn (7).
        deck_size: cards left in the deck.
        discard: the face-up discard pile, oldest first.
        hand: the seat's own cards (``None`` for a spectator).
        kingdoms: every kingdom, by seat (:class:`KingdomSeat`).
        combat: the combat in progress (:class:`Combat`), else ``None``.
        chain: the Assassins and Jokers waiting to take effect, first played first.
        winners: the winning seats once over.
        over: whether the game is over.
        prompt: the pending decision in words (added by ``State.view``).
    """

    game: Literal["kingdom"]
    seat: int | None
    players: int
    decks: int
    turn: int
    max_turns: int | None
    active: int
    to_act: int | None
    decision: Literal[
        "main", "attackers", "blockers", "split", "discard", "target", "pick", "respond", "counter", "over"
    ]
    window: Literal["after-action", "after-attackers", "after-blockers"] | None
    first_round: bool
    noble_played: bool
    attacked: bool
    hand_limit: int
    deck_size: int
    discard: list[str]
    hand: list[str] | None
    kingdoms: list[KingdomSeat]
    combat: Combat | None
    chain: list[ChainEntry]
    winners: list[int]
    over: bool
    prompt: NotRequired[str]
