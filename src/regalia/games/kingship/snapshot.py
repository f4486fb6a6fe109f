"""Checks of a state loaded by ``regalia.from_snapshot``: every field's type and range, and that the
pending decision, the resolution queue and the play's context fit together.

A snapshot of a determinized state has no history to replay, so these checks are all that stands
between a tampered file and a corrupt game (issue "Hardening"): a position that passes them keeps
every invariant the rules rely on, so no later action can fail half way. Each failure is a
``ValueError`` naming the field (``state.titles[2]: ...``).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from regalia.games.kingship import actions as A
from regalia.games.kingship.cards import (
    DARK_QUEEN,
    DECK_COUNTS,
    DECK_SIZE,
    DEMON,
    KING,
    KNIGHT_KINDS,
    LIGHT_QUEEN,
    NK,
    NSPEC,
    OUTLAW,
    SILENCED,
    SPEC_MATCH,
    VALID_SPECS,
)
from regalia.games.kingship.context import FAIL_RULES, TARGET_MODES, WORD_FIELDS, PlayContext
from regalia.games.kingship.engine import MAX_SEATS, OP_NAMES, PUBLIC
from regalia.games.kingship.phases import DECISIONS, DRAW_CAUSES, HIDDEN_DECISIONS

if TYPE_CHECKING:
    from regalia.games.kingship.state import KingshipState

_VALID_SPECS = frozenset(VALID_SPECS)
_NO_CARD = 35  # there is no Terra Queen


def _fail(field: str, why: str) -> ValueError:
    return ValueError(f"state.{field}: {why}")


def _int(value: Any, field: str, low: int, high: int) -> int:
    """``value`` if it is an int (not a bool) in ``low..high``."""
    if value.__class__ is not int or not low <= value <= high:
        raise _fail(field, f"expected an integer in {low}..{high}, got {str(value)[:40]!r}")
    return int(value)


def _bool(value: Any, field: str) -> None:
    if value.__class__ is not bool:
        raise _fail(field, f"expected true or false, got {str(value)[:40]!r}")


def _kind(value: Any, field: str) -> int:
    k = _int(value, field, 0, NK - 1)
    if k == _NO_CARD:
        raise _fail(field, "there is no Terra Queen")
    return k


def _kinds(value: Any, field: str) -> list[int]:
    if not isinstance(value, list):
        raise _fail(field, "expected a list of cards")
    return [_kind(k, f"{field}[{i}]") for i, k in enumerate(value)]


def _seats(value: Any, field: str, n: int) -> list[int]:
    if not isinstance(value, list):
        raise _fail(field, "expected a list of seats")
    return [_int(x, f"{field}[{i}]", 0, n - 1) for i, x in enumerate(value)]


def _item(value: Any, field: str) -> int:
    """A Merchant item: a card kind, or a title other than Silenced (KS-21)."""
    i = _int(value, field, 0, A.NITEMS - 1)
    if i == _NO_CARD or i == NK + SILENCED:
        raise _fail(field, "not an item that can be traded")
    return i


# ---------------------------------------------------------------- the play's context (ctx)
_CTX: dict[str, Callable[[Any, str, int, KingshipState], Any]] = {
    "actor": lambda v, f, n, s: _int(v, f, 0, n - 1),
    "target": lambda v, f, n, s: _int(v, f, -1, n - 1),
    "base": lambda v, f, n, s: _int(v, f, 0, DECK_SIZE),  # may exceed the pile after a rebuild (KS-4)
    "played": lambda v, f, n, s: _kinds(v, f),
    "outlaws": lambda v, f, n, s: _seats(v, f, n),
    "silenced": lambda v, f, n, s: _int(v, f, 0, 1),
    "val": lambda v, f, n, s: _int(v, f, 1, 13),
    "suit": lambda v, f, n, s: _int(v, f, 0, 2),
    "pair": lambda v, f, n, s: _int(v, f, 0, 1),
    "copied": lambda v, f, n, s: _kind(v, f),
    "drew": lambda v, f, n, s: _int(v, f, 0, DECK_SIZE),
    "t_mode": lambda v, f, n, s: _choice(v, f, TARGET_MODES),
    "t_block": lambda v, f, n, s: _int(v, f, 0, 1),
    "t_fail": lambda v, f, n, s: _choice(v, f, FAIL_RULES),
    "t_forb": lambda v, f, n, s: _seats(v, f, n),
    "t_used": lambda v, f, n, s: _seats(v, f, n),
    "t_offered": lambda v, f, n, s: _seats(v, f, n),
    "t_prev": lambda v, f, n, s: _int(v, f, -1, n - 1),
    "t_chooser": lambda v, f, n, s: _int(v, f, 0, n - 1),
    "fizzle": lambda v, f, n, s: _int(v, f, 0, 1),
    "acq_skip": lambda v, f, n, s: _int(v, f, 0, 1),
    "blocked": lambda v, f, n, s: _int(v, f, 0, 1),
    "p4_done": lambda v, f, n, s: _int(v, f, 0, 1),
    "spec": lambda v, f, n, s: _spec(v, f),
    "m_item": lambda v, f, n, s: _item(v, f),
    "m_ask": lambda v, f, n, s: _ask(v, f),
    "m_counters": lambda v, f, n, s: _counters(v, f, n),
    "m_i": lambda v, f, n, s: _int(v, f, 0, n),
    "law": lambda v, f, n, s: _ctx_law(v, f, s),
    "voters": lambda v, f, n, s: _seats(v, f, n),
    "vote_i": lambda v, f, n, s: _int(v, f, 0, n),
}
"""The keys a play's context may hold, each with the check of its value."""


def read_context(data: dict[str, Any], state: KingshipState) -> PlayContext:
    """The play's context of a snapshot (its ``ctx`` object: the fields set, by name), each entry
    checked against the table (``state.n`` and ``state.config`` are set) before it is stored in
    its typed field.

    Raises:
        ValueError: naming the entry (``state.ctx.<name>: ...``), or ``state.ctx`` for an entry
            that is no field of the context.
    """
    c = PlayContext()
    for key, value in data.items():
        check = _CTX.get(key)
        if check is None:
            raise _fail("ctx", f"unknown entry {str(key)[:30]!r}")
        checked = check(value, f"ctx.{key}", state.n, state)
        words = WORD_FIELDS.get(key)
        if words is not None:
            checked = words.index(checked)
        elif key == "m_counters":
            checked = [[e[0], e[1]] for e in checked]
        elif key == "law":
            checked = [checked[0], checked[1], checked[2]]
        setattr(c, key, checked)
    return c


def _choice(value: Any, field: str, allowed: tuple[str, ...]) -> str:
    if value not in allowed or not isinstance(value, str):
        raise _fail(field, f"expected one of {', '.join(allowed)}")
    return str(value)


def _spec(value: Any, field: str) -> int:
    sp = _int(value, field, 0, NSPEC - 1)
    if sp not in _VALID_SPECS:
        raise _fail(field, "names no card of the deck")
    return sp


def _ask(value: Any, field: str) -> int:
    ask = _int(value, field, 0, A.NASK - 1)
    if ask < NSPEC and ask not in _VALID_SPECS:
        raise _fail(field, "names no card of the deck")
    if ask == NSPEC + SILENCED:
        raise _fail(field, "the Silenced title is never traded")
    return ask


def _counters(value: Any, field: str, n: int) -> list[Any]:
    if not isinstance(value, list):
        raise _fail(field, "expected a list of counter-offers")
    for i, entry in enumerate(value):
        if not isinstance(entry, list) or len(entry) != 2:
            raise _fail(f"{field}[{i}]", "expected [seat, item]")
        _int(entry[0], f"{field}[{i}][0]", 0, n - 1)
        _item(entry[1], f"{field}[{i}][1]")
    return value


def _law(value: Any, field: str, s: KingshipState, standing: bool) -> tuple[int, int]:
    """A law ``[type, parameter]`` allowed by the ``laws`` option (KS-11)."""
    if not isinstance(value, list) or len(value) < 2:
        raise _fail(field, "expected [type, parameter]")
    t = _int(value[0], f"{field}[0]", 0, len(A.LAW_PARAMS) - 1)
    if s.config.laws == "pro" and t not in A.PRO_LAWS:
        raise _fail(f"{field}[0]", "not a Kingship Pro law (laws='pro')")
    if standing and t not in A.STANDING_LAWS:
        raise _fail(f"{field}[0]", "this law is carried out once and never stays in force (KS-16)")
    high = s.n - 1 if t in (A.L_CANNOT_WIN, A.L_WINS) else A.LAW_PARAMS[t] - 1
    p = _int(value[1], f"{field}[1]", 0, high)
    if t == A.L_TAX and p not in _VALID_SPECS:
        raise _fail(f"{field}[1]", "names no card of the deck")
    return t, p


def _ctx_law(value: Any, field: str, s: KingshipState) -> Any:
    _law(value, field, s, standing=False)
    if len(value) != 3:
        raise _fail(field, "expected [type, parameter, proposer]")
    _int(value[2], f"{field}[2]", 0, s.n - 1)
    return value


_PLAY = ("actor", "base", "played", "outlaws", "silenced")
_ABILITY = (*_PLAY, "val", "suit", "pair")
_TARGETING = (
    *_ABILITY,
    "t_mode",
    "t_block",
    "t_fail",
    "t_forb",
    "t_used",
    "t_offered",
    "t_prev",
    "target",
    "t_chooser",
)
_MERCHANT = (*_ABILITY, "m_item", "m_ask", "m_counters", "m_i")
_NEEDS: dict[str, tuple[str, ...]] = {
    "main": (),
    "target": (*_TARGETING, "fizzle"),
    "dq": _TARGETING,
    "outlaw": _TARGETING,
    "reroute": _TARGETING,
    "knight": _TARGETING,
    "lq": (),
    "demon": (),
    "demon_take": (),
    "give": (*_ABILITY, "target"),
    "give_exile": (*_ABILITY, "target"),
    "place": _ABILITY,
    "farmer": _ABILITY,
    "poacher": _ABILITY,
    "spec": _ABILITY,
    "poach": (*_ABILITY, "spec"),
    "revive": _ABILITY,
    "priest_draw": _ABILITY,
    "m_take": (*_ABILITY, "target"),
    "m_return": (*_ABILITY, "target"),
    "m_offer": _ABILITY,
    "m_ask": (*_ABILITY, "m_item"),
    "m_resp": _MERCHANT,
    "m_choose": _MERCHANT,
    "prince_title": _ABILITY,
    "queen": _ABILITY,
    "search": (*_ABILITY, "target"),
    "extra": _ABILITY,
    "law": (),
    "vote": ("law", "voters", "vote_i"),
    "exile": ("law",),
    "tax": _PLAY,
}
"""The context keys each pending decision (and what it resumes) reads."""


# ---------------------------------------------------------------- the resolution queue (q)
def _a_seat(v: Any, f: str, s: KingshipState) -> None:
    _int(v, f, 0, s.n - 1)


def _a_title(v: Any, f: str, s: KingshipState) -> None:
    _int(v, f, 0, 5)


def _a_any(*allowed: str) -> Callable[[Any, str, KingshipState], None]:
    def check(v: Any, f: str, s: KingshipState) -> None:
        _choice(v, f, allowed)

    return check


def _a_range(low: int, high: int) -> Callable[[Any, str, KingshipState], None]:
    def check(v: Any, f: str, s: KingshipState) -> None:
        _int(v, f, low, high)

    return check


_STEP = Callable[[Any, str, "KingshipState"], None]
_OPS: dict[str, tuple[tuple[_STEP, ...], tuple[str, ...]]] = {
    # op: (argument checks, context keys it reads)
    "ab_end": ((), ()),
    "acq": ((_a_title,), ("actor",)),
    "acq_final": ((_a_title,), ("actor", "target")),
    "after_play": ((), ()),
    "angel_give": ((), ("actor", "target")),
    "demon_take": ((), ("actor",)),
    "demon_window": ((), ()),
    "draw": ((_a_seat, _a_range(1, 2), _a_range(0, 1), _a_any(*DRAW_CAUSES)), ()),
    "draw_actor": ((_a_range(1, 2),), ("actor",)),
    "emperor_search": ((), ("actor", "target")),
    "exile_one": ((_a_seat,), ()),
    "exile_to": ((_a_seat, _a_range(3, 3)), ()),
    "extra_choice": ((), ("actor",)),
    "farmer": ((), ("actor",)),
    "king_law": ((), ()),
    "knight_draws": ((), ("actor",)),
    "law_propose": ((_a_any("king", "prince"), _a_range(-1, MAX_SEATS - 1)), ()),
    "law_win": ((_a_seat,), ()),
    "main": ((), ()),
    "main_after_draw": ((), ()),
    "merchant_offer": ((), ("actor",)),
    "merchant_reveal": ((), ("actor", "target")),
    "messenger_place": ((), ("actor",)),
    "messenger_skip": ((), ("actor",)),
    "need_below": ((), ("base",)),
    "outlaws_to_pile": ((), ()),
    "p4_check": ((), ()),
    "phase3": ((), ()),
    "poach_each": ((_a_range(0, MAX_SEATS),), ("actor", "spec")),
    "poacher": ((), ("actor", "base")),
    "priest_draw": ((), ("actor",)),
    "priest_pick": ((), ("actor", "base")),
    "priest_revive": ((), ("actor", "base", "target")),
    "prince_title": ((), ("actor",)),
    "queen_choice": ((), ("actor",)),
    "queen_single": ((), ("actor", "suit")),
    "remove_laws": ((), ("actor",)),
    "resolve_play": ((_a_range(1, 13), _a_range(0, 2), _a_range(1, 3), _a_seat), ("base",)),
    "reverse": ((), ("actor",)),
    "silence": ((), ("actor", "target")),
    "spec": ((_a_any("poach", "witch"),), ("actor",)),
    "strip_titles": ((), ("actor", "target")),
    "swap": ((), ("actor", "target")),
    "tax": ((), ()),
    "tax_one": ((_a_seat,), ()),
    "tgt": ((_a_any("opp", "any", "unsil"), _a_range(0, 1), _a_any("cont", "skip")), ("actor",)),
    "turn_start": ((), ()),
    "unsilence": ((), ("actor",)),
    "witch_exile": ((), ("actor", "base", "spec")),
}
"""Every step the resolution queue may hold: its arguments' checks and the context keys it reads."""

STEP_NAMES: frozenset[str] = frozenset(_OPS)
"""The names of the queue's steps (``engine.OP_NAMES`` by constant)."""


# ---------------------------------------------------------------- the pending decision
def _decision(d: Any, field: str, s: KingshipState, hidden_ok: bool) -> tuple[Any, ...]:
    """A pending decision's shape: its kind, a seat, and the extra fields some kinds carry."""
    if not isinstance(d, tuple) or len(d) < 2 or not isinstance(d[0], str) or d[0] not in DECISIONS:
        raise _fail(field, "not a decision of Kingship")
    kind = d[0]
    if not hidden_ok and kind in HIDDEN_DECISIONS:
        raise _fail(field, "a hidden window is never shown to everyone (KS-37)")
    seat = _int(d[1], f"{field}[1]", 0, s.n - 1)
    extra = d[2:]
    if kind == "lq":
        if len(extra) != 3:
            raise _fail(field, "expected [lq, seat, drawer, count, cause]")
        _int(extra[0], f"{field}[2]", 0, s.n - 1)
        _int(extra[1], f"{field}[3]", 1, 2)
        _choice(extra[2], f"{field}[4]", DRAW_CAUSES)
    elif kind == "law":
        if len(extra) != 1:
            raise _fail(field, "expected [law, seat, mode]")
        _choice(extra[0], f"{field}[2]", ("king", "prince"))
    elif kind == "spec":
        if len(extra) != 1:
            raise _fail(field, "expected [spec, seat, purpose]")
        _choice(extra[0], f"{field}[2]", ("poach", "witch"))
    elif kind == "poach":
        if len(extra) != 1:
            raise _fail(field, "expected [poach, seat, index]")
        _int(extra[0], f"{field}[2]", 0, s.n - 1)
    elif kind == "exile":
        if len(extra) != 1 or extra[0] not in (0, 3) or extra[0].__class__ is not int:
            raise _fail(field, "expected [exile, seat, 0 or 3]")
    elif extra:
        raise _fail(field, f"a {kind} decision has no further fields")
    return (kind, seat, *extra)


def _check_pending(state: KingshipState) -> None:
    """The pending decision fits the table: the right seat decides, holding what it needs."""
    p = state.pending
    assert p is not None
    kind, seat = p[0], p[1]
    c = state.ctx
    h = state.hands[seat]
    titles = state.titles
    present = c.names()
    for key in _NEEDS[kind]:
        if key not in present:
            raise _fail("ctx", f"a {kind} decision needs {key}")
    actor = c.actor
    bad = ""
    if kind == "main" and seat != state.turn_player:
        bad = "the turn's decision belongs to the player on turn"
    elif kind == "lq" and seat != state.active_holder(LIGHT_QUEEN):
        bad = "only the Light Queen decides a draw"
    elif kind == "dq" and seat != state.active_holder(DARK_QUEEN):
        bad = "only the Dark Queen forbids a target"
    elif kind == "demon" and seat != state.active_holder(DEMON):
        bad = "only the Demon claims the graveyard"
    elif kind == "outlaw" and not h[OUTLAW]:
        bad = "the seat asked holds no Outlaw"
    elif kind == "knight" and (not any(h[k] for k in KNIGHT_KINDS) or c.target != seat):
        bad = "only the target holding a Knight blocks"
    elif kind == "poach" and not any(h[k] and SPEC_MATCH[c.spec][k] for k in range(NK)):
        bad = "the seat asked holds no card of the specification"
    elif kind == "law" and p[2] == "prince" and titles[KING] < 0:
        bad = "a Prince's law needs a King to approve it"
    elif kind == "vote" and seat not in (c.voters or ()):
        bad = "the seat voting is not a voter"
    elif kind == "m_resp" and seat == actor:
        bad = "the Merchant does not answer their own offer"
    elif kind in _ACTOR_DECIDES and seat != actor:
        bad = "this decision belongs to the player whose ability it is"
    elif kind in ("poacher", "revive") and c.base > len(state.pile):
        bad = "the play's place in the pile is beyond the pile"
    elif kind in ("give", "m_take", "m_return", "search") and c.target < 0:
        bad = "the ability has no target"
    if bad:
        raise _fail("pending", bad)


_ACTOR_DECIDES = frozenset(
    {
        "target",
        "give",
        "give_exile",
        "place",
        "farmer",
        "poacher",
        "spec",
        "revive",
        "priest_draw",
        "m_take",
        "m_return",
        "m_offer",
        "m_ask",
        "m_choose",
        "prince_title",
        "queen",
        "search",
        "extra",
    }
)


# ---------------------------------------------------------------- the whole state
_SCALARS: tuple[tuple[str, type], ...] = (
    ("direction", int),
    ("tp", int),
    ("nturns", int),
    ("drawn", bool),
    ("skip", bool),
    ("extra", bool),
    ("winner", int),
    ("over", bool),
    ("stall", int),
    ("hands", list),
    ("deck", list),
    ("pile", list),
    ("grave", list),
    ("titles", list),
    ("laws", list),
    ("q", list),
    ("knows_top", list),
    ("ctx", dict),
    ("known", dict),
)
"""The snapshot's fields that a state stores in typed attributes, with their types."""
_TYPE_WORDS = {int: "an integer", bool: "true or false", list: "a list", dict: "an object"}


def check_types(data: dict[str, Any]) -> None:
    """Check the type of each field of a snapshot's ``state`` that the state stores in a typed
    attribute, before ``_restore_state`` stores it (the compiled build checks every store, so a
    wrong type would otherwise be a ``TypeError`` naming no field); :func:`validate` checks the
    values once they are stored.

    Raises:
        ValueError: naming the field (``state.<field>: ...``).
    """
    for name, cls in _SCALARS:
        value = data[name]
        if value.__class__ is not cls:
            raise _fail(name, f"expected {_TYPE_WORDS[cls]}, got {str(value)[:40]!r}")
    for name in ("pending", "shown", "stall_fp"):
        value = data[name]
        if value is not None and value.__class__ is not list:
            raise _fail(name, f"expected a list or null, got {str(value)[:40]!r}")
    for o, h in enumerate(data["hands"]):
        if h.__class__ is not list or any(c.__class__ is not int for c in h):
            raise _fail(f"hands[{o}]", f"expected {NK} counts, one per card kind")


def validate(state: KingshipState) -> None:
    """Check every field of a restored Kingship state (see the module docstring).

    Raises:
        ValueError: naming the field (``state.<field>: ...``).
    """
    n = state.n
    if not isinstance(state.hands, list) or len(state.hands) != n:
        raise _fail("hands", f"expected {n} hands")
    for o, h in enumerate(state.hands):
        if not isinstance(h, list) or len(h) != NK:
            raise _fail(f"hands[{o}]", f"expected {NK} counts, one per card kind")
        for k, count in enumerate(h):
            _int(count, f"hands[{o}][{k}]", 0, 0 if k == _NO_CARD else DECK_COUNTS[k])
    state.deck = _kinds(state.deck, "deck")
    state.pile = _kinds(state.pile, "pile")
    state.grave = _kinds(state.grave, "grave")
    if not isinstance(state.titles, list) or len(state.titles) != 6:
        raise _fail("titles", "expected the holders of the 6 titles")
    for t, holder in enumerate(state.titles):
        _int(holder, f"titles[{t}]", -1, n - 1)
    if not isinstance(state.laws, list):
        raise _fail("laws", "expected a list of laws")
    seen: set[tuple[int, int]] = set()
    for i, law in enumerate(state.laws):
        t, p = _law(law, f"laws[{i}]", state, standing=True)
        if len(law) != 2 or (t, p) in seen or (t == A.L_EXACTLY and any(x[0] == A.L_EXACTLY for x in seen)):
            raise _fail(f"laws[{i}]", "a law twice, or two 'exactly' laws (KS-23, KS-24)")
        seen.add((t, p))
    if state.direction not in (1, -1) or state.direction.__class__ is not int:
        raise _fail("direction", "expected 1 (clockwise) or -1")
    _int(state.turn_player, "tp", 0, n - 1)
    mt = state.config.max_turns
    _int(state.nturns, "nturns", 0, mt if mt is not None else 10**9)
    for name in ("drawn", "skip", "extra", "is_terminal"):
        _bool(getattr(state, name), "over" if name == "is_terminal" else name)
    _int(state.winner, "winner", -1, n - 1)
    if state.winner >= 0 and not state.is_terminal:
        raise _fail("winner", "a winner while the game runs")
    _check_knowledge(state)
    _int(state.stall, "stall", 0, n - 1)
    if state.stall_fp is not None and (
        not isinstance(state.stall_fp, list)
        or len(state.stall_fp) != n * NK + 11
        or any(x.__class__ is not int for x in state.stall_fp)
    ):
        raise _fail("stall_fp", "not a fingerprint of this table")
    if state.is_terminal:
        if state.pending is not None or state.q:
            raise _fail("pending", "a decision pending after the end")
    else:
        if state.pending is None:
            raise _fail("pending", "the game runs but no decision is pending")
        state.pending = _decision(state.pending, "pending", state, hidden_ok=True)
        _check_pending(state)
    _check_queue(state)
    if state.shown is not None:
        state.shown = _decision(state.shown, "shown", state, hidden_ok=False)


def _check_knowledge(state: KingshipState) -> None:
    n = state.n
    kt = state.knows_top
    if not isinstance(kt, list) or len(kt) != n + 1:
        raise _fail("knows_top", f"expected {n + 1} counts (one per seat, then everyone's)")
    for i, t in enumerate(kt):
        _int(t, f"knows_top[{i}]", 0, DECK_SIZE)
    if kt[n] > min(kt[:n]):
        raise _fail("knows_top", "everyone knows more of the deck than one of the seats")
    if not isinstance(state.known, dict):
        raise _fail("known", "expected an object")
    for key, cards in state.known.items():
        who, o = divmod(key, 8) if key.__class__ is int and key >= 0 else (-1, -1)
        if not (0 <= o < n and (0 <= who < n or who == PUBLIC) and who != o):
            raise _fail("known", f"{key!r} names no seat and hand of this game")
        if not isinstance(cards, dict) or not cards:
            raise _fail(f"known.{key}", "expected the cards known (kind: count)")
        for k, count in cards.items():
            _kind(k, f"known.{key}")
            _int(count, f"known.{key}.{k}", 1, DECK_COUNTS[k])


_T_KEYS = ("t_mode", "t_block", "t_fail", "t_forb", "t_used", "t_offered", "t_prev", "target", "t_chooser", "outlaws")
_PROVIDES: dict[str, tuple[str, ...]] = {
    # a step, or the answer to a pending decision, that sets context keys for the steps below it
    "tgt": (*_T_KEYS, "fizzle"),
    "acq": _T_KEYS,
    "spec": ("spec",),
    "law_propose": ("law", "voters", "vote_i"),
    "law": ("law", "voters", "vote_i"),
    "merchant_offer": ("m_item", "m_ask", "m_counters", "m_i"),
    "m_offer": ("m_item", "m_ask", "m_counters", "m_i"),
    "m_ask": ("m_ask", "m_counters", "m_i"),
    "target": ("target",),
}


def _check_queue(state: KingshipState) -> None:
    """Every step is a known step with checked arguments, and finds the context keys it reads
    (set now, or by the pending decision's answer or a step that runs before it)."""
    if not isinstance(state.q, list):
        raise _fail("q", "expected a list of steps")
    provided = state.ctx.names()
    if state.pending is not None and isinstance(state.pending, tuple) and state.pending:
        provided.update(_PROVIDES.get(str(state.pending[0]), ()))
    for i in range(len(state.q) - 1, -1, -1):  # the last step runs first
        step = state.q[i]
        field = f"q[{i}]"
        op = step[0] if isinstance(step, tuple) and step else -1
        if not (op.__class__ is int and 0 <= op < len(OP_NAMES)):
            raise _fail(field, "not a step of Kingship's resolution queue")
        name = OP_NAMES[op]
        checks, needs = _OPS[name]
        if len(step) != len(checks) + 1:
            raise _fail(field, f"the step {name} takes {len(checks)} arguments")
        for j, check in enumerate(checks):
            check(step[j + 1], f"{field}[{j + 1}]", state)
        if name == "law_propose" and step[2] < 0:
            needs = ("actor",)
        for key in needs:
            if key not in provided:
                raise _fail(field, f"the step {name} needs ctx.{key}")
        if "base" in needs and state.ctx.base > len(state.pile):
            raise _fail(field, f"the step {name} reads the pile below the play, which is shorter")
        provided.update(_PROVIDES.get(name, ()))
