"""What a delta frame costs and saves, per frame, for each game (issue 22).

Plays one game of random moves per game and table size and, for the frames seat 0 (and a
spectator) would be sent after each move — view, labelled choices, events, as the server builds
them — measures: the whole frame's bytes; the delta's bytes (RFC 6902, ``regalia.server.deltas``);
the time to make the delta (diff + encode, µs, whether or not it is then sent); and the time per-message deflate would spend on
the whole frame (zlib, raw deflate with context takeover as websockets does, µs; only frames of
2 KiB or more are compressed, ``regalia.server.compression``). The server's policy then decides:
a delta only for a frame of at least ``DELTA_MIN_BYTES`` whose delta is at most
``DELTA_MAX_RATIO`` of it.

    python benchmarks/deltas.py
"""

from __future__ import annotations

import itertools
import os
import random
import statistics
import time
import zlib
from typing import Any

import orjson

from regalia.core import make
from regalia.server.compression import COMPRESS_MIN_BYTES
from regalia.server.deltas import EncodedFrame, diff

TABLES = [("kings-blood", 4), ("kings-blood", 6), ("kings-family", 1), ("kingship", 4), ("kingship", 8)]
TABLES += [("blood-and-fortune", 6), ("kingdom", 2), ("kingdom", 4)]


def frames(game: str, players: int, seat: int | None, seed: int) -> list[dict[str, Any]]:
    """Every frame ``seat`` would be sent in one game of random moves (as ``frame_for`` builds it)."""
    state = make(game, players=players, seed=seed)
    rng = random.Random(seed)
    out = []
    step = 0
    events: list[Any] = []
    while not state.is_terminal and step < 600:
        view = state.view(seat)
        legal = state.legal_choices() if seat is not None and state.current_player == seat else []
        shown = [
            {"kind": e.kind, "text": e.text, "seat": e.seat, "data": e.data, "private": e.visible_to is not None}
            for e in state.events_for(events, seat)
        ]
        frame = {
            "type": "state", "table": "q3ZkW1x0YcvA", "seat": seat, "step": step, "decision": None,
            "status": "running", "controller": "human" if seat is not None else None, "view": view,
            "prompt": str(view.get("prompt", "")), "legal": legal, "events": shown, "full": False,
            "clock": None, "result": None,
        }  # fmt: skip
        out.append(frame)
        events = state.apply(rng.choice(state.legal_actions()))
        step += 1
    return out


def measure(game: str, players: int, seat: int | None) -> dict[str, Any]:
    texts = frames(game, players, seat, seed=7)
    encoded = [EncodedFrame.of(t) for t in texts]
    deflate = zlib.compressobj(wbits=-15)
    whole, delta, diff_us, deflate_us, sent_as_delta = [], [], [], [], 0
    for before, after in itertools.pairwise(encoded):
        t = time.perf_counter()
        orjson.dumps(diff(before.document, after.document))
        diff_us.append((time.perf_counter() - t) * 1e6)
        message = after.message_after(before)
        whole.append(after.size)
        delta.append(len(message.encode()))
        sent_as_delta += message is not after.text
        if after.size >= COMPRESS_MIN_BYTES:
            data = after.text.encode()
            t = time.perf_counter()
            deflate.compress(data)
            deflate.flush(zlib.Z_SYNC_FLUSH)
            deflate_us.append((time.perf_counter() - t) * 1e6)
    return {
        "game": game,
        "players": players,
        "seat": "spectator" if seat is None else f"P{seat}",
        "frames": len(whole),
        "whole_bytes": round(statistics.mean(whole)),
        "sent_bytes": round(statistics.mean(delta)),
        "deltas_percent": round(100 * sent_as_delta / len(whole)),
        "diff_us": round(statistics.median(diff_us)),
        "deflate_whole_us": round(statistics.median(deflate_us)) if deflate_us else None,
    }


def main() -> None:
    print(f"load average {os.getloadavg()[0]:.2f}")
    print(
        "| table | seat | frames | whole frame bytes | bytes sent (deltas %) | diff µs (median) | deflate of whole µs |"
    )
    print("|---|---|---|---|---|---|---|")
    for game, players in TABLES:
        for seat in (0, None):
            r = measure(game, players, seat)
            print(
                f"| {game} {players} | {r['seat']} | {r['frames']} | {r['whole_bytes']:,} | {r['sent_bytes']:,} "
                f"({r['deltas_percent']} %) | {r['diff_us']} | {r['deflate_whole_us'] or '—'} |"
            )
    print(f"load average {os.getloadavg()[0]:.2f}")


if __name__ == "__main__":
    main()
