"""Show a position for writing a lesson (a tool for authors, not a test): the table as a seat
sees it after the given moves, its prompt, and every legal choice with its click keys.

    python tools/show_position.py kings-family --seed 2 'play B7m right of B5f' 'sibling A7f left'
"""

from __future__ import annotations

import argparse
import json

from regalia.core import get_game, make


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("game")
    p.add_argument("moves", nargs="*")
    p.add_argument("--seed", type=int, required=True)
    p.add_argument("--players", type=int, default=None)
    p.add_argument("--option", "-o", action="append", default=[], help="key=value (JSON value)")
    p.add_argument("--deck", default=None, help="an exact draw order, the cards' notations separated by spaces")
    args = p.parse_args()
    options = {k: json.loads(v) for k, v in (o.split("=", 1) for o in args.option)}
    players = args.players or get_game(args.game).default_players
    deck = args.deck.split() if args.deck else None
    state = make(args.game, players=players, seed=args.seed, deck=deck, **options)
    for m in args.moves:
        for e in state.apply(m):
            print("  •", e.text)
    seat = state.current_player
    print(state.game.render_text(state.view(seat)))
    if seat is None:
        return
    print(f"-- {len(state.history)} moves; to act: P{seat}")
    for c in state.legal_choices():
        print(f"   {c['text']!r:45} {c['label']}  keys={c['keys']}")


if __name__ == "__main__":
    main()
