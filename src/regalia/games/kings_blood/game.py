"""The King's Blood :class:`~regalia.core.game.Game`: description, options, rulings, action space."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Final

from regalia.core.bot import Bot
from regalia.core.game import Game
from regalia.core.observation import Layout, ObservationWriter
from regalia.core.state import State
from regalia.games.kings_blood import actions as A
from regalia.games.kings_blood.bot import KingsBloodBot
from regalia.games.kings_blood.cards import KINGS_BLOOD, NOTATION, load_deck
from regalia.games.kings_blood.config import KingsBloodConfig
from regalia.games.kings_blood.observation import KingsBloodObserver, layout
from regalia.games.kings_blood.phases import PHASE_NAMES
from regalia.games.kings_blood.presenter import KingsBloodPresenter
from regalia.games.kings_blood.rulings import RULINGS
from regalia.games.kings_blood.schema import KingsBloodView
from regalia.games.kings_blood.state import KingsBloodState
from regalia.games.kings_blood.view import render_text

DECISION_KINDS: Final[tuple[str, ...]] = PHASE_NAMES[:-1]
"""Every decision a running game can wait for (``State.decision_kind``): the phases but ``over``."""

LEGEND: Final = "\n".join(
    (
        "Cards: a letter for the philosophy (colour) M Money, A Art, R Romance, B Battle; the number 1-9 (the clan, also the card's points); m male ♂, f female ♀. B5m is Battle 5 ♂, R7f Romance 7 ♀. Events: Assassination, Exile, NewConnection, Enthronement (10 points each); KingsBlood is the King's Blood card of the Advanced Rules.",
        "Abilities, marked after the card: ⊘ Skip, ⇄ Reverse, +3 Draw 3 (R3f⊘, B5m⇄, R7f+3). An ability hits the next player only when its card is the last card played in the turn.",
        "Genealogy: one line per generation, G1 | is the founder's; a child sits under its two parents. [B5m] a card; * before it: Active (cards may be played beside it or on it); E after it: an Enthronement is attached; K after it: the King's Blood card is attached (any Character may be played beside it, and always marries it).",
        "Seats: P0, P1, ...; \"incl. B7m\" cards everyone saw go into that hand (Exile, the King's Blood card); announced: said King's Blood!; skips next turn: the penalty for not announcing.",
        "Moves: play R7f right of B7m (nomarry declines the Marriage), sibling R4m left, assassinate B7m, exile B7m to P2, connect B7m right of R5f, enthrone B7m, kingsblood B7m, draw, end, announce, pass. Each choice on the screen says what it does.",
    )
)
"""What the marks of the King's Blood screen mean (``Game.legend``)."""


class KingsBloodGame(Game):
    """King's Blood for 2-6 players (``kings-blood``)."""

    name = "kings-blood"
    title = "King's Blood"
    min_players = 2
    max_players = 6
    default_players = 4
    config_class = KingsBloodConfig
    rules_version = "1.1"
    """1.1: KB-T4b (a last card played unannounced does not win). Records of 1.0 replay with
    ``regalia replay --other-rules`` (``allow_other_rules=True``); the games where a 1.0 player
    went out unannounced end differently or stop at a move no longer legal."""
    view_schema = KingsBloodView
    search_z = 0.5  # ismcts: small gains per move; z = 1 measured 27.0 % vs heuristics, z = 0.5 above 25 %
    summary = (
        "Build a royal Genealogy: play Characters beside Active cards of the same colour or number, "
        "arrange Marriages (same colour, opposite gender) to draw children and chain more plays, and use "
        "Assassination, Exile, New Connection and Enthronement. Skip, Reverse and Draw 3 hit the next player. "
        "The first player to empty the hand with a Character wins; announce King's Blood! at one card."
    )
    source = "King's Blood rulebook, Steve Jackson Games English edition (2003), by Hitoshi Yasuda and Tadaaki Kawahito / Group SNE; rulings in rules/kings_blood.md."
    provenance = (
        "RECONSTRUCTION: no official card list survives. 72 characters (Money/Art/Romance/Battle x 1-9 x m/f); "
        "in every philosophy 3f Skip, 5m Reverse, 7f Draw 3; 10 Events (Assassination 3, Exile 2, New Connection 3, "
        "Enthronement 2; 10 points each); the King's Blood card (10 points, Advanced Rules). Replace with deck_file=."
    )
    notation = (
        "Cards: philosophy M/A/R/B, number, m/f (B5m, R7f); Assassination, Exile, NewConnection, Enthronement; KingsBlood. "
        "Actions: 'play R7f right of B7m', 'play R7f right of B7m nomarry', 'sibling R4m left', 'assassinate B7m', "
        "'exile B7m to P2', 'connect B7m right of R5f', 'enthrone B7m', 'kingsblood B7m', 'draw', 'end', 'announce', 'pass'."
    )
    rulings = RULINGS
    presenter = KingsBloodPresenter()
    legend = LEGEND
    decision_kinds = DECISION_KINDS

    def new_initial_state(self, players: int, seed: int, deck: list[str] | None, config: Any) -> State:
        return KingsBloodState.new_game(self, config, players, seed, deck)

    def num_actions(self, players: int, config: Any) -> int:
        return A.num_actions(players)

    def all_cards(self, players: int, config: Any) -> list[str]:
        deck = load_deck(config.deck_file)
        cards = [NOTATION[c] for c in deck.cards]
        if config.advanced:
            cards.append(NOTATION[KINGS_BLOOD])
        return cards

    def render_text(self, view: dict[str, Any]) -> str:
        return render_text(view)

    def state_class(self) -> type[State]:
        return KingsBloodState

    def observation_layout(self, players: int, config: Any) -> Layout:
        """The observation tensors' layout (:func:`.observation.layout`), for the writer and the
        encoder ``regalia.rl.encoders.kings_blood``."""
        return layout(players, self.all_cards(players, config))

    def observation_writer(self, players: int, config: Any) -> ObservationWriter:
        """The observation tensors of :meth:`observation_layout`, written from the state
        (:class:`.observation.KingsBloodObserver`)."""
        return KingsBloodObserver(players, self.all_cards(players, config))

    def test_configurations(self) -> list[tuple[int, dict[str, Any]]]:
        return [
            (2, {}),
            (3, {"advanced": True, "scoring": "winner_collects"}),
            (4, {}),
            (4, {"announcement": "automatic", "marriage_optional": False, "scoring": "lowest_wins"}),
            (5, {"advanced": True}),
            (3, {"active_needs_both_sides": True}),
            (6, {}),
            (2, {"two_player_reverse_skips": True, "advanced": True}),
        ]

    def bots(self) -> dict[str, Callable[..., Bot]]:
        return {"heuristic": KingsBloodBot}
