"""The ``regalia`` command: list, rules, play, simulate, tournament, report, replay."""

from __future__ import annotations

import datetime as dt
import json
import random
from pathlib import Path
from typing import Annotated, Any

import typer
from rich.console import Console
from rich.markup import escape
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn
from rich.table import Table
from rich.text import Text

from regalia.bots import bot_names, make_bot
from regalia.bots.backends import BACKENDS, UnavailableError
from regalia.bots.simulate import SimulationSpec, simulate, validate_spec
from regalia.cli.session import Quit, Session, save_record
from regalia.core.config import parse_option
from regalia.core.game import Game
from regalia.core.registry import games, get_game, make, replay
from regalia.server.cli import serve

app = typer.Typer(
    name="regalia",
    help="Five royal card games by their published rules: play them, simulate bots, replay records.",
    no_args_is_help=True,
    add_completion=False,
)
console = Console()

GameArg = Annotated[str, typer.Argument(help="Game name (see `regalia list`).")]
OptionOpt = Annotated[list[str] | None, typer.Option("--option", "-o", help="A rule option, key=value (repeatable).")]
JobsOpt = Annotated[
    int, typer.Option("--jobs", "-j", help="Parallel workers (local processes, or CPUs of a private Ray).")
]
BackendOpt = Annotated[
    str, typer.Option("--backend", help="Where games run: local (processes) or ray (needs the ray extra).")
]
AddressOpt = Annotated[
    str | None, typer.Option("--address", help="Ray cluster address (auto, host:6379, ray://host:10001).")
]


def _check_backend(backend: str, address: str | None, jobs: int) -> None:
    if backend not in BACKENDS:
        raise typer.BadParameter(f"unknown backend {backend!r} (known: {', '.join(BACKENDS)})", param_hint="--backend")
    if address is not None and backend != "ray":
        raise typer.BadParameter("only the ray backend takes an address", param_hint="--address")
    if jobs < 1:
        raise typer.BadParameter("must be at least 1", param_hint="--jobs")


def _missing(exc: UnavailableError) -> typer.Exit:
    Console(stderr=True).print(f"[red]error:[/red] {escape(str(exc))}", highlight=False)
    return typer.Exit(1)


def _progress(label: str) -> Progress:
    return Progress(
        TextColumn(label),
        BarColumn(),
        MofNCompleteColumn(),
        TimeRemainingColumn(),
        console=Console(stderr=True),
        transient=True,
    )


def _bot_list(text: str) -> tuple[str, ...]:
    return tuple(b.strip() for b in text.split(",") if b.strip())


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
        console.print(f"[dim]Source:[/dim] {escape(g.source)}", highlight=False)
    if g.summary:
        console.print(Text(f"\n{g.summary}"))
    table = Table(title="Options")
    for col in ("option", "default", "choices", "ruling", "meaning"):
        table.add_column(col)
    for o in g.options():
        table.add_row(
            o["name"], repr(o["default"]), ", ".join(map(repr, o["choices"] or [])), o["ruling"] or "", Text(o["doc"])
        )
    console.print(table)
    if g.rulings:
        rt = Table(title="Rulings")
        rt.add_column("id", style="cyan", no_wrap=True)
        rt.add_column("ruling")
        for r in g.rulings:
            rt.add_row(r.id, Text(r.text + (f" (option `{r.option}`)" if r.option else "")))
        console.print(rt)
    if g.notation:
        console.print("\n[bold]Notation[/bold]")
        console.print(Text(g.notation))
    if g.provenance:
        console.print("\n[bold]Deck provenance[/bold]")
        console.print(Text(g.provenance))


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
                f"[bold]{g.title}[/bold], {n} player{'s' if n != 1 else ''}, seed {state.seed}. Type [cyan]help[/cyan] for commands."
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
                    console.print(Text(f"  {e.text}"))
        console.rule("result")
        console.print(Text(g.render_text(final.view(None))))
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
    jobs: JobsOpt = 1,
    bots: Annotated[
        str, typer.Option("--bots", "--bot", help="Bot name for all seats, or one per seat, comma-separated.")
    ] = "random",
    rotate: Annotated[bool, typer.Option("--rotate", help="Rotate the bot list one seat per game.")] = False,
    option: OptionOpt = None,
    max_steps: Annotated[
        int | None, typer.Option("--max-steps", help="Truncate games after this many actions.")
    ] = None,
    as_json: Annotated[bool, typer.Option("--json", help="Print the statistics as JSON.")] = False,
    backend: BackendOpt = "local",
    address: AddressOpt = None,
) -> None:
    """Bots play many games; prints wins by seat, no-winner count, mean turns and steps, speed."""
    g = _game(game)
    n = _players(g, players)
    options = _options(g, option)
    _check_backend(backend, address, jobs)
    names = _bot_list(bots)
    spec = SimulationSpec(g.name, n, names, seed, tuple(sorted(options.items())), rotate, max_steps)
    progress = _progress(g.name)
    try:
        validate_spec(spec)
    except ValueError as exc:
        raise typer.BadParameter(str(exc)) from None
    try:
        with progress:
            task = progress.add_task("games", total=games_)
            stats = simulate(
                spec,
                games_,
                jobs,
                progress=lambda k: progress.update(task, completed=k),
                backend=backend,
                address=address,
            )
    except UnavailableError as exc:
        raise _missing(exc) from None
    if as_json:
        print(json.dumps(stats, indent=1))
        return
    table = Table(title=f"{g.title}: {stats['games']} games, {n} players, bots {', '.join(names)}")
    table.add_column("statistic")
    table.add_column("value")
    for key, value in stats.items():
        table.add_row(key, json.dumps(value))
    console.print(table)


def _ci(pair: list[Any], digits: int = 3) -> str:
    if not pair or pair[0] is None:
        return ""
    return f"[{pair[0]:.{digits}f}, {pair[1]:.{digits}f}]"


@app.command("tournament")
def tournament_cmd(
    game: GameArg,
    bots: Annotated[
        str,
        typer.Option(
            "--bots", help="The entrants, comma-separated (at least one per seat; repeat a name to enter it twice)."
        ),
    ],
    games_: Annotated[
        int, typer.Option("--games", "-n", help="Number of deals; each is replayed once per seating.")
    ] = 20,
    players: Annotated[int | None, typer.Option("--players", "-p")] = None,
    seed: Annotated[int, typer.Option("--seed", "-s", help="Seed of deal 0; deal i uses seed+i.")] = 0,
    seatings: Annotated[
        str,
        typer.Option("--seatings", help="rotations (P cyclic seatings per deal) or permutations (all P! seatings)."),
    ] = "rotations",
    option: OptionOpt = None,
    max_steps: Annotated[
        int | None, typer.Option("--max-steps", help="Truncate games after this many actions.")
    ] = None,
    out: Annotated[
        Path | None,
        typer.Option("--out", help="Folder for tournament.json, standings.csv, games.csv (default tournament-GAME)."),
    ] = None,
    jobs: JobsOpt = 1,
    backend: BackendOpt = "local",
    address: AddressOpt = None,
    as_json: Annotated[bool, typer.Option("--json", help="Print the standings as JSON.")] = False,
) -> None:
    """Bots play duplicate deals with rotated seats; prints openskill ratings with 95% intervals."""
    from regalia.bots.tournament import TournamentSpec, run_tournament, verify, write_results

    g = _game(game)
    n = _players(g, players)
    options = _options(g, option)
    _check_backend(backend, address, jobs)
    spec = TournamentSpec(g.name, n, _bot_list(bots), games_, seed, tuple(sorted(options.items())), seatings, max_steps)
    try:
        verify(spec)
    except ValueError as exc:
        raise typer.BadParameter(str(exc)) from None
    except UnavailableError as exc:
        raise _missing(exc) from None
    progress = _progress(f"{g.name} tournament")
    try:
        with progress:
            task = progress.add_task("games", total=spec.games)
            results = run_tournament(
                spec, jobs, backend, address, progress=lambda k: progress.update(task, completed=k)
            )
    except UnavailableError as exc:  # (bad input was refused by verify: errors now are the engine's)
        raise _missing(exc) from None
    folder = out if out is not None else Path(f"tournament-{g.name}")
    paths = write_results(results, folder)
    if as_json:
        print(json.dumps(results["standings"], indent=1))
        return
    table = Table(
        title=(
            f"{g.title}: {spec.deals} deals × {spec.games_per_deal} seatings = {results['games']} games, {n} players"
        )
    )
    table.add_column("rank")
    table.add_column("entrant", no_wrap=True)
    for col in ("games", "wins", "win rate [95%]", "mean return [95%, over deals]", "rating mu [95%]"):
        table.add_column(col)
    for r in results["standings"]:
        table.add_row(
            str(r["rank"]),
            r["label"],
            str(r["games"]),
            str(r["wins"]),
            f"{r['win_rate']:.3f} {_ci(r['win_rate_ci95'])}",
            f"{r['mean_return']:.3f} {_ci(r['mean_return_ci95'])}",
            f"{r['mu']:.2f} {_ci(r['mu_ci95'], 1)}",
        )
    console.print(table)
    console.print(
        f"by seat wins {results['by_seat']['wins']}, no winner {results['no_winner']}, "
        f"truncated {results['truncated']}, {results['seconds']} s"
    )
    console.print("saved " + ", ".join(str(p) for p in paths.values()), highlight=False)


@app.command("report")
def report_cmd(
    game: GameArg,
    games_: Annotated[int, typer.Option("--games", "-n", help="Number of games.")] = 1000,
    players: Annotated[int | None, typer.Option("--players", "-p")] = None,
    seed: Annotated[int, typer.Option("--seed", "-s", help="Seed of game 0; game i uses seed+i.")] = 0,
    bots: Annotated[
        str,
        typer.Option("--bots", "--bot", help="Bot for all seats, or one per seat (then rotated one seat per game)."),
    ] = "random",
    zone: Annotated[
        str, typer.Option("--zone", help="Seat zone whose opening cards are scored (zone names ZONE:seat).")
    ] = "hand",
    option: OptionOpt = None,
    max_steps: Annotated[
        int | None, typer.Option("--max-steps", help="Truncate games after this many actions.")
    ] = None,
    out: Annotated[
        Path | None, typer.Option("--out", help="Folder for report.json and the PNG plots (default report-GAME).")
    ] = None,
    top: Annotated[int, typer.Option("--top", help="Cards shown at each end of the table and plot.")] = 10,
    plots: Annotated[bool, typer.Option("--plots/--no-plots", help="Draw the PNG plots (matplotlib).")] = True,
    jobs: JobsOpt = 1,
    backend: BackendOpt = "local",
    address: AddressOpt = None,
    as_json: Annotated[bool, typer.Option("--json", help="Print the report as JSON.")] = False,
) -> None:
    """Balance report: first-player advantage, game length, no-winner and truncation rates, and the
    win-rate impact of each card held at the start; as a table, JSON and PNG plots."""
    from regalia.bots.backends import require
    from regalia.bots.report import balance, collect, write_plots

    g = _game(game)
    n = _players(g, players)
    options = _options(g, option)
    _check_backend(backend, address, jobs)
    if games_ < 1:
        raise typer.BadParameter("must be at least 1", param_hint="--games")
    names = _bot_list(bots)
    spec = SimulationSpec(
        g.name, n, names, seed, tuple(sorted(options.items())), len(names) > 1, max_steps, opening_zone=zone
    )
    try:
        if plots:
            require("matplotlib", "report", "drawing report plots")
        validate_spec(spec)
    except ValueError as exc:
        raise typer.BadParameter(str(exc)) from None
    except UnavailableError as exc:
        raise _missing(exc) from None
    progress = _progress(f"{g.name} report")
    try:
        with progress:
            task = progress.add_task("games", total=games_)
            summaries = collect(
                spec, games_, jobs, backend, address, progress=lambda k: progress.update(task, completed=k)
            )
    except UnavailableError as exc:
        raise _missing(exc) from None
    report = balance(spec, summaries)
    folder = out if out is not None else Path(f"report-{g.name}")
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "report.json").write_text(json.dumps(report, indent=1) + "\n")
    paths = write_plots(report, folder, top) if plots else {}
    if as_json:
        print(json.dumps(report, indent=1))
        return
    _print_report(g, report, top)
    saved = [folder / "report.json", *paths.values()]
    console.print("saved " + ", ".join(str(p) for p in saved), highlight=False)


def _print_report(g: Game, report: dict[str, Any], top: int) -> None:
    table = Table(
        title=f"{g.title}: {report['games']} games, {report['players']} players, bots {', '.join(report['bots'])}"
    )
    table.add_column("seat")
    table.add_column("wins")
    table.add_column("win rate (95%)")
    table.add_column("mean return")
    for s in report["seats"]:
        table.add_row(
            str(s["seat"]), str(s["wins"]), f"{s['win_rate']:.3f} {_ci(s['win_rate_ci95'])}", f"{s['mean_return']:.3f}"
        )
    console.print(table)
    fp = report["first_player"]
    console.print(
        f"first player: win rate {fp['win_rate']:.3f} {_ci(fp['win_rate_ci95'])}, fair share {fp['fair_share']:.3f}, "
        f"advantage {fp['advantage']:+.3f}"
    )
    console.print(
        f"no winner: {report['no_winner']['count']} ({report['no_winner']['rate']:.3f}); "
        f"truncated: {report['truncated']['count']} ({report['truncated']['rate']:.3f})"
    )
    length = Table(title="game length")
    for col in ("", "mean", "stdev", "min", "p10", "median", "p90", "max"):
        length.add_column(col)
    for key in ("turns", "steps"):
        d = report[key]
        length.add_row(key, *(f"{d[k]:g}" for k in ("mean", "stdev", "min", "p10", "median", "p90", "max")))
    console.print(length)
    cards = report["cards"]
    if not cards:
        console.print(f"no card statistics: the game has no zones named {report['zone']}:SEAT at the start")
        return
    shown = cards if len(cards) <= 2 * top else cards[:top] + cards[-top:]
    ct = Table(title=f"card impact: win rate when held in {report['zone']} at the start minus expected")
    for col in ("card", "held", "win rate (95%)", "expected", "impact"):
        ct.add_column(col)
    for i, c in enumerate(shown):
        if len(cards) > 2 * top and i == top:
            ct.add_row("…", "", "", "", "")
        ct.add_row(
            c["card"],
            str(c["held"]),
            f"{c['win_rate']:.3f} {_ci(c['win_rate_ci95'])}",
            f"{c['expected']:.3f}",
            f"{c['impact']:+.3f}",
        )
    console.print(ct)


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
                console.print(Text(f"  {i:4d}  {e.text}"))
    console.print(Text(g.render_text(state.view(seat))))
    winners = ", ".join(f"seat {w}" for w in state.winners) or (
        "nobody" if state.is_terminal else "(game not finished)"
    )
    console.print(f"[bold]Winner: {winners}[/bold]")


app.command("serve")(serve)


def main() -> None:
    """Entry point of the ``regalia`` console script."""
    app()


if __name__ == "__main__":
    main()
