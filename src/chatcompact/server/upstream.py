"""The proxy's client for the model servers it forwards to (aiohttp: about a quarter of httpx's CPU per request).

One :class:`Upstream` per server process, opened in the app's lifespan. A request that cannot reach the
model server (refused, reset, timed out) raises :class:`UpstreamError`, which the server answers with 502;
a reply it can reach but cannot read is the proxy's to judge (see :mod:`chatcompact.server.replies`).
"""

from __future__ import annotations

from collections.abc import AsyncIterator, Mapping
from dataclasses import dataclass
from typing import Any

import aiohttp
import orjson

from ..errors import ChatcompactError

__all__ = ["Reply", "Upstream", "UpstreamError", "dumps"]


class UpstreamError(ChatcompactError):
    """The model server could not be reached, or broke the connection (HTTP 502)."""


def dumps(payload: Any) -> bytes:
    """A request body as JSON bytes (orjson: the upstream request is built on every proxied call)."""
    return orjson.dumps(payload)


@dataclass
class Reply:
    """An upstream response whose status and headers arrived; its body is read (or streamed) afterwards."""

    status: int
    headers: Mapping[str, str]
    _resp: aiohttp.ClientResponse

    @property
    def media(self) -> str:
        return self.headers.get("content-type", "application/json")

    async def read(self, limit: int) -> bytes:
        """The whole body (at most ``limit`` bytes: beyond it, UpstreamError)."""
        out = bytearray()
        async for chunk in self.chunks():
            out += chunk
            if len(out) > limit:
                raise UpstreamError(f"upstream reply over {limit} bytes")
        return bytes(out)

    async def chunks(self) -> AsyncIterator[bytes]:
        """The body as it arrives; a broken connection is an UpstreamError."""
        try:
            async for chunk in self._resp.content.iter_any():
                yield chunk
        except (TimeoutError, aiohttp.ClientError) as exc:
            raise UpstreamError(f"upstream broke off its reply: {exc!r}") from None

    def close(self) -> None:
        self._resp.release()


class Upstream:
    """A pooled HTTP client for the model servers (keep-alive, a total timeout per request)."""

    def __init__(self, timeout: float) -> None:
        self._timeout = aiohttp.ClientTimeout(total=timeout, sock_connect=min(timeout, 30.0))
        self._session: aiohttp.ClientSession | None = None

    def _open(self) -> aiohttp.ClientSession:
        if self._session is None:  # created on the running loop (aiohttp binds to it)
            connector = aiohttp.TCPConnector(limit=1000, keepalive_timeout=60, ttl_dns_cache=300)
            self._session = aiohttp.ClientSession(connector=connector, timeout=self._timeout, cookie_jar=_NoCookies())
        return self._session

    async def post(self, url: str, body: bytes, headers: Mapping[str, str]) -> Reply:
        """POST ``body`` (JSON bytes); returns once the status line and headers arrived."""
        sent = {"content-type": "application/json", **headers}
        try:
            resp = await self._open().post(url, data=body, headers=sent)
        except (TimeoutError, aiohttp.ClientError, ValueError) as exc:
            raise UpstreamError(f"upstream unreachable: {exc!r}") from None
        return Reply(resp.status, {k.lower(): v for k, v in resp.headers.items()}, resp)

    async def close(self) -> None:
        if self._session is not None:
            await self._session.close()
            self._session = None


class _NoCookies(aiohttp.DummyCookieJar):
    """A proxy serving many tenants keeps no cookies between them."""
