"""The texts and data of Kingdom's most frequent events, built only when read.

A random playout never reads an event's text, so the events of every turn (the turn, its draw,
its end) and of the main actions and combat declarations are made with the core's
``new_event`` and a ``(function, *arguments)`` pair for the text and for the data (see
:class:`regalia.core.events.Event`): the words and the data are exactly those written at once
before, built the first time they are read. Imports only the card and phase tables."""

from __future__ import annotations

from typing import Any

from regalia.games.kingdom.cards import NAME
from regalia.games.kingdom.phases import seat_name


def no_data() -> dict[str, Any]:
    """An event without data."""
    return {}


def turn_text(turn: int, p: int) -> str:
    return f"Turn {turn}: {seat_name(p)}'s turn"


def turn_data(turn: int) -> dict[str, Any]:
    return {"turn": turn}


def draw_text(p: int) -> str:
    return f"{seat_name(p)} draws a card (start of the turn)"


def draw_data() -> dict[str, Any]:
    return {"count": 1}


def drawn_text(p: int, c: int) -> str:
    return f"{seat_name(p)} draws {NAME[c]}"


def drawn_data(c: int) -> dict[str, Any]:
    return {"cards": [NAME[c]]}


def end_text(p: int) -> str:
    return f"{seat_name(p)} ends the turn"


def card_data(c: int) -> dict[str, Any]:
    return {"card": NAME[c]}


def discard_text(p: int, c: int) -> str:
    return f"{seat_name(p)} discards {NAME[c]} (hand limit 7)"


def noble_text(p: int, c: int) -> str:
    return f"{seat_name(p)} puts {NAME[c]} into play (noble)"


def attack_text(p: int, q: int) -> str:
    return f"{seat_name(p)} declares an attack on {seat_name(q)}"


def attack_data(q: int) -> dict[str, Any]:
    return {"defender": q}


def attacker_text(p: int, q: int, c: int) -> str:
    return f"{seat_name(p)} attacks {seat_name(q)} with {NAME[c]}"


def block_text(p: int, a: int, b: int) -> str:
    return f"{seat_name(p)} blocks {NAME[a]} with {NAME[b]}"


def block_data(a: int, b: int) -> dict[str, Any]:
    return {"attacker": NAME[a], "blocker": NAME[b]}


def no_counter_text(p: int) -> str:
    return f"{seat_name(p)} does not counter"


def no_response_text(p: int) -> str:
    return f"{seat_name(p)} passes: no response"


def attackers_done_text(p: int) -> str:
    return f"{seat_name(p)} has declared all the attackers"


def blockers_done_text(p: int) -> str:
    return f"{seat_name(p)} has declared all the blockers"
