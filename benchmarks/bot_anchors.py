"""Measure the bots' anchor ratings for rated tables (issue 36) with ``regalia tournament``.

For each game that can be rated, the five table bots — ``random``, ``heuristic`` and the three
IS-MCTS levels — play a tournament of duplicate deals with rotated seats at the game's default
player count (every lineup of 4 of the 5, each deal once per seating), rated with openskill's
Plackett–Luce model from mu 25, sigma 25/3: the same model and scale as people's ratings, so a
new player (mu 25) meets the bots where the average of the five is. The ratings are written to
``src/regalia/server/accounts/anchors.json`` with how they were measured.

    python benchmarks/bot_anchors.py --deals 20 --seed 3600            # runs the tournaments
    python benchmarks/bot_anchors.py --from-dir /tmp/anchors           # reads GAME.json outputs

A game's tournament takes 10–60 minutes on one core of this machine (Kingship is the slowest).
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
import time
from pathlib import Path

BOTS = ("random", "heuristic", "ismcts:easy", "ismcts:medium", "ismcts:hard")
GAMES = ("kings-blood", "kingdom", "blood-and-fortune", "kingship")
PLAYERS = 4
OUT = Path(__file__).resolve().parents[1] / "src" / "regalia" / "server" / "accounts" / "anchors.json"


def run(game: str, deals: int, seed: int, folder: Path, jobs: int) -> list[dict[str, object]]:
    """One game's tournament (``regalia tournament … --json``); its standings."""
    cmd = [sys.executable, "-m", "regalia.cli.main", "tournament", game, "--bots", ",".join(BOTS), "-p", str(PLAYERS),
           "-n", str(deals), "-s", str(seed), "--jobs", str(jobs), "--out", str(folder / game), "--json"]  # fmt: skip
    done = subprocess.run(cmd, capture_output=True, text=True, check=True)
    rows: list[dict[str, object]] = json.loads(done.stdout)
    (folder / f"{game}.json").write_text(done.stdout)
    return rows


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--deals", type=int, default=20)
    ap.add_argument("--seed", type=int, default=3600)
    ap.add_argument("--from-dir", type=Path, default=None, help="read GAME.json tournament outputs instead of playing")
    ap.add_argument("--games", nargs="*", default=list(GAMES))
    ap.add_argument("--jobs", type=int, default=1, help="processes each tournament plays in")
    args = ap.parse_args()
    folder = args.from_dir or Path("anchors-run")
    folder.mkdir(exist_ok=True)
    kept = json.loads(OUT.read_text()) if OUT.exists() else {"games": {}, "measured": {}}
    games: dict[str, dict[str, dict[str, float]]] = kept["games"]  # the games not run again are kept
    measured: dict[str, dict[str, object]] = kept["measured"]
    for game in args.games:
        path = folder / f"{game}.json"
        start = time.monotonic()
        rows = json.loads(path.read_text()) if args.from_dir else run(game, args.deals, args.seed, folder, args.jobs)
        if not rows:
            continue
        games[game] = {
            str(r["bot"]): {"mu": round(float(r["mu"]), 3), "sigma": round(float(r["sigma"]), 3)} for r in rows
        }  # type: ignore[arg-type]
        measured[game] = {
            "games_per_bot": max(int(r["games"]) for r in rows),  # type: ignore[call-overload]
            "deals": args.deals,
            "seed": args.seed,
        }
        if not args.from_dir:
            measured[game]["seconds"] = round(time.monotonic() - start)
    doc = {
        "about": "The bots' fixed ratings at rated tables (openskill PlackettLuce, mu 25 sigma 25/3 at the start), "
        f"measured by benchmarks/bot_anchors.py: regalia tournament GAME --bots {','.join(BOTS)} -p {PLAYERS} "
        f"-n DEALS -s SEED (duplicate deals, rotated seats, every lineup of {PLAYERS}; each game's deals and seed "
        "under measured).",
        "measured": measured,
        "games": games,
    }
    OUT.write_text(json.dumps(doc, indent=1, sort_keys=True) + "\n")
    print(f"wrote {OUT}")


if __name__ == "__main__":
    main()
