"""Golden playouts: King's Blood behaves exactly as before the speed work.

For 40 seeded random playouts (5 seeds x every option set of ``test_configurations()``, 2-6
players) a SHA-256 digest is taken of everything observable: at every step the text and integer
id of every legal action in order, then the chosen action and the events it caused (kind, text,
seat, audience, data); every 10 steps the views of the player to act and of a spectator, a
clone's snapshot and a determinization's snapshot; at the end the snapshot (which holds the
random generator's state, so its consumption is checked too). The digests below were recorded
on the code before any optimization; a change of behaviour changes a digest.

Regenerate (only for an intended rules change), from the repository root: ``python -m
tests.games.kings_blood.test_golden_playouts``. The digest itself is
:func:`tests.golden.playout_digest`.
"""

from __future__ import annotations

import random

import pytest
from tests.golden import playout_digest

import regalia

GAME = "kings-blood"

SEEDS = (1, 2, 3, 4, 5)


# (config index in test_configurations(), seed) -> digest, recorded on the unoptimized code
GOLDEN: dict[tuple[int, int], str] = {
    (0, 1): "8c91e0c6082308b57696635a676bd8338813742274210df20b4acddb66095bcf",
    (0, 2): "e78b7836b6605175a856efe075bdf4717728c26799d167942abfef88a5869993",
    (0, 3): "6fcbd92aad2dd2e675e6b42bb63a297615b40d315ca8501c8ea1212aa91c93c9",
    (0, 4): "d7badcd4aae5748a390f62dab1c22cfdaacbc60c7d1bef6b33f6b0afa89a2417",
    (0, 5): "f07083b3a9e01801bd67ec51294b085d3ec6d2eb354e847a8125bd9fe4c99152",
    (1, 1): "22fcd36244c309d28801f86e06c549ddf746ba96d29f324af32c2392760a4e6e",
    (1, 2): "ca97604c71375a605d0014c84a785a2f43fc1847f949009b8690a78b3db2398c",
    (1, 3): "c6abed08c65c086d801a6e37b83ca6646adee508156953861b41475479c6030a",
    (1, 4): "5b069c450e471931f8184ff8b29a3a7e9d412ac0df6a92d0de6f1a82e387a8c6",
    (1, 5): "5ca76ab132c4a54341b499313580bfd725484d9b59cbe3b913f05b4f6222bd2e",
    (2, 1): "5241cb3f2c679bc5a2d97e71434a6cb88d1e06be9d3b6e919561c2f8a830315b",
    (2, 2): "36c4539691b54b82d5a749656c36bd5ad3a35ca362a0f2bee83f1cea4b873612",
    (2, 3): "3d318c6fd980344b2ec6b41461a430217390b83ef97b8f55319a07ad5d312ddf",
    (2, 4): "214e32d25864684de232a90bbf839b233122720cb80c3ab00e0a793ef892be86",
    (2, 5): "820559feac9b24e2f0df168a1bf9880cfd6e5b7ee63d074ed17519c872c55384",
    (3, 1): "9ce65383425424cbc3fb06a3d1735f79dd028a0d6ec612698594764b672c3a5b",
    (3, 2): "092d9d6673b430e478848e61d7aa85806c9bf513cb8d16330ab6e1d1ef30c38a",
    (3, 3): "38a5884649249a2e6b8e77c48631571746089d8f61ac6be1b0016ebc34a58577",
    (3, 4): "7c493036b40d75d9f37b114dc67318ef5909be1afc0dc30cf51f973d4722a861",
    (3, 5): "518a23796605399a53bfba61c20138a07510b6e302cf00355468d82532a86a8a",
    (4, 1): "452fdc7f1308f6b0e7057b91708959410aa3f87d3a47880d8c8735019b3befa0",
    (4, 2): "3b7290f3c95a667ea1f87717ad25f9ebb08172ae63bc13525f208abdfa70e227",
    (4, 3): "6e6b4cb982d94c97cabec1d670fa4eb6f44ddbd653f2dc97ef703bea3e19a569",
    (4, 4): "15698ab19974324fb0c656adc40817f57f42e870b906a5f9fe7ce02a796a1f92",
    (4, 5): "d9bf35a62c3aa5bf0e397c7892f6dfb1a6a3a8e1eff73c18816cb51a1b1bb260",
    (5, 1): "5209e2cbc5ff2707dca8ae7c53513a304a438f5c54129e2c716d58285a18a351",
    (5, 2): "36181fce683c991c840813bd8b396a29a309e940e8abfac148976c54d7638d76",
    (5, 3): "e51a273588b79530ff31b0655243fe96c7a3b53a5af407fe6f8f9e1563c89999",
    (5, 4): "c6742babe1b9971ea84c1b9069d1a6522c3511cc2f65affb0dbe64d28666dd56",
    (5, 5): "5a41d4c2ab7557968a4bb85cb1879a51c4af97c11a14c40cc9b2ecc0c22575b8",
    (6, 1): "d6a6ebd103d14d68a5e6173c6bf964271361293a381f7c936834089ff25b9df8",
    (6, 2): "daa219daa9f6689e2db97a2daf1af374cc25050df81d3130d3cf38f93f921ee8",
    (6, 3): "5fa6a42c4e94aa7c0aa901f20f3322486981eb5daba14f5bebe82118e7947f3a",
    (6, 4): "27aa9ed24149879b33995b598bcd6e0d069e08773315584a9d3044812058b9ed",
    (6, 5): "dfad6721d039b9404b94cbda5a36fb66001705a3a9b43a48a3f13a59f7fed192",
    (7, 1): "ef3912c67ceed2a1a74b111d80ff4088cc94fa0e53d0b16837d5a173d961b361",
    (7, 2): "d3fefda417229fc64d66e662e5ee7850733401d953c10761c1bcc591c063c812",
    (7, 3): "3deb10f8ccc037a1ab05ffd59c8d3698fff89fbe69abaa8c23b8239660a389b4",
    (7, 4): "aee8b1fe4b9d8dc6874f4735bf9e25ca0765a64d83aa54679ed898ddf326db19",
    (7, 5): "0f042226e768a0ce41389566c3934c310b51db6805927d7cfaaf8a8cbb4ba251",
}


@pytest.mark.parametrize(("index", "seed"), [(i, s) for i in range(8) for s in SEEDS])
def test_golden_playout(index: int, seed: int) -> None:
    players, options = regalia.get_game("kings-blood").test_configurations()[index]
    assert playout_digest(GAME, players, options, seed) == GOLDEN[(index, seed)]


def test_cases_cover_every_configuration() -> None:
    assert len(regalia.get_game("kings-blood").test_configurations()) == 8
    assert {p for p, _ in regalia.get_game("kings-blood").test_configurations()} == {2, 3, 4, 5, 6}


if __name__ == "__main__":
    configs = regalia.get_game("kings-blood").test_configurations()
    for i, (p, o) in enumerate(configs):
        for s in SEEDS:
            print(f'    ({i}, {s}): "{playout_digest(GAME, p, o, s)}",')


@pytest.mark.parametrize("index", range(8))
def test_a_clone_plays_on_like_the_original(index: int) -> None:
    """Caches shared by ``clone()`` (Genealogy) never leak between the copies: a clone taken
    mid-game and the original, played on with the same choices, stay identical."""
    players, options = regalia.get_game("kings-blood").test_configurations()[index]
    for seed in SEEDS:
        state = regalia.make("kings-blood", players=players, seed=seed, **options)
        rng = random.Random(seed)
        copies = []
        while not state.is_terminal:
            if len(state.history) % 7 == 3:
                copies.append((state.clone(), random.Random(len(state.history)), len(state.history)))
            state.apply(rng.choice(state.legal_actions()))
        for copy, crng, at in copies[:6]:
            twin = regalia.make("kings-blood", players=players, seed=seed, **options)
            for a in state.history[:at]:
                twin.apply(a)
            while not copy.is_terminal:
                legal = copy.legal_actions()
                assert [str(a) for a in legal] == [str(a) for a in twin.legal_actions()]
                a = crng.choice(legal)
                assert [e.to_dict() for e in copy.apply(a)] == [e.to_dict() for e in twin.apply(a)]
            assert twin.is_terminal
            assert copy.snapshot()["state"] == twin.snapshot()["state"]
