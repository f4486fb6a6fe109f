"""What each browser may be shown: the core's per-seat views of a finished table, replayed from its
record, and the hidden cards of every seat at every step — the cards in other hands that the
seat's own view does not show."""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from typing import Any

import regalia


def _norm(value: Any) -> Any:
    return json.loads(json.dumps(value))


@dataclass
class Reference:
    """A finished table replayed move by move: ``views[seat][k]`` is ``view(seat)`` after ``k``
    moves (``seat`` None: a spectator), ``hidden[seat][k]`` the cards hidden from it then,
    ``events[seat]`` the texts of its events and ``seen[seat][k]`` how many it had after ``k`` moves."""

    views: dict[int | None, list[dict[str, Any]]]
    hidden: dict[int | None, list[set[str]]]
    events: dict[int | None, list[str]]
    seen: dict[int | None, list[int]]

    @classmethod
    def from_record(cls, record: dict[str, Any], seats: list[int | None], token: str) -> Reference:
        """Replay ``record``; ``token`` is the regular expression of the game's card notation."""
        state = regalia.make(record["game"], players=record["players"], seed=record["seed"], **record["config"])
        players = record["players"]
        views: dict[int | None, list[dict[str, Any]]] = {s: [] for s in seats}
        hidden: dict[int | None, list[set[str]]] = {s: [] for s in seats}
        events: dict[int | None, list[str]] = {s: [] for s in seats}
        seen: dict[int | None, list[int]] = {s: [0] for s in seats}

        def snap() -> None:
            zones = state.zones()
            hands = {o: {str(c) for c in zones.get(f"hand:{o}", [])} for o in range(players)}
            for s in seats:
                v = _norm(state.view(s))
                shown = words(token, json.dumps(v))
                others = set().union(*(hands[o] for o in range(players) if o != s))
                views[s].append(v)
                hidden[s].append({c for c in others if c not in shown})

        snap()
        for action in record["actions"]:
            evs = state.apply(action)
            for s in seats:
                events[s].extend(e.text for e in state.events_for(evs, s))
                seen[s].append(len(events[s]))
            snap()
        return cls(views, hidden, events, seen)

    def check_events(self, seat: int | None, frames: list[dict[str, Any]], ks: list[int]) -> None:
        """The events the frames carried (appended, or replaced by a ``full`` frame) are, after
        each frame, exactly the core's ``events_for(seat)`` up to that frame's position."""
        log: list[str] = []
        for f, k in zip(frames, ks, strict=True):
            texts = [e["text"] for e in f["events"]]
            log = texts if f["full"] else log + texts
            assert log == self.events[seat][: self.seen[seat][k]]

    def match(self, seat: int | None, frames: list[dict[str, Any]]) -> list[int]:
        """For each state frame (in the order received) the number of moves after which the core's
        view of ``seat`` equals the frame's view; fails if a frame shows anything else. Frames
        only go forward (the position found never goes back)."""
        ks = []
        k = 0
        seq = self.views[seat]
        for f in frames:
            v = _norm(f["view"])
            j = k
            while j < len(seq) and seq[j] != v:
                j += 1
            if j == len(seq):  # a resync after a reconnect may show an earlier state again
                j = next((i for i in range(len(seq)) if seq[i] == v), -1)
            assert j >= 0, f"a frame for {seat} shows a view the core never gave it: {v.get('prompt')!r}"
            ks.append(j)
            k = j
        return ks


def words(pattern: str, text: str) -> set[str]:
    """The card notations in ``text`` (whole tokens only: R1 is not found inside R11)."""
    return set(re.findall(rf"(?<![A-Za-z0-9])(?:{pattern})(?![A-Za-z0-9])", text))
