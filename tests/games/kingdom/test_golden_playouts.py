"""Golden playouts: Kingdom behaves exactly as before the speed work of issue 23.

For 30 seeded random playouts (6 seeds x every option set of ``test_configurations()``, 2-13
players) a SHA-256 digest is taken of everything observable (:func:`tests.golden.playout_digest`):
at every step the text and integer id of every legal action in order, then the chosen action and
the events it caused; every 10 steps the views of the player and of a spectator, a clone's
snapshot and a determinization's snapshot; at the end the snapshot (with the random generator's
state) and the result. The digests below were recorded on commit 825516d, before the speed work
of issue 23; they pass on the pure and on the compiled (mypyc) build. A change of behaviour
changes a digest.

Regenerate (only for an intended rules change), from the repository root: ``python -m
tests.games.kingdom.test_golden_playouts``.
"""

from __future__ import annotations

import pytest
from tests.golden import playout_digest

import regalia

GAME = "kingdom"

SEEDS = tuple(range(1, 7))

# (config index in test_configurations(), seed) -> digest, recorded on 825516d.
GOLDEN: dict[tuple[int, int], str] = {
    (0, 1): "63dbe7eecda6d9cbd493dbe3c217fadf75b9f614b1719dbfcd9591035f9dabc6",
    (0, 2): "54e1cad46c2830733ec09b14c826eced7d706d39bda92de7553954d6421b7a4f",
    (0, 3): "7233f81b027ed8aec740a974208d8253f11fb3e4923822b2accbac75637e4315",
    (0, 4): "01bbee647dfc3201d21d2cea5a5c41c6fe5584e70beaeedd6a4533e419885d6e",
    (0, 5): "562f10aeed469743eefedf79d7fb9f5989cfe4372ca40778ddcd9a254a4e9f54",
    (0, 6): "cbe41bd96d46ffbdd3cdca16c537e774a785f312ec1d05546faf6abb057a1610",
    (1, 1): "059ff241201f39b8c7ff4cb8f4f1c37b4dc392b92813c1ab842637590dac2e20",
    (1, 2): "7211c73871f6f84d34128e13ddcc0700c9b8674c7c5a62629306915a25fd34d5",
    (1, 3): "fc8e4587f50a578dc86ed2cee3f9d7a852b56d36d4ff885ecb65bd469c5409b5",
    (1, 4): "6507b9b1f8223f87f450b594452b331ccc5a886fbb3cf59c08ae99285c5ee9f6",
    (1, 5): "d0364ff11064e88c9ccb30ab6360f0ddfad432b5e7624e4357eef05a128e5cdb",
    (1, 6): "95bc8d64033a545a3001f595d36ba9b785f5a640060cc4882ac892c14121a670",
    (2, 1): "b45705bd275dff1d09070ef7690f57e59c3353312a0dc5c5e32d5e7acabf6c99",
    (2, 2): "5ba346859f6bedf2022b223f3720fb10d37bbf6f695974c6499b5d03ae4acd10",
    (2, 3): "c7e1b0833a49a333002d80c0d5b83cda749c137364e2cfc1f04c2917fc9f5817",
    (2, 4): "bb0bf119ae06ad1564f366c253a3d981b5864a0302d2935581fdbc1f1d70acbf",
    (2, 5): "ed0ef0d4b3a646e64ecdcfb02c027509897099fd65ac7cbd3e8926f08a4e0d74",
    (2, 6): "1354aaaea595834d4c88487992fd46dcc1e99cd9b632064b2484dd0b0dda88c1",
    (3, 1): "8f27f65484d6f656548bbf89517703e07bb155513cd8a388ab72997bbdba3e0d",
    (3, 2): "5078e73a3bcae05297748afdde509d868750b13b9bc7252a9679e985c611f0d5",
    (3, 3): "f91d5722cdcd8a890cfb18e7d9cb1cdec6a1bd415311f1b2fc1d757ccccc941b",
    (3, 4): "3ed0e4ea5c742cf677b5f70d36712b135bf21e665a514677e015d59546d55966",
    (3, 5): "2d80920a03d67e3a11c7e36f07aba46a5695d95d19dab96529e74360d568cfec",
    (3, 6): "e8e50214e78f4d37c21b996497c1c329374227de67d5213f231ee15b1b0b4618",
    (4, 1): "f430a28a172da2a593f35094910cbfc17e53c6cf83c2893946d3033c14d52b15",
    (4, 2): "1274262f331d34e5537c3174261e0f2885f6084d9f4689907ac50ef4fafcc878",
    (4, 3): "8dff66926a28abcf273c5efb24913ddbae9f532d59608906d06e894d2e585793",
    (4, 4): "7827c4f39cc7dc823dfd59a2cef6ce5a1773c65e1c6a3c9df545a6d62818fef2",
    (4, 5): "7ba423079499c670feacd1dc243cbca89b05eb1c530f8046b7625ce3d45913e5",
    (4, 6): "1476382862fb7e9451264011f1b318479bd4251c042aa97ee29434dd1c1d5657",
}


def _configurations() -> list[tuple[int, dict[str, object]]]:
    return regalia.get_game(GAME).test_configurations()


@pytest.mark.parametrize(("index", "seed"), [(i, s) for i in range(5) for s in SEEDS])
def test_golden_playout(index: int, seed: int) -> None:
    players, options = _configurations()[index]
    assert playout_digest(GAME, players, options, seed) == GOLDEN[(index, seed)]


def test_cases_cover_every_configuration() -> None:
    assert len(_configurations()) == 5


if __name__ == "__main__":
    for i, (p, o) in enumerate(_configurations()):
        for s in SEEDS:
            print(f'    ({i}, {s}): "{playout_digest(GAME, p, o, s)}",')
