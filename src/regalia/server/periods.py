"""Response periods: ruling SRV-2, hidden response windows that a person can use and nobody can read.

Kingship and Kingdom ask a response window (an Outlaw, a Knight, an Assassin, a Joker…) only of
a seat that can act in it (KS-6, KD-X2), and the core shows that window to its seat alone
(KS-37, KD-X13). Online, a pause while someone thinks would still tell everyone that they hold
the card. SRV-2 closes this without answering for anyone:

1. A move is **public** when it is made at a decision everyone sees, or when it is an answer
   in a hidden window that everyone sees (an event of its mover shown to all: an Outlaw
   redirect, a Knight block). The public ``step`` counts public moves only.
2. After a public move, the table is in a **response period** if the move reached any *turn*
   in a response window — ``State.response_turns()``: every place where the rules would ask a
   seat if it held a usable response, judged from public information only, in the order the
   rules reach them. During the period everyone is shown the table as it was before that
   move; the move's mover has ``accepted``.
3. The period goes through its turns in order. A bot's turn takes no visible time: when the
   rules ask the bot, it answers at once (the game's quick player, in the server process). A
   person's turn is a **stage** that everyone sees ("waiting for P2 to respond", with its
   countdown): the person is shown their real window if the rules ask them at this turn, else a
   window with nothing to play but ``continue`` — the same stage either way. The stage ends
   when the person answers, or when their time runs out (``pass``). Between stages, and after
   the last, the table waits a fixed ``settle`` time in which the bots answer. So every seat not
   being asked, and a spectator, gets the same frames at the same times whoever holds what.
4. When the turns are done the period ends: everyone is shown the table at once. An answer
   everyone sees (rule 1) ends the period at once and begins the next one with that move.

A person's preferences (``Prefs.responses``) change only how long *their* stages last:
``ask`` (the default: the table's ``response_seconds``), ``quick`` (a short stage that the
person may lengthen with ``wait``), ``never`` (every stage ends at once: always pass). ``holding``
skips their empty stages — it **reveals**, when the table moves on at once, that they hold
nothing, and the server takes it only when the client says the person understood that. A
person's empty stages are also skipped when nobody could see them (no other person at the
table and no spectators allowed), and a person who is not connected passes at once.

This module holds the period as stored in the table row (``TableRow.period``, JSON) and the
rules above as plain functions; :mod:`regalia.server.period_driver` runs them.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from regalia.server.tokens import decision_id

RESPONSE_CHOICES = ("ask", "quick", "never", "holding")
"""How a person is asked in response windows (``Prefs.responses``)."""
REVEALING = frozenset({"holding"})
"""Preferences that let others learn something (the client must say the person understood)."""
CONTINUE = "continue"
"""The only choice of a stage in which the rules ask the person nothing."""


@dataclass
class Stage:
    """A person's turn in a response period.

    Attributes:
        seat: the person's seat.
        turn: the index of the turn in ``Period.turns``.
        real: whether the rules ask the seat here (its hidden window), else it may only
            ``continue``.
        start: when the stage began (seconds since the epoch).
        until: when it ends unless answered.
        waited: whether the person asked for more time (``wait``, with the ``quick`` preference).
    """

    seat: int
    turn: int
    real: bool
    start: float
    until: float
    waited: bool = False

    def to_json(self) -> dict[str, Any]:
        return {
            "seat": self.seat,
            "turn": self.turn,
            "real": self.real,
            "start": self.start,
            "until": self.until,
            "waited": self.waited,
        }

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Stage:
        return cls(
            seat=int(data["seat"]),
            turn=int(data["turn"]),
            real=bool(data["real"]),
            start=float(data["start"]),
            until=float(data["until"]),
            waited=bool(data.get("waited", False)),
        )


@dataclass
class Period:
    """The response period under way at a table (SRV-2).

    Attributes:
        opened: the move count of the public move that began it (everyone is shown the table
            after ``opened - 1`` moves until it ends).
        turns: the turns recorded so far (seats, in order; ``State.response_turns`` of the
            opening move and of each hidden answer since).
        at: how many turns are done.
        stage: the person being asked now, or ``None`` between stages.
        next: when the table next moves on between stages (the settle time after the last
            stage, or after the opening move).
        held: the text of a bot's answer everyone will see, waiting for ``next`` (it ends the
            period), with its seat.
        shown: for each seat that answered a real window in this period, the move count of
            the table it was shown then (it keeps seeing that table, without choices, until
            the period ends: never an older one, and nothing decided after its turn).
    """

    opened: int
    turns: list[int]
    at: int = 0
    stage: Stage | None = None
    next: float = 0.0
    held: tuple[int, str] | None = None
    shown: dict[int, int] = field(default_factory=dict)

    def to_json(self) -> dict[str, Any]:
        return {
            "opened": self.opened,
            "turns": list(self.turns),
            "at": self.at,
            "stage": None if self.stage is None else self.stage.to_json(),
            "next": self.next,
            "held": None if self.held is None else [self.held[0], self.held[1]],
            "shown": {str(k): v for k, v in self.shown.items()},
        }

    @classmethod
    def from_json(cls, data: dict[str, Any] | None) -> Period | None:
        if data is None:
            return None
        held = data.get("held")
        return cls(
            opened=int(data["opened"]),
            turns=[int(s) for s in data["turns"]],
            at=int(data["at"]),
            stage=None if data.get("stage") is None else Stage.from_json(data["stage"]),
            next=float(data.get("next", 0.0)),
            held=None if held is None else (int(held[0]), str(held[1])),
            shown={int(k): int(v) for k, v in (data.get("shown") or {}).items()},
        )


def stage_decision(secret: str, period: Period) -> str:
    """The opaque id of the stage being asked in ``period`` (the ``decision`` of its frame)."""
    assert period.stage is not None
    return decision_id(secret, period.opened * 1000 + period.stage.turn)


def stage_seconds(prefs: dict[str, Any] | None, response_seconds: float, quick_seconds: float) -> float:
    """How long a person's stage lasts unless answered, by their preference (seconds)."""
    mode = (prefs or {}).get("responses", "ask")
    if mode == "never":
        return 0.0
    if mode == "quick":
        return min(quick_seconds, response_seconds)
    return response_seconds


def skips_empty(prefs: dict[str, Any] | None) -> bool:
    """Whether the person chose to be asked only when they can respond (``holding``)."""
    return bool((prefs or {}).get("responses", "ask") == "holding")


def standing_order(prefs: dict[str, Any] | None, kind: str | None) -> str:
    """A person's standing order for a hidden response window of ``kind`` at a turn-based table
    (ruling SRV-3): ``pass``, or ``bot`` (the default) — the game's heuristic player answers
    from the seat's information set."""
    orders = (prefs or {}).get("orders") or {}
    return str(orders.get(kind, "bot")) if kind is not None else "bot"
