"""Golden bot choices: the bots decide exactly as before the speed work of issue 23.

The heuristic bots are the search's model of every later decision, so issue 23 made them (and the
search) faster; it must not change a single choice. For every option set of every game's
``test_configurations()`` and three seeds, a game is played in which, at every decision, the
heuristic bot of the seat to act chooses (with one random generator shared by all seats, as a
tournament's bots each have theirs) and that choice is digested — the step, the seat, the
action's text and id; seven moves in ten play the bot's choice and the others a random legal
action, so the bots are asked in positions their own play would not reach. For ``ismcts`` (and
King's Family's ``search``), positions of those games are searched at small rollout budgets and
the action, the rollouts made and the estimate are digested: the search draws its worlds and
rollout seeds from the same random generator in the same order, and scores them the same way.

The digests were recorded on commit 825516d, before any change of issue 23; they pass on the
pure and on the compiled (mypyc) build. King's Blood's search digests were recorded again when
rules 1.1 (ruling KB-T4b, issue 27) met issue 23: the rollouts play under the new rule, so six of
its eight option sets search to other estimates; its heuristic digests did not change. Regenerate (only for an intended change of a bot), from the
repository root: ``python -m tests.core.test_bot_choices_golden``.
"""

from __future__ import annotations

import hashlib
import random
from typing import Any

import pytest

import regalia
from regalia.bots import InfoSet, make_bot
from regalia.core.state import State

SEEDS = (3, 4, 5)
MAX_STEPS = 400
"""A recorded game stops after this many actions."""


def _cases() -> list[tuple[str, int]]:
    """``(game, index in test_configurations())`` for every option set of every game."""
    return [
        (name, i) for name in regalia.game_names() for i in range(len(regalia.get_game(name).test_configurations()))
    ]


def _play(game: str, players: int, options: dict[str, Any], seed: int, lines: list[str]) -> list[State]:
    """Play one recorded game (see the module docstring), append its lines; return the positions
    of every fifth decision with at least two legal actions (for the search)."""
    state = regalia.make(game, players=players, seed=seed, **options)
    bots = [make_bot("heuristic", game) for _ in range(players)]
    rng = random.Random(seed)
    mix = random.Random(seed * 31 + 7)
    positions: list[State] = []
    step = 0
    while not state.is_terminal and step < MAX_STEPS:
        seat = state.current_player
        assert seat is not None
        legal = state.legal_actions()
        if len(legal) > 1 and step % 5 == 0:
            positions.append(state.clone())
        action = bots[seat].choose(InfoSet(state, seat, rng))
        assert action in legal
        lines.append(f"{step} {seat} {action} {state.action_id(action)}")
        state.apply(action if mix.random() < 0.7 else mix.choice(legal))
        step += 1
    return positions


def heuristic_digest(game: str, index: int) -> tuple[str, list[State]]:
    """The digest of the heuristic bots' choices in the recorded games of one option set, and
    positions of those games for the search."""
    players, options = regalia.get_game(game).test_configurations()[index]
    lines: list[str] = []
    positions: list[State] = []
    for seed in SEEDS:
        positions += _play(game, players, options, seed, lines)
    return hashlib.sha256("\n".join(lines).encode()).hexdigest(), positions


def search_digest(game: str, positions: list[State]) -> str:
    """The digest of ``ismcts`` choices (24 rollouts with the heuristic policy, 12 with the random
    one; King's Family also its ``search`` bot at 2 worlds a round) on at most six positions."""
    lines: list[str] = []
    specs = ["ismcts:24", "ismcts:12"] + (["search:2"] if game == "kings-family" else [])
    for i, state in enumerate(positions[:6]):
        seat = state.current_player
        assert seat is not None
        for spec in specs:
            bot = make_bot(spec, game)
            if spec == "ismcts:12":
                bot = type(bot)("12", policy="random")
            action = bot.choose(InfoSet(state, seat, random.Random(1000 + i)))
            made = getattr(bot, "last_iterations", None)
            lines.append(f"{i} {spec} {action} {made} {getattr(bot, 'last_estimate', None)!r}")
    return hashlib.sha256("\n".join(lines).encode()).hexdigest()


# (game, config index) -> (heuristic digest, search digest), recorded on 825516d.
GOLDEN: dict[tuple[str, int], tuple[str, str]] = {
    ("blood-and-fortune", 0): (
        "2c9a386b7e58149e723d95ccf4fe847b8e12d56785fb3f8087f01e68d626631e",
        "a64a680478b58f8888542e0c59961dbdf51e8a5fc631eed5e686f393097b8843",
    ),
    ("blood-and-fortune", 1): (
        "f81b62557c6d1aeac63083e8fa1767dcea1797eac018dafbdff03025fcf604b7",
        "67f93721a25f58a0b369e24e1600c6f627cdfead927368bbf48657ac1fd86eca",
    ),
    ("blood-and-fortune", 2): (
        "1a066650eb27c167830c8dd0b98c470c001d1167c371193fd3c09b1017777c12",
        "e41f05170fac78bd2e1c3b67cb65472d8e3bb5c327f52b4b38ae1932289def6e",
    ),
    ("blood-and-fortune", 3): (
        "d484b127405f7c880e7a5509c97c42700a9a1f7c04e52278a10943bef2a0bcce",
        "2793bf0169cc951093a176ad347f8ab6b63263f112fb48248a173bc09495f04a",
    ),
    ("blood-and-fortune", 4): (
        "cd7dc7d860d334e8b4cbf992ac4f8df97f5f3d78ef2a756f45bcc28fd74ef0aa",
        "74f94a2da1b06c1a9e0d5dc1f3b42c38be3d39b91f4554e373c0c85da588f70e",
    ),
    ("blood-and-fortune", 5): (
        "a5623090f418f5253a660ff58c622d8288e68d38c8802dbf073b16faf0b41e1d",
        "fc239b3189946806b57eacc2dfa0f463485ff302bbfb694568922b3c4bb41db5",
    ),
    ("blood-and-fortune", 6): (
        "24671e13ac4138310557feef5e6bb119474cb517b8cd305981e5729682d6b23c",
        "9e8d633ae36d606cedcb66eed68ff9860cd09008734bf1a699cfe4b78ba6ccec",
    ),
    ("blood-and-fortune", 7): (
        "4f87fd50267e864f33bc9f83797a0f9b4fa210c4b608ccba9625f81858421e85",
        "cc2f35b52aa1224a1918542b2033b128889f5f406cd49d53de6705cc02717deb",
    ),
    ("blood-and-fortune", 8): (
        "1bb83920fece3a5c53b8c5895b8ba1ce46f11e9784f89605cc94136187973d10",
        "7388fd67fe440611932817454440240f084880c5b15bb879f5d49056e387f54c",
    ),
    ("blood-and-fortune", 9): (
        "2793bb4d7c9f9dafe14b4747f016ad7a68e095f3b2065a2c973e48d7f38bce6e",
        "1fab70e0201c925a302ac585017d3ad894702cfc64b4119bf30d5684b5f65cac",
    ),
    ("blood-and-fortune", 10): (
        "a2229cdd219d4664c779c548d0a2f158d69a3ae7a1925717730d3dffea267fc2",
        "05203bad366cee6e53a50d440d85b1cebebfec924342a4559551c49cbe4cc4fa",
    ),
    ("kingdom", 0): (
        "6a021b54c82e07a787a43cedcba8ef096bce3ddb4e92873aaf0144f0373d6df0",
        "030eae9276f925ad77c3d49540552c2a433f29948b300587cda342ee79907d66",
    ),
    ("kingdom", 1): (
        "c598ee55b09b89423d8e3f7b94067f7675785e3b080ba98f1aaf413dc05aef12",
        "685f9a89924e9a4bb073cabb43116b3bf83719608f534ceda24461cce25b108f",
    ),
    ("kingdom", 2): (
        "8667c7f02622b135a6cd4c0a859c9a8903c94b165488f8a4c7adcb7d6b7b488b",
        "ef23886416fd77b9c3cf14a70ef756ee14ba7a4ea296ba419a6a189a7dfba955",
    ),
    ("kingdom", 3): (
        "b613b14256b012ab996fee34160d86d859d6e09ed5de8b6d4bcc186519ed4c2c",
        "4fcfcd8242aa5ddc76f33f8f73b59be145672e57865996458c15bc9c66d1e95d",
    ),
    ("kingdom", 4): (
        "32e74eee0187670d98e43eff44d129356b80c5391f5c4fd8cd18cf49eeac28cd",
        "bcaed39d6e1d2c321e22e4dabf523cc704a30e3641e56c87f5938c1440111557",
    ),
    ("kings-blood", 0): (
        "dcdb5e9de84460842f701e331d0c3306c6bf31edd740f2841c4545842da23085",
        "23c5a30224933aef9d64defb4b160aa71e073c81e93ea8565642041a216adbe6",
    ),
    ("kings-blood", 1): (
        "d34db7fde860bc9b54ab36470ef36684cb4c08de6f42bb48af5a798783fc0fbd",
        "f1342cb359f1d6859d77b447cdbf907980eb924f351fdfbac872ba4dcb94bf58",
    ),
    ("kings-blood", 2): (
        "b4a00618847a231bfc21d39f3b6e4a766a88eb5fd42c4024d5123ad66cc9c3c9",
        "e17f9763b03ff8272358b1f4aae022650326b7c0cc7d75de761bebc1621bf11e",
    ),
    ("kings-blood", 3): (
        "85cc8d2de0a81a92daa320c1dafe0ce477949e0c066f82c7ab65c041d2b2e2c8",
        "f322fd2385a1c712471b9d258ce58f69b6931ccd7bda25d625be6aef6153a380",
    ),
    ("kings-blood", 4): (
        "f533a57669d5555ba6e338984cddc6363d11ced5ae2a494b2782410b36ddff91",
        "079bf0b1c295d5be3a1b9e5ba31682e853e075e4d5a8d6d178a29e53f1dfa3a8",
    ),
    ("kings-blood", 5): (
        "df126d84195e2c2943f0df669fcc8fc560a7353b829f91b7ddbc390ee23f5292",
        "5597dc70ed9ac34a1631b45ffe4b1d2d3f14b6919b91d3504dc362502b86fe0e",
    ),
    ("kings-blood", 6): (
        "c2524884f8e890aa4a0a94865cb7cc680067e1ad4c5cce7008b4a784fd3ac83a",
        "34f497a63804652a9eec957bc3fe4989594f7d7d39924c31c16eccc4db0e8925",
    ),
    ("kings-blood", 7): (
        "0c2991fc53c1d876b2899a1783087aeeeb49385df1fd5194593b27d4cac3f603",
        "5364a91b5c716f83139fc89b28f591e200b266e876fce4dc598e6072f89ab6ee",
    ),
    ("kings-family", 0): (
        "60a274552dbf0b0be2ca2e4c1e5aa1d9c7694c9937049895b98aa477971a4048",
        "3b8f3365c90113e04956f5822446b31a6940caa35d57740a8fea5d7576e042ba",
    ),
    ("kings-family", 1): (
        "fdcfb22475edc5bfea1a902307ad3d1bc403bccef31a2f312bdf2f98670519e7",
        "3ca61c055ef71925da67226e005846fe5d7bfef1a89233f47ec2c177c52aafd8",
    ),
    ("kings-family", 2): (
        "4a8263d969c07ed4872fac2fefdb89a38a0cc9fb4f56eed73ccf5fd4e9e5e54b",
        "b7adeca77af67a8a0fd96fcba2e13701f6fb0d82a42743aa4dd3036fa0e9263a",
    ),
    ("kingship", 0): (
        "ed98e4f829d4aa2f5ceb431000699acca55160c44f05551c915d54e0002cfc49",
        "99967ccdff4391daceea460f17f42f1ef71c813dc290d6bde871df2be1c05d3d",
    ),
    ("kingship", 1): (
        "4f9ab3e4f820e44a521fdb6f591cbad507c7db8e7f09c382f85870fb2b842320",
        "2e4b132915dc002422e5a8197c4b571efbe29bdd7bd93922025c148f72edf768",
    ),
    ("kingship", 2): (
        "6ad28be9f0c1385bed4cbeac7034dd30ecd23143d49a4c367b19c1a18adbe033",
        "a7b61f5835e789d70ab6f9b596c4bed986cfe5c78e0361a4d8ab5bf657bafab9",
    ),
    ("kingship", 3): (
        "4cd90ac35968ae5ed286aefdb79724b9ce0591e53d58275f16b985399c42bb59",
        "a7b61f5835e789d70ab6f9b596c4bed986cfe5c78e0361a4d8ab5bf657bafab9",
    ),
    ("kingship", 4): (
        "89d2c2c641283b92008f83dbf0b84a5f127e4b3d4e1d1a43df8ee999c1edb968",
        "60880b93d1390deedb9146e5afe1ed4e17c096ed6d555ebdbef1e93ea5c981de",
    ),
    ("kingship", 5): (
        "a469e8563dc3bfae7fbb3e2794b50863a55266c822a51d9794d5c415efcd8064",
        "60880b93d1390deedb9146e5afe1ed4e17c096ed6d555ebdbef1e93ea5c981de",
    ),
}


@pytest.mark.parametrize(("game", "index"), _cases())
def test_bots_choose_as_recorded_before_the_speed_work(game: str, index: int) -> None:
    heuristic, positions = heuristic_digest(game, index)
    recorded = GOLDEN[(game, index)]
    assert heuristic == recorded[0], "a heuristic bot changed its choices"
    assert search_digest(game, positions) == recorded[1], "the search changed its choices"


def test_every_option_set_is_recorded() -> None:
    assert sorted(GOLDEN) == sorted(_cases())


if __name__ == "__main__":
    for name, i in _cases():
        h, pos = heuristic_digest(name, i)
        s = search_digest(name, pos)
        print(f'    ("{name}", {i}): ("{h}", "{s}"),')
