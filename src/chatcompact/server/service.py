"""What every route shares: configuration, the open AsyncMemory, the upstream HTTP client, auth,
rate limits, idempotent replays, and the ONE mapping from errors to HTTP responses."""

from __future__ import annotations

import asyncio
import dataclasses
import hashlib
import ipaddress
import logging
import time
from collections import OrderedDict
from collections.abc import Awaitable, Callable, Sequence
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

import orjson
from starlette.requests import ClientDisconnect, Request
from starlette.responses import JSONResponse, Response

from .. import errors as E
from ..config import Policy
from ..runtime.async_memory import AsyncMemory, AsyncThread
from .keys import TENANT_RE, KeyFile, RateLimiter, presented_key, retry_after
from .locks import FileLocks, PostgresLocks, SharedLocks, ThreadLocks
from .replies import BadReply
from .tails import Tails
from .upstream import Upstream, UpstreamError

if TYPE_CHECKING:
    from ..runtime.memory import Thread
    from ..types import Message
    from .tails import Ask

log = logging.getLogger("chatcompact.server")
LOCAL_TENANT = "local"
THREAD_MAX = 150  # leaves room for the "<tenant>/" prefix within the store's 200-character ids
_OFFLOAD_PARSE = 1 << 20  # bodies larger than this are parsed in a worker thread, off the event loop


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
    max_body: int = 4 * 1024 * 1024  # bytes of a request body (413 beyond)
    max_message_chars: int | None = None  # None: Policy.max_message_chars (tool outputs may be larger)
    upstream_timeout: float = 600.0
    header_timeout: float = 10.0  # seconds for a request's line and headers to arrive (then the connection closes)
    body_timeout: float = 30.0  # seconds for a request's whole body to arrive (then 408)
    workers: int = 1  # server processes on the one port (uvicorn workers)
    memory_kw: dict[str, Any] = field(default_factory=dict)  # extra AsyncMemory.open arguments (tests)

    def check(self) -> ServerConfig:
        """Refuse a configuration that could only fail at every request (ConfigError naming the option)."""
        if isinstance(self.budget, bool) or not isinstance(self.budget, int) or self.budget < 64:
            raise E.ConfigError(f"--budget must be an integer of at least 64 tokens, got {self.budget!r}")
        for name in ("max_body", "workers"):
            value = getattr(self, name)
            if isinstance(value, bool) or not isinstance(value, int) or value < 1:
                raise E.ConfigError(f"--{name.replace('_', '-')} must be a positive integer, got {value!r}")
        if self.max_message_chars is not None and (
            isinstance(self.max_message_chars, bool) or not isinstance(self.max_message_chars, int)
        ):
            raise E.ConfigError(f"--max-message-chars must be a positive integer, got {self.max_message_chars!r}")
        for name in ("upstream_timeout", "header_timeout", "body_timeout"):
            value = getattr(self, name)
            if isinstance(value, bool) or not isinstance(value, int | float) or not 0 < value < 1e6:
                raise E.ConfigError(f"--{name.replace('_', '-')} must be a positive number of seconds, got {value!r}")
        if self.rate_per_minute < 0:
            raise E.ConfigError(f"--rate must be 0 (unlimited) or more, got {self.rate_per_minute!r}")
        return self

    def to_json(self) -> bytes:
        """The configuration for worker processes (``--workers``): everything but ``memory_kw``."""
        if self.memory_kw:
            raise E.ConfigError("--workers > 1 cannot pass Memory.open arguments (memory_kw) to its processes")
        return orjson.dumps({k: v for k, v in dataclasses.asdict(self).items() if k != "memory_kw"})

    @classmethod
    def from_json(cls, data: bytes | str) -> ServerConfig:
        return cls(**orjson.loads(data))


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
    (UpstreamError, 502),  # the model server could not be reached
    (BadReply, 502),  # ... or answered with something that cannot be read or stored
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
        if isinstance(exc, BadReply):
            message = f"bad upstream reply: {message}"
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
    """Shared state of one running server process."""

    def __init__(self, config: ServerConfig) -> None:
        self.config = config.check()
        self.keys = KeyFile(config.keys_path)
        self.limiter = RateLimiter(config.rate_per_minute)
        self.mem: AsyncMemory | None = None
        self.upstream: Upstream | None = None
        self.locks = ThreadLocks()
        self.tails = Tails()
        self._replays: OrderedDict[str, tuple[float, int, bytes, str]] = OrderedDict()
        self._known: set[str] = set()
        self._threads: dict[str, AsyncThread] = {}  # stored id -> the AsyncMemory's thread (background jobs see it)
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
        if self.config.max_message_chars is not None:
            kw["policy"] = dataclasses.replace(
                kw.get("policy") or Policy(), max_message_chars=self.config.max_message_chars
            )
        self.mem = await AsyncMemory.open(self.config.store, **kw)
        # the tokenizer loads its vocabulary on first use (1-2 s of CPU): before serving, not in a first request
        await asyncio.to_thread(self.mem.sync.tokenizer.count, "warm up")
        self.locks = ThreadLocks(shared_locks(self.mem.sync.store))
        self.upstream = Upstream(self.config.upstream_timeout)

    async def stop(self) -> None:
        if self._tasks:
            await asyncio.wait(list(self._tasks), timeout=30)
        if self.upstream is not None:
            await self.upstream.close()
        await self.locks.close()
        if self.mem is not None:
            await self.mem.close()

    @property
    def max_message_chars(self) -> int:
        assert self.mem is not None
        return self.mem.sync.policy.max_message_chars

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
        """The JSON object body: within ``max_body`` bytes (413 beyond) and ``body_timeout`` seconds (408),
        valid JSON (400: also for lone surrogates, NaN and nesting deeper than 1024)."""
        limit = self.config.max_body
        declared = request.headers.get("content-length")
        if declared and declared.isdigit() and int(declared) > limit:
            raise HTTPProblem(413, f"request body over {limit} bytes")
        try:
            raw = await asyncio.wait_for(_read(request, limit), self.config.body_timeout)
        except TimeoutError:
            raise HTTPProblem(408, f"request body not received within {self.config.body_timeout:g} s") from None
        except ClientDisconnect:
            raise HTTPProblem(400, "the client went away before sending its whole body") from None
        try:
            out = (
                orjson.loads(raw or b"{}") if len(raw) < _OFFLOAD_PARSE else await asyncio.to_thread(orjson.loads, raw)
            )
        except orjson.JSONDecodeError as exc:
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
        t = await self._register(sid)
        if system is not None and t.sync.system != system:
            t = await self.mem.thread(sid, system)
        return t

    async def _register(self, sid: str) -> AsyncThread:
        """The thread through AsyncMemory (so its background jobs find it), created with the server's budget."""
        assert self.mem is not None
        t = await self.mem.thread(sid, budget=self.config.budget)  # the trigger budget: what the proxy sends
        self._threads[sid] = t
        self._known.add(sid)
        return t

    async def existing_thread(self, caller: Caller, name: str) -> AsyncThread:
        """The caller's thread ``name``; 404 (ThreadNotFound) if this tenant has none by that name."""
        assert self.mem is not None
        sid = self.stored_id(caller, self.check_thread_name(name))
        if sid not in self._known:
            try:  # perhaps another process made it
                await asyncio.to_thread(self.mem.sync.store.thread_info, sid)
            except E.ThreadNotFound:
                raise E.ThreadNotFound(f"no thread {name!r}") from None
            self._known.add(sid)
        storing = self._storing.get(sid)
        if storing is not None:  # read your writes: a reply still being stored lands first
            await asyncio.wait([storing])
        return await self.mem.thread(sid)

    def forgot(self, sid: str) -> None:
        """The thread ``sid`` was deleted: drop what this process cached of it."""
        self._known.discard(sid)
        self._threads.pop(sid, None)
        self.tails.drop(sid)

    async def tenant_threads(self, caller: Caller) -> list[Any]:
        assert self.mem is not None
        prefix = f"{caller.tenant}/"
        return [i for i in await self.mem.threads() if i.id.startswith(prefix)]

    # ------------------------------------------------------------ the proxy's two worker-thread calls
    async def prepare(
        self, sid: str, system: str | None, msgs: Sequence[Any], ask: Ask | None, query: str | None, ttl: float
    ) -> tuple[AsyncThread, Any, Message | None]:
        """Open the thread, store what ``msgs`` holds that it does not, and assemble the context ``ask`` wants:
        one call in a worker thread (the first request of a thread in this process takes one more). The third
        value is the stored reply when the request was already answered (see :meth:`Tails.store_new`)."""
        assert self.mem is not None
        t = self._threads.get(sid) or await self._register(sid)
        mem = self.mem.sync

        def run() -> tuple[Thread, Any, Message | None]:
            sync = mem.thread(sid, budget=self.config.budget)  # no write unless it changed
            if system is not None and sync.system != system:
                sync = mem.thread(sid, system)
            try:
                answer = self.tails.store_new(sync, mem.store, sid, msgs, ttl)
            except E.StoreError:
                self.tails.drop(sid)  # e.g. deleted by another process: start again from the store
                raise
            if ask is None or answer is not None:
                return sync, None, answer
            context = sync.context(ask.budget, query=query, tools=ask.tools, format=ask.format)  # type: ignore[call-overload]
            return sync, context, None

        sync, context, answer = await asyncio.to_thread(run)
        if sync is not t.sync:  # the Memory made the thread afresh (deleted meanwhile): wrap the new one
            t = await self._register(sid)
        return t, context, answer

    async def store_reply(self, thread: AsyncThread, sid: str, message: dict[str, Any]) -> None:
        """Append the upstream's reply (already checked) and note it in the diff cache."""

        def run() -> None:
            stored = thread.sync.add(message)
            self.tails.stored(sid, stored.seq or 0, message)

        await asyncio.to_thread(run)

    # ------------------------------------------------------------ idempotent replays
    def replay_key(self, caller: Caller, thread: str, request: Request) -> str:
        """Idempotency-Key header if sent, else the hash of the exact body."""
        given = request.headers.get("idempotency-key")
        basis = f"key:{given}" if given else "body:" + hashlib.sha256(request.state.raw_body).hexdigest()
        return f"{caller.tenant}/{thread}\x00{request.scope['path']}\x00{basis}"

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


async def _read(request: Request, limit: int) -> bytes:
    chunks: list[bytes] = []
    size = 0
    async for chunk in request.stream():
        size += len(chunk)
        if size > limit:
            raise HTTPProblem(413, f"request body over {limit} bytes")
        chunks.append(chunk)
    return b"".join(chunks)


def shared_locks(store: Any) -> SharedLocks | None:
    """The lock other processes on this store see: a Postgres store's database, a SQLite file's ``.locks`` file
    (an in-memory store has no other process)."""
    url = getattr(store, "url", None)
    if isinstance(url, str) and url.startswith(("postgresql://", "postgres://")):
        return PostgresLocks(url)
    path = getattr(store, "path", None)
    if isinstance(path, str) and path and path != ":memory:":
        return FileLocks(path + ".locks")
    return None


Handler = Callable[[Request, Caller], Awaitable[Response]]


def endpoint(service: Service, fn: Handler, anthropic: bool = False) -> Callable[[Request], Awaitable[Response]]:
    """Wrap a route: authenticate, then run it; every error goes through :func:`error_response`."""

    async def route(request: Request) -> Response:
        request.state.started = time.perf_counter()  # for the Server-Timing header of proxied answers
        try:
            return await fn(request, service.authenticate(request))
        except (E.ChatcompactError, HTTPProblem, BadReply) as exc:
            return error_response(exc, anthropic)
        except Exception as exc:  # a bug of ours: logged with its traceback, answered in the vendor's shape
            log.exception("%s %s failed", request.method, request.url.path)
            return error_response(
                HTTPProblem(500, f"internal error ({type(exc).__name__})", kind="api_error"), anthropic
            )

    return route


def valid_tenant(name: str) -> bool:
    return bool(TENANT_RE.match(name))
