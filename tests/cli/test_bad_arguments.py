"""Every command, every option, bad values: exit status 2, one line naming the option, nothing run.

The walk covers every option and argument of every command (a new option without bad values here
fails :func:`test_every_option_of_every_command_has_bad_values`): a table of known bad values (the
hardening issue's list among them) plus seeded random garbage of the option's kind. Each case must
end with exit status 2, print nothing on standard output, print exactly one line on standard
error — ``regalia COMMAND: error: --option: ...`` — and leave the working folder as it was.
"""

from __future__ import annotations

import json
import os
import random
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
import typer
from typer.testing import CliRunner

import regalia
from regalia.cli.main import app

runner = CliRunner()

HUGE = "1" * 5000
INT_BAD = ["-1", "abc", "²", "2.5", "", HUGE, "0x10"]
FLOAT_BAD = ["0", "-1", "abc", "", "nan", "inf", "-inf", HUGE]
BOT_BAD = ["", "nope", "random:3", "heuristic:x", "ismcts:0", "ismcts:²", "ismcts:-1s", "ismcts:nans", "ismcts:infs"]
OPTION_BAD = ["bogus", "plays", "plays=9", "plays=x", "plays=²", "mode=sideways", "nope=1", "=", ""]
GAME_BAD = ["nope", "", "toy\x1b[31m", "x" * 300]
BACKEND_BAD = ["spark", "", "LOCAL"]
JOBS_BAD = ["0", "-3", "x", "100000"]

# (command, option) -> bad values; ``{tmp}`` is the test's folder with the files of ``files``.
BAD: dict[tuple[str, str], list[str]] = {
    ("rules", "GAME"): GAME_BAD,
    ("bots", "GAME"): GAME_BAD,
    ("play", "GAME"): GAME_BAD,
    ("play", "--players"): [*INT_BAD, "1", "5"],
    ("play", "--seed"): [*INT_BAD, "-5", str(2**64)],
    ("play", "--humans"): [*INT_BAD, "3"],
    ("play", "--bot"): BOT_BAD,
    ("play", "--option"): OPTION_BAD,
    ("play", "--deck"): ["{tmp}/no-such-file.txt", "{tmp}/record.json"],  # the test game has no deck list
    ("play", "--record"): ["{tmp}/missing/game.json", "{tmp}", "{tmp}/a-file/game.json"],
    ("play", "--target"): [*INT_BAD, "0", "50"],  # the test game keeps no score: no series
    ("simulate", "GAME"): GAME_BAD,
    ("simulate", "--games"): [*INT_BAD, "0", "-3"],
    ("simulate", "--players"): [*INT_BAD, "1", "9"],
    ("simulate", "--seed"): [*INT_BAD, str(2**64 - 1)],  # 2 games from the last seed pass the largest
    ("simulate", "--jobs"): JOBS_BAD,
    ("simulate", "--bots"): [*BOT_BAD, ",", "random,,random", "random,random,random"],
    ("simulate", "--option"): OPTION_BAD,
    ("simulate", "--max-steps"): [*INT_BAD, "0"],
    ("simulate", "--backend"): BACKEND_BAD,
    ("simulate", "--address"): ["10.0.0.9:6379", ""],  # with the local backend
    ("tournament", "GAME"): GAME_BAD,
    ("tournament", "--bots"): [*BOT_BAD, "random", ",", "random,,random"],
    ("tournament", "--games"): [*INT_BAD, "0", "-3"],
    ("tournament", "--players"): [*INT_BAD, "1", "9"],
    ("tournament", "--seed"): [*INT_BAD, str(2**64)],
    ("tournament", "--seatings"): ["bogus", "", "rotation"],
    ("tournament", "--option"): OPTION_BAD,
    ("tournament", "--max-steps"): [*INT_BAD, "0"],
    ("tournament", "--out"): ["{tmp}/a-file", "{tmp}/a-file/sub"],
    ("tournament", "--jobs"): JOBS_BAD,
    ("tournament", "--backend"): BACKEND_BAD,
    ("tournament", "--address"): ["10.0.0.9:6379"],
    ("report", "GAME"): GAME_BAD,
    ("report", "--games"): [*INT_BAD, "0", "-3"],
    ("report", "--players"): [*INT_BAD, "1", "9"],
    ("report", "--seed"): [*INT_BAD, str(2**64 - 1)],
    ("report", "--bots"): [*BOT_BAD, ",", "random,,random"],
    ("report", "--zone"): ["bogus", "", "hand:0", "deck"],
    ("report", "--option"): OPTION_BAD,
    ("report", "--max-steps"): [*INT_BAD, "0"],
    ("report", "--out"): ["{tmp}/a-file", "{tmp}/a-file/sub"],
    ("report", "--top"): [*INT_BAD, "0"],
    ("report", "--jobs"): JOBS_BAD,
    ("report", "--backend"): BACKEND_BAD,
    ("report", "--address"): ["10.0.0.9:6379"],
    ("replay", "FILE"): [
        "{tmp}/no-such-file.json",
        "{tmp}",
        "{tmp}/binary.json",
        "{tmp}/utf16.json",
        "{tmp}/nested.json",
        "{tmp}/list.json",
        "{tmp}/empty.json",
        "{tmp}/config-list.json",
        "{tmp}/talk-five.json",
        "{tmp}/other-rules.json",
        "{tmp}/bad-move.json",
        "{tmp}/wrong-result.json",
        "{tmp}/not-a-record.json",
    ],
    ("replay", "--seat"): ["99", "-1", "P9", "x", "P-1", "²", "", HUGE],
    ("learn", "GAME"): [*GAME_BAD, "toy"],  # the test game has no lessons
    ("learn", "LESSON"): ["0", "99", "nope", "", "x" * 300, "1\x1b[31m"],
    ("serve", "--db"): ["{tmp}/a-file/regalia.db", "{tmp}", "{tmp}/missing/regalia.db", "", "mysql://x/y"],
    ("serve", "--host"): ["~x", "", "a b", "-h", "x" * 300],
    ("serve", "--port"): [*INT_BAD, "65536"],
    ("serve", "--bot-processes"): [*INT_BAD, "65"],
    ("serve", "--log-level"): ["loud", "", "WARNING "],
    ("serve", "--bot-max-seconds"): [*FLOAT_BAD, "601"],
    ("serve", "--bot-max-rollouts"): [*INT_BAD, "0", "1000001"],
    ("serve", "--bot-job-seconds"): [*FLOAT_BAD, "1", "3601"],  # 1: below --bot-max-seconds (2)
    ("serve", "--tables-per-minute"): [*INT_BAD, "100001"],
    ("serve", "--sockets-per-address"): [*INT_BAD, "100001"],
    ("serve", "--chat-per-minute"): [*INT_BAD, "10001"],
    ("serve", "--send-queue-bytes"): [*INT_BAD, "0", "4095", str(2**26 + 1)],
    ("serve", "--sync-seconds"): ["-1", "abc", "", "nan", "inf", "3601"],
    ("serve", "--welcome-chat-bytes"): [*INT_BAD, "0", str(2**20 + 1)],
    ("serve", "--header-timeout"): [*FLOAT_BAD, "601"],
    ("serve", "--response-seconds"): [*FLOAT_BAD, "4.9", "121"],
    ("serve", "--settle-seconds"): ["-1", "abc", "", "nan", "inf", "-inf", HUGE, "10.5"],
    ("serve", "--bot-move-seconds"): ["-1", "abc", "", "nan", "inf", "-inf", HUGE, "61"],
    ("serve", "--day-seconds"): ["-1", "0", "0.05", "abc", "", "nan", "inf", HUGE, "86401"],
    ("serve", "--reminder-seconds"): ["-1", "abc", "", "nan", "inf", "-inf", HUGE, "86401"],
    ("serve", "--allowed-origin"): ["evil", "", "null", "http://example.org/path", "ftp://example.org", "http://a:b"],
    ("serve", "--forwarded-allow-ips"): ["*", "", "proxy.example", "10.0.0.1/8", "127.0.0.1,*", "::1/200"],
    ("serve", "--push-contact"): [
        "admin@example.org",
        "mailto:",
        "https://example.org/contact",
        "http://example.org",
        HUGE,
    ],
    ("serve", "--push-service"): ["", "push service", "localhost", "ftp://push.example.org", "http://a:b", HUGE],
    ("serve", "--push-workers"): [*INT_BAD, "0", "65"],
    ("serve", "--push-queue"): [*INT_BAD, "0", "100001"],
    ("serve", "--push-timeout"): [*FLOAT_BAD, "0.5", "61"],
    ("serve", "--push-ttl"): [*INT_BAD, "43201"],
    ("serve", "--push-subscriptions-per-account"): [*INT_BAD, "0", "101"],
}

# flags cannot take a bad value; these combinations with them must fail (naming the first option)
FLAG_CASES: dict[tuple[str, str], list[list[str]]] = {
    ("play", "--daily"): [["--daily", "--seed", "3"]],
    ("play", "--auto-forced"): [["--auto-forced", "--humans", "3"], ["--ask-forced", "--humans", "3"]],
    ("simulate", "--rotate"): [["--rotate", "--bots", "random,random,random"]],
    ("simulate", "--json"): [["--json", "--games", "0"]],
    ("tournament", "--json"): [["--json", "--games", "0"]],
    ("report", "--plots"): [["--plots", "--top", "0"]],
    ("report", "--json"): [["--json", "--zone", "bogus"]],
    ("replay", "--other-rules"): [["--other-rules", "--seat", "P7"]],
}
FLAG_FIELDS = {
    "--daily": "--daily",
    "--auto-forced": "--humans",
    "--rotate": "--bots",
    "--json": None,
    "--plots": "--top",
    "--other-rules": "--seat",
}

# a valid command line for each command (the bad value of one option is put in)
BASE: dict[str, list[str]] = {
    "list": ["list"],
    "rules": ["rules", "toy"],
    "bots": ["bots", "toy"],
    "play": ["play", "toy", "--humans", "0", "--bot", "random", "--seed", "1"],
    "simulate": ["simulate", "toy", "--games", "2"],
    "tournament": ["tournament", "toy", "--bots", "random,random", "--games", "1", "--out", "{tmp}/t"],
    "report": ["report", "toy", "--games", "2", "--no-plots", "--out", "{tmp}/r"],
    "replay": ["replay", "{tmp}/record.json"],
    "serve": ["serve", "--db", "{tmp}/regalia.db", "--port", "0"],
    "learn": ["learn", "kings-family", "1"],  # no input: the lesson stops at once, cleanly
}
RUNS_UNTIL_STOPPED = {"serve"}
SECOND_ARGUMENT = {("learn", "LESSON")}
"""Arguments that come second on the command line (their bad values replace the base's second)."""
"""Commands whose valid command line runs until stopped (the server tests start it for real)."""


def _commands() -> dict[str, Any]:
    group: Any = typer.main.get_command(app)
    return dict(group.commands)


def _field(param: Any) -> str:
    if param.param_type_name == "argument":
        return str(param.metavar or param.name).upper()
    longs = [o for o in param.opts if o.startswith("--")]
    return str((longs or param.opts)[0])


def _params(command: Any) -> Iterator[Any]:
    for p in command.params:
        if p.param_type_name == "option" and "--help" in p.opts:
            continue
        yield p


def _record(tmp: Path, **changes: Any) -> dict[str, Any]:
    state = regalia.make("toy", players=2, seed=3)
    while not state.is_terminal:
        state.apply(state.legal_actions()[0])
    record = state.record()
    record.update(changes)
    return record


def _files(tmp: Path) -> None:
    good = _record(tmp)
    (tmp / "record.json").write_text(json.dumps(good))
    (tmp / "a-file").write_text("not a folder\n")
    (tmp / "binary.json").write_bytes(bytes(range(256)) * 4)
    (tmp / "utf16.json").write_bytes(json.dumps(good).encode("utf-16"))
    (tmp / "nested.json").write_text("[" * 100_000 + "]" * 100_000)
    (tmp / "list.json").write_text("[1, 2, 3]")
    (tmp / "empty.json").write_text("")
    (tmp / "config-list.json").write_text(json.dumps(_record(tmp, config=["plays", 2])))
    (tmp / "talk-five.json").write_text(json.dumps(_record(tmp, table_talk=[5])))
    (tmp / "other-rules.json").write_text(json.dumps(_record(tmp, rules_version="0.0-old")))
    bad_move = _record(tmp)
    bad_move["actions"] = [*bad_move["actions"][:1], "play 99", *bad_move["actions"][2:]]
    (tmp / "bad-move.json").write_text(json.dumps(bad_move))
    (tmp / "wrong-result.json").write_text(json.dumps(_record(tmp, result={"winners": [1], "returns": [0, 1]})))
    (tmp / "not-a-record.json").write_text(json.dumps({"hello": "world"}))


def _fill(args: list[str], tmp: Path) -> list[str]:
    return [a.replace("{tmp}", str(tmp)) for a in args]


def _with(base: list[str], field: str, value: str) -> list[str]:
    """``base`` with ``field`` (an option, or the argument right after the command) set to ``value``."""
    args = list(base)
    if (args[0], field) in SECOND_ARGUMENT:
        args[2] = value
        return args
    if not field.startswith("-"):
        if len(args) > 1 and not args[1].startswith("-"):
            args[1] = value
        else:
            args.insert(1, value)
        return args
    if field in args:
        args[args.index(field) + 1] = value
        return args
    return [*args, field, value]


def _snapshot(tmp: Path) -> set[tuple[str, int]]:
    return {(str(p.relative_to(tmp)), p.stat().st_size if p.is_file() else -1) for p in tmp.rglob("*")}


def _assert_refused(args: list[str], command: str, field: str | None, tmp: Path) -> None:
    before = _snapshot(tmp)
    result = runner.invoke(app, args)
    shown = " ".join(repr(a[:40]) for a in args)
    assert result.exit_code == 2, f"{shown}: exit {result.exit_code}\n{result.output}"
    assert result.stdout == "", f"{shown}: printed {result.stdout[:300]!r}"
    lines = result.stderr.splitlines()
    assert len(lines) == 1, f"{shown}: {result.stderr[:600]!r}"
    prefix = f"regalia {command}: error: "
    assert lines[0].startswith(prefix), f"{shown}: {lines[0]!r}"
    if field is not None:
        assert lines[0].startswith(prefix + field + ": "), f"{shown}: {lines[0]!r} does not name {field}"
    assert len(lines[0]) <= 600 and lines[0].isprintable(), f"{shown}: {lines[0][:200]!r}"
    assert "Traceback" not in result.output
    assert _snapshot(tmp) == before, f"{shown}: the folder changed"


@pytest.fixture
def tmp(tmp_path: Path, toy: str) -> Path:
    _files(tmp_path)
    return tmp_path


def test_every_option_of_every_command_has_bad_values() -> None:
    missing = []
    for name, command in _commands().items():
        assert name in BASE, f"no valid command line for {name}"
        for param in _params(command):
            key = (name, _field(param))
            if getattr(param, "is_flag", False):
                if key not in FLAG_CASES:
                    missing.append(key)
            elif key not in BAD:
                missing.append(key)
    assert not missing, f"options without bad values in this test: {missing}"


def test_the_valid_command_lines_run(tmp: Path) -> None:
    for name, base in BASE.items():
        if name in RUNS_UNTIL_STOPPED:
            continue
        result = runner.invoke(app, _fill(base, tmp))
        assert result.exit_code == 0, f"{name}: {result.output}"


@pytest.mark.parametrize("command", sorted(BASE))
def test_bad_values_of_every_option_end_with_one_line_and_exit_2(command: str, tmp: Path) -> None:
    cases = 0
    for (cmd, field), values in BAD.items():
        if cmd != command:
            continue
        for value in values:
            args = _with(_fill(BASE[command], tmp), field, value.replace("{tmp}", str(tmp)))
            _assert_refused(args, command, field, tmp)
            cases += 1
    for (cmd, flag), combos in FLAG_CASES.items():
        if cmd != command:
            continue
        for combo in combos:
            _assert_refused([*_fill(BASE[command], tmp), *combo], command, FLAG_FIELDS[flag], tmp)
            cases += 1
    _assert_refused([*_fill(BASE[command], tmp), "--frob"], command, None, tmp)
    assert cases > 0 or command == "list"


def _garbage(rng: random.Random, kind: str) -> str:
    pool = "abcxyz~!@#$%^&*()[]{}<>|;:'\",.?/\\ \t\n\x00\x1b\x7fé²³ⅧP०١"
    text = "".join(rng.choice(pool) for _ in range(rng.randint(1, 40)))
    if kind == "int":
        return rng.choice(["-", "", "+-"]) + text + rng.choice(["x", "z", "~"])
    if kind == "path":
        return f"{{tmp}}/a-file/{text}"
    return "~" + text


def _kind(param: Any) -> str:
    field = _field(param)
    if field in ("FILE", "--deck", "--record", "--out", "--db"):
        return "path"
    if field in (
        "--players",
        "--seed",
        "--humans",
        "--target",
        "--games",
        "--jobs",
        "--max-steps",
        "--top",
        "--port",
        "--bot-processes",
    ):
        return "int"
    return "text"


@pytest.mark.parametrize("seed", [0, 1, 2])
def test_random_garbage_in_every_option_is_refused_cleanly(seed: int, tmp: Path) -> None:
    rng = random.Random(seed)
    for name, command in _commands().items():
        for param in _params(command):
            if getattr(param, "is_flag", False):
                continue
            field = _field(param)
            value = _garbage(rng, _kind(param)).replace("{tmp}", str(tmp))
            args = _with(_fill(BASE[name], tmp), field, value)
            _assert_refused(args, name, field, tmp)


def test_a_closed_pipe_after_simulate_json_ends_quietly_with_status_141() -> None:
    env = {k: v for k, v in os.environ.items() if k != "REGALIA_DEBUG"}
    proc = subprocess.Popen(
        [sys.executable, "-m", "regalia.cli.main", "simulate", "kings-blood", "--games", "3", "--json"],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        env=env,
    )
    assert proc.stdout is not None and proc.stderr is not None
    proc.stdout.close()  # the reader is gone before anything is written
    err = proc.stderr.read()
    assert proc.wait() == 141
    assert err == b""
