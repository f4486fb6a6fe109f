"""The ``regalia`` command on the real games."""

from __future__ import annotations

import json

from typer.testing import CliRunner

from regalia.cli.main import app

runner = CliRunner(env={"COLUMNS": "200", "TERMINAL_WIDTH": "200"})


def test_readme_main_command_plays_a_full_king_s_blood_game() -> None:
    result = runner.invoke(app, ["play", "kings-blood", "--humans", "0", "--seed", "1"])
    assert result.exit_code == 0, result.output
    assert "Winner: seat 0" in result.output
    assert "P0 plays" in result.output  # the move log
    assert "Series" not in result.output  # no scoring option: one game


def test_scoring_option_plays_a_series_to_the_target() -> None:
    result = runner.invoke(
        app,
        [
            "play",
            "kings-blood",
            "--humans",
            "0",
            "--seed",
            "1",
            "--option",
            "scoring=winner_collects",
            "--target",
            "40",
        ],
    )
    assert result.exit_code == 0, result.output
    assert "Series totals" in result.output
    assert "Series over (highest total wins)" in result.output


def test_rules_shows_the_reconstruction_label_and_rulings() -> None:
    result = runner.invoke(app, ["rules", "kings-blood"])
    assert result.exit_code == 0, result.output
    assert "reconstruction" in result.output.lower()
    assert "KB-T3" in result.output and "announcement" in result.output


def test_simulate_results_do_not_depend_on_the_job_count() -> None:
    args = ["simulate", "kings-blood", "--games", "12", "--players", "3", "--seed", "5", "--json"]
    one = json.loads(runner.invoke(app, [*args, "--jobs", "1"]).output)
    two = json.loads(runner.invoke(app, [*args, "--jobs", "2"]).output)
    for key in ("wins_by_seat", "no_winner", "mean_turns", "mean_steps"):
        assert one[key] == two[key]


def test_human_plays_king_s_blood_by_number_and_by_text() -> None:
    # seat 0 is human; "draw" by text, then keep answering 1 until the input runs out
    result = runner.invoke(app, ["play", "kings-blood", "--seed", "3", "--players", "2"], input="draw\n" + "1\n" * 5)
    assert result.exit_code == 0, result.output
    assert "Genealogy" in result.output
    assert "P0 draws" in result.output
    assert "stopped" in result.output or "Winner" in result.output


def test_game_text_with_brackets_is_printed_literally() -> None:
    # action texts and errors contain "[nomarry]"-like text, which must not be read as markup
    result = runner.invoke(app, ["play", "kings-blood", "--seed", "3", "--players", "3"], input="play zzz\n")
    assert "of <card> [nomarry]'" in result.output


def test_kings_family_daily_hint_and_undo() -> None:
    import datetime as dt

    result = runner.invoke(app, ["play", "kings-family", "--daily"], input="hint\n1\nundo\nundo\nquit\n")
    assert result.exit_code == 0, result.output
    assert f"seed {dt.date.today().strftime('%Y%m%d')}" in result.output
    assert "1 player," in result.output
    assert "hint (search):" in result.output and "(expected " in result.output
    assert "undone" in result.output and "nothing to undo" in result.output
    assert "score 1" in result.output  # the running score is on screen


def test_kings_family_daily_and_seed_are_exclusive() -> None:
    result = runner.invoke(app, ["play", "kings-family", "--daily", "--seed", "3"])
    assert result.exit_code != 0
    assert "--seed or --daily" in result.output
