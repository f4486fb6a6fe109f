"""The play screen's parts: numbered and grouped choices, line reading and completion."""

from __future__ import annotations

import io
import random
from typing import Any

import pytest
from prompt_toolkit.completion import CompleteEvent
from prompt_toolkit.document import Document
from prompt_toolkit.input import create_pipe_input
from prompt_toolkit.output import DummyOutput
from rich.console import Console

import regalia
from regalia.cli.choices import LIMIT, Menu, narrow, numbered
from regalia.cli.lineinput import (
    ChoiceCompleter,
    PlainReader,
    RefusedLine,
    TerminalReader,
    clean_line,
    next_words,
)


def _rows(renderable: Any, width: int = 80) -> list[str]:
    console = Console(width=width, file=io.StringIO(), color_system=None)
    console.print(renderable)
    out = console.file.getvalue()  # type: ignore[attr-defined]
    return [line for line in out.splitlines() if line.strip()]


def _choices(texts: list[str], group: Any = None) -> list[dict[str, Any]]:
    return [
        {"text": t, "label": f"label of {t}", "id": i, "group": group(t) if group else t.split()[0]}
        for i, t in enumerate(texts)
    ]


def _largest_decision(game: str, players: int, seed: int) -> regalia.State:
    """The state of a random playout whose decision offers the most choices."""
    state = regalia.make(game, players=players, seed=seed)
    rng = random.Random(seed)
    best, most = state.clone(), len(state.legal_choices())
    while not state.is_terminal:
        n = len(state.legal_choices())
        if n > most:
            best, most = state.clone(), n
        state.apply(rng.choice(state.legal_actions()))
    return best


def test_few_choices_are_listed_in_the_game_order_with_labels() -> None:
    menu = Menu(_choices(["draw", "play 5", "play 7"]))
    rows = _rows(menu.render())
    assert [r.split()[0] for r in rows] == ["1", "2", "3"]
    assert "draw" in rows[0] and "label of draw" in rows[0]
    assert menu.by_number(2) is not None and menu.by_number(2).text == "play 5"  # type: ignore[union-attr]
    assert menu.by_number(0) is None and menu.by_number(4) is None


def test_a_label_equal_to_the_text_is_not_repeated() -> None:
    menu = Menu([{"text": "draw", "label": "draw", "id": 0, "group": "draw"}])
    assert [r.split() for r in _rows(menu.render())] == [["1", "draw"]]


def test_many_choices_are_numbered_group_by_group() -> None:
    texts = [f"play {i}" for i in range(10)] + ["draw"] + [f"pass {i}" for i in range(10)]
    items = numbered(_choices(texts))
    assert [c.group for c in items] == ["play"] * 10 + ["draw"] + ["pass"] * 10
    interleaved = [
        t for pair in zip([f"a {i}" for i in range(9)], [f"b {i}" for i in range(9)], strict=True) for t in pair
    ]
    items = numbered(_choices(interleaved))
    assert [c.text for c in items][:2] == ["a 0", "a 1"] and [c.number for c in items] == list(range(1, 19))


def test_many_choices_fit_in_the_row_budget_and_small_groups_stay_open() -> None:
    texts = [f"play A{i}f left of B{i}m" for i in range(16)] + [f"connect R{i}m" for i in range(11)] + ["draw"]
    menu = Menu(_choices(texts))
    rows = _rows(menu.render())
    assert len(rows) <= LIMIT
    assert "type a heading" in rows[0]  # one line says how to open a heading
    assert any("play …" in r and "16 choices" in r for r in rows)
    assert sum("connect R" in r for r in rows) == 11  # the group of 11 fits beside the heading of 16
    assert any(r.split()[:2] == ["28", "draw"] for r in rows)


def test_typing_a_group_word_lists_it_and_narrows_by_the_next_word() -> None:
    texts = [f"offer H{i}s H{j}d to P{k}" for i in range(3) for j in range(3) for k in range(3)]
    menu = Menu(_choices(texts))
    top = _rows(menu.render())
    # one group, so bucketed by the second word: the first bucket fits open, the other two are headings
    assert len(top) == 12 and "type a heading" in top[0] and sum("offer H0s" in r for r in top) == 9
    assert any("offer H1s …" in r and "9 choices" in r for r in top) and any("offer H2s …" in r for r in top)
    listed = _rows(menu.render_query("offer H1s"))
    assert len(listed) == 9 and all("offer H1s" in r for r in listed)
    assert [r.split()[0] for r in listed] == [str(n) for n in range(10, 19)]  # the numbers stay fixed
    assert menu.render_query("nothing like it") is None


def test_narrow_matches_group_prefix_then_words_in_the_label() -> None:
    items = numbered(
        [
            {"text": "play R7f right of B7m", "label": "R7f (Romance 7, Draw 3) beside B7m", "id": 1, "group": "marry"},
            {"text": "draw", "label": "draw a card", "id": 2, "group": "draw"},
        ]
    )
    assert [c.id for c in narrow(items, "marry")] == [1]
    assert [c.id for c in narrow(items, "PLAY   r7f")] == [1]
    assert [c.id for c in narrow(items, "draw 3")] == [1]  # in the label only
    assert narrow(items, "  ") == []


@pytest.mark.parametrize(("game", "players", "seed"), [("kingship", 4, 1), ("kings-blood", 4, 10)])
def test_the_largest_real_decisions_keep_the_choices_within_the_budget(game: str, players: int, seed: int) -> None:
    state = _largest_decision(game, players, seed)
    menu = Menu(state.legal_choices())
    assert len(menu) > LIMIT
    rows = _rows(menu.render())
    assert len(rows) <= LIMIT + 1  # a compact listing has one line of explanation above it
    table = state.game.render_text(state.view(state.current_player)).splitlines()
    assert len(table) + 2 + len(rows) + 1 <= 50  # rule, prompt, choices, input line: a 50-row screen


def test_clean_line_refuses_arrow_keys_and_control_characters() -> None:
    assert clean_line("  play 5 \r\n") == "play 5"
    assert clean_line("play\t5") == "play 5"
    for raw in ("\x1b[A", "play\x1b[D 5", "dr\x00aw", "\x7f"):
        with pytest.raises(RefusedLine, match="control keys"):
            clean_line(raw)
    with pytest.raises(RefusedLine, match="at most"):
        clean_line("x" * 5000)


def test_next_words_completes_a_word_at_a_time() -> None:
    cands = [("play A1f left of B2m", "x"), ("play A1f right of B2m", "y"), ("pass", "z"), ("quit", "stop")]
    assert next_words("", cands) == [("play", "2 choices"), ("pass", "z"), ("quit", "stop")]
    assert next_words("PL", cands) == [("play", "2 choices")]
    assert next_words("play", cands) == [("play A1f", "2 choices")]
    assert next_words("play A1f ", cands) == [("play A1f left", "x"), ("play A1f right", "y")]
    assert next_words("play A1f right of B2m", cands) == [("play A1f right of B2m", "y")]
    assert next_words("zz", cands) == []


def test_the_completer_replaces_the_whole_line() -> None:
    completer = ChoiceCompleter(lambda: [("play A1f left of B2m", "x"), ("pass", "z")])
    got = list(completer.get_completions(Document("pa"), CompleteEvent(completion_requested=True)))
    assert [(c.text, c.start_position, c.display_meta_text) for c in got] == [("pass", -2, "z")]


def test_terminal_reader_keeps_arrow_keys_out_of_the_entry() -> None:
    with create_pipe_input() as pipe:
        reader = TerminalReader(input=pipe, output=DummyOutput())
        pipe.send_text("draw\r")
        assert reader.read("> ", list) == "draw"
        pipe.send_text("\x1b[A\r")  # up arrow: the previous entry from the history
        assert reader.read("> ", list) == "draw"
        pipe.send_text("pl5\x1b[Day \x1b[C\x1b[B\r")  # left, then right and down: editing only
        assert reader.read("> ", list) == "play 5"
        pipe.send_text("\x04")  # Ctrl-D on an empty line: the end of input
        with pytest.raises(EOFError):
            reader.read("> ", list)


def test_plain_reader_echoes_piped_lines_and_ends_at_eof() -> None:
    out = io.StringIO()
    reader = PlainReader(io.StringIO("play 5\n\x1b[A\n"), out)
    assert reader.read("P0 > ", list) == "play 5\n"
    assert reader.read("P0 > ", list) == "\x1b[A\n"
    with pytest.raises(EOFError):
        reader.read("P0 > ", list)
    assert out.getvalue() == "P0 > play 5\nP0 > \\x1b[A\nP0 > \n"


def test_a_tall_terminal_gives_the_choices_the_rows_below_the_table() -> None:
    from regalia.cli.session import RESERVED_ROWS, Session

    state = regalia.make("kingship", players=4, seed=1)
    tall = Console(file=io.StringIO(), force_terminal=True, height=50, width=100)
    session = Session(state, 1, {}, tall)
    assert session.rows_for_choices(12) == 50 - 12 - RESERVED_ROWS
    assert session.rows_for_choices(40) == LIMIT  # never fewer than the default
    piped = Console(file=io.StringIO(), height=50, width=100)
    assert Session(state, 1, {}, piped).rows_for_choices(12) == LIMIT  # off a terminal: the default
