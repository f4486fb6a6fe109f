"""Throughput of every registered game, beside OpenSpiel's crazy_eights and RLCard's UNO.

Prints, per game: random-playout games/s and steps/s, ``clone()``/s, ``determinize()``/s, the
bytes held by one state and by one clone (tracemalloc), and optionally the peak RSS of a
1,000-game ``regalia simulate`` (``--rss``). When ``open_spiel`` and ``rlcard`` are installed
(``pip install -e ".[bench]"``) their random playouts are measured in the same run, and the
ratios of each regalia game's steps/s to theirs are printed. Every rate is per second of this
process's CPU time (``time.process_time``).

With ``--adapters`` (needs ``pip install -e ".[rl]"``) it also measures, per game, random-playout
steps/s through each research adapter beside the raw engine (:func:`bench_adapters`): OpenSpiel
(actions only, and with the observation tensor of the player to act), PettingZoo (``last()`` +
``step()``), Gymnasium (1-player games) and the language-model text interface
(``observation_text`` + ``parse_reply``), and the cost of one observation (:func:`bench_encoders`:
``view`` alone, the game's own encoder and the generic fallback encoder, µs per view). ``--test-game`` registers the core tests' toy game
(``tests/core/toygame.py``, and its 1-player variant ``toy-solo`` from ``tests/rl/conftest.py``) so the adapters can be measured before any real game is installed.

Builds: the rules core may be compiled with mypyc (``REGALIA_MYPYC=1 pip install -e .``). The
benchmark says which build it measures, and with a compiled build present (``--build both``, the
default) it also measures the pure-Python modules in the same run, in a subprocess with
``REGALIA_PURE=1``, and prints both columns.

Usage: ``python benchmarks/throughput.py [--seconds 3] [--players 4] [--build both|current] [--rss] [--adapters] [--json out.json]``

Figures measured with it, beside the peers and against the targets of each speed issue: docs/rl.md,
"Throughput" (issue 35's: ``--adapters --seconds 2 --build both`` on the compiled build, with the
build from before the change run right after on the same machine).
"""

from __future__ import annotations

import argparse
import gc
import json
import os
import random
import subprocess
import sys
import time
import tracemalloc
from collections.abc import Callable
from typing import Any

import regalia


def _timed(fn: Callable[[], int], seconds: float) -> tuple[float, int]:
    """Run ``fn`` (returns a count of units done) until ``seconds`` of this process's CPU time
    have passed. CPU time, not the wall clock: on a shared machine other work would otherwise
    slow whichever measurement it overlapped, and the ratios between games would drift."""
    start = time.process_time()
    units = 0
    calls = 0
    while True:
        units += fn()
        calls += 1
        elapsed = time.process_time() - start
        if elapsed >= seconds:
            return elapsed, units if units else calls


def players_for(name: str, wanted: int) -> int:
    g = regalia.get_game(name)
    return max(g.min_players, min(g.max_players, wanted))


def bench_game(name: str, players: int, seconds: float) -> dict[str, Any]:
    g = regalia.get_game(name)
    options: dict[str, Any] = {}
    configs = [o for p, o in g.test_configurations() if p == players]
    if configs:  # use the conformance options (e.g. max_turns) so random games end
        options = {k: v for k, v in configs[0].items() if k == "max_turns"}
    seed = [0]
    steps_total = [0]
    games_total = [0]

    def one_game() -> int:
        seed[0] += 1
        state = regalia.make(name, players=players, seed=seed[0], **options)
        rng = random.Random(seed[0])
        n = 0
        while not state.is_terminal:
            state.apply(rng.choice(state.legal_actions()))
            n += 1
        steps_total[0] += n
        games_total[0] += 1
        return 1

    elapsed, _ = _timed(one_game, seconds)
    out: dict[str, Any] = {
        "game": name,
        "players": players,
        "games_per_s": games_total[0] / elapsed,
        "steps_per_s": steps_total[0] / elapsed,
        "mean_steps": steps_total[0] / max(1, games_total[0]),
    }
    # a mid-game state for clone/determinize
    state = regalia.make(name, players=players, seed=12345, **options)
    rng = random.Random(1)
    for _ in range(40):
        if state.is_terminal:
            break
        state.apply(rng.choice(state.legal_actions()))

    def clones() -> int:
        for _ in range(100):
            state.clone()
        return 100

    def dets() -> int:
        seat = state.current_player if state.current_player is not None else 0
        for _ in range(100):
            state.determinize(seat, rng)
        return 100

    t, n = _timed(clones, seconds / 3)
    out["clones_per_s"] = n / t
    t, n = _timed(dets, seconds / 3)
    out["determinize_per_s"] = n / t
    gc.collect()
    tracemalloc.start()
    base = tracemalloc.get_traced_memory()[0]
    fresh = regalia.make(name, players=players, seed=99, **options)
    for _ in range(40):
        if fresh.is_terminal:
            break
        fresh.apply(random.Random(2).choice(fresh.legal_actions()))
    out["state_bytes"] = tracemalloc.get_traced_memory()[0] - base
    before = tracemalloc.get_traced_memory()[0]
    copy = fresh.clone()
    out["clone_bytes"] = tracemalloc.get_traced_memory()[0] - before
    tracemalloc.stop()
    del copy
    return out


def rss_of_simulate(name: str, players: int, games: int = 1000) -> float:
    """Peak RSS in MiB of ``regalia simulate NAME --games 1000`` in its own child process."""
    proc = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "regalia.cli.main",
            "simulate",
            name,
            "--games",
            str(games),
            "--players",
            str(players),
            "--json",
        ],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    _, status, usage = os.wait4(proc.pid, 0)
    proc.returncode = os.waitstatus_to_exitcode(status)
    if proc.returncode != 0:
        raise RuntimeError(f"simulate {name} failed with exit code {proc.returncode}")
    return usage.ru_maxrss / 1024


def bench_openspiel(players: int, seconds: float) -> dict[str, Any] | None:
    try:
        import pyspiel  # type: ignore[import-not-found]
    except ImportError:
        return None
    game = pyspiel.load_game("crazy_eights", {"players": players})
    steps = [0]
    rng = random.Random(0)

    def one() -> int:
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                outcomes = state.chance_outcomes()
                state.apply_action(rng.choice(outcomes)[0])
            else:
                state.apply_action(rng.choice(state.legal_actions()))
            steps[0] += 1
        return 1

    elapsed, n = _timed(one, seconds)
    return {
        "game": "openspiel:crazy_eights",
        "players": players,
        "games_per_s": n / elapsed,
        "steps_per_s": steps[0] / elapsed,
    }


def bench_rlcard(players: int, seconds: float) -> dict[str, Any] | None:
    try:
        from rlcard.games.uno.game import UnoGame  # type: ignore[import-not-found]
    except ImportError:
        return None
    steps = [0]
    rng = random.Random(0)

    def one() -> int:
        game = UnoGame(num_players=players)
        game.init_game()
        while not game.is_over():
            game.step(rng.choice(game.get_legal_actions()))
            steps[0] += 1
        return 1

    elapsed, n = _timed(one, seconds)
    return {
        "game": "rlcard:uno (raw game loop)",
        "players": players,
        "games_per_s": n / elapsed,
        "steps_per_s": steps[0] / elapsed,
    }


def bench_encoders(name: str, players: int, seconds: float) -> dict[str, Any]:
    """Microseconds per observation: ``view(seat)`` alone, the game's registered encoder and the
    generic fallback encoder (over the views), and the game's observation writer (straight from
    the state: the fast path), over the states and seats to act along random playouts (seeds 1,
    2, ..., at most 2,000)."""
    from regalia.core.observation import clear, float_buffer
    from regalia.rl.encoders import get_encoder, has_encoder
    from regalia.rl.encoding import fallback_encoder
    from regalia.rl.observe import game_writer

    game = regalia.get_game(name)
    config = game.make_config()
    views: list[tuple[Any, int]] = []
    states: list[Any] = []
    seed = 0
    while len(views) < 2000 and seed < 50:
        seed += 1
        state = regalia.make(name, players=players, seed=seed)
        rng = random.Random(seed)
        n = 0
        while not state.is_terminal and n < 300 and len(views) < 2000:
            seat = state.current_player
            views.append((state.view(seat), seat))
            states.append((state.clone(), seat))
            state.apply(rng.choice(state.legal_action_ids()))
            n += 1

    def per_view(fn: Callable[[Any, int], Any]) -> float:
        def run() -> int:
            for v, s in views:
                fn(v, s)
            return len(views)

        elapsed, count = _timed(run, seconds)
        return 1e6 * elapsed / count

    def view_only() -> float:
        def run() -> int:
            for st, s in states:
                st.view(s)
            return len(states)

        elapsed, count = _timed(run, seconds)
        return 1e6 * elapsed / count

    own = get_encoder(name, players, config)
    fallback = fallback_encoder(name, players, config)
    fast_us = None
    writer = game_writer(name, players, config)
    if writer is not None:
        buf = float_buffer(writer.size)
        size = writer.size

        def fast() -> int:
            for st, s in states:
                clear(buf, 0, size)
                writer.write(st, s, buf, 0)
            return len(states)

        elapsed, count = _timed(fast, seconds)
        fast_us = 1e6 * elapsed / count
    return {
        "game": name,
        "players": players,
        "has_encoder": has_encoder(name),
        "size": own.size,
        "fallback_size": fallback.size,
        "view_us": view_only(),
        "encode_us": per_view(own.encode),
        "fallback_encode_us": per_view(fallback.encode),
        "fast_us": fast_us,
    }


def bench_adapters(name: str, players: int, seconds: float) -> list[dict[str, Any]]:
    """Random-playout steps/s through each adapter, beside the raw engine (same game, same size).

    Rows: ``raw engine`` (``legal_action_ids`` + ``apply(id)``), ``openspiel`` (``legal_actions``
    + ``apply_action``), ``openspiel+obs`` (plus ``observation_tensor`` of the player to act),
    ``pettingzoo`` (``last()`` + ``step()``, i.e. with observation and mask), ``gymnasium``
    (1-player games only) and ``llm text`` (``observation_text`` + ``parse_reply`` of a number).
    Each row has ``steps_per_s`` and ``ratio_vs_raw``.
    """
    from regalia.rl import llm

    rows: list[dict[str, Any]] = []

    def measure(label: str, one_game: Callable[[int], int]) -> None:
        seed = [0]

        def run() -> int:
            seed[0] += 1
            return one_game(seed[0])

        elapsed, steps = _timed(run, seconds)
        rows.append({"game": name, "players": players, "adapter": label, "steps_per_s": steps / elapsed})

    def raw(seed: int) -> int:
        state = regalia.make(name, players=players, seed=seed)
        rng = random.Random(seed)
        n = 0
        while not state.is_terminal and n < 1000:
            state.apply(rng.choice(state.legal_action_ids()))
            n += 1
        return n

    measure("raw engine", raw)
    try:
        from regalia.rl import openspiel as rs

        game = rs.load_game(name, players=players, rng_seed=0)

        def spiel(with_obs: bool) -> Callable[[int], int]:
            def one(seed: int) -> int:
                state = game.new_initial_state()
                rng = random.Random(seed)
                n = 0
                while not state.is_terminal():
                    if with_obs:
                        state.observation_tensor(state.current_player())
                    state.apply_action(rng.choice(state.legal_actions()))
                    n += 1
                return n

            return one

        measure("openspiel", spiel(False))
        measure("openspiel+obs", spiel(True))
    except ImportError:
        pass
    try:
        import numpy as np

        from regalia.rl import pettingzoo as rz

        env = rz.raw_env(name, players=players)

        def pz(seed: int) -> int:
            env.reset(seed=seed)
            rng = random.Random(seed)
            n = 0
            for _agent in env.agent_iter():
                _obs, _r, term, trunc, info = env.last()
                if term or trunc:
                    env.step(None)
                    continue
                env.step(rng.choice(info["legal_actions"]))
                n += 1
            return n

        def pz_mask(seed: int) -> int:
            env.reset(seed=seed)
            rng = np.random.default_rng(seed)
            n = 0
            for _agent in env.agent_iter():
                obs, _r, term, trunc, _i = env.last()
                if term or trunc:
                    env.step(None)
                    continue
                env.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
                n += 1
            return n

        measure("pettingzoo", pz)
        measure("pettingzoo, agent scans the mask", pz_mask)
    except ImportError:
        pass
    g = regalia.get_game(name)
    if g.min_players <= 1 <= g.max_players:
        try:
            import numpy as np

            from regalia.rl.gymnasium import SinglePlayerEnv

            genv = SinglePlayerEnv(name)

            def gym_one(seed: int) -> int:
                _obs, info = genv.reset(seed=seed)
                rng = random.Random(seed)
                n = 0
                done = False
                while not done:
                    _obs, _r, term, trunc, info = genv.step(rng.choice(info["legal_actions"]))
                    done = term or trunc
                    n += 1
                return n

            measure("gymnasium", gym_one)
        except ImportError:
            pass

    def text(seed: int) -> int:
        state = regalia.make(name, players=players, seed=seed)
        rng = random.Random(seed)
        n = 0
        while not state.is_terminal and n < 1000:
            seat = state.current_player
            assert seat is not None
            llm.observation_text(state, seat)
            state.apply(llm.parse_reply(state, str(rng.randint(1, len(state.legal_actions())))))
            n += 1
        return n

    measure("llm text", text)
    base = rows[0]["steps_per_s"]
    for r in rows:
        r["ratio_vs_raw"] = r["steps_per_s"] / base
    return rows


def bench_env_refs(players: int, seconds: float) -> list[dict[str, Any]]:
    """The learners' references, random legal actions: RLCard's UNO **env** (``env.step`` returns
    the next state with its observation and legal actions) and OpenSpiel's C++ ``crazy_eights``
    with ``observation_tensor()`` of the player to act read before every move. Steps count every
    state transition, as :func:`bench_openspiel` does (crazy_eights: chance nodes included, about
    52 of the 136 steps of a 4-player game); ``decisions_per_s`` counts only the players' moves."""
    rows: list[dict[str, Any]] = []
    try:
        import rlcard  # type: ignore[import-not-found]

        env = rlcard.make("uno", config={"game_num_players": players, "seed": 0})
        rng = random.Random(0)
        steps = [0]

        def uno() -> int:
            state, _pid = env.reset()
            while not env.is_over():
                state, _pid = env.step(rng.choice(list(state["legal_actions"])))
                steps[0] += 1
            return 1

        elapsed, games = _timed(uno, seconds)
        rows.append(
            {
                "game": "rlcard:uno env",
                "players": players,
                "adapter": "RLCard env (state with observation)",
                "games_per_s": games / elapsed,
                "steps_per_s": steps[0] / elapsed,
                "decisions_per_s": steps[0] / elapsed,
            }
        )
    except ImportError:
        pass
    try:
        import pyspiel

        game = pyspiel.load_game("crazy_eights", {"players": players})
        rng = random.Random(0)
        counts = [0, 0]

        def c8() -> int:
            state = game.new_initial_state()
            while not state.is_terminal():
                if state.is_chance_node():
                    state.apply_action(rng.choice(state.chance_outcomes())[0])
                else:
                    state.observation_tensor(state.current_player())
                    state.apply_action(rng.choice(state.legal_actions()))
                    counts[1] += 1
                counts[0] += 1
            return 1

        elapsed, games = _timed(c8, seconds)
        rows.append(
            {
                "game": "openspiel:crazy_eights",
                "players": players,
                "adapter": "C++ + observation_tensor()",
                "games_per_s": games / elapsed,
                "steps_per_s": counts[0] / elapsed,
                "decisions_per_s": counts[1] / elapsed,
            }
        )
    except ImportError:
        pass
    return rows


def bench_vector(name: str, players: int, seconds: float, num_envs: int = 64) -> list[dict[str, Any]]:
    """Steps/s of the batch env (``regalia.rl.vector_env``, ``num_envs`` games, random legal
    actions drawn with ``sample_actions``; every step writes every game's observation and mask),
    with fresh arrays (``copy=True``, the default) and with the env's read-only buffers
    (``copy=False``). A step of ``num_envs`` games counts ``num_envs`` steps."""
    try:
        import numpy as np

        from regalia.rl.vector import VectorEnv
    except ImportError:
        return []
    rows: list[dict[str, Any]] = []
    options: dict[str, Any] = {}
    configs = [o for p, o in regalia.get_game(name).test_configurations() if p == players]
    if configs:
        options = {k: v for k, v in configs[0].items() if k == "max_turns"}
    for copy in (True, False):
        env = VectorEnv(name, num_envs, players=players, copy=copy, **options)
        env.reset(seed=0)
        generator = np.random.default_rng(0)

        def batch(env: VectorEnv = env, rng: np.random.Generator = generator) -> int:
            for _ in range(10):
                env.step(env.sample_actions(rng))
            return 10 * num_envs

        elapsed, steps = _timed(batch, seconds)
        label = f"batch env, {num_envs} games" + ("" if copy else ", copy=False")
        rows.append({"game": name, "players": players, "adapter": label, "steps_per_s": steps / elapsed})
    return rows


def _register_test_game() -> None:
    """Register the core tests' toy game (``tests/core/toygame.py``) under the name ``toy``."""
    import pathlib

    sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent.parent))
    from tests.core.toygame import ToyGame

    from regalia.core import registry

    registry.register(ToyGame())
    try:  # the 1-player variant of the adapter tests, for the Gymnasium row
        from tests.rl.conftest import SoloToyGame

        registry.register(SoloToyGame())
    except ImportError:
        pass


def bench_pure(args: argparse.Namespace) -> dict[str, dict[str, Any]]:
    """The same game measurements on the pure-Python modules (a subprocess with
    ``REGALIA_PURE=1``), by game name."""
    import tempfile

    with tempfile.TemporaryDirectory() as tmp:
        out = os.path.join(tmp, "pure.json")
        cmd = [sys.executable, __file__, "--build", "current", "--no-refs", "--seconds", str(args.seconds)]
        cmd += ["--players", str(args.players), "--games", args.games, "--json", out]
        subprocess.run(cmd, check=True, env={**os.environ, "REGALIA_PURE": "1"}, stdout=subprocess.DEVNULL)
        with open(out) as fh:
            rows = json.load(fh)
    return {r["game"]: r for r in rows}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=3.0, help="seconds per measurement")
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--games", default=",".join(regalia.game_names()), help="comma-separated game names")
    parser.add_argument("--rss", action="store_true", help="also measure peak RSS of a 1,000-game simulate")
    parser.add_argument("--json", help="write the results here as JSON")
    parser.add_argument("--adapters", action="store_true", help="also measure steps/s through each RL adapter")
    parser.add_argument("--test-game", action="store_true", help="register the tests' toy game as 'toy'")
    parser.add_argument(
        "--build",
        choices=("both", "current"),
        default="both",
        help="both: with a compiled build, also measure the pure-Python modules; current: only the loaded build",
    )
    parser.add_argument("--no-refs", action="store_true", help="skip the OpenSpiel and RLCard reference runs")
    args = parser.parse_args()
    build = "compiled (mypyc)" if regalia.compiled() else "pure Python"
    print(f"regalia build: {build}")
    if args.test_game:
        _register_test_game()
        extra = [g for g in ("toy", "toy-solo") if g in regalia.core.registry._GAMES]
        args.games = ",".join(dict.fromkeys([g for g in args.games.split(",") if g] + extra))
    rows = []
    for name in [g for g in args.games.split(",") if g]:
        row = bench_game(name, players_for(name, args.players), args.seconds)
        if args.rss:
            row["simulate_1000_peak_rss_mib"] = rss_of_simulate(name, row["players"])
        row["build"] = "compiled" if regalia.compiled() else "pure"
        rows.append(row)
    pure = bench_pure(args) if args.build == "both" and regalia.compiled() else {}
    for row in rows:
        if row["game"] in pure:
            row["pure_steps_per_s"] = pure[row["game"]]["steps_per_s"]
    refs = []
    if not args.no_refs:
        refs = [r for r in (bench_openspiel(args.players, args.seconds), bench_rlcard(args.players, args.seconds)) if r]
    for row in rows:
        for ref in refs:
            key = "ratio_vs_" + ref["game"].split(":")[0]
            row[key] = row["steps_per_s"] / ref["steps_per_s"]
            if "pure_steps_per_s" in row:
                row["pure_" + key] = row["pure_steps_per_s"] / ref["steps_per_s"]
    header = [
        "game",
        "players",
        "games/s",
        "steps/s",
        "steps/s pure",
        "clone/s",
        "determinize/s",
        "state B",
        "clone B",
        "rss MiB",
        "×OpenSpiel",
        "×RLCard",
        "×RLCard pure",
    ]
    print("| " + " | ".join(header) + " |")
    print("|" + "---|" * len(header))
    for r in rows + refs:
        cells = [
            r["game"],
            str(r["players"]),
            f"{r['games_per_s']:,.1f}",
            f"{r['steps_per_s']:,.0f}",
            f"{r['pure_steps_per_s']:,.0f}" if "pure_steps_per_s" in r else "",
            f"{r['clones_per_s']:,.0f}" if "clones_per_s" in r else "",
            f"{r['determinize_per_s']:,.0f}" if "determinize_per_s" in r else "",
            f"{r['state_bytes']:,}" if "state_bytes" in r else "",
            f"{r['clone_bytes']:,}" if "clone_bytes" in r else "",
            f"{r['simulate_1000_peak_rss_mib']:.0f}" if "simulate_1000_peak_rss_mib" in r else "",
            f"{r['ratio_vs_openspiel']:.2f}" if "ratio_vs_openspiel" in r else "",
            f"{r['ratio_vs_rlcard']:.2f}" if "ratio_vs_rlcard" in r else "",
            f"{r['pure_ratio_vs_rlcard']:.2f}" if "pure_ratio_vs_rlcard" in r else "",
        ]
        print("| " + " | ".join(cells) + " |")
    adapter_rows: list[dict[str, Any]] = []
    if args.adapters:
        env_refs = [] if args.no_refs else bench_env_refs(args.players, args.seconds)
        for name in [g for g in args.games.split(",") if g]:
            p = players_for(name, args.players)
            game_rows = bench_adapters(name, p, args.seconds)
            for r in bench_vector(name, p, args.seconds):
                r["ratio_vs_raw"] = r["steps_per_s"] / game_rows[0]["steps_per_s"]
                game_rows.append(r)
            adapter_rows.extend(game_rows)
        encoder_rows = [
            bench_encoders(name, players_for(name, args.players), args.seconds)
            for name in args.games.split(",")
            if name
        ]
        adapter_rows.extend(encoder_rows)
        print()
        print(
            "| game | players | view µs | encoder | floats | encode µs | fast write µs | fallback floats | fallback encode µs |"
        )
        print("|---|---|---|---|---|---|---|---|---|")
        for r in encoder_rows:
            fast = f"{r['fast_us']:.1f}" if r["fast_us"] is not None else ""
            print(
                f"| {r['game']} | {r['players']} | {r['view_us']:.0f} | {'own' if r['has_encoder'] else 'fallback'} "
                f"| {r['size']:,} | {r['encode_us']:.0f} | {fast} | {r['fallback_size']:,} | {r['fallback_encode_us']:.0f} |"
            )
        uno = next((r["steps_per_s"] for r in env_refs if r["game"] == "rlcard:uno env"), None)
        c8 = next((r["steps_per_s"] for r in env_refs if r["game"] == "openspiel:crazy_eights"), None)
        print()
        print("| game | players | adapter | steps/s | ×raw | ×RLCard UNO env | ×crazy_eights+obs |")
        print("|---|---|---|---|---|---|---|")
        for r in env_refs:
            print(f"| {r['game']} | {r['players']} | {r['adapter']} | {r['steps_per_s']:,.0f} | | | |")
        for r in adapter_rows:
            if "adapter" not in r:
                continue
            r["ratio_vs_rlcard_env"] = r["steps_per_s"] / uno if uno else None
            r["ratio_vs_c8_obs"] = r["steps_per_s"] / c8 if c8 else None
            cells = [
                f"{r['ratio_vs_raw']:.2f}" if "ratio_vs_raw" in r else "",
                f"{r['ratio_vs_rlcard_env']:.2f}" if uno else "",
                f"{r['ratio_vs_c8_obs']:.2f}" if c8 else "",
            ]
            print(f"| {r['game']} | {r['players']} | {r['adapter']} | {r['steps_per_s']:,.0f} | {' | '.join(cells)} |")
        adapter_rows.extend(env_refs)
    if args.json:
        with open(args.json, "w") as fh:
            json.dump(rows + refs + adapter_rows, fh, indent=1)


if __name__ == "__main__":
    main()
