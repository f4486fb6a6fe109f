"""Why a well-formed Kingdom action is not legal now: ``(reason, rule id)``.

Only called for actions that are NOT in ``legal_actions()``; the legality itself is decided by
the code that lists the legal actions (:mod:`state`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from regalia.games.kingdom import actions as A
from regalia.games.kingdom.actions import Action
from regalia.games.kingdom.cards import IS_NOBLE, JOKER, NAME, RANK, RATING, SUIT, SUITS

if TYPE_CHECKING:
    from regalia.games.kingdom.state import KingdomState

_DECISION_TEXT = {
    "main": "{p}'s turn (the actions of the turn itself)",
    "attackers": "{p} declaring attackers",
    "blockers": "{p} declaring blockers",
    "split": "{p} splitting an attacker's damage among its blockers",
    "discard": "{p} discarding down to 7 cards",
    "respond": "a response window for {p}",
    "counter": "a counter-assassination window for {p}",
    "target": "{p} choosing the Assassin's target",
    "pick": "{p} taking a card with Pick a Card",
}

# the decisions in which each kind of action can be made, with the rule that says so
_WHERE: dict[int, tuple[tuple[str, ...], str]] = {
    A.END: (("main",), "KD-1"),
    A.PASS: (("respond", "counter"), "KD-X2"),
    A.DONE: (("attackers", "blockers"), "KD-4"),
    A.PLAY: (("main",), "KD-1"),
    A.BRING: (("main",), "KD-1"),
    A.CHANGE: (("main", "respond", "counter"), "KD-2"),
    A.ATTACK: (("main",), "KD-4"),
    A.ATTACKER: (("attackers",), "KD-4"),
    A.BLOCK: (("blockers",), "KD-4"),
    A.ASSIGN: (("split",), "KD-6"),
    A.DISCARD: (("discard",), "KD-1"),
    A.TAKE: (("pick",), "KD-9"),
    A.TAKE_DECK: (("pick",), "KD-9"),
    A.ASSASSIN: (("main", "respond"), "KD-8"),
    A.TARGET: (("target",), "KD-8"),
    A.COUNTER: (("counter",), "KD-8"),
    A.JOKER_PICK: (("main", "respond"), "KD-9"),
    A.SPY: (("main", "respond"), "KD-9"),
    A.EXPOSE: (("main", "respond"), "KD-9"),
    A.RECRUIT: (("main",), "KD-9"),
}


def _where(st: KingdomState, p: int) -> str:
    return _DECISION_TEXT[st.decision()].format(p=f"P{p}")


def explain(st: KingdomState, act: Action) -> tuple[str, str | None]:
    """The reason ``act`` is refused now and the rule or ruling it rests on: an action out of
    the decisions that take its kind (:data:`_WHERE`), else the ``_why_<kind>`` function of its
    kind.

    Args:
        st: the state (not terminal).
        act: a well-formed action that is not in ``st.legal_actions()``.

    Returns:
        ``(reason, rule id)``.
    """
    p = st.current_player
    assert p is not None
    d = st.decision()
    k = act.kind
    places, rule = _WHERE[k]
    if d not in places:
        if k == A.RECRUIT and d == "respond":
            return "a Joker is played as Recruit only during your own turn, not out of turn", "KD-9"
        if k == A.ASSASSIN and d == "counter":
            return "in a counter window only a counter-assassination (counter ACE using NOBLE) may be played", "KD-X3"
        return f"'{act}' cannot be played during {_where(st, p)}", rule
    if k == A.DONE:
        return "declare at least one attacker first: an attack, once declared, needs one", "KD-X8"
    if k == A.END or k == A.PASS:
        return f"'{act}' is not open during {_where(st, p)}", rule
    if k == A.PLAY:
        return _why_play(st, p, act)
    if k == A.BRING:
        return _why_bring(st, p, act)
    if k == A.CHANGE:
        return _why_change(st, p, act)
    if k == A.ATTACK:
        return _why_attack(st, p, act)
    if k == A.ATTACKER:
        return _why_attacker(st, p, act)
    if k == A.BLOCK:
        return _why_block(st, p, act)
    if k == A.ASSIGN:
        return _why_assign(st, p, act)
    if k == A.DISCARD:
        return f"{NAME[act.a]} is not in your hand", "KD-1"
    if k == A.TAKE:
        return f"{NAME[act.a]} is not in the discard pile", "KD-9"
    if k == A.TAKE_DECK:
        return "the deck is empty", "KD-9"
    if k == A.ASSASSIN or k == A.COUNTER:
        return _why_assassin(st, p, act)
    if k == A.TARGET:
        return f"{NAME[act.a]} is not in play", "KD-8"
    return _why_joker(st, p, act)


def _why_play(st: KingdomState, p: int, act: Action) -> tuple[str, str | None]:
    """``play N`` refused: not in hand, a noble already played this turn, or one of that rank in
    play [KD-1]."""
    c = act.a
    if c not in st.hands[p]:
        return f"{NAME[c]} is not in your hand", "KD-1"
    if st.noble_played:
        return "you have already put a noble into play this turn", "KD-1"
    return f"you already have a {('Jack', 'Queen', 'King')[RANK[c] - 11]} in play", "KD-1"


def _why_bring(st: KingdomState, p: int, act: Action) -> tuple[str, str | None]:
    """``bring C with N`` refused: the card, the noble, or their suits [KD-1]."""
    c, nb = act.a, act.b
    if c not in st.hands[p]:
        return f"{NAME[c]} is not in your hand", "KD-1"
    if nb not in st.play[p]:
        return f"{NAME[nb]} is not in play in your kingdom", "KD-1"
    if st.busy[nb]:
        return f"{NAME[nb]} is preoccupied", "KD-1"
    return f"{NAME[nb]} is a {SUITS[st.suit_of(nb)]} noble and cannot bring {NAME[c]} of another suit", "KD-1"


def _why_change(st: KingdomState, p: int, act: Action) -> tuple[str, str | None]:
    """``change T to S using U`` refused [KD-2]; out of the turn, KD-X5's limits."""
    t, u, s = act.a, act.b, act.c
    mine = st.play[p]
    if t not in mine or u not in mine:
        return "both nobles must be in play in your kingdom", "KD-2"
    if t == u:
        return "a noble cannot change its own suit; turn a second noble of the same suit", "KD-2"
    if st.busy[u]:
        return f"{NAME[u]} is preoccupied", "KD-2"
    if st.suit_of(t) != st.suit_of(u):
        return f"{NAME[t]} and {NAME[u]} are not of the same suit", "KD-2"
    if s == st.suit_of(t):
        return f"{NAME[t]} is already a {SUITS[s]} noble", "KD-2"
    if st.decision() != "main":
        if st.busy[t]:
            return f"out of your turn the changed noble must be unpreoccupied ({NAME[t]} is turned)", "KD-X5"
        return (
            f"out of your turn a suit change must give the suit of an Ace in your hand ({SUITS[s]} is not)",
            "KD-X5",
        )
    return "this suit change is not allowed now", "KD-2"


def _why_attack(st: KingdomState, p: int, act: Action) -> tuple[str, str | None]:
    """``attack Pn`` refused: the first round, a second attack, one's own or a fallen kingdom,
    nothing to attack with [KD-4, KD-12]."""
    q = act.a
    if st.turn_no <= st.num_players:
        return "no attacks until every player has had a turn", "KD-4"
    if st.attacked:
        return "you can only attack one kingdom per turn", "KD-4"
    if q == p:
        return "you cannot attack your own kingdom", "KD-4"
    if not st.alive[q]:
        return f"P{q}'s kingdom has fallen", "KD-12"
    return "you have no unpreoccupied card in play to attack with", "KD-4"


def _why_attacker(st: KingdomState, p: int, act: Action) -> tuple[str, str | None]:
    """``attacker C`` refused: not in the kingdom, or preoccupied [KD-4]."""
    c = act.a
    if c not in st.play[p]:
        return f"{NAME[c]} is not in play in your kingdom", "KD-4"
    return f"{NAME[c]} is preoccupied (or already attacking)", "KD-4"


def _why_block(st: KingdomState, p: int, act: Action) -> tuple[str, str | None]:
    """``block A with B`` refused: A not attacking, B not the defender's or busy [KD-4]."""
    a, b = act.a, act.b
    if a not in st.attackers:
        return f"{NAME[a]} is not attacking", "KD-4"
    if b not in st.play[p]:
        return f"{NAME[b]} is not in play in your kingdom", "KD-4"
    return f"{NAME[b]} is preoccupied (or already blocking); each blocker blocks one attacker", "KD-4"


def _why_assign(st: KingdomState, p: int, act: Action) -> tuple[str, str | None]:
    """``assign n to B`` refused: blocker by blocker [KD-X8], no more than is left [KD-6]."""
    a = st.attackers[st.split_i]
    b = st.blockers[st.split_i][st.split_j]
    left = RATING[a] - sum(st.dealt[st.split_i][: st.split_j])
    if act.b != b:
        return f"damage of {NAME[a]} is split blocker by blocker: now {NAME[b]}", "KD-X8"
    return f"{NAME[a]} has only {left} damage point(s) left to deal", "KD-6"


def _why_assassin(st: KingdomState, p: int, act: Action) -> tuple[str, str | None]:
    """``assassin`` or ``counter A using N`` refused: the Ace, the noble, its suit [KD-8]."""
    ace, nb = act.a, act.b
    if ace not in st.hands[p]:
        return f"{NAME[ace]} is not in your hand", "KD-8"
    if nb not in st.play[p]:
        return f"{NAME[nb]} is not in play in your kingdom", "KD-8"
    if st.busy[nb]:
        return f"{NAME[nb]} is preoccupied; the Assassin needs an unpreoccupied noble", "KD-8"
    return (
        f"{NAME[nb]} is a {SUITS[st.suit_of(nb)]} noble; the Assassin {NAME[ace]} needs a {SUITS[SUIT[ace]]} one",
        "KD-8",
    )


def _why_joker(st: KingdomState, p: int, act: Action) -> tuple[str, str | None]:
    """A Joker's use refused: no Joker, nothing to pick, a target that is oneself or fallen, a
    recruit out of reach [KD-9, KD-12]."""
    k = act.kind
    if JOKER not in st.hands[p]:
        return "you have no Joker in your hand", "KD-9"
    if k == A.JOKER_PICK:
        return "the deck and the discard pile are both empty", "KD-9"
    if k == A.SPY or k == A.EXPOSE:
        q = act.a
        if q == p:
            return "the Joker targets another player", "KD-9"
        return f"P{q}'s kingdom has fallen", "KD-12"
    c = act.a
    owner = st.loc[c]
    if owner < 0:
        return f"{NAME[c]} is not in play", "KD-9"
    if owner == p:
        return f"{NAME[c]} is already in your kingdom", "KD-9"
    if IS_NOBLE[c]:
        return f"you already have a {('Jack', 'Queen', 'King')[RANK[c] - 11]} in play (noble limits)", "KD-9"
    return "this recruit is not allowed now", "KD-9"
