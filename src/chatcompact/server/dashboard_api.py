"""The dashboard: its page and static files, its sign-in (``dashboard_auth``) and its read-only routes.

Every route under ``/dashboard/api`` is tenant-scoped by the session cookie (or an API key header) and pages
what it returns: transcript pages by message id, summary versions by number, the curve sampled; nothing
answers with a whole history. The thread is named by the ``thread`` query parameter (any thread id, slashes
included). Each route is a thin adapter over one library read; the shaping is in ``dashboard_views``.
"""

from __future__ import annotations

import asyncio
from collections import OrderedDict
from collections.abc import Awaitable, Callable
from functools import cache
from importlib.resources import files
from typing import Any

import httpx
from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.routing import Route

from .. import errors as E
from ..runtime.async_memory import AsyncThread
from ..types import Message, SummaryVersion
from . import curve
from . import dashboard_views as views
from .dashboard_auth import Sessions, install_log_filter
from .service import Caller, HTTPProblem, Service, error_response

PAGE_MAX = 200
STATIC = {
    "index.html": "text/html; charset=utf-8",
    "app.js": "text/javascript; charset=utf-8",
    "md.js": "text/javascript; charset=utf-8",
    "panels.js": "text/javascript; charset=utf-8",
    "app.css": "text/css; charset=utf-8",
}
# the page runs only its own files: no inline script, no handler attribute, no other origin (defence in depth:
# conversation text is inserted as text, never as HTML, in the first place)
CSP = (
    "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:; connect-src 'self'; "
    "base-uri 'none'; form-action 'self'; frame-ancestors 'none'"
)
_HEADERS = {"Cache-Control": "no-store", "X-Content-Type-Options": "nosniff", "Referrer-Policy": "no-referrer"}


@cache
def static_file(name: str) -> bytes:
    return files(__package__).joinpath("static", name).read_bytes()


def _int(request: Request, name: str, default: int | None, lo: int = 0, hi: int = 10**9) -> int | None:
    raw = request.query_params.get(name)
    if raw is None or raw == "":
        return default
    if not raw.lstrip("-").isdigit():
        raise HTTPProblem(400, f"{name} must be an integer")
    value = int(raw)
    if not lo <= value <= hi:
        raise HTTPProblem(400, f"{name} must be between {lo} and {hi}")
    return value


class Dashboard:
    """The dashboard's routes over one Service; keeps only numbers between requests (summary sizes)."""

    def __init__(self, service: Service) -> None:
        self.service = service
        self.sessions = Sessions(service)
        self._sizes: OrderedDict[tuple[str, int], int] = OrderedDict()
        self._warm = False

    async def session(self, request: Request) -> Response:
        """Who the page is signed in as; the first call also loads the tokenizer in the background (its first
        use costs seconds, and opening a thread needs it), while the person picks a thread."""
        if not self._warm and self.service.mem is not None:
            self._warm = True
            self.service.spawn(asyncio.to_thread(self.service.mem.sync.tokenizer.count, "warm up"))
        return await self.sessions.session(request)

    # ------------------------------------------------------------ plumbing
    def _wrap(self, fn: Callable[[Request, Caller], Awaitable[Any]]) -> Callable[[Request], Awaitable[Response]]:
        async def route(request: Request) -> Response:
            try:
                body = await fn(request, self.sessions.caller(request))
            except (E.ChatcompactError, HTTPProblem, httpx.HTTPError) as exc:
                response = error_response(exc)
                response.headers.update(_HEADERS)
                return response
            return JSONResponse(body, headers=_HEADERS)

        return route

    async def _thread(self, request: Request, caller: Caller) -> tuple[AsyncThread, str]:
        name = request.query_params.get("thread")
        if not name:
            raise HTTPProblem(400, "thread: the thread id is required")
        t = await self.service.existing_thread(caller, name)
        return t, self.service.stored_id(caller, name)

    def _size(self, sid: str, v: SummaryVersion | None) -> int:
        if v is None:
            return 0
        key = (sid, v.version)
        if key not in self._sizes:
            assert self.service.mem is not None
            self._sizes[key] = curve.summary_size(v, self.service.mem.sync.tokenizer.count)
            while len(self._sizes) > 20_000:
                self._sizes.popitem(last=False)
        return self._sizes[key]

    # ------------------------------------------------------------ pages
    async def page(self, request: Request) -> Response:
        headers = {**_HEADERS, "Content-Security-Policy": CSP}
        return Response(static_file("index.html"), media_type=STATIC["index.html"], headers=headers)

    async def static(self, request: Request) -> Response:
        name = request.path_params["name"]
        if name not in STATIC or name == "index.html":
            return error_response(HTTPProblem(404, f"no dashboard file {name!r}"))
        return Response(static_file(name), media_type=STATIC[name], headers={"X-Content-Type-Options": "nosniff"})

    # ------------------------------------------------------------ reads
    async def threads(self, request: Request, caller: Caller) -> dict[str, Any]:
        prefix = len(caller.tenant) + 1
        q = (request.query_params.get("q") or "").lower()
        rows = [i for i in await self.service.tenant_threads(caller) if q in i.id[prefix:].lower()]
        rows.sort(key=lambda i: i.created_at, reverse=True)
        offset, limit = _int(request, "offset", 0) or 0, _int(request, "limit", 100, 1, 500) or 100
        page = rows[offset : offset + limit]
        return {
            "total": len(rows),
            "threads": [
                {"id": i.id[prefix:], "messages": i.last_seq, "version": i.last_version, "created_at": i.created_at}
                for i in page
            ],
        }

    async def overview(self, request: Request, caller: Caller) -> dict[str, Any]:
        t, _ = await self._thread(request, caller)
        stats, state = await t.stats(), await t.summary()
        last = stats["messages"]
        recent = await t.history(max(last - 100, 0), last)
        system = t.sync.system or ""
        worklog = views.worklog_json(state.worklog)
        return {
            "thread": t.id.split("/", 1)[1],
            **stats,
            "budget": t.budget,
            "system": views.clip(system, 4000),
            "system_chars": len(system),
            "agent": worklog is not None or any(m.role == "tool" for m in recent),
        }

    async def messages(self, request: Request, caller: Caller) -> dict[str, Any]:
        """``before`` / ``after`` / ``around`` a message id, ``limit`` messages (at most PAGE_MAX)."""
        t, _ = await self._thread(request, caller)
        limit = _int(request, "limit", 60, 1, PAGE_MAX) or 60
        before, after, around = (_int(request, k, None, 1) for k in ("before", "after", "around"))
        if around is not None:
            lo = max(around - limit // 2 - 1, 0)
        elif before is not None:
            lo = max(before - 1 - limit, 0)
        else:
            lo = after or 0
        hi = lo + limit if before is None else min(lo + limit, before - 1)
        page = await t.history(lo, hi) if hi > lo else []
        calls = views.tool_calls(page)
        if any(m.role == "tool" and m.tool_call_id not in calls for m in page) and lo > 0:
            calls.update(views.tool_calls(await t.history(max(lo - 32, 0), lo)))  # calls on the page before
        return {"messages": [views.message_row(m, calls) for m in page], "after": lo, "until": hi}

    async def message(self, request: Request, caller: Caller) -> dict[str, Any]:
        """One message whole (the transcript clips long ones)."""
        t, _ = await self._thread(request, caller)
        seq = _int(request, "seq", None, 1)
        if seq is None:
            raise HTTPProblem(400, "seq: a message id is required")
        found = await t.history(seq - 1, seq)
        if not found:
            raise HTTPProblem(404, f"no message #{seq}")
        m = found[0]
        return {"seq": m.seq, "role": m.role, "text": m.text, "tool_calls": [tc.to_openai() for tc in m.tool_calls]}

    async def curve(self, request: Request, caller: Caller) -> dict[str, Any]:
        t, sid = await self._thread(request, caller)
        versions = await t.compactions()
        return await asyncio.to_thread(self._curve, t, sid, versions)

    def _curve(self, t: AsyncThread, sid: str, versions: list[SummaryVersion]) -> dict[str, Any]:
        mem = self.service.mem
        assert mem is not None
        tokens = mem.sync.store.message_tokens(sid)
        samples = [m for s in curve.sample_seqs(len(tokens)) for m in t.sync.history(s - 1, s)]
        info = mem.sync.store.thread_info(sid)
        system = t.sync.system
        base = mem.sync.tokenizer.count_message(Message(role="system", content=system)) if system else 0
        budget = t.budget
        pts = curve.points(tokens, samples, versions, lambda v: self._size(sid, v), budget, info.created_at, base)
        return {"budget": budget, "points": pts}

    async def context(self, request: Request, caller: Caller) -> dict[str, Any]:
        """What the model saw right after message ``seq`` (``Thread.context_at``), by structure."""
        t, _ = await self._thread(request, caller)
        seq = _int(request, "seq", None, 1)
        if seq is None:
            raise HTTPProblem(400, "seq: a message id is required")
        tc = await t.context_at(seq, _int(request, "budget", None, 64, 10_000_000))
        assert self.service.mem is not None
        return await asyncio.to_thread(views.turn_json, tc, self.service.mem.sync.tokenizer.count_message)

    async def versions(self, request: Request, caller: Caller) -> dict[str, Any]:
        """Timeline rows, newest first: ``limit`` versions numbered below ``before``."""
        t, sid = await self._thread(request, caller)
        all_versions = await t.compactions()
        before = _int(request, "before", len(all_versions) + 1, 1) or 1
        limit = _int(request, "limit", 30, 1, PAGE_MAX) or 30
        page = [v for v in reversed(all_versions) if v.version < before][:limit]

        def rows() -> list[dict[str, Any]]:
            return [views.version_row(v, _parent(all_versions, v), lambda x: self._size(sid, x)) for v in page]

        return {"total": len(all_versions), "versions": await asyncio.to_thread(rows)}

    async def version(self, request: Request, caller: Caller) -> dict[str, Any]:
        t, sid = await self._thread(request, caller)
        all_versions = await t.compactions()
        n = _int(request, "version", None, 1)
        if n is None or n > len(all_versions):
            raise HTTPProblem(404, f"no summary version {n}")
        v = all_versions[n - 1]
        parent = _parent(all_versions, v)
        row = views.version_row(v, parent, lambda x: self._size(sid, x))
        return {**row, "diff": views.version_diff(v, parent), "narrative": v.state.narrative}

    async def recall(self, request: Request, caller: Caller) -> dict[str, Any]:
        t, _ = await self._thread(request, caller)
        q = request.query_params.get("q", "")
        if not q.strip():
            raise HTTPProblem(400, "q: a non-empty query is required")
        hits = await t.recall(q, _int(request, "k", 10, 1, 50) or 10)
        return {"hits": [_hit(h.as_dict()) for h in hits]}

    def routes(self) -> list[Route]:
        api = [
            ("session", None),
            ("threads", self.threads),
            ("thread", self.overview),
            ("messages", self.messages),
            ("message", self.message),
            ("curve", self.curve),
            ("context", self.context),
            ("versions", self.versions),
            ("version", self.version),
            ("recall", self.recall),
        ]
        out = [
            Route("/", self.page),
            Route("/dashboard", self.page),
            Route("/dashboard/static/{name}", self.static),
            Route("/dashboard/login", self.sessions.login, methods=["POST"]),
            Route("/dashboard/logout", self.sessions.logout, methods=["POST"]),
            Route("/dashboard/api/session", self.session),
        ]
        out += [Route(f"/dashboard/api/{name}", self._wrap(fn)) for name, fn in api if fn is not None]
        return out


def _parent(versions: list[SummaryVersion], v: SummaryVersion) -> SummaryVersion | None:
    return versions[v.parent - 1] if v.parent and 0 < v.parent <= len(versions) else None


def _hit(h: dict[str, Any]) -> dict[str, Any]:
    """A recall hit for the page: a long text cut around its matching passage."""
    text, span = h["text"], h.get("passage")
    if span:
        start, end = max(span[0] - 300, 0), min(span[1] + 300, len(text))
        h["text"] = ("…" if start else "") + text[start:end] + ("…" if end < len(text) else "")
    else:
        h["text"] = views.clip(text, 1500)
    h["neighbors"] = []
    return h


def routes(service: Service) -> list[Route]:
    """The dashboard's routes (``app.create_app`` adds them); key redaction goes on uvicorn's access log."""
    install_log_filter()
    return Dashboard(service).routes()
