"""The ``regalia`` command, on the test game (tests/core/toygame.py)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

import regalia
from regalia import bots
from regalia.bots.base import RandomBot
from regalia.cli.main import app
from regalia.core.bot import InfoSet

runner = CliRunner(env={"COLUMNS": "200", "TERMINAL_WIDTH": "200"})


def test_list_shows_registered_games(toy: str) -> None:
    result = runner.invoke(app, ["list"])
    assert result.exit_code == 0
    assert "toy" in result.output and "High Hand" in result.output
    # which build of the rules is loaded (issue #17): CI runs this on both
    build = "compiled with mypyc" if regalia.compiled() else "pure Python"
    assert f"rules build: {build}" in result.output


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
    result = runner.invoke(
        app, ["play", "toy", "--humans", "0", "--seed", "3", "--bot", "random", "--record", str(path)]
    )
    assert result.exit_code == 0, result.output
    assert "P0 random · P1 random" in result.output  # who sits where
    assert "The game is over: " in result.output and "Winner" not in result.output
    record = json.loads(path.read_text())
    state = regalia.replay(record)
    assert state.is_terminal


def test_play_human_bad_entry_is_explained_then_accepted(toy: str) -> None:
    # deck: seat 0 holds 5 and 7; "play 6" is refused with its reason, "9" is out of range
    result = runner.invoke(
        app,
        ["play", "toy", "--seed", "1", "--humans", "1", "--bot", "random", "--option", "plays=1"],
        input="play 99\n9\n²\n1\n",
    )
    assert result.exit_code == 0, result.output
    assert "card 99 is not in your hand [TOY-1]" in result.output
    assert "there is no choice 9: choose 1–3" in result.output
    assert "illegal action ²: cannot read" in result.output  # not a crash of int("²")
    assert "The game is over: " in result.output


def test_play_end_of_input_exits_cleanly_and_saves(toy: str, tmp_path: Path) -> None:
    path = tmp_path / "partial.json"
    result = runner.invoke(app, ["play", "toy", "--seed", "1", "--bot", "random", "--record", str(path)], input="")
    assert result.exit_code == 0, result.output
    assert "Stopped after 0 moves" in result.output
    record = json.loads(path.read_text())
    assert record["actions"] == []


def test_bad_option_names_the_field(toy: str) -> None:
    result = runner.invoke(app, ["play", "toy", "--humans", "0", "--option", "mode=sideways"])
    assert result.exit_code == 2
    assert result.stderr == "regalia play: error: --option: option 'mode': 'sideways' is not one of 'high', 'low'\n"


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
    runner.invoke(app, ["play", "toy", "--humans", "0", "--seed", "3", "--bot", "random", "--record", str(path)])
    result = runner.invoke(app, ["replay", str(path)])
    assert result.exit_code == 0, result.output
    assert "P0 plays" in result.output and "The game is over: " in result.output


def test_replay_of_a_broken_file_names_the_problem(toy: str, tmp_path: Path) -> None:
    path = tmp_path / "bad.json"
    path.write_text("{not json")
    result = runner.invoke(app, ["replay", str(path)])
    assert result.exit_code == 2
    assert "FILE: " in result.stderr and "bad.json: not JSON" in result.stderr


def test_simulate_rejects_an_unknown_backend(toy: str) -> None:
    result = runner.invoke(app, ["simulate", "toy", "--games", "2", "--backend", "spark"])
    assert result.exit_code == 2
    assert "unknown backend 'spark'" in result.output


def test_tournament_prints_ratings_and_saves_json_and_csv(toy: str, tmp_path: Path) -> None:
    import pytest

    pytest.importorskip("openskill")
    out = tmp_path / "t"
    result = runner.invoke(
        app,
        ["tournament", "toy", "--bots", "ismcts:20,random", "--games", "6", "--jobs", "2", "--out", str(out)],
    )
    assert result.exit_code == 0, result.output
    assert "6 deals × 2 seatings = 12 games" in result.output
    assert "ismcts:20" in result.output and "rating" in result.output
    data = json.loads((out / "tournament.json").read_text())
    assert data["games"] == 12
    assert (out / "standings.csv").read_text().startswith("rank,label,bot,")
    assert len((out / "games.csv").read_text().splitlines()) == 13


def test_tournament_with_too_few_bots_is_a_clear_error(toy: str, tmp_path: Path) -> None:
    result = runner.invoke(app, ["tournament", "toy", "--bots", "random", "--players", "3", "--out", str(tmp_path)])
    assert result.exit_code == 2
    assert "--bots: 1 entrants for 3 seats" in result.stderr


def test_tournament_without_openskill_names_the_extra(toy: str, tmp_path: Path) -> None:
    import sys

    import pytest

    with pytest.MonkeyPatch.context() as mp:
        mp.setitem(sys.modules, "openskill.models", None)
        result = runner.invoke(app, ["tournament", "toy", "--bots", "random,random", "--out", str(tmp_path)])
    assert result.exit_code == 1
    assert 'pip install "regalia[report]"' in result.output


def test_report_prints_tables_and_writes_json_and_pngs(toy: str, tmp_path: Path) -> None:
    import pytest

    pytest.importorskip("matplotlib")
    out = tmp_path / "r"
    result = runner.invoke(
        app, ["report", "toy", "--games", "200", "--players", "3", "--jobs", "2", "--top", "3", "--out", str(out)]
    )
    assert result.exit_code == 0, result.output
    for text in ("first player", "no winner", "game length", "card impact", "12"):
        assert text in result.output
    report = json.loads((out / "report.json").read_text())
    assert report["games"] == 200 and report["zone"] == "hand"
    for name in ("seats.png", "length.png", "cards.png"):
        assert (out / name).stat().st_size > 1000


def test_report_json_without_plots(toy: str, tmp_path: Path) -> None:
    result = runner.invoke(
        app, ["report", "toy", "--games", "20", "--no-plots", "--json", "--out", str(tmp_path / "r")]
    )
    assert result.exit_code == 0, result.output
    report = json.loads(result.output)
    assert report["games"] == 20 and len(report["seats"]) == 2
    assert not list((tmp_path / "r").glob("*.png"))


def test_ray_backend_without_ray_names_the_extra(toy: str) -> None:
    import sys

    import pytest

    with pytest.MonkeyPatch.context() as mp:
        mp.setitem(sys.modules, "ray", None)
        result = runner.invoke(app, ["simulate", "toy", "--games", "2", "--backend", "ray"])
    assert result.exit_code == 1
    assert 'pip install "regalia[ray]"' in result.output


@pytest.mark.parametrize("command", ["simulate", "tournament", "report"])
def test_an_unreachable_ray_address_is_a_clear_error(toy: str, command: str, monkeypatch: pytest.MonkeyPatch) -> None:
    ray = pytest.importorskip("ray")

    def refuse(**kwargs: object) -> None:
        raise ConnectionError("Failed to connect to Ray cluster")

    monkeypatch.setattr(ray, "is_initialized", lambda: False)
    monkeypatch.setattr(ray, "init", refuse)
    extra = ["--bots", "random,random"] if command == "tournament" else []
    result = runner.invoke(
        app, [command, "toy", "--games", "2", "--backend", "ray", "--address", "10.0.0.9:6379", *extra]
    )
    assert result.exit_code == 1, result.output
    assert "cannot join the Ray cluster at '10.0.0.9:6379'" in result.output
    assert "Traceback" not in result.output


def test_ctrl_c_while_a_bot_thinks_stops_cleanly_and_saves(
    toy: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    class InterruptedBot(RandomBot):
        """A ``random`` bot stopped by Ctrl-C while it thinks (an interpreted subclass: the
        compiled build's classes cannot be patched)."""

        def choose(self, infoset: InfoSet) -> object:
            raise KeyboardInterrupt

    monkeypatch.setitem(bots._GENERIC, "random", InterruptedBot)
    path = tmp_path / "partial.json"
    result = runner.invoke(app, ["play", "toy", "--humans", "0", "--bot", "random", "--record", str(path)])
    assert result.exit_code == 0, result.output
    assert "Stopped after 0 moves" in result.output
    assert json.loads(path.read_text())["actions"] == []


def test_arrow_keys_in_a_piped_line_are_refused_not_played(toy: str) -> None:
    result = runner.invoke(
        app,
        ["play", "toy", "--seed", "1", "--bot", "random", "--option", "plays=1"],
        input="\x1b[A\nplay\x1b[D 2\n1\n",
    )
    assert result.exit_code == 0, result.output
    assert result.output.count("that line holds control keys (arrow keys?) and was ignored") == 2
    assert "P0 plays 2" in result.output  # the third line, "1"


def test_typing_a_group_word_lists_its_choices(toy: str) -> None:
    result = runner.invoke(app, ["play", "toy", "--seed", "1", "--bot", "random"], input="play\nquit\n")
    assert result.exit_code == 0, result.output
    after = result.output.split("P0 > play\n", 1)[1]
    assert after.startswith("1  play 2") and "2  play 4" in after and "draw" not in after.split("P0 >")[0]


def test_an_internal_error_is_one_line_with_status_1(toy: str, monkeypatch: pytest.MonkeyPatch) -> None:
    import regalia.cli.info as info

    def broken(name: str) -> object:
        raise TypeError("something inside broke")

    monkeypatch.setattr(info, "game_arg", broken)
    result = runner.invoke(app, ["rules", "toy"])
    assert result.exit_code == 1
    assert result.stderr == (
        "regalia: internal error (TypeError: something inside broke); please report it "
        "(REGALIA_DEBUG=1 shows the traceback)\n"
    )
    monkeypatch.setenv("REGALIA_DEBUG", "1")
    result = runner.invoke(app, ["rules", "toy"])
    assert isinstance(result.exception, TypeError)
