"""Blood & Fortune's rulings: the rule sheet's and regalia's own, with their reasons (docs/games/blood_and_fortune.md).

``Game.rulings`` lists them; a refusal names one by its id.
"""

from __future__ import annotations

from typing import Final

from regalia.core.game import Ruling

RULINGS: Final[tuple[Ruling, ...]] = (
    Ruling("BF-1", "A card of your own house in your own area (possible only through roles) counts once."),
    Ruling(
        "BF-2",
        "The offerer learns which card was kept (the other came back). Other players see only who offered to whom and that one card entered the recipient's area.",
    ),
    Ruling(
        "BF-3", "Table talk is outside the rules engine; State.add_table_talk keeps it beside the moves in the record."
    ),
    Ruling(
        "BF-4",
        "The 15-point cut-off uses the total before the current round: 'exceeds 15' means 16 or more.",
        "special_actions",
    ),
    Ruling(
        "BF-X1",
        "Role draft: the second-to-last taker must take the last taker's face-down role while it is on the table, so that the last taker always has another player's role to take.",
    ),
    Ruling(
        "BF-X2",
        "A Special Action is used at the start of your own Offer turn (before offering) or in a closing window after the last Offer turn, offered in turn order only to players who can still use one.",
        "special_actions",
    ),
    Ruling(
        "BF-X3",
        "The 15 Role cards and 8 Special Actions are regalia's own house rules (house_rules.json). Like Role cards, the house Special Actions take precedence over the rules where they conflict (e.g. reordering an area). A Role with nothing to act on is revealed with no effect; a Special Action with nothing to act on cannot be used.",
        "roles",
    ),
    Ruling(
        "BF-X4",
        "Hand sizes are public with Influence and Role cards counted apart (their backs differ); the house of every face-down card in an area is public (only the offerer's own house is in their hand).",
    ),
    Ruling(
        "BF-X5",
        "Seats are numbered clockwise: turn order is ascending seat order from the first player, and 'nearest the Ring holder in turn order' means fewest seats after the Ring holder.",
    ),
    Ruling(
        "BF-X6",
        "deck= lists House cards (dealt to seats 0, 1, ...), Score cards (same) and, with roles, the top of the round-1 role deck; missing ones are random with the seed. With deck= and no first_player, seat 0 takes the Ring.",
        "first_player",
        online="The House and Score cards are dealt at random from the table's seed; with no first player "
        "chosen, a seat drawn at random holds the Ring and offers first.",
    ),
    Ruling("BF-X7", "A turn missed for having no cards counts as one of the player's 3 turns."),
    Ruling("BF-X8", "A player whose hand holds only Role cards offers them like any cards (2 when they can)."),
    Ruling("BF-X9", "A round score never goes below 0 (house-rule penalties)."),
    Ruling(
        "BF-X10",
        "When one area is both shielded (keep every double) and assassinated (lose every double), the shield wins.",
    ),
    Ruling(
        "BF-X11", "Cards discarded at Reveal and by effects, and resolved Role cards, lie face up: everyone sees them."
    ),
    Ruling(
        "BF-X12",
        "The Usurper (R10) moves the Ring for this round's tie-break; the turn order of the round does not change.",
    ),
    Ruling(
        "BF-X13",
        "Role cards are dealt from the shuffled role deck one at a time in turn order, two rounds; the returned role goes back to the deck unseen.",
    ),
    Ruling(
        "BF-X14",
        "'Received an Influence card in your player area' counts this round's cards only, whether kept from an offer or given for a Role card.",
    ),
    Ruling(
        "BF-X15",
        "With 5 Influence cards and 3 turns a hand never drops below 3 cards under the shipped house rules (a kept Role card "
        "replaces the Influence card paid for it), so the 1-card and 0-card rules are implemented and tested on constructed "
        "positions; they matter for replaced role tables.",
    ),
)
