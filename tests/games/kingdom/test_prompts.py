"""Every decision of Kingdom says what it is, in the rulebook's words: one test per decision kind
(``KingdomGame.decision_kinds``) asserting the deciding seat's prompt and what the others read
[KD-X13: a window is never named to a seat not asked in it]."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

import regalia

from .conftest import Deal, run

if TYPE_CHECKING:
    from regalia.games.kingdom.state import KingdomState

PROMPT_TESTS: dict[str, Callable[..., None]] = {}


def prompt_test(kind: str) -> Callable[[Callable[..., None]], Callable[..., None]]:
    """Register a test as the prompt test of decision kind ``kind``."""

    def register(f: Callable[..., None]) -> Callable[..., None]:
        PROMPT_TESTS[kind] = f
        return f

    return register


def _prompts(st: KingdomState, kind: str) -> list[str]:
    """The prompts of every seat then the spectator, after checking the decision kind."""
    assert st.decision_kind() == kind
    prompts = [st.prompt(s) for s in [*range(st.num_players), None]]
    assert prompts == [st.view(s)["prompt"] for s in [*range(st.num_players), None]]
    return prompts


P0 = "QH 7H 8H KH 2S 3S 4S"
P1 = "QC 9C 7C 3C 6C KC 2D"


def _armies(deal: Deal) -> KingdomState:
    st = deal([P0, P1], draws="5S 5D 6S 6D 2H 4D")
    run(st, "play QH", "bring 7H with QH", "end", "play QC", "bring 9C with QC", "end")
    return st


@prompt_test("main")
def test_prompt_main(deal: Deal) -> None:
    st = deal([P0, P1], draws="5S 5D 6S 6D 2H 4D")
    assert _prompts(st, "main") == [
        "P0, your turn 1: you may put one noble into play; bring soldiers and Ace Champions of their suit with "
        "your unpreoccupied nobles; play an Assassin or a Joker; or end your turn. No attacks in the first round.",
        "Waiting for P0 to play turn 1.",
        "Waiting for P0 to play turn 1.",
    ]
    run(st, "play QH", "bring 7H with QH", "end", "play QC", "bring 9C with QC", "end")
    assert _prompts(st, "main")[0] == (
        "P0, your turn 3: you may put one noble into play; bring soldiers and Ace Champions of their suit with "
        "your unpreoccupied nobles; attack one other kingdom; play an Assassin or a Joker; or end your turn."
    )
    run(st, "play KH", "attack P1", "attacker 7H", "done", "done")
    assert _prompts(st, "main")[0] == (
        "P0, your turn 3: you may bring soldiers and Ace Champions of their suit with your unpreoccupied nobles; "
        "play an Assassin or a Joker; or end your turn. Your attack this turn is spent."
    )


@prompt_test("attackers")
def test_prompt_attackers(deal: Deal) -> None:
    st = _armies(deal)
    run(st, "attack P1")
    assert _prompts(st, "attackers") == [
        "You attack P1: choose your attackers among your unpreoccupied cards (at least one). Each unblocked "
        "attacker takes territories: a soldier its number, a noble or an Ace Champion 1.",
        "Waiting for P0 to declare the attackers against you.",
        "Waiting for P0 to declare the attackers against P1.",
    ]
    run(st, "attacker 7H", "attacker QH")
    assert _prompts(st, "attackers")[0] == (
        "You attack P1 with 7H and QH (worth 8 territories unblocked): add another unpreoccupied card, "
        "or done to let P1 block."
    )


@prompt_test("blockers")
def test_prompt_blockers(deal: Deal) -> None:
    st = _armies(deal)
    run(st, "attack P1", "attacker 7H", "attacker QH", "done")
    assert _prompts(st, "blockers") == [
        "Waiting for P1 to declare blockers against your attack.",
        "P0 attacks you with 7H and QH: block with your unpreoccupied cards (each blocks one attacker; several "
        "may block the same one), then done. Unblocked, 7H and QH take 8 territories of your 20.",
        "Waiting for P1 to declare blockers against P0's attack.",
    ]
    run(st, "block 7H with 9C")
    assert _prompts(st, "blockers")[1].endswith("Unblocked, QH takes 1 territory of your 20.")


@prompt_test("split")
def test_prompt_split(deal: Deal) -> None:
    """The rulebook's example: 8H blocked by 3C and 6C splits its 8 damage between them."""
    st = deal([P0, P1], draws="5S 5D 6S 6D 2H 4D")
    run(st, "play QH", "bring 8H with QH", "end", "play QC", "bring 3C with QC", "end", "end")
    run(st, "play KC", "bring 6C with KC", "end", "attack P1", "attacker 8H", "done")
    run(st, "block 8H with 3C", "block 8H with 6C", "done")
    assert _prompts(st, "split") == [
        "Split the 8 damage of your 8H between the blockers 3C and 6C: how much goes to 3C? 6C takes the rest; "
        "a blocker dealt at least its rating (3C 3, 6C 6) is discarded at the end of combat.",
        "Waiting for P0 to split the damage of 8H among its blockers.",
        "Waiting for P0 to split the damage of 8H among its blockers.",
    ]


@prompt_test("discard")
def test_prompt_discard(deal: Deal) -> None:
    st = deal([P0, P1], draws="5S 5D")
    run(st, "end")
    assert _prompts(st, "discard") == [
        "Your turn ends with 8 cards in hand: discard one, face up (the hand limit is 7; this is the last one).",
        "Waiting for P0 to discard down to 7 cards.",
        "Waiting for P0 to discard down to 7 cards.",
    ]


@prompt_test("target")
def test_prompt_target(deal: Deal) -> None:
    st = deal(["QD AD 2H 3H 2S 3S 4S", "QC 9C 2D 3D 4D 5D 6D"], draws="5S 7D 6S 2C")
    run(st, "play QD", "end", "play QC", "pass", "bring 9C with QC", "pass", "end", "assassin AD using QD")
    assert _prompts(st, "target") == [
        "Choose the target of your Assassin AD (brought by QD): any card in play, yours included. Unless "
        "someone counters it, the target and the Assassin go to the discard pile.",
        "Waiting for P0 to choose the target of the Assassin AD.",
        "Waiting for P0 to choose the target of the Assassin AD.",
    ]


@prompt_test("pick")
def test_prompt_pick(deal: Deal) -> None:
    st = deal(["2S 3S 4S 5S 6S 7S 8S", "Joker 2D 3D 4D 5D 6D 7D"], draws="9S 9D")
    run(st, "end", "discard 9S", "joker pick")
    assert _prompts(st, "pick") == [
        "Waiting for P1 to take a card with Pick a Card.",
        "Pick a Card (your Joker): take any card of the discard pile (the others see which) or the top card of "
        "the deck (unseen); then the Joker goes to the discard pile.",
        "Waiting for P1 to take a card with Pick a Card.",
    ]


@prompt_test("respond_action")
def test_prompt_respond_action(deal: Deal) -> None:
    st = deal(["QH 7H 2S 3S 4S 5S 6S", "QC Joker 2D 3D 4D 5D 6D"], draws="2H 3H")
    run(st, "play QH")
    main = (
        "P0, your turn 1: you may bring soldiers and Ace Champions of their suit with your unpreoccupied nobles; "
        "play an Assassin or a Joker; or end your turn. No attacks in the first round."
    )
    # P0 and the spectator see P0's turn going on, as if P1 held nothing [KD-X13]
    assert _prompts(st, "respond_action") == [
        main,
        "P0 puts QH into play. Before the turn goes on, you may play a Joker (Pick a Card, Spy or Expose) — or pass.",
        "Waiting for P0 to play turn 1.",
    ]
    run(st, "pass", "bring 7H with QH")
    assert st.prompt(1).startswith("P0 turns QH to bring 7H into play. Before the turn goes on")


@prompt_test("respond_attackers")
def test_prompt_respond_attackers(deal: Deal) -> None:
    st = deal(["QH 9H 2S 3S 4S 5S 6S", "QC AC 2D 3D 4D 5D 6D"], draws="2H 7D 3H 8D")
    run(st, "play QH", "bring 9H with QH", "end", "play QC", "end", "attack P1", "attacker 9H", "done")
    assert _prompts(st, "respond_attackers") == [
        "You attack P1 with 9H (worth 9 territories unblocked): add another unpreoccupied card, or done to let "
        "P1 block.",
        "P0 attacks you with 9H. Before the blocks, you may play an Assassin (an Ace turning an unpreoccupied "
        "noble of its suit, after a suit change if need be) — or pass.",
        "Waiting for P0 to declare the attackers against P1.",
    ]


@prompt_test("respond_blockers")
def test_prompt_respond_blockers(deal: Deal) -> None:
    st = deal(["QH 7H AH 2S 3S 4S 5S", "QC 9C 2D 3D 4D 5D 6D"], draws="6S 7D 2H 3H")
    run(st, "play QH", "bring 7H with QH", "end", "play QC", "bring 9C with QC", "end")
    run(st, "attack P1", "attacker 7H", "done", "block 7H with 9C", "done")
    assert _prompts(st, "respond_blockers") == [
        "P1 has declared the blocks against your attack (7H blocked by 9C). Before the damage is dealt, you may "
        "play an Assassin (an Ace turning an unpreoccupied noble of its suit, after a suit change if need be) — "
        "or pass.",
        "P0 attacks you with 7H: block with your unpreoccupied cards (each blocks one attacker; several may "
        "block the same one), then done. Every attacker is blocked.",
        "Waiting for P1 to declare blockers against P0's attack.",
    ]


@prompt_test("counter_assassin")
def test_prompt_counter_assassin(deal: Deal) -> None:
    st = deal(["QD AD 2H 3H 2S 3S 4S", "QC AC 9C 2D 3D 4D 5D"], draws="5S 6D 6S 2C")
    run(st, "play QD", "end", "play QC", "pass", "end", "assassin AD using QD", "target QC")
    assert _prompts(st, "counter_assassin") == [
        "Choose the target of your Assassin AD (brought by QD): any card in play, yours included. Unless "
        "someone counters it, the target and the Assassin go to the discard pile.",
        "P0 plays the Assassin AD (turning QD) on your QC: counter it with an Assassin of your own (an Ace "
        "turning an unpreoccupied noble of its suit, after a suit change if need be) — both Aces go to the "
        "discard pile and QC is saved — or pass.",
        "Waiting for P0 to choose the target of the Assassin AD.",
    ]


@prompt_test("counter_counter")
def test_prompt_counter_counter(deal: Deal) -> None:
    st = deal(["QD AD AH KH 2S 3S 4S", "QC AC 9C 2D 3D 4D 5D"], draws="5S 6D 6S 2C")
    run(st, "play QD", "end", "play QC", "pass", "end", "play KH", "pass", "assassin AD using QD", "target QC")
    run(st, "counter AC using QC")
    assert _prompts(st, "counter_counter") == [
        "P1 counters your Assassin AD with the Assassin AC: counter it with an Assassin of your own (an Ace "
        "turning an unpreoccupied noble of its suit, after a suit change if need be) — both go to the discard "
        "pile and your Assassin AD goes ahead — or pass.",
        # P1 sees what it saw when it decided to counter; the spectator the table before the chain
        "P0 plays the Assassin AD (turning QD) on your QC: counter it with an Assassin of your own (an Ace "
        "turning an unpreoccupied noble of its suit, after a suit change if need be) — both Aces go to the "
        "discard pile and QC is saved — or pass.",
        "Waiting for P0 to choose the target of the Assassin AD.",
    ]


def _joker_countered(deal: Deal, joker: str) -> KingdomState:
    st = deal(["Joker 2S 3S 4S 5S 6S 2H", "QC AC 9C 2D 3D 4D 5D"], draws="3H 6D 7S")
    run(st, "end", "discard 2S", "play QC", joker)
    return st


@prompt_test("counter_pick")
def test_prompt_counter_pick(deal: Deal) -> None:
    st = _joker_countered(deal, "joker pick")
    prompts = _prompts(st, "counter_pick")
    assert prompts[1] == (
        "P0 plays a Joker as Pick a Card: counter it with an Assassin of your own (an Ace turning an "
        "unpreoccupied noble of its suit, after a suit change if need be) — the Joker is cancelled — or pass."
    )
    # P0 played its Joker in a window after P1's QC: P0 sees that question, the spectator P1's turn
    assert prompts[0].startswith("P1 puts QC into play. Before the turn goes on, you may play a Joker")
    assert prompts[2] == "Waiting for P1 to play turn 2."


@prompt_test("counter_spy")
def test_prompt_counter_spy(deal: Deal) -> None:
    st = _joker_countered(deal, "joker spy P1")
    assert _prompts(st, "counter_spy")[1] == (
        "P0 plays a Joker as a Spy on your hand: counter it with an Assassin of your own (an Ace turning an "
        "unpreoccupied noble of its suit, after a suit change if need be) — the Joker is cancelled — or pass."
    )


@prompt_test("counter_expose")
def test_prompt_counter_expose(deal: Deal) -> None:
    st = _joker_countered(deal, "joker expose P1")
    assert _prompts(st, "counter_expose")[1] == (
        "P0 plays a Joker to expose your hand to everyone: counter it with an Assassin of your own (an Ace "
        "turning an unpreoccupied noble of its suit, after a suit change if need be) — the Joker is cancelled — "
        "or pass."
    )


def test_every_decision_kind_has_a_prompt_test() -> None:
    kinds = regalia.get_game("kingdom").decision_kinds
    assert len(set(kinds)) == len(kinds) == 15
    missing = sorted(set(kinds) - set(PROMPT_TESTS))
    assert not missing, f"decision kinds without a prompt test: {missing}"
    assert set(PROMPT_TESTS) <= set(kinds)


def test_result_prompts_say_who_won_and_how(deal: Deal) -> None:
    st = deal([P0, P1], draws="5S 5D 6S 6D 2H 4D", territories=7)
    run(st, "play QH", "bring 7H with QH", "end", "play QC", "end", "attack P1", "attacker 7H", "done", "done")
    assert st.is_terminal
    assert [st.prompt(s) for s in (0, 1, None)] == ["The game is over: P0 is the last kingdom standing and wins."] * 3
    st = deal([P0, P1], draws="5S 5D 6S 6D", max_turns=2)
    run(st, "end", "discard 2S", "end", "discard 2D")
    assert st.prompt(None) == "The game is over after 2 turns: a draw, P0 and P1 tie with 20 territories each."
