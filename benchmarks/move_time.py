"""Per-move time of a search bot, per game: ``ismcts:hard`` must stay under 2 s a move on one core.

The bot plays seat 0 of 4-player games against three ``heuristic`` bots (seeds 500, 501, ...;
King's Family, a solitaire, alone);
every decision with at least two legal actions is timed in CPU seconds of this process
(``time.process_time``, so a busy machine does not inflate it). Prints, per game, the number of
timed decisions, the mean, the 95th percentile and the maximum, the rollouts per decision and
the rollouts per CPU second (the search's speed: compare the compiled and the pure build with
``REGALIA_PURE=1``);
for a time budget (``--bot ismcts:1.0s``) also the share of decisions that stopped under 90 % of
the budget by the bot's own (wall) clock, and the smallest share of the budget a decision used.

    python benchmarks/move_time.py [--bot ismcts:hard] [--games 3] [--players 4] [--only GAME,...]
"""

from __future__ import annotations

import argparse
import random
import statistics
import time

import regalia
from regalia.bots import InfoSet, make_bot

GAMES = ("kings-blood", "kingship", "kingdom", "blood-and-fortune", "kings-family")


def players_for(name: str, wanted: int) -> int:
    """``wanted`` seats, within what the game allows (King's Family: 1)."""
    g = regalia.get_game(name)
    return max(g.min_players, min(g.max_players, wanted))


def measure(game: str, bot_spec: str, games: int, players: int) -> dict[str, float]:
    """CPU seconds per decision of ``bot_spec`` in seat 0 of ``games`` games of ``game``."""
    players = players_for(game, players)
    times: list[float] = []
    rollouts: list[int] = []
    shares: list[float] = []
    for g in range(games):
        state = regalia.make(game, players=players, seed=500 + g)
        rng = random.Random(g)
        bots = [make_bot(bot_spec, game)] + [make_bot("heuristic", game) for _ in range(players - 1)]
        while not state.is_terminal:
            seat = state.current_player
            assert seat is not None
            forced = len(state.legal_actions()) < 2
            start = time.process_time()
            action = bots[seat].choose(InfoSet(state, seat, rng))
            if seat == 0 and not forced:
                times.append(time.process_time() - start)
                rollouts.append(getattr(bots[0], "last_iterations", 0))
                budget, used = getattr(bots[0], "seconds", None), getattr(bots[0], "last_seconds", None)
                if budget and used is not None:
                    shares.append(used / budget)
            state.apply(action)
    times.sort()
    return {
        "decisions": len(times),
        "mean_s": statistics.mean(times),
        "p95_s": times[min(len(times) - 1, int(0.95 * len(times)))],
        "max_s": times[-1],
        "rollouts": statistics.mean(rollouts),
        "rollouts_per_s": sum(rollouts) / sum(times),
        "under_90": sum(x < 0.9 for x in shares) / len(shares) if shares else float("nan"),
        "min_share": min(shares) if shares else float("nan"),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--bot", default="ismcts:hard")
    parser.add_argument("--games", type=int, default=3)
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--only", default="", help="comma-separated game names (default: every game)")
    args = parser.parse_args()
    names = [g for g in args.only.split(",") if g] or list(GAMES)
    timed = args.bot.endswith("s")
    extra = " under 90 % of budget | least share used |" if timed else ""
    print(f"regalia build: {'compiled (mypyc)' if regalia.compiled() else 'pure Python'}")
    print(f"| game | {args.bot}: decisions | mean s | 95th pct s | max s | rollouts/decision | rollouts/s |{extra}")
    print("|---|---|---|---|---|---|---|" + ("---|---|" if timed else ""))
    for name in names:
        r = measure(name, args.bot, args.games, args.players)
        shares = f" {r['under_90']:.1%} | {r['min_share']:.2f} |" if timed else ""
        print(
            f"| {name} | {r['decisions']:.0f} | {r['mean_s']:.2f} | {r['p95_s']:.2f} | {r['max_s']:.2f} "
            f"| {r['rollouts']:.0f} | {r['rollouts_per_s']:,.0f} |{shares}"
        )


if __name__ == "__main__":
    main()
