"""REST over a tenant's threads: each route a thin adapter over one AsyncThread call."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from starlette.requests import Request
from starlette.responses import JSONResponse, Response

from ..core.formats import to_anthropic, to_openai
from ..runtime.async_memory import AsyncThread
from ..types import Message, SummaryNode, SummaryVersion
from . import curve, wire
from .service import Caller, HTTPProblem, Service

NOTE_NAME = "note"


def _svc(request: Request) -> Service:
    svc: Service = request.app.state.service
    return svc


def _int(request: Request, name: str, default: int | None, lo: int = 0, hi: int = 10**9) -> int | None:
    raw = request.query_params.get(name)
    if raw is None or raw == "":
        return default
    try:
        value = int(raw)
    except ValueError:
        raise HTTPProblem(400, f"{name} must be an integer") from None
    if not lo <= value <= hi:
        raise HTTPProblem(400, f"{name} must be between {lo} and {hi}")
    return value


async def _thread(request: Request, caller: Caller) -> AsyncThread:
    return await _svc(request).existing_thread(caller, request.path_params["thread"])


def message_json(m: Message) -> dict[str, Any]:
    return m.to_record()


def version_json(v: SummaryVersion) -> dict[str, Any]:
    return {
        "version": v.version,
        "parent": v.parent,
        "trigger": v.trigger,
        "summarizer": v.summarizer,
        "covered_from": v.covered_from,
        "covered_until": v.covered_until,
        "created_at": v.created_at,
        "report": v.report.model_dump(mode="json"),
        "state": v.state.model_dump(mode="json"),
        "meta": v.meta,
    }


def node_json(n: SummaryNode) -> dict[str, Any]:
    return n.model_dump(mode="json")


async def list_threads(request: Request, caller: Caller) -> Response:
    prefix = len(caller.tenant) + 1
    rows = await _svc(request).tenant_threads(caller)
    return JSONResponse(
        {
            "threads": [
                {
                    "id": i.id[prefix:],
                    "messages": i.last_seq,
                    "summary_version": i.last_version,
                    "created_at": i.created_at,
                }
                for i in rows
            ]
        }
    )


async def get_messages(request: Request, caller: Caller) -> Response:
    t = await _thread(request, caller)
    msgs = await t.history(_int(request, "after", 0) or 0, _int(request, "until", None))
    return JSONResponse({"messages": [message_json(m) for m in msgs]})


async def post_messages(request: Request, caller: Caller) -> Response:
    svc = _svc(request)
    body = await svc.body(request)
    messages = body.get("messages")
    if not isinstance(messages, list) or not messages:
        raise HTTPProblem(400, "messages: a non-empty list is required")
    system = body.get("system")
    if system is not None and not isinstance(system, str):
        raise HTTPProblem(400, "system: a string is required")
    t = await svc.open_thread(caller, request.path_params["thread"], system)
    stored = await t.add_many(messages)
    return JSONResponse({"messages": [message_json(m) for m in stored]}, 201)


async def get_context(request: Request, caller: Caller) -> Response:
    t = await _thread(request, caller)
    fmt = request.query_params.get("format", "openai")
    if fmt not in ("openai", "anthropic"):
        raise HTTPProblem(400, "format must be 'openai' or 'anthropic'")
    query = request.query_params.get("query") or None
    result = await t.assemble(_int(request, "budget", _svc(request).config.budget, 64, 10_000_000), query=query)
    body: dict[str, Any] = {"tokens": result.tokens, "budget": result.budget}
    if fmt == "anthropic":
        system, messages = to_anthropic(result.messages)
        body.update(system=system, messages=messages)
    else:
        body["messages"] = to_openai(result.messages)
    return JSONResponse(body)


async def get_recall(request: Request, caller: Caller) -> Response:
    t = await _thread(request, caller)
    query = request.query_params.get("q", "")
    if not query.strip():
        raise HTTPProblem(400, "q: a non-empty query is required")
    mode = request.query_params.get("mode", "hybrid")
    if mode not in ("hybrid", "text", "vector"):
        raise HTTPProblem(400, "mode must be hybrid, text or vector")
    hits = await t.recall(
        query, _int(request, "k", 5, 1, 50) or 5, mode=mode, neighbors=_int(request, "neighbors", 0, 0, 5) or 0
    )
    return JSONResponse({"hits": [h.as_dict() for h in hits]})


async def get_summary(request: Request, caller: Caller) -> Response:
    t = await _thread(request, caller)
    state = await t.summary()
    return JSONResponse({"summary": state.model_dump(mode="json"), "text": wire.summary_text(state)})


async def get_compactions(request: Request, caller: Caller) -> Response:
    t = await _thread(request, caller)
    return JSONResponse({"compactions": [version_json(v) for v in await t.compactions()]})


async def post_compact(request: Request, caller: Caller) -> Response:
    t = await _thread(request, caller)
    body = await _svc(request).body(request)
    keep = body.get("keep_tokens")
    if keep is not None and (not isinstance(keep, int) or isinstance(keep, bool) or keep < 0):
        raise HTTPProblem(400, "keep_tokens must be a non-negative integer")
    v = await t.compact(keep)
    return JSONResponse({"compacted": v is not None, "version": version_json(v) if v else None})


async def post_revert(request: Request, caller: Caller) -> Response:
    t = await _thread(request, caller)
    body = await _svc(request).body(request)
    version = body.get("version")
    if not isinstance(version, int) or isinstance(version, bool) or version < 0:
        raise HTTPProblem(400, "version: a non-negative integer is required")
    head = await t.revert(version)
    return JSONResponse({"head": version_json(head) if head else None})


async def get_hierarchy(request: Request, caller: Caller) -> Response:
    t = await _thread(request, caller)
    return JSONResponse({"nodes": [node_json(n) for n in await t.hierarchy()]})


async def get_expand(request: Request, caller: Caller) -> Response:
    t = await _thread(request, caller)
    out = await t.expand(request.path_params["node"])
    if out and isinstance(out[0], SummaryNode):
        return JSONResponse({"nodes": [node_json(n) for n in out]})
    return JSONResponse({"messages": [message_json(m) for m in out]})  # type: ignore[arg-type]


async def post_note(request: Request, caller: Caller) -> Response:
    svc = _svc(request)
    body = await svc.body(request)
    text = body.get("text")
    if not isinstance(text, str) or not text.strip():
        raise HTTPProblem(400, "text: a non-empty string is required")
    t = await svc.open_thread(caller, request.path_params["thread"])
    stored = await t.add(note_message(text))
    return JSONResponse({"message": message_json(stored)}, 201)


def note_message(text: str) -> dict[str, Any]:
    """A note is a user turn named ``note``: summarised and recalled like any other."""
    return {"role": "user", "name": NOTE_NAME, "content": text}


async def get_usage(request: Request, caller: Caller) -> Response:
    t = await _thread(request, caller)
    return JSONResponse(usage(await t.stats(), await t.compactions()))


def usage(stats: Mapping[str, int], versions: list[SummaryVersion]) -> dict[str, Any]:
    """Sizes and what compaction cost: summarizer calls, their tokens (from each version's meta)."""
    folds = [v for v in versions if v.trigger not in ("revert", "forget")]  # those two fold nothing
    calls = [v.meta.get("usage") or {} for v in folds]
    return {
        **stats,
        "compactions": len(folds),
        "summarizer_input_tokens": sum(int(u.get("input_tokens", 0) or 0) for u in calls),
        "summarizer_output_tokens": sum(int(u.get("output_tokens", 0) or 0) for u in calls),
    }


async def get_curve(request: Request, caller: Caller) -> Response:
    t = await _thread(request, caller)
    svc = _svc(request)
    assert svc.mem is not None
    points = curve.token_curve(await t.history(), await t.compactions(), svc.mem.sync.tokenizer, svc.config.budget)
    return JSONResponse({"budget": svc.config.budget, "points": points})


ROUTES = [
    ("/v1/threads", "GET", list_threads),
    ("/v1/threads/{thread}/messages", "GET", get_messages),
    ("/v1/threads/{thread}/messages", "POST", post_messages),
    ("/v1/threads/{thread}/context", "GET", get_context),
    ("/v1/threads/{thread}/recall", "GET", get_recall),
    ("/v1/threads/{thread}/summary", "GET", get_summary),
    ("/v1/threads/{thread}/compactions", "GET", get_compactions),
    ("/v1/threads/{thread}/compact", "POST", post_compact),
    ("/v1/threads/{thread}/revert", "POST", post_revert),
    ("/v1/threads/{thread}/hierarchy", "GET", get_hierarchy),
    ("/v1/threads/{thread}/nodes/{node}/expand", "GET", get_expand),
    ("/v1/threads/{thread}/notes", "POST", post_note),
    ("/v1/threads/{thread}/usage", "GET", get_usage),
    ("/v1/threads/{thread}/curve", "GET", get_curve),
]
