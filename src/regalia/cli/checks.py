"""Checks of the command line's arguments, each ending a bad one with a one-line error naming it.

Every check runs before anything is played or written, so a refused command has lost nothing.
"""

from __future__ import annotations

import json
import os
import re
from pathlib import Path
from typing import Any

from regalia.bots import make_bot
from regalia.bots.backends import BACKENDS
from regalia.cli.errors import core_fail, fail, strip_field
from regalia.core.config import parse_option
from regalia.core.errors import shown
from regalia.core.game import Game
from regalia.core.registry import get_game, make, verify_seed

MAX_RECORD_BYTES = 64 * 1024 * 1024
"""The largest file ``replay`` reads (a game record is a few kilobytes)."""
MAX_SEED = 2**64 - 1
MAX_JOBS_PER_CPU = 4
"""Local worker processes allowed per CPU of this machine (``--jobs``)."""

_SEAT = re.compile(r"[Pp]?([0-9]{1,4})")


def game_arg(name: str) -> Game:
    """The registered game called ``name`` (argument ``GAME``)."""
    try:
        return get_game(name)
    except ValueError as exc:
        fail("GAME", strip_field(str(exc), "game"))


def at_least(value: int | None, field: str, minimum: int = 1, what: str = "") -> None:
    """Refuse ``value`` below ``minimum`` (``None`` passes: the option was not given)."""
    if value is not None and value < minimum:
        fail(field, f"must be at least {minimum}{what}, not {value}")


def players_opt(game: Game, players: int | None) -> int:
    """The player count (``--players``; the game's default when not given)."""
    n = game.default_players if players is None else players
    try:
        return game.verify_players(n)
    except ValueError as exc:
        fail("--players", strip_field(str(exc), "players"))


def seed_opt(seed: int | None, games: int = 1, field: str = "--seed") -> int | None:
    """A seed for ``games`` consecutive deals (``seed .. seed + games - 1``), or ``None``."""
    if seed is None:
        return None
    try:
        verify_seed(seed)
    except ValueError as exc:
        fail(field, strip_field(str(exc), "seed"))
    if seed + games - 1 > MAX_SEED:
        fail(field, f"{games} deals from seed {seed} would pass the largest seed, 2**64 - 1")
    return seed


def rule_options(game: Game, texts: list[str] | None, deck_file: Path | None = None) -> dict[str, Any]:
    """The rule options given as ``--option key=value`` texts (and ``--deck FILE``), checked
    together by building the game's config."""
    options: dict[str, Any] = {}
    for text in texts or []:
        try:
            key, value = parse_option(game.config_class, text)
        except ValueError as exc:
            fail("--option", str(exc))
        options[key] = value
    try:
        game.make_config(**options)
    except ValueError as exc:
        fail("--option", str(exc))
    if deck_file is not None:
        if "deck_file" not in {o["name"] for o in game.options()}:
            fail("--deck", f"{game.title} has no replaceable deck list")
        if deck_file.is_dir():
            fail("--deck", f"{shown(str(deck_file), 200)} is a folder, not a deck list")
        if not deck_file.is_file():
            fail("--deck", f"{shown(str(deck_file), 200)}: no such file")
        options["deck_file"] = str(deck_file)
        try:
            game.make_config(**options)
        except ValueError as exc:
            fail("--deck", strip_field(str(exc), "deck_file", "deck"))
    return options


def check_deal(game: Game, players: int, seed: int | None, options: dict[str, Any]) -> None:
    """Deal one game with these arguments (so that a deck file is read and checked now)."""
    try:
        make(game.name, players=players, seed=seed, **options)
    except ValueError as exc:
        core_fail(
            exc,
            {"players": "--players", "seed": "--seed", "deck": "--deck", "deck_file": "--deck", "option": "--option"},
            "--deck" if "deck_file" in options else "--option",  # a deck file is read when dealing
        )


def bot_opt(spec: str, game: Game, field: str) -> str:
    """A bot name usable for ``game`` (``--bot``)."""
    if not spec.strip():
        fail(field, "name a bot (see `regalia bots`)")
    try:
        make_bot(spec.strip(), game.name)
    except ValueError as exc:
        fail(field, strip_field(str(exc), "bot", "bots") + "; see `regalia bots " + game.name + "`")
    return spec.strip()


def bot_list(text: str, game: Game, field: str = "--bots") -> tuple[str, ...]:
    """A comma-separated list of bot names, each usable for ``game``."""
    names = tuple(b.strip() for b in text.split(","))
    if not text.strip() or any(not b for b in names):
        fail(field, f"expected bot names separated by commas, got {shown(text)!r}")
    for name in dict.fromkeys(names):
        bot_opt(name, game, field)
    return names


def backend_opts(backend: str, address: str | None, jobs: int) -> None:
    """Check ``--backend``, ``--address`` and ``--jobs`` together."""
    if backend not in BACKENDS:
        fail("--backend", f"unknown backend {shown(backend)!r} (known: {', '.join(BACKENDS)})")
    if address is not None and backend != "ray":
        fail("--address", "only the ray backend takes an address (add --backend ray)")
    if address is not None and not address.strip():
        fail("--address", "empty address")
    at_least(jobs, "--jobs")
    if backend == "local":
        most = MAX_JOBS_PER_CPU * (os.cpu_count() or 1)
        if jobs > most:
            fail("--jobs", f"at most {most} local workers on this machine ({MAX_JOBS_PER_CPU} per CPU), not {jobs}")


def out_folder(path: Path | None, default: str, field: str = "--out") -> Path:
    """The output folder (``--out``): created now if missing; an existing folder is used and
    the files of the same names in it are replaced; an existing file is refused."""
    folder = path if path is not None else Path(default)
    if folder.exists() and not folder.is_dir():
        fail(field, f"{shown(str(folder), 200)} exists and is not a folder (give a folder for the results)")
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        fail(field, f"cannot create the folder {shown(str(folder), 200)}: {exc.strerror or exc}")
    if not os.access(folder, os.W_OK | os.X_OK):
        fail(field, f"cannot write in the folder {shown(str(folder), 200)}")
    return folder


def record_path(path: Path | None, field: str = "--record") -> Path | None:
    """Where a game record will be written: its folder must exist and be writable, the path must
    not be a folder (an existing file is replaced)."""
    if path is None:
        return None
    parent = path.parent if str(path.parent) else Path(".")
    if path.is_dir():
        fail(field, f"{shown(str(path), 200)} is a folder; give a file name such as {shown(str(path / 'game.json'))}")
    if not parent.is_dir():
        fail(field, f"the folder {shown(str(parent), 200)} does not exist (create it first)")
    if not os.access(parent, os.W_OK | os.X_OK) or (path.exists() and not os.access(path, os.W_OK)):
        fail(field, f"cannot write {shown(str(path), 200)}")
    return path


def read_json_file(path: Path, field: str = "FILE") -> Any:
    """The JSON value in a UTF-8 file (a record), refusing what is not one with a one-line error:
    a missing file, a folder, a file over :data:`MAX_RECORD_BYTES`, bytes that are not UTF-8
    (a binary or UTF-16 file), malformed or too deeply nested JSON."""
    name = shown(str(path), 200)
    try:
        if path.is_dir():
            fail(field, f"{name} is a folder, not a game record")
        size = path.stat().st_size
        if size > MAX_RECORD_BYTES:
            fail(field, f"{name}: {size:,} bytes is too large for a game record")
        raw = path.read_bytes()
    except OSError as exc:
        fail(field, f"{name}: {exc.strerror or exc}")
    try:
        text = raw.decode("utf-8-sig")
    except UnicodeDecodeError:
        fail(field, f"{name} is not a UTF-8 text file (a game record is JSON in UTF-8)")
    if "\x00" in text:
        fail(field, f"{name} is not a text file (a game record is JSON in UTF-8)")
    try:
        return json.loads(text)
    except json.JSONDecodeError as exc:
        fail(field, f"{name}: not JSON ({exc.msg} at line {exc.lineno}, column {exc.colno})")
    except RecursionError:
        fail(field, f"{name}: JSON nested too deeply for a game record")


def seat_opt(text: str | None, players: int, field: str = "--seat") -> int | None:
    """A seat written ``P1`` (or ``1``) in a game of ``players`` seats, or ``None`` (spectator)."""
    if text is None:
        return None
    m = _SEAT.fullmatch(text.strip())
    if m is None:
        fail(field, f"expected a seat such as P0, got {shown(text)!r}")
    seat = int(m.group(1))
    if seat >= players:
        fail(field, f"P{seat} is not a seat of this {players}-player game (P0 to P{players - 1})")
    return seat


__all__ = [
    "MAX_RECORD_BYTES",
    "at_least",
    "backend_opts",
    "bot_list",
    "bot_opt",
    "check_deal",
    "game_arg",
    "out_folder",
    "players_opt",
    "read_json_file",
    "record_path",
    "rule_options",
    "seat_opt",
    "seed_opt",
]
