"""What a request for a new table or a seat must be: the game and its player count, the rule
options that may be set online, the seed, a rated table's conditions, the names and texts a
person gives; and :class:`LobbyError`, the refusal naming the field at fault.
"""

from __future__ import annotations

import secrets
import unicodedata
from typing import Any

from regalia.core import Game, get_game, make, verify_seed
from regalia.server.accounts.ratings import anchor, anchors
from regalia.server.api_models import CreateTable
from regalia.server.catalogue import online_option

Person = tuple[int, str] | None
"""The signed-in person of a request: their account's id and name (``None``: a guest)."""


class LobbyError(Exception):
    """A request the lobby refuses: ``status`` (HTTP), the ``field`` at fault and why."""

    def __init__(self, status: int, field: str | None, reason: str) -> None:
        super().__init__(f"{field}: {reason}" if field else reason)
        self.status = status
        self.field = field
        self.reason = reason


def clean_text(value: str, field: str, limit: int) -> str:
    """``value`` stripped, if it is plain text of at most ``limit`` characters.

    Raises:
        LobbyError: (422) control or formatting characters, or too long, naming ``field``.
    """
    text = value.strip()
    if len(text) > limit:
        raise LobbyError(422, field, f"at most {limit} characters, this has {len(text)}")
    for ch in text:
        if unicodedata.category(ch) in ("Cc", "Cf", "Cs", "Co", "Cn") and ch not in "\n":
            raise LobbyError(422, field, f"text only: character U+{ord(ch):04X} is not allowed")
    return text


RATED_NEEDS_ACCOUNT = (
    "this table is rated: only signed-in players may sit at it (a guest has no rating) — sign in or create an account"
)
"""Why a guest may not sit at a rated table."""

TURN_BASED_NEEDS_ACCOUNT = (
    "this table is turn-based: only signed-in players may sit at it (your seat, your turns list and your "
    "notices follow your account across days and browsers) — sign in or create an account"
)
"""Why a guest may not sit at a turn-based table."""


def check_rated(
    req: CreateTable, game: Game, players: int, kinds: list[tuple[str, str | None]], standin: str, account: Person
) -> None:
    """Check that a table asked to be ``rated`` can be: created by a signed-in person who takes
    a seat, 2 to 8 players, dealt at random (no ``seed``: the creator would know the deal), and
    every bot — the seats' and the stand-in — one with a fixed rating in the game (an anchor).

    Raises:
        LobbyError: naming ``rated``, ``players``, ``seed``, ``seats[i]`` or ``standin``.
    """
    if not any(kind == "human" for kind, _ in kinds):
        raise LobbyError(422, "rated", "a rated table needs a person's seat: bots alone are never rated")
    if account is None:
        raise LobbyError(403, "rated", RATED_NEEDS_ACCOUNT)
    if not 2 <= players <= 8:
        raise LobbyError(422, "players", f"a rated game has 2 to 8 players; {game.title} here has {players}")
    if req.seed is not None:
        raise LobbyError(422, "seed", "a rated table is dealt at random: give no seed")
    for i, (kind, bot) in enumerate(kinds):
        if kind == "bot" and bot is not None and anchor(game.name, bot) is None:
            raise LobbyError(422, f"seats[{i}]", no_anchor(game, bot))
    if anchor(game.name, standin) is None:
        raise LobbyError(422, "standin", no_anchor(game, standin))


def no_anchor(game: Game, spec: str) -> str:
    known = ", ".join(sorted(anchors().get(game.name, {}))) or "none"
    return f"{spec} has no fixed rating in {game.title}, so it cannot sit at a rated table (rated bots: {known})"


def game_and_players(req: CreateTable) -> tuple[Game, int]:
    """The requested game and player count (the game's default when not given).

    Raises:
        LobbyError: an unknown game (``game``), a count the game does not allow (``players``)."""
    try:
        game = get_game(req.game)
    except ValueError as exc:
        raise LobbyError(422, "game", str(exc).split(": ", 1)[-1]) from None
    players = req.players if req.players is not None else game.default_players
    try:
        game.verify_players(players)
    except ValueError as exc:
        raise LobbyError(422, "players", str(exc).split(": ", 1)[-1]) from None
    return game, players


def check_options(game: Game, options: dict[str, Any]) -> None:
    """Check the requested game options: each one the game has, settable online, a boolean,
    number, text or null, and the whole a valid configuration.

    Raises:
        LobbyError: naming ``options.<name>``, or ``options`` for the configuration."""
    known = {o["name"]: o for o in game.options()}
    for key, value in options.items():
        if key not in known:
            raise LobbyError(422, f"options.{key}", f"{game.title} has no option {key!r} (known: {', '.join(known)})")
        if not online_option(known[key]):
            raise LobbyError(422, f"options.{key}", "this option cannot be set on the server")
        if not isinstance(value, bool | int | str) and value is not None:
            raise LobbyError(422, f"options.{key}", "expected a boolean, a number, a text or null")
    try:
        game.make_config(**options)
    except ValueError as exc:
        raise LobbyError(422, "options", str(exc)) from None


def checked_seed(req: CreateTable, game: Game, players: int) -> int:
    """The requested seed, or a random 63-bit one; a game is dealt with it to be sure the
    options and the seed make one.

    Raises:
        LobbyError: a bad seed (``seed``), or a deal the options refuse (``options``)."""
    try:
        seed = verify_seed(req.seed) if req.seed is not None else secrets.randbits(63)
    except ValueError as exc:
        raise LobbyError(422, "seed", str(exc).split(": ", 1)[-1]) from None
    try:
        make(game.name, players=players, seed=seed, **req.options)
    except ValueError as exc:
        raise LobbyError(422, "options", str(exc)) from None
    return seed
