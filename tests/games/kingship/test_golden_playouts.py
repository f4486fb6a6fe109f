"""Golden playouts: Kingship behaves exactly as before the speed work.

For 40 seeded random playouts (4 seeds x 4-8 players x ``laws`` ``"pro"``/``"catalogue"``; half of
them with ``max_turns=300``, KS-14, the others without a turn limit) a SHA-256 digest is taken of
everything observable: at every step the text and integer id of every legal action in order, then
the chosen action and the events it caused (kind, text, seat, audience, data); every 10 steps the
views of the player to act and of a spectator, a clone's snapshot and a determinization's
snapshot; at the end the snapshot (which holds the random generator's state, so its consumption is
checked too) and the result. The digests below were recorded on the code before any optimization;
a change of behaviour changes a digest.

Regenerate (only for an intended rules change), from the repository root: ``python -m
tests.games.kingship.test_golden_playouts``. The digest itself is
:func:`tests.golden.playout_digest`.
"""

from __future__ import annotations

import random
from typing import Any

import pytest
from tests.golden import MAX_STEPS, playout_digest

import regalia

GAME = "kingship"

SEEDS = (1, 2, 3, 4)
CASES: list[tuple[int, dict[str, Any]]] = [
    (players, {"laws": laws, "max_turns": 300 if (players + i) % 2 else None})
    for players in (4, 5, 6, 7, 8)
    for i, laws in enumerate(("pro", "catalogue"))
]
"""(players, options) of the golden playouts: every player count, both ``laws`` options, with and
without ``max_turns``."""


def game_seed(index: int, seed: int) -> int:
    """The seed of case ``index``'s playout number ``seed`` (distinct for every case, so that the
    ``laws`` variants of one player count play different games)."""
    return 1000 * index + seed


# (case index in CASES, seed) -> digest, recorded on the unoptimized code
GOLDEN: dict[tuple[int, int], str] = {
    (0, 1): "df1d737d1b5693efd8cef6af9476d065301e79589336ceaff6995047037b13c9",
    (0, 2): "7667727bf753cb6998dc81676a2165b8a3243326f218d49a6bfc1a7f7098b54a",
    (0, 3): "450e2217472c48ecb2704e03c5b4d02b3e5f15229668d92822c4d0c31376cbf9",
    (0, 4): "124af74b1356497f36f8e7e7d5dd0a9c471e5a69ecbf2c58e32cce856ee7dc07",
    (1, 1): "2ab9f469cbce170891de3cd6ba739b8ed83ded467086685f87acdfe61a1a1614",
    (1, 2): "2ab5c670ce5ef55c3a60c69fe483f18625909ae962414dab87913477ae6cd9a9",
    (1, 3): "9837055cef8e38df91304915e1ec92c2145392a31605de76e81072f43158e1ec",
    (1, 4): "0cabd4b22358a9422250df2220f1cb20ddfbd85788736e423a11b3529aa5fac5",
    (2, 1): "1604162b2ce5d1b0124f3bcf6a4b1400d8f5df88d66402dbb124b9ac00c6f5ca",
    (2, 2): "5bc89aeafa5bbb521e28f73e98fabf0b06abd3b27416fa6a7da0d8e95562dd90",
    (2, 3): "8a043f3847f29ff74be2d640116fe61b2dec7f75917c6ac278d4893f2b39b541",
    (2, 4): "eebd5ef1a430d90694dc8041632498d99ac158c80b1ebcbf83cc6bdd8079906b",
    (3, 1): "86bf03f6e79c12599054b937e573f289bf6663667288f72a108dcb7155578165",
    (3, 2): "9e989a4e56ff0e61339feed316d4bd5615ba7b95ae6f7f5dff828c69218ad5e1",
    (3, 3): "3aff3f95b48deb3520a8a25bbc9cd57bce9f640ad15849fc4e0bf468153200f7",
    (3, 4): "6260ed7c67f9addf0eac7382fa5bac8d2accf4a410efc3c60a5e8affc8a1398b",
    (4, 1): "23cae7bd7bef9dbfb59cca9c9a315f114c0a4fbc59d05a2d0436042223b7ba6e",
    (4, 2): "4ed591974a85a1bfbde5ede1ae9b911cf16aa0401d480a2ccf1a52946ca72f26",
    (4, 3): "b05418dbabe06a264af7fc531247982bfe129d3887b6b5cf17a0d05aeeb2710a",
    (4, 4): "4727771918b0f2cb132053d69d02e9d0050da43961c6f7f209efc8d372decbbd",
    (5, 1): "d98ed26a39f9ef67a76125f15232bea485ea5f2469ee5443f5d5cff16d962669",
    (5, 2): "582ab3b4b1215787b3fe8fe4fcc8160ad0e1b80501b68996082097f7dc4afb03",
    (5, 3): "f8bb430d23b0667aa0d9e8d56aa09b689d9fd13b9562abcde1bf39023000a693",
    (5, 4): "d7e186aea74856dcd2ae8c93447ddd926ebd08a9aa722e33cb9555d2f2abb61b",
    (6, 1): "6b859d8c48e917d5b8d3bd62d1d66e3325b35d3e0209759d7a93df8840aeb5e2",
    (6, 2): "15e688bea59cd7771671648fb6d4aa0863f10947d1ec4179df7b2fabc9f9ce3b",
    (6, 3): "01b3ced59970f9c4a87211c8cda853dec1cc041e4b88589515205675efb59720",
    (6, 4): "4f858e05c807d1ff436080704f974c15eaba016c6fac8997517b35c1363cff63",
    (7, 1): "aa07b46c0a65dc1d8a74e0cbf1d8eed3ba29fe59df4356052850eaa90add49ed",
    (7, 2): "9530e0187159d1cb99632e20883d55c6f902ea1de0339b4a563e931ecbee2f68",
    (7, 3): "f7fca47005d8b9181c620bf21a47da038bc7f843deae54b274dd52c86165f0ec",
    (7, 4): "34524235cec763e5560abbcfce28eeaeb5c66a7ec6cbe4ad192dc27b95268ddc",
    (8, 1): "e556cc9bbbcc80d343081a86fb1fe87816fc6fd13577b60b3f8308282eb48b24",
    (8, 2): "b21cb53e70f62483c74200523d3b7964127a42118042e150e5db75231291d584",
    (8, 3): "0664831893222ac2ef905fc84daa5c0a18629058320d966fa8f13c1a01ceb1f7",
    (8, 4): "cedb6da65d1c50a1a9fa9d81ad31c616bc58f87274b21e97c1d9a6da0bd5f5b3",
    (9, 1): "cb3212a084fc48eb3d5edec094898f71b5702bfcfa11ac39aff314439b752a2d",
    (9, 2): "fca67a41a6f4473aabfca53d728072b6fd2869cab6599daa7a91f11f6ffe7efc",
    (9, 3): "3993539b42ffa4f10e92e4d0dda94ad947ad95b1b8275738f314dce9f434f3de",
    (9, 4): "6e0b580c2247e1e5e1db4777a0f37e91f33de9fd169c344abc22161cad8e1bad",
}


@pytest.mark.parametrize(("index", "seed"), [(i, s) for i in range(len(CASES)) for s in SEEDS])
def test_golden_playout(index: int, seed: int) -> None:
    players, options = CASES[index]
    assert playout_digest(GAME, players, options, game_seed(index, seed)) == GOLDEN[(index, seed)]


def test_cases_cover_every_option() -> None:
    assert {p for p, _ in CASES} == {4, 5, 6, 7, 8}
    assert {o["laws"] for _, o in CASES} == {"pro", "catalogue"}
    assert {o["max_turns"] for _, o in CASES} == {300, None}
    assert len(CASES) * len(SEEDS) == 40


@pytest.mark.parametrize("index", [0, 3, 6, 9])
def test_a_clone_plays_on_like_the_original(index: int) -> None:
    """Whatever ``clone()`` shares (tables, the random generator until first use) never leaks
    between the copies: a clone taken mid-game and a replay of the original, played on with the
    same choices, stay identical."""
    players, options = CASES[index]
    for seed in [game_seed(index, s) for s in SEEDS[:2]]:
        state = regalia.make("kingship", players=players, seed=seed, **options)
        rng = random.Random(seed)
        copies = []
        while not state.is_terminal and len(state.history) < MAX_STEPS:
            if len(state.history) % 23 == 3:
                copies.append((state.clone(), random.Random(len(state.history)), len(state.history)))
            state.apply(rng.choice(state.legal_actions()))
        for copy, crng, at in copies[:5]:
            twin = regalia.make("kingship", players=players, seed=seed, **options)
            for a in state.history[:at]:
                twin.apply(a)
            n = 0
            while not copy.is_terminal and n < 400:
                legal = copy.legal_actions()
                assert [str(a) for a in legal] == [str(a) for a in twin.legal_actions()]
                a = crng.choice(legal)
                assert [e.to_dict() for e in copy.apply(a)] == [e.to_dict() for e in twin.apply(a)]
                n += 1
            assert copy.snapshot()["state"] == twin.snapshot()["state"]
            assert copy.snapshot()["rng"] == twin.snapshot()["rng"]


if __name__ == "__main__":
    for i, (p, o) in enumerate(CASES):
        for s in SEEDS:
            print(f'    ({i}, {s}): "{playout_digest(GAME, p, o, game_seed(i, s))}",')
