"""Golden playouts: King's Blood behaves exactly as before the speed work.

For 40 seeded random playouts (5 seeds x every option set of ``test_configurations()``, 2-6
players) a SHA-256 digest is taken of everything observable: at every step the text and integer
id of every legal action in order, then the chosen action and the events it caused (kind, text,
seat, audience, data); every 10 steps the views of the player to act and of a spectator, a
clone's snapshot and a determinization's snapshot; at the end the snapshot (which holds the
random generator's state, so its consumption is checked too). The digests below were recorded
on the code before any optimization (and regenerated once for wording, see ``GOLDEN``); a change
of behaviour changes a digest.

A digest is taken with the ``rules_version`` it was recorded under written in its snapshots
(``RECORDED_UNDER``), so a rules change re-records only the playouts it changes. After an
intended rules change, from the repository root, ``python -m
tests.games.kings_blood.test_golden_playouts`` prints every digest under its recorded version
and, for those the change alters, the digest under today's version to re-record. The digest
itself is :func:`tests.golden.playout_digest`.
"""

from __future__ import annotations

import random

import pytest
from tests.golden import playout_digest

import regalia

GAME = "kings-blood"

SEEDS = (1, 2, 3, 4, 5)


# (config index in test_configurations(), seed) -> digest, recorded on the unoptimized code;
# regenerated when the event texts came to name their cause ("P2 is skipped (M3f, Skip)", "P1 plays
# New Connection: moves ...") and genealogy_rows to mark abilities (R7f+3, M3f⊘, B5m⇄) in a wider
# cell: the same digests without event texts and without genealogy_rows/abilities of the views
# were checked identical before and after, every other seat's determinization included.
GOLDEN: dict[tuple[int, int], str] = {
    (0, 1): "98ed476b07a1175cf67a318efb0ddb123ec7f84b36bc83168aa73ee8d3ba353b",
    (0, 2): "57760cd73e6c5196b8b2e787e7c6ce145f6b94d76cb56a4ad9673c062e505dd2",
    (0, 3): "92dd03e6b165f6573743c5574812688824dfa260054058c8383356b90268a0b8",
    (0, 4): "d5a9fca3f0bddd4e0fa700472aa59fa363ffc36216a213598d81ecfd1bf7aaa5",
    (0, 5): "e61b349a97b565c32fe1490e17ef71df4620031924702eed06ba77938ee2560c",
    (1, 1): "17455f6a76487be9f53a0194eec1875f59454fa8bb0556a293460b390d917465",
    (1, 2): "8c74fb2ce390732849f79eb7f7a19d064f5902b40e94624642a814a28fe1eedc",
    (1, 3): "11e342d63fa20e384fe21f4f549309842325aa1af45963d7284b4a4e51ded4de",
    (1, 4): "d15af3e7620cd340f243450a0f8f11d16d7536556f95926a73cc185b5976652d",
    (1, 5): "e77eca1448115eb67040a8dd765ada148f686004ffab42db588e43fe337f37cc",
    (2, 1): "b25660f1a3e910534b8b21c889bb19d60c0ba321de63648eb085e5b51999e98c",
    (2, 2): "acea1f0b8e369fe5f299cb9f5b6d76ef9011ae3ba695625dfc92bbf9d480a621",
    (2, 3): "53233c3b969f5bdcf14f5d9f2d98c24a2da9a9c1486e27a329ae106c04d382bf",
    (2, 4): "d88e63f7e89c6b673e97882f05237b40255e826288aad6bb10ba39f14379a20d",
    (2, 5): "8ee8a081616971864fa51e1817504b9c1aa54b87963adeae69213ac00dc3e848",
    (3, 1): "c9caabc872861dd47fd91339f4b14c514b47652993044dcf67de5f3896576c8b",
    (3, 2): "ff868b679f99cab7cafb921e7421dc053620a11881380827dd90910c2f07f87b",
    (3, 3): "f851267d12d81a30bce3bc81e90dbd1ec56dffa5095e063c3b299bc0d7cdc2f4",
    (3, 4): "1bbe31100c0b79b4ca1115ff9083141e0290b6ecd8937e80c0b9c81b9b3a6f19",
    (3, 5): "7a74105e8bf308be9fbf7f17f7357380acd2446a6413aa8ffe4bc93a78228abd",
    (4, 1): "b10dafe10d60cefd2290e573c41d64b86f5213e0de1bbba3d6f44b9148460e80",
    (4, 2): "234df6b38e8f675747aa4e40bb633a34d0d72cffbfcd7140ffdc7ba3d8ca6cb6",
    (4, 3): "5536faf6654cb0a420ec04360a137523088c801c354123a3e0e00e59bd82b9ba",
    (4, 4): "aea636e7c84928cee13223ae54609f11e9cbf271a6fb11944b7c2c171463865d",
    (4, 5): "219fe8edfc8b8275e407b68256ebc552db47b59b2a5e021544f35db353c89838",
    (5, 1): "b317f699fbee0d8c0c207f26587151959ed65c3971f5334cabe72320d4116c66",
    (5, 2): "9cddb83abb2444875e0e641c6e79e4bfde183c30292c7bfb8ffdd68ef1d9b4d1",
    (5, 3): "a7652ddec77f97e13f154b54f401e7fa85c0d6ae45cd05af67f29d84c48140ba",
    (5, 4): "0270361de8c7fca3267435d961871b83f08c4be041a8e8ac65ea5ccba1742965",
    (5, 5): "1c774a44a73c860fffc63bb830e9fea60bf5ea5e57a74d6095a0937c8ff4dc44",
    (6, 1): "0547b0f3f26f5dfea9ba123ffdc3629cdc0115cedd249841ca8f0bc9fb3c1cf9",
    (6, 2): "cbeee59983d3c993d673bcb26ee1350425b09a7592aabbdc05683c6357bbd508",
    (6, 3): "21c9e40ccd409127cd3bdd7f10124facfaa4330545be99c7b1f95080f5189101",
    (6, 4): "33fcc8ec0b1eddf06026ad852263f824845ec3badfbe259b1d473342f008506a",
    (6, 5): "c73bf93e319fc2b79efd29dfec3e233db5a9ae4f483f683e2ed9228bda59fd7f",
    (7, 1): "1535dfd4cbcbdba53513802fd3b68d1c626e89fb2a968d38932b8313b05cf17a",
    (7, 2): "905967630ef8c376b84830875eb66aae8131960dc9b8d07f281355b521d02f71",
    (7, 3): "bac38dd09c974743a7d434ac3983c2b7925cc37d1ab1b478be74d0e05ef93f4b",
    (7, 4): "fc646328370a946b5af8fc82f9e0716a58f73baadd278172ebda6208c75f0597",
    (7, 5): "4a3ce62665b5dcb73fe6a3bf79092e2b291b52b008dde0a5dd15c756f9814bfb",
}


FIRST_RULES = "1.0"
"""The rules version the digests were first recorded under."""

RECORDED_UNDER: dict[tuple[int, int], str] = {
    # KB-T4b (rules 1.1): at step 65 P1 played their last card, B1m, without announcing King's
    # Blood! (down from two cards in one turn) and won under 1.0 (turn 48); under 1.1 the card
    # does not win, P1 draws 3 and skips a turn, and the game goes on until P3 wins at turn 119.
    # The 39 other playouts never meet KB-T4b: their digests are those of rules 1.0.
    (6, 4): "1.1",
}
"""(config index, seed) -> the rules version of its digest when it is not :data:`FIRST_RULES`."""


def recorded_under(index: int, seed: int) -> str:
    """The rules version the digest of ``(index, seed)`` was recorded under."""
    return RECORDED_UNDER.get((index, seed), FIRST_RULES)


@pytest.mark.parametrize(("index", "seed"), [(i, s) for i in range(8) for s in SEEDS])
def test_golden_playout(index: int, seed: int) -> None:
    players, options = regalia.get_game("kings-blood").test_configurations()[index]
    digest = playout_digest(GAME, players, options, seed, rules_version=recorded_under(index, seed))
    assert digest == GOLDEN[(index, seed)]


if __name__ == "__main__":
    configs = regalia.get_game("kings-blood").test_configurations()
    today = regalia.get_game("kings-blood").rules_version
    for i, (p, o) in enumerate(configs):
        for s in SEEDS:
            digest = playout_digest(GAME, p, o, s, rules_version=recorded_under(i, s))
            print(f'    ({i}, {s}): "{digest}",')
            if digest != GOLDEN.get((i, s)):
                print(f'    # ({i}, {s}) changed: under {today} it is "{playout_digest(GAME, p, o, s)}"')


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
