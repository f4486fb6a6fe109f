"""Kingship actions: one frozen NamedTuple type, its canonical text and its stable integer id.

Every decision of the game (a play, a draw, a response window, a vote, a law, a Merchant offer...)
is answered by one :class:`KingshipAction`. The integer id space is the same for every player count and
config (:data:`NUM_ACTIONS`); the layout is a fixed table of blocks built at import.
"""

from __future__ import annotations

from typing import Final, NamedTuple

from regalia.core.errors import IllegalActionError
from regalia.games.kingship.cards import (
    NAME,
    NK,
    NSPEC,
    OUTLAW,
    SUITS,
    TITLE_BY_NAME,
    TITLE_NAMES,
    VALID_SPECS,
    VALUE,
    VALUE_TEXT,
    kind_of,
    parse_card,
    parse_spec,
    spec_text,
)

MAX_SEATS: Final = 8

# action kinds
DRAW: Final = 0
PASS: Final = 1
PLAY: Final = 2
PAIR: Final = 3
TARGET: Final = 4
FORBID: Final = 5
REDIRECT: Final = 6
BLOCK: Final = 7
CARD: Final = 8
NAME_SPEC: Final = 9
CHOICE: Final = 10
TITLE: Final = 11
LAW: Final = 12
OFFER: Final = 13
ASK: Final = 14
ACCEPT: Final = 15
COUNTER: Final = 16
TAKE_OFFER: Final = 17

# CARD purposes (the verb of "<verb> <card>")
GIVE: Final = 0
EXILE: Final = 1
PLACE: Final = 2
REVIVE: Final = 3
TAKE: Final = 4
RETURN: Final = 5
SEARCH: Final = 6
CLAIM_CARD: Final = 7
CARD_VERBS: Final[tuple[str, ...]] = ("give", "exile", "place", "revive", "take", "return", "search", "claim")

# CHOICE words
KEEP: Final = 0
REVEAL: Final = 1
EXILE_DECK: Final = 2
EXILE_PILE: Final = 3
APPROVE: Final = 4
DENY: Final = 5
PREVENT: Final = 6
CLAIM: Final = 7
AGAIN: Final = 8
CHOICE_WORDS: Final[tuple[str, ...]] = (
    "keep",
    "reveal",
    "exile deck",
    "exile pile",
    "approve",
    "deny",
    "prevent",
    "claim",
    "again",
)

# laws [KS-11]: type -> (text word, parameter kind, number of parameters)
L_EXILE_APPROVERS: Final = 0
L_DRAW_OTHERS: Final = 1
L_TAX: Final = 2
L_NO_WINNER: Final = 3
L_EXACTLY: Final = 4
L_MAX3: Final = 5
L_ALL_EXILE: Final = 6
L_OTHERS_DRAW2: Final = 7
L_CANNOT_WIN: Final = 8
L_WINS: Final = 9
LAW_WORDS: Final[tuple[str, ...]] = (
    "exile-approvers",
    "draw-others",
    "tax",
    "no-winner",
    "exactly",
    "max-3",
    "all-exile",
    "others-draw-2",
    "cannot-win",
    "wins",
)
EXACTLY_MAX: Final = 20
LAW_PARAMS: Final[tuple[int, ...]] = (1, 1, NSPEC, 1, EXACTLY_MAX + 1, 1, 1, 1, MAX_SEATS, MAX_SEATS)
PRO_LAWS: Final[tuple[int, ...]] = (L_EXILE_APPROVERS, L_DRAW_OTHERS, L_TAX, L_NO_WINNER, L_EXACTLY, L_MAX3)
CATALOGUE_LAWS: Final[tuple[int, ...]] = (*PRO_LAWS, L_ALL_EXILE, L_OTHERS_DRAW2, L_CANNOT_WIN, L_WINS)
STANDING_LAWS: Final[frozenset[int]] = frozenset({L_TAX, L_NO_WINNER, L_EXACTLY, L_CANNOT_WIN})
"""Laws that stay in force until removed; the others are carried out once when passed (KS-16)."""

NITEMS: Final = NK + 6
"""Merchant items: a card kind 0..39 or a title 40..45."""
NASK: Final = NSPEC + 6 + 1
"""Merchant asks: a spec 0..59, a title 60..65, or 66 = nothing named."""
ASK_NOTHING: Final = NSPEC + 6


def pair_code(cl: int, cd: int, ct: int) -> int:
    """The count code of a pair's suits: Light 0..3, Dark 0..3, Terra 0..2."""
    return (cl * 4 + cd) * 3 + ct


def pair_counts(code: int) -> tuple[int, int, int]:
    """Inverse of :func:`pair_code`: ``(light, dark, terra)`` counts."""
    rest, ct = divmod(code, 3)
    cl, cd = divmod(rest, 4)
    return cl, cd, ct


class KingshipAction(NamedTuple):
    """One action. ``kind`` is one of the module's action kinds; ``a``..``d`` its parameters.

    Text forms (canonical, see ``docs/games/kingship.md``): ``draw``, ``pass``, ``play 7L``,
    ``play 7L 7D 7T`` (a pair: first card, then the others, the last named card becomes the top),
    ``target P2``, ``forbid``, ``redirect P3``, ``block 10D``, ``give 5T``/``exile``/``place``/
    ``revive``/``take``/``return``/``search``/``claim`` + card, ``name 7``/``name L``/``name any``,
    ``keep``, ``reveal``, ``exile deck``, ``exile pile``, ``approve``, ``deny``, ``prevent``,
    ``claim``, ``again``, ``title DarkQueen``, ``law exactly 3``, ``offer 7L``/``offer title Demon``,
    ``ask 5``/``ask title Kingship``/``ask nothing``, ``accept 5L``, ``counter 2T``,
    ``take offer P1``.
    """

    kind: int
    a: int = 0
    b: int = 0
    c: int = 0
    d: int = 0

    def __str__(self) -> str:
        return act_text(self)


def item_text(item: int) -> str:
    """A Merchant item: a card notation or ``title <Name>``."""
    return NAME[item] if item < NK else f"title {TITLE_NAMES[item - NK]}"


def ask_text(ask: int) -> str:
    """A Merchant ask: a spec, ``title <Name>`` or ``nothing``."""
    if ask == ASK_NOTHING:
        return "nothing"
    if ask >= NSPEC:
        return f"title {TITLE_NAMES[ask - NSPEC]}"
    return spec_text(ask)


def law_text(ltype: int, param: int) -> str:
    """The action text of a law after ``law `` (e.g. ``exactly 3``, ``tax 7L``, ``wins P2``)."""
    word = LAW_WORDS[ltype]
    if ltype == L_TAX:
        return f"{word} {spec_text(param)}"
    if ltype == L_EXACTLY:
        return f"{word} {param}"
    if ltype in (L_CANNOT_WIN, L_WINS):
        return f"{word} P{param}"
    return word


def pair_cards(act: KingshipAction) -> list[int]:
    """The kinds of a pair play in placing order (first .. last)."""
    value, first, last = act.a, act.b, act.c
    counts = list(pair_counts(act.d))
    counts[first] -= 1
    counts[last] -= 1
    middle = [kind_of(value, s) for s in range(3) for _ in range(counts[s])]
    return [kind_of(value, first), *middle, kind_of(value, last)]


def act_text(act: KingshipAction) -> str:
    """The canonical text of an action."""
    k = act.kind
    if k == DRAW:
        return "draw"
    if k == PASS:
        return "pass"
    if k == PLAY:
        return f"play {NAME[act.a]}"
    if k == PAIR:
        if not is_wellformed_pair(act):  # a hand-built pair: never loop over its counts
            return "play an impossible pair"
        return "play " + " ".join(NAME[c] for c in pair_cards(act))
    if k == TARGET:
        return f"target P{act.a}"
    if k == FORBID:
        return "forbid"
    if k == REDIRECT:
        return f"redirect P{act.a}"
    if k == BLOCK:
        return f"block 10{SUITS[act.a]}"
    if k == CARD:
        return f"{CARD_VERBS[act.a]} {NAME[act.b]}"
    if k == NAME_SPEC:
        return f"name {spec_text(act.a)}"
    if k == CHOICE:
        return CHOICE_WORDS[act.a]
    if k == TITLE:
        return f"title {TITLE_NAMES[act.a]}"
    if k == LAW:
        return f"law {law_text(act.a, act.b)}"
    if k == OFFER:
        return f"offer {item_text(act.a)}"
    if k == ASK:
        return f"ask {ask_text(act.a)}"
    if k == ACCEPT:
        return f"accept {item_text(act.a)}"
    if k == COUNTER:
        return f"counter {item_text(act.a)}"
    if k == TAKE_OFFER:
        return f"take offer P{act.a}"
    return f"?{tuple(act)}"


# ---------------------------------------------------------------- integer ids
_LAW_OFFSETS = []
_off = 0
for _n in LAW_PARAMS:
    _LAW_OFFSETS.append(_off)
    _off += _n
NLAW = _off
_PAIR_SIZE = 13 * 3 * 3 * 48
_BLOCKS = (
    (DRAW, 1),
    (PASS, 1),
    (PLAY, NK),
    (PAIR, _PAIR_SIZE),
    (TARGET, MAX_SEATS),
    (FORBID, 1),
    (REDIRECT, MAX_SEATS),
    (BLOCK, 3),
    (CARD, len(CARD_VERBS) * NK),
    (NAME_SPEC, NSPEC),
    (CHOICE, len(CHOICE_WORDS)),
    (TITLE, 6),
    (LAW, NLAW),
    (OFFER, NITEMS),
    (ASK, NASK),
    (ACCEPT, NITEMS),
    (COUNTER, NITEMS),
    (TAKE_OFFER, MAX_SEATS),
)
OFFSET = [0] * len(_BLOCKS)
_SIZE = [0] * len(_BLOCKS)
_o = 0
for _k, _n in _BLOCKS:
    OFFSET[_k] = _o
    _SIZE[_k] = _n
    _o += _n
NUM_ACTIONS = _o
"""The size of the integer action space (the same for every player count and config)."""


def _local(act: KingshipAction) -> int:
    k = act.kind
    if k == PAIR:
        return (((act.a - 1) * 3 + act.b) * 3 + act.c) * 48 + act.d
    if k == CARD:
        return act.a * NK + act.b
    if k == LAW:
        return _LAW_OFFSETS[act.a] + act.b
    return act.a


def action_id(act: KingshipAction) -> int:
    """The stable integer id of ``act``."""
    return OFFSET[act.kind] + _local(act)


_KIND_AT = [k for k, n in _BLOCKS for _ in range(n)]


def action_from_id(i: int) -> KingshipAction:
    """The action with id ``i``.

    Raises:
        IllegalActionError: ``i`` outside ``range(NUM_ACTIONS)`` or naming no well-formed action.
    """
    if not 0 <= i < NUM_ACTIONS:
        raise IllegalActionError(f"action id {i} is outside 0..{NUM_ACTIONS - 1}", None, i)
    k = _KIND_AT[i]
    loc = i - OFFSET[k]
    if k == PAIR:
        rest, d = divmod(loc, 48)
        rest, c = divmod(rest, 3)
        v0, b = divmod(rest, 3)
        act = KingshipAction(PAIR, v0 + 1, b, c, d)
        if not is_wellformed_pair(act):
            raise IllegalActionError(f"action id {i} names no pair", None, i)
        return act
    if k == CARD:
        p, kind = divmod(loc, NK)
        act = KingshipAction(CARD, p, kind)
    elif k == LAW:
        t = max(t for t in range(len(LAW_PARAMS)) if loc >= _LAW_OFFSETS[t])
        act = KingshipAction(LAW, t, loc - _LAW_OFFSETS[t])
    else:
        act = KingshipAction(k, loc)
    if not _is_wellformed(act):
        raise IllegalActionError(f"action id {i} names no Kingship action", None, i)
    return act


_NO_CARD = 35  # the Terra Queen (kind of value 12, suit T) does not exist
_VALID_SPEC_SET = frozenset(VALID_SPECS)


def _is_wellformed(act: KingshipAction) -> bool:
    k = act.kind
    if k in (PLAY, OFFER, ACCEPT, COUNTER):
        return act.a != _NO_CARD
    if k == CARD:
        return act.b != _NO_CARD
    if k == NAME_SPEC:
        return act.a in _VALID_SPEC_SET
    if k == ASK:
        return act.a >= NSPEC or act.a in _VALID_SPEC_SET
    if k == LAW and act.a == L_TAX:
        return act.b in _VALID_SPEC_SET
    return True


def is_wellformed_pair(act: KingshipAction) -> bool:
    """Whether a PAIR action names 2+ existing cards of one value with its first/last suits present."""
    value = act.a
    if not 1 <= value <= 13:
        return False
    counts = list(pair_counts(act.d))
    if value != 12 and counts[2] > 2:
        return False
    if value != 12 and (counts[0] > 2 or counts[1] > 2):
        return False
    if value == 12 and counts[2]:
        return False
    if sum(counts) < 2:
        return False
    counts[act.b] -= 1
    if counts[act.b] < 0:
        return False
    counts[act.c] -= 1
    return counts[act.c] >= 0


def _seat(text: str, raw: str) -> int:
    t = text.strip().upper()
    if t.startswith("P") and t[1:].isdigit() and int(t[1:]) < MAX_SEATS:
        return int(t[1:])
    raise IllegalActionError(f"expected a seat such as P2, got {text!r}", None, raw)


def _card(word: str, raw: str) -> int:
    """The card kind written ``word`` in the action text ``raw``.

    Raises:
        IllegalActionError: naming what is wrong with ``word``: a value without its suit (``9``:
            say ``9L``, ``9D`` or ``9T``), a Terra Queen (there is none), or not a card.
    """
    try:
        return parse_card(word)
    except KeyError:
        pass
    w = word.strip().upper()
    if w in VALUE_TEXT[1:] or w == "1":
        kinds = [NAME[k] for k in range(NK - 1) if VALUE_TEXT[VALUE[k]] == ("A" if w == "1" else w) and NAME[k] != "QT"]
        raise IllegalActionError(
            f"{word!r} is a value without its suit: a card is a value and a suit — {' or '.join(kinds)} "
            "(L Light, D Dark, T Terra)",
            None,
            raw,
        )
    if w == "QT":
        raise IllegalActionError("there is no Terra Queen: the Queens are QL and QD", None, raw)
    raise IllegalActionError(
        f"{word!r} is not a card: a card is a value (A, 2-10, J, Q, K) and a suit (L Light, D Dark, T Terra), "
        "such as 7L or 10D, or the Outlaw",
        None,
        raw,
    )


def _item(text: str, raw: str) -> int:
    words = text.split()
    if len(words) == 2 and words[0].lower() == "title" and words[1].upper() in TITLE_BY_NAME:
        return NK + TITLE_BY_NAME[words[1].upper()]
    if not text.strip():
        raise IllegalActionError("name a card of your hand (7L) or a title you hold (title Demon)", None, raw)
    return _card(text, raw)


def parse_act(raw: str) -> KingshipAction:
    """Read any well-formed action text (legal now or not).

    Raises:
        IllegalActionError: the text is not a Kingship action.
    """
    text = " ".join(raw.strip().split())
    low = text.lower()
    if not low:
        raise IllegalActionError("empty action text", None, raw)
    if low == "draw":
        return KingshipAction(DRAW)
    if low == "pass":
        return KingshipAction(PASS)
    if low == "forbid":
        return KingshipAction(FORBID)
    if low in CHOICE_WORDS:
        return KingshipAction(CHOICE, CHOICE_WORDS.index(low))
    verb, _, rest = text.partition(" ")
    verb = verb.lower()
    try:
        if verb == "play":
            if not rest.strip():
                raise IllegalActionError(
                    "play what? name the card of your hand (play 7L), or a pair (play 7L 7D)", None, raw
                )
            cards = [_card(c, raw) for c in rest.split()]
            if len(cards) == 1:
                return KingshipAction(PLAY, cards[0])
            if not cards or OUTLAW in cards or len({VALUE[c] for c in cards}) != 1:
                raise IllegalActionError("a pair is two or more cards of one value, never Outlaws", "KS-2", raw)
            counts = [0, 0, 0]
            for c in cards:
                counts[c % 3] += 1
            act = KingshipAction(PAIR, VALUE[cards[0]], cards[0] % 3, cards[-1] % 3, pair_code(*counts))
            if not is_wellformed_pair(act):
                raise IllegalActionError(f"{text!r} is not a possible pair", "KS-2", raw)
            return act
        if verb == "target":
            return KingshipAction(TARGET, _seat(rest, raw))
        if verb == "redirect":
            return KingshipAction(REDIRECT, _seat(rest, raw))
        if verb == "block":
            k = _card(rest, raw)
            if VALUE[k] != 10:
                raise IllegalActionError("only a Knight can block", "KS-6", raw)
            return KingshipAction(BLOCK, k % 3)
        if (verb in CARD_VERBS and verb != "take") or (verb == "take" and not rest.lower().startswith("offer")):
            if not rest.strip():
                raise IllegalActionError(f"{verb} what? name the card: {verb} 7L", None, raw)
            return KingshipAction(CARD, CARD_VERBS.index(verb), _card(rest, raw))
        if verb == "take":
            return KingshipAction(TAKE_OFFER, _seat(rest.split(" ", 1)[1] if " " in rest else "", raw))
        if verb == "name":
            return KingshipAction(NAME_SPEC, parse_spec(rest))
        if verb == "title":
            return KingshipAction(TITLE, TITLE_BY_NAME[rest.strip().upper()])
        if verb == "law":
            return _parse_law(rest, raw)
        if verb == "offer":
            return KingshipAction(OFFER, _item(rest, raw))
        if verb == "accept":
            return KingshipAction(ACCEPT, _item(rest, raw))
        if verb == "counter":
            return KingshipAction(COUNTER, _item(rest, raw))
        if verb == "ask":
            r = rest.strip()
            if r.lower() == "nothing":
                return KingshipAction(ASK, ASK_NOTHING)
            words = r.split()
            if len(words) == 2 and words[0].lower() == "title":
                return KingshipAction(ASK, NSPEC + TITLE_BY_NAME[words[1].upper()])
            return KingshipAction(ASK, parse_spec(r))
    except KeyError:
        pass
    if low.split()[0] in CHOICE_WORDS or low.split()[0] in ("draw", "pass", "forbid"):
        raise IllegalActionError(f"{text.split()[0]!r} takes nothing after it: just {low.split()[0]}", None, raw)
    raise IllegalActionError(
        f"{text.split()[0]!r} starts no Kingship action (draw, pass, play 7L, target P2, keep, approve, law …)",
        None,
        raw,
    )


def _parse_law(rest: str, raw: str) -> KingshipAction:
    words = rest.split()
    if not words or words[0].lower() not in LAW_WORDS:
        raise IllegalActionError(f"unknown law {rest!r}", "KS-11", raw)
    t = LAW_WORDS.index(words[0].lower())
    if LAW_PARAMS[t] == 1:
        if len(words) != 1:
            raise IllegalActionError(f"law {words[0]} takes no parameter", "KS-11", raw)
        return KingshipAction(LAW, t, 0)
    if len(words) != 2:
        raise IllegalActionError(f"law {words[0]} takes one parameter", "KS-11", raw)
    if t == L_TAX:
        return KingshipAction(LAW, t, parse_spec(words[1]))
    if t == L_EXACTLY:
        if not words[1].isdigit() or int(words[1]) > EXACTLY_MAX:
            raise IllegalActionError(f"law exactly takes a number 0..{EXACTLY_MAX}", "KS-11", raw)
        return KingshipAction(LAW, t, int(words[1]))
    return KingshipAction(LAW, t, _seat(words[1], raw))


assert OFFSET[TAKE_OFFER] + MAX_SEATS == NUM_ACTIONS
assert len(_KIND_AT) == NUM_ACTIONS


# ---------------------------------------------------------------- prebuilt action objects (speed)
# The legal actions are taken from these tables, so that no action object is made while playing
# and the core's ``act in legal`` check meets the very object it looks for first.
DRAW_ACT: Final = KingshipAction(DRAW)
PASS_ACT: Final = KingshipAction(PASS)
FORBID_ACT: Final = KingshipAction(FORBID)
PLAY_ACTS: Final[list[KingshipAction]] = [KingshipAction(PLAY, k) for k in range(NK)]
PAIR_ACTS: Final[list[KingshipAction]] = [
    KingshipAction(PAIR, i // (9 * 48) + 1, (i // (3 * 48)) % 3, (i // 48) % 3, i % 48) for i in range(_PAIR_SIZE)
]
"""``PAIR_ACTS[(((value - 1) * 3 + first) * 3 + last) * 48 + code]``."""
CARD_ACTS: Final[list[list[KingshipAction]]] = [
    [KingshipAction(CARD, p, k) for k in range(NK)] for p in range(len(CARD_VERBS))
]
"""``CARD_ACTS[purpose][kind]``: the card action of each purpose and card kind."""
LAW_ACTS: Final[list[list[KingshipAction]]] = [
    [KingshipAction(LAW, t, p) for p in range(LAW_PARAMS[t])] for t in range(len(LAW_PARAMS))
]
"""``LAW_ACTS[law_type][parameter]``: the law action of each law type and parameter."""
TARGET_ACTS: Final[list[KingshipAction]] = [KingshipAction(TARGET, s) for s in range(MAX_SEATS)]
REDIRECT_ACTS: Final[list[KingshipAction]] = [KingshipAction(REDIRECT, s) for s in range(MAX_SEATS)]
TAKE_OFFER_ACTS: Final[list[KingshipAction]] = [KingshipAction(TAKE_OFFER, s) for s in range(MAX_SEATS)]
BLOCK_ACTS: Final[list[KingshipAction]] = [KingshipAction(BLOCK, s) for s in range(3)]
CHOICE_ACTS: Final[list[KingshipAction]] = [KingshipAction(CHOICE, c) for c in range(len(CHOICE_WORDS))]
TITLE_ACTS: Final[list[KingshipAction]] = [KingshipAction(TITLE, t) for t in range(6)]
NAME_SPEC_ACTS: Final[list[KingshipAction]] = [KingshipAction(NAME_SPEC, sp) for sp in range(NSPEC)]
OFFER_ACTS: Final[list[KingshipAction]] = [KingshipAction(OFFER, i) for i in range(NITEMS)]
ACCEPT_ACTS: Final[list[KingshipAction]] = [KingshipAction(ACCEPT, i) for i in range(NITEMS)]
COUNTER_ACTS: Final[list[KingshipAction]] = [KingshipAction(COUNTER, i) for i in range(NITEMS)]
ASK_ACTS: Final[list[KingshipAction]] = [KingshipAction(ASK, i) for i in range(NASK)]


def _combos(cl: int, cd: int, ct: int) -> list[tuple[int, tuple[int, int, int]]]:
    out = []
    for xl in range(cl + 1):
        for xd in range(cd + 1):
            for xt in range(ct + 1):
                if xl + xd + xt >= 2:
                    out.append((pair_code(xl, xd, xt), (xl, xd, xt)))
    return out


PAIR_COMBOS = {(a, b, c): _combos(a, b, c) for a in range(4) for b in range(4) for c in range(3)}
"""(light, dark, terra) counts in hand -> every (code, counts) of a pair drawn from them."""
