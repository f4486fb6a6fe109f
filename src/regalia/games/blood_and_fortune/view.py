"""What a seat sees (BF-2 and "Secrecy"), and its plain-text drawing for the terminal."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from regalia.games.blood_and_fortune.cards import (
    CARD_NAMES,
    HOUSE_NAMES,
    HOUSE_OF,
    ROLE_BASE,
    ROLES,
    ROUNDS,
    SCORE_NAMES,
    SPECIAL_ACTIONS,
    SPECIAL_CUTOFF,
    TURNS_PER_ROUND,
    is_role,
)
from regalia.games.blood_and_fortune.phases import KEEPING, PAYING, ROLE_TARGET

if TYPE_CHECKING:
    from regalia.games.blood_and_fortune.state import BloodAndFortuneState

HOUSE_RULE_LABEL = "house rule: regalia's own text (the published text is unknown)"


def _effect_dict(eff: Any) -> dict[str, Any]:
    return {"id": eff.id, "name": eff.name, "text": eff.text, "house_rule": True}


def make_view(state: BloodAndFortuneState, seat: int | None) -> dict[str, Any]:
    """Everything ``seat`` may know (``None`` = spectator), JSON-ready.

    Shown to everyone: houses, Score cards, the Ring, totals, whose decision it is, hand sizes
    (Influence and Role cards apart, BF-X4), every area's size and the house of each of its
    face-down cards (public: the offerer's hand holds only their house, BF-X4), who offered to
    whom, played roles, the last round's reveal and score table. Shown only to ``seat``: its own
    hand and area, the cards it offered and which was kept, the cards offered to it (BF-2), what
    it peeked, and its role draft cards.
    """
    n = state.num_players
    bit = 0 if seat is None else 1 << seat
    cfg = state.config
    phase_name = state.decision()
    areas = []
    for q in range(n):
        row = []
        for c, k in zip(state.areas[q], state.known[q], strict=True):
            row.append(CARD_NAMES[c] if k & bit else HOUSE_NAMES[HOUSE_OF[c]] + "?")
        areas.append(row)
    offers = []
    for p, r, cards, kept, _slot in state.offers_log:
        entry: dict[str, Any] = {
            "from": p,
            "to": r,
            "count": len(cards),
            "kept": "role" if is_role(kept) else "influence",
        }
        if seat in (p, r):
            entry["cards"] = [CARD_NAMES[c] for c in cards]
            entry["kept_card"] = CARD_NAMES[kept]
        offers.append(entry)
    payments = []
    for r, p, c, _slot in state.payments_log:
        pay: dict[str, Any] = {"from": r, "to": p}
        if seat in (p, r):
            pay["card"] = CARD_NAMES[c]
        payments.append(pay)
    pending: dict[str, Any] | None = None
    if state.phase in (KEEPING, PAYING):
        pending = {"from": state.offerer, "to": state.recipient, "count": len(state.offer)}
        if state.phase == KEEPING:
            pending["roles"] = sum(1 for c in state.offer if is_role(c))
            if seat in (state.offerer, state.recipient):
                pending["cards"] = [CARD_NAMES[c] for c in state.offer]
    view: dict[str, Any] = {
        "game": "blood-and-fortune",
        "seat": seat,
        "players": n,
        "round": min(state.round + 1, ROUNDS),
        "rounds": ROUNDS,
        "phase": phase_name,
        "to_act": state.current_player,
        "decision": phase_name,
        "first_player": state.first,
        "ring": state.ring,
        "houses": [HOUSE_NAMES[h] for h in state.houses],
        "score_cards": [SCORE_NAMES[s] for s in state.score_cards],
        "totals": list(state.totals),
        "offer_turn": state.turn_k,
        "turns_taken": [min(TURNS_PER_ROUND, (state.turn_k - ((q - state.first) % n) + n - 1) // n) for q in range(n)],
        "hand": None if seat is None else sorted(CARD_NAMES[c] for c in state.hands[seat]),
        "hand_sizes": [
            {"influence": sum(1 for c in h if not is_role(c)), "roles": sum(1 for c in h if is_role(c))}
            for h in state.hands
        ],
        "areas": areas,
        "area_sizes": [len(a) for a in state.areas],
        "pending_offer": pending,
        "offers": offers,
        "payments": payments,
        "seen": [] if seat is None else [{**x, "cards": list(x["cards"])} for x in state.peeks[seat]],
        "options": {"roles": cfg.roles, "special_actions": cfg.special_actions, "first_player": cfg.first_player},
        "last_round": _copy_json(state.last_round),
        "game_over": state.is_terminal,
        "winners": list(state.winners),
    }
    if cfg.special_actions:
        view["special_actions"] = {
            "house_rule": True,
            "label": HOUSE_RULE_LABEL,
            "cards": [_effect_dict(SPECIAL_ACTIONS[s]) for s in state.score_cards],
            "used": list(state.special_used),
            "turned_over": [t > SPECIAL_CUTOFF for t in state.totals],
            "received": [x > 0 for x in state.received],
            "bonuses": [[s, a, c] for s, a, c in state.bonuses],
        }
    if cfg.roles:
        draft: dict[str, Any] = {
            "placed": [x >= 0 for x in state.placed],
            "dealt_sizes": [len(d) for d in state.dealt],
            "takes": [
                {"taker": t, "from": x, **({"role": CARD_NAMES[r]} if seat in (t, x) else {})}
                for t, x, r in state.takes
            ],
        }
        if seat is not None:
            draft["dealt"] = [CARD_NAMES[c] for c in state.dealt[seat]]
            draft["my_placed"] = CARD_NAMES[state.placed[seat]] if state.placed[seat] >= 0 else None
        view["roles"] = {
            "house_rule": True,
            "label": HOUSE_RULE_LABEL,
            "draft": draft,
            "played": [{"role": CARD_NAMES[r], "seat": q} for r, q in state.played],
            "resolving": CARD_NAMES[state.resolve_queue[0][0]] if state.phase == ROLE_TARGET else None,
            "texts": {e.id: e.text for e in ROLES},
            "keep_doubles": [bool(state.keep_doubles >> q & 1) for q in range(n)],
            "lose_doubles": [bool(state.lose_doubles >> q & 1) for q in range(n)],
            "regent": state.regent if state.regent >= 0 else None,
        }
        if seat is not None:
            view["roles"]["my_roles"] = sorted(
                (CARD_NAMES[c] for c in state.hands[seat] if c >= ROLE_BASE), key=lambda s: int(s[1:])
            )
    return view


def render_text(view: dict[str, Any]) -> str:
    """A plain-text drawing of ``view`` (what the viewing seat sees) for the terminal."""
    seat = view["seat"]
    n = view["players"]
    lines = [
        f"Blood & Fortune — round {view['round']}/{view['rounds']}" + (" — game over" if view["game_over"] else "")
    ]
    lines.append(f"First player P{view['first_player']}; Ring: P{view['ring']}")
    for q in range(n):
        me = " (you)" if q == seat else ""
        hs = view["hand_sizes"][q]
        roles = f", {hs['roles']} role" if hs["roles"] else ""
        ring = " [Ring]" if q == view["ring"] else ""
        area = " ".join(view["areas"][q]) or "-"
        lines.append(
            f"P{q}{me}{ring} {view['houses'][q]} {view['score_cards'][q]} total {view['totals'][q]:>2} | hand {hs['influence']}{roles} | area: {area}"
        )
    if seat is not None:
        lines.append("Your hand: " + (" ".join(view["hand"]) or "-"))
    pend = view.get("pending_offer")
    if pend:
        cards = " ".join(pend.get("cards", [])) or f"{pend['count']} face-down card(s)"
        lines.append(f"Offer on the table: P{pend['from']} -> P{pend['to']}: {cards}")
    if view["offers"]:
        parts = []
        for o in view["offers"]:
            t = f"P{o['from']}->P{o['to']}"
            if "kept_card" in o:
                t += f" kept {o['kept_card']} of {'/'.join(o['cards'])}"
            elif o["kept"] == "role":
                t += " (role kept)"
            parts.append(t)
        lines.append("Offers this round: " + "; ".join(parts))
    for s in view["seen"]:
        where = f"P{s['seat']}'s area card {s['position']}" if s["position"] else f"P{s['seat']}'s hand"
        lines.append(f"You saw ({s['source']}) {where}: {' '.join(s['cards']) or '-'}")
    if "special_actions" in view:
        sa = view["special_actions"]
        if seat is not None:
            mine = sa["cards"][seat]
            state_txt = "used" if sa["used"][seat] else ("turned over" if sa["turned_over"][seat] else "available")
            lines.append(f"Your Special Action {mine['id']} {mine['name']} ({state_txt}; house rule): {mine['text']}")
    if "roles" in view:
        ro = view["roles"]
        if seat is not None:
            d = ro["draft"]
            if d.get("dealt"):
                lines.append("Dealt roles: " + " ".join(d["dealt"]))
            if d.get("my_placed"):
                lines.append(f"Your face-down role for others to take: {d['my_placed']}")
            if ro.get("my_roles"):
                lines.append("Your roles (house rules): " + ", ".join(f"{r} {ro['texts'][r]}" for r in ro["my_roles"]))
        placed = [q for q, x in enumerate(ro["draft"]["placed"]) if x]
        if placed:
            lines.append("Face-down roles to take, placed by: " + " ".join(f"P{q}" for q in placed))
        if ro["played"]:
            lines.append("Roles played: " + ", ".join(f"P{x['seat']} {x['role']}" for x in ro["played"]))
    last = view.get("last_round")
    if last:
        lines.append(f"Round {last['round']} reveal (Ring P{last['ring']}):")
        for q in range(n):
            gone = " ".join(last["discarded"][q])
            lines.append(
                f"  P{q}: {' '.join(last['revealed'][q]) or '-'}"
                + (f"  (discarded {gone})" if gone else "")
                + f"  score {last['scores'][q]}  total {last['totals'][q]}"
            )
        lines.append(
            f"  P{last['winner']} wins the round"
            + (f" (tie among {', '.join(f'P{t}' for t in last['tied'])})" if last["tied"] else "")
        )
    if view["game_over"]:
        w = view["winners"]
        lines.append(f"Winner: P{w[0]}" if w else "Tie for the highest total: nobody wins")
    elif view["to_act"] is not None:
        lines.append(f"To act: P{view['to_act']} ({view['decision']})")
    return "\n".join(lines)


def _copy_json(value: Any) -> Any:
    """A deep copy of JSON-like data (dicts, lists, scalars) — much cheaper than ``copy.deepcopy``."""
    if isinstance(value, dict):
        return {k: _copy_json(v) for k, v in value.items()}
    if isinstance(value, list):
        return [_copy_json(v) for v in value]
    return value
