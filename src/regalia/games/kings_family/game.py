"""The King's Family game description (registered as ``kings-family``)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from regalia.core.bot import Bot
from regalia.core.game import Game
from regalia.core.observation import Layout, ObservationWriter
from regalia.core.state import State
from regalia.games.kings_blood.cards import NOTATION
from regalia.games.kings_family.actions import NUM_ACTIONS
from regalia.games.kings_family.bot import KingsFamilyBot, KingsFamilySearchBot
from regalia.games.kings_family.config import KingsFamilyConfig
from regalia.games.kings_family.deck import deck_list
from regalia.games.kings_family.observation import KingsFamilyObserver, layout
from regalia.games.kings_family.phases import DECISION_KINDS
from regalia.games.kings_family.presenter import KingsFamilyPresenter
from regalia.games.kings_family.rulings import RULINGS
from regalia.games.kings_family.schema import KingsFamilyView
from regalia.games.kings_family.state import KingsFamilyState
from regalia.games.kings_family.view import render_view
from regalia.games.kings_family.words import LEGEND


class KingsFamilyGame(Game):
    """King's Family, the official King's Blood solitaire (Group SNE): build the deepest Genealogy."""

    name = "kings-family"
    title = "King's Family"
    min_players = 1
    max_players = 1
    default_players = 1
    config_class = KingsFamilyConfig
    rules_version = "1.0"
    view_schema = KingsFamilyView
    summary = (
        "The King's Blood solitaire: play Characters beside Active cards of the same colour or number, "
        "marry same-coloured opposite genders to draw children, and use Events to reshape the Genealogy. "
        "Draw only when you cannot play, never past 10 cards in hand, never more than 10 cards in a generation. "
        "Score a point per generation (two from the Enthronement's generation down) and 10 per exhausted draw pile."
    )
    source = "King's Family solitaire rules by Group SNE (sjgames.com/kingsblood) with the King's Blood rulebook (Steve Jackson Games, 2003)."
    provenance = (
        "RECONSTRUCTED deck (no official card list survives): 72 characters (Money/Art/Romance/Battle x 1-9 x m/f), "
        "Skip on every 3f, Reverse on every 5m, Draw 3 on every 7f, and 10 Events (Assassination 3, Exile 2, "
        "New Connection 3, Enthronement 2): 82 playable cards (the solitaire text says 81). Replace it with deck_file."
    )
    notation = (
        "Cards: <philosophy M/A/R/B><number 1-9><gender m/f> (B5m = Battle 5 male), Events Assassination, Exile, "
        "NewConnection, Enthronement. Actions: 'play R7f right of B7m', 'play R7f right of R7m nomarry', "
        "'sibling R4m left', 'assassinate B7m', 'exile B7m', 'connect B7m right of R5f', 'enthrone B7m', 'draw'."
    )
    rulings = RULINGS
    presenter = KingsFamilyPresenter()
    legend = LEGEND
    decision_kinds = DECISION_KINDS

    def new_initial_state(self, players: int, seed: int, deck: list[str] | None, config: Any) -> KingsFamilyState:
        """A new game (KF-1): the deck shuffled with ``seed``, or drawn in the order of ``deck``.

        Raises:
            ValueError: a bad deck (``"deck: ..."``) or deck file (``"deck_file: ..."``).
        """
        self.verify_players(players)
        return KingsFamilyState.new_game(self, config, players, seed, deck)

    def num_actions(self, players: int, config: Any) -> int:
        """41 689 action ids for every config (see :mod:`.actions`)."""
        return NUM_ACTIONS

    def all_cards(self, players: int, config: Any) -> list[str]:
        """The playable cards of the config's deck (82 with the built-in one), as notations."""
        return [NOTATION[c] for c in deck_list(config.deck_file).cards]

    def render_text(self, view: dict[str, Any]) -> str:
        """The view drawn as text: score, Genealogy, piles, hand, decision; the score breakdown at the end."""
        return render_view(view)

    def state_class(self) -> type[State]:
        return KingsFamilyState

    def observation_layout(self, players: int, config: Any) -> Layout:
        """The observation tensors' layout (:func:`.observation.layout`), for the writer and the
        encoder ``regalia.rl.encoders.kings_family``."""
        return layout(self.all_cards(players, config))

    def observation_writer(self, players: int, config: Any) -> ObservationWriter:
        """The observation tensors of :meth:`observation_layout`, written from the state
        (:class:`.observation.KingsFamilyObserver`)."""
        return KingsFamilyObserver(self.all_cards(players, config))

    def test_configurations(self) -> list[tuple[int, dict[str, Any]]]:
        return [(1, {}), (1, {"active_needs_both_sides": True}), (1, {"marriage_optional": False})]

    def bots(self) -> dict[str, Callable[..., Bot]]:
        """``heuristic`` (one-step look-ahead) and ``search`` (Monte Carlo over sampled draw orders)."""
        return {"heuristic": KingsFamilyBot, "search": KingsFamilySearchBot}
