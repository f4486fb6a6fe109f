"""The Blood & Fortune game description (registered as ``blood-and-fortune``)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Final

from regalia.core.bot import Bot
from regalia.core.game import Game
from regalia.core.observation import Layout, ObservationWriter
from regalia.core.state import State
from regalia.games.blood_and_fortune.actions import num_actions
from regalia.games.blood_and_fortune.bot import BloodAndFortuneBot
from regalia.games.blood_and_fortune.cards import CARD_NAMES, HOUSE_NAMES, INFLUENCE_NAMES, ROLE_NAMES, SCORE_NAMES
from regalia.games.blood_and_fortune.config import BloodAndFortuneConfig
from regalia.games.blood_and_fortune.observation import BloodAndFortuneObserver, layout
from regalia.games.blood_and_fortune.phases import DECISION_KINDS
from regalia.games.blood_and_fortune.presenter import BloodAndFortunePresenter
from regalia.games.blood_and_fortune.rulings import RULINGS
from regalia.games.blood_and_fortune.schema import BloodAndFortuneView
from regalia.games.blood_and_fortune.state import BloodAndFortuneState
from regalia.games.blood_and_fortune.view import render_text

RULE_SECTIONS: Final[dict[str, str]] = {
    "BF-SETUP": "Setup: each player takes a House card, its 5 Influence cards and a Score card; the first "
    "player holds the Ring.",
    "BF-DRAFT": "Role draft (with Role cards): each player is dealt 2 Role cards, places one face down and "
    "then takes the face-down Role card of another player.",
    "BF-OFFER": "Offer Influence: on your turn offer 2 cards of your hand face down to another player; they "
    "keep one (an Influence card goes face down to the right end of their area) and the other comes back.",
    "BF-ROLEOFFER": "Offering Role cards: a kept Role card goes to the recipient's hand, who then gives the "
    "offerer an Influence card from their hand, face down to the right end of the offerer's area.",
    "BF-SPECIAL": "Special Actions: once a round, after receiving an Influence card into your area, while "
    "your total is 15 or less.",
    "BF-RESOLVE": "Resolve Roles: after the offers, the Role cards in hands are revealed and resolved in "
    "ascending order.",
    "BF-REVEAL": "Reveal Influence: hands are discarded, every area is turned face up and every double but "
    "the rightmost is discarded.",
    "BF-SCORE": "Score Influence: a round score is the value of every card in your own area plus the value of "
    "your house's cards in the other areas; the highest wins the round (a tie: the Ring holder, else the "
    "nearest after them).",
    "BF-ROUND": "New round: everyone takes their house cards back; the round's winner holds the Ring and is "
    "the first player.",
    "BF-WIN": "After 3 rounds the highest total wins; a tie for the highest total means nobody wins.",
}
"""The rulebook sections that refusals name (``Game.rule_sections``)."""


class BloodAndFortuneGame(Game):
    """Blood & Fortune (Charles Ward / EX1ST Games, 2015), 3-6 players, 3 rounds."""

    name = "blood-and-fortune"
    title = "Blood & Fortune"
    min_players = 3
    max_players = 6
    default_players = 4
    config_class = BloodAndFortuneConfig
    rules_version = "1.0"
    view_schema = BloodAndFortuneView
    rule_sections = RULE_SECTIONS
    search_scale = 0.4  # ismcts budgets: a costly heuristic policy (it scores every offer)
    summary = (
        "Offer Influence cards face down; the recipient keeps one. Only the rightmost double in each "
        "area survives the Reveal. Score your own area plus your house's cards everywhere else; the "
        "round winner takes the Ring (which wins ties). Highest total after 3 rounds wins; a tie means nobody wins."
    )
    source = (
        "Blood & Fortune rulebook (Charles Ward, EX1ST Games, 2015), OCR scan; rule sheet rules/blood_and_fortune.md"
    )
    provenance = (
        "Influence, House and Score cards and the Ring follow the rulebook. The texts of the 15 Role cards and "
        "8 Special Actions are not published: the ones shipped (house_rules.json) are regalia's own HOUSE RULES, "
        "labelled as such in the views and the docs."
    )
    notation = (
        "Influence cards H<house><s|d><copy>: H3s1..H3s3 singles (1), H3d1..H3d2 doubles (2); roles R1..R15; "
        "House cards H1..H6, Score cards S1..S8, Ring. Actions: 'offer H3s1 H3d2 to P2', 'offer H3s1 to P2', "
        "'keep H3d2', 'give H2s1', 'place R7', 'take from P2', 'special', 'special on P2', 'special on P2 at 3', "
        "'pass', 'target P2', 'target P2 at 3' (area positions 1-based from the left; a seat may also be typed "
        "as its number, 'to 2')."
    )
    legend = (
        "Cards: H4s1 is a single of house H4 (worth 1; copies s1, s2, s3), H4d2 a double (worth 2; copies d1, d2); "
        "R9 is Role card 9, S5 Score card 5 with its Special Action, H1 to H6 the House cards. "
        "H4? is a face-down area card of house H4 that you have not seen: the house of every area card is public, "
        "its worth only to those who saw it. "
        "Areas read from left (oldest) to right (newest); positions count from 1 at the left; at Reveal Influence "
        "only the rightmost double of each area stays, and the reveal shows discarded doubles in parentheses. "
        "P0, P1 ... are the seats; (you) marks yours; [Ring] marks the Ring holder, who wins ties for the round. "
        "total is the sum of the finished rounds' scores; hand 5 + 1 Role counts the Influence and Role cards in "
        "a hand (their backs differ). P0 → P1 is an offer from P0 to P1; kept H1s1 of H1s1 / H1d1 shows the cards "
        "and the card kept, only to the two players involved. Role cards and Special Actions marked house rule are "
        "regalia's own texts: the published ones are unknown."
    )
    decision_kinds = DECISION_KINDS
    rulings = RULINGS
    presenter = BloodAndFortunePresenter()

    def new_initial_state(self, players: int, seed: int, deck: list[str] | None, config: Any) -> State:
        return BloodAndFortuneState.deal(self, config, players, seed, deck)

    def num_actions(self, players: int, config: Any) -> int:
        return num_actions(players)

    def render_text(self, view: dict[str, Any]) -> str:
        return render_text(view)

    def all_cards(self, players: int, config: Any) -> list[str]:
        cards = list(HOUSE_NAMES) + list(SCORE_NAMES) + ["Ring"] + list(INFLUENCE_NAMES)
        if config.roles:
            cards += list(ROLE_NAMES)
        return cards

    def state_class(self) -> type[State]:
        return BloodAndFortuneState

    def observation_layout(self, players: int, config: Any) -> Layout:
        """The observation tensors' layout (:func:`.observation.layout`), for the writer and the
        encoder ``regalia.rl.encoders.blood_and_fortune``."""
        return layout(players, self.all_cards(players, config), bool(config.special_actions), bool(config.roles))

    def observation_writer(self, players: int, config: Any) -> ObservationWriter:
        """The observation tensors of :meth:`observation_layout`, written from the state
        (:class:`.observation.BloodAndFortuneObserver`)."""
        return BloodAndFortuneObserver(
            players, self.all_cards(players, config), bool(config.special_actions), bool(config.roles)
        )

    def test_configurations(self) -> list[tuple[int, dict[str, Any]]]:
        out: list[tuple[int, dict[str, Any]]] = [(n, {}) for n in range(3, 7)]
        out += [(n, {"roles": True, "special_actions": True}) for n in range(3, 7)]
        out += [(4, {"roles": True}), (5, {"special_actions": True}), (3, {"first_player": 2})]
        return out

    def bots(self) -> dict[str, Callable[..., Bot]]:
        return {"heuristic": BloodAndFortuneBot}


__all__ = ["CARD_NAMES", "RULINGS", "BloodAndFortuneGame"]
