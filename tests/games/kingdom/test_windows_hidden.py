"""KD-X2, KD-X13: out-of-turn windows are decisions of the seat that can act, invisible to the
others — checked against twin worlds where nobody else could respond."""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, Any

import pytest

import regalia

from .conftest import Deal

if TYPE_CHECKING:
    from regalia.games.kingdom.state import KingdomState

WINDOWS = ("respond", "counter")


def _usable(c: int) -> bool:
    from regalia.games.kingdom.cards import IS_ACE, JOKER

    return c == JOKER or IS_ACE[c]


def _twin_without(st: KingdomState, z: int) -> KingdomState | None:
    """The same table where seat ``z`` holds no Ace and no Joker (each swapped with a plain card
    from the bottom of the deck), so ``z`` can never respond; ``None`` if no such twin exists
    (nothing to swap, a swapped card known to someone, or too few plain cards in the deck)."""
    twin: KingdomState = st.clone()
    twin._legal = None
    mine = [i for i, c in enumerate(twin.hands[z]) if _usable(c)]
    plain = [i for i, c in enumerate(twin.deck[:-8]) if not _usable(c)]  # never the next draws
    if not mine or len(plain) < len(mine) or any(row[z] for row in st.known):
        return None
    for i, j in zip(mine, plain, strict=False):
        twin.hands[z][i], twin.deck[j] = twin.deck[j], twin.hands[z][i]
    return twin


def _observe(state: KingdomState, seat: int | None, events: list[Any], stream: list[Any]) -> None:
    """Add to ``seat``'s stream the events it sees and its view (with its prompt) if it changed
    (one view repeated unchanged counts once): what a seat polling the table can tell."""
    for e in state.events_for(events, seat):
        stream.append(("event", e.kind, e.text, e.data))
    view = state.view(seat)
    last = next((x for x in reversed(stream) if x[0] == "view"), None)
    if last is None or last[1] != view:
        stream.append(("view", view))


def _lively(state: KingdomState, rng: random.Random) -> Any:
    """A random legal action, Assassins, Jokers, counters and attacks four times likelier (so
    that windows and chains come often)."""
    legal = state.legal_actions()
    weights = [
        4 if str(a).split(" ", 1)[0] in ("assassin", "counter", "joker", "attack", "target") else 1 for a in legal
    ]
    return rng.choices(legal, weights)[0]


def _twin_run(a: KingdomState, z: int, rng: random.Random, steps: int) -> tuple[int, set[str]]:
    """Play ``a`` and its twin without ``z``'s Aces and Jokers in lockstep — ``z`` passing every
    window it is asked in, everyone else playing the same random moves — until ``z`` has a
    decision of its own; assert every other seat's stream is the same in both worlds. Returns
    how many windows ``z`` passed and their decision kinds."""
    b = _twin_without(a, z)
    assert b is not None
    seats = [s for s in [*range(a.num_players), None] if s != z]
    streams = {s: ([], []) for s in seats}
    for s in seats:
        _observe(a, s, [], streams[s][0])
        _observe(b, s, [], streams[s][1])
    passed, kinds = 0, set()
    for _ in range(steps):
        if a.is_terminal:
            break
        p = a.current_player
        if p == z:
            if a.decision() not in WINDOWS:
                break
            kinds.add(str(a.decision_kind()))
            ev_a, ev_b = a.apply("pass"), []
            passed += 1
        else:
            assert b.current_player == p and b.decision_kind() == a.decision_kind()
            act = _lively(a, rng)
            if a.decision() == "pick" and str(act) == "take deck":
                break  # the decks differ below the top: stop before anything is drawn
            if str(act) in (f"joker spy P{z}", f"joker expose P{z}"):
                break  # the hands that differ are about to be shown
            ev_a, ev_b = a.apply(act), b.apply(str(act))
            if not a.alive[z]:
                break  # its hand goes face up to the discard pile [KD-12]
        for s in seats:
            _observe(a, s, ev_a, streams[s][0])
            _observe(b, s, ev_b, streams[s][1])
        if a.deck[-1:] != b.deck[-1:] or len(a.deck) < 9:
            break
    while a.current_player == z and a.decision() in WINDOWS:  # out of moves in the middle of its window
        ev_a = a.apply("pass")
        passed += 1
        for s in seats:
            _observe(a, s, ev_a, streams[s][0])
    for s in seats:
        mine, theirs = streams[s]
        assert mine == theirs, f"seat {s} can tell that P{z} was asked"
    return passed, kinds


def test_kd_x13_twin_worlds_every_other_seat_sees_the_same_stream() -> None:
    """From many positions of random games: the world where a seat holds its Aces and Jokers
    (and passes every window it gets) and the world where it holds plain cards instead look the
    same, view by view, prompt by prompt and event by event, to every other seat and a spectator."""
    kinds: set[str] = set()
    windows = 0
    for seed in range(90):
        players = 3 + seed % 4
        state = regalia.make("kingdom", players=players, seed=seed, max_turns=60)
        rng = random.Random(seed)
        rest = 0
        for step in range(300):
            if state.is_terminal:
                break
            rest -= 1
            if rest <= 0 and state.decision() not in WINDOWS and state.cp is None:
                # a seat that could respond now, holding cards nobody knows of
                ready = [z for z in range(players) if z != state.current_player and state.can_respond(z)]
                if ready and _twin_without(state, ready[0]) is not None:
                    n, k = _twin_run(state.clone(), ready[0], random.Random(step), 25)
                    windows += n
                    kinds |= k
                    rest = 8
            state.apply(_lively(state, rng))
    assert windows > 50
    assert {"respond_action", "respond_attackers", "respond_blockers"} <= kinds
    assert any(k.startswith("counter") for k in kinds), kinds


def test_kd_x13_a_seat_not_asked_never_sees_another_seats_window() -> None:
    seen = {"respond": 0, "counter": 0}
    for seed in range(40):
        state = regalia.make("kingdom", players=4, seed=seed, max_turns=40)
        rng = random.Random(seed)
        while not state.is_terminal:
            decider = state.current_player
            kind = state.view(decider)["decision"]
            if kind in seen:
                seen[kind] += 1
                assert state.view(decider)["to_act"] == decider
                for other in [*range(4), None]:
                    if other == decider:
                        continue
                    view = state.view(other)
                    # at most its own earlier question of the same run of windows
                    assert view["decision"] not in WINDOWS or view["to_act"] == other != None  # noqa: E711
                    assert view["to_act"] != decider or decider in (state.turn_player, state.defender)
                    assert state.prompt(other) == view["prompt"]
            state.apply(rng.choice(state.legal_actions()))
    assert seen["respond"] > 0 and seen["counter"] > 0


def test_kd_x2_a_pass_in_a_window_is_seen_only_by_the_seat_that_passed() -> None:
    passes = 0
    for seed in range(40):
        state = regalia.make("kingdom", players=4, seed=seed, max_turns=40)
        rng = random.Random(seed)
        while not state.is_terminal:
            decider = state.current_player
            in_window = state.decision() in WINDOWS
            action = rng.choice(state.legal_actions())
            events = state.apply(action)
            if in_window and str(action) == "pass":
                passes += 1
                assert [e.kind for e in events if e.seat == decider and e.kind == "pass"] == ["pass"]
                for other in [*range(4), None]:
                    if other != decider:
                        assert not [e for e in state.events_for(events, other) if e.kind == "pass"]
    assert passes > 0


def test_kd_x13_combat_windows_show_the_declaration_still_open(deal: Deal) -> None:
    """P2 holds a Joker, so it is asked after each of P0's actions, after the attackers and after
    the blockers; it passes every time. P0, P1 and a spectator see P0 still declaring attackers,
    then P1 still declaring blockers, and get the combat's outcome when the window ends: the same
    views, prompts and events as in the deal where P2 holds the 10S instead."""
    hands = ["QH 9H 2S 3S 4S 5S 6S", "QC 5C 2D 3D 4D 5D 6D", "{} 2C 3C 4C 7C 8C 9C"]
    moves = ["play QH", "bring 9H with QH", "end", "play QC", "bring 5C with QC", "end", "end", "discard 2C"]
    moves += ["attack P1", "attacker 9H", "done", "block 9H with 5C", "done"]

    def play(card: str) -> tuple[KingdomState, dict[int | None, list[Any]], int]:
        st = deal([h.format(card) for h in hands], draws="9D 10D 9S 8S 7H 8H")
        seen: dict[int | None, list[Any]] = {0: [], 1: [], None: []}
        asked = 0
        for text in moves:
            events = st.apply(text)
            if text == "done" and st.current_player == 2:
                # the window is P2's: the others see the declaration still open
                assert (st.view(1)["to_act"], st.view(1)["decision"]) == (0, "attackers") or (
                    st.view(0)["to_act"],
                    st.view(0)["decision"],
                ) == (1, "blockers")
                assert st.prompt(0) in (
                    "You attack P1 with 9H (worth 9 territories unblocked): add another unpreoccupied card, "
                    "or done to let P1 block.",
                    "Waiting for P1 to declare blockers against your attack.",
                )
            for s in seen:
                _observe(st, s, events, seen[s])
            while st.current_player == 2 and st.decision() in WINDOWS:
                asked += 1
                events = st.apply("pass")
                for s in seen:
                    _observe(st, s, events, seen[s])
        return st, seen, asked

    joker, with_window, asked = play("Joker")
    plain, without, none = play("10S")
    assert asked == 6 and none == 0  # after QH, 9H, QC and 5C, after the attackers, after the blockers
    assert joker.territories == plain.territories == [20, 20, 20]  # the 9H beat the 5C
    assert with_window == without


def _twin_deals(deal: Deal, hands: list[str], z: int, cards: tuple[str, str], draws: str, moves: list[str]) -> set[str]:
    """Deal ``hands`` twice, seat ``z`` holding ``cards[0]`` (so it is asked in windows and
    passes them all) or ``cards[1]`` (so it never is), play ``moves`` in both and assert that
    every other seat and a spectator see the same stream. Returns the kinds ``z`` passed."""
    worlds = [deal([h.format(c) for h in hands], draws=draws) for c in cards]
    seats = [s for s in [*range(len(hands)), None] if s != z]
    streams: list[dict[int | None, list[Any]]] = [{s: [] for s in seats} for _ in worlds]
    kinds: set[str] = set()

    def observe(i: int, events: list[Any]) -> None:
        for s in seats:
            _observe(worlds[i], s, events, streams[i][s])

    def z_passes() -> None:
        a = worlds[0]
        while a.current_player == z and a.decision() in WINDOWS:
            kinds.add(str(a.decision_kind()))
            observe(0, a.apply("pass"))

    for i in (0, 1):
        observe(i, [])
    for text in moves:
        z_passes()
        assert worlds[0].current_player == worlds[1].current_player, text
        for i, st in enumerate(worlds):
            observe(i, st.apply(text))
    z_passes()
    for s in seats:
        assert streams[0][s] == streams[1][s], f"seat {s} can tell that P{z} was asked"
    return kinds


def test_kd_x13_counter_windows_on_an_assassin_and_on_a_counter(deal: Deal) -> None:
    # P2 could counter P0's Assassin (AC with the ready QC) but passes: nobody else can tell
    hands = ["QD AD 2S 3S 4S 5S 6S", "QH 9H 2D 3D 4D 5D 6D", "QC {} 2C 3C 4C 7C 8C"]
    moves = ["end", "discard 2S", "play QH", "bring 9H with QH", "end", "play QC", "end"]
    kinds = _twin_deals(deal, hands, 2, ("AC", "10S"), "9D 10D 9S 8S 7H 8H", [*moves, "play QD"])
    assert kinds == {"respond_action"}
    kinds = _twin_deals(
        deal, hands, 2, ("AC", "10S"), "9D 10D 9S 8S 7H 8H", [*moves, "play QD", "assassin AD using QD", "target 9H"]
    )
    assert kinds == {"respond_action", "counter_assassin"}
    # P1 counters (in both worlds); P2 could counter the counter but passes
    hands = ["QD AD 2S 3S 4S 5S 6S", "QH AH 2D 3D 4D 5D 6D", "QC {} 2C 3C 4C 7C 8C"]
    moves = ["end", "discard 2S", "play QH", "end", "play QC", "pass", "end", "play QD", "pass"]
    moves += ["assassin AD using QD", "target QH", "counter AH using QH"]
    kinds = _twin_deals(deal, hands, 2, ("AC", "10S"), "9D 10D 9S 8S 7H 8H", moves)
    assert "counter_counter" in kinds


@pytest.mark.parametrize(
    ("joker", "kind"),
    [("joker spy P1", "counter_spy"), ("joker expose P1", "counter_expose"), ("joker pick", "counter_pick")],
)
def test_kd_x13_counter_windows_on_a_joker(deal: Deal, joker: str, kind: str) -> None:
    hands = ["Joker 2S 3S 4S 5S 6S 7S", "2D 3D 4D 5D 6D 7D 8D", "QC {} 2C 3C 4C 7C 8C"]
    moves = ["end", "discard 2S", "end", "discard 2D", "play QC", "pass", "end", joker]
    if joker == "joker pick":
        moves.append("take 2S")
    kinds = _twin_deals(deal, hands, 2, ("AC", "10S"), "9D 10D 9S 8S 7H 8H", moves)
    assert kind in kinds


def test_kd_x13_decider_hidden_exactly_while_a_window_is_open() -> None:
    """``decider_hidden()`` (what an online table pads moves for, SRV-2) holds exactly while a
    response or counter window waits for a seat, and the seats not asked are then never shown
    that seat's window."""
    import random

    import regalia

    assert regalia.get_game("kingdom").hidden_responses
    seen = 0
    for seed in range(10):
        st = regalia.make("kingdom", players=4, seed=seed, max_turns=30)
        rng = random.Random(seed)
        while not st.is_terminal:
            hidden = st.decider_hidden()
            assert hidden == (st.decision_kind() or "").startswith(("respond", "counter"))
            if hidden:
                seen += 1
                p = st.current_player
                for q in [*range(4), None]:
                    if q != p:
                        v = st.view(q)
                        assert not (v["to_act"] == p and v["decision"] in ("respond", "counter"))
            st.apply(rng.choice(st.legal_actions()))
    assert seen > 0
