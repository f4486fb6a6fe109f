"""Golden playouts: Kingship behaves exactly as before the speed work.

For 40 seeded random playouts (4 seeds x 4-8 players x ``laws`` ``"pro"``/``"catalogue"``; half of
them with ``max_turns=300``, KS-14, the others without a turn limit) a SHA-256 digest is taken of
everything observable: at every step the text and integer id of every legal action in order, then
the chosen action and the events it caused (kind, text, seat, audience, data); every 10 steps the
views of the player to act and of a spectator, a clone's snapshot and a determinization's
snapshot; at the end the snapshot (which holds the random generator's state, so its consumption is
checked too) and the result. The digests below were recorded on the code before any optimization
(and regenerated once, for the readable table of issues 13 and 14: see ``GOLDEN``); a change of
behaviour changes a digest.

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


# (case index in CASES, seed) -> digest. Recorded on the unoptimized code, regenerated once since,
# for issues 13 and 14 (views, event texts and snapshots changed: KS-37's hidden windows, what a
# spectator sees, the cards' characters and texts in views, events naming their cause); the rules
# did not change: the legal actions, the event kinds, every zone after every step, the results and
# the random generator's use are exactly those of the code before (checked against it).
GOLDEN: dict[tuple[int, int], str] = {
    (0, 1): "90fc954488fe9c7104716251237be641cd7dc847881c0ddc86e0c8dd43bae195",
    (0, 2): "ba386daaaa7ef0c0b3ea57be22b4dcc3c040927ea0c4b27b265894fa7a9b880f",
    (0, 3): "27ecffe2b0de6c8fb944aac0d8dfc1c7d701331ff43282e3cc5d288ade8a25d5",
    (0, 4): "c769f877d8d15fd1c5710d2357f6c9a26c95aea22a7a2dc3e62b2563ba76ec45",
    (1, 1): "d6f9c72b16ae652f2c22f56eb8284b4c13b120fa32c5e0ff4ac5c013e23d05ad",
    (1, 2): "066af607ddf670ac4a2107b2281a82a7afd8fbf7e85b196f0344af44f5d5b0bd",
    (1, 3): "6ebcbc98a12a3dee38409871fe28dac8b847bc628b073f72d9590e99d1febe9a",
    (1, 4): "19031a24727f0c4e4de4b6b702e0e02e7987814881d6644138a5d1f3cb4f97a0",
    (2, 1): "8ca9c743d904af8e8d96640a2f3d9dcefec51b13d6b6e066b63ae29866ebe870",
    (2, 2): "9d17b16d1de88f5faf28d722f3c8ff2beab65a56ea3f56b39d569e6b3a3637a7",
    (2, 3): "acf03178610ce34c686635a507d97026e858a219a8ea48a98b35834e4f343fe9",
    (2, 4): "cd0b9c4ce8f1e1957b54c38a300c24585cea497d8ec714d86dbd3e6409dfd1f0",
    (3, 1): "a32aec810a04ece0942f8a6cd359df3214e34972435bab4cff67908f2d947930",
    (3, 2): "388cb1a06a5d24e14668fd9c3b7763ffe9ddd065833e08a71ae6a8689036e4d4",
    (3, 3): "cea9b39591241fc342119a1ae49a25c285aa3e0c7aac782aefd082025ce3cf88",
    (3, 4): "770ace25159c8c049851fd307cf5ba14687a2305bb0e4140be86159e51c13ea5",
    (4, 1): "9f95f492b5e072770866931e75063970b945dfc2fd1b6dea3180bd73c3c8e60a",
    (4, 2): "a0d0170f7141bf4f5949ade5c5ee063e30afb2840d28ee29ff80804f8a125d7f",
    (4, 3): "f63bb634c6347c1a7de2b0c3d3dea21b474419de6804d034d73118d449902a5c",
    (4, 4): "6d80d2d900525c4c2188a48503df1dd385d905b2cf9512b0ab6b74e1d78447f5",
    (5, 1): "fe338eb0ca9e10fa2c244174a0d714e2557003b7df98d1921646c967c3d95b77",
    (5, 2): "c9c7e12b6bb671713cdde5e210d6011f87309b627fa1da2efed956d9d98c468f",
    (5, 3): "90f8a7a0c19229422e7f12d9afd8fdcbd7a97e855c111b106e6a9be40e938077",
    (5, 4): "d136be6ef4f77987a6e1daf8b5ba4da4a9fad3aa3bb1bde63992e7c337f6b1bf",
    (6, 1): "006d2aac02766741de1206122998b5fd161464c76e716cd504ef72a76f2a8741",
    (6, 2): "a4626e33d0682ccfa0681ad7cbcb2ad2c0cc788bdaa9c50d36fa73b9929419b2",
    (6, 3): "37f3d3e6cfd09d6e01cc1718d8207508884d8e08bcc4c02524b39af53ff5969e",
    (6, 4): "b7c4e52c53c849de0e0184936ce0ffa629931432162ae2c8a9d5b8644edca8b0",
    (7, 1): "54efc2d53ebb11218a17fa2871beb6d7989194a150af5ff0a806b95890ac3df1",
    (7, 2): "805947bc856b1e5d64623d9486b62f1d421d61f38e3d466ec14a50e3a63042d3",
    (7, 3): "4685ff8de9f28eea978bd76e106d90e70f4e99ab7dd1f7836f2523c46a261db6",
    (7, 4): "3a757491930ae31624027c1ffc6a3f3eb3294a4c2a9ebeda8870ce62cb9c5844",
    (8, 1): "2e7f7ab96017e7d774e13ac869a5a31c29ad6966d9f6114b4917efc973093476",
    (8, 2): "1dcd9bfc7b74985ea257ce762c5f399c3b46cff072a4675f40a0752d9d56386e",
    (8, 3): "ed32ebdbf7dd1cce96b067350f54b8b81b88ec0d4bb7dc0c6f4908af3c1d7bb4",
    (8, 4): "2ea536904173e632b912bfbbba1318698931680cd34a278d27ce1823cf7df21c",
    (9, 1): "fe074fafdd567cbcf80d803b796774fc220213f3977ce98d2f8e1ced1bce43dd",
    (9, 2): "e0eeada78ab36e54d4c03d652a85ca2d3899c63dba91f89d0c2974eae6794710",
    (9, 3): "8c88ff31174449e80e18e663b73512fdf3643154e3cd6c56d5405ad7243ed854",
    (9, 4): "f5eac3de46ad30bfc8139fb3de6768ce896ad0486225bcce1d7483f065b75be7",
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
