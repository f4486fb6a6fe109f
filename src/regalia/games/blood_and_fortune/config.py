"""The rule options of Blood & Fortune (names as the rule sheet gives them)."""

from __future__ import annotations

from dataclasses import dataclass

from regalia.core.config import option


@dataclass(frozen=True, kw_only=True)
class BloodAndFortuneConfig:
    """Blood & Fortune options.

    Attributes:
        roles: play with Role cards (the draft, offering Role cards, Resolve Roles). The role
            texts are regalia's house rules (BF-X3).
        special_actions: play with the Score cards' Special Actions (house rules, BF-X3; BF-4).
        first_player: the seat that takes the Ring and plays first in round 1; ``None`` draws it
            at random with the game's seed (seat 0 when an explicit ``deck=`` is given, BF-X6).
    """

    roles: bool = option(
        False,
        doc="Play with the 15 Role cards (regalia's house-rule texts, BF-X3).",
        label="Role cards",
        help="Deal Role cards in a draft each round: they may be offered like Influence cards and are "
        "resolved after the offers (regalia's own texts: the published ones are unknown).",
        ruling="BF-X3",
    )
    special_actions: bool = option(
        False,
        doc="Play with the Score cards' Special Actions (regalia's house-rule texts, BF-X3, BF-4).",
        label="Special Actions",
        help="Each Score card carries a Special Action, usable once a round after you have received an "
        "Influence card, while your total is 15 or less (regalia's own texts).",
        ruling="BF-4",
    )
    first_player: int | None = option(
        None,
        doc="Seat that takes the Ring first (None: random from the seed; seat 0 with an explicit deck).",
        label="First player",
        help="The seat that holds the Ring and offers first in round 1; none: a seat drawn at random.",
        minimum=0,
        maximum=5,
        ruling="BF-X6",
    )
