"""King's Family rule options, named exactly as the rule sheet names them (KB-G3, KB-M2, deck file)."""

from __future__ import annotations

from dataclasses import dataclass

from regalia.core.config import option


@dataclass(frozen=True, kw_only=True)
class KingsFamilyConfig:
    """The rule options of King's Family (see ``docs/games/kings_family.md``).

    Attributes:
        active_needs_both_sides: KB-G3 switch: a card is Active only when both of its sides can
            take a Character (default: one side is enough).
        marriage_optional: KB-M2 switch: a placement that could marry may decline the Marriage
            (``nomarry``); with ``False`` every such placement marries.
        deck_file: path of a user deck list (format of ``regalia.games.kings_blood.cards``), or
            ``None`` for the built-in reconstruction of 82 playable cards.
    """

    active_needs_both_sides: bool = option(
        False, doc="A card is Active only when both of its sides can take a card (default: one side).", ruling="KB-G3"
    )
    marriage_optional: bool = option(
        True, doc="A placement that could marry may decline the Marriage ('nomarry').", ruling="KB-M2"
    )
    deck_file: str | None = option(
        None,
        doc="Path of your own deck list (one card per line: '<notation> [Skip|Reverse|Draw3]'); default: the built-in reconstruction.",
    )
