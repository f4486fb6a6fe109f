"""``regalia replay FILE``: a saved game record, move by move, as a spectator or one seat saw it."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Annotated, Any

import typer
from rich.text import Text

from regalia.cli.app import app, console, err_console
from regalia.cli.checks import read_json_file, seat_opt
from regalia.cli.errors import RegaliaCommand, fail
from regalia.core.errors import shown
from regalia.core.registry import get_game, make, replay
from regalia.core.state import seat_name


def _talk(entries: list[dict[str, Any]], after: int) -> list[Text]:
    out = []
    for t in entries:
        if t["after_move"] == after:
            who = seat_name(t["seat"]) if t["seat"] is not None else "the table"
            out.append(Text.assemble(("        ", ""), (f"{who} says: ", "italic"), shown(t["text"], 300)))
    return out


@app.command("replay", cls=RegaliaCommand)
def replay_cmd(
    file: Annotated[Path, typer.Argument(metavar="FILE", help="A game record (JSON) written by play --record.")],
    seat: Annotated[
        str | None,
        typer.Option("--seat", metavar="P1", help="Show the game as this seat saw it (default: as a spectator)."),
    ] = None,
    other_rules: Annotated[
        bool,
        typer.Option(
            "--other-rules",
            help="Replay a record saved under another rules version with today's rules (it may stop at a "
            "move that is no longer legal, or end differently).",
        ),
    ] = False,
) -> None:
    """Replay a game record and print its log, the final table and the result."""
    data = read_json_file(file)
    if not isinstance(data, dict):
        fail("FILE", f"{shown(str(file), 200)}: a game record is a JSON object, not a {type(data).__name__}")
    try:
        checked = replay(data, allow_other_rules=other_rules)
    except ValueError as exc:
        fail("FILE", f"{shown(str(file), 200)}: {exc}")
    g = get_game(checked.game.name)
    viewer = seat_opt(seat, checked.num_players)
    if data["rules_version"] != g.rules_version:
        err_console.print(
            Text(
                f"warning: saved under rules version {shown(data['rules_version'])}, replayed with today's "
                f"{g.rules_version}",
                style="yellow",
            )
        )
    state = make(g.name, players=checked.num_players, seed=checked.seed, deck=checked.initial_deck, **data["config"])
    console.print(
        Text.assemble(
            (g.title, "bold"),
            f", {state.num_players} players, seed {state.seed}, as {seat_name(viewer) if viewer is not None else 'a spectator'}",
        )
    )
    for line in _talk(checked.table_talk, 0):
        console.print(line)
    for i, text in enumerate(data["actions"], 1):
        for e in state.apply(text):
            if e.is_visible_to(viewer):
                console.print(Text(f"  {i:4d}  {e.text}"))
        for line in _talk(checked.table_talk, i):
            console.print(line)
    console.print(Text(g.render_text(state.view(viewer))))
    if state.is_terminal:
        line = Text(state.prompt(viewer), style="bold")
        if checked.undos:
            line.append(f"  (undos {checked.undos})", style="")
        console.print(line)
    else:
        console.print(Text(f"The game was stopped after {len(state.history)} moves, before its end.", style="bold"))
    stored = data.get("result")
    if (
        data["rules_version"] != g.rules_version
        and stored is not None
        and stored != json.loads(json.dumps(state.result()))
    ):
        err_console.print(Text(_old_result(data["rules_version"], stored), style="yellow"))


def _old_result(version: str, stored: Any) -> str:
    """The result a record saved under another rules version gives, when today's rules differ."""
    winners = stored.get("winners") if isinstance(stored, dict) else None
    if isinstance(winners, list) and winners and all(isinstance(w, int) for w in winners):
        who = " and ".join(seat_name(w) for w in winners)
        ended = f"{who} won"
    elif isinstance(winners, list) and not winners:
        ended = "no winner"
    else:
        ended = shown(stored, 120)
    return f"note: under rules version {shown(version)} this game ended: {ended}; today's rules give another course"


__all__ = ["replay_cmd"]
