"""The Kingship Game description: rulings, notation, bots, test configurations (the options are in
:mod:`regalia.games.kingship.config`)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, ClassVar

from regalia.core.game import Game
from regalia.core.observation import Layout, ObservationWriter
from regalia.core.state import State
from regalia.games.kingship.actions import NUM_ACTIONS
from regalia.games.kingship.bot import KingshipBot
from regalia.games.kingship.cards import FULL_DECK, NAME
from regalia.games.kingship.config import KingshipConfig
from regalia.games.kingship.observation import KingshipObserver, layout
from regalia.games.kingship.phases import DECISION_KINDS
from regalia.games.kingship.presenter import KingshipPresenter
from regalia.games.kingship.rulings import RULINGS
from regalia.games.kingship.schema import KingshipView
from regalia.games.kingship.state import KingshipState
from regalia.games.kingship.view import render_text as render_view


class KingshipGame(Game):
    """Kingship (Amethyst Games, rulebook v1.1): "Medieval Crazy Eights" for 4-8 players."""

    name = "kingship"
    title = "Kingship"
    min_players = 4
    max_players = 8
    default_players = 4
    config_class = KingshipConfig
    rules_version = "1.1-regalia.1"
    view_schema = KingshipView
    search_scale = 0.35  # ismcts budgets: long rollouts (about 110 actions a game)
    summary = (
        "Match the top of the pile by suit or value, play pairs for stronger abilities, take titles "
        "(Kingship, the Queens, Outlaw, Demon, Silenced), pass laws, and be the first with no cards "
        "in your hand at the end of your own turn."
    )
    source = "Kingship Official Rulebook v1.1 (Amethyst Games); rulings KS-1..KS-14 of the regalia rule sheet"
    provenance = "80-card deck derived from the rulebook's poker-deck conversion (deck.txt)"
    notation = (
        "Cards: value A 2 3 4 5 6 7 8 9 10 J Q K then suit L (Light), D (Dark), T (Terra): QL, 10T, AD; "
        "the two suitless Outlaws are 'Outlaw'. Actions: 'draw', 'pass', 'play 7L', 'play 7L 7D 7T' "
        "(a pair: first card, last card is the new top), 'target P2', 'forbid', 'redirect P3', "
        "'block 10D', 'give 5T', 'exile 2L', 'name 7' / 'name L' / 'name any', 'law exactly 3', "
        "'approve', 'offer title Demon', 'ask 5', 'counter 2T', 'take offer P1'."
    )
    rulings = RULINGS
    presenter = KingshipPresenter()
    decision_kinds = DECISION_KINDS
    hidden_responses = True
    """Outlaw, Knight and Poacher-pair windows are shown only to the seat asked (KS-37)."""
    response_windows: ClassVar[dict[str, str]] = {
        "outlaw": "Outlaw: when an ability targets a player or a title changes hands, play an Outlaw to redirect "
        "it to another player (KS-6, KS-7)",
        "knight": "Knight: when an ability targets you, block it with a Knight from your hand (KS-6)",
        "poach": "Poacher pair: when a Poacher pair is played, exile a matching card from your hand (KS-37)",
    }
    legend = (
        "Cards: the value, then the suit, then the card's character. Values: A Angel, 2 Messenger, 3 Farmer, "
        "4 Poacher, 5 Priest, 6 Demon, 7 Merchant, 8 Wizard, 9 Witch, 10 Knight, J Prince, Q Queen (QL the Light "
        "Queen, QD the Dark Queen; there is no Terra Queen), K Emperor. Suits: L Light, D Dark, T Terra. The two "
        "Outlaws have no suit. So 9T Witch is the Terra Witch.\n"
        "Playing: a card or a pair matching the top card of the pile by suit or by value. A pair is two or more "
        "cards of one value, written first card to last: 'play 7L 7D' needs 7L to match, and 7D becomes the top. "
        "One card triggers its ability #1, a pair its ability #2. One draw a turn, before playing.\n"
        "Pile: the played cards, face up; 'top card' is the one to match. Deck: face down; 'you know the top of "
        "the deck' lists cards you saw there (a Farmer's look), 'everyone knows' the ones revealed to all. "
        "Graveyard: exiled cards, face up.\n"
        "Titles: Kingship (the King proposes laws), Dark Queen (may forbid a target), Light Queen (may prevent a "
        "draw), Outlaw (plays as if the top card were wild), Demon (may give up the title for graveyard cards), "
        "Silenced (no card or title abilities but the Witch's). A dash means the title is in the centre.\n"
        "Laws in force: each with its action text, then what it does. 'You know P1 holds' lists cards of another "
        "hand you saw: given, revived, traded, offered or revealed to you.\n"
        "Seats are P0, P1 and so on; a specification names a value (7), a suit (L), both (7L) or any card. "
        "Response windows (a Knight's block, an Outlaw's redirect, a Poacher pair's exile) are asked only of the "
        "player who can answer; the others keep seeing what the table waited for before."
    )

    def new_initial_state(self, players: int, seed: int, deck: list[str] | None, config: Any) -> State:
        """A new game (see :meth:`KingshipState.new_game`).

        Raises:
            ValueError: a bad ``deck``, naming the field."""
        return KingshipState.new_game(self, players, seed, deck, config)

    def num_actions(self, players: int, config: Any) -> int:
        """The fixed size of the action space (the same for every player count and config)."""
        return NUM_ACTIONS

    def all_cards(self, players: int, config: Any) -> list[str]:
        """The 80 cards of the deck, as notations."""
        return [NAME[k] for k in FULL_DECK]

    def render_text(self, view: dict[str, Any]) -> str:
        """A plain-text drawing of a view (pile top, titles, laws, hand sizes, graveyard)."""
        return render_view(view)

    def state_class(self) -> type[State]:
        """The State class, for snapshots."""
        return KingshipState

    def observation_layout(self, players: int, config: Any) -> Layout:
        """The observation tensors' layout (:func:`.observation.layout`), for the writer and the
        encoder ``regalia.rl.encoders.kingship``."""
        return layout(players, self.all_cards(players, config))

    def observation_writer(self, players: int, config: Any) -> ObservationWriter:
        """The observation tensors of :meth:`observation_layout`, written from the state
        (:class:`.observation.KingshipObserver`)."""
        return KingshipObserver(players, self.all_cards(players, config))

    def test_configurations(self) -> list[tuple[int, dict[str, Any]]]:
        """4, 6 and 8 players with ``laws`` both ways and ``max_turns=300`` (KS-14)."""
        out: list[tuple[int, dict[str, Any]]] = []
        for n in (4, 6, 8):
            for laws in ("pro", "catalogue"):
                out.append((n, {"laws": laws, "max_turns": 300}))
        return out

    def bots(self) -> dict[str, Callable[..., Any]]:
        """``{"heuristic": KingshipBot}``."""
        return {"heuristic": KingshipBot}
