"""One proxied request's hold on its thread, as an ``async with`` block.

    async with Turn(svc, request, caller, body, system, msgs, ask=Ask(budget, query)) as turn:
        if turn.replayed is not None:
            return turn.replayed            # a retry of a delivered request: its stored answer, nothing stored
        ... forward turn.context upstream ...
        turn.finish(reply, status, body, media)   # the reply is stored after the answer goes out

Entering takes the thread's lock (this process and, on a shared store, every other ``serve`` process: see
:mod:`chatcompact.server.locks`), then, in ONE worker-thread call, opens the thread, stores what the request
holds that the thread does not (matched against a cached tail, :func:`chatcompact.server.wire.new_messages`)
and assembles the context asked for. Leaving releases the lock unless :meth:`Turn.finish` (or a stream) took
it over: then the lock is released once the reply is stored, so the conversation's next request sees it.
"""

from __future__ import annotations

import asyncio
import logging
import time
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

from starlette.requests import Request
from starlette.responses import Response

from . import replay, wire
from .replies import Vendor
from .tails import Ask

if TYPE_CHECKING:
    from ..runtime.async_memory import AsyncThread
    from .locks import Hold
    from .service import Caller, Service

log = logging.getLogger("chatcompact.server")
THREAD_HEADER = "x-chatcompact-thread"
_METADATA_KEYS = ("chatcompact_thread", "thread_id", "thread", "conversation_id", "user_id")
REPLAY_TTL = 600.0  # seconds a delivered answer is given back for a retry of its request


def thread_name(
    request: Request, body: Mapping[str, Any], system: str | None, msgs: Sequence[Any], named: str | None
) -> str:
    """Header, then ``user``, then ``metadata``, then a compaction token, then the first-turn hash."""
    header = request.headers.get(THREAD_HEADER)
    if header:
        return header
    user = body.get("user")
    if isinstance(user, str) and user:
        return user
    meta = body.get("metadata")
    if isinstance(meta, Mapping):
        for key in _METADATA_KEYS:
            value = meta.get(key)
            if isinstance(value, str) and value:
                return value
    return named or wire.auto_thread_id(system, msgs)


class Turn:
    """A proxied request's hold on its thread (see the module docstring)."""

    def __init__(
        self,
        svc: Service,
        request: Request,
        caller: Caller,
        body: Mapping[str, Any],
        system: str | None,
        msgs: Sequence[Any],
        named: str | None = None,
        ask: Ask | None = None,
        kind: Vendor | None = None,
    ) -> None:
        self.svc, self.caller = svc, caller
        self.name = svc.check_thread_name(thread_name(request, body, system, msgs, named))
        self.sid = svc.stored_id(caller, self.name)
        self.key = svc.replay_key(caller, self.name, request)
        self.query = wire.latest_user_text(msgs)
        self.started: float = getattr(request.state, "started", time.perf_counter())
        self.replayed: Response | None = None
        self.context: Any = None
        self._args = (system, msgs, ask)
        self._kind, self._body = kind, body
        self._hold: Hold | None = None
        self._kept = False
        self.thread: AsyncThread

    async def __aenter__(self) -> Turn:
        self._hold = await self.svc.locks.acquire(self.sid)
        work = asyncio.ensure_future(self._open())
        try:
            await asyncio.shield(work)
        except asyncio.CancelledError:  # the store work in its worker thread goes on: hold the thread until done
            work.add_done_callback(self._release_after)
            raise
        except BaseException:
            await self.release()
            raise
        return self

    async def _open(self) -> None:
        self.replayed = self.svc.replay(self.key)
        if self.replayed is None:
            system, msgs, ask = self._args
            ttl = REPLAY_TTL if self._kind is not None else 0.0  # only a forwarding route has an answer to replay
            self.thread, self.context, answer = await self.svc.prepare(self.sid, system, msgs, ask, self.query, ttl)
            if answer is not None and self._kind is not None:
                self.replayed = replay.answer(self._kind, answer, self._body)

    def _release_after(self, work: asyncio.Future[None]) -> None:
        if not work.cancelled() and work.exception() is not None:
            log.debug("thread %s: a cancelled request's store work failed: %r", self.name, work.exception())
        self.svc.spawn(self.release())

    async def __aexit__(self, *exc: object) -> None:
        if not self._kept:
            await self.release()

    async def release(self) -> None:
        """Let the conversation's next request in (once)."""
        hold, self._hold = self._hold, None
        if hold is not None:
            await hold.release()

    def keep(self) -> None:
        """The lock outlives the block: a stream or :meth:`finish` releases it."""
        self._kept = True

    def timing(self, upstream: float | None) -> dict[str, str]:
        """``Server-Timing``: the proxy's own time (``proxy``) apart from the wait for the upstream."""
        total = (time.perf_counter() - self.started) * 1000
        if upstream is None:  # a stream: only the time before the upstream's first byte is known
            return {"Server-Timing": f"proxy;dur={total:.2f}"}
        return {"Server-Timing": f"proxy;dur={total - upstream * 1000:.2f}, upstream;dur={upstream * 1000:.2f}"}

    def finish(self, message: dict[str, Any] | None, status: int, body: bytes, media: str) -> None:
        """Store the (already checked) reply after the answer went out, then release the thread: the
        conversation's next request, and REST reads of it, wait for this."""
        self.keep()

        async def run() -> None:
            try:
                if message is not None:
                    await self.svc.store_reply(self.thread, self.sid, message)
                self.svc.remember(self.key, status, body, media)
            except Exception:  # the client has its answer; its next request stores the reply from its history
                log.exception("could not store the reply on thread %s", self.name)
            finally:
                await self.release()

        self.svc.spawn(run(), self.sid)
