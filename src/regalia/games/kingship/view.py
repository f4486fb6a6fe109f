"""What one seat may know (the view) and its plain-text drawing."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from regalia.games.kingship.actions import ask_text, item_text, law_text
from regalia.games.kingship.cards import NAME, TITLE_NAMES, spec_text
from regalia.games.kingship.laws import law_description

if TYPE_CHECKING:
    from regalia.games.kingship.state import KingshipState


def _decision_info(s: KingshipState) -> dict[str, Any]:
    """Public details of the pending decision (all of it was announced at the table)."""
    c = s.ctx
    info: dict[str, Any] = {}
    for key in ("actor", "target"):
        if isinstance(c.get(key), int) and c[key] >= 0:
            info[key] = c[key]
    if "spec" in c:
        info["spec"] = spec_text(c["spec"])
    if "m_item" in c:
        info["offer"] = item_text(c["m_item"])
    if "m_ask" in c:
        info["ask"] = ask_text(c["m_ask"])
    if c.get("m_counters"):
        info["counters"] = {f"P{seat}": item_text(i) for seat, i in c["m_counters"]}
    if "law" in c:
        info["law"] = law_text(c["law"][0], c["law"][1])
    if c.get("t_forb"):
        info["forbidden"] = list(c["t_forb"])
    if "copied" in c:
        info["wizard_copy"] = NAME[c["copied"]]
    if s.pending is not None and s.pending[0] == "lq":
        info["drawer"], info["count"] = s.pending[2], s.pending[3]
    if s.pending is not None and s.pending[0] == "law":
        info["mode"] = s.pending[2]
    kind = s.pending[0] if s.pending is not None else ""
    keep = _INFO_KEYS.get(kind, ())
    return {k: v for k, v in info.items() if k in keep or k in ("actor", "wizard_copy")}


_TARGETING = ("target", "forbidden")
_INFO_KEYS: dict[str, tuple[str, ...]] = {
    "target": _TARGETING,
    "dq": _TARGETING,
    "outlaw": _TARGETING,
    "reroute": _TARGETING,
    "knight": _TARGETING,
    "give": _TARGETING,
    "give_exile": _TARGETING,
    "m_take": _TARGETING,
    "m_return": _TARGETING,
    "search": _TARGETING,
    "poach": ("spec",),
    "m_ask": ("offer",),
    "m_resp": ("offer", "ask", "counters"),
    "m_choose": ("offer", "ask", "counters"),
    "vote": ("law",),
    "lq": ("drawer", "count"),
    "law": ("mode",),
}
"""Which public details each decision shows (the rest of ``ctx`` is stale for it)."""


def build_view(s: KingshipState, seat: int | None) -> dict[str, Any]:
    """The JSON-ready view of ``seat`` (``None``: a spectator). Hands, the deck order and cards
    revealed to one player appear only in the views of those who saw them; a response window is
    shown only to the player it is offered to [KS-6]."""
    visible = s.pending is not None and not s.over and (s.public_pending() or s.pending[1] == seat)
    kt = min(s.knows_top[seat], len(s.deck)) if seat is not None else 0
    view: dict[str, Any] = {
        "game": "kingship",
        "seat": seat,
        "players": s.n,
        "turn": s.nturns,
        "turn_player": s.tp,
        "direction": "clockwise" if s.direction == 1 else "counter-clockwise",
        "to_act": s.pending[1] if visible and s.pending is not None else None,
        "decision": s.pending[0] if visible and s.pending is not None else None,
        "decision_info": _decision_info(s) if visible else {},
        "drawn_this_turn": s.drawn,
        "pile_top": NAME[s.pile[-1]] if s.pile else None,
        "pile": [NAME[k] for k in s.pile],
        "deck_size": len(s.deck),
        "deck_top_known": [NAME[k] for k in reversed(s.deck[len(s.deck) - kt :])],
        "graveyard": [NAME[k] for k in s.grave],
        "graveyard_size": len(s.grave),
        "titles": {TITLE_NAMES[t]: (s.titles[t] if s.titles[t] >= 0 else None) for t in range(6)},
        "laws": [law_description(law) for law in s.laws],
        "law_codes": [law_text(law[0], law[1]) for law in s.laws],
        "hand_sizes": s.hs[:],
        "hand": [NAME[k] for k in s.hand_list(seat)] if seat is not None else None,
        "known_cards": {},
        "outlaws_in_play": len(s.ctx.get("outlaws", [])),
        "skip_next": s.skip,
        "extra_turn": s.extra,
        "over": s.over,
        "winners": list(s.winners),
    }
    if seat is not None:
        for o in range(s.n):
            d = s.known.get(seat * 8 + o)
            if d:
                view["known_cards"][f"P{o}"] = [NAME[k] for k in sorted(d) for _ in range(d[k])]
        if s.pending is not None and s.pending[0] == "search" and s.pending[1] == seat:
            view["deck_cards"] = sorted(NAME[k] for k in s.deck)
    return view


def render_text(view: dict[str, Any]) -> str:
    """A plain-text drawing of a view: pile top, titles and holders, laws, hands, graveyard."""
    lines = []
    seat = view["seat"]
    who = "spectator" if seat is None else f"P{seat}"
    lines.append(
        f"Kingship — {view['players']} players — turn {view['turn']}, P{view['turn_player']} on turn ({view['direction']}) — you are {who}"
    )
    if view["over"]:
        w = view["winners"]
        lines.append("GAME OVER: " + (f"P{w[0]} wins" if w else "draw"))
    lines.append(
        f"Pile top: [{view['pile_top']}]  (pile {len(view['pile'])} cards)   Deck: {view['deck_size']} cards   Graveyard: {view['graveyard_size']} cards"
    )
    if view["deck_top_known"]:
        lines.append(f"You know the top of the deck: {' '.join(view['deck_top_known'])}")
    titles = "  ".join(f"{t}: {'P' + str(h) if h is not None else '-'}" for t, h in view["titles"].items())
    lines.append(f"Titles: {titles}")
    lines.append("Laws: " + ("; ".join(view["laws"]) if view["laws"] else "none"))
    sizes = "  ".join(f"P{i}:{n}" for i, n in enumerate(view["hand_sizes"]))
    lines.append(f"Hand sizes: {sizes}")
    for o, cards in view["known_cards"].items():
        lines.append(f"You know {o} holds: {' '.join(cards)}")
    if view["hand"] is not None:
        lines.append(f"Your hand: {' '.join(view['hand']) or '(empty)'}")
    if view["decision"]:
        extra = ", ".join(f"{k}={v}" for k, v in view["decision_info"].items())
        lines.append(f"Waiting for P{view['to_act']}: {view['decision']}" + (f" ({extra})" if extra else ""))
    return "\n".join(lines)
