"""``regalia simulate``, ``tournament`` and ``report``: many bot games, their statistics.

Every argument is checked before the first game starts (a bad one ends with one line naming it
and exit status 2); an output folder is created or checked before the run, so a long run never
ends unable to save.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Annotated, Any

import typer
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn
from rich.table import Table
from rich.text import Text

from regalia.bots.backends import UnavailableError, require
from regalia.bots.report import balance, card_tests_text, collect, write_plots
from regalia.bots.simulate import SimulationSpec, simulate, validate_spec
from regalia.bots.tournament import TournamentSpec, run_tournament, verify, write_results
from regalia.cli.app import (
    AddressOpt,
    BackendOpt,
    GameArg,
    JobsOpt,
    MaxStepsOpt,
    OptionOpt,
    PlayersOpt,
    app,
    console,
    err_console,
)
from regalia.cli.checks import (
    at_least,
    backend_opts,
    bot_list,
    check_deal,
    game_arg,
    out_folder,
    players_opt,
    rule_options,
    seed_opt,
)
from regalia.cli.errors import RegaliaCommand, core_fail, fail
from regalia.core.game import Game
from regalia.core.registry import make
from regalia.core.state import seat_name

_SPEC_FIELDS = {
    "players": "--players",
    "seed": "--seed",
    "bots": "--bots",
    "bot": "--bots",
    "games": "--games",
    "seatings": "--seatings",
    "max_steps": "--max-steps",
    "jobs": "--jobs",
    "option": "--option",
}

SeedOpt = Annotated[int, typer.Option("--seed", "-s", metavar="S", help="Seed of game 0 (0 or more); game i uses S+i.")]
JsonOpt = Annotated[bool, typer.Option("--json", help="Print the results as JSON on standard output.")]


def _missing(exc: UnavailableError) -> typer.Exit:
    """Exit status 1, with the missing package or cluster in one line."""
    err_console.print(Text.assemble(("error: ", "red"), str(exc)), soft_wrap=True)
    return typer.Exit(1)


def _progress(label: str) -> Progress:
    return Progress(
        TextColumn(label),
        BarColumn(),
        MofNCompleteColumn(),
        TimeRemainingColumn(),
        console=err_console,
        transient=True,
        disable=not err_console.is_terminal,  # a bar only on a terminal, never in a log or a pipe
    )


def plain(value: Any) -> str:
    """A statistic in words rather than Python syntax: per-seat lists as ``P0 6, P1 0``, dicts as
    ``key value; ...``, a mean with its interval as ``0.512 [0.43, 0.59]``."""
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, float):
        return f"{value:.4g}"
    if isinstance(value, dict):
        if set(value) >= {"mean", "ci95"}:
            rest = "".join(f", {k} {plain(v)}" for k, v in value.items() if k not in ("mean", "ci95"))
            return f"{plain(value['mean'])} {_ci(value['ci95'])}{rest}"
        return "; ".join(f"{str(k).replace('_', ' ')} {plain(v)}" for k, v in value.items())
    if isinstance(value, list):
        if value and all(isinstance(v, (int, float)) and not isinstance(v, bool) for v in value):
            return ", ".join(f"{seat_name(i)} {plain(v)}" for i, v in enumerate(value))
        return ", ".join(plain(v) for v in value)
    return str(value)


def _ci(pair: Any, digits: int = 3) -> str:
    if not isinstance(pair, (list, tuple)) or len(pair) != 2 or pair[0] is None:
        return ""
    return f"[{pair[0]:.{digits}f}, {pair[1]:.{digits}f}]"


def _spec_checks(game: Game, players: int | None, games: int, seed: int, max_steps: int | None) -> int:
    n = players_opt(game, players)
    at_least(games, "--games")
    seed_opt(seed, games)
    at_least(max_steps, "--max-steps")
    return n


def _validate(spec: SimulationSpec) -> None:
    try:
        validate_spec(spec)
    except ValueError as exc:
        core_fail(exc, _SPEC_FIELDS, "--bots")


@app.command("simulate", cls=RegaliaCommand)
def simulate_cmd(
    game: GameArg,
    games_: Annotated[int, typer.Option("--games", "-n", metavar="N", help="Number of games (at least 1).")] = 100,
    players: PlayersOpt = None,
    seed: SeedOpt = 0,
    jobs: JobsOpt = 1,
    bots: Annotated[
        str,
        typer.Option(
            "--bots", "--bot", metavar="A,B,...", help="Bot name for all seats, or one per seat, comma-separated."
        ),
    ] = "random",
    rotate: Annotated[bool, typer.Option("--rotate", help="Rotate the bot list one seat per game.")] = False,
    option: OptionOpt = None,
    max_steps: MaxStepsOpt = None,
    as_json: JsonOpt = False,
    backend: BackendOpt = "local",
    address: AddressOpt = None,
) -> None:
    """Bots play many games; prints wins by seat, no-winner count, mean turns and steps, speed.
    With --json, a closed standard output (`| head`) ends the command quietly with status 141."""
    g = game_arg(game)
    n = _spec_checks(g, players, games_, seed, max_steps)
    options = rule_options(g, option)
    backend_opts(backend, address, jobs)
    names = bot_list(bots, g)
    spec = SimulationSpec(g.name, n, names, seed, tuple(sorted(options.items())), rotate, max_steps)
    _validate(spec)
    progress = _progress(g.name)
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
    table = Table(
        title=f"{g.title}: {stats['games']} games, {n} player{'s' if n != 1 else ''}, bots {', '.join(names)}"
    )
    table.add_column("statistic")
    table.add_column("value")
    for key, value in stats.items():
        table.add_row(key.replace("_", " "), Text(plain(value)))
    console.print(table)


@app.command("tournament", cls=RegaliaCommand)
def tournament_cmd(
    game: GameArg,
    bots: Annotated[
        str,
        typer.Option(
            "--bots",
            metavar="A,B,...",
            help="The entrants, comma-separated (at least one per seat; repeat a name to enter it twice).",
        ),
    ],
    games_: Annotated[
        int, typer.Option("--games", "-n", metavar="N", help="Number of deals; each is replayed once per seating.")
    ] = 20,
    players: PlayersOpt = None,
    seed: Annotated[int, typer.Option("--seed", "-s", metavar="S", help="Seed of deal 0; deal i uses S+i.")] = 0,
    seatings: Annotated[
        str,
        typer.Option(
            "--seatings", metavar="rotations|permutations", help="P cyclic seatings per deal, or all P! seatings."
        ),
    ] = "rotations",
    option: OptionOpt = None,
    max_steps: MaxStepsOpt = None,
    out: Annotated[
        Path | None,
        typer.Option(
            "--out",
            metavar="DIR",
            help="Folder for tournament.json, standings.csv and games.csv (default tournament-GAME); created if "
            "missing, files of those names in it are replaced; an existing file is refused.",
        ),
    ] = None,
    jobs: JobsOpt = 1,
    backend: BackendOpt = "local",
    address: AddressOpt = None,
    as_json: JsonOpt = False,
) -> None:
    """Bots play duplicate deals with rotated seats; prints openskill ratings with 95% intervals."""
    g = game_arg(game)
    n = _spec_checks(g, players, games_, seed, max_steps)
    options = rule_options(g, option)
    backend_opts(backend, address, jobs)
    names = bot_list(bots, g)
    spec = TournamentSpec(g.name, n, names, games_, seed, tuple(sorted(options.items())), seatings, max_steps)
    try:
        verify(spec)
    except ValueError as exc:
        core_fail(exc, _SPEC_FIELDS, "--bots")
    except UnavailableError as exc:
        raise _missing(exc) from None
    folder = out_folder(out, f"tournament-{g.name}")
    progress = _progress(f"{g.name} tournament")
    try:
        with progress:
            task = progress.add_task("games", total=spec.games)
            results = run_tournament(
                spec, jobs, backend, address, progress=lambda k: progress.update(task, completed=k)
            )
    except UnavailableError as exc:  # (bad input was refused by verify: errors now are the engine's)
        raise _missing(exc) from None
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
        Text(
            f"wins by seat: {plain(results['by_seat']['wins'])}; no winner {results['no_winner']}, "
            f"truncated {results['truncated']}, {results['seconds']} s"
        )
    )
    console.print(Text("saved " + ", ".join(str(p) for p in paths.values())), soft_wrap=True)


def seat_zones(game: Game, players: int, options: dict[str, Any]) -> list[str]:
    """The zone names that hold cards per seat (``hand`` for zones ``hand:0``, ``hand:1``, ...)."""
    zones = make(game.name, players=players, seed=0, **options).zones()
    out: dict[str, None] = {}
    for key in zones:
        head, _, seat = key.rpartition(":")
        if head and seat.isascii() and seat.isdigit():
            out[head] = None
    return list(out)


@app.command("report", cls=RegaliaCommand)
def report_cmd(
    game: GameArg,
    games_: Annotated[int, typer.Option("--games", "-n", metavar="N", help="Number of games (at least 1).")] = 1000,
    players: PlayersOpt = None,
    seed: SeedOpt = 0,
    bots: Annotated[
        str,
        typer.Option(
            "--bots",
            "--bot",
            metavar="A,B,...",
            help="Bot for all seats, or one per seat (then rotated one seat per game).",
        ),
    ] = "random",
    zone: Annotated[
        str,
        typer.Option(
            "--zone", metavar="ZONE", help="Seat zone whose opening cards are scored (zones named ZONE:seat)."
        ),
    ] = "hand",
    option: OptionOpt = None,
    max_steps: MaxStepsOpt = None,
    out: Annotated[
        Path | None,
        typer.Option(
            "--out",
            metavar="DIR",
            help="Folder for report.json and the PNG plots (default report-GAME); created if missing, files of "
            "those names in it are replaced; an existing file is refused.",
        ),
    ] = None,
    top: Annotated[int, typer.Option("--top", metavar="K", help="Cards shown at each end of the table and plot.")] = 10,
    plots: Annotated[bool, typer.Option("--plots/--no-plots", help="Draw the PNG plots (matplotlib).")] = True,
    jobs: JobsOpt = 1,
    backend: BackendOpt = "local",
    address: AddressOpt = None,
    as_json: JsonOpt = False,
) -> None:
    """Balance report: first-player advantage, game length, no-winner and truncation rates, and the
    win-rate impact of each card held at the start; as a table, JSON and PNG plots."""
    g = game_arg(game)
    n = _spec_checks(g, players, games_, seed, max_steps)
    options = rule_options(g, option)
    backend_opts(backend, address, jobs)
    at_least(top, "--top")
    names = bot_list(bots, g)
    check_deal(g, n, seed, options)
    zones = seat_zones(g, n, options)
    if zone not in zones:
        fail("--zone", f"{g.title} has no seat zone {zone!r} (its seat zones: {', '.join(zones) or 'none'})")
    spec = SimulationSpec(
        g.name, n, names, seed, tuple(sorted(options.items())), len(names) > 1, max_steps, opening_zone=zone
    )
    _validate(spec)
    try:
        if plots:
            require("matplotlib", "report", "drawing report plots")
    except UnavailableError as exc:
        raise _missing(exc) from None
    folder = out_folder(out, f"report-{g.name}")
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
    (folder / "report.json").write_text(json.dumps(report, indent=1) + "\n")
    paths = write_plots(report, folder, top) if plots else {}
    if as_json:
        print(json.dumps(report, indent=1))
        return
    print_report(g, report, top)
    saved = [folder / "report.json", *paths.values()]
    console.print(Text("saved " + ", ".join(str(p) for p in saved)), soft_wrap=True)


def print_report(g: Game, report: dict[str, Any], top: int) -> None:
    """The balance report as tables (``top`` cards at each end of the card table)."""
    table = Table(
        title=f"{g.title}: {report['games']} games, {report['players']} players, bots {', '.join(report['bots'])}"
    )
    table.add_column("seat")
    table.add_column("wins")
    table.add_column("win rate (95%)")
    table.add_column("mean return")
    for s in report["seats"]:
        table.add_row(
            seat_name(s["seat"]),
            str(s["wins"]),
            f"{s['win_rate']:.3f} {_ci(s['win_rate_ci95'])}",
            f"{s['mean_return']:.3f}",
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
        console.print(f"no card statistics: no cards were held in {report['zone']}:SEAT at the start")
        return
    shown_cards = cards if len(cards) <= 2 * top else cards[:top] + cards[-top:]
    ct = Table(
        title=f"card impact: win rate when held in {report['zone']} at the start minus expected",
        caption="* = the effect survives Holm's correction for the number of cards tested",
    )
    for col in ("card", "held", "win rate (95%)", "expected", "impact"):
        ct.add_column(col)
    for i, c in enumerate(shown_cards):
        if len(cards) > 2 * top and i == top:
            ct.add_row("…", "", "", "", "")
        ct.add_row(
            c["card"] + (" *" if c.get("significant") else ""),
            str(c["held"]),
            f"{c['win_rate']:.3f} {_ci(c['win_rate_ci95'])}",
            f"{c['expected']:.3f}",
            f"{c['impact']:+.3f}",
        )
    console.print(ct)
    console.print(Text(card_tests_text(report)))


__all__ = ["plain", "print_report", "report_cmd", "seat_zones", "simulate_cmd", "tournament_cmd"]
