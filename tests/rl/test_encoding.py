"""The encoding layer: slices, layouts, the fallback encoder and the registry."""

from __future__ import annotations

import random
from typing import Any

import pytest

np = pytest.importorskip("numpy")

import regalia  # noqa: E402
from regalia.core import State, registry  # noqa: E402
from regalia.rl.encoders import get_encoder, has_encoder  # noqa: E402
from regalia.rl.encoding import CardSet, Encoder, InfoStateEncoder, OneHot, PerSeat, Scalar, fallback_encoder  # noqa: E402
from tests.core.toygame import ToyGame, ToyState  # noqa: E402


def test_slices_write_their_part_of_the_view() -> None:
    enc = Encoder(
        [
            CardSet("hand", "you.hand", ["A", "B", "B", "C"]),
            Scalar("deck", "deck_size", scale=0.5),
            OneHot("phase", "phase", values=["draw", "play"]),
            PerSeat("areas", "areas", CardSet("c", None, ["A", "B", "B", "C"]), 3),
        ]
    )
    view = {"you": {"hand": ["B", "C", "X"]}, "deck_size": 4, "phase": "play", "areas": [["A"], [], ["B", "B"]]}
    t = enc.encode(view, seat=1)
    parts = enc.split(t)
    assert parts["hand"].tolist() == [0.0, 0.5, 1.0]  # one of two copies of B
    assert parts["deck"].tolist() == [2.0]
    assert parts["phase"].tolist() == [0.0, 1.0]
    # rows relative to seat 1: seat 1, seat 2, seat 0
    assert parts["areas"].tolist() == [[0, 0, 0], [0, 1, 0], [1, 0, 0]]
    assert [d["name"] for d in enc.describe_layout()] == ["hand", "deck", "phase", "areas"]
    assert enc.describe_layout()[3] == {"name": "areas", "offset": 6, "size": 9, "shape": [3, 3]}
    assert "total" in enc.layout_text()


def test_missing_and_none_values_encode_as_zero() -> None:
    enc = Encoder([CardSet("hand", "hand", ["1", "2"]), Scalar("x", "a.b.0"), OneHot("s", "seat", size=2)])
    assert enc.encode({"hand": None, "seat": None}).tolist() == [0, 0, 0, 0, 0]


def test_duplicate_slice_names_are_refused() -> None:
    with pytest.raises(ValueError, match="duplicate slice names"):
        Encoder([Scalar("x", "a"), Scalar("x", "b")])


def test_info_state_encoder_appends_own_actions_most_recent_first() -> None:
    enc = InfoStateEncoder(Encoder([Scalar("x", "x")]), num_actions=4, history=2)
    t = enc.encode({"x": 1}, 0, [3, 1, 2])
    assert t.tolist() == [1, 0, 0, 1, 0, 0, 1, 0, 0]
    assert enc.describe_layout()[-1] == {"name": "own_actions", "offset": 1, "size": 8, "shape": [2, 4]}


def test_fallback_encoder_is_deterministic_and_fixed_size(toy: str) -> None:
    cfg = regalia.get_game(toy).make_config()
    a = fallback_encoder(toy, 3, cfg)
    b = fallback_encoder(toy, 3, cfg)
    assert a.describe_layout() == b.describe_layout()
    assert not has_encoder(toy) and get_encoder(toy, 3, cfg).size == a.size
    state = regalia.make(toy, players=3, seed=11)
    rng = random.Random(0)
    while not state.is_terminal:
        for seat in range(3):
            t = a.encode(state.view(seat), seat)
            assert t.shape == (a.size,)
            lo, hi = a.bounds()
            assert (t >= lo).all() and (t <= hi).all()
        state.apply(rng.choice(state.legal_actions()))


class _StrToyState(ToyState):
    """The toy game with its cards written as strings in the view."""

    def view(self, seat: int | None) -> dict[str, Any]:
        v = super().view(seat)
        v["hand"] = None if v["hand"] is None else [str(c) for c in v["hand"]]
        v["played"] = [[str(c) for c in p] for p in v["played"]]
        return v


class _StrToyGame(ToyGame):
    name = "toy-str"

    def new_initial_state(self, players: int, seed: int, deck: list[str] | None, config: Any) -> State:
        return _StrToyState(self, config, players, seed, deck)


def test_fallback_encoder_finds_card_lists() -> None:
    registry.register(_StrToyGame())
    try:
        enc = fallback_encoder("toy-str", 2, _StrToyGame().make_config())
        names = [i["name"] for i in enc.describe_layout()]
        assert "cards:hand" in names and "cards:played" in names
        played = next(i for i in enc.describe_layout() if i["name"] == "cards:played")
        assert played["shape"] == [2, 8]  # per seat, relative rows
        state = regalia.make("toy-str", players=2, seed=3)
        state.apply(state.legal_actions()[0])
        parts = enc.split(enc.encode(state.view(1), 1))
        assert parts["cards:played"][1].sum() == 1.0  # seat 0 is the row after seat 1
        assert parts["cards:hand"].sum() == 2.0
    finally:
        registry._GAMES.pop("toy-str", None)


def test_registered_encoder_is_used(toy_encoded: str) -> None:
    cfg = regalia.get_game(toy_encoded).make_config()
    enc = get_encoder(toy_encoded, 2, cfg)
    assert [i["name"] for i in enc.describe_layout()][:3] == ["observer", "hand", "played"]


def test_layout_details_say_what_each_float_means(toy: str) -> None:
    enc = fallback_encoder(toy, 2, regalia.get_game(toy).make_config())
    played = next(d for d in enc.describe_layout(details=True) if d["name"] == "num:played")
    assert played["paths"] == ["0.0", "0.1", "1.0", "1.1"] and len(played["scales"]) == 4
    cards = Encoder([PerSeat("p", "p", CardSet("c", None, ["A", "B"]), 2)]).describe_layout(details=True)
    assert cards[0]["cards"] == ["A", "B"] and cards[0]["rows"] == "relative to the observing seat"


def test_large_action_spaces_use_binary_own_action_rows() -> None:
    enc = InfoStateEncoder(Encoder([Scalar("x", "x")]), num_actions=5000, history=2)
    assert enc.describe_layout()[-1]["shape"] == [2, 14]  # taken flag + 13 bits
    t = enc.encode({"x": 0}, 0, [6])
    row = t[1:15]
    assert row[0] == 1.0 and row[1:].tolist() == [0, 1, 1] + [0] * 10  # 6 = 0b110, LSB first
    assert t[15:].sum() == 0.0


def test_seat_slices_are_relative_to_the_observer() -> None:
    from regalia.rl.encoding import SeatRef, SeatSet

    enc = Encoder([SeatRef("to_act", "to_act", 4), SeatSet("winners", "winners", 4), SeatRef("named", "named", 4)])
    parts = enc.split(enc.encode({"to_act": 3, "winners": [0, 3], "named": "P1"}, seat=3))
    assert parts["to_act"].tolist() == [1, 0, 0, 0]  # seat 3 is the observer itself
    assert parts["winners"].tolist() == [1, 1, 0, 0]  # seats 3 and 0
    assert parts["named"].tolist() == [0, 0, 1, 0]  # seat 1 is two seats after 3
    spectator = enc.split(enc.encode({"to_act": 3, "winners": [], "named": None}, seat=None))
    assert spectator["to_act"].tolist() == [0, 0, 0, 1] and not spectator["named"].any()


def test_counts_and_card_table() -> None:
    from regalia.rl.encoding import CardTable, Counts

    table = CardTable("g", "g", ["A", "B"], ["present", "row"], lambda it: (it["card"], [1.0, it["row"] / 2]))
    enc = Encoder([Counts("h", "h", ["x?", "y?"], scale=0.5), table])
    parts = enc.split(enc.encode({"h": [["x?", "x?", "x?"], ["y?"]], "g": [{"card": "B", "row": 4}]}))
    assert parts["h"].tolist() == [1.0, 0.5]  # clipped to 1
    assert parts["g"].tolist() == [[0, 0], [1, 1]]  # row 4 / 2 clipped to 1
    assert enc.describe_layout(details=True)[1]["columns"] == ["present", "row"]


def test_a_custom_slice_may_implement_fill_only() -> None:
    from regalia.rl.encoding import Slice

    class Twos(Slice):
        def __init__(self) -> None:
            self.name, self.key, self.shape = "twos", None, (3,)

        def fill(self, value: Any, out: Any, seat: int | None) -> None:
            out[1:] = 2.0

    enc = Encoder([Scalar("x", "x"), Twos()])
    assert enc.encode({"x": 1}).tolist() == [1, 0, 2, 2]
