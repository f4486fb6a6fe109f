"""``regalia list``, ``regalia rules GAME`` and ``regalia bots [GAME]``, and the choice of the
default opponent.

The default opponent of ``play`` (and the bot behind ``hint``) is the strongest bot that answers
within about a second a move on one core: a game's own ``search`` bot where it has one (King's
Family), else ``ismcts:hard``. Measured with ``benchmarks/move_time.py`` (4 players, seat 0 against
three heuristic bots, 3 games per game, CPU seconds a decision): mean 0.25–0.43 s, 95th percentile
0.45–0.95 s, longest 0.49–1.13 s (``docs/bots.md``, "The terminal's default opponent").
"""

from __future__ import annotations

from typing import Annotated

import typer
from rich.table import Table
from rich.text import Text

from regalia.bots import bot_names, make_bot
from regalia.cli.app import GameArg, app, console
from regalia.cli.checks import game_arg
from regalia.cli.errors import RegaliaCommand
from regalia.core.game import Game
from regalia.core.registry import game_names, get_game
from regalia.native import compiled

DEFAULT_SEARCH = "ismcts:hard" if compiled() else "ismcts:medium"
"""The default opponent in a game without a search bot of its own: the strongest level that
answers within about a second a move on one core — ``hard`` on the compiled build, ``medium``
(the same rollouts' time) on the pure one (``docs/bots.md``, "The terminal's default opponent")."""
LADDER = ("random", "heuristic", "ismcts:easy", "ismcts:medium", "ismcts:hard", "ismcts:2000")
"""The generic bots from weakest to strongest (``docs/bots.md``, "The ladder"); ``ismcts:2000``
is about twice ``hard``'s rollouts and time."""
BOT_HELP = (
    "Bot for the other seats: random, heuristic, ismcts:easy, ismcts:medium, ismcts:hard, "
    "ismcts:N (N rollouts a move), ismcts:Ns (N seconds a move), or the game's own (King's Family: "
    f"search). Default: the game's own search bot, else {DEFAULT_SEARCH} (about 1 s a move or less "
    "on this build). `regalia bots GAME` lists them."
)

_DESCRIPTIONS = {
    "random": "a uniformly random legal action",
    "heuristic": "the game's rules of thumb, from its own seat's view",
    "search": "the game's own search (King's Family: Monte Carlo over the draw order; search:N, search:Ns)",
    "ismcts": "information-set Monte Carlo search, levels easy / medium / hard, N rollouts or Ns seconds",
}
_LEVELS = (
    ("ismcts:easy", "240 rollouts a move (scaled by the game); about 0.1 s compiled, 0.1–0.2 s pure"),
    ("ismcts:medium", "480 rollouts a move; about 0.15–0.25 s compiled, 0.3 s pure"),
    ("ismcts:hard", "960 rollouts a move; about 0.25–0.5 s compiled (at most about 1 s), twice that pure"),
)


def default_bot(game: Game) -> str:
    """The default opponent (and hint bot) of ``game``: its own ``search`` bot if it has one,
    else :data:`DEFAULT_SEARCH`."""
    return "search" if "search" in game.bots() else DEFAULT_SEARCH


def bot_label(spec: str, game: Game) -> str:
    """How a bot is named on screen: ``ismcts`` is ``ismcts:medium``; a spec with a level as given."""
    if ":" in spec:
        return spec
    return str(getattr(make_bot(spec, game.name), "name", spec))


def stronger(label: str) -> str | None:
    """A stronger bot to suggest after a person beat ``label`` (the next rung of
    :data:`LADDER`, or twice the rollouts of ``ismcts:N``), or ``None``."""
    if label in LADDER[:-1]:
        return LADDER[LADDER.index(label) + 1]
    name, _, level = label.partition(":")
    if name == "ismcts" and level.isascii() and level.isdigit():
        return f"ismcts:{2 * int(level)}"
    return None


def option_text(value: object) -> str:
    """An option value as it is typed after ``--option key=``: ``true``, ``none``, ``3``, ``lowest_wins``."""
    if value is None:
        return "none"
    if isinstance(value, bool):
        return "true" if value else "false"
    return str(value)


@app.command("list", cls=RegaliaCommand)
def list_games() -> None:
    """List the games with their player counts and bots, and which build of the rules is loaded."""
    build = "compiled with mypyc" if compiled() else "pure Python (REGALIA_MYPYC=1 pip install -e . compiles it)"
    table = Table(title="regalia games", caption=f"rules build: {build}")
    table.add_column("name", style="cyan")
    table.add_column("title")
    table.add_column("players", justify="right")
    table.add_column("bots")
    for name in game_names():
        g = get_game(name)
        span = str(g.min_players) if g.min_players == g.max_players else f"{g.min_players}–{g.max_players}"
        table.add_row(name, g.title, span, ", ".join(bot_names(name)))
    console.print(table)


@app.command(cls=RegaliaCommand)
def rules(game: GameArg) -> None:
    """Show a game's summary, options, rulings, notation, legend and deck provenance."""
    g = game_arg(game)
    console.print(
        Text.assemble(
            (g.title, "bold"), f" ({g.name}), {g.min_players}–{g.max_players} players, rules version {g.rules_version}"
        )
    )
    if g.source:
        console.print(Text.assemble(("Source: ", "dim"), g.source))
    if g.summary:
        console.print(Text(f"\n{g.summary}"))
    table = Table(title="Options")
    for col in ("option", "default", "choices", "ruling", "meaning"):
        table.add_column(col)
    for o in g.options():
        choices = ", ".join(option_text(c) for c in o["choices"] or [])
        table.add_row(o["name"], option_text(o["default"]), choices, o["ruling"] or "", Text(o["doc"]))
    console.print(table)
    if g.rulings:
        rt = Table(title="Rulings")
        rt.add_column("id", style="cyan", no_wrap=True)
        rt.add_column("ruling")
        for r in g.rulings:
            rt.add_row(r.id, Text(r.text + (f" (option `{r.option}`)" if r.option else "")))
        console.print(rt)
    for title, text in (("Notation", g.notation), ("Legend", g.legend), ("Deck provenance", g.provenance)):
        if text:
            console.print(Text(f"\n{title}", style="bold"))
            console.print(Text(text))


@app.command("bots", cls=RegaliaCommand)
def bots_cmd(
    game: Annotated[
        str | None, typer.Argument(metavar="GAME", help="A game name: only its bots and its default.")
    ] = None,
) -> None:
    """List the bots, the ismcts levels and each game's default opponent."""
    names = [game_arg(game).name] if game is not None else game_names()
    table = Table(title="bots (weakest to strongest: random < heuristic < ismcts:easy < medium < hard)")
    table.add_column("bot", style="cyan", no_wrap=True)
    table.add_column("what it is")
    table.add_column("games")
    every = sorted({b for n in names for b in bot_names(n)}, key=lambda b: (b != "random", b != "heuristic", b))
    for b in every:
        where = [n for n in names if b in bot_names(n)]
        table.add_row(b, _DESCRIPTIONS.get(b, ""), "all" if len(where) == len(names) > 1 else ", ".join(where))
    for level, text in _LEVELS:
        table.add_row(level, text, "all" if len(names) > 1 else names[0])
    console.print(table)
    defaults = ", ".join(f"{n}: {default_bot(get_game(n))}" for n in names)
    console.print(Text(f"Default opponent and hint bot — {defaults}."))


__all__ = ["BOT_HELP", "DEFAULT_SEARCH", "LADDER", "bot_label", "default_bot", "stronger"]
