"""King's Blood views (what one seat may know) and their text drawing."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Final

from regalia.games.kings_blood.cards import ENTHRONEMENT, KINGS_BLOOD, NOTATION
from regalia.games.kings_blood.phases import BIRTH, DRAWN, PHASE_NAMES, SIBLINGS
from regalia.games.kings_blood.words import ABILITY_MARKS, ABILITY_WORDS, deck_words

if TYPE_CHECKING:
    from regalia.games.kings_blood.state import KingsBloodState

CELL_WIDTH: Final = 5
"""Characters per half-card unit in ``genealogy_rows``: a card is 10 wide, room for
``*[R7f+3]E``."""


def _label(state: KingsBloodState, active: set[int]) -> Any:
    gen = state.gen
    marked = deck_words(state.abilities).marked

    def label(card: int) -> str:
        att = gen.attachments(card)
        marks = ("E" if ENTHRONEMENT in att else "") + ("K" if KINGS_BLOOD in att else "")
        return ("*" if card in active else " ") + f"[{marked[card]}]" + marks

    return label


GenealogyShown = tuple[list[dict[str, Any]], list[str], list[str], int]
"""The public parts of a view drawn from the Genealogy alone: ``genealogy``, ``genealogy_rows``,
``active`` and ``generations``."""


def _genealogy_shown(state: KingsBloodState) -> GenealogyShown:
    """The Genealogy's parts of every seat's view (public: the same for all), made once per
    state of the Genealogy and kept in its ``shown`` until it changes."""
    gen = state.gen
    active_list = gen.active()
    active = set(active_list)
    cards = []
    for card in gen.cards():
        row, x = gen.position(card)
        cards.append(
            {
                "card": NOTATION[card],
                "row": row,
                "x": x,
                "active": card in active,
                "attached": [NOTATION[a] for a in gen.attachments(card)],
            }
        )
    lines = gen.render(_label(state, active), CELL_WIDTH)
    return cards, lines, [NOTATION[c] for c in active_list], gen.generations()


def build_view(state: KingsBloodState, seat: int | None) -> dict[str, Any]:
    """Everything ``seat`` may know (``None``: a spectator), JSON-ready.

    Keys: ``game``, ``players``, ``seat``, ``current_player``, ``phase`` (the decision pending:
    turn/drawn/defend/birth/siblings/forced/bonus/over), ``turn``, ``direction`` (+1 clockwise =
    rising seats, -1), ``pending_draw``, ``hand`` (own cards, sorted; ``None`` for a spectator),
    ``drawn`` (the card just drawn, only to its drawer), ``hand_sizes``, ``known_in_hands`` (cards
    every player saw enter a hand: Exile, King's Blood card), ``genealogy`` (cards with ``row``,
    ``x``, ``active``, ``attached``), ``genealogy_rows`` (text lines), ``active``, ``generations``,
    ``child``, ``sibling_side``, ``siblings_placed``, ``forced_event``, ``draw_pile`` (size),
    ``discard`` (public, oldest first), ``aside``, ``announced``, ``skip_next``, ``passes``,
    ``last_played``, ``winner``, ``scores`` (when over), ``abilities`` (the special ability of
    every character of the deck that has one, ``{"R7f": "Draw3", "R3f": "Skip", "B5m":
    "Reverse", ...}``, the same map as King's Family's view: a table can mark any card it shows
    without knowing the deck). ``genealogy_rows`` marks Active cards ``*``, abilities ``⊘`` Skip,
    ``⇄`` Reverse and ``+3`` Draw 3, attached cards ``E`` and ``K`` (``Game.legend``).

    ``genealogy``, ``genealogy_rows`` and ``active`` are made once for each state of the
    Genealogy (its ``shown``) and shared by every seat's view until it changes: read a view, do
    not change it in place.
    """
    gen = state.gen
    shown: GenealogyShown | None = gen.shown
    if shown is None:
        shown = _genealogy_shown(state)
        gen.shown = shown
    cards, lines, active_names, generations = shown
    over = state.is_terminal
    phase = state.phase
    return {
        "game": "kings-blood",
        "players": state.num_players,
        "seat": seat,
        "current_player": state.current_player,
        "phase": PHASE_NAMES[phase],
        "turn": state.turn_count,
        "direction": state.direction,
        "pending_draw": state.pending_draw,
        "hand": None if seat is None else sorted(NOTATION[c] for c in state.hands[seat]),
        "drawn": NOTATION[state.drawn] if phase == DRAWN and seat == state.turn_player else None,
        "hand_sizes": [len(h) for h in state.hands],
        "known_in_hands": [sorted(NOTATION[c] for c in k) for k in state.known],
        "genealogy": cards,
        "genealogy_rows": lines,
        "active": active_names,
        "generations": generations,
        "child": NOTATION[state.child] if phase in (BIRTH, SIBLINGS) and state.child >= 0 else None,
        "sibling_side": ("left", "right")[state.sib_side] if phase == SIBLINGS else None,
        "siblings_placed": state.sib_count if phase == SIBLINGS else 0,
        "forced_event": NOTATION[state.pending_card] if state.pending_card >= 0 else None,
        "draw_pile": len(state.pile),
        "discard": [NOTATION[c] for c in state.discard],
        "aside": [NOTATION[c] for c in state.aside],
        "announced": list(state.announced),
        "skip_next": list(state.skip_next),
        "passes": state.passes,
        "last_played": NOTATION[state.last_played] if state.last_played >= 0 else None,
        "winner": state.winner if over and state.winner >= 0 else None,
        "scores": state.scores() if over else None,
        "abilities": dict(deck_words(state.abilities).abilities),
    }


_PHASE_TEXT: Final[dict[str, str]] = {
    "turn": "play a card or draw",
    "drawn": "play the card drawn or end the turn",
    "defend": "pass the Draw 3 on with a Skip, Reverse or Draw 3, or draw",
    "birth": "play on the newborn child, play siblings, or end",
    "siblings": "play another sibling or end",
    "forced": "play the Event drawn at the Marriage",
    "bonus": "play one more card or end",
    "over": "game over",
}
"""The decision in a few words, for a view without its ``prompt`` (``State._view``)."""

_MARK_OF: Final[dict[str, str]] = {name: ABILITY_MARKS[i] for i, name in enumerate(ABILITY_WORDS) if name}
_MARK_OF["Draw3"] = _MARK_OF.pop("Draw 3")


def _marked(view: dict[str, Any], cards: list[str]) -> str:
    """Notations with their ability marks (``R7f+3``), space separated."""
    abilities = view.get("abilities") or {}
    return " ".join(c + _MARK_OF.get(abilities.get(c, ""), "") for c in cards)


def render_text(view: dict[str, Any]) -> str:
    """A plain-text drawing of a view: the Genealogy by generation (``*`` marks Active cards,
    ``⊘``/``⇄``/``+3`` the Skip/Reverse/Draw 3 abilities, ``E`` an Enthronement, ``K`` the King's
    Blood card), the seats, the hand (abilities marked), the pending Draw 3 and the decision in
    words (the view's ``prompt``)."""
    out = ["King's Blood"]
    cur = view["current_player"]
    turn_dir = "rising seats" if view["direction"] == 1 else "falling seats"
    discard = view["discard"]
    top = f" (top: {_marked(view, discard[-1:])})" if discard else ""
    out.append(
        f"turn {view['turn']}, play passes to {turn_dir}; draw pile {view['draw_pile']}, discards {len(discard)}{top}"
    )
    out.append("Genealogy:")
    rows = view["genealogy_rows"]
    if rows:
        out.extend(f"  {line}" for line in rows)
    else:
        out.append("  (empty)")
    for p, size in enumerate(view["hand_sizes"]):
        marks = []
        if p == cur:
            marks.append("to act")
        if view["announced"][p]:
            marks.append("announced")
        if view["skip_next"][p]:
            marks.append("skips next turn")
        known = view["known_in_hands"][p]
        seen = f" incl. {_marked(view, known)}" if known and p != view["seat"] else ""
        out.append(
            f"  P{p}: {size} card{'s' if size != 1 else ''}{seen}{' (' + ', '.join(marks) + ')' if marks else ''}"
        )
    if view["aside"]:
        out.append("set aside: the King's Blood card")
    if view["hand"] is not None:
        out.append(f"your hand (P{view['seat']}): {_marked(view, view['hand']) or '(empty)'}")
    if view["drawn"]:
        out.append(f"you drew: {_marked(view, [view['drawn']])}")
    if view["pending_draw"]:
        out.append(f"pending Draw 3: {view['pending_draw']} cards")
    if view["child"]:
        out.append(f"newborn: {_marked(view, [view['child']])}")
    if view["forced_event"]:
        out.append(f"Event drawn at the Marriage: {view['forced_event']}")
    if view["phase"] == "over" and not view.get("prompt"):
        who = "no winner" if view["winner"] is None else f"P{view['winner']} wins"
        scores = view["scores"]
        shown = ", ".join(f"P{p} {v}" for p, v in enumerate(scores or []))
        out.append(f"game over: {who}" + (f"; scores {shown}" if scores and any(scores) else ""))
    elif view["phase"] == "over":
        out.append(view["prompt"])
    elif view.get("prompt"):
        out.append(f"P{cur}: {view['prompt']}" if view["seat"] == cur else view["prompt"])
    elif "prompt" not in view:  # a view made without its prompt; "prompt": "" means a front prints it
        out.append(f"P{cur} to {_PHASE_TEXT[view['phase']]}")
    return "\n".join(out)
