"""Web Push notices (issue 37): the VAPID keys made once, the subscriptions' rows, and the sender
posting to a push service of the test's own (``pushservice.py``), where each notice is decrypted
as RFC 8291 says with the browser's keys and its VAPID signature checked.
"""

from __future__ import annotations

import asyncio
import json
import logging
import threading
from collections.abc import Iterator
from typing import Any

import pytest
from sqlalchemy import insert, select

from regalia.server.push.keys import load_or_make
from regalia.server.push.payload import TurnNotice, table_path
from regalia.server.push.sender import VAPID_SECONDS
from regalia.server.push.service import Push, start_push
from regalia.server.push.subscriptions import Added, Subscriptions
from regalia.server.schema import AccountRow, PushSubscriptionRow, ServerKeyRow
from regalia.server.settings import ServerSettings
from regalia.server.store import Store

from .pushservice import Browser, LocalPushService, vapid_claims

NOW = 1_800_000_000.0
"""The tests' fixed time (2027-01-15): no test reads the clock."""
CONTACT = "mailto:operator@example.org"


@pytest.fixture
def push_service() -> Iterator[LocalPushService]:
    service = LocalPushService()
    yield service
    service.close()


def _account(store: Store, name: str) -> int:
    with store.engine.begin() as conn:
        return int(
            conn.execute(
                insert(AccountRow)
                .values(name=name, name_key=name.lower(), password_hash=None, user_handle=f"h-{name}", created_at=NOW)
                .returning(AccountRow.id)
            ).scalar_one()
        )


def _rows(store: Store) -> dict[str, float | None]:
    with store.engine.connect() as conn:
        return {e: s for e, s in conn.execute(select(PushSubscriptionRow.endpoint, PushSubscriptionRow.sent_at))}


def _settings(url: str, service: LocalPushService | None = None, **over: object) -> ServerSettings:
    services = (service.origin,) if service else ()
    fields: dict[str, object] = {"push_contact": CONTACT, "push_services": services, **over}
    return ServerSettings(db_url=url, **fields)  # type: ignore[arg-type]


def _run_push(settings: ServerSettings, job: object) -> object:
    """Run ``job(push, store)`` on a fresh store and Web Push, closing both after."""

    async def main() -> object:
        store = await asyncio.to_thread(Store, settings.db_url)
        push = await start_push(settings, store, clock=lambda: NOW)
        try:
            return await job(push, store)  # type: ignore[operator]
        finally:
            await push.close()
            store.close()

    return asyncio.run(main())


async def _subscribe(push: Push, account: int, browser: Browser) -> Added:
    sub = browser.subscription()
    done, _ = await push.subscribe(account, sub["endpoint"], sub["keys"]["p256dh"], sub["keys"]["auth"])
    return done


# ---------------------------------------------------------------------- the keys


def test_the_key_pair_is_made_once_and_shared_by_processes_starting_together(db_url: str) -> None:
    store = Store(db_url)
    try:
        got: list[str] = []
        barrier = threading.Barrier(4)

        def start() -> None:
            barrier.wait()
            got.append(load_or_make(store.engine, NOW).public)

        threads = [threading.Thread(target=start) for _ in range(4)]
        for t in threads:
            t.start()
        for t in threads:
            t.join()
        assert len(set(got)) == 1 and len(got[0]) == 87  # one pair: a 65-byte point in base64url
        assert load_or_make(store.engine, NOW + 1).public == got[0]  # a restart reads it back
        with store.engine.connect() as conn:
            assert sorted(conn.execute(select(ServerKeyRow.name))) == [("vapid_private",), ("vapid_public",)]
    finally:
        store.close()


# ---------------------------------------------------------------------- subscriptions


def test_a_browser_subscribed_again_replaces_its_row_and_the_cap_holds(db_url: str) -> None:
    store = Store(db_url)
    try:
        subs = Subscriptions(store.engine)
        ann, bob = _account(store, "ann"), _account(store, "bob")
        assert subs.add(ann, "https://p.example/1", "k1", "a1", NOW, 2) == (Added.NEW, 1)
        assert subs.add(ann, "https://p.example/1", "k2", "a2", NOW, 2) == (Added.REPLACED, 1)
        assert subs.add(ann, "https://p.example/2", "k3", "a3", NOW, 2) == (Added.NEW, 2)
        assert subs.add(ann, "https://p.example/3", "k4", "a4", NOW, 2) == (Added.FULL, 2)
        assert [(s.endpoint, s.p256dh) for s in subs.of_account(ann, 10)] == [
            ("https://p.example/1", "k2"),
            ("https://p.example/2", "k3"),
        ]
        # the same browser, now signed in to bob: the endpoint's notices are bob's
        assert subs.add(bob, "https://p.example/1", "k5", "a5", NOW, 2) == (Added.REPLACED, 1)
        assert [s.endpoint for s in subs.of_account(ann, 10)] == ["https://p.example/2"]
        assert not subs.remove(ann, "https://p.example/1")  # bob's now: ann cannot remove it
        assert subs.remove(bob, "https://p.example/1") and subs.count(bob) == 0
        assert subs.add(ann + bob + 100, "https://p.example/9", "k", "a", NOW, 2) == (Added.NO_ACCOUNT, 0)
    finally:
        store.close()


# ---------------------------------------------------------------------- the sender


def test_a_notice_is_encrypted_to_the_browser_signed_and_carries_only_table_game_deadline_and_url(
    sqlite_url: str, push_service: LocalPushService
) -> None:
    browser = push_service.browser("/push/ann")
    deadline = NOW + 3 * 86400

    async def job(push: Push, store: Store) -> None:
        ann = _account(store, "ann")
        assert await _subscribe(push, ann, browser) is Added.NEW
        await push.notices.your_turn(ann, "tbl_A-1", "kingship", deadline, reminder=False)
        await push.notices.your_turn(ann, "tbl_A-1", "kingship", NOW + 7200, reminder=True)
        await push.notices.drain()
        assert _rows(store)[browser.endpoint] == NOW  # sent_at noted
        return None

    settings = _settings(sqlite_url, push_service)
    _run_push(settings, job)
    store = Store(sqlite_url)
    key = load_or_make(store.engine, NOW).public
    store.close()
    notices = sorted(push_service.received, key=lambda r: int(r.headers["ttl"]), reverse=True)
    assert len(notices) == 2
    for got, reminder, ttl, urgency, when in (
        (notices[0], False, "43200", "normal", deadline),
        (notices[1], True, "7200", "high", NOW + 7200),
    ):
        assert got.path == "/push/ann"
        assert got.headers["content-encoding"] == "aes128gcm"
        assert got.headers["ttl"] == ttl  # 12 h at most; never past the deadline
        assert got.headers["urgency"] == urgency
        assert len(got.headers["topic"]) == 32 and "tbl_A-1" not in got.headers["topic"]
        claims = vapid_claims(got.headers["authorization"], key)
        assert claims == {"aud": push_service.origin, "sub": CONTACT, "exp": int(NOW) + VAPID_SECONDS}
        payload = json.loads(browser.decrypt(got.body))
        assert payload == {
            "type": "your-turn",
            "table": "tbl_A-1",
            "game": "kingship",
            "deadline": when,
            "reminder": reminder,
            "url": "/table.html?t=tbl_A-1",
        }
    # the same table's notices share their topic (a reminder replaces a notice still waiting)
    assert notices[0].headers["topic"] == notices[1].headers["topic"]


def test_subscriptions_answered_404_and_410_are_deleted_and_one_answered_500_kept(
    sqlite_url: str, push_service: LocalPushService, caplog: pytest.LogCaptureFixture
) -> None:
    push_service.status.update({"/404": 404, "/410": 410, "/500": 500})
    browsers = {p: push_service.browser(p) for p in ("/ok", "/404", "/410", "/500")}

    async def job(push: Push, store: Store) -> dict[int, str]:
        ann = _account(store, "ann")
        for b in browsers.values():
            await _subscribe(push, ann, b)
        return await push.notices.deliver(TurnNotice(ann, "t1", "kingdom", NOW + 86400, False))

    with caplog.at_level(logging.INFO, logger="regalia.server.push"):
        outcomes = _run_push(_settings(sqlite_url, push_service), job)
    assert sorted(outcomes.values()) == ["gone", "gone", "refused", "sent"]  # type: ignore[attr-defined]
    store = Store(sqlite_url)
    rows = _rows(store)
    store.close()
    assert sorted(rows) == [browsers["/500"].endpoint, browsers["/ok"].endpoint]
    assert rows[browsers["/ok"].endpoint] == NOW and rows[browsers["/500"].endpoint] is None
    assert "refused the notice (500)" in caplog.text and "is gone (410): deleted" in caplog.text
    assert "/410" not in caplog.text and "/500" not in caplog.text  # no endpoint path in a log line


def test_a_push_service_that_does_not_answer_in_time_is_given_up_and_kept(
    sqlite_url: str, push_service: LocalPushService, caplog: pytest.LogCaptureFixture
) -> None:
    push_service.delay["/slow"] = 30.0
    slow = push_service.browser("/slow")

    async def job(push: Push, store: Store) -> dict[int, str]:
        ann = _account(store, "ann")
        await _subscribe(push, ann, slow)
        return await push.notices.deliver(TurnNotice(ann, "t1", "kingdom", NOW + 86400, False))

    with caplog.at_level(logging.WARNING, logger="regalia.server.push"):
        outcomes = _run_push(_settings(sqlite_url, push_service, push_timeout_seconds=1.0), job)
    push_service.release.set()
    assert list(outcomes.values()) == ["failed"]  # type: ignore[attr-defined]
    assert "TimeoutError" in caplog.text
    store = Store(sqlite_url)
    assert list(_rows(store)) == [slow.endpoint]
    store.close()


def test_the_queue_is_bounded_and_your_turn_never_waits(sqlite_url: str, push_service: LocalPushService) -> None:
    browser = push_service.browser("/b")

    async def job(push: Push, store: Store) -> tuple[int, int]:
        ann = _account(store, "ann")
        await _subscribe(push, ann, browser)
        for n in range(5):  # no await in your_turn suspends: the worker has taken nothing yet
            await push.notices.your_turn(ann, f"t{n}", "kingdom", NOW + 86400, reminder=False)
        waiting = push.notices.waiting
        await push.notices.drain()
        return waiting, push.notices.dropped

    waiting, dropped = _run_push(_settings(sqlite_url, push_service, push_queue=2), job)  # type: ignore[misc]
    assert (waiting, dropped) == (2, 3)
    assert sorted(r.path for r in push_service.received) == ["/b", "/b"]


def test_nothing_is_sent_with_push_off_past_the_deadline_or_to_a_service_no_longer_listed(
    sqlite_url: str, push_service: LocalPushService
) -> None:
    browser = push_service.browser("/b")

    async def job(push: Push, store: Store) -> list[object]:
        ann = _account(store, "ann")
        with store.engine.begin() as conn:  # stored while the service was listed
            sub = browser.subscription()
            conn.execute(
                insert(PushSubscriptionRow).values(
                    account_id=ann, endpoint=sub["endpoint"], created_at=NOW, **sub["keys"]
                )
            )
        await push.notices.your_turn(ann, "t1", "kingdom", NOW + 86400, reminder=False)
        queued = push.notices.waiting
        await push.notices.drain()
        late = await push.notices.deliver(TurnNotice(ann, "t1", "kingdom", NOW - 1, False))
        return [queued, late]

    off = _settings(sqlite_url, push_service, push_contact="")
    assert _run_push(off, job) == [0, {1: "skipped"}]  # push off: nothing queued; past the deadline: skipped
    unlisted = _settings(sqlite_url.replace("regalia.db", "other.db"))
    assert _run_push(unlisted, job) == [1, {1: "skipped"}]
    assert push_service.received == []


def test_the_table_page_of_a_notice_is_a_path_of_the_site() -> None:
    assert table_path("abc_-9") == "/table.html?t=abc_-9"
    assert table_path("a/b?c") == "/table.html?t=a%2Fb%3Fc"


@pytest.mark.parametrize(
    ("endpoint", "allowed"),
    [
        ("https://fcm.googleapis.com/fcm/send/abc:def", True),
        ("https://web.push.apple.com/QGx-1", True),
        ("https://wns2-by3p.notify.windows.com/w/?token=AQ", True),
        ("https://updates.push.services.mozilla.com/wpush/v2/gAAA", True),
        ("http://fcm.googleapis.com/fcm/send/abc", False),  # a host suffix is for HTTPS only
        ("https://fcm.googleapis.com:8443/fcm/send/abc", False),  # ... on its default port
        ("https://evilfcm.googleapis.com.example.org/x", False),
        ("https://notfcm.googleapis.com/x", False),
        ("https://user@fcm.googleapis.com/x", False),
        ("https://10.0.0.1/admin", False),
        ("http://127.0.0.1:8123/push/1", True),  # a listed origin, exactly
        ("http://127.0.0.1:8124/push/1", False),
        ("https://fcm.googleapis.com/a b", False),
        ("fcm.googleapis.com/fcm", False),
    ],
)
def test_only_endpoints_at_the_listed_push_services_are_taken(endpoint: str, allowed: bool) -> None:
    from regalia.server.push.endpoints import refusal
    from regalia.server.settings import DEFAULT_PUSH_SERVICES

    assert (refusal(endpoint, (*DEFAULT_PUSH_SERVICES, "http://127.0.0.1:8123")) is None) is allowed


@pytest.mark.parametrize(
    ("fields", "named"),
    [
        ({"push_contact": "admin@example.org"}, "push_contact"),
        ({"push_contact": "https://example.org/contact"}, "push_contact"),
        ({"push_services": ("push service",)}, "push_services"),
        ({"push_services": ("ftp://push.example.org",)}, "push_services"),
        ({"push_ttl_seconds": 86400}, "push_ttl_seconds"),
        ({"push_workers": 0}, "push_workers"),
        ({"push_queue": 0}, "push_queue"),
        ({"push_timeout_seconds": 0.1}, "push_timeout_seconds"),
        ({"push_subscriptions_per_account": 0}, "push_subscriptions_per_account"),
    ],
)
def test_push_settings_are_checked_naming_the_setting(fields: dict[str, object], named: str) -> None:
    with pytest.raises(ValueError, match=f"^{named}: "):
        ServerSettings(db_url="sqlite://", **fields)  # type: ignore[arg-type]
    ok = ServerSettings(db_url="sqlite://", push_contact="https://cards.example.org")
    assert ok.push_on and not ServerSettings(db_url="sqlite://").push_on


@pytest.mark.parametrize("db_url", ["sqlite"], indirect=True)
def test_an_absent_persons_turn_reaches_their_browser_through_the_master(
    make_client: Any, push_service: LocalPushService
) -> None:
    """End to end: a turn-based table's master, given the process's PushNotices, sends the
    person whose turn it is — away from the table — one notice, which their browser decrypts."""
    from .test_turn_based import _bind_accounts, _turn_based, _wait_for

    client = make_client(day_seconds=100.0, push_contact=CONTACT, push_services=(push_service.origin,))
    t = _turn_based(client, game="kings-blood", players=2, seats=["human", "human"], seed=5)
    _bind_accounts(client, t["table"])  # accounts 100 and 101
    store = client.app.state.services.store
    browsers = [push_service.browser(f"/push/{n}") for n in (0, 1)]
    for n, b in enumerate(browsers):
        sub = b.subscription()
        Subscriptions(store.engine).add(100 + n, sub["endpoint"], sub["keys"]["p256dh"], sub["keys"]["auth"], NOW, 10)
    client.post(f"/api/tables/{t['table']}/join", json={})  # the table starts; nobody is at it
    info = client.get(f"/api/tables/{t['table']}").json()
    first = info["deadline_seat"]
    _wait_for(lambda: len(push_service.received) >= 1)
    got = push_service.received[0]
    assert got.path == f"/push/{first}"
    assert json.loads(browsers[first].decrypt(got.body)) == {
        "type": "your-turn",
        "table": t["table"],
        "game": "kings-blood",
        "deadline": info["deadline"],
        "reminder": False,
        "url": f"/table.html?t={t['table']}",
    }
