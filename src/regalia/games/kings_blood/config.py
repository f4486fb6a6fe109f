"""King's Blood rule options, named exactly as the rule sheet names them."""

from __future__ import annotations

from dataclasses import dataclass

from regalia.core.config import option


@dataclass(frozen=True, kw_only=True)
class KingsBloodConfig:
    """The rule options of King's Blood (see ``docs/games/kings_blood.md``)."""

    active_needs_both_sides: bool = option(
        False,
        doc="A card is Active only when both of its sides can take a card (default: one side).",
        label="Active needs both sides free",
        help="A Genealogy card is Active (cards may be played beside it) only while both of its sides are "
        "free; unticked: one free side is enough.",
        ruling="KB-G3",
    )
    announcement: str = option(
        "required",
        doc="'required': players must announce King's Blood! at one card, before their turn ends or their last card is played, or draw 3 and skip a turn (a last card played unannounced does not win); 'automatic': announced for everyone.",
        label="King's Blood! announcement",
        help="Whether a player down to one card must say King's Blood! in time, or it is said for everyone.",
        choice_labels={
            "required": "required: forgetting it costs 3 cards and a turn",
            "automatic": "automatic: said for everyone",
        },
        choices=("required", "automatic"),
        ruling="KB-T4",
    )
    marriage_optional: bool = option(
        True,
        doc="A placement that could marry may decline the Marriage ('nomarry').",
        label="Marriages may be declined",
        help="A card placed where it could marry may be placed without marrying (no child is born).",
        ruling="KB-M2",
    )
    two_player_reverse_skips: bool = option(
        False,
        doc="With two players a Reverse acts as a Skip (default: it changes nothing).",
        label="Reverse skips with two players",
        help="With two players a Reverse makes the other player miss a turn; unticked: it changes nothing.",
        ruling="KB-T6",
    )
    advanced: bool = option(
        False,
        doc="Advanced Rules: the King's Blood card is set aside and moves with Enthronements.",
        label="Advanced Rules",
        help="The King's Blood card is set aside; it is taken at an Enthronement and may be placed under an "
        "Active card, where any Character may be played beside it and marries it.",
        ruling="KB-E5",
    )
    scoring: str = option(
        "none",
        doc="Scores in result(): 'none', 'winner_collects' (opponents' hands + 5/generation with an Enthronement) or 'lowest_wins'.",
        label="Scoring",
        help="Score the game in points (the rulebook's two variants), or only name the winner.",
        choice_labels={
            "none": "none: the first to go out wins",
            "winner_collects": "the winner collects the points of the others' hands",
            "lowest_wins": "everyone scores their own hand: the lowest total wins",
        },
        choices=("none", "winner_collects", "lowest_wins"),
    )
    deck_file: str | None = option(
        None,
        doc="Path of your own deck list (one card per line: '<notation> [Skip|Reverse|Draw3]'); default: the built-in reconstruction.",
        label="Deck file",
        help="Your own deck list, read from a file (at the terminal only).",
    )
