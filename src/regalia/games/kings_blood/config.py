"""King's Blood rule options, named exactly as the rule sheet names them."""

from __future__ import annotations

from dataclasses import dataclass

from regalia.core.config import option


@dataclass(frozen=True, kw_only=True)
class KingsBloodConfig:
    """The rule options of King's Blood (see ``docs/games/kings_blood.md``)."""

    active_needs_both_sides: bool = option(
        False, doc="A card is Active only when both of its sides can take a card (default: one side).", ruling="KB-G3"
    )
    announcement: str = option(
        "required",
        doc="'required': players must announce King's Blood! at one card, before their turn ends or their last card is played, or draw 3 and skip a turn (a last card played unannounced does not win); 'automatic': announced for everyone.",
        choices=("required", "automatic"),
        ruling="KB-T4",
    )
    marriage_optional: bool = option(
        True, doc="A placement that could marry may decline the Marriage ('nomarry').", ruling="KB-M2"
    )
    two_player_reverse_skips: bool = option(
        False, doc="With two players a Reverse acts as a Skip (default: it changes nothing).", ruling="KB-T6"
    )
    advanced: bool = option(
        False, doc="Advanced Rules: the King's Blood card is set aside and moves with Enthronements.", ruling="KB-E5"
    )
    scoring: str = option(
        "none",
        doc="Scores in result(): 'none', 'winner_collects' (opponents' hands + 5/generation with an Enthronement) or 'lowest_wins'.",
        choices=("none", "winner_collects", "lowest_wins"),
    )
    deck_file: str | None = option(
        None,
        doc="Path of your own deck list (one card per line: '<notation> [Skip|Reverse|Draw3]'); default: the built-in reconstruction.",
    )
