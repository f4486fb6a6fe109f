"""Kingdom's rule options (names exactly as the rule sheet names them)."""

from __future__ import annotations

from dataclasses import dataclass

from regalia.core.config import option
from regalia.games.kingdom.cards import MAX_DECKS


@dataclass(frozen=True, kw_only=True)
class KingdomConfig:
    """The rule options of Kingdom.

    Attributes:
        decks: the number of 54-card decks shuffled together; ``None`` = one deck per 4 players
            (rulebook: "Up to 4 players can play with each deck").
        territories: the territories each kingdom starts with (rulebook: 20).
        max_turns: end the game after this many turns, most territories winning [KD-13];
            ``None`` = play until one kingdom is left.
    """

    decks: int | None = option(
        None,
        doc="54-card decks shuffled together; None = one deck for every 4 players (rulebook).",
        label="Decks",
        help="How many 54-card decks are shuffled together; none: one deck for every 4 players, as the rulebook says.",
        minimum=1,
        maximum=MAX_DECKS,
    )
    territories: int = option(
        20,
        doc="Territories each kingdom starts with (rulebook: 20).",
        label="Starting territories",
        help="The territories each kingdom starts with (the rulebook: 20); a kingdom falls at none.",
        minimum=1,
        maximum=1000,
    )
    max_turns: int | None = option(
        None,
        doc="End the game after this many turns; most territories wins, ties are draws (KD-13).",
        label="Turn limit",
        help="End the game after this many turns: the most territories wins, a tie is a draw; none: play "
        "until one kingdom stands.",
        ruling="KD-13",
        minimum=1,
    )


def decks_for(players: int, config: KingdomConfig) -> int:
    """The number of decks a game of ``players`` seats uses.

    Raises:
        ValueError: ``decks`` is too small for the player count (naming the option).
    """
    need = -(-players // 4)
    if config.decks is None:
        return need
    if config.decks < need:
        raise ValueError(
            f"option 'decks': {config.decks} deck(s) serve at most {4 * config.decks} players; {players} players need {need}"
        )
    return config.decks
