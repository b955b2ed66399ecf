"""The memory proxy: OpenAI chat completions and Responses, Anthropic Messages, vendor-shaped compaction.

Each request: find the thread, store what is new, replace the history with the thread's budgeted
context (query: the latest user message), forward to the upstream, check the reply, return it
unchanged and store it. A conversation's requests run one at a time (a retry waits for the first,
then gets its stored answer back instead of being stored twice): see :class:`~chatcompact.server.turn.Turn`.

A reply that cannot be read or stored never reaches the client as a 200: a whole body is checked before it
is returned (502 otherwise); a stream's events are relayed as they come, checked on the way, and its last
event (``[DONE]``, ``response.completed``, ``message_stop``) is held back until the reply passed: in its place
the client gets an error event in the vendor's shape (see :mod:`chatcompact.server.replies`).
"""

from __future__ import annotations

import logging
import time
from collections.abc import AsyncIterator, Mapping
from typing import Any, Literal

import orjson
from starlette.requests import Request
from starlette.responses import JSONResponse, Response, StreamingResponse
from starlette.types import Receive, Scope, Send

from ..errors import SummarizerError
from . import replies, vendor, wire
from .replies import BadReply, Vendor
from .service import Caller, HTTPProblem, Service
from .tails import Ask
from .turn import Turn
from .upstream import Reply, UpstreamError, dumps

log = logging.getLogger("chatcompact.server")
_REPLAY_MAX = 1 << 20  # replies kept for replaying a retry (larger ones are simply not replayed)


def budget(request: Request, svc: Service) -> int:
    raw = request.headers.get("x-chatcompact-budget")
    if raw is None:
        return svc.config.budget
    if not raw.isdigit() or int(raw) < 64:
        raise HTTPProblem(400, "X-Chatcompact-Budget must be an integer >= 64")
    return int(raw)


def tools_of(body: Mapping[str, Any]) -> list[Any] | None:
    """The request's tool schemas (counted in the budget): a list of objects, or none."""
    tools = body.get("tools")
    if tools is None:
        return None
    if not isinstance(tools, list) or not all(isinstance(t, Mapping) for t in tools):
        raise HTTPProblem(400, "tools: a list of tool objects is required")
    return tools or None


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


# ---------------------------------------------------------------- forwarding and reading replies
def _max_reply(svc: Service) -> int:
    return max(32 << 20, 8 * svc.max_message_chars)


def read_reply(kind: Vendor, content: bytes, media: str, max_chars: int) -> dict[str, Any] | None:
    """The assistant message of a whole upstream body, checked (BadReply if it cannot be stored)."""
    if "text/event-stream" in media:
        message = _read_events(kind, content, max_chars)
    else:
        data = replies.parse_json(content)
        if kind == "chat":
            message = replies.chat_message(data)
        elif kind == "responses":
            message = replies.responses_message(data)
        else:
            message = replies.anthropic_message(data)
    return replies.check_message(message, max_chars) if message is not None else None


def _read_events(kind: Vendor, content: bytes, max_chars: int) -> dict[str, Any] | None:
    events = replies.SSEEvents()
    acc = replies.STREAMS[kind](max_chars)
    for event in [*events.feed(content), *events.rest()]:
        acc.event(event)
    return acc.message()


async def forward(
    turn: Turn, url: str, payload: dict[str, Any], headers: dict[str, str], kind: Vendor, stream: bool
) -> Response:
    """POST to the upstream; pass its errors through with their status; check and store the reply; the thread
    stays held until the (streamed) answer is complete and stored."""
    svc = turn.svc
    assert svc.upstream is not None
    sent = time.perf_counter()
    reply = await svc.upstream.post(url, dumps(payload), headers)
    if reply.status >= 400 or not stream or "text/event-stream" not in reply.media:
        try:
            content = await reply.read(_max_reply(svc))
        finally:
            reply.close()
        upstream = time.perf_counter() - sent
        if reply.status < 400:
            message = read_reply(kind, content, reply.media, svc.max_message_chars)
            turn.finish(message, reply.status, content, reply.media)
        return Response(content, reply.status, media_type=reply.media, headers=turn.timing(upstream))
    turn.keep()
    return HeldStream(turn, relay(turn, reply, kind), reply.status, reply.media, turn.timing(None))


async def relay(turn: Turn, reply: Reply, kind: Vendor) -> AsyncIterator[bytes]:
    """The upstream's events, checked one by one; the last one only once the reply can be stored."""
    events = replies.SSEEvents()
    acc = replies.STREAMS[kind](
        _max_reply(turn.svc)
    )  # a reply has no message limit (assistant turns), only a size bound
    raw = bytearray()
    finished = False
    try:
        last: bytes | None = None
        async for chunk in reply.chunks():
            if len(raw) <= _REPLAY_MAX:
                raw += chunk
            for event in events.feed(chunk):
                if acc.event(event):
                    last = event
                else:
                    yield event
        for event in events.rest():
            if acc.event(event):
                last = event
            else:
                yield event
        message = acc.message()
        if message is not None:
            replies.check_message(message, turn.svc.max_message_chars)
        turn.finish(message, reply.status, bytes(raw) if len(raw) <= _REPLAY_MAX else b"", reply.media)
        finished = True
        if last is not None:
            yield last
    except (BadReply, UpstreamError) as exc:
        log.warning("thread %s: the upstream's stream cannot be stored: %s", turn.name, exc)
        yield replies.error_event(kind, f"bad upstream reply: {exc}" if isinstance(exc, BadReply) else str(exc))
    finally:
        reply.close()
        if not finished:  # the client left mid-stream, or the stream was bad: nothing half-received is stored
            turn.svc.spawn(turn.release())


class HeldStream(StreamingResponse):
    """A streamed answer that holds its thread until done; released even if the client left before it began."""

    def __init__(self, turn: Turn, content: AsyncIterator[bytes], status: int, media: str, headers: dict[str, str]):
        self.turn = turn
        self.began = False
        self._inner = content
        super().__init__(self._body(), status, media_type=media, headers=headers)

    async def _body(self) -> AsyncIterator[bytes]:
        self.began = True
        try:
            async for chunk in self._inner:
                yield chunk
        finally:
            await self._inner.aclose()  # type: ignore[attr-defined]

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        try:
            await super().__call__(scope, receive, send)
        finally:
            if not self.began:
                self.turn.svc.spawn(self.turn.release())


# ---------------------------------------------------------------- OpenAI chat completions
async def chat_completions(request: Request, caller: Caller) -> Response:
    svc: Service = request.app.state.service
    body = await svc.body(request)
    if not isinstance(body.get("messages"), list) or not body["messages"]:
        raise HTTPProblem(400, "messages: a non-empty list is required")
    url = upstream_url(svc, "/chat/completions")
    system, msgs = wire.split_system(body["messages"])
    ask = Ask(budget(request, svc), tools_of(body))
    async with Turn(svc, request, caller, body, system, msgs, ask=ask, kind="chat") as turn:
        if turn.replayed is not None:
            return turn.replayed
        payload = {**body, "messages": turn.context}
        return await forward(turn, url, payload, upstream_headers(request, svc), "chat", bool(body.get("stream")))


# ---------------------------------------------------------------- OpenAI Responses
def compaction_threshold(body: Mapping[str, Any]) -> int | None:
    """Responses ``context_management: [{type: compaction, compact_threshold}]``: the threshold (0: always)."""
    management = body.get("context_management")
    if management is None:
        return None
    if not isinstance(management, list):
        raise HTTPProblem(400, "context_management: a list of entries is required")
    for i, entry in enumerate(management):
        if not isinstance(entry, Mapping):
            raise HTTPProblem(400, f"context_management[{i}]: an object is required")
        if entry.get("type") == "compaction":
            threshold = entry.get("compact_threshold", 0)
            if threshold is None:
                return 0
            if isinstance(threshold, bool) or not isinstance(threshold, int) or threshold < 0:
                raise HTTPProblem(400, f"context_management[{i}].compact_threshold: a non-negative integer is required")
            return threshold
    return None


async def responses(request: Request, caller: Caller) -> Response:
    svc: Service = request.app.state.service
    body = await svc.body(request)
    url = upstream_url(svc, "/responses")
    threshold = compaction_threshold(body)
    tools = tools_of(body)
    instructions, msgs, named = vendor.responses_input(body)
    ask = Ask(budget(request, svc), tools) if threshold is None else None
    async with Turn(svc, request, caller, body, instructions, msgs, named, ask, "responses") as turn:
        if turn.replayed is not None:
            return turn.replayed
        if threshold is not None:
            if (await turn.thread.stats())["tail_tokens"] >= threshold:
                await _compact_quietly(turn.thread)
            turn.context = await turn.thread.context(budget(request, svc), query=turn.query, tools=tools)
        payload = {k: v for k, v in body.items() if k not in ("previous_response_id", "context_management")}
        payload.update(input=vendor.to_responses_input(turn.context), instructions=None)
        headers = upstream_headers(request, svc)
        return await forward(turn, url, payload, headers, "responses", bool(body.get("stream")))


async def _compact_quietly(thread: Any) -> bool:
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
    async with Turn(svc, request, caller, body, instructions, msgs, named) as turn:
        if turn.replayed is not None:
            return turn.replayed
        version = await turn.thread.compact()
        state = await turn.thread.summary()
        stats = await turn.thread.stats()
        usage = version.meta.get("usage", {}) if version else {}
        token = vendor.compaction_token(turn.name, stats["summary_version"], wire.summary_text(state))
        users = [m for m in msgs if isinstance(m, Mapping) and m.get("role") == "user"]
        tokens = {"input": int(usage.get("input_tokens", 0) or 0), "output": int(usage.get("output_tokens", 0) or 0)}
        data = orjson.dumps(vendor.compacted_response(str(body.get("model") or ""), users, token, tokens))
        svc.remember(turn.key, 200, data, "application/json")
        return Response(data, 200, media_type="application/json")


# ---------------------------------------------------------------- Anthropic Messages
def compact_edit(body: Mapping[str, Any]) -> tuple[int, bool] | None:
    """A ``compact_20260112`` edit of ``context_management.edits``: (trigger tokens, pause after compaction)."""
    management = body.get("context_management")
    if management is None:
        return None
    if not isinstance(management, Mapping):
        raise HTTPProblem(400, "context_management: an object is required")
    edits = management.get("edits") or []
    if not isinstance(edits, list):
        raise HTTPProblem(400, "context_management.edits: a list of edits is required")
    for i, edit in enumerate(edits):
        if not isinstance(edit, Mapping):
            raise HTTPProblem(400, f"context_management.edits[{i}]: an object is required")
        if not str(edit.get("type", "")).startswith("compact_"):
            continue
        trigger = edit.get("trigger") or {}
        if not isinstance(trigger, Mapping):
            raise HTTPProblem(400, f"context_management.edits[{i}].trigger: an object is required")
        value = trigger.get("value", 150_000)
        if isinstance(value, bool) or not isinstance(value, int) or value < 0:
            raise HTTPProblem(400, f"context_management.edits[{i}].trigger.value: a non-negative integer is required")
        return value, bool(edit.get("pause_after_compaction"))
    return None


async def _anthropic_compaction(turn: Turn, edit: tuple[int, bool] | None) -> dict[str, Any] | None:
    """Apply a ``compact_20260112`` edit: compact when the thread's unsummarised history passes the trigger."""
    if edit is None:
        return None
    stats = await turn.thread.stats()
    if stats["tail_tokens"] < edit[0] or not await _compact_quietly(turn.thread):
        return None
    return {"type": "compaction", "content": wire.summary_text(await turn.thread.summary())}


async def messages(request: Request, caller: Caller) -> Response:
    svc: Service = request.app.state.service
    body = await svc.body(request)
    edit = compact_edit(body)
    anthropic_up = bool(svc.config.anthropic_upstream)
    url = upstream_url(svc, "/v1/messages" if anthropic_up else "/chat/completions", anthropic_up)
    system, msgs = vendor.anthropic_input(body)
    fmt: Literal["openai", "anthropic"] = "anthropic" if anthropic_up else "openai"
    ask = Ask(budget(request, svc), format=fmt) if edit is None else None
    async with Turn(svc, request, caller, body, system, msgs, ask=ask, kind="anthropic") as turn:
        if turn.replayed is not None:
            return turn.replayed
        block = await _anthropic_compaction(turn, edit)
        if block is not None and edit is not None and edit[1]:
            return _finish_anthropic(turn, _paused(body, block), bool(body.get("stream")), store=False)
        if ask is None:
            turn.context = await turn.thread.context(budget(request, svc), query=turn.query, format=fmt)
        if anthropic_up:
            return await _anthropic_upstream(request, svc, turn, body, url)
        return await _via_chat(request, svc, turn, body, url, block)


async def _via_chat(
    request: Request, svc: Service, turn: Turn, body: Mapping[str, Any], url: str, block: dict[str, Any] | None
) -> Response:
    """An Anthropic request answered by an OpenAI-compatible upstream (translated both ways)."""
    assert svc.upstream is not None
    payload = vendor.anthropic_to_chat_request(body, turn.context)
    reply = await svc.upstream.post(url, dumps(payload), upstream_headers(request, svc))
    try:
        content = await reply.read(_max_reply(svc))
    finally:
        reply.close()
    if reply.status >= 400:
        return anthropic_error(reply.status, content, reply.headers.get("retry-after"))
    completion = replies.completion(replies.parse_json(content))
    answer = vendor.chat_to_anthropic_reply(completion, str(body.get("model") or ""))
    if block is not None:
        answer["content"].insert(0, block)
    return _finish_anthropic(turn, answer, bool(body.get("stream")))


def anthropic_error(status: int, content: bytes, retry_after: str | None) -> Response:
    """An OpenAI-shaped upstream error in Anthropic's shape, same status."""
    text = content.decode("utf-8", "replace")
    try:
        parsed = orjson.loads(content)
    except orjson.JSONDecodeError:
        parsed = None
    error = parsed.get("error") if isinstance(parsed, Mapping) else None
    message = error.get("message") if isinstance(error, Mapping) else None
    kind = {400: "invalid_request_error", 401: "authentication_error", 404: "not_found_error", 429: "rate_limit_error"}
    payload = {"type": "error", "error": {"type": kind.get(status, "api_error"), "message": str(message or text)}}
    return JSONResponse(payload, status, {"Retry-After": retry_after} if retry_after else None)


def _paused(body: Mapping[str, Any], block: dict[str, Any]) -> dict[str, Any]:
    reply = vendor.chat_to_anthropic_reply(
        {"choices": [{"message": {}, "finish_reason": "stop"}]}, str(body.get("model") or "")
    )
    reply.update(content=[block], stop_reason="compaction")
    return reply


def _finish_anthropic(turn: Turn, reply: dict[str, Any], stream: bool, store: bool = True) -> Response:
    message = replies.anthropic_message(reply) if store else None
    if message is not None:
        replies.check_message(message, turn.svc.max_message_chars)
    data = b"".join(vendor.anthropic_sse(reply)) if stream else orjson.dumps(reply)
    media = "text/event-stream" if stream else "application/json"
    turn.finish(message, 200, data, media)
    return Response(data, 200, media_type=media)


async def _anthropic_upstream(
    request: Request, svc: Service, turn: Turn, body: Mapping[str, Any], url: str
) -> Response:
    """Forward Anthropic-shaped to an Anthropic-compatible upstream (streaming passes through)."""
    system, context = turn.context
    payload = {k: v for k, v in body.items() if k != "context_management"}
    payload.update(messages=context)
    if system:
        payload["system"] = system
    else:
        payload.pop("system", None)
    headers = upstream_headers(request, svc, True)
    return await forward(turn, url, payload, headers, "anthropic", bool(body.get("stream")))
