"""Checks of a Blood & Fortune state loaded from a snapshot (``State._validate_restored``).


The core checks the common fields, card conservation across the zones, a legal action for the
decider and — for a snapshot with a history — that replaying it gives the saved state. A
snapshot of a determinized state has no history, so everything else is checked here: the type
and range of every field, the shapes the rules keep (a hand holds only its owner's house and
Role cards, an area's cards, slot ids and knowledge masks line up, an offer is pending exactly
while its recipient decides), and that the pending decision belongs to the seat the rules give
it to (the Offer turn order from the first player, the draft queue, the closing window, the
Role card being resolved). A failure is a ``ValueError`` naming the field (``state.hands[2]: …``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Final

from regalia.games.blood_and_fortune.cards import (
    CARD_NAMES,
    CONDS,
    HOUSE_OF,
    NUM_CARDS,
    NUM_HOUSES,
    NUM_INFLUENCE,
    NUM_ROLES,
    NUM_SCORE_CARDS,
    ROLE_BASE,
    ROUNDS,
    TURNS_PER_ROUND,
    is_role,
)
from regalia.games.blood_and_fortune.holders import (
    H_DEALT,
    H_DECK,
    H_DISCARD,
    H_OFFER,
    H_PLACED,
    H_PLAYED,
    H_SLOT,
    K_CAND,
    K_EMPTY,
    K_SEE,
    K_XFER,
)
from regalia.games.blood_and_fortune.knowledge import candidate_holders, current_holders
from regalia.games.blood_and_fortune.phases import (
    CLOSING,
    DRAFT_PLACE,
    DRAFT_TAKE,
    KEEPING,
    OFFERING,
    OVER,
    PAYING,
    ROLE_TARGET,
)

if TYPE_CHECKING:
    from regalia.games.blood_and_fortune.state import BloodAndFortuneState

_REVEAL_KEYS: Final = (
    "round",
    "ring",
    "revealed",
    "discarded",
    "kept",
    "influence",
    "scores",
    "winner",
    "tied",
    "totals",
    "roles",
)


def _bad(field: str, why: str) -> ValueError:
    return ValueError(f"state.{field}: {why}")


def _int(value: Any, field: str, low: int, high: int) -> int:
    """``value`` if it is an int (not a bool) in ``low..high``."""
    if value.__class__ is not int or not low <= value <= high:
        raise _bad(field, f"expected an integer in {low}..{high}")
    return int(value)


def _list(value: Any, field: str, length: int | None = None) -> list[Any]:
    if not isinstance(value, (list, tuple)):
        raise _bad(field, "expected a list")
    if length is not None and len(value) != length:
        raise _bad(field, f"expected {length} entries, found {len(value)}")
    return list(value)


def _cards(value: Any, field: str, *, roles: bool, influence: bool = True) -> list[int]:
    """A list of distinct card ints of the allowed classes."""
    out = []
    for i, c in enumerate(_list(value, field)):
        _int(c, f"{field}[{i}]", 0, NUM_CARDS - 1)
        if is_role(c) and not roles:
            raise _bad(f"{field}[{i}]", f"{CARD_NAMES[c]} is a Role card, not allowed here")
        if not is_role(c) and not influence:
            raise _bad(f"{field}[{i}]", f"{CARD_NAMES[c]} is not a Role card")
        out.append(c)
    if len(set(out)) != len(out):
        raise _bad(field, "a card appears twice")
    return out


def validate(state: BloodAndFortuneState) -> None:
    """Check a state restored from a snapshot (see the module docstring).

    Raises:
        ValueError: the first field found wrong, named ``state.<field>``.
    """
    n = state.num_players
    cfg = state.config
    roles = bool(cfg.roles)
    seats = n - 1
    everyone = (1 << n) - 1
    houses = _list(state.houses, "houses", n)
    for i, h in enumerate(houses):
        _int(h, f"houses[{i}]", 0, NUM_HOUSES - 1)
    if len(set(houses)) != n:
        raise _bad("houses", "two seats have the same house")
    score = _list(state.score_cards, "score_cards", n)
    for i, s in enumerate(score):
        _int(s, f"score_cards[{i}]", 0, NUM_SCORE_CARDS - 1)
    if len(set(score)) != n:
        raise _bad("score_cards", "two seats have the same Score card")
    phase = _int(state.phase, "phase", 0, OVER)
    rnd = _int(state.round, "round", 0, ROUNDS)
    if (phase == OVER) != (rnd == ROUNDS):
        raise _bad("round", "the game is over exactly after the last round")
    _int(state.ring, "ring", 0, seats)
    first = _int(state.first, "first", 0, seats)
    cp = _int(state.to_act, "cp", -1, seats)
    next_slot = _int(state.next_slot, "next_slot", 0, 10**6)
    offerer = _int(state.offerer, "offerer", -1, seats)
    recipient = _int(state.recipient, "recipient", -1, seats)
    turn_k = _int(state.turn_k, "turn_k", 0, TURNS_PER_ROUND * n)
    _int(state.keep_doubles, "keep_doubles", 0, everyone)
    _int(state.lose_doubles, "lose_doubles", 0, everyone)
    _int(state.regent, "regent", -1, seats)
    _int(state.turns_total, "turns_total", 0, 10**6)
    for i, t in enumerate(_list(state.totals, "totals", n)):
        _int(t, f"totals[{i}]", 0, 10**6)
    for i, u in enumerate(_list(state.special_used, "special_used", n)):
        if u.__class__ is not bool:
            raise _bad(f"special_used[{i}]", "expected true or false")
    for i, x in enumerate(_list(state.received, "received", n)):
        _int(x, f"received[{i}]", 0, 10**6)
    # hands: the owner's house and (with roles) Role cards
    for p, hand in enumerate(_list(state.hands, "hands", n)):
        for c in _cards(hand, f"hands[{p}]", roles=roles):
            if not is_role(c) and HOUSE_OF[c] != houses[p]:
                raise _bad(f"hands[{p}]", f"{CARD_NAMES[c]} is not of P{p}'s house")
    # areas, their slot ids and knowledge masks
    areas = _list(state.areas, "areas", n)
    slots = _list(state.slots, "slots", n)
    known = _list(state.known, "known", n)
    used_slots: set[int] = set()
    for q in range(n):
        cards = _cards(areas[q], f"areas[{q}]", roles=False)
        for c in cards:
            if HOUSE_OF[c] not in houses:
                raise _bad(f"areas[{q}]", f"{CARD_NAMES[c]} is of a house not in play")
        sl = _list(slots[q], f"slots[{q}]", len(cards))
        kn = _list(known[q], f"known[{q}]", len(cards))
        for i, s in enumerate(sl):
            _int(s, f"slots[{q}][{i}]", 0, next_slot - 1)
            if s in used_slots:
                raise _bad(f"slots[{q}]", f"slot {s} is used twice")
            used_slots.add(s)
        for i, k in enumerate(kn):
            _int(k, f"known[{q}][{i}]", 0, everyone)
        if phase == OVER and any(k != everyone for k in kn):
            raise _bad(f"known[{q}]", "every area is revealed at the end")
    _check_offer(state, phase, cp, offerer, recipient, houses)
    _check_logs(state, n, next_slot, roles)
    _check_roles(state, n, roles)
    _check_decider(state, phase, cp, first, turn_k, offerer, recipient)
    _check_rounds(state, n, rnd, phase)
    if phase != OVER:
        _check_knowledge(state)


def _check_offer(
    state: BloodAndFortuneState, phase: int, cp: int, offerer: int, recipient: int, houses: list[int]
) -> None:
    offer = _cards(state.offer, "offer", roles=bool(state.config.roles))
    if len(offer) > 2:
        raise _bad("offer", "at most 2 cards are offered")
    if (phase == KEEPING) != bool(offer):
        raise _bad("offer", "cards are on offer exactly while the recipient keeps one")
    if phase in (KEEPING, PAYING):
        if offerer < 0 or recipient < 0 or offerer == recipient:
            raise _bad("offerer", "an offer goes from one seat to another")
        if cp != recipient:
            raise _bad("cp", "the recipient of the offer decides")
    for c in offer:
        if not is_role(c) and HOUSE_OF[c] != houses[offerer]:
            raise _bad("offer", f"{CARD_NAMES[c]} is not of the offerer's house")
    if phase == PAYING:
        log = state.offers_log
        if not log or log[-1][0] != offerer or log[-1][1] != recipient or not is_role(log[-1][3]):
            raise _bad("offers_log", "a gift for a Role card follows the keep of a Role card")
        if not any(not is_role(c) for c in state.hands[recipient]):
            raise _bad("hands", "the giver has no Influence card to give")


def _tuples(value: Any, field: str, arity: int) -> list[list[Any]]:
    out = []
    for i, e in enumerate(_list(value, field)):
        out.append(_list(e, f"{field}[{i}]", arity))
    return out


def _holder(h: Any, field: str, n: int, next_slot: int) -> None:
    """A place a card can be (``knowledge``'s holders): a hand, the offer, the role deck, a
    seat's dealt or placed roles, the discard, the played roles or an area slot."""
    ok = h.__class__ is int and (
        0 <= h < n
        or h in (H_OFFER, H_DECK, H_DISCARD, H_PLAYED)
        or H_DEALT <= h < H_DEALT + n
        or H_PLACED <= h < H_PLACED + n
        or H_SLOT <= h < H_SLOT + next_slot
    )
    if not ok:
        raise _bad(field, "not a place a card can be")


def _check_logs(state: BloodAndFortuneState, n: int, next_slot: int, roles: bool) -> None:
    seats = n - 1
    everyone = (1 << n) - 1
    for i, e in enumerate(_tuples(state.offers_log, "offers_log", 5)):
        f = f"offers_log[{i}]"
        _int(e[0], f, 0, seats)
        _int(e[1], f, 0, seats)
        cards = _cards(e[2], f, roles=roles)
        if not 1 <= len(cards) <= 2 or e[3] not in cards:
            raise _bad(f, "an offer is 1 or 2 cards, one of them kept")
        _int(e[4], f, -1, next_slot - 1)
    for i, e in enumerate(_tuples(state.payments_log, "payments_log", 4)):
        f = f"payments_log[{i}]"
        _int(e[0], f, 0, seats)
        _int(e[1], f, 0, seats)
        _int(e[2], f, 0, NUM_INFLUENCE - 1)
        _int(e[3], f, 0, next_slot - 1)
    for i, entry in enumerate(_list(state.klog, "klog")):
        f = f"klog[{i}]"
        e = _list(entry, f)  # a name of its own: compiled, ``e`` above is typed a list
        kind = _int(e[0] if e else None, f, K_XFER, K_CAND)
        arity = {K_XFER: 5, K_SEE: 4, K_EMPTY: 3, K_CAND: 4}[kind]
        if len(e) != arity:
            raise _bad(f, f"expected {arity} entries")
        if kind == K_EMPTY:
            _holder(e[1], f, n, next_slot)
            _int(e[2], f, 0, 1)
            continue
        _int(e[1], f, 0, NUM_CARDS - 1)
        if kind == K_XFER:
            _holder(e[2], f, n, next_slot)
            _holder(e[3], f, n, next_slot)
            _int(e[4], f, 0, everyone)
        elif kind == K_SEE:
            _holder(e[2], f, n, next_slot)
            _int(e[3], f, 0, everyone)
        else:
            for h in _list(e[2], f):
                _holder(h, f, n, next_slot)
            _int(e[3], f, 0, everyone)
    for i, b in enumerate(_tuples(state.bonuses, "bonuses", 3)):
        _int(b[0], f"bonuses[{i}]", 0, seats)
        _int(b[1], f"bonuses[{i}]", -100, 100)
        if b[2] not in CONDS:
            raise _bad(f"bonuses[{i}]", "unknown condition")
    _cards(state.discard, "discard", roles=roles)
    for p, pk in enumerate(_list(state.peeks, "peeks", n)):
        for i, x in enumerate(_list(pk, f"peeks[{p}]")):
            f = f"peeks[{p}][{i}]"
            if not isinstance(x, dict) or not isinstance(x.get("source"), str):
                raise _bad(f, "expected an object with source, seat, position and cards")
            _int(x.get("seat"), f, 0, seats)
            if x.get("position") is not None:
                _int(x.get("position"), f, 1, next_slot)
            if not all(isinstance(c, str) and c in CARD_NAMES for c in _list(x.get("cards"), f)):
                raise _bad(f, "expected card notations")


def _check_roles(state: BloodAndFortuneState, n: int, roles: bool) -> None:
    seats = n - 1
    _cards(state.role_deck, "role_deck", roles=roles, influence=False)
    _cards(state.fixed_roles, "fixed_roles", roles=roles, influence=False)
    for p, d in enumerate(_list(state.dealt, "dealt", n)):
        if len(_cards(d, f"dealt[{p}]", roles=roles, influence=False)) not in (0, 2):
            raise _bad(f"dealt[{p}]", "a seat is dealt 2 Role cards or none")
    for p, r in enumerate(_list(state.placed, "placed", n)):
        if r != -1:
            _int(r, f"placed[{p}]", ROLE_BASE, ROLE_BASE + NUM_ROLES - 1)
            if not roles:
                raise _bad(f"placed[{p}]", "roles are not in play")
    for name in ("played", "resolve_queue"):
        for i, e in enumerate(_tuples(getattr(state, name), name, 2)):
            _int(e[0], f"{name}[{i}]", ROLE_BASE, ROLE_BASE + NUM_ROLES - 1)
            _int(e[1], f"{name}[{i}]", 0, seats)
            if not roles:
                raise _bad(f"{name}[{i}]", "roles are not in play")
    queue = [e[0] for e in state.resolve_queue]
    if queue != sorted(set(queue)):
        raise _bad("resolve_queue", "Role cards are called once each in ascending order")
    for i, e in enumerate(_tuples(state.takes, "takes", 3)):
        _int(e[0], f"takes[{i}]", 0, seats)
        _int(e[1], f"takes[{i}]", 0, seats)
        _int(e[2], f"takes[{i}]", ROLE_BASE, ROLE_BASE + NUM_ROLES - 1)
    for name in ("draft_queue", "closing"):
        q = _list(getattr(state, name), name)
        for i, s in enumerate(q):
            _int(s, f"{name}[{i}]", 0, seats)
        if len(set(q)) != len(q):
            raise _bad(name, "a seat appears twice")


def _check_decider(
    state: BloodAndFortuneState, phase: int, cp: int, first: int, turn_k: int, offerer: int, recipient: int
) -> None:
    n = state.num_players
    cfg = state.config
    if phase == OVER:
        if cp != -1:
            raise _bad("cp", "nobody decides once the game is over")
        return
    if cp < 0:
        raise _bad("cp", "a running game has a seat to decide")
    if phase == OFFERING:
        if turn_k >= TURNS_PER_ROUND * n or cp != (first + turn_k) % n or not state.hands[cp]:
            raise _bad("cp", "the Offer turn goes clockwise from the first player to a seat holding cards")
    elif phase in (KEEPING, PAYING):
        if turn_k >= TURNS_PER_ROUND * n or offerer != (first + turn_k) % n:
            raise _bad("offerer", "the offerer is the seat whose Offer turn it is")
    elif phase in (DRAFT_PLACE, DRAFT_TAKE):
        if not cfg.roles or not state.draft_queue or state.draft_queue[0] != cp:
            raise _bad("draft_queue", "the role draft goes in turn order")
        if phase == DRAFT_PLACE and len(state.dealt[cp]) != 2:
            raise _bad("dealt", "the seat placing a Role card holds its 2 dealt ones")
    elif phase == CLOSING:
        if not cfg.special_actions or not state.closing or state.closing[0] != cp or turn_k != TURNS_PER_ROUND * n:
            raise _bad("closing", "the closing Special Action window follows the last Offer turn, in turn order")
    elif phase == ROLE_TARGET:
        if not state.resolve_queue or state.resolve_queue[0][1] != cp:
            raise _bad("resolve_queue", "the holder of the Role card being resolved decides its target")
        if tuple(state.resolve_queue[0]) not in {tuple(e) for e in state.played}:
            raise _bad("played", "the Role card being resolved lies face up")


def _check_knowledge(state: BloodAndFortuneState) -> None:
    """The knowledge log agrees with the cards (BF-2): for every seat, each card may be where it
    is (the log is sound), each card the seat's view names — its hand, its dealt and placed Role
    cards, the area cards it knows, an offer it made or received — can only be where it is, and
    an Influence card may only be in its owner's hand or in an area slot holding a card of its
    house. Then a determinization for any seat keeps that seat's view."""
    n = state.num_players
    where = current_holders(state)
    slot_house = {
        H_SLOT + s: HOUSE_OF[c] for q in range(n) for c, s in zip(state.areas[q], state.slots[q], strict=True)
    }
    for x in range(n):
        cand = candidate_holders(state, x)
        for c, h in where.items():
            if h not in cand.get(c, ()):
                raise _bad("klog", f"P{x}'s knowledge does not allow {CARD_NAMES[c]} where it is")
            if not is_role(c):
                for g in cand[c]:
                    if (g < n and state.houses[g] != HOUSE_OF[c]) or (g >= H_SLOT and slot_house.get(g) != HOUSE_OF[c]):
                        raise _bad("klog", f"P{x}'s knowledge puts {CARD_NAMES[c]} among cards of another house")
        named = [*state.hands[x], *state.dealt[x]]
        if state.placed[x] >= 0:
            named.append(state.placed[x])
        named += [c for c, k in zip(state.areas[x], state.known[x], strict=True) if k >> x & 1]
        for q in range(n):
            if q != x:
                named += [c for c, k in zip(state.areas[q], state.known[q], strict=True) if k >> x & 1]
        if x in (state.offerer, state.recipient):
            named += state.offer
        for c in named:
            if cand.get(c) != {where[c]}:
                raise _bad("klog", f"P{x} sees {CARD_NAMES[c]} but its knowledge does not place it exactly")


def _check_rounds(state: BloodAndFortuneState, n: int, rnd: int, phase: int) -> None:
    logs = _list(state.round_log, "round_log")
    if len(logs) != rnd:
        raise _bad("round_log", f"expected one entry per finished round ({rnd})")
    for i, entry in enumerate(logs):
        _check_reveal(entry, f"round_log[{i}]", n)
    last = state.last_round
    if (last is None) != (rnd == 0) or (last is not None and last != logs[-1]):
        raise _bad("last_round", "the reveal of the last finished round")
    winners = _list(state.winners_, "winners")
    if phase == OVER:
        best = max(state.totals)
        top = [p for p in range(n) if state.totals[p] == best]
        if list(winners) != (top if len(top) == 1 else []):
            raise _bad("winners", "the highest total wins; a tie for it means nobody wins")
    elif winners:
        raise _bad("winners", "nobody has won while the game runs")


def _check_reveal(entry: Any, field: str, n: int) -> None:
    if not isinstance(entry, dict) or any(k not in entry for k in _REVEAL_KEYS):
        raise _bad(field, "expected the reveal of a round (" + ", ".join(_REVEAL_KEYS) + ")")
    _int(entry["round"], f"{field}.round", 1, ROUNDS)
    _int(entry["ring"], f"{field}.ring", 0, n - 1)
    _int(entry["winner"], f"{field}.winner", 0, n - 1)
    for key in ("revealed", "discarded", "kept"):
        for q, cards in enumerate(_list(entry[key], f"{field}.{key}", n)):
            if not all(isinstance(c, str) and c in CARD_NAMES for c in _list(cards, f"{field}.{key}[{q}]")):
                raise _bad(f"{field}.{key}[{q}]", "expected card notations")
    for key in ("influence", "scores", "totals"):
        for q, v in enumerate(_list(entry[key], f"{field}.{key}", n)):
            _int(v, f"{field}.{key}[{q}]", -1000, 10**6)
    for q, s in enumerate(_list(entry["tied"], f"{field}.tied")):
        _int(s, f"{field}.tied[{q}]", 0, n - 1)
    for q, r in enumerate(_list(entry["roles"], f"{field}.roles")):
        pair = _list(r, f"{field}.roles[{q}]", 2)
        if pair[0] not in CARD_NAMES or pair[1].__class__ is not int or not 0 <= pair[1] < n:
            raise _bad(f"{field}.roles[{q}]", "expected a Role card and its seat")


__all__ = ["validate"]
