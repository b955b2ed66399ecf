"""Scale-out (issue 18 §4): several ``chatcompact serve`` processes on one store (a SQLite file, a Postgres
database) and ``serve --workers 2``: writers on the same thread through different processes lose, double and
reorder nothing; a retry that reaches the other process is answered from the store, not stored twice."""

from __future__ import annotations

import concurrent.futures
import os
import subprocess
import sys
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import httpx
import pytest

from .fake_upstream import FakeUpstream, UvicornThread, _free_port

ROOT = Path(__file__).resolve().parent.parent
pytestmark = pytest.mark.timeout(300)


@contextmanager
def serve(store: str, upstream: str, tmp: Path, count: int = 2, workers: int = 1) -> Iterator[list[str]]:
    """``count`` real ``chatcompact serve`` processes on ``store``; their base URLs."""
    env = {**os.environ, "CHATCOMPACT_EMBEDDER": "none", "PYTHONPATH": str(ROOT / "src")}
    procs, urls, logs = [], [], []
    for i in range(count):
        port = _free_port()
        cmd = [sys.executable, "-m", "chatcompact", "serve", "--no-auth", "--port", str(port), "--store", store]
        cmd += ["--upstream", upstream, "--keys", str(tmp / "keys.json"), "--rate", "0", "--budget", "400"]
        cmd += ["--workers", str(workers), "--log-level", "warning", "--no-access-log"]
        log = (tmp / f"serve{i}.log").open("wb")
        logs.append(log)
        procs.append(subprocess.Popen(cmd, env=env, cwd=tmp, stdout=log, stderr=subprocess.STDOUT))
        urls.append(f"http://127.0.0.1:{port}")
    try:
        for url, proc in zip(urls, procs, strict=True):
            deadline = time.monotonic() + 120
            while True:
                assert proc.poll() is None, (tmp / "serve0.log").read_text()[-2000:]
                try:
                    httpx.get(url + "/health", timeout=2).raise_for_status()
                    break
                except httpx.HTTPError:
                    assert time.monotonic() < deadline, "serve did not come up"
                    time.sleep(0.2)
        yield urls
    finally:
        for proc in procs:
            proc.terminate()
        for proc in procs:
            proc.wait(30)
        for log in logs:
            log.close()


@pytest.fixture(scope="module")
def upstream() -> Iterator[tuple[FakeUpstream, str]]:
    up = FakeUpstream(delay=0.2)
    with UvicornThread(up.app) as u:
        yield up, u.url + "/v1"


@pytest.fixture(scope="module", params=["sqlite", "postgres"])
def pair(request: pytest.FixtureRequest, upstream, tmp_path_factory: pytest.TempPathFactory) -> Iterator[list[str]]:
    """Two serve processes on one store: a SQLite file, or a fresh schema of the session's Postgres."""
    tmp = tmp_path_factory.mktemp(request.param)
    if request.param == "postgres":
        import uuid

        import psycopg

        from chatcompact.testing import postgres_schema_url

        server = request.getfixturevalue("pg_server")
        schema = f"t_{uuid.uuid4().hex[:12]}"
        with psycopg.connect(server, autocommit=True) as conn:
            conn.execute(f"CREATE SCHEMA {schema}")
        store = postgres_schema_url(server, schema)
    else:
        store = str(tmp / "shared.db")
    with serve(store, upstream[1], tmp) as urls:
        yield urls


def _stored(url: str, thread: str) -> list[dict]:
    return httpx.get(f"{url}/v1/threads/{thread}/messages", timeout=30).json()["messages"]


def test_a_conversation_alternating_between_processes_is_stored_exactly(pair: list[str]) -> None:
    urls = pair
    history: list[dict] = []
    for i in range(8):
        history.append({"role": "user", "content": f"turn {i}: order ORD-{i}"})
        body = {"model": "m", "messages": history, "user": "alt"}
        reply = httpx.post(f"{urls[i % 2]}/v1/chat/completions", json=body, timeout=60).json()
        history.append({"role": "assistant", "content": reply["choices"][0]["message"]["content"]})
    want = [(m["role"], m["content"]) for m in history]
    # a process stores the reply after its answer went out: its own reads wait for that, so the process that
    # served the last turn shows it at once; the other sees it once it is stored (never doubled or reordered)
    last, other = urls[7 % 2], urls[1 - 7 % 2]
    assert [(m["role"], m["content"]) for m in _stored(last, "alt")] == want
    deadline = time.monotonic() + 30
    while (seen := [(m["role"], m["content"]) for m in _stored(other, "alt")]) != want and time.monotonic() < deadline:
        assert seen == want[: len(seen)]
        time.sleep(0.05)
    assert seen == want


def test_two_processes_writing_one_thread_at_once_lose_double_and_reorder_nothing(pair: list[str]) -> None:
    urls = pair

    def writer(w: int) -> None:
        with httpx.Client(base_url=urls[w], timeout=60) as c:
            for k in range(15):
                pair = [
                    {"role": "user", "content": f"w{w}-{k}-q"},
                    {"role": "assistant", "content": f"w{w}-{k}-a"},
                ]
                assert c.post("/v1/threads/both/messages", json={"messages": pair}).status_code == 201

    with concurrent.futures.ThreadPoolExecutor(2) as pool:
        list(pool.map(writer, [0, 1]))
    got = [m["content"] for m in _stored(urls[0], "both")]
    assert sorted(got) == sorted(f"w{w}-{k}-{x}" for w in (0, 1) for k in range(15) for x in "qa")  # once each
    for w in (0, 1):  # each writer's own order, and each pair side by side (one atomic append)
        mine = [c for c in got if c.startswith(f"w{w}-")]
        assert mine == [f"w{w}-{k}-{x}" for k in range(15) for x in "qa"]
    assert all(got[i].endswith("-q") and got[i + 1] == got[i][:-1] + "a" for i in range(0, len(got), 2))
    assert [m["seq"] for m in _stored(urls[1], "both")] == list(range(1, 61))


def test_a_retry_reaching_the_other_process_is_answered_from_the_store(pair: list[str], upstream) -> None:
    urls, up = pair, upstream[0]
    asked = len([r for r in up.requests if r["kind"] == "chat"])
    thread = f"retry-{urls[0].rsplit(':', 1)[1]}"
    body = {"model": "m", "messages": [{"role": "user", "content": "only once please"}], "user": thread}
    with concurrent.futures.ThreadPoolExecutor(2) as pool:
        answers = list(pool.map(lambda u: httpx.post(f"{u}/v1/chat/completions", json=body, timeout=60), urls))
    assert all(a.status_code == 200 for a in answers)
    texts = {a.json()["choices"][0]["message"]["content"] for a in answers}
    assert texts == {"echo: only once please"}
    assert sorted(a.headers.get("x-chatcompact-replayed", "") for a in answers) == ["", "true"]
    assert [m["content"] for m in _stored(urls[0], thread)] == ["only once please", "echo: only once please"]
    assert len([r for r in up.requests if r["kind"] == "chat"]) == asked + 1  # the model was asked once


def test_workers_share_one_sqlite_store(upstream, tmp_path: Path) -> None:
    _, up_url = upstream
    with serve(str(tmp_path / "w.db"), up_url, tmp_path, count=1, workers=2) as (url,):
        history: list[dict] = []
        for i in range(8):  # a new connection per request: the kernel spreads them over the two workers
            history.append({"role": "user", "content": f"w turn {i}"})
            with httpx.Client(timeout=60) as c:
                reply = c.post(f"{url}/v1/chat/completions", json={"model": "m", "messages": history, "user": "wk"})
            history.append({"role": "assistant", "content": reply.json()["choices"][0]["message"]["content"]})
        assert [m["content"] for m in _stored(url, "wk")] == [m["content"] for m in history]
