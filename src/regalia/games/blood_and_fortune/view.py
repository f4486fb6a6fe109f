"""What a seat sees (BF-2 and "Secrecy"), and its plain-text drawing for the terminal."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Final

from regalia.games.blood_and_fortune.cards import (
    CARD_INDEX,
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
    VALUE,
    is_role,
)
from regalia.games.blood_and_fortune.phases import KEEPING, PAYING, ROLE_TARGET, STAGE_NAMES
from regalia.games.blood_and_fortune.words import tie_break

if TYPE_CHECKING:
    from regalia.games.blood_and_fortune.state import BloodAndFortuneState

HOUSE_RULE_LABEL: Final = "house rule: regalia's own text (the published text is unknown)"


def _effect_dict(eff: Any) -> dict[str, Any]:
    return {"id": eff.id, "name": eff.name, "text": eff.text, "house_rule": True}


def make_view(state: BloodAndFortuneState, seat: int | None) -> dict[str, Any]:
    """Everything ``seat`` may know (``None`` = spectator), JSON-ready.

    Shown to everyone: houses, Score cards, the Ring, totals and every finished round's scores,
    whose decision it is, hand sizes (Influence and Role cards apart, BF-X4), every area's size
    and the house of each of its face-down cards (public: the offerer's hand holds only their
    house, BF-X4) and who put it there, who offered to whom, played roles, the last round's
    reveal and score table. Shown only to ``seat``: its own hand and area, the cards it offered
    and which was kept, the cards offered to it (BF-2), what it peeked, and its role draft cards.

    ``areas`` lists each area as short texts (``"H4s1"``, or ``"H4?"`` for a card ``seat`` has
    not seen); ``player_areas`` gives the same cards as objects for a table to draw (see
    ``docs/games/blood_and_fortune.md``, "The view").
    """
    n = state.num_players
    # once the game is over every area has been revealed: everyone, a spectator too, sees it all
    bit = -1 if state.is_terminal else 0 if seat is None else 1 << seat
    cfg = state.config
    phase_name = state.decision()
    areas, player_areas = _areas(state, bit)
    view: dict[str, Any] = {
        "game": "blood-and-fortune",
        "seat": seat,
        "players": n,
        "round": min(state.round + 1, ROUNDS),
        "rounds": ROUNDS,
        "phase": phase_name,
        "stage": STAGE_NAMES[state.phase],
        "to_act": state.current_player,
        "decision": phase_name,
        "first_player": state.first,
        "ring": state.ring,
        "houses": [HOUSE_NAMES[h] for h in state.houses],
        "score_cards": [SCORE_NAMES[s] for s in state.score_cards],
        "totals": list(state.totals),
        "round_scores": [list(r["scores"]) for r in state.round_log],
        "offer_turn": state.turn_k,
        "offer_turns": TURNS_PER_ROUND * n,
        "turns_taken": [min(TURNS_PER_ROUND, (state.turn_k - ((q - state.first) % n) + n - 1) // n) for q in range(n)],
        "hand": None if seat is None else sorted(CARD_NAMES[c] for c in state.hands[seat]),
        "hand_sizes": [
            {"influence": sum(1 for c in h if not is_role(c)), "roles": sum(1 for c in h if is_role(c))}
            for h in state.hands
        ],
        "areas": areas,
        "player_areas": player_areas,
        "area_sizes": [len(a) for a in state.areas],
        "pending_offer": _pending_offer(state, seat),
        "offers": _offers(state, seat),
        "payments": _payments(state, seat),
        "seen": [] if seat is None else [{**x, "cards": list(x["cards"])} for x in state.peeks[seat]],
        "options": {"roles": cfg.roles, "special_actions": cfg.special_actions, "first_player": cfg.first_player},
        "last_round": _reveal(state),
        "game_over": state.is_terminal,
        "winners": list(state.winners),
    }
    if cfg.special_actions:
        view["special_actions"] = _special_actions(state)
    if cfg.roles:
        view["roles"] = _roles(state, seat)
    return view


def _areas(state: BloodAndFortuneState, bit: int) -> tuple[list[list[str]], list[list[dict[str, Any]]]]:
    """Each area as short texts and as objects (the view's ``areas`` and ``player_areas``): a
    card shows its name when the viewer's ``bit`` is set in its ``known`` mask, else its house
    only (BF-2, BF-X4); ``given_by`` is the seat whose offer or payment put it there (public)."""
    given_by: dict[int, int] = {}
    for p, _r, _cards, _kept, slot in state.offers_log:
        if slot >= 0:
            given_by[slot] = p
    for r, _p, _c, slot in state.payments_log:
        given_by[slot] = r
    areas = []
    player_areas = []
    for q in range(state.num_players):
        row = []
        shown: list[dict[str, Any]] = []
        for i, (c, k, sl) in enumerate(zip(state.areas[q], state.known[q], state.slots[q], strict=True)):
            seen = bool(k & bit)
            row.append(CARD_NAMES[c] if seen else HOUSE_NAMES[HOUSE_OF[c]] + "?")
            shown.append(
                {
                    "position": i + 1,
                    "house": HOUSE_NAMES[HOUSE_OF[c]],
                    "card": CARD_NAMES[c] if seen else None,
                    "value": VALUE[c] if seen else None,
                    "given_by": given_by.get(sl),
                }
            )
        areas.append(row)
        player_areas.append(shown)
    return areas, player_areas


def _offers(state: BloodAndFortuneState, seat: int | None) -> list[dict[str, Any]]:
    """Every offer made so far: who to whom, how many cards, whether a role was kept (public);
    the cards and the kept card for the offerer and the recipient only (BF-2)."""
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
    return offers


def _payments(state: BloodAndFortuneState, seat: int | None) -> list[dict[str, Any]]:
    """Every card given back for a kept offer: who to whom (public), the card for those two only
    (BF-2)."""
    payments = []
    for r, p, c, _slot in state.payments_log:
        pay: dict[str, Any] = {"from": r, "to": p}
        if seat in (p, r):
            pay["card"] = CARD_NAMES[c]
        payments.append(pay)
    return payments


def _pending_offer(state: BloodAndFortuneState, seat: int | None) -> dict[str, Any] | None:
    """The offer being kept or paid for now, or None: its size and role count (public), its
    cards (and the kept card, once kept) for the offerer and the recipient only (BF-2)."""
    if state.phase == KEEPING:
        pending: dict[str, Any] = {
            "from": state.offerer,
            "to": state.recipient,
            "count": len(state.offer),
            "roles": sum(1 for c in state.offer if is_role(c)),
            "waiting_for": "keep",
        }
        if seat in (state.offerer, state.recipient):
            pending["cards"] = [CARD_NAMES[c] for c in state.offer]
        return pending
    if state.phase == PAYING and state.offers_log:
        _p, _r, offered, kept, _slot = state.offers_log[-1]
        pending = {
            "from": state.offerer,
            "to": state.recipient,
            "count": len(offered),
            "roles": sum(1 for c in offered if is_role(c)),
            "waiting_for": "give",
        }
        if seat in (state.offerer, state.recipient):
            pending["cards"] = [CARD_NAMES[c] for c in offered]
            pending["kept_card"] = CARD_NAMES[kept]
        return pending
    return None


def _special_actions(state: BloodAndFortuneState) -> dict[str, Any]:
    """The special actions house rule's public part of the view (see the game's docs page)."""
    return {
        "house_rule": True,
        "label": HOUSE_RULE_LABEL,
        "cards": [_effect_dict(SPECIAL_ACTIONS[s]) for s in state.score_cards],
        "used": list(state.special_used),
        "turned_over": [t > SPECIAL_CUTOFF for t in state.totals],
        "received": [x > 0 for x in state.received],
        "bonuses": [[s, a, c] for s, a, c in state.bonuses],
    }


def _roles(state: BloodAndFortuneState, seat: int | None) -> dict[str, Any]:
    """The roles house rule's part of the view: the draft (each seat's dealt and placed role for
    that seat alone, a take's role for its two seats), the played roles and their texts."""
    n = state.num_players
    draft: dict[str, Any] = {
        "placed": [x >= 0 for x in state.placed],
        "dealt_sizes": [len(d) for d in state.dealt],
        "takes": [
            {"taker": t, "from": x, **({"role": CARD_NAMES[r]} if seat in (t, x) else {})} for t, x, r in state.takes
        ],
    }
    if seat is not None:
        draft["dealt"] = [CARD_NAMES[c] for c in state.dealt[seat]]
        draft["my_placed"] = CARD_NAMES[state.placed[seat]] if state.placed[seat] >= 0 else None
    roles: dict[str, Any] = {
        "house_rule": True,
        "label": HOUSE_RULE_LABEL,
        "draft": draft,
        "played": [{"role": CARD_NAMES[r], "seat": q} for r, q in state.played],
        "resolving": CARD_NAMES[state.resolve_queue[0][0]] if state.phase == ROLE_TARGET else None,
        "texts": {e.id: e.text for e in ROLES},
        "names": {e.id: e.name for e in ROLES},
        "keep_doubles": [bool(state.keep_doubles >> q & 1) for q in range(n)],
        "lose_doubles": [bool(state.lose_doubles >> q & 1) for q in range(n)],
        "regent": state.regent if state.regent >= 0 else None,
    }
    if seat is not None:
        roles["my_roles"] = sorted(
            (CARD_NAMES[c] for c in state.hands[seat] if c >= ROLE_BASE), key=lambda s: int(s[1:])
        )
    return roles


def _reveal(state: BloodAndFortuneState) -> dict[str, Any] | None:
    """The last round's reveal for the view (a fresh copy): the saved table plus ``cards``, each
    area as it was turned face up (left to right) with each card's house, worth and whether it
    was discarded. The ``cards`` rows are built once per reveal and copied after."""
    last = state.last_round
    if last is None:
        return None
    cache = state._reveal_rows
    if cache is None or cache[0] is not last:
        rows = []
        for revealed, gone in zip(last["revealed"], last["discarded"], strict=True):
            dropped = set(gone)
            row = []
            for name in revealed:
                c = CARD_INDEX[name.lower()]
                row.append(
                    {"card": name, "house": HOUSE_NAMES[HOUSE_OF[c]], "value": VALUE[c], "discarded": name in dropped}
                )
            rows.append(row)
        cache = state._reveal_rows = (last, rows)
    out: dict[str, Any] = {}
    for key, value in last.items():
        if value.__class__ is list:
            out[key] = [list(x) if x.__class__ is list else x for x in value]
        else:
            out[key] = _copy_json(value)
    out["cards"] = [[dict(c) for c in row] for row in cache[1]]
    return out


DECISION_WORDS: Final[dict[str, str]] = {
    "place_role": "place a Role card face down",
    "take_role": "take a face-down Role card",
    "offer": "offer cards",
    "keep": "keep one of the offered cards",
    "give": "give an Influence card for the kept Role card",
    "special_window": "use their Special Action or pass",
    "role_target": "choose the target of their Role card",
}
"""What the seat to act is doing, by decision kind, as the table's last line says it."""


def render_text(view: dict[str, Any]) -> str:
    """A plain-text drawing of ``view`` (what the viewing seat sees) for the terminal; the
    marks are explained by ``Game.legend``. Once the game is over every area is shown as it was
    revealed (nothing face down is left). The last line is the view's ``prompt`` (or, for a view
    without one, who acts and what they decide)."""
    seat = view["seat"]
    n = view["players"]
    over = view["game_over"]
    if over:
        lines = [f"Blood & Fortune — game over after {view['rounds']} rounds"]
    else:
        lines = [
            f"Blood & Fortune — round {view['round']} of {view['rounds']} — {view['stage']}"
            + (
                f", turn {min(view['offer_turn'] + 1, view['offer_turns'])} of {view['offer_turns']}"
                if view["decision"] in ("offer", "keep", "give")
                else ""
            )
        ]
        lines.append(f"First player P{view['first_player']}; Ring: P{view['ring']}")
    last = view.get("last_round")
    width = len("P0 (you) [Ring]") if seat is not None else len("P0 [Ring]")
    for q in range(n):
        me = " (you)" if q == seat else ""
        ring = " [Ring]" if q == view["ring"] else ""
        name = f"P{q}{me}{ring}".ljust(width)
        head = f"{name} {view['houses'][q]} {view['score_cards'][q]} total {view['totals'][q]:>2}"
        if over:
            lines.append(head)
            continue
        hs = view["hand_sizes"][q]
        roles = f" + {hs['roles']} Role" if hs["roles"] else ""
        area = " ".join(view["areas"][q]) or "-"
        lines.append(f"{head} | hand {hs['influence']}{roles} | area: {area}")
    if seat is not None and not over:
        lines.append("Your hand: " + (" ".join(view["hand"]) or "-"))
    pend = view.get("pending_offer")
    if pend:
        cards = " and ".join(pend.get("cards", [])) or f"{pend['count']} face-down card" + (
            "s" if pend["count"] > 1 else ""
        )
        if pend["waiting_for"] == "keep":
            lines.append(f"Offer on the table: P{pend['from']} → P{pend['to']}: {cards}")
        else:
            kept = pend.get("kept_card", "a Role card")
            lines.append(f"P{pend['to']} kept {kept} from P{pend['from']} and owes P{pend['from']} an Influence card")
    if view["offers"] and not over:
        parts = []
        for o in view["offers"]:
            t = f"P{o['from']} → P{o['to']}"
            if "kept_card" in o:
                t += f" kept {o['kept_card']} of {' / '.join(o['cards'])}"
            elif o["kept"] == "role":
                t += " (a Role card kept)"
            parts.append(t)
        lines.append("Offers this round: " + "; ".join(parts))
    for s in view["seen"]:
        where = f"card {s['position']} of P{s['seat']}'s area" if s["position"] else f"P{s['seat']}'s hand"
        lines.append(f"You saw ({s['source']}) {where}: {' '.join(s['cards']) or 'no Influence card'}")
    if "special_actions" in view:
        sa = view["special_actions"]
        if seat is not None and not over:
            mine = sa["cards"][seat]
            state_txt = "used" if sa["used"][seat] else ("turned over" if sa["turned_over"][seat] else "available")
            lines.append(f"Your Special Action {mine['id']} {mine['name']} ({state_txt}; house rule): {mine['text']}")
    if "roles" in view:
        lines.extend(_roles_lines(view["roles"], seat, over))
    if last:
        lines.append(f"Round {last['round']} reveal (Ring P{last['ring']}; discarded doubles in parentheses):")
        for q in range(n):
            shown = " ".join(f"({c['card']})" if c["discarded"] else c["card"] for c in last["cards"][q])
            lines.append(f"  P{q}: {shown or '-'}  round score {last['scores'][q]}, total {last['totals'][q]}")
        if last["roles"]:
            lines.append("  Roles played: " + ", ".join(f"P{q} {r}" for r, q in last["roles"]))
        lines.append(f"  P{last['winner']} wins round {last['round']}{tie_break(last)}")
    if over:
        for i, scores in enumerate(view["round_scores"]):
            lines.append(f"Round {i + 1} scores: " + ", ".join(f"P{q} {x}" for q, x in enumerate(scores)))
        w = view["winners"]
        lines.append(
            f"Winner: P{w[0]} with {view['totals'][w[0]]}" if w else "A tie for the highest total: nobody wins"
        )
    elif view.get("prompt"):
        lines.append(view["prompt"])
    elif view["to_act"] is not None:
        lines.append(f"To act: P{view['to_act']} — {DECISION_WORDS[view['decision']]}")
    return "\n".join(lines)


def _roles_lines(ro: dict[str, Any], seat: int | None, over: bool) -> list[str]:
    """The roles house rule's lines of :func:`render_text`: ``seat``'s dealt, placed and held
    roles (while the game runs), who placed face-down roles, and the roles played."""
    lines: list[str] = []
    if seat is not None and not over:
        d = ro["draft"]
        if d.get("dealt"):
            lines.append("Dealt roles: " + " ".join(f"{r} {ro['names'][r]}" for r in d["dealt"]))
        if d.get("my_placed"):
            lines.append(f"Your face-down role for others to take: {d['my_placed']} {ro['names'][d['my_placed']]}")
        if ro.get("my_roles"):
            lines.append(
                "Your roles (house rules): "
                + "; ".join(f"{r} {ro['names'][r]}: {ro['texts'][r].rstrip('.')}" for r in ro["my_roles"])
            )
    placed = [q for q, x in enumerate(ro["draft"]["placed"]) if x]
    if placed:
        lines.append("Face-down roles to take, placed by: " + " ".join(f"P{q}" for q in placed))
    if ro["played"] and not over:
        lines.append(
            "Roles played: " + ", ".join(f"P{x['seat']} {x['role']} {ro['names'][x['role']]}" for x in ro["played"])
        )
    return lines


def _copy_json(value: Any) -> Any:
    """A deep copy of JSON-like data (dicts, lists, scalars) — much cheaper than ``copy.deepcopy``."""
    if isinstance(value, dict):
        return {k: _copy_json(v) for k, v in value.items()}
    if isinstance(value, list):
        return [_copy_json(v) for v in value]
    return value
