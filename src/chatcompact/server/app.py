"""The Starlette application: routes wired to their adapters, the service started in the lifespan."""

from __future__ import annotations

import contextlib
from collections.abc import AsyncIterator
from typing import Any

from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.routing import Route

from . import dashboard_api, erasure, openapi, proxy, rest
from .service import Caller, ServerConfig, Service, endpoint, error_response

CONFIG_ENV = "CHATCOMPACT_SERVE_CONFIG"  # the ServerConfig of ``serve --workers N`` processes, as JSON


async def _health(request: Request) -> Response:
    return JSONResponse({"ok": True})


async def _openapi(request: Request) -> Response:
    return JSONResponse(openapi.document())


async def _whoami(request: Request, caller: Caller) -> Response:
    return JSONResponse({"tenant": caller.tenant})


def create_app(config: ServerConfig | None = None, *, mcp: bool = True) -> Starlette:
    """The ASGI app for ``config`` (opens the memory on startup, closes it on shutdown)."""
    service = Service(config or ServerConfig())
    routes: list[Any] = [
        Route("/health", _health),
        Route("/openapi.json", _openapi),
        *dashboard_api.routes(service),  # the page, its sign-in and its read routes
        Route("/v1/whoami", endpoint(service, _whoami)),
        Route("/v1/chat/completions", endpoint(service, proxy.chat_completions), methods=["POST"]),
        Route("/v1/responses", endpoint(service, proxy.responses), methods=["POST"]),
        Route("/v1/responses/compact", endpoint(service, proxy.responses_compact), methods=["POST"]),
        Route("/v1/messages", endpoint(service, proxy.messages, anthropic=True), methods=["POST"]),
    ]
    routes += [Route(path, endpoint(service, fn), methods=[method]) for path, method, fn in rest.ROUTES]
    routes += [Route(path, endpoint(service, fn), methods=[method]) for path, method, fn in erasure.ROUTES]
    mcp_app = None
    if mcp:
        from .mcp_tools import http_app

        mcp_app, mount = http_app(service)
        routes.append(mount)

    @contextlib.asynccontextmanager
    async def lifespan(app: Starlette) -> AsyncIterator[None]:
        await service.start()
        try:
            if mcp_app is not None:
                async with mcp_app.run():
                    yield
            else:
                yield
        finally:
            await service.stop()

    async def not_found(request: Request, exc: Exception) -> Response:
        from .service import HTTPProblem

        return error_response(HTTPProblem(404, f"no route {request.method} {request.url.path}"))

    async def not_allowed(request: Request, exc: Exception) -> Response:
        from .service import HTTPProblem

        return error_response(HTTPProblem(405, f"method {request.method} not allowed on {request.url.path}"))

    app = Starlette(routes=routes, lifespan=lifespan, exception_handlers={404: not_found, 405: not_allowed})
    app.state.service = service
    return app


def from_environment() -> Starlette:
    """The app of one ``serve --workers N`` process (uvicorn's factory): its configuration from the environment."""
    import os

    return create_app(ServerConfig.from_json(os.environ[CONFIG_ENV]))
