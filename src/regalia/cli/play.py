"""``regalia play``: a game (or a scoring series) at the terminal, people against bots."""

from __future__ import annotations

import datetime as dt
import random
from pathlib import Path
from typing import Annotated, Any

import typer
from rich.text import Text

from regalia.bots import Bot, make_bot
from regalia.cli.app import GameArg, OptionOpt, PlayersOpt, app, console
from regalia.cli.checks import (
    at_least,
    bot_opt,
    check_deal,
    game_arg,
    players_opt,
    record_path,
    rule_options,
    seed_opt,
)
from regalia.cli.errors import RegaliaCommand, fail
from regalia.cli.info import BOT_HELP, bot_label, default_bot, stronger
from regalia.cli.lineinput import LineReader, PlainReader, make_reader
from regalia.cli.session import Quit, Session, legend_text, save_record
from regalia.core.game import Game
from regalia.core.registry import make
from regalia.core.state import State, seat_name
from regalia.series import Series, scoring_of


def daily_seed(day: dt.date | None = None) -> int:
    """The seed of ``--daily``: the date as the integer ``YYYYMMDD`` (``day`` defaults to today,
    in the local time zone), so everyone playing that day gets the same deal."""
    return int((day or dt.date.today()).strftime("%Y%m%d"))


def seating(humans: int, players: int, bot: str) -> str:
    """Who sits where, e.g. ``"P0 you · P1 ismcts:hard · P2 ismcts:hard"``."""
    who = "you" if humans == 1 else "person"
    return " · ".join(f"{seat_name(s)} {who if s < humans else bot}" for s in range(players))


def pack(entries: list[str], width: int, sep: str = " · ") -> list[str]:
    """``entries`` joined by ``sep`` into lines of at most ``width`` characters, never breaking
    inside an entry (``P2 ismcts:medium`` stays on one line; an entry wider than the line gets
    a line of its own)."""
    lines: list[str] = []
    line = ""
    for e in entries:
        if line and len(line) + len(sep) + len(e) > width:
            lines.append(line)
            line = e
        else:
            line = f"{line}{sep}{e}" if line else e
    if line:
        lines.append(line)
    return lines


def record_file(base: Path, game_no: int) -> Path:
    """Where game ``game_no`` (from 1) of a series is saved: ``base``, then ``NAME-2.json``, ..."""
    return base if game_no == 1 else base.with_name(f"{base.stem}-{game_no}{base.suffix}")


def result_line(state: State, seat: int | None) -> Text:
    """The last line of a game: its result as ``seat`` sees it (``State.prompt`` at the end:
    "P1 wins", or a solitaire's score), with the turns, moves and undos."""
    extra = f"turns {state.turns}, moves {len(state.history)}"
    if state.undos:
        extra += f", undos {state.undos}"
    return Text.assemble((state.prompt(seat), "bold"), f"  ({extra})")


def advice(state: State, humans: int, bot: str) -> str | None:
    """After a person beat the bots: the next level to try, or ``None``."""
    if humans == 0 or humans >= state.num_players:
        return None
    if not any(w < humans for w in state.winners):
        return None
    better = stronger(bot)
    if better is None:
        return None
    return f"You won against {bot}; try --bot {better} for a stronger opponent."


class _Table:
    """The parts of one ``play`` run that the game loop shares."""

    def __init__(self, game: Game, players: int, humans: int, bot: str, record: Path | None) -> None:
        self.game = game
        self.players = players
        self.humans = humans
        self.bot = bot
        self.record = record
        self.viewer = 0 if humans == 1 else None
        self.reader: LineReader = make_reader() if humans else PlainReader()
        self.bots: dict[int, Bot] = {s: make_bot(bot, game.name) for s in range(humans, players)}
        self.auto_forced = True

    def stopped(self, session: Session, game_no: int, series: Series | None) -> None:
        state = session.state
        console.rule(Text("stopped"))
        # the table without its last line, the pending decision: nobody decides any more
        console.print(Text(self.game.render_text({**state.view(self.viewer), "prompt": ""})))
        moves = len(state.history)
        undos = f" and {state.undos} undo{'s' if state.undos != 1 else ''}" if state.undos else ""
        console.print(
            Text(
                f"Stopped after {moves} move{'s' if moves != 1 else ''}{undos}; the game was not finished.",
                style="yellow",
            )
        )
        if series is not None:
            console.print(Text(f"Series after {len(series.games)} finished games: {series.standings()}"))
        if self.record is not None:
            path = record_file(self.record, game_no)
            save_record(state, path)
            console.print(Text(f"record saved to {path}"), soft_wrap=True)

    def finished(self, session: Session, game_no: int) -> None:
        state = session.state
        console.rule(Text("result"))
        # the table without its last line (the result, printed once below with the turns)
        console.print(Text(self.game.render_text({**state.view(self.viewer), "prompt": ""})))
        console.print(result_line(state, self.viewer))
        if self.record is not None:
            path = record_file(self.record, game_no)
            save_record(state, path)
            console.print(Text(f"record saved to {path}"), soft_wrap=True)


@app.command(cls=RegaliaCommand)
def play(
    game: GameArg,
    players: PlayersOpt = None,
    seed: Annotated[
        int | None, typer.Option("--seed", "-s", metavar="S", help="Seed of the deal, 0 or more (random if omitted).")
    ] = None,
    daily: Annotated[
        bool, typer.Option("--daily", help="Use today's date as the seed (the same deal for everyone today).")
    ] = False,
    humans: Annotated[
        int, typer.Option("--humans", metavar="H", help="Seats P0..P(H-1) are people at this terminal; the rest bots.")
    ] = 1,
    bot: Annotated[str | None, typer.Option("--bot", metavar="BOT", help=BOT_HELP)] = None,
    option: OptionOpt = None,
    deck: Annotated[
        Path | None, typer.Option("--deck", metavar="FILE", help="Your own deck list (games with a replaceable deck).")
    ] = None,
    record: Annotated[
        Path | None,
        typer.Option(
            "--record",
            metavar="FILE",
            help="Save the game record (JSON) here, also when you quit; an existing file is replaced. "
            "Games 2, 3, ... of a series go to FILE-2.json, ...",
        ),
    ] = None,
    target: Annotated[
        int | None,
        typer.Option(
            "--target",
            metavar="POINTS",
            help="With a scoring option (King's Blood -o scoring=winner_collects or lowest_wins): play a series "
            "until a total reaches POINTS (default 100).",
        ),
    ] = None,
    auto_forced: Annotated[
        bool,
        typer.Option(
            "--auto-forced/--ask-forced",
            help="Play your forced choices for you — the only legal choice, when taking it at once tells the "
            "other players nothing — saying so (default), or ask for them too. The auto command switches it.",
        ),
    ] = True,
) -> None:
    """Play a game at the terminal against bots (or watch bots with --humans 0)."""
    g = game_arg(game)
    n = players_opt(g, players)
    if not 0 <= humans <= n:
        fail("--humans", f"must be between 0 and {n} (the players), not {humans}")
    options = rule_options(g, option, deck)
    if daily:
        if seed is not None:
            fail("--daily", "give either --seed or --daily, not both")
        seed = daily_seed()
    at_least(target, "--target")
    scoring = scoring_of(g.name, options)
    if target is not None and scoring is None:
        fail("--target", f"a series needs a scoring option, and {g.title} is played unscored here")
    seed_opt(seed, games=1 if scoring is None else 10_000)
    spec = bot_opt(bot, g, "--bot") if bot is not None else default_bot(g)
    record = record_path(record)
    check_deal(g, n, seed, options)
    series = Series(g.name, players=n, target=target or 100, seed=seed, **options) if scoring else None
    table = _Table(g, n, humans, bot_label(spec, g), record)
    table.auto_forced = auto_forced
    _play(table, series, seed, options)


def _play(table: _Table, series: Series | None, seed: int | None, options: dict[str, Any]) -> None:
    g = table.game
    state = series.next_game() if series is not None else make(g.name, players=table.players, seed=seed, **options)
    n = table.players
    console.print(Text.assemble((g.title, "bold"), f", {n} player{'s' if n != 1 else ''}, seed {state.seed}."))
    for line in pack(seating(table.humans, n, table.bot).split(" · "), max(20, console.width)):
        console.print(Text(line), soft_wrap=True)
    if series is not None:
        console.print(
            Text(f"A series to {series.target} points ({series.scoring}: the {series.direction} total wins).")
        )
    if table.humans:
        console.print(Text("Legend", style="bold"))
        console.print(Text(legend_text(g)))
        console.print(
            Text.assemble("Type ", ("help", "cyan"), " for the commands, ", ("legend", "cyan"), " for this again.")
        )
    game_no = 1
    hint = default_bot(g)
    while True:
        session = Session(
            state,
            table.humans,
            table.bots,
            console,
            hint_bot=hint,
            rng=random.Random(state.seed),
            reader=table.reader,
            record=table.record,
            auto_forced=table.auto_forced,
        )
        try:
            final = session.run()
        except Quit:
            table.stopped(session, game_no, series)
            raise typer.Exit(0) from None
        finally:
            table.auto_forced = session.auto_forced  # the auto command lasts for the series
        table.finished(session, game_no)
        if series is None:
            tip = advice(final, table.humans, table.bot)
            if tip:
                console.print(Text(tip, style="green"))
            return
        series.add(final)
        if series.is_over:
            names = " and ".join(seat_name(s) for s in series.winners)
            console.print(
                Text(
                    f"Series over after {len(series.games)} games: {names} win{'s' if len(series.winners) == 1 else ''} "
                    f"— {series.standings()}",
                    style="bold",
                )
            )
            if table.humans and any(w < table.humans for w in series.winners):
                better = stronger(table.bot)
                if better is not None and table.humans < n:
                    console.print(Text(f"You won the series against {table.bot}; try --bot {better}.", style="green"))
            return
        console.print(Text(f"Series after {len(series.games)} games: {series.standings()}"))
        game_no += 1
        state = series.next_game()
        if table.humans:
            console.print(Text(f"Game {game_no} of the series, seed {state.seed}.", style="bold"))


__all__ = ["advice", "pack", "play", "record_file", "result_line", "seating"]
