"""Turn-based tables (issue 37): days a decision, "your turn" notices and reminders, time-outs
played as the table was created (a stand-in's move, or a forfeit ranked last), and hidden
response windows answered by standing orders (ruling SRV-3), tested in twin worlds as SRV-2 is.

The server's day is shortened here (``day_seconds``) so that a deadline of "1 day" passes
during the test; nothing else of the server changes with it.
"""

from __future__ import annotations

import contextlib
import itertools
import random
import time
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any

import pytest
from fastapi.testclient import TestClient
from starlette.testclient import WebSocketTestSession

from regalia.server.live import ORDER_NOTE
from regalia.server.store import Store

from .accounts import PASSWORD, register
from .conftest import AppFactory
from .helpers import act, create, decide, hello, until
from .windowgame import find_seed


@dataclass
class Recorder:
    """A ``TurnNotices`` that keeps what it was asked to send."""

    sent: list[dict[str, Any]] = field(default_factory=list)

    async def your_turn(self, account_id: int, table: str, game: str, deadline: float, *, reminder: bool) -> None:
        self.sent.append(
            {"account": account_id, "table": table, "game": game, "deadline": deadline, "reminder": reminder}
        )


_names = itertools.count(1)


def _signed_in(client: TestClient) -> TestClient:
    """``client``, signed in (a new account registered if it is not)."""
    if not client.get("/api/session").json()["signed_in"]:
        register(client, f"player{next(_names)}")
    return client


@contextlib.contextmanager
def _as(client: TestClient, cookies: dict[str, str]) -> Iterator[None]:
    """``client`` as the browser whose cookies are ``cookies`` for the block; its own are put back
    after. One client is used (a second ``TestClient`` would run the app's tasks on an event loop
    of its own)."""
    kept = dict(client.cookies)
    client.cookies.clear()
    client.cookies.update(cookies)
    try:
        yield
    finally:
        client.cookies.clear()
        client.cookies.update(kept)


@contextlib.contextmanager
def _as_another(client: TestClient) -> Iterator[dict[str, str]]:
    """``client`` as another browser, signed in as a new account, for the block; yields that
    account's session cookies."""
    with _as(client, {}):
        _signed_in(client)
        yield dict(client.cookies)


def _turn_based(client: TestClient, **body: Any) -> dict[str, Any]:
    """A turn-based table created by ``client``, signed in."""
    return create(_signed_in(client), mode="turn-based", **body)


def _join(client: TestClient, table: str) -> dict[str, Any]:
    """A seat taken at ``table`` by another person, signed in."""
    with _as_another(client) as cookies:
        r = client.post(f"/api/tables/{table}/join", json={})
    assert r.status_code == 200, r.text
    joined: dict[str, Any] = {**r.json(), "cookies": cookies}
    return joined


# ---------------------------------------------------------------------------- creating
@pytest.mark.parametrize(
    ("body", "field", "words"),
    [
        ({"mode": "turn-based", "turn_seconds": 60}, "turn_seconds", "days_per_move"),
        ({"mode": "turn-based", "fair_windows": False}, "fair_windows", "standing orders"),
        ({"mode": "live", "days_per_move": 3}, "days_per_move", "turn-based"),
        ({"mode": "live", "on_timeout": "forfeit"}, "on_timeout", "turn-based"),
        ({"mode": "turn-based", "days_per_move": 4}, "days_per_move", "1, 2, 3, 5, 7 or 14"),
        ({"mode": "by post"}, "mode", "live"),
    ],
)
def test_a_table_s_mode_and_its_clock_must_fit(
    client: TestClient, body: dict[str, Any], field: str, words: str
) -> None:
    r = client.post("/api/tables", json={"game": "kings-blood", "players": 2, **body})
    assert r.status_code == 422, r.text
    error = r.json()["error"]
    assert error["field"] == field and words in error["reason"].replace("'", "").replace('"', ""), error


def test_a_turn_based_table_gives_days_per_move_and_shows_its_deadline(make_client: AppFactory) -> None:
    """``days_per_move`` (3 by default) days of the server's length a decision; the description
    shows the mode, the days, and the deadline of the decision everyone sees, and whose it is."""
    client = make_client(day_seconds=100.0)
    t = _turn_based(client, game="kings-blood", players=2, seats=["human", "bot:random"], seed=3)
    info = client.get(f"/api/tables/{t['table']}").json()
    assert (info["mode"], info["days_per_move"], info["turn_seconds"]) == ("turn-based", 3, 300)
    with client.websocket_connect(f"/ws/tables/{t['table']}") as ws:
        _, frame = hello(ws, token=t["token"])
        frame = decide(ws, frame)
        info = client.get(f"/api/tables/{t['table']}").json()
        assert info["deadline_seat"] == 0 and frame["clock"]["seat"] == 0
        assert info["deadline"] == pytest.approx(frame["clock"]["deadline"])
        assert 290 <= info["deadline"] - frame["clock"]["now"] <= 300
    seven = _turn_based(client, game="kings-blood", players=2, seats=["human", "bot:random"], days_per_move=7)
    assert client.get(f"/api/tables/{seven['table']}").json()["turn_seconds"] == 700


# ---------------------------------------------------------------------------- time-outs
def test_a_deadline_that_passes_has_the_stand_in_play_that_decision_said_to_everyone(
    make_client: AppFactory, db_url: str
) -> None:
    """``on_timeout`` ``standin``: the stand-in plays the one decision (stored ``by`` clock), the
    log of everyone says the person's time ran out, and the person keeps the seat."""
    client = make_client(day_seconds=0.6)
    t = _turn_based(client, game="kings-blood", players=2, seats=["human", "human"], seed=4, days_per_move=1)
    joined = _join(client, t["table"])
    with client.websocket_connect(f"/ws/tables/{t['table']}") as spectator:
        hello(spectator, spectator=True)
        frame = until(spectator, "state")
        while not any(e["kind"] == "timed_out" for e in frame["events"]):
            frame = until(spectator, "state")
        note = next(e for e in frame["events"] if e["kind"] == "timed_out")
        assert "time ran out" in note["text"] and not note["private"]
    store = Store(db_url, migrate_schema=False)
    try:
        moves = store.moves_after(t["table"], 0)
        assert moves[0].by == "clock"
        assert store.table(t["table"])[1][moves[0].seat].controller == "human"  # type: ignore[index]
    finally:
        store.close()
    assert joined["seat"] == 1


def test_a_deadline_that_passes_at_a_forfeit_table_ranks_the_person_last(make_client: AppFactory) -> None:
    """``on_timeout`` ``forfeit``: the stand-in takes the seat for the rest of the game, the chat
    says so, taking it back is refused with words, and the result ranks the person last."""
    client = make_client(day_seconds=0.5, bot_move_seconds=0.0)
    t = _turn_based(
        client,
        game="kings-blood",
        players=2,
        seats=["human", "bot:random"],
        seed=8,
        days_per_move=1,
        on_timeout="forfeit",
    )
    with client.websocket_connect(f"/ws/tables/{t['table']}") as ws:
        ws.send_json({"type": "hello", "token": t["token"]})
        until(ws, "welcome")
        chat = until(ws, "chat", skip=("seats", "state", "pong"))
        assert "forfeits and ranks last" in chat["text"] and chat["seat"] is None
        ws.send_json({"type": "reclaim"})
        refused = until(ws, "error", skip=("seats", "state", "pong", "chat"))
        assert "forfeited" in refused["reason"]
        frame = until(ws, "state")
        while frame["status"] != "over":
            frame = until(ws, "state")
    result = frame["result"]
    assert result["forfeited"] == [0] and 0 not in result["winners"] and "forfeited" in result["text"]
    assert result["standings"][-1] == {"seat": 0, "rank": 2, "score": None}


# ---------------------------------------------------------------------------- notices
def test_your_turn_is_sent_once_to_a_person_away_and_never_to_one_at_the_table(make_client: AppFactory) -> None:
    """When a person's decision is shown and they have no socket open on the table, one notice
    (the table, the game, the deadline — nothing of the cards); none while they are at it."""
    recorder = Recorder()
    client = make_client(day_seconds=100.0, notices=recorder)
    t = _turn_based(client, game="kings-blood", players=2, seats=["human", "human"], seed=5)
    j = _join(client, t["table"])  # the table starts
    info = client.get(f"/api/tables/{t['table']}").json()
    first = info["deadline_seat"]
    _wait_for(lambda: len(recorder.sent) >= 1)
    assert recorder.sent == [
        {
            "account": recorder.sent[0]["account"],
            "table": t["table"],
            "game": "kings-blood",
            "deadline": info["deadline"],
            "reminder": False,
        }
    ]
    token = (t["token"], j["token"])[first]
    with client.websocket_connect(f"/ws/tables/{t['table']}") as ws:  # the first person plays their turn, there
        _, frame = hello(ws, token=token)
        while client.get(f"/api/tables/{t['table']}").json()["deadline_seat"] == first:
            assert act(ws, decide(ws, frame))["type"] == "accepted"
            frame = until(ws, "state")
    _wait_for(lambda: len(recorder.sent) >= 2)
    time.sleep(0.3)
    accounts = [n["account"] for n in recorder.sent]
    assert len(accounts) == 2 and accounts[0] != accounts[1]  # once each, in turn


def test_the_reminder_comes_before_the_deadline_once(make_client: AppFactory) -> None:
    recorder = Recorder()
    client = make_client(day_seconds=1.5, reminder_seconds=1.0, notices=recorder)
    t = _turn_based(client, game="kings-blood", players=2, seats=["human", "human"], seed=5, days_per_move=1)
    _join(client, t["table"])  # the table starts; nobody plays
    _wait_for(lambda: any(n["reminder"] for n in recorder.sent))
    reminder = next(n for n in recorder.sent if n["reminder"])
    assert reminder["deadline"] - time.time() <= 1.0
    assert sum(1 for n in recorder.sent if n["reminder"] and n["deadline"] == reminder["deadline"]) == 1


# ---------------------------------------------------------------------------- SRV-3: standing orders
def _three_turn_based(client: TestClient, seed: int) -> tuple[dict[str, Any], list[dict[str, Any]]]:
    t = _turn_based(client, game="trap", players=3, seats=["human", "human", "human"], seed=seed)
    joined = [_join(client, t["table"]) for _ in range(2)]
    return t, joined


def _messages(ws: WebSocketTestSession) -> list[dict[str, Any]]:
    """Every message until the pong answering a ping (what has arrived so far)."""
    ws.send_json({"type": "ping"})
    out = []
    while (m := ws.receive_json())["type"] != "pong":
        out.append(m)
    return out


def _shape(m: dict[str, Any]) -> Any:
    if m["type"] == "response":
        return ("response", m["open"], m["seat"])
    if m["type"] == "state":
        return ("state", m["step"], len(m["legal"]), tuple(e["kind"] for e in m["events"]))
    return (m["type"],)


def _world(client: TestClient, seed: int, order: str) -> dict[str, Any]:
    """P0 plays its first card at a turn-based trap table; P2's standing order for Trap windows
    is ``order``. Returns what each socket got until the period is over."""
    t, (j1, j2) = _three_turn_based(client, seed)
    table = f"/ws/tables/{t['table']}"
    with (
        client.websocket_connect(table) as p0,
        client.websocket_connect(table) as p1,
        client.websocket_connect(table) as p2,
        client.websocket_connect(table) as sp,
    ):
        _, f0 = hello(p0, token=t["token"])
        hello(p1, token=j1["token"])
        hello(p2, token=j2["token"])
        hello(sp, spectator=True)
        p2.send_json({"type": "prefs", "orders": {"trap": order}})
        assert until(p2, "prefs")["orders"] == {"trap": order}
        assert act(p0, decide(p0, f0))["type"] == "accepted"
        got: dict[str, list[dict[str, Any]]] = {"p0": [], "p1": [], "p2": [], "sp": []}
        deadline = time.monotonic() + 20
        while not any(m["type"] == "state" and m["step"] >= 1 for m in got["sp"]):
            assert time.monotonic() < deadline, "the period never ended"
            for key, ws in (("p0", p0), ("p1", p1), ("p2", p2), ("sp", sp)):
                got[key] += _messages(ws)
            time.sleep(0.05)
        time.sleep(0.2)
        for key, ws in (("p0", p0), ("p1", p1), ("p2", p2), ("sp", sp)):
            got[key] += _messages(ws)
    return {"got": got, "table": t["table"]}


def test_srv3_a_standing_order_to_pass_answers_at_once_and_nobody_can_tell(
    make_client: AppFactory, db_url: str
) -> None:
    """SRV-3: P2 holds the Trap; its standing order (``pass``) answers the hidden window at once
    (no stage for any person, ever); P0, P1 and the spectator get the same messages, steps and
    event kinds as at a table where nobody holds the Trap; P2 is told its order answered."""
    client = make_client(settle_seconds=0.05)
    window = _world(client, find_seed(3, "hidden"), "pass")
    nothing = _world(client, find_seed(3, "none"), "pass")
    for who in ("p0", "p1", "sp"):
        a = [_shape(m) for m in window["got"][who] if m["type"] != "seats"]
        b = [_shape(m) for m in nothing["got"][who] if m["type"] != "seats"]
        assert a == b, who
    for world in (window, nothing):
        for messages in world["got"].values():
            assert all(m["seat"] is None for m in messages if m["type"] == "response")  # no person's stage
    notes = [
        e for m in window["got"]["p2"] if m["type"] == "state" for e in m["events"] if e["kind"] == "played_for_you"
    ]
    assert [n["text"] for n in notes] == [ORDER_NOTE] and notes[0]["private"]
    store = Store(db_url, migrate_schema=False)
    try:
        moves = store.moves_after(window["table"], 0)
        assert [(m.seat, m.action, m.by, m.public) for m in moves[1:2]] == [(2, "pass", "order", False)]
    finally:
        store.close()


def test_srv3_the_bot_order_answers_for_the_person_at_once(make_client: AppFactory, db_url: str) -> None:
    """SRV-3's default order, ``bot``: the game's quick player answers P2's window from P2's
    information set at once (stored ``by`` order, springing or letting the card stand) and the
    table goes on without waiting for P2."""
    client = make_client(settle_seconds=0.05)
    world = _world(client, find_seed(3, "hidden"), "bot")
    assert all(m["seat"] is None for ms in world["got"].values() for m in ms if m["type"] == "response")
    store = Store(db_url, migrate_schema=False)
    try:
        answer = store.moves_after(world["table"], 0)[1]
        assert (answer.seat, answer.by) == (2, "order") and answer.action in ("pass", "spring")
    finally:
        store.close()


def test_srv3_a_standing_order_names_a_kind_of_window_of_the_game(client: TestClient) -> None:
    t = _turn_based(client, game="trap", players=2, seats=["human", "bot:random"], seed=1)
    with client.websocket_connect(f"/ws/tables/{t['table']}") as ws:
        hello(ws, token=t["token"])
        ws.send_json({"type": "prefs", "orders": {"knight": "pass"}})
        err = until(ws, "error", skip=("seats", "state", "pong", "response"))
        assert err["field"] == "orders.knight" and "trap" in err["reason"]
        ws.send_json({"type": "prefs", "orders": {"trap": "always"}})
        err = until(ws, "error", skip=("seats", "state", "pong", "response"))
        assert err["field"] == "orders.trap"


# ---------------------------------------------------------------------------- helpers
def _wait_for(ok: Any, seconds: float = 10.0) -> None:
    deadline = time.monotonic() + seconds
    while not ok():
        assert time.monotonic() < deadline, "timed out"
        time.sleep(0.05)


def test_a_deadline_is_kept_across_a_server_killed_and_restarted(serve: Any, db_url: str) -> None:
    """The deadline is in the database: a server killed (``SIGKILL``) before it passes and started
    again after has the stand-in play the late decision at once, as the table was created."""
    import httpx

    server = serve(db_url, extra=["--day-seconds", "1.5"])
    body = {"game": "kings-blood", "players": 2, "seats": ["human", "human"], "seed": 2, "mode": "turn-based"}
    with httpx.Client(base_url=server.base, timeout=30) as ann, httpx.Client(base_url=server.base, timeout=30) as bo:
        for person, name in ((ann, "ann"), (bo, "bo-b")):
            person.post("/api/accounts", json={"name": name, "password": PASSWORD}).raise_for_status()
        created = ann.post("/api/tables", json={**body, "days_per_move": 1}).json()
        bo.post(f"/api/tables/{created['table']}/join", json={}).raise_for_status()
        deadline = ann.get(f"/api/tables/{created['table']}").json()["deadline"]
    server.kill9()
    time.sleep(max(0.0, deadline - time.time()) + 0.5)  # the deadline passes while no server runs
    again = serve(db_url, extra=["--day-seconds", "1.5"])
    _wait_for(lambda: httpx.get(f"{again.base}/api/tables/{created['table']}", timeout=30).json()["step"] >= 1, 30)
    store = Store(db_url, migrate_schema=False)
    try:
        first = store.moves_after(created["table"], 0)[0]
        assert first.by == "clock" and first.at >= deadline
    finally:
        store.close()


# ---------------------------------------------------------------------------- the turns list
def _turns(client: TestClient, cookies: dict[str, str]) -> list[dict[str, Any]]:
    """``GET /api/me/turns`` as the person whose session ``cookies`` are."""
    with _as(client, cookies):
        r = client.get("/api/me/turns")
    assert r.status_code == 200, r.text
    assert r.headers["cache-control"] == "no-store"
    turns: list[dict[str, Any]] = r.json()["turns"]
    return turns


def test_the_turns_list_needs_a_session(client: TestClient) -> None:
    r = client.get("/api/me/turns")
    assert r.status_code == 401 and "sign in" in r.json()["error"]["reason"]


def test_the_turns_list_holds_the_tables_waiting_for_the_person_soonest_deadline_first(
    make_client: AppFactory,
) -> None:
    """Each table where the person has the decision now, with its deadline, the soonest first
    (a live table without a move clock last); a table leaves the list with the person's move and
    comes into the other person's."""
    client = make_client(day_seconds=100.0)
    _signed_in(client)
    host = dict(client.cookies)
    body = {"game": "kings-blood", "players": 2, "seats": ["human", "human"]}
    slow = _turn_based(client, **{**body, "days_per_move": 7, "seed": 11})
    fast = _turn_based(client, **{**body, "days_per_move": 1, "seed": 12})
    live = create(client, game="kings-blood", players=2, seats=["human", "bot:random"], seed=13)
    others = [_join(client, t["table"]) for t in (slow, fast)]
    firsts = {t["table"]: client.get(f"/api/tables/{t['table']}").json()["deadline_seat"] for t in (slow, fast)}
    mine = [t["table"] for t in (fast, slow) if firsts[t["table"]] == 0]
    mine.append(live["table"])  # a live table whose decision is the host's: listed, without a deadline, last
    _wait_for(lambda: [x["table"] for x in _turns(client, host)] == mine)
    *listed, at_live = _turns(client, host)
    assert (at_live["mode"], at_live["deadline"], at_live["days_per_move"]) == ("live", None, None)
    for entry in listed:
        info = client.get(f"/api/tables/{entry['table']}").json()
        assert entry["seat"] == 0 and entry["deadline"] == pytest.approx(info["deadline"])
        assert entry["mode"] == "turn-based" and entry["game"] == "kings-blood"
    assert [x["deadline"] for x in listed] == sorted(x["deadline"] for x in listed)
    # the person moves at the soonest table: it leaves their list and enters the other person's
    table = listed[0]["table"]
    other = others[(slow["table"], fast["table"]).index(table)]
    with client.websocket_connect(f"/ws/tables/{table}") as ws:
        _, frame = hello(ws, token=(fast if table == fast["table"] else slow)["token"])
        while client.get(f"/api/tables/{table}").json()["deadline_seat"] == 0:
            assert act(ws, decide(ws, frame))["type"] == "accepted"
            frame = until(ws, "state")
    assert table not in [x["table"] for x in _turns(client, host)]
    assert table in [x["table"] for x in _turns(client, other["cookies"])]


# ---------------------------------------------------------------------------- whole games
FIVE_GAMES = [
    ("kings-blood", 2, {}),
    ("kings-family", 1, {}),
    ("kingship", 4, {"max_turns": 12}),
    ("blood-and-fortune", 3, {}),
    ("kingdom", 2, {"max_turns": 8}),
]


def _play_one_decision(client: TestClient, table: str, cookies: dict[str, str], rng: random.Random) -> bool:
    """Open a socket at ``table`` as the person of ``cookies`` (their session), make the decision
    the table shows them (a legal choice drawn by ``rng``), and close it. Returns ``False`` when
    the table shows them none (a response period answered by standing orders may be under way)."""
    with _as(client, cookies), client.websocket_connect(f"/ws/tables/{table}") as ws:
        _, frame = hello(ws, session=True)
        if not frame["legal"] or frame["status"] != "running":
            return False
        frame = decide(ws, frame)
        answer = act(ws, frame, rng.choice(frame["legal"])["text"])
        assert answer["type"] == "accepted", answer
        return True


@pytest.mark.parametrize(("game", "players", "options"), FIVE_GAMES, ids=[g for g, _, _ in FIVE_GAMES])
def test_a_turn_based_game_between_accounts_is_played_to_its_end_with_sockets_closed_between_moves(
    make_client: AppFactory, game: str, players: int, options: dict[str, Any]
) -> None:
    """Every person is an account; each decision is made on a socket opened for it and closed
    after, found through the person's turns list — as people who come back once a day play.
    Hidden response windows are answered by standing orders (SRV-3), so nobody is ever asked
    out of turn; the game ends with a result."""
    client = make_client(day_seconds=100.0)
    _signed_in(client)
    t = _turn_based(client, game=game, players=players, seats=["human"] * players, seed=7, options=options)
    people = [dict(client.cookies)] + [_join(client, t["table"])["cookies"] for _ in range(players - 1)]
    moves, idle, rng = 0, 0, random.Random(7)
    while (info := client.get(f"/api/tables/{t['table']}").json())["status"] != "over":
        waiting = [(i, p) for i, p in enumerate(people) if t["table"] in [x["table"] for x in _turns(client, p)]]
        assert len(waiting) <= 1, "one person decides at a time"
        again = client.get(f"/api/tables/{t['table']}").json()
        if waiting and again == info:  # (the table still as read): its description names that person's deadline
            assert info["deadline_seat"] == waiting[0][0], (info, waiting[0][0])
        if waiting and _play_one_decision(client, t["table"], waiting[0][1], rng):
            moves, idle = moves + 1, 0
        else:
            idle += 1
            time.sleep(0.05)
        assert idle < 100, f"nobody's turn for 5 s at step {info['step']}: {info}"
        assert moves < 2000, "the game should have ended"
    info = client.get(f"/api/tables/{t['table']}").json()
    assert info["result"] is not None and moves >= 2
    assert all(_turns(client, p) == [] for p in people)
