"""What every route shares: configuration, the open AsyncMemory, the upstream HTTP client, auth,
rate limits, idempotent replays, and the ONE mapping from errors to HTTP responses."""

from __future__ import annotations

import asyncio
import hashlib
import ipaddress
import json
import time
import weakref
from collections import OrderedDict
from collections.abc import Awaitable, Callable
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from typing import Any

import httpx
from starlette.requests import Request
from starlette.responses import JSONResponse, Response

from .. import errors as E
from ..runtime.async_memory import AsyncMemory, AsyncThread
from .keys import TENANT_RE, KeyFile, RateLimiter, presented_key, retry_after

LOCAL_TENANT = "local"
THREAD_MAX = 150  # leaves room for the "<tenant>/" prefix within the store's 200-character ids


@dataclass
class ServerConfig:
    """How ``chatcompact serve`` runs (every field has a CLI option of the same name)."""

    store: str | None = None  # None: ./.chatcompact/memory.db (or CHATCOMPACT_STORE)
    upstream: str | None = None  # OpenAI-compatible base URL, e.g. http://127.0.0.1:8080/v1
    upstream_key: str | None = None
    anthropic_upstream: str | None = None  # Anthropic-shaped base URL; None: /v1/messages goes to `upstream`
    anthropic_key: str | None = None
    budget: int = 8000
    summarizer: str | None = None
    auth: bool = True
    keys_path: str = ".chatcompact/keys.json"
    rate_per_minute: int = 600
    max_body: int = 4 * 1024 * 1024
    upstream_timeout: float = 600.0
    memory_kw: dict[str, Any] = field(default_factory=dict)  # extra AsyncMemory.open arguments (tests)


class HTTPProblem(Exception):
    """An HTTP error the server decides on itself (auth, limits, routing)."""

    def __init__(self, status: int, message: str, headers: dict[str, str] | None = None, kind: str = "") -> None:
        self.status, self.message, self.headers = status, message, headers or {}
        self.kind = kind or {401: "authentication_error", 404: "not_found_error", 413: "request_too_large"}.get(
            status, "rate_limit_error" if status == 429 else "invalid_request_error"
        )
        super().__init__(message)


_STATUS: list[tuple[type[BaseException], int]] = [
    (E.ThreadNotFound, 404),
    (E.VersionNotFound, 404),
    (E.NodeNotFound, 404),
    (E.VersionConflict, 409),
    (E.BudgetTooSmall, 400),
    (E.InvalidMessage, 400),
    (E.InvalidSequence, 400),
    (E.ConfigError, 400),
    (E.InvalidArgument, 400),  # InvalidBudget, InvalidType, a bad recall/query argument
    (E.MissingDependency, 501),
    (E.SummarizerError, 502),
    (httpx.HTTPError, 502),  # the upstream could not be reached
]


def error_response(exc: BaseException, anthropic: bool = False) -> Response:
    """The one place errors become HTTP responses (OpenAI's error shape, or Anthropic's on /v1/messages)."""
    if isinstance(exc, HTTPProblem):
        status, message, headers, kind = exc.status, exc.message, exc.headers, exc.kind
    else:
        status = next((s for t, s in _STATUS if isinstance(exc, t)), 500)
        message, headers = str(exc) or type(exc).__name__, {}
        kind = "not_found_error" if status == 404 else "api_error" if status >= 500 else "invalid_request_error"
        if isinstance(exc, E.SummarizerError) and exc.retryable:
            status = 503
        if isinstance(exc, httpx.HTTPError):
            message = f"upstream unreachable: {exc}"
    if anthropic:
        return JSONResponse({"type": "error", "error": {"type": kind, "message": message}}, status, headers)
    return JSONResponse({"error": {"message": message, "type": kind, "param": None, "code": None}}, status, headers)


@dataclass
class Caller:
    """Who is calling: the tenant and (with auth on) the key id."""

    tenant: str
    key_id: str | None = None


def is_loopback(host: str) -> bool:
    if host in ("localhost", ""):
        return True
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return False


class Service:
    """Shared state of one running server."""

    def __init__(self, config: ServerConfig) -> None:
        self.config = config
        self.keys = KeyFile(config.keys_path)
        self.limiter = RateLimiter(config.rate_per_minute)
        self.mem: AsyncMemory | None = None
        self.http: httpx.AsyncClient | None = None
        self._locks: weakref.WeakValueDictionary[str, asyncio.Lock] = weakref.WeakValueDictionary()
        self._replays: OrderedDict[str, tuple[float, int, bytes, str]] = OrderedDict()
        self._known: set[str] = set()
        self.tails: dict[str, tuple[int, list[dict[str, Any]]]] = {}  # thread -> (last seq, canonical tail)
        self._tasks: set[asyncio.Task[Any]] = set()
        self._storing: dict[str, asyncio.Task[Any]] = {}

    def spawn(self, coro: Any, thread: str | None = None) -> None:
        """Run ``coro`` as a task the service keeps (and awaits on shutdown); with ``thread``, reads of that
        thread wait for it (a reply being stored)."""
        task = asyncio.get_running_loop().create_task(coro)
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)
        if thread is not None:
            self._storing[thread] = task
            task.add_done_callback(
                lambda t: self._storing.pop(thread, None) if self._storing.get(thread) is t else None
            )

    async def start(self) -> None:
        # store and tokenizer calls run in worker threads: enough of them for many concurrent conversations
        asyncio.get_running_loop().set_default_executor(ThreadPoolExecutor(32, thread_name_prefix="chatcompact"))
        kw = dict(self.config.memory_kw)
        if self.config.summarizer:
            kw["summarizer"] = self.config.summarizer
        self.mem = await AsyncMemory.open(self.config.store, **kw)
        limits = httpx.Limits(max_connections=1000, max_keepalive_connections=200)
        self.http = httpx.AsyncClient(timeout=self.config.upstream_timeout, limits=limits)

    async def stop(self) -> None:
        if self._tasks:
            await asyncio.wait(list(self._tasks), timeout=30)
        if self.http is not None:
            await self.http.aclose()
        if self.mem is not None:
            await self.mem.close()

    # ------------------------------------------------------------ callers
    def authenticate(self, request: Request) -> Caller:
        """The caller's tenant; 401 for a missing/unknown/revoked key, 429 over its rate."""
        if not self.config.auth:
            return Caller(LOCAL_TENANT)
        record = self.keys.check(presented_key(request.headers) or "")
        if record is None:
            raise HTTPProblem(401, "missing or invalid API key (Authorization: Bearer cc_... or x-api-key)")
        wait = self.limiter.take(record.id, record.rate_per_minute)
        if wait:
            raise HTTPProblem(429, "rate limit exceeded for this key", {"Retry-After": retry_after(wait)})
        return Caller(record.tenant, record.id)

    async def body(self, request: Request) -> dict[str, Any]:
        """The JSON object body, within ``max_body`` bytes (413 beyond it, 400 if not a JSON object)."""
        declared = request.headers.get("content-length")
        if declared and declared.isdigit() and int(declared) > self.config.max_body:
            raise HTTPProblem(413, f"request body over {self.config.max_body} bytes")
        raw = b""
        async for chunk in request.stream():
            raw += chunk
            if len(raw) > self.config.max_body:
                raise HTTPProblem(413, f"request body over {self.config.max_body} bytes")
        try:
            out = json.loads(raw or b"{}")
        except ValueError as exc:
            raise HTTPProblem(400, f"body is not valid JSON: {exc}") from None
        if not isinstance(out, dict):
            raise HTTPProblem(400, "body must be a JSON object")
        request.state.raw_body = raw
        return out

    # ------------------------------------------------------------ threads
    @staticmethod
    def check_thread_name(name: Any) -> str:
        if not isinstance(name, str) or not name.strip() or len(name) > THREAD_MAX or "\x00" in name:
            raise HTTPProblem(400, f"thread id must be a non-empty string of at most {THREAD_MAX} characters")
        return name

    @staticmethod
    def stored_id(caller: Caller, name: str) -> str:
        return f"{caller.tenant}/{name}"

    async def open_thread(self, caller: Caller, name: str, system: str | None = None) -> AsyncThread:
        """Get or create the caller's thread ``name``; the system prompt is written only when it changed."""
        assert self.mem is not None
        sid = self.stored_id(caller, self.check_thread_name(name))
        t = await self.mem.thread(sid, budget=self.config.budget)  # the trigger budget: what the proxy sends
        if system is not None and t.sync.system != system:
            t = await self.mem.thread(sid, system)
        self._known.add(sid)
        return t

    async def existing_thread(self, caller: Caller, name: str) -> AsyncThread:
        """The caller's thread ``name``; 404 (ThreadNotFound) if this tenant has none by that name."""
        assert self.mem is not None
        sid = self.stored_id(caller, self.check_thread_name(name))
        if sid not in self._known:
            self._known.update(i.id for i in await self.mem.threads())
            if sid not in self._known:
                raise E.ThreadNotFound(f"no thread {name!r}")
        storing = self._storing.get(sid)
        if storing is not None:  # read your writes: a reply still being stored lands first
            await asyncio.wait([storing])
        return await self.mem.thread(sid)

    async def tenant_threads(self, caller: Caller) -> list[Any]:
        assert self.mem is not None
        prefix = f"{caller.tenant}/"
        return [i for i in await self.mem.threads() if i.id.startswith(prefix)]

    def lock(self, key: str) -> asyncio.Lock:
        """One lock per thread: a conversation's requests run one at a time (retries wait, then replay)."""
        lock = self._locks.get(key)
        if lock is None:
            lock = self._locks[key] = asyncio.Lock()
        return lock

    # ------------------------------------------------------------ idempotent replays
    def replay_key(self, caller: Caller, thread: str, request: Request) -> str:
        """Idempotency-Key header if sent, else the hash of the exact body."""
        given = request.headers.get("idempotency-key")
        basis = f"key:{given}" if given else "body:" + hashlib.sha256(request.state.raw_body).hexdigest()
        return f"{caller.tenant}/{thread}\x00{request.url.path}\x00{basis}"

    def replay(self, key: str, ttl: float = 600.0) -> Response | None:
        hit = self._replays.get(key)
        if hit is None or time.monotonic() - hit[0] > ttl:
            return None
        _, status, body, media = hit
        return Response(body, status, media_type=media, headers={"X-Chatcompact-Replayed": "true"})

    def remember(self, key: str, status: int, body: bytes, media: str) -> None:
        if len(body) > 1 << 20:
            return
        self._replays[key] = (time.monotonic(), status, body, media)
        while len(self._replays) > 2048:
            self._replays.popitem(last=False)


Handler = Callable[[Request, Caller], Awaitable[Response]]


def endpoint(service: Service, fn: Handler, anthropic: bool = False) -> Callable[[Request], Awaitable[Response]]:
    """Wrap a route: authenticate, then run it; every error goes through :func:`error_response`."""

    async def route(request: Request) -> Response:
        request.state.started = time.perf_counter()  # for the Server-Timing header of proxied answers
        try:
            return await fn(request, service.authenticate(request))
        except (E.ChatcompactError, HTTPProblem, httpx.HTTPError) as exc:
            return error_response(exc, anthropic)

    return route


def valid_tenant(name: str) -> bool:
    return bool(TENANT_RE.match(name))
