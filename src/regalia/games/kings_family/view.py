"""The view of a King's Family position: everything a seat may know, as a JSON-ready dict, and its
plain-text drawing for the terminal (:func:`render_view`)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from regalia.games.kings_blood.cards import ABILITY_NAMES, NOTATION, NUM_CHARACTERS
from regalia.games.kings_blood.genealogy import SIDE_NAMES
from regalia.games.kings_family import rules
from regalia.games.kings_family.phases import HAND_LIMIT, ROW_LIMIT, SEAT

if TYPE_CHECKING:
    from regalia.games.kings_family.state import KingsFamilyState


def build_view(state: KingsFamilyState, seat: int | None) -> dict[str, Any]:
    """What ``seat`` may know (``None``: a spectator, who does not see the hand).

    Keys: ``game``, ``current_player``, ``decision`` (see :meth:`KingsFamilyState.decision`; a
    spectator sees ``"play_or_draw"`` for ``"play"`` and ``"draw"``), ``pending_event``,
    ``pending_marriage`` (the two Characters whose Marriage drew it, or ``None``), ``sibling``
    (the newborn child and the sibling line: for seat 0 while a group can be played, for a
    spectator once the line has started), ``hand`` (``None`` for a spectator), ``hand_size``,
    ``hand_limit``, ``row_limit``, ``draw_pile_size``, ``drawing_closed``, ``discard_pile`` (in
    order; the discards are face up), ``genealogy`` (``[card, row, x, [attached]]``),
    ``generations`` (row sizes, top first), ``active``, ``abilities`` (special abilities of the
    deck by card), ``score``, ``score_parts``, ``over``, ``end_reason``, ``undo`` (the option,
    KF-X12) and ``undos`` (how many were taken).
    """
    gen = state.gen
    sib = None
    # whether a sibling group can start depends on the hand: a spectator sees the line only
    # once it has started, and sees "play_or_draw" instead of "play" / "draw"
    decision = state.decision()
    if seat is None and decision in ("play", "draw"):
        decision = "play_or_draw"
    if (
        state.sib_child >= 0
        and not state.over
        and (state.sib_count > 0 or (seat == SEAT and rules.legal_sibling(state)))
    ):
        sib = {
            "child": NOTATION[state.sib_child],
            "last": NOTATION[state.sib_last],
            "side": SIDE_NAMES[state.sib_side] if state.sib_side >= 0 else None,
            "count": state.sib_count,
        }
    parts = state.score_parts()
    abil = state.abilities
    marriage = state.marriage
    return {
        "game": "kings-family",
        "current_player": state.current_player,
        "decision": decision,
        "pending_event": NOTATION[state.pending_event] if state.pending_event >= 0 else None,
        "pending_marriage": [NOTATION[marriage[0]], NOTATION[marriage[1]]] if marriage else None,
        "sibling": sib,
        "hand": [NOTATION[c] for c in state.hand] if seat == SEAT else None,
        "hand_size": len(state.hand),
        "hand_limit": HAND_LIMIT,
        "row_limit": ROW_LIMIT,
        "draw_pile_size": len(state.pile),
        "drawing_closed": state.closed,
        "discard_pile": [NOTATION[c] for c in state.discard],
        "genealogy": [[NOTATION[c], r, x, [NOTATION[t] for t in att]] for c, r, x, att in gen.to_json()],
        "generations": [len(cells) for _, cells in gen.rows()],
        "active": [NOTATION[c] for c in gen.active()],
        "abilities": {NOTATION[c]: ABILITY_NAMES[abil[c]] for c in range(NUM_CHARACTERS) if abil[c]},
        "score": parts["score"],
        "score_parts": parts,
        "over": state.over,
        "end_reason": state.end_reason,
        "undo": state.config.undo,
        "undos": state.undos,
    }


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
    ``KingsFamilyGame.legend`` explains every mark.

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
