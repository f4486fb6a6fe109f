"""Lesson sessions over HTTP (regalia.server.lessons): the courses, a wrong move explained and
taken back, the stars, refusals naming the field, and only the learner's own information."""

from __future__ import annotations

import json

from fastapi.testclient import TestClient

from regalia.core.lessons import load_course


def _start(client: TestClient, game: str, lesson: str) -> dict:  # type: ignore[type-arg]
    r = client.post(f"/api/lessons/{game}/{lesson}")
    assert r.status_code == 201, r.text
    return r.json()  # type: ignore[no-any-return]


def test_the_courses_are_listed_with_their_lessons(client: TestClient) -> None:
    data = client.get("/api/lessons").json()
    games = [c["game"] for c in data["courses"]]
    assert games == ["kings-family", "kings-blood", "kingship", "blood-and-fortune", "kingdom"]  # a learning order
    kf = next(c for c in data["courses"] if c["game"] == "kings-family")
    assert [x["id"] for x in kf["lessons"]] == [x.id for x in load_course("kings-family").lessons]
    assert kf["lessons"][0] == {
        "id": "active-cards",
        "number": 1,
        "title": "Play beside an Active card",
        "section": "Game Procedure: playing cards (the rules of King's Blood)",
        "par": 1,
        "whole_game": False,
        "players": 1,
    }
    assert client.get("/learn").headers["content-type"].startswith("text/html")


def test_a_wrong_move_is_explained_and_taken_back(client: TestClient) -> None:
    f = _start(client, "kings-family", "active-cards")
    assert f["goal"].startswith("Play a Money (green) Character") and "hand:M4f" in f["highlight"]
    assert f["legal"] and f["status"] == "running"
    r = client.post(f"/api/lessons/sessions/{f['session']}", json={"action": "enthrone M7f"})
    assert r.status_code == 200
    g = r.json()
    assert g["attempt"]["ok"] is False and "Enthronement is an Event" in g["attempt"]["text"]
    assert g["attempt"]["rule"]["id"] == "KB-T1"
    assert g["view"] == f["view"] and g["step"] == f["step"] and g["mistakes"] == 1
    h = client.post(f"/api/lessons/sessions/{f['session']}", json={"action": "play M9f left of M7f"}).json()
    assert h["attempt"]["ok"] and h["finished"] and h["stars"] == 2
    assert h["next_lesson"]["id"] == "marriage"
    assert h["legal"] == []


def test_an_illegal_move_is_refused_naming_the_rule(client: TestClient) -> None:
    f = _start(client, "kings-family", "1")
    r = client.post(f"/api/lessons/sessions/{f['session']}", json={"action": "draw"})
    assert r.status_code == 422
    assert r.json()["error"]["field"] == "action" and "KF-2" in r.json()["error"]["reason"]
    assert client.get(f"/api/lessons/sessions/{f['session']}").json()["mistakes"] == 0


def test_unknown_lessons_and_sessions_are_refused(client: TestClient) -> None:
    assert client.post("/api/lessons/kings-family/flying").status_code == 404
    assert client.post("/api/lessons/chess/1").status_code == 404
    r = client.post("/api/lessons/sessions/nope", json={"action": "draw"})
    assert r.status_code == 404 and r.json()["error"]["field"] == "session"
    f = _start(client, "kings-family", "1")
    r = client.post(f"/api/lessons/sessions/{f['session']}", json={"action": "draw", "extra": 1})
    assert r.status_code == 422


def test_a_frame_holds_only_the_learners_information(client: TestClient) -> None:
    """The other seats' scripted moves and hands never reach the learner's frame."""
    f = _start(client, "kingship", "laws")
    assert f["seat"] == 3 and f["view"]["seat"] == 3
    text = json.dumps(f)
    lesson = load_course("kingship").lesson("laws")
    assert "deny" not in {c["text"] for c in f["legal"]}
    assert '"move"' not in text
    others = [h for s, h in enumerate(f["view"].get("hands", [])) if s != 3] if "hands" in f["view"] else []
    assert all(not h for h in others)
    assert f["setup_moves"] == len(lesson.actions) and f["events"]


def test_a_whole_game_lesson_plays_to_the_end(client: TestClient) -> None:
    f = _start(client, "kingdom", "whole-game")
    moves = 0
    while not f["finished"]:
        assert f["legal"], f
        f = client.post(f"/api/lessons/sessions/{f['session']}", json={"action": f["legal"][0]["text"]}).json()
        moves += 1
        assert moves < 2000
    assert f["status"] == "over" and f["result"] is not None and f["stars"] in (2, 3)
    assert f["next_lesson"] is None
