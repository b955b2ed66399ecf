"""The REST API over threads, its OpenAPI document, and a schemathesis fuzz of it (no 5xx, ever)."""

from __future__ import annotations

import json
import os
from pathlib import Path

import httpx
import pytest
import schemathesis
from hypothesis import HealthCheck, settings

from chatcompact.server.openapi import document

from .server_support import Running, running


@pytest.fixture(scope="module")
def srv(tmp_path_factory: pytest.TempPathFactory):
    with running(tmp_path_factory.mktemp("rest"), budget=300) as r:
        turns = []
        for i in range(16):
            turns.append({"role": "user", "content": f"Decision {i}: we ship build B-{900 + i} to the Lisbon office."})
            turns.append({"role": "assistant", "content": f"Understood, B-{900 + i} goes to Lisbon."})
        resp = httpx.post(f"{r.v1}/threads/t1/messages", json={"messages": turns, "system": "You help with shipping."})
        assert resp.status_code == 201
        yield r


def _get(r: Running, path: str, **params) -> httpx.Response:
    return httpx.get(f"{r.v1}/threads/t1/{path}", params=params)


def test_messages_context_recall_summary(srv: Running) -> None:
    msgs = _get(srv, "messages").json()["messages"]
    assert len(msgs) == 32 and msgs[0]["seq"] == 1 and "B-900" in msgs[0]["content"]
    assert [m["seq"] for m in _get(srv, "messages", after=30).json()["messages"]] == [31, 32]
    ctx = _get(srv, "context", budget=300, query="where does B-905 go?").json()
    assert ctx["tokens"] <= 300 and ctx["messages"][0]["role"] == "system"
    anth = _get(srv, "context", budget=300, format="anthropic").json()
    assert "You help with shipping." in anth["system"] and anth["messages"][0]["role"] in ("user", "assistant")
    hits = _get(srv, "recall", q="B-907").json()["hits"]
    assert hits and "B-907" in hits[0]["text"]
    assert _get(srv, "recall", q="").status_code == 400


def test_compact_compactions_revert_usage_curve(srv: Running) -> None:
    done = httpx.post(f"{srv.v1}/threads/t1/compact", json={}).json()
    versions = _get(srv, "compactions").json()["compactions"]
    assert done["compacted"] or versions  # background compaction may have got there first
    v = versions[-1]
    assert v["report"]["added"] and v["covered_until"] > 0
    summary = _get(srv, "summary").json()
    assert "B-9" in summary["text"]
    usage = _get(srv, "usage").json()
    assert usage["messages"] == 32 and usage["compactions"] >= 1 and usage["history_tokens"] > usage["tail_tokens"]
    curve = _get(srv, "curve").json()["points"]
    assert curve[-1]["full"] > curve[-1]["sent"] > 0  # what is sent stays under the full history
    head = httpx.post(f"{srv.v1}/threads/t1/revert", json={"version": 0}).json()["head"]
    assert head["trigger"] == "revert" and head["covered_until"] == 0
    assert httpx.post(f"{srv.v1}/threads/t1/revert", json={"version": 99}).status_code == 404
    assert httpx.post(f"{srv.v1}/threads/t1/revert", json={"version": "x"}).status_code == 400


def test_hierarchy_expand_and_notes(srv: Running) -> None:
    nodes = _get(srv, "hierarchy").json()["nodes"]
    assert nodes[-1]["id"] == "root"
    assert httpx.get(f"{srv.v1}/threads/t1/nodes/nope/expand").status_code == 404
    r = httpx.post(f"{srv.v1}/threads/notes-t/notes", json={"text": "Remember: the door code is 4711."})
    assert r.status_code == 201 and r.json()["message"]["name"] == "note"
    assert "4711" in httpx.get(f"{srv.v1}/threads/notes-t/recall", params={"q": "door code"}).json()["hits"][0]["text"]


def test_unknown_thread_and_route_are_404s(srv: Running) -> None:
    for path in ("messages", "context", "summary", "compactions", "hierarchy", "usage", "curve"):
        r = httpx.get(f"{srv.v1}/threads/never-made/{path}")
        assert r.status_code == 404, path
    assert httpx.get(f"{srv.v1}/threads").json()["threads"][0]["id"] in ("t1", "notes-t")
    assert httpx.get(f"{srv.url}/nope").status_code == 404
    assert httpx.delete(f"{srv.v1}/threads").status_code == 405


def test_openapi_document_lists_every_rest_route(srv: Running) -> None:
    doc = httpx.get(f"{srv.url}/openapi.json").json()
    assert doc["openapi"].startswith("3.1")
    from chatcompact.server.erasure import ROUTES as ERASURE
    from chatcompact.server.rest import ROUTES

    for path, method, _ in ROUTES + ERASURE:
        assert method.lower() in doc["paths"][path], (method, path)


# ---------------------------------------------------------------- fuzz: schemathesis against the document
_doc = document()
_doc["paths"] = {p: v for p, v in _doc["paths"].items() if not any(op.get("x-proxy") for op in v.values())}
schema = schemathesis.openapi.from_dict(_doc)
_EXAMPLES = int(os.environ.get("CHATCOMPACT_FUZZ_EXAMPLES", "12"))  # x 15 operations: ~180 cases


@schema.parametrize()
@settings(max_examples=_EXAMPLES, deadline=None, suppress_health_check=list(HealthCheck))
def test_fuzz_no_server_errors(case, srv: Running) -> None:
    response = case.call(base_url=srv.url, timeout=30)
    assert response.status_code < 500, (case.method, case.formatted_path, response.text[:300])
    assert "application/json" in str(response.headers.get("content-type"))


def test_body_size_limit(tmp_path: Path) -> None:
    with running(tmp_path, max_body=1000) as r:
        big = {"messages": [{"role": "user", "content": "x" * 5000}]}
        resp = httpx.post(f"{r.v1}/threads/t/messages", json=big)
        assert resp.status_code == 413 and "1000 bytes" in resp.json()["error"]["message"]
        assert httpx.get(f"{r.v1}/threads/t/messages").status_code == 404  # nothing stored


# ---------------------------------------------------------------- erasure: forget, delete, export (issue 20 §15)
def test_forget_by_id_and_by_text_then_export_and_delete(tmp_path: Path) -> None:
    with running(tmp_path, budget=300) as r:
        turns = [
            {"role": "user", "content": "My card number is 4111-1111-1111-1111, charge it."},
            {"role": "assistant", "content": "Charged the card ending 1111."},
            {"role": "user", "content": "Also ship to 12 Rua Augusta, Lisbon."},
            {"role": "assistant", "content": "Shipping to Lisbon."},
        ]
        assert httpx.post(f"{r.v1}/threads/er/messages", json={"messages": turns}).status_code == 201
        by_id = httpx.post(f"{r.v1}/threads/er/forget", json={"messages": [1]}).json()["forgotten"]
        assert by_id["message_ids"] == [1]
        by_text = httpx.post(f"{r.v1}/threads/er/forget", json={"containing": "rua augusta"}).json()["forgotten"]
        assert by_text["message_ids"] == [3]
        texts = [m["content"] for m in httpx.get(f"{r.v1}/threads/er/messages").json()["messages"]]
        assert texts == ["[forgotten]", "Charged the card ending 1111.", "[forgotten]", "Shipping to Lisbon."]
        assert not httpx.get(f"{r.v1}/threads/er/recall", params={"q": "4111"}).json()["hits"]
        dump = httpx.get(f"{r.v1}/threads/er/export").json()
        assert dump["thread"]["id"] == "er" and len(dump["messages"]) == 4
        assert "4111-1111" not in json.dumps(dump) and "Augusta" not in json.dumps(dump)
        assert httpx.post(f"{r.v1}/threads/er/forget", json={"messages": [99]}).status_code == 400
        assert httpx.delete(f"{r.v1}/threads/er").json() == {"deleted": "er"}
        for path in ("messages", "export", "summary"):
            assert httpx.get(f"{r.v1}/threads/er/{path}").status_code == 404
        assert httpx.delete(f"{r.v1}/threads/er").status_code == 404


def test_a_client_resending_its_history_does_not_write_forgotten_text_back(tmp_path: Path) -> None:
    import openai

    with running(tmp_path, budget=400) as r:
        client = openai.OpenAI(base_url=r.v1, api_key="x", max_retries=0)
        history = [{"role": "user", "content": "My password is hunter2-XYZ, remember it."}]
        history.append(
            {
                "role": "assistant",
                "content": client.chat.completions.create(model="m", messages=history, user="pw")
                .choices[0]
                .message.content,
            }
        )
        assert httpx.post(f"{r.v1}/threads/pw/forget", json={"containing": "hunter2"}).status_code == 200
        history.append({"role": "user", "content": "What else?"})
        client.chat.completions.create(model="m", messages=history, user="pw")  # still holds the password turn
        stored = httpx.get(f"{r.v1}/threads/pw/messages").json()["messages"]
        assert [m["content"] for m in stored] == ["[forgotten]", "[forgotten]", "What else?", "echo: What else?"]
        assert "hunter2" not in json.dumps(r.upstream.requests[-1]["body"])  # nor sent to the model


def test_a_deleted_thread_starts_afresh_through_the_proxy(tmp_path: Path) -> None:
    with running(tmp_path, budget=400) as r:
        body = {"model": "m", "messages": [{"role": "user", "content": "first life"}], "user": "phoenix"}
        assert httpx.post(f"{r.v1}/chat/completions", json=body).status_code == 200
        assert httpx.delete(f"{r.v1}/threads/phoenix").status_code == 200
        body["messages"] = [{"role": "user", "content": "second life"}]
        assert httpx.post(f"{r.v1}/chat/completions", json=body).status_code == 200
        stored = httpx.get(f"{r.v1}/threads/phoenix/messages").json()["messages"]
        assert [m["content"] for m in stored] == ["second life", "echo: second life"]
