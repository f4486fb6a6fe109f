"""Kingdom's prompts: the pending decision in the rulebook's words, for each seat.

For the seat deciding: what opened the decision and what each choice does ("P2 attacks you with
7S and 9S: block with your unpreoccupied cards..."). For every other seat and a spectator:
"Waiting for P2 to ...", naming only what that seat may know — a response or counter window is
never named to a seat not asked in it; it sees the decision underneath instead [KD-X13]
(``windows.masked_decision``). Only string formatting over small lists: prompts are built on
every ``view()`` call, inside bot rollouts too.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from regalia.games.kingdom import actions as A
from regalia.games.kingdom.cards import IS_ACE, JOKER, NAME, RATING, TERRITORY_VALUE
from regalia.games.kingdom.phases import (
    C_ASSASSIN,
    C_EXPOSE,
    C_PICK,
    C_SPY,
    DECISION_NAMES,
    HAND_LIMIT,
    SUIT_NAMES,
    W_ACTION,
    W_ATTACK,
)
from regalia.games.kingdom.windows import masked_decision

if TYPE_CHECKING:
    from regalia.games.kingdom.state import KingdomState


def and_list(names: list[str]) -> str:
    """``"7S"``, ``"7S and 9S"``, ``"7S, 9S and 10H"``."""
    if not names:
        return "nothing"
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]


def territories(n: int) -> str:
    """``"1 territory"``, ``"9 territories"``."""
    return f"{n} territory" if n == 1 else f"{n} territories"


def _p(p: int) -> str:
    return f"P{p}"


def _whose(p: int, seat: int | None) -> str:
    """``"your"`` for the seat itself, else ``"P2's"``."""
    return "your" if p == seat else f"P{p}'s"


def prompt(state: KingdomState, seat: int | None) -> str:
    """The prompt for ``seat`` (``None`` = a spectator) of a running game, ``st`` being the
    table as KD-X13 shows it to that seat."""
    code, who, point = masked_decision(state, seat)
    kind = DECISION_NAMES[code]
    if who == seat:
        return decision_prompt(state, seat, kind, point)
    return waiting_prompt(state, seat, kind, who)


def decision_prompt(state: KingdomState, p: int, kind: str, point: int) -> str:
    """What ``p`` decides now (``kind`` as the view names it, ``point`` the window point of a
    response window)."""
    if kind == "main":
        return _main(state, p)
    if kind == "attackers":
        return _attackers(state)
    if kind == "blockers":
        return _blockers(state, p)
    if kind == "split":
        return _split(state)
    if kind == "discard":
        extra = len(state.hands[p]) - HAND_LIMIT
        more = "this is the last one" if extra <= 1 else f"{extra} to go"
        return (
            f"Your turn ends with {len(state.hands[p])} cards in hand: discard one, face up "
            f"(the hand limit is {HAND_LIMIT}; {more})."
        )
    if kind == "target":
        top = state.chain[-1]
        return (
            f"Choose the target of your Assassin {NAME[top[2]]} (brought by {NAME[top[3]]}): any card in play, "
            "yours included. Unless someone counters it, the target and the Assassin go to the discard pile."
        )
    if kind == "pick":
        return _pick(state)
    if kind == "respond":
        return _respond(state, p, point)
    return _counter(state, p)


def _main(state: KingdomState, p: int) -> str:
    can = []
    if not state.noble_played:
        can.append("put one noble into play")
    can.append("bring soldiers and Ace Champions of their suit with your unpreoccupied nobles")
    if state.turn_no <= state.num_players:
        note = " No attacks in the first round."
    elif state.attacked:
        note = " Your attack this turn is spent."
    else:
        can.append("attack one other kingdom")
        note = ""
    can.append("play an Assassin or a Joker")
    return f"{_p(p)}, your turn {state.turn_no}: you may {'; '.join(can)}; or end your turn.{note}"


def _attackers(state: KingdomState) -> str:
    q = state.defender
    so_far = [NAME[a] for a in state.attackers]
    if not so_far:
        return (
            f"You attack {_p(q)}: choose your attackers among your unpreoccupied cards (at least one). "
            "Each unblocked attacker takes territories: a soldier its number, a noble or an Ace Champion 1."
        )
    worth = sum(TERRITORY_VALUE[a] for a in state.attackers)
    return (
        f"You attack {_p(q)} with {and_list(so_far)} (worth {territories(worth)} unblocked): add another "
        f"unpreoccupied card, or done to let {_p(q)} block."
    )


def _blockers(state: KingdomState, p: int) -> str:
    names = and_list([NAME[a] for a in state.attackers])
    open_ = [a for i, a in enumerate(state.attackers) if not state.blocked[i]]
    text = (
        f"{_p(state.turn_player)} attacks you with {names}: block with your unpreoccupied cards "
        "(each blocks one attacker; several may block the same one), then done."
    )
    if open_:
        worth = sum(TERRITORY_VALUE[a] for a in open_)
        verb = "takes" if len(open_) == 1 else "take"
        return (
            f"{text} Unblocked, {and_list([NAME[a] for a in open_])} {verb} {territories(worth)} "
            f"of your {state.territories[p]}."
        )
    return f"{text} Every attacker is blocked."


def _split(state: KingdomState) -> str:
    i, j = state.split_i, state.split_j
    a = state.attackers[i]
    rest = state.blockers[i][j:]
    left = RATING[a] - sum(state.dealt[i][:j])
    between = "between" if len(rest) == 2 else "among"
    ratings = ", ".join(f"{NAME[b]} {RATING[b]}" for b in rest)
    head = (
        f"Split the {left} damage of your {NAME[a]} {between} the blockers {and_list([NAME[b] for b in rest])}"
        if j == 0
        else f"{left} damage of your {NAME[a]} is left to split {between} {and_list([NAME[b] for b in rest])}"
    )
    return (
        f"{head}: how much goes to {NAME[rest[0]]}? {NAME[rest[-1]]} takes the rest; a blocker dealt at "
        f"least its rating ({ratings}) is discarded at the end of combat."
    )


def _pick(state: KingdomState) -> str:
    if not state.discard:
        source = "the discard pile is empty, so take the top card of the deck (unseen by the others)"
    elif not state.deck:
        source = "the deck is empty, so take a card of the discard pile (the others see which)"
    else:
        source = "take any card of the discard pile (the others see which) or the top card of the deck (unseen)"
    return f"Pick a Card (your Joker): {source}; then the Joker goes to the discard pile."


def _options(state: KingdomState, p: int, counter: bool) -> str:
    """What ``p`` may play in a window, from what it holds (cheap: one look at the hand)."""
    assassin = "an Ace turning an unpreoccupied noble of its suit, after a suit change if need be"
    if counter:
        return f"counter it with an Assassin of your own ({assassin})"
    hand = state.hands[p]
    can = []
    if any(IS_ACE[c] for c in hand):
        can.append(f"an Assassin ({assassin})")
    if JOKER in hand:
        can.append("a Joker (Pick a Card, Spy or Expose)")
    return f"you may play {' or '.join(can) or 'a card out of turn'}"


def _cause(state: KingdomState) -> str:
    """The main-phase action that opened a response window, in words."""
    c = state.cause
    if not c:
        return f"{_p(state.turn_player)} has acted"
    kind, who = c[0], _p(c[1])
    if kind == A.PLAY:
        return f"{who} puts {NAME[c[2]]} into play"
    if kind == A.BRING:
        what = " as an Ace Champion" if IS_ACE[c[2]] else ""
        return f"{who} turns {NAME[c[3]]} to bring {NAME[c[2]]} into play{what}"
    if kind == A.CHANGE:
        return f"{who} turns {NAME[c[3]]} to make {NAME[c[2]]} a {SUIT_NAMES[c[4]]} noble"
    if kind == A.TARGET:
        return f"{who} has played the Assassin {NAME[c[2]]} on {_p(c[4])}'s {NAME[c[3]]}"
    if kind == A.JOKER_PICK:
        return f"{who} has played a Joker as Pick a Card"
    if kind == A.SPY:
        return f"{who} has played a Joker as a Spy on {_p(c[2])}"
    if kind == A.EXPOSE:
        return f"{who} has played a Joker to expose {_p(c[2])}'s hand"
    return f"{who} recruits {NAME[c[2]]} from {_p(c[3])} with a Joker"


def _blocks_summary(state: KingdomState) -> str:
    parts = []
    for i, a in enumerate(state.attackers):
        bl = state.blockers[i]
        if bl:
            parts.append(f"{NAME[a]} blocked by {' and '.join(NAME[b] for b in bl)}")
        elif state.blocked[i]:
            parts.append(f"{NAME[a]} blocked, its blockers gone")
        else:
            parts.append(f"{NAME[a]} unblocked")
    return "; ".join(parts)


def _respond(state: KingdomState, p: int, point: int) -> str:
    q, a = state.defender, state.turn_player
    if point == W_ACTION:
        return f"{_cause(state)}. Before the turn goes on, {_options(state, p, False)} — or pass."
    attackers = and_list([NAME[x] for x in state.attackers])
    target = "you" if q == p else _p(q)
    if point == W_ATTACK:
        return f"{_p(a)} attacks {target} with {attackers}. Before the blocks, {_options(state, p, False)} — or pass."
    who = "You have" if q == p else f"{_p(q)} has"
    if state.blocks_asked:
        done = f"{who} declared the blocks against {_whose(a, p)} attack"
    else:
        done = f"{who} no unpreoccupied card to block {_whose(a, p)} attack with"
    return f"{done} ({_blocks_summary(state)}). Before the damage is dealt, {_options(state, p, False)} — or pass."


def _item(state: KingdomState, i: int, p: int) -> str:
    """Chain item ``i`` in words, as ``p`` reads it: ``"P0's Assassin AD"``, ``"your Joker (Spy)"``."""
    e = state.chain[i]
    whose = _whose(e[1], p)
    if e[0] == C_ASSASSIN:
        return f"{whose} Assassin {NAME[e[2]]}"
    use = {C_PICK: "Pick a Card", C_SPY: "Spy", C_EXPOSE: "Expose"}[e[0]]
    return f"{whose} Joker ({use})"


def _counter(state: KingdomState, p: int) -> str:
    top = state.chain[-1]
    kind, owner = top[0], top[1]
    how = _options(state, p, True)
    if kind == C_ASSASSIN and len(state.chain) == 1:
        victim = state.loc[top[4]]
        on = f"{_whose(victim, p)} {NAME[top[4]]}" if victim >= 0 else NAME[top[4]]
        return (
            f"{_p(owner)} plays the Assassin {NAME[top[2]]} (turning {NAME[top[3]]}) on {on}: {how} — both "
            f"Aces go to the discard pile and {NAME[top[4]]} is saved — or pass."
        )
    if kind == C_ASSASSIN:
        below = _item(state, len(state.chain) - 2, p)
        return (
            f"{_p(owner)} counters {below} with the Assassin {NAME[top[2]]}: {how} — both go to the discard "
            f"pile and {below} goes ahead — or pass."
        )
    if kind == C_PICK:
        what = "as Pick a Card"
    elif kind == C_SPY:
        what = f"as a Spy on {_whose(top[4], p)} hand"
    else:
        what = f"to expose {_whose(top[4], p)} hand to everyone"
    return f"{_p(owner)} plays a Joker {what}: {how} — the Joker is cancelled — or pass."


def waiting_prompt(state: KingdomState, seat: int | None, kind: str, who: int) -> str:
    """What a seat that does not decide now reads: whom the table waits for, and on what."""
    w = _p(who)
    if kind == "main":
        return f"Waiting for {w} to play turn {state.turn_no}."
    if kind == "attackers":
        target = "you" if state.defender == seat else _p(state.defender)
        return f"Waiting for {w} to declare the attackers against {target}."
    if kind == "blockers":
        return f"Waiting for {w} to declare blockers against {_whose(state.turn_player, seat)} attack."
    if kind == "split":
        return f"Waiting for {w} to split the damage of {NAME[state.attackers[state.split_i]]} among its blockers."
    if kind == "discard":
        return f"Waiting for {w} to discard down to {HAND_LIMIT} cards."
    if kind == "target":
        return f"Waiting for {w} to choose the target of the Assassin {NAME[state.chain[-1][2]]}."
    if kind == "pick":
        return f"Waiting for {w} to take a card with Pick a Card."
    # a window seen by a seat not asked: only in a composed position without its KD-X13 copies
    return f"Waiting for {w}."


def result_prompt(state: KingdomState) -> str:
    """The prompt once the game is over: who won and how [KD-12, KD-13]."""
    alive = [p for p in range(state.num_players) if state.alive[p]]
    if len(alive) == 1:
        return f"The game is over: {_p(alive[0])} is the last kingdom standing and wins."
    best = max(state.territories[p] for p in alive)
    if state.winners:
        return f"The game is over after {state.turn_no} turns: {_p(state.winners[0])} wins with the most territories ({best})."
    tied = and_list([_p(p) for p in alive if state.territories[p] == best])
    return f"The game is over after {state.turn_no} turns: a draw, {tied} tie with {territories(best)} each."
