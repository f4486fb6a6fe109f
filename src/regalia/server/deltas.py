"""State frames as deltas: an RFC 6902 JSON Patch from the last frame a socket was sent.

A client that says ``"deltas": true`` in its ``hello`` may be sent, instead of a whole ``state``
frame, a ``delta`` message: the frame's **document** (the frame without ``type``, ``events``,
``full`` and ``frame``) as an RFC 6902 patch of the document of the last frame written to that
socket (``base``, by its ``frame`` id), plus the frame's ``events`` as they are. The patch is made
when the frame is written, not when it is queued, so it is always against the frame the socket
really sent: a frame that a newer one replaced in the outbox was never written, and is never a
base. A socket's first frame, a ``full`` frame (``hello``, ``sync``, an undo) and any frame the
rules below do not shrink enough go whole.

Sending a delta costs a diff (about 25–70 µs for the views of this project's games) and saves
the bytes, their writing and — for frames of at least
:data:`~regalia.server.compression.COMPRESS_MIN_BYTES` — their deflate, so a delta is sent only for
a frame of at least :data:`DELTA_MIN_BYTES` whose delta is at most :data:`DELTA_MAX_RATIO` of it
(docs/server.md, *Performance*, has the measured figures). Both sizes are of what the socket's
own audience may see, so whether a delta is sent tells nothing else.

The patches use only ``add``, ``remove`` and ``replace`` (RFC 6902 §4.1–4.3): objects key by
key, lists by index after their common head and tail (``remove`` from the highest index down).
:func:`diff` is a small home-made differ because the ``jsonpatch`` package's ``make_patch`` takes
20–30 times as long on these documents (2–3 ms a frame); the tests apply every patch with
``jsonpatch`` to check it against an independent RFC 6902 implementation.
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass, field
from typing import Any, Final

import orjson

DELTA_MIN_BYTES: Final = 2048
"""A frame shorter than this (bytes of its whole JSON) always goes whole: it is sent uncompressed
anyway, and a delta would save too little to pay for its diff."""
DELTA_MAX_RATIO: Final = 0.5
"""A delta is sent only when it is at most this fraction of the whole frame's bytes."""
NOT_DOCUMENT: Final = ("type", "events", "full", "frame")
"""The keys of a ``state`` frame that are not part of its patched document."""


HASH_CHUNK: Final = 2047
"""Bytes hashed at a time: under CPython's ``HASHLIB_GIL_MINSIZE`` (2,048), so that hashing a
frame never releases the GIL — taking it back after the database thread got it cost the event
loop more than the hash itself (measured: 5.6 µs chunked against 7.2 µs whole for 2.6 KB even
in one thread)."""


def frame_id(text: bytes) -> str:
    """The id of a frame: 16 hex digits of a BLAKE2b hash of its JSON (``bytes``, the frame
    without its id). Two audiences shown the same frame get the same id; it is computed from
    nothing but what the frame shows."""
    h = hashlib.blake2b(digest_size=8)
    view = memoryview(text)
    for start in range(0, len(text), HASH_CHUNK):
        h.update(view[start : start + HASH_CHUNK])
    return h.hexdigest()


def _pointer_token(key: str) -> str:
    """A key as one JSON Pointer reference token (RFC 6901 §3: ``~`` → ``~0``, ``/`` → ``~1``)."""
    if "~" in key or "/" in key:
        return key.replace("~", "~0").replace("/", "~1")
    return key


def diff(before: Any, after: Any) -> list[dict[str, Any]]:
    """An RFC 6902 patch that turns the JSON value ``before`` into ``after``.

    Args:
        before: the JSON value the patch applies to (dicts with ``str`` keys, lists, strings,
            numbers, booleans, ``None``); it is not changed.
        after: the JSON value the patch makes, of the same kinds; it is not changed, and the
            patch's values are parts of it (not copies).

    Returns:
        A list of ``add`` / ``remove`` / ``replace`` operations, empty when the two are equal.
    """
    ops: list[dict[str, Any]] = []
    if before != after:
        _diff(before, after, "", ops)
    return ops


def _diff(a: Any, b: Any, path: str, ops: list[dict[str, Any]]) -> None:
    """Append to ``ops`` the operations from ``a`` to ``b`` at ``path``; ``a != b`` (every caller
    compares first, so no value is compared twice on the way down)."""
    if type(a) is dict and type(b) is dict:
        for k, v in a.items():
            p = path + "/" + _pointer_token(k)
            if k in b:
                w = b[k]
                if v != w:
                    _diff(v, w, p, ops)
            else:
                ops.append({"op": "remove", "path": p})
        for k, w in b.items():
            if k not in a:
                ops.append({"op": "add", "path": path + "/" + _pointer_token(k), "value": w})
        return
    if type(a) is list and type(b) is list:
        _diff_lists(a, b, path, ops)
        return
    ops.append({"op": "replace", "path": path, "value": b})


def _diff_lists(a: list[Any], b: list[Any], path: str, ops: list[dict[str, Any]]) -> None:
    """Lists: skip the common head and tail, patch the middle element by element, then add
    ``b``'s extra elements or remove ``a``'s (highest index first, so each index is still right)."""
    na, nb = len(a), len(b)
    shorter = min(na, nb)
    head = 0
    while head < shorter and a[head] == b[head]:
        head += 1
    tail = 0
    while tail < shorter - head and a[na - 1 - tail] == b[nb - 1 - tail]:
        tail += 1
    mid_a, mid_b = na - tail - head, nb - tail - head
    both = min(mid_a, mid_b)
    for k in range(head, head + both):
        if a[k] != b[k]:
            _diff(a[k], b[k], path + "/" + str(k), ops)
    for k in range(head + both, head + mid_b):
        ops.append({"op": "add", "path": path + "/" + str(k), "value": b[k]})
    for k in range(head + mid_a - 1, head + both - 1, -1):
        ops.append({"op": "remove", "path": path + "/" + str(k)})


@dataclass(eq=False)
class EncodedFrame:
    """One ``state`` frame, encoded once for every socket it goes to (spectators share one).

    Attributes:
        text: the whole frame as sent (JSON, with its ``frame`` id).
        id: the frame's id (:func:`frame_id`).
        full: the frame's ``full`` (such a frame always goes whole).
        size: the whole frame's size in bytes (UTF-8).
        deltas: the delta message (or ``None``: not worth sending) already made from a base
            frame, by the base's id — spectators sharing this frame and a base share the delta.
    """

    text: str
    id: str
    full: bool
    size: int
    _parts: tuple[dict[str, Any], list[Any]]
    deltas: dict[str, str | None] = field(default_factory=dict)

    @classmethod
    def of(cls, frame: dict[str, Any]) -> EncodedFrame:
        """Encode a ``state`` frame (the JSON of a ``StateFrame`` without its ``frame`` key, as
        :func:`regalia.server.frames.frame_for` builds it): its id is the hash of that JSON,
        added as the last key. The frame's values are kept as its :attr:`document` and
        :attr:`events` and must not be changed afterwards.

        Raises:
            orjson.JSONEncodeError: a value is not JSON (the core's views, choices and events
                are JSON by contract).
        """
        raw = orjson.dumps(frame)
        fid = frame_id(raw)
        text = raw[:-1].decode() + ',"frame":"' + fid + '"}'  # 27 more bytes
        document = {k: v for k, v in frame.items() if k not in NOT_DOCUMENT}
        return cls(
            text=text,
            id=fid,
            full=bool(frame.get("full")),
            size=len(raw) + 27,
            _parts=(document, frame.get("events") or []),
        )

    @property
    def document(self) -> dict[str, Any]:
        """The frame without :data:`NOT_DOCUMENT`'s keys: what a delta patches."""
        return self._parts[0]

    @property
    def events(self) -> list[Any]:
        """The frame's ``events``, as JSON values."""
        return self._parts[1]

    def message_after(self, base: EncodedFrame | None) -> str:
        """What to write to a socket whose last written frame is ``base`` (``None``: none yet,
        or the client takes no deltas): a ``delta`` message from ``base``, or the whole frame
        when this frame is ``full``, shorter than :data:`DELTA_MIN_BYTES`, or its delta is
        larger than :data:`DELTA_MAX_RATIO` of it."""
        if base is None or self.full:
            return self.text
        size = self.size
        if size < DELTA_MIN_BYTES:
            return self.text
        if base.id in self.deltas:
            made = self.deltas[base.id]
            return self.text if made is None else made
        message = {
            "type": "delta",
            "table": self.document.get("table"),
            "base": base.id,
            "frame": self.id,
            "patch": diff(base.document, self.document),
            "events": self.events,
        }
        encoded = orjson.dumps(message)
        kept: str | None = encoded.decode() if len(encoded) <= DELTA_MAX_RATIO * size else None
        self.deltas[base.id] = kept
        return self.text if kept is None else kept
