"""The MCP server (official ``mcp`` SDK): tools ``recall``, ``summary``, ``expand``, ``compact``,
``add_note``, and the erasure tools ``forget``, ``delete_thread``, ``export_thread`` over a tenant's threads,
on stdio (``chatcompact serve --mcp-stdio``) or streamable HTTP (``/mcp`` on the main app, same API keys)."""

from __future__ import annotations

import contextlib
import contextvars
import functools
from collections.abc import AsyncIterator, Callable
from typing import Any

from mcp.server.mcpserver import MCPServer
from mcp.server.mcpserver.exceptions import ToolError
from mcp.server.streamable_http_manager import StreamableHTTPASGIApp
from mcp.server.transport_security import TransportSecuritySettings
from starlette.requests import Request
from starlette.routing import Route
from starlette.types import Receive, Scope, Send

from ..errors import ChatcompactError
from ..types import SummaryNode
from . import erasure, rest, wire
from .service import LOCAL_TENANT, Caller, HTTPProblem, Service, error_response

_LOCAL = Caller(LOCAL_TENANT)
_caller: contextvars.ContextVar[Caller] = contextvars.ContextVar("chatcompact_caller", default=_LOCAL)


def build(
    service: Service, lifespan: Callable[[Any], contextlib.AbstractAsyncContextManager[Any]] | None = None
) -> MCPServer:
    """The MCP server; each tool is a thin adapter over the caller's thread."""
    server: MCPServer = MCPServer(
        "chatcompact",
        instructions="Memory of long conversations: recall, summary, hierarchy.",
        lifespan=lifespan,
        log_level="WARNING",
    )

    async def existing(thread: str) -> Any:
        return await service.existing_thread(_caller.get(), thread)

    def tool(fn: Callable[..., Any]) -> Callable[..., Any]:
        """Register ``fn``; library errors become tool errors that say what was wrong."""

        @functools.wraps(fn)
        async def run(*args: Any, **kw: Any) -> Any:
            try:
                return await fn(*args, **kw)
            except (ChatcompactError, HTTPProblem) as exc:
                raise ToolError(str(exc)) from None

        server.tool()(run)
        return run

    @tool
    async def recall(thread: str, query: str, k: int = 5) -> dict[str, Any]:
        """Search a thread's whole history; messages come back verbatim with their ids and times."""
        t = await existing(thread)
        return {"hits": [h.as_dict() for h in await t.recall(query, max(1, min(k, 50)))]}

    @tool
    async def summary(thread: str) -> dict[str, Any]:
        """The thread's structured running summary (sections with source message ids) and its text."""
        state = await (await existing(thread)).summary()
        return {"text": wire.summary_text(state), "summary": state.model_dump(mode="json")}

    @tool
    async def expand(thread: str, node: str = "root") -> dict[str, Any]:
        """A hierarchy node's children, or (level 0) the messages it summarises, verbatim."""
        out = await (await existing(thread)).expand(node)
        if out and isinstance(out[0], SummaryNode):
            return {"nodes": [rest.node_json(n) for n in out]}
        return {"messages": [m.to_record() for m in out]}

    @tool
    async def compact(thread: str) -> dict[str, Any]:
        """Fold older turns into the summary now; returns the new version's diff (or nothing to do)."""
        v = await (await existing(thread)).compact()
        return {"compacted": v is not None, "version": rest.version_json(v) if v else None}

    @tool
    async def add_note(thread: str, text: str) -> dict[str, Any]:
        """Add a note to a thread (creating it): summarised and recalled like any other turn."""
        t = await service.open_thread(_caller.get(), thread)
        return {"message": (await t.add(rest.note_message(text))).to_record()}

    _erasure_tools(service, tool)
    return server


def _erasure_tools(service: Service, tool: Callable[[Callable[..., Any]], Callable[..., Any]]) -> None:
    """``forget``, ``delete_thread`` and ``export_thread``: the REST erasure routes as tools, same checks."""

    @tool
    async def forget(thread: str, messages: list[int] | None = None, containing: str | None = None) -> dict[str, Any]:
        """Erase turns of a thread for good: by message id and/or every turn containing a text (case-insensitive).
        Their text leaves the log, the search indexes and every summary built from them; ids stay as tombstones."""
        body: dict[str, Any] = {k: v for k, v in (("messages", messages), ("containing", containing)) if v is not None}
        ids, text = erasure.forget_args(body)
        return await erasure.forget(service, _caller.get(), thread, ids, text)

    @tool
    async def delete_thread(thread: str) -> dict[str, Any]:
        """Delete a whole thread and everything stored about it (messages, summaries, nodes, vectors). Not undoable."""
        return await erasure.delete(service, _caller.get(), thread)

    @tool
    async def export_thread(thread: str) -> dict[str, Any]:
        """Everything stored about a thread, as JSON: messages, summary versions, events, nodes, vectors."""
        return await erasure.export(service, _caller.get(), thread)


class _Authenticated:
    """ASGI wrapper: authenticate with the server's keys, then let the MCP transport run as that tenant."""

    def __init__(self, service: Service, inner: StreamableHTTPASGIApp) -> None:
        self.service, self.inner = service, inner

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        try:
            caller = self.service.authenticate(Request(scope))
        except HTTPProblem as exc:
            await error_response(exc)(scope, receive, send)
            return
        token = _caller.set(caller)
        try:
            await self.inner(scope, receive, send)
        finally:
            _caller.reset(token)


def http_app(service: Service) -> tuple[Any, Route]:
    """The MCP session manager (run it in the app's lifespan) and the ``/mcp`` route."""
    server = build(service)
    security = TransportSecuritySettings(enable_dns_rebinding_protection=False)  # API keys guard /mcp instead
    server.streamable_http_app(stateless_http=True, json_response=True, transport_security=security)
    manager = server.session_manager
    return manager, Route(
        "/mcp", _Authenticated(service, StreamableHTTPASGIApp(manager)), methods=["GET", "POST", "DELETE"]
    )


def run_stdio(service: Service, tenant: str = LOCAL_TENANT) -> None:
    """Serve MCP on stdin/stdout as ``tenant`` (blocking); the memory opens and closes with the session."""

    @contextlib.asynccontextmanager
    async def lifespan(_: Any) -> AsyncIterator[None]:
        await service.start()
        try:
            yield
        finally:
            await service.stop()

    _caller.set(Caller(tenant))
    build(service, lifespan).run("stdio")
