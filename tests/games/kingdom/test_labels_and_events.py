"""What a person reads besides the prompts: a label for every action, headings for long lists,
interchangeable copies shown once, the legend, and events that name their cause (issue "A table
people can read")."""

from __future__ import annotations

import functools
from collections.abc import Callable

import regalia
from regalia.games.kingdom import actions as A

from .conftest import Deal, run

P0 = "QH 7H 8H KH 2S 3S 4S"
P1 = "QC 9C 7C 3C 6C KC 2D"

LABEL_TESTS: dict[int, str] = {}
"""KingdomAction kind -> the test that asserts the label of an action of that kind."""
_LABELLED: set[int] = set()


def label_test(*kinds: int) -> Callable[[Callable[..., None]], Callable[..., None]]:
    """Register a test as the label test of action ``kinds``; it must label one of each."""

    def register(f: Callable[..., None]) -> Callable[..., None]:
        @functools.wraps(f)
        def run_and_check(*args: object, **kwargs: object) -> None:
            _LABELLED.clear()
            f(*args, **kwargs)
            assert set(kinds) <= _LABELLED, f"{f.__name__} labels no action of a kind it claims"

        for k in kinds:
            LABEL_TESTS[k] = f.__name__
        return run_and_check

    return register


def _labels(st: object, *texts: str) -> list[str]:
    """The labels of action texts (each a legal action now), noting their kinds."""
    out = []
    for t in texts:
        act = st.parse_action(t)  # type: ignore[attr-defined]
        assert act in st.legal_actions(), t  # type: ignore[attr-defined]
        _LABELLED.add(act.kind)
        out.append(st.label(t))  # type: ignore[attr-defined]
    return out


@label_test(A.PLAY, A.END, A.BRING, A.ATTACK, A.ATTACKER, A.DONE, A.BLOCK)
def test_labels_of_the_turn_and_the_combat(deal: Deal) -> None:
    st = deal([P0, P1], draws="5S 5D 6S 6D 2H 4D")
    assert _labels(st, "play QH", "end") == [
        "Put the Queen of Hearts into play (a noble)",
        "End your turn, then discard down to 7 (you hold 8)",
    ]
    run(st, "play QH")
    assert _labels(st, "bring 7H with QH") == [
        "QH brings the 7 of Hearts into play (soldier 7); QH becomes preoccupied"
    ]
    run(st, "bring 7H with QH", "end", "play QC", "bring 9C with QC", "end", "play KH")
    assert _labels(st, "attack P1") == ["Declare an attack on P1's kingdom (20 territories left)"]
    run(st, "attack P1")
    assert _labels(st, "attacker 7H", "attacker KH") == [
        "Attack with 7H (soldier 7): unblocked it takes 7 territories",
        "Attack with KH (noble): unblocked it takes 1 territory",
    ]
    run(st, "attacker 7H", "attacker KH")
    assert _labels(st, "done") == ["Stop declaring: attack with 7H and KH"]
    run(st, "done")
    assert _labels(st, "block KH with 9C", "block 7H with 9C", "done") == [
        "9C blocks KH: one-on-one, KH is discarded; a blocked attacker takes no territories",
        "9C blocks 7H: one-on-one, 7H is discarded; a blocked attacker takes no territories",
        "Block nothing: the unblocked attackers take their territories",
    ]
    run(st, "block 7H with 9C")
    assert st.label("done") == "Stop blocking: the combat is fought"
    run(st, "done")
    assert _labels(st, "end") == ["End your turn"]


@label_test(A.ASSIGN)
def test_labels_of_a_multi_block_and_its_damage_split(deal: Deal) -> None:
    st = deal([P0, P1], draws="5S 5D 6S 6D 2H 4D")
    run(st, "play QH", "bring 8H with QH", "end", "play QC", "bring 3C with QC", "end", "end")
    run(st, "play KC", "bring 6C with KC", "end", "attack P1", "attacker 8H", "done", "block 8H with 3C")
    assert _labels(st, "block 8H with 6C") == [
        "6C joins 3C against 8H: together they deal it 9 damage, so it is discarded (rating 8); 8H splits its 8 "
        "among them"
    ]
    run(st, "block 8H with 6C", "done")
    assert _labels(st, "assign 3 to 3C", "assign 2 to 3C") == [
        "Deal 3 of 8H's damage to 3C (discarded: rating 3); 5 left for 6C",
        "Deal 2 of 8H's damage to 3C (it survives: rating 3); 6 left for 6C",
    ]


@label_test(A.PASS, A.ASSASSIN, A.TARGET, A.COUNTER, A.JOKER_PICK, A.SPY, A.EXPOSE, A.RECRUIT)
def test_labels_of_assassins_counters_and_jokers(deal: Deal) -> None:
    st = deal(["QD AD AH KH 2S 3S 4S", "QC AC 9C 2D 3D 4D 5D"], draws="5S 6D 6S 2C")
    run(st, "play QD", "end", "play QC")
    assert _labels(st, "pass", "assassin AD using QD") == [
        "Play nothing now",
        "Play AD as an Assassin, turning QD: then choose any card in play to kill",
    ]
    run(st, "pass", "end", "play KH", "pass", "assassin AD using QD")
    assert _labels(st, "target QC", "target KH") == ["Assassinate P1's QC (noble)", "Assassinate your own KH (noble)"]
    run(st, "target QC")
    assert _labels(st, "counter AC using QC", "pass") == [
        "Counter P0's Assassin AD with the Assassin AC, turning QC: both go to the discard pile",
        "Do not counter: let P0's Assassin AD take effect",
    ]
    st = deal(["Joker QH 3S 4S 5S 6S 2H", "QC 9C 2D 3D 4D 5D 6D"], draws="3H 7S 4H 8S")
    assert _labels(st, "joker pick", "joker spy P1", "joker expose P1") == [
        "Play a Joker as Pick a Card: then take a card from the discard pile or the deck",
        "Play a Joker as a Spy: P1 shows you their hand",
        "Play a Joker to expose P1's hand to everyone",
    ]
    run(st, "play QH", "end", "play QC", "pass", "bring 9C with QC", "pass", "end")
    assert _labels(st, "joker recruit 9C") == [
        "Play a Joker to recruit P1's 9C (soldier 9) into your kingdom; it arrives preoccupied"
    ]


@label_test(A.DISCARD, A.TAKE, A.TAKE_DECK, A.CHANGE)
def test_labels_of_discards_picks_and_suit_changes(deal: Deal) -> None:
    st = deal(["2S 3S 4S 5S 6S 7S 8S", "Joker 2D 3D 4D 5D 6D 7D"], draws="9S 9D")
    assert st.label("end") == "End your turn, then discard down to 7 (you hold 8)"
    run(st, "end")
    assert _labels(st, "discard 9S") == ["Discard the 9 of Spades, face up"]
    run(st, "discard 9S", "joker pick")
    assert _labels(st, "take 9S", "take deck") == [
        "Take 9S from the discard pile (the others see it)",
        "Take the top card of the deck (the others do not see it)",
    ]
    st = deal(["KS QS AH 3S 4S 5S 6S", "QC 9C 2D 3D 4D 5D 6D"], draws="2H 7D 3H 8D")
    run(st, "play KS", "end", "end", "discard 2D", "play QS")
    assert _labels(st, "change KS to H using QS") == ["Turn QS to make KS a Hearts noble until the end of the turn"]


def test_every_action_kind_has_a_label_test() -> None:
    missing = set(range(A.NUM_KINDS)) - set(LABEL_TESTS)
    assert not missing, f"action kinds without a label test: {sorted(missing)}"


def test_copies_of_a_card_are_offered_once_and_long_lists_are_grouped() -> None:
    st = regalia.make("kingdom", players=5, seed=2)  # two decks
    hand = [c for c in st.hands[st.current_player]]
    assert st.decks == 2 and hand
    choices = st.legal_choices()
    texts = [c["text"] for c in choices]
    assert len(texts) == len(set(texts))
    # with two copies of a card in hand, discarding either is one choice
    from regalia.games.kingdom.actions import KingdomAction
    from regalia.games.kingdom.cards import BY_NAME

    a, b = KingdomAction(A.DISCARD, BY_NAME["5H"]), KingdomAction(A.DISCARD, BY_NAME["5H#2"])
    presenter = st.game.presenter
    assert presenter.choice_key(st, a) == presenter.choice_key(st, b) is not None
    assert presenter.choice_key(st, KingdomAction(A.ATTACKER, BY_NAME["5H"])) is None  # cards in play stay apart
    groups = {c["group"] for c in choices}
    assert groups <= {"End the turn", "Nobles", "Bring soldiers", "Suit changes", "Assassins", "Jokers", "Attack"}


def test_blocks_are_grouped_by_attacker(deal: Deal) -> None:
    st = deal([P0, P1], draws="5S 5D 6S 6D 2H 4D")
    run(st, "play QH", "bring 7H with QH", "end", "play QC", "bring 9C with QC", "end", "play KH")
    run(st, "attack P1", "attacker 7H", "attacker KH", "done")
    groups = [c["group"] for c in st.legal_choices()]
    assert groups == ["Block 7H", "Block KH", "Done"]


def test_legend_explains_the_notation_and_marks() -> None:
    legend = regalia.get_game("kingdom").legend
    for mark in ("10H", "QS#2", "Joker", "* preoccupied", "KS→H", "Ace Champion", "Assassin", "known in hand"):
        assert mark in legend, mark


def test_territory_events_are_truthful_and_plural(deal: Deal) -> None:
    st = deal([P0, P1], draws="5S 5D 6S 6D 2H 4D", territories=5)
    run(st, "play QH", "bring 7H with QH", "end", "play QC", "end", "play KH", "attack P1")
    run(st, "attacker 7H", "done")
    events = st.apply("done")
    texts = [e.text for e in events if e.kind in ("territories", "eliminated", "game_over")]
    assert texts == [
        "P1 loses its last 5 territories to the unblocked 7H (worth 7)",
        "P1's kingdom falls with no territories left: its cards go to the discard pile",
        "P0 is the last kingdom standing",
    ]
    assert next(e for e in events if e.kind == "territories").data["lost"] == 5
    st = deal([P0, P1], draws="5S 5D 6S 6D 2H 4D")
    run(st, "play QH", "bring 7H with QH", "end", "play QC", "end", "play KH", "attack P1", "attacker KH", "done")
    events = st.apply("done")
    assert [e.text for e in events if e.kind == "territories"] == ["P1 loses 1 territory to the unblocked KH (19 left)"]


def test_combat_events_name_what_beat_each_card(deal: Deal) -> None:
    st = deal([P0, P1], draws="5S 5D 6S 6D 2H 4D")
    run(st, "play QH", "bring 7H with QH", "end", "play QC", "bring 9C with QC", "end")
    run(st, "attack P1", "attacker 7H", "done", "block 7H with 9C")
    events = st.apply("done")
    assert [e.text for e in events if e.kind == "perish"] == ["P0's 7H is discarded: beaten one-on-one by 9C"]
    # the blockers' done is told to the defender alone; the combat itself is public [KD-X13]
    assert [e.visible_to for e in events if e.kind == "blocks_done"] == [frozenset({1})]


def test_render_text_shows_suit_changes_and_the_prompt(deal: Deal) -> None:
    st = deal(["KS QS AH 3S 4S 5S 6S", "QC 9C 2D 3D 4D 5D 6D"], draws="2H 7D 3H 8D")
    run(st, "play KS", "end", "end", "discard 2D", "play QS", "change KS to H using QS")
    text = regalia.get_game("kingdom").render_text(st.view(1))
    assert "KS→H QS*" in text and text.endswith(st.prompt(1))
    assert "main" not in text
