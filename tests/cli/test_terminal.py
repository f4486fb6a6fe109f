"""The terminal's screens (issue 21): the result said once, the seat header never broken inside a
seat, a refused text told what is wrong with it and what the decision asks, forced choices played
for a person who wants them (and asked for one who does not)."""

from __future__ import annotations

import re

from typer.testing import CliRunner

from regalia.cli.main import app
from regalia.cli.play import pack

runner = CliRunner(env={"COLUMNS": "200", "TERMINAL_WIDTH": "200"})
narrow = CliRunner(env={"COLUMNS": "40", "TERMINAL_WIDTH": "40"})

BF_ROLES = ["play", "blood-and-fortune", "--players", "4", "--seed", "3", "--bot", "heuristic", "-o", "roles=true"]
"""Seed 3: P0 is the last to take a Role card in round 1's draft — one face-down card is left."""


def test_the_result_screen_says_the_result_once_with_no_prompt_mark() -> None:
    result = runner.invoke(app, ["play", "kingship", "--humans", "0", "--seed", "4", "--bot", "random"])
    assert result.exit_code == 0, result.output
    screen = result.output.split("result", 1)[1]
    sentence = re.search(r"^(The game is over[^\n]*?)  \(turns", screen, re.M)
    assert sentence is not None, screen[-600:]
    assert screen.count(sentence.group(1)) == 1
    assert not re.search(r"^> ", screen, re.M)


def test_the_quit_screen_shows_the_table_without_the_pending_prompt() -> None:
    result = runner.invoke(app, ["play", "kingship", "--seed", "2", "--bot", "heuristic"], input="quit\n")
    assert result.exit_code == 0, result.output
    stopped = result.output.split("stopped", 1)[1]
    assert not re.search(r"^> ", stopped, re.M)
    assert "Stopped after" in stopped


def test_the_seat_header_never_breaks_inside_a_seat() -> None:
    result = narrow.invoke(
        app, ["play", "kingship", "--players", "6", "--seed", "2", "--bot", "ismcts:medium"], input="quit\n"
    )
    assert result.exit_code == 0, result.output
    head = result.output.split("Legend", 1)[0]
    for seat in range(1, 6):
        assert f"P{seat} ismcts:medium" in head, head
    assert not re.search(r"P\d\s*\n\s*ismcts", head)
    assert pack(["P0 you", "P1 ismcts:medium", "P2 ismcts:medium"], 20) == [
        "P0 you",
        "P1 ismcts:medium",
        "P2 ismcts:medium",
    ]
    assert pack(["P0 you", "P1 x", "P2 y"], 40) == ["P0 you · P1 x · P2 y"]


def test_ks_5_play_9_says_the_suit_is_missing_and_what_the_decision_asks() -> None:
    result = runner.invoke(app, ["play", "kingship", "--seed", "2", "--bot", "heuristic"], input="play 9\nquit\n")
    assert result.exit_code == 0, result.output
    assert "'9' is a value without its suit: a card is a value and a suit — 9L or 9D or 9T" in result.output
    assert "you must now draw, or play a card or a pair (phase 2) [KS-3]" in result.output
    assert "is not a Kingship action" not in result.output


def test_a_forced_choice_is_played_for_you_and_said_so() -> None:
    result = runner.invoke(app, BF_ROLES, input="1\nquit\n")
    assert result.exit_code == 0, result.output
    assert "P0: played for you — the face-down Role card placed by P2 (your only choice" in result.output
    assert "P0 takes the face-down Role card placed by P2" in result.output


def test_ask_forced_asks_for_forced_choices_too_and_auto_switches_it() -> None:
    asked = runner.invoke(app, [*BF_ROLES, "--ask-forced"], input="1\nquit\n")
    assert asked.exit_code == 0, asked.output
    assert "played for you" not in asked.output
    assert "1  take from P2" in asked.output  # the lone choice, asked for
    switched = runner.invoke(app, [*BF_ROLES, "--ask-forced"], input="1\nauto\nquit\n")
    assert "forced choices are now played for you: on" in switched.output
    assert "P0 takes the face-down Role card placed by P2" in switched.output
    help_text = runner.invoke(app, BF_ROLES, input="help\nquit\n").output
    assert "auto" in help_text and "play your forced choices for you" in help_text
