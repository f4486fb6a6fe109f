"""Kingship rule options (interpreted even in a compiled build: ``regalia.core.config`` reads the
dataclass's annotations at run time)."""

from __future__ import annotations

from dataclasses import dataclass

from regalia.core.config import option


@dataclass(frozen=True, kw_only=True)
class KingshipConfig:
    """Rule options of Kingship."""

    laws: str = option(
        "pro",
        doc="'pro': the six Kingship Pro laws; 'catalogue': those plus structured rulebook examples",
        label="Laws",
        help="The laws the King may propose: the six of Kingship Pro, or those and the rulebook's examples.",
        choice_labels={"pro": "the six Kingship Pro laws", "catalogue": "those and the rulebook's examples"},
        choices=("pro", "catalogue"),
        ruling="KS-11",
    )
    max_turns: int | None = option(
        None,
        doc="end the game in a draw after this many turns (simulation and training only)",
        label="Turn limit",
        help="End the game in a draw after this many turns; none: play until someone wins.",
        ruling="KS-14",
        minimum=1,
    )
