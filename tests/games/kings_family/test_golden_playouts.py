"""Golden playouts: King's Family behaves exactly as before the speed work of issue 17.

For 30 seeded random playouts (10 seeds x every option set of ``test_configurations()``) a
SHA-256 digest is taken of everything observable (:func:`tests.golden.playout_digest`): at every
step the text and integer id of every legal action in order, then the chosen action and the events
it caused; every 10 steps the views of the player and of a spectator, a clone's snapshot and a
determinization's snapshot; at the end the snapshot (with the random generator's state) and the
result. The digests below were recorded on commit a7d4bb1, before the King's Family play tables,
the lazily built events and the integer-keyed Genealogy; they pass on the pure and on the
compiled (mypyc) build. A change of behaviour changes a digest.

Regenerate (only for an intended rules change), from the repository root: ``python -m
tests.games.kings_family.test_golden_playouts``.
"""

from __future__ import annotations

import random

import pytest
from tests.golden import playout_digest

import regalia

GAME = "kings-family"

SEEDS = tuple(range(1, 11))

# (config index in test_configurations(), seed) -> digest, recorded on a7d4bb1.
GOLDEN: dict[tuple[int, int], str] = {
    (0, 1): "a5cb6ece8f627367de8768996d15d5c8a51beacabf1bd40f2e5c0a6827de9920",
    (0, 2): "32650024c764e2fe35334d2532958aa2489ef56308bd6fb58a608be2d5da6124",
    (0, 3): "3aaf69b46a783ec52f0ad0ee5525546dea9983fd5197ed1d49b99e17c74954ce",
    (0, 4): "35a7d14fa2e6e3e9fd05b01fd06b99bbcd14826122b1171aa7cbf12cca952e73",
    (0, 5): "e609da318234757eb3a5f2dba09ad670bd7d3c1d020adccb6cd751ccfe8c0535",
    (0, 6): "fd591b7fdd683ad711f98ace02f5a4f1ff447e7863b6b3e88aa85fd2fd2ad3f9",
    (0, 7): "ca4712725eb8c53136f7351db369d8684c6ac98760f385bbec2afd7262ebb456",
    (0, 8): "a86665bb3313fef5f1c13d9266f04a95ad1a7fcc6feb33f1a82ec2312bef1997",
    (0, 9): "7e3eca05feec8ca7e7419c8eda239c1d3289ad44ae94a57cd20645a03ef3f1df",
    (0, 10): "095be15e48cac76e93e3951f7079c993ba0dc4b4afc198c3770d06abb7159afa",
    (1, 1): "0acb206e471505c66d2162b9b924e8e926885b88c64f71cf100772bf43251fa4",
    (1, 2): "8a6ff8910825be67a34ebe0b764be8d6786a7710af7bb2a9bf25e2811665e51e",
    (1, 3): "a123762fc102142fbbe8e726f616d6f6807ac172628ed37b2c638cabaefb0287",
    (1, 4): "50c77c9811e247c0f5082cdd63d6659a1717f73cb4489b4c52a44418c51e68be",
    (1, 5): "6cfb8558b8bb04e216e7dbbab3d7a8b4def2e9382f2f1ac890ed35f6c44d1fc9",
    (1, 6): "3852115a05205c68e5e6262a33df83c24db8682b481275054e8310f78e6cc55e",
    (1, 7): "9adecd4e7032c7f138f0064839cbf56cebd5cb36a9c9614eaefc1350b29378fe",
    (1, 8): "ac4c80e300309e653f8063131b513d4c6e11b39d23c0114a90aa33b4ec6cd6b4",
    (1, 9): "432eda22894ac4e302ad95360c551a21f20dff4930323432daac376ed9621455",
    (1, 10): "dc065155b9dd04fa81d59d43d85d01e225161e1bf6c9bc0121581142ad31ef43",
    (2, 1): "957ed25639d2807fde7b8987c64dea379c228cfdff79f73867de14b64db671c2",
    (2, 2): "c35652ba5a079740493971ac5dbe481f00d13e32daa8f1e2964b4ab8f9ea5269",
    (2, 3): "088bce1881633b18b1cff6e0c59ec077df8f4fe7b0396a65f70b87a662b7ae1c",
    (2, 4): "93ce106478a6d54d13cade1694ac1debf5d7ac429508e029ea8b66e49cde1322",
    (2, 5): "286d930909541fee138c78f22e6b0af0f595bd0d566d72df27a64b3a8868553d",
    (2, 6): "938091f3c74f8c0a81edb6b415e3a562e862a39a91b5e73a57867c7cf1f10b36",
    (2, 7): "71ddafd13e359ad601a4bc56d9895593e3c1ae7b7e5a2e41de740ffa7f8041aa",
    (2, 8): "8a3f90eadda9e62371346e96faad498843e4a149329e40d48b8780fa1553dd3c",
    (2, 9): "c847504aea64edcdd6e83125ca2d55ec739175bd843f36a4cf941e4c588d2d5c",
    (2, 10): "5dac5f8795f16862b5c02948be099c34e2929b0572d5bcaf839fb03913247239",
}


@pytest.mark.parametrize(("index", "seed"), [(i, s) for i in range(3) for s in SEEDS])
def test_golden_playout(index: int, seed: int) -> None:
    players, options = regalia.get_game(GAME).test_configurations()[index]
    assert playout_digest(GAME, players, options, seed) == GOLDEN[(index, seed)]


def test_cases_cover_every_configuration() -> None:
    assert len(regalia.get_game(GAME).test_configurations()) == 3


@pytest.mark.parametrize("index", range(3))
def test_a_clone_plays_on_like_the_original(index: int) -> None:
    """The Genealogy's caches, shared by ``clone()``, never leak between the copies: a clone taken
    mid-game and a twin replayed to the same point, played on with the same choices, stay
    identical (legal actions, events, final snapshot)."""
    players, options = regalia.get_game(GAME).test_configurations()[index]
    for seed in SEEDS:
        state = regalia.make(GAME, players=players, seed=seed, **options)
        rng = random.Random(seed)
        copies = []
        while not state.is_terminal:
            if len(state.history) % 5 == 2:
                copies.append((state.clone(), random.Random(len(state.history)), len(state.history)))
            state.apply(rng.choice(state.legal_actions()))
        for copy, crng, at in copies[:4]:
            twin = regalia.make(GAME, players=players, seed=seed, **options)
            for a in state.history[:at]:
                twin.apply(a)
            while not copy.is_terminal:
                legal = copy.legal_actions()
                assert [str(a) for a in legal] == [str(a) for a in twin.legal_actions()]
                a = crng.choice(legal)
                assert [e.to_dict() for e in copy.apply(a)] == [e.to_dict() for e in twin.apply(a)]
            assert twin.is_terminal
            assert copy.snapshot()["state"] == twin.snapshot()["state"]


if __name__ == "__main__":
    configs = regalia.get_game(GAME).test_configurations()
    for i, (p, o) in enumerate(configs):
        for s in SEEDS:
            print(f'    ({i}, {s}): "{playout_digest(GAME, p, o, s)}",')
