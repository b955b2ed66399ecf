"""The dashboard's sign-in and read routes over real HTTP (no browser): the session cookie and what it is not,
tenant scoping, paging (no route answers with a whole history), bad input as 4xx, an access log without keys;
and the pure shaping of timeline rows and the token curve."""

from __future__ import annotations

import os
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest

from chatcompact import Memory, Policy
from chatcompact.server import curve
from chatcompact.server.dashboard_auth import COOKIE, Sessions, redact
from chatcompact.server.dashboard_views import diff_items, version_diff, version_row
from chatcompact.server.keys import KeyFile
from chatcompact.server.service import ServerConfig, Service
from chatcompact.types import MergeReport, Message, SummaryItem, SummaryState, SummaryVersion

from .server_support import Running, running

ROOT = Path(__file__).resolve().parents[1]


def _fill(db: Path) -> None:
    with Memory.open(db, background=False, policy=Policy(budget=800), embedder="none") as mem:
        t = mem.thread("acme/long", system="You are a support assistant.")
        for i in range(250):
            t.add({"role": "user" if i % 2 == 0 else "assistant", "content": f"turn {i}: order 88{i:03d} " * 4})
        mem.thread("other/secret").add({"role": "user", "content": "the other tenant's words"})


@pytest.fixture(scope="module")
def srv(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Running]:
    tmp = tmp_path_factory.mktemp("dash-api")
    _fill(tmp / "memory.db")
    with running(tmp, auth=True, memory_kw={"embedder": "none"}) as r:
        yield r


def signed_in(r: Running, tenant: str = "acme") -> httpx.Client:
    c = httpx.Client(base_url=r.url, timeout=60)
    res = c.post("/dashboard/login", json={"key": r.key(tenant)})
    assert res.status_code == 200 and res.json() == {"tenant": tenant}
    return c


def test_the_session_cookie_is_httponly_strict_scoped_and_holds_no_key(srv: Running) -> None:
    key = srv.key("acme")
    res = httpx.post(f"{srv.url}/dashboard/login", json={"key": key})
    header = res.headers["set-cookie"]
    assert "HttpOnly" in header and "SameSite=strict" in header and "Path=/dashboard" in header
    value = res.cookies[COOKIE]
    secret = key.split("_", 2)[2]  # cc_<id>_<secret>; the secret is base64url and may itself hold "_"
    assert key not in value and secret not in value
    # the cookie is a dashboard session, not an API key: the API and the proxy refuse it
    for path in ("/v1/threads", "/v1/threads/long/messages"):
        assert httpx.get(srv.url + path, cookies={COOKIE: value}).status_code == 401
        assert httpx.get(srv.url + path, headers={"Authorization": f"Bearer {value}"}).status_code == 401
    me = httpx.get(f"{srv.url}/dashboard/api/session", cookies={COOKIE: value})
    assert me.json() == {"tenant": "acme", "auth": True}


def test_a_forged_or_revoked_session_is_refused(srv: Running) -> None:
    key = srv.key("acme")
    value = httpx.post(f"{srv.url}/dashboard/login", json={"key": key}).cookies[COOKIE]
    assert httpx.get(f"{srv.url}/dashboard/api/threads", cookies={COOKIE: value}).status_code == 200
    forged = value[:-4] + ("0000" if not value.endswith("0000") else "1111")
    other_id = value.replace(value.split(".")[1], "0" * 12)
    for bad in (forged, other_id, "v1.x.y.z", "", "v1." + "a" * 500):
        assert httpx.get(f"{srv.url}/dashboard/api/threads", cookies={COOKIE: bad}).status_code == 401
    srv.keys.revoke(key.split("_")[1])
    assert httpx.get(f"{srv.url}/dashboard/api/threads", cookies={COOKIE: value}).status_code == 401


def test_sessions_expire(tmp_path: Path) -> None:
    service = Service(ServerConfig(keys_path=str(tmp_path / "keys.json")))
    _, record = service.keys.create("acme")
    sessions = Sessions(service)
    value = sessions.issue(record, now=time.time() - 13 * 3600)
    assert sessions.check(value) is None
    assert sessions.check(sessions.issue(record)) == record
    assert Sessions(service).check(sessions.issue(record)) is None  # another process (or a restart): signed out


def test_every_route_is_tenant_scoped(srv: Running) -> None:
    acme, other = signed_in(srv, "acme"), signed_in(srv, "other")
    assert [t["id"] for t in acme.get("/dashboard/api/threads").json()["threads"]] == ["long"]
    assert [t["id"] for t in other.get("/dashboard/api/threads").json()["threads"]] == ["secret"]
    for name, params in [
        ("thread", {}),
        ("messages", {}),
        ("message", {"seq": 1}),
        ("curve", {}),
        ("context", {"seq": 1}),
        ("versions", {}),
        ("version", {"version": 1}),
        ("recall", {"q": "words"}),
    ]:
        res = acme.get(f"/dashboard/api/{name}", params={"thread": "secret", **params})
        assert res.status_code == 404, (name, res.text)  # never a 403 that would confirm it exists
        assert "other tenant" not in res.text
    assert httpx.get(f"{srv.url}/dashboard/api/threads").status_code == 401  # no session, no key


def test_form_sign_in_redirects_and_a_wrong_key_says_so(srv: Running) -> None:
    key = srv.key("acme")
    res = httpx.post(f"{srv.url}/dashboard/login", data={"key": key})
    assert res.status_code == 303 and res.headers["location"] == "/" and COOKIE in res.cookies
    bad = httpx.post(f"{srv.url}/dashboard/login", data={"key": "cc_nope"})
    assert bad.status_code == 303 and bad.headers["location"] == "/?login=failed" and COOKIE not in bad.cookies
    assert httpx.post(f"{srv.url}/dashboard/login", json={"key": "cc_nope"}).status_code == 401
    assert httpx.post(f"{srv.url}/dashboard/login", content=b"{nope").status_code == 400
    assert httpx.post(f"{srv.url}/dashboard/login", json={"key": 5}).status_code == 400
    assert httpx.post(f"{srv.url}/dashboard/login", content=b"x" * 10_000).status_code == 413
    assert httpx.get(f"{srv.url}/dashboard/login").status_code == 405


@pytest.mark.parametrize(
    "name, params, status",
    [
        ("messages", {"limit": 1000}, 400),
        ("messages", {"limit": 0}, 400),
        ("messages", {"before": "x"}, 400),
        ("messages", {"around": -3}, 400),
        ("message", {}, 400),
        ("message", {"seq": 99_999}, 404),
        ("context", {}, 400),
        ("context", {"seq": "abc"}, 400),
        ("context", {"seq": 99_999}, 400),
        ("context", {"seq": 5, "budget": 10}, 400),
        ("version", {"version": 10_000}, 404),
        ("version", {}, 404),
        ("versions", {"limit": 10_000}, 400),
        ("recall", {"q": "  "}, 400),
        ("threads", {"limit": "many"}, 400),
    ],
)
def test_bad_input_is_a_4xx_naming_what_was_wrong(srv: Running, name: str, params: dict, status: int) -> None:
    c = signed_in(srv)
    res = c.get(f"/dashboard/api/{name}", params={"thread": "long", **params})
    assert res.status_code == status, res.text
    assert res.json()["error"]["message"]


def test_no_thread_named_is_400_and_an_unknown_one_404(srv: Running) -> None:
    c = signed_in(srv)
    assert c.get("/dashboard/api/messages").status_code == 400
    assert c.get("/dashboard/api/messages", params={"thread": "nope"}).status_code == 404


def test_no_route_answers_with_the_whole_history(srv: Running) -> None:
    c = signed_in(srv)
    q = {"thread": "long"}
    assert c.get("/dashboard/api/thread", params=q).json()["messages"] == 250
    page = c.get("/dashboard/api/messages", params={**q, "before": 251}).json()["messages"]
    assert [m["seq"] for m in page] == list(range(191, 251))  # the latest page, 60 by default
    assert len(c.get("/dashboard/api/messages", params={**q, "limit": 200}).json()["messages"]) == 200
    around = [
        m["seq"] for m in c.get("/dashboard/api/messages", params={**q, "around": 100, "limit": 20}).json()["messages"]
    ]
    assert 100 in around and len(around) == 20
    after = [m["seq"] for m in c.get("/dashboard/api/messages", params={**q, "after": 240}).json()["messages"]]
    assert after == list(range(241, 251))
    points = c.get("/dashboard/api/curve", params=q).json()["points"]
    assert len(points) <= curve.MAX_POINTS + 1 and points[-1]["seq"] == 250
    rows = c.get("/dashboard/api/versions", params={**q, "limit": 2}).json()
    assert len(rows["versions"]) == 2 and rows["total"] >= 2
    assert rows["versions"][0]["version"] == rows["total"]  # newest first
    older = c.get("/dashboard/api/versions", params={**q, "limit": 2, "before": rows["versions"][-1]["version"]})
    assert older.json()["versions"][0]["version"] == rows["versions"][-1]["version"] - 1


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def test_the_access_log_of_chatcompact_serve_never_holds_a_key(tmp_path: Path) -> None:
    keys = tmp_path / "keys.json"
    key = KeyFile(keys).create("acme")[0]
    port, log = _free_port(), tmp_path / "serve.log"
    env = {**os.environ, "CHATCOMPACT_EMBEDDER": "none", "PYTHONPATH": str(ROOT / "src")}
    cmd = [sys.executable, "-m", "chatcompact", "serve", "--store", str(tmp_path / "m.db"), "--keys", str(keys)]
    out = log.open("wb")
    proc = subprocess.Popen([*cmd, "--port", str(port)], env=env, stdout=out, stderr=subprocess.STDOUT)
    url = f"http://127.0.0.1:{port}"
    try:
        deadline = time.monotonic() + 90
        while True:
            try:
                if httpx.get(url + "/health", timeout=2).status_code == 200:
                    break
            except httpx.HTTPError:
                if time.monotonic() > deadline or proc.poll() is not None:
                    raise AssertionError(log.read_text()) from None
                time.sleep(0.2)
        c = httpx.Client(base_url=url)
        assert c.post("/dashboard/login", json={"key": key}).status_code == 200
        assert c.post("/dashboard/login", data={"key": key}).status_code == 303
        c.get("/dashboard/api/threads")
        c.get(f"/?key={key}")  # an old bookmark of the dashboard
        c.get(f"/dashboard/api/threads?api_key={key}&x=1")
        c.get(f"/v1/threads?token={key}")
        httpx.get(url + "/v1/threads", headers={"Authorization": f"Bearer {key}"})
    finally:
        proc.terminate()
        proc.wait(30)
        out.close()
    text = log.read_text(encoding="utf-8", errors="replace")
    assert "GET /dashboard/api/threads" in text and "POST /dashboard/login" in text  # the access log is on
    assert key not in text and key.split("_", 2)[2] not in text
    assert text.count("[redacted]") >= 3


def test_redaction_covers_keys_anywhere_and_key_parameters() -> None:
    key = "cc_0123456789ab_" + "s" * 32
    line = f'127.0.0.1 - "GET /?thread=x&key={key} HTTP/1.1" 200 and {key} and /x?api_key=abc&token=t'
    out = redact(line)
    assert key not in out and "s" * 32 not in out and "api_key=[redacted]" in out and "token=[redacted]" in out
    assert "thread=x" in out


# ---------------------------------------------------------------- pure shaping
def _item(text: str, *sources: int) -> SummaryItem:
    return SummaryItem(text=text, sources=sources)


def _version(n: int, state: SummaryState, report: MergeReport, parent: int | None = None) -> SummaryVersion:
    return SummaryVersion(
        version=n,
        parent=parent,
        state=state,
        covered_from=1,
        covered_until=10 * n,
        report=report,
        created_at=float(n),
        meta={"messages": 10, "tokens_folded": 500},
    )


def test_a_diff_lists_each_item_once_grouped_by_section_with_provenance() -> None:
    old = SummaryState(decisions=(_item("ship by Friday", 3),), todos=(_item("call the carrier", 4),))
    new = SummaryState(decisions=(_item("refund 120 EUR", 12, 14),), user_facts=(_item("lives in Lyon", 11),))
    report = MergeReport(
        added=("refund 120 EUR", "lives in Lyon", "a passing remark"),
        dropped=("a passing remark", "call the carrier"),  # the first was added and cut in the same merge
        superseded=("ship by Friday",),
        pinned=("order 88231",),
    )
    parent, v = _version(1, old, MergeReport()), _version(2, new, report, parent=1)
    items = diff_items(v, parent)
    texts = [i["text"] for i in items]
    assert len(texts) == len(set(texts)) == 6
    by = {i["text"]: i for i in items}
    assert by["refund 120 EUR"] == {"kind": "added", "section": "decisions", "text": "refund 120 EUR", "seqs": [12, 14]}
    assert by["a passing remark"]["kind"] == "dropped" and by["a passing remark"]["also_added"]
    assert by["a passing remark"]["section"] == "cut"
    assert by["call the carrier"]["kind"] == "dropped" and by["call the carrier"]["section"] == "todos"
    assert by["call the carrier"]["seqs"] == [4]
    assert by["ship by Friday"]["kind"] == "superseded" and by["ship by Friday"]["section"] == "decisions"
    groups = version_diff(v, parent)
    assert [g["section"] for g in groups] == ["decisions", "user_facts", "todos", "pinned", "cut"]
    row = version_row(v, parent, lambda x: 100 if x else 0)
    assert row["totals"] == {"added": 3, "superseded": 1, "resolved": 0, "dropped": 2, "removed": 0}
    assert row["counts"]["decisions"] == {"added": 1, "superseded": 1, "resolved": 0, "dropped": 0, "removed": 0}
    assert row["tokens_before"] == 600 and row["tokens_after"] == 100


def test_the_curve_uses_the_version_current_at_each_point() -> None:
    state = SummaryState(narrative="the gist")
    versions = [
        SummaryVersion(version=1, parent=None, state=state, covered_from=1, covered_until=40, created_at=50.5),
        SummaryVersion(version=2, parent=1, state=state, covered_from=41, covered_until=80, created_at=90.5),
    ]
    samples = [Message(role="user", content="x", seq=s, created_at=float(s)) for s in curve.sample_seqs(100)]
    pts = curve.points([10] * 100, samples, versions, lambda v: 30, 500, 0.0, base=7)
    by = {p["seq"]: p for p in pts}
    assert by[50]["version"] == 0 and by[51]["version"] == 1 and by[91]["version"] == 2
    assert by[51]["sent"] == 7 + 30 + 10 * (51 - 40) and by[51]["full"] == 7 + 510
    assert all(p["sent"] <= 500 for p in pts) and by[100]["full"] == 1007
    assert len(curve.sample_seqs(100_000)) <= curve.MAX_POINTS + 1 and curve.sample_seqs(100_000)[-1] == 100_000
    assert curve.sample_seqs(0) == []


def test_without_auth_the_dashboard_is_the_local_tenant(tmp_path: Path) -> None:
    with Memory.open(tmp_path / "memory.db", background=False, embedder="none") as mem:
        mem.thread("local/mine").add({"role": "user", "content": "hello"})
    with running(tmp_path, auth=False, memory_kw={"embedder": "none"}) as r:
        assert httpx.get(f"{r.url}/dashboard/api/session").json() == {"tenant": "local", "auth": False}
        threads = httpx.get(f"{r.url}/dashboard/api/threads").json()["threads"]
        assert [t["id"] for t in threads] == ["mine"]
        res = httpx.post(f"{r.url}/dashboard/login", json={"key": ""})
        assert res.status_code == 200 and COOKIE not in res.cookies
