"""Erasure over the service: forget turns, delete a thread, export everything held about it (tenant-scoped).

REST routes (``ROUTES``, registered beside :data:`chatcompact.server.rest.ROUTES`) and the shared steps the
MCP tools call. Each runs while it holds the thread (:class:`~chatcompact.server.locks.ThreadLocks`), so no
proxied request of the conversation is half-way through it; afterwards the proxy's diff cache of the thread
is rebuilt from the store, where a forgotten turn is a tombstone that matches whatever the client resends in
its place (a client that keeps its full history does not write the forgotten text back).
"""

from __future__ import annotations

from typing import Any

from starlette.requests import Request
from starlette.responses import JSONResponse, Response

from .service import Caller, HTTPProblem, Service

MAX_IDS = 10_000


def _svc(request: Request) -> Service:
    svc: Service = request.app.state.service
    return svc


def forget_args(body: Any) -> tuple[list[int] | None, str | None]:
    """``messages`` (seq ids) and/or ``containing`` (text, case-insensitive) of a forget request."""
    if not isinstance(body, dict):
        raise HTTPProblem(400, "body must be a JSON object")
    ids, text = body.get("messages"), body.get("containing")
    if ids is None and text is None:
        raise HTTPProblem(400, "give messages (a list of message ids) and/or containing (a text)")
    if ids is not None and (
        not isinstance(ids, list)
        or not 0 < len(ids) <= MAX_IDS
        or not all(isinstance(i, int) and not isinstance(i, bool) and 0 < i < 2**63 for i in ids)
    ):
        raise HTTPProblem(400, f"messages: a list of 1 to {MAX_IDS} message ids (positive integers) is required")
    if text is not None and (not isinstance(text, str) or not text.strip() or len(text) > 1000):
        raise HTTPProblem(400, "containing: a non-empty text of at most 1000 characters is required")
    return ids, text


async def forget(svc: Service, caller: Caller, name: str, ids: list[int] | None, text: str | None) -> dict[str, Any]:
    """Forget turns of the caller's thread ``name`` (404 if the tenant has none); the report as JSON."""
    t = await svc.existing_thread(caller, name)
    sid = svc.stored_id(caller, name)
    needle = text.casefold() if text else None

    def where(m: Any) -> bool:
        return needle is not None and needle in m.searchable_text.casefold()

    hold = await svc.locks.acquire(sid)
    try:
        report = await t.forget(ids, where=where if needle else None)
    finally:
        svc.tails.drop(sid)
        await hold.release()
    return {"forgotten": report.as_dict()}


async def delete(svc: Service, caller: Caller, name: str) -> dict[str, Any]:
    """Delete the caller's thread ``name`` and everything stored about it (404 if the tenant has none)."""
    t = await svc.existing_thread(caller, name)
    sid = svc.stored_id(caller, name)
    hold = await svc.locks.acquire(sid)
    try:
        await t.delete()
    finally:
        svc.forgot(sid)
        await hold.release()
    return {"deleted": name}


async def export(svc: Service, caller: Caller, name: str) -> dict[str, Any]:
    """Everything the store holds for the caller's thread ``name``, under the name the tenant knows."""
    assert svc.mem is not None
    await svc.existing_thread(caller, name)
    out = await svc.mem.export(svc.stored_id(caller, name))
    out["thread"] = {**out["thread"], "id": name}
    return out


# ---------------------------------------------------------------- REST adapters
async def post_forget(request: Request, caller: Caller) -> Response:
    svc = _svc(request)
    ids, text = forget_args(await svc.body(request))
    return JSONResponse(await forget(svc, caller, request.path_params["thread"], ids, text))


async def delete_thread(request: Request, caller: Caller) -> Response:
    return JSONResponse(await delete(_svc(request), caller, request.path_params["thread"]))


async def get_export(request: Request, caller: Caller) -> Response:
    return JSONResponse(await export(_svc(request), caller, request.path_params["thread"]))


ROUTES = [
    ("/v1/threads/{thread}/forget", "POST", post_forget),
    ("/v1/threads/{thread}", "DELETE", delete_thread),
    ("/v1/threads/{thread}/export", "GET", get_export),
]
