"""The memory proxy: OpenAI chat completions and Responses, Anthropic Messages, vendor-shaped compaction.

Each request: find the thread, store what is new, replace the history with the thread's budgeted
context (query: the latest user message), forward to the upstream, store the reply, return it
unchanged. A conversation's requests run one at a time (a retry waits for the first, then gets
its stored answer back instead of being stored twice).
"""

from __future__ import annotations

import asyncio
import json
import logging
import time
from collections.abc import AsyncIterator, Mapping
from dataclasses import dataclass
from typing import Any

import httpx
from starlette.requests import Request
from starlette.responses import JSONResponse, Response, StreamingResponse

from ..errors import SummarizerError
from ..runtime.async_memory import AsyncThread
from . import vendor, wire
from .service import Caller, HTTPProblem, Service

log = logging.getLogger("chatcompact.server")
THREAD_HEADER = "x-chatcompact-thread"
_METADATA_KEYS = ("chatcompact_thread", "thread_id", "thread", "conversation_id", "user_id")


@dataclass
class Turn:
    """One proxied request's hold on its thread (the lock is held until ``done``)."""

    svc: Service
    caller: Caller
    thread: AsyncThread
    name: str
    key: str
    lock: asyncio.Lock
    query: str | None

    started: float = 0.0
    released: bool = False

    def timing(self, upstream: float | None) -> dict[str, str]:
        """``Server-Timing``: the proxy's own time (``proxy``) apart from the wait for the upstream."""
        total = (time.perf_counter() - self.started) * 1000
        if upstream is None:  # a stream: only the time before the upstream's first byte is known
            return {"Server-Timing": f"proxy;dur={total:.2f}"}
        return {"Server-Timing": f"proxy;dur={total - upstream * 1000:.2f}, upstream;dur={upstream * 1000:.2f}"}

    def done(self) -> None:
        """Unlock the thread (once: a second call must not release the next request's hold)."""
        if not self.released:
            self.released = True
            self.lock.release()

    async def store_reply(self, message: dict[str, Any] | None, status: int, body: bytes, media: str) -> None:
        if message is not None:
            stored = await self.thread.add(message)
            sid = self.svc.stored_id(self.caller, self.name)
            count, tail = self.svc.tails.get(sid, (0, []))
            self.svc.tails[sid] = (stored.seq or count + 1, [*tail, message][-wire.TAIL_WINDOW :])
        self.svc.remember(self.key, status, body, media)

    def finish(self, reply_of: Any, status: int, body: bytes, media: str) -> None:
        """Store the reply after the answer went out (off the client's critical path), then unlock the
        thread: the conversation's next request, and REST reads of it, wait for this."""

        async def run() -> None:
            try:
                await self.store_reply(reply_of(body), status, body, media)
            except Exception:  # logged, not raised: the client already has its answer
                log.exception("could not store the reply on thread %s", self.name)
            finally:
                self.done()

        self.svc.spawn(run(), self.svc.stored_id(self.caller, self.name))


def thread_name(request: Request, body: Mapping[str, Any], system: str | None, msgs: list, named: str | None) -> str:
    """Header, then ``user``, then ``metadata``, then a compaction token, then the first-turn hash."""
    if request.headers.get(THREAD_HEADER):
        return request.headers[THREAD_HEADER]
    if isinstance(body.get("user"), str) and body["user"]:
        return body["user"]
    meta = body.get("metadata")
    if isinstance(meta, Mapping):
        for key in _METADATA_KEYS:
            if isinstance(meta.get(key), str) and meta[key]:
                return meta[key]
    return named or wire.auto_thread_id(system, msgs)


def budget(request: Request, svc: Service) -> int:
    raw = request.headers.get("x-chatcompact-budget")
    if raw is None:
        return svc.config.budget
    if not raw.isdigit() or int(raw) < 64:
        raise HTTPProblem(400, "X-Chatcompact-Budget must be an integer >= 64")
    return int(raw)


async def store_new(svc: Service, sid: str, thread: AsyncThread, messages: list[dict[str, Any]]) -> None:
    """Append the messages the thread does not hold yet (matched against its stored tail).

    The tail is cached per thread; one cheap read (``history(after=<cached count>)``) checks that no
    other writer appended meanwhile, and folds in what it did."""
    cached = svc.tails.get(sid)
    if cached is None:
        count = (await thread.stats())["messages"]
        recent = await thread.history(max(0, count - wire.TAIL_WINDOW)) if count else []
        cached = (count, [wire.canonical(m.to_openai()) for m in recent])
    else:
        newer = await thread.history(cached[0])
        if newer:
            cached = (newer[-1].seq or 0, cached[1] + [wire.canonical(m.to_openai()) for m in newer])
    fresh = wire.new_messages(cached[1], messages)
    if fresh:
        stored = await thread.add_many(fresh)
        cached = (stored[-1].seq or 0, cached[1] + fresh)
    svc.tails[sid] = (cached[0], cached[1][-wire.TAIL_WINDOW :])


async def begin(
    svc: Service, request: Request, caller: Caller, body: Mapping[str, Any], system: str | None, msgs: list, named=None
) -> Turn | Response:
    """Lock the thread, replay a retried request, else store the new messages."""
    name = svc.check_thread_name(thread_name(request, body, system, msgs, named))
    key = svc.replay_key(caller, name, request)
    lock = svc.lock(svc.stored_id(caller, name))
    await lock.acquire()
    try:
        replayed = svc.replay(key)
        if replayed is not None:
            lock.release()
            return replayed
        thread = await svc.open_thread(caller, name, system)
        await store_new(svc, svc.stored_id(caller, name), thread, msgs)
    except BaseException:
        lock.release()
        raise
    turn = Turn(svc, caller, thread, name, key, lock, wire.latest_user_text(msgs))
    turn.started = getattr(request.state, "started", time.perf_counter())
    return turn


def upstream_headers(request: Request, svc: Service, anthropic: bool = False) -> dict[str, str]:
    """The upstream's credentials: the configured key, else (with auth off) the client's own."""
    cfg, out = svc.config, {}
    key = cfg.anthropic_key if anthropic else cfg.upstream_key
    if anthropic:
        out["anthropic-version"] = request.headers.get("anthropic-version", "2023-06-01")
        if request.headers.get("anthropic-beta"):
            out["anthropic-beta"] = request.headers["anthropic-beta"]
        if key:
            out["x-api-key"] = key
        elif not cfg.auth:  # the Anthropic SDK sends x-api-key, or a bearer token for some base URLs
            for name in ("x-api-key", "authorization"):
                if request.headers.get(name):
                    out[name] = request.headers[name]
        return out
    client_auth = None if cfg.auth else request.headers.get("authorization")
    if key:
        out["authorization"] = f"Bearer {key}"
    elif client_auth:
        out["authorization"] = client_auth
    return out


def upstream_url(svc: Service, path: str, anthropic: bool = False) -> str:
    base = svc.config.anthropic_upstream if anthropic else svc.config.upstream
    if not base:
        raise HTTPProblem(503, "no upstream configured: start the server with --upstream URL", kind="api_error")
    return base.rstrip("/") + path


async def forward(turn: Turn, url: str, payload: dict, headers: dict, reply_of, stream: bool) -> Response:
    """POST to the upstream; pass errors through with their status; store the reply; keep the lock
    until the (streamed) answer is complete."""
    http = turn.svc.http
    assert http is not None
    sent = time.perf_counter()
    try:
        resp = await http.send(http.build_request("POST", url, json=payload, headers=headers), stream=True)
    except BaseException:
        turn.done()
        raise
    media = resp.headers.get("content-type", "application/json")
    if resp.status_code >= 400 or not stream:
        try:
            content = await resp.aread()
        except BaseException:
            turn.done()
            raise
        finally:
            await resp.aclose()
        upstream = time.perf_counter() - sent
        if resp.status_code < 400:
            turn.finish(reply_of, resp.status_code, content, media)
        else:
            turn.done()
        return Response(content, resp.status_code, media_type=media, headers=turn.timing(upstream))

    async def relay() -> AsyncIterator[bytes]:
        raw = bytearray()
        complete = False
        try:
            async for chunk in resp.aiter_raw():
                raw += chunk
                yield chunk
            complete = True
        finally:
            await resp.aclose()
            if complete:
                turn.finish(reply_of, resp.status_code, bytes(raw), media)
            else:  # the client went away mid-stream: nothing half-received is stored
                turn.done()

    return StreamingResponse(relay(), resp.status_code, media_type=media, headers=turn.timing(None))


def _json(content: bytes) -> dict[str, Any]:
    try:
        out = json.loads(content)
    except ValueError:
        return {}
    return out if isinstance(out, dict) else {}


def _chat_reply(content: bytes) -> dict[str, Any] | None:
    if content.lstrip().startswith(b"data:"):
        acc = wire.ChatStream()
        acc.feed(content + b"\n")
        return acc.message()
    return wire.reply_message(_json(content))


# ---------------------------------------------------------------- OpenAI chat completions
async def chat_completions(request: Request, caller: Caller) -> Response:
    svc: Service = request.app.state.service
    body = await svc.body(request)
    if not isinstance(body.get("messages"), list) or not body["messages"]:
        raise HTTPProblem(400, "messages: a non-empty list is required")
    system, msgs = wire.split_system(body["messages"])
    turn = await begin(svc, request, caller, body, system, msgs)
    if isinstance(turn, Response):
        return turn
    try:
        context = await turn.thread.context(budget(request, svc), query=turn.query, tools=body.get("tools"))
    except BaseException:
        turn.done()
        raise
    payload = {**body, "messages": context}
    url = upstream_url(svc, "/chat/completions")
    return await forward(turn, url, payload, upstream_headers(request, svc), _chat_reply, bool(body.get("stream")))


# ---------------------------------------------------------------- OpenAI Responses
def _responses_reply(content: bytes) -> dict[str, Any] | None:
    if b"event:" in content[:200] or content.lstrip().startswith(b"data:"):
        for event, data in wire.sse_events(content):
            if event == "response.completed" or data.get("type") == "response.completed":
                return vendor.responses_reply(data.get("response") or {})
        return None
    return vendor.responses_reply(_json(content))


async def responses(request: Request, caller: Caller) -> Response:
    svc: Service = request.app.state.service
    body = await svc.body(request)
    instructions, msgs, named = vendor.responses_input(body)
    turn = await begin(svc, request, caller, body, instructions, msgs, named)
    if isinstance(turn, Response):
        return turn
    try:
        await _maybe_compact(turn, body.get("context_management"))
        context = await turn.thread.context(budget(request, svc), query=turn.query, tools=body.get("tools"))
    except BaseException:
        turn.done()
        raise
    payload = {k: v for k, v in body.items() if k not in ("previous_response_id", "context_management")}
    payload.update(input=vendor.to_responses_input(context), instructions=None)
    url = upstream_url(svc, "/responses")
    return await forward(turn, url, payload, upstream_headers(request, svc), _responses_reply, bool(body.get("stream")))


async def _maybe_compact(turn: Turn, management: Any) -> bool:
    """Honour Responses ``context_management: [{type: compaction, compact_threshold}]`` (our compaction)."""
    if not isinstance(management, list):
        return False
    for entry in management:
        if isinstance(entry, Mapping) and entry.get("type") == "compaction":
            threshold = entry.get("compact_threshold")
            stats = await turn.thread.stats()
            if threshold is None or stats["tail_tokens"] >= int(threshold):
                return await _compact_quietly(turn.thread)
    return False


async def _compact_quietly(thread: AsyncThread) -> bool:
    """Compact now for a vendor compaction request; a summarizer failure leaves the summary as it was and
    the request goes on (the vendors, too, answer without compacting when they cannot)."""
    try:
        return await thread.compact() is not None
    except SummarizerError as exc:
        log.warning("compaction of thread %s requested by the client did not land: %s", thread.id, exc)
        return False


async def responses_compact(request: Request, caller: Caller) -> Response:
    """``POST /v1/responses/compact``: store the input, compact the thread now, answer in OpenAI's shape."""
    svc: Service = request.app.state.service
    body = await svc.body(request)
    instructions, msgs, named = vendor.responses_input(body)
    turn = await begin(svc, request, caller, body, instructions, msgs, named)
    if isinstance(turn, Response):
        return turn
    try:
        version = await turn.thread.compact()
        state = await turn.thread.summary()
        stats = await turn.thread.stats()
        usage = version.meta.get("usage", {}) if version else {}
        token = vendor.compaction_token(turn.name, stats["summary_version"], wire.summary_text(state))
        users = [m for m in msgs if m.get("role") == "user"]
        tokens = {"input": int(usage.get("input_tokens", 0) or 0), "output": int(usage.get("output_tokens", 0) or 0)}
        out = vendor.compacted_response(str(body.get("model") or ""), users, token, tokens)
        data = json.dumps(out).encode()
        svc.remember(turn.key, 200, data, "application/json")
        return Response(data, 200, media_type="application/json")
    finally:
        turn.done()


# ---------------------------------------------------------------- Anthropic Messages
def _compact_edit(body: Mapping[str, Any]) -> Mapping[str, Any] | None:
    edits = (
        (body.get("context_management") or {}).get("edits")
        if isinstance(body.get("context_management"), Mapping)
        else None
    )
    for edit in edits or []:
        if isinstance(edit, Mapping) and str(edit.get("type", "")).startswith("compact_"):
            return edit
    return None


async def _anthropic_compaction(turn: Turn, edit: Mapping[str, Any] | None) -> dict[str, Any] | None:
    """Apply a ``compact_20260112`` edit: compact when the thread's unsummarised history passes the trigger."""
    if edit is None:
        return None
    trigger = edit.get("trigger")
    if not isinstance(trigger, Mapping):
        trigger = {}
    threshold = int(trigger.get("value") or 150_000)
    stats = await turn.thread.stats()
    if stats["tail_tokens"] < threshold or not await _compact_quietly(turn.thread):
        return None
    return {"type": "compaction", "content": wire.summary_text(await turn.thread.summary())}


async def messages(request: Request, caller: Caller) -> Response:
    svc: Service = request.app.state.service
    body = await svc.body(request)
    system, msgs = vendor.anthropic_input(body)
    turn = await begin(svc, request, caller, body, system, msgs)
    if isinstance(turn, Response):
        return turn
    try:
        block = await _anthropic_compaction(turn, _compact_edit(body))
        edit = _compact_edit(body) or {}
        if block is not None and edit.get("pause_after_compaction"):
            reply = _paused(body, block)
            return await _finish_anthropic(turn, reply, bool(body.get("stream")), store=False)
        if svc.config.anthropic_upstream:
            return await _anthropic_upstream(request, svc, turn, body, block)
        chat = await turn.thread.context(budget(request, svc), query=turn.query)
        payload = vendor.anthropic_to_chat_request(body, chat)
        assert svc.http is not None  # started with the app whenever an upstream is configured
        resp = await svc.http.post(
            upstream_url(svc, "/chat/completions"), json=payload, headers=upstream_headers(request, svc)
        )
    except BaseException:
        turn.done()
        raise
    if resp.status_code >= 400:
        turn.done()
        return _anthropic_error(resp)
    reply = vendor.chat_to_anthropic_reply(resp.json(), str(body.get("model") or ""))
    if block is not None:
        reply["content"].insert(0, block)
    return await _finish_anthropic(turn, reply, bool(body.get("stream")))


def _paused(body: Mapping[str, Any], block: dict[str, Any]) -> dict[str, Any]:
    reply = vendor.chat_to_anthropic_reply(
        {"choices": [{"message": {}, "finish_reason": "stop"}]}, str(body.get("model") or "")
    )
    reply.update(content=[block], stop_reason="compaction")
    return reply


def _anthropic_error(resp: httpx.Response) -> Response:
    """An OpenAI-shaped upstream error in Anthropic's shape, same status."""
    try:
        message = resp.json().get("error", {}).get("message") or resp.text
    except ValueError:
        message = resp.text
    kind = {400: "invalid_request_error", 401: "authentication_error", 404: "not_found_error", 429: "rate_limit_error"}
    payload = {"type": "error", "error": {"type": kind.get(resp.status_code, "api_error"), "message": message}}
    headers = {"Retry-After": resp.headers["retry-after"]} if "retry-after" in resp.headers else None
    return JSONResponse(payload, resp.status_code, headers)


async def _finish_anthropic(turn: Turn, reply: dict[str, Any], stream: bool, store: bool = True) -> Response:
    try:
        data = b"".join(vendor.anthropic_sse(reply)) if stream else json.dumps(reply).encode()
    except BaseException:
        turn.done()
        raise
    media = "text/event-stream" if stream else "application/json"
    turn.finish(lambda _: vendor.anthropic_reply_message(reply) if store else None, 200, data, media)
    return Response(data, 200, media_type=media)


async def _anthropic_upstream(
    request: Request, svc: Service, turn: Turn, body: Mapping, block: dict | None
) -> Response:
    """Forward Anthropic-shaped to an Anthropic-compatible upstream (streaming passes through)."""
    system, context = await turn.thread.context(budget(request, svc), query=turn.query, format="anthropic")
    payload = {k: v for k, v in body.items() if k != "context_management"}
    payload.update(messages=context)
    if system:
        payload["system"] = system
    else:
        payload.pop("system", None)

    def reply_of(content: bytes) -> dict[str, Any] | None:
        if content.lstrip().startswith(b"event:"):
            return vendor.anthropic_stream_reply(wire.sse_events(content))
        return vendor.anthropic_reply_message(_json(content))

    url = upstream_url(svc, "/v1/messages", anthropic=True)
    return await forward(turn, url, payload, upstream_headers(request, svc, True), reply_of, bool(body.get("stream")))
