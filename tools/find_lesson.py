"""Find a deal that shows a situation, for writing a lesson (a tool for authors, not a test).

Plays seeded games with a bot in every seat and stops at the first decision of seat 0 (the
learner) where a legal choice's text matches PATTERN (and not every choice does); prints the
lesson's deal in the lessons format (seed, set-up actions) with the table as the learner sees it,
the prompt and every legal choice with its click keys, to copy into ``lessons.json``.

    python tools/find_lesson.py kings-blood 'play \\S+ on' --players 3 --seeds 200 --max-actions 30
"""

from __future__ import annotations

import argparse
import json
import random
import re

from regalia.bots import InfoSet, make_bot
from regalia.core import make


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("game")
    p.add_argument(
        "pattern", help="a regular expression matched against each 'text | label' of the choices (re.search)"
    )
    p.add_argument("--players", type=int, default=None)
    p.add_argument("--seeds", type=int, default=300, help="seeds 0..N-1 are tried, first found printed")
    p.add_argument("--first-seed", type=int, default=0)
    p.add_argument("--bot", default="heuristic")
    p.add_argument("--max-actions", type=int, default=40, help="the longest set-up searched")
    p.add_argument("--option", "-o", action="append", default=[], help="key=value (JSON value)")
    p.add_argument("--seat", type=int, default=0, help="the learner's seat (-1: any seat)")
    p.add_argument("--alone", action="store_true", help="also stop where every choice matches")
    p.add_argument("--prompt", default="", help="a regular expression the prompt must match too")
    args = p.parse_args()
    options = {k: json.loads(v) for k, v in (o.split("=", 1) for o in args.option)}
    pattern = re.compile(args.pattern)
    prompt_re = re.compile(args.prompt)
    for seed in range(args.first_seed, args.first_seed + args.seeds):
        state = make(args.game, players=args.players or 0, seed=seed, **options) if args.players else None
        if state is None:
            from regalia.core import get_game

            state = make(args.game, players=get_game(args.game).default_players, seed=seed, **options)
        bot = make_bot(args.bot, args.game)
        rng = random.Random(seed)
        while not state.is_terminal and len(state.history) <= args.max_actions:
            seat = state.current_player
            assert seat is not None
            if args.seat in (seat, -1):
                choices = state.legal_choices()
                texts = [c["text"] for c in choices]
                hits = [c["text"] for c in choices if pattern.search(c["text"] + " | " + c["label"])]
                if hits and (len(hits) < len(texts) or args.alone) and prompt_re.search(state.prompt(seat)):
                    print(json.dumps({"players": state.num_players, "seed": seed, "config": options}))
                    print(json.dumps({"actions": [str(a) for a in state.history]}))
                    print(f"learner: {seat}")
                    print(state.game.render_text(state.view(seat)))
                    for c in state.legal_choices():
                        mark = "*" if c["text"] in hits else " "
                        print(f" {mark} {c['text']!r:45} {c['label']}  keys={c['keys']}")
                    return
            state.apply(bot.choose(InfoSet(state, seat, rng)))
    print("not found")


if __name__ == "__main__":
    main()
