"""The ``regalia`` command on the real games."""

from __future__ import annotations

import datetime as dt
import io
import json
import random
import re
from pathlib import Path

import pytest
from rich.console import Console
from typer.testing import CliRunner

import regalia
from regalia.bots import ismcts
from regalia.cli.choices import Menu
from regalia.cli.info import DEFAULT_SEARCH, default_bot
from regalia.cli.main import app
from regalia.cli.session import Session

runner = CliRunner(env={"COLUMNS": "200", "TERMINAL_WIDTH": "200"})


def _last_line(output: str) -> str:
    return [line for line in output.splitlines() if line.strip()][-1]


def test_readme_main_command_plays_a_full_king_s_blood_game(monkeypatch: pytest.MonkeyPatch) -> None:
    # the default bots, with a small rollout budget: the command is under test here, not the bots' strength
    monkeypatch.setitem(ismcts.LEVELS, "hard", 16)
    monkeypatch.setitem(ismcts.LEVELS, "medium", 16)
    result = runner.invoke(app, ["play", "kings-blood", "--humans", "0", "--seed", "1"])
    assert result.exit_code == 0, result.output
    d = DEFAULT_SEARCH
    assert f"P0 {d} · P1 {d} · P2 {d} · P3 {d}" in result.output  # the default
    assert "P0 plays" in result.output  # the move log
    assert re.search(r"The game is over: P[0-3] wins\.  \(turns \d+, moves \d+\)$", _last_line(result.output))
    assert "Series" not in result.output and "Winner" not in result.output  # no scoring option: one game


def test_default_opponent_is_the_game_s_own_search_or_the_ismcts_level_of_this_build() -> None:
    # hard on the compiled build, medium (the same time on the pure one): about 1 s a move
    assert ("ismcts:hard" if regalia.compiled() else "ismcts:medium") == DEFAULT_SEARCH
    assert default_bot(regalia.get_game("kings-family")) == "search"
    for name in ("kings-blood", "kingship", "blood-and-fortune", "kingdom"):
        assert default_bot(regalia.get_game(name)) == DEFAULT_SEARCH


def test_scoring_option_plays_a_series_to_the_target_and_saves_every_game(tmp_path: Path) -> None:
    path = tmp_path / "series.json"
    args = ["play", "kings-blood", "--humans", "0", "--seed", "1", "--bot", "heuristic", "--players", "3"]
    result = runner.invoke(app, [*args, "--option", "scoring=winner_collects", "--target", "60", "--record", str(path)])
    assert result.exit_code == 0, result.output
    assert "A series to 60 points (winner_collects: the highest total wins)." in result.output
    over = re.search(r"Series over after (\d+) games: (.*) wins? — (.*)$", _last_line(result.output))
    assert over is not None, result.output
    games = int(over.group(1))
    files = [path] + [tmp_path / f"series-{k}.json" for k in range(2, games + 1)]
    totals = [0, 0, 0]
    for f in files:
        state = regalia.replay(json.loads(f.read_text()))
        totals = [t + s for t, s in zip(totals, state.result()["scores"], strict=True)]  # type: ignore[index]
    assert not (tmp_path / f"series-{games + 1}.json").exists()
    assert max(totals) >= 60
    assert over.group(3) == ", ".join(f"P{s} {t}" for s, t in enumerate(totals)) + " (target 60, highest total wins)"
    if games > 1:
        assert "Series after 1 games: P0 " in result.output


def test_lowest_wins_series_says_the_lowest_total_wins() -> None:
    result = runner.invoke(
        app,
        [
            "play",
            "kings-blood",
            "--humans",
            "0",
            "--seed",
            "2",
            "--bot",
            "heuristic",
            "-o",
            "scoring=lowest_wins",
            "--target",
            "20",
        ],
    )
    assert result.exit_code == 0, result.output
    assert "lowest total wins" in _last_line(result.output)


def test_rules_shows_the_reconstruction_label_and_rulings() -> None:
    result = runner.invoke(app, ["rules", "kings-blood"])
    assert result.exit_code == 0, result.output
    assert "reconstruction" in result.output.lower()
    assert "KB-T3" in result.output and "announcement" in result.output
    assert "['" not in result.output and "{'" not in result.output  # no raw Python lists or dicts


def test_bots_lists_the_levels_and_the_defaults() -> None:
    result = runner.invoke(app, ["bots"])
    assert result.exit_code == 0, result.output
    for text in (
        "ismcts:easy",
        "ismcts:medium",
        "ismcts:hard",
        "search",
        "kings-family: search",
        f"kingship: {DEFAULT_SEARCH}",
    ):
        assert text in result.output
    one = runner.invoke(app, ["bots", "kingdom"])
    assert one.exit_code == 0 and f"kingdom: {DEFAULT_SEARCH}" in one.output
    assert not re.search(r"│ search\s", one.output)  # King's Family's own bot is not Kingdom's


def test_help_lists_the_bot_levels_without_type_marks() -> None:
    result = runner.invoke(app, ["play", "--help"])
    assert result.exit_code == 0
    assert "ismcts:hard" in result.output and "ismcts:easy" in result.output
    for command in ("play", "simulate", "tournament", "report", "replay", "bots", "list", "rules"):
        out = runner.invoke(app, [command, "--help"]).output
        assert not re.search(r"<(bool|int|str|path)>", out), command


def test_simulate_results_do_not_depend_on_the_job_count() -> None:
    args = ["simulate", "kings-blood", "--games", "12", "--players", "3", "--seed", "5", "--json"]
    one = json.loads(runner.invoke(app, [*args, "--jobs", "1"]).output)
    two = json.loads(runner.invoke(app, [*args, "--jobs", "2"]).output)
    for key in ("wins_by_seat", "no_winner", "mean_turns", "mean_steps"):
        assert one[key] == two[key]


def test_simulate_table_writes_seats_not_python_lists() -> None:
    result = runner.invoke(
        app, ["simulate", "kings-blood", "--games", "4", "--players", "3", "--bots", "heuristic,random,random"]
    )
    assert result.exit_code == 0, result.output
    assert re.search(r"wins by seat\s+│?\s*P0 \d+, P1 \d+, P2 \d+", result.output), result.output
    assert "[" not in result.output.replace("[0.", "").replace("[1.", "")  # intervals only, no lists


def test_human_plays_king_s_blood_by_number_and_by_text() -> None:
    # P0 is a person; "draw" by text, then keep answering 1 until the input runs out
    result = runner.invoke(
        app, ["play", "kings-blood", "--seed", "3", "--players", "2", "--bot", "heuristic"], input="draw\n" + "1\n" * 5
    )
    assert result.exit_code == 0, result.output
    assert "P0 you · P1 heuristic" in result.output
    assert "Genealogy" in result.output
    assert "P0 draws" in result.output
    assert "Legend" in result.output  # the first screen explains the notation
    assert "Stopped after" in result.output or "The game is over" in result.output


def test_game_text_with_brackets_is_printed_literally() -> None:
    # action texts and errors contain "[nomarry]"-like text, which must not be read as markup
    result = runner.invoke(
        app, ["play", "kings-blood", "--seed", "3", "--players", "3", "--bot", "heuristic"], input="play zzz\n"
    )
    assert "of <card> [nomarry]'" in result.output


def test_help_offers_undo_only_where_the_game_allows_it() -> None:
    multi = runner.invoke(app, ["play", "kingship", "--seed", "2", "--bot", "heuristic"], input="help\nundo\nquit\n")
    assert multi.exit_code == 0, multi.output
    assert "hint " in multi.output and "\n  undo" not in multi.output
    assert "undo: this game does not allow taking a decision back" in multi.output
    solo = runner.invoke(app, ["play", "kings-family", "--seed", "2"], input="help\nquit\n")
    assert "\n  undo" in solo.output


def _on_day(monkeypatch: pytest.MonkeyPatch, day: dt.date) -> None:
    """Make ``--daily`` read ``day`` as today (no test depends on the real date)."""
    import regalia.cli.play as play_module

    real = play_module.daily_seed
    monkeypatch.setattr(play_module, "daily_seed", lambda: real(day))


def test_kings_family_daily_hint_undo_and_quit_with_the_score(monkeypatch: pytest.MonkeyPatch) -> None:
    _on_day(monkeypatch, dt.date(2026, 11, 26))  # a deal whose first decision has several choices
    result = runner.invoke(app, ["play", "kings-family", "--daily"], input="hint\n1\nundo\nundo\nquit\n")
    assert result.exit_code == 0, result.output
    assert "seed 20261126" in result.output
    assert "1 player," in result.output
    assert "hint (search):" in result.output and "(expected " in result.output
    assert "undone (1 undo this game)" in result.output and "nothing to undo" in result.output
    stopped = result.output.split("stopped", 1)[1]
    assert "score 1" in stopped  # quit shows the table with the running score
    assert "Stopped after 0 moves and 1 undo; the game was not finished." in stopped


def test_kings_family_daily_deal_that_opens_with_a_forced_draw(monkeypatch: pytest.MonkeyPatch) -> None:
    _on_day(monkeypatch, dt.date(2026, 11, 27))  # that day's deal: no card can be played, draw (KF-2)
    assert [str(a) for a in regalia.make("kings-family", players=1, seed=20261127).legal_actions()] == ["draw"]
    result = runner.invoke(app, ["play", "kings-family", "--daily"], input="hint\nquit\n")
    assert result.exit_code == 0, result.output
    assert "seed 20261127" in result.output
    assert "hint (search): draw" in result.output and "(the only legal choice)" in result.output


def test_daily_seed_is_the_date() -> None:
    from regalia.cli.play import daily_seed

    assert daily_seed(dt.date(2026, 1, 2)) == 20260102


def test_quit_saves_the_record_with_the_undos(tmp_path: Path) -> None:
    path = tmp_path / "kf.json"
    result = runner.invoke(
        app, ["play", "kings-family", "--seed", "4", "--record", str(path)], input="1\nundo\n1\n1\nquit\n"
    )
    assert result.exit_code == 0, result.output
    record = json.loads(path.read_text())
    assert record["undos"] == 1 and len(record["actions"]) == 2 and record["result"] is None
    assert regalia.replay(record).undos == 1


def test_solitaire_ends_with_its_result_prompt(tmp_path: Path) -> None:
    path = tmp_path / "kf.json"
    result = runner.invoke(
        app, ["play", "kings-family", "--humans", "0", "--seed", "2", "--bot", "heuristic", "--record", str(path)]
    )
    assert result.exit_code == 0, result.output
    state = regalia.replay(json.loads(path.read_text()))
    lines = [line for line in result.output.splitlines() if line.strip()]
    assert lines[-1] == f"record saved to {path}"
    assert lines[-2].startswith(state.prompt(None) + "  (turns ")
    assert "Winner" not in result.output


def test_kings_family_daily_and_seed_are_exclusive() -> None:
    result = runner.invoke(app, ["play", "kings-family", "--daily", "--seed", "3"])
    assert result.exit_code == 2
    assert result.stderr == "regalia play: error: --daily: give either --seed or --daily, not both\n"


def test_a_win_against_the_bots_suggests_the_next_level() -> None:
    from regalia.cli.play import advice

    for seed in range(100):  # a deal that P0 wins when every seat plays its first legal action
        state = regalia.make("kings-blood", players=2, seed=seed)  # announcing when it may (KB-T4b)
        for _ in range(2000):
            if state.is_terminal:
                break
            legal = state.legal_actions()
            state.apply(next((a for a in legal if str(a) == "announce"), legal[0]))
        if state.is_terminal and state.winners == (0,):
            break
    assert state.winners == (0,)
    humans = 1
    assert (
        advice(state, humans, "ismcts:medium")
        == "You won against ismcts:medium; try --bot ismcts:hard for a stronger opponent."
    )
    assert (
        advice(state, humans, "ismcts:hard")
        == "You won against ismcts:hard; try --bot ismcts:2000 for a stronger opponent."
    )
    assert advice(state, humans, "heuristic") is not None and "ismcts:easy" in advice(state, humans, "heuristic")  # type: ignore[operator]
    assert advice(state, 0, "ismcts:medium") is None  # bots only
    assert advice(state, 2, "ismcts:medium") is None  # people only
    loser = regalia.make("kings-blood", players=2, seed=state.seed)
    for text in [str(a) for a in state.history]:
        loser.apply(text)
    assert advice(loser, 1, "random") == "You won against random; try --bot heuristic for a stronger opponent."


def test_replay_as_a_seat_and_of_another_rules_version(tmp_path: Path) -> None:
    path = tmp_path / "kb.json"
    runner.invoke(
        app, ["play", "kings-blood", "--humans", "0", "--seed", "5", "--bot", "heuristic", "--record", str(path)]
    )
    as_p1 = runner.invoke(app, ["replay", str(path), "--seat", "P1"])
    assert as_p1.exit_code == 0, as_p1.output
    assert "as P1" in as_p1.output
    record = json.loads(path.read_text())
    record["rules_version"] = "0.0-old"
    old = tmp_path / "old.json"
    old.write_text(json.dumps(record))
    refused = runner.invoke(app, ["replay", str(old)])
    assert refused.exit_code == 2 and "rules_version: saved under 0.0-old" in refused.stderr
    assert "--other-rules" in refused.stderr
    allowed = runner.invoke(app, ["replay", str(old), "--other-rules"])
    assert allowed.exit_code == 0, allowed.output
    assert "warning: saved under rules version 0.0-old" in allowed.stderr
    assert "The game is over" in allowed.stdout


def test_replay_of_a_record_that_todays_rules_end_differently(tmp_path: Path) -> None:
    """A King's Blood record of rules 1.0 in which P1 won with a last card played unannounced
    (KB-T4b, rules 1.1): ``--other-rules`` replays every move, shows the penalty where the old
    rules ended the game, says the game was stopped before its end, and what the old result was."""
    data = Path(__file__).parents[1] / "games" / "kings_blood" / "data" / "rules_1_0_records.json"
    path = tmp_path / "old.json"
    path.write_text(json.dumps(json.loads(data.read_text())["out_unannounced"]))
    refused = runner.invoke(app, ["replay", str(path)])
    assert refused.exit_code == 2 and "rules_version: saved under 1.0, but this regalia plays 1.1" in refused.stderr
    allowed = runner.invoke(app, ["replay", str(path), "--other-rules"])
    assert allowed.exit_code == 0, allowed.output
    assert "warning: saved under rules version 1.0, replayed with today's 1.1" in allowed.stderr
    assert "  66  P1 did not announce King's Blood! before playing their last card: no win; draws 3 and skips the" in (
        allowed.stdout
    )
    assert "The game was stopped after 66 moves, before its end." in allowed.stdout
    assert "note: under rules version 1.0 this game ended: P1 won; today's rules give another course" in (
        allowed.stderr
    )


def test_a_bad_deck_file_is_named_before_the_game(tmp_path: Path) -> None:
    binary = tmp_path / "deck.bin"
    binary.write_bytes(bytes(range(256)))
    unknown = tmp_path / "deck.txt"
    unknown.write_text("R1m\nxx yy\n")
    for deck, words in (
        (binary, "is not UTF-8 text"),
        (unknown, "line 2: card: unknown card 'xx'"),
        (tmp_path, "is a folder"),
    ):
        result = runner.invoke(app, ["play", "kings-blood", "--humans", "0", "--deck", str(deck)])
        assert result.exit_code == 2, result.output
        assert result.stdout == ""
        assert result.stderr.startswith("regalia play: error: --deck: ") and words in result.stderr
        assert len(result.stderr.splitlines()) == 1


@pytest.mark.parametrize("game", ["kings-blood", "kings-family", "kingship", "blood-and-fortune", "kingdom"])
def test_a_person_s_decision_says_its_prompt_once(game: str) -> None:
    # the drawing of the table ends with the prompt (Game.render_text, for the RL adapters'
    # ansi render); the play screen draws the table without it and prints it once, above the choices
    state = regalia.make(game, players=regalia.get_game(game).min_players, seed=3)
    rng = random.Random(3)
    for _ in range(12):
        state.apply(rng.choice(state.legal_actions()))
    seat = state.current_player
    assert seat is not None
    prompt = state.prompt(seat)
    assert state.game.render_text(state.view(seat)).splitlines()[-1].strip().endswith(prompt)
    console = Console(width=500, file=io.StringIO(), color_system=None)
    Session(state=state, humans=1, bots={}, console=console).show_decision(seat, Menu(state.legal_choices()))
    screen = console.file.getvalue()  # type: ignore[attr-defined]
    assert screen.count(prompt) == 1, screen
    lines = screen.splitlines()
    assert lines[lines.index(prompt) + 1].split()[0] == "1"  # the choices follow the prompt
