"""Golden playouts: Blood & Fortune behaves exactly as before the speed work (issue 17).

For 55 seeded random playouts (5 seeds x the 11 option sets of ``test_configurations()``, 3-6
players, roles and Special Actions on and off) two SHA-256 digests are taken:

- :func:`tests.golden.playout_digest`: at every step the text and integer id of every legal
  action in order, the chosen action and the events it caused; every 10 steps the views of the
  player to act and of a spectator (without ``prompt``), a clone's snapshot and a
  determinization's snapshot; at the end the snapshot (with the random generator's state) and
  the result.
- :func:`words_digest` (this game's wording and search copies, which ``playout_digest`` leaves
  out): at every step every seat's and the spectator's prompt and ``legal_choices()`` (text,
  label, id, group: the twin-card merging included); every 7 steps each seat's determinization
  snapshot and the terminal drawing of the deciding seat's view; an illegal action's reason.

The digests were recorded on the code before it was restructured and compiled with mypyc (commit
a7d4bb1); the compiled build (``regalia.compiled()``) and the pure one must both give them.
Regenerate only for an intended rules or wording change, from the repository root: ``python -m
tests.games.blood_and_fortune.test_golden_playouts``.
"""

from __future__ import annotations

import hashlib
import json
import random
from typing import Any

import pytest
from tests.golden import MAX_STEPS, playout_digest

import regalia
from regalia.core import IllegalActionError

GAME = "blood-and-fortune"

SEEDS = (1, 2, 3, 4, 5)

# (config index in test_configurations(), seed) -> digest of playout_digest, recorded on a7d4bb1
GOLDEN: dict[tuple[int, int], str] = {
    (0, 1): "5e391e8b41e8b3cdf6aef26beee06f9edb124319351ffa63b1eaa9bda1d37f45",
    (0, 2): "cd22b5ebb4cbc93130fe95f07be40404639296420d171f5162c1261ee478256c",
    (0, 3): "189a196e5fe55777e7f8cf8dc0012b995f2b8dd21ff7e6fdfa8ab8b0f27a0395",
    (0, 4): "4b4e6c36495375e355d48a59a1fb1e22aa78a23390b0f139d7c1208b54ae1572",
    (0, 5): "62b524628d1370a8bf08227bd4b0fbbccd8307a0aa853d9ed734b91bbc1122e6",
    (1, 1): "58c65ea02d882330430e1f24b20383f78956bf4a12f41ee19806520f2256a290",
    (1, 2): "556df01b2cee5a8744a46732f999a7d9c7ead6803fa76b7a0dfd031cf48b4986",
    (1, 3): "d7fd44d920e2a7e6365c55cb11ef3851d0bd57c851aa58b439ce78902417d4bf",
    (1, 4): "602c7b3f5cc78e2b3e6a4bd3ea21022d483d16f82e1f9b083527a790e83e912f",
    (1, 5): "4a6f420db32052b4ce3c5489efc9c6aa9bc16c2b8d1526b91cca02391f55ca24",
    (2, 1): "0000603f651181f2a8423fa32a1d91208e1ca2ffe412c2445734ba99c4a2bc89",
    (2, 2): "f8bf5f84b94ae9348de980df7f1c4266b07dcaae1650521f8aca6bf066b88393",
    (2, 3): "867936af90e0d33ae045823cf88ce120435407bc58750a897b13c16f26265277",
    (2, 4): "92256820626069566abf3b78986e71bdf0c3b6972c878dfbbafd7fd26fa9e18d",
    (2, 5): "9470121b90db4e7ced97b1e35ce95b4538c3b0f92b6c6c68740b1a1cb3b9b1dd",
    (3, 1): "84c3f573d1269897c94be0a4e0dd08fabfccc4acb2ccf859731126165b66a41b",
    (3, 2): "a70b9930aab8810c62f8e413e1f7512c8aa93fa915ae4d4d92068852e4343d41",
    (3, 3): "982cc51802a8976291dec5ff14620ba4374b904f03625ed1ca462223fd2aef57",
    (3, 4): "d5c5a6edc6ea43260723931cebddd54ade9f53bed1d7d2421edd34d1a8a7c883",
    (3, 5): "2fd7919b6f9e4ff9e299fee361abff50ddc67b7c5a614f25aa9e3672a8f10b67",
    (4, 1): "49624668d6274ff2b457bfb6ce64ef7c97be6e2587024d1a6b526264b5397706",
    (4, 2): "e2b701f8619908f8be4818dafa50c9be7bf800290305c9b2dd632c04a059f1cf",
    (4, 3): "3f7969702135db2609eb257c1d0df8f4c486cbe6698aaffa6d8780855f39944c",
    (4, 4): "3325e73ee6a41fcb8c3bc3f1f1de110b868305e60c8d7c362f2d7e5e81d434e3",
    (4, 5): "fe9d45f00af4be49ec177dd252b2d82802a95522b8633466d1256fdd6a0c862b",
    (5, 1): "4fe29013dddf1163188d977f09cf00f77a0b2c396631824a702c5b84cc00d91c",
    (5, 2): "f67fe6c53f88899d27d530913b17aa276fc354a437962dab80f46f2dd2d8dbb8",
    (5, 3): "c10bd858ee557936998fa95f6c26364518dd532e79986efcd0aeaea9d7fc9286",
    (5, 4): "b0c96c46efe428d69767fd8843b7016a0b39532a0ac583f181fddaf68e118664",
    (5, 5): "83ebb3ea466fec59dfd1de65dd8e84b9db160dae0a2b5c2b35b6cd50afb3bcc5",
    (6, 1): "9ef3ddcf4978d51a8c8b71f32ac36acd29840d664b4ca6a0f27536c0c218ea41",
    (6, 2): "e220d44a710b7ca92db07d79ad7e4673113152239bd462c33c4b959d7245b3d3",
    (6, 3): "59780c9da4f895a712810023d35e7f7132d75c3bab602ddbb2079a46b9ac65ee",
    (6, 4): "b04722a81a463e405c647e606d3629dce51667fd193b033da94a0f41110f9ada",
    (6, 5): "eb2279c541e55d0ff4264f0689964a7ea7f1b6ad00f0f7fa9137d9680b0aec09",
    (7, 1): "101f2eccd6d62df11b4c8216dcc107f2121067e1c496ff18cab7e72332381530",
    (7, 2): "9c4edb4b1ab36eece46461278c88415a75735c0fe373f3e55a11b582ce8f5080",
    (7, 3): "daa582badc1fc2f4cd47f8c470dcdacf35aeeea4cb3f568634a50ff146160640",
    (7, 4): "476c0007e1ef9e11670148b7e32e06aa47838f0de71046c70c3c651b3940be32",
    (7, 5): "d2d872a15244f437070ba1f3a99506fb1aeb22b5fc8389c18a481591ff666561",
    (8, 1): "12970547e3360d0f857fc7b3cc4f133aac2aa27f267e43e92bc89d6960921f8f",
    (8, 2): "28988595182f6859d5a2327af5ec5f3c12abda08f6cb88c4ddd26fe2142b524a",
    (8, 3): "8c5fdff9127709735f46633ed2c2421cac56db61015c00a794c681eaf400fd87",
    (8, 4): "d188e57728b53d3d5c371ed32cec779f6d313f270a79752004d1f31f17f872c0",
    (8, 5): "9b2c139295f8b99eb0b46d7dd54603d3e4f282cfd3829891f5b63ee2d5ed3064",
    (9, 1): "30dff8b13d13ff1faf0cbc93fbc87b9397ebda9eb1df38fb7e8b83be8ba301ad",
    (9, 2): "4da4287033aeff840df7ce4277a01fe03bd8cf689821075bcd02ac1cef336dbc",
    (9, 3): "a3baafb708d093a444cda7bbd9c35a83eb781153a0ed235b9a0d66ddc2e54d6a",
    (9, 4): "c251fa4e537faacc732f0530c8780267f69997da3d60a383f9038be39c66e536",
    (9, 5): "0e82111b97de384d7ed906af06cd99e1bcc4cbc71f613bf3030f5697c5097576",
    (10, 1): "02e0c288ff1814dc90ead1f5e9e6c5520166171575c94f967b175e023c220877",
    (10, 2): "690d5b9abbbf0ed7208dfa1fc309829a08ca5390787fbf8323e7bdb27d33ad64",
    (10, 3): "cc31f22acfd4bb1a86925bebb48cd76e582955da8a4de46cfb03c3bb33dcc793",
    (10, 4): "10f04a7439d7e92eaf1ee997529f974be21e3fc1a0f51d97fa1a7ceed5817262",
    (10, 5): "3eb918f3a4cf65fee9a4c344e8ff62c4214ab0e6c83793a05d5f713737bb6f4b",
}

# (config index, seed) -> digest of words_digest, recorded on a7d4bb1
GOLDEN_WORDS: dict[tuple[int, int], str] = {
    (0, 1): "23140c923a7dc268bb5c2c16a0fbb8311e99da7d3dde464785cda3b07e7ce65e",
    (0, 2): "0e11758c1d10cb740f6e331f605203ad5ea3e4b6b1e0e6930a98fd65644e58d3",
    (0, 3): "f518027051d3074ff2be86213d8077f13b1d653c730453b7dfaf227083bdff45",
    (0, 4): "20203fc8ef394022c83f6341aa3ddd104d62d15fe13991ed52a32c6c704a8bc2",
    (0, 5): "599d584811c5ed874d97335baac90bbd370bfcaf60e99b21ab153e6cbf86531e",
    (1, 1): "fbc8b6d76dd6f5107cba262a745477e0b43ac6779965ceeb044a605f746d1c61",
    (1, 2): "55d91f8033f01c36d35023f17e059a51358cd0abc616c95ab17adf0cb37a8373",
    (1, 3): "d662748458c56455b5ee60b99f197860d06efd0e0c3f8a9582b0e951b0f30ce9",
    (1, 4): "a66ca8488c9b6296234fb14aaafc0408726f7096c72d7804a2eb1cbe40db4573",
    (1, 5): "93be256c6c0b622f3ead9c1cf2ec68734ccdbc94d4093fe9ad50a2bd8516b1aa",
    (2, 1): "c73e52ec9e4670b271f0ab3adeab5b9cc696167aa9c86f7c9657b7b21f82577b",
    (2, 2): "3f193102e5d0509b8d53eed38efe29c5b01e1f726728386f90789e8eb374fe71",
    (2, 3): "d51d8ac98e6ade8cf698efcd009a65e14bfce3cc2cdb8587ee0993a559b77cdd",
    (2, 4): "22e0cf102b0aff1917979f77932afafda5694b26ad69cf21195276d740fa22fd",
    (2, 5): "b100e093670fb03aa8ebcca86ba34334b30cef42441918e3524f59e69df5c1b2",
    (3, 1): "9603e680df92e486b00b430e9e806050d57817f202e6f449be04fff4901e12a0",
    (3, 2): "f4f5052f91a64ecd74d0f6ccbef75c8dac31ea0e29aa766c418a7161b9c54749",
    (3, 3): "e0f177f1c9c1499f899845560bedea12c887c032f9f082d9a94922a30ef019d1",
    (3, 4): "8c5dcf7883b857b178a4b8105551577161b643c9cd5c3974a3640da02019d02b",
    (3, 5): "019a9571b7c351f6088244ac3e22db3ad08a5dd8d347e3269a185f256d10d574",
    (4, 1): "82c7a3b16aaaa15987959f5a994a428c2ec411175b12a3ff5c320418b73b6928",
    (4, 2): "599e78c70d9bd1e2695b01e042ddcea4a73a6b308889684ddb9b01d68f50a78c",
    (4, 3): "acdb2948f1e48a5f12e6029769e7305fae1c425aa109b9df91b68744de2164d1",
    (4, 4): "b850cd36fb9acaf82df711578ee6d8282aefa3dfd8c70288bf74fbade1c43f55",
    (4, 5): "1fd5d136c625e25b632f0ded0842ca06e81fc9af9a9674c14286599ea6dd131c",
    (5, 1): "61847b1a246e23e176e0c142c03570853efae0d32c72398e22b46cc0cc65a145",
    (5, 2): "f1d238447de0d2f869b50a02798b784d85273a8b3222246e4eb2f5e1b5bd5430",
    (5, 3): "4a45663dd3bc568376f97bac391237b4e67cee90ef6802c141f6e56ad8a8f485",
    (5, 4): "0bdee8521d33c95e0a3746c4b85ea7b9cc075344e271f910b7c2b71675641db7",
    (5, 5): "f227a2096757abd2ccb844dec2f33dc948984f65870aa12a8b7b95817e5b23a7",
    (6, 1): "0b79439a2d485d6256edf7f5f19cde378d24831f17e988ae0f8ff47903dd2469",
    (6, 2): "fba52eee1786e7f5f5d114f82a0920d8fce02abf0d24a66f967f364942ad1347",
    (6, 3): "c4db07df3b995b2b8785e8384365db474df1bc0e4721387a3435a8addee56750",
    (6, 4): "7ab6df3ef31a224c7d4eef8e79e35ad27c8e7a415ca7dba030c8ef7bdfcf1277",
    (6, 5): "b1aa6a27a6b729561b52ec5ada209c0b1cf5ef13510ebfb35d9e84696278e01b",
    (7, 1): "c59acfb11fd579160a2320ea5d203249e2b08b35c4d59ca71452c387a3112998",
    (7, 2): "60d3893586288e423c575c87c74c68ab63d02c80c8a613dde7e8fb399cc37a10",
    (7, 3): "db9242fa9d44ca4444e715b0baaf73ff791fe357f5a1477a1971bb0c64c4a43a",
    (7, 4): "325a0b327a018886f4155bc3c7638bc936583398405698d2c32c0e635eb64953",
    (7, 5): "527e76dfc631c947379f15113a8057702c88000be83c09f6355370be8fc2a7ae",
    (8, 1): "5c97447e060cb0c79e36f610aa268124e51b4d93f600d632657d2357f0dfd956",
    (8, 2): "5ba3f7979fc61f600f2b9e6fff259b830a1bbd5c1d7a784d327a1e16be71b6a4",
    (8, 3): "1f241ed2df988d58e0fc730f84a94217d5cbb209ab18da8d633276ccdcfee789",
    (8, 4): "2eaf2c2e1d03514a43b9bc57f5408a79d654b0a6a840f555aceaccf69713930d",
    (8, 5): "6af573290ac4e13da22e0d316fe76a82873cbb6ef51aed6a4dbc3dec6dfdfea0",
    (9, 1): "0c5edc8171ea40772229aa4a2a202b6a4cd358fe1b46bc6e4c4f14cbeb06d82c",
    (9, 2): "495e6b78e5a3f3f2791eee5c0dc3aadca5a4da6f7ca8f940ea34e388ca6cebbe",
    (9, 3): "83c647e0151655937cf654190eda12faf4dede7245aeea99b44604532612e6af",
    (9, 4): "c5e416107daf96af857f65717f0d329696392582f473f6b79663fdb4410f28ef",
    (9, 5): "155f3672da5e07e08a4b6bb0b68949b28648a1f48d49c18b80d27a7e15d6931f",
    (10, 1): "59650aa7c8430d5619180544b485b9ad3001a1321f06cb8129d9303e5a7b7ee0",
    (10, 2): "a35e56b74065bbd68c16b6213b71f4d34804088974d4c5a3a9e77c3f3fc98014",
    (10, 3): "51fdd39c22612cef8c7bc22d4d53703911d64b264a8820358eddb750d12d1d20",
    (10, 4): "232528eb1e213b1239ad411c3b8264e1362ffbf984c6cfaf8801109b61830941",
    (10, 5): "523542dde899def2f8ed062c0d9235c20f23020b808c38b0817eb6be35301d30",
}


def words_digest(players: int, options: dict[str, Any], seed: int, max_steps: int = MAX_STEPS) -> str:
    """The SHA-256 digest (hex) of the wording and search copies of one seeded random playout
    (the same playout as :func:`tests.golden.playout_digest`: actions drawn by
    ``random.Random(seed * 7919)``); see the module docstring for what is digested."""
    h = hashlib.sha256()

    def put(obj: Any) -> None:
        h.update(json.dumps(obj, sort_keys=True).encode())
        h.update(b"\n")

    state = regalia.make(GAME, players=players, seed=seed, **options)
    rng = random.Random(seed * 7919)
    seats: list[int | None] = [*range(players), None]
    step = 0
    while not state.is_terminal and step < max_steps:
        legal = state.legal_actions()
        put([state.prompt(s) for s in seats])
        # the choices as shown (their click keys and alike lists are checked by tests/conformance)
        put([{k: c[k] for k in ("text", "label", "id", "group")} for c in state.legal_choices()])
        put(state.decision_kind())
        if step % 7 == 0:
            for s in range(players):
                put(state.determinize(s, random.Random(step * 31 + s)).snapshot())
            # the drawing without its last line, the prompt (hashed above; render_text ends with
            # it since the digests were recorded)
            put(state.game.render_text({**state.view(state.current_player), "prompt": ""}))
            illegal = state.action_from_id((state.action_id(legal[0]) + 1) % state.num_actions)
            try:
                state.verify_action(illegal)
                put(["legal", str(illegal)])
            except IllegalActionError as err:
                put([str(illegal), str(err)])
        state.apply(rng.choice(legal))
        step += 1
    put([state.prompt(s) for s in seats])
    put(state.game.render_text({**state.view(None), "prompt": ""}))
    return h.hexdigest()


CASES = [(i, s) for i in range(11) for s in SEEDS]


@pytest.mark.parametrize(("index", "seed"), CASES)
def test_golden_playout(index: int, seed: int) -> None:
    players, options = regalia.get_game(GAME).test_configurations()[index]
    assert playout_digest(GAME, players, options, seed) == GOLDEN[(index, seed)]


@pytest.mark.parametrize(("index", "seed"), CASES)
def test_golden_words(index: int, seed: int) -> None:
    players, options = regalia.get_game(GAME).test_configurations()[index]
    assert words_digest(players, options, seed) == GOLDEN_WORDS[(index, seed)]


def test_cases_cover_every_configuration() -> None:
    configs = regalia.get_game(GAME).test_configurations()
    assert len(configs) == 11
    assert {p for p, _ in configs} == {3, 4, 5, 6}
    assert any(o.get("roles") and o.get("special_actions") for _, o in configs)


@pytest.mark.parametrize("index", [4, 5, 6, 7])
def test_a_clone_plays_on_like_the_original(index: int) -> None:
    """A clone taken mid-game and the original, played on with the same choices, stay identical
    (``clone()`` copies every mutable field: nothing is shared between the two)."""
    players, options = regalia.get_game(GAME).test_configurations()[index]
    for seed in SEEDS:
        state = regalia.make(GAME, players=players, seed=seed, **options)
        rng = random.Random(seed)
        copies = []
        while not state.is_terminal:
            if len(state.history) % 11 == 5:
                copies.append((state.clone(), random.Random(len(state.history)), len(state.history)))
            state.apply(rng.choice(state.legal_actions()))
        for copy, crng, at in copies[:5]:
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
    print("GOLDEN: dict[tuple[int, int], str] = {")
    for i, (p, o) in enumerate(configs):
        for s in SEEDS:
            print(f'    ({i}, {s}): "{playout_digest(GAME, p, o, s)}",')
    print("}")
    print("GOLDEN_WORDS: dict[tuple[int, int], str] = {")
    for i, (p, o) in enumerate(configs):
        for s in SEEDS:
            print(f'    ({i}, {s}): "{words_digest(p, o, s)}",')
    print("}")
