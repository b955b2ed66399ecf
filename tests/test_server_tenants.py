"""Tenants and keys: a cross-tenant matrix over every route, 401s, 429 + Retry-After, the keys CLI."""

from __future__ import annotations

import json
from pathlib import Path

import httpx
import openai
import pytest
from click.testing import CliRunner

from chatcompact.cli import main
from chatcompact.errors import ConfigError
from chatcompact.server import ServerConfig, serve
from chatcompact.server.erasure import ROUTES as ERASURE
from chatcompact.server.keys import KeyFile, RateLimiter
from chatcompact.server.rest import ROUTES

from .server_support import Running, running

SECRET = "the vault code is 90210"


@pytest.fixture(scope="module")
def world(tmp_path_factory: pytest.TempPathFactory):
    """Tenant A owns thread 'a-only' and 'shared'; tenant B exists with its own keys."""
    with running(tmp_path_factory.mktemp("tenants"), auth=True, budget=400) as r:
        a, b = r.key("acme"), r.key("beta")
        client = openai.OpenAI(base_url=r.v1, api_key=a, max_retries=0)
        for thread in ("a-only", "a-secret", "shared"):
            client.chat.completions.create(model="m", messages=[{"role": "user", "content": SECRET}], user=thread)
        yield r, a, b


def _auth(key: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {key}"}


def _call(r: Running, method: str, path: str, key: str, thread: str = "a-only") -> httpx.Response:
    url = r.url + path.replace("{thread}", thread).replace("{node}", "root")
    params = {"q": "vault"} if path.endswith("/recall") else None
    body = {"version": 0} if path.endswith("/revert") else {"text": "hi"} if path.endswith("/notes") else {}
    if path.endswith("/forget"):
        body = {"messages": [1]}
    if path.endswith("/messages") and method == "POST":
        body = {"messages": [{"role": "user", "content": "hi"}]}
    return httpx.request(method, url, params=params, json=body if method == "POST" else None, headers=_auth(key))


@pytest.mark.parametrize("path, method", [(p, m) for p, m, _ in ROUTES + ERASURE if "{thread}" in p])
def test_another_tenants_thread_is_a_404_on_every_route(world, path: str, method: str) -> None:
    r, a, b = world
    creates = method == "POST" and path.endswith(("/messages", "/notes"))
    resp = _call(r, method, path, b, "a-only" if creates else "a-secret")
    if creates:  # writing creates B's OWN thread of that name; A's stays untouched and unseen
        assert resp.status_code == 201
        seen = httpx.get(f"{r.v1}/threads/a-only/messages", headers=_auth(b)).json()["messages"]
        assert SECRET not in json.dumps(seen)
    else:
        assert resp.status_code == 404, resp.text
        assert "a-secret" in resp.json()["error"]["message"] and SECRET not in resp.text
    assert _call(r, "GET", "/v1/threads/{thread}/messages", a).json()["messages"][0]["content"] == SECRET
    assert len(_call(r, "GET", "/v1/threads/{thread}/messages", a).json()["messages"]) == 2  # A's thread unchanged


def test_listing_shows_only_the_callers_threads(world) -> None:
    r, a, b = world
    ids = {t["id"] for t in httpx.get(f"{r.v1}/threads", headers=_auth(a)).json()["threads"]}
    assert {"a-only", "shared"} <= ids
    others = httpx.get(f"{r.v1}/threads", headers=_auth(b)).json()["threads"]
    assert "a-secret" not in {t["id"] for t in others}


@pytest.mark.parametrize("route", ["/v1/chat/completions", "/v1/responses", "/v1/responses/compact", "/v1/messages"])
def test_proxy_routes_never_mix_tenants(world, route: str) -> None:
    r, _, b = world
    if route == "/v1/messages":
        body = {
            "model": "c",
            "max_tokens": 5,
            "messages": [{"role": "user", "content": "what is the code?"}],
            "metadata": {"user_id": "shared"},
        }
    elif route.startswith("/v1/responses"):
        body = {"model": "m", "input": "what is the code?", "metadata": {"thread_id": "shared"}}
    else:
        body = {"model": "m", "messages": [{"role": "user", "content": "what is the code?"}], "user": "shared"}
    resp = httpx.post(r.url + route, json=body, headers={**_auth(b), "x-api-key": b})
    assert resp.status_code == 200, resp.text
    sent = json.dumps(r.upstream.requests[-1]["body"]) if route != "/v1/responses/compact" else ""
    assert SECRET not in sent and SECRET not in resp.text


def test_mcp_over_http_is_tenant_scoped(world) -> None:
    pytest.importorskip("mcp")
    import anyio
    from mcp import Client
    from mcp.client.streamable_http import streamable_http_client

    r, a, b = world

    async def recall(key: str) -> tuple[bool, str]:
        http = httpx.AsyncClient(headers=_auth(key), timeout=30)
        async with http, Client(streamable_http_client(f"{r.url}/mcp", http_client=http)) as c:
            res = await c.call_tool("recall", {"thread": "a-secret", "query": "vault"})
            return bool(res.is_error), json.dumps(res.model_dump(mode="json"))

    ok_err, ok_text = anyio.run(recall, a)
    assert not ok_err and "90210" in ok_text
    b_err, b_text = anyio.run(recall, b)
    assert b_err and "90210" not in b_text


def test_missing_wrong_and_revoked_keys_are_401(world) -> None:
    r, _, _ = world
    assert httpx.get(f"{r.v1}/threads").status_code == 401
    assert httpx.get(f"{r.v1}/threads", headers=_auth("cc_000000000000_" + "x" * 32)).status_code == 401
    key = r.key("acme")
    assert httpx.get(f"{r.v1}/threads", headers={"x-api-key": key}).status_code == 200
    r.keys.revoke(key.split("_")[1])
    assert httpx.get(f"{r.v1}/threads", headers=_auth(key)).status_code == 401
    assert httpx.get(f"{r.url}/health").status_code == 200  # liveness needs no key


def test_rate_limit_is_429_with_retry_after(world) -> None:
    r, _, _ = world
    key = r.key("slow", rate=3)
    codes = [httpx.get(f"{r.v1}/threads", headers=_auth(key)) for _ in range(5)]
    assert [c.status_code for c in codes] == [200, 200, 200, 429, 429]
    assert int(codes[-1].headers["retry-after"]) >= 1


def test_rate_limiter_refills() -> None:
    lim = RateLimiter(60)
    assert all(lim.take("k", now=0.0) == 0 for _ in range(60))
    assert lim.take("k", now=0.0) == pytest.approx(1.0)
    assert lim.take("k", now=1.0) == 0.0  # one request per second comes back


def test_keys_cli_create_list_revoke(tmp_path: Path) -> None:
    path = str(tmp_path / "keys.json")
    runner = CliRunner()
    made = runner.invoke(main, ["keys", "create", "acme", "--name", "ci", "--keys", path])
    assert made.exit_code == 0, made.output
    key = made.stdout.strip().splitlines()[0]
    assert key.startswith("cc_") and key not in (tmp_path / "keys.json").read_text()  # stored hashed only
    assert KeyFile(path).check(key).tenant == "acme"
    listed = json.loads(runner.invoke(main, ["keys", "list", "--json", "--keys", path]).stdout)
    assert listed[0]["tenant"] == "acme" and "sha256" not in listed[0]
    assert runner.invoke(main, ["keys", "revoke", listed[0]["id"], "--keys", path]).exit_code == 0
    assert KeyFile(path).check(key) is None
    assert runner.invoke(main, ["keys", "create", "bad tenant!", "--keys", path]).exit_code != 0


def test_no_auth_only_on_loopback() -> None:
    with pytest.raises(ConfigError, match="loopback"):
        serve(ServerConfig(auth=False), host="0.0.0.0")


def test_serve_cli_refuses_no_auth_off_loopback(tmp_path: Path) -> None:
    out = CliRunner().invoke(main, ["serve", "--no-auth", "--host", "0.0.0.0", "--store", str(tmp_path / "m.db")])
    assert out.exit_code == 2 and "loopback" in out.output
