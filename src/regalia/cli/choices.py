"""The legal choices of a decision as the terminal shows them: numbered, with their labels, and
grouped when there are many, so that the table stays on a 50-row screen.

A decision shows at most :data:`LIMIT` rows of choices (more on a tall terminal: what the
screen has left below the table, see ``Session.rows_for_choices``). With more choices, they are bucketed by
their ``group`` (``State.legal_choices``; the first word of the text by default) and the small
buckets are shown in full while the larger ones collapse to a heading with a count; typing a
heading (a group word, or the start of an action) lists that bucket, bucketed again by the next
word of the texts when it is still long. Numbers are fixed for the decision: ``12`` means the same
choice in every listing.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from rich.columns import Columns
from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

LIMIT = 15
"""The most rows of choices shown at once."""
MAX_COMPACT = 120
"""The most choices listed in compact columns (past it, only headings are)."""


@dataclass(frozen=True)
class Choice:
    """One legal choice with its number on screen.

    Attributes:
        number: its number in this decision (from 1).
        text: the canonical action text (typing it plays it).
        label: the game's short human label.
        group: the heading it is listed under when there are many choices.
        id: the action's integer id.
    """

    number: int
    text: str
    label: str
    group: str
    id: int


def numbered(choices: list[dict[str, Any]]) -> list[Choice]:
    """Number ``State.legal_choices()``: in the game's order, or — when there are more than
    :data:`LIMIT` — group by group (groups in order of first appearance, the game's order inside)."""
    rows = list(choices)
    if len(rows) > LIMIT:
        first: dict[str, int] = {}
        for i, c in enumerate(rows):
            first.setdefault(str(c["group"]), i)
        rows = sorted(rows, key=lambda c: first[str(c["group"])])  # stable: the game's order inside a group
    return [Choice(i, str(c["text"]), str(c["label"]), str(c["group"]), int(c["id"])) for i, c in enumerate(rows, 1)]


def _common_words(items: list[Choice]) -> int:
    """How many leading words every text of ``items`` shares."""
    split = [c.text.split() for c in items]
    n = min(len(w) for w in split)
    k = 0
    while k < n and all(w[k] == split[0][k] for w in split):
        k += 1
    return k


def buckets(items: list[Choice], by_group: bool) -> dict[str, list[Choice]]:
    """``items`` bucketed under headings, in order: by ``group`` (when ``by_group`` and there
    are several groups), else by the texts' shared leading words plus the next word."""
    if by_group:
        out: dict[str, list[Choice]] = {}
        for c in items:
            out.setdefault(c.group, []).append(c)
        if len(out) > 1:
            return out
    out = {}
    k = _common_words(items) + 1
    for c in items:
        out.setdefault(" ".join(c.text.split()[:k]), []).append(c)
    return out


def narrow(items: list[Choice], query: str) -> list[Choice]:
    """The choices a typed word or prefix points to: those whose group is ``query`` or whose text
    starts with it (case and repeated spaces ignored); if none, those whose text or label
    contains it."""
    q = " ".join(query.lower().split())
    if not q:
        return []
    hits = [c for c in items if c.group.lower() == q or c.text.lower().startswith(q)]
    if hits:
        return hits
    return [c for c in items if q in c.text.lower() or q in c.label.lower()]


def _lines(items: Iterable[Choice]) -> Table:
    table = Table(show_header=False, box=None, padding=(0, 1), pad_edge=False)
    table.add_column(justify="right", style="bold cyan", no_wrap=True)
    table.add_column(no_wrap=True)
    rows = list(items)
    labelled = any(c.label != c.text for c in rows)
    if labelled:
        table.add_column(style="dim", overflow="fold")
    for c in rows:
        cells: list[str | Text] = [str(c.number), Text(c.text)]
        if labelled:
            cells.append(Text("" if c.label == c.text else c.label))
        table.add_row(*cells)
    return table


def _heading(key: str, items: list[Choice]) -> Text:
    text = Text("  ")
    text.append(f"{key} …", style="bold")
    text.append(f"  {len(items)} choices", style="dim")
    return text


HEADINGS_HINT = "(type a heading, or its first words, to list its choices)"
WIDTH = 80
"""The terminal width the row budget assumes when none is given (columns)."""


def _cost(c: Choice, width: int) -> int:
    """The screen rows a listed choice takes at ``width`` columns (a long label wraps)."""
    used = len(str(c.number)) + 1 + len(c.text) + (1 + len(c.label) if c.label != c.text else 0)
    return 1 + max(0, used - 1) // max(20, width)


def layout(items: list[Choice], by_group: bool = True, limit: int = LIMIT, width: int = WIDTH) -> RenderableType:
    """``items`` as at most about ``limit`` rows of ``width`` columns (a choice whose label
    wraps counts its rows): every choice when they fit; else the buckets (:func:`buckets`), the
    smallest shown in full while the rows allow and the others as a heading with a count, under
    one line saying how to open a heading; with more buckets than rows, compact columns."""
    if sum(_cost(c, width) for c in items) <= limit:
        return _lines(items)
    groups = buckets(items, by_group)
    if len(groups) > limit:
        if len(items) <= MAX_COMPACT:
            cells = [Text.assemble((f"{c.number:>3} ", "bold cyan"), c.text) for c in items]
        else:
            cells = [Text.assemble((k, "bold"), (f" ({len(v)})", "dim")) for k, v in groups.items()]
        return Group(Text(f"{len(items)} choices; type the start of one to list fewer:", style="dim"), Columns(cells))
    expanded: set[str] = {k for k, v in groups.items() if len(v) == 1}
    rows = sum(_cost(v[0], width) if k in expanded else 1 for k, v in groups.items())
    for key, group in sorted(groups.items(), key=lambda kv: sum(_cost(c, width) for c in kv[1])):
        if key in expanded:
            continue
        cost = sum(_cost(c, width) for c in group)
        if rows - 1 + cost > limit:
            break
        expanded.add(key)
        rows += cost - 1
    parts: list[RenderableType] = [Text(HEADINGS_HINT, style="dim")] if len(expanded) < len(groups) else []
    run: list[Choice] = []
    for key, group in groups.items():
        if key in expanded:
            run.extend(group)
            continue
        if run:
            parts.append(_lines(run))
            run = []
        parts.append(_heading(key, group))
    if run:
        parts.append(_lines(run))
    return Group(*parts)


class Menu:
    """The choices of one decision, numbered (see the module's description)."""

    def __init__(self, choices: list[dict[str, Any]]) -> None:
        self.items = numbered(choices)

    def __len__(self) -> int:
        return len(self.items)

    def by_number(self, number: int) -> Choice | None:
        """The choice numbered ``number``, or ``None``."""
        return self.items[number - 1] if 1 <= number <= len(self.items) else None

    def by_text(self, text: str) -> Choice | None:
        """The choice whose text is ``text`` exactly (spaces around ignored), or ``None``."""
        t = text.strip()
        for c in self.items:
            if c.text == t:
                return c
        return None

    def render(self, limit: int = LIMIT, width: int = WIDTH) -> RenderableType:
        """Every choice, grouped when they take more than ``limit`` rows of ``width`` columns."""
        return layout(self.items, by_group=True, limit=limit, width=width)

    def render_query(self, query: str, limit: int = LIMIT, width: int = WIDTH) -> RenderableType | None:
        """The choices ``query`` points to (:func:`narrow`), or ``None`` when it points to none."""
        hits = narrow(self.items, query)
        if not hits:
            return None
        return layout(hits, by_group=len(hits) == len(self.items), limit=limit, width=width)

    def headings(self) -> list[str]:
        """The group names of the choices (words a person may type to list a group)."""
        return list(dict.fromkeys(c.group for c in self.items))


__all__ = ["LIMIT", "Choice", "Menu", "buckets", "layout", "narrow", "numbered"]
