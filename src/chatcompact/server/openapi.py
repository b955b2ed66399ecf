"""The OpenAPI 3.1 document served at ``/openapi.json`` (the REST routes; the proxy routes are the
vendors' own APIs and are listed with free-form bodies)."""

from __future__ import annotations

from typing import Any

from .. import __version__

_ERROR = {"description": "error", "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Error"}}}}
_OBJ = {"type": "object"}


def _q(name: str, schema: dict[str, Any], required: bool = False) -> dict[str, Any]:
    return {"name": name, "in": "query", "required": required, "schema": schema}


_THREAD = {
    "name": "thread",
    "in": "path",
    "required": True,
    "schema": {"type": "string", "minLength": 1, "maxLength": 150},
}
_NODE = {"name": "node", "in": "path", "required": True, "schema": {"type": "string", "minLength": 1, "maxLength": 200}}
_INT = {"type": "integer", "minimum": 0}

_MESSAGE = {
    "type": "object",
    "required": ["role"],
    "properties": {
        "role": {"type": "string", "enum": ["system", "developer", "user", "assistant", "tool"]},
        "content": {"type": ["string", "null"]},
        "name": {"type": "string"},
        "tool_call_id": {"type": "string"},
        "tool_calls": {"type": "array", "items": _OBJ},
    },
}


def _op(
    summary: str, params: list[dict[str, Any]], body: dict[str, Any] | None = None, ok: str = "200"
) -> dict[str, Any]:
    op: dict[str, Any] = {
        "summary": summary,
        "parameters": params,
        "responses": {ok: {"description": "ok", "content": {"application/json": {"schema": _OBJ}}}, "4XX": _ERROR},
    }
    if body is not None:
        op["requestBody"] = {"required": True, "content": {"application/json": {"schema": body}}}
    return op


def _erasure_paths(t: list[dict[str, Any]]) -> dict[str, Any]:
    """Forget, delete, export (chatcompact.server.erasure)."""
    ids = {"type": "array", "items": {"type": "integer", "minimum": 1}, "minItems": 1, "maxItems": 10_000}
    forget = {
        "type": "object",
        "properties": {"messages": ids, "containing": {"type": "string", "minLength": 1, "maxLength": 1000}},
    }
    return {
        "/v1/threads/{thread}/forget": {
            "post": _op("Erase turns (by id and/or text) from log, indexes, summaries", t, forget)
        },
        "/v1/threads/{thread}": {"delete": _op("Delete the thread and everything stored about it", t)},
        "/v1/threads/{thread}/export": {"get": _op("Everything stored about the thread, as JSON", t)},
    }


def document() -> dict[str, Any]:
    """The whole OpenAPI document."""
    t = [_THREAD]
    paths: dict[str, Any] = {
        "/v1/threads": {"get": _op("The caller's threads", [])},
        "/v1/threads/{thread}/messages": {
            "get": _op("Messages, verbatim", [*t, _q("after", _INT), _q("until", _INT)]),
            "post": _op(
                "Append messages (creates the thread)",
                t,
                {
                    "type": "object",
                    "required": ["messages"],
                    "properties": {
                        "messages": {"type": "array", "items": _MESSAGE, "minItems": 1},
                        "system": {"type": "string"},
                    },
                },
                "201",
            ),
        },
        "/v1/threads/{thread}/context": {
            "get": _op(
                "The budgeted context",
                [
                    *t,
                    _q("budget", {"type": "integer", "minimum": 64}),
                    _q("query", {"type": "string"}),
                    _q("format", {"enum": ["openai", "anthropic"]}),
                ],
            )
        },
        "/v1/threads/{thread}/recall": {
            "get": _op(
                "Search the whole history",
                [
                    *t,
                    _q("q", {"type": "string", "minLength": 1}, True),
                    _q("k", {"type": "integer", "minimum": 1, "maximum": 50}),
                    _q("mode", {"enum": ["hybrid", "text", "vector"]}),
                ],
            )
        },
        "/v1/threads/{thread}/summary": {"get": _op("The structured summary", t)},
        "/v1/threads/{thread}/compactions": {"get": _op("Every summary version with its diff", t)},
        "/v1/threads/{thread}/compact": {
            "post": _op("Compact now", t, {"type": "object", "properties": {"keep_tokens": _INT}})
        },
        "/v1/threads/{thread}/revert": {
            "post": _op(
                "Return the summary to a version",
                t,
                {"type": "object", "required": ["version"], "properties": {"version": _INT}},
            )
        },
        "/v1/threads/{thread}/hierarchy": {"get": _op("The summary tree's nodes", t)},
        "/v1/threads/{thread}/nodes/{node}/expand": {"get": _op("A node's children or messages", [*t, _NODE])},
        "/v1/threads/{thread}/notes": {
            "post": _op(
                "Add a note",
                t,
                {"type": "object", "required": ["text"], "properties": {"text": {"type": "string", "minLength": 1}}},
                "201",
            )
        },
        "/v1/threads/{thread}/usage": {"get": _op("Sizes and summarizer cost", t)},
        "/v1/threads/{thread}/curve": {"get": _op("Tokens sent vs full history, per message", t)},
    }
    paths.update(_erasure_paths(t))
    for path, summary in (
        ("/v1/chat/completions", "OpenAI chat completions, with memory (proxied)"),
        ("/v1/responses", "OpenAI Responses, with memory (proxied)"),
        ("/v1/responses/compact", "OpenAI-shaped compaction, by chatcompact"),
        ("/v1/messages", "Anthropic Messages, with memory and compact_20260112"),
    ):
        paths[path] = {"post": {**_op(summary, [], _OBJ), "x-proxy": True}}
    return {
        "openapi": "3.1.0",
        "info": {"title": "chatcompact", "version": __version__},
        "paths": paths,
        "components": {
            "schemas": {
                "Error": {
                    "type": "object",
                    "properties": {
                        "error": {
                            "type": "object",
                            "properties": {"message": {"type": "string"}, "type": {"type": "string"}},
                        }
                    },
                }
            },
            "securitySchemes": {"bearer": {"type": "http", "scheme": "bearer"}},
        },
        "security": [{"bearer": []}],
    }
