"""The ``regalia`` command: list, rules, play, simulate, replay."""

from __future__ import annotations

import datetime as dt
import json
import random
from pathlib import Path
from typing import Annotated, Any

import typer
from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn
from rich.table import Table

from regalia.bots import bot_names, make_bot
from regalia.bots.simulate import SimulationSpec, simulate, validate_spec
from regalia.cli.session import Quit, Session, save_record
from regalia.core.config import parse_option
from regalia.core.game import Game
from regalia.core.registry import games, get_game, make, replay

app = typer.Typer(
    name="regalia",
    help="Five royal card games by their published rules: play them, simulate bots, replay records.",
    no_args_is_help=True,
    add_completion=False,
)
console = Console()

GameArg = Annotated[str, typer.Argument(help="Game name (see `regalia list`).")]
OptionOpt = Annotated[list[str] | None, typer.Option("--option", "-o", help="A rule option, key=value (repeatable).")]


def _game(name: str) -> Game:
    try:
        return get_game(name)
    except ValueError as exc:
        raise typer.BadParameter(str(exc), param_hint="GAME") from None


def _options(game: Game, texts: list[str] | None, deck_file: Path | None = None) -> dict[str, Any]:
    options: dict[str, Any] = {}
    for text in texts or []:
        try:
            key, value = parse_option(game.config_class, text)
        except ValueError as exc:
            raise typer.BadParameter(str(exc), param_hint="--option") from None
        options[key] = value
    if deck_file is not None:
        if "deck_file" not in {o["name"] for o in game.options()}:
            raise typer.BadParameter(f"{game.title} has no replaceable deck list", param_hint="--deck")
        options["deck_file"] = str(deck_file)
    return options


def _players(game: Game, players: int | None) -> int:
    n = game.default_players if players is None else players
    try:
        return game.verify_players(n)
    except ValueError as exc:
        raise typer.BadParameter(str(exc), param_hint="--players") from None


def _best_bot(game: Game) -> str:
    names = set(game.bots())
    for name in ("search", "heuristic"):
        if name in names:
            return name
    return "random"


@app.command("list")
def list_games() -> None:
    """List the registered games."""
    table = Table(title="regalia games")
    table.add_column("name", style="cyan")
    table.add_column("title")
    table.add_column("players", justify="right")
    table.add_column("bots")
    for name in games():
        g = get_game(name)
        span = str(g.min_players) if g.min_players == g.max_players else f"{g.min_players}–{g.max_players}"
        table.add_row(name, g.title, span, ", ".join(bot_names(name)))
    console.print(table)


@app.command()
def rules(game: GameArg) -> None:
    """Show a game's summary, options, rulings, notation and deck provenance."""
    g = _game(game)
    console.print(
        f"[bold]{g.title}[/bold] ({g.name}), {g.min_players}–{g.max_players} players, rules version {g.rules_version}"
    )
    if g.source:
        console.print(f"[dim]Source:[/dim] {g.source}", highlight=False)
    if g.summary:
        console.print(f"\n{g.summary}", highlight=False)
    table = Table(title="Options")
    for col in ("option", "default", "choices", "ruling", "meaning"):
        table.add_column(col)
    for o in g.options():
        table.add_row(
            o["name"], repr(o["default"]), ", ".join(map(repr, o["choices"] or [])), o["ruling"] or "", o["doc"]
        )
    console.print(table)
    if g.rulings:
        rt = Table(title="Rulings")
        rt.add_column("id", style="cyan", no_wrap=True)
        rt.add_column("ruling")
        for r in g.rulings:
            rt.add_row(r.id, r.text + (f" (option `{r.option}`)" if r.option else ""))
        console.print(rt)
    if g.notation:
        console.print(f"\n[bold]Notation[/bold]\n{g.notation}", highlight=False)
    if g.provenance:
        console.print(f"\n[bold]Deck provenance[/bold]\n{g.provenance}", highlight=False)


def _series_direction(state: Any) -> str:
    return "lowest" if getattr(state.config, "scoring", "") == "lowest_wins" else "highest"


@app.command()
def play(
    game: GameArg,
    players: Annotated[int | None, typer.Option("--players", "-p", help="Number of seats.")] = None,
    seed: Annotated[int | None, typer.Option("--seed", "-s", help="Seed of the deal (random if omitted).")] = None,
    daily: Annotated[
        bool, typer.Option("--daily", help="Use today's date as the seed (the same deal for everyone today).")
    ] = False,
    humans: Annotated[
        int, typer.Option("--humans", help="Seats 0..H-1 are people at this terminal; the rest are bots.")
    ] = 1,
    bot: Annotated[str, typer.Option("--bot", help="Bot for the other seats (random, heuristic, ...).")] = "",
    option: OptionOpt = None,
    deck: Annotated[
        Path | None, typer.Option("--deck", help="Your own deck list file (games with a replaceable deck).")
    ] = None,
    record: Annotated[Path | None, typer.Option("--record", help="Save the game record (JSON) here.")] = None,
    target: Annotated[
        int, typer.Option("--target", help="With a scoring option: play a series to this many points.")
    ] = 100,
) -> None:
    """Play a game at the terminal against bots (or watch bots with --humans 0)."""
    g = _game(game)
    n = _players(g, players)
    if not 0 <= humans <= n:
        raise typer.BadParameter(f"must be between 0 and {n}", param_hint="--humans")
    options = _options(g, option, deck)
    if daily:
        if seed is not None:
            raise typer.BadParameter("give either --seed or --daily", param_hint="--daily")
        seed = int(dt.date.today().strftime("%Y%m%d"))
    bot_name = bot or _best_bot(g)
    try:
        make_bot(bot_name, g.name)
        state = make(g.name, players=n, seed=seed, **options)
    except ValueError as exc:
        raise typer.BadParameter(str(exc)) from None
    seat_bots = {s: make_bot(bot_name, g.name) for s in range(humans, n)}
    totals = [0] * n
    game_no = 1
    while True:
        if humans:
            console.print(
                f"[bold]{g.title}[/bold], {n} players, seed {state.seed}. Type [cyan]help[/cyan] for commands."
            )
        session = Session(state, humans, seat_bots, console, hint_bot=_best_bot(g), rng=random.Random(state.seed))
        try:
            final = session.run()
        except Quit:
            console.print("[yellow]stopped[/yellow]")
            if record is not None:
                save_record(session.state, record)
                console.print(f"record saved to {record}")
            raise typer.Exit(0) from None
        if humans == 0:
            console.rule("log")
            for e in session.log:
                if e.visible_to is None:
                    console.print(f"  {e.text}", highlight=False)
        console.rule("result")
        console.print(g.render_text(final.view(None)), highlight=False)
        winners = ", ".join(f"seat {w}" for w in final.winners) or "nobody"
        console.print(f"[bold]Winner: {winners}[/bold]  (turns: {final.turns}, moves: {len(final.history)})")
        if record is not None:
            path = record if game_no == 1 else record.with_name(f"{record.stem}-{game_no}{record.suffix}")
            save_record(final, path)
            console.print(f"record saved to {path}")
        scores = (final.result() or {}).get("scores")
        if not scores or getattr(final.config, "scoring", "none") == "none":
            return  # a single game: no scoring option chosen
        for i, s in enumerate(scores):
            totals[i] += int(s)
        console.print("Series totals: " + ", ".join(f"seat {i}: {t}" for i, t in enumerate(totals)))
        if max(totals) >= target:
            direction = _series_direction(final)
            best = min(totals) if direction == "lowest" else max(totals)
            champs = [i for i, t in enumerate(totals) if t == best]
            console.print(
                f"[bold]Series over ({direction} total wins): " + ", ".join(f"seat {c}" for c in champs) + "[/bold]"
            )
            return
        game_no += 1
        state = make(g.name, players=n, seed=state.seed + 1, **options)


@app.command("simulate")
def simulate_cmd(
    game: GameArg,
    games_: Annotated[int, typer.Option("--games", "-n", help="Number of games.")] = 100,
    players: Annotated[int | None, typer.Option("--players", "-p")] = None,
    seed: Annotated[int, typer.Option("--seed", "-s", help="Seed of game 0; game i uses seed+i.")] = 0,
    jobs: Annotated[int, typer.Option("--jobs", "-j", help="Worker processes.")] = 1,
    bots: Annotated[
        str, typer.Option("--bots", "--bot", help="Bot name for all seats, or one per seat, comma-separated.")
    ] = "random",
    rotate: Annotated[bool, typer.Option("--rotate", help="Rotate the bot list one seat per game.")] = False,
    option: OptionOpt = None,
    max_steps: Annotated[
        int | None, typer.Option("--max-steps", help="Truncate games after this many actions.")
    ] = None,
    as_json: Annotated[bool, typer.Option("--json", help="Print the statistics as JSON.")] = False,
) -> None:
    """Bots play many games; prints wins by seat, no-winner count, mean turns and steps, speed."""
    g = _game(game)
    n = _players(g, players)
    options = _options(g, option)
    names = tuple(b.strip() for b in bots.split(",") if b.strip())
    spec = SimulationSpec(g.name, n, names, seed, tuple(sorted(options.items())), rotate, max_steps)
    progress = Progress(
        TextColumn(f"{g.name}"),
        BarColumn(),
        MofNCompleteColumn(),
        TimeRemainingColumn(),
        console=Console(stderr=True),
        transient=True,
    )
    try:
        validate_spec(spec)
    except ValueError as exc:
        raise typer.BadParameter(str(exc)) from None
    with progress:
        task = progress.add_task("games", total=games_)
        stats = simulate(spec, games_, jobs, progress=lambda k: progress.update(task, completed=k))
    if as_json:
        print(json.dumps(stats, indent=1))
        return
    table = Table(title=f"{g.title}: {stats['games']} games, {n} players, bots {', '.join(names)}")
    table.add_column("statistic")
    table.add_column("value")
    for key, value in stats.items():
        table.add_row(key, json.dumps(value))
    console.print(table)


@app.command("replay")
def replay_cmd(
    file: Annotated[Path, typer.Argument(help="A game record (JSON) written by --record.")],
    seat: Annotated[
        int | None, typer.Option("--seat", help="Show the log as this seat saw it (default: a spectator).")
    ] = None,
) -> None:
    """Replay a game record and print its log."""
    try:
        data = json.loads(file.read_text())
    except (OSError, json.JSONDecodeError) as exc:
        raise typer.BadParameter(f"{file}: {exc}", param_hint="FILE") from None
    try:
        g = get_game(data.get("game", "")) if isinstance(data, dict) else None
        if g is None:
            raise ValueError("record: expected a JSON object")
        state = make(
            g.name, players=data["players"], seed=data["seed"], deck=data.get("deck"), **data.get("config", {})
        )
        replay(data)  # validates the whole record first
    except (ValueError, KeyError) as exc:
        raise typer.BadParameter(f"{file}: {exc}", param_hint="FILE") from None
    console.print(f"[bold]{g.title}[/bold], {state.num_players} players, seed {state.seed}")
    for i, text in enumerate(data["actions"]):
        for e in state.apply(text):
            if e.is_visible_to(seat):
                console.print(f"  {i:4d}  {e.text}", highlight=False)
    console.print(g.render_text(state.view(seat)), highlight=False)
    winners = ", ".join(f"seat {w}" for w in state.winners) or (
        "nobody" if state.is_terminal else "(game not finished)"
    )
    console.print(f"[bold]Winner: {winners}[/bold]")


def main() -> None:
    """Entry point of the ``regalia`` console script."""
    app()


if __name__ == "__main__":
    main()
