"""King's Family rule options, named exactly as the rule sheet names them (KB-G3, KB-M2, deck file),
and the undo option of a scored deal (KF-X12)."""

from __future__ import annotations

from dataclasses import dataclass

from regalia.core.config import option

UNDO_COUNTED = "counted"
UNDO_OFF = "off"
UNDO_CHOICES = (UNDO_COUNTED, UNDO_OFF)
"""The values of the ``undo`` option (KF-X12)."""


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
        undo: KF-X12: ``"counted"`` (default) lets a person go back to an earlier decision
            (``regalia.core.undo_to``), each undo counted in the record, the result and the final
            score line; ``"off"`` allows no undo at all (competitive deals, where scores are
            compared). An undo never redraws the unseen cards: it is counted because going back
            may follow a look at the next draw.
    """

    active_needs_both_sides: bool = option(
        False,
        doc="A card is Active only when both of its sides can take a card (default: one side).",
        label="Active needs both sides free",
        help="A Genealogy card is Active (cards may be played beside it) only while both of its sides are "
        "free; unticked: one free side is enough.",
        ruling="KB-G3",
    )
    marriage_optional: bool = option(
        True,
        doc="A placement that could marry may decline the Marriage ('nomarry').",
        label="Marriages may be declined",
        help="A card placed where it could marry may be placed without marrying (no child is born).",
        ruling="KB-M2",
    )
    deck_file: str | None = option(
        None,
        doc="Path of your own deck list (one card per line: '<notation> [Skip|Reverse|Draw3]'); default: the built-in reconstruction.",
        label="Deck file",
        help="Your own deck list, read from a file (at the terminal only).",
    )
    undo: str = option(
        UNDO_COUNTED,
        doc="Going back to an earlier decision: 'counted' (each undo is counted in the record and the final score) or 'off' (no undo, for competitive deals).",
        label="Undo",
        help="Whether you may take a decision back; every undo is counted in the result.",
        choice_labels={"counted": "allowed, each undo counted", "off": "not allowed (competitive deals)"},
        choices=UNDO_CHOICES,
        ruling="KF-X12",
    )
