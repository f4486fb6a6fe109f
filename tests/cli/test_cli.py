"""The ``regalia`` command, on the test game (tests/core/toygame.py)."""

from __future__ import annotations

import json
from pathlib import Path

from typer.testing import CliRunner

import regalia
from regalia.cli.main import app

runner = CliRunner(env={"COLUMNS": "200", "TERMINAL_WIDTH": "200"})


def test_list_shows_registered_games(toy: str) -> None:
    result = runner.invoke(app, ["list"])
    assert result.exit_code == 0
    assert "toy" in result.output and "High Hand" in result.output


def test_rules_shows_options(toy: str) -> None:
    result = runner.invoke(app, ["rules", "toy"])
    assert result.exit_code == 0
    assert "plays" in result.output and "mode" in result.output


def test_unknown_game_is_a_clear_error() -> None:
    result = runner.invoke(app, ["rules", "nope"])
    assert result.exit_code != 0
    assert "unknown game 'nope'" in result.output


def test_play_with_no_humans_plays_to_the_end_and_records(toy: str, tmp_path: Path) -> None:
    path = tmp_path / "game.json"
    result = runner.invoke(app, ["play", "toy", "--humans", "0", "--seed", "3", "--record", str(path)])
    assert result.exit_code == 0, result.output
    assert "Winner:" in result.output
    record = json.loads(path.read_text())
    state = regalia.replay(record)
    assert state.is_terminal


def test_play_human_bad_entry_is_explained_then_accepted(toy: str) -> None:
    # deck: seat 0 holds 5 and 7; "play 6" is refused with its reason, "9" is out of range
    result = runner.invoke(
        app, ["play", "toy", "--seed", "1", "--humans", "1", "--option", "plays=1"], input="play 99\n9\n1\n"
    )
    assert result.exit_code == 0, result.output
    assert "not in your hand" in result.output
    assert "there is no action 9" in result.output
    assert "Winner:" in result.output


def test_play_end_of_input_exits_cleanly_and_saves(toy: str, tmp_path: Path) -> None:
    path = tmp_path / "partial.json"
    result = runner.invoke(app, ["play", "toy", "--seed", "1", "--record", str(path)], input="")
    assert result.exit_code == 0, result.output
    assert "stopped" in result.output
    record = json.loads(path.read_text())
    assert record["actions"] == []


def test_bad_option_names_the_field(toy: str) -> None:
    result = runner.invoke(app, ["play", "toy", "--humans", "0", "--option", "mode=sideways"])
    assert result.exit_code != 0
    assert "mode" in result.output


def test_simulate_json_reports_the_statistics(toy: str) -> None:
    result = runner.invoke(app, ["simulate", "toy", "--games", "20", "--players", "3", "--json"])
    assert result.exit_code == 0, result.output
    stats = json.loads(result.output)
    for key in ("games", "wins_by_seat", "no_winner", "mean_turns", "mean_steps", "games_per_second"):
        assert key in stats
    assert stats["games"] == 20
    assert sum(stats["wins_by_seat"]) + stats["no_winner"] == 20


def test_replay_prints_the_log(toy: str, tmp_path: Path) -> None:
    path = tmp_path / "game.json"
    runner.invoke(app, ["play", "toy", "--humans", "0", "--seed", "3", "--record", str(path)])
    result = runner.invoke(app, ["replay", str(path)])
    assert result.exit_code == 0, result.output
    assert "plays" in result.output and "Winner:" in result.output


def test_replay_of_a_broken_file_names_the_problem(toy: str, tmp_path: Path) -> None:
    path = tmp_path / "bad.json"
    path.write_text("{not json")
    result = runner.invoke(app, ["replay", str(path)])
    assert result.exit_code != 0
    assert "bad.json" in result.output
