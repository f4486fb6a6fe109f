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
a7d4bb1) and recorded again at the merge of issue 23, whose determinizations seed their random
generator from their own ``seed`` when first used: here the Blood & Fortune determinization
redraws ``seed`` after marking the copy, so its generator is now ``Random(seed)`` of the seed it
keeps (checked: the digested items differ only in the determinizations' generator states). The
compiled build (``regalia.compiled()``) and the pure one must both give them.
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

# (config index in test_configurations(), seed) -> digest of playout_digest
GOLDEN: dict[tuple[int, int], str] = {
    (0, 1): "8cf378c7dd1bd80b229ec5b8fcf0a5d8a7c8ce5723ebd2b9a80c10dc5247a710",
    (0, 2): "8ee7d4048f66b77420196d57ba169d50dc8061db733e909b8ff0429bab8526f4",
    (0, 3): "6d4545d7cf191eb1252f7f004e83953187323d676043d05c0ee700821472557b",
    (0, 4): "f291d1295ac6f4414d133fb8926148aa55b7506b4c5ce3f758357ca002867fbc",
    (0, 5): "445094e5e13565167f641c1bbcc186fb3e83a7a992823a48ccc6ffc85a02e27e",
    (1, 1): "a23b0cb3ee37aaf9523aef4d9b310c5604c6443b2469cfdde2e5f726ea89a041",
    (1, 2): "05bb7b180694e3d2c2fb70b12f7ee04accfc94906ed3b0633c943eda224db463",
    (1, 3): "55337117cf40c2768af7ef66e4278766d2b4ed841a9431a07cc3424ca478a5d1",
    (1, 4): "95ea945253747704bd19de373ae4751cafd694912e9396f6c39926b419e2325e",
    (1, 5): "d217c238ec499c8ccbad078d238cc1f720eeb34a72f1def1b0073323150bda8a",
    (2, 1): "ce74989f599f6450935391ef0afb07e3976620ee72d1b82db934c4ed6a5360c5",
    (2, 2): "e2d1e10ce6060c5150b187434a86ee19239c3b9f340250bb7561242f31e90711",
    (2, 3): "d013ed37c9f7f6e17c67506fe5d230603077450a078a4a329b102bbcbc018bff",
    (2, 4): "d6d37c8f7fa95109067770ed5b9650b414f7fe2bdcfafee26dc103a9b5dd090c",
    (2, 5): "d07fc0eacff01bdde416e5782634145c04f8bb9f384459de0cd8e8c70f27b652",
    (3, 1): "cc9c7bd98f0ec205c6eaba7706b9527f9755881a661ecb31c7722fdf2ab5d463",
    (3, 2): "b45d054163f661dbcdb648ca189aea6263052e66f4196b7b1be5a2d1cf4d87c1",
    (3, 3): "339c9d10b09a271c3c8c4377fee6fd8daed3cbf31a813a6589674905402da837",
    (3, 4): "a3d1371700cc34d04dffd9e7e2bec9d3032b4e0df0b1768fce099de611fc8071",
    (3, 5): "1e7d7828e5db41483f8ca3cd46315d3f5144041ac054e5b2d861c8e529cc822d",
    (4, 1): "117578d34e822bf864a2c214fd9ec868389b3700c63d6cfbeab33f1df0b34e22",
    (4, 2): "fe666b02546553d5b238a5c4ac779c0fbafb350d9e71e2d8a3a6d4a213ef0afd",
    (4, 3): "231b58881d1019ba4ca62a9a73c4513babc0e085a0da8ef004344e476aa4968f",
    (4, 4): "1ef32b6a33abd60808fc943d2d60009c1618ce251c88cd89f65e4baeda61b383",
    (4, 5): "5c41ab7f42f0b45a46f68eca96d1e74c6de2407e662f6cd38016acd558b21114",
    (5, 1): "c2ff84e2e1d17f0c968ba916af5840a3f0051bf4ea21246478e79b0fbe5eaea9",
    (5, 2): "58bb57b2b2bdd22cb68c27d7b19c345dc5dad6aba2aa5aa777bbcc5d7c6a7fca",
    (5, 3): "08f2343590ead5459fb547a8ddcfeefef4eadd865374c6cc9ae454c24d726ce4",
    (5, 4): "8f5084fdb43f117c779bc0325ac10cd01be55d0128a29249e69e08c3306d3b5f",
    (5, 5): "6172da556a4e9804d9748960493dabc0bb4ce17e53735978cdd02b2e06064895",
    (6, 1): "20de3a68313813f20405a114af9d9f0008038c1219248c96c1c3b3135bd3b6b8",
    (6, 2): "44d1472d3e2a9efd596184851820934a03d2ad1ed766ad7c256e6745961b3154",
    (6, 3): "20ec06c5bcc03931ddc6805508bee19ced348954781bd9840b613d85dd4b8b2e",
    (6, 4): "c8da054e16551b5966a2468dd21090658d4c866445074d6f8b313625a633067d",
    (6, 5): "dc70662d387bc74a8d04a38c2a44d32e3cf0cae8da4989148f2bd34e4be27c3e",
    (7, 1): "00776ee95d59a289b134d7f891da3ac90be961dbd193115e947b8ac43e94487d",
    (7, 2): "f184b3254ab028c37d1411f84d40511c0fc9cdddc161a1c05285482ca954af5d",
    (7, 3): "d7f1b8d9faa599332e992a268d66e5b7d156f8abb2c4212f1d13c30c1855567a",
    (7, 4): "aad0e7f767c6d4f6c811fc2a84ca676b541c6410a0e6edc3455e8394c3897345",
    (7, 5): "bae7e43389b573d28e4f9b3e8a88166dedaa7f8634aba52167df3cc2fbf92674",
    (8, 1): "a2bb82bbfa422851871989a51bb001d61a9119a22eea89a453a2a6bf8f241e37",
    (8, 2): "4a759d93e85ce0d88b620bb57b124adbaa8a0711d3da357bb2c6b964c9b9d8ec",
    (8, 3): "353c95afce905916ec0e0acec61da769f12db8e6d96cd10c9aa589fe26e4da83",
    (8, 4): "f18eee41c339eebe1ab07108eb45341bf7773de2dd3c20aaf37774ec5fa20209",
    (8, 5): "c193bb31fde4167ba0d6597e10f73ac2711358d95656565a13d46a78ad853930",
    (9, 1): "ba8b47190e64e0bb1cb8a80f672e232fae447728414a5d2e6a5c655b2f009123",
    (9, 2): "519426b3d75cd48c1f79b365acd30230e5fcb2df82ca97dc83bfb0707c71ea40",
    (9, 3): "435b5e7a6da2cb3ea84f0c7d67e3e831d20cdf90b56ccda9c853d458dc758eab",
    (9, 4): "e021ff93e9db4ad1491402b9dec7f9eb997d720b73ca1f6b6e369205550e4be9",
    (9, 5): "4a17af6c66f1a6c7dd3fb57f94d7146d8cda47eae6b88b0e157147d6ab161027",
    (10, 1): "8422b2510c37946c4de5c5b2e3a792f44b8792790f555b0208a8d78babf50953",
    (10, 2): "491c099e6954556ca8907b8e9c0ce7ed8f5693d4f1adf441244f6ca7469ad21b",
    (10, 3): "5379ba201f25f37879ba8cff3b04737de9a30098735ef6e01f0f1fc0db47c043",
    (10, 4): "8c69dd90be421f87ae70d186f0d5697c3f8d1009f3c55244d2a779d6e8ba34d6",
    (10, 5): "8bbce40c210d7469318c78abc8882424fdea8e20fda212c4e2a2d9706bd17a28",
}

# (config index, seed) -> digest of words_digest
GOLDEN_WORDS: dict[tuple[int, int], str] = {
    (0, 1): "4fbf0874a23af1d23d9e74137d9d9767b529de59794f7a0e222d4288520ec86d",
    (0, 2): "948dfedab61e952a9fde2f8593de67a3934e5594e60a069330e45d764221500c",
    (0, 3): "265753c974f81999a88a5d69f45277402fecf295ac3df70a1db41c96f1e79d45",
    (0, 4): "cb8e54e5e2f716e01b69e7cdd74eb51c8b8f3e9fd2b8f1c224e31fbba20dddd4",
    (0, 5): "b74bfe1a8e339ee207974a464ff09b4dba7cfc87e9669442c6197ee65e4e4c60",
    (1, 1): "db0c496dd48a83c2590cbdc44a820b80f49abcb63047edbe73557a41412dbee9",
    (1, 2): "89fbdd49529ea4b9e0427002229fc5da9c9cdc2500e64b7cdf6c8552995856df",
    (1, 3): "6ca88a7df402ff3e1e7d45c813c6f54ab9b0c748e95f431d46a93e86ee583cf4",
    (1, 4): "27e808b9b8e67efb78716ed1179f2d8b9684f9484e7392fc880d0965d5f0a029",
    (1, 5): "6a96857aab09bd7e754b576fb1125efce247ff29be81bb3df4c8f787c86f6c53",
    (2, 1): "05f8e1bd83cb8ef15c7d0ef5598344e97108ebe90cfd50ed3e8edb547b4f2ee6",
    (2, 2): "215a87ff194c8c2a0071feb7372f1c1711913ebcf0f180d72f5a08f116d17f56",
    (2, 3): "82969c6e0a1c9ae3dab251e9ffc7bcf227ae171067635d936c35b79258667930",
    (2, 4): "590e236d1514a200f0a0de4f9a5dbe5acde1ec0e08022fea26581d34544bf580",
    (2, 5): "3d97c07b888445ed3ab7cb54a8787faa2b436248d6b60332f4a172729e914cbd",
    (3, 1): "bf6cc04dc37bf8a62c5af41b6084e340bdbb32a0ecd06d59d64f5b71499ebcb4",
    (3, 2): "639080863d0e858187a59a5f1c0ddd485c5b4d52387986403e0949cd331b1999",
    (3, 3): "bb5f0e6e177074a1a0ede4d00d245d8cc2e01c0bf7dd194f30332a59ab4a83d9",
    (3, 4): "334e95f584afa46145245aaf667ee910e5d365f24715367c1cc41502052c5262",
    (3, 5): "3cf86a58c23918b17a055292c9df3c16868d9ec517cf23163aad223364bff0a8",
    (4, 1): "768993bc98223bf0bc1a6dc0c7566a336953c5eeb0db67c8941578c440b91c0f",
    (4, 2): "be77ab42073639a1507c1a3727be65f4cc3ee2a5e7beeb63c545c605d31df26e",
    (4, 3): "ff7393bffd2a3cba7b8b4073ad5677c99c8ba309ed8d7d811ea0764753aa9c0e",
    (4, 4): "06e4b29ece70d2fa277c7b2255300520dde3ce896450ce2fb286188fcfc122b1",
    (4, 5): "7435b5f118a4b3c998817ea7f4bb14e32e29f7c98d351bb81ca87a080e546497",
    (5, 1): "b861802a269a1858763478bf397e5ac9a30eb605b0955db10d24d5b669c59111",
    (5, 2): "007e50ad2bd6649c2fb29db99cf1212e806d5442671d35308e7dee0fc7671239",
    (5, 3): "2e0a77253abaa3638bd81b2a49b3923aa0dc53d1b104f5e57fa36af1758ca861",
    (5, 4): "6e1616c6c1b2d7e5c65c7291d9424462d4b8dfa1c1d5fe2f1fa03f683cc40010",
    (5, 5): "57fe2ec97045ecf367384b954a7da76201f6b3ecd58c07266c888c963d56ca2c",
    (6, 1): "21edfa271079aea081cd39df6e97db498cd9ec72f41aba2e17ee4383708fce99",
    (6, 2): "1491764dbd5df9cf41640be18837175022d394556dd6b1704e4fc62c70a661e4",
    (6, 3): "14ce296cb6963efdc90cee5159ee35da7dfcae6bc1b7326aa7566dcec75b5b38",
    (6, 4): "34e7d7b1f036e322f662d0a79b6777859fd837da69e03498405be7b674d44d68",
    (6, 5): "22dea47d47d90599cec2fffcaaaf40a3429e7e8369c0c07fb1e69ef278fbad58",
    (7, 1): "ead4cf4bbf09019edc2724513b90d01f2cf5616da875860ca009d698cef8ddae",
    (7, 2): "885e421f9c2ea016122b43bb9166aaafb4102bd78eae08ef3e36a5bde4ee8a45",
    (7, 3): "51a2f2265c74ae64d5188e8b6cebac00b4117cb2733a22e7fa4484432d987b53",
    (7, 4): "2bd472ea2fe58923c4f5463a42bb69ebe734f86f8750cf954439280ca23579cf",
    (7, 5): "77bbe8ba99e96e284fe4bd53fe37a103f25702a3b4493a810a5c82d0b97ce9b9",
    (8, 1): "fbb9b85f0eadbfd6741983be854f18390e1c6bc57f17cd87a277b2813129b9bb",
    (8, 2): "7bc2a04d35c3ce8e804347b35b47b43da7360548ab615e41b6038e34286fcc83",
    (8, 3): "758fe9615b071852e0a49f97d5a96b34b18ed4dc1f79b91d91ab3f2553e8c029",
    (8, 4): "600e1f2848a838d100245d8d7a1e0921e67561f5d32e94dafc862240bd9b24f6",
    (8, 5): "dc03a7f7b3430a3cabcc83afe15c3b77ad27d9044418b5bbad419d506589ee9e",
    (9, 1): "782a324124af38523946ce939d2392b82a7aa2892fa1244f1c419bde4e9e1901",
    (9, 2): "9dc107524d0a59a8bc1c02064e780cc494a735a2b197ab807f6622ea42e7f44b",
    (9, 3): "66a277345682770a96df873b104e322b2f5034faec409069a98a2807610a2758",
    (9, 4): "bb7757fb8cf383ff7686e4cb86d40d16c90c16ba214b89e7f3c2c148f107ad35",
    (9, 5): "210fca7de30a85b1ac3ed94792ae9d5a71cb75376349a8ced894dcb5dc23172b",
    (10, 1): "e984b5637dff00aeb602bca57635e88c0488f2764dacdb9e25a43c9f8cf5600d",
    (10, 2): "00dd377591e6e4ccfa47d3a8ad2124a51e9a1746ee4da1782679701c69389853",
    (10, 3): "771ca5b5eb1380a7d59e08271f7f567daf0360bbe6eed84edf7757b61daaabf5",
    (10, 4): "416a8d18b462826fac5742174204b0d0d62775634151b73fd7235034d1a8d384",
    (10, 5): "90e8d6b4921617962582a636e91806679e55b53b10365503e4f4ddec1ab52d87",
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
