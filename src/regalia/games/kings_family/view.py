"""The view of a King's Family position: everything a seat may know, as a JSON-ready dict."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from regalia.games.kings_blood.cards import ABILITY_NAMES, NOTATION, NUM_CHARACTERS
from regalia.games.kings_blood.genealogy import SIDE_NAMES
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
    if state.sib_child >= 0 and not state.over and (state.sib_count > 0 or (seat == SEAT and state._sibling_actions())):
        sib = {
            "child": NOTATION[state.sib_child],
            "last": NOTATION[state.sib_last],
            "side": SIDE_NAMES[state.sib_side] if state.sib_side >= 0 else None,
            "count": state.sib_count,
        }
    parts = state.score_parts()
    abil = state._abil
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
