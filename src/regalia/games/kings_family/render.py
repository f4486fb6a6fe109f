"""A plain-text drawing of a King's Family view (for the terminal)."""

from __future__ import annotations

from typing import Any


def _cell(card: str, attached: list[str], active: set[str], ability: dict[str, str]) -> str:
    mark = "*" if card in active else " "
    tag = "E" if "Enthronement" in attached else ""
    abil = {"Skip": "s", "Reverse": "r", "Draw3": "3"}.get(ability.get(card, ""), "")
    return f"{mark}{card}{abil}{tag}"


def render_view(view: dict[str, Any]) -> str:
    """Draw ``view`` (from ``KingsFamilyState.view``) as text lines.

    Shows the score line, the Genealogy (one line per generation with its card count; ``*`` marks
    Active cards, a trailing ``E`` an attached Enthronement, ``s``/``r``/``3`` the Skip/Reverse/
    Draw 3 abilities), the piles, the hand (``None`` for a spectator), the pending decision (the
    view's ``prompt``) and, at the end, the score breakdown (KF-9) with the undos taken (KF-X12).
    ``KingsFamily.legend`` explains every mark.

    Returns:
        the drawing, lines joined by newlines.
    """
    parts = view["score_parts"]
    active = set(view["active"])
    ability = view.get("abilities", {})
    lines = [
        f"King's Family — score {parts['score']}  "
        f"(generations {parts['generations']}, doubled {parts['doubled']}, "
        f"exhaustion bonus {parts['exhaustion_bonus']})"
    ]
    cells = view["genealogy"]
    if cells:
        lo = min(x for _, _, x, _ in cells)
        rows: dict[int, list[tuple[int, str]]] = {}
        for card, row, x, att in cells:
            rows.setdefault(row, []).append((x, _cell(card, att, active, ability)))
        top = min(rows)
        for row in sorted(rows):
            line = ""
            for x, text in sorted(rows[row]):
                line = line.ljust((x - lo) * 4) + text
            lines.append(f"G{row - top + 1:<2}({len(rows[row]):>2})| {line.rstrip()}")
    else:
        lines.append("(the Genealogy is empty)")
    closed = " — closed, no more draws" if view["drawing_closed"] else ""
    lines.append(
        f"draw pile {view['draw_pile_size']}{closed}   discards {len(view['discard_pile'])}   exhaustions {parts['exhaustions']}"
    )
    hand = view["hand"]
    if hand is None:
        lines.append(f"hand: {view['hand_size']} cards")
    else:
        shown = " ".join(
            c + {"Skip": "(s)", "Reverse": "(r)", "Draw3": "(3)"}.get(ability.get(c, ""), "") for c in hand
        )
        lines.append(f"hand ({len(hand)}/{view['hand_limit']}): {shown or '-'}")
    if view["over"]:
        lines.append(f"GAME OVER: {view['end_reason']}")
        lines.append(
            f"  generations {parts['generations']} x1 + doubled (Enthronement and below) {parts['doubled']}"
            f" + exhaustions {parts['exhaustions']} x10 = {parts['score']} points"
        )
        lines.append(f"  {_undo_line(view)}")
    elif view.get("prompt"):
        lines.append(view["prompt"])
    return "\n".join(lines)


def _undo_line(view: dict[str, Any]) -> str:
    """The undos taken (KF-X12), as the final screen says them."""
    if view.get("undo") == "off":
        return "undo off: no move was taken back"
    n = view.get("undos", 0)
    if not n:
        return "no undo taken"
    return f"{n} undo{'s' if n != 1 else ''} taken (counted, KF-X12)"
