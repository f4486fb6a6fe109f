"""Bots that cannot stall a server (issue 20, item 3): bot specs bounded by the server's
settings, every bot job with a time limit (a worker that overruns is killed and replaced), and
fair turns across tables (one table's bots or hints never starve another's)."""

from __future__ import annotations

import asyncio
import json
import time
from pathlib import Path
from typing import Any

import httpx
import pytest
from fastapi.testclient import TestClient
from websockets.sync.client import connect

from regalia.bots import Budget, make_bot
from regalia.bots.ismcts import LEVELS
from regalia.server.bots import BotPool, BotTimeout
from regalia.server.settings import ServerSettings

from .botwork import job, sleepy
from .conftest import AppFactory
from .helpers import act, create, decide, hello


# ---------------------------------------------------------------------------- specs
def test_bots_state_their_decision_budget() -> None:
    assert make_bot("heuristic", "kingdom").decision_budget() == Budget(0, None)
    assert make_bot("ismcts:hard", "kingdom").decision_budget() == Budget(LEVELS["hard"], None)
    assert make_bot("ismcts:5000", "kingship").decision_budget() == Budget(5000, None)
    assert make_bot("ismcts:600s", "kingdom").decision_budget() == Budget(None, 600.0)
    # King's Family's search: 6 draw orders a round for 12, 6, 3 and 1 candidates
    assert make_bot("search", "kings-family").decision_budget() == Budget(6 * 22, None)
    assert make_bot("search:0.5s", "kings-family").decision_budget() == Budget(6 * 22, 0.5)


def test_the_default_rollout_bound_is_the_hard_level() -> None:
    assert ServerSettings(db_url="sqlite://").bot_max_rollouts == LEVELS["hard"]


@pytest.mark.parametrize(
    ("spec", "limit"),
    [("ismcts:600s", "bot_max_seconds"), ("ismcts:2.5s", "bot_max_seconds"), ("ismcts:5000", "bot_max_rollouts")],
)
def test_a_bot_over_the_servers_budget_is_refused_naming_the_limit(client: TestClient, spec: str, limit: str) -> None:
    r = client.post("/api/tables", json={"game": "kingdom", "players": 2, "seats": ["human", f"bot:{spec}"]})
    assert r.status_code == 422
    error = r.json()["error"]
    assert error["field"] == "seats[1]" and limit in error["reason"] and spec in error["reason"]
    assert ("2 s" if limit == "bot_max_seconds" else "960") in error["reason"]
    assert client.get("/api/tables").json()["tables"] == []  # nothing was created


def test_a_standin_over_the_budget_is_refused_and_bots_within_it_are_seated(client: TestClient) -> None:
    r = client.post("/api/tables", json={"game": "kingdom", "players": 2, "standin": "ismcts:3s"})
    assert r.status_code == 422 and r.json()["error"]["field"] == "standin"
    assert "bot_max_seconds" in r.json()["error"]["reason"]
    ok = client.post(
        "/api/tables",
        json={
            "game": "kingdom",
            "players": 3,
            "seats": ["human", "bot:ismcts:hard", "bot:ismcts:2s"],
            "standin": "random",
        },
    )
    assert ok.status_code == 201, ok.text
    r = client.post("/api/tables", json={"game": "kings-family", "players": 1, "seats": ["bot:search:600s"]})
    assert r.status_code == 422 and "600 s" in r.json()["error"]["reason"]
    assert (
        client.post("/api/tables", json={"game": "kings-family", "players": 1, "seats": ["bot:search"]}).status_code
        == 201
    )


def test_a_server_with_a_lower_bound_offers_only_the_bots_it_allows(make_client: AppFactory) -> None:
    client = make_client(bot_max_rollouts=LEVELS["medium"])
    kingdom = next(g for g in client.get("/api/games").json()["games"] if g["name"] == "kingdom")
    specs = [b["spec"] for b in kingdom["bots"]]
    assert "ismcts:medium" in specs and "ismcts:hard" not in specs and "heuristic" in specs
    r = client.post("/api/tables", json={"game": "kingdom", "players": 2, "seats": ["human", "bot:ismcts:hard"]})
    assert r.status_code == 422 and f"at most {LEVELS['medium']}" in r.json()["error"]["reason"]


def test_settings_refuse_a_job_limit_below_the_bots_budget() -> None:
    with pytest.raises(ValueError, match="bot_job_seconds"):
        ServerSettings(db_url="sqlite://", bot_max_seconds=5, bot_job_seconds=4)


# ---------------------------------------------------------------------------- the pool
def test_fair_turns_a_table_asking_for_many_jobs_waits_behind_the_others() -> None:
    """One worker; table A asks for five jobs at once, then B and C for one each: after A's
    first, B and C go before A's second, and A never has two jobs running."""

    async def scenario() -> tuple[list[str], list[str]]:
        pool = BotPool(0, job_seconds=30, worker=sleepy)
        try:
            many = [asyncio.ensure_future(pool.choose(job("A", 0.05, seat=i))) for i in range(5)]
            await asyncio.sleep(0)
            others = [asyncio.ensure_future(pool.choose(job(t, 0.01))) for t in ("B", "C")]
            answers = await asyncio.gather(*many, *others)
            return list(pool.started), answers
        finally:
            pool.close()

    started, answers = asyncio.run(scenario())
    assert started == ["A", "B", "C", "A", "A", "A", "A"]
    assert [a.split(":")[1] for a in answers] == ["A"] * 5 + ["B", "C"]


def test_thread_mode_a_job_over_the_limit_raises_bot_timeout_and_the_thread_runs_on() -> None:
    async def scenario() -> tuple[BaseException | None, str, float]:
        pool = BotPool(0, job_seconds=0.2, worker=sleepy)
        try:
            slow = asyncio.ensure_future(pool.choose(job("slow", 1.0)))
            quick = asyncio.ensure_future(pool.choose(job("quick", 0.0)))
            err: BaseException | None = None
            try:
                await slow
            except BotTimeout as exc:
                err = exc
            timed_out_at = time.monotonic()
            answer = await quick  # waits for the thread, which finishes the slow job first
            return err, answer, time.monotonic() - timed_out_at
        finally:
            pool.close()

    err, answer, _ = asyncio.run(scenario())
    assert isinstance(err, BotTimeout) and "bot_job_seconds" in str(err) and err.job.table == "slow"
    assert answer.endswith(":quick")


def test_process_mode_a_job_over_the_limit_kills_its_worker_and_a_new_one_takes_the_next_job() -> None:
    async def scenario() -> tuple[str, BaseException | None, str]:
        pool = BotPool(1, job_seconds=1.0, worker=sleepy)
        try:
            first = await pool.choose(job("T", 0.0))
            err: BaseException | None = None
            try:
                await pool.choose(job("T", 120.0))
            except BotTimeout as exc:
                err = exc
            after = await pool.choose(job("U", 0.0))
            return first, err, after
        finally:
            await asyncio.to_thread(pool.close)

    first, err, after = asyncio.run(scenario())
    assert isinstance(err, BotTimeout)
    assert first.split(":")[0] != after.split(":")[0]  # the stuck worker was replaced


# ---------------------------------------------------------------------------- a real server
def _wait(check: Any, seconds: float = 120.0) -> Any:
    deadline = time.monotonic() + seconds
    while True:
        value = check()
        if value:
            return value
        assert time.monotonic() < deadline, "gave up waiting"
        time.sleep(0.1)


def test_one_worker_a_stuck_bot_table_does_not_stall_another_tables_bots_nor_a_hint(serve: Any, tmp_path: Path) -> None:
    """The issue's attack: a table of ``ismcts:600s`` bots (created here by a server that
    allowed such bots; today's refuse them, but a table keeps its seats) on a server of one
    worker whose jobs may run 2 s. Each of the stuck table's jobs is killed and its fallback
    played; meanwhile a table of quick bots keeps moving and a hint at a third table is
    answered."""
    db = f"sqlite:///{tmp_path / 'r.db'}"
    lax = serve(db, bot_processes=1, extra=["--bot-max-seconds", "600", "--bot-job-seconds", "600"])
    body = {"game": "kingdom", "players": 2, "seats": ["bot:ismcts:600s"] * 2, "seed": 3}
    stuck = httpx.post(f"{lax.base}/api/tables", json=body, timeout=60).json()["table"]
    lax.stop()
    server = serve(db, bot_processes=1, extra=["--bot-job-seconds", "2"])
    base = server.base
    refused = httpx.post(f"{base}/api/tables", json=body, timeout=60)
    assert refused.status_code == 422 and "bot_max_seconds" in refused.text
    _wait(lambda: httpx.get(f"{base}/api/tables/{stuck}", timeout=60).json()["step"] >= 1, 60)  # a job was killed
    quick = httpx.post(
        f"{base}/api/tables",
        json={"game": "kingdom", "players": 3, "seats": ["bot:heuristic"] * 3, "seed": 4},
        timeout=60,
    ).json()["table"]
    stuck_then = httpx.get(f"{base}/api/tables/{stuck}", timeout=60).json()["step"]
    # the quick table moves many times while the stuck one makes a few (fallback) moves
    _wait(lambda: httpx.get(f"{base}/api/tables/{quick}", timeout=60).json()["step"] >= 12, 120)
    assert httpx.get(f"{base}/api/tables/{stuck}", timeout=60).json()["step"] - stuck_then <= 12
    alone = httpx.post(
        f"{base}/api/tables",
        json={"game": "kingdom", "players": 2, "seats": ["human", "bot:heuristic"], "seed": 5},
        timeout=60,
    ).json()
    with connect(f"{server.ws}/ws/tables/{alone['table']}") as ws:
        ws.send(json.dumps({"type": "hello", "token": alone["token"]}))
        while True:  # until it is this person's decision (a turn of a response period asks nothing: continue)
            m = json.loads(ws.recv(timeout=120))
            if m["type"] != "state" or not m["legal"]:
                continue
            if [c["text"] for c in m["legal"]] != ["continue"]:
                break
            ws.send(json.dumps({"type": "act", "step": m["step"], "decision": m["decision"], "action": "continue"}))
        ws.send(json.dumps({"type": "hint"}))
        while True:
            m = json.loads(ws.recv(timeout=60))
            if m["type"] in ("hint", "error"):
                break
    assert m["type"] == "hint" and m["bot"] == "heuristic" and m["action"], m
    server.stop()
    assert "no move within 2 s (bot_job_seconds)" in (tmp_path / "serve.err").read_text()


def test_hints_asked_again_and_again_are_worked_out_one_at_a_time(make_client: AppFactory) -> None:
    """A hint is a job of its table's turn, one at a time per socket: asked again while one is
    being worked out, the socket is told it comes next; the table plays on."""
    client = make_client(max_refusals=1000)
    t = create(client, game="kingdom", players=2, seats=["human", "bot:heuristic"], seed=11)
    with client.websocket_connect(f"/ws/tables/{t['table']}") as ws:
        _, frame = hello(ws, token=t["token"])
        frame = decide(ws, frame)
        for _ in range(5):
            ws.send_json({"type": "hint"})
        answers = []
        while len(answers) < 5:
            m = ws.receive_json()
            if m["type"] in ("hint", "error"):
                answers.append(m)
        hints = [m for m in answers if m["type"] == "hint"]
        waits = [m for m in answers if m["type"] == "error"]
        assert len(hints) >= 1 and all(h["action"] in {c["text"] for c in frame["legal"]} for h in hints)
        assert all("comes next" in m["reason"] for m in waits)
        assert act(ws, frame, hints[0]["action"])["type"] == "accepted"
