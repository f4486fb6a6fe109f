"""The Kingdom game description (registered as ``kingdom``)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, ClassVar

from regalia.core.bot import Bot
from regalia.core.game import Game, Ruling
from regalia.core.observation import Layout, ObservationWriter
from regalia.core.state import State
from regalia.games.kingdom.actions import action_space
from regalia.games.kingdom.bot import KingdomBot
from regalia.games.kingdom.cards import MAX_DECKS, NAME, deck_cards
from regalia.games.kingdom.config import KingdomConfig, decks_for
from regalia.games.kingdom.observation import KingdomObserver, layout
from regalia.games.kingdom.phases import DECISION_KINDS
from regalia.games.kingdom.presenter import KingdomPresenter
from regalia.games.kingdom.rulings import ALL
from regalia.games.kingdom.schema import KingdomView
from regalia.games.kingdom.state import KingdomState
from regalia.games.kingdom.view import render_text


class KingdomGame(Game):
    """Kingdom: a war of kingdoms with regular playing cards (2-24 players: one deck per 4
    players, at most 6 decks [KD-X14])."""

    name: ClassVar[str] = "kingdom"
    title: ClassVar[str] = "Kingdom"
    min_players: ClassVar[int] = 2
    max_players: ClassVar[int] = 4 * MAX_DECKS
    default_players: ClassVar[int] = 4
    config_class: ClassVar[type] = KingdomConfig
    rules_version: ClassVar[str] = "kingdom-1"
    view_schema: ClassVar[type | None] = KingdomView
    search_scale = 0.8  # ismcts budgets: rollouts of about 70 actions
    summary: ClassVar[str] = (
        "Each kingdom starts with 20 territories. Put nobles into play, let them bring in soldiers and Ace "
        "Champions of their suit, attack another kingdom from the second round on, block with your own cards, "
        "assassinate with Aces at any time and play Jokers to pick a card, spy, expose or recruit. A kingdom "
        "with no territories falls; the last kingdom standing wins."
    )
    source: ClassVar[str] = "Kingdom, a game for regular playing cards published on a personal wiki (2007)."
    provenance: ClassVar[str] = "Regular 54-card decks (52 cards + 2 Jokers); no reconstructed data."
    notation: ClassVar[str] = (
        "Cards: rank A 2..10 J Q K then suit S H D C (10H, QS, AC); a card of the second or later deck adds its "
        "copy (QS#2); Joker. Actions: end, pass, done, play KS, bring 5H with QH, change KS to H using QS, "
        "attack P2, attacker 7S, block 7S with 9C, assign 3 to 5C, discard 5H, assassin AS using KS, target 9D, "
        "counter AD using QD, joker pick, take 5H, take deck, joker spy P2, joker expose P2, joker recruit 9D."
    )
    rulings: ClassVar[tuple[Ruling, ...]] = ALL
    presenter = KingdomPresenter()
    decision_kinds: ClassVar[tuple[str, ...]] = DECISION_KINDS
    hidden_responses: ClassVar[bool] = True
    """Response and counter windows are shown only to the seat asked [KD-X13]."""
    response_windows: ClassVar[dict[str, str]] = {
        "respond_action": "After another kingdom's action: play an Assassin or a Joker (KD-8, KD-9, KD-X2)",
        "respond_attackers": "After attackers are declared: play an Assassin or a Joker (KD-8, KD-9, KD-X2)",
        "respond_blockers": "After blockers are declared: play an Assassin or a Joker (KD-8, KD-9, KD-X2)",
        "counter_assassin": "Counter an Assassin with an Assassin of your own (KD-8, KD-X3)",
        "counter_counter": "Counter a counter-assassination in turn (KD-8, KD-X3)",
        "counter_pick": "Counter a Joker's Pick a Card with an Assassin (KD-9, KD-X3)",
        "counter_spy": "Counter a Joker's Spy with an Assassin (KD-9, KD-X3)",
        "counter_expose": "Counter a Joker's Expose with an Assassin (KD-9, KD-X3)",
    }
    legend: ClassVar[str] = (
        "Cards: rank then suit. Ranks A (Ace), 2 to 10, J (Jack), Q (Queen), K (King); suits S Spades, "
        "H Hearts, D Diamonds, C Clubs: 10H is the ten of Hearts, QS the Queen of Spades. With several decks a "
        "card of the second or a later deck carries its deck number: QS#2. Joker: a Joker (all alike).\n"
        "Roles: K, Q and J are nobles (they bring soldiers of their suit into play, attack and block); 2 to 10 "
        "are soldiers (rank and damage rating = their number); an Ace in play is an Ace Champion (rank 11, the "
        "highest soldier); an Ace played from the hand with an unpreoccupied noble of its suit is an Assassin.\n"
        "Marks: * preoccupied (turned sideways: used this turn, it cannot act again until its owner's next "
        "turn); KS→H the noble KS counts as a Hearts noble until the end of the turn (suit change); > the "
        "kingdom whose turn it is; fallen: a kingdom with no territories left.\n"
        "Combat: 7S blocked by 9C + 5H lists each attacker's blockers; an unblocked attacker takes territories "
        "(a soldier its number, a noble or an Ace Champion 1); damage dealt shows how an attacker split its "
        "rating among several blockers.\n"
        "Chain: Assassins and Jokers waiting to take effect, the last one first; each may be countered by an "
        "Assassin.\n"
        "Seats: P0, P1 and so on; known in hand: cards you know another player holds (seen through a Spy or an "
        "Expose, or taken from the face-up discard pile)."
    )

    def new_initial_state(self, players: int, seed: int, deck: list[str] | None, config: Any) -> State:
        """A new game: shuffled with ``seed`` (first player drawn with it), or dealt from ``deck``
        (top first; seat 0 then plays first) [KD-X9].

        Raises:
            ValueError: a bad deck (``deck: ...``) or too few decks for the players (``option 'decks'``).
        """
        return KingdomState.new_game(self, config, players, seed, deck)

    def num_actions(self, players: int, config: Any) -> int:
        """The size of the integer action space (depends on the number of decks and players)."""
        return action_space(decks_for(players, config), players).size

    def all_cards(self, players: int, config: Any) -> list[str]:
        """Every card of the game as notations (two ``Joker`` per deck)."""
        return [NAME[c] for c in deck_cards(decks_for(players, config))]

    def render_text(self, view: dict[str, Any]) -> str:
        """A plain-text drawing of a view (see :func:`regalia.games.kingdom.view.render_text`)."""
        return render_text(view)

    def state_class(self) -> type[State]:
        return KingdomState

    def observation_layout(self, players: int, config: Any) -> Layout:
        """The observation tensors' layout (:func:`.observation.layout`), for the writer and the
        encoder ``regalia.rl.encoders.kingdom``."""
        return layout(players, self.all_cards(players, config), config.territories, config.max_turns)

    def observation_writer(self, players: int, config: Any) -> ObservationWriter:
        """The observation tensors of :meth:`observation_layout`, written from the state
        (:class:`.observation.KingdomObserver`)."""
        return KingdomObserver(players, self.all_cards(players, config), config.territories, config.max_turns)

    def test_configurations(self) -> list[tuple[int, dict[str, Any]]]:
        """2, 4, 5, 8 and 13 players (four decks, above the old limit of 12 [KD-X14]), with
        ``max_turns`` so random games end (KD-13)."""
        return [
            (2, {"max_turns": 40}),
            (4, {"max_turns": 40}),
            (5, {"max_turns": 30, "territories": 10}),
            (8, {"max_turns": 32}),
            (13, {"max_turns": 30, "territories": 10}),
        ]

    def bots(self) -> dict[str, Callable[..., Bot]]:
        return {"heuristic": KingdomBot}
