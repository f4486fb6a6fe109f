"""The long fuzz of the public API (issue #14): bad input of every kind at random positions of
random playouts, tampered snapshots, and the invariants after every step — in every game.

For each registered game, random playouts go round its configurations until at least
``--steps`` actions have been applied (10⁶ by default). The configurations are the game's
conformance configurations (``Game.test_configurations()``), every player count the game allows
with the default options, and every other value of each yes/no or named-choice option at the
default player count (:func:`configurations`). Game ``i`` of a game is dealt with seed
``--seed + i`` and played by ``random.Random("fuzz/GAME/SEED/i")``, so every figure and every
failure is reproducible.

* **Every step**: every card of the game in exactly one zone (``Game.all_cards``), a decider in
  range with a legal action while the game runs, none after it, and an end within 20,000 steps.
* **Bad input** (at a position with probability ``--throw``, and at the end of a finished game
  with probability ``--at-end``): every input of ``bad_inputs(state)`` — the generator of
  ``tests/conformance/test_hardening.py``, imported, not copied: ``None``, bools, floats, bytes,
  containers, objects whose comparisons raise, out-of-range and 5,000-digit ids, empty, huge,
  control-character and non-ASCII-digit texts, 5,000-digit seat numbers, lone surrogates, another
  game's action, the legal action as a plain tuple or list, and the game's own action class with
  a field pushed out of range. Each must be refused with ``IllegalActionError`` (a short printable
  message with a reason; "the game is over" once it is), ``can_apply`` must say no, and the
  state — its snapshot and legal actions — must be unchanged. Then the full ``verify_state``
  (every seat's and the spectator's view too), and every seat's determinization must be alive:
  the same decider and decision kind, and a legal action.
* **Snapshot tampering** (at a position with probability ``--tamper``): the state, or a seat's
  determinization, is saved; the untouched snapshot must load as the same state, and each of
  ``--tampers`` corruptions made by the suite's ``_tamper`` (a value replaced, a list entry
  dropped or repeated, a number pushed out of range, a field deleted, the player count or a
  history entry changed) must be refused with a ``ValueError`` naming the field, or load into a
  state that keeps every invariant and whose record replays to it.
* **Every finished game**: its record, through JSON, replays to exactly the same state.

Prints, per game: the configurations, games, steps, bad inputs thrown and refused, crashes (an
exception other than the refusal), bad inputs accepted, changed states, snapshots tampered
(refused / loaded consistent), failed invariant checks and the time; then the first failures, if
any, with what reproduces them. Exit status 1 when anything failed.

    python benchmarks/fuzz.py [--steps 1000000] [--games kingship,kingdom] [--seed 0] [--jobs 1]
                              [--throw 0.02] [--at-end 0.25] [--tamper 0.001] [--tampers 8]
                              [--show 12] [--json FILE]

It needs the test extra (``pip install -e ".[test]"``) and the repository's ``tests`` folder:
the generators of bad input are the conformance suite's own.
"""

from __future__ import annotations

import argparse
import contextlib
import datetime
import json
import os
import platform
import random
import subprocess
import sys
import time
from collections import Counter
from concurrent.futures import ProcessPoolExecutor
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))  # the generators of bad input live in the test suite

from tests.conformance.test_hardening import _tamper as tamper  # noqa: E402
from tests.conformance.test_hardening import bad_inputs  # noqa: E402

import regalia  # noqa: E402
from regalia.core import IllegalActionError, State, verify_state  # noqa: E402

MAX_STEPS = 20_000
MAX_MESSAGE = 500
KEPT_FAILURES = 12


@dataclass
class Figures:
    """What the fuzz of one game did and found (``failures``: the first ``keep`` failures)."""

    game: str
    configurations: int = 0
    games: int = 0
    steps: int = 0
    positions: int = 0
    thrown: int = 0
    refused: int = 0
    crashes: int = 0
    accepted: int = 0
    changed: int = 0
    tampered: int = 0
    tamper_refused: int = 0
    tamper_loaded: int = 0
    determinizations: int = 0
    invariant_failures: int = 0
    seconds: float = 0.0
    keep: int = KEPT_FAILURES
    failures: list[str] = field(default_factory=list)

    @property
    def failed(self) -> int:
        return self.crashes + self.accepted + self.changed + self.invariant_failures

    def note(self, kind: str, where: str, what: str) -> None:
        setattr(self, kind, getattr(self, kind) + 1)
        if len(self.failures) < self.keep:
            self.failures.append(f"{kind}: {where}: {what}")


def _short(value: Any, limit: int = 160) -> str:
    try:
        text = repr(value)
    except Exception:
        text = f"<{type(value).__name__}>"
    return text if len(text) <= limit else text[:limit] + "…"


def configurations(name: str) -> list[tuple[int, dict[str, Any]]]:
    """The ``(players, options)`` pairs fuzzed for game ``name``: its ``test_configurations()``,
    then each player count from ``min_players`` to ``max_players`` with the default options, then
    each non-default value of every bool or choice option at ``default_players`` — each once."""
    game = regalia.get_game(name)
    out: list[tuple[int, dict[str, Any]]] = []
    for players, options in game.test_configurations():
        out.append((players, dict(options)))
    for players in range(game.min_players, game.max_players + 1):
        out.append((players, {}))
    for option in game.options():
        if option["type"] == "bool":
            values: list[Any] = [not option["default"]]
        elif option["choices"]:
            values = [v for v in option["choices"] if v != option["default"]]
        else:
            continue  # numbers and paths: the conformance configurations cover the numbers
        out.extend((game.default_players, {option["name"]: v}) for v in values)
    unique: list[tuple[int, dict[str, Any]]] = []
    for players, options in out:
        if (players, options) not in unique:
            unique.append((players, options))
    return unique


class Fuzzer:
    """Fuzz one game (see the module text) and count what happens in a :class:`Figures`."""

    def __init__(self, name: str, args: argparse.Namespace) -> None:
        self.name = name
        self.args = args
        self.fig = Figures(name, keep=args.show)
        self.expected: dict[tuple[int, str], Counter[str]] = {}

    def run(self) -> Figures:
        args = self.args
        game = regalia.get_game(self.name)
        configs = configurations(self.name)
        self.fig.configurations = len(configs)
        start = time.perf_counter()
        i = 0
        while self.fig.steps < args.steps:
            players, options = configs[i % len(configs)]
            seed = args.seed + i
            rng = random.Random(f"fuzz/{self.name}/{args.seed}/{i}")
            where = f"{self.name} players={players} options={dict(options)} seed={seed} game {i}"
            i += 1
            self.fig.games += 1
            try:
                state = regalia.make(self.name, players=players, seed=seed, **options)
            except Exception as exc:
                self.fig.note("crashes", where, f"make: {_short(exc)}")
                continue
            key = (players, json.dumps(options, sort_keys=True, default=str))
            if key not in self.expected:
                self.expected[key] = Counter(game.all_cards(players, state.config))
            self._play(state, rng, where, self.expected[key])
        self.fig.seconds = time.perf_counter() - start
        return self.fig

    # ------------------------------------------------------------------ one playout
    def _play(self, state: State, rng: random.Random, where: str, cards: Counter[str]) -> None:
        args = self.args
        step = 0
        while True:
            problem = self._cheap_invariants(state, cards)
            if problem:
                self.fig.note("invariant_failures", f"{where} step {step}", problem)
                return
            if state.is_terminal:
                break
            if rng.random() < args.throw and not self._throw(state, rng, f"{where} step {step}"):
                return
            if rng.random() < args.tamper:
                self._tamper_at(state, rng, f"{where} step {step}")
            legal = state.legal_actions()
            action = rng.choice(legal)
            try:
                state.apply(action)
            except Exception as exc:
                self.fig.note("crashes", f"{where} step {step}", f"legal action {action} failed: {_short(exc)}")
                return
            self.fig.steps += 1
            step += 1
            if step >= MAX_STEPS:
                self.fig.note("invariant_failures", where, f"no end after {MAX_STEPS} steps")
                return
        if rng.random() < args.at_end and not self._throw(state, rng, f"{where} at the end"):
            return
        try:
            again = regalia.replay(json.loads(json.dumps(state.record())))
            if again.snapshot() != state.snapshot():
                self.fig.note("invariant_failures", where, "the record replays to another state")
        except Exception as exc:
            self.fig.note("invariant_failures", where, f"the record does not replay: {_short(exc)}")

    def _cheap_invariants(self, state: State, cards: Counter[str]) -> str:
        """The checks made after every step ('' when all hold)."""
        try:
            found: Counter[str] = Counter()
            for zone in state.zones().values():
                found.update(zone)
            if found != cards:
                return f"cards not conserved: extra {dict(found - cards)}, missing {dict(cards - found)}"
            seat = state.current_player
            if state.is_terminal:
                if seat is not None or state.legal_actions():
                    return "a finished game has a decider or legal actions"
            elif seat is None or not 0 <= seat < state.num_players or not state.legal_actions():
                return f"a running game with decider {seat!r} and {len(state.legal_actions())} legal actions"
        except Exception as exc:
            return f"checking the invariants raised {_short(exc)}"
        return ""

    # ------------------------------------------------------------------ bad input
    def _throw(self, state: State, rng: random.Random, where: str) -> bool:
        """Throw every bad input at ``state``; ``False`` when the state can no longer be trusted."""
        fig = self.fig
        fig.positions += 1
        before = state.snapshot()
        legal = state.legal_actions()
        terminal = state.is_terminal
        thrown: list[Any] = []
        for value in bad_inputs(state):
            if not terminal and any(a.__class__ is value.__class__ and a == value for a in legal):
                continue  # a bent copy of an action that happens to be legal
            thrown.append(value)
            fig.thrown += 1
            kind = type(value).__name__
            try:
                state.apply(value)
            except IllegalActionError as exc:
                message = str(exc)
                if len(message) >= MAX_MESSAGE or not message.isprintable() or not exc.reason:
                    fig.note("invariant_failures", where, f"refusal of a {kind}: {_short(message)}")
                elif terminal and exc.reason != "the game is over":
                    fig.note("invariant_failures", where, f"after the end a {kind} is refused with {exc.reason!r}")
                else:
                    fig.refused += 1
            except Exception as exc:
                fig.note("crashes", where, f"apply({_short(value, 60)}) raised {_short(exc)}")
                continue
            else:
                fig.note("accepted", where, f"apply({_short(value, 60)}) was accepted")
                return False
            try:
                if state.can_apply(value):
                    fig.note("accepted", where, f"can_apply({_short(value, 60)}) is true")
            except Exception as exc:
                fig.note("crashes", where, f"can_apply({_short(value, 60)}) raised {_short(exc)}")
        if state.snapshot() != before or state.legal_actions() != legal:
            fig.note("changed", where, f"a refused input changed the state ({self._culprit(before, thrown)})")
            return False
        try:
            verify_state(state)
        except ValueError as exc:
            fig.note("invariant_failures", where, str(exc))
            return False
        if not terminal:
            kind = state.decision_kind()
            for seat in range(state.num_players):
                fig.determinizations += 1
                try:
                    det = state.determinize(seat, random.Random(rng.getrandbits(32)))
                    if not det.legal_actions():
                        problem = "is dead (no legal action)"
                    elif det.current_player != state.current_player:
                        problem = f"has P{det.current_player} deciding, not P{state.current_player}"
                    elif det.decision_kind() != kind:
                        problem = f"waits for a {det.decision_kind()!r} decision, not {kind!r}"
                    else:
                        problem = ""
                except Exception as exc:
                    fig.note("crashes", where, f"determinize({seat}) raised {_short(exc)}")
                    continue
                if problem:
                    fig.note("invariant_failures", where, f"P{seat}'s determinization {problem}")
        return True

    def _culprit(self, before: dict[str, Any], thrown: list[Any]) -> str:
        """Which input changed the state (each thrown again at a fresh copy of ``before``)."""
        for value in thrown:
            try:
                copy = regalia.from_snapshot(before, check_history=False)
            except Exception:
                return "the saved state does not load again"
            with contextlib.suppress(Exception):
                copy.apply(value)
            if copy.snapshot() != before:
                return f"input {_short(value, 60)}"
        return "no single input reproduces it"

    # ------------------------------------------------------------------ snapshots
    def _tamper_at(self, state: State, rng: random.Random, where: str) -> None:
        fig = self.fig
        base = state
        if rng.random() < 0.5:
            seat = rng.randrange(state.num_players)
            base = state.determinize(seat, random.Random(rng.getrandbits(32)))
        snap = json.loads(json.dumps(base.snapshot()))
        try:
            if regalia.from_snapshot(snap).snapshot() != snap:
                fig.note("invariant_failures", where, "a saved state loads as another state")
        except Exception as exc:
            fig.note("invariant_failures", where, f"a saved state does not load: {_short(exc)}")
            return
        for _ in range(self.args.tampers):
            data = tamper(snap, rng)
            fig.tampered += 1
            try:
                loaded = regalia.from_snapshot(data)
            except ValueError as exc:
                if str(exc).split(":", 1)[0].strip():
                    fig.tamper_refused += 1
                else:
                    fig.note("invariant_failures", where, f"a refusal names no field: {_short(str(exc))}")
                continue
            except Exception as exc:
                fig.note("crashes", where, f"from_snapshot of a tampered snapshot raised {_short(exc)}")
                continue
            try:
                verify_state(loaded)
                if not loaded.determinized and regalia.replay(loaded.record()).snapshot() != loaded.snapshot():
                    raise ValueError("its record replays to another state")
            except Exception as exc:
                fig.note("invariant_failures", where, f"a tampered snapshot loaded inconsistent: {_short(exc)}")
                continue
            fig.tamper_loaded += 1


def fuzz_game(name: str, args: argparse.Namespace) -> Figures:
    """Fuzz one game with the command's settings."""
    return Fuzzer(name, args).run()


def _machine() -> str:
    cpu = platform.processor() or platform.machine()
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                cpu = line.split(":", 1)[1].strip()
                break
    except OSError:
        pass
    return (
        f"{cpu}, {os.cpu_count()} cores, {platform.system()} {platform.release()}, Python {platform.python_version()}"
    )


def _commit() -> str:
    try:
        out = subprocess.run(["git", "-C", str(ROOT), "rev-parse", "--short", "HEAD"], capture_output=True, text=True)
        return out.stdout.strip() or "unknown"
    except OSError:
        return "unknown"


def _table(figures: list[Figures]) -> str:
    head = (
        "| game | configurations | games | steps | bad inputs thrown | refused | crashes | accepted "
        "| changed states | snapshots tampered | refused | loaded consistent | invariant failures | time |"
    )
    lines = [head, "|" + "---|" * 14]

    def row(f: Figures) -> str:
        return (
            f"| {f.game} | {f.configurations} | {f.games:,} | {f.steps:,} | {f.thrown:,} | {f.refused:,} "
            f"| {f.crashes} | {f.accepted} | {f.changed} | {f.tampered:,} | {f.tamper_refused:,} "
            f"| {f.tamper_loaded:,} | {f.invariant_failures} | {f.seconds / 60:.1f} min |"
        )

    lines.extend(row(f) for f in figures)
    if len(figures) > 1:
        total = Figures("all", sum(f.configurations for f in figures))
        for key in (
            "games",
            "steps",
            "thrown",
            "refused",
            "crashes",
            "accepted",
            "changed",
            "tampered",
            "tamper_refused",
            "tamper_loaded",
            "invariant_failures",
            "seconds",
        ):
            setattr(total, key, sum(getattr(f, key) for f in figures))
        lines.append(row(total).replace("| all |", "| **all** |"))
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--steps", type=int, default=1_000_000, help="actions applied per game (default 10^6)")
    parser.add_argument("--games", default="", help="comma-separated game names (default: every game)")
    parser.add_argument("--seed", type=int, default=0, help="game i of a game is dealt with seed SEED + i")
    parser.add_argument("--throw", type=float, default=0.02, help="chance of throwing bad input before a step")
    parser.add_argument("--at-end", type=float, default=0.25, help="chance of throwing bad input at a finished game")
    parser.add_argument("--tamper", type=float, default=0.001, help="chance of tampering a snapshot before a step")
    parser.add_argument("--tampers", type=int, default=8, help="corruptions of each saved snapshot")
    parser.add_argument("--jobs", type=int, default=1, help="games fuzzed in parallel processes")
    parser.add_argument("--show", type=int, default=KEPT_FAILURES, help="failures kept and printed per game")
    parser.add_argument("--json", type=Path, default=None, help="also write the figures to this file")
    args = parser.parse_args(argv)
    for name in ("steps", "tampers", "jobs", "show"):
        if getattr(args, name) < 1:
            parser.error(f"--{name}: must be at least 1")
    if args.seed < 0:
        parser.error("--seed: must be 0 or more")
    for name in ("throw", "at_end", "tamper"):
        if not 0.0 <= getattr(args, name) <= 1.0:
            parser.error(f"--{name.replace('_', '-')}: a chance between 0 and 1")
    names = [g for g in args.games.split(",") if g] or list(regalia.game_names())
    for g in names:
        if g not in regalia.game_names():
            parser.error(f"--games: unknown game {g!r} (known: {', '.join(regalia.game_names())})")

    started = datetime.datetime.now(datetime.UTC)
    commit = _commit()  # once: the code fuzzed is the code at the start
    command = "python benchmarks/fuzz.py " + " ".join(argv if argv is not None else sys.argv[1:])
    print(f"regalia fuzz, commit {commit}, {started:%Y-%m-%d %H:%M} UTC")
    print(f"machine: {_machine()}")
    print(f"command: {command.strip()}", flush=True)
    if args.jobs == 1:
        figures = []
        for name in names:
            figures.append(fuzz_game(name, args))
            print(f"  {name}: {figures[-1].steps:,} steps in {figures[-1].seconds / 60:.1f} min", flush=True)
    else:
        with ProcessPoolExecutor(max_workers=args.jobs) as pool:
            figures = list(pool.map(fuzz_game, names, [args] * len(names)))
    print()
    print(_table(figures))
    failed = [f for f in figures if f.failed]
    for f in failed:
        print(f"\n{f.game}: {f.failed} failures; the first:")
        for line in f.failures:
            print("  " + line)
    if not failed:
        print("\nno crash, no accepted bad input, no changed state, every invariant held")
    if args.json is not None:
        out = {
            "date": f"{started:%Y-%m-%d}",
            "commit": commit,
            "machine": _machine(),
            "command": command.strip(),
            "games": [asdict(f) for f in figures],
        }
        args.json.write_text(json.dumps(out, indent=1) + "\n")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
